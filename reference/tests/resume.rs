//! A deviated run taken up at the start of the turn where its rule first
//! changes a decision of the plain run, and stopped where it comes back to
//! the plain run's state after its rule's last change, prints exactly
//! what the whole deviated run prints (`resume::TurnStarts`).

use pigkill_engine::Budget;
use pigkill_generators::{generate, Profile};
use pigkill_reference::decision::{
    decisions, deviated_output, narrow_family, Decision, Deviation, DeviationRule, Logged,
};
use pigkill_reference::resume::{Changes, Taken, TurnStarts};

/// The turns of the first and the last decision of `log` that `rule`
/// changes (it changes one at least).
fn changes_of(rule: &DeviationRule, log: &[Decision]) -> Changes {
    Changes::in_log(log, |d| rule.changes(d)).expect("the rule changes a decision")
}

#[test]
fn a_run_taken_up_at_its_first_change_and_stopped_back_in_the_plain_state_prints_what_the_whole_run_prints(
) {
    let family = narrow_family(2);
    let budget = Budget { max_turns: 3000 };
    let (mut compared, mut met) = (0, 0);
    for seed in 0..12u64 {
        let profile = [Profile::Basic, Profile::NoNullify, Profile::Full][seed as usize % 3];
        let game = generate(profile, seed);
        let mut log = Vec::new();
        let (_, starts) = TurnStarts::record(&game, budget, Logged::ALL, &mut log);
        // Every 7th rule that changes a decision of this game.
        let firing: Vec<_> = family
            .iter()
            .filter(|rule| log.iter().any(|d| rule.changes(d)))
            .step_by(7)
            .collect();
        for rule in firing {
            let changes = changes_of(rule, &log);
            let deviations = [Deviation::Rule(*rule)];
            let whole = deviated_output(&game, budget, &deviations);
            let (taken_up, back) = starts.deviated_output_logged(
                changes,
                budget,
                &deviations,
                Logged::for_rules(&[]),
                &mut Vec::new(),
            );
            assert_eq!(
                taken_up, whole,
                "game {seed}, rule {rule:?}, {changes:?}, back at {back:?}"
            );
            compared += 1;
            met += usize::from(back.is_some());
        }
    }
    // Some runs come back to the plain run's state, some do not.
    assert!(
        met > 10 && met < compared,
        "{met} of {compared} runs came back"
    );
    assert!(compared > 100, "only {compared} runs compared");
}

#[test]
fn the_plain_run_kept_at_each_turn_logs_every_decision_the_plain_run_logs() {
    for seed in 0..8u64 {
        let profile = [Profile::Full, Profile::Big][seed as usize % 2];
        let game = generate(profile, seed);
        let budget = Budget::default();
        let mut log = Vec::new();
        let (outcome, _) = TurnStarts::record(&game, budget, Logged::ALL, &mut log);
        let (plain_outcome, plain_log) = decisions(&game, budget);
        assert_eq!(outcome, plain_outcome, "game {seed}");
        assert_eq!(log, plain_log, "game {seed}");
    }
}

#[test]
fn a_run_stopped_where_a_pig_died_that_the_plain_run_leaves_alive_prints_dead_where_the_plain_run_prints_a_hand(
) {
    let family = narrow_family(2);
    let budget = Budget { max_turns: 3000 };
    let (mut compared, mut died, mut printing) = (0, 0, 0);
    for seed in 0..12u64 {
        let profile = [Profile::Basic, Profile::NoNullify, Profile::Full][seed as usize % 3];
        let game = generate(profile, seed);
        let mut log = Vec::new();
        let (_, starts) = TurnStarts::record(&game, budget, Logged::ALL, &mut log);
        // Only a plain run that ends leaves pigs alive at its end.
        let Ok(plain) = deviated_output(&game, budget, &[]) else {
            continue;
        };
        let plain_lines: Vec<&str> = plain.lines().collect();
        for rule in family
            .iter()
            .filter(|rule| log.iter().any(|d| rule.changes(d)))
            .step_by(5)
        {
            let changes = changes_of(rule, &log);
            let deviations = [Deviation::Rule(*rule)];
            let whole = deviated_output(&game, budget, &deviations);
            let taken = starts.deviated_run_logged(
                changes,
                budget,
                &deviations,
                Logged::for_rules(&[]),
                &mut Vec::new(),
            );
            match taken {
                Taken::Ran(run) => assert_eq!(run, whole, "game {seed}, rule {rule:?}"),
                Taken::Back { text, .. } => {
                    assert_eq!(Ok(text), whole, "game {seed}, rule {rule:?}")
                }
                Taken::Otherwise { .. } => {
                    // Whatever the whole run does after, it does not end
                    // printing what the plain run prints: a line of a pig
                    // the plain run leaves alive says DEAD.
                    assert!(!rule.kind.prints(), "game {seed}, rule {rule:?}");
                    if let Ok(text) = &whole {
                        let dead_where_alive = text
                            .lines()
                            .zip(&plain_lines)
                            .skip(1)
                            .any(|(line, plain_line)| line == "DEAD" && *plain_line != "DEAD");
                        assert!(dead_where_alive, "game {seed}, rule {rule:?}: {text:?}");
                    }
                    died += 1;
                }
            }
            printing += usize::from(rule.kind.prints());
            compared += 1;
        }
    }
    assert!(
        died > 10 && died < compared,
        "{died} of {compared} runs stopped at a death"
    );
    assert!(printing > 0, "no rule of an Output kind was played");
}
