//! The game being played, and the one path that changes it.
//!
//! Every change to [`CurrentGame`] arrives as a message: a game to start
//! ([`StartGame`]), a decision ([`DecisionMade`]), [`Undo`], [`Redo`], a past position
//! to look at ([`ViewPast`]) or a replay control ([`ReplayControl`]). One system,
//! [`apply_changes`], applies them in [`Flow::Decide`], in that order within a frame,
//! and says what happened: [`GameStarted`], [`Played`] (with the events queued on the
//! [`Animation`]) or [`Resync`] (the seeds jump to the new state). Nothing else
//! writes the rules state.
//!
//! A decision waits in the [`DecisionQueue`] while a turn is being shown, and is
//! played once the animation has finished: none is lost. While [`OnlyDecisions`] is
//! present (a lesson's step says what it asks for) any other decision is dropped with
//! its word. In online play the decisions made here go to the [`Outbox`] instead, and
//! the game server's accepted decisions arrive as [`DecisionMade`] too, to be played.

use super::long_moves::{LAPS_IN_FRAME, LongMoveWork, LongMoves, LongWork};
use crate::game::shared::{GameStarted, OnlyDecisions};
use crate::game::show::animation::{Animation, AnimationOrder};
use crate::game::show::seeds::Resync;
use crate::game::{CurrentGame, CurrentMode, Flow, Mode};
use crate::rules::{
    Decision, Event, GameRecord, GameState, LongMove, Player, Progress, apply_quiet,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::VecDeque;

pub use crate::game::shared::{DecidedAt, DecisionMade};
pub use crate::storage::Seat;

/// Who plays South and North.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    pub south: Seat,
    pub north: Seat,
}

impl Seats {
    /// Whether a player elsewhere (online) sits at this table: no hints then, since
    /// the computer's help is not offered to one side of a game between people.
    pub fn against_remote(self) -> bool {
        self.south == Seat::Remote || self.north == Seat::Remote
    }

    /// As written in a saved game (South, North); a remote player is saved as a
    /// person, since a saved game is played on at one place.
    pub fn to_saved(self) -> [Seat; 2] {
        let here = self.here();
        [here.south, here.north]
    }

    /// The seats for a game played here: a remote player becomes a person.
    pub fn here(self) -> Seats {
        let local = |s| match s {
            Seat::Remote => Seat::Person,
            s => s,
        };
        Seats {
            south: local(self.south),
            north: local(self.north),
        }
    }

    /// The seats of a saved game.
    pub fn from_saved([south, north]: [Seat; 2]) -> Seats {
        Seats { south, north }
    }

    /// The seat of a player.
    pub fn of(&self, p: Player) -> Seat {
        match p {
            Player::South => self.south,
            Player::North => self.north,
        }
    }
}

/// How a started game begins: afresh, from a saved record, watched, or as a step of
/// a lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum Begin {
    /// A new game: the history starts at this position.
    Fresh,
    /// A saved game played on: its record is the history so far.
    Resume(GameRecord),
    /// A saved game watched from its start (the state is the record's start).
    Watch(GameRecord),
    /// A step of a tutorial (see `tutorial.rs`).
    Lesson,
    /// A puzzle (see `ui/puzzles`).
    Puzzle,
}

/// Play `state` with `seats` from now on: rebuild the board and seeds, start the
/// history as `begin` says.
#[derive(Message, Clone, Debug)]
pub struct StartGame {
    pub state: GameState,
    pub seats: Seats,
    pub begin: Begin,
}

impl StartGame {
    /// A new game at `state`.
    pub fn fresh(state: GameState, seats: Seats) -> StartGame {
        StartGame {
            state,
            seats,
            begin: Begin::Fresh,
        }
    }
}

/// From now on these play South and North (chosen in the menu for the game going on).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetSeats(pub Seats);

/// Take back the last turn (a person's, with the computer's replies).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Undo;

/// Play again what was taken back.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Redo;

/// Look at the position after the first `n` decisions (read-only; 0 is the start), or
/// back at the game (`None`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewPast(pub Option<usize>);

/// The controls of a replay being watched.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// The next decision, shown move by move (`animate`) or at once.
    Forward { animate: bool },
    /// One decision back (the board jumps there).
    Back,
    /// Play on by itself, or pause.
    Playing(bool),
    /// Stop watching and play on from here.
    Stop,
}

/// A decision was applied: the state before it and the decision.
#[derive(Message, Clone, Debug)]
pub struct Played {
    pub before: GameState,
    pub decision: Decision,
}

/// Every decision since the game started, the state before each, and what was undone.
#[derive(Resource, Clone, Debug, Default)]
pub struct History {
    pub record: Option<GameRecord>,
    pub before: Vec<GameState>,
    pub redo: Vec<Decision>,
}

impl History {
    /// The history of a record: the state before each of its decisions.
    pub fn from_record(record: &GameRecord) -> History {
        let mut before = Vec::new();
        if let Ok(mut s) = record.start_state() {
            for d in &record.decisions {
                before.push(s.clone());
                if apply_quiet(&mut s, d.clone()).is_err() {
                    break;
                }
            }
        }
        History {
            record: Some(record.clone()),
            before,
            redo: Vec::new(),
        }
    }

    /// The last decision of the history and who made it (whoever was to decide
    /// before it); `None` at the start.
    pub fn last_move(&self) -> Option<(Player, Decision)> {
        let d = self.record.as_ref()?.decisions.last()?;
        Some((self.before.last()?.to_decide(), d.clone()))
    }

    /// A fresh history starting at `state`.
    pub fn starting_at(state: &GameState) -> History {
        let mut r = GameRecord::new(state.game(), *state.options());
        r.start = Some(state.clone());
        History {
            record: Some(r),
            before: Vec::new(),
            redo: Vec::new(),
        }
    }

    fn push(&mut self, before: GameState, d: Decision) {
        if let Some(r) = &mut self.record {
            r.decisions.push(d);
        }
        self.before.push(before);
    }
}

/// The past position being looked at in [`Mode::Viewing`] (after the first `n`
/// decisions).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

/// A saved game being watched in [`Mode::Watch`]: its decisions, how far it has got,
/// and whether it plays by itself.
#[derive(Resource, Clone, Debug, Default)]
pub struct Replay {
    pub decisions: Vec<Decision>,
    pub next: usize,
    pub playing: bool,
}

/// The last decision played and who played it, for the HUD.
#[derive(Resource, Clone, Debug, Default)]
pub struct LastMove(pub Option<(Player, Decision)>);

/// A short word that what was asked for is done ("Saved as ..."): shown for
/// [`Confirmation::SHOWN_S`] seconds, fading over the last of them (records.rs ages
/// it). A problem is a [`Notice`] instead, which stays.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Confirmation {
    pub text: Option<String>,
    /// Seconds since it was given.
    pub age_s: f32,
}

impl Confirmation {
    /// How long a confirmation shows.
    pub const SHOWN_S: f32 = 3.0;
    /// Over how much of that it fades.
    pub const FADE_S: f32 = 1.0;

    /// A new confirmation.
    pub fn say(&mut self, text: String) {
        *self = Confirmation {
            text: Some(text),
            age_s: 0.0,
        };
    }

    /// How visible it is now, 0 to 1.
    pub fn opacity(&self) -> f32 {
        ((Self::SHOWN_S - self.age_s) / Self::FADE_S).clamp(0.0, 1.0)
    }
}

/// A message for the player (an illegal click, say).
#[derive(Resource, Clone, Debug, Default)]
pub struct Notice(pub Option<String>);

/// Whether moves may be taken back at all here (a kiosk's configuration may say no).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoPolicy(pub bool);

impl Default for UndoPolicy {
    fn default() -> Self {
        UndoPolicy(true)
    }
}

/// Whether moves may be taken back now: the game's mode and the place allow it.
pub fn undo_allowed(game: &GameState, policy: UndoPolicy) -> bool {
    game.options().undo_allowed() && policy.0
}

/// Decisions waiting to be played, oldest first: they wait while a turn is shown.
#[derive(Resource, Clone, Debug, Default)]
pub struct DecisionQueue(pub VecDeque<Decision>);

/// Whether a person may decide now: no animation, the game going on, a person's turn.
/// (Systems that ask run only in the modes where anyone decides, [`crate::game::Deciding`].)
pub fn person_to_decide(game: &GameState, seats: &Seats, anim: &Animation) -> bool {
    !anim.busy() && !game.is_over() && seats.of(game.to_decide()) == Seat::Person
}

/// The session plugin: its resources, messages and the one write path.
pub fn plugin(app: &mut App) {
    app.add_message::<StartGame>()
        .add_message::<DecisionMade>()
        .add_message::<Undo>()
        .add_message::<Redo>()
        .add_message::<ViewPast>()
        .add_message::<ReplayControl>()
        .add_message::<SetSeats>()
        .add_message::<GameStarted>()
        .add_message::<Played>()
        .init_resource::<Seats>()
        .init_resource::<History>()
        .init_resource::<Viewing>()
        .init_resource::<Replay>()
        .init_resource::<LastMove>()
        .init_resource::<Notice>()
        .init_resource::<Confirmation>()
        .init_resource::<UndoPolicy>()
        .init_resource::<DecisionQueue>()
        .init_resource::<Outbox>()
        .init_resource::<LongMoves>()
        .init_resource::<LongMoveWork>()
        .add_systems(
            Update,
            (queue_decisions, apply_changes)
                .chain()
                .in_set(Flow::Decide),
        );
}

/// Most decisions kept waiting (a runaway source cannot fill the memory).
const QUEUE_LIMIT: usize = 64;

/// Where the decisions made on this machine go: to the rules here (the
/// [`DecisionQueue`]), or, while `sending` (online play), into `decisions` for a game
/// server, which decides whether they are played and sends back those it accepts;
/// the online plugin queues those.
#[derive(Resource, Clone, Debug, Default)]
pub struct Outbox {
    pub sending: bool,
    pub decisions: Vec<Decision>,
}

/// Decisions join the queue, or in online play, those made here go to the [`Outbox`]
/// (the server's accepted ones join the queue); while a past position is viewed they
/// are refused, with a word to say why.
fn queue_decisions(
    mut decisions: MessageReader<DecisionMade>,
    mut queue: ResMut<DecisionQueue>,
    mut outbox: ResMut<Outbox>,
    mut notice: ResMut<Notice>,
    mode: CurrentMode,
    tr: Res<crate::game::shared::Tr>,
) {
    let viewing = mode.get() == Some(Mode::Viewing);
    for DecisionMade { decision: d, at } in decisions.read() {
        if viewing && *at == DecidedAt::Here {
            notice.0 = Some(tr.t("notice-viewing_past").into());
        } else if outbox.sending && *at == DecidedAt::Here {
            outbox.decisions.push(d.clone());
        } else if queue.0.len() >= QUEUE_LIMIT {
            notice.0 = Some(tr.f("notice-too_many_moves", &[("move", d)]));
        } else {
            queue.0.push_back(d.clone());
        }
    }
}

/// The messages that ask for a change.
#[derive(SystemParam)]
pub struct ChangeRequests<'w, 's> {
    starts: MessageReader<'w, 's, StartGame>,
    undos: MessageReader<'w, 's, Undo>,
    redos: MessageReader<'w, 's, Redo>,
    views: MessageReader<'w, 's, ViewPast>,
    replay: MessageReader<'w, 's, ReplayControl>,
    seats: MessageReader<'w, 's, SetSeats>,
}

/// The game and what goes with it, as the write path changes them. The animation is
/// only read: the write path sends it [`AnimationOrder`]s.
#[derive(SystemParam)]
pub struct Session<'w, 's> {
    pub game: ResMut<'w, CurrentGame>,
    pub seats: ResMut<'w, Seats>,
    pub history: ResMut<'w, History>,
    pub replay: ResMut<'w, Replay>,
    pub viewing: ResMut<'w, Viewing>,
    pub last: ResMut<'w, LastMove>,
    pub notice: ResMut<'w, Notice>,
    pub queue: ResMut<'w, DecisionQueue>,
    /// A lesson's step: only these decisions are played.
    only: Option<Res<'w, OnlyDecisions>>,
    anim: Res<'w, Animation>,
    to_animation: MessageWriter<'w, AnimationOrder>,
    /// Whether the animation is busy once this frame's orders are carried out, once
    /// one has been sent (they are carried out later in the frame).
    busy_after_orders: Local<'s, Option<bool>>,
    pub policy: Res<'w, UndoPolicy>,
    pub mode: CurrentMode<'w>,
    pub next_mode: ResMut<'w, NextState<Mode>>,
    pub work: ResMut<'w, LongMoveWork>,
    pub long_moves: Res<'w, LongMoves>,
}

impl Session<'_, '_> {
    /// Whether the animation is busy, counting the orders sent this frame.
    fn animating(&self) -> bool {
        self.busy_after_orders.unwrap_or_else(|| self.anim.busy())
    }

    /// Has the animation show a decision's events.
    fn show(&mut self, before: crate::rules::Tableau, events: Vec<Event>) {
        *self.busy_after_orders = Some(self.animating() || !events.is_empty());
        self.to_animation
            .write(AnimationOrder::Show { before, events });
    }

    /// Has the animation drop everything it was showing.
    fn stop_animation(&mut self) {
        *self.busy_after_orders = Some(false);
        self.to_animation.write(AnimationOrder::Stop);
    }
}

/// What the write path says happened.
#[derive(SystemParam)]
pub struct ChangeReports<'w> {
    started: MessageWriter<'w, GameStarted>,
    played: MessageWriter<'w, Played>,
    resync: MessageWriter<'w, Resync>,
}

/// The one system that changes the game: starts, undo and redo, viewing, replay
/// controls, then the queued decisions (one turn at a time, each shown before the
/// next is played).
pub fn apply_changes(
    mut asked: ChangeRequests,
    mut s: Session,
    mut out: ChangeReports,
    tr: Res<crate::game::shared::Tr>,
) {
    // Last frame's orders have been carried out: the animation's own word counts.
    *s.busy_after_orders = None;
    for start in asked.starts.read() {
        begin(&mut s, start.clone());
        out.started.write(GameStarted);
        out.resync.write(Resync);
    }
    for SetSeats(seats) in asked.seats.read() {
        s.seats.set_if_neq(*seats);
    }
    let mode = s.mode.get();
    take_back_or_redo(&mut asked, &mut s, &mut out, (*tr, mode));
    view_past(&mut asked, &mut s, &mut out, mode);
    control_replay(&mut asked, &mut s, &mut out, mode);
    work_out_long_move(&mut s, &mut out, (*tr, mode));
    play_queued(&mut s, &mut out, mode);
}

/// Undo and redo, where the game allows them and nothing is moving or being worked
/// out; a refusal says why.
fn take_back_or_redo(
    asked: &mut ChangeRequests,
    s: &mut Session,
    out: &mut ChangeReports,
    (tr, mode): (crate::game::shared::Tr, Option<Mode>),
) {
    for _ in asked.undos.read() {
        if !undo_allowed(&s.game.0, *s.policy) {
            s.notice.0 = Some(tr.t("notice-no_take_backs").into());
        } else if !s.animating() && s.work.0.is_none() && mode == Some(Mode::Play) {
            if undo(s) {
                out.resync.write(Resync);
            } else {
                s.notice.0 = Some(tr.t("notice-nothing_to_undo").into());
            }
        }
    }
    for _ in asked.redos.read() {
        if undo_allowed(&s.game.0, *s.policy)
            && !s.animating()
            && mode == Some(Mode::Play)
            && redo(s)
        {
            out.resync.write(Resync);
        }
    }
}

/// A past position shown (while playing or already viewing), or back to the game.
fn view_past(
    asked: &mut ChangeRequests,
    s: &mut Session,
    out: &mut ChangeReports,
    mode: Option<Mode>,
) {
    for ViewPast(n) in asked.views.read() {
        match n {
            Some(n) if mode == Some(Mode::Play) || mode == Some(Mode::Viewing) => {
                s.viewing.0 = Some(*n);
                s.queue.0.clear();
                NextState::set_if_neq(&mut s.next_mode, Mode::Viewing);
            }
            Some(_) => {}
            None => {
                if s.viewing.0.take().is_some() {
                    out.resync.write(Resync);
                }
                if mode == Some(Mode::Viewing) {
                    s.next_mode.set(Mode::Play);
                }
            }
        }
    }
}

/// A watched game's replay: a step forward (played out or at once), back, play or
/// pause, stop.
fn control_replay(
    asked: &mut ChangeRequests,
    s: &mut Session,
    out: &mut ChangeReports,
    mode: Option<Mode>,
) {
    for control in asked.replay.read() {
        if mode != Some(Mode::Watch) {
            continue;
        }
        match *control {
            ReplayControl::Forward { animate: true } => {
                if let Some(d) = s.replay.decisions.get(s.replay.next).cloned() {
                    s.replay.next += 1;
                    s.queue.0.push_back(d);
                } else {
                    s.replay.playing = false;
                }
            }
            ReplayControl::Forward { animate: false } => {
                if s.animating() {
                    continue;
                }
                if let Some(d) = s.replay.decisions.get(s.replay.next).cloned() {
                    let before = s.game.0.clone();
                    if apply_quiet(&mut s.game.0, d.clone()).is_ok() {
                        s.replay.next += 1;
                        s.history.push(before, d);
                        s.last.0 = s.history.last_move();
                        out.resync.write(Resync);
                    }
                }
            }
            ReplayControl::Back => {
                if s.animating() {
                    continue;
                }
                let n = s.replay.next.saturating_sub(1);
                if let Some(state) = s.history.before.get(n).cloned() {
                    s.game.0 = state;
                    s.replay.next = n;
                    s.replay.playing = false;
                    s.history.before.truncate(n);
                    if let Some(r) = &mut s.history.record {
                        r.decisions.truncate(n);
                    }
                    s.last.0 = s.history.last_move();
                    out.resync.write(Resync);
                }
            }
            ReplayControl::Playing(on) => s.replay.playing = on,
            ReplayControl::Stop => {
                *s.replay = Replay::default();
                s.next_mode.set(Mode::Play);
            }
        }
    }
}

/// A long move being worked out off the frame: its result once it has one, else its
/// progress in the notice.
fn work_out_long_move(
    s: &mut Session,
    out: &mut ChangeReports,
    (tr, mode): (crate::game::shared::Tr, Option<Mode>),
) {
    if let Some(work) = &mut s.work.0 {
        match work.poll() {
            Some(result) => {
                let Some(LongWork {
                    before,
                    who,
                    decision,
                    ..
                }) = s.work.0.take()
                else {
                    return;
                };
                finish(s, out, mode, (before, who, decision), result);
            }
            None => {
                let millions = work.laps_checked() / 1_000_000;
                let line = tr.f("notice-long_move", &[("n", &millions)]);
                if s.notice.0.as_ref() != Some(&line) {
                    s.notice.0 = Some(line);
                }
            }
        }
    }
}

/// The queued decisions: one at a time, each once the previous turn has been shown; a
/// move too long for a frame goes on off the frame, its pit marked meanwhile.
fn play_queued(s: &mut Session, out: &mut ChangeReports, mode: Option<Mode>) {
    while !s.animating() && s.work.0.is_none() {
        let Some(d) = s.queue.0.pop_front() else {
            break;
        };
        if let Some(only) = s.only.as_ref().filter(|o| !o.these.contains(&d)) {
            s.notice.0 = Some(only.otherwise.clone());
            continue;
        }
        let who = s.game.0.to_decide();
        let before = s.game.0.clone();
        let mut long = match LongMove::new(&before, d.clone()) {
            Ok(long) => long,
            Err(e) => {
                s.notice.0 = Some(e.to_string());
                continue;
            }
        };
        match long.advance(LAPS_IN_FRAME) {
            Progress::Running { laps_checked } => {
                // Too long for a frame: off the frame, with the pit marked meanwhile.
                s.to_animation.write(AnimationOrder::Mark(d.start_pit()));
                s.work.0 = Some(LongWork::start(
                    (before, who, d),
                    long,
                    laps_checked,
                    s.long_moves.sliced,
                ));
            }
            result => finish(s, out, mode, (before, who, d), result),
        }
    }
}

/// A decision worked out: the new state, its events to the animation, the history,
/// what was played; or why it could not be.
fn finish(
    s: &mut Session,
    out: &mut ChangeReports,
    mode: Option<Mode>,
    (before, who, d): (GameState, Player, Decision),
    result: Progress,
) {
    let (after, events): (GameState, Vec<Event>) = match result {
        Progress::Done(after, events) => (*after, events),
        Progress::Refused(e) => {
            s.notice.0 = Some(e.to_string());
            return;
        }
        Progress::Running { .. } => return,
    };
    s.game.0 = after;
    s.show(before.seeds().clone(), events);
    if mode != Some(Mode::Watch) {
        s.history.redo.clear();
    }
    s.history.push(before.clone(), d.clone());
    s.last.0 = Some((who, d.clone()));
    s.notice.0 = None;
    out.played.write(Played {
        before,
        decision: d,
    });
}

/// Puts a new game on the board.
fn begin(s: &mut Session, start: StartGame) {
    let StartGame {
        state,
        seats,
        begin,
    } = start;
    *s.seats = seats;
    s.stop_animation();
    s.last.0 = None;
    s.notice.0 = None;
    s.queue.0.clear();
    // A move still being worked out belongs to the old game (its task is dropped).
    s.work.0 = None;
    s.viewing.0 = None;
    *s.replay = Replay::default();
    let mode = match begin {
        Begin::Fresh | Begin::Lesson | Begin::Puzzle => {
            *s.history = History::starting_at(&state);
            match begin {
                Begin::Lesson => Mode::Lesson,
                Begin::Puzzle => Mode::Puzzle,
                _ => Mode::Play,
            }
        }
        Begin::Resume(record) => {
            *s.history = History::from_record(&record);
            Mode::Play
        }
        Begin::Watch(record) => {
            let mut start = record.clone();
            start.decisions.clear();
            *s.history = History::from_record(&start);
            *s.replay = Replay {
                decisions: record.decisions,
                next: 0,
                playing: true,
            };
            Mode::Watch
        }
    };
    s.game.0 = state;
    // A resumed game's last move is its record's.
    s.last.0 = s.history.last_move();
    NextState::set_if_neq(&mut s.next_mode, mode);
}

/// Back to the last position where a person decided (the computer's replies go with
/// the person's turn). Whether anything was taken back.
fn undo(s: &mut Session) -> bool {
    let mut target = None;
    while let Some(prev) = s.history.before.pop() {
        if let Some(d) = s.history.record.as_mut().and_then(|r| r.decisions.pop()) {
            s.history.redo.push(d);
        }
        let person = s.seats.of(prev.to_decide()) == Seat::Person;
        target = Some(prev);
        if person {
            break;
        }
    }
    let Some(t) = target else { return false };
    restore(s, t);
    true
}

/// Forward to the next decision of a person (the computer's replies included).
fn redo(s: &mut Session) -> bool {
    if s.history.redo.is_empty() {
        return false;
    }
    let mut state = s.game.0.clone();
    while let Some(d) = s.history.redo.pop() {
        let before = state.clone();
        if apply_quiet(&mut state, d.clone()).is_err() {
            s.history.redo.clear();
            break;
        }
        s.history.push(before, d);
        if state.is_over() || s.seats.of(state.to_decide()) == Seat::Person {
            break;
        }
    }
    restore(s, state);
    true
}

fn restore(s: &mut Session, state: GameState) {
    s.game.0 = state;
    s.stop_animation();
    s.queue.0.clear();
    s.last.0 = s.history.last_move();
}
