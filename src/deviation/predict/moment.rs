//! The moment of "this game only": where no rule is stated, the decision
//! the report speaks of is chosen among the minimised game's instances,
//! the living rule's and the abduced rule's decisions, by their support
//! on the same other failing games ([`Support`]), then by how often the
//! program follows each made in its whole context on fresh games, then
//! by how many of its passing runs contradict it.

use super::*;

/// Each instance made in its whole context (its decision made otherwise
/// wherever every listed feature of its kind reads as it did there), as
/// a rule.
pub(super) fn full_context_rules(instance: &Explanation) -> Vec<DeviationRule> {
    instance
        .steps
        .iter()
        .map(|step| {
            let mask = step.decision.kind.feature_mask();
            DeviationRule {
                kind: step.decision.kind,
                when: ContextRule {
                    mask,
                    values: step.decision.context.0 & mask,
                },
                choose: step.choose,
            }
        })
        .collect()
}

/// For each instance, on what share (per mille) of the fresh games where
/// the instance made in its whole context changes the output the program
/// printed what it prints: the program is run (at most [`MOMENT_RUNS`]
/// times) on fresh games where the instances' rules print different
/// outputs. A share, not a count: a rule that shows on every game (a
/// starting HP) would otherwise get the most chances to be followed. Where
/// several decisions of the minimised game reproduce it, a program that
/// went another way at one of them (a mistake no rule states, one that
/// depends on what happened before, say) still goes that way there on
/// some other games, while a decision that reproduces the game by luck
/// is seldom followed.
pub(super) fn followed_in_full_context(
    instances: &[Explanation],
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    clock: Clock,
) -> (Vec<usize>, usize) {
    let rules: Vec<Vec<DeviationRule>> = instances.iter().map(full_context_rules).collect();
    let mut followed = vec![0; instances.len()];
    let mut shown = vec![0usize; instances.len()];
    // The distinct rule sets, and which of them each instance makes.
    let mut distinct: Vec<&Vec<DeviationRule>> = Vec::new();
    let slot: Vec<usize> = rules
        .iter()
        .map(|r| {
            distinct.iter().position(|d| *d == r).unwrap_or_else(|| {
                distinct.push(r);
                distinct.len() - 1
            })
        })
        .collect();
    if distinct.len() < 2 {
        return (followed, 0);
    }
    let read: Vec<DeviationRule> = rules.iter().flatten().copied().collect();
    let mut used = 0;
    for index in 0..MOMENT_SEARCH {
        if used >= MOMENT_RUNS || clock.over() {
            break;
        }
        let game = search_game(options.seed, MOMENT_OFFSET + index);
        let Some(run) = Run::right_for(game, &read) else {
            continue;
        };
        let outputs: Vec<Option<String>> = distinct
            .iter()
            .map(|r| {
                if r.iter().all(|rule| run.changed_by(rule).next().is_none()) {
                    return None;
                }
                run.output_with(r)
                    .map(Cow::into_owned)
                    .filter(|out| !same(out, &run.reference, options.mode))
            })
            .collect();
        if outputs.iter().all(Option::is_none) {
            continue;
        }
        let Some(actual) = solution(&run.game) else {
            continue;
        };
        used += 1;
        let actual = String::from_utf8_lossy(&actual);
        for (i, &k) in slot.iter().enumerate() {
            if let Some(out) = &outputs[k] {
                shown[i] += 1;
                if same(out, &actual, options.mode) {
                    followed[i] += 1;
                }
            }
        }
    }
    let share = followed
        .iter()
        .zip(&shown)
        .map(|(&f, &n)| if f == 0 { 0 } else { f * 1000 / n })
        .collect();
    (share, used)
}

/// How many of the program's passing runs where an instance's full
/// context recurs are run to see whether the program decides otherwise
/// there too.
pub(super) const FULL_CONTEXT_CHECKED: usize = 64;

/// How many of the program's own passing runs contradict `instance` made
/// in its whole context (the instance's decisions, each made otherwise
/// wherever every feature of its kind reads as it did there): the passing
/// runs, of the first [`FULL_CONTEXT_CHECKED`] where it changes a
/// decision, where it changes the output (those run before `clock` is
/// over). A decision whose
/// context recurs in every game (a pig's starting HP, say) and that the
/// program gets right elsewhere is an unlikely place for it to have gone
/// another way: such an instance reproduces the minimised game by luck.
pub(super) fn contradicted_in_full_context(
    instance: &Explanation,
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> usize {
    let rules = full_context_rules(instance);
    runs.iter()
        .filter(|run| run.passed && rules.iter().any(|r| run.changed_by(r).next().is_some()))
        .take(FULL_CONTEXT_CHECKED)
        .take_while(|_| !clock.over())
        .filter(|run| fit(&rules, run, options) == Fit::Contradicted)
        .count()
}

/// On how many failing runs (the shortest) [`most_reproducing`] counts
/// what a rule reproduces.
pub(super) const MOMENT_FAILING: usize = 16;

/// A moment of "this game only" told by rules rather than instances: of
/// the rules abduced on the minimised game (`abduced`, at most
/// [`ABDUCED_SEEDS_PER_KIND`] of each kind and alternative), the one that
/// reproduces the most failing runs (of the [`MOMENT_FAILING`] shortest),
/// when that is at least two: a program contradicted there by some
/// passing run (its mistake hangs on what no recorded feature says) still
/// went that way on several games. The first decision of the minimised
/// game it changes, made its way, the rule, and how many failing runs it
/// reproduces; `None` when no rule reproduces two, or `clock` is over.
pub(super) fn most_reproducing(
    abduced: &[DeviationRule],
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> Option<(Step, DeviationRule, usize)> {
    let failing = moment_failing(runs);
    let mut per_kind: HashMap<(DecisionKind, Choice), usize> = HashMap::new();
    let mut best: Option<(usize, DeviationRule)> = None;
    for rule in abduced {
        let tried = per_kind.entry((rule.kind, rule.choose)).or_default();
        if *tried >= ABDUCED_SEEDS_PER_KIND || clock.over() {
            continue;
        }
        *tried += 1;
        let reproduced = failing
            .iter()
            .take_while(|_| !clock.over())
            .filter(|&&i| fit(&[*rule], &runs[i], options) == Fit::Matched)
            .count();
        if best.is_none_or(|(most, _)| reproduced > most) {
            best = Some((reproduced, *rule));
        }
    }
    let (reproduced, rule) = best?;
    if reproduced < 2 || clock.over() {
        return None;
    }
    let decision = runs[0].changed_by(&rule).next()?.clone();
    Some((
        Step {
            decision,
            choose: rule.choose,
        },
        rule,
        reproduced,
    ))
}

/// On how many other failing games (the shortest) [`Support`] looks for
/// a moment's kind and alternative: enough that a decision going another
/// way again and again stands out from one that reproduces the minimised
/// game alone, few enough that the look costs a small share of the budget.
pub(super) const SUPPORT_GAMES: usize = 6;

/// The share of the search's budget that [`Support`] gets, besides the
/// moment's own: as telling near rivals apart and sparing a broad rule
/// get. On the ablation survey's rows it spends at most 616 runs of a
/// 20,000-run budget, so the share bounds a pathological game rather
/// than the usual one.
pub(super) const SUPPORT_SHARE: f64 = 0.1;

/// The most decisions of one kind tried on one game by [`Support`].
pub(super) const SUPPORT_DECISIONS: usize = 40;

/// The support of the moments of "this game only": on how many of the
/// same other failing games (the [`SUPPORT_GAMES`] shortest) a candidate
/// prints exactly what the program printed there. A mistake shows on
/// many failing games, each reproduced by going another way at the same
/// kind of decision; a tiny minimised game is reproduced by many single
/// deviations of unrelated decisions (a starting HP, whose turn is first),
/// each of which seldom reproduces a second game. The instances and the
/// rule abduced are counted on the same games, so that their supports
/// compare: the abduced rule's count on [`MOMENT_FAILING`] games (up to
/// 15 others, longer ones among them) had outweighed an instance's on 6,
/// and a starting HP whose rule reproduces several longer games beat the
/// mistake's own kind on the short ones. (The living rule, which no
/// passing run contradicts, keeps its count on every failing run.) One
/// memo serves the whole choice: each kind and alternative is tried
/// once. Until `clock` is over.
pub(super) struct Support<'a> {
    runs: &'a [Run],
    options: &'a DeviationOptions,
    clock: Clock,
    /// The other failing games looked at (indices into `runs`).
    others: Vec<usize>,
    /// How many of `others` one decision of a kind made to an
    /// alternative reproduces ([`reproduced_at_kind`]).
    known: HashMap<(DecisionKind, Choice), usize>,
}

impl<'a> Support<'a> {
    pub(super) fn new(runs: &'a [Run], options: &'a DeviationOptions, clock: Clock) -> Self {
        let others = moment_failing(runs)
            .into_iter()
            .filter(|&i| i != 0)
            .take(SUPPORT_GAMES)
            .collect();
        Support {
            runs,
            options,
            clock,
            others,
            known: HashMap::new(),
        }
    }

    /// For each moment, on how many of the other games one decision of
    /// its kind made its way (a single deviation: of the kind of one of
    /// its steps, to that step's alternative, at most
    /// [`SUPPORT_DECISIONS`] of its decisions a game), or the moment made
    /// in its whole context as a rule (several decisions of a game may go
    /// its way), reproduces the program's output.
    pub(super) fn of(&mut self, moments: &[Explanation]) -> Vec<usize> {
        moments
            .iter()
            .map(|moment| {
                let singly = moment
                    .steps
                    .iter()
                    .map(|step| self.at_kind((step.decision.kind, step.choose)))
                    .max()
                    .unwrap_or(0);
                singly.max(self.of_rule(&full_context_rules(moment)))
            })
            .collect()
    }

    /// On how many of the other games one decision of the kind made to
    /// the alternative reproduces the program's output (memoised).
    pub(super) fn at_kind(&mut self, key: (DecisionKind, Choice)) -> usize {
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let reproduced = self
            .others
            .iter()
            .filter(|&&i| reproduced_at_kind(&self.runs[i], key, self.options, self.clock))
            .count();
        self.known.insert(key, reproduced);
        reproduced
    }

    /// On how many of the other games `rules` print the program's output.
    pub(super) fn of_rule(&self, rules: &[DeviationRule]) -> usize {
        self.others
            .iter()
            .take_while(|_| !self.clock.over())
            .filter(|&&i| fit(rules, &self.runs[i], self.options) == Fit::Matched)
            .count()
    }
}

/// Whether one decision of `run` of the kind, made to the alternative of
/// `key`, prints exactly what the program printed ([`Support`]).
pub(super) fn reproduced_at_kind(
    run: &Run,
    (kind, choose): (DecisionKind, Choice),
    options: &DeviationOptions,
    clock: Clock,
) -> bool {
    run.by_kind
        .get(kind as usize)
        .into_iter()
        .flatten()
        .map(|&i| &run.log[i])
        .filter(|d| options.deviations(d).any(|c| c == choose))
        .take(SUPPORT_DECISIONS)
        .take_while(|_| !clock.over())
        .any(|d| {
            run.output_making(&[Deviation::Instance {
                index: d.index,
                choose,
            }])
            .is_some_and(|out| same(&out, &run.actual, options.mode))
        })
}

/// The failing runs [`most_reproducing`] counts: the minimised game, then
/// the shortest, [`MOMENT_FAILING`] in all.
pub(super) fn moment_failing(runs: &[Run]) -> Vec<usize> {
    let mut failing: Vec<usize> = (0..runs.len()).filter(|&i| !runs[i].passed).collect();
    failing.sort_by_key(|&i| (i != 0, runs[i].log.len()));
    failing.truncate(MOMENT_FAILING);
    failing
}

/// How many of the failing runs [`most_reproducing`] counts `instance`
/// made in its whole context reproduces (those fitted before `clock` is
/// over).
pub(super) fn reproduced_in_full_context(
    instance: &Explanation,
    runs: &[Run],
    options: &DeviationOptions,
    clock: Clock,
) -> usize {
    let rules = full_context_rules(instance);
    moment_failing(runs)
        .into_iter()
        .take_while(|_| !clock.over())
        .filter(|&i| fit(&rules, &runs[i], options) == Fit::Matched)
        .count()
}
