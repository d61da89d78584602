//! The engines the harness knows by name, for the command line and for
//! tests that want "every engine".

use clap::ValueEnum;
use pigkill_engine::{Engine, StrategyEngine};
use pigkill_reference::ReferenceEngine;

/// An engine chosen by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum EngineName {
    /// The trait-per-role strategy engine (`pigkill-engine`).
    Strategy,
    /// The array-based reference engine (`pigkill-reference`).
    Reference,
}

impl EngineName {
    /// Every engine, the strategy engine first.
    pub const ALL: [EngineName; 2] = [EngineName::Strategy, EngineName::Reference];

    /// The engine itself.
    pub fn engine(self) -> &'static dyn Engine {
        match self {
            EngineName::Strategy => &StrategyEngine,
            EngineName::Reference => &ReferenceEngine,
        }
    }
}

/// The two engines that the differential runner compares: strategy, reference.
pub fn pair() -> [&'static dyn Engine; 2] {
    [&StrategyEngine, &ReferenceEngine]
}
