//! Who takes the decisions of a run: the plain rules ([`Plain`], which
//! return the rules' choice and never look at a context, so the engine
//! compiles to the plain code), or a [`Deviating`] decider that applies
//! deviation rules and instance deviations, and logs every decision if
//! asked.

use pigkill_engine::{Card, Seat};

use super::{Choice, Decision, DecisionKind, Deviation, DeviationRule, FeatureSet};

/// One decision about to be taken: where, about whom, and what the rules
/// choose. Its context is built only when a decider asks for it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point {
    /// The kind of decision.
    pub(crate) kind: DecisionKind,
    /// The pig who decides or acts.
    pub(crate) actor: Seat,
    /// The other pig concerned, if any.
    pub(crate) subject: Option<Seat>,
    /// The card concerned, if any.
    pub(crate) card: Option<Card>,
    /// That card's place in the actor's hand, where it is one of its cards
    /// (for contexts only).
    pub(crate) place: Option<usize>,
    /// The rules' choice.
    pub(crate) rule: Choice,
    /// Which alternatives are legal here (a bit per [`Choice`]).
    pub(crate) legal: u8,
}

impl Point {
    /// The decision of `kind` by `actor`, where the rules choose `rule`;
    /// every alternative of the kind is legal.
    #[inline(always)]
    pub(crate) fn new(kind: DecisionKind, actor: Seat, rule: Choice) -> Point {
        Point {
            kind,
            actor,
            subject: None,
            card: None,
            place: None,
            rule,
            legal: u8::MAX,
        }
    }

    /// The same about `subject`.
    #[inline(always)]
    pub(crate) fn about(mut self, subject: Seat) -> Point {
        self.subject = Some(subject);
        self
    }

    /// The same concerning `card`.
    #[inline(always)]
    pub(crate) fn with_card(mut self, card: Card) -> Point {
        self.card = Some(card);
        self
    }

    /// The same, the card concerned being at `place` in the actor's hand.
    #[inline(always)]
    pub(crate) fn at(mut self, place: usize) -> Point {
        self.place = Some(place);
        self
    }

    /// The same concerning the card being resolved, if any.
    #[inline(always)]
    pub(crate) fn with_trick(mut self, trick: Option<Card>) -> Point {
        if trick.is_some() {
            self.card = trick;
        }
        self
    }

    /// The same with only the alternatives of mask `legal`.
    #[inline(always)]
    pub(crate) fn legal(mut self, legal: u8) -> Point {
        self.legal = legal;
        self
    }

    /// The legal alternatives, as a mask over the kind's alternatives.
    pub(crate) fn legal_mask(&self) -> u8 {
        let all = (1u16 << self.kind.alternatives().len()) - 1;
        self.legal & all as u8
    }
}

/// Who takes a run's decisions (a type parameter of the engine's table).
pub(crate) trait Decider {
    /// True for the plain rules: every decision is the rules' choice, and
    /// the engine skips building contexts altogether.
    const PLAIN: bool;

    /// Starts the run's next decision, of `kind`, taken in turn `turn`:
    /// `None` when the rules' choice is taken without asking [`Decider::choose`],
    /// else the features of its context that are read (a bit per
    /// [`super::Feature`]: those of the rules of that kind, and the logged
    /// ones when it is logged; none for an instance alone).
    fn begin(&mut self, kind: DecisionKind, turn: u32) -> Option<u128>;

    /// Takes the decision begun last at `point`, in this context.
    fn choose(&mut self, point: &Point, turn: u32, context: FeatureSet) -> Choice;

    /// Counts one emitted event.
    fn emitted(&mut self);

    /// Whether a rule makes every draw take the deck's last card away (so
    /// the deck is exhausted only once it is empty).
    fn drops_last_card(&self) -> bool;

    /// Whether the run gave up deviating: one turn took more than
    /// [`MAX_TURN_DECISIONS`] decisions or [`MAX_TURN_EVENTS`] events, so
    /// the deviations made it loop (from then on every decision takes the
    /// rules' choice, and the run is to end as one that does not end).
    fn gave_up(&self) -> bool;
}

/// The most decisions one turn of a deviating run takes before the run
/// gives up (by the rules a turn plays at most the cards in play, each
/// asking a few rounds of the table: a few thousand decisions at most).
pub const MAX_TURN_DECISIONS: u32 = 1 << 20;

/// The most events one turn of a deviating run emits before the run gives
/// up (a bound on the memory a looping deviation can take). Looked at when
/// a decision begins: a loop the deviations made goes through decisions
/// (a stretch of the engine that asks none is the rules' own code, which
/// ends), so that is where giving up can end it.
pub const MAX_TURN_EVENTS: usize = 1 << 20;

/// The plain rules: the rules' choice everywhere, at no cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plain;

impl Decider for Plain {
    const PLAIN: bool = true;

    #[inline(always)]
    fn begin(&mut self, _kind: DecisionKind, _turn: u32) -> Option<u128> {
        None
    }

    #[inline(always)]
    fn choose(&mut self, point: &Point, _turn: u32, _context: FeatureSet) -> Choice {
        point.rule
    }

    #[inline(always)]
    fn emitted(&mut self) {}

    #[inline(always)]
    fn drops_last_card(&self) -> bool {
        false
    }

    #[inline(always)]
    fn gave_up(&self) -> bool {
        false
    }
}

/// What a decision log keeps: the decisions of some kinds, each with some
/// features of its context (the others left out, as if they did not hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logged {
    /// The kinds logged (a bit per [`DecisionKind`]).
    kinds: u128,
    /// The features worked out at each (a bit per [`super::Feature`]).
    features: u128,
}

impl Logged {
    /// Every decision, with its whole context.
    pub const ALL: Logged = Logged {
        kinds: u128::MAX,
        features: u128::MAX,
    };

    /// The decisions that `rules` could change, with the features they
    /// read: what a run needs to tell where those rules fire.
    pub fn for_rules(rules: &[DeviationRule]) -> Logged {
        rules.iter().fold(
            Logged {
                kinds: 0,
                features: 0,
            },
            |logged, rule| Logged {
                kinds: logged.kinds | rule.kind.bit(),
                features: logged.features | rule.when.mask,
            },
        )
    }

    /// Every decision of the kinds that `rules` could change, with its
    /// whole context: what a run needs to tell whether other rules of
    /// those kinds would make the very same run
    /// ([`super::makes_same_run`]).
    pub fn kinds_of(rules: &[DeviationRule]) -> Logged {
        Logged {
            kinds: rules.iter().fold(0, |kinds, rule| kinds | rule.kind.bit()),
            features: u128::MAX,
        }
    }

    /// Whether this log keeps every decision of each kind `rules` could
    /// change.
    pub(crate) fn keeps_kinds_of(&self, rules: &[DeviationRule]) -> bool {
        rules.iter().all(|rule| self.kinds & rule.kind.bit() != 0)
    }

    /// Whether this log keeps every decision with its whole context.
    pub fn is_all(&self) -> bool {
        *self == Logged::ALL
    }
}

/// Whether `rules` make every draw take the deck's last card away. Only a
/// rule that drops the last card at every draw tells ahead of the draws
/// that the deck will empty; under a narrower rule the deck counts as
/// exhausted on its last card, as by the rules, until a draw empties it.
pub(crate) fn drops_last_card(rules: &[DeviationRule]) -> bool {
    rules.iter().any(|rule| {
        rule.kind == DecisionKind::LastCardKept && rule.choose == Choice(1) && rule.when.is_empty()
    })
}

/// Whether `choice` is among the legal alternatives `legal` (a bit per
/// [`Choice`]).
fn allowed(legal: u8, choice: Choice) -> bool {
    legal & (1u8 << choice.0.min(7)) != 0
}

/// What `rules` choose at a decision of `kind` in `context` whose legal
/// alternatives are `legal`, where the rules of the game choose `rule`:
/// the alternative of the first rule of that kind that holds there and
/// whose alternative is legal; else `rule`.
pub(crate) fn ruled_choice(
    rules: &[DeviationRule],
    kind: DecisionKind,
    context: FeatureSet,
    legal: u8,
    rule: Choice,
) -> Choice {
    rules
        .iter()
        .find(|r| r.kind == kind && r.when.holds(context) && allowed(legal, r.choose))
        .map_or(rule, |r| r.choose)
}

/// A decider that deviates from the rules where asked, and logs.
pub(crate) struct Deviating<'l> {
    /// The deviation rules, first match wins.
    rules: Vec<DeviationRule>,
    /// The kinds that have a rule (a bit per kind).
    kinds: u128,
    /// Instance deviations, by index.
    instances: Vec<(u32, Choice)>,
    /// The first instance not yet passed.
    next_instance: usize,
    /// The index of that instance (`u32::MAX` when none is left): every
    /// decision before it whose kind is not watched takes the rules'
    /// choice without a look at the rules or the instances.
    next_at: u32,
    /// The kinds that a rule or the log looks at (a bit per kind).
    watched: u128,
    /// How many decisions were begun.
    index: u32,
    /// How many events were emitted.
    events: usize,
    /// Where decisions are logged, if anywhere.
    log: Option<&'l mut Vec<Decision>>,
    /// What the log keeps: which kinds, and which features of their contexts.
    logged: Logged,
    /// The turn of the last decision begun (0 before the first).
    last_turn: u32,
    /// Whether a rule makes every draw take the deck's last card away.
    drops_last_card: bool,
    /// The index of the first decision of the current turn.
    turn_first_decision: u32,
    /// How many events were emitted before the current turn's first decision.
    turn_first_event: usize,
    /// Whether the run gave up deviating (see [`Decider::gave_up`]).
    gave_up: bool,
}

impl<'l> Deviating<'l> {
    /// The decider making `deviations`, logging every decision with its
    /// whole context into `log` if given.
    pub(crate) fn new(
        deviations: &[Deviation],
        log: Option<&'l mut Vec<Decision>>,
    ) -> Deviating<'l> {
        Deviating::logging(deviations, log, Logged::ALL)
    }

    /// The decider making `deviations`, logging into `log` (if given) the
    /// decisions and features that `logged` keeps.
    pub(crate) fn logging(
        deviations: &[Deviation],
        log: Option<&'l mut Vec<Decision>>,
        logged: Logged,
    ) -> Deviating<'l> {
        let mut rules = Vec::new();
        let mut instances = Vec::new();
        for deviation in deviations {
            match *deviation {
                Deviation::Rule(rule) => rules.push(rule),
                Deviation::Instance { index, choose } => instances.push((index, choose)),
            }
        }
        instances.sort_by_key(|&(index, _)| index);
        let kinds = rules.iter().fold(0, |kinds, rule| kinds | rule.kind.bit());
        let drops_last_card = drops_last_card(&rules);
        let next_at = instances.first().map_or(u32::MAX, |&(at, _)| at);
        let watched = kinds | if log.is_some() { logged.kinds } else { 0 };
        Deviating {
            rules,
            kinds,
            instances,
            next_instance: 0,
            next_at,
            watched,
            index: 0,
            events: 0,
            log,
            logged,
            last_turn: 0,
            drops_last_card,
            turn_first_decision: 0,
            turn_first_event: 0,
            gave_up: false,
        }
    }

    /// The turn of the last decision begun (0 before the first).
    pub(crate) fn last_turn(&self) -> u32 {
        self.last_turn
    }

    /// [`Decider::begin`] of the `index`-th decision, of `kind`, where a
    /// rule, the log or an instance may look: the features read, if any.
    #[inline(never)]
    fn begin_watched(&mut self, kind: DecisionKind, index: u32) -> Option<u128> {
        while self
            .instances
            .get(self.next_instance)
            .is_some_and(|&(at, _)| at < index)
        {
            self.next_instance += 1;
        }
        let instance = self.instances.get(self.next_instance);
        self.next_at = instance.map_or(u32::MAX, |&(at, _)| at);
        let instance_here = instance.is_some_and(|&(at, _)| at == index);
        let logged = self.log.is_some() && self.logged.kinds & kind.bit() != 0;
        let ruled = self.kinds & kind.bit() != 0;
        if !logged && !ruled && !instance_here {
            return None;
        }
        let mut wanted = if logged { self.logged.features } else { 0 };
        if ruled {
            for rule in self.rules.iter().filter(|rule| rule.kind == kind) {
                wanted |= rule.when.mask;
            }
        }
        Some(wanted)
    }
}

impl Decider for Deviating<'_> {
    const PLAIN: bool = false;

    #[inline(always)]
    fn begin(&mut self, kind: DecisionKind, turn: u32) -> Option<u128> {
        let index = self.index;
        self.index += 1;
        if turn != self.last_turn {
            self.turn_first_decision = index;
            self.turn_first_event = self.events;
        }
        self.last_turn = turn;
        if index - self.turn_first_decision >= MAX_TURN_DECISIONS
            || self.events - self.turn_first_event >= MAX_TURN_EVENTS
        {
            self.gave_up = true;
        }
        if self.gave_up || self.watched & kind.bit() == 0 && index < self.next_at {
            return None;
        }
        self.begin_watched(kind, index)
    }

    fn choose(&mut self, point: &Point, turn: u32, context: FeatureSet) -> Choice {
        let index = self.index - 1;
        let legal = point.legal_mask();
        let mut taken = ruled_choice(&self.rules, point.kind, context, legal, point.rule);
        if let Some(&(at, choose)) = self.instances.get(self.next_instance) {
            if at == index && allowed(legal, choose) {
                taken = choose;
            }
        }
        let logged = self.logged.kinds & point.kind.bit() != 0;
        if let Some(log) = self.log.as_deref_mut().filter(|_| logged) {
            log.push(Decision {
                index,
                kind: point.kind,
                turn,
                actor: point.actor,
                subject: point.subject,
                card: point.card,
                event: self.events,
                context,
                rule: point.rule,
                taken,
                legal,
            });
        }
        taken
    }

    #[inline]
    fn emitted(&mut self) {
        self.events += 1;
    }

    fn drops_last_card(&self) -> bool {
        self.drops_last_card
    }

    fn gave_up(&self) -> bool {
        self.gave_up
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A turn that asks more decisions than any turn by the rules can makes
    /// the run give up: from then on every decision takes the rules' choice
    /// (so whatever loop the deviations made ends like a plain one), and the
    /// run is one that does not end.
    #[test]
    fn a_deviating_run_gives_up_on_a_turn_that_never_ends() {
        let instance = Deviation::Instance {
            // In the turn after the looping one (3,000 decisions before it).
            index: 3_000 + MAX_TURN_DECISIONS + 5,
            choose: Choice(1),
        };
        let mut decider = Deviating::new(&[instance], None);
        // The turns before: a few decisions each, never giving up.
        for turn in 1..=3 {
            for _ in 0..1000 {
                decider.begin(DecisionKind::AreaContinues, turn);
            }
        }
        assert!(!decider.gave_up());
        // One turn that loops: the decisions of that turn alone count.
        for _ in 0..MAX_TURN_DECISIONS {
            decider.begin(DecisionKind::AreaContinues, 4);
        }
        assert!(!decider.gave_up(), "exactly the cap is still allowed");
        assert_eq!(decider.begin(DecisionKind::AreaContinues, 4), None);
        assert!(decider.gave_up());
        // The instance the loop would have reached is never taken, in this
        // turn or any later one.
        for _ in 0..20 {
            assert_eq!(decider.begin(DecisionKind::AreaContinues, 5), None);
        }
        assert!(decider.gave_up());
    }
}
