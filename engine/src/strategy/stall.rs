//! The round watch: finds a game that does not end, by the two round rules
//! of [`crate::run`] ([`Stall::QuietRound`], [`Stall::RepeatedRound`]).
//! (The turn cap is checked by the table's turn loop.)
//!
//! A round starts each time the lord's turn is about to start. The watch
//! looks at the table at each round start, before its `TurnStart`:
//!
//! - quiet: the deck was exhausted when the previous round started and no
//!   card was played since;
//! - repeated: the deck was exhausted when the previous round started (so
//!   it is now too: the deck never grows) and the whole state now is the
//!   state then.

use std::mem;

use crate::event::Tracer;
use crate::run::Stall;

use super::table::Table;

/// What the watch remembers of the previous round start.
pub(super) struct RoundWatch {
    /// The deck was exhausted when the previous round started.
    exhausted: bool,
    /// Cards played before the previous round started.
    plays: u64,
    /// The table's state when the previous round started (kept only when
    /// the deck was exhausted then).
    previous: Vec<u8>,
    /// Scratch space for the state now.
    current: Vec<u8>,
}

impl RoundWatch {
    /// A watch before the first round.
    pub(super) fn new() -> RoundWatch {
        RoundWatch {
            exhausted: false,
            plays: 0,
            previous: Vec::new(),
            current: Vec::new(),
        }
    }

    /// A round is about to start: the stall found, if any.
    pub(super) fn round_starts<T: Tracer>(&mut self, table: &Table<'_, T>) -> Option<Stall> {
        if self.exhausted {
            if table.plays() == self.plays {
                return Some(Stall::QuietRound);
            }
            table.snapshot(&mut self.current);
            if self.current == self.previous {
                return Some(Stall::RepeatedRound);
            }
            mem::swap(&mut self.current, &mut self.previous);
        } else if table.deck_exhausted() {
            table.snapshot(&mut self.previous);
            self.exhausted = true;
        }
        self.plays = table.plays();
        None
    }
}
