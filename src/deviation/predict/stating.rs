//! The rule at the moment of "this game only", learnt by asking the
//! program ([`super::ask`]) and stated only when it passes the search's
//! usual guards ([`Stating`]), or else a near rival the program followed,
//! or the moment's kind and alternative narrowed against every run.

use super::*;

/// The rule at the moment of "this game only" learnt by asking the
/// program ([`ask::asked_rule`]), stated when it passes the search's
/// usual guards ([`Stating::stated`]), or else the near rival the program
/// followed where it was told apart from them. The program's runs made
/// while asking join `runs`. When neither passes (the rule misses the
/// minimised game, a run contradicts it, or the program does not follow
/// it), the moment's kind and alternative are narrowed against every run
/// of the program instead ([`specialised`]), with literals the moment
/// shares with every decision the program went that way at (the examples
/// say where to look; the runs, which literal), and that rule (or its
/// rival) is tried the same way. `None` for a moment of two decisions.
pub(super) fn stated_by_asking(
    instance: &Explanation,
    runs: &mut Vec<Run>,
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    clock: Clock,
    confirming: &mut Confirming,
    program_runs: &mut usize,
) -> Option<Found> {
    let [step] = instance.steps.as_slice() else {
        return None;
    };
    let mut asked = ask::asked_rule(step, runs, solution, options, clock);
    *program_runs += asked.program_runs;
    runs.append(&mut asked.runs);
    let mut stating = Stating {
        runs,
        solution,
        options,
        clock,
        confirming,
        program_runs,
        tried: Vec::new(),
    };
    if let Some(found) = asked
        .rule
        .and_then(|rule| stating.rule_or_rival(rule, false))
    {
        return Some(found);
    }
    let start = DeviationRule {
        kind: step.decision.kind,
        when: ContextRule::ALWAYS,
        choose: step.choose,
    };
    let most = options.max_literals + 1;
    let (rule, _) = specialised(start, asked.alike?, most, runs, options, clock)?;
    stating.rule_or_rival(rule, true)
}

/// What stating a rule found by asking the program needs: the runs seen,
/// the program, the budget, the confirming runs and program runs so far,
/// and the rules already tried.
pub(super) struct Stating<'a, 's> {
    runs: &'a [Run],
    solution: &'a mut Solution<'s>,
    options: &'a DeviationOptions,
    clock: Clock,
    confirming: &'a mut Confirming,
    program_runs: &'a mut usize,
    tried: Vec<DeviationRule>,
}

impl Stating<'_, '_> {
    /// `rule` stated ([`Stating::stated`]), or else the first near rival
    /// the program followed where it was told apart from them (as a rule
    /// `fitted`: see there); `None` when neither passes, or `rule` was
    /// tried already.
    pub(super) fn rule_or_rival(&mut self, rule: DeviationRule, fitted: bool) -> Option<Found> {
        if self.tried.contains(&rule) {
            return None;
        }
        self.tried.push(rule);
        let followed = match self.stated(rule, fitted) {
            Ok(found) => return Some(found),
            Err(followed) => followed,
        };
        for rival in followed {
            if self.tried.contains(&rival) {
                continue;
            }
            self.tried.push(rival);
            if let Ok(found) = self.stated(rival, true) {
                return Some(found);
            }
        }
        None
    }

    /// `rule`, found by asking the program, stated when it passes the
    /// search's usual guards: it reproduces the minimised game, no run of
    /// the program seen (the confirming runs among them) contradicts it,
    /// the program follows it on fresh games ([`confirm`]; never where it
    /// was right), and no near rival the program follows prints another
    /// output ([`told_apart`]). A rule `fitted` to the runs (narrowed on
    /// them, or a near rival the program followed once) must be followed
    /// on [`Prediction::holds`]'s share of its fresh games: it was picked
    /// among many for fitting what was seen, so less is no evidence ("in
    /// part" is left to the rule the examples alone gave). Else the near
    /// rivals the program followed where the rule was told apart from
    /// them.
    pub(super) fn stated(
        &mut self,
        rule: DeviationRule,
        fitted: bool,
    ) -> Result<Found, Vec<DeviationRule>> {
        let (runs, options) = (self.runs, self.options);
        let fits: Vec<Fit> = runs.iter().map(|run| fit(&[rule], run, options)).collect();
        if fits.first() != Some(&Fit::Matched)
            || fits.contains(&Fit::Contradicted)
            || self
                .confirming
                .new_runs
                .iter()
                .any(|run| fit(&[rule], run, options) == Fit::Contradicted)
        {
            return Err(Vec::new());
        }
        let prediction = confirm(
            &rule,
            &[rule],
            self.solution,
            options,
            self.clock.extended(options, 2.0),
            self.confirming,
        );
        if prediction.right > 0 || !(prediction.holds() || (!fitted && prediction.holds_in_part()))
        {
            return Err(Vec::new());
        }
        // A near rival the program follows where it prints another output
        // than the rule: the rule is not the program's.
        let told = told_apart(
            &rule,
            &[rule],
            runs,
            self.solution,
            options,
            Clock::part(options, RIVAL_SHARE),
            &mut self.confirming.rival_outputs,
        );
        *self.program_runs += told.program_runs;
        if told.refuted() {
            return Err(told.followed);
        }
        let hypothesis = Hypothesis::new(rule, Vec::new(), fits, Vec::new());
        let failing = runs.iter().filter(|r| !r.passed).count();
        let verdict = verdict(&prediction, hypothesis.count(Fit::Matched), failing);
        Ok(described(
            &[hypothesis],
            0,
            runs,
            prediction,
            verdict,
            failing,
        ))
    }
}
