//! The shrinker: minimises a game that shows a failure (two engines that
//! disagree, a contestant's binary that answers wrong) to a small game that
//! still shows it, so that a person can read it.
//!
//! The shrinker knows the game but no engine. What "still fails" means is
//! the caller's predicate, a `FnMut(&Game) -> Option<u32>`: `Some(turns)`
//! when the candidate still shows *the* failure (the caller checks that the
//! game ends on its engines and that the failure keeps its signature), with
//! the game's length in turns; `None` otherwise. The shrinker only builds
//! candidates with [`Game::new`], so every candidate it offers is a valid
//! game; it never offers a game without a rebel (unless
//! [`ShrinkOptions::allow_no_rebel`] says so), and it never offers the same
//! candidate twice (the predicate is taken to be deterministic).
//!
//! # Order
//!
//! A candidate is accepted only when it still fails and is strictly
//! smaller by [`Measure`]: fewer pigs, then a shorter deck, then simpler
//! cards, then simpler roles, then fewer turns (see [`order`] for which
//! cards and roles are simpler, and why).
//!
//! # Passes
//!
//! Every change is a [`Step`]. A round runs these passes, the big cuts
//! first so that the fine ones run on an already small game:
//!
//! 1. drop pigs (never the lord), ddmin-style: runs of half the other
//!    pigs, a quarter, ..., single pigs. This comes first, while the deck
//!    is still long: a long deck gives the failure the most ways to show
//!    again with fewer pigs, and pigs count most in the order;
//! 2. cut the deck's tail: keep the top 1, 2, 4, ... cards until a prefix
//!    still fails, then binary-search the shortest failing prefix;
//! 3. drop deck cards, ddmin-style: chunks of half the deck, a quarter,
//!    ..., single cards; then whole rounds of draws (two cards a pig) at
//!    every start, which keeps the other draws with the same pigs;
//! 4. make loyalists rebels;
//! 5. make whole hands, then deck chunks (halving), all dodges;
//! 6. make each card simpler, trying the simplest replacement first.
//!
//! When a round of those changes nothing, these run, each only when the
//! ones before it changed nothing (any change starts a new round):
//!
//! 7. move one of the top [`MOVE_REACH`] deck cards into a hand slot, in
//!    place of the slot's card (the deck gets shorter);
//! 8. compound pig drops, to get out of a game where no single pig can go:
//!    two pigs at once; a pig and the deck cards it would draw; a pig that
//!    takes another's seat; a pig and one or two deck cards near the top;
//! 9. drop a pig and put any card, simpler or not, in one place (at most
//!    [`CHANGE_CARD_LIMIT`] candidates, else skipped);
//! 10. drop a pig and change a few cards at random, up to
//!     [`ShrinkOptions::explore`] candidates from a fixed seed (so a shrink
//!     is deterministic);
//! 11. swap neighbouring hand cards, neighbouring deck cards, or two pigs
//!     (kept only when the game gets shorter).
//!
//! Rounds repeat until one changes nothing: every accepted candidate is
//! strictly smaller by a well-founded order, so this ends. That last round
//! tries every step of [`single_steps`] (and more) on the result, so a
//! result reached this way is 1-minimal: no single step gives a smaller
//! game that still fails ([`Shrunk::stopped`] is `None`). A cap on
//! predicate calls or on time ([`ShrinkOptions`]) may stop the search
//! earlier; the result then still fails and is no larger than the input,
//! but may not be 1-minimal.
//!
//! # Cost
//!
//! Each predicate call is the cost unit. The passes 8 to 10 exist because
//! a plain 1-minimal result often keeps a pig that only a change elsewhere
//! lets go; they cost a few hundred calls on a small game. A slow predicate
//! (a contestant's binary) wants [`ShrinkOptions::max_calls`] or
//! [`ShrinkOptions::time_limit`], and maybe `explore: 0`. Candidates that
//! do not end cost the predicate its whole turn budget, so a predicate
//! should bound each candidate's turns well below the input's worst case.

pub mod divergence;
pub mod order;
pub mod steps;

use std::collections::HashSet;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pigkill_engine::{Game, Role};

pub use order::{card_complexity, role_complexity, simpler_cards, Measure, SIMPLEST, SIMPLICITY};
pub use steps::{single_steps, Place, Step, MOVE_REACH};

/// Limits and choices for one [`shrink`].
#[derive(Clone, Debug)]
pub struct ShrinkOptions {
    /// The most predicate calls, counting the check of the input itself
    /// (which is always made, so at least one call happens). `None`: no cap.
    pub max_calls: Option<u64>,
    /// The most wall time; checked before each predicate call, so one slow
    /// call may overrun it. `None`: no limit.
    pub time_limit: Option<Duration>,
    /// Whether games without a rebel may be shrunk and offered. Such a game
    /// is valid but outside the statement's data (see `rules.md`), so by
    /// default the input must have a rebel and every candidate keeps one.
    pub allow_no_rebel: bool,
    /// How many random candidates ([`Step::DropPigAndPerturb`]) to try each
    /// time no other step can drop a pig (default [`DEFAULT_EXPLORE`]; 0
    /// turns the pass off, which a slow predicate may want).
    pub explore: u32,
    /// Set from elsewhere (a Ctrl-C handler) to stop the search at the next
    /// candidate, keeping the smallest failing game so far.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The default of [`ShrinkOptions::explore`].
pub const DEFAULT_EXPLORE: u32 = 256;

/// The most candidates the pass of [`Step::DropPigAndChangeCard`] may try at
/// once; on a bigger game the pass is skipped.
pub const CHANGE_CARD_LIMIT: usize = 4096;

/// The longest deck on which whole rounds of draws are dropped at every
/// start rather than round by round.
const ROUND_EVERYWHERE: usize = 256;

impl Default for ShrinkOptions {
    fn default() -> ShrinkOptions {
        ShrinkOptions {
            max_calls: None,
            time_limit: None,
            allow_no_rebel: false,
            explore: DEFAULT_EXPLORE,
            cancel: None,
        }
    }
}

/// Why a game could not be shrunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShrinkError {
    /// The predicate says the input itself does not fail.
    NotFailing,
    /// The input has no rebel, and the options do not allow such games.
    NoRebel,
}

impl fmt::Display for ShrinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShrinkError::NotFailing => "the game to shrink does not fail",
            ShrinkError::NoRebel => "the game to shrink has no rebel",
        })
    }
}

impl std::error::Error for ShrinkError {}

/// Why a shrink stopped before reaching a 1-minimal game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// [`ShrinkOptions::max_calls`] was reached.
    Calls,
    /// [`ShrinkOptions::time_limit`] was reached.
    Time,
    /// [`ShrinkOptions::cancel`] was set.
    Cancelled,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Calls => "the cap on predicate calls was reached",
            Stop::Time => "the time limit was reached",
            Stop::Cancelled => "it was interrupted",
        })
    }
}

/// What the progress callback of [`shrink_with_progress`] is told each
/// time a smaller failing game is found.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// The new smallest failing game.
    pub game: &'a Game,
    /// Its measure (with its turns).
    pub measure: Measure,
    /// The step that made it.
    pub step: Step,
    /// Predicate calls so far.
    pub calls: u64,
}

/// The result of a [`shrink`].
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing game found.
    pub game: Game,
    /// Its length in turns, as the predicate reported it.
    pub turns: u32,
    /// The input's measure (pigs, deck cards, ..., turns).
    pub before: Measure,
    /// The result's measure.
    pub after: Measure,
    /// Predicate calls made, the check of the input included: the
    /// candidates tried.
    pub calls: u64,
    /// Predicate calls that said the candidate still fails.
    pub failing: u64,
    /// Candidates accepted as the new smallest game.
    pub accepted: u64,
    /// Why the search stopped early, or `None` when it reached a fixed
    /// point (the result is then 1-minimal).
    pub stopped: Option<Stop>,
    /// The wall time the shrink took.
    pub elapsed: Duration,
}

impl Shrunk {
    /// Whether the search reached its fixed point, so that the result is
    /// 1-minimal (see the module docs).
    pub fn is_minimal(&self) -> bool {
        self.stopped.is_none()
    }
}

/// Shrinks `game` to a small game on which `predicate` still fails.
///
/// See the module docs for the predicate's contract, the order and the
/// passes.
///
/// # Errors
///
/// [`ShrinkError::NoRebel`] when `game` has no rebel and the options do
/// not allow that; [`ShrinkError::NotFailing`] when the predicate says
/// `game` itself does not fail.
pub fn shrink<P>(game: &Game, predicate: P, options: &ShrinkOptions) -> Result<Shrunk, ShrinkError>
where
    P: FnMut(&Game) -> Option<u32>,
{
    shrink_with_progress(game, predicate, options, |_: &Progress<'_>| {})
}

/// As [`shrink`], calling `progress` each time a smaller failing game is found.
///
/// # Errors
///
/// As [`shrink`].
pub fn shrink_with_progress<P, R>(
    game: &Game,
    mut predicate: P,
    options: &ShrinkOptions,
    progress: R,
) -> Result<Shrunk, ShrinkError>
where
    P: FnMut(&Game) -> Option<u32>,
    R: FnMut(&Progress<'_>),
{
    let start = Instant::now();
    if !options.allow_no_rebel && !game.has_rebel() {
        return Err(ShrinkError::NoRebel);
    }
    let turns = predicate(game).ok_or(ShrinkError::NotFailing)?;
    let before = Measure::of(game, turns);
    let mut search = Search {
        predicate,
        progress,
        game: game.clone(),
        measure: before,
        tried: HashSet::from([game.clone()]),
        calls: 1,
        failing: 1,
        accepted: 0,
        max_calls: options.max_calls.unwrap_or(u64::MAX),
        deadline: options
            .time_limit
            .and_then(|limit| start.checked_add(limit)),
        require_rebel: !options.allow_no_rebel,
        explore: options.explore,
        cancel: options.cancel.clone(),
        stopped: None,
    };
    search.run();
    Ok(Shrunk {
        turns: search.measure.turns,
        before,
        after: search.measure,
        calls: search.calls,
        failing: search.failing,
        accepted: search.accepted,
        stopped: search.stopped,
        elapsed: start.elapsed(),
        game: search.game,
    })
}

/// The state of one shrink.
struct Search<P, R> {
    predicate: P,
    progress: R,
    /// The smallest failing game so far.
    game: Game,
    /// Its measure.
    measure: Measure,
    /// Every game the predicate was asked about, the input included.
    tried: HashSet<Game>,
    calls: u64,
    failing: u64,
    accepted: u64,
    max_calls: u64,
    deadline: Option<Instant>,
    require_rebel: bool,
    explore: u32,
    cancel: Option<Arc<AtomicBool>>,
    stopped: Option<Stop>,
}

impl<P, R> Search<P, R>
where
    P: FnMut(&Game) -> Option<u32>,
    R: FnMut(&Progress<'_>),
{
    /// Runs rounds of passes to a fixed point (or until a cap stops it).
    fn run(&mut self) {
        while self.stopped.is_none() {
            let before = self.accepted;
            self.drop_pigs();
            self.truncate_deck();
            self.drop_deck_cards();
            self.simplify_roles();
            self.simplify_in_bulk();
            self.simplify_cards();
            if self.accepted != before {
                continue;
            }
            self.move_to_hands();
            if self.accepted != before {
                continue;
            }
            self.drop_pigs_deeply();
            if self.accepted != before {
                continue;
            }
            self.drop_pig_changing_a_card();
            if self.accepted != before {
                continue;
            }
            self.explore();
            if self.accepted != before {
                continue;
            }
            self.reorder();
            if self.accepted == before {
                break;
            }
        }
    }

    /// Offers the candidate `step` makes from the current game; returns
    /// whether it was accepted (it still fails and is smaller).
    fn offer(&mut self, step: Step) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        let Some(candidate) = step.apply(&self.game) else {
            return false;
        };
        if self.require_rebel && !candidate.has_rebel() {
            return false;
        }
        let shape = Measure::of(&candidate, 0);
        let current = self.measure;
        if shape >= current {
            // Not smaller even if it took no turn at all.
            return false;
        }
        if self.tried.contains(&candidate) {
            return false;
        }
        if self.calls >= self.max_calls {
            self.stopped = Some(Stop::Calls);
            return false;
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stopped = Some(Stop::Time);
            return false;
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|cancel| cancel.load(Ordering::Relaxed))
        {
            self.stopped = Some(Stop::Cancelled);
            return false;
        }
        self.calls += 1;
        let verdict = (self.predicate)(&candidate);
        self.tried.insert(candidate.clone());
        if let Some(turns) = verdict {
            self.failing += 1;
            let measure = Measure { turns, ..shape };
            if measure < current {
                self.game = candidate;
                self.measure = measure;
                self.accepted += 1;
                (self.progress)(&Progress {
                    game: &self.game,
                    measure,
                    step,
                    calls: self.calls,
                });
                return true;
            }
        }
        false
    }

    /// Keeps the shortest failing prefix of the deck: tries the top 1, 2,
    /// 4, ... cards, then binary-searches between the last prefix that did
    /// not fail and the first that did.
    fn truncate_deck(&mut self) {
        let len = self.game.deck().len();
        let mut passing = 0;
        let mut failing = 1;
        loop {
            if failing >= len {
                return;
            }
            if self.offer(Step::TruncateDeck { len: failing }) {
                break;
            }
            passing = failing;
            failing *= 2;
        }
        while failing - passing > 1 {
            let middle = passing + (failing - passing) / 2;
            if self.offer(Step::TruncateDeck { len: middle }) {
                failing = middle;
            } else {
                passing = middle;
            }
        }
    }

    /// Drops pigs ddmin-style: runs of half the non-lord pigs, then a
    /// quarter, ..., then single pigs.
    fn drop_pigs(&mut self) {
        let mut size = self.game.pig_count().saturating_sub(1).div_ceil(2);
        while size >= 1 && self.stopped.is_none() {
            let mut start = 1;
            while start < self.game.pig_count() {
                let count = size.min(self.game.pig_count() - start);
                if !self.offer(Step::DropPigs { start, count }) {
                    start += size;
                }
            }
            size = halve(size);
        }
    }

    /// Drops deck cards ddmin-style: chunks of half the deck, then a
    /// quarter, ..., then single cards.
    fn drop_deck_cards(&mut self) {
        let mut size = self.game.deck().len().div_ceil(2);
        while size >= 1 && self.stopped.is_none() {
            let mut start = 0;
            while start < self.game.deck().len() {
                let count = size.min(self.game.deck().len() - start);
                if !self.offer(Step::DropDeckCards { start, count }) {
                    start += size;
                }
            }
            size = halve(size);
        }
        // A whole round of draws (two cards a pig): while nobody dies and
        // nobody is rewarded, the other draws stay with the same pigs. At
        // every start on a short deck; on a long one, round by round.
        let round = 2 * self.game.pig_count();
        let stride = if self.game.deck().len() <= ROUND_EVERYWHERE {
            1
        } else {
            round
        };
        let mut start = 0;
        while start + round < self.game.deck().len() && self.stopped.is_none() {
            if !self.offer(Step::DropDeckCards {
                start,
                count: round,
            }) {
                start += stride;
            }
        }
    }

    /// Makes each loyalist a rebel.
    fn simplify_roles(&mut self) {
        for seat in 1..self.game.pig_count() {
            if self.game.pigs()[seat].role == Role::Loyalist {
                self.offer(Step::SimplifyRole { seat });
            }
        }
    }

    /// Makes whole hands, then chunks of the deck (halving down to two
    /// cards), all the simplest card, before the card-by-card pass.
    fn simplify_in_bulk(&mut self) {
        for seat in 0..self.game.pig_count() {
            self.offer(Step::SimplifyHand { seat });
        }
        let len = self.game.deck().len();
        let mut size = len.div_ceil(2);
        while size >= 2 && self.stopped.is_none() {
            for start in (0..len).step_by(size) {
                let count = size.min(len - start);
                self.offer(Step::SimplifyDeckCards { start, count });
            }
            size = halve(size);
        }
    }

    /// Makes each card simpler, trying the simplest replacement first and
    /// keeping the first that still fails.
    fn simplify_cards(&mut self) {
        for place in steps::places(self.game.pigs(), self.game.deck()) {
            let Some(card) = steps::card_at(self.game.pigs(), self.game.deck(), place) else {
                continue;
            };
            for &simpler in simpler_cards(card) {
                if self.offer(Step::SimplifyCard {
                    place,
                    card: simpler,
                }) {
                    break;
                }
            }
        }
    }

    /// Moves each of the top [`MOVE_REACH`] deck cards into a hand slot, in
    /// place of the slot's card, keeping the first move that still fails.
    fn move_to_hands(&mut self) {
        let mut index = 0;
        'cards: while index < self.game.deck().len().min(MOVE_REACH) && self.stopped.is_none() {
            for seat in 0..self.game.pig_count() {
                for slot in 0..4 {
                    if self.offer(Step::MoveToHand { index, seat, slot }) {
                        continue 'cards;
                    }
                }
            }
            index += 1;
        }
    }

    /// Drops pigs with compound steps, for when no single pig can go: two
    /// pigs at once, a pig with the deck cards it would draw, a pig that
    /// takes another's seat, a pig with one or two deck cards near the top.
    fn drop_pigs_deeply(&mut self) {
        let mut first = 1;
        while first < self.game.pig_count() && self.stopped.is_none() {
            let mut dropped = false;
            let mut steps = Vec::new();
            for second in first + 1..self.game.pig_count() {
                steps.push(Step::DropTwoPigs { first, second });
            }
            steps.push(Step::DropPigAndDraws { seat: first });
            for to in 0..self.game.pig_count() {
                steps.push(Step::ReplacePig { from: first, to });
            }
            // The dropped pig's own draws are near the top: within the first two rounds.
            let reach = self.game.deck().len().min(4 * self.game.pig_count());
            for count in 1..=2 {
                for start in 0..reach {
                    steps.push(Step::DropPigAndDeckCards {
                        seat: first,
                        start,
                        count,
                    });
                }
            }
            for step in steps {
                if self.offer(step) {
                    dropped = true;
                    break;
                }
            }
            if !dropped {
                first += 1;
            }
        }
    }

    /// Drops a pig and puts any card (simpler or not) in one place of the
    /// rest: the hands and the top [`MOVE_REACH`] deck cards. Skipped when
    /// that would be more than [`CHANGE_CARD_LIMIT`] candidates.
    fn drop_pig_changing_a_card(&mut self) {
        let mut seat = 1;
        while seat < self.game.pig_count() && self.stopped.is_none() {
            let pigs = self.game.pig_count();
            let places = 4 * (pigs - 1) + self.game.deck().len().min(MOVE_REACH);
            if (pigs - 1) * places * (SIMPLICITY.len() - 1) > CHANGE_CARD_LIMIT {
                return;
            }
            let hands =
                (0..pigs - 1).flat_map(|seat| (0..4).map(move |slot| Place::Hand { seat, slot }));
            let deck =
                (0..self.game.deck().len().min(MOVE_REACH)).map(|index| Place::Deck { index });
            let places: Vec<Place> = hands.chain(deck).collect();
            let mut dropped = false;
            'places: for place in places {
                for card in SIMPLICITY {
                    if self.offer(Step::DropPigAndChangeCard { seat, place, card }) {
                        dropped = true;
                        break 'places;
                    }
                }
            }
            if !dropped {
                seat += 1;
            }
        }
    }

    /// Tries [`ShrinkOptions::explore`] random candidates with one pig
    /// fewer ([`Step::DropPigAndPerturb`]), seeded by a fixed generator.
    fn explore(&mut self) {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..self.explore {
            if self.stopped.is_some() || self.game.pig_count() <= 2 {
                return;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let seat = 1 + (state % (self.game.pig_count() as u64 - 1)) as usize;
            if self.offer(Step::DropPigAndPerturb { seat, seed: state }) {
                return;
            }
        }
    }

    /// Swaps neighbouring hand cards, neighbouring deck cards and pairs of
    /// pigs, keeping a swap only when the game gets shorter.
    fn reorder(&mut self) {
        for seat in 0..self.game.pig_count() {
            for slot in 0..3 {
                self.offer(Step::SwapHandCards { seat, slot });
            }
        }
        for index in 0..self.game.deck().len().saturating_sub(1) {
            self.offer(Step::SwapDeckCards { index });
        }
        for first in 1..self.game.pig_count() {
            for second in first + 1..self.game.pig_count() {
                self.offer(Step::SwapPigs { first, second });
            }
        }
    }
}

/// Half of a ddmin chunk size, rounded up, or 0 after a size of 1.
fn halve(size: usize) -> usize {
    if size <= 1 {
        0
    } else {
        size.div_ceil(2)
    }
}

#[cfg(test)]
mod tests {
    use pigkill_engine::{Card, Game, PigSetup, Role};

    use super::*;

    fn pig(role: Role, hand: [Card; 4]) -> PigSetup {
        PigSetup { role, hand }
    }

    fn sample() -> Game {
        use Card::*;
        Game::new(
            vec![
                pig(Role::Lord, [Kill, Peach, Dodge, Nullify]),
                pig(Role::Loyalist, [Duel, Duel, Kill, Crossbow]),
                pig(Role::Rebel, [Invasion, Volley, Dodge, Dodge]),
                pig(Role::Loyalist, [Dodge, Dodge, Dodge, Dodge]),
            ],
            vec![Kill, Dodge, Duel, Nullify, Peach, Crossbow, Volley],
        )
        .expect("valid")
    }

    #[test]
    fn the_simplicity_order_is_one_order() {
        for card in Card::ALL {
            let rank = card_complexity(card) as usize;
            assert_eq!(SIMPLICITY[rank], card);
            assert_eq!(simpler_cards(card), &SIMPLICITY[..rank]);
        }
        assert_eq!(SIMPLEST, Card::Dodge);
        assert_eq!(card_complexity(Card::Nullify), 7);
        assert!(role_complexity(Role::Rebel) < role_complexity(Role::Loyalist));
    }

    #[test]
    fn measures_compare_pigs_first_then_deck_cards_roles_turns() {
        let game = sample();
        let m = Measure::of(&game, 9);
        assert_eq!((m.pigs, m.deck, m.roles, m.turns), (4, 7, 2, 9));
        let cards: u32 = game
            .pigs()
            .iter()
            .flat_map(|p| p.hand)
            .chain(game.deck().iter().copied())
            .map(card_complexity)
            .sum();
        assert_eq!(m.cards, cards);
        let fewer_pigs = Measure {
            pigs: 3,
            deck: 100,
            cards: 1000,
            roles: 9,
            turns: 1000,
        };
        assert!(fewer_pigs < m);
        assert!(Measure { turns: 8, ..m } < m);
        assert!(
            Measure {
                roles: 1,
                turns: 100,
                ..m
            } < m
        );
    }

    #[test]
    fn every_single_step_applies_and_is_smaller_or_a_reorder() {
        let game = sample();
        let before = Measure::of(&game, 0);
        let steps = single_steps(&game);
        assert!(steps.len() > 50);
        for step in steps {
            let candidate = step
                .apply(&game)
                .unwrap_or_else(|| panic!("{step} applies"));
            let after = Measure::of(&candidate, 0);
            if step.is_reorder() {
                assert_eq!(after, before, "{step}");
                assert_ne!(candidate, game, "{step}");
            } else {
                assert!(after < before, "{step}");
            }
            assert!(!step.to_string().is_empty());
        }
    }

    #[test]
    fn steps_that_cannot_apply_give_nothing() {
        use Card::*;
        let game = sample();
        let none = [
            Step::DropPigs { start: 0, count: 1 },
            Step::DropPigs { start: 1, count: 0 },
            Step::DropPigs { start: 2, count: 3 },
            Step::DropPigs {
                start: usize::MAX,
                count: usize::MAX,
            },
            Step::DropPigs { start: 1, count: 3 },
            Step::TruncateDeck { len: 0 },
            Step::TruncateDeck { len: 7 },
            Step::DropDeckCards { start: 0, count: 7 },
            Step::DropDeckCards {
                start: 5,
                count: usize::MAX,
            },
            Step::DropTwoPigs {
                first: 0,
                second: 1,
            },
            Step::DropTwoPigs {
                first: 2,
                second: 2,
            },
            Step::DropPigAndDeckCards {
                seat: 0,
                start: 0,
                count: 1,
            },
            Step::DropPigAndDraws { seat: 9 },
            Step::DropPigAndChangeCard {
                seat: 0,
                place: Place::Deck { index: 0 },
                card: Dodge,
            },
            Step::DropPigAndChangeCard {
                seat: 1,
                place: Place::Deck { index: 0 },
                card: Kill,
            },
            Step::DropPigAndChangeCard {
                seat: 1,
                place: Place::Hand { seat: 3, slot: 0 },
                card: Dodge,
            },
            Step::DropPigAndPerturb { seat: 0, seed: 1 },
            Step::DropPigAndPerturb { seat: 4, seed: 1 },
            Step::ReplacePig { from: 0, to: 1 },
            Step::ReplacePig { from: 2, to: 2 },
            Step::SimplifyCard {
                place: Place::Deck { index: 1 },
                card: Dodge,
            },
            Step::SimplifyCard {
                place: Place::Deck { index: 0 },
                card: Duel,
            },
            Step::SimplifyCard {
                place: Place::Deck { index: 70 },
                card: Dodge,
            },
            Step::SimplifyCard {
                place: Place::Hand { seat: 4, slot: 0 },
                card: Dodge,
            },
            Step::SimplifyCard {
                place: Place::Hand { seat: 0, slot: 4 },
                card: Dodge,
            },
            Step::SimplifyHand { seat: 3 },
            Step::SimplifyDeckCards { start: 1, count: 1 },
            Step::SimplifyDeckCards { start: 6, count: 2 },
            Step::SimplifyRole { seat: 0 },
            Step::SimplifyRole { seat: 2 },
            Step::MoveToHand {
                index: 7,
                seat: 0,
                slot: 0,
            },
            Step::MoveToHand {
                index: 0,
                seat: 4,
                slot: 0,
            },
            Step::MoveToHand {
                index: 0,
                seat: 0,
                slot: 4,
            },
            Step::SwapHandCards { seat: 3, slot: 0 },
            Step::SwapHandCards { seat: 0, slot: 3 },
            Step::SwapDeckCards { index: 6 },
            Step::SwapPigs {
                first: 0,
                second: 1,
            },
            Step::SwapPigs {
                first: 2,
                second: 1,
            },
            Step::SwapPigs {
                first: 1,
                second: 4,
            },
        ];
        for step in none {
            assert_eq!(step.apply(&game), None, "{step}");
        }
        let one_card = Game::new(game.pigs().to_vec(), vec![Kill]).expect("valid");
        assert_eq!(
            Step::DropDeckCards { start: 0, count: 1 }.apply(&one_card),
            None
        );
        assert_eq!(
            Step::MoveToHand {
                index: 0,
                seat: 1,
                slot: 0
            }
            .apply(&one_card),
            None
        );
    }

    #[test]
    fn compound_steps_do_what_they_say() {
        use Card::*;
        let game = sample();
        let replaced = Step::ReplacePig { from: 2, to: 1 }
            .apply(&game)
            .expect("applies");
        assert_eq!(
            replaced.pigs(),
            [
                game.pigs()[0].clone(),
                game.pigs()[2].clone(),
                game.pigs()[3].clone()
            ]
        );
        let to_lord = Step::ReplacePig { from: 1, to: 0 }
            .apply(&game)
            .expect("applies");
        assert_eq!(to_lord.pigs()[0], pig(Role::Lord, game.pigs()[1].hand));
        assert_eq!(to_lord.pig_count(), 3);
        // 4 pigs: turns 0..4 draw cards 0-1, 2-3, 4-5, 6-7; pig 3 (seat 2) draws 4-5.
        let draws = Step::DropPigAndDraws { seat: 2 }
            .apply(&game)
            .expect("applies");
        assert_eq!(draws.deck(), [Kill, Dodge, Duel, Nullify, Volley]);
        let two = Step::DropTwoPigs {
            first: 1,
            second: 3,
        }
        .apply(&game)
        .expect("applies");
        assert_eq!(two.pigs(), [game.pigs()[0].clone(), game.pigs()[2].clone()]);
        let changed = Step::DropPigAndChangeCard {
            seat: 1,
            place: Place::Hand { seat: 1, slot: 3 },
            card: Nullify,
        }
        .apply(&game)
        .expect("applies");
        assert_eq!(changed.pigs()[1].hand, [Invasion, Volley, Dodge, Nullify]);
        assert_eq!(changed.pig_count(), 3);
        for seed in 0..100 {
            let step = Step::DropPigAndPerturb { seat: 3, seed };
            let perturbed = step.apply(&game);
            assert_eq!(perturbed, step.apply(&game), "the same seed, the same game");
            if let Some(perturbed) = perturbed {
                assert_eq!(perturbed.pig_count(), 3);
                assert_eq!(perturbed.deck().len(), game.deck().len());
            }
        }
        let moved = Step::MoveToHand {
            index: 3,
            seat: 2,
            slot: 1,
        }
        .apply(&game)
        .expect("applies");
        assert_eq!(moved.pigs()[2].hand, [Invasion, Nullify, Dodge, Dodge]);
        assert_eq!(moved.deck(), [Kill, Dodge, Duel, Peach, Crossbow, Volley]);
    }

    #[test]
    fn random_steps_never_panic() {
        let game = sample();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let small = |x: u64| [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, usize::MAX][(x % 11) as usize];
        for _ in 0..20_000 {
            let x = next();
            let (a, b, c) = (small(next()), small(next()), small(next()));
            let card = Card::ALL[a % 8];
            let steps = [
                Step::TruncateDeck { len: a },
                Step::DropPigs { start: a, count: b },
                Step::DropTwoPigs {
                    first: a,
                    second: b,
                },
                Step::DropPigAndDeckCards {
                    seat: a,
                    start: b,
                    count: c,
                },
                Step::DropPigAndDraws { seat: a },
                Step::DropPigAndChangeCard {
                    seat: a,
                    place: Place::Hand { seat: b, slot: c },
                    card,
                },
                Step::DropPigAndChangeCard {
                    seat: a,
                    place: Place::Deck { index: b },
                    card,
                },
                Step::DropPigAndPerturb { seat: a, seed: x },
                Step::ReplacePig { from: a, to: b },
                Step::DropDeckCards { start: a, count: b },
                Step::SimplifyCard {
                    place: Place::Hand { seat: a, slot: b },
                    card,
                },
                Step::SimplifyCard {
                    place: Place::Deck { index: a },
                    card,
                },
                Step::SimplifyHand { seat: a },
                Step::SimplifyDeckCards { start: a, count: b },
                Step::SimplifyRole { seat: a },
                Step::MoveToHand {
                    index: a,
                    seat: b,
                    slot: c,
                },
                Step::SwapHandCards { seat: a, slot: b },
                Step::SwapDeckCards { index: a },
                Step::SwapPigs {
                    first: a,
                    second: b,
                },
            ];
            for step in steps {
                if let Some(candidate) = step.apply(&game) {
                    assert_ne!(candidate, game, "{step}");
                }
                let _ = step.to_string();
            }
        }
    }

    #[test]
    fn a_shrink_of_a_small_game_reaches_the_known_minimum() {
        use Card::*;
        // Fails while a rebel holds an invasion and the deck holds a kill.
        let predicate = |g: &Game| {
            let invasion = g
                .pigs()
                .iter()
                .any(|p| p.role == Role::Rebel && p.hand.contains(&Invasion));
            (invasion && g.deck().contains(&Kill)).then_some(3)
        };
        let shrunk = shrink(&sample(), predicate, &ShrinkOptions::default()).expect("shrinks");
        let expected = Game::new(
            vec![
                pig(Role::Lord, [Dodge; 4]),
                pig(Role::Rebel, [Invasion, Dodge, Dodge, Dodge]),
            ],
            vec![Kill],
        )
        .expect("valid");
        assert_eq!(shrunk.game, expected);
        assert!(shrunk.is_minimal());
        assert_eq!(shrunk.after, Measure::of(&expected, 3));
        assert_eq!(shrunk.before, Measure::of(&sample(), 3));
        // The input and every accepted candidate failed.
        assert!(shrunk.failing > shrunk.accepted);
        assert!(shrunk.calls >= shrunk.failing);
    }

    #[test]
    fn a_shrink_is_deterministic_and_explore_can_be_turned_off() {
        use Card::*;
        // Fails while some loyalist holds a duel and there are 3 pigs or more.
        let predicate = |g: &Game| {
            let duel = g
                .pigs()
                .iter()
                .any(|p| p.role == Role::Loyalist && p.hand.contains(&Duel));
            (duel && g.pig_count() >= 3).then_some(g.deck().len() as u32)
        };
        let options = ShrinkOptions::default();
        assert_eq!(options.explore, DEFAULT_EXPLORE);
        let first = shrink(&sample(), predicate, &options).expect("shrinks");
        let second = shrink(&sample(), predicate, &options).expect("shrinks");
        assert_eq!(first.game, second.game);
        assert_eq!(first.calls, second.calls);
        assert_eq!(first.game.pig_count(), 3);
        assert_eq!(first.game.deck(), [Dodge]);
        let quiet = ShrinkOptions {
            explore: 0,
            ..ShrinkOptions::default()
        };
        let without = shrink(&sample(), predicate, &quiet).expect("shrinks");
        assert_eq!(without.game, first.game);
        assert!(without.calls < first.calls);
    }
}
