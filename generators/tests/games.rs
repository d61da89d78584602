//! The generators' contract: the same seed gives the same game forever
//! (pinned games), every game is valid with a rebel and holds only its
//! profile's cards, and `generate_ending` returns only games that end, on
//! both engines.

use pigkill_engine::{
    Budget, Card, Engine, Game, Role, RunError, StrategyEngine, MAX_DECK, MAX_PIGS, MIN_PIGS,
};
use pigkill_generators::{
    game_seed, generate, generate_ending, retry_seed, Generated, Profile, UnknownProfile,
};
use pigkill_reference::ReferenceEngine;

/// FNV-1a of a game's text, to pin games too long to write out.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

#[test]
fn pinned_seeds_give_pinned_games() {
    let pins: [(Profile, u64, &str); 6] = [
        (
            Profile::Basic,
            1,
            "4 14\nMP K D P K\nFP D P K K\nFP P D Z D\nZP P K K K\nK P K D K Z K D K D Z K D K\n",
        ),
        (
            Profile::Full,
            1,
            "4 14\nMP D J P K\nZP W P K K\nFP P F Z N\nZP K K D D\nK K D F K Z D W D F Z K F K\n",
        ),
        (
            Profile::Suspicion,
            1,
            "3 5\nMP K Z P K\nFP W P D D\nZP P W Z W\nD F K W K\n",
        ),
        (
            Profile::EmptyDeck,
            1,
            "4 3\nMP D J P K\nZP W P K K\nFP P F Z N\nZP K K D D\nW K F\n",
        ),
        (
            Profile::Deaths,
            11,
            "9 1\nMP K J P D\nZP K F K N\nZP F Z F W\nFP K K P N\nFP F D F J\nFP K N F F\nFP F J D K\nFP K N K N\nFP N W N Z\nJ\n",
        ),
        (
            Profile::Mixed,
            3,
            "5 1\nMP K D W D\nFP K D D K\nFP W J K K\nFP D D F N\nFP D D K D\nN\n",
        ),
    ];
    for (profile, seed, text) in pins {
        assert_eq!(generate(profile, seed).to_text(), text, "{profile} {seed}");
    }
    let big = generate(Profile::Big, 1);
    assert_eq!(
        (big.deck().len(), fnv(&big.to_text())),
        (BIG_1_DECK, BIG_1_FNV),
        "big 1"
    );
}

const BIG_1_DECK: usize = 1975;
const BIG_1_FNV: u64 = 15_965_397_746_094_561_786;

#[test]
fn game_seeds_are_pinned_splitmix64() {
    assert_eq!(game_seed(0, 0), 0xE220_A839_7B1D_CDAF);
    assert_eq!(game_seed(0, 1), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(retry_seed(77, 0), 77);
    assert_ne!(retry_seed(77, 1), game_seed(77, 1));
}

fn assert_valid(profile: Profile, game: &Game) {
    let text = game.to_text();
    assert!((MIN_PIGS..=MAX_PIGS).contains(&game.pig_count()), "{text}");
    assert!((1..=MAX_DECK).contains(&game.deck().len()), "{text}");
    assert_eq!(game.pigs()[0].role, Role::Lord, "{text}");
    assert!(
        game.pigs()[1..].iter().all(|p| p.role != Role::Lord),
        "{text}"
    );
    assert!(game.has_rebel(), "{text}");
    // The text itself, as a judge reads it: every card a profile allows.
    for token in text.split_whitespace().skip(2) {
        if let Some(card) = Card::from_token(token) {
            assert!(profile.allows(card), "{profile} holds {card}:\n{text}");
        } else {
            assert!(matches!(token, "MP" | "ZP" | "FP"), "{token} in\n{text}");
        }
    }
    match profile {
        Profile::Big => {
            assert_eq!(game.pig_count(), 10);
            assert!(game.deck().len() >= 1800);
        }
        Profile::EmptyDeck => assert!(game.deck().len() <= 6),
        _ => {}
    }
}

#[test]
fn every_profile_makes_valid_games_with_a_rebel_and_its_cards_only() {
    for profile in Profile::ALL {
        let count = if profile == Profile::Big { 50 } else { 1000 };
        for i in 0..count {
            let seed = game_seed(42, i);
            let game = generate(profile, seed);
            assert_valid(profile, &game);
            assert_eq!(game, generate(profile, seed), "deterministic");
        }
    }
}

#[test]
fn subtask_games_never_hold_forbidden_cards() {
    for i in 0..3000 {
        let basic = generate(Profile::Basic, game_seed(7, i)).to_text();
        assert!(
            !basic
                .split_whitespace()
                .any(|t| matches!(t, "F" | "N" | "W" | "J")),
            "{basic}"
        );
        let no_nullify = generate(Profile::NoNullify, game_seed(7, i)).to_text();
        assert!(
            !no_nullify.split_whitespace().any(|t| t == "J"),
            "{no_nullify}"
        );
    }
}

/// Checks a generated game: it is the game of its seed, it ends on both
/// engines, and each rejected attempt before it really did not end.
fn check_ending(profile: Profile, seed: u64, g: &Generated, checker: &dyn Engine) {
    assert_eq!(g.game, generate(profile, g.seed));
    assert_eq!(g.seed, retry_seed(seed, g.rejected));
    assert_valid(profile, &g.game);
    for engine in [&StrategyEngine as &dyn Engine, &ReferenceEngine] {
        let outcome = engine.run(&g.game, Budget::default());
        assert!(
            outcome.is_ok(),
            "{} on {profile} seed {}: {outcome:?}\n{}",
            engine.name(),
            g.seed,
            g.game
        );
    }
    for attempt in 0..g.rejected {
        let rejected = generate(profile, retry_seed(seed, attempt));
        assert!(
            matches!(
                checker.run(&rejected, Budget::default()),
                Err(RunError::DidNotEnd { .. })
            ),
            "{rejected}"
        );
    }
}

#[test]
fn generate_ending_returns_only_games_that_end_on_both_engines() {
    for profile in Profile::ALL {
        let count = if profile == Profile::Big { 20 } else { 120 };
        for i in 0..count {
            let seed = game_seed(2010, i);
            let g = generate_ending(profile, seed, &StrategyEngine).expect("a game");
            check_ending(profile, seed, &g, &StrategyEngine);
            let r = generate_ending(profile, seed, &ReferenceEngine).expect("a game");
            check_ending(profile, seed, &r, &ReferenceEngine);
        }
    }
}

#[test]
fn engine_failures_are_errors_not_loops() {
    struct Broken;
    impl Engine for Broken {
        fn name(&self) -> &str {
            "broken"
        }
        fn run(&self, _: &Game, _: Budget) -> Result<pigkill_engine::Outcome, RunError> {
            Err(RunError::Failed {
                message: "broken".into(),
            })
        }
        fn run_traced(
            &self,
            game: &Game,
            budget: Budget,
            _: &mut Vec<pigkill_engine::Event>,
        ) -> Result<pigkill_engine::Outcome, RunError> {
            self.run(game, budget)
        }
    }
    let err = generate_ending(Profile::Full, 1, &Broken).unwrap_err();
    assert!(err.to_string().contains("broken"), "{err}");
}

#[test]
fn profiles_have_names_and_descriptions() {
    for profile in Profile::ALL {
        assert_eq!(Profile::from_name(profile.name()), Some(profile));
        assert_eq!(profile.name().parse::<Profile>(), Ok(profile));
        assert!(!profile.description().contains('\n'));
    }
    assert_eq!(Profile::default(), Profile::Mixed);
    let err = "nope".parse::<Profile>().unwrap_err();
    assert_eq!(err, UnknownProfile("nope".into()));
    assert!(err
        .to_string()
        .starts_with("unknown profile 'nope', expected one of: basic, "));
}
