//! The problem's text format: games and outcomes read and printed byte for
//! byte as the statement says, and every kind of bad input rejected with
//! its line, column and a clear message, never a panic. Both readers of a
//! game: the judge's (tokens, the first m deck cards, the rest ignored with
//! a warning) and the validator's (the exact format, every deviation
//! located).

use std::io::{BufReader, Read};

use pigkill_engine::validate::{validate_game, Validation, MAX_DEVIATIONS};
use pigkill_engine::{
    parse_game, parse_game_bytes, parse_outcome, read_judge_game, Card, JudgeGame, PigFate,
    Position, Role, WarningKind, Winner,
};

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
fn a_pig_is_a_role_and_four_cards() {
    // Tokens, not lines: a short pig line lends the next pig's role.
    assert_eq!(
        error("2 1\nMP D D F\nFP J J J J\nK\n"),
        "line 3, column 1: found role 'FP', expected card 4 of pig 1 (each pig is a role and 4 cards)"
    );
    assert_eq!(
        error("2 1\nMP D D F F K\nFP J J J J\nK\n"),
        "line 2, column 12: found card 'K', expected the role of pig 2 (each pig is a role and 4 cards)"
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
        "line 4, column 4: the text ends here, expected deck card 3 of 3"
    );
    // In memory a text holds one game: more deck cards than m is an error
    // (the judge's reading of a file only warns).
    assert_eq!(
        error("2 1\nMP D D D D\nFP D D D D\nK K\n"),
        "line 4, column 3: unexpected text after the last line"
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
        "line 1, column 2: the text ends here, expected the deck size m"
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
    assert_eq!(
        error(""),
        "line 1, column 1: the text ends here, expected the pig count n"
    );
    assert_eq!(
        error("3 1\nMP D D D D\nFP D D D D\n"),
        "line 3, column 11: the text ends here, expected the role of pig 3"
    );
    assert_eq!(
        error("2 1\nMP D D D D\nFP D D D D\n\n \n"),
        "line 3, column 11: the text ends here, expected deck card 1 of 1"
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

// The judge's reading: what accepted solutions read with `cin >>`.

fn judge(text: &str) -> JudgeGame {
    read_judge_game(text.as_bytes()).expect("the judge's reading accepts it")
}

fn at(line: usize, column: usize) -> Position {
    Position { line, column }
}

#[test]
fn the_judge_reads_the_first_m_deck_cards_and_warns_about_the_rest() {
    // Like the Luogu hack data: `4 3` (here `3 10`) and a longer deck line.
    let padded = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D K K\nP P\n";
    let read = judge(padded);
    assert_eq!(read.game, parse_game(SAMPLE).unwrap());
    assert_eq!(read.warnings.len(), 1);
    let warning = &read.warnings[0];
    assert_eq!(warning.position, at(5, 21));
    assert_eq!(
        warning.kind,
        WarningKind::IgnoredTokens {
            tokens: 4,
            complete: true,
            deck: 10
        }
    );
    assert_eq!(
        warning.to_string(),
        "line 5, column 21: 4 tokens after the 10 deck cards are ignored, as judges' solutions read only the first m = 10"
    );
}

#[test]
fn line_breaks_are_not_significant_to_the_judge() {
    let game = parse_game(SAMPLE).unwrap();
    for text in [
        // CRLF, no final newline.
        "3 10\r\nMP D D F F\r\nZP N N N D\r\nFP J J J J\r\nF F D D J J F F K D",
        // A deck wrapped over three lines, blank lines between.
        "3 10\n\nMP D D F F\nZP N N N D\n\nFP J J J J\nF F D D\nJ J F\nF K D\n\n\n",
        // Everything on one line, tabs and runs of spaces.
        "3\t10 MP  D D F F ZP N N N D\tFP J J J J F F D D J J F F K D",
        // Vertical tab and form feed are whitespace to scanf.
        "3 10\x0bMP D D F F\x0cZP N N N D\nFP J J J J\nF F D D J J F F K D\n",
    ] {
        let read = judge(text);
        assert_eq!(read.game, game, "{text:?}");
        assert!(read.warnings.is_empty(), "{text:?}");
    }
}

#[test]
fn binary_junk_after_the_game_is_ignored_and_inside_it_is_an_error() {
    let mut bytes = SAMPLE.as_bytes().to_vec();
    bytes.extend_from_slice(b"\xff\xfe\x00 \x80junk\n\x01");
    let read = read_judge_game(&bytes[..]).unwrap();
    assert_eq!(read.game, parse_game(SAMPLE).unwrap());
    assert_eq!(read.warnings[0].position, at(6, 1));
    assert_eq!(
        read.warnings[0].kind,
        WarningKind::IgnoredTokens {
            tokens: 3,
            complete: true,
            deck: 10
        }
    );
    let error = read_judge_game(&b"3 10\nMP D D F F\nZP N \x00\xff N D\n"[..]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3, column 7: invalid UTF-8, expected plain text"
    );
}

#[test]
fn a_long_token_is_cut_in_the_message_and_control_characters_escaped() {
    let long = format!("2 1\nMP D D D D\nFP D D D D\n{}\n", "X".repeat(10_000));
    assert_eq!(
        read_judge_game(long.as_bytes()).unwrap_err().to_string(),
        format!(
            "line 4, column 1: unknown card '{}...', expected one of P K D F N W J Z",
            "X".repeat(32)
        )
    );
    assert_eq!(
        read_judge_game(&b"2 1\nMP D D D D\nFP D D D D\nK\x01\n"[..])
            .unwrap_err()
            .to_string(),
        "line 4, column 1: unknown card 'K\\u{1}', expected one of P K D F N W J Z"
    );
}

#[test]
fn an_endless_stream_after_the_game_is_not_read_to_its_end() {
    let endless = SAMPLE.as_bytes().chain(std::io::repeat(b'K'));
    let read = read_judge_game(BufReader::new(endless)).unwrap();
    assert_eq!(read.game, parse_game(SAMPLE).unwrap());
    assert_eq!(
        read.warnings[0].kind,
        WarningKind::IgnoredTokens {
            tokens: 1,
            complete: false,
            deck: 10
        }
    );
    assert!(read.warnings[0].to_string().contains("at least 1 tokens"));
}

#[test]
fn a_streamed_error_renders_its_line_with_a_caret() {
    let text = "3 10\nMP D D F F\nZP N X N D\nFP J J J J\nF F D D J J F F K D\n";
    let error = read_judge_game(BufReader::new(text.as_bytes())).unwrap_err();
    assert_eq!(
        error.render(),
        "line 3, column 6: unknown card 'X', expected one of P K D F N W J Z\n  |\n3 | ZP N X N D\n  |      ^"
    );
    // Where the text ends early, the caret is after the last token.
    let short = "2 3\nMP D D D D\nFP D D D D\nK K\r\n\n";
    assert_eq!(
        read_judge_game(short.as_bytes()).unwrap_err().render(),
        "line 4, column 4: the text ends here, expected deck card 3 of 3\n  |\n4 | K K\n  |    ^"
    );
}

// The validator's reading: the exact format, every deviation located.

fn validate(text: &str) -> Validation {
    validate_game(text.as_bytes()).expect("reading from memory does not fail")
}

fn deviations(text: &str) -> Vec<String> {
    validate(text)
        .deviations
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_sample_conforms_and_the_validator_reads_its_game() {
    let validation = validate(SAMPLE);
    assert!(validation.conforms(), "{:?}", validation.deviations);
    assert_eq!(validation.game, Some(parse_game(SAMPLE).unwrap()));
}

#[test]
fn every_whitespace_deviation_is_located_not_only_the_first() {
    let text = " 3 10\r\nMP D  D F F \nZP\tN N N D\n\nFP J J J J\nF F D D J J F F K D\n\n";
    assert_eq!(
        deviations(text),
        [
            "line 1, column 1: whitespace \" \" starts the line, expected a token",
            "line 1, column 6: a CRLF line end, expected LF only",
            "line 2, column 5: whitespace \"  \" between tokens, expected a single space",
            "line 2, column 12: whitespace \" \" ends the line, expected the line end",
            "line 3, column 3: whitespace \"\\t\" between tokens, expected a single space",
            "line 4, column 1: a blank line, expected the line of pig 3: its role and 4 cards",
            "line 7, column 1: blank lines or whitespace after the deck line, expected the end of the file",
        ]
    );
    // The deviations are of form only: the game is still read.
    assert_eq!(validate(text).game, Some(parse_game(SAMPLE).unwrap()));
}

#[test]
fn a_padded_or_wrapped_deck_and_a_missing_newline_are_deviations() {
    assert_eq!(
        deviations("2 1\nMP D D D D\nFP D D D D\nK K K\n"),
        ["line 4, column 3: found 3 tokens, expected 1 (the deck size m from line 1)"]
    );
    assert_eq!(
        deviations("2 3\nMP D D D D\nFP D D D D\nK K\nK\n"),
        [
            "line 4, column 4: found 2 tokens, expected 3 (the deck size m from line 1)",
            "line 5, column 1: 1 tokens after the deck line (the judge's reading ignores them), expected the end of the file",
        ]
    );
    assert_eq!(
        deviations("2 1\nMP D D D D\nFP D D D D\nK"),
        ["line 4, column 2: the file ends without a newline, expected one after the deck line"]
    );
}

#[test]
fn the_statement_bounds_and_roles_are_checked_with_every_bad_token() {
    // Both bad cards, not only the first (and no verdict on the roles of
    // a game that cannot be read).
    assert_eq!(
        deviations("2 1\nMP D D D D\nZP X D D Y\nK\n"),
        [
            "line 3, column 4: unknown card 'X', expected one of P K D F N W J Z",
            "line 3, column 10: unknown card 'Y', expected one of P K D F N W J Z",
        ]
    );
    assert_eq!(
        deviations("2 1\nMP D D D D\nZP D D D D\nK\n"),
        ["line 2, column 1: no pig is FP: the statement's data always has one (MP would win before any turn)"]
    );
    assert_eq!(
        deviations("3 01\nFP D D D D\nMP D D D D\nZP D D D D\nK\n"),
        [
            "line 1, column 3: deck size m has a leading zero, expected plain digits",
            "line 2, column 1: pig 1 is FP, expected MP",
            "line 3, column 1: pig 2 is a second MP, expected ZP or FP",
        ]
    );
    assert_eq!(
        deviations("11 1\nMP D D D D\n"),
        [
            "line 1, column 1: pig count n 11 is out of range, expected 2 to 10",
            "line 1, column 5: the pig count n is unknown; the rest is not checked",
        ]
    );
    assert_eq!(
        deviations("3 1\nMP D D D D\nFP D D D D\n"),
        ["line 4, column 1: the text ends here, expected the line of pig 3: its role and 4 cards"]
    );
}

#[test]
fn a_flood_of_deviations_is_capped_and_counted() {
    let text = format!("2 1\n{}MP D D D D\nFP D D D D\nK\n", "\n".repeat(250));
    let validation = validate(&text);
    assert_eq!(validation.deviations.len(), MAX_DEVIATIONS);
    assert_eq!(validation.omitted, 150);
    assert!(!validation.conforms());
}

#[test]
fn every_printed_game_conforms() {
    for text in [
        SAMPLE,
        "2 1\nMP K K K K\nFP D D D D\nK\n",
        "10 3\nMP P P P P\nZP K K K K\nFP D D D D\nFP F F F F\nZP N N N N\nFP W W W W\nFP J J J J\nZP Z Z Z Z\nFP K D F N\nFP W J Z P\nK D P\n",
    ] {
        let game = parse_game(text).unwrap();
        assert_eq!(game.to_text(), text);
        let validation = validate(&game.to_text());
        assert!(validation.conforms(), "{text}: {:?}", validation.deviations);
        assert_eq!(validation.game, Some(game));
    }
}
