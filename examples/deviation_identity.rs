//! What the deviation search finds, printed whole and made the same at
//! any load: for checking that a change of how the search runs (not of
//! what it looks for) leaves every finding as it was. Diff the output of
//! the binary before and after the change.
//!
//! - Each catalogue mistake's minimised failure
//!   (`tests/fixtures/mistakes/ID.in`) with the mistaken engine as the
//!   program, as `benches/deviation.rs` runs it.
//! - Each built program `DIR/narrow-*` (if a DIR is given): the first of
//!   the search's fresh games it fails, with the program itself run on
//!   fresh games.
//!
//! Every search has a budget counted in engine runs, and no clock.
//!
//! ```text
//! cargo run --release --example deviation_identity -- [DIR]
//! ```

use std::path::Path;

use pigkill::catalogue::search_game;
use pigkill::deviation::{find, DeviationOptions, Finding, Run};
use pigkill::solution::{Command, CompareMode, Limits, Worker};
use pigkill_engine::{parse_game_bytes, Budget, Game};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};

/// The budget of each search, in deviated engine runs (the bench's).
const RUNS: u64 = 400_000;

/// The most fresh games looked at for a failure of a built program.
const LOOKED_AT: u64 = 3_000;

/// The seed of the games a built program is tried on.
const SEED: u64 = 20_261_202;

fn options() -> DeviationOptions {
    DeviationOptions {
        mode: CompareMode::Lines,
        runs: Some(RUNS),
        ..DeviationOptions::default()
    }
}

/// The finding, without the time it took.
fn show(name: &str, finding: Option<Finding>) {
    match finding {
        None => println!("{name}: none"),
        Some(mut f) => {
            f.elapsed = std::time::Duration::ZERO;
            println!("{name}: {f:?}");
        }
    }
}

fn catalogue() {
    for m in Mutation::ALL {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/fixtures/mistakes/{}.in", m.name()));
        let Ok(bytes) = std::fs::read(&path) else {
            println!("{}: no fixture", m.name());
            continue;
        };
        let game = parse_game_bytes(&bytes).expect("a game");
        let set = MutationSet::single(m);
        let Ok(actual) = mistaken_output(&game, Budget::default(), set) else {
            println!("{}: the mistaken engine does not end", m.name());
            continue;
        };
        let mut program = |g: &Game| {
            mistaken_output(g, Budget::default(), set)
                .ok()
                .map(String::into_bytes)
        };
        let run = Run::new(game, actual.as_bytes(), CompareMode::Lines).expect("the game ends");
        show(
            m.name(),
            find(vec![run], Vec::new(), Some(&mut program), &options()),
        );
    }
}

fn built(dir: &Path) {
    let mut exes: Vec<_> = std::fs::read_dir(dir)
        .expect("DIR")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("narrow-"))
        })
        .collect();
    exes.sort();
    let limits = Limits {
        timeout: std::time::Duration::from_secs(10),
        ..Limits::default()
    };
    for exe in exes {
        let name = exe.file_name().unwrap().to_string_lossy().into_owned();
        let command = Command::parse(&exe.display().to_string()).expect("a command");
        let mut worker = Worker::new().expect("a working directory");
        let mut program = |g: &Game| {
            worker
                .run(&command, g.to_text().as_bytes(), &limits)
                .ok()
                .map(|r| r.stdout.clone())
        };
        let failing = (0..LOOKED_AT).find_map(|i| {
            let game = search_game(SEED, i);
            let out = program(&game)?;
            Run::new(game, &out, CompareMode::Lines).filter(|run| !run.passed)
        });
        match failing {
            None => println!("{name}: no failing game"),
            Some(run) => show(
                &name,
                find(vec![run], Vec::new(), Some(&mut program), &options()),
            ),
        }
    }
}

fn main() {
    catalogue();
    if let Some(dir) = std::env::args().nth(1) {
        built(Path::new(&dir));
    }
}
