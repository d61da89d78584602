//! What a check reports: the start, each minimised failure, the summary.
//! These are the stable records behind both renderers (the terminal text
//! and `--json`, one object a line); field names are part of the JSON
//! contract documented in the README. The solution's output is untrusted:
//! records hold it as lossy text for JSON (whose escaping is enough), and
//! every human rendering shows it through [`crate::untrusted`]; only the
//! saved `NAME.actual` keeps the raw bytes.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use pigkill_engine::Game;
use serde::{Deserialize, Serialize};

use super::cause::Cause;
use super::{Case, CheckOptions, Judged, Source};
use crate::deviation::{deviation_text, DeviationReport};
use crate::diagnose::LikelyCause;
use crate::fixtures::write_fresh;
use crate::html::{failure_page, FailurePage};
use crate::solution::{Tally, VerdictKind};
use crate::untrusted::{fenced, show_block};

/// The size of a game (ordered by pigs, then deck cards: the smaller game first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Size {
    /// Pigs at the table.
    pub pigs: usize,
    /// Cards in the deck.
    pub deck: usize,
}

impl Size {
    /// The size of `game`.
    pub fn of(game: &Game) -> Size {
        Size {
            pigs: game.pig_count(),
            deck: game.deck().len(),
        }
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} pigs, {} deck cards", self.pigs, self.deck)
    }
}

/// The `start` event: what is checked, and how.
#[derive(Clone, Debug, Serialize)]
pub struct StartReport {
    /// The solution as the user named it.
    pub solution: String,
    /// `generated` or `folder`.
    pub source: &'static str,
    /// The generator profile (generated games).
    pub profile: Option<String>,
    /// The run's seed (generated games).
    pub seed: Option<u64>,
    /// The number of games to check (`--count`), or of tests in the folder.
    pub count: Option<u64>,
    /// The search's time budget in seconds (`--time`).
    pub time_s: Option<f64>,
    /// The folder of tests.
    pub folder: Option<String>,
    /// Parallel runs.
    pub jobs: usize,
    /// Whether the search goes on after the first failure.
    pub keep_going: bool,
    /// The compare mode.
    pub compare: String,
    /// The wall-time limit per run, in seconds.
    pub timeout_s: f64,
}

impl StartReport {
    /// The start report of a check with these options (and, for a folder,
    /// this many readable tests).
    pub(super) fn new(options: &CheckOptions, tests: Option<usize>) -> StartReport {
        let mut report = StartReport {
            solution: options.solution.clone(),
            source: "generated",
            profile: None,
            seed: None,
            count: None,
            time_s: None,
            folder: None,
            jobs: options.jobs,
            keep_going: options.keep_going,
            compare: options.compare.name().to_string(),
            timeout_s: options.limits.timeout.as_secs_f64(),
        };
        match &options.source {
            Source::Generated {
                profile,
                seed,
                count,
                time,
                ..
            } => {
                report.profile = Some(profile.name().to_string());
                report.seed = Some(*seed);
                report.count = *count;
                report.time_s = super::search_time(*count, *time).map(|t| t.as_secs_f64());
            }
            Source::Folder(dir) => {
                report.source = "folder";
                report.folder = Some(dir.display().to_string());
                report.count = tests.map(|n| n as u64);
            }
        }
        report
    }
}

/// The `failure` event: one cause, its minimised game, what the solution
/// did on it, and where it was saved.
#[derive(Clone, Debug, Serialize)]
pub struct FailureReport {
    /// The verdict's code on the minimised game: `WA`, `PE`, `TLE`, `RE`,
    /// `MLE` or `OLE`.
    pub verdict: String,
    /// The verdict in words (`WA line 3: expected 'P', got 'P P'`), shown
    /// safely.
    pub detail: String,
    /// The cause's stable name (`wrong-output`, `time-limit`,
    /// `crash-SIGSEGV`, ...).
    pub cause: String,
    /// Seconds from the start of the check to this report.
    pub elapsed_s: f64,
    /// The generated game's index (generated games).
    pub game_index: Option<u64>,
    /// The test's file name (a folder's tests).
    pub test: Option<String>,
    /// The size of the game as found.
    pub original: Size,
    /// The size of the minimised game.
    pub minimised: Size,
    /// Whether the minimised game is 1-minimal (the shrinker reached its
    /// fixed point within its budget).
    pub minimal: bool,
    /// Runs of the solution while minimising.
    pub shrink_runs: usize,
    /// Seconds spent minimising.
    pub shrink_s: f64,
    /// The minimised game, in the problem's input format.
    pub input: String,
    /// The answer both engines give on it.
    pub expected: String,
    /// What the solution printed on it (lossy UTF-8; JSON escapes it).
    pub actual: String,
    /// The tail of its standard error (lossy UTF-8).
    pub stderr: String,
    /// The files written, `.in` first.
    pub files: Vec<String>,
    /// How many games of the check failed with this cause (updated until
    /// the summary).
    pub games_in_group: u64,
    /// The known mistakes that explain the failure, best first, each
    /// confirmed by prediction; empty when none does.
    pub diagnosis: Vec<LikelyCause>,
    /// For a failure with no output to explain (TLE, MLE, OLE, RE): what is
    /// known of it in words, shown in place of a likely mistake (see
    /// [`super::explanation`]); `null` for a wrong output.
    pub explanation: Option<String>,
    /// Where the solution went another way than the rules (a decision
    /// made otherwise, its general rule, how far it was confirmed), or
    /// `null` when no decision made otherwise reproduces its output (or
    /// the only ones that do are contradicted by the solution's own passing
    /// runs: a coincidence, not a moment).
    pub deviation: Option<DeviationReport>,
    /// What should have happened: the narration of the minimised game.
    #[serde(skip)]
    pub narration: String,
    /// The raw output, kept for `NAME.actual`.
    #[serde(skip)]
    pub raw_actual: Vec<u8>,
    /// The raw stderr tail.
    #[serde(skip)]
    pub raw_stderr: Vec<u8>,
    /// Where it was found, in words (`game 270`, `7.in`).
    #[serde(skip)]
    pub found_at: String,
    /// The solution as the user named it.
    #[serde(skip)]
    pub solution: String,
    /// The cause in words.
    #[serde(skip)]
    pub cause_text: String,
    /// The minimised game.
    #[serde(skip)]
    pub game: Game,
}

impl FailureReport {
    /// The report of a failure found on `case` and minimised to `game`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        options: &CheckOptions,
        cause: &Cause,
        case: &Case,
        game: &Game,
        expected: &str,
        judged: &Judged,
        shrink: Option<(usize, Duration, bool)>,
        narration: String,
        diagnosis: Vec<LikelyCause>,
        elapsed: Duration,
    ) -> FailureReport {
        let (shrink_runs, shrink_time, minimal) = shrink.unwrap_or((0, Duration::ZERO, false));
        FailureReport {
            verdict: judged.verdict.kind().code().to_string(),
            detail: judged.verdict.to_string(),
            cause: cause.key(),
            elapsed_s: elapsed.as_secs_f64(),
            game_index: case.index,
            test: case.test.clone(),
            original: Size::of(&case.game),
            minimised: Size::of(game),
            minimal,
            shrink_runs,
            shrink_s: shrink_time.as_secs_f64(),
            input: game.to_text(),
            expected: expected.to_string(),
            actual: String::from_utf8_lossy(&judged.actual).into_owned(),
            stderr: String::from_utf8_lossy(&judged.stderr).into_owned(),
            files: Vec::new(),
            games_in_group: 1,
            diagnosis,
            explanation: None,
            deviation: None,
            narration,
            raw_actual: judged.actual.clone(),
            raw_stderr: judged.stderr.clone(),
            found_at: case.name(),
            solution: options.solution.clone(),
            cause_text: cause.to_string(),
            game: game.clone(),
        }
    }

    /// The likely cause in words: the explanation of a failure with no
    /// output to explain, else the diagnosis ([`likely_cause_text`]).
    pub fn likely_cause(&self) -> String {
        match &self.explanation {
            Some(explanation) => explanation.clone(),
            None => likely_cause_text(&self.diagnosis),
        }
    }

    /// The Markdown note saved as `NAME.md`: every text of the solution in
    /// a fence it cannot close, shown safely.
    pub fn markdown(&self) -> String {
        let mut note = format!(
            "# {}: {}\n\n`{}` fails this game: {}.\n\nFound at {} of `pigkill check`, minimised from {} to {}{}.\n\n",
            self.verdict,
            self.cause_text,
            self.solution.replace('`', "'"),
            self.detail,
            self.found_at,
            self.original,
            self.minimised,
            if self.minimal { "" } else { " (not 1-minimal: the budget ran out)" },
        );
        note.push_str("## Likely cause\n\n");
        note.push_str(&self.likely_cause());
        if matches!(self.verdict.as_str(), "WA" | "PE") {
            note.push_str("\n## Where it went another way\n\n");
            note.push_str(&deviation_text(self.deviation.as_ref()));
        }
        note.push_str("\n## The game\n\n");
        note.push_str(&fenced(&self.input));
        note.push_str("\n## Expected\n\n");
        note.push_str(&fenced(&self.expected));
        note.push_str("\n## Actual\n\nShown with control bytes and invalid UTF-8 escaped; the raw bytes are in the `.actual` file.\n\n");
        note.push_str(&fenced(&show_block(&self.raw_actual)));
        if !self.raw_stderr.is_empty() {
            note.push_str("\n## The tail of its stderr\n\n");
            note.push_str(&fenced(&show_block(&self.raw_stderr)));
        }
        note.push_str("\n## What should have happened\n\n");
        note.push_str(&fenced(&self.narration));
        note
    }

    /// Saves the failure to `dir` as `NAME.in`, `NAME.expected`,
    /// `NAME.actual` (the raw bytes), `NAME.md` and `NAME.html` (the
    /// replay page), under a name no file
    /// has yet, and records the paths in [`FailureReport::files`]. A save
    /// that fails is recorded as no files (the report still shows it).
    pub(super) fn save(&mut self, dir: &Path) -> Option<std::io::Error> {
        let stem = format!("{}-{}", self.verdict, self.cause);
        let note = self.markdown();
        let page = failure_page(&FailurePage {
            game: &self.game,
            expected: &self.expected,
            actual: &self.raw_actual,
            verdict: &self.detail,
            diagnosis: &self.diagnosis,
            explanation: self.explanation.as_deref(),
            solution: &self.solution,
            deviation: self.deviation.as_ref(),
        });
        let files: [(&str, &[u8]); 5] = [
            ("in", self.input.as_bytes()),
            ("expected", self.expected.as_bytes()),
            ("actual", &self.raw_actual),
            ("md", note.as_bytes()),
            ("html", page.as_bytes()),
        ];
        match write_fresh(dir, &stem, &files, &[]) {
            Ok(base) => {
                self.files = files
                    .iter()
                    .map(|(ext, _)| format!("{}.{ext}", base.display()))
                    .collect();
                None
            }
            Err(e) => Some(e),
        }
    }
}

/// The `summary` event: what the whole check saw.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Games judged per verdict code (`AC`, `WA`, ...), zeros left out.
    pub verdicts: BTreeMap<String, u64>,
    /// Games judged.
    pub games: u64,
    /// Games judged per second of search.
    pub games_per_s: f64,
    /// Seconds of search.
    pub search_s: f64,
    /// Seconds from start to end, minimisation included.
    pub elapsed_s: f64,
    /// Generated games that were not valid tests (they do not end).
    pub skipped: u64,
    /// Failures reported (one per cause).
    pub failures: usize,
    /// How many games failed with each reported cause, in report order.
    pub groups: Vec<u64>,
    /// Every file saved.
    pub saved: Vec<String>,
    /// Whether Ctrl-C stopped the check early.
    pub interrupted: bool,
    /// Runs stopped early, once a search run had timed out at the time
    /// limit, at 5x the slowest
    /// accepted run (at least 100 ms): counted as TLE.
    pub stopped_early: u64,
    /// Runs cut short by the end of `--time`: not judged, not counted.
    pub cut_by_time: u64,
    /// Failing games that came in after the time was up: counted, and
    /// grouped where no run was needed to tell their cause, not examined.
    pub unexamined: u64,
    /// The slowest run: where, and its wall time in seconds.
    #[serde(skip)]
    pub table: String,
}

impl Summary {
    pub(super) fn new(
        tally: &Tally,
        skipped: u64,
        reports: &[FailureReport],
        search: Duration,
        elapsed: Duration,
        interrupted: bool,
    ) -> Summary {
        let verdicts = VerdictKind::ALL
            .into_iter()
            .filter(|kind| tally.count(*kind) > 0)
            .map(|kind| (kind.code().to_string(), tally.count(kind)))
            .collect();
        let games = tally.games();
        Summary {
            verdicts,
            games,
            games_per_s: if search.is_zero() {
                0.0
            } else {
                games as f64 / search.as_secs_f64()
            },
            search_s: search.as_secs_f64(),
            elapsed_s: elapsed.as_secs_f64(),
            skipped,
            failures: reports.len(),
            groups: reports.iter().map(|r| r.games_in_group).collect(),
            saved: reports
                .iter()
                .flat_map(|r| r.files.iter().cloned())
                .collect(),
            interrupted,
            stopped_early: 0,
            cut_by_time: 0,
            unexamined: 0,
            table: tally.table(search),
        }
    }

    /// Whether any game failed (the statement's sample included).
    pub fn failed(&self) -> bool {
        self.failures > 0 || self.verdicts.iter().any(|(code, n)| code != "AC" && *n > 0)
    }
}

/// The likely causes in words, one paragraph each, or why there is none.
pub fn likely_cause_text(diagnosis: &[LikelyCause]) -> String {
    if diagnosis.is_empty() {
        return "No known mistake explains this output: none of the catalogue's \
                misreadings (`pigkill mutants`), alone or in pairs, prints it, \
                or none predicted the solution on fresh games.\n"
            .to_string();
    }
    let mut text = String::new();
    for cause in diagnosis {
        text.push_str(&format!(
            "- `{}` ({}): {} (rules.md: \"{}\"). Explains {} of {} failing game{}",
            cause.mistake,
            cause.verdict,
            cause.description,
            cause.rule,
            cause.explains,
            cause.of,
            if cause.of == 1 { "" } else { "s" },
        ));
        if let (Some(predicted), Some(tried)) = (cause.predicted, cause.tried) {
            text.push_str(&format!(
                "; matched {predicted} of {tried} fresh games where this mistake shows"
            ));
        }
        text.push_str(".\n");
    }
    text
}
