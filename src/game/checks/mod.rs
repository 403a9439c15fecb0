//! What lets a machine check the game: [`probe`]'s log lines (the browser and
//! window tests, a technician), a screenshot of the settled scene (`screenshot`, on
//! the desktop), the [`frame_bench`] of `mancala-hall bench` and `--frame-stats`, and
//! the [`reference_scene`] the frame rate is measured against.

pub mod frame_bench;
pub mod probe;
pub mod reference_scene;
#[cfg(not(target_arch = "wasm32"))]
pub mod screenshot;

/// The checks' plugin (with a window): the probe's log lines.
pub fn plugin(app: &mut bevy::prelude::App) {
    app.add_plugins(probe::plugin);
}
