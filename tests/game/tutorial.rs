//! The tutorial played through the game's own messages, headless: every lesson from
//! its page to the end; a wrong decision is refused and changes nothing; the right
//! ones reach each step's hand-written position; the board glows where to play.

use crate::common::headless::{logic_app, settle, state};
use bevy::prelude::*;
use mancala_hall::content::lessons::After;
use mancala_hall::game::play::session::{DecisionMade, Notice};
use mancala_hall::game::show::board::GuidedPits;
use mancala_hall::game::ui::tutorial::{StartLesson, TutorialNext, TutorialRun};
use mancala_hall::game::{AppState, Mode};
use mancala_hall::rules::*;
use std::time::Duration;

#[test]
fn every_lesson_can_be_followed_to_its_end() {
    for g in Game::ALL {
        let mut app = logic_app(Duration::from_millis(100));
        // The tutorial's systems run in Mode::Lesson and read its TutorialRun: it must
        // be there on every frame of the lesson.
        app.add_systems(
            Last,
            |mode: Option<Res<State<Mode>>>, run: Option<Res<TutorialRun>>| {
                if mode.is_some_and(|m| *m.get() == Mode::Lesson) {
                    assert!(run.is_some(), "Mode::Lesson without its TutorialRun");
                }
            },
        );
        app.update();
        app.world_mut().write_message(StartLesson(g));
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<AppState>>().get(),
            AppState::InGame
        );
        assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Lesson);
        let steps = app.world().resource::<TutorialRun>().lesson.steps.clone();
        for (i, step) in steps.iter().enumerate() {
            settle(&mut app);
            assert_eq!(state(&app), step.position, "{g} step {}: position", i + 1);
            assert!(
                !app.world().resource::<TutorialRun>().glowing().is_empty(),
                "{g} step {}: nothing glows",
                i + 1
            );
            assert_eq!(
                app.world().resource::<GuidedPits>().0,
                app.world().resource::<TutorialRun>().glowing(),
                "{g} step {}: the board glows where the step says",
                i + 1
            );
            // A legal decision that is not the one asked for is refused.
            let first = &step.prompts[0].expected;
            if let Some(other) = legal_decisions(&step.position)
                .into_iter()
                .find(|d| !first.contains(d))
            {
                app.world_mut().write_message(DecisionMade::here(other));
                app.update();
                assert_eq!(state(&app), step.position, "{g}: a wrong move was played");
                assert!(app.world().resource::<Notice>().0.is_some());
            }
            for prompt in &step.prompts {
                settle(&mut app);
                app.world_mut()
                    .write_message(DecisionMade::here(prompt.expected[0].clone()));
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
                app.world_mut().write_message(DecisionMade::here(d));
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
        assert!(
            app.world().resource::<GuidedPits>().0.is_empty(),
            "{g}: nothing glows after the lesson"
        );
    }
}
