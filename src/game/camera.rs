//! Camera and light: frames the whole board on any window shape; orbit with the right
//! mouse button, zoom with the wheel (within limits), Home returns to the home view;
//! the seat can be South's (default) or North's.

use super::CurrentGame;
use super::layout;
use crate::rules::Game;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The scene's camera.
#[derive(Component)]
pub struct MainCamera;

/// The view around the home position: orbit angles and zoom, and the seat.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Turn around the board (radians); 0 is the seat's own side.
    pub yaw: f32,
    /// Extra tilt (radians), limited.
    pub tilt: f32,
    /// Zoom factor, 0.5..=1.6.
    pub zoom: f32,
    /// Seat the camera on North's side (a second player, a table display).
    pub north_seat: bool,
}

impl Default for View {
    fn default() -> Self {
        View {
            yaw: 0.0,
            tilt: 0.0,
            zoom: 1.0,
            north_seat: false,
        }
    }
}

/// Camera, lights and table.
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.07, 0.05)))
        .insert_resource(GlobalAmbientLight {
            brightness: 150.0,
            ..default()
        })
        .init_resource::<View>()
        .add_systems(Startup, spawn_scene)
        .add_systems(Update, (steer, frame_board).chain());
}

fn spawn_scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        MainCamera,
        Camera3d::default(),
        Transform::from_xyz(0.0, 8.0, 8.0),
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.93, 0.82),
            ..default()
        },
        Transform::from_xyz(-4.0, 10.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 60.0,
            ..default()
        }
        .build(),
    ));
    // The table the board stands on.
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(120.0, 120.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.25, 0.16, 0.10),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.3, 0.0),
        Pickable::IGNORE,
    ));
}

/// Distance from the board that frames a width x depth board in this aspect ratio.
pub fn framing_distance(width: f32, depth: f32, aspect: f32, fov_y: f32) -> f32 {
    let half_fov = fov_y / 2.0;
    let aspect = aspect.clamp(0.2, 5.0); // odd window shapes still get a sane view
    let for_width = (width / 2.0) / (half_fov.tan() * aspect);
    let for_depth = (depth / 2.0) / half_fov.tan();
    for_width.max(for_depth) * 1.15 + 1.0
}

fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut view: ResMut<View>,
) {
    if keys.just_pressed(KeyCode::Home) {
        let seat = view.north_seat;
        *view = View {
            north_seat: seat,
            ..View::default()
        };
    }
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        view.yaw = (view.yaw - motion.delta.x * 0.005).clamp(-1.2, 1.2);
        view.tilt = (view.tilt + motion.delta.y * 0.004).clamp(-0.35, 0.45);
    }
    if scroll.delta.y != 0.0 {
        view.zoom = (view.zoom * (1.0 - scroll.delta.y * 0.08)).clamp(0.5, 1.6);
    }
}

fn frame_board(
    game: Res<CurrentGame>,
    view: Res<View>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Transform, &Projection), With<MainCamera>>,
) {
    let Ok(window) = windows.single() else { return };
    let Ok((mut t, projection)) = cams.single_mut() else {
        return;
    };
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => std::f32::consts::FRAC_PI_4,
    };
    let aspect = window.width().max(1.0) / window.height().max(1.0);
    let has_stores = game.0.game() == Game::Anywoli;
    let (w, d) = layout::board_size(game.0.board(), has_stores);
    let dist = framing_distance(w + 3.2, d + 1.0, aspect, fov) * view.zoom;
    let pitch = (0.96 + view.tilt).clamp(0.4, 1.45); // radians above the table
    let yaw = view.yaw
        + if view.north_seat {
            std::f32::consts::PI
        } else {
            0.0
        };
    let eye = Vec3::new(
        dist * pitch.cos() * yaw.sin(),
        dist * pitch.sin(),
        dist * pitch.cos() * yaw.cos(),
    );
    let want = Transform::from_translation(eye).looking_at(Vec3::ZERO, Vec3::Y);
    if *t != want {
        *t = want;
    }
}
