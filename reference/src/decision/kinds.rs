//! The vocabulary of decisions: every [`DecisionKind`] (where the rules
//! choose, with its `rules.md` section, its question and its alternatives)
//! and every [`Feature`] (a boolean fact about the moment of a decision).
//!
//! Both are tables of data, declared once each by a macro, so that an id,
//! a section or a phrase is written in exactly one place.

use super::Choice;

const SETUP: &str = "Set-up";
const TURN: &str = "A turn";
const TARGETS: &str = "Targets (hostility)";
const RESPONSES: &str = "Responses";
const NULLIFY: &str = "Nullify (J)";
const DAMAGE: &str = "Damage, dying, death";
const OUTPUT: &str = "Output";

/// Declares the features: variant, id, words, and the templates of the
/// literal when it holds and when it does not.
macro_rules! features {
    ($($variant:ident, $id:literal, $words:literal, $holds:literal, $fails:literal;)*) => {
        /// A boolean fact about the moment of a decision, chosen for meaning.
        /// The *actor* is the pig who decides or acts; the *subject* is the
        /// other pig concerned (a target, a trick's player, a damage source).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Feature {
            $(
                #[doc = $words]
                $variant,
            )*
        }

        impl Feature {
            /// Every feature, in bit order.
            pub const ALL: &'static [Feature] = &[$(Feature::$variant,)*];

            /// The stable kebab-case id.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Feature::$variant => $id,)*
                }
            }

            /// The fact in words, when it holds ("the other pig has revealed its role").
            pub const fn words(self) -> &'static str {
                match self {
                    $(Feature::$variant => $words,)*
                }
            }

            /// The literal `self = value` as a template: `{a}` stands for
            /// the actor, `{s}` for the subject.
            pub(crate) const fn template(self, value: bool) -> &'static str {
                match (self, value) {
                    $(
                        (Feature::$variant, true) => $holds,
                        (Feature::$variant, false) => $fails,
                    )*
                }
            }
        }
    };
}

features! {
    ActorLord, "actor-lord", "the pig is the lord",
        "{a} is the lord", "{a} is not the lord";
    ActorLoyalist, "actor-loyalist", "the pig is a loyalist",
        "{a} is a loyalist", "{a} is not a loyalist";
    ActorRebel, "actor-rebel", "the pig is a rebel",
        "{a} is a rebel", "{a} is not a rebel";
    ActorRevealed, "actor-revealed", "the pig has revealed its role",
        "{a} has revealed its role", "{a} is unrevealed";
    ActorSuspected, "actor-suspected", "the lord suspects the pig",
        "the lord suspects {a}", "the lord does not suspect {a}";
    SubjectLord, "subject-lord", "the other pig is the lord",
        "{s} is the lord", "{s} is not the lord";
    SubjectLoyalist, "subject-loyalist", "the other pig is a loyalist",
        "{s} is a loyalist", "{s} is not a loyalist";
    SubjectRebel, "subject-rebel", "the other pig is a rebel",
        "{s} is a rebel", "{s} is not a rebel";
    SubjectRevealed, "subject-revealed", "the other pig has revealed its role",
        "{s} has revealed its role", "{s} is unrevealed";
    SubjectSuspected, "subject-suspected", "the lord suspects the other pig",
        "the lord suspects {s}", "the lord does not suspect {s}";
    SubjectIsActor, "subject-is-actor", "the other pig is the pig itself",
        "{s} is {a} itself", "{s} is not {a} itself";
    SubjectIsNext, "subject-is-next", "the other pig is the pig's next living pig",
        "{s} is the next living pig after {a}", "{s} is not the next living pig after {a}";
    CardPeach, "card-peach", "the card is a peach",
        "the card is a peach", "the card is not a peach";
    CardKill, "card-kill", "the card is a kill",
        "the card is a kill", "the card is not a kill";
    CardDodge, "card-dodge", "the card is a dodge",
        "the card is a dodge", "the card is not a dodge";
    CardDuel, "card-duel", "the card is a duel",
        "the card is a duel", "the card is not a duel";
    CardInvasion, "card-invasion", "the card is an invasion",
        "the card is an invasion", "the card is not an invasion";
    CardVolley, "card-volley", "the card is a volley",
        "the card is a volley", "the card is not a volley";
    CardNullify, "card-nullify", "the card is a nullify",
        "the card is a nullify", "the card is not a nullify";
    CardCrossbow, "card-crossbow", "the card is a crossbow",
        "the card is a crossbow", "the card is not a crossbow";
    CardArea, "card-area", "the card is an invasion or a volley",
        "the card is an invasion or a volley", "the card is no invasion or volley";
    TrickKill, "trick-kill", "a kill is being answered",
        "a kill is being answered", "no kill is being answered";
    TrickDuel, "trick-duel", "a duel is being resolved",
        "a duel is being resolved", "no duel is being resolved";
    TrickInvasion, "trick-invasion", "an invasion is being resolved",
        "an invasion is being resolved", "no invasion is being resolved";
    TrickVolley, "trick-volley", "a volley is being resolved",
        "a volley is being resolved", "no volley is being resolved";
    Nullified, "nullified", "the trick was nullified",
        "the trick was nullified", "the trick was not nullified";
    OwnTurn, "own-turn", "it is the pig's own turn",
        "it is {a}'s own turn", "it is not {a}'s own turn";
    ActorHpFull, "actor-hp-full", "the pig is at full HP",
        "{a} is at full HP", "{a} is below full HP";
    ActorHpOne, "actor-hp-one", "the pig is at 1 HP",
        "{a} is at 1 HP", "{a} is not at 1 HP";
    ActorDying, "actor-dying", "the pig is dying (0 HP)",
        "{a} is dying (0 HP)", "{a} is not dying";
    ActorCrossbow, "actor-crossbow", "the pig has a crossbow",
        "{a} has a crossbow", "{a} has no crossbow";
    ActorHoldsPeach, "actor-holds-peach", "the pig holds a peach",
        "{a} holds a peach", "{a} holds no peach";
    ActorHandEmpty, "actor-hand-empty", "the pig's hand is empty",
        "{a}'s hand is empty", "{a}'s hand is not empty";
    KillPlayed, "kill-played", "the pig has already played a kill this phase",
        "{a} has already played a kill this phase", "{a} has played no kill yet this phase";
    DeckLast, "deck-last", "the deck is down to its last card",
        "the deck is down to its last card", "the deck holds more than one card";
    Protecting, "protecting", "the nullify would protect the trick's target",
        "the nullify would protect {s}", "the nullify would cancel one that protects {s}";
    CounterRound, "counter-round", "a nullify has already been played on this trick",
        "a nullify has already been played on this trick", "no nullify has been played on this trick yet";
    DeathInResolution, "death-in-resolution", "a pig has died while this card was resolved",
        "a pig has died while the card was resolved", "no pig has died while the card was resolved";
    Damaged, "damaged", "the pig (the lord, for a suspicion) took damage from the trick",
        "{a} took damage from it", "{a} took no damage from it";
    TwoAlive, "two-alive", "only two pigs are alive",
        "only two pigs are alive", "more than two pigs are alive";
    CrossbowThisTurn, "crossbow-this-turn", "the pig's crossbow was equipped in this turn",
        "{a} equipped its crossbow in this turn", "{a} has no crossbow equipped in this turn";
    RewardSinceKill, "reward-since-kill", "the pig drew a reward since its last kill this phase",
        "{a} drew a reward since its last kill", "{a} drew no reward since its last kill";
    KillDodged, "kill-dodged", "the pig's last kill this phase was dodged",
        "{a}'s last kill was dodged", "{a}'s last kill was not dodged";
    ActorPlayedTrick, "actor-played-trick", "the pig played the card being resolved",
        "{a} played the card being resolved", "{a} did not play the card being resolved";
    TrickArea, "trick-area", "an invasion or volley is being resolved",
        "an invasion or volley is being resolved", "no invasion or volley is being resolved";
    ActorDead, "actor-dead", "the pig is dead",
        "{a} is dead", "{a} is alive";
    RewardDraw, "reward-draw", "the pig is drawing a reward",
        "{a} is drawing a reward", "{a} is not drawing a reward";
    ActorAfterPlayer, "actor-after-player", "the pig is the next living pig after the card's player",
        "{a} is the next living pig after the card's player",
        "{a} is not the next living pig after the card's player";
    SubjectNextSeat, "subject-next-seat", "the other pig sits in the seat right after the pig's",
        "{s} sits in the seat right after {a}'s", "{s} does not sit in the seat right after {a}'s";
    SubjectPrevSeat, "subject-prev-seat", "the other pig sits in the seat right before the pig's",
        "{s} sits in the seat right before {a}'s", "{s} does not sit in the seat right before {a}'s";
    SubjectIsPrevious, "subject-is-previous", "the other pig is the last living pig before the pig",
        "{s} is the last living pig before {a}", "{s} is not the last living pig before {a}";
    Wrapped, "wrapped", "going round from where this walk of the table started, the pig is reached past the last seat",
        "the walk reaches the pig past the last seat (round to pig 1)",
        "the walk reaches the pig before the last seat is passed";
    FirstOfLot, "first-of-lot", "the card is the first of a lot of draws",
        "it is the first card of {a}'s draw", "it is not the first card of {a}'s draw";
    PreviousDied, "previous-died", "the pig whose turn came before died in it",
        "{s}, whose turn came before, died in it", "{s}, whose turn came before, did not die in it";
    LaterDeath, "later-death", "the dead pig died after the pig seated before it",
        "{s} died after the pig seated before it", "{s} did not die after the pig seated before it";
    PassedDead, "passed-dead", "the walk has already passed a dead pig",
        "a dead pig lies between {a} and {s}", "no dead pig lies between {a} and {s}";
    SubjectRevealedInResolution, "subject-revealed-in-resolution",
        "the other pig revealed while this card was resolved",
        "{s} revealed while the card was resolved", "{s} did not reveal while the card was resolved";
    DeathEndedGame, "death-ended-game", "the pig's death ended the game",
        "{a}'s death ended the game", "{a}'s death did not end the game";
    SameCardRound, "same-card-round", "a nullify round was held before on this same card",
        "a nullify round was held before on the same card (for another pig)",
        "no nullify round was held before on this card";
    ActorHoldsTwo, "actor-holds-two", "the pig holds another card of that kind",
        "{a} holds another card of that kind", "{a} holds no other card of that kind";
    SubjectSameSide, "subject-same-side", "the other pig is on the pig's side by true role (reveals aside)",
        "{s} is on {a}'s side by true role", "{s} is not on {a}'s side by true role";
    ActorHpTwo, "actor-hp-two", "the pig is at 2 HP",
        "{a} is at 2 HP", "{a} is not at 2 HP";
    ActorHpOneBelowFull, "actor-hp-one-below-full", "the pig is 1 HP below full",
        "{a} is 1 HP below full", "{a} is not 1 HP below full";
    SubjectRevealedThisTurn, "subject-revealed-this-turn", "the other pig revealed in this turn",
        "{s} revealed in this turn", "{s} did not reveal in this turn";
    ActorRescued, "actor-rescued", "the pig was saved from dying by a peach while this card was resolved",
        "{a} was saved from dying by a peach while the card was resolved",
        "{a} was not saved from dying while the card was resolved";
    LastAsked, "last-asked", "the pig sits in the last seat this walk of the table reaches",
        "{a} sits in the last seat this walk of the table reaches",
        "{a} does not sit in the last seat this walk of the table reaches";
    SubjectTurn, "subject-turn", "it is the other pig's turn",
        "it is {s}'s turn", "it is not {s}'s turn";
    ActorNoLivingAfter, "actor-no-living-after", "no living pig sits in a later seat than the pig",
        "no living pig sits in a later seat than {a}", "a living pig sits in a later seat than {a}";
    ActorHoldsKill, "actor-holds-kill", "the pig holds a kill",
        "{a} holds a kill", "{a} holds no kill";
    SubjectHoldsKill, "subject-holds-kill", "the other pig holds a kill",
        "{s} holds a kill", "{s} holds no kill";
    TrickByRebel, "trick-by-rebel", "the card being resolved was played by a rebel",
        "the card being resolved was played by a rebel",
        "the card being resolved was played by the lord or a loyalist";
    CrossbowSinceKill, "crossbow-since-kill", "the pig equipped a crossbow since its last kill this phase",
        "{a} equipped a crossbow since its last kill", "{a} equipped no crossbow since its last kill";
    SubjectOnceSuspected, "subject-once-suspected", "the lord has suspected the other pig at some time in the game",
        "the lord has suspected {s} at some time", "the lord has never suspected {s}";
    SubjectHpFull, "subject-hp-full", "the other pig is at full HP",
        "{s} is at full HP", "{s} is below full HP";
    SubjectHpOne, "subject-hp-one", "the other pig is at 1 HP",
        "{s} is at 1 HP", "{s} is not at 1 HP";
    SubjectDead, "subject-dead", "the other pig is dead",
        "{s} is dead", "{s} is alive";
    SubjectCrossbow, "subject-crossbow", "the other pig has a crossbow",
        "{s} has a crossbow", "{s} has no crossbow";
    SubjectHoldsDodge, "subject-holds-dodge", "the other pig holds a dodge",
        "{s} holds a dodge", "{s} holds no dodge";
    SubjectHoldsPeach, "subject-holds-peach", "the other pig holds a peach",
        "{s} holds a peach", "{s} holds no peach";
    SubjectHoldsNullify, "subject-holds-nullify", "the other pig holds a nullify",
        "{s} holds a nullify", "{s} holds no nullify";
    SubjectHandEmpty, "subject-hand-empty", "the other pig's hand is empty",
        "{s}'s hand is empty", "{s}'s hand is not empty";
    SubjectLastSeat, "subject-last-seat", "the other pig sits in the last seat (pig n)",
        "{s} sits in the last seat", "{s} does not sit in the last seat";
    SubjectEarlierSeat, "subject-earlier-seat", "the other pig sits in an earlier seat than the pig",
        "{s} sits in an earlier seat than {a}", "{s} does not sit in an earlier seat than {a}";
    SubjectSecondNext, "subject-second-next", "the other pig is the second living pig after the pig (distance 2)",
        "{s} is the second living pig after {a}", "{s} is not the second living pig after {a}";
    SubjectPlayedTrick, "subject-played-trick", "the other pig played the card being resolved",
        "{s} played the card being resolved", "{s} did not play the card being resolved";
    SubjectLastAttacked, "subject-last-attacked", "the other pig is the target of the pig's last kill this phase",
        "{s} is the target of {a}'s last kill this phase",
        "{s} is not the target of {a}'s last kill this phase";
    ActorHoldsDodge, "actor-holds-dodge", "the pig holds a dodge",
        "{a} holds a dodge", "{a} holds no dodge";
    ActorHoldsNullify, "actor-holds-nullify", "the pig holds a nullify",
        "{a} holds a nullify", "{a} holds no nullify";
    ActorHoldsOne, "actor-holds-one", "the pig holds exactly one card",
        "{a} holds exactly one card", "{a} does not hold exactly one card";
    ActorLastSeat, "actor-last-seat", "the pig sits in the last seat (pig n)",
        "{a} sits in the last seat", "{a} does not sit in the last seat";
    ActorRevealedThisTurn, "actor-revealed-this-turn", "the pig revealed in this turn",
        "{a} revealed in this turn", "{a} did not reveal in this turn";
    ActorRescuedThisTurn, "actor-rescued-this-turn", "the pig was saved from dying by a peach earlier in this turn",
        "{a} was saved from dying by a peach earlier in this turn",
        "{a} was not saved from dying earlier in this turn";
    TrickByLord, "trick-by-lord", "the card being resolved was played by the lord",
        "the card being resolved was played by the lord",
        "the card being resolved was not played by the lord";
    TrickPlayerRevealed, "trick-player-revealed", "the player of the card being resolved has revealed",
        "the card's player has revealed its role", "the card's player is unrevealed";
    ChainTwo, "chain-two", "two or more nullifies have been played on this trick",
        "two or more nullifies have been played on this trick",
        "fewer than two nullifies have been played on this trick";
    DamageInResolution, "damage-in-resolution", "a pig took damage while this card was resolved",
        "a pig took damage while the card was resolved",
        "no pig took damage while the card was resolved";
    DeathThisTurn, "death-this-turn", "a pig has died in this turn",
        "a pig has died in this turn", "no pig has died in this turn";
    RescueThisTurn, "rescue-this-turn", "a pig was saved from dying by a peach in this turn",
        "a pig was saved from dying in this turn", "no pig was saved from dying in this turn";
    DuelPlayed, "duel-played", "the pig has already played a duel this phase",
        "{a} has already played a duel this phase", "{a} has played no duel yet this phase";
    AreaPlayed, "area-played", "an invasion or volley was played in this turn",
        "an invasion or volley was played in this turn",
        "no invasion or volley was played in this turn";
    GameDecided, "game-decided", "the game is decided (a winner stands)",
        "the game is decided", "the game is not decided";
    EarlierDeathThisTurn, "earlier-death-this-turn", "a pig seated before the pig has died in this turn",
        "a pig seated before {a} has died in this turn",
        "no pig seated before {a} has died in this turn";
    TurnPigLord, "turn-pig-lord", "the pig whose turn it is is the lord",
        "it is the lord's turn", "it is not the lord's turn";
    TurnPigRebel, "turn-pig-rebel", "the pig whose turn it is is a rebel",
        "it is a rebel's turn", "it is not a rebel's turn";
    TurnPigNext, "turn-pig-next", "the pig is the next living pig after the pig whose turn it is",
        "{a} is the next living pig after the turn's pig",
        "{a} is not the next living pig after the turn's pig";
    TurnPigRevealed, "turn-pig-revealed", "the pig whose turn it is has revealed",
        "the turn's pig has revealed its role", "the turn's pig is unrevealed";
    SubjectHoldsAnswer, "subject-holds-answer",
        "the trick's target holds the card that answers it (a kill for a duel or invasion, a dodge for a volley)",
        "{s} holds the card that answers the trick", "{s} holds no card that answers the trick";
    SuspectedTwice, "suspected-twice",
        "the lord's suspicion of the pig was raised more often than it revealed since: twice or more",
        "the lord's suspicion of {a} was raised twice or more", "the lord's suspicion of {a} was raised at most once";
    PlayedSinceKill, "played-since-kill", "the pig played another card since its last kill this phase",
        "{a} played another card since its last kill", "{a} played no other card since its last kill";
    ActorNullifiedInChain, "actor-nullified-in-chain", "the pig has already played a nullify in this chain",
        "{a} has already played a nullify in this chain", "{a} has played no nullify in this chain";
    SubjectRevealedByNullify, "subject-revealed-by-nullify",
        "the other pig revealed by playing a nullify, and has played no kill or duel since",
        "{s} revealed by a nullify and has played no kill or duel",
        "{s} did not reveal by a nullify, or has played a kill or duel since";
    ActorOnlyRebel, "actor-only-rebel", "the pig is the only rebel alive (the last of the rebels)",
        "{a} is the only rebel alive", "{a} is not the only rebel alive";
    FirstPlay, "first-play", "the pig's play phase is at its first card (none played before it this phase)",
        "{a} plays its first card of this phase", "{a} has already played a card this phase";
    // Places and counts, for diagnosis (in no kind's list, so the narrow
    // family does not grow): where a program's arrays and loops can go
    // wrong, read by rules learnt from its runs.
    CardLastInHand, "card-last-in-hand", "the card is the last of the pig's hand (its rightmost place)",
        "the card is the last of {a}'s hand", "the card is not the last of {a}'s hand";
    CardPastTurnHand, "card-past-turn-hand",
        "the card's place in the pig's hand is at least the size of the hand of the pig whose turn it is (a walk of the pig's hand bounded by the turn's pig's hand would not reach it)",
        "the card's place in {a}'s hand is past the length of the turn's pig's hand",
        "the card's place in {a}'s hand is within the length of the turn's pig's hand";
    PlaysReachHand, "plays-reach-hand",
        "the pig has made as many plays this phase as its hand held when the phase began (after the draw)",
        "{a} has made as many plays this phase as its hand held after the draw",
        "{a} has made fewer plays this phase than its hand held after the draw";
    NoneBeyondLastGiven, "none-beyond-last-given",
        "the pig gave up a card earlier in this trick, and holds no card of this kind beyond the place where it gave that one (a search that starts one place past it finds none)",
        "{a} holds no such card beyond the place where it gave its last one in this trick",
        "{a} gave up no card in this trick, or holds such a card beyond the place where it gave its last one";
    SubjectPastLivingCount, "subject-past-living-count",
        "the other pig's seat number (pig 1 for the lord) is greater than the count of living pigs",
        "{s}'s seat number is greater than the count of living pigs",
        "{s}'s seat number is at most the count of living pigs";
}

// A feature set is a 128-bit mask.
const _: () = assert!(Feature::ALL.len() <= 128);

impl Feature {
    /// This feature's bit in a [`super::FeatureSet`] or a [`super::ContextRule`].
    pub const fn bit(self) -> u128 {
        1 << self as u32
    }

    /// The feature at bit `index`, if any.
    pub fn from_index(index: usize) -> Option<Feature> {
        Feature::ALL.get(index).copied()
    }

    /// The feature with this id.
    pub fn from_id(id: &str) -> Option<Feature> {
        Feature::ALL.iter().copied().find(|f| f.id() == id)
    }

    /// The other features that can never hold together with this one
    /// (one role per pig, one card per decision).
    pub const fn exclusive_group(self) -> u128 {
        use Feature::*;
        const ACTOR: u128 = ActorLord.bit() | ActorLoyalist.bit() | ActorRebel.bit();
        const SUBJECT: u128 = SubjectLord.bit() | SubjectLoyalist.bit() | SubjectRebel.bit();
        const CARD: u128 = CardPeach.bit()
            | CardKill.bit()
            | CardDodge.bit()
            | CardDuel.bit()
            | CardInvasion.bit()
            | CardVolley.bit()
            | CardNullify.bit()
            | CardCrossbow.bit();
        // An area trick is an invasion or a volley: no kind lists both, so
        // in the one group it only ever excludes a kill or a duel.
        const TRICK: u128 = TrickKill.bit()
            | TrickDuel.bit()
            | TrickInvasion.bit()
            | TrickVolley.bit()
            | TrickArea.bit();
        const HP: u128 = ActorHpFull.bit()
            | ActorHpOne.bit()
            | ActorDying.bit()
            | ActorHpTwo.bit()
            | ActorHpOneBelowFull.bit();
        let group = if ACTOR & self.bit() != 0 {
            ACTOR
        } else if SUBJECT & self.bit() != 0 {
            SUBJECT
        } else if CARD & self.bit() != 0 {
            CARD
        } else if TRICK & self.bit() != 0 {
            TRICK
        } else if HP & self.bit() != 0 {
            HP
        } else {
            0
        };
        group & !self.bit()
    }
}

/// Declares the kinds: variant, id, section, question, alternatives,
/// features, and the rules' choice when it never depends on the context.
macro_rules! kinds {
    ($($variant:ident, $id:literal, $section:expr, $question:literal,
       [$($alternative:literal),*], [$($feature:ident),*], $constant:expr;)*) => {
        /// Where the rules choose (see the module docs of [`super`]).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum DecisionKind {
            $(
                #[doc = $question]
                $variant,
            )*
        }

        impl DecisionKind {
            /// Every kind, in the order the rules are written.
            pub const ALL: &'static [DecisionKind] = &[$(DecisionKind::$variant,)*];

            /// The stable kebab-case id.
            pub const fn id(self) -> &'static str {
                match self {
                    $(DecisionKind::$variant => $id,)*
                }
            }

            /// The `rules.md` heading this decision applies, exactly.
            pub const fn section(self) -> &'static str {
                match self {
                    $(DecisionKind::$variant => $section,)*
                }
            }

            /// The question the rules answer here, in words.
            pub const fn question(self) -> &'static str {
                match self {
                    $(DecisionKind::$variant => $question,)*
                }
            }

            /// Each alternative in words, indexed by [`Choice`].
            pub const fn alternatives(self) -> &'static [&'static str] {
                match self {
                    $(DecisionKind::$variant => &[$($alternative),*],)*
                }
            }

            /// The context features that make sense for this kind (those
            /// that vary between its decisions).
            pub const fn features(self) -> &'static [Feature] {
                match self {
                    $(DecisionKind::$variant => &[$(Feature::$feature),*],)*
                }
            }

            /// The rules' choice when it is the same at every decision of
            /// this kind (None when it depends on the context).
            pub const fn constant_rule(self) -> Option<Choice> {
                match self {
                    $(DecisionKind::$variant => $constant,)*
                }
            }
        }
    };
}

const YES: Option<Choice> = Some(Choice(0));
const VARIES: Option<Choice> = None;

kinds! {
    MaxHp, "max-hp", SETUP,
        "what are this pig's starting HP and maximum HP?",
        ["4, and at most 4", "5, and at most 5", "3, and at most 3",
         "4, but at most 5 (the start and the maximum apart)"],
        [ActorLord, ActorLoyalist, ActorRebel], YES;
    LastCardKept, "last-card-kept", SETUP,
        "the deck is down to its last card: does a draw leave it in place?",
        ["yes: it is drawn and stays, every later draw gives it again",
         "no: it is drawn like any other, and the deck is then empty",
         "no: it is drawn, and the deck starts again from its first card",
         "no: once a draw has brought the deck down to it, a draw gives a copy of the drawer's rightmost card (the deck's last only to an empty hand)",
         "yes, but once a lot: a lot of draws that meets it (a turn's 2, a reward's 3) gets it once, and nothing more"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, ActorHandEmpty, RewardDraw], YES;
    DeckTwoLeft, "deck-two-left", SETUP,
        "the deck holds two cards: which card does this draw give?",
        ["the top card, taken away (the last one is left)",
         "the last card: the top one is skipped",
         "the top card, left in place: every later draw gives it again"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, RewardDraw, FirstOfLot], YES;
    FirstTurn, "first-turn", SETUP,
        "the game starts: whose turn comes first?",
        ["the lord's (pig 1)", "the next pig's (pig 2): the walk of turns starts one seat later"],
        [SubjectLoyalist, SubjectRebel, TwoAlive], YES;
    NextTurn, "next-turn", SETUP,
        "the pig that was next when this turn began died in it: whose turn comes next?",
        ["the next living pig's", "the dead pig's, as fixed before: it draws 2 cards and plays nothing"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLoyalist, SubjectRebel, SubjectRevealed,
         TwoAlive],
        YES;
    TurnAfterDeath, "turn-after-death", SETUP,
        "a pig died in this turn: whose turn comes next?",
        ["the next living pig's", "the lord's (pig 1), as at a new round",
         "the pig's after the next living one (a turn is skipped)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorDead, SubjectLord, SubjectLoyalist,
         SubjectRebel, TwoAlive, SubjectNextSeat, EarlierDeathThisTurn],
        YES;
    StartWeapon, "start-weapon", SETUP,
        "a crossbow is among the pig's starting cards: where is it as the game starts?",
        ["in the hand, like any card (no weapon yet)", "its leftmost is equipped at once, taken out of the hand"],
        [ActorLord, ActorLoyalist, ActorRebel],
        YES;
    DrawPlace, "draw-place", TURN,
        "where do the cards a pig draws (its turn's 2, or a reward) go in its hand?",
        ["at the right end", "at the left end",
         "at the right end, the lot in reverse order (the card drawn last leftmost of them)"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, RewardDraw, DeckLast],
        YES;
    Playable, "playable", TURN,
        "is this card playable now, in the pig's play phase (a kill also needs a kill target; a second kill is the kill limit's)?",
        ["not playable: the scan passes it", "playable: the pig plays it (a kill, if it has a target)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, CardPeach, CardKill, CardInvasion,
         CardVolley, CardCrossbow, ActorHpFull, ActorHpOne, ActorCrossbow, KillPlayed, TwoAlive,
         ActorHpTwo, ActorHpOneBelowFull, CardDuel, DuelPlayed, FirstPlay],
        VARIES;
    KillFlagReset, "kill-flag-reset", TURN,
        "a play phase begins after a phase that played a kill: does its own kill limit start afresh?",
        ["yes: no kill played yet", "no: the earlier phase's kill still counts"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorCrossbow, PreviousDied, SubjectIsActor],
        YES;
    PeachHpRead, "peach-hp-read", TURN,
        "the pig's HP changed in this play phase: which HP does a peach's playability read?",
        ["its HP now", "its HP as the phase began"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorHpFull, ActorHpOne, ActorHpTwo,
         ActorHpOneBelowFull],
        YES;
    KillLimit, "kill-limit", TURN,
        "the pig has played a kill this phase: may it play another (it also needs a kill target)?",
        ["no: one kill a phase", "yes: it may kill again",
         "as the other pig's weapon says: yes when the pig its kill would go to has a crossbow"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorCrossbow, CrossbowThisTurn, RewardSinceKill,
         KillDodged, CrossbowSinceKill, SubjectLastAttacked, PlayedSinceKill],
        VARIES;
    EquipReplaces, "equip-replaces", TURN,
        "the pig equips a crossbow while it has one: what weapon does it end with?",
        ["a crossbow: the new one replaces the old",
         "none: the old weapon is discarded, and the new one with it"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, KillPlayed],
        YES;
    ScanStart, "scan-start", TURN,
        "after this play, where does the next scan of the hand start?",
        ["at the leftmost card", "at the played card's place"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDuel, CardInvasion,
         CardVolley, CardCrossbow, Nullified, DeathInResolution, ActorCrossbow, FirstPlay],
        YES;
    ScanPasses, "scan-passes", TURN,
        "the scan meets a card the pig may not play now: does it look on to the next card?",
        ["yes: it looks at the next card", "no: the play phase ends there"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, CardPeach, CardKill, CardDuel,
         ActorHpFull, ActorCrossbow, KillPlayed],
        YES;
    PhaseGoesOn, "phase-goes-on", TURN,
        "the pig played a card, is alive and the game goes on: does its play phase go on (a new scan)?",
        ["yes: it scans its hand again", "no: the phase ends"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDuel, CardInvasion,
         CardVolley, CardCrossbow, Nullified, DeathInResolution, ActorRescued, KillDodged,
         ActorHpOne, FirstPlay],
        YES;
    KillUsesLimit, "kill-uses-limit", TURN,
        "the pig's kill is resolved, and it has no crossbow: does the kill use up the phase's one kill?",
        ["yes: no other kill this phase", "no: it may play another kill"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         KillDodged, DeathInResolution, ActorRescued, ActorHpOne],
        YES;
    DuelKillCounts, "duel-kill-counts", TURN,
        "the pig discarded kills fighting its own duel: does that use up the phase's one kill?",
        ["no: it may still play a kill", "yes: it counts as the phase's kill"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorCrossbow, KillPlayed],
        YES;
    Hostile, "hostile", TARGETS,
        "would the pig kill or duel this other pig?",
        ["no: not an enemy it attacks", "yes: an enemy it attacks",
         "as asked the other way round: yes when the other pig would attack the pig"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, SubjectLord, SubjectLoyalist,
         SubjectRebel, SubjectRevealed, SubjectSuspected, SubjectIsNext, CardKill, CardDuel,
         SubjectNextSeat, Wrapped, SubjectRevealedThisTurn, SubjectOnceSuspected,
         SubjectRevealedByNullify],
        VARIES;
    KillPastDead, "kill-past-dead", TARGETS,
        "the next seat holds a dead pig: does the kill look past it to the next living pig?",
        ["yes: the next living pig is at distance 1", "no: there is no kill target"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         TwoAlive, ActorCrossbow, LaterDeath, PassedDead],
        YES;
    DuelPastDead, "duel-past-dead", TARGETS,
        "the duel's search for a target meets a dead seat: does it look past it?",
        ["yes: it goes on to the next seat", "no: the search stops there, with no duel target",
         "no: the dead pig, one it would attack, is the target (the duel is wasted)"],
        [ActorLord, ActorLoyalist, SubjectLord, SubjectLoyalist, SubjectRebel, TwoAlive,
         PassedDead, SubjectNextSeat],
        YES;
    KillPastFriend, "kill-past-friend", TARGETS,
        "the next living pig is no enemy: does the kill look further for one?",
        ["no: there is no kill target", "yes: the first enemy going forward, at any distance",
         "yes: the previous living pig, if an enemy (distance counts both ways)",
         "yes: the lord, at any distance",
         "yes: the second living pig, if an enemy (the kill reaches distance 2)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectRevealed, SubjectSuspected, ActorCrossbow, TwoAlive],
        YES;
    DuelSearch, "duel-search", TARGETS,
        "the lord or a loyalist looks for a duel target: which pig it attacks does it take?",
        ["the first going forward",
         "the first revealed rebel going forward (a suspected pig only when there is none)",
         "the first going backward",
         "the first going forward from its second living pig (the next one is passed over)",
         "the first revealed or suspected pig going forward, if it attacks it (the search stops there)",
         "the first going forward, but never the last living pig before it (the search stops one pig early)"],
        [ActorLord, ActorLoyalist, ActorRevealed, TwoAlive],
        YES;
    RebelDuelTarget, "rebel-duel-target", TARGETS,
        "whom does a rebel duel?",
        ["the lord", "the first lord or revealed loyalist going forward",
         "nobody: it plays no duel"],
        [ActorRevealed, ActorSuspected, SubjectIsNext, ActorHpOne, ActorHpFull, TwoAlive],
        YES;
    RevealOnPlay, "reveal-on-play", TARGETS,
        "when does playing this card reveal its player?",
        ["at once, when it is played",
         "only if it takes effect (the kill is not dodged, the duel not nullified)",
         "never"],
        [ActorLoyalist, ActorRebel, ActorSuspected, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectRevealed, SubjectSuspected, CardKill, CardDuel, CardInvasion, CardVolley,
         CardArea],
        VARIES;
    ClearSuspicion, "clear-suspicion", TARGETS,
        "a suspected pig reveals (or, revealed already, plays a kill or duel again): does that clear the lord's suspicion?",
        ["yes: the lord no longer suspects it", "no: the suspicion stays"],
        [ActorLoyalist, ActorRebel, ActorRevealed, CardKill, CardDuel, CardNullify, OwnTurn,
         SuspectedTwice],
        YES;
    TakeCard, "take-card", RESPONSES,
        "the pig gives up one card of a kind it holds several of, apart: which one?",
        ["its leftmost", "its rightmost"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDodge, CardNullify,
         TrickKill, TrickDuel, TrickInvasion, TrickVolley, OwnTurn, ActorDying],
        YES;
    FirstCardMissed, "first-card-missed", RESPONSES,
        "the card the pig needs is the first of its hand, or its only copy is the last: does the search for it see that one?",
        ["yes: the search covers the whole hand", "no: the search starts at the second card",
         "no: the search stops before the hand's last card"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDodge, CardNullify,
         TrickKill, TrickDuel, TrickInvasion, TrickVolley, OwnTurn, ActorHoldsTwo],
        YES;
    DuelYield, "duel-yield", RESPONSES,
        "the duel is not nullified: does its target give in without fighting (1 damage from the player)?",
        ["no: it fights with its kills", "yes: it takes 1 damage without fighting",
         "yes, after one exchange: it discards a kill (if it holds one), then takes 1 damage"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, ActorSuspected, SubjectLord,
         SubjectLoyalist, SubjectRebel, ActorHoldsKill, SubjectHoldsKill],
        VARIES;
    DuelFirst, "duel-first", RESPONSES,
        "who discards a kill first in a duel?",
        ["the target", "the player"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectRevealed, ActorHpOne, ActorHoldsKill, SubjectHoldsKill],
        YES;
    DuelContinues, "duel-continues", RESPONSES,
        "both sides of a duel discarded a kill: does the duel go on?",
        ["yes: they discard again", "no: it ends with no damage"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel],
        YES;
    DuelDamageSource, "duel-damage-source", RESPONSES,
        "the duel's player lost its own duel: who is the source of its damage?",
        ["the target, who won", "the player itself"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorHpOne],
        YES;
    AreaStart, "area-start", RESPONSES,
        "from which pig does an invasion or volley start?",
        ["the pig after its player", "pig 1 (the lord)",
         "the pig before its player, going backward",
         "the second pig after its player, going round: the pig right after the player is asked last"],
        [ActorLord, ActorLoyalist, ActorRebel, CardInvasion, CardVolley, TwoAlive],
        YES;
    AreaAsks, "area-asks", RESPONSES,
        "is this pig asked to answer the invasion or volley (a nullify round, then its card or 1 damage)?",
        ["yes", "no: it is passed over"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectRevealed, SubjectIsActor, SubjectIsNext, CardInvasion, CardVolley,
         DeathInResolution, SubjectPrevSeat, SubjectIsPrevious, Wrapped, LastAsked],
        VARIES;
    Answers, "answers", RESPONSES,
        "the pig holds the card that answers this (a dodge for a kill or volley, a kill for a duel or invasion): does it give it up?",
        ["yes: it discards its leftmost one", "no: it keeps its cards (and takes the damage, or loses the duel)",
         "its search starts one place past the card it gave last in this trick: it discards the first one there, or, with none there, keeps its cards (for diagnosis only: in no rule of the narrow family)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorPlayedTrick, TrickKill, TrickDuel, TrickInvasion, TrickVolley, ActorHpOne,
         KillPlayed, ActorHoldsTwo],
        YES;
    AnswerWith, "answer-with", RESPONSES,
        "the pig holds no card that answers this (a dodge for a kill or volley, a kill for a duel or invasion): does another card answer it?",
        ["no: it takes the damage (or loses the duel)", "yes: a nullify",
         "yes: the other basic card (a kill for a dodge, a dodge for a kill)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorPlayedTrick, TrickKill, TrickDuel, TrickInvasion, TrickVolley, OwnTurn],
        YES;
    AreaContinues, "area-continues", RESPONSES,
        "a pig died of this invasion or volley: are the pigs after it still asked?",
        ["yes: the others are still asked", "no: it stops there",
         "it starts again from the player's next pig: the pigs already asked are asked again"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         CardInvasion, CardVolley],
        YES;
    Suspect, "suspect", RESPONSES,
        "does the lord now suspect the player of this invasion or volley?",
        ["no", "yes"],
        [SubjectLoyalist, SubjectRebel, SubjectRevealed, CardInvasion, CardVolley, Damaged,
         ActorHpOne, ActorDying, SubjectRevealedInResolution, ActorRescued, DamageInResolution],
        VARIES;
    SuspectOther, "suspect-other", RESPONSES,
        "an unrevealed player's invasion or volley reached a pig other than the lord (answered, or hurt): does the lord now suspect the player?",
        ["no: only the lord's own damage makes it suspect", "yes"],
        [ActorLoyalist, ActorRebel, ActorRevealed, SubjectLoyalist, SubjectRebel, CardInvasion,
         CardVolley, Damaged, ActorDying],
        YES;
    NullifyHeld, "nullify-held", NULLIFY,
        "is a nullify round held for this trick on this pig?",
        ["yes", "no: the trick cannot be nullified"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectRevealed, CardDuel, CardInvasion, CardVolley, SubjectIsNext],
        YES;
    NullifyRoundStart, "nullify-round-start", NULLIFY,
        "where does this nullify round start?",
        ["at the pig whose card it answers (the trick's player, then the last nullifier)",
         "at the pig after it",
         "at the trick's player",
         "at the trick's target",
         "at the last nullifier of an earlier chain on this card",
         "at the trick's target alone first (it may protect itself), then at the trick's player",
         "at the pig after it, and only to the end of the first round: the whole chain is one pass round the table",
         "at the pig whose card it answers, walking only as many seats as there are living pigs (dead seats counted: the last living pigs of the walk are not asked)"],
        [CounterRound, CardDuel, CardInvasion, CardVolley, ActorLord, ActorLoyalist, ActorRebel],
        YES;
    NullifyWants, "nullify-wants", NULLIFY,
        "the pig holds a nullify: does it want to play it here?",
        ["no", "yes"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, SubjectLord, SubjectLoyalist,
         SubjectRebel, SubjectRevealed, SubjectSuspected, SubjectIsActor, Protecting, CardDuel,
         CardInvasion, CardVolley, CounterRound, ActorPlayedTrick, ActorAfterPlayer, Wrapped,
         SubjectRevealedThisTurn, LastAsked, TrickByRebel, SubjectHoldsAnswer,
         ActorNullifiedInChain],
        VARIES;
    RoundGoesOn, "round-goes-on", NULLIFY,
        "a pig plays no nullify here (it would but holds none, or it holds one but does not want to): does the round go on to the next pig?",
        ["yes: the next pig is asked", "no: the round ends there, with no nullify"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectIsActor, Protecting, CounterRound, CardDuel, CardInvasion, CardVolley,
         ActorPlayedTrick, TrickByRebel, ActorHoldsNullify, ActorNullifiedInChain],
        YES;
    NullifyReveals, "nullify-reveals", NULLIFY,
        "does playing this nullify reveal its player, and when?",
        ["yes, at once", "no", "yes, once the card it answers is resolved"],
        [ActorLoyalist, ActorRebel, ActorSuspected, Protecting, SubjectLord, SubjectLoyalist,
         SubjectRebel, SubjectRevealed, SubjectIsActor],
        YES;
    CounterRound, "counter-round", NULLIFY,
        "a nullify was just played: is a new round held to cancel it?",
        ["yes", "no: the chain stops and this nullify stands"],
        [Protecting, ActorLord, ActorLoyalist, ActorRebel, CardDuel, CardInvasion, CardVolley,
         CounterRound, ChainTwo],
        YES;
    ChainOutcome, "chain-outcome", NULLIFY,
        "a chain of two or more nullifies ended: is the trick cancelled on its pig?",
        ["as the count says: an odd number cancels it",
         "yes: a nullify was played",
         "no: a nullify was cancelled"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectIsActor, Protecting, CardDuel, CardInvasion, CardVolley],
        YES;
    CountRestarts, "count-restarts", NULLIFY,
        "a nullify round begins after one that ended on an odd count: does its count start again at 0?",
        ["yes: every trick on every pig is counted afresh",
         "no: it goes on from the last round's count"],
        [SubjectLord, SubjectLoyalist, SubjectRebel, SubjectRevealed, CardDuel, CardInvasion,
         CardVolley, SameCardRound],
        YES;
    DyingAtZero, "dying-at-zero", DAMAGE,
        "the damaged pig is at exactly 0 HP: is it dying?",
        ["yes: at 0 HP or less it is dying", "no: it is dying only below 0 HP"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         TrickKill, TrickDuel, TrickInvasion, TrickVolley, TrickArea, OwnTurn, ActorHoldsPeach,
         ActorOnlyRebel],
        YES;
    EatPeach, "eat-peach", DAMAGE,
        "the pig is dying and holds a peach: does it eat it?",
        ["yes: back to 1 HP", "no: it dies",
         "yes, and the hand's last card takes the peach's place",
         "yes: back to 1 HP, but the peach is not discarded (it stays in the hand)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, OwnTurn, SubjectIsActor,
         SubjectLord, SubjectLoyalist, SubjectRebel, TrickKill, TrickDuel, TrickInvasion,
         TrickVolley, ActorRescuedThisTurn, ActorOnlyRebel],
        YES;
    RescueCounts, "rescue-counts", DAMAGE,
        "the source brought a rebel, or the lord a loyalist, to dying, and a peach saved it: is the source rewarded or penalised all the same?",
        ["no: only a death counts", "yes: as for a death",
         "the rebel counts as dead among the rebels left (the lord wins at the next rebel's death that leaves none), with no reward"],
        [ActorLoyalist, ActorRebel, ActorRevealed, SubjectLord, SubjectLoyalist, SubjectRebel,
         TrickKill, TrickDuel, TrickInvasion, TrickVolley, OwnTurn, SubjectTurn],
        YES;
    PeachCount, "peach-count", DAMAGE,
        "the dying pig eats and holds several peaches: how many does it eat?",
        ["one, back to 1 HP", "every peach it holds"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, TrickKill, TrickDuel, TrickInvasion,
         TrickVolley],
        YES;
    GameOverStops, "game-over-stops", DAMAGE,
        "a death in an invasion or volley decided the game: does its resolution stop there?",
        ["yes: nothing more happens",
         "no: the pigs left still answer it (a nullify round, their card or 1 damage)",
         "no: the pigs left still discard their card if they hold one"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectRebel, CardInvasion,
         CardVolley],
        YES;
    PlaysAfterGameOver, "plays-after-game-over", DAMAGE,
        "the card the pig played in its play phase decided the game: does the phase stop there?",
        ["yes: nothing more happens", "no: it scans its hand again and plays on"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDuel, CardInvasion,
         CardVolley, CardCrossbow, CardArea],
        YES;
    RoundAfterGameOver, "round-after-game-over", DAMAGE,
        "the game was decided in this pig's turn: do the living pigs after it in this round still take part?",
        ["no: nothing more happens",
         "yes: each still draws its 2 cards (the end is checked only once the round is over)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorDead, TwoAlive],
        YES;
    RewardBeforeGameOver, "reward-before-game-over", DAMAGE,
        "the last rebel died: does the game end before the reward?",
        ["yes: the game ends at once", "no: the source draws its reward first"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectIsActor, OwnTurn],
        YES;
    Reward, "reward", DAMAGE,
        "a pig died: does the source of the damage draw the reward, and when? (for a rebel, at once; for a loyalist, never)",
        ["yes, at once", "no",
         "yes, once the card is resolved (none if the game ended)",
         "yes, at the end of the turn",
         "no, as a reward was drawn already in this turn (one reward a turn)",
         "no: its 3 cards leave the deck but are lost (drawn into a copy of the source's hand)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, SubjectIsActor, OwnTurn, DeckLast,
         TrickKill, TrickDuel, TrickArea, ActorPlayedTrick, SubjectTurn, SubjectLoyalist,
         SubjectRebel],
        VARIES;
    RewardCount, "reward-count", DAMAGE,
        "how many cards does the reward draw?",
        ["3", "2", "4", "6: the reward is drawn twice"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, DeckLast],
        YES;
    RewardTakes, "reward-takes", SETUP,
        "a reward is drawn: do its cards leave the deck?",
        ["yes: they are taken from the top like any draw",
         "no: the deck is left as it was, and the next draws give the same cards again"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, DeckLast],
        YES;
    RewardTo, "reward-to", DAMAGE,
        "a rebel died and its reward is drawn: who draws it?",
        ["the last damage source", "the pig whose turn it is", "the player of the card being resolved"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectIsActor, SubjectTurn, OwnTurn, TrickKill,
         TrickDuel, TrickArea, ActorPlayedTrick],
        YES;
    RebelsLeft, "rebels-left", DAMAGE,
        "a loyalist died: does its death count against the rebels left, as a rebel's would (the lord wins when the count is 0)?",
        ["no: only a rebel's death counts", "yes: the count of rebels left goes down"],
        [ActorRevealed, SubjectLord, SubjectLoyalist, SubjectRebel, OwnTurn, SubjectTurn,
         TrickKill, TrickDuel, TrickArea],
        YES;
    Penalty, "penalty", DAMAGE,
        "a pig killed another: does the killer discard its hand and weapon, and when? (the lord that killed a loyalist, at once; nobody else)",
        ["yes, at once", "no",
         "yes, at the end of its turn",
         "yes, once the card is resolved (not if the game ended)",
         "yes, once the card is resolved, even if the game ended"],
        [SubjectRevealed, OwnTurn, ActorCrossbow, ActorHandEmpty, TrickKill, TrickDuel,
         TrickInvasion, TrickVolley, SubjectTurn, ActorLord, ActorLoyalist, ActorRebel,
         SubjectLoyalist, SubjectRebel],
        VARIES;
    DeathCredit, "death-credit", DAMAGE,
        "a pig died: who is credited with its death (its reward or penalty, the side it makes win)?",
        ["the pig that dealt the killing damage",
         "the pig that hurt it before the killing damage (the lord if none did)",
         "the pig that last played a kill or a duel, whoever its target (the lord before any)",
         "the last pig that hurt it outside a duel (nobody, with no reward or penalty, if none did)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectIsActor, TrickKill, TrickDuel, TrickArea, OwnTurn, SubjectTurn],
        YES;
    LordDeathWinner, "lord-death-winner", DAMAGE,
        "the lord died by the damage of its own side (itself or a loyalist): who wins?",
        ["the rebels, as at any death of the lord", "the lord's side: the killer's side is printed"],
        [SubjectLord, SubjectLoyalist, SubjectIsActor, TrickKill, TrickDuel, TrickArea,
         SubjectTurn],
        YES;
    LastRebel, "last-rebel", DAMAGE,
        "a rebel died and one rebel is still alive: does the lord win?",
        ["no: a rebel is left", "yes: the count is taken one off"],
        [ActorRevealed, SubjectRevealed, SubjectLastSeat, ActorLastSeat, OwnTurn, TrickKill,
         TrickDuel, TrickArea],
        YES;
    PenaltyWeapon, "penalty-weapon", DAMAGE,
        "the penalised lord has a crossbow: does it discard it too?",
        ["yes", "no: it keeps the crossbow"],
        [SubjectRevealed, OwnTurn, ActorHandEmpty, TrickKill, TrickDuel, TrickInvasion,
         TrickVolley],
        YES;
    PrintWeapon, "print-weapon", OUTPUT,
        "the living pig has a crossbow: is it printed in its line?",
        ["no: the weapon is not part of the hand", "yes: Z after its hand cards"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorHandEmpty],
        Some(Choice(0));
    PrintHand, "print-hand", OUTPUT,
        "the living pig holds cards: what is its line?",
        ["its hand, left to right", "an empty line", "no line at all",
         "its hand, left to right, without the crossbows in it (read as the weapon)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorHoldsOne, ActorCrossbow, ActorLastSeat,
         ActorNoLivingAfter],
        Some(Choice(0));
    PrintEmptyLine, "print-empty-line", OUTPUT,
        "the living pig's hand is empty: what is its line?",
        ["an empty line", "no line at all",
         "the card that last left its hand, as if it were still there",
         "DEAD, as if it were dead"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorCrossbow],
        Some(Choice(0));
    PrintDead, "print-dead", OUTPUT,
        "the pig is dead: what is its line?",
        ["DEAD", "the hand it held when it died", "an empty line", "no line at all",
         "an empty line, as it held no card when it died (DEAD for a pig that held one)"],
        [ActorLord, ActorLoyalist, ActorRebel, DeathEndedGame, ActorNoLivingAfter],
        Some(Choice(0));
    SuspicionReplaces, "suspicion-replaces", RESPONSES,
        "the lord comes to suspect a pig while it suspects another: does the other suspicion stay?",
        ["yes: the lord suspects both", "no: the new suspicion replaces the old one"],
        [ActorLoyalist, ActorRebel, SubjectLoyalist, SubjectRebel, CardInvasion, CardVolley],
        YES;
    RevealClearsOthers, "reveal-clears-others", TARGETS,
        "a pig reveals (or, revealed already, plays a card that reveals) while the lord suspects another pig: does that other suspicion stay?",
        ["yes: a reveal clears only the revealing pig's own suspicion",
         "no: the lord's suspicion of the other pig is cleared too"],
        [ActorLoyalist, ActorRebel, ActorSuspected, SubjectLoyalist, SubjectRebel, CardKill,
         CardDuel, CardNullify, CardArea, ActorRevealed],
        YES;
    DuelEnds, "duel-ends", RESPONSES,
        "the duel's loser took its 1 damage and lives: does the duel end?",
        ["yes: one damage ends the duel",
         "no: the loser is asked for a kill again, and takes 1 damage each time it has none"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         ActorPlayedTrick, ActorHpOne, ActorRescued],
        YES;
    KillBesideDuel, "kill-beside-duel", TARGETS,
        "the pig holds a duel that has a target, and its kill has a target too: does it still kill?",
        ["yes: the kill is playable at its target",
         "no: it keeps to its duel, and the kill is not played",
         "no, but only when its duel would go to another pig (it keeps its kill for that enemy)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, SubjectLord, SubjectLoyalist,
         SubjectRebel, SubjectSuspected],
        YES;
    WillingReveals, "willing-reveals", NULLIFY,
        "the unrevealed pig would play a nullify here but holds none: does it reveal all the same?",
        ["no: only a nullify played reveals", "yes: its will reveals it"],
        [ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel, Protecting,
         CounterRound, CardDuel, CardInvasion, CardVolley, ActorPlayedTrick],
        YES;
    AreaPassesDead, "area-passes-dead", RESPONSES,
        "the invasion or volley walks to a dead pig's seat: is the dead pig passed over?",
        ["yes: dead pigs are skipped",
         "no: the dead pig answers like a living one (it takes the damage and dies again)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         CardInvasion, CardVolley, SubjectHandEmpty],
        YES;
    DuelDistance, "duel-distance", TURN,
        "the pig's duel target is not its next living pig: may it play the duel?",
        ["yes: a duel goes at any distance", "no: a duel needs its target at distance 1, like a kill"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorRevealed, SubjectLord, SubjectLoyalist,
         SubjectRebel, SubjectRevealed, SubjectSecondNext],
        YES;
    TurnPastDead, "turn-past-dead", SETUP,
        "the seat after this pig's holds a dead pig: whose turn comes next?",
        ["the next living pig's",
         "the dead pig's: it draws 2 cards and plays nothing",
         "the seat's after the dead one, alive or dead (one dead seat is skipped, not more)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLoyalist, SubjectRebel, SubjectLastSeat,
         TwoAlive],
        YES;
    CardLeaves, "card-leaves", TURN,
        "when does the card the pig plays leave its hand?",
        ["at once, as it is played",
         "once it is resolved, from the place it had when played (a card taken meanwhile from its left shifts which card goes)"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDuel, CardInvasion,
         CardVolley, CardCrossbow, CardArea],
        YES;
    AnswerKillCounts, "answer-kill-counts", TURN,
        "the pig discarded a kill to answer another pig's duel or invasion since its last play phase: does that use up its phase's kill?",
        ["no: its play phase starts with no kill played",
         "yes: it starts as if it had played a kill"],
        [ActorLord, ActorLoyalist, ActorRebel, CardDuel, CardInvasion, ActorCrossbow,
         ActorHoldsKill],
        YES;
    RescanRechecks, "rescan-rechecks", TURN,
        "a card the pig could not play at an earlier scan of this phase is playable now: does this scan play it?",
        ["yes: every scan looks at each card afresh",
         "no: a card passed over once stays passed over for the phase"],
        [ActorLord, ActorLoyalist, ActorRebel, CardPeach, CardKill, CardDuel, ActorCrossbow,
         RewardDraw],
        YES;
    DrawWeapon, "draw-weapon", TURN,
        "the pig draws a crossbow (its turn's 2, or a reward): where does it go?",
        ["into its hand, like any card (equipped only when played)",
         "it is equipped at once (replacing any held), never entering the hand"],
        [ActorLord, ActorLoyalist, ActorRebel, OwnTurn, RewardDraw, ActorCrossbow],
        YES;
    FreshCardsWait, "fresh-cards-wait", TURN,
        "the pig draws cards in its own play phase (a reward): may this phase's scans play them?",
        ["yes: they join the hand and the next scan sees them",
         "no: they wait for the pig's next turn"],
        [ActorLord, ActorLoyalist, ActorRebel, TrickKill, TrickDuel, TrickArea, ActorCrossbow,
         KillPlayed],
        YES;
    PeachHeals, "peach-heals", TURN,
        "how many HP does a peach played in the play phase give back?",
        ["1", "2 (up to the maximum)", "all: back to the maximum"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorHpOne, ActorHpTwo],
        YES;
    PrintEndingCard, "print-ending-card", OUTPUT,
        "the game ended while a card the living pig played was resolved: is that card printed in its hand?",
        ["no: it left the hand when it was played", "yes: at the place it had, as if still held"],
        [ActorLord, ActorLoyalist, ActorRebel, CardKill, CardDuel, CardInvasion, CardVolley,
         CardArea],
        YES;
    DyingSettled, "dying-settled", DAMAGE,
        "the damaged pig is dying (0 HP or less): is its dying settled, by a peach or by its death?",
        ["yes: it eats a peach, or else dies",
         "no: nothing is done, it lives on at 0 HP or less with its hand (the dying check is skipped)",
         "the peach only: with none to eat it does not die, and lives on at 0 HP or less with its hand (the death is skipped)"],
        [ActorLord, ActorLoyalist, ActorRebel, SubjectLord, SubjectLoyalist, SubjectRebel,
         SubjectIsActor, TrickKill, TrickDuel, TrickInvasion, TrickVolley, OwnTurn,
         ActorHoldsPeach, ActorPlayedTrick],
        YES;
    PenaltyHand, "penalty-hand", DAMAGE,
        "the penalised pig holds cards: does it discard its hand?",
        ["yes: its whole hand", "no: it keeps its hand (only its weapon may go)"],
        [ActorLord, SubjectRevealed, OwnTurn, ActorCrossbow, TrickKill, TrickDuel,
         TrickInvasion, TrickVolley],
        YES;
    KillFlagStart, "kill-flag-start", TURN,
        "a play phase begins with no kill carried over from the phase before: does it start with a kill counted all the same?",
        ["no: no kill played yet",
         "yes, if the pig's own last play phase ended with a kill counted (a flag of its own, not reset)",
         "yes, if the game's last kill was the pig's own (a mark of the last pig that killed, never reset)",
         "yes, in the pig's first play phase (a permission set only at the end of its turns)"],
        [ActorLord, ActorLoyalist, ActorRebel, ActorCrossbow, SubjectIsActor, SubjectPrevSeat,
         PreviousDied, TwoAlive],
        YES;
}

impl DecisionKind {
    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<DecisionKind> {
        DecisionKind::ALL.iter().copied().find(|k| k.id() == id)
    }

    /// The bits of [`DecisionKind::features`] (a mask over [`Feature`]s):
    /// `context & kind.feature_mask()` is a decision's context as the
    /// narrow family sees it.
    pub fn feature_mask(self) -> u128 {
        self.features().iter().fold(0, |mask, f| mask | f.bit())
    }

    /// Whether alternative `choose` is one of the narrow family's: every
    /// alternative but those kept for diagnosis (legal only where a
    /// place recorded for diagnosis says they differ, and stated by rules
    /// learnt from a program's runs), so that the family and the suites
    /// drawn from it stay the same.
    pub const fn in_family(self, choose: Choice) -> bool {
        !matches!((self, choose.0), (DecisionKind::Answers, 2))
    }

    /// Whether this kind decides how a line of the output is printed
    /// (the `Output` section): only such a decision makes a dead pig's
    /// line anything but `DEAD`.
    pub fn prints(self) -> bool {
        self.section() == OUTPUT
    }

    /// This kind's bit in a set of kinds.
    pub(crate) const fn bit(self) -> u128 {
        1 << self as u32
    }
}

impl std::fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::fmt::Display for Feature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

// A set of kinds is a 128-bit mask.
const _: () = assert!(DecisionKind::ALL.len() <= 128);
