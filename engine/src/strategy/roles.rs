//! The three roles' decisions, one type per role behind one trait.
//!
//! Every choice a pig makes in `rules.md` is here and nowhere else: whom it
//! kills, whom it duels, whether it fights back in a duel, and whether it
//! spends a nullify to protect or to attack a pig. The table (`table.rs`)
//! resolves cards and asks these questions; each role answers from the
//! public [`View`] of the table and its own role alone.
//!
//! The table stores each pig's [`Role`]; `Role` itself implements
//! [`Strategy`] by handing the question to [`Lord`], [`Loyalist`] or
//! [`Rebel`] (a `match`, so every call is static and inlinable).

use crate::card::Role;
use crate::game::Seat;

use super::view::View;

/// One role's decisions. `me` is the deciding pig's seat.
pub trait Strategy {
    /// Whom this pig kills: a pig at distance 1 (the next living pig), or
    /// nobody.
    fn kill_target(&self, view: &View, me: Seat) -> Option<Seat>;

    /// Whom this pig duels (at any distance), or nobody.
    fn duel_target(&self, view: &View, me: Seat) -> Option<Seat>;

    /// Whether this pig discards its kills in a duel against `opponent`.
    fn fights(&self, view: &View, me: Seat, opponent: Seat) -> bool;

    /// Whether this pig spends a nullify to protect `pig` from a trick
    /// (an odd nullify in the chain, 献殷勤).
    fn protects(&self, view: &View, me: Seat, pig: Seat) -> bool;

    /// Whether this pig spends a nullify to cancel a nullify that protects
    /// `pig` (an even nullify in the chain, 表敌意).
    fn attacks(&self, view: &View, me: Seat, pig: Seat) -> bool;
}

/// The lord (MP): hunts revealed rebels and the pigs it suspects.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lord;

/// A loyalist (ZP): hunts revealed rebels, never fights the lord.
#[derive(Clone, Copy, Debug, Default)]
pub struct Loyalist;

/// A rebel (FP): hunts the lord, and revealed loyalists next to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rebel;

/// Whether the lord counts `pig` as an enemy: a revealed rebel, or a pig it
/// suspects.
fn lord_enemy(view: &View, pig: Seat) -> bool {
    view.is_revealed_rebel(pig) || view.is_suspected(pig)
}

/// Whether `pig` is publicly on the lord's side: the lord, or a revealed
/// loyalist. (A suspected or unrevealed pig is on nobody's side.)
fn public_lord_side(view: &View, pig: Seat) -> bool {
    view.is_lord(pig) || view.is_revealed_loyalist(pig)
}

impl Strategy for Lord {
    /// The next living pig, if it is a revealed rebel or suspected.
    fn kill_target(&self, view: &View, me: Seat) -> Option<Seat> {
        let next = view.next_alive(me);
        (next != me && lord_enemy(view, next)).then_some(next)
    }

    /// The first living pig going forward that is a revealed rebel or
    /// suspected.
    fn duel_target(&self, view: &View, me: Seat) -> Option<Seat> {
        view.alive_after(me).find(|&pig| lord_enemy(view, pig))
    }

    /// The lord fights every duel with all its kills.
    fn fights(&self, _view: &View, _me: Seat, _opponent: Seat) -> bool {
        true
    }

    /// Itself and revealed loyalists.
    fn protects(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        public_lord_side(view, pig)
    }

    /// Revealed rebels (a suspected pig is unrevealed, so never protected,
    /// so never attacked either).
    fn attacks(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        view.is_revealed_rebel(pig)
    }
}

impl Strategy for Loyalist {
    /// The next living pig, if it is a revealed rebel.
    fn kill_target(&self, view: &View, me: Seat) -> Option<Seat> {
        let next = view.next_alive(me);
        (next != me && view.is_revealed_rebel(next)).then_some(next)
    }

    /// The first living revealed rebel going forward.
    fn duel_target(&self, view: &View, me: Seat) -> Option<Seat> {
        view.alive_after(me)
            .find(|&pig| view.is_revealed_rebel(pig))
    }

    /// A loyalist never discards a kill against the lord (it takes the
    /// damage); against anyone else it fights with all its kills.
    fn fights(&self, view: &View, _me: Seat, opponent: Seat) -> bool {
        !view.is_lord(opponent)
    }

    /// The lord and revealed loyalists (itself too, once revealed).
    fn protects(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        public_lord_side(view, pig)
    }

    /// Revealed rebels.
    fn attacks(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        view.is_revealed_rebel(pig)
    }
}

impl Strategy for Rebel {
    /// The next living pig, if it is the lord or a revealed loyalist.
    fn kill_target(&self, view: &View, me: Seat) -> Option<Seat> {
        let next = view.next_alive(me);
        (next != me && public_lord_side(view, next)).then_some(next)
    }

    /// Always the lord.
    fn duel_target(&self, view: &View, _me: Seat) -> Option<Seat> {
        view.is_alive(View::LORD).then_some(View::LORD)
    }

    /// A rebel fights every duel with all its kills.
    fn fights(&self, _view: &View, _me: Seat, _opponent: Seat) -> bool {
        true
    }

    /// Revealed rebels (itself too, once revealed).
    fn protects(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        view.is_revealed_rebel(pig)
    }

    /// The lord and revealed loyalists.
    fn attacks(&self, view: &View, _me: Seat, pig: Seat) -> bool {
        public_lord_side(view, pig)
    }
}

impl Strategy for Role {
    #[inline]
    fn kill_target(&self, view: &View, me: Seat) -> Option<Seat> {
        match self {
            Role::Lord => Lord.kill_target(view, me),
            Role::Loyalist => Loyalist.kill_target(view, me),
            Role::Rebel => Rebel.kill_target(view, me),
        }
    }

    #[inline]
    fn duel_target(&self, view: &View, me: Seat) -> Option<Seat> {
        match self {
            Role::Lord => Lord.duel_target(view, me),
            Role::Loyalist => Loyalist.duel_target(view, me),
            Role::Rebel => Rebel.duel_target(view, me),
        }
    }

    #[inline]
    fn fights(&self, view: &View, me: Seat, opponent: Seat) -> bool {
        match self {
            Role::Lord => Lord.fights(view, me, opponent),
            Role::Loyalist => Loyalist.fights(view, me, opponent),
            Role::Rebel => Rebel.fights(view, me, opponent),
        }
    }

    #[inline]
    fn protects(&self, view: &View, me: Seat, pig: Seat) -> bool {
        match self {
            Role::Lord => Lord.protects(view, me, pig),
            Role::Loyalist => Loyalist.protects(view, me, pig),
            Role::Rebel => Rebel.protects(view, me, pig),
        }
    }

    #[inline]
    fn attacks(&self, view: &View, me: Seat, pig: Seat) -> bool {
        match self {
            Role::Lord => Lord.attacks(view, me, pig),
            Role::Loyalist => Loyalist.attacks(view, me, pig),
            Role::Rebel => Rebel.attacks(view, me, pig),
        }
    }
}
