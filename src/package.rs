//! Judge packages: the suite's tests laid out for a judge, as a folder or
//! as a zip archive with the same files at its root.
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
//!   of the problem package format, which `problemtools` and DOMjudge read):
//!   - `problem.yaml` ([`KattisProblem`]): `name`, `source`, `license`,
//!     `limits` (`memory` and `output` in MiB), `validation: default`;
//!   - `.timelimit`: the time limit in seconds (DOMjudge reads it;
//!     problemtools derives its own from the accepted solutions);
//!   - `data/sample/1.in`, `1.ans`: the statement's sample;
//!   - `data/secret/01.in`, `01.ans`, ...: the tests, numbered with as
//!     many digits as the largest number needs (at least two);
//!   - `input_validators/validate/run` (and an empty `build`): a program
//!     in a directory, a shell script that saves the input from stdin and
//!     calls `pigkill validate FILE` (`$PIGKILL`, or `pigkill` on the
//!     PATH), exiting 42 when it conforms and 43 when not, as the format
//!     asks;
//!   - `SUITE.md` beside `problem.yaml`.
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
    /// Kattis / ICPC problem package.
    Kattis,
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
}

impl Default for ProblemMeta {
    /// 1 s and 128 MiB per test, 8 MiB of output; the license `unknown`.
    fn default() -> ProblemMeta {
        ProblemMeta {
            name: "猪国杀 (Pig Kill)".to_string(),
            source: "SDOI2010 (Luogu P2482)".to_string(),
            license: "unknown".to_string(),
            time_limit: Duration::from_secs(1),
            memory_mib: 128,
            output_mib: 8,
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

/// The Kattis `problem.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KattisProblem {
    /// The problem's name.
    pub name: String,
    /// Where it comes from.
    pub source: String,
    /// Its license.
    pub license: String,
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
        Format::Dir | Format::Luogu => format!("{stem}.out"),
        Format::Kattis => format!("{stem}.ans"),
    }
}

/// Every path of a package of `count` tests in `format`, in the order
/// [`files`] makes them.
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
            "data/sample/1.in",
            "data/sample/1.ans",
            "input_validators/validate/build",
            "input_validators/validate/run",
        ],
    };
    paths.extend(extra.iter().map(|p| p.to_string()));
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

/// The Kattis `problem.yaml` for `meta`.
pub fn kattis_problem(meta: &ProblemMeta) -> KattisProblem {
    KattisProblem {
        name: meta.name.clone(),
        source: meta.source.clone(),
        license: meta.license.clone(),
        limits: KattisLimits {
            memory: meta.memory_mib,
            output: meta.output_mib,
        },
        validation: "default".to_string(),
    }
}

/// The Kattis input validator: saves stdin to a file and asks `pigkill validate`.
pub const KATTIS_VALIDATOR: &str = r#"#!/bin/sh
# Input validator (Kattis problem package format): reads one test on stdin
# and exits 42 when it conforms to the statement, 43 when it does not.
# It asks `pigkill validate FILE` (exit 0: conforms, 1: does not); set
# PIGKILL to the pigkill binary when it is not on the PATH.
pigkill="${PIGKILL:-pigkill}"
input=$(mktemp) || exit 1
trap 'rm -f "$input"' EXIT
cat > "$input" || exit 1
"$pigkill" validate "$input" >&2
case $? in
    0) exit 42 ;;
    1) exit 43 ;;
    *) echo "validate: could not run '$pigkill validate'" >&2; exit 1 ;;
esac
"#;

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
) -> Result<Vec<PackageFile>, serde_yaml::Error> {
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
            serde_yaml::to_string(&luogu_config(tests, meta))?,
        )),
        Format::Kattis => {
            files.push(PackageFile::text(
                "problem.yaml",
                serde_yaml::to_string(&kattis_problem(meta))?,
            ));
            files.push(PackageFile::text(
                ".timelimit",
                format!("{}\n", meta.time_limit.as_secs_f64()),
            ));
            files.push(PackageFile::text("data/sample/1.in", SAMPLE_IN));
            files.push(PackageFile::text("data/sample/1.ans", SAMPLE_ANS));
            files.push(PackageFile {
                path: "input_validators/validate/build".to_string(),
                bytes: b"#!/bin/sh\n# Nothing to build: run calls pigkill validate.\n".to_vec(),
                executable: true,
            });
            files.push(PackageFile {
                path: "input_validators/validate/run".to_string(),
                bytes: KATTIS_VALIDATOR.as_bytes().to_vec(),
                executable: true,
            });
        }
    }
    files.push(PackageFile::text("SUITE.md", report));
    Ok(files)
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
