//! Camera and light: frames the whole board on any window shape; orbit with the right
//! mouse button, zoom with the wheel (within limits), Home returns to the home view;
//! the seat can be South's (default) or North's.

use crate::game::CurrentGame;
use crate::game::look::{framing, layout};
use crate::rules::Game;
use bevy::camera::SubCameraView;
use bevy::camera::visibility::RenderLayers;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// The scene's camera: draws the board to the window, or, with a render scale
/// ([`super::render_scale`]), to an image the [`ScreenCamera`] shows.
#[derive(Component)]
pub struct MainCamera;

/// The window's camera for the interface, drawn after the scene: egui lives here, so
/// that the interface stays at the window's full resolution whatever the scene is drawn
/// at. It sees no entity (no render layer), so it draws nothing of the scene and
/// casts no picking rays into it.
#[derive(Component)]
pub struct ScreenCamera;

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
    /// Look down on the board from above (a touch table lying flat between two
    /// players): [`framing::FROM_ABOVE`] instead of the seated view's angle.
    pub from_above: bool,
}

impl Default for View {
    fn default() -> Self {
        View {
            yaw: 0.0,
            tilt: 0.0,
            zoom: 1.0,
            north_seat: false,
            from_above: false,
        }
    }
}

/// Camera and lights (the rest of the scene is [`crate::game::look::scene`]), and a
/// wide board's [`close_view`](super::close_view).
pub fn plugin(app: &mut App) {
    app.add_plugins(super::close_view::plugin).configure_sets(
        Update,
        super::close_view::CloseViewSystems.before(FrameBoard),
    );
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.07, 0.05)))
        .insert_resource(GlobalAmbientLight {
            brightness: 40.0,
            ..default()
        })
        .init_resource::<View>()
        .init_resource::<ScreenBars>()
        .init_resource::<TopPanel>()
        .init_resource::<Intro>()
        .add_systems(Startup, spawn_scene)
        .add_systems(
            PostUpdate,
            start_intro
                .in_set(crate::game::Rebuild::Board)
                .run_if(on_message::<crate::game::shared::GameStarted>),
        )
        .add_systems(
            Update,
            (steer, touch_steer, frame_board.in_set(FrameBoard)).chain(),
        );
}

/// The camera placing itself for this frame (after the close view has moved).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FrameBoard;

/// The short move in when a game starts (finished while none runs).
#[derive(Resource)]
pub struct Intro(pub Timer);

impl Default for Intro {
    fn default() -> Self {
        let mut timer = Timer::from_seconds(INTRO_S, TimerMode::Once);
        timer.finish();
        Intro(timer)
    }
}

/// Length of the move in.
const INTRO_S: f32 = 1.4;

fn start_intro(mut intro: ResMut<Intro>, access: Res<crate::game::shared::Access>) {
    intro.0.reset();
    if access.reduced_motion {
        // The camera is simply there.
        intro.0.finish();
    }
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
        ScreenCamera,
        Camera2d,
        Camera {
            order: 1,
            // Over the scene camera's picture, sharing its texture (same multisampling).
            clear_color: ClearColorConfig::None,
            ..default()
        },
        RenderLayers::none(),
        bevy_egui::PrimaryEguiContext,
    ));
    commands.spawn((
        crate::game::look::scene::KeyLight,
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

/// How much of the window's top and bottom edges the interface's bars cover (logical
/// pixels), so that the camera frames the board between them. The HUD writes it;
/// zero where there are no bars (the title screen, the attract loop).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ScreenBars {
    pub top: f32,
    pub bottom: f32,
}

/// How far down from the window's top edge a panel reaches that the board must stay
/// clear of besides the bars: the lesson's window (logical pixels; 0 when none). It
/// only grows during a lesson, so the board moves at most when a taller step appears.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TopPanel(pub f32);

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

/// Whether the pointer is on the 3D scene rather than over (or using) the interface.
/// egui says so for the last frame (`EguiWantsInput`); with no interface, always.
fn pointer_on_the_scene(egui: Option<Res<EguiWantsInput>>) -> bool {
    egui.is_none_or(|e| !e.wants_any_pointer_input())
}

/// Touch screens: two fingers orbit and pinch-zoom; one finger is left to play.
fn touch_steer(touches: Res<Touches>, egui: Option<Res<EguiWantsInput>>, mut view: ResMut<View>) {
    if !pointer_on_the_scene(egui) {
        return;
    }
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
    egui: Option<Res<EguiWantsInput>>,
    mut view: ResMut<View>,
) {
    if keys.just_pressed(KeyCode::Home) {
        *view = View {
            north_seat: view.north_seat,
            from_above: view.from_above,
            ..View::default()
        };
    }
    // A wheel, drag or pinch over a window (the menu's options, Settings) is that
    // window's: it scrolls the window, never the camera.
    if !pointer_on_the_scene(egui) {
        return;
    }
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        view.yaw = (view.yaw - motion.delta.x * 0.005).clamp(-1.2, 1.2);
        view.tilt = (view.tilt + motion.delta.y * 0.004).clamp(-0.35, 0.45);
    }
    if scroll.delta.y != 0.0 {
        view.zoom = (view.zoom * (1.0 - scroll.delta.y * 0.08)).clamp(0.5, 1.6);
    }
}

/// What the close view's size was worked out for: the board, the window's size, the
/// band and the angle (see [`framing::views`]).
type CloseKey = (u8, u8, bool, UVec2, [u32; 2], u32);

#[allow(clippy::too_many_arguments)]
fn frame_board(
    game: Res<CurrentGame>,
    view: Res<View>,
    (bars, panel): (Res<ScreenBars>, Res<TopPanel>),
    time: Res<Time>,
    mut intro: ResMut<Intro>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Transform, &mut Camera, &mut Projection), With<MainCamera>>,
    (mut close, mut close_for): (
        ResMut<super::close_view::CloseView>,
        Local<Option<CloseKey>>,
    ),
) {
    let Ok(window) = windows.single() else { return };
    let Ok((mut t, mut camera, mut projection)) = cams.single_mut() else {
        return;
    };
    let aspect = window.width().max(1.0) / window.height().max(1.0);
    let band = framing::Band::between_bars(bars.top.max(panel.0), bars.bottom, window.height());
    let g = game.0.game();
    let has_stores = g == Game::Anywoli;
    let board = game.0.board();
    let trays =
        crate::game::look::layout::has_trays(g).then(|| layout::tray_radius(board_seeds(&game.0)));
    // Radians above the table.
    let home = if view.from_above {
        framing::FROM_ABOVE
    } else {
        framing::home_pitch(board, has_stores)
    };
    let steepest = home.max(1.45);
    let seat = if view.north_seat {
        std::f32::consts::PI
    } else {
        0.0
    };
    let points = framing::framed_points(board, has_stores, trays);
    // A wide board's close view: how many columns it shows in this window (worked out
    // again only when the window, the bars or the angle change).
    let size = window.physical_size();
    let key = (
        board.rows,
        board.cols,
        has_stores,
        size,
        [band.bottom.to_bits(), band.top.to_bits()],
        home.to_bits(),
    );
    if *close_for != Some(key) {
        *close_for = Some(key);
        let views = framing::views(
            board,
            &points,
            framing::Lens::at(home),
            seat,
            band,
            (size.x as f32, size.y as f32),
        );
        close.set_if_neq(super::close_view::CloseView {
            views,
            ..close.clone()
        });
    }
    let screen_right = if view.north_seat { -1.0 } else { 1.0 };
    if close.screen_right != screen_right {
        close.screen_right = screen_right;
    }
    let tilted = |lens: framing::Lens| framing::Lens {
        pitch: (lens.pitch + view.tilt).clamp(0.4, steepest),
        fov: lens.fov,
    };
    let (points, lens, along) = match close.views.close.filter(|_| close.is_close()) {
        Some(c) => (
            framing::stretch_points(board, c.columns),
            tilted(c.lens),
            close.centre,
        ),
        None => (points, tilted(close.views.whole), 0.0),
    };
    let fitted = framing::fit(&points, lens, view.yaw + seat, aspect, band);
    let dist = fitted.dist * view.zoom;
    // The move in: from further out and a little to the side, easing to rest.
    let (dist, intro_yaw) = if !intro.0.is_finished() {
        let t = intro.0.tick(time.delta()).fraction();
        let ease = 1.0 - (1.0 - t).powi(3);
        (dist * (1.0 + 0.45 * (1.0 - ease)), 0.35 * (1.0 - ease))
    } else {
        (dist, 0.0)
    };
    let yaw = intro_yaw + view.yaw + seat;
    // The close view looks along the board; the whole board, at its middle.
    let target = framing::LOOK_AT + Vec3::X * along;
    let want = Transform::from_translation(framing::eye_at(target, dist, lens.pitch, yaw))
        .looking_at(target, Vec3::Y);
    if *t != want {
        *t = want;
    }
    // Centre the board in the band between the bars: a lens shift, drawing the
    // window as part of a taller picture.
    let lift = framing::lift(&points, dist, lens, yaw, aspect, band);
    let (fov, sub_view) = lens_shift(lift, lens.fov, window.physical_size());
    if let Projection::Perspective(p) = &mut *projection
        && p.fov != fov
    {
        p.fov = fov;
    }
    if camera.sub_camera_view != sub_view {
        camera.sub_camera_view = sub_view;
    }
}

/// The field of view and sub-view that draw the picture moved down by `lift`
/// (normalised device units; negative moves it up) in a window of `size` physical
/// pixels, at the scale of an unshifted field of view `fov`: the window becomes the
/// top (or bottom) part of a picture taller by twice the shift, centred on the view's
/// axis.
pub fn lens_shift(lift: f32, fov: f32, size: UVec2) -> (f32, Option<SubCameraView>) {
    let (w, h) = (size.x.max(1), size.y.max(1));
    let shift = (lift.clamp(-0.9, 0.9) * h as f32 / 2.0).round() as i64; // pixels down
    if shift == 0 {
        return (fov, None);
    }
    let full = h + 2 * shift.unsigned_abs() as u32;
    let fov = 2.0 * ((fov / 2.0).tan() * full as f32 / h as f32).atan();
    let offset_y = if shift > 0 { 0.0 } else { (full - h) as f32 };
    let view = SubCameraView {
        full_size: UVec2::new(w, full),
        offset: Vec2::new(0.0, offset_y),
        size: UVec2::new(w, h),
    };
    (fov, Some(view))
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

    #[test]
    fn the_lens_shift_moves_the_picture_without_scaling_it() {
        use bevy::camera::CameraProjection;
        let size = UVec2::new(1280, 720);
        let base = PerspectiveProjection {
            fov: framing::FOV_Y,
            aspect_ratio: 1280.0 / 720.0,
            ..default()
        };
        let p = Vec3::new(1.5, -0.7, -10.0);
        let ndc = |m: Mat4| {
            let c = m * p.extend(1.0);
            Vec2::new(c.x / c.w, c.y / c.w)
        };
        let plain = ndc(base.get_clip_from_view());
        for lift in [0.12, -0.2] {
            let (fov, sub) = lens_shift(lift, framing::FOV_Y, size);
            let shifted = PerspectiveProjection {
                fov,
                ..base.clone()
            };
            let moved = ndc(shifted.get_clip_from_view_for_sub(&sub.unwrap()));
            // Moved down by `lift` (to the nearest pixel), at the same scale.
            assert!(
                (moved.x - plain.x).abs() < 1e-3,
                "{lift}: {moved} vs {plain}"
            );
            assert!(
                (moved.y - (plain.y - lift)).abs() < 3e-3,
                "{lift}: {moved} vs {plain}"
            );
        }
        assert_eq!(
            lens_shift(0.0, framing::FOV_Y, size),
            (framing::FOV_Y, None)
        );
    }
}
