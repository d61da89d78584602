//! The named profiles: the statement's subtasks, one profile per rule the
//! harness must reach, and `mixed`, which draws a profile and skews its
//! card weights afresh for every game (swarm testing).

use std::fmt;
use std::str::FromStr;

use pigkill_engine::{Card, MAX_DECK, MAX_PIGS};

use crate::rng::Source;
use crate::shape::{Shape, Weights};

/// A named family of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Profile {
    /// Subtask: only peach, kill, dodge and crossbow (no tricks).
    Basic,
    /// Subtask: every card but nullify.
    NoNullify,
    /// Subtask: every card.
    Full,
    /// Many nullifies and rebels that duel the lord at once, so that chains of 2 to 4+ happen.
    NullifyChains,
    /// Unrevealed pigs with invasions and volleys, so that the lord suspects, kills and duels them.
    Suspicion,
    /// Many duels and kills.
    Duels,
    /// Many crossbows and kills, with rebels seated next to their targets.
    Crossbow,
    /// Decks of 1 to 6 cards, so that the last-card rule starts early.
    EmptyDeck,
    /// Few peaches and dodges, many kills, duels and area tricks: deaths,
    /// rewards and penalties come fast.
    Deaths,
    /// Ten pigs and a deck of 1800 to 2000 cards.
    Big,
    /// Each game draws another profile and skews its card weights (swarm
    /// testing); the default.
    #[default]
    Mixed,
}

/// The error of [`Profile::from_str`]: no profile has this name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown profile '{}', expected one of: ", self.0)?;
        for (i, p) in Profile::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(p.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownProfile {}

// Card weights, in the order P K D F N W J Z.
const BASIC: Weights = [3, 4, 3, 0, 0, 0, 0, 1];
const NO_NULLIFY: Weights = [3, 4, 3, 1, 1, 1, 0, 1];
const FULL: Weights = [3, 4, 3, 1, 1, 1, 1, 1];

impl Profile {
    /// Every profile, `mixed` last.
    pub const ALL: [Profile; 11] = [
        Profile::Basic,
        Profile::NoNullify,
        Profile::Full,
        Profile::NullifyChains,
        Profile::Suspicion,
        Profile::Duels,
        Profile::Crossbow,
        Profile::EmptyDeck,
        Profile::Deaths,
        Profile::Big,
        Profile::Mixed,
    ];

    /// The statement's subtasks.
    pub const SUBTASKS: [Profile; 3] = [Profile::Basic, Profile::NoNullify, Profile::Full];

    /// The profile's name on the command line (`basic`, `no-nullify`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Basic => "basic",
            Profile::NoNullify => "no-nullify",
            Profile::Full => "full",
            Profile::NullifyChains => "nullify-chains",
            Profile::Suspicion => "suspicion",
            Profile::Duels => "duels",
            Profile::Crossbow => "crossbow",
            Profile::EmptyDeck => "empty-deck",
            Profile::Deaths => "deaths",
            Profile::Big => "big",
            Profile::Mixed => "mixed",
        }
    }

    /// The profile with this name, if there is one.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What the profile makes, in one line.
    pub const fn description(self) -> &'static str {
        match self {
            Profile::Basic => "subtask: only peach, kill, dodge and crossbow (no tricks)",
            Profile::NoNullify => "subtask: every card but nullify",
            Profile::Full => "subtask: every card",
            Profile::NullifyChains => {
                "many nullifies, rebels that duel the lord at once: nullify chains of 1 to 4+"
            }
            Profile::Suspicion => {
                "unrevealed pigs with volleys and invasions: the lord suspects, kills, duels them"
            }
            Profile::Duels => "many duels and kills",
            Profile::Crossbow => "many crossbows and kills, rebels seated next to their targets",
            Profile::EmptyDeck => "decks of 1 to 6 cards: the last-card rule starts early",
            Profile::Deaths => {
                "few peaches and dodges, many attacks: deaths, rewards and penalties come fast"
            }
            Profile::Big => "ten pigs and a deck of 1800 to 2000 cards",
            Profile::Mixed => {
                "the default: each game draws a profile and skews its card weights (swarm testing)"
            }
        }
    }

    /// Whether games of this profile may hold this card (anywhere).
    pub fn allows(self, card: Card) -> bool {
        match self {
            Profile::Basic => matches!(
                card,
                Card::Peach | Card::Kill | Card::Dodge | Card::Crossbow
            ),
            Profile::NoNullify => card != Card::Nullify,
            _ => true,
        }
    }

    /// The shape of one game of this profile; `mixed` draws it from `src`.
    pub(crate) fn shape<S: Source>(self, src: &mut S) -> Shape {
        match self {
            Profile::Basic => Shape {
                // Without tricks, only a rebel killing the lord can reveal
                // anyone first, so that rebel sits right before the lord.
                arrangements: [2, 1, 1, 8, 1, 1, 1, 0, 1],
                // A rebel that keeps killing the lord ends the game only if
                // kills keep coming once the deck runs down.
                last_card: Some([1, 8, 1, 0, 0, 0, 0, 1]),
                ..Shape::uniform(BASIC)
            },
            Profile::NoNullify => Shape::uniform(NO_NULLIFY),
            Profile::Full => Shape::uniform(FULL),
            Profile::NullifyChains => Shape {
                pigs: (3, 8),
                arrangements: [3, 1, 1, 1, 2, 1, 1, 0, 0],
                hands: [
                    [2, 2, 2, 1, 1, 1, 5, 0],
                    [2, 2, 2, 1, 1, 1, 5, 0],
                    [1, 2, 1, 4, 1, 1, 5, 0],
                ],
                deck: [2, 2, 2, 2, 1, 1, 4, 1],
                last_card: None,
                deck_len: (1, 400),
                deck_len_log: true,
            },
            Profile::Suspicion => Shape {
                pigs: (3, 5),
                // A loyalist next to the lord: suspected, then killed (a penalty).
                arrangements: [2, 6, 1, 1, 1, 1, 1, 1, 1],
                // The lord keeps its kills for the suspects, has few
                // dodges for their volleys, peaches to live on, and
                // crossbows (a penalty with a weapon); the others hold a
                // few area tricks each, so that the lord lives to strike.
                hands: [
                    [5, 5, 1, 2, 0, 0, 1, 2],
                    [3, 1, 2, 0, 1, 2, 0, 1],
                    [3, 1, 2, 0, 1, 2, 0, 1],
                ],
                deck: [3, 2, 2, 2, 1, 1, 1, 1],
                last_card: None,
                deck_len: (1, 400),
                deck_len_log: true,
            },
            Profile::Duels => Shape {
                deck_len: (1, 400),
                hands: [[2, 3, 1, 4, 0, 0, 1, 0]; 3],
                deck: [2, 3, 1, 3, 1, 1, 1, 1],
                ..Shape::uniform(FULL)
            },
            Profile::Crossbow => Shape {
                arrangements: [2, 1, 2, 3, 2, 1, 1, 1, 0],
                deck_len: (1, 400),
                hands: [
                    // The lord's area tricks: a penalty with a crossbow.
                    [2, 4, 2, 1, 1, 1, 0, 3],
                    [2, 4, 2, 1, 0, 0, 0, 3],
                    [2, 4, 2, 1, 0, 0, 0, 3],
                ],
                deck: [2, 5, 2, 1, 1, 1, 1, 2],
                ..Shape::uniform(FULL)
            },
            Profile::EmptyDeck => Shape {
                deck_len: (1, 6),
                deck_len_log: false,
                // The repeating card decides whether the game can end.
                last_card: Some([0, 4, 1, 4, 2, 2, 0, 1]),
                ..Shape::uniform(FULL)
            },
            Profile::Deaths => Shape {
                pigs: (4, MAX_PIGS as u32),
                hands: [
                    // The lord's area tricks and crossbow: penalties with a weapon.
                    [1, 4, 1, 2, 3, 3, 1, 2],
                    [1, 4, 1, 2, 2, 2, 1, 1],
                    [1, 4, 1, 2, 2, 2, 1, 1],
                ],
                deck: [1, 4, 1, 2, 2, 2, 1, 1],
                deck_len: (1, 200),
                ..Shape::uniform(FULL)
            },
            Profile::Big => Shape {
                pigs: (MAX_PIGS as u32, MAX_PIGS as u32),
                deck_len: (MAX_DECK as u32 - 200, MAX_DECK as u32),
                deck_len_log: false,
                ..Shape::uniform(FULL)
            },
            Profile::Mixed => {
                const DRAWN: [Profile; 10] = [
                    Profile::Basic,
                    Profile::NoNullify,
                    Profile::Full,
                    Profile::NullifyChains,
                    Profile::Suspicion,
                    Profile::Duels,
                    Profile::Crossbow,
                    Profile::EmptyDeck,
                    Profile::Deaths,
                    Profile::Big,
                ];
                const WEIGHTS: [u32; 10] = [1, 1, 2, 3, 6, 2, 2, 2, 3, 1];
                let drawn = DRAWN[src.weighted(&WEIGHTS)];
                let mut shape = drawn.shape(src);
                if src.chance(3, 4) {
                    shape.swarm(src);
                }
                shape
            }
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        Profile::from_name(s).ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}
