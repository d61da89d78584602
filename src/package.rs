//! Judge packages: the suite's tests laid out for a judge, as a folder or
//! as a zip archive with the same files at its root (Hydro's: in one
//! folder).
//!
//! Layouts ([`Format`]):
//!
//! - **`dir`**: `1.in`, `1.out`, ..., `SUITE.md` (what `pigkill gen` wrote
//!   before packages existed, and what `pigkill check --tests` reads).
//! - **`luogu`**: Luogu's test data upload: `1.in`, `1.out`, ..., and
//!   `config.yml`, a YAML map from each input file's name to its settings,
//!   in test order ([`LuoguTest`]):
//!
//!   ```yaml
//!   1.in:
//!     timeLimit: 1000      # ms
//!     memoryLimit: 131072  # KiB
//!     score: 5             # the scores add up to 100
//!     subtaskId: 0         # 0 basic, 1 no-nullify, 2 full
//!   ```
//!
//!   `SUITE.md` lies beside them (Luogu ignores it).
//! - **`kattis`**: the Kattis / ICPC problem package (the "legacy" version
//!   of the problem package format, which `problemtools`' `verifyproblem`
//!   checks and DOMjudge imports); nothing in it needs pigkill:
//!   - `problem.yaml` ([`KattisProblem`]): `name`, a `uuid` derived from
//!     the seed ([`package_uuid`]), `source` and `source_url` (SDOI2010,
//!     Luogu P2482), `license: unknown` and `rights_owner` (the problem is
//!     SDOI2010's and its license is not known to us; the statement's
//!     words and the tests are ours), `limits` (`memory` and `output` in
//!     MiB), `validation: default`;
//!   - `.timelimit`: the time limit in seconds (DOMjudge reads it;
//!     problemtools derives its own from the accepted submission);
//!   - `problem_statement/problem.en.tex`: the English statement
//!     ([`statement`]), written from `rules.md` in our own words;
//!   - `data/sample/1.in`, `1.ans`: the statement's sample;
//!   - `data/secret/01.in`, `01.ans`, ...: the tests, numbered with as
//!     many digits as the largest number needs (at least two);
//!   - `input_validators/validate.cpp`: one C++17 file, a port of `pigkill
//!     validate` (same checks, same messages), exiting 42 when the input
//!     conforms and 43 when not;
//!   - `submissions/accepted/contestant.cpp`: the C++ contestant
//!     (`examples/contestant.cpp`), and `submissions/wrong_answer/*.cpp`:
//!     copies of it with one injected mistake each (`#define MISTAKE_...`
//!     at the top), those of [`WRONG_ANSWERS`] that the suite fails by a
//!     wrong answer, so that the judge's own run shows the data fails them;
//!   - `SUITE.md` beside `problem.yaml`.
//! - **`hydro`**: a HydroOJ problem as its "import problem" zip holds it
//!   (one folder per problem; `--zip` writes the files inside the folder
//!   [`HYDRO_FOLDER`], whatever the archive's name, so that the same seed
//!   gives the same bytes):
//!   - `problem.yaml` ([`HydroProblem`]): `title` and `tag`;
//!   - `problem.md`: the statement with the sample;
//!   - `testdata/config.yaml` ([`HydroConfig`]): `type: default`, `time`,
//!     `memory`, and `subtasks`, one per subtask of the statement (basic,
//!     no-nullify, full) with its tests and the sum of their points
//!     (`type: sum`: each test counts, as in the Luogu layout);
//!   - `testdata/1.in`, `1.out`, ...;
//!   - `SUITE.md`.
//!
//! The same tests and seed give the same bytes in every format.
//!
//! Nothing is overwritten without `force`: [`taken`] lists what is in the
//! way, and [`write`] refuses while anything is.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::ValueEnum;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use crate::fixtures::write_atomic;
use crate::suite::Subtask;

pub mod statement;

/// The statement's sample, for the `kattis` package's `data/sample`.
pub const SAMPLE_IN: &str = include_str!("../tests/fixtures/rules/sample.in");
/// The statement's sample answer.
pub const SAMPLE_ANS: &str = include_str!("../tests/fixtures/rules/sample.out");

/// A package layout (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum Format {
    /// `N.in`, `N.out` and `SUITE.md`.
    #[default]
    Dir,
    /// Luogu: `N.in`, `N.out`, `config.yml`.
    Luogu,
    /// Kattis / ICPC problem package (also DOMjudge's import).
    Kattis,
    /// HydroOJ: `problem.yaml`, `problem.md`, `testdata/` with `config.yaml`.
    Hydro,
}

/// One test of a package.
#[derive(Clone, Debug)]
pub struct PackageTest {
    /// The game, in the problem's input format.
    pub input: String,
    /// Its answer.
    pub answer: String,
    /// The subtask it belongs to.
    pub subtask: Subtask,
}

/// What the package says about the problem.
#[derive(Clone, Debug)]
pub struct ProblemMeta {
    /// The problem's name.
    pub name: String,
    /// Where it comes from.
    pub source: String,
    /// Its license (the Kattis format's words: `unknown`, `cc by-sa`, ...).
    pub license: String,
    /// The time limit per test.
    pub time_limit: Duration,
    /// The memory limit, in MiB.
    pub memory_mib: u64,
    /// The output limit, in MiB (Kattis only).
    pub output_mib: u64,
    /// The suite's seed (the Kattis package's uuid is derived from it).
    pub seed: u64,
    /// The catalogue mistakes whose contestant builds go to the Kattis
    /// `submissions/wrong_answer` (names as `pigkill mutants` gives them,
    /// each one the suite exposes; see [`WRONG_ANSWERS`]).
    pub wrong_answers: Vec<String>,
}

impl Default for ProblemMeta {
    /// 1 s and 128 MiB per test, 8 MiB of output; the license `unknown`;
    /// seed 0, no wrong-answer submission.
    fn default() -> ProblemMeta {
        ProblemMeta {
            name: "猪国杀 (Pig Kill)".to_string(),
            source: "SDOI2010 (Luogu P2482)".to_string(),
            license: "unknown".to_string(),
            time_limit: Duration::from_secs(1),
            memory_mib: 128,
            output_mib: 8,
            seed: 0,
            wrong_answers: Vec::new(),
        }
    }
}

/// One test's line of Luogu's `config.yml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LuoguTest {
    /// Milliseconds.
    pub time_limit: u64,
    /// KiB.
    pub memory_limit: u64,
    /// Points; all tests add up to 100.
    pub score: u32,
    /// The subtask, from 0 ([`Subtask::number`]).
    pub subtask_id: u32,
}

/// Luogu's `config.yml`: input file name and settings, in test order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LuoguConfig(pub Vec<(String, LuoguTest)>);

impl Serialize for LuoguConfig {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, test) in &self.0 {
            map.serialize_entry(name, test)?;
        }
        map.end()
    }
}

/// The Kattis `problem.yaml` (legacy format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KattisProblem {
    /// The problem's name (the statement's `\problemname`).
    pub name: String,
    /// The package's id, derived from the seed ([`package_uuid`]).
    pub uuid: String,
    /// Where the problem comes from.
    pub source: String,
    /// The problem's page.
    pub source_url: String,
    /// Its license (`unknown`: SDOI2010's license is not known to us).
    pub license: String,
    /// Who holds the rights, in words.
    pub rights_owner: String,
    /// Its limits.
    pub limits: KattisLimits,
    /// `default`: answers are compared token by token.
    pub validation: String,
}

/// The `limits` of `problem.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KattisLimits {
    /// MiB.
    pub memory: u64,
    /// MiB.
    pub output: u64,
}

/// Hydro's `problem.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HydroProblem {
    /// The problem's title.
    pub title: String,
    /// Its tags.
    pub tag: Vec<String>,
}

/// Hydro's `testdata/config.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HydroConfig {
    /// `default`: the answer compared line by line, ignoring trailing space.
    #[serde(rename = "type")]
    pub kind: String,
    /// The time limit per test (`1000ms`).
    pub time: String,
    /// The memory limit per test (`128m`).
    pub memory: String,
    /// The subtasks, in order; their scores add up to 100.
    pub subtasks: Vec<HydroSubtask>,
}

/// One subtask of Hydro's `config.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HydroSubtask {
    /// Its number, from 1.
    pub id: u32,
    /// Its points.
    pub score: u32,
    /// `sum`: each passed test earns its share of the points.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its tests.
    pub cases: Vec<HydroCase>,
}

/// One test of a Hydro subtask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HydroCase {
    /// The input's file name in `testdata/`.
    pub input: String,
    /// The answer's file name in `testdata/`.
    pub output: String,
}

/// One file of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    /// Its path inside the package, with `/`.
    pub path: String,
    /// Its contents.
    pub bytes: Vec<u8>,
    /// Whether it is a program (mode 755, else 644).
    pub executable: bool,
}

impl PackageFile {
    fn text(path: impl Into<String>, text: impl Into<String>) -> PackageFile {
        PackageFile {
            path: path.into(),
            bytes: text.into().into_bytes(),
            executable: false,
        }
    }
}

/// The file names of `count` tests' inputs in `format`, in test order.
pub fn test_names(format: Format, count: usize) -> Vec<String> {
    match format {
        Format::Dir | Format::Luogu => (1..=count).map(|i| format!("{i}.in")).collect(),
        Format::Hydro => (1..=count).map(|i| format!("testdata/{i}.in")).collect(),
        Format::Kattis => {
            let width = count.to_string().len().max(2);
            (1..=count)
                .map(|i| format!("data/secret/{i:0width$}.in"))
                .collect()
        }
    }
}

/// The answer file's name beside an input of `format`.
fn answer_name(format: Format, input: &str) -> String {
    let stem = input.strip_suffix(".in").unwrap_or(input);
    match format {
        Format::Dir | Format::Luogu | Format::Hydro => format!("{stem}.out"),
        Format::Kattis => format!("{stem}.ans"),
    }
}

/// The catalogue mistakes (as `pigkill mutants` names them) whose builds
/// of the C++ contestant the Kattis package offers as wrong answers, when
/// the suite fails them by their answer's tokens and every game still
/// ends (see `pigkill gen`): one that only prints the end wrong (it never
/// lengthens a game) and rule mistakes of damage, rewards, nullify and
/// responses.
pub const WRONG_ANSWERS: [&str; 8] = [
    "weapon-printed-in-hand",
    "dying-skips-peach",
    "no-penalty",
    "penalty-keeps-weapon",
    "single-nullify",
    "reward-draws-two",
    "no-reward-for-rebel-killer",
    "rightmost-card",
];

/// The C++ contestant (`examples/contestant.cpp`), the Kattis package's
/// accepted submission.
pub const CONTESTANT_CPP: &str = include_str!("../examples/contestant.cpp");

/// The Kattis input validator: one C++17 file, a port of `pigkill validate`.
pub const VALIDATOR_CPP: &str = include_str!("package/validate.cpp");

/// The contestant with `mistake` injected: its `#define MISTAKE_...` (the
/// name in capitals, `-` as `_`) on the first line.
pub fn contestant_with(mistake: &str) -> String {
    format!(
        "#define MISTAKE_{}\n{CONTESTANT_CPP}",
        mistake.to_uppercase().replace('-', "_")
    )
}

/// The path of the wrong-answer submission for `mistake`.
fn wrong_answer_path(mistake: &str) -> String {
    format!("submissions/wrong_answer/{mistake}.cpp")
}

/// Every path of a package of `count` tests in `format`, in the order
/// [`files`] makes them (with every [`WRONG_ANSWERS`] submission).
pub fn layout(format: Format, count: usize) -> Vec<String> {
    let mut paths = Vec::new();
    for name in test_names(format, count) {
        let answer = answer_name(format, &name);
        paths.push(name);
        paths.push(answer);
    }
    let extra: &[&str] = match format {
        Format::Dir => &[],
        Format::Luogu => &["config.yml"],
        Format::Kattis => &[
            "problem.yaml",
            ".timelimit",
            "problem_statement/problem.en.tex",
            "data/sample/1.in",
            "data/sample/1.ans",
            "input_validators/validate.cpp",
            "submissions/accepted/contestant.cpp",
        ],
        Format::Hydro => &["testdata/config.yaml", "problem.yaml", "problem.md"],
    };
    paths.extend(extra.iter().map(|p| p.to_string()));
    if format == Format::Kattis {
        paths.extend(WRONG_ANSWERS.iter().map(|m| wrong_answer_path(m)));
    }
    paths.push("SUITE.md".to_string());
    paths
}

/// Scores adding up to 100, as even as they can be (the first tests get
/// the remainder).
pub fn scores(count: usize) -> Vec<u32> {
    let count = count.max(1) as u32;
    (0..count)
        .map(|i| 100 / count + u32::from(i < 100 % count))
        .collect()
}

/// Luogu's `config.yml` for `tests`.
pub fn luogu_config(tests: &[PackageTest], meta: &ProblemMeta) -> LuoguConfig {
    let names = test_names(Format::Luogu, tests.len());
    LuoguConfig(
        names
            .into_iter()
            .zip(tests)
            .zip(scores(tests.len()))
            .map(|((name, test), score)| {
                (
                    name,
                    LuoguTest {
                        time_limit: meta.time_limit.as_millis() as u64,
                        memory_limit: meta.memory_mib * 1024,
                        score,
                        subtask_id: test.subtask.number() as u32,
                    },
                )
            })
            .collect(),
    )
}

/// Hydro's `config.yaml` for `tests`: one subtask per subtask of the
/// statement that holds tests, in the order of their first test, each with
/// the points of its tests as [`scores`] gives them (as in Luogu's layout).
pub fn hydro_config(tests: &[PackageTest], meta: &ProblemMeta) -> HydroConfig {
    let mut subtasks: Vec<(Subtask, HydroSubtask)> = Vec::new();
    let names = test_names(Format::Dir, tests.len());
    for ((name, test), score) in names.iter().zip(tests).zip(scores(tests.len())) {
        let case = HydroCase {
            input: name.clone(),
            output: answer_name(Format::Hydro, name),
        };
        match subtasks.iter_mut().find(|(s, _)| *s == test.subtask) {
            Some((_, subtask)) => {
                subtask.score += score;
                subtask.cases.push(case);
            }
            None => {
                let id = subtasks.len() as u32 + 1;
                subtasks.push((
                    test.subtask,
                    HydroSubtask {
                        id,
                        score,
                        kind: "sum".to_string(),
                        cases: vec![case],
                    },
                ));
            }
        }
    }
    HydroConfig {
        kind: "default".to_string(),
        time: format!("{}ms", meta.time_limit.as_millis()),
        memory: format!("{}m", meta.memory_mib),
        subtasks: subtasks.into_iter().map(|(_, s)| s).collect(),
    }
}

/// The Kattis package's uuid: SHA-256 of the seed's words, as a version 8
/// (custom) RFC 9562 UUID, so that the same seed gives the same id.
pub fn package_uuid(seed: u64) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("pigkill kattis package, seed {seed}").as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The Kattis `problem.yaml` for `meta`.
pub fn kattis_problem(meta: &ProblemMeta) -> KattisProblem {
    KattisProblem {
        name: statement::ENGLISH_NAME.to_string(),
        uuid: package_uuid(meta.seed),
        source: meta.source.clone(),
        source_url: "https://www.luogu.com.cn/problem/P2482".to_string(),
        license: meta.license.clone(),
        rights_owner: "The problem: SDOI2010 (its license is unknown to us). This English statement, the validator and the tests: written with pigkill.".to_string(),
        limits: KattisLimits {
            memory: meta.memory_mib,
            output: meta.output_mib,
        },
        validation: "default".to_string(),
    }
}

/// What `problem.yaml` says in comments above its fields.
const KATTIS_YAML_HEAD: &str = "\
# Kattis problem package (legacy format), written by `pigkill gen --suite --format kattis`.
# The problem is SDOI2010's (Luogu P2482); its license is not known to us,
# hence `license: unknown`. The statement's English text, the input
# validator and the tests are ours.
";

/// A YAML document of `value`.
///
/// # Errors
///
/// A YAML error (none is expected: the package's structs always serialise).
fn yaml<T: Serialize>(value: &T) -> Result<String, serde_norway::Error> {
    serde_norway::to_string(value)
}

/// Every file of the package of `tests` in `format`, with `report` as `SUITE.md`.
///
/// # Errors
///
/// A YAML error (none is expected: the structs always serialise).
pub fn files(
    format: Format,
    tests: &[PackageTest],
    report: &str,
    meta: &ProblemMeta,
) -> Result<Vec<PackageFile>, serde_norway::Error> {
    let mut files = Vec::new();
    for (name, test) in test_names(format, tests.len()).iter().zip(tests) {
        files.push(PackageFile::text(name.clone(), test.input.clone()));
        files.push(PackageFile::text(
            answer_name(format, name),
            test.answer.clone(),
        ));
    }
    match format {
        Format::Dir => {}
        Format::Luogu => files.push(PackageFile::text(
            "config.yml",
            yaml(&luogu_config(tests, meta))?,
        )),
        Format::Kattis => {
            files.push(PackageFile::text(
                "problem.yaml",
                format!("{KATTIS_YAML_HEAD}{}", yaml(&kattis_problem(meta))?),
            ));
            files.push(PackageFile::text(
                ".timelimit",
                format!("{}\n", meta.time_limit.as_secs_f64()),
            ));
            files.push(PackageFile::text(
                "problem_statement/problem.en.tex",
                statement::latex(),
            ));
            files.push(PackageFile::text("data/sample/1.in", SAMPLE_IN));
            files.push(PackageFile::text("data/sample/1.ans", SAMPLE_ANS));
            files.push(PackageFile::text(
                "input_validators/validate.cpp",
                VALIDATOR_CPP,
            ));
            files.push(PackageFile::text(
                "submissions/accepted/contestant.cpp",
                CONTESTANT_CPP,
            ));
            for mistake in &meta.wrong_answers {
                files.push(PackageFile::text(
                    wrong_answer_path(mistake),
                    contestant_with(mistake),
                ));
            }
        }
        Format::Hydro => {
            files.push(PackageFile::text(
                "testdata/config.yaml",
                yaml(&hydro_config(tests, meta))?,
            ));
            files.push(PackageFile::text(
                "problem.yaml",
                yaml(&HydroProblem {
                    title: meta.name.clone(),
                    tag: vec!["SDOI2010".to_string(), "simulation".to_string()],
                })?,
            ));
            files.push(PackageFile::text(
                "problem.md",
                statement::markdown(SAMPLE_IN, SAMPLE_ANS),
            ));
        }
    }
    files.push(PackageFile::text("SUITE.md", report));
    Ok(files)
}

/// The folder of a Hydro zip.
pub const HYDRO_FOLDER: &str = "pigkill";

/// `files` moved into `folder` (Hydro's import zip holds one folder per
/// problem).
pub fn in_folder(files: Vec<PackageFile>, folder: &str) -> Vec<PackageFile> {
    files
        .into_iter()
        .map(|f| PackageFile {
            path: format!("{folder}/{}", f.path),
            ..f
        })
        .collect()
}

/// The place a package goes: a folder, or a zip archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Files under this folder.
    Dir(PathBuf),
    /// A zip archive at this path, the files at its root.
    Zip(PathBuf),
}

impl Target {
    /// `out` as a folder, or with `zip` as an archive (`.zip` added when
    /// the name has no such extension).
    pub fn new(out: &Path, zip: bool) -> Target {
        if !zip {
            return Target::Dir(out.to_path_buf());
        }
        if out.extension().is_some_and(|e| e == "zip") {
            Target::Zip(out.to_path_buf())
        } else {
            let mut name = out.as_os_str().to_os_string();
            name.push(".zip");
            Target::Zip(PathBuf::from(name))
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        match self {
            Target::Dir(p) | Target::Zip(p) => p,
        }
    }
}

/// The paths that writing files named `paths` to `target` would overwrite.
pub fn taken<'a>(target: &Target, paths: impl IntoIterator<Item = &'a str>) -> Vec<PathBuf> {
    match target {
        Target::Zip(p) => {
            if p.exists() {
                vec![p.clone()]
            } else {
                Vec::new()
            }
        }
        Target::Dir(dir) => paths
            .into_iter()
            .map(|p| dir.join(p))
            .filter(|p| p.exists())
            .collect(),
    }
}

/// Writes `files` to `target`: each file atomically, or the archive
/// atomically (a temporary file, then a rename). Without `force`, refuses
/// when anything would be overwritten, and writes nothing.
///
/// # Errors
///
/// `AlreadyExists` (naming the first path in the way) without `force`, or
/// the I/O error of any step.
pub fn write(target: &Target, files: &[PackageFile], force: bool) -> io::Result<()> {
    if !force {
        let in_the_way = taken(target, files.iter().map(|f| f.path.as_str()));
        if let Some(first) = in_the_way.first() {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!(
                    "{} exists{} (use --force to overwrite)",
                    first.display(),
                    match in_the_way.len() {
                        1 => String::new(),
                        n => format!(", and {} more", n - 1),
                    }
                ),
            ));
        }
    }
    match target {
        Target::Dir(dir) => {
            for file in files {
                let path = dir.join(&file.path);
                write_atomic(&path, &file.bytes)?;
                set_mode(&path, file.executable)?;
            }
            Ok(())
        }
        Target::Zip(path) => write_zip(path, files),
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, executable: bool) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(
        path,
        fs::Permissions::from_mode(if executable { 0o755 } else { 0o644 }),
    )
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: bool) -> io::Result<()> {
    Ok(())
}

/// Writes the archive: every file at its path, deflated, dated 1980-01-01
/// (so that the same suite gives the same bytes), mode 755 or 644.
fn write_zip(path: &Path, files: &[PackageFile]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let temp = tempfile::NamedTempFile::new_in(dir)?;
    let mut zip = zip::ZipWriter::new(temp);
    for file in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip::DateTime::default())
            .unix_permissions(if file.executable { 0o755 } else { 0o644 });
        zip.start_file(file.path.as_str(), options)
            .map_err(io::Error::other)?;
        zip.write_all(&file.bytes)?;
    }
    let temp = zip.finish().map_err(io::Error::other)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
