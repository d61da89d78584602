//! Prints a game's trace on both engines: `trace FILE`.
use pigkill_engine::{parse_game, Budget, Engine, StrategyEngine};
use pigkill_reference::ReferenceEngine;
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let game = parse_game(&std::fs::read_to_string(path).expect("readable")).expect("a game");
    for engine in [&StrategyEngine as &dyn Engine, &ReferenceEngine] {
        let mut events = Vec::new();
        let outcome = engine.run_traced(&game, Budget::default(), &mut events);
        println!("== {}", engine.name());
        for e in &events {
            println!("  {e}");
        }
        println!("{outcome:?}");
    }
}
