//! What the window's pace offers the rest of the game (see [`pace`](super::pace),
//! which imports everything that moves; this module imports nothing of the game, so
//! that anything may use it): ask to be woken at a moment ([`WakeAt`]), wake the
//! window from another thread ([`Wake`]), and whether frames follow one another
//! ([`Drawing`]), settled in [`PaceSet`].

use bevy::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The earliest moment something waits for with nothing moving, as time from this
/// frame (cleared every frame: ask again each frame while waiting).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct WakeAt {
    /// What this frame has asked for so far.
    next: Option<Duration>,
    /// What the last frame asked for (kept for a look afterwards: the tests).
    pub asked: Option<Duration>,
}

impl WakeAt {
    /// Asks to be updated again within `after`.
    pub fn within(&mut self, after: Duration) {
        self.next = Some(self.next.map_or(after, |d| d.min(after)));
    }

    /// The earliest wake-up this frame has asked for so far.
    pub fn earliest(&self) -> Option<Duration> {
        self.next
    }

    /// Ends the frame: what it asked for becomes [`WakeAt::asked`], and the next frame
    /// starts with nothing asked.
    pub fn forget(&mut self) {
        self.asked = self.next.take();
    }
}

/// Wakes the window from any thread (another thread's news: an online message).
/// In a window it sends winit a wake-up; headless, it does what the test put in.
#[derive(Resource, Clone)]
pub struct Wake(pub Arc<dyn Fn() + Send + Sync>);

impl Default for Wake {
    fn default() -> Self {
        Wake(Arc::new(|| {}))
    }
}

impl Wake {
    /// Wakes the window.
    pub fn wake(&self) {
        (self.0)();
    }
}

/// Whether frames follow one another (something asked for the next one last frame).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drawing(pub bool);

/// The pace's systems at the end of each frame: [`Drawing`] is settled after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaceSet;
