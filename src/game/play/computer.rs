//! The computer player and the hints: searches that never block a frame, whose
//! decisions go to the write path as [`DecisionMade`] like a person's.

use super::session::{DecisionMade, Seat, Seats};
use crate::game::show::animation::{Animation, Speed};
use crate::game::{CurrentGame, Deciding, Flow};
use crate::rules::{Decision, GameState, Lot, random_decision};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::time::Stopwatch;
use std::time::Duration;

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
    /// Time since it became the computer's turn.
    waited: Stopwatch,
    thinking: Option<(GameState, Thinking)>,
}

impl Default for ComputerPlayer {
    fn default() -> Self {
        ComputerPlayer {
            level: Some(crate::ai::Level::Player),
            lot: Lot(7),
            pause: 0.6,
            sliced: cfg!(target_arch = "wasm32"),
            waited: Stopwatch::new(),
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
    seats: Res<Seats>,
    mut hint: ResMut<Hint>,
) {
    let asked = asks.read().count() > 0;
    if asked && hint.asked.is_none() && !game.0.is_over() && !seats.against_remote() {
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

/// The computer plugin: it plays its seats and works out hints, while anyone decides.
pub fn plugin(app: &mut App) {
    app.add_message::<AskHint>()
        .init_resource::<Hint>()
        .init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (computer_decides, hints)
                .in_set(Flow::Input)
                .run_if(in_state(Deciding))
                .run_if(super::long_moves::no_move_in_progress),
        );
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
            out.write(DecisionMade::here(d));
        }
        return;
    }
    if computer.thinking.is_some() {
        return;
    }
    if anim.busy() || seats.of(s.to_decide()) != Seat::Computer {
        computer.waited.reset();
        return;
    }
    computer.waited.tick(time.delta());
    let pause = if *speed == Speed::Instant {
        0.0
    } else {
        computer.pause / speed.factor()
    };
    if computer.waited.elapsed_secs() < pause {
        return;
    }
    computer.waited.reset();
    let mut lot = computer.lot;
    match computer.level {
        None => {
            if let Some(d) = random_decision(s, &mut lot) {
                out.write(DecisionMade::here(d));
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
