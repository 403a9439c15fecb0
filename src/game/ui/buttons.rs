//! Where the interface's buttons were drawn, by name, for the tests that click them
//! as a person does: headless through the pointer messages a window sends
//! (`tests/common/player.rs`), in a real window with `xdotool` from the
//! `MANCALA_BUTTON` log lines (`tests/game/window.rs`). Drawing code notes a button
//! with [`note_button`]; nothing here reads the game.

use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::BTreeMap;

/// Collects the buttons noted in each egui pass.
pub fn plugin(app: &mut App) {
    app.init_resource::<ButtonPlaces>()
        .init_resource::<MenuButtonAt>()
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            collect_buttons.after(crate::game::DrawInterface),
        );
}

/// Where the HUD's menu button is, in the window's logical pixels (the HUD sets it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuButtonAt(pub Option<(i32, i32)>);

impl MenuButtonAt {
    /// The place of a button centred at `centre` (egui points) at this `zoom`.
    pub fn of(centre: egui::Pos2, zoom: f32) -> MenuButtonAt {
        MenuButtonAt(Some((
            (centre.x * zoom).round() as i32,
            (centre.y * zoom).round() as i32,
        )))
    }
}

/// Where the interface's buttons were drawn in the last frame, by name (`card:hawalis`,
/// `start`, `menu`, `resume:autosave`...), at their centres in the window's logical
/// pixels: a test clicks there (headless through pointer messages, in a real window
/// with `xdotool`) to take the path a person takes. Each change is logged as
/// `MANCALA_BUTTON name=... x=... y=...`.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ButtonPlaces(pub BTreeMap<String, Vec2>);

impl ButtonPlaces {
    /// Where the button `name` is, if it was drawn in the last frame.
    pub fn get(&self, name: &str) -> Option<Vec2> {
        self.0.get(name).copied()
    }
}

/// The buttons noted while this frame's interface is drawn (kept in egui's memory,
/// so that drawing code needs no resource to note one).
#[derive(Clone, Default)]
struct Noted(BTreeMap<String, egui::Pos2>);

/// Notes that the button `name` is drawn at `rect` this frame (see [`ButtonPlaces`]).
pub fn note_button(ctx: &egui::Context, name: &str, rect: egui::Rect) {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Noted>(egui::Id::new("probe buttons"))
            .0
            .insert(name.to_owned(), rect.center());
    });
}

/// The names of the buttons noted so far this frame.
pub fn noted_names(ctx: &egui::Context) -> Vec<String> {
    ctx.data(|d| {
        d.get_temp::<Noted>(egui::Id::new("probe buttons"))
            .map(|n| n.0.into_keys().collect())
            .unwrap_or_default()
    })
}

/// Moves the buttons noted since `before` (see [`noted_names`]) to where they were
/// drawn (`drawn_at` of where they were laid out): an area turned to face the screen's
/// far side draws them elsewhere ([`show_turned`](super::turned::show_turned)).
pub fn move_noted_since(
    ctx: &egui::Context,
    before: &[String],
    drawn_at: impl Fn(egui::Pos2) -> egui::Pos2,
) {
    ctx.data_mut(|d| {
        let noted = d.get_temp_mut_or_default::<Noted>(egui::Id::new("probe buttons"));
        for (name, at) in noted.0.iter_mut() {
            if !before.contains(name) {
                *at = drawn_at(*at);
            }
        }
    });
}

/// Takes the buttons noted this frame into [`ButtonPlaces`], logging the changes.
fn collect_buttons(
    mut contexts: bevy_egui::EguiContexts,
    mut places: ResMut<ButtonPlaces>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let noted = ctx.data_mut(|d| {
        d.remove_temp::<Noted>(egui::Id::new("probe buttons"))
            .unwrap_or_default()
    });
    let now: BTreeMap<String, Vec2> = noted
        .0
        .into_iter()
        .map(|(name, p)| (name, Vec2::new(p.x * zoom, p.y * zoom)))
        .collect();
    if now != places.0 {
        for (name, at) in &now {
            if places.0.get(name) != Some(at) {
                info!("MANCALA_BUTTON name={name} x={:.0} y={:.0}", at.x, at.y);
            }
        }
        places.0 = now;
    }
    Ok(())
}
