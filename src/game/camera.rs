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

/// Camera and lights (the rest of the scene is [`super::scene`]).
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.07, 0.05)))
        .insert_resource(GlobalAmbientLight {
            brightness: 40.0,
            ..default()
        })
        // Crisp, softly filtered shadows of seeds in their pits.
        .insert_resource(bevy::light::DirectionalLightShadowMap { size: 2048 })
        .init_resource::<View>()
        .init_resource::<Intro>()
        .add_systems(Startup, spawn_scene)
        .add_systems(
            PostUpdate,
            start_intro
                .in_set(super::Rebuild::Board)
                .run_if(on_message::<super::session::GameStarted>),
        )
        .add_systems(Update, (steer, touch_steer, frame_board).chain());
}

/// The short move in when a game starts: seconds left of it.
#[derive(Resource, Default)]
pub struct Intro {
    pub left: f32,
}

/// Length of the move in.
const INTRO_S: f32 = 1.4;

fn start_intro(mut intro: ResMut<Intro>, access: Res<super::access::Access>) {
    // Reduced motion: the camera is simply there.
    intro.left = if access.reduced_motion { 0.0 } else { INTRO_S };
}

fn spawn_scene(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    // Image-based light: a warm room above, the table's bounce below.
    let mut environment = EnvironmentMapLight::hemispherical_gradient(
        &mut images,
        Color::srgb(0.95, 0.86, 0.74),
        Color::srgb(0.55, 0.45, 0.36),
        Color::srgb(0.22, 0.15, 0.10),
    );
    environment.intensity = 420.0;
    commands.spawn((
        MainCamera,
        Camera3d::default(),
        environment,
        bevy::core_pipeline::tonemapping::Tonemapping::TonyMcMapface,
        Transform::from_xyz(0.0, 8.0, 8.0),
    ));
    commands.spawn((
        super::scene::KeyLight,
        DirectionalLight {
            illuminance: 6_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.9, 0.78),
            ..default()
        },
        // High, to the left and beyond the board: light from the top of the picture
        // makes the hollows read as hollows (lit from the front they look like domes).
        Transform::from_xyz(-4.0, 10.0, -5.0).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 45.0,
            ..default()
        }
        .build(),
    ));
}

/// Where the camera looks: the board's middle, a little below the table line, so
/// that the board sits a touch low in the window, under the status bar.
const LOOK_AT: Vec3 = Vec3::new(0.0, -0.2, 0.0);

/// The home view's angle above the table (radians): steep enough to see into every
/// pit, low enough to see the wall behind the board.
pub const PITCH: f32 = 0.9;

/// The camera's place at `dist` from the board, `pitch` above the table and turned
/// `yaw` round it.
pub fn eye(dist: f32, pitch: f32, yaw: f32) -> Vec3 {
    LOOK_AT
        + Vec3::new(
            dist * pitch.cos() * yaw.sin(),
            dist * pitch.sin(),
            dist * pitch.cos() * yaw.cos(),
        )
}

/// The nearest distance at which every point (the board's corners, the trays) shows
/// in a window of this aspect, with a margin of `margin` (a share of the half-width
/// and half-height) round them: nearer parts of a tilted board look bigger, so this
/// projects each point rather than trusting the board's size.
pub fn fit_distance(points: &[Vec3], pitch: f32, yaw: f32, fov_y: f32, aspect: f32) -> f32 {
    let aspect = aspect.clamp(0.2, 5.0); // odd window shapes still get a sane view
    let (margin_x, margin_y) = (0.97, 0.9);
    let fits = |dist: f32| {
        let view = Mat4::look_at_rh(eye(dist, pitch, yaw), LOOK_AT, Vec3::Y);
        let proj = Mat4::perspective_rh(fov_y, aspect, 0.1, 1000.0);
        points.iter().all(|&p| {
            let c = proj * view * p.extend(1.0);
            c.w > 0.0 && (c.x / c.w).abs() <= margin_x && (c.y / c.w).abs() <= margin_y
        })
    };
    let (mut near, mut far) = (1.0f32, 400.0f32);
    if !fits(far) {
        return far;
    }
    for _ in 0..40 {
        let mid = (near + far) / 2.0;
        if fits(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    far
}

/// The points the camera must keep in view: the board's top corners (a little
/// outside, for the rounded edge) and the corners of the trays beside it.
pub fn framed_points(
    board: &crate::rules::Board,
    has_stores: bool,
    trays: Option<f32>,
) -> Vec<Vec3> {
    let (w, d) = layout::board_size(board, has_stores);
    let mut points = Vec::new();
    for (x, z) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        points.push(Vec3::new(x * (w / 2.0 + 0.1), 0.0, z * (d / 2.0 + 0.1)));
    }
    if let Some(r) = trays {
        for p in crate::rules::Player::BOTH {
            let (x, z) = layout::tray_centre(board, has_stores, p, r);
            for (dx, dz) in [(r, r), (-r, r), (r, -r), (-r, -r)] {
                points.push(Vec3::new(x + dx, -0.1, z + dz));
            }
        }
    }
    points
}

/// Orbit and zoom from two fingers moving between two frames: the midpoint's motion
/// turns and tilts the view, the change in their distance zooms (a pinch outwards
/// brings the board closer). Returns (yaw change, tilt change, zoom factor).
pub fn two_finger_steer(before: [Vec2; 2], after: [Vec2; 2]) -> (f32, f32, f32) {
    let mid = (after[0] + after[1]) / 2.0 - (before[0] + before[1]) / 2.0;
    let (d0, d1) = (before[0].distance(before[1]), after[0].distance(after[1]));
    let zoom = if d0 > 1.0 && d1 > 1.0 {
        (d0 / d1).clamp(0.8, 1.25)
    } else {
        1.0
    };
    (-mid.x * 0.005, mid.y * 0.004, zoom)
}

/// Touch screens: two fingers orbit and pinch-zoom; one finger is left to play.
fn touch_steer(touches: Res<Touches>, mut view: ResMut<View>) {
    let fingers: Vec<&bevy::input::touch::Touch> = touches.iter().collect();
    if fingers.len() != 2 {
        return;
    }
    let before = [
        fingers[0].previous_position(),
        fingers[1].previous_position(),
    ];
    let after = [fingers[0].position(), fingers[1].position()];
    if before == after {
        return;
    }
    let (dyaw, dtilt, zoom) = two_finger_steer(before, after);
    view.yaw = (view.yaw + dyaw).clamp(-1.2, 1.2);
    view.tilt = (view.tilt + dtilt).clamp(-0.35, 0.45);
    view.zoom = (view.zoom * zoom).clamp(0.5, 1.6);
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
    time: Res<Time>,
    mut intro: ResMut<Intro>,
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
    let g = game.0.game();
    let has_stores = g == Game::Anywoli;
    let board = game.0.board();
    let trays = super::seeds::has_trays(g).then(|| layout::tray_radius(board_seeds(&game.0)));
    let pitch = (PITCH + view.tilt).clamp(0.4, 1.45); // radians above the table
    let seat = if view.north_seat {
        std::f32::consts::PI
    } else {
        0.0
    };
    let points = framed_points(board, has_stores, trays);
    let dist = fit_distance(&points, pitch, view.yaw + seat, fov, aspect) * view.zoom;
    // The move in: from further out and a little to the side, easing to rest.
    let (dist, intro_yaw) = if intro.left > 0.0 {
        intro.left = (intro.left - time.delta_secs()).max(0.0);
        let t = 1.0 - intro.left / INTRO_S;
        let ease = 1.0 - (1.0 - t).powi(3);
        (dist * (1.0 + 0.45 * (1.0 - ease)), 0.35 * (1.0 - ease))
    } else {
        (dist, 0.0)
    };
    let yaw = intro_yaw + view.yaw + seat;
    let want = Transform::from_translation(eye(dist, pitch, yaw)).looking_at(LOOK_AT, Vec3::Y);
    if *t != want {
        *t = want;
    }
}

/// Seeds in the whole game (the trays are sized for all of them).
fn board_seeds(state: &crate::rules::GameState) -> u32 {
    let t = state.seeds();
    t.pits.iter().map(|&n| n as u32).sum::<u32>()
        + t.stores.iter().sum::<u32>()
        + t.captured.iter().sum::<u32>()
        + t.hand
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinch_outwards_zooms_in_and_a_drag_turns() {
        let before = [Vec2::new(100.0, 100.0), Vec2::new(200.0, 100.0)];
        let wider = [Vec2::new(80.0, 100.0), Vec2::new(220.0, 100.0)];
        let (_, _, zoom) = two_finger_steer(before, wider);
        assert!(zoom < 1.0, "zoom {zoom}");
        let moved = [Vec2::new(130.0, 100.0), Vec2::new(230.0, 100.0)];
        let (dyaw, dtilt, zoom) = two_finger_steer(before, moved);
        assert!(dyaw < 0.0 && dtilt == 0.0 && (zoom - 1.0).abs() < 1e-6);
    }

    /// The share of the window's width and height the points span, seen from `dist`.
    fn span(points: &[Vec3], dist: f32, aspect: f32) -> (f32, f32) {
        let fov = std::f32::consts::FRAC_PI_4;
        let view = Mat4::look_at_rh(eye(dist, PITCH, 0.0), LOOK_AT, Vec3::Y);
        let proj = Mat4::perspective_rh(fov, aspect, 0.1, 1000.0);
        let ndc: Vec<Vec2> = points
            .iter()
            .map(|&p| {
                let c = proj * view * p.extend(1.0);
                Vec2::new(c.x / c.w, c.y / c.w)
            })
            .collect();
        let w = ndc.iter().map(|p| p.x).fold(f32::MIN, f32::max)
            - ndc.iter().map(|p| p.x).fold(f32::MAX, f32::min);
        let h = ndc.iter().map(|p| p.y).fold(f32::MIN, f32::max)
            - ndc.iter().map(|p| p.y).fold(f32::MAX, f32::min);
        (w / 2.0, h / 2.0)
    }

    #[test]
    fn every_board_fills_the_window_without_leaving_it() {
        use crate::rules::{Board, Game};
        let fov = std::f32::consts::FRAC_PI_4;
        for (game, width, aspect) in [
            (Game::Nsolo, 36, 16.0 / 9.0),
            (Game::Omweso, 8, 16.0 / 9.0),
            (Game::Hawalis, 8, 0.6), // a phone held upright
            (Game::Anywoli, 12, 21.0 / 9.0),
        ] {
            let board = Board::new(game, width);
            let stores = game == Game::Anywoli;
            let trays = (game == Game::Hawalis).then_some(1.0);
            let points = framed_points(&board, stores, trays);
            let dist = fit_distance(&points, PITCH, 0.0, fov, aspect);
            let (w, h) = span(&points, dist, aspect);
            assert!(w <= 0.98 && h <= 0.91, "{game} {aspect}: {w} x {h}");
            // It fills the window one way or the other.
            assert!(w > 0.9 || h > 0.85, "{game} {aspect}: only {w} x {h}");
        }
        // Nsolo 4 x 36 fills the width.
        let nsolo = framed_points(&Board::new(Game::Nsolo, 36), false, None);
        let (w, _) = span(
            &nsolo,
            fit_distance(&nsolo, PITCH, 0.0, fov, 16.0 / 9.0),
            16.0 / 9.0,
        );
        assert!(w > 0.94, "{w}");
    }
}
