//! Accessibility: text size, a high-contrast look, reduced motion and the caption
//! line that explains each move as it happens. Kept between runs with the settings.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContexts, EguiPostUpdateSet, EguiPrimaryContextPass, egui};

/// How the interface adapts to the person in front of it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Access {
    /// Interface text and controls are this many times their normal size (0.8..=2).
    pub text_scale: f32,
    /// Stronger colours and outlines in the interface, brighter highlights on the board.
    pub high_contrast: bool,
    /// Seeds slide without hops and the camera never moves by itself.
    pub reduced_motion: bool,
    /// A caption line explains each event of a move as it is shown.
    pub explain: bool,
}

impl Default for Access {
    fn default() -> Self {
        Access {
            text_scale: 1.0,
            high_contrast: false,
            reduced_motion: false,
            explain: true,
        }
    }
}

impl Access {
    /// The text scale within its bounds (a hand-edited settings file may hold anything).
    pub fn clamped_scale(&self) -> f32 {
        if self.text_scale.is_finite() {
            self.text_scale.clamp(0.8, 2.0)
        } else {
            1.0
        }
    }
}

/// Extra scale for touch screens (kiosk mode): targets a finger can hit.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TouchScale(pub f32);

/// The accessibility plugin (interface side; the board reads [`Access`] itself).
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, style_interface)
        .add_systems(PostUpdate, install_fonts.before(EguiPostUpdateSet::EndPass));
}

/// The interface's one typeface: Ubuntu Light (the face egui ships, unmodified, under
/// the Ubuntu Font Licence in `assets/fonts/`). Only this one is compiled in, not egui's
/// four default fonts: the browser download is 0.6 MB smaller. It covers every letter
/// and sign the interface text uses (Latin with accents, dashes, « »); `tests/i18n.rs`
/// checks that.
pub fn fonts() -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::empty();
    defs.font_data.insert(
        "ubuntu-light".into(),
        std::sync::Arc::new(egui::FontData::from_static(include_bytes!(
            "../../assets/fonts/Ubuntu-Light.ttf"
        ))),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        defs.families.insert(family, vec!["ubuntu-light".into()]);
    }
    defs
}

/// A press shorter than this is a tap (egui's default is 0.8 s). Visitors at a museum
/// touch screen, children and older people especially, often press and hold a moment
/// before lifting; and a slow machine stretches every press over its long frames.
pub const MAX_TAP_SECONDS: f64 = 2.5;

/// Gives each new egui context the fonts before its first pass lays out any text, and
/// the patience for slow taps.
fn install_fonts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        let ctx = ctx.get_mut();
        ctx.set_fonts(fonts());
        ctx.options_mut(|o| o.input_options.max_click_duration = MAX_TAP_SECONDS);
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
        v.widgets.hovered.bg_stroke = egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 210, 0));
        v.widgets.active.bg_stroke = egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 210, 0));
        v.selection.bg_fill = egui::Color32::from_rgb(0, 90, 180);
        v.selection.stroke = egui::Stroke::new(2.0, egui::Color32::WHITE);
        v.hyperlink_color = egui::Color32::from_rgb(120, 200, 255);
    } else {
        // Warm wood tones, with the Okabe–Ito blue for selection (colour-blind safe).
        v.window_fill = egui::Color32::from_rgba_unmultiplied(28, 20, 14, 235);
        v.panel_fill = egui::Color32::from_rgb(28, 20, 14);
        v.selection.bg_fill = egui::Color32::from_rgb(0, 114, 178);
    }
    v
}

fn style_interface(
    mut contexts: EguiContexts,
    access: Res<Access>,
    touch: Option<Res<TouchScale>>,
    mut applied: Local<Option<(Access, f32)>>,
) -> Result {
    let touch = touch.map_or(1.0, |t| t.0);
    if *applied == Some((*access, touch)) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_zoom_factor(access.clamped_scale() * touch);
    ctx.set_visuals(visuals(&access));
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
