//! The family of Nsolo (`docs/rules/03-nsolo.md`), Hawalis (`docs/rules/04-hawalis.md`) and Bao Kigogo
//! (`docs/rules/05-bao-kigogo.md`): four rows, sow and relay from every occupied landing until a
//! lap ends in an empty pit; pits of 2 or more may start a turn, single seeds only when
//! there are none; a lap ending in an empty front pit captures off the board.
//!
//! - Nsolo: 4 x n (8..=36); a capture removes the facing front pit (k seeds) and earns
//!   a bonus strip of k more seeds, chosen one at a time.
//! - Hawalis (Oman; Bao la Kiarabu in Zanzibar): 4 x 7; the capture takes the facing
//!   front pit and, if it was taken, the back pit behind it.
//! - Bao Kigogo (Wagogo, Dodoma): the rules of Hawalis on a 4 x 12 board, 92 seeds,
//!   with the left end of each player's front row empty at the start.
//!
//! Positions are on the mover's circuit (see [`super::Board`]): `0..n` his back row,
//! `n..2n` his front row.

use super::board::{Board, MAX_PITS};
use super::event::{no_win, win};
use super::sowing::{BrentClock, LapEnd, MoveEnd, MoveRules, Recorder, Sowing, sow_lap};
use super::turn::{close_turn, close_turn_inline, finish_game};
use super::variant::{ALL_GAMES, Rules, TurnDone};
use super::{
    CaptureTo, Decision, Direction, EndReason, Event, Game, GameResult, GameState, NeverEndingRule,
    Outcome, Pending, Pit, Player, RuleError,
};

/// Nsolo, Hawalis and Bao Kigogo as types (see [`super::variant::Rules`]).
pub(crate) struct Nsolo;
pub(crate) struct Hawalis;
pub(crate) struct BaoKigogo;

/// The relay family's shared answers.
macro_rules! relay_rules {
    ($ty:ty, $game:expr, $cols:expr, $options:expr, $total:expr) => {
        impl Rules for $ty {
            const GAME: Game = $game;
            const ROWS: u8 = 4;
            const COLS: Option<u8> = $cols;
            const OPTIONS: &'static [&'static str] = $options;
            fn total_seeds(width: u8) -> u32 {
                $total(width)
            }
            fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
                start_pits($game, rows, cols)
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
            #[inline]
            fn end_of_turn(s: &mut GameState, _: &TurnDone, _: &mut Recorder) -> Option<Outcome> {
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

            const MAY_RESIGN: bool = matches!($game, Game::Nsolo);
            const STRIPS: bool = matches!($game, Game::Nsolo);
            const TAKES_OFF_BOARD: bool = true;
            /// Nsolo's strips.
            fn own_choices(s: &GameState, out: &mut Vec<Decision>) {
                if matches!(s.pending, Pending::Strip { .. }) {
                    strip_choices(s, out);
                }
            }
            fn is_legal_own(s: &GameState, d: &Decision) -> Result<bool, RuleError> {
                Ok(matches!(s.pending, Pending::Strip { .. })
                    && matches!(d, Decision::Strip(_) | Decision::EndStrip)
                    && is_legal_strip(s, d))
            }
            fn settle_own(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
                strip(s, d, rec)
            }

            type Flight = Sowing;
            fn take_off(
                s: &mut GameState,
                d: &Decision,
                rec: Recorder,
            ) -> Result<Sowing, Recorder> {
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
                let played = (matches!(s.pending, Pending::Turn)
                    && play_quiet_if_legal::<Self>(s, d, rec))
                    || strip_if_legal(s, d, rec);
                played.then_some(Ok(()))
            }
        }
    };
}

relay_rules!(
    Nsolo,
    Game::Nsolo,
    None,
    &[
        ALL_GAMES[0],
        ALL_GAMES[1],
        "width",
        "bonus_up_to_k",
        "never_ending"
    ],
    |w: u8| 8 * w as u32 - 4
);
relay_rules!(
    Hawalis,
    Game::Hawalis,
    Some(7),
    &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"],
    |_: u8| 56
);
relay_rules!(
    BaoKigogo,
    Game::BaoKigogo,
    Some(12),
    &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"],
    |_: u8| 92
);

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
    // Nsolo's usual 4 x 8 board gets a copy with its circuit's length a constant.
    match R::circuit_len(s) {
        16 if R::GAME == Game::Nsolo => turn_starts_on::<R>(s, p, 16, out),
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
pub(crate) fn finish<R: Rules>(s: &mut GameState, sowing: &mut Sowing, end: MoveEnd) -> Recorder {
    match end {
        MoveEnd::Landed(landing) => {
            sowing.condense(0);
            s.seeds = sowing.seeds;
            s.changed();
            let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
            land::<R>(s, landing, &mut rec);
            rec
        }
        MoveEnd::NeverEnding => {
            let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
            let restored = s.seeds().clone();
            let laps = sowing.laps;
            rec.push(|| Event::NeverEnding { laps, restored });
            let outcome =
                R::on_never_ending(s).expect("the relay games end on a never-ending move");
            finish_game(s, outcome, &mut rec);
            rec
        }
        MoveEnd::AskDirection | MoveEnd::Paused => unreachable!("no direction choice here"),
    }
}

/// A move that ended at position `landing` of the mover's circuit, its seeds in the
/// state: the capture of the game `R` (and Nsolo's strip), or the end of the turn.
#[inline(always)]
fn land<R: Rules>(s: &mut GameState, landing: usize, rec: &mut Recorder) {
    if R::GAME != Game::Nsolo {
        return hawalis_land::<R>(s, landing, rec);
    }
    let cols = s.board.cols as usize;
    if landing >= cols {
        // The facing front pit of a front-row landing.
        let other = s.board.base[s.to_decide.opponent() as usize];
        nsolo_capture(s, other + 3 * cols - 1 - landing, rec);
    } else {
        let outcome = R::end_of_turn(s, &TurnDone::default(), rec);
        close_turn_inline::<R>(s, rec, outcome, false, false);
    }
}

/// Hawalis and Bao Kigogo: ending in an empty front pit captures the facing front pit
/// and, if it was taken, the back pit behind it; then the turn ends. Worked out with
/// selects, not branches (whether the move ended in the front row, and whether the
/// facing pits hold seeds, are coin tosses the branch predictor loses): a back-row
/// landing reads two pits of the opponent's and takes nothing.
#[inline(always)]
fn hawalis_land<R: Rules>(s: &mut GameState, landing: usize, rec: &mut Recorder) {
    use std::hint::select_unpredictable as select;
    let p = s.to_decide;
    let cols = s.board.cols as usize;
    let other = s.board.base[p.opponent() as usize];
    let front_row = landing >= cols;
    // The column of the landing pit in the front row (any column in the back row).
    let lane = select(front_row, landing.wrapping_sub(cols), 0);
    let (front, back) = (other + 2 * cols - 1 - lane, other + lane);
    let (f, b) = (s.seeds.pits[front], s.seeds.pits[back]);
    let take_front = select(front_row, f, 0);
    let take_back = select(take_front > 0, b, 0);
    // Taken from their aligned words, not written as bytes: the end checks and the
    // position key read the board a word at a time just after, and a word read of
    // narrower stores waits for them to leave the store buffer.
    s.seeds.take_in_word(front, take_front);
    s.seeds.take_in_word(back, take_back);
    s.seeds.captured[p as usize] += take_front as u32 + take_back as u32;
    if rec.on {
        record_captures(s, [(front, take_front), (back, take_back)], rec);
    }
    let outcome = R::end_of_turn(s, &TurnDone::default(), rec);
    close_turn_inline::<R>(s, rec, outcome, false, take_front > 0);
}

/// The capture events of [`hawalis_land`]'s takes (slot, seeds taken) by the player
/// to move. Out of line: search and playouts record nothing.
#[cold]
#[inline(never)]
fn record_captures(s: &GameState, takes: [(usize, u8); 2], rec: &mut Recorder) {
    let p = s.to_decide;
    for (slot, count) in takes {
        if count > 0 {
            let from = s.board.pit_of_slot[slot];
            rec.push(|| Event::Capture {
                from,
                count: count as u32,
                to: CaptureTo::OffBoard(p),
            });
        }
    }
}

/// Nsolo: the facing front pit's k seeds are removed and a strip of k more is due.
fn nsolo_capture(s: &mut GameState, front: usize, rec: &mut Recorder) {
    let p = s.to_decide;
    let k = s.seeds.pits[front] as u32;
    if k > 0 {
        s.seeds.pits[front] = 0;
        s.seeds.captured[p as usize] += k;
        let from = s.board.pit_of_slot[front];
        rec.push(|| Event::Capture {
            from,
            count: k,
            to: CaptureTo::OffBoard(p),
        });
        let remaining = k.min(s.side_total(p.opponent()));
        if remaining > 0 {
            s.pending = Pending::Strip { remaining };
            return;
        }
    }
    let outcome = Nsolo::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, k > 0);
}

/// Nsolo: one choice per occupied opponent pit, in grid order (and stopping, with
/// "bonus is up to k").
pub(crate) fn strip_choices(s: &GameState, out: &mut Vec<Decision>) {
    // The usual 4 x 8 board with its circuit's length a constant, as in turn_starts.
    match s.board.circuit_len {
        16 => strip_choices_on(s, 16, out),
        len => strip_choices_on(s, len, out),
    }
}

/// [`strip_choices`] on circuits of `len` pits.
#[inline(always)]
fn strip_choices_on(s: &GameState, len: usize, out: &mut Vec<Decision>) {
    let opp = s.to_decide.opponent();
    let occupied = s.seeds.occupied_bits(s.board.base[opp as usize], len);
    push_in_grid_order(s.board, opp, len, occupied, Decision::Strip, out);
    if s.options.bonus_up_to_k {
        out.push(Decision::EndStrip);
    }
}

/// Nsolo: whether a strip decision is legal now.
pub(crate) fn is_legal_strip(s: &GameState, d: &Decision) -> bool {
    legal_strip(s, d).is_some()
}

/// Nsolo: what a legal strip decision does, `Some(Some(slot))` strip a seed from the
/// slot, `Some(None)` stop; `None` if it is not legal now.
#[inline(always)]
fn legal_strip(s: &GameState, d: &Decision) -> Option<Option<usize>> {
    if !matches!(s.pending, Pending::Strip { .. }) {
        return None;
    }
    let opp = s.to_decide.opponent();
    match d {
        Decision::Strip(pit) => s
            .board
            .slot(*pit)
            .filter(|&k| s.board.own_slots(opp).contains(&k) && s.seeds.pits[k] > 0)
            .map(Some),
        Decision::EndStrip => s.options.bonus_up_to_k.then_some(None),
        _ => None,
    }
}

/// Plays `d` as [`strip`] if it is a legal strip decision now; false (and nothing
/// changed) if it is not. Without events, the way search and playouts strip.
#[inline(always)]
pub(crate) fn strip_if_legal(s: &mut GameState, d: &Decision, rec: &mut Recorder) -> bool {
    let Some(taken) = legal_strip(s, d) else {
        return false;
    };
    s.changed();
    strip_slot(s, taken, rec);
    true
}

/// Strips one seed (or stops); the turn ends when the strip is done. `d`: a checked
/// strip decision.
pub(crate) fn strip(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    if let Some(taken) = legal_strip(s, d) {
        strip_slot(s, taken, rec);
    }
}

/// Strips one seed from the slot `taken` (`None`: stops).
#[inline(always)]
fn strip_slot(s: &mut GameState, taken: Option<usize>, rec: &mut Recorder) {
    let Pending::Strip { remaining } = s.pending else {
        return;
    };
    let p = s.to_decide;
    let mut left = 0;
    if let Some(k) = taken {
        s.seeds.pits[k] -= 1;
        s.seeds.captured[p as usize] += 1;
        s.changed();
        let pit = s.board.pit_of_slot[k];
        rec.push(|| Event::Strip { pit, by: p });
        // Only a strip still due needs the opponent's count.
        if remaining > 1 {
            left = (remaining - 1).min(s.side_total(p.opponent()));
        }
    }
    // In place: no drop of an old value to run.
    if let Pending::Strip { remaining } = &mut s.pending
        && left > 0
    {
        *remaining = left;
        return;
    }
    s.pending = Pending::Turn;
    let outcome = Nsolo::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, true);
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

/// The start layout of the family: 2 in every pit but the given empty ones.
pub(crate) fn start_pits(game: Game, rows: usize, cols: usize) -> Vec<u8> {
    let mut pits = vec![2u8; rows * cols];
    match game {
        Game::Nsolo => {
            pits[2 * cols + cols - 1] = 0; // South's rightmost front pit
            pits[cols] = 0; // North's rightmost front pit, (1, 0)
        }
        Game::BaoKigogo => {
            pits[2 * cols] = 0; // South's left end of the front row, (2, 0)
            pits[cols + cols - 1] = 0; // North's, (1, n-1)
        }
        _ => {}
    }
    pits
}

mod quiet;
#[cfg(test)]
mod tests;

pub(crate) use quiet::play_quiet_if_legal;
