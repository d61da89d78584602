//! Rules learnt from the runs over every recorded feature: the least
//! general generalisation of the decisions made otherwise on the
//! minimised game and a few other failing games, narrowed literal by
//! literal while a passing run contradicts it ([`specialised`]), and the
//! abduced rules narrowed the same way.

use super::*;

/// The rules learnt on the runs seen ([`generalised`]), on a clock of
/// their own: the shortest other failing games are searched first for
/// the decisions made otherwise there (until `elsewhere` holds
/// [`LEARNT_FROM`]), so that the literals are those common to several.
pub(super) fn learnt_rules(
    instances: &[Explanation],
    elsewhere: &mut Vec<Vec<Explanation>>,
    runs: &[Run],
    options: &DeviationOptions,
) -> Vec<Hypothesis> {
    if elsewhere.len() < LEARNT_FROM {
        let clock = Clock::part(options, learning_share(options));
        let mut others: Vec<&Run> = runs.iter().skip(1).filter(|r| !r.passed).collect();
        others.sort_by_key(|r| r.log.len());
        let wanted = LEARNT_FROM - elsewhere.len();
        for run in others.into_iter().skip(elsewhere.len()).take(wanted) {
            if clock.over() {
                break;
            }
            elsewhere.push(explain(run, options, clock));
        }
    }
    generalised(
        instances,
        elsewhere,
        runs,
        options,
        Clock::part(options, learning_share(options)),
    )
}

/// How many times the rules are learnt again on new runs ([`relearn`]).
pub(super) const RELEARNT: usize = 2;

/// What rules are learnt from ([`generalised`]): the decisions made
/// otherwise on the minimised game and on a few other failing games, and
/// how many times they were learnt again.
pub(super) struct Learner<'a> {
    pub(super) instances: &'a [Explanation],
    pub(super) elsewhere: &'a [Vec<Explanation>],
    pub(super) times: usize,
}

impl Learner<'_> {
    /// Learns the rules again on `runs` (new runs of the program have
    /// joined), adding to `round` those it does not hold yet; at most
    /// [`RELEARNT`] times.
    pub(super) fn relearn(&mut self, round: &mut Round, runs: &[Run], options: &DeviationOptions) {
        if options.learning == 0 || self.times >= RELEARNT {
            return;
        }
        self.times += 1;
        let clock = Clock::part(options, learning_share(options));
        round.join(generalised(
            self.instances,
            self.elsewhere,
            runs,
            options,
            clock,
        ));
    }
}

/// On how many failing games besides the minimised one decisions made
/// otherwise are searched for [`generalised`]'s literals.
pub(super) const LEARNT_FROM: usize = 3;

/// How many decisions made otherwise on the minimised game are
/// generalised ([`generalised`]).
pub(super) const GENERALISED_SEEDS: usize = 6;

/// On how many failing runs (the shortest) [`specialised`] weighs what a
/// literal brings in.
pub(super) const SPECIALISED_FAILING: usize = 12;

/// The share of the search's budget that each step of learning rules
/// gets ([`DeviationOptions::learning`]).
pub(super) fn learning_share(options: &DeviationOptions) -> f64 {
    f64::from(options.learning) / 100.0
}

/// The rules learnt from the runs seen over every recorded feature, with
/// their fits on `runs` (the minimised game first). For each decision
/// made otherwise alone on the minimised game (`instances`), the
/// literals that may be used are its least general generalisation: every
/// recorded literal, over all the features and not only its kind's, that
/// reads the same there and at the decision of the same kind and
/// alternative made otherwise on each other failing game searched
/// (`elsewhere`; the one that agrees most). The rule starts from no
/// condition at all, and while a passing run contradicts it, a literal
/// that keeps a contradicting run out of it is added, the one under
/// which it reproduces the most failing runs ([`specialised`]). A literal
/// is thus in the rule because the program's own runs ask for it: a
/// context the kind's list may not hold, which fresh games then tell
/// apart from the other rules and confirm like any other.
pub(super) fn generalised(
    instances: &[Explanation],
    elsewhere: &[Vec<Explanation>],
    runs: &[Run],
    options: &DeviationOptions,
    mut clock: Clock,
) -> Vec<Hypothesis> {
    let mut found: Vec<Hypothesis> = Vec::new();
    let seeds = instances
        .iter()
        .filter(|e| e.steps.len() == 1)
        .map(|e| &e.steps[0])
        .take(GENERALISED_SEEDS);
    for seed in seeds {
        if clock.over() {
            break;
        }
        let d = &seed.decision;
        let others: Vec<&Decision> = elsewhere
            .iter()
            .filter_map(|explained| {
                explained
                    .iter()
                    .flat_map(|e| &e.steps)
                    .filter(|s| s.decision.kind == d.kind && s.choose == seed.choose)
                    .map(|s| &s.decision)
                    .max_by_key(|o| (!(o.context.0 ^ d.context.0)).count_ones())
            })
            .collect();
        let start = DeviationRule {
            kind: d.kind,
            when: ContextRule::ALWAYS,
            choose: seed.choose,
        };
        if push_narrowed(
            &mut found,
            start,
            least_general(d, &others),
            runs,
            options,
            clock,
        ) || others.len() < 2
        {
            continue;
        }
        // One other failing game may have been explained at another
        // decision of the same kind by coincidence (an earlier end of the
        // phase that prints the same): the literals all the others but
        // one share, each left out in turn. Such a rule is kept short
        // ([`LEFT_OUT_LITERALS`]: with one game fewer to agree with, a
        // long one fits what little is seen), on a clock of its own, so
        // that the other seeds get what they got without it.
        clock.paused(|| {
            let own = Clock::part(options, learning_share(options));
            for left_out in 0..others.len() {
                if own.over() {
                    break;
                }
                let rest: Vec<&Decision> = others
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != left_out)
                    .map(|(_, &o)| o)
                    .collect();
                let allowed = least_general(d, &rest);
                if push_specialised(
                    &mut found,
                    start,
                    allowed,
                    LEFT_OUT_LITERALS,
                    runs,
                    options,
                    own,
                ) {
                    break;
                }
            }
        });
    }
    found
}

/// The most literals of a rule learnt with one other failing game left
/// out ([`generalised`]).
pub(super) const LEFT_OUT_LITERALS: usize = 2;

/// Adds to `found` (unless it holds it already) `start` narrowed by
/// literals of `allowed` ([`specialised`], at most one more than
/// [`DeviationOptions::max_literals`]), with its fits, when that ends
/// with a rule; whether it did.
pub(super) fn push_narrowed(
    found: &mut Vec<Hypothesis>,
    start: DeviationRule,
    allowed: ContextRule,
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> bool {
    let most = options.max_literals + 1;
    push_specialised(found, start, allowed, most, runs, options, clock)
}

/// Adds to `found` (unless it holds it already) `start` narrowed by
/// literals of `allowed`, at most `most` ([`specialised`]), with its
/// fits, when that ends with a rule; whether it did.
fn push_specialised(
    found: &mut Vec<Hypothesis>,
    start: DeviationRule,
    allowed: ContextRule,
    most: usize,
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> bool {
    let Some((rule, fits)) = specialised(start, allowed, most, runs, options, clock) else {
        return false;
    };
    if found.iter().all(|h| h.rule != rule) {
        found.push(Hypothesis::new(rule, Vec::new(), fits, Vec::new()));
    }
    true
}

/// `rule` with literals of `allowed` added, one at a time, while a
/// passing run contradicts it (at most `most` literals): each time, of
/// the literals that keep a contradicting run from changing any
/// decision, the one under which the rule reproduces the most failing
/// runs, then that keeps the most contradicting runs out, then one of
/// the kind's listed features.
/// With its fits on `runs`; `None` when no literal keeps out a
/// contradicting run, `most` literals do not suffice, the clock is over,
/// or the rule left does not reproduce the first run.
pub(super) fn specialised(
    mut rule: DeviationRule,
    allowed: ContextRule,
    most: usize,
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> Option<(DeviationRule, Vec<Fit>)> {
    let listed = rule.kind.feature_mask();
    loop {
        let mut fits: Vec<Fit> = Vec::with_capacity(runs.len());
        let mut patterns: Vec<Vec<u32>> = Vec::with_capacity(runs.len());
        for run in runs {
            if clock.over() {
                return None;
            }
            let pattern = firing(&rule, run);
            fits.push(match (pattern.is_empty(), run.passed) {
                (true, true) => Fit::Quiet,
                (true, false) => Fit::Unexplained,
                (false, _) => fit(&[rule], run, options),
            });
            patterns.push(pattern);
        }
        let contradicted: Vec<usize> = (0..runs.len())
            .filter(|&i| fits[i] == Fit::Contradicted)
            .collect();
        if contradicted.is_empty() {
            return (fits.first() == Some(&Fit::Matched)).then_some((rule, fits));
        }
        if rule.when.len() >= most {
            return None;
        }
        // The failing runs a literal might bring in (a few, the shortest).
        let mut failing: Vec<usize> = (0..runs.len()).filter(|&i| !runs[i].passed).collect();
        failing.sort_by_key(|&i| runs[i].log.len());
        failing.truncate(SPECIALISED_FAILING);
        let best = pigkill_reference::decision::Feature::ALL
            .iter()
            .filter(|f| allowed.mask & f.bit() != 0 && rule.when.mask & f.bit() == 0)
            .map(|&f| {
                let narrower = rule.when.and(f, allowed.values & f.bit() != 0);
                let wider = DeviationRule {
                    when: narrower,
                    ..rule
                };
                let kept_out = contradicted
                    .iter()
                    .filter(|&&i| runs[i].changed_by(&wider).next().is_none())
                    .count();
                // The failing runs it reproduces: one where it changes the
                // same decisions as now keeps its fit, the others are run
                // (only for a literal that keeps a contradicting run out).
                let brought_in = if kept_out == 0 {
                    0
                } else {
                    failing
                        .iter()
                        .filter(|&&i| {
                            let pattern = firing(&wider, &runs[i]);
                            if pattern == patterns[i] {
                                fits[i] == Fit::Matched
                            } else {
                                !pattern.is_empty()
                                    && !clock.over()
                                    && fit(&[wider], &runs[i], options) == Fit::Matched
                            }
                        })
                        .count()
                };
                (
                    kept_out.min(1),
                    brought_in,
                    kept_out,
                    listed & f.bit() != 0,
                    std::cmp::Reverse(f),
                    narrower,
                )
            })
            .max()?;
        if best.0 == 0 {
            return None;
        }
        rule.when = best.5;
    }
}

/// How many rules abduced on the minimised game ([`abduce`]) are
/// narrowed at most ([`narrowed_abduced`]) ...
pub(super) const ABDUCED_SEEDS: usize = 12;

/// ... and at most how many of one kind and alternative.
pub(super) const ABDUCED_SEEDS_PER_KIND: usize = 3;

/// The rules abduced on the minimised game (`abduced`, fewest literals
/// first) that no living hypothesis of their kind and alternative stands
/// for, narrowed as [`generalised`] narrows a rule: literals are added
/// while a passing run contradicts it, each of those the decisions it
/// changes on the minimised game share (their least general
/// generalisation, over every recorded feature, so that it still changes
/// them all). Kinds and alternatives whose rules change the most
/// decisions of the minimised game first (a mistake made at many), at
/// most [`ABDUCED_SEEDS`] rules, until `clock` is over.
pub(super) fn narrowed_abduced(
    abduced: &[DeviationRule],
    living: &[Hypothesis],
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> Vec<Hypothesis> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let stood_for = |rule: &DeviationRule| {
        living.iter().any(|h| {
            h.alive
                && h.rule.kind == rule.kind
                && h.rule.choose == rule.choose
                && h.fits.first() == Some(&Fit::Matched)
        })
    };
    let mut by_kind: Vec<((DecisionKind, Choice), Vec<DeviationRule>)> = Vec::new();
    for rule in abduced.iter().filter(|r| !stood_for(r)) {
        let key = (rule.kind, rule.choose);
        match by_kind.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rules)) if rules.len() < ABDUCED_SEEDS_PER_KIND => rules.push(*rule),
            Some(_) => {}
            None => by_kind.push((key, vec![*rule])),
        }
    }
    by_kind.sort_by_key(|(_, rules)| std::cmp::Reverse(first.changed_by(&rules[0]).count()));
    let mut found: Vec<Hypothesis> = Vec::new();
    for seed in by_kind
        .iter()
        .flat_map(|(_, rules)| rules)
        .take(ABDUCED_SEEDS)
    {
        if clock.over() {
            break;
        }
        let changed: Vec<&Decision> = first.changed_by(seed).collect();
        let Some((d, others)) = changed.split_first() else {
            continue;
        };
        let allowed = least_general(d, others);
        push_narrowed(&mut found, *seed, allowed, runs, options, clock);
    }
    found
}
