//! proptest strategies for valid games: [`any_game`] (mixed shapes) and
//! [`game_from`] (one profile). A game is drawn as a profile's game for a
//! seed taken from proptest's own random source, and shrinks by removing
//! pigs (keeping the lord and a rebel) and then deck cards (to one), so
//! that a failure comes back as a small table and a short deck.
//!
//! The games are valid and have a rebel; they are not checked to end (that
//! needs an engine): a property about outcomes must accept
//! `RunError::DidNotEnd`.

use pigkill_engine::{Game, PigSetup, Role, MIN_PIGS};
use proptest::prelude::Rng;
use proptest::strategy::{NewTree, Strategy, ValueTree};
use proptest::test_runner::TestRunner;

use crate::{generate, Profile};

/// Valid games with at least one rebel, of every shape (the `mixed` profile).
pub fn any_game() -> GameStrategy {
    game_from(Profile::Mixed)
}

/// Valid games with at least one rebel, of one profile.
pub fn game_from(profile: Profile) -> GameStrategy {
    GameStrategy { profile }
}

/// The strategy of [`any_game`] and [`game_from`].
#[derive(Clone, Copy, Debug)]
pub struct GameStrategy {
    profile: Profile,
}

impl Strategy for GameStrategy {
    type Tree = GameTree;
    type Value = Game;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        let seed = runner.rng().next_u64();
        Ok(GameTree::new(generate(self.profile, seed)))
    }
}

/// A game and the search for a smaller one that still fails.
///
/// Each simplification tries one candidate: a game without one of the
/// pigs after the lord (the last ones first; never the last rebel, never
/// below two pigs), then a deck cut to 1 card, a quarter, a half or all
/// but its last card, then a deck without one of its cards. A candidate
/// that passes is undone and the next one is tried; a candidate that fails
/// becomes the game, and the search starts over from it.
#[derive(Clone, Debug)]
pub struct GameTree {
    current: Game,
    /// The failing game a candidate was made from, while it is tried.
    previous: Option<Game>,
    /// The next candidate to try from the failing game.
    next: usize,
}

impl GameTree {
    /// The search starting from `game`.
    pub fn new(game: Game) -> GameTree {
        GameTree {
            current: game,
            previous: None,
            next: 0,
        }
    }

    /// The first candidate from `base`, at index `from` or after, and the
    /// index after it.
    fn candidate(base: &Game, from: usize) -> Option<(Game, usize)> {
        let pigs = base.pigs();
        let deck = base.deck();
        let n = pigs.len();
        let mut index = from;
        // Removing pig seat (n-1 down to 1): indices 0 .. n-1.
        while index < n - 1 {
            let seat = n - 1 - index;
            index += 1;
            if n <= MIN_PIGS {
                continue;
            }
            let rebels = pigs.iter().filter(|p| p.role == Role::Rebel).count();
            if pigs[seat].role == Role::Rebel && rebels == 1 {
                continue;
            }
            let fewer: Vec<PigSetup> = pigs
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .map(|(_, p)| p.clone())
                .collect();
            return Game::new(fewer, deck.to_vec()).ok().map(|g| (g, index));
        }
        // Cutting the deck: 4 candidates.
        let cuts = [1, deck.len() / 4, deck.len() / 2, deck.len() - 1];
        while index < n - 1 + cuts.len() {
            let len = cuts[index - (n - 1)];
            index += 1;
            if len >= 1 && len < deck.len() {
                let game = Game::new(pigs.to_vec(), deck[..len].to_vec()).ok()?;
                return Some((game, index));
            }
        }
        // Removing one deck card.
        let first = n - 1 + cuts.len();
        while index < first + deck.len() {
            let at = index - first;
            index += 1;
            if deck.len() > 1 {
                let mut shorter = deck.to_vec();
                shorter.remove(at);
                let game = Game::new(pigs.to_vec(), shorter).ok()?;
                return Some((game, index));
            }
        }
        None
    }
}

impl ValueTree for GameTree {
    type Value = Game;

    fn current(&self) -> Game {
        self.current.clone()
    }

    fn simplify(&mut self) -> bool {
        // The current game fails: try candidates from it, from the first.
        self.previous = None;
        match GameTree::candidate(&self.current, 0) {
            Some((game, next)) => {
                self.previous = Some(std::mem::replace(&mut self.current, game));
                self.next = next;
                true
            }
            None => false,
        }
    }

    fn complicate(&mut self) -> bool {
        // The candidate passed: back to the failing game, and the next one.
        let Some(base) = self.previous.take() else {
            return false;
        };
        match GameTree::candidate(&base, self.next) {
            Some((game, next)) => {
                self.current = game;
                self.previous = Some(base);
                self.next = next;
                true
            }
            None => {
                self.current = base;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestCaseError, TestError};

    proptest! {
        #![proptest_config(Config { cases: 200, ..Config::default() })]

        #[test]
        fn any_game_is_valid_with_a_rebel(game in any_game()) {
            prop_assert!(game.has_rebel());
            prop_assert_eq!(game.pigs()[0].role, Role::Lord);
        }

        #[test]
        fn basic_games_hold_only_basic_cards(game in game_from(Profile::Basic)) {
            let text = game.to_text();
            for card in ["F", "N", "W", "J"] {
                prop_assert!(!text.split_whitespace().any(|t| t == card));
            }
        }
    }

    #[test]
    fn shrinking_finds_a_small_game() {
        // Fails whenever the game has 2 rebels or more and 3 deck cards or
        // more: the minimum is the lord and two rebels with a 3-card deck.
        let mut runner = TestRunner::new(Config {
            cases: 1000,
            failure_persistence: None,
            ..Config::default()
        });
        let result = runner.run(&game_from(Profile::Big), |game| {
            let rebels = game.pigs().iter().filter(|p| p.role == Role::Rebel).count();
            if rebels >= 2 && game.deck().len() >= 3 {
                Err(TestCaseError::fail("too big"))
            } else {
                Ok(())
            }
        });
        match result {
            Err(TestError::Fail(_, game)) => {
                assert_eq!(game.pig_count(), 3, "{game}");
                assert_eq!(game.deck().len(), 3, "{game}");
            }
            other => panic!("expected a failure, got {other:?}"),
        }
    }
}
