//! Draw only when something changes (issue 60). A turn-based board waiting for a move
//! costs nothing: the window is updated only on input, when something asks for the
//! next frame, or at a moment something waits for.
//!
//! - **Something moves**: [`keeps_moving`] lists every reason to draw the next frame
//!   (seeds moving, the camera gliding, the celebration, the computer to move or
//!   thinking, a hint or a review being worked out, a replay playing, the kiosk's
//!   attract loop or countdown, a confirmation fading, the first board's pipelines
//!   being built); while any holds, each frame asks for the next with Bevy's
//!   [`RequestRedraw`]. egui asks for its own (a hover's fade, a scroll) through
//!   bevy_egui.
//! - **Something waits for a moment**: a system that waits for a time to pass with
//!   nothing moving (the kiosk's idle timer, egui's tooltip delay, an online
//!   reconnection) calls [`WakeAt::within`]; the window then sleeps until the
//!   earliest such moment ([`WinitSettings`]' reactive wait), or [`IDLE_WAIT`].
//! - **Something arrives from outside**: [`Wake`] wakes the window from another thread
//!   (an online message, through the WebSocket's callback).
//!
//! After a spell without frames, the next frame's time step is at most one frame's
//! ([`STEP_AFTER_IDLE`]), so that a move begun by a click does not jump ahead by the
//! time the board waited; while frames follow one another, it is what the graphics
//! chose. Screenshots and frame statistics draw continuously.

use super::wake::{Drawing, PaceSet, Wake, WakeAt};
use crate::game::play::computer::{ComputerPlayer, Hint};
use crate::game::play::long_moves::LongMoveWork;
use crate::game::play::review::GameReview;
use crate::game::play::session::{Confirmation, Replay, Seat, Seats};
use crate::game::show::animation::Animation;
use crate::game::show::camera::Intro;
use crate::game::show::celebration::Celebration;
use crate::game::show::close_view::CloseView;
use crate::game::venue::kiosk::KioskPhase;
use crate::game::venue::online::{Link, OnlineGame};
use crate::game::{CurrentGame, CurrentMode};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest the window sleeps with nothing to do: one frame a minute.
pub const IDLE_WAIT: Duration = Duration::from_secs(60);

/// The longest time step of a frame that follows a spell without frames.
pub const STEP_AFTER_IDLE: Duration = Duration::from_millis(33);

/// The longest time step while frames follow one another: Bevy's default, or low
/// graphics' longer one (a slow software renderer's frames still move the seeds at
/// their pace, [`LOW_MAX_STEP_S`](crate::game::look::graphics::LOW_MAX_STEP_S)).
fn step_while_drawing(graphics: Option<&crate::game::look::graphics::Graphics>) -> Duration {
    if graphics.is_some_and(|g| g.low) {
        Duration::from_secs_f32(crate::game::look::graphics::LOW_MAX_STEP_S)
    } else {
        Duration::from_millis(250)
    }
}

/// The window's update mode while the game runs: updated on its own window's events
/// (the pointer, keys, a resize), on a [`Wake`], on [`RequestRedraw`], and after
/// `wait`. Raw device events (a mouse moved over another window) do not wake it.
pub fn reactive_mode(wait: Duration) -> UpdateMode {
    UpdateMode::Reactive {
        wait,
        react_to_device_events: false,
        react_to_user_events: true,
        react_to_window_events: true,
    }
}

/// How long egui has asked to wait before its next pass (a tooltip's delay), taken
/// from its repaint callback; `None` when it has asked for nothing.
#[derive(Resource, Clone, Default)]
struct EguiWaits(Arc<Mutex<Option<Duration>>>);

/// Whether the renderer is still building a pipeline (a shader for a new board's
/// materials, say): the frame that first needs one is drawn without it, so frames go
/// on until it is built. Shared by both worlds; the render world sets it after each
/// frame it draws. Only where there is a renderer.
#[derive(Resource, Clone, Default)]
pub struct PipelinesPending(Arc<AtomicBool>);

impl PipelinesPending {
    /// Whether a pipeline was still being built after the last frame drawn.
    pub fn now(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What every game has, headless too (the tests count the frames it asks for): the
/// reasons to draw, the wake-ups asked for.
pub fn plugin(app: &mut App) {
    // (The window plugin's message; added here too for the logic alone.)
    app.add_message::<RequestRedraw>()
        .init_resource::<WakeAt>()
        .init_resource::<Wake>()
        .init_resource::<Drawing>()
        .add_systems(Last, (keep_drawing, forget_wakes).chain().in_set(PaceSet));
}

/// What the window adds (`build_app`): the renderer's pipelines watched, egui's
/// delayed repaints, and, where the window is `reactive` (looked at, not measured),
/// the reactive update mode and its wait.
pub fn window_plugin(app: &mut App, reactive: bool) {
    app.init_resource::<EguiWaits>()
        .add_systems(PostUpdate, ask_egui_for_its_waits)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    if let Some(render_app) = app.get_sub_app_mut(bevy::render::RenderApp) {
        let pending = PipelinesPending::default();
        render_app.insert_resource(pending.clone()).add_systems(
            bevy::render::Render,
            building_pipelines.after(bevy::render::RenderSystems::Render),
        );
        app.insert_resource(pending);
    }
    if reactive {
        app.insert_resource(WinitSettings {
            focused_mode: reactive_mode(IDLE_WAIT),
            unfocused_mode: reactive_mode(IDLE_WAIT),
        })
        .add_systems(Startup, wake_through_winit)
        .add_systems(First, time_of_this_frame.before(bevy::time::TimeSystems))
        .add_systems(
            Last,
            settle_the_wait.after(keep_drawing).before(forget_wakes),
        );
    }
}

/// Each frame's real time is the moment the frame starts. Bevy's default takes the
/// moment the renderer finished the frame before, which after a spell without frames
/// is that long ago: egui then took a click (button down in one frame, up in the next)
/// for a press held the whole spell, longer than a click, and ignored it.
pub fn time_of_this_frame(mut strategy: ResMut<bevy::time::TimeUpdateStrategy>) {
    *strategy = bevy::time::TimeUpdateStrategy::ManualInstant(bevy::platform::time::Instant::now());
}

/// In a window, [`Wake`] sends winit its wake-up event.
fn wake_through_winit(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut wake: ResMut<Wake>,
) {
    if let Some(proxy) = proxy {
        let proxy = (**proxy).clone();
        *wake = Wake(Arc::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }));
    }
}

/// Every reason to draw the next frame. Each is a thing that moves on screen, or
/// work that goes on frame by frame.
#[derive(SystemParam)]
pub struct Motion<'w, 's> {
    anim: Res<'w, Animation>,
    tweens: Query<'w, 's, (), With<bevy_tweening::TweenAnim>>,
    intro: Option<Res<'w, Intro>>,
    close: Option<Res<'w, CloseView>>,
    celebration: Option<Res<'w, Celebration>>,
    computer: Res<'w, ComputerPlayer>,
    hint: Res<'w, Hint>,
    review: Res<'w, GameReview>,
    long_move: Res<'w, LongMoveWork>,
    replay: Res<'w, Replay>,
    confirmation: Res<'w, Confirmation>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    mode: CurrentMode<'w>,
    kiosk: Option<Res<'w, State<KioskPhase>>>,
    kiosk_clock: Option<Res<'w, crate::game::venue::kiosk::Kiosk>>,
    online: Option<Res<'w, OnlineGame>>,
    /// Present where there is a renderer (not in headless tests).
    renderer: Option<Res<'w, PipelinesPending>>,
    board_reported: Option<Res<'w, crate::game::checks::probe::FirstBoardDrawn>>,
}

/// Why the next frame must be drawn (`None`: nothing moves). The reasons are named
/// for the tests and for a curious log.
pub fn keeps_moving(m: &Motion) -> Option<&'static str> {
    let s = &m.game.0;
    let computer_to_move =
        m.mode.deciding() && m.seats.of(s.to_decide()) == Seat::Computer && !s.is_over();
    [
        (m.anim.busy(), "seeds moving"),
        (!m.tweens.is_empty(), "seeds landing"),
        (
            m.intro.as_ref().is_some_and(|i| !i.0.is_finished()),
            "the camera moving in",
        ),
        (
            m.close.as_ref().is_some_and(|c| c.centre != c.target),
            "the camera gliding along the board",
        ),
        (
            m.celebration.as_ref().is_some_and(|c| c.elapsed.is_some()),
            "the celebration",
        ),
        (
            computer_to_move || m.computer.thinking(),
            "the computer to move",
        ),
        (m.hint.thinking(), "a hint being found"),
        (
            m.review.record.is_some() && !m.review.finished(),
            "a review being made",
        ),
        (m.long_move.0.is_some(), "a long move being worked out"),
        (m.replay.playing, "a replay playing"),
        (m.confirmation.text.is_some(), "a confirmation fading"),
        (
            m.kiosk
                .as_ref()
                .is_some_and(|k| *k.get() == KioskPhase::Attract),
            "the attract loop",
        ),
        (
            m.kiosk
                .as_ref()
                .is_some_and(|k| *k.get() == KioskPhase::Playing)
                && m.kiosk_clock
                    .as_ref()
                    .is_some_and(|k| k.countdown().is_some()),
            "the kiosk's countdown",
        ),
        (
            m.online
                .as_ref()
                .is_some_and(|o| o.link == Link::Connecting),
            "a connection being opened",
        ),
        (
            m.renderer.as_ref().is_some_and(|r| r.now()),
            "shaders being built",
        ),
        (
            m.renderer.is_some() && m.board_reported.as_ref().is_some_and(|b| !b.0),
            "the first board being prepared",
        ),
    ]
    .into_iter()
    .find_map(|(moving, why)| moving.then_some(why))
}

/// Asks for the next frame while anything moves. Each change of reason is logged at
/// the debug level (`RUST_LOG=mancala_hall::game::pace=debug`), egui's own requests
/// included.
fn keep_drawing(
    motion: Motion,
    mut redraw: MessageWriter<RequestRedraw>,
    mut last: Local<Option<&'static str>>,
) {
    let why = keeps_moving(&motion);
    if why.is_some() {
        redraw.write(RequestRedraw);
    }
    if *last != why {
        debug!("pace: {}", why.unwrap_or("nothing moves"));
        *last = why;
    }
}

/// Sets how long the window may sleep: until the earliest moment something waits for
/// (egui's own included), else [`IDLE_WAIT`] from now. Also sets the next frame's
/// longest time step.
///
/// The window's update mode changes only when that moment does, by more than
/// [`NEW_MOMENT`]: winit draws a frame whenever the mode changes, and a wait worked
/// out anew each frame (60 s less the time passed) would change it every frame.
fn settle_the_wait(
    wake: Res<WakeAt>,
    egui: Option<Res<EguiWaits>>,
    redraws: Res<Messages<RequestRedraw>>,
    (mut settings, real): (ResMut<WinitSettings>, Res<Time<Real>>),
    (mut time, graphics): (
        ResMut<Time<Virtual>>,
        Option<Res<crate::game::look::graphics::Graphics>>,
    ),
    mut moment: Local<Option<Duration>>,
) {
    let egui_wait = egui.and_then(|e| e.0.lock().ok().and_then(|mut w| w.take()));
    let wait = [wake.earliest(), egui_wait]
        .into_iter()
        .flatten()
        .fold(IDLE_WAIT, Duration::min)
        .max(Duration::from_millis(1));
    let asked = redraws.iter_current_update_messages().next().is_some();
    time.set_max_delta(if asked {
        step_while_drawing(graphics.as_deref())
    } else {
        STEP_AFTER_IDLE
    });
    // The moment, as real time since the start.
    let now = real.elapsed();
    let at = now + wait;
    let moved = moment.is_none_or(|m| m.abs_diff(at) > NEW_MOMENT || m <= now);
    if moved {
        debug!(
            "pace: wake in {wait:?} (asked {:?}, egui {egui_wait:?})",
            wake.earliest()
        );
        *moment = Some(at);
        let mode = reactive_mode(wait);
        settings.focused_mode = mode;
        settings.unfocused_mode = mode;
    }
}

/// How far the moment to wake at must move for the window's wait to be set anew.
const NEW_MOMENT: Duration = Duration::from_millis(250);

/// Notes whether this frame asked for the next one, and forgets this frame's
/// wake-ups (each waiting system asks again every frame).
fn forget_wakes(
    mut wake: ResMut<WakeAt>,
    redraws: Res<Messages<RequestRedraw>>,
    mut drawing: ResMut<Drawing>,
) {
    wake.forget();
    let asked = redraws.iter_current_update_messages().next().is_some();
    if drawing.set_if_neq(Drawing(asked)) {
        debug!("pace: frames {}", if asked { "go on" } else { "stop" });
    }
}

/// bevy_egui 0.42 tells egui of the modifier keys in every pass, changed or not, and
/// egui takes any input event as a reason to draw the next frame at once: with it, an
/// idle game drew every frame. Only a real change reaches egui.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    use bevy_egui::egui::Event;
    for mut input in &mut inputs {
        let unchanged = |e: &Event| matches!(e, Event::ModifiersChanged(m) if Some(*m) == *last);
        if input.events.iter().any(unchanged) {
            input.events.retain(|e| !unchanged(e));
        }
        if let Some(m) = input.events.iter().rev().find_map(|e| match e {
            Event::ModifiersChanged(m) => Some(*m),
            _ => None,
        }) {
            *last = Some(m);
        }
    }
}

/// In the render world, after a frame: whether any pipeline is still being built.
fn building_pipelines(
    pipelines: Res<bevy::render::render_resource::PipelineCache>,
    pending: Res<PipelinesPending>,
) {
    use bevy::render::render_resource::CachedPipelineState;
    let building = pipelines.pipelines().any(|p| {
        matches!(
            p.state,
            CachedPipelineState::Queued | CachedPipelineState::Creating(_)
        )
    });
    pending.0.store(building, Ordering::Relaxed);
}

/// egui asks to be run again after a delay (a tooltip's, a blinking cursor's)
/// through its repaint callback, which bevy_egui uses only for immediate repaints.
/// This one keeps both: an immediate one wakes the window, a delayed one becomes a
/// [`WakeAt`].
fn ask_egui_for_its_waits(
    mut contexts: bevy_egui::EguiContexts,
    waits: Res<EguiWaits>,
    wake: Res<Wake>,
    mut installed: Local<bool>,
) {
    if *installed {
        return;
    }
    // Not in the frame the context appears: bevy_egui sets its own callback then.
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if ctx.cumulative_pass_nr() < 2 {
        return;
    }
    let (waits, wake) = (waits.0.clone(), wake.clone());
    ctx.set_request_repaint_callback(move |info| {
        if info.delay.is_zero() {
            wake.wake();
        } else if let Ok(mut w) = waits.lock() {
            *w = Some(w.map_or(info.delay, |d| d.min(info.delay)));
        }
    });
    *installed = true;
}
