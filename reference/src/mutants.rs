//! The catalogue of known mistakes: deliberately wrong variants of this
//! engine, each one plausible misreading of one paragraph of `rules.md`.
//! They serve mutation testing (how fast does the harness catch each?) and
//! diagnosis (which rule did a wrong solution most likely misread?).
//!
//! A mistake is a [`Mutation`]; a set of them is a [`MutationSet`]. Each
//! mistake is data of the decision model ([`crate::decision`]): one choice
//! at one decision point, stated as deviation rules
//! ([`Mutation::deviation_rules`]: a kind, a context, an alternative; a few
//! rules where the same misreading shows at several contexts, like
//! `protects-by-true-role`). The mistaken engines run the reference engine
//! with those rules, so the engine itself holds no check of any mistake
//! and the plain reference engine pays nothing for the catalogue.
//!
//! Every mistake of the catalogue is expressed so: none keeps an inline
//! check. Before the inline checks went, each mistake's rules were
//! compared with its inline check on 100,000 generated games (every
//! profile but `big`): identical outputs, `DidNotEnd` included, for all
//! 48. Two mistakes made together combine as their rules do: where both
//! decide at the same kind and context, the lower alternative wins (see
//! [`MutationSet::deviations`]). Of the 1,128 pairs, 11 printed otherwise
//! than the two inline checks together on some of 2,000 games with the
//! first rules; stating `lord-ignores-suspicion` as two rules (it ignores
//! a suspicion only of a pig that is not a revealed rebel; again 0
//! differences on 100,000 games alone) and that order leave 3:
//! `nullify-starts-after-player` with `counter-round-restarts-at-player`,
//! `kill-ignores-deaths` with `kill-any-distance`, and
//! `suspicion-without-damage` with `suspects-revealed-players`, where the
//! inline checks composed inside one condition.
//! `last-card-not-kept` also makes the deck count as exhausted (for the
//! rules that find a game that does not end) only once it is empty.
//!
//! When the vocabulary grew (the kill limit became its own kind, an
//! invasion's pigs are each asked, a revealed pig's kill, duel or nullify
//! reveals again), every mistake was compared again with the version
//! before, on 20,000 generated games each (`examples/catalogue_digest`,
//! run on both versions): identical outputs for all 48. Two are stated
//! otherwise for it: `unlimited-kills` is "the kill limit always lets the
//! pig kill again", and `suspects-revealed-players` has a second rule,
//! that the lord keeps that suspicion when the pig reveals again. (The C++
//! contestant's reading of that mistake, `tests/contestant.rs`, is the
//! first rule alone: it printed what that rule prints on 60 of 60 fresh
//! games where it shows.)
//!
//! Each mistake's exact meaning is its row in the plan's catalogue; the
//! one-line [`Mutation::description`] says it in a contestant's words, and
//! [`Mutation::section`] names the `rules.md` heading it breaks. Every
//! mistake is live: `tests/fixtures/mistakes/ID.in` is a game where it
//! prints another output than the reference.
//!
//! One planned mistake is left out because it is not live:
//! `scan-resumes-after-peach` (only after a peach, the scan goes on from
//! the peach's place). Every card left of the peach was unplayable when
//! the peach was found, and a peach changes only the pig's HP, which
//! decides only whether a peach is playable; so those cards stay
//! unplayable and scanning from the peach finds the same card as scanning
//! from the left (no game in 100,000 searched differs).

use std::fmt;

use pigkill_engine::{Budget, Engine, Event, Game, NoTrace, Outcome, RunError, Tracer};

use crate::decision::{
    Choice, ContextRule, DecisionKind, Deviating, Deviation, DeviationRule, Feature,
};

/// Declares the catalogue: each mistake's variant, id, `rules.md` section
/// and description, in one table.
macro_rules! catalogue {
    ($($variant:ident, $id:literal, $section:expr, $description:literal;)*) => {
        /// One known mistake (see the module docs and [`Mutation::description`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Mutation {
            $(
                #[doc = $description]
                $variant,
            )*
        }

        impl Mutation {
            /// Every mistake of the catalogue, in catalogue order.
            pub const ALL: [Mutation; catalogue!(@count $($variant)*)] = [$(Mutation::$variant,)*];

            /// The stable kebab-case id (`loyalist-fights-lord`, ...).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Mutation::$variant => $id,)*
                }
            }

            /// The heading of the `rules.md` section this mistake breaks.
            pub const fn section(self) -> &'static str {
                match self {
                    $(Mutation::$variant => $section,)*
                }
            }

            /// What the mistaken engine does, in one line, in a contestant's words.
            pub const fn description(self) -> &'static str {
                match self {
                    $(Mutation::$variant => $description,)*
                }
            }
        }
    };
    (@count) => { 0 };
    (@count $head:ident $($tail:ident)*) => { 1 + catalogue!(@count $($tail)*) };
}

const TARGETS: &str = "Targets (hostility)";
const TURN: &str = "A turn";
const RESPONSES: &str = "Responses";
const NULLIFY: &str = "Nullify (J)";
const DAMAGE: &str = "Damage, dying, death";

catalogue! {
    LoyalistFightsLord, "loyalist-fights-lord", RESPONSES,
        "a loyalist dueled by its lord fights back with its kills instead of just taking 1 damage";
    NullifyStartsAfterPlayer, "nullify-starts-after-player", NULLIFY,
        "each nullify round starts with the pig after the trick's player (or the last nullifier), who is asked last";
    DyingSkipsPeach, "dying-skips-peach", DAMAGE,
        "a dying pig never eats a peach: at 0 HP it dies";
    DuelPlayerFirst, "duel-player-first", RESPONSES,
        "in a duel the player discards a kill first, then the target";
    RewardAfterLastRebel, "reward-after-last-rebel", DAMAGE,
        "the killer of the last rebel still draws the 3-card reward before the game ends";
    InvasionFromFirstPig, "invasion-from-first-pig", RESPONSES,
        "an invasion or volley is resolved from pig 1, not from the pig after its player";
    SecondCrossbowStays, "second-crossbow-stays", TURN,
        "a crossbow is not played while the pig already has one equipped";
    RightmostCard, "rightmost-card", RESPONSES,
        "every response and rescue (dodge, kill, nullify, peach when dying) takes the rightmost card of the kind";
    SuspicionSurvivesReveal, "suspicion-survives-reveal", TARGETS,
        "a reveal does not clear the lord's suspicion of that pig";
    SingleNullify, "single-nullify", NULLIFY,
        "nobody can counter a nullify: the chain stops at the first one";
    EatEveryPeach, "eat-every-peach", DAMAGE,
        "a dying pig eats every peach it holds, not just enough to reach 1 HP";
    PeachAtFullHp, "peach-at-full-hp", TURN,
        "a peach is played in the play phase even at full HP";
    ScanResumesAfterPlay, "scan-resumes-after-play", TURN,
        "after any play the scan goes on from the played card's place instead of from the leftmost card";
    PenaltyKeepsWeapon, "penalty-keeps-weapon", DAMAGE,
        "a lord that kills a loyalist discards its hand but keeps its crossbow";
    SuspicionWithoutDamage, "suspicion-without-damage", RESPONSES,
        "the lord suspects the unrevealed player of an invasion or volley even when it answered it without damage";
    KillIgnoresDeaths, "kill-ignores-deaths", TARGETS,
        "the kill target is the next seat, dead or alive: past a dead neighbour there is no kill";
    RebelDuelsNearestEnemy, "rebel-duels-nearest-enemy", TARGETS,
        "a rebel duels the first lord or revealed loyalist going forward, not always the lord";
    ProtectsByTrueRole, "protects-by-true-role", NULLIFY,
        "nullifies protect and attack by the target's true role, so unrevealed allies are protected too";
    KillAnyDistance, "kill-any-distance", TARGETS,
        "a kill goes to the first pig going forward that the player may kill, at any distance, not only the next pig";
    LordIgnoresSuspicion, "lord-ignores-suspicion", TARGETS,
        "the lord kills and duels only revealed rebels, never the pigs it suspects";
    LoyalistAttacksSuspected, "loyalist-attacks-suspected", TARGETS,
        "a loyalist kills and duels the pigs the lord suspects, as well as revealed rebels";
    RebelTargetsByTrueRole, "rebel-targets-by-true-role", TARGETS,
        "a rebel kills the next pig if it is the lord or a loyalist by true role, revealed or not";
    UnlimitedKills, "unlimited-kills", TURN,
        "there is no one-kill limit: a pig plays every kill it can, crossbow or not";
    DuelKillCountsAsPlayed, "duel-kill-counts-as-played", TURN,
        "a kill discarded while fighting one's own duel uses up the phase's one kill";
    ScanResumesAfterCrossbow, "scan-resumes-after-crossbow", TURN,
        "after playing a crossbow the scan goes on from the crossbow's place instead of from the leftmost card";
    KillRevealsOnlyOnHit, "kill-reveals-only-on-hit", TARGETS,
        "a kill reveals its player only if the target did not dodge, after the response";
    DuelRevealsOnlyIfNotNullified, "duel-reveals-only-if-not-nullified", TARGETS,
        "a duel reveals its player only if it was not nullified, after the nullify round";
    NullifyDoesNotReveal, "nullify-does-not-reveal", NULLIFY,
        "playing a nullify never reveals its player";
    AreaTrickReveals, "area-trick-reveals", TARGETS,
        "playing an invasion or volley reveals its player";
    SuspectsRevealedPlayers, "suspects-revealed-players", RESPONSES,
        "the lord suspects the player of an invasion or volley that hurt it even when that player is revealed";
    VolleyNoSuspicion, "volley-no-suspicion", RESPONSES,
        "only an invasion that hurts the lord makes it suspect the player, never a volley";
    SuspectsOnlyTrueRebels, "suspects-only-true-rebels", RESPONSES,
        "the lord suspects the player of an invasion or volley that hurt it only if that player is really a rebel";
    CounterRoundRestartsAtPlayer, "counter-round-restarts-at-player", NULLIFY,
        "every counter round of a nullify chain starts again from the trick's player, not from the last nullifier";
    ProtectsSelfUnrevealed, "protects-self-unrevealed", NULLIFY,
        "the target of a trick protects itself with a nullify even while unrevealed";
    RebelsNeverCounter, "rebels-never-counter", NULLIFY,
        "a rebel never cancels a nullify (never plays an attacking nullify)";
    LoyalistsNeverCounter, "loyalists-never-counter", NULLIFY,
        "the lord and loyalists never cancel a nullify (never play an attacking nullify)";
    VolleyNotNullified, "volley-not-nullified", NULLIFY,
        "a volley cannot be nullified (invasions and duels still can)";
    DuelNotNullified, "duel-not-nullified", NULLIFY,
        "a duel cannot be nullified (invasions and volleys still can)";
    DuelDamageFromPlayer, "duel-damage-from-player", RESPONSES,
        "the damage of a duel always counts as dealt by the duel's player, whoever loses (for rewards and penalties)";
    DuelOneKillEach, "duel-one-kill-each", RESPONSES,
        "in a duel each side discards at most one kill: if both do, the duel ends with no damage";
    AreaTrickStopsAtDeath, "area-trick-stops-at-death", RESPONSES,
        "an invasion or volley stops as soon as a pig dies from it: the pigs after it are not asked";
    NoRescueOutsideOwnTurn, "no-rescue-outside-own-turn", DAMAGE,
        "a dying pig eats its peach only during its own turn; outside it, it dies";
    NoRewardForRebelKiller, "no-reward-for-rebel-killer", DAMAGE,
        "a rebel that kills a rebel draws no reward";
    NoPenalty, "no-penalty", DAMAGE,
        "a lord that kills a loyalist keeps its hand and weapon";
    RewardDrawsTwo, "reward-draws-two", DAMAGE,
        "the reward for killing a rebel is 2 cards, not 3";
    LastCardNotKept, "last-card-not-kept", "Set-up",
        "the deck's last card is drawn like any other, and an empty deck gives nothing";
    WeaponPrintedInHand, "weapon-printed-in-hand", "Output",
        "a pig with a crossbow equipped prints Z after its hand cards";
    EmptyHandLineMissing, "empty-hand-line-missing", "Output",
        "a living pig with an empty hand prints no line at all instead of an empty line";
}

impl Mutation {
    /// The mistake with this id.
    pub fn from_name(name: &str) -> Option<Mutation> {
        Mutation::ALL.into_iter().find(|m| m.name() == name)
    }

    /// This mistake's bit in a [`MutationSet`].
    const fn bit(self) -> u64 {
        1 << self as u32
    }
}

impl fmt::Display for Mutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// A set is a 64-bit mask, one bit per mistake.
const _: () = assert!(Mutation::ALL.len() <= 64);

/// A set of mistakes, made together by one engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MutationSet(u64);

impl MutationSet {
    /// No mistake: the right rules.
    pub const EMPTY: MutationSet = MutationSet(0);

    /// The set of one mistake.
    pub const fn single(mutation: Mutation) -> MutationSet {
        MutationSet(mutation.bit())
    }

    /// The set of these mistakes.
    pub fn of(mutations: &[Mutation]) -> MutationSet {
        mutations
            .iter()
            .fold(MutationSet::EMPTY, |set, &m| set.with(m))
    }

    /// This set with `mutation` added.
    pub const fn with(self, mutation: Mutation) -> MutationSet {
        MutationSet(self.0 | mutation.bit())
    }

    /// Whether the set holds `mutation`.
    #[inline]
    pub const fn contains(self, mutation: Mutation) -> bool {
        self.0 & mutation.bit() != 0
    }

    /// How many mistakes the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no mistake.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set's mistakes, in catalogue order.
    pub fn iter(self) -> impl Iterator<Item = Mutation> {
        Mutation::ALL.into_iter().filter(move |&m| self.contains(m))
    }
}

impl FromIterator<Mutation> for MutationSet {
    fn from_iter<I: IntoIterator<Item = Mutation>>(iter: I) -> MutationSet {
        iter.into_iter()
            .fold(MutationSet::EMPTY, |set, m| set.with(m))
    }
}

impl fmt::Display for MutationSet {
    /// The ids joined by `+` (`duel-player-first+rightmost-card`), or
    /// `reference` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("reference");
        }
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            f.write_str(m.name())?;
        }
        Ok(())
    }
}

/// The reference engine with one deliberate mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MutantEngine(pub Mutation);

impl MutantEngine {
    /// The judge output this variant prints for `game`, output mistakes
    /// included (an [`Outcome`] cannot hold a missing line: see
    /// [`Mutation::EmptyHandLineMissing`]).
    ///
    /// # Errors
    ///
    /// As [`Engine::run`]: the game does not end.
    pub fn output(&self, game: &Game, budget: Budget) -> Result<String, RunError> {
        mistaken_output(game, budget, MutationSet::single(self.0))
    }
}

impl Engine for MutantEngine {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn run(&self, game: &Game, budget: Budget) -> Result<Outcome, RunError> {
        mistaken_outcome(game, budget, NoTrace, MutationSet::single(self.0))
    }

    fn run_traced(
        &self,
        game: &Game,
        budget: Budget,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError> {
        mistaken_outcome(game, budget, events, MutationSet::single(self.0))
    }
}

/// The reference engine with a set of deliberate mistakes made together
/// (a solution may hold two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MistakenEngine {
    set: MutationSet,
    name: String,
}

impl MistakenEngine {
    /// The engine that makes every mistake of `set`.
    pub fn new(set: MutationSet) -> MistakenEngine {
        MistakenEngine {
            set,
            name: set.to_string(),
        }
    }

    /// Its mistakes.
    pub fn set(&self) -> MutationSet {
        self.set
    }

    /// The judge output this variant prints for `game` (see [`MutantEngine::output`]).
    ///
    /// # Errors
    ///
    /// As [`Engine::run`]: the game does not end.
    pub fn output(&self, game: &Game, budget: Budget) -> Result<String, RunError> {
        mistaken_output(game, budget, self.set)
    }
}

impl Engine for MistakenEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn run(&self, game: &Game, budget: Budget) -> Result<Outcome, RunError> {
        mistaken_outcome(game, budget, NoTrace, self.set)
    }

    fn run_traced(
        &self,
        game: &Game,
        budget: Budget,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError> {
        mistaken_outcome(game, budget, events, self.set)
    }
}

/// The judge output of the reference engine making every mistake of `set`
/// (the empty set: the right output), output mistakes included.
///
/// # Errors
///
/// As [`Engine::run`]: the game does not end.
pub fn mistaken_output(game: &Game, budget: Budget, set: MutationSet) -> Result<String, RunError> {
    crate::decision::deviated_outcome(game, budget, NoTrace, &set.deviations())
        .map(|(_, text)| text)
}

/// The outcome of the reference engine making every mistake of `set`,
/// traced to `tracer`.
fn mistaken_outcome<T: Tracer>(
    game: &Game,
    budget: Budget,
    tracer: T,
    set: MutationSet,
) -> Result<Outcome, RunError> {
    crate::play_game_with(
        game,
        budget,
        tracer,
        Deviating::new(&set.deviations(), None),
    )
}

impl MutationSet {
    /// The deviation rules of every mistake of the set: where two of them
    /// decide at the same kind, the one choosing the lower alternative
    /// (the "no" of a yes-or-no kind: not suspecting, not nullifying)
    /// comes first and wins, as the checks of two mistakes made in one
    /// program compose (a lord that suspects without damage but never for
    /// a volley does not suspect for a volley); otherwise catalogue order.
    pub fn deviations(self) -> Vec<Deviation> {
        let mut rules: Vec<DeviationRule> = self
            .iter()
            .filter_map(Mutation::deviation_rules)
            .flatten()
            .copied()
            .collect();
        rules.sort_by_key(|rule| (rule.kind, rule.choose));
        rules.into_iter().map(Deviation::Rule).collect()
    }
}

/// A deviation rule: at `kind`, when every literal holds, choose `choose`.
const fn rule(kind: DecisionKind, literals: &[(Feature, bool)], choose: u8) -> DeviationRule {
    DeviationRule {
        kind,
        when: ContextRule::of(literals),
        choose: Choice(choose),
    }
}

/// `Some` of a static slice of deviation rules.
macro_rules! rules {
    ($($rule:expr),* $(,)?) => {{
        const RULES: &[DeviationRule] = &[$($rule),*];
        Some(RULES)
    }};
}

impl Mutation {
    /// The catalogue mistake as deviation rules (one rule, or a few for the
    /// same misreading in several contexts), or None when it is not one
    /// choice at one decision point.
    pub fn deviation_rules(self) -> Option<&'static [DeviationRule]> {
        use DecisionKind as K;
        use Feature as F;
        match self {
            Mutation::LoyalistFightsLord => rules![rule(K::DuelYield, &[], 0)],
            Mutation::NullifyStartsAfterPlayer => rules![rule(K::NullifyRoundStart, &[], 1)],
            Mutation::DyingSkipsPeach => rules![rule(K::EatPeach, &[], 1)],
            Mutation::DuelPlayerFirst => rules![rule(K::DuelFirst, &[], 1)],
            Mutation::RewardAfterLastRebel => rules![rule(K::RewardBeforeGameOver, &[], 1)],
            Mutation::InvasionFromFirstPig => rules![rule(K::AreaStart, &[], 1)],
            Mutation::SecondCrossbowStays => rules![rule(
                K::Playable,
                &[(F::CardCrossbow, true), (F::ActorCrossbow, true)],
                0
            )],
            Mutation::RightmostCard => rules![rule(K::TakeCard, &[], 1)],
            Mutation::SuspicionSurvivesReveal => rules![rule(K::ClearSuspicion, &[], 1)],
            Mutation::SingleNullify => rules![rule(K::CounterRound, &[], 1)],
            Mutation::EatEveryPeach => rules![rule(K::PeachCount, &[], 1)],
            Mutation::PeachAtFullHp => rules![rule(
                K::Playable,
                &[(F::CardPeach, true), (F::ActorHpFull, true)],
                1
            )],
            Mutation::ScanResumesAfterPlay => rules![rule(K::ScanStart, &[], 1)],
            Mutation::PenaltyKeepsWeapon => rules![rule(K::PenaltyWeapon, &[], 1)],
            Mutation::SuspicionWithoutDamage => rules![rule(
                K::Suspect,
                &[(F::Damaged, false), (F::SubjectRevealed, false)],
                1
            )],
            Mutation::KillIgnoresDeaths => rules![rule(K::KillPastDead, &[], 1)],
            Mutation::RebelDuelsNearestEnemy => rules![rule(K::RebelDuelTarget, &[], 1)],
            Mutation::ProtectsByTrueRole => rules![
                rule(
                    K::NullifyWants,
                    &[
                        (F::Protecting, true),
                        (F::ActorRebel, false),
                        (F::SubjectLoyalist, true)
                    ],
                    1
                ),
                rule(
                    K::NullifyWants,
                    &[
                        (F::Protecting, true),
                        (F::ActorRebel, true),
                        (F::SubjectRebel, true)
                    ],
                    1
                ),
                rule(
                    K::NullifyWants,
                    &[
                        (F::Protecting, false),
                        (F::ActorRebel, false),
                        (F::SubjectRebel, true)
                    ],
                    1
                ),
                rule(
                    K::NullifyWants,
                    &[
                        (F::Protecting, false),
                        (F::ActorRebel, true),
                        (F::SubjectLoyalist, true)
                    ],
                    1
                ),
            ],
            Mutation::KillAnyDistance => rules![rule(K::KillPastFriend, &[], 1)],
            // Suspected, but not a revealed rebel (a suspicion can outlive
            // a reveal only with another mistake): two rules.
            Mutation::LordIgnoresSuspicion => rules![
                rule(
                    K::Hostile,
                    &[
                        (F::ActorLord, true),
                        (F::SubjectSuspected, true),
                        (F::SubjectRevealed, false)
                    ],
                    0
                ),
                rule(
                    K::Hostile,
                    &[
                        (F::ActorLord, true),
                        (F::SubjectSuspected, true),
                        (F::SubjectRebel, false)
                    ],
                    0
                ),
            ],
            Mutation::LoyalistAttacksSuspected => rules![rule(
                K::Hostile,
                &[(F::ActorLoyalist, true), (F::SubjectSuspected, true)],
                1
            )],
            Mutation::RebelTargetsByTrueRole => rules![rule(
                K::Hostile,
                &[
                    (F::ActorRebel, true),
                    (F::CardKill, true),
                    (F::SubjectLoyalist, true)
                ],
                1
            )],
            Mutation::UnlimitedKills => rules![rule(K::KillLimit, &[], 1)],
            Mutation::DuelKillCountsAsPlayed => rules![rule(K::DuelKillCounts, &[], 1)],
            Mutation::ScanResumesAfterCrossbow => {
                rules![rule(K::ScanStart, &[(F::CardCrossbow, true)], 1)]
            }
            Mutation::KillRevealsOnlyOnHit => {
                rules![rule(K::RevealOnPlay, &[(F::CardKill, true)], 1)]
            }
            Mutation::DuelRevealsOnlyIfNotNullified => {
                rules![rule(K::RevealOnPlay, &[(F::CardDuel, true)], 1)]
            }
            Mutation::NullifyDoesNotReveal => rules![rule(K::NullifyReveals, &[], 1)],
            Mutation::AreaTrickReveals => rules![rule(K::RevealOnPlay, &[(F::CardArea, true)], 0)],
            // A revealed pig reveals again with each kill, duel or nullify,
            // and a reveal clears a suspicion; this mistake's lord keeps it.
            Mutation::SuspectsRevealedPlayers => rules![
                rule(
                    K::Suspect,
                    &[(F::Damaged, true), (F::SubjectRevealed, true)],
                    1
                ),
                rule(K::ClearSuspicion, &[(F::ActorRevealed, true)], 1),
            ],
            Mutation::VolleyNoSuspicion => rules![rule(K::Suspect, &[(F::CardVolley, true)], 0)],
            Mutation::SuspectsOnlyTrueRebels => {
                rules![rule(K::Suspect, &[(F::SubjectLoyalist, true)], 0)]
            }
            Mutation::CounterRoundRestartsAtPlayer => {
                rules![rule(K::NullifyRoundStart, &[(F::CounterRound, true)], 2)]
            }
            Mutation::ProtectsSelfUnrevealed => rules![rule(
                K::NullifyWants,
                &[(F::Protecting, true), (F::SubjectIsActor, true)],
                1
            )],
            Mutation::RebelsNeverCounter => rules![rule(
                K::NullifyWants,
                &[(F::Protecting, false), (F::ActorRebel, true)],
                0
            )],
            Mutation::LoyalistsNeverCounter => rules![rule(
                K::NullifyWants,
                &[(F::Protecting, false), (F::ActorRebel, false)],
                0
            )],
            Mutation::VolleyNotNullified => {
                rules![rule(K::NullifyHeld, &[(F::CardVolley, true)], 1)]
            }
            Mutation::DuelNotNullified => rules![rule(K::NullifyHeld, &[(F::CardDuel, true)], 1)],
            Mutation::DuelDamageFromPlayer => rules![rule(K::DuelDamageSource, &[], 1)],
            Mutation::DuelOneKillEach => rules![rule(K::DuelContinues, &[], 1)],
            Mutation::AreaTrickStopsAtDeath => rules![rule(K::AreaContinues, &[], 1)],
            Mutation::NoRescueOutsideOwnTurn => {
                rules![rule(K::EatPeach, &[(F::OwnTurn, false)], 1)]
            }
            Mutation::NoRewardForRebelKiller => {
                rules![rule(K::Reward, &[(F::ActorRebel, true)], 1)]
            }
            Mutation::NoPenalty => rules![rule(K::Penalty, &[], 1)],
            Mutation::RewardDrawsTwo => rules![rule(K::RewardCount, &[], 1)],
            Mutation::LastCardNotKept => rules![rule(K::LastCardKept, &[], 1)],
            Mutation::WeaponPrintedInHand => rules![rule(K::PrintWeapon, &[], 1)],
            Mutation::EmptyHandLineMissing => rules![rule(K::PrintEmptyLine, &[], 1)],
        }
    }
}
