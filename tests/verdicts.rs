//! The judge's verdict on an output: WA when an answer differs, PE only
//! when, line by line, the tokens are the answer's and only the whitespace
//! differs; each under every `--compare` mode.

use pigkill::solution::{compare, CompareMode, VerdictKind};

const EXPECTED: &str = "FP\nDEAD\nK K\n\nD\n";

fn verdict(actual: &str, mode: CompareMode) -> String {
    compare(EXPECTED.as_bytes(), actual.as_bytes(), mode).to_string()
}

fn kind(actual: &str, mode: CompareMode) -> VerdictKind {
    compare(EXPECTED.as_bytes(), actual.as_bytes(), mode).kind()
}

#[test]
fn a_peach_moved_between_pigs_lines_is_wa_except_by_tokens() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/verdicts");
    let expected = std::fs::read(format!("{dir}/peach_moved_to_another_pig.expected")).unwrap();
    let actual = std::fs::read(format!("{dir}/peach_moved_to_another_pig.actual")).unwrap();
    for mode in [CompareMode::Exact, CompareMode::Lines] {
        assert_eq!(
            compare(&expected, &actual, mode).to_string(),
            "WA line 3: expected 'P', got 'P P'",
            "under {mode}"
        );
    }
    assert!(compare(&expected, &actual, CompareMode::Tokens).is_accepted());
}

#[test]
fn spaces_inside_a_line_are_pe_unless_only_tokens_count() {
    let actual = "FP\nDEAD\nK  K\n\nD\n";
    assert_eq!(
        verdict(actual, CompareMode::Exact),
        "PE line 3: expected 'K K', got 'K  K'"
    );
    assert_eq!(
        verdict(actual, CompareMode::Lines),
        "PE line 3: expected 'K K', got 'K  K'"
    );
    assert_eq!(kind(actual, CompareMode::Tokens), VerdictKind::Accepted);
}

#[test]
fn trailing_spaces_crlf_final_blank_lines_and_a_missing_newline_are_pe_only_when_exact() {
    for actual in [
        "FP \nDEAD\nK K\n\nD\n",
        "FP\r\nDEAD\r\nK K\r\n\r\nD\r\n",
        "FP\nDEAD\nK K\n\nD\n\n\n",
        "FP\nDEAD\nK K\n\nD",
    ] {
        assert_eq!(
            kind(actual, CompareMode::Exact),
            VerdictKind::PresentationError,
            "{actual:?}"
        );
        assert_eq!(
            kind(actual, CompareMode::Lines),
            VerdictKind::Accepted,
            "{actual:?}"
        );
        assert_eq!(
            kind(actual, CompareMode::Tokens),
            VerdictKind::Accepted,
            "{actual:?}"
        );
    }
}

#[test]
fn a_missing_or_extra_line_in_the_middle_is_wa_at_that_line() {
    // Pig 3's empty hand has no line: pig 4's D moves up to it.
    let missing = "FP\nDEAD\nK K\nD\n";
    // An extra empty line before pig 2's hand.
    let extra = "FP\nDEAD\n\nK K\n\nD\n";
    for mode in [CompareMode::Exact, CompareMode::Lines] {
        assert_eq!(
            verdict(missing, mode),
            "WA line 4: expected '', got 'D'",
            "{mode}"
        );
        assert_eq!(
            verdict(extra, mode),
            "WA line 3: expected 'K K', got ''",
            "{mode}"
        );
    }
    assert_eq!(kind(missing, CompareMode::Tokens), VerdictKind::Accepted);
    assert_eq!(kind(extra, CompareMode::Tokens), VerdictKind::Accepted);
}

#[test]
fn a_token_joined_to_the_line_before_is_wa() {
    let actual = "FP DEAD\nK K\n\nD\n";
    for mode in [CompareMode::Exact, CompareMode::Lines] {
        assert_eq!(
            verdict(actual, mode),
            "WA line 1: expected 'FP', got 'FP DEAD'",
            "{mode}"
        );
    }
}
