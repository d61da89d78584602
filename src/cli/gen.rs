//! `pigkill gen`: judge data. Games that end, with the answers both
//! engines agree on, written as `DIR/1.in, 1.out, ...`; or the judge-ready
//! suite of 20 chosen for strength (`--suite`), checked against wrong and
//! accepted solutions and written as a judge package with its `SUITE.md`;
//! or one game of a run, by index.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use pigkill_generators::{game_seed, generate, Profile};

use super::sandbox::SandboxArgs;
use super::stress::{clock_seed, parse_duration, parse_profile, side_by_side};
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::coverage::Coverage;
use crate::fixtures::write_atomic;
use crate::package::{self, Format, PackageTest, ProblemMeta, Target};
use crate::solution::{compare, prepare, CompareMode, Limits};
use crate::suite::exposure::catalogue;
use crate::suite::report::{render, single_test_mistakes, ReportContext};
use crate::suite::select::pairs;
use crate::suite::solutions::{accepted, against, AgainstReport, RunOptions, Solution};
use crate::suite::{build, judge_case, shape_len, CaseError, JudgeCase, Suite, SuiteOptions};
use pigkill_engine::Budget;
use pigkill_reference::mutants::{mistaken_output, MutationSet};

/// Arguments of `pigkill gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// The generator profile: basic, no-nullify, full (the statement's
    /// subtasks), nullify-chains, suspicion, duels, crossbow, empty-deck,
    /// deaths, big, or mixed (each game its own profile and weights).
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    profile: Profile,
    /// The run's seed (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// Where to write N.in and N.out.
    #[arg(long, required_unless_present = "index")]
    out: Option<PathBuf>,
    /// Write the judge-ready suite of 20 (2 basic, 4 no-nullify, 14 full, the last 3 big),
    /// chosen to expose every known mistake and the narrow rules (a rule broken in one
    /// small context), with its report SUITE.md.
    #[arg(long, conflicts_with_all = ["count", "profile"])]
    suite: bool,
    /// The suite's package layout: dir (N.in, N.out), luogu (with config.yml),
    /// kattis (Kattis / DOMjudge: problem.yaml, statement, data, validator,
    /// submissions), hydro (HydroOJ: problem.yaml, problem.md, testdata/).
    #[arg(long, value_enum, default_value = "dir", requires = "suite")]
    format: Format,
    /// Write the package as a zip archive at --out (.zip added when missing;
    /// a hydro archive holds the problem in a folder `pigkill/`).
    #[arg(long, requires = "suite")]
    zip: bool,
    /// Wrong solutions (commands, as `check --solution` takes them) that the
    /// suite must fail: tests are swapped in until each fails one.
    #[arg(long, num_args = 1.., value_name = "CMD", requires = "suite")]
    against: Vec<String>,
    /// Accepted solutions that must pass every test (nothing is written otherwise).
    #[arg(long, num_args = 1.., value_name = "CMD", requires = "suite")]
    accepted: Vec<String>,
    /// How long to search for tests that fail the --against solutions.
    #[arg(long, default_value = "60s", value_parser = parse_duration, requires = "suite")]
    search_time: Duration,
    /// Scale the suite's candidate pools (1 = 2000 basic, 2000 no-nullify, 8000 full, 48 big),
    /// and the search over them with the pools (aimed games, swaps weighed, search moves).
    #[arg(long, default_value_t = 1.0, requires = "suite")]
    pool_scale: f64,
    /// The time limit per test, for the package and for running solutions.
    #[arg(long, default_value = "1s", value_parser = parse_duration, requires = "suite")]
    time_limit: Duration,
    /// The memory limit per test in MiB, for the package.
    #[arg(long, default_value_t = 128, requires = "suite")]
    memory_limit: u64,
    /// Print game I of a `pigkill stress` run with this profile and seed (as generated, ending or not).
    #[arg(long, conflicts_with_all = ["suite", "out"])]
    index: Option<u64>,
    /// Also write each game's text to this folder, as a fuzz seed corpus.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Overwrite files that exist.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    sandbox: SandboxArgs,
}

/// Runs `pigkill gen`.
///
/// # Errors
///
/// Exit 2 when a file exists (without `--force`) or cannot be written;
/// exit 1 when the engines disagree on a game.
pub fn run(args: GenArgs) -> Result<u8, Failure> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    if let Some(index) = args.index {
        print!(
            "{}",
            generate(args.profile, game_seed(seed, index)).to_text()
        );
        return Ok(EXIT_OK);
    }
    let Some(out) = args.out.clone() else {
        return Err(Failure::usage("--out DIR is required"));
    };
    if args.suite {
        return run_suite(args, seed, &out);
    }
    let count = args.count;
    let mut paths = Vec::new();
    for i in 1..=count {
        paths.push(out.join(format!("{i}.in")));
        paths.push(out.join(format!("{i}.out")));
    }
    if !args.force {
        let taken: Vec<String> = paths
            .iter()
            .filter(|p| p.exists())
            .map(|p| p.display().to_string())
            .collect();
        if !taken.is_empty() {
            return Err(Failure::usage(format!(
                "{} files exist already ({}{}), expected an empty place; nothing was written (use --force to overwrite)",
                taken.len(),
                taken[0],
                if taken.len() > 1 { ", ..." } else { "" }
            )));
        }
    }
    eprintln!("gen: seed {seed}");
    let made: Result<(Vec<JudgeCase>, Coverage), CaseError> = {
        let mut coverage = Coverage::new();
        (0..count)
            .map(|i| judge_case(args.profile, seed, i))
            .collect::<Result<Vec<_>, _>>()
            .map(|cases| {
                for case in &cases {
                    coverage.add(case.events);
                }
                (cases, coverage)
            })
    };
    let (cases, _) = match made {
        Ok(made) => made,
        Err(e @ CaseError::Divergence(_)) => {
            eprintln!("error: {e}");
            return Ok(EXIT_FOUND);
        }
        Err(e) => return Err(Failure::usage(e.to_string())),
    };
    let rejected: u64 = cases.iter().map(|c| u64::from(c.rejected)).sum();
    for (i, case) in cases.iter().enumerate() {
        write(
            &out.join(format!("{}.in", i + 1)),
            case.game.to_text().as_bytes(),
        )?;
        write(
            &out.join(format!("{}.out", i + 1)),
            case.outcome.to_judge_text().as_bytes(),
        )?;
        if let Some(corpus) = &args.corpus {
            write(
                &corpus.join(format!("{}-{seed}-{}", case.profile.name(), i + 1)),
                case.game.to_text().as_bytes(),
            )?;
        }
    }
    eprintln!(
        "gen: wrote {} tests to {} ({} generated games rejected: they do not end)",
        cases.len(),
        out.display(),
        rejected
    );
    Ok(EXIT_OK)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_atomic(path, bytes)
        .map_err(|e| Failure::usage(format!("cannot write {}: {e}", path.display())))
}

fn solutions(specs: &[String], flag: &str) -> Result<Vec<Solution>, Failure> {
    specs
        .iter()
        .map(|spec| {
            // A binary, a command line, or a source file (compiled once
            // and cached, as `check --solution` takes it).
            let prepared =
                prepare(spec, None).map_err(|e| Failure::usage(format!("{flag} '{spec}': {e}")))?;
            let command = prepared
                .command
                .env("LC_ALL", "C")
                .map_err(|e| Failure::usage(format!("{flag} '{spec}': {e}")))?;
            Ok(Solution {
                spec: spec.clone(),
                command,
            })
        })
        .collect()
}

/// `pigkill gen --suite`: build, check against the solutions, report, write.
fn run_suite(args: GenArgs, seed: u64, out: &Path) -> Result<u8, Failure> {
    let wrong = solutions(&args.against, "--against")?;
    let right = solutions(&args.accepted, "--accepted")?;
    if !(args.pool_scale > 0.0 && args.pool_scale.is_finite()) {
        return Err(Failure::usage(format!(
            "--pool-scale {}: expected a positive number",
            args.pool_scale
        )));
    }
    let target = Target::new(out, args.zip);
    // The suite grows by at most one test per wrong solution.
    let most = shape_len() + wrong.len();
    let layout = package::layout(args.format, most);
    if !args.force {
        let taken = package::taken(&target, layout.iter().map(String::as_str));
        if let Some(first) = taken.first() {
            return Err(Failure::usage(format!(
                "{} exists ({} files in the way), expected an empty place; nothing was written (use --force to overwrite)",
                first.display(),
                taken.len()
            )));
        }
    }
    eprintln!("gen: seed {seed}");
    if !(wrong.is_empty() && right.is_empty()) {
        eprintln!("gen: {}", args.sandbox.apply());
    }
    let options = SuiteOptions::scaled(args.pool_scale);
    let mut suite = build(seed, &options);
    let run = RunOptions {
        limits: Limits {
            timeout: args.time_limit,
            ..Limits::default()
        },
        mode: CompareMode::Lines,
        search_time: args.search_time,
        extend_by: options.pool.of(crate::suite::Slot::Full),
    };
    let against_report = if wrong.is_empty() {
        None
    } else {
        Some(
            against(&mut suite, &wrong, &run)
                .map_err(|e| Failure::usage(format!("--against: {e}")))?,
        )
    };
    let failures =
        accepted(&suite, &right, &run).map_err(|e| Failure::usage(format!("--accepted: {e}")))?;
    print_summary(&suite, against_report.as_ref());
    if !failures.is_empty() {
        for f in &failures {
            println!(
                "\n=== accepted solution `{}` fails {} of the {} tests",
                f.spec,
                f.tests.len(),
                suite.tests.len()
            );
            println!("{}", f.judged.verdict);
            let (game, expected, judged) = match &f.minimised {
                Some(m) => (&m.shrunk.game, &m.expected, &m.judged),
                None => (&f.game, &f.expected, &f.judged),
            };
            println!(
                "--- the game{}:\n{}",
                if f.minimised.is_some() {
                    " (minimised)"
                } else {
                    ""
                },
                game.to_text().trim_end()
            );
            println!(
                "--- expected vs actual ({}):\n{}",
                judged.verdict,
                side_by_side(
                    ["expected", "actual"],
                    [expected, &crate::untrusted::show_block(&judged.actual)]
                )
                .trim_end()
            );
        }
        eprintln!("gen: an accepted solution fails the suite; nothing was written");
        return Ok(EXIT_FOUND);
    }
    let names = package::test_names(args.format, suite.tests.len());
    let report = render(
        &suite,
        &ReportContext {
            seed,
            names,
            against: against_report.as_ref(),
            accepted: args.accepted.clone(),
        },
    );
    let tests: Vec<PackageTest> = suite
        .cases()
        .map(|c| PackageTest {
            input: c.case.game.to_text(),
            answer: c.case.outcome.to_judge_text(),
            subtask: c.slot.subtask(),
        })
        .collect();
    let meta = ProblemMeta {
        time_limit: args.time_limit,
        memory_mib: args.memory_limit,
        seed,
        wrong_answers: wrong_answers(&suite),
        ..ProblemMeta::default()
    };
    let mut files = package::files(args.format, &tests, &report, &meta)
        .map_err(|e| Failure::usage(format!("cannot write YAML: {e}")))?;
    if let (Format::Hydro, Target::Zip(_)) = (args.format, &target) {
        files = package::in_folder(files, package::HYDRO_FOLDER);
    }
    package::write(&target, &files, args.force)
        .map_err(|e| Failure::usage(format!("cannot write {}: {e}", target.path().display())))?;
    if let Some(corpus) = &args.corpus {
        for (i, c) in suite.cases().enumerate() {
            write(
                &corpus.join(format!("{}-{seed}-{}", c.case.profile.name(), i + 1)),
                c.case.game.to_text().as_bytes(),
            )?;
        }
    }
    eprintln!(
        "gen: wrote {} tests ({} package) to {}",
        suite.tests.len(),
        args.format
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string()),
        target.path().display()
    );
    let mut coverage = Coverage::new();
    for c in suite.cases() {
        coverage.add(c.case.events);
    }
    print!("{}", coverage.table());
    let uncaught = against_report.as_ref().map_or(0, |r| r.uncaught().len());
    Ok(if uncaught > 0 { EXIT_FOUND } else { EXIT_OK })
}

/// The mistakes of [`package::WRONG_ANSWERS`] whose contestant builds the
/// package fails by a wrong answer: the mistaken engine ends every test
/// and the sample (no time limit exceeded) and prints a wrong answer on at
/// least one test, wrong by its tokens (Kattis's default output validator
/// ignores whitespace, line breaks included).
fn wrong_answers(suite: &Suite) -> Vec<String> {
    let sample = pigkill_engine::parse_game(package::SAMPLE_IN).ok();
    package::WRONG_ANSWERS
        .iter()
        .filter(|name| {
            let Some(&mutation) = catalogue().iter().find(|m| m.name() == **name) else {
                return false;
            };
            let set = MutationSet::single(mutation);
            let ends =
                |game: &pigkill_engine::Game| mistaken_output(game, Budget::default(), set).ok();
            if sample.as_ref().is_some_and(|s| ends(s).is_none()) {
                return false;
            }
            let mut wrong = false;
            for c in suite.cases() {
                let Some(text) = ends(&c.case.game) else {
                    return false;
                };
                let answer = c.case.outcome.to_judge_text();
                wrong |=
                    !compare(answer.as_bytes(), text.as_bytes(), CompareMode::Lines).is_accepted();
            }
            wrong
        })
        .map(|name| name.to_string())
        .collect()
}

/// The suite's figures on stderr.
fn print_summary(suite: &Suite, against: Option<&AgainstReport>) {
    let kept = suite.pool.kept();
    eprintln!(
        "gen: {} tests chosen from {} candidates ({} basic, {} no-nullify, {} full, {} big; {} set aside, {} extra rounds) in {:.1} s",
        suite.tests.len(),
        kept.iter().sum::<usize>(),
        kept[0],
        kept[1],
        kept[2],
        kept[3],
        suite.pool.set_aside.len(),
        suite.extra_rounds,
        suite.elapsed.as_secs_f64()
    );
    let exposed = suite.exposed();
    eprintln!(
        "gen: the suite exposes {} of {} catalogue mistakes",
        exposed.len(),
        catalogue().len()
    );
    let missed = crate::suite::MutantSet::all().difference(&exposed);
    if !missed.is_empty() {
        eprintln!("gen: warning: not exposed by any test: {missed}");
    }
    for (m, t) in single_test_mistakes(suite) {
        eprintln!(
            "gen: exposed by one test only: {} (test {})",
            catalogue()[m].name(),
            t + 1
        );
    }
    eprintln!(
        "gen: {} of {} pairs of mistakes separated ({} separable in the pool); {} rule events covered of {} reachable",
        suite.separated_pairs(),
        pairs(),
        suite.separable_pairs(),
        suite.events().len(),
        suite.reachable_events().len()
    );
    let narrow = &suite.pool.narrow;
    let (caught, live) = suite.narrow_caught();
    eprintln!(
        "gen: narrow family: {} rules, {} fire on some candidate, {} live, {} fire but no candidate exposes them ({} aimed games); the suite exposes {caught} of the {live} live rules ({:.1}%)",
        narrow.family.len(),
        narrow.fired().len(),
        live,
        narrow.unexposed().len(),
        suite.pool.aimed,
        100.0 * caught as f64 / live.max(1) as f64
    );
    eprintln!(
        "gen: {} of {} solutions with two catalogue mistakes fail the suite",
        pairs() - suite.two_mistakes_passing().len(),
        pairs()
    );
    for line in &suite.pool.set_aside {
        eprintln!("gen: set aside: {line}");
    }
    if let Some(report) = against {
        for r in &report.results {
            let positions: Vec<String> = suite
                .positions(&r.fails)
                .iter()
                .map(|t| (t + 1).to_string())
                .collect();
            if positions.is_empty() {
                eprintln!(
                    "gen: wrong solution `{}`: NOT caught ({} candidates tried in the time given)",
                    r.spec, r.searched
                );
            } else {
                eprintln!(
                    "gen: wrong solution `{}` fails test {}{}",
                    r.spec,
                    positions.join(", "),
                    if r.caught_at_once {
                        String::new()
                    } else {
                        format!(" (found after {} candidates)", r.searched)
                    }
                );
            }
        }
        for a in &report.added {
            eprintln!(
                "gen: {} for `{}`",
                if a.replaced.is_some() {
                    "swapped a test in"
                } else {
                    "added a test"
                },
                a.spec
            );
        }
    }
}
