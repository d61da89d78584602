//! Decision points: every place where the rules choose, named, with its
//! `rules.md` section, its context and the choice the rules make, and the
//! deviations that make the reference engine choose otherwise.
//!
//! A wrong program is one that, somewhere, decides otherwise than the
//! rules. The engine takes each choice through a decider (a type parameter
//! of its table): the plain one returns the rules' choice and never builds
//! a context, so the reference engine compiles to the plain code; the
//! deviating one applies [`Deviation`]s and logs each [`Decision`].
//!
//! - A [`DecisionKind`] is where the rules choose ("is this card playable
//!   now?", "does the lord now suspect the player?"), with its alternatives.
//! - A [`FeatureSet`] is the context of one decision: boolean [`Feature`]s
//!   chosen for meaning (roles, reveals, the card, whose turn, HP, ...).
//!   Beside those named for one kind, a grid asks the same of every pig a
//!   decision involves (the actor, the other pig, the turn's pig: HP,
//!   cards held, seat, what happened to it this turn), of the card being
//!   resolved (its player, its chain of nullifies) and of what already
//!   happened this turn and this card (a death, a rescue, damage, a duel
//!   or area trick played).
//! - A [`DeviationRule`] says: at this kind, when this [`ContextRule`]
//!   holds, choose this alternative instead. A [`Deviation`] is such a rule
//!   applied wherever it holds, or one instance of a run made otherwise.
//! - The catalogue of known mistakes is data of this model:
//!   [`crate::mutants::Mutation::deviation_rules`].
//!
//! The kinds walk `rules.md` paragraph by paragraph: each pig's HP and
//! starting weapon, the deck's last two cards, and whose turn is next
//! (after a death too) ("Set-up"); where a drawn card goes, what is
//! playable (and which HP a peach reads), what equipping a second
//! crossbow leaves, whether the scan passes a card it may not play, the
//! kill limit (whether a kill uses it up, whether it
//! starts afresh each phase), whether the phase goes on after a play, and
//! where the scan restarts ("A turn"); whom a pig attacks, how a kill or
//! duel looks for its target (past the dead, in which order), when it
//! reveals and whether a reveal clears a suspicion ("Targets
//! (hostility)"); who is asked by an invasion or volley and in which
//! direction, who answers and with which card, and whether its search
//! sees the hand's first (or last) card, the duel's rounds and the lord's
//! suspicion of the player of whatever pig an invasion or volley hits
//! ("Responses"); whether a round is held, where it starts and whether it
//! goes past a willing pig with no nullify, who wants to nullify, when a
//! nullify reveals, what a chain's count starts from and what it decides
//! ("Nullify (J)"); when a pig is dying, the peach, the reward (and who
//! draws it) and the penalty (and when they are settled, and whether a
//! rescue counts), whether a loyalist's death counts against the rebels,
//! and what happens once the game is decided (whether a play phase goes
//! on, whether the round's later pigs still draw, whether the rebels are
//! counted right), and who pays a penalty or
//! draws a reward for which death ("Damage, dying, death"); and each
//! printed line, a hand's included ("Output").
//! [`DecisionKind::ALL`] lists them in that order.
//!
//! A decision is taken only where another choice is meaningful: no
//! decision asks whether a dodge is playable in the play phase, whether a
//! pig that died before an invasion reached it answers, or which of two
//! adjacent copies of a card goes (the hands after either are the same);
//! a pig answers with a card only when it holds one. A deviating run may
//! go where the rules never do (a dead pig's turn, an invasion that goes
//! on after the game is decided, where the first winner stands; a revealed
//! pig that is still suspected), and the decisions there keep the rules'
//! reading (a dead pig's turn draws and plays nothing; a kill, duel or
//! nullify reveals again, and a reveal clears a suspicion). The same game
//! state always leads to the same decisions, whatever the decider, so the
//! indices of a log are those of every run that deviates nowhere before
//! them.

mod decider;
mod family;
mod kinds;
mod words;

use pigkill_engine::{Budget, Card, Event, Game, NoTrace, Outcome, RunError, Seat, Tracer};

pub use decider::Logged;
pub use decider::Plain;
pub(crate) use decider::{Decider, Deviating, Point};
pub use family::narrow_family;
pub use kinds::{DecisionKind, Feature};

/// One alternative of a kind: an index into [`DecisionKind::alternatives`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Choice(pub u8);

/// The features that hold at one decision (a bit per [`Feature`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FeatureSet(pub u128);

impl FeatureSet {
    /// Whether `feature` holds.
    pub const fn has(self, feature: Feature) -> bool {
        self.0 & feature.bit() != 0
    }

    /// The features that hold, in bit order.
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.iter().copied().filter(move |&f| self.has(f))
    }
}

/// A conjunction of literals (feature = true / false): `mask` says which
/// features are constrained, `values` their required values (bits outside
/// `mask` are 0). The empty rule always holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct ContextRule {
    /// The constrained features (a bit per [`Feature`]).
    pub mask: u128,
    /// Their required values.
    pub values: u128,
}

impl ContextRule {
    /// The rule that always holds.
    pub const ALWAYS: ContextRule = ContextRule { mask: 0, values: 0 };

    /// The conjunction of these literals (a feature listed twice keeps its
    /// last value).
    pub const fn of(literals: &[(Feature, bool)]) -> ContextRule {
        let mut rule = ContextRule::ALWAYS;
        let mut i = 0;
        while i < literals.len() {
            rule = rule.and(literals[i].0, literals[i].1);
            i += 1;
        }
        rule
    }

    /// This rule with the literal `feature = value` added.
    pub const fn and(self, feature: Feature, value: bool) -> ContextRule {
        let bit = feature.bit();
        ContextRule {
            mask: self.mask | bit,
            values: if value {
                self.values | bit
            } else {
                self.values & !bit
            },
        }
    }

    /// Whether the rule holds at `at`.
    #[inline]
    pub fn holds(&self, at: FeatureSet) -> bool {
        at.0 & self.mask == self.values
    }

    /// How many literals the rule has.
    pub fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// Whether the rule has no literal (it always holds).
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// The literals, in feature order.
    pub fn literals(&self) -> impl Iterator<Item = (Feature, bool)> + '_ {
        let rule = *self;
        Feature::ALL
            .iter()
            .copied()
            .filter(move |f| rule.mask & f.bit() != 0)
            .map(move |f| (f, rule.values & f.bit() != 0))
    }
}

/// At kind `kind`, when `when` holds, choose `choose` instead of the
/// rules' choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct DeviationRule {
    /// Where.
    pub kind: DecisionKind,
    /// When.
    pub when: ContextRule,
    /// What is chosen instead.
    pub choose: Choice,
}

/// A deviation: one rule applied wherever its context holds, or one
/// instance (the `index`-th decision of the run, counted in that run's own
/// order, 0-based, over all kinds) made otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Deviation {
    /// A rule, wherever it holds.
    Rule(DeviationRule),
    /// One decision of the run.
    Instance {
        /// The decision's index in the run.
        index: u32,
        /// What is chosen there.
        choose: Choice,
    },
}

/// One decision taken in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The n-th decision of the run, 0-based.
    pub index: u32,
    /// Its kind.
    pub kind: DecisionKind,
    /// The 1-based turn number (0 before the first turn).
    pub turn: u32,
    /// The pig who decides or acts (0-based seat).
    pub actor: Seat,
    /// The other pig concerned (a target, the trick's player, the damage source, ...).
    pub subject: Option<Seat>,
    /// The card concerned, if any.
    pub card: Option<Card>,
    /// How many events had been emitted when it was taken (the index of
    /// the next event of the trace).
    pub event: usize,
    /// The features that held.
    pub context: FeatureSet,
    /// What the rules choose.
    pub rule: Choice,
    /// What was taken in this run (the rules' choice in a plain run).
    pub taken: Choice,
    /// Which alternatives were legal here (a bit per [`Choice`]).
    pub legal: u8,
}

impl Decision {
    /// Whether alternative `choice` was legal at this decision.
    pub fn is_legal(&self, choice: Choice) -> bool {
        choice.0 < 8 && self.legal & (1 << choice.0) != 0
    }

    /// The legal alternatives other than the rules' choice.
    pub fn deviations(&self) -> impl Iterator<Item = Choice> + '_ {
        (0..self.kind.alternatives().len() as u8)
            .map(Choice)
            .filter(move |&c| c != self.rule && self.is_legal(c))
    }
}

/// The plain reference run with its decision log (every decision point,
/// in order, the output's included).
pub fn decisions(game: &Game, budget: Budget) -> (Result<Outcome, RunError>, Vec<Decision>) {
    let mut log = Vec::with_capacity(512);
    let decider = Deviating::new(&[], Some(&mut log));
    let outcome = crate::play_game_text(game, budget, NoTrace, decider).map(|(o, _)| o);
    (outcome, log)
}

/// The plain reference run with a decision log that keeps only what
/// `logged` keeps (every decision is still counted in the indices), and
/// the turn of the run's last decision, logged or not. A log for one
/// purpose (where some rules fire) at a fraction of [`decisions`]' cost.
pub fn decisions_kept(
    game: &Game,
    budget: Budget,
    logged: Logged,
) -> (Result<Outcome, RunError>, Vec<Decision>, u32) {
    let mut log = Vec::with_capacity(64);
    let decider = Deviating::logging(&[], Some(&mut log), logged);
    let (outcome, decider) = crate::play_game_keeping(game, budget, NoTrace, decider);
    let last_turn = decider.last_turn();
    (outcome.map(|(o, _)| o), log, last_turn)
}

/// The judge text (exactly as printed, the output's decisions included)
/// of the reference engine making `deviations`.
///
/// # Errors
///
/// [`RunError::DidNotEnd`] when that run does not end.
pub fn deviated_output(
    game: &Game,
    budget: Budget,
    deviations: &[Deviation],
) -> Result<String, RunError> {
    let decider = Deviating::new(deviations, None);
    crate::play_game_text(game, budget, NoTrace, decider).map(|(_, text)| text)
}

/// [`deviated_output`] with the run's event trace and decision log
/// (appended to `events` and `log`).
///
/// # Errors
///
/// [`RunError::DidNotEnd`] when that run does not end.
pub fn deviated_run(
    game: &Game,
    budget: Budget,
    deviations: &[Deviation],
    events: &mut Vec<Event>,
    log: &mut Vec<Decision>,
) -> Result<String, RunError> {
    let decider = Deviating::new(deviations, Some(log));
    crate::play_game_text(game, budget, events, decider).map(|(_, text)| text)
}

/// [`deviated_output`] with the decisions that `logged` keeps appended to
/// `log` (no event trace): what a run needs to tell which other rules
/// would have made exactly the same choices, and so printed the same.
///
/// # Errors
///
/// [`RunError::DidNotEnd`] when that run does not end.
pub fn deviated_output_logged(
    game: &Game,
    budget: Budget,
    deviations: &[Deviation],
    logged: Logged,
    log: &mut Vec<Decision>,
) -> Result<String, RunError> {
    let decider = Deviating::logging(deviations, Some(log), logged);
    crate::play_game_text(game, budget, NoTrace, decider).map(|(_, text)| text)
}

/// The outcome and judge text of the reference engine making
/// `deviations`, traced to `tracer`.
pub(crate) fn deviated_outcome<T: Tracer>(
    game: &Game,
    budget: Budget,
    tracer: T,
    deviations: &[Deviation],
) -> Result<(Outcome, String), RunError> {
    crate::play_game_text(game, budget, tracer, Deviating::new(deviations, None))
}

/// What a run making the deviations of `rules` (applied as
/// [`deviated_output`] applies them: the first rule of the kind that
/// holds, with a legal alternative) chooses at `decision`, logged with
/// every feature those rules read.
pub fn choice_of(rules: &[DeviationRule], decision: &Decision) -> Choice {
    decider::ruled_choice(
        rules,
        decision.kind,
        decision.context,
        decision.legal,
        decision.rule,
    )
}

/// Whether a run making the deviations of `other` is, decision for
/// decision, the run that made those of `rules` and logged `log` (with
/// [`Logged::kinds_of`] `rules`), and so prints the same: `other` deviates
/// at no kind `rules` leave alone, takes at every logged decision what
/// that run took, and draws from the deck alike. Both runs are of the
/// same game with the same budget.
pub fn makes_same_run(rules: &[DeviationRule], log: &[Decision], other: &[DeviationRule]) -> bool {
    let kinds = Logged::kinds_of(rules);
    kinds.keeps_kinds_of(other)
        && decider::drops_last_card(rules) == decider::drops_last_card(other)
        && log.iter().all(|d| choice_of(other, d) == d.taken)
}

/// Whether `rule` would change some decision of this log: it holds at a
/// decision of its kind whose rules' choice is not `rule.choose`, and
/// `rule.choose` is legal there.
pub fn fires(rule: &DeviationRule, log: &[Decision]) -> bool {
    log.iter().any(|d| rule.changes(d))
}

impl DeviationRule {
    /// What this rule, applied alone, chooses at `decision` (logged by any
    /// run): its alternative where it is of its kind, its context holds
    /// and its alternative is legal; the rules' choice elsewhere. A run
    /// made with this rule alone whose every logged decision of its kind
    /// took this choice is the run this rule makes, decision for decision.
    pub fn choice_at(&self, decision: &Decision) -> Choice {
        if decision.kind == self.kind
            && decision.is_legal(self.choose)
            && self.when.holds(decision.context)
        {
            self.choose
        } else {
            decision.rule
        }
    }

    /// Whether this rule would take another choice than the rules at
    /// `decision`: same kind, its context holds, its choice differs from
    /// the rules' and is legal there.
    pub fn changes(&self, decision: &Decision) -> bool {
        decision.kind == self.kind
            && decision.rule != self.choose
            && decision.is_legal(self.choose)
            && self.when.holds(decision.context)
    }
}
