//! Where a wrong program's failing games can be explained, game by game:
//! for each program, every single decision made otherwise that
//! reproduces its output, on the game `pigkill check` minimised and on a
//! few other failing games of fresh games, and the places (decision kind
//! and alternative, with its `rules.md` section) ranked by how many of
//! those games one instance of the place explains. A tool for telling a
//! missing decision point from an ambiguous one (several places explain
//! the minimised game; which explains the most games?).
//!
//! ```text
//! cargo run --release --example deviation_places -- [--games N] PROGRAM...
//! ```
//!
//! Each decision of the minimised game is scored on up to 8 other failing
//! games and 30 passing ones (`[closer+ farther- exact= pN]` for its kind
//! and alternative anywhere, then in its whole context; `pN`: passing
//! games whose output it changes); `--games 0` lists the minimised game's
//! decisions only.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command as Process, Stdio};

use clap::Parser;
use pigkill::catalogue::search_game;
use pigkill::deviation::{explain, DeviationOptions, Run, Step};
use pigkill::solution::CompareMode;
use pigkill_engine::{parse_game, Game};
use pigkill_reference::decision::{ContextRule, DeviationRule};

mod common;

const MODE: CompareMode = CompareMode::Lines;

/// The programs, and how many other failing games each place is scored on.
#[derive(Parser)]
#[command(about = "Where a wrong program's failing games can be explained, game by game")]
struct Args {
    /// How many other failing games (0: the minimised game's decisions only).
    #[arg(long, default_value_t = 6)]
    games: usize,
    /// The programs (executables reading a game on stdin).
    #[arg(required = true)]
    programs: Vec<std::path::PathBuf>,
}

fn main() {
    let Args { games, programs } = Args::parse();
    for exe in &programs {
        places(exe, games);
    }
}

/// What `exe` prints on `game` (`None` when it fails to run).
fn output(exe: &Path, game: &Game) -> Option<Vec<u8>> {
    let mut child = Process::new("timeout")
        .arg("2")
        .arg(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()?
        .write_all(game.to_string().as_bytes())
        .ok()?;
    let out = child.wait_with_output().ok()?;
    Some(out.stdout)
}

/// Fresh game `index` of `seed`, with what `exe` prints on it and the
/// decisions the rules make there (`None` when the program fails to run
/// or the game does not end).
fn fresh_run(exe: &Path, seed: u64, index: u64) -> Option<Run> {
    let game = search_game(seed, index);
    let out = output(exe, &game)?;
    Run::new(game, &out, MODE)
}

/// How many output lines of `out` equal the program's (`actual`), by position.
fn close(out: &str, actual: &str) -> i64 {
    out.lines()
        .zip(actual.lines())
        .filter(|(a, b)| a == b)
        .count() as i64
}

/// A step's place as rules: its kind and alternative anywhere, and under
/// every listed feature of its kind reading as it did there.
fn place_rules(step: &Step) -> [DeviationRule; 2] {
    let d = &step.decision;
    let mask = d.kind.feature_mask();
    let any = DeviationRule {
        kind: d.kind,
        when: ContextRule::ALWAYS,
        choose: step.choose,
    };
    let full = DeviationRule {
        when: ContextRule {
            mask,
            values: d.context.0 & mask,
        },
        ..any
    };
    [any, full]
}

/// For each rule: on how many `others` it brings the output closer to
/// the program's, and farther (or it does not end), and on how many it is exact.
fn closeness(rule: &DeviationRule, others: &[Run]) -> (usize, usize, usize) {
    let (mut closer, mut farther, mut exact) = (0, 0, 0);
    for run in others {
        let base = close(&run.reference, &run.actual);
        match run.output_with(&[*rule]) {
            None => farther += 1,
            Some(out) => {
                let c = close(&out, &run.actual);
                if out == run.actual {
                    exact += 1;
                }
                if c > base {
                    closer += 1;
                } else if c < base {
                    farther += 1;
                }
            }
        }
    }
    (closer, farther, exact)
}

/// The places of the single explanations of `run`, printed.
fn singles(label: &str, run: &Run) -> Vec<(String, String)> {
    singles_with(label, run, &[], &[])
}

/// [`singles`], each scored on `others` (failing) and `passing`.
fn singles_with(label: &str, run: &Run, others: &[Run], passing: &[Run]) -> Vec<(String, String)> {
    let options = DeviationOptions {
        pair_runs: 0,
        ..DeviationOptions::default()
    };
    let clock = pigkill::deviation::Clock::start(&options);
    let found = explain(run, &options, clock);
    let mut places: Vec<(String, String)> = Vec::new();
    println!(
        "  {label}: {} decisions, {} singles",
        run.log.len(),
        found.len()
    );
    for e in found.iter().filter(|e| e.steps.len() == 1) {
        let s = &e.steps[0];
        let kind = s.decision.kind;
        let place = (
            kind.section().to_string(),
            format!(
                "{} -> {}",
                kind.id(),
                kind.alternatives()[s.choose.0 as usize]
            ),
        );
        let mut scores = String::new();
        if !others.is_empty() {
            for rule in place_rules(s) {
                let (c, f, x) = closeness(&rule, others);
                let (pc, pf, _) = closeness(&rule, passing);
                let _ = pc;
                scores.push_str(&format!(" [{c}+ {f}- {x}= p{pf}]"));
            }
        }
        println!(
            "    {:<22} {} (turn {}, pig {}){scores}",
            place.0,
            place.1,
            s.decision.turn,
            s.decision.actor + 1
        );
        if !places.contains(&place) {
            places.push(place);
        }
    }
    places
}

fn places(exe: &Path, games: usize) {
    println!("== {}", exe.display());
    let Some((report, _)) = common::first_failure(exe, 1, MODE, Some(1)) else {
        println!("  no failure");
        return;
    };
    let Ok(game) = parse_game(&report.input) else {
        println!("  minimised game unreadable");
        return;
    };
    let Some(first) = Run::new(game, report.actual.as_bytes(), MODE) else {
        return;
    };
    let mut count: BTreeMap<(String, String), usize> = BTreeMap::new();
    let (mut others, mut passing) = (Vec::new(), Vec::new());
    // With `--games 0`, only the minimised game's decisions are listed.
    let gathered = if games == 0 { 0 } else { 600 };
    for index in 0..gathered {
        if others.len() >= 8 && passing.len() >= 30 {
            break;
        }
        let Some(run) = fresh_run(exe, 77, index) else {
            continue;
        };
        if run.log.len() > 600 {
            continue;
        }
        if run.passed {
            if passing.len() < 30 {
                passing.push(run);
            }
        } else if others.len() < 8 {
            others.push(run);
        }
    }
    for p in singles_with("minimised", &first, &others, &passing) {
        *count.entry(p).or_default() += 1;
    }
    let mut found = 0;
    for index in 0..4_000 {
        if found >= games {
            break;
        }
        let Some(run) = fresh_run(exe, 99, index) else {
            continue;
        };
        if run.passed || run.log.len() > 400 {
            continue;
        }
        found += 1;
        for p in singles(&format!("fresh {index}"), &run) {
            *count.entry(p).or_default() += 1;
        }
    }
    let mut ranked: Vec<_> = count.into_iter().collect();
    ranked.sort_by_key(|(p, n)| (std::cmp::Reverse(*n), p.clone()));
    println!("  places (games explained of {}):", found + 1);
    for ((section, place), n) in ranked.iter().take(8) {
        println!("    {n:>2} {section:<22} {place}");
    }
}
