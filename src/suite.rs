//! Judge data: games that end, with answers both engines agree on, and a
//! judge-ready suite of 20 tests shaped like the original's (2 `basic`, 4
//! `no-nullify`, 14 `full`, the last ones `big`), chosen greedily so that
//! together they cover every rule event the set can reach.

use pigkill_engine::{Budget, Game, Outcome, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, GenerateError, Profile};

use crate::coverage::{rule_events, Coverage, RuleSet};
use crate::diff::{explain_divergence, play, play_traced, Divergence, Verdict};
use crate::engines;

/// One judge test: a game that ends and its answer.
#[derive(Clone, Debug)]
pub struct JudgeCase {
    /// The game.
    pub game: Game,
    /// The answer both engines give.
    pub outcome: Outcome,
    /// The profile it was made with.
    pub profile: Profile,
    /// The seed [`pigkill_generators::generate`] turns into this game.
    pub seed: u64,
    /// Games rejected (they did not end) before this one.
    pub rejected: u32,
    /// The rule events it exercises (on the strategy engine's trace).
    pub events: RuleSet,
}

/// Why no judge case could be made.
#[derive(Debug)]
pub enum CaseError {
    /// The generator failed (see [`GenerateError`]).
    Generate(GenerateError),
    /// The engines disagree on the game: no answer can be trusted.
    Divergence(Box<(Game, Divergence)>),
}

impl std::fmt::Display for CaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaseError::Generate(e) => write!(f, "{e}"),
            CaseError::Divergence(d) => write!(
                f,
                "the engines disagree on this game ({}), so it has no trusted answer:\n{}{}",
                d.1.signature,
                d.0.to_text(),
                d.1.report(6)
            ),
        }
    }
}

impl std::error::Error for CaseError {}

/// Game `index` of a judge run: generated from `game_seed(seed, index)`,
/// regenerated until it ends, and checked on both engines.
///
/// # Errors
///
/// [`CaseError`] when no ending game is found or the engines disagree.
pub fn judge_case(profile: Profile, seed: u64, index: u64) -> Result<JudgeCase, CaseError> {
    let generated = generate_ending(profile, game_seed(seed, index), &StrategyEngine)
        .map_err(CaseError::Generate)?;
    // The generator already played the game on the strategy engine: check
    // the reference against that outcome, and trace the game once.
    let [left, right] = engines::pair();
    let game = &generated.game;
    if play(right, game, Budget::default()) != Verdict::Ended(generated.outcome.clone()) {
        let divergence = explain_divergence(left, right, game, Budget::default());
        return Err(CaseError::Divergence(Box::new((
            generated.game,
            divergence,
        ))));
    }
    let (_, events) = play_traced(left, game, Budget::default());
    Ok(JudgeCase {
        events: rule_events(&generated.game, &events),
        game: generated.game,
        outcome: generated.outcome,
        profile,
        seed: generated.seed,
        rejected: generated.rejected,
    })
}

/// The profiles of the 20 suite slots, in order: the statement's subtasks
/// (10% without tricks, 20% more without nullify), the last three `big`.
pub const SUITE: [Profile; 20] = {
    let mut slots = [Profile::Full; 20];
    slots[0] = Profile::Basic;
    slots[1] = Profile::Basic;
    slots[2] = Profile::NoNullify;
    slots[3] = Profile::NoNullify;
    slots[4] = Profile::NoNullify;
    slots[5] = Profile::NoNullify;
    slots[17] = Profile::Big;
    slots[18] = Profile::Big;
    slots[19] = Profile::Big;
    slots
};

/// How many candidates each suite slot chooses from.
pub const SUITE_CANDIDATES: u64 = 64;

/// The judge-ready suite: for each slot of [`SUITE`], the candidate (of
/// [`SUITE_CANDIDATES`] made from the seed) that adds the most rule events
/// not yet covered by the slots before it (ties: the longer game).
///
/// # Errors
///
/// [`CaseError`] when a candidate cannot be made or the engines disagree.
pub fn suite(seed: u64) -> Result<(Vec<JudgeCase>, Coverage), CaseError> {
    let mut covered = RuleSet::default();
    let mut cases = Vec::with_capacity(SUITE.len());
    let mut coverage = Coverage::new();
    for (slot, profile) in SUITE.iter().enumerate() {
        let mut best: Option<(usize, usize, JudgeCase)> = None;
        for candidate in 0..SUITE_CANDIDATES {
            let case = judge_case(*profile, seed, slot as u64 * SUITE_CANDIDATES + candidate)?;
            let new = case.events.iter().filter(|e| !covered.contains(*e)).count();
            let length = case.game.deck().len();
            if best
                .as_ref()
                .is_none_or(|(n, l, _)| (new, length) > (*n, *l))
            {
                best = Some((new, length, case));
            }
        }
        if let Some((_, _, case)) = best {
            for event in case.events.iter() {
                covered.insert(event);
            }
            coverage.add(case.events);
            cases.push(case);
        }
    }
    Ok((cases, coverage))
}
