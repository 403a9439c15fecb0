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
