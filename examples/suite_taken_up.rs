//! Every narrow rule that fires on some generated games, played from the
//! deal or taken up from the plain run kept at each turn's start (what
//! `gen --suite` does since session 17: `pigkill_reference::resume`), for
//! a count of instructions that load does not change:
//!
//! ```text
//! valgrind --tool=cachegrind --cache-sim=no \
//!     target/release/examples/suite_taken_up deal|taken [GAMES] [full|big]
//! ```
//!
//! Session 17, 12 `full` games (101,110 runs, 69,044 of them end): 16.77 G
//! instructions from the deal, 14.44 G taken up (-13.9%).

use pigkill::suite::narrow::{deviated_budget, Family};
use pigkill_engine::Budget;
use pigkill_generators::{generate, Profile};
use pigkill_reference::decision::{deviated_output, Deviation, Logged};
use pigkill_reference::resume::{Changes, TurnStarts};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: suite_taken_up deal|taken [GAMES (12)] [full|big]";
    let taken = match args.first().map(String::as_str) {
        Some("taken") => true,
        Some("deal") => false,
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let Ok(games) = args.get(1).map_or(Ok(12), |n| n.parse::<u64>()) else {
        eprintln!("{usage}: GAMES is a count of games");
        std::process::exit(2);
    };
    let profile = match args.get(2).map(String::as_str) {
        Some("big") => Profile::Big,
        None | Some("full") => Profile::Full,
        Some(other) => {
            eprintln!("{usage}: no profile {other}");
            std::process::exit(2);
        }
    };
    let family = Family::narrow();
    let (mut runs, mut ended) = (0, 0);
    for seed in 0..games {
        let game = generate(profile, 1_000 + seed);
        let mut log = Vec::new();
        let (_, starts) = TurnStarts::record(&game, Budget::default(), Logged::ALL, &mut log);
        let budget = deviated_budget(starts.turns());
        for id in family.firing(&log) {
            let rule = family.rule(id);
            let Some(changes) = Changes::in_log(&log, |d| rule.changes(d)) else {
                continue;
            };
            let deviation = [Deviation::Rule(rule)];
            let run = if taken {
                let none = Logged::for_rules(&[]);
                let mut log = Vec::new();
                starts
                    .deviated_output_logged(changes, budget, &deviation, none, &mut log)
                    .0
            } else {
                deviated_output(&game, budget, &deviation)
            };
            runs += 1;
            ended += usize::from(run.is_ok());
        }
    }
    println!("{runs} runs, {ended} of them end");
}
