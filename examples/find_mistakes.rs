//! The reproducible search behind `tests/fixtures/mistakes/`: for each
//! mistake of the catalogue, the first game of the showcase search
//! (`pigkill::catalogue`, seed `SEARCH_SEED`) where its output differs
//! from every other variant's (or, failing that, from the reference's),
//! shrunk to a small game, written as `ID.in` with an `ID.md` note.
//!
//! ```sh
//! cargo run --release --example find_mistakes -- [--force] [--max-games N] [--seconds S] [ID...]
//! ```
//!
//! Existing fixtures are kept unless `--force` is given.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use clap::Parser;
use pigkill::catalogue::{find_showcase, Outputs, Showcase, SEARCH_SEED};
use pigkill::diff::explain_divergence;
use pigkill::fixtures::write_atomic;
use pigkill::solution::CompareMode;
use pigkill_engine::Budget;
use pigkill_reference::mutants::{MutantEngine, Mutation};
use pigkill_reference::ReferenceEngine;
use rayon::prelude::*;

/// Which fixtures to search for, and how hard.
#[derive(Parser)]
#[command(about = "Searches and writes the catalogue's fixtures (tests/fixtures/mistakes/)")]
struct Args {
    /// Search again and overwrite fixtures that exist.
    #[arg(long)]
    force: bool,
    /// At most this many search games per mistake.
    #[arg(long, default_value_t = 200_000)]
    max_games: u64,
    /// At most this many seconds per mistake.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Only these mistakes (catalogue ids; all when none is given).
    #[arg(value_parser = mistake)]
    ids: Vec<Mutation>,
}

/// A catalogue mistake by its id.
fn mistake(id: &str) -> Result<Mutation, String> {
    Mutation::from_name(id).ok_or_else(|| {
        format!("unknown mistake '{id}' (expected a catalogue id, e.g. unlimited-kills)")
    })
}

fn main() {
    let Args {
        force,
        max_games,
        seconds,
        ids: only,
    } = Args::parse();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mistakes");
    std::fs::create_dir_all(&dir).expect("the fixture folder can be made");
    let wanted: Vec<Mutation> = Mutation::ALL
        .into_iter()
        .filter(|m| only.is_empty() || only.contains(m))
        .filter(|m| force || !dir.join(format!("{}.in", m.name())).exists())
        .collect();
    let results: Vec<(Mutation, Option<Showcase>)> = wanted
        .par_iter()
        .map(|&m| {
            let found = find_showcase(
                m,
                SEARCH_SEED,
                max_games,
                Duration::from_secs(seconds),
                CompareMode::Lines,
            );
            (m, found)
        })
        .collect();
    for (mutation, found) in results {
        let Some(showcase) = found else {
            println!("{mutation}: NOT FOUND in {max_games} games");
            continue;
        };
        let input = showcase.game.to_text();
        let note = note(&showcase);
        write_atomic(&dir.join(format!("{mutation}.in")), input.as_bytes())
            .expect("the fixture can be written");
        write_atomic(&dir.join(format!("{mutation}.md")), note.as_bytes())
            .expect("the note can be written");
        println!(
            "{mutation}: {} pigs, {} deck cards (search game {}){}",
            showcase.game.pig_count(),
            showcase.game.deck().len(),
            showcase.index,
            if showcase.stands_alone {
                ""
            } else {
                ", NOT distinct from every other variant"
            }
        );
    }
}

/// The fixture's note: the rule, the mistake, and where this game first
/// plays differently, with both outputs.
fn note(showcase: &Showcase) -> String {
    let m = showcase.mutation;
    let budget = Budget::default();
    let divergence = explain_divergence(&ReferenceEngine, &MutantEngine(m), &showcase.game, budget);
    let outputs = Outputs::of(&showcase.game, budget);
    let mut text = format!(
        "# {id}\n\nRule broken: rules.md, \"{section}\". The mistake: {description}. ",
        id = m.name(),
        section = m.section(),
        description = m.description(),
    );
    let [reference_event, mistaken_event] = divergence.first_events();
    match (reference_event, mistaken_event) {
        (Some(a), Some(b)) if a != b => {
            let _ = write!(
                text,
                "On this game the mistaken engine first plays differently at event {}: \
                 the reference has `{a}` where the mistaken engine has `{b}`. ",
                divergence.first_difference + 1
            );
        }
        _ => text.push_str("On this game both play alike; only the printed output differs. "),
    }
    let _ = write!(
        text,
        "So the outputs differ{}. Found by `cargo run --release --example find_mistakes` \
         (search game {}, shrunk).\n\nReference output:\n\n```\n{}```\n\nMistaken output:\n\n```\n{}```\n",
        if showcase.stands_alone {
            ", and the mistaken output differs from every other single variant's"
        } else {
            ""
        },
        showcase.index,
        outputs.reference.as_deref().unwrap_or("(does not end)\n"),
        outputs.of_variant(m).unwrap_or("(does not end)\n"),
    );
    text
}
