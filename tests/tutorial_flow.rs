//! The tutorial played through the game's own messages, headless: every lesson from
//! its page to the end; a wrong decision is refused and changes nothing; the right
//! ones reach each step's hand-written position; the board glows where to play.
#![cfg(feature = "game")]

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use mancala_hall::content::lessons::After;
use mancala_hall::game::animation::Animation;
use mancala_hall::game::pages::{Page, Pages};
use mancala_hall::game::play::{DecisionMade, Notice, StartGame};
use mancala_hall::game::tutorial::{TutorialNext, TutorialRun};
use mancala_hall::game::{AppState, CurrentGame, logic_plugin};
use mancala_hall::rules::*;
use std::time::Duration;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )))
        .insert_resource(CurrentGame(
            GameState::new(Game::Omweso, Options::default()).unwrap(),
        ))
        .add_plugins(logic_plugin);
    app.world_mut().write_message(StartGame);
    app.update();
    app
}

fn settle(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if !app.world().resource::<Animation>().busy() {
            app.update();
            return;
        }
    }
    panic!("the animation never finished");
}

fn state(app: &App) -> GameState {
    app.world().resource::<CurrentGame>().0.clone()
}

#[test]
fn every_lesson_can_be_followed_to_its_end() {
    for g in Game::ALL {
        let mut app = app();
        app.world_mut().resource_mut::<Pages>().open = Some(Page::Tutorial(g));
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<AppState>>().get(),
            AppState::InGame
        );
        let steps = app.world().resource::<TutorialRun>().lesson.steps.clone();
        for (i, step) in steps.iter().enumerate() {
            settle(&mut app);
            assert_eq!(state(&app), step.position, "{g} step {}: position", i + 1);
            assert!(
                !app.world().resource::<TutorialRun>().glowing().is_empty(),
                "{g} step {}: nothing glows",
                i + 1
            );
            // A legal decision that is not the one asked for is refused.
            let first = &step.prompts[0].expected;
            if let Some(other) = legal_decisions(&step.position)
                .into_iter()
                .find(|d| !first.contains(d))
            {
                app.world_mut().write_message(DecisionMade(other));
                app.update();
                assert_eq!(state(&app), step.position, "{g}: a wrong move was played");
                assert!(app.world().resource::<Notice>().0.is_some());
            }
            for prompt in &step.prompts {
                settle(&mut app);
                app.world_mut()
                    .write_message(DecisionMade(prompt.expected[0].clone()));
                app.update();
            }
            settle(&mut app);
            assert_eq!(
                After::of(&state(&app)),
                step.after,
                "{g} step {}: the board after",
                i + 1
            );
            let run = app.world().resource::<TutorialRun>();
            assert!(run.step_done(), "{g} step {}: not done", i + 1);
            assert!(run.glowing().is_empty());
            // Nothing more is accepted in a finished step.
            if let Some(d) = legal_decisions(&state(&app)).into_iter().next() {
                let before = state(&app);
                app.world_mut().write_message(DecisionMade(d));
                app.update();
                assert_eq!(state(&app), before, "{g}: a move after the step");
            }
            app.world_mut().write_message(TutorialNext);
            app.update();
            app.update();
        }
        assert_eq!(
            *app.world().resource::<State<AppState>>().get(),
            AppState::Menu,
            "{g}: the last Next leaves the tutorial"
        );
        assert!(app.world().get_resource::<TutorialRun>().is_none());
    }
}
