//! `--screenshot PATH`: once the scene has settled, save the window to a PNG and exit
//! (for tests, documentation and a technician checking an install).

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// Frames to let the scene settle (assets, shadows) before the picture.
const SETTLE_FRAMES: u32 = 30;
/// Frames to wait for the file before giving up with an error.
const GIVE_UP_FRAMES: u32 = 600;

/// Takes one screenshot to `path`, then exits.
pub struct ScreenshotPlugin {
    pub path: PathBuf,
    /// Seconds to wait at least (for the attract loop or an animation to show).
    pub delay_s: f32,
}

#[derive(Resource)]
struct Shot {
    path: PathBuf,
    delay_s: f32,
    frame: u32,
    taken: bool,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        let _ = std::fs::remove_file(&self.path);
        app.insert_resource(Shot {
            path: self.path.clone(),
            delay_s: self.delay_s,
            frame: 0,
            taken: false,
        })
        .add_systems(Last, take_and_exit);
    }
}

fn take_and_exit(
    mut commands: Commands,
    time: Res<Time>,
    mut shot: ResMut<Shot>,
    mut exit: MessageWriter<AppExit>,
) {
    if time.elapsed_secs() < shot.delay_s {
        return;
    }
    shot.frame += 1;
    if shot.frame == SETTLE_FRAMES && !shot.taken {
        shot.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(shot.path.clone()));
    }
    if shot.taken && shot.path.exists() && shot.frame > SETTLE_FRAMES + 5 {
        info!("screenshot saved to {}", shot.path.display());
        exit.write(AppExit::Success);
    } else if shot.frame > GIVE_UP_FRAMES {
        error!("no screenshot after {GIVE_UP_FRAMES} frames");
        exit.write(AppExit::error());
    }
}
