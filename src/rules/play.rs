//! Playing: the legal decisions, whether one is legal, applying one, and a long move
//! worked out in slices. This file only dispatches: each game's rules are its type
//! (see `variant.rs`), and closing a turn is `turn.rs`.

use super::anywoli::{self, AnywoliMove};
use super::event::win;
use super::omweso::{self, OmwesoFlight};
use super::relay::{self, RelayUntilEmpty};
use super::sowing::{MoveEnd, Recorder, Sowing};
use super::turn::{close_turn, finish_game};
use super::variant::{Rules, TurnDone};
use super::{
    Decision, DecisionList, Direction, EndReason, Event, Game, GameState, Lot, Pending, RuleError,
};
use std::mem::ManuallyDrop;

/// Calls `$body` with `$R` the type of game `$game`.
macro_rules! with_rules {
    ($game:expr, $R:ident => $body:expr) => {
        match $game {
            $crate::rules::Game::Omweso => {
                type $R = $crate::rules::omweso::Omweso;
                $body
            }
            $crate::rules::Game::Anywoli => {
                type $R = $crate::rules::anywoli::Anywoli;
                $body
            }
            $crate::rules::Game::Nsolo => {
                type $R = $crate::rules::relay::Nsolo;
                $body
            }
            $crate::rules::Game::Hawalis => {
                type $R = $crate::rules::relay::Hawalis;
                $body
            }
            $crate::rules::Game::BaoKigogo => {
                type $R = $crate::rules::relay::BaoKigogo;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

impl Game {
    /// The names of the game's options (as in the options JSON), for a menu to ask
    /// the game which options to offer. Their defaults are [`super::Options::default`]'s.
    pub fn option_names(self) -> &'static [&'static str] {
        with_rules!(self, R => R::OPTIONS)
    }

    /// Rows and columns of the game's board (`width`: Nsolo's pits a row).
    pub fn shape(self, width: u8) -> (u8, u8) {
        with_rules!(self, R => R::shape(width))
    }

    /// The start layout: seeds of each pit in grid order (row 0 first).
    pub fn start_pits(self, width: u8) -> Vec<u8> {
        let (rows, cols) = self.shape(width);
        with_rules!(self, R => R::start_pits(rows as usize, cols as usize))
    }
}

/// Every decision the player to decide may make now. Omweso's free set-up lists only
/// the standard arrangement (any arrangement of at most 10 a pit is legal; see
/// [`is_legal`]). Resigning and time-outs are never listed.
pub fn legal_decisions(s: &GameState) -> DecisionList {
    // Of the decisions listed, only the standard arrangement owns heap memory.
    let arrangement = matches!(s.pending, Pending::Arrange);
    // Room for every pit of the mover's side (and more), but no more than 1 KiB: the
    // allocator's quick way (glibc's per-thread cache ends at 1,032 bytes) when the
    // thread's first list allocates it. A longer list, on Nsolo's widest boards, grows.
    let mut out = DecisionList::with_room((s.board.circuit_len + 4).min(LIST_ROOM), arrangement);
    push_legal_decisions(s, out.decisions_mut());
    out
}

/// The most decisions a new list has room for at first: 1,008 bytes.
const LIST_ROOM: usize = 1008 / std::mem::size_of::<Decision>();

/// [`legal_decisions`] into a buffer (cleared first), which keeps its room from one
/// call to the next: search and playouts list decisions without allocating.
pub fn legal_decisions_into(s: &GameState, out: &mut Vec<Decision>) {
    out.clear();
    push_legal_decisions(s, out);
}

/// Appends the legal decisions to `out` (inlined in both callers, so that a new list
/// is not cleared and its frame is the only one).
#[inline(always)]
fn push_legal_decisions(s: &GameState, out: &mut Vec<Decision>) {
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
    apply_quiet_into(s, decision, &mut quiet_recorder(u64::MAX))
}

/// For search: applies a decision, but gives up a move longer than `max_laps` laps,
/// leaving the state unchanged and returning `Ok(false)`. Real play uses [`apply`].
pub fn apply_bounded(
    s: &mut GameState,
    decision: Decision,
    max_laps: u64,
) -> Result<bool, RuleError> {
    let mut rec = quiet_recorder(max_laps);
    apply_quiet_into(s, decision, &mut rec)?;
    Ok(!rec.cut_short)
}

/// A recorder that keeps no events and gives up a move after `lap_limit` laps, for
/// the quiet ways of applying. It is never dropped: with recording off its event list
/// never allocates, so there is nothing to free, and every quiet move is spared the
/// drop's look at the list (about 9 instructions a move).
#[inline(always)]
fn quiet_recorder(lap_limit: u64) -> ManuallyDrop<Recorder> {
    let mut rec = Recorder::new(false);
    rec.lap_limit = lap_limit;
    ManuallyDrop::new(rec)
}

/// Applies a decision without events (`rec` is off): the turn starts, Nsolo's strips
/// and Omweso's directions on their own quiet way, anything else as [`apply`] does.
#[inline(always)]
fn apply_quiet_into(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    let done = match play_quiet(s, &d, rec) {
        Some(done) => done,
        None => apply_into(s, d, rec),
    };
    debug_assert!(
        rec.events.capacity() == 0,
        "a quiet recorder holds no events"
    );
    done
}

/// A move under way: its sowing and its game's rules for the course of a move.
#[allow(clippy::large_enum_variant)] // one lives on the stack for one move
enum Flight {
    Omweso(OmwesoFlight),
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

/// Checks a decision and carries it out if it sows nothing; returns `Ok(false)` for
/// a sowing decision (a turn start, or a direction that resumes a turn), which the
/// caller plays on a [`Flight`].
fn settle(s: &mut GameState, d: &Decision, rec: &mut Recorder) -> Result<bool, RuleError> {
    // Anywoli's moves are checked by playing them (a never-ending one is illegal).
    let anywoli_sow = s.game == Game::Anywoli
        && matches!(s.pending, Pending::Turn)
        && matches!(d, Decision::Sow(_));
    if anywoli_sow {
        let me = s.to_decide;
        if anywoli::start_slot(s, me, d).is_none() {
            return Err(RuleError::Illegal(format!(
                "{} is not a pit of {me}'s row holding seeds",
                super::shorten(&super::notation::to_text(d))
            )));
        }
    } else {
        check(s, d)?;
    }
    s.changed();
    let me = s.to_decide;
    match d {
        Decision::Resign => finish_game(s, win(me.opponent(), 0, EndReason::Resigned), rec),
        Decision::TimeOut => finish_game(s, win(me.opponent(), 1, EndReason::TimeOut), rec),
        Decision::NextGame => omweso::next_game(s, rec),
        Decision::Arrange(rows) => omweso::arrange(s, rows.clone(), rec),
        Decision::Strip(_) | Decision::EndStrip => relay::strip(s, d, rec),
        Decision::OpeningThree(_) => omweso::play_opening_three(s, d, rec),
        Decision::Sow(_) | Decision::Reverse(_) | Decision::Direction(_) => return Ok(false),
    }
    Ok(true)
}

/// Starts a checked sowing decision on a copy of the seeds. `Err` carries the
/// recorder back when the direction chosen proves the move never ends (then the
/// game is already over).
fn take_off(s: &mut GameState, d: &Decision, rec: Recorder) -> Result<Flight, Recorder> {
    let me = s.to_decide;
    Ok(match (d, s.game) {
        (Decision::Direction(dir), _) => match omweso::resume(s, *dir, rec) {
            Ok(f) => Flight::Omweso(f),
            Err((laps, turn_start, mut rec)) => {
                omweso::never_ending(s, laps, *turn_start, &mut rec);
                return Err(rec);
            }
        },
        (_, Game::Omweso) => Flight::Omweso(omweso::begin(s, d, rec)),
        (_, Game::Anywoli) => {
            let slot = anywoli::start_slot(s, me, d).expect("checked");
            Flight::Anywoli(anywoli::begin(s, me, slot, rec), AnywoliMove::default())
        }
        _ => Flight::Relay(relay::begin(s, d, rec)),
    })
}

/// Carries out what a finished flight came to; hands its recorder back. An Anywoli
/// move that never ends is refused (the state is unchanged).
fn land(
    s: &mut GameState,
    flight: &mut Flight,
    end: MoveEnd,
    d: &Decision,
) -> Result<Recorder, (RuleError, Recorder)> {
    Ok(match flight {
        Flight::Omweso(f) => omweso::finish(s, f, end),
        Flight::Anywoli(sowing, rules) => {
            if end == MoveEnd::NeverEnding {
                let rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
                return Err((never_ends(d), rec));
            }
            anywoli_finish(s, sowing, rules)
        }
        Flight::Relay(sowing) => with_rules!(s.game, R => relay::finish::<R>(s, sowing, end)),
    })
}

/// The decisions played without events on their own way (search, playouts,
/// [`apply_quiet`]): a turn start of any game, Nsolo's strips and Omweso's chosen
/// direction. `None` for any other decision, or an illegal one, which [`apply_into`]
/// then plays (or refuses with its message).
#[inline(always)]
fn play_quiet(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> Option<Result<(), RuleError>> {
    // Omweso's turn starts without events: straight on the two circuits.
    if s.game == Game::Omweso
        && matches!(s.pending, Pending::Turn)
        && matches!(d, Decision::Sow(_) | Decision::Reverse(_))
        && let Some(slot) = omweso::legal_start_slot(s, d)
    {
        let reverse = matches!(d, Decision::Reverse(_));
        omweso::play_quiet(s, slot, reverse, rec);
        return Some(Ok(()));
    }
    // Anywoli's turn starts without events: on the circuit held apart.
    if s.game == Game::Anywoli
        && matches!(s.pending, Pending::Turn)
        && let Some(slot) = anywoli::start_slot(s, s.to_decide, d)
    {
        s.changed();
        return Some(if anywoli::play_quiet(s, slot, rec) {
            Ok(())
        } else {
            Err(never_ends(d))
        });
    }
    // The relay games' turn starts without events: on the mover's circuit held apart.
    if matches!(s.game, Game::Nsolo | Game::Hawalis | Game::BaoKigogo)
        && matches!(s.pending, Pending::Turn)
        && with_rules!(s.game, R => relay::play_quiet_if_legal::<R>(s, d, rec))
    {
        return Some(Ok(()));
    }
    // Nsolo's strips without events.
    if relay::strip_if_legal(s, d, rec) {
        return Some(Ok(()));
    }
    if let (Pending::Direction(_), Decision::Direction(dir)) = (&s.pending, d) {
        omweso::resume_quiet(s, *dir, rec);
        return Some(Ok(()));
    }
    None
}

/// Applies a decision the general way: checked, then settled or flown (events when
/// `rec` is on). [`apply_quiet_into`] comes here for what [`play_quiet`] leaves.
fn apply_into(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    if settle(s, &d, rec)? {
        return Ok(());
    }
    let mark = rec.events.len();
    let taken = std::mem::replace(rec, Recorder::new(false));
    // Each kind of move on its own local, so that nothing large is moved about.
    let (end, back) = match (&d, s.game) {
        (Decision::Direction(_), _) | (_, Game::Omweso) => {
            let mut f = match &d {
                Decision::Direction(dir) => match omweso::resume(s, *dir, taken) {
                    Ok(f) => f,
                    Err((laps, turn_start, mut back)) => {
                        omweso::never_ending(s, laps, *turn_start, &mut back);
                        *rec = back;
                        return Ok(());
                    }
                },
                _ => omweso::begin(s, &d, taken),
            };
            let limit = f.sowing.rec.lap_limit.saturating_sub(f.sowing.laps);
            let end = f.run(limit);
            if end == MoveEnd::Paused {
                (
                    end,
                    std::mem::replace(&mut f.sowing.rec, Recorder::new(false)),
                )
            } else {
                (end, omweso::finish(s, &mut f, end))
            }
        }
        (_, Game::Anywoli) => {
            let slot = anywoli::start_slot(s, s.to_decide, &d).expect("checked");
            let mut sowing = anywoli::begin(s, s.to_decide, slot, taken);
            let mut rules = AnywoliMove::default();
            let end = sowing.run(&mut rules, sowing.rec.lap_limit);
            match end {
                MoveEnd::Paused => (
                    end,
                    std::mem::replace(&mut sowing.rec, Recorder::new(false)),
                ),
                MoveEnd::NeverEnding => {
                    let mut back = std::mem::replace(&mut sowing.rec, Recorder::new(false));
                    back.events.truncate(mark);
                    *rec = back;
                    return Err(never_ends(&d));
                }
                _ => (end, anywoli_finish(s, &mut sowing, &rules)),
            }
        }
        _ => {
            let mut sowing = relay::begin(s, &d, taken);
            let end = sowing.run(&mut RelayUntilEmpty, sowing.rec.lap_limit);
            if end == MoveEnd::Paused {
                (
                    end,
                    std::mem::replace(&mut sowing.rec, Recorder::new(false)),
                )
            } else {
                let back = with_rules!(s.game, R => relay::finish::<R>(s, &mut sowing, end));
                (end, back)
            }
        }
    };
    *rec = back;
    if end == MoveEnd::Paused {
        // Search gave up on this move; nothing changes.
        rec.cut_short = true;
    }
    Ok(())
}

/// Anywoli's refusal of a move that never ends.
fn never_ends(d: &Decision) -> RuleError {
    RuleError::Illegal(format!(
        "the move from {} never ends",
        super::notation::to_text(d)
    ))
}

/// Carries out an Anywoli move that ended; hands its recorder back.
fn anywoli_finish(s: &mut GameState, sowing: &mut Sowing, rules: &AnywoliMove) -> Recorder {
    sowing.condense(0);
    s.seeds = sowing.seeds;
    s.changed();
    let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
    let turn = TurnDone {
        last_capturer: rules.last_capturer,
        extra_turn: rules.extra_turn,
        ..TurnDone::default()
    };
    let outcome = anywoli::Anywoli::end_of_turn(s, &turn, &mut rec);
    close_turn::<anywoli::Anywoli>(s, &mut rec, outcome, rules.extra_turn, rules.captured);
    rec
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
        let finished = |s: GameState, rec: Recorder, decision| LongMove {
            state: s.clone(),
            decision,
            flight: None,
            done: Some((Box::new(s), rec.events)),
            refused: None,
        };
        if settle(&mut s, &decision, &mut rec)? {
            return Ok(finished(s, rec, decision));
        }
        match take_off(&mut s, &decision, rec) {
            Ok(flight) => Ok(LongMove {
                state: s,
                decision,
                flight: Some(flight),
                done: None,
                refused: None,
            }),
            Err(rec) => Ok(finished(s, rec, decision)),
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
            let mut flight = self.flight.take().expect("under way");
            let mut s = self.state.clone();
            match land(&mut s, &mut flight, end, &self.decision) {
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
