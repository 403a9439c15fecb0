//! Omweso, rule by rule: hand-made positions for every sentence of `docs/rules/01-omweso.md` and
//! the Omweso parts of `docs/rules/00-conventions.md`. Every expected result below was worked out
//! by hand from the specification (the comments give the reasoning), not copied from
//! the engine's output.
//!
//! Grid: row 0 = North's back row (top), row 1 = North's front row, row 2 = South's
//! front row, row 3 = South's back row. South's circuit (CCW): (3,0)..(3,7) are
//! positions 0..7, then (2,7)..(2,0) are positions 8..15. North's circuit (CCW):
//! (1,0)..(1,7) are positions 0..7, then (0,7)..(0,0) are positions 8..15.

mod common;
use common::*;
use mancala_hall::rules::*;

const S: Player = Player::South;
const N: Player = Player::North;

/// The standard set-up: 4 seeds in each back-row pit.
const STANDARD: [[u8; 8]; 4] = [[4; 8], [0; 8], [0; 8], [4; 8]];

fn omweso(r: [[u8; 8]; 4], to_move: Player) -> GameState {
    position(Game::Omweso, Options::default(), rows(r), to_move)
}

fn omweso_with(options: Options, r: [[u8; 8]; 4], to_move: Player) -> GameState {
    position(Game::Omweso, options, rows(r), to_move)
}

fn dec(text: &str) -> Decision {
    text.parse().expect("notation")
}

/// The decision is refused with an error and the state is left exactly as it was.
fn refused(s: &GameState, d: Decision) -> RuleError {
    let before = s.clone();
    let mut t = s.clone();
    let err = apply(&mut t, d.clone()).expect_err(&format!("{d} should be refused"));
    assert_eq!(t, before, "a refused {d} changed the state");
    assert!(!is_legal(s, &d), "{d} refused but is_legal says yes");
    err
}

fn refused_text(s: &GameState, text: &str) -> RuleError {
    refused(s, dec(text))
}

/// Captures as (row, col, count), sorted (the order of the two facing pits is free).
fn taken(events: &[Event]) -> Vec<(u8, u8, u32)> {
    let mut v: Vec<(u8, u8, u32)> = captures(events)
        .into_iter()
        .map(|(p, n, to)| {
            assert_eq!(
                to,
                CaptureTo::Hand,
                "Omweso captures go into the mover's hand"
            );
            (p.row, p.col, n)
        })
        .collect();
    v.sort();
    v
}

fn match_scores(events: &[Event]) -> Vec<([u32; 2], Option<Player>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MatchScore { points, winner } => Some((*points, *winner)),
            _ => None,
        })
        .collect()
}

fn ends_turn_of(events: &[Event], p: Player) -> bool {
    matches!(events.last(), Some(Event::EndTurn { player }) if *player == p)
}

fn won(winner: Player, points: u32, reason: EndReason) -> Outcome {
    Outcome {
        result: GameResult::Win(winner),
        points,
        reason,
    }
}

fn annulled(reason: EndReason) -> Outcome {
    Outcome {
        result: GameResult::Annulled,
        points: 0,
        reason,
    }
}

fn points(s: &GameState) -> (u32, u32) {
    let m = s.match_score().expect("Omweso keeps a match score");
    (m.points.south, m.points.north)
}

/// South's circuit position k (0..16) as a pit.
fn south_at(k: usize) -> Pit {
    let k = k % 16;
    if k < 8 {
        pit(3, k as u8)
    } else {
        pit(2, (15 - k) as u8)
    }
}

/// North's circuit position k (0..16) as a pit.
fn north_at(k: usize) -> Pit {
    let k = k % 16;
    if k < 8 {
        pit(1, k as u8)
    } else {
        pit(0, (15 - k) as u8)
    }
}

// ---------------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------------

#[test]
fn standard_set_up_and_first_player() {
    // 4 seeds in each back-row pit, front rows empty; South first by default. Nobody
    // has played a turn yet; no pit holds 3, so there is no opening three.
    let s = GameState::new(Game::Omweso, Options::default()).unwrap();
    assert_eq!(grid(&s), rows(STANDARD));
    assert_eq!(s.seeds().total(), 64);
    assert_eq!((s.pending(), s.to_decide()), (&Pending::Turn, S));
    assert_eq!(s.flags(), &Flags::default());
    assert_eq!(
        legal_text(&s),
        ["3,0", "3,1", "3,2", "3,3", "3,4", "3,5", "3,6", "3,7"]
    );
    let m = s.match_score().unwrap();
    assert_eq!((m.points.south, m.points.north, m.first), (0, 0, S));
    assert!(m.games.is_empty() && m.winner.is_none());

    let north = Options {
        first: FirstPlayer::North,
        ..Options::default()
    };
    let s = GameState::new(Game::Omweso, north).unwrap();
    assert_eq!(s.to_decide(), N);
    assert_eq!(s.match_score().unwrap().first, N);

    // By lot: either player, and the match remembers who.
    let mut seen = Vec::new();
    for seed in 0..32 {
        let random = Options {
            first: FirstPlayer::Random,
            seed,
            ..Options::default()
        };
        let s = GameState::new(Game::Omweso, random).unwrap();
        assert_eq!(s.match_score().unwrap().first, s.to_decide());
        seen.push(s.to_decide());
    }
    assert!(seen.contains(&S) && seen.contains(&N));
}

// ---------------------------------------------------------------------------------
// Sowing, laps and relay
// ---------------------------------------------------------------------------------

#[test]
fn relay_lifts_the_landing_pit_and_sows_on_from_the_next_pit() {
    // South sows (3,0)=2: (3,1) 0->1, (3,2) 1->2. (3,2) was occupied: relay, lift 2
    // and sow on from the next pit: (3,3) 0->1, (3,4) 0->1. (3,4) was empty: the turn
    // ends. (3,2) is a back-row pit, so no capture although North's (1,2) and (0,2)
    // both hold seeds.
    let mut s = omweso(
        [
            [8, 8, 8, 8, 8, 8, 8, 3],
            [0, 0, 2, 0, 0, 0, 0, 0],
            [0; 8],
            [2, 0, 1, 0, 0, 0, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["3,0"]);
    let ev = play_text(&mut s, "3,0");
    assert_eq!(
        ev,
        vec![
            Event::Lift {
                pit: pit(3, 0),
                count: 2
            },
            Event::Drop { pit: pit(3, 1) },
            Event::Drop { pit: pit(3, 2) },
            Event::Relay { pit: pit(3, 2) },
            Event::Lift {
                pit: pit(3, 2),
                count: 2
            },
            Event::Drop { pit: pit(3, 3) },
            Event::Drop { pit: pit(3, 4) },
            Event::EndTurn { player: S },
        ]
    );
    assert_eq!(
        grid(&s),
        rows([
            [8, 8, 8, 8, 8, 8, 8, 3],
            [0, 0, 2, 0, 0, 0, 0, 0],
            [0; 8],
            [0, 1, 0, 1, 1, 0, 0, 0],
        ])
    );
    assert_eq!(s.to_decide(), N);
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(
        s.flags().turns_played.south,
        2,
        "from_rows counts one turn each"
    );
}

#[test]
fn a_lap_ending_in_an_empty_pit_ends_the_turn() {
    // (3,5)=2: (3,6) 0->1, (3,7) 0->1; (3,7) was empty: the turn ends after one lap.
    let mut s = omweso(
        [
            [8, 8, 8, 8, 8, 8, 8, 6],
            [0; 8],
            [0; 8],
            [0, 0, 0, 0, 0, 2, 0, 0],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,5");
    assert_eq!(drops(&ev), [pit(3, 6), pit(3, 7)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Relay { .. })));
    assert!(ends_turn_of(&ev, S));
    assert_eq!(grid(&s)[3], [0, 0, 0, 0, 0, 0, 1, 1]);
    assert_eq!(s.to_decide(), N);
}

#[test]
fn a_lap_of_sixteen_drops_into_its_origin() {
    // 16 seeds from (3,0): one into each of the 15 following pits, the 16th into the
    // origin (3,0) itself (never skipped). The origin was emptied by the lift, so the
    // last seed falls into an empty pit: the turn ends with one seed in every pit.
    // (Had the origin been skipped, the 16th seed would land in the occupied (3,1).)
    let mut s = omweso([[6; 8], [0; 8], [0; 8], [16, 0, 0, 0, 0, 0, 0, 0]], S);
    let ev = play_text(&mut s, "3,0");
    let expected: Vec<Pit> = (1..=16).map(south_at).collect();
    assert_eq!(drops(&ev), expected);
    assert_eq!(*drops(&ev).last().unwrap(), pit(3, 0));
    assert!(ends_turn_of(&ev, S));
    assert_eq!(grid(&s), rows([[6; 8], [0; 8], [1; 8], [1; 8]]));
}

#[test]
fn a_lap_of_seventeen_passes_the_origin_and_relays_from_its_own_seed() {
    // 17 from (3,0) (position 0): positions 1..15 get one, the origin one, and the
    // 17th falls into position 1, which got a seed earlier in this lap: occupied
    // before the drop, so relay. From then on every lap lifts 2 and lands on a pit
    // holding 1: lift p1 -> p2,p3; lift p3 -> p4,p5; ... lift p15 ((2,0), a leftmost
    // pit, but North's front row is empty so no clockwise capture exists) -> p0 (1->2),
    // p1 (lifted, 0->1): empty, the turn ends.
    // Result by position: p0=2 p1=1, even positions 2..14 = 2, odd 3..15 = 0.
    let mut s = omweso(
        [
            [6, 6, 6, 6, 6, 6, 6, 5],
            [0; 8],
            [0; 8],
            [17, 0, 0, 0, 0, 0, 0, 0],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,0");
    let relays: Vec<Pit> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Relay { pit } => Some(*pit),
            _ => None,
        })
        .collect();
    let expected_relays: Vec<Pit> = (1..=15).step_by(2).map(south_at).collect();
    assert_eq!(relays, expected_relays);
    assert_eq!(
        grid(&s),
        rows([
            [6, 6, 6, 6, 6, 6, 6, 5],
            [0; 8],
            [0, 2, 0, 2, 0, 2, 0, 2],
            [2, 1, 2, 0, 2, 0, 2, 0],
        ])
    );
    assert!(ends_turn_of(&ev, S));
}

// ---------------------------------------------------------------------------------
// Capture
// ---------------------------------------------------------------------------------

/// South (3,6)=2, (2,7)=1; North (1,7)=3, (0,7)=4 and (1,0)=2 (front row stays
/// non-empty); the rest on North's back row.
const CAPTURE: [[u8; 8]; 4] = [
    [8, 8, 8, 7, 7, 7, 7, 4],
    [2, 0, 0, 0, 0, 0, 0, 3],
    [0, 0, 0, 0, 0, 0, 0, 1],
    [0, 0, 0, 0, 0, 0, 2, 0],
];

#[test]
fn capture_takes_both_facing_pits_and_sows_them_after_the_origin() {
    // Lap: (3,6) lifted, (3,7) 0->1, (2,7) 1->2. (2,7) was occupied, is in South's
    // front row, and North's (1,7)=3 and (0,7)=4 both hold seeds: capture 7 into the
    // hand. They are sown from the pit after the ORIGIN (3,6): (3,7) 1->2, (2,7) 2->3
    // (the capturing pit was not lifted), (2,6), (2,5), (2,4), (2,3), (2,2) 0->1 each;
    // (2,2) was empty: the turn ends.
    let mut s = omweso(CAPTURE, S);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(taken(&ev), [(0, 7, 4), (1, 7, 3)]);
    assert_eq!(
        drops(&ev),
        [
            pit(3, 7),
            pit(2, 7),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6),
            pit(2, 5),
            pit(2, 4),
            pit(2, 3),
            pit(2, 2)
        ]
    );
    // The capturing pit is never lifted.
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Lift { pit: p, .. } if *p == pit(2, 7)))
    );
    assert_eq!(
        grid(&s),
        rows([
            [8, 8, 8, 7, 7, 7, 7, 0],
            [2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 1, 1, 1, 1, 1, 3],
            [0, 0, 0, 0, 0, 0, 0, 2],
        ])
    );
    assert!(game_over(&ev).is_none());
    assert!(s.flags().capture_made);
    assert_eq!(s.flags().capture_turns.south, 1);
    assert_eq!(s.to_decide(), N);
}

#[test]
fn capture_after_a_relay_sows_after_the_relay_pit() {
    // (3,5)=2: (3,6) 0->1, (3,7) 1->2: back row, relay from (3,7) (the new origin):
    // (2,7) 0->1, (2,6) 1->2: front row, North (1,6)=2 and (0,6)=1: capture 3, sown
    // after the origin (3,7): (2,7) 1->2, (2,6) 2->3, (2,5) 0->1: empty, the end.
    // (Sown after the turn's first pit (3,5) they would have gone to (3,6),(3,7),(2,7).)
    let mut s = omweso(
        [
            [8, 8, 8, 8, 8, 8, 1, 7],
            [2, 0, 0, 0, 0, 0, 2, 0],
            [0, 0, 0, 0, 0, 0, 1, 0],
            [0, 0, 0, 0, 0, 2, 0, 1],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,5");
    assert_eq!(taken(&ev), [(0, 6, 1), (1, 6, 2)]);
    assert_eq!(
        drops(&ev),
        [
            pit(3, 6),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6),
            pit(2, 7),
            pit(2, 6),
            pit(2, 5)
        ]
    );
    assert_eq!(
        grid(&s),
        rows([
            [8, 8, 8, 8, 8, 8, 0, 7],
            [2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 3, 2],
            [0, 0, 0, 0, 0, 0, 1, 0],
        ])
    );
}

#[test]
fn capture_is_refused_when_only_one_facing_pit_holds_seeds() {
    // Same lap as the capture above, but one of North's (1,7), (0,7) is empty: no
    // capture, so relay from (2,7): lift 2 -> (2,6) 0->1, (2,5) 0->1: empty, the end.
    for (front, back) in [(0u8, 5u8), (5, 0)] {
        let mut north_back = [8u8, 8, 8, 8, 8, 8, 8, back];
        let mut north_front = [0u8, 0, 0, 0, 0, 0, 0, front];
        if back == 0 {
            north_back = [7, 7, 7, 7, 7, 7, 7, 0];
            north_front[0] = 7;
        }
        let mut s = omweso(
            [
                north_back,
                north_front,
                [0, 0, 0, 0, 0, 0, 0, 1],
                [0, 0, 0, 0, 0, 0, 2, 0],
            ],
            S,
        );
        let ev = play_text(&mut s, "3,6");
        assert!(captures(&ev).is_empty());
        assert!(ev.contains(&Event::Relay { pit: pit(2, 7) }));
        assert_eq!(grid(&s)[0], north_back);
        assert_eq!(grid(&s)[1], north_front);
        assert_eq!(grid(&s)[2], [0, 0, 0, 0, 0, 1, 1, 0]);
        assert_eq!(grid(&s)[3], [0, 0, 0, 0, 0, 0, 0, 1]);
        assert!(!s.flags().capture_made);
    }
}

#[test]
fn captured_seeds_that_capture_again_keep_the_same_origin() {
    // Lap 1: (3,6)=2 -> (3,7) 0->1, (2,7) 1->2: capture (1,7)=2 + (0,7)=2 = 4.
    // Lap 2 (after origin (3,6)): (3,7) 1->2, (2,7) 2->3, (2,6) 0->1, (2,5) 1->2:
    //   occupied, North (1,5)=1 and (0,5)=2: capture 3.
    // Lap 3 (again after origin (3,6), not after (2,5)): (3,7) 2->3, (2,7) 3->4,
    //   (2,6) 1->2: occupied but North (1,6)=0: relay, lift 2 -> (2,5) 2->3,
    //   (2,4) 0->1: empty, the end.
    let mut s = omweso(
        [
            [10, 10, 10, 9, 9, 2, 3, 2],
            [2, 0, 0, 0, 0, 1, 0, 2],
            [0, 0, 0, 0, 0, 1, 0, 1],
            [0, 0, 0, 0, 0, 0, 2, 0],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,6");
    assert_eq!(taken(&ev), [(0, 5, 2), (0, 7, 2), (1, 5, 1), (1, 7, 2)]);
    assert_eq!(
        drops(&ev),
        [
            pit(3, 7),
            pit(2, 7),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6),
            pit(2, 5),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6),
            pit(2, 5),
            pit(2, 4)
        ]
    );
    assert_eq!(
        grid(&s),
        rows([
            [10, 10, 10, 9, 9, 0, 3, 0],
            [2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 1, 3, 0, 4],
            [0, 0, 0, 0, 0, 0, 0, 3],
        ])
    );
    assert!(game_over(&ev).is_none());
}

#[test]
fn no_capture_on_a_players_own_first_turn() {
    // The capture position, but it is South's first turn: the landing in (2,7) that
    // would capture relays instead: lift 2 -> (2,6) 0->1, (2,5) 0->1: empty, the end.
    let mut s = omweso(CAPTURE, S);
    s.flags_mut().turns_played.south = 0;
    let ev = play_text(&mut s, "3,6");
    assert!(captures(&ev).is_empty());
    assert!(ev.contains(&Event::Relay { pit: pit(2, 7) }));
    assert_eq!(
        grid(&s),
        rows([
            [8, 8, 8, 7, 7, 7, 7, 4],
            [2, 0, 0, 0, 0, 0, 0, 3],
            [0, 0, 0, 0, 0, 1, 1, 0],
            [0, 0, 0, 0, 0, 0, 0, 1],
        ])
    );
    assert!(!s.flags().capture_made);
    assert_eq!(s.flags().turns_played.south, 1);

    // It is the mover's OWN first turn that counts: North still on his first turn
    // does not stop South (second turn) from capturing.
    let mut s = omweso(CAPTURE, S);
    s.flags_mut().turns_played.north = 0;
    let ev = play_text(&mut s, "3,6");
    assert_eq!(taken(&ev), [(0, 7, 4), (1, 7, 3)]);
}

// ---------------------------------------------------------------------------------
// Reverse captures
// ---------------------------------------------------------------------------------

/// South (3,0)=2, (3,1)=3, (2,1)=1; North (1,1)=2, (0,1)=2, (1,4)=2, the rest behind.
const REVERSE: [[u8; 8]; 4] = [
    [8, 2, 8, 8, 8, 8, 7, 5],
    [0, 2, 0, 0, 2, 0, 0, 0],
    [0, 1, 0, 0, 0, 0, 0, 0],
    [2, 3, 0, 0, 0, 0, 0, 0],
];

#[test]
fn reverse_capture_is_offered_from_the_leftmost_pits_when_the_cw_lap_captures() {
    // CW from (3,0) with 2: (2,0), (2,1): (2,1) held 1, front row, (1,1) and (0,1)
    // occupied -> direct capture. CW from (3,1) with 3: (3,0), (2,0), (2,1): the same.
    // (3,1) holds exactly 3 and no capture was made yet: the opening three too.
    let s = omweso(REVERSE, S);
    assert_eq!(
        legal_text(&s),
        ["3,0", "3,0 cw", "3,1", "3,1 cw", "3,1 three"]
    );

    // Play "3,1 cw": (3,0) 2->3, (2,0) 0->1, (2,1) 1->2: capture 2+2 = 4, sown after
    // the origin (3,1). A clockwise lap of 4 from (3,1) would end in (2,2), empty, so
    // no direction is asked: CCW (3,2), (3,3), (3,4), (3,5) 0->1; (3,5) was empty.
    let mut t = s.clone();
    let ev = play_text(&mut t, "3,1 cw");
    assert_eq!(
        drops(&ev),
        [
            pit(3, 0),
            pit(2, 0),
            pit(2, 1),
            pit(3, 2),
            pit(3, 3),
            pit(3, 4),
            pit(3, 5)
        ]
    );
    assert_eq!(taken(&ev), [(0, 1, 2), (1, 1, 2)]);
    assert_eq!(
        grid(&t),
        rows([
            [8, 0, 8, 8, 8, 8, 7, 5],
            [0, 0, 0, 0, 2, 0, 0, 0],
            [1, 2, 0, 0, 0, 0, 0, 0],
            [3, 0, 1, 1, 1, 1, 0, 0],
        ])
    );
    assert_eq!(t.pending(), &Pending::Turn);
    assert_eq!(t.to_decide(), N);

    // Play "3,0 cw": (2,0) 0->1, (2,1) 1->2: capture 4, sown CCW after (3,0) (CW would
    // end in the empty (2,3)): (3,1) 3->4, (3,2), (3,3), (3,4) 0->1: empty, the end.
    let mut t = s.clone();
    let ev = play_text(&mut t, "3,0 cw");
    assert_eq!(
        drops(&ev),
        [
            pit(2, 0),
            pit(2, 1),
            pit(3, 1),
            pit(3, 2),
            pit(3, 3),
            pit(3, 4)
        ]
    );
    assert_eq!(grid(&t)[2], [1, 2, 0, 0, 0, 0, 0, 0]);
    assert_eq!(grid(&t)[3], [0, 4, 1, 1, 1, 0, 0, 0]);
}

#[test]
fn reverse_capture_is_not_available_on_the_first_turn() {
    let mut s = omweso(REVERSE, S);
    s.flags_mut().turns_played.south = 0;
    assert_eq!(legal_text(&s), ["3,0", "3,1", "3,1 three"]);
    refused_text(&s, "3,0 cw");
    refused_text(&s, "3,1 cw");
}

#[test]
fn reverse_capture_is_refused_when_the_cw_lap_would_not_capture() {
    // North holds seeds in both pits of every column in these positions.
    // (a) CW from (2,0) with 2: (2,1), (2,2): (2,2) is empty -> not a capture.
    let s = omweso(
        [
            [6, 6, 6, 6, 5, 5, 5, 5],
            [2; 8],
            [2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["2,0", "3,5"]);
    refused_text(&s, "2,0 cw");

    // (b) CW lands in the occupied (2,2) but North's (1,2) is empty: it would be a
    // relay, not a direct capture.
    let s = omweso(
        [
            [6, 6, 6, 6, 6, 5, 5, 5],
            [2, 2, 0, 2, 2, 2, 2, 2],
            [2, 0, 1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["2,0", "3,5"]);
    refused_text(&s, "2,0 cw");
}

#[test]
fn reverse_capture_only_from_the_four_leftmost_pits() {
    // CW from (2,2) with 2 would end in (2,4) (occupied, both facing pits full) and
    // capture, but (2,2) is not one of South's four leftmost pits.
    let s = omweso(
        [
            [6, 6, 6, 5, 5, 5, 5, 5],
            [2; 8],
            [0, 0, 2, 0, 1, 0, 0, 0],
            [0, 0, 0, 0, 0, 2, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["2,2", "3,5"]);
    refused_text(&s, "2,2 cw");
}

#[test]
fn reverse_capture_needs_two_seeds() {
    // (2,0) holds 1: CW it would end in (2,1) (occupied, facing full) but a single
    // seed is never sown, in either direction.
    let s = omweso(
        [
            [6, 6, 6, 6, 5, 5, 5, 5],
            [2; 8],
            [1, 1, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["3,5"]);
    refused_text(&s, "2,0 cw");
    refused_text(&s, "2,0");
}

#[test]
fn reverse_capture_for_north_uses_north_s_leftmost_pits() {
    // North's four leftmost pits (as North sees the board): (1,7) (1,6) (0,7) (0,6).
    // North's CW order from (1,7) runs (1,6), (1,5), ... and from (0,7) to (1,7).
    //  "1,7 cw": (1,6) 0->1, (1,5) 1->2: front row, South (2,5)=2 and (3,5)=3: capture.
    //  "0,7 cw": (1,7), (1,6), (1,5): lands in (1,5) (held 1): capture.
    //  "0,6 cw": (0,7), (1,7), (1,6), (1,5): the same.
    //  (1,3)=2 CW would end in (1,1) (held 1, South (2,1),(3,1) full) but (1,3) is not
    //  a leftmost pit of North's. (0,7) holds 3: the opening three.
    let s = omweso(
        [
            [0, 0, 0, 0, 0, 0, 4, 3],
            [0, 1, 0, 2, 0, 1, 0, 2],
            [3, 2, 3, 3, 3, 2, 3, 3],
            [4, 2, 4, 4, 4, 3, 4, 4],
        ],
        N,
    );
    assert_eq!(
        legal_text(&s),
        [
            "0,6",
            "0,6 cw",
            "0,7",
            "0,7 cw",
            "0,7 three",
            "1,3",
            "1,7",
            "1,7 cw"
        ]
    );
    refused_text(&s, "1,3 cw");

    // "1,7 cw": capture (2,5)=2 + (3,5)=3 = 5, sown after the origin (1,7). CW they
    // would end in (1,2) (empty): no direction asked. CCW after (1,7): (0,7) 3->4,
    // (0,6) 4->5, (0,5), (0,4), (0,3) 0->1: empty, the end.
    let mut t = s.clone();
    let ev = play_text(&mut t, "1,7 cw");
    assert_eq!(taken(&ev), [(2, 5, 2), (3, 5, 3)]);
    assert_eq!(
        drops(&ev),
        [
            pit(1, 6),
            pit(1, 5),
            pit(0, 7),
            pit(0, 6),
            pit(0, 5),
            pit(0, 4),
            pit(0, 3)
        ]
    );
    assert_eq!(
        grid(&t),
        rows([
            [0, 0, 0, 1, 1, 1, 5, 4],
            [0, 1, 0, 2, 0, 2, 1, 0],
            [3, 2, 3, 3, 3, 0, 3, 3],
            [4, 2, 4, 4, 4, 0, 4, 4],
        ])
    );
    assert_eq!(t.to_decide(), S);
    assert_eq!(t.pending(), &Pending::Turn);

    // South's leftmost pits are not North's.
    let south_like = omweso(
        [
            [0, 0, 0, 0, 0, 0, 0, 0],
            [1, 2, 0, 0, 0, 0, 0, 0],
            [3, 3, 3, 3, 3, 3, 3, 3],
            [5, 5, 5, 5, 5, 4, 4, 4],
        ],
        N,
    );
    // (1,1)=2 CW: (1,0), (0,0): back row, never a capture; and (1,1) is not leftmost.
    assert_eq!(legal_text(&south_like), ["1,1"]);
}

// ---------------------------------------------------------------------------------
// Mid-turn direction decisions
// ---------------------------------------------------------------------------------

#[test]
fn a_relay_lifted_in_a_leftmost_pit_asks_for_the_direction() {
    // (2,4)=3 CCW: (2,3) 0->1, (2,2) 0->1, (2,1) 1->2: front row but North's (1,1) is
    // empty: relay, lift 2 from (2,1), a leftmost pit. CW those 2 would go (2,2) 1->2,
    // (2,3) 1->2: occupied, North (1,3)=2, (0,3)=3: a direct capture -> ask.
    let s0 = omweso(
        [
            [8, 4, 8, 3, 8, 9, 8, 8],
            [0, 0, 0, 2, 0, 2, 0, 0],
            [0, 1, 0, 0, 3, 0, 0, 0],
            [0; 8],
        ],
        S,
    );
    assert_eq!(legal_text(&s0), ["2,4", "2,4 three"]);
    let mut s = s0.clone();
    let ev = play_text(&mut s, "2,4");
    assert_eq!(drops(&ev), [pit(2, 3), pit(2, 2), pit(2, 1)]);
    let Pending::Direction(m) = s.pending() else {
        panic!("a direction should be asked, not {:?}", s.pending());
    };
    assert_eq!((m.from, m.origin), (pit(2, 1), pit(2, 1)));
    assert_eq!(s.seeds().hand, 2);
    assert_eq!(s.to_decide(), S);
    assert_eq!(legal_text(&s), ["ccw", "cw"]);
    assert_eq!(grid(&s)[2], [0, 0, 1, 1, 0, 0, 0, 0]);
    assert!(!ev.iter().any(|e| matches!(e, Event::EndTurn { .. })));
    // Nothing but a direction is accepted now.
    refused_text(&s, "2,2");
    refused_text(&s, "2,1 cw");
    refused(&s, Decision::NextGame);

    // CCW: (2,0) 0->1, (3,0) 0->1: empty, the end. No capture.
    let mut ccw = s.clone();
    let ev = play_text(&mut ccw, "ccw");
    assert_eq!(drops(&ev), [pit(2, 0), pit(3, 0)]);
    assert!(captures(&ev).is_empty());
    assert!(ends_turn_of(&ev, S));
    assert_eq!(
        grid(&ccw),
        rows([
            [8, 4, 8, 3, 8, 9, 8, 8],
            [0, 0, 0, 2, 0, 2, 0, 0],
            [1, 0, 1, 1, 0, 0, 0, 0],
            [1, 0, 0, 0, 0, 0, 0, 0],
        ])
    );
    assert_eq!(ccw.to_decide(), N);
    assert!(!ccw.flags().capture_made);

    // CW: (2,2) 1->2, (2,3) 1->2: capture 2+3 = 5, sown after the origin (2,1). CW
    // they would end in the empty (2,6): no second question; CCW: (2,0), (3,0), (3,1),
    // (3,2), (3,3) 0->1: empty, the end.
    let mut cw = s.clone();
    let ev = play_text(&mut cw, "cw");
    assert_eq!(taken(&ev), [(0, 3, 3), (1, 3, 2)]);
    assert_eq!(
        drops(&ev),
        [
            pit(2, 2),
            pit(2, 3),
            pit(2, 0),
            pit(3, 0),
            pit(3, 1),
            pit(3, 2),
            pit(3, 3)
        ]
    );
    assert_eq!(
        grid(&cw),
        rows([
            [8, 4, 8, 0, 8, 9, 8, 8],
            [0, 0, 0, 0, 0, 2, 0, 0],
            [1, 0, 2, 2, 0, 0, 0, 0],
            [1, 1, 1, 1, 0, 0, 0, 0],
        ])
    );
    assert_eq!(cw.to_decide(), N);
    assert!(cw.flags().capture_made);
    assert!(game_over(&ev).is_none());
}

#[test]
fn captured_seeds_from_a_leftmost_origin_ask_for_the_direction() {
    // (3,1)=7 CCW: (3,2)..(3,7) 0->1, (2,7) 1->2: capture North (1,7)=1 + (0,7)=2 = 3.
    // The origin (3,1) is a leftmost pit and CW those 3 would go (3,0), (2,0), (2,1):
    // (2,1) held 1, North (1,1)=2 and (0,1)=2: a direct capture -> ask.
    let s0 = omweso(
        [
            [8, 2, 8, 8, 8, 8, 4, 2],
            [0, 2, 0, 2, 0, 2, 0, 1],
            [0, 1, 0, 0, 0, 0, 0, 1],
            [0, 7, 0, 0, 0, 0, 0, 0],
        ],
        S,
    );
    // CW from (3,1) with 7 would end in the empty (2,5): no reverse capture.
    assert_eq!(legal_text(&s0), ["3,1"]);
    let mut s = s0.clone();
    let ev = play_text(&mut s, "3,1");
    assert_eq!(taken(&ev), [(0, 7, 2), (1, 7, 1)]);
    let Pending::Direction(m) = s.pending() else {
        panic!("a direction should be asked, not {:?}", s.pending());
    };
    assert_eq!((m.from, m.origin), (pit(3, 1), pit(3, 1)));
    assert_eq!(s.seeds().hand, 3);
    assert_eq!(legal_text(&s), ["ccw", "cw"]);
    assert_eq!(grid(&s)[3], [0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(grid(&s)[2], [0, 1, 0, 0, 0, 0, 0, 2]);

    // CCW after the origin (3,1): (3,2) 1->2, (3,3) 1->2, (3,4) 1->2: back row, relay;
    // lift 2: (3,5) 1->2, (3,6) 1->2: relay; lift 2: (3,7) 1->2, (2,7) 2->3: column 7
    // is empty now, relay; lift 3: (2,6), (2,5), (2,4) 0->1: empty, the end.
    let mut ccw = s.clone();
    let ev = play_text(&mut ccw, "ccw");
    assert!(captures(&ev).is_empty());
    assert_eq!(
        drops(&ev),
        [
            pit(3, 2),
            pit(3, 3),
            pit(3, 4),
            pit(3, 5),
            pit(3, 6),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6),
            pit(2, 5),
            pit(2, 4)
        ]
    );
    assert_eq!(
        grid(&ccw),
        rows([
            [8, 2, 8, 8, 8, 8, 4, 0],
            [0, 2, 0, 2, 0, 2, 0, 0],
            [0, 1, 0, 0, 1, 1, 1, 0],
            [0, 0, 2, 2, 0, 2, 0, 2],
        ])
    );

    // CW after the origin (3,1): (3,0) 0->1, (2,0) 0->1, (2,1) 1->2: capture 2+2 = 4,
    // sown after the same origin (3,1). CW they would end in (2,2) (empty): CCW,
    // (3,2), (3,3), (3,4), (3,5) 1->2: relay; lift 2: (3,6) 1->2, (3,7) 1->2: relay;
    // lift 2: (2,7) 2->3, (2,6) 0->1: empty, the end.
    let mut cw = s.clone();
    let ev = play_text(&mut cw, "cw");
    assert_eq!(taken(&ev), [(0, 1, 2), (1, 1, 2)]);
    assert_eq!(
        drops(&ev),
        [
            pit(3, 0),
            pit(2, 0),
            pit(2, 1),
            pit(3, 2),
            pit(3, 3),
            pit(3, 4),
            pit(3, 5),
            pit(3, 6),
            pit(3, 7),
            pit(2, 7),
            pit(2, 6)
        ]
    );
    assert_eq!(
        grid(&cw),
        rows([
            [8, 0, 8, 8, 8, 8, 4, 0],
            [0, 0, 0, 2, 0, 2, 0, 0],
            [1, 2, 0, 0, 0, 0, 1, 3],
            [1, 0, 2, 2, 2, 0, 2, 0],
        ])
    );
    assert!(game_over(&ev).is_none());
    assert_eq!(cw.to_decide(), N);
}

// ---------------------------------------------------------------------------------
// Opening three, single seeds
// ---------------------------------------------------------------------------------

#[test]
fn opening_three_sows_two_and_one_and_ends_the_turn() {
    // (2,4)=3 as the opening three: 2 into (2,3), 1 into (2,2). (2,2) held 1 and
    // North's (1,2), (0,2) are full, yet there is no relay and no capture.
    let grid0 = [
        [5, 5, 5, 5, 5, 5, 4, 4],
        [2; 8],
        [0, 0, 1, 0, 3, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 2, 4],
    ];
    let s = omweso(grid0, S);
    // The normal move from the same pit stays; (3,7)=4 and (3,6)=2 have no three.
    assert_eq!(legal_text(&s), ["2,4", "2,4 three", "3,6", "3,7"]);
    let mut t = s.clone();
    let ev = play_text(&mut t, "2,4 three");
    assert_eq!(
        ev,
        vec![
            Event::Lift {
                pit: pit(2, 4),
                count: 3
            },
            Event::Drop { pit: pit(2, 3) },
            Event::Drop { pit: pit(2, 3) },
            Event::Drop { pit: pit(2, 2) },
            Event::EndTurn { player: S },
        ]
    );
    assert_eq!(grid(&t)[2], [0, 0, 2, 2, 0, 0, 0, 0]);
    assert_eq!(grid(&t)[1], [2; 8]);
    assert_eq!(t.to_decide(), N);
    assert!(!t.flags().capture_made);

    // The normal move from the same pit is an ordinary lap of 3: (2,3) 0->1,
    // (2,2) 1->2, (2,1) 0->1: empty, the end.
    let mut t = s.clone();
    let ev = play_text(&mut t, "2,4");
    assert_eq!(drops(&ev), [pit(2, 3), pit(2, 2), pit(2, 1)]);
    assert!(captures(&ev).is_empty());
    assert_eq!(grid(&t)[2], [0, 1, 2, 1, 0, 0, 0, 0]);

    // Only while no capture has been made in this game.
    let mut t = s.clone();
    t.flags_mut().capture_made = true;
    assert_eq!(legal_text(&t), ["2,4", "3,6", "3,7"]);
    refused_text(&t, "2,4 three");

    // The Option off removes it.
    let off = Options {
        opening_three: false,
        ..Options::default()
    };
    let t = omweso_with(off, grid0, S);
    assert_eq!(legal_text(&t), ["2,4", "3,6", "3,7"]);
    refused_text(&t, "2,4 three");
    refused_text(&t, "3,7 three");
}

#[test]
fn opening_three_wraps_around_the_circuit() {
    // (2,0) is position 15: the next pits CCW are (3,0) (2 seeds) and (3,1) (1 seed,
    // landing on the seed already there without any relay).
    let mut s = omweso(
        [
            [6, 6, 5, 5, 5, 5, 5, 5],
            [2; 8],
            [3, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 2, 0],
        ],
        S,
    );
    // CW 3 from (2,0) would end in the empty (2,3): no reverse capture.
    assert_eq!(legal_text(&s), ["2,0", "2,0 three", "3,6"]);
    let ev = play_text(&mut s, "2,0 three");
    assert_eq!(drops(&ev), [pit(3, 0), pit(3, 0), pit(3, 1)]);
    assert_eq!(grid(&s)[2], [0; 8]);
    assert_eq!(grid(&s)[3], [2, 2, 0, 0, 0, 0, 2, 0]);
    assert!(ends_turn_of(&ev, S));
}

#[test]
fn a_single_seed_can_never_be_sown() {
    let s = omweso(
        [
            [6, 6, 6, 6, 5, 5, 5, 5],
            [2; 8],
            [0, 0, 0, 1, 0, 0, 0, 0],
            [1, 0, 0, 2, 0, 0, 0, 0],
        ],
        S,
    );
    assert_eq!(legal_text(&s), ["3,3"]);
    refused_text(&s, "3,0");
    refused_text(&s, "2,3");
    refused_text(&s, "3,0 cw");

    // A player with only single seeds has no move: such a position cannot be set up
    // with him to move (the game would already be over), but can with the other.
    let singles = rows([[3; 8], [3; 8], [1; 8], [1; 8]]);
    assert!(matches!(
        GameState::from_rows(Game::Omweso, Options::default(), &singles, S),
        Err(RuleError::Invalid(_))
    ));
    assert!(GameState::from_rows(Game::Omweso, Options::default(), &singles, N).is_ok());
}

// ---------------------------------------------------------------------------------
// End of a game and points
// ---------------------------------------------------------------------------------

/// South captures North's last 9 seeds: (3,0)=8 lands in (2,7) (position 8), North's
/// (1,7)=4 and (0,7)=5 are taken; sown after (3,0) the 9 seeds fill (3,1)..(3,7),
/// (2,7) and end in the empty (2,6). (CW from (3,0) the 9 would end in the back-row
/// (3,7): no direction question.)
const LAST_SEEDS: [[u8; 8]; 4] = [
    [0, 0, 0, 0, 0, 0, 0, 5],
    [0, 0, 0, 0, 0, 0, 0, 4],
    [7, 7, 8, 8, 8, 8, 0, 1],
    [8, 0, 0, 0, 0, 0, 0, 0],
];

#[test]
fn grand_slam_wins_twelve_points_and_the_match() {
    let options = Options {
        match_target: 24,
        ..Options::default()
    };
    let mut s = omweso_with(options, LAST_SEEDS, S);
    let ev = play_text(&mut s, "3,0");
    assert_eq!(taken(&ev), [(0, 7, 5), (1, 7, 4)]);
    assert_eq!(
        grid(&s),
        rows([
            [0; 8],
            [0; 8],
            [7, 7, 8, 8, 8, 8, 1, 3],
            [0, 2, 2, 2, 2, 2, 2, 2]
        ])
    );
    let o = won(S, 12, EndReason::GrandSlam);
    assert_eq!(game_over(&ev), Some(o));
    // The whole match at once, though the target is 24.
    assert_eq!(match_scores(&ev), [([12, 0], Some(S))]);
    assert!(s.is_over());
    assert_eq!(s.pending(), &Pending::Over(o));
    assert_eq!(points(&s), (12, 0));
    assert_eq!(s.match_score().unwrap().winner, Some(S));
    assert!(legal_decisions(&s).is_empty());
    assert_eq!(refused(&s, Decision::NextGame), RuleError::GameOver);
}

#[test]
fn grand_slam_option_off_falls_through_to_the_next_rule() {
    // Same move; without the grand slam the capture left North's front row empty:
    // 2 points (the front-row Option is on), and the match goes on.
    let options = Options {
        grand_slam: false,
        ..Options::default()
    };
    let mut s = omweso_with(options, LAST_SEEDS, S);
    let ev = play_text(&mut s, "3,0");
    let o = won(S, 2, EndReason::FrontRowEmpty);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(match_scores(&ev), [([2, 0], None)]);
    assert_eq!(s.pending(), &Pending::NextGame(o));

    // Both Options off: North cannot move (no seeds at all): 1 point.
    let options = Options {
        grand_slam: false,
        front_row_two_points: false,
        ..Options::default()
    };
    let mut s = omweso_with(options, LAST_SEEDS, S);
    let ev = play_text(&mut s, "3,0");
    assert_eq!(game_over(&ev), Some(won(S, 1, EndReason::NoLegalMove)));
}

#[test]
fn captures_from_both_end_columns_score_two_points() {
    // Lap 1: (3,0)=8 -> (3,1)..(3,7) 0->1, (2,7) 1->2: capture (1,7)=7 + (0,7)=8 = 15.
    //   (CW 15 from (3,0) ends in the back-row (3,1): no question.)
    // Lap 2: 15 after (3,0): (3,1)..(3,7) 1->2, (2,7) 2->3, (2,6)..(2,1) 0->1,
    //   (2,0) 1->2: capture column 0, (1,0)=1 + (0,0)=1 = 2.
    //   (CW 2 from (3,0) ends in (2,1), but North's (1,1) is empty: no question.)
    // Lap 3: 2 after (3,0): (3,1) 2->3, (3,2) 2->3: relay; lift 3: (3,3), (3,4),
    //   (3,5) 2->3: relay; lift 3: (3,6) 2->3, (3,7) 2->3, (2,7) 3->4: column 7 now
    //   empty, relay; lift 4: (2,6), (2,5), (2,4), (2,3) 1->2: North (1,3) empty,
    //   relay; lift 2: (2,2) 1->2, (2,1) 1->2: (1,1) empty, relay from a leftmost pit
    //   (CW would end in the lifted (2,3): no question); (2,0) 2->3, (3,0) 0->1: the
    //   origin was lifted, empty, the end.
    // Captured from column 0 and column 7 in one turn: 2 points.
    let mut s = omweso(
        [
            [1, 5, 5, 5, 5, 5, 4, 8],
            [1, 0, 2, 0, 2, 2, 2, 7],
            [1, 0, 0, 0, 0, 0, 0, 1],
            [8, 0, 0, 0, 0, 0, 0, 0],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,0");
    assert_eq!(taken(&ev), [(0, 0, 1), (0, 7, 8), (1, 0, 1), (1, 7, 7)]);
    assert_eq!(
        grid(&s),
        rows([
            [0, 5, 5, 5, 5, 5, 4, 0],
            [0, 0, 2, 0, 2, 2, 2, 0],
            [3, 0, 2, 0, 2, 2, 2, 0],
            [1, 3, 0, 3, 3, 0, 3, 3],
        ])
    );
    let o = won(S, 2, EndReason::BothEndColumns);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(match_scores(&ev), [([2, 0], None)]);
    assert_eq!(s.pending(), &Pending::NextGame(o));
}

/// The capture position with North's front row holding only the captured (1,7).
const FRONT_ROW: [[u8; 8]; 4] = [
    [10, 8, 8, 7, 7, 7, 7, 4],
    [0, 0, 0, 0, 0, 0, 0, 3],
    [0, 0, 0, 0, 0, 0, 0, 1],
    [0, 0, 0, 0, 0, 0, 2, 0],
];

#[test]
fn a_capture_that_empties_the_front_row_scores_two_points() {
    // As in the capture test: 7 seeds taken from column 7; North's front row is now
    // empty: 2 points.
    let mut s = omweso(FRONT_ROW, S);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(
        grid(&s),
        rows([
            [10, 8, 8, 7, 7, 7, 7, 0],
            [0; 8],
            [0, 0, 1, 1, 1, 1, 1, 3],
            [0, 0, 0, 0, 0, 0, 0, 2],
        ])
    );
    let o = won(S, 2, EndReason::FrontRowEmpty);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(points(&s), (2, 0));

    // Option off: North still has moves (back-row pits of 2 or more): play goes on.
    let off = Options {
        front_row_two_points: false,
        ..Options::default()
    };
    let mut s = omweso_with(off, FRONT_ROW, S);
    let ev = play_text(&mut s, "3,6");
    assert!(game_over(&ev).is_none());
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(s.to_decide(), N);
}

#[test]
fn one_point_when_the_next_player_has_no_move() {
    // North has only single seeds. South sows (3,0)=2: (3,1), (3,2) 0->1, the end; no
    // capture. North cannot move: South wins 1 point.
    let mut s = omweso(
        [
            [1, 0, 0, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 0, 0],
            [5; 8],
            [2, 0, 0, 4, 4, 4, 4, 3],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,0");
    assert_eq!(grid(&s)[3], [0, 1, 1, 4, 4, 4, 4, 3]);
    let o = won(S, 1, EndReason::NoLegalMove);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(match_scores(&ev), [([1, 0], None)]);
    // The turn is reported over before the game.
    let end_turn = ev
        .iter()
        .position(|e| matches!(e, Event::EndTurn { .. }))
        .unwrap();
    let over = ev
        .iter()
        .position(|e| matches!(e, Event::GameOver(_)))
        .unwrap();
    assert!(end_turn < over);

    // With one pit of 2, North can still move: no point.
    let mut s = omweso(
        [
            [2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 0, 0],
            [5; 8],
            [2, 0, 0, 4, 4, 4, 4, 3],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,0");
    assert!(game_over(&ev).is_none());
    assert_eq!(s.to_decide(), N);
    assert_eq!(legal_text(&s), ["0,0"]);
}

#[test]
fn two_captures_first_is_an_option_off_by_default() {
    // South already captured in an earlier turn, North never did; South captures
    // again (the capture test's move, North's front row stays non-empty).
    let setup = |options: Options, north_turns: u32| {
        let mut s = omweso_with(options, CAPTURE, S);
        s.flags_mut().capture_made = true;
        s.flags_mut().capture_turns.south = 1;
        s.flags_mut().capture_turns.north = north_turns;
        s
    };
    // Default: off, the game goes on.
    let mut s = setup(Options::default(), 0);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(taken(&ev).len(), 2);
    assert!(game_over(&ev).is_none());

    let on = Options {
        two_captures_first: true,
        ..Options::default()
    };
    let mut s = setup(on, 0);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(game_over(&ev), Some(won(S, 2, EndReason::TwoCapturesFirst)));
    assert_eq!(points(&s), (2, 0));

    // Not if the opponent has captured before.
    let mut s = setup(on, 1);
    let ev = play_text(&mut s, "3,6");
    assert!(game_over(&ev).is_none());

    // Not on the first capturing turn.
    let mut s = omweso_with(on, CAPTURE, S);
    let ev = play_text(&mut s, "3,6");
    assert!(game_over(&ev).is_none());
    assert_eq!(s.flags().capture_turns.south, 1);
}

// ---------------------------------------------------------------------------------
// A match
// ---------------------------------------------------------------------------------

#[test]
fn the_match_ends_at_the_target() {
    // A 2-point win with target 2 ends the match.
    let target2 = Options {
        match_target: 2,
        ..Options::default()
    };
    let mut s = omweso_with(target2, FRONT_ROW, S);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(match_scores(&ev), [([2, 0], Some(S))]);
    assert!(s.is_over());
    assert_eq!(refused(&s, Decision::NextGame), RuleError::GameOver);

    // Target 3: the match goes on.
    let target3 = Options {
        match_target: 3,
        ..Options::default()
    };
    let mut s = omweso_with(target3, FRONT_ROW, S);
    let ev = play_text(&mut s, "3,6");
    assert_eq!(match_scores(&ev), [([2, 0], None)]);
    assert!(!s.is_over());
    assert!(matches!(s.pending(), Pending::NextGame(_)));

    // Points add up over the games: South already has 1 point, wins 2 more: 3.
    let s0 = omweso_with(target3, FRONT_ROW, S);
    let mut v: serde_json::Value = serde_json::from_str(&s0.to_json()).unwrap();
    v["match"]["points"]["south"] = 1.into();
    let mut s = GameState::from_json(&v.to_string()).unwrap();
    let ev = play_text(&mut s, "3,6");
    assert_eq!(match_scores(&ev), [([3, 0], Some(S))]);
    assert!(s.is_over());

    // Target 1 is a single game: a 1-point win ends it.
    let single = Options {
        match_target: 1,
        ..Options::default()
    };
    let mut s = omweso_with(
        single,
        [
            [1, 0, 0, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 0, 0],
            [5; 8],
            [2, 0, 0, 4, 4, 4, 4, 3],
        ],
        S,
    );
    let ev = play_text(&mut s, "3,0");
    assert_eq!(game_over(&ev), Some(won(S, 1, EndReason::NoLegalMove)));
    assert_eq!(match_scores(&ev), [([1, 0], Some(S))]);
    assert!(s.is_over());

    // Targets outside 1..=24 are invalid.
    for t in [0u8, 25] {
        let bad = Options {
            match_target: t,
            ..Options::default()
        };
        assert!(GameState::new(Game::Omweso, bad).is_err());
    }
}

#[test]
fn the_loser_moves_first_in_the_next_game() {
    // South (first in this game) wins 2 points; the next game starts from the standard
    // set-up with North, the loser, to move.
    let mut s = omweso(FRONT_ROW, S);
    let ev = play_text(&mut s, "3,6");
    let o = won(S, 2, EndReason::FrontRowEmpty);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(legal_text(&s), ["next game"]);
    refused_text(&s, "3,0");
    refused_text(&s, "0,0");
    let ev = play(&mut s, Decision::NextGame);
    assert!(matches!(ev.as_slice(), [Event::NewGame { first: N, .. }]));
    assert_eq!(grid(&s), rows(STANDARD));
    assert_eq!(s.to_decide(), N);
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(
        s.flags(),
        &Flags::default(),
        "a new game starts with fresh flags"
    );
    let m = s.match_score().unwrap();
    assert_eq!((m.points.south, m.points.north), (2, 0));
    assert_eq!(m.first, N);
    assert_eq!(m.games.len(), 1);
    assert_eq!((m.games[0].first, m.games[0].outcome), (S, o));

    // North (first) wins 1 point: South, the loser, moves first next.
    let mut s = omweso(
        [
            [8, 8, 8, 8, 8, 8, 5, 5],
            [2, 0, 0, 0, 0, 0, 0, 0],
            [1, 0, 1, 0, 0, 0, 0, 1],
            [0, 0, 0, 0, 1, 0, 0, 0],
        ],
        N,
    );
    // North (1,0)=2 sows CCW: (1,1) 0->1, (1,2) 0->1: empty, the end. South has only
    // single seeds: North wins 1 point.
    let ev = play_text(&mut s, "1,0");
    assert_eq!(
        grid(&s),
        rows([
            [8, 8, 8, 8, 8, 8, 5, 5],
            [0, 1, 1, 0, 0, 0, 0, 0],
            [1, 0, 1, 0, 0, 0, 0, 1],
            [0, 0, 0, 0, 1, 0, 0, 0],
        ])
    );
    assert_eq!(game_over(&ev), Some(won(N, 1, EndReason::NoLegalMove)));
    let ev = play(&mut s, Decision::NextGame);
    assert!(matches!(ev.as_slice(), [Event::NewGame { first: S, .. }]));
    assert_eq!(s.to_decide(), S);
    assert_eq!(points(&s), (0, 1));

    // With the free set-up the loser also arranges first.
    let free = Options {
        set_up: SetUp::Free,
        ..Options::default()
    };
    let mut s = omweso_with(free, FRONT_ROW, S);
    play_text(&mut s, "3,6");
    play(&mut s, Decision::NextGame);
    assert_eq!(s.pending(), &Pending::Arrange);
    assert_eq!(s.to_decide(), N);
}

#[test]
fn a_third_repetition_annuls_the_game_and_it_is_replayed_with_the_same_first_player() {
    // North's seeds 8,7,...,1 on circuit positions 0..7, South's 7,6,...,1 on 0..6.
    // Sowing the largest pit (n seeds) drops one in each of the next n pits, the last
    // into the empty pit after the run: the whole run moves one pit on, no relay, no
    // capture. After 16 turns each (32 decisions) the position is back: second
    // occurrence (reported), and every later position is a second occurrence of the
    // one 32 decisions earlier; after 64 decisions the start position occurs the
    // third time: the game is annulled.
    let start = [
        [0; 8],
        [8, 7, 6, 5, 4, 3, 2, 1],
        [0; 8],
        [7, 6, 5, 4, 3, 2, 1, 0],
    ];
    let mut s = omweso(start, N);
    for turn in 1..=64usize {
        let round = (turn - 1) / 2;
        let from = if turn % 2 == 1 {
            north_at(round)
        } else {
            south_at(round)
        };
        let ev = play(&mut s, Decision::Sow(from));
        assert!(captures(&ev).is_empty());
        match turn {
            32..=63 => {
                assert_eq!(repetitions(&ev), [2], "turn {turn}");
                if turn == 32 {
                    assert_eq!(grid(&s), rows(start));
                }
                assert!(game_over(&ev).is_none());
            }
            64 => {
                assert_eq!(repetitions(&ev), [3]);
                assert_eq!(game_over(&ev), Some(annulled(EndReason::Repetition)));
                assert_eq!(match_scores(&ev), [([0, 0], None)]);
            }
            _ => {
                assert!(repetitions(&ev).is_empty(), "turn {turn}");
                assert!(game_over(&ev).is_none(), "turn {turn}");
            }
        }
    }
    assert_eq!(points(&s), (0, 0));
    // Replayed from the start with the same first player, North.
    let ev = play(&mut s, Decision::NextGame);
    assert!(matches!(ev.as_slice(), [Event::NewGame { first: N, .. }]));
    assert_eq!(s.to_decide(), N);
    assert_eq!(grid(&s), rows(STANDARD));
    let m = s.match_score().unwrap();
    assert_eq!(m.games.len(), 1);
    assert_eq!(m.games[0].first, N);
    assert_eq!(m.games[0].outcome, annulled(EndReason::Repetition));
}

// ---------------------------------------------------------------------------------
// Never-ending moves
// ---------------------------------------------------------------------------------

#[test]
fn the_conventions_never_ending_example_annuls_the_game() {
    // docs/rules/00-conventions.md: this move never ends; its cycle is 51,654,100 laps long, so
    // at least that many laps are played before a lap-start state can repeat.
    let example = [
        [1, 1, 0, 1, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 1, 1, 0],
        [1, 2, 5, 0, 7, 12, 3, 0],
        [2, 7, 6, 0, 4, 0, 4, 5],
    ];
    let mut s = omweso(example, S);
    let before = s.seeds().clone();
    let ev = play_text(&mut s, "3,0");
    let (laps, restored) = ev
        .iter()
        .find_map(|e| match e {
            Event::NeverEnding { laps, restored } => Some((*laps, restored.clone())),
            _ => None,
        })
        .expect("a never-ending verdict");
    assert!(laps >= 51_654_100, "found after only {laps} laps");
    // The first laps are shown drop by drop: (3,0)=2 is lifted first.
    assert_eq!(
        ev[0],
        Event::Lift {
            pit: pit(3, 0),
            count: 2
        }
    );
    assert_eq!(ev[1], Event::Drop { pit: pit(3, 1) });
    assert_eq!(restored, before);
    assert_eq!(grid(&s), rows(example), "the move is not carried out");
    assert!(ev.len() < 10_000, "{} events", ev.len());
    let n = ev.len();
    assert!(matches!(ev[n - 3], Event::NeverEnding { .. }));
    assert_eq!(
        ev[n - 2],
        Event::GameOver(annulled(EndReason::NeverEndingMove))
    );
    assert_eq!(
        ev[n - 1],
        Event::MatchScore {
            points: [0, 0],
            winner: None
        }
    );
    assert_eq!(points(&s), (0, 0));
    let ev = play(&mut s, Decision::NextGame);
    assert!(matches!(ev.as_slice(), [Event::NewGame { first: S, .. }]));
    assert_eq!(s.to_decide(), S);
    assert_eq!(grid(&s), rows(STANDARD));
}

#[test]
fn the_conventions_never_ending_pattern_on_a_sixteen_pit_circuit() {
    // One seed in circuit positions 1,3,...,13, three in 14, one in 15, sow from 14.
    // On the mover's first turn (no captures, no direction questions) it is a pure
    // relay chain: 3 from p14 -> p15, p0, p1 (occupied): relay 2 -> p2, p3: relay...
    // Worked through, the lap-start state returns to the first one after 128 laps.
    // South: p1,3,5,7 = (3,1),(3,3),(3,5),(3,7); p9,11,13 = (2,6),(2,4),(2,2);
    // p14 = (2,1), p15 = (2,0). North likewise with (1,*) and (0,*).
    let south = [
        [4; 8],
        [3, 3, 3, 3, 3, 2, 2, 2],
        [1, 3, 1, 0, 1, 0, 1, 0],
        [0, 1, 0, 1, 0, 1, 0, 1],
    ];
    let north = [
        [1, 3, 1, 0, 1, 0, 1, 0],
        [0, 1, 0, 1, 0, 1, 0, 1],
        [4; 8],
        [3, 3, 3, 3, 3, 2, 2, 2],
    ];
    for (r, mover, from) in [(south, S, south_at(14)), (north, N, north_at(14))] {
        let mut s = omweso(r, mover);
        s.flags_mut().turns_played = Default::default();
        let before = s.seeds().clone();
        let ev = play(&mut s, Decision::Sow(from));
        let (laps, restored) = ev
            .iter()
            .find_map(|e| match e {
                Event::NeverEnding { laps, restored } => Some((*laps, restored.clone())),
                _ => None,
            })
            .expect("a never-ending verdict");
        assert!(laps >= 128);
        assert_eq!(restored, before);
        assert_eq!(grid(&s), rows(r));
        assert!(captures(&ev).is_empty());
        assert!(ev.len() < 3_000, "{} events", ev.len());
        assert_eq!(game_over(&ev), Some(annulled(EndReason::NeverEndingMove)));
        // Replayed with the same first player.
        let ev = play(&mut s, Decision::NextGame);
        assert!(matches!(ev.as_slice(), [Event::NewGame { first, .. }] if *first == mover));
        assert_eq!(s.to_decide(), mover);
    }
}

// ---------------------------------------------------------------------------------
// Free arrangement
// ---------------------------------------------------------------------------------

#[test]
fn free_arrangement_first_player_then_second() {
    let free = Options {
        set_up: SetUp::Free,
        ..Options::default()
    };
    let mut s = GameState::new(Game::Omweso, free).unwrap();
    assert_eq!(s.pending(), &Pending::Arrange);
    assert_eq!(s.to_decide(), S);
    assert_eq!(legal_text(&s), ["arrange 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4"]);

    // Invalid arrangements are refused and change nothing.
    let arrange = |a: [u8; 8], b: [u8; 8]| Decision::Arrange(vec![a.to_vec(), b.to_vec()]);
    // More than 10 in a pit (the total is right: 32).
    refused(
        &s,
        arrange([11, 9, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 5]),
    );
    // Wrong totals.
    refused(
        &s,
        arrange([10, 10, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 5]),
    );
    refused(
        &s,
        arrange([10, 10, 3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 5]),
    );
    // Wrong shapes.
    refused(&s, Decision::Arrange(vec![vec![4; 8]; 3]));
    refused(&s, Decision::Arrange(vec![vec![4; 8]]));
    refused(
        &s,
        Decision::Arrange(vec![vec![4; 7], vec![4, 4, 4, 4, 4, 4, 4, 4, 0]]),
    );
    // Not a move yet.
    refused_text(&s, "3,0");

    let ev = play(
        &mut s,
        arrange([10, 10, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 5]),
    );
    assert!(matches!(ev.as_slice(), [Event::Arrange { player: S, .. }]));
    assert_eq!(s.pending(), &Pending::Arrange);
    assert_eq!(s.to_decide(), N);
    // North's rows, top (row 0) first.
    play_text(&mut s, "arrange 1,1,1,1,1,1,1,1/3,3,3,3,3,3,3,3");
    assert_eq!(s.pending(), &Pending::Turn);
    assert_eq!(s.to_decide(), S);
    assert_eq!(
        grid(&s),
        rows([
            [1; 8],
            [3; 8],
            [10, 10, 2, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 5, 5]
        ])
    );
    // First turns: no reverse captures; no pit of 3 on South's side.
    assert_eq!(legal_text(&s), ["2,0", "2,1", "2,2", "3,6", "3,7"]);
    refused(
        &s,
        arrange([10, 10, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 5]),
    );

    // North first: North arranges first, then South, then North moves.
    let free_north = Options {
        first: FirstPlayer::North,
        ..free
    };
    let mut s = GameState::new(Game::Omweso, free_north).unwrap();
    assert_eq!((s.pending(), s.to_decide()), (&Pending::Arrange, N));
    play_text(&mut s, "arrange 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0");
    assert_eq!((s.pending(), s.to_decide()), (&Pending::Arrange, S));
    play_text(&mut s, "arrange 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
    assert_eq!((s.pending(), s.to_decide()), (&Pending::Turn, N));
    assert_eq!(grid(&s), rows([[4; 8], [0; 8], [2; 8], [2; 8]]));
}

// ---------------------------------------------------------------------------------
// Play modes
// ---------------------------------------------------------------------------------

#[test]
fn blitz_time_out_gives_the_opponent_one_point() {
    let blitz = Options {
        play_mode: PlayMode::Blitz { seconds: 3 },
        ..Options::default()
    };
    assert_eq!(blitz.decision_time_limit(), Some(3));
    assert!(blitz.undo_allowed());
    let mut s = omweso_with(blitz, STANDARD, S);
    assert!(!legal_text(&s).contains(&"time out".to_string()));
    let ev = play(&mut s, Decision::TimeOut);
    let o = won(N, 1, EndReason::TimeOut);
    assert_eq!(game_over(&ev), Some(o));
    assert_eq!(points(&s), (0, 1));
    assert_eq!(s.pending(), &Pending::NextGame(o));

    // Only in blitz.
    let counting = omweso(STANDARD, S);
    assert_eq!(Options::default().decision_time_limit(), None);
    refused(&counting, Decision::TimeOut);
    let binding = Options {
        play_mode: PlayMode::NoTakeBack,
        ..Options::default()
    };
    assert!(!binding.undo_allowed());
    assert!(Options::default().undo_allowed());
    refused(&omweso_with(binding, STANDARD, S), Decision::TimeOut);

    // Blitz seconds must be 1..=30.
    for seconds in [0u8, 31] {
        let bad = Options {
            play_mode: PlayMode::Blitz { seconds },
            ..Options::default()
        };
        assert!(GameState::new(Game::Omweso, bad).is_err());
    }
}

#[test]
fn blitz_time_out_in_the_middle_of_a_turn() {
    // The direction position (see above): South runs out of time while a direction is
    // asked. North wins 1 point; the resulting state is a valid position.
    let blitz = Options {
        play_mode: PlayMode::Blitz { seconds: 3 },
        match_target: 1,
        ..Options::default()
    };
    let mut s = omweso_with(
        blitz,
        [
            [8, 4, 8, 3, 8, 9, 8, 8],
            [0, 0, 0, 2, 0, 2, 0, 0],
            [0, 1, 0, 0, 3, 0, 0, 0],
            [0; 8],
        ],
        S,
    );
    play_text(&mut s, "2,4");
    assert!(matches!(s.pending(), Pending::Direction(_)));
    let ev = play(&mut s, Decision::TimeOut);
    assert_eq!(game_over(&ev), Some(won(N, 1, EndReason::TimeOut)));
    assert!(s.is_over());
    assert_eq!(s.seeds().total(), 64);
    let back = GameState::from_json(&s.to_json()).expect("the position after a time-out loads");
    assert_eq!(back, s);

    // In a longer match the next game starts afresh, nothing in hand.
    let longer = Options {
        match_target: 12,
        ..blitz
    };
    let mut s = omweso_with(
        longer,
        [
            [8, 4, 8, 3, 8, 9, 8, 8],
            [0, 0, 0, 2, 0, 2, 0, 0],
            [0, 1, 0, 0, 3, 0, 0, 0],
            [0; 8],
        ],
        S,
    );
    play_text(&mut s, "2,4");
    play(&mut s, Decision::TimeOut);
    assert!(matches!(s.pending(), Pending::NextGame(_)));
    let back = GameState::from_json(&s.to_json()).expect("the position after a time-out loads");
    assert_eq!(back, s);
    play(&mut s, Decision::NextGame);
    assert_eq!(s.seeds().hand, 0);
    assert_eq!(grid(&s), rows(STANDARD));
    assert_eq!(s.to_decide(), S, "South lost, South moves first");
}

// ---------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------

#[test]
fn illegal_decisions_are_errors_and_change_nothing() {
    let s = omweso(STANDARD, S);
    assert_eq!(
        legal_text(&s),
        ["3,0", "3,1", "3,2", "3,3", "3,4", "3,5", "3,6", "3,7"]
    );
    for text in [
        "0,0",       // the opponent's pit
        "2,0",       // an empty pit
        "3,0 cw",    // CW from (3,0) would end in the empty (2,3)
        "3,0 three", // 4 seeds, not 3
        "ccw",       // no direction is asked
        "cw",
        "next game",                               // the game is going on
        "resign",                                  // not a decision of Omweso
        "arrange 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4", // the standard set-up
    ] {
        assert!(
            matches!(refused_text(&s, text), RuleError::Illegal(_)),
            "{text}"
        );
    }
    refused(&s, Decision::Sow(pit(4, 0)));
    refused(&s, Decision::Sow(pit(3, 8)));
    refused(&s, Decision::Strip(pit(0, 0)));
    refused(&s, Decision::EndStrip);

    // North may not move for South.
    let s = omweso(STANDARD, N);
    refused_text(&s, "3,0");
    assert_eq!(
        legal_text(&s),
        ["0,0", "0,1", "0,2", "0,3", "0,4", "0,5", "0,6", "0,7"]
    );
}

// ---------------------------------------------------------------------------------
// A position set without a match
// ---------------------------------------------------------------------------------

/// The conventions' never-ending pattern on South's circuit ((3,1) (3,3) (3,5) (3,7)
/// (2,6) (2,4) (2,2) one each, (2,1) 3, (2,0) 1; sown from (2,1)), the other 53 seeds
/// on North's side; no flags, so it is South's first turn and nothing captures.
const NEVER_ENDING_START: [[u8; 8]; 4] = [
    [4, 4, 4, 4, 4, 3, 3, 3],
    [3, 3, 3, 3, 3, 3, 3, 3],
    [1, 3, 1, 0, 1, 0, 1, 0],
    [0, 1, 0, 1, 0, 1, 0, 1],
];

fn set_json(text: &str) -> GameState {
    GameState::from_json(text).expect("a valid position")
}

#[test]
fn a_position_set_without_a_match_is_a_match_and_an_annulled_game_is_played_again() {
    // docs/rules/01-omweso.md: a never-ending move annuls the game, "and the same game is played
    // again from the start with the same first player". A position set without
    // `match` starts a match at 0-0 (the options' target), so the replay is offered.
    let mut s = set_json(&format!(
        r#"{{"game":"omweso","rows":{},"to_move":"south"}}"#,
        serde_json::to_string(&NEVER_ENDING_START).unwrap()
    ));
    let m = s.match_score().expect("a match");
    assert_eq!((m.points.south, m.points.north), (0, 0));
    assert_eq!((m.first, m.games.len(), m.winner), (S, 0, None));
    let ev = play_text(&mut s, "2,1");
    assert_eq!(game_over(&ev), Some(annulled(EndReason::NeverEndingMove)));
    assert!(!s.is_over(), "the match goes on");
    assert_eq!(legal_decisions(&s), [Decision::NextGame]);
    let ev = play(&mut s, Decision::NextGame);
    assert!(matches!(ev.as_slice(), [Event::NewGame { first: S, .. }]));
    assert_eq!(grid(&s), rows(STANDARD));
    assert_eq!(s.to_decide(), S);
    assert_eq!(
        s.flags(),
        &Flags::default(),
        "a new game: no turn played yet"
    );
    let m = s.match_score().unwrap();
    assert_eq!(m.games.len(), 1);
    assert_eq!(m.games[0].first, S);
}

#[test]
fn the_first_player_of_a_set_game_is_read_from_the_turns_played() {
    // Omweso turns alternate: with equal counts the player to move moved first, else
    // the one who has played more turns did.
    let standard = serde_json::to_string(&STANDARD).unwrap();
    for (south, north, to_move, first) in [
        (0, 0, "north", N),
        (2, 2, "south", S),
        (3, 2, "north", S),
        (4, 5, "south", N),
    ] {
        let s = set_json(&format!(
            r#"{{"game":"omweso","rows":{standard},"to_move":"{to_move}",
                "flags":{{"turns_played":{{"south":{south},"north":{north}}}}}}}"#
        ));
        assert_eq!(s.match_score().unwrap().first, first, "{south} {north}");
    }
    // A match that is given is kept as it is.
    let s = set_json(&format!(
        r#"{{"game":"omweso","rows":{standard},"to_move":"south",
            "match":{{"points":{{"south":3,"north":5}},"first":"north","games":[],"winner":null}}}}"#
    ));
    let m = s.match_score().unwrap();
    assert_eq!((m.points.south, m.points.north, m.first), (3, 5, N));
}
