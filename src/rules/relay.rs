//! The family of Nsolo (`03-nsolo.md`), Hawalis (`04-hawalis.md`) and Bao Kigogo
//! (`05-bao-kigogo.md`): four rows, sow and relay from every occupied landing until a
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

use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::turn::{close_turn, finish_game, win};
use super::variant::{Rules, TurnDone};
use super::{CaptureTo, Decision, EndReason, Event, Game, GameState, Outcome, Pending, Player};

/// Nsolo, Hawalis and Bao Kigogo as types (see [`super::variant::Rules`]).
pub(crate) struct Nsolo;
pub(crate) struct Hawalis;
pub(crate) struct BaoKigogo;

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
pub(crate) fn turn_starts(s: &GameState, p: Player, out: &mut Vec<Decision>) {
    let b = s.board;
    let pits = &s.seeds.pits;
    let grid = &b.own_in_grid_order[p as usize];
    if has_pit_of_two(s, p) {
        for &slot in grid {
            if pits[slot as usize] >= 2 {
                out.push(Decision::Sow(b.pit_of_slot[slot as usize]));
            }
        }
    } else {
        for &slot in grid {
            if single_may_move(s, p, slot as usize) {
                out.push(Decision::Sow(b.pit_of_slot[slot as usize]));
            }
        }
    }
}

/// Whether one of the player's pits holds 2 or more.
#[inline(always)]
fn has_pit_of_two(s: &GameState, p: Player) -> bool {
    s.seeds.pits[s.board.own_slots(p)]
        .iter()
        .fold(0u8, |m, &n| m.max(n))
        >= 2
}

/// A single seed whose next pit on the circuit is empty.
#[inline(always)]
fn single_may_move(s: &GameState, p: Player, slot: usize) -> bool {
    let b = s.board;
    let base = b.base[p as usize];
    let next = if slot + 1 == base + b.circuit_len {
        base
    } else {
        slot + 1
    };
    s.seeds.pits[slot] == 1 && s.seeds.pits[next] == 0
}

/// Whether the player has a legal turn start.
#[inline]
pub(crate) fn can_move(s: &GameState, p: Player) -> bool {
    has_pit_of_two(s, p) || s.board.own_slots(p).any(|k| single_may_move(s, p, k))
}

/// The same rule as [`turn_starts`] for one decision, without listing them all.
pub(crate) fn is_legal_start(s: &GameState, d: &Decision) -> bool {
    let p = s.to_decide;
    let Decision::Sow(pit) = d else {
        return false;
    };
    let b = s.board;
    let Some(slot) = b.slot(*pit).filter(|&k| b.own_slots(p).contains(&k)) else {
        return false;
    };
    match s.seeds.pits[slot] {
        0 => false,
        1 => s.seeds.pits[b.own_slots(p)].iter().all(|&n| n < 2) && single_may_move(s, p, slot),
        _ => true,
    }
}

/// Starts the move of `d` on a copy of the seeds.
#[inline(always)]
pub(crate) fn begin(s: &GameState, d: &Decision, rec: Recorder) -> Sowing {
    let p = s.to_decide;
    let slot = d
        .start_pit()
        .and_then(|pit| s.board.slot(pit))
        .expect("a checked start");
    let from = slot - s.board.base[p as usize];
    let mut sowing = Sowing::new(s.board, p, &s.seeds, from, rec);
    sowing.lift(from);
    sowing
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
            let p = s.to_decide;
            let cols = s.board.cols as usize;
            if landing >= cols {
                // The facing pits of a front-row landing.
                let other = s.board.base[p.opponent() as usize];
                let front = other + 3 * cols - 1 - landing;
                let back = other + landing - cols;
                if R::GAME == Game::Nsolo {
                    if nsolo_capture(s, front, &mut rec) {
                        return rec;
                    }
                } else {
                    hawalis_capture::<R>(s, front, back, &mut rec);
                }
            } else {
                let outcome = R::end_of_turn(s, &TurnDone::default(), &mut rec);
                close_turn::<R>(s, &mut rec, outcome, false, false);
            }
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

/// Hawalis and Bao Kigogo: ending in an empty front pit captures the facing front pit
/// and, if it was taken, the back pit behind it.
fn hawalis_capture<R: Rules>(s: &mut GameState, front: usize, back: usize, rec: &mut Recorder) {
    let p = s.to_decide;
    let mut captured = false;
    if s.seeds.pits[front] > 0 {
        for slot in [front, back] {
            let count = s.seeds.pits[slot] as u32;
            if count > 0 {
                s.seeds.pits[slot] = 0;
                s.seeds.captured[p as usize] += count;
                let from = s.board.pit_of_slot[slot];
                rec.push(|| Event::Capture {
                    from,
                    count,
                    to: CaptureTo::OffBoard(p),
                });
            }
        }
        captured = true;
    }
    let outcome = R::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<R>(s, rec, outcome, false, captured);
}

/// Nsolo: the facing front pit's k seeds are removed and a strip of k more is due.
/// Returns true when the turn waits for the strip.
fn nsolo_capture(s: &mut GameState, front: usize, rec: &mut Recorder) -> bool {
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
            return true;
        }
    }
    let outcome = Nsolo::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, k > 0);
    false
}

/// Nsolo: one choice per occupied opponent pit (and stopping, with "bonus is up to k").
pub(crate) fn strip_choices(s: &GameState, out: &mut Vec<Decision>) {
    let opp = s.to_decide.opponent();
    let b = s.board;
    for i in b.own_pits(opp) {
        let slot = b.slot_of[i] as usize;
        if s.seeds.pits[slot] > 0 {
            out.push(Decision::Strip(b.pit_of_slot[slot]));
        }
    }
    if s.options.bonus_up_to_k {
        out.push(Decision::EndStrip);
    }
}

/// Nsolo: whether a strip decision is legal now.
pub(crate) fn is_legal_strip(s: &GameState, d: &Decision) -> bool {
    let opp = s.to_decide.opponent();
    match d {
        Decision::Strip(pit) => s
            .board
            .slot(*pit)
            .is_some_and(|k| s.board.own_slots(opp).contains(&k) && s.seeds.pits[k] > 0),
        Decision::EndStrip => s.options.bonus_up_to_k,
        _ => false,
    }
}

/// Strips one seed (or stops); the turn ends when the strip is done.
pub(crate) fn strip(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let Pending::Strip { remaining } = s.pending else {
        return;
    };
    let p = s.to_decide;
    let mut left = 0;
    if let Decision::Strip(pit) = d
        && let Some(k) = s.board.slot(*pit)
    {
        s.seeds.pits[k] -= 1;
        s.seeds.captured[p as usize] += 1;
        s.changed();
        let pit = *pit;
        rec.push(|| Event::Strip { pit, by: p });
        left = (remaining - 1).min(s.side_total(p.opponent()));
    }
    if left > 0 {
        s.pending = Pending::Strip { remaining: left };
        return;
    }
    s.pending = Pending::Turn;
    let outcome = Nsolo::end_of_turn(s, &TurnDone::default(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, true);
}

/// The mover wins if the opponent has no seeds left or, to move, has no legal move.
pub(crate) fn removal_game_end(s: &GameState, mover: Player) -> Option<Outcome> {
    let opp = mover.opponent();
    if s.side_total(opp) == 0 {
        Some(win(mover, 0, EndReason::NoSeedsLeft))
    } else if !can_move(s, opp) {
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
