//! Museum kiosk mode (`--kiosk FILE`): a welcome screen with large touch targets,
//! the attract loop (the computer plays the offered games against itself, with
//! captions, when nobody has touched the screen for a while), the idle reset (a
//! countdown, then back to the welcome screen) and the way out (a key combination or
//! taps in a corner, from the configuration).
//!
//! Kiosk mode is the state [`Venue::Museum`]; what the kiosk shows is its sub-state
//! [`KioskPhase`].
//! The timers and the loop run in [`plugin`], which needs no window, so that the
//! headless tests can run hours of it under manual time; the screens are drawn by
//! [`ui_plugin`].

pub use super::kiosk_card::{KioskStart, VISITOR_TRIES};
pub(super) use super::kiosk_card::{WelcomeChoices, card_frame};
use crate::game::play::computer::ComputerPlayer;
use crate::game::play::session::{Played, Seat, Seats, StartGame, UndoPolicy};
use crate::game::show::animation::Animation;
use crate::game::ui::access::{Access, TouchScale};
use crate::game::ui::language::Tr;
use crate::game::ui::pages::Page;
use crate::game::ui::puzzles::StartPuzzles;
use crate::game::ui::tutorial::StartLesson;
use crate::game::{AppState, CurrentGame, Flow, ReadOnlyFiles, Venue};
use crate::kiosk_config::{CornerTaps, KioskConfig};
use crate::rules::{Game, Lot, Player};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::time::Stopwatch;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use crate::game::shared::KioskPhase;

/// The kiosk's configuration and clocks. Inserted with [`Venue::Museum`] by
/// [`install`], so present whenever the kiosk's systems run.
#[derive(Resource, Clone, Debug)]
pub struct Kiosk {
    pub config: KioskConfig,
    /// Time since a visitor last touched the screen or a key.
    pub idle: Stopwatch,
    /// The game the attract loop shows next (index into `config.games`).
    pub attract_next: usize,
    /// Turns shown of the current attract game.
    pub attract_turns: u32,
    /// How long the finished attract game has been left on screen.
    pub attract_linger: Stopwatch,
    /// Games played by visitors and by the attract loop since the start (for the log).
    pub games_started: u64,
    seeds: Lot,
}

impl Kiosk {
    /// A kiosk at its welcome screen.
    pub fn new(config: KioskConfig) -> Kiosk {
        Kiosk {
            config,
            idle: Stopwatch::new(),
            attract_next: 0,
            attract_turns: 0,
            attract_linger: Stopwatch::new(),
            games_started: 0,
            seeds: Lot(0x4B105C),
        }
    }

    /// Seconds left before a visitor's idle game returns to the welcome screen, once
    /// the countdown shows (`None` before that).
    pub fn countdown(&self) -> Option<f32> {
        let c = &self.config;
        let idle = self.idle.elapsed_secs();
        (idle >= c.reset_after_s).then(|| (c.reset_after_s + c.countdown_s - idle).max(0.0))
    }
}

/// A visitor touched the screen, clicked or pressed a key.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Activity;

/// How long a finished attract game stays on screen before the next.
const ATTRACT_LINGER_S: f32 = 4.0;

/// The kiosk's timers and loop (headless-safe). Runs only in [`Venue::Museum`].
pub fn plugin(app: &mut App) {
    app.add_sub_state::<KioskPhase>()
        .add_message::<Activity>()
        .add_message::<KioskStart>()
        .add_systems(
            Update,
            (
                (notice_activity, exit_keys).in_set(Flow::Input),
                (
                    idle_clock,
                    (start_visitor_game, visitor_lesson),
                    welcome_wait.run_if(in_state(KioskPhase::Welcome)),
                    attract.run_if(in_state(KioskPhase::Attract)),
                    abandoned.run_if(in_state(KioskPhase::Playing)),
                )
                    .chain()
                    .after(Flow::Input)
                    .before(Flow::Decide),
                count_attract_turns.after(Flow::Decide),
            )
                .run_if(in_state(Venue::Museum)),
        )
        .add_systems(
            OnEnter(AppState::Menu),
            back_to_welcome.run_if(in_state(Venue::Museum)),
        );
}

/// Any press of a mouse button, a touch or a key is a visitor.
fn notice_activity(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    touches: Option<Res<Touches>>,
    mut out: MessageWriter<Activity>,
) {
    let pressed = mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.iter_just_pressed().next().is_some());
    if pressed {
        out.write(Activity);
    }
}

/// The exit key combination: all its keys held, the last just pressed.
fn exit_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    kiosk: Res<Kiosk>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(keys) = keys else { return };
    let wanted = &kiosk.config.exit.keys;
    // Nothing to check on the many frames without a fresh key press.
    if wanted.is_empty() || keys.get_just_pressed().next().is_none() {
        return;
    }
    let codes: Vec<Vec<KeyCode>> = wanted.iter().map(|k| key_codes(k)).collect();
    let held = codes.iter().all(|c| c.iter().any(|k| keys.pressed(*k)));
    let fresh = codes
        .iter()
        .any(|c| c.iter().any(|k| keys.just_pressed(*k)));
    if held && fresh {
        info!("kiosk: exit key combination pressed");
        exit.write(AppExit::Success);
    }
}

/// The key codes a configured key name stands for (either side for modifiers).
pub fn key_codes(name: &str) -> Vec<KeyCode> {
    use KeyCode::*;
    let letters = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    let digits = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    let f = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12];
    match name {
        "ctrl" => vec![ControlLeft, ControlRight],
        "shift" => vec![ShiftLeft, ShiftRight],
        "alt" => vec![AltLeft, AltRight],
        "escape" => vec![Escape],
        _ => {
            let mut chars = name.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => {
                    vec![letters[(c as u8 - b'a') as usize]]
                }
                (Some(c), None) if c.is_ascii_digit() => vec![digits[(c as u8 - b'0') as usize]],
                _ => name
                    .strip_prefix('f')
                    .and_then(|n| n.parse::<usize>().ok())
                    .and_then(|n| f.get(n.wrapping_sub(1)).copied())
                    .into_iter()
                    .collect(),
            }
        }
    }
}

/// What starting a kiosk game changes: the game, the computer's level, the screen
/// and the kiosk's phase.
#[derive(SystemParam)]
struct KioskStarter<'w> {
    kiosk: ResMut<'w, Kiosk>,
    start: MessageWriter<'w, StartGame>,
    computer: ResMut<'w, ComputerPlayer>,
    screen: ResMut<'w, NextState<AppState>>,
    phase: ResMut<'w, NextState<KioskPhase>>,
    page: ResMut<'w, NextState<Page>>,
}

impl KioskStarter<'_> {
    /// Starts a kiosk game: a fresh seed, the seats and the computer's level.
    fn begin(&mut self, game: Game, seats: Seats, level: crate::ai::Level, phase: KioskPhase) {
        let seed = self.kiosk.seeds.next_u64();
        let state = self.kiosk.config.new_game(game, seed);
        self.start.write(StartGame::fresh(state, seats));
        self.computer.level = Some(level);
        self.kiosk.games_started += 1;
        self.kiosk.idle.reset();
        NextState::set_if_neq(&mut self.screen, AppState::InGame);
        self.phase.set(phase);
        NextState::set_if_neq(&mut self.page, Page::Closed);
    }

    /// The next game of the attract loop: the computer against itself.
    fn next_attract_game(&mut self) {
        let games = &self.kiosk.config.games;
        let game = games[self.kiosk.attract_next % games.len()];
        self.kiosk.attract_next = (self.kiosk.attract_next + 1) % games.len();
        self.kiosk.attract_turns = 0;
        self.kiosk.attract_linger.reset();
        let computers = Seats {
            south: Seat::Computer,
            north: Seat::Computer,
        };
        // A demonstration: quick, lively play rather than strength.
        self.begin(
            game,
            computers,
            crate::ai::Level::Beginner,
            KioskPhase::Attract,
        );
    }
}

/// A visitor's choice on the welcome screen starts that game.
fn start_visitor_game(mut starts: MessageReader<KioskStart>, mut k: KioskStarter) {
    let Some(choice) = starts.read().last().copied() else {
        return;
    };
    info!(
        "kiosk: a visitor starts {:?} at {:?}",
        choice.game, choice.side
    );
    let other = if choice.against_computer {
        Seat::Computer
    } else {
        Seat::Person
    };
    let seats = match choice.side {
        Player::South => Seats {
            south: Seat::Person,
            north: other,
        },
        Player::North => Seats {
            south: other,
            north: Seat::Person,
        },
    };
    let level = k.kiosk.config.level;
    k.begin(choice.game, seats, level, KioskPhase::Playing);
}

/// A lesson or a puzzle started from the welcome screen is a visitor's game too.
fn visitor_lesson(
    mut lessons: MessageReader<StartLesson>,
    mut puzzles: MessageReader<StartPuzzles>,
    mut kiosk: ResMut<Kiosk>,
    mut phase: ResMut<NextState<KioskPhase>>,
) {
    if lessons.read().count() + puzzles.read().count() > 0 {
        kiosk.idle.reset();
        phase.set(KioskPhase::Playing);
    }
}

/// The idle clock: reset by any touch. It counts real time: the window sleeps while
/// nothing moves ([`pace`](crate::game::pace)), and is woken when the clock's next
/// moment comes (the attract loop, the countdown).
fn idle_clock(
    time: Res<Time<Real>>,
    mut activity: MessageReader<Activity>,
    mut kiosk: ResMut<Kiosk>,
    phase: Res<State<KioskPhase>>,
    mut wake: ResMut<crate::game::wake::WakeAt>,
) {
    if activity.read().count() > 0 {
        kiosk.idle.reset();
    } else {
        kiosk.idle.tick(time.delta());
    }
    let c = &kiosk.config;
    let next = match phase.get() {
        KioskPhase::Welcome => Some(c.attract_after_s),
        KioskPhase::Playing => Some(c.reset_after_s),
        KioskPhase::Attract => None,
    };
    if let Some(at) = next {
        let left = (at - kiosk.idle.elapsed_secs()).max(0.0);
        wake.within(std::time::Duration::from_secs_f32(left));
    }
}

/// Nobody at the welcome screen for a while: the attract loop begins.
fn welcome_wait(screen: Res<State<AppState>>, mut k: KioskStarter) {
    if *screen.get() == AppState::Menu
        && k.kiosk.idle.elapsed_secs() >= k.kiosk.config.attract_after_s
    {
        k.next_attract_game();
    }
}

/// The attract loop: a touch ends it; a finished game lingers, then the next.
fn attract(
    time: Res<Time>,
    mut activity: MessageReader<Activity>,
    game: Res<CurrentGame>,
    anim: Res<Animation>,
    mut k: KioskStarter,
) {
    if activity.read().count() > 0 {
        info!("kiosk: a visitor touched the screen; leaving the attract loop");
        k.screen.set(AppState::Menu);
        k.phase.set(KioskPhase::Welcome);
        return;
    }
    let done = game.0.is_over() || k.kiosk.attract_turns >= k.kiosk.config.attract_turns;
    if done && !anim.busy() {
        k.kiosk.attract_linger.tick(time.delta());
        if k.kiosk.attract_linger.elapsed_secs() >= ATTRACT_LINGER_S {
            k.next_attract_game();
        }
    }
}

/// A visitor's game left untouched counts down, then the welcome screen returns.
fn abandoned(
    kiosk: Res<Kiosk>,
    mut screen: ResMut<NextState<AppState>>,
    mut phase: ResMut<NextState<KioskPhase>>,
) {
    let c = &kiosk.config;
    if kiosk.idle.elapsed_secs() >= c.reset_after_s + c.countdown_s {
        info!("kiosk: the game was left untouched; back to the welcome screen");
        screen.set(AppState::Menu);
        phase.set(KioskPhase::Welcome);
    }
}

fn count_attract_turns(
    mut played: MessageReader<Played>,
    phase: Res<State<KioskPhase>>,
    mut kiosk: ResMut<Kiosk>,
) {
    let n = played.read().count() as u32;
    if *phase.get() == KioskPhase::Attract {
        kiosk.attract_turns += n;
    }
}

/// Back at the welcome screen (however the game was left): the next visitor finds
/// it as the installation set it.
fn back_to_welcome(
    mut kiosk: ResMut<Kiosk>,
    mut tr: ResMut<Tr>,
    mut page: ResMut<NextState<Page>>,
    mut phase: ResMut<NextState<KioskPhase>>,
) {
    NextState::set_if_neq(&mut phase, KioskPhase::Welcome);
    kiosk.idle.reset();
    tr.0 = kiosk.config.language;
    NextState::set_if_neq(&mut page, Page::Closed);
}

/// The kiosk's screens: welcome, attract captions, the idle countdown, and the
/// corner gesture to leave.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            welcome
                .run_if(not(resource_exists::<crate::game::AtATable>))
                .run_if(in_state(AppState::Menu))
                .run_if(in_state(Page::Closed)),
            overlays.run_if(in_state(AppState::InGame)),
        )
            .run_if(in_state(Venue::Museum))
            .in_set(crate::game::DrawInterface),
    )
    .add_systems(
        Update,
        (
            corner_gesture.in_set(Flow::Input),
            fill_the_screen.run_if(|k: Option<Res<Kiosk>>| k.is_some_and(|k| k.config.fullscreen)),
        )
            .run_if(in_state(Venue::Museum)),
    );
}

/// A kiosk fills its screen. Borderless fullscreen is a request to the window
/// manager, and a kiosk PC often runs a bare X server without one: there the window
/// stayed the size it was made (800 x 600 under a 1280 x 720 layout, cards cut off).
/// So a window that, a second after start (and every two seconds after, when frames
/// are drawn), is smaller than its screen is given the screen's size and place
/// itself, without decorations.
fn fill_the_screen(
    time: Res<Time<Real>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    monitors: Query<(&bevy::window::Monitor, Has<bevy::window::PrimaryMonitor>)>,
    mut next_check: Local<f32>,
    mut wake: ResMut<crate::game::wake::WakeAt>,
) {
    let now = time.elapsed_secs();
    if now < next_check.max(1.0) {
        // The window sleeps while nothing moves: the first check wakes it; the
        // later ones come with the frames drawn anyway.
        if *next_check == 0.0 {
            wake.within(std::time::Duration::from_secs_f32(1.0 - now));
        }
        return;
    }
    *next_check = now + 2.0;
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    // The primary screen, else the first one known.
    let Some((screen, _)) = monitors.iter().max_by_key(|(_, primary)| *primary) else {
        return;
    };
    let (w, h) = (screen.physical_width, screen.physical_height);
    if window.physical_width() >= w && window.physical_height() >= h {
        return;
    }
    info!(
        "MANCALA_KIOSK_SCREEN the window is {}x{} on a {w}x{h} screen: filling it",
        window.physical_width(),
        window.physical_height()
    );
    window.decorations = false;
    window.position = bevy::window::WindowPosition::At(screen.physical_position);
    window.resolution.set_physical_resolution(w, h);
}

/// Taps in the configured corner, counted towards leaving the kiosk.
fn corner_gesture(
    time: Res<Time>,
    kiosk: Res<Kiosk>,
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    windows: Query<&Window>,
    mut taps: Local<CornerTaps>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(corner) = kiosk.config.exit.corner else {
        return;
    };
    let Ok(window) = windows.single() else { return };
    let (w, h) = (window.width(), window.height());
    let size = (w.min(h) * 0.08).max(48.0);
    let mut points: Vec<Vec2> = touches.iter_just_pressed().map(|t| t.position()).collect();
    if mouse.just_pressed(MouseButton::Left)
        && let Some(p) = window.cursor_position()
    {
        points.push(p);
    }
    for p in points {
        if corner.contains(p.x, p.y, w, h, size)
            && taps.tap(time.elapsed_secs(), &kiosk.config.exit)
        {
            info!("kiosk: exit gesture in the corner");
            exit.write(AppExit::Success);
        }
    }
}

fn welcome(
    mut contexts: EguiContexts,
    kiosk: Res<Kiosk>,
    mut tr: ResMut<Tr>,
    mut choose: WelcomeChoices,
    mut minis: ResMut<crate::game::ui::title::Miniatures>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let t = *tr;
    let screen = ctx.content_rect();
    // Every offered game on one screen, no scrolling: cards in rows of up to three,
    // each with its board, its name and large buttons. The layout is designed for a
    // size (DESIGN, in points) and scaled by `u` to fit the screen at any touch scale.
    const DESIGN: egui::Vec2 = egui::vec2(940.0, 470.0);
    let games = &kiosk.config.games;
    let columns = if games.len() <= 3 {
        games.len()
    } else {
        games.len().div_ceil(2)
    }
    .max(1);
    let rows = games.len().div_ceil(columns).max(1);
    let design_h = 140.0 + rows as f32 * 215.0;
    let u = (screen.width() / DESIGN.x)
        .min(screen.height() / design_h.max(DESIGN.y / 2.0))
        .clamp(0.5, 1.6);
    // In steps of 5%: every text size is a set of glyphs in egui's font atlas.
    let u = (u * 20.0).floor() / 20.0;
    // Whole points, so that nothing lands between pixels.
    let width = (DESIGN.x * u - 16.0).floor();
    let gap = (12.0 * u).round();
    let card_width = ((width - gap * (columns as f32 - 1.0)) / columns as f32).floor();
    egui::Area::new(egui::Id::new("kiosk welcome"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.spacing_mut().button_padding = egui::vec2(10.0 * u, 5.0 * u);
            ui.spacing_mut().item_spacing = egui::vec2(8.0 * u, 6.0 * u);
            // (Tr changes only when a language is chosen: a change starts a new
            // reading of every text.)
            if let Some(lang) = welcome_heading(ui, u, width, &kiosk.config.languages, t) {
                tr.0 = lang;
            }
            for row in games.chunks(columns) {
                ui.with_layout(egui::Layout::left_to_right(egui::Align::TOP), |ui| {
                    ui.spacing_mut().item_spacing.x = gap;
                    // A short last row is centred.
                    let missing = (columns - row.len()) as f32;
                    ui.add_space((missing * (card_width + gap) / 2.0).round());
                    for &g in row {
                        super::kiosk_card::game_card(
                            ui,
                            (g, u, card_width),
                            (t, kiosk.config.two_players, kiosk.games_started ^ 0x9_0221e),
                            &mut choose,
                            &mut minis,
                        );
                    }
                });
                ui.add_space(gap);
            }
        });
    Ok(())
}

/// The welcome's title, its line, and the language buttons centred under them, at
/// scale `u` across `width` points; the language chosen, if one was.
pub(super) fn welcome_heading(
    ui: &mut egui::Ui,
    u: f32,
    width: f32,
    languages: &[crate::content::i18n::Language],
    t: Tr,
) -> Option<crate::content::i18n::Language> {
    let mut chosen_now = None;
    let palette = &crate::game::ui::access::PALETTE;
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new(t.t("app-title"))
                .size(32.0 * u)
                .color(palette.text),
        );
        ui.label(
            egui::RichText::new(t.t("kiosk-welcome"))
                .size(14.0 * u)
                .color(palette.muted),
        );
        ui.horizontal(|ui| {
            // The language buttons, centred under the title.
            let n = languages.len() as f32;
            ui.add_space(((width - n * 110.0 * u) / 2.0).max(0.0));
            for &lang in languages {
                let size = egui::vec2(100.0 * u, 34.0 * u);
                if language_button(ui, lang, t.0 == lang, (15.0 * u, size)) {
                    chosen_now = Some(lang);
                }
            }
        });
        ui.add_space(6.0 * u);
    });
    chosen_now
}

/// A language's button on a welcome screen, in its own name at `text` size and at
/// least `size` large, marked when it is the language in use; whether it was tapped.
pub(super) fn language_button(
    ui: &mut egui::Ui,
    lang: crate::content::i18n::Language,
    in_use: bool,
    (text, size): (f32, egui::Vec2),
) -> bool {
    let mut name = egui::RichText::new(lang.native_name()).size(text);
    if in_use {
        name = name.color(crate::game::ui::access::PALETTE.ink);
    }
    let button = egui::Button::new(name).min_size(size).selected(in_use);
    ui.add(button).clicked()
}

/// The attract loop's captions and invitation, and the idle countdown (at a touch
/// table, each side's panel counts down instead).
fn overlays(
    mut contexts: EguiContexts,
    (kiosk, table): (Res<Kiosk>, Option<Res<crate::game::AtATable>>),
    tr: Res<Tr>,
    game: Res<CurrentGame>,
    anim: Res<Animation>,
    access: Res<Access>,
    phase: Res<State<KioskPhase>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tr = *tr;
    let at_a_table = table.is_some();
    match phase.get() {
        KioskPhase::Attract => {
            let g = game.0.game();
            egui::Area::new(egui::Id::new("attract"))
                .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
                .show(ctx, |ui| invitation(ui, tr, g, anim.caption.as_deref()));
            // (At a touch table North's invitation stands at the top edge.)
            if at_a_table {
                return Ok(());
            }
            egui::Window::new(tr.t("story-map-title"))
                .id(egui::Id::new("attract map"))
                .title_bar(false)
                .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    ui.small(tr.t("story-map-title"));
                    crate::game::ui::pages::draw_map(ui, tr, g, access.high_contrast, 170.0);
                });
        }
        KioskPhase::Playing => {
            // (At a touch table each side's panel counts down.)
            if let Some(left) = kiosk.countdown().filter(|_| !at_a_table) {
                egui::Window::new(tr.t("kiosk-still_there"))
                    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                    .collapsible(false)
                    .resizable(false)
                    .show(ctx, |ui| {
                        ui.heading(tr.f("kiosk-countdown", &[("n", &(left.ceil() as u32))]));
                        ui.label(tr.t("kiosk-touch_to_continue"));
                    });
            }
        }
        KioskPhase::Welcome => {}
    }
    Ok(())
}

/// The attract loop's invitation: the game, its people and place, the caption of
/// what the computer does, and "touch the screen to play".
pub(super) fn invitation(ui: &mut egui::Ui, tr: Tr, g: Game, caption: Option<&str>) {
    egui::Frame::window(ui.style())
        .fill(egui::Color32::from_black_alpha(210))
        .show(ui, |ui| {
            ui.set_max_width(560.0);
            ui.vertical_centered(|ui| {
                ui.add_space(6.0);
                ui.heading(g.name());
                ui.label(crate::content::i18n::text(
                    tr.0,
                    &format!("story-{}-where", g.id()),
                ));
                if let Some(c) = caption {
                    ui.label(egui::RichText::new(c).size(16.0).strong());
                }
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(tr.t("kiosk-touch_to_play"))
                        .size(24.0)
                        .color(egui::Color32::from_rgb(240, 228, 66)),
                );
                ui.add_space(6.0);
            });
        });
}

/// Inserts the kiosk's resources for a configuration (the touch scale, the language).
/// Takes back are as configured; the kiosk writes no files (no saved games, and the
/// settings the installation made stay).
pub fn install(app: &mut App, config: KioskConfig) {
    app.insert_resource(TouchScale(config.touch_scale))
        .insert_resource(Tr(config.language))
        .insert_resource(crate::game::play::input::CountDisplay::Always)
        .insert_resource(UndoPolicy(config.undo))
        .insert_resource(ReadOnlyFiles)
        .insert_resource(Kiosk::new(config))
        .insert_state(Venue::Museum);
}
