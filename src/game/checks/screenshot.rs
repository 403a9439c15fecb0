//! `--screenshot PATH`: once the scene has settled, save the window to a PNG and exit
//! (for tests, documentation and a technician checking an install).
//!
//! Settled means: no render pipeline is still being built, and a board on screen has
//! been drawn ([`SceneDrawn`]). A software renderer builds pipelines on other threads
//! while frames go on without them; on a busy machine that can outlast any fixed
//! count of frames, and the picture would come out blank.

use crate::game::checks::probe::SceneDrawn;
use crate::game::show::board::PitView;
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::render::{Render, RenderApp, RenderSystems};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Settled frames (assets, shadows) before the picture.
const SETTLE_FRAMES: u32 = 30;
/// Frames to wait for a board on screen to be drawn before taking the picture anyway
/// (a board seen so close that no pit is in view is never "drawn").
const BOARD_WAIT_FRAMES: u32 = 300;
/// Frames in all to wait for the file before giving up with an error.
const GIVE_UP_FRAMES: u32 = 1200;

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
    /// Frames since the delay, settled or not.
    frames: u32,
    /// Settled frames since the delay.
    settled: u32,
    /// The frame the picture was asked for.
    taken_at: Option<u32>,
}

/// Whether the render world's last frame had no pipeline queued or being built.
/// Shared by both worlds; the render world sets it.
#[derive(Resource, Clone, Default)]
struct PipelinesBuilt(Arc<AtomicBool>);

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        let _ = std::fs::remove_file(&self.path);
        let built = PipelinesBuilt::default();
        if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
            render_app
                .insert_resource(built.clone())
                .add_systems(Render, note_pipelines.after(RenderSystems::Render));
        }
        app.insert_resource(built)
            .insert_resource(Shot {
                path: self.path.clone(),
                delay_s: self.delay_s,
                frames: 0,
                settled: 0,
                taken_at: None,
            })
            .add_systems(Last, take_and_exit);
    }
}

fn note_pipelines(pipelines: Res<PipelineCache>, built: Res<PipelinesBuilt>) {
    let building = pipelines.pipelines().any(|p| {
        matches!(
            p.state,
            CachedPipelineState::Queued | CachedPipelineState::Creating(_)
        )
    });
    built.0.store(!building, Ordering::Relaxed);
}

fn take_and_exit(
    mut commands: Commands,
    time: Res<Time>,
    mut shot: ResMut<Shot>,
    (built, drawn): (Res<PipelinesBuilt>, Option<Res<SceneDrawn>>),
    pits: Query<(), With<PitView>>,
    mut exit: MessageWriter<AppExit>,
) {
    if time.elapsed_secs() < shot.delay_s {
        return;
    }
    shot.frames += 1;
    let board_waits =
        !pits.is_empty() && drawn.is_some_and(|d| !d.now()) && shot.frames < BOARD_WAIT_FRAMES;
    if built.0.load(Ordering::Relaxed) && !board_waits {
        shot.settled += 1;
    }
    if shot.settled >= SETTLE_FRAMES && shot.taken_at.is_none() {
        shot.taken_at = Some(shot.frames);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(shot.path.clone()));
    }
    let asked = shot.taken_at.is_some_and(|at| shot.frames > at + 5);
    if asked && shot.path.exists() {
        info!("screenshot saved to {}", shot.path.display());
        exit.write(AppExit::Success);
    } else if shot.frames > GIVE_UP_FRAMES {
        error!("no screenshot after {GIVE_UP_FRAMES} frames");
        exit.write(AppExit::error());
    }
}
