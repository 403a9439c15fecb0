//! Log lines for automated checks (the browser test, a technician's install check):
//! `MANCALA_BOARD_DRAWN` once the board has been on screen for a few frames, with
//! where in the window a pit the person may play lies (so that a test can click it),
//! `MANCALA_PLAYED` after every decision, `MANCALA_YOUR_TURN` (with a pit, as above)
//! whenever it becomes a person's turn again, and `MANCALA_COMPUTER_THOUGHT` after each
//! search of the computer: over how many frames it ran and the longest of them;
//! `MANCALA_MENU_BUTTON` with where the HUD's menu button is (again if it moves), and
//! `MANCALA_SCREEN menu` whenever the menu opens (so a test can tap through the
//! interface itself).

use super::board::PitView;
use super::camera::MainCamera;
use super::play::{ComputerPlayer, Played, Seats, person_to_decide};
use super::{AppState, CurrentGame, Flow};
use bevy::prelude::*;
use std::sync::Mutex;

static MENU_BUTTON_AT: Mutex<Option<(i32, i32)>> = Mutex::new(None);

/// Reports where the HUD's menu button is whenever that changes (`centre` in egui
/// points, scaled by `zoom` to the window's logical pixels).
pub fn report_menu_button(centre: bevy_egui::egui::Pos2, zoom: f32) {
    let at = (
        (centre.x * zoom).round() as i32,
        (centre.y * zoom).round() as i32,
    );
    let Ok(mut last) = MENU_BUTTON_AT.lock() else {
        return;
    };
    if *last != Some(at) {
        *last = Some(at);
        info!("MANCALA_MENU_BUTTON x={} y={}", at.0, at.1);
    }
}

/// Frames the board is shown before it counts as drawn (meshes and materials are
/// uploaded over the first frames).
const SHOWN_FRAMES: u32 = 10;

/// The probe plugin.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, (board_drawn, your_turn, computer_thought))
        .add_systems(Update, played.after(Flow::Decide))
        .add_systems(OnEnter(AppState::Menu), || info!("MANCALA_SCREEN menu"));
}

/// A pit the person may play now, and where it lies in the window (the one nearest
/// the window's centre).
fn playable_pit_on_screen(
    s: &crate::rules::GameState,
    pits: &Query<(&PitView, &GlobalTransform), With<Mesh3d>>,
    camera: (&Camera, &GlobalTransform),
    window: &Window,
) -> Option<(crate::rules::Pit, Vec2)> {
    let centre = Vec2::new(window.width() / 2.0, window.height() / 2.0);
    let playable: Vec<_> = crate::rules::legal_decisions(s)
        .iter()
        .filter_map(|d| d.start_pit())
        .collect();
    pits.iter()
        .filter(|(v, _)| playable.contains(&v.pit))
        .filter_map(|(v, t)| {
            let p = camera.0.world_to_viewport(camera.1, t.translation()).ok()?;
            Some((p.distance(centre), v.pit, p))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, pit, p)| (pit, p))
}

#[allow(clippy::too_many_arguments)]
fn your_turn(
    mut was_persons: Local<bool>,
    mut shown: Local<u32>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    anim: Res<super::animation::Animation>,
    pits: Query<(&PitView, &GlobalTransform), With<Mesh3d>>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    windows: Query<&Window>,
) {
    let persons = person_to_decide(&game.0, &seats, &anim);
    // The first turn is reported by `board_drawn`; count frames until then.
    if *shown < SHOWN_FRAMES {
        if !pits.is_empty() {
            *shown += 1;
        }
        *was_persons = persons;
        return;
    }
    if persons
        && !*was_persons
        && let (Ok((camera, at)), Ok(window)) = (cameras.single(), windows.single())
        && let Some((pit, p)) = playable_pit_on_screen(&game.0, &pits, (camera, at), window)
    {
        info!(
            "MANCALA_YOUR_TURN game={} pit={},{} x={:.0} y={:.0}",
            game.0.game().id(),
            pit.row,
            pit.col,
            p.x,
            p.y
        );
    }
    *was_persons = persons;
}

/// Reports each search of the computer: frames it spanned and the longest frame.
fn computer_thought(
    mut during: Local<Option<(u32, f32)>>,
    time: Res<Time<Real>>,
    computer: Res<ComputerPlayer>,
) {
    let frame_ms = time.delta_secs() * 1000.0;
    match (computer.thinking(), during.as_mut()) {
        (true, Some((frames, longest))) => {
            *frames += 1;
            *longest = longest.max(frame_ms);
        }
        (true, None) => *during = Some((1, frame_ms)),
        (false, Some((frames, longest))) => {
            info!("MANCALA_COMPUTER_THOUGHT frames={frames} longest_frame_ms={longest:.0}");
            *during = None;
        }
        (false, None) => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn board_drawn(
    mut frames: Local<u32>,
    mut done: Local<bool>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    anim: Res<super::animation::Animation>,
    pits: Query<(&PitView, &GlobalTransform), With<Mesh3d>>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    windows: Query<&Window>,
) {
    if *done || pits.is_empty() {
        return;
    }
    *frames += 1;
    if *frames < SHOWN_FRAMES {
        return;
    }
    let (Ok((camera, at)), Ok(window)) = (cameras.single(), windows.single()) else {
        return;
    };
    *done = true;
    let s = &game.0;
    let nearest = if person_to_decide(s, &seats, &anim) {
        playable_pit_on_screen(s, &pits, (camera, at), window)
    } else {
        None
    };
    match nearest {
        Some((pit, p)) => info!(
            "MANCALA_BOARD_DRAWN game={} pit={},{} x={:.0} y={:.0}",
            s.game().id(),
            pit.row,
            pit.col,
            p.x,
            p.y
        ),
        None => info!("MANCALA_BOARD_DRAWN game={} pit=none", s.game().id()),
    }
}

fn played(mut played: MessageReader<Played>) {
    for p in played.read() {
        info!("MANCALA_PLAYED {}", p.decision);
    }
}
