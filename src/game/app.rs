//! The whole game as one Bevy [`App`], built the same way for a window and for the
//! headless tests: [`build_app`] puts together every plugin the command line asks
//! for, and [`run`] opens the window and runs it. A test builds it with
//! [`Display::Headless`] and drives it frame by frame as a player would (egui reads the
//! same pointer messages a window sends), so the paths people take are tested with
//! the interface's own systems in.

use super::checks::frame_bench;
#[cfg(not(target_arch = "wasm32"))]
use super::checks::screenshot;
use super::play::crash;
use super::ui::settings_file;
use super::*;
use bevy::asset::AssetMetaCheck;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{MonitorSelection, WindowMode, WindowResolution};
use bevy::winit::WinitPlugin;
use std::process::ExitCode;
use std::time::Duration;

/// Where the game is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Display {
    /// A window (in the browser, the page's canvas), at the screen's pace.
    Window,
    /// No window system and no GPU: a window entity of the asked size that nothing
    /// shows, each [`App::update`] `step` of time after the last. The interface lays
    /// itself out and draws into egui as in a window, and takes pointer and keyboard
    /// messages as a window would send them (the tests).
    Headless { step: Duration },
}

/// The game the command line asks for, ready to run (`App::run`), or why not (a
/// position or kiosk file that cannot be read).
pub fn build_app(args: &GameArgs, display: Display) -> Result<App, String> {
    // A saved game to review: the game as it ended is the one on the board.
    let reviewed = match &args.review {
        Some(path) => Some(crate::storage::load_game(path).map_err(|e| format!("--review: {e}"))?),
        None => None,
    };
    let state = match &reviewed {
        Some((_, end)) => end.clone(),
        None => args.state()?,
    };
    let kiosk = match &args.kiosk {
        Some(path) => Some(
            crate::kiosk_config::KioskConfig::load(path).map_err(|e| format!("--kiosk: {e}"))?,
        ),
        None => None,
    };
    let fullscreen = kiosk.as_ref().is_some_and(|k| k.fullscreen) && display == Display::Window;
    let state_game = state.game();
    let plugins = bevy_plugins(args, fullscreen);
    if args.reference_scene && display == Display::Window {
        let frames = args.frame_stats;
        return Ok(super::checks::reference_scene::app(plugins, |app| {
            if let Some(frames) = frames {
                app.add_plugins(frame_bench::FrameStatsPlugin { frames });
            }
        }));
    }
    let mut app = App::new();
    add_bevy(&mut app, plugins, display);
    app.insert_resource(CurrentGame(state.clone()))
        .insert_resource(computer::ComputerPlayer::with_level(args.level))
        .insert_resource(args.graphics)
        .insert_resource(camera::View {
            north_seat: args.north_seat,
            ..default()
        })
        .add_plugins((logic_plugin, visuals_plugin));
    start_first_game(&mut app, args, state, reviewed);
    if let Some(dir) = &args.data {
        app.insert_resource(DataFolder(Some(dir.clone())));
    }
    app.add_plugins((
        records::files_plugin,
        settings_file::plugin,
        crate::game::ui::puzzles::files_plugin,
        online::identity_plugin,
    ));
    if let Some(config) = kiosk {
        if config.table {
            crate::game::venue::table::install(&mut app, config.language);
        }
        kiosk::install(&mut app, config);
        if args.game.is_none() {
            // The welcome screen first.
            app.insert_state(AppState::Menu);
        } else {
            // A game named on the command line (its position from `--turns`,
            // `--seed`, its seats from `--south`, `--north`) is on the board at once,
            // as a visitor's: a technician's check of the installation, the gallery.
            app.add_systems(
                Startup,
                |mut phase: ResMut<NextState<kiosk::KioskPhase>>| {
                    phase.set(kiosk::KioskPhase::Playing);
                },
            );
        }
    }
    apply_requests(&mut app, args, state_game);
    add_checks_and_pace(&mut app, args, display);
    if let Display::Headless { .. } = display {
        // What `App::run`'s runner does before the first frame.
        app.finish();
        app.cleanup();
    }
    Ok(app)
}

/// Bevy's plugins as the game sets them: its window (full screen for a kiosk that asks
/// for it), assets, logging and the tone-mapping table.
fn bevy_plugins(args: &GameArgs, fullscreen: bool) -> bevy::app::PluginGroupBuilder {
    let window = Window {
        title: "Mancala Hall".into(),
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        resolution: args
            .window
            .map(|(w, h)| WindowResolution::new(w, h))
            .unwrap_or_default(),
        mode: if fullscreen {
            // The primary screen: the window's own is not known before it exists.
            WindowMode::BorderlessFullscreen(MonitorSelection::Primary)
        } else {
            WindowMode::Windowed
        },
        ..default()
    };
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(window),
            ..default()
        })
        .set(AssetPlugin {
            meta_check: AssetMetaCheck::Never,
            // The browser fetches files (the Arabic typeface) from beside its wasm.
            file_path: if cfg!(target_arch = "wasm32") {
                "pkg/assets".into()
            } else {
                "assets".into()
            },
            ..default()
        })
        .set(log_plugin())
        .add_before::<bevy::core_pipeline::CorePipelinePlugin>(
            show::tone_mapping::ToneMappingTablePlugin,
        )
}

/// Bevy's plugins for a window, or headless: no window system and a renderer with no
/// GPU.
fn add_bevy(app: &mut App, plugins: bevy::app::PluginGroupBuilder, display: Display) {
    match display {
        Display::Window => {
            app.add_plugins(plugins);
        }
        Display::Headless { step } => {
            // No window system, and a renderer with no GPU to draw with (the main
            // world's cameras, meshes and materials are all there); no global logger
            // (a test binary builds many apps).
            app.add_plugins(
                plugins
                    .set(RenderPlugin {
                        render_creation: WgpuSettings {
                            backends: None,
                            ..default()
                        }
                        .into(),
                        ..default()
                    })
                    .disable::<WinitPlugin>()
                    .disable::<bevy::log::LogPlugin>(),
            )
            .insert_resource(TimeUpdateStrategy::ManualDuration(step));
        }
    }
}

/// The board of the game asked for (or of the last one) lies behind the menu; a
/// reviewed game opens its review.
fn start_first_game(
    app: &mut App,
    args: &GameArgs,
    state: GameState,
    reviewed: Option<(crate::storage::SavedGame, GameState)>,
) {
    let state_game = state.game();
    let seats = args.seats;
    let first = state.clone();
    match reviewed {
        None => {
            app.add_systems(Startup, move |mut start: MessageWriter<StartGame>| {
                start.write(StartGame::fresh(first.clone(), seats));
            });
        }
        Some((save, _)) => {
            review::open_at_start(app, save, first);
        }
    }
    let shown_at_once = args.position.is_some() || args.review.is_some();
    if let Some(g) = args.game.or(shown_at_once.then_some(state_game)) {
        app.insert_resource(MenuChoice {
            game: g,
            ..MenuChoice::default()
        })
        .insert_state(AppState::InGame);
    }
}

/// What the command line asks for beyond the game: the language, a page or lesson
/// open, an online request and server.
fn apply_requests(app: &mut App, args: &GameArgs, state_game: Game) {
    if let Some(lang) = args.language {
        app.insert_resource(language::Tr(lang));
    }
    match args.page.as_deref() {
        Some("rules") => {
            app.insert_state(pages::Page::Rules(state_game));
        }
        Some("story") => {
            app.insert_state(pages::Page::Story(state_game));
        }
        Some("puzzles") => {
            // The game's puzzles (Nsolo's at its width, where there is a set).
            let mut menu = crate::game::MenuChoice {
                game: state_game,
                ..default()
            };
            menu.options.width = args.width;
            let start = crate::game::ui::puzzles::StartPuzzles::at_home(
                crate::game::ui::puzzles::PuzzleChoice::Set(crate::game::ui::puzzles::set_of(
                    &menu,
                )),
                args.seed,
            );
            app.add_systems(Startup, move |mut ask: MessageWriter<_>| {
                ask.write(start);
            });
            if let Some(right) = args.puzzle_try {
                app.insert_resource(crate::game::ui::puzzles::TryAtOnce(right));
            }
        }
        Some(_) => {
            app.add_systems(
                Startup,
                move |mut learn: MessageWriter<tutorial::StartLesson>| {
                    learn.write(tutorial::StartLesson(state_game));
                },
            );
        }
        None => {}
    }
    if let Some(online::OnlineRequest::Lobby { .. }) = &args.online {
        // The title screen opens on the online screen.
        app.insert_resource(online_screen::OnlineScreen { open: true });
    }
    if let Some(request) = args.online.clone().filter(|_| args.kiosk.is_none()) {
        app.add_systems(
            Startup,
            move |mut ask: MessageWriter<online::OnlineRequest>| {
                ask.write(request.clone());
            },
        );
    }
    if let Some(server) = args.server.clone() {
        app.insert_resource(online_screen::OnlineForm {
            server,
            ..default()
        });
    }
    if args.language.is_some() || args.kiosk.is_some() {
        app.insert_resource(language::FixedLanguage);
    }
}

/// The measuring and checking options (frame statistics, a screenshot), the window's
/// pace and the crash handling.
fn add_checks_and_pace(app: &mut App, args: &GameArgs, display: Display) {
    if let Some(frames) = args.frame_stats {
        app.insert_resource(ReadOnlyFiles)
            .add_plugins(frame_bench::FrameStatsPlugin { frames });
    }
    if let Some(path) = args.screenshot.clone() {
        // Screenshots are files, the desktop's: the browser build has no PNG encoder.
        #[cfg(target_arch = "wasm32")]
        warn!(
            "screenshot={}: the browser build takes no screenshots",
            path.display()
        );
        // A check of the install must not touch a visitor's saved game or settings.
        #[cfg(not(target_arch = "wasm32"))]
        app.insert_resource(ReadOnlyFiles)
            .add_plugins(screenshot::ScreenshotPlugin {
                path,
                delay_s: args.wait_s,
            });
    }
    // Draw only when something changes, in a window that is looked at rather than
    // measured: a screenshot or the frame statistics want frames one after another.
    let reactive =
        display == Display::Window && args.screenshot.is_none() && args.frame_stats.is_none();
    pace::window_plugin(app, reactive);
    app.add_plugins(crash::plugin);
    if let Some(after) = args.crash_drill {
        app.insert_resource(crash::CrashDrill(after));
    }
}

/// Opens the window and runs the game. A panic anywhere saves the game first and
/// says so (see [`crash`]).
pub fn run(args: GameArgs) -> ExitCode {
    let mut app = match build_app(&args, Display::Window) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    crash::install_panic_hook();
    app.run();
    ExitCode::SUCCESS
}

/// Bevy's logging, with its default filter. The browser build has no
/// `tonemapping_luts` feature ([`show::tone_mapping`] gives Bevy the one table the game
/// uses), so Bevy's tone mapping would report the feature missing each time it builds
/// a pipeline: its module, which logs nothing else, is silenced there.
fn log_plugin() -> bevy::log::LogPlugin {
    let filter = if cfg!(target_arch = "wasm32") {
        format!(
            "{},bevy_core_pipeline::tonemapping=off",
            bevy::log::DEFAULT_FILTER
        )
    } else {
        bevy::log::DEFAULT_FILTER.to_string()
    };
    bevy::log::LogPlugin {
        filter,
        ..default()
    }
}
