//! The tutorials of `assets/lessons/`, step by step: every file loads; a corrupt one is
//! refused with its file and field; every prepared position is one
//! the engine accepts with South to move; every expected decision is legal and every
//! other legal decision is refused; playing the expected decisions reaches exactly the
//! board written by hand in the step, and the events show the rule the step teaches;
//! every text key exists in English and Swahili.

mod common;
use common::play;
use mancala_hall::content::i18n::{self, Catalog, Language};
use mancala_hall::content::lessons::*;
use mancala_hall::rules::*;
use std::collections::{BTreeSet, HashSet};

const SOUTH: Player = Player::South;

fn lessons() -> Vec<Lesson> {
    Game::ALL
        .into_iter()
        .map(|g| load(g).unwrap_or_else(|e| panic!("{e}")).clone())
        .collect()
}

fn name(l: &Lesson, i: usize) -> String {
    format!("{} step {}", l.game.name(), i + 1)
}

/// Every way through a step: one expected decision per prompt, in all combinations.
fn paths(step: &Step) -> Vec<Vec<Decision>> {
    let mut out = vec![Vec::new()];
    for p in &step.prompts {
        out = out
            .into_iter()
            .flat_map(|path| {
                p.expected.iter().map(move |d| {
                    let mut longer = path.clone();
                    longer.push(d.clone());
                    longer
                })
            })
            .collect();
    }
    out
}

/// Plays one way through a step, checking at each prompt that South is asked for the
/// kind of decision the prompt expects and that the decision is legal and accepted.
/// Returns the state after the turn and the events of each decision.
fn play_path(step: &Step, path: &[Decision], what: &str) -> (GameState, Vec<Vec<Event>>) {
    let mut s = step.position.clone();
    let mut events = Vec::new();
    for (i, d) in path.iter().enumerate() {
        assert_eq!(s.to_decide(), SOUTH, "{what}: prompt {i} is not South's");
        let kind_fits = matches!(
            (s.pending(), d),
            (Pending::Turn, Decision::Sow(_) | Decision::Reverse(_))
                | (Pending::Direction(_), Decision::Direction(_))
                | (Pending::Strip { .. }, Decision::Strip(_))
        );
        assert!(
            kind_fits,
            "{what}: prompt {i} expects {d} but the rules ask for {:?}",
            s.pending()
        );
        assert!(is_legal(&s, d), "{what}: {d} is not legal at prompt {i}");
        assert!(
            legal_decisions(&s).contains(d),
            "{what}: {d} is not listed at prompt {i}"
        );
        assert!(step.accepts(i, d), "{what}: {d} not accepted at prompt {i}");
        events.push(play(&mut s, d.clone()));
    }
    (s, events)
}

#[test]
fn every_lesson_file_loads_as_its_games_lesson() {
    for g in Game::ALL {
        let (file, _) = source(g);
        assert_eq!(file, format!("assets/lessons/{}.json", g.id()));
        let l = load(g).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l.game, g, "{file}");
        // What the interface gets: the loaded lesson itself.
        let shown = lesson(g);
        assert_eq!(shown.title, l.title, "{file}");
        assert_eq!(shown.steps.len(), l.steps.len(), "{file}");
    }
}

#[test]
fn a_corrupt_lesson_file_is_refused_naming_the_file_and_the_field() {
    let (file, good) = source(Game::Omweso);
    let first_prompts = "\"prompts\": [\n        \
                         {\"instruction\": \"tutorial-omweso-1-do\", \"expected\": [\"3,1\"]}\n      ]";
    assert!(
        good.contains(first_prompts),
        "the test's snippet is out of date"
    );
    // (what is replaced, by what, the field named, a word of the message)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "\"expected\": [\"3,1\"]",
            "\"expected\": [\"3,x\"]",
            "steps[0].prompts[0].expected[0]",
            "column number",
        ),
        (
            "\"expected\": [\"3,1\"]",
            "\"expected\": []",
            "steps[0].prompts[0].expected",
            "at least one decision",
        ),
        (
            first_prompts,
            "\"prompts\": []",
            "steps[0].prompts",
            "at least one prompt",
        ),
        (
            "\"teaches\": \"sowing\"",
            "\"teaches\": \"sewing\"",
            "steps[0].teaches",
            "unknown variant",
        ),
        (
            "\"to_move\": \"north\"",
            "\"to_move\": \"west\"",
            "steps[0].after.to_move",
            "unknown variant",
        ),
        (
            "[0, 4, 0, 0, 0, 0, 0, 0]",
            "[0, 5, 0, 0, 0, 0, 0, 0]",
            "steps[0].position",
            "seeds",
        ),
        (
            "\"to_move\": \"south\"",
            "\"to_move\": \"north\"",
            "steps[0].position",
            "South",
        ),
        (
            "\"explanation\": \"tutorial-omweso-1-why\"",
            "\"explanaton\": \"tutorial-omweso-1-why\"",
            "steps[0].explanaton",
            "unknown field",
        ),
        (
            "\"title\": \"tutorial-omweso-title\"",
            "\"title\": 7",
            "title",
            "invalid type",
        ),
        (
            "\"steps\": [",
            "\"steps\": [] , \"x\": [",
            "x",
            "unknown field",
        ),
    ];
    for (from, to, field, word) in cases {
        assert!(good.contains(from), "`{from}` is not in {file}");
        let bad: &'static str = good.replacen(from, to, 1).leak();
        let e = parse(file, bad).expect_err(&format!("{from} -> {to} is accepted"));
        assert_eq!(e.file, file);
        assert_eq!(&e.field, field, "{from} -> {to}: {e}");
        assert!(e.message.contains(word), "{from} -> {to}: {e}");
        assert!(
            e.to_string().starts_with(&format!("{file}: {field}: ")),
            "{e}"
        );
    }
    // A lesson of one game with the positions of another.
    let (hawalis, text) = source(Game::Hawalis);
    let bad: &'static str = text
        .replacen("\"game\": \"hawalis\"", "\"game\": \"omweso\"", 1)
        .leak();
    let e = parse(hawalis, bad).expect_err("a lesson of mixed games is accepted");
    assert_eq!(e.field, "steps[0].position.game", "{e}");
    // Half a file: where it broke off, and the line.
    let cut: &'static str = good[..good.len() / 2].to_string().leak();
    let e = parse(file, cut).expect_err("half a file is accepted");
    assert!(e.field.starts_with("steps["), "{e}");
    assert!(
        e.message.contains("EOF") && e.message.contains("line"),
        "{e}"
    );
    // Not JSON, or text after the end: the file as a whole, no field.
    for bad in ["lesson", "{} {}"] {
        let e = parse(file, bad).expect_err(bad);
        assert_eq!((e.file.as_str(), e.field.as_str()), (file, ""), "{e}");
        assert!(e.to_string().starts_with(&format!("{file}: ")), "{e}");
        assert!(e.message.contains("line 1"), "{e}");
    }
    // The whole file, untouched, is the lesson.
    assert_eq!(parse(file, good).map(|l| l.steps.len()), Ok(5));
}

#[test]
fn every_game_has_a_lesson_of_three_to_five_steps_in_teaching_order() {
    use Teaches::*;
    for l in lessons() {
        assert!(
            (3..=5).contains(&l.steps.len()),
            "{}: {} steps",
            l.game,
            l.steps.len()
        );
        for (i, s) in l.steps.iter().enumerate() {
            assert_eq!(s.position.game(), l.game, "{}", name(&l, i));
            assert!(!s.prompts.is_empty(), "{}: no prompt", name(&l, i));
            assert!(
                s.prompts.iter().all(|p| !p.expected.is_empty()),
                "{}: a prompt accepts nothing",
                name(&l, i)
            );
        }
        let order: Vec<Teaches> = l.steps.iter().map(|s| s.teaches).collect();
        let want = match l.game {
            Game::Omweso => vec![Sowing, Relay, Capture, ReverseCapture, DirectionChoice],
            Game::Anywoli => vec![Sowing, Relay, FourMidLap, FourLastSeed],
            Game::Nsolo => vec![Sowing, Relay, Strip, SingleSeed],
            Game::Hawalis => vec![Sowing, Relay, Capture, SingleSeed],
            Game::BaoKigogo => vec![Relay, Capture, SingleSeed],
        };
        assert_eq!(order, want, "{}: teaching order", l.game);
    }
}

#[test]
fn positions_are_small_valid_and_south_starts_a_turn() {
    for l in lessons() {
        for (i, s) in l.steps.iter().enumerate() {
            let what = name(&l, i);
            let p = &s.position;
            // What the engine loads from JSON it validates again: the same position.
            let reloaded = GameState::from_json(&p.to_json())
                .unwrap_or_else(|e| panic!("{what}: the position does not load: {e}"));
            assert_eq!(&reloaded, p, "{what}: JSON round trip");
            assert_eq!(p.to_decide(), SOUTH, "{what}: South must be to move");
            assert_eq!(p.pending(), &Pending::Turn, "{what}: a turn must start");
            assert!(!legal_decisions(p).is_empty(), "{what}: South cannot move");
            assert_eq!(
                p.seeds().total(),
                l.game.total_seeds(p.options().width),
                "{what}: seed total"
            );
            assert_eq!(p.seeds().hand, 0, "{what}: seeds in hand");
            // Few seeds on the learner's side, so every one can be followed.
            assert!(
                p.side_total(SOUTH) <= 10,
                "{what}: {} seeds on South's side",
                p.side_total(SOUTH)
            );
            if l.game == Game::Omweso {
                // Captures are allowed (not anyone's first turn).
                assert!(p.flags().turns_played.south > 0, "{what}: first turn");
            } else {
                let on_board: u32 = p.seeds().pits.iter().map(|&n| n as u32).sum();
                assert!(on_board <= 16, "{what}: {on_board} seeds on the board");
            }
        }
    }
}

#[test]
fn hand_written_results_hold_every_seed_of_the_game() {
    // A typing slip in `after` shows here, whatever the engine does.
    for l in lessons() {
        for (i, s) in l.steps.iter().enumerate() {
            let what = name(&l, i);
            let a = &s.after;
            let board = s.position.board();
            assert_eq!(a.rows.len(), board.rows as usize, "{what}: rows");
            assert!(
                a.rows.iter().all(|r| r.len() == board.cols as usize),
                "{what}: columns"
            );
            let pits: u32 = a.rows.iter().flatten().map(|&n| n as u32).sum();
            let total = pits + a.stores.iter().sum::<u32>() + a.captured.iter().sum::<u32>();
            assert_eq!(
                total,
                l.game.total_seeds(s.position.options().width),
                "{what}: the hand-written result loses or makes seeds"
            );
        }
    }
}

#[test]
fn expected_decisions_are_legal_and_other_legal_decisions_are_refused() {
    for l in lessons() {
        for (i, step) in l.steps.iter().enumerate() {
            let what = name(&l, i);
            for path in paths(step) {
                let mut s = step.position.clone();
                for (k, d) in path.iter().enumerate() {
                    let legal = legal_decisions(&s);
                    assert!(legal.contains(d), "{what}: {d} not legal at prompt {k}");
                    let others: Vec<&Decision> = legal
                        .iter()
                        .filter(|o| !step.prompts[k].expected.contains(o))
                        .collect();
                    for o in &others {
                        assert!(
                            !step.accepts(k, o),
                            "{what}: accepts {o} at prompt {k}, which is not asked for"
                        );
                    }
                    if k == 0 {
                        // The learner has a real choice to get right.
                        assert!(
                            !others.is_empty(),
                            "{what}: the first prompt has no other legal decision"
                        );
                    }
                    // Not accepted at another prompt of the turn, nor after it.
                    assert!(
                        !step.accepts(step.prompts.len(), d),
                        "{what}: after the turn"
                    );
                    if let Some(next) = step.prompts.get(k + 1) {
                        assert_eq!(
                            step.accepts(k + 1, d),
                            next.expected.contains(d),
                            "{what}: accepts"
                        );
                    }
                    play(&mut s, d.clone());
                }
            }
        }
    }
}

#[test]
fn the_expected_turn_reaches_the_hand_written_board() {
    for l in lessons() {
        for (i, step) in l.steps.iter().enumerate() {
            for path in paths(step) {
                let what = format!("{} ({})", name(&l, i), {
                    let v: Vec<String> = path.iter().map(|d| d.to_string()).collect();
                    v.join(", ")
                });
                let (s, _) = play_path(step, &path, &what);
                // The turn is complete: no decision of it is left, the game goes on.
                assert_eq!(s.pending(), &Pending::Turn, "{what}: the turn is not over");
                assert!(s.outcome().is_none(), "{what}: the game ended");
                let a = &step.after;
                assert_eq!(s.seeds().rows(), a.rows, "{what}: pits");
                assert_eq!(s.seeds().stores, a.stores, "{what}: stores");
                assert_eq!(s.seeds().captured, a.captured, "{what}: captured");
                assert_eq!(s.seeds().hand, 0, "{what}: hand");
                assert_eq!(s.to_decide(), a.to_move, "{what}: next to move");
                assert_eq!(&After::of(&s), a, "{what}: After::of");
            }
        }
    }
}

#[test]
fn a_refused_decision_leaves_the_step_as_it_was() {
    // The interface refuses without applying; the prepared position is never changed
    // by looking at it, and a fresh lesson gives the same positions (Try again).
    for g in Game::ALL {
        let a = lesson(g);
        let b = lesson(g);
        for (x, y) in a.steps.iter().zip(&b.steps) {
            assert_eq!(x.position, y.position);
            assert_eq!(x.prompts, y.prompts);
            assert_eq!(x.after, y.after);
        }
    }
}

/// The pit after `pit` on South's counter-clockwise circuit of a four-row board.
fn next_ccw(pit: Pit, cols: u8) -> Pit {
    match (pit.row, pit.col) {
        (3, c) if c + 1 < cols => Pit::new(3, c + 1),
        (3, _) => Pit::new(2, cols - 1),
        (2, 0) => Pit::new(3, 0),
        (2, c) => Pit::new(2, c - 1),
        _ => panic!("{pit:?} is not South's"),
    }
}

fn owner_anywoli(pit: Pit) -> Player {
    if pit.row == 0 {
        Player::North
    } else {
        Player::South
    }
}

#[test]
fn each_step_shows_the_rule_it_teaches() {
    for l in lessons() {
        for (i, step) in l.steps.iter().enumerate() {
            let what = name(&l, i);
            let path = paths(step).remove(0);
            let (_, per_decision) = play_path(step, &path, &what);
            let all: Vec<Event> = per_decision.concat();
            let relays = all
                .iter()
                .filter(|e| matches!(e, Event::Relay { .. }))
                .count();
            let captures: Vec<(Pit, u32, CaptureTo)> = common::captures(&all);
            let lifts: Vec<(Pit, u32)> = all
                .iter()
                .filter_map(|e| match e {
                    Event::Lift { pit, count } => Some((*pit, *count)),
                    _ => None,
                })
                .collect();
            match step.teaches {
                Teaches::Sowing => {
                    assert!(matches!(path[0], Decision::Sow(_)), "{what}");
                    assert_eq!(relays, 0, "{what}: a sowing step relays");
                    assert!(captures.is_empty(), "{what}: a sowing step captures");
                    assert_eq!(lifts.len(), 1, "{what}: one lap");
                    assert!(lifts[0].1 >= 2, "{what}: more than one seed sown");
                }
                Teaches::Relay => {
                    assert!(relays >= 1, "{what}: no relay");
                    assert!(captures.is_empty(), "{what}: a relay step captures");
                }
                Teaches::Capture => {
                    assert!(!captures.is_empty(), "{what}: no capture");
                    if l.game == Game::Hawalis || l.game == Game::BaoKigogo {
                        // Front and back pit of one column, off the board to South.
                        let mut rows: Vec<u8> = captures.iter().map(|c| c.0.row).collect();
                        rows.sort();
                        assert_eq!(rows, vec![0, 1], "{what}: front and back pit");
                        assert_eq!(captures[0].0.col, captures[1].0.col, "{what}");
                        assert!(
                            captures.iter().all(|c| c.2 == CaptureTo::OffBoard(SOUTH)),
                            "{what}"
                        );
                    }
                }
                Teaches::ReverseCapture => {
                    assert!(matches!(path[0], Decision::Reverse(_)), "{what}");
                    assert!(
                        captures.iter().any(|c| c.2 == CaptureTo::Hand),
                        "{what}: no capture into the hand"
                    );
                }
                Teaches::DirectionChoice => {
                    let k = path
                        .iter()
                        .position(|d| *d == Decision::Direction(Direction::Cw))
                        .unwrap_or_else(|| panic!("{what}: no clockwise choice"));
                    assert!(k > 0, "{what}: the choice is mid-turn");
                    assert!(
                        per_decision[k - 1]
                            .iter()
                            .any(|e| matches!(e, Event::Relay { .. })),
                        "{what}: the choice follows a relay"
                    );
                    assert!(
                        !common::captures(&per_decision[k]).is_empty(),
                        "{what}: the clockwise lap does not capture"
                    );
                }
                Teaches::FourMidLap => {
                    let pos = all
                        .iter()
                        .position(|e| matches!(e, Event::Capture { .. }))
                        .unwrap_or_else(|| panic!("{what}: no capture"));
                    // The lap goes on after the capture, and every four went to
                    // its pit's owner: here one to each store.
                    assert!(
                        all[pos..].iter().any(|e| matches!(e, Event::Drop { .. })),
                        "{what}: the capture is not mid-lap"
                    );
                    for (from, count, to) in &captures {
                        assert_eq!(*count, 4, "{what}");
                        assert_eq!(*to, CaptureTo::Store(owner_anywoli(*from)), "{what}");
                    }
                    let owners: HashSet<Player> =
                        captures.iter().map(|c| owner_anywoli(c.0)).collect();
                    assert_eq!(owners.len(), 2, "{what}: a four for each player");
                    assert!(
                        !all.iter().any(|e| matches!(e, Event::ExtraTurn { .. })),
                        "{what}: extra turn"
                    );
                }
                Teaches::FourLastSeed => {
                    let last_drop = all
                        .iter()
                        .rposition(|e| matches!(e, Event::Drop { .. }))
                        .expect("drops");
                    let Some(Event::Capture { from, count, to }) = all.get(last_drop + 1) else {
                        panic!("{what}: the last seed does not capture");
                    };
                    assert_eq!(*count, 4, "{what}");
                    assert_eq!(*to, CaptureTo::Store(SOUTH), "{what}: to the mover");
                    assert_eq!(owner_anywoli(*from), Player::North, "{what}");
                    assert!(
                        all.contains(&Event::ExtraTurn { player: SOUTH }),
                        "{what}: no extra turn"
                    );
                }
                Teaches::Strip => {
                    assert_eq!(
                        captures,
                        vec![(captures[0].0, captures[0].1, CaptureTo::OffBoard(SOUTH))],
                        "{what}: one capture"
                    );
                    let strips = all
                        .iter()
                        .filter(|e| matches!(e, Event::Strip { by: SOUTH, .. }))
                        .count();
                    assert_eq!(strips as u32, captures[0].1, "{what}: strip of k");
                    assert_eq!(captures[0].0.row, 1, "{what}: front pit only");
                }
                Teaches::SingleSeed => {
                    assert!(
                        step.position.seeds().pits[step.position.board().own_pits(SOUTH)]
                            .iter()
                            .all(|&n| n < 2),
                        "{what}: South has a pit of two or more"
                    );
                    assert_eq!(lifts.len(), 1, "{what}: one lap");
                    assert_eq!(lifts[0].1, 1, "{what}: not a single seed");
                    // The rule's other half: a single whose next pit is occupied may
                    // not move, and the position has one to show it.
                    let blocked = step.position.board().own_pits(SOUTH).any(|i| {
                        let pit = step.position.board().pit(i);
                        step.position.count(pit) == 1
                            && !is_legal(&step.position, &Decision::Sow(pit))
                    });
                    assert!(blocked, "{what}: no blocked single seed to learn from");
                }
            }
            // Omweso: captured seeds are sown again from the pit after the origin of
            // the capturing lap (counter-clockwise in these steps).
            if l.game == Game::Omweso && !captures.is_empty() {
                let cap = all
                    .iter()
                    .rposition(|e| matches!(e, Event::Capture { .. }))
                    .unwrap();
                let origin = lifts.last().unwrap().0;
                let first_drop = all[cap..].iter().find_map(|e| match e {
                    Event::Drop { pit } => Some(*pit),
                    _ => None,
                });
                assert_eq!(
                    first_drop,
                    Some(next_ccw(origin, 8)),
                    "{what}: captured seeds not sown from after the origin"
                );
            }
        }
    }
}

#[test]
fn glowing_pits_are_the_expected_ones() {
    for l in lessons() {
        for (i, step) in l.steps.iter().enumerate() {
            let what = name(&l, i);
            let board = step.position.board();
            for (k, p) in step.prompts.iter().enumerate() {
                let glow = step.glowing(k);
                for d in &p.expected {
                    match d {
                        Decision::Sow(pit) | Decision::Reverse(pit) => {
                            assert!(glow.contains(pit), "{what}: {d} not glowing");
                            let idx = board.index(*pit).unwrap();
                            assert_eq!(board.owner(idx), SOUTH, "{what}: {d}");
                        }
                        Decision::Strip(pit) => {
                            assert!(glow.contains(pit), "{what}: {d} not glowing");
                            let idx = board.index(*pit).unwrap();
                            assert_eq!(board.owner(idx), Player::North, "{what}: {d}");
                        }
                        Decision::Direction(_) => assert!(glow.is_empty(), "{what}"),
                        _ => panic!("{what}: unexpected kind of decision {d}"),
                    }
                }
            }
            assert!(step.glowing(step.prompts.len()).is_empty(), "{what}");
            assert_eq!(step.instruction(), step.prompts[0].instruction);
            assert_eq!(step.prompt(step.prompts.len()), None);
        }
    }
}

fn tutorial_catalog(lang: &str, text: &str) -> Catalog {
    let code = &lang[..2];
    Catalog::parse(code, &[(lang, text)]).unwrap_or_else(|e| panic!("{lang}: {e}"))
}

#[test]
fn every_key_has_a_text_in_english_and_swahili() {
    let en = tutorial_catalog(
        "en/tutorial.ftl",
        include_str!("../assets/i18n/en/tutorial.ftl"),
    );
    let sw = tutorial_catalog(
        "sw/tutorial.ftl",
        include_str!("../assets/i18n/sw/tutorial.ftl"),
    );
    let en_keys: BTreeSet<&String> = en.texts.keys().collect();
    let sw_keys: BTreeSet<&String> = sw.texts.keys().collect();
    assert_eq!(en_keys, sw_keys, "English and Swahili have other keys");

    let mut used: Vec<&str> = SHARED_KEYS.to_vec();
    for l in lessons() {
        used.extend(l.keys());
    }
    let unique: HashSet<&str> = used.iter().copied().collect();
    assert_eq!(unique.len(), used.len(), "a key is used twice");
    for key in &used {
        for (lang, c) in [("en", &en), ("sw", &sw)] {
            let text = c
                .texts
                .get(*key)
                .unwrap_or_else(|| panic!("{lang}: `{key}` is missing"));
            assert!(!text.trim().is_empty(), "{lang}: `{key}` is empty");
        }
        // Through the interface's own lookup too (the compiled catalogs).
        for lang in Language::ALL {
            assert_ne!(i18n::text(lang, key), *key, "{lang:?}: `{key}`");
        }
        assert!(key.starts_with("tutorial-"), "`{key}`");
    }
    let used_set: BTreeSet<&str> = unique.into_iter().collect();
    let file_set: BTreeSet<&str> = en.texts.keys().map(String::as_str).collect();
    assert_eq!(file_set, used_set, "keys in the files that no step uses");
    for (lang, c) in [("en", &en), ("sw", &sw)] {
        for (key, text) in &c.texts {
            assert!(
                !text.contains('{') && !text.contains('}'),
                "{lang}: `{key}` has a placeholder marker"
            );
        }
    }
    // The Swahili texts are translations, not copies of the English.
    for key in en.texts.keys() {
        if key.ends_with("-title") {
            continue;
        }
        assert_ne!(en.texts[key], sw.texts[key], "`{key}` is not translated");
    }
}
