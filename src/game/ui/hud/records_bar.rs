//! The records bar in the bottom right corner: undo, redo, the hint, the move list
//! with its past positions, and a replay's controls.

use super::MeasuredBars;
use super::review_panel::mark_style;
use crate::ai::review::Mark;
use crate::game::Mode;
use crate::game::play::computer::{AskHint, Hint};
use crate::game::play::input::Table;
use crate::game::play::review::{GameReview, OpenReview};
use crate::game::play::session::{
    History, Redo, Replay, ReplayControl, Undo, UndoPolicy, ViewPast, Viewing, undo_allowed,
};
use crate::game::ui::icons::{self, Icon};
use crate::game::ui::language::Tr;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// What the records panel shows: the history, a replay, the past position viewed.
#[derive(SystemParam)]
pub(super) struct Records<'w> {
    history: Res<'w, History>,
    replay: Res<'w, Replay>,
    viewing: Res<'w, Viewing>,
    policy: Res<'w, UndoPolicy>,
    hint: Res<'w, Hint>,
    /// The review's marks for the list.
    review: Res<'w, GameReview>,
    /// A wide board's close view (its button switches to the whole board and back).
    close: Res<'w, crate::game::show::close_view::CloseView>,
}

/// What the records panel can ask for.
#[derive(SystemParam)]
pub(super) struct RecordActions<'w> {
    undo: MessageWriter<'w, Undo>,
    redo: MessageWriter<'w, Redo>,
    view: MessageWriter<'w, ViewPast>,
    replay: MessageWriter<'w, ReplayControl>,
    hint: MessageWriter<'w, AskHint>,
    review: MessageWriter<'w, OpenReview>,
    whole: MessageWriter<'w, crate::game::show::close_view::ViewRequest>,
}

/// The records panel's egui id (the caption of a short window keeps clear of it).
pub(super) fn records_panel_id() -> egui::Id {
    egui::Id::new("records panel")
}

/// Undo and redo, the move list with past positions, and replay controls.
pub(super) fn records_panel(
    mut contexts: EguiContexts,
    table: Table,
    r: Records,
    mut go: RecordActions,
    (mode, tr): (Res<State<Mode>>, Res<Tr>),
    mut open: Local<bool>,
    mut measured: ResMut<MeasuredBars>,
) -> Result {
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    let game = &table.game;
    let (replay, viewing) = (&r.replay, &r.viewing);
    // Compact, in the corner: no title bar over the buttons, and one row of them
    // (what else shows, the viewed position and the list, the player asked for).
    let mut row_height = 0.0;
    let (bar_corner, bar_at) =
        super::corner(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0], tr.0.is_rtl());
    egui::Window::new(tr.t("moves-title"))
        .id(records_panel_id())
        .anchor(bar_corner, bar_at)
        .title_bar(false)
        .resizable(false)
        .show(ctx, |ui| {
            if *mode.get() == Mode::Watch {
                row_height = replay_row(ui, tr, replay, game.0.is_over(), &mut go);
                return;
            }
            row_height = buttons_row(ui, tr, &table, &r, *mode.get(), &mut go, &mut open);
            if let Some(n) = viewing.0 {
                ui.strong(tr.f("moves-showing", &[("n", &n)]));
                let back = ui.button(tr.t("moves-back_to_game"));
                crate::game::ui::buttons::note_button(ui.ctx(), "back_to_game", back.rect);
                if back.clicked() {
                    go.view.write(ViewPast(None));
                }
            }
            if *open {
                move_list(ui, tr, &r, &mut go);
            }
        });
    hint_line(ctx, tr, *mode.get() == Mode::Play, &r.hint, &game.0);
    // The camera keeps the board above the row of buttons.
    let margin = ctx.global_style().spacing.window_margin.sum().y;
    measured.0.bottom = measured.0.bottom.max(12.0 + row_height + margin);
    Ok(())
}

/// The row of a watched game's replay: where it is, back, play or pause, step, stop,
/// and the review once the game is over. Returns the row's height.
fn replay_row(
    ui: &mut egui::Ui,
    tr: Tr,
    replay: &Replay,
    over: bool,
    go: &mut RecordActions,
) -> f32 {
    ui.horizontal(|ui| {
        ui.label(tr.f(
            "moves-watching",
            &[("n", &replay.next), ("total", &replay.decisions.len())],
        ));
        let back = tr.t("moves-step_back");
        if icons::button(ui, Icon::StepBack, None, back, false).clicked() {
            go.replay.write(ReplayControl::Back);
        }
        let (icon, name) = if replay.playing {
            (Icon::Pause, tr.t("moves-pause"))
        } else {
            (Icon::Play, tr.t("moves-play"))
        };
        if icons::button(ui, icon, None, name, false).clicked() {
            go.replay.write(ReplayControl::Playing(!replay.playing));
        }
        let step = tr.t("moves-step");
        if !replay.playing
            && replay.next < replay.decisions.len()
            && icons::button(ui, Icon::Step, None, step, false).clicked()
        {
            ui.ctx().request_repaint();
            go.replay.write(ReplayControl::Forward { animate: false });
        }
        let stop = tr.t("moves-stop_watching");
        if icons::button(ui, Icon::Stop, None, stop, false).clicked() {
            go.replay.write(ReplayControl::Stop);
        }
        if over {
            review_button(ui, tr, &mut go.review);
        }
    })
    .response
    .rect
    .height()
}

/// The row of buttons under a game: undo and redo (pointing the reading direction's
/// way), the hint, the whole board (a wide board close up), the review (a game over)
/// and the move list, in reading order. Returns the row's height.
fn buttons_row(
    ui: &mut egui::Ui,
    tr: Tr,
    table: &Table,
    r: &Records,
    mode: Mode,
    go: &mut RecordActions,
    open: &mut bool,
) -> f32 {
    let game = &table.game;
    let history = &r.history;
    let undo_ok = undo_allowed(&game.0, *r.policy);
    let rtl = tr.0.is_rtl();
    ui.horizontal(|ui| {
        let mut buttons: Vec<super::RowButton> = Vec::new();
        let can_undo = undo_ok && !history.before.is_empty();
        // Back and forward point the reading direction's way: in a
        // right-to-left language back is to the right.
        let (back, forward) = if rtl {
            (Icon::Redo, Icon::Undo)
        } else {
            (Icon::Undo, Icon::Redo)
        };
        let (undo, redo) = (&mut go.undo, &mut go.redo);
        buttons.push(Box::new(move |ui| {
            let undo_button = (back, tr.t("moves-undo"), "undo");
            if history_button(ui, can_undo, undo_button) {
                undo.write(Undo);
            }
        }));
        let can_redo = undo_ok && !history.redo.is_empty();
        buttons.push(Box::new(move |ui| {
            let redo_button = (forward, tr.t("moves-redo"), "redo");
            if history_button(ui, can_redo, redo_button) {
                redo.write(Redo);
            }
        }));
        // Hint keeps its place (shown disabled while seeds move, the
        // computer thinks or a hint is shown), so that no button moves
        // under a finger; the hint itself shows above the row.
        if mode == Mode::Play && !table.seats.against_remote() {
            let can_ask =
                table.persons_turn() && !r.hint.thinking() && r.hint.for_state(&game.0).is_none();
            let hint = &mut go.hint;
            buttons.push(Box::new(move |ui| {
                let word = tr.t("moves-hint");
                let ask = ui.add_enabled_ui(can_ask, |ui| {
                    icons::button(ui, Icon::Hint, Some(word), word, false)
                });
                crate::game::ui::buttons::note_button(ui.ctx(), "hint", ask.inner.rect);
                if ask.inner.clicked() {
                    hint.write(AskHint);
                }
            }));
        }
        // A wide board close up: the whole of it (the `O` key), and back.
        if r.close.views.close.is_some() {
            let overview = r.close.overview;
            let whole = &mut go.whole;
            buttons.push(Box::new(move |ui| {
                let word = if overview {
                    tr.t("moves-close_up")
                } else {
                    tr.t("moves-whole_board")
                };
                let name = format!("{word} (O)");
                let b = icons::button(ui, Icon::WholeBoard, Some(word), &name, overview);
                crate::game::ui::buttons::note_button(ui.ctx(), "whole_board", b.rect);
                if b.clicked() {
                    whole.write(crate::game::show::close_view::ViewRequest::ToggleWhole);
                }
            }));
        }
        if game.0.is_over() && !history.before.is_empty() {
            let review = &mut go.review;
            buttons.push(Box::new(move |ui| review_button(ui, tr, review)));
        }
        buttons.push(Box::new(move |ui| {
            let name = if *open {
                tr.t("moves-hide_list")
            } else {
                tr.t("moves-list")
            };
            let word = tr.t("moves-title");
            let list = icons::button(ui, Icon::MoveList, Some(word), name, *open);
            crate::game::ui::buttons::note_button(ui.ctx(), "moves", list.rect);
            if list.clicked() {
                *open = !*open;
            }
        }));
        super::in_reading_order(ui, rtl, buttons);
    })
    .response
    .rect
    .height()
}

/// The moves played so far, each with its review mark (once the review has one): a
/// click shows the position after it.
fn move_list(ui: &mut egui::Ui, tr: Tr, r: &Records, go: &mut RecordActions) {
    let (history, viewing) = (&r.history, &r.viewing);
    let played = history.record.as_ref().filter(|r| !r.decisions.is_empty());
    if played.is_none() {
        ui.label(
            egui::RichText::new(tr.t("moves-none")).color(crate::game::ui::access::PALETTE.muted),
        );
    }
    if let Some(rec) = played {
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .show(ui, |ui| {
                for (i, d) in rec.decisions.iter().enumerate() {
                    let who = history
                        .before
                        .get(i)
                        .map(|s| tr.player(s.to_decide()).to_string())
                        .unwrap_or_default();
                    let selected = viewing.0 == Some(i + 1);
                    // The review's mark, once it has one (its sign and colour).
                    let mark = r
                        .review
                        .moments
                        .get(i)
                        .filter(|_| r.review.record.as_ref() == Some(rec))
                        .map(|m| m.mark)
                        .filter(|m| *m != Mark::Good);
                    let mut text = egui::RichText::new(format!("{}. {who} {d}", i + 1));
                    if let Some(mark) = mark {
                        let (colour, _, sign) = mark_style(mark);
                        text = egui::RichText::new(format!("{}. {who} {d} {sign}", i + 1));
                        if !selected {
                            text = text.color(colour);
                        }
                    }
                    let line = ui.selectable_label(selected, text);
                    crate::game::ui::buttons::note_button(
                        ui.ctx(),
                        &format!("move:{i}"),
                        line.rect,
                    );
                    if line.clicked() {
                        go.view.write(ViewPast(Some(i + 1)));
                    }
                }
            });
    }
}

/// The hint (or that one is being worked out), above the records panel, out of its row.
fn hint_line(
    ctx: &egui::Context,
    tr: Tr,
    playing: bool,
    hint: &Hint,
    game: &crate::rules::GameState,
) {
    let hint_line = match (playing, hint.thinking()) {
        (false, _) => None,
        (true, true) => Some(egui::RichText::new(tr.t("moves-thinking"))),
        (true, false) => hint
            .for_state(game)
            .map(|d| egui::RichText::new(tr.f("moves-hint_is", &[("move", d)])).strong()),
    };
    if let (Some(text), Some(panel)) = (hint_line, ctx.memory(|m| m.area_rect(records_panel_id())))
    {
        let screen = ctx.content_rect();
        let (hint_corner, hint_at) = super::corner(
            egui::Align2::RIGHT_BOTTOM,
            [-12.0, -(screen.bottom() - panel.top() + 6.0)],
            tr.0.is_rtl(),
        );
        egui::Area::new(egui::Id::new("hint line"))
            .anchor(hint_corner, hint_at)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(10, 6))
                    .show(ui, |ui| {
                        ui.label(text);
                    });
            });
    }
}

/// Undo or redo: an icon button (its icon, hover text and name for the tests), shown
/// disabled unless `enabled`; whether it was clicked.
fn history_button(
    ui: &mut egui::Ui,
    enabled: bool,
    (icon, text, name): (Icon, &str, &str),
) -> bool {
    let b = ui.add_enabled_ui(enabled, |ui| icons::button(ui, icon, None, text, false));
    crate::game::ui::buttons::note_button(ui.ctx(), name, b.inner.rect);
    b.inner.clicked()
}

/// The review's button: the graph icon and its word.
fn review_button(ui: &mut egui::Ui, tr: Tr, review: &mut MessageWriter<OpenReview>) {
    let word = tr.t("review-open");
    let button = icons::button(
        ui,
        Icon::Review,
        Some(word),
        tr.t("review-open_hint"),
        false,
    );
    crate::game::ui::buttons::note_button(ui.ctx(), "review_bar", button.rect);
    if button.clicked() {
        review.write(OpenReview::default());
    }
}
