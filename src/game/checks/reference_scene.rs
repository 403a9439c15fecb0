//! `--reference-scene`: Bevy's own `3d_scene` example (a white disc, a blue cube and
//! a point light casting shadows, seen from above) in the game's window, built with
//! the game's Bevy features and nothing of the game. `scripts/fps.sh` measures the
//! game's frame rate against it (with `--frame-stats`), so that a figure says how the
//! game does on a machine, not how fast the machine is.

use bevy::prelude::*;

/// The reference scene's app: `plugins` are the game's (window, renderer), `extra`
/// adds the measuring.
pub fn app(plugins: impl PluginGroup, extra: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins(plugins).add_systems(Startup, scene);
    extra(&mut app);
    app
}

/// The scene of Bevy's `examples/3d/3d_scene.rs`.
fn scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(4.0))),
        MeshMaterial3d(materials.add(Color::WHITE)),
        Transform::from_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(1.0, 1.0, 1.0))),
        MeshMaterial3d(materials.add(Color::srgb_u8(124, 144, 255))),
        Transform::from_xyz(0.0, 0.5, 0.0),
    ));
    commands.spawn((
        PointLight {
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(4.0, 8.0, 4.0),
    ));
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(-2.5, 4.5, 9.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}
