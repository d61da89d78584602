//! How well strength-chosen suites catch mistakes they were not chosen
//! for. A stand-in for wrong solutions the suite has never seen.
//!
//! - Narrow rules (the default): for each seed the narrow family is split
//!   in two at random; the suite is chosen against one half, and the other
//!   half is scanned on the same pool: how many of its live rules (those
//!   some candidate exposes) fail some test.
//! - Catalogue mistakes (`--catalogue`): for each seed and each mistake,
//!   the suite is chosen from the same pool as if that mistake were not
//!   in the catalogue (its exposures cleared), and the held-out mistake is
//!   then played on the chosen tests.
//!
//! ```sh
//! cargo run --release --example suite_holdout -- 1 10 [POOL_SCALE] [--catalogue]
//! ```

use std::sync::Arc;

use clap::Parser;

use pigkill::suite::exposure::catalogue;
use pigkill::suite::narrow::Family;
use pigkill::suite::select::choose;
use pigkill::suite::{build, PoolSizes, Suite, SuiteOptions};

/// The seeds to choose suites for, and what to hold out.
#[derive(Parser)]
#[command(
    about = "How well suites catch the narrow rules (or catalogue mistakes) they were not chosen for"
)]
struct Args {
    /// The first seed.
    #[arg(default_value_t = 1)]
    first: u64,
    /// The last seed (inclusive).
    #[arg(default_value_t = 10)]
    last: u64,
    /// The candidate pool's size, as a multiple of the default pool.
    #[arg(default_value_t = 1.0)]
    pool_scale: f64,
    /// Hold out catalogue mistakes, one at a time, instead of half the narrow family.
    #[arg(long)]
    catalogue: bool,
}

fn main() {
    let Args {
        first,
        last,
        pool_scale,
        catalogue: catalogue_mode,
    } = Args::parse();
    if first > last || !pool_scale.is_finite() || pool_scale <= 0.0 {
        eprintln!(
            "error: expected FIRST <= LAST and a finite POOL_SCALE above 0, got {first}, {last}, {pool_scale}"
        );
        std::process::exit(2);
    }
    let options = SuiteOptions {
        pool: PoolSizes::DEFAULT.scaled(pool_scale),
        ..SuiteOptions::default()
    };
    let family = Arc::new(Family::narrow());
    let (mut caught_total, mut runs) = (0, 0);
    for seed in first..=last {
        let (caught, of) = if catalogue_mode {
            held_out_mistakes(seed, &options)
        } else {
            held_out_half(seed, &options, &family)
        };
        caught_total += caught;
        runs += of;
    }
    println!(
        "all seeds: {caught_total} of {runs} ({:.2}%)",
        100.0 * caught_total as f64 / runs.max(1) as f64
    );
}

/// The suite chosen against one half of the narrow family: how many live
/// rules of the other half fail some test.
fn held_out_half(seed: u64, options: &SuiteOptions, family: &Family) -> (usize, usize) {
    let (known, held_out) = family.halves(seed);
    let suite = build(
        seed,
        &SuiteOptions {
            family: Some(Arc::new(known)),
            ..options.clone()
        },
    );
    let (known_caught, known_live) = suite.narrow_caught();
    let mut pool = suite.pool.clone();
    pool.rescan(Arc::new(held_out));
    pool.complete_all(&suite.tests);
    let blind = Suite { pool, ..suite };
    let (held, live) = blind.narrow_caught();
    println!(
        "seed {seed}: chosen against {} rules ({known_caught} of {known_live} live caught); \
         held out {} rules: {held} of {live} live caught ({:.2}%), {:.1} s",
        family.len() - blind.pool.narrow.family.len(),
        blind.pool.narrow.family.len(),
        100.0 * held as f64 / live.max(1) as f64,
        blind.elapsed.as_secs_f64()
    );
    (held, live)
}

/// Each catalogue mistake held out in turn: how many fail the suite chosen
/// without them.
fn held_out_mistakes(seed: u64, options: &SuiteOptions) -> (usize, usize) {
    let suite = build(seed, options);
    let mut missed = Vec::new();
    for (m, mutation) in catalogue().iter().enumerate() {
        let mut blind = suite.pool.clone();
        for c in &mut blind.candidates {
            let mut without = pigkill::suite::MutantSet::new();
            for other in c.exposes.iter().filter(|&o| o != m) {
                without.insert(other);
            }
            c.exposes = without;
        }
        let tests = choose(&mut blind);
        if !tests
            .iter()
            .any(|&id| suite.pool.candidates[id].exposes.contains(m))
        {
            missed.push(mutation.name());
        }
    }
    println!(
        "seed {seed}: {} of {} held-out mistakes caught{}",
        catalogue().len() - missed.len(),
        catalogue().len(),
        if missed.is_empty() {
            String::new()
        } else {
            format!(" (missed: {})", missed.join(", "))
        }
    );
    (catalogue().len() - missed.len(), catalogue().len())
}
