//! Decisions and deviations in words.
