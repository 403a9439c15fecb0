//! Reading pages opened from the menu, the game and the attract loop: the rules of
//! each game in plain words with a small board diagram, and the story of each game
//! with a map of where it is played.

use super::language::Tr;
use crate::rules::Game;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use crate::game::shared::Page;

/// The page state (headless-safe).
pub fn plugin(app: &mut App) {
    app.init_state::<Page>();
}

/// Draws the open page.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_page
            .run_if(not(in_state(Page::Closed)))
            .in_set(crate::game::DrawInterface),
    );
}

/// The rules sections in reading order: (heading key, text key suffix).
const RULE_SECTIONS: [(&str, &str); 6] = [
    ("pages-aim", "aim"),
    ("pages-board", "board"),
    ("pages-sowing", "sowing"),
    ("pages-capture", "capture"),
    ("pages-special", "special"),
    ("pages-end", "end"),
];

/// The key of a rules section of a game, e.g. `rules-omweso-aim`.
pub fn rules_key(game: Game, section: &str) -> String {
    format!("rules-{}-{section}", game.id())
}

/// The story sections in reading order: (heading key, text key suffix).
const STORY_SECTIONS: [(&str, &str); 3] = [
    ("pages-people", "people"),
    ("pages-history", "history"),
    ("pages-names", "names"),
];

/// A place on the map: its label key and (longitude, latitude) in degrees.
pub struct Place {
    pub label: &'static str,
    pub lon: f32,
    pub lat: f32,
}

/// Where each game is played.
pub fn places(game: Game) -> &'static [Place] {
    match game {
        Game::Omweso => &[Place {
            label: "story-place-uganda",
            lon: 32.6,
            lat: 0.8,
        }],
        Game::Anywoli => &[Place {
            label: "story-place-gambela",
            lon: 34.6,
            lat: 8.2,
        }],
        Game::Nsolo => &[
            Place {
                label: "story-place-malawi",
                lon: 33.8,
                lat: -13.5,
            },
            Place {
                label: "story-place-zambia",
                lon: 28.3,
                lat: -14.5,
            },
        ],
        Game::Hawalis => &[
            Place {
                label: "story-place-oman",
                lon: 57.5,
                lat: 22.0,
            },
            Place {
                label: "story-place-zanzibar",
                lon: 39.3,
                lat: -6.1,
            },
        ],
        Game::BaoKigogo => &[Place {
            label: "story-place-dodoma",
            lon: 35.7,
            lat: -6.2,
        }],
    }
}

/// Coastlines, roughly, as (longitude, latitude) polylines: Africa, Arabia,
/// Madagascar and two great lakes. A sketch for orientation, not a survey.
const COASTS: [&[(f32, f32)]; 5] = [
    &[
        (10.0, 37.0),
        (20.0, 31.0),
        (25.0, 31.5),
        (32.0, 31.0),
        (34.5, 29.5),
        (35.0, 24.0),
        (37.0, 19.0),
        (39.0, 15.5),
        (43.0, 12.5),
        (44.0, 10.5),
        (51.0, 11.8),
        (49.0, 6.0),
        (46.0, 2.0),
        (42.0, -1.5),
        (40.2, -3.0),
        (39.0, -6.0),
        (40.5, -10.5),
        (40.6, -15.0),
        (34.8, -19.8),
        (35.5, -23.0),
        (32.8, -26.0),
        (32.5, -28.7),
        (30.8, -30.0),
        (27.5, -33.5),
        (25.0, -34.0),
        (20.0, -34.8),
        (18.4, -34.0),
        (17.9, -31.0),
        (15.0, -27.0),
        (14.4, -23.0),
        (11.8, -17.0),
        (13.4, -12.0),
        (12.0, -5.0),
        (9.5, -1.0),
        (9.5, 4.0),
        (8.0, 4.5),
        (2.0, 6.3),
        (-4.0, 5.2),
        (-7.5, 4.4),
        (-11.5, 7.0),
        (-15.0, 11.0),
        (-17.0, 14.7),
        (-16.0, 19.0),
        (-17.0, 21.0),
        (-13.0, 27.5),
        (-9.8, 30.0),
        (-6.0, 35.8),
        (-1.0, 35.7),
        (3.0, 36.8),
        (10.0, 37.0),
    ],
    &[
        (34.9, 29.5),
        (36.5, 26.0),
        (39.0, 21.5),
        (42.5, 16.5),
        (43.3, 12.7),
        (45.0, 12.8),
        (49.0, 14.5),
        (52.2, 15.6),
        (55.0, 17.5),
        (57.0, 18.9),
        (58.5, 20.5),
        (59.8, 22.5),
        (58.5, 23.6),
        (56.4, 24.8),
        (56.3, 26.2),
        (55.5, 25.5),
        (54.0, 24.2),
        (51.5, 24.5),
        (50.5, 26.2),
        (48.5, 28.0),
        (48.0, 30.0),
    ],
    &[
        (49.3, -12.0),
        (50.5, -15.5),
        (49.5, -17.5),
        (48.0, -21.0),
        (47.1, -25.0),
        (45.2, -25.5),
        (43.7, -23.5),
        (43.3, -21.0),
        (44.4, -16.5),
        (46.3, -15.7),
        (47.7, -14.5),
        (49.3, -12.0),
    ],
    &[
        (31.7, -0.5),
        (33.0, 0.3),
        (34.1, -0.3),
        (33.9, -2.3),
        (32.0, -2.5),
        (31.6, -1.2),
        (31.7, -0.5),
    ],
    &[(34.3, -9.5), (34.6, -12.0), (34.9, -14.4)],
];

/// The part of the world the map shows: longitude and latitude ranges.
const MAP_LON: (f32, f32) = (14.0, 62.0);
const MAP_LAT: (f32, f32) = (-35.0, 27.0);

/// Draws the map, marking the places of `game` (and the others, fainter).
pub fn draw_map(ui: &mut egui::Ui, tr: Tr, game: Game, high_contrast: bool, width: f32) {
    let height = width * (MAP_LAT.1 - MAP_LAT.0) / (MAP_LON.1 - MAP_LON.0) * 0.95;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let to_screen = |lon: f32, lat: f32| {
        egui::pos2(
            rect.left() + (lon - MAP_LON.0) / (MAP_LON.1 - MAP_LON.0) * rect.width(),
            rect.top() + (MAP_LAT.1 - lat) / (MAP_LAT.1 - MAP_LAT.0) * rect.height(),
        )
    };
    let (sea, coast, mark, other) = if high_contrast {
        (
            egui::Color32::BLACK,
            egui::Color32::WHITE,
            egui::Color32::from_rgb(255, 210, 0),
            egui::Color32::GRAY,
        )
    } else {
        (
            egui::Color32::from_rgb(22, 48, 66),
            egui::Color32::from_rgb(214, 190, 140),
            egui::Color32::from_rgb(230, 159, 0),
            egui::Color32::from_rgb(150, 130, 100),
        )
    };
    painter.rect_filled(rect, 6.0, sea);
    for line in COASTS {
        let points: Vec<egui::Pos2> = line.iter().map(|&(lo, la)| to_screen(lo, la)).collect();
        painter.add(egui::Shape::line(points, egui::Stroke::new(1.5, coast)));
    }
    for g in Game::ALL {
        for place in places(g) {
            let at = to_screen(place.lon, place.lat);
            if g == game {
                // A filled dot in a ring: the marked place does not rely on colour.
                painter.circle_filled(at, 6.0, mark);
                painter.circle_stroke(at, 9.0, egui::Stroke::new(2.0, mark));
                // Beside the dot, on whichever side has room; where neither has, only
                // the name before its bracket (the caption under the map says it all).
                let label = tr.t(place.label);
                let font = egui::FontId::proportional(14.0);
                let width = |text: &str| {
                    painter
                        .layout_no_wrap(text.to_string(), font.clone(), mark)
                        .size()
                        .x
                };
                let fits_right = |text: &str| at.x + 12.0 + width(text) <= rect.right() - 4.0;
                let fits_left = |text: &str| at.x - 12.0 - width(text) >= rect.left() + 4.0;
                let short = label.split(" (").next().unwrap_or(label);
                let (text, right) = if fits_right(label) {
                    (label, true)
                } else if fits_left(label) {
                    (label, false)
                } else {
                    (short, fits_right(short) || !fits_left(short))
                };
                let (offset, align) = if right {
                    (12.0, egui::Align2::LEFT_CENTER)
                } else {
                    (-12.0, egui::Align2::RIGHT_CENTER)
                };
                painter.text(at + egui::vec2(offset, 0.0), align, text, font, mark);
            } else {
                painter.circle_stroke(at, 4.0, egui::Stroke::new(1.5, other));
            }
        }
    }
}

/// Draws a small board: the learner's two rows (or one, in Anywoli) outlined and
/// marked, and an arrow loop showing the counter-clockwise sowing.
pub fn draw_diagram(ui: &mut egui::Ui, tr: Tr, game: Game, high_contrast: bool) {
    let (rows, cols) = match game {
        Game::Omweso => (4, 8),
        Game::Anywoli => (2, 12),
        Game::Nsolo => (4, 8),
        Game::Hawalis => (4, 7),
        Game::BaoKigogo => (4, 12),
    };
    let stores = game == Game::Anywoli;
    let cell = 22.0;
    let extra = if stores { 2.0 * cell } else { 0.0 };
    let width = cols as f32 * cell + extra + 130.0;
    let height = rows as f32 * cell + 8.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let (yours, theirs, arrow) = if high_contrast {
        (
            egui::Color32::from_rgb(255, 210, 0),
            egui::Color32::GRAY,
            egui::Color32::WHITE,
        )
    } else {
        (
            egui::Color32::from_rgb(230, 159, 0),
            egui::Color32::from_rgb(110, 90, 70),
            egui::Color32::from_rgb(86, 180, 233),
        )
    };
    let left = rect.left() + 4.0 + if stores { cell } else { 0.0 };
    let centre = |r: usize, c: usize| {
        egui::pos2(
            left + (c as f32 + 0.5) * cell,
            rect.top() + 4.0 + (r as f32 + 0.5) * cell,
        )
    };
    let own_from = rows / 2;
    for r in 0..rows {
        for c in 0..cols {
            let at = centre(r, c);
            if r >= own_from {
                painter.circle_filled(at, cell * 0.36, yours);
            } else {
                // The opponent's pits: hollow, so the two sides differ in shape too.
                painter.circle_stroke(at, cell * 0.34, egui::Stroke::new(1.5, theirs));
            }
        }
    }
    if stores {
        for x in [left - cell * 0.5, left + (cols as f32 + 0.5) * cell] {
            let r = egui::Rect::from_center_size(
                egui::pos2(x, rect.top() + 4.0 + cell),
                egui::vec2(cell * 0.8, cell * 1.8),
            );
            painter.rect_stroke(
                r,
                6.0,
                egui::Stroke::new(1.5, theirs),
                egui::StrokeKind::Inside,
            );
        }
    }
    // The loop: along the near row left to right, back along the far row of the
    // circuit right to left (counter-clockwise seen from above).
    let (near, far) = if stores { (1, 0) } else { (3, 2) };
    let inset = cell * 0.5;
    let path = vec![
        centre(near, 0) + egui::vec2(0.0, 0.0),
        centre(near, cols - 1),
        centre(far, cols - 1),
        centre(far, 0) + egui::vec2(inset * 0.2, 0.0),
    ];
    painter.add(egui::Shape::line(path, egui::Stroke::new(2.5, arrow)));
    for (from, to) in [
        (centre(near, cols - 2), centre(near, cols - 1)),
        (centre(far, 1), centre(far, 0)),
    ] {
        let dir = (to - from).normalized();
        let side = egui::vec2(-dir.y, dir.x) * 5.0;
        painter.add(egui::Shape::convex_polygon(
            vec![to, to - dir * 9.0 + side, to - dir * 9.0 - side],
            arrow,
            egui::Stroke::NONE,
        ));
    }
    let label_x = left + cols as f32 * cell + extra * 0.5 + 8.0;
    painter.text(
        egui::pos2(
            label_x,
            centre(own_from, 0).y + cell * 0.5 * (rows as f32 / 2.0 - 1.0),
        ),
        egui::Align2::LEFT_CENTER,
        tr.t("rules-diagram-yours"),
        egui::FontId::proportional(12.0),
        yours,
    );
    painter.text(
        egui::pos2(
            label_x,
            centre(0, 0).y + cell * 0.5 * (rows as f32 / 2.0 - 1.0),
        ),
        egui::Align2::LEFT_CENTER,
        tr.t("rules-diagram-theirs"),
        egui::FontId::proportional(12.0),
        theirs,
    );
}

/// The rules page of a game.
pub fn rules_page(ui: &mut egui::Ui, tr: Tr, game: Game, high_contrast: bool) {
    draw_diagram(ui, tr, game, high_contrast);
    let caption = if game == Game::Anywoli {
        tr.reading("rules-diagram-caption_anywoli")
    } else {
        tr.reading("rules-diagram-caption")
    };
    tr.paragraph_in(ui, caption, egui::TextStyle::Small);
    for (heading, section) in RULE_SECTIONS {
        ui.add_space(6.0);
        ui.strong(tr.t(heading));
        tr.paragraph(ui, tr.reading(&rules_key(game, section)));
    }
    ui.add_space(6.0);
    ui.strong(tr.t("pages-terms"));
    for key in [
        "rules-terms-sow",
        "rules-terms-relay",
        "rules-terms-capture",
    ] {
        tr.paragraph(ui, tr.reading(key));
    }
}

/// The story page of a game.
pub fn story_page(ui: &mut egui::Ui, tr: Tr, game: Game, high_contrast: bool) {
    ui.strong(tr.t("story-map-title"));
    draw_map(ui, tr, game, high_contrast, 260.0);
    tr.paragraph_in(ui, tr.reading("story-map-caption"), egui::TextStyle::Small);
    ui.add_space(6.0);
    tr.paragraph(ui, tr.reading(&format!("story-{}-where", game.id())));
    for (heading, section) in STORY_SECTIONS {
        ui.add_space(6.0);
        ui.strong(tr.t(heading));
        tr.paragraph(ui, tr.reading(&format!("story-{}-{section}", game.id())));
    }
}

fn show_page(
    mut contexts: EguiContexts,
    page: Res<State<Page>>,
    mut next: ResMut<NextState<Page>>,
    tr: Res<Tr>,
    access: Res<super::access::Access>,
) -> Result {
    let page = *page.get();
    let tr = *tr;
    let (title, game) = match page {
        Page::Rules(g) => (format!("{} — {}", tr.t("rules-title"), g.name()), g),
        Page::Story(g) => (format!("{} — {}", tr.t("story-title"), g.name()), g),
        Page::Closed => return Ok(()),
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    let mut go: Option<Game> = None;
    egui::Window::new(title)
        .id(egui::Id::new("page"))
        // Over the game's panels, whose lines may be long in some languages.
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .show(ctx, |ui| {
            let tall = ui.ctx().content_rect().height() * 0.75;
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, |ui| {
                    ui.set_max_width(560.0);
                    // Right to left: headings and text along the right edge.
                    let align = if tr.0.is_rtl() {
                        egui::Align::Max
                    } else {
                        egui::Align::Min
                    };
                    ui.with_layout(egui::Layout::top_down(align), |ui| match page {
                        Page::Rules(g) => rules_page(ui, tr, g, access.high_contrast),
                        Page::Story(g) => story_page(ui, tr, g, access.high_contrast),
                        Page::Closed => {}
                    });
                });
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let i = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
                let n = Game::ALL.len();
                if ui.button(tr.t("story-previous")).clicked() {
                    go = Some(Game::ALL[(i + n - 1) % n]);
                }
                if ui.button(tr.t("story-next")).clicked() {
                    go = Some(Game::ALL[(i + 1) % n]);
                }
                match page {
                    Page::Rules(g) if ui.button(tr.t("menu-story")).clicked() => {
                        next.set(Page::Story(g));
                    }
                    Page::Story(g) if ui.button(tr.t("menu-rules")).clicked() => {
                        next.set(Page::Rules(g));
                    }
                    _ => {}
                }
                if ui.button(tr.t("rules-close")).clicked() {
                    close = true;
                }
            });
        });
    if let Some(g) = go {
        next.set(match page {
            Page::Story(_) => Page::Story(g),
            _ => Page::Rules(g),
        });
    }
    if close {
        next.set(Page::Closed);
    }
    Ok(())
}
