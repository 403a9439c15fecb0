//! The scene needs one shader program: every mesh of every game's scene has the same
//! vertex attributes, and every material a normal map (the flat one where a surface
//! is smooth). Each combination more is one more program to compile before the first
//! board, and in the browser's software WebGL each took a few hundred milliseconds.

use crate::common::headless::{logic_app, start, with_meshes};
use bevy::prelude::*;
use mancala_hall::game::look::carving::FLAT_NORMAL;
use mancala_hall::game::play::session::Seats;
use mancala_hall::rules::{Game, GameState, Options};
use std::collections::BTreeSet;
use std::time::Duration;

#[test]
fn every_mesh_shares_one_vertex_layout_and_every_material_has_a_normal_map() {
    for game in Game::ALL {
        let mut app = logic_app(Duration::from_millis(50));
        with_meshes(&mut app);
        app.update();
        start(
            &mut app,
            GameState::new(game, Options::default()).expect("default options"),
            Seats::default(),
        );
        for _ in 0..5 {
            app.update();
        }
        let meshes = app.world().resource::<Assets<Mesh>>();
        assert!(meshes.len() > 5, "{game}: only {} meshes", meshes.len());
        let layouts: BTreeSet<Vec<&str>> = meshes
            .iter()
            .map(|(_, m)| {
                let mut names: Vec<&str> = m
                    .try_attributes()
                    .expect("meshes stay in the main world here")
                    .map(|(a, _)| a.name)
                    .collect();
                names.sort();
                names
            })
            .collect();
        assert_eq!(layouts.len(), 1, "{game}: vertex layouts {layouts:?}");
        let materials = app.world().resource::<Assets<StandardMaterial>>();
        assert!(
            materials.len() > 5,
            "{game}: only {} materials",
            materials.len()
        );
        for (id, m) in materials.iter() {
            assert!(
                m.normal_map_texture.is_some(),
                "{game}: material {id:?} has no normal map"
            );
        }
        assert!(
            app.world()
                .resource::<Assets<Image>>()
                .get(&FLAT_NORMAL)
                .is_some(),
            "{game}: the flat normal map is made"
        );
    }
}
