//! Bao Kigogo (`docs/rules/05-bao-kigogo.md`), the Wagogo's game of Dodoma: the
//! rules of Hawalis on a 4 x 12 board with 92 seeds, the left end of each player's
//! front row empty at the start.

use super::hawalis::capture_front_and_back;
use super::*;

/// Bao Kigogo.
pub(crate) struct BaoKigogo;

impl Relay for BaoKigogo {
    const GAME: Game = Game::BaoKigogo;
    const COLS: Option<u8> = Some(12);
    const OPTIONS: &'static [&'static str] = &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"];
    fn total_seeds(_: u8) -> u32 {
        92
    }
    /// Two in every pit but the left end of each player's front row.
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        let mut pits = vec![2; rows * cols];
        pits[2 * cols] = 0; // South's left end of the front row, (2, 0)
        pits[cols + cols - 1] = 0; // North's, (1, n-1)
        pits
    }
    /// Hawalis's capture.
    #[inline(always)]
    fn land(s: &mut GameState, landing: usize, rec: &mut Recorder) {
        capture_front_and_back::<Self>(s, landing, rec)
    }
    /// The 24-pit circuit in three words of lanes.
    #[inline(always)]
    fn play_quiet_from(s: &mut GameState, slot: usize, rec: &mut Recorder) {
        quiet::play_quiet_in::<Self, Lanes<3>>(s, slot, 24, rec)
    }
}
