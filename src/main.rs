//! The `pigkill` command line.
fn main() {}
