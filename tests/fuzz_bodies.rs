//! The cargo-fuzz targets' bodies (`pigkill::fuzzing`), run on stable Rust
//! by `cargo test`: on a few thousand seeded random byte strings each, and
//! on every fixture, so that the fuzz targets cannot rot unnoticed and the
//! corners they reach are checked on every build.

use std::path::Path;

use pigkill::fixtures::group;
use pigkill::fuzzing::{assert_engines_agree, diff_engines, edge_cases, parse_text};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_inputs(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let len = rng.random_range(0..400);
            let mut bytes = vec![0; len];
            rng.fill_bytes(&mut bytes);
            bytes
        })
        .collect()
}

fn every_fixture_game() -> Vec<Vec<u8>> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"));
    ["rules", "regressions", "found"]
        .iter()
        .flat_map(|g| group(root, g).expect("readable fixtures"))
        .map(|f| std::fs::read(&f.input).expect("readable fixture"))
        .collect()
}

#[test]
fn diff_engines_holds_on_random_bytes() {
    for bytes in random_inputs(1, 3000) {
        diff_engines(&bytes);
    }
}

#[test]
fn edge_cases_holds_on_random_bytes() {
    for bytes in random_inputs(2, 3000) {
        edge_cases(&bytes);
    }
}

#[test]
fn parse_text_holds_on_random_bytes_and_on_mangled_fixtures() {
    for bytes in random_inputs(3, 3000) {
        parse_text(&bytes);
    }
    // Random bytes rarely look like a game: mangle real games too.
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for game in every_fixture_game() {
        parse_text(&game);
        for _ in 0..50 {
            let mut bytes = game.clone();
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = rng.random(),
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, b" \n\rKMPZ0-9"[rng.random_range(0..10)]),
            }
            parse_text(&bytes);
        }
    }
}

#[test]
fn every_fixture_passes_every_fuzz_body() {
    for bytes in every_fixture_game() {
        parse_text(&bytes);
        diff_engines(&bytes);
        edge_cases(&bytes);
        let game = pigkill_engine::parse_game_bytes(&bytes).expect("fixtures are valid games");
        assert_engines_agree(&game);
    }
}
