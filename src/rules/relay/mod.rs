//! The family of Nsolo (`docs/rules/03-nsolo.md`), Hawalis (`docs/rules/04-hawalis.md`)
//! and Bao Kigogo (`docs/rules/05-bao-kigogo.md`): four rows, sow and relay from every
//! occupied landing until a lap ends in an empty pit; pits of 2 or more may start a
//! turn, single seeds only when there are none; a lap ending in an empty front pit
//! captures off the board; a player left without seeds or a legal move has lost.
//!
//! Each game has its own file with what sets it apart ([`Relay`]): [`nsolo`] (any
//! width, the facing front pit and a bonus strip), [`hawalis`] (4 x 7, the facing
//! front pit and the back pit behind it) and [`bao_kigogo`] (Hawalis's rules on 4 x 12).
//! The family's [`Rules`] follow from it here.
//!
//! Positions are on the mover's circuit (see [`super::Board`]): `0..n` his back row,
//! `n..2n` his front row.

use super::board::{Board, MAX_PITS};
use super::event::{no_win, win};
use super::lanes::Lanes;
use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::turn::{close_turn, close_turn_inline, finish_game};
use super::variant::{ALL_GAMES, Captured, Rules};
use super::{
    CaptureTo, Decision, EndReason, Event, Game, GameResult, GameState, NeverEndingRule, Outcome,
    Pending, Pit, Player, RuleError,
};

/// What sets one game of the family apart: its board, seeds and options, its start,
/// what a move that ends in an empty pit does (its capture), the window its quiet
/// moves are played in, and Nsolo's strips. Every game of the family plays by the
/// [`Rules`] of the family given these (the impl below).
pub(crate) trait Relay: 'static {
    const GAME: Game;
    /// Pits a row (`None`: Nsolo, whose width is an option).
    const COLS: Option<u8>;
    const OPTIONS: &'static [&'static str];
    /// Seeds in a game on a board `width` pits wide.
    fn total_seeds(width: u8) -> u32;
    /// The start layout, grid order.
    fn start_pits(rows: usize, cols: usize) -> Vec<u8>;
    /// A move that ended in an empty pit, at position `landing` of the mover's
    /// circuit, its seeds in the state: the game's capture, then the end of the turn
    /// (or a strip, which ends it).
    fn land(s: &mut GameState, landing: usize, rec: &mut Recorder);
    /// Plays a checked turn start from `slot` without events, on the mover's circuit
    /// held apart in a window that fits the game's board ([`quiet::play_quiet_in`]).
    fn play_quiet_from(s: &mut GameState, slot: usize, rec: &mut Recorder);

    /// Whether a player may resign (Nsolo).
    const MAY_RESIGN: bool = false;
    /// Whether a capture earns a bonus strip (Nsolo).
    const STRIPS: bool = false;
    /// The legal decisions of a strip.
    fn own_choices(_s: &GameState, _out: &mut Vec<Decision>) {}
    /// Whether a strip decision is legal now.
    fn is_legal_own(_s: &GameState, _d: &Decision) -> bool {
        false
    }
    /// Carries out a checked strip decision.
    fn settle_own(_s: &mut GameState, _d: &Decision, _rec: &mut Recorder) {}
    /// Plays a strip decision without events if it is legal now; false (and nothing
    /// changed) if it is not.
    fn play_own_quiet(_s: &mut GameState, _d: &Decision, _rec: &mut Recorder) -> bool {
        false
    }
}

/// The family's rules, given a game's own ([`Relay`]).
impl<R: Relay> Rules for R {
    const GAME: Game = <R as Relay>::GAME;
    const ROWS: u8 = 4;
    const COLS: Option<u8> = <R as Relay>::COLS;
    const OPTIONS: &'static [&'static str] = <R as Relay>::OPTIONS;
    fn total_seeds(width: u8) -> u32 {
        <R as Relay>::total_seeds(width)
    }
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        <R as Relay>::start_pits(rows, cols)
    }
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
        turn_starts::<Self>(s, s.to_decide, out)
    }
    fn is_legal_start(s: &GameState, d: &Decision) -> bool {
        is_legal_start::<Self>(s, d)
    }
    fn can_move(s: &GameState, p: Player) -> bool {
        can_move::<Self>(s, p)
    }
    type TurnDone = ();
    #[inline]
    fn end_of_turn(s: &mut GameState, _: &(), _: &mut Recorder) -> Option<Outcome> {
        removal_game_end::<Self>(s, s.to_decide)
    }
    /// A draw, or (Option) the mover loses.
    fn on_never_ending(s: &GameState) -> Option<Outcome> {
        Some(match s.options.never_ending {
            NeverEndingRule::Draw => no_win(GameResult::Draw, EndReason::NeverEndingMove),
            NeverEndingRule::MoverLoses => {
                win(s.to_decide.opponent(), 0, EndReason::NeverEndingMove)
            }
        })
    }
    /// The second occurrence is a draw.
    fn on_repetition(_: &mut GameState, _: u32, _: &mut Recorder) -> Option<Outcome> {
        Some(no_win(GameResult::Draw, EndReason::Repetition))
    }

    const MAY_RESIGN: bool = <R as Relay>::MAY_RESIGN;
    const STRIPS: bool = <R as Relay>::STRIPS;
    const CAPTURED: Captured = Captured::OffBoard;
    fn own_choices(s: &GameState, out: &mut Vec<Decision>) {
        <R as Relay>::own_choices(s, out)
    }
    fn is_legal_own(s: &GameState, d: &Decision) -> Result<bool, RuleError> {
        Ok(<R as Relay>::is_legal_own(s, d))
    }
    fn settle_own(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
        <R as Relay>::settle_own(s, d, rec)
    }

    type Flight = Sowing;
    fn take_off(s: &mut GameState, d: &Decision, rec: Recorder) -> Result<Sowing, Recorder> {
        Ok(Sowing::start(s, d, rec))
    }
    #[inline]
    fn fly(f: &mut Sowing, max_laps: u64) -> MoveEnd {
        f.run(&mut RelayUntilEmpty, max_laps)
    }
    fn laps(f: &Sowing) -> u64 {
        f.laps
    }
    fn take_recorder(f: &mut Sowing) -> Recorder {
        std::mem::replace(&mut f.rec, Recorder::new(false))
    }
    fn land(
        s: &mut GameState,
        f: &mut Sowing,
        end: MoveEnd,
        _: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)> {
        Ok(finish::<Self>(s, f, end))
    }
    /// A turn start on the mover's circuit held apart; Nsolo's strips.
    #[inline(always)]
    fn play_quiet(
        s: &mut GameState,
        d: &Decision,
        rec: &mut Recorder,
    ) -> Option<Result<(), RuleError>> {
        let played = (matches!(s.pending, Pending::Turn) && play_quiet_if_legal::<Self>(s, d, rec))
            || <R as Relay>::play_own_quiet(s, d, rec);
        played.then_some(Ok(()))
    }
}

/// Sow and relay from every occupied landing until a lap ends in an empty pit.
pub(crate) struct RelayUntilEmpty;

impl MoveRules for RelayUntilEmpty {
    #[inline(always)]
    fn lap_end(&mut self, s: &mut Sowing, landing: usize) -> LapEnd {
        if s.at(landing) == 1 {
            LapEnd::Stop
        } else {
            LapEnd::Relay
        }
    }
}

/// Pits of 2 or more; only when there are none, single seeds whose next pit on the
/// circuit is empty (grid order).
pub(crate) fn turn_starts<R: Rules>(s: &GameState, p: Player, out: &mut Vec<Decision>) {
    // Nsolo's usual 4 x 8 board (the one game of any width) gets a copy with its
    // circuit's length a constant.
    match R::circuit_len(s) {
        16 if R::COLS.is_none() => turn_starts_on::<R>(s, p, 16, out),
        len => turn_starts_on::<R>(s, p, len, out),
    }
}

/// [`turn_starts`] on a circuit of `len` pits.
#[inline(always)]
fn turn_starts_on<R: Rules>(s: &GameState, p: Player, len: usize, out: &mut Vec<Decision>) {
    let base = s.board.base[p as usize];
    let two_or_more = s.seeds.two_or_more_bits(base, len);
    let legal = if two_or_more != 0 {
        two_or_more
    } else {
        s.seeds.singles_before_empty_bits(base, len)
    };
    push_in_grid_order(s.board, p, len, legal, Decision::Sow, out);
}

/// Pushes `decision` of each slot of the player's circuit (`len` pits) whose bit is
/// set in `bits` (slot `base + k` on bit k), in grid order.
#[inline(always)]
fn push_in_grid_order(
    b: &Board,
    p: Player,
    len: usize,
    bits: u128,
    decision: impl Fn(Pit) -> Decision,
    out: &mut Vec<Decision>,
) {
    // Positions of the circuit in grid order (a unit test checks it against the
    // board): South's front row is positions 2c-1 down to c, then his back row 0 up
    // to c-1; North's back row c-1 down to 0, then his front row c up to 2c-1. A row
    // has at most 36 pits: each is walked as a word.
    if len <= SHORT_CIRCUIT {
        return push_short_in_grid_order(b, p, len, bits as u64, decision, out);
    }
    let base = b.base[p as usize];
    let cols = len / 2;
    debug_assert!(cols <= MAX_PITS / 4);
    let (low, high) = ((bits & ((1u128 << cols) - 1)) as u64, (bits >> cols) as u64);
    let (mut first, first_at, mut then, then_at) = match p {
        Player::South => (high, base + cols, low, base),
        Player::North => (low, base, high, base + cols),
    };
    // Gathered first, then written in one go: no capacity check a decision. Both rows
    // are walked from their lowest set bit (`tzcnt`; the highest, `bsr`, is slower):
    // the first row is written backwards, ending at `ROW`, the second on from there.
    const ROW: usize = MAX_PITS / 4;
    let pit_of_slot = &b.pit_of_slot[..];
    let mut pits = [Pit::new(0, 0); 2 * ROW];
    let mut start = ROW;
    while first != 0 {
        let k = first.trailing_zeros() as usize;
        first &= first - 1;
        start -= 1;
        pits[start] = pit_of_slot[first_at + k];
    }
    let mut end = ROW;
    while then != 0 {
        let k = then.trailing_zeros() as usize;
        then &= then - 1;
        pits[end] = pit_of_slot[then_at + k];
        end += 1;
    }
    out.extend(pits[start..end].iter().map(|&pit| decision(pit)));
}

/// The longest circuit listed without a branch a pit: Nsolo's usual board (Hawalis
/// has 14). Longer ones have more pits to look at than legal pits to walk.
const SHORT_CIRCUIT: usize = 16;

/// A pit of a short circuit as [`push_short_in_grid_order`] walks it: its position
/// on the circuit (its bit), and the pit's row and column as one `u16`
/// ([`unpacked`]).
#[derive(Clone, Copy)]
struct GridPit {
    position: u8,
    pit: u16,
}

/// A pit packed as `[row, col]` in a little-endian `u16`.
#[inline(always)]
fn unpacked(pit: u16) -> Pit {
    Pit::from(pit.to_le_bytes())
}

/// The pits of a player's circuit of `2 * cols` pits in grid order, by `cols` (up to
/// [`SHORT_CIRCUIT`] / 2) and player, with their positions as [`push_in_grid_order`]
/// walks them. The i-th pit in grid order is at row `first_row + i / cols`, column
/// `i % cols` (South holds the grid's bottom two rows, North its top two).
const SHORT_GRID: [[[GridPit; SHORT_CIRCUIT]; 2]; SHORT_CIRCUIT / 2 + 1] = {
    let none = GridPit {
        position: 0,
        pit: 0,
    };
    let mut grid = [[[none; SHORT_CIRCUIT]; 2]; SHORT_CIRCUIT / 2 + 1];
    let mut cols = 1;
    while cols <= SHORT_CIRCUIT / 2 {
        let mut i = 0;
        while i < 2 * cols {
            let (row, col) = ((i / cols) as u8, (i % cols) as u8);
            let (south, north) = if i < cols {
                (2 * cols - 1 - i, cols - 1 - i)
            } else {
                (i - cols, i)
            };
            grid[cols][0][i] = GridPit {
                position: south as u8,
                pit: u16::from_le_bytes([2 + row, col]),
            };
            grid[cols][1][i] = GridPit {
                position: north as u8,
                pit: u16::from_le_bytes([row, col]),
            };
            i += 1;
        }
        cols += 1;
    }
    grid
};

/// [`push_in_grid_order`] on a circuit of at most [`SHORT_CIRCUIT`] pits, without a
/// branch a pit: each pit in grid order is written to the next free place, which
/// moves on only when its bit is set. (How many pits are legal is anyone's guess, so
/// a walk over the set bits ends mispredicted.)
#[inline(always)]
fn push_short_in_grid_order(
    b: &Board,
    p: Player,
    len: usize,
    bits: u64,
    decision: impl Fn(Pit) -> Decision,
    out: &mut Vec<Decision>,
) {
    debug_assert!(len <= SHORT_CIRCUIT);
    // Every pit's decision is written straight into the list's spare room, and the
    // list grows by those whose bit is set: no loop over the legal pits, whose end
    // would be mispredicted.
    let start = out.len();
    out.reserve(len);
    let room = &mut out.spare_capacity_mut()[..len];
    let mut n = 0;
    let mut walk = |grid: &[GridPit; SHORT_CIRCUIT]| {
        for g in &grid[..len] {
            let k = g.position as usize;
            debug_assert_eq!(unpacked(g.pit), b.pit_of_slot[b.base[p as usize] + k]);
            // `n` is at most the pits already looked at.
            room[n].write(decision(unpacked(g.pit)));
            n += (bits >> k) as usize & 1;
        }
    };
    // One walk a player, so that positions and pits are constants.
    match p {
        Player::South => walk(&SHORT_GRID[len / 2][0]),
        Player::North => walk(&SHORT_GRID[len / 2][1]),
    }
    // SAFETY: the first `n` places of the spare room were written (`n` moves on
    // only past a place just written), and the decisions of the places after them
    // own no heap memory: leaving them unread leaks nothing.
    #[allow(unsafe_code)]
    unsafe {
        out.set_len(start + n)
    };
}

/// Whether one of the player's pits holds 2 or more (`len`: the circuit's length).
#[inline(always)]
fn has_pit_of_two(s: &GameState, p: Player, len: usize) -> bool {
    s.seeds.occupied(s.board.base[p as usize], len).1
}

/// A single seed whose next pit on the circuit (slots `base..=last`) is empty.
#[inline(always)]
fn single_may_move(pits: &[u8], base: usize, last: usize, slot: usize) -> bool {
    let next = if slot == last { base } else { slot + 1 };
    pits[slot] == 1 && pits[next] == 0
}

/// Whether the player has a legal turn start.
#[inline]
pub(crate) fn can_move<R: Rules>(s: &GameState, p: Player) -> bool {
    let len = R::circuit_len(s);
    has_pit_of_two(s, p, len) || s.seeds.single_before_empty(s.board.base[p as usize], len)
}

/// The same rule as [`turn_starts`] for one decision, without listing them all.
pub(crate) fn is_legal_start<R: Rules>(s: &GameState, d: &Decision) -> bool {
    legal_start_slot::<R>(s, d).is_some()
}

/// The slot of `d` if it is a legal turn start of the player to decide.
#[inline(always)]
fn legal_start_slot<R: Rules>(s: &GameState, d: &Decision) -> Option<usize> {
    let p = s.to_decide;
    let Decision::Sow(pit) = d else {
        return None;
    };
    let b = s.board;
    let slot = b.slot(*pit)?;
    // His own slots are his circuit.
    if slot.wrapping_sub(b.base[p as usize]) >= b.circuit_len {
        return None;
    }
    match s.seeds.pits[slot] {
        0 => None,
        1 => {
            let (len, base) = (R::circuit_len(s), b.base[p as usize]);
            (!has_pit_of_two(s, p, len)
                && single_may_move(&s.seeds.pits, base, base + len - 1, slot))
            .then_some(slot)
        }
        _ => Some(slot),
    }
}

/// Carries out what the move came to: the capture of the game `R`, the strip, the end
/// of the turn, or the consequence of a never-ending move. Returns the recorder.
pub(crate) fn finish<R: Relay>(s: &mut GameState, sowing: &mut Sowing, end: MoveEnd) -> Recorder {
    match end {
        MoveEnd::Landed(landing) => {
            sowing.condense(0);
            s.seeds = sowing.seeds;
            s.changed();
            let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
            R::land(s, landing, &mut rec);
            rec
        }
        MoveEnd::NeverEnding => {
            let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
            let restored = s.seeds().clone();
            let laps = sowing.laps;
            rec.push(|| Event::NeverEnding { laps, restored });
            let outcome = <R as Rules>::on_never_ending(s)
                .expect("the relay games end on a never-ending move");
            finish_game(s, outcome, &mut rec);
            rec
        }
        MoveEnd::AskDirection | MoveEnd::Paused => unreachable!("no direction choice here"),
    }
}

/// The mover wins if the opponent has no seeds left or, to move, has no legal move.
#[inline]
pub(crate) fn removal_game_end<R: Rules>(s: &GameState, mover: Player) -> Option<Outcome> {
    let len = R::circuit_len(s);
    // Nsolo's usual 4 x 8 board with its circuit's length as a constant, so that the
    // side's two words are read without a loop.
    if R::COLS.is_none() && len == 16 {
        return removal_game_end_on(s, mover, 16);
    }
    removal_game_end_on(s, mover, len)
}

/// [`removal_game_end`] on circuits of `len` pits.
#[inline(always)]
fn removal_game_end_on(s: &GameState, mover: Player, len: usize) -> Option<Outcome> {
    let opp = mover.opponent();
    let base = s.board.base[opp as usize];
    let (any, two) = s.seeds.occupied(base, len);
    if !any {
        Some(win(mover, 0, EndReason::NoSeedsLeft))
    } else if !two && !s.seeds.single_before_empty(base, len) {
        Some(win(mover, 0, EndReason::NoLegalMove))
    } else {
        None
    }
}

mod bao_kigogo;
mod hawalis;
mod nsolo;
mod quiet;
#[cfg(test)]
mod tests;

pub(crate) use bao_kigogo::BaoKigogo;
pub(crate) use hawalis::Hawalis;
pub(crate) use nsolo::Nsolo;
pub(crate) use quiet::play_quiet_if_legal;
