//! The interface language as a resource: every text on screen goes through [`Tr`].
//!
//! In a right-to-left language (Arabic) [`Tr::t`] and [`Tr::f`] give a line in the
//! order egui is to draw it (`content::bidi`): egui joins Arabic letters but has no
//! bidirectional algorithm. Text that wraps is turned line by line by
//! [`Tr::paragraph`]; values filled into a message ([`Tr::player`]) stay in reading
//! order, and the whole line is turned once.

use crate::content::bidi;
use bevy::prelude::*;
use bevy_egui::egui;

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

pub use crate::game::shared::Tr;

/// Text that wraps, laid out for egui in the language's reading direction.
impl Tr {
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
