//! Prints the game of a profile and seed: `show PROFILE SEED`.
use pigkill_generators::{generate, Profile};
fn main() {
    let mut args = std::env::args().skip(1);
    let profile: Profile = args.next().expect("PROFILE").parse().expect("a profile");
    let seed: u64 = args.next().expect("SEED").parse().expect("a seed");
    print!("{}", generate(profile, seed));
}
