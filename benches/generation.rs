//! Generation speed: the time `pigkill_generators::generate` takes for one
//! game of each profile (without running it), the budget being a few
//! microseconds a game so that generation stays a small part of the
//! harness's 100,000 games a second.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use pigkill_generators::{game_seed, generate, Profile};

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    for profile in Profile::ALL {
        let mut index = 0u64;
        group.bench_function(profile.name(), |b| {
            b.iter_batched(
                || {
                    index += 1;
                    game_seed(2010, index)
                },
                |seed| generate(profile, seed),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, generation);
criterion_main!(benches);
