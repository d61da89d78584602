//! The turn cap is a safety net only: over many generated games of every
//! profile, the longest game that ends is far below it, and every game that
//! does not end is caught by the quiet or repeated round rule, never by the
//! cap. This is the measurement `pigkill_engine::run::DEFAULT_MAX_TURNS`
//! cites.

use pigkill::engines::EngineName;
use pigkill::shrink::divergence::turns;
use pigkill_engine::{Budget, RunError, Stall, DEFAULT_MAX_TURNS};
use pigkill_generators::{game_seed, generate, Profile};

#[test]
fn no_game_reaches_the_turn_cap_and_ending_games_are_far_below_it() {
    let mut longest = (0, String::new());
    let mut stalls = 0;
    for profile in Profile::ALL {
        for index in 0..3_000 {
            let game = generate(profile, game_seed(31, index));
            for engine in EngineName::ALL {
                let mut events = Vec::new();
                match engine
                    .engine()
                    .run_traced(&game, Budget::default(), &mut events)
                {
                    Ok(_) => {
                        let length = turns(&events);
                        if length > longest.0 {
                            longest = (length, format!("{} game {index}", profile.name()));
                        }
                    }
                    Err(RunError::DidNotEnd { stall, turns }) => {
                        assert_ne!(
                            stall,
                            Stall::TurnCap,
                            "{engine:?} hit the cap after {turns} turns:\n{}",
                            game.to_text()
                        );
                        stalls += 1;
                    }
                    Err(other) => panic!("{engine:?}: {other}"),
                }
            }
        }
    }
    println!(
        "longest ending game: {} turns ({}); {stalls} runs stalled",
        longest.0, longest.1
    );
    assert!(
        stalls > 0,
        "the sample should contain games that do not end"
    );
    assert!(
        longest.0 * 5 < DEFAULT_MAX_TURNS,
        "the longest ending game ({} turns, {}) is too close to the cap {DEFAULT_MAX_TURNS}",
        longest.0,
        longest.1
    );
}
