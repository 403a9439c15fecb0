//! The flow of play: decisions (from a person's input or the computer) are applied
//! to the rules state and their events queued for the animation.

use super::CurrentGame;
use super::animation::{Animation, Speed};
use super::seeds::Resync;
use crate::rules::{Decision, GameState, Lot, Player, apply, random_decision};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use std::time::Duration;

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seat {
    #[default]
    Person,
    /// The computer ([`ComputerPlayer`]).
    Computer,
}

/// Who plays South and North.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    pub south: Seat,
    pub north: Seat,
    /// Nobody decides (a past position is being viewed, or a replay watched).
    pub paused: bool,
}

impl Seats {
    /// As written in a saved game (South, North).
    pub fn to_saved(self) -> [crate::storage::SeatKind; 2] {
        let kind = |s: Seat| match s {
            Seat::Person => crate::storage::SeatKind::Person,
            Seat::Computer => crate::storage::SeatKind::Computer,
        };
        [kind(self.south), kind(self.north)]
    }

    /// The seats of a saved game, not paused.
    pub fn from_saved(saved: [crate::storage::SeatKind; 2]) -> Seats {
        let seat = |k| match k {
            crate::storage::SeatKind::Person => Seat::Person,
            crate::storage::SeatKind::Computer => Seat::Computer,
        };
        Seats {
            south: seat(saved[0]),
            north: seat(saved[1]),
            paused: false,
        }
    }

    /// The seat of a player.
    pub fn of(&self, p: Player) -> Seat {
        match p {
            Player::South => self.south,
            Player::North => self.north,
        }
    }
}

/// A decision to play now (from input, the computer or a test).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DecisionMade(pub Decision);

/// Start the game in [`CurrentGame`] afresh: rebuild the board and seeds.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct StartGame;

/// Switches the screen to a new game: the rules state, the seats, a fresh history
/// (no replay), the board rebuilt, the game screen shown. Used wherever a game starts
/// other than from the menu (the kiosk, the tutorial).
#[derive(bevy::ecs::system::SystemParam)]
pub struct NewGame<'w> {
    pub current: ResMut<'w, CurrentGame>,
    pub seats: ResMut<'w, Seats>,
    pub computer: ResMut<'w, ComputerPlayer>,
    history: ResMut<'w, super::history::History>,
    replay: ResMut<'w, super::history::Replay>,
    start: MessageWriter<'w, StartGame>,
    pub next: ResMut<'w, NextState<super::AppState>>,
}

impl NewGame<'_> {
    /// Plays `state` with these seats.
    pub fn begin(&mut self, state: GameState, seats: Seats) {
        self.current.0 = state;
        *self.seats = seats;
        *self.history = Default::default();
        *self.replay = Default::default();
        self.start.write(StartGame);
        self.next.set(super::AppState::InGame);
    }
}

/// A decision was applied: the state before it and the decision (for the history).
#[derive(Message, Clone, Debug)]
pub struct Played {
    pub before: GameState,
    pub decision: Decision,
}

/// The last decision played and who played it, for the HUD.
#[derive(Resource, Clone, Debug, Default)]
pub struct LastMove(pub Option<(Player, Decision)>);

/// A message for the player (an illegal click, say).
#[derive(Resource, Clone, Debug, Default)]
pub struct Notice(pub Option<String>);

/// Search time spent in one frame when the search is time-sliced.
pub const SLICE: Duration = Duration::from_millis(8);

/// A search that never blocks a frame: on a background thread (desktop), or a slice
/// of at most [`SLICE`] each frame (the browser, which has no threads). Both find the
/// same decision for the same budget and seed.
pub enum Thinking {
    Background(Task<Option<Decision>>),
    Sliced(Box<crate::ai::Search>),
}

impl Thinking {
    /// Starts searching `s`.
    pub fn start(s: &GameState, budget: crate::ai::Budget, seed: u64, sliced: bool) -> Thinking {
        if sliced {
            Thinking::Sliced(Box::new(crate::ai::Search::new(s, budget, &mut Lot(seed))))
        } else {
            let state = s.clone();
            Thinking::Background(AsyncComputeTaskPool::get().spawn(async move {
                crate::ai::search(&state, budget, &mut Lot(seed)).map(|r| r.decision)
            }))
        }
    }

    /// Works on it for this frame; the decision once found (`Some(None)`: nothing to
    /// decide).
    pub fn poll(&mut self) -> Option<Option<Decision>> {
        match self {
            Thinking::Background(task) => block_on(poll_once(task)),
            Thinking::Sliced(search) => {
                let started = web_time::Instant::now();
                loop {
                    if let Some(found) = search.step(256) {
                        return Some(found.map(|r| r.decision));
                    }
                    if started.elapsed() >= SLICE {
                        return None;
                    }
                }
            }
        }
    }
}

/// The computer player: its level (`None`: random legal moves, for tests and
/// demonstrations), seeded draws, a short natural pause, and the search (which never
/// freezes a frame, see [`Thinking`]).
#[derive(Resource)]
pub struct ComputerPlayer {
    pub level: Option<crate::ai::Level>,
    pub lot: Lot,
    pub pause: f32,
    /// Search in slices on the main thread (always so in the browser).
    pub sliced: bool,
    waited: f32,
    thinking: Option<(GameState, Thinking)>,
}

impl Default for ComputerPlayer {
    fn default() -> Self {
        ComputerPlayer {
            level: Some(crate::ai::Level::Player),
            lot: Lot(7),
            pause: 0.6,
            sliced: cfg!(target_arch = "wasm32"),
            waited: 0.0,
            thinking: None,
        }
    }
}

impl ComputerPlayer {
    /// A computer of this level (`None`: random).
    pub fn with_level(level: Option<crate::ai::Level>) -> ComputerPlayer {
        ComputerPlayer {
            level,
            ..ComputerPlayer::default()
        }
    }

    /// Whether a search is running.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

/// A hint for the person to decide: the top level's choice, searched in the background.
#[derive(Resource, Default)]
pub struct Hint {
    /// The decision suggested for the position it was asked in.
    pub shown: Option<(GameState, Decision)>,
    asked: Option<(GameState, Thinking)>,
}

impl Hint {
    /// The suggestion, if it is for this position.
    pub fn for_state(&self, s: &GameState) -> Option<&Decision> {
        self.shown
            .as_ref()
            .filter(|(at, _)| at == s)
            .map(|(_, d)| d)
    }

    /// Whether a hint is being worked out.
    pub fn thinking(&self) -> bool {
        self.asked.is_some()
    }
}

/// Ask for a hint.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct AskHint;

fn hints(
    mut asks: MessageReader<AskHint>,
    game: Res<CurrentGame>,
    computer: Res<ComputerPlayer>,
    mut hint: ResMut<Hint>,
) {
    if asks.read().count() > 0 && hint.asked.is_none() && !game.0.is_over() {
        let budget = crate::ai::Level::Master.budget();
        let thinking = Thinking::start(&game.0, budget, 1, computer.sliced);
        hint.asked = Some((game.0.clone(), thinking));
    }
    if let Some((at, thinking)) = &mut hint.asked
        && let Some(found) = thinking.poll()
    {
        let at = at.clone();
        hint.asked = None;
        hint.shown = found.map(|d| (at, d));
    }
}

/// The play plugin.
pub fn plugin(app: &mut App) {
    app.add_message::<DecisionMade>()
        .add_message::<Played>()
        .add_message::<AskHint>()
        .init_resource::<Hint>()
        .add_message::<StartGame>()
        .init_resource::<Seats>()
        .init_resource::<LastMove>()
        .init_resource::<Notice>()
        .init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (computer_decides, play_decisions, hints)
                .chain()
                .in_set(super::Flow::Decide),
        )
        .add_systems(PostUpdate, start_game.run_if(on_message::<StartGame>));
}

/// Whether a person may decide now: no animation, game going on, a person's turn.
pub fn person_to_decide(game: &GameState, seats: &Seats, anim: &Animation) -> bool {
    !anim.busy() && !seats.paused && !game.is_over() && seats.of(game.to_decide()) == Seat::Person
}

#[allow(clippy::too_many_arguments)]
fn play_decisions(
    mut decisions: MessageReader<DecisionMade>,
    mut game: ResMut<CurrentGame>,
    mut anim: ResMut<Animation>,
    mut last: ResMut<LastMove>,
    mut notice: ResMut<Notice>,
    mut draft: ResMut<super::input::ArrangeDraft>,
    mut played: MessageWriter<Played>,
    mut tutorial: Option<ResMut<super::tutorial::TutorialRun>>,
    tr: Res<super::language::Tr>,
) {
    for DecisionMade(d) in decisions.read() {
        if anim.busy() {
            continue; // input waits while a turn is shown
        }
        if !super::tutorial::gate(tutorial.as_deref_mut(), d, &mut notice, *tr) {
            continue;
        }
        let who = game.0.to_decide();
        let before = game.0.clone();
        match apply(&mut game.0, d.clone()) {
            Ok(events) => {
                anim.push(before.seeds().clone(), events);
                played.write(Played {
                    before,
                    decision: d.clone(),
                });
                last.0 = Some((who, d.clone()));
                notice.0 = None;
                *draft = Default::default();
            }
            Err(e) => notice.0 = Some(e.to_string()),
        }
    }
}

fn computer_decides(
    time: Res<Time>,
    speed: Res<Speed>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    anim: Res<Animation>,
    mut computer: ResMut<ComputerPlayer>,
    mut out: MessageWriter<DecisionMade>,
) {
    let s = &game.0;
    // A finished search: play it if the game is still where it started.
    if let Some((for_state, thinking)) = &mut computer.thinking
        && let Some(found) = thinking.poll()
    {
        let still = for_state == s;
        computer.thinking = None;
        if still && let Some(d) = found {
            out.write(DecisionMade(d));
        }
        return;
    }
    if computer.thinking.is_some() {
        return;
    }
    if anim.busy() || seats.paused || seats.of(s.to_decide()) != Seat::Computer {
        computer.waited = 0.0;
        return;
    }
    computer.waited += time.delta_secs();
    let pause = if *speed == Speed::Instant {
        0.0
    } else {
        computer.pause / speed.factor()
    };
    if computer.waited < pause {
        return;
    }
    computer.waited = 0.0;
    let mut lot = computer.lot;
    match computer.level {
        None => {
            if let Some(d) = random_decision(s, &mut lot) {
                out.write(DecisionMade(d));
            }
        }
        Some(level) => {
            let seed = lot.next_u64();
            let thinking = Thinking::start(s, level.budget(), seed, computer.sliced);
            computer.thinking = Some((s.clone(), thinking));
        }
    }
    computer.lot = lot;
}

/// Rebuilds the board and seeds for the game in [`CurrentGame`] (on [`StartGame`]).
pub fn start_game(
    mut anim: ResMut<Animation>,
    mut last: ResMut<LastMove>,
    mut notice: ResMut<Notice>,
    mut draft: ResMut<super::input::ArrangeDraft>,
    mut resync: MessageWriter<Resync>,
) {
    *draft = Default::default();
    *anim = Animation::default();
    last.0 = None;
    notice.0 = None;
    resync.write(Resync);
}
