//! Fuzz target `edge_cases`: a thin wrapper over [`pigkill::fuzzing::edge_cases`],
//! whose docs say what it checks. `cargo test` runs the same body on stable.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pigkill::fuzzing::edge_cases(data));
