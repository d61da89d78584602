//! Cards and roles: the game's vocabulary, with the one-letter codes of the
//! problem's text format.

use std::fmt;

/// One card, named by what it does in the game.
///
/// The letter codes are those of the problem's text (`P K D F N W J Z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// `P` 桃: heals its owner by 1, in its own turn below 4 HP or when dying.
    Peach,
    /// `K` 杀: 1 damage to the pig at distance 1 unless it discards a dodge.
    Kill,
    /// `D` 闪: cancels a kill; also the answer to an arrow volley.
    Dodge,
    /// `F` 决斗: the target and the player discard kills in turn; the first without one takes 1 damage.
    Duel,
    /// `N` 南猪入侵: every other pig discards a kill or takes 1 damage.
    Invasion,
    /// `W` 万箭齐发: every other pig discards a dodge or takes 1 damage.
    Volley,
    /// `J` 无懈可击: cancels a trick's effect on one pig, or another nullify.
    Nullify,
    /// `Z` 猪哥连弩: a weapon that lifts the one-kill-per-turn limit.
    Crossbow,
}

impl Card {
    /// Every card, in the order of the letters `P K D F N W J Z`, which is
    /// also the order of the discriminants (`card as usize` indexes it).
    pub const ALL: [Card; 8] = [
        Card::Peach,
        Card::Kill,
        Card::Dodge,
        Card::Duel,
        Card::Invasion,
        Card::Volley,
        Card::Nullify,
        Card::Crossbow,
    ];

    /// The card's letter in the problem's text format.
    pub const fn letter(self) -> char {
        match self {
            Card::Peach => 'P',
            Card::Kill => 'K',
            Card::Dodge => 'D',
            Card::Duel => 'F',
            Card::Invasion => 'N',
            Card::Volley => 'W',
            Card::Nullify => 'J',
            Card::Crossbow => 'Z',
        }
    }

    /// The card for a one-letter token of the text format, if there is one.
    pub fn from_token(token: &str) -> Option<Card> {
        let mut chars = token.chars();
        let card = match chars.next()? {
            'P' => Card::Peach,
            'K' => Card::Kill,
            'D' => Card::Dodge,
            'F' => Card::Duel,
            'N' => Card::Invasion,
            'W' => Card::Volley,
            'J' => Card::Nullify,
            'Z' => Card::Crossbow,
            _ => return None,
        };
        chars.next().is_none().then_some(card)
    }

    /// The English name used in traces and narrations (`kill`, `duel`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Card::Peach => "peach",
            Card::Kill => "kill",
            Card::Dodge => "dodge",
            Card::Duel => "duel",
            Card::Invasion => "invasion",
            Card::Volley => "volley",
            Card::Nullify => "nullify",
            Card::Crossbow => "crossbow",
        }
    }

    /// Whether the card is a trick (duel, invasion, volley, nullify).
    pub const fn is_trick(self) -> bool {
        matches!(
            self,
            Card::Duel | Card::Invasion | Card::Volley | Card::Nullify
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A pig's secret role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// `MP` 主猪, the lord: exactly one, always pig 1, known to all.
    Lord,
    /// `ZP` 忠猪, a loyalist: wins with the lord.
    Loyalist,
    /// `FP` 反猪, a rebel: wins when the lord dies.
    Rebel,
}

impl Role {
    /// Every role, in the order `MP ZP FP`.
    pub const ALL: [Role; 3] = [Role::Lord, Role::Loyalist, Role::Rebel];

    /// The role's code in the problem's text format (`MP`, `ZP`, `FP`).
    pub const fn code(self) -> &'static str {
        match self {
            Role::Lord => "MP",
            Role::Loyalist => "ZP",
            Role::Rebel => "FP",
        }
    }

    /// The role for a token of the text format, if there is one.
    pub fn from_token(token: &str) -> Option<Role> {
        match token {
            "MP" => Some(Role::Lord),
            "ZP" => Some(Role::Loyalist),
            "FP" => Some(Role::Rebel),
            _ => None,
        }
    }

    /// The English name used in traces and narrations.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Lord => "lord",
            Role::Loyalist => "loyalist",
            Role::Rebel => "rebel",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Who won: the first line of the judge output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// `MP`: the lord lives and every rebel is dead.
    Lord,
    /// `FP`: the lord is dead.
    Rebels,
}

impl Winner {
    /// The code printed on the first output line (`MP` or `FP`).
    pub const fn code(self) -> &'static str {
        match self {
            Winner::Lord => "MP",
            Winner::Rebels => "FP",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Card;

    #[test]
    fn card_all_is_in_discriminant_order_so_cards_index_tables() {
        for (i, card) in Card::ALL.into_iter().enumerate() {
            assert_eq!(card as usize, i, "{card}");
        }
    }
}
