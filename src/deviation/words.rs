//! The deviation in the game's words, as every report shows it: the
//! `--json` record of a failure's `deviation`, the text and `.md` report.

use pigkill_engine::{Game, Role};
use pigkill_reference::decision::{Decision, DeviationRule};
use pigkill_reference::mutants::Mutation;
use serde::Serialize;

use super::predict::{Finding, Found};
use super::search::Step;

/// A deviation as reports show it (`--json`: a failure's `deviation`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviationReport {
    /// The `rules.md` heading of the rule broken, exactly.
    pub section: String,
    /// The decision's kind id (`kill-target`, ...).
    pub decision: String,
    /// The decision's question in words.
    pub question: String,
    /// The turn (1-based; 0: before the first turn).
    pub turn: u32,
    /// The pig who decides (1-based, as the problem numbers pigs).
    pub pig: usize,
    /// Its role (`lord`, `loyalist`, `rebel`).
    pub role: String,
    /// The index of the event the decision comes before in the game's trace.
    pub event: usize,
    /// What the rules decide there.
    pub rule_says: String,
    /// What a program that printed this output must have done instead.
    pub program_did: String,
    /// Why the rules decide so.
    pub why: String,
    /// When the program decides so, in words (`None`: this game only).
    pub context: Option<String>,
    /// The general rule in words (`None`: this game only).
    pub rule: Option<String>,
    /// `confirmed`, `in part` or `this game only`.
    pub verdict: String,
    /// On how many fresh games where the rule shows the program printed
    /// what it predicts ...
    pub predicted: Option<usize>,
    /// ... of how many tried.
    pub tried: Option<usize>,
    /// On how many failing games the rule reproduces the output ...
    pub explains: Option<usize>,
    /// ... of how many.
    pub of: Option<usize>,
    /// Rules the program's runs could not tell from this one, in words.
    pub equivalent: Vec<String>,
    /// The catalogue mistake that is the same rule, if one is.
    pub catalogue: Option<String>,
    /// Whether the moment described is on the minimised game (else on
    /// another failing game of the run).
    pub on_minimised_game: bool,
    /// The program's other mistake, when it makes two.
    pub also: Vec<DeviationReport>,
    /// Seconds the search took (instances, rules, runs of the program).
    pub search_s: f64,
    /// Runs of the program on fresh games, to tell rules apart and confirm them.
    pub program_runs: usize,
    /// Deviated engine runs the search made (what `--search-runs` counts).
    pub engine_runs: u64,
    /// The rule stated, as data (none: this game only).
    #[serde(skip)]
    pub stated: Option<DeviationRule>,
}

impl DeviationReport {
    /// Every rule stated: this one's and its other mistake's.
    pub fn rules(&self) -> Vec<DeviationRule> {
        std::iter::once(self)
            .chain(&self.also)
            .filter_map(|d| d.stated)
            .collect()
    }
}

fn role(game: &Game, decision: &Decision) -> String {
    game.pigs()
        .get(decision.actor)
        .map_or(Role::Rebel.name(), |p| p.role.name())
        .to_string()
}

impl DeviationReport {
    /// The report of one moment (`step`, on `game`) under `found` (the
    /// rule, or none: this game only).
    fn of_step(
        game: &Game,
        step: &Step,
        found: Option<&Found>,
        minimised: bool,
    ) -> DeviationReport {
        let d = &step.decision;
        let rule = found.map(|f| f.rule);
        DeviationReport {
            section: d.kind.section().to_string(),
            decision: d.kind.id().to_string(),
            question: d.kind.question().to_string(),
            turn: d.turn,
            pig: d.actor + 1,
            role: role(game, d),
            event: d.event,
            rule_says: d.does(d.rule),
            program_did: d.does(step.choose),
            why: d.why(),
            context: rule.map(|r| r.when.words()),
            rule: rule.map(|r| r.words()),
            verdict: found.map_or("this game only", |f| f.verdict).to_string(),
            predicted: found.map(|f| f.prediction.matched),
            tried: found.map(|f| f.prediction.of),
            explains: found.map(|f| f.explains),
            of: found.map(|f| f.of),
            equivalent: found
                .map(|f| {
                    f.equivalent
                        .iter()
                        .take(3)
                        .map(DeviationRule::words)
                        .collect()
                })
                .unwrap_or_default(),
            catalogue: rule.and_then(catalogue_name),
            on_minimised_game: minimised,
            also: Vec::new(),
            search_s: 0.0,
            program_runs: 0,
            engine_runs: 0,
            stated: rule,
        }
    }

    /// The report of a finding on `game` (the minimised game).
    pub fn new(game: &Game, finding: &Finding) -> DeviationReport {
        let Some(main) = finding.rules.first() else {
            let step = finding.instance.steps.first().cloned();
            let mut report = match step {
                Some(step) => DeviationReport::of_step(game, &step, None, true),
                None => unreachable_report(),
            };
            for step in finding.instance.steps.iter().skip(1) {
                report
                    .also
                    .push(DeviationReport::of_step(game, step, None, true));
            }
            report.search_s = finding.elapsed.as_secs_f64();
            report.program_runs = finding.program_runs;
            report.engine_runs = finding.engine_runs;
            return report;
        };
        let report_of = |found: &Found| {
            let step = found
                .at
                .clone()
                .or_else(|| finding.instance.steps.first().cloned());
            let on = found.game.as_ref().unwrap_or(game);
            step.map(|s| DeviationReport::of_step(on, &s, Some(found), found.on_first_game))
        };
        let mut report = report_of(main).unwrap_or_else(unreachable_report);
        for found in finding.rules.iter().skip(1) {
            if let Some(other) = report_of(found) {
                report.also.push(other);
            }
        }
        report.search_s = finding.elapsed.as_secs_f64();
        report.program_runs = finding.program_runs;
        report.engine_runs = finding.engine_runs;
        report
    }
}

/// A report of nothing (a finding always holds an instance; kept so that
/// no report panics).
fn unreachable_report() -> DeviationReport {
    DeviationReport {
        section: String::new(),
        decision: String::new(),
        question: String::new(),
        turn: 0,
        pig: 0,
        role: String::new(),
        event: 0,
        rule_says: String::new(),
        program_did: String::new(),
        why: String::new(),
        context: None,
        rule: None,
        verdict: "this game only".to_string(),
        predicted: None,
        tried: None,
        explains: None,
        of: None,
        equivalent: Vec::new(),
        catalogue: None,
        on_minimised_game: true,
        also: Vec::new(),
        search_s: 0.0,
        program_runs: 0,
        engine_runs: 0,
        stated: None,
    }
}

/// The catalogue mistake that is `rule`, stated as data.
pub fn catalogue_name(rule: DeviationRule) -> Option<String> {
    Mutation::ALL
        .into_iter()
        .find(|m| {
            m.deviation_rules()
                .is_some_and(|rules| rules.iter().eq([rule].iter()))
        })
        .map(|m| m.name().to_string())
}

/// The deviation in words, one paragraph (and one more per other
/// mistake), or why there is none.
pub fn deviation_text(deviation: Option<&DeviationReport>) -> String {
    let Some(d) = deviation else {
        return "No decision of the rules' vocabulary explains this output: no decision made \
                otherwise (one or two) makes the rules print it, or the program's own runs \
                contradict each one that does.\n"
            .to_string();
    };
    let mut text = paragraph(d);
    for other in &d.also {
        text.push_str("Also: ");
        text.push_str(&paragraph(other));
    }
    text
}

fn paragraph(d: &DeviationReport) -> String {
    let mut text = format!(
        "{}: {}. A program that printed this output must have done otherwise there: {}.",
        d.verdict, d.why, d.program_did,
    );
    if !d.on_minimised_game {
        text.push_str(" (on another failing game of the run)");
    }
    match (&d.rule, d.predicted, d.tried) {
        (Some(rule), Some(predicted), Some(tried)) => {
            text.push_str(&format!(
                " The general rule: {rule}; it predicted {predicted} of {tried} fresh games where it shows"
            ));
            if let (Some(explains), Some(of)) = (d.explains, d.of) {
                text.push_str(&format!(" and reproduces {explains} of {of} failing games"));
            }
            text.push('.');
        }
        _ => text.push_str(" No general rule predicts the program: this game only."),
    }
    if !d.equivalent.is_empty() {
        text.push_str(&format!(
            " The runs cannot tell it from: {}.",
            d.equivalent.join("; ")
        ));
    }
    if let Some(name) = &d.catalogue {
        text.push_str(&format!(" It is the catalogue's `{name}`."));
    }
    text.push('\n');
    text
}
