//! Where the game is played beyond one screen at home: a museum's [`kiosk`] (welcome,
//! attract loop, unattended running), laid flat as a touch [`table`] for two, and [`online`] rooms on a game server, with
//! their interface in [`online_screen`].

pub mod kiosk;
mod kiosk_card;
pub mod online;
pub mod online_screen;
pub mod table;

use bevy::prelude::*;

/// What runs headless too: the kiosk's phases and online rooms. (A table is
/// installed by the app, with the kiosk file.)
pub fn plugin(app: &mut App) {
    app.add_plugins((kiosk::plugin, online::plugin));
}

/// Their screens: the kiosk's welcome and attract loop, the online screen.
pub fn visuals_plugin(app: &mut App) {
    app.add_plugins((kiosk::ui_plugin, online_screen::ui_plugin));
}
