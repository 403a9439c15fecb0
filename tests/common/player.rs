//! The whole game, headless, played as a person plays it: the app `run` builds (every
//! plugin, the egui interface included) without a window system or GPU, under manual
//! time, clicked through the pointer messages a window sends. Buttons are found where
//! the interface last drew them ([`ButtonPlaces`]).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use mancala_hall::game::play::session::{DecisionMade, Seats};
use mancala_hall::game::shared::GameStarted;
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::show::board::{PitView, StoreView};
use mancala_hall::game::show::camera::MainCamera;
use mancala_hall::game::show::seeds::{SeedView, mirror_mismatches};
use mancala_hall::game::ui::buttons::ButtonPlaces;
use mancala_hall::game::{AppState, CurrentGame, Display, GameArgs, build_app};
use mancala_hall::rules::{
    Game, GameRecord, GameState, Lot, Options, Pit, apply_quiet, random_decision,
};
use mancala_hall::settings::CountDisplay;
use mancala_hall::storage::SavedGame;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A game under test and its data folder (removed when dropped).
pub struct Player {
    pub app: App,
    pub data: PathBuf,
    /// The games started so far (each `GameStarted` the write path reported).
    pub starts: usize,
}

/// A fresh, empty data folder for one test.
pub fn data_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

impl Player {
    /// The game as `mancala-hall ARGS --data DATA` starts it, one frame run, seed
    /// counts shown on every pit (so that every pit's count is drawn every frame).
    pub fn start(args: &[&str], data: &Path, step: Duration) -> Player {
        let mut args = GameArgs::parse(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
            .expect("valid arguments");
        args.data = Some(data.to_path_buf());
        let app = build_app(&args, Display::Headless { step }).expect("the app builds");
        let mut p = Player {
            app,
            data: data.to_path_buf(),
            starts: 0,
        };
        p.frames(1);
        p.app.insert_resource(CountDisplay::Always);
        p.frames(2);
        p
    }

    /// Runs `n` frames.
    pub fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update();
            let started = self.app.world().resource::<Messages<GameStarted>>();
            self.starts += started.iter_current_update_messages().count();
        }
    }

    /// Where the button `name` is, running frames until it is drawn (panics if it
    /// never is).
    pub fn find(&mut self, name: &str) -> Vec2 {
        for _ in 0..40 {
            if let Some(at) = self.app.world().resource::<ButtonPlaces>().get(name) {
                return at;
            }
            self.frames(1);
        }
        let drawn: Vec<String> = self
            .app
            .world()
            .resource::<ButtonPlaces>()
            .0
            .keys()
            .cloned()
            .collect();
        panic!("no button `{name}` is drawn; these are: {drawn:?}");
    }

    fn window(&mut self) -> (Entity, Vec2) {
        let world = self.app.world_mut();
        let (entity, window) = world
            .query_filtered::<(Entity, &Window), With<PrimaryWindow>>()
            .single(world)
            .expect("a primary window");
        (entity, window.size())
    }

    /// Moves the pointer to `at` and lets it rest for two frames.
    pub fn point_at(&mut self, at: Vec2) {
        let (window, _) = self.window();
        // A window sends each as its own message and again in the ordered stream of
        // all its events (which egui reads).
        let moved = CursorMoved {
            window,
            position: at,
            delta: None,
        };
        self.app.world_mut().write_message(moved.clone());
        self.app
            .world_mut()
            .write_message(WindowEvent::CursorMoved(moved));
        self.frames(2);
    }

    /// Turns the mouse wheel by `lines` (negative: towards the person, scrolling
    /// down) where the pointer is.
    pub fn wheel(&mut self, lines: f32) {
        let (window, _) = self.window();
        let wheel = MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: lines,
            window,
            phase: TouchPhase::Moved,
        };
        self.app.world_mut().write_message(wheel);
        self.app
            .world_mut()
            .write_message(WindowEvent::MouseWheel(wheel));
        self.frames(2);
    }

    /// Clicks at `at` in the window as a mouse does: the pointer moves there, rests,
    /// the button goes down, then up a frame later.
    pub fn click_at(&mut self, at: Vec2) {
        self.point_at(at);
        let (window, _) = self.window();
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let button = MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            };
            self.app.world_mut().write_message(button);
            self.app
                .world_mut()
                .write_message(WindowEvent::MouseButtonInput(button));
            self.frames(1);
        }
    }

    /// Taps at `at` with one finger, as on a touch screen: down, then up a frame
    /// later (egui reads touches as a pointer).
    pub fn tap_at(&mut self, at: Vec2) {
        let (window, _) = self.window();
        for phase in [TouchPhase::Started, TouchPhase::Ended] {
            let touch = TouchInput {
                phase,
                position: at,
                window,
                force: None,
                id: 1,
            };
            self.app.world_mut().write_message(touch);
            self.app
                .world_mut()
                .write_message(WindowEvent::TouchInput(touch));
            self.frames(1);
        }
    }

    /// Taps the button `name` once it stands still (see [`Player::find_still`]).
    pub fn tap(&mut self, name: &str) {
        let at = self.find_still(name);
        self.tap_at(at);
    }

    /// Clicks the button `name` (see [`Player::find`]). One drawn below the window's
    /// lower part is scrolled to first, as a person does: the wheel turned over the
    /// window that holds it.
    pub fn click(&mut self, name: &str) {
        let mut at = self.find_still(name);
        let (_, size) = self.window();
        for _ in 0..30 {
            if at.y < size.y * 0.8 {
                break;
            }
            self.point_at(Vec2::new(at.x, size.y * 0.6));
            self.wheel(-3.0);
            at = self.find_still(name);
        }
        self.click_at(at);
    }

    /// Where the button `name` is once it has stood still for three frames (a new
    /// window finds its place over a frame or two; a scrolled list glides), as a
    /// person waits for the screen to settle before aiming.
    pub fn find_still(&mut self, name: &str) -> Vec2 {
        let mut at = self.find(name);
        let mut still = 0;
        for _ in 0..60 {
            self.frames(1);
            let now = self.find(name);
            still = if now == at { still + 1 } else { 0 };
            at = now;
            if still == 3 {
                return at;
            }
        }
        panic!("`{name}` never stood still");
    }

    /// Presses and releases `key` (the window has the keyboard's focus).
    pub fn press(&mut self, key: KeyCode) {
        let (window, _) = self.window();
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let input = KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window,
            };
            self.app.world_mut().write_message(input.clone());
            self.app
                .world_mut()
                .write_message(WindowEvent::KeyboardInput(input));
            self.frames(1);
        }
    }

    /// Plays `n` seeded random decisions (as the pointer would ask for them), each
    /// shown to its end.
    pub fn play_random(&mut self, n: usize, lot: &mut Lot) {
        for _ in 0..n {
            let d = random_decision(&self.state(), lot).expect("a legal decision");
            self.app.world_mut().write_message(DecisionMade::here(d));
            self.frames(2);
            for _ in 0..5000 {
                if !self.app.world().resource::<Animation>().busy() {
                    break;
                }
                self.frames(1);
            }
            self.frames(1);
        }
    }

    /// Runs frames until the shown screen is `screen` (panics after 40).
    pub fn until_screen(&mut self, screen: AppState) {
        for _ in 0..40 {
            if *self.app.world().resource::<State<AppState>>().get() == screen {
                return;
            }
            self.frames(1);
        }
        panic!("the screen never became {screen:?}");
    }

    /// The rules state now.
    pub fn state(&self) -> GameState {
        self.app.world().resource::<CurrentGame>().0.clone()
    }

    /// Where each pit's centre is drawn in the window (logical pixels), as the
    /// main camera shows it.
    pub fn pits_on_screen(&mut self) -> Vec<(Pit, Vec2)> {
        let world = self.app.world_mut();
        let (camera, at) = world
            .query_filtered::<(&Camera, &GlobalTransform), With<MainCamera>>()
            .single(world)
            .expect("one main camera");
        let (camera, at) = (camera.clone(), *at);
        world
            .query_filtered::<(&PitView, &GlobalTransform), With<Mesh3d>>()
            .iter(world)
            .filter_map(|(v, t)| {
                Some((v.pit, camera.world_to_viewport(&at, t.translation()).ok()?))
            })
            .collect()
    }

    /// Panics unless the pit, store and seed entities mirror the rules state: one pit
    /// entity of this board for each pit, its stores, and every seed where the rules
    /// say.
    pub fn assert_mirrors(&mut self, what: &str) {
        let state = self.state();
        let world = self.app.world_mut();
        let pits: Vec<PitView> = world.query::<&PitView>().iter(world).copied().collect();
        let stores = world.query::<&StoreView>().iter(world).count();
        let seeds: Vec<SeedView> = world.query::<&SeedView>().iter(world).cloned().collect();
        let board = state.board();
        assert_eq!(pits.len(), board.len(), "{what}: pit entities");
        let mut indices: Vec<usize> = pits
            .iter()
            .map(|p| {
                p.index_on(&state)
                    .unwrap_or_else(|| panic!("{what}: a pit of another board is left"))
            })
            .collect();
        indices.sort_unstable();
        assert!(
            indices.iter().copied().eq(0..board.len()),
            "{what}: pit indices"
        );
        let want_stores = if state.game() == Game::Anywoli { 2 } else { 0 };
        assert_eq!(stores, want_stores, "{what}: stores");
        let wrong = mirror_mismatches(&state, &seeds);
        assert!(wrong.is_empty(), "{what}: seeds out of step: {wrong:?}");
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// A saved game of `game` after `moves` seeded random decisions, and its position.
pub fn saved(game: Game, moves: usize) -> (SavedGame, GameState) {
    let start = GameState::new(game, Options::default()).unwrap();
    let mut record = GameRecord::new(game, *start.options());
    record.start = Some(start.clone());
    let (mut s, mut lot) = (start, Lot(7));
    for _ in 0..moves {
        let d = random_decision(&s, &mut lot).expect("a move");
        apply_quiet(&mut s, d.clone()).unwrap();
        record.decisions.push(d);
    }
    (SavedGame::new(record, Seats::default().to_saved()), s)
}

/// The games a test switches between: each game, Nsolo at its narrowest and widest.
pub const BOARDS: [(Game, u8); 6] = [
    (Game::Omweso, 8),
    (Game::Anywoli, 8),
    (Game::Nsolo, 8),
    (Game::Nsolo, 36),
    (Game::Hawalis, 8),
    (Game::BaoKigogo, 8),
];

/// A walk that goes from every node of `0..n` to every other exactly once (an
/// Euler circuit of the complete directed graph, by Hierholzer's algorithm), starting
/// and ending at 0.
pub fn every_ordered_pair(n: usize) -> Vec<usize> {
    let mut unused: Vec<Vec<usize>> = (0..n)
        .map(|a| (0..n).filter(|&b| b != a).rev().collect())
        .collect();
    let (mut stack, mut walk) = (vec![0], Vec::new());
    while let Some(&v) = stack.last() {
        match unused[v].pop() {
            Some(next) => stack.push(next),
            None => walk.push(stack.pop().unwrap_or_default()),
        }
    }
    walk.reverse();
    walk
}
