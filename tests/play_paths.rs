//! The ways of playing agree: legality checked directly agrees with the list of legal
//! decisions (a shakmaty-style property test), a long move worked out in slices ends
//! exactly as when it is applied at once, old saves' repetition histories still count,
//! and each game names its options.

mod common;
use common::*;
use mancala_hall::rules::*;

/// Every decision that names a pit (and the few without one) on a board.
fn pit_decisions(s: &GameState) -> Vec<Decision> {
    let b = s.board();
    let mut all = vec![
        Decision::Direction(Direction::Ccw),
        Decision::Direction(Direction::Cw),
        Decision::EndStrip,
        Decision::NextGame,
    ];
    for row in 0..=b.rows {
        for col in 0..=b.cols {
            let p = Pit::new(row, col); // one row and column past the board too
            all.extend([
                Decision::Sow(p),
                Decision::Reverse(p),
                Decision::OpeningThree(p),
                Decision::Strip(p),
            ]);
        }
    }
    all
}

fn options_of(game: Game, k: u64) -> Options {
    let mut o = Options::default();
    match game {
        Game::Omweso => {
            o.opening_three = k.is_multiple_of(2);
            o.match_target = 1 + (k % 3) as u8;
        }
        Game::Nsolo => {
            o.width = 8 + (k % 29) as u8;
            o.bonus_up_to_k = k % 2 == 1;
        }
        _ => {}
    }
    o
}

/// Walks `runs` random games of every game (each with its own options and lot,
/// `lot_seed(run)`), at most `steps` decisions each, and hands `visit` every position
/// before its random decision is played.
fn random_walks(
    runs: u64,
    steps: usize,
    lot_seed: impl Fn(u64) -> u64,
    mut visit: impl FnMut(Game, &GameState),
) {
    for game in Game::ALL {
        for k in 0..runs {
            let mut s = GameState::new(game, options_of(game, k)).unwrap();
            let mut lot = Lot(lot_seed(k));
            for _ in 0..steps {
                visit(game, &s);
                match random_decision(&s, &mut lot) {
                    Some(d) => apply_quiet(&mut s, d).unwrap(),
                    None => break,
                }
            }
        }
    }
}

#[test]
fn is_legal_holds_exactly_for_the_listed_decisions() {
    let mut positions = 0;
    random_walks(
        12,
        400,
        |k| k * 31 + 7,
        |game, s| {
            let listed = legal_decisions(s);
            for d in pit_decisions(s) {
                assert_eq!(
                    is_legal(s, &d),
                    listed.contains(&d),
                    "{game}: {d} in {:?} pending {:?}",
                    s.seeds().rows(),
                    s.pending()
                );
            }
            for d in &listed {
                assert!(is_legal(s, d), "{game}: listed {d} is not legal");
            }
            let mut buffer = vec![Decision::NextGame; 3];
            legal_decisions_into(s, &mut buffer);
            assert_eq!(buffer, listed, "the buffer variant lists the same");
            positions += 1;
        },
    );
    assert!(positions > 5_000, "{positions} positions");
}

/// A decision that is not legal is refused by every way of applying it, quiet or
/// recorded, and changes nothing (the quiet paths check turn starts and strips
/// themselves).
#[test]
fn an_illegal_decision_is_refused_quiet_and_recorded_alike() {
    let mut refused = 0;
    random_walks(
        4,
        150,
        |k| k * 13 + 5,
        |game, s| {
            for d in pit_decisions(s) {
                if is_legal(s, &d) {
                    continue;
                }
                let mut quiet = s.clone();
                assert!(apply_quiet(&mut quiet, d.clone()).is_err(), "{game}: {d}");
                assert_eq!(&quiet, s, "{game}: refused {d} changed the state");
                let mut bounded = s.clone();
                assert!(apply_bounded(&mut bounded, d.clone(), 1_000).is_err());
                assert_eq!(&bounded, s, "{game}: refused {d} changed the state");
                let mut recorded = s.clone();
                assert!(apply(&mut recorded, d.clone()).is_err(), "{game}: {d}");
                assert_eq!(&recorded, s);
                refused += 1;
            }
        },
    );
    assert!(refused > 50_000, "{refused} refusals");
}

/// The conventions' example: South's (3,0) never ends, with a cycle of 51,654,100 laps.
fn conventions_example() -> GameState {
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South).unwrap()
}

#[test]
fn the_51_654_100_lap_example_in_slices_ends_as_at_once() {
    let s = conventions_example();
    let d = Decision::Sow(pit(3, 0));
    let mut at_once = s.clone();
    let events = apply(&mut at_once, d.clone()).unwrap();
    let mut long = LongMove::new(&s, d).unwrap();
    let mut slices = 0u64;
    let mut last = 0;
    let (after, sliced) = loop {
        match long.advance(3_000_000) {
            Progress::Running { laps_checked } => {
                assert!(laps_checked > last, "progress is reported");
                last = laps_checked;
                slices += 1;
            }
            Progress::Done(after, events) => break (after, events),
            Progress::Refused(e) => panic!("{e}"),
        }
    };
    assert!(slices >= 17, "worked out in {slices} slices");
    assert_eq!(sliced, events, "the same events");
    assert_eq!(*after, at_once, "the same state");
    let laps = events
        .iter()
        .find_map(|e| match e {
            Event::NeverEnding { laps, .. } => Some(*laps),
            _ => None,
        })
        .unwrap();
    assert!(laps >= 51_654_100 && last <= laps);
}

#[test]
fn sliced_moves_of_random_games_end_as_applied_ones() {
    for game in Game::ALL {
        let mut s = GameState::new(game, Options::default()).unwrap();
        let mut lot = Lot(5);
        for _ in 0..300 {
            let Some(d) = random_decision(&s, &mut lot) else {
                break;
            };
            let mut long = LongMove::new(&s, d.clone()).unwrap();
            let (after, events) = loop {
                match long.advance(2) {
                    Progress::Running { .. } => {}
                    Progress::Done(after, events) => break (after, events),
                    Progress::Refused(e) => panic!("{e}"),
                }
            };
            let e = apply(&mut s, d).unwrap();
            assert_eq!(events, e, "{game}");
            assert_eq!(*after, s, "{game}");
        }
    }
}

#[test]
fn an_anywoli_move_that_never_ends_is_refused_in_slices_too() {
    // The conventions' pattern on Anywoli's circuit (see tests/never_ending.rs),
    // turned by 12 pits so that its start is in South's row.
    let board = Board::new(Game::Anywoli, 8);
    let l = board.circuit(Player::South).len();
    let circuit: Vec<u8> = (0..l)
        .map(|k| board.circuit(Player::South)[(k + 12) % l])
        .collect();
    let mut pits = vec![0u8; board.len()];
    for k in (1..=l - 3).step_by(2) {
        pits[circuit[k] as usize] = 1;
    }
    pits[circuit[l - 2] as usize] = 3;
    pits[circuit[l - 1] as usize] = 1;
    let rows: Vec<Vec<u8>> = pits.chunks(12).map(|r| r.to_vec()).collect();
    let s = GameState::from_rows(Game::Anywoli, Options::default(), &rows, Player::South).unwrap();
    let from = board.pit(circuit[l - 2] as usize);
    let mut long = LongMove::new(&s, Decision::Sow(from)).unwrap();
    let refused = loop {
        match long.advance(1_000) {
            Progress::Running { .. } => {}
            Progress::Done(..) => panic!("the move never ends"),
            Progress::Refused(e) => break e,
        }
    };
    assert_eq!(Err(refused), apply(&mut s.clone(), Decision::Sow(from)));
}

#[test]
fn an_old_saves_history_of_fnv_hashes_still_counts() {
    // Hawalis, the cycle of issue 17: four decisions give the start back.
    let start = serde_json::json!({
        "game": "hawalis",
        "rows": [[1,0,1,0,1,1,2],[0,1,0,1,0,1,0],[0,1,0,1,0,1,0],[2,1,1,0,1,0,1]],
        "captured": {"south": 19, "north": 19},
        "to_move": "south"
    });
    let s = GameState::from_json(&start.to_string()).unwrap();
    // The FNV-1a hash the builds before this one saved for this position.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for &p in &s.seeds().pits {
        eat(p);
    }
    for v in [0u32, 0, 19, 19] {
        for b in v.to_le_bytes() {
            eat(b);
        }
    }
    eat(Player::South as u8);
    // After the first two decisions, saved by an old build with its history.
    let mut t = s.clone();
    play_text(&mut t, "3,0");
    play_text(&mut t, "0,6");
    let mut old = t.to_value(false);
    old["history"] = serde_json::json!([h, 12345, 67890]);
    let mut loaded = GameState::from_json(&old.to_string()).unwrap();
    assert_eq!(loaded.history_len(), 4);
    play_text(&mut loaded, "3,1");
    let events = play_text(&mut loaded, "0,5");
    let o = game_over(&events).expect("the start came back: a draw by repetition");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
    // Saved again, the old hashes travel with the new keys.
    let again = GameState::from_json(&loaded.to_json()).unwrap();
    assert_eq!(again, loaded);
}

#[test]
fn each_game_names_its_options() {
    assert!(Game::Omweso.option_names().contains(&"opening_three"));
    assert!(Game::Nsolo.option_names().contains(&"width"));
    assert!(!Game::Hawalis.option_names().contains(&"width"));
    for game in Game::ALL {
        let names = game.option_names();
        assert!(names.contains(&"first") && names.contains(&"seed"));
        // Every option a game names is one of the options JSON's fields, and the
        // others must stay at their defaults for it.
        let all = serde_json::to_value(Options::default()).unwrap();
        for n in names {
            assert!(all.get(n).is_some(), "{game}: {n}");
        }
        let (rows, cols) = game.shape(8);
        assert_eq!(game.start_pits(8).len(), rows as usize * cols as usize);
        let seeds: u32 = game.start_pits(8).iter().map(|&n| n as u32).sum();
        assert_eq!(seeds, game.total_seeds(8));
    }
}

/// Moves played without events (search, playouts: Omweso's turn starts take their own
/// quick way) leave exactly the state that the recorded ones leave, and a move given
/// up by `apply_bounded` leaves the state as it was.
#[test]
fn quiet_and_recorded_moves_leave_the_same_state() {
    let mut pauses = 0;
    for game in Game::ALL {
        for k in 0..16u64 {
            let mut s = GameState::new(game, options_of(game, k)).unwrap();
            let mut lot = Lot(k * 17 + 3);
            for _ in 0..300 {
                let Some(d) = random_decision(&s, &mut lot) else {
                    break;
                };
                let mut quiet = s.clone();
                if !apply_bounded(&mut quiet, d.clone(), 20_000).unwrap() {
                    assert_eq!(quiet, s, "{game}: a move given up changes nothing");
                    let mut short = s.clone();
                    assert!(!apply_bounded(&mut short, d.clone(), 5).unwrap());
                    assert_eq!(short, s);
                    break;
                }
                let mut also = s.clone();
                apply_quiet(&mut also, d.clone()).unwrap();
                apply(&mut s, d.clone()).unwrap();
                assert_eq!(quiet, s, "{game}: {d}");
                assert_eq!(also, s, "{game}: {d}");
                assert_eq!(quiet.to_json(), s.to_json());
                pauses += matches!(s.pending(), Pending::Direction(_)) as u32;
            }
        }
    }
    assert!(pauses > 10, "{pauses} direction choices");
}

/// Every legal decision, not only the one played, leaves the same state quiet,
/// recorded and bounded (the quiet paths of every game: Omweso's circuits, the relay
/// family's and Anywoli's circuit held apart), and a refused one changes nothing.
#[test]
fn every_listed_decision_plays_the_same_quiet_and_recorded() {
    random_walks(
        6,
        200,
        |k| k * 31 + 7,
        |game, s| {
            for d in legal_decisions(s) {
                let mut recorded = s.clone();
                apply(&mut recorded, d.clone()).unwrap();
                let mut quiet = s.clone();
                apply_quiet(&mut quiet, d.clone()).unwrap();
                assert_eq!(quiet, recorded, "{game}: {d}");
                let mut bounded = s.clone();
                if apply_bounded(&mut bounded, d.clone(), 1_000_000).unwrap() {
                    assert_eq!(bounded, recorded, "{game}: {d}");
                } else {
                    assert_eq!(&bounded, s, "{game}: {d}");
                }
            }
        },
    );
}

/// A state reused with `clone_from` (the search's spare positions) becomes the same
/// as a clone, from any game to any other: the same position and history, the same
/// JSON, a fresh view of the seeds in grid order, and it plays on alike.
#[test]
fn a_state_cloned_into_another_is_the_same_as_a_clone() {
    let mut reused = GameState::new(Game::Omweso, Options::default()).unwrap();
    let mut positions = 0;
    random_walks(
        3,
        300,
        |k| k * 13 + 5,
        |game, s| {
            // The old grid view is made, so that a stale one would show.
            let _ = reused.seeds();
            reused.clone_from(s);
            assert_eq!(&reused, s, "{game}");
            assert_eq!(reused.to_json(), s.to_json(), "{game}");
            assert_eq!(reused.seeds(), s.seeds(), "{game}");
            if let Some(d) = legal_decisions(s).pop() {
                let mut cloned = s.clone();
                apply_quiet(&mut cloned, d.clone()).unwrap();
                apply_quiet(&mut reused, d).unwrap();
                assert_eq!(reused, cloned, "{game}");
            }
            positions += 1;
        },
    );
    assert!(positions > 1_000, "{positions} positions");
}

#[test]
fn a_long_move_may_be_worked_out_on_another_thread() {
    // The game works very long moves out on a background task, and keeps them in a
    // resource: the type must be Send and Sync for every game's move.
    fn send_and_sync<T: Send + Sync>(_: &T) {}
    for game in Game::ALL {
        let s = GameState::new(game, Options::default()).expect("a new game");
        let d = legal_decisions(&s)[0].clone();
        let long = LongMove::new(&s, d).expect("a legal decision");
        send_and_sync(&long);
    }
}
