//! Running a contestant solution. (Placeholder.)
