//! The Bevy front end: one plugin per feature, mirroring the rules state.
//!
//! The rules state ([`CurrentGame`]) is the single source of truth; the board, pit and
//! seed entities are built from it and rebuilt when it changes.

pub mod board;
pub mod camera;
pub mod hud;
pub mod layout;
pub mod screenshot;
pub mod seeds;

use crate::rules::{Game, GameState, Lot, Options, apply_quiet, random_decision};
use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// The game's own command-line options.
pub const HELP: &str = "game options:
  --game NAME        omweso | anywoli | nsolo | hawalis | bao_kigogo (default omweso)
  --width N          Nsolo board width, 8..36 (default 8)
  --turns N          first play N random decisions (seeded), to show a game in progress
  --seed N           seed of those random decisions (default 1)
  --screenshot PATH  save a PNG of the window once the scene has settled, then exit";

/// Parsed game options.
#[derive(Clone, Debug, PartialEq)]
pub struct GameArgs {
    pub game: Game,
    pub width: u8,
    pub turns: u32,
    pub seed: u64,
    pub screenshot: Option<PathBuf>,
}

impl GameArgs {
    /// Parses `--game`, `--width`, `--turns`, `--seed`, `--screenshot`.
    pub fn parse(args: &[String]) -> Result<GameArgs, String> {
        let mut a = GameArgs {
            game: Game::Omweso,
            width: 8,
            turns: 0,
            seed: 1,
            screenshot: None,
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or(format!("{flag} needs a value"));
            match flag.as_str() {
                "--game" => {
                    let v = value()?;
                    a.game = Game::from_id(v).ok_or(format!("unknown game `{v}`"))?;
                }
                "--width" => {
                    let v = value()?;
                    a.width = v
                        .parse()
                        .ok()
                        .filter(|w| (8..=36).contains(w))
                        .ok_or(format!("--width must be 8..36, not `{v}`"))?;
                }
                "--turns" => {
                    let v = value()?;
                    a.turns = v
                        .parse()
                        .map_err(|_| format!("--turns: `{v}` is not a number"))?;
                }
                "--seed" => {
                    let v = value()?;
                    a.seed = v
                        .parse()
                        .map_err(|_| format!("--seed: `{v}` is not a number"))?;
                }
                "--screenshot" => a.screenshot = Some(PathBuf::from(value()?)),
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        Ok(a)
    }

    /// The game state these options describe.
    pub fn state(&self) -> Result<GameState, String> {
        let mut options = Options::default();
        if self.game == Game::Nsolo {
            options.width = self.width;
        }
        let mut s = GameState::new(self.game, options).map_err(|e| e.to_string())?;
        let mut lot = Lot(self.seed);
        for _ in 0..self.turns {
            let Some(d) = random_decision(&s, &mut lot) else {
                break;
            };
            apply_quiet(&mut s, d).map_err(|e| e.to_string())?;
        }
        Ok(s)
    }
}

/// The game being shown: the rules state, the single source of truth.
#[derive(Resource, Clone, Debug)]
pub struct CurrentGame(pub GameState);

/// Everything that mirrors the rules state, without rendering (used by headless tests).
pub fn mirror_plugin(app: &mut App) {
    app.add_plugins((board::plugin, seeds::plugin));
}

/// Opens the window and runs the game.
pub fn run(args: GameArgs) -> ExitCode {
    let state = match args.state() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("Mancala Hall — {}", state.game().name()),
                    canvas: Some("#bevy".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .insert_resource(CurrentGame(state))
    .add_plugins((mirror_plugin, board::visuals_plugin, seeds::visuals_plugin))
    .add_plugins((camera::plugin, hud::plugin));
    if let Some(path) = args.screenshot {
        app.add_plugins(screenshot::ScreenshotPlugin { path });
    }
    app.run();
    ExitCode::SUCCESS
}
