//! The differential runner: plays one game on two engines, and when they
//! disagree, replays both with tracing to find the first differing event
//! and the divergence's signature.
//!
//! Running untraced first keeps the common case (agreement) as fast as the
//! engines themselves; the traces are only built for the rare divergence.
//! An engine that panics is caught and reported as a divergence, never
//! passed on.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pigkill_engine::{Budget, Engine, Event, Game, Outcome, Role, RunError};

/// What one engine made of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game ended with this outcome.
    Ended(Outcome),
    /// The engine gave an error (the game does not end, or the engine failed).
    Error(RunError),
    /// The engine panicked, with the panic's message.
    Panicked(String),
}

impl Verdict {
    /// The outcome, if the game ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Verdict::Ended(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Whether this verdict says the game does not end.
    pub fn did_not_end(&self) -> bool {
        matches!(self, Verdict::Error(RunError::DidNotEnd { .. }))
    }

    /// The verdict as the judge output (or an `error: ...` line).
    pub fn to_text(&self) -> String {
        match self {
            Verdict::Ended(outcome) => outcome.to_judge_text(),
            Verdict::Error(error) => format!("error: {error}\n"),
            Verdict::Panicked(message) => format!("panic: {message}\n"),
        }
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-text payload".to_string()
    }
}

/// Plays `game` on `engine` untraced, catching panics.
pub fn play(engine: &dyn Engine, game: &Game, budget: Budget) -> Verdict {
    match catch_unwind(AssertUnwindSafe(|| engine.run(game, budget))) {
        Ok(Ok(outcome)) => Verdict::Ended(outcome),
        Ok(Err(error)) => Verdict::Error(error),
        Err(payload) => Verdict::Panicked(panic_message(payload)),
    }
}

/// Plays `game` on `engine` with its event trace, catching panics; the
/// events up to a failure are kept.
pub fn play_traced(engine: &dyn Engine, game: &Game, budget: Budget) -> (Verdict, Vec<Event>) {
    let mut events = Vec::new();
    let verdict = match catch_unwind(AssertUnwindSafe(|| {
        engine.run_traced(game, budget, &mut events)
    })) {
        Ok(Ok(outcome)) => Verdict::Ended(outcome),
        Ok(Err(error)) => Verdict::Error(error),
        Err(payload) => Verdict::Panicked(panic_message(payload)),
    };
    (verdict, events)
}

/// The shape of one side of a divergence: the kind of its first differing
/// event, the role of the pig it is about, and the card it names (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventShape {
    /// An event.
    Event {
        /// The event's kind (`respond`, `damage`, ...).
        kind: &'static str,
        /// The role of the pig the event is about.
        role: Option<Role>,
        /// The card the event names.
        card: Option<pigkill_engine::Card>,
    },
    /// The trace ended here (the other engine went on).
    End,
    /// The engine panicked here.
    Panic,
    /// The traces agree but the final verdicts differ.
    Verdict,
}

impl EventShape {
    fn of(event: &Event, game: &Game) -> EventShape {
        let role = event.pig().and_then(|p| game.pigs().get(p)).map(|p| p.role);
        let card = match *event {
            Event::Play { card, .. } | Event::Respond { card, .. } | Event::Draw { card, .. } => {
                Some(card)
            }
            _ => None,
        };
        EventShape::Event {
            kind: event.kind(),
            role,
            card,
        }
    }
}

impl fmt::Display for EventShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventShape::Event { kind, role, card } => {
                f.write_str(kind)?;
                match (role, card) {
                    (Some(r), Some(c)) => write!(f, "({r}, {c})"),
                    (Some(r), None) => write!(f, "({r})"),
                    (None, Some(c)) => write!(f, "({c})"),
                    (None, None) => Ok(()),
                }
            }
            EventShape::End => f.write_str("end of trace"),
            EventShape::Panic => f.write_str("panic"),
            EventShape::Verdict => f.write_str("verdict"),
        }
    }
}

/// What kind of divergence this is, so that a shrinker can keep the same
/// failure instead of sliding to another: the shapes of both sides' first
/// differing events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    /// The first engine's side.
    pub left: EventShape,
    /// The second engine's side.
    pub right: EventShape,
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} vs {}", self.left, self.right)
    }
}

/// Two engines disagreeing on one game.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// The names of the two engines, left and right.
    pub engines: [String; 2],
    /// Each engine's verdict.
    pub verdicts: [Verdict; 2],
    /// Each engine's full event trace.
    pub traces: [Vec<Event>; 2],
    /// The index of the first event where the traces differ (the length of
    /// the shorter trace when one is a prefix of the other).
    pub first_difference: usize,
    /// The divergence's signature.
    pub signature: Signature,
}

impl Divergence {
    /// The first differing event of each side (`None` where a trace ended).
    pub fn first_events(&self) -> [Option<&Event>; 2] {
        [
            self.traces[0].get(self.first_difference),
            self.traces[1].get(self.first_difference),
        ]
    }

    /// The events both engines agree on just before the difference (at most `count`).
    pub fn context(&self, count: usize) -> &[Event] {
        let end = self.first_difference;
        &self.traces[0][end.saturating_sub(count)..end]
    }

    /// A readable report: both verdicts and the first differing event with
    /// `context` events before it.
    pub fn report(&self, context: usize) -> String {
        let mut out = String::new();
        for i in 0..2 {
            out.push_str(&format!(
                "--- {} says:\n{}",
                self.engines[i],
                self.verdicts[i].to_text()
            ));
        }
        out.push_str(&format!(
            "--- first difference at event {} ({})\n",
            self.first_difference + 1,
            self.signature
        ));
        out.push_str(&self.difference(context));
        out
    }

    /// The `context` agreed events before the first difference, indented,
    /// then each engine's first differing event side by side.
    pub fn difference(&self, context: usize) -> String {
        let mut out = String::new();
        for event in self.context(context) {
            out.push_str(&format!("    {event}\n"));
        }
        let width = self.engines.iter().map(String::len).max().unwrap_or(0);
        for (name, event) in self.engines.iter().zip(self.first_events()) {
            match event {
                Some(event) => out.push_str(&format!("  {name:>width$}: {event}\n")),
                None => out.push_str(&format!("  {name:>width$}: (no more events)\n")),
            }
        }
        out
    }
}

/// The shape of side `side`'s event at `index`, or how its trace stopped.
fn shape_at(trace: &[Event], index: usize, verdict: &Verdict, game: &Game) -> EventShape {
    match trace.get(index) {
        Some(event) => EventShape::of(event, game),
        None if matches!(verdict, Verdict::Panicked(_)) => EventShape::Panic,
        None => EventShape::End,
    }
}

/// Compares two engines on one game: `None` when they agree (same outcome,
/// or the same `DidNotEnd` at the same turn by the same rule), otherwise
/// the divergence with both traces.
pub fn compare(
    left: &dyn Engine,
    right: &dyn Engine,
    game: &Game,
    budget: Budget,
) -> Option<Divergence> {
    let quick = [play(left, game, budget), play(right, game, budget)];
    if quick[0] == quick[1] && !matches!(quick[0], Verdict::Panicked(_)) {
        return None;
    }
    Some(explain_divergence(left, right, game, budget))
}

/// Replays a game known to diverge on both engines with tracing and builds the report.
pub fn explain_divergence(
    left: &dyn Engine,
    right: &dyn Engine,
    game: &Game,
    budget: Budget,
) -> Divergence {
    let (left_verdict, left_trace) = play_traced(left, game, budget);
    let (right_verdict, right_trace) = play_traced(right, game, budget);
    let first_difference = left_trace
        .iter()
        .zip(&right_trace)
        .position(|(a, b)| a != b)
        .unwrap_or(left_trace.len().min(right_trace.len()));
    let signature = if left_trace == right_trace {
        Signature {
            left: EventShape::Verdict,
            right: EventShape::Verdict,
        }
    } else {
        Signature {
            left: shape_at(&left_trace, first_difference, &left_verdict, game),
            right: shape_at(&right_trace, first_difference, &right_verdict, game),
        }
    };
    Divergence {
        engines: [left.name().to_string(), right.name().to_string()],
        verdicts: [left_verdict, right_verdict],
        traces: [left_trace, right_trace],
        first_difference,
        signature,
    }
}
