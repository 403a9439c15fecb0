//! The title screen's game cards: a picture of each game's board, painted by the game
//! from its own look (the board's generated texture, its hollows, and its own seeds in
//! their starting places), with the game's name and one line about it.

use super::access::PALETTE;
use super::language::Tr;
use crate::game::look::look;
use crate::rules::{Game, GameState, Options};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;

/// The board textures of the cards, made once.
#[derive(Resource, Default)]
pub struct Miniatures(HashMap<Game, egui::TextureHandle>);

impl Miniatures {
    fn texture(&mut self, ctx: &egui::Context, game: Game) -> egui::TextureHandle {
        self.0
            .entry(game)
            .or_insert_with(|| {
                let maps = crate::game::look::procedural::surface_maps(
                    &look(game).board,
                    128,
                    game as u32,
                );
                let image = egui::ColorImage::from_rgba_unmultiplied(
                    [maps.albedo.width as usize, maps.albedo.height as usize],
                    &maps.albedo.rgba,
                );
                ctx.load_texture(
                    format!("board {}", game.id()),
                    image,
                    egui::TextureOptions {
                        wrap_mode: egui::TextureWrapMode::Repeat,
                        ..egui::TextureOptions::LINEAR
                    },
                )
            })
            .clone()
    }
}

fn colour(rgb: [f32; 3], k: f32) -> egui::Color32 {
    let c = |v: f32| ((v * k).clamp(0.0, 1.0) * 255.0) as u8;
    egui::Color32::from_rgb(c(rgb[0]), c(rgb[1]), c(rgb[2]))
}

/// Paints `game`'s board as seen from above, filling `rect`.
fn miniature(painter: &egui::Painter, rect: egui::Rect, game: Game, texture: &egui::TextureHandle) {
    let Ok(state) = GameState::new(game, Options::default()) else {
        return;
    };
    let board = state.board();
    let l = look(game);
    let (rows, cols) = (board.rows as f32, board.cols as f32);
    let stores = game == Game::Anywoli;
    // Board units: a pit per unit, a margin, a store at each end for Anywoli.
    let (bw, bh) = (cols + 0.5 + if stores { 1.8 } else { 0.0 }, rows + 0.8);
    let unit = (rect.width() / bw).min(rect.height() / bh);
    let size = egui::vec2(bw * unit, bh * unit);
    let board_rect = egui::Rect::from_center_size(rect.center(), size);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(bw / 4.0, bh / 4.0));
    let radius = if l.dug_in_ground { 0.0 } else { unit * 0.3 };
    painter.add(
        egui::epaint::RectShape::filled(board_rect, radius, egui::Color32::WHITE)
            .with_texture(texture.id(), uv),
    );
    let hollow = |c: egui::Pos2, rx: f32, ry: f32| {
        painter.add(egui::epaint::EllipseShape::filled(
            c,
            egui::vec2(rx, ry),
            egui::Color32::from_black_alpha(95),
        ));
        painter.add(egui::epaint::EllipseShape::stroke(
            c,
            egui::vec2(rx, ry),
            egui::Stroke::new(unit * 0.05, egui::Color32::from_white_alpha(28)),
        ));
    };
    let seed = |c: egui::Pos2, k: usize| {
        let tone = l.seed_tones[k % l.seed_tones.len()];
        painter.circle_filled(c, unit * 0.085, colour(tone, 1.0));
        painter.circle_filled(
            c + egui::vec2(-unit * 0.025, -unit * 0.03),
            unit * 0.03,
            colour(tone, 1.6),
        );
    };
    let left = board_rect.left() + unit * (0.75 + if stores { 0.9 } else { 0.0 });
    let top = board_rect.top() + unit * 0.9;
    for i in 0..board.len() {
        let (row, col) = (
            (i / board.cols as usize) as f32,
            (i % board.cols as usize) as f32,
        );
        let gap = if row >= rows / 2.0 { unit * 0.3 } else { 0.0 };
        let c = egui::pos2(left + col * unit, top + row * unit - unit * 0.15 + gap);
        hollow(c, unit * 0.4, unit * 0.4);
        let n = state.seeds().pits[i] as usize;
        for k in 0..n.min(7) {
            let offset = if k == 0 && n % 2 == 1 {
                egui::Vec2::ZERO
            } else {
                egui::Vec2::angled(k as f32 * 1.9 + i as f32) * unit * 0.2
            };
            seed(c + offset, k + i);
        }
    }
    if stores {
        for x in [
            board_rect.left() + unit * 0.75,
            board_rect.right() - unit * 0.75,
        ] {
            hollow(egui::pos2(x, board_rect.center().y), unit * 0.4, unit * 1.2);
        }
    }
}

/// Paints `game`'s board miniature into `rect` of `ui`.
pub fn paint_miniature(ui: &egui::Ui, rect: egui::Rect, game: Game, minis: &mut Miniatures) {
    let texture = minis.texture(ui.ctx(), game);
    miniature(ui.painter(), rect, game, &texture);
}

/// The row of game cards; a click chooses that game. Returns whether one was clicked.
/// `compact` cards show the picture and the name only (small windows).
pub fn game_cards(
    ui: &mut egui::Ui,
    tr: Tr,
    chosen: &mut Game,
    minis: &mut Miniatures,
    card_width: f32,
    compact: bool,
) -> bool {
    let mut clicked = false;
    let picture_h = card_width * 0.55;
    let layout = egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true);
    ui.with_layout(layout, |ui| {
        ui.spacing_mut().item_spacing = egui::vec2(12.0, 12.0);
        for g in Game::ALL {
            let selected = *chosen == g;
            let texture = minis.texture(ui.ctx(), g);
            let frame = egui::Frame::new()
                .fill(PALETTE.panel)
                .corner_radius(12)
                .inner_margin(10)
                .stroke(if selected {
                    egui::Stroke::new(3.0, PALETTE.accent)
                } else {
                    egui::Stroke::new(1.0, PALETTE.edge)
                });
            let response = frame
                .show(ui, |ui| {
                    ui.vertical(|ui| {
                        ui.set_width(card_width - 20.0);
                        // Cards of one height, whatever their line's length.
                        ui.set_min_height(picture_h + if compact { 28.0 } else { 78.0 });
                        let (rect, _) = ui.allocate_exact_size(
                            egui::vec2(card_width - 20.0, picture_h),
                            egui::Sense::hover(),
                        );
                        miniature(ui.painter(), rect, g, &texture);
                        ui.add_space(4.0);
                        let name = egui::RichText::new(g.name()).strong();
                        if compact {
                            ui.label(name.size(15.0));
                        } else {
                            ui.label(name.size(20.0));
                            tr.paragraph_with(
                                ui,
                                tr.reading(super::language::describe_key(g)),
                                egui::FontId::proportional(13.0),
                                PALETTE.muted,
                            );
                        }
                    });
                })
                .response
                .interact(egui::Sense::click());
            super::buttons::note_button(ui.ctx(), &format!("card:{}", g.id()), response.rect);
            if response.clicked() {
                *chosen = g;
                clicked = true;
            }
            if response.hovered() && !selected {
                ui.painter().rect_stroke(
                    response.rect,
                    12,
                    egui::Stroke::new(1.5, PALETTE.wood_pressed),
                    egui::StrokeKind::Inside,
                );
            }
        }
    });
    clicked
}
