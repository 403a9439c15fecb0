//! The game review in play: the analysis of the game on the board ([`crate::ai::review`])
//! worked out off the frame, the moment selected (its position shown on the board),
//! "play from here", and the review kept with the game so that reopening it is
//! instant. The screen is `ui/hud/review_panel.rs`; the kiosk's short guided review
//! (the three moments that decided the game) is the same screen with `guided` set.
//!
//! Analysis never blocks a frame: on the desktop it runs on a task that hands each
//! decision's verdict over as it is found; in the browser (no threads) it is worked
//! in slices of at most [`super::computer::SLICE`] a frame. Both give the same
//! review, since budgets count positions ([`crate::ai::review::REVIEW_POSITIONS`]).

use super::computer::SLICE;
use super::session::{Begin, History, ReplayControl, Seat, Seats, StartGame, ViewPast, Viewing};
use crate::ai::review::{Moment, REVIEW_POSITIONS, Review, SavedReview, Worked};
use crate::game::shared::GameStarted;
use crate::game::shared::{PlayMarks, pit_of};
use crate::game::{AppState, CurrentMode, Flow, Mode};
use crate::rules::{GameRecord, GameState};
use crate::storage::SavedGame;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Open the review of the game on the board (it is worked out if need be).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenReview {
    /// The kiosk's short guided review: the three moments that decided the game.
    pub guided: bool,
}

/// Close the review screen; the board shows the game again.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CloseReview;

/// Show decision `n` (from 0) of the review: the position before it on the board,
/// with the pit played and the pit that was best.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectMoment(pub usize);

/// Start a new game from the position before the selected decision: against the
/// computer (the player to decide there is the person) or two people.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayFromHere {
    pub against_computer: bool,
}

/// A review finished (for the files plugin, which keeps it with a saved game).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ReviewFinished;

/// The review of the game on the board: what is known so far, what is selected, and
/// the analysis still going on.
#[derive(Resource)]
pub struct GameReview {
    /// Whether the review screen is open.
    pub open: bool,
    /// The kiosk's guided review of three moments rather than the whole game.
    pub guided: bool,
    /// The record reviewed.
    pub record: Option<GameRecord>,
    /// One entry a decision, in order, as far as the analysis has got.
    pub moments: Vec<Moment>,
    /// The selected decision (from 0): its position is on the board.
    pub selected: Option<usize>,
    /// Why the analysis stopped short (an illegal record).
    pub error: Option<String>,
    /// Positions searched for each position (tests use fewer).
    pub nodes: u64,
    analysis: Option<Analysis>,
}

impl Default for GameReview {
    fn default() -> Self {
        GameReview {
            open: false,
            guided: false,
            record: None,
            moments: Vec::new(),
            selected: None,
            error: None,
            nodes: REVIEW_POSITIONS,
            analysis: None,
        }
    }
}

impl GameReview {
    /// Decisions reviewed so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        let total = self.record.as_ref().map_or(0, |r| r.decisions.len());
        (self.moments.len(), total)
    }

    /// Whether every decision has its verdict.
    pub fn finished(&self) -> bool {
        let (done, total) = self.progress();
        self.record.is_some() && done == total
    }

    /// The selected decision's verdict, once it is known.
    pub fn selected_moment(&self) -> Option<&Moment> {
        self.moments.get(self.selected?)
    }

    /// The review as a saved game keeps it, once finished.
    pub fn saved(&self) -> Option<SavedReview> {
        self.finished().then(|| SavedReview {
            nodes: self.nodes,
            moments: self.moments.clone(),
        })
    }

    /// The review for a saved game of `record`: this one, if it is finished and of
    /// that record.
    pub fn saved_for(&self, record: &GameRecord) -> Option<SavedReview> {
        self.saved()
            .filter(|_| self.record.as_ref() == Some(record))
    }

    /// Keeps a saved game's review for its record, so that opening it is instant
    /// (the menu calls this as it loads the game; a review that does not fit the
    /// record is not kept).
    pub fn keep_saved(&mut self, record: &GameRecord, saved: Option<&SavedReview>) {
        let Some(saved) = saved.filter(|s| s.fits(record)) else {
            return;
        };
        *self = GameReview {
            record: Some(record.clone()),
            moments: saved.moments.clone(),
            nodes: saved.nodes,
            ..GameReview::default()
        };
    }

    /// The decisions offered in the guided review: the three that gave up the most
    /// (see [`crate::ai::review::deciding_moments`]).
    pub fn guided_moments(&self) -> Vec<usize> {
        crate::ai::review::deciding_moments(&self.moments, 3)
    }

    /// The decisions the screen steps through: all, or the guided ones.
    pub fn steps(&self) -> Vec<usize> {
        if self.guided {
            self.guided_moments()
        } else {
            (0..self.moments.len()).collect()
        }
    }
}

/// An analysis going on: a task sending each verdict (desktop), or the review
/// worked a slice at a time on the main thread (the browser).
enum Analysis {
    Background {
        /// Kept so that the task lives as long as the analysis (dropping it cancels).
        _task: Task<()>,
        verdicts: Mutex<Receiver<Result<Moment, String>>>,
    },
    Sliced(Box<Review>),
}

impl Analysis {
    fn start(review: Review, sliced: bool) -> Analysis {
        if sliced {
            return Analysis::Sliced(Box::new(review));
        }
        let (send, verdicts) = channel();
        let mut review = review;
        let task = AsyncComputeTaskPool::get().spawn(async move {
            while let Some(verdict) = review.step() {
                let failed = verdict.is_err();
                // The screen has gone (the review dropped): stop.
                if send.send(verdict).is_err() || failed {
                    break;
                }
            }
        });
        Analysis::Background {
            _task: task,
            verdicts: Mutex::new(verdicts),
        }
    }

    /// This frame's verdicts, and whether the analysis is over.
    fn poll(&mut self) -> (Vec<Result<Moment, String>>, bool) {
        let mut found = Vec::new();
        match self {
            Analysis::Background { verdicts, .. } => {
                let Ok(verdicts) = verdicts.get_mut() else {
                    return (found, true);
                };
                loop {
                    match verdicts.try_recv() {
                        Ok(v) => found.push(v),
                        Err(TryRecvError::Empty) => return (found, false),
                        Err(TryRecvError::Disconnected) => return (found, true),
                    }
                }
            }
            Analysis::Sliced(review) => {
                let started = web_time::Instant::now();
                while started.elapsed() < SLICE {
                    match review.work(256) {
                        Worked::Busy => {}
                        Worked::Moment(m) => found.push(m),
                        Worked::Finished => return (found, true),
                    }
                }
                (found, false)
            }
        }
    }
}

/// Whether the review screen is open (the keyboard is the review's then).
pub fn review_open(review: Res<GameReview>) -> bool {
    review.open
}

/// The review plugin (headless-safe).
pub fn plugin(app: &mut App) {
    app.add_message::<OpenReview>()
        .add_message::<CloseReview>()
        .add_message::<SelectMoment>()
        .add_message::<PlayFromHere>()
        .add_message::<ReviewFinished>()
        .init_resource::<GameReview>()
        .init_resource::<PlayMarks>()
        .configure_sets(Update, crate::game::shared::MarkPits.after(Flow::Animate))
        .add_systems(
            Update,
            mark_pits_for_the_board.in_set(crate::game::shared::MarkPits),
        )
        .add_systems(
            Update,
            take_the_keyboard
                .before(super::input::keyboard)
                .in_set(Flow::Input),
        )
        .add_systems(
            Update,
            (
                review_keys.run_if(review_open),
                select_moment,
                play_from_here,
                close_review,
                analyse,
            )
                .chain()
                .after(super::input::keyboard)
                .in_set(Flow::Input),
        )
        // After the write path, so that a game started in the same frame (a saved
        // game opened for its review) is the one reviewed.
        .add_systems(
            Update,
            (new_game_closes, open_review)
                .chain()
                .after(Flow::Decide)
                .before(Flow::Animate),
        )
        .add_systems(OnEnter(AppState::Menu), close_on_menu);
}

/// Opens the review of the game's record: the one known already if it is of this
/// record, else a fresh analysis.
fn open_review(
    mut asked: MessageReader<OpenReview>,
    history: Res<History>,
    mode: CurrentMode,
    computer: Res<super::computer::ComputerPlayer>,
    mut review: ResMut<GameReview>,
    mut replay: MessageWriter<ReplayControl>,
    mut select: MessageWriter<SelectMoment>,
) {
    let Some(open) = asked.read().last().copied() else {
        return;
    };
    let Some(record) = history.record.as_ref().filter(|r| !r.decisions.is_empty()) else {
        return;
    };
    // A replay that has reached its end is played on from there: its past positions
    // can then be viewed.
    if mode.get() == Some(Mode::Watch) {
        replay.write(ReplayControl::Stop);
    }
    let known = review.record.as_ref() == Some(record)
        && review.error.is_none()
        && (review.finished() || review.analysis.is_some());
    if !known {
        let nodes = review.nodes;
        *review = GameReview {
            record: Some(record.clone()),
            nodes,
            ..GameReview::default()
        };
        match Review::new(record, nodes) {
            Ok(r) => review.analysis = Some(Analysis::start(r, computer.sliced)),
            Err(e) => review.error = Some(e),
        }
    }
    review.open = true;
    review.guided = open.guided;
    review.selected = None;
    if open.guided
        && let Some(&first) = review.guided_moments().first()
    {
        select.write(SelectMoment(first));
    }
}

/// While the review is open, the keyboard is the review's.
/// Tells the board what to mark for `play` ([`PlayMarks`]): whether a person may
/// decide, the hint's pit, the review's moment.
fn mark_pits_for_the_board(
    table: super::input::Table,
    hint: Res<super::computer::Hint>,
    review: Res<GameReview>,
    mut marks: ResMut<PlayMarks>,
) {
    let moment = review.selected_moment().filter(|_| review.open);
    marks.set_if_neq(PlayMarks {
        person_decides: table.persons_turn(),
        hint: hint.for_state(&table.game.0).and_then(pit_of),
        reviewed_played: moment.and_then(|m| pit_of(&m.played)),
        reviewed_best: moment.and_then(|m| pit_of(&m.best)),
    });
}

fn take_the_keyboard(review: Res<GameReview>, mut taken: ResMut<super::input::KeyboardTaken>) {
    taken.set_if_neq(super::input::KeyboardTaken(review.open));
}

/// Arrows step through the moments, Home and End go to the first and last, Escape
/// closes the review.
fn review_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    review: Res<GameReview>,
    mut select: MessageWriter<SelectMoment>,
    mut close: MessageWriter<CloseReview>,
) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::Escape) {
        close.write(CloseReview);
        return;
    }
    let steps = review.steps();
    let at = review
        .selected
        .and_then(|s| steps.iter().position(|&i| i == s));
    let target = if keys.any_just_pressed([KeyCode::ArrowRight, KeyCode::ArrowDown]) {
        Some(at.map_or(0, |a| (a + 1).min(steps.len().saturating_sub(1))))
    } else if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
        Some(at.map_or(0, |a| a.saturating_sub(1)))
    } else if keys.just_pressed(KeyCode::Home) {
        Some(0)
    } else if keys.just_pressed(KeyCode::End) {
        Some(steps.len().saturating_sub(1))
    } else {
        None
    };
    if let Some(&i) = target.and_then(|t| steps.get(t)) {
        select.write(SelectMoment(i));
    }
}

/// Shows the position before the selected decision.
fn select_moment(
    mut asked: MessageReader<SelectMoment>,
    history: Res<History>,
    mut review: ResMut<GameReview>,
    mut view: MessageWriter<ViewPast>,
) {
    let Some(SelectMoment(n)) = asked.read().last().copied() else {
        return;
    };
    if !review.open || n >= history.before.len() {
        return;
    }
    review.selected = Some(n);
    view.write(ViewPast(Some(n)));
}

/// A new game from the position before the selected decision.
fn play_from_here(
    mut asked: MessageReader<PlayFromHere>,
    history: Res<History>,
    mut review: ResMut<GameReview>,
    mut start: MessageWriter<StartGame>,
) {
    let Some(PlayFromHere { against_computer }) = asked.read().last().copied() else {
        return;
    };
    let Some(state) = review.selected.and_then(|n| history.before.get(n)).cloned() else {
        return;
    };
    let seats = seats_from_here(&state, against_computer);
    review.open = false;
    review.selected = None;
    start.write(StartGame::fresh(state, seats));
}

/// Who plays a game started from `state`: the person takes the side to decide there.
pub fn seats_from_here(state: &GameState, against_computer: bool) -> Seats {
    let other = if against_computer {
        Seat::Computer
    } else {
        Seat::Person
    };
    match state.to_decide() {
        crate::rules::Player::South => Seats {
            south: Seat::Person,
            north: other,
        },
        crate::rules::Player::North => Seats {
            south: other,
            north: Seat::Person,
        },
    }
}

fn close_review(
    mut asked: MessageReader<CloseReview>,
    mut review: ResMut<GameReview>,
    viewing: Res<Viewing>,
    mut view: MessageWriter<ViewPast>,
) {
    if asked.read().count() == 0 {
        return;
    }
    review.open = false;
    review.selected = None;
    if viewing.0.is_some() {
        view.write(ViewPast(None));
    }
}

/// Takes this frame's verdicts from the analysis.
fn analyse(
    mut review: ResMut<GameReview>,
    mut finished: MessageWriter<ReviewFinished>,
    mut select: MessageWriter<SelectMoment>,
) {
    let Some(analysis) = &mut review.analysis else {
        return;
    };
    let (verdicts, over) = analysis.poll();
    for verdict in verdicts {
        match verdict {
            Ok(m) => review.moments.push(m),
            Err(e) => review.error = Some(e),
        }
    }
    if over || review.finished() || review.error.is_some() {
        review.analysis = None;
        if review.finished() {
            finished.write(ReviewFinished);
            // The guided review waited for every verdict: its first moment now.
            if review.open
                && review.guided
                && review.selected.is_none()
                && let Some(&first) = review.guided_moments().first()
            {
                select.write(SelectMoment(first));
            }
        }
    }
}

/// A new game on the board closes the review (the review of the last game is kept:
/// reopening it after "play again" is not offered, but a resumed save brings its own).
fn new_game_closes(mut started: MessageReader<GameStarted>, mut review: ResMut<GameReview>) {
    if started.read().count() > 0 {
        review.open = false;
        review.selected = None;
    }
}

/// Leaving for the menu (or the kiosk's idle reset) closes the review and stops an
/// analysis still going on (it starts again if the review is opened again).
fn close_on_menu(mut review: ResMut<GameReview>) {
    review.analysis = None;
    review.open = false;
    review.selected = None;
    review.guided = false;
}

/// With `--review FILE`: once the review is done, the decision that gave up the most
/// is selected (then this goes).
#[derive(Resource, Clone, Copy, Debug, Default)]
struct SelectLargestLoss;

/// `--review FILE`: the saved game as it ended is on the board with its review open
/// (the saved one if it has one), and the decision that gave up the most is selected
/// once the review is done.
pub fn open_at_start(app: &mut App, save: SavedGame, end: GameState) {
    app.insert_resource(SelectLargestLoss)
        .add_systems(
            Startup,
            move |mut start: MessageWriter<StartGame>,
                  mut review: ResMut<GameReview>,
                  mut open: MessageWriter<OpenReview>| {
                start.write(StartGame {
                    state: end.clone(),
                    seats: Seats::from_saved(save.seats),
                    begin: Begin::Resume(save.record.clone()),
                });
                review.keep_saved(&save.record, save.review.as_ref());
                open.write(OpenReview::default());
            },
        )
        .add_systems(
            Update,
            select_largest_loss
                .run_if(resource_exists::<SelectLargestLoss>)
                .in_set(Flow::Input),
        );
}

fn select_largest_loss(
    mut commands: Commands,
    review: Res<GameReview>,
    mut select: MessageWriter<SelectMoment>,
) {
    if !review.open || !review.finished() {
        return;
    }
    if let Some(&i) = crate::ai::review::deciding_moments(&review.moments, 1).first() {
        select.write(SelectMoment(i));
    }
    commands.remove_resource::<SelectLargestLoss>();
}
