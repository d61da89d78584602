//! A game's plain run kept at the start of each turn, so that a deviated
//! run can be taken up at the turn where its deviation first changes a
//! decision instead of played again from the deal.
//!
//! A run that deviates nowhere before some decision is, up to that
//! decision, the plain run decision for decision (the same game state
//! always leads to the same decisions, whatever the decider: see the
//! [`crate::decision`] module). So the table and the turn loop's state
//! at the start of the turn holding a deviation's first changed decision
//! are the plain run's there, and the deviated run from that point on
//! prints what the whole deviated run prints, byte for byte. Measuring a
//! narrow family plays hundreds of deviated runs per game; most of their
//! turns before the first change are the plain run's, played again.
//!
//! The other way round too: a deviated run that comes back, at the start
//! of a turn after the deviations' last change of the plain run, to the
//! plain run's state there (every pig, card and count, and the turn
//! loop's) plays on as the plain run does, and prints the plain run's
//! text: it is stopped there.
//!
//! And where only whether a deviated run prints the plain run's text
//! matters ([`TurnStarts::deviated_run_logged`]): a death is never undone,
//! and a dead pig's line is `DEAD` unless a decision of the `Output`
//! section prints it otherwise, while a living pig's line is its hand (or
//! empty). So a run that changes no `Output` decision, in which a pig
//! died that the plain run leaves alive, prints another text whatever it
//! does next (under any line judge too): it is stopped at the next
//! turn's start.

use pigkill_engine::{Budget, Game, NoTrace, Outcome, RunError, Winner};

use crate::decision::{Decider, Decision, Deviating, Deviation, Logged, Plain};
use crate::table::{Table, SEATS};
use crate::{begin_turns, turns_from, Loop};

/// A game's plain run (a run that deviates nowhere, as
/// [`crate::decision::decisions`] plays it), kept at the start of each of
/// its turns.
pub struct TurnStarts<'g> {
    /// The game.
    game: &'g Game,
    /// The table and the turn loop at the start of turn `k + 1`, at `k`.
    starts: Vec<(Table<'g, NoTrace, Plain>, Loop)>,
    /// How the plain run ends, when it ends.
    end: Option<PlainEnd>,
}

/// How a game's plain run ends.
struct PlainEnd {
    /// What it prints.
    text: String,
    /// The pigs alive at its end.
    alive: [bool; SEATS],
}

/// Where some deviations change decisions of a game's plain run: the
/// turns of the first and the last decision they change (turn 0: before
/// the first turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changes {
    /// The turn of the first decision changed.
    pub first: u32,
    /// The turn of the last decision changed.
    pub last: u32,
}

impl Changes {
    /// The turns of the first and the last decision of `log` that
    /// `changed` holds of, if it holds of one.
    pub fn in_log(log: &[Decision], changed: impl Fn(&Decision) -> bool) -> Option<Changes> {
        let first = log.iter().find(|d| changed(d))?;
        let last = log.iter().rev().find(|d| changed(d))?;
        Some(Changes {
            first: first.turn,
            last: last.turn,
        })
    }
}

/// How a deviated run taken up from a game's plain run went: its judge
/// text, or why it did not end; and the turn at whose start it was found
/// back in the plain run's state, if it was (then the text is the plain
/// run's, and the log stops there).
pub type TakenUp = (Result<String, RunError>, Option<u32>);

/// How a deviated run taken up from a game's plain run ended, where only
/// whether it prints the plain run's text matters
/// ([`TurnStarts::deviated_run_logged`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// It printed this text, or did not end.
    Ran(Result<String, RunError>),
    /// It was found back in the plain run's state at the start of this
    /// turn: it prints the plain run's text.
    Back {
        /// The turn.
        turn: u32,
        /// The plain run's text.
        text: String,
    },
    /// By the start of this turn a pig died that the plain run leaves
    /// alive: the run prints `DEAD` where the plain run prints a hand.
    Otherwise {
        /// The turn.
        turn: u32,
    },
}

/// Where a run taken up is stopped before its end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop<'a> {
    /// Back in the plain run's state at the start of this turn: it
    /// prints this, the plain run's text.
    Back(u32, &'a str),
    /// A pig the plain run leaves alive is dead, at the start of this turn.
    Otherwise(u32),
}

impl<'g> TurnStarts<'g> {
    /// Plays the plain run of `game` within `budget`, keeping it at the
    /// start of every turn, with the decisions that `logged` keeps
    /// appended to `log` (as [`crate::decision::decisions_kept`] logs
    /// them, the printed lines' included). Gives the run's outcome too.
    pub fn record(
        game: &'g Game,
        budget: Budget,
        logged: Logged,
        log: &mut Vec<Decision>,
    ) -> (Result<Outcome, RunError>, TurnStarts<'g>) {
        let mut starts = Vec::new();
        let decider = Deviating::logging(&[], Some(log), logged);
        let mut table = Table::new(game, NoTrace, decider);
        let winner = match begin_turns(&mut table, game) {
            Some(at) => turns_from(&mut table, at, budget, |table, at| {
                starts.push((table.fork(Plain), at.clone()));
                true
            }),
            None => Ok(Some(Winner::Lord)),
        };
        let mut end = None;
        let outcome = winner.map(|winner| {
            let outcome = table.outcome(winner.unwrap_or(Winner::Lord));
            // The printed lines are decisions too: logged as the plain
            // run logs them.
            end = Some(PlainEnd {
                text: table.judge_text(&outcome),
                alive: table.alive,
            });
            outcome
        });
        (outcome, TurnStarts { game, starts, end })
    }

    /// The game.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// What the plain run prints, when it ends.
    pub fn text(&self) -> Option<&str> {
        self.end.as_ref().map(|end| end.text.as_str())
    }

    /// How many turns of the plain run are kept (its turns, when it
    /// ends).
    pub fn turns(&self) -> u32 {
        self.starts.len() as u32
    }

    /// What [`crate::decision::deviated_output_logged`] gives for the
    /// same arguments, where `changes` says where the deviations change
    /// decisions of the plain run: played from the start of turn
    /// `changes.first` of the plain run on (from the deal when that is 0,
    /// past the turns kept, or when a deviation also changes the deck's
    /// exhaustion: a rule dropping the deck's last card at every draw),
    /// and stopped at the start of a turn after `changes.last` where it is
    /// back in the plain run's state (see the module docs). The log holds
    /// only the decisions it played.
    ///
    /// `changes` must be right: the deviations take the rules' choice at
    /// every decision of the plain run before turn `changes.first` and
    /// after turn `changes.last`; then the text is exactly the whole
    /// run's.
    pub fn deviated_output_logged(
        &self,
        changes: Changes,
        budget: Budget,
        deviations: &[Deviation],
        logged: Logged,
        log: &mut Vec<Decision>,
    ) -> TakenUp {
        match self.take_up(changes, budget, deviations, logged, log, false) {
            Taken::Ran(run) => (run, None),
            Taken::Back { turn, text } => (Ok(text), Some(turn)),
            // Not asked to stop where a pig died, so never stopped there.
            Taken::Otherwise { turn } => (
                Err(RunError::Failed {
                    message: format!("stopped at turn {turn} where a pig died"),
                }),
                None,
            ),
        }
    }

    /// [`TurnStarts::deviated_output_logged`] for a caller that needs only
    /// whether the run prints the plain run's text: also stopped, when no
    /// deviation is of a kind that [`prints`](crate::decision::DecisionKind::prints),
    /// at the start of the first turn by which a pig died that the plain
    /// run leaves alive (see the module docs). The log then holds the
    /// decisions played up to there.
    pub fn deviated_run_logged(
        &self,
        changes: Changes,
        budget: Budget,
        deviations: &[Deviation],
        logged: Logged,
        log: &mut Vec<Decision>,
    ) -> Taken {
        let never_prints = deviations
            .iter()
            .all(|d| matches!(d, Deviation::Rule(rule) if !rule.kind.prints()));
        self.take_up(changes, budget, deviations, logged, log, never_prints)
    }

    /// The run of [`TurnStarts::deviated_output_logged`], also stopped
    /// where a pig the plain run leaves alive is dead when `at_death`.
    fn take_up(
        &self,
        changes: Changes,
        budget: Budget,
        deviations: &[Deviation],
        logged: Logged,
        log: &mut Vec<Decision>,
        at_death: bool,
    ) -> Taken {
        let kept = (changes.first as usize)
            .checked_sub(1)
            .and_then(|k| self.starts.get(k))
            .filter(|_| !Deviating::new(deviations, None).drops_last_card());
        let Some((kept, at)) = kept else {
            return Taken::Ran(crate::decision::deviated_output_logged(
                self.game, budget, deviations, logged, log,
            ));
        };
        let mut table = kept.fork(Deviating::logging(deviations, Some(log), logged));
        let mut stop = None;
        // The plain run ended within `budget`: from its state at any
        // turn's start, a run ends as it did, within the budget too.
        let plain_end = self
            .end
            .as_ref()
            .filter(|_| self.starts.len() <= budget.max_turns as usize);
        let alive_at_end = self.end.as_ref().map(|end| end.alive).filter(|_| at_death);
        let winner = turns_from(&mut table, at.clone(), budget, |table, at| {
            let k = at.turns;
            if alive_at_end.is_some_and(|alive| (0..table.n).any(|s| alive[s] && !table.alive[s])) {
                stop = Some(Stop::Otherwise(k));
                return false;
            }
            let back = plain_end.filter(|_| {
                k >= changes.last
                    && !table.decider.gave_up()
                    && self
                        .starts
                        .get(k as usize)
                        .is_some_and(|(plain, plain_at)| plain_at == at && plain.same_state(table))
            });
            if let Some(end) = back {
                stop = Some(Stop::Back(k, &end.text));
            }
            back.is_none()
        });
        match (winner, stop) {
            (Ok(Some(winner)), _) => {
                let outcome = table.outcome(winner);
                Taken::Ran(Ok(table.judge_text(&outcome)))
            }
            (Ok(None), Some(Stop::Back(turn, text))) => Taken::Back {
                turn,
                text: text.to_owned(),
            },
            (Ok(None), Some(Stop::Otherwise(turn))) => Taken::Otherwise { turn },
            // The turn loop stops early only where it is told to.
            (Ok(None), None) => Taken::Ran(Ok(String::new())),
            (Err(error), _) => Taken::Ran(Err(error)),
        }
    }
}
