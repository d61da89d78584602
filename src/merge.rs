//! Merging the summaries of a run's shards into one report, as if the
//! run had been one process: totals summed, findings de-duplicated by
//! signature (the smallest saved game kept), and the shards that did not
//! report named — a missing shard is a gap in the run, not zero games.
//!
//! Summaries of different runs (another seed, profile, limit, subject or
//! number of shards) are refused, and so is the same shard given twice:
//! either would make totals that no single run has.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::shard::Shard;
use crate::summary::{Finding, Run, Summary, Totals, SCHEMA, VERSION};

/// The report of merged shards (`pigkill merge --json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Merged {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// [`VERSION`].
    pub version: u32,
    /// Always `merged`.
    pub event: String,
    /// The run the shards are slices of.
    #[serde(flatten)]
    pub run: Run,
    /// How many shards the run has.
    pub shards: u64,
    /// The shards that reported, from 1, in order.
    pub reported: Vec<u64>,
    /// The shards that did not: their games are not counted.
    pub missing: Vec<u64>,
    /// The totals of the shards that reported.
    #[serde(flatten)]
    pub totals: Totals,
    /// The slowest shard's wall time, in seconds (the run's wall time
    /// when the shards ran at once).
    pub elapsed_s: f64,
    /// The shards' wall times added up, in seconds.
    pub shard_seconds: f64,
    /// Games per second of the shards together (their rates added up).
    pub games_per_s: f64,
    /// The shards that stopped before their limit, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stopped_early: Vec<String>,
    /// One finding per signature, in order of first game index.
    pub findings: Vec<Finding>,
}

impl Merged {
    /// Whether every shard reported.
    pub fn is_complete(&self) -> bool {
        self.missing.is_empty()
    }
}

/// Why summaries cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    Empty,
    /// Two summaries are not of the same run.
    DifferentRuns {
        /// The first summary's file.
        first: PathBuf,
        /// The other summary's file.
        other: PathBuf,
        /// What differs (`seed 1 vs 2`).
        difference: String,
    },
    /// The same shard twice.
    Duplicate {
        /// The shard.
        shard: Shard,
        /// The files that both say they are it.
        files: [PathBuf; 2],
    },
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Empty => f.write_str("no summaries to merge"),
            MergeError::DifferentRuns {
                first,
                other,
                difference,
            } => write!(
                f,
                "{} and {} are not shards of one run ({difference}); merge the summaries of one run at a time",
                first.display(),
                other.display()
            ),
            MergeError::Duplicate { shard, files } => write!(
                f,
                "shard {shard} is given twice ({} and {}); its games would be counted twice",
                files[0].display(),
                files[1].display()
            ),
        }
    }
}

impl std::error::Error for MergeError {}

/// Which of two findings of one signature to keep: a saved game over an
/// unsaved one, then the smaller game, then the earlier one.
fn keep_key(finding: &Finding) -> (bool, crate::summary::Size, u64) {
    (
        finding.fixture().is_none(),
        finding.size(),
        finding.game_index,
    )
}

/// Merges the summaries of one run's shards, each with the file it came
/// from (for messages).
///
/// # Errors
///
/// [`MergeError`] when there is nothing to merge, when two summaries
/// differ in their run or number of shards, or when a shard is given
/// twice. Missing shards are not an error here: they are listed in
/// [`Merged::missing`].
pub fn merge(summaries: &[(PathBuf, Summary)]) -> Result<Merged, MergeError> {
    let (first_path, first) = summaries.first().ok_or(MergeError::Empty)?;
    let shards = first.shard.count;
    let mut by_shard: BTreeMap<u64, &PathBuf> = BTreeMap::new();
    for (path, summary) in summaries {
        let difference = first.run.difference(&summary.run).or_else(|| {
            (summary.shard.count != shards).then(|| {
                format!(
                    "shard {} vs shard {}: {shards} shards vs {}",
                    first.shard, summary.shard, summary.shard.count
                )
            })
        });
        if let Some(difference) = difference {
            return Err(MergeError::DifferentRuns {
                first: first_path.clone(),
                other: path.clone(),
                difference,
            });
        }
        if let Some(earlier) = by_shard.insert(summary.shard.index, path) {
            return Err(MergeError::Duplicate {
                shard: summary.shard,
                files: [earlier.clone(), path.clone()],
            });
        }
    }
    let mut totals = Totals::default();
    let mut findings: BTreeMap<&str, Finding> = BTreeMap::new();
    let mut stopped_early = Vec::new();
    let (mut elapsed_s, mut shard_seconds, mut games_per_s) = (0f64, 0f64, 0f64);
    let mut ordered: Vec<&Summary> = summaries.iter().map(|(_, s)| s).collect();
    ordered.sort_by_key(|s| s.shard.index);
    for summary in ordered {
        totals.add(&summary.totals);
        elapsed_s = elapsed_s.max(summary.elapsed_s);
        shard_seconds += summary.elapsed_s;
        games_per_s += summary.games_per_s;
        if let Some(why) = &summary.stopped_early {
            stopped_early.push(format!("shard {}: {why}", summary.shard));
        }
        for finding in &summary.findings {
            match findings.get_mut(finding.signature.as_str()) {
                None => {
                    findings.insert(&finding.signature, finding.clone());
                }
                Some(kept) => {
                    let games = kept.games + finding.games;
                    if keep_key(finding) < keep_key(kept) {
                        *kept = finding.clone();
                    }
                    kept.games = games;
                }
            }
        }
    }
    let mut findings: Vec<Finding> = findings.into_values().collect();
    findings.sort_by_key(|f| f.game_index);
    Ok(Merged {
        schema: SCHEMA.into(),
        version: VERSION,
        event: "merged".into(),
        run: first.run.clone(),
        shards,
        reported: by_shard.keys().copied().collect(),
        missing: (1..=shards).filter(|k| !by_shard.contains_key(k)).collect(),
        totals,
        elapsed_s,
        shard_seconds,
        games_per_s,
        stopped_early,
        findings,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::summary::{Command, RunLimit, Size};

    fn run(seed: u64) -> Run {
        Run {
            command: Command::Stress,
            subject: "strategy vs reference".into(),
            seed,
            profile: "mixed".into(),
            limit: RunLimit::Count(100),
        }
    }

    fn finding(signature: &str, index: u64, deck: usize, saved: bool) -> Finding {
        Finding {
            signature: signature.into(),
            games: 2,
            game_index: index,
            original: Size { pigs: 8, deck: 300 },
            minimised: Some(Size { pigs: 2, deck }),
            files: if saved {
                vec![PathBuf::from(format!("found/{index}.in"))]
            } else {
                Vec::new()
            },
        }
    }

    fn shard(index: u64, count: u64, games: u64, findings: Vec<Finding>) -> (PathBuf, Summary) {
        let totals = Totals {
            games,
            rejected: games / 10,
            failing_games: findings.iter().map(|f| f.games).sum(),
            verdicts: BTreeMap::new(),
        };
        let summary = Summary::new(
            run(1),
            Shard { index, count },
            totals,
            Duration::from_secs(index),
            findings,
        );
        (PathBuf::from(format!("shard-{index}.json")), summary)
    }

    #[test]
    fn totals_are_summed_and_a_signature_keeps_its_smallest_saved_game() {
        let merged = merge(&[
            shard(
                1,
                3,
                40,
                vec![finding("a", 0, 9, true), finding("b", 3, 5, true)],
            ),
            shard(2, 3, 30, vec![finding("a", 1, 4, true)]),
            shard(3, 3, 30, vec![finding("a", 2, 1, false)]),
        ])
        .unwrap();
        assert!(merged.is_complete());
        assert_eq!((merged.totals.games, merged.totals.rejected), (100, 10));
        assert_eq!(merged.totals.failing_games, 8);
        let signatures: Vec<&str> = merged
            .findings
            .iter()
            .map(|f| f.signature.as_str())
            .collect();
        assert_eq!(signatures, ["a", "b"]);
        let a = &merged.findings[0];
        assert_eq!(a.games, 6, "every game of the signature counts");
        assert_eq!(
            a.game_index, 1,
            "the smallest saved game, not the unsaved one"
        );
        assert_eq!(merged.elapsed_s, 3.0);
        assert_eq!(merged.shard_seconds, 6.0);
    }

    #[test]
    fn a_shard_that_did_not_report_is_named_missing() {
        let merged = merge(&[shard(1, 4, 25, vec![]), shard(3, 4, 25, vec![])]).unwrap();
        assert_eq!(merged.reported, [1, 3]);
        assert_eq!(merged.missing, [2, 4]);
        assert!(!merged.is_complete());
    }

    #[test]
    fn shards_of_different_runs_are_refused() {
        let (path, mut other) = shard(2, 2, 50, vec![]);
        other.run.seed = 2;
        let error = merge(&[shard(1, 2, 50, vec![]), (path, other)]).unwrap_err();
        assert!(error.to_string().contains("seed 1 vs 2"), "{error}");
        let error = merge(&[shard(1, 2, 50, vec![]), shard(2, 3, 50, vec![])]).unwrap_err();
        assert!(error.to_string().contains("2 shards vs 3"), "{error}");
    }

    #[test]
    fn the_same_shard_twice_is_refused() {
        let error = merge(&[shard(1, 2, 50, vec![]), shard(1, 2, 50, vec![])]).unwrap_err();
        assert!(matches!(error, MergeError::Duplicate { .. }), "{error}");
        assert!(error.to_string().contains("given twice"), "{error}");
    }
}
