//! The interface drawn with egui over the board: the [`hud`] (panels round the
//! board), the [`menu`] and [`title`] cards, reading [`pages`], the [`tutorial`], and
//! what they share: [`icons`], the [`language`], [`access`]ibility settings (kept by
//! [`settings_file`]), the [`buttons`]' places for the tests that click them, and the
//! files the browser [`fetched`] when first needed (a language's
//! [`language_texts`] among them). The [`puzzles`] are drawn here too.

pub mod access;
pub mod buttons;
pub mod fetched;
pub mod hud;
pub mod icons;
pub mod language;
pub mod language_texts;
pub mod menu;
pub mod pages;
pub mod puzzles;
pub mod settings_file;
pub mod title;
pub mod turned;
pub mod tutorial;
pub mod typefaces;

use bevy::prelude::*;

/// What runs headless too: the reading pages and the tutorial's steps.
pub fn plugin(app: &mut App) {
    app.add_plugins((pages::plugin, tutorial::plugin, puzzles::plugin));
}

/// The interface itself: HUD, menu, settings, pages, the tutorial's window, buttons'
/// places, typefaces and turned panels.
pub fn visuals_plugin(app: &mut App) {
    app.add_plugins((
        hud::plugin,
        menu::plugin,
        access::plugin,
        pages::ui_plugin,
        tutorial::ui_plugin,
        puzzles::ui_plugin,
        buttons::plugin,
        typefaces::plugin,
        language_texts::plugin,
        turned::plugin,
    ));
}
