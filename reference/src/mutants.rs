//! Test-only mutants: deliberately wrong variants of this engine, one
//! classic mistake each, to measure whether the harness catches them
//! (mutation testing). Each mistake is a one-line switch at the place in
//! the engine where the right rule is applied; without the `mutants`
//! feature every switch is compiled away.

use std::fmt;

/// One deliberate mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    /// A ZP fights MP in a duel with its kills (instead of taking the damage).
    LoyalistFightsLord,
    /// The nullify round starts after the trick's player, who is asked last.
    NullifyStartsAfterPlayer,
    /// A dying pig does not eat its peach.
    DyingSkipsPeach,
    /// In a duel the player discards first, not the target.
    DuelPlayerFirst,
    /// The killer draws the reward even when the last FP dies.
    RewardAfterLastRebel,
    /// An invasion or volley is resolved from pig 1, not from the pig after its player.
    InvasionFromFirstPig,
    /// A crossbow is not played while one is already equipped.
    SecondCrossbowStays,
    /// Responses and rescues take the rightmost card of the kind, not the leftmost.
    RightmostCard,
    /// A reveal does not clear MP's suspicion.
    SuspicionSurvivesReveal,
    /// A nullify chain stops after its first nullify.
    SingleNullify,
    /// A dying pig eats every peach it holds.
    EatEveryPeach,
    /// A peach is played even at full HP.
    PeachAtFullHp,
    /// After a play the scan goes on from the played card's place, not from the left.
    ScanResumesAfterPlay,
    /// MP's penalty for killing a ZP leaves its crossbow.
    PenaltyKeepsWeapon,
    /// MP suspects an unrevealed pig whose invasion or volley it answered without damage.
    SuspicionWithoutDamage,
    /// The kill target is the next seat even when that pig is dead (no target then).
    KillIgnoresDeaths,
    /// An FP duels the first MP or revealed ZP going forward, not always MP.
    RebelDuelsNearestEnemy,
    /// Nullifies protect by true role, so unrevealed allies are protected too.
    ProtectsByTrueRole,
}

impl Mutation {
    /// Every mutation.
    pub const ALL: [Mutation; 18] = [
        Mutation::LoyalistFightsLord,
        Mutation::NullifyStartsAfterPlayer,
        Mutation::DyingSkipsPeach,
        Mutation::DuelPlayerFirst,
        Mutation::RewardAfterLastRebel,
        Mutation::InvasionFromFirstPig,
        Mutation::SecondCrossbowStays,
        Mutation::RightmostCard,
        Mutation::SuspicionSurvivesReveal,
        Mutation::SingleNullify,
        Mutation::EatEveryPeach,
        Mutation::PeachAtFullHp,
        Mutation::ScanResumesAfterPlay,
        Mutation::PenaltyKeepsWeapon,
        Mutation::SuspicionWithoutDamage,
        Mutation::KillIgnoresDeaths,
        Mutation::RebelDuelsNearestEnemy,
        Mutation::ProtectsByTrueRole,
    ];

    /// A stable kebab-case name (`loyalist-fights-lord`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Mutation::LoyalistFightsLord => "loyalist-fights-lord",
            Mutation::NullifyStartsAfterPlayer => "nullify-starts-after-player",
            Mutation::DyingSkipsPeach => "dying-skips-peach",
            Mutation::DuelPlayerFirst => "duel-player-first",
            Mutation::RewardAfterLastRebel => "reward-after-last-rebel",
            Mutation::InvasionFromFirstPig => "invasion-from-first-pig",
            Mutation::SecondCrossbowStays => "second-crossbow-stays",
            Mutation::RightmostCard => "rightmost-card",
            Mutation::SuspicionSurvivesReveal => "suspicion-survives-reveal",
            Mutation::SingleNullify => "single-nullify",
            Mutation::EatEveryPeach => "eat-every-peach",
            Mutation::PeachAtFullHp => "peach-at-full-hp",
            Mutation::ScanResumesAfterPlay => "scan-resumes-after-play",
            Mutation::PenaltyKeepsWeapon => "penalty-keeps-weapon",
            Mutation::SuspicionWithoutDamage => "suspicion-without-damage",
            Mutation::KillIgnoresDeaths => "kill-ignores-deaths",
            Mutation::RebelDuelsNearestEnemy => "rebel-duels-nearest-enemy",
            Mutation::ProtectsByTrueRole => "protects-by-true-role",
        }
    }

    /// The mutation with this name.
    pub fn from_name(name: &str) -> Option<Mutation> {
        Mutation::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for Mutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The reference engine with one deliberate mistake.
#[cfg(feature = "mutants")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MutantEngine(pub Mutation);

#[cfg(feature = "mutants")]
impl pigkill_engine::Engine for MutantEngine {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn run(
        &self,
        game: &pigkill_engine::Game,
        budget: pigkill_engine::Budget,
    ) -> Result<pigkill_engine::Outcome, pigkill_engine::RunError> {
        crate::play_game_with(game, budget, pigkill_engine::NoTrace, Some(self.0))
    }

    fn run_traced(
        &self,
        game: &pigkill_engine::Game,
        budget: pigkill_engine::Budget,
        events: &mut Vec<pigkill_engine::Event>,
    ) -> Result<pigkill_engine::Outcome, pigkill_engine::RunError> {
        crate::play_game_with(game, budget, events, Some(self.0))
    }
}
