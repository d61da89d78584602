//! The measurement of issue 21: how well `pigkill check` says where a
//! program went another way, on programs nobody here wrote the search for.
//!
//! - **Catalogue**: every catalogue mistake injected in the C++ contestant
//!   (`examples/build-contestants.sh DIR`): is the minimised failure's
//!   deviation at a decision of the mistake's own `rules.md` section, and
//!   is the confirmed rule the mistake (the same outputs as the
//!   catalogue's mistaken engine on 1,000 fresh games)?
//! - **Narrow** (when `examples/narrow.tsv` exists): each `-DNARROW_<ID>`
//!   switch: the section, a confirmed rule, and whether a confirmed rule
//!   predicts at least 90% of a second, independent batch of fresh games
//!   where it shows (else it counts as a wrong statement), counted per
//!   split (`seen`, `unseen`, then `blind`, the second batch written apart
//!   in session 3). The table prints the meaning of `seen` rows only;
//!   `narrow SPLIT` runs only that split's rows (`narrow seen`,
//!   `narrow blind`: whoever tunes the search runs only the splits it
//!   may read).
//! - **Pairs**: random pairs of catalogue mistakes built together: is each
//!   mistake stated (a stated rule prints what that mistake's engine
//!   prints on at least 90% of 200 fresh games where either shows)? A
//!   mistake not stated is tested for whether it can show at all beside
//!   the other (`=`: the pair's engine prints what the other's alone
//!   prints on every one of 20,000 fresh games), so that no one counts
//!   it a miss of the search; and for whether a rule stated prints what
//!   the contestant built with that mistake alone prints (`a`, `b`: the
//!   mistake as the C++ reads it, which may differ from the catalogue's
//!   rules), counted apart.
//! - **Family** (`family N [SEED]`): N rules of the narrow family (every
//!   rule the vocabulary can state: a kind, a context of at most two
//!   literals, an alternative), sampled with the seed so that contexts of
//!   0, 1 and 2 literals and every `rules.md` section are present (a
//!   tenth without context, the rest shared evenly between one and two
//!   literals), each made the program in process (the reference engine
//!   deviated by that rule). As `pigkill check` does: the first failing
//!   game of generated games, shrunk, the deviation searched with the
//!   passed games before it and the probe battery. Each row is one of
//!   **same rule** (the stated rules print what the injected rule prints
//!   on 1,000 fresh games), **equivalent** (confirmed, and predicts at
//!   least 90% of a second batch), **wrong** (confirmed, predicts less:
//!   must be none), **in part**, **this game only**, **none**; a rule that
//!   changes no output on the first [`FAMILY_LIVE_GAMES`] games is **not
//!   live**, counted apart. Every rule is expressible, so every miss is a
//!   weakness of the search, not of the vocabulary. `FAMILY_ROWS=3,17`
//!   runs only those rows of the sample again.
//! - **Ablation** (`ablate N [SEED]`, `ablate-alternative N [SEED]`): the
//!   family's rows, with the injected rule's decision kind (or only its
//!   alternative at that kind) withheld from the search's vocabulary
//!   ([`pigkill::deviation::Withheld`]): a program whose mistake the
//!   vocabulary cannot state, with the truth known, the honest proxy of
//!   narrow mistakes nobody tuned on. Classed as the family's rows (a
//!   confirmed rule is then another kind's restatement, **equivalent**,
//!   or **wrong**); **other section** counts the moments reported in a
//!   section not the injected rule's (none is better than those).
//! - **In process** (`inprocess MISTAKE...`): the catalogue's mistaken
//!   engine making those mistakes is the program, searched as `family`
//!   searches; the whole report is printed (to trace one pair).
//!
//! ```text
//! cargo run --release --example deviation_survey -- DIR [catalogue] [narrow [SPLIT]] [pairs N] [family N [SEED]]
//!     [ablate N [SEED]] [ablate-alternative N [SEED]]
//! ```
//!
//! DIR holds the built contestants (built there when missing; `family`
//! builds none).

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use pigkill::catalogue::{same, search_game};
use pigkill::check::FailureReport;
use pigkill::deviation::DeviationReport;
use pigkill::solution::{Command, CompareMode, Limits, Worker};
use pigkill_engine::Budget;
use pigkill_reference::decision::{deviated_output, Deviation, DeviationRule};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};
use rand::seq::SliceRandom;
use rand::SeedableRng;

mod common;

const MODE: CompareMode = CompareMode::Lines;

/// The seed of the games that compare a rule with a mistake.
const COMPARE_SEED: u64 = 777;

/// The most games of [`COMPARE_SEED`] searched for those where a rule or
/// a mistake shows (`penalty-keeps-weapon` shows on about 1 in 2,000).
const COMPARE_SEARCH: u64 = 100_000;

/// The deviation search's budget in deviated engine runs
/// (`pigkill check --search-runs`): with it, and one job (the first
/// failing game and the games passed before it do not depend on which
/// job ends first), the survey's lines are the same at any load.
/// `SEARCH_RUNS=N` in the environment sets another (`0`: the search's
/// own clock, as `pigkill check` runs by default).
const SEARCH_RUNS: u64 = 20_000;

/// The deviation search's budget: [`SEARCH_RUNS`], or `$SEARCH_RUNS`.
fn search_runs() -> Option<u64> {
    match std::env::var("SEARCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        Some(0) => None,
        Some(n) => Some(n),
        None => Some(SEARCH_RUNS),
    }
}

/// The seed of the second, independent batch of fresh games.
const SECOND_BATCH_SEED: u64 = 4_242;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first().map(PathBuf::from) else {
        eprintln!(
            "usage: deviation_survey DIR [catalogue] [narrow [SPLIT]] [pairs N] [family N [SEED]]"
        );
        std::process::exit(2);
    };
    if let Err(e) = check_modes(&args[1..]) {
        eprintln!("error: {e}");
        eprintln!(
            "usage: deviation_survey DIR [catalogue] [narrow [SPLIT]] [pairs N] [family N [SEED]]"
        );
        std::process::exit(2);
    }
    let all = args.len() == 1;
    if let Some(i) = args.iter().position(|a| a == "inprocess") {
        let set = args[i + 1..]
            .iter()
            .filter_map(|name| Mutation::ALL.iter().find(|m| m.name() == name))
            .fold(MutationSet::EMPTY, |set, m| set.with(*m));
        let program = |g: &pigkill_engine::Game| -> Option<String> {
            mistaken_output(g, Budget::default(), set).ok()
        };
        let d = family_deviation(&program, 1, None);
        println!("{d:#?}");
        return;
    }
    for (mode, withhold) in [
        ("family", Withhold::Nothing),
        ("ablate", Withhold::Kind),
        ("ablate-alternative", Withhold::Alternative),
    ] {
        if let Some(i) = args.iter().position(|a| a == mode) {
            let n = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(150);
            let seed = args.get(i + 2).and_then(|n| n.parse().ok()).unwrap_or(1);
            family(n, seed, withhold);
            return;
        }
    }
    let wants = |what: &str| all || args.iter().any(|a| a == what);
    std::fs::create_dir_all(&dir).expect("DIR can be made");
    if wants("catalogue") {
        catalogue(&dir);
    }
    if wants("narrow") {
        // `narrow SPLIT` runs only that split's rows (`narrow seen`, `narrow blind`).
        let split = args
            .iter()
            .position(|a| a == "narrow")
            .and_then(|i| args.get(i + 1))
            .filter(|a| !matches!(a.as_str(), "catalogue" | "narrow" | "pairs"))
            .map(String::as_str);
        narrow(&dir, split);
    }
    if wants("pairs") {
        let n = args
            .iter()
            .position(|a| a == "pairs")
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(40);
        pairs(&dir, n);
    }
}

/// The modes that take numbers after them, and how many at most.
const NUMBERED_MODES: [(&str, usize); 4] = [
    ("pairs", 1),
    ("family", 2),
    ("ablate", 2),
    ("ablate-alternative", 2),
];

/// Checks the words after DIR: every one a mode, a mode's numbers, the
/// split after `narrow` (one `examples/narrow.tsv` knows), or the mistakes
/// after `inprocess`; a misspelt mode would otherwise run nothing, or
/// everything, without a word.
fn check_modes(words: &[String]) -> Result<(), String> {
    let mut i = 0;
    while i < words.len() {
        let word = words[i].as_str();
        i += 1;
        if word == "catalogue" {
            continue;
        }
        if word == "narrow" {
            let rows = narrow_rows();
            if let Some(split) = words.get(i).filter(|w| !is_mode(w)) {
                if !rows.iter().any(|r| &r.split == split) {
                    return Err(format!(
                        "no row of examples/narrow.tsv is in the split '{split}' (expected a split such as seen, blind, blind3)"
                    ));
                }
                i += 1;
            }
            continue;
        }
        if word == "inprocess" {
            for name in &words[i..] {
                if Mutation::from_name(name).is_none() {
                    return Err(format!(
                        "'{name}' after inprocess is not a catalogue mistake (expected ids such as unlimited-kills)"
                    ));
                }
            }
            return Ok(());
        }
        let Some(&(_, most)) = NUMBERED_MODES.iter().find(|(m, _)| *m == word) else {
            return Err(format!(
                "'{word}' is not a mode (expected catalogue, narrow, pairs, family, ablate, ablate-alternative or inprocess)"
            ));
        };
        for _ in 0..most {
            match words.get(i) {
                Some(n) if n.parse::<u64>().is_ok() => i += 1,
                Some(n) if !is_mode(n) => {
                    return Err(format!(
                        "'{n}' after {word} is not a count (expected a whole number)"
                    ))
                }
                _ => break,
            }
        }
    }
    Ok(())
}

/// Whether `word` names a mode.
fn is_mode(word: &str) -> bool {
    matches!(word, "catalogue" | "narrow" | "inprocess")
        || NUMBERED_MODES.iter().any(|(m, _)| *m == word)
}

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/contestant.cpp")
}

/// Compiles the contestant with these defines into `out` (once).
fn build(out: &Path, defines: &[String]) -> bool {
    if out.exists() {
        return true;
    }
    let mut cc = Process::new(std::env::var("CXX").unwrap_or_else(|_| "g++".into()));
    cc.args(["-O2", "-std=c++17"]);
    for d in defines {
        cc.arg(format!("-D{d}"));
    }
    cc.arg("-o").arg(out).arg(source());
    cc.status().is_ok_and(|s| s.success())
}

fn define(prefix: &str, id: &str) -> String {
    format!("{prefix}_{}", id.to_uppercase().replace('-', "_"))
}

/// `pigkill check`'s default run (stops at the first failure) on `exe`
/// with seed `seed`: the failure report, and the seconds to it. With one
/// job the first failure is the first failing game, whatever the load; a
/// mistake that also makes the program hang may then show first as a
/// TLE, which has no deviation: the next seeds are tried (at most
/// [`SEEDS_TRIED`]) until the first failure is a wrong output.
fn check(exe: &Path, seed: u64) -> Option<(FailureReport, f64)> {
    let mut first = None;
    for seed in seed..seed + SEEDS_TRIED {
        let found = common::first_failure(exe, seed, MODE, search_runs());
        match &found {
            Some((report, _)) if report.verdict == "WA" || report.verdict == "PE" => {
                return found;
            }
            _ => {
                first = first.or(found);
            }
        }
    }
    first
}

/// How many seeds [`check`] tries for a wrong output.
const SEEDS_TRIED: u64 = 3;

/// On how many of `n` fresh games the engine making `rules` prints what
/// the engine making `set` prints, and on how many of them `set` shows.
fn agreement(rules: &[DeviationRule], set: MutationSet, n: u64) -> (u64, u64) {
    let deviations: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
    let (mut agree, mut shows) = (0, 0);
    for i in 0..n {
        let game = search_game(COMPARE_SEED, i);
        let mine = deviated_output(&game, Budget::default(), &deviations).ok();
        let theirs = mistaken_output(&game, Budget::default(), set).ok();
        let right = mistaken_output(&game, Budget::default(), MutationSet::EMPTY).ok();
        if theirs != right {
            shows += 1;
        }
        if match (&mine, &theirs) {
            (Some(a), Some(b)) => same(a, b, MODE),
            (None, None) => true,
            _ => false,
        } {
            agree += 1;
        }
    }
    (agree, shows)
}

fn describe(d: Option<&DeviationReport>) -> (String, String, String) {
    match d {
        None => ("-".into(), "none".into(), "-".into()),
        Some(d) => (
            d.section.clone(),
            d.verdict.clone(),
            d.rule
                .clone()
                .unwrap_or_else(|| format!("{} -> {}", d.decision, d.program_did)),
        ),
    }
}

fn catalogue(dir: &Path) {
    println!("== catalogue mistakes in the C++ contestant");
    println!(
        "{:<38} {:>5} {:<22} {:<14} {:>9} {:>6}  rule",
        "mistake", "secs", "section", "verdict", "same/1000", "shows"
    );
    let (mut in_section, mut is_mistake, mut total) = (0, 0, 0);
    let mut times = Vec::new();
    for m in Mutation::ALL {
        let exe = dir.join(format!("contestant-{}", m.name()));
        if !build(&exe, &[define("MISTAKE", m.name())]) {
            println!("{:<38} does not build", m.name());
            continue;
        }
        total += 1;
        let Some((report, secs)) = check(&exe, 1) else {
            println!("{:<38} no failure found", m.name());
            continue;
        };
        times.push(secs);
        let d = report.deviation.as_ref();
        let (section, verdict, rule) = describe(d);
        let right_section = section == m.section();
        in_section += usize::from(right_section);
        let (mut agree, mut shows) = (0, 0);
        if let Some(d) = d.filter(|d| d.verdict == "confirmed") {
            (agree, shows) = agreement(&d.rules(), MutationSet::single(m), 1000);
            is_mistake += usize::from(agree == 1000);
        }
        println!(
            "{:<38} {:>5.1} {:<22} {:<14} {:>9} {:>6}  {}",
            m.name(),
            secs,
            section,
            verdict,
            agree,
            shows,
            rule
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "in the mistake's section: {in_section} of {total}; confirmed rule is the mistake: {is_mistake} of {total}; check's first report: median {:.2} s, worst {:.2} s",
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0)
    );
}

/// One row of `examples/narrow.tsv`.
struct Narrow {
    id: String,
    section: String,
    split: String,
    meaning: String,
}

fn narrow_rows() -> Vec<Narrow> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/narrow.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && !l.starts_with("id\t"))
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Some(Narrow {
                id: cols.first()?.trim().to_string(),
                section: cols.get(1)?.trim().to_string(),
                split: cols.get(2)?.trim().to_string(),
                meaning: cols.get(3).map_or(String::new(), |s| s.trim().to_string()),
            })
        })
        .collect()
}

/// Of a second batch of fresh games where `rules` change the output (at
/// most `want`), on how many the program prints what they predict.
fn second_batch(exe: &Path, rules: &[DeviationRule], want: usize) -> (usize, usize) {
    let command = Command::parse(&exe.display().to_string()).expect("a command");
    let limits = Limits::default();
    let mut worker = Worker::new().expect("a working directory");
    predicted_on_second_batch(rules, want, |game| {
        let report = worker
            .run(&command, game.to_text().as_bytes(), &limits)
            .ok()?;
        Some(String::from_utf8_lossy(&report.stdout).into_owned())
    })
}

/// [`second_batch`] with the program a closure (`None`: it gave no output).
fn predicted_on_second_batch(
    rules: &[DeviationRule],
    want: usize,
    mut program: impl FnMut(&pigkill_engine::Game) -> Option<String>,
) -> (usize, usize) {
    let deviations: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
    let (mut matched, mut tried) = (0, 0);
    for i in 0..50_000 {
        if tried >= want {
            break;
        }
        let game = search_game(SECOND_BATCH_SEED, i);
        let (Ok(right), Ok(predicted)) = (
            deviated_output(&game, Budget::default(), &[]),
            deviated_output(&game, Budget::default(), &deviations),
        ) else {
            continue;
        };
        if same(&right, &predicted, MODE) {
            continue;
        }
        tried += 1;
        if program(&game).is_some_and(|printed| same(&predicted, &printed, MODE)) {
            matched += 1;
        }
    }
    (matched, tried)
}

/// The narrow rows, each split in turn (only the rows of `only` when given).
fn narrow(dir: &Path, only: Option<&str>) {
    let rows = narrow_rows();
    if rows.is_empty() {
        println!("== narrow mistakes: no examples/narrow.tsv");
        return;
    }
    println!("== narrow mistakes (-DNARROW_<ID>)");
    println!(
        "{:<34} {:<7} {:<22} {:<22} {:<14} {:>8} {:>6}  rule",
        "id", "split", "section", "found", "verdict", "2nd", "runs"
    );
    let mut splits = vec![only.unwrap_or("seen")];
    if only.is_none() {
        for row in &rows {
            if !splits.contains(&row.split.as_str()) {
                splits.push(&row.split);
            }
        }
    }
    // `NARROW_ROWS=b11-01,b9-17` runs only those rows of the split (to
    // run a moved row again).
    let wanted: Option<Vec<String>> = std::env::var("NARROW_ROWS")
        .ok()
        .map(|ids| ids.split(',').map(|id| id.trim().to_string()).collect());
    for split in splits {
        let (mut n, mut in_section, mut confirmed, mut wrong) = (0, 0, 0, 0);
        for row in rows
            .iter()
            .filter(|r| r.split == split)
            .filter(|r| wanted.as_ref().is_none_or(|ids| ids.contains(&r.id)))
        {
            let exe = dir.join(format!("narrow-{}", row.id));
            if !build(&exe, &[define("NARROW", &row.id)]) {
                println!("{:<34} does not build", row.id);
                continue;
            }
            n += 1;
            let report = check(&exe, 1);
            let d = report.as_ref().and_then(|(r, _)| r.deviation.as_ref());
            let (section, verdict, rule) = describe(d);
            in_section += usize::from(section == row.section);
            let mut second = String::from("-");
            if let Some(d) = d.filter(|d| d.verdict == "confirmed") {
                confirmed += 1;
                let (m, t) = second_batch(&exe, &d.rules(), 30);
                second = format!("{m}/{t}");
                if t == 0 || m * 10 < t * 9 {
                    wrong += 1;
                }
            }
            // The engine runs on the line (the same at any load), the
            // search's seconds apart (they are not).
            let runs = d.map_or(0, |d| d.engine_runs);
            println!(
                "{:<34} {:<7} {:<22} {:<22} {:<14} {:>8} {:>6}  {}",
                row.id, split, row.section, section, verdict, second, runs, rule
            );
            eprintln!("{}: search {:.2} s", row.id, d.map_or(0.0, |d| d.search_s));
            if let Some(d) = d {
                eprintln!(
                    "{}: predicted {:?} of {:?}, explains {:?} of {:?}, rule {:?}",
                    row.id, d.predicted, d.tried, d.explains, d.of, d.rule
                );
            }
            if split == "seen" && !row.meaning.is_empty() {
                println!("    meaning: {}", row.meaning);
            }
        }
        println!(
            "{split}: {n} switches; deviation in the right section {in_section}, confirmed rule {confirmed}, wrong statements {wrong}"
        );
    }
}

fn pairs(dir: &Path, n: usize) {
    println!("== pairs of catalogue mistakes");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut all_pairs = Vec::new();
    for (i, a) in Mutation::ALL.iter().enumerate() {
        for b in &Mutation::ALL[i + 1..] {
            all_pairs.push((*a, *b));
        }
    }
    all_pairs.shuffle(&mut rng);
    let mut both = 0;
    let mut one = 0;
    let mut accounted = 0;
    let mut as_read = 0;
    for &(a, b) in all_pairs.iter().take(n) {
        let exe = dir.join(format!("pair-{}+{}", a.name(), b.name()));
        if !build(
            &exe,
            &[define("MISTAKE", a.name()), define("MISTAKE", b.name())],
        ) {
            println!("{a}+{b}: does not build");
            continue;
        }
        let report = check(&exe, 1);
        let d = report.as_ref().and_then(|(r, _)| r.deviation.as_ref());
        let rules = d.map(DeviationReport::rules).unwrap_or_default();
        let stated = |m: Mutation| rules.iter().any(|r| agreement_where_shows(*r, m, 200));
        let (found_a, found_b) = (stated(a), stated(b));
        // A mistake not stated may be stated as the C++ reads it (which
        // can differ from the catalogue's rules): measured against the
        // contestant built with that mistake alone, counted apart.
        let read = |m: Mutation| {
            let exe = dir.join(format!("contestant-{}", m.name()));
            build(&exe, &[define("MISTAKE", m.name())])
                && rules
                    .iter()
                    .any(|r| agreement_with_program(*r, m, &exe, 200))
        };
        let read_a = !found_a && read(a);
        let read_b = !found_b && read(b);
        // A mistake that is not stated may have nothing to show beside
        // the other: measured, not assumed.
        let hidden_a = (!found_a).then(|| hidden_by(a, b)).flatten();
        let hidden_b = (!found_b).then(|| hidden_by(b, a)).flatten();
        let shown_a = found_a || hidden_a.is_some();
        let shown_b = found_b || hidden_b.is_some();
        both += usize::from(found_a && found_b);
        one += usize::from(found_a ^ found_b);
        accounted += usize::from(shown_a && shown_b);
        as_read += usize::from((shown_a || read_a) && (shown_b || read_b));
        let mark = |found: bool, hidden: Option<u64>, read: bool, letters: [&'static str; 2]| match (
            found, hidden, read,
        ) {
            (true, _, _) => letters[0],
            (false, Some(_), _) => "=",
            (false, None, true) => letters[1],
            (false, None, false) => "-",
        };
        println!(
            "{:<70} {}{} {}",
            format!("{a}+{b}"),
            mark(found_a, hidden_a, read_a, ["A", "a"]),
            mark(found_b, hidden_b, read_b, ["B", "b"]),
            rules
                .iter()
                .map(DeviationRule::words)
                .collect::<Vec<_>>()
                .join(" | ")
        );
        for (m, other, hidden) in [(a, b, hidden_a), (b, a, hidden_b)] {
            if let Some(games) = hidden {
                println!(
                    "    {m} cannot show beside {other}: the pair's engine prints what {other} alone prints on all {games} games that end (search_game seed {HIDDEN_SEED}, {HIDDEN_GAMES} games)"
                );
            }
        }
    }
    println!(
        "pairs: {n}; both stated {both}, one {one}; both stated or the other one cannot show: {accounted}; counting a mistake stated as the C++ reads it (a, b): {as_read}"
    );
}

/// Whether `rule` prints what the program `exe` (the contestant built
/// with `m` alone) prints on at least 90% of `n` fresh games where the
/// rule or the program changes the output (the program is run where the
/// rule or the catalogue's `m` does).
fn agreement_with_program(rule: DeviationRule, m: Mutation, exe: &Path, n: usize) -> bool {
    let command = Command::parse(&exe.display().to_string()).expect("a command");
    let limits = Limits::default();
    let Ok(mut worker) = Worker::new() else {
        return false;
    };
    agrees_where_shows(rule, m, n, |game, right, mine, _| {
        let report = worker
            .run(&command, game.to_text().as_bytes(), &limits)
            .ok()?;
        let printed = String::from_utf8_lossy(&report.stdout);
        if same(right, mine, MODE) && same(right, &printed, MODE) {
            return None;
        }
        Some(same(mine, &printed, MODE))
    })
}

/// Whether `agree` holds on at least 90% (and at least 10) of `n` fresh
/// games where `rule` or `m`'s engine changes the output: `agree` is
/// given the game, the right output, the rule's and the engine's, and
/// says whether they agree (`None`: the game does not count).
fn agrees_where_shows(
    rule: DeviationRule,
    m: Mutation,
    n: usize,
    mut agree: impl FnMut(&pigkill_engine::Game, &str, &str, &str) -> Option<bool>,
) -> bool {
    let set = MutationSet::single(m);
    let (mut agreed, mut tried) = (0, 0);
    for i in 0..COMPARE_SEARCH {
        if tried >= n {
            break;
        }
        let game = search_game(COMPARE_SEED, i);
        let (Ok(right), Ok(mine), Ok(theirs)) = (
            deviated_output(&game, Budget::default(), &[]),
            deviated_output(&game, Budget::default(), &[Deviation::Rule(rule)]),
            mistaken_output(&game, Budget::default(), set),
        ) else {
            continue;
        };
        if same(&right, &mine, MODE) && same(&right, &theirs, MODE) {
            continue;
        }
        let Some(agrees) = agree(&game, &right, &mine, &theirs) else {
            continue;
        };
        tried += 1;
        agreed += usize::from(agrees);
    }
    tried >= 10 && agreed * 10 >= tried * 9
}

/// The seed of the games that test whether a mistake can show beside another.
const HIDDEN_SEED: u64 = 7;

/// How many games of [`HIDDEN_SEED`] test it.
const HIDDEN_GAMES: u64 = 20_000;

/// Whether `m` cannot show beside `other`: on every one of
/// [`HIDDEN_GAMES`] fresh games, the engine making both prints what the
/// engine making `other` alone prints (both end, or neither). The number
/// of those games that end, when so; `None` at the first game that tells
/// them apart.
fn hidden_by(m: Mutation, other: Mutation) -> Option<u64> {
    let pair = MutationSet::single(m).with(other);
    let alone = MutationSet::single(other);
    let mut ended = 0;
    for i in 0..HIDDEN_GAMES {
        let game = search_game(HIDDEN_SEED, i);
        match (
            mistaken_output(&game, Budget::default(), pair),
            mistaken_output(&game, Budget::default(), alone),
        ) {
            (Ok(both), Ok(one)) if same(&both, &one, MODE) => ended += 1,
            (Err(_), Err(_)) => {}
            _ => return None,
        }
    }
    Some(ended)
}

/// Whether `rule` prints what `m`'s engine prints on at least 90% of `n`
/// fresh games where either changes the output.
fn agreement_where_shows(rule: DeviationRule, m: Mutation, n: usize) -> bool {
    agrees_where_shows(rule, m, n, |_, _, mine, theirs| {
        Some(same(mine, theirs, MODE))
    })
}

/// How many generated games a family rule is looked for on: a rule that
/// changes no output on these is not live.
const FAMILY_LIVE_GAMES: u64 = 3_000;

/// A hard end of one row's search: a search counted in engine runs
/// takes longer on long games, and a few rows of a withheld kind would
/// otherwise take many minutes (a row past it may differ at load).
const FAMILY_HARD_END: std::time::Duration = std::time::Duration::from_secs(90);

thread_local! {
    /// The family row being searched (1-based).
    static FAMILY_ROW: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The passed games kept before the first failure (`pigkill check`'s).
const FAMILY_KEPT_PASSED: usize = 60;

/// The longest passed or other failing game (in decisions) given to the
/// search (`pigkill check`'s).
const FAMILY_LONGEST_OTHER: usize = 600;

/// N rules of the narrow family sampled with `seed`: a tenth of them
/// without context, the rest shared evenly between one and two literals;
/// within each count, the `rules.md` sections in turn, so that every
/// section is present at each count.
fn family_sample(n: usize, seed: u64) -> Vec<DeviationRule> {
    use std::collections::BTreeMap;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut strata: BTreeMap<(usize, &'static str), Vec<DeviationRule>> = BTreeMap::new();
    for rule in pigkill_reference::decision::narrow_family(2) {
        strata
            .entry((rule.when.len(), rule.kind.section()))
            .or_default()
            .push(rule);
    }
    for rules in strata.values_mut() {
        rules.shuffle(&mut rng);
    }
    let none = n.div_ceil(10);
    let one = (n - none.min(n)).div_ceil(2);
    let quotas = [none.min(n), one, n.saturating_sub(none + one)];
    let mut sample = Vec::new();
    for (literals, &quota) in quotas.iter().enumerate() {
        let mut sections: Vec<&'static str> = strata
            .keys()
            .filter(|(l, _)| *l == literals)
            .map(|(_, s)| *s)
            .collect();
        sections.shuffle(&mut rng);
        let mut taken = 0;
        while taken < quota {
            let before = taken;
            for section in &sections {
                if taken == quota {
                    break;
                }
                if let Some(rule) = strata
                    .get_mut(&(literals, section))
                    .and_then(std::vec::Vec::pop)
                {
                    sample.push(rule);
                    taken += 1;
                }
            }
            if taken == before {
                break;
            }
        }
    }
    sample
}

/// How a family row ends.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum FamilyClass {
    Same,
    Equivalent,
    Wrong,
    InPart,
    ThisGameOnly,
    None,
    NotLive,
}

impl FamilyClass {
    const ALL: [FamilyClass; 7] = [
        FamilyClass::Same,
        FamilyClass::Equivalent,
        FamilyClass::Wrong,
        FamilyClass::InPart,
        FamilyClass::ThisGameOnly,
        FamilyClass::None,
        FamilyClass::NotLive,
    ];

    fn name(self) -> &'static str {
        match self {
            FamilyClass::Same => "same rule",
            FamilyClass::Equivalent => "equivalent",
            FamilyClass::Wrong => "WRONG",
            FamilyClass::InPart => "in part",
            FamilyClass::ThisGameOnly => "this game only",
            FamilyClass::None => "none",
            FamilyClass::NotLive => "not live",
        }
    }
}

/// The first failing game of `pigkill check`'s generated games (mixed
/// profile, `seed`) for `program`, with the games passed before it (at
/// most [`FAMILY_KEPT_PASSED`], the last ones) and the program's output
/// on it; `None` when none of the first [`FAMILY_LIVE_GAMES`] fails with
/// a wrong output (a game the program does not end is passed over, as
/// the survey's check passes over a TLE).
fn family_first_failure(
    program: &dyn Fn(&pigkill_engine::Game) -> Option<String>,
    seed: u64,
) -> Option<(pigkill_engine::Game, String, Vec<pigkill_engine::Game>)> {
    use pigkill_generators::{game_seed, generate, Profile};
    let mut passed = std::collections::VecDeque::new();
    for i in 0..FAMILY_LIVE_GAMES {
        let game = generate(Profile::Mixed, game_seed(seed, i));
        if !game.has_rebel() {
            continue;
        }
        let Ok(right) = deviated_output(&game, Budget::default(), &[]) else {
            continue;
        };
        let Some(printed) = program(&game) else {
            continue;
        };
        if same(&right, &printed, MODE) {
            if passed.len() == FAMILY_KEPT_PASSED {
                passed.pop_front();
            }
            passed.push_back(game);
        } else {
            return Some((game, printed, passed.into()));
        }
    }
    None
}

/// `game` shrunk as `pigkill check` shrinks a wrong output (ten seconds,
/// no random exploration): the smallest game on which `program` still
/// prints a wrong output.
fn family_shrink(
    program: &dyn Fn(&pigkill_engine::Game) -> Option<String>,
    game: &pigkill_engine::Game,
) -> pigkill_engine::Game {
    use pigkill::shrink::{shrink, ShrinkOptions};
    let options = ShrinkOptions {
        explore: 0,
        time_limit: Some(std::time::Duration::from_secs(10)),
        ..ShrinkOptions::default()
    };
    let still_fails = |candidate: &pigkill_engine::Game| {
        let right = deviated_output(candidate, Budget::default(), &[]).ok()?;
        let printed = program(candidate)?;
        if same(&right, &printed, MODE) {
            return None;
        }
        let mut trace = Vec::new();
        let _ = pigkill::engines::pair()[0].run_traced(candidate, Budget::default(), &mut trace);
        Some(pigkill::shrink::divergence::turns(&trace))
    };
    shrink(game, still_fails, &options).map_or_else(|_| game.clone(), |s| s.game)
}

/// The deviation `pigkill check` reports for `program` on its first
/// failure (generated games from `seed`), or `None` when it fails on none
/// of the first [`FAMILY_LIVE_GAMES`] (not live).
fn family_deviation(
    program: &dyn Fn(&pigkill_engine::Game) -> Option<String>,
    seed: u64,
    withheld: Option<pigkill::deviation::Withheld>,
) -> Option<Option<DeviationReport>> {
    use pigkill::deviation::{battery, find, DeviationOptions, Run};
    let (found, printed, passed) = family_first_failure(program, seed)?;
    let minimised = family_shrink(program, &found);
    // `FAMILY_GAMES=DIR` keeps each row's minimised game there (to pin one
    // in a test), beside its rule.
    if let Ok(dir) = std::env::var("FAMILY_GAMES") {
        let row = FAMILY_ROW.with(std::cell::Cell::get);
        let path = Path::new(&dir).join(format!("row{row}.in"));
        if let Err(e) = std::fs::write(&path, minimised.to_text()) {
            eprintln!("{}: {e}", path.display());
        }
    }
    let actual = program(&minimised).unwrap_or_default();
    let failures: Vec<Run> = [(minimised.clone(), actual), (found, printed)]
        .into_iter()
        .filter_map(|(g, out)| Run::new(g, out.as_bytes(), MODE))
        .filter(|run| !run.passed)
        .enumerate()
        .filter(|(i, run)| *i == 0 || run.log.len() <= FAMILY_LONGEST_OTHER)
        .map(|(_, run)| run)
        .collect();
    let mut passed: Vec<Run> = passed
        .into_iter()
        .filter_map(Run::right)
        .filter(|run| run.log.len() <= FAMILY_LONGEST_OTHER)
        .collect();
    let mut as_bytes = |g: &pigkill_engine::Game| program(g).map(String::into_bytes);
    let (failing, right): (Vec<Run>, Vec<Run>) = battery::runs(&mut as_bytes, None, MODE)
        .into_iter()
        .partition(|run| !run.passed);
    let mut failures = failures;
    failures.extend(failing);
    passed.extend(right);
    let mut options = DeviationOptions::quick(MODE);
    options.battery = false;
    options.runs = search_runs();
    options.withheld = withheld;
    options.until = Some(std::time::Instant::now() + FAMILY_HARD_END);
    let finding = find(failures, passed, Some(&mut as_bytes), &options);
    Some(finding.map(|f| DeviationReport::new(&minimised, &f)))
}

/// Whether `rules` print what `injected` prints on every one of `n`
/// fresh games.
fn family_same(rules: &[DeviationRule], injected: DeviationRule, n: u64) -> bool {
    let mine: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
    let theirs = [Deviation::Rule(injected)];
    (0..n).all(|i| {
        let game = search_game(COMPARE_SEED, i);
        match (
            deviated_output(&game, Budget::default(), &mine),
            deviated_output(&game, Budget::default(), &theirs),
        ) {
            (Ok(a), Ok(b)) => same(&a, &b, MODE),
            (Err(_), Err(_)) => true,
            _ => false,
        }
    })
}

/// What the family survey withholds from the search's vocabulary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Withhold {
    /// Nothing: every injected rule can be stated (`family`).
    Nothing,
    /// The injected rule's decision kind, whole (`ablate`).
    Kind,
    /// The injected rule's alternative at its kind (`ablate-alternative`).
    Alternative,
}

impl Withhold {
    /// What the search may not use when `rule` is the program.
    fn of(self, rule: DeviationRule) -> Option<pigkill::deviation::Withheld> {
        use pigkill::deviation::Withheld;
        match self {
            Withhold::Nothing => None,
            Withhold::Kind => Some(Withheld {
                kind: rule.kind,
                choose: None,
            }),
            Withhold::Alternative => Some(Withheld {
                kind: rule.kind,
                choose: Some(rule.choose),
            }),
        }
    }

    fn words(self) -> &'static str {
        match self {
            Withhold::Nothing => "",
            Withhold::Kind => ", its decision kind withheld from the search",
            Withhold::Alternative => ", its alternative withheld from the search",
        }
    }
}

/// The family survey: `n` sampled rules, each the program in turn, the
/// search's vocabulary less what `withhold` says (the ablation survey: a
/// program whose mistake the vocabulary lacks, with the truth known).
fn family(n: usize, seed: u64, withhold: Withhold) {
    use std::collections::BTreeMap;
    let sample = family_sample(n, seed);
    println!(
        "== the narrow family: {} rules sampled (seed {seed}), each the program in process{}",
        sample.len(),
        withhold.words()
    );
    println!(
        "{:>3} {:>2} {:<22} {:<22} {:<14} {:<14} {:>6} {:>6} {:>5}  injected => stated",
        "#", "n", "section", "found", "verdict", "class", "2nd", "runs", "secs"
    );
    let mut counts: BTreeMap<(usize, FamilyClass), usize> = BTreeMap::new();
    let (mut live, mut in_section, mut confirmed) = ([0usize; 3], [0usize; 3], [0usize; 3]);
    // Live rows whose moment is in another section than the injected rule's.
    let mut elsewhere = [0usize; 3];
    let mut times = Vec::new();
    // `FAMILY_ROWS=3,17` runs only those rows of the sample (to look at
    // one again).
    let only: Option<Vec<usize>> = std::env::var("FAMILY_ROWS").ok().map(|rows| {
        rows.split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect()
    });
    for (i, rule) in sample.iter().enumerate() {
        if only.as_ref().is_some_and(|rows| !rows.contains(&(i + 1))) {
            continue;
        }
        let start = std::time::Instant::now();
        let deviation = [Deviation::Rule(*rule)];
        let program = |g: &pigkill_engine::Game| -> Option<String> {
            deviated_output(g, Budget::default(), &deviation).ok()
        };
        let literals = rule.when.len().min(2);
        FAMILY_ROW.with(|r| r.set(i + 1));
        if let Ok(dir) = std::env::var("FAMILY_GAMES") {
            let path = Path::new(&dir).join(format!("row{}.rule", i + 1));
            if let Err(e) = std::fs::write(&path, format!("{rule:?}\n{}\n", rule.words())) {
                eprintln!("{}: {e}", path.display());
            }
        }
        let found = family_deviation(&program, 1, withhold.of(*rule));
        let (class, section, verdict, second, runs, stated) = match &found {
            None => (
                FamilyClass::NotLive,
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                0,
                String::new(),
            ),
            Some(d) => {
                let d = d.as_ref();
                let (section, verdict, stated) = describe(d);
                let mut second = "-".to_string();
                let class = match d {
                    None => FamilyClass::None,
                    Some(d) if d.verdict == "confirmed" => {
                        let rules = d.rules();
                        if family_same(&rules, *rule, 1000) {
                            FamilyClass::Same
                        } else {
                            let (m, t) = predicted_on_second_batch(&rules, 30, program);
                            second = format!("{m}/{t}");
                            if t > 0 && m * 10 >= t * 9 {
                                FamilyClass::Equivalent
                            } else {
                                FamilyClass::Wrong
                            }
                        }
                    }
                    Some(d) if d.verdict == "in part" => FamilyClass::InPart,
                    Some(_) => FamilyClass::ThisGameOnly,
                };
                (
                    class,
                    section,
                    verdict,
                    second,
                    d.map_or(0, |d| d.engine_runs),
                    stated,
                )
            }
        };
        let secs = start.elapsed().as_secs_f64();
        if class != FamilyClass::NotLive {
            live[literals] += 1;
            times.push(secs);
            in_section[literals] += usize::from(section == rule.kind.section());
            elsewhere[literals] += usize::from(section != "-" && section != rule.kind.section());
            confirmed[literals] += usize::from(matches!(
                class,
                FamilyClass::Same | FamilyClass::Equivalent | FamilyClass::Wrong
            ));
        }
        *counts.entry((literals, class)).or_default() += 1;
        println!(
            "{:>3} {:>2} {:<22} {:<22} {:<14} {:<14} {:>6} {:>6} {:>5.1}  {} => {}",
            i + 1,
            literals,
            rule.kind.section(),
            section,
            verdict,
            class.name(),
            second,
            runs,
            secs,
            rule.words(),
            stated
        );
    }
    let counts = &counts;
    let total =
        |class: FamilyClass| (0..3).map(move |l| counts.get(&(l, class)).copied().unwrap_or(0));
    println!("by literals (0 / 1 / 2 / all):");
    for class in FamilyClass::ALL {
        let per: Vec<usize> = total(class).collect();
        println!(
            "  {:<15} {:>4} {:>4} {:>4} {:>5}",
            class.name(),
            per[0],
            per[1],
            per[2],
            per.iter().sum::<usize>()
        );
    }
    let sum = |a: [usize; 3]| a.iter().sum::<usize>();
    println!(
        "  {:<15} {:>4} {:>4} {:>4} {:>5}",
        "live",
        live[0],
        live[1],
        live[2],
        sum(live)
    );
    println!(
        "  {:<15} {:>4} {:>4} {:>4} {:>5}",
        "right section",
        in_section[0],
        in_section[1],
        in_section[2],
        sum(in_section)
    );
    println!(
        "  {:<15} {:>4} {:>4} {:>4} {:>5}",
        "other section",
        elsewhere[0],
        elsewhere[1],
        elsewhere[2],
        sum(elsewhere)
    );
    println!(
        "  {:<15} {:>4} {:>4} {:>4} {:>5}",
        "confirmed",
        confirmed[0],
        confirmed[1],
        confirmed[2],
        sum(confirmed)
    );
    times.sort_by(f64::total_cmp);
    let pct = |a: usize| 100.0 * a as f64 / sum(live).max(1) as f64;
    println!(
        "family: {} rules, {} live; right section {} ({:.0}%), other section {}, confirmed {} ({:.0}%), same rule {}, wrong statements {}; seconds per live rule: median {:.2}, worst {:.2}",
        sample.len(),
        sum(live),
        sum(in_section),
        pct(sum(in_section)),
        sum(elsewhere),
        sum(confirmed),
        pct(sum(confirmed)),
        total(FamilyClass::Same).sum::<usize>(),
        total(FamilyClass::Wrong).sum::<usize>(),
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0)
    );
}
