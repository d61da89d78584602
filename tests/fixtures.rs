//! Every fixture under `tests/fixtures/` replayed on every engine.
//!
//! `rules/` (hand-made games pinning one rule each) and `regressions/`
//! (minimised divergences whose answer a human settled) must pass on both
//! engines; a failure lists every failing case at once, not just the first.
//! `found/` holds divergences not yet settled: they are printed as
//! known-open cases and do not fail the build (see tests/fixtures/README.md).

use std::path::Path;

use pigkill::engines::EngineName;
use pigkill::fixtures::{group, replay};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

fn failures_in(group_name: &str) -> (usize, Vec<String>) {
    let fixtures = group(root(), group_name).expect("the fixture folder is readable");
    let mut failures = Vec::new();
    for fixture in &fixtures {
        for name in EngineName::ALL {
            if let Err(failure) = replay(fixture, name.engine()) {
                failures.push(failure);
            }
        }
    }
    (fixtures.len(), failures)
}

#[test]
fn every_rule_fixture_passes_on_every_engine() {
    let (count, failures) = failures_in("rules");
    assert!(
        count >= 40,
        "expected at least 40 rule fixtures, found {count}"
    );
    assert!(
        failures.is_empty(),
        "{} of {} rule fixture runs failed:\n{}",
        failures.len(),
        count * EngineName::ALL.len(),
        failures.join("\n")
    );
}

#[test]
fn every_regression_fixture_passes_on_every_engine() {
    let (count, failures) = failures_in("regressions");
    assert!(
        failures.is_empty(),
        "{} of {} regression fixture runs failed:\n{}",
        failures.len(),
        count * EngineName::ALL.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_fixture_explains_itself() {
    let fixtures = group(root(), "rules").expect("the fixture folder is readable");
    let missing: Vec<_> = fixtures
        .iter()
        .filter(|f| !f.input.with_extension("md").exists() || f.expected.is_none())
        .map(|f| f.id.clone())
        .collect();
    assert!(
        missing.is_empty(),
        "fixtures without .md or .out: {missing:?}"
    );
}
