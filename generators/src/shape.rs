//! The shape of a generated game (how many pigs, how the roles sit, which
//! cards each role's hand and the deck are drawn from, how long the deck
//! is) and the one builder that turns a shape and a [`Source`] of choices
//! into a valid game with at least one rebel.

use pigkill_engine::{Card, Game, PigSetup, Role, MAX_DECK, MAX_PIGS, MIN_PIGS};

use crate::rng::Source;

/// Card weights in the order of [`Card::ALL`]: `P K D F N W J Z`.
pub(crate) type Weights = [u32; 8];

/// How the roles sit around the table (the lord is always pig 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arrangement {
    /// 1 to n-1 rebels on random seats, the rest loyalists.
    Random,
    /// Pig 2 is a loyalist (when there are 3 pigs or more); the rest random.
    LoyalistNextToLord,
    /// Pig 2 is a rebel; the rest random.
    RebelNextToLord,
    /// Pig n (the one whose next pig is the lord) is a rebel; the rest random.
    RebelBeforeLord,
    /// Loyalists and rebels take turns around the table.
    Alternating,
    /// Loyalists first (maybe none), then rebels.
    LoyalistsFirst,
    /// Rebels first, then loyalists (maybe none).
    RebelsFirst,
    /// Every pig but the lord is a rebel.
    AllRebels,
    /// Exactly one rebel, anywhere.
    OneRebel,
}

impl Arrangement {
    /// Every arrangement, in the order of [`Shape::arrangements`].
    pub(crate) const ALL: [Arrangement; 9] = [
        Arrangement::Random,
        Arrangement::LoyalistNextToLord,
        Arrangement::RebelNextToLord,
        Arrangement::RebelBeforeLord,
        Arrangement::Alternating,
        Arrangement::LoyalistsFirst,
        Arrangement::RebelsFirst,
        Arrangement::AllRebels,
        Arrangement::OneRebel,
    ];
}

/// Everything a profile decides about the games it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The fewest and the most pigs.
    pub(crate) pigs: (u32, u32),
    /// Weights of each [`Arrangement`], in the order of [`Arrangement::ALL`].
    pub(crate) arrangements: [u32; 9],
    /// Card weights of the starting hands, by role: lord, loyalist, rebel.
    pub(crate) hands: [Weights; 3],
    /// Card weights of the deck.
    pub(crate) deck: Weights,
    /// Card weights of the deck's bottom card (the one that repeats once the
    /// deck runs down), when it should differ from the rest of the deck.
    pub(crate) last_card: Option<Weights>,
    /// The shortest and the longest deck.
    pub(crate) deck_len: (u32, u32),
    /// Deck lengths are log-uniform (short decks as likely as long ones per
    /// doubling) rather than uniform.
    pub(crate) deck_len_log: bool,
}

/// A nudge of a profile's shape toward a situation, for games aimed at
/// it: cards made four times as likely (only those the profile deals at
/// all, so that a subtask's games keep to its cards), at most five pigs,
/// a deck of at most 30 cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Steer {
    /// The cards to deal more of.
    pub more: [bool; 8],
    /// At most five pigs.
    pub few_pigs: bool,
    /// A deck of at most 30 cards, so that it runs down to its last card.
    pub short_deck: bool,
}

impl Steer {
    /// No nudge: the profile's own shape.
    pub const NONE: Steer = Steer {
        more: [false; 8],
        few_pigs: false,
        short_deck: false,
    };

    /// The same nudge, also dealing more of `card`.
    pub fn with_card(mut self, card: Card) -> Steer {
        if let Some(i) = Card::ALL.iter().position(|&c| c == card) {
            self.more[i] = true;
        }
        self
    }

    /// Applies the nudge to a shape.
    pub(crate) fn apply(self, shape: &mut Shape) {
        let boost = |weights: &mut Weights| {
            for (w, more) in weights.iter_mut().zip(self.more) {
                if more {
                    *w *= 4;
                }
            }
        };
        for hand in &mut shape.hands {
            boost(hand);
        }
        boost(&mut shape.deck);
        if let Some(last) = &mut shape.last_card {
            boost(last);
        }
        if self.few_pigs {
            let (lo, hi) = shape.pigs;
            shape.pigs = (lo.min(5), hi.min(5));
        }
        if self.short_deck {
            let (lo, hi) = shape.deck_len;
            shape.deck_len = (lo.min(30), hi.min(30));
        }
    }
}

/// Which hand weights a role uses.
const fn role_index(role: Role) -> usize {
    match role {
        Role::Lord => 0,
        Role::Loyalist => 1,
        Role::Rebel => 2,
    }
}

impl Shape {
    /// A shape with the same card weights for every hand and the deck.
    pub(crate) const fn uniform(weights: Weights) -> Shape {
        Shape {
            pigs: (MIN_PIGS as u32, MAX_PIGS as u32),
            arrangements: [4, 1, 1, 1, 1, 1, 1, 1, 1],
            hands: [weights; 3],
            deck: weights,
            last_card: None,
            deck_len: (1, MAX_DECK as u32),
            deck_len_log: true,
        }
    }

    /// Builds one game from this shape, taking every choice from `src`.
    ///
    /// The game is valid (2 to 10 pigs, pig 1 the only lord, 1 to 2000
    /// deck cards) and has at least one rebel, whatever the shape says.
    pub(crate) fn build<S: Source>(&self, src: &mut S) -> Game {
        let (lo, hi) = clamp_range(self.pigs, MIN_PIGS as u32, MAX_PIGS as u32);
        let n = src.range(lo, hi) as usize;
        let arrangement = Arrangement::ALL[src.weighted(&self.arrangements)];
        let roles = arrange(src, n, arrangement);
        let hand_pickers = self.hands.map(|w| Picker::new(&w));
        let pigs = roles
            .iter()
            .map(|&role| {
                let picker = &hand_pickers[role_index(role)];
                PigSetup {
                    role,
                    hand: [
                        picker.pick(src),
                        picker.pick(src),
                        picker.pick(src),
                        picker.pick(src),
                    ],
                }
            })
            .collect();
        let m = self.deck_length(src) as usize;
        let deck_picker = Picker::new(&self.deck);
        let mut deck: Vec<Card> = (0..m).map(|_| deck_picker.pick(src)).collect();
        if let Some(last) = &self.last_card {
            deck[m - 1] = Picker::new(last).pick(src);
        }
        Game::new(pigs, deck).expect("the builder only makes valid games")
    }

    /// The deck's length, in `deck_len` (clamped to 1..=2000).
    fn deck_length<S: Source>(&self, src: &mut S) -> u32 {
        let (lo, hi) = clamp_range(self.deck_len, 1, MAX_DECK as u32);
        if !self.deck_len_log || lo == hi {
            return src.range(lo, hi);
        }
        // Pick a power of two between those of lo and hi, then a length in
        // that doubling, so that 1-3 cards are as likely as 1000-2000.
        let lo_bits = 31 - lo.leading_zeros();
        let hi_bits = 31 - hi.leading_zeros();
        let bits = src.range(lo_bits, hi_bits);
        let from = (1u32 << bits).max(lo);
        let to = ((1u32 << bits) * 2 - 1).min(hi);
        src.range(from, to)
    }

    /// Swarm testing: skews this shape at random for one game, switching
    /// some cards off entirely (in the hands, the deck, or both) and making
    /// others more or less frequent, and sometimes drawing the pig count,
    /// the deck length or the role arrangement afresh.
    pub(crate) fn swarm<S: Source>(&mut self, src: &mut S) {
        // Factors in quarters: off (3 in 16), a quarter, a half (2), kept
        // (6), double (2), quadruple (2).
        const FACTORS: [u32; 16] = [0, 0, 0, 1, 2, 2, 4, 4, 4, 4, 4, 4, 8, 8, 16, 16];
        let hand_factors: [u32; 8] = std::array::from_fn(|_| FACTORS[src.below(16) as usize]);
        let deck_factors: [u32; 8] = std::array::from_fn(|_| FACTORS[src.below(16) as usize]);
        // Half the time the deck follows the hands, so that a card can
        // vanish from the whole game.
        let follow = src.chance(1, 2);
        for hand in &mut self.hands {
            for (w, f) in hand.iter_mut().zip(hand_factors) {
                *w *= f;
            }
        }
        let factors = if follow { hand_factors } else { deck_factors };
        for (w, f) in self.deck.iter_mut().zip(factors) {
            *w *= f;
        }
        if let Some(last) = &mut self.last_card {
            for (w, f) in last.iter_mut().zip(factors) {
                *w *= f;
            }
        }
        if src.chance(1, 4) {
            self.pigs = (MIN_PIGS as u32, MAX_PIGS as u32);
        }
        if src.chance(1, 5) {
            self.deck_len = (1, MAX_DECK as u32);
            self.deck_len_log = true;
        }
        if src.chance(1, 4) {
            self.arrangements = [1; 9];
        }
    }
}

/// `(lo, hi)` clamped into `min..=max`, with `lo <= hi`.
fn clamp_range((lo, hi): (u32, u32), min: u32, max: u32) -> (u32, u32) {
    let lo = lo.clamp(min, max);
    (lo, hi.clamp(lo, max))
}

/// Picks cards by weight; a picker whose weights are all 0 picks kills.
///
/// A pick draws `r` below the total weight and takes the card whose share
/// of `0..total` holds `r` (the cards in the order of [`Card::ALL`]), as
/// [`Source::weighted`] does, but through a table of `total` entries, which
/// is several times faster than scanning the weights for every card.
struct Picker {
    table: Vec<Card>,
}

impl Picker {
    fn new(weights: &Weights) -> Picker {
        let mut table = Vec::with_capacity(weights.iter().sum::<u32>() as usize);
        for (card, &w) in Card::ALL.iter().zip(weights) {
            table.extend(std::iter::repeat_n(*card, w as usize));
        }
        Picker { table }
    }

    #[inline]
    fn pick<S: Source>(&self, src: &mut S) -> Card {
        if self.table.is_empty() {
            return Card::Kill;
        }
        self.table[src.below(self.table.len() as u32) as usize]
    }
}

/// The roles of `n` pigs in seat order for an arrangement: pig 1 the lord,
/// at least one rebel.
fn arrange<S: Source>(src: &mut S, n: usize, arrangement: Arrangement) -> Vec<Role> {
    let mut roles = vec![Role::Loyalist; n];
    roles[0] = Role::Lord;
    let others = (n - 1) as u32;
    match arrangement {
        Arrangement::Random => {
            let rebels = src.range(1, others);
            place_rebels(src, &mut roles, 1, rebels);
        }
        Arrangement::LoyalistNextToLord => {
            if n >= 3 {
                // Pig 2 stays a loyalist; seats 3..=n get 1 or more rebels.
                let rebels = src.range(1, others - 1);
                place_rebels(src, &mut roles, 2, rebels);
            } else {
                roles[1] = Role::Rebel;
            }
        }
        Arrangement::RebelNextToLord => {
            roles[1] = Role::Rebel;
            random_fill(src, &mut roles[2..]);
        }
        Arrangement::RebelBeforeLord => {
            roles[n - 1] = Role::Rebel;
            random_fill(src, &mut roles[1..n - 1]);
        }
        Arrangement::Alternating => {
            let start = src.below(2) as usize;
            for (i, role) in roles.iter_mut().enumerate().skip(1) {
                if (i + start) % 2 == 0 {
                    *role = Role::Rebel;
                }
            }
        }
        Arrangement::LoyalistsFirst => {
            let loyalists = src.below(others) as usize;
            for role in roles.iter_mut().skip(1 + loyalists) {
                *role = Role::Rebel;
            }
        }
        Arrangement::RebelsFirst => {
            let rebels = src.range(1, others) as usize;
            for role in roles.iter_mut().skip(1).take(rebels) {
                *role = Role::Rebel;
            }
        }
        Arrangement::AllRebels => {
            for role in roles.iter_mut().skip(1) {
                *role = Role::Rebel;
            }
        }
        Arrangement::OneRebel => {
            let seat = src.range(1, others) as usize;
            roles[seat] = Role::Rebel;
        }
    }
    if !roles.contains(&Role::Rebel) {
        let seat = src.range(1, others) as usize;
        roles[seat] = Role::Rebel;
    }
    roles
}

/// Makes `count` distinct seats from `first` on rebels (a partial shuffle).
fn place_rebels<S: Source>(src: &mut S, roles: &mut [Role], first: usize, count: u32) {
    let mut seats: Vec<usize> = (first..roles.len()).collect();
    for k in 0..(count as usize).min(seats.len()) {
        let j = k + src.below((seats.len() - k) as u32) as usize;
        seats.swap(k, j);
        roles[seats[k]] = Role::Rebel;
    }
}

/// Each seat a rebel or a loyalist with even odds.
fn random_fill<S: Source>(src: &mut S, roles: &mut [Role]) {
    for role in roles {
        if src.chance(1, 2) {
            *role = Role::Rebel;
        }
    }
}
