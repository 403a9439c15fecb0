//! Playing: the legal decisions, whether one is legal, applying one, and a long move
//! worked out in slices. This file only dispatches: each game's rules are its type
//! (see `variant.rs`), and closing a turn is `turn.rs`.

use super::event::win;
use super::sowing::{MoveEnd, Recorder};
use super::turn::finish_game;
use super::variant::Rules;
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
    /// The position key of `s`, a position of this game ([`Rules::position_key`]).
    #[inline]
    pub(crate) fn position_key(self, s: &GameState) -> u64 {
        with_rules!(self, R => R::position_key(s))
    }

    /// The rule flags of `s` after the player to decide, as bits from bit 0, and how
    /// many there are ([`Rules::key_flags`], [`Rules::KEY_FLAG_BITS`]).
    pub(crate) fn rule_flags(self, s: &GameState) -> (u64, u32) {
        with_rules!(self, R => (R::key_flags(s) >> 1, R::KEY_FLAG_BITS))
    }

    /// Whether the game is played as a match ([`Rules::MATCH`]).
    pub(crate) fn is_match(self) -> bool {
        with_rules!(self, R => R::MATCH)
    }

    /// Whether the players may arrange their seeds first ([`Rules::FREE_SET_UP`]).
    pub(crate) fn has_free_set_up(self) -> bool {
        with_rules!(self, R => R::FREE_SET_UP)
    }

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
        Pending::Strip { .. } | Pending::Arrange => {
            with_rules!(s.game, R => R::own_choices(s, out))
        }
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
    with_rules!(s.game, R => legal_in::<R>(s, d))
}

/// [`legal_now`] in game `R`.
fn legal_in<R: Rules>(s: &GameState, d: &Decision) -> Result<bool, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    Ok(match (&s.pending, d) {
        (_, Decision::Resign) => R::MAY_RESIGN,
        (Pending::NextGame(_), _) => matches!(d, Decision::NextGame),
        (_, Decision::TimeOut) => s.options.decision_time_limit().is_some(),
        (Pending::Turn, Decision::Sow(_) | Decision::Reverse(_) | Decision::OpeningThree(_)) => {
            R::is_legal_start(s, d)
        }
        (Pending::Direction(_), Decision::Direction(_)) => true,
        _ => R::is_legal_own(s, d)?,
    })
}

/// Refuses an illegal decision with a message saying why.
fn check<R: Rules>(s: &GameState, d: &Decision) -> Result<(), RuleError> {
    if legal_in::<R>(s, d)? {
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

/// Checks a decision and carries it out if it sows nothing; returns `Ok(false)` for
/// a sowing decision (a turn start, or a direction that resumes a turn), which the
/// caller then flies ([`Rules::take_off`]).
fn settle<R: Rules>(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> Result<bool, RuleError> {
    match R::precheck(s, d) {
        Some(checked) => checked?,
        None => check::<R>(s, d)?,
    }
    s.changed();
    let me = s.to_decide;
    match d {
        Decision::Resign => finish_game(s, win(me.opponent(), 0, EndReason::Resigned), rec),
        Decision::TimeOut => finish_game(s, win(me.opponent(), 1, EndReason::TimeOut), rec),
        Decision::Sow(_) | Decision::Reverse(_) | Decision::Direction(_) => return Ok(false),
        _ => R::settle_own(s, d, rec),
    }
    Ok(true)
}

/// The decisions played without events on their game's own way (search, playouts,
/// [`apply_quiet`]): a turn start of any game, Nsolo's strips and Omweso's chosen
/// direction. `None` for any other decision, or an illegal one, which [`apply_into`]
/// then plays (or refuses with its message).
#[inline(always)]
fn play_quiet(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> Option<Result<(), RuleError>> {
    with_rules!(s.game, R => R::play_quiet(s, d, rec))
}

/// Applies a decision the general way: checked, then settled or flown (events when
/// `rec` is on). [`apply_quiet_into`] comes here for what [`play_quiet`] leaves.
fn apply_into(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    with_rules!(s.game, R => apply_in::<R>(s, d, rec))
}

/// [`apply_into`] in game `R` (each game's move on a local of its own, so that
/// nothing large is moved about).
fn apply_in<R: Rules>(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    debug_assert_eq!(s.game, R::GAME, "the rules of the state's game");
    if settle::<R>(s, &d, rec)? {
        return Ok(());
    }
    let mark = rec.events.len();
    let lap_limit = rec.lap_limit;
    let taken = std::mem::replace(rec, Recorder::new(false));
    let mut flight = match R::take_off(s, &d, taken) {
        Ok(flight) => flight,
        Err(back) => {
            *rec = back;
            return Ok(());
        }
    };
    let left = lap_limit.saturating_sub(R::laps(&flight));
    let end = R::fly(&mut flight, left);
    if end == MoveEnd::Paused {
        // Search gave up on this move; nothing changes.
        *rec = R::take_recorder(&mut flight);
        rec.cut_short = true;
        return Ok(());
    }
    match R::land(s, &mut flight, end, &d) {
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
    if let Some(d) = with_rules!(s.game, R => R::random_decision(s, lot)) {
        return d;
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
    flight: Option<Box<dyn Flying>>,
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

/// A move under way in a [`LongMove`], whatever its game.
trait Flying: Send + Sync {
    /// Plays at most `max_laps` more laps.
    fn fly(&mut self, max_laps: u64) -> MoveEnd;
    /// Laps played so far in this turn.
    fn laps(&self) -> u64;
    /// Carries out what the finished move came to ([`Rules::land`]).
    fn land(
        &mut self,
        s: &mut GameState,
        end: MoveEnd,
        d: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)>;
}

/// A move of game `R` under way.
struct Flight<R: Rules>(R::Flight);

impl<R: Rules> Flying for Flight<R> {
    fn fly(&mut self, max_laps: u64) -> MoveEnd {
        R::fly(&mut self.0, max_laps)
    }
    fn laps(&self) -> u64 {
        R::laps(&self.0)
    }
    fn land(
        &mut self,
        s: &mut GameState,
        end: MoveEnd,
        d: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)> {
        R::land(s, &mut self.0, end, d)
    }
}

impl LongMove {
    /// Starts `decision` on a copy of `state`. An illegal decision is an error at once
    /// (an Anywoli move that never ends only when it is found to).
    pub fn new(state: &GameState, decision: Decision) -> Result<LongMove, RuleError> {
        with_rules!(state.game, R => LongMove::new_in::<R>(state, decision))
    }

    /// [`LongMove::new`] in game `R`.
    fn new_in<R: Rules>(state: &GameState, decision: Decision) -> Result<LongMove, RuleError> {
        let mut s = state.clone();
        let mut rec = Recorder::new(true);
        let finished = |s: GameState, rec: Recorder, decision| LongMove {
            state: s.clone(),
            decision,
            flight: None,
            done: Some((Box::new(s), rec.events)),
            refused: None,
        };
        if settle::<R>(&mut s, &decision, &mut rec)? {
            return Ok(finished(s, rec, decision));
        }
        match R::take_off(&mut s, &decision, rec) {
            Ok(flight) => Ok(LongMove {
                state: s,
                decision,
                flight: Some(Box::new(Flight::<R>(flight))),
                done: None,
                refused: None,
            }),
            Err(rec) => Ok(finished(s, rec, decision)),
        }
    }

    /// Plays at most `max_laps` more laps (at least one).
    pub fn advance(&mut self, max_laps: u64) -> Progress {
        if let Some(flight) = &mut self.flight {
            let end = flight.fly(max_laps.max(1));
            if end == MoveEnd::Paused {
                return Progress::Running {
                    laps_checked: flight.laps(),
                };
            }
            let mut flight = self.flight.take().expect("under way");
            let mut s = self.state.clone();
            match flight.land(&mut s, end, &self.decision) {
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
