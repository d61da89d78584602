//! The reference engine for 猪国杀: deliberately plain. The game's state
//! is a set of fixed arrays indexed by seat (module `table`), each card is
//! one function (`cards`), the nullify round is one function (`nullify`),
//! damage, dying and death are one more (`damage`), the targets of each
//! role are in `targets`, and the state kept to find a repeated round is in
//! `stall`; the turn loop and the rules that find a game that does not end
//! are here. Every place where the rules choose is a named decision point
//! (module `decision`), taken through a decider type parameter: the plain
//! one compiles to the plain engine, a deviating one makes other choices
//! (the catalogue's mistakes in `mutants` are such choices).
//!
//! Every function says which paragraph of `rules.md` it implements, so
//! that a reader can check one against the other. This engine shares no
//! rule logic with the strategy engine: only the model types of
//! `pigkill-engine` (cards, games, outcomes, events, the [`Engine`] trait).

mod cards;
mod damage;
pub mod decision;
pub mod mutants;
mod nullify;
pub mod resume;
mod stall;
mod table;
mod targets;

use pigkill_engine::{
    Budget, Engine, Event, Game, NoTrace, Outcome, RunError, Seat, Stall, Tracer, Winner,
};

use crate::decision::{Choice, Decider, DecisionKind, Plain, Point};
use crate::stall::Snapshot;
use crate::table::Table;

/// The array-based reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceEngine;

impl Engine for ReferenceEngine {
    fn name(&self) -> &str {
        "reference"
    }

    fn run(&self, game: &Game, budget: Budget) -> Result<Outcome, RunError> {
        play_game(game, budget, NoTrace)
    }

    fn run_traced(
        &self,
        game: &Game,
        budget: Budget,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError> {
        play_game(game, budget, events)
    }
}

/// Plays `game` to its end, sending every event to `tracer`.
///
/// A game with no rebel is won by the lord before any turn. Otherwise the
/// turns go round the living pigs from the lord; each draws 2 cards and
/// plays its play phase. Before each round (the lord's turn) the quiet and
/// repeated round rules are checked, and before each turn the turn cap.
///
/// # Errors
///
/// [`RunError::DidNotEnd`] when the game does not end.
pub fn play_game<T: Tracer>(game: &Game, budget: Budget, tracer: T) -> Result<Outcome, RunError> {
    play_game_with(game, budget, tracer, Plain)
}

/// [`play_game`] with the decisions taken by `decider` ([`Plain`]: the
/// rules' choices).
fn play_game_with<T: Tracer, D: Decider>(
    game: &Game,
    budget: Budget,
    tracer: T,
    decider: D,
) -> Result<Outcome, RunError> {
    let mut table = Table::new(game, tracer, decider);
    let winner = play_turns(&mut table, game, budget)?;
    Ok(table.outcome(winner))
}

/// [`play_game_with`], with the judge text as this run prints it.
fn play_game_text<T: Tracer, D: Decider>(
    game: &Game,
    budget: Budget,
    tracer: T,
    decider: D,
) -> Result<(Outcome, String), RunError> {
    play_game_keeping(game, budget, tracer, decider).0
}

/// [`play_game_text`], giving the decider back as the run left it.
fn play_game_keeping<T: Tracer, D: Decider>(
    game: &Game,
    budget: Budget,
    tracer: T,
    decider: D,
) -> (Result<(Outcome, String), RunError>, D) {
    let mut table = Table::new(game, tracer, decider);
    let result = play_turns(&mut table, game, budget).map(|winner| {
        let outcome = table.outcome(winner);
        let text = table.judge_text(&outcome);
        (outcome, text)
    });
    (result, table.decider)
}

/// Plays `game` to its end and reads the whole table (HP, weapons,
/// reveals, suspicion, the deck's top), for tests.
///
/// # Errors
///
/// [`RunError::DidNotEnd`] when the game does not end.
#[cfg(feature = "inspect")]
pub fn run_to_end(game: &Game, budget: Budget) -> Result<pigkill_engine::TableEnd, RunError> {
    let mut table = Table::new(game, NoTrace, Plain);
    let winner = play_turns(&mut table, game, budget)?;
    Ok(table.end(winner))
}

/// The turns of `game` on `table`, to the winner.
fn play_turns<T: Tracer, D: Decider>(
    table: &mut Table<'_, T, D>,
    game: &Game,
    budget: Budget,
) -> Result<Winner, RunError> {
    let Some(at) = begin_turns(table, game) else {
        return Ok(Winner::Lord);
    };
    // Nothing stops the loop but the game's end.
    turns_from(table, at, budget, |_, _| true).map(|winner| winner.unwrap_or(Winner::Lord))
}

/// Where the turn loop stands at the start of a turn: the state kept
/// outside the table (to find a game that does not end), the turns played
/// and whose turn it is. With the table, all that the rest of the run
/// depends on.
#[derive(Clone, PartialEq)]
pub(crate) struct Loop {
    /// The last round start kept to find a repeated round.
    snapshot: Snapshot,
    /// Whether the round under way started with the deck exhausted.
    round_started_exhausted: bool,
    /// How many turns were played.
    turns: u32,
    /// Whose turn is next.
    pig: Seat,
}

/// What happens before the first turn: a game without a rebel is over
/// (`None`); else the weapons at set-up and whose turn is first.
fn begin_turns<T: Tracer, D: Decider>(table: &mut Table<'_, T, D>, game: &Game) -> Option<Loop> {
    if !game.has_rebel() {
        table.emit(Event::GameOver {
            winner: Winner::Lord,
        });
        return None;
    }
    let mut pig = 0;
    if !D::PLAIN {
        table.start_weapons();
        // Turns go 1, 2, ...: whose turn comes first is a decision too.
        let second = table.next_alive(0);
        let point = Point::new(DecisionKind::FirstTurn, 0, Choice(0)).about(second);
        if table.decide_if(point, Choice(1), |_| 0) {
            pig = second;
        }
    }
    Some(Loop {
        snapshot: Snapshot::default(),
        round_started_exhausted: false,
        turns: 0,
        pig,
    })
}

/// The turns from `at` on, to the winner; `goes_on` sees the table and
/// the loop at the start of each turn (before the round's checks), so
/// that a run can be kept there and taken up again ([`resume`]), and
/// stops the run there (`None`) when it says no.
fn turns_from<'g, T: Tracer, D: Decider>(
    table: &mut Table<'g, T, D>,
    mut at: Loop,
    budget: Budget,
    mut goes_on: impl FnMut(&Table<'g, T, D>, &Loop) -> bool,
) -> Result<Option<Winner>, RunError> {
    loop {
        if !goes_on(table, &at) {
            return Ok(None);
        }
        let Loop {
            snapshot,
            round_started_exhausted,
            turns,
            pig,
        } = &mut at;
        let pig = *pig;
        if pig == 0 {
            if let Some(stall) = round_start(table, snapshot, *round_started_exhausted) {
                return Err(RunError::DidNotEnd {
                    turns: *turns,
                    stall,
                });
            }
            *round_started_exhausted = table.deck_exhausted();
        }
        if *turns >= budget.max_turns {
            return Err(RunError::DidNotEnd {
                turns: *turns,
                stall: Stall::TurnCap,
            });
        }
        if !D::PLAIN && table.decider.gave_up() {
            return Err(RunError::DidNotEnd {
                turns: *turns,
                stall: Stall::TurnLoop,
            });
        }
        *turns += 1;
        let turns = *turns;
        table.turn = turns;
        table.emit(Event::TurnStart { pig, turn: turns });
        table.current = pig;
        // Whose turn is next, as it stands when this one begins (for a
        // deviating run's decision only).
        let next = if D::PLAIN { pig } else { table.next_alive(pig) };
        let deaths_before = table.deaths;
        if !D::PLAIN {
            table.revealed_this_turn = 0;
            table.died_this_turn = 0;
            table.rescued_this_turn = 0;
            table.area_played = false;
            table.rewarded_this_turn = false;
        }
        table.draw_cards(pig, 2);
        if D::PLAIN {
            table.play_phase(pig);
        } else if table.alive[pig] {
            table.in_phase = true;
            table.play_phase(pig);
            table.in_phase = false;
            table.fresh = 0;
        } else {
            // A dead pig's turn, in a deviating run: its draws are lost.
            table.hand[pig].clear();
        }
        if !D::PLAIN {
            table.settle_put_off(table::AT_TURN_END);
            table.previous = (pig, !table.alive[pig]);
        }
        if let Some(winner) = table.winner {
            if !D::PLAIN {
                round_after_game_over(table, pig);
                if table.decider.gave_up() {
                    return Err(RunError::DidNotEnd {
                        turns,
                        stall: Stall::TurnLoop,
                    });
                }
            }
            return Ok(Some(winner));
        }
        at.pig = if D::PLAIN {
            table.next_alive(pig)
        } else {
            next_turn(table, pig, next, table.deaths > deaths_before)
        };
    }
}

/// The game was decided in `pig`'s turn: by the rules nothing more
/// happens; a deviating run decides whether the living pigs after it in
/// the round still draw their 2 cards (the end checked once a round).
fn round_after_game_over<T: Tracer, D: Decider>(table: &mut Table<'_, T, D>, pig: Seat) {
    let later: Vec<Seat> = (pig + 1..table.n)
        .filter(|&seat| table.alive[seat])
        .collect();
    if later.is_empty() {
        return;
    }
    let point = Point::new(DecisionKind::RoundAfterGameOver, pig, Choice(0));
    if table.decide_if(point, Choice(1), |_| 0) {
        for seat in later {
            table.current = seat;
            table.draw_cards(seat, 2);
        }
    }
}

/// Whose turn follows `pig`'s, in a deviating run: the next living pig;
/// when `next`, the pig that was next as the turn began, died in it,
/// whether the turn goes to it all the same is a decision; and after a
/// turn in which a pig died (`death`), whose turn it is is a decision too
/// (the next living pig's, by the rules).
fn next_turn<T: Tracer, D: Decider>(
    table: &mut Table<'_, T, D>,
    pig: Seat,
    next: Seat,
    death: bool,
) -> Seat {
    if next != pig && !table.alive[next] {
        let point = Point::new(DecisionKind::NextTurn, pig, Choice(0)).about(next);
        if table.decide_if(point, Choice(1), |_| 0) {
            return next;
        }
    }
    // The seat after the pig's holds a dead pig: whether the walk of turns
    // passes it (and every dead seat after it). Giving the turn to a pig
    // that died in this turn is the decision above.
    let seat = (pig + 1) % table.n;
    let beyond = (seat + 1) % table.n;
    let one_skip = beyond != pig && !table.alive[beyond];
    let past = if seat == next { 0b001 } else { 0b011 } | if one_skip { 0b100 } else { 0 };
    if seat != pig && !table.alive[seat] && past != 0b001 {
        let point = Point::new(DecisionKind::TurnPastDead, pig, Choice(0))
            .about(seat)
            .legal(past);
        match table.decide(point, |_| 0) {
            Choice(1) => return seat,
            Choice(2) => return beyond,
            _ => {}
        }
    }
    let living = table.next_alive(pig);
    if !death {
        return living;
    }
    let lord = table.alive[0] && living != 0;
    let after = table.next_alive(living);
    // Skipping the next living pig may give the pig itself another turn.
    let skip = after != living;
    let legal = 0b001 | if lord { 0b010 } else { 0 } | if skip { 0b100 } else { 0 };
    if legal == 0b001 {
        return living;
    }
    let point = Point::new(DecisionKind::TurnAfterDeath, pig, Choice(0))
        .about(living)
        .legal(legal);
    match table.decide(point, |_| 0) {
        Choice(1) => 0,
        Choice(2) => after,
        _ => living,
    }
}

/// A round is about to start (the lord's turn). Finds a game that does not
/// end: the round just played started with the deck exhausted and played no
/// card (quiet), or the deck was exhausted at both this and the previous
/// round's start and the state is the same (repeated). Then records this
/// round's start.
fn round_start<T: Tracer, D: Decider>(
    table: &mut Table<'_, T, D>,
    snapshot: &mut Snapshot,
    last_round_started_exhausted: bool,
) -> Option<Stall> {
    if last_round_started_exhausted && table.plays_this_round == 0 {
        return Some(Stall::QuietRound);
    }
    table.plays_this_round = 0;
    if table.deck_exhausted() {
        if snapshot.matches(table) {
            return Some(Stall::RepeatedRound);
        }
        snapshot.take(table);
    }
    None
}
