//! Asking the program: when no rule survives ("this game only"), the
//! rule at the moment shown is learnt from examples that the program
//! itself gives on fresh games, rather than inferred from the one
//! minimised game (active learning).
//!
//! The examples are decisions of the moment's kind where the rules choose
//! otherwise than its alternative. On a fresh game where making one of
//! them otherwise changes the output, the program is run: when it prints
//! the right output, it went the rules' way at each such decision (a
//! negative example); when it prints what exactly one of them made
//! otherwise prints, it went the other way there (a positive one). The
//! runs already seen are sorted out the same way first, at no program run,
//! and so are the minimised game's decisions before the moment.
//!
//! The rule: the literals that every positive example shares, over every
//! feature the engine records (not only those listed for the kind: the
//! context a misreading hangs on may be one the kind does not list), and
//! of those the fewest that every negative example fails (a greedy cover).
//! It is handed to the search's usual guards and confirmation, never
//! stated on this evidence alone.

use pigkill_reference::decision::{ContextRule, Deviation, DeviationRule, Feature};

use super::generalise::recorded_mask;
use super::search::Step;
use super::{Clock, DeviationOptions, Run};
use crate::catalogue::{same, search_game};
use crate::diagnose::Solution;

/// The most program runs one learning spends asking.
pub const ASK_RUNS: usize = 48;

/// The most fresh games looked at for examples.
const ASK_SEARCH: u64 = 800;

/// What those games are drawn from (past the ones that tell rules apart,
/// confirm them, probe for another mistake and tell moments apart).
const ASK_OFFSET: u64 = 5 << 40;

/// After how many program runs that never went that way the asking
/// stops.
const UNFOLLOWED_RUNS: usize = 16;

/// How many of the runs seen (past the minimised game) are sorted out
/// before the program is asked.
const SEEN_RUNS: usize = 32;

/// How many decisions of one game are made otherwise, one at a time.
const DECISIONS_PER_GAME: usize = 12;

/// The rule learnt by asking, and what it cost.
#[derive(Clone, Debug)]
pub struct Asked {
    /// The rule; `None` when the program was never seen to go that way
    /// again, or went the rules' way at a decision that reads like every
    /// one it went the other way at.
    pub rule: Option<DeviationRule>,
    /// The literals the moment shares with every decision the program was
    /// seen to go the same other way at (and that every decision it got
    /// right fails at least one of): where a rule of the moment's kind and
    /// alternative may find its literals. `None` when it was never seen to
    /// go that way again.
    pub alike: Option<ContextRule>,
    /// The program's runs on the fresh games it was asked about, whole:
    /// evidence for any rule stated after.
    pub runs: Vec<Run>,
    /// The program runs it took.
    pub program_runs: usize,
}

/// The decisions of `run` that `anywhere` changes (the first
/// [`DECISIONS_PER_GAME`]), each made otherwise alone: their indices,
/// contexts and outputs, where the output changes.
fn made_otherwise(
    run: &Run,
    anywhere: &DeviationRule,
    options: &DeviationOptions,
) -> Vec<(u32, u128, String)> {
    run.changed_by(anywhere)
        .take(DECISIONS_PER_GAME)
        .filter_map(|d| {
            let deviation = [Deviation::Instance {
                index: d.index,
                choose: anywhere.choose,
            }];
            let out = run.output_making(&deviation)?;
            (!same(&out, &run.reference, options.mode)).then_some((d.index, d.context.0, out))
        })
        .collect()
}

/// Sorts the decisions of `run` made otherwise ([`made_otherwise`]) by
/// what the program printed (`actual`): when it printed the right output,
/// it went the rules' way at each of them; when it printed what exactly
/// one of them prints, it went the other way there; else nothing is
/// learnt.
fn sort_out(
    outputs: &[(u32, u128, String)],
    run: &Run,
    actual: &str,
    options: &DeviationOptions,
    followed: &mut Vec<u128>,
    not_followed: &mut Vec<u128>,
) {
    if same(actual, &run.reference, options.mode) {
        not_followed.extend(outputs.iter().map(|(_, context, _)| *context));
        return;
    }
    let mut reproducing = outputs
        .iter()
        .filter(|(_, _, out)| same(out, actual, options.mode));
    if let (Some((_, context, _)), None) = (reproducing.next(), reproducing.next()) {
        followed.push(*context);
    }
}

/// Learns the rule at `step` by asking the program (see the module's
/// comment): at most [`ASK_RUNS`] program runs on fresh games of
/// `options.seed`, until `clock` is over.
pub fn asked_rule(
    step: &Step,
    seen: &[Run],
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    clock: Clock,
) -> Asked {
    let kind = step.decision.kind;
    let choose = step.choose;
    // Every decision of the kind where the alternative differs from the
    // rules' choice, in any context ...
    let anywhere = DeviationRule {
        kind,
        when: ContextRule::ALWAYS,
        choose,
    };
    // ... logged with every feature the engine records.
    let logging = DeviationRule {
        when: ContextRule {
            mask: recorded_mask(),
            values: 0,
        },
        ..anywhere
    };
    let mut followed: Vec<u128> = vec![step.decision.context.0];
    let mut not_followed: Vec<u128> = Vec::new();
    // The minimised game: before the decision made otherwise, the program
    // went the rules' way ...
    if let Some(first) = seen.first() {
        not_followed.extend(
            made_otherwise(first, &anywhere, options)
                .iter()
                .filter(|(index, _, _)| *index < step.decision.index)
                .map(|(_, context, _)| *context),
        );
    }
    // ... then the other runs seen ...
    for run in seen.iter().skip(1).take(SEEN_RUNS) {
        if clock.over() {
            break;
        }
        let outputs = made_otherwise(run, &anywhere, options);
        sort_out(
            &outputs,
            run,
            &run.actual,
            options,
            &mut followed,
            &mut not_followed,
        );
    }
    // ... then fresh games, each run through the program (its runs kept
    // whole, as evidence for any rule stated after).
    let mut used = 0;
    let mut asked_runs = Vec::new();
    for index in 0..ASK_SEARCH {
        if used >= ASK_RUNS || clock.over() || (used >= UNFOLLOWED_RUNS && followed.len() == 1) {
            break;
        }
        let game = search_game(options.seed, ASK_OFFSET + index);
        let Some(run) = Run::right_for(game, &[logging]) else {
            continue;
        };
        let outputs = made_otherwise(&run, &anywhere, options);
        if outputs.is_empty() {
            continue;
        }
        used += 1;
        let Some(actual) = solution(&run.game) else {
            continue;
        };
        sort_out(
            &outputs,
            &run,
            &String::from_utf8_lossy(&actual),
            options,
            &mut followed,
            &mut not_followed,
        );
        let mut kept = run.completed();
        kept.printed(&actual, options.mode);
        asked_runs.push(kept);
    }
    let mut asked = Asked {
        rule: None,
        alike: None,
        runs: asked_runs,
        program_runs: used,
    };
    if followed.len() == 1 {
        // Never seen to go that way again: nothing to learn from.
        return asked;
    }
    // The literals that the moment shares with the decisions the program
    // went another way at, as long as every decision it got right fails
    // one of them: the most alike first, and one that would leave none
    // is passed over (it went that way there for another reason, or in
    // another context).
    let first = followed[0];
    let consistent = |mask: u128| not_followed.iter().all(|n| (n ^ first) & mask != 0);
    let mut common = recorded_mask();
    if !consistent(common) {
        return asked;
    }
    let mut others = followed[1..].to_vec();
    others.sort_by_key(|context| ((context ^ first) & common).count_ones());
    let mut shared = 0;
    for context in others {
        let narrower = common & !(context ^ first);
        if consistent(narrower) {
            common = narrower;
            shared += 1;
        }
    }
    if shared == 0 {
        return asked;
    }
    asked.alike = Some(ContextRule {
        mask: common,
        values: first & common,
    });
    // The fewest of them that every decision it got right fails: each
    // time the literal that most of those left fail (a listed feature of
    // the kind first, then the first feature).
    let listed = kind.feature_mask();
    // (Each fails one: `common` is consistent.)
    let mut left: Vec<u128> = not_followed
        .iter()
        .map(|context| (context ^ first) & common)
        .collect();
    let mut mask = 0u128;
    while !left.is_empty() {
        let Some(bit) = Feature::ALL
            .iter()
            .map(|f| f.bit())
            .filter(|bit| common & bit != 0 && mask & bit == 0)
            .max_by_key(|bit| {
                (
                    left.iter().filter(|fails| *fails & bit != 0).count(),
                    listed & bit != 0,
                    std::cmp::Reverse(*bit),
                )
            })
        else {
            return asked;
        };
        mask |= bit;
        left.retain(|fails| fails & bit == 0);
    }
    asked.rule = Some(DeviationRule {
        when: ContextRule {
            mask,
            values: first & mask,
        },
        ..anywhere
    });
    asked
}
