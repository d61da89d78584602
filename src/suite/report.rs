//! `SUITE.md`, the suite report written beside the tests: how the suite
//! was made, how strong it is (catalogue mistakes exposed, mistakes
//! exposed by one test only, pairs separated, rule events covered, wrong
//! and accepted solutions), then per test its subtask, size, rule events
//! and the mistakes it exposes, and per mistake the tests exposing it;
//! then the narrow family of small deviation rules: how many rules fire,
//! are live and are exposed, per subtask how many each test exposes and
//! which only one test exposes, and the rules no game exposed.

use std::fmt::Write;

use crate::coverage::RuleEvent;

use super::exposure::{catalogue, MutantSet};
use super::pool::{Slot, Subtask, Variation};
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
         then every mistake within each subtask, as many live narrow rules as possible (see \"Narrow rules\"), every rule event, a second test for each mistake, \
         and as many separated pairs of mistakes as possible, small tests first; then swaps that expose more narrow rules, \
         or give a rule that one test exposes a second test, among the candidates and {} variants drawn of the chosen tests \
         (a chosen game with its deck, from a random card on, taken from another candidate's, \
         with one or two of its cards replaced by another candidate's, \
         or with a pig more holding four of another candidate's cards), \
         each round of swaps followed by a local search (simulated annealing) that goes through swaps losing a little \
         to reach tests that together expose more live narrow rules.\n",
        kept.iter().sum::<usize>(),
        list(Slot::ALL.iter().map(|s| format!("{} {}", kept[s.number()], s.name()))),
        suite.pool.set_aside.len(),
        suite.extra_rounds,
        suite.pool.variants
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
    let narrow = NarrowFigures::of(suite);
    let _ = writeln!(
        md,
        "- Narrow rules (each decision kind x each context of at most two literals x each alternative): \
         {} in the family, {} fire on some candidate, {} live (some candidate exposes them), {} fire but no candidate exposes them \
         (after {} games aimed at them; see \"Not exposed\"). The tests expose **{} of the {} live rules** ({:.1}%).",
        suite.pool.narrow.family.len(),
        narrow.fired,
        narrow.live,
        narrow.unexposed.len(),
        suite.pool.aimed,
        narrow.exposed,
        narrow.live,
        narrow.percent()
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
        let splice = c.splice.map_or(String::new(), |s| match s.how {
            Variation::Tail { at } => format!(
                ", with its deck from card {} on taken from game seed {}",
                at + 1,
                s.donor
            ),
            Variation::Cards { count } => format!(
                ", with {count} of its cards replaced by cards of game seed {}",
                s.donor
            ),
            Variation::Seat { seat } => format!(
                ", with a pig more at seat {} holding cards of game seed {}",
                seat + 1,
                s.donor
            ),
            Variation::Endgame { at } => format!(
                ", with its deck from card {} on (once two pigs are left) the deck of the two-pig game seed {}",
                at + 1,
                s.donor
            ),
        });
        let _ = writeln!(
            md,
            "{} test, {} pigs, {} deck cards ({} profile, game seed {}{splice}).\n",
            c.slot.subtask().name(),
            c.case.game.pig_count(),
            c.case.game.deck().len(),
            c.case.profile.name(),
            c.case.seed
        );
        let _ = writeln!(md, "- Mistakes exposed: {}.", c.exposes);
        let _ = writeln!(md, "- Narrow rules exposed: {}.", c.narrow.len());
        let _ = writeln!(
            md,
            "- Rule events: {}.",
            list(c.case.events.iter().map(|e| e.name()))
        );
    }
    narrow_section(&mut md, suite, &narrow, &name);
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

/// The narrow family's figures of a suite.
struct NarrowFigures {
    fired: usize,
    live: usize,
    exposed: usize,
    /// For each live rule, the tests exposing it.
    exposing: Vec<(u32, Vec<usize>)>,
    /// The rules that fire but that no candidate exposes.
    unexposed: Vec<u32>,
}

impl NarrowFigures {
    fn of(suite: &Suite) -> NarrowFigures {
        let exposing = suite.narrow_exposing();
        let (exposed, live) = suite.narrow_caught();
        NarrowFigures {
            fired: suite.pool.narrow.fired().len(),
            live,
            exposed,
            exposing,
            unexposed: suite.pool.narrow.unexposed(),
        }
    }

    fn percent(&self) -> f64 {
        100.0 * self.exposed as f64 / self.live.max(1) as f64
    }
}

/// The `## Narrow rules` section: per subtask, what each test exposes and
/// the rules only one test exposes; the live rules no test exposes; the
/// rules no candidate exposes.
fn narrow_section(
    md: &mut String,
    suite: &Suite,
    narrow: &NarrowFigures,
    name: &dyn Fn(usize) -> String,
) {
    let family = &suite.pool.narrow.family;
    let words = |id: u32| family.rule(id).words();
    let _ = writeln!(md, "\n## Narrow rules\n");
    let _ = writeln!(
        md,
        "A narrow rule breaks the rules at one decision kind, in one context of at most two facts, \
         choosing another alternative: a contestant's narrow mistake. A rule is live when some candidate exposes it. \
         The tests expose {} of the {} live rules.",
        narrow.exposed, narrow.live
    );
    let mut only: Vec<Vec<u32>> = vec![Vec::new(); suite.tests.len()];
    for (id, tests) in &narrow.exposing {
        if let [t] = tests.as_slice() {
            only[*t].push(*id);
        }
    }
    for subtask in Subtask::ALL {
        let tests: Vec<(usize, &super::pool::Candidate)> = suite
            .cases()
            .enumerate()
            .filter(|(_, c)| c.slot.subtask() == subtask)
            .collect();
        if tests.is_empty() {
            continue;
        }
        let _ = writeln!(md, "\n### `{}` tests\n", subtask.name());
        let _ = writeln!(
            md,
            "| test | narrow rules exposed | exposed by this test only |"
        );
        let _ = writeln!(md, "|---|---:|---:|");
        for &(t, c) in &tests {
            let _ = writeln!(
                md,
                "| {} | {} | {} |",
                name(t),
                c.narrow.len(),
                only[t].len()
            );
        }
        for &(t, _) in &tests {
            if !only[t].is_empty() {
                let _ = writeln!(
                    md,
                    "\nExposed by {} only: {}.",
                    name(t),
                    list(only[t].iter().map(|&id| words(id)))
                );
            }
        }
    }
    let missed: Vec<u32> = narrow
        .exposing
        .iter()
        .filter(|(_, t)| t.is_empty())
        .map(|(id, _)| *id)
        .collect();
    let _ = writeln!(md, "\n### Live, but no test exposes them\n");
    let _ = writeln!(md, "{}.", list(missed.iter().map(|&id| words(id))));
    let _ = writeln!(md, "\n### Not exposed\n");
    let _ = writeln!(
        md,
        "{} rules fire on some candidate but no candidate exposes them, not even the {} games aimed at them \
         (most change a choice that the printed output does not show), by decision kind:\n",
        narrow.unexposed.len(),
        suite.pool.aimed
    );
    let mut by_kind: Vec<(&str, Vec<u32>)> = Vec::new();
    for &id in &narrow.unexposed {
        let kind = family.rule(id).kind.id();
        match by_kind.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, ids)) => ids.push(id),
            None => by_kind.push((kind, vec![id])),
        }
    }
    for (kind, ids) in by_kind {
        let _ = writeln!(
            md,
            "- `{kind}` ({}): not exposed: {}.",
            ids.len(),
            list(ids.iter().map(|&id| words(id)))
        );
    }
}
