//! The order the shrinker minimises by: how simple a card and a role are,
//! and the [`Measure`] of a game, compared lexicographically.
//!
//! # Card simplicity
//!
//! A card is simpler than another when it takes part in fewer of the rules
//! of `rules.md`, so that a failure that survives the change needs less of
//! the game to explain it. From simplest to most complex:
//!
//! | rank | card | why |
//! |---|---|---|
//! | 0 | `D` dodge | never played in its owner's turn; it only answers a kill or a volley, and a hand of dodges never acts |
//! | 1 | `P` peach | no target, no reveal, no response; it only heals its owner, when hurt in its turn or when dying |
//! | 2 | `Z` crossbow | no target, no reveal, no response, but it stays as a weapon and changes every later kill of its owner |
//! | 3 | `K` kill | a target at distance 1, a reveal, a dodge asked, damage (and with it dying, rewards and the lord's penalty) |
//! | 4 | `F` duel | a target at any distance, a reveal, a nullify round, an exchange of kills, the lord-against-loyalist exception |
//! | 5 | `W` volley | every other pig, a nullify round for each, a dodge asked of each, the lord's suspicion |
//! | 6 | `N` invasion | as the volley, but it asks for kills, so it also uses up the answering pigs' attacks |
//! | 7 | `J` nullify | joins the resolution of every trick, with chains of protect and attack decisions by every pig and a reveal |
//!
//! # Role simplicity
//!
//! Pig 1 is always the lord and a test needs at least one rebel, so the
//! only choice is, for each other pig, rebel or loyalist. A rebel is the
//! simpler: one rebel is always there, so more rebels bring no new rule,
//! while a loyalist brings the whole loyalist side (the loyalist's reveal,
//! nullifies that protect it, the lord's duel that a loyalist does not
//! fight, the lord's penalty for killing one). A game's role complexity is
//! its number of loyalists.

use pigkill_engine::{Card, Game, Role};

/// Every card from the simplest to the most complex (see the module docs).
pub const SIMPLICITY: [Card; 8] = [
    Card::Dodge,
    Card::Peach,
    Card::Crossbow,
    Card::Kill,
    Card::Duel,
    Card::Volley,
    Card::Invasion,
    Card::Nullify,
];

/// The simplest card, which every card that does not matter becomes.
pub const SIMPLEST: Card = SIMPLICITY[0];

/// A card's complexity: its rank in [`SIMPLICITY`], 0 for the dodge up to 7
/// for the nullify.
pub const fn card_complexity(card: Card) -> u32 {
    match card {
        Card::Dodge => 0,
        Card::Peach => 1,
        Card::Crossbow => 2,
        Card::Kill => 3,
        Card::Duel => 4,
        Card::Volley => 5,
        Card::Invasion => 6,
        Card::Nullify => 7,
    }
}

/// The cards strictly simpler than `card`, simplest first.
pub fn simpler_cards(card: Card) -> &'static [Card] {
    let rank = card_complexity(card) as usize;
    &SIMPLICITY[..rank]
}

/// A role's complexity: 0 for a rebel, 1 for a loyalist (see the module
/// docs), 0 for the lord, whose seat never changes.
pub const fn role_complexity(role: Role) -> u32 {
    match role {
        Role::Loyalist => 1,
        Role::Lord | Role::Rebel => 0,
    }
}

/// How big a failing game is; a smaller measure is a better result.
///
/// Measures compare lexicographically in field order (the derived `Ord`):
/// fewer pigs first, then a shorter deck, then simpler cards, then simpler
/// roles, and last a shorter game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Measure {
    /// The number of pigs.
    pub pigs: usize,
    /// The number of deck cards.
    pub deck: usize,
    /// The sum of [`card_complexity`] over every hand and the deck.
    pub cards: u32,
    /// The sum of [`role_complexity`] over every pig: the number of loyalists.
    pub roles: u32,
    /// The game's length in turns, as the predicate reported it.
    pub turns: u32,
}

impl Measure {
    /// The measure of `game`, which lasts `turns` turns.
    pub fn of(game: &Game, turns: u32) -> Measure {
        let hands: u32 = game
            .pigs()
            .iter()
            .flat_map(|pig| pig.hand)
            .map(card_complexity)
            .sum();
        let deck: u32 = game.deck().iter().map(|&card| card_complexity(card)).sum();
        Measure {
            pigs: game.pig_count(),
            deck: game.deck().len(),
            cards: hands + deck,
            roles: game
                .pigs()
                .iter()
                .map(|pig| role_complexity(pig.role))
                .sum(),
            turns,
        }
    }
}
