//! The pigkill harness library.
