//! Judge packages as judges take them: each format's layout (Luogu's
//! `config.yml`, the Kattis package's files and `problem.yaml`); the Kattis
//! package's standalone
//! input validator (one C++17 file, compiled here with g++) says what
//! `pigkill validate` says, line for line, on every file of the readers'
//! deviation set, on hand-made faults, on every test of a suite and on
//! 180 more games of its pool;
//! its wrong-answer submissions fail the suite and its accepted one passes;
//! Hydro's `config.yaml`, read back as YAML, holds every test in subtasks
//! worth 100 points, grouped as Luogu's `config.yml` groups them; and the
//! same seed gives the same tests in every format (four runs of the
//! command, shared by the tests that read a package the command wrote) and
//! packing gives the same bytes.

mod common;
mod deviations;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use common::{assert_success, pigkill, text};
use deviations::{games, variants};
use pigkill::package::{self, Format, LuoguTest, PackageTest, ProblemMeta};
use pigkill::solution::{compare, CompareMode};
use pigkill::suite::{build, Slot, Subtask, Suite, SuiteOptions};
use pigkill_engine::{parse_game, Budget, Engine};
use pigkill_reference::ReferenceEngine;
use serde_norway::Value;

/// Compiles a C++17 file with g++ (as a judge does) into `dir`.
fn compile(source: &str, dir: &Path, name: &str) -> PathBuf {
    let file = dir.join(format!("{name}.cpp"));
    std::fs::write(&file, source).expect("source written");
    let exe = dir.join(name);
    let out = Command::new("g++")
        .args(["-std=c++17", "-O2", "-o"])
        .arg(&exe)
        .arg(&file)
        .output()
        .expect("g++ runs (the tests need it, as judges have it)");
    assert_success(&out, &format!("g++ {name}"));
    exe
}

/// The package's validator, compiled once.
fn validator() -> &'static Path {
    static EXE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, exe) = EXE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let exe = compile(package::VALIDATOR_CPP, dir.path(), "validate");
        (dir, exe)
    });
    exe
}

/// What a reader says about one file: accepted or not, and its lines.
#[derive(Debug, PartialEq, Eq)]
struct Said {
    conforms: bool,
    lines: Vec<String>,
}

/// The standalone validator on `file` as a judge runs it: the file on stdin.
fn standalone(file: &Path) -> Said {
    let out = Command::new(validator())
        .stdin(std::fs::File::open(file).expect("input"))
        .output()
        .expect("the validator runs");
    let conforms = match out.status.code() {
        Some(42) => true,
        Some(43) => false,
        other => panic!("{}: exit {other:?}, expected 42 or 43", file.display()),
    };
    Said {
        conforms,
        lines: text(&out.stdout).lines().map(str::to_string).collect(),
    }
}

/// `pigkill validate FILE`, its `FILE:` prefixes taken off.
fn reference(file: &Path) -> Said {
    let path = file.to_str().expect("utf-8");
    let out = pigkill(&["validate", path]);
    let conforms = match out.status.code() {
        Some(0) => true,
        Some(1) => false,
        other => panic!("{path}: exit {other:?}: {}", text(&out.stderr)),
    };
    let prefix = format!("{path}:");
    let lines = text(&out.stdout)
        .lines()
        .map(|l| {
            let rest = l.strip_prefix(&prefix).expect("each line names the file");
            rest.strip_prefix(' ').unwrap_or(rest).to_string()
        })
        .collect();
    Said { conforms, lines }
}

/// Hand-made faults beyond the readers' set: the places and kinds of
/// trouble every reader of the format meets.
fn faults() -> Vec<(&'static str, Vec<u8>)> {
    let good = "3 2\nMP K D P J\nZP F N W Z\nFP K K D D\nP K\n";
    let mut faults: Vec<(&str, Vec<u8>)> = vec![
        ("good", good.into()),
        ("empty", Vec::new()),
        ("only a newline", b"\n".to_vec()),
        ("header only", b"3 2\n".to_vec()),
        ("byte order mark", format!("\u{feff}{good}").into_bytes()),
        ("leading zero", good.replacen("3 2", "03 2", 1).into_bytes()),
        ("n too big", good.replacen("3 2", "11 2", 1).into_bytes()),
        ("m zero", good.replacen("3 2", "3 0", 1).into_bytes()),
        (
            "huge number",
            good.replacen("3 2", "3 99999999999999999999999", 1)
                .into_bytes(),
        ),
        (
            "n not a number",
            good.replacen("3 2", "x 2", 1).into_bytes(),
        ),
        (
            "three on line 1",
            good.replacen("3 2", "3 2 1", 1).into_bytes(),
        ),
        ("pig 1 not MP", good.replacen("MP", "ZP", 1).into_bytes()),
        ("second MP", good.replacen("ZP", "MP", 1).into_bytes()),
        ("no rebel", good.replacen("FP", "ZP", 1).into_bytes()),
        ("card for a role", good.replacen("ZP", "K", 1).into_bytes()),
        (
            "role for a card",
            good.replacen("F N", "FP N", 1).into_bytes(),
        ),
        (
            "unknown card",
            good.replacen("P K\n", "P X\n", 1).into_bytes(),
        ),
        (
            "short pig line",
            good.replacen(" Z\n", "\n", 1).into_bytes(),
        ),
        ("short deck", good.replacen("P K\n", "P\n", 1).into_bytes()),
        ("tokens after", format!("{good}K K\nD\n").into_bytes()),
        ("blank after", format!("{good}\n \n").into_bytes()),
        (
            "vertical tab and form feed",
            good.replacen("K D", "K\x0bD", 1)
                .replacen("F N", "F\x0cN", 1)
                .into_bytes(),
        ),
        ("lone CR", good.replacen(" D P", "\rD P", 1).into_bytes()),
        (
            "trailing space and CRLF",
            good.replacen("J\n", "J \r\n", 1).into_bytes(),
        ),
        (
            "leading tab",
            good.replacen("\nZP", "\n\tZP", 1).into_bytes(),
        ),
        (
            "long token",
            good.replacen("P K\n", &format!("P {}\n", "K".repeat(40)), 1)
                .into_bytes(),
        ),
        ("nul byte", good.replacen("P J", "P \0", 1).into_bytes()),
        (
            "quote and backslash",
            good.replacen("P J", "P '\"\\", 1).into_bytes(),
        ),
        ("accented card", good.replacen("P J", "P é", 1).into_bytes()),
        ("cut off", good.as_bytes()[..20].to_vec()),
    ];
    let mut invalid = good.as_bytes().to_vec();
    invalid[12] = 0xff;
    faults.push(("invalid UTF-8", invalid));
    // A long token whose 32 kept bytes end inside a character.
    let cut = format!(
        "3 2\nMP K D P J\nZP F N W Z\nFP K K D D\nP {}é{}\n",
        "K".repeat(31),
        "K".repeat(5)
    );
    faults.push(("character cut at the keep limit", cut.into_bytes()));
    let many = format!(
        "3 2\nMP K D P J\nZP F N W Z\nFP K K D D\nP K\n{}",
        "\n".repeat(5)
    );
    faults.push(("many blank lines after", many.into_bytes()));
    let noisy = format!("3 2\nMP{}\n", "  X".repeat(150));
    faults.push(("more than 100 deviations", noisy.into_bytes()));
    faults
}

/// Seed 1's suite, with a tenth of the command's work (pools and search,
/// `SuiteOptions::scaled`; the same code): these tests are about how
/// suite tests are written, validated and packed, which does not depend
/// on how strong the choice is.
///
/// One suite, not ten: only the validator's test read more than the
/// first, and it asks of each test only that the two validators agree on
/// it, which no choice among the games changes; so it now reads this
/// suite's pool (every test was one of its candidates) instead of nine
/// more choices, about 35 s of CPU each, for 180 more games of the same
/// generator (tests/suite.rs makes its ten suites for what depends on
/// the choice).
fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| build(1, &SuiteOptions::scaled(0.1)))
}

#[test]
fn the_standalone_validator_says_what_pigkill_validate_says_on_every_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut files = Vec::new();
    let mut variant_count = 0;
    for (id, game) in games() {
        let path = dir.path().join(format!("{id}.in"));
        std::fs::write(&path, game.to_text()).expect("write");
        files.push(path);
        for variant in variants(&game) {
            let path = dir.path().join(format!("{id}-{}.in", variant.name));
            std::fs::write(&path, &variant.text).expect("write");
            files.push(path);
            variant_count += 1;
        }
    }
    for (i, (_, bytes)) in faults().iter().enumerate() {
        let path = dir.path().join(format!("fault-{i}.in"));
        std::fs::write(&path, bytes).expect("write");
        files.push(path);
    }
    for (t, c) in suite().cases().enumerate() {
        let path = dir.path().join(format!("suite-{}.in", t + 1));
        std::fs::write(&path, c.case.game.to_text()).expect("write");
        files.push(path);
    }
    // And 180 more candidates of its pool, of every slot (the big games
    // all): as many games as the ten suites' tests this test read before.
    let candidates = &suite().pool.candidates;
    let mut more: Vec<usize> = (0..candidates.len())
        .filter(|&i| candidates[i].slot == Slot::Big)
        .collect();
    let step = (candidates.len() / (180 - more.len())).max(1);
    more.extend(
        (0..candidates.len())
            .step_by(step)
            .filter(|&i| candidates[i].slot != Slot::Big),
    );
    more.truncate(180);
    for i in &more {
        let path = dir.path().join(format!("candidate-{i}.in"));
        std::fs::write(&path, candidates[*i].case.game.to_text()).expect("write");
        files.push(path);
    }
    let (mut conforming, mut deviating) = (0, 0);
    for file in &files {
        let expected = reference(file);
        assert_eq!(standalone(file), expected, "{}", file.display());
        if expected.conforms {
            conforming += 1;
        } else {
            deviating += 1;
        }
    }
    // Every suite test, candidate and clean game conforms; every
    // deviation does not.
    assert_eq!(
        conforming,
        10 + 1 + 20 + 180,
        "clean games, the good fault, suite tests, candidates"
    );
    assert_eq!(deviating, variant_count + faults().len() - 1);
    eprintln!(
        "validators agree on {} files ({conforming} conforming, {deviating} not)",
        files.len()
    );
}

/// Pieces that break the format in the ways bytes can: whitespace of every
/// kind, digits, roles, unknown tokens, bytes that are not UTF-8, an
/// invisible character, a token past the 32 bytes kept for messages.
const PIECES: [&[u8]; 22] = [
    b" ",
    b"\t",
    b"\r",
    b"\n",
    b"\r\n",
    b"\x0b",
    b"\x0c",
    b"0",
    b"7",
    b"K",
    b"MP",
    b"FP",
    b"X",
    b"\xff",
    b"\xc3",
    "é".as_bytes(),
    "\u{feff}".as_bytes(),
    "\u{200b}".as_bytes(),
    b"\0",
    b"\"'\\",
    b"\xed\xa0\x80",
    b"123456789012345678901234567890123456",
];

#[test]
fn the_standalone_validator_says_what_pigkill_validate_says_on_randomly_broken_tests() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(24);
    let dir = tempfile::tempdir().expect("temp dir");
    let tests: Vec<String> = suite().cases().map(|c| c.case.game.to_text()).collect();
    let mut deviating = 0;
    for i in 0..300 {
        let mut bytes = tests[i % tests.len()].as_bytes().to_vec();
        if rng.random_bool(0.5) {
            bytes.truncate(300);
        }
        // One to four insertions, deletions or replacements.
        for _ in 0..rng.random_range(1..=4) {
            let at = rng.random_range(0..=bytes.len());
            let piece = PIECES[rng.random_range(0..PIECES.len())];
            match rng.random_range(0..3) {
                0 => drop(bytes.splice(at..at, piece.iter().copied())),
                1 => drop(bytes.drain(at..(at + rng.random_range(1..=3)).min(bytes.len()))),
                _ => drop(bytes.splice(at..(at + 1).min(bytes.len()), piece.iter().copied())),
            }
        }
        let path = dir.path().join(format!("broken-{i}.in"));
        std::fs::write(&path, &bytes).expect("write");
        let expected = reference(&path);
        assert_eq!(standalone(&path), expected, "{}", path.display());
        deviating += usize::from(!expected.conforms);
    }
    assert!(deviating > 250, "{deviating} of 300 deviate");
    eprintln!("validators agree on 300 randomly broken tests ({deviating} deviate)");
}

#[test]
fn the_standalone_validator_stops_at_1_mib_as_pigkill_validate_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.in");
    let deck = vec!["K"; 600_000].join(" ");
    std::fs::write(&path, format!("2 2000\nMP K K K K\nFP D D D D\n{deck}\n")).expect("write");
    let expected = reference(&path);
    assert!(!expected.conforms);
    assert_eq!(standalone(&path), expected);
}

/// The first suite's tests, as the command packs them.
fn package_tests(suite: &Suite) -> Vec<PackageTest> {
    suite
        .cases()
        .map(|c| PackageTest {
            input: c.case.game.to_text(),
            answer: c.case.outcome.to_judge_text(),
            subtask: c.slot.subtask(),
        })
        .collect()
}

#[test]
fn hydro_config_yaml_holds_every_test_in_subtasks_worth_100_grouped_as_luogu_groups_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tests = package_tests(suite());
    let meta = ProblemMeta::default();
    let files = package::files(Format::Hydro, &tests, "# Suite\n", &meta).expect("files");
    package::write(&package::Target::new(dir.path(), false), &files, false).expect("written");
    let yaml = std::fs::read_to_string(dir.path().join("testdata/config.yaml")).expect("config");
    let config: Value = serde_norway::from_str(&yaml).expect("YAML");
    assert_eq!(config["type"].as_str(), Some("default"));
    assert_eq!(config["time"].as_str(), Some("1000ms"));
    assert_eq!(config["memory"].as_str(), Some("128m"));
    let subtasks = config["subtasks"].as_sequence().expect("subtasks");
    let mut cases = Vec::new();
    let mut total = 0;
    for subtask in subtasks {
        total += subtask["score"].as_u64().expect("a score");
        let group: Vec<String> = subtask["cases"]
            .as_sequence()
            .expect("cases")
            .iter()
            .map(|c| {
                let input = c["input"].as_str().expect("input").to_string();
                let output = c["output"].as_str().expect("output");
                assert!(
                    dir.path().join("testdata").join(&input).is_file(),
                    "{input}"
                );
                assert!(
                    dir.path().join("testdata").join(output).is_file(),
                    "{output}"
                );
                input
            })
            .collect();
        cases.push(group);
    }
    assert_eq!(cases.iter().map(Vec::len).sum::<usize>(), 20);
    assert_eq!(total, 100);
    // Luogu's config.yml, read as YAML: the same groups, the same points.
    let luogu = package::files(Format::Luogu, &tests, "", &meta).expect("files");
    let luogu = &luogu
        .iter()
        .find(|f| f.path == "config.yml")
        .expect("config.yml")
        .bytes;
    let luogu: Value = serde_norway::from_slice(luogu).expect("YAML");
    let mut groups: Vec<(u64, Vec<String>, u64)> = Vec::new();
    for (name, settings) in luogu.as_mapping().expect("a map") {
        let id = settings["subtaskId"].as_u64().expect("subtaskId");
        let score = settings["score"].as_u64().expect("score");
        let name = name.as_str().expect("a name").to_string();
        match groups.iter_mut().find(|g| g.0 == id) {
            Some(group) => {
                group.1.push(name);
                group.2 += score;
            }
            None => groups.push((id, vec![name], score)),
        }
    }
    assert_eq!(
        cases,
        groups.iter().map(|g| g.1.clone()).collect::<Vec<_>>()
    );
    let scores: Vec<u64> = subtasks
        .iter()
        .map(|s| s["score"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(scores, groups.iter().map(|g| g.2).collect::<Vec<_>>());

    let problem: Value = serde_norway::from_str(
        &std::fs::read_to_string(dir.path().join("problem.yaml")).expect("problem.yaml"),
    )
    .expect("YAML");
    assert!(problem["title"]
        .as_str()
        .is_some_and(|t| t.contains("Pig Kill")));
    let statement = std::fs::read_to_string(dir.path().join("problem.md")).expect("problem.md");
    assert!(statement.contains(&format!("```input1\n{}```", package::SAMPLE_IN)));
    assert!(statement.contains(&format!("```output1\n{}```", package::SAMPLE_ANS)));
}

/// Every file under `dir`, by path, with its bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("a folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string();
                files.insert(name, std::fs::read(&path).expect("read"));
            }
        }
    }
    files
}

/// Seed 7's suite (pool scale 0.1) as four runs of the command write it,
/// once per test run: `dir` and `luogu` as folders, `kattis` and `hydro`
/// as zips, under the returned folder (`dir`, `luogu`, `kattis.zip`,
/// `hydro.zip`). Choosing a suite is what costs (about 35 s of CPU each);
/// the tests below share these four runs, which go side by side (each
/// process chooses alone; they share only the cores).
fn seed_7() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        std::thread::scope(|scope| {
            for (format, zip) in [
                ("dir", false),
                ("luogu", false),
                ("kattis", true),
                ("hydro", true),
            ] {
                let out = dir.path().join(format);
                scope.spawn(move || {
                    let mut args = vec![
                        "gen",
                        "--suite",
                        "--seed",
                        "7",
                        "--pool-scale",
                        "0.1",
                        "--format",
                        format,
                        "--out",
                        out.to_str().expect("utf-8"),
                    ];
                    if zip {
                        args.push("--zip");
                    }
                    let gen = pigkill(&args);
                    assert_success(&gen, &format!("gen --suite --format {format}"));
                });
            }
        });
        dir
    })
    .path()
}

/// What `gen --suite` writes validates, every game ending (as
/// `pigkill validate --ends` reads it): seed 7's folder, which the command
/// writes once for the tests here (tests/readers.rs checks the other
/// outputs of `gen`; it made a suite of its own for this).
#[test]
fn the_commands_suite_validates_and_every_game_ends() {
    let dir = seed_7().join("dir");
    common::validates_and_ends(dir.to_str().expect("utf-8"), "gen --suite --seed 7");
}

/// Every file of a zip, by path, with its bytes.
fn unzipped(path: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).expect("zip")).expect("a zip");
    (0..zip.len())
        .map(|i| {
            let mut file = zip.by_index(i).expect("entry");
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).expect("read");
            (file.name().to_string(), bytes)
        })
        .collect()
}

/// The inputs of a package's tests other than the sample, sorted, and its
/// `SUITE.md` (which names the tests by the format's file names).
fn inputs_and_report(files: &BTreeMap<String, Vec<u8>>) -> (Vec<&[u8]>, &[u8]) {
    let mut inputs: Vec<&[u8]> = files
        .iter()
        .filter(|(name, _)| name.ends_with(".in") && !name.contains("sample"))
        .map(|(_, bytes)| bytes.as_slice())
        .collect();
    inputs.sort();
    let report = files
        .iter()
        .find(|(name, _)| name.ends_with("SUITE.md"))
        .map(|(_, bytes)| bytes.as_slice())
        .expect("SUITE.md");
    (inputs, report)
}

// Four runs of the command, one per format, choose the same 20 tests (and
// `dir` and `luogu`, which name the tests alike, write the same SUITE.md):
// the choice is the seed's, in every process. And packing those tests
// twice gives the same bytes in every format, as folder and as zip. (The test ran the command twice per format and zip, 16
// suite choices where these four show the same; the packing, which is all
// that differs between formats, is checked for all eight.)
#[test]
fn the_same_seed_gives_the_same_bytes_in_every_format() {
    let made = [
        tree(&seed_7().join("dir")),
        tree(&seed_7().join("luogu")),
        unzipped(&seed_7().join("kattis.zip")),
        unzipped(&seed_7().join("hydro.zip")),
    ];
    let (inputs, report) = inputs_and_report(&made[0]);
    assert_eq!(inputs.len(), 20, "the dir format's tests");
    for (format, files) in ["luogu", "kattis", "hydro"].iter().zip(&made[1..]) {
        let (their_inputs, their_report) = inputs_and_report(files);
        assert!(
            their_inputs == inputs,
            "{format} holds other tests than dir"
        );
        if *format == "luogu" {
            assert!(
                their_report == report,
                "luogu's SUITE.md differs from dir's"
            );
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    // The command's tests, in subtasks by their order (the packing does not
    // look at what a test holds).
    let tests: Vec<PackageTest> = (1..=20)
        .map(|i| {
            let read = |name: String| {
                std::fs::read_to_string(seed_7().join("dir").join(name)).expect("a test")
            };
            PackageTest {
                input: read(format!("{i}.in")),
                answer: read(format!("{i}.out")),
                subtask: Subtask::ALL[(i * 3 / 21).min(2)],
            }
        })
        .collect();
    let meta = ProblemMeta::default();
    for format in [Format::Dir, Format::Luogu, Format::Kattis, Format::Hydro] {
        for zip in [false, true] {
            let packed: Vec<BTreeMap<String, Vec<u8>>> = ["a", "b"]
                .iter()
                .map(|run| {
                    let files = package::files(format, &tests, "# Suite\n", &meta).expect("files");
                    let target = package::Target::new(
                        &dir.path().join(format!("{format:?}-{zip}-{run}")),
                        zip,
                    );
                    package::write(&target, &files, false).expect("written");
                    if zip {
                        unzipped(target.path())
                    } else {
                        tree(target.path())
                    }
                })
                .collect();
            assert!(
                packed[0].len() >= 21,
                "{format:?}: {} files",
                packed[0].len()
            );
            assert!(
                packed[0] == packed[1],
                "{format:?} (zip: {zip}) differs between runs"
            );
        }
    }
}

#[test]
fn a_hydro_zip_holds_the_problem_in_one_folder() {
    let file = std::fs::File::open(seed_7().join("hydro.zip")).expect("zip");
    let mut zip = zip::ZipArchive::new(file).expect("a zip archive");
    let names: Vec<String> = (0..zip.len())
        .map(|i| zip.by_index(i).expect("entry").name().to_string())
        .collect();
    assert!(names.iter().all(|n| n.starts_with("pigkill/")), "{names:?}");
    for needed in [
        "problem.yaml",
        "problem.md",
        "testdata/config.yaml",
        "testdata/20.in",
        "testdata/20.out",
    ] {
        assert!(names.contains(&format!("pigkill/{needed}")), "{needed}");
    }
    let mut config = String::new();
    zip.by_name("pigkill/testdata/config.yaml")
        .expect("config")
        .read_to_string(&mut config)
        .expect("text");
    let config: Value = serde_norway::from_str(&config).expect("YAML");
    assert_eq!(config["type"].as_str(), Some("default"));
}

// Kattis's default output validator compares tokens: a wrong answer must
// differ in its tokens, not only in its line breaks.

/// Runs `exe` on `input` with the judge's patience (5 s): its stdout, or
/// `None` when it fails or runs out of time.
fn judged(exe: &Path, input: &Path) -> Option<Vec<u8>> {
    let mut child = Command::new(exe)
        .stdin(std::fs::File::open(input).expect("input"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        out
    });
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let out = reader.join().expect("read");
            return status.success().then_some(out);
        }
        if start.elapsed() > std::time::Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The Kattis package of seed 7 as the command wrote it (a zip), unpacked
/// into `dir`.
fn kattis_unpacked(dir: &Path) -> PathBuf {
    let out = dir.join("kattis");
    for (name, bytes) in unzipped(&seed_7().join("kattis.zip")) {
        let path = out.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
        std::fs::write(&path, bytes).expect("write");
    }
    out
}

// The package is seed 7's, written by the command once for the tests
// above (`seed_7`): this test made its own, seed 1's at pool scale 0.25,
// one more suite choice (about 2.5 times a 0.1 one) for the same
// assertions. A weaker suite's tests failing each wrong-answer submission
// says no less.
#[test]
fn kattis_submissions_are_judged_as_their_folders_say_on_the_seeds_tests() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = kattis_unpacked(dir.path());
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(out.join("data/secret"))
        .expect("data/secret")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs.push(out.join("data/sample/1.in"));
    assert_eq!(inputs.len(), 21);
    let builds = dir.path().join("builds");
    std::fs::create_dir_all(&builds).expect("builds");
    let source = |p: &Path| std::fs::read_to_string(p).expect("a submission");
    let accepted = compile(
        &source(&out.join("submissions/accepted/contestant.cpp")),
        &builds,
        "accepted",
    );
    for input in &inputs {
        let answer = std::fs::read(input.with_extension("ans")).expect("answer");
        let printed = judged(&accepted, input).expect("the accepted one ends");
        assert!(
            compare(&answer, &printed, CompareMode::Tokens).is_accepted(),
            "{}",
            input.display()
        );
    }
    let mut wrong: Vec<PathBuf> = std::fs::read_dir(out.join("submissions/wrong_answer"))
        .expect("wrong_answer")
        .map(|e| e.expect("entry").path())
        .collect();
    wrong.sort();
    assert!(wrong.len() >= 2, "{wrong:?}");
    for submission in &wrong {
        let name = submission
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let code = source(submission);
        assert!(code.starts_with(&format!(
            "#define MISTAKE_{}\n",
            name.to_uppercase().replace('-', "_")
        )));
        let exe = compile(&code, &builds, &name);
        let mut wrong_answers = 0;
        for input in &inputs {
            let answer = std::fs::read(input.with_extension("ans")).expect("answer");
            // Wrong by its answer, never by time or a crash.
            let printed = judged(&exe, input)
                .unwrap_or_else(|| panic!("{name} fails on {} by time or crash", input.display()));
            if !compare(&answer, &printed, CompareMode::Tokens).is_accepted() {
                wrong_answers += 1;
            }
        }
        assert!(wrong_answers > 0, "{name} passes every test");
        eprintln!(
            "{name}: wrong answer on {wrong_answers} of {} tests",
            inputs.len()
        );
    }
}

#[test]
fn kattis_problem_yaml_has_a_uuid_from_the_seed_and_says_whose_the_problem_is() {
    let problem = |seed: u64| -> Value {
        let meta = ProblemMeta {
            seed,
            ..ProblemMeta::default()
        };
        let files = package::files(Format::Kattis, &[], "", &meta).expect("files");
        let yaml = &files
            .iter()
            .find(|f| f.path == "problem.yaml")
            .expect("problem.yaml")
            .bytes;
        serde_norway::from_slice(yaml).expect("YAML")
    };
    let uuid = |seed| problem(seed)["uuid"].as_str().expect("a uuid").to_string();
    assert_eq!(uuid(1), uuid(1));
    assert_ne!(uuid(1), uuid(2));
    let id = uuid(1);
    let groups: Vec<usize> = id.split('-').map(str::len).collect();
    assert_eq!(groups, [8, 4, 4, 4, 12], "{id}");
    assert!(id.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
    let one = problem(1);
    assert_eq!(one["license"].as_str(), Some("unknown"));
    assert!(one["source"]
        .as_str()
        .is_some_and(|s| s.contains("SDOI2010")));
    assert!(one["rights_owner"]
        .as_str()
        .is_some_and(|s| s.contains("SDOI2010")));
    assert_eq!(one["validation"].as_str(), Some("default"));
    assert_eq!(one["limits"]["memory"].as_u64(), Some(128));
}

#[test]
fn every_wrong_answer_candidate_is_a_catalogue_mistake_the_contestant_can_make() {
    let contestant = package::CONTESTANT_CPP;
    for name in package::WRONG_ANSWERS {
        assert!(
            pigkill_reference::mutants::Mutation::ALL
                .iter()
                .any(|m| m.name() == name),
            "{name} is not in the catalogue"
        );
        let define = package::contestant_with(name);
        let first = define.lines().next().expect("a line");
        let id = first.strip_prefix("#define ").expect("a define");
        // The contestant tests it in an #ifdef or #ifndef.
        let tested = contestant
            .lines()
            .any(|l| l.starts_with("#if") && l.split_whitespace().any(|w| w == id));
        assert!(tested, "{id}");
    }
}

#[test]
fn luogu_package_has_a_config_yml_keyed_by_input_file_with_limits_scores_and_subtasks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tests = package_tests(suite());
    let meta = ProblemMeta::default();
    let files = package::files(Format::Luogu, &tests, "# Suite\n", &meta).expect("files");
    package::write(&package::Target::new(dir.path(), false), &files, false).expect("written");
    let yaml = std::fs::read_to_string(dir.path().join("config.yml")).expect("config.yml");
    // Luogu's layout, read as plain YAML: a map from "N.in" to the four keys.
    let value: Value = serde_norway::from_str(&yaml).expect("YAML");
    let map = value.as_mapping().expect("a map");
    assert_eq!(map.len(), 20);
    let keys: Vec<&str> = map.keys().map(|k| k.as_str().expect("a name")).collect();
    let expected_keys: Vec<String> = (1..=20).map(|i| format!("{i}.in")).collect();
    assert_eq!(keys, expected_keys, "in test order");
    let mut total = 0;
    for (i, (key, settings)) in map.iter().enumerate() {
        let name = key.as_str().expect("name");
        assert!(dir.path().join(name).is_file(), "{name}");
        assert!(dir.path().join(name.replace(".in", ".out")).is_file());
        let settings = settings.as_mapping().expect("settings");
        let fields: BTreeSet<&str> = settings.keys().filter_map(Value::as_str).collect();
        assert_eq!(
            fields,
            BTreeSet::from(["timeLimit", "memoryLimit", "score", "subtaskId"])
        );
        let int = |k: &str| {
            settings[k]
                .as_u64()
                .unwrap_or_else(|| panic!("{k} is an integer"))
        };
        assert_eq!(int("timeLimit"), 1000, "ms");
        assert_eq!(int("memoryLimit"), 128 * 1024, "KiB");
        let subtask = match i {
            0..=1 => Subtask::Basic,
            2..=5 => Subtask::NoNullify,
            _ => Subtask::Full,
        };
        assert_eq!(int("subtaskId"), subtask.number() as u64, "{name}");
        total += int("score");
    }
    assert_eq!(total, 100);
    // And through the documented struct.
    let typed: BTreeMap<String, LuoguTest> = serde_norway::from_str(&yaml).expect("typed");
    assert_eq!(typed["1.in"].score, 5);
}

#[test]
fn kattis_zip_holds_problem_yaml_statement_sample_secret_data_validator_and_submissions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tests = package_tests(suite());
    let files = package::files(Format::Kattis, &tests, "# Suite\n", &ProblemMeta::default())
        .expect("files");
    let target = package::Target::new(&dir.path().join("pigkill"), true);
    assert_eq!(target.path(), dir.path().join("pigkill.zip"));
    package::write(&target, &files, false).expect("written");
    // Never overwritten without force.
    let err = package::write(&target, &files, false).expect_err("exists");
    assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);

    let mut zip = zip::ZipArchive::new(std::fs::File::open(target.path()).expect("zip"))
        .expect("a zip archive");
    let mut contents = BTreeMap::new();
    let mut modes = BTreeMap::new();
    for i in 0..zip.len() {
        let mut file = zip.by_index(i).expect("entry");
        let mut text = String::new();
        file.read_to_string(&mut text).expect("text");
        modes.insert(
            file.name().to_string(),
            file.unix_mode().unwrap_or(0) & 0o777,
        );
        contents.insert(file.name().to_string(), text);
    }
    let mut expected: BTreeSet<String> = [
        "problem.yaml",
        ".timelimit",
        "problem_statement/problem.en.tex",
        "data/sample/1.in",
        "data/sample/1.ans",
        "input_validators/validate.cpp",
        "submissions/accepted/contestant.cpp",
        "SUITE.md",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for i in 1..=20 {
        expected.insert(format!("data/secret/{i:02}.in"));
        expected.insert(format!("data/secret/{i:02}.ans"));
    }
    assert_eq!(contents.keys().cloned().collect::<BTreeSet<_>>(), expected);
    assert_eq!(modes["input_validators/validate.cpp"], 0o644);
    assert_eq!(modes["data/secret/01.in"], 0o644);

    let problem: Value = serde_norway::from_str(&contents["problem.yaml"]).expect("YAML");
    for key in [
        "name",
        "uuid",
        "source",
        "license",
        "rights_owner",
        "validation",
    ] {
        assert!(problem[key].is_string(), "{key}");
    }
    assert_eq!(problem["limits"]["memory"].as_u64(), Some(128));
    assert!(problem["limits"]["output"].as_u64().is_some());
    assert_eq!(contents[".timelimit"].trim().parse::<f64>().ok(), Some(1.0));

    // The sample is the statement's, with the answer both engines give.
    let sample = parse_game(&contents["data/sample/1.in"]).expect("the sample parses");
    assert_eq!(sample.pig_count(), 3);
    let answer = ReferenceEngine
        .run(&sample, Budget::default())
        .expect("ends");
    assert_eq!(answer.to_judge_text(), contents["data/sample/1.ans"]);
    for (i, test) in tests.iter().enumerate() {
        assert_eq!(
            contents[&format!("data/secret/{:02}.in", i + 1)],
            test.input
        );
        assert_eq!(
            contents[&format!("data/secret/{:02}.ans", i + 1)],
            test.answer
        );
    }
}
