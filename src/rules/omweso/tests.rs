use super::laps::{Circuits, NOTHING_SAVED, OmwesoMove, Saved, lifted, long_laps, short_laps};
use super::{GRID_ORDER, LEN, PIT_AT};
use crate::rules::sowing::MoveEnd;
use crate::rules::{Board, Direction, Game, Player};

#[test]
fn sowable_pits_gathered_by_words_match_the_grid_order_one_by_one() {
    let mut lot = crate::rules::Lot(7);
    for round in 0..20_000 {
        let me: [u8; LEN] = lot.counts(7, 5);
        for p in [Player::South, Player::North] {
            let mut one_by_one = 0u32;
            for (k, &pos) in GRID_ORDER[p as usize].iter().enumerate() {
                one_by_one |= ((me[pos as usize] >= 2) as u32) << k;
            }
            assert_eq!(
                super::sowable_in_grid_order(&me, p),
                one_by_one,
                "round {round}, {p:?}, {me:?}"
            );
        }
    }
}

/// Everything a lap loop leaves: its answer, the move, the saved lap start and
/// the captured columns.
type Left = (
    MoveEnd,
    [u8; LEN],
    [u8; LEN],
    [u32; 2],
    [usize; 2],
    u64,
    Saved,
    u32,
);

fn left(end: MoveEnd, at: &Circuits, saved: Saved, rules: &OmwesoMove) -> Left {
    let dir = at.dir as u32;
    let here = [at.hand, dir];
    (
        end,
        at.me,
        at.opp,
        here,
        [at.from, at.origin],
        at.laps,
        saved,
        rules.columns,
    )
}

/// A random move's start: both circuits (64 seeds at most), a start pit with
/// seeds, either direction, and whether captures are allowed.
fn random_move(x: &mut u64) -> (Circuits, OmwesoMove, bool) {
    let mut next = |n: u64| {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x % n
    };
    let (mut me, mut opp) = ([0u8; LEN], [0u8; LEN]);
    // Every other position dense: 48 to 64 seeds on the mover's side, every pit
    // of his holding some, which makes long moves (and a few that never end).
    let dense = next(2) == 0;
    let mine = if dense { 48 + next(17) } else { 8 + next(57) };
    for k in 0..mine {
        me[if dense && k < 16 { k } else { next(16) } as usize] += 1;
    }
    for _ in 0..next(65 - mine) {
        opp[next(16) as usize] += 1;
    }
    let from = (0..16)
        .map(|k| (k + next(16) as usize) & 15)
        .find(|&k| me[k] > 0);
    let from = from.unwrap_or(0);
    me[from] = me[from].max(1);
    let at = Circuits {
        me: lifted(&me, from),
        opp,
        hand: me[from] as u32,
        from,
        origin: from,
        dir: if next(4) == 0 {
            Direction::Cw
        } else {
            Direction::Ccw
        },
        laps: 0,
    };
    let rules = OmwesoMove {
        may_capture: next(5) > 0,
        columns: 0,
    };
    (at, rules, next(2) == 0)
}

fn copy(at: &Circuits) -> Circuits {
    Circuits { ..*at }
}

/// [`long_laps`] in place.
fn long(
    at: &mut Circuits,
    saved: &mut Saved,
    rules: &mut OmwesoMove,
    south: bool,
    stop: u64,
) -> MoveEnd {
    let end;
    (end, *at, *saved, *rules) =
        long_laps((copy(at), *saved, OmwesoMove { ..*rules }), south, stop);
    end
}

#[test]
fn the_long_move_loop_plays_every_lap_as_the_short_one() {
    // Both loops from a move's very first lap, to its end or 100,000 laps; the
    // long one also in slices of 1 to 40 laps (as a long move goes in slices).
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let (mut long_moves, mut never_ending, mut offers, mut captures) = (0, 0, 0, 0);
    for round in 0..20_000 {
        let (start, rules, south) = random_move(&mut x);
        let (mut a, mut ra, mut sa) = (copy(&start), OmwesoMove { ..rules }, NOTHING_SAVED);
        let end = short_laps(&mut a, &mut sa, &mut ra, south, 100_000);
        let expected = left(end, &a, sa, &ra);
        let (mut b, mut rb, mut sb) = (copy(&start), OmwesoMove { ..rules }, NOTHING_SAVED);
        let end = long(&mut b, &mut sb, &mut rb, south, 100_000);
        assert_eq!(left(end, &b, sb, &rb), expected, "round {round}");
        let (mut c, mut rc, mut sc) = (copy(&start), OmwesoMove { ..rules }, NOTHING_SAVED);
        let slice = 1 + round % 40;
        let end = loop {
            let stop = c.laps + slice as u64;
            let end = long(&mut c, &mut sc, &mut rc, south, stop);
            if end != MoveEnd::Paused || c.laps >= 100_000 {
                break end;
            }
        };
        assert_eq!(left(end, &c, sc, &rc), expected, "round {round}, slices");
        long_moves += (a.laps > 64) as u32;
        never_ending += (expected.0 == MoveEnd::NeverEnding) as u32;
        offers += (expected.0 == MoveEnd::AskDirection && a.laps > 1) as u32;
        captures += (ra.columns != 0) as u32;
    }
    // The positions reach the loops' branches (long moves are rare in random
    // positions: the next tests play some).
    let reached = (long_moves, never_ending, offers, captures);
    assert!(offers > 500 && captures > 2_000, "{reached:?}");
}

/// Plays `start` by [`short_laps`] in one go and by [`long_laps`] in one go and
/// in slices of `slice` laps, to lap `stop_at`: the three must agree.
fn both_loops(start: &Circuits, rules: &OmwesoMove, south: bool, stop_at: u64, slice: u64) -> Left {
    let (mut a, mut ra, mut sa) = (copy(start), OmwesoMove { ..*rules }, NOTHING_SAVED);
    let end = short_laps(&mut a, &mut sa, &mut ra, south, stop_at);
    let expected = left(end, &a, sa, &ra);
    let (mut b, mut rb, mut sb) = (copy(start), OmwesoMove { ..*rules }, NOTHING_SAVED);
    let end = long(&mut b, &mut sb, &mut rb, south, stop_at);
    assert_eq!(left(end, &b, sb, &rb), expected);
    let (mut c, mut rc, mut sc) = (copy(start), OmwesoMove { ..*rules }, NOTHING_SAVED);
    let end = loop {
        let stop = (c.laps + slice).min(stop_at);
        let end = long(&mut c, &mut sc, &mut rc, south, stop);
        if end != MoveEnd::Paused || c.laps >= stop_at {
            break end;
        }
    };
    assert_eq!(left(end, &c, sc, &rc), expected, "in slices of {slice}");
    expected
}

#[test]
fn the_long_move_loop_finds_the_same_cycles() {
    // The never-ending pattern of tests/never_ending.rs on the mover's circuit,
    // turned to start at every position; the opponent's seeds in his back row,
    // so that nothing captures even where captures are allowed.
    for turn in 0..LEN {
        for may_capture in [false, true] {
            let mut me = [0u8; LEN];
            for k in (1..=13).step_by(2) {
                me[(k + turn) & 15] = 1;
            }
            me[(14 + turn) & 15] = 3;
            me[(15 + turn) & 15] = 1;
            let mut opp = [0u8; LEN];
            for k in 0..53 {
                opp[k % 8] += 1;
            }
            let from = (14 + turn) & 15;
            let start = Circuits {
                me: lifted(&me, from),
                opp,
                hand: 3,
                from,
                origin: from,
                dir: Direction::Ccw,
                laps: 0,
            };
            let rules = OmwesoMove {
                may_capture,
                columns: 0,
            };
            let left = both_loops(&start, &rules, turn % 2 == 0, 1_000_000, 1 + turn as u64);
            assert_eq!(left.0, MoveEnd::NeverEnding, "turned by {turn}");
        }
    }
}

#[test]
fn the_long_move_loop_plays_the_conventions_example_as_the_short_one() {
    // The conventions' move that never ends (a cycle of 51,654,100 laps), from
    // its 1,000th lap to its 201,000th, both loops saving the same lap starts.
    let (s, d) = crate::cli::bench::conventions_never_ending();
    let b = s.board;
    let (mine, theirs) = (
        b.base[Player::South as usize],
        b.base[Player::North as usize],
    );
    let me = super::sixteen(&s.seeds.pits, mine);
    let from = b.slot(d.start_pit().unwrap()).unwrap() - mine;
    let mut at = Circuits {
        me: lifted(&me, from),
        opp: super::sixteen(&s.seeds.pits, theirs),
        hand: me[from] as u32,
        from,
        origin: from,
        dir: Direction::Ccw,
        laps: 0,
    };
    let mut rules = OmwesoMove {
        may_capture: super::may_capture(&s, Player::South),
        columns: 0,
    };
    let end = short_laps(&mut at, &mut NOTHING_SAVED.clone(), &mut rules, true, 1_000);
    assert_eq!((end, at.laps), (MoveEnd::Paused, 1_000));
    let left = both_loops(&at, &rules, true, 201_000, 777);
    assert_eq!((left.0, left.5), (MoveEnd::Paused, 201_000));
}

#[test]
fn the_tables_follow_the_board() {
    let b = Board::of(Game::Omweso, 8);
    for p in Player::BOTH {
        let base = b.base[p as usize];
        let grid: Vec<usize> = b.own_in_grid_order[p as usize]
            .iter()
            .map(|&k| k as usize - base)
            .collect();
        let ours: Vec<usize> = GRID_ORDER[p as usize].iter().map(|&k| k as usize).collect();
        assert_eq!(grid, ours);
        for (pos, pit) in PIT_AT[p as usize].iter().enumerate() {
            assert_eq!(b.pit_of_slot[base + pos], *pit);
        }
    }
}
