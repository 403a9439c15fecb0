//! The scene's tone-mapping table, compiled in on its own.
//!
//! The scene is tone-mapped by Tony McMapface (the camera's [`Tonemapping`]), which
//! looks its colours up in a 3D table. Bevy's `tonemapping_luts` feature compiles in
//! three such tables, 0.66 MB that no compression shrinks, though the game uses one.
//! The browser build therefore goes without the feature (Cargo.toml), and this plugin
//! gives Bevy the one table there.
//!
//! The table is `assets/luts/tony_mc_mapface.ktx2`, as Bevy ships it (zstd inside, so
//! the download's gzip cannot shrink it: 0.34 MB). The browser build compiles in the
//! same texels rearranged so that gzip can ([`unpack`]): 0.12 MB of the download, and
//! no KTX2 or zstd decoder in the browser build. A test checks they are the same
//! texels, so the desktop, which keeps Bevy's feature and decoders, draws with the
//! very table the browser does. The desktop leaves the packed copy out: unpacked it is
//! 1.4 MB of a program that no gzip shrinks (issue 65's download size).
//!
//! [`Tonemapping`]: bevy::core_pipeline::tonemapping::Tonemapping

use bevy::prelude::*;

/// Tony McMapface's table, packed by the test `the_packed_table_is_the_ktx2_table`
/// from `assets/luts/tony_mc_mapface.ktx2` (see [`unpack`] for the layout).
#[cfg(any(target_arch = "wasm32", test))]
const TONY_MC_MAPFACE: &[u8] = include_bytes!("../../../assets/luts/tony_mc_mapface.packed");

/// The table's side: 48 x 48 x 48 texels.
const SIDE: usize = 48;
const TEXELS: usize = SIDE * SIDE * SIDE;
/// An exponent byte, and four bytes for each of the three channels.
const PACKED_BYTES_A_TEXEL: usize = 1 + 3 * 4;

/// In the browser, inserts [`TonemappingLuts`](bevy::core_pipeline::tonemapping::TonemappingLuts) before Bevy's tone mapping is built
/// (add it to the plugin group before `CorePipelinePlugin`), which then leaves its own
/// tables alone. On the desktop it does nothing: Bevy loads its own tables.
pub struct ToneMappingTablePlugin;

impl Plugin for ToneMappingTablePlugin {
    #[cfg(not(target_arch = "wasm32"))]
    fn build(&self, _app: &mut App) {}

    #[cfg(target_arch = "wasm32")]
    fn build(&self, app: &mut App) {
        use bevy::core_pipeline::tonemapping::TonemappingLuts;
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

/// The table as Bevy's own tone mapping has it: RGB9E5 texels, linear filtering,
/// clamped.
#[cfg(any(target_arch = "wasm32", test))]
pub fn tony_mc_mapface() -> Result<Image, String> {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let texels = unpack(TONY_MC_MAPFACE)?;
    let clamped = ImageAddressMode::ClampToEdge;
    let mut image = Image::new(
        Extent3d {
            width: SIDE as u32,
            height: SIDE as u32,
            depth_or_array_layers: SIDE as u32,
        },
        TextureDimension::D3,
        texels.iter().flat_map(|t| t.to_le_bytes()).collect(),
        TextureFormat::Rgb9e5Ufloat,
        // Kept in the main world too, as Bevy keeps its tables (the renderer may be
        // recreated).
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        label: Some("Tonemapping LUT sampler".to_string()),
        address_mode_u: clamped,
        address_mode_v: clamped,
        address_mode_w: clamped,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    Ok(image)
}

/// The packed table's texels, in the texture's order (x fastest, then y, then z).
///
/// An RGB9E5 texel is three 9-bit mantissas and a shared exponent `e`; channel `c`'s
/// value is `mantissa << e` in units of 2^-24 (the table's `e` stay below 23, so a
/// value fits 32 bits). The packed form is first the `e` of every texel (one byte
/// each), then, for each of the three channels, each value less the one before it in
/// its row (wrapping), as four planes: the lowest bytes, ..., the highest bytes.
/// Neighbouring texels differ little, so the planes are mostly small numbers and
/// zeros, which gzip compresses well, where the zstd inside the KTX2 file gives gzip
/// nothing to do.
pub fn unpack(packed: &[u8]) -> Result<Vec<u32>, String> {
    if packed.len() != TEXELS * PACKED_BYTES_A_TEXEL {
        return Err(format!(
            "the packed table has {} bytes, not {}",
            packed.len(),
            TEXELS * PACKED_BYTES_A_TEXEL
        ));
    }
    let (exponents, channels) = packed.split_at(TEXELS);
    let mut texels: Vec<u32> = exponents.iter().map(|&e| u32::from(e) << 27).collect();
    for (c, planes) in channels.chunks_exact(TEXELS * 4).enumerate() {
        let mut value = 0u32;
        for i in 0..TEXELS {
            if i % SIDE == 0 {
                value = 0;
            }
            let delta = u32::from_le_bytes([0, 1, 2, 3].map(|plane| planes[plane * TEXELS + i]));
            value = value.wrapping_add(delta);
            let exponent = u32::from(exponents[i]);
            let mantissa = value >> exponent.min(31);
            if exponent > 22 || mantissa > 0x1ff || mantissa << exponent != value {
                return Err(format!("the packed table's texel {i} is not RGB9E5"));
            }
            texels[i] |= mantissa << (9 * c);
        }
    }
    Ok(texels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::RenderAssetUsages;
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
    use bevy::render::render_resource::{TextureDimension, TextureFormat};

    /// The inverse of [`unpack`].
    fn pack(texels: &[u32]) -> Vec<u8> {
        let mut packed: Vec<u8> = texels.iter().map(|t| (t >> 27) as u8).collect();
        for c in 0..3 {
            let mut planes = vec![0u8; TEXELS * 4];
            let mut before = 0u32;
            for (i, t) in texels.iter().enumerate() {
                if i % SIDE == 0 {
                    before = 0;
                }
                let value = (t >> (9 * c) & 0x1ff) << (t >> 27);
                let delta = value.wrapping_sub(before);
                before = value;
                for (plane, byte) in delta.to_le_bytes().iter().enumerate() {
                    planes[plane * TEXELS + i] = *byte;
                }
            }
            packed.extend(planes);
        }
        packed
    }

    /// The table as Bevy ships it, decoded by Bevy (the desktop build has its KTX2
    /// and zstd decoders).
    fn ktx2_texels() -> Vec<u32> {
        let image = Image::from_buffer(
            include_bytes!("../../../assets/luts/tony_mc_mapface.ktx2"),
            ImageType::Extension("ktx2"),
            CompressedImageFormats::NONE,
            false,
            ImageSampler::Default,
            RenderAssetUsages::default(),
        )
        .expect("the KTX2 table decodes");
        assert_eq!(image.texture_descriptor.format, TextureFormat::Rgb9e5Ufloat);
        let data = image.data.expect("the KTX2 table has texels");
        data.chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    }

    /// `MANCALA_WRITE_LUT=1 cargo test --lib the_packed_table` writes the packed file
    /// anew from the KTX2 file (the run compares the file compiled in before, so it
    /// passes from the next run on).
    #[test]
    fn the_packed_table_is_the_ktx2_table() {
        let texels = ktx2_texels();
        assert_eq!(texels.len(), TEXELS);
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/luts/tony_mc_mapface.packed"
        );
        if std::env::var_os("MANCALA_WRITE_LUT").is_some() {
            std::fs::write(path, pack(&texels)).expect("the packed table is written");
        }
        assert_eq!(
            unpack(TONY_MC_MAPFACE).expect("the packed table unpacks"),
            texels
        );
        assert!(TONY_MC_MAPFACE == pack(&texels).as_slice());
    }

    #[test]
    fn the_table_is_a_48_cube_of_rgb9e5() {
        let image = tony_mc_mapface().expect("the table decodes");
        let size = image.texture_descriptor.size;
        assert_eq!(
            (size.width, size.height, size.depth_or_array_layers),
            (48, 48, 48)
        );
        assert_eq!(image.texture_descriptor.dimension, TextureDimension::D3);
        assert_eq!(image.texture_descriptor.format, TextureFormat::Rgb9e5Ufloat);
        assert!(image.data.is_some_and(|d| d.len() == 48 * 48 * 48 * 4));
    }

    #[test]
    fn a_damaged_packed_table_is_an_error() {
        assert!(unpack(&TONY_MC_MAPFACE[1..]).is_err());
        let mut damaged = TONY_MC_MAPFACE.to_vec();
        // A mantissa of more than 9 bits in the first texel of the red channel.
        damaged[TEXELS] = 0xff;
        damaged[TEXELS * 2] = 0xff;
        damaged[TEXELS * 3] = 0x7f;
        damaged[TEXELS * 4] = 0x7f;
        assert!(unpack(&damaged).is_err());
    }
}
