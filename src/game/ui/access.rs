//! Accessibility: text size, a high-contrast look, reduced motion and the caption
//! line that explains each move as it happens. Kept between runs with the settings.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContexts, EguiPostUpdateSet, EguiPrimaryContextPass, egui};

pub use crate::game::shared::Access;

/// Extra scale for touch screens (kiosk mode): targets a finger can hit. 1 (none)
/// unless a kiosk's configuration sets it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TouchScale(pub f32);

impl Default for TouchScale {
    fn default() -> Self {
        TouchScale(1.0)
    }
}

/// The accessibility plugin (interface side; the board reads [`Access`] itself).
pub fn plugin(app: &mut App) {
    app.init_resource::<TouchScale>()
        .add_systems(
            EguiPrimaryContextPass,
            (style_interface, super::language::mark_reading_direction),
        )
        .add_systems(
            PostUpdate,
            allow_slow_taps.before(EguiPostUpdateSet::EndPass),
        );
}

/// A press shorter than this is a tap (egui's default is 0.8 s). Visitors at a museum
/// touch screen, children and older people especially, often press and hold a moment
/// before lifting; and a slow machine stretches every press over its long frames.
pub const MAX_TAP_SECONDS: f64 = 2.5;

/// Gives each new egui context the patience for slow taps.
fn allow_slow_taps(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        ctx.get_mut()
            .options_mut(|o| o.input_options.max_click_duration = MAX_TAP_SECONDS);
    }
}

/// Builds the egui look for these settings.
pub fn visuals(access: &Access) -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    if access.high_contrast {
        v.override_text_color = Some(egui::Color32::WHITE);
        v.panel_fill = egui::Color32::BLACK;
        v.window_fill = egui::Color32::from_rgb(8, 8, 8);
        v.window_stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 210, 0));
        v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
        v.widgets.inactive.bg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
        v.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(30, 30, 30);
        // A box or a ring on black with a white edge, and a thick white tick or dot
        // inside: ticked and unticked are told apart at the smallest text size.
        for w in [
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
            &mut v.widgets.open,
        ] {
            w.bg_fill = egui::Color32::BLACK;
            w.fg_stroke = egui::Stroke::new(2.5, egui::Color32::WHITE);
        }
        v.widgets.hovered.bg_stroke = egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 210, 0));
        v.widgets.active.bg_stroke = egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 210, 0));
        v.selection.bg_fill = egui::Color32::from_rgb(0, 90, 180);
        v.selection.stroke = egui::Stroke::new(2.0, egui::Color32::WHITE);
        v.hyperlink_color = egui::Color32::from_rgb(120, 200, 255);
    } else {
        // The boards' palette: dark ebony panels, cream text, warm wood buttons, and
        // the Okabe–Ito orange (colour-blind safe) for what is chosen.
        let p = &PALETTE;
        v.override_text_color = Some(p.text);
        // Windows over the board are opaque: nothing under them (the count
        // badges, the records bar) shows through their text.
        v.window_fill = p.panel.to_opaque();
        v.panel_fill = p.panel;
        v.extreme_bg_color = p.well;
        v.faint_bg_color = p.well;
        v.window_stroke = egui::Stroke::new(1.0, p.edge);
        v.selection.bg_fill = p.accent;
        v.selection.stroke = egui::Stroke::new(1.5, p.ink);
        v.hyperlink_color = p.accent;
        v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, p.edge);
        v.widgets.noninteractive.fg_stroke = egui::Stroke::new(1.0, p.text);
        for (w, fill) in [
            (&mut v.widgets.inactive, p.wood),
            (&mut v.widgets.hovered, p.wood_lit),
            (&mut v.widgets.active, p.wood_pressed),
            (&mut v.widgets.open, p.wood_lit),
        ] {
            w.weak_bg_fill = fill;
            w.bg_fill = fill;
            w.fg_stroke = egui::Stroke::new(1.5, p.text);
        }
        v.widgets.hovered.bg_stroke = egui::Stroke::new(1.5, p.accent);
        v.widgets.active.bg_stroke = egui::Stroke::new(2.0, p.accent);
    }
    // A slider's handle is a filled bar along a filled track: a ring read as a "0"
    // beside the slider's number.
    v.slider_trailing_fill = true;
    v.handle_shape = egui::style::HandleShape::Rect { aspect_ratio: 0.6 };
    // Rounded panels and controls, soft shadows.
    v.window_corner_radius = egui::CornerRadius::same(14);
    v.menu_corner_radius = egui::CornerRadius::same(10);
    for w in [
        &mut v.widgets.noninteractive,
        &mut v.widgets.inactive,
        &mut v.widgets.hovered,
        &mut v.widgets.active,
        &mut v.widgets.open,
    ] {
        w.corner_radius = egui::CornerRadius::same(8);
    }
    v.window_shadow = egui::Shadow {
        offset: [0, 6],
        blur: 24,
        spread: 0,
        color: egui::Color32::from_black_alpha(110),
    };
    v
}

/// Whether `visuals` are the high-contrast ones (the only ones with black panels).
fn is_high_contrast(visuals: &egui::Visuals) -> bool {
    visuals.panel_fill == egui::Color32::BLACK
}

/// A checkbox with a square box: the widgets' rounded corners would make a ring of
/// it, taken for a radio button at small text sizes.
pub fn checkbox(
    ui: &mut egui::Ui,
    checked: &mut bool,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    ui.scope(|ui| {
        let w = &mut ui.visuals_mut().widgets;
        for state in [&mut w.inactive, &mut w.hovered, &mut w.active] {
            state.corner_radius = egui::CornerRadius::same(3);
        }
        ui.checkbox(checked, text)
    })
    .inner
}

/// A slider whose handle reads as a knob, never as a "0" beside its number: in high
/// contrast a solid white bar edged in yellow (elsewhere a wood-filled bar).
pub fn slider(ui: &mut egui::Ui, slider: egui::Slider) -> egui::Response {
    ui.scope(|ui| {
        if is_high_contrast(ui.visuals()) {
            // The rail is drawn in the idle fill and the handle in its state's: a
            // white rail, blue up to a white handle edged in yellow.
            let w = &mut ui.visuals_mut().widgets;
            for state in [&mut w.inactive, &mut w.hovered, &mut w.active] {
                state.bg_fill = egui::Color32::WHITE;
                state.fg_stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 210, 0));
            }
        }
        ui.add(slider)
    })
    .inner
}

pub use crate::game::shared::{PALETTE, Palette};

/// The type scale: one face, five sizes.
pub fn text_styles() -> std::collections::BTreeMap<egui::TextStyle, egui::FontId> {
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    [
        (TextStyle::Heading, FontId::new(22.0, Proportional)),
        (TextStyle::Body, FontId::new(16.0, Proportional)),
        (TextStyle::Button, FontId::new(16.0, Proportional)),
        (TextStyle::Small, FontId::new(12.5, Proportional)),
        (
            TextStyle::Monospace,
            FontId::new(14.0, egui::FontFamily::Monospace),
        ),
    ]
    .into()
}

fn style_interface(
    mut contexts: EguiContexts,
    access: Res<Access>,
    touch: Res<TouchScale>,
    mut applied: Local<Option<(Access, f32)>>,
) -> Result {
    let touch = touch.0;
    if *applied == Some((*access, touch)) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_zoom_factor(access.clamped_scale() * touch);
    ctx.set_visuals(visuals(&access));
    ctx.global_style_mut(|s| {
        s.text_styles = text_styles();
        s.spacing.item_spacing = egui::vec2(10.0, 8.0);
        s.spacing.button_padding = egui::vec2(12.0, 6.0);
        s.spacing.window_margin = egui::Margin::same(14);
        // Layouts scaled to the screen land between pixels by design: no debug marks.
        #[cfg(debug_assertions)]
        {
            s.debug.show_unaligned = false;
        }
    });
    if touch > 1.0 {
        ctx.global_style_mut(|s| {
            s.spacing.interact_size = egui::vec2(48.0, 40.0);
            s.spacing.button_padding = egui::vec2(14.0, 8.0);
            s.spacing.item_spacing = egui::vec2(12.0, 10.0);
        });
    }
    *applied = Some((*access, touch));
    Ok(())
}
