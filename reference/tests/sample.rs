//! The problem's sample, byte for byte.

use pigkill_engine::{parse_game, Budget, Engine};
use pigkill_reference::ReferenceEngine;

const SAMPLE_IN: &str = "3 10
MP D D F F
ZP N N N D
FP J J J J
F F D D J J F F K D
";

const SAMPLE_OUT: &str = "FP
DEAD
DEAD
J J J J J J D
";

#[test]
fn sample_output_matches_byte_for_byte() {
    let game = parse_game(SAMPLE_IN).expect("the sample parses");
    let outcome = ReferenceEngine
        .run(&game, Budget::default())
        .expect("the sample ends");
    assert_eq!(outcome.to_judge_text(), SAMPLE_OUT);
}

#[test]
fn sample_traced_gives_the_same_outcome() {
    let game = parse_game(SAMPLE_IN).expect("the sample parses");
    let mut events = Vec::new();
    let outcome = ReferenceEngine
        .run_traced(&game, Budget::default(), &mut events)
        .expect("the sample ends");
    assert_eq!(outcome.to_judge_text(), SAMPLE_OUT);
    assert_eq!(
        events.last().map(|e| e.to_string()).as_deref(),
        Some("game over: FP wins")
    );
}
