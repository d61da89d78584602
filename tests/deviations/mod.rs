//! The readers' deviation set, shared by tests/readers.rs and
//! tests/packages.rs: generated games written with each deviation that
//! real judge data shows (a padded deck, CRLF, no final newline, blank
//! lines, a tab, runs of spaces, a wrapped deck).

#![allow(dead_code)]

use pigkill_engine::{Game, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, Profile};

/// A game written with one deviation, and where the validator must flag it
/// first (line, column, a piece of the message).
pub struct Variant {
    /// Which deviation.
    pub name: &'static str,
    /// The game's text with it.
    pub text: String,
    /// Where the validator flags it first: line, column, a piece of the message.
    pub flagged: (usize, usize, &'static str),
}

/// The game's clean text written with each deviation.
pub fn variants(game: &Game) -> Vec<Variant> {
    let clean = game.to_text();
    let lines: Vec<&str> = clean.lines().collect();
    let (n, m) = (game.pig_count(), game.deck().len());
    let deck_line = n + 2;
    let mut variants = vec![
        Variant {
            name: "padded",
            text: format!("{} K P D\n", clean.trim_end()),
            flagged: (deck_line, 2 * m + 1, "tokens, expected"),
        },
        Variant {
            name: "crlf",
            text: clean.replace('\n', "\r\n"),
            flagged: (1, lines[0].len() + 1, "a CRLF line end"),
        },
        Variant {
            name: "no-final-newline",
            text: clean.trim_end().to_string(),
            flagged: (deck_line, 2 * m, "without a newline"),
        },
        Variant {
            name: "blank-lines",
            text: format!(
                "{}\n\n{}\n\n\n",
                lines[..2].join("\n"),
                lines[2..].join("\n")
            ),
            flagged: (3, 1, "a blank line, expected the line of pig 2"),
        },
        Variant {
            name: "tab",
            text: clean.replacen("P ", "P\t", 1),
            flagged: (2, 3, "between tokens, expected a single space"),
        },
        Variant {
            name: "spaces",
            text: clean.replacen(' ', "   ", 1),
            flagged: (1, n.to_string().len() + 1, "between tokens"),
        },
    ];
    if m >= 2 {
        // The deck wrapped after its first half.
        let half = m / 2;
        let cards: Vec<&str> = lines[deck_line - 1].split(' ').collect();
        let wrapped = format!(
            "{}\n{}\n{}\n",
            lines[..deck_line - 1].join("\n"),
            cards[..half].join(" "),
            cards[half..].join(" ")
        );
        variants.push(Variant {
            name: "wrapped",
            text: wrapped,
            flagged: (deck_line, 2 * half, "tokens, expected"),
        });
    }
    variants
}

/// Ten generated games that end: two of each of five profiles, by id.
pub fn games() -> Vec<(String, Game)> {
    let profiles = [
        Profile::Basic,
        Profile::Full,
        Profile::NullifyChains,
        Profile::EmptyDeck,
        Profile::Big,
    ];
    profiles
        .into_iter()
        .flat_map(|profile| {
            (0..2).map(move |i| {
                let generated = generate_ending(profile, game_seed(11, i), &StrategyEngine)
                    .expect("the generator makes a game that ends");
                (format!("{}-{i}", profile.name()), generated.game)
            })
        })
        .collect()
}
