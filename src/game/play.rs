//! The flow of play: decisions (from a person's input or the computer) are applied
//! to the rules state and their events queued for the animation.

use super::CurrentGame;
use super::animation::{Animation, Speed};
use super::seeds::Resync;
use crate::rules::{Decision, GameState, Lot, Player, apply, random_decision};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seat {
    #[default]
    Person,
    /// The computer (for now a random legal player; the AI replaces it).
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

/// The computer player: its level (`None`: random legal moves, for tests and
/// demonstrations), seeded draws, a short natural pause, and the search running off
/// the main thread so that it never freezes a frame.
#[derive(Resource)]
pub struct ComputerPlayer {
    pub level: Option<crate::ai::Level>,
    pub lot: Lot,
    pub pause: f32,
    waited: f32,
    thinking: Option<(GameState, Task<Option<Decision>>)>,
}

impl Default for ComputerPlayer {
    fn default() -> Self {
        ComputerPlayer {
            level: Some(crate::ai::Level::Player),
            lot: Lot(7),
            pause: 0.6,
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
    asked: Option<(GameState, Task<Option<Decision>>)>,
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

fn hints(mut asks: MessageReader<AskHint>, game: Res<CurrentGame>, mut hint: ResMut<Hint>) {
    if asks.read().count() > 0 && hint.asked.is_none() && !game.0.is_over() {
        let state = game.0.clone();
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { crate::ai::choose(&state, crate::ai::Level::Master, 1) });
        hint.asked = Some((game.0.clone(), task));
    }
    if let Some((at, task)) = &mut hint.asked
        && let Some(found) = block_on(poll_once(task))
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
    if let Some((for_state, task)) = &mut computer.thinking
        && let Some(found) = block_on(poll_once(task))
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
            let state = s.clone();
            let seed = lot.next_u64();
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { crate::ai::choose(&state, level, seed) });
            computer.thinking = Some((s.clone(), task));
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
