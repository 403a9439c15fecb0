//! Low graphics, as a software renderer gets it (`game::look::graphics`), headless:
//! the scene drawn into an image at half the window and still clicked where it is
//! drawn, and the pits sharing their materials while still lit as before.
#![cfg(feature = "game")]

use crate::common::player::{Player, data_folder};
use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::render::renderer::{RenderAdapterInfo, WgpuWrapper};
use mancala_hall::game::look::graphics::Graphics;
use mancala_hall::game::show::board::PitView;
use mancala_hall::game::show::camera::MainCamera;
use mancala_hall::game::show::render_scale::RenderScale;
use mancala_hall::rules::Player as Side;
use mancala_hall::rules::*;
use std::time::Duration;

/// Low graphics draws the scene into an image at half the window's width and height
/// (`show::render_scale`; less on a bigger screen): the pits are drawn where they
/// were, and a click on one plays it, the scene camera's rays coming from the
/// window's pointer.
#[test]
fn with_the_scene_drawn_at_half_the_window_a_click_plays_the_pit_under_it() {
    let (mut p, data) = hawalis_in_1280x720("picking-render-scale");
    p.frames(40);
    let full = p.pits_on_screen();
    // What the game decides on a software renderer.
    p.app.insert_resource(Graphics { low: true });
    p.frames(3);
    let world = p.app.world_mut();
    let target = world
        .query_filtered::<&RenderTarget, With<MainCamera>>()
        .single(world)
        .unwrap()
        .clone();
    let RenderTarget::Image(image) = target else {
        panic!("the scene camera draws into an image, not {target:?}");
    };
    let size = world
        .resource::<Assets<Image>>()
        .get(&image.handle)
        .unwrap()
        .size();
    assert_eq!(size, UVec2::new(640, 360));
    let scaled = p.pits_on_screen();
    assert_eq!(full.len(), scaled.len());
    for ((pit, a), (_, b)) in full.iter().zip(&scaled) {
        assert!(a.distance(*b) < 1.0, "{pit:?} drawn at {a}, now at {b}");
    }
    // South's first legal pit, clicked where it is drawn.
    let state = p.state();
    let pit = legal_decisions(&state)
        .iter()
        .find_map(|d| d.start_pit())
        .expect("a legal move");
    let at = scaled.iter().find(|(q, _)| *q == pit).unwrap().1;
    p.click_at(at);
    p.frames(5);
    assert_ne!(p.state(), state, "a click at {at} on {pit:?} played it");
    // A smaller window: the image follows, and keeps the window's logical size.
    let (size, logical) = resize_window(&mut p, &image.handle, 640.0, 360.0);
    assert_eq!(size, UVec2::new(320, 180));
    assert_eq!(logical, Some(Vec2::new(640.0, 360.0)));
    // A 1920x1080 screen (a museum's kiosk): a third of its width and height, so the
    // scene has no more pixels than in 1280x720.
    let (size, logical) = resize_window(&mut p, &image.handle, 1920.0, 1080.0);
    assert_eq!(size, UVec2::new(640, 360));
    assert_eq!(logical, Some(Vec2::new(1920.0, 1080.0)));
    let _ = std::fs::remove_dir_all(&data);
}

/// On a software renderer the game chooses low graphics, and in that same frame the
/// scene camera moves into its image: no frame builds the scene's pipelines for a
/// target it then leaves (in the browser, building them again took most of a second).
#[test]
fn the_render_scale_starts_in_the_frame_low_graphics_is_chosen() {
    let (mut p, data) = hawalis_in_1280x720("render-scale-same-frame");
    p.frames(5);
    assert!(
        p.app.world().get_resource::<Graphics>().is_none(),
        "no renderer here, so nothing is chosen yet"
    );
    // The renderer arrives (in the browser a few frames late): a software one.
    p.app.insert_resource(RenderAdapterInfo(WgpuWrapper::new(
        wgpu_types::AdapterInfo {
            name: "llvmpipe".into(),
            vendor: 0,
            device: 0,
            device_type: wgpu_types::DeviceType::Cpu,
            device_pci_bus_id: String::new(),
            driver: String::new(),
            driver_info: String::new(),
            backend: wgpu_types::Backend::Vulkan,
            subgroup_min_size: 4,
            subgroup_max_size: 4,
            transient_saves_memory: false,
        },
    )));
    p.frames(1);
    let world = p.app.world_mut();
    assert_eq!(world.resource::<Graphics>(), &Graphics { low: true });
    assert!(
        world.get_resource::<RenderScale>().is_some(),
        "the render scale started in the same frame"
    );
    let target = world
        .query_filtered::<&RenderTarget, With<MainCamera>>()
        .single(world)
        .unwrap();
    assert!(matches!(target, RenderTarget::Image(_)), "{target:?}");
    let _ = std::fs::remove_dir_all(&data);
}

/// A headless Hawalis game in a 1280x720 window, with its data folder `name`.
fn hawalis_in_1280x720(name: &str) -> (Player, std::path::PathBuf) {
    let data = data_folder(name);
    let p = Player::start(
        &["--game", "hawalis", "--window", "1280x720"],
        &data,
        Duration::from_millis(50),
    );
    (p, data)
}

/// Resizes the window to `w`x`h` and runs three frames: then the size of the scene's
/// image and the scene camera's logical viewport.
fn resize_window(p: &mut Player, image: &Handle<Image>, w: f32, h: f32) -> (UVec2, Option<Vec2>) {
    let world = p.app.world_mut();
    world
        .query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>()
        .single_mut(world)
        .unwrap()
        .resolution
        .set(w, h);
    p.frames(3);
    let world = p.app.world_mut();
    let size = world.resource::<Assets<Image>>().get(image).unwrap().size();
    let camera = world
        .query_filtered::<&Camera, With<MainCamera>>()
        .single(world)
        .unwrap();
    (size, camera.logical_viewport_size())
}

/// With low graphics the pits share one material for each way a pit is lit: South's
/// playable pits one (glowing), the rest another (plain); a played turn lights them
/// anew.
#[test]
fn with_low_graphics_pits_share_materials_and_are_still_lit() {
    let data = data_folder("low-graphics-hollows");
    let mut p = Player::start(
        &[
            "--game", "nsolo", "--width", "36", "--south", "person", "--north", "person",
        ],
        &data,
        Duration::from_millis(50),
    );
    p.app.insert_resource(Graphics { low: true });
    p.frames(40);
    let materials_of = |p: &mut Player| {
        let state = p.state();
        let world = p.app.world_mut();
        let legal: Vec<Pit> = legal_decisions(&state)
            .iter()
            .filter_map(|d| d.start_pit())
            .collect();
        let mut by_kind: [Vec<Handle<StandardMaterial>>; 2] = Default::default();
        for (view, material) in world
            .query::<(&PitView, &MeshMaterial3d<StandardMaterial>)>()
            .iter(world)
        {
            by_kind[legal.contains(&view.pit) as usize].push(material.0.clone());
        }
        by_kind
    };
    let [plain, legal] = materials_of(&mut p);
    assert_eq!(plain.len() + legal.len(), 144);
    assert!(!legal.is_empty(), "South has pits to play");
    assert!(
        plain.iter().all(|m| *m == plain[0]),
        "plain pits share a material"
    );
    assert!(
        legal.iter().all(|m| *m == legal[0]),
        "playable pits share a material"
    );
    assert_ne!(plain[0], legal[0]);
    let glow = |p: &Player, m: &Handle<StandardMaterial>| {
        let m = p
            .app
            .world()
            .resource::<Assets<StandardMaterial>>()
            .get(m)
            .unwrap();
        m.emissive
    };
    assert_eq!(glow(&p, &plain[0]), LinearRgba::BLACK);
    assert_ne!(glow(&p, &legal[0]), LinearRgba::BLACK, "playable pits glow");
    // South plays (both seats are people): then North's playable pits glow.
    let south_legal: Vec<Pit> = legal_decisions(&p.state())
        .iter()
        .filter_map(|d| d.start_pit())
        .collect();
    let at = p
        .pits_on_screen()
        .into_iter()
        .find(|(q, _)| *q == south_legal[0])
        .unwrap()
        .1;
    p.click_at(at);
    for _ in 0..600 {
        p.frames(1);
        if p.state().to_decide() == Side::North
            && !p
                .app
                .world()
                .resource::<mancala_hall::game::show::animation::Animation>()
                .busy()
        {
            break;
        }
    }
    p.frames(3);
    assert_eq!(
        p.state().to_decide(),
        Side::North,
        "the click played South's turn"
    );
    let [_, legal_now] = materials_of(&mut p);
    assert!(!legal_now.is_empty());
    assert_eq!(
        legal_now[0], legal[0],
        "the same shared material lights North's pits"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// The standard material's fragment shader, as the asset store holds it now.
fn standard_fragment_source(p: &mut Player) -> Option<String> {
    use bevy::shader::{Shader, Source};
    use mancala_hall::game::look::low_shading::STANDARD_FRAGMENT_SHADER;
    let world = p.app.world_mut();
    let handle: Handle<Shader> = world
        .resource::<AssetServer>()
        .load(STANDARD_FRAGMENT_SHADER);
    match &world.resource::<Assets<Shader>>().get(&handle)?.source {
        Source::Wgsl(text) => Some(text.to_string()),
        other => panic!("not WGSL: {other:?}"),
    }
}

/// Low graphics draws the standard material with the game's own fragment shader
/// (`game::look::low_shading`); high graphics leaves Bevy's in place.
#[test]
fn low_graphics_swaps_in_its_own_shader_and_high_graphics_keeps_bevys() {
    use mancala_hall::game::look::low_shading::{LOW_GRAPHICS_SHADER, LowShading};
    for low in [false, true] {
        let (mut p, data) = hawalis_in_1280x720(&format!("low-shading-{low}"));
        p.frames(5);
        let bevys = standard_fragment_source(&mut p).expect("Bevy's shader is loaded");
        assert!(
            bevys.contains("pbr_input_from_standard_material"),
            "Bevy's PBR shader to start with"
        );
        p.app.insert_resource(Graphics { low });
        p.frames(3);
        let now = standard_fragment_source(&mut p).unwrap();
        let shading = p.app.world().resource::<LowShading>();
        assert_eq!(shading.in_use, low);
        if low {
            assert_eq!(now, LOW_GRAPHICS_SHADER);
        } else {
            assert_eq!(now, bevys);
        }
        let _ = std::fs::remove_dir_all(data);
    }
}
