//! Closing a turn, the same for every game: the end of the game, the next player
//! (extra turns, passes) and the repetition rule. Each game says only what differs
//! through its [`Rules`]; `play.rs` dispatches to the games, the games call these.

use super::sowing::Recorder;
use super::state::GameSummary;
use super::variant::Rules;
use super::{EndReason, Event, GameResult, GameState, Outcome, Pending};

/// Ends a turn of game `R`: reports it, ends the game if `outcome` says so, else
/// hands the turn on (extra turn, passes) and applies the repetition rule.
pub(crate) fn close_turn<R: Rules>(
    s: &mut GameState,
    rec: &mut Recorder,
    outcome: Option<Outcome>,
    extra_turn: bool,
    seeds_left_board: bool,
) {
    close_turn_inline::<R>(s, rec, outcome, extra_turn, seeds_left_board);
}

/// [`close_turn`] inlined where it is called: where the quiet moves of every game end.
#[inline(always)]
pub(crate) fn close_turn_inline<R: Rules>(
    s: &mut GameState,
    rec: &mut Recorder,
    outcome: Option<Outcome>,
    extra_turn: bool,
    seeds_left_board: bool,
) {
    let mover = s.to_decide;
    rec.push(|| Event::EndTurn { player: mover });
    // Saturating: a loaded position may hold any count.
    s.flags.turns_played[mover] = s.flags.turns_played[mover].saturating_add(1);
    if let Some(o) = outcome {
        finish_game(s, o, rec);
        return;
    }
    let mut next = if extra_turn {
        rec.push(|| Event::ExtraTurn { player: mover });
        mover
    } else {
        mover.opponent()
    };
    if R::MAY_PASS {
        let mut passes = 0;
        while !R::can_move(s, next) {
            rec.push(|| Event::Pass { player: next });
            next = next.opponent();
            passes += 1;
            if passes == 2 {
                s.to_decide = mover;
                let o = R::nobody_can_move(s, rec);
                finish_game(s, o, rec);
                return;
            }
        }
    }
    s.to_decide = next;
    // Mostly the turn was a turn start and this is already so: then no drop of the
    // old value to run (an out-of-line call when the compiler does not inline it).
    if !matches!(s.pending, Pending::Turn) {
        s.pending = Pending::Turn;
    }
    // A position from before seeds left the board can never come back.
    if seeds_left_board && R::CAPTURED.leave_board() {
        s.history.clear();
    }
    let key = R::position_key(s);
    let mut occurrences = s.history.push(key);
    if s.history.legacy.is_some() {
        occurrences = occurrences.saturating_add(count_legacy(s));
    }
    if occurrences >= 2 {
        repeated::<R>(s, rec, occurrences);
    }
}

/// How often the position occurs in an old save's history (rare: out of line).
#[cold]
#[inline(never)]
fn count_legacy(s: &GameState) -> u32 {
    u32::try_from(s.history.count_legacy(s.fnv1a_hash())).unwrap_or(u32::MAX)
}

/// The repetition rule of game `R` for a position that occurs again (rare: out of
/// line, so that the turn's close keeps a small frame).
#[cold]
#[inline(never)]
fn repeated<R: Rules>(s: &mut GameState, rec: &mut Recorder, occurrences: u32) {
    rec.push(|| Event::Repetition { occurrences });
    if let Some(o) = R::on_repetition(s, occurrences, rec) {
        finish_game(s, o, rec);
    }
}

/// Ends the game; in an Omweso match, scores it and either ends the match or waits for
/// the next game.
pub(crate) fn finish_game(s: &mut GameState, outcome: Outcome, rec: &mut Recorder) {
    rec.push(|| Event::GameOver(outcome));
    let Some(m) = &mut s.match_score else {
        s.pending = Pending::Over(outcome);
        return;
    };
    m.games.push(GameSummary {
        first: m.first,
        outcome,
    });
    if let GameResult::Win(w) = outcome.result {
        m.points[w] = m.points[w].saturating_add(outcome.points);
        if outcome.reason == EndReason::GrandSlam || m.points[w] >= s.options.match_target as u32 {
            m.winner = Some(w);
        }
    }
    let (points, winner) = ([m.points.south, m.points.north], m.winner);
    rec.push(|| Event::MatchScore { points, winner });
    s.pending = if winner.is_some() {
        Pending::Over(outcome)
    } else {
        Pending::NextGame(outcome)
    };
}
