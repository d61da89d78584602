//! Machine-readable summaries of a run (`--summary FILE`), one per shard,
//! so that the shards of a job array can be merged into one report
//! (`pigkill merge`, see [`crate::merge`]).
//!
//! A summary is one JSON object: which run it is a slice of (command,
//! subject, seed, profile, limit), which shard, the totals, and the
//! findings (one per signature, with its fixture). It carries
//! `"event": "summary"`, so that it is also the last line of a `--json`
//! event stream. The format is versioned: `schema` is always
//! [`SCHEMA`], `version` is [`VERSION`], raised when a field changes
//! meaning or goes away (new fields do not raise it: readers ignore
//! fields they do not know).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use crate::check::Size;
use crate::check::{CheckOptions, FailureReport, Source};
use crate::shard::Shard;
use crate::solution::VerdictKind;

/// The `schema` of every summary.
pub const SCHEMA: &str = "pigkill-summary";
/// The format's version.
pub const VERSION: u32 = 1;

/// Which command made a summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Command {
    /// `pigkill stress`: engine against engine.
    Stress,
    /// `pigkill check`: a solution against the engines.
    Check,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Command::Stress => "stress",
            Command::Check => "check",
        })
    }
}

/// When a run stops, as written in a summary: `{"count": N}` or `{"time_s": S}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunLimit {
    /// Game indices `0..N` (each shard plays its share).
    Count(u64),
    /// Each shard plays for this many seconds.
    TimeS(f64),
}

impl fmt::Display for RunLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunLimit::Count(n) => write!(f, "games 0..{n}"),
            RunLimit::TimeS(s) => write!(f, "{s} s per shard"),
        }
    }
}

/// What makes shards slices of the same run: everything but the shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The command.
    pub command: Command,
    /// What was tested: the two engines (`strategy vs reference`, or a
    /// mutant's name for the second), or the solution's command line.
    pub subject: String,
    /// The run's seed; game `i` is made from `(seed, i)`.
    pub seed: u64,
    /// The generator profile.
    pub profile: String,
    /// When the run stops.
    pub limit: RunLimit,
}

impl Run {
    /// The first field on which two runs differ, as `field: this vs that`.
    pub fn difference(&self, other: &Run) -> Option<String> {
        let fields = [
            (
                "command",
                self.command.to_string(),
                other.command.to_string(),
            ),
            ("subject", self.subject.clone(), other.subject.clone()),
            ("seed", self.seed.to_string(), other.seed.to_string()),
            ("profile", self.profile.clone(), other.profile.clone()),
            ("limit", self.limit.to_string(), other.limit.to_string()),
        ];
        fields
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(name, a, b)| format!("{name} {a} vs {b}"))
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {}, profile {}, seed {}, {}",
            self.command, self.subject, self.profile, self.seed, self.limit
        )
    }
}

/// One kind of failure: every game with this signature, and the one kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The signature (`respond(MP, K) vs damage(FP)` for a divergence,
    /// the verdict and line for a solution's failure).
    pub signature: String,
    /// How many games failed with it.
    pub games: u64,
    /// The index of the game kept: in a shard, the first found; once
    /// merged, the one with the smallest saved game.
    pub game_index: u64,
    /// That game's size as found.
    pub original: Size,
    /// Its size after minimising (absent when it was not minimised).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimised: Option<Size>,
    /// The files it was saved to, the game's `.in` first (empty when it
    /// could not be saved). Paths as the run was given them.
    #[serde(default)]
    pub files: Vec<PathBuf>,
}

impl Finding {
    /// The saved game (`.in`), if it was saved.
    pub fn fixture(&self) -> Option<&Path> {
        self.files.first().map(PathBuf::as_path)
    }

    /// The size of the game kept: minimised if it was.
    pub fn size(&self) -> Size {
        self.minimised.unwrap_or(self.original)
    }
}

/// The totals of a run or of merged shards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Games looked at, rejected ones included.
    pub games: u64,
    /// Games that were not valid tests: both engines agree they do not
    /// end (and for `check`, games without a rebel).
    pub rejected: u64,
    /// Games that failed: engines that disagree (`stress`), a solution
    /// not accepted (`check`).
    pub failing_games: u64,
    /// `check`: games per verdict (`AC`, `WA`, ...); empty for `stress`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub verdicts: BTreeMap<String, u64>,
}

impl Totals {
    /// Adds another shard's totals.
    pub fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.rejected += other.rejected;
        self.failing_games += other.failing_games;
        for (verdict, n) in &other.verdicts {
            *self.verdicts.entry(verdict.clone()).or_default() += n;
        }
    }
}

/// What one shard of a run did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// The format's version, [`VERSION`] when written by this pigkill.
    pub version: u32,
    /// Always `summary`, as the `--json` event of the same name.
    pub event: String,
    /// Which run this is a slice of.
    #[serde(flatten)]
    pub run: Run,
    /// Which slice.
    pub shard: Shard,
    /// What it counted.
    #[serde(flatten)]
    pub totals: Totals,
    /// Wall time, in seconds.
    pub elapsed_s: f64,
    /// Games per second of wall time.
    pub games_per_s: f64,
    /// Why the shard stopped before its limit, if it did (its totals then
    /// cover fewer games than its share).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_early: Option<String>,
    /// One finding per signature, in order of game index.
    pub findings: Vec<Finding>,
}

/// Why a summary could not be read or written.
#[derive(Debug)]
pub enum SummaryError {
    /// The file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// The file exists and `force` was not given.
    Exists(PathBuf),
    /// The file is not a summary.
    Format(PathBuf, String),
}

impl fmt::Display for SummaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SummaryError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            SummaryError::Exists(path) => write!(
                f,
                "{} exists already; nothing was written (use --force to overwrite it)",
                path.display()
            ),
            SummaryError::Format(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for SummaryError {}

impl Summary {
    /// A summary of shard `shard` of `run`, with `games_per_s` worked out.
    pub fn new(
        run: Run,
        shard: Shard,
        totals: Totals,
        elapsed: Duration,
        findings: Vec<Finding>,
    ) -> Summary {
        let elapsed_s = elapsed.as_secs_f64();
        Summary {
            schema: SCHEMA.into(),
            version: VERSION,
            event: "summary".into(),
            run,
            shard,
            games_per_s: totals.games as f64 / elapsed_s.max(1e-9),
            totals,
            elapsed_s,
            stopped_early: None,
            findings,
        }
    }

    /// The summary as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// Reads a summary from JSON text; `path` is for the messages.
    ///
    /// # Errors
    ///
    /// [`SummaryError::Format`] when the text is not JSON, not a pigkill
    /// summary, or a summary of a newer format.
    pub fn from_json(text: &str, path: &Path) -> Result<Summary, SummaryError> {
        let format = |message: String| SummaryError::Format(path.to_path_buf(), message);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format(format!("not JSON: {e}")))?;
        let schema = value.get("schema").and_then(|s| s.as_str());
        if schema != Some(SCHEMA) {
            return Err(format(format!(
                "not a pigkill summary (expected \"schema\": \"{SCHEMA}\", as written by `pigkill stress --summary FILE`)"
            )));
        }
        if value.get("event").and_then(|e| e.as_str()) == Some("merged") {
            return Err(format(
                "a merged report (`pigkill merge --json`), not a shard's summary: merge the shards' own summaries".into(),
            ));
        }
        let version = value.get("version").and_then(|v| v.as_u64());
        if version.is_none_or(|v| v > u64::from(VERSION)) {
            return Err(format(format!(
                "summary version {} is newer than this pigkill reads ({VERSION}); use a newer pigkill",
                version.map_or("?".into(), |v| v.to_string())
            )));
        }
        let summary: Summary =
            serde_json::from_value(value).map_err(|e| format(format!("a broken summary: {e}")))?;
        if Shard::new(summary.shard.index, summary.shard.count).is_err() {
            return Err(format(format!(
                "shard {} is not within 1..=N",
                summary.shard
            )));
        }
        Ok(summary)
    }

    /// Reads a summary file.
    ///
    /// # Errors
    ///
    /// [`SummaryError::Io`] when it cannot be read, otherwise as [`Summary::from_json`].
    pub fn read(path: &Path) -> Result<Summary, SummaryError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| SummaryError::Io(path.to_path_buf(), e))?;
        Summary::from_json(&text, path)
    }

    /// Writes the summary to `path` (atomically, creating its folder),
    /// never over an existing file unless `force`.
    ///
    /// # Errors
    ///
    /// [`SummaryError::Exists`] or [`SummaryError::Io`].
    pub fn write(&self, path: &Path, force: bool) -> Result<(), SummaryError> {
        check_writable(path, force)?;
        let mut text = serde_json::to_string_pretty(self)
            .map_err(|e| SummaryError::Format(path.to_path_buf(), e.to_string()))?;
        text.push('\n');
        crate::fixtures::write_atomic(path, text.as_bytes())
            .map_err(|e| SummaryError::Io(path.to_path_buf(), e))
    }
}

/// Checks before a run that its summary can be written at the end: the
/// file does not exist (or `force`).
///
/// # Errors
///
/// [`SummaryError::Exists`].
pub fn check_writable(path: &Path, force: bool) -> Result<(), SummaryError> {
    if !force && path.exists() {
        return Err(SummaryError::Exists(path.to_path_buf()));
    }
    Ok(())
}

impl Run {
    /// The run of a `check` of generated games (`None` for a folder of
    /// tests, which has no seed and is not sharded). Without `--count`, the
    /// limit is the search time (60 s when not given, as `check` does).
    pub fn of_check(options: &CheckOptions) -> Option<Run> {
        match &options.source {
            Source::Generated {
                profile,
                seed,
                count,
                time,
                ..
            } => Some(Run {
                command: Command::Check,
                subject: options.solution.clone(),
                seed: *seed,
                profile: profile.name().to_string(),
                limit: match crate::check::search_time(*count, *time) {
                    Some(budget) => RunLimit::TimeS(budget.as_secs_f64()),
                    None => RunLimit::Count(count.unwrap_or_default()),
                },
            }),
            Source::Folder(_) => None,
        }
    }
}

impl Summary {
    /// The summary of one shard of a `check`, from the pipeline's own
    /// records: `report` is its `summary` event, `failures` its `failure`
    /// events. `games`, `verdicts` and `games_per_s` mean what they mean in
    /// `check --json` (games judged, per second of search); the games that
    /// were not valid tests (`skipped`) are `rejected`; each failure is a
    /// finding whose signature is its cause. `stopped_early` says why the
    /// check did not play its whole share, if it did not (Ctrl-C, or the
    /// first failure without `--keep-going`).
    pub fn of_check(
        run: Run,
        shard: Shard,
        report: &crate::check::Summary,
        failures: &[FailureReport],
        stopped_early: Option<String>,
    ) -> Summary {
        let totals = Totals {
            games: report.games,
            rejected: report.skipped,
            failing_games: report
                .verdicts
                .iter()
                .filter(|(code, _)| code.as_str() != VerdictKind::Accepted.code())
                .map(|(_, n)| n)
                .sum(),
            verdicts: report.verdicts.clone(),
        };
        let mut findings: Vec<Finding> = failures
            .iter()
            .map(|failure| Finding {
                signature: failure.cause.clone(),
                games: failure.games_in_group,
                game_index: failure.game_index.unwrap_or_default(),
                original: failure.original,
                minimised: Some(failure.minimised),
                files: failure.files.iter().map(PathBuf::from).collect(),
            })
            .collect();
        findings.sort_by_key(|f| f.game_index);
        let elapsed = Duration::from_secs_f64(report.elapsed_s.max(0.0));
        let mut summary = Summary::new(run, shard, totals, elapsed, findings);
        summary.games_per_s = report.games_per_s;
        summary.stopped_early = stopped_early;
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Summary {
        let run = Run {
            command: Command::Stress,
            subject: "strategy vs reference".into(),
            seed: 7,
            profile: "mixed".into(),
            limit: RunLimit::Count(400),
        };
        let totals = Totals {
            games: 100,
            rejected: 20,
            failing_games: 3,
            verdicts: BTreeMap::new(),
        };
        let finding = Finding {
            signature: "respond(MP, K) vs damage(FP)".into(),
            games: 3,
            game_index: 9,
            original: Size { pigs: 8, deck: 400 },
            minimised: Some(Size { pigs: 2, deck: 3 }),
            files: vec![PathBuf::from("found/mixed-7-9.in")],
        };
        Summary::new(
            run,
            Shard { index: 2, count: 4 },
            totals,
            Duration::from_secs(2),
            vec![finding],
        )
    }

    #[test]
    fn a_summary_reads_back_as_written() {
        let summary = example();
        let back = Summary::from_json(&summary.to_json(), Path::new("s.json")).unwrap();
        assert_eq!(back, summary);
        assert_eq!(back.games_per_s, 50.0);
    }

    #[test]
    fn the_json_is_flat_and_names_its_schema() {
        let value: serde_json::Value = serde_json::from_str(&example().to_json()).unwrap();
        assert_eq!(value["schema"], SCHEMA);
        assert_eq!(value["event"], "summary");
        assert_eq!(value["command"], "stress");
        assert_eq!(value["seed"], 7);
        assert_eq!(value["limit"]["count"], 400);
        assert_eq!(value["shard"]["index"], 2);
        assert_eq!(value["games"], 100);
        assert_eq!(value["findings"][0]["minimised"]["pigs"], 2);
        assert!(value.get("verdicts").is_none(), "stress has no verdicts");
    }

    #[test]
    fn other_json_and_newer_versions_are_refused_with_the_reason() {
        let path = Path::new("x.json");
        let not_ours = Summary::from_json("{\"games\": 3}", path).unwrap_err();
        assert!(
            not_ours.to_string().contains("not a pigkill summary"),
            "{not_ours}"
        );
        let mut value: serde_json::Value = serde_json::from_str(&example().to_json()).unwrap();
        value["version"] = serde_json::json!(VERSION + 1);
        let newer = Summary::from_json(&value.to_string(), path).unwrap_err();
        assert!(newer.to_string().contains("newer"), "{newer}");
        value["version"] = serde_json::json!(VERSION);
        value["event"] = serde_json::json!("merged");
        let merged = Summary::from_json(&value.to_string(), path).unwrap_err();
        assert!(merged.to_string().contains("a merged report"), "{merged}");
        let broken = Summary::from_json("{\"schema\": \"pigkill-summary\", \"version\": 1}", path)
            .unwrap_err();
        assert!(
            broken.to_string().starts_with("x.json: a broken summary"),
            "{broken}"
        );
    }

    fn failure(cause: &str, index: u64, games: u64) -> FailureReport {
        FailureReport {
            verdict: "WA".into(),
            detail: String::new(),
            cause: cause.into(),
            elapsed_s: 0.5,
            game_index: Some(index),
            test: None,
            original: Size { pigs: 6, deck: 90 },
            minimised: Size { pigs: 2, deck: 4 },
            minimal: true,
            shrink_runs: 30,
            shrink_s: 0.2,
            input: String::new(),
            expected: String::new(),
            actual: String::new(),
            stderr: String::new(),
            files: vec![format!("out/{cause}.in"), format!("out/{cause}.md")],
            games_in_group: games,
            diagnosis: Vec::new(),
            explanation: None,
            deviation: None,
            narration: String::new(),
            raw_actual: Vec::new(),
            raw_stderr: Vec::new(),
            found_at: format!("game {index}"),
            solution: "./sol".into(),
            cause_text: String::new(),
            game: pigkill_engine::parse_game(include_str!("../tests/fixtures/rules/sample.in"))
                .expect("the sample"),
        }
    }

    #[test]
    fn a_check_shard_counts_as_check_json_does_with_its_skipped_games_rejected() {
        let report = crate::check::Summary {
            verdicts: BTreeMap::from([("AC".into(), 90), ("WA".into(), 7), ("TLE".into(), 1)]),
            games: 98,
            games_per_s: 49.0,
            search_s: 2.0,
            elapsed_s: 3.0,
            skipped: 12,
            failures: 2,
            groups: vec![7, 1],
            saved: Vec::new(),
            interrupted: false,
            stopped_early: 0,
            cut_by_time: 0,
            unexamined: 0,
            table: String::new(),
        };
        let run = Run {
            command: Command::Check,
            subject: "./sol".into(),
            seed: 3,
            profile: "mixed".into(),
            limit: RunLimit::Count(220),
        };
        let failures = [failure("time-limit", 40, 1), failure("wrong-output", 8, 7)];
        let summary =
            Summary::of_check(run, Shard { index: 1, count: 2 }, &report, &failures, None);
        let totals = &summary.totals;
        assert_eq!(
            (totals.games, totals.rejected, totals.failing_games),
            (98, 12, 8)
        );
        assert_eq!(totals.verdicts["WA"], 7);
        assert_eq!(
            summary.games_per_s, 49.0,
            "per second of search, as check --json"
        );
        let causes: Vec<&str> = summary
            .findings
            .iter()
            .map(|f| f.signature.as_str())
            .collect();
        assert_eq!(
            causes,
            ["wrong-output", "time-limit"],
            "in order of game index"
        );
        assert_eq!(
            summary.findings[0].fixture(),
            Some(Path::new("out/wrong-output.in"))
        );
        let value: serde_json::Value = serde_json::from_str(&summary.to_json()).unwrap();
        assert_eq!(value["event"], "summary");
        assert_eq!(value["verdicts"]["TLE"], 1);
        assert_eq!(value["games"], 98);
    }

    #[test]
    fn a_summary_is_never_written_over_a_file_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, "mine").unwrap();
        assert!(matches!(
            example().write(&path, false),
            Err(SummaryError::Exists(_))
        ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        example().write(&path, true).unwrap();
        assert_eq!(Summary::read(&path).unwrap(), example());
    }
}
