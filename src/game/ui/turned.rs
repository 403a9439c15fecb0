//! Interface turned half round, for the player on the far side of a touch table.
//!
//! egui lays out and draws upright only. A turned panel is laid out as usual in its own
//! [`egui::Area`]; after it is built, every shape of its layer is turned 180° about the
//! area's centre ([`turn_layer`]), so it covers the same rectangle upside down: text
//! keeps its shaping and is drawn at an angle, rectangles and circles move, paths and
//! meshes have their points turned. Before the next pass, pointer and touch input that
//! lands in that rectangle is turned the same way ([`turn_input`]), so that a finger on
//! a turned button reaches the button where egui laid it out.
//!
//! The areas turned in a pass are remembered in [`TurnedAreas`] for the next pass's
//! input, which the [`plugin`] turns between bevy_egui's reading of the window's input
//! and the start of the pass.

use bevy::prelude::*;
use bevy_egui::egui::{self, Event, LayerId, Pos2, Rect, Shape, epaint};

/// The rectangles (egui points) drawn turned in the last pass.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct TurnedAreas(pub Vec<Rect>);

/// Turns pointer and touch input over the turned areas before each pass.
pub fn plugin(app: &mut App) {
    use bevy_egui::EguiPreUpdateSet;
    app.init_resource::<TurnedAreas>().add_systems(
        PreUpdate,
        turn_window_input
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Turns this frame's input over the areas turned in the last pass, and forgets them:
/// this frame's pass notes them again.
fn turn_window_input(
    mut areas: ResMut<TurnedAreas>,
    mut inputs: Query<&mut bevy_egui::EguiInput, With<bevy_egui::PrimaryEguiContext>>,
) {
    if areas.0.is_empty() {
        return;
    }
    let turned = std::mem::take(&mut areas.0);
    for mut input in &mut inputs {
        turn_input(&mut input.0, &turned);
    }
}

/// A point turned 180° about `centre`.
pub fn turn_point(p: Pos2, centre: Pos2) -> Pos2 {
    Pos2::new(2.0 * centre.x - p.x, 2.0 * centre.y - p.y)
}

/// A rectangle turned 180° about `centre` (a rectangle again; an infinite one stays).
pub fn turn_rect(r: Rect, centre: Pos2) -> Rect {
    if !r.is_finite() {
        return r;
    }
    Rect::from_two_pos(turn_point(r.min, centre), turn_point(r.max, centre))
}

/// Turns one shape 180° about `centre`.
pub fn turn_shape(shape: &mut Shape, centre: Pos2) {
    let turn = |p: &mut Pos2| *p = turn_point(*p, centre);
    match shape {
        Shape::Noop | Shape::Callback(_) => {}
        Shape::Vec(shapes) => shapes.iter_mut().for_each(|s| turn_shape(s, centre)),
        Shape::Circle(c) => turn(&mut c.center),
        Shape::Ellipse(e) => turn(&mut e.center),
        Shape::LineSegment { points, .. } => points.iter_mut().for_each(turn),
        Shape::Path(path) => path.points.iter_mut().for_each(turn),
        Shape::Rect(rect) => {
            rect.rect = turn_rect(rect.rect, centre);
            // The corner at top left is now at bottom right, and so on.
            let r = rect.corner_radius;
            rect.corner_radius = epaint::CornerRadius {
                nw: r.se,
                ne: r.sw,
                sw: r.ne,
                se: r.nw,
            };
        }
        Shape::Text(text) => {
            // Text turns about its top left corner, which goes to the turned place.
            turn(&mut text.pos);
            text.angle += std::f32::consts::PI;
        }
        Shape::Mesh(mesh) => {
            let mesh = std::sync::Arc::make_mut(mesh);
            mesh.vertices.iter_mut().for_each(|v| turn(&mut v.pos));
        }
        Shape::QuadraticBezier(b) => b.points.iter_mut().for_each(turn),
        Shape::CubicBezier(b) => b.points.iter_mut().for_each(turn),
    }
}

/// Turns every shape drawn so far in `layer` 180° about `centre`, their clipping
/// rectangles with them.
pub fn turn_layer(ctx: &egui::Context, layer: LayerId, centre: Pos2) {
    ctx.graphics_mut(|graphics| {
        let list = graphics.entry(layer);
        for i in 0..list.next_idx().0 {
            list.mutate_shape(egui::layers::ShapeIdx(i), |clipped| {
                clipped.clip_rect = turn_rect(clipped.clip_rect, centre);
                turn_shape(&mut clipped.shape, centre);
            });
        }
    });
}

/// Shows `add_contents` in an area at `rect` (egui points), turned 180° to face the
/// far side of the screen, and notes the area for the next pass's input. Buttons
/// noted inside ([`note_button`](super::buttons::note_button)) are noted where they
/// are drawn. Returns what
/// `add_contents` returned.
pub fn show_turned<R>(
    ctx: &egui::Context,
    id: egui::Id,
    rect: Rect,
    areas: &mut TurnedAreas,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let noted_before = super::buttons::noted_names(ctx);
    let shown = egui::Area::new(id)
        .fixed_pos(rect.min)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_min_size(rect.size());
            ui.set_max_size(rect.size());
            add_contents(ui)
        });
    let drawn = shown.response.rect;
    turn_layer(ctx, shown.response.layer_id, drawn.center());
    super::buttons::move_noted_since(ctx, &noted_before, |p| turn_point(p, drawn.center()));
    // (A frame may run egui's pass twice: each area is noted once.)
    if !areas.0.contains(&drawn) {
        areas.0.push(drawn);
    }
    shown.inner
}

/// Turns the pointer and touch events of `input` that fall in one of `areas` 180°
/// about that area's centre (and their motion the other way round), so that they
/// reach what egui laid out there before it was turned.
pub fn turn_input(input: &mut egui::RawInput, areas: &[Rect]) {
    let area_of = |p: Pos2| areas.iter().find(|a| a.contains(p)).copied();
    let mut inside = false;
    for event in &mut input.events {
        match event {
            Event::PointerMoved(p)
            | Event::PointerButton { pos: p, .. }
            | Event::Touch { pos: p, .. } => {
                inside = false;
                if let Some(area) = area_of(*p) {
                    *p = turn_point(*p, area.center());
                    inside = true;
                }
            }
            Event::MouseMoved(delta) | Event::MouseWheel { delta, .. } if inside => {
                *delta = -*delta;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, Vec2, pos2, vec2};

    #[test]
    fn a_point_and_a_rectangle_turn_about_the_centre() {
        let c = pos2(100.0, 50.0);
        assert_eq!(turn_point(pos2(90.0, 40.0), c), pos2(110.0, 60.0));
        let r = Rect::from_min_size(pos2(80.0, 30.0), vec2(10.0, 5.0));
        assert_eq!(
            turn_rect(r, c),
            Rect::from_min_size(pos2(110.0, 65.0), vec2(10.0, 5.0))
        );
        // A rectangle about its own centre covers itself.
        assert_eq!(turn_rect(r, r.center()), r);
        assert_eq!(turn_rect(Rect::EVERYTHING, c), Rect::EVERYTHING);
    }

    #[test]
    fn shapes_turn_with_text_at_an_angle_and_corners_swapped() {
        let c = pos2(0.0, 0.0);
        let mut rect = Shape::Rect(epaint::RectShape::filled(
            Rect::from_min_size(pos2(1.0, 2.0), vec2(3.0, 4.0)),
            epaint::CornerRadius {
                nw: 1,
                ne: 2,
                sw: 3,
                se: 4,
            },
            Color32::RED,
        ));
        turn_shape(&mut rect, c);
        let Shape::Rect(r) = rect else { unreachable!() };
        assert_eq!(
            r.rect,
            Rect::from_min_max(pos2(-4.0, -6.0), pos2(-1.0, -2.0))
        );
        assert_eq!((r.corner_radius.nw, r.corner_radius.se), (4, 1));
        assert_eq!((r.corner_radius.ne, r.corner_radius.sw), (3, 2));
        let mut line = Shape::line_segment([pos2(1.0, 1.0), pos2(2.0, 3.0)], (1.0, Color32::RED));
        turn_shape(&mut line, c);
        let Shape::LineSegment { points, .. } = line else {
            unreachable!()
        };
        assert_eq!(points, [pos2(-1.0, -1.0), pos2(-2.0, -3.0)]);
    }

    /// The turned area of the tests.
    const AREA: Rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(400.0, 100.0));

    /// One pass of a context with a button in a turned area: whether it was clicked,
    /// and where it was laid out (before turning).
    fn pass(ctx: &egui::Context, input: egui::RawInput, areas: &mut TurnedAreas) -> (bool, Rect) {
        let mut clicked = false;
        let mut laid_out = Rect::NOTHING;
        ctx.run_ui(input, |ui| {
            areas.0.clear();
            show_turned(ui.ctx(), egui::Id::new("north"), AREA, areas, |ui| {
                let button = ui.button("Undo");
                clicked = button.clicked();
                laid_out = button.rect;
            });
        })
        .drop_without_applying_deltas();
        (clicked, laid_out)
    }

    fn screen() -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0))),
            ..Default::default()
        }
    }

    fn tap(at: Pos2, areas: &TurnedAreas) -> Vec<egui::RawInput> {
        let press = |pressed| Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let mut frames = vec![
            egui::RawInput {
                events: vec![Event::PointerMoved(at)],
                ..screen()
            },
            egui::RawInput {
                events: vec![press(true)],
                ..screen()
            },
            egui::RawInput {
                events: vec![press(false)],
                ..screen()
            },
        ];
        for f in &mut frames {
            turn_input(f, &areas.0);
        }
        frames
    }

    #[test]
    fn a_turned_button_is_drawn_upside_down_and_a_tap_where_it_is_drawn_clicks_it() {
        let ctx = egui::Context::default();
        let mut areas = TurnedAreas::default();
        // (An area is sized, not drawn, in its first pass.)
        let (_, laid_out) = pass(&ctx, screen(), &mut areas);
        assert!(
            laid_out.min.x < 20.0 && laid_out.min.y < 20.0,
            "laid out top left"
        );
        areas.0.clear();
        let mut drawn = Vec::new();
        let out = ctx.run_ui(screen(), |ui| {
            show_turned(ui.ctx(), egui::Id::new("north"), AREA, &mut areas, |ui| {
                ui.button("Undo")
            });
        });
        for clipped in &out.shapes {
            match &clipped.shape {
                Shape::Text(t) if t.galley.text() == "Undo" => drawn.push(("text", t.pos, t.angle)),
                Shape::Rect(r) => drawn.push(("rect", r.rect.center(), 0.0)),
                _ => {}
            }
        }
        out.drop_without_applying_deltas();
        assert_eq!(areas.0, vec![AREA]);
        // Laid out at the area's top left, the button is drawn at its bottom right,
        // its word upside down.
        let (_, at, angle) = drawn
            .iter()
            .find(|d| d.0 == "text")
            .expect("its word drawn");
        assert!(at.x > 380.0 && at.y > 80.0, "word drawn turned, at {at:?}");
        assert!((angle - std::f32::consts::PI).abs() < 1e-6);
        let (_, centre, _) = drawn
            .iter()
            .find(|d| d.0 == "rect")
            .expect("its frame drawn");
        let turned_centre = turn_point(laid_out.center(), AREA.center());
        assert!(centre.distance(turned_centre) < 0.5, "frame at {centre:?}");

        // A tap where the button is drawn clicks it.
        let mut clicked = false;
        for frame in tap(turned_centre, &areas) {
            clicked |= pass(&ctx, frame, &mut areas).0;
        }
        assert!(clicked, "the tap on the drawn button reached it");

        // A tap where it was laid out, upright (the area's top left), does not.
        let mut clicked = false;
        for frame in tap(laid_out.center(), &areas) {
            clicked |= pass(&ctx, frame, &mut areas).0;
        }
        assert!(!clicked, "the tap on the empty corner reached the button");
    }

    #[test]
    fn input_outside_the_turned_areas_is_untouched() {
        let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0));
        let mut input = egui::RawInput {
            events: vec![
                Event::PointerMoved(pos2(10.0, 10.0)),
                Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Point,
                    delta: Vec2::new(0.0, 5.0),
                    phase: egui::TouchPhase::Move,
                    modifiers: Default::default(),
                },
                Event::PointerMoved(pos2(300.0, 300.0)),
                Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Point,
                    delta: Vec2::new(0.0, 5.0),
                    phase: egui::TouchPhase::Move,
                    modifiers: Default::default(),
                },
            ],
            ..Default::default()
        };
        turn_input(&mut input, &[area]);
        let Event::PointerMoved(p) = input.events[0] else {
            unreachable!()
        };
        assert_eq!(p, pos2(90.0, 90.0));
        let Event::MouseWheel { delta, .. } = input.events[1] else {
            unreachable!()
        };
        assert_eq!(delta, Vec2::new(0.0, -5.0));
        let Event::PointerMoved(p) = input.events[2] else {
            unreachable!()
        };
        assert_eq!(p, pos2(300.0, 300.0));
        let Event::MouseWheel { delta, .. } = input.events[3] else {
            unreachable!()
        };
        assert_eq!(delta, Vec2::new(0.0, 5.0));
    }
}
