//! Chooses the deviation search's probe battery,
//! `src/deviation/battery.txt`: a few small games, chosen so that every
//! catalogue mistake changes the output of at least
//! [`CATALOGUE_DEMAND`] of them and as many narrow rules as possible
//! (the narrow family of at most two literals) change the output of one.
//! A program is run once on the whole battery when a failure is
//! diagnosed: a failing game there that the first rule found does not
//! explain is the evidence of a second mistake (a random game shows a
//! rare mistake too seldom).
//!
//! ```text
//! cargo run --release --example probe_battery [-- [--write] GAMES [POOL]]
//! ```
//!
//! The battery goes to standard output; `--write` puts it in
//! `src/deviation/battery.txt` instead (the file the search reads, so
//! every diagnosis changes with it). The battery in the repository was
//! chosen with an earlier, smaller vocabulary: today's family chooses
//! another.
//!
//! The pool is the diagnosis's own search games (`search_game`) of a few
//! seeds of its own, kept when the rules take at most [`MAX_DECISIONS`]
//! decisions on them; the choice is greedy (most new exposures, the
//! smaller game on ties) and deterministic.

use std::collections::HashMap;
use std::path::Path;

use clap::Parser;
use pigkill::catalogue::search_game;
use pigkill::deviation::Run;
use pigkill_engine::Budget;
use pigkill_reference::decision::narrow_family;
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};
use rayon::prelude::*;

/// The seed of the pool (none of the diagnosis's own seeds).
const POOL_SEED: u64 = 31_337;

/// A game of the battery takes the rules at most this many decisions
/// (400 since the 49-kind vocabulary: its kinds take more decisions per
/// game, and at 260 no pool game of 12,000 shows penalty-keeps-weapon).
const MAX_DECISIONS: usize = 400;

/// How many battery games each catalogue mistake must change.
const CATALOGUE_DEMAND: usize = 3;

/// The battery's size and the pool it is chosen from.
#[derive(Parser)]
#[command(
    about = "Chooses the deviation search's probe battery (src/deviation/battery.txt with --write)"
)]
struct Args {
    /// Write the battery over src/deviation/battery.txt (by default it goes to standard output).
    #[arg(long)]
    write: bool,
    /// How many games the battery holds.
    #[arg(default_value_t = 48, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// How many search games the battery is chosen from.
    #[arg(default_value_t = 4_000, value_parser = clap::value_parser!(u64).range(1..))]
    pool: u64,
}

fn main() {
    let Args {
        write,
        games,
        pool: pool_size,
    } = Args::parse();
    let size = games as usize;
    let family = narrow_family(2);
    let runs: Vec<Run> = (0..pool_size)
        .into_par_iter()
        .filter_map(|i| Run::right(search_game(POOL_SEED, i)))
        .filter(|run| run.log.len() <= MAX_DECISIONS)
        .collect();
    // What each game exposes: catalogue mistakes as 0..48, family rules after.
    let exposes: Vec<Vec<usize>> = runs
        .par_iter()
        .map(|run| {
            let mut out = Vec::new();
            for (k, m) in Mutation::ALL.iter().enumerate() {
                let mistaken =
                    mistaken_output(&run.game, Budget::default(), MutationSet::single(*m));
                if mistaken.is_ok_and(|o| o != run.reference) {
                    out.push(k);
                }
            }
            for (k, rule) in family.iter().enumerate() {
                if run.changed_by(rule).next().is_some()
                    && run
                        .output_with(&[*rule])
                        .is_some_and(|o| *o != run.reference)
                {
                    out.push(Mutation::ALL.len() + k);
                }
            }
            out
        })
        .collect();
    let mut demand: HashMap<usize, usize> = (0..Mutation::ALL.len())
        .map(|k| (k, CATALOGUE_DEMAND))
        .chain((0..family.len()).map(|k| (Mutation::ALL.len() + k, 1)))
        .collect();
    let exposed_at_all: std::collections::HashSet<usize> =
        exposes.iter().flatten().copied().collect();
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < size {
        let best = (0..runs.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| {
                let gain: usize = exposes[i]
                    .iter()
                    .map(|t| {
                        // A catalogue mistake weighs as much as many narrow rules.
                        let weight = if *t < Mutation::ALL.len() { 50 } else { 1 };
                        weight * usize::from(demand[t] > 0)
                    })
                    .sum();
                (i, gain)
            })
            .filter(|&(_, gain)| gain > 0)
            .max_by_key(|&(i, gain)| {
                (
                    gain,
                    std::cmp::Reverse(runs[i].log.len()),
                    std::cmp::Reverse(i),
                )
            });
        let Some((i, _)) = best else {
            break;
        };
        for t in &exposes[i] {
            let d = demand.get_mut(t).expect("a target");
            *d = d.saturating_sub(1);
        }
        chosen.push(i);
    }
    let catalogue_short: Vec<&str> = (0..Mutation::ALL.len())
        .filter(|k| demand[k] == CATALOGUE_DEMAND)
        .map(|k| Mutation::ALL[k].name())
        .collect();
    let rules_exposed = (0..family.len())
        .filter(|k| demand[&(Mutation::ALL.len() + k)] == 0)
        .count();
    let rules_live = (0..family.len())
        .filter(|k| exposed_at_all.contains(&(Mutation::ALL.len() + k)))
        .count();
    let decisions: usize = chosen.iter().map(|&i| runs[i].log.len()).sum();
    eprintln!(
        "pool {} small games of {pool_size}; battery {} games, {decisions} decisions in all; \
         catalogue mistakes exposed by none: {catalogue_short:?}; narrow rules exposed {rules_exposed} \
         of {rules_live} live in the pool ({} in the family)",
        runs.len(),
        chosen.len(),
        family.len()
    );
    let text: Vec<String> = chosen.iter().map(|&i| runs[i].game.to_text()).collect();
    if !write {
        println!("{}", text.join("\n"));
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/deviation/battery.txt");
    if let Err(e) = std::fs::write(&path, text.join("\n")) {
        eprintln!("error: cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}
