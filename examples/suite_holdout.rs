//! How well strength-chosen suites catch mistakes they were not chosen
//! for: for each seed and each catalogue mistake, the suite is chosen from
//! the same pool as if that mistake were not in the catalogue (its
//! exposures cleared), and the held-out mistake is then played on the
//! chosen tests. A stand-in for wrong solutions the suite has never seen.
//!
//! ```sh
//! cargo run --release --example suite_holdout -- 1 10 [POOL_SCALE]
//! ```

use pigkill::suite::exposure::catalogue;
use pigkill::suite::select::choose;
use pigkill::suite::{build, PoolSizes, SuiteOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: f64| {
        args.get(i)
            .and_then(|a| a.parse::<f64>().ok())
            .unwrap_or(default)
    };
    let (first, last, scale) = (
        number(0, 1.0) as u64,
        number(1, 10.0) as u64,
        number(2, 1.0),
    );
    let options = SuiteOptions {
        pool: PoolSizes::DEFAULT.scaled(scale),
        ..SuiteOptions::default()
    };
    let mut caught_total = 0;
    let mut runs = 0;
    for seed in first..=last {
        let suite = build(seed, &options);
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
            let tests = choose(&blind);
            let caught = tests
                .iter()
                .any(|&id| suite.pool.candidates[id].exposes.contains(m));
            runs += 1;
            if caught {
                caught_total += 1;
            } else {
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
    }
    println!("all seeds: {caught_total} of {runs}");
}
