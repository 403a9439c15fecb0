//! Hawalis (Oman; Bao la Kiarabu in Zanzibar), `04-hawalis.md`, also the rules of Bao
//! Kigogo: sow and relay until a lap ends in an empty pit; ending in an empty front pit
//! captures the facing front pit and, if it was taken, the back pit behind it.

use super::play::{close_turn, relay_move, removal_game_end};
use super::sowing::Recorder;
use super::{CaptureTo, Decision, Event, GameState};

/// Plays a turn of Hawalis or Bao Kigogo.
pub(crate) fn play_turn(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let Some(landing) = relay_move(s, d, rec) else {
        return; // never-ending: the game is over
    };
    let p = s.to_decide;
    let col = (landing % s.board.cols as usize) as u8;
    let (front, back) = s.board.facing(p, col);
    let mut captured = false;
    if s.board.is_front(p, landing) && s.seeds.pits[front] > 0 {
        for pit in [front, back] {
            let count = s.seeds.pits[pit] as u32;
            if count > 0 {
                s.seeds.pits[pit] = 0;
                s.seeds.captured[p as usize] += count;
                let from = s.board.pit(pit);
                rec.push(|| Event::Capture {
                    from,
                    count,
                    to: CaptureTo::OffBoard(p),
                });
            }
        }
        captured = true;
    }
    let outcome = removal_game_end(s, p);
    close_turn(s, rec, outcome, false, captured);
}
