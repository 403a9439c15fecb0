//! Headless (no window, no GPU): the board and seed entities mirror the rules state,
//! after the start and after every decision of seeded random games of every game.
#![cfg(feature = "game")]

use bevy::prelude::*;
use mancala_hall::game::board::{PitView, StoreView};
use mancala_hall::game::seeds::{SeedView, mirror_mismatches};
use mancala_hall::game::{CurrentGame, mirror_plugin};
use mancala_hall::rules::*;

fn app_for(state: GameState) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(CurrentGame(state))
        .add_plugins(mirror_plugin);
    app.update();
    app
}

fn check(app: &mut App) {
    let state = app.world().resource::<CurrentGame>().0.clone();
    let seeds: Vec<SeedView> = app
        .world_mut()
        .query::<&SeedView>()
        .iter(app.world())
        .copied()
        .collect();
    let wrong = mirror_mismatches(&state, &seeds);
    assert!(wrong.is_empty(), "{wrong:?}");
    assert_eq!(
        seeds.len() as u32,
        state.seeds().total(),
        "one entity per seed"
    );
}

#[test]
fn pits_and_stores_match_the_board() {
    for game in Game::ALL {
        let mut app = app_for(GameState::new(game, Options::default()).unwrap());
        let pits = app
            .world_mut()
            .query::<&PitView>()
            .iter(app.world())
            .count();
        let stores = app
            .world_mut()
            .query::<&StoreView>()
            .iter(app.world())
            .count();
        let board = app.world().resource::<CurrentGame>().0.board().clone();
        assert_eq!(pits, board.len(), "{game}");
        assert_eq!(stores, if game == Game::Anywoli { 2 } else { 0 }, "{game}");
    }
}

#[test]
fn seeds_follow_the_rules_state_turn_by_turn() {
    for game in Game::ALL {
        let mut options = Options::default();
        if game == Game::Nsolo {
            options.width = 36;
        }
        let mut app = app_for(GameState::new(game, options).unwrap());
        check(&mut app);
        let mut lot = Lot(game as u64 + 5);
        for _ in 0..60 {
            let mut state = app.world().resource::<CurrentGame>().0.clone();
            let Some(d) = random_decision(&state, &mut lot) else {
                break;
            };
            apply(&mut state, d).unwrap();
            app.world_mut().resource_mut::<CurrentGame>().0 = state;
            app.update();
            check(&mut app);
        }
    }
}

#[test]
fn nothing_changes_while_nothing_moves() {
    let mut app = app_for(GameState::new(Game::Hawalis, Options::default()).unwrap());
    let ids = |app: &mut App| -> Vec<Entity> {
        let mut v: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<SeedView>>()
            .iter(app.world())
            .collect();
        v.sort();
        v
    };
    let before = ids(&mut app);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        ids(&mut app),
        before,
        "no seed entity is respawned while the state is unchanged"
    );
}
