//! The generators' sources of choices: a seeded ChaCha8 stream whose output
//! depends on nothing but the `u64` seed (no distribution helper of `rand`
//! whose output may change between releases), and a byte source over
//! `arbitrary`'s `Unstructured`, both behind one small [`Source`] trait so
//! that one game builder serves seeds, fuzz bytes and proptest alike.

use arbitrary::Unstructured;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The golden-ratio increment of SplitMix64.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective mix of one `u64`.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `index`-th output (from 0) of a SplitMix64 generator started at `state`.
pub const fn splitmix64(state: u64, index: u64) -> u64 {
    mix64(state.wrapping_add(index.wrapping_add(1).wrapping_mul(GOLDEN)))
}

/// Where a game builder takes its choices from.
pub(crate) trait Source {
    /// A number in `0..n`; `n` is at least 1.
    fn below(&mut self, n: u32) -> u32;

    /// A number in `lo..=hi` (`lo <= hi`).
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        debug_assert!(lo <= hi);
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// The index of an entry of `weights`, each with probability
    /// proportional to its weight; index 0 when every weight is 0.
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut r = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        unreachable!("r < total")
    }
}

/// A ChaCha8 stream seeded from a `u64`.
///
/// The 32-byte ChaCha key is four SplitMix64 outputs of the seed (not
/// `rand_core`'s `seed_from_u64`, whose expansion is a convenience that a
/// release may change), and numbers below `n` are drawn by Lemire's
/// multiply-and-reject method on `next_u32`: the stream of games depends
/// only on the ChaCha8 algorithm and this file.
pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    /// The stream for `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        let mut key = [0u8; 32];
        for (i, chunk) in key.chunks_exact_mut(8).enumerate() {
            chunk.copy_from_slice(&splitmix64(seed, i as u64).to_le_bytes());
        }
        Rng(ChaCha8Rng::from_seed(key))
    }

    /// The next 32 bits of the stream.
    pub(crate) fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
}

impl Source for Rng {
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// Choices read from fuzz bytes: each choice takes as few bytes as its
/// range needs, and every choice is 0 once the bytes run out, so that any
/// byte string, even an empty one, gives a game.
pub(crate) struct Bytes<'u, 'a>(pub(crate) &'u mut Unstructured<'a>);

impl Source for Bytes<'_, '_> {
    fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        self.0.int_in_range(0..=n - 1).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Rng::new(7);
        for n in [1u32, 2, 3, 7, 10, 1000] {
            let mut seen = vec![false; n as usize];
            for _ in 0..20 * n {
                let v = rng.below(n);
                assert!(v < n);
                seen[v as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "n = {n}");
        }
    }

    #[test]
    fn the_stream_is_pinned() {
        // ChaCha8 keyed by SplitMix64(seed): these numbers must never change.
        let mut rng = Rng::new(0);
        let first: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        let mut again = Rng::new(0);
        let second: Vec<u32> = (0..4).map(|_| again.next_u32()).collect();
        assert_eq!(first, second);
        assert_eq!(
            first,
            [764_339_688, 3_214_201_139, 2_799_327_745, 980_649_845]
        );
        assert_eq!(splitmix64(0, 0), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn weighted_skips_zero_weights() {
        let mut rng = Rng::new(3);
        for _ in 0..1000 {
            let i = rng.weighted(&[0, 5, 0, 1]);
            assert!(i == 1 || i == 3);
        }
        assert_eq!(rng.weighted(&[0, 0]), 0);
    }
}
