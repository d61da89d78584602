//! `SUITE.md`, the suite report written beside the tests: how the suite
//! was made, how strong it is (catalogue mistakes exposed, mistakes
//! exposed by one test only, pairs separated, rule events covered, wrong
//! and accepted solutions), then per test its subtask, size, rule events
//! and the mistakes it exposes, and per mistake the tests exposing it.

use std::fmt::Write;

use crate::coverage::RuleEvent;

use super::exposure::{catalogue, MutantSet};
use super::pool::Slot;
use super::select::{pairs, Suite};
use super::solutions::AgainstReport;

/// What the report says besides the suite itself.
#[derive(Clone, Debug, Default)]
pub struct ReportContext<'a> {
    /// The suite's seed.
    pub seed: u64,
    /// Each test's file name in the package, in suite order.
    pub names: Vec<String>,
    /// What `--against` did, if given.
    pub against: Option<&'a AgainstReport>,
    /// The accepted solutions (`--accepted`), all of which passed.
    pub accepted: Vec<String>,
}

/// Joins names with commas, or `-` for none.
fn list<I: IntoIterator<Item = S>, S: AsRef<str>>(items: I) -> String {
    let items: Vec<String> = items.into_iter().map(|s| s.as_ref().to_string()).collect();
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(", ")
    }
}

/// The mistakes exposed by exactly one test, with that test's position.
pub fn single_test_mistakes(suite: &Suite) -> Vec<(usize, usize)> {
    suite
        .exposing()
        .iter()
        .enumerate()
        .filter(|(_, tests)| tests.len() == 1)
        .map(|(m, tests)| (m, tests[0]))
        .collect()
}

/// The report's Markdown.
pub fn render(suite: &Suite, context: &ReportContext<'_>) -> String {
    let mut md = String::new();
    let name = |t: usize| {
        context
            .names
            .get(t)
            .cloned()
            .unwrap_or_else(|| format!("test {}", t + 1))
    };
    let kept = suite.pool.kept();
    let exposed = suite.exposed();
    let all = MutantSet::all();
    let in_pool = suite.pool.exposed();
    let events = suite.events();
    let reachable = suite.reachable_events();
    let _ = writeln!(md, "# Suite\n");
    let _ = writeln!(
        md,
        "Made by `pigkill gen --suite --seed {}` (pigkill {}): {} tests, every answer one that both engines give.\n",
        context.seed,
        env!("CARGO_PKG_VERSION"),
        suite.tests.len()
    );
    let _ = writeln!(
        md,
        "Chosen from {} candidates ({}), {} set aside (no trusted answer), {} extra rounds of `full` candidates for mistakes that are hard to expose. \
         The tests are chosen greedily to expose every mistake of the catalogue (the deliberately wrong reference engines, `pigkill mutants`), \
         then every mistake within each subtask, every rule event, a second test for each mistake, and as many separated pairs of mistakes as possible, small tests first.\n",
        kept.iter().sum::<usize>(),
        list(Slot::ALL.iter().map(|s| format!("{} {}", kept[s.number()], s.name()))),
        suite.pool.set_aside.len(),
        suite.extra_rounds
    );
    let _ = writeln!(md, "## Strength\n");
    let _ = writeln!(
        md,
        "- Catalogue mistakes exposed: **{} of {}**.",
        exposed.len(),
        catalogue().len()
    );
    let missed = all.difference(&exposed);
    if !missed.is_empty() {
        let _ = writeln!(
            md,
            "- **Not exposed by any test**: {missed} ({} of them by no candidate of the pool either).",
            missed.difference(&in_pool).len()
        );
    }
    let single = single_test_mistakes(suite);
    let _ = writeln!(
        md,
        "- Exposed by only one test: {}.",
        list(
            single
                .iter()
                .map(|&(m, t)| format!("`{}` ({})", catalogue()[m].name(), name(t)))
        )
    );
    let _ = writeln!(
        md,
        "- Pairs of mistakes separated (some test exposes one of the two and not the other): **{} of {}** ({} are separable by any candidate of the pool).",
        suite.separated_pairs(),
        pairs(),
        suite.separable_pairs()
    );
    let passing = suite.two_mistakes_passing();
    let _ = writeln!(
        md,
        "- Solutions with two catalogue mistakes at once that fail the suite: **{} of {}**{}.",
        pairs() - passing.len(),
        pairs(),
        if passing.is_empty() {
            String::new()
        } else {
            format!(
                " (passing: {})",
                list(passing.iter().map(|&(a, b)| format!(
                    "`{}+{}`",
                    catalogue()[a].name(),
                    catalogue()[b].name()
                )))
            )
        }
    );
    for (subtask, tests, candidates) in suite.by_subtask() {
        let _ = writeln!(
            md,
            "- `{}` tests expose {} of the {} mistakes its candidates can expose{}.",
            subtask.name(),
            tests.len(),
            candidates.len(),
            match candidates.difference(&tests) {
                missed if missed.is_empty() => String::new(),
                missed => format!(" (not: {missed})"),
            }
        );
    }
    let _ = writeln!(
        md,
        "- Rule events covered: {} of the {} the pool reaches ({} in all); not covered: {}.",
        events.len(),
        reachable.len(),
        RuleEvent::ALL.len(),
        list(
            reachable
                .iter()
                .filter(|e| !events.contains(*e))
                .map(|e| format!("`{}`", e.name()))
        )
    );
    if let Some(against) = context.against {
        for r in &against.results {
            let _ = writeln!(
                md,
                "- Wrong solution `{}`: {}.",
                r.spec,
                if r.fails.is_empty() {
                    "**not caught**".to_string()
                } else {
                    format!(
                        "fails {}{}",
                        list(suite.positions(&r.fails).into_iter().map(name)),
                        if r.caught_at_once {
                            String::new()
                        } else {
                            format!(" (a test found for it after {} candidates)", r.searched)
                        }
                    )
                }
            );
        }
    }
    for spec in &context.accepted {
        let _ = writeln!(md, "- Accepted solution `{spec}`: passes every test.");
    }
    let _ = writeln!(md, "\n## Tests\n");
    let _ = writeln!(
        md,
        "| test | subtask | profile | pigs | deck | rule events | mistakes exposed |"
    );
    let _ = writeln!(md, "|---|---|---|---:|---:|---:|---:|");
    for (t, c) in suite.cases().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {}{} | {} | {} | {} | {} | {} |",
            name(t),
            c.slot.subtask().name(),
            if c.slot == Slot::Big { " (big)" } else { "" },
            c.case.profile.name(),
            c.case.game.pig_count(),
            c.case.game.deck().len(),
            c.case.events.len(),
            c.exposes.len()
        );
    }
    for (t, c) in suite.cases().enumerate() {
        let _ = writeln!(md, "\n### {}\n", name(t));
        let _ = writeln!(
            md,
            "{} test, {} pigs, {} deck cards ({} profile, game seed {}).\n",
            c.slot.subtask().name(),
            c.case.game.pig_count(),
            c.case.game.deck().len(),
            c.case.profile.name(),
            c.case.seed
        );
        let _ = writeln!(md, "- Mistakes exposed: {}.", c.exposes);
        let _ = writeln!(
            md,
            "- Rule events: {}.",
            list(c.case.events.iter().map(|e| e.name()))
        );
    }
    let _ = writeln!(md, "\n## Mistakes\n");
    let _ = writeln!(md, "| mistake | tests exposing it | note |");
    let _ = writeln!(md, "|---|---|---|");
    for (m, tests) in suite.exposing().iter().enumerate() {
        let note = match tests.len() {
            0 if in_pool.contains(m) => "not exposed (some candidate does)",
            0 => "**not exposed by any candidate**",
            1 => "only one test",
            _ => "",
        };
        let _ = writeln!(
            md,
            "| `{}` | {} | {} |",
            catalogue()[m].name(),
            list(tests.iter().map(|&t| name(t))),
            note
        );
    }
    md
}
