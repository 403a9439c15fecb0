//! Anywoli (`docs/rules/02-anywoli.md`): one hand-made position per rule sentence. Every expected
//! result is worked out by hand from the specification (see the comments); the
//! circuit is row 1 from column 0 to 11, then row 0 from column 11 down to 0.

mod common;
use common::*;
use mancala_hall::rules::*;

const G: Game = Game::Anywoli;

fn has(events: &[Event], e: &Event) -> bool {
    events.contains(e)
}

fn stores(s: &GameState) -> [u32; 2] {
    s.seeds().stores
}

/// The pit at position `pos` of the 24-pit circuit, numbered from (1,0) (conventions).
fn circuit_pit(pos: usize) -> (usize, usize) {
    if pos < 12 { (1, pos) } else { (0, 23 - pos) }
}

#[test]
fn start_position_two_rows_of_twelve_with_four_each() {
    let s = GameState::new(G, Options::default()).unwrap();
    // 2 x 12 pits, 4 seeds in every pit, 96 in all; both stores empty.
    assert_eq!(grid(&s), vec![vec![4u8; 12]; 2]);
    assert_eq!(stores(&s), [0, 0]);
    assert_eq!(s.seeds().total(), 96);
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(s.pending(), &Pending::Turn);
    // South may start from any of his 12 pits (row 1), all holding seeds.
    let mut expected: Vec<String> = (0..12).map(|c| format!("1,{c}")).collect();
    expected.sort();
    assert_eq!(legal_text(&s), expected);
}

#[test]
fn sowing_runs_ccw_over_all_24_pits() {
    // South sows (1,10) with 5: (1,11), then over to North's row from its column 11
    // leftwards: (0,11), (0,10), (0,9), (0,8). The last pit was empty: the turn ends.
    let mut r = [[0u8; 12]; 2];
    r[1][10] = 5;
    r[0][0] = 1;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,10");
    assert_eq!(
        drops(&ev),
        vec![pit(1, 11), pit(0, 11), pit(0, 10), pit(0, 9), pit(0, 8)]
    );
    let mut want = [[0u8; 12]; 2];
    want[1][11] = 1;
    want[0][11] = 1;
    want[0][10] = 1;
    want[0][9] = 1;
    want[0][8] = 1;
    want[0][0] = 1;
    assert_eq!(grid(&s), rows(want));
    assert!(captures(&ev).is_empty());
    assert_eq!(
        ev.last(),
        Some(&Event::EndTurn {
            player: Player::South
        })
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert_eq!(s.to_decide(), Player::North);

    // North sows (0,1) with 3: (0,0), then round the corner into South's row from
    // column 0: (1,0), (1,1). (1,1) was empty: the turn ends.
    let mut r = [[0u8; 12]; 2];
    r[0][1] = 3;
    r[1][5] = 2;
    let mut s = position(G, Options::default(), rows(r), Player::North);
    let ev = play_text(&mut s, "0,1");
    assert_eq!(drops(&ev), vec![pit(0, 0), pit(1, 0), pit(1, 1)]);
    let mut want = [[0u8; 12]; 2];
    want[0][0] = 1;
    want[1][0] = 1;
    want[1][1] = 1;
    want[1][5] = 2;
    assert_eq!(grid(&s), rows(want));
    assert_eq!(s.to_decide(), Player::South);
}

#[test]
fn a_lap_of_24_seeds_drops_its_last_seed_into_the_origin() {
    // South sows (1,0) with 24: one seed into each of the 23 other pits, in circuit
    // order, and the 24th into (1,0) itself (never skipped), which was emptied by the
    // lift: the last seed lands in an empty pit, the turn ends. No pit reaches 4.
    let mut r = [[0u8; 12]; 2];
    r[1][0] = 24;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,0");
    let want: Vec<Pit> = (1..=24)
        .map(|pos| {
            let (row, col) = circuit_pit(pos % 24);
            pit(row as u8, col as u8)
        })
        .collect();
    assert_eq!(drops(&ev), want);
    assert_eq!(grid(&s), vec![vec![1u8; 12]; 2]);
    assert!(captures(&ev).is_empty());
    assert_eq!(s.to_decide(), Player::North);
}

#[test]
fn only_own_row_pits_holding_seeds_are_legal() {
    let mut r = [[0u8; 12]; 2];
    r[1][1] = 2;
    r[1][11] = 1;
    r[0][0] = 3;
    r[0][11] = 1;
    let s = position(G, Options::default(), rows(r), Player::South);
    // South: his row 1 pits with at least one seed; empty (1,0) and North's pits are not.
    assert_eq!(legal_text(&s), vec!["1,1", "1,11"]);
    for bad in [(0, 0), (0, 11), (1, 0), (1, 5), (2, 0), (1, 12)] {
        let mut t = s.clone();
        let d = Decision::Sow(pit(bad.0, bad.1));
        assert!(!is_legal(&t, &d), "{d} should be illegal");
        assert!(matches!(apply(&mut t, d), Err(RuleError::Illegal(_))));
        assert_eq!(t, s, "a refused decision leaves the state unchanged");
    }
    let n = position(G, Options::default(), rows(r), Player::North);
    assert_eq!(legal_text(&n), vec!["0,0", "0,11"]);
}

#[test]
fn mid_lap_fours_go_to_the_pit_owners_store_several_in_one_turn() {
    // South sows (1,9) with 6 seeds:
    //   (1,10) 3->4, not the last seed: South's own pit -> 4 to South's store;
    //   (1,11) 0->1;
    //   (0,11) 3->4, not the last seed: North's pit -> 4 to North's store;
    //   (0,10) 2->3; (0,9) 0->1; (0,8) 0->1 last seed, pit was empty: turn ends.
    // On the board 15 seeds, so 81 in the stores: South 41, North 40.
    let mut r = [[0u8; 12]; 2];
    r[1][9] = 6;
    r[1][10] = 3;
    r[0][11] = 3;
    r[0][10] = 2;
    r[0][0] = 1;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    assert_eq!(stores(&s), [41, 40]);
    let ev = play_text(&mut s, "1,9");
    assert_eq!(
        captures(&ev),
        vec![
            (pit(1, 10), 4, CaptureTo::Store(Player::South)),
            (pit(0, 11), 4, CaptureTo::Store(Player::North)),
        ]
    );
    assert_eq!(stores(&s), [45, 44]);
    let mut want = [[0u8; 12]; 2];
    want[1][11] = 1;
    want[0][10] = 3;
    want[0][9] = 1;
    want[0][8] = 1;
    want[0][0] = 1;
    assert_eq!(grid(&s), rows(want));
    // Mid-lap captures give no extra turn.
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert_eq!(s.to_decide(), Player::North);
    // The most recent capture went to North.
    assert_eq!(s.flags().last_capturer, Some(Player::North));
    assert_eq!(s.flags().first_final_capturer, None);
}

#[test]
fn a_pit_already_holding_four_is_not_captured_and_a_drop_onto_four_makes_five() {
    // South sows (1,0) with 2: (1,1) 4->5 in the middle of the lap (no capture),
    // (1,2) 0->1 last, empty: the turn ends. (1,3) holds 4 all along and stays.
    let mut r = [[0u8; 12]; 2];
    r[1][0] = 2;
    r[1][1] = 4;
    r[1][3] = 4;
    r[0][0] = 1;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let st = stores(&s);
    let ev = play_text(&mut s, "1,0");
    assert!(captures(&ev).is_empty());
    assert_eq!(stores(&s), st);
    let mut want = r;
    want[1][0] = 0;
    want[1][1] = 5;
    want[1][2] = 1;
    assert_eq!(grid(&s), rows(want));
    assert_eq!(s.to_decide(), Player::North);

    // The last seed onto 4 makes 5: occupied and not 4 -> relay: lift 5 from (1,1),
    // sow (1,2)..(1,6), all empty; (1,6) was empty: the turn ends.
    let mut r = [[0u8; 12]; 2];
    r[1][0] = 1;
    r[1][1] = 4;
    r[0][0] = 1;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,0");
    assert!(captures(&ev).is_empty());
    assert!(has(&ev, &Event::Relay { pit: pit(1, 1) }));
    assert!(has(
        &ev,
        &Event::Lift {
            pit: pit(1, 1),
            count: 5
        }
    ));
    let mut want = [[0u8; 12]; 2];
    want[1][2..=6].fill(1);
    want[0][0] = 1;
    assert_eq!(grid(&s), rows(want));
}

#[test]
fn last_seed_making_four_is_captured_by_the_mover_who_plays_again() {
    // South sows (1,11) with 2: (0,11) 0->1, (0,10) 3->4 with the last seed: South (the
    // mover) captures those 4 although the pit is North's, and plays again.
    // Board 9 seeds -> stores 87: South 44, North 43.
    let mut r = [[0u8; 12]; 2];
    r[1][11] = 2;
    r[1][0] = 1;
    r[0][10] = 3;
    r[0][0] = 3;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    assert_eq!(stores(&s), [44, 43]);
    let ev = play_text(&mut s, "1,11");
    assert_eq!(
        captures(&ev),
        vec![(pit(0, 10), 4, CaptureTo::Store(Player::South))]
    );
    assert_eq!(stores(&s), [48, 43]);
    let n = ev.len();
    assert_eq!(
        &ev[n - 2..],
        &[
            Event::EndTurn {
                player: Player::South
            },
            Event::ExtraTurn {
                player: Player::South
            }
        ]
    );
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(s.pending(), &Pending::Turn);
    let mut want = [[0u8; 12]; 2];
    want[0][11] = 1;
    want[1][0] = 1;
    want[0][0] = 3;
    assert_eq!(grid(&s), rows(want));
    assert_eq!(legal_text(&s), vec!["1,0"]);
    assert_eq!(s.flags().first_final_capturer, Some(Player::South));
    assert_eq!(s.flags().last_capturer, Some(Player::South));
}

#[test]
fn last_seed_in_an_occupied_pit_relays_from_the_next_pit() {
    // South sows (1,0) with 2: (1,1) 0->1, (1,2) 1->2 last, occupied, not 4 -> relay:
    // lift 2 from (1,2), (1,3) 0->1, (1,4) 0->1 last, empty: the turn ends.
    let mut r = [[0u8; 12]; 2];
    r[1][0] = 2;
    r[1][2] = 1;
    r[0][5] = 2;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,0");
    assert_eq!(
        ev,
        vec![
            Event::Lift {
                pit: pit(1, 0),
                count: 2
            },
            Event::Drop { pit: pit(1, 1) },
            Event::Drop { pit: pit(1, 2) },
            Event::Relay { pit: pit(1, 2) },
            Event::Lift {
                pit: pit(1, 2),
                count: 2
            },
            Event::Drop { pit: pit(1, 3) },
            Event::Drop { pit: pit(1, 4) },
            Event::EndTurn {
                player: Player::South
            },
        ]
    );
    let mut want = [[0u8; 12]; 2];
    want[1][1] = 1;
    want[1][3] = 1;
    want[1][4] = 1;
    want[0][5] = 2;
    assert_eq!(grid(&s), rows(want));
    assert_eq!(s.to_decide(), Player::North);
}

#[test]
fn a_player_whose_row_is_empty_passes() {
    // South sows (1,0): 1 seed into (1,1), empty: the turn ends. North's row is empty:
    // North passes (an event, not a decision) and South moves again.
    let mut r = [[0u8; 12]; 2];
    r[1][0] = 1;
    r[1][5] = 2;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,0");
    let n = ev.len();
    assert_eq!(
        &ev[n - 2..],
        &[
            Event::EndTurn {
                player: Player::South
            },
            Event::Pass {
                player: Player::North
            }
        ]
    );
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(legal_text(&s), vec!["1,1", "1,5"]);

    // The mover's own extra turn is passed too when his row is empty: South's last seed
    // makes 4 in (1,11), he captures them, earns another turn, but his row is empty.
    // Board 7 -> stores 89: South 45, North 44.
    let mut r = [[0u8; 12]; 2];
    r[1][10] = 1;
    r[1][11] = 3;
    r[0][5] = 2;
    r[0][6] = 1;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,10");
    let n = ev.len();
    assert_eq!(
        &ev[n - 3..],
        &[
            Event::EndTurn {
                player: Player::South
            },
            Event::ExtraTurn {
                player: Player::South
            },
            Event::Pass {
                player: Player::South
            },
        ]
    );
    assert_eq!(stores(&s), [49, 44]);
    assert_eq!(s.to_decide(), Player::North);
    assert!(!s.is_over());
}

#[test]
fn a_player_whose_only_move_ends_after_a_relay_does_not_pass() {
    // North's only seeds: 2 in position 22, (0,1). Its first lap drops into 23, (0,0),
    // and lands in position 0, (1,0), which holds 1: not empty and not 3, so the lap
    // relays (2 seeds: positions 1 and 2) and ends in the empty position 2. The move
    // ends, but only after a relay: North has a move and must not pass. South first
    // sows (1,5): 1 seed into the empty (1,6).
    let mut r = [[0u8; 12]; 2];
    let (row, col) = circuit_pit(22);
    r[row][col] = 2;
    r[1][0] = 1;
    r[1][5] = 1;
    r[1][8] = 2;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,5");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Pass { .. })),
        "{ev:?}"
    );
    assert_eq!(s.to_decide(), Player::North);
    assert_eq!(legal_text(&s), vec!["0,1"]);
    let ev = play_text(&mut s, "0,1");
    assert_eq!(
        drops(&ev),
        vec![pit(0, 0), pit(1, 0), pit(1, 1), pit(1, 2)],
        "the first lap relays from (1,0)"
    );
    assert_eq!(s.to_decide(), Player::South);
}

#[test]
fn empty_board_ends_the_game_and_the_larger_store_wins() {
    // South sows (1,9) with 2: (1,10) 3->4 mid-lap -> South's store (his pit);
    // (1,11) 3->4 last seed -> South captures. The board is empty: the game ends
    // (checked before the extra turn). Board 8 -> stores 44/44; then 52 against 44.
    let mut r = [[0u8; 12]; 2];
    r[1][9] = 2;
    r[1][10] = 3;
    r[1][11] = 3;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    assert_eq!(stores(&s), [44, 44]);
    let ev = play_text(&mut s, "1,9");
    assert_eq!(
        captures(&ev),
        vec![
            (pit(1, 10), 4, CaptureTo::Store(Player::South)),
            (pit(1, 11), 4, CaptureTo::Store(Player::South)),
        ]
    );
    assert_eq!(stores(&s), [52, 44]);
    assert_eq!(grid(&s), vec![vec![0u8; 12]; 2]);
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::BoardEmpty);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert!(s.is_over());
    assert!(legal_decisions(&s).is_empty());
    assert_eq!(
        apply(&mut s.clone(), Decision::Sow(pit(1, 0))),
        Err(RuleError::GameOver)
    );
}

#[test]
fn equal_stores_are_a_draw() {
    // South sows (1,11) with 2: (0,11) 3->4 mid-lap -> North's store (48);
    // (0,10) 3->4 last seed -> South's store (48). Board empty, 48-48: a draw.
    let mut r = [[0u8; 12]; 2];
    r[1][11] = 2;
    r[0][11] = 3;
    r[0][10] = 3;
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,11");
    assert_eq!(stores(&s), [48, 48]);
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::BoardEmpty);
}

/// South sows (1,11) with 2: (0,11) 3->4 in the middle of the lap -> North's store,
/// (0,10) 0->1 last, empty: the turn ends. Left on the board: (0,10) 1, (1,0) 2,
/// (0,5) 1 = exactly 4. The capture that took the board from 8 to 4 went to North
/// (the non-mover). Board 8 -> stores 44/44; North's store 48 before the last four.
fn mid_lap_last_four(options: Options) -> (GameState, Vec<Event>) {
    let mut r = [[0u8; 12]; 2];
    r[1][11] = 2;
    r[1][0] = 2;
    r[0][11] = 3;
    r[0][5] = 1;
    let mut s = position(G, options, rows(r), Player::South);
    assert_eq!(stores(&s), [44, 44]);
    let ev = play_text(&mut s, "1,11");
    assert_eq!(
        captures(&ev)[0],
        (pit(0, 11), 4, CaptureTo::Store(Player::North))
    );
    assert_eq!(grid(&s), vec![vec![0u8; 12]; 2]);
    (s, ev)
}

#[test]
fn last_four_penultimate_capturer_can_be_a_mid_lap_capture_for_the_non_mover() {
    let (s, ev) = mid_lap_last_four(Options::default());
    // The last 4 go to North: 48 + 4 = 52 against South's 44.
    let rest = &captures(&ev)[1..];
    assert!(rest.iter().all(|c| c.2 == CaptureTo::Store(Player::North)));
    assert_eq!(rest.iter().map(|c| c.1).sum::<u32>(), 4);
    assert_eq!(stores(&s), [44, 52]);
    let o = game_over(&ev).unwrap();
    assert_eq!(o.result, GameResult::Win(Player::North));
    assert_eq!(o.reason, EndReason::LastFour);
}

/// North to move. Board 12 -> stores 84: 42/42.
/// 1. North sows (0,2): its 1 seed into (0,1), 3->4, the last seed: North captures
///    (the first capture with a lap's last seed) and plays again. Board 8.
/// 2. North sows (0,11): 1 seed into (0,10), empty: the turn ends.
/// 3. South sows (1,10): 1 seed into (1,11), 3->4, the last seed: South captures.
///    Board 8 -> 4 ((0,10) 1, (1,0) 3): the game ends. Stores 46/46 before the last four.
fn last_seed_last_four(options: Options) -> (GameState, Vec<Event>) {
    let mut r = [[0u8; 12]; 2];
    r[0][2] = 1;
    r[0][1] = 3;
    r[0][11] = 1;
    r[1][10] = 1;
    r[1][11] = 3;
    r[1][0] = 3;
    let mut s = position(G, options, rows(r), Player::North);
    assert_eq!(stores(&s), [42, 42]);
    let ev = play_text(&mut s, "0,2");
    assert!(has(
        &ev,
        &Event::ExtraTurn {
            player: Player::North
        }
    ));
    assert_eq!(s.to_decide(), Player::North);
    play_text(&mut s, "0,11");
    assert_eq!(s.to_decide(), Player::South);
    let ev = play_text(&mut s, "1,10");
    assert_eq!(
        captures(&ev)[0],
        (pit(1, 11), 4, CaptureTo::Store(Player::South))
    );
    (s, ev)
}

#[test]
fn last_four_penultimate_capturer_by_the_last_seed() {
    // Default convention: South made the 8 -> 4 capture: 46 + 4 = 50 against 46.
    let (s, ev) = last_seed_last_four(Options::default());
    assert_eq!(stores(&s), [50, 46]);
    let o = game_over(&ev).unwrap();
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::LastFour);
}

#[test]
fn last_four_first_final_seed_capturer() {
    // North was the first to capture with a lap's last seed: 46 + 4 = 50 against 46.
    let o = Options {
        last_four: LastFour::FirstFinalSeedCapturer,
        ..Options::default()
    };
    let (s, ev) = last_seed_last_four(o);
    assert_eq!(stores(&s), [46, 50]);
    let out = game_over(&ev).unwrap();
    assert_eq!(out.result, GameResult::Win(Player::North));
    assert_eq!(out.reason, EndReason::LastFour);

    // Nobody has captured with a last seed: the penultimate capturer (North, whose
    // mid-lap capture took the board from 8 to 4) gets them.
    let (s, ev) = mid_lap_last_four(o);
    assert_eq!(stores(&s), [44, 52]);
    assert_eq!(
        game_over(&ev).unwrap().result,
        GameResult::Win(Player::North)
    );
}

#[test]
fn last_four_lottery_is_a_seeded_draw() {
    let mut winners = Vec::new();
    for seed in 0..32u64 {
        let o = Options {
            last_four: LastFour::Lottery,
            seed,
            ..Options::default()
        };
        let (s, ev) = mid_lap_last_four(o);
        let lots: Vec<Player> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Lot { winner } => Some(*winner),
                _ => None,
            })
            .collect();
        assert_eq!(lots.len(), 1, "exactly one draw");
        let w = lots[0];
        // North had 48 after the mid-lap capture, South 44; the lot's winner gets 4.
        let want = match w {
            Player::South => [48, 48],
            Player::North => [44, 52],
        };
        assert_eq!(stores(&s), want);
        assert_eq!(game_over(&ev).unwrap().reason, EndReason::LastFour);
        // The same seed draws the same again.
        let (s2, ev2) = mid_lap_last_four(o);
        assert_eq!(ev2, ev);
        assert_eq!(s2, s);
        winners.push(w);
    }
    // The draw depends on the seed: both players win some.
    assert!(winners.contains(&Player::South) && winners.contains(&Player::North));
}

#[test]
fn stop_when_decided_ends_after_a_store_passes_48() {
    // Board 6 -> stores 90: 45/45. South sows (1,10): 1 seed into (1,11), 3->4, the last
    // seed: South captures, 49 > 48.
    let mut r = [[0u8; 12]; 2];
    r[1][10] = 1;
    r[1][11] = 3;
    r[0][5] = 2;
    let decided = Options {
        stop_when_decided: true,
        ..Options::default()
    };
    let mut s = position(G, decided, rows(r), Player::South);
    let ev = play_text(&mut s, "1,10");
    assert_eq!(stores(&s), [49, 45]);
    let o = game_over(&ev).expect("decided");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::Decided);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));

    // Default off: the game goes on (South's extra turn is passed: his row is empty).
    let mut s = position(G, Options::default(), rows(r), Player::South);
    let ev = play_text(&mut s, "1,10");
    assert_eq!(game_over(&ev), None);
    assert_eq!(s.to_decide(), Player::North);

    // Exactly 48 is not more than 48. Board 9 -> stores 87: South 44, North 43; South's
    // capture makes 48: the game goes on with South's extra turn.
    let mut r = [[0u8; 12]; 2];
    r[1][10] = 1;
    r[1][11] = 3;
    r[1][0] = 3;
    r[0][5] = 2;
    let mut s = position(G, decided, rows(r), Player::South);
    let ev = play_text(&mut s, "1,10");
    assert_eq!(stores(&s), [48, 43]);
    assert_eq!(game_over(&ev), None);
    assert!(has(
        &ev,
        &Event::ExtraTurn {
            player: Player::South
        }
    ));
    assert_eq!(s.to_decide(), Player::South);
}

#[test]
fn third_repetition_ends_the_game_with_each_row_to_its_owner() {
    // Two single seeds twelve pits apart on the circuit: South's at (1,11) (position
    // 11), North's at (0,0) (position 23); South to move. A round: South moves his
    // seed one pit on, then North moves one seed one pit on (single seeds into empty
    // pits: no relay, no capture). From positions {a, a+12}:
    //   a < 11: South (1,a) -> (1,a+1); North (0,11-a) -> (0,10-a).
    //   a = 11: South (1,11) -> (0,11); North (0,0) -> (1,0), giving {0, 12}.
    // After 12 rounds (24 turns) the seeds lie at {11, 23} again, South to move: the
    // second occurrence; after 48 turns the third: each player adds his own row
    // (1 seed each) to his store. Board 2 -> stores 94: 47/47 -> 48/48, a draw.
    let mut r = [[0u8; 12]; 2];
    r[1][11] = 1;
    r[0][0] = 1;
    let start = position(G, Options::default(), rows(r), Player::South);
    let mut s = start.clone();
    let mut a = 11usize;
    let mut turns = 0;
    let mut last = Vec::new();
    for _round in 0..24 {
        let (south, north) = if a == 11 {
            ("1,11".to_string(), "0,0".to_string())
        } else {
            (format!("1,{a}"), format!("0,{}", 11 - a))
        };
        for mv in [south, north] {
            assert!(legal_text(&s).contains(&mv), "{mv} at turn {turns}");
            let ev = play_text(&mut s, &mv);
            turns += 1;
            assert!(captures(&ev).is_empty() || turns == 48);
            let reps: Vec<u32> = ev
                .iter()
                .filter_map(|e| match e {
                    Event::Repetition { occurrences } => Some(*occurrences),
                    _ => None,
                })
                .collect();
            // Turns 1..23 make new positions; turns 24..47 repeat those of turns
            // 0..23 (second occurrences, the game goes on); turn 48 is the third
            // occurrence of the start.
            match turns {
                1..=23 => assert!(reps.is_empty(), "no repetition at turn {turns}"),
                25..=47 => assert_eq!(reps, vec![2], "turn {turns}"),
                48 => assert_eq!(reps, vec![3]),
                24 => {
                    assert_eq!(reps, vec![2]);
                    assert_eq!(grid(&s), grid(&start));
                    assert_eq!(stores(&s), stores(&start));
                    assert_eq!(s.to_decide(), Player::South);
                    assert!(!s.is_over());
                }
                _ => unreachable!(),
            }
            last = ev;
        }
        a = (a + 1) % 12;
    }
    assert_eq!(turns, 48);
    let mut c = captures(&last);
    c.sort_by_key(|x| x.0);
    assert_eq!(
        c,
        vec![
            (pit(0, 0), 1, CaptureTo::Store(Player::North)),
            (pit(1, 11), 1, CaptureTo::Store(Player::South)),
        ]
    );
    assert_eq!(stores(&s), [48, 48]);
    let o = game_over(&last).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::Repetition);
    assert!(s.is_over());
}

#[test]
fn never_ending_move_is_not_offered_and_applying_it_is_refused() {
    // The conventions' pattern on the 24-pit circuit: one seed in each odd position
    // 1..21, 3 in position 22, 1 in position 23 (positions from (1,0)). Position 22 is
    // (0,1), North's pit. Sowing it: (0,0) 1->2, (1,0) 0->1, (1,1) 1->2 last -> relay 2:
    // (1,2) 0->1, (1,3) 1->2 -> relay ... each lap of 2 seeds fills an even pit and
    // lands on the next odd one, so no pit ever reaches 4 and no lap ends in an empty
    // pit; the lap-start state recurs (288 laps, traced with an independent model of
    // the rules): the move never ends. North's other pits are single seeds that end in
    // an empty pit ((0,0) -> (1,0); (0,2k) -> (0,2k-1)) or, from (0,2), make 4 in (0,1).
    let mut r = [[0u8; 12]; 2];
    for pos in (1..=21).step_by(2) {
        let (row, col) = circuit_pit(pos);
        r[row][col] = 1;
    }
    let (row, col) = circuit_pit(22);
    r[row][col] = 3;
    let (row, col) = circuit_pit(23);
    r[row][col] = 1;
    assert_eq!(r[0][1], 3);
    assert_eq!(r.iter().flatten().map(|&n| n as u32).sum::<u32>(), 15);
    let s = position(G, Options::default(), rows(r), Player::North);
    assert_eq!(
        legal_text(&s),
        vec!["0,0", "0,10", "0,2", "0,4", "0,6", "0,8"]
    );
    let d = Decision::Sow(pit(0, 1));
    assert!(!is_legal(&s, &d));
    let mut t = s.clone();
    match apply(&mut t, d) {
        Err(RuleError::Illegal(msg)) => assert!(msg.contains("never ends"), "{msg}"),
        other => panic!("expected an illegal decision, got {other:?}"),
    }
    assert_eq!(t, s, "the state is unchanged");
    // A legal move still works from there: (0,2) makes 4 in (0,1) with its last seed.
    let mut t = s.clone();
    let ev = play_text(&mut t, "0,2");
    assert_eq!(
        captures(&ev),
        vec![(pit(0, 1), 4, CaptureTo::Store(Player::North))]
    );
}
