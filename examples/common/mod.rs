//! What the diagnosis examples (`deviation_survey`, `deviation_places`)
//! share: one `pigkill check` default run on a program, as a user would
//! start it, stopped at its first failure.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pigkill::check::{run, CheckEvent, CheckOptions, FailureReport, Source};
use pigkill::shard::Shard;
use pigkill::solution::{Command, CompareMode, Limits};
use pigkill_generators::Profile;

/// The first failure of one `pigkill check` default run (30 s of mixed
/// games from `seed`, one job) on `exe`, with the seconds it took, or
/// `None` when the run finds none. `search_runs` is the deviation
/// search's count budget (`None`: its clock).
pub fn first_failure(
    exe: &Path,
    seed: u64,
    compare: CompareMode,
    search_runs: Option<u64>,
) -> Option<(FailureReport, f64)> {
    let out = tempfile::tempdir().expect("a temporary directory");
    let options = CheckOptions {
        solution: exe.display().to_string(),
        command: Command::parse(&exe.display().to_string()).expect("a command"),
        source: Source::Generated {
            profile: Profile::Mixed,
            seed,
            count: None,
            time: Some(Duration::from_secs(30)),
            shard: Shard::WHOLE,
        },
        // A generous time limit: under a heavy load a right run must not
        // be taken for a TLE (the lines would then depend on the load).
        limits: Limits {
            timeout: Duration::from_secs(5),
            ..Limits::default()
        },
        compare,
        jobs: 1,
        keep_going: false,
        shrink_time: Duration::from_secs(10),
        search_runs,
        out: out.path().to_path_buf(),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let start = Instant::now();
    let mut report = None;
    let _ = run(&options, &mut |event| {
        if let CheckEvent::Failure(f) = event {
            report.get_or_insert_with(|| (f.clone(), start.elapsed().as_secs_f64()));
        }
    });
    report
}
