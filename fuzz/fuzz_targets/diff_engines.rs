//! Fuzz target `diff_engines`: a thin wrapper over [`pigkill::fuzzing::diff_engines`],
//! whose docs say what it checks. `cargo test` runs the same body on stable.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pigkill::fuzzing::diff_engines(data));
