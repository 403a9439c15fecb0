//! Render scale: with low graphics the 3D scene is drawn at a fraction of the window's
//! pixels and shown scaled up, with the interface at the window's full resolution.
//!
//! A software renderer spends its frame filling pixels (docs/performance.md): half the
//! width and half the height is a quarter of the work, and a bigger screen gets a
//! smaller fraction, so that its scene has no more pixels ([`low_render_scale`]). The
//! scene camera
//! ([`MainCamera`]) then draws into an image instead of the window; the window's
//! interface camera ([`ScreenCamera`]) shows that image under egui's windows, filling
//! the window. The image's scale factor makes its logical size the window's, so that
//! the scene camera's viewport coordinates are the window's: the count badges and the
//! review's tags stand where they did, and the pointer's rays into the scene are made
//! from the window's pointer positions, so pits are hovered and clicked as before.

use super::camera::{MainCamera, ScreenCamera};
use crate::game::look::graphics::Graphics;
use bevy::camera::{ImageRenderTarget, NormalizedRenderTarget, RenderTarget};
use bevy::image::ImageSampler;
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureFormat};
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPrimaryContextPass, EguiTextureHandle, EguiUserTextures, egui};

/// Low graphics' render scale in a window of 1280x720 or less: the scene is drawn at
/// this fraction of the window's width and height.
pub const LOW_RENDER_SCALE: f32 = 0.5;

/// The most pixels low graphics draws the scene with: what a 1280x720 window gets.
/// A bigger screen (a museum's 1920x1080) gets a smaller fraction, down to
/// [`LOWEST_RENDER_SCALE`], so that its frame rate stays that of a 1280x720 window.
pub const LOW_SCENE_PIXELS: f32 = 640.0 * 360.0;

/// The smallest fraction (a 4K screen's scene is drawn at 960x540).
pub const LOWEST_RENDER_SCALE: f32 = 0.25;

/// Low graphics' render scale for a window of `window` physical pixels.
pub fn low_render_scale(window: UVec2) -> f32 {
    let pixels = window.x.max(1) as f32 * window.y.max(1) as f32;
    (LOW_SCENE_PIXELS / pixels)
        .sqrt()
        .clamp(LOWEST_RENDER_SCALE, LOW_RENDER_SCALE)
}

/// The scene drawn at a fraction of the window: present only while it is.
#[derive(Resource, Clone, Debug)]
pub struct RenderScale {
    /// The fraction of the window's width and height the scene is drawn at now
    /// ([`low_render_scale`] of the window).
    pub factor: f32,
    /// The image the scene camera draws into.
    pub image: Handle<Image>,
    /// The same image as egui knows it.
    texture: egui::TextureId,
}

/// The render scale's systems: they start with low graphics and act only under it.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // In the frame low graphics is chosen, before the scene's first pipelines are
        // built for a target it then leaves (a software renderer takes most of a
        // second to build them again); until it has a window and cameras.
        start
            .after(crate::game::look::graphics::choose)
            .run_if(low_graphics_without_render_scale),
    )
    .add_systems(
        PreUpdate,
        scene_rays
            .in_set(PickingSystems::ProcessInput)
            .after(RayMap::repopulate)
            .run_if(resource_exists::<RenderScale>),
    )
    .add_systems(
        PostUpdate,
        fit_to_window
            .before(bevy::camera::CameraUpdateSystems)
            .run_if(resource_exists::<RenderScale>),
    )
    .add_systems(
        EguiPrimaryContextPass,
        show_scene
            .before(crate::game::DrawInterface)
            .run_if(resource_exists::<RenderScale>),
    );
}

/// Whether low graphics has been chosen and the scene is not yet drawn to an image.
fn low_graphics_without_render_scale(
    graphics: Option<Res<Graphics>>,
    scale: Option<Res<RenderScale>>,
) -> bool {
    graphics.is_some_and(|g| g.low) && scale.is_none()
}

/// The image's size (physical pixels) for a window of `window` physical pixels.
pub fn scaled_size(window: UVec2, factor: f32) -> UVec2 {
    (window.as_vec2() * factor)
        .round()
        .as_uvec2()
        .max(UVec2::ONE)
}

/// The scale factor that gives an image `image_width` pixels wide the logical width of
/// the window (`logical_width`).
fn image_scale_factor(image_width: u32, logical_width: f32) -> f32 {
    image_width as f32 / logical_width.max(1.0)
}

/// Moves the scene camera into an image at [`low_render_scale`] of the window; the
/// interface camera now draws the window alone (and clears it).
fn start(
    mut commands: Commands,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    mut egui_textures: ResMut<EguiUserTextures>,
    scene: Query<Entity, With<MainCamera>>,
    mut screen: Query<(&mut Camera, &mut Msaa), With<ScreenCamera>>,
) {
    let (Ok(window), Ok(scene), Ok((mut screen_camera, mut screen_msaa))) =
        (windows.single(), scene.single(), screen.single_mut())
    else {
        return;
    };
    let factor = low_render_scale(window.physical_size());
    let size = scaled_size(window.physical_size(), factor);
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    // Smooth when scaled up.
    image.sampler = ImageSampler::linear();
    let image = images.add(image);
    let texture = egui_textures.add_image(EguiTextureHandle::Weak(image.id()));
    commands
        .entity(scene)
        .insert(RenderTarget::Image(ImageRenderTarget {
            handle: image.clone(),
            scale_factor: image_scale_factor(size.x, window.width()),
        }));
    screen_camera.clear_color = ClearColorConfig::Default;
    *screen_msaa = Msaa::Off;
    info!(
        "MANCALA_RENDER_SCALE {factor} (scene {}x{}, window {}x{})",
        size.x,
        size.y,
        window.physical_width(),
        window.physical_height()
    );
    commands.insert_resource(RenderScale {
        factor,
        image,
        texture,
    });
}

/// Keeps the image at the render scale of the window as it is resized or moved to a
/// screen of another pixel density (a bigger window, a smaller fraction).
fn fit_to_window(
    mut scale: ResMut<RenderScale>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    mut targets: Query<&mut RenderTarget, With<MainCamera>>,
) {
    let (Ok(window), Ok(mut target)) = (windows.single(), targets.single_mut()) else {
        return;
    };
    let factor = low_render_scale(window.physical_size());
    if scale.factor != factor {
        scale.factor = factor;
    }
    let size = scaled_size(window.physical_size(), factor);
    let scale_factor = image_scale_factor(size.x, window.width());
    let Some(image) = images.get(&scale.image) else {
        return;
    };
    if image.size() != size
        && let Some(mut image) = images.get_mut(&scale.image)
    {
        image.resize(Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        });
    }
    if let RenderTarget::Image(image_target) = &*target
        && image_target.scale_factor != scale_factor
    {
        *target = RenderTarget::Image(ImageRenderTarget {
            handle: scale.image.clone(),
            scale_factor,
        });
    }
}

/// The scene's image under all of the interface, filling the window.
fn show_scene(mut contexts: bevy_egui::EguiContexts, scale: Res<RenderScale>) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let screen = ctx.content_rect();
    ctx.layer_painter(egui::LayerId::background()).image(
        scale.texture,
        screen,
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );
}

/// The pointers' rays into the scene: bevy_picking makes rays only for a camera that
/// draws where the pointer is (the window), so the scene camera's, drawing into the
/// image, are made here from the window's pointer positions (the image has the
/// window's logical size).
fn scene_rays(
    mut rays: ResMut<RayMap>,
    cameras: Query<(Entity, &Camera, &GlobalTransform), With<MainCamera>>,
    pointers: Query<(&PointerId, &PointerLocation)>,
) {
    let Ok((entity, camera, transform)) = cameras.single() else {
        return;
    };
    if !camera.is_active {
        return;
    }
    for (&pointer, location) in &pointers {
        let Some(location) = location.location() else {
            continue;
        };
        if !matches!(location.target, NormalizedRenderTarget::Window(_)) {
            continue;
        }
        if let Ok(ray) = camera.viewport_to_world(transform, location.position) {
            rays.map.insert(RayId::new(entity, pointer), ray);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_has_the_windows_logical_size_at_a_fraction_of_its_pixels() {
        // A 1280x720 window on a screen of density 1.5 (1920x1080 pixels).
        let size = scaled_size(UVec2::new(1920, 1080), 0.5);
        assert_eq!(size, UVec2::new(960, 540));
        let factor = image_scale_factor(size.x, 1280.0);
        assert_eq!(size.x as f32 / factor, 1280.0);
        assert!((size.y as f32 / factor - 720.0).abs() < 0.01);
        // Never an empty image, even for a minimised window.
        assert_eq!(scaled_size(UVec2::ZERO, 0.5), UVec2::ONE);
    }

    #[test]
    fn a_bigger_screen_gets_a_smaller_fraction_and_no_more_pixels() {
        let scale = |w, h| low_render_scale(UVec2::new(w, h));
        assert_eq!(scale(1280, 720), 0.5);
        // Smaller windows keep half their width and height.
        assert_eq!(scale(640, 360), 0.5);
        // A 1920x1080 kiosk: a third, so the scene has 1280x720's 640x360.
        assert!((scale(1920, 1080) - 1.0 / 3.0).abs() < 1e-4);
        let kiosk = scaled_size(UVec2::new(1920, 1080), scale(1920, 1080));
        assert_eq!(kiosk, UVec2::new(640, 360));
        // Never below a quarter, and never a division by zero.
        assert_eq!(scale(3840, 2160), 0.25);
        assert_eq!(scale(0, 0), 0.5);
    }
}
