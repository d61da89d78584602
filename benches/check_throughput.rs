//! How fast `pigkill check` can run a solution, against how fast this
//! machine can start and reap a process at all, on the same number of
//! parallel workers (all cores).
//!
//! - `spawn_true_std`: `std::process::Command::new("/bin/true").status()`,
//!   the floor: spawn, exec, exit, reap, nothing else.
//! - `runner_cat_judged`: `Worker::check` of `/bin/cat` on a typical game
//!   input (about 2 KB) with all limits set (rlimits, own process group,
//!   fresh work directory, group kill, reaping), and the output judged.
//! - `spawn_cat_std`: like `spawn_true_std` with `/bin/cat` (stdin from
//!   `/dev/null`): what the program itself costs over `/bin/true` (with a
//!   UTF-8 locale in the environment, GNU cat loads a dozen locale files).
//! - `runner_true`: `Worker::run` of `/bin/true` with all limits: the
//!   runner's own overhead, on the same program as `spawn_true_std`.
//! - `std_pre_exec_cat`: for comparison, what `std::process::Command` gives
//!   for the job of `runner_cat_judged` when limits are set with `pre_exec`
//!   (which makes std fork instead of using `posix_spawn`).
//! - `workdir_*`: the two ways to give each run an empty directory.
//! - `runner_cat_old`: as `runner_cat_judged` with the runner as it was
//!   before issues 11 and 16 (`StdinMode::Pipe`, `Isolation::ProcessGroup`),
//!   on the same binary.
//! - `sandbox/*`: `runner_cat_judged` with the runner of before issues 23
//!   and 25 (`Sandbox::Legacy`: a PID namespace, stdin a file, no private
//!   `/tmp`), with a private `/tmp` only (`Sandbox::Off`), and with the
//!   whole sandbox (`Sandbox::On`, the default).
//!
//! Each iteration is one process; criterion's throughput is processes per
//! second across all workers. The summary also shows (e) the runner on
//! `/bin/cat` with `LC_ALL=C` in the solution's environment, which skips
//! the locale files that a UTF-8 `LANG` makes GNU cat load. With `cargo bench` (not `--test`), a final
//! interleaved measurement prints both rates and their ratio; with a
//! filter naming `sandbox` (`cargo bench --bench check_throughput --
//! sandbox`), only the sandbox's interleaved measurement (today's runner,
//! the private `/tmp` alone, the whole sandbox) is printed.

use std::hint::black_box;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::Stdio;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use pigkill::solution::{
    default_jobs, Command, CompareMode, Isolation, Limits, RunOptions, Sandbox, SandboxUser,
    StdinMode, Workdir, Worker, NOBODY,
};

/// A typical game input: 10 pigs and a deck of 900 cards, about 2 KB.
fn game_input() -> String {
    let cards = ['P', 'K', 'D', 'F', 'N', 'W', 'J', 'Z'];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut card = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        cards[(state >> 33) as usize % cards.len()]
    };
    let mut text = String::from("10 900\n");
    for pig in 0..10 {
        let role = match pig {
            0 => "MP",
            1 | 4 | 7 => "ZP",
            _ => "FP",
        };
        text.push_str(role);
        for _ in 0..4 {
            text.push(' ');
            text.push(card());
        }
        text.push('\n');
    }
    let deck: Vec<String> = (0..900).map(|_| card().to_string()).collect();
    text.push_str(&deck.join(" "));
    text.push('\n');
    text
}

/// Runs `iters` calls of `task`, split evenly over one thread per state;
/// returns the wall time of the whole batch.
fn parallel<S: Send>(states: &mut [S], iters: u64, task: impl Fn(&mut S) + Sync) -> Duration {
    let n = states.len() as u64;
    let task = &task;
    let started = Instant::now();
    std::thread::scope(|scope| {
        for (i, state) in states.iter_mut().enumerate() {
            let count = iters / n + u64::from((i as u64) < iters % n);
            scope.spawn(move || {
                for _ in 0..count {
                    task(state);
                }
            });
        }
    });
    started.elapsed()
}

fn spawn_true(_: &mut ()) {
    let status = std::process::Command::new("/bin/true")
        .status()
        .expect("/bin/true runs");
    assert!(status.success());
}

fn spawn_cat(_: &mut ()) {
    let status = std::process::Command::new("/bin/cat")
        .stdin(Stdio::null())
        .status()
        .expect("/bin/cat runs");
    assert!(status.success());
}

struct RunnerBench {
    command: Command,
    input: String,
    limits: Limits,
}

impl RunnerBench {
    fn new() -> RunnerBench {
        RunnerBench {
            command: Command::new("/bin/cat").expect("/bin/cat exists"),
            input: game_input(),
            limits: Limits::default(),
        }
    }

    fn run(&self, worker: &mut Worker) {
        let (verdict, _) = worker
            .check(
                &self.command,
                self.input.as_bytes(),
                &self.input,
                &self.limits,
                CompareMode::Lines,
            )
            .expect("cat runs");
        assert!(verdict.is_accepted(), "{verdict}");
    }

    fn run_unjudged(&self, worker: &mut Worker) {
        let report = worker
            .run(&self.command, self.input.as_bytes(), &self.limits)
            .expect("the program runs");
        assert!(report.termination.success());
    }
}

/// The same job with `std::process::Command`: rlimits via `pre_exec`.
fn std_pre_exec_cat(input: &str, dir: &std::path::Path) {
    let mut command = std::process::Command::new("/bin/cat");
    command
        .current_dir(dir)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            for (resource, value) in [
                (libc::RLIMIT_AS, 512 << 20),
                (libc::RLIMIT_CPU, 2),
                (libc::RLIMIT_FSIZE, 16 << 20),
                (libc::RLIMIT_NPROC, 4096),
                (libc::RLIMIT_CORE, 0),
            ] {
                let rl = libc::rlimit {
                    rlim_cur: value,
                    rlim_max: value,
                };
                if libc::setrlimit(resource, &rl) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("cat runs");
    // The input fits in the pipe, so writing it all first cannot deadlock.
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("write");
    drop(stdin);
    let output = child.wait_with_output().expect("cat ends");
    assert_eq!(output.stdout, input.as_bytes());
}

fn benches(c: &mut Criterion) {
    let jobs = default_jobs();
    let mut group = c.benchmark_group(format!("check_throughput/{jobs}_jobs"));
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(10));

    let mut units = vec![(); jobs];
    group.bench_function("spawn_true_std", |b| {
        b.iter_custom(|iters| parallel(&mut units, iters, spawn_true))
    });

    let runner = RunnerBench::new();
    let mut workers: Vec<Worker> = (0..jobs)
        .map(|_| Worker::new().expect("work directory"))
        .collect();
    group.bench_function("runner_cat_judged", |b| {
        b.iter_custom(|iters| parallel(&mut workers, iters, |w| runner.run(w)))
    });

    let mut old_workers = workers_with(jobs, OLD);
    group.bench_function("runner_cat_old", |b| {
        b.iter_custom(|iters| parallel(&mut old_workers, iters, |w| runner.run(w)))
    });

    group.bench_function("spawn_cat_std", |b| {
        b.iter_custom(|iters| parallel(&mut units, iters, spawn_cat))
    });

    let runner_true = RunnerBench {
        command: Command::new("/bin/true").expect("/bin/true exists"),
        input: String::new(),
        limits: Limits::default(),
    };
    group.bench_function("runner_true", |b| {
        b.iter_custom(|iters| parallel(&mut workers, iters, |w| runner_true.run_unjudged(w)))
    });

    let mut dirs: Vec<Workdir> = (0..jobs)
        .map(|_| Workdir::new().expect("work directory"))
        .collect();
    let input = game_input();
    group.bench_function("std_pre_exec_cat", |b| {
        b.iter_custom(|iters| parallel(&mut dirs, iters, |d| std_pre_exec_cat(&input, d.path())))
    });
    group.finish();

    let mut group = c.benchmark_group("sandbox");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(10));
    for (name, sandbox) in [
        ("runner_cat_today", Sandbox::Legacy),
        ("runner_cat_private_tmp", Sandbox::Off),
        ("runner_cat_sandboxed", Sandbox::On),
    ] {
        let mut workers = workers_with(jobs, with_sandbox(sandbox));
        group.bench_function(name, |b| {
            b.iter_custom(|iters| parallel(&mut workers, iters, |w| runner.run(w)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("workdir");
    let mut kept = Workdir::new().expect("work directory");
    group.bench_function("clear_kept_directory", |b| {
        b.iter(|| kept.clear().expect("clear"))
    });
    let scratch = tempfile::tempdir().expect("temporary directory");
    let fresh = scratch.path().join("run");
    group.bench_function("mkdir_rmdir_per_run", |b| {
        b.iter(|| {
            std::fs::create_dir(black_box(&fresh)).expect("mkdir");
            std::fs::remove_dir(&fresh).expect("rmdir");
        })
    });
    group.finish();
}

/// The CPU time (user and system) of this process and of its reaped
/// children so far: the cost of runs whatever else the machine runs.
fn cpu_now() -> Duration {
    let mut total = Duration::ZERO;
    for who in [libc::RUSAGE_SELF, libc::RUSAGE_CHILDREN] {
        // SAFETY: `usage` is a valid out-parameter.
        let usage = unsafe {
            let mut usage: libc::rusage = std::mem::zeroed();
            libc::getrusage(who, &mut usage);
            usage
        };
        for t in [usage.ru_utime, usage.ru_stime] {
            total += Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
        }
    }
    total
}

/// Runs `iters` calls of `task` over `states` ([`parallel`]), adding the
/// CPU time they took to `cpu`; returns their wall time.
fn measure<S: Send>(
    cpu: &mut Duration,
    states: &mut [S],
    iters: u64,
    task: impl Fn(&mut S) + Sync,
) -> Duration {
    let before = cpu_now();
    let wall = parallel(states, iters, task);
    *cpu += cpu_now().saturating_sub(before);
    wall
}

/// The runner as it was before issues 11 and 16: stdin through a pipe, the
/// run held by a process group.
const OLD: RunOptions = RunOptions {
    stdin: StdinMode::Pipe,
    isolation: Isolation::LegacyProcessGroup,
    sandbox: Sandbox::Legacy,
    user: NOBODY_USER,
};

const NOBODY_USER: SandboxUser = SandboxUser {
    uid: NOBODY,
    gid: NOBODY,
};

/// The runner of before issues 23 and 25: stdin a file, a PID namespace,
/// no private `/tmp`, no sandbox.
const TODAY: RunOptions = RunOptions {
    stdin: StdinMode::File,
    isolation: Isolation::Auto,
    sandbox: Sandbox::Legacy,
    user: NOBODY_USER,
};

/// The runner with `sandbox`, all else as `TODAY`.
fn with_sandbox(sandbox: Sandbox) -> RunOptions {
    RunOptions { sandbox, ..TODAY }
}

fn workers_with(jobs: usize, options: RunOptions) -> Vec<Worker> {
    (0..jobs)
        .map(|_| Worker::with_options(options).expect("work directory"))
        .collect()
}

/// Interleaved rounds of the measurements, so that drift in the machine's
/// load hits all alike; prints the rates and the ratios (over all rounds,
/// and the median of the per-round ratios).
fn ratio_summary() {
    let jobs = default_jobs();
    let runner = RunnerBench::new();
    let runner_true = RunnerBench {
        command: Command::new("/bin/true").expect("/bin/true exists"),
        input: String::new(),
        limits: Limits::default(),
    };
    let runner_c_locale = RunnerBench {
        command: runner
            .command
            .clone()
            .env("LC_ALL", "C")
            .expect("a valid variable"),
        ..RunnerBench::new()
    };
    let mut workers = workers_with(jobs, RunOptions::default());
    let mut old = workers_with(jobs, OLD);
    let mut file_group = workers_with(
        jobs,
        RunOptions {
            stdin: StdinMode::File,
            isolation: Isolation::LegacyProcessGroup,
            ..OLD
        },
    );
    let mut fallback = workers_with(
        jobs,
        RunOptions {
            stdin: StdinMode::File,
            isolation: Isolation::ProcessGroup,
            ..OLD
        },
    );
    let mut pipe_namespace = workers_with(
        jobs,
        RunOptions {
            stdin: StdinMode::Pipe,
            isolation: Isolation::Auto,
            ..OLD
        },
    );
    let mut units = vec![(); jobs];
    let (rounds, per_round) = (10usize, 400u64);
    let mut times = [Duration::ZERO; 11];
    let mut cpu = [Duration::ZERO; 11];
    let mut paired = Vec::with_capacity(rounds);
    let mut paired_old = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let t = [
            measure(&mut cpu[0], &mut units, per_round, spawn_true),
            measure(&mut cpu[1], &mut workers, per_round, |w| runner.run(w)),
            measure(&mut cpu[2], &mut units, per_round, spawn_cat),
            measure(&mut cpu[3], &mut workers, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
            measure(&mut cpu[4], &mut workers, per_round, |w| {
                runner_c_locale.run(w)
            }),
            measure(&mut cpu[5], &mut old, per_round, |w| runner.run(w)),
            measure(&mut cpu[6], &mut file_group, per_round, |w| runner.run(w)),
            measure(&mut cpu[7], &mut pipe_namespace, per_round, |w| {
                runner.run(w)
            }),
            measure(&mut cpu[8], &mut old, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
            measure(&mut cpu[9], &mut file_group, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
            measure(&mut cpu[10], &mut fallback, per_round, |w| runner.run(w)),
        ];
        paired_old.push(t[5].as_secs_f64() / t[1].as_secs_f64());
        paired.push(t[0].as_secs_f64() / t[1].as_secs_f64());
        for (sum, t) in times.iter_mut().zip(t) {
            *sum += t;
        }
    }
    paired.sort_by(f64::total_cmp);
    paired_old.sort_by(f64::total_cmp);
    let total = (per_round * rounds as u64) as f64;
    let rate = |t: Duration| total / t.as_secs_f64();
    println!();
    println!(
        "summary on {jobs} workers, {rounds} interleaved rounds of {per_round} processes each:"
    );
    println!(
        "  (a) /bin/true spawn+reap, std::process:       {:7.0} processes/s",
        rate(times[0])
    );
    println!(
        "  (b) Worker::check /bin/cat, 2 KB, judged:     {:7.0} runs/s",
        rate(times[1])
    );
    println!(
        "      ratio (b)/(a): {:.1} % overall, {:.1} % median of rounds",
        100.0 * rate(times[1]) / rate(times[0]),
        100.0 * paired[rounds / 2]
    );
    println!("  for context:");
    println!(
        "  (c) /bin/cat spawn+reap, std::process:        {:7.0} processes/s ({:.1} % of (a))",
        rate(times[2]),
        100.0 * rate(times[2]) / rate(times[0])
    );
    println!(
        "  (d) Worker::run /bin/true, all limits:        {:7.0} runs/s ({:.1} % of (a))",
        rate(times[3]),
        100.0 * rate(times[3]) / rate(times[0])
    );
    println!(
        "  (e) as (b), with LC_ALL=C for the solution:   {:7.0} runs/s ({:.1} % of (a))",
        rate(times[4]),
        100.0 * rate(times[4]) / rate(times[0])
    );
    let new_namespaced = Worker::new()
        .and_then(|mut w| {
            Ok(w.run(&runner_true.command, b"", &runner_true.limits)?
                .namespaced)
        })
        .unwrap_or(false);
    println!("  the new runner against the old one (stdin a pipe, a process group), same binary:");
    println!(
        "  (f) as (b), old runner:                       {:7.0} runs/s; (b)/(f) {:.1} % overall, {:.1} % median of rounds",
        rate(times[5]),
        100.0 * rate(times[1]) / rate(times[5]),
        100.0 * paired_old[rounds / 2]
    );
    println!(
        "  (g) as (b), stdin a file, process group:      {:7.0} runs/s; stdin as a file: (g)/(f) {:.1} %",
        rate(times[6]),
        100.0 * rate(times[6]) / rate(times[5])
    );
    println!(
        "  (h) as (b), stdin a pipe, PID namespace:      {:7.0} runs/s; the namespace: (h)/(f) {:.1} %, (b)/(g) {:.1} %",
        rate(times[7]),
        100.0 * rate(times[7]) / rate(times[5]),
        100.0 * rate(times[1]) / rate(times[6])
    );
    println!(
        "  (i) /bin/true, process group:                 {:7.0} runs/s; (d)/(i), the namespace on /bin/true: {:.1} %",
        rate(times[9]),
        100.0 * rate(times[3]) / rate(times[9])
    );
    println!(
        "  (j) /bin/true, old runner:                    {:7.0} runs/s (namespaces used by the new runner: {new_namespaced})",
        rate(times[8]),
    );
    println!(
        "  (k) as (b), the fallback without namespaces:  {:7.0} runs/s (a process group, and a look for orphans after each run)",
        rate(times[10]),
    );
    let per_run = |i: usize| cpu[i].as_secs_f64() * 1e6 / total;
    println!("  CPU time per run (harness and children, user + system), less sensitive to load:");
    println!(
        "      cat judged: new (b) {:.0} µs, old (f) {:.0} µs: new/old {:.1} %; file+group (g) {:.0} µs, pipe+namespace (h) {:.0} µs",
        per_run(1),
        per_run(5),
        100.0 * per_run(1) / per_run(5),
        per_run(6),
        per_run(7)
    );
    println!("      cat judged, the fallback (k): {:.0} µs", per_run(10));
    println!(
        "      /bin/true:  new (d) {:.0} µs, old (j) {:.0} µs: new/old {:.1} %; file+group (i) {:.0} µs",
        per_run(3),
        per_run(8),
        100.0 * per_run(3) / per_run(8),
        per_run(9)
    );
}

/// Interleaved rounds of today's runner, the private `/tmp` alone and the
/// whole sandbox, on `cat` (judged) and `/bin/true`: wall rates and CPU
/// time per run, with the ratios to today's.
fn sandbox_summary() {
    let jobs = default_jobs();
    let runner = RunnerBench::new();
    let runner_true = RunnerBench {
        command: Command::new("/bin/true").expect("/bin/true exists"),
        input: String::new(),
        limits: Limits::default(),
    };
    let mut today = workers_with(jobs, TODAY);
    let mut private_tmp = workers_with(jobs, with_sandbox(Sandbox::Off));
    let mut sandboxed = workers_with(jobs, with_sandbox(Sandbox::On));
    let (rounds, per_round) = (10usize, 400u64);
    let mut times = [Duration::ZERO; 6];
    let mut cpu = [Duration::ZERO; 6];
    let mut medians: [Vec<f64>; 4] = Default::default();
    for _ in 0..rounds {
        let t = [
            measure(&mut cpu[0], &mut today, per_round, |w| runner.run(w)),
            measure(&mut cpu[1], &mut private_tmp, per_round, |w| runner.run(w)),
            measure(&mut cpu[2], &mut sandboxed, per_round, |w| runner.run(w)),
            measure(&mut cpu[3], &mut today, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
            measure(&mut cpu[4], &mut private_tmp, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
            measure(&mut cpu[5], &mut sandboxed, per_round, |w| {
                runner_true.run_unjudged(w)
            }),
        ];
        for (i, (new, old)) in [(1, 0), (2, 0), (4, 3), (5, 3)].into_iter().enumerate() {
            medians[i].push(t[old].as_secs_f64() / t[new].as_secs_f64());
        }
        for (sum, t) in times.iter_mut().zip(t) {
            *sum += t;
        }
    }
    for m in &mut medians {
        m.sort_by(f64::total_cmp);
    }
    let total = (per_round * rounds as u64) as f64;
    let rate = |i: usize| total / times[i].as_secs_f64();
    let per_run = |i: usize| cpu[i].as_secs_f64() * 1e6 / total;
    println!();
    println!(
        "sandbox summary on {jobs} workers, {rounds} interleaved rounds of {per_round} runs each ({}):",
        pigkill::solution::sandbox_notice(Sandbox::On, SandboxUser::default())
    );
    let line = |name: &str, i: usize, base: usize, median: Option<&Vec<f64>>| {
        println!(
            "  {name:<34} {:7.0} runs/s ({:6.1} % of today's; median of rounds {}), CPU {:5.0} µs per run ({:+.1} %)",
            rate(i),
            100.0 * rate(i) / rate(base),
            median.map_or("-".to_string(), |m| format!("{:.1} %", 100.0 * m[rounds / 2])),
            per_run(i),
            100.0 * (per_run(i) / per_run(base) - 1.0)
        );
    };
    line("cat judged, today's runner", 0, 0, None);
    line("cat judged, private /tmp alone", 1, 0, Some(&medians[0]));
    line("cat judged, the whole sandbox", 2, 0, Some(&medians[1]));
    line("/bin/true, today's runner", 3, 3, None);
    line("/bin/true, private /tmp alone", 4, 3, Some(&medians[2]));
    line("/bin/true, the whole sandbox", 5, 3, Some(&medians[3]));
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list") {
        if !args.iter().skip(1).any(|a| a.contains("sandbox")) {
            ratio_summary();
        }
        sandbox_summary();
    }
}
