//! The scene round the board, built from the game's look ([`crate::game::look`]): its
//! materials (textures made in code at start-up by [`super::procedural`],
//! once per game), the floor and the mat (or the bare ground), the backdrop, and the
//! key light's colour. Rebuilt when a new game starts; the board and seed plugins take
//! their materials from [`LookAssets`].

use super::carving::{self, FLAT_NORMAL, MeshData, smooth};
use super::graphics;
use super::layout;
use super::procedural::{self, Backdrop, Surface, TextureData};
use crate::game::CurrentGame;
use crate::game::Rebuild;
use crate::game::look::{self, GameLook};
use crate::game::shared::GameStarted;
use crate::rules::Game;
use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::SystemParam;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::collections::HashMap;

/// Texture sizes: the board is seen close up, the rest is background.
const BOARD_TEXELS: u32 = 512;
const TABLE_TEXELS: u32 = 256;
const BACKDROP_TEXELS: u32 = 512;

/// The materials of the game being shown.
#[derive(Resource, Clone)]
pub struct LookAssets {
    pub game: Game,
    pub look: GameLook,
    /// The board's finish; pits copy it and tint it for highlights.
    pub board: StandardMaterial,
    pub board_handle: Handle<StandardMaterial>,
    /// The inlaid line between the two halves.
    pub divide: Handle<StandardMaterial>,
    pub tray: Handle<StandardMaterial>,
    table: Handle<StandardMaterial>,
    floor: Handle<StandardMaterial>,
    backdrop: Handle<StandardMaterial>,
}

/// Materials made so far, per game (textures are made once per game and run).
#[derive(Resource, Default)]
pub struct Made(HashMap<Game, LookAssets>);

/// Part of the scenery, replaced when a new game starts.
#[derive(Component)]
pub struct Scenery;

/// The scene's key light.
#[derive(Component)]
pub struct KeyLight;

/// Builds each game's look when it starts.
pub fn plugin(app: &mut App) {
    app.init_resource::<Made>()
        .add_systems(Startup, make_flat_normal)
        .add_systems(
            PostUpdate,
            dress_scene
                .in_set(Rebuild::Look)
                .run_if(on_message::<GameStarted>),
        );
    materials_after_their_textures(app);
}

/// Has the render world prepare materials after the textures of the same frame.
///
/// Bevy leaves the two unordered. Where materials come first, a new look's materials
/// find their textures not yet on the GPU and wait for the next frame, and the new
/// board is drawn a frame late (in a software renderer, most of a second). An empty
/// system between the two orders them.
fn materials_after_their_textures(app: &mut App) {
    use bevy::render::erased_render_asset::prepare_erased_assets;
    use bevy::render::render_asset::prepare_assets;
    use bevy::render::texture::GpuImage;
    let Some(render_app) = app.get_sub_app_mut(bevy::render::RenderApp) else {
        return;
    };
    render_app.add_systems(
        bevy::render::Render,
        (|| {})
            .after(prepare_assets::<GpuImage>)
            .before(prepare_erased_assets::<MeshMaterial3d<StandardMaterial>>),
    );
}

fn make_flat_normal(mut images: ResMut<Assets<Image>>) {
    // A fixed id cannot be refused.
    let _ = images.insert(FLAT_NORMAL.id(), carving::flat_normal_image());
}

/// A texture for the GPU, with its mip chain; repeating for tiles, clamped else;
/// filtered with `anisotropy` samples at most ([`graphics::anisotropy`]).
pub fn image(t: &TextureData, srgb: bool, repeat: bool, anisotropy: u16) -> Image {
    let (bytes, levels) = procedural::mip_chain(t);
    let format = if srgb {
        TextureFormat::Rgba8UnormSrgb
    } else {
        TextureFormat::Rgba8Unorm
    };
    let mut image = Image::new(
        Extent3d {
            width: t.width,
            height: t.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        t.rgba.clone(),
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(bytes);
    image.texture_descriptor.mip_level_count = levels;
    let address = if repeat {
        ImageAddressMode::Repeat
    } else {
        ImageAddressMode::ClampToEdge
    };
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: address,
        address_mode_v: address,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        // Grain seen at a glancing angle stays sharp.
        anisotropy_clamp: anisotropy,
        ..default()
    });
    image
}

/// A textured material from a surface's maps.
fn material(
    images: &mut Assets<Image>,
    surface: &Surface,
    size: u32,
    seed: u32,
    reflectance: f32,
    anisotropy: u16,
) -> StandardMaterial {
    let maps = procedural::surface_maps(surface, size, seed);
    let orm = images.add(image(&maps.orm, false, true, anisotropy));
    StandardMaterial {
        base_color_texture: Some(images.add(image(&maps.albedo, true, true, anisotropy))),
        normal_map_texture: Some(images.add(image(&maps.normal, false, true, anisotropy))),
        metallic_roughness_texture: Some(orm.clone()),
        occlusion_texture: Some(orm),
        perceptual_roughness: 1.0,
        metallic: 0.0,
        reflectance,
        ..default()
    }
}

fn make_assets(
    game: Game,
    images: &mut Assets<Image>,
    materials: &mut Assets<StandardMaterial>,
    anisotropy: u16,
) -> LookAssets {
    let started = web_time::Instant::now();
    let look = look::look(game);
    let seed = game as u32 * 101 + 7;
    let board = material(images, &look.board, BOARD_TEXELS, seed, 0.3, anisotropy);
    let table = material(images, &look.table, TABLE_TEXELS, seed + 1, 0.3, anisotropy);
    // Indoors the mat lies on a floor of beaten earth, darker than anything on it.
    let shade = match look.backdrop {
        Backdrop::Wall { shade, .. } => shade,
        Backdrop::Country { bush, .. } => bush,
    };
    let floor = material(
        images,
        &Surface::Earth {
            base: [shade[0] * 2.2, shade[1] * 2.2, shade[2] * 2.2],
            stone: [shade[0] * 3.0, shade[1] * 3.0, shade[2] * 3.0],
        },
        TABLE_TEXELS,
        seed + 2,
        0.2,
        anisotropy,
    );
    let backdrop = procedural::backdrop(&look.backdrop, BACKDROP_TEXELS, seed + 3);
    let backdrop = smooth(StandardMaterial {
        base_color_texture: Some(images.add(image(&backdrop, true, false, anisotropy))),
        // A painted distance: not lit by the board's lamp.
        unlit: true,
        ..default()
    });
    let divide = StandardMaterial {
        base_color: Color::srgb(0.55, 0.5, 0.45),
        ..board.clone()
    };
    let tray = match look.tray {
        // A dried gourd: smooth, honey to brown.
        look::Tray::Calabash => smooth(StandardMaterial {
            base_color: Color::srgb(0.62, 0.40, 0.18),
            perceptual_roughness: 0.5,
            reflectance: 0.4,
            ..default()
        }),
        _ => StandardMaterial {
            base_color: Color::srgb(0.85, 0.8, 0.75),
            ..board.clone()
        },
    };
    // Start-up cost of the painted textures, for the README's start-up figures.
    info!(
        "MANCALA_LOOK_MADE game={} ms={:.0} anisotropy={anisotropy}",
        game.id(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    LookAssets {
        game,
        look,
        board_handle: materials.add(board.clone()),
        board,
        divide: materials.add(divide),
        tray: materials.add(tray),
        table: materials.add(table),
        floor: materials.add(floor),
        backdrop: materials.add(backdrop),
    }
}

/// A flat rectangle at height `y`, its texture tiled every `tile` world units.
fn ground_mesh(w: f32, d: f32, y: f32, tile: f32) -> MeshData {
    let mut m = MeshData::default();
    for (x, z) in [(-w, -d), (w, -d), (w, d), (-w, d)] {
        let (x, z) = (x / 2.0, z / 2.0);
        m.positions.push([x, y, z]);
        m.normals.push([0.0, 1.0, 0.0]);
        m.uvs.push([x / tile, z / tile]);
    }
    m.indices = vec![0, 2, 1, 0, 3, 2];
    m
}

/// The ground round a board of `w` x `d` out to `outer_w` x `outer_d`: four strips
/// framing the board, at height `y`, tiled every `tile` world units.
fn ground_ring(w: f32, d: f32, outer_w: f32, outer_d: f32, y: f32, tile: f32) -> MeshData {
    let mut m = MeshData::default();
    let (hw, hd, ow, od) = (w / 2.0, d / 2.0, outer_w / 2.0, outer_d / 2.0);
    for (x0, z0, x1, z1) in [
        (-ow, -od, ow, -hd),
        (-ow, hd, ow, od),
        (-ow, -hd, -hw, hd),
        (hw, -hd, ow, hd),
    ] {
        let base = m.positions.len() as u32;
        for (x, z) in [(x0, z0), (x1, z0), (x1, z1), (x0, z1)] {
            m.positions.push([x, y, z]);
            m.normals.push([0.0, 1.0, 0.0]);
            m.uvs.push([x / tile, z / tile]);
        }
        m.indices
            .extend([base, base + 2, base + 1, base, base + 3, base + 2]);
    }
    m
}

/// The backdrop: a curved screen standing on the floor round the board (an ellipse of
/// half-axes `rx`, `rz`), facing it.
fn backdrop_mesh(rx: f32, rz: f32, height: f32, bottom: f32) -> MeshData {
    let radius = 1.0;
    let mut m = MeshData::default();
    let steps = 32;
    // 200 degrees of arc, centred behind the board (towards -z).
    let (from, span) = (-0.5 * std::f32::consts::PI - 1.75, 3.5);
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let a = from + span * t;
        let (x, z) = (rx * radius * a.cos(), rz * radius * a.sin());
        for (k, y) in [bottom, bottom + height].into_iter().enumerate() {
            m.positions.push([x, y, z]);
            m.normals.push([-a.cos(), 0.0, -a.sin()]);
            m.uvs.push([t, 1.0 - k as f32]);
        }
    }
    for i in 0..steps as u32 {
        let (a, b, c, d) = (2 * i, 2 * i + 1, 2 * i + 3, 2 * i + 2);
        m.indices.extend([a, c, b, a, d, c]);
    }
    m
}

/// The asset stores that meshes, textures and materials are added to.
#[derive(SystemParam)]
pub struct Painter<'w> {
    pub meshes: ResMut<'w, Assets<Mesh>>,
    pub images: ResMut<'w, Assets<Image>>,
    pub materials: ResMut<'w, Assets<StandardMaterial>>,
}

/// Dresses the scene for a new game: its look's materials (made once per game), the
/// floor or mat, the backdrop and the key light's colour.
pub fn dress_scene(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut made: ResMut<Made>,
    old: Query<Entity, With<Scenery>>,
    mut lights: Query<&mut DirectionalLight, With<KeyLight>>,
    graphics: Option<Res<graphics::Graphics>>,
    paint: Painter,
) {
    let Painter {
        mut meshes,
        mut images,
        mut materials,
    } = paint;
    let g = game.0.game();
    let assets = made
        .0
        .entry(g)
        .or_insert_with(|| {
            let anisotropy = graphics::anisotropy(graphics.as_deref());
            make_assets(g, &mut images, &mut materials, anisotropy)
        })
        .clone();
    for e in &old {
        commands.entity(e).despawn();
    }
    let look = assets.look;
    let board = game.0.board();
    let has_stores = g == Game::Anywoli;
    let (w, d) = layout::board_size(board, has_stores);
    let table_y = look.table_y();
    // The backdrop stands a few paces round the board, near enough to show above it.
    let (reach_x, reach_z) = (w / 2.0 + 4.5, d / 2.0 + 5.5);
    // The floor (or the open ground) out to the backdrop. Where the pits are dug
    // into the ground, the ground stops at the board's edge (the board's top plate is
    // the ground there), or it would cover the hollows.
    // It reaches under the camera, however far back a wide board puts it.
    let far = 3.0 * reach_x.max(reach_z);
    let ground = if look.dug_in_ground {
        // The same material and scale as the board's top (4 world units a tile), so
        // that the two meet without a seam.
        ground_ring(w, d, far, far, table_y, 4.0)
    } else {
        ground_mesh(far, far, table_y - 0.004, look.table_tile * 1.5)
    };
    commands.spawn((
        Scenery,
        Mesh3d(meshes.add(super::carving::to_mesh(ground))),
        MeshMaterial3d(if look.dug_in_ground {
            assets.board_handle.clone()
        } else {
            assets.floor.clone()
        }),
        Pickable::IGNORE,
        // Flat and lowest, it shades nothing; as a caster it would fill most of the
        // shadow map (a software renderer's pixels).
        bevy::light::NotShadowCaster,
    ));
    // The mat under the board, with room round it for the trays.
    if !look.dug_in_ground {
        let radius = layout::tray_radius(g.total_seeds(board.cols));
        let trays = super::layout::has_trays(g).then_some(radius);
        let (mat_w, mat_d) = super::framing::mat_size(board, has_stores, trays);
        commands.spawn((
            Scenery,
            Mesh3d(meshes.add(super::carving::to_mesh(ground_mesh(
                mat_w,
                mat_d,
                table_y,
                look.table_tile,
            )))),
            MeshMaterial3d(assets.table.clone()),
            Pickable::IGNORE,
            bevy::light::NotShadowCaster,
        ));
    }
    commands.spawn((
        Scenery,
        Mesh3d(meshes.add(super::carving::to_mesh(backdrop_mesh(
            reach_x,
            reach_z,
            reach_z * 1.6,
            table_y - 0.01,
        )))),
        MeshMaterial3d(assets.backdrop.clone()),
        Pickable::IGNORE,
        bevy::light::NotShadowCaster,
    ));
    for mut light in &mut lights {
        let [r, g, b] = look.key_light;
        light.color = Color::srgb(r, g, b);
    }
    commands.insert_resource(assets);
}
