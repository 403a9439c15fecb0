//! Playing: the legal decisions, whether one is legal, applying one, and a long move
//! worked out in slices. This file only dispatches: each game's rules are its type
//! (see `variant.rs`), and closing a turn is `turn.rs`.

use super::anywoli::{self, AnywoliMove};
use super::omweso::{self, OmwesoFlight};
use super::relay::{self, RelayUntilEmpty};
use super::sowing::{MoveEnd, Recorder, Sowing};
use super::turn::{close_turn, finish_game, win};
use super::variant::{Rules, with_rules};
use super::{Decision, Direction, EndReason, Event, Game, GameState, Lot, Pending, RuleError};

/// Every decision the player to decide may make now. Omweso's free set-up lists only
/// the standard arrangement (any arrangement of at most 10 a pit is legal; see
/// [`is_legal`]). Resigning and time-outs are never listed.
pub fn legal_decisions(s: &GameState) -> Vec<Decision> {
    let mut out = Vec::new();
    legal_decisions_into(s, &mut out);
    out
}

/// [`legal_decisions`] into a buffer (cleared first), which keeps its room from one
/// call to the next: search and playouts list decisions without allocating.
pub fn legal_decisions_into(s: &GameState, out: &mut Vec<Decision>) {
    out.clear();
    match &s.pending {
        Pending::Turn => with_rules!(s.game, R => R::turn_starts(s, out)),
        Pending::Direction(_) => {
            out.push(Decision::Direction(Direction::Ccw));
            out.push(Decision::Direction(Direction::Cw));
        }
        Pending::Strip { .. } => relay::strip_choices(s, out),
        Pending::Arrange => out.push(s.standard_arrangement(s.to_decide)),
        Pending::NextGame(_) => out.push(Decision::NextGame),
        Pending::Over(_) => {}
    }
}

/// Whether `decision` may be applied now. Checked directly, without listing the
/// legal decisions (Anywoli plays the move out: a never-ending one is illegal).
pub fn is_legal(s: &GameState, decision: &Decision) -> bool {
    legal_now(s, decision) == Ok(true)
}

/// Whether a decision is legal; an error for a bad free arrangement or a game over.
fn legal_now(s: &GameState, d: &Decision) -> Result<bool, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    Ok(match (&s.pending, d) {
        (_, Decision::Resign) => s.game == Game::Nsolo,
        (Pending::NextGame(_), _) => matches!(d, Decision::NextGame),
        (_, Decision::TimeOut) => s.options.decision_time_limit().is_some(),
        (Pending::Arrange, Decision::Arrange(rows)) => {
            omweso::check_arrange(s, rows)?;
            true
        }
        (Pending::Turn, Decision::Sow(_) | Decision::Reverse(_) | Decision::OpeningThree(_)) => {
            with_rules!(s.game, R => R::is_legal_start(s, d))
        }
        (Pending::Direction(_), Decision::Direction(_)) => true,
        (Pending::Strip { .. }, Decision::Strip(_) | Decision::EndStrip) => {
            relay::is_legal_strip(s, d)
        }
        _ => false,
    })
}

/// Refuses an illegal decision with a message saying why.
fn check(s: &GameState, d: &Decision) -> Result<(), RuleError> {
    if legal_now(s, d)? {
        Ok(())
    } else {
        Err(RuleError::Illegal(format!(
            "{} is not legal for {} now ({})",
            super::shorten(&super::notation::to_text(d)),
            s.to_decide,
            describe_pending(&s.pending)
        )))
    }
}

fn describe_pending(p: &Pending) -> &'static str {
    match p {
        Pending::Turn => "a turn must start from one of the legal pits",
        Pending::Direction(_) => "a direction, ccw or cw, must be chosen",
        Pending::Strip { .. } => "a seed must be stripped from an occupied opponent pit",
        Pending::Arrange => "the seeds must be arranged",
        Pending::NextGame(_) => "the next game of the match must start",
        Pending::Over(_) => "the game is over",
    }
}

/// Applies a decision and returns the events it caused. On error the state is unchanged.
pub fn apply(s: &mut GameState, decision: Decision) -> Result<Vec<Event>, RuleError> {
    let mut rec = Recorder::new(true);
    apply_into(s, decision, &mut rec)?;
    Ok(rec.events)
}

/// Applies a decision without recording events (search, playouts).
pub fn apply_quiet(s: &mut GameState, decision: Decision) -> Result<(), RuleError> {
    apply_into(s, decision, &mut Recorder::new(false))
}

/// For search: applies a decision, but gives up a move longer than `max_laps` laps,
/// leaving the state unchanged and returning `Ok(false)`. Real play uses [`apply`].
pub fn apply_bounded(
    s: &mut GameState,
    decision: Decision,
    max_laps: u64,
) -> Result<bool, RuleError> {
    let mut rec = Recorder::new(false);
    rec.lap_limit = max_laps;
    apply_into(s, decision, &mut rec)?;
    Ok(!rec.cut_short)
}

/// A move under way: its sowing and its game's rules for the course of a move.
enum Flight {
    Omweso(Box<OmwesoFlight>),
    Anywoli(Sowing, AnywoliMove),
    Relay(Sowing),
}

impl Flight {
    /// Plays at most `max_laps` more laps.
    fn run(&mut self, max_laps: u64) -> MoveEnd {
        match self {
            Flight::Omweso(f) => f.run(max_laps),
            Flight::Anywoli(sowing, rules) => sowing.run(rules, max_laps),
            Flight::Relay(sowing) => sowing.run(&mut RelayUntilEmpty, max_laps),
        }
    }

    /// Laps played so far in this turn.
    fn laps(&self) -> u64 {
        match self {
            Flight::Omweso(f) => f.sowing.laps,
            Flight::Anywoli(sowing, _) | Flight::Relay(sowing) => sowing.laps,
        }
    }
}

/// What a decision does: a move to sow (then finished by [`land`]) or nothing more
/// (it was carried out at once).
#[allow(clippy::large_enum_variant)] // one lives on the stack for one decision
enum Start {
    Sow(Flight),
    Done,
}

/// Checks a decision and starts it: sowing decisions become a [`Flight`] on a copy of
/// the seeds; everything else is carried out at once.
fn start(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<Start, RuleError> {
    // Anywoli's moves are checked by playing them (a never-ending one is illegal).
    let anywoli_sow = s.game == Game::Anywoli
        && matches!(s.pending, Pending::Turn)
        && matches!(d, Decision::Sow(_));
    if !anywoli_sow {
        check(s, &d)?;
    }
    s.changed();
    let me = s.to_decide;
    Ok(match d {
        Decision::Resign => {
            finish_game(s, win(me.opponent(), 0, EndReason::Resigned), rec);
            Start::Done
        }
        Decision::TimeOut => {
            finish_game(s, win(me.opponent(), 1, EndReason::TimeOut), rec);
            Start::Done
        }
        Decision::NextGame => {
            omweso::next_game(s, rec);
            Start::Done
        }
        Decision::Arrange(rows) => {
            omweso::arrange(s, rows, rec);
            Start::Done
        }
        Decision::Direction(dir) => {
            match omweso::resume(s, dir, std::mem::replace(rec, Recorder::new(false))) {
                Ok(f) => Start::Sow(Flight::Omweso(Box::new(f))),
                Err((laps, turn_start, back)) => {
                    *rec = back;
                    omweso::never_ending(s, laps, turn_start, rec);
                    Start::Done
                }
            }
        }
        Decision::Strip(_) | Decision::EndStrip => {
            relay::strip(s, &d, rec);
            Start::Done
        }
        Decision::OpeningThree(_) => {
            omweso::play_opening_three(s, &d, rec);
            Start::Done
        }
        Decision::Sow(_) | Decision::Reverse(_) => match s.game {
            Game::Omweso => {
                let f = omweso::begin(s, &d, std::mem::replace(rec, Recorder::new(false)));
                Start::Sow(Flight::Omweso(Box::new(f)))
            }
            Game::Anywoli => {
                let slot = anywoli::start_slot(s, me, &d).ok_or_else(|| {
                    RuleError::Illegal(format!(
                        "{} is not a pit of {me}'s row holding seeds",
                        super::shorten(&super::notation::to_text(&d))
                    ))
                })?;
                let sowing =
                    anywoli::begin(s, me, slot, std::mem::replace(rec, Recorder::new(false)));
                Start::Sow(Flight::Anywoli(sowing, AnywoliMove::default()))
            }
            _ => Start::Sow(Flight::Relay(relay::begin(
                s,
                &d,
                std::mem::replace(rec, Recorder::new(false)),
            ))),
        },
    })
}

/// Carries out what a finished flight came to. An Anywoli move that never ends is
/// refused (the state is unchanged).
fn land(
    s: &mut GameState,
    flight: Flight,
    end: MoveEnd,
    d: &Decision,
) -> Result<Recorder, (RuleError, Recorder)> {
    Ok(match flight {
        Flight::Omweso(f) => omweso::finish(s, *f, end),
        Flight::Anywoli(mut sowing, rules) => {
            if end == MoveEnd::NeverEnding {
                return Err((
                    RuleError::Illegal(format!(
                        "the move from {} never ends",
                        super::notation::to_text(d)
                    )),
                    sowing.rec,
                ));
            }
            sowing.condense(0);
            s.seeds = sowing.seeds;
            s.changed();
            let mut rec = sowing.rec;
            let outcome = anywoli::after_move(s, &rules, &mut rec);
            close_turn::<anywoli::Anywoli>(s, &mut rec, outcome, rules.extra_turn, rules.captured);
            rec
        }
        Flight::Relay(sowing) => with_rules!(s.game, R => relay::finish::<R>(s, sowing, end)),
    })
}

fn apply_into(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    let keep = d.clone();
    let mark = rec.events.len();
    let Start::Sow(mut flight) = start(s, d, rec)? else {
        return Ok(());
    };
    let limit = match &flight {
        Flight::Omweso(f) => f.sowing.rec.lap_limit.saturating_sub(f.sowing.laps),
        Flight::Anywoli(sowing, _) | Flight::Relay(sowing) => sowing.rec.lap_limit,
    };
    let end = flight.run(limit);
    if end == MoveEnd::Paused {
        // Search gave up on this move; nothing changes.
        *rec = match flight {
            Flight::Omweso(f) => f.sowing.rec,
            Flight::Anywoli(sowing, _) | Flight::Relay(sowing) => sowing.rec,
        };
        rec.cut_short = true;
        return Ok(());
    }
    match land(s, flight, end, &keep) {
        Ok(back) => {
            *rec = back;
            Ok(())
        }
        Err((e, mut back)) => {
            back.events.truncate(mark);
            *rec = back;
            Err(e)
        }
    }
}

/// A uniformly random legal decision (random arrangements for Omweso's free set-up),
/// or `None` when the game is over.
pub fn random_decision(s: &GameState, lot: &mut Lot) -> Option<Decision> {
    let mut buffer = Vec::new();
    random_decision_with(s, lot, &mut buffer)
}

/// [`random_decision`] with a buffer for the legal decisions, kept from call to call.
pub fn random_decision_with(
    s: &GameState,
    lot: &mut Lot,
    buffer: &mut Vec<Decision>,
) -> Option<Decision> {
    if matches!(s.pending, Pending::Arrange) {
        return Some(omweso::random_arrangement(s, lot));
    }
    if s.game == Game::Anywoli && matches!(s.pending, Pending::Turn) {
        // Rejection sampling: uniform over the legal pits, but only the chosen
        // pit's move is played out to see that it ends.
        let b = s.board;
        let mut pits: Vec<usize> = b
            .own_pits(s.to_decide)
            .filter(|&i| s.count_at(i) > 0)
            .collect();
        while !pits.is_empty() {
            let i = pits.swap_remove(lot.below(pits.len()));
            if anywoli::move_ends(s, s.to_decide, b.slot_of[i] as usize) {
                return Some(Decision::Sow(b.pit(i)));
            }
        }
        return None;
    }
    legal_decisions_into(s, buffer);
    (!buffer.is_empty()).then(|| buffer[lot.below(buffer.len())].clone())
}

/// A move worked out in slices, so that a very long one (Omweso's never-ending moves
/// can take billions of laps before their cycle is proved) need not block a frame:
/// [`LongMove::advance`] plays at most so many laps a call. The result is exactly
/// what [`apply`] gives for the same state and decision.
///
/// ```
/// use mancala_hall::rules::*;
/// let s = GameState::new(Game::Hawalis, Options::default()).unwrap();
/// let d = legal_decisions(&s)[0].clone();
/// let mut long = LongMove::new(&s, d.clone()).unwrap();
/// let (after, events) = loop {
///     if let Progress::Done(after, events) = long.advance(1_000_000) {
///         break (after, events);
///     }
/// };
/// let mut t = s.clone();
/// assert_eq!(apply(&mut t, d).unwrap(), events);
/// assert_eq!(*after, t);
/// ```
pub struct LongMove {
    state: GameState,
    decision: Decision,
    flight: Option<Flight>,
    done: Option<(Box<GameState>, Vec<Event>)>,
    refused: Option<RuleError>,
}

/// How far a [`LongMove`] has come.
#[derive(Debug)]
pub enum Progress {
    /// Still under way: laps played (and checked for a cycle) so far.
    Running { laps_checked: u64 },
    /// Finished: the state after the decision and its events, as [`apply`] gives them.
    Done(Box<GameState>, Vec<Event>),
    /// Anywoli: the move never ends, so it is illegal ([`apply`]'s error).
    Refused(RuleError),
}

impl LongMove {
    /// Starts `decision` on a copy of `state`. An illegal decision is an error at once
    /// (an Anywoli move that never ends only when it is found to).
    pub fn new(state: &GameState, decision: Decision) -> Result<LongMove, RuleError> {
        let mut s = state.clone();
        let mut rec = Recorder::new(true);
        let keep = decision.clone();
        match start(&mut s, decision, &mut rec)? {
            Start::Sow(flight) => Ok(LongMove {
                state: s,
                decision: keep,
                flight: Some(flight),
                done: None,
                refused: None,
            }),
            Start::Done => Ok(LongMove {
                state: s.clone(),
                decision: keep,
                flight: None,
                done: Some((Box::new(s), rec.events)),
                refused: None,
            }),
        }
    }

    /// Plays at most `max_laps` more laps (at least one).
    pub fn advance(&mut self, max_laps: u64) -> Progress {
        if let Some(flight) = &mut self.flight {
            let end = flight.run(max_laps.max(1));
            if end == MoveEnd::Paused {
                return Progress::Running {
                    laps_checked: flight.laps(),
                };
            }
            let flight = self.flight.take().expect("under way");
            let mut s = self.state.clone();
            match land(&mut s, flight, end, &self.decision) {
                Ok(rec) => self.done = Some((Box::new(s), rec.events)),
                Err((e, _)) => {
                    self.refused = Some(e.clone());
                    return Progress::Refused(e);
                }
            }
        }
        if let Some(e) = &self.refused {
            return Progress::Refused(e.clone());
        }
        let (s, events) = self.done.clone().expect("finished");
        Progress::Done(s, events)
    }
}
