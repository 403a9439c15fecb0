//! The in-game interface (egui): the HUD, the prompts for mid-turn decisions, the
//! game-over panel, the seed counts and the move list. The menu is in `menu.rs`,
//! the rules, story and tutorial pages in `pages.rs`.

use super::animation::{Animation, Speed};
use super::board::{PitView, StoreView};
use super::camera::{MainCamera, ScreenBars};
use super::computer::{AskHint, ComputerPlayer, Hint};
use super::icons::{self, Icon};
use super::input::{ArrangeDraft, Choice, CountDisplay, HoveredPit, Table};
use super::kiosk::KioskPhase;
use super::language::Tr;
use super::pages::Page;
use super::records::{SaveGame, ShownGame, shown_counts, shown_state};
use super::session::{
    DecisionMade, History, LastMove, Notice, Redo, Replay, ReplayControl, Seat, StartGame, Undo,
    UndoPolicy, ViewPast, Viewing, undo_allowed,
};
use super::{AppState, CurrentGame, MenuChoice, Mode, Venue};
use crate::rules::{
    Decision, Direction, Game, GameResult, GameState, Lot, Pending, Player, random_decision,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// The interface plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    new_glyphs_in_their_own_frame(app);
    draw_after_the_board_is_rebuilt(app);
    app.init_resource::<super::title::Miniatures>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                // The attract loop draws its own captions and invitation.
                hud.run_if(not(in_state(KioskPhase::Attract))),
                // Above the records bar, which is measured first.
                prompts.after(records_panel),
                count_labels,
                // A lesson is not a game to take back, save or list.
                records_panel
                    .run_if(not(in_state(KioskPhase::Attract)))
                    .run_if(not(in_state(Mode::Lesson))),
            )
                .run_if(in_state(AppState::InGame))
                .in_set(super::DrawInterface),
        )
        .init_resource::<MeasuredBars>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                settle_bars.after(hud).after(records_panel).after(prompts),
                redraw_moved_windows.after(super::DrawInterface),
            ),
        );
}

/// The interface draws (bevy_egui runs [`EguiPrimaryContextPass`] inside
/// `EguiPostUpdateSet::EndPass`, in `PostUpdate`) only once the frame's entities
/// mirror the rules state: after a new game's board, seeds and look are rebuilt
/// ([`Rebuild`](super::Rebuild)), their transforms propagated and the camera's
/// viewport updated. bevy_egui leaves its pass unordered against the rest of
/// `PostUpdate`, and the executor happened to run it first: on the frame a smaller
/// board replaced a bigger one, the count badges read the new game's counts through
/// the old board's pits and panicked (issue 41).
pub fn draw_after_the_board_is_rebuilt(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::EndPass
            .after(super::Rebuild::Dress)
            .after(bevy::transform::TransformSystems::Propagate)
            .after(bevy::camera::CameraUpdateSystems),
    );
}

/// egui rasterises a glyph into its font texture the first time a text uses it, and
/// bevy_egui writes that change into the texture's image asset
/// (`update_egui_textures_system`). The renderer uploads an image only once its
/// change has become an asset event (`AssetEventSystems`), and bevy_egui 0.42 leaves
/// the two unordered: the events went first (in every run logged), so each new glyph
/// reached the screen a frame after the text that uses it, and that frame showed
/// words with letters missing ("orth to move"), plain to see in a browser's long
/// frames and in screenshots. Ordering the texture update first puts both in the
/// same frame.
pub fn new_glyphs_in_their_own_frame(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
}

/// egui places a window anchored at the window's right or bottom edge, or at its
/// centre, with the size the window had in the pass before. When one changed size in
/// this pass (a button came or went, a label grew), it was drawn out of place, and
/// for that frame each of its buttons could stand where a neighbour had been: a tap
/// meant for one would hit another (a browser frame can last seconds). This asks
/// egui for one more pass, which places it with its new size, so the misplaced
/// picture is never shown. Clicks were already read in the first pass, against what
/// was on screen.
fn redraw_moved_windows(
    mut contexts: EguiContexts,
    mut last: Local<Vec<(egui::LayerId, egui::Vec2)>>,
) -> Result {
    redraw_if_moved(contexts.ctx_mut()?, &mut last);
    Ok(())
}

/// Asks `ctx` for another pass when a window has changed size since `last`, the
/// sizes at the end of the pass before; keeps this pass's sizes in `last`. (egui
/// keeps no record of which windows are anchored, so any window counts: a window
/// that grows at its top left costs one extra pass, which is cheap.)
fn redraw_if_moved(ctx: &egui::Context, last: &mut Vec<(egui::LayerId, egui::Vec2)>) {
    let visible = ctx.memory(|m| m.areas().visible_layer_ids());
    let sizes: Vec<(egui::LayerId, egui::Vec2)> = visible
        .into_iter()
        .filter_map(|layer| {
            // Windows and popups; not the background or tooltips.
            let window = matches!(layer.order, egui::Order::Middle | egui::Order::Foreground);
            window.then_some((layer, egui::AreaState::load(ctx, layer.id)?.size?))
        })
        .collect();
    let moved = sizes.iter().any(|(layer, size)| {
        last.iter()
            .any(|(l, before)| l == layer && (*before - *size).length() > 0.5)
    });
    *last = sizes;
    if moved {
        ctx.request_discard("an anchored window changed size");
    }
}

/// The bars drawn this frame: how far they reach into the window from its top and
/// bottom edges (logical pixels).
#[derive(Resource, Default)]
struct MeasuredBars(ScreenBars);

/// Tells the camera what this frame's bars cover, and starts the next frame's count.
fn settle_bars(mut measured: ResMut<MeasuredBars>, mut bars: ResMut<ScreenBars>) {
    bars.set_if_neq(std::mem::take(&mut measured.0));
}

/// One line saying what happens now.
pub fn status_line(tr: Tr, game: &GameState) -> String {
    let who = tr.player(game.to_decide());
    match game.pending() {
        Pending::Over(o) | Pending::NextGame(o) => tr.outcome(o),
        Pending::Direction(_) => tr.f("status.direction", &[("player", &who)]),
        Pending::Strip { remaining } => tr.f_count(
            "status.strip",
            u64::from(*remaining),
            &[("player", &who), ("remaining", remaining)],
        ),
        Pending::Arrange => tr.f("status.arrange", &[("player", &who)]),
        Pending::Turn => tr.f("status.to_move", &[("player", &who)]),
    }
}

/// One side's tally in the HUD: Anywoli's store, the seeds on an Omweso side, or the
/// seeds a player has captured.
fn side_tally(tr: Tr, s: &GameState, shown: &crate::rules::Tableau, p: Player) -> String {
    let who = tr.player(p);
    match s.game() {
        Game::Anywoli => tr.f(
            "hud.store",
            &[("player", &who), ("n", &shown.stores[p as usize])],
        ),
        Game::Omweso => {
            let own: u32 = shown.pits[s.board().own_pits(p)]
                .iter()
                .map(|&n| n as u32)
                .sum();
            tr.f_count("hud.on_side", own.into(), &[("player", &who), ("n", &own)])
        }
        _ => tr.f(
            "hud.captured",
            &[("player", &who), ("n", &shown.captured[p as usize])],
        ),
    }
}

/// The games of a match so far, one line each (the match score's tooltip).
fn match_games(ui: &mut egui::Ui, tr: Tr, m: &crate::rules::MatchScore) {
    for (i, g) in m.games.iter().enumerate() {
        let r = match g.outcome.result {
            GameResult::Win(p) => format!("{} +{}", tr.player(p), g.outcome.points),
            GameResult::Draw => tr.t("hud.draw").to_string(),
            GameResult::Annulled => tr.t("hud.annulled").to_string(),
        };
        let why = tr.t(crate::content::i18n::reason_key(g.outcome.reason));
        ui.label(tr.f(
            "hud.match_game",
            &[("n", &(i + 1)), ("result", &r), ("why", &why)],
        ));
    }
}

/// A decision in words, for the choice prompt.
fn decision_label(tr: Tr, d: &Decision) -> String {
    match d {
        Decision::Sow(_) => tr.f("choice.sow", &[("move", d)]),
        Decision::Reverse(_) => tr.f("choice.reverse", &[("move", d)]),
        Decision::OpeningThree(_) => tr.f("choice.opening_three", &[("move", d)]),
        other => other.to_string(),
    }
}

/// The settings the HUD lets a player change during a game.
#[derive(SystemParam)]
struct HudSettings<'w, 's> {
    speed: ResMut<'w, Speed>,
    counts: ResMut<'w, CountDisplay>,
    volume: ResMut<'w, super::audio::SoundVolume>,
    view: ResMut<'w, super::camera::View>,
    tr: ResMut<'w, Tr>,
    access: ResMut<'w, super::access::Access>,
    /// Whether the settings window is open.
    open: Local<'s, bool>,
}

/// Where the HUD's buttons lead.
#[derive(SystemParam)]
struct HudActions<'w> {
    save: MessageWriter<'w, SaveGame>,
    page: ResMut<'w, NextState<Page>>,
    screen: ResMut<'w, NextState<AppState>>,
    menu_button: ResMut<'w, super::probe::MenuButtonAt>,
    online: MessageWriter<'w, super::online::OnlineRequest>,
}

/// What the bars show: the game and its last move, a notice, and where and how the
/// game is played (a kiosk, a lesson).
#[derive(SystemParam)]
struct HudShows<'w> {
    game: Res<'w, CurrentGame>,
    history: Res<'w, History>,
    viewing: Res<'w, Viewing>,
    last: Res<'w, LastMove>,
    notice: Res<'w, Notice>,
    done: Res<'w, super::session::Confirmation>,
    venue: Res<'w, State<Venue>>,
    mode: Res<'w, State<Mode>>,
    online: Option<Res<'w, super::online::OnlineGame>>,
}

fn hud(
    mut contexts: EguiContexts,
    shown: HudShows,
    mut anim: ResMut<Animation>,
    mut settings: HudSettings,
    mut go: HudActions,
    mut measured: ResMut<MeasuredBars>,
) -> Result {
    let HudShows {
        game,
        history,
        viewing,
        last,
        notice,
        done,
        venue,
        mode,
        online,
    } = shown;
    let in_tutorial = *mode.get() == Mode::Lesson;
    let kiosk = *venue.get() == Venue::Museum;
    // Edit copies: a resource changes only when its setting really does.
    let (mut speed, mut counts, mut volume) =
        (*settings.speed, *settings.counts, settings.volume.0);
    let mut north_seat = settings.view.north_seat;
    let (mut lang, mut look) = (*settings.tr, *settings.access);
    let access = look;
    let ctx = contexts.ctx_mut()?;
    let tr = lang;
    // The status panel tells of the position on the board: a past one while it is
    // viewed (the HUD's actions still act on the game itself).
    let s = &shown_state(&game.0, &history, *viewing).clone();
    let shown = shown_counts(&game.0, &history, *viewing, &anim).clone();
    let screen = ctx.content_rect();
    // A small window (a phone held sideways, a small kiosk screen) keeps the board
    // as large as it can: the action bar without its words (a narrower bar leaves the
    // status panel fewer rows), and the lines that come and go (the caption, the
    // banner) along the bottom edge rather than over the board.
    let words = screen.width() >= NARROW_WINDOW;
    let short = screen.height() < SHORT_WINDOW;
    // The HUD is two slim bars along the top edge, out of the board's way (the camera
    // keeps the band under them free: `camera::HUD_BAND`). On the right, what a
    // player can do; on the left, in the room that leaves, the game and its state.
    let actions = egui::Area::new(egui::Id::new("actions bar"))
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 10.0])
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(egui::Margin::symmetric(10, 8))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let rules = tr.t("hud.rules");
                        if icons::button(ui, Icon::Rules, words.then_some(rules), rules, false)
                            .clicked()
                        {
                            go.page.set(Page::Rules(s.game()));
                        }
                        let save = tr.t("hud.save");
                        if !kiosk && !in_tutorial {
                            let b =
                                icons::button(ui, Icon::Save, words.then_some(save), save, false);
                            super::buttons::note_button(ui.ctx(), "save", b.rect);
                            if b.clicked() {
                                go.save.write(SaveGame);
                            }
                        }
                        let open = *settings.open;
                        let name = tr.t("menu.settings");
                        let button = icons::button(ui, Icon::Settings, None, name, open);
                        super::buttons::note_button(ui.ctx(), "settings", button.rect);
                        if button.clicked() {
                            *settings.open = !open;
                        }
                        let word = tr.t("hud.menu_word");
                        let menu = icons::button(
                            ui,
                            Icon::Menu,
                            words.then_some(word),
                            tr.t("hud.menu"),
                            false,
                        );
                        let at = super::probe::MenuButtonAt::of(
                            menu.rect.center(),
                            ui.ctx().zoom_factor(),
                        );
                        go.menu_button.set_if_neq(at);
                        super::buttons::note_button(ui.ctx(), "menu", menu.rect);
                        if menu.clicked() {
                            go.screen.set(AppState::Menu);
                        }
                    });
                });
        })
        .response
        .rect;
    // Skip has a corner of its own: in the bar it came and went with every turn, and
    // an area anchored at the right is laid out with last frame's width, so for a
    // frame each button stood where its neighbour had been (a tap on Menu as a turn
    // began opened Settings). Where it ends, the bottom edge is free (a short
    // window's caption starts there).
    let mut bottom_free_from = screen.left() + 4.0;
    if anim.busy() {
        bottom_free_from = egui::Area::new(egui::Id::new("skip"))
            .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
            .show(ctx, |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(10, 8))
                    .show(ui, |ui| {
                        let word = tr.t("hud.skip_word");
                        if icons::button(ui, Icon::Skip, Some(word), tr.t("hud.skip"), false)
                            .clicked()
                        {
                            anim.skip();
                        }
                    });
            })
            .response
            .rect
            .right();
    }
    measured.0.top = measured.0.top.max(actions.bottom() - screen.top());
    let status_width = (actions.left() - screen.left() - 36.0).max(160.0);
    let status = egui::Area::new(egui::Id::new("status bar"))
        .anchor(egui::Align2::LEFT_TOP, [12.0, 10.0])
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    ui.set_max_width(status_width);
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(s.game().name()).heading());
                        ui.separator();
                        let now = match (&last.0, anim.busy()) {
                            (Some((who, _)), true) => {
                                tr.f("hud.moving", &[("player", &tr.player(*who))])
                            }
                            _ => status_line(tr, s),
                        };
                        ui.label(egui::RichText::new(now).strong());
                    });
                    ui.horizontal_wrapped(|ui| {
                        ui.label(side_tally(tr, s, &shown, Player::North));
                        ui.separator();
                        ui.label(side_tally(tr, s, &shown, Player::South));
                        if let Some(m) = s.match_score() {
                            ui.separator();
                            let score = ui.label(tr.f(
                                "hud.match_to",
                                &[
                                    ("target", &s.options().match_target),
                                    ("south", &m.points.south),
                                    ("north", &m.points.north),
                                ],
                            ));
                            if !m.games.is_empty() {
                                score.on_hover_ui(|ui| match_games(ui, tr, m));
                            }
                        }
                        if let Some((who, d)) = &last.0 {
                            ui.separator();
                            // In one piece: on a narrow panel it moves to the next
                            // row rather than breaking after "Last".
                            let text = tr.f(
                                "hud.last_move",
                                &[("player", &tr.player(*who)), ("move", d)],
                            );
                            ui.add(
                                egui::Label::new(egui::RichText::new(text).small())
                                    .wrap_mode(egui::TextWrapMode::Extend),
                            );
                        }
                    });
                    if let Some(room) = &online {
                        ui.horizontal_wrapped(|ui| {
                            if super::online::room_row(ui, &tr, room) {
                                go.online.write(super::online::OnlineRequest::Leave);
                            }
                        });
                    }
                    // The camera keeps the board below these rows; the lines
                    // that come and go (a banner, a notice) may cover its edge.
                    let rows = ui.min_rect().bottom() + 8.0 - screen.top();
                    measured.0.top = measured.0.top.max(rows);
                    if !short && let Some(b) = &anim.banner {
                        ui.strong(b);
                    }
                    if let Some(n) = &notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                    if let Some(said) = &done.text {
                        let colour = super::access::PALETTE.text.gamma_multiply(done.opacity());
                        ui.colored_label(colour, said);
                    }
                });
        })
        .response
        .rect;
    if *settings.open {
        // At any text size and window size the whole window is on the screen: what
        // does not fit scrolls (the wheel over it scrolls it, never the camera).
        let top = actions.bottom() + 8.0;
        let room = (screen.bottom() - top - 12.0).max(80.0);
        egui::Window::new(tr.t("menu.settings"))
            .id(egui::Id::new("settings window"))
            .anchor(egui::Align2::RIGHT_TOP, [-12.0, top - screen.top()])
            .resizable(false)
            .collapsible(false)
            .max_height(room)
            .max_width((screen.width() - 24.0).max(160.0))
            .open(&mut settings.open)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(room - 40.0)
                    .show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(tr.t("hud.speed"));
                            for sp in Speed::ALL {
                                ui.radio_value(&mut speed, sp, tr.t(speed_key(sp)));
                            }
                        });
                        super::access::slider(
                            ui,
                            egui::Slider::new(&mut volume, 0.0..=1.0).text(tr.t("hud.sound")),
                        );
                        super::access::checkbox(ui, &mut north_seat, tr.t("hud.north_seat"));
                        if !kiosk {
                            // On a touch screen there is no hover: counts always show there.
                            ui.horizontal_wrapped(|ui| {
                                ui.label(tr.t("hud.counts"));
                                ui.radio_value(
                                    &mut counts,
                                    CountDisplay::Always,
                                    tr.t("hud.always"),
                                );
                                ui.radio_value(
                                    &mut counts,
                                    CountDisplay::OnHover,
                                    tr.t("hud.on_hover"),
                                );
                                ui.radio_value(&mut counts, CountDisplay::Off, tr.t("hud.off"));
                            });
                        }
                        super::menu::settings_ui(ui, &mut lang, &mut look);
                    });
            });
    }
    // The step-by-step explanation, under the bars. In a short window the board fills
    // the height between the bars (the status panel's lines that come and go would
    // cover pits there), so the caption, else the latest banner, takes the stretch of
    // the bottom edge between Skip and the records bar (where it stood last frame).
    let bottom_line = match (&anim.caption, &anim.banner) {
        _ if !short => None,
        (Some(c), _) if access.explain => Some(egui::RichText::new(c).small().strong()),
        (_, Some(b)) => Some(egui::RichText::new(b).strong()),
        _ => None,
    };
    if let Some(text) = bottom_line {
        let records = ctx
            .memory(|m| m.area_rect(records_panel_id()))
            .map_or(screen.right(), |r| r.left());
        let left = bottom_free_from + 8.0;
        let width = (records - 8.0 - left).max(160.0);
        egui::Area::new(egui::Id::new("caption"))
            .anchor(egui::Align2::LEFT_BOTTOM, [left - screen.left(), -12.0])
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(8, 6))
                    .show(ui, |ui| {
                        ui.set_max_width(width - 16.0);
                        ui.label(text);
                    });
            });
    } else if access.explain
        && !short
        && let Some(c) = &anim.caption
    {
        egui::Area::new(egui::Id::new("caption"))
            .anchor(
                egui::Align2::CENTER_TOP,
                [0.0, status.bottom().max(actions.bottom()) + 8.0],
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_max_width(560.0);
                    ui.label(egui::RichText::new(c).strong());
                });
            });
    }
    settings.speed.set_if_neq(speed);
    settings.counts.set_if_neq(counts);
    if settings.volume.0 != volume {
        settings.volume.0 = volume;
    }
    if settings.view.north_seat != north_seat {
        settings.view.north_seat = north_seat;
    }
    settings.tr.set_if_neq(lang);
    settings.access.set_if_neq(look);
    Ok(())
}

/// Narrower windows (logical pixels) show the action bar's icons without words.
const NARROW_WINDOW: f32 = 760.0;
/// Shorter windows (logical pixels) show the caption (else the banner) along the
/// bottom edge: under the status panel it would cover the far row of pits. A kiosk
/// at 1.5x touch scale on a 1280x720 screen is 480 high.
const SHORT_WINDOW: f32 = 560.0;

/// What the prompts and the result panel can ask for.
#[derive(SystemParam)]
struct PromptActions<'w> {
    decide: MessageWriter<'w, DecisionMade>,
    start: MessageWriter<'w, StartGame>,
    resync: MessageWriter<'w, super::seeds::Resync>,
    screen: ResMut<'w, NextState<AppState>>,
}

/// What the prompts read and edit besides the table: the moves offered for a pit,
/// the set-up being arranged, the computer (for a random set-up's lot), the menu's
/// choice (the next game of a match), whether someone may decide now, the language
/// and the celebration (the result panel waits for it).
#[derive(SystemParam)]
struct PromptState<'w> {
    choice: ResMut<'w, Choice>,
    draft: ResMut<'w, ArrangeDraft>,
    computer: ResMut<'w, ComputerPlayer>,
    menu_choice: ResMut<'w, MenuChoice>,
    mode: super::CurrentMode<'w>,
    tr: Res<'w, Tr>,
    celebration: Res<'w, super::celebration::Celebration>,
}

/// The prompts of a person's mid-turn decisions (which move, which direction, the
/// set-up, the strip) and the result panel.
fn prompts(
    mut contexts: EguiContexts,
    table: Table,
    state: PromptState,
    mut go: PromptActions,
    mut measured: ResMut<MeasuredBars>,
) -> Result {
    let PromptState {
        mut choice,
        mut draft,
        mut computer,
        mut menu_choice,
        mode,
        tr,
        celebration,
    } = state;
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    let (seats, anim) = (&table.seats, &table.anim);
    let mut fresh_game = None;
    let s = &table.game.0;
    let person = mode.deciding() && table.persons_turn();
    let mut play = |d: Decision| go.decide.write(DecisionMade(d));
    // A prompt stands above the records bar, never over its buttons.
    let above_the_bar = [0.0, -(measured.0.bottom.max(12.0) + 8.0)];
    // A short window (a phone held sideways, a kiosk at touch scale) keeps the long
    // prompts to a row of buttons beside the records bar: the status line says what
    // is asked, and the board keeps the height.
    let screen = ctx.content_rect();
    let compact = screen.height() < SHORT_WINDOW;
    if person {
        let who = s.to_decide();
        let name = tr.player(who);
        match s.pending() {
            Pending::Turn if !choice.0.is_empty() => {
                let options = choice.0.clone();
                egui::Window::new(tr.t("prompt.which_move"))
                    .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                    .collapsible(false)
                    .show(ctx, |ui| {
                        for d in options {
                            if ui.button(decision_label(tr, &d)).clicked() {
                                choice.0.clear();
                                play(d);
                            }
                        }
                        if ui.button(tr.t("prompt.cancel")).clicked() {
                            choice.0.clear();
                        }
                    });
            }
            Pending::Direction(_) => {
                egui::Window::new(tr.f("prompt.direction", &[("player", &name)]))
                    .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.horizontal(|ui| {
                            if ui.button(tr.t("prompt.ccw")).clicked() {
                                play(Decision::Direction(Direction::Ccw));
                            }
                            if ui.button(tr.t("prompt.cw")).clicked() {
                                play(Decision::Direction(Direction::Cw));
                            }
                        });
                    });
            }
            Pending::Arrange => {
                // The player arranges seeds in the pits nearest them: the board
                // stands above this window.
                let title = tr.f("prompt.arrange", &[("player", &name)]);
                let window = if compact {
                    let records = ctx
                        .memory(|m| m.area_rect(records_panel_id()))
                        .map_or(screen.right(), |r| r.left());
                    egui::Window::new(title.clone())
                        .title_bar(false)
                        .resizable(false)
                        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
                        .max_width((records - screen.left() - 48.0).max(200.0))
                } else {
                    egui::Window::new(title.clone())
                        .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                        .collapsible(false)
                };
                let (standard, random) = if compact {
                    ("prompt.standard_short", "prompt.random_short")
                } else {
                    ("prompt.standard", "prompt.random_arrangement")
                };
                let arranging = window.show(ctx, |ui| {
                    // A short window's status line already says who arranges.
                    if !compact {
                        ui.label(tr.t("prompt.arrange_how"));
                    }
                    let mut buttons = |ui: &mut egui::Ui| {
                        let done = ui
                            .button(tr.t("prompt.done"))
                            .on_hover_text(tr.t("prompt.arrange_how"));
                        super::buttons::note_button(ui.ctx(), "arrange:done", done.rect);
                        if done.clicked() {
                            let d = draft
                                .decision(s)
                                .unwrap_or_else(|| s.standard_arrangement(who));
                            play(d);
                        }
                        if draft.pits.is_some() && ui.button(tr.t("prompt.start_again")).clicked() {
                            *draft = ArrangeDraft::default();
                            go.resync.write(super::seeds::Resync);
                        }
                        if !compact {
                            ui.end_row();
                        }
                        let standard = ui
                            .button(tr.t(standard))
                            .on_hover_text(tr.t("prompt.standard"));
                        if standard.clicked() {
                            play(s.standard_arrangement(who));
                        }
                        if ui.button(tr.t(random)).clicked() {
                            let mut lot = Lot(computer.lot.next_u64());
                            if let Some(d) = random_decision(s, &mut lot) {
                                play(d);
                            }
                        }
                    };
                    if compact {
                        ui.horizontal(|ui| buttons(ui));
                    } else {
                        ui.horizontal_wrapped(|ui| buttons(ui));
                    }
                });
                if let Some(window) = arranging {
                    let covered = screen.bottom() - window.response.rect.top() + 8.0;
                    measured.0.bottom = measured.0.bottom.max(covered);
                }
            }
            // A short window's status line says what is asked; only stopping
            // needs a button.
            Pending::Strip { remaining } if compact && s.options().bonus_up_to_k => {
                egui::Window::new(tr.f(
                    "prompt.strip",
                    &[("player", &name), ("remaining", remaining)],
                ))
                .title_bar(false)
                .resizable(false)
                .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
                .show(ctx, |ui| {
                    let stop = ui
                        .button(tr.t("prompt.stop_stripping"))
                        .on_hover_text(tr.t("prompt.strip_how"));
                    if stop.clicked() {
                        play(Decision::EndStrip);
                    }
                });
            }
            Pending::Strip { .. } if compact => {}
            Pending::Strip { remaining } => {
                egui::Window::new(tr.f(
                    "prompt.strip",
                    &[("player", &name), ("remaining", remaining)],
                ))
                .anchor(egui::Align2::CENTER_BOTTOM, above_the_bar)
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label(tr.t("prompt.strip_how"));
                    if s.options().bonus_up_to_k
                        && ui.button(tr.t("prompt.stop_stripping")).clicked()
                    {
                        play(Decision::EndStrip);
                    }
                });
            }
            _ => {}
        }
    }
    // The result panel, once the last move has been shown and celebrated.
    if !anim.busy()
        && celebration.finished()
        && let Some(o) = s.outcome()
    {
        egui::Window::new(tr.t("over.title"))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.heading(match o.result {
                    GameResult::Win(p) => tr.f("over.wins", &[("player", &tr.player(p))]),
                    GameResult::Draw => tr.t("over.draw").to_string(),
                    GameResult::Annulled => tr.t("over.annulled").to_string(),
                });
                ui.label(tr.t(crate::content::i18n::reason_key(o.reason)));
                if s.game() == Game::Omweso {
                    ui.label(tr.f("over.points", &[("n", &o.points)]));
                    if let Some(m) = s.match_score() {
                        ui.label(tr.f(
                            "over.match",
                            &[("south", &m.points.south), ("north", &m.points.north)],
                        ));
                        if let Some(w) = m.winner {
                            ui.strong(tr.f("over.match_winner", &[("player", &tr.player(w))]));
                        }
                    }
                }
                ui.horizontal(|ui| {
                    if matches!(s.pending(), Pending::NextGame(_))
                        && seats.of(s.to_decide()) == Seat::Person
                        && ui.button(tr.t("over.next_game")).clicked()
                    {
                        play(Decision::NextGame);
                    }
                    if ui.button(tr.t("over.play_again")).clicked() {
                        let mut options = *s.options();
                        options.seed = menu_choice.next_seed();
                        fresh_game = GameState::new(s.game(), options).ok();
                    }
                    if ui.button(tr.t("over.back_to_menu")).clicked() {
                        go.screen.set(AppState::Menu);
                    }
                });
            });
    }
    if let Some(fresh) = fresh_game {
        go.start.write(StartGame::fresh(fresh, **seats));
    }
    Ok(())
}

/// Seed counts over the pits and stores (always, on hover, or off), so that big
/// piles stay legible; while a turn is shown they follow the seeds as they land.
#[allow(clippy::type_complexity)]
fn count_labels(
    mut contexts: EguiContexts,
    shown_game: ShownGame,
    (display, hovered): (Res<CountDisplay>, Res<HoveredPit>),
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    pits: Query<(&PitView, &GlobalTransform)>,
    stores: Query<(&StoreView, &GlobalTransform)>,
) -> Result {
    if *display == CountDisplay::Off {
        return Ok(());
    }
    let Ok((camera, cam_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("seed counts"),
    ));
    // The counts of the position on the board (a past one while it is viewed).
    let (state, t) = (shown_game.state(), shown_game.counts());
    // The camera works in window points, egui in points divided by its zoom.
    let zoom = ctx.zoom_factor();
    // A badge sits on the rim of its pit nearest the viewer, clear of its seeds and
    // plainly its own pit's; it scales with the pits.
    let flat = |v: Vec3| Vec3::new(v.x, 0.0, v.z).normalize_or_zero();
    let right = flat(*cam_at.right());
    let toward = flat(*cam_at.back());
    let rim = toward * (crate::game::layout::PIT_RADIUS + 0.04);
    let to_screen = |at: Vec3| {
        camera
            .world_to_viewport(cam_at, at)
            .ok()
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
    };
    // The badge for `n` at `at`, drawn unless `crowded` and a two-digit badge would be
    // wider than the pits are apart (a long board in a small window: then only the
    // pit under the pointer shows its count).
    let badge = |at: Vec3, n: u32, offset: Vec3, crowded: bool| {
        let (Some(centre), Some(next), Some(p)) = (
            to_screen(at),
            to_screen(at + right * crate::game::layout::PIT_SPACING),
            to_screen(at + offset),
        ) else {
            return;
        };
        let apart = centre.distance(next);
        // Whole points only: every size is a set of glyphs in egui's font atlas, and a
        // size that followed the camera smoothly would fill it in a few seconds.
        let size = (apart * 0.25).round().clamp(9.0, 18.0);
        let pad = egui::vec2(size * 0.35, size * 0.12);
        let font = egui::FontId::proportional(size);
        if crowded {
            let widest = painter.layout_no_wrap("88".into(), font.clone(), egui::Color32::WHITE);
            if widest.size().x + 2.0 * pad.x > apart - 2.0 {
                return;
            }
        }
        let galley =
            painter.layout_no_wrap(n.to_string(), font, egui::Color32::from_rgb(250, 238, 214));
        // A pill, at least round.
        let mut extent = galley.size() + 2.0 * pad;
        extent.x = extent.x.max(extent.y);
        let rect = egui::Rect::from_center_size(p, extent);
        painter.rect_filled(
            rect,
            rect.height() / 2.0,
            egui::Color32::from_rgba_unmultiplied(34, 20, 12, 215),
        );
        painter.galley(
            rect.center() - galley.size() / 2.0,
            galley,
            egui::Color32::WHITE,
        );
    };
    for (view, at) in &pits {
        let hovered = hovered.0 == Some(view.pit);
        let show = *display == CountDisplay::Always || hovered;
        // A pit of another board has no count here (see `PitView::index_on`).
        let count = view.index_on(state).and_then(|i| t.pits.get(i));
        if let (true, Some(&n)) = (show, count) {
            badge(at.translation(), n as u32, rim, !hovered);
        }
    }
    for (store, at) in &stores {
        badge(
            at.translation(),
            t.stores[store.0 as usize],
            toward * 1.15,
            false,
        );
    }
    Ok(())
}

/// What the records panel shows: the history, a replay, the past position viewed.
#[derive(SystemParam)]
struct Records<'w> {
    history: Res<'w, History>,
    replay: Res<'w, Replay>,
    viewing: Res<'w, Viewing>,
    policy: Res<'w, UndoPolicy>,
    hint: Res<'w, Hint>,
}

/// What the records panel can ask for.
#[derive(SystemParam)]
struct RecordActions<'w> {
    undo: MessageWriter<'w, Undo>,
    redo: MessageWriter<'w, Redo>,
    view: MessageWriter<'w, ViewPast>,
    replay: MessageWriter<'w, ReplayControl>,
    hint: MessageWriter<'w, AskHint>,
}

/// The records panel's egui id (the caption of a short window keeps clear of it).
fn records_panel_id() -> egui::Id {
    egui::Id::new("records panel")
}

/// Undo and redo, the move list with past positions, and replay controls.
fn records_panel(
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
    let (history, replay, viewing) = (&r.history, &r.replay, &r.viewing);
    let undo_ok = undo_allowed(&game.0, *r.policy);
    // Compact, in the corner: no title bar over the buttons, and one row of them
    // (what else shows, the viewed position and the list, the player asked for).
    let mut row_height = 0.0;
    egui::Window::new(tr.t("moves.title"))
        .id(records_panel_id())
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .title_bar(false)
        .resizable(false)
        .show(ctx, |ui| {
            if *mode.get() == Mode::Watch {
                row_height = ui
                    .horizontal(|ui| {
                        ui.label(tr.f(
                            "moves.watching",
                            &[("n", &replay.next), ("total", &replay.decisions.len())],
                        ));
                        let back = tr.t("moves.step_back");
                        if icons::button(ui, Icon::StepBack, None, back, false).clicked() {
                            go.replay.write(ReplayControl::Back);
                        }
                        let (icon, name) = if replay.playing {
                            (Icon::Pause, tr.t("moves.pause"))
                        } else {
                            (Icon::Play, tr.t("moves.play"))
                        };
                        if icons::button(ui, icon, None, name, false).clicked() {
                            go.replay.write(ReplayControl::Playing(!replay.playing));
                        }
                        let step = tr.t("moves.step");
                        if !replay.playing
                            && replay.next < replay.decisions.len()
                            && icons::button(ui, Icon::Step, None, step, false).clicked()
                        {
                            ui.ctx().request_repaint();
                            go.replay.write(ReplayControl::Forward { animate: false });
                        }
                        let stop = tr.t("moves.stop_watching");
                        if icons::button(ui, Icon::Stop, None, stop, false).clicked() {
                            go.replay.write(ReplayControl::Stop);
                        }
                    })
                    .response
                    .rect
                    .height();
                return;
            }
            row_height = ui
                .horizontal(|ui| {
                    let can_undo = undo_ok && !history.before.is_empty();
                    let undo = ui.add_enabled_ui(can_undo, |ui| {
                        icons::button(ui, Icon::Undo, None, tr.t("moves.undo"), false)
                    });
                    super::buttons::note_button(ui.ctx(), "undo", undo.inner.rect);
                    if undo.inner.clicked() {
                        go.undo.write(Undo);
                    }
                    let can_redo = undo_ok && !history.redo.is_empty();
                    let redo = ui.add_enabled_ui(can_redo, |ui| {
                        icons::button(ui, Icon::Redo, None, tr.t("moves.redo"), false)
                    });
                    if redo.inner.clicked() {
                        go.redo.write(Redo);
                    }
                    // Hint keeps its place (shown disabled while seeds move, the
                    // computer thinks or a hint is shown), so that no button moves
                    // under a finger; the hint itself shows above the row.
                    if *mode.get() == Mode::Play && !table.seats.against_remote() {
                        let hint = tr.t("moves.hint");
                        let can_ask = table.persons_turn()
                            && !r.hint.thinking()
                            && r.hint.for_state(&game.0).is_none();
                        let ask = ui.add_enabled_ui(can_ask, |ui| {
                            icons::button(ui, Icon::Hint, Some(hint), hint, false)
                        });
                        super::buttons::note_button(ui.ctx(), "hint", ask.inner.rect);
                        if ask.inner.clicked() {
                            go.hint.write(AskHint);
                        }
                    }
                    let name = if *open {
                        tr.t("moves.hide_list")
                    } else {
                        tr.t("moves.list")
                    };
                    let word = tr.t("moves.title");
                    let list = icons::button(ui, Icon::MoveList, Some(word), name, *open);
                    super::buttons::note_button(ui.ctx(), "moves", list.rect);
                    if list.clicked() {
                        *open = !*open;
                    }
                })
                .response
                .rect
                .height();
            if let Some(n) = viewing.0 {
                ui.strong(tr.f("moves.showing", &[("n", &(n + 1))]));
                let back = ui.button(tr.t("moves.back_to_game"));
                super::buttons::note_button(ui.ctx(), "back_to_game", back.rect);
                if back.clicked() {
                    go.view.write(ViewPast(None));
                }
            }
            let played = history.record.as_ref().filter(|r| !r.decisions.is_empty());
            if *open && played.is_none() {
                ui.label(
                    egui::RichText::new(tr.t("moves.none")).color(super::access::PALETTE.muted),
                );
            }
            if *open && let Some(rec) = played {
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for (i, d) in rec.decisions.iter().enumerate() {
                            let who = history
                                .before
                                .get(i)
                                .map(|s| tr.player(s.to_decide()).to_string())
                                .unwrap_or_default();
                            let selected = viewing.0 == Some(i);
                            let line =
                                ui.selectable_label(selected, format!("{}. {who} {d}", i + 1));
                            super::buttons::note_button(ui.ctx(), &format!("move:{i}"), line.rect);
                            if line.clicked() {
                                go.view.write(ViewPast(Some(i)));
                            }
                        }
                    });
            }
        });
    // The hint (or that one is being worked out) stands above the panel, out of its
    // row.
    let hint_line = match (*mode.get() == Mode::Play, r.hint.thinking()) {
        (false, _) => None,
        (true, true) => Some(egui::RichText::new(tr.t("moves.thinking"))),
        (true, false) => r
            .hint
            .for_state(&game.0)
            .map(|d| egui::RichText::new(tr.f("moves.hint_is", &[("move", d)])).strong()),
    };
    if let (Some(text), Some(panel)) = (hint_line, ctx.memory(|m| m.area_rect(records_panel_id())))
    {
        let screen = ctx.content_rect();
        egui::Area::new(egui::Id::new("hint line"))
            .anchor(
                egui::Align2::RIGHT_BOTTOM,
                [-12.0, -(screen.bottom() - panel.top() + 6.0)],
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(10, 6))
                    .show(ui, |ui| {
                        ui.label(text);
                    });
            });
    }
    // The camera keeps the board above the row of buttons.
    let margin = ctx.global_style().spacing.window_margin.sum().y;
    measured.0.bottom = measured.0.bottom.max(12.0 + row_height + margin);
    Ok(())
}

/// The key of an animation speed's name.
pub fn speed_key(s: Speed) -> &'static str {
    match s {
        Speed::Slow => "speed.slow",
        Speed::Normal => "speed.normal",
        Speed::Fast => "speed.fast",
        Speed::Instant => "speed.instant",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a bar anchored at the bottom right holding `buttons` buttons;
    /// returns where the last button was drawn (its right edge) in the pass shown.
    fn bar_frame(
        ctx: &egui::Context,
        buttons: usize,
        settle: bool,
        last: &mut Vec<(egui::LayerId, egui::Vec2)>,
    ) -> f32 {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            ..Default::default()
        };
        let mut right = 0.0;
        let output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            egui::Window::new("bar")
                .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
                .title_bar(false)
                .resizable(false)
                .show(&ctx, |ui| {
                    ui.horizontal(|ui| {
                        for i in 0..buttons {
                            right = ui.button(format!("button {i}")).rect.right();
                        }
                    });
                });
            if settle {
                redraw_if_moved(&ctx, last);
            }
        });
        output.drop_without_applying_deltas();
        right
    }

    #[test]
    fn a_bar_that_grows_is_never_shown_out_of_place() {
        for settle in [false, true] {
            let ctx = egui::Context::default();
            let mut last = Vec::new();
            // Two frames to settle in, then a button more.
            bar_frame(&ctx, 2, settle, &mut last);
            let before = bar_frame(&ctx, 2, settle, &mut last);
            let grown = bar_frame(&ctx, 3, settle, &mut last);
            let after = bar_frame(&ctx, 3, settle, &mut last);
            assert!((before - after).abs() < 1.0, "{before} vs {after}");
            if settle {
                // The last button stays at the bar's right end in every frame shown.
                assert!((grown - after).abs() < 1.0, "{grown} vs {after}");
            } else {
                // Without the extra pass egui draws the grown bar where the smaller
                // one stood (pushed back only as far as the window's edge), so for
                // one frame its buttons stand out of place: the fault this guards
                // against.
                assert!((grown - after).abs() > 8.0, "{grown} vs {after}");
            }
        }
    }
}
