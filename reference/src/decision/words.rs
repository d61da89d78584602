//! Decisions and deviations in words: a deviation rule reads like a
//! contestant's misreading ("the lord does not suspect the player of a
//! volley when the player is a loyalist"), and a decision says what the
//! rules decide there and why.
//!
//! Each kind names its actor and subject ("the lord", "the player"), the
//! card it speaks of, each alternative as something a pig does, and the
//! features the rules' choice depends on.

use pigkill_engine::Card;

use super::{Choice, ContextRule, Decision, DecisionKind, DeviationRule, Feature, FeatureSet};

/// How one kind speaks: its actor and subject, the card when the context
/// does not name one, and each alternative (`{a}`, `{s}`, `{card}` are
/// filled in).
struct Voice {
    /// The actor, in general ("a dying pig").
    actor: &'static str,
    /// The subject, in general ("the damage source").
    subject: &'static str,
    /// The card, when no literal names it ("a card").
    card: &'static str,
    /// Each alternative as what happens.
    does: &'static [&'static str],
    /// The features the rules' choice depends on.
    because: &'static [Feature],
}

/// How `kind` speaks.
fn voice(kind: DecisionKind) -> Voice {
    use DecisionKind as K;
    use Feature as F;
    let v = |actor, subject, card, does, because| Voice {
        actor,
        subject,
        card,
        does,
        because,
    };
    match kind {
        K::MaxHp => v(
            "the pig",
            "",
            "",
            &[
                "{a} starts with 4 HP, at most 4",
                "{a} starts with 5 HP, at most 5",
                "{a} starts with 3 HP, at most 3",
                "{a} starts with 4 HP, at most 5",
            ],
            &[],
        ),
        K::DeckTwoLeft => v(
            "the drawing pig",
            "",
            "a card",
            &[
                "with two cards left in the deck, {a} draws the top one",
                "with two cards left in the deck, {a} draws the last one and the top one is skipped",
                "with two cards left in the deck, {a} draws the top one and leaves it in place",
            ],
            &[],
        ),
        K::KillFlagReset => v(
            "the pig",
            "the pig whose turn came before",
            "a kill",
            &[
                "{a} starts its play phase with no kill played",
                "{a} starts its play phase with the earlier phase's kill still counted",
            ],
            &[],
        ),
        K::PeachHpRead => v(
            "the pig",
            "",
            "a peach",
            &[
                "whether {a} may play a peach reads its HP now",
                "whether {a} may play a peach reads its HP as its play phase began",
            ],
            &[F::ActorHpFull],
        ),
        K::FirstCardMissed => v(
            "the pig",
            "",
            "a card",
            &[
                "{a}'s search for {card} starts at its first card",
                "{a}'s search for {card} starts at its second card, missing the first",
                "{a}'s search for {card} stops before its last card, missing it",
            ],
            &[],
        ),
        K::RoundGoesOn => v(
            "the pig asked",
            "the trick's target",
            "a trick",
            &[
                "a nullify round goes past {a}, which plays no nullify on {card} at {s}",
                "a nullify round ends at {a}, which plays no nullify on {card} at {s}",
            ],
            &[F::Protecting],
        ),
        K::ChainOutcome => v(
            "the trick's player",
            "the trick's target",
            "a trick",
            &[
                "after a chain of nullifies, an odd number cancels {card} of {a} on {s}",
                "after a chain of nullifies, {card} of {a} on {s} is cancelled whatever their number",
                "after a chain of nullifies, {card} of {a} on {s} takes effect whatever their number",
            ],
            &[F::Protecting],
        ),
        K::CountRestarts => v(
            "the trick's player",
            "the pig it hits",
            "a trick",
            &[
                "the nullify count starts at 0 for {card} of {a} on {s}",
                "the nullify count for {card} of {a} on {s} goes on from the last round's",
            ],
            &[],
        ),
        K::DyingAtZero => v(
            "the damaged pig",
            "the damage source",
            "",
            &[
                "{a} at 0 HP is dying",
                "{a} at 0 HP is not dying yet: only below 0",
            ],
            &[],
        ),
        K::RescueCounts => v(
            "the pig saved by a peach",
            "the damage source",
            "",
            &[
                "{s} gets no reward or penalty for {a}, saved by a peach",
                "{s} gets the reward or penalty of a death for {a}, though a peach saved it",
                "{a}, saved by a peach, counts as dead among the rebels left",
            ],
            &[],
        ),
        K::LastCardKept => v(
            "the drawing pig",
            "",
            "the last card",
            &[
                "a draw leaves the deck's last card in place",
                "a draw takes the deck's last card away, and an empty deck gives nothing",
                "a draw takes the deck's last card, and the deck starts again from its first card",
                "once a draw has brought the deck down to its last card, a draw gives {a} a copy of its own rightmost card (\"the last card\")",
                "the deck's last card is given once a lot: a turn's draw or a reward that meets it gets it once, and nothing more",
            ],
            &[F::DeckLast],
        ),
        K::FirstTurn => v(
            "the lord",
            "the pig after the lord",
            "",
            &[
                "the lord, pig 1, takes the first turn",
                "{s}, the pig after the lord, takes the first turn: the walk of turns starts one seat later",
            ],
            &[],
        ),
        K::NextTurn => v(
            "the pig whose turn ends",
            "the pig next when the turn began",
            "",
            &[
                "after the turn of {a}, the next living pig takes its turn",
                "after the turn of {a}, {s} takes its turn though it died in it: it draws 2 cards and plays nothing",
            ],
            &[],
        ),
        K::TurnAfterDeath => v(
            "the pig whose turn ends",
            "the next living pig",
            "",
            &[
                "after a death in the turn of {a}, the next living pig takes its turn",
                "after a death in the turn of {a}, the lord takes the next turn",
                "after a death in the turn of {a}, the turn of {s}, the next living pig, is skipped",
            ],
            &[],
        ),
        K::DeathCredit => v(
            "the dying pig",
            "the killing damage's source",
            "",
            &[
                "{a} counts as killed by {s}, who dealt the killing damage",
                "{a} counts as killed by the pig that hurt it before {s} did",
                "{a} counts as killed by the pig that last played a kill or duel",
                "{a} counts as killed by the last pig that hurt it outside a duel",
            ],
            &[],
        ),
        K::LordDeathWinner => v(
            "the lord",
            "the killing damage's source",
            "",
            &[
                "the rebels win when {s} kills {a}",
                "the lord's side wins when {s}, of its own side, kills {a}",
            ],
            &[],
        ),
        K::RewardTakes => v(
            "the rewarded pig",
            "the dead rebel",
            "",
            &[
                "{a} takes its reward's cards from the deck",
                "{a} draws its reward from a copy of the deck: the cards stay on it and are drawn again",
            ],
            &[],
        ),
        K::DrawWeapon => v(
            "the drawing pig",
            "",
            "a crossbow",
            &[
                "a crossbow that {a} draws goes into its hand",
                "a crossbow that {a} draws is equipped at once",
            ],
            &[],
        ),
        K::StartWeapon => v(
            "the pig",
            "",
            "a crossbow",
            &[
                "a crossbow among the starting cards of {a} stays in its hand",
                "a crossbow among the starting cards of {a} is equipped at once",
            ],
            &[],
        ),
        K::ScanPasses => v(
            "the pig",
            "",
            "a card",
            &[
                "the scan of {a} passes {card} it may not play and looks at the next card",
                "the scan of {a} stops at {card} it may not play: its play phase ends",
            ],
            &[],
        ),
        K::PhaseGoesOn => v(
            "the pig",
            "",
            "a card",
            &[
                "after playing {card}, {a} scans its hand again",
                "after playing {card}, {a} ends its play phase",
            ],
            &[],
        ),
        K::KillUsesLimit => v(
            "the player",
            "the kill's target",
            "a kill",
            &[
                "{card} of {a} at {s} uses up its one kill of the phase",
                "{card} of {a} at {s} does not use up its one kill of the phase",
            ],
            &[],
        ),
        K::DuelSearch => v(
            "the player",
            "",
            "a duel",
            &[
                "{a} duels the first pig it attacks going forward",
                "{a} duels the first revealed rebel going forward, a suspected pig only when there is none",
                "{a} duels the first pig it attacks going backward",
                "{a} duels the first pig it attacks going forward from its second living pig, passing over the next",
                "the search of {a} for a duel target stops at the first revealed or suspected pig, a duel target only if it attacks it",
                "the search of {a} for a duel target stops one pig early: the last living pig before {a} is never dueled",
            ],
            &[],
        ),
        K::DuelPastDead => v(
            "the player",
            "the dead pig",
            "a duel",
            &[
                "the search of {a} for a duel target looks past a dead pig",
                "the search of {a} for a duel target stops at a dead pig: there is no duel target",
                "the search of {a} for a duel target takes a dead pig it would attack, and the duel is wasted",
            ],
            &[],
        ),
        K::AnswerWith => v(
            "the answering pig",
            "the other pig",
            "a card",
            &[
                "{a}, holding no card that answers, takes the damage or loses",
                "{a}, holding no card that answers, answers with a nullify",
                "{a}, holding no card that answers, answers with the other basic card",
            ],
            &[],
        ),
        K::RewardTo => v(
            "the killer",
            "the dead rebel",
            "",
            &[
                "the reward for {s} goes to its killer {a}",
                "the reward for {s} goes to the pig whose turn it is",
                "the reward for {s} goes to the player of the card being resolved",
            ],
            &[],
        ),
        K::RebelsLeft => v(
            "the dead loyalist",
            "the damage source",
            "",
            &[
                "the death of {a} leaves the count of rebels as it is",
                "the death of {a} counts against the rebels left, as a rebel's would",
            ],
            &[],
        ),
        K::DrawPlace => v(
            "the drawing pig",
            "",
            "a card",
            &[
                "{a} puts each card it draws at the right end of its hand",
                "{a} puts each card it draws at the left end of its hand",
                "{a} puts the cards it draws at the right end of its hand, the last drawn leftmost",
            ],
            &[],
        ),
        K::Playable => v(
            "the pig",
            "its duel target",
            "a card",
            &[
                "{a} may not play {card} now in its play phase",
                "{a} may play {card} now in its play phase",
            ],
            // By card: see `reasons`.
            &[],
        ),
        K::KillLimit => v(
            "the pig",
            "its next living pig",
            "a kill",
            &[
                "{a}, having played a kill this phase, may not play another",
                "{a}, having played a kill this phase, may play another",
                "{a}, having played a kill this phase, may play another only when {s} has a crossbow ({a}'s own weapon not looked at)",
            ],
            &[F::ActorCrossbow],
        ),
        K::EquipReplaces => v(
            "the pig",
            "",
            "a crossbow",
            &[
                "{a}, equipping a crossbow while it has one, keeps a crossbow",
                "{a}, equipping a crossbow while it has one, discards the old one and is left with no weapon",
            ],
            &[],
        ),
        K::ScanStart => v(
            "the pig",
            "",
            "a card",
            &[
                "after {a} plays {card}, its next scan starts at the leftmost card",
                "after {a} plays {card}, its next scan goes on from the played card's place",
            ],
            &[],
        ),
        K::DuelKillCounts => v(
            "the duel's player",
            "the duel's target",
            "a duel",
            &[
                "kills {a} discarded in its own duel do not count as its one kill of the phase",
                "kills {a} discarded in its own duel use up its one kill of the phase",
            ],
            &[],
        ),
        K::Hostile => v(
            "the player",
            "the other pig",
            "a kill or a duel",
            &[
                "{a} does not attack {s} with {card}",
                "{a} attacks {s} with {card}",
                "{a} attacks {s} with {card} when {s} would attack {a} (hostility asked the other way round)",
            ],
            &[
                F::ActorLord,
                F::ActorLoyalist,
                F::ActorRebel,
                F::SubjectLord,
                F::SubjectLoyalist,
                F::SubjectRebel,
                F::SubjectRevealed,
                F::SubjectSuspected,
            ],
        ),
        K::KillPastDead => v(
            "the player",
            "the dead pig",
            "a kill",
            &[
                "{card} of {a} looks past a dead neighbour to the next living pig",
                "{card} of {a} stops at a dead neighbour: there is no kill target",
            ],
            &[],
        ),
        K::KillPastFriend => v(
            "the player",
            "its next living pig",
            "a kill",
            &[
                "{card} of {a} goes only to the next living pig",
                "{card} of {a} goes to the first enemy going forward, at any distance",
                "{card} of {a} goes to the previous living pig if an enemy: distance counts both ways",
                "{card} of {a} goes to the lord, at any distance",
                "{card} of {a} reaches one pig further: the second living pig, if an enemy",
            ],
            &[],
        ),
        K::RebelDuelTarget => v(
            "a rebel",
            "the lord",
            "a duel",
            &[
                "{a} duels the lord",
                "{a} duels the first lord or revealed loyalist going forward",
                "{a} plays no duel",
            ],
            &[],
        ),
        K::RevealOnPlay => v(
            "the player",
            "the target",
            "a card",
            &[
                "playing {card} reveals {a} at once",
                "playing {card} reveals {a} only if it takes effect",
                "playing {card} never reveals {a}",
            ],
            &[F::CardKill, F::CardDuel, F::CardInvasion, F::CardVolley],
        ),
        K::ClearSuspicion => v(
            "the revealing pig",
            "",
            "a card",
            &[
                "a reveal clears the lord's suspicion of {a}",
                "a reveal does not clear the lord's suspicion of {a}",
            ],
            &[],
        ),
        K::TakeCard => v(
            "the pig",
            "",
            "a card of the kind",
            &[
                "{a} gives up its leftmost {name}",
                "{a} gives up its rightmost {name}",
            ],
            &[],
        ),
        K::DuelYield => v(
            "the duel's target",
            "the duel's player",
            "a duel",
            &[
                "{a} fights back with its kills",
                "{a} gives in and takes 1 damage from {s} without fighting",
                "{a} discards one kill, then gives in and takes 1 damage from {s}",
            ],
            &[F::ActorLoyalist, F::SubjectLord],
        ),
        K::DuelFirst => v(
            "the duel's player",
            "the duel's target",
            "a duel",
            &[
                "in a duel {s} discards a kill first",
                "in a duel {a} discards a kill first",
            ],
            &[],
        ),
        K::DuelContinues => v(
            "the duel's player",
            "the duel's target",
            "a duel",
            &[
                "a duel goes on until one side has no kill",
                "a duel ends after one kill each, with no damage",
            ],
            &[],
        ),
        K::DuelDamageSource => v(
            "the duel's player",
            "the duel's target",
            "a duel",
            &[
                "when {a} loses its own duel, {s} is the source of its damage",
                "when {a} loses its own duel, the damage counts as dealt by {a} itself",
            ],
            &[],
        ),
        K::AreaStart => v(
            "the player",
            "",
            "an invasion or volley",
            &[
                "{card} of {a} starts from the pig after it",
                "{card} of {a} starts from pig 1",
                "{card} of {a} goes backward, from the pig before it",
                "{card} of {a} starts one seat late, from the second pig after it: the pig right after it is asked last",
            ],
            &[],
        ),
        K::AreaAsks => v(
            "the player",
            "the pig",
            "an invasion or volley",
            &[
                "{card} of {a} asks {s} to answer",
                "{card} of {a} passes over {s}",
            ],
            &[F::SubjectIsActor],
        ),
        K::Answers => v(
            "the answering pig",
            "the other pig",
            "a card",
            &[
                "{a} gives up its leftmost {name} to answer",
                "{a} keeps its {name}s and does not answer",
                "{a} looks for a {name} only past the place of the one it gave last in this trick, and gives up the first there (none there: it does not answer)",
            ],
            &[],
        ),
        K::AreaContinues => v(
            "the player",
            "the pig that died",
            "an invasion or volley",
            &[
                "{card} of {a} goes on past a pig that dies of it",
                "{card} of {a} stops at the first pig that dies of it",
                "{card} of {a} starts again from the pig after {a} when a pig dies of it",
            ],
            &[],
        ),
        K::Suspect => v(
            "the lord",
            "the player",
            "an invasion or volley",
            &[
                "{a} does not suspect {s} of {card}",
                "{a} suspects {s} of {card}",
            ],
            &[F::Damaged, F::SubjectRevealed],
        ),
        K::SuspectOther => v(
            "the pig hit",
            "the player",
            "an invasion or volley",
            &[
                "the lord does not suspect {s} of {card} that reached {a}",
                "the lord suspects {s} of {card} that reached {a}",
            ],
            &[F::ActorLord],
        ),
        K::NullifyHeld => v(
            "the player",
            "the pig it hits",
            "a trick",
            &[
                "{card} of {a} can be nullified on {s}",
                "{card} of {a} cannot be nullified on {s}",
            ],
            &[],
        ),
        K::NullifyRoundStart => v(
            "the pig answered",
            "",
            "a trick",
            &[
                "a nullify round starts at the pig whose card it answers",
                "a nullify round starts at the pig after the one whose card it answers",
                "a nullify round starts again from the trick's player",
                "a nullify round starts at the trick's target",
                "a nullify round on a pig starts at the last nullifier of an earlier chain on the same card",
                "a nullify round first asks the trick's target alone (it may protect itself), then the table from the trick's player",
                "after a nullify the offers go on from the next pig of the same round, to its end: the chain is one pass round the table",
                "a nullify round walks only as many seats as there are living pigs, dead seats counted: the last living pigs of the walk are not asked",
            ],
            &[F::CounterRound],
        ),
        K::NullifyWants => v(
            "the pig holding a nullify",
            "the trick's target",
            "a trick",
            &[
                "{a} does not play its nullify on {card} at {s}",
                "{a} plays its nullify on {card} at {s}",
            ],
            &[
                F::Protecting,
                F::ActorLord,
                F::ActorLoyalist,
                F::ActorRebel,
                F::SubjectLord,
                F::SubjectLoyalist,
                F::SubjectRebel,
                F::SubjectRevealed,
            ],
        ),
        K::NullifyReveals => v(
            "the nullifier",
            "the trick's target",
            "a nullify",
            &[
                "playing a nullify reveals {a}",
                "playing a nullify does not reveal {a}",
                "playing a nullify reveals {a} only once the card it answers is resolved",
            ],
            &[],
        ),
        K::CounterRound => v(
            "the nullifier",
            "the trick's target",
            "a trick",
            &[
                "a nullify on {card} can be cancelled by another",
                "nobody cancels a nullify on {card}: the chain stops at the first",
            ],
            &[],
        ),
        K::EatPeach => v(
            "the dying pig",
            "the damage source",
            "a peach",
            &[
                "{a} eats its leftmost peach and is back at 1 HP",
                "{a} does not eat its peach and dies",
                "{a} eats its leftmost peach and its hand's last card takes the peach's place",
                "{a} is back at 1 HP by its peach, but the peach stays in its hand",
            ],
            &[F::ActorDying, F::ActorHoldsPeach],
        ),
        K::DyingSettled => v(
            "the dying pig",
            "the damage source",
            "",
            &[
                "{a}, at 0 HP or less, eats a peach or dies",
                "{a}, at 0 HP or less, is left as it is: it eats no peach and lives on with its hand",
                "{a}, at 0 HP or less with no peach to eat, does not die: it lives on with its hand",
            ],
            &[],
        ),
        K::PeachCount => v(
            "the dying pig",
            "the damage source",
            "a peach",
            &[
                "{a} eats one peach, back to 1 HP",
                "{a} eats every peach it holds",
            ],
            &[],
        ),
        K::GameOverStops => v(
            "the player",
            "the pig whose death decided the game",
            "an invasion or volley",
            &[
                "{card} of {a} stops when the game is decided",
                "{card} of {a} goes on after the game is decided: the pigs left still answer it",
                "{card} of {a} goes on after the game is decided: the pigs left still discard their card",
            ],
            &[],
        ),
        K::RewardBeforeGameOver => v(
            "the killer",
            "the last rebel",
            "",
            &[
                "the game ends when {s} dies, before any reward",
                "{a} draws its reward for {s} before the game ends",
            ],
            &[],
        ),
        K::Reward => v(
            "the killer",
            "its victim",
            "",
            &[
                "{a} draws the reward for {s} at once",
                "{a} draws no reward for {s}",
                "{a} draws the reward for {s} once the card is resolved",
                "{a} draws the reward for {s} at the end of the turn",
                "{a} draws no reward for {s}, as a reward was drawn already in this turn",
                "the 3 cards of {a}'s reward for {s} leave the deck but are lost (drawn into a copy of its hand)",
            ],
            &[],
        ),
        K::RewardCount => v(
            "the killer",
            "the dead rebel",
            "",
            &[
                "the reward for killing a rebel is 3 cards",
                "the reward for killing a rebel is 2 cards",
                "the reward for killing a rebel is 4 cards",
                "the reward for killing a rebel is drawn twice (6 cards)",
            ],
            &[],
        ),
        K::Penalty => v(
            "the killer",
            "its victim",
            "",
            &[
                "{a} discards its hand and weapon at once for killing {s}",
                "{a} keeps its hand and weapon after killing {s}",
                "{a} discards its hand and weapon at the end of its turn for killing {s}",
                "{a} discards its hand and weapon once the card is resolved for killing {s}",
                "{a} discards its hand and weapon once the card is resolved for killing {s}, even if the game ended",
            ],
            &[],
        ),
        K::PenaltyWeapon => v(
            "the lord",
            "the dead loyalist",
            "",
            &[
                "{a}, penalised, discards its crossbow too",
                "{a}, penalised, keeps its crossbow",
            ],
            &[],
        ),
        K::PenaltyHand => v(
            "the penalised pig",
            "its victim",
            "",
            &[
                "{a}, penalised for killing {s}, discards its hand",
                "{a}, penalised for killing {s}, keeps its hand",
            ],
            &[],
        ),
        K::KillFlagStart => v(
            "the pig",
            "the pig whose turn came before",
            "a kill",
            &[
                "{a} starts its play phase with no kill played",
                "{a} starts its play phase with its own last phase's kill still counted",
                "{a} starts its play phase with a kill counted, as the game's last kill was its own",
                "{a} starts its first play phase with a kill counted",
            ],
            &[],
        ),
        K::PrintWeapon => v(
            "a living pig",
            "",
            "",
            &[
                "the crossbow of {a} is not printed",
                "the crossbow of {a} is printed as Z after its hand",
            ],
            &[],
        ),
        K::PlaysAfterGameOver => v(
            "the pig",
            "",
            "a card",
            &[
                "after {card} of {a} decides the game, nothing more happens",
                "after {card} of {a} decides the game, its play phase goes on",
            ],
            &[],
        ),
        K::RoundAfterGameOver => v(
            "the pig",
            "",
            "",
            &[
                "after the game is decided in {a}'s turn, nothing more happens",
                "after the game is decided in {a}'s turn, the living pigs after it in the round still draw their 2 cards",
            ],
            &[],
        ),
        K::LastRebel => v(
            "the dead rebel",
            "the rebel left",
            "",
            &[
                "after {a} dies, the game goes on while {s} lives",
                "after {a} dies, the lord wins though {s} lives: the rebels are counted one off",
            ],
            &[],
        ),
        K::PrintHand => v(
            "a living pig",
            "",
            "",
            &[
                "{a} prints its hand",
                "{a}, holding cards, prints an empty line",
                "{a}, holding cards, prints no line at all",
                "{a} prints its hand without the crossbows in it",
            ],
            &[],
        ),
        K::PrintEmptyLine => v(
            "a living pig",
            "",
            "",
            &[
                "{a} with an empty hand prints an empty line",
                "{a} with an empty hand prints no line at all",
                "{a} with an empty hand prints the card that last left it",
                "{a} with an empty hand prints DEAD",
            ],
            &[F::ActorHandEmpty],
        ),
        K::PrintDead => v(
            "a dead pig",
            "",
            "",
            &[
                "{a} prints DEAD",
                "{a} prints the hand it held when it died",
                "{a} prints an empty line",
                "{a} prints no line at all",
                "{a}, dead, prints an empty line if it held no card when it died",
            ],
            &[F::ActorDead],
        ),
        K::SuspicionReplaces => v(
            "the newly suspected pig",
            "the pig suspected before",
            "an invasion or volley",
            &[
                "the lord suspects {a} and still suspects {s}",
                "the lord's suspicion of {a} replaces its suspicion of {s}: it suspects one pig at a time",
            ],
            &[],
        ),
        K::RevealClearsOthers => v(
            "the revealing pig",
            "the other suspected pig",
            "a card",
            &[
                "a reveal by {a} leaves the lord's suspicion of {s} as it was",
                "a reveal by {a} clears the lord's suspicion of {s} too",
            ],
            &[],
        ),
        K::DuelEnds => v(
            "the duel's loser",
            "the duel's winner",
            "a duel",
            &[
                "a duel ends when {a} takes its 1 damage",
                "a duel goes on after {a} took its damage: with no kill, it takes 1 damage from {s} again and again",
            ],
            &[],
        ),
        K::KillBesideDuel => v(
            "the player",
            "its kill target",
            "a kill",
            &[
                "{a} kills {s} though it holds a duel",
                "{a}, holding a duel, does not kill {s}",
                "{a}, holding a duel for another pig, does not kill {s}",
            ],
            &[],
        ),
        K::WillingReveals => v(
            "the pig without a nullify",
            "the trick's target",
            "a trick",
            &[
                "{a} stays unrevealed when it would nullify on {s} but holds no nullify",
                "{a} reveals when it would nullify on {s} but holds no nullify",
            ],
            &[],
        ),
        K::DuelDistance => v(
            "the pig",
            "its duel target",
            "a duel",
            &[
                "{a} duels {s} at any distance",
                "{a} does not duel {s}, which is not its next living pig: a duel needs distance 1, like a kill",
            ],
            &[],
        ),
        K::TurnPastDead => v(
            "the pig whose turn ends",
            "the dead pig after it",
            "",
            &[
                "after the turn of {a}, the next living pig takes its turn ({s} is dead)",
                "after the turn of {a}, {s} takes its turn though it is dead: it draws 2 cards and plays nothing",
                "after the turn of {a}, the seat after {s} takes its turn, alive or dead (only one dead seat is skipped)",
            ],
            &[],
        ),
        K::CardLeaves => v(
            "the player",
            "",
            "a card",
            &[
                "{card} that {a} plays leaves its hand at once",
                "{card} that {a} plays leaves its hand only once resolved, from the place it had (shifted by cards taken from its left)",
            ],
            &[],
        ),
        K::AnswerKillCounts => v(
            "the pig",
            "",
            "a card",
            &[
                "a kill {a} discarded to answer another pig's {name} does not count as its phase's kill",
                "a kill {a} discarded to answer another pig's {name} uses up the kill of its next play phase",
            ],
            &[],
        ),
        K::RescanRechecks => v(
            "the pig",
            "",
            "a card",
            &[
                "each scan of {a}'s hand looks at {card} afresh",
                "{card} that a scan of {a}'s hand passed over stays passed over for the phase",
            ],
            &[],
        ),
        K::FreshCardsWait => v(
            "the pig",
            "",
            "",
            &[
                "cards {a} draws in its own play phase may be played in that phase",
                "cards {a} draws in its own play phase wait for its next turn",
            ],
            &[],
        ),
        K::PeachHeals => v(
            "the pig",
            "",
            "a peach",
            &[
                "a peach {a} plays gives back 1 HP",
                "a peach {a} plays gives back 2 HP",
                "a peach {a} plays brings it back to full HP",
            ],
            &[],
        ),
        K::PrintEndingCard => v(
            "a living pig",
            "",
            "a card",
            &[
                "{card} of {a} that ended the game is not printed in its hand",
                "{card} of {a} that ended the game is still printed in its hand",
            ],
            &[],
        ),
        K::AreaPassesDead => v(
            "the player",
            "a dead pig",
            "an invasion or volley",
            &[
                "the {name} of {a} passes over {s}",
                "the {name} of {a} reaches {s}, which takes the damage and dies again",
            ],
            &[],
        ),
    }
}

/// The card named by a positive card literal of `rule`, in words.
fn named_card(rule: &ContextRule) -> Option<(Feature, &'static str)> {
    use Feature as F;
    rule.literals().find_map(|(feature, value)| {
        let words = match feature {
            F::CardPeach => "a peach",
            F::CardKill => "a kill",
            F::CardDodge => "a dodge",
            F::CardDuel => "a duel",
            F::CardInvasion => "an invasion",
            F::CardVolley => "a volley",
            F::CardNullify => "a nullify",
            F::CardCrossbow => "a crossbow",
            F::CardArea => "an invasion or volley",
            _ => return None,
        };
        value.then_some((feature, words))
    })
}

/// `template` with its actor, subject and card filled in (`{name}` is
/// the card's bare name: "kill", or "card").
fn fill(template: &str, actor: &str, subject: &str, card: &str) -> String {
    let name = card
        .strip_prefix("a ")
        .or_else(|| card.strip_prefix("an "))
        .filter(|name| !name.contains(' '))
        .unwrap_or("card");
    template
        .replace("{a}", actor)
        .replace("{s}", subject)
        .replace("{card}", card)
        .replace("{name}", name)
}

/// The literals of `rule` but `skip`, in words, joined by "and".
fn literal_words(rule: &ContextRule, skip: Option<Feature>, actor: &str, subject: &str) -> String {
    let parts: Vec<String> = rule
        .literals()
        .filter(|&(feature, _)| Some(feature) != skip)
        .map(|(feature, value)| fill(feature.template(value), actor, subject, ""))
        .collect();
    join_and(&parts)
}

/// `parts` joined as a list: "a", "a and b", "a, b and c".
fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A card's name with its article ("a kill", "an invasion").
fn card_words(card: Card) -> String {
    let name = card.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

impl ContextRule {
    /// The context in words, about "the pig" and "the other pig"
    /// ("the pig is the lord and the lord suspects the other pig");
    /// "always" for the empty rule.
    pub fn words(&self) -> String {
        if self.is_empty() {
            return "always".to_string();
        }
        literal_words(self, None, "the pig", "the other pig")
    }
}

impl DeviationRule {
    /// The rule as a contestant's misreading: what is done instead, and
    /// when ("the lord does not suspect the player of a volley when the
    /// player is a loyalist").
    pub fn words(&self) -> String {
        let voice = voice(self.kind);
        let does = voice
            .does
            .get(usize::from(self.choose.0))
            .copied()
            .unwrap_or("{a} takes another way");
        // A card literal is said as the card itself where the sentence has one.
        let named =
            named_card(&self.when).filter(|_| does.contains("{card}") || does.contains("{name}"));
        let card = named.map_or(voice.card, |(_, words)| words);
        let mut text = fill(does, voice.actor, voice.subject, card);
        let when = literal_words(
            &self.when,
            named.map(|(f, _)| f),
            voice.actor,
            voice.subject,
        );
        if !when.is_empty() {
            text.push_str(" when ");
            text.push_str(&when);
        }
        text
    }
}

impl DecisionKind {
    /// Alternative `choice` in words, as a pig's action ("the lord
    /// suspects the player of an invasion or volley").
    pub fn does(self, choice: Choice) -> String {
        let voice = voice(self);
        voice
            .does
            .get(usize::from(choice.0))
            .map(|does| fill(does, voice.actor, voice.subject, voice.card))
            .unwrap_or_default()
    }
}

/// A pig as the reports name it: "pig 3 (FP)".
fn pig_name(seat: usize, context: FeatureSet, actor: bool) -> String {
    let (lord, loyalist) = if actor {
        (Feature::ActorLord, Feature::ActorLoyalist)
    } else {
        (Feature::SubjectLord, Feature::SubjectLoyalist)
    };
    let role = if context.has(lord) {
        "MP"
    } else if context.has(loyalist) {
        "ZP"
    } else {
        "FP"
    };
    format!("pig {} ({role})", seat + 1)
}

impl Decision {
    /// What the rules decide here and why, in words: "at turn 5, by the
    /// rules pig 3 (FP) eats its leftmost peach and is back at 1 HP: pig 3
    /// (FP) is dying (0 HP) and pig 3 (FP) holds a peach (rules.md,
    /// "Damage, dying, death")". The question is [`DecisionKind::question`].
    pub fn why(&self) -> String {
        let voice = voice(self.kind);
        let actor = pig_name(self.actor, self.context, true);
        let subject = self
            .subject
            .map(|s| pig_name(s, self.context, false))
            .unwrap_or_default();
        let rule = self.does(self.rule);
        let because = match (self.kind, self.card) {
            (DecisionKind::Playable, Some(Card::Peach)) => &[Feature::ActorHpFull][..],
            (DecisionKind::Playable, Some(Card::Kill)) => {
                &[Feature::KillPlayed, Feature::ActorCrossbow][..]
            }
            _ => voice.because,
        };
        let reasons: Vec<String> = because
            .iter()
            .filter(|&&feature| self.kind.features().contains(&feature) || is_fixed(feature))
            .filter(|&&feature| is_reason(feature, self.context))
            .map(|&feature| {
                fill(
                    feature.template(self.context.has(feature)),
                    &actor,
                    &subject,
                    "",
                )
            })
            .collect();
        let when = if self.turn == 0 {
            "before the first turn".to_string()
        } else {
            format!("at turn {}", self.turn)
        };
        let mut text = format!("{when}, by the rules {rule}");
        if !reasons.is_empty() {
            text.push_str(": ");
            text.push_str(&join_and(&reasons));
        }
        text.push_str(&format!(" (rules.md, \"{}\")", self.kind.section()));
        text
    }

    /// Alternative `choice` at this decision, in words, with the pigs
    /// and the card named ("pig 3 (FP) does not eat its peach and dies").
    pub fn does(&self, choice: Choice) -> String {
        let voice = voice(self.kind);
        let actor = pig_name(self.actor, self.context, true);
        let subject = self
            .subject
            .map(|s| pig_name(s, self.context, false))
            .unwrap_or_default();
        let card = self.card.map_or(voice.card.to_string(), card_words);
        voice
            .does
            .get(usize::from(choice.0))
            .map(|does| fill(does, &actor, &subject, &card))
            .unwrap_or_default()
    }
}

/// Whether `feature` is worth stating as a reason at `context`: not the
/// card (the sentence names it), and of a role only the one that holds.
fn is_reason(feature: Feature, context: FeatureSet) -> bool {
    let card = Feature::CardPeach.exclusive_group() | Feature::CardPeach.bit();
    if card & feature.bit() != 0 || feature == Feature::CardArea {
        return false;
    }
    feature.exclusive_group() == 0 || context.has(feature)
}

/// Features worth giving as a reason even where they do not vary by kind
/// (they state the situation: dying, holding a peach, the deck's end).
fn is_fixed(feature: Feature) -> bool {
    matches!(
        feature,
        Feature::ActorDying
            | Feature::ActorDead
            | Feature::ActorHoldsPeach
            | Feature::DeckLast
            | Feature::ActorHandEmpty
    )
}
