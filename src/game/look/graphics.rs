//! How much the renderer draws, and how the clock copes with slow frames.
//!
//! A software renderer (a browser without graphics acceleration falls back to
//! SwiftShader; a machine without a graphics driver to lavapipe or llvmpipe) spends
//! its frame shading pixels, a microsecond each (docs/performance.md). There the game
//! draws a lighter picture: the scene at half the window's width and height, less on
//! a bigger screen ([`render_scale`](crate::game::show::render_scale)), each pixel shaded once (a depth
//! prepass first), shadows filtered by the hardware's 2x2 comparison instead of a
//! Gaussian, textures without anisotropic filtering, no multisampling and a smaller
//! shadow map. It also lets the game clock take steps of up to
//! [`LOW_MAX_STEP_S`] a frame instead of Bevy's 0.25 s, so that a sowing takes as long
//! as on any screen, in fewer frames, rather than playing in slow motion for minutes.
//! `--graphics low|high` (`?graphics=` in the browser) chooses either everywhere;
//! `auto`, the default, chooses by the renderer.

use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::light::{DirectionalLightShadowMap, ShadowFilteringMethod};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use std::time::Duration;

/// What `--graphics` asked for.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GraphicsChoice {
    /// Low graphics on a software renderer, high elsewhere.
    #[default]
    Auto,
    Low,
    High,
}

impl GraphicsChoice {
    /// `auto`, `low` or `high`.
    pub fn from_name(name: &str) -> Option<GraphicsChoice> {
        match name {
            "auto" => Some(GraphicsChoice::Auto),
            "low" => Some(GraphicsChoice::Low),
            "high" => Some(GraphicsChoice::High),
            _ => None,
        }
    }

    /// Whether to draw low graphics on a renderer that is (or is not) software.
    pub fn low(self, software_renderer: bool) -> bool {
        match self {
            GraphicsChoice::Auto => software_renderer,
            GraphicsChoice::Low => true,
            GraphicsChoice::High => false,
        }
    }
}

/// The graphics in use, once the renderer is known.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graphics {
    pub low: bool,
}

/// High graphics' shadow map (texels a side): crisp, softly filtered shadows of seeds
/// in their pits.
pub const SHADOW_MAP_HIGH: usize = 2048;
/// Low graphics' shadow map.
pub const SHADOW_MAP_LOW: usize = 1024;
/// Anisotropic filtering of the look's textures (samples along a glancing view):
/// high graphics; low graphics and WebGL2 (which may lack it) filter without.
pub fn anisotropy(graphics: Option<&Graphics>) -> u16 {
    let low = graphics.is_some_and(|g| g.low);
    if cfg!(target_arch = "wasm32") || low {
        1
    } else {
        4
    }
}

/// With low graphics, the longest step of the game clock in one frame (seconds).
pub const LOW_MAX_STEP_S: f32 = 5.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<GraphicsChoice>()
        .insert_resource(DirectionalLightShadowMap {
            size: SHADOW_MAP_HIGH,
        })
        .add_systems(Update, choose.run_if(not(resource_exists::<Graphics>)));
}

/// Decides once the renderer is known (in the browser it starts a few frames late) and
/// the scene's camera (the one 3D camera) exists.
pub fn choose(
    mut commands: Commands,
    choice: Res<GraphicsChoice>,
    adapter: Option<Res<RenderAdapterInfo>>,
    cameras: Query<Entity, With<Camera3d>>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    mut clock: ResMut<Time<Virtual>>,
) {
    let Some(adapter) = adapter else { return };
    let Ok(camera) = cameras.single() else { return };
    let software = adapter.device_type == wgpu_types::DeviceType::Cpu;
    let low = choice.low(software);
    if low {
        commands.entity(camera).insert((
            Msaa::Off,
            DepthPrepass,
            ShadowFilteringMethod::Hardware2x2,
        ));
        shadow_map.size = SHADOW_MAP_LOW;
        clock.set_max_delta(Duration::from_secs_f32(LOW_MAX_STEP_S));
    }
    info!(
        "MANCALA_GRAPHICS {} (renderer {}, {:?}; asked {:?})",
        if low { "low" } else { "high" },
        adapter.name,
        adapter.device_type,
        *choice
    );
    commands.insert_resource(Graphics { low });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_is_low_only_on_a_software_renderer() {
        assert!(GraphicsChoice::Auto.low(true));
        assert!(!GraphicsChoice::Auto.low(false));
        assert!(GraphicsChoice::Low.low(false));
        assert!(!GraphicsChoice::High.low(true));
        assert_eq!(GraphicsChoice::from_name("low"), Some(GraphicsChoice::Low));
        assert_eq!(GraphicsChoice::from_name("ultra"), None);
    }
}
