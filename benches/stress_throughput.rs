//! `pigkill stress` end to end on every core: generate a `mixed` game from
//! (seed, index), play it on both engines, compare; games that do not end
//! are counted as rejected, as the command does. Reported in games/s.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pigkill::engines;
use pigkill::stress::{run, Counters, Limit, Shard, StressOptions};
use pigkill_engine::Budget;
use pigkill_generators::{game_seed, generate, Profile};

const GAMES: u64 = 20_000;

fn stress(c: &mut Criterion) {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = StressOptions {
        limit: Limit::Count(GAMES),
        jobs,
        shard: Shard::WHOLE,
        budget: Budget::default(),
        max_divergences: 1,
    };
    let game_at = |i: u64| generate(Profile::Mixed, game_seed(7, i));
    // The engines must agree here, or the figure would time divergence reports.
    let check = run(
        &options,
        engines::pair(),
        &game_at,
        &Counters::default(),
        &|_| {},
    );
    assert_eq!(
        check.divergences, 0,
        "the engines disagree: fix that before timing"
    );
    let mut group = c.benchmark_group("stress_throughput");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(format!("mixed_{jobs}_jobs"), |b| {
        b.iter(|| {
            run(
                &options,
                engines::pair(),
                &game_at,
                &Counters::default(),
                &|_| {},
            )
        });
    });
    group.finish();
}

criterion_group!(benches, stress);
criterion_main!(benches);
