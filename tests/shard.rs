//! A run split over a job array is the same run: four `pigkill stress`
//! shards started as separate processes at once (a local Slurm array,
//! each reading its slice with `--shard auto`), merged with `pigkill
//! merge`, count the same games, rejected games and distinct divergences
//! as one unsharded run of the same seed and count. A shard that did not
//! report is a gap named by the merge, and summaries of different runs
//! are refused.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use pigkill::merge::Merged;
use pigkill::summary::Summary;

const SHARDS: u64 = 4;

fn pigkill(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pigkill"));
    command
        .current_dir(dir)
        .args(args)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn finish(child: Child) -> Output {
    child.wait_with_output().expect("pigkill finishes")
}

/// Waits for a stress run and checks that it ran to its end: exit 0
/// (nothing found) or 1 (divergences found), not 2.
fn played(child: Child, what: &str) -> Output {
    let out = finish(child);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{what}: {}",
        text(&out.stderr)
    );
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `pigkill stress` on games 0..count of `seed`, one thread, with `extra` arguments.
fn stress_args<'a>(seed: &'a str, count: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["stress", "--seed", seed, "--count", count, "--jobs", "1"];
    args.extend_from_slice(extra);
    args
}

/// Runs shards `which` of a 4-shard Slurm array (task IDs 1..=4) at once,
/// each writing `summaries/K.json`, and waits for them all.
fn job_array(dir: &Path, which: &[u64], args: &[&str]) {
    let children: Vec<(u64, Child)> = which
        .iter()
        .map(|&k| {
            let summary = format!("summaries/{k}.json");
            let mut command = pigkill(dir, args);
            command
                .args(["--shard", "auto", "--summary", &summary])
                .env("SLURM_ARRAY_TASK_ID", k.to_string())
                .env("SLURM_ARRAY_TASK_MIN", "1")
                .env("SLURM_ARRAY_TASK_MAX", SHARDS.to_string());
            (k, command.spawn().expect("a shard starts"))
        })
        .collect();
    for (k, child) in children {
        let out = played(child, &format!("shard {k}"));
        let first_line = text(&out.stderr);
        assert!(
            first_line.contains(&format!("shard {k}/{SHARDS} (SLURM_ARRAY_TASK_ID={k}")),
            "shard {k} did not read its slice from the array: {first_line}"
        );
    }
}

/// Runs the whole run as one process, writing `whole.json`.
fn whole_run(dir: &Path, args: &[&str]) -> Summary {
    let mut command = pigkill(dir, args);
    played(
        command
            .args(["--summary", "whole.json"])
            .spawn()
            .expect("pigkill starts"),
        "one run",
    );
    Summary::read(&dir.join("whole.json")).expect("the whole run's summary")
}

/// `pigkill merge --json` over `summaries/`: the report and the exit code.
fn merge(dir: &Path, extra: &[&str]) -> (Option<Merged>, Option<i32>, String) {
    let mut args = vec!["merge", "--json", "summaries"];
    args.extend_from_slice(extra);
    let out = finish(pigkill(dir, &args).spawn().expect("pigkill starts"));
    let merged = serde_json::from_slice(&out.stdout).ok();
    (merged, out.status.code(), text(&out.stderr))
}

/// Games per signature.
fn signatures(findings: &[pigkill::summary::Finding]) -> BTreeMap<String, u64> {
    findings
        .iter()
        .map(|f| (f.signature.clone(), f.games))
        .collect()
}

/// Runs `args` as a 4-shard job array and as one run, prints both
/// counts, and merges the shards: one run's summary, the merged report,
/// and merge's exit code.
fn four_shards_and_one_run(dir: &Path, args: &[&str]) -> (Summary, Merged, Option<i32>) {
    job_array(dir, &[1, 2, 3, 4], args);
    let whole = whole_run(dir, args);
    let (merged, code, stderr) = merge(dir, &[]);
    let merged = merged.unwrap_or_else(|| panic!("no JSON report: {stderr}"));
    let counts = |totals: &pigkill::summary::Totals, signatures: usize| {
        format!(
            "{} games, {} rejected, {} divergences, {signatures} signatures",
            totals.games, totals.rejected, totals.failing_games
        )
    };
    println!(
        "one run: {}; 4 shards merged: {}",
        counts(&whole.totals, whole.findings.len()),
        counts(&merged.totals, merged.findings.len())
    );
    (whole, merged, code)
}

#[test]
fn four_shards_count_the_games_and_rejected_games_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = stress_args("11", "3000", &["--fixtures", "found"]);
    let (whole, merged, code) = four_shards_and_one_run(dir.path(), &args);
    assert_eq!(merged.reported, [1, 2, 3, 4]);
    assert!(merged.missing.is_empty());
    assert_eq!(whole.totals.games, 3000);
    assert!(
        whole.totals.rejected > 0,
        "the run has games that do not end"
    );
    assert_eq!(merged.totals.games, whole.totals.games);
    assert_eq!(merged.totals.rejected, whole.totals.rejected);
    assert_eq!(merged.totals.failing_games, whole.totals.failing_games);
    let single_code = if whole.totals.failing_games > 0 { 1 } else { 0 };
    assert_eq!(code, Some(single_code), "the exit code of one run");
}

#[test]
fn with_a_mutant_the_merged_shards_find_the_signatures_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = stress_args(
        "7",
        "400",
        &[
            "--mutant",
            "duel-player-first",
            "--fixtures",
            "found",
            "--max-divergences",
            "100000",
        ],
    );
    let (whole, merged, code) = four_shards_and_one_run(dir.path(), &args);
    assert!(
        whole.findings.len() > 1,
        "the mutant shows more than one signature"
    );
    assert_eq!(signatures(&merged.findings), signatures(&whole.findings));
    assert_eq!(merged.totals.failing_games, whole.totals.failing_games);
    assert_eq!(code, Some(1), "a divergence found: exit 1, as one run");
    for finding in &merged.findings {
        let fixture = finding.fixture().expect("every divergence saved");
        assert!(dir.path().join(fixture).is_file(), "{}", fixture.display());
        let smallest = whole
            .findings
            .iter()
            .find(|f| f.signature == finding.signature)
            .map(|f| f.size());
        assert!(
            Some(finding.size()) <= smallest,
            "{}: the merge kept a larger game than one run's",
            finding.signature
        );
    }
}

#[test]
fn a_shard_that_did_not_report_is_named_and_the_run_is_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let args = stress_args("3", "200", &["--fixtures", "found"]);
    job_array(dir.path(), &[1, 2, 4], &args);
    let (merged, code, stderr) = merge(dir.path(), &[]);
    let merged = merged.unwrap_or_else(|| panic!("no JSON report: {stderr}"));
    assert_eq!(merged.missing, [3]);
    assert_eq!(merged.totals.games, 150, "the gap is not counted as games");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("shards 3/4 did not report"), "{stderr}");
    let (_, code, _) = merge(dir.path(), &["--allow-missing"]);
    assert_eq!(code, Some(0), "accepted gap, nothing found");
}

#[test]
fn summaries_of_different_seeds_or_profiles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = |shard: &str, seed: &str, profile: &str, summary: &str| {
        let args = stress_args(seed, "40", &["--profile", profile, "--fixtures", "found"]);
        let mut command = pigkill(dir.path(), &args);
        let child = command
            .args(["--shard", shard, "--summary", summary])
            .spawn();
        played(child.expect("pigkill starts"), summary);
    };
    run("1/2", "1", "mixed", "summaries/1.json");
    run("2/2", "2", "mixed", "summaries/2.json");
    let (merged, code, stderr) = merge(dir.path(), &[]);
    assert!(merged.is_none());
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("not shards of one run (seed 1 vs 2)"),
        "{stderr}"
    );
    run("2/2", "1", "duels", "other/2.json");
    let out = finish(
        pigkill(dir.path(), &["merge", "summaries/1.json", "other/2.json"])
            .spawn()
            .expect("pigkill starts"),
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("(profile mixed vs duels)"), "{stderr}");
}

#[test]
fn shard_auto_outside_a_job_array_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let args = stress_args("1", "10", &["--shard", "auto"]);
    let out = finish(pigkill(dir.path(), &args).spawn().expect("pigkill starts"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no job array") && stderr.contains("--shard K/N"),
        "{stderr}"
    );
}

#[test]
fn a_shard_without_a_seed_is_refused_since_its_run_could_not_be_merged() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["stress", "--count", "10", "--shard", "2/4"];
    let out = finish(pigkill(dir.path(), &args).spawn().expect("pigkill starts"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("the same --seed"), "{stderr}");
}
