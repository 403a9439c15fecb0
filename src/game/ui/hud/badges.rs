//! The seed counts: a badge on the near rim of each pit (and each store).

use crate::game::play::input::{CountDisplay, HoveredPit};
use crate::game::play::records::ShownGame;
use crate::game::show::board::{PitView, StoreView};
use crate::game::show::camera::MainCamera;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Seed counts over the pits and stores (always, on hover, or off), so that big
/// piles stay legible; while a turn is shown they follow the seeds as they land.
#[allow(clippy::type_complexity)]
pub(super) fn count_labels(
    mut contexts: EguiContexts,
    shown_game: ShownGame,
    (display, hovered): (Res<CountDisplay>, Res<HoveredPit>),
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    pits: Query<(&PitView, &GlobalTransform)>,
    stores: Query<(&StoreView, &GlobalTransform)>,
) -> Result {
    if *display == CountDisplay::Off {
        return Ok(());
    }
    let Ok((camera, cam_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("seed counts"),
    ));
    // The counts of the position on the board (a past one while it is viewed).
    let (state, t) = (shown_game.state(), shown_game.counts());
    // The camera works in window points, egui in points divided by its zoom.
    let zoom = ctx.zoom_factor();
    // A badge sits on the rim of its pit nearest the viewer, clear of its seeds and
    // plainly its own pit's; it scales with the pits.
    let flat = |v: Vec3| Vec3::new(v.x, 0.0, v.z).normalize_or_zero();
    let right = flat(*cam_at.right());
    let toward = flat(*cam_at.back());
    let rim = toward * (crate::game::look::layout::PIT_RADIUS + 0.04);
    let to_screen = |at: Vec3| {
        camera
            .world_to_viewport(cam_at, at)
            .ok()
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
    };
    // The badge for `n` at `at`, drawn unless `crowded` and a two-digit badge would be
    // wider than the pits are apart (a long board in a small window: then only the
    // pit under the pointer shows its count).
    let badge = |at: Vec3, n: u32, offset: Vec3, crowded: bool| {
        let (Some(centre), Some(next), Some(p)) = (
            to_screen(at),
            to_screen(at + right * crate::game::look::layout::PIT_SPACING),
            to_screen(at + offset),
        ) else {
            return;
        };
        let apart = centre.distance(next);
        // Whole points only: every size is a set of glyphs in egui's font atlas, and a
        // size that followed the camera smoothly would fill it in a few seconds.
        let size = (apart * 0.25).round().clamp(9.0, 18.0);
        let pad = egui::vec2(size * 0.35, size * 0.12);
        let font = egui::FontId::proportional(size);
        if crowded {
            let widest = painter.layout_no_wrap("88".into(), font.clone(), egui::Color32::WHITE);
            if widest.size().x + 2.0 * pad.x > apart - 2.0 {
                return;
            }
        }
        let galley =
            painter.layout_no_wrap(n.to_string(), font, egui::Color32::from_rgb(250, 238, 214));
        // A pill, at least round.
        let mut extent = galley.size() + 2.0 * pad;
        extent.x = extent.x.max(extent.y);
        let rect = egui::Rect::from_center_size(p, extent);
        painter.add(badge_shape(rect));
        painter.galley(
            rect.center() - galley.size() / 2.0,
            galley,
            egui::Color32::WHITE,
        );
    };
    for (view, at) in &pits {
        let hovered = hovered.0 == Some(view.pit);
        let show = *display == CountDisplay::Always || hovered;
        // A pit of another board has no count here (see `PitView::index_on`).
        let count = view.index_on(state).and_then(|i| t.pits.get(i));
        if let (true, Some(&n)) = (show, count) {
            badge(at.translation(), n as u32, rim, !hovered);
        }
    }
    for (store, at) in &stores {
        badge(
            at.translation(),
            t.stores[store.0 as usize],
            toward * 1.15,
            false,
        );
    }
    Ok(())
}

/// The badges' fill: dark wood, a little translucent.
const BADGE_FILL: egui::Color32 = egui::Color32::from_rgba_unmultiplied_const(34, 20, 12, 215);

/// Points on each half circle of a badge's outline.
const ARC_POINTS: usize = 12;

/// A badge's pill (a circle when `rect` is square): its own outline as a convex
/// polygon, every point distinct.
///
/// Not `rect_filled` with a corner radius of half the height: egui's rounded
/// rectangle then has no straight side between two corners, and once the rectangle
/// is rounded to physical pixels at a fractional scale (a kiosk's `touch_scale` of
/// 1.5, say) its two corners can meet in two points a rounding error apart. The
/// anti-aliased fill takes its edge normal from that tiny segment, and the fan that
/// fills the shape gets a sliver triangle from its first point to there: a
/// one-pixel line drawn twice over the translucent badge, darker than the rest.
pub fn badge_shape(rect: egui::Rect) -> egui::Shape {
    let r = rect.height() / 2.0;
    let centre = rect.center();
    // The half circles' centres; one centre (a circle) when they would be under a
    // pixel apart, so that no two points of the outline nearly coincide.
    let reach = (rect.width() / 2.0 - r).max(0.0);
    let ends = if reach < 0.25 {
        vec![(centre, 0.0, 2 * ARC_POINTS)]
    } else {
        vec![
            (centre + egui::vec2(reach, 0.0), -0.25, ARC_POINTS + 1),
            (centre - egui::vec2(reach, 0.0), 0.25, ARC_POINTS + 1),
        ]
    };
    let mut points = Vec::with_capacity(2 * ARC_POINTS + 2);
    for &(at, start, count) in &ends {
        // A full circle (one end) takes `count` steps around; a half circle spans
        // its `count` points from top to bottom (right end) or bottom to top.
        let span = if ends.len() == 1 { 1.0 } else { 0.5 };
        let steps = if ends.len() == 1 { count } else { count - 1 };
        for k in 0..count {
            let turn = start + span * k as f32 / steps as f32;
            let (sin, cos) = (turn * std::f32::consts::TAU).sin_cos();
            points.push(at + r * egui::vec2(cos, sin));
        }
    }
    egui::Shape::convex_polygon(points, BADGE_FILL, egui::Stroke::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui::epaint::{Mesh, TessellationOptions, Tessellator};

    /// Draws `mesh` (in points) into an alpha image of `size` pixels at `pixels_per_point`
    /// as a GPU does: exact edge tests in fixed point (8 bits below the pixel), the
    /// top-left rule for pixels on a shared edge, each triangle blended over what is
    /// there. A pixel covered by two triangles comes out more opaque than either.
    fn draw_alpha(mesh: &Mesh, pixels_per_point: f32, size: usize) -> Vec<f32> {
        let mut image = vec![0.0f32; size * size];
        let fixed = |v: f32| (v * pixels_per_point * 256.0).round() as i64;
        for triangle in mesh.indices.chunks(3) {
            let mut v: Vec<_> = triangle
                .iter()
                .map(|&i| mesh.vertices[i as usize])
                .collect();
            let mut q: Vec<(i64, i64)> =
                v.iter().map(|v| (fixed(v.pos.x), fixed(v.pos.y))).collect();
            let cross = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
                (b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1)
            };
            let mut area = cross(q[0], q[1], q[2]);
            if area == 0 {
                continue;
            }
            if area < 0 {
                q.swap(1, 2);
                v.swap(1, 2);
                area = -area;
            }
            let top_left = |a: (i64, i64), b: (i64, i64)| b.1 < a.1 || (b.1 == a.1 && b.0 > a.0);
            let edges = [(q[1], q[2]), (q[2], q[0]), (q[0], q[1])];
            // Pixels whose centres may lie inside: the triangle's bounds.
            let pixels = |lo: i64, hi: i64| {
                (lo.max(0) / 256) as usize..((hi / 256 + 1).max(0) as usize).min(size)
            };
            let (xs, ys) = (q.iter().map(|p| p.0), q.iter().map(|p| p.1));
            let columns = pixels(xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
            for y in pixels(ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0)) {
                for x in columns.clone() {
                    let c = (x as i64 * 256 + 128, y as i64 * 256 + 128);
                    let w = edges.map(|(a, b)| cross(a, b, c));
                    let inside =
                        (0..3).all(|k| w[k] > 0 || (w[k] == 0 && top_left(edges[k].0, edges[k].1)));
                    if inside {
                        let alpha: f32 = (0..3)
                            .map(|k| w[k] as f32 / area as f32 * f32::from(v[k].color.a()) / 255.0)
                            .sum();
                        let d = &mut image[y * size + x];
                        *d = alpha + *d * (1.0 - alpha);
                    }
                }
            }
        }
        image
    }

    /// Of badges drawn at `pixels_per_point` in every size the game uses (9 to 18
    /// points, one and two digits) at many fractional positions, how many have a
    /// pixel more opaque than the fill (covered twice).
    fn badges_with_lines(
        pixels_per_point: f32,
        shape_of: impl Fn(egui::Rect) -> egui::Shape,
    ) -> usize {
        let fill = f32::from(BADGE_FILL.a()) / 255.0;
        let mut with_lines = 0;
        for i in 0..200 {
            let size = 9.0 + (i % 10) as f32;
            let digits = 1 + i % 2;
            // A badge's extent as count_labels makes it (a glyph about 0.55 of the
            // size wide, 1.17 high), at a position that is no whole pixel.
            let glyphs = egui::vec2(0.55 * size * digits as f32, 1.17 * size);
            let mut extent = glyphs + 2.0 * egui::vec2(size * 0.35, size * 0.12);
            extent.x = extent.x.max(extent.y);
            let centre = egui::pos2(20.0 + 0.137 * i as f32, 20.0 + 0.291 * i as f32);
            let rect = egui::Rect::from_center_size(centre, extent);
            let mut tessellator = Tessellator::new(
                pixels_per_point,
                TessellationOptions::default(),
                [1, 1],
                vec![],
            );
            let mut mesh = Mesh::default();
            tessellator.tessellate_shape(shape_of(rect), &mut mesh);
            let image = draw_alpha(&mesh, pixels_per_point, (80.0 * pixels_per_point) as usize);
            if image.iter().any(|&a| a > fill + 0.02) {
                with_lines += 1;
            }
        }
        with_lines
    }

    #[test]
    fn badges_have_no_line_at_any_interface_scale() {
        // The kiosk's touch scales (and a desktop's 1.0); low and high graphics draw
        // the interface alike, at the window's own resolution.
        for pixels_per_point in [1.0, 1.25, 1.5, 2.0] {
            assert_eq!(
                badges_with_lines(pixels_per_point, badge_shape),
                0,
                "{pixels_per_point}"
            );
        }
        // The check sees the line of the badges drawn as egui's rounded rectangles.
        let rounded =
            |rect: egui::Rect| egui::Shape::rect_filled(rect, rect.height() / 2.0, BADGE_FILL);
        let lines: usize = [1.25, 1.5, 2.0]
            .map(|ppp| badges_with_lines(ppp, rounded))
            .iter()
            .sum();
        assert!(
            lines > 0,
            "the check finds no line in egui's rounded badges"
        );
    }

    #[test]
    fn a_badge_is_round_and_fills_its_rectangle() {
        for (w, h) in [(14.0, 14.0), (22.0, 14.0), (14.2, 14.0)] {
            let rect = egui::Rect::from_center_size(egui::pos2(50.0, 40.0), egui::vec2(w, h));
            let egui::Shape::Path(path) = badge_shape(rect) else {
                panic!("a path");
            };
            let bounds = egui::Rect::from_points(&path.points);
            assert!(
                (bounds.width() - w).abs() < 0.5 && (bounds.height() - h).abs() < 0.01,
                "{bounds:?}"
            );
            // No two points closer than a tenth of a point.
            for (i, a) in path.points.iter().enumerate() {
                for b in &path.points[i + 1..] {
                    assert!(a.distance(*b) > 0.1, "{a:?} {b:?} in {w}x{h}");
                }
            }
        }
    }
}
