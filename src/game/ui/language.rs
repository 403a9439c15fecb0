//! The interface language as a resource: every text on screen goes through [`Tr`].
//!
//! In a right-to-left language (Arabic) [`Tr::t`] and [`Tr::f`] give a line in the
//! order egui is to draw it (`content::bidi`): egui joins Arabic letters but has no
//! bidirectional algorithm. Text that wraps is turned line by line by
//! [`Tr::paragraph`]; values filled into a message ([`Tr::player`]) stay in reading
//! order, and the whole line is turned once.

use crate::content::bidi;
use crate::content::i18n::{self, Language};
use crate::rules::{Outcome, Player};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;
use std::fmt::Display;
use std::sync::{Mutex, OnceLock};

/// The key under which egui's memory holds whether the interface reads right to left
/// (see [`mark_reading_direction`]).
fn rtl_key() -> egui::Id {
    egui::Id::new("mancala-hall reads right to left")
}

/// Whether the interface reads right to left, for widgets that have only egui's
/// context (an icon button puts its icon at the right of its word).
pub fn reads_right_to_left(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(rtl_key())).unwrap_or(false)
}

/// Tells egui's context the language's reading direction, each frame before the
/// interface is drawn.
pub fn mark_reading_direction(mut contexts: bevy_egui::EguiContexts, tr: Res<Tr>) -> Result {
    set_reads_right_to_left(contexts.ctx_mut()?, tr.0.is_rtl());
    Ok(())
}

/// Tells egui's context whether the interface reads right to left.
pub fn set_reads_right_to_left(ctx: &egui::Context, rtl: bool) {
    ctx.data_mut(|d| d.insert_temp(rtl_key(), rtl));
}

/// The language of the interface; switchable at run time.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tr(pub Language);

impl Tr {
    /// The text of a key, as it is drawn (one line).
    pub fn t(&self, key: &'static str) -> &'static str {
        let text = i18n::text(self.0, key);
        if self.0.is_rtl() { drawn(text) } else { text }
    }

    /// The text of a key with its variables (`{ $name }`) filled in, as it is drawn
    /// (one line).
    pub fn f(&self, key: &'static str, args: &[(&str, &dyn Display)]) -> String {
        self.line(i18n::fill(self.0, key, args))
    }

    /// A player's name, in reading order (a value for [`Tr::f`]).
    pub fn player(&self, p: Player) -> &'static str {
        i18n::text(self.0, i18n::player_key(p))
    }

    /// Who won and why, as it is drawn.
    pub fn outcome(&self, o: &Outcome) -> String {
        self.line(i18n::outcome_line(self.0, o))
    }

    /// A line made in reading order (from `i18n`), as it is drawn.
    pub fn line(&self, text: String) -> String {
        if self.0.is_rtl() {
            bidi::visual_line(&text)
        } else {
            text
        }
    }

    /// The text of a key in reading order, for [`Tr::paragraph`] or to be filled into
    /// another message.
    pub fn reading<'a>(&self, key: &'a str) -> &'a str {
        i18n::text(self.0, key)
    }

    /// A text that may wrap, in reading order: a plain label, or in a right-to-left
    /// language its lines broken to the panel's width, each turned, right-aligned.
    pub fn paragraph(&self, ui: &mut egui::Ui, text: &str) -> egui::Response {
        self.paragraph_in(ui, text, egui::TextStyle::Body)
    }

    /// As [`Tr::paragraph`], in a text style of egui's (`Small` for captions).
    pub fn paragraph_in(
        &self,
        ui: &mut egui::Ui,
        text: &str,
        style: egui::TextStyle,
    ) -> egui::Response {
        let font = style.resolve(ui.style());
        let color = ui.visuals().text_color();
        self.paragraph_with(ui, text, font, color)
    }

    /// As [`Tr::paragraph`], in a font and colour of its own.
    pub fn paragraph_with(
        &self,
        ui: &mut egui::Ui,
        text: &str,
        font: egui::FontId,
        color: egui::Color32,
    ) -> egui::Response {
        if !self.0.is_rtl() {
            return ui.label(egui::RichText::new(text).font(font).color(color));
        }
        let width = ui.available_width();
        let lines = bidi::wrap(text, width, |line| {
            ui.ctx().fonts_mut(|f| {
                f.layout_no_wrap(line.to_string(), font.clone(), color)
                    .size()
                    .x
            })
        });
        // Each line in a row exactly as wide as the lines were broken to, drawn
        // from its right edge.
        ui.vertical(|ui| {
            // Arabic letters reach higher and lower than Latin ones: a little air.
            ui.spacing_mut().item_spacing.y = 2.0;
            let row = ui.fonts_mut(|f| f.row_height(&font));
            for line in &lines {
                let line = egui::RichText::new(bidi::visual_line(line))
                    .font(font.clone())
                    .color(color);
                ui.allocate_ui_with_layout(
                    egui::vec2(width, row),
                    egui::Layout::right_to_left(egui::Align::Center),
                    |ui| ui.add(egui::Label::new(line).wrap_mode(egui::TextWrapMode::Extend)),
                );
            }
        })
        .response
    }
}

/// A message of a right-to-left language in drawing order, turned once and kept (the
/// catalogs live as long as the program).
fn drawn(text: &'static str) -> &'static str {
    static DRAWN: OnceLock<Mutex<HashMap<&'static str, &'static str>>> = OnceLock::new();
    let mut drawn = DRAWN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    drawn
        .entry(text)
        .or_insert_with(|| Box::leak(bidi::visual_line(text).into_boxed_str()))
}

/// The language was fixed by the command line or the kiosk configuration: the saved
/// setting does not override it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FixedLanguage;

/// The key of the one-line description of each game, for the menu.
pub fn describe_key(game: crate::rules::Game) -> &'static str {
    match game {
        crate::rules::Game::Omweso => "menu-describe-omweso",
        crate::rules::Game::Anywoli => "menu-describe-anywoli",
        crate::rules::Game::Nsolo => "menu-describe-nsolo",
        crate::rules::Game::Hawalis => "menu-describe-hawalis",
        crate::rules::Game::BaoKigogo => "menu-describe-bao_kigogo",
    }
}

/// The key of a computer level's name.
pub fn level_key(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Beginner => "level-beginner",
        crate::ai::Level::Player => "level-player",
        crate::ai::Level::Expert => "level-expert",
        crate::ai::Level::Master => "level-master",
    }
}
