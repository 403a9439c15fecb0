//! Nsolo (Ngoni), `03-nsolo.md`: 4 x n (8..=36); a capture removes the facing front
//! pit (k seeds) and earns a bonus strip of k more seeds, chosen one at a time.

use super::play::{close_turn, relay_move, removal_game_end};
use super::sowing::Recorder;
use super::{CaptureTo, Decision, Event, GameState, Pending};

/// Plays a turn; a capture leaves the mover to strip (a mid-turn decision).
pub(crate) fn play_turn(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let Some(landing) = relay_move(s, d, rec) else {
        return; // never-ending: the game is over
    };
    let p = s.to_decide;
    let col = (landing % s.board.cols as usize) as u8;
    let (front, _back) = s.board.facing(p, col); // the back pit is never captured
    let k = s.seeds.pits[front] as u32;
    if s.board.is_front(p, landing) && k > 0 {
        s.seeds.pits[front] = 0;
        s.seeds.captured[p as usize] += k;
        let from = s.board.pit(front);
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
    let captured = s.board.is_front(p, landing) && k > 0;
    let outcome = removal_game_end(s, p);
    close_turn(s, rec, outcome, false, captured);
}

/// One choice per occupied opponent pit (and stopping, with "bonus is up to k").
pub(crate) fn strip_choices(s: &GameState) -> Vec<Decision> {
    let opp = s.to_decide.opponent();
    let mut out: Vec<Decision> = s
        .board
        .own_pits(opp)
        .filter(|&i| s.seeds.pits[i] > 0)
        .map(|i| Decision::Strip(s.board.pit(i)))
        .collect();
    if s.options.bonus_up_to_k {
        out.push(Decision::EndStrip);
    }
    out
}

/// Strips one seed (or stops); the turn ends when the strip is done.
pub(crate) fn strip(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let Pending::Strip { remaining } = s.pending else {
        return;
    };
    let p = s.to_decide;
    let mut left = 0;
    if let Decision::Strip(pit) = d
        && let Some(i) = s.board.index(*pit)
    {
        s.seeds.pits[i] -= 1;
        s.seeds.captured[p as usize] += 1;
        let pit = *pit;
        rec.push(|| Event::Strip { pit, by: p });
        left = (remaining - 1).min(s.side_total(p.opponent()));
    }
    if left > 0 {
        s.pending = Pending::Strip { remaining: left };
        return;
    }
    s.pending = Pending::Turn;
    let outcome = removal_game_end(s, p);
    close_turn(s, rec, outcome, false, true);
}
