//! Mutation testing of the harness itself: for each deliberately wrong
//! variant of the reference engine (`pigkill_reference::mutants`), how many
//! generated games it takes the differential runner to catch it.

use pigkill_engine::{Budget, Engine, Game};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{MutantEngine, Mutation};

use crate::diff::{compare, EventShape, Signature};

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
/// and the mutant until they first disagree: in their play, or only in
/// what they print (an output mistake; the signature is then `verdict vs
/// verdict`).
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
        let signature = match compare(engine, &mutant, &game, Budget::default()) {
            Some(divergence) => divergence.signature,
            None if prints_differently(engine, &mutant, &game) => Signature {
                left: EventShape::Verdict,
                right: EventShape::Verdict,
            },
            None => return None,
        };
        Some(Caught {
            mutation,
            games: index + 1,
            signature,
        })
    })
}

/// Whether the mutant prints another judge output than `engine` on a game
/// where both play alike.
fn prints_differently(engine: &dyn Engine, mutant: &MutantEngine, game: &Game) -> bool {
    let budget = Budget::default();
    match (engine.run(game, budget), mutant.output(game, budget)) {
        (Ok(outcome), Ok(text)) => outcome.to_judge_text() != text,
        _ => false,
    }
}
