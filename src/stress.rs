//! The stress loop: many games, each derived from (run seed, index), played
//! on two engines side by side on every core, with divergences collected
//! by signature. Where the games come from is a parameter, so the same
//! loop serves every generator profile, and tests can feed it anything.
//!
//! Game `i` of a run is always the same game, whatever the number of jobs
//! or shards, so a divergence found anywhere is reproduced from its seed
//! and index alone. `--shard K/N` takes the indices `i` with
//! `i % N == K - 1`: disjoint slices that together make the whole run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pigkill_engine::{Budget, Engine, Game};

use crate::diff::{play, Divergence, Signature, Verdict};
pub use crate::shard::Shard;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// After game indices `0..count` (this shard's share of them).
    Count(u64),
    /// After this much time.
    Time(Duration),
}

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct StressOptions {
    /// When to stop.
    pub limit: Limit,
    /// Worker threads.
    pub jobs: usize,
    /// Which slice of the run.
    pub shard: Shard,
    /// Each engine's budget per game.
    pub budget: Budget,
    /// Stop early after this many divergences in all.
    pub max_divergences: u64,
}

/// A divergence as found, with where its game came from.
#[derive(Clone, Debug)]
pub struct Found {
    /// The game's index in the run.
    pub index: u64,
    /// The game.
    pub game: Game,
    /// What the engines did.
    pub divergence: Divergence,
}

/// Counters, readable while the run goes on.
#[derive(Debug, Default)]
pub struct Counters {
    /// Games generated and played.
    pub games: AtomicU64,
    /// Games both engines agree do not end (rejected as tests, not divergences).
    pub rejected: AtomicU64,
    /// Games where the engines disagree.
    pub divergences: AtomicU64,
}

/// What a run did.
#[derive(Debug)]
pub struct Summary {
    /// Games played (including rejected ones).
    pub games: u64,
    /// Games both engines agree do not end.
    pub rejected: u64,
    /// Games where the engines disagree.
    pub divergences: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// The first divergence found of each distinct signature, in order of index.
    pub found: Vec<Found>,
    /// How many divergences each signature had.
    pub per_signature: Vec<(Signature, u64)>,
}

impl Summary {
    /// Games per second over the run's wall time.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs the stress loop.
///
/// `game_at(index)` builds game `index` (deterministically); `counters` can
/// be watched from another thread for progress; `on_found` is called once
/// for the first divergence of each new signature, as soon as it is found
/// (so that it can be saved before anything else happens).
pub fn run(
    options: &StressOptions,
    engines: [&dyn Engine; 2],
    game_at: &(dyn Fn(u64) -> Game + Sync),
    counters: &Counters,
    on_found: &(dyn Fn(&Found) + Sync),
) -> Summary {
    const CHUNK: u64 = 64;
    let start = Instant::now();
    let next_slot = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let signatures: Mutex<HashMap<Signature, (u64, Option<Found>)>> = Mutex::new(HashMap::new());
    let jobs = options.jobs.max(1);
    let in_range = |index: u64| match options.limit {
        Limit::Count(count) => index < count,
        Limit::Time(limit) => start.elapsed() < limit,
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let first = next_slot.fetch_add(CHUNK, Ordering::Relaxed);
                    if !in_range(options.shard.game_index(first)) {
                        break;
                    }
                    for slot in first..first + CHUNK {
                        let index = options.shard.game_index(slot);
                        if stop.load(Ordering::Relaxed)
                            || !matches!(options.limit, Limit::Time(_)) && !in_range(index)
                        {
                            break;
                        }
                        let game = game_at(index);
                        let verdicts = [
                            play(engines[0], &game, options.budget),
                            play(engines[1], &game, options.budget),
                        ];
                        counters.games.fetch_add(1, Ordering::Relaxed);
                        if verdicts[0] == verdicts[1]
                            && !matches!(verdicts[0], Verdict::Panicked(_))
                        {
                            if verdicts[0].did_not_end() {
                                counters.rejected.fetch_add(1, Ordering::Relaxed);
                            }
                            continue;
                        }
                        let total = counters.divergences.fetch_add(1, Ordering::Relaxed) + 1;
                        if total >= options.max_divergences {
                            stop.store(true, Ordering::Relaxed);
                        }
                        let divergence = crate::diff::explain_divergence(
                            engines[0],
                            engines[1],
                            &game,
                            options.budget,
                        );
                        let signature = divergence.signature;
                        let mut table = signatures.lock().unwrap_or_else(|e| e.into_inner());
                        let entry = table.entry(signature).or_insert((0, None));
                        entry.0 += 1;
                        if entry.1.is_none() {
                            let found = Found {
                                index,
                                game,
                                divergence,
                            };
                            on_found(&found);
                            entry.1 = Some(found);
                        }
                    }
                }
            });
        }
    });
    let table = signatures.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut per_signature: Vec<(Signature, u64)> =
        table.iter().map(|(s, (n, _))| (*s, *n)).collect();
    per_signature.sort_by_key(|s| std::cmp::Reverse(s.1));
    let mut found: Vec<Found> = table.into_values().filter_map(|(_, f)| f).collect();
    found.sort_by_key(|f| f.index);
    Summary {
        games: counters.games.load(Ordering::Relaxed),
        rejected: counters.rejected.load(Ordering::Relaxed),
        divergences: counters.divergences.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        found,
        per_signature,
    }
}
