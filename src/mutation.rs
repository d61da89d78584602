//! Mutation testing of the harness itself: for each deliberately wrong
//! variant of the reference engine (`pigkill_reference::mutants`), how many
//! generated games it takes the differential runner to catch it.

use pigkill_engine::{Budget, Engine};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{MutantEngine, Mutation};

use crate::diff::{compare, Signature};

/// When and how a mutant was caught.
#[derive(Clone, Debug)]
pub struct Caught {
    /// The mutant.
    pub mutation: Mutation,
    /// How many games were played up to and including the first divergence.
    pub games: u64,
    /// The first divergence's signature.
    pub signature: Signature,
}

/// Plays games `0..max_games` of (`profile`, `seed`) in order on `engine`
/// and the mutant until they first disagree.
pub fn catch(
    engine: &dyn Engine,
    mutation: Mutation,
    profile: Profile,
    seed: u64,
    max_games: u64,
) -> Option<Caught> {
    let mutant = MutantEngine(mutation);
    (0..max_games).find_map(|index| {
        let game = generate(profile, game_seed(seed, index));
        compare(engine, &mutant, &game, Budget::default()).map(|divergence| Caught {
            mutation,
            games: index + 1,
            signature: divergence.signature,
        })
    })
}
