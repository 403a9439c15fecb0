//! Log lines for automated checks (the browser test, a technician's install check):
//! `MANCALA_BOARD_DRAWN` once the board has been on screen for a few frames, with
//! where in the window a pit the person may play lies (so that a test can click it),
//! and `MANCALA_PLAYED` after every decision.

use super::board::PitView;
use super::camera::MainCamera;
use super::play::{Played, Seats, person_to_decide};
use super::{CurrentGame, Flow};
use bevy::prelude::*;

/// Frames the board is shown before it counts as drawn (meshes and materials are
/// uploaded over the first frames).
const SHOWN_FRAMES: u32 = 10;

/// The probe plugin.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, board_drawn)
        .add_systems(Update, played.after(Flow::Decide));
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
    let centre = Vec2::new(window.width() / 2.0, window.height() / 2.0);
    let s = &game.0;
    let playable: Vec<_> = if person_to_decide(s, &seats, &anim) {
        crate::rules::legal_decisions(s)
            .iter()
            .filter_map(|d| d.start_pit())
            .collect()
    } else {
        Vec::new()
    };
    let nearest = pits
        .iter()
        .filter(|(v, _)| playable.contains(&v.pit))
        .filter_map(|(v, t)| {
            let p = camera.world_to_viewport(at, t.translation()).ok()?;
            Some((p.distance(centre), v.pit, p))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match nearest {
        Some((_, pit, p)) => info!(
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
