//! Judging a run like an online judge: AC, WA, PE, TLE, RE, MLE, OLE, and
//! the tally of many verdicts that `pigkill check` prints at the end.
//!
//! # Comparing output
//!
//! - [`CompareMode::Exact`]: byte for byte.
//! - [`CompareMode::Lines`] (the default, as most judges do): line by
//!   line, ignoring whitespace at the end of each line (spaces, tabs, `\r`)
//!   and blank lines at the end of the output, so a missing or extra final
//!   newline does not matter, nor do Windows line ends.
//! - [`CompareMode::Tokens`]: only the whitespace-separated tokens, in order.
//!
//! Output that is wrong under the chosen mode but has the same tokens in
//! the same order is a *presentation error* (PE): under `Lines` that is,
//! for instance, two spaces between cards; under `Exact` a trailing space.
//! Anything else wrong is WA. Under `Tokens`, PE cannot happen.
//!
//! # Which verdict wins
//!
//! TLE (the wall limit, or the CPU limit's `SIGXCPU` / `SIGKILL`), then OLE
//! (the output cap, or the file size limit's `SIGXFSZ`), then MLE (see
//! below), then RE (any other non-zero exit or signal), and only then is
//! the output compared.
//!
//! # How MLE is decided
//!
//! Judges count resident memory, and so does this one ([`Limits::memory`]):
//!
//! - a run killed because its main process was seen above the limit while
//!   running ([`RunReport::memory_exceeded`]) is MLE;
//! - so is a run whose peak resident memory (`ru_maxrss`) ended above the
//!   limit, even if it exited 0 with the right answer;
//! - a run that failed (non-zero exit or a signal) is MLE, not RE, when
//!   its peak reached 90% of the limit or the tail of its stderr has a
//!   known out-of-memory message ([`OOM_MARKERS`], compared
//!   case-insensitively): an allocation refused by an address-space limit
//!   ([`Limits::address_space`]) or by the runtime's own cap (a JVM's
//!   `-Xmx`) shows that way. This last rule is a heuristic: it wrongly says
//!   MLE for a program that crashes for another reason while using 90% of
//!   the limit, or prints such a message itself.

use std::fmt;
use std::time::Duration;

use super::limits::{Limits, MIB};
use super::process::{RunReport, Termination};

/// Messages (lowercase) that runtimes print when an allocation fails.
pub const OOM_MARKERS: &[&str] = &[
    "memoryerror",
    "bad_alloc",
    "memory allocation of",
    "out of memory",
    "outofmemoryerror",
    "cannot allocate memory",
    "failed to allocate",
];

/// How much longer than this a line is cut when a verdict shows it.
const SHOWN_LINE: usize = 120;

/// How output is compared with the expected answer (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CompareMode {
    /// Byte for byte.
    Exact,
    /// Line by line, ignoring trailing whitespace and trailing blank lines.
    #[default]
    Lines,
    /// Whitespace-separated tokens only.
    Tokens,
}

impl CompareMode {
    /// The mode's name as `--compare` takes it: `exact`, `lines`, `tokens`.
    pub fn name(&self) -> &'static str {
        match self {
            CompareMode::Exact => "exact",
            CompareMode::Lines => "lines",
            CompareMode::Tokens => "tokens",
        }
    }
}

impl fmt::Display for CompareMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for CompareMode {
    type Err = String;

    /// Parses `exact`, `lines` or `tokens`.
    fn from_str(s: &str) -> Result<CompareMode, String> {
        match s {
            "exact" => Ok(CompareMode::Exact),
            "lines" => Ok(CompareMode::Lines),
            "tokens" => Ok(CompareMode::Tokens),
            _ => Err(format!(
                "unknown compare mode '{s}', expected exact, lines or tokens"
            )),
        }
    }
}

/// A judge's verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted: the right answer, in time, within the limits.
    Accepted,
    /// Wrong answer: the tokens differ.
    WrongAnswer {
        /// The first line (1-based) that differs, ignoring trailing whitespace.
        line: usize,
        /// That line of the expected answer (`None`: the answer had ended).
        expected: Option<String>,
        /// That line of the output (`None`: the output had ended).
        actual: Option<String>,
    },
    /// Presentation error: the right tokens, laid out wrongly for the mode.
    PresentationError {
        /// The first line (1-based) that differs under the compare mode.
        line: usize,
        /// That line of the expected answer (`None`: the answer had ended).
        expected: Option<String>,
        /// That line of the output (`None`: the output had ended).
        actual: Option<String>,
    },
    /// Time limit exceeded.
    TimeLimit {
        /// Wall time when the run was stopped.
        wall: Duration,
        /// Whether the CPU limit stopped it rather than the wall limit.
        cpu: bool,
    },
    /// Runtime error: a non-zero exit code or a signal.
    RuntimeError {
        /// How the solution ended.
        termination: Termination,
        /// The end of its standard error (lossy UTF-8).
        stderr_tail: String,
    },
    /// Memory limit exceeded (a heuristic: see the module docs).
    MemoryLimit {
        /// The limit in bytes.
        limit: u64,
        /// The peak resident memory observed, in bytes.
        peak_rss: u64,
        /// How the solution ended.
        termination: Termination,
    },
    /// Output limit exceeded.
    OutputLimit {
        /// The limit in bytes.
        limit: u64,
        /// Whether a file, not standard output, hit the limit (`SIGXFSZ`).
        file: bool,
    },
}

/// The kind of a verdict, for counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VerdictKind {
    /// [`Verdict::Accepted`].
    Accepted,
    /// [`Verdict::WrongAnswer`].
    WrongAnswer,
    /// [`Verdict::PresentationError`].
    PresentationError,
    /// [`Verdict::TimeLimit`].
    TimeLimit,
    /// [`Verdict::RuntimeError`].
    RuntimeError,
    /// [`Verdict::MemoryLimit`].
    MemoryLimit,
    /// [`Verdict::OutputLimit`].
    OutputLimit,
}

impl VerdictKind {
    /// Every kind, in table order.
    pub const ALL: [VerdictKind; 7] = [
        VerdictKind::Accepted,
        VerdictKind::WrongAnswer,
        VerdictKind::PresentationError,
        VerdictKind::TimeLimit,
        VerdictKind::RuntimeError,
        VerdictKind::MemoryLimit,
        VerdictKind::OutputLimit,
    ];

    /// The judge's abbreviation: `AC`, `WA`, `PE`, `TLE`, `RE`, `MLE`, `OLE`.
    pub fn code(&self) -> &'static str {
        match self {
            VerdictKind::Accepted => "AC",
            VerdictKind::WrongAnswer => "WA",
            VerdictKind::PresentationError => "PE",
            VerdictKind::TimeLimit => "TLE",
            VerdictKind::RuntimeError => "RE",
            VerdictKind::MemoryLimit => "MLE",
            VerdictKind::OutputLimit => "OLE",
        }
    }
}

impl fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Verdict {
    /// The verdict's kind.
    pub fn kind(&self) -> VerdictKind {
        match self {
            Verdict::Accepted => VerdictKind::Accepted,
            Verdict::WrongAnswer { .. } => VerdictKind::WrongAnswer,
            Verdict::PresentationError { .. } => VerdictKind::PresentationError,
            Verdict::TimeLimit { .. } => VerdictKind::TimeLimit,
            Verdict::RuntimeError { .. } => VerdictKind::RuntimeError,
            Verdict::MemoryLimit { .. } => VerdictKind::MemoryLimit,
            Verdict::OutputLimit { .. } => VerdictKind::OutputLimit,
        }
    }

    /// Whether the verdict is AC.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }
}

impl fmt::Display for Verdict {
    /// One line, as a judge shows it: `WA line 3: expected 'K K', got 'K'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("AC"),
            Verdict::WrongAnswer {
                line,
                expected,
                actual,
            }
            | Verdict::PresentationError {
                line,
                expected,
                actual,
            } => {
                write!(f, "{} line {line}: expected ", self.kind())?;
                write_shown(f, expected.as_deref())?;
                f.write_str(", got ")?;
                write_shown(f, actual.as_deref())
            }
            Verdict::TimeLimit { wall, cpu: false } => {
                write!(f, "TLE: still running after {}", seconds(*wall))
            }
            Verdict::TimeLimit { wall, cpu: true } => write!(
                f,
                "TLE: CPU time limit exceeded (after {} wall)",
                seconds(*wall)
            ),
            Verdict::RuntimeError {
                termination,
                stderr_tail,
            } => {
                write!(f, "RE: {termination}")?;
                if let Some(last) = stderr_tail.lines().rev().find(|l| !l.trim().is_empty()) {
                    f.write_str(", stderr ends with ")?;
                    write_shown(f, Some(last))?;
                }
                Ok(())
            }
            Verdict::MemoryLimit {
                limit,
                peak_rss,
                termination,
            } => write!(
                f,
                "MLE: {termination} with a memory limit of {} (peak RSS {})",
                mebibytes(*limit),
                mebibytes(*peak_rss)
            ),
            Verdict::OutputLimit { limit, file: false } => {
                write!(f, "OLE: more than {} of output", mebibytes(*limit))
            }
            Verdict::OutputLimit { limit, file: true } => {
                write!(f, "OLE: wrote a file over {}", mebibytes(*limit))
            }
        }
    }
}

/// Writes a line as a verdict shows it: quoted, control characters
/// escaped, cut after [`SHOWN_LINE`] characters; `None` is the end of output.
fn write_shown(f: &mut fmt::Formatter<'_>, line: Option<&str>) -> fmt::Result {
    let Some(line) = line else {
        return f.write_str("end of output");
    };
    let shown = crate::untrusted::show_cut(line.as_bytes(), SHOWN_LINE);
    write!(f, "'{}'", shown.replace('\'', "\\'"))
}

/// A duration as reports show it: `1.25 s`, `0.1 s`.
pub(crate) fn seconds(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} s")
}

/// Bytes as reports show them: `512 MiB`, `3.5 MiB`.
pub(crate) fn mebibytes(bytes: u64) -> String {
    if bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    }
}

/// Judges one run against the expected output (see the module docs for
/// the order of verdicts, the compare modes and the MLE heuristic).
pub fn judge(expected: &str, report: &RunReport, limits: &Limits, mode: CompareMode) -> Verdict {
    let signal = report.termination.signal();
    let cpu_killed = signal == Some(libc::SIGXCPU)
        || (signal == Some(libc::SIGKILL)
            && report.cpu >= Duration::from_secs(limits.cpu_seconds()));
    if report.timed_out || cpu_killed {
        return Verdict::TimeLimit {
            wall: report.wall,
            cpu: !report.timed_out,
        };
    }
    if report.output_exceeded {
        return Verdict::OutputLimit {
            limit: limits.output,
            file: false,
        };
    }
    if signal == Some(libc::SIGXFSZ) {
        return Verdict::OutputLimit {
            limit: limits.file_size.unwrap_or(0),
            file: true,
        };
    }
    if let Some(limit) = limits.memory {
        if report.memory_exceeded || report.peak_rss > limit {
            return Verdict::MemoryLimit {
                limit,
                peak_rss: report.peak_rss,
                termination: report.termination,
            };
        }
    }
    if !report.termination.success() {
        if let Some(limit) = limits.memory {
            if memory_exhausted(report, limit) {
                return Verdict::MemoryLimit {
                    limit,
                    peak_rss: report.peak_rss,
                    termination: report.termination,
                };
            }
        }
        return Verdict::RuntimeError {
            termination: report.termination,
            stderr_tail: String::from_utf8_lossy(&report.stderr_tail).into_owned(),
        };
    }
    compare(expected.as_bytes(), &report.stdout, mode)
}

/// The MLE heuristic for a failed run (see the module docs).
fn memory_exhausted(report: &RunReport, limit: u64) -> bool {
    if report.peak_rss >= limit / 10 * 9 {
        return true;
    }
    let tail = String::from_utf8_lossy(&report.stderr_tail).to_lowercase();
    OOM_MARKERS.iter().any(|m| tail.contains(m))
}

/// Whether `mode` accepts `actual` as the expected answer: what
/// [`compare`] finds AC, worked out without the difference's lines.
pub fn accepts(expected: &[u8], actual: &[u8], mode: CompareMode) -> bool {
    expected == actual
        || match mode {
            CompareMode::Exact => false,
            CompareMode::Lines => first_differing_lines(expected, actual, true).is_none(),
            CompareMode::Tokens => tokens(expected).eq(tokens(actual)),
        }
}

/// Compares output with the expected answer under `mode`: AC, PE or WA.
pub fn compare(expected: &[u8], actual: &[u8], mode: CompareMode) -> Verdict {
    if accepts(expected, actual, mode) {
        return Verdict::Accepted;
    }
    // Every line is one pig (or the winner): a token on another line is
    // another answer. Only when each line holds the same tokens is the
    // difference one of layout alone.
    match first_line_token_difference(expected, actual) {
        None => {
            let trim = mode != CompareMode::Exact;
            let (line, expected, actual) = first_line_difference(expected, actual, trim)
                .or_else(|| first_line_difference(expected, actual, false))
                .unwrap_or((1, None, None));
            Verdict::PresentationError {
                line,
                expected,
                actual,
            }
        }
        Some((line, expected, actual)) => Verdict::WrongAnswer {
            line,
            expected,
            actual,
        },
    }
}

/// The first line (1-based) whose tokens differ, with both lines (trailing
/// whitespace cut), or `None` when line by line the tokens are the same.
/// Blank lines at the end do not count; blank lines before the end do (an
/// empty hand is a line).
fn first_line_token_difference(a: &[u8], b: &[u8]) -> Option<LineDifference> {
    fn lines(s: &[u8]) -> Vec<&[u8]> {
        let mut lines: Vec<&[u8]> = s.split(|&c| c == b'\n').collect();
        while lines.last().is_some_and(|l| tokens(l).next().is_none()) {
            lines.pop();
        }
        lines
    }
    let text = |l: &[u8]| String::from_utf8_lossy(trim_end(l)).into_owned();
    let (xs, ys) = (lines(a), lines(b));
    (0..xs.len().max(ys.len())).find_map(|i| match (xs.get(i), ys.get(i)) {
        (Some(x), Some(y)) if tokens(x).eq(tokens(y)) => None,
        (x, y) => Some((i + 1, x.map(|l| text(l)), y.map(|l| text(l)))),
    })
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn trim_end(s: &[u8]) -> &[u8] {
    let end = s.iter().rposition(|&b| !is_space(b)).map_or(0, |i| i + 1);
    &s[..end]
}

fn tokens(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

type LineDifference = (usize, Option<String>, Option<String>);

/// A [`LineDifference`] whose lines are slices of the texts compared.
type DifferingLines<'a> = (usize, Option<&'a [u8]>, Option<&'a [u8]>);

/// The first line (1-based) where `a` and `b` differ, with both lines
/// (`None` past the end). With `trim`, trailing whitespace of each line
/// and trailing blank lines are ignored.
fn first_line_difference(a: &[u8], b: &[u8], trim: bool) -> Option<LineDifference> {
    let text = |l: &[u8]| String::from_utf8_lossy(l).into_owned();
    first_differing_lines(a, b, trim).map(|(n, x, y)| (n, x.map(text), y.map(text)))
}

/// [`first_line_difference`] with the lines as they stand in `a` and `b`
/// (trimmed with `trim`), copying nothing.
fn first_differing_lines<'a>(a: &'a [u8], b: &'a [u8], trim: bool) -> Option<DifferingLines<'a>> {
    let (a, b) = if trim {
        (trim_end(a), trim_end(b))
    } else {
        (a, b)
    };
    let line = |l: &'a [u8]| if trim { trim_end(l) } else { l };
    let mut xs = a.split(|&c| c == b'\n');
    let mut ys = b.split(|&c| c == b'\n');
    // An empty text has no lines (not one empty line).
    let (mut xs_done, mut ys_done) = (a.is_empty(), b.is_empty());
    let mut n = 0;
    loop {
        n += 1;
        let x = if xs_done { None } else { xs.next() };
        let y = if ys_done { None } else { ys.next() };
        xs_done |= x.is_none();
        ys_done |= y.is_none();
        match (x, y) {
            (None, None) => return None,
            (Some(x), Some(y)) => {
                let (x, y) = (line(x), line(y));
                if x != y {
                    return Some((n, Some(x), Some(y)));
                }
            }
            (x, y) => return Some((n, x.map(line), y.map(line))),
        }
    }
}

/// Verdict counts and timings over many runs: the final table of
/// `pigkill check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    counts: [u64; 7],
    slowest: Option<(u64, Duration)>,
    wall: Duration,
    cpu: Duration,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Counts one game's verdict and timings; `game` identifies it in the
    /// table (a game number or seed).
    pub fn record(&mut self, game: u64, verdict: &Verdict, report: &RunReport) {
        self.counts[verdict.kind() as usize] += 1;
        self.wall += report.wall;
        self.cpu += report.cpu;
        if self.slowest.is_none_or(|(_, w)| report.wall > w) {
            self.slowest = Some((game, report.wall));
        }
    }

    /// Adds another tally (of another worker) into this one.
    pub fn merge(&mut self, other: &Tally) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
        self.wall += other.wall;
        self.cpu += other.cpu;
        if let Some((game, wall)) = other.slowest {
            if self.slowest.is_none_or(|(_, w)| wall > w) {
                self.slowest = Some((game, wall));
            }
        }
    }

    /// How many games got a verdict of this kind.
    pub fn count(&self, kind: VerdictKind) -> u64 {
        self.counts[kind as usize]
    }

    /// How many games were counted.
    pub fn games(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The slowest game and its wall time.
    pub fn slowest(&self) -> Option<(u64, Duration)> {
        self.slowest
    }

    /// The summed wall and CPU time of all runs.
    pub fn total_times(&self) -> (Duration, Duration) {
        (self.wall, self.cpu)
    }

    /// The final table: one line per verdict that occurred, the total, the
    /// slowest game, and the rate over `elapsed` (the whole check's time).
    pub fn table(&self, elapsed: Duration) -> String {
        let mut out = String::from("verdict   games\n");
        for kind in VerdictKind::ALL {
            let n = self.count(kind);
            if n > 0 || kind == VerdictKind::Accepted {
                out.push_str(&format!("{:<7} {n:>7}\n", kind.code()));
            }
        }
        let games = self.games();
        out.push_str(&format!("{:<7} {games:>7}\n", "total"));
        if let Some((game, wall)) = self.slowest {
            out.push_str(&format!("slowest game {game}: {} wall\n", seconds(wall)));
        }
        let secs = elapsed.as_secs_f64();
        if secs > 0.0 {
            out.push_str(&format!(
                "{:.0} games/s ({games} games in {})\n",
                games as f64 / secs,
                seconds(elapsed)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(expected: &str, actual: &str, mode: CompareMode) -> Verdict {
        compare(expected.as_bytes(), actual.as_bytes(), mode)
    }

    #[test]
    fn lines_mode_ignores_trailing_whitespace_and_final_newlines() {
        let ok = Verdict::Accepted;
        assert_eq!(verdict("MP\nK K\n", "MP\nK K\n", CompareMode::Lines), ok);
        assert_eq!(verdict("MP\nK K\n", "MP  \nK K", CompareMode::Lines), ok);
        assert_eq!(
            verdict("MP\nK K\n", "MP\r\nK K\r\n\n\n", CompareMode::Lines),
            ok
        );
        assert_eq!(verdict("", "\n  \n", CompareMode::Lines), ok);
    }

    #[test]
    fn inner_spaces_are_pe_under_lines_and_ac_under_tokens() {
        let v = verdict("MP\nK K\n", "MP\nK  K\n", CompareMode::Lines);
        assert_eq!(v.to_string(), "PE line 2: expected 'K K', got 'K  K'");
        assert_eq!(
            verdict("MP\nK K\n", "MP K\nK\n", CompareMode::Lines).to_string(),
            "WA line 1: expected 'MP', got 'MP K'"
        );
        assert!(verdict("MP\nK K\n", "MP\nK  K\n", CompareMode::Tokens).is_accepted());
    }

    #[test]
    fn trailing_spaces_are_pe_under_exact() {
        let v = verdict("MP\nK K\n", "MP \nK K\n", CompareMode::Exact);
        assert_eq!(v.to_string(), "PE line 1: expected 'MP', got 'MP '");
        let v = verdict("MP\n", "MP", CompareMode::Exact);
        assert_eq!(v.to_string(), "PE line 2: expected '', got end of output");
        assert!(verdict("MP\n", "MP\n", CompareMode::Exact).is_accepted());
    }

    #[test]
    fn different_tokens_are_wa_with_the_first_differing_line() {
        let v = verdict("MP\nDEAD\nK K\n", "MP\nDEAD\nK\n", CompareMode::Lines);
        assert_eq!(v.to_string(), "WA line 3: expected 'K K', got 'K'");
        let v = verdict("MP\nK\n", "MP\n", CompareMode::Tokens);
        assert_eq!(v.to_string(), "WA line 2: expected 'K', got end of output");
        let v = verdict("MP\n", "MP\nX\n", CompareMode::Exact);
        assert_eq!(v.to_string(), "WA line 2: expected end of output, got 'X'");
        let v = verdict("a\tb\n", "a\tc\r\n", CompareMode::Exact);
        assert_eq!(v.to_string(), "WA line 1: expected 'a\\tb', got 'a\\tc'");
        let v = verdict("MP\n", "", CompareMode::Lines);
        assert_eq!(v.to_string(), "WA line 1: expected 'MP', got end of output");
    }

    #[test]
    fn long_lines_are_cut() {
        let long = "K ".repeat(200);
        let v = verdict("x\n", &long, CompareMode::Lines);
        let shown = v.to_string();
        assert!(shown.ends_with("more characters)'"), "{shown}");
        assert!(shown.len() < 200, "{shown}");
    }

    #[test]
    fn compare_mode_round_trips_through_its_name() {
        for mode in [CompareMode::Exact, CompareMode::Lines, CompareMode::Tokens] {
            assert_eq!(mode.name().parse::<CompareMode>(), Ok(mode));
        }
        assert_eq!(
            "bytes".parse::<CompareMode>().unwrap_err(),
            "unknown compare mode 'bytes', expected exact, lines or tokens"
        );
        assert_eq!(CompareMode::default(), CompareMode::Lines);
    }

    fn report(termination: Termination) -> RunReport {
        RunReport {
            termination,
            ..RunReport::default()
        }
    }

    #[test]
    fn judge_orders_the_failure_verdicts() {
        let limits = Limits::default();
        let mode = CompareMode::Lines;
        let mut r = report(Termination::Signaled(libc::SIGKILL));
        r.timed_out = true;
        r.wall = Duration::from_millis(1000);
        assert_eq!(
            judge("x", &r, &limits, mode).to_string(),
            "TLE: still running after 1 s"
        );
        let r = report(Termination::Signaled(libc::SIGXCPU));
        assert_eq!(judge("x", &r, &limits, mode).kind(), VerdictKind::TimeLimit);
        let mut r = report(Termination::Signaled(libc::SIGKILL));
        r.output_exceeded = true;
        assert_eq!(
            judge("x", &r, &limits, mode).to_string(),
            "OLE: more than 1 MiB of output"
        );
        let r = report(Termination::Signaled(libc::SIGXFSZ));
        assert_eq!(
            judge("x", &r, &limits, mode).to_string(),
            "OLE: wrote a file over 16 MiB"
        );
        let mut r = report(Termination::Signaled(libc::SIGSEGV));
        r.stderr_tail = b"warming up\nsegfault at 0\n\n".to_vec();
        assert_eq!(
            judge("x", &r, &limits, mode).to_string(),
            "RE: killed by SIGSEGV, stderr ends with 'segfault at 0'"
        );
        let r = report(Termination::Exited(2));
        assert_eq!(judge("x", &r, &limits, mode).to_string(), "RE: exit code 2");
        let mut r = report(Termination::Exited(0));
        r.stdout = b"x\n".to_vec();
        assert!(judge("x", &r, &limits, mode).is_accepted());
    }

    #[test]
    fn judge_tells_mle_by_peak_memory_or_message() {
        let limits = Limits {
            memory: Some(256 * MIB),
            ..Limits::default()
        };
        let mode = CompareMode::Lines;
        let mut r = report(Termination::Signaled(libc::SIGSEGV));
        r.peak_rss = 250 * MIB;
        assert_eq!(
            judge("x", &r, &limits, mode).to_string(),
            "MLE: killed by SIGSEGV with a memory limit of 256 MiB (peak RSS 250 MiB)"
        );
        let mut r = report(Termination::Exited(1));
        r.peak_rss = 10 * MIB;
        r.stderr_tail = b"Traceback ...\nMemoryError\n".to_vec();
        assert_eq!(
            judge("x", &r, &limits, mode).kind(),
            VerdictKind::MemoryLimit
        );
        let mut r = report(Termination::Signaled(libc::SIGABRT));
        r.stderr_tail = b"terminate called after throwing an instance of 'std::bad_alloc'".to_vec();
        assert_eq!(
            judge("x", &r, &limits, mode).kind(),
            VerdictKind::MemoryLimit
        );
        let mut r = report(Termination::Exited(1));
        r.peak_rss = 10 * MIB;
        assert_eq!(
            judge("x", &r, &limits, mode).kind(),
            VerdictKind::RuntimeError
        );
        let unlimited = Limits {
            memory: None,
            ..limits
        };
        let mut r = report(Termination::Exited(1));
        r.stderr_tail = b"MemoryError".to_vec();
        assert_eq!(
            judge("x", &r, &unlimited, mode).kind(),
            VerdictKind::RuntimeError
        );
    }

    #[test]
    fn tally_counts_and_merges() {
        let mut a = Tally::new();
        let mut r = report(Termination::Exited(0));
        r.wall = Duration::from_millis(5);
        a.record(1, &Verdict::Accepted, &r);
        r.wall = Duration::from_millis(9);
        a.record(2, &Verdict::Accepted, &r);
        let mut b = Tally::new();
        r.wall = Duration::from_millis(7);
        b.record(
            3,
            &Verdict::TimeLimit {
                wall: r.wall,
                cpu: false,
            },
            &r,
        );
        a.merge(&b);
        assert_eq!(a.games(), 3);
        assert_eq!(a.count(VerdictKind::Accepted), 2);
        assert_eq!(a.count(VerdictKind::TimeLimit), 1);
        assert_eq!(a.slowest(), Some((2, Duration::from_millis(9))));
        let table = a.table(Duration::from_secs(2));
        assert_eq!(
            table,
            "verdict   games\nAC            2\nTLE           1\ntotal         3\n\
             slowest game 2: 0.009 s wall\n2 games/s (3 games in 2 s)\n"
        );
    }
}
