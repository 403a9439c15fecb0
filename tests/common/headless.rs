//! A headless game for the front end's tests: the logic plugins (and, if asked, the
//! board and seed meshes) without a window or GPU, under manual time.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use mancala_hall::game::look::scene;
use mancala_hall::game::play::session::{Seats, StartGame};
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::show::{board, seeds};
use mancala_hall::game::{AppState, CurrentGame, logic_plugin};
use mancala_hall::rules::{Game, GameState, Options};
use std::time::Duration;

/// The game's logic, headless, each update `step` of time later; an Omweso game is in
/// `CurrentGame` until a test starts another.
pub fn logic_app(step: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(step))
        .insert_resource(CurrentGame(
            GameState::new(Game::Omweso, Options::default()).expect("default options"),
        ))
        .add_plugins(logic_plugin);
    app
}

/// Adds the board's and seeds' meshes and materials (made, never drawn), so that
/// their entities and asset counts can be checked.
pub fn with_meshes(app: &mut App) {
    app.add_plugins(AssetPlugin::default())
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .add_plugins((scene::plugin, board::visuals_plugin, seeds::visuals_plugin));
}

/// Starts `state` with `seats` on the game screen, as the menu does, and runs one
/// frame.
pub fn start(app: &mut App, state: GameState, seats: Seats) {
    app.world_mut()
        .write_message(StartGame::fresh(state, seats));
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::InGame);
    app.update();
}

/// Runs frames until the turn being shown has been shown (panics if it never ends).
pub fn settle(app: &mut App) {
    for _ in 0..5000 {
        app.update();
        if !app.world().resource::<Animation>().busy() {
            app.update();
            return;
        }
    }
    panic!("the animation never finished");
}

/// The rules state now.
pub fn state(app: &App) -> GameState {
    app.world().resource::<CurrentGame>().0.clone()
}
