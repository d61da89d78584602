//! The pigkill harness library: everything the `pigkill` command does,
//! as plain functions over the engines of `pigkill-engine` and
//! `pigkill-reference`, so that tests, benches and fuzz targets call the
//! same code the command line does.

pub mod catalogue;
pub mod check;
pub mod cli;
pub mod coverage;
pub mod deviation;
pub mod diagnose;
pub mod diff;
pub mod engines;
pub mod fixtures;
pub mod fold;
pub mod found;
pub mod fuzzing;
pub mod html;
pub mod merge;
pub mod mutation;
pub mod narrate;
pub mod package;
pub mod shard;
pub mod shrink;
pub mod solution;
pub mod stress;
pub mod suite;
pub mod summary;
pub mod untrusted;
