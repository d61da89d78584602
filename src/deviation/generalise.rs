//! Generalisation: from one decision made otherwise to the rules that
//! would make it (the same kind and alternative, under every conjunction
//! of a few literals true at that decision), and how a rule fits one run
//! of the program.

use pigkill_reference::decision::{Choice, ContextRule, Decision, DeviationRule, Feature};

use super::{DeviationOptions, Run};
use crate::catalogue::same;

/// Every rule that makes `decision` take `choose`: its kind and
/// alternative under no condition, and under each conjunction of at most
/// `max_literals` literals over the kind's features, each with the value
/// it has at `decision`. Fewer literals first.
pub fn candidate_rules(
    decision: &Decision,
    choose: Choice,
    max_literals: usize,
) -> Vec<DeviationRule> {
    let literals: Vec<(u128, u128)> = decision
        .kind
        .features()
        .iter()
        .map(|&f| (f.bit(), decision.context.0 & f.bit()))
        .collect();
    // A feature that holds says that the others of its group (roles,
    // cards, tricks, HP) do not: those literals add nothing beside it.
    let redundant = |picked: &[usize]| {
        picked.iter().any(|&i| {
            let (bit, value) = literals[i];
            let group = Feature::ALL
                .iter()
                .find(|f| f.bit() == bit)
                .map_or(0, |f| f.exclusive_group());
            value != 0 && picked.iter().any(|&j| literals[j].0 & group != 0)
        })
    };
    let mut rules = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    for size in 0..=max_literals.min(literals.len()) {
        combinations(literals.len(), size, 0, &mut chosen, &mut |picked| {
            if redundant(picked) {
                return;
            }
            let mut when = ContextRule::default();
            for &i in picked {
                when.mask |= literals[i].0;
                when.values |= literals[i].1;
            }
            rules.push(DeviationRule {
                kind: decision.kind,
                when,
                choose,
            });
        });
    }
    rules
}

/// Calls `each` with every `size`-subset of `from..n`, added to `chosen`.
fn combinations(
    n: usize,
    size: usize,
    from: usize,
    chosen: &mut Vec<usize>,
    each: &mut dyn FnMut(&[usize]),
) {
    if chosen.len() == size {
        each(chosen);
        return;
    }
    for i in from..n {
        chosen.push(i);
        combinations(n, size, i + 1, chosen, each);
        chosen.pop();
    }
}

/// How a hypothesis (a few deviation rules) fits one run of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fit {
    /// The program was right and so is the hypothesis: nothing changes.
    Quiet,
    /// The program was wrong and the hypothesis prints exactly its output.
    Matched,
    /// The program was right where the hypothesis changes the output (or
    /// does not end): the program's own run contradicts it.
    Contradicted,
    /// The program was wrong where the hypothesis changes nothing:
    /// another mistake shows here.
    Unexplained,
    /// The program was wrong and the hypothesis prints another wrong output.
    Missed,
}

/// How `rules` fit `run`.
pub fn fit(rules: &[DeviationRule], run: &Run, options: &DeviationOptions) -> Fit {
    let mode = options.mode;
    let Some(out) = run.output_with(rules) else {
        return if run.passed {
            Fit::Contradicted
        } else {
            Fit::Missed
        };
    };
    let changes = !same(&run.reference, &out, mode);
    match (run.passed, changes) {
        (true, false) => Fit::Quiet,
        (true, true) => Fit::Contradicted,
        (false, false) => Fit::Unexplained,
        (false, true) if same(&out, &run.actual, mode) => Fit::Matched,
        (false, true) => Fit::Missed,
    }
}

/// Every feature the engine records at a decision, whatever its kind (a
/// bit per [`Feature`]): the context a least general generalisation
/// starts from, not only the kind's listed features.
pub fn recorded_mask() -> u128 {
    Feature::ALL.iter().fold(0, |mask, f| mask | f.bit())
}

/// The least general generalisation of decisions made otherwise: the
/// conjunction of every recorded literal (over all the features, not only
/// the kind's) that reads the same at `decision` and at each of `others`.
pub fn least_general(decision: &Decision, others: &[&Decision]) -> ContextRule {
    let mut mask = recorded_mask();
    for other in others {
        mask &= !(decision.context.0 ^ other.context.0);
    }
    ContextRule {
        mask,
        values: decision.context.0 & mask,
    }
}
