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
    let rim = toward * (crate::game::show::layout::PIT_RADIUS + 0.04);
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
            to_screen(at + right * crate::game::show::layout::PIT_SPACING),
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
        painter.rect_filled(
            rect,
            rect.height() / 2.0,
            egui::Color32::from_rgba_unmultiplied(34, 20, 12, 215),
        );
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
