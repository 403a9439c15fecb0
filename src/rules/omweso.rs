//! Omweso (Uganda), `01-omweso.md`: 4 x 8, no stores, captured seeds are sown again on
//! the captor's side; reverse captures, the opening three, mid-turn direction choices,
//! points and the match.

use super::play::{close_turn, finish_game, no_win, win};
use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::state::{LapStart, MoveInProgress};
use super::{
    CaptureTo, Decision, Direction, EndReason, Event, GameResult, GameState, Lot, Outcome, Pending,
    Player,
};

/// Neither player may capture on his own first turn.
pub(crate) fn may_capture(s: &GameState, p: Player) -> bool {
    s.flags.turns_played[p] > 0
}

/// A landing in the mover's front row captures when both facing opponent pits hold seeds.
fn captures_at(s: &GameState, pits: &[u8], p: Player, landing: usize) -> bool {
    let col = (landing % s.board.cols as usize) as u8;
    let (front, back) = s.board.facing(p, col);
    s.board.is_front(p, landing) && pits[front] > 0 && pits[back] > 0
}

/// Would a clockwise lap of `hand` seeds after `from` (seeds as they lie now) be a
/// direct capture: its last seed lands in an occupied pit that captures?
pub(crate) fn cw_is_direct_capture(s: &GameState, from: usize, hand: u32) -> bool {
    cw_captures(s, &s.seeds.pits, from, hand)
}

fn cw_captures(s: &GameState, pits: &[u8], from: usize, hand: u32) -> bool {
    let p = s.to_decide;
    let (landing, before) = Sowing::preview_landing(&s.board, p, pits, from, hand, Direction::Cw);
    before > 0 && captures_at(s, pits, p, landing)
}

/// Turn starts: normal moves, reverse captures, the opening three.
pub(crate) fn turn_starts(s: &GameState) -> Vec<Decision> {
    let p = s.to_decide;
    let pits = &s.seeds.pits;
    let mut out = Vec::new();
    for i in s.board.own_pits(p) {
        let n = pits[i];
        let pit = s.board.pit(i);
        if n >= 2 {
            out.push(Decision::Sow(pit));
            if may_capture(s, p) && s.board.leftmost_four(p, i) {
                let mut lifted = pits.clone();
                lifted[i] = 0;
                if cw_captures(s, &lifted, i, n as u32) {
                    out.push(Decision::Reverse(pit));
                }
            }
        }
        if n == 3 && s.options.opening_three && !s.flags.capture_made {
            out.push(Decision::OpeningThree(pit));
        }
    }
    out
}

/// The course of an Omweso move.
struct OmwesoMove {
    may_capture: bool,
    /// Bit c set: captured from the opponent's column c this turn.
    columns: u32,
}

impl MoveRules for OmwesoMove {
    fn lap_end(&mut self, s: &mut Sowing<'_>, landing: usize) -> LapEnd {
        if s.seeds.pits[landing] == 1 {
            return LapEnd::Stop; // the pit was empty: the turn ends
        }
        let col = (landing % s.board.cols as usize) as u8;
        let (front, back) = s.board.facing(s.player, col);
        if self.may_capture
            && s.board.is_front(s.player, landing)
            && s.seeds.pits[front] > 0
            && s.seeds.pits[back] > 0
        {
            s.capture(front, CaptureTo::Hand);
            s.capture(back, CaptureTo::Hand);
            self.columns |= 1 << col;
            return LapEnd::SowFromOrigin; // sown again after the capturing lap's origin
        }
        LapEnd::Relay
    }

    fn offers_direction(&self, s: &Sowing<'_>) -> bool {
        if !self.may_capture || !s.board.leftmost_four(s.player, s.from) {
            return false;
        }
        let (landing, before) = Sowing::preview_landing(
            s.board,
            s.player,
            &s.seeds.pits,
            s.from,
            s.seeds.hand,
            Direction::Cw,
        );
        let col = (landing % s.board.cols as usize) as u8;
        let (front, back) = s.board.facing(s.player, col);
        before > 0
            && s.board.is_front(s.player, landing)
            && s.seeds.pits[front] > 0
            && s.seeds.pits[back] > 0
    }
}

/// Starts a turn: a normal move, a reverse capture or the opening three.
pub(crate) fn play_turn(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let p = s.to_decide;
    let Some(from) = d.start_pit().and_then(|pit| s.board.index(pit)) else {
        return;
    };
    if let Decision::OpeningThree(_) = d {
        // 2 seeds into the next pit, 1 into the pit after it; the turn ends at once.
        let circuit = s.board.circuit(p).to_vec();
        let pos = s.board.circuit_position(p, from).unwrap_or(0);
        let next = circuit[(pos + 1) % circuit.len()] as usize;
        let after = circuit[(pos + 2) % circuit.len()] as usize;
        let board = s.board.clone();
        s.seeds.pits[from] = 0;
        rec.push(|| Event::Lift {
            pit: board.pit(from),
            count: 3,
        });
        for target in [next, next, after] {
            s.seeds.pits[target] += 1;
            rec.push(|| Event::Drop {
                pit: board.pit(target),
            });
        }
        let outcome = end_of_turn(s, 0);
        close_turn(s, rec, outcome, false, false);
        return;
    }
    let dir = if let Decision::Reverse(_) = d {
        Direction::Cw
    } else {
        Direction::Ccw
    };
    let turn_start = s.seeds.clone();
    let board = s.board.clone();
    let mut seeds = s.seeds.clone();
    let mut rules = OmwesoMove {
        may_capture: may_capture(s, p),
        columns: 0,
    };
    let mut sowing = Sowing::new(&board, p, &mut seeds, from, rec);
    sowing.lift(from);
    sowing.dir = dir;
    let end = sowing.run(&mut rules);
    let (from, origin, laps) = (sowing.from, sowing.origin, sowing.laps);
    resolve(
        s,
        seeds,
        end,
        rules.columns,
        from,
        origin,
        laps,
        turn_start,
        Vec::new(),
        rec,
    );
}

/// Goes on with a turn after the mover chose the next lap's direction.
pub(crate) fn continue_turn(s: &mut GameState, dir: Direction, rec: &mut Recorder) {
    let Pending::Direction(m) = s.pending.clone() else {
        return;
    };
    let board = s.board.clone();
    let (Some(from), Some(origin)) = (board.index(m.from), board.index(m.origin)) else {
        return;
    };
    let here = LapStart {
        pits: s.seeds.pits.clone(),
        hand: s.seeds.hand,
        from: m.from,
        origin: m.origin,
        dir,
    };
    let mut choices = m.choices;
    if choices.contains(&here) {
        // The same choice from the same lap start: the move goes round for ever.
        never_ending(s, m.laps, m.turn_start, rec);
        return;
    }
    choices.push(here);
    let p = s.to_decide;
    let mut seeds = s.seeds.clone();
    let mut rules = OmwesoMove {
        may_capture: true,
        columns: m.captured_columns.iter().fold(0, |a, &c| a | 1 << c),
    };
    let mut sowing = Sowing::new(&board, p, &mut seeds, from, rec);
    sowing.origin = origin;
    sowing.dir = dir;
    sowing.laps = m.laps;
    let end = sowing.run(&mut rules);
    let (from, origin, laps) = (sowing.from, sowing.origin, sowing.laps);
    resolve(
        s,
        seeds,
        end,
        rules.columns,
        from,
        origin,
        laps,
        m.turn_start,
        choices,
        rec,
    );
}

#[allow(clippy::too_many_arguments)]
fn resolve(
    s: &mut GameState,
    seeds: super::Tableau,
    end: MoveEnd,
    columns: u32,
    from: usize,
    origin: usize,
    laps: u64,
    turn_start: super::Tableau,
    choices: Vec<LapStart>,
    rec: &mut Recorder,
) {
    match end {
        MoveEnd::Landed(_) => {
            s.seeds = seeds;
            let outcome = end_of_turn(s, columns);
            close_turn(s, rec, outcome, false, false);
        }
        MoveEnd::AskDirection => {
            s.seeds = seeds;
            s.pending = Pending::Direction(MoveInProgress {
                from: s.board.pit(from),
                origin: s.board.pit(origin),
                laps,
                captured_columns: (0..32).filter(|c| columns & 1 << c != 0).collect(),
                turn_start,
                choices,
            });
        }
        MoveEnd::NeverEnding => never_ending(s, laps, turn_start, rec),
        MoveEnd::CutShort => {} // search gave up on this move; nothing changes
    }
}

/// A never-ending move annuls the game; the seeds lie as before the move.
fn never_ending(s: &mut GameState, laps: u64, turn_start: super::Tableau, rec: &mut Recorder) {
    s.seeds = turn_start.clone();
    rec.push(|| Event::NeverEnding {
        laps,
        restored: turn_start,
    });
    finish_game(
        s,
        no_win(GameResult::Annulled, EndReason::NeverEndingMove),
        rec,
    );
}

/// The end-of-turn checks, in the specification's order; the first that holds counts.
fn end_of_turn(s: &mut GameState, columns: u32) -> Option<Outcome> {
    let mover = s.to_decide;
    let opp = mover.opponent();
    let captured = columns != 0;
    if captured {
        s.flags.capture_made = true;
        s.flags.capture_turns[mover] = s.flags.capture_turns[mover].saturating_add(1);
    }
    let o = &s.options;
    let last_col = s.board.cols as u32 - 1;
    let front = s.board.front_row(opp) as usize * s.board.cols as usize;
    let front_row_empty = s.seeds.pits[front..front + s.board.cols as usize]
        .iter()
        .all(|&n| n == 0);
    if o.grand_slam && s.side_total(opp) == 0 {
        Some(win(mover, 12, EndReason::GrandSlam))
    } else if columns & 1 != 0 && columns & 1 << last_col != 0 {
        Some(win(mover, 2, EndReason::BothEndColumns))
    } else if o.front_row_two_points && captured && front_row_empty {
        Some(win(mover, 2, EndReason::FrontRowEmpty))
    } else if s.seeds.pits[s.board.own_pits(opp)].iter().all(|&n| n <= 1) {
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
    let range = s.board.own_pits(p);
    s.seeds.pits[range].copy_from_slice(&rows.concat());
    rec.push(|| Event::Arrange { player: p, rows });
    let first = s.match_score.as_ref().map_or(p, |m| m.first);
    if p == first {
        s.to_decide = p.opponent();
    } else {
        s.to_decide = first;
        s.pending = Pending::Turn;
        s.history = super::history::History::one(s.position_hash());
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
    let tableau = s.seeds.clone();
    rec.push(|| Event::NewGame { first, tableau });
}
