//! Hawalis (`docs/rules/04-hawalis.md`), as played in Oman and, as Bao la Kiarabu,
//! in Zanzibar: 4 x 7, two seeds in every pit. A move ending in an empty front pit
//! captures the facing front pit of the opponent and, if it held seeds, the back pit
//! behind it; the captured seeds leave the board.

use super::*;

/// Hawalis.
pub(crate) struct Hawalis;

impl Relay for Hawalis {
    const GAME: Game = Game::Hawalis;
    const COLS: Option<u8> = Some(7);
    const OPTIONS: &'static [&'static str] = &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"];
    fn total_seeds(_: u8) -> u32 {
        56
    }
    /// Two in every pit.
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        vec![2; rows * cols]
    }
    #[inline(always)]
    fn land(s: &mut GameState, landing: usize, rec: &mut Recorder) {
        capture_front_and_back::<Self>(s, landing, rec)
    }
    /// The 14-pit circuit in two words of lanes.
    #[inline(always)]
    fn play_quiet_from(s: &mut GameState, slot: usize, rec: &mut Recorder) {
        quiet::play_quiet_in::<Self, Lanes<2>>(s, slot, 14, rec)
    }
}

/// Hawalis's capture (Bao Kigogo's too): a move ending in an empty front pit captures the facing front pit
/// and, if it was taken, the back pit behind it; then the turn ends. Worked out with
/// selects, not branches (whether the move ended in the front row, and whether the
/// facing pits hold seeds, are coin tosses the branch predictor loses): a back-row
/// landing reads two pits of the opponent's and takes nothing.
#[inline(always)]
pub(super) fn capture_front_and_back<R: Rules<TurnDone = ()>>(
    s: &mut GameState,
    landing: usize,
    rec: &mut Recorder,
) {
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
    let outcome = R::end_of_turn(s, &(), rec);
    close_turn_inline::<R>(s, rec, outcome, false, take_front > 0);
}

/// The capture events of [`capture_front_and_back`]'s takes (slot, seeds taken) by the player
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
