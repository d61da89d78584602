//! The candidates a suite is chosen from: for each kind of slot
//! ([`Slot`]: the statement's subtasks, and `big` for the last tests), a
//! pool of games that end, each with its answer, its rule events and the
//! catalogue mistakes it exposes.
//!
//! Candidate `i` of a slot is made from the suite's seed, the slot and `i`
//! alone, so a pool is the same on every machine, and drawing more
//! candidates ([`Pool::extend`]) never changes the ones drawn before.
//! Candidates are made in parallel (rayon), kept in index order. Each new
//! candidate is also scanned for the rules of the narrow family it
//! exposes ([`super::narrow`]).
//!
//! Candidates *aimed* at the rules that fire but that no candidate
//! exposes ([`Pool::extend_aimed`]) are `full` games of a profile nudged
//! toward a rule's situation, numbered apart from the others.

use std::sync::Arc;

use pigkill_engine::{Card, Game, PigSetup, Role, MAX_PIGS};
use pigkill_generators::{splitmix64, Profile, Steer};
use rayon::prelude::*;

use super::exposure::{exposes, MutantSet};
use super::narrow::{Family, NarrowPool, RuleBits, ScanLimits};
use super::{judge_case_of, judge_case_steered, CaseError, JudgeCase};

/// A subtask of the statement: which cards its games may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subtask {
    /// 10% of the data: no tricks (peach, kill, dodge, crossbow only).
    Basic,
    /// 20% more: every card but nullify.
    NoNullify,
    /// The rest: every card.
    Full,
}

impl Subtask {
    /// Every subtask, in the statement's order.
    pub const ALL: [Subtask; 3] = [Subtask::Basic, Subtask::NoNullify, Subtask::Full];

    /// The subtask's name (the generator profile of the same name).
    pub const fn name(self) -> &'static str {
        self.profile().name()
    }

    /// The generator profile that makes the subtask's games.
    pub const fn profile(self) -> Profile {
        match self {
            Subtask::Basic => Profile::Basic,
            Subtask::NoNullify => Profile::NoNullify,
            Subtask::Full => Profile::Full,
        }
    }

    /// Its position in [`Subtask::ALL`] (0, 1, 2).
    pub const fn number(self) -> usize {
        self as usize
    }

    /// Whether every card of `game` is allowed in the subtask.
    pub fn admits(self, game: &Game) -> bool {
        let profile = self.profile();
        let allowed = |card: &Card| profile.allows(*card);
        game.deck().iter().all(allowed) && game.pigs().iter().all(|p| p.hand.iter().all(allowed))
    }
}

/// A kind of suite slot: the subtask its test belongs to, and the
/// generator profiles its candidates come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// A `basic` test.
    Basic,
    /// A `no-nullify` test.
    NoNullify,
    /// A `full` test of any size: every profile of full games but `big`,
    /// in turn, for variety.
    Full,
    /// A `full` test of ten pigs and 1800 to 2000 deck cards, for the
    /// timing side of the data.
    Big,
}

impl Slot {
    /// Every kind of slot, in suite order.
    pub const ALL: [Slot; 4] = [Slot::Basic, Slot::NoNullify, Slot::Full, Slot::Big];

    /// The slot's name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Slot::Basic => "basic",
            Slot::NoNullify => "no-nullify",
            Slot::Full => "full",
            Slot::Big => "big",
        }
    }

    /// Its position in [`Slot::ALL`].
    pub const fn number(self) -> usize {
        self as usize
    }

    /// The subtask its tests belong to.
    pub const fn subtask(self) -> Subtask {
        match self {
            Slot::Basic => Subtask::Basic,
            Slot::NoNullify => Subtask::NoNullify,
            Slot::Full | Slot::Big => Subtask::Full,
        }
    }

    /// The profiles its candidates are drawn from, candidate `i` from
    /// profile `i % len`: `full` slots take every profile but the other
    /// subtasks' and `big`.
    pub fn profiles(self) -> Vec<Profile> {
        match self {
            Slot::Basic => vec![Profile::Basic],
            Slot::NoNullify => vec![Profile::NoNullify],
            Slot::Full => Profile::ALL
                .into_iter()
                .filter(|p| !matches!(p, Profile::Basic | Profile::NoNullify | Profile::Big))
                .collect(),
            Slot::Big => vec![Profile::Big],
        }
    }
}

/// The suite's shape: how many tests of each kind, in order (the
/// statement's 20: 2 `basic`, 4 `no-nullify`, 14 `full`, the last 3 big).
pub const SHAPE: [(Slot, usize); 4] = [
    (Slot::Basic, 2),
    (Slot::NoNullify, 4),
    (Slot::Full, 11),
    (Slot::Big, 3),
];

/// How many tests the suite's shape has.
pub fn shape_len() -> usize {
    SHAPE.iter().map(|(_, n)| n).sum()
}

/// One candidate test.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The game and its answer.
    pub case: JudgeCase,
    /// The kind of slot it may fill.
    pub slot: Slot,
    /// Its index among the slot's candidates.
    pub index: u64,
    /// The catalogue mistakes it exposes.
    pub exposes: MutantSet,
    /// The rules of the pool's narrow family it is known to expose, in
    /// family order: those the scan played on it, and all the live ones
    /// once it is completed ([`NarrowPool::complete`]).
    pub narrow: Vec<u32>,
    /// The rules of the pool's narrow family that fire on it (those it
    /// may expose).
    pub fires: RuleBits,
    /// The rules whose exposure on it is known exactly (played on it):
    /// `narrow` holds those of them it exposes.
    pub known: RuleBits,
    /// Whether it is a game aimed at rules no candidate exposed.
    pub aimed: bool,
    /// Where it was spliced, when it is a variant of another candidate
    /// (see [`Pool::extend_variants`]).
    pub splice: Option<Splice>,
    /// Whether `narrow` holds every live rule it exposes.
    pub completed: bool,
    /// How many turns its right run takes (known once it is scanned; 0
    /// before): deviated runs on it are bounded by it
    /// ([`super::narrow::deviated_budget`]).
    pub turns: u32,
}

impl Candidate {
    /// Adds narrow rules it was found to expose.
    pub fn learn(&mut self, exposed: impl IntoIterator<Item = u32>) {
        self.narrow.extend(exposed);
        self.narrow.sort_unstable();
        self.narrow.dedup();
    }

    /// Notes that every rule of `rules` it exposes is in `narrow`.
    pub fn know(&mut self, rules: &RuleBits) {
        self.known.union_with(rules);
    }

    /// Its size, in cards: the deck and the starting hands.
    pub fn size(&self) -> usize {
        self.case.game.deck().len() + 4 * self.case.game.pig_count()
    }
}

/// How a variant of a candidate was made: from its game (pigs, hands and
/// deck), changed with cards of another candidate of its slot kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Splice {
    /// The candidate it varies (its position in [`Pool::candidates`]).
    pub of: usize,
    /// What was changed.
    pub how: Variation,
    /// The game seed of the other game.
    pub donor: u64,
}

/// What a variant changes in the game it varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variation {
    /// Its deck from card `at` on (0-based) is the other game's.
    Tail {
        /// The first deck card taken from the other game.
        at: usize,
    },
    /// `count` cards (starting hand cards, or deck cards among those the
    /// game draws), each replaced by a card drawn from the other
    /// game's deck: the rest of the game is the same, so it keeps more
    /// of what the candidate exposes than a new tail does.
    Cards {
        /// How many cards were replaced (some may be replaced by the
        /// same card, or twice).
        count: usize,
    },
    /// A pig more, seated at `seat` (0-based; the lord keeps seat 0), a
    /// loyalist or a rebel with four cards of the other game's deck: a
    /// bigger game, with the same deck.
    Seat {
        /// The new pig's seat.
        seat: usize,
    },
    /// Its deck from card `at` on (the first card its game draws once
    /// only two pigs are alive) is the whole deck of a game that began
    /// with two pigs (a candidate of a slot of its subtask): the same game
    /// up to the moment two pigs remain, and another two-pig fight after
    /// it (since session 16).
    Endgame {
        /// The first deck card taken from the other game.
        at: usize,
    },
}

/// What a job of [`Pool::extend_variants_of`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// A variant as [`Pool::extend_variants`] draws it.
    Any,
    /// A [`Variation::Tail`] cut at most [`CUT_AFTER`] cards below this
    /// deck card (a card the game draws after a given decision).
    Cut(usize),
    /// A [`Variation::Endgame`] from this deck card; a variant as
    /// [`Aim::Any`] draws when no candidate of its subtask began with two
    /// pigs.
    Endgame(usize),
}

/// One variant in this many takes a new tail ([`Variation::Tail`]); the
/// others change cards ([`Variation::Cards`]).
const TAILS_ONE_IN: u64 = 2;

/// One variant in this many of a game of fewer than [`MAX_PIGS`] pigs
/// seats a pig more ([`Variation::Seat`]); the others take a new tail or
/// change cards as before. A bigger game reaches more situations, so a
/// test that grows exposes more rules where it keeps what it exposed
/// (seeds 1 and 7: 422 and 417 live rules left unexposed, from 458 and
/// 471; one in two: 445 and 438).
const SEATS_ONE_IN: u64 = 4;

/// How far below the cut it is given a variant aimed at a decision
/// ([`Pool::extend_variants_of`]) cuts its deck: within this many cards.
pub const CUT_AFTER: usize = 4;

/// The most cards a [`Variation::Cards`] variant changes.
const MAX_CARDS_CHANGED: u64 = 2;

/// How many candidates each kind of slot draws at first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolSizes(pub [u64; 4]);

impl PoolSizes {
    /// The default pools: 2000 `basic`, 2000 `no-nullify`, 8000 `full`,
    /// 48 `big` candidates (each also scanned for the narrow family's
    /// rules; games aimed at the rules they do not expose come on top).
    pub const DEFAULT: PoolSizes = PoolSizes([2000, 2000, 8000, 48]);

    /// The pools scaled by `factor` (at least one candidate each).
    pub fn scaled(self, factor: f64) -> PoolSizes {
        PoolSizes(self.0.map(|n| ((n as f64 * factor).round() as u64).max(1)))
    }

    /// The pool size of `slot`.
    pub fn of(self, slot: Slot) -> u64 {
        self.0[slot.number()]
    }
}

impl Default for PoolSizes {
    fn default() -> PoolSizes {
        PoolSizes::DEFAULT
    }
}

/// The candidates drawn so far.
#[derive(Clone, Debug)]
pub struct Pool {
    /// The suite's seed.
    pub seed: u64,
    /// Every candidate, by slot kind, then index.
    pub candidates: Vec<Candidate>,
    /// How many candidates of each slot kind were drawn (made or set aside).
    pub drawn: [u64; 4],
    /// Candidates set aside: the engines disagree on them, or the
    /// generator found no game that ends (one line each).
    pub set_aside: Vec<String>,
    /// How many aimed candidates were drawn.
    pub aimed: u64,
    /// How many variants of candidates were drawn.
    pub variants: u64,
    /// What the scan found about the narrow family's rules.
    pub narrow: NarrowPool,
}

/// The seed of a slot kind's candidates.
fn slot_seed(seed: u64, slot: Slot) -> u64 {
    splitmix64(seed ^ 0x5355_4954_4553_0000, slot.number() as u64)
}

impl Pool {
    /// An empty pool for `seed` whose candidates are scanned for the
    /// rules of `family`.
    pub fn new(seed: u64, family: Arc<Family>, limits: ScanLimits) -> Pool {
        Pool {
            seed,
            candidates: Vec::new(),
            drawn: [0; 4],
            set_aside: Vec::new(),
            aimed: 0,
            variants: 0,
            narrow: NarrowPool::new(family, limits),
        }
    }

    /// The pool with `sizes` candidates of each kind, scanned for the
    /// rules of `family`.
    pub fn draw(seed: u64, sizes: PoolSizes, family: Arc<Family>, limits: ScanLimits) -> Pool {
        let mut pool = Pool::new(seed, family, limits);
        for slot in Slot::ALL {
            pool.extend(slot, sizes.of(slot));
        }
        pool
    }

    /// Draws `count` more candidates of `slot`; returns how many were kept.
    pub fn extend(&mut self, slot: Slot, count: u64) -> usize {
        let first = self.drawn[slot.number()];
        let seed = slot_seed(self.seed, slot);
        let profiles = slot.profiles();
        let made: Vec<Result<Candidate, String>> = (first..first + count)
            .into_par_iter()
            .map(|index| {
                let profile = profiles[(index % profiles.len() as u64) as usize];
                candidate(slot, profile, Steer::NONE, seed, index)
            })
            .collect();
        self.drawn[slot.number()] += count;
        self.keep(made)
    }

    /// Draws one more `full` candidate aimed at each `(profile, steer)`
    /// of `aims`; returns how many were kept.
    pub fn extend_aimed(&mut self, aims: &[(Profile, Steer)]) -> usize {
        let first = self.aimed;
        let seed = splitmix64(slot_seed(self.seed, Slot::Full) ^ 0x4149_4d45_4400, 0);
        let made: Vec<Result<Candidate, String>> = aims
            .par_iter()
            .enumerate()
            .map(|(k, &(profile, steer))| {
                let index = first + k as u64;
                candidate(Slot::Full, profile, steer, seed, index).map(|mut c| {
                    c.aimed = true;
                    c
                })
            })
            .collect();
        self.aimed += aims.len() as u64;
        self.keep(made)
    }

    /// Draws `per` variants of each candidate of `of` ([`Variation`]):
    /// one in [`SEATS_ONE_IN`] of a game of fewer than ten pigs is the game
    /// with a pig more (since session 11). Of the rest,
    /// one in [`TAILS_ONE_IN`] is its pigs and hands, and its deck down to
    /// a random card of those its game draws, from there on the deck of
    /// another candidate of its slot kind (so its cards stay within the
    /// subtask); the others are its game with one or two cards (of the
    /// starting hands or of the deck cards its game draws) replaced by cards of another candidate of its slot kind (seeds 1, 2
    /// and 7: 426, 362 and 437 live rules left unexposed, from 448, 376
    /// and 459 with tails alone; two in three card variants: 427, 377,
    /// 383). A variant plays as the candidate did until a changed card
    /// comes into play, so it keeps much of what the candidate exposes and
    /// may expose what it does not: a local search around the chosen
    /// tests. Each variant comes from the seed, the number of variants
    /// drawn before and the pool alone. Returns how many were kept.
    pub fn extend_variants(&mut self, of: &[usize], per: u64) -> usize {
        let jobs: Vec<(usize, Aim)> = of
            .iter()
            .flat_map(|&id| (0..per).map(move |_| (id, Aim::Any)))
            .collect();
        self.extend_variants_of(&jobs)
    }

    /// Draws a variant for each job `(candidate, aim)` (see
    /// [`Pool::extend_variants`] and [`Aim`]): with a cut, a
    /// [`Variation::Tail`] cut at most [`CUT_AFTER`] cards below the first
    /// deck card `cut` (a card the game draws after a given decision), so
    /// that the game is the same up to that decision and different after
    /// it; with an endgame, a [`Variation::Endgame`]; otherwise a variant
    /// as [`Pool::extend_variants`] draws. Returns how many were kept.
    pub fn extend_variants_of(&mut self, jobs: &[(usize, Aim)]) -> usize {
        let first = self.variants;
        let seed = splitmix64(self.seed ^ 0x5641_5249_414e_5400, 0);
        let mut by_slot: [Vec<usize>; 4] = Default::default();
        // The games that began with two pigs, by subtask.
        let mut two_pigs: [Vec<usize>; 3] = Default::default();
        for (id, c) in self.candidates.iter().enumerate() {
            if c.splice.is_none() {
                by_slot[c.slot.number()].push(id);
                if c.case.game.pig_count() == 2 {
                    two_pigs[c.slot.subtask().number()].push(id);
                }
            }
        }
        let jobs: Vec<(usize, Aim, u64)> = jobs
            .iter()
            .enumerate()
            .map(|(k, &(id, aim))| (id, aim, first + k as u64))
            .collect();
        let candidates = &self.candidates;
        let made: Vec<Result<Candidate, String>> = jobs
            .par_iter()
            .map(|&(id, aim, index)| {
                let base = &candidates[id];
                let r = splitmix64(seed, index);
                let endgame = match aim {
                    Aim::Endgame(at) => {
                        let donors = &two_pigs[base.slot.subtask().number()];
                        (!donors.is_empty())
                            .then(|| (at, donors[(r % donors.len() as u64) as usize]))
                    }
                    _ => None,
                };
                let donors = &by_slot[base.slot.number()];
                let donor = match endgame {
                    Some((_, d)) => &candidates[d],
                    None => &candidates[donors[(r % donors.len() as u64) as usize]],
                };
                let pigs = base.case.game.pig_count();
                let how = if let Some((at, _)) = endgame {
                    Variation::Endgame { at }
                } else if let Aim::Cut(cut) = aim {
                    let cuts = tail_cuts(&base.case);
                    let from = cut.min(cuts - 1);
                    Variation::Tail {
                        at: from + ((r >> 32) as usize) % (cuts - from).min(CUT_AFTER),
                    }
                } else if pigs < MAX_PIGS && (r >> 40) % SEATS_ONE_IN == 0 {
                    Variation::Seat {
                        seat: 1 + ((r >> 48) as usize) % pigs,
                    }
                } else if (r >> 24) % TAILS_ONE_IN != 0 {
                    Variation::Cards {
                        count: 1 + ((r >> 28) % MAX_CARDS_CHANGED) as usize,
                    }
                } else {
                    Variation::Tail {
                        at: ((r >> 32) as usize) % tail_cuts(&base.case),
                    }
                };
                let (pigs, cards) = vary(&base.case, &donor.case.game, how, r);
                let name = format!("{} variant {index}", base.slot.name());
                let game = Game::new(pigs, cards).map_err(|e| format!("{name}: {e}"))?;
                match judge_case_of(game, base.case.profile, base.case.seed) {
                    Ok(case) => Ok(Candidate {
                        exposes: exposes(&case.game, &case.outcome),
                        case,
                        slot: base.slot,
                        index,
                        narrow: Vec::new(),
                        fires: RuleBits::default(),
                        known: RuleBits::default(),
                        aimed: false,
                        splice: Some(Splice {
                            of: id,
                            how,
                            donor: donor.case.seed,
                        }),
                        completed: false,
                        turns: 0,
                    }),
                    Err(e) => Err(format!("{name}: {e}")),
                }
            })
            .collect();
        self.variants += jobs.len() as u64;
        // A variant that does not end or that the engines disagree on is
        // dropped: it was never a candidate of the pool.
        let kept: Vec<Result<Candidate, String>> = made.into_iter().filter(Result::is_ok).collect();
        self.keep(kept)
    }

    /// Keeps the candidates made, sets the others aside, and scans the
    /// new ones for the narrow family's rules.
    fn keep(&mut self, made: Vec<Result<Candidate, String>>) -> usize {
        let before = self.candidates.len();
        for result in made {
            match result {
                Ok(candidate) => self.candidates.push(candidate),
                Err(line) => self.set_aside.push(line),
            }
        }
        self.narrow.scan(&mut self.candidates[before..]);
        self.candidates.len() - before
    }

    /// Scans every candidate again for the rules of another family
    /// (forgetting what was found for the old one).
    pub fn rescan(&mut self, family: Arc<Family>) {
        self.narrow = NarrowPool::new(family, self.narrow.limits);
        for c in &mut self.candidates {
            c.narrow.clear();
            c.fires = RuleBits::default();
            c.known = RuleBits::default();
            c.completed = false;
        }
        self.narrow.scan(&mut self.candidates);
    }

    /// Every mistake some candidate exposes.
    pub fn exposed(&self) -> MutantSet {
        let mut all = MutantSet::new();
        for c in &self.candidates {
            all.union_with(&c.exposes);
        }
        all
    }

    /// Completes candidate `id` against the live rules (see
    /// [`NarrowPool::complete`]), once.
    pub fn complete(&mut self, id: usize) {
        if self.candidates[id].completed {
            return;
        }
        let live = self.narrow.live();
        self.narrow.complete(&mut self.candidates[id], &live);
        self.candidates[id].completed = true;
    }

    /// Completes candidates `ids` (see [`Pool::complete`]).
    pub fn complete_all(&mut self, ids: &[usize]) {
        for &id in ids {
            self.complete(id);
        }
    }

    /// How many candidates of each slot kind were kept.
    pub fn kept(&self) -> [usize; 4] {
        let mut kept = [0; 4];
        for c in &self.candidates {
            kept[c.slot.number()] += 1;
        }
        kept
    }
}

/// How many cards from the top of `case`'s deck a variant may change:
/// the cards its game draws ([`JudgeCase::drawn`]; a change below them
/// would change nothing), at least one.
fn reached(case: &JudgeCase) -> usize {
    case.drawn.max(1)
}

/// How many places a [`Variation::Tail`] of `case` may cut its deck at:
/// before each card its game draws, and, when it draws the whole deck
/// (its last card repeats), at its end too (the other game's deck then
/// goes on where it stopped).
fn tail_cuts(case: &JudgeCase) -> usize {
    let top = reached(case);
    if top >= case.game.deck().len() {
        top + 1
    } else {
        top
    }
}

/// The pigs and deck of a variant of `base` ([`Variation`]), with cards
/// of `donor` (a game of the same slot kind, so that the variant's cards
/// stay within the subtask); `r` chooses which cards.
fn vary(base: &JudgeCase, donor: &Game, how: Variation, r: u64) -> (Vec<PigSetup>, Vec<Card>) {
    let top = reached(base);
    let base = &base.game;
    let mut pigs = base.pigs().to_vec();
    let deck = base.deck();
    match how {
        Variation::Tail { at } => {
            let mut cards = deck[..at].to_vec();
            cards.extend_from_slice(donor.deck().get(at..).unwrap_or(&[]));
            (pigs, cards)
        }
        Variation::Cards { count } => {
            let mut cards = deck.to_vec();
            let from = donor.deck();
            for k in 0..count {
                let q = splitmix64(r, 1 + k as u64);
                let place = (q % (top + 4 * pigs.len()) as u64) as usize;
                let card = from[((q >> 32) % from.len() as u64) as usize];
                match place.checked_sub(top) {
                    None => cards[place] = card,
                    Some(h) => pigs[h / 4].hand[h % 4] = card,
                }
            }
            (pigs, cards)
        }
        Variation::Endgame { at } => {
            let mut cards = deck[..at].to_vec();
            cards.extend_from_slice(donor.deck());
            (pigs, cards)
        }
        Variation::Seat { seat } => {
            let from = donor.deck();
            let card = |k: u64| from[(splitmix64(r, 8 + k) % from.len() as u64) as usize];
            let role = if splitmix64(r, 7) % 2 == 0 {
                Role::Loyalist
            } else {
                Role::Rebel
            };
            pigs.insert(
                seat,
                PigSetup {
                    role,
                    hand: [card(0), card(1), card(2), card(3)],
                },
            );
            (pigs, deck.to_vec())
        }
    }
}

/// Candidate `index` of `slot`, a game of `profile` nudged by `steer`,
/// or why it was set aside.
fn candidate(
    slot: Slot,
    profile: Profile,
    steer: Steer,
    seed: u64,
    index: u64,
) -> Result<Candidate, String> {
    match judge_case_steered(profile, steer, seed, index) {
        Ok(case) if slot.subtask().admits(&case.game) => Ok(Candidate {
            exposes: exposes(&case.game, &case.outcome),
            case,
            slot,
            index,
            narrow: Vec::new(),
            fires: RuleBits::default(),
            known: RuleBits::default(),
            aimed: false,
            splice: None,
            completed: false,
            turns: 0,
        }),
        Ok(_) => Err(format!(
            "{} candidate {index}: a {} game with cards outside the subtask",
            slot.name(),
            profile.name()
        )),
        Err(CaseError::Divergence(d)) => Err(format!(
            "{} candidate {index}: the engines disagree ({}), so it has no trusted answer",
            slot.name(),
            d.1.signature
        )),
        Err(e) => Err(format!("{} candidate {index}: {e}", slot.name())),
    }
}
