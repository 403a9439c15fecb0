//! "Make a puzzle of this" in the game review: the position before a marked decision
//! becomes one of the player's own puzzles ("My puzzles") if one turn start there beats
//! every other as clearly as a shipped puzzle's does ([`puzzle_from_game`]). The
//! searches run off the frame (a task; in the browser, where there are no threads, the
//! task runs within a frame).

use super::PlayerPuzzles;
use crate::ai::puzzles::{Puzzle, puzzle_from_game};
use crate::game::play::review::GameReview;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

/// Make a puzzle of the review's selected decision.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct MakePuzzle;

/// What has come of the last "Make a puzzle of this", for the review to say.
#[derive(Resource, Default)]
pub struct PuzzleMaking {
    /// The review's moment (index) asked about, and how it stands.
    pub moment: Option<usize>,
    pub made: Made,
    task: Option<Task<Result<Puzzle, String>>>,
}

/// How "Make a puzzle of this" stands for a moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Made {
    #[default]
    Nothing,
    /// Being searched.
    Making,
    /// Added to My puzzles (its id).
    Added(String),
    /// No turn stands out clearly enough (why, for the log).
    NotAPuzzle(String),
}

pub fn plugin(app: &mut App) {
    app.add_message::<MakePuzzle>()
        .init_resource::<PuzzleMaking>()
        .add_systems(Update, (start_making, finish_making).chain());
}

fn start_making(
    mut asked: MessageReader<MakePuzzle>,
    review: Res<GameReview>,
    mut making: ResMut<PuzzleMaking>,
) {
    if asked.read().count() == 0 || making.task.is_some() {
        return;
    }
    let (Some(record), Some(at)) = (review.record.clone(), review.selected) else {
        return;
    };
    // Decision `at + 1` of the record; the seed makes the same puzzle every time.
    let seed = record.options.seed ^ at as u64;
    making.moment = Some(at);
    making.made = Made::Making;
    making.task = Some(
        AsyncComputeTaskPool::get().spawn(async move { puzzle_from_game(&record, at + 1, seed) }),
    );
}

fn finish_making(
    mut making: ResMut<PuzzleMaking>,
    mut kept: ResMut<PlayerPuzzles>,
    mut wake: ResMut<crate::game::wake::WakeAt>,
) {
    let Some(task) = making.task.as_mut() else {
        return;
    };
    let Some(result) = check_ready(task) else {
        // Nothing wakes the window when a task ends: look again shortly.
        wake.within(std::time::Duration::from_millis(100));
        return;
    };
    making.task = None;
    making.made = match result {
        Ok(puzzle) => Made::Added(kept.0.add_mine(puzzle)),
        Err(why) => {
            info!("no puzzle made: {why}");
            Made::NotAPuzzle(why)
        }
    };
}
