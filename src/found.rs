//! Saving divergences as `found/` fixtures: the game as found, written
//! before shrinking starts, then the minimised game with a note saying
//! where it came from and what the engines did (see
//! `tests/fixtures/README.md` for the life of a fixture).

use std::io;
use std::path::{Path, PathBuf};

use pigkill_engine::Game;

use crate::diff::Divergence;
use crate::fixtures::{write_atomic, write_fresh};

/// Where a divergence came from, for its note.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Game `index` of a generated run.
    Generated {
        /// The generator profile.
        profile: String,
        /// The run's seed.
        seed: u64,
        /// The game's index in the run.
        index: u64,
    },
    /// A file given by the user.
    File(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Generated { profile, seed, index } => write!(
                f,
                "game {index} of `pigkill stress --profile {profile} --seed {seed}` (regenerate it alone with `pigkill gen --profile {profile} --seed {seed} --index {index}`)"
            ),
            Origin::File(path) => write!(f, "the file `{}`", path.display()),
        }
    }
}

/// A place for one divergence in a `found/` folder: `DIR/NAME.in` and `DIR/NAME.md`.
#[derive(Clone, Debug)]
pub struct Slot {
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.md` file.
    pub note: PathBuf,
}

/// Claims a fresh name in `dir` based on `stem` (adding `-2`, `-3`, ...
/// when taken) and writes the unshrunk game there at once, atomically, so
/// that nothing is lost if shrinking is interrupted. Never overwrites an
/// existing file.
///
/// # Errors
///
/// The I/O error when the folder or file cannot be written.
pub fn save_original(dir: &Path, stem: &str, game: &Game) -> io::Result<Slot> {
    let base = write_fresh(dir, stem, &[("in", game.to_text().as_bytes())], &["md"])?;
    let with = |ext: &str| {
        let mut path = base.clone().into_os_string();
        path.push(ext);
        PathBuf::from(path)
    };
    Ok(Slot {
        input: with(".in"),
        note: with(".md"),
    })
}

/// The size of a game, for notes: pigs and deck cards.
pub fn size(game: &Game) -> String {
    crate::summary::Size::of(game).to_string()
}

/// Replaces the slot's game with the minimised one and writes its note.
///
/// # Errors
///
/// The I/O error when a file cannot be written.
pub fn save_minimised(
    slot: &Slot,
    origin: &Origin,
    original: &Game,
    minimised: &Game,
    divergence: &Divergence,
) -> io::Result<()> {
    write_atomic(&slot.input, minimised.to_text().as_bytes())?;
    write_atomic(
        &slot.note,
        note(origin, original, minimised, divergence).as_bytes(),
    )
}

/// The note of a found divergence (Markdown).
pub fn note(origin: &Origin, original: &Game, minimised: &Game, divergence: &Divergence) -> String {
    let mut md = String::new();
    md.push_str(&format!("# Divergence: {}\n\n", divergence.signature));
    md.push_str(&format!(
        "Found by the differential runner in {origin}; the engines `{}` and `{}` disagree. \
         ShrunkDivergence from {} to {}, keeping the same signature. Not settled yet: decide \
         which engine follows `rules.md`, fix the other, write the answer to the `.out` \
         by hand and move the fixture to `regressions/` (see `tests/fixtures/README.md`).\n\n",
        divergence.engines[0],
        divergence.engines[1],
        size(original),
        size(minimised),
    ));
    md.push_str("## The game\n\n```\n");
    md.push_str(&minimised.to_text());
    md.push_str("```\n\n");
    for i in 0..2 {
        md.push_str(&format!(
            "## `{}` says\n\n```\n{}```\n\n",
            divergence.engines[i],
            divergence.verdicts[i].to_text()
        ));
    }
    md.push_str(&format!(
        "## First differing event (event {}), after the events both agree on\n\n```\n{}```\n",
        divergence.first_difference + 1,
        divergence.difference(8)
    ));
    md
}
