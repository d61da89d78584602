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
    candidates(max_literals).filter(may_change).collect()
}

/// Every (kind, consistent context of at most `max_literals` literals over
/// the kind's features, alternative of the family:
/// [`DecisionKind::in_family`]), before the rules that cannot change a
/// decision are dropped.
fn candidates(max_literals: usize) -> impl Iterator<Item = DeviationRule> {
    DecisionKind::ALL.iter().flat_map(move |&kind| {
        let mut contexts = Vec::new();
        contexts_of(
            kind.features(),
            max_literals,
            ContextRule::ALWAYS,
            0,
            &mut contexts,
        );
        contexts.sort_by_key(|c| (c.len(), c.mask, c.values));
        contexts.into_iter().flat_map(move |when| {
            (0..kind.alternatives().len() as u8)
                .map(Choice)
                .filter(move |&choose| kind.in_family(choose))
                .map(move |choose| DeviationRule { kind, when, choose })
        })
    })
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

/// Whether `rule` may change some decision of a run where it is the only
/// deviation: its context can arise at its kind, its choice is not the one
/// the rules always make at its kind, nor the one they always make in its
/// context, and it is legal there.
fn may_change(rule: &DeviationRule) -> bool {
    if rule.kind.constant_rule() == Some(rule.choose) {
        return false;
    }
    let never = impossible(rule.kind);
    if rule.when.literals().any(|literal| never.contains(&literal)) {
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
        // "Only if it takes effect" is no alternative for an area trick
        // (nor at an unrevealed target: the kills and duels of a pig that
        // reveals go to revealed pigs, so that is an area trick too).
        let fails = |f: Feature| when.literals().any(|(g, v)| g == f && !v);
        return !(holds(Feature::CardArea)
            || holds(Feature::CardInvasion)
            || holds(Feature::CardVolley)
            || fails(Feature::SubjectRevealed));
    }
    let fails = |f: Feature| when.literals().any(|(g, v)| g == f && !v);
    match (kind, choose.0) {
        // Cancelled whatever the count is no alternative where the count is
        // odd; taking effect whatever the count, none where it is even.
        (DecisionKind::ChainOutcome, 1) if holds(Feature::Protecting) => return false,
        (DecisionKind::ChainOutcome, 2) if fails(Feature::Protecting) => return false,
        // Put off until the card is resolved: the same as at once but in
        // an invasion or volley.
        (DecisionKind::Reward, 2)
            if holds(Feature::TrickKill)
                || holds(Feature::TrickDuel)
                || fails(Feature::TrickArea) =>
        {
            return false
        }
        // The lord's penalty put off "even if the game ended" is asked in
        // an invasion or volley only (after a kill or duel "once the card
        // is resolved" is the same as at once for a loyalist, but not for
        // a rebel, whose reward comes between: it stays).
        (DecisionKind::Penalty, 4) if holds(Feature::TrickKill) || holds(Feature::TrickDuel) => {
            return false
        }
        // "The peach only" is the rules' own choice where a peach is held.
        (DecisionKind::DyingSettled, 2) if holds(Feature::ActorHoldsPeach) => return false,
        _ => {}
    }
    if kind == DecisionKind::NullifyRoundStart && choose == Choice(2) {
        // "Again from the trick's player" is the first round's own start.
        return !when.literals().any(|l| l == (Feature::CounterRound, false));
    }
    if kind == DecisionKind::NullifyRoundStart && matches!(choose.0, 5 | 6) {
        // The target alone first is for a first round only; the rest of
        // the first pass, for a counter round only.
        let first_round = choose == Choice(5);
        return !when
            .literals()
            .any(|l| l == (Feature::CounterRound, first_round));
    }
    true
}

/// The literals that never hold at a decision of `kind` in a run by the
/// rules (nor in one where a single rule of this kind deviates): the
/// situations the rules never lead to there.
fn impossible(kind: DecisionKind) -> &'static [(Feature, bool)] {
    use DecisionKind as K;
    use Feature as F;
    match kind {
        // A loyalist is dueled only by the lord, and gives in: no fight.
        K::DuelKillCounts | K::DuelFirst | K::DuelContinues | K::DuelDamageSource => {
            &[(F::SubjectLoyalist, true)]
        }
        // The lord's death ends the game at once.
        K::KillPastDead | K::AreaContinues | K::NextTurn | K::FirstTurn => {
            &[(F::SubjectLord, true)]
        }
        // Only an unrevealed pig decides, and its kills and duels go to
        // revealed pigs (only the lord, always revealed, attacks suspected
        // ones); an area trick has no target.
        K::RevealOnPlay => &[(F::SubjectSuspected, true)],
        // Nobody plays a nullify for an unrevealed target, and a pig that
        // protects itself has revealed.
        K::NullifyReveals => &[(F::SubjectRevealed, false), (F::SubjectIsActor, true)],
        // No pig is its own damage source; a rebel that kills the last rebel
        // is itself a rebel still alive.
        K::EatPeach | K::Reward | K::DyingSettled => &[(F::SubjectIsActor, true)],
        K::RewardBeforeGameOver => &[(F::SubjectIsActor, true), (F::ActorRebel, true)],
        // A dying lord is dead or rescued before it could suspect.
        K::Suspect => &[(F::ActorDying, true)],
        // The lord hurts a loyalist only in its own turn.
        K::PenaltyWeapon => &[(F::OwnTurn, false)],
        _ => &[],
    }
}

/// The rules' choice at `kind` wherever `when` holds, when the rules fix it.
fn fixed_rule(kind: DecisionKind, when: &ContextRule) -> Option<Choice> {
    use DecisionKind as K;
    use Feature as F;
    let holds = |f: Feature| when.literals().any(|(g, v)| g == f && v);
    let fails = |f: Feature| when.literals().any(|(g, v)| g == f && !v);
    let any = |features: &[Feature]| features.iter().any(|&f| holds(f));
    match kind {
        // N, W and Z are always playable, and so is a first kill (a second
        // one is the kill limit's decision); only a peach at full HP is not.
        K::Playable
            if any(&[
                F::CardInvasion,
                F::CardVolley,
                F::CardCrossbow,
                F::CardKill,
                F::ActorHpOne,
            ]) || fails(F::CardPeach)
                || fails(F::ActorHpFull) =>
        {
            Some(Choice(1))
        }
        // K and F reveal at once; N and W never. A target, or no area
        // trick, means a kill or a duel.
        K::RevealOnPlay
            if fails(F::CardArea)
                || any(&[
                    F::CardKill,
                    F::CardDuel,
                    F::SubjectLord,
                    F::SubjectLoyalist,
                    F::SubjectRebel,
                    F::SubjectRevealed,
                ]) =>
        {
            Some(Choice(0))
        }
        K::RevealOnPlay
            if fails(F::SubjectRevealed) || any(&[F::CardArea, F::CardInvasion, F::CardVolley]) =>
        {
            Some(Choice(2))
        }
        // Rebels attack the lord, never rebels; nobody else attacks the lord.
        K::Hostile if holds(F::ActorRebel) && holds(F::SubjectLord) => Some(Choice(1)),
        K::Hostile if holds(F::ActorRebel) && holds(F::SubjectRebel) => Some(Choice(0)),
        K::Hostile if (holds(F::ActorLord) || holds(F::ActorLoyalist)) && holds(F::SubjectLord) => {
            Some(Choice(0))
        }
        // A crossbow, and only a crossbow, lifts the kill limit.
        K::KillLimit if holds(F::ActorCrossbow) || holds(F::CrossbowThisTurn) => Some(Choice(1)),
        K::KillLimit if fails(F::ActorCrossbow) => Some(Choice(0)),
        // An invasion or volley asks every other pig, and never its player.
        K::AreaAsks if holds(F::SubjectIsActor) => Some(Choice(1)),
        K::AreaAsks if fails(F::SubjectIsActor) || holds(F::SubjectIsNext) => Some(Choice(0)),
        // No damage, no suspicion.
        K::Suspect if fails(F::Damaged) => Some(Choice(0)),
        // Only a loyalist dueled by the lord gives in; only the lord duels
        // a loyalist, and it is a suspected (so unrevealed) one.
        K::DuelYield if holds(F::ActorLoyalist) => Some(Choice(1)),
        K::DuelYield
            if fails(F::SubjectLord)
                || fails(F::ActorLoyalist)
                || fails(F::ActorSuspected)
                || any(&[
                    F::ActorRevealed,
                    F::ActorLord,
                    F::ActorRebel,
                    F::SubjectLoyalist,
                    F::SubjectRebel,
                ]) =>
        {
            Some(Choice(0))
        }
        // A revealed player is never suspected.
        K::Suspect if holds(F::SubjectRevealed) => Some(Choice(0)),
        // Nobody wants to nullify for an unrevealed target.
        K::NullifyWants if fails(F::SubjectRevealed) || holds(F::SubjectSuspected) => {
            Some(Choice(0))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use pigkill_engine::Budget;
    use pigkill_generators::{game_seed, generate, Profile};

    use super::*;
    use crate::decision::{decisions, fires};

    #[test]
    fn a_dropped_rule_never_changes_a_decision_of_generated_games() {
        let logs: Vec<_> = (0..600)
            .map(|i| {
                let profile = Profile::ALL[i % Profile::ALL.len()];
                decisions(
                    &generate(profile, game_seed(5, i as u64)),
                    Budget::default(),
                )
                .1
            })
            .collect();
        let mut dropped = 0;
        for rule in candidates(2).filter(|rule| !may_change(rule)) {
            dropped += 1;
            assert!(
                !logs.iter().any(|log| fires(&rule, log)),
                "{}",
                rule.words()
            );
        }
        assert!(dropped > 0);
    }
}
