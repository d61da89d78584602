//! Prediction: the rules that survive the runs seen are told apart on
//! fresh games where they print different outputs (the program decides
//! between them), and the chosen rule is confirmed on fresh games where
//! it changes the output.
//!
//! Its parts: [`learn`] (rules learnt over every recorded feature),
//! [`moment`] (the moment of "this game only", by its support on other
//! failing games) and [`stating`] (the rule there, learnt by asking the
//! program).

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use pigkill_reference::decision::{
    deviated_run, Choice, ContextRule, Decision, DecisionKind, Deviation, DeviationRule,
};

use super::generalise::{candidate_rules, fit, least_general, Fit};
use super::rivals::{told_apart, RivalOutputs};
use super::search::{explain, explain_given, Explanation, Step};
use super::{abduce, ask, battery};
use super::{changes, counted, engine_runs, Clock, DeviationOptions, Run, MIN_PREDICTED};
use crate::catalogue::{same, search_game};
use crate::diagnose::Prediction;

mod learn;
mod moment;
mod stating;

use learn::*;
use moment::*;
use stating::*;

/// A program under diagnosis: a game in, its output out (`None` when it
/// gave none).
pub type Solution<'a> = crate::diagnose::Solution<'a>;

/// What the confirming games are drawn from: the seed's games past the
/// ones used to tell rules apart.
const CONFIRM_OFFSET: u64 = 1 << 40;

/// The most rules stated for one program: a misreading that shows as
/// several rules (one kind, several contexts), or two mistakes.
const MAX_RULES: usize = 4;

/// On how many of the failing runs the rules found so far leave
/// unexplained (the shortest) a later round searches decisions made
/// otherwise.
const RESIDUAL_SOURCES: usize = 3;

/// A later round's search of pairs of decisions on one residual game
/// gets this share (1 in N) of [`DeviationOptions::pair_runs`].
const RESIDUAL_PAIR_SHARE: usize = 10;

/// What the games probed for another mistake are drawn from.
const PROBE_OFFSET: u64 = 1 << 41;

/// The share of the search's budget that telling a rule from its near
/// rivals gets ([`told_apart`]), each time, besides the search's own.
const RIVAL_SHARE: f64 = 0.1;

/// One rule on top of the rules of earlier rounds (`base`), and how the
/// two together fit every run seen.
#[derive(Clone, Debug)]
struct Hypothesis {
    rule: DeviationRule,
    /// The rules found before this one's round (empty in the first).
    base: Vec<DeviationRule>,
    /// Its fit on each run, in the order of the runs.
    fits: Vec<Fit>,
    alive: bool,
    /// Whether the program went another way than it on fresh games where
    /// it changes the output (never the rules' way, else it would be dead):
    /// not chosen again, so that a rival of the same failing games is.
    mispredicted: bool,
    /// Passing runs where it changes a decision but that were not run yet
    /// (counted quiet until [`Hypothesis::verify`]).
    pending: Vec<usize>,
}

/// How many passing runs where a candidate changes a decision are run at
/// once; the others wait until the candidate is about to be stated.
const FIRING_CHECKED: usize = 6;

impl Hypothesis {
    /// A living hypothesis of `rule` on top of `base`, with its fits on
    /// the runs so far (fewer than the runs: [`Hypothesis::catch_up`]
    /// fits the rest) and the passing runs still `pending`.
    fn new(
        rule: DeviationRule,
        base: Vec<DeviationRule>,
        fits: Vec<Fit>,
        pending: Vec<usize>,
    ) -> Hypothesis {
        Hypothesis {
            rule,
            base,
            fits,
            alive: true,
            mispredicted: false,
            pending,
        }
    }

    /// The base rules, then this one.
    fn rules(&self) -> Vec<DeviationRule> {
        let mut rules = self.base.clone();
        rules.push(self.rule);
        rules
    }

    /// Runs the pending passing runs with `rules` (every rule about to
    /// be stated with this one: two mistakes may undo each other); it
    /// dies if one contradicts them.
    fn verify(&mut self, rules: &[DeviationRule], runs: &[Run], options: &DeviationOptions) {
        for i in std::mem::take(&mut self.pending) {
            let f = fit(rules, &runs[i], options);
            if f == Fit::Contradicted {
                self.alive = false;
            }
            self.fits[i] = f;
        }
    }

    fn matched(&self) -> impl Iterator<Item = usize> + '_ {
        self.fits
            .iter()
            .enumerate()
            .filter(|(_, f)| **f == Fit::Matched)
            .map(|(i, _)| i)
    }

    /// Fits the runs this hypothesis has not met yet (a dead one fits
    /// them all quietly); it dies on a run that contradicts it.
    fn catch_up(&mut self, runs: &[Run], options: &DeviationOptions) {
        let rules = self.rules();
        while self.fits.len() < runs.len() {
            let run = &runs[self.fits.len()];
            let f = if self.alive {
                fit(&rules, run, options)
            } else {
                Fit::Quiet
            };
            if f == Fit::Contradicted {
                self.alive = false;
            }
            self.fits.push(f);
        }
    }

    fn count(&self, kind: Fit) -> usize {
        self.fits.iter().filter(|f| **f == kind).count()
    }
}

/// The hypotheses of one round of the search: the first explains the
/// minimised game; each later one what the rules of the earlier rounds
/// leave unexplained (another mistake), on top of them.
#[derive(Clone, Debug, Default)]
struct Round {
    /// The rules of the earlier rounds.
    base: Vec<DeviationRule>,
    hypotheses: Vec<Hypothesis>,
}

impl Round {
    /// Adds the hypotheses of `found` whose rule this round holds no
    /// hypothesis of yet.
    fn join(&mut self, found: Vec<Hypothesis>) {
        for h in found {
            if self.hypotheses.iter().all(|other| other.rule != h.rule) {
                self.hypotheses.push(h);
            }
        }
    }
}

/// A rule the search states, with its evidence.
#[derive(Clone, Debug)]
pub struct Found {
    /// The rule.
    pub rule: DeviationRule,
    /// Where it makes the difference: the first decision it changes on the
    /// first failing game it explains.
    pub at: Option<Step>,
    /// The game `at` is on.
    pub game: Option<pigkill_engine::Game>,
    /// Whether `at` is on the minimised game (the first failing game).
    pub on_first_game: bool,
    /// On how many failing games (given and met on fresh games) it
    /// reproduces the output ...
    pub explains: usize,
    /// ... of how many.
    pub of: usize,
    /// Its test by prediction.
    pub prediction: Prediction,
    /// `confirmed` or `in part`.
    pub verdict: &'static str,
    /// Rules that no run of the program told from this one (fewest
    /// literals first) ...
    pub equivalent: Vec<DeviationRule>,
    /// ... on this many runs.
    pub runs: usize,
}

/// What the search found for a failure.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The fewest decisions made otherwise that reproduce the minimised
    /// game's output (the first found).
    pub instance: Explanation,
    /// The rules stated, the one that explains the minimised game first;
    /// empty when no rule predicts the program ("this game only").
    pub rules: Vec<Found>,
    /// The fresh games the program was run on, to tell rules apart and to
    /// confirm them.
    pub program_runs: usize,
    /// How long the search took.
    pub elapsed: std::time::Duration,
    /// How many deviated engine runs it made.
    pub engine_runs: u64,
}

impl Finding {
    /// `confirmed`, `in part` or `this game only`.
    pub fn verdict(&self) -> &'static str {
        self.rules.first().map_or("this game only", |f| f.verdict)
    }
}

/// Finds where the program went another way: `failures` are its failing
/// runs (the minimised game first), `passed` other runs of it (those it
/// got right, and any others). With a `solution`, it is run on the probe
/// battery (when [`DeviationOptions::battery`]), rules are told apart and
/// confirmed on fresh games, and what the rules found leave unexplained
/// is explained in a further round (another mistake); without one, only
/// the instance is given ("this game only"). `None` when no decision made
/// otherwise (one or two) reproduces the minimised game's output (an
/// unrelated output gets no deviation), or when the only moment of "this
/// game only" is one the program's own runs contradict and nothing bears
/// out ([`UNSUPPORTED_CONTRADICTED`]): no decision of the vocabulary
/// explains the program.
pub fn find(
    failures: Vec<Run>,
    passed: Vec<Run>,
    mut solution: Option<&mut Solution<'_>>,
    options: &DeviationOptions,
) -> Option<Finding> {
    let start = Instant::now();
    let runs_before = engine_runs();
    let mut deadline = Clock::start(options);
    let first = failures.first()?;
    if first.passed {
        return None;
    }
    let instances = explain(first, options, deadline);
    let mut candidates: BTreeSet<DeviationRule> = BTreeSet::new();
    add_rules(&instances, options, &mut candidates);
    // A mistake that shows at several decisions of the game needs a rule,
    // not one instance: every decision's kind and other alternatives,
    // under at most two of its literals.
    add_log_rules(
        &first.log,
        options.max_literals.min(2),
        options,
        &mut candidates,
    );
    // Abduction by rules: a mistake made at three decisions or more of the
    // game, or one whose kind no instance reached because an instance of
    // another reproduces the game by coincidence, is still the rule that
    // prints the program's output wherever it holds, tried directly. They
    // join where no candidate of their kind and alternative lives
    // ([`narrowed_abduced`]): beside a living one, the many literals of
    // every recorded feature would only be rivals that fresh games must
    // tell apart.
    let abduced = if solution.is_some() && options.learning > 0 {
        // A share of the budget of its own, however much the instances
        // spent (their pairs may spend it all on a game of many
        // decisions, and a rule is what such a game needs).
        abduce::rules_reproducing(
            first,
            options,
            deadline.renewed(options, learning_share(options)),
        )
    } else {
        Vec::new()
    };
    let mut elsewhere: Vec<Vec<Explanation>> = Vec::new();
    for run in failures
        .iter()
        .skip(1)
        .take(options.searched_failures.saturating_sub(1))
    {
        if deadline.over() {
            break;
        }
        let explained = explain(run, options, deadline);
        add_rules(&explained, options, &mut candidates);
        elsewhere.push(explained);
    }

    let mut runs: Vec<Run> = failures;
    runs.extend(passed);
    let mut program_runs = 0;
    if let (Some(solution), true) = (solution.as_deref_mut(), options.battery) {
        let battery = battery::runs(solution, None, options.mode);
        program_runs += battery.len();
        runs.extend(battery);
    }
    let sources: Vec<usize> = (0..runs.len().min(options.searched_failures.max(1))).collect();
    // Contexts the kinds were not given: the least general generalisation
    // of the decisions made otherwise, widened on the runs seen (a clock
    // of its own, so that the listed rules still get theirs).
    let generalised = if solution.is_some() && options.learning > 0 {
        deadline.paused(|| learnt_rules(&instances, &mut elsewhere, &runs, options))
    } else {
        Vec::new()
    };
    let mut rounds = vec![Round {
        base: Vec::new(),
        hypotheses: initial(&candidates, &[], &runs, &sources, options, deadline),
    }];
    rounds[0].join(generalised);
    if !abduced.is_empty() {
        // The rules abduced that a passing run contradicts, narrowed by
        // the literals their decisions share (a clock of their own).
        let narrowed = deadline.paused(|| {
            narrowed_abduced(
                &abduced,
                &rounds[0].hypotheses,
                &runs,
                options,
                Clock::part(options, learning_share(options)),
            )
        });
        rounds[0].join(narrowed);
    }
    if rounds[0].hypotheses.is_empty() && solution.is_some() {
        // No one rule reproduces the minimised game (it shows two
        // mistakes at once): the rules of the smallest other failing
        // games instead.
        rounds[0].hypotheses = from_smallest(&[], &runs[1..], options, deadline);
        for h in &mut rounds[0].hypotheses {
            // Their fits start at the second run: the first one, the
            // minimised game, was missed.
            h.fits.insert(0, Fit::Missed);
            for i in &mut h.pending {
                *i += 1;
            }
        }
    }
    if rounds[0].hypotheses.is_empty() && solution.is_some() {
        // Nor does one rule reproduce those (the two mistakes show
        // together on every short game): the broad rules of each decision
        // of the minimised game's pairs, on any failing game.
        rounds[0].hypotheses = from_pairs_of_steps(&instances, &runs, options, deadline);
    }
    // The moment: one decision made otherwise, or else the first decision
    // changed by the narrowest rule that reproduces the game.
    let instance = instances.first().cloned().or_else(|| {
        let h = rounds[0]
            .hypotheses
            .iter()
            .filter(|h| h.fits.first() == Some(&Fit::Matched))
            .min_by_key(|h| (h.rule.when.len(), h.rule))?;
        let decision = runs[0].changed_by(&h.rule).next()?.clone();
        Some(Explanation {
            steps: vec![Step {
                decision,
                choose: h.rule.choose,
            }],
        })
    })?;
    let mut finding = Finding {
        instance,
        rules: Vec::new(),
        program_runs,
        elapsed: start.elapsed(),
        engine_runs: 0,
    };
    let Some(solution) = solution else {
        return Some(finding);
    };
    // The first round: the rules for the minimised game, told apart on
    // fresh games; then fresh games where none of them changes anything,
    // for evidence of another mistake.
    let hypotheses = &mut rounds[0].hypotheses;
    drop_dominated(hypotheses);
    split(
        hypotheses,
        &mut runs,
        solution,
        options,
        deadline,
        &mut finding.program_runs,
    );
    // The runs that told rules apart teach the learnt rules too.
    let mut learner = Learner {
        instances: &instances,
        elsewhere: &elsewhere,
        times: 0,
    };
    deadline.paused(|| learner.relearn(&mut rounds[0], &runs, options));
    let hypotheses = &mut rounds[0].hypotheses;
    probe(
        hypotheses,
        &mut runs,
        solution,
        options,
        &mut finding.program_runs,
    );
    for h in hypotheses.iter_mut() {
        h.catch_up(&runs, options);
    }
    // Two mistakes may undo each other on one game: a broad rule that one
    // passing run vetoes stays a candidate beside the narrow ones, stated
    // only if the rules stated with it print what the program printed on
    // that run too.
    let spared = deadline.paused(|| {
        spared_by_one_run(
            &candidates,
            &rounds[0].hypotheses,
            &runs,
            options,
            Clock::part(options, SPARED_SHARE),
        )
    });
    rounds[0].hypotheses.extend(spared);
    // Later rounds: what the rules chosen so far leave unexplained, on
    // top of them (another mistake, or the same misreading in another
    // context).
    later_rounds(
        &mut rounds,
        &mut runs,
        solution,
        options,
        &mut deadline,
        &mut finding.program_runs,
    );

    let mut confirming = Confirming::default();
    // Choose, confirm, and choose again when the program contradicts the
    // choice, or follows none of a rule chosen (but the last time).
    for attempt in 0..CHOICES {
        let chosen = choose_all(&rounds, &runs);
        let rules: Vec<DeviationRule> = chosen
            .iter()
            .map(|&(r, h)| rounds[r].hypotheses[h].rule)
            .collect();
        // Every run seen, before a rule is stated.
        let mut died = false;
        for &(r, h) in &chosen {
            let hypothesis = &mut rounds[r].hypotheses[h];
            hypothesis.verify(&rules, &runs, options);
            died |= !hypothesis.alive;
        }
        if died {
            continue;
        }
        let failing = runs.iter().filter(|r| !r.passed).count();
        let mut tested = Vec::new();
        let mut contradicted = false;
        let mut mispredicted = false;
        for &(r, h) in &chosen {
            let rule = rounds[r].hypotheses[h].rule;
            let prediction = confirm(
                &rule,
                &rules,
                solution,
                options,
                deadline.extended(options, 2.0),
                &mut confirming,
            );
            if prediction.right > 0 {
                // The program was right where this rule changes the
                // output: never stated.
                rounds[r].hypotheses[h].alive = false;
                contradicted = true;
            } else if prediction.holds() || prediction.holds_in_part() {
                tested.push((r, h, prediction));
            } else if attempt + 1 < CHOICES && prediction.matched < prediction.of {
                // The program went another way where this rule changes
                // the output (never the rules' way; too few games to
                // tell is no such evidence): a rival that
                // reproduces the same failing games may be the mistake
                // (a rule of another kind that comes close on them), and
                // rules of later rounds chosen on top of this one are
                // searched again on top of the new choice.
                rounds[r].hypotheses[h].mispredicted = true;
                mispredicted = true;
            }
        }
        // Before a rule is stated as confirmed, its near rivals are told
        // apart on fresh games where they print another output: a rule
        // the program does not follow there is chosen no more (the rivals
        // it followed join the round), or, the last time, stated in part.
        let mut refuted: Vec<(usize, usize)> = Vec::new();
        if !contradicted && !mispredicted {
            for &(r, h, ref prediction) in &tested {
                if !prediction.holds() {
                    continue;
                }
                let rule = rounds[r].hypotheses[h].rule;
                let told = deadline.paused(|| {
                    told_apart(
                        &rule,
                        &rules,
                        &runs,
                        solution,
                        options,
                        Clock::part(options, RIVAL_SHARE),
                        &mut confirming.rival_outputs,
                    )
                });
                finding.program_runs += told.program_runs;
                if !told.refuted() {
                    continue;
                }
                refuted.push((r, h));
                if attempt + 1 < CHOICES {
                    let base = rounds[r].base.clone();
                    rounds[r].join(
                        told.followed
                            .iter()
                            .map(|&rival| {
                                Hypothesis::new(rival, base.clone(), Vec::new(), Vec::new())
                            })
                            .collect(),
                    );
                    rounds[r].hypotheses[h].mispredicted = true;
                    mispredicted = true;
                    confirming.new_runs.extend(told.against);
                    break;
                }
            }
        }
        let mut covered: BTreeSet<usize> = BTreeSet::new();
        for &(r, h, _) in &tested {
            covered.extend(rounds[r].hypotheses[h].matched());
        }
        let stated: Vec<DeviationRule> = tested
            .iter()
            .map(|&(r, h, _)| rounds[r].hypotheses[h].rule)
            .collect();
        covered.extend(longer_games_explained(&stated, &runs, &covered, options));
        let mut found = Vec::new();
        for (r, h, prediction) in tested {
            let verdict = if refuted.contains(&(r, h)) {
                "in part"
            } else {
                verdict(&prediction, covered.len(), failing)
            };
            found.push(described(
                &rounds[r].hypotheses,
                h,
                &runs,
                prediction,
                verdict,
                failing,
            ));
        }
        if contradicted || mispredicted {
            // The confirming runs join the evidence: every rule they
            // contradict dies with the one just dropped.
            runs.append(&mut confirming.new_runs);
            for round in &mut rounds {
                for h in &mut round.hypotheses {
                    h.catch_up(&runs, options);
                }
            }
            // ... and the rules learnt are learnt again from them.
            deadline.paused(|| learner.relearn(&mut rounds[0], &runs, options));
            // The rounds found on top of a rule no longer chosen are
            // searched again on top of the rules chosen now.
            let chosen = rounds_chosen(&rounds, &runs);
            if rounds.len() > chosen {
                rounds.truncate(chosen);
                later_rounds(
                    &mut rounds,
                    &mut runs,
                    solution,
                    options,
                    &mut deadline,
                    &mut finding.program_runs,
                );
            }
            continue;
        }
        found.sort_by_key(|f| !f.on_first_game);
        finding.rules = found;
        break;
    }
    if finding.rules.is_empty() {
        // This game only: the moment is where the program went another way
        // on several failing games, not on the minimised one alone. Its
        // candidates: where the living rule that reproduces the most
        // failing games (the minimised one among them) changes the
        // minimised game, the instances, and the decision where the rule
        // abduced that reproduces the most failing runs goes another way
        // (an instance may reproduce the minimised game by coincidence,
        // and a mistake shown at many decisions has no instance at all).
        let best = rounds[0]
            .hypotheses
            .iter()
            .filter(|h| h.alive && h.fits.first() == Some(&Fit::Matched))
            .min_by_key(|h| {
                (
                    std::cmp::Reverse(h.count(Fit::Matched)),
                    h.count(Fit::Missed),
                    h.rule.when.len(),
                    h.rule,
                )
            });
        // How many of the same other failing games each candidate
        // reproduces ([`Support`]), on a clock of its own.
        let mut support = Support::new(&runs, options, Clock::part(options, SUPPORT_SHARE));
        let by_best = best.and_then(|h| {
            let decision = runs[0].changed_by(&h.rule).next()?.clone();
            Some((
                Explanation {
                    steps: vec![Step {
                        decision,
                        choose: h.rule.choose,
                    }],
                },
                h.count(Fit::Matched).saturating_sub(1),
            ))
        });
        let mut supported = |moments: &[Explanation]| support.of(moments);
        let instance_support = supported(&instances);
        // Support on one other game (two failing games in all, as
        // [`UNSUPPORTED_REPRODUCED`] counts) may be chance: only more
        // weighs.
        let weighed = |support: usize| {
            if support < UNSUPPORTED_REPRODUCED {
                0
            } else {
                support
            }
        };
        // Telling the likeliest moment apart gets half a budget of its
        // own, whatever the rounds before spent (renewing the search's
        // clock would give it what they left, when that is more: the
        // moment would then hang on how much they spent).
        let moment = Clock::part(options, 0.5);
        let most_supported = instance_support
            .iter()
            .map(|&s| weighed(s))
            .max()
            .unwrap_or(0);
        // The living rule's moment stands unless an instance's kind and
        // alternative reproduce more of the other failing games than the
        // rule (or its kind and alternative) does.
        let by_best = by_best.filter(|(e, reproduced)| {
            (*reproduced).max(supported(std::slice::from_ref(e))[0]) >= most_supported
        });
        // Whether the moment chosen among instances has no evidence but
        // the minimised game ([`UNSUPPORTED_CONTRADICTED`]).
        let mut unsupported = false;
        if let Some((e, _)) = by_best {
            finding.instance = e;
        } else {
            // The program tells the moments apart on fresh games; where it
            // follows none, the rule abduced stands when it reproduces more
            // failing runs than any instance made in its whole context.
            // Before either: the moment whose kind and alternative
            // reproduce the most other failing games.
            let by_rule = most_reproducing(&abduced, &runs, options, moment);
            let mut moments = instances.clone();
            let mut supports = instance_support;
            if let Some((step, rule, _)) = &by_rule {
                let e = Explanation {
                    steps: vec![step.clone()],
                };
                // Its support: the rule itself, or its kind and
                // alternative, on the instances' other games.
                let by_itself = supported(std::slice::from_ref(&e))[0];
                supports.push(support.of_rule(&[*rule]).max(by_itself));
                moments.push(e);
            }
            let (followed, used) = followed_in_full_context(&moments, solution, options, moment);
            finding.program_runs += used;
            let rule_beats_instances = by_rule.as_ref().is_some_and(|(_, _, reproduced)| {
                followed.iter().all(|&f| f == 0)
                    && supports.last().map(|&s| weighed(s))
                        == supports.iter().map(|&s| weighed(s)).max()
                    && instances.iter().all(|e| {
                        reproduced_in_full_context(e, &runs, options, moment) < *reproduced
                    })
            });
            // The moment chosen, and how many passing runs contradict it
            // made in its whole context.
            let chosen = if rule_beats_instances {
                moments.len().checked_sub(1).map(|i| (i, None))
            } else {
                moments
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let contradicted = contradicted_in_full_context(e, &runs, options, moment);
                        (
                            std::cmp::Reverse(weighed(supports[i])),
                            std::cmp::Reverse(followed[i]),
                            contradicted,
                            i,
                        )
                    })
                    .min()
                    .map(|(_, _, contradicted, i)| (i, Some(contradicted)))
            };
            if let Some((i, contradicted)) = chosen {
                finding.instance = moments[i].clone();
                unsupported = followed[i] == 0
                    && weighed(supports[i]) == 0
                    && contradicted.unwrap_or_else(|| {
                        contradicted_in_full_context(&moments[i], &runs, options, moment)
                    }) >= UNSUPPORTED_CONTRADICTED
                    && if rule_beats_instances {
                        by_rule.as_ref().map_or(0, |(_, _, reproduced)| *reproduced)
                    } else {
                        reproduced_in_full_context(&moments[i], &runs, options, moment)
                    } <= UNSUPPORTED_REPRODUCED;
            }
        }
        // The rule there, learnt by asking the program.
        if let Some(found) = stated_by_asking(
            &finding.instance,
            &mut runs,
            solution,
            options,
            Clock::part(options, 0.5),
            &mut confirming,
            &mut finding.program_runs,
        ) {
            finding.rules.push(found);
        }
        if finding.rules.is_empty() && unsupported {
            // No decision of the vocabulary explains the program: the
            // moment would be a coincidence of the minimised game, in a
            // section nothing bears out.
            return None;
        }
    }
    finding.program_runs += confirming.outputs.len();
    finding.elapsed = start.elapsed();
    finding.engine_runs = engine_runs() - runs_before;
    Some(finding)
}

/// The later rounds of [`find`]: what the rules chosen so far leave
/// unexplained, on top of them (another mistake, or the same misreading
/// in another context), up to [`MAX_RULES`] rounds in all.
fn later_rounds(
    rounds: &mut Vec<Round>,
    runs: &mut Vec<Run>,
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    deadline: &mut Clock,
    program_runs: &mut usize,
) {
    while rounds.len() < MAX_RULES {
        let base: Vec<DeviationRule> = choose_all(rounds, runs)
            .iter()
            .map(|&(r, h)| rounds[r].hypotheses[h].rule)
            .collect();
        if base.is_empty() || base.len() >= MAX_RULES {
            break;
        }
        let residual = residual(&base, runs, options);
        if residual.is_empty() {
            break;
        }
        // Another mistake was met: it gets a budget of its own, even when
        // the rules before it spent all of theirs (a mistake that shows
        // under many equivalent rules, a peach at full HP say, spends the
        // first round's; the other is then never searched).
        *deadline = deadline.renewed(options, 0.5);
        if deadline.over() {
            break;
        }
        let mut hypotheses = from_smallest(&base, runs, options, *deadline);
        if hypotheses.is_empty() {
            break;
        }
        drop_dominated(&mut hypotheses);
        split(
            &mut hypotheses,
            runs,
            solution,
            options,
            *deadline,
            program_runs,
        );
        for round in rounds.iter_mut() {
            for h in &mut round.hypotheses {
                h.catch_up(runs, options);
            }
        }
        rounds.push(Round { base, hypotheses });
    }
}

/// The failing runs outside `covered` on which `rules` make a game longer
/// than a deviated run of the search may take ([`Run::deviated_budget`]:
/// three times the plain run's turns) and, played on to the judge's turn
/// cap, print what the program printed: a mistake that makes games run
/// long (a pig that plays fewer cards, a trick that hits fewer pigs)
/// explains them all the same.
fn longer_games_explained(
    rules: &[DeviationRule],
    runs: &[Run],
    covered: &BTreeSet<usize>,
    options: &DeviationOptions,
) -> Vec<usize> {
    if rules.is_empty() {
        return Vec::new();
    }
    (0..runs.len())
        .filter(|i| !runs[*i].passed && !covered.contains(i))
        .filter(|&i| runs[i].output_with(rules).is_none())
        .filter(|&i| {
            runs[i]
                .output_to_cap(rules)
                .is_some_and(|out| same(&out, &runs[i].actual, options.mode))
        })
        .collect()
}

/// How many times rules are chosen and confirmed at most.
const CHOICES: usize = 8;

/// How many of the first rounds [`choose_all`] reads: those whose base is
/// the rules it chose in the rounds before.
fn rounds_chosen(rounds: &[Round], runs: &[Run]) -> usize {
    let chosen = choose_all(rounds, runs);
    let mut so_far = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        if round.base != so_far {
            return r;
        }
        so_far.extend(
            chosen
                .iter()
                .filter(|&&(c, _)| c == r)
                .map(|&(c, h)| rounds[c].hypotheses[h].rule),
        );
    }
    rounds.len()
}

/// The verdict on rules stated: "confirmed" when the program followed
/// them on the fresh games (`prediction`) and they reproduce every
/// failing game seen (`explained` of `failing`), else "in part".
fn verdict(prediction: &Prediction, explained: usize, failing: usize) -> &'static str {
    if prediction.holds() && explained == failing {
        "confirmed"
    } else {
        "in part"
    }
}

/// A moment of "this game only" chosen among instances is no evidence of
/// where the program went another way when the program followed it on
/// no fresh game, it reproduces at most [`UNSUPPORTED_REPRODUCED`]
/// failing games (the minimised one, and one more), and at least this
/// many of the program's own passing games contradict it made in its
/// whole context (every listed feature of its kind reading as it did):
/// the program decides there as the rules do again and again, and the
/// minimised game is reproduced by coincidence. A program whose mistake
/// the vocabulary cannot state (the ablation survey's) then gets no
/// deviation rather than a moment in a section nothing bears out.
const UNSUPPORTED_CONTRADICTED: usize = 10;

/// See [`UNSUPPORTED_CONTRADICTED`].
const UNSUPPORTED_REPRODUCED: usize = 2;

/// The most fresh games the program is run on to tell apart the moments
/// of "this game only" ([`followed_in_full_context`]).
const MOMENT_RUNS: usize = 24;

/// The most fresh games looked at to find them.
const MOMENT_SEARCH: u64 = 600;

/// What the games that tell moments apart are drawn from.
const MOMENT_OFFSET: u64 = 3 << 40;

/// The hypotheses of a round on top of `base`: the rules of the
/// decisions made otherwise, besides `base`, that reproduce the
/// [`RESIDUAL_SOURCES`] shortest failing runs `base` leaves unexplained (and, on the
/// shortest, every decision's other alternatives under one literal).
fn from_smallest(
    base: &[DeviationRule],
    runs: &[Run],
    options: &DeviationOptions,
    deadline: Clock,
) -> Vec<Hypothesis> {
    let sources: Vec<usize> = residual(base, runs, options)
        .into_iter()
        .take(RESIDUAL_SOURCES)
        .collect();
    // Pairs of decisions are searched sparingly here: the residual has
    // several games, and a second mistake mostly shows alone on one.
    let sparing = DeviationOptions {
        pair_runs: options.pair_runs / RESIDUAL_PAIR_SHARE,
        ..*options
    };
    let mut fresh = BTreeSet::new();
    for (k, &i) in sources.iter().enumerate() {
        let explained = explain_given(&runs[i], base, &sparing, deadline);
        add_rules(&explained, options, &mut fresh);
        if k == 0 {
            add_log_rules(&log_with(&runs[i], base), 1, options, &mut fresh);
        }
    }
    // A rule already chosen is not found again.
    for rule in base {
        fresh.remove(rule);
    }
    initial(&fresh, base, runs, &sources, options, deadline)
}

/// The rules of at most one literal of each decision of the pairs of
/// decisions made otherwise that reproduce the minimised game
/// (`instances`), that reproduce some other failing run alone and
/// contradict no run: where two mistakes show together on the minimised
/// game, each shows alone somewhere else, and a later round finds the
/// other on top of it (the minimised game among what it leaves
/// unexplained).
fn from_pairs_of_steps(
    instances: &[Explanation],
    runs: &[Run],
    options: &DeviationOptions,
    deadline: Clock,
) -> Vec<Hypothesis> {
    let mut broad = BTreeSet::new();
    for step in instances
        .iter()
        .filter(|e| e.steps.len() == 2)
        .flat_map(|e| &e.steps)
    {
        broad.extend(candidate_rules(&step.decision, step.choose, 1));
    }
    let failing: Vec<usize> = (1..runs.len()).filter(|&i| !runs[i].passed).collect();
    initial(&broad, &[], runs, &failing, options, deadline)
}

/// The failing runs that `rules` together do not reproduce, the
/// shortest first.
fn residual(rules: &[DeviationRule], runs: &[Run], options: &DeviationOptions) -> Vec<usize> {
    let mut left: Vec<usize> = (0..runs.len())
        .filter(|&i| !runs[i].passed && fit(rules, &runs[i], options) != Fit::Matched)
        .collect();
    left.sort_by_key(|&i| runs[i].log.len());
    left
}

/// The decisions of `run`'s game when the engine makes `rules`'
/// deviations (the plain log when there are none, or when that run does
/// not end).
fn log_with<'a>(run: &'a Run, rules: &[DeviationRule]) -> Cow<'a, [Decision]> {
    if rules.is_empty() {
        return Cow::Borrowed(&run.log);
    }
    let deviations: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
    let mut events = Vec::new();
    let mut log = Vec::new();
    match counted(|| {
        deviated_run(
            &run.game,
            run.deviated_budget(),
            &deviations,
            &mut events,
            &mut log,
        )
    }) {
        Ok(_) => Cow::Owned(log),
        Err(_) => Cow::Borrowed(&run.log),
    }
}

/// Adds the candidate rules of every step of `explanations` to `into`.
fn add_rules(
    explanations: &[Explanation],
    options: &DeviationOptions,
    into: &mut BTreeSet<DeviationRule>,
) {
    for step in explanations.iter().flat_map(|e| &e.steps) {
        into.extend(candidate_rules(
            &step.decision,
            step.choose,
            options.max_literals,
        ));
    }
}

/// Adds the rules that change some decision of `log`: each
/// decision's kind and other legal alternatives, under at most
/// `literals` of its literals.
fn add_log_rules(
    log: &[Decision],
    literals: usize,
    options: &DeviationOptions,
    into: &mut BTreeSet<DeviationRule>,
) {
    for decision in log {
        for choose in options.deviations(decision) {
            into.extend(candidate_rules(decision, choose, literals));
        }
    }
}

/// Every candidate's fit on the runs seen; those that contradict a run or
/// reproduce no failing game are dead from the start. Candidates are
/// tried fewest literals first; past `deadline` the rest are left out.
fn initial(
    candidates: &BTreeSet<DeviationRule>,
    base: &[DeviationRule],
    runs: &[Run],
    sources: &[usize],
    options: &DeviationOptions,
    deadline: Clock,
) -> Vec<Hypothesis> {
    let mut hypotheses = Vec::new();
    // The failing runs the candidates come from first: a candidate that
    // reproduces none of them is dropped before it costs a run anywhere
    // else; then the passing runs, the shortest first (most candidates
    // die on one of them); then the other failing runs.
    let mut passing: Vec<usize> = (0..runs.len()).filter(|&i| runs[i].passed).collect();
    passing.sort_by_key(|&i| runs[i].log.len());
    let order: Vec<usize> = sources
        .iter()
        .copied()
        .chain(passing)
        .chain((0..runs.len()).filter(|i| !runs[*i].passed && !sources.contains(i)))
        .collect();
    let mut ordered: Vec<&DeviationRule> = candidates.iter().collect();
    ordered.sort_by_key(|r| (r.when.len(), **r));
    'candidates: for rule in ordered {
        if deadline.over() {
            break;
        }
        let mut rules = base.to_vec();
        rules.push(*rule);
        let mut fits = vec![Fit::Quiet; runs.len()];
        let mut matched = false;
        let mut pending = Vec::new();
        let mut checked = 0;
        for (k, &i) in order.iter().enumerate() {
            if deadline.past_hard_end() {
                break 'candidates;
            }
            if k == sources.len() && !matched {
                continue 'candidates;
            }
            if runs[i].passed {
                if rules.iter().all(|r| runs[i].changed_by(r).next().is_none()) {
                    continue;
                }
                if checked == FIRING_CHECKED {
                    pending.push(i);
                    continue;
                }
                checked += 1;
            }
            let f = fit(&rules, &runs[i], options);
            if f == Fit::Contradicted {
                continue 'candidates;
            }
            matched |= f == Fit::Matched;
            fits[i] = f;
        }
        if matched {
            hypotheses.push(Hypothesis::new(*rule, base.to_vec(), fits, pending));
        }
    }
    hypotheses
}

/// The share of the search's budget that [`spared_by_one_run`] gets.
const SPARED_SHARE: f64 = 0.1;

/// The broad rules (of the minimised game's candidates, of at most one
/// literal and fewer than the narrowest living rule of `living` that
/// reproduces the minimised game) that reproduce the minimised game and
/// strictly more failing games than that narrowest rule, and that exactly
/// one passing run contradicts. Two mistakes may undo each other on one
/// game (a duel nullified because its player did not reveal, where the
/// player would have had to discard first): a program that makes the
/// broad rule beside another mistake prints the right output there (and
/// a rule learnt of one literal that leaves that game out may live
/// beside the broad one: then the rule of no literal is the one looked
/// for). Each comes back alive with that run pending: it is fitted again
/// with every rule stated beside it ([`Hypothesis::verify`]), and dies
/// unless they together print what the program printed there, so that no
/// rule set the program's own runs contradict is stated. Until `clock` is
/// over.
fn spared_by_one_run(
    candidates: &BTreeSet<DeviationRule>,
    living: &[Hypothesis],
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> Vec<Hypothesis> {
    let narrow = living
        .iter()
        .filter(|h| h.alive && h.fits.first() == Some(&Fit::Matched))
        .map(|h| (h.rule.when.len(), h.count(Fit::Matched)))
        .min();
    let (broader_than, to_beat) = match narrow {
        Some((literals, matched)) => (literals.min(2), matched),
        None => (2, 0),
    };
    let mut spared = Vec::new();
    'candidates: for rule in candidates.iter().filter(|r| r.when.len() < broader_than) {
        if living.iter().any(|h| h.alive && h.rule == *rule) {
            continue;
        }
        let rules = [*rule];
        let mut fits = vec![Fit::Quiet; runs.len()];
        let mut vetoed = None;
        // The minimised game first, then the passing runs, then the others.
        let order = std::iter::once(0)
            .chain((1..runs.len()).filter(|&i| runs[i].passed))
            .chain((1..runs.len()).filter(|&i| !runs[i].passed));
        for i in order {
            if clock.over() {
                break 'candidates;
            }
            if runs[i].passed && runs[i].changed_by(rule).next().is_none() {
                continue;
            }
            let f = fit(&rules, &runs[i], options);
            match f {
                Fit::Contradicted if vetoed.is_some() => continue 'candidates,
                Fit::Contradicted => vetoed = Some(i),
                _ if i == 0 && f != Fit::Matched => continue 'candidates,
                _ => fits[i] = f,
            }
        }
        let matched = fits.iter().filter(|f| **f == Fit::Matched).count();
        if let (Some(i), true) = (vetoed, matched > to_beat) {
            fits[i] = Fit::Missed;
            spared.push(Hypothesis::new(*rule, Vec::new(), fits, vec![i]));
        }
    }
    spared
}

/// Drops every rule whose failing games reproduced are a strict subset of
/// another living rule's: a program with two mistakes keeps one rule per
/// mistake, one with a mistake narrower or broader than a rival loses it.
fn drop_dominated(hypotheses: &mut [Hypothesis]) {
    let sets: Vec<BTreeSet<usize>> = hypotheses.iter().map(|h| h.matched().collect()).collect();
    let mut distinct: Vec<&BTreeSet<usize>> = Vec::new();
    for (h, set) in hypotheses.iter().zip(&sets) {
        if h.alive && !distinct.contains(&set) {
            distinct.push(set);
        }
    }
    let dominated: Vec<bool> = sets
        .iter()
        .map(|set| {
            distinct
                .iter()
                .any(|other| other.len() > set.len() && set.is_subset(other))
        })
        .collect();
    for (h, dominated) in hypotheses.iter_mut().zip(dominated) {
        if dominated {
            h.alive = false;
        }
    }
}

/// Runs the program on fresh games where the living rules print
/// different outputs, adds those runs, and drops the rules they
/// contradict or dominate, until one rule is left or the budget is spent.
fn split(
    hypotheses: &mut [Hypothesis],
    runs: &mut Vec<Run>,
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    deadline: Clock,
    program_runs: &mut usize,
) {
    let mut used = 0;
    for index in 0..options.split_search {
        let alive: Vec<usize> = (0..hypotheses.len())
            .filter(|&h| hypotheses[h].alive)
            .collect();
        if alive.len() <= 1 || used >= options.split_runs || deadline.over() {
            return;
        }
        let game = search_game(options.seed, index);
        // Most games are dropped: log only what the living rules read
        // until the game is kept.
        let read: Vec<DeviationRule> = alive.iter().flat_map(|&h| hypotheses[h].rules()).collect();
        let Some(run) = Run::right_for(game, &read) else {
            continue;
        };
        // Rules that change the same decisions the same way print the same
        // output: one engine run per pattern.
        let mut outputs: HashMap<Vec<u32>, Option<String>> = HashMap::new();
        let mut per_rule: Vec<(usize, Vec<u32>)> = Vec::new();
        for &h in &alive {
            let pattern = firing(&hypotheses[h].rule, &run);
            per_rule.push((h, pattern));
        }
        let patterns: BTreeSet<&Vec<u32>> = per_rule.iter().map(|(_, p)| p).collect();
        if patterns.len() < 2 {
            continue;
        }
        for (h, pattern) in &per_rule {
            if !outputs.contains_key(pattern) {
                let out = run
                    .output_with(&hypotheses[*h].rules())
                    .map(|o| o.into_owned());
                outputs.insert(pattern.clone(), out);
            }
        }
        let distinct: BTreeSet<&Option<String>> = outputs.values().collect();
        if distinct.len() < 2 {
            continue;
        }
        let Some(actual) = solution(&run.game) else {
            continue;
        };
        used += 1;
        *program_runs += 1;
        let mut run = run.completed();
        run.printed(&actual, options.mode);
        runs.push(run);
        for h in hypotheses.iter_mut() {
            h.catch_up(runs, options);
        }
        drop_dominated(hypotheses);
    }
}

/// Runs the program on fresh games where no living rule changes a
/// decision, until [`DeviationOptions::probe_runs`] runs or two failing
/// games: a failing one there is another mistake (or the same one in a
/// context no living rule covers), which a later round explains. Every
/// run is added to `runs`.
fn probe(
    hypotheses: &[Hypothesis],
    runs: &mut Vec<Run>,
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    program_runs: &mut usize,
) {
    let mut failing = 0;
    let mut used = 0;
    let mut index = 0;
    while used < options.probe_runs && failing < 2 && index < options.split_search {
        let game = search_game(options.seed, PROBE_OFFSET + index);
        index += 1;
        let Some(mut run) = Run::right(game) else {
            continue;
        };
        if hypotheses
            .iter()
            .any(|h| h.alive && run.changed_by(&h.rule).next().is_some())
        {
            continue;
        }
        let Some(actual) = solution(&run.game) else {
            continue;
        };
        used += 1;
        *program_runs += 1;
        run.printed(&actual, options.mode);
        failing += usize::from(!run.passed);
        runs.push(run);
    }
}

/// The indices of the plain run's decisions that `rule` changes.
fn firing(rule: &DeviationRule, run: &Run) -> Vec<u32> {
    run.changed_by(rule).map(|d| d.index).collect()
}

/// The rules to state, as (round, hypothesis), one a round: the living
/// rule of the first round that reproduces the most failing games (then
/// the fewest misses, then the fewest literals); then, in each later
/// round whose base is the rules chosen before it, while failing games
/// are left unexplained, the one that reproduces the most of those (a
/// program with two mistakes, or one misreading that shows in several
/// contexts).
fn choose_all(rounds: &[Round], runs: &[Run]) -> Vec<(usize, usize)> {
    let failing: BTreeSet<usize> = (0..runs.len()).filter(|&i| !runs[i].passed).collect();
    let mut covered: BTreeSet<usize> = BTreeSet::new();
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let so_far: Vec<DeviationRule> = chosen
            .iter()
            .map(|&(r, h)| rounds[r].hypotheses[h].rule)
            .collect();
        if round.base != so_far {
            break;
        }
        let hypotheses = &round.hypotheses;
        if covered.len() < failing.len() {
            let best = (0..hypotheses.len())
                .filter(|&h| {
                    hypotheses[h].alive && !hypotheses[h].mispredicted && !chosen.contains(&(r, h))
                })
                .map(|h| {
                    let gain = hypotheses[h]
                        .matched()
                        .filter(|i| !covered.contains(i))
                        .count();
                    (h, gain)
                })
                .filter(|&(_, gain)| gain > 0)
                .min_by_key(|&(h, gain)| {
                    (
                        std::cmp::Reverse(gain),
                        hypotheses[h].count(Fit::Missed),
                        hypotheses[h].rule.when.len(),
                        hypotheses[h].rule,
                    )
                });
            let Some((h, _)) = best else {
                break;
            };
            covered.extend(hypotheses[h].matched());
            chosen.push((r, h));
        }
    }
    chosen
}

/// The program's outputs on the confirming games, by game index (each
/// game is run once), and the runs not yet added to the evidence.
#[derive(Default)]
struct Confirming {
    outputs: HashMap<u64, Option<Vec<u8>>>,
    new_runs: Vec<Run>,
    /// The program's outputs on the games that tell rules from their
    /// near rivals ([`told_apart`]).
    rival_outputs: RivalOutputs,
}

/// Tests `rule` by prediction: fresh games where it changes the output
/// of the other rules stated with it (of the rules when it is alone),
/// where the program should print what `all` (the rules stated together)
/// print (until `deadline`). The program printing what the rules, or the
/// other rules without it, print there counts against it.
fn confirm(
    rule: &DeviationRule,
    all: &[DeviationRule],
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    deadline: Clock,
    confirming: &mut Confirming,
) -> Prediction {
    let others: Vec<DeviationRule> = all.iter().copied().filter(|r| r != rule).collect();
    let mut prediction = Prediction::default();
    for index in 0..options.confirm_search.saturating_mul(RARE_SEARCH) {
        if prediction.of >= options.confirm_games || deadline.over() {
            break;
        }
        // A rule whose context is rare shows on few games: past the
        // usual search, the search goes on while the program printed
        // what the rule predicts on every game where it showed, until
        // there are enough games to confirm it.
        if index >= options.confirm_search
            && (prediction.of == 0
                || prediction.matched < prediction.of
                || prediction.of >= MIN_PREDICTED)
        {
            break;
        }
        // Most games are dropped: log only what the rules read until the
        // game is kept.
        let game = search_game(options.seed, CONFIRM_OFFSET + index);
        let Some(run) = Run::right_for(game, all) else {
            continue;
        };
        // Beside another mistake, a rule shows where it changes what that
        // mistake prints, wherever that is.
        let Some(predicted) = run.output_with(all).map(Cow::into_owned) else {
            continue;
        };
        let Some(without) = run.output_with(&others).map(Cow::into_owned) else {
            continue;
        };
        if same(&predicted, &without, options.mode) {
            continue;
        }
        prediction.of += 1;
        let actual = match confirming.outputs.get(&index) {
            Some(known) => known.clone(),
            None => {
                let actual = solution(&run.game);
                confirming.outputs.insert(index, actual.clone());
                if let Some(actual) = &actual {
                    let mut kept = run.clone().completed();
                    kept.printed(actual, options.mode);
                    confirming.new_runs.push(kept);
                }
                actual
            }
        };
        let Some(actual) = actual else {
            continue;
        };
        let actual = String::from_utf8_lossy(&actual);
        if same(&predicted, &actual, options.mode) {
            prediction.matched += 1;
        } else if same(&run.reference, &actual, options.mode)
            || same(&without, &actual, options.mode)
        {
            prediction.right += 1;
        }
    }
    prediction
}

/// How many times [`DeviationOptions::confirm_search`] games are looked
/// at, at most, to find [`MIN_PREDICTED`] games for a rule that the
/// program followed wherever it showed.
const RARE_SEARCH: u64 = 3;

/// The evidence of the chosen rule `h`.
fn described(
    hypotheses: &[Hypothesis],
    h: usize,
    runs: &[Run],
    prediction: Prediction,
    verdict: &'static str,
    failing: usize,
) -> Found {
    let me = &hypotheses[h];
    // The failing games it reproduces where it changes a decision itself
    // (a later round's rule also reproduces those its base explains alone).
    let shows: Vec<(usize, Decision)> = me
        .matched()
        .filter_map(|i| {
            let log = log_with(&runs[i], &me.base);
            let d = log.iter().find(|d| changes(&me.rule, d))?;
            Some((i, d.clone()))
        })
        .collect();
    let first_matched = shows.first().map(|(i, _)| *i);
    let game = first_matched.map(|i| runs[i].game.clone());
    let at = shows.first().map(|(_, d)| Step {
        decision: d.clone(),
        choose: me.rule.choose,
    });
    let mut equivalent: Vec<DeviationRule> = hypotheses
        .iter()
        .enumerate()
        .filter(|(i, other)| *i != h && other.alive && other.fits == me.fits)
        .map(|(_, other)| other.rule)
        .collect();
    equivalent.sort_by_key(|r| (r.when.len(), *r));
    Found {
        rule: me.rule,
        at,
        game,
        on_first_game: first_matched == Some(0),
        explains: if me.base.is_empty() {
            me.count(Fit::Matched)
        } else {
            shows.len()
        },
        of: failing,
        prediction,
        verdict,
        equivalent,
        runs: runs.len(),
    }
}
