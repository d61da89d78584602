//! Slices of a run for job arrays: `--shard K/N` names slice `K` of `N`,
//! and `--shard auto` reads `K` and `N` from the scheduler that started
//! the process (a Slurm job array, a Kubernetes Indexed Job). A CI matrix
//! passes `K/N` itself.
//!
//! The environment is read through a lookup function, so that the rules
//! are tested on plain maps, never on the real environment.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One slice of a run: shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// The whole run, unsliced.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game index of this shard's `slot`-th game.
    pub fn game_index(self, slot: u64) -> u64 {
        slot * self.count + (self.index - 1)
    }

    /// Shard `index` of `count`.
    ///
    /// # Errors
    ///
    /// When `index` is not within `1..=count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || index == 0 || index > count {
            return Err(ShardError(format!(
                "shard {index}/{count} needs 1 <= K <= N"
            )));
        }
        Ok(Shard { index, count })
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("shard '{text}' is not K/N, e.g. 3/8"))?;
        let parse = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| format!("shard '{text}' is not K/N with whole numbers"))
        };
        Shard::new(parse(k)?, parse(n)?).map_err(|_| format!("shard '{text}' needs 1 <= K <= N"))
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What `--shard` says: a given slice, or `auto` (from the scheduler).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardSpec {
    /// `K/N`, given.
    Fixed(Shard),
    /// `auto`: from the job array's environment.
    Auto,
}

impl FromStr for ShardSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardSpec, String> {
        if text.trim() == "auto" {
            return Ok(ShardSpec::Auto);
        }
        text.parse::<Shard>()
            .map(ShardSpec::Fixed)
            .map_err(|e| format!("{e}, or 'auto' to read it from a Slurm or Kubernetes job array"))
    }
}

/// Why the slice could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(pub String);

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShardError {}

/// A slice and where it came from, for the run's first line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The slice.
    pub shard: Shard,
    /// Where it came from: `given`, or the variables read (`SLURM_ARRAY_TASK_ID=3 of 0..7`).
    pub source: String,
}

/// Slurm's job array variables.
pub const SLURM_ID: &str = "SLURM_ARRAY_TASK_ID";
/// The smallest task ID of the Slurm array.
pub const SLURM_MIN: &str = "SLURM_ARRAY_TASK_MIN";
/// The largest task ID of the Slurm array.
pub const SLURM_MAX: &str = "SLURM_ARRAY_TASK_MAX";
/// The step between task IDs of the Slurm array (`--array=0-15:4`).
pub const SLURM_STEP: &str = "SLURM_ARRAY_TASK_STEP";
/// The number of tasks of the Slurm array.
pub const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
/// A Kubernetes Indexed Job's index, from 0.
pub const K8S_INDEX: &str = "JOB_COMPLETION_INDEX";

/// Works out the slice this process plays.
///
/// `shards` is `--shards N` when given. With [`ShardSpec::Fixed`] the
/// slice is the given one (and `N`, if also given, must agree). With
/// [`ShardSpec::Auto`], `env` (a variable lookup, e.g.
/// `|name| std::env::var(name).ok()`) is read:
///
/// - Slurm (`SLURM_ARRAY_TASK_ID`): with `--shards N`, task IDs are the
///   shard numbers from 0 (`K = ID + 1`), so an array resubmitted for a
///   few lost tasks (`--array=3,7`) plays the same slices. Without it,
///   the array is `MIN..=MAX` (`SLURM_ARRAY_TASK_MIN/MAX`, with
///   `SLURM_ARRAY_TASK_STEP`), or `SLURM_ARRAY_TASK_COUNT` tasks from
///   `MIN` (0 when not set), and `K` is the task's place in it.
/// - Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, from 0): `K = index
///   + 1`, and `--shards N` (the Job's `completions`) is needed.
///
/// Slurm is looked at first.
///
/// # Errors
///
/// When no job array is found (a CI matrix must pass `K/N`), when a
/// variable is not a whole number, when the array is not a plain range
/// and `N` is not given, when `N` is needed and not given, and when the
/// slice falls outside `1..=N`.
pub fn resolve(
    spec: ShardSpec,
    shards: Option<u64>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Resolved, ShardError> {
    if shards == Some(0) {
        return Err(ShardError(
            "--shards 0: a run has at least one shard".into(),
        ));
    }
    match spec {
        ShardSpec::Fixed(shard) => match shards {
            Some(n) if n != shard.count => Err(ShardError(format!(
                "--shard {shard} and --shards {n} disagree on the number of shards"
            ))),
            _ => Ok(Resolved {
                shard,
                source: "given".into(),
            }),
        },
        ShardSpec::Auto => {
            let number = |name: &str| -> Result<Option<u64>, ShardError> {
                match env(name) {
                    None => Ok(None),
                    Some(text) => text.trim().parse::<u64>().map(Some).map_err(|_| {
                        ShardError(format!(
                            "{name}='{text}' is not a whole number (expected a task index)"
                        ))
                    }),
                }
            };
            if let Some(id) = number(SLURM_ID)? {
                return slurm(id, shards, &number);
            }
            if let Some(index) = number(K8S_INDEX)? {
                let n = shards.ok_or_else(|| {
                    ShardError(format!(
                        "--shard auto: {K8S_INDEX}={index} (a Kubernetes Indexed Job), but the number of shards is not known: pass --shards N (the Job's completions)"
                    ))
                })?;
                return within(index + 1, n, format!("{K8S_INDEX}={index}, --shards {n}"));
            }
            Err(ShardError(format!(
                "--shard auto: no job array in the environment (neither {SLURM_ID} nor {K8S_INDEX} is set); in a CI matrix pass --shard K/N"
            )))
        }
    }
}

/// The Slurm rules of [`resolve`].
fn slurm(
    id: u64,
    shards: Option<u64>,
    number: &dyn Fn(&str) -> Result<Option<u64>, ShardError>,
) -> Result<Resolved, ShardError> {
    if let Some(n) = shards {
        return within(id + 1, n, format!("{SLURM_ID}={id} from 0, --shards {n}"));
    }
    let min = number(SLURM_MIN)?.unwrap_or(0);
    let step = number(SLURM_STEP)?.unwrap_or(1).max(1);
    if id < min || (id - min) % step != 0 {
        return Err(ShardError(format!(
            "{SLURM_ID}={id} is not in the array {min}..{} step {step}",
            number(SLURM_MAX)?.map_or("?".into(), |m| m.to_string())
        )));
    }
    let index = (id - min) / step + 1;
    let by_range = number(SLURM_MAX)?.map(|max| max.saturating_sub(min) / step + 1);
    let by_count = number(SLURM_COUNT)?;
    let n = match (by_range, by_count) {
        (Some(r), Some(c)) if r != c => {
            return Err(ShardError(format!(
                "the Slurm array is not a plain range ({SLURM_MIN}..{SLURM_MAX} make {r} tasks, {SLURM_COUNT} says {c}): number the tasks 0..N-1 and pass --shards N"
            )))
        }
        (Some(n), _) | (None, Some(n)) => n,
        (None, None) => {
            return Err(ShardError(format!(
                "--shard auto: {SLURM_ID}={id}, but neither {SLURM_MAX} nor {SLURM_COUNT} is set: pass --shards N"
            )))
        }
    };
    within(
        index,
        n,
        format!("{SLURM_ID}={id} of array {min}..{}", min + (n - 1) * step),
    )
}

/// Shard `index` of `n`, or an error naming where the numbers came from.
fn within(index: u64, n: u64, source: String) -> Result<Resolved, ShardError> {
    if index == 0 || index > n {
        return Err(ShardError(format!(
            "--shard auto: {source} gives shard {index} of {n}, outside 1..={n}"
        )));
    }
    Ok(Resolved {
        shard: Shard { index, count: n },
        source,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn auto(vars: &[(&str, &str)], shards: Option<u64>) -> Result<Shard, ShardError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        resolve(ShardSpec::Auto, shards, |name| map.get(name).cloned()).map(|r| r.shard)
    }

    fn shard(index: u64, count: u64) -> Shard {
        Shard { index, count }
    }

    #[test]
    fn a_slurm_array_from_zero_gives_the_task_its_place() {
        let vars = [(SLURM_MIN, "0"), (SLURM_MAX, "7")];
        for (id, k) in [("0", 1), ("3", 4), ("7", 8)] {
            let env = [vars[0], vars[1], (SLURM_ID, id)];
            assert_eq!(auto(&env, None), Ok(shard(k, 8)));
        }
    }

    #[test]
    fn a_slurm_array_from_one_is_the_same_slices() {
        let env = [(SLURM_ID, "1"), (SLURM_MIN, "1"), (SLURM_MAX, "8")];
        assert_eq!(auto(&env, None), Ok(shard(1, 8)));
        let env = [(SLURM_ID, "8"), (SLURM_MIN, "1"), (SLURM_MAX, "8")];
        assert_eq!(auto(&env, None), Ok(shard(8, 8)));
    }

    #[test]
    fn a_slurm_array_with_a_step_counts_tasks_not_ids() {
        let env = [
            (SLURM_ID, "8"),
            (SLURM_MIN, "0"),
            (SLURM_MAX, "12"),
            (SLURM_STEP, "4"),
        ];
        assert_eq!(auto(&env, None), Ok(shard(3, 4)));
        let off_step = [
            (SLURM_ID, "5"),
            (SLURM_MIN, "0"),
            (SLURM_MAX, "12"),
            (SLURM_STEP, "4"),
        ];
        assert!(auto(&off_step, None).is_err());
    }

    #[test]
    fn a_slurm_task_count_stands_in_for_the_maximum() {
        let env = [(SLURM_ID, "2"), (SLURM_COUNT, "5")];
        assert_eq!(auto(&env, None), Ok(shard(3, 5)));
    }

    #[test]
    fn a_slurm_array_with_holes_needs_the_number_of_shards() {
        // --array=1,3,5: MIN 1, MAX 5, but only 3 tasks.
        let env = [
            (SLURM_ID, "3"),
            (SLURM_MIN, "1"),
            (SLURM_MAX, "5"),
            (SLURM_COUNT, "3"),
        ];
        let error = auto(&env, None).unwrap_err();
        assert!(error.0.contains("--shards N"), "{error}");
        // With N given, task IDs are shard numbers from 0.
        assert_eq!(auto(&env, Some(8)), Ok(shard(4, 8)));
    }

    #[test]
    fn a_given_number_of_shards_numbers_slurm_tasks_from_zero() {
        // A resubmission of lost task 6 alone plays the same slice as before.
        let env = [(SLURM_ID, "6"), (SLURM_MIN, "6"), (SLURM_MAX, "6")];
        assert_eq!(auto(&env, Some(8)), Ok(shard(7, 8)));
        let past_the_end = [(SLURM_ID, "8"), (SLURM_MIN, "1"), (SLURM_MAX, "8")];
        let error = auto(&past_the_end, Some(8)).unwrap_err();
        assert!(error.0.contains("outside 1..=8"), "{error}");
    }

    #[test]
    fn a_slurm_id_without_the_array_size_is_an_error() {
        let error = auto(&[(SLURM_ID, "2")], None).unwrap_err();
        assert!(
            error.0.contains(SLURM_MAX) && error.0.contains("--shards"),
            "{error}"
        );
    }

    #[test]
    fn a_kubernetes_indexed_job_needs_its_completions() {
        assert_eq!(auto(&[(K8S_INDEX, "0")], Some(4)), Ok(shard(1, 4)));
        assert_eq!(auto(&[(K8S_INDEX, "3")], Some(4)), Ok(shard(4, 4)));
        let error = auto(&[(K8S_INDEX, "3")], None).unwrap_err();
        assert!(error.0.contains("--shards N"), "{error}");
        assert!(auto(&[(K8S_INDEX, "4")], Some(4)).is_err());
    }

    #[test]
    fn no_job_array_is_a_clear_error() {
        let error = auto(&[("HOME", "/root")], Some(4)).unwrap_err();
        assert!(
            error.0.contains(SLURM_ID) && error.0.contains(K8S_INDEX),
            "{error}"
        );
        assert!(error.0.contains("--shard K/N"), "{error}");
    }

    #[test]
    fn a_variable_that_is_not_a_number_is_named() {
        let error = auto(&[(K8S_INDEX, "two")], Some(4)).unwrap_err();
        assert!(error.0.contains("JOB_COMPLETION_INDEX='two'"), "{error}");
    }

    #[test]
    fn a_given_shard_ignores_the_environment_but_must_agree_with_its_count() {
        let none = |_: &str| None;
        let given = ShardSpec::Fixed(shard(2, 4));
        assert_eq!(resolve(given, None, none).map(|r| r.shard), Ok(shard(2, 4)));
        assert_eq!(
            resolve(given, Some(4), none).map(|r| r.shard),
            Ok(shard(2, 4))
        );
        assert!(resolve(given, Some(5), none).is_err());
    }

    #[test]
    fn the_spec_reads_auto_or_k_of_n() {
        assert_eq!("auto".parse::<ShardSpec>(), Ok(ShardSpec::Auto));
        assert_eq!(
            "3/8".parse::<ShardSpec>(),
            Ok(ShardSpec::Fixed(shard(3, 8)))
        );
        assert!("9/8".parse::<ShardSpec>().is_err());
        assert!("automatic".parse::<ShardSpec>().is_err());
    }
}
