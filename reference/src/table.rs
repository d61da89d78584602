//! The table: the whole state of one game in plain arrays indexed by seat
//! (HP, alive, revealed, suspected, crossbow, hands), the deck, and the
//! small helpers every rule needs (drawing, the next living pig, reveals,
//! finding the leftmost card of a kind).
//!
//! Rules.md sections: "Set-up" and "Public identity of a pig".

use pigkill_engine::{Card, Event, Game, Outcome, PigFate, Role, Seat, Tracer, Winner, MAX_HP};

use crate::mutants::{Mutation, Plain, Rules};

/// The most pigs at a table.
pub(crate) const SEATS: usize = 10;

/// Every pig's state, indexed by seat (seat 0 is the lord), plus the deck,
/// played by the rules `R` ([`Plain`], or with deliberate mistakes).
pub(crate) struct Table<'g, T: Tracer, R: Rules = Plain> {
    /// How many pigs sit at the table.
    pub(crate) n: usize,
    /// Each pig's secret role.
    pub(crate) role: [Role; SEATS],
    /// Each pig's HP.
    pub(crate) hp: [i32; SEATS],
    /// Whether each pig is alive.
    pub(crate) alive: [bool; SEATS],
    /// Whether each pig's role is public. The lord's always is.
    pub(crate) revealed: [bool; SEATS],
    /// Whether the lord suspects each (unrevealed) pig of being a rebel.
    pub(crate) suspected: [bool; SEATS],
    /// Whether each pig has a crossbow equipped.
    pub(crate) crossbow: [bool; SEATS],
    /// Each pig's hand, left to right.
    pub(crate) hand: [Vec<Card>; SEATS],
    /// The deck, top first; `deck[top]` is the next card drawn.
    deck: &'g [Card],
    /// The index of the deck's top card.
    top: usize,
    /// Who won, once the game is over.
    pub(crate) winner: Option<Winner>,
    /// How many cards were played since the current round started.
    pub(crate) plays_this_round: u32,
    /// Where events go.
    pub(crate) tracer: T,
    /// Whose turn it is.
    pub(crate) current: Seat,
    /// The rules the table plays by.
    rules: R,
}

impl<'g, T: Tracer, R: Rules> Table<'g, T, R> {
    /// The table as the game starts: 4 HP each, the input hands, no weapon,
    /// nobody revealed but the lord, nobody suspected.
    pub(crate) fn new(game: &'g Game, tracer: T, rules: R) -> Table<'g, T, R> {
        let pigs = game.pigs();
        let n = pigs.len().min(SEATS);
        let mut role = [Role::Loyalist; SEATS];
        let mut alive = [false; SEATS];
        let mut hp = [0; SEATS];
        let mut hand: [Vec<Card>; SEATS] = Default::default();
        for seat in 0..n {
            role[seat] = pigs[seat].role;
            alive[seat] = true;
            hp[seat] = MAX_HP;
            hand[seat].reserve(16);
            hand[seat].extend_from_slice(&pigs[seat].hand);
        }
        let mut revealed = [false; SEATS];
        revealed[0] = true;
        Table {
            n,
            role,
            hp,
            alive,
            revealed,
            suspected: [false; SEATS],
            crossbow: [false; SEATS],
            hand,
            deck: game.deck(),
            top: 0,
            winner: None,
            plays_this_round: 0,
            tracer,
            current: 0,
            rules,
        }
    }

    /// Whether this table makes the deliberate mistake `mutation` (a
    /// constant false, compiled away, for the [`Plain`] rules).
    #[inline(always)]
    pub(crate) fn mutated(&self, mutation: Mutation) -> bool {
        self.rules.mutated(mutation)
    }

    /// Sends one event to the tracer.
    #[inline(always)]
    pub(crate) fn emit(&mut self, event: Event) {
        self.tracer.emit(event);
    }

    /// Whether the deck is down to its last card (every draw repeats it).
    pub(crate) fn deck_exhausted(&self) -> bool {
        if self.mutated(Mutation::LastCardNotKept) {
            return self.top >= self.deck.len();
        }
        self.deck.len() - self.top <= 1
    }

    /// `pig` draws the top card to the right end of its hand. The deck's
    /// last card is drawn but left in place (with `LastCardNotKept` it is
    /// drawn like any other, and an empty deck gives nothing).
    pub(crate) fn draw(&mut self, pig: Seat) {
        if self.mutated(Mutation::LastCardNotKept) && self.top >= self.deck.len() {
            return;
        }
        let card = self.deck[self.top];
        let last_card = self.deck_exhausted();
        if !last_card {
            self.top += 1;
        }
        self.hand[pig].push(card);
        self.emit(Event::Draw {
            pig,
            card,
            last_card,
        });
    }

    /// The seat after `seat` going forward, living or not.
    #[inline]
    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 == self.n {
            0
        } else {
            seat + 1
        }
    }

    /// The next living pig after `pig`, going forward (distance 1).
    /// Returns `pig` itself only if no other pig lives.
    pub(crate) fn next_alive(&self, pig: Seat) -> Seat {
        let mut seat = pig;
        for _ in 0..self.n {
            seat = self.next_seat(seat);
            if self.alive[seat] {
                return seat;
            }
        }
        pig
    }

    /// Whether `pig` is MP or a revealed ZP: whom MP and ZP protect and FP attack.
    pub(crate) fn is_lord_or_revealed_loyalist(&self, pig: Seat) -> bool {
        self.role[pig] == Role::Lord || (self.revealed[pig] && self.role[pig] == Role::Loyalist)
    }

    /// Whether `pig` is a revealed FP: whom FP protect and MP and ZP attack.
    pub(crate) fn is_revealed_rebel(&self, pig: Seat) -> bool {
        self.revealed[pig] && self.role[pig] == Role::Rebel
    }

    /// `pig` reveals its role, if it has not already; a reveal clears the
    /// lord's suspicion.
    pub(crate) fn reveal(&mut self, pig: Seat) {
        if self.revealed[pig] {
            return;
        }
        self.revealed[pig] = true;
        if !self.mutated(Mutation::SuspicionSurvivesReveal) {
            self.suspected[pig] = false;
        }
        self.emit(Event::Reveal {
            pig,
            role: self.role[pig],
        });
    }

    /// Removes the leftmost `card` from `pig`'s hand; false if it has none.
    pub(crate) fn take_leftmost(&mut self, pig: Seat, card: Card) -> bool {
        let found = if self.mutated(Mutation::RightmostCard) {
            self.hand[pig].iter().rposition(|&c| c == card)
        } else {
            self.hand[pig].iter().position(|&c| c == card)
        };
        match found {
            Some(i) => {
                self.hand[pig].remove(i);
                true
            }
            None => false,
        }
    }

    /// Whether any rebel is still alive.
    pub(crate) fn any_rebel_alive(&self) -> bool {
        (0..self.n).any(|seat| self.alive[seat] && self.role[seat] == Role::Rebel)
    }

    /// Ends the game with `winner`.
    pub(crate) fn game_over(&mut self, winner: Winner) {
        self.winner = Some(winner);
        self.emit(Event::GameOver { winner });
    }

    /// The judge output for a game won by `winner`.
    pub(crate) fn outcome(&self, winner: Winner) -> Outcome {
        let pigs = (0..self.n)
            .map(|seat| {
                if self.alive[seat] {
                    let mut hand = self.hand[seat].clone();
                    if self.crossbow[seat] && self.mutated(Mutation::WeaponPrintedInHand) {
                        hand.push(Card::Crossbow);
                    }
                    PigFate::Alive(hand)
                } else {
                    PigFate::Dead
                }
            })
            .collect();
        Outcome { winner, pigs }
    }
}

#[cfg(feature = "inspect")]
impl<T: Tracer> Table<'_, T> {
    /// The whole table, read for tests (the lord is never "revealed" there).
    pub(crate) fn end(&self, winner: Winner) -> pigkill_engine::TableEnd {
        let pigs = (0..self.n)
            .map(|seat| pigkill_engine::PigState {
                role: self.role[seat],
                alive: self.alive[seat],
                hp: self.hp[seat],
                hand: self.hand[seat].clone(),
                crossbow: self.crossbow[seat],
                revealed: seat != 0 && self.revealed[seat],
                suspected: self.suspected[seat],
            })
            .collect();
        pigkill_engine::TableEnd {
            winner,
            pigs,
            drawn: self.top,
        }
    }
}

/// A count for an event's `u32` field (hands never come near `u32::MAX`).
pub(crate) fn count_u32(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}
