//! The narrow family: every deviation rule made of one kind, a context of
//! a few literals over the kind's own features, and an alternative. It is
//! the space of narrow mistakes that diagnosis searches and suites cover;
//! the catalogue is a named subset of it.
//!
//! Rules that can never change a decision are dropped where that is known
//! without running a game: contexts that contradict themselves (two roles
//! for one pig, two cards), contexts that say a literal twice over (a
//! role, and not another role), alternatives the rules always choose at
//! that kind, and alternatives the rules always choose in that context
//! (a short table of what the rules fix, below).

use super::{Choice, ContextRule, DecisionKind, DeviationRule, Feature};

/// Every rule of the narrow family with contexts of at most
/// `max_literals` literals, kind by kind, shorter contexts first.
pub fn narrow_family(max_literals: usize) -> Vec<DeviationRule> {
    let mut family = Vec::new();
    for &kind in DecisionKind::ALL {
        let mut contexts = Vec::new();
        contexts_of(
            kind.features(),
            max_literals,
            ContextRule::ALWAYS,
            0,
            &mut contexts,
        );
        contexts.sort_by_key(|c| (c.len(), c.mask, c.values));
        for when in contexts {
            for choose in 0..kind.alternatives().len() as u8 {
                let rule = DeviationRule {
                    kind,
                    when,
                    choose: Choice(choose),
                };
                if may_change(&rule) {
                    family.push(rule);
                }
            }
        }
    }
    family
}

/// Pushes onto `out` every consistent context that extends `so_far` with
/// at most `left` more literals over `features[from..]`.
fn contexts_of(
    features: &[Feature],
    left: usize,
    so_far: ContextRule,
    from: usize,
    out: &mut Vec<ContextRule>,
) {
    out.push(so_far);
    if left == 0 {
        return;
    }
    for (i, &feature) in features.iter().enumerate().skip(from) {
        for value in [true, false] {
            if fits(so_far, feature, value) {
                contexts_of(features, left - 1, so_far.and(feature, value), i + 1, out);
            }
        }
    }
}

/// Whether `feature = value` may join `context`: not against a literal of
/// its exclusive group (one role per pig, one card), nor implied by one.
fn fits(context: ContextRule, feature: Feature, value: bool) -> bool {
    let group = feature.exclusive_group();
    if group & context.mask == 0 {
        return true;
    }
    // A positive literal of the group is already there: this one is either
    // a contradiction (positive) or implied (negative).
    let positive_there = group & context.mask & context.values != 0;
    if positive_there {
        return false;
    }
    // Only negatives of the group so far: a positive one makes them
    // implied, so keep only further negatives.
    !value
}

/// Whether `rule` may change some decision: its choice is not the one the
/// rules always make at its kind, nor the one they always make in its
/// context, and it is legal there.
fn may_change(rule: &DeviationRule) -> bool {
    if rule.kind.constant_rule() == Some(rule.choose) {
        return false;
    }
    let fixed = fixed_rule(rule.kind, &rule.when);
    if fixed.is_some_and(|choice| choice == rule.choose) {
        return false;
    }
    legal(rule.kind, &rule.when, rule.choose)
}

/// Whether `choose` can be legal at `kind` in context `when`.
fn legal(kind: DecisionKind, when: &ContextRule, choose: Choice) -> bool {
    let holds = |f: Feature| when.literals().any(|(g, v)| g == f && v);
    if kind == DecisionKind::RevealOnPlay && choose == Choice(1) {
        // "Only if it takes effect" is no alternative for an area trick.
        return !(holds(Feature::CardArea)
            || holds(Feature::CardInvasion)
            || holds(Feature::CardVolley));
    }
    true
}

/// The rules' choice at `kind` wherever `when` holds, when the rules fix it.
fn fixed_rule(kind: DecisionKind, when: &ContextRule) -> Option<Choice> {
    use DecisionKind as K;
    use Feature as F;
    let holds = |f: Feature| when.literals().any(|(g, v)| g == f && v);
    let fails = |f: Feature| when.literals().any(|(g, v)| g == f && !v);
    match kind {
        // N, W and Z are always playable.
        K::Playable if holds(F::CardInvasion) || holds(F::CardVolley) || holds(F::CardCrossbow) => {
            Some(Choice(1))
        }
        // K and F reveal at once; N and W never.
        K::RevealOnPlay if holds(F::CardKill) || holds(F::CardDuel) => Some(Choice(0)),
        K::RevealOnPlay if holds(F::CardArea) || holds(F::CardInvasion) || holds(F::CardVolley) => {
            Some(Choice(2))
        }
        // Rebels attack the lord, never rebels; nobody else attacks the lord.
        K::Hostile if holds(F::ActorRebel) && holds(F::SubjectLord) => Some(Choice(1)),
        K::Hostile if holds(F::ActorRebel) && holds(F::SubjectRebel) => Some(Choice(0)),
        K::Hostile if (holds(F::ActorLord) || holds(F::ActorLoyalist)) && holds(F::SubjectLord) => {
            Some(Choice(0))
        }
        // No damage, no suspicion.
        K::Suspect if fails(F::Damaged) => Some(Choice(0)),
        // Only a loyalist dueled by the lord gives in.
        K::DuelYield if fails(F::SubjectLord) => Some(Choice(0)),
        K::DuelYield if holds(F::SubjectLord) && holds(F::ActorLoyalist) => Some(Choice(1)),
        _ => None,
    }
}
