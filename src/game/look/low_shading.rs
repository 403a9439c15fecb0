//! Low graphics' own shading: Bevy's [`StandardMaterial`] drawn by a fragment shader
//! of this game's (`assets/shaders/low_graphics.wgsl`) instead of Bevy's full PBR one.
//!
//! On a software renderer nearly all of a frame is the scene's pixels, and Bevy's PBR
//! shader costs each of them the lights, probes and layers this scene never has (a
//! software renderer runs a branch for every pixel when it depends on the material).
//! The game's shader keeps the look's parts (textures, normal map, occlusion, the key
//! light with its highlight and shadow, the environment's and ambient light, emission,
//! tone mapping) in the same light units; docs/performance.md has what it buys.
//!
//! Bevy has no switch for this: the material's fragment shader is an asset, so low
//! graphics replaces that asset's source once it is chosen (high graphics never
//! touches it). Every material, board and seeds alike, stays a `StandardMaterial`.

use super::graphics::Graphics;
use bevy::prelude::*;
use bevy::shader::Shader;

/// The shader's source, compiled into the program (the browser build too).
pub const LOW_GRAPHICS_SHADER: &str = include_str!("../../../assets/shaders/low_graphics.wgsl");

/// Where Bevy's `StandardMaterial` takes its fragment shader from.
pub const STANDARD_FRAGMENT_SHADER: &str = "embedded://bevy_pbr/render/pbr.wgsl";

/// Whether low graphics' shader has replaced Bevy's (set once the choice is made).
#[derive(Resource, Debug)]
pub struct LowShading {
    pub in_use: bool,
    /// Keeps the shader asset loaded.
    _shader: Option<Handle<Shader>>,
}

/// Swaps the shader in once low graphics is chosen: in the same frame where Bevy's is
/// already loaded, so that no pipeline is built with Bevy's first.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        swap_in
            .after(super::graphics::choose)
            .run_if(resource_exists::<Graphics>)
            .run_if(not(resource_exists::<LowShading>)),
    );
}

/// Replaces the standard material's fragment shader with low graphics' once Bevy's
/// own has loaded (it is embedded, so within the first frames); Bevy then rebuilds
/// the pipelines that use it.
fn swap_in(
    mut commands: Commands,
    graphics: Res<Graphics>,
    server: Res<AssetServer>,
    mut shaders: ResMut<Assets<Shader>>,
) {
    if !graphics.low {
        commands.insert_resource(LowShading {
            in_use: false,
            _shader: None,
        });
        return;
    }
    let handle: Handle<Shader> = server.load(STANDARD_FRAGMENT_SHADER);
    if shaders.get(&handle).is_none() {
        return;
    }
    let ours = Shader::from_wgsl(LOW_GRAPHICS_SHADER, STANDARD_FRAGMENT_SHADER);
    let in_use = match shaders.insert(handle.id(), ours) {
        Ok(_) => {
            info!("MANCALA_LOW_SHADING in use");
            true
        }
        Err(e) => {
            error!("low graphics keeps Bevy's shader: {e}");
            false
        }
    };
    commands.insert_resource(LowShading {
        in_use,
        _shader: Some(handle),
    });
}
