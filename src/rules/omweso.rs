//! Omweso (Uganda), `01-omweso.md`: 4 x 8, no stores, captured seeds are sown again on
//! the captor's side; reverse captures, the opening three, mid-turn direction choices,
//! points and the match.
//!
//! Positions below are on the mover's circuit (see [`super::Board`]): `0..8` his back
//! row, `8..16` his front row, the same for both players.

use super::board::MAX_PITS;
use super::event::{no_win, win};
use super::seeds::{Seeds, byte_bits, byte_bits_reversed, two_or_more_bytes};
use super::sowing::{Brent, BrentClock, LapEnd, LapSchedule, MoveEnd, MoveRules, Recorder, Sowing};
use super::state::{LapStart, MoveInProgress};
use super::turn::{close_turn, close_turn_inline, finish_game};
use super::variant::{ALL_GAMES, Rules, TurnDone};
use super::{
    Board, CaptureTo, Decision, Direction, EndReason, Event, Game, GameResult, GameState, Lot,
    Outcome, Pending, Pit, Player, RuleError,
};

/// Omweso as one type (see [`super::variant::Rules`]).
pub(crate) struct Omweso;

impl Rules for Omweso {
    const GAME: Game = Game::Omweso;
    const ROWS: u8 = 4;
    const COLS: Option<u8> = Some(8);
    const SEEDS_LEAVE_BOARD: bool = false;
    const OPTIONS: &'static [&'static str] = &[
        ALL_GAMES[0],
        ALL_GAMES[1],
        "set_up",
        "opening_three",
        "grand_slam",
        "front_row_two_points",
        "two_captures_first",
        "match_target",
        "play_mode",
    ];
    fn total_seeds(_: u8) -> u32 {
        64
    }
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        let mut pits = vec![0u8; rows * cols];
        for c in 0..cols {
            pits[c] = 4;
            pits[3 * cols + c] = 4;
        }
        pits
    }
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
        turn_starts(s, out)
    }
    fn is_legal_start(s: &GameState, d: &Decision) -> bool {
        is_legal_start(s, d)
    }
    fn can_move(s: &GameState, p: Player) -> bool {
        s.seeds.pits[s.board.own_slots(p)].iter().any(|&n| n >= 2)
    }
    fn end_of_turn(s: &mut GameState, turn: &TurnDone, _: &mut Recorder) -> Option<Outcome> {
        end_of_turn(s, turn.columns)
    }
    /// A never-ending move annuls the game.
    fn on_never_ending(_: &GameState) -> Option<Outcome> {
        Some(no_win(GameResult::Annulled, EndReason::NeverEndingMove))
    }
    /// The third occurrence annuls the game.
    fn on_repetition(_: &mut GameState, occurrences: u32, _: &mut Recorder) -> Option<Outcome> {
        (occurrences >= 3).then(|| no_win(GameResult::Annulled, EndReason::Repetition))
    }
}

/// Neither player may capture on his own first turn.
#[inline]
pub(crate) fn may_capture(s: &GameState, p: Player) -> bool {
    s.flags.turns_played[p] > 0
}

/// The opponent pits facing position `pos` of the mover's circuit, as positions of
/// the opponent's circuit: (front, back). Meaningful for the mover's front row
/// (`8..16`); kept on the circuit for any `pos`, so that no caller needs a branch.
#[inline(always)]
fn facing(pos: usize) -> (usize, usize) {
    (23usize.wrapping_sub(pos) & 15, pos.wrapping_sub(8) & 15)
}

/// Omweso's capture test, the only one: a lap whose last seed lands at position `pos`
/// of the mover's circuit (an occupied pit) captures when it is in his front row and
/// both facing opponent pits (holding `front` and `back` seeds) hold seeds. Written
/// without branches for the lap loop.
#[inline(always)]
fn captures(pos: usize, front: u8, back: u8) -> bool {
    capture_bit(pos, front, back) != 0
}

/// [`captures`] as a bit (1 when it captures), worked out with arithmetic alone:
/// the lap loop combines it with other tests into one branch. (Comparisons joined by
/// `&` end up as a branch each, and each of them is a coin toss the predictor loses.)
#[inline(always)]
fn capture_bit(pos: usize, front: u8, back: u8) -> u32 {
    (pos as u32 >> 3) & 1 & one_if_any(front as u32) & one_if_any(back as u32)
}

/// 1 when `n` (at most 256) is not 0, else 0, without a comparison.
#[inline(always)]
fn one_if_any(n: u32) -> u32 {
    debug_assert!(n <= 256);
    (n + 0xFF) >> 8
}

/// [`captures`] on the board: returns the slots of the facing pits (front, back).
#[inline(always)]
pub(crate) fn capture_at(
    board: &Board,
    pits: &[u8; MAX_PITS],
    mover: Player,
    pos: usize,
) -> Option<(usize, usize)> {
    let other = board.base[mover.opponent() as usize];
    let (front, back) = facing(pos);
    let (front, back) = (other + front, other + back);
    captures(pos, pits[front], pits[back]).then_some((front, back))
}

/// Where a clockwise lap of `hand` seeds after position `from` lands, and how many
/// times it goes all round the circuit first: (landing, rounds).
#[inline(always)]
fn cw_landing(from: usize, hand: u32) -> (usize, usize) {
    let rounds = (hand as usize - 1) >> 4;
    let dist = ((hand as usize - 1) & 15) + 1;
    ((from + LEN - dist) & 15, rounds)
}

/// Pits on a player's circuit (4 x 8 board).
const LEN: usize = 16;

/// Is `pos` one of the mover's four leftmost pits (as he sees the board)?
#[inline(always)]
fn leftmost_four(pos: usize) -> bool {
    leftmost_bit(pos) != 0
}

/// [`leftmost_four`] as a bit (positions 0, 1, 14 and 15 of the circuit).
#[inline(always)]
fn leftmost_bit(pos: usize) -> u32 {
    (0xC003u32 >> (pos & 15)) & 1
}

/// Would a clockwise lap of `hand` seeds after position `from` be a direct capture:
/// its last seed lands in an occupied pit that captures? With `lifted`, the pit at
/// `from` counts as empty (a turn start, before its seeds are lifted).
#[inline(always)]
fn cw_captures(
    board: &Board,
    seeds: &Seeds,
    mover: Player,
    from: usize,
    hand: u32,
    lifted: bool,
) -> bool {
    let base = board.base[mover as usize];
    let (landing, rounds) = cw_landing(from, hand);
    let here = if lifted && landing == from {
        0
    } else {
        seeds.pits[base + landing] as usize
    };
    here + rounds > 0 && capture_at(board, &seeds.pits, mover, landing).is_some()
}

/// [`cw_captures`] of the player to decide, on the seeds as they lie now.
pub(crate) fn cw_is_direct_capture(s: &GameState, from: usize, hand: u32) -> bool {
    cw_captures(s.board, &s.seeds, s.to_decide, from, hand, false)
}

/// Turn starts: normal moves, reverse captures, the opening three (grid order).
pub(crate) fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
    let p = s.to_decide;
    let b = s.board;
    let me = sixteen(&s.seeds.pits, b.base[p as usize]);
    let opp = sixteen(&s.seeds.pits, b.base[p.opponent() as usize]);
    let capture = may_capture(s, p);
    let three = s.options.opening_three && !s.flags.capture_made;
    // The pits of 2 or more as bits in grid order, visited lowest first: one branch
    // a legal pit rather than a coin toss for every pit.
    let order = &GRID_ORDER[p as usize];
    let mut sowable = sowable_in_grid_order(&me, p);
    // A reverse capture starts only from one of the leftmost four pits: those are
    // looked at, the others not (one predictable branch a pit).
    let reversible = if capture {
        sowable & LEFTMOST_GRID[p as usize]
    } else {
        0
    };
    // Most pits only sow: the few that may also reverse or open with three (all of
    // them while the opening three is allowed) are looked at closer.
    let closer = if three { sowable } else { reversible };
    let pits = &PIT_IN_GRID[p as usize];
    // Gathered first, then written in one go. Pushed one by one, each decision was
    // built on the stack (the push may call the allocator) and copied into the list
    // by a wide load of its narrower stores: a store-forwarding stall a decision.
    let mut starts = [(Pit::new(0, 0), Start::Sow); 2 * LEN + 4];
    let mut count = 0;
    while sowable != 0 {
        let k = sowable.trailing_zeros() as usize & 15;
        sowable &= sowable - 1;
        let pit = pits[k];
        starts[count] = (pit, Start::Sow);
        count += 1;
        if (closer >> k) & 1 != 0 {
            let pos = order[k] as usize;
            let n = me[pos];
            if (reversible >> k) & 1 != 0 && cw_captures16(&me, &opp, pos, n as u32, true) {
                starts[count] = (pit, Start::Reverse);
                count += 1;
            }
            if (n == 3) & three {
                starts[count] = (pit, Start::OpeningThree);
                count += 1;
            }
        }
    }
    out.extend(
        starts[..count]
            .iter()
            .map(|&(pit, start)| start.decision(pit)),
    );
}

/// The kinds of turn start, gathered by [`turn_starts`] before they are listed (at
/// most one reverse capture for each of the leftmost four pits, and one opening
/// three a pit).
#[derive(Clone, Copy)]
enum Start {
    Sow,
    Reverse,
    OpeningThree,
}

impl Start {
    #[inline(always)]
    fn decision(self, pit: Pit) -> Decision {
        match self {
            Start::Sow => Decision::Sow(pit),
            Start::Reverse => Decision::Reverse(pit),
            Start::OpeningThree => Decision::OpeningThree(pit),
        }
    }
}

/// Each player's pits in grid order ([`PIT_AT`] of each [`GRID_ORDER`] position).
const PIT_IN_GRID: [[Pit; LEN]; 2] = {
    let mut t = [[Pit::new(0, 0); LEN]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < LEN {
            t[p][k] = PIT_AT[p][GRID_ORDER[p][k] as usize];
            k += 1;
        }
        p += 1;
    }
    t
};

/// The positions of the mover's circuit `me` that hold 2 or more, as bits of their
/// index in [`GRID_ORDER`]: each half of the circuit a word, whose bytes of 2 or more
/// are gathered into a byte by one multiplication (its bytes reversed by another
/// constant), instead of 16 separate reads.
#[inline(always)]
fn sowable_in_grid_order(me: &[u8; LEN], p: Player) -> u32 {
    let [lo, hi] = [0, 8]
        .map(|i| two_or_more_bytes(u64::from_le_bytes(me[i..i + 8].try_into().expect("8 pits"))));
    // Grid order (see GRID_ORDER): South from position 15 down to 8, then 0 up to 7;
    // North from 7 down to 0, then 8 up to 15.
    let (first, second) = match p {
        Player::South => (hi, lo),
        Player::North => (lo, hi),
    };
    byte_bits_reversed(first) | byte_bits(second) << 8
}

/// Each player's leftmost four pits as bits of their index in [`GRID_ORDER`].
const LEFTMOST_GRID: [u32; 2] = {
    let mut t = [0u32; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < LEN {
            let pos = GRID_ORDER[p][k] as usize;
            if pos <= 1 || pos + 2 >= LEN {
                t[p] |= 1 << k;
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// [`cw_captures`] on the two circuits held apart (`me`, `opp`).
#[inline(always)]
fn cw_captures16(me: &[u8; LEN], opp: &[u8; LEN], from: usize, hand: u32, lifted: bool) -> bool {
    let (landing, rounds) = cw_landing(from, hand);
    let here = if lifted && landing == from {
        0
    } else {
        me[landing] as usize
    };
    let (front, back) = facing(landing);
    here + rounds > 0 && captures(landing, opp[front], opp[back])
}

/// Each player's positions (of his circuit) in grid order: the order decisions are
/// listed in (South: his front row (2, 0..8), then his back row (3, 0..8); North:
/// his back row (0, 0..8), then his front row (1, 0..8)).
const GRID_ORDER: [[u8; LEN]; 2] = [
    [15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7],
    [7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13, 14, 15],
];

/// The pit at each position of each player's circuit.
const PIT_AT: [[Pit; LEN]; 2] = {
    let mut t = [[Pit::new(0, 0); LEN]; 2];
    let mut pos = 0;
    while pos < LEN {
        let p = pos as u8;
        (t[0][pos], t[1][pos]) = if pos < 8 {
            (Pit::new(3, p), Pit::new(0, 7 - p))
        } else {
            (Pit::new(2, 15 - p), Pit::new(1, p - 8))
        };
        pos += 1;
    }
    t
};

/// Whether a turn-starting decision is legal, without listing them.
pub(crate) fn is_legal_start(s: &GameState, d: &Decision) -> bool {
    legal_start_slot(s, d).is_some()
}

/// The slot a legal turn-starting decision lifts from (`None`: not a legal start).
#[inline(always)]
pub(crate) fn legal_start_slot(s: &GameState, d: &Decision) -> Option<usize> {
    let p = s.to_decide;
    let b = s.board;
    let slot = d
        .start_pit()
        .and_then(|pit| b.slot(pit))
        .filter(|&k| b.own_slots(p).contains(&k))?;
    let n = s.seeds.pits[slot];
    let pos = slot - b.base[p as usize];
    let legal = match d {
        Decision::Sow(_) => n >= 2,
        Decision::Reverse(_) => {
            n >= 2
                && may_capture(s, p)
                && leftmost_four(pos)
                && cw_captures(b, &s.seeds, p, pos, n as u32, true)
        }
        Decision::OpeningThree(_) => n == 3 && s.options.opening_three && !s.flags.capture_made,
        _ => false,
    };
    legal.then_some(slot)
}

/// The course of an Omweso move.
pub(crate) struct OmwesoMove {
    may_capture: bool,
    /// Bit c set: captured from the opponent's column c this turn.
    pub(crate) columns: u32,
}

impl MoveRules for OmwesoMove {
    #[inline(always)]
    fn lap_end(&mut self, s: &mut Sowing, landing: usize) -> LapEnd {
        if s.at(landing) == 1 {
            return LapEnd::Stop; // the pit was empty: the turn ends
        }
        if self.may_capture
            && let Some((front, back)) = capture_at(s.board, &s.seeds.pits, s.player, landing)
        {
            self.columns |= 1 << s.board.pit_of_slot[front].col;
            s.capture(front, CaptureTo::Hand);
            s.capture(back, CaptureTo::Hand);
            return LapEnd::SowFromOrigin; // sown again after the capturing lap's origin
        }
        LapEnd::Relay
    }

    #[inline(always)]
    fn offers_direction(&self, s: &Sowing) -> bool {
        self.may_capture
            && leftmost_four(s.from)
            && cw_captures(s.board, &s.seeds, s.player, s.from, s.seeds.hand, false)
    }

    const QUIET_LAPS: bool = true;

    /// The laps that are not reported, with both circuits held apart as 16 bytes
    /// each: a lap is one vector add of a prepared run, a pit one byte. The same
    /// rules as [`OmwesoMove::lap_end`] and [`OmwesoMove::offers_direction`], lap for
    /// lap; the choice between a capture and a relay is made without a branch (which
    /// one comes next is anyone's guess).
    fn quiet_laps(&mut self, s: &mut Sowing, cycle: &mut Brent, stop_at: u64) -> MoveEnd {
        let mine = s.base;
        let theirs = s.board.base[s.player.opponent() as usize];
        let mut at = Circuits {
            me: sixteen(&s.seeds.pits, mine),
            opp: sixteen(&s.seeds.pits, theirs),
            hand: s.seeds.hand,
            from: s.from,
            origin: s.origin,
            dir: s.dir,
            laps: s.laps,
        };
        let mut saved = Saved {
            me: sixteen(&cycle.pits, mine),
            opp: sixteen(&cycle.pits, theirs),
            key: cycle.key,
            clock: cycle.clock,
        };
        let south = s.player == Player::South;
        let end = laps16(&mut at, &mut saved, self, south, stop_at);
        s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
        s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
        (s.seeds.hand, s.from, s.origin, s.dir, s.laps) =
            (at.hand, at.from, at.origin, at.dir, at.laps);
        cycle.pits[mine..mine + LEN].copy_from_slice(&saved.me);
        cycle.pits[theirs..theirs + LEN].copy_from_slice(&saved.opp);
        (cycle.key, cycle.clock) = (saved.key, saved.clock);
        end
    }
}

/// 16 pits of a player's circuit from slot `at`.
#[inline(always)]
fn sixteen(pits: &[u8; MAX_PITS], at: usize) -> [u8; LEN] {
    pits[at..at + LEN].try_into().expect("16 pits")
}

/// `circuit` with the pit at `pos` emptied, as one vector and.
#[inline(always)]
fn lifted(circuit: &[u8; LEN], pos: usize) -> [u8; LEN] {
    // One vector and, kept in a vector register. Written with `array::from_fn`, the
    // compiler called it out of line; as a `u128` and, it stored the two halves
    // apart, and the lap loop's 16-byte read of them stalled.
    let mut out = *circuit;
    for (n, keep) in out.iter_mut().zip(&KEEP[pos & 15]) {
        *n &= keep;
    }
    out
}

/// A move between laps on the 4 x 8 board: both circuits held apart as 16 bytes each
/// (the mover's, then the opponent's, each from its own position 0), the hand, where
/// the next lap starts, the origin, the direction and the laps played.
pub(crate) struct Circuits {
    pub(crate) me: [u8; LEN],
    pub(crate) opp: [u8; LEN],
    pub(crate) hand: u32,
    pub(crate) from: usize,
    pub(crate) origin: usize,
    pub(crate) dir: Direction,
    pub(crate) laps: u64,
}

/// The cycle finder's saved lap start (Brent's), in the form of [`Circuits`]: `key`
/// is `u64::MAX` while nothing is saved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Saved {
    me: [u8; LEN],
    opp: [u8; LEN],
    key: u64,
    clock: BrentClock,
}

impl Saved {
    /// Nothing saved yet (a move's start).
    #[inline(always)]
    pub(crate) fn new() -> Saved {
        Saved {
            me: [0; LEN],
            opp: [0; LEN],
            key: u64::MAX,
            clock: BrentClock::START,
        }
    }
}

/// Laps after which a move counts as long ([`long_laps`] plays the rest).
const SHORT_LAPS: u64 = 64;

/// Plays the laps that are not reported, exactly as [`Sowing::run`] would with
/// [`OmwesoMove`]'s rules, until the move ends, asks for a direction, never ends or
/// reaches lap `stop_at` ([`MoveEnd::Paused`]). A lap is one vector add of a prepared
/// run, a pit one byte. The first [`SHORT_LAPS`] laps of a call go by [`short_laps`]
/// (most moves end within three), the rest by [`long_laps`]. `south`: the mover is
/// South (the numbering of the captured columns).
#[inline(always)]
pub(crate) fn laps16(
    at: &mut Circuits,
    saved: &mut Saved,
    rules: &mut OmwesoMove,
    south: bool,
    stop_at: u64,
) -> MoveEnd {
    let short_stop = stop_at.min(at.laps.saturating_add(SHORT_LAPS));
    let end = short_laps(at, saved, rules, south, short_stop);
    if end == MoveEnd::Paused && at.laps < stop_at {
        // By value, so that the move's state stays in registers on the short way.
        let long = (Circuits { ..*at }, *saved, OmwesoMove { ..*rules });
        let end;
        (end, *at, *saved, *rules) = long_laps(long, south, stop_at);
        return end;
    }
    end
}

/// [`laps16`] for the laps of a short move: the choice between a capture and a
/// relay is made without a branch (which one comes next is anyone's guess).
#[inline(always)]
fn short_laps(
    at: &mut Circuits,
    saved: &mut Saved,
    rules: &mut OmwesoMove,
    south: bool,
    stop_at: u64,
) -> MoveEnd {
    let (mut me, mut opp) = (at.me, at.opp);
    let (mut hand, mut from, mut origin, mut dir) = (at.hand, at.from, at.origin, at.dir);
    let mut laps = at.laps;
    let (mut saved_me, mut saved_opp) = (saved.me, saved.opp);
    let (mut key, mut clock) = (saved.key, saved.clock);
    let may_capture = rules.may_capture;
    let mut columns = rules.columns;
    // The number of the captured column at position `pos`: `pos ^ column_flip`.
    let column_flip = if south { 15 } else { 8 };
    let mut schedule = LapSchedule::new(clock, laps, stop_at);
    let mut ticked = true; // whether the last lap's tick was counted (left by a break)
    let end = loop {
        // One lap: `rounds` seeds into every pit, then a run of 1..=16.
        let rounds = (hand - 1) >> 4;
        let (landing, fill) = lap_fill(from, hand, dir);
        // The landing pit's count from before the adds (the run always reaches it):
        // read after them, it would wait for the adds to be stored.
        let count = me[landing].wrapping_add((rounds as u8).wrapping_add(1));
        if rounds > 0 {
            me = add16(me, [rounds as u8; LEN]);
        }
        me = add16(me, FILLS[fill]);
        laps += 1;
        if count == 1 {
            hand = 0;
            ticked = false;
            break MoveEnd::Landed(landing); // the pit was empty: the turn ends
        }
        // A capture empties both facing pits and leaves the landing pit; a relay
        // lifts the landing pit. Either way one and of each circuit with a mask from
        // a table, so that no branch waits on which (anyone's guess).
        let (front, back) = facing(landing);
        let (f, b) = (opp[front], opp[back]);
        let capture = may_capture & captures(landing, f, b);
        let [keep_me, keep_opp] = LAP_MASKS[(capture as usize) << 4 | landing];
        me = and16(me, keep_me);
        opp = and16(opp, keep_opp);
        columns |= (capture as u32) << (landing ^ column_flip);
        hand = if capture {
            f as u32 + b as u32
        } else {
            count as u32
        };
        origin = if capture { origin } else { landing };
        from = origin;
        dir = Direction::Ccw;
        // Would a clockwise lap from here be a direct capture? Worked out whatever
        // the pit, as bits, so that the one branch is on the rare answer (the pit
        // being one of the leftmost four is a coin toss the predictor loses).
        let (l, rounds) = cw_landing(from, hand);
        let (lf, lb) = facing(l);
        let offer = may_capture as u32
            & leftmost_bit(from)
            & one_if_any(me[l] as u32 + rounds as u32)
            & capture_bit(l, opp[lf], opp[lb]);
        if offer != 0 {
            ticked = false;
            break MoveEnd::AskDirection;
        }
        // Brent's cycle finding: nothing is saved before lap 65 (`CYCLES_FROM`), and
        // most moves end before it, so they never build a key. Then the key first,
        // on a branch of its own (it almost never matches), so that the four circuits
        // are compared only then.
        let lap_key = || (hand as u64) << 32 | (from as u64) << 16 | (origin as u64) << 1;
        if key != u64::MAX && lap_key() == key && same_circuits([me, opp], [saved_me, saved_opp]) {
            ticked = false;
            break MoveEnd::NeverEnding;
        }
        if laps >= schedule.next {
            let (save, stop) = schedule.due(laps);
            if save {
                (saved_me, saved_opp, key) = (me, opp, lap_key());
            }
            if stop {
                break MoveEnd::Paused;
            }
        }
    };
    clock = schedule.clock_after(laps, ticked);
    (at.me, at.opp) = (me, opp);
    (at.hand, at.from, at.origin, at.dir, at.laps) = (hand, from, origin, dir, laps);
    (saved.me, saved.opp) = (saved_me, saved_opp);
    (saved.key, saved.clock) = (key, clock);
    rules.columns = columns;
    end
}

/// Whether a lap start's two circuits are those saved: out of line, as its
/// caller looks only when the rest of the lap start matched (hardly ever).
#[cold]
#[inline(never)]
fn same_circuits(now: [[u8; LEN]; 2], saved: [[u8; LEN]; 2]) -> bool {
    now == saved
}

/// [`laps16`] for a long move, past its first [`SHORT_LAPS`] laps: the same laps,
/// lap for lap, in [`relay_laps`] where no capture can come (the usual long move)
/// and in [`any_long_laps`] otherwise.
fn long_laps(
    move_now: (Circuits, Saved, OmwesoMove),
    south: bool,
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    // Where no capture is possible now none ever will be in this move (only a
    // capture changes the opponent's circuit): then only relays are left to play.
    let (at, _, rules) = &move_now;
    if at.dir == Direction::Ccw && (!rules.may_capture || capturing_bits(&at.opp) == 0) {
        relay_laps(move_now, stop_at)
    } else {
        any_long_laps(move_now, south, stop_at)
    }
}

/// [`long_laps`] where a capture may come (or the first lap goes clockwise): a
/// branch on a capture (in a long move the laps are relays for millions of laps on
/// end, and the predictor learns that), a direction offer looked at only while a
/// capture is possible at all, and one counter for Brent's next save and the stop.
#[inline(never)]
fn any_long_laps(
    (mut at, mut saved, mut rules): (Circuits, Saved, OmwesoMove),
    south: bool,
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    // The mover's circuit in two words, a pit a byte (pits 0..8, then 8..16): a
    // lap's adds are two word adds, and a pit's count a shift, all in registers (a
    // byte read of a vector just stored waits for the store). No byte overflows:
    // an Omweso position holds 64 seeds.
    let mut me = Words::of(&at.me);
    let mut opp = at.opp;
    let (mut hand, mut from, mut origin, mut dir) = (at.hand, at.from, at.origin, at.dir);
    let mut laps = at.laps;
    let (mut saved_me, mut saved_opp) = (saved.me, saved.opp);
    let (mut key, mut clock) = (saved.key, saved.clock);
    let mut columns = rules.columns;
    let mut capturing = if rules.may_capture {
        capturing_bits(&opp)
    } else {
        0
    };
    let column_flip = if south { 15 } else { 8 };
    let mut schedule = LapSchedule::new(clock, laps, stop_at);
    let mut ticked = true; // whether the last lap's tick was counted (left by a break)
    let end = loop {
        let rounds = (hand - 1) >> 4;
        let (landing, fill) = lap_fill(from, hand, dir);
        let count = me.at(landing).wrapping_add((rounds as u8).wrapping_add(1));
        me = me.plus(&FILL_WORDS[fill]);
        if rounds > 0 {
            me = me.plus_each(rounds as u64);
        }
        laps += 1;
        if count == 1 {
            hand = 0;
            ticked = false;
            break MoveEnd::Landed(landing);
        }
        if (capturing >> landing) & 1 != 0 {
            (hand, capturing, columns) =
                capture(&mut opp, landing, capturing, columns, column_flip);
        } else {
            me = me.and(&KEEP_WORDS[landing]);
            hand = count as u32;
            origin = landing;
        }
        from = origin;
        dir = Direction::Ccw;
        if capturing != 0 {
            let (l, rounds) = cw_landing(from, hand);
            if leftmost_four(from) & ((capturing >> l) & 1 != 0) & (me.at(l) as usize + rounds > 0)
            {
                ticked = false;
                break MoveEnd::AskDirection;
            }
        }
        // The key of `short_laps`, with `origin` = `from` (so after every lap).
        let k = ((hand as u64) << 32) | (from as u64 * 0x1_0002);
        if k == key && me.bytes() == saved_me && opp == saved_opp {
            ticked = false;
            break MoveEnd::NeverEnding;
        }
        if laps >= schedule.next {
            let (save, stop) = schedule.due(laps);
            if save {
                (saved_me, saved_opp, key) = (me.bytes(), opp, k);
            }
            if stop {
                break MoveEnd::Paused;
            }
        }
    };
    clock = schedule.clock_after(laps, ticked);
    (at.me, at.opp) = (me.bytes(), opp);
    (at.hand, at.from, at.origin, at.dir, at.laps) = (hand, from, origin, dir, laps);
    (saved.me, saved.opp) = (saved_me, saved_opp);
    (saved.key, saved.clock) = (key, clock);
    rules.columns = columns;
    (end, at, saved, rules)
}

/// [`long_laps`] where no capture can come, counter-clockwise: relays until the
/// move ends, proves never-ending or reaches `stop_at`. The laps of
/// [`any_long_laps`], with less to look at:
/// - whole rounds (a hand over 16) are a branch, rare in a long relay;
/// - the cycle key is `hand << 8 | from` (`from` is `origin` after every lap) and the
///   opponent's circuit is compared once, on entry: it never changes here;
/// - so the laps' chain (hand, landing, count) is a few adds and one shift.
#[inline(never)]
fn relay_laps(
    (mut at, mut saved, rules): (Circuits, Saved, OmwesoMove),
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    debug_assert!(at.from == at.origin && at.dir == Direction::Ccw);
    let mut me = Words::of(&at.me);
    let (mut hand, mut from) = (at.hand as usize, at.from & 15);
    let mut laps = at.laps;
    // The saved lap start, with its key as `hand << 8 | from` (never matched while
    // nothing is saved, or while what is saved had another opponent circuit).
    let short_key = |key: u64| ((key >> 32) << 8) | ((key & 0xFFFF) >> 1);
    let mut saved_me = Words::of(&saved.me);
    let mut saved_key = if saved.key != u64::MAX && saved.opp == at.opp {
        short_key(saved.key)
    } else {
        u64::MAX
    };
    let mut schedule = LapSchedule::new(saved.clock, laps, stop_at);
    let mut ticked = true;
    // `from + hand` in its low 8 bits (higher ones are left as they come: the next
    // one is the landing pit plus the word the count was shifted out of, so that
    // the lap's chain is an add, a select and a shift).
    let mut sum = from + hand;
    let end = loop {
        let landing = sum & 15;
        let word = if sum & 8 == 0 { me.0[0] } else { me.0[1] };
        let raw = word >> ((sum & 7) * 8);
        let mut count = (raw as u8).wrapping_add(1);
        sum = (landing + 1).wrapping_add(raw as usize);
        me = me.plus(&FILL_WORDS[from << 4 | landing]);
        if hand > LEN {
            let rounds = (hand - 1) >> 4;
            count = count.wrapping_add(rounds as u8);
            sum = sum.wrapping_add(rounds);
            me = me.plus_each(rounds as u64);
        }
        laps += 1;
        if count == 1 {
            hand = 0;
            ticked = false;
            break MoveEnd::Landed(landing);
        }
        me = me.and(&KEEP_WORDS[landing]);
        hand = count as usize;
        from = landing;
        let k = (hand as u64) << 8 | from as u64;
        if k == saved_key && me.0 == saved_me.0 {
            ticked = false;
            break MoveEnd::NeverEnding;
        }
        if laps >= schedule.next {
            let (save, stop) = schedule.due(laps);
            if save {
                (saved_me, saved_key) = (me, k);
            }
            if stop {
                break MoveEnd::Paused;
            }
        }
    };
    at.me = me.bytes();
    (at.hand, at.from, at.origin, at.laps) = (hand as u32, from, from, laps);
    if saved_key != u64::MAX {
        // In the long form: `hand << 32 | from << 16 | origin << 1`.
        saved.key = ((saved_key >> 8) << 32) | ((saved_key & 0xFF) * 0x1_0002);
        (saved.me, saved.opp) = (saved_me.bytes(), at.opp);
    }
    saved.clock = schedule.clock_after(laps, ticked);
    (end, at, saved, rules)
}

/// [`long_laps`]'s capture at `pos` (the landing pit, which captures): empties the
/// two facing pits of `opp` and returns the seeds taken, and the capturing positions
/// and captured columns after it. Out of line, so that the relay's way round the
/// loop holds none of its work.
#[cold]
#[inline(never)]
fn capture(
    opp: &mut [u8; LEN],
    pos: usize,
    capturing: u32,
    columns: u32,
    column_flip: usize,
) -> (u32, u32, u32) {
    let (front, back) = facing(pos);
    let taken = opp[front] as u32 + opp[back] as u32;
    *opp = and16(*opp, LAP_MASKS[16 | pos][1]);
    (
        taken,
        capturing & !(1 << pos),
        columns | 1 << (pos ^ column_flip),
    )
}

/// A circuit of 16 pits as two little-endian words (pits 0..8, then 8..16).
#[derive(Clone, Copy)]
struct Words([u64; 2]);

/// One in every byte of a word.
const EVERY_BYTE: u64 = 0x0101_0101_0101_0101;

impl Words {
    #[inline(always)]
    fn of(pits: &[u8; LEN]) -> Words {
        let word = |k: usize| u64::from_le_bytes(pits[k..k + 8].try_into().expect("8 pits"));
        Words([word(0), word(8)])
    }

    #[inline(always)]
    fn bytes(self) -> [u8; LEN] {
        let mut out = [0; LEN];
        out[..8].copy_from_slice(&self.0[0].to_le_bytes());
        out[8..].copy_from_slice(&self.0[1].to_le_bytes());
        out
    }

    /// The count of pit `pos`.
    #[inline(always)]
    fn at(self, pos: usize) -> u8 {
        let word = if pos < 8 { self.0[0] } else { self.0[1] };
        (word >> ((pos & 7) * 8)) as u8
    }

    /// These pits plus `other`.
    #[inline(always)]
    fn plus(self, other: &Words) -> Words {
        Words([self.0[0] + other.0[0], self.0[1] + other.0[1]])
    }

    /// These pits with `n` more seeds in every pit.
    #[inline(always)]
    fn plus_each(self, n: u64) -> Words {
        let each = n * EVERY_BYTE;
        Words([self.0[0] + each, self.0[1] + each])
    }

    #[inline(always)]
    fn and(self, mask: &Words) -> Words {
        Words([self.0[0] & mask.0[0], self.0[1] & mask.0[1]])
    }
}

/// A table of circuits as [`Words`].
const fn words_of<const N: usize>(t: &[[u8; LEN]; N]) -> [Words; N] {
    let mut out = [Words([0; 2]); N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < LEN {
            out[i].0[k / 8] |= (t[i][k] as u64) << (8 * (k % 8));
            k += 1;
        }
        i += 1;
    }
    out
}

/// Where a lap of `hand` seeds after position `from` in direction `dir` lands, and
/// the index in [`FILLS`] of the pits it fills (besides whole rounds). Worked out from
/// the hand in as few steps as can be: the next lap's count waits for them.
#[inline(always)]
fn lap_fill(from: usize, hand: u32, dir: Direction) -> (usize, usize) {
    match dir {
        Direction::Ccw => {
            let landing = (from + hand as usize) & 15;
            (landing, (from & 15) << 4 | landing)
        }
        Direction::Cw => {
            let landing = from.wrapping_sub(hand as usize) & 15;
            let (after, last) = (landing.wrapping_sub(1) & 15, from.wrapping_sub(1) & 15);
            (landing, after << 4 | last)
        }
    }
}

/// One seed in each pit after pit `after` up to pit `last`, round the circuit (all 16
/// when they are the same), at index `after << 4 | last`: a counter-clockwise lap
/// from `after` that lands at `last`, or a clockwise one from `last + 1` that lands at
/// `after + 1`.
const FILLS: [[u8; LEN]; LEN * LEN] = {
    let mut t = [[0u8; LEN]; LEN * LEN];
    let mut after = 0;
    while after < LEN {
        let mut last = 0;
        while last < LEN {
            let mut run = (last + LEN - after) % LEN;
            if run == 0 {
                run = LEN;
            }
            let mut k = 1;
            while k <= run {
                t[after * LEN + last][(after + k) % LEN] = 1;
                k += 1;
            }
            last += 1;
        }
        after += 1;
    }
    t
};

/// [`FILLS`] as words.
const FILL_WORDS: [Words; LEN * LEN] = words_of(&FILLS);

/// [`KEEP`] as words.
const KEEP_WORDS: [Words; LEN] = words_of(&KEEP);

/// Every lane but lane `i` set: `KEEP[i]` empties pit `i` of a circuit by an and.
const KEEP: [[u8; LEN]; LEN] = {
    let mut t = [[0xFF; LEN]; LEN];
    let mut i = 0;
    while i < LEN {
        t[i][i] = 0;
        i += 1;
    }
    t
};

/// Lane by lane sum of two circuits (one vector add).
#[inline(always)]
fn add16(a: [u8; LEN], b: [u8; LEN]) -> [u8; LEN] {
    std::array::from_fn(|i| a[i].wrapping_add(b[i]))
}

/// Lane by lane and of two circuits (one vector and).
#[inline(always)]
fn and16(a: [u8; LEN], b: [u8; LEN]) -> [u8; LEN] {
    std::array::from_fn(|i| a[i] & b[i])
}

/// [`laps16`]'s masks after a lap that lands at `pos` (an occupied pit), at index
/// `capture << 4 | pos`: the mover's circuit, then the opponent's. A relay lifts the
/// landing pit; a capture (possible only in the front row) empties both facing
/// opponent pits.
const LAP_MASKS: [[[u8; LEN]; 2]; 32] = {
    let mut t = [[[0xFF; LEN]; 2]; 32];
    let mut pos = 0;
    while pos < LEN {
        t[pos][0][pos] = 0;
        t[16 + pos][1][(23 - pos) & 15] = 0;
        t[16 + pos][1][pos.wrapping_sub(8) & 15] = 0;
        pos += 1;
    }
    t
};

/// The positions of the mover's circuit where a lap landing in an occupied pit
/// captures, as bits: his front row (8..16) facing two opponent pits that hold seeds.
fn capturing_bits(opp: &[u8; LEN]) -> u32 {
    (8..LEN)
        .filter(|&pos| {
            let (front, back) = facing(pos);
            captures(pos, opp[front], opp[back])
        })
        .fold(0, |bits, pos| bits | 1 << pos)
}

/// An Omweso move under way: the sowing, its rules and what the turn keeps.
pub(crate) struct OmwesoFlight {
    pub(crate) sowing: Sowing,
    pub(crate) rules: OmwesoMove,
    /// Laps of the turn before this part of it.
    pub(crate) first_lap: u64,
    /// The seeds as they lay when the turn began, if not the state's own (a turn
    /// resumed after a direction choice).
    pub(crate) turn_start: Option<Seeds>,
    pub(crate) choices: Vec<LapStart>,
}

impl OmwesoFlight {
    /// Plays at most `max_laps` more laps.
    #[inline]
    pub(crate) fn run(&mut self, max_laps: u64) -> MoveEnd {
        self.sowing.run(&mut self.rules, max_laps)
    }
}

/// Starts a normal move or a reverse capture (the opening three is played at once
/// by [`play_opening_three`]).
#[inline(always)]
pub(crate) fn begin(s: &GameState, d: &Decision, rec: Recorder) -> OmwesoFlight {
    let p = s.to_decide;
    let slot = d
        .start_pit()
        .and_then(|pit| s.board.slot(pit))
        .expect("a checked start");
    let from = slot - s.board.base[p as usize];
    let mut sowing = Sowing::new(s.board, p, &s.seeds, from, rec);
    sowing.lift(from);
    if let Decision::Reverse(_) = d {
        sowing.dir = Direction::Cw;
    }
    OmwesoFlight {
        sowing,
        rules: OmwesoMove {
            may_capture: may_capture(s, p),
            columns: 0,
        },
        first_lap: 0,
        turn_start: None,
        choices: Vec::new(),
    }
}

/// The opening three: 2 seeds into the next pit, 1 into the pit after it; the turn
/// ends at once.
pub(crate) fn play_opening_three(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let p = s.to_decide;
    let b = s.board;
    let slot = d
        .start_pit()
        .and_then(|pit| b.slot(pit))
        .expect("a checked start");
    let base = b.base[p as usize];
    let len = b.circuit_len;
    let pos = slot - base;
    let next = base + (pos + 1) % len;
    let after = base + (pos + 2) % len;
    s.seeds.pits[slot] = 0;
    rec.push(|| Event::Lift {
        pit: b.pit_of_slot[slot],
        count: 3,
    });
    for target in [next, next, after] {
        s.seeds.pits[target] += 1;
        rec.push(|| Event::Drop {
            pit: b.pit_of_slot[target],
        });
    }
    let outcome = Omweso::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<Omweso>(s, rec, outcome, false, false);
}

/// Goes on with a turn after the mover chose the next lap's direction.
pub(crate) fn resume(
    s: &mut GameState,
    dir: Direction,
    rec: Recorder,
) -> Result<OmwesoFlight, (u64, Box<Seeds>, Recorder)> {
    let Pending::Direction(m) = &s.pending else {
        unreachable!("checked: a direction is pending");
    };
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    let from = b.slot(m.from).expect("validated") - base;
    let origin = b.slot(m.origin).expect("validated") - base;
    let here = LapStart {
        pits: s.seeds.grid(b).pits,
        hand: s.seeds.hand,
        from: m.from,
        origin: m.origin,
        dir,
    };
    if m.choices.contains(&here) {
        // The same choice from the same lap start: the move goes round for ever.
        return Err((m.laps, Box::new(Seeds::from_tableau(b, &m.turn_start)), rec));
    }
    let mut choices = m.choices.clone();
    choices.push(here);
    let mut sowing = Sowing::new(b, s.to_decide, &s.seeds, from, rec);
    sowing.origin = origin;
    sowing.dir = dir;
    sowing.laps = m.laps;
    Ok(OmwesoFlight {
        sowing,
        rules: OmwesoMove {
            may_capture: true,
            columns: m.captured_columns.iter().fold(0, |a, &c| a | 1 << c),
        },
        first_lap: m.laps,
        turn_start: Some(Seeds::from_tableau(b, &m.turn_start)),
        choices,
    })
}

/// Carries out what a move's part came to; the flight's recorder is handed back.
pub(crate) fn finish(s: &mut GameState, f: &mut OmwesoFlight, end: MoveEnd) -> Recorder {
    let sowing = &mut f.sowing;
    // The seeds as they lay when the turn began: the state's own, unless the turn
    // was resumed after a direction choice. Copied only when needed.
    let turn_start =
        |f_turn_start: &mut Option<Seeds>, s: &GameState| f_turn_start.take().unwrap_or(s.seeds);
    if end == MoveEnd::NeverEnding {
        let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
        let start = turn_start(&mut f.turn_start, s);
        never_ending(s, sowing.laps, start, &mut rec);
        return rec;
    }
    sowing.condense(f.first_lap);
    let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
    match end {
        MoveEnd::Landed(_) => {
            s.seeds = sowing.seeds;
            s.changed();
            let turn = TurnDone {
                columns: f.rules.columns,
                ..TurnDone::default()
            };
            let outcome = Omweso::end_of_turn(s, &turn, &mut rec);
            close_turn::<Omweso>(s, &mut rec, outcome, false, false);
        }
        MoveEnd::AskDirection => {
            let start = turn_start(&mut f.turn_start, s);
            s.seeds = sowing.seeds;
            s.changed();
            let (from, origin, laps) = (sowing.from, sowing.origin, sowing.laps);
            let choices = std::mem::take(&mut f.choices);
            ask_direction(s, &start, (from, origin, laps), f.rules.columns, choices);
        }
        MoveEnd::NeverEnding | MoveEnd::Paused => unreachable!("a paused move is not finished"),
    }
    rec
}

/// The turn waits for the mover's direction: the seeds (hand included) are the
/// state's; `start` lay so when the turn began; `from`, `origin` (positions of the
/// mover's circuit) and `laps` say where the move stands.
fn ask_direction(
    s: &mut GameState,
    start: &Seeds,
    (from, origin, laps): (usize, usize, u64),
    columns: u32,
    choices: Vec<LapStart>,
) {
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    s.pending = Pending::Direction(MoveInProgress {
        from: b.pit_of_slot[base + from],
        origin: b.pit_of_slot[base + origin],
        laps,
        captured_columns: columns_of(columns),
        turn_start: start.grid(b),
        choices,
    });
}

/// The columns of a set of captured columns (bit `c` for column `c`), lowest first;
/// no allocation when there are none (the common case).
fn columns_of(mut set: u32) -> Vec<u8> {
    let mut out = Vec::new();
    while set != 0 {
        out.push(set.trailing_zeros() as u8);
        set &= set - 1;
    }
    out
}

/// A turn start from `slot` (a normal move, or with `reverse` a reverse capture;
/// checked) played without events, as [`begin`], [`OmwesoFlight::run`] and
/// [`finish`] play it, but on both circuits held apart from the start: the state's
/// seeds are written only once the move is over (so a never-ending move, or one past
/// `rec.lap_limit`, leaves them as they lie). Search and playouts go this way.
#[inline(always)]
pub(crate) fn play_quiet(s: &mut GameState, slot: usize, reverse: bool, rec: &mut Recorder) {
    let p = s.to_decide;
    let b = s.board;
    let (mine, theirs) = (b.base[p as usize], b.base[p.opponent() as usize]);
    let from = slot - mine;
    let me = sixteen(&s.seeds.pits, mine);
    let mut at = Circuits {
        // The start pit emptied by an and: a byte store into `me` followed by the
        // lap's wide read of it would stall the first lap.
        me: lifted(&me, from),
        opp: sixteen(&s.seeds.pits, theirs),
        hand: me[from] as u32,
        from,
        origin: from,
        dir: if reverse {
            Direction::Cw
        } else {
            Direction::Ccw
        },
        laps: 0,
    };
    let mut rules = OmwesoMove {
        may_capture: may_capture(s, p),
        columns: 0,
    };
    let end = laps16(
        &mut at,
        &mut Saved::new(),
        &mut rules,
        p == Player::South,
        rec.lap_limit,
    );
    s.changed();
    let put = |s: &mut GameState, at: &Circuits| {
        s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
        s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
        s.seeds.hand = at.hand;
    };
    match end {
        MoveEnd::Landed(_) => {
            put(s, &at);
            let turn = TurnDone {
                columns: rules.columns,
                ..TurnDone::default()
            };
            let outcome = Omweso::end_of_turn(s, &turn, rec);
            close_turn_inline::<Omweso>(s, rec, outcome, false, false);
        }
        MoveEnd::AskDirection => {
            let start = s.seeds;
            put(s, &at);
            let here = (at.from, at.origin, at.laps);
            ask_direction(s, &start, here, rules.columns, Vec::new());
        }
        MoveEnd::NeverEnding => {
            let start = s.seeds;
            never_ending(s, at.laps, start, rec);
        }
        // Search gave up on this move; nothing changes.
        MoveEnd::Paused => rec.cut_short = true,
    }
}

/// A direction chosen, the turn resumed without events: as [`resume`],
/// [`OmwesoFlight::run`] and [`finish`] play it, on both circuits held apart, the
/// paused move's lists moved on rather than copied.
pub(crate) fn resume_quiet(s: &mut GameState, dir: Direction, rec: &mut Recorder) {
    let Pending::Direction(mut m) = std::mem::replace(&mut s.pending, Pending::Turn) else {
        unreachable!("checked: a direction is pending");
    };
    let p = s.to_decide;
    let b = s.board;
    let (mine, theirs) = (b.base[p as usize], b.base[p.opponent() as usize]);
    let here = |s: &GameState, m: &MoveInProgress| LapStart {
        pits: s.seeds.grid(b).pits,
        hand: s.seeds.hand,
        from: m.from,
        origin: m.origin,
        dir,
    };
    if !m.choices.is_empty() && m.choices.contains(&here(s, &m)) {
        // The same choice from the same lap start: the move goes round for ever.
        let start = Seeds::from_tableau(b, &m.turn_start);
        never_ending(s, m.laps, start, rec);
        return;
    }
    let mut at = Circuits {
        me: sixteen(&s.seeds.pits, mine),
        opp: sixteen(&s.seeds.pits, theirs),
        hand: s.seeds.hand,
        from: b.slot(m.from).expect("validated") - mine,
        origin: b.slot(m.origin).expect("validated") - mine,
        dir,
        laps: m.laps,
    };
    let mut rules = OmwesoMove {
        may_capture: true,
        columns: m.captured_columns.iter().fold(0, |a, &c| a | 1 << c),
    };
    let stop_at = rec.lap_limit.max(m.laps);
    let end = laps16(
        &mut at,
        &mut Saved::new(),
        &mut rules,
        p == Player::South,
        stop_at,
    );
    if end == MoveEnd::Paused {
        // Search gave up on this move; nothing changes.
        s.pending = Pending::Direction(m);
        rec.cut_short = true;
        return;
    }
    s.changed();
    if end == MoveEnd::NeverEnding {
        let start = Seeds::from_tableau(b, &m.turn_start);
        never_ending(s, at.laps, start, rec);
        return;
    }
    let lap_start = (end == MoveEnd::AskDirection).then(|| here(s, &m));
    s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
    s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
    s.seeds.hand = at.hand;
    if let Some(lap_start) = lap_start {
        m.choices.push(lap_start);
        m.from = b.pit_of_slot[mine + at.from];
        m.origin = b.pit_of_slot[mine + at.origin];
        m.laps = at.laps;
        m.captured_columns = columns_of(rules.columns);
        s.pending = Pending::Direction(m);
        return;
    }
    let turn = TurnDone {
        columns: rules.columns,
        ..TurnDone::default()
    };
    let outcome = Omweso::end_of_turn(s, &turn, rec);
    close_turn::<Omweso>(s, rec, outcome, false, false);
}

/// A never-ending move annuls the game; the seeds lie as before the move.
pub(crate) fn never_ending(s: &mut GameState, laps: u64, turn_start: Seeds, rec: &mut Recorder) {
    s.seeds = turn_start;
    s.changed();
    rec.push(|| Event::NeverEnding {
        laps,
        restored: turn_start.grid(s.board),
    });
    let outcome = Omweso::on_never_ending(s).expect("a never-ending move annuls the game");
    finish_game(s, outcome, rec);
}

/// The end-of-turn checks, in the specification's order; the first that holds counts.
pub(crate) fn end_of_turn(s: &mut GameState, columns: u32) -> Option<Outcome> {
    let mover = s.to_decide;
    let opp = mover.opponent();
    let captured = columns != 0;
    // Without a branch: whether a turn captured is a coin toss.
    s.flags.capture_made |= captured;
    let turns = &mut s.flags.capture_turns[mover];
    *turns = turns.saturating_add(captured as u32);
    let o = &s.options;
    // The opponent's 16 pits as 16 byte lanes: his back row, then his front row.
    let base = s.board.base[opp as usize];
    let theirs = u128::from_le_bytes(s.seeds.pits[base..base + LEN].try_into().expect("16 pits"));
    let front_empty = theirs >> 64 == 0;
    let all_at_most_one = theirs & u128::from_le_bytes([0xFE; LEN]) == 0;
    let last_col = s.board.cols as u32 - 1;
    if o.grand_slam && theirs == 0 {
        Some(win(mover, 12, EndReason::GrandSlam))
    } else if columns & 1 != 0 && columns & 1 << last_col != 0 {
        Some(win(mover, 2, EndReason::BothEndColumns))
    } else if o.front_row_two_points && captured && front_empty {
        Some(win(mover, 2, EndReason::FrontRowEmpty))
    } else if all_at_most_one {
        Some(win(mover, 1, EndReason::NoLegalMove))
    } else if o.two_captures_first
        && captured
        && s.flags.capture_turns[mover] == 2
        && s.flags.capture_turns[opp] == 0
    {
        Some(win(mover, 2, EndReason::TwoCapturesFirst))
    } else {
        None
    }
}

/// Checks a loaded turn that waits for a direction ([`Pending::Direction`]): its lap
/// starts on the board, its seeds and captured columns fit, and the direction choice
/// exists there (a leftmost pit from which clockwise would capture).
pub(crate) fn check_turn_in_progress(
    s: &GameState,
    m: &MoveInProgress,
    total: u32,
) -> Result<(), String> {
    let b = s.board;
    let t = s.seeds();
    let from = b.index(m.from);
    let origin = b.index(m.origin);
    let (Some(from), Some(_)) = (from, origin) else {
        return Err("the pending lap starts off the board".into());
    };
    // Far more than any move plays (the longest proved never-ending took
    // four billion laps), and room for the lap counts to grow.
    const MAX_LAPS: u64 = 1 << 48;
    if m.laps > MAX_LAPS {
        return Err(format!(
            "the turn in progress claims {} laps (at most {MAX_LAPS})",
            m.laps
        ));
    }
    if t.hand == 0
        || m.turn_start.cols != b.cols
        || m.turn_start.pits.len() != b.len()
        || m.turn_start.total() != total
        || m.captured_columns.iter().any(|&c| c >= b.cols)
    {
        return Err("the turn in progress does not fit the board".into());
    }
    let pos = b.slot_of[from] as usize - b.base[s.to_decide as usize];
    if !may_capture(s, s.to_decide)
        || !b.leftmost_four(s.to_decide, from)
        || !cw_is_direct_capture(s, pos, t.hand)
    {
        return Err(
            "no direction choice exists here (not a leftmost pit, or clockwise would not capture)"
                .into(),
        );
    }
    Ok(())
}

/// Free set-up: the player's two rows (top first), at most 10 a pit, all his seeds.
pub(crate) fn check_arrangement(s: &GameState, rows: &[Vec<u8>]) -> Result<(), String> {
    let cols = s.board.cols as usize;
    let have = s.side_total(s.to_decide);
    if rows.len() != 2 || rows.iter().any(|r| r.len() != cols) {
        return Err(format!("an arrangement is 2 rows of {cols} pits"));
    }
    if rows.iter().flatten().any(|&n| n > 10) {
        return Err("at most 10 seeds in one pit".into());
    }
    let sum: u32 = rows.iter().flatten().map(|&n| n as u32).sum();
    if sum != have {
        return Err(format!("the arrangement holds {sum} seeds, not {have}"));
    }
    Ok(())
}

/// Free set-up: places the player's seeds; the first player arranges first.
pub(crate) fn arrange(s: &mut GameState, rows: Vec<Vec<u8>>, rec: &mut Recorder) {
    let p = s.to_decide;
    let b = s.board;
    for (i, n) in b.own_pits(p).zip(rows.concat()) {
        s.seeds.pits[b.slot_of[i] as usize] = n;
    }
    s.changed();
    rec.push(|| Event::Arrange { player: p, rows });
    let first = s.match_score.as_ref().map_or(p, |m| m.first);
    if p == first {
        s.to_decide = p.opponent();
    } else {
        s.to_decide = first;
        s.pending = Pending::Turn;
        s.history = super::history::History::one(s.position_key());
    }
}

/// A random legal arrangement (the AI's own varied set-ups start from here).
pub(crate) fn random_arrangement(s: &GameState, lot: &mut Lot) -> Decision {
    let cols = s.board.cols as usize;
    let mut pits = vec![0u8; 2 * cols];
    for _ in 0..s.side_total(s.to_decide) {
        loop {
            let i = lot.below(pits.len());
            if pits[i] < 10 {
                pits[i] += 1;
                break;
            }
        }
    }
    Decision::Arrange(pits.chunks(cols).map(|r| r.to_vec()).collect())
}

/// Starts the next game of the match: the loser of the last game moves first; after an
/// annulled game, the same player as before.
pub(crate) fn next_game(s: &mut GameState, rec: &mut Recorder) {
    let Pending::NextGame(last) = s.pending else {
        return;
    };
    let before = s.match_score.as_ref().map_or(s.to_decide, |m| m.first);
    let first = match last.result {
        GameResult::Win(w) => w.opponent(),
        _ => before,
    };
    s.start_game(first);
    let tableau = s.seeds().clone();
    rec.push(|| Event::NewGame { first, tableau });
}

/// Refuses a free arrangement that breaks the rules.
pub(crate) fn check_arrange(s: &GameState, rows: &[Vec<u8>]) -> Result<(), RuleError> {
    check_arrangement(s, rows).map_err(RuleError::Illegal)
}

#[cfg(test)]
mod tests {
    use super::{
        Circuits, GRID_ORDER, LEN, OmwesoMove, PIT_AT, Saved, lifted, long_laps, short_laps,
    };
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
            let (mut a, mut ra, mut sa) = (copy(&start), OmwesoMove { ..rules }, Saved::new());
            let end = short_laps(&mut a, &mut sa, &mut ra, south, 100_000);
            let expected = left(end, &a, sa, &ra);
            let (mut b, mut rb, mut sb) = (copy(&start), OmwesoMove { ..rules }, Saved::new());
            let end = long(&mut b, &mut sb, &mut rb, south, 100_000);
            assert_eq!(left(end, &b, sb, &rb), expected, "round {round}");
            let (mut c, mut rc, mut sc) = (copy(&start), OmwesoMove { ..rules }, Saved::new());
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
    fn both_loops(
        start: &Circuits,
        rules: &OmwesoMove,
        south: bool,
        stop_at: u64,
        slice: u64,
    ) -> Left {
        let (mut a, mut ra, mut sa) = (copy(start), OmwesoMove { ..*rules }, Saved::new());
        let end = short_laps(&mut a, &mut sa, &mut ra, south, stop_at);
        let expected = left(end, &a, sa, &ra);
        let (mut b, mut rb, mut sb) = (copy(start), OmwesoMove { ..*rules }, Saved::new());
        let end = long(&mut b, &mut sb, &mut rb, south, stop_at);
        assert_eq!(left(end, &b, sb, &rb), expected);
        let (mut c, mut rc, mut sc) = (copy(start), OmwesoMove { ..*rules }, Saved::new());
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
        let end = short_laps(&mut at, &mut Saved::new(), &mut rules, true, 1_000);
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
}
