//! Loading positions (JSON) and game records: a valid position round-trips; every bad
//! input is an error with a message that names the problem, never a panic.

mod common;
use common::*;
use mancala_hall::rules::*;

/// Loads a position, turning a panic into a test failure that names the input.
fn load(json: &str) -> Result<GameState, String> {
    let text = json.to_string();
    std::panic::catch_unwind(move || GameState::from_json(&text))
        .unwrap_or_else(|_| panic!("loading panicked instead of failing: {json}"))
}

/// Loads a position that must be refused; returns the message.
fn refuse(json: &str) -> String {
    match load(json) {
        Ok(s) => panic!("accepted a bad position {json}\n-> {}", s.to_json()),
        Err(e) => {
            assert!(!e.is_empty());
            e
        }
    }
}

fn assert_mentions(msg: &str, words: &[&str]) {
    for w in words {
        assert!(msg.contains(w), "message `{msg}` should mention `{w}`");
    }
}

/// Hawalis rows: 2 in every pit but the last of row 3, which holds `last`.
fn hawalis_rows(last: u8) -> String {
    format!("[[2,2,2,2,2,2,2],[2,2,2,2,2,2,2],[2,2,2,2,2,2,2],[2,2,2,2,2,2,{last}]]")
}

#[test]
fn a_valid_position_round_trips() {
    // 27 pits of 2 = 54 on the board, 2 taken by South: 56.
    let json = format!(
        r#"{{"game":"hawalis","rows":{},"captured":{{"south":2,"north":0}},"to_move":"north"}}"#,
        hawalis_rows(0)
    );
    let s = load(&json).unwrap();
    assert_eq!(s.game(), Game::Hawalis);
    assert_eq!(s.options(), &Options::default());
    assert_eq!(grid(&s)[3], vec![2, 2, 2, 2, 2, 2, 0]);
    assert_eq!(s.seeds().captured, [2, 0]);
    assert_eq!(s.to_decide(), Player::North);
    assert_eq!(s.pending(), &Pending::Turn);
    let again = load(&s.to_json()).unwrap();
    assert_eq!(again, s);
    // serde_json directly gives the same.
    let direct: GameState = serde_json::from_str(&json).unwrap();
    assert_eq!(direct, s);

    // A position in the middle of an Nsolo strip: 8n - 4 = 60 seeds for n = 8.
    let json = r#"{"game":"nsolo","options":{"width":8,"bonus_up_to_k":true},
        "rows":[[0,0,0,0,0,0,0,5],[0,0,1,0,0,0,0,0],[0,0,0,0,0,0,0,1],[0,0,0,0,0,0,0,1]],
        "captured":{"south":30,"north":22},"to_move":"south",
        "pending":{"strip":{"remaining":2}}}"#;
    let s = load(json).unwrap();
    assert_eq!(s.pending(), &Pending::Strip { remaining: 2 });
    assert_eq!(legal_text(&s), vec!["strip 0,7", "strip 1,2", "strip end"]);
    assert_eq!(load(&s.to_json()).unwrap(), s);

    // A game in progress (with its history of positions) round-trips exactly.
    for game in [
        Game::Anywoli,
        Game::Nsolo,
        Game::Hawalis,
        Game::BaoKigogo,
        Game::Omweso,
    ] {
        let mut s = GameState::new(game, Options::default()).unwrap();
        let mut lot = Lot(11);
        for _ in 0..6 {
            let Some(d) = random_decision(&s, &mut lot) else {
                break;
            };
            play(&mut s, d);
            let back = load(&s.to_json()).unwrap();
            assert_eq!(back, s, "{game}");
        }
    }
}

#[test]
fn malformed_json_is_refused() {
    for bad in [
        "",
        "not json",
        "{\"game\":\"hawalis\",",
        "[1,2,3]",
        "{\"game\":\"hawalis\"}",
    ] {
        let e = refuse(bad);
        assert!(e.contains("line") || e.contains("missing field"), "{e}");
    }
    // A required field is named.
    let e = refuse(r#"{"game":"hawalis","to_move":"south"}"#);
    assert_mentions(&e, &["rows"]);
    // Wrong types and out-of-range pit counts.
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south"}}"#,
        hawalis_rows(0).replace("[2,2,2,2,2,2,0]", "[2,2,2,2,2,2,300]")
    ));
    assert_mentions(&e, &["300"]);
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south"}}"#,
        hawalis_rows(0).replace("[2,2,2,2,2,2,0]", "[2,2,2,2,2,2,-1]")
    ));
    assert_mentions(&e, &["-1"]);
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"east"}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["east"]);
}

#[test]
fn wrong_row_count_or_length_is_refused() {
    // Three rows of 7 (42 + 14 taken = 56 seeds): Hawalis has four.
    let e = refuse(
        r#"{"game":"hawalis","rows":[[2,2,2,2,2,2,2],[2,2,2,2,2,2,2],[2,2,2,2,2,2,2]],
            "captured":{"south":7,"north":7},"to_move":"south"}"#,
    );
    assert_mentions(&e, &["Hawalis", "4 rows of 7", "3 rows of 7"]);
    // Four rows of 8 (56 seeds): Hawalis rows have 7 pits.
    let e = refuse(
        r#"{"game":"hawalis","rows":[[2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,0]],
            "to_move":"south"}"#,
    );
    assert_mentions(&e, &["4 rows of 7", "4 rows of 8"]);
    // Ragged and empty rows.
    for rows in ["[[2,2,2],[2,2]]", "[]", "[[],[],[],[]]"] {
        let e = refuse(&format!(
            r#"{{"game":"hawalis","rows":{rows},"to_move":"south"}}"#
        ));
        assert_mentions(&e, &["rows", "rectangle"]);
    }
    // Nsolo 4 x 9 rows with the default width of 8.
    let e = refuse(
        r#"{"game":"nsolo","rows":[[2,2,2,2,2,2,2,2,2],[0,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,2,2]],
            "to_move":"south"}"#,
    );
    assert_mentions(&e, &["Nsolo", "4 rows of 8", "4 rows of 9"]);
}

#[test]
fn a_seed_total_that_does_not_match_the_game_is_refused() {
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south"}}"#,
        hawalis_rows(1)
    ));
    assert_mentions(&e, &["Hawalis", "56", "55"]);
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south"}}"#,
        hawalis_rows(3)
    ));
    assert_mentions(&e, &["56", "57"]);
    // Nsolo's total follows the width: 8 x 9 - 4 = 68, not 60.
    let e = refuse(
        r#"{"game":"nsolo","options":{"width":9},"rows":[[2,2,2,2,2,2,2,2,2],[0,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,2,2]],
            "captured":{"south":1,"north":0},"to_move":"south"}"#,
    );
    assert_mentions(&e, &["68", "69"]);
    // Enormous stores or hands: an error, not an arithmetic overflow.
    let e = refuse(
        r#"{"game":"anywoli","rows":[[4,4,4,4,4,4,4,4,4,4,4,4],[4,4,4,4,4,4,4,4,4,4,4,4]],
            "stores":{"south":4294967295,"north":4294967295},"to_move":"south"}"#,
    );
    assert_mentions(&e, &["Anywoli", "96"]);
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"captured":{{"south":4294967295,"north":1}},"hand":4294967295,"to_move":"south"}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["56"]);
}

#[test]
fn an_unknown_game_is_refused() {
    let e = refuse(&format!(
        r#"{{"game":"chess","rows":{},"to_move":"south"}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["chess"]);
}

#[test]
fn unknown_fields_are_refused() {
    let e = refuse(&format!(
        r#"{{"game":"hawalis","options":{{"colour":"red"}},"rows":{},"to_move":"south"}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["colour"]);
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south","komi":3}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["komi"]);
}

#[test]
fn an_option_of_another_game_is_refused() {
    let e = refuse(&format!(
        r#"{{"game":"hawalis","options":{{"width":9}},"rows":{},"to_move":"south"}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["width", "Nsolo", "Hawalis"]);
    let e = refuse(
        r#"{"game":"nsolo","options":{"last_four":"lottery"},
            "rows":[[2,2,2,2,2,2,2,2],[0,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,0],[2,2,2,2,2,2,2,2]],"to_move":"south"}"#,
    );
    assert_mentions(&e, &["last_four", "Anywoli"]);
    let e = refuse(
        r#"{"game":"anywoli","options":{"never_ending":"mover_loses"},
            "rows":[[4,4,4,4,4,4,4,4,4,4,4,4],[4,4,4,4,4,4,4,4,4,4,4,4]],"to_move":"south"}"#,
    );
    assert_mentions(&e, &["never_ending"]);
    // The same through the API.
    let o = Options {
        width: 9,
        ..Options::default()
    };
    assert!(matches!(
        GameState::new(Game::Hawalis, o),
        Err(RuleError::Invalid(_))
    ));
}

#[test]
fn nsolo_width_out_of_range_is_refused() {
    // Width 7: 4 x 7 rows with 8 x 7 - 4 = 52 seeds would fit, the width does not.
    let e = refuse(
        r#"{"game":"nsolo","options":{"width":7},
            "rows":[[2,2,2,2,2,2,2],[0,2,2,2,2,2,2],[2,2,2,2,2,2,0],[2,2,2,2,2,2,2]],"to_move":"south"}"#,
    );
    assert_mentions(&e, &["width", "8..=36", "7"]);
    let row = |first: u8, last: u8| {
        let mut v = vec![2u8; 37];
        v[0] = first;
        v[36] = last;
        serde_json::to_string(&v).unwrap()
    };
    let json = format!(
        r#"{{"game":"nsolo","options":{{"width":37}},"rows":[{},{},{},{}],"to_move":"south"}}"#,
        row(2, 2),
        row(0, 2),
        row(2, 0),
        row(2, 2)
    );
    let e = refuse(&json);
    assert_mentions(&e, &["width", "8..=36", "37"]);
    for w in [7u8, 37, 0, 255] {
        let o = Options {
            width: w,
            ..Options::default()
        };
        assert!(GameState::new(Game::Nsolo, o).is_err(), "width {w}");
    }
    for w in [8u8, 36] {
        let o = Options {
            width: w,
            ..Options::default()
        };
        assert!(GameState::new(Game::Nsolo, o).is_ok(), "width {w}");
    }
}

#[test]
fn a_pending_strip_outside_nsolo_or_too_large_is_refused() {
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south","pending":{{"strip":{{"remaining":1}}}}}}"#,
        hawalis_rows(2)
    ));
    assert_mentions(&e, &["strip", "Nsolo"]);
    // Nsolo: North has 6 seeds; a strip of 7 (or 0) cannot be pending.
    for k in [7, 0] {
        let json = format!(
            r#"{{"game":"nsolo","rows":[[0,0,0,0,0,0,0,5],[0,0,1,0,0,0,0,0],[0,0,0,0,0,0,0,1],[0,0,0,0,0,0,0,1]],
                "captured":{{"south":30,"north":22}},"to_move":"south","pending":{{"strip":{{"remaining":{k}}}}}}}"#
        );
        let e = refuse(&json);
        assert_mentions(&e, &["strip", &k.to_string()]);
    }
}

/// An Omweso turn paused for a direction: 62 seeds on the board, 2 in hand.
fn direction_json(game: &str, rows: &str, from: [u8; 2], hand: u32, turns_played: u32) -> String {
    format!(
        r#"{{"game":"{game}","rows":{rows},"hand":{hand},"to_move":"south",
            "flags":{{"turns_played":{{"south":{turns_played},"north":{turns_played}}}}},
            "pending":{{"direction":{{"from":[{},{}],"origin":[{},{}],"laps":1,"captured_columns":[],
              "turn_start":{{"rows":[[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4]]}}}}}}}}"#,
        from[0], from[1], from[0], from[1]
    )
}

#[test]
fn a_pending_direction_that_cannot_exist_is_refused() {
    // Not Omweso: no direction is ever asked for.
    let rows = "[[2,2,2,2,2,2,2],[2,2,2,2,2,2,2],[2,2,2,2,2,2,2],[2,2,2,2,2,2,0]]";
    let e = refuse(&direction_json("hawalis", rows, [3, 0], 2, 1));
    assert_mentions(&e, &["direction", "Omweso"]);
    let omweso = "[[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,2,4,4]]";
    // Omweso, but the lap would start in (3,5), not one of South's four leftmost pits.
    let e = refuse(&direction_json("omweso", omweso, [3, 5], 2, 1));
    assert_mentions(&e, &["direction"]);
    // Omweso, a leftmost pit, but nobody has played a turn (no capture possible yet).
    let e = refuse(&direction_json("omweso", omweso, [3, 0], 2, 0));
    assert_mentions(&e, &["direction"]);
    // Omweso, a lap off the board.
    let e = refuse(&direction_json("omweso", omweso, [9, 9], 2, 1));
    assert_mentions(&e, &["off the board"]);
    // Omweso, a lap count no move reaches (a corrupt save): refused, not counted on.
    let e = refuse(
        &direction_json("omweso", omweso, [3, 0], 2, 1)
            .replace(r#""laps":1"#, r#""laps":18446744073709551615"#),
    );
    assert_mentions(&e, &["18446744073709551615 laps"]);
    // Omweso, a direction pending with nothing in hand (64 on the board).
    let full = "[[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4]]";
    let e = refuse(&direction_json("omweso", full, [3, 0], 0, 1));
    assert_mentions(&e, &["turn in progress"]);
}

#[test]
fn stores_in_hawalis_are_refused() {
    // 54 on the board + 2 in a store = 56, but Hawalis has no stores.
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"stores":{{"south":2,"north":0}},"to_move":"south"}}"#,
        hawalis_rows(0)
    ));
    assert_mentions(&e, &["Hawalis", "no stores"]);
}

#[test]
fn seeds_in_hand_without_a_pending_direction_are_refused() {
    let e = refuse(&format!(
        r#"{{"game":"hawalis","rows":{},"hand":2,"to_move":"south"}}"#,
        hawalis_rows(0)
    ));
    assert_mentions(&e, &["hand"]);
    let e = refuse(
        r#"{"game":"anywoli","rows":[[4,4,4,4,4,4,4,4,4,4,4,4],[4,4,4,4,4,4,4,4,4,4,4,0]],
            "hand":4,"to_move":"south"}"#,
    );
    assert_mentions(&e, &["hand"]);
}

#[test]
fn a_turn_for_a_player_without_a_legal_move_is_refused() {
    // South: one seed in each of his 14 pits (no pit of 2, no empty next pit);
    // North: 3 in each of his 14 pits. 14 + 42 = 56.
    let json = r#"{"game":"hawalis","rows":[[3,3,3,3,3,3,3],[3,3,3,3,3,3,3],[1,1,1,1,1,1,1],[1,1,1,1,1,1,1]],
        "to_move":"south","pending":"turn"}"#;
    let e = refuse(json);
    assert_mentions(&e, &["South", "no legal move"]);
    // The same through from_rows.
    let r = rows([[3u8; 7], [3; 7], [1; 7], [1; 7]]);
    assert!(GameState::from_rows(Game::Hawalis, Options::default(), &r, Player::South).is_err());
    // North to move there is fine.
    assert!(load(&json.replace("\"south\",\"pending\"", "\"north\",\"pending\"")).is_ok());
}

#[test]
fn a_record_with_an_illegal_decision_names_its_number() {
    // Hawalis from the start: South (3,0) is legal; then North may not sow South's (3,0).
    let json =
        r#"{"version":1,"game":"hawalis","decisions":[{"sow":[3,0]},{"sow":[3,0]},{"sow":[1,0]}]}"#;
    let record: GameRecord = serde_json::from_str(json).unwrap();
    let e = record.replay().unwrap_err().to_string();
    assert_mentions(&e, &["decision 2", "3,0"]);
    // Without the bad decision it replays.
    let ok = r#"{"version":1,"game":"hawalis","decisions":[{"sow":[3,0]},{"sow":[1,0]}]}"#;
    let record: GameRecord = serde_json::from_str(ok).unwrap();
    let (s, events) = record.replay().unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(s.to_decide(), Player::South);
    // A strip where none is pending, in Nsolo, as the first decision.
    let json = r#"{"version":1,"game":"nsolo","decisions":["end_strip"]}"#;
    let record: GameRecord = serde_json::from_str(json).unwrap();
    assert_mentions(&record.replay().unwrap_err().to_string(), &["decision 1"]);
    // Malformed decisions are refused when reading.
    assert!(
        serde_json::from_str::<GameRecord>(
            r#"{"version":1,"game":"hawalis","decisions":[{"sow":[3]}]}"#
        )
        .is_err()
    );
}

#[test]
fn a_record_of_a_future_version_is_refused() {
    let json = r#"{"version":2,"game":"hawalis","decisions":[{"sow":[3,0]}]}"#;
    let record: GameRecord = serde_json::from_str(json).unwrap();
    let e = record.replay().unwrap_err();
    assert!(matches!(e, RuleError::Invalid(_)));
    assert_mentions(&e.to_string(), &["version 2", "not supported"]);
    assert!(record.start_state().is_err());
}

#[test]
fn extreme_counters_in_a_loaded_position_do_not_panic_later() {
    // Turn counters at their maximum: still a position one can play on.
    let json = format!(
        r#"{{"game":"hawalis","rows":{},"to_move":"south",
            "flags":{{"turns_played":{{"south":4294967295,"north":4294967295}}}}}}"#,
        hawalis_rows(2)
    );
    let mut s = load(&json).unwrap();
    let d = legal_decisions(&s)[0].clone();
    let r = std::panic::catch_unwind(move || {
        apply(&mut s, d).unwrap();
        s
    });
    assert!(r.is_ok(), "a move panicked");

    // An Omweso blitz match whose score is at its maximum: North runs out of time,
    // South wins a point; the match is over, nothing overflows.
    let json = r#"{"game":"omweso","options":{"play_mode":{"blitz":{"seconds":5}}},
        "rows":[[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4]],
        "to_move":"north",
        "match":{"points":{"south":4294967295,"north":0},"first":"north","games":[],"winner":null}}"#;
    let mut s = load(json).unwrap();
    let r = std::panic::catch_unwind(move || {
        let ev = apply(&mut s, Decision::TimeOut).unwrap();
        (s, ev)
    });
    let (s, ev) = r.unwrap_or_else(|_| panic!("time-out panicked"));
    assert_eq!(
        game_over(&ev).unwrap().result,
        GameResult::Win(Player::South)
    );
    assert!(s.is_over());
}

/// Changes some numbers of a JSON value to edge values (0, 1, 255, 256, u32::MAX, -1).
fn mutate(v: &mut serde_json::Value, lot: &mut Lot) {
    use serde_json::Value;
    match v {
        Value::Number(_) if lot.below(40) == 0 => {
            let edge: [i64; 8] = [0, 1, 2, 3, 255, 256, 4_294_967_295, -1];
            *v = Value::from(edge[lot.below(edge.len())]);
        }
        Value::Array(a) => {
            a.iter_mut().for_each(|x| mutate(x, lot));
            if lot.below(40) == 0 {
                a.pop();
            }
        }
        Value::Object(o) => o.values_mut().for_each(|x| mutate(x, lot)),
        _ => {}
    }
}

#[test]
fn damaged_positions_never_panic() {
    // Positions from short random games of the four games tested here, with numbers
    // changed to edge values: loading either fails or gives a state on which random
    // play goes on without a panic. (Omweso's own flags are tested elsewhere.)
    let mut lot = Lot(5);
    let mut bases = Vec::new();
    for game in [Game::Anywoli, Game::Nsolo, Game::Hawalis, Game::BaoKigogo] {
        let mut s = GameState::new(game, Options::default()).unwrap();
        for _ in 0..20 {
            bases.push(s.to_json());
            let Some(d) = random_decision(&s, &mut lot) else {
                break;
            };
            apply(&mut s, d).unwrap();
        }
    }
    let mut loaded = 0;
    for i in 0..6000u64 {
        let mut v: serde_json::Value =
            serde_json::from_str(&bases[i as usize % bases.len()]).unwrap();
        mutate(&mut v, &mut lot);
        let text = v.to_string();
        let t = text.clone();
        let r = std::panic::catch_unwind(move || {
            let Ok(mut s) = GameState::from_json(&t) else {
                return false;
            };
            let mut play_lot = Lot(i);
            for _ in 0..10 {
                let Some(d) = random_decision(&s, &mut play_lot) else {
                    break;
                };
                apply(&mut s, d).unwrap();
            }
            true
        });
        match r {
            Ok(ok) => loaded += ok as u32,
            Err(_) => panic!("panicked on {text}"),
        }
    }
    assert!(
        loaded > 100,
        "some damaged positions are still valid ({loaded})"
    );
}
