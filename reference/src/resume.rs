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

use pigkill_engine::{Budget, Game, NoTrace, Outcome, RunError, Winner};

use crate::decision::{Decider, Decision, Deviating, Deviation, Logged, Plain};
use crate::table::Table;
use crate::{begin_turns, turns_from, Loop};

/// A game's plain run (a run that deviates nowhere, as
/// [`crate::decision::decisions`] plays it), kept at the start of each of
/// its turns.
pub struct TurnStarts<'g> {
    /// The game.
    game: &'g Game,
    /// The table and the turn loop at the start of turn `k + 1`, at `k`.
    starts: Vec<(Table<'g, NoTrace, Plain>, Loop)>,
    /// What the plain run prints, when it ends.
    text: Option<String>,
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

/// How a deviated run taken up from a game's plain run went: its judge
/// text, or why it did not end; and the turn at whose start it was found
/// back in the plain run's state, if it was (then the text is the plain
/// run's, and the log stops there).
pub type TakenUp = (Result<String, RunError>, Option<u32>);

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
        let mut text = None;
        let outcome = winner.map(|winner| {
            let outcome = table.outcome(winner.unwrap_or(Winner::Lord));
            // The printed lines are decisions too: logged as the plain
            // run logs them.
            text = Some(table.judge_text(&outcome));
            outcome
        });
        (outcome, TurnStarts { game, starts, text })
    }

    /// The game.
    pub fn game(&self) -> &'g Game {
        self.game
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
        let kept = (changes.first as usize)
            .checked_sub(1)
            .and_then(|k| self.starts.get(k))
            .filter(|_| !Deviating::new(deviations, None).drops_last_card());
        let Some((kept, at)) = kept else {
            let run =
                crate::decision::deviated_output_logged(self.game, budget, deviations, logged, log);
            return (run, None);
        };
        let mut table = kept.fork(Deviating::logging(deviations, Some(log), logged));
        let mut met = None;
        // The plain run ended within `budget`: from its state at any
        // turn's start, a run ends as it did, within the budget too.
        let plain_ends = self.text.is_some() && self.starts.len() <= budget.max_turns as usize;
        let run = turns_from(&mut table, at.clone(), budget, |table, at| {
            let k = at.turns;
            let back = k >= changes.last
                && plain_ends
                && !table.decider.gave_up()
                && self
                    .starts
                    .get(k as usize)
                    .is_some_and(|(plain, plain_at)| plain_at == at && plain.same_state(table));
            if back {
                met = Some(k);
            }
            !back
        });
        let text = run.map(|winner| match winner {
            Some(winner) => {
                let outcome = table.outcome(winner);
                table.judge_text(&outcome)
            }
            // Back in the plain run's state (only where the plain run
            // ends): its text.
            None => self.text.clone().unwrap_or_default(),
        });
        (text, met)
    }
}
