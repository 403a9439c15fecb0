//! The interactive tutorial: the lessons of [`crate::content::lessons`] played on the
//! real board. Each step loads its prepared position, makes the pits to play glow,
//! lets through only the decisions the step asks for (anything else gets a gentle
//! hint), and once the turn has been shown explains what happened.
//!
//! A lesson is [`Mode::Lesson`]: [`StartLesson`] puts its [`TutorialRun`] in place
//! before the write path enters the mode, and it goes when the mode ends, so the
//! tutorial's systems run `in_state(Mode::Lesson)` and find it there. The step's gate
//! is [`OnlyDecisions`], kept beside it: the write path plays only the decisions it
//! names, and knows nothing of lessons.

use super::language::Tr;
use crate::content::lessons::{Lesson, lesson};
use crate::game::play::session::{Begin, Notice, Played, Seat, Seats, StartGame};
use crate::game::shared::OnlyDecisions;
use crate::game::show::animation::Animation;
use crate::game::show::board::GuidedPits;
use crate::game::show::camera::TopPanel;
use crate::game::{AppState, Mode};
use crate::rules::{Decision, Game, Pit};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// A tutorial in progress: present whenever the mode is [`Mode::Lesson`].
#[derive(Resource)]
pub struct TutorialRun {
    pub lesson: Lesson,
    /// The step shown (index into `lesson.steps`).
    pub step: usize,
    /// Decisions of this step the learner has made.
    pub made: usize,
}

impl TutorialRun {
    /// The tutorial of a game at its first step.
    pub fn new(game: Game) -> TutorialRun {
        TutorialRun {
            lesson: lesson(game),
            step: 0,
            made: 0,
        }
    }

    /// Whether the learner has done what this step asks (the explanation shows).
    pub fn step_done(&self) -> bool {
        self.lesson
            .steps
            .get(self.step)
            .is_none_or(|s| s.prompt(self.made).is_none())
    }

    /// Whether this decision is what the step asks for now.
    pub fn accepts(&self, d: &Decision) -> bool {
        self.lesson
            .steps
            .get(self.step)
            .is_some_and(|s| s.accepts(self.made, d))
    }

    /// The step's gate now: the decisions it asks for (none once it is done), and
    /// the gentle hint for any other.
    fn gate(&self, tr: Tr) -> OnlyDecisions {
        let asked = self
            .lesson
            .steps
            .get(self.step)
            .and_then(|s| s.prompt(self.made));
        OnlyDecisions {
            these: asked.map(|p| p.expected.clone()).unwrap_or_default(),
            otherwise: tr.t(crate::content::lessons::WRONG).to_string(),
        }
    }

    /// The pits to make glow now.
    pub fn glowing(&self) -> Vec<Pit> {
        match self.lesson.steps.get(self.step) {
            Some(s) if !self.step_done() => s.glowing(self.made),
            _ => Vec::new(),
        }
    }

    /// The translation key of what to do now, or of the explanation once done.
    pub fn text_key(&self) -> Option<&'static str> {
        let s = self.lesson.steps.get(self.step)?;
        Some(match s.prompt(self.made) {
            Some(p) => p.instruction,
            None => s.explanation,
        })
    }

    /// Whether this is the last step.
    pub fn last_step(&self) -> bool {
        self.step + 1 >= self.lesson.steps.len()
    }
}

/// Start the tutorial of a game (from the menu, the kiosk or `--page tutorial`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartLesson(pub Game);

/// Go on to the next step (or finish after the last).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TutorialNext;

/// Leave the tutorial for the menu (or the kiosk's welcome screen).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TutorialExit;

/// The tutorial's logic (headless-safe).
pub fn plugin(app: &mut App) {
    app.add_message::<StartLesson>()
        // Also the camera's; apps without one (headless tests) need it here.
        .init_resource::<TopPanel>()
        .add_message::<TutorialNext>()
        .add_message::<TutorialExit>()
        .add_systems(
            Update,
            (
                start_lesson.in_set(crate::game::Flow::Input),
                (count_played, next_step, exit_tutorial, guide, keep_gate)
                    .chain()
                    .in_set(crate::game::Flow::Input)
                    .run_if(in_state(Mode::Lesson)),
            ),
        )
        .add_systems(OnExit(Mode::Lesson), (end_tutorial, free_top));
}

/// The learner plays South; North never moves within a step.
const LEARNER: Seats = Seats {
    south: Seat::Person,
    north: Seat::Person,
};

/// Starts a game's lesson at its first step.
fn start_lesson(
    mut asked: MessageReader<StartLesson>,
    mut commands: Commands,
    tr: Res<Tr>,
    mut start: MessageWriter<StartGame>,
    mut screen: ResMut<NextState<AppState>>,
) {
    let Some(StartLesson(g)) = asked.read().last().copied() else {
        return;
    };
    let run = TutorialRun::new(g);
    let Some(first) = run.lesson.steps.first() else {
        return;
    };
    start.write(StartGame {
        state: first.position.clone(),
        seats: LEARNER,
        begin: Begin::Lesson,
    });
    NextState::set_if_neq(&mut screen, AppState::InGame);
    commands.insert_resource(run.gate(*tr));
    commands.insert_resource(run);
}

fn next_step(
    mut asked: MessageReader<TutorialNext>,
    mut run: ResMut<TutorialRun>,
    anim: Res<Animation>,
    mut start: MessageWriter<StartGame>,
    mut exit: MessageWriter<TutorialExit>,
) {
    if asked.read().count() == 0 || !run.step_done() || anim.busy() {
        return;
    }
    if run.last_step() {
        exit.write(TutorialExit);
        return;
    }
    run.step += 1;
    run.made = 0;
    if let Some(s) = run.lesson.steps.get(run.step) {
        start.write(StartGame {
            state: s.position.clone(),
            seats: LEARNER,
            begin: Begin::Lesson,
        });
    }
}

fn exit_tutorial(mut asked: MessageReader<TutorialExit>, mut next: ResMut<NextState<AppState>>) {
    if asked.read().count() > 0 {
        next.set(AppState::Menu);
    }
}

/// The pits the step asks the learner to play glow on the board.
fn guide(run: Res<TutorialRun>, mut glowing: ResMut<GuidedPits>) {
    if run.is_changed() {
        glowing.set_if_neq(GuidedPits(run.glowing()));
    }
}

fn end_tutorial(mut commands: Commands, mut glowing: ResMut<GuidedPits>) {
    commands.remove_resource::<TutorialRun>();
    commands.remove_resource::<OnlyDecisions>();
    glowing.set_if_neq(GuidedPits::default());
}

/// Each decision the step asked for, once played, counts (the gate let only those
/// through).
fn count_played(mut played: MessageReader<Played>, mut run: ResMut<TutorialRun>) {
    for p in played.read() {
        if run.accepts(&p.decision) {
            run.made += 1;
        }
    }
}

/// The gate follows the step (and the language of its hint).
fn keep_gate(run: Res<TutorialRun>, tr: Res<Tr>, mut only: ResMut<OnlyDecisions>) {
    if run.is_changed() || tr.is_changed() {
        only.set_if_neq(run.gate(*tr));
    }
}

/// The tutorial's window: the lesson, the step, what to do or what happened.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        tutorial_window
            .run_if(in_state(Mode::Lesson))
            .in_set(crate::game::DrawInterface),
    );
}

fn tutorial_window(
    mut contexts: EguiContexts,
    run: Res<TutorialRun>,
    tr: Res<Tr>,
    anim: Res<Animation>,
    notice: Res<Notice>,
    (mut next, mut exit): (MessageWriter<TutorialNext>, MessageWriter<TutorialExit>),
    mut panel: ResMut<TopPanel>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tr = *tr;
    let screen_top = ctx.content_rect().top();
    let shown = egui::Window::new(tr.t(run.lesson.title))
        .id(egui::Id::new("tutorial"))
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .default_width(360.0)
        .show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.small(format!(
                "{} {} / {}",
                tr.t(crate::content::lessons::STEP),
                run.step + 1,
                run.lesson.steps.len()
            ));
            let done = run.step_done() && !anim.busy();
            if let Some(key) = run.text_key() {
                if run.step_done() && anim.busy() {
                    // The turn is still being shown: the explanation waits for it.
                    ui.label("…");
                } else if done && !tr.0.is_rtl() {
                    ui.label(egui::RichText::new(tr.t(key)).strong());
                } else {
                    tr.paragraph(ui, tr.reading(key));
                }
            }
            if !run.step_done()
                && let Some(n) = &notice.0
            {
                ui.colored_label(egui::Color32::from_rgb(240, 228, 66), n);
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if done {
                    let label = if run.last_step() {
                        tr.t(crate::content::lessons::DONE)
                    } else {
                        tr.t(crate::content::lessons::NEXT)
                    };
                    if ui.button(egui::RichText::new(label).strong()).clicked() {
                        next.write(TutorialNext);
                    }
                }
                if ui.button(tr.t(crate::content::lessons::EXIT)).clicked() {
                    exit.write(TutorialExit);
                }
            });
        });
    // The camera keeps the board below the window, which stands over North's pits
    // otherwise.
    if let Some(shown) = shown {
        keep_board_below(&mut panel, shown.response.rect, screen_top);
    }
    Ok(())
}

/// Has the camera keep the board below a window in the top corner (`window`, on a
/// screen whose top is `screen_top`): the panel only grows while the window shows,
/// so that the board moves at most when a taller window appears.
pub fn keep_board_below(panel: &mut TopPanel, window: egui::Rect, screen_top: f32) {
    let reach = window.bottom() + 8.0 - screen_top;
    if reach > panel.0 {
        panel.0 = reach;
    }
}

/// After a lesson the board has the window's height again.
fn free_top(mut panel: ResMut<TopPanel>) {
    panel.0 = 0.0;
}
