//! The interface's icons, drawn as strokes and shapes by egui's painter: no icon font
//! or image files to download (the interface compiles in one text face only, see
//! [`super::typefaces::fonts`]), and sharp at every text scale. [`button`] puts one on a
//! regular egui button, alone or before a word; its name is the button's tooltip and
//! its accessible label.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Ui, vec2};

/// An icon of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Take the last turn back: an arrow turning back to the left.
    Undo,
    /// Play a taken-back turn again: the same arrow turning right.
    Redo,
    /// Ask the computer for a hint: a light bulb.
    Hint,
    /// The list of moves: lines with bullets.
    MoveList,
    /// The rules page: an open book.
    Rules,
    /// Save the game: an arrow down into a tray.
    Save,
    /// The settings: a gear wheel.
    Settings,
    /// The menu: three bars.
    Menu,
    /// Skip the animation: two arrowheads and a bar.
    Skip,
    /// Play (a replay): an arrowhead.
    Play,
    /// Pause (a replay): two bars.
    Pause,
    /// One move back (a replay): a bar and an arrowhead to the left.
    StepBack,
    /// One move on (a replay): an arrowhead and a bar to the right.
    Step,
    /// Stop watching (a replay): a square.
    Stop,
    /// The game review: a graph's line rising and falling over its axis.
    Review,
    /// A wide board whole, or close up again: a long board of two rows of pits
    /// between two brackets.
    WholeBoard,
}

impl Icon {
    /// Every icon (for tests and the gallery).
    pub const ALL: [Icon; 16] = [
        Icon::Undo,
        Icon::Redo,
        Icon::Hint,
        Icon::MoveList,
        Icon::Rules,
        Icon::Save,
        Icon::Settings,
        Icon::Menu,
        Icon::Skip,
        Icon::Play,
        Icon::Pause,
        Icon::StepBack,
        Icon::Step,
        Icon::Stop,
        Icon::Review,
        Icon::WholeBoard,
    ];
}

/// Draws `icon` into `rect` (a square works best) in `color`.
pub fn paint(painter: &egui::Painter, rect: Rect, icon: Icon, color: Color32) {
    let side = rect.width().min(rect.height());
    let pen = Pen {
        painter,
        square: Rect::from_center_size(rect.center(), vec2(side, side)),
        side,
        color,
        line: Stroke::new((side * 0.1).max(1.5), color),
        thin: Stroke::new((side * 0.075).max(1.2), color),
    };
    match icon {
        Icon::Undo | Icon::Redo => hook(&pen, icon == Icon::Redo),
        Icon::Hint => bulb(&pen),
        Icon::MoveList => {
            for y in [0.25, 0.5, 0.75] {
                pen.painter
                    .circle_filled(pen.at(0.16, y), pen.side * 0.075, pen.color);
                pen.path(vec![pen.at(0.34, y), pen.at(0.88, y)]);
            }
        }
        Icon::Rules => book(&pen),
        Icon::Save => {
            pen.path(vec![pen.at(0.5, 0.1), pen.at(0.5, 0.52)]);
            pen.fill(vec![
                pen.at(0.3, 0.44),
                pen.at(0.7, 0.44),
                pen.at(0.5, 0.66),
            ]);
            pen.path(vec![
                pen.at(0.14, 0.58),
                pen.at(0.14, 0.86),
                pen.at(0.86, 0.86),
                pen.at(0.86, 0.58),
            ]);
        }
        Icon::Settings => gear(&pen),
        Icon::Menu => {
            for y in [0.25, 0.5, 0.75] {
                pen.path(vec![pen.at(0.14, y), pen.at(0.86, y)]);
            }
        }
        Icon::Skip => {
            pen.fill(vec![
                pen.at(0.08, 0.2),
                pen.at(0.44, 0.5),
                pen.at(0.08, 0.8),
            ]);
            pen.fill(vec![
                pen.at(0.42, 0.2),
                pen.at(0.78, 0.5),
                pen.at(0.42, 0.8),
            ]);
            pen.path(vec![pen.at(0.86, 0.2), pen.at(0.86, 0.8)]);
        }
        Icon::Play => pen.fill(vec![
            pen.at(0.24, 0.14),
            pen.at(0.84, 0.5),
            pen.at(0.24, 0.86),
        ]),
        Icon::Pause => {
            for x in [0.22, 0.6] {
                pen.painter.rect_filled(
                    Rect::from_min_max(pen.at(x, 0.16), pen.at(x + 0.18, 0.84)),
                    pen.side * 0.03,
                    pen.color,
                );
            }
        }
        Icon::StepBack => {
            pen.path(vec![pen.at(0.2, 0.18), pen.at(0.2, 0.82)]);
            pen.fill(vec![
                pen.at(0.82, 0.16),
                pen.at(0.3, 0.5),
                pen.at(0.82, 0.84),
            ]);
        }
        Icon::Step => {
            pen.path(vec![pen.at(0.8, 0.18), pen.at(0.8, 0.82)]);
            pen.fill(vec![
                pen.at(0.18, 0.16),
                pen.at(0.7, 0.5),
                pen.at(0.18, 0.84),
            ]);
        }
        Icon::Stop => {
            pen.painter.rect_filled(
                Rect::from_min_max(pen.at(0.2, 0.2), pen.at(0.8, 0.8)),
                pen.side * 0.06,
                pen.color,
            );
        }
        Icon::Review => graph(&pen),
        Icon::WholeBoard => whole_board(&pen),
    }
}

/// What an icon is drawn with: its square, its colour and its two line weights.
struct Pen<'a> {
    painter: &'a egui::Painter,
    square: Rect,
    side: f32,
    color: Color32,
    /// The main line, and a thinner one for details.
    line: Stroke,
    thin: Stroke,
}

impl Pen<'_> {
    /// A point of the square, given 0..1 from its top left.
    fn at(&self, x: f32, y: f32) -> Pos2 {
        self.square.min + vec2(x, y) * self.side
    }

    /// A line through `points` in the main weight.
    fn path(&self, points: Vec<Pos2>) {
        self.painter.add(egui::Shape::line(points, self.line));
    }

    /// A filled convex shape.
    fn fill(&self, points: Vec<Pos2>) {
        self.painter.add(egui::Shape::convex_polygon(
            points,
            self.color,
            Stroke::NONE,
        ));
    }
}

/// A hook: a straight run to the right, a half turn down, back to the left;
/// the arrowhead on the first end. Redo is its mirror image.
fn hook(pen: &Pen, redo: bool) {
    let flip = |x: f32| if redo { 1.0 - x } else { x };
    let mut hook = vec![pen.at(flip(0.2), 0.36)];
    for i in 0..=12 {
        let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::PI * i as f32 / 12.0;
        hook.push(pen.at(flip(0.6 + 0.22 * a.cos()), 0.58 + 0.22 * a.sin()));
    }
    hook.push(pen.at(flip(0.32), 0.8));
    pen.path(hook);
    pen.fill(vec![
        pen.at(flip(0.06), 0.36),
        pen.at(flip(0.3), 0.18),
        pen.at(flip(0.3), 0.54),
    ]);
}

/// A light bulb with its glint.
fn bulb(pen: &Pen) {
    pen.painter
        .circle_stroke(pen.at(0.5, 0.4), pen.side * 0.25, pen.line);
    pen.path(vec![
        pen.at(0.4, 0.6),
        pen.at(0.41, 0.72),
        pen.at(0.59, 0.72),
        pen.at(0.6, 0.6),
    ]);
    pen.path(vec![pen.at(0.42, 0.86), pen.at(0.58, 0.86)]);
    // The glint.
    pen.painter.add(egui::Shape::line(
        vec![pen.at(0.4, 0.36), pen.at(0.46, 0.28)],
        pen.thin,
    ));
}

/// An open book: two pages meeting at the spine.
fn book(pen: &Pen) {
    for x in [0.08, 0.92] {
        pen.path(vec![
            pen.at(0.5, 0.3),
            pen.at(x, 0.2),
            pen.at(x, 0.76),
            pen.at(0.5, 0.86),
            pen.at(0.5, 0.3),
        ]);
    }
    for (a, b) in [(0.2, 0.38), (0.62, 0.8)] {
        pen.painter.add(egui::Shape::line(
            vec![pen.at(a, 0.42), pen.at(b, 0.46)],
            pen.thin,
        ));
    }
}

/// A gear: eight teeth around a ring.
fn gear(pen: &Pen) {
    let centre = pen.at(0.5, 0.5);
    let teeth = 8;
    let mut rim = Vec::new();
    for i in 0..teeth {
        let a = std::f32::consts::TAU * i as f32 / teeth as f32;
        let half = std::f32::consts::TAU / teeth as f32 / 2.0;
        for (da, r) in [
            (-half * 0.5, 0.3),
            (-half * 0.3, 0.44),
            (half * 0.3, 0.44),
            (half * 0.5, 0.3),
        ] {
            let t = a + da;
            rim.push(centre + vec2(t.cos(), t.sin()) * r * pen.side);
        }
    }
    pen.painter.add(egui::Shape::closed_line(rim, pen.thin));
    pen.painter.circle_stroke(centre, pen.side * 0.13, pen.thin);
}

/// The axes, and the line of the game rising and falling with a dot on it.
fn graph(pen: &Pen) {
    pen.painter.add(egui::Shape::line(
        vec![pen.at(0.1, 0.1), pen.at(0.1, 0.9), pen.at(0.92, 0.9)],
        pen.thin,
    ));
    pen.path(vec![
        pen.at(0.18, 0.62),
        pen.at(0.36, 0.38),
        pen.at(0.54, 0.56),
        pen.at(0.7, 0.24),
        pen.at(0.88, 0.44),
    ]);
    pen.painter
        .circle_filled(pen.at(0.7, 0.24), pen.side * 0.09, pen.color);
}

/// Brackets at the ends, and the board's pits in two rows between them.
fn whole_board(pen: &Pen) {
    pen.path(vec![
        pen.at(0.2, 0.2),
        pen.at(0.06, 0.2),
        pen.at(0.06, 0.8),
        pen.at(0.2, 0.8),
    ]);
    pen.path(vec![
        pen.at(0.8, 0.2),
        pen.at(0.94, 0.2),
        pen.at(0.94, 0.8),
        pen.at(0.8, 0.8),
    ]);
    for y in [0.38, 0.62] {
        for x in [0.26, 0.42, 0.58, 0.74] {
            pen.painter
                .circle_filled(pen.at(x, y), pen.side * 0.06, pen.color);
        }
    }
}

/// A button with `icon`, followed by `word` when there is one. `name` says what it
/// does (with its key, if any): the tooltip, and the label screen readers announce.
/// `selected` shows it pressed (a panel it opens is open).
pub fn button(
    ui: &mut Ui,
    icon: Icon,
    word: Option<&str>,
    name: &str,
    selected: bool,
) -> egui::Response {
    let side = ui.text_style_height(&egui::TextStyle::Button) * 1.1;
    let id = ui.next_auto_id().with("icon");
    let atom = egui::Atom::custom(id, vec2(side, side));
    // The icon comes first in reading order: at the right in a right-to-left language.
    let button = match word {
        Some(w) if super::language::reads_right_to_left(ui.ctx()) => egui::Button::new((w, atom)),
        Some(w) => egui::Button::new((atom, w)),
        None => egui::Button::new(atom),
    };
    let shown = button.selected(selected).atom_ui(ui);
    let response = shown.response.clone();
    if let Some(rect) = shown.rect(id) {
        let color = ui
            .style()
            .interact_selectable(&response, selected)
            .text_color();
        paint(ui.painter(), rect, icon, color);
    }
    if word.is_none() {
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::WidgetType::Button, ui.is_enabled(), selected, name)
        });
    }
    response.on_hover_text(name).on_disabled_hover_text(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui::pos2;

    /// Runs an egui pass of `add` on the bare screen, with the game's typeface (set in
    /// a pass before), and returns what it painted.
    fn painted(add: impl FnMut(&mut Ui)) -> Vec<egui::epaint::ClippedShape> {
        let ctx = egui::Context::default();
        ctx.set_fonts(crate::game::ui::typefaces::fonts());
        let mut add = add;
        let input = || egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0))),
            ..Default::default()
        };
        ctx.run_ui(input(), |_| {}).drop_without_applying_deltas();
        let mut output = ctx.run_ui(input(), |ui| add(ui));
        let shapes = std::mem::take(&mut output.shapes);
        output.drop_without_applying_deltas();
        shapes
    }

    /// The bounds of what was painted, and the number of shapes.
    fn extent(shapes: &[egui::epaint::ClippedShape]) -> (Rect, usize) {
        let mut bounds = Rect::NOTHING;
        let mut n = 0;
        for s in shapes {
            let r = s.shape.visual_bounding_rect();
            if r.is_positive() {
                bounds = bounds.union(r);
                n += 1;
            }
        }
        (bounds, n)
    }

    #[test]
    fn every_icon_draws_within_its_square_and_no_two_look_alike() {
        let square = Rect::from_min_size(pos2(100.0, 100.0), vec2(24.0, 24.0));
        let mut drawings = Vec::new();
        for icon in Icon::ALL {
            let shapes = painted(|ui| paint(ui.painter(), square, icon, Color32::WHITE));
            let (bounds, n) = extent(&shapes);
            assert!(n >= 1, "{icon:?} draws nothing");
            // Strokes may reach half their width past the square.
            assert!(
                square.expand(2.0).contains_rect(bounds),
                "{icon:?} spills out: {bounds:?}"
            );
            assert!(
                bounds.width() > 0.5 * square.width() && bounds.height() > 0.5 * square.height(),
                "{icon:?} is too small to read: {bounds:?}"
            );
            drawings.push((icon, format!("{shapes:?}")));
        }
        for (i, (a, da)) in drawings.iter().enumerate() {
            for (b, db) in &drawings[i + 1..] {
                assert_ne!(da, db, "{a:?} and {b:?} are drawn the same");
            }
        }
    }

    #[test]
    fn an_icon_alone_is_narrower_than_its_words_and_a_word_follows_its_icon() {
        let mut widths = (0.0, 0.0, 0.0);
        painted(|ui| {
            ui.horizontal(|ui| {
                widths.0 = button(ui, Icon::Undo, None, "Undo (ctrl+z)", false)
                    .rect
                    .width();
                widths.1 = ui.button("Undo (ctrl+z)").rect.width();
                widths.2 = button(ui, Icon::Hint, Some("Hint"), "Hint", false)
                    .rect
                    .width();
            });
        });
        let (alone, words, with_word) = widths;
        assert!(alone > 10.0, "an icon button has room for its icon");
        assert!(alone < 0.5 * words, "{alone} against {words}");
        assert!(with_word > alone, "the word takes room beside the icon");
    }

    #[test]
    fn in_a_right_to_left_language_the_icon_stands_right_of_its_word() {
        // Where the word starts, from the button's left edge.
        let word_from_left = |rtl: bool| {
            let mut rect = Rect::NOTHING;
            let shapes = painted(|ui| {
                crate::game::ui::language::set_reads_right_to_left(ui.ctx(), rtl);
                rect = button(ui, Icon::Hint, Some("Hint"), "Hint", false).rect;
            });
            let x = shapes
                .iter()
                .find_map(|s| match &s.shape {
                    egui::Shape::Text(t) => Some(t.pos.x),
                    _ => None,
                })
                .expect("the word is drawn");
            x - rect.left()
        };
        let (ltr, rtl) = (word_from_left(false), word_from_left(true));
        // Left to right the icon comes first and the word after it; right to left the
        // word is at the left and the icon after it, at the right.
        assert!(
            rtl + 15.0 < ltr,
            "the word at {rtl} right to left, {ltr} left to right"
        );
    }

    #[test]
    fn a_disabled_icon_button_is_drawn_fainter() {
        let color_of = |enabled: bool| {
            let shapes = painted(|ui| {
                ui.add_enabled_ui(enabled, |ui| {
                    button(ui, Icon::Menu, None, "Menu", false);
                });
            });
            // The menu icon's bars are its last shapes, painted over the button.
            shapes
                .iter()
                .rev()
                .find_map(|s| match &s.shape {
                    egui::Shape::LineSegment { stroke, .. } => Some(stroke.color),
                    egui::Shape::Path(p) => match p.stroke.color {
                        egui::epaint::ColorMode::Solid(c) => Some(c),
                        _ => None,
                    },
                    _ => None,
                })
                .expect("the icon's strokes")
        };
        let (on, off) = (color_of(true), color_of(false));
        assert!(
            off.a() < on.a() || off.r() < on.r(),
            "disabled {off:?} against enabled {on:?}"
        );
    }
}
