//! The pigkill harness library: everything the `pigkill` command does,
//! as plain functions over the engines of `pigkill-engine` and
//! `pigkill-reference`, so that tests, benches and fuzz targets call the
//! same code the command line does.

pub mod check;
pub mod cli;
pub mod coverage;
pub mod diff;
pub mod engines;
pub mod fixtures;
pub mod found;
pub mod fuzzing;
pub mod minimise;
pub mod mutation;
pub mod narrate;
pub mod package;
pub mod shrink;
pub mod solution;
pub mod stress;
pub mod suite;
pub mod untrusted;
