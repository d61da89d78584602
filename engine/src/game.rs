//! A game as the problem's input describes it (pigs with roles and first
//! hands, the deck top first) and an outcome as its output describes it
//! (the winner, and each pig's final hand or death), with the checks that
//! make a game valid per `rules.md`.

use std::fmt;

use crate::card::{Card, Role, Winner};

/// The fewest pigs a game may have.
pub const MIN_PIGS: usize = 2;
/// The most pigs a game may have.
pub const MAX_PIGS: usize = 10;
/// The fewest deck cards a game may have (draws need one).
pub const MIN_DECK: usize = 1;
/// The most deck cards a game may have (the statement's bound on m).
pub const MAX_DECK: usize = 2000;
/// Every pig's starting and maximum HP.
pub const MAX_HP: i32 = 4;

/// A seat at the table: 0-based, so pig `i + 1` of the statement sits at `i`.
pub type Seat = usize;

/// One pig as the game starts: its role and its first four cards, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PigSetup {
    /// The pig's role.
    pub role: Role,
    /// The pig's starting hand, left to right.
    pub hand: [Card; 4],
}

/// Why a set of pigs and a deck is not a valid game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidGame {
    /// Fewer than 2 or more than 10 pigs.
    PigCount(usize),
    /// Fewer than 1 or more than 2000 deck cards.
    DeckSize(usize),
    /// Pig 1 is not the lord.
    FirstPigNotLord(Role),
    /// A pig other than pig 1 is a lord (1-based pig number).
    SecondLord(usize),
}

impl fmt::Display for InvalidGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidGame::PigCount(n) => {
                write!(f, "{n} pigs, expected {MIN_PIGS} to {MAX_PIGS}")
            }
            InvalidGame::DeckSize(m) => {
                write!(f, "{m} deck cards, expected {MIN_DECK} to {MAX_DECK}")
            }
            InvalidGame::FirstPigNotLord(role) => write!(f, "pig 1 is {role}, expected MP"),
            InvalidGame::SecondLord(pig) => {
                write!(f, "pig {pig} is a second MP, expected ZP or FP")
            }
        }
    }
}

impl std::error::Error for InvalidGame {}

/// A valid game: 2 to 10 pigs, pig 1 the only lord, 1 to 2000 deck cards.
///
/// A game with no rebel is valid here (the statement's data never has one;
/// see `rules.md`): engines answer it with an immediate lord win.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pigs: Vec<PigSetup>,
    deck: Vec<Card>,
}

impl Game {
    /// A game from its pigs (in seat order) and its deck (top first).
    ///
    /// # Errors
    ///
    /// [`InvalidGame`] when the pig count, the deck size or the lord's seat
    /// break the rules of a valid game.
    pub fn new(pigs: Vec<PigSetup>, deck: Vec<Card>) -> Result<Game, InvalidGame> {
        if !(MIN_PIGS..=MAX_PIGS).contains(&pigs.len()) {
            return Err(InvalidGame::PigCount(pigs.len()));
        }
        if !(MIN_DECK..=MAX_DECK).contains(&deck.len()) {
            return Err(InvalidGame::DeckSize(deck.len()));
        }
        if pigs[0].role != Role::Lord {
            return Err(InvalidGame::FirstPigNotLord(pigs[0].role));
        }
        if let Some(i) = pigs.iter().skip(1).position(|p| p.role == Role::Lord) {
            return Err(InvalidGame::SecondLord(i + 2));
        }
        Ok(Game { pigs, deck })
    }

    /// The pigs in seat order; pig 1 (seat 0) is the lord.
    pub fn pigs(&self) -> &[PigSetup] {
        &self.pigs
    }

    /// The deck, top card first.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The number of pigs, `n`.
    pub fn pig_count(&self) -> usize {
        self.pigs.len()
    }

    /// Whether any pig is a rebel (the statement's data always has one).
    pub fn has_rebel(&self) -> bool {
        self.pigs.iter().any(|p| p.role == Role::Rebel)
    }

    /// The game in the problem's input format, ending with a newline.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.pigs.len(), self.deck.len())?;
        for pig in &self.pigs {
            write!(f, "{}", pig.role)?;
            for card in pig.hand {
                write!(f, " {card}")?;
            }
            writeln!(f)?;
        }
        write_cards(f, &self.deck)?;
        writeln!(f)
    }
}

/// Writes cards separated by single spaces, with no trailing space.
pub(crate) fn write_cards(f: &mut impl fmt::Write, cards: &[Card]) -> fmt::Result {
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            f.write_char(' ')?;
        }
        f.write_char(card.letter())?;
    }
    Ok(())
}

/// How one pig ends the game: dead, or alive with its hand (weapon excluded).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PigFate {
    /// The pig died (`DEAD`).
    Dead,
    /// The pig lives and holds these cards, left to right.
    Alive(Vec<Card>),
}

/// The end of a game: what the judge output says.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub winner: Winner,
    /// Each pig's fate, in seat order.
    pub pigs: Vec<PigFate>,
}

impl Outcome {
    /// The judge output: the winner, then one line per pig, each line ending
    /// in a newline (an empty line for an empty hand, `DEAD` for a dead pig).
    pub fn to_judge_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.winner)?;
        for pig in &self.pigs {
            match pig {
                PigFate::Dead => f.write_str("DEAD")?,
                PigFate::Alive(hand) => write_cards(f, hand)?,
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
