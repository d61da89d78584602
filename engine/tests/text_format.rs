//! The problem's text format: games and outcomes read and printed byte for
//! byte as the statement says, and every kind of bad input rejected with
//! its line, column and a clear message, never a panic.

use pigkill_engine::{parse_game, parse_game_bytes, parse_outcome, Card, PigFate, Role, Winner};

const SAMPLE: &str = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

fn error(text: &str) -> String {
    parse_game(text)
        .expect_err("bad input must be rejected")
        .to_string()
}

#[test]
fn the_sample_reads_and_prints_back_byte_for_byte() {
    let game = parse_game(SAMPLE).unwrap();
    assert_eq!(game.pig_count(), 3);
    assert_eq!(game.pigs()[1].role, Role::Loyalist);
    assert_eq!(game.pigs()[2].hand, [Card::Nullify; 4]);
    assert_eq!(game.deck().len(), 10);
    assert_eq!(game.deck()[8], Card::Kill);
    assert_eq!(game.to_text(), SAMPLE);
}

#[test]
fn crlf_line_ends_and_surrounding_whitespace_are_accepted() {
    let text = "\r\n  3   10 \r\nMP D D F F\r\nZP\tN N N D\r\nFP J J J J  \r\nF F D D J J F F K D\r\n\r\n\n";
    assert_eq!(parse_game(text).unwrap().to_text(), SAMPLE);
}

#[test]
fn a_missing_final_newline_is_accepted() {
    assert!(parse_game(SAMPLE.trim_end()).is_ok());
}

#[test]
fn an_unknown_card_is_named_with_its_position() {
    assert_eq!(
        error("3 10\nMP D D F F\nZP N X N D\nFP J J J J\nF F D D J J F F K D\n"),
        "line 3, column 6: unknown card 'X', expected one of P K D F N W J Z"
    );
    assert_eq!(
        error("2 2\nMP D D F F\nFP J J J J\nK k\n"),
        "line 4, column 3: unknown card 'k', expected one of P K D F N W J Z"
    );
}

#[test]
fn an_unknown_role_is_named_with_its_position() {
    assert_eq!(
        error("2 1\nMP D D F F\nXP J J J J\nK\n"),
        "line 3, column 1: unknown role 'XP', expected MP, ZP or FP"
    );
}

#[test]
fn a_pig_line_needs_a_role_and_four_cards() {
    assert_eq!(
        error("2 1\nMP D D F\nFP J J J J\nK\n"),
        "line 2, column 9: found 4 tokens, expected 5 (a role and 4 cards)"
    );
    assert_eq!(
        error("2 1\nMP D D F F K\nFP J J J J\nK\n"),
        "line 2, column 12: found 6 tokens, expected 5 (a role and 4 cards)"
    );
}

#[test]
fn the_pig_count_must_be_2_to_10() {
    assert_eq!(
        error("1 1\nMP D D D D\nK\n"),
        "line 1, column 1: pig count n 1 is out of range, expected 2 to 10"
    );
    assert_eq!(
        error("11 1\n"),
        "line 1, column 1: pig count n 11 is out of range, expected 2 to 10"
    );
    assert_eq!(
        error("99999999999999999999999 1\n"),
        "line 1, column 1: pig count n 18446744073709551615 is out of range, expected 2 to 10"
    );
}

#[test]
fn the_deck_size_must_be_1_to_2000_and_match_the_deck_line() {
    assert_eq!(
        error("2 0\nMP D D D D\nFP D D D D\n\n"),
        "line 1, column 3: deck size m 0 is out of range, expected 1 to 2000"
    );
    assert_eq!(
        error("2 2001\n"),
        "line 1, column 3: deck size m 2001 is out of range, expected 1 to 2000"
    );
    assert_eq!(
        error("2 3\nMP D D D D\nFP D D D D\nK K\n"),
        "line 4, column 4: found 2 tokens, expected 3 (the deck size m from line 1)"
    );
    assert_eq!(
        error("2 1\nMP D D D D\nFP D D D D\nK K\n"),
        "line 4, column 3: found 2 tokens, expected 1 (the deck size m from line 1)"
    );
}

#[test]
fn counts_must_be_whole_numbers() {
    assert_eq!(
        error("two 1\n"),
        "line 1, column 1: pig count n 'two' is not a whole number"
    );
    assert_eq!(
        error("2 -1\n"),
        "line 1, column 3: deck size m '-1' is not a whole number"
    );
    assert_eq!(
        error("2\n"),
        "line 1, column 2: found 1 tokens, expected 2 (the pig count n and the deck size m)"
    );
}

#[test]
fn pig_1_is_the_lord_and_the_only_one() {
    assert_eq!(
        error("2 1\nFP D D D D\nMP D D D D\nK\n"),
        "line 2, column 1: pig 1 is FP, expected MP"
    );
    assert_eq!(
        error("3 1\nMP D D D D\nFP D D D D\nMP D D D D\nK\n"),
        "line 4, column 1: pig 3 is a second MP, expected ZP or FP"
    );
}

#[test]
fn missing_lines_say_what_was_expected() {
    assert_eq!(error(""), "line 1, column 1: the text ends here, expected a line 'n m' with the pig count and deck size");
    assert_eq!(
        error("3 1\nMP D D D D\nFP D D D D\n"),
        "line 3, column 11: the text ends here, expected the line of pig 3: a role and 4 cards"
    );
    assert_eq!(
        error("2 1\nMP D D D D\nFP D D D D\n"),
        "line 3, column 11: the text ends here, expected the deck line of 1 cards"
    );
}

#[test]
fn trailing_garbage_is_rejected() {
    assert_eq!(
        error("2 1\nMP D D D D\nFP D D D D\nK\nK\n"),
        "line 5, column 1: unexpected text after the last line"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_positioned() {
    let e = parse_game_bytes(b"2 1\nMP D \xff D D\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 6: invalid UTF-8, expected plain text"
    );
}

#[test]
fn errors_render_a_caret_under_the_fault() {
    let text = "2 1\nMP K X D D\nFP D D D D\nK\n";
    let e = parse_game(text).unwrap_err();
    assert_eq!(
        e.render(text),
        "line 2, column 6: unknown card 'X', expected one of P K D F N W J Z\n  |\n2 | MP K X D D\n  |      ^"
    );
}

#[test]
fn outcomes_print_like_the_statement_and_read_back() {
    let text = "FP\nDEAD\nDEAD\nJ J J J J J D\n";
    let outcome = parse_outcome(text, 3).unwrap();
    assert_eq!(outcome.winner, Winner::Rebels);
    assert_eq!(outcome.pigs[0], PigFate::Dead);
    assert_eq!(outcome.to_judge_text(), text);
}

#[test]
fn an_empty_hand_is_an_empty_line_even_at_the_end() {
    let text = "MP\nK\n\n";
    let outcome = parse_outcome(text, 2).unwrap();
    assert_eq!(outcome.pigs[1], PigFate::Alive(vec![]));
    assert_eq!(outcome.to_judge_text(), text);
    let missing = parse_outcome("MP\nK\n", 2).unwrap_err();
    assert_eq!(
        missing.to_string(),
        "line 2, column 2: the text ends here, expected the line of pig 2"
    );
}

#[test]
fn outcome_errors_are_positioned() {
    assert_eq!(
        parse_outcome("XP\nK\n", 1).unwrap_err().to_string(),
        "line 1, column 1: unknown winner 'XP', expected MP or FP"
    );
    assert_eq!(
        parse_outcome("MP\nK\nK\n", 1).unwrap_err().to_string(),
        "line 3, column 1: unexpected text after the last line"
    );
}

#[test]
fn no_input_makes_the_parser_panic() {
    // A cheap exhaustive sweep over short texts built from the format's own
    // pieces; the fuzz target `parse_text` does the same at scale.
    let pieces = ["2", " ", "\n", "MP", "FP", "K", "0", "\r", "ZP", "2001"];
    let mut text = String::new();
    for a in pieces {
        for b in pieces {
            for c in pieces {
                for d in pieces {
                    text.clear();
                    text.push_str(a);
                    text.push_str(b);
                    text.push_str(c);
                    text.push_str(d);
                    let _ = parse_game(&text);
                    let _ = parse_outcome(&text, 2);
                }
            }
        }
    }
}
