//! Seeded generators of valid, ending games. (Placeholder until its issue.)
