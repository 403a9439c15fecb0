//! A ceiling for any engine on the McGill subset: its sequences replayed with nothing
//! but the laps (sowing, relays and captures, as this engine's Omweso plays them).
//! No legality check, no end-of-turn checks, no position key, no repetition history,
//! no direction offers (the sequences always answer `ccw`), no events: less work than
//! the rules ask for, so no faithful engine can be faster than this loop by much.
//! Each game's final position is checked against the engine's (`apply_quiet`).
//!
//! Usage: bare_laps MCGILL_SEQUENCE_FILE (as written by `bench --write-sequences`).
//! `scripts/compare-engines.sh` builds it against this tree and runs it after the
//! McGill engine. Prints moves per second of thread CPU time (best of 6 rounds) and
//! the laps a move.

use mancala_hall::rules::{Decision, Direction, Game, GameState, Options, Player, apply_quiet};
use std::hint::black_box;

/// Nanoseconds this thread has run on a CPU (Linux).
fn cpu_ns() -> u64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux schedstat");
    s.split_whitespace().next().unwrap().parse().unwrap()
}

/// A player's circuit of 16 pits, a pit a byte, in the engine's numbering: position 0
/// is the back row's first pit; 8..16 the front row (North's circuit turned by 8, so
/// that both players face the same way).
type Circuit = [u8; 16];

#[inline(always)]
fn add(a: Circuit, b: Circuit) -> Circuit {
    std::array::from_fn(|i| a[i].wrapping_add(b[i]))
}

#[inline(always)]
fn and(a: Circuit, b: Circuit) -> Circuit {
    std::array::from_fn(|i| a[i] & b[i])
}

struct Tables {
    /// `fill[from * 17 + r]`: a seed in each of the `r` positions after `from`, wrapping.
    fill: Vec<Circuit>,
    /// `keep[k]`: every lane but `k` (`keep[16]`: every lane).
    keep: [Circuit; 17],
}

fn tables() -> Tables {
    let mut fill = vec![[0u8; 16]; 16 * 17];
    for from in 0..16 {
        for r in 1..=16usize {
            for k in 1..=r {
                fill[from * 17 + r][(from + k) & 15] = 1;
            }
        }
    }
    let mut keep = [[0xFF; 16]; 17];
    for (k, lanes) in keep.iter_mut().enumerate().take(16) {
        lanes[k] = 0;
    }
    Tables { fill, keep }
}

/// One move from position `start` of the mover's circuit; returns its laps. A capture
/// (last seed in an occupied front-row pit facing two occupied pits, not on the
/// mover's first turn) takes both facing pits and sows them from the lap's start; a
/// relay lifts the landing pit. The McGill subset's 200-lap cap ends a move.
#[inline(always)]
fn play(c: &mut [Circuit; 2], mover: usize, start: usize, may_capture: bool, t: &Tables) -> u32 {
    let (mut me, mut opp) = (c[mover], c[1 - mover]);
    let mut hand = me[start] as u32;
    me[start] = 0;
    let (mut from, mut origin) = (start, start);
    let mut laps = 0;
    loop {
        let rounds = (hand - 1) >> 4;
        let run = (hand - 16 * rounds) as usize;
        let landing = (from + run) & 15;
        let count = me[landing] as u32 + rounds + 1;
        if rounds > 0 {
            me = add(me, [rounds as u8; 16]);
        }
        me = add(me, t.fill[from * 17 + run]);
        laps += 1;
        if count == 1 || laps >= 200 {
            break;
        }
        let (front, back) = ((23 - landing) & 15, landing.wrapping_sub(8) & 15);
        let (f, b) = (opp[front] as u32, opp[back] as u32);
        let capture = may_capture & (landing >= 8) & (f > 0) & (b > 0);
        // Selected without a branch (which comes next is anyone's guess).
        let (keep_me, keep_front, keep_back) = if capture {
            (16, front, back)
        } else {
            (landing, 16, 16)
        };
        me = and(me, t.keep[keep_me]);
        opp = and(and(opp, t.keep[keep_front]), t.keep[keep_back]);
        hand = if capture { f + b } else { count };
        origin = if capture { origin } else { landing };
        from = origin;
    }
    c[mover] = me;
    c[1 - mover] = opp;
    laps
}

/// A game: both circuits at the start, who moves first, the start position of each
/// move, and both circuits at the end as the engine left them.
struct Sequence {
    start: [Circuit; 2],
    first: usize,
    moves: Vec<u8>,
    end: [Circuit; 2],
}

/// Plays a game's moves from its start; returns the circuits and the laps.
#[inline(always)]
fn replay_one(q: &Sequence, t: &Tables) -> ([Circuit; 2], u64) {
    let mut c = q.start;
    let (mut mover, mut turns, mut laps) = (q.first, [0u32; 2], 0);
    for &m in &q.moves {
        laps += play(&mut c, mover, m as usize, turns[mover] > 0, t) as u64;
        turns[mover] += 1;
        mover ^= 1;
    }
    (c, laps)
}

/// The engine's position of `pos` on `p`'s circuit (see [`Circuit`]).
fn internal(p: Player, pos: usize) -> usize {
    if p == Player::North {
        (pos + 8) % 16
    } else {
        pos
    }
}

fn circuits(s: &GameState) -> [Circuit; 2] {
    let mut c = [[0u8; 16]; 2];
    for p in [Player::South, Player::North] {
        for (pos, &pit) in s.board().circuit(p).iter().enumerate() {
            c[p as usize][internal(p, pos)] = s.count_at(pit as usize);
        }
    }
    c
}

fn read(path: &str) -> Vec<Sequence> {
    let text = std::fs::read_to_string(path).expect("a sequence file");
    let mut games = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split('\t');
        let options: Options = serde_json::from_str(parts.next().unwrap()).unwrap();
        let game = Game::from_id(parts.next().unwrap()).unwrap();
        assert_eq!(game, Game::Omweso, "the McGill sequences are Omweso");
        let mut s = GameState::new(game, options).unwrap();
        let (start, first) = (circuits(&s), s.to_decide() as usize);
        let mut moves = Vec::new();
        for text in parts
            .next()
            .unwrap_or("")
            .split(';')
            .filter(|t| !t.is_empty())
        {
            let d: Decision = text.parse().unwrap();
            match &d {
                Decision::Sow(pit) => {
                    let p = s.to_decide();
                    let pos = s
                        .board()
                        .circuit_position(p, s.board().index(*pit).unwrap());
                    moves.push(internal(p, pos.unwrap()) as u8);
                }
                Decision::Direction(dir) => assert_eq!(*dir, Direction::Ccw),
                other => panic!("not in the McGill subset: {other:?}"),
            }
            apply_quiet(&mut s, d).expect("a legal decision");
        }
        let end = circuits(&s);
        games.push(Sequence {
            start,
            first,
            moves,
            end,
        });
    }
    games
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: bare_laps MCGILL_SEQUENCE_FILE");
    let games = read(&path);
    let t = tables();
    let (mut laps, mut differ) = (0, 0);
    for q in &games {
        let (end, n) = replay_one(q, &t);
        laps += n;
        differ += (end != q.end) as usize;
    }
    let moves: u64 = games.iter().map(|q| q.moves.len() as u64).sum();
    let rounds = 20;
    let mut best = 0f64;
    for _ in 0..6 {
        let t0 = cpu_ns();
        for _ in 0..rounds {
            for q in &games {
                black_box(replay_one(black_box(q), &t));
            }
        }
        let seconds = (cpu_ns() - t0).max(1) as f64 / 1e9;
        best = best.max((rounds * moves) as f64 / seconds);
    }
    println!(
        "bare-laps\t{best:.0}\t{} games, {moves} moves, {:.2} laps a move, {differ} end unlike the engine",
        games.len(),
        laps as f64 / moves as f64
    );
}
