//! The prompts of a person's mid-turn decisions (which move, which direction,
//! Omweso's set-up, Nsolo's strip) and the game-over panel.

use super::records_bar::records_panel_id;
use super::{MeasuredBars, SHORT_WINDOW};
use crate::game::play::computer::ComputerPlayer;
use crate::game::play::input::{ArrangeDraft, Choice, Table};
use crate::game::play::review::{GameReview, OpenReview};
use crate::game::play::session::{DecisionMade, Seat, StartGame};
use crate::game::shared::KioskPhase;
use crate::game::ui::language::Tr;
use crate::game::{AppState, MenuChoice};
use crate::rules::{
    Decision, Direction, Game, GameResult, GameState, Lot, Pending, random_decision,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

impl PromptActions<'_> {
    /// Plays `d` for the person deciding.
    fn play(&mut self, d: Decision) {
        self.decide.write(DecisionMade::here(d));
    }

    /// Leaves the game for the menu (a kiosk's welcome screen).
    pub fn back_to_menu(&mut self) {
        self.screen.set(AppState::Menu);
    }
}

/// The egui id of the result panel (the game-over window).
pub const RESULT_PANEL: &str = "result panel";

/// Where the result panel's top stands (egui points): in the middle of the band
/// between the status and action bars (ending `below` from the window's top edge)
/// and the records bar (`bottom` from its lower edge), or right under the top bars
/// when it is taller than that band (it then scrolls).
fn result_panel_top(ctx: &egui::Context, below: f32, bottom: f32) -> f32 {
    let screen = ctx.content_rect();
    let below_bars = screen.top() + below + 8.0;
    let band = screen.bottom() - bottom - below_bars;
    // Its height when last drawn (egui sizes a window in the pass before).
    let height = egui::AreaState::load(ctx, egui::Id::new(RESULT_PANEL))
        .and_then(|a| a.size)
        .map_or(band, |size| size.y);
    below_bars + ((band - height) / 2.0).max(0.0)
}

/// A decision in words, for the choice prompt.
fn decision_label(tr: Tr, d: &Decision) -> String {
    match d {
        Decision::Sow(_) => tr.f("choice-sow", &[("move", d)]),
        Decision::Reverse(_) => tr.f("choice-reverse", &[("move", d)]),
        Decision::OpeningThree(_) => tr.f("choice-opening_three", &[("move", d)]),
        other => other.to_string(),
    }
}

/// What the prompts and the result panel can ask for.
#[derive(SystemParam)]
pub struct PromptActions<'w> {
    decide: MessageWriter<'w, DecisionMade>,
    start: MessageWriter<'w, StartGame>,
    resync: MessageWriter<'w, crate::game::show::seeds::Resync>,
    screen: ResMut<'w, NextState<AppState>>,
    review: MessageWriter<'w, OpenReview>,
}

/// What the prompts read and edit besides the table: the moves offered for a pit,
/// the set-up being arranged, the computer (for a random set-up's lot), the menu's
/// choice (the next game of a match), whether someone may decide now, the language
/// and the celebration (the result panel waits for it).
#[derive(SystemParam)]
pub(super) struct PromptState<'w> {
    choice: ResMut<'w, Choice>,
    draft: ResMut<'w, ArrangeDraft>,
    computer: ResMut<'w, ComputerPlayer>,
    menu_choice: ResMut<'w, MenuChoice>,
    mode: crate::game::CurrentMode<'w>,
    tr: Res<'w, Tr>,
    celebration: Res<'w, crate::game::show::celebration::Celebration>,
    /// The result panel gives way to an open review; a kiosk offers its guided one.
    game_review: Res<'w, GameReview>,
    kiosk: Option<Res<'w, State<KioskPhase>>>,
}

/// The prompts of a person's mid-turn decisions (which move, which direction, the
/// set-up, the strip) and the result panel.
pub(super) fn prompts(
    mut contexts: EguiContexts,
    table: Table,
    state: PromptState,
    mut go: PromptActions,
    (mut measured, panels): (ResMut<MeasuredBars>, Res<super::TopPanelsBottom>),
) -> Result {
    let PromptState {
        mut choice,
        mut draft,
        mut computer,
        mut menu_choice,
        mode,
        tr,
        celebration,
        game_review,
        kiosk,
    } = state;
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    let (seats, anim) = (&table.seats, &table.anim);
    let s = &table.game.0;
    let person = mode.deciding() && table.persons_turn();
    // A prompt stands above the records bar, never over its buttons.
    let above_the_bar = [0.0, -(measured.0.bottom.max(12.0) + 8.0)];
    // A short window (a phone held sideways, a kiosk at touch scale) keeps the long
    // prompts to a row of buttons beside the records bar: the status line says what
    // is asked, and the board keeps the height.
    let screen = ctx.content_rect();
    let compact = screen.height() < SHORT_WINDOW;
    let at = PromptFrame {
        tr,
        screen,
        compact,
        above_the_bar,
    };
    if person {
        let lot = &mut computer.lot;
        decision_prompt(
            ctx,
            at,
            s,
            &mut choice,
            &mut draft,
            lot,
            &mut go,
            &mut measured,
        );
    }
    // The result panel, once the last move has been shown and celebrated.
    let museum = kiosk.as_ref().map(|k| *k.get());
    // (A puzzle's game won is the puzzle's: its window says what comes next.)
    let fresh_game = if !anim.busy()
        && celebration.finished()
        && !game_review.open
        && mode.get() != Some(crate::game::Mode::Puzzle)
        && let Some(o) = s.outcome()
    {
        let top_bars = panels.0;
        result_panel(
            ctx,
            at,
            s,
            o,
            seats,
            museum,
            top_bars,
            &mut menu_choice,
            &mut go,
            &measured,
        )
    } else {
        None
    };
    if let Some(fresh) = fresh_game {
        go.start.write(StartGame::fresh(fresh, **seats));
    }
    Ok(())
}

/// How the prompts are laid out: the language, the window, and where a prompt stands
/// (above the records bar, never over its buttons).
#[derive(Clone, Copy)]
struct PromptFrame {
    tr: Tr,
    screen: egui::Rect,
    /// A short window (a phone held sideways, a kiosk at touch scale): the long
    /// prompts keep to a row of buttons beside the records bar; the status line says
    /// what is asked, and the board keeps the height.
    compact: bool,
    /// The prompts' anchor offset from the bottom centre.
    above_the_bar: [f32; 2],
}

/// The prompt of the decision a person is to make now, if it needs one: which move
/// (a pit with several), which direction, the set-up, the strip.
#[allow(clippy::too_many_arguments)]
fn decision_prompt(
    ctx: &egui::Context,
    at: PromptFrame,
    s: &GameState,
    choice: &mut Choice,
    draft: &mut ArrangeDraft,
    lot: &mut Lot,
    go: &mut PromptActions,
    measured: &mut MeasuredBars,
) {
    let PromptFrame {
        tr,
        compact,
        above_the_bar,
        ..
    } = at;
    let who = s.to_decide();
    let name = tr.player(who);
    match s.pending() {
        Pending::Turn if !choice.0.is_empty() => {
            let options = choice.0.clone();
            egui::Window::new(tr.t("prompt-which_move"))
                .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                .collapsible(false)
                .show(ctx, |ui| which_move_buttons(ui, tr, options, choice, go));
        }
        Pending::Direction(_) => {
            egui::Window::new(tr.f("prompt-direction", &[("player", &name)]))
                .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                .collapsible(false)
                .show(ctx, |ui| ui.horizontal(|ui| direction_buttons(ui, tr, go)));
        }
        Pending::Arrange => arrange_prompt(ctx, at, s, who, draft, lot, go, measured),
        // A short window's status line says what is asked; only stopping
        // needs a button.
        Pending::Strip { remaining } if compact && s.options().bonus_up_to_k => {
            let (at_corner, at) =
                super::corner(egui::Align2::LEFT_BOTTOM, [12.0, -12.0], tr.0.is_rtl());
            egui::Window::new(tr.f(
                "prompt-strip",
                &[("player", &name), ("remaining", remaining)],
            ))
            .title_bar(false)
            .resizable(false)
            .anchor(at_corner, at)
            .show(ctx, |ui| stop_strip_button(ui, tr, go));
        }
        Pending::Strip { .. } if compact => {}
        Pending::Strip { remaining } => {
            egui::Window::new(tr.f(
                "prompt-strip",
                &[("player", &name), ("remaining", remaining)],
            ))
            .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(tr.t("prompt-strip_how"));
                if s.options().bonus_up_to_k {
                    stop_strip_button(ui, tr, go);
                }
            });
        }
        _ => {}
    }
}

/// The set-up prompt: the player arranges seeds in the pits nearest them (the board
/// stands above this window), then is done, starts again, or takes the standard or a
/// random arrangement.
#[allow(clippy::too_many_arguments)]
fn arrange_prompt(
    ctx: &egui::Context,
    at: PromptFrame,
    s: &GameState,
    who: crate::rules::Player,
    draft: &mut ArrangeDraft,
    lot: &mut Lot,
    go: &mut PromptActions,
    measured: &mut MeasuredBars,
) {
    let PromptFrame {
        tr,
        screen,
        compact,
        above_the_bar,
    } = at;
    let name = tr.player(who);
    // The player arranges seeds in the pits nearest them: the board
    // stands above this window.
    let title = tr.f("prompt-arrange", &[("player", &name)]);
    let window = if compact {
        let rtl = tr.0.is_rtl();
        let records = ctx.memory(|m| m.area_rect(records_panel_id()));
        let room = if rtl {
            screen.right() - records.map_or(screen.left(), |r| r.right())
        } else {
            records.map_or(screen.right(), |r| r.left()) - screen.left()
        };
        let (at_corner, at) = super::corner(egui::Align2::LEFT_BOTTOM, [12.0, -12.0], rtl);
        egui::Window::new(title.clone())
            .title_bar(false)
            .resizable(false)
            .anchor(at_corner, at)
            .max_width((room - 48.0).max(200.0))
    } else {
        egui::Window::new(title.clone())
            .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
            .collapsible(false)
    };
    let (standard, random) = if compact {
        ("prompt-standard_short", "prompt-random_short")
    } else {
        ("prompt-standard", "prompt-random_arrangement")
    };
    let arranging = window.show(ctx, |ui| {
        // A short window's status line already says who arranges.
        if !compact {
            ui.label(tr.t("prompt-arrange_how"));
        }
        let labels = (standard, random);
        if compact {
            ui.horizontal(|ui| arrange_buttons(ui, tr, (s, who), labels, draft, lot, go));
        } else {
            ui.horizontal_wrapped(|ui| {
                arrange_buttons(ui, tr, (s, who), labels, draft, lot, go);
            });
        }
    });
    if let Some(window) = arranging {
        let covered = screen.bottom() - window.response.rect.top() + 8.0;
        measured.0.bottom = measured.0.bottom.max(covered);
    }
}

/// The moves a pit offers, one button each, and Cancel.
pub fn which_move_buttons(
    ui: &mut egui::Ui,
    tr: Tr,
    options: Vec<Decision>,
    choice: &mut Choice,
    go: &mut PromptActions,
) {
    for d in options {
        if ui.button(decision_label(tr, &d)).clicked() {
            choice.0.clear();
            go.play(d);
        }
    }
    if ui.button(tr.t("prompt-cancel")).clicked() {
        choice.0.clear();
    }
}

/// The two directions of Omweso's reverse capture, one button each.
pub fn direction_buttons(ui: &mut egui::Ui, tr: Tr, go: &mut PromptActions) {
    if ui.button(tr.t("prompt-ccw")).clicked() {
        go.play(Decision::Direction(Direction::Ccw));
    }
    if ui.button(tr.t("prompt-cw")).clicked() {
        go.play(Decision::Direction(Direction::Cw));
    }
}

/// Stop stripping (Nsolo's bonus strips, where the options allow stopping early).
pub fn stop_strip_button(ui: &mut egui::Ui, tr: Tr, go: &mut PromptActions) {
    let stop = ui
        .button(tr.t("prompt-stop_stripping"))
        .on_hover_text(tr.t("prompt-strip_how"));
    if stop.clicked() {
        go.play(Decision::EndStrip);
    }
}

/// The set-up's buttons for `who` in `s`: done, start again, the standard and a random
/// arrangement (`labels`: the keys of the last two, short or long).
pub fn arrange_buttons(
    ui: &mut egui::Ui,
    tr: Tr,
    (s, who): (&GameState, crate::rules::Player),
    (standard, random): (&'static str, &'static str),
    draft: &mut ArrangeDraft,
    lot: &mut Lot,
    go: &mut PromptActions,
) {
    let done = ui
        .button(tr.t("prompt-done"))
        .on_hover_text(tr.t("prompt-arrange_how"));
    crate::game::ui::buttons::note_button(ui.ctx(), "arrange:done", done.rect);
    if done.clicked() {
        let d = draft
            .decision(s)
            .unwrap_or_else(|| s.standard_arrangement(who));
        go.play(d);
    }
    if draft.pits.is_some() && ui.button(tr.t("prompt-start_again")).clicked() {
        *draft = ArrangeDraft::default();
        go.resync.write(crate::game::show::seeds::Resync);
    }
    // (A wrapping row breaks here.)
    ui.end_row();
    let standard = ui
        .button(tr.t(standard))
        .on_hover_text(tr.t("prompt-standard"));
    if standard.clicked() {
        go.play(s.standard_arrangement(who));
    }
    if ui.button(tr.t(random)).clicked() {
        let mut lot = Lot(lot.next_u64());
        if let Some(d) = random_decision(s, &mut lot) {
            go.play(d);
        }
    }
}

/// The result panel: between the bars, never over the scores it is about (below the
/// status and action bars, which end `top_bars` from the top edge, above the records
/// bar); what does not fit scrolls (a small window at a large text size). A short
/// window drops the title, which the heading repeats. Returns a new game of the same
/// kind when "Play again" was chosen.
#[allow(clippy::too_many_arguments)]
fn result_panel(
    ctx: &egui::Context,
    at: PromptFrame,
    s: &GameState,
    o: crate::rules::Outcome,
    seats: &crate::game::play::session::Seats,
    museum: Option<KioskPhase>,
    top_bars: f32,
    menu_choice: &mut MenuChoice,
    go: &mut PromptActions,
    measured: &MeasuredBars,
) -> Option<GameState> {
    let PromptFrame {
        tr,
        screen,
        compact,
        ..
    } = at;
    let mut fresh_game = None;
    // Between the bars, never over the scores it is about: below the status and
    // action bars, above the records bar; what does not fit scrolls (a small
    // window at a large text size). A short window drops the title, which the
    // heading repeats.
    let bottom = measured.0.bottom.max(12.0) + 8.0;
    let top = result_panel_top(ctx, top_bars, bottom);
    let room = screen.bottom() - top - bottom;
    egui::Window::new(tr.t("over-title"))
        .id(egui::Id::new(RESULT_PANEL))
        .anchor(egui::Align2::CENTER_TOP, [0.0, top - screen.top()])
        // Where the band is too short for it (a small window at a large text
        // size), it may reach over the records bar, never up over the scores.
        .constrain(false)
        .title_bar(!compact)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((room - 12.0).max(36.0))
                .show(ui, |ui| {
                    let result = match o.result {
                        GameResult::Win(p) => tr.f("over-wins", &[("player", &tr.player(p))]),
                        GameResult::Draw => tr.t("over-draw").to_string(),
                        GameResult::Annulled => tr.t("over-annulled").to_string(),
                    };
                    let why = tr.t(crate::content::i18n::reason_key(o.reason));
                    if compact {
                        // One paragraph, so that the buttons stay in sight.
                        ui.horizontal_wrapped(|ui| {
                            ui.strong(result);
                            ui.label(why);
                        });
                    } else {
                        ui.heading(result);
                        ui.label(why);
                    }
                    if s.game() == Game::Omweso {
                        ui.label(tr.f("over-points", &[("n", &o.points)]));
                        if let Some(m) = s.match_score() {
                            ui.label(tr.f(
                                "over-match",
                                &[("south", &m.points.south), ("north", &m.points.north)],
                            ));
                            if let Some(w) = m.winner {
                                ui.strong(tr.f("over-match_winner", &[("player", &tr.player(w))]));
                            }
                        }
                    }
                    // The buttons: in a short window all in one row that wraps.
                    ui.horizontal_wrapped(|ui| {
                        // The review: the whole of it at home, the three moments
                        // that decided it in a museum (not in the attract loop:
                        // nobody is there to see it).
                        let guided = museum.is_some();
                        let key = if guided {
                            "review-three_open"
                        } else {
                            "review-open"
                        };
                        if museum != Some(KioskPhase::Attract) {
                            let review = ui.button(tr.t(key));
                            crate::game::ui::buttons::note_button(ui.ctx(), "review", review.rect);
                            if review.clicked() {
                                go.review.write(OpenReview { guided });
                            }
                        }
                        if !compact {
                            ui.end_row();
                        }
                        if matches!(s.pending(), Pending::NextGame(_))
                            && seats.of(s.to_decide()) == Seat::Person
                            && ui.button(tr.t("over-next_game")).clicked()
                        {
                            go.play(Decision::NextGame);
                        }
                        // Online (a remote seat), the room's line offers a rematch instead.
                        let online = seats.south == Seat::Remote || seats.north == Seat::Remote;
                        if !online && ui.button(tr.t("over-play_again")).clicked() {
                            let mut options = *s.options();
                            options.seed = menu_choice.next_seed();
                            fresh_game = GameState::new(s.game(), options).ok();
                        }
                        if ui.button(tr.t("over-back_to_menu")).clicked() {
                            go.screen.set(AppState::Menu);
                        }
                    });
                });
        });
    fresh_game
}
