//! Diagnosis: which known mistake (`pigkill_reference::mutants`) most
//! likely made a solution print what it printed.
//!
//! 1. **Candidates** ([`candidates`]): on a failing game, every single
//!    variant of the reference engine, then every pair of variants that
//!    each change the reference's output on this game, whose output equals
//!    the solution's actual output as `pigkill check` compares it
//!    ([`crate::solution::compare`], accepted means equal). Singles come
//!    first; a pair is kept only when neither of its variants alone
//!    reproduces the output.
//! 2. **Explains** ([`explains`]): of the run's failing games, on how many
//!    the candidate reproduces the actual output.
//! 3. **Confirmed by prediction** ([`confirm`]): a match on one game is a
//!    hypothesis, since coincidences are common. Fresh games are generated
//!    (reproducibly, from [`ConfirmOptions::seed`]) where the candidate's
//!    output differs from the reference's, preferring those where it also
//!    differs from the other candidates'; the solution is run on them, and
//!    we count how often it prints what the candidate prints.
//!
//! A candidate's [`Verdict`], from its [`Prediction`] (`matched`: the
//! solution printed what the candidate predicts; `right`: it printed the
//! right output, so the mistake should have shown and did not; the rest:
//! something else, another mistake interfering):
//!
//! - [`Verdict::Confirmed`]: at least [`MIN_PREDICTED`] fresh games tried,
//!   at least 90% ([`PREDICTED_SHARE`]) of them matched, and it explains
//!   every failing game.
//! - [`Verdict::InPart`]: at least [`MIN_PREDICTED`] fresh games matched and
//!   at most 10% right, but either it explains only some failing games, or
//!   the solution printed something else on some fresh games: the solution
//!   makes this mistake and another one.
//! - [`Verdict::Rejected`]: anything else (too few matches, or the solution
//!   was right where the mistake shows): the match was a coincidence, or
//!   cannot be told from one.
//! - [`Verdict::Unconfirmed`]: no solution was given to test it on fresh
//!   games; it only matches the failing games.
//!
//! With several failing games and no single candidate explaining them all,
//! pairs of single candidates (of different games) that explain more
//! failing games than either alone are candidates too.
//!
//! [`Diagnosis::causes`] lists only what is not rejected, best first. An
//! empty list means that no known mistake explains the output: a wrong
//! likely cause sends a contestant to fix the wrong rule, so none is given.

use std::time::Instant;

use pigkill_engine::{Budget, Game};
use pigkill_reference::mutants::{Mutation, MutationSet};

use crate::catalogue::{output, same, search_game};
use crate::solution::{Command, CompareMode, Limits, Worker};

/// A solution under diagnosis: a game in, its output out (`None` when it
/// gave none: it crashed, timed out, ...).
pub type Solution<'a> = dyn FnMut(&Game) -> Option<Vec<u8>> + 'a;

/// A solution program as a [`Solution`]: runs `command` on each game with
/// `worker` under `limits`, and gives its stdout when it exited with 0 in
/// time (`None` otherwise, or when it could not be run).
pub fn run_solution<'a>(
    worker: &'a mut Worker,
    command: &'a Command,
    limits: &'a Limits,
) -> impl FnMut(&Game) -> Option<Vec<u8>> + 'a {
    run_solution_until(worker, command, limits, None)
}

/// [`run_solution`] that ends by `deadline`: each run's time limit is cut
/// to the time left, and once it has passed the solution is not run (as
/// if it gave no output).
pub fn run_solution_until<'a>(
    worker: &'a mut Worker,
    command: &'a Command,
    limits: &'a Limits,
    deadline: Option<Instant>,
) -> impl FnMut(&Game) -> Option<Vec<u8>> + 'a {
    move |game: &Game| {
        let mut limits = *limits;
        if let Some(deadline) = deadline {
            let left = deadline.checked_duration_since(Instant::now())?;
            limits.timeout = limits.timeout.min(left);
        }
        let report = worker
            .run(command, game.to_text().as_bytes(), &limits)
            .ok()?;
        let finished = report.termination.success() && !report.timed_out && !report.output_exceeded;
        finished.then(|| report.stdout.clone())
    }
}

/// The fewest fresh games a candidate must predict to be reported.
pub const MIN_PREDICTED: usize = 10;

/// The share of the fresh games a candidate must predict to be reported.
pub const PREDICTED_SHARE: f64 = 0.9;

/// A hypothesis: the solution behaves like the reference engine with these mistakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// One mistake, or two made together.
    pub mistakes: MutationSet,
}

impl Candidate {
    /// The candidate of one mistake.
    pub fn single(mutation: Mutation) -> Candidate {
        Candidate {
            mistakes: MutationSet::single(mutation),
        }
    }

    /// The id: the mistake's id, or both ids joined by `+`.
    pub fn id(&self) -> String {
        self.mistakes.to_string()
    }

    /// The mistakes' descriptions, joined by `; and `.
    pub fn description(&self) -> String {
        self.mistakes
            .iter()
            .map(Mutation::description)
            .collect::<Vec<_>>()
            .join("; and ")
    }

    /// The `rules.md` sections broken, joined by ` and ` (each once).
    pub fn rule(&self) -> String {
        let mut sections: Vec<&str> = Vec::new();
        for m in self.mistakes.iter() {
            if !sections.contains(&m.section()) {
                sections.push(m.section());
            }
        }
        sections.join(" and ")
    }

    /// The candidate's output on `game` (`None`: it does not end there).
    pub fn output(&self, game: &Game) -> Option<String> {
        output(game, self.mistakes, Budget::default())
    }
}

/// Every candidate whose output on `game` equals `actual` under `mode`:
/// single variants first (in catalogue order), then pairs of variants
/// that each change the reference's output on this game and that
/// reproduce `actual` where neither does alone. Empty when `actual` is
/// the right output, or the reference engine finds that the game does not end.
pub fn candidates(game: &Game, actual: &[u8], mode: CompareMode) -> Vec<Candidate> {
    let budget = Budget::default();
    let actual = String::from_utf8_lossy(actual);
    let Some(reference) = output(game, MutationSet::EMPTY, budget) else {
        return Vec::new();
    };
    if same(&reference, &actual, mode) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut changing = Vec::new();
    for m in Mutation::ALL {
        let Some(out) = output(game, MutationSet::single(m), budget) else {
            continue;
        };
        if same(&out, &actual, mode) {
            found.push(Candidate::single(m));
        } else if !same(&out, &reference, mode) {
            changing.push(m);
        }
    }
    for (i, &a) in changing.iter().enumerate() {
        for &b in &changing[i + 1..] {
            let pair = MutationSet::of(&[a, b]);
            if output(game, pair, budget).is_some_and(|out| same(&out, &actual, mode)) {
                found.push(Candidate { mistakes: pair });
            }
        }
    }
    found
}

/// One failing game of a run: the game and what the solution printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The game.
    pub game: Game,
    /// The solution's actual output.
    pub actual: Vec<u8>,
}

/// Of `failures`, on how many `candidate` reproduces the actual output.
pub fn explains(candidate: &Candidate, failures: &[Failure], mode: CompareMode) -> usize {
    failures
        .iter()
        .filter(|f| {
            candidate
                .output(&f.game)
                .is_some_and(|out| same(&out, &String::from_utf8_lossy(&f.actual), mode))
        })
        .count()
}

/// How to test a candidate by prediction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfirmOptions {
    /// The seed of the fresh games (game `i` is `catalogue::search_game(seed, i)`).
    pub seed: u64,
    /// How many fresh games to run the solution on.
    pub games: usize,
    /// The most games generated while looking for them (the default
    /// 200,000 finds 20 for every mistake; the rarest, `penalty-keeps-weapon`,
    /// takes about 5 s of search, most take milliseconds).
    pub max_search: u64,
    /// How outputs are compared.
    pub mode: CompareMode,
    /// When to stop looking for fresh games and running the solution on
    /// them (`None`: never); a candidate whose test it cut short and that
    /// does not hold stays untested ([`Verdict::Unconfirmed`]).
    pub deadline: Option<Instant>,
}

impl ConfirmOptions {
    /// Whether the deadline has passed.
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl Default for ConfirmOptions {
    fn default() -> ConfirmOptions {
        ConfirmOptions {
            seed: 20_261_130,
            games: 20,
            max_search: 200_000,
            mode: CompareMode::Lines,
            deadline: None,
        }
    }
}

/// A fresh game where a candidate's output differs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredictionGame {
    /// The game.
    pub game: Game,
    /// The right output.
    pub reference: String,
    /// What the candidate prints.
    pub predicted: String,
}

/// Up to `options.games` fresh games where `candidate`'s output differs
/// from the reference's, those where it also differs from every one of
/// `others` first (in search order within each kind).
pub fn prediction_games(
    candidate: &Candidate,
    others: &[Candidate],
    options: &ConfirmOptions,
) -> Vec<PredictionGame> {
    let budget = Budget::default();
    let mut distinct = Vec::new();
    let mut shared = Vec::new();
    for index in 0..options.max_search {
        if distinct.len() >= options.games || (index % 64 == 0 && options.out_of_time()) {
            break;
        }
        let game = search_game(options.seed, index);
        let Some(predicted) = output(&game, candidate.mistakes, budget) else {
            continue;
        };
        let Some(reference) = output(&game, MutationSet::EMPTY, budget) else {
            continue;
        };
        if same(&reference, &predicted, options.mode) {
            continue;
        }
        let stands_apart = others.iter().filter(|o| *o != candidate).all(|o| {
            o.output(&game)
                .is_none_or(|out| !same(&out, &predicted, options.mode))
        });
        let found = PredictionGame {
            game,
            reference,
            predicted,
        };
        if stands_apart {
            distinct.push(found);
        } else if shared.len() < options.games {
            shared.push(found);
        }
    }
    let missing = options.games.saturating_sub(distinct.len());
    distinct.extend(shared.into_iter().take(missing));
    distinct
}

/// The result of testing a candidate by prediction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prediction {
    /// On how many fresh games the solution printed what the candidate predicts.
    pub matched: usize,
    /// How many fresh games were tried.
    pub of: usize,
    /// On how many the solution printed the right output instead.
    pub right: usize,
}

impl Prediction {
    /// Whether the candidate predicted (nearly) all its games: at least
    /// [`MIN_PREDICTED`] games and [`PREDICTED_SHARE`] of them.
    pub fn holds(&self) -> bool {
        self.of >= MIN_PREDICTED && self.matched as f64 >= PREDICTED_SHARE * self.of as f64
    }

    /// Whether the candidate holds in part: at least [`MIN_PREDICTED`]
    /// games matched, and the solution was right on at most
    /// `1 - PREDICTED_SHARE` of them (elsewhere another mistake interfered).
    pub fn holds_in_part(&self) -> bool {
        self.matched >= MIN_PREDICTED
            && self.right as f64 <= (1.0 - PREDICTED_SHARE) * self.of as f64
    }

    /// The verdict on a candidate with this prediction that explains
    /// `explains` of `of` failing games.
    pub fn verdict(&self, explains: usize, of: usize) -> Verdict {
        if self.holds() && explains == of {
            Verdict::Confirmed
        } else if self.holds() || self.holds_in_part() {
            Verdict::InPart
        } else {
            Verdict::Rejected
        }
    }
}

/// Tests `candidate` by prediction: runs `solution` (a game in, its
/// output out, `None` when it failed to give one) on the fresh games of
/// [`prediction_games`] and counts how often it prints the candidate's
/// output. It stops early, with `of` the games tried, once the candidate
/// can neither hold nor hold in part whatever the games left show (a
/// solution that hangs on them costs two runs, not twenty), or at the
/// deadline.
pub fn confirm(
    candidate: &Candidate,
    others: &[Candidate],
    solution: &mut Solution<'_>,
    options: &ConfirmOptions,
) -> Prediction {
    let mut prediction = Prediction::default();
    let games = prediction_games(candidate, others, options);
    // The matches needed to hold (90% of all) or to hold in part.
    let needed = ((PREDICTED_SHARE * games.len() as f64).ceil() as usize).min(MIN_PREDICTED);
    for (tried, fresh) in games.iter().enumerate() {
        if prediction.matched + (games.len() - tried) < needed || options.out_of_time() {
            break;
        }
        prediction.of += 1;
        let Some(actual) = solution(&fresh.game) else {
            continue;
        };
        let actual = String::from_utf8_lossy(&actual);
        if same(&fresh.predicted, &actual, options.mode) {
            prediction.matched += 1;
        } else if same(&fresh.reference, &actual, options.mode) {
            prediction.right += 1;
        }
    }
    prediction
}

/// How far a candidate was confirmed (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// It predicts fresh games and explains every failing game.
    Confirmed,
    /// It predicts fresh games but explains only some failing games.
    InPart,
    /// Not tested on fresh games: it only matches failing games.
    Unconfirmed,
    /// The solution does not behave like it on fresh games.
    Rejected,
}

impl Verdict {
    /// The verdict in a few words, as reports show it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::InPart => "in part",
            Verdict::Unconfirmed => "unconfirmed",
            Verdict::Rejected => "rejected",
        }
    }
}

/// One candidate with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The candidate.
    pub candidate: Candidate,
    /// On how many failing games it reproduces the actual output.
    pub explains: usize,
    /// How many failing games there are.
    pub of: usize,
    /// Its test by prediction, when a solution was given.
    pub predicted: Option<Prediction>,
    /// How far it was confirmed.
    pub verdict: Verdict,
}

impl Entry {
    /// One line: `duel-player-first (Responses): in a duel ... — explains
    /// 3 of 3 failing games, matched 20 of 20 fresh games: confirmed`.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} ({}): {}; explains {} of {} failing game{}",
            self.candidate.id(),
            self.candidate.rule(),
            self.candidate.description(),
            self.explains,
            self.of,
            if self.of == 1 { "" } else { "s" }
        );
        if let Some(p) = self.predicted {
            line.push_str(&format!(
                ", matched {} of {} fresh games where this mistake shows",
                p.matched, p.of
            ));
        }
        line.push_str(&format!(": {}", self.verdict.name()));
        line
    }

    /// The entry as JSON: `{"mistake":"<id>","description":"..","rule":"..",
    /// "explains":k,"of":n,"predicted":k2,"tried":n2,"verdict":".."}`
    /// (`predicted` and `tried` are `null` without a prediction test).
    /// This entry as the likely cause reports show (JSON, HTML, text).
    pub fn likely_cause(&self) -> LikelyCause {
        LikelyCause {
            mistake: self.candidate.id(),
            description: self.candidate.description(),
            rule: self.candidate.rule(),
            explains: self.explains,
            of: self.of,
            predicted: self.predicted.map(|p| p.matched),
            tried: self.predicted.map(|p| p.of),
            verdict: self.verdict.name().to_string(),
        }
    }

    /// This entry as one JSON object (see [`LikelyCause`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.likely_cause()).unwrap_or_default()
    }
}

/// A JSON string literal.
/// A likely cause as every report shows it: `--json`'s `diagnosis`
/// items, the HTML page's box, the text report's line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LikelyCause {
    /// The mistake's catalogue id (`a`, or `a+b` for a pair).
    pub mistake: String,
    /// What the mistake is, in a contestant's words.
    pub description: String,
    /// The `rules.md` section whose rule it breaks.
    pub rule: String,
    /// On how many of the run's failing games it reproduces the output...
    pub explains: usize,
    /// ... of how many.
    pub of: usize,
    /// On how many fresh games the solution printed what it predicts
    /// (`None`: not tested by prediction)...
    pub predicted: Option<usize>,
    /// ... of how many tried.
    pub tried: Option<usize>,
    /// `confirmed`, `in part`, `unconfirmed` or `rejected`.
    pub verdict: String,
}

/// How to diagnose a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnoseOptions {
    /// How candidates are tested by prediction (and outputs compared).
    pub confirm: ConfirmOptions,
    /// The most candidates tested by prediction (the best by explains,
    /// singles first); the others stay unconfirmed.
    pub max_confirmed: usize,
}

impl Default for DiagnoseOptions {
    fn default() -> DiagnoseOptions {
        DiagnoseOptions {
            confirm: ConfirmOptions::default(),
            max_confirmed: 6,
        }
    }
}

/// The diagnosis of a run's failures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnosis {
    /// Every candidate with its evidence, best first: by verdict
    /// (confirmed, in part, unconfirmed, rejected), singles before pairs,
    /// then by how many failing games it explains.
    pub entries: Vec<Entry>,
}

impl Diagnosis {
    /// The likely causes, best first: when candidates were tested by
    /// prediction, those confirmed or confirmed in part (an untested one
    /// is not reported beside them); otherwise the unconfirmed matches.
    /// Empty when no known mistake explains the output.
    pub fn causes(&self) -> impl Iterator<Item = &Entry> {
        let tested = self.entries.iter().any(|e| e.predicted.is_some());
        self.entries.iter().filter(move |e| match e.verdict {
            Verdict::Confirmed | Verdict::InPart => true,
            Verdict::Unconfirmed => !tested,
            Verdict::Rejected => false,
        })
    }

    /// Whether there is a likely cause.
    pub fn found(&self) -> bool {
        self.causes().next().is_some()
    }

    /// The likely causes as a JSON array (see [`Entry::to_json`]), `[]` when none.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.likely_causes()).unwrap_or_default()
    }

    /// [`Diagnosis::causes`] as reports show them.
    pub fn likely_causes(&self) -> Vec<LikelyCause> {
        self.causes().map(Entry::likely_cause).collect()
    }
}

/// Diagnoses a run's failing games: the candidates of every failure, with
/// how many failures each explains, tested by prediction on `solution`
/// when one is given (see the module docs for the verdicts).
pub fn diagnose(
    failures: &[Failure],
    solution: Option<&mut Solution<'_>>,
    options: &DiagnoseOptions,
) -> Diagnosis {
    let mode = options.confirm.mode;
    let mut found: Vec<Candidate> = Vec::new();
    for failure in failures {
        for candidate in candidates(&failure.game, &failure.actual, mode) {
            if !found.contains(&candidate) {
                found.push(candidate);
            }
        }
    }
    let mut entries: Vec<Entry> = found
        .iter()
        .map(|candidate| Entry {
            candidate: *candidate,
            explains: explains(candidate, failures, mode),
            of: failures.len(),
            predicted: None,
            verdict: Verdict::Unconfirmed,
        })
        .collect();
    for entry in pairs_across_failures(&entries, failures, mode) {
        found.push(entry.candidate);
        entries.push(entry);
    }
    sort(&mut entries);
    if let Some(solution) = solution {
        for entry in entries.iter_mut().take(options.max_confirmed) {
            let prediction = confirm(&entry.candidate, &found, solution, &options.confirm);
            if options.confirm.out_of_time() && !prediction.holds() {
                // Cut short by the deadline: not tested, rather than rejected.
                continue;
            }
            entry.predicted = Some(prediction);
            entry.verdict = prediction.verdict(entry.explains, entry.of);
        }
        sort(&mut entries);
    }
    Diagnosis { entries }
}

/// When no single candidate explains every failure: the pairs of single
/// candidates that together explain more failures than either alone.
fn pairs_across_failures(entries: &[Entry], failures: &[Failure], mode: CompareMode) -> Vec<Entry> {
    let singles: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.candidate.mistakes.len() == 1)
        .collect();
    if singles.iter().any(|e| e.explains == e.of) {
        return Vec::new();
    }
    let mut pairs = Vec::new();
    for (i, a) in singles.iter().enumerate() {
        for b in &singles[i + 1..] {
            let candidate = Candidate {
                mistakes: MutationSet::from_iter(
                    a.candidate
                        .mistakes
                        .iter()
                        .chain(b.candidate.mistakes.iter()),
                ),
            };
            if entries.iter().any(|e| e.candidate == candidate) {
                continue;
            }
            let count = explains(&candidate, failures, mode);
            if count > a.explains.max(b.explains) {
                pairs.push(Entry {
                    candidate,
                    explains: count,
                    of: failures.len(),
                    predicted: None,
                    verdict: Verdict::Unconfirmed,
                });
            }
        }
    }
    pairs
}

/// Best first: by verdict, singles before pairs, more failures explained first.
fn sort(entries: &mut [Entry]) {
    entries.sort_by_key(|e| {
        (
            e.verdict,
            e.candidate.mistakes.len(),
            std::cmp::Reverse(e.explains),
        )
    });
}
