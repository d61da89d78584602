//! Small hand-made games, one or a few rules of `rules.md` each, with the
//! expected results worked out by hand from `rules.md` (the comments walk
//! through each game turn by turn).
//!
//! Events are compared by their narration (`Event`'s `Display`), so that
//! each expectation reads like the game it describes. Most tests leave the
//! draws out (`trace_without_draws`); the draw rule has its own tests.

use pigkill_engine::{parse_game, Budget, Engine, Event, Outcome, RunError, Stall};
use pigkill_reference::ReferenceEngine;

/// Runs a game given in the problem's text format, untraced.
fn run(text: &str) -> Result<Outcome, RunError> {
    let game = parse_game(text).expect("the test game is valid");
    ReferenceEngine.run(&game, Budget::default())
}

/// Runs a game traced, returning its result and the narration of every
/// event that `keep` keeps.
fn trace_filtered(
    text: &str,
    budget: Budget,
    keep: fn(&Event) -> bool,
) -> (Result<Outcome, RunError>, Vec<String>) {
    let game = parse_game(text).expect("the test game is valid");
    let mut events = Vec::new();
    let result = ReferenceEngine.run_traced(&game, budget, &mut events);
    // Tracing never changes the result.
    assert_eq!(ReferenceEngine.run(&game, budget), result);
    let narration = events
        .iter()
        .filter(|e| keep(e))
        .map(Event::to_string)
        .collect();
    (result, narration)
}

fn trace_with(text: &str, budget: Budget) -> (Result<Outcome, RunError>, Vec<String>) {
    trace_filtered(text, budget, |_| true)
}

fn trace(text: &str) -> (Result<Outcome, RunError>, Vec<String>) {
    trace_with(text, Budget::default())
}

/// As [`trace`], without the `Draw` events.
fn trace_without_draws(text: &str) -> (Result<Outcome, RunError>, Vec<String>) {
    trace_filtered(text, Budget::default(), |e| {
        !matches!(e, Event::Draw { .. })
    })
}

/// The judge output of a game that ends.
fn judge(text: &str) -> String {
    run(text).expect("the game ends").to_judge_text()
}

fn did_not_end(turns: u32, stall: Stall) -> Result<Outcome, RunError> {
    Err(RunError::DidNotEnd { turns, stall })
}

/// Asserts that `expected` appears in `events` as one contiguous run.
fn assert_run(events: &[String], expected: &[&str]) {
    let found = events
        .windows(expected.len())
        .any(|w| w.iter().zip(expected).all(|(a, b)| a == b));
    assert!(
        found,
        "expected the run\n  {}\nin the events\n  {}",
        expected.join("\n  "),
        events.join("\n  ")
    );
}

/// Asserts that no event contains `text`.
fn assert_none(events: &[String], text: &str) {
    if let Some(e) = events.iter().find(|e| e.contains(text)) {
        panic!("unexpected event '{e}' in\n  {}", events.join("\n  "));
    }
}

const LAST_D: &str = "D (the deck's last card, left in place)";

// ---------------------------------------------------------------------
// The whole event stream of a small game
// ---------------------------------------------------------------------

/// T1: MP draws D D; its kills have no target (pig 2 is unrevealed).
/// T2: FP duels MP four times; MP discards a kill each time, FP has none
/// and takes 1 damage each time; at 0 HP with no peach it dies in its own
/// turn. It was the last FP: MP wins at once, with no reward.
#[test]
fn event_order_of_a_small_game() {
    let text = "2 1
MP K K K K
FP F F F F
D
";
    let (result, events) = trace(text);
    let d = format!("draws {LAST_D}");
    let expected = [
        "turn 1: pig 1".to_string(),
        format!("pig 1 {d}"),
        format!("pig 1 {d}"),
        "turn 2: pig 2".to_string(),
        format!("pig 2 {d}"),
        format!("pig 2 {d}"),
        "pig 2 plays F (duel) at pig 1".to_string(),
        "pig 2 reveals as FP".to_string(),
        "pig 1 discards K (kill)".to_string(),
        "pig 2 takes 1 damage from pig 1, HP 3".to_string(),
        "pig 2 plays F (duel) at pig 1".to_string(),
        "pig 1 discards K (kill)".to_string(),
        "pig 2 takes 1 damage from pig 1, HP 2".to_string(),
        "pig 2 plays F (duel) at pig 1".to_string(),
        "pig 1 discards K (kill)".to_string(),
        "pig 2 takes 1 damage from pig 1, HP 1".to_string(),
        "pig 2 plays F (duel) at pig 1".to_string(),
        "pig 1 discards K (kill)".to_string(),
        "pig 2 takes 1 damage from pig 1, HP 0".to_string(),
        "pig 2 dies (killed by pig 1), discarding 2 cards".to_string(),
        "game over: MP wins".to_string(),
    ];
    assert_eq!(events, expected);
    assert_eq!(result.expect("ends").to_judge_text(), "MP\nD D\nDEAD\n");
}

#[test]
fn no_rebel_means_the_lord_has_already_won() {
    let text = "3 1
MP K K K K
ZP D D D D
ZP P F N W
K
";
    let (result, events) = trace(text);
    assert_eq!(events, ["game over: MP wins"]);
    assert_eq!(
        result.expect("ends").to_judge_text(),
        "MP\nK K K K\nD D D D\nP F N W\n"
    );
}

// ---------------------------------------------------------------------
// The deck
// ---------------------------------------------------------------------

/// Deck K D P: pig 1 draws K and D; pig 2 draws P, the last card, which
/// stays in place, and then P again.
#[test]
fn the_last_card_is_drawn_again_and_again() {
    let text = "2 3
MP D D D D
FP D D D D
K D P
";
    let (_, events) = trace(text);
    assert_eq!(
        events[..6],
        [
            "turn 1: pig 1",
            "pig 1 draws K",
            "pig 1 draws D",
            "turn 2: pig 2",
            "pig 2 draws P (the deck's last card, left in place)",
            "pig 2 draws P (the deck's last card, left in place)",
        ]
    );
}

// ---------------------------------------------------------------------
// Peach, kill, the one-kill limit, suspicion by volley
// ---------------------------------------------------------------------

/// T1: MP has no target. T2: FP's volley hits MP (no dodge): HP 3, and MP
/// suspects the unrevealed FP; then FP kills MP (revealing itself, which
/// clears the suspicion): HP 2; its second kill is not playable.
/// T3: MP eats a peach (HP 3), kills FP, who dodges. T4: FP kills MP (HP 2).
/// T5: MP kills, FP dodges (its last dodge left one). T6: MP to HP 1.
/// T7: FP dodges its last D. T8: FP kills MP, who has no peach left: FP win.
#[test]
fn peach_kill_and_the_one_kill_limit() {
    let text = "2 1
MP P K K K
FP W D D D
K
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events[..17],
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays W (volley)",
            "pig 1 takes 1 damage from pig 2, HP 3",
            "MP now suspects pig 2",
            "pig 2 plays K (kill) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 takes 1 damage from pig 2, HP 2",
            "turn 3: pig 1",
            "pig 1 plays P (peach)",
            "pig 1 heals to 3 HP",
            "pig 1 plays K (kill) at pig 2",
            "pig 2 discards D (dodge)",
            "turn 4: pig 2",
            "pig 2 plays K (kill) at pig 1",
            "pig 1 takes 1 damage from pig 2, HP 2",
            "turn 5: pig 1",
        ]
    );
    assert_eq!(result.expect("ends").to_judge_text(), "FP\nDEAD\nK K K K\n");
}

/// T2: FP equips a crossbow, kills MP twice (MP dodges both), equips a
/// second crossbow (replacing the first). T3, T4: nothing to play (MP has
/// no kill); round 2 is quiet.
#[test]
fn crossbow_lifts_the_kill_limit_and_replaces_the_old_one() {
    let text = "2 1
MP D D D D
FP Z K K Z
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays Z (crossbow)",
            "pig 2 equips a crossbow",
            "pig 2 plays K (kill) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 discards D (dodge)",
            "pig 2 plays K (kill) at pig 1",
            "pig 1 discards D (dodge)",
            "pig 2 plays Z (crossbow)",
            "pig 2 equips a crossbow, discarding the old one",
            "turn 3: pig 1",
            "turn 4: pig 2",
        ]
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
}

/// FP's hand K K Z: the first kill is played, the second is not playable
/// until the crossbow is equipped; after every play the scan restarts from
/// the left, so the second kill follows the crossbow.
#[test]
fn a_crossbow_makes_an_earlier_kill_playable_again() {
    let text = "2 1
MP D D D D
FP K K Z D
D
";
    let (_, events) = trace_without_draws(text);
    assert_eq!(
        events[2..],
        [
            "pig 2 plays K (kill) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 discards D (dodge)",
            "pig 2 plays Z (crossbow)",
            "pig 2 equips a crossbow",
            "pig 2 plays K (kill) at pig 1",
            "pig 1 discards D (dodge)",
            "turn 3: pig 1",
            "turn 4: pig 2",
        ]
    );
}

/// T2: FP's volley hits MP (no dodge, no nullify): suspicion. FP never
/// reveals. T3: MP's leftmost playable card is a kill at the suspected FP
/// (FP dodges), then the peach (HP 4). Each later round MP kills once: FP
/// dodges twice more, then takes damage (T9) and heals (T10). Round 6
/// plays nothing: the game does not end after 12 turns.
#[test]
fn volley_damage_makes_the_lord_suspect_and_attack() {
    let text = "2 1
MP K K K K
FP W D D D
P
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events[..12],
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays W (volley)",
            "pig 1 takes 1 damage from pig 2, HP 3",
            "MP now suspects pig 2",
            "turn 3: pig 1",
            "pig 1 plays K (kill) at pig 2",
            "pig 2 discards D (dodge)",
            "pig 1 plays P (peach)",
            "pig 1 heals to 4 HP",
            "turn 4: pig 2",
            "turn 5: pig 1",
        ]
    );
    assert_run(
        &events,
        &[
            "turn 9: pig 1",
            "pig 1 plays K (kill) at pig 2",
            "pig 2 takes 1 damage from pig 1, HP 3",
            "turn 10: pig 2",
            "pig 2 plays P (peach)",
            "pig 2 heals to 4 HP",
            "turn 11: pig 1",
            "turn 12: pig 2",
        ],
    );
    assert_none(&events, "reveals");
    assert_eq!(result, did_not_end(12, Stall::QuietRound));
}

/// T2: MP dodges FP's volley: no damage, so no suspicion, and MP never
/// attacks the unrevealed FP.
#[test]
fn a_dodged_volley_gives_no_suspicion() {
    let text = "2 1
MP D K K K
FP W D D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays W (volley)",
            "pig 1 discards D (dodge)",
            "turn 3: pig 1",
            "turn 4: pig 2",
        ]
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
}

// ---------------------------------------------------------------------
// Duels
// ---------------------------------------------------------------------

/// T2: FP duels MP: MP (the target) discards first: K, FP K, MP K; FP has
/// no kill left and takes 1 damage from MP.
#[test]
fn duel_alternates_kills_target_first() {
    let text = "2 1
MP K K D D
FP F K D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays F (duel) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 discards K (kill)",
            "pig 2 discards K (kill)",
            "pig 1 discards K (kill)",
            "pig 2 takes 1 damage from pig 1, HP 3",
            "turn 3: pig 1",
            "turn 4: pig 2",
        ]
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
}

/// T2: ZP's invasion hits FP (HP 3) and MP (HP 3): MP suspects ZP. T4: MP
/// duels the suspected ZP, which does not fight (it holds K K) and takes 1
/// damage from MP. The deck runs out during round 2, round 3 is quiet.
#[test]
fn a_loyalist_does_not_fight_the_lord_in_a_duel() {
    let text = "3 9
MP F D D D
ZP N K K D
FP D D D D
D D D D D D D D D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays N (invasion)",
            "pig 3 takes 1 damage from pig 2, HP 3",
            "pig 1 takes 1 damage from pig 2, HP 3",
            "MP now suspects pig 2",
            "turn 3: pig 3",
            "turn 4: pig 1",
            "pig 1 plays F (duel) at pig 2",
            "pig 2 takes 1 damage from pig 1, HP 3",
            "turn 5: pig 2",
            "turn 6: pig 3",
            "turn 7: pig 1",
            "turn 8: pig 2",
            "turn 9: pig 3",
        ]
    );
    assert_eq!(result, did_not_end(9, Stall::QuietRound));
}

/// The same with pig 2 a rebel: MP duels the suspected FP, which fights
/// (discards its K); MP has no kill and takes the damage. Responding in a
/// duel reveals nobody.
#[test]
fn a_suspected_rebel_fights_the_lords_duel() {
    let text = "3 1
MP F D D D
FP N K K D
ZP D D D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events[..12],
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays N (invasion)",
            "pig 3 takes 1 damage from pig 2, HP 3",
            "pig 1 takes 1 damage from pig 2, HP 3",
            "MP now suspects pig 2",
            "turn 3: pig 3",
            "turn 4: pig 1",
            "pig 1 plays F (duel) at pig 2",
            "pig 2 discards K (kill)",
            "pig 1 takes 1 damage from pig 2, HP 2",
            "turn 5: pig 2",
        ]
    );
    assert_none(&events, "reveals");
    assert_eq!(result, did_not_end(9, Stall::QuietRound));
}

// ---------------------------------------------------------------------
// Targets of each role
// ---------------------------------------------------------------------

/// Pigs MP, FP(2), ZP(3), FP(4). Nobody attacks an unrevealed pig.
/// T4: FP 4 duels MP (an FP's duel target is always MP) and reveals.
/// T5: MP's duel goes to the first hostile pig going forward: pig 4.
/// T7: ZP 3 kills the next pig, the revealed FP 4, and reveals.
/// T10: FP 2 kills the next pig, the revealed ZP 3, and reveals.
/// Round 4 plays nothing (no kill or duel is left).
#[test]
fn each_role_attacks_its_own_targets() {
    let text = "4 1
MP F D D D
FP K D D D
ZP K D D D
FP F D D D
D
";
    let (result, events) = trace_without_draws(text);
    let attacks: Vec<&str> = events
        .iter()
        .map(String::as_str)
        .filter(|e| e.contains("plays") || e.contains("reveals") || e.contains("turn"))
        .collect();
    assert_eq!(
        attacks,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "turn 3: pig 3",
            "turn 4: pig 4",
            "pig 4 plays F (duel) at pig 1",
            "pig 4 reveals as FP",
            "turn 5: pig 1",
            "pig 1 plays F (duel) at pig 4",
            "turn 6: pig 2",
            "turn 7: pig 3",
            "pig 3 plays K (kill) at pig 4",
            "pig 3 reveals as ZP",
            "turn 8: pig 4",
            "turn 9: pig 1",
            "turn 10: pig 2",
            "pig 2 plays K (kill) at pig 3",
            "pig 2 reveals as FP",
            "turn 11: pig 3",
            "turn 12: pig 4",
            "turn 13: pig 1",
            "turn 14: pig 2",
            "turn 15: pig 3",
            "turn 16: pig 4",
        ]
    );
    assert_run(
        &events,
        &[
            "pig 4 reveals as FP",
            "pig 1 takes 1 damage from pig 4, HP 3",
        ],
    );
    assert_run(
        &events,
        &[
            "pig 1 plays F (duel) at pig 4",
            "pig 4 takes 1 damage from pig 1, HP 3",
        ],
    );
    assert_run(
        &events,
        &["pig 3 reveals as ZP", "pig 4 discards D (dodge)"],
    );
    assert_run(
        &events,
        &["pig 2 reveals as FP", "pig 3 discards D (dodge)"],
    );
    assert_eq!(result, did_not_end(16, Stall::QuietRound));
}

/// Pigs MP, ZP(2), FP(3). T3: FP reveals by dueling MP (HP 3). T5: ZP's
/// invasion hits FP and MP: MP suspects ZP; then ZP duels the revealed FP
/// and reveals, which clears the suspicion. T7: MP draws K K, but its next
/// pig, the revealed ZP, is no target.
#[test]
fn a_reveal_clears_the_lords_suspicion() {
    let text = "3 15
MP D D D D
ZP D D D D
FP F D D D
D D D D D D D D N F D D K K D
";
    let (result, events) = trace_without_draws(text);
    assert_run(
        &events,
        &[
            "turn 5: pig 2",
            "pig 2 plays N (invasion)",
            "pig 3 takes 1 damage from pig 2, HP 3",
            "pig 1 takes 1 damage from pig 2, HP 2",
            "MP now suspects pig 2",
            "pig 2 plays F (duel) at pig 3",
            "pig 2 reveals as ZP",
            "pig 3 takes 1 damage from pig 2, HP 2",
            "turn 6: pig 3",
            "turn 7: pig 1",
            "turn 8: pig 2",
        ],
    );
    assert_none(&events, "pig 1 plays");
    assert_eq!(result, did_not_end(12, Stall::QuietRound));
}

// ---------------------------------------------------------------------
// Nullify
// ---------------------------------------------------------------------

/// T2: FP's volley is about to hit MP; offers start at FP (no J), then MP,
/// who protects itself (depth 1). Nobody attacks: MP is spared.
#[test]
fn nullify_depth_one_cancels_the_trick() {
    let text = "2 1
MP J K K K
FP W D D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays W (volley)",
            "pig 1 nullifies (depth 1) to protect pig 1",
            "turn 3: pig 1",
            "turn 4: pig 2",
        ]
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
}

/// T2: MP protects itself (depth 1); the FP attacks with its own J (depth
/// 2) and reveals; nobody protects again, so the volley takes effect and
/// MP dodges. MP then kills the revealed FP once a round while its kills
/// last (T3, T5, T7), FP dodging each time.
#[test]
fn nullify_depth_two_lets_the_trick_through() {
    let text = "2 1
MP J K K K
FP W J D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events[..10],
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays W (volley)",
            "pig 1 nullifies (depth 1) to protect pig 1",
            "pig 2 nullifies (depth 2) to attack pig 1",
            "pig 2 reveals as FP",
            "pig 1 discards D (dodge)",
            "turn 3: pig 1",
            "pig 1 plays K (kill) at pig 2",
            "pig 2 discards D (dodge)",
        ]
    );
    assert_eq!(result, did_not_end(10, Stall::QuietRound));
}

/// Pigs MP, ZP, FP; T3: FP's volley. About MP: offers from FP: MP protects
/// (1); from MP: FP attacks (2) and reveals; from FP: MP has no J left, ZP
/// protects (3) and reveals. MP is spared. About ZP, now revealed: MP and
/// ZP would protect it but hold no J: ZP dodges.
#[test]
fn nullify_depth_three_cancels_the_trick() {
    let text = "3 1
MP J K K K
ZP J D D D
FP W J D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "turn 3: pig 3",
            "pig 3 plays W (volley)",
            "pig 1 nullifies (depth 1) to protect pig 1",
            "pig 3 nullifies (depth 2) to attack pig 1",
            "pig 3 reveals as FP",
            "pig 2 nullifies (depth 3) to protect pig 1",
            "pig 2 reveals as ZP",
            "pig 2 discards D (dodge)",
            "turn 4: pig 1",
            "turn 5: pig 2",
            "turn 6: pig 3",
        ]
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
}

/// Offers start with the trick's player: ZP's invasion about MP is
/// nullified by the ZP itself (it comes before MP), not by MP. Nobody
/// protects the unrevealed FP.
#[test]
fn nullify_offers_start_with_the_tricks_player() {
    let text = "3 1
MP J D D D
ZP N J D D
FP D D D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays N (invasion)",
            "pig 3 takes 1 damage from pig 2, HP 3",
            "pig 2 nullifies (depth 1) to protect pig 1",
            "pig 2 reveals as ZP",
            "turn 3: pig 3",
            "turn 4: pig 1",
            "turn 5: pig 2",
            "turn 6: pig 3",
        ]
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
}

/// Pigs MP, FP(2), FP(3). T2: FP 2 reveals by dueling MP. T3: FP 3's
/// invasion hurts MP first (suspicion of pig 3), then FP 3 nullifies its
/// own invasion to protect its revealed ally, which reveals it.
#[test]
fn a_rebel_nullifies_its_own_invasion_for_a_revealed_ally() {
    let text = "3 1
MP D D D D
FP F D D D
FP N J D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(
        events,
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays F (duel) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 takes 1 damage from pig 2, HP 3",
            "turn 3: pig 3",
            "pig 3 plays N (invasion)",
            "pig 1 takes 1 damage from pig 3, HP 2",
            "MP now suspects pig 3",
            "pig 3 nullifies (depth 1) to protect pig 2",
            "pig 3 reveals as FP",
            "turn 4: pig 1",
            "turn 5: pig 2",
            "turn 6: pig 3",
        ]
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
}

/// T2: FP duels MP; MP protects itself with a J: the duel is cancelled
/// (the FP is revealed all the same).
#[test]
fn a_nullified_duel_does_nothing_but_reveal() {
    let text = "2 1
MP J D D D
FP F D D D
D
";
    let (_, events) = trace_without_draws(text);
    assert_eq!(
        events[..6],
        [
            "turn 1: pig 1",
            "turn 2: pig 2",
            "pig 2 plays F (duel) at pig 1",
            "pig 2 reveals as FP",
            "pig 1 nullifies (depth 1) to protect pig 1",
            "turn 3: pig 1",
        ]
    );
}

// ---------------------------------------------------------------------
// Dying, death, reward, penalty
// ---------------------------------------------------------------------

/// T2: FP duels MP four times; MP has no kill: HP 3, 2, 1, 0; at 0 MP eats
/// its peach, out of its turn, and is back at 1 HP.
#[test]
fn a_dying_pig_eats_a_peach_out_of_its_turn() {
    let text = "2 1
MP P D D D
FP F F F F
D
";
    let (result, events) = trace_without_draws(text);
    assert_run(
        &events,
        &[
            "pig 2 plays F (duel) at pig 1",
            "pig 1 takes 1 damage from pig 2, HP 0",
            "pig 1 eats a peach to survive, HP 1",
        ],
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
}

/// Pigs MP, FP(2), FP(3). T2: FP 2 duels MP four times and loses each
/// time; it dies in its own turn, which ends it. It was not the last FP:
/// MP, the source, draws 3 cards. Then it is pig 3's turn.
#[test]
fn a_rebels_death_rewards_the_source_and_ends_its_own_turn() {
    let text = "3 1
MP K K K K
FP F F F F
FP D D D D
D
";
    let (result, events) = trace(text);
    assert_run(
        &events,
        &[
            "pig 1 discards K (kill)",
            "pig 2 takes 1 damage from pig 1, HP 0",
            "pig 2 dies (killed by pig 1), discarding 2 cards",
            "pig 1 draws 3 cards as a reward",
            &format!("pig 1 draws {LAST_D}"),
            &format!("pig 1 draws {LAST_D}"),
            &format!("pig 1 draws {LAST_D}"),
            "turn 3: pig 3",
        ],
    );
    assert_eq!(result, did_not_end(5, Stall::QuietRound));
}

/// Pigs MP, FP(2), FP(3). T2: FP 2's four invasions: FP 3 (unrevealed, no
/// kill) loses 1 HP each time and dies at the fourth: FP 2, the source,
/// draws 3 cards even though it is an FP. MP discards a kill each time, so
/// it takes no damage and suspects nobody.
#[test]
fn a_rebel_killing_a_rebel_is_rewarded_too() {
    let text = "3 1
MP K K K K
FP N N N N
FP D D D D
D
";
    let (result, events) = trace_without_draws(text);
    assert_run(
        &events,
        &[
            "pig 2 plays N (invasion)",
            "pig 3 takes 1 damage from pig 2, HP 0",
            "pig 3 dies (killed by pig 2), discarding 4 cards",
            "pig 2 draws 3 cards as a reward",
            "pig 1 discards K (kill)",
            "turn 3: pig 1",
        ],
    );
    assert_none(&events, "suspects");
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
    // Pig 2 draws 2 in T2, 3 as the reward, and 2 in T4.
    let (_, draws) = trace_filtered(text, Budget::default(), |e| {
        matches!(e, Event::Draw { pig: 1, .. })
    });
    assert_eq!(draws.len(), 2 + 3 + 2);
}

/// T1: MP equips a crossbow. T2: ZP's invasion hurts FP and MP: suspicion.
/// T4: MP draws F F and duels the suspected ZP four times: it dies. MP
/// killed a loyalist: it discards its hand (D D F) and its crossbow.
#[test]
fn the_lord_killing_a_loyalist_is_penalised() {
    let text = "3 9
MP Z F F F
ZP N D D D
FP D D D D
D D D D D D F F D
";
    let (result, events) = trace_without_draws(text);
    assert_run(
        &events,
        &[
            "pig 1 plays F (duel) at pig 2",
            "pig 2 takes 1 damage from pig 1, HP 0",
            "pig 2 dies (killed by pig 1), discarding 5 cards",
            "pig 1 is penalised: discards 3 cards and its crossbow",
            "turn 5: pig 3",
        ],
    );
    assert_eq!(result, did_not_end(7, Stall::QuietRound));
}

/// The last FP's death ends the game at once: no reward.
#[test]
fn the_last_rebels_death_ends_the_game_without_reward() {
    let text = "2 1
MP K K K K
FP F F F F
D
";
    assert_eq!(judge(text), "MP\nD D\nDEAD\n");
    let (_, events) = trace(text);
    assert_none(&events, "reward");
}

// ---------------------------------------------------------------------
// Games that do not end
// ---------------------------------------------------------------------

/// The deck holds 3 cards at round 1's start, so round 1 (which plays
/// nothing) does not count; round 2 starts with the deck exhausted and
/// plays nothing: found at round 3's start, after 4 turns.
#[test]
fn a_quiet_round_counts_only_from_an_exhausted_start() {
    let text = "2 3
MP D D D D
FP D D D D
D D D
";
    assert_eq!(run(text), did_not_end(4, Stall::QuietRound));
    let exhausted_at_once = "2 1
MP D D D D
FP D D D D
D
";
    assert_eq!(run(exhausted_at_once), did_not_end(2, Stall::QuietRound));
}

/// The last card is a crossbow: every pig equips two each turn; from round
/// 2 on, every round starts in the same state.
#[test]
fn a_repeated_round_is_found() {
    let text = "2 1
MP D D D D
FP D D D D
Z
";
    let (result, events) = trace_without_draws(text);
    assert_eq!(result, did_not_end(4, Stall::RepeatedRound));
    assert_eq!(events.len(), 4 + 4 * 4);
    assert_eq!(
        events[events.len() - 1],
        "pig 2 equips a crossbow, discarding the old one"
    );
}

#[test]
fn the_turn_cap_stops_a_game() {
    let text = "2 1
MP D D D D
FP D D D D
Z
";
    let (result, events) = trace_with(text, Budget { max_turns: 3 });
    assert_eq!(result, did_not_end(3, Stall::TurnCap));
    assert_eq!(events.iter().filter(|e| e.starts_with("turn")).count(), 3);
    let (result, events) = trace_with(text, Budget { max_turns: 0 });
    assert_eq!(result, did_not_end(0, Stall::TurnCap));
    assert!(events.is_empty());
}

/// When a round's start both finds a stall and reaches the turn cap, this
/// engine reports the stall (the round checks run first).
#[test]
fn a_stall_is_reported_before_the_turn_cap() {
    let text = "2 1
MP D D D D
FP D D D D
Z
";
    let (result, _) = trace_with(text, Budget { max_turns: 4 });
    assert_eq!(result, did_not_end(4, Stall::RepeatedRound));
}
