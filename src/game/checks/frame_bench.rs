//! `mancala-hall bench` (with the game): CPU time per frame of the game's own plugins
//! (the mirror of the rules, play, animation and input; headless, so rendering is
//! not included), on Nsolo 4 x 36 with all 284 seeds: while the computer plays long
//! relays, and while nothing moves.

use crate::game::play::session::{Seat, Seats, StartGame};
use crate::game::show::animation::{Animation, Speed};
use crate::game::{AppState, CurrentGame, logic_plugin};
use crate::rules::{Game, GameState, Options};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::time::{Duration, Instant};

/// Frame times in milliseconds: mean, median, 99th percentile, worst.
pub struct FrameTimes {
    pub frames: usize,
    pub busy_frames: usize,
    pub mean: f64,
    pub median: f64,
    pub p99: f64,
    pub worst: f64,
}

fn measure(seat: Seat, frames: usize) -> FrameTimes {
    let state = GameState::new(
        Game::Nsolo,
        Options {
            width: 36,
            ..Options::default()
        },
    )
    .expect("valid options");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_micros(
            16_667,
        )))
        .insert_resource(CurrentGame(state.clone()))
        .add_plugins(logic_plugin)
        .insert_state(AppState::InGame)
        .insert_resource(Speed::Normal);
    let seats = Seats {
        south: seat,
        north: seat,
    };
    app.world_mut()
        .write_message(StartGame::fresh(state, seats));
    for _ in 0..30 {
        app.update();
    }
    let mut times = Vec::with_capacity(frames);
    let mut busy_frames = 0;
    for _ in 0..frames {
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        if app.world().resource::<Animation>().busy() {
            busy_frames += 1;
        }
        if app.world().resource::<CurrentGame>().0.is_over() {
            let fresh = GameState::new(
                Game::Nsolo,
                Options {
                    width: 36,
                    ..Options::default()
                },
            )
            .expect("valid options");
            app.world_mut()
                .write_message(StartGame::fresh(fresh, seats));
        }
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    times.sort_by(f64::total_cmp);
    FrameTimes {
        frames,
        busy_frames,
        mean,
        median: times[times.len() / 2],
        p99: times[times.len() * 99 / 100],
        worst: *times.last().unwrap_or(&0.0),
    }
}

/// Prints the frame-time figures.
pub fn run() {
    println!("Game frame CPU time, Nsolo 4x36 (284 seed entities), headless game plugins:");
    for (label, seat) in [
        ("computer vs computer, animating", Seat::Computer),
        ("idle, nothing moves", Seat::Person),
    ] {
        let f = measure(seat, 3000);
        println!(
            "  {label:<34} mean {:.3} ms  median {:.3} ms  p99 {:.3} ms  worst {:.3} ms  ({} of {} frames animating)",
            f.mean, f.median, f.p99, f.worst, f.busy_frames, f.frames
        );
    }
}

/// `--frame-stats N`: in the real game (or the reference scene), for N frames after
/// [`WARM_UP_FRAMES`]: the frames per second by the wall clock, rendering included
/// (what a player sees), and the CPU time of each frame's main schedule (every system
/// of every plugin: the game's, egui's, picking, transforms; not the GPU's drawing),
/// printed when the game exits. `scripts/fps.sh` reads the `MANCALA_FPS` line.
pub struct FrameStatsPlugin {
    pub frames: usize,
}

/// Frames left out before measuring: the first ones build pipelines, upload meshes
/// and textures, and move the camera in.
pub const WARM_UP_FRAMES: usize = 10;

#[derive(Resource)]
struct FrameStats {
    want: usize,
    warm_up_left: usize,
    started: Option<Instant>,
    /// When the first measured frame began (the end of the warm-up).
    measured_from: Option<Instant>,
    times: Vec<f64>,
}

impl Plugin for FrameStatsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FrameStats {
            want: self.frames.max(1),
            warm_up_left: WARM_UP_FRAMES,
            started: None,
            measured_from: None,
            times: Vec::with_capacity(self.frames),
        })
        .add_systems(First, |mut s: ResMut<FrameStats>| {
            s.started = Some(Instant::now())
        })
        .add_systems(Last, record_frame);
        // Where the frame goes: each render pass's time on the CPU and, where the
        // renderer has timestamp queries, on the GPU, printed with the figures.
        if !app.is_plugin_added::<bevy::render::diagnostic::RenderDiagnosticsPlugin>() {
            app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
        }
    }
}

/// The render passes' mean times (ms) over the frames measured, longest first, as
/// `name time` lines: `render/main_opaque_pass_3d/elapsed_gpu 12.3`.
fn render_pass_times(store: &bevy::diagnostic::DiagnosticsStore) -> Vec<(String, f64)> {
    let mut times: Vec<(String, f64)> = store
        .iter()
        .filter(|d| {
            d.path().as_str().starts_with("render/") && d.path().as_str().contains("elapsed")
        })
        .filter_map(|d| Some((d.path().as_str().to_string(), d.average()?)))
        .collect();
    times.sort_by(|a, b| b.1.total_cmp(&a.1));
    times
}

fn record_frame(
    mut s: ResMut<FrameStats>,
    store: Option<Res<bevy::diagnostic::DiagnosticsStore>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(t) = s.started.take() else { return };
    if s.warm_up_left > 0 {
        s.warm_up_left -= 1;
        if s.warm_up_left == 0 {
            s.measured_from = Some(Instant::now());
        }
        return;
    }
    s.times.push(t.elapsed().as_secs_f64() * 1000.0);
    if s.times.len() == s.want {
        let wall = s.measured_from.map_or(0.0, |m| m.elapsed().as_secs_f64());
        let fps = s.times.len() as f64 / wall.max(1e-9);
        let mut t = s.times.clone();
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        t.sort_by(f64::total_cmp);
        println!(
            "frames per second by the wall clock (rendering included) over {} frames: {fps:.2}",
            t.len()
        );
        println!(
            "frame CPU time over {} frames (main schedule, all plugins): mean {:.2} ms, median {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
            t.len(),
            mean,
            t[t.len() / 2],
            t[t.len() * 99 / 100],
            t[t.len() - 1]
        );
        if let Some(store) = store {
            let passes = render_pass_times(&store);
            if !passes.is_empty() {
                println!("render passes, mean ms over the last frames:");
            }
            for (name, ms) in passes {
                println!("  {name} {ms:.2}");
            }
        }
        println!(
            "MANCALA_FPS fps={fps:.3} cpu_mean_ms={mean:.3} frames={}",
            t.len()
        );
        exit.write(AppExit::Success);
    }
}
