//! Abduction: the fewest decisions made otherwise (one, then two) that
//! make the reference engine print exactly what a program printed.

use std::borrow::Cow;

use pigkill_reference::decision::{deviated_run, Choice, Decision, Deviation, DeviationRule};

use super::{counted, Clock, DeviationOptions, Run};
use crate::catalogue::same;

/// One decision made otherwise: the decision as the run that made it
/// logged it (its index in that run), and the alternative taken.
#[derive(Clone, Debug)]
pub struct Step {
    /// The decision, as logged by the run it was taken in.
    pub decision: Decision,
    /// What was chosen instead of the rules' choice.
    pub choose: Choice,
}

impl Step {
    /// This step as an instance deviation.
    pub fn deviation(&self) -> Deviation {
        Deviation::Instance {
            index: self.decision.index,
            choose: self.choose,
        }
    }
}

/// Decisions made otherwise that reproduce a run's output: one, or two
/// (the second indexed in the log of the run that made the first).
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, in the order the game meets them.
    pub steps: Vec<Step>,
}

/// Every single decision made otherwise that makes the engine print the
/// run's output; when there is none, the pairs (the second decision
/// searched after the first, in the log of the run that made the first,
/// for at most `options.pair_runs` engine runs), until `clock` is over. Empty when the program
/// printed the right output, the game is longer than
/// `options.max_decisions` decisions, or nothing reproduces it.
pub fn explain(run: &Run, options: &DeviationOptions, clock: Clock) -> Vec<Explanation> {
    explain_given(run, &[], options, clock)
}

/// [`explain`] on top of rules already found (`base`, applied wherever
/// they hold): the decisions made otherwise, besides them, that make the
/// engine print the run's output. Each step is a decision of the run
/// that makes `base`'s deviations (its index in that run). With no
/// `base`, [`explain`].
pub fn explain_given(
    run: &Run,
    base: &[DeviationRule],
    options: &DeviationOptions,
    clock: Clock,
) -> Vec<Explanation> {
    let mode = options.mode;
    if run.passed || run.log.len() > options.max_decisions {
        return Vec::new();
    }
    let rules: Vec<Deviation> = base.iter().map(|r| Deviation::Rule(*r)).collect();
    let with = |extra: &[Deviation]| {
        let mut all = rules.clone();
        all.extend_from_slice(extra);
        all
    };
    let (log, start) = if base.is_empty() {
        (
            Cow::Borrowed(&run.log),
            Cow::Borrowed(run.reference.as_str()),
        )
    } else {
        let mut events = Vec::new();
        let mut log = Vec::new();
        let Ok(out) = counted(|| {
            deviated_run(
                &run.game,
                run.deviated_budget(),
                &rules,
                &mut events,
                &mut log,
            )
        }) else {
            return Vec::new();
        };
        (Cow::Owned(log), Cow::Owned(out))
    };
    let mut singles = Vec::new();
    // The first decisions that change the output (and end): where pairs start.
    let mut changing = Vec::new();
    for decision in log.iter() {
        if clock.over() {
            break;
        }
        for choose in options.deviations(decision) {
            let step = Step {
                decision: decision.clone(),
                choose,
            };
            let Some(out) = run.output_making(&with(&[step.deviation()])) else {
                continue;
            };
            if same(&out, &run.actual, mode) {
                singles.push(Explanation { steps: vec![step] });
            } else if !same(&out, &start, mode) {
                changing.push(step);
            }
        }
    }
    if !singles.is_empty() {
        return singles;
    }
    let mut pairs = Vec::new();
    let mut spent = 0usize;
    let mut events = Vec::new();
    let mut log = Vec::new();
    'first: for first in changing {
        if clock.over() {
            break;
        }
        events.clear();
        log.clear();
        if counted(|| {
            deviated_run(
                &run.game,
                run.deviated_budget(),
                &with(&[first.deviation()]),
                &mut events,
                &mut log,
            )
        })
        .is_err()
        {
            continue;
        }
        for decision in log.iter().filter(|d| d.index > first.decision.index) {
            for choose in options.deviations(decision) {
                spent += 1;
                if spent > options.pair_runs {
                    break 'first;
                }
                let second = Step {
                    decision: decision.clone(),
                    choose,
                };
                let both = with(&[first.deviation(), second.deviation()]);
                if run
                    .output_making(&both)
                    .is_some_and(|out| same(&out, &run.actual, mode))
                {
                    pairs.push(Explanation {
                        steps: vec![first.clone(), second],
                    });
                }
            }
        }
    }
    pairs
}
