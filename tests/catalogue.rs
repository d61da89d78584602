//! The catalogue of known mistakes (`pigkill_reference::mutants`): every
//! mistake is live. For each, `tests/fixtures/mistakes/ID.in` is a small
//! game where the mistaken engine prints another output than the reference
//! engine, and where the reference engine agrees with the strategy engine
//! (so the difference is the mistake's, not a bug of the reference).
//! The fixtures come from `cargo run --release --example find_mistakes`.

use std::collections::HashSet;
use std::path::Path;

use pigkill::fixtures::group;
use pigkill::solution::{compare, CompareMode};
use pigkill_engine::{parse_game_bytes, Budget, Engine, Game, StrategyEngine};
use pigkill_reference::mutants::{MutantEngine, Mutation};
use pigkill_reference::ReferenceEngine;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

fn fixture(mutation: Mutation) -> Game {
    let path = root().join(format!("mistakes/{}.in", mutation.name()));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_game_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The sections of rules.md that a game's rules live in.
const SECTIONS: [&str; 7] = [
    "Set-up",
    "A turn",
    "Targets (hostility)",
    "Responses",
    "Nullify (J)",
    "Damage, dying, death",
    "Output",
];

#[test]
fn the_catalogue_has_at_least_40_mistakes_with_unique_kebab_case_ids() {
    assert!(
        Mutation::ALL.len() >= 40,
        "only {} mistakes",
        Mutation::ALL.len()
    );
    let mut ids = HashSet::new();
    for m in Mutation::ALL {
        let id = m.name();
        assert!(ids.insert(id), "{id} twice");
        assert!(
            id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                && !id.starts_with('-')
                && !id.ends_with('-'),
            "{id} is not kebab-case"
        );
        assert_eq!(Mutation::from_name(id), Some(m));
    }
}

#[test]
fn every_mistake_names_a_section_of_the_rules_and_says_what_it_does_in_one_line() {
    for m in Mutation::ALL {
        assert!(
            SECTIONS.contains(&m.section()),
            "{m}: '{}' is not a rules.md section",
            m.section()
        );
        let description = m.description();
        assert!(
            !description.is_empty() && !description.contains('\n'),
            "{m}: the description must be one line"
        );
    }
}

#[test]
fn every_section_of_the_rules_has_a_mistake() {
    for section in SECTIONS {
        assert!(
            Mutation::ALL.iter().any(|m| m.section() == section),
            "no mistake breaks '{section}'"
        );
    }
}

#[test]
fn every_mistake_prints_another_output_than_the_reference_on_its_fixture() {
    let budget = Budget::default();
    let mut failures = Vec::new();
    for m in Mutation::ALL {
        let game = fixture(m);
        let reference = ReferenceEngine.run(&game, budget);
        let strategy = StrategyEngine.run(&game, budget);
        let (Ok(reference), Ok(strategy)) = (reference, strategy) else {
            failures.push(format!("{m}: the game does not end on both engines"));
            continue;
        };
        if reference != strategy {
            failures.push(format!("{m}: the engines disagree on the fixture"));
        }
        match MutantEngine(m).output(&game, budget) {
            Ok(mistaken) => {
                let verdict = compare(
                    reference.to_judge_text().as_bytes(),
                    mistaken.as_bytes(),
                    CompareMode::Lines,
                );
                if verdict.is_accepted() {
                    failures.push(format!("{m}: prints the reference's output"));
                }
            }
            Err(e) => failures.push(format!("{m}: the mistaken engine fails: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_mistake_fixture_names_a_mistake_and_has_a_note() {
    let fixtures = group(root(), "mistakes").expect("the mistakes folder is readable");
    assert_eq!(fixtures.len(), Mutation::ALL.len());
    for fixture in fixtures {
        let stem = fixture
            .input
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        assert!(
            Mutation::from_name(stem).is_some(),
            "{}: no mistake has this id",
            fixture.id
        );
        let note = fixture.input.with_extension("md");
        let text =
            std::fs::read_to_string(&note).unwrap_or_else(|e| panic!("{}: {e}", note.display()));
        assert!(
            text.contains("Rule broken"),
            "{}: the note says no rule",
            note.display()
        );
    }
}
