//! Hawalis (`docs/rules/04-hawalis.md`) and Bao Kigogo (`docs/rules/05-bao-kigogo.md`): one hand-made
//! position per rule sentence. Every expected result is worked out by hand from the
//! specification (see the comments).
//! South's circuit: row 3 from column 0 to n-1, then row 2 from n-1 down to 0.
//! North's circuit: row 1 from column 0 to n-1, then row 0 from n-1 down to 0.

mod common;
use common::*;
use mancala_hall::rules::*;

const H: Game = Game::Hawalis;
const B: Game = Game::BaoKigogo;

#[test]
fn hawalis_start_position() {
    let s = GameState::new(H, Options::default()).unwrap();
    // 4 x 7, 2 seeds in every pit, 56 in all.
    assert_eq!(grid(&s), vec![vec![2u8; 7]; 4]);
    assert_eq!(s.seeds().total(), 56);
    assert_eq!(captured(&s), [0, 0]);
    assert_eq!(s.seeds().stores, [0, 0]);
    assert_eq!(s.to_decide(), Player::South);
    // South may sow any of his 14 pits (rows 2 and 3).
    let legal = legal_text(&s);
    assert_eq!(legal.len(), 14);
    assert!(
        legal
            .iter()
            .all(|t| t.starts_with("2,") || t.starts_with("3,"))
    );
}

#[test]
fn bao_kigogo_start_layout_as_printed() {
    let s = GameState::new(B, Options::default()).unwrap();
    // Copied from the diagram of docs/rules/05-bao-kigogo.md, row 0 on top.
    let printed = "\
2 2 2 2 2 2 2 2 2 2 2 2
2 2 2 2 2 2 2 2 2 2 2 0
0 2 2 2 2 2 2 2 2 2 2 2
2 2 2 2 2 2 2 2 2 2 2 2";
    let want: Vec<Vec<u8>> = printed
        .lines()
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(grid(&s), want);
    assert_eq!(s.seeds().total(), 92);
    assert_eq!(s.count(pit(2, 0)), 0);
    assert_eq!(s.count(pit(1, 11)), 0);
    assert_eq!(legal_decisions(&s).len(), 23);
}

#[test]
fn sowing_relays_from_an_occupied_landing_until_an_empty_one() {
    // South sows (3,0) with 3: (3,1) 0->1, (3,2) 0->1, (3,3) 2->3 last, occupied ->
    // relay: lift 3, (3,4) (3,5) (3,6) 0->1; (3,6) was empty: the turn ends.
    let mut r = empty(7);
    r[3][0] = 3;
    r[3][3] = 2;
    r[0][0] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    assert!(ev.contains(&Event::Relay { pit: pit(3, 3) }));
    assert!(ev.contains(&Event::Lift {
        pit: pit(3, 3),
        count: 3
    }));
    let mut want = empty(7);
    want[3] = vec![0, 1, 1, 0, 1, 1, 1];
    want[0][0] = 2;
    assert_eq!(grid(&s), want);
    assert!(captures(&ev).is_empty());
    assert_eq!(s.to_decide(), Player::North);

    // North's circuit: (0,1) with 3 -> (0,0), then round into row 1: (1,0), (1,1)
    // 1->2 last -> relay: (1,2) 0->1, (1,3) 0->1 last, empty. The facing front pit
    // (2,3) is empty: no capture.
    let mut r = empty(7);
    r[0][1] = 3;
    r[1][1] = 1;
    r[3][0] = 2;
    let mut s = position(H, Options::default(), r, Player::North);
    let ev = play_text(&mut s, "0,1");
    assert!(captures(&ev).is_empty());
    let mut want = empty(7);
    want[0][0] = 1;
    want[1] = vec![1, 0, 1, 1, 0, 0, 0];
    want[3][0] = 2;
    assert_eq!(grid(&s), want);
}

#[test]
fn a_lap_longer_than_the_circuit_passes_over_the_origin_and_drops_into_it() {
    // South sows (3,0) with 15 on his 14-pit circuit (positions 0..13 from (3,0)):
    // positions 1..13 get 1 each, the 14th seed falls into the origin (3,0), the 15th
    // into (3,1), now 2 -> relay: 2 seeds at a time, (3,2) (3,3) -> relay from (3,3),
    // ... -> relay from (2,0) (position 13): (3,0) 1->2, (3,1) 0->1 last, empty back
    // pit: the turn ends. Even positions hold 2, (3,1) 1, the other odd ones 0.
    let mut r = empty(7);
    r[3][0] = 15;
    r[0][0] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    let first_lap: Vec<Pit> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Drop { pit } => Some(*pit),
            _ => None,
        })
        .take(15)
        .collect();
    assert_eq!(first_lap[12], pit(2, 0));
    assert_eq!(first_lap[13], pit(3, 0), "the origin is not skipped");
    assert_eq!(first_lap[14], pit(3, 1));
    assert_eq!(grid(&s)[3], vec![2, 1, 2, 0, 2, 0, 2]);
    assert_eq!(grid(&s)[2], vec![0, 2, 0, 2, 0, 2, 0]);
    assert!(captures(&ev).is_empty());
}

#[test]
fn ending_in_an_empty_front_pit_captures_the_facing_front_and_back_pits() {
    // South sows (3,5) with 2: (3,6) 0->1, (2,6) 0->1 last, empty, front row. The facing
    // front pit (1,6) holds 3 and the back pit (0,6) 4: both are taken (7).
    // Board 11 -> captured 45: South 23, North 22.
    let mut r = empty(7);
    r[3][5] = 2;
    r[1][6] = 3;
    r[0][6] = 4;
    r[0][0] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    assert_eq!(captured(&s), [23, 22]);
    let ev = play_text(&mut s, "3,5");
    assert_eq!(
        captures(&ev),
        vec![
            (pit(1, 6), 3, CaptureTo::OffBoard(Player::South)),
            (pit(0, 6), 4, CaptureTo::OffBoard(Player::South)),
        ]
    );
    assert_eq!(captured(&s), [30, 22]);
    let mut want = empty(7);
    want[3][6] = 1;
    want[2][6] = 1;
    want[0][0] = 2;
    assert_eq!(grid(&s), want);
    // No strip in Hawalis: the turn is over.
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(s.to_decide(), Player::North);

    // The same on Bao Kigogo's 4 x 12: North sows (1,10) with 2: (1,11) 0->1, (0,11)
    // 0->1 last, empty, but a back pit: nothing. Then South (3,10) with 2: (3,11) 0->1,
    // (2,11) 0->1 last, empty front; facing (1,11) 1 and (0,11) 1: both taken.
    let mut r = empty(12);
    r[1][10] = 2;
    r[3][10] = 2;
    r[0][0] = 2;
    let mut s = position(B, Options::default(), r, Player::North);
    let ev = play_text(&mut s, "1,10");
    assert!(captures(&ev).is_empty());
    let ev = play_text(&mut s, "3,10");
    assert_eq!(
        captures(&ev),
        vec![
            (pit(1, 11), 1, CaptureTo::OffBoard(Player::South)),
            (pit(0, 11), 1, CaptureTo::OffBoard(Player::South)),
        ]
    );
}

#[test]
fn no_capture_when_the_facing_front_pit_is_empty() {
    // South ends in the empty front pit (2,6); (1,6) is empty, (0,6) holds 4: the back
    // pit is safe since its front pit is not captured.
    let mut r = empty(7);
    r[3][5] = 2;
    r[0][6] = 4;
    r[0][0] = 2;
    let mut s = position(H, Options::default(), r.clone(), Player::South);
    let ev = play_text(&mut s, "3,5");
    assert!(captures(&ev).is_empty());
    let mut want = r;
    want[3][5] = 0;
    want[3][6] = 1;
    want[2][6] = 1;
    assert_eq!(grid(&s), want);
    assert_eq!(s.to_decide(), Player::North);
}

#[test]
fn landing_in_an_empty_back_row_pit_captures_nothing() {
    // South sows (3,0) with 2: (3,1), (3,2): empty back pit. Column 2 on North's side is
    // full, but only a front-row landing captures.
    let mut r = empty(7);
    r[3][0] = 2;
    r[1][2] = 3;
    r[0][2] = 3;
    let mut s = position(H, Options::default(), r.clone(), Player::South);
    let ev = play_text(&mut s, "3,0");
    assert!(captures(&ev).is_empty());
    let mut want = r;
    want[3] = vec![0, 1, 1, 0, 0, 0, 0];
    assert_eq!(grid(&s), want);
}

#[test]
fn singles_only_without_a_pit_of_two_and_only_into_an_empty_next_pit() {
    // South: single seeds in (3,0) (3,1) (2,6) (2,0).
    //   (3,0) -> (3,1) occupied: no;   (3,1) -> (3,2) empty: yes;
    //   (2,6) -> (2,5) empty: yes;     (2,0) -> (3,0) occupied: no.
    let mut r = empty(7);
    r[3][0] = 1;
    r[3][1] = 1;
    r[2][6] = 1;
    r[2][0] = 1;
    r[0][3] = 2;
    let s = position(H, Options::default(), r.clone(), Player::South);
    assert_eq!(legal_text(&s), vec!["2,6", "3,1"]);
    let mut t = s.clone();
    assert!(apply(&mut t, Decision::Sow(pit(2, 0))).is_err());
    assert_eq!(t, s);
    let mut t = s.clone();
    play_text(&mut t, "3,1");
    assert_eq!(t.count(pit(3, 1)), 0);
    assert_eq!(t.count(pit(3, 2)), 1);
    // Any pit of 2: then it is the only kind of move.
    let mut r2 = r;
    r2[3][4] = 2;
    let s = position(H, Options::default(), r2, Player::South);
    assert_eq!(legal_text(&s), vec!["3,4"]);
}

#[test]
fn a_single_seed_move_can_capture() {
    // South has single seeds only: (3,6) -> (2,6), empty front pit; facing (1,6) 2 and
    // behind it (0,6) 1: 3 seeds taken.
    let mut r = empty(7);
    r[3][6] = 1;
    r[3][2] = 1;
    r[1][6] = 2;
    r[0][6] = 1;
    r[0][0] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    assert_eq!(legal_text(&s), vec!["3,2", "3,6"]);
    let before = captured(&s);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(
        captures(&ev),
        vec![
            (pit(1, 6), 2, CaptureTo::OffBoard(Player::South)),
            (pit(0, 6), 1, CaptureTo::OffBoard(Player::South)),
        ]
    );
    assert_eq!(captured(&s), [before[0] + 3, before[1]]);
    assert_eq!(s.to_decide(), Player::North);
}

#[test]
fn capturing_all_the_opponents_seeds_wins() {
    // North's only seeds: (1,6) 3 and (0,6) 2, both taken by South's landing in (2,6).
    let mut r = empty(7);
    r[3][5] = 2;
    r[3][0] = 2;
    r[1][6] = 3;
    r[0][6] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,5");
    assert_eq!(captures(&ev).len(), 2);
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::NoSeedsLeft);
    assert!(s.is_over());
}

#[test]
fn the_opponent_without_a_legal_move_loses() {
    // North: one seed in each of his 14 pits: no pit of 2, no empty next pit.
    // South sows (3,0) with 2 -> (3,1), (3,2): back row, no capture. North cannot move.
    let mut r = empty(7);
    r[0] = vec![1; 7];
    r[1] = vec![1; 7];
    r[3][0] = 2;
    let mut s = position(H, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    assert!(captures(&ev).is_empty());
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::NoLegalMove);

    // Bao Kigogo alike.
    let mut r = empty(12);
    r[0] = vec![1; 12];
    r[1] = vec![1; 12];
    r[3][0] = 2;
    let mut s = position(B, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    assert_eq!(
        game_over(&ev).unwrap().result,
        GameResult::Win(Player::South)
    );
}

#[test]
fn a_repeated_position_is_a_draw() {
    // Hawalis (L = 14), worked out pit by pit:
    // South sows (3,4) with 2: (3,5) 1->2, (3,6) 1->2 -> relay: (2,6) 0->1, (2,5) 1->2
    // -> relay: (2,4) 0->1, (2,3) 1->2 -> relay: (2,2) 0->1, (2,1) 1->2 -> relay:
    // (2,0) 0->1, (3,0) 1->2 -> relay: (3,1) 0->1, (3,2) 1->2 -> relay: (3,3) 0->1,
    // (3,4) 0->1 last, empty back pit: the turn ends.
    let start = pendulum(7);
    assert_eq!(
        start,
        vec![
            vec![1, 1, 2, 0, 1, 0, 1],
            vec![0, 1, 0, 1, 0, 1, 0],
            vec![0, 1, 0, 1, 0, 1, 0],
            vec![1, 0, 1, 0, 2, 1, 1],
        ]
    );
    let mut s = position(H, Options::default(), start.clone(), Player::South);
    assert_eq!(legal_text(&s), vec!["3,4"]);
    let ev = play_text(&mut s, "3,4");
    assert!(captures(&ev).is_empty());
    assert_eq!(grid(&s)[2], vec![1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(grid(&s)[3], vec![0, 1, 0, 1, 1, 2, 0]);
    // North sows (0,2) with 2: (0,1) 1->2, (0,0) 1->2 -> relay: (1,0) 0->1, (1,1) 1->2
    // -> relay: (1,2), (1,3) -> relay: (1,4), (1,5) -> relay: (1,6) 0->1, (0,6) 1->2 ->
    // relay: (0,5) 0->1, (0,4) 1->2 -> relay: (0,3) 0->1, (0,2) 0->1 last, empty.
    assert_eq!(legal_text(&s), vec!["0,2"]);
    play_text(&mut s, "0,2");
    assert_eq!(grid(&s)[0], vec![0, 2, 1, 1, 0, 1, 0]);
    assert_eq!(grid(&s)[1], vec![1, 0, 1, 0, 1, 0, 1]);
    // South (3,5), North (0,1): the same relays one pit further give the start back.
    assert_eq!(legal_text(&s), vec!["3,5"]);
    let ev = play_text(&mut s, "3,5");
    assert_eq!(game_over(&ev), None);
    assert_eq!(legal_text(&s), vec!["0,1"]);
    let ev = play_text(&mut s, "0,1");
    assert_eq!(grid(&s), start);
    assert!(ev.contains(&Event::Repetition { occurrences: 2 }));
    let o = game_over(&ev).expect("draw");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::Repetition);

    // Bao Kigogo (L = 24): the same pendulum, turned for 12 columns.
    let start = pendulum(12);
    let mut s = position(B, Options::default(), start.clone(), Player::South);
    let mut last = Vec::new();
    for mv in ["3,9", "0,2", "3,10", "0,1"] {
        assert_eq!(legal_text(&s), vec![mv]);
        last = play_text(&mut s, mv);
        assert!(captures(&last).is_empty());
    }
    assert_eq!(grid(&s), start);
    assert_eq!(game_over(&last).unwrap().result, GameResult::Draw);
}

/// The conventions' never-ending pattern on the mover's circuit of L = 2n pits: one
/// seed in each odd position 1..L-3, 3 in L-2, 1 in L-1; sown from L-2 it relays
/// forever (each lap of 2 fills an even pit and lands on the next odd one; the
/// lap-start state recurs, checked with an independent model). The other side holds
/// a single pit of 2 in its back row.
fn never_ending(
    game: Game,
    n: usize,
    mover: Player,
    options: Options,
) -> (GameState, Vec<Vec<u8>>) {
    let l = 2 * n;
    let mut r = empty(n);
    for pos in (1..=l - 3).step_by(2) {
        let (row, col) = circuit_pit(n, mover, pos);
        r[row][col] = 1;
    }
    let (row, col) = circuit_pit(n, mover, l - 2);
    r[row][col] = 3;
    let (row, col) = circuit_pit(n, mover, l - 1);
    r[row][col] = 1;
    match mover {
        Player::South => r[0][3] = 2,
        Player::North => r[3][3] = 2,
    }
    (position(game, options, r.clone(), mover), r)
}

#[test]
fn a_never_ending_move_is_a_draw_or_the_mover_loses() {
    // Hawalis: 14-pit circuit, South's pit L-2 = 12 is (2,1). Bao Kigogo: 24-pit
    // circuit, (2,1) again. North's L-2 is (0,1).
    for (game, n) in [(H, 7usize), (B, 12)] {
        for mover in Player::BOTH {
            let sow = match mover {
                Player::South => "2,1",
                Player::North => "0,1",
            };
            let (mut s, r) = never_ending(game, n, mover, Options::default());
            assert_eq!(legal_text(&s), vec![sow], "the only pit of 2 or more");
            let ev = play_text(&mut s, sow);
            assert_eq!(grid(&s), r, "the move is not carried out");
            assert!(ev.iter().any(|e| matches!(e, Event::NeverEnding { .. })));
            let o = game_over(&ev).expect("game over");
            assert_eq!(o.result, GameResult::Draw, "{game} {mover}");
            assert_eq!(o.reason, EndReason::NeverEndingMove);

            let loses = Options {
                never_ending: NeverEndingRule::MoverLoses,
                ..Options::default()
            };
            let (mut s, r) = never_ending(game, n, mover, loses);
            let ev = play_text(&mut s, sow);
            assert_eq!(grid(&s), r);
            let o = game_over(&ev).expect("game over");
            assert_eq!(
                o.result,
                GameResult::Win(mover.opponent()),
                "{game} {mover}"
            );
            assert_eq!(o.reason, EndReason::NeverEndingMove);
        }
    }
}
