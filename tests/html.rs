//! The HTML pages: the sample's replay parses and holds every pig and
//! every event; the snapshots the page carries turn into the fold's
//! snapshots; a page is one self-contained file under 2 MB even for the
//! longest 2000-card game found; a failure page shows hostile output
//! as text, never as markup, with no raw control byte; and a deviation in
//! the printed lines (after the last event) marks the game's end.

use std::collections::HashSet;

use pigkill::fold::{snapshots, TableState};
use pigkill::html::{failure_page, game_page, FailurePage, LikelyCause};
use pigkill_engine::{parse_game, Budget, Card, Engine, Event, Game, StrategyEngine};
use scraper::{ElementRef, Html, Selector};

const SAMPLE: &str = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
/// The sample's answer, from the statement.
const SAMPLE_ANSWER: &str = "FP\nDEAD\nDEAD\nJ J J J J J D\n";

fn sel(css: &str) -> Selector {
    Selector::parse(css).expect("a valid selector")
}

fn text(element: ElementRef<'_>) -> String {
    element.text().collect()
}

fn trace(game: &Game) -> Vec<Event> {
    let mut events = Vec::new();
    let _ = StrategyEngine.run_traced(game, Budget::default(), &mut events);
    events
}

/// The words an event's line must hold: what happened, and the pigs it
/// names (1-based), other than a draw's (the turn's or the reward's).
fn words(event: &Event) -> Vec<String> {
    let what = match event {
        Event::TurnStart { turn, .. } => format!("turn {turn}"),
        Event::Draw { .. } => "draws".to_string(),
        Event::Play { card, .. } => format!("plays {}", card.letter()),
        Event::Equip { .. } => "crossbow".to_string(),
        Event::Heal { hp, .. } => format!("heals: {hp} HP"),
        Event::Reveal { role, .. } => format!("reveals: {role}"),
        Event::Respond { card, .. } => format!("answers with {}", card.letter()),
        Event::Nullify { depth, .. } => format!("nullify #{depth}"),
        Event::Damage { source, hp, .. } => format!("damage from pig {}: {hp} HP", source + 1),
        Event::Rescue { .. } => "eats".to_string(),
        Event::Suspect { .. } => "suspects".to_string(),
        Event::Death { .. } => "dies".to_string(),
        Event::Reward { .. } => "reward".to_string(),
        Event::Penalty { .. } => "penalty".to_string(),
        Event::GameOver { .. } => "game over".to_string(),
    };
    let mut words = vec![what];
    if let (Some(pig), false) = (event.pig(), matches!(event, Event::Draw { .. })) {
        words.push(format!("pig {}", pig + 1));
    }
    match *event {
        Event::Play {
            target: Some(t), ..
        }
        | Event::Nullify { target: t, .. } => words.push(format!("pig {}", t + 1)),
        _ => {}
    }
    words
}

#[test]
fn the_sample_page_parses_and_holds_every_pig_and_every_event() {
    let game = parse_game(SAMPLE).unwrap();
    let events = trace(&game);
    let page = game_page(&game);
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "parse errors: {:?}", doc.errors);

    // Every pig: its seat, number, role; at the end of the sample only
    // pig 3 (FP) lives, holding J J J J J J D.
    for (seat, pig) in game.pigs().iter().enumerate() {
        let seat_el = doc
            .select(&sel(&format!("#seat-{seat}")))
            .next()
            .unwrap_or_else(|| panic!("no seat {seat}"));
        let t = text(seat_el);
        assert!(t.contains(&format!("pig {}", seat + 1)), "{t}");
        assert!(t.contains(pig.role.code()), "{t}");
    }
    let alive: Vec<_> = doc
        .select(&sel(".seat:not(.dead)"))
        .map(|e| e.value().id().unwrap_or_default().to_string())
        .collect();
    assert_eq!(alive, ["seat-2"]);
    let hand: String = doc
        .select(&sel("#seat-2 .hand .card b"))
        .map(text)
        .collect();
    assert_eq!(hand, "JJJJJJD");
    // Each card face has the letter, the Chinese and the English name.
    let face = text(doc.select(&sel("#seat-2 .hand .card")).next().unwrap());
    assert_eq!(face, "J无懈可击nullify");

    // Every event, in order, with its anchor and its words.
    let items: Vec<_> = doc.select(&sel("#events > li")).collect();
    assert_eq!(items.len(), events.len() + 1, "the deal, then each event");
    for (n, item) in items.iter().enumerate() {
        assert_eq!(item.value().id(), Some(format!("event-{n}").as_str()));
    }
    for (i, event) in events.iter().enumerate() {
        let line = text(items[i + 1]);
        for word in words(event) {
            assert!(
                line.contains(&word),
                "event {}: {event:?} shows {line:?}",
                i + 1
            );
        }
    }
}

#[test]
fn a_page_is_self_contained() {
    let game = parse_game(SAMPLE).unwrap();
    let page = game_page(&game);
    let doc = Html::parse_document(&page);
    for element in doc.select(&sel("*")) {
        for attr in ["src", "href", "action", "srcset"] {
            assert!(
                element.value().attr(attr).is_none(),
                "<{}> has {attr}",
                element.value().name()
            );
        }
    }
    assert_eq!(
        doc.select(&sel("link, iframe, img, object, embed")).count(),
        0
    );
    for network in [
        "http:",
        "https:",
        "url(",
        "@import",
        "fetch(",
        "XMLHttpRequest",
    ] {
        assert!(!page.contains(network), "the page mentions {network}");
    }
}

/// The snapshots in the page's data, applied as the script applies them
/// (flags, HP, and a splice of the hand per changed pig), give back the
/// fold's snapshot after every event.
#[test]
fn the_page_data_replays_to_the_fold_snapshots() {
    let game = parse_game(SAMPLE).unwrap();
    let events = trace(&game);
    let page = game_page(&game);
    let doc = Html::parse_document(&page);
    let data = text(doc.select(&sel("#replay-data")).next().unwrap());
    let data: serde_json::Value = serde_json::from_str(&data).unwrap();

    let flags = |p: &pigkill::fold::PigState| {
        u64::from(p.alive)
            | u64::from(p.crossbow) << 1
            | u64::from(p.public_role().is_some()) << 2
            | u64::from(p.suspected) << 3
    };
    let letters = |cards: &[Card]| cards.iter().map(|c| c.letter()).collect::<String>();
    let start = TableState::new(&game);
    let mut pigs: Vec<(u64, i64, String)> = data["init"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_u64().unwrap(),
                p[1].as_i64().unwrap(),
                p[2].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expect = |state: &TableState| -> Vec<(u64, i64, String)> {
        state
            .pigs
            .iter()
            .map(|p| (flags(p), i64::from(p.hp), letters(&p.hand)))
            .collect()
    };
    assert_eq!(pigs, expect(&start));
    let rows = data["ev"].as_array().unwrap();
    let after = snapshots(&game, &events);
    assert_eq!(rows.len(), events.len());
    for (i, (row, state)) in rows.iter().zip(&after).enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row[2].as_u64().unwrap() as usize, state.deck_left());
        for change in &row[4..] {
            let seat = change[0].as_u64().unwrap() as usize;
            let (at, removed) = (
                change[3].as_u64().unwrap() as usize,
                change[4].as_u64().unwrap() as usize,
            );
            let pig = &mut pigs[seat];
            pig.0 = change[1].as_u64().unwrap();
            pig.1 = change[2].as_i64().unwrap();
            pig.2
                .replace_range(at..at + removed, change[5].as_str().unwrap());
        }
        assert_eq!(pigs, expect(state), "after event {}", i + 1);
    }
}

#[test]
fn the_longest_2000_card_game_found_makes_a_page_under_2_mb() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/html/long_2000.in"
    ))
    .unwrap();
    let game = parse_game(&text).unwrap();
    assert_eq!(game.deck().len(), 2000);
    let events = trace(&game);
    assert!(events.len() > 10_000, "{} events", events.len());
    let page = game_page(&game);
    eprintln!("{} events: {} bytes", events.len(), page.len());
    assert!(page.len() < 2_000_000, "{} bytes", page.len());
    let doc = Html::parse_document(&page);
    assert_eq!(doc.select(&sel("#events > li")).count(), events.len() + 1);
}

/// Output a broken or hostile solution might print: terminal escapes, a
/// carriage return, NUL, a Markdown fence, markup, invalid UTF-8, a bidi
/// override.
const HOSTILE: &[u8] = b"FP\r\n\x1b[2J\x1b[31mDEAD\x1b[0m\nDEAD\0\n```</pre><script>alert(1)</script>\xff\xfe J <img src=x onerror=alert(2)> \xe2\x80\xae\n";

#[test]
fn hostile_output_is_shown_as_text_never_as_markup() {
    let game = parse_game(SAMPLE).unwrap();
    let cause = LikelyCause {
        mistake: "<b>bold</b>".to_string(),
        description: "a ZP fights MP in a duel".to_string(),
        rule: "Duel".to_string(),
        explains: 3,
        of: 4,
        predicted: Some(19),
        tried: Some(20),
        verdict: "confirmed".to_string(),
    };
    let page = failure_page(&FailurePage {
        game: &game,
        expected: SAMPLE_ANSWER,
        actual: HOSTILE,
        verdict: "WA line 1: expected 'FP', got 'FP\r'",
        diagnosis: &[cause],
        explanation: None,
        solution: "./sol\x1b]0;pwned\x07",
        deviation: None,
    });

    // No raw control byte: only \n among the C0 controls, no DEL, no C1
    // controls, no bidi override, valid UTF-8.
    for (i, &b) in page.as_bytes().iter().enumerate() {
        assert!(b >= 0x20 && b != 0x7f || b == b'\n', "byte {b:#04x} at {i}");
    }
    assert!(!page.chars().any(|c| c.is_control() && c != '\n'));
    assert!(!page.contains('\u{202e}'));

    let doc = Html::parse_document(&page);
    // Only the page's own two scripts (the data and the code), and no
    // injected image or other element anywhere.
    assert_eq!(doc.select(&sel("script")).count(), 2);
    assert_eq!(doc.select(&sel("img, iframe, object, embed")).count(), 0);
    let allowed: HashSet<&str> = ["td", "mark", "span"].into_iter().collect();
    let actual_cells: Vec<_> = doc.select(&sel(".diff tbody td:nth-child(3)")).collect();
    assert_eq!(actual_cells.len(), 4, "4 lines of actual output");
    for cell in &actual_cells {
        for element in cell.descendants().filter_map(ElementRef::wrap) {
            assert!(
                allowed.contains(element.value().name()),
                "<{}> in the actual output",
                element.value().name()
            );
        }
    }
    // The hostile text is there, as visible text.
    let shown: String = actual_cells.iter().map(|c| text(*c)).collect();
    for visible in [
        "FP\\r",
        "\\x1b[2J",
        "DEAD\\0",
        "```</pre><script>alert(1)</script>",
        "\\xff\\xfe",
        "<img",
        "\\u{202e}",
    ] {
        assert!(shown.contains(visible), "{visible:?} not in {shown:?}");
    }
    // Each escape is marked and says what it stands for.
    let escapes: Vec<_> = doc
        .select(&sel(".diff .esc"))
        .map(|e| e.value().attr("title").unwrap_or_default().to_string())
        .collect();
    assert!(escapes.iter().any(|t| t.starts_with("carriage return")));
    assert!(escapes.iter().any(|t| t.starts_with("ESC")));
    assert!(escapes.iter().any(|t| t.starts_with("NUL")));
    assert!(escapes.iter().any(|t| t == "invalid UTF-8: ff"));
    // The verdict and the solution's name are shown escaped too, and the
    // cause's id is text.
    let verdict = text(doc.select(&sel(".verdict")).next().unwrap());
    assert!(verdict.contains("got 'FP\\r'") && verdict.contains("./sol\\x1b]0;pwned\\x07"));
    let cause = text(doc.select(&sel(".causes li")).next().unwrap());
    assert!(cause.contains("<b>bold</b>") && cause.contains("explains 3 of 4"));
    assert!(cause.contains("Duel"));
}

#[test]
fn differing_tokens_are_marked_and_spacing_is_told_apart() {
    let game = parse_game(SAMPLE).unwrap();
    let page = failure_page(&FailurePage {
        game: &game,
        expected: SAMPLE_ANSWER,
        actual: b"FP\nDEAD\nDEAD  \nJ J J J J J\nextra\n",
        // As the check pipeline words it, quoting the output already escaped.
        verdict: "WA line 4: expected 'J J J J J J D', got 'J\\x1b J'",
        diagnosis: &[],
        explanation: None,
        solution: "sol",
        deviation: None,
    });
    let doc = Html::parse_document(&page);
    let rows: Vec<_> = doc.select(&sel(".diff tbody tr")).collect();
    let classes: Vec<_> = rows
        .iter()
        .map(|r| r.value().attr("class").unwrap_or_default())
        .collect();
    assert_eq!(classes, ["same", "same", "spacing", "differs", "differs"]);
    // Line 4: the expected D has nothing against it; the actual line is
    // short of a token.
    let marked: Vec<_> = rows[3].select(&sel("mark")).map(text).collect();
    assert_eq!(marked, ["D", "…"]);
    assert!(text(rows[4]).contains("(no line)"));
    // An escape the verdict already holds is not escaped twice.
    let verdict = text(doc.select(&sel(".verdict")).next().unwrap());
    assert!(verdict.contains("got 'J\\x1b J'"), "{verdict}");
    let causes = text(doc.select(&sel(".causes")).next().unwrap());
    assert!(causes.contains("No known mistake explains this."));
    // The game's text, with its copy button.
    let game_text = text(doc.select(&sel("#game-text")).next().unwrap());
    assert_eq!(game_text, SAMPLE);
    assert_eq!(doc.select(&sel("button#copy")).count(), 1);
}

/// A program that prints a dead lord's hand (`examples/contestant.cpp`
/// built narrow makes this mistake): its deviation comes after the game's
/// last event, at the printed lines. The page marks the game's end with
/// the note, links to it, and opens there; it does not link to an event
/// past the trace.
#[test]
fn a_deviation_in_the_printed_lines_marks_the_games_end() {
    use pigkill::deviation::{find, DeviationOptions, DeviationReport, Run};
    use pigkill::solution::CompareMode;
    // Each draws the deck's last kill every turn and plays it at the
    // other; the lord dies holding nine kills, the rules print it DEAD.
    // The output is that of such a build (`narrow-dead-lord-prints-hand`).
    let game = parse_game("2 1\nMP D D D D\nFP D D D D\nK\n").expect("a game");
    let expected = StrategyEngine
        .run(&game, Budget::default())
        .expect("ends")
        .to_judge_text();
    let mut lines: Vec<&str> = expected.lines().collect();
    assert_eq!(lines[..2], ["FP", "DEAD"], "the rules' answer");
    let held = "K K K K K K K K K";
    lines[1] = held;
    let actual = format!("{}\n", lines.join("\n"));
    let run = Run::new(game.clone(), actual.as_bytes(), CompareMode::Lines).expect("a run");
    let options = DeviationOptions {
        mode: CompareMode::Lines,
        ..DeviationOptions::default()
    };
    let finding = find(vec![run], Vec::new(), None, &options).expect("a deviation");
    let found = DeviationReport::new(&game, &finding);
    let events = trace(&game);
    assert!(
        found.event >= events.len(),
        "after the last event: {found:?}"
    );
    let page = failure_page(&FailurePage {
        game: &game,
        expected: &expected,
        actual: actual.as_bytes(),
        verdict: "WA",
        diagnosis: &[],
        explanation: None,
        solution: "mine",
        deviation: Some(&found),
    });
    let html = Html::parse_document(&page);
    let last = format!("event-{}", events.len());
    let marks: Vec<_> = html.select(&sel("li.deviates")).collect();
    assert_eq!(marks.len(), 1, "one event is marked");
    assert_eq!(marks[0].value().attr("id"), Some(last.as_str()));
    assert!(text(marks[0]).contains("game over"), "{}", text(marks[0]));
    assert!(text(marks[0]).contains(&found.program_did));
    let start = html
        .select(&sel("ol#events"))
        .next()
        .and_then(|ol| ol.value().attr("data-start"));
    assert_eq!(start, Some(events.len().to_string().as_str()));
    let link = html
        .select(&sel(".deviation a"))
        .next()
        .and_then(|a| a.value().attr("href"));
    assert_eq!(link, Some(format!("#{last}").as_str()));
}
