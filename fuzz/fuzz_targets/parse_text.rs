//! Fuzz target `parse_text` (both readers of a game, and the outcome
//! parser): a thin wrapper over [`pigkill::fuzzing::parse_text`],
//! whose docs say what it checks. `cargo test` runs the same body on stable.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pigkill::fuzzing::parse_text(data));
