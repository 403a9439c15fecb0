//! Nsolo (`docs/rules/03-nsolo.md`): one hand-made position per rule sentence. Every expected
//! result is worked out by hand from the specification (see the comments).
//! South's circuit: row 3 from column 0 to n-1, then row 2 from n-1 down to 0.
//! North's circuit: row 1 from column 0 to n-1, then row 0 from n-1 down to 0.

mod common;
use common::*;
use mancala_hall::rules::*;

const G: Game = Game::Nsolo;

fn width(n: u8) -> Options {
    Options {
        width: n,
        ..Options::default()
    }
}

fn strips(events: &[Event]) -> Vec<(Pit, Player)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Strip { pit, by } => Some((*pit, *by)),
            _ => None,
        })
        .collect()
}

#[test]
fn start_layout_width_8_and_36() {
    for n in [8usize, 36] {
        let s = GameState::new(G, width(n as u8)).unwrap();
        // 2 seeds everywhere except South's (2, n-1) and North's (1, 0).
        let mut want = vec![vec![2u8; n]; 4];
        want[2][n - 1] = 0;
        want[1][0] = 0;
        assert_eq!(grid(&s), want, "width {n}");
        // 8n - 4 seeds: 60 and 284.
        let total: u32 = grid(&s).iter().flatten().map(|&x| x as u32).sum();
        assert_eq!(total, 8 * n as u32 - 4);
        assert_eq!(s.seeds().total(), if n == 8 { 60 } else { 284 });
        assert_eq!(captured(&s), [0, 0]);
        assert_eq!(s.to_decide(), Player::South);
        // South may sow any of his 2n - 1 pits holding 2.
        assert_eq!(legal_decisions(&s).len(), 2 * n - 1);
        assert!(!is_legal(&s, &Decision::Sow(pit(2, n as u8 - 1))));
    }
}

#[test]
fn sowing_relays_until_a_lap_ends_in_an_empty_pit() {
    // South sows (3,0) with 2: (3,1) 0->1, (3,2) 1->2 last, occupied -> relay: lift 2,
    // (3,3) 0->1, (3,4) 1->2 last, occupied -> relay: lift 2, (3,5) 0->1, (3,6) 0->1
    // last, empty: the turn ends (in the back row: no capture).
    let mut r = empty(8);
    r[3][0] = 2;
    r[3][2] = 1;
    r[3][4] = 1;
    r[0][7] = 2;
    r[1][6] = 3;
    let mut s = position(G, Options::default(), r.clone(), Player::South);
    let ev = play_text(&mut s, "3,0");
    let relays: Vec<Pit> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Relay { pit } => Some(*pit),
            _ => None,
        })
        .collect();
    assert_eq!(relays, vec![pit(3, 2), pit(3, 4)]);
    let mut want = r.clone();
    want[3] = vec![0, 1, 0, 1, 0, 1, 1, 0];
    assert_eq!(grid(&s), want);
    assert!(captures(&ev).is_empty());
    assert_eq!(s.to_decide(), Player::North);
    assert_eq!(s.pending(), &Pending::Turn);

    // A long lap wraps from row 2 back into row 3 (the circuit), and relays on.
    // South sows (2,1) with 3: (2,0) 0->1, (3,0) 0->1, (3,1) 1->2 last -> relay 2:
    // (3,2) 0->1, (3,3) 0->1 last, empty: the turn ends.
    let mut r = empty(8);
    r[2][1] = 3;
    r[3][1] = 1;
    r[0][7] = 2;
    let mut s = position(G, Options::default(), r, Player::South);
    play_text(&mut s, "2,1");
    let mut want = empty(8);
    want[2][0] = 1;
    want[3] = vec![1, 0, 1, 1, 0, 0, 0, 0];
    want[0][7] = 2;
    assert_eq!(grid(&s), want);
}

#[test]
fn singles_only_without_a_pit_of_two_and_only_into_an_empty_next_pit() {
    // South holds only single seeds: (3,0) (3,1) (3,3) (2,7) (2,0).
    //   (3,0) -> (3,1) occupied: no;  (3,1) -> (3,2) empty: yes;
    //   (3,3) -> (3,4) empty: yes;    (2,7) -> (2,6) empty: yes;
    //   (2,0) -> (3,0) (the circuit wraps) occupied: no.
    let mut r = empty(8);
    r[3][0] = 1;
    r[3][1] = 1;
    r[3][3] = 1;
    r[2][7] = 1;
    r[2][0] = 1;
    r[0][7] = 2;
    let s = position(G, Options::default(), r.clone(), Player::South);
    assert_eq!(legal_text(&s), vec!["2,7", "3,1", "3,3"]);
    assert!(!is_legal(&s, &Decision::Sow(pit(3, 0))));
    assert!(!is_legal(&s, &Decision::Sow(pit(2, 0))));
    let mut t = s.clone();
    assert!(apply(&mut t, Decision::Sow(pit(3, 0))).is_err());
    assert_eq!(t, s);
    // A single into an empty back pit: moved one pit on, the turn ends.
    let mut t = s.clone();
    let ev = play_text(&mut t, "3,3");
    let mut want = r.clone();
    want[3][3] = 0;
    want[3][4] = 1;
    assert_eq!(grid(&t), want);
    assert!(captures(&ev).is_empty());
    assert_eq!(t.to_decide(), Player::North);

    // With one pit of 2 or more, only such pits may be sown: no singles at all.
    let mut r2 = r.clone();
    r2[3][5] = 2;
    let s = position(G, Options::default(), r2, Player::South);
    assert_eq!(legal_text(&s), vec!["3,5"]);
}

/// South sows (3,6) with 2: (3,7) 0->1, (2,7) 0->1 last, empty, South's front row.
/// The facing front pit (1,7) holds 3: k = 3, removed from play; the back pit (0,7)
/// (5 seeds) is not captured. North keeps (0,7) 5, (1,2) 1, (0,3) 2 = 8 >= 3.
/// Board 13 -> captured 47: South 24, North 23.
fn capture_position(options: Options) -> GameState {
    let mut r = empty(8);
    r[3][6] = 2;
    r[1][7] = 3;
    r[0][7] = 5;
    r[1][2] = 1;
    r[0][3] = 2;
    position(G, options, r, Player::South)
}

#[test]
fn capture_takes_the_facing_front_pit_only_then_a_strip_of_k() {
    let mut s = capture_position(Options::default());
    assert_eq!(captured(&s), [24, 23]);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(
        captures(&ev),
        vec![(pit(1, 7), 3, CaptureTo::OffBoard(Player::South))]
    );
    assert_eq!(s.count(pit(0, 7)), 5, "the back pit is safe");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 3 });
    assert_eq!(s.to_decide(), Player::South);
    assert_eq!(captured(&s), [27, 23]);
    // Any occupied opponent pit, front or back, one seed at a time.
    assert_eq!(legal_text(&s), vec!["strip 0,3", "strip 0,7", "strip 1,2"]);
    // Not an own pit, not an empty opponent pit, not stopping (bonus is all k).
    for bad in ["strip 3,7", "strip 1,7", "strip 0,0", "strip end", "3,7"] {
        let d: Decision = bad.parse().unwrap();
        let mut t = s.clone();
        assert!(apply(&mut t, d).is_err(), "{bad}");
        assert_eq!(t, s);
    }
    let ev = play_text(&mut s, "strip 0,7");
    assert_eq!(strips(&ev), vec![(pit(0, 7), Player::South)]);
    assert_eq!(s.count(pit(0, 7)), 4);
    assert_eq!(s.pending(), &Pending::Strip { remaining: 2 });
    play_text(&mut s, "strip 1,2");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 1 });
    // (1,2) is now empty: no longer a choice.
    assert_eq!(legal_text(&s), vec!["strip 0,3", "strip 0,7"]);
    let ev = play_text(&mut s, "strip 0,7");
    assert_eq!(
        ev.last(),
        Some(&Event::EndTurn {
            player: Player::South
        })
    );
    // 3 captured + 3 stripped; North keeps (0,7) 3, (0,3) 2.
    assert_eq!(captured(&s), [30, 23]);
    let mut want = empty(8);
    want[3][7] = 1;
    want[2][7] = 1;
    want[0][7] = 3;
    want[0][3] = 2;
    assert_eq!(grid(&s), want);
    assert_eq!(s.to_decide(), Player::North);
    assert_eq!(s.pending(), &Pending::Turn);
}

#[test]
fn landings_that_do_not_capture() {
    // South sows (3,6) with 2 and ends in the empty front pit (2,7), but the facing
    // front pit (1,7) is empty: no capture, even with seeds in North's back pit (0,7).
    let mut r = empty(8);
    r[3][6] = 2;
    r[0][7] = 5;
    r[1][2] = 2;
    let mut s = position(G, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,6");
    assert!(captures(&ev).is_empty());
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(s.to_decide(), Player::North);

    // Ending in an empty back pit captures nothing even if column 2 is full on North's
    // side: (3,0) with 2 -> (3,1), (3,2) (empty, back row).
    let mut r = empty(8);
    r[3][0] = 2;
    r[1][2] = 3;
    r[0][2] = 3;
    let mut s = position(G, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    assert!(captures(&ev).is_empty());
    assert_eq!(s.to_decide(), Player::North);
}

#[test]
fn fewer_than_k_left_strips_all_that_remain_and_no_seeds_loses() {
    // Capture of (1,7) k = 3; North has only (0,0) 1 and (0,5) 1 left: strip 2.
    let mut r = empty(8);
    r[3][6] = 2;
    r[3][0] = 2;
    r[1][7] = 3;
    r[0][0] = 1;
    r[0][5] = 1;
    let mut s = position(G, Options::default(), r, Player::South);
    play_text(&mut s, "3,6");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 2 });
    play_text(&mut s, "strip 0,5");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 1 });
    assert_eq!(legal_text(&s), vec!["strip 0,0"]);
    let ev = play_text(&mut s, "strip 0,0");
    // North has no seeds left: North loses.
    assert_eq!(s.side_total(Player::North), 0);
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::NoSeedsLeft);
    assert!(s.is_over());
}

#[test]
fn a_capture_of_the_last_seeds_wins_at_once() {
    // North's only seeds are the 3 in (1,7): captured, nothing left to strip.
    let mut r = empty(8);
    r[3][6] = 2;
    r[3][0] = 2;
    r[1][7] = 3;
    let mut s = position(G, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(
        captures(&ev),
        vec![(pit(1, 7), 3, CaptureTo::OffBoard(Player::South))]
    );
    assert!(strips(&ev).is_empty());
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::NoSeedsLeft);
}

#[test]
fn bonus_up_to_k_lets_the_mover_stop_stripping() {
    let up_to = Options {
        bonus_up_to_k: true,
        ..Options::default()
    };
    let mut s = capture_position(up_to);
    play_text(&mut s, "3,6");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 3 });
    assert_eq!(
        legal_text(&s),
        vec!["strip 0,3", "strip 0,7", "strip 1,2", "strip end"]
    );
    play_text(&mut s, "strip 1,2");
    assert_eq!(s.pending(), &Pending::Strip { remaining: 2 });
    let ev = play_text(&mut s, "strip end");
    assert_eq!(
        ev.last(),
        Some(&Event::EndTurn {
            player: Player::South
        })
    );
    // 3 captured + 1 stripped; North keeps (0,7) 5 and (0,3) 2.
    assert_eq!(captured(&s), [28, 23]);
    assert_eq!(s.count(pit(0, 7)), 5);
    assert_eq!(s.count(pit(0, 3)), 2);
    assert_eq!(s.to_decide(), Player::North);
    assert_eq!(s.pending(), &Pending::Turn);

    // Default: "strip end" is not a choice.
    let mut s = capture_position(Options::default());
    play_text(&mut s, "3,6");
    assert!(!legal_text(&s).contains(&"strip end".to_string()));
    assert!(apply(&mut s, Decision::EndStrip).is_err());
}

#[test]
fn a_single_seed_move_can_capture() {
    // South holds single seeds only: (3,7) and (3,0). (3,7) -> (2,7), empty front pit,
    // facing (1,7) with 2: k = 2 removed, strip 2 (North keeps (0,0) 2 + (0,4) 1).
    let mut r = empty(8);
    r[3][7] = 1;
    r[3][0] = 1;
    r[1][7] = 2;
    r[0][0] = 2;
    r[0][4] = 1;
    let mut s = position(G, Options::default(), r, Player::South);
    assert_eq!(legal_text(&s), vec!["3,0", "3,7"]);
    let ev = play_text(&mut s, "3,7");
    assert_eq!(
        captures(&ev),
        vec![(pit(1, 7), 2, CaptureTo::OffBoard(Player::South))]
    );
    assert_eq!(s.pending(), &Pending::Strip { remaining: 2 });
    assert_eq!(s.count(pit(2, 7)), 1);
    assert_eq!(s.count(pit(3, 7)), 0);
}

#[test]
fn the_player_to_move_without_a_legal_move_loses() {
    // North: one seed in every one of his 16 pits: no pit of 2, no empty next pit.
    // South sows (3,0) with 2 -> (3,1), (3,2), empty back pit: no capture.
    let mut r = empty(8);
    r[0] = vec![1; 8];
    r[1] = vec![1; 8];
    r[3][0] = 2;
    let mut s = position(G, Options::default(), r, Player::South);
    let ev = play_text(&mut s, "3,0");
    assert!(captures(&ev).is_empty());
    let o = game_over(&ev).expect("game over");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.reason, EndReason::NoLegalMove);
    assert!(legal_decisions(&s).is_empty());
}

#[test]
fn a_player_may_resign() {
    let mut s = GameState::new(G, Options::default()).unwrap();
    // Never listed, but always allowed while the game goes on.
    assert!(!legal_decisions(&s).contains(&Decision::Resign));
    assert!(is_legal(&s, &Decision::Resign));
    let ev = play(&mut s, Decision::Resign);
    let o = game_over(&ev).unwrap();
    assert_eq!(o.result, GameResult::Win(Player::North));
    assert_eq!(o.reason, EndReason::Resigned);
    assert!(s.is_over());
    // Also in the middle of a strip, by the player who must decide.
    let mut s = capture_position(Options::default());
    play_text(&mut s, "3,6");
    let ev = play_text(&mut s, "resign");
    assert_eq!(
        game_over(&ev).unwrap().result,
        GameResult::Win(Player::North)
    );
    assert_eq!(apply(&mut s, Decision::Resign), Err(RuleError::GameOver));
}

#[test]
fn a_repeated_position_is_a_draw() {
    // n = 8: North: (1,1) (1,3) (1,5) (1,7) (0,6) (0,4) one each, (0,2) 2, (0,1) 1,
    // (0,0) 1; South: (2,6) (2,4) (2,2) (2,0) (3,1) (3,3) one each, (3,5) 2, (3,6) 1,
    // (3,7) 1. Each side has a single pit of 2, so every move below is forced.
    let start = pendulum(8);
    assert_eq!(start[0], vec![1, 1, 2, 0, 1, 0, 1, 0]);
    assert_eq!(start[1], vec![0, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(start[2], vec![1, 0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(start[3], vec![0, 1, 0, 1, 0, 2, 1, 1]);
    let mut s = position(G, Options::default(), start.clone(), Player::South);
    assert_eq!(legal_text(&s), vec!["3,5"]);
    let ev = play_text(&mut s, "3,5");
    assert!(captures(&ev).is_empty());
    // South: one seed in each even position 0..12 ((3,0) (3,2) (3,4) (2,7) (2,5) (2,3)
    // (2,1)), (3,5) 1, (3,6) 2.
    assert_eq!(grid(&s)[3], vec![1, 0, 1, 0, 1, 1, 2, 0]);
    assert_eq!(grid(&s)[2], vec![0, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(legal_text(&s), vec!["0,2"]);
    play_text(&mut s, "0,2");
    assert_eq!(grid(&s)[1], vec![1, 0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(grid(&s)[0], vec![0, 2, 1, 1, 0, 1, 0, 1]);
    assert_eq!(legal_text(&s), vec!["3,6"]);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(game_over(&ev), None);
    assert_eq!(legal_text(&s), vec!["0,1"]);
    // The fourth turn gives back the start, South to move: a second occurrence.
    let ev = play_text(&mut s, "0,1");
    assert_eq!(grid(&s), start);
    assert!(ev.contains(&Event::Repetition { occurrences: 2 }));
    let o = game_over(&ev).expect("a draw");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::Repetition);
}

/// The conventions' never-ending pattern on South's circuit of L = 2n pits: one seed
/// in each odd position 1..L-3, 3 in L-2 = (2,1), 1 in L-1 = (2,0); sown from (2,1),
/// it relays forever (each lap of 2 lands on the next odd pit; traced by hand for
/// the first laps and with an independent model: the lap-start state recurs).
/// North holds (0,0) 2 and (0,3) 2. (2,1) is South's only pit of 2 or more.
fn never_ending(n: usize, options: Options) -> (GameState, Vec<Vec<u8>>) {
    let l = 2 * n;
    let mut r = empty(n);
    for pos in (1..=l - 3).step_by(2) {
        let (row, col) = circuit_pit(n, Player::South, pos);
        r[row][col] = 1;
    }
    r[2][1] = 3;
    r[2][0] = 1;
    r[0][0] = 2;
    r[0][3] = 2;
    (position(G, options, r.clone(), Player::South), r)
}

#[test]
fn a_never_ending_move_is_a_draw_or_the_mover_loses() {
    for n in [8usize, 36] {
        let (mut s, r) = never_ending(n, width(n as u8));
        assert_eq!(legal_text(&s), vec!["2,1"]);
        let ev = play_text(&mut s, "2,1");
        // The move is not carried out: the board stays as it was.
        assert_eq!(grid(&s), r, "width {n}");
        assert!(matches!(ev.first(), Some(Event::Lift { .. })));
        assert!(ev.iter().any(|e| matches!(e, Event::NeverEnding { .. })));
        let o = game_over(&ev).expect("game over");
        assert_eq!(o.result, GameResult::Draw);
        assert_eq!(o.reason, EndReason::NeverEndingMove);
        assert!(s.is_over());

        let loses = Options {
            never_ending: NeverEndingRule::MoverLoses,
            ..width(n as u8)
        };
        let (mut s, r) = never_ending(n, loses);
        let ev = play_text(&mut s, "2,1");
        assert_eq!(grid(&s), r);
        let o = game_over(&ev).expect("game over");
        assert_eq!(o.result, GameResult::Win(Player::North));
        assert_eq!(o.reason, EndReason::NeverEndingMove);
    }
}

#[test]
fn whole_random_games_on_4x36_end() {
    // Three seeded random games on the largest board: every decision checked by `play`
    // (seed conservation, event replay); each game ends by a rule of the game.
    for seed in 1..=3u64 {
        let mut s = GameState::new(G, width(36)).unwrap();
        let mut lot = Lot(seed);
        let mut decisions = 0;
        while let Some(d) = random_decision(&s, &mut lot) {
            play(&mut s, d);
            decisions += 1;
            assert!(decisions < 100_000, "seed {seed}: the game does not end");
        }
        assert!(s.is_over());
        assert_eq!(s.seeds().total(), 284);
        let o = s.outcome().unwrap();
        println!("seed {seed}: {decisions} decisions, {o:?}");
        assert!(
            matches!(
                o.reason,
                EndReason::NoSeedsLeft
                    | EndReason::NoLegalMove
                    | EndReason::Repetition
                    | EndReason::NeverEndingMove
            ),
            "{o:?}"
        );
        if o.reason == EndReason::NoSeedsLeft {
            let GameResult::Win(w) = o.result else {
                panic!("{o:?}")
            };
            assert_eq!(s.side_total(w.opponent()), 0);
        }
    }
}
