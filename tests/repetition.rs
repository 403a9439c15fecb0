//! Repetition of positions from a set position (docs/rules/00-conventions.md: the same seeds,
//! the same player to move and the same *rule* flags). A position set by JSON without
//! flags starts with neither player having had a turn; only Omweso has a first-turn
//! rule, so in the other four games the set position itself is the first occurrence
//! and a cycle back to it is a repetition. Each game's consequence: a draw at the
//! second occurrence (Nsolo, Hawalis, Bao Kigogo); each row to its owner's store at
//! the third (Anywoli); the game annulled at the third (Omweso).
//!
//! The cycles below were found by a search over small hand-made positions and each is
//! explained in its test.

mod common;
use common::*;
use mancala_hall::rules::*;
use serde_json::{Value, json};

fn set(position: Value) -> GameState {
    GameState::from_json(&position.to_string()).expect("a valid position")
}

/// Plays the decisions; every one but the last leaves the game going without a
/// capture or a repetition. Returns the last decision's events.
fn cycle(s: &mut GameState, moves: &[&str]) -> Vec<Event> {
    let mut last = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        assert!(legal_text(s).contains(&mv.to_string()), "{mv} is legal");
        last = play_text(s, mv);
        assert!(captures(&last).is_empty() || i + 1 == moves.len(), "{mv}");
        if i + 1 < moves.len() {
            assert_eq!(repetitions(&last), Vec::<u32>::new(), "after {mv}");
            assert_eq!(game_over(&last), None, "after {mv}");
        }
    }
    last
}

/// The reproduction of issue 17: Hawalis, South to move. South's (3,0) relays round
/// his circuit (each lap of 2 lands on a single seed) and ends in the empty (3,1);
/// North's (0,6) does the same round his; (3,1) and (0,5) then give the start back.
fn hawalis_start() -> Value {
    json!({
        "game": "hawalis",
        "rows": [[1,0,1,0,1,1,2],[0,1,0,1,0,1,0],[0,1,0,1,0,1,0],[2,1,1,0,1,0,1]],
        "captured": {"south": 19, "north": 19},
        "to_move": "south"
    })
}

const HAWALIS_CYCLE: [&str; 4] = ["3,0", "0,6", "3,1", "0,5"];

#[test]
fn hawalis_a_set_position_that_comes_back_is_a_draw() {
    let start = set(hawalis_start());
    assert_eq!(
        start.flags().turns_played,
        Default::default(),
        "no turn yet"
    );
    let mut s = start.clone();
    let ev = cycle(&mut s, &HAWALIS_CYCLE);
    assert_eq!(s.seeds(), start.seeds());
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(repetitions(&ev), [2]);
    let o = game_over(&ev).expect("the game ends");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
    assert!(s.is_over());
}

#[test]
fn nsolo_a_set_position_that_comes_back_is_a_draw() {
    // The pendulum of tests/nsolo.rs (4x8): every move is forced and relays round the
    // mover's circuit; four decisions give the start back.
    let start = set(json!({
        "game": "nsolo",
        "rows": [[1,1,2,0,1,0,1,0],[0,1,0,1,0,1,0,1],[1,0,1,0,1,0,1,0],[0,1,0,1,0,2,1,1]],
        "captured": {"south": 20, "north": 20},
        "to_move": "south"
    }));
    let mut s = start.clone();
    let ev = cycle(&mut s, &["3,5", "0,2", "3,6", "0,1"]);
    assert_eq!(s.seeds(), start.seeds());
    assert_eq!(repetitions(&ev), [2]);
    let o = game_over(&ev).expect("the game ends");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
}

#[test]
fn bao_kigogo_a_set_position_that_comes_back_is_a_draw() {
    // The same pendulum on 4x12.
    let start = set(json!({
        "game": "bao_kigogo",
        "rows": [[1,1,2,0,1,0,1,0,1,0,1,0],[0,1,0,1,0,1,0,1,0,1,0,1],
                 [1,0,1,0,1,0,1,0,1,0,1,0],[0,1,0,1,0,1,0,1,0,2,1,1]],
        "captured": {"south": 32, "north": 32},
        "to_move": "south"
    }));
    let mut s = start.clone();
    let ev = cycle(&mut s, &["3,9", "0,2", "3,10", "0,1"]);
    assert_eq!(s.seeds(), start.seeds());
    assert_eq!(repetitions(&ev), [2]);
    let o = game_over(&ev).expect("the game ends");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
}

#[test]
fn anywoli_a_set_position_that_comes_back_a_third_time_ends_the_game() {
    // Circuit positions 0..11 = (1,0)..(1,11), 12..23 = (0,11)..(0,0). Single seeds
    // on the odd positions 1..9 and 13..23, 2 on 11, 1 on 12. South sows (1,11): 2
    // seeds into 12 and 13, both now 2, relay; every lap of 2 fills an empty pit and
    // lands on the next single (never 4: nothing is captured), round the whole circuit
    // until the lap from 9 ends in the emptied 11. North's (0,11) (position 12, now
    // 2) does the same one pit on, and the start is back: two decisions a cycle.
    let start = set(json!({
        "game": "anywoli",
        "rows": [[1,0,1,0,1,0,1,0,1,0,1,1],[0,1,0,1,0,1,0,1,0,1,0,2]],
        "stores": {"south": 42, "north": 40},
        "to_move": "south"
    }));
    let mut s = start.clone();
    let ev = cycle(&mut s, &["1,11", "0,11"]);
    assert_eq!(s.seeds(), start.seeds());
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(repetitions(&ev), [2], "the second occurrence is reported");
    assert_eq!(game_over(&ev), None, "and the game goes on");
    // Round again: the position after the first decision comes back (second
    // occurrence), then the start a third time.
    let ev = play_text(&mut s, "1,11");
    assert_eq!((repetitions(&ev), game_over(&ev)), (vec![2], None));
    let ev = play_text(&mut s, "0,11");
    // Each row goes to its owner's store: (1,c) South's, (0,c) North's.
    for (pit, _, to) in captures(&ev) {
        let owner = if pit.row == 1 {
            Player::South
        } else {
            Player::North
        };
        assert_eq!(to, CaptureTo::Store(owner), "{pit:?}");
    }
    assert_eq!(repetitions(&ev), [3]);
    // Each player adds his own row (7 seeds each) to his store: 49 to 47.
    let o = game_over(&ev).expect("the third occurrence ends it");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Win(Player::South), EndReason::Repetition)
    );
    assert_eq!(s.seeds().stores, [49, 47]);
}

/// Omweso: North's runs 8,7,...,1 and South's 7,...,1 move one pit on with every
/// turn, without relay or capture (tests/omweso.rs); the position comes back every 32
/// decisions. Turn `t` (from 1) sows the largest pit of the mover's run.
fn omweso_staircase_move(t: usize) -> String {
    // Circuit position k: North (1,k) then (0,15-k); South (3,k) then (2,15-k).
    let k = ((t - 1) / 2) % 16;
    let north = t % 2 == 1;
    let (row, col) = match (north, k < 8) {
        (true, true) => (1, k),
        (true, false) => (0, 15 - k),
        (false, true) => (3, k),
        (false, false) => (2, 15 - k),
    };
    format!("{row},{col}")
}

fn omweso_staircase(flags: Option<Value>) -> GameState {
    let mut p = json!({
        "game": "omweso",
        "rows": [[0,0,0,0,0,0,0,0],[8,7,6,5,4,3,2,1],[0,0,0,0,0,0,0,0],[7,6,5,4,3,2,1,0]],
        "to_move": "north"
    });
    if let Some(f) = flags {
        p["flags"] = f;
    }
    set(p)
}

/// Plays the staircase until the game ends; the decisions at which a repetition was
/// reported (with its count) and the last one.
fn play_staircase(s: &mut GameState) -> (Vec<(usize, u32)>, usize, Outcome) {
    let mut reported = Vec::new();
    for t in 1..=200 {
        let ev = play_text(s, &omweso_staircase_move(t));
        assert!(captures(&ev).is_empty());
        for n in repetitions(&ev) {
            reported.push((t, n));
        }
        if let Some(o) = game_over(&ev) {
            return (reported, t, o);
        }
    }
    panic!("the game never ended");
}

#[test]
fn omweso_the_first_turn_flags_belong_to_the_position() {
    // With both players past their first turn, the set position is the first
    // occurrence: it comes back after 32 and 64 decisions, and the third occurrence
    // annuls the game.
    let mut s = omweso_staircase(Some(json!({"turns_played": {"south": 1, "north": 1}})));
    let (reported, end, o) = play_staircase(&mut s);
    assert_eq!(end, 64);
    assert_eq!(reported.first(), Some(&(32, 2)));
    assert_eq!(reported.last(), Some(&(64, 3)));
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Annulled, EndReason::Repetition)
    );

    // Set without flags, neither player has had his first turn (he may not capture
    // in it): a different position from the same seeds later, when both have. The
    // first repeated position is the one after both first turns (decision 2): again
    // at 34, a third time at 66.
    let mut s = omweso_staircase(None);
    let (reported, end, o) = play_staircase(&mut s);
    assert_eq!(end, 66);
    assert_eq!(reported.first(), Some(&(34, 2)));
    assert!(!reported.contains(&(32, 2)), "the start is not repeated");
    assert_eq!(reported.last(), Some(&(66, 3)));
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Annulled, EndReason::Repetition)
    );
}

#[test]
fn a_loaded_history_counts_and_a_position_without_one_starts_afresh() {
    let mut s = set(hawalis_start());
    cycle(&mut s, &HAWALIS_CYCLE[..2]);
    // Saved with its history, loaded and played on: the start is known.
    let mut with = GameState::from_json(&s.to_json()).unwrap();
    assert_eq!(with, s);
    let ev = cycle(&mut with, &HAWALIS_CYCLE[2..]);
    assert_eq!(repetitions(&ev), [2]);
    assert!(with.is_over());
    // The same through `to_value(true)`.
    let mut again = set(s.to_value(true));
    let ev = cycle(&mut again, &HAWALIS_CYCLE[2..]);
    assert_eq!(repetitions(&ev), [2]);
    // Without its history the loaded position is the only one known: the start is
    // new, and the game ends only when the loaded position comes back.
    let plain = s.to_value(false);
    assert!(plain.get("history").is_none());
    let mut without = set(plain);
    assert_eq!(without.history_len(), 1);
    cycle(&mut without, &HAWALIS_CYCLE[2..]);
    assert!(!without.is_over());
    let ev = cycle(&mut without, &HAWALIS_CYCLE[..2]);
    assert_eq!(repetitions(&ev), [2]);
    assert!(without.is_over());
}

#[test]
fn a_history_that_does_not_end_with_the_position_gets_it_added() {
    // A hand-made history, or one saved with another repetition key: the position
    // itself still counts as an occurrence.
    let mut p = hawalis_start();
    p["history"] = json!([1, 2, 3]);
    let mut s = set(p);
    assert_eq!(s.history_len(), 4);
    let ev = cycle(&mut s, &HAWALIS_CYCLE);
    assert_eq!(repetitions(&ev), [2]);
    assert!(s.is_over());
}
