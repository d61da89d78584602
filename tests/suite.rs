//! Suites chosen by strength: for seeds 1 to 10 every mistake of the
//! catalogue fails some test and both engines and the C++ contestant
//! pass every test; nearly
//! every live rule of the narrow family (a rule broken in one small
//! context) fails some test, and the pool's scan finds the rules that
//! fire and those that are exposed as the decision API says; wrong
//! solutions given with `--against` fail the suite (a test is swapped in
//! when none does); accepted solutions pass it. (The packages the suites
//! are written as: tests/packages.rs. The command with `--against`, each
//! mistake judged on the written tests: tests/contestant.rs, on seed 1
//! with the C++ contestant's mistakes; what SUITE.md names and `--force`:
//! tests/cli.rs.) The local search after the greedy choice never loses
//! what the tests expose.

use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use rayon::prelude::*;

mod common;

use common::assert_success;
use pigkill::solution::{compare, Command as SolutionCommand, CompareMode, Limits};
use pigkill::suite::anneal::{anneal, AnnealOptions};
use pigkill::suite::pool::{Aim, Variation};
use pigkill::suite::select::{two_alive_cut, variant_jobs};
use pigkill::suite::solutions::{accepted, against, RunOptions, Solution};
use pigkill::suite::{build, PoolSizes, Slot, Suite, SuiteOptions};
use pigkill_engine::{parse_game, Budget, Engine, Role, StrategyEngine};
use pigkill_reference::decision::{decisions, deviated_output, fires, Deviation, DeviationRule};
use pigkill_reference::mutants::{MutantEngine, Mutation};
use pigkill_reference::ReferenceEngine;

/// A quarter of the command's work (`gen --suite --pool-scale 0.25`:
/// pools, aimed games, swaps weighed and search moves), the same code:
/// what these tests pin (every catalogue mistake, the shape, both engines
/// passing, a search that never loses, most live rules) holds on smaller
/// pools too, and the ten suites are made once for every test.
fn options() -> SuiteOptions {
    SuiteOptions::scaled(0.25)
}

/// The suites of seeds 1 to 10, made once per test run, side by side
/// (the first test to ask makes them while the others wait, so the
/// seeds share the cores; a suite is its seed's whatever the order).
fn suites() -> &'static [Suite] {
    static SUITES: OnceLock<Vec<Suite>> = OnceLock::new();
    SUITES.get_or_init(|| {
        (1..=10u64)
            .into_par_iter()
            .map(|seed| build(seed, &options()))
            .collect()
    })
}

fn contestant(bug: Option<Mutation>) -> Solution {
    let exe = env!("CARGO_BIN_EXE_example-contestant");
    let spec = match bug {
        Some(m) => format!("{exe} --bug {}", m.name()),
        None => exe.to_string(),
    };
    Solution {
        command: SolutionCommand::parse(&spec).expect("a command"),
        spec,
    }
}

fn run_options(search: Duration) -> RunOptions {
    RunOptions {
        limits: Limits::default(),
        mode: CompareMode::Lines,
        search_time: search,
        extend_by: 200,
    }
}

#[test]
fn every_catalogue_mistake_fails_some_test_of_every_seeds_suite() {
    for (seed, suite) in (1..).zip(suites()) {
        for mutation in Mutation::ALL {
            // What a solution with this one mistake would print, judged
            // line by line (trailing whitespace and blank lines ignored).
            let caught = suite.cases().any(|c| {
                match MutantEngine(mutation).output(&c.case.game, Budget::default()) {
                    Ok(text) => !compare(
                        c.case.outcome.to_judge_text().as_bytes(),
                        text.as_bytes(),
                        CompareMode::Lines,
                    )
                    .is_accepted(),
                    Err(_) => true,
                }
            });
            assert!(
                caught,
                "seed {seed}: {} passes every test of the suite",
                mutation.name()
            );
        }
    }
}

/// Whether the reference engine making the one deviation `rule` fails a
/// line judge on the game of `c`.
fn rule_fails(rule: DeviationRule, c: &pigkill::suite::Candidate) -> bool {
    match deviated_output(&c.case.game, Budget::default(), &[Deviation::Rule(rule)]) {
        Ok(text) => !compare(
            c.case.outcome.to_judge_text().as_bytes(),
            text.as_bytes(),
            CompareMode::Lines,
        )
        .is_accepted(),
        Err(_) => true,
    }
}

#[test]
fn at_least_95_percent_of_the_live_narrow_rules_fail_some_test_of_the_first_seeds_suites() {
    for (seed, suite) in (1..).zip(suites()).take(2) {
        let family = &suite.pool.narrow.family;
        let live = suite.pool.narrow.live();
        assert!(
            live.len() >= 500,
            "seed {seed}: only {} live narrow rules",
            live.len()
        );
        // Each live rule played on the tests, as a solution with that one
        // narrow mistake would be judged. (The command's bigger pools
        // reach about 97%; the aim is 99%.)
        let missed: Vec<String> = live
            .iter()
            .filter(|&id| !suite.cases().any(|c| rule_fails(family.rule(id), c)))
            .map(|id| family.rule(id).words())
            .collect();
        assert!(
            missed.len() * 100 <= live.len() * 5,
            "seed {seed}: {} of {} live narrow rules pass every test: {missed:?}",
            missed.len(),
            live.len()
        );
    }
}

#[test]
fn the_scan_finds_the_rules_that_fire_and_those_that_are_exposed() {
    let suite = &suites()[0];
    let family = &suite.pool.narrow.family;
    for c in suite.pool.candidates.iter().step_by(97).take(12) {
        let (_, log) = decisions(&c.case.game, Budget::default());
        let firing = family.firing(&log);
        let by_api: Vec<u32> = (0..family.len() as u32)
            .filter(|&id| fires(&family.rule(id), &log))
            .collect();
        assert_eq!(firing, by_api, "{}", c.case.game.to_text());
        // What the candidate is credited with, it exposes.
        for &id in &c.narrow {
            assert!(firing.contains(&id));
            assert!(
                rule_fails(family.rule(id), c),
                "{}",
                family.rule(id).words()
            );
        }
    }
}

/// The rules that fire on a run are those whose context holds at a
/// decision of their kind where they choose another legal alternative:
/// the family's index finds exactly those, on games of every profile,
/// without a suite being built.
#[test]
fn the_family_index_finds_exactly_the_rules_that_fire_on_games_of_every_profile() {
    use pigkill::suite::judge_case;
    use pigkill::suite::narrow::Family;
    use pigkill_generators::Profile;
    let family = Family::narrow();
    for profile in Profile::ALL {
        for index in 0..3 {
            let Ok(case) = judge_case(profile, 12, index) else {
                continue;
            };
            let (_, log) = decisions(&case.game, Budget::default());
            let by_api: Vec<u32> = (0..family.len() as u32)
                .filter(|&id| fires(&family.rule(id), &log))
                .collect();
            assert!(!by_api.is_empty(), "{}: no rule fires", profile.name());
            assert_eq!(family.firing(&log), by_api, "{}", case.game.to_text());
        }
    }
}

#[test]
fn a_deck_card_below_those_a_game_draws_changes_nothing() {
    use pigkill::suite::judge_case;
    use pigkill_engine::{Card, Game};
    use pigkill_generators::Profile;
    let mut cut = 0;
    for profile in Profile::ALL {
        for index in 0..3 {
            let Ok(case) = judge_case(profile, 13, index) else {
                continue;
            };
            let deck = case.game.deck();
            assert!((1..=deck.len()).contains(&case.drawn), "{}", case.drawn);
            if case.drawn == deck.len() {
                continue;
            }
            // Every card the game never draws becomes another card.
            let mut other = deck.to_vec();
            for card in &mut other[case.drawn..] {
                *card = if *card == Card::Kill {
                    Card::Dodge
                } else {
                    Card::Kill
                };
            }
            let changed = Game::new(case.game.pigs().to_vec(), other).expect("a valid game");
            for engine in [&ReferenceEngine as &dyn Engine, &StrategyEngine] {
                assert_eq!(
                    engine.run(&changed, Budget::default()).ok().as_ref(),
                    Some(&case.outcome),
                    "{} draws {} cards:\n{}",
                    profile.name(),
                    case.drawn,
                    case.game.to_text()
                );
            }
            cut += 1;
        }
    }
    assert!(cut >= 10, "only {cut} games left cards undrawn");
}

#[test]
fn both_engines_pass_every_test_of_every_seeds_suite() {
    let engines: [&dyn Engine; 2] = [&ReferenceEngine, &StrategyEngine];
    for (seed, suite) in (1..).zip(suites()) {
        for (t, c) in suite.cases().enumerate() {
            // Through the text a judge would read.
            let game = parse_game(&c.case.game.to_text()).expect("the test parses");
            for engine in engines {
                let outcome = engine.run(&game, Budget::default()).expect("the game ends");
                assert_eq!(
                    outcome.to_judge_text(),
                    c.case.outcome.to_judge_text(),
                    "seed {seed}, test {}: {}",
                    t + 1,
                    engine.name()
                );
            }
        }
    }
}

/// The C++ contestant of `examples/contestant.cpp` (a third reading of
/// the rules, written apart from both engines), compiled once into `dir`.
fn cpp_contestant(dir: &std::path::Path) -> Solution {
    let exe = dir.join("contestant");
    let out = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/contestant.cpp"
        ))
        .output()
        .expect("g++ runs");
    assert_success(&out, "g++");
    let spec = exe.display().to_string();
    Solution {
        command: SolutionCommand::parse(&spec).expect("a command"),
        spec,
    }
}

#[test]
fn the_cpp_contestant_passes_every_test_of_every_seeds_suite() {
    if !common::have("g++", "the C++ contestant") {
        return;
    }
    // What `gen --suite --pool-scale 0.25 --seed N --accepted CONTESTANT`
    // checks (the command builds these very suites, then runs
    // `accepted`); tests/contestant.rs runs the command itself on seed 1.
    let dir = tempfile::tempdir().expect("temp dir");
    let cpp = cpp_contestant(dir.path());
    let options = run_options(Duration::from_secs(1));
    for (seed, suite) in (1..).zip(suites()) {
        let failures = accepted(suite, std::slice::from_ref(&cpp), &options).expect("runs");
        assert!(failures.is_empty(), "seed {seed}: {failures:?}");
    }
}

#[test]
fn every_suite_has_the_statements_shape() {
    for (seed, suite) in (1..).zip(suites()) {
        let slots: Vec<Slot> = suite.cases().map(|c| c.slot).collect();
        let mut expected = vec![Slot::Basic; 2];
        expected.extend([Slot::NoNullify; 4]);
        expected.extend([Slot::Full; 11]);
        expected.extend([Slot::Big; 3]);
        assert_eq!(slots, expected, "seed {seed}");
        for c in suite.cases() {
            assert!(
                c.slot.subtask().admits(&c.case.game),
                "seed {seed}: a {} test holds a card outside its subtask",
                c.slot.name()
            );
            if c.slot == Slot::Big {
                assert_eq!(c.case.game.pig_count(), 10);
                assert!(c.case.game.deck().len() >= 1800);
            }
        }
    }
}

#[test]
fn mistakes_a_tiny_pool_cannot_expose_get_a_bigger_search() {
    // The narrow search after the choice (swaps, annealing, variants) is
    // beside this test's point, so it runs at a tenth of its work.
    let suite = build(
        4,
        &SuiteOptions {
            pool: PoolSizes([1, 1, 1, 1]),
            time_limit: None,
            aimed_games: 0,
            ..SuiteOptions::scaled(0.1)
        },
    );
    assert!(suite.extra_rounds >= 1);
    let missed = pigkill::suite::MutantSet::all().difference(&suite.exposed());
    assert!(missed.is_empty(), "not exposed: {missed}");
}

#[test]
fn the_local_search_keeps_every_mistake_event_and_live_rule_its_tests_expose() {
    for (seed, suite) in (1..).zip(suites()).take(2) {
        // Search again from the suite's tests, with other random numbers:
        // the search takes swaps that lose on the way, never in the end.
        let mut pool = suite.pool.clone();
        let mut tests = suite.tests.clone();
        anneal(
            &pool,
            &mut tests,
            &AnnealOptions {
                moves: 20_000,
                ..AnnealOptions::default()
            },
            seed,
        );
        pool.complete_all(&tests);
        let after = Suite {
            pool,
            tests,
            ..suite.clone()
        };
        let slots = |s: &Suite| -> Vec<Slot> { s.cases().map(|c| c.slot).collect() };
        assert_eq!(slots(&after), slots(suite), "seed {seed}: the shape");
        assert!(
            suite.exposed().is_subset(&after.exposed()),
            "seed {seed}: a catalogue mistake lost"
        );
        assert!(
            suite.events().iter().all(|e| after.events().contains(e)),
            "seed {seed}: a rule event lost"
        );
        assert!(
            after.narrow_caught().0 >= suite.narrow_caught().0,
            "seed {seed}: {} live rules exposed before the search, {} after",
            suite.narrow_caught().0,
            after.narrow_caught().0
        );
    }
}

/// Seed 3 made again at the same scale (aimed games and all). Checking
/// this on the tiny-pool suite instead saved nothing: its extra rounds
/// cost about as much as a quarter-scale suite (session 8, at load 8 to
/// 11: 147 and 153 s wall for the two tiny builds, one thread).
#[test]
fn the_same_seed_gives_the_same_suite() {
    let again = build(3, &options());
    let texts = |s: &Suite| -> Vec<String> { s.cases().map(|c| c.case.game.to_text()).collect() };
    assert_eq!(texts(&again), texts(&suites()[2]));
}

#[test]
fn a_wrong_solution_that_passes_the_suite_gets_a_test_swapped_in() {
    let mut suite = suites()[0].clone();
    let exposed_before = suite.exposed();
    // A solution wrong on one game only, one the suite does not hold: it
    // prints a wrong answer for that exact input and is right elsewhere.
    let target = (0..suite.pool.candidates.len())
        .filter(|id| !suite.tests.contains(id))
        .max_by_key(|&id| {
            (
                suite.pool.candidates[id].exposes.len(),
                std::cmp::Reverse(id),
            )
        })
        .expect("a candidate outside the suite");
    let dir = tempfile::tempdir().expect("temp dir");
    let trap = dir.path().join("trap.in");
    std::fs::write(&trap, suite.pool.candidates[target].case.game.to_text()).expect("written");
    let spec = format!(
        "f=$(mktemp); cat > \"$f\"; if cmp -s \"$f\" '{}'; then echo MP; else '{}' < \"$f\"; fi; rm -f \"$f\"",
        trap.display(),
        env!("CARGO_BIN_EXE_example-contestant")
    );
    let wrong = Solution {
        command: SolutionCommand::parse(&spec).expect("a command"),
        spec,
    };
    let report = against(&mut suite, &[wrong], &run_options(Duration::from_secs(120)))
        .expect("the solution runs");
    assert!(report.uncaught().is_empty(), "{report:?}");
    assert!(
        suite.tests.contains(&target),
        "the trap game is in the suite"
    );
    assert_eq!(suite.tests.len(), 20, "swapped, not added");
    assert!(exposed_before.is_subset(&suite.exposed()));
}

#[test]
fn a_right_solution_given_as_wrong_is_reported_not_caught() {
    let mut suite = suites()[1].clone();
    let report = against(
        &mut suite,
        &[contestant(None)],
        &run_options(Duration::from_secs(2)),
    )
    .expect("the solution runs");
    assert_eq!(report.uncaught().len(), 1);
    assert_eq!(suite.tests.len(), 20);
}

#[test]
fn the_accepted_contestant_passes_and_a_wrong_one_is_reported_with_its_game() {
    let suite = &suites()[0];
    let options = run_options(Duration::from_secs(1));
    let failures = accepted(suite, &[contestant(None)], &options).expect("runs");
    assert!(failures.is_empty(), "{failures:?}");
    let wrong = contestant(Some(Mutation::ALL[0]));
    let failures = accepted(suite, &[wrong], &options).expect("runs");
    let [failure] = failures.as_slice() else {
        panic!("one failure expected, got {failures:?}");
    };
    assert!(!failure.tests.is_empty());
    assert!(!failure.judged.verdict.is_accepted());
    let minimised = failure.minimised.as_ref().expect("minimised");
    assert!(!minimised.judged.verdict.is_accepted());
}

#[test]
fn a_variant_is_a_candidates_game_with_a_new_deck_end_a_few_cards_or_a_pig_more() {
    let pool = &suites()[0].pool;
    let variants: Vec<&pigkill::suite::Candidate> = pool
        .candidates
        .iter()
        .filter(|c| c.splice.is_some())
        .collect();
    let tails = variants
        .iter()
        .filter(|c| matches!(c.splice.map(|s| s.how), Some(Variation::Tail { .. })))
        .take(20);
    let cards = variants
        .iter()
        .filter(|c| matches!(c.splice.map(|s| s.how), Some(Variation::Cards { .. })))
        .take(20);
    let seats = variants
        .iter()
        .filter(|c| matches!(c.splice.map(|s| s.how), Some(Variation::Seat { .. })))
        .take(20);
    let checked: Vec<&&pigkill::suite::Candidate> = tails.chain(cards).chain(seats).collect();
    assert_eq!(
        checked.len(),
        60,
        "the suite drew too few variants of a kind"
    );
    let engines: [&dyn Engine; 2] = [&ReferenceEngine, &StrategyEngine];
    for c in checked {
        let splice = c.splice.expect("a variant");
        let game = &c.case.game;
        // The game it varies: same slot, same roles (but for a new pig).
        let base = &pool.candidates[splice.of];
        assert_eq!(base.slot, c.slot);
        let roles = |g: &pigkill_engine::Game| g.pigs().iter().map(|p| p.role).collect::<Vec<_>>();
        if !matches!(splice.how, Variation::Seat { .. }) {
            assert_eq!(roles(game), roles(&base.case.game));
        }
        // The other candidate, of its slot.
        let donor = pool
            .candidates
            .iter()
            .find(|d| d.splice.is_none() && d.slot == c.slot && d.case.seed == splice.donor)
            .expect("the donor is in the pool");
        match splice.how {
            Variation::Tail { at } => {
                // Same hands, same deck down to the splice, then the
                // other candidate's deck.
                assert_eq!(game.pigs(), base.case.game.pigs());
                assert_eq!(game.deck()[..at], base.case.game.deck()[..at]);
                // Cut before a card the game draws, or at the end of a
                // deck it draws whole.
                assert!(
                    at < base.case.drawn.max(1) || at == base.case.game.deck().len(),
                    "{at}"
                );
                assert_eq!(
                    game.deck()[at..],
                    donor.case.game.deck()[at.min(donor.case.game.deck().len())..]
                );
            }
            Variation::Cards { count } => {
                // Every card where it was, but at most `count` of the
                // hands or the deck's top (each now a card of the other
                // candidate's deck, or one that the situation of a rule no
                // test exposes names; within the subtask either way).
                let cards = |g: &pigkill_engine::Game| {
                    g.pigs()
                        .iter()
                        .flat_map(|p| p.hand)
                        .chain(g.deck().iter().copied())
                        .collect::<Vec<_>>()
                };
                let (now, was) = (cards(game), cards(&base.case.game));
                assert_eq!(now.len(), was.len());
                let hands = 4 * game.pig_count();
                let changed: Vec<usize> = (0..now.len()).filter(|&i| now[i] != was[i]).collect();
                assert!(changed.len() <= count, "{changed:?}");
                // A deck card the game never draws changes nothing, so
                // only drawn ones are changed.
                for i in changed {
                    assert!(i < hands + base.case.drawn.max(1), "{i}");
                }
            }
            Variation::Seat { seat } => {
                // The same deck and pigs, and one pig more at `seat`, not
                // the lord's, a loyalist or a rebel holding four cards of
                // the other candidate's deck.
                assert_eq!(game.deck(), base.case.game.deck());
                assert_eq!(game.pig_count(), base.case.game.pig_count() + 1);
                assert!(seat >= 1);
                let mut without = game.pigs().to_vec();
                let new = without.remove(seat);
                assert_eq!(without, base.case.game.pigs());
                assert!(matches!(new.role, Role::Loyalist | Role::Rebel));
                for card in new.hand {
                    assert!(donor.case.game.deck().contains(&card), "{card:?}");
                }
            }
            Variation::Endgame { .. } => {
                unreachable!("endgames are checked by their own test")
            }
        }
        assert!(c.slot.subtask().admits(game));
        for engine in engines {
            assert_eq!(
                engine.run(game, Budget::default()).ok().as_ref(),
                Some(&c.case.outcome),
                "{}",
                game.to_text()
            );
        }
    }
}

/// The rules of the kinds whose rules most often make a game that never
/// ends (an answer with the other basic card, a deck that starts again)
/// that fire on a run with decision log `log`.
fn fired_of_never_ending_kinds(
    family: &pigkill::suite::narrow::Family,
    log: &[pigkill_reference::decision::Decision],
) -> Vec<u32> {
    use pigkill_reference::decision::DecisionKind;
    family
        .firing(log)
        .into_iter()
        .filter(|&id| {
            matches!(
                family.rule(id).kind,
                DecisionKind::AnswerWith | DecisionKind::LastCardKept
            )
        })
        .collect()
}

#[test]
fn rules_sharing_a_run_that_does_not_end_get_what_each_played_alone_gets() {
    use pigkill::suite::judge_case;
    use pigkill::suite::narrow::{exposed_among, Family};
    use pigkill_engine::RunError;
    use pigkill_generators::Profile;

    // The kinds whose rules most often make a game that never ends: an
    // answer with the other basic card, a deck that starts again.
    let family = Family::narrow();
    let mut runs_not_ending = 0;
    for index in 0..10 {
        let Ok(case) = judge_case(Profile::Full, 5, index) else {
            continue;
        };
        let (_, log) = decisions(&case.game, Budget::default());
        let fired = fired_of_never_ending_kinds(&family, &log);
        let answer = case.outcome.to_judge_text();
        let mut alone = Vec::new();
        for &id in &fired {
            let run = deviated_output(
                &case.game,
                Budget::default(),
                &[Deviation::Rule(family.rule(id))],
            );
            runs_not_ending += usize::from(matches!(run, Err(RunError::DidNotEnd { .. })));
            let fails = match run {
                Ok(text) => {
                    !compare(answer.as_bytes(), text.as_bytes(), CompareMode::Lines).is_accepted()
                }
                Err(_) => true,
            };
            if fails {
                alone.push(id);
            }
        }
        assert_eq!(
            exposed_among(&family, &fired, &case.game, &answer, Budget::default()),
            alone,
            "{}",
            case.game.to_text()
        );
    }
    assert!(runs_not_ending > 0, "no rule made a run that does not end");
}

#[test]
fn a_deviated_run_cut_at_ten_times_the_right_runs_turns_is_one_a_judge_fails() {
    use pigkill::suite::judge_case;
    use pigkill::suite::narrow::{deviated_budget, exposed_among, Family};
    use pigkill_engine::{RunError, Stall};
    use pigkill_generators::Profile;

    // The kinds whose rules most often make a game that never ends; a run
    // cut early must be one that, played on to the default cap, does not
    // end with the right output either.
    let family = Family::narrow();
    let mut cut = 0;
    for (profile, index) in [Profile::Full, Profile::EmptyDeck]
        .into_iter()
        .flat_map(|p| (0..12).map(move |i| (p, i)))
    {
        let Ok(case) = judge_case(profile, 9, index) else {
            continue;
        };
        let (_, log) = decisions(&case.game, Budget::default());
        let budget = deviated_budget(log.last().map_or(0, |d| d.turn));
        let fired = fired_of_never_ending_kinds(&family, &log);
        for &id in &fired {
            let run = deviated_output(&case.game, budget, &[Deviation::Rule(family.rule(id))]);
            cut += usize::from(matches!(
                run,
                Err(RunError::DidNotEnd {
                    stall: Stall::TurnCap,
                    ..
                })
            ));
        }
        let answer = case.outcome.to_judge_text();
        assert_eq!(
            exposed_among(&family, &fired, &case.game, &answer, budget),
            exposed_among(&family, &fired, &case.game, &answer, Budget::default()),
            "{}",
            case.game.to_text()
        );
    }
    assert!(cut > 0, "no run was cut by the smaller budget");
}

#[test]
fn a_variant_aimed_at_an_unexposed_rule_plays_as_its_test_up_to_where_the_rule_fires() {
    let options = SuiteOptions {
        variant_rounds: 1,
        ..SuiteOptions::scaled(0.1)
    };
    let suite = build(1, &options);
    let pool = &suite.pool;
    let exposed = suite.narrow_exposed();
    let open: Vec<u32> = pool
        .narrow
        .live()
        .iter()
        .filter(|&r| !exposed.contains(r))
        .collect();
    let jobs = variant_jobs(pool, &suite.tests, 16, 8, 0);
    let aimed: Vec<(usize, Aim)> = jobs
        .iter()
        .copied()
        .filter(|(_, aim)| matches!(aim, Aim::Cut(_)))
        .collect();
    assert!(
        !aimed.is_empty(),
        "no test has an unexposed live rule firing on it"
    );
    // Every test still gets its 16 variants, at most 8 of them aimed.
    for &t in &suite.tests {
        assert_eq!(jobs.iter().filter(|(id, _)| *id == t).count(), 16);
        assert!(aimed.iter().filter(|(id, _)| *id == t).count() <= 8);
    }
    let mut varied = pool.clone();
    let first = varied.candidates.len();
    varied.extend_variants_of(&aimed);
    let log = |game: &pigkill_engine::Game| decisions(game, Budget::default()).1;
    let mut checked = 0;
    for v in &varied.candidates[first..] {
        let splice = v.splice.expect("a variant");
        assert!(matches!(splice.how, Variation::Tail { .. }));
        let base = &pool.candidates[splice.of];
        // Decisions near the deck's end depend on how many cards are
        // left, which a new deck end changes: only games whose decks never
        // come within two cards of their end are compared.
        let far = |deck: usize| deck > base.case.drawn + 2;
        if !far(base.case.game.deck().len()) || !far(v.case.game.deck().len()) {
            continue;
        }
        let (was, now) = (log(&base.case.game), log(&v.case.game));
        // Some open rule that fires on the test fires on the variant at
        // the same decision, in the same situation: the game is the same
        // up to there, and only what follows is new.
        let same_up_to_firing = open.iter().any(|&r| {
            let rule = pool.narrow.family.rule(r);
            was.iter().position(|d| rule.changes(d)).is_some_and(|at| {
                now.len() > at
                    && was[..=at].iter().zip(&now[..=at]).all(|(a, b)| {
                        (a.kind, a.context, a.rule, a.legal) == (b.kind, b.context, b.rule, b.legal)
                    })
            })
        });
        assert!(same_up_to_firing, "{}", v.case.game.to_text());
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn an_endgame_variant_plays_its_test_until_two_pigs_remain_then_a_two_pig_games_deck() {
    let options = SuiteOptions {
        variant_rounds: 1,
        ..SuiteOptions::scaled(0.1)
    };
    let suite = build(1, &options);
    let pool = &suite.pool;
    let jobs = variant_jobs(pool, &suite.tests, 16, 0, 3);
    // Every test still gets its 16 variants; those whose game began with
    // more than two pigs and goes on drawing once two remain, 3 endgames.
    for &t in &suite.tests {
        let endgames = jobs
            .iter()
            .filter(|&&(id, aim)| id == t && matches!(aim, Aim::Endgame(_)))
            .count();
        assert_eq!(jobs.iter().filter(|(id, _)| *id == t).count(), 16);
        let expected = if two_alive_cut(&pool.candidates[t]).is_some() {
            3
        } else {
            0
        };
        assert_eq!(endgames, expected);
    }
    let endgames: Vec<(usize, Aim)> = jobs
        .iter()
        .copied()
        .filter(|(_, aim)| matches!(aim, Aim::Endgame(_)))
        .collect();
    assert!(!endgames.is_empty(), "no test reaches two pigs alive");
    let mut varied = pool.clone();
    let first = varied.candidates.len();
    varied.extend_variants_of(&endgames);
    assert!(
        varied.candidates.len() > first,
        "every endgame variant was dropped"
    );
    let alive_two = |d: &pigkill_reference::decision::Decision| {
        d.context
            .has(pigkill_reference::decision::Feature::TwoAlive)
    };
    for v in &varied.candidates[first..] {
        let splice = v.splice.expect("a variant");
        let Variation::Endgame { at } = splice.how else {
            panic!("an endgame job made {:?}", splice.how);
        };
        let base = &pool.candidates[splice.of];
        let game = &v.case.game;
        // The same pigs and deck down to the first card drawn once two pigs
        // are alive; from there, the whole deck of a game that began with
        // two pigs, of the same subtask.
        assert_eq!(game.pigs(), base.case.game.pigs());
        assert_eq!(game.deck()[..at], base.case.game.deck()[..at]);
        let donor = pool
            .candidates
            .iter()
            .find(|d| {
                d.splice.is_none() && d.case.seed == splice.donor && d.case.game.pig_count() == 2
            })
            .expect("the two-pig game is in the pool");
        assert_eq!(donor.slot.subtask(), base.slot.subtask());
        assert_eq!(game.deck()[at..], donor.case.game.deck()[..]);
        assert!(v.slot.subtask().admits(game));
        // Up to the moment two pigs remain, it decides as its test did
        // (compared where the test's deck never comes within two cards of
        // its end: decisions there depend on how many cards are left).
        if base.case.game.deck().len() <= base.case.drawn + 2 {
            continue;
        }
        let (was, now) = (
            decisions(&base.case.game, Budget::default()).1,
            decisions(game, Budget::default()).1,
        );
        let until = was
            .iter()
            .position(alive_two)
            .expect("the test reaches two pigs alive");
        assert!(now.len() > until && alive_two(&now[until]));
        for (a, b) in was[..until].iter().zip(&now[..until]) {
            assert_eq!((a.kind, a.context, a.rule), (b.kind, b.context, b.rule));
        }
    }
}

#[test]
fn the_catalogue_mistakes_a_game_exposes_are_those_that_played_from_the_deal_print_what_the_judge_does_not_accept(
) {
    use pigkill::suite::exposure::{catalogue, exposes, is_exposed};
    use pigkill_generators::{generate, Profile};
    let profiles = [
        Profile::Basic,
        Profile::NoNullify,
        Profile::Full,
        Profile::NullifyChains,
        Profile::Deaths,
        Profile::EmptyDeck,
    ];
    let mut exposed = 0;
    for seed in 0..36u64 {
        let game = generate(profiles[seed as usize % profiles.len()], seed);
        let Ok(outcome) = ReferenceEngine.run(&game, Budget::default()) else {
            continue;
        };
        let answer = outcome.to_judge_text();
        let from_the_deal: Vec<usize> = catalogue()
            .iter()
            .enumerate()
            .filter(|(_, &m)| is_exposed(m, &game, &answer))
            .map(|(i, _)| i)
            .collect();
        let taken_up: Vec<usize> = exposes(&game, &outcome).iter().collect();
        assert_eq!(taken_up, from_the_deal, "game {seed}");
        exposed += taken_up.len();
    }
    assert!(exposed > 100, "only {exposed} mistakes exposed in all");
}
