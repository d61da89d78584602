//! The bodies of the cargo-fuzz targets, as plain functions, so that
//! `cargo test` runs them on stable Rust (on random byte strings and on
//! every fixture) and `fuzz/` only wraps them in `fuzz_target!`.
//!
//! Each body panics when it finds a bug: that is how libFuzzer recognises
//! a crash. A crash's input is turned into a fixture with `pigkill shrink`.

use arbitrary::{Arbitrary, Unstructured};
use pigkill_engine::validate::validate_game;
use pigkill_engine::{parse_game, parse_game_bytes, parse_outcome, read_judge_game, Budget, Game};
use pigkill_generators::{ArbitraryGame, EdgeCaseGame};

use crate::diff::{explain_divergence, play_traced};

/// Arbitrary bytes through both readers of a game and the outcome parser:
/// each returns a game or positioned errors, never panics; a parsed game
/// printed and parsed again is the same game, and its printed text is a
/// fixed point. The two readers agree: a text the validator passes is
/// exactly the printed text of its game, which the judge's reading reads
/// with no warning; the judge's reading of any text gives a game whose
/// printed text the validator passes (when it has an FP); without its
/// warned-about tail, a text reads as the same game in memory.
///
/// # Panics
///
/// When a reader breaks one of these properties.
pub fn parse_text(data: &[u8]) {
    judge_and_validator_agree(data);
    match parse_game_bytes(data) {
        Ok(game) => {
            let text = game.to_text();
            let again = parse_game(&text)
                .unwrap_or_else(|e| panic!("a printed game does not parse: {e}\n{text}"));
            assert_eq!(again, game, "printing then parsing changed the game");
            assert_eq!(
                again.to_text(),
                text,
                "the printed text is not a fixed point"
            );
        }
        Err(error) => {
            let lines = data.split(|&b| b == b'\n').count();
            assert!(
                error.position.line >= 1 && error.position.column >= 1,
                "0-based position: {error}"
            );
            assert!(
                error.position.line <= lines.max(1),
                "error past the last line: {error}"
            );
            assert!(
                !error.to_string().ends_with('.'),
                "messages end without a period: {error}"
            );
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let pigs = data.first().map_or(2, |b| usize::from(b % 10) + 1);
        if let Ok(outcome) = parse_outcome(text, pigs) {
            let printed = outcome.to_judge_text();
            let again = parse_outcome(&printed, pigs)
                .unwrap_or_else(|e| panic!("a printed outcome does not parse: {e}\n{printed}"));
            assert_eq!(again, outcome, "printing then parsing changed the outcome");
        }
    }
}

/// The properties of [`parse_text`] that tie the two readers together.
fn judge_and_validator_agree(data: &[u8]) {
    let lines = data.split(|&b| b == b'\n').count();
    let judged = read_judge_game(data);
    let validation = validate_game(data).expect("reading from memory does not fail");
    for deviation in &validation.deviations {
        let at = deviation.position;
        assert!(
            at.line >= 1 && at.column >= 1 && at.line <= lines,
            "deviation out of the text: {deviation}"
        );
    }
    if validation.conforms() {
        let game = validation
            .game
            .as_ref()
            .unwrap_or_else(|| panic!("a conforming text without its game"));
        assert_eq!(
            game.to_text().as_bytes(),
            data,
            "a conforming text that is not its game's printed text"
        );
    }
    if let Some(game) = &validation.game {
        let judged = judged.as_ref().unwrap_or_else(|e| {
            panic!("the judge's reading rejects a game the validator reads: {e}")
        });
        assert_eq!(&judged.game, game, "the two readers read different games");
        assert!(
            judged.warnings.is_empty() || !validation.conforms(),
            "a warning on a conforming text"
        );
    }
    match judged {
        Ok(judged) => {
            let printed = judged.game.to_text();
            let check = validate_game(printed.as_bytes()).expect("in memory");
            assert_eq!(
                check.conforms(),
                judged.game.has_rebel(),
                "a printed game's validation: {:?}",
                check.deviations
            );
            assert_eq!(check.game.as_ref(), Some(&judged.game));
            if let Some(warning) = judged.warnings.first() {
                assert!(
                    warning.position.line <= lines,
                    "warning out of the text: {warning}"
                );
                assert!(
                    parse_game_bytes(data).is_err(),
                    "text after the game is an error in memory"
                );
            } else {
                assert_eq!(parse_game_bytes(data), Ok(judged.game));
            }
        }
        Err(error) => {
            let at = error.error.position;
            assert!(
                at.line >= 1 && at.column >= 1 && at.line <= lines,
                "error out of the text: {error}"
            );
            assert!(
                validation.game.is_none(),
                "the validator reads a game the judge's reading rejects: {error}"
            );
        }
    }
}

/// Plays `game` on both engines with their traces and panics with a full
/// report when they differ in anything: outcome, error, or any event.
///
/// # Panics
///
/// When the engines disagree, or either panics.
pub fn assert_engines_agree(game: &Game) {
    let [left, right] = crate::engines::pair();
    let budget = Budget::default();
    let (left_verdict, left_trace) = play_traced(left, game, budget);
    let (right_verdict, right_trace) = play_traced(right, game, budget);
    if left_verdict != right_verdict || left_trace != right_trace {
        let divergence = explain_divergence(left, right, game, budget);
        panic!(
            "the engines disagree ({}) on this game:\n{}{}\nturn it into a fixture with `pigkill shrink FILE`",
            divergence.signature,
            game.to_text(),
            divergence.report(8)
        );
    }
}

/// Fuzz bytes through [`ArbitraryGame`] into a valid game; both engines
/// must agree on its outcome and on every event of its trace.
///
/// # Panics
///
/// When the engines disagree.
pub fn diff_engines(data: &[u8]) {
    let mut bytes = Unstructured::new(data);
    if let Ok(ArbitraryGame(game)) = ArbitraryGame::arbitrary(&mut bytes) {
        assert_engines_agree(&game);
    }
}

/// Fuzz bytes steered toward the statement's hard corners (a deck of 1 to 3
/// cards, hands full of nullifies, MP among unrevealed pigs with invasions
/// and volleys, ...) through [`EdgeCaseGame`]; both engines must agree.
///
/// # Panics
///
/// When the engines disagree.
pub fn edge_cases(data: &[u8]) {
    let mut bytes = Unstructured::new(data);
    if let Ok(EdgeCaseGame(game)) = EdgeCaseGame::arbitrary(&mut bytes) {
        assert_engines_agree(&game);
    }
}
