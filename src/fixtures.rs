//! Fixtures: games in the problem's own text format (`NAME.in`), with the
//! expected judge output (`NAME.out`) and a note saying why the case
//! exists (`NAME.md`), grouped in folders under `tests/fixtures/`. This
//! module finds them, replays them on engines, compares outputs line by
//! line, and writes new ones atomically.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use pigkill_engine::{parse_game_bytes, Budget, Engine};

use crate::diff::{play, Verdict};

/// One fixture on disk.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// `group/name`, for reports.
    pub id: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.out` file, when the expected answer is known.
    pub expected: Option<PathBuf>,
}

/// Every fixture of a group folder (`*.in`), sorted by name.
///
/// # Errors
///
/// The I/O error when the folder cannot be read (a missing folder is an
/// empty group, not an error).
pub fn group(root: &Path, group: &str) -> io::Result<Vec<Fixture>> {
    let dir = root.join(group);
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut fixtures = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") {
            let stem = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let out = path.with_extension("out");
            fixtures.push(Fixture {
                id: format!("{group}/{stem}"),
                expected: out.exists().then_some(out),
                input: path,
            });
        }
    }
    fixtures.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(fixtures)
}

/// The first line where two judge outputs differ, as
/// `line L: expected ..., got ...` (1-based), or `None` when they agree.
pub fn first_line_difference(expected: &str, actual: &str) -> Option<String> {
    let e: Vec<&str> = expected.split('\n').collect();
    let a: Vec<&str> = actual.split('\n').collect();
    (0..e.len().max(a.len())).find_map(|i| {
        let (x, y) = (e.get(i), a.get(i));
        (x != y).then(|| {
            let show = |l: Option<&&str>| {
                l.map_or_else(|| "end of output".to_string(), |l| format!("'{l}'"))
            };
            format!("line {}: expected {}, got {}", i + 1, show(x), show(y))
        })
    })
}

/// Replays one fixture on one engine: `Ok(())` when the engine prints the
/// expected output, otherwise one line saying where it differs.
///
/// # Errors
///
/// `id (engine): ...` describing the failure: unreadable files, an invalid
/// game, an engine error or panic, or the first differing line.
pub fn replay(fixture: &Fixture, engine: &dyn Engine) -> Result<(), String> {
    let who = format!("{} ({})", fixture.id, engine.name());
    let bytes = fs::read(&fixture.input).map_err(|e| format!("{who}: cannot read: {e}"))?;
    let game = parse_game_bytes(&bytes).map_err(|e| format!("{who}: invalid game: {e}"))?;
    let Some(out) = &fixture.expected else {
        return Err(format!("{who}: no .out file"));
    };
    let expected = fs::read_to_string(out).map_err(|e| format!("{who}: cannot read .out: {e}"))?;
    match play(engine, &game, Budget::default()) {
        Verdict::Ended(outcome) => match first_line_difference(&expected, &outcome.to_judge_text())
        {
            None => Ok(()),
            Some(difference) => Err(format!("{who}: {difference}")),
        },
        other => Err(format!("{who}: {}", other.to_text().trim_end())),
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same
/// folder, flushed and synced, then renamed over `path`. A crash leaves
/// either the old file or the new one, never a torn one.
///
/// # Errors
///
/// The I/O error of any step.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `contents` to `path` atomically unless `path` exists, in which
/// case nothing is written and an `AlreadyExists` error is returned.
///
/// # Errors
///
/// `AlreadyExists`, or the I/O error of any step.
pub fn write_new(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    temp.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes a set of files `DIR/NAME.EXT` under a fresh name: `stem`, or
/// `stem-2`, `stem-3`, ... when a file of that name with any of the
/// extensions of `files` or `reserved` exists. Never overwrites: each file
/// is written with [`write_new`]. Returns `DIR/NAME` (without extension).
///
/// # Errors
///
/// The I/O error of a write, or `AlreadyExists` when no name is free.
pub fn write_fresh(
    dir: &Path,
    stem: &str,
    files: &[(&str, &[u8])],
    reserved: &[&str],
) -> io::Result<PathBuf> {
    let taken = |name: &str| {
        files
            .iter()
            .map(|(ext, _)| *ext)
            .chain(reserved.iter().copied())
            .any(|ext| dir.join(format!("{name}.{ext}")).exists())
    };
    for attempt in 1..10_000 {
        let name = if attempt == 1 {
            stem.to_string()
        } else {
            format!("{stem}-{attempt}")
        };
        if taken(&name) {
            continue;
        }
        for (ext, contents) in files {
            write_new(&dir.join(format!("{name}.{ext}")), contents)?;
        }
        return Ok(dir.join(name));
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("no free name for {stem} in {}", dir.display()),
    ))
}

/// The `*.in` files of a folder of tests, in numeric order of their names
/// (`2.in` before `10.in`), other names after them in text order.
///
/// # Errors
///
/// The I/O error of reading the folder.
pub fn input_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in") && !p.is_dir())
        .collect();
    files.sort_by_cached_key(|p| {
        let stem = p
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        (stem.parse::<u64>().unwrap_or(u64::MAX), stem)
    });
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_fresh_never_overwrites_and_respects_reserved_names() {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join("case.md"), "a human's note").expect("write");
        let first = write_fresh(dir.path(), "case", &[("in", b"1")], &["md"]).expect("saved");
        assert_eq!(first, dir.path().join("case-2"));
        let second = write_fresh(dir.path(), "case", &[("in", b"2")], &["md"]).expect("saved");
        assert_eq!(second, dir.path().join("case-3"));
        assert_eq!(
            fs::read_to_string(dir.path().join("case.md")).expect("kept"),
            "a human's note"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("case-2.in")).expect("kept"),
            "1"
        );
    }
}
