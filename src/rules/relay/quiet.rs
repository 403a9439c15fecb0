//! The relay games' turns without events, the quiet path of search and playouts: the
//! mover's circuit held as byte lanes in registers, sown and relayed a lap at a time,
//! with the same cycle finding as the recorded path, which the tests play it against.

use super::*;
use crate::rules::lanes::Circuit;
use crate::rules::sowing::{QuietLaps, quiet_laps};

/// Plays `d` as [`play_quiet_in`] (in the form the game picks,
/// [`Relay::play_quiet_from`]) if it is a legal turn start; false (and nothing changed)
/// if it is not.
#[inline(always)]
pub(crate) fn play_quiet_if_legal<R: Relay>(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> bool {
    let Some(slot) = legal_start_slot::<R>(s, d) else {
        return false;
    };
    R::play_quiet_from(s, slot, rec);
    true
}

/// The longest circuit (Nsolo 4 x 36), which a quiet move holds apart.
pub(super) const WINDOW: usize = 72;

/// A turn start from `slot` (checked) played without events (search, playouts),
/// exactly as [`Sowing::run`] with [`RelayUntilEmpty`] and [`finish`] play it, on the
/// mover's circuit (`len` pits) held apart as `C` from his first slot: his circuit,
/// then slots that the move leaves as they are (at most 72, and his first slot + 72
/// <= 144 slots). Only his circuit changes until the move is over, so the state's
/// seeds are written only when it has ended: a never-ending move, or one that search
/// gives up, leaves them as they lie. Each game chooses the form
/// ([`Relay::play_quiet_from`]): one just large enough for its board, so that the loop
/// has a copy for each (a form chosen by the length alone gave Nsolo's other widths a
/// third copy, 6 instructions a move more on 4 x 8).
#[inline(always)]
pub(super) fn play_quiet_in<R: Relay, C: Circuit>(
    s: &mut GameState,
    slot: usize,
    len: usize,
    rec: &mut Recorder,
) {
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    debug_assert!(<R as Rules>::circuit_len(s) == len && len <= WINDOW);
    let mut c = C::of(&s.seeds.pits[base..]);
    s.changed();
    match quiet_laps(
        &mut RelayUntilEmpty,
        &mut c,
        len,
        slot - base,
        rec.lap_limit,
    ) {
        MoveEnd::Landed(landing) => {
            c.write_to(&mut s.seeds.pits[base..]);
            R::land(s, landing, rec);
        }
        MoveEnd::NeverEnding => {
            let outcome = <R as Rules>::on_never_ending(s)
                .expect("the relay games end on a never-ending move");
            finish_game(s, outcome, rec);
        }
        // Search gave up on it after its lap limit.
        MoveEnd::Paused => rec.cut_short = true,
        MoveEnd::AskDirection => unreachable!("no direction choice in the relay games"),
    }
}

/// The relay games' laps: a plain lap, then relay unless it ended in an empty pit.
impl<C: Circuit> QuietLaps<C> for RelayUntilEmpty {
    #[inline(always)]
    fn lap(&mut self, c: &mut C, len: usize, from: usize, hand: usize) -> (usize, u8) {
        let landing = c.sow(len, from, hand);
        (landing, c.at(landing))
    }

    #[inline(always)]
    fn relays(&mut self, _: &mut C, _: usize, count: u8) -> bool {
        count != 1
    }
}
