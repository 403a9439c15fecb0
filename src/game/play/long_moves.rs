//! Moves too long for a frame (millions of laps, or an Omweso move that never ends):
//! worked out off the frame, on a background task on the desktop or in slices of at
//! most 8 ms a frame in the browser, while the window stays responsive. The write path
//! (`session.rs`) starts one and plays its result; nothing else is played meanwhile.

use crate::rules::{Decision, GameState, LongMove, Player, Progress};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Laps a move may take within a frame; a longer one is worked out off the frame.
pub const LAPS_IN_FRAME: u64 = 250_000;

/// Laps between two progress reports of a move worked out in the background.
const LAPS_PER_REPORT: u64 = 20_000_000;

/// Time a sliced long move may take of a frame.
const SLICE: std::time::Duration = std::time::Duration::from_millis(8);

/// How a long move is worked out: on a background task (the desktop), or in slices
/// of at most 8 ms a frame on the main thread (the browser, which has no threads).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongMoves {
    pub sliced: bool,
}

// Not derived: in the browser the default is true.
#[allow(clippy::derivable_impls)]
impl Default for LongMoves {
    fn default() -> Self {
        LongMoves {
            sliced: cfg!(target_arch = "wasm32"),
        }
    }
}

/// A decision whose move is very long (millions of laps, or one that never ends),
/// being worked out off the frame: the window stays responsive meanwhile.
pub struct LongWork {
    pub(super) before: GameState,
    pub(super) who: Player,
    pub(super) decision: Decision,
    how: Working,
}

enum Working {
    /// On a background task; the laps it has checked so far.
    Background(Task<Progress>, Arc<AtomicU64>),
    /// In slices on the main thread.
    Sliced(Box<LongMove>, u64),
}

impl LongWork {
    /// Starts working out `long`, a move already run for `laps_checked` laps, the
    /// decision `decision` of `who` from `before`: in slices, or on a background task.
    pub(super) fn start(
        (before, who, decision): (GameState, Player, Decision),
        mut long: LongMove,
        laps_checked: u64,
        sliced: bool,
    ) -> LongWork {
        let how = if sliced {
            Working::Sliced(Box::new(long), laps_checked)
        } else {
            let laps = Arc::new(AtomicU64::new(laps_checked));
            let seen = laps.clone();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                loop {
                    match long.advance(LAPS_PER_REPORT) {
                        Progress::Running { laps_checked } => {
                            seen.store(laps_checked, Ordering::Relaxed)
                        }
                        finished => return finished,
                    }
                }
            });
            Working::Background(task, laps)
        };
        LongWork {
            before,
            who,
            decision,
            how,
        }
    }

    /// Laps checked so far.
    pub fn laps_checked(&self) -> u64 {
        match &self.how {
            Working::Background(_, laps) => laps.load(Ordering::Relaxed),
            Working::Sliced(_, laps) => *laps,
        }
    }

    /// Works on it for this frame: the result once there is one.
    pub(super) fn poll(&mut self) -> Option<Progress> {
        match &mut self.how {
            Working::Background(task, _) => block_on(poll_once(task)),
            Working::Sliced(long, laps) => {
                let started = web_time::Instant::now();
                loop {
                    match long.advance(LAPS_IN_FRAME) {
                        Progress::Running { laps_checked } => *laps = laps_checked,
                        finished => return Some(finished),
                    }
                    if started.elapsed() >= SLICE {
                        return None;
                    }
                }
            }
        }
    }
}

/// The long move being worked out, if any. Nothing else is played meanwhile.
#[derive(Resource, Default)]
pub struct LongMoveWork(pub Option<LongWork>);

impl LongMoveWork {
    /// Laps checked so far of the move being worked out.
    pub fn laps_checked(&self) -> Option<u64> {
        self.0.as_ref().map(LongWork::laps_checked)
    }
}

/// A run condition: no long move is being worked out.
pub fn no_move_in_progress(work: Res<LongMoveWork>) -> bool {
    work.0.is_none()
}
