//! Omweso (Uganda), `docs/rules/01-omweso.md`: 4 x 8, no stores, captured seeds are sown again on
//! the captor's side; reverse captures, the opening three, mid-turn direction choices,
//! points and the match.
//!
//! Positions below are on the mover's circuit (see [`super::Board`]): `0..8` his back
//! row, `8..16` his front row, the same for both players.

use super::board::MAX_PITS;
use super::event::{no_win, win};
use super::seeds::{Seeds, byte_bits, byte_bits_reversed, two_or_more_bytes};
use super::sowing::{Brent, Cycle, LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::state::{LapStart, MoveInProgress};
use super::turn::{close_turn, close_turn_inline, finish_game};
use super::variant::{ALL_GAMES, Captured, Rules};
use super::{
    Board, CaptureTo, Decision, Direction, EndReason, Event, Game, GameResult, GameState, Lot,
    Outcome, Pending, Pit, Player, RuleError,
};

/// What an Omweso move did, for the end of the turn: bit c set when the mover
/// captured from the opponent's column c.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CapturedColumns(pub(crate) u32);

/// Omweso as one type (see [`super::variant::Rules`]).
pub(crate) struct Omweso;

impl Rules for Omweso {
    const GAME: Game = Game::Omweso;
    const ROWS: u8 = 4;
    const COLS: Option<u8> = Some(8);
    const CAPTURED: Captured = Captured::StayOnBoard;
    const MATCH: bool = true;
    /// Omweso's rule flags: whether a capture has been made (the opening three and
    /// reverse captures depend on it) and whether each player has played a turn.
    #[inline(always)]
    fn key_flags(s: &GameState) -> u64 {
        let f = &s.flags;
        s.to_decide as u64
            | (f.capture_made as u64) << 1
            | ((f.turns_played.south > 0) as u64) << 2
            | ((f.turns_played.north > 0) as u64) << 3
    }
    const KEY_FLAG_BITS: u32 = 3;
    const DIRECTION_CHOICES: bool = true;
    const FREE_SET_UP: bool = true;
    fn check_turn_in_progress(s: &GameState, m: &MoveInProgress, total: u32) -> Result<(), String> {
        check_turn_in_progress(s, m, total)
    }
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
    type TurnDone = CapturedColumns;
    fn end_of_turn(s: &mut GameState, turn: &CapturedColumns, _: &mut Recorder) -> Option<Outcome> {
        end_of_turn(s, turn.0)
    }
    /// A never-ending move annuls the game.
    fn on_never_ending(_: &GameState) -> Option<Outcome> {
        Some(no_win(GameResult::Annulled, EndReason::NeverEndingMove))
    }
    /// The third occurrence annuls the game.
    fn on_repetition(_: &mut GameState, occurrences: u32, _: &mut Recorder) -> Option<Outcome> {
        (occurrences >= 3).then(|| no_win(GameResult::Annulled, EndReason::Repetition))
    }

    /// The free set-up lists only the standard arrangement (any of at most 10 a pit
    /// is legal).
    fn own_choices(s: &GameState, out: &mut Vec<Decision>) {
        if matches!(s.pending, Pending::Arrange) {
            out.push(s.standard_arrangement(s.to_decide));
        }
    }
    fn is_legal_own(s: &GameState, d: &Decision) -> Result<bool, RuleError> {
        Ok(match (&s.pending, d) {
            (Pending::Arrange, Decision::Arrange(rows)) => {
                check_arrange(s, rows)?;
                true
            }
            _ => false,
        })
    }
    fn settle_own(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
        match d {
            Decision::NextGame => next_game(s, rec),
            Decision::Arrange(rows) => arrange(s, rows.clone(), rec),
            Decision::OpeningThree(_) => play_opening_three(s, d, rec),
            _ => unreachable!("checked: {d:?} is none of Omweso's own"),
        }
    }
    fn random_decision(s: &GameState, lot: &mut Lot) -> Option<Option<Decision>> {
        matches!(s.pending, Pending::Arrange).then(|| Some(random_arrangement(s, lot)))
    }

    type Flight = OmwesoFlight;
    fn take_off(s: &mut GameState, d: &Decision, rec: Recorder) -> Result<OmwesoFlight, Recorder> {
        match d {
            Decision::Direction(dir) => {
                resume(s, *dir, rec).map_err(|(laps, turn_start, mut rec)| {
                    never_ending(s, laps, *turn_start, &mut rec);
                    rec
                })
            }
            _ => Ok(begin(s, d, rec)),
        }
    }
    #[inline]
    fn fly(f: &mut OmwesoFlight, max_laps: u64) -> MoveEnd {
        f.run(max_laps)
    }
    fn laps(f: &OmwesoFlight) -> u64 {
        f.sowing.laps
    }
    fn take_recorder(f: &mut OmwesoFlight) -> Recorder {
        std::mem::replace(&mut f.sowing.rec, Recorder::new(false))
    }
    fn land(
        s: &mut GameState,
        f: &mut OmwesoFlight,
        end: MoveEnd,
        _: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)> {
        Ok(finish(s, f, end))
    }
    /// A turn start straight on the two circuits; a chosen direction resumed.
    #[inline(always)]
    fn play_quiet(
        s: &mut GameState,
        d: &Decision,
        rec: &mut Recorder,
    ) -> Option<Result<(), RuleError>> {
        match (&s.pending, d) {
            (Pending::Turn, Decision::Sow(_) | Decision::Reverse(_)) => {
                let slot = legal_start_slot(s, d)?;
                moves::play_quiet(s, slot, matches!(d, Decision::Reverse(_)), rec);
                Some(Ok(()))
            }
            (Pending::Direction(_), Decision::Direction(dir)) => {
                resume_quiet(s, *dir, rec);
                Some(Ok(()))
            }
            _ => None,
        }
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

mod laps;
mod moves;
#[cfg(test)]
mod tests;

pub(crate) use laps::*;
pub(crate) use moves::*;
