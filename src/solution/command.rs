//! The command line of a solution: a program and its arguments, parsed
//! from one string the way a user types it after `--solution`.
//!
//! # How a command string is read
//!
//! [`Command::parse`] splits the string into words by the rules of a POSIX
//! shell, without running one:
//!
//! - blanks (spaces, tabs, newlines) separate words;
//! - `'...'` quotes everything up to the next `'` literally;
//! - `"..."` quotes too, but inside it a backslash escapes `"`, `\`, `$`,
//!   `` ` `` and a newline (elsewhere it stays a backslash);
//! - outside quotes a backslash makes the next character literal.
//!
//! If the string uses anything only a shell can do (an unquoted `|`, `&`,
//! `;`, `<`, `>`, `(`, `)`, `$`, `` ` ``, `*`, `?` or `[`; a word starting
//! with `~` or `#`; or a leading `NAME=value` assignment), the whole string
//! is run by `/bin/sh -c STRING` instead. That costs one more `exec` per
//! run, and the shell runs inside the fresh working directory, so relative
//! paths in such a string do not point at the user's files: use absolute
//! ones.
//!
//! Without a shell, the program is found as a shell would find it (a name
//! with a `/` is a path, made absolute against the current directory; a
//! bare name is searched in `PATH`), once, when the command is parsed.
//! Because the solution runs in a fresh empty directory, every other word
//! that does not start with `-` and names an existing file or directory
//! relative to the current directory is made absolute too, so that
//! `python3 sol.py` and `java -cp . Main` work as typed.

use std::ffi::{c_char, CString, OsStr, OsString};
use std::fmt;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Why a command string or program cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CommandError {
    /// The string has no words.
    Empty,
    /// A quote was opened and never closed.
    UnterminatedQuote(char),
    /// The string ends in a backslash that escapes nothing.
    TrailingBackslash,
    /// A word contains a NUL byte, which no program argument can hold.
    Nul,
    /// A bare program name was not found in any `PATH` directory.
    NotInPath(String),
    /// A program path names no file.
    NoSuchFile(PathBuf),
    /// The current directory could not be read to make a path absolute.
    CurrentDir(String),
    /// An environment variable name is empty or contains `=`.
    BadEnvName(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => f.write_str("empty command"),
            CommandError::UnterminatedQuote(q) => write!(f, "unterminated {q} quote"),
            CommandError::TrailingBackslash => f.write_str("command ends in a lone backslash"),
            CommandError::Nul => f.write_str("command contains a nul byte"),
            CommandError::NotInPath(name) => write!(f, "program '{name}' not found in PATH"),
            CommandError::NoSuchFile(path) => {
                write!(f, "program '{}' does not exist", path.display())
            }
            CommandError::CurrentDir(e) => write!(f, "cannot read the current directory: {e}"),
            CommandError::BadEnvName(name) => {
                write!(f, "bad environment variable name '{name}'")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// A nul-terminated array of pointers into owned C strings, as `execve`
/// takes for `argv` and `envp`.
struct CStrings {
    strings: Vec<CString>,
    ptrs: Vec<*const c_char>,
}

// SAFETY: the pointers point into the heap buffers of `strings`, which this
// struct owns, never mutates and never exposes mutably; moving or sharing
// the struct moves or shares only the `CString` handles, not their buffers.
unsafe impl Send for CStrings {}
// SAFETY: see `Send`: nothing is mutated through a shared reference.
unsafe impl Sync for CStrings {}

impl CStrings {
    fn new(strings: Vec<CString>) -> CStrings {
        let mut ptrs: Vec<*const c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        ptrs.push(std::ptr::null());
        CStrings { strings, ptrs }
    }
}

impl Clone for CStrings {
    fn clone(&self) -> CStrings {
        CStrings::new(self.strings.clone())
    }
}

/// A program with its arguments, ready to be run many times.
///
/// The program path is resolved once, when the command is built, and the
/// environment is the harness's own as it was then (change it with
/// [`Command::env`], [`Command::env_remove`], [`Command::env_clear`]).
#[derive(Clone)]
pub struct Command {
    program: PathBuf,
    program_c: CString,
    argv: CStrings,
    env: CStrings,
    shell: bool,
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Command")
            .field("program", &self.program)
            .field("args", &self.arguments().collect::<Vec<_>>())
            .field("shell", &self.shell)
            .finish()
    }
}

impl fmt::Display for Command {
    /// The command as a shell would read it back: words quoted where needed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, word) in self.argv.strings.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&quote(&String::from_utf8_lossy(word.as_bytes())))?;
        }
        Ok(())
    }
}

impl Command {
    /// A command running `program` with no arguments.
    ///
    /// A program name containing `/` is a path, made absolute against the
    /// current directory; a bare name is searched in `PATH`.
    ///
    /// # Errors
    ///
    /// [`CommandError`] when the program cannot be found or contains a NUL.
    pub fn new(program: impl AsRef<OsStr>) -> Result<Command, CommandError> {
        let typed = program.as_ref();
        let resolved = resolve_program(typed)?;
        let program_c = CString::new(resolved.as_os_str().as_bytes().to_vec())
            .map_err(|_| CommandError::Nul)?;
        let argv0 = CString::new(typed.as_bytes().to_vec()).map_err(|_| CommandError::Nul)?;
        Ok(Command {
            program: resolved,
            program_c,
            argv: CStrings::new(vec![argv0]),
            env: CStrings::new(current_env()),
            shell: false,
        })
    }

    /// Adds one argument, as is (no path rewriting).
    ///
    /// # Errors
    ///
    /// [`CommandError::Nul`] when the argument contains a NUL byte.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Result<Command, CommandError> {
        let arg = CString::new(arg.as_ref().as_bytes().to_vec()).map_err(|_| CommandError::Nul)?;
        let mut strings = std::mem::take(&mut self.argv.strings);
        strings.push(arg);
        self.argv = CStrings::new(strings);
        Ok(self)
    }

    /// Adds arguments, as they are (no path rewriting).
    ///
    /// # Errors
    ///
    /// [`CommandError::Nul`] when an argument contains a NUL byte.
    pub fn args<I, S>(mut self, args: I) -> Result<Command, CommandError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        for arg in args {
            self = self.arg(arg)?;
        }
        Ok(self)
    }

    /// Sets an environment variable for the solution (replacing any
    /// inherited value).
    ///
    /// # Errors
    ///
    /// [`CommandError::Nul`] when the name or value contains a NUL byte,
    /// [`CommandError::BadEnvName`] when the name is empty or contains `=`.
    pub fn env(
        mut self,
        name: impl AsRef<OsStr>,
        value: impl AsRef<OsStr>,
    ) -> Result<Command, CommandError> {
        let name = name.as_ref().as_bytes();
        if name.is_empty() || name.contains(&b'=') {
            return Err(CommandError::BadEnvName(
                String::from_utf8_lossy(name).into_owned(),
            ));
        }
        let mut entry = name.to_vec();
        entry.push(b'=');
        entry.extend_from_slice(value.as_ref().as_bytes());
        let entry = CString::new(entry).map_err(|_| CommandError::Nul)?;
        let mut strings = std::mem::take(&mut self.env.strings);
        strings.retain(|e| !has_name(e, name));
        strings.push(entry);
        self.env = CStrings::new(strings);
        Ok(self)
    }

    /// Removes an environment variable from the solution's environment.
    pub fn env_remove(mut self, name: impl AsRef<OsStr>) -> Command {
        let name = name.as_ref().as_bytes();
        let mut strings = std::mem::take(&mut self.env.strings);
        strings.retain(|e| !has_name(e, name));
        self.env = CStrings::new(strings);
        self
    }

    /// Gives the solution an empty environment (before any [`Command::env`]).
    pub fn env_clear(mut self) -> Command {
        self.env = CStrings::new(Vec::new());
        self
    }

    /// The solution's environment, as `NAME=value` entries.
    pub fn environment(&self) -> impl Iterator<Item = &OsStr> {
        self.env
            .strings
            .iter()
            .map(|s| OsStr::from_bytes(s.as_bytes()))
    }

    /// Parses a command string as the module docs describe: shell words,
    /// or `/bin/sh -c STRING` when the string needs a shell.
    ///
    /// # Errors
    ///
    /// [`CommandError`] when the string is empty, has an unterminated
    /// quote, or names a program that cannot be found.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let split = split_words(line)?;
        if split.needs_shell {
            return Command::new("/bin/sh")?.arg("-c")?.arg(line).map(|mut c| {
                c.shell = true;
                c
            });
        }
        let mut words = split.words.into_iter();
        let program = words.next().ok_or(CommandError::Empty)?;
        let mut command = Command::new(&program)?;
        for word in words {
            command = command.arg(absolutize_if_exists(word)?)?;
        }
        Ok(command)
    }

    /// The resolved program path that is executed.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// The arguments after the program name (`argv[1..]`).
    pub fn arguments(&self) -> impl Iterator<Item = &OsStr> {
        self.argv
            .strings
            .iter()
            .skip(1)
            .map(|s| OsStr::from_bytes(s.as_bytes()))
    }

    /// Whether [`Command::parse`] chose to run the string through `/bin/sh`.
    pub fn uses_shell(&self) -> bool {
        self.shell
    }

    pub(crate) fn program_c(&self) -> &CString {
        &self.program_c
    }

    pub(crate) fn argv_ptr(&self) -> *const *const c_char {
        self.argv.ptrs.as_ptr()
    }

    pub(crate) fn env_ptr(&self) -> *const *const c_char {
        self.env.ptrs.as_ptr()
    }

    /// The arguments, the program's name first.
    pub(crate) fn argv_entries(&self) -> &[CString] {
        &self.argv.strings
    }

    /// The environment's `NAME=value` entries.
    pub(crate) fn env_entries(&self) -> &[CString] {
        &self.env.strings
    }
}

/// A word as a POSIX shell reads it back: as is when it is made of safe
/// characters only, else in single quotes.
pub(crate) fn quote(word: &str) -> std::borrow::Cow<'_, str> {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b))
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

/// The words of a command string, or `None` when it needs a shell (see
/// the module docs).
///
/// # Errors
///
/// [`CommandError`] for an unterminated quote, a lone backslash or a NUL.
pub(crate) fn plain_words(line: &str) -> Result<Option<Vec<String>>, CommandError> {
    let split = split_words(line)?;
    Ok((!split.needs_shell).then_some(split.words))
}

/// Whether an environment entry `NAME=value` has this name.
fn has_name(entry: &CString, name: &[u8]) -> bool {
    let bytes = entry.as_bytes();
    bytes.len() > name.len() && bytes[name.len()] == b'=' && bytes.starts_with(name)
}

/// The harness's environment as `NAME=value` C strings.
fn current_env() -> Vec<CString> {
    std::env::vars_os()
        .filter_map(|(k, v)| {
            let mut bytes = k.into_vec();
            bytes.push(b'=');
            bytes.extend_from_slice(v.as_bytes());
            CString::new(bytes).ok()
        })
        .collect()
}

fn current_dir() -> Result<PathBuf, CommandError> {
    std::env::current_dir().map_err(|e| CommandError::CurrentDir(e.to_string()))
}

/// Finds the file a program name refers to, as `execvp` would.
fn resolve_program(typed: &OsStr) -> Result<PathBuf, CommandError> {
    if typed.is_empty() {
        return Err(CommandError::Empty);
    }
    if typed.as_bytes().contains(&0) {
        return Err(CommandError::Nul);
    }
    if typed.as_bytes().contains(&b'/') {
        let path = Path::new(typed);
        let path = if path.is_absolute() {
            path.to_path_buf()
        } else {
            current_dir()?.join(path)
        };
        return if path.exists() {
            Ok(path)
        } else {
            Err(CommandError::NoSuchFile(PathBuf::from(typed)))
        };
    }
    let search = std::env::var_os("PATH").unwrap_or_else(|| OsString::from("/usr/bin:/bin"));
    for dir in std::env::split_paths(&search) {
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        let candidate = dir.join(typed);
        let executable = std::fs::metadata(&candidate)
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false);
        if executable {
            return if candidate.is_absolute() {
                Ok(candidate)
            } else {
                Ok(current_dir()?.join(candidate))
            };
        }
    }
    Err(CommandError::NotInPath(
        typed.to_string_lossy().into_owned(),
    ))
}

/// A word made absolute when it names an existing entry relative to the
/// current directory (see the module docs).
fn absolutize_if_exists(word: String) -> Result<OsString, CommandError> {
    if word.is_empty() || word.starts_with('-') || word.starts_with('/') {
        return Ok(OsString::from(word));
    }
    if Path::new(&word).exists() {
        let joined = current_dir()?.join(&word);
        return Ok(joined.into_os_string());
    }
    Ok(OsString::from(word))
}

/// The words of a command string, and whether it needs a real shell.
struct Split {
    words: Vec<String>,
    needs_shell: bool,
}

/// Splits a string into shell words (see the module docs).
fn split_words(line: &str) -> Result<Split, CommandError> {
    if line.contains('\0') {
        return Err(CommandError::Nul);
    }
    let mut words = Vec::new();
    let mut needs_shell = false;
    let mut word = String::new();
    // Whether a word is in progress (an empty quoted word counts).
    let mut in_word = false;
    // Whether the word so far is an unquoted `NAME` that `=` would make an
    // assignment.
    let mut bare_name = true;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                    bare_name = true;
                }
            }
            '\'' => {
                in_word = true;
                bare_name = false;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(CommandError::UnterminatedQuote('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                bare_name = false;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(CommandError::UnterminatedQuote('"')),
                        },
                        Some('$' | '`') => {
                            needs_shell = true;
                            word.push(c);
                        }
                        Some(c) => word.push(c),
                        None => return Err(CommandError::UnterminatedQuote('"')),
                    }
                }
            }
            '\\' => {
                in_word = true;
                bare_name = false;
                match chars.next() {
                    Some('\n') => {}
                    Some(c) => word.push(c),
                    None => return Err(CommandError::TrailingBackslash),
                }
            }
            '|' | '&' | ';' | '<' | '>' | '(' | ')' | '$' | '`' | '*' | '?' | '[' => {
                needs_shell = true;
                in_word = true;
                word.push(c);
            }
            '~' | '#' if !in_word => {
                needs_shell = true;
                in_word = true;
                word.push(c);
            }
            '=' if in_word && bare_name && words.is_empty() => {
                needs_shell = true;
                word.push(c);
            }
            c => {
                if !(c == '_' || c.is_ascii_alphanumeric()) || (!in_word && c.is_ascii_digit()) {
                    bare_name = false;
                }
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(CommandError::Empty);
    }
    Ok(Split { words, needs_shell })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split_words(line).unwrap().words
    }

    fn shell(line: &str) -> bool {
        split_words(line).unwrap().needs_shell
    }

    #[test]
    fn splits_on_blanks_and_honours_quotes() {
        assert_eq!(words("python3  sol.py"), ["python3", "sol.py"]);
        assert_eq!(words("  a\tb\nc  "), ["a", "b", "c"]);
        assert_eq!(words("a 'b c' \"d e\""), ["a", "b c", "d e"]);
        assert_eq!(words(r#"a "x\"y\\z\q" w\ v"#), ["a", r#"x"y\z\q"#, "w v"]);
        assert_eq!(words("a '' \"\""), ["a", "", ""]);
        assert_eq!(words("a'b'\"c\"d"), ["abcd"]);
    }

    #[test]
    fn reports_malformed_strings() {
        assert_eq!(split_words("").err(), Some(CommandError::Empty));
        assert_eq!(split_words("   ").err(), Some(CommandError::Empty));
        assert_eq!(
            split_words("a 'b").err(),
            Some(CommandError::UnterminatedQuote('\''))
        );
        assert_eq!(
            split_words("a \"b").err(),
            Some(CommandError::UnterminatedQuote('"'))
        );
        assert_eq!(
            split_words("a \\").err(),
            Some(CommandError::TrailingBackslash)
        );
        assert_eq!(split_words("a\0").err(), Some(CommandError::Nul));
    }

    #[test]
    fn detects_strings_that_need_a_shell() {
        assert!(!shell("python3 sol.py"));
        assert!(!shell("./sol --x=1 a~b c#d"));
        assert!(!shell("'a|b' \"*\" \\;"));
        assert!(shell("./gen | ./sol"));
        assert!(shell("./sol < in"));
        assert!(shell("./sol; true"));
        assert!(shell("./sol $X"));
        assert!(shell("./sol \"$X\""));
        assert!(shell("./sol *.txt"));
        assert!(shell("./sol ~/x"));
        assert!(shell("./sol # comment"));
        assert!(shell("OMP_NUM_THREADS=1 ./sol"));
        assert!(!shell("./sol OMP=1"));
        assert!(!shell("'A=1' ./sol"));
    }

    #[test]
    fn parse_resolves_programs_and_falls_back_to_a_shell() {
        let c = Command::parse("sh -c 'echo hi'").unwrap();
        assert!(c.program().is_absolute());
        assert!(!c.uses_shell());
        assert_eq!(c.arguments().collect::<Vec<_>>(), ["-c", "echo hi"]);
        let c = Command::parse("echo a | cat").unwrap();
        assert!(c.uses_shell());
        assert_eq!(c.program(), Path::new("/bin/sh"));
        assert_eq!(c.to_string(), "/bin/sh -c 'echo a | cat'");
    }

    #[test]
    fn env_sets_replaces_and_removes_variables() {
        let c = Command::new("/bin/sh")
            .unwrap()
            .env_clear()
            .env("LC_ALL", "C")
            .unwrap()
            .env("A", "1")
            .unwrap()
            .env("LC_ALL", "POSIX")
            .unwrap();
        assert_eq!(c.environment().collect::<Vec<_>>(), ["A=1", "LC_ALL=POSIX"]);
        let c = c.env_remove("A").env_remove("LC");
        assert_eq!(c.environment().collect::<Vec<_>>(), ["LC_ALL=POSIX"]);
        assert_eq!(
            c.clone().env("A=B", "x").unwrap_err().to_string(),
            "bad environment variable name 'A=B'"
        );
        assert_eq!(c.env("A", "x\0").unwrap_err(), CommandError::Nul);
    }

    #[test]
    fn parse_reports_missing_programs() {
        assert_eq!(
            Command::parse("no-such-program-pigkill x").err(),
            Some(CommandError::NotInPath("no-such-program-pigkill".into()))
        );
        let e = Command::parse("/no/such/pigkill").unwrap_err();
        assert_eq!(e.to_string(), "program '/no/such/pigkill' does not exist");
    }
}
