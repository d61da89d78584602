//! The shrinker. (Placeholder.)
