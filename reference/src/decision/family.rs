//! The narrow family: every deviation rule of a kind, a small context and
//! an alternative.

use super::DeviationRule;

/// Every rule of the narrow family (placeholder).
pub fn narrow_family(_max_literals: usize) -> Vec<DeviationRule> {
    Vec::new()
}
