//! Clicking a pit needs the mesh picking ray to hit that pit: rays from where the
//! camera sits (steep and shallow angles, both seats) through every point of a pit's
//! opening hit that pit, with the picking backend's rules (seeds and markers let the
//! ray through).
#![cfg(feature = "game")]

use crate::common::headless::{logic_app, with_meshes};
use bevy::ecs::system::RunSystemOnce;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use bevy::prelude::*;
use mancala_hall::game::play::session::{Seats, StartGame};
use mancala_hall::game::show::board::PitView;
use mancala_hall::rules::*;
use std::time::Duration;

#[test]
fn rays_from_the_camera_hit_the_pit_they_point_at() {
    for g in Game::ALL {
        let mut app = logic_app(Duration::from_millis(16));
        with_meshes(&mut app);
        app.add_plugins(TransformPlugin);
        let state = GameState::new(g, Options::default()).unwrap();
        app.world_mut()
            .write_message(StartGame::fresh(state, Seats::default()));
        for _ in 0..4 {
            app.update();
        }
        // Bounds for the ray cast's culling, as the renderer would compute them.
        app.add_systems(Update, bevy::camera::visibility::calculate_bounds);
        app.update();
        let pits: Vec<(Entity, Pit, Vec3)> = app
            .world_mut()
            .query::<(Entity, &PitView, &GlobalTransform)>()
            .iter(app.world())
            .map(|(e, v, t)| (e, v.pit, t.translation()))
            .collect();
        assert!(!pits.is_empty());
        let targets: Vec<Vec3> = pits.iter().map(|&(_, _, at)| at).collect();
        let hits: Vec<Option<Entity>> = app
            .world_mut()
            .run_system_once(move |mut cast: MeshRayCast, pickable: Query<&Pickable>| {
                let mut hits = Vec::new();
                for &at in &targets {
                    for eye in [
                        Vec3::new(0.0, 8.0, 8.0),
                        Vec3::new(0.0, 4.0, 12.0),
                        Vec3::new(3.0, 9.0, -7.0),
                        Vec3::new(-6.0, 5.0, 4.0),
                    ] {
                        for offset in [
                            Vec3::ZERO,
                            Vec3::new(0.25, 0.0, 0.0),
                            Vec3::new(0.0, 0.0, -0.25),
                        ] {
                            let target = at + offset;
                            let ray = Ray3d::new(eye, Dir3::new(target - eye).unwrap());
                            // As the picking backend: entities that are not hoverable are passed through.
                            let hoverable =
                                |e: Entity| pickable.get(e).ok().is_none_or(|p| p.is_hoverable);
                            let settings = MeshRayCastSettings::default()
                                .with_visibility(RayCastVisibility::Any)
                                .with_filter(&hoverable);
                            hits.push(cast.cast_ray(ray, &settings).first().map(|(e, _)| *e));
                        }
                    }
                }
                hits
            })
            .unwrap();
        let per_pit = hits.len() / pits.len();
        for (k, (e, pit, _)) in pits.iter().enumerate() {
            for hit in &hits[k * per_pit..(k + 1) * per_pit] {
                assert_eq!(*hit, Some(*e), "{g}: a ray at {pit:?} hit {hit:?}");
            }
        }
    }
}

/// Low graphics draws the scene into an image at half the window's width and height
/// (`show::render_scale`): the pits are drawn where they were, and a click on one
/// plays it, the scene camera's rays coming from the window's pointer.
#[test]
fn with_the_scene_drawn_at_half_the_window_a_click_plays_the_pit_under_it() {
    use crate::common::player::{Player, data_folder};
    use bevy::camera::RenderTarget;
    use mancala_hall::game::look::graphics::Graphics;
    use mancala_hall::game::show::camera::MainCamera;
    let data = data_folder("picking-render-scale");
    let mut p = Player::start(
        &["--game", "hawalis", "--window", "1280x720"],
        &data,
        Duration::from_millis(50),
    );
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
    let world = p.app.world_mut();
    world
        .query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>()
        .single_mut(world)
        .unwrap()
        .resolution
        .set(640.0, 360.0);
    p.frames(3);
    let world = p.app.world_mut();
    let size = world.resource::<Assets<Image>>().get(&image.handle).unwrap().size();
    assert_eq!(size, UVec2::new(320, 180));
    let camera = world
        .query_filtered::<&Camera, With<MainCamera>>()
        .single(world)
        .unwrap();
    assert_eq!(camera.logical_viewport_size(), Some(Vec2::new(640.0, 360.0)));
    let _ = std::fs::remove_dir_all(&data);
}
