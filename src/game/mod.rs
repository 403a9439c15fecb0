//! The Bevy front end: one plugin per feature, flowing one way:
//! input (pointer, keyboard, computer, replay) → rules → events → animation → view.
//!
//! # Within a frame
//! ```text
//! Update   Flow::Input    play/: input, computer, records (replay); ui/tutorial, venue/kiosk
//!                         → messages: StartGame, DecisionMade, Undo, Redo, ViewPast,
//!                           ReplayControl, SetSeats (and screen changes: NextState)
//!          Flow::Decide   play/session: decisions queued (a lesson's OnlyDecisions
//!                         honoured); apply_changes, the only writer of CurrentGame
//!                         → GameStarted, Played, AnimationOrder (events to show), Resync
//!          Flow::Animate  show/animation moves the seed entities event by event
//! PostUpdate Rebuild::Board → Seeds → Look → Dress
//!                         board and camera for a new game; seeds snap to the rules
//!                         state; the game's look; meshes and materials for what was
//!                         spawned
//! EguiPrimaryContextPass  DrawInterface: ui/ (menu, hud, pages, tutorial), venue/kiosk,
//!                         show/celebration draw and write messages for the
//!                         next frame; then a second pass if a window changed size
//! ```
//! The rules state ([`CurrentGame`]) is the single source of truth; board, pit and
//! seed entities are built from it and moved by its events, never the other way round.
//!
//! # States
//! ```text
//! AppState   Menu ──────────────── InGame
//!            (title / kiosk welcome)  └─ Mode: Play | Viewing | Watch | Lesson | Puzzle
//!                                        └─ Deciding (computed): Play, Lesson or Puzzle
//! Page       Closed | Rules(game) | Story(game)        (over either screen)
//! Venue      Home | Museum                             (for the whole run)
//!                   └─ KioskPhase: Welcome | Attract | Playing
//! ```
//! The computer, the pointer and the keyboard play only in [`Deciding`]; nothing is
//! played behind the menu. [`logic_plugin`] is everything that runs headless (the
//! tests and the frame benchmark use it); [`visuals_plugin`] adds meshes, camera,
//! picking, sound and the egui interface. Each is composed of the folders' own
//! plugins, and each folder imports only the folders below it (`tests/layers.rs`).

pub mod app;
pub mod args;
pub mod checks;
pub mod look;
pub mod pace;
pub mod play;
pub mod shared;
pub mod show;
pub mod ui;
pub mod venue;
pub mod wake;

use crate::rules::{Game, GameState, Lot, Options};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use play::{computer, records, review, session};
use session::{Seats, StartGame};
use show::camera;
use std::path::PathBuf;
use ui::{access, language, pages, tutorial};
use venue::{kiosk, online, online_screen};

pub use app::{Display, build_app, run};
pub use args::{GameArgs, HELP, args_from_query};

/// The screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// The title screen with the game cards (a kiosk's welcome screen), over the
    /// board of the last game.
    #[default]
    Menu,
    /// A game on the board.
    InGame,
}

/// What is going on on the board, while [`AppState::InGame`]. Set by the write path
/// ([`session::apply_changes`]) as games start and as a person views or watches.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::InGame)]
#[states(scoped_entities)]
pub enum Mode {
    /// A game being played.
    #[default]
    Play,
    /// A past position of the game, shown read-only.
    Viewing,
    /// A saved game being watched (replayed).
    Watch,
    /// A step of a tutorial.
    Lesson,
    /// A puzzle: find the move (`ui::puzzles`).
    Puzzle,
}

/// Present while someone may decide on the board: a game or a lesson being played
/// (not viewing the past or watching a replay). The computer, pointer and keyboard
/// play only then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deciding;

impl ComputedStates for Deciding {
    type SourceStates = Mode;

    fn compute(mode: Mode) -> Option<Self> {
        matches!(mode, Mode::Play | Mode::Lesson | Mode::Puzzle).then_some(Deciding)
    }
}

/// The mode, for systems that run on the menu as well as in a game: [`Mode`] is a
/// sub-state of [`AppState::InGame`], so on the menu there is none. The one place
/// that reads whether it exists.
#[derive(SystemParam)]
pub struct CurrentMode<'w> {
    mode: Option<Res<'w, State<Mode>>>,
}

impl CurrentMode<'_> {
    /// The mode of the game shown (`None` on the menu).
    pub fn get(&self) -> Option<Mode> {
        self.mode.as_ref().map(|m| *m.get())
    }

    /// Whether someone may decide on the board now (the state [`Deciding`]).
    pub fn deciding(&self) -> bool {
        self.get().and_then(Deciding::compute).is_some()
    }
}

/// Where the game is played: at home (saves, hover counts) or in a museum kiosk
/// (set by `kiosk::install`). A state for the whole run: the kiosk's systems run
/// `in_state(Venue::Museum)`, and [`kiosk::KioskPhase`] is its sub-state.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Venue {
    #[default]
    Home,
    Museum,
}

/// A touch table (a kiosk file's `table: true`): the screen lies flat between two
/// players sitting face to face. Present only then: the HUD gives way to a panel at
/// each player's edge ([`venue::table`]), North's turned to face North.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AtATable;

/// Files are read but never written: a technician's screenshot check must not touch
/// a visitor's saves or settings, and a kiosk offers no saved games and keeps its
/// settings (nothing to write for weeks on end).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReadOnlyFiles;

/// The folder for saves and settings (`None`: there is none, nothing is kept). The
/// command line's `--data`, else [`crate::storage::data_dir`]; in the browser, the
/// prefix of the local-storage entries.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DataFolder(pub Option<PathBuf>);

impl Default for DataFolder {
    fn default() -> Self {
        DataFolder(crate::storage::data_dir())
    }
}

impl DataFolder {
    /// A file in the folder.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }
}

/// The game being played: the rules state, the single source of truth. Only
/// [`session::apply_changes`] writes it.
#[derive(Resource, Clone, Debug)]
pub struct CurrentGame(pub GameState);

/// What the menu has chosen for the next game (not Omweso's `SetUp` option).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct MenuChoice {
    pub game: Game,
    pub options: Options,
    /// Who plays South and North.
    pub seats: Seats,
    seeds: Lot,
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            game: Game::Omweso,
            options: Options::default(),
            seats: Seats::default(),
            seeds: Lot(0x5EED),
        }
    }
}

impl MenuChoice {
    /// A fresh seed for the next game's random draws.
    pub fn next_seed(&mut self) -> u64 {
        self.seeds.next_u64()
    }
}

/// The one direction of flow within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flow {
    /// Pointer, keyboard, the computer and replays become messages.
    Input,
    /// The messages change the rules state ([`session::apply_changes`], the only
    /// writer).
    Decide,
    /// The rules' events move the seeds.
    Animate,
}

/// The systems that draw the interface in an egui pass (`EguiPrimaryContextPass`):
/// every plugin's windows. `hud::redraw_moved_windows` runs after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawInterface;

/// After a change, in `PostUpdate`, in this order: the board's entities, the seeds,
/// the game's look (materials, floor, backdrop), then meshes and materials for what
/// was spawned; all before Bevy places them and finds them visible.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rebuild {
    /// A new game's board, scene, camera move and celebration reset.
    Board,
    /// The seed entities snap to the rules state.
    Seeds,
    /// A new game's look: its materials (made once), floor, mat and backdrop.
    Look,
    /// Meshes and materials of whatever was spawned.
    Dress,
}

/// Everything that runs without a window or GPU: the mirror of the rules state,
/// the flow of play, the animation and input mapping (used by headless tests too).
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(Update, (Flow::Input, Flow::Decide, Flow::Animate).chain())
        .configure_sets(
            PostUpdate,
            (
                Rebuild::Board,
                Rebuild::Seeds,
                Rebuild::Look,
                Rebuild::Dress,
            )
                .chain()
                // So that what is made is announced to the renderer (asset events),
                // placed, bounded and found visible in the same frame, and drawn in
                // it: not a frame without a board (most of a second in a software
                // renderer) whenever a game starts.
                .before(bevy::asset::AssetEventSystems)
                .before(bevy::transform::TransformSystems::Propagate)
                .before(bevy::camera::visibility::VisibilitySystems::CalculateBounds)
                .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        )
        .init_state::<AppState>()
        .add_sub_state::<Mode>()
        .add_computed_state::<Deciding>()
        .init_resource::<MenuChoice>()
        .init_state::<Venue>()
        .init_resource::<language::Tr>()
        .init_resource::<access::Access>()
        .add_plugins((
            play::plugin,
            show::plugin,
            ui::plugin,
            venue::plugin,
            pace::plugin,
        ));
}

/// Meshes, lights, camera, clicking and the interface.
pub fn visuals_plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin).add_plugins((
        look::plugin,
        show::visuals_plugin,
        ui::visuals_plugin,
        venue::visuals_plugin,
        checks::plugin,
    ));
}
