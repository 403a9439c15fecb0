//! The puzzle's window, in the top corner like a lesson's: what to find, what came of
//! the try, the rating, and the way on (hint, next, other puzzles, back).

use super::{
    Phase, PlayerPuzzles, PuzzleChoice, PuzzleExit, PuzzleHint, PuzzleNext, PuzzleNow, PuzzleRun,
    answer_text,
};
use crate::ai::puzzles::{Difficulty, PuzzleSet, Theme};
use crate::content::i18n;
use crate::game::play::session::Notice;
use crate::game::show::animation::Animation;
use crate::game::show::camera::TopPanel;
use crate::game::ui::access::PALETTE;
use crate::game::ui::buttons::note_button;
use crate::game::ui::language::Tr;
use crate::game::ui::tutorial::keep_board_below;
use crate::game::{AppState, MenuChoice};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The window, over the game (or the menu, while a browser fetches the set).
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        puzzle_window
            .run_if(resource_exists::<PuzzleRun>)
            .in_set(crate::game::DrawInterface),
    )
    .add_systems(OnExit(AppState::InGame), free_top);
}

/// Where the window's buttons lead.
#[derive(SystemParam)]
struct PuzzleActions<'w> {
    next: MessageWriter<'w, PuzzleNext>,
    hint: MessageWriter<'w, PuzzleHint>,
    exit: MessageWriter<'w, PuzzleExit>,
}

fn puzzle_window(
    mut contexts: EguiContexts,
    (run, kept, tr): (Res<PuzzleRun>, Res<PlayerPuzzles>, Res<Tr>),
    (anim, notice, menu): (Res<Animation>, Res<Notice>, Res<MenuChoice>),
    mut go: PuzzleActions,
    mut panel: ResMut<TopPanel>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tr = *tr;
    let screen_top = ctx.content_rect().top();
    let title = match &run.now {
        Some(now) => tr.f(
            "puzzle-of",
            &[
                ("game", &now.start.game().name()),
                ("difficulty", &tr.t(difficulty_key(now.puzzle.difficulty))),
            ],
        ),
        None => tr.t("puzzle-title").to_string(),
    };
    let shown = egui::Window::new(title)
        .id(egui::Id::new("puzzle"))
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .default_width(360.0)
        .show(ctx, |ui| {
            ui.set_max_width(360.0);
            match (&run.now, &run.problem) {
                (Some(now), _) => {
                    puzzle_lines(ui, tr, now, &anim, notice.0.as_deref());
                }
                (None, Some(why)) if run.choice == PuzzleChoice::Mine || why.is_empty() => {
                    tr.paragraph(ui, tr.reading("puzzle-mine_none"));
                }
                (None, Some(why)) => {
                    let line = i18n::fill(tr.0, "puzzle-unavailable", &[("why", why)]);
                    tr.paragraph(ui, &line);
                }
                (None, None) => {
                    ui.label(tr.t("puzzle-loading"));
                }
            }
            if run.rated {
                // One line: the rating, the streak.
                let p = &kept.0.progress;
                ui.horizontal_wrapped(|ui| {
                    ui.small(tr.f("puzzle-rating", &[("rating", &p.shown())]));
                    ui.small("·");
                    ui.small(tr.f(
                        "puzzle-streak",
                        &[("n", &p.streak), ("best", &p.best_streak)],
                    ));
                });
            }
            ui.separator();
            buttons(ui, tr, &run, &menu, &mut go);
        });
    // The camera keeps the board below the window, as for a lesson's.
    if let Some(shown) = shown {
        keep_board_below(&mut panel, shown.response.rect, screen_top);
    }
    Ok(())
}

/// What to find, and what came of the try.
fn puzzle_lines(
    ui: &mut egui::Ui,
    tr: Tr,
    now: &PuzzleNow,
    anim: &Animation,
    notice: Option<&str>,
) {
    let p = &now.puzzle;
    let player = tr.player(now.start.to_decide());
    let task = if p.wins {
        tr.f("puzzle-task-game", &[("player", &player)])
    } else {
        tr.f("puzzle-task-seeds", &[("player", &player), ("n", &p.gain)])
    };
    ui.label(egui::RichText::new(task).strong().size(17.0));
    let wins = || {
        let mv = answer_text(p);
        if p.wins {
            tr.f("puzzle-wins-game", &[("move", &mv)])
        } else {
            tr.f("puzzle-wins-seeds", &[("move", &mv), ("n", &p.gain)])
        }
    };
    let theme = || tr.f("puzzle-theme", &[("theme", &tr.t(theme_key(p.theme)))]);
    match now.phase {
        Phase::Solving => {
            if let Some(n) = notice {
                ui.colored_label(egui::Color32::from_rgb(240, 228, 66), n);
            }
        }
        Phase::Right | Phase::Solved => {
            ui.label(
                egui::RichText::new(tr.t("puzzle-right"))
                    .size(22.0)
                    .strong()
                    .color(PALETTE.accent),
            );
            if now.phase == Phase::Solved {
                ui.label(wins());
                ui.small(theme());
            }
        }
        Phase::Missed => {
            ui.label(
                egui::RichText::new(tr.t("puzzle-wrong"))
                    .size(20.0)
                    .color(egui::Color32::from_rgb(240, 160, 120)),
            );
            if now.tries_left > 0 {
                ui.label(tr.f("puzzle-tries_left", &[("n", &now.tries_left)]));
            }
        }
        Phase::Answer => {
            ui.label(tr.t(if anim.busy() {
                "puzzle-showing"
            } else {
                "puzzle-the_answer"
            }));
        }
        Phase::Answered => {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(tr.t("puzzle-the_answer")).strong());
                ui.label(wins());
            });
            ui.small(theme());
        }
    }
}

/// Hint, Next, the other choices of puzzles, and back.
fn buttons(ui: &mut egui::Ui, tr: Tr, run: &PuzzleRun, menu: &MenuChoice, go: &mut PuzzleActions) {
    let phase = run.now.as_ref().map(|n| n.phase);
    ui.horizontal_wrapped(|ui| {
        if run
            .now
            .as_ref()
            .is_some_and(|n| n.phase == Phase::Solving && !n.hinted)
        {
            let b = ui
                .button(tr.t("puzzle-hint"))
                .on_hover_text(tr.t("puzzle-hint_tip"));
            note_button(ui.ctx(), "puzzles:hint", b.rect);
            if b.clicked() {
                go.hint.write(PuzzleHint);
            }
        }
        if matches!(phase, Some(Phase::Solved | Phase::Answered)) {
            let b = ui.add(
                egui::Button::new(
                    egui::RichText::new(tr.t("puzzle-next"))
                        .strong()
                        .color(PALETTE.ink),
                )
                .fill(PALETTE.accent),
            );
            note_button(ui.ctx(), "puzzles:next", b.rect);
            if b.clicked() {
                go.next.write(PuzzleNext(None));
            }
        }
        let b = ui.button(tr.t("puzzle-exit"));
        note_button(ui.ctx(), "puzzles:exit", b.rect);
        if b.clicked() {
            go.exit.write(PuzzleExit);
        }
    });
    if !run.rated {
        return; // a kiosk's visitor plays the game he chose
    }
    // Other puzzles: this game's, every game's, his own.
    let this_game = PuzzleChoice::Set(set_of(menu));
    ui.horizontal_wrapped(|ui| {
        for (choice, label, name) in [
            (this_game, menu.game.name(), "puzzles:this-game"),
            (
                PuzzleChoice::EveryGame,
                tr.t("puzzle-every_game"),
                "puzzles:every-game",
            ),
            (PuzzleChoice::Mine, tr.t("puzzle-mine"), "puzzles:mine"),
        ] {
            let b = ui.selectable_label(run.choice == choice, egui::RichText::new(label).small());
            note_button(ui.ctx(), name, b.rect);
            if b.clicked() && run.choice != choice {
                go.next.write(PuzzleNext(Some(choice)));
            }
        }
    });
}

/// The set of the game chosen on the menu (Nsolo at its width, where a set has it).
pub fn set_of(menu: &MenuChoice) -> PuzzleSet {
    let chosen = PuzzleSet {
        game: menu.game,
        options: crate::rules::Options {
            width: menu.options.width,
            ..Default::default()
        },
    };
    if PuzzleSet::shipped().contains(&chosen) {
        chosen
    } else {
        PuzzleSet::of(menu.game)
    }
}

fn difficulty_key(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "puzzle-difficulty-easy",
        Difficulty::Medium => "puzzle-difficulty-medium",
        Difficulty::Hard => "puzzle-difficulty-hard",
    }
}

fn theme_key(t: Theme) -> &'static str {
    match t {
        Theme::GrandSlam => "puzzle-theme-grand_slam",
        Theme::Win => "puzzle-theme-win",
        Theme::ReverseCapture => "puzzle-theme-reverse_capture",
        Theme::File => "puzzle-theme-file",
        Theme::Four => "puzzle-theme-four",
        Theme::RelayCapture => "puzzle-theme-relay_capture",
        Theme::Strip => "puzzle-theme-strip",
        Theme::Capture => "puzzle-theme-capture",
    }
}

/// After the puzzles the board has the window's height again.
fn free_top(mut panel: ResMut<TopPanel>) {
    panel.0 = 0.0;
}
