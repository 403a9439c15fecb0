//! A game's card on the kiosk's welcome screen: its board, name and lines, and its
//! large buttons (play, learn, "Can you find it?", the story), their words made
//! smaller where a language's are too long for the card.

use crate::ai::puzzles::{Difficulty, PuzzleSet};
use crate::game::ui::language::Tr;
use crate::game::ui::pages::Page;
use crate::game::ui::puzzles::{PuzzleChoice, StartPuzzles};
use crate::game::ui::tutorial::StartLesson;
use crate::rules::{Game, Player};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// A visitor chose a game on the welcome screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KioskStart {
    pub game: Game,
    /// Against the computer (else two visitors).
    pub against_computer: bool,
    /// The side of the visitor who chose: South, but for one at a touch table's
    /// far edge.
    pub side: Player,
}

/// Tries a visitor has at a puzzle ("Can you find it?") before the answer is shown.
pub const VISITOR_TRIES: u32 = 3;

/// What a card of the welcome screen can ask for.
#[derive(SystemParam)]
pub(super) struct WelcomeChoices<'w> {
    pub(super) game: MessageWriter<'w, KioskStart>,
    pub(super) lesson: MessageWriter<'w, StartLesson>,
    pub(super) puzzles: MessageWriter<'w, StartPuzzles>,
    pub(super) page: ResMut<'w, NextState<Page>>,
}

/// The frame of a game's card on a welcome screen, at scale `u`.
pub(super) fn card_frame(u: f32) -> egui::Frame {
    let palette = &crate::game::ui::access::PALETTE;
    egui::Frame::new()
        .fill(palette.panel)
        .corner_radius(14)
        .inner_margin((10.0 * u).round())
        .stroke(egui::Stroke::new(1.0, palette.edge))
}

/// The side padding of a card's smaller buttons, at scale 1 (points).
const SMALL_PADDING: f32 = 8.0;

/// The text size, at most `size`, at which buttons of the words of `keys`, each
/// `padding` points wide on either side, stand in one row within `width` points.
fn fitting_size(
    ui: &egui::Ui,
    t: Tr,
    (keys, padding): (&[&'static str], f32),
    size: f32,
    width: f32,
) -> f32 {
    let around =
        keys.len() as f32 * 2.0 * padding + (keys.len() as f32 - 1.0) * ui.spacing().item_spacing.x;
    let words: f32 = ui.fonts_mut(|f| {
        keys.iter()
            .map(|k| {
                f.layout_no_wrap(
                    t.t(k).to_string(),
                    egui::FontId::proportional(size),
                    egui::Color32::WHITE,
                )
                .size()
                .x
            })
            .sum()
    });
    if words + around <= width || words <= 0.0 {
        size
    } else {
        // In whole steps of a tenth of a point (each size is a set of glyphs).
        (size * ((width - around) / words).max(0.6) * 10.0).floor() / 10.0
    }
}

/// A game's card on the welcome screen, at scale `u` and `card_width` points wide:
/// its board, its name and a few lines about it, play against the computer (and
/// against each other where the kiosk offers it), learn, a puzzle ("Can you find it?")
/// and the story (its page leads to the rules).
pub(super) fn game_card(
    ui: &mut egui::Ui,
    (g, u, card_width): (Game, f32, f32),
    (t, two_players, seed): (Tr, bool, u64),
    choose: &mut WelcomeChoices,
    minis: &mut crate::game::ui::title::Miniatures,
) {
    let palette = &crate::game::ui::access::PALETTE;
    let big = egui::vec2(0.0, 40.0 * u);
    let small = egui::vec2(0.0, 32.0 * u);
    // A row's words smaller where a language's are too long for the card (French).
    let inner = card_width - 20.0 * u;
    let mut big_keys = vec!["kiosk-play_computer"];
    if two_players {
        big_keys.push("kiosk-play_two");
    }
    let big_text = fitting_size(
        ui,
        t,
        (&big_keys, ui.spacing().button_padding.x),
        15.0 * u,
        inner,
    );
    let small_keys = ["tutorial-start", "kiosk-find_it", "menu-story"];
    let small_text = fitting_size(ui, t, (&small_keys, SMALL_PADDING * u), 12.0 * u, inner);
    card_frame(u).show(ui, |ui| {
        ui.vertical(|ui| {
            ui.set_width(card_width - 20.0 * u);
            ui.set_height((170.0 * u).round());
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(96.0 * u, 56.0 * u), egui::Sense::hover());
                crate::game::ui::title::paint_miniature(ui, rect, g, minis);
                ui.vertical(|ui| {
                    // Room for a name and three lines, so that
                    // the cards of a row are one height.
                    ui.set_min_height((76.0 * u).round());
                    ui.label(egui::RichText::new(g.name()).size(20.0 * u).strong());
                    t.paragraph_with(
                        ui,
                        t.reading(crate::game::ui::language::describe_key(g)),
                        egui::FontId::proportional(11.5 * u),
                        palette.muted,
                    );
                });
            });
            ui.add_space(4.0 * u);
            ui.horizontal(|ui| {
                let play = egui::Button::new(
                    egui::RichText::new(t.t("kiosk-play_computer"))
                        .size(big_text)
                        .strong()
                        .color(palette.ink),
                )
                .fill(palette.accent)
                .min_size(big);
                let play = ui.add(play);
                crate::game::ui::buttons::note_button(
                    ui.ctx(),
                    &format!("kiosk:{}", g.id()),
                    play.rect,
                );
                if play.clicked() {
                    choose.game.write(KioskStart {
                        game: g,
                        against_computer: true,
                        side: Player::South,
                    });
                }
                if two_players
                    && ui
                        .add(
                            egui::Button::new(
                                egui::RichText::new(t.t("kiosk-play_two")).size(big_text),
                            )
                            .min_size(big),
                        )
                        .clicked()
                {
                    choose.game.write(KioskStart {
                        game: g,
                        against_computer: false,
                        side: Player::South,
                    });
                }
            });
            // Smaller buttons: learn, a puzzle, the story (whose page leads to the
            // rules: one row, so that every card fits a 720-line screen).
            let small_button = |ui: &mut egui::Ui, key: &'static str| {
                ui.add(
                    egui::Button::new(egui::RichText::new(t.t(key)).size(small_text))
                        .min_size(small),
                )
            };
            ui.horizontal(|ui| {
                ui.spacing_mut().button_padding.x = SMALL_PADDING * u;
                if small_button(ui, "tutorial-start").clicked() {
                    choose.lesson.write(StartLesson(g));
                }
                let find_it = small_button(ui, "kiosk-find_it");
                crate::game::ui::buttons::note_button(
                    ui.ctx(),
                    &format!("kiosk-puzzle:{}", g.id()),
                    find_it.rect,
                );
                if find_it.on_hover_text(t.t("kiosk-find_it_hint")).clicked() {
                    choose.puzzles.write(StartPuzzles {
                        choice: PuzzleChoice::Set(PuzzleSet::of(g)),
                        tries: VISITOR_TRIES,
                        difficulty: Some(Difficulty::Easy),
                        rated: false,
                        seed,
                    });
                }
                if small_button(ui, "menu-story").clicked() {
                    choose.page.set(Page::Story(g));
                }
            });
        });
    });
}
