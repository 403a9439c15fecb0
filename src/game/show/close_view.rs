//! A wide board close up. Where the whole board would draw its pits narrower than
//! [`MIN_PIT_PX`](crate::game::look::framing::MIN_PIT_PX) (Nsolo 4 x 36 in any window, 4 x 20 in a small one), the
//! camera shows a stretch of its columns instead, big enough to play, and moves along
//! the board: with the seeds being sown, with the keyboard's cursor, and with a drag
//! of one finger or the left mouse button (one drag across the window reaches either
//! end). The whole board is one tap away (the records bar's "Whole board", the `O`
//! key); a tap on a pit of the whole board brings it close. The camera (which uses
//! this module, never the other way round) frames what this says.

use super::animation::Animation;
use crate::game::CurrentGame;
use crate::game::shared::Cursor;
use crate::game::shared::GameStarted;
use crate::rules::{Board, Pit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// What a wide board shows: a stretch of its columns, or the whole board.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct CloseView {
    /// How the board is shown whole, and its close view if it has one (the camera
    /// works them out for the window and the bars).
    pub views: crate::game::look::framing::Views,
    /// The whole board, asked for although the board has a close view.
    pub overview: bool,
    /// The board's x (table units) the close view is centred on now.
    pub centre: f32,
    /// Where it glides to.
    pub target: f32,
    /// Which way the board's x runs on screen: 1 when seen from South's side, -1 from
    /// North's (the camera sets it), so that a drag moves the board with the finger.
    pub screen_right: f32,
}

impl Default for CloseView {
    fn default() -> Self {
        CloseView {
            views: crate::game::look::framing::Views {
                whole: crate::game::look::framing::Lens::HOME,
                close: None,
            },
            overview: false,
            centre: 0.0,
            target: 0.0,
            screen_right: 1.0,
        }
    }
}

impl CloseView {
    /// How many columns the close view shows (`None`: the board has none).
    pub fn columns(&self) -> Option<f32> {
        self.views.close.map(|c| c.columns)
    }

    /// Whether the camera shows a stretch of the board now.
    pub fn is_close(&self) -> bool {
        self.views.close.is_some() && !self.overview
    }

    /// Whether a tap on a pit brings it close rather than playing it: the whole
    /// board of a board that has a close view is shown.
    pub fn takes_taps(&self) -> bool {
        self.views.close.is_some() && self.overview
    }

    /// The farthest the centre may be from the board's middle: the stretch stays on
    /// the board.
    fn reach(&self, board: &Board) -> f32 {
        let shown = self.columns().unwrap_or(f32::MAX);
        ((board.cols as f32 - shown) / 2.0).max(0.0)
    }

    /// Moves the target as little as it takes to keep table x `x` within the middle
    /// half of the stretch.
    fn keep_in_sight(&mut self, board: &Board, x: f32) {
        let Some(columns) = self.columns() else {
            return;
        };
        let slack = columns / 4.0;
        if x > self.target + slack {
            self.target = x - slack;
        } else if x < self.target - slack {
            self.target = x + slack;
        }
        let reach = self.reach(board);
        self.target = self.target.clamp(-reach, reach);
    }

    /// Centres the stretch on table x `x` (as far as the board's ends allow).
    fn centre_on(&mut self, board: &Board, x: f32) {
        let reach = self.reach(board);
        self.target = x.clamp(-reach, reach);
    }
}

/// What a person asks of the view.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewRequest {
    /// The whole board, or back to the close view.
    ToggleWhole,
    /// The close view, centred on this pit.
    CloseOn(Pit),
}

/// Set while a press on the scene has become a drag along the board: the click that
/// ends it plays no pit.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Panned(pub bool);

/// The close view's systems (its framing is the camera's).
pub fn plugin(app: &mut App) {
    app.init_resource::<CloseView>()
        .init_resource::<Panned>()
        .add_message::<ViewRequest>()
        .add_systems(
            Update,
            (new_board, requests, follow, drag, glide)
                .chain()
                .after(crate::game::Flow::Animate)
                .in_set(CloseViewSystems),
        );
}

/// The close view's systems: the camera places itself after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CloseViewSystems;

/// The x of a pit's centre on the table.
fn pit_x(board: &Board, pit: Pit) -> Option<f32> {
    board
        .index(pit)
        .map(|i| crate::game::look::layout::pit_centre(board, i).0)
}

/// A new game starts close up, in the board's middle.
fn new_board(mut started: MessageReader<GameStarted>, mut view: ResMut<CloseView>) {
    if started.read().count() > 0 {
        let (views, screen_right) = (view.views, view.screen_right);
        *view = CloseView {
            views,
            screen_right,
            ..default()
        };
    }
}

fn requests(
    mut asked: MessageReader<ViewRequest>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    taken: Res<crate::game::shared::KeyboardTaken>,
    game: Res<CurrentGame>,
    mut view: ResMut<CloseView>,
) {
    let board = game.0.board();
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::KeyO)) && !taken.0;
    let toggled = key.then_some(ViewRequest::ToggleWhole);
    for request in asked.read().copied().chain(toggled) {
        if view.views.close.is_none() {
            continue;
        }
        match request {
            ViewRequest::ToggleWhole => view.overview = !view.overview,
            ViewRequest::CloseOn(pit) => {
                view.overview = false;
                if let Some(x) = pit_x(board, pit) {
                    view.centre_on(board, x);
                }
            }
        }
    }
}

/// Keeps where the eye is in sight: the pit the sowing reached, and the keyboard's
/// cursor when it moves.
fn follow(
    anim: Res<Animation>,
    cursor: Res<Cursor>,
    game: Res<CurrentGame>,
    mut view: ResMut<CloseView>,
) {
    if !view.is_close() {
        return;
    }
    let board = game.0.board();
    if anim.is_changed()
        && anim.busy()
        && let Some(x) = anim.focus.and_then(|p| pit_x(board, p))
    {
        view.keep_in_sight(board, x);
    }
    if cursor.is_changed()
        && let Some(i) = cursor.0.filter(|&i| i < board.len())
    {
        let x = crate::game::look::layout::pit_centre(board, i).0;
        view.keep_in_sight(board, x);
    }
}

/// A drag this far (logical pixels) along the board pans it rather than tapping.
const DRAG_PX: f32 = 12.0;

/// Where a press on the scene began and was last seen, and where the mouse pointer
/// is (from the window's cursor messages).
#[derive(Default)]
struct Press {
    start: Option<Vec2>,
    last: Vec2,
    pointer: Option<Vec2>,
}

/// One finger or the left mouse button dragged along the board moves the close view
/// with it: the board follows the finger, faster where one drag across the window
/// would not otherwise reach the board's ends.
#[allow(clippy::too_many_arguments)]
fn drag(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    egui: Option<Res<EguiWantsInput>>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    windows: Query<&Window, With<PrimaryWindow>>,
    game: Res<CurrentGame>,
    mut press: Local<Press>,
    (mut view, mut panned): (ResMut<CloseView>, ResMut<Panned>),
) {
    let Ok(window) = windows.single() else { return };
    if let Some(m) = moved.read().last() {
        press.pointer = Some(m.position);
    }
    let fingers: Vec<Vec2> = touches
        .as_ref()
        .map(|t| t.iter().map(|t| t.position()).collect())
        .unwrap_or_default();
    let mouse = buttons
        .as_ref()
        .is_some_and(|b| b.pressed(MouseButton::Left));
    let at = match (fingers.as_slice(), mouse) {
        ([one], _) => Some(*one),
        ([], true) => press.pointer,
        _ => None,
    };
    let Some(at) = at else {
        press.start = None;
        return;
    };
    let Some(start) = press.start else {
        // A new press, on the scene only (not over the interface).
        if egui.is_none_or(|e| !e.wants_any_pointer_input()) {
            press.start = Some(at);
            press.last = at;
            panned.set_if_neq(Panned(false));
        }
        return;
    };
    let dx = at.x - press.last.x;
    press.last = at;
    if !panned.0 && (at.x - start.x).abs() >= DRAG_PX {
        panned.0 = true;
    }
    let (Some(columns), true) = (view.columns(), view.is_close() && panned.0) else {
        return;
    };
    let board = game.0.board();
    let width = window.width().max(1.0);
    // Table units a pixel, and how much faster than the finger the board moves so
    // that 80% of the window's width spans the whole board.
    let per_px = columns / (0.97 * width);
    let faster = ((board.cols as f32 - columns) / (0.8 * columns)).max(1.0);
    let x = view.target - view.screen_right * dx * per_px * faster;
    view.centre_on(board, x);
    view.centre = view.target;
}

/// The view glides to its target, and rests there.
fn glide(time: Res<Time>, mut view: ResMut<CloseView>) {
    let (centre, target) = (view.centre, view.target);
    if centre == target {
        return;
    }
    let step = 1.0 - (-6.0 * time.delta_secs()).exp();
    let next = centre + (target - centre) * step;
    view.centre = if (target - next).abs() < 0.005 {
        target
    } else {
        next
    };
}
