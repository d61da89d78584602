//! Turning what the user gave `--solution` into a command: a program or a
//! command line as it is, or a source file compiled once and cached.
//!
//! # Sources
//!
//! When the first word of the `--solution` string names an existing file
//! with one of these extensions, the file is a source (the other words are
//! arguments for the solution):
//!
//! | extension             | built with (`{src}` the source, `{out}` the result) | run as |
//! |-----------------------|---------------------------------------------|--------|
//! | `.cpp`, `.cc`, `.cxx` | `g++ -O2 -std=c++17 -o {out} {src}` (as NOI and Luogu) | `{out}` |
//! | `.c`                  | `gcc -O2 -o {out} {src} -lm`                | `{out}` |
//! | `.rs`                 | `rustc --edition 2021 -O -o {out} {src}`    | `{out}` |
//! | `.java`               | `javac -encoding UTF-8 -d {out} {src}` (`{out}` a directory) | `java -Xss64m -XX:+UseSerialGC -XX:-UsePerfData -cp {out} CLASS` |
//! | `.py`                 | (not built)                                 | `python3 {src}` (¹) |
//! | `.js`                 | (not built)                                 | `node {src}` |
//!
//! (¹) The interpreter `python3` names in the end (its `sys.executable`),
//! asked once: a version manager's shim (pyenv's takes half a second to
//! start) is not run on every game.
//!
//! `CLASS` is `Main` when the build made `Main.class`, else the file's
//! name without `.java`. The JVM options are those judges use: a deep
//! stack for recursive solutions, the serial collector (one thread, quick
//! start), and no `hsperfdata` file (whose name is the pid, the same `2`
//! in every run's PID namespace).
//!
//! `--compile "CMD"` replaces the build command, for any source file (of
//! these extensions or not): `{src}` is replaced by the source's absolute
//! path and `{out}` by the path the result must be written to, both quoted
//! for the shell, and the whole is run by `/bin/sh -c` in the source's
//! directory. The result is run as `{out}` (for `.java`: as above, with
//! `{out}` a directory of classes).
//!
//! # The cache
//!
//! Builds are kept in `$XDG_CACHE_HOME/pigkill/builds` (by default
//! `~/.cache/pigkill/builds`), one directory per build named by the
//! SHA-256 of the source's bytes, its extension, the build command (before
//! its paths are filled in) and the compiler's path, size and modification
//! time (so that an upgraded compiler builds again). A build is made in a
//! temporary directory beside and renamed into place when it succeeded, so
//! a cache entry is always complete, and two `pigkill`s building the same
//! source at once both end up with a valid one. Files the source includes
//! (`#include "my.h"`) are not part of the key: change the source, or clear
//! the cache, after changing them. Nothing is ever removed from the cache
//! by `pigkill`; delete the directory to empty it.

use std::ffi::OsString;
use std::fmt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::command::{plain_words, quote, Command, CommandError};

/// How a language's program is run once built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Runner {
    /// The built file itself.
    Binary,
    /// An interpreter given the source.
    Interpreter(&'static str),
    /// The JVM, given the directory of classes.
    Java,
}

/// One language `--solution` knows by its file extension.
#[derive(Clone, Copy, Debug)]
struct Language {
    extensions: &'static [&'static str],
    /// The build command, with `{src}` and `{out}`; `None`: not built.
    build: Option<&'static str>,
    runner: Runner,
}

const LANGUAGES: &[Language] = &[
    Language {
        extensions: &["cpp", "cc", "cxx"],
        build: Some("g++ -O2 -std=c++17 -o {out} {src}"),
        runner: Runner::Binary,
    },
    Language {
        extensions: &["c"],
        build: Some("gcc -O2 -o {out} {src} -lm"),
        runner: Runner::Binary,
    },
    Language {
        extensions: &["rs"],
        build: Some("rustc --edition 2021 -O -o {out} {src}"),
        runner: Runner::Binary,
    },
    Language {
        extensions: &["java"],
        build: Some("javac -encoding UTF-8 -d {out} {src}"),
        runner: Runner::Java,
    },
    Language {
        extensions: &["py"],
        build: None,
        runner: Runner::Interpreter("python3"),
    },
    Language {
        extensions: &["js"],
        build: None,
        runner: Runner::Interpreter("node"),
    },
];

/// The JVM's options for a `.java` solution (see the module docs).
const JAVA_OPTIONS: [&str; 3] = ["-Xss64m", "-XX:+UseSerialGC", "-XX:-UsePerfData"];

/// The solution, ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The command that runs it (without the user's extra arguments after
    /// `--`, which the caller adds).
    pub command: Command,
    /// What was built, when the solution was a source that needs building.
    pub build: Option<Build>,
}

/// A source built (or found already built in the cache).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    /// The source file.
    pub source: PathBuf,
    /// The build command, as it was (or would have been) run.
    pub command: String,
    /// The built program (or, for Java, the directory of classes).
    pub output: PathBuf,
    /// Whether the build came from the cache (the compiler did not run).
    pub cache_hit: bool,
    /// What the compiler printed on a build that succeeded (warnings), as
    /// it wrote it; empty on a cache hit.
    pub diagnostics: String,
}

/// Why a solution cannot be prepared.
#[derive(Debug)]
#[non_exhaustive]
pub enum PrepareError {
    /// The command string or program is unusable.
    Command(CommandError),
    /// The compiler or interpreter a source needs is not installed.
    Toolchain {
        /// The program looked for.
        program: String,
        /// The source that needs it.
        source: PathBuf,
    },
    /// `--compile` was given, but the solution is not a file.
    NotASource(String),
    /// The compiler failed.
    Compile {
        /// The source.
        source: PathBuf,
        /// The build command run.
        command: String,
        /// How it ended (`exit code 1`, `killed by SIGKILL`).
        status: String,
        /// Everything it wrote (stderr, then stdout), as it wrote it.
        output: String,
    },
    /// The cache directory could not be used.
    Cache {
        /// The path concerned.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
}

impl fmt::Display for PrepareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrepareError::Command(e) => write!(f, "{e}"),
            PrepareError::Toolchain { program, source } => write!(
                f,
                "{} needs '{program}', which is not in PATH",
                source.display()
            ),
            PrepareError::NotASource(spec) => write!(
                f,
                "--compile needs a source file, and '{spec}' does not start with one"
            ),
            PrepareError::Compile {
                source,
                command,
                status,
                output,
            } => {
                write!(
                    f,
                    "cannot compile {} ({command}: {status})",
                    source.display()
                )?;
                if !output.trim().is_empty() {
                    write!(f, ":\n{}", output.trim_end())?;
                }
                Ok(())
            }
            PrepareError::Cache { path, error } => {
                write!(f, "cannot use the build cache {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for PrepareError {}

impl From<CommandError> for PrepareError {
    fn from(e: CommandError) -> PrepareError {
        PrepareError::Command(e)
    }
}

/// Where builds are cached: `$XDG_CACHE_HOME/pigkill/builds`, by default
/// `~/.cache/pigkill/builds` (the system's temporary directory when there
/// is no home).
pub fn cache_dir() -> PathBuf {
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("pigkill")
        .join("builds")
}

/// Prepares the `--solution` string `spec`: a source file (see the module
/// docs) is built, or taken from the cache; anything else is parsed as a
/// command line ([`Command::parse`]). `compile` is `--compile`'s command.
///
/// # Errors
///
/// [`PrepareError`]: an unusable command, a missing compiler or
/// interpreter, a failed build (with the compiler's output), or a cache
/// that cannot be written.
pub fn prepare(spec: &str, compile: Option<&str>) -> Result<Prepared, PrepareError> {
    let words = plain_words(spec)?;
    let source = words
        .as_ref()
        .and_then(|w| w.first())
        .map(PathBuf::from)
        .filter(|p| p.is_file());
    let language = source.as_deref().and_then(|p| {
        let ext = p.extension()?.to_str()?;
        LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
    });
    let (Some(source), Some(words)) = (source, words) else {
        if compile.is_some() {
            return Err(PrepareError::NotASource(spec.to_string()));
        }
        return Ok(Prepared {
            command: Command::parse(spec)?,
            build: None,
        });
    };
    if language.is_none() && compile.is_none() {
        return Ok(Prepared {
            command: Command::parse(spec)?,
            build: None,
        });
    }
    let source = std::path::absolute(&source).map_err(|e| PrepareError::Cache {
        path: source.clone(),
        error: e,
    })?;
    let args = &words[1..];
    let runner = match (language, compile) {
        (Some(l), None) => l.runner,
        (Some(l), Some(_)) if l.runner == Runner::Java => Runner::Java,
        _ => Runner::Binary,
    };
    let template = compile.or(language.and_then(|l| l.build));
    let Some(template) = template else {
        // An interpreted language: nothing to build.
        let Runner::Interpreter(interpreter) = runner else {
            unreachable!("only interpreted languages have no build command")
        };
        let command = Command::new(interpreter).map_err(|e| toolchain(e, &source))?;
        let command = match real_python(&command) {
            Some(real) if interpreter == "python3" => Command::new(real)?,
            _ => command,
        };
        return Ok(Prepared {
            command: command.arg(&source)?.args(args)?,
            build: None,
        });
    };
    let build = build(&source, template, runner == Runner::Java)?;
    let command = match runner {
        Runner::Java => {
            let class = if build.output.join("Main.class").is_file() {
                OsString::from("Main")
            } else {
                source.file_stem().unwrap_or_default().to_os_string()
            };
            Command::new("java")
                .map_err(|e| toolchain(e, &source))?
                .args(JAVA_OPTIONS)?
                .arg("-cp")?
                .arg(&build.output)?
                .arg(class)?
        }
        _ => Command::new(&build.output)?,
    };
    Ok(Prepared {
        command: command.args(args)?,
        build: Some(build),
    })
}

/// The interpreter that `python3` runs in the end (`sys.executable`), when
/// `python3` is something else: a version manager's shim (pyenv's is a
/// shell script that takes half a second to start) is then skipped on
/// every run.
fn real_python(python: &Command) -> Option<PathBuf> {
    let out = std::process::Command::new(python.program())
        .args(["-c", "import sys; sys.stdout.write(sys.executable)"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?);
    (out.status.success() && path.is_absolute() && path.is_file()).then_some(path)
}

/// A missing program as a [`PrepareError::Toolchain`].
fn toolchain(e: CommandError, source: &Path) -> PrepareError {
    match e {
        CommandError::NotInPath(program) => PrepareError::Toolchain {
            program,
            source: source.to_path_buf(),
        },
        other => PrepareError::Command(other),
    }
}

/// Builds `source` with `template` into the cache, or finds it there.
fn build(source: &Path, template: &str, directory: bool) -> Result<Build, PrepareError> {
    let cache_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| PrepareError::Cache { path, error }
    };
    let bytes = std::fs::read(source).map_err(cache_error(source))?;
    // The compiler named first in the template, for the key and to say
    // clearly when it is missing (a custom command may start otherwise).
    let compiler = plain_words(template)
        .ok()
        .flatten()
        .and_then(|w| w.into_iter().next());
    let mut compiler_id = String::new();
    if let Some(name) = &compiler {
        match Command::new(name) {
            Ok(c) => {
                let meta = std::fs::metadata(c.program()).ok();
                compiler_id = format!(
                    "{} {} {}",
                    c.program().display(),
                    meta.as_ref().map_or(0, |m| m.len()),
                    meta.as_ref().map_or(0, |m| m.mtime())
                );
            }
            Err(e @ CommandError::NotInPath(_)) => return Err(toolchain(e, source)),
            Err(_) => {}
        }
    }
    let mut hasher = Sha256::new();
    for part in [
        b"pigkill build 1".as_slice(),
        source.extension().unwrap_or_default().as_encoded_bytes(),
        template.as_bytes(),
        compiler_id.as_bytes(),
        &bytes,
    ] {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    let key: String = hasher
        .finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect();
    let root = cache_dir();
    let entry = root.join(&key);
    let output = entry.join(if directory { "classes" } else { "solution" });
    let filled = |out: &Path| {
        template
            .replace("{src}", &quote(&source.to_string_lossy()))
            .replace("{out}", &quote(&out.to_string_lossy()))
    };
    if entry.is_dir() {
        return Ok(Build {
            source: source.to_path_buf(),
            command: filled(&output),
            output,
            cache_hit: true,
            diagnostics: String::new(),
        });
    }
    std::fs::create_dir_all(&root).map_err(cache_error(&root))?;
    let scratch = tempfile::Builder::new()
        .prefix(".building-")
        .tempdir_in(&root)
        .map_err(cache_error(&root))?;
    let scratch_out = scratch.path().join(output.file_name().unwrap_or_default());
    if directory {
        std::fs::create_dir(&scratch_out).map_err(cache_error(&scratch_out))?;
    }
    let run = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(filled(&scratch_out))
        .current_dir(source.parent().unwrap_or(Path::new("/")))
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(cache_error(Path::new("/bin/sh")))?;
    let mut said = String::from_utf8_lossy(&run.stderr).into_owned();
    said.push_str(&String::from_utf8_lossy(&run.stdout));
    let built = if directory {
        scratch_out.is_dir()
    } else {
        scratch_out.is_file()
    };
    if !run.status.success() || !built {
        let status = match (run.status.code(), built) {
            (Some(0), false) => format!("it did not write {{out}} ({})", scratch_out.display()),
            (Some(code), _) => format!("exit code {code}"),
            (None, _) => "killed by a signal".to_string(),
        };
        return Err(PrepareError::Compile {
            source: source.to_path_buf(),
            command: filled(&output),
            status,
            output: said,
        });
    }
    std::fs::write(scratch.path().join("command"), filled(&output))
        .map_err(cache_error(scratch.path()))?;
    let scratch = scratch.keep();
    if let Err(error) = std::fs::rename(&scratch, &entry) {
        // Another pigkill may have built the same at the same time: then
        // its entry is as good as ours.
        let _ = std::fs::remove_dir_all(&scratch);
        if !entry.is_dir() {
            return Err(PrepareError::Cache { path: entry, error });
        }
    }
    Ok(Build {
        source: source.to_path_buf(),
        command: filled(&output),
        output,
        cache_hit: false,
        diagnostics: said,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_belongs_to_one_language() {
        let mut seen = std::collections::HashSet::new();
        for language in LANGUAGES {
            for ext in language.extensions {
                assert!(seen.insert(*ext), "{ext} twice");
            }
            if let Some(build) = language.build {
                assert!(
                    build.contains("{src}") && build.contains("{out}"),
                    "{build}"
                );
            }
        }
    }

    #[test]
    fn a_plain_command_is_parsed_as_before() {
        let prepared = prepare("/bin/cat -", None).unwrap();
        assert!(prepared.build.is_none());
        assert_eq!(prepared.command.program(), Path::new("/bin/cat"));
        let e = prepare("no-such-source.cpp", Some("cc -o {out} {src}")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--compile needs a source file, and 'no-such-source.cpp' does not start with one"
        );
    }
}
