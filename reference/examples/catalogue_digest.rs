//! A digest of what every catalogue mistake prints on many generated
//! games, to compare two versions of the decision vocabulary: when kinds,
//! features or alternatives change, each mistake's deviation rules must
//! still print exactly what they printed before.
//!
//! ```text
//! cargo run --release -p pigkill-reference --example catalogue_digest -- [games] [seed]
//! ```
//!
//! One line per mistake: its id, a 64-bit FNV-1a digest of its outputs
//! (a game that does not end counts as the text `did not end`), how many
//! games its output differs from the right one and how many did not end.
//! Run it on both versions and `diff` the two listings.

use pigkill_engine::Budget;
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};

/// FNV-1a over `bytes`, continuing from `hash`.
fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_026);
    let profiles: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|&p| p != Profile::Big)
        .collect();
    let games: Vec<_> = (0..count)
        .map(|i| {
            generate(
                profiles[(i % profiles.len() as u64) as usize],
                game_seed(seed, i),
            )
        })
        .collect();
    let budget = Budget::default();
    let right: Vec<Option<String>> = games
        .iter()
        .map(|g| mistaken_output(g, budget, MutationSet::EMPTY).ok())
        .collect();
    for mutation in Mutation::ALL {
        let (mut hash, mut differ, mut endless) = (0xcbf2_9ce4_8422_2325u64, 0, 0);
        for (game, right) in games.iter().zip(&right) {
            let out = mistaken_output(game, budget, MutationSet::single(mutation)).ok();
            hash = fnv(hash, out.as_deref().unwrap_or("did not end").as_bytes());
            hash = fnv(hash, b"\0");
            differ += usize::from(&out != right);
            endless += usize::from(out.is_none());
        }
        println!(
            "{:<38} {hash:016x} differs {differ:>6} endless {endless:>5}",
            mutation.name()
        );
    }
}
