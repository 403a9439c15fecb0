//! The scene's tone-mapping table, compiled in on its own.
//!
//! The scene is tone-mapped by Tony McMapface (the camera's [`Tonemapping`]), which
//! looks its colours up in a 3D table. Bevy's `tonemapping_luts` feature compiles in
//! three such tables, 0.66 MB that no compression shrinks, though the game uses one.
//! The browser build therefore goes without the feature (Cargo.toml), and this plugin
//! gives Bevy the one table, `assets/luts/tony_mc_mapface.ktx2` (the same file). It
//! does so everywhere, so that the desktop draws with the very table the browser does.
//!
//! [`Tonemapping`]: bevy::core_pipeline::tonemapping::Tonemapping

use bevy::asset::RenderAssetUsages;
use bevy::core_pipeline::tonemapping::TonemappingLuts;
use bevy::image::{
    CompressedImageFormats, ImageAddressMode, ImageFilterMode, ImageSampler,
    ImageSamplerDescriptor, ImageType,
};
use bevy::prelude::*;

/// Tony McMapface's table, as Bevy 0.19 ships it (KTX2, zstd-compressed).
const TONY_MC_MAPFACE: &[u8] = include_bytes!("../../../assets/luts/tony_mc_mapface.ktx2");

/// Inserts [`TonemappingLuts`] before Bevy's tone mapping is built (add it to the
/// plugin group before `CorePipelinePlugin`), which then leaves its own tables alone.
pub struct ToneMappingTablePlugin;

impl Plugin for ToneMappingTablePlugin {
    fn build(&self, app: &mut App) {
        let table = match tony_mc_mapface() {
            Ok(image) => image,
            // The file is compiled in and checked by a test; should it ever fail to
            // decode, Bevy's own stand-in table (a 3D texture too) is used.
            Err(e) => {
                error!("the tone-mapping table could not be read: {e}");
                bevy::core_pipeline::tonemapping::lut_placeholder()
            }
        };
        let handle = app.world_mut().resource_mut::<Assets<Image>>().add(table);
        // The game's cameras use only Tony McMapface; the other two methods would
        // read the same table.
        app.insert_resource(TonemappingLuts {
            blender_filmic: handle.clone(),
            agx: handle.clone(),
            tony_mc_mapface: handle,
        });
    }
}

/// Decodes the table as Bevy's own tone mapping does: linear filtering, clamped.
pub fn tony_mc_mapface() -> Result<Image, String> {
    let clamped = ImageAddressMode::ClampToEdge;
    let sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        label: Some("Tonemapping LUT sampler".to_string()),
        address_mode_u: clamped,
        address_mode_v: clamped,
        address_mode_w: clamped,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    Image::from_buffer(
        TONY_MC_MAPFACE,
        ImageType::Extension("ktx2"),
        CompressedImageFormats::NONE,
        false,
        sampler,
        // Kept in the main world too, as Bevy keeps its tables (the renderer may be
        // recreated).
        RenderAssetUsages::default(),
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_a_48_cube() {
        let image = tony_mc_mapface().expect("the table decodes");
        let size = image.texture_descriptor.size;
        assert_eq!(
            (size.width, size.height, size.depth_or_array_layers),
            (48, 48, 48)
        );
        assert_eq!(
            image.texture_descriptor.dimension,
            bevy::render::render_resource::TextureDimension::D3
        );
        assert!(image.data.is_some_and(|d| d.len() == 48 * 48 * 48 * 4));
    }
}
