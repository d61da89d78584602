//! The catalogue of known mistakes at work on games: what each variant of
//! the reference engine prints, whether a mistake shows on a game (its
//! output differs from the reference's, and the reference agrees with the
//! strategy engine), whether it stands alone (its output also differs from
//! every other single variant's), and the reproducible search for a small
//! game showing each mistake (`examples/find_mistakes.rs` writes them to
//! `tests/fixtures/mistakes/`).

use std::time::Duration;

use pigkill_engine::{Budget, Engine, Game, StrategyEngine};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};

use crate::shrink::divergence::turns;
use crate::shrink::{shrink, ShrinkOptions};
use crate::solution::{accepts, CompareMode};

/// The seed of the search for showcase games.
pub const SEARCH_SEED: u64 = 20_261_130;

/// The profiles searched, in turn: every profile but `big`, whose games
/// are slow to shrink.
fn searched_profiles() -> impl Iterator<Item = Profile> {
    Profile::ALL.into_iter().filter(|&p| p != Profile::Big)
}

/// The game `index` of the showcase search: profile `index % 10` of the
/// searched profiles ([`Profile::ALL`] but `big`), seed `game_seed(seed, index)`.
pub fn search_game(seed: u64, index: u64) -> Game {
    let count = searched_profiles().count() as u64;
    let profile = searched_profiles()
        .nth((index % count) as usize)
        .unwrap_or(Profile::Mixed);
    generate(profile, game_seed(seed, index))
}

/// What the reference engine making every mistake of `set` prints for
/// `game` (the empty set: the right output); `None` when it does not end.
pub fn output(game: &Game, set: MutationSet, budget: Budget) -> Option<String> {
    mistaken_output(game, budget, set).ok()
}

/// Whether two outputs are the same as `pigkill check` compares them.
pub fn same(expected: &str, actual: &str, mode: CompareMode) -> bool {
    accepts(expected.as_bytes(), actual.as_bytes(), mode)
}

/// Every variant's output on one game, the reference's first.
#[derive(Clone, Debug)]
pub struct Outputs {
    /// The reference engine's output (`None`: the game does not end).
    pub reference: Option<String>,
    /// Each single variant's output, in [`Mutation::ALL`] order.
    pub variants: Vec<(Mutation, Option<String>)>,
}

impl Outputs {
    /// Runs the reference engine and every single variant on `game`.
    pub fn of(game: &Game, budget: Budget) -> Outputs {
        Outputs {
            reference: output(game, MutationSet::EMPTY, budget),
            variants: Mutation::ALL
                .iter()
                .map(|&m| (m, output(game, MutationSet::single(m), budget)))
                .collect(),
        }
    }

    /// The output of `mutation`'s variant.
    pub fn of_variant(&self, mutation: Mutation) -> Option<&str> {
        self.variants
            .iter()
            .find(|(m, _)| *m == mutation)
            .and_then(|(_, out)| out.as_deref())
    }

    /// Whether `mutation` shows: both end and its output differs from the reference's.
    pub fn shows(&self, mutation: Mutation, mode: CompareMode) -> bool {
        match (self.reference.as_deref(), self.of_variant(mutation)) {
            (Some(reference), Some(variant)) => !same(reference, variant, mode),
            _ => false,
        }
    }

    /// Whether `mutation` shows and its output differs from every other
    /// single variant's too.
    pub fn stands_alone(&self, mutation: Mutation, mode: CompareMode) -> bool {
        let Some(mine) = self.of_variant(mutation) else {
            return false;
        };
        self.shows(mutation, mode)
            && self.variants.iter().all(|(other, out)| {
                *other == mutation || out.as_deref().is_none_or(|out| !same(mine, out, mode))
            })
    }
}

/// Whether the reference and strategy engines agree on `game` (both end
/// with the same outcome).
pub fn engines_agree(game: &Game, budget: Budget) -> bool {
    match (
        pigkill_reference::ReferenceEngine.run(game, budget),
        StrategyEngine.run(game, budget),
    ) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// How strict a showcase is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// The mistake shows (differs from the reference).
    Shows,
    /// The mistake shows and stands alone (differs from every other variant).
    StandsAlone,
}

/// Whether `game` is a showcase of `mutation` at this strictness (the
/// engines agree on it, and the mistake shows, or stands alone).
pub fn is_showcase(
    game: &Game,
    mutation: Mutation,
    strictness: Strictness,
    mode: CompareMode,
) -> bool {
    let budget = Budget::default();
    let shows = match (
        output(game, MutationSet::EMPTY, budget),
        output(game, MutationSet::single(mutation), budget),
    ) {
        (Some(reference), Some(variant)) => !same(&reference, &variant, mode),
        _ => false,
    };
    if !shows || !engines_agree(game, budget) {
        return false;
    }
    strictness == Strictness::Shows || Outputs::of(game, budget).stands_alone(mutation, mode)
}

/// A small game showing one mistake.
#[derive(Clone, Debug)]
pub struct Showcase {
    /// The mistake.
    pub mutation: Mutation,
    /// The shrunk game.
    pub game: Game,
    /// The search index of the game it was shrunk from.
    pub index: u64,
    /// Whether it stands alone (else it only shows).
    pub stands_alone: bool,
}

/// Searches games `0..max_games` of the showcase search (seed `seed`) for
/// one where `mutation` stands alone, or else (at the end) the first
/// where it shows, and shrinks it, keeping that property, for at most
/// `time` per shrink. `None` when no game of the range shows it.
pub fn find_showcase(
    mutation: Mutation,
    seed: u64,
    max_games: u64,
    time: Duration,
    mode: CompareMode,
) -> Option<Showcase> {
    let mut first_showing = None;
    let mut found = None;
    for index in 0..max_games {
        let game = search_game(seed, index);
        if !is_showcase(&game, mutation, Strictness::Shows, mode) {
            continue;
        }
        if is_showcase(&game, mutation, Strictness::StandsAlone, mode) {
            found = Some((index, game, Strictness::StandsAlone));
            break;
        }
        first_showing.get_or_insert((index, game));
    }
    let (index, game, strictness) =
        found.or_else(|| first_showing.map(|(index, game)| (index, game, Strictness::Shows)))?;
    let options = ShrinkOptions {
        time_limit: Some(time),
        ..ShrinkOptions::default()
    };
    let still_shows = |candidate: &Game| -> Option<u32> {
        if !is_showcase(candidate, mutation, strictness, mode) {
            return None;
        }
        let mut events = Vec::new();
        let _ = pigkill_reference::ReferenceEngine.run_traced(
            candidate,
            Budget::default(),
            &mut events,
        );
        Some(turns(&events))
    };
    let shrunk = shrink(&game, still_shows, &options).ok()?;
    Some(Showcase {
        mutation,
        game: shrunk.game,
        index,
        stands_alone: strictness == Strictness::StandsAlone,
    })
}
