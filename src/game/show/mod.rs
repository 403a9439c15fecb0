//! Show: the rules state made visible and audible. The [`board`] and its [`seeds`]
//! mirror the state; [`animation`] plays its events on them, with [`audio`]; the
//! [`camera`] frames the table by the geometry of
//! [`look::framing`](crate::game::look::framing) and [`look::layout`](crate::game::look::layout); a game's
//! end is a [`celebration`]. With low graphics the scene is drawn at a
//! [`render_scale`] of the window. The scene's [`tone_mapping`] table is the game's own.

pub mod animation;
pub mod audio;
pub mod board;
pub mod camera;
pub mod celebration;
pub mod close_view;
pub mod render_scale;
pub mod seeds;
pub mod tone_mapping;

use bevy::prelude::*;

/// What runs headless too: the board and seeds mirroring the state, and the
/// animation of its events.
pub fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, seeds::plugin, animation::plugin));
}

/// With a window: meshes and materials of the board and seeds, the camera, the
/// celebration, sound and the render scale.
pub fn visuals_plugin(app: &mut App) {
    app.add_plugins((
        celebration::plugin,
        board::visuals_plugin,
        seeds::visuals_plugin,
        camera::plugin,
        audio::plugin,
        render_scale::plugin,
    ));
}
