//! The board: one entity per pit (and per Anywoli store), placed from the rules'
//! grid; the wooden slab and pit hollows are added by [`visuals_plugin`].

use super::CurrentGame;
use super::layout::{self, PIT_RADIUS};
use crate::rules::{Game, Pit, Player};
use bevy::prelude::*;

/// A pit of the rules' grid.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitView {
    /// Flat index in the rules' board.
    pub index: usize,
    pub pit: Pit,
}

/// An Anywoli store.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreView(pub Player);

/// The board's root entity; pits are its children.
#[derive(Component)]
pub struct BoardRoot;

/// Spawns the pit entities for the current game.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board);
}

fn spawn_board(mut commands: Commands, game: Res<CurrentGame>) {
    let board = game.0.board();
    commands
        .spawn((BoardRoot, Transform::default(), Visibility::default()))
        .with_children(|root| {
            for i in 0..board.len() {
                let (x, z) = layout::pit_centre(board, i);
                root.spawn((
                    PitView {
                        index: i,
                        pit: board.pit(i),
                    },
                    Transform::from_xyz(x, layout::BOARD_TOP, z),
                    Visibility::default(),
                ));
            }
            if game.0.game() == Game::Anywoli {
                for p in Player::BOTH {
                    let (x, z) = layout::store_centre(board, p);
                    root.spawn((
                        StoreView(p),
                        Transform::from_xyz(x, layout::BOARD_TOP, z),
                        Visibility::default(),
                    ));
                }
            }
        });
}

/// Meshes and materials for the board, pits and stores.
pub fn visuals_plugin(app: &mut App) {
    app.add_systems(PostStartup, dress_board);
}

fn dress_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    pits: Query<(Entity, &PitView)>,
    stores: Query<Entity, With<StoreView>>,
    root: Query<Entity, With<BoardRoot>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let board = game.0.board();
    let has_stores = game.0.game() == Game::Anywoli;
    let (w, d) = layout::board_size(board, has_stores);
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.52, 0.32, 0.17),
        perceptual_roughness: 0.75,
        ..default()
    });
    let hollow = materials.add(StandardMaterial {
        base_color: Color::srgb(0.30, 0.17, 0.08),
        perceptual_roughness: 0.9,
        ..default()
    });
    let divide = materials.add(StandardMaterial {
        base_color: Color::srgb(0.22, 0.12, 0.05),
        perceptual_roughness: 0.9,
        ..default()
    });
    if let Ok(root) = root.single() {
        commands.entity(root).with_children(|r| {
            r.spawn((
                Mesh3d(meshes.add(Cuboid::new(w, 0.3, d))),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(0.0, layout::BOARD_TOP - 0.151, 0.0),
            ));
            // The divide between the two players' halves.
            r.spawn((
                Mesh3d(meshes.add(Cuboid::new(
                    board.cols as f32 * layout::PIT_SPACING,
                    0.02,
                    0.06,
                ))),
                MeshMaterial3d(divide),
                Transform::from_xyz(0.0, layout::BOARD_TOP, 0.0),
            ));
        });
    }
    // A hollow: a shallow dark disc sunk into the top, with a lighter rim.
    let hollow_mesh = meshes.add(Cylinder::new(PIT_RADIUS, 0.02));
    for (e, _) in &pits {
        commands
            .entity(e)
            .insert((Mesh3d(hollow_mesh.clone()), MeshMaterial3d(hollow.clone())));
    }
    // A store: a long hollow across both rows at one end of the board.
    let store_mesh = meshes.add(Cylinder::new(PIT_RADIUS, 0.02));
    for e in &stores {
        commands.entity(e).with_children(|s| {
            s.spawn((
                Mesh3d(store_mesh.clone()),
                MeshMaterial3d(hollow.clone()),
                Transform::from_scale(Vec3::new(1.0, 1.0, 2.4)),
            ));
        });
    }
}
