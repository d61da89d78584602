//! `pigkill-generators`: seeded generators of valid 猪国杀 games that end.
//!
//! - [`generate`] turns a [`Profile`] and a `u64` seed into a valid game
//!   (2 to 10 pigs, pig 1 the only lord, at least one rebel, 1 to 2000
//!   deck cards) in a few microseconds. The same seed gives the same game
//!   on every machine and release: the choices come from ChaCha8 keyed by
//!   SplitMix64 of the seed, through this crate's own integer sampling.
//! - [`generate_ending`] runs such games through an [`Engine`] and
//!   regenerates, from derived seeds, those that do not end; it says how
//!   many it rejected.
//! - [`game_seed`] gives game `i` of a run its own seed, so that any game
//!   of a run can be made again alone.
//! - [`ArbitraryGame`] and [`EdgeCaseGame`] turn fuzz bytes into valid
//!   games; [`any_game`] and [`game_from`] are proptest strategies with a
//!   shrinker that removes pigs and deck cards.

mod arbitrary;
mod profile;
mod prop;
mod rng;
mod shape;

use std::fmt;

use pigkill_engine::{Budget, Engine, Game, Outcome, RunError};

pub use crate::arbitrary::{ArbitraryGame, EdgeCaseGame};
pub use crate::profile::{Profile, UnknownProfile};
pub use crate::prop::{any_game, game_from, GameStrategy, GameTree};
pub use crate::rng::splitmix64;
pub use crate::shape::Steer;

use crate::rng::Rng;

/// The most games [`generate_ending`] tries for one seed before it gives up.
pub const MAX_ATTEMPTS: u32 = 1000;

/// The seed of game `index` (from 0) of a run started with `run_seed`: the
/// `index`-th output of SplitMix64 from `run_seed`, so that game `index`
/// can be regenerated without the games before it.
pub const fn game_seed(run_seed: u64, index: u64) -> u64 {
    splitmix64(run_seed, index)
}

/// The seed of the `attempt`-th retry (from 1) of a game whose seed made a
/// game that does not end. Attempt 0 is the seed itself.
pub const fn retry_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        seed
    } else {
        // A different salt than game_seed, so that retries of one game do
        // not walk along the games of a run started at its seed.
        splitmix64(seed ^ 0x5245_5452_5950_4947, attempt as u64)
    }
}

/// A game of `profile` for `seed`, valid and with at least one rebel, but
/// not known to end (see [`generate_ending`]).
///
/// Deterministic: the same profile and seed give the same game everywhere.
pub fn generate(profile: Profile, seed: u64) -> Game {
    generate_steered(profile, seed, Steer::NONE)
}

/// A game of `profile` for `seed` with the profile's shape nudged by
/// `steer` (more of some cards, fewer pigs, a shorter deck): for games
/// aimed at a situation. [`Steer::NONE`] gives [`generate`]'s game.
pub fn generate_steered(profile: Profile, seed: u64, steer: Steer) -> Game {
    let mut rng = Rng::new(seed);
    let mut shape = profile.shape(&mut rng);
    steer.apply(&mut shape);
    shape.build(&mut rng)
}

/// A generated game that ends, with its outcome on the engine that checked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The game.
    pub game: Game,
    /// Its outcome on the engine given to [`generate_ending`].
    pub outcome: Outcome,
    /// The seed that [`generate`] turns into this game: the requested seed,
    /// or the [`retry_seed`] of the last attempt.
    pub seed: u64,
    /// How many games were generated and rejected (they did not end)
    /// before this one.
    pub rejected: u32,
}

impl Generated {
    /// How many games were generated in all for this one (`rejected + 1`).
    pub fn attempts(&self) -> u32 {
        self.rejected + 1
    }
}

/// Why [`generate_ending`] found no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The engine failed on a game (not [`RunError::DidNotEnd`]).
    Engine {
        /// The seed of the game it failed on.
        seed: u64,
        /// The game.
        game: Game,
        /// What the engine said.
        error: RunError,
    },
    /// [`MAX_ATTEMPTS`] games in a row did not end.
    TooManyRejections {
        /// The requested seed.
        seed: u64,
        /// How many games were tried.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Engine { seed, error, .. } => {
                write!(f, "the engine failed on the game of seed {seed}: {error}")
            }
            GenerateError::TooManyRejections { seed, attempts } => write!(
                f,
                "no game that ends in {attempts} attempts from seed {seed}"
            ),
        }
    }
}

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Engine { error, .. } => Some(error),
            GenerateError::TooManyRejections { .. } => None,
        }
    }
}

/// A game of `profile` for `seed` that ends on `engine` within the default
/// [`Budget`]: games that do not end are regenerated from
/// [`retry_seed`]`(seed, 1)`, `(seed, 2)`, ... and never returned.
///
/// # Errors
///
/// [`GenerateError::Engine`] when the engine fails otherwise than by a
/// game that does not end, [`GenerateError::TooManyRejections`] after
/// [`MAX_ATTEMPTS`] games that do not end.
pub fn generate_ending(
    profile: Profile,
    seed: u64,
    engine: &(impl Engine + ?Sized),
) -> Result<Generated, GenerateError> {
    generate_ending_within(profile, seed, engine, Budget::default())
}

/// [`generate_ending`] with an explicit budget for each run.
///
/// # Errors
///
/// As [`generate_ending`].
pub fn generate_ending_within(
    profile: Profile,
    seed: u64,
    engine: &(impl Engine + ?Sized),
    budget: Budget,
) -> Result<Generated, GenerateError> {
    generate_ending_steered(profile, seed, Steer::NONE, engine, budget)
}

/// [`generate_ending_within`] for games nudged by `steer` (see
/// [`generate_steered`]).
///
/// # Errors
///
/// As [`generate_ending`].
pub fn generate_ending_steered(
    profile: Profile,
    seed: u64,
    steer: Steer,
    engine: &(impl Engine + ?Sized),
    budget: Budget,
) -> Result<Generated, GenerateError> {
    for attempt in 0..MAX_ATTEMPTS {
        let this_seed = retry_seed(seed, attempt);
        let game = generate_steered(profile, this_seed, steer);
        match engine.run(&game, budget) {
            Ok(outcome) => {
                return Ok(Generated {
                    game,
                    outcome,
                    seed: this_seed,
                    rejected: attempt,
                })
            }
            Err(RunError::DidNotEnd { .. }) => {}
            Err(error) => {
                return Err(GenerateError::Engine {
                    seed: this_seed,
                    game,
                    error,
                })
            }
        }
    }
    Err(GenerateError::TooManyRejections {
        seed,
        attempts: MAX_ATTEMPTS,
    })
}
