//! The in-game interface (egui): the HUD, the prompts for mid-turn decisions, the
//! game-over panel, the seed counts and the move list. The menu is in `ui/menu.rs`,
//! the rules, story and tutorial pages in `ui/pages.rs`.

use super::icons::{self, Icon};
use super::language::Tr;
use super::pages::Page;
use crate::game::play::input::CountDisplay;
use crate::game::play::records::{SaveGame, shown_counts, shown_state};
use crate::game::play::session::{History, LastMove, Notice, Viewing};
use crate::game::shared::KioskPhase;
use crate::game::shared::SkipAnimation;
use crate::game::show::animation::{Animation, Speed};
use crate::game::show::camera::ScreenBars;
use crate::game::{AppState, AtATable, CurrentGame, Mode, Venue};
use crate::rules::{Game, GameResult, GameState, Pending, Player};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

mod badges;
mod prompts;
mod records_bar;
mod review_panel;
pub mod room;
mod status;
use status::status_panel;
pub use status::{side_tally, status_line};

use badges::count_labels;
pub use prompts::RESULT_PANEL;
use prompts::prompts;
pub use prompts::{
    PromptActions, arrange_buttons, direction_buttons, stop_strip_button, which_move_buttons,
};
use records_bar::{records_panel, records_panel_id};
use review_panel::review_panel;

/// The interface plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        // egui lives on the window's own interface camera (`show::camera::ScreenCamera`),
        // not on the first camera spawned, which is the scene's.
        .insert_resource(bevy_egui::EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        });
    new_glyphs_in_their_own_frame(app);
    draw_after_the_board_is_rebuilt(app);
    app.init_resource::<super::title::Miniatures>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                // The attract loop draws its own captions and invitation; at a
                // touch table each side has a panel of its own (`venue::table`).
                hud.run_if(not(in_state(KioskPhase::Attract)))
                    .run_if(not(resource_exists::<AtATable>)),
                // Above the records bar and below the status and action bars,
                // which are measured first.
                prompts
                    .after(records_panel)
                    .after(hud)
                    .run_if(not(resource_exists::<AtATable>)),
                count_labels,
                // A lesson is not a game to take back, save or list; the review has
                // its own list.
                records_panel
                    .run_if(not(in_state(KioskPhase::Attract)))
                    .run_if(not(in_state(Mode::Lesson)))
                    .run_if(not(in_state(Mode::Puzzle)))
                    .run_if(not(resource_exists::<AtATable>))
                    .run_if(not(crate::game::play::review::review_open)),
                review_panel,
            )
                .run_if(in_state(AppState::InGame))
                .in_set(crate::game::DrawInterface),
        )
        .init_resource::<MeasuredBars>()
        .init_resource::<TopPanelsBottom>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                // After every panel that measures itself (a touch table's too).
                settle_bars.after(crate::game::DrawInterface),
                redraw_moved_windows.after(crate::game::DrawInterface),
            ),
        );
}

/// The interface draws (bevy_egui runs [`EguiPrimaryContextPass`] inside
/// `EguiPostUpdateSet::EndPass`, in `PostUpdate`) only once the frame's entities
/// mirror the rules state: after a new game's board, seeds and look are rebuilt
/// ([`Rebuild`](crate::game::Rebuild)), their transforms propagated and the camera's
/// viewport updated. bevy_egui leaves its pass unordered against the rest of
/// `PostUpdate`, and the executor happened to run it first: on the frame a smaller
/// board replaced a bigger one, the count badges read the new game's counts through
/// the old board's pits and panicked (issue 41).
pub fn draw_after_the_board_is_rebuilt(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::EndPass
            .after(crate::game::Rebuild::Dress)
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

/// The egui id of the status bar (the game, what happens now, the scores), at the
/// top left.
pub const STATUS_BAR: &str = "status bar";

/// The egui id of the action bar (rules, save, settings, menu), at the top right.
pub const ACTIONS_BAR: &str = "actions bar";

/// Where the status and action bars end this frame, all their rows included (egui
/// points from the window's top edge): the result panel stands below.
#[derive(Resource, Default)]
struct TopPanelsBottom(f32);

/// The bars drawn this frame: how far they reach into the window from its top and
/// bottom edges (logical pixels).
#[derive(Resource, Default)]
pub struct MeasuredBars(pub ScreenBars);

/// Tells the camera what this frame's bars cover, and starts the next frame's count.
fn settle_bars(mut measured: ResMut<MeasuredBars>, mut bars: ResMut<ScreenBars>) {
    bars.set_if_neq(std::mem::take(&mut measured.0));
}

/// A corner of the screen as the reading direction has it: in a right-to-left
/// language the panels swap sides (left for right, the offset's x turned), so that
/// what comes first in reading stands where the reader starts. The board does not
/// turn.
pub(crate) fn corner(align: egui::Align2, offset: [f32; 2], rtl: bool) -> (egui::Align2, [f32; 2]) {
    if !rtl {
        return (align, offset);
    }
    let x = match align.x() {
        egui::Align::Min => egui::Align::Max,
        egui::Align::Max => egui::Align::Min,
        centre => centre,
    };
    (egui::Align2([x, align.y()]), [-offset[0], offset[1]])
}

/// A button of a bar, drawn into the bar's row.
pub(crate) type RowButton<'a> = Box<dyn FnOnce(&mut egui::Ui) + 'a>;

/// Draws a bar's buttons in reading order: from the right in a right-to-left language,
/// in the order they run from the left otherwise. (egui lays a row out from the left;
/// turning the row itself would stretch an auto-sized bar to the screen's width.)
pub(crate) fn in_reading_order(ui: &mut egui::Ui, rtl: bool, mut buttons: Vec<RowButton>) {
    if rtl {
        buttons.reverse();
    }
    for button in buttons {
        button(ui);
    }
}

/// The settings the HUD lets a player change during a game.
#[derive(SystemParam)]
struct HudSettings<'w, 's> {
    speed: ResMut<'w, Speed>,
    counts: ResMut<'w, CountDisplay>,
    volume: ResMut<'w, crate::game::show::audio::SoundVolume>,
    view: ResMut<'w, crate::game::show::camera::View>,
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
    menu_button: ResMut<'w, super::buttons::MenuButtonAt>,
    online: MessageWriter<'w, crate::game::shared::OnlineRequest>,
    skip: MessageWriter<'w, SkipAnimation>,
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
    done: Res<'w, crate::game::play::session::Confirmation>,
    venue: Res<'w, State<Venue>>,
    mode: Res<'w, State<Mode>>,
    online: Option<Res<'w, room::RoomLine>>,
}

/// What every part of the HUD is laid out by: the language, the window and where the
/// game is played.
#[derive(Clone, Copy)]
struct HudFrame {
    tr: Tr,
    screen: egui::Rect,
    /// The action bar's buttons with their words (not in a narrow window).
    words: bool,
    /// A short window: the lines that come and go run along the bottom edge.
    short: bool,
    rtl: bool,
    kiosk: bool,
    /// A lesson or a puzzle: nothing to save.
    in_tutorial: bool,
}

/// The settings window's values, edited as copies: a resource changes only when its
/// setting really does.
struct SettingsEdits {
    speed: Speed,
    counts: CountDisplay,
    volume: f32,
    north_seat: bool,
    lang: Tr,
    look: super::access::Access,
}

fn hud(
    mut contexts: EguiContexts,
    shown: HudShows,
    anim: Res<Animation>,
    mut settings: HudSettings,
    mut go: HudActions,
    (mut measured, mut panels): (ResMut<MeasuredBars>, ResMut<TopPanelsBottom>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tr = *settings.tr;
    let screen = ctx.content_rect();
    // A small window (a phone held sideways, a small kiosk screen) keeps the board
    // as large as it can: the action bar without its words (a narrower bar leaves the
    // status panel fewer rows), and the lines that come and go (the caption, the
    // banner) along the bottom edge rather than over the board.
    let at = HudFrame {
        tr,
        screen,
        words: screen.width() >= NARROW_WINDOW,
        short: screen.height() < SHORT_WINDOW,
        rtl: tr.0.is_rtl(),
        kiosk: *shown.venue.get() == Venue::Museum,
        in_tutorial: matches!(*shown.mode.get(), Mode::Lesson | Mode::Puzzle),
    };
    // The status panel tells of the position on the board: a past one while it is
    // viewed (the HUD's actions still act on the game itself).
    let s = &shown_state(&shown.game.0, &shown.history, *shown.viewing).clone();
    // The HUD is two slim bars along the top edge, out of the board's way (the camera
    // keeps the band under them free: `camera::HUD_BAND`). On the right, what a
    // player can do; on the left, in the room that leaves, the game and its state.
    let actions = actions_bar(ctx, at, s, &mut go, &mut settings.open);
    // Where Skip ends, the bottom edge is free (a short window's caption starts
    // there). (In a right-to-left language Skip is at the right, and the free edge
    // runs from the records bar at the left up to it.)
    let bottom_free_from = match skip_corner(ctx, at, &anim, &mut go.skip) {
        Some(skip) if at.rtl => skip.left(),
        Some(skip) => skip.right(),
        None if at.rtl => screen.right() - 4.0,
        None => screen.left() + 4.0,
    };
    measured.0.top = measured.0.top.max(actions.bottom() - screen.top());
    let status = status_panel(ctx, at, s, actions, &shown, &anim, &mut go, &mut measured);
    let under_bars = status.bottom().max(actions.bottom());
    panels.0 = under_bars - screen.top();
    let mut edits = SettingsEdits {
        speed: *settings.speed,
        counts: *settings.counts,
        volume: settings.volume.0,
        north_seat: settings.view.north_seat,
        lang: *settings.tr,
        look: *settings.access,
    };
    if *settings.open {
        settings_window(
            ctx,
            at,
            actions.bottom() + 8.0,
            &mut settings.open,
            &mut edits,
        );
    }
    caption(
        ctx,
        at,
        &anim,
        settings.access.explain,
        bottom_free_from,
        under_bars,
    );
    settings.speed.set_if_neq(edits.speed);
    settings.counts.set_if_neq(edits.counts);
    if settings.volume.0 != edits.volume {
        settings.volume.0 = edits.volume;
    }
    if settings.view.north_seat != edits.north_seat {
        settings.view.north_seat = edits.north_seat;
    }
    settings.tr.set_if_neq(edits.lang);
    settings.access.set_if_neq(edits.look);
    Ok(())
}

/// The bar of what a player can do, at the top edge's far end from where reading
/// starts: rules, save, settings, menu (in reading order). Returns where it is.
fn actions_bar(
    ctx: &egui::Context,
    at: HudFrame,
    s: &GameState,
    go: &mut HudActions,
    open: &mut bool,
) -> egui::Rect {
    let HudFrame { tr, words, .. } = at;
    let (actions_corner, actions_at) = corner(egui::Align2::RIGHT_TOP, [-12.0, 10.0], at.rtl);
    egui::Area::new(egui::Id::new(ACTIONS_BAR))
        .anchor(actions_corner, actions_at)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(egui::Margin::symmetric(10, 8))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let mut buttons: Vec<RowButton> = Vec::new();
                        let page = &mut go.page;
                        buttons.push(Box::new(move |ui| {
                            let rules = tr.t("hud-rules");
                            let b = icons::button(
                                ui,
                                Icon::Rules,
                                words.then_some(rules),
                                rules,
                                false,
                            );
                            super::buttons::note_button(ui.ctx(), "rules", b.rect);
                            if b.clicked() {
                                page.set(Page::Rules(s.game()));
                            }
                        }));
                        if !at.kiosk && !at.in_tutorial {
                            let save = &mut go.save;
                            buttons.push(Box::new(move |ui| {
                                let word = tr.t("hud-save");
                                let b = icons::button(
                                    ui,
                                    Icon::Save,
                                    words.then_some(word),
                                    word,
                                    false,
                                );
                                super::buttons::note_button(ui.ctx(), "save", b.rect);
                                if b.clicked() {
                                    save.write(SaveGame);
                                }
                            }));
                        }
                        buttons.push(Box::new(move |ui| {
                            let shown = *open;
                            let name = tr.t("menu-settings");
                            let button = icons::button(ui, Icon::Settings, None, name, shown);
                            super::buttons::note_button(ui.ctx(), "settings", button.rect);
                            if button.clicked() {
                                *open = !shown;
                            }
                        }));
                        let (menu_button, screen) = (&mut go.menu_button, &mut go.screen);
                        buttons.push(Box::new(move |ui| {
                            let word = tr.t("hud-menu_word");
                            let menu = icons::button(
                                ui,
                                Icon::Menu,
                                words.then_some(word),
                                tr.t("hud-menu"),
                                false,
                            );
                            let at = super::buttons::MenuButtonAt::of(
                                menu.rect.center(),
                                ui.ctx().zoom_factor(),
                            );
                            menu_button.set_if_neq(at);
                            super::buttons::note_button(ui.ctx(), "menu", menu.rect);
                            if menu.clicked() {
                                screen.set(AppState::Menu);
                            }
                        }));
                        in_reading_order(ui, at.rtl, buttons);
                    });
                });
        })
        .response
        .rect
}

/// Skip, while seeds move, in a corner of its own: in the bar it came and went with
/// every turn, and an area anchored at the right is laid out with last frame's width,
/// so for a frame each button stood where its neighbour had been (a tap on Menu as a
/// turn began opened Settings). Returns where it is, if shown.
fn skip_corner(
    ctx: &egui::Context,
    at: HudFrame,
    anim: &Animation,
    skip: &mut MessageWriter<SkipAnimation>,
) -> Option<egui::Rect> {
    if !anim.busy() {
        return None;
    }
    let tr = at.tr;
    let (skip_corner, skip_at) = corner(egui::Align2::LEFT_BOTTOM, [12.0, -12.0], at.rtl);
    let skip = egui::Area::new(egui::Id::new("skip"))
        .anchor(skip_corner, skip_at)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(egui::Margin::symmetric(10, 8))
                .show(ui, |ui| {
                    let word = tr.t("hud-skip_word");
                    let button = icons::button(ui, Icon::Skip, Some(word), tr.t("hud-skip"), false);
                    super::buttons::note_button(ui.ctx(), "skip", button.rect);
                    if button.clicked() {
                        skip.write(SkipAnimation);
                    }
                });
        });
    Some(skip.response.rect)
}

/// The settings window, from `top` (egui points) down at the action bar's end: speed,
/// sound, North's seat, counts, language and the interface. At any text size and
/// window size the whole window is on the screen: what does not fit scrolls (the
/// wheel over it scrolls it, never the camera).
fn settings_window(
    ctx: &egui::Context,
    at: HudFrame,
    top: f32,
    open: &mut bool,
    edits: &mut SettingsEdits,
) {
    let HudFrame { tr, screen, .. } = at;
    let room = (screen.bottom() - top - 12.0).max(80.0);
    let (settings_corner, settings_at) =
        corner(egui::Align2::RIGHT_TOP, [-12.0, top - screen.top()], at.rtl);
    egui::Window::new(tr.t("menu-settings"))
        .id(egui::Id::new("settings window"))
        .anchor(settings_corner, settings_at)
        .resizable(false)
        .collapsible(false)
        .max_height(room)
        .max_width((screen.width() - 24.0).max(160.0))
        .open(open)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(room - 40.0)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(tr.t("hud-speed"));
                        for sp in Speed::ALL {
                            ui.radio_value(&mut edits.speed, sp, tr.t(speed_key(sp)));
                        }
                    });
                    super::access::slider(
                        ui,
                        egui::Slider::new(&mut edits.volume, 0.0..=1.0).text(tr.t("hud-sound")),
                    );
                    super::access::checkbox(ui, &mut edits.north_seat, tr.t("hud-north_seat"));
                    if !at.kiosk {
                        // On a touch screen there is no hover: counts always show there.
                        ui.horizontal_wrapped(|ui| {
                            ui.label(tr.t("hud-counts"));
                            let counts = &mut edits.counts;
                            ui.radio_value(counts, CountDisplay::Always, tr.t("hud-always"));
                            ui.radio_value(counts, CountDisplay::OnHover, tr.t("hud-on_hover"));
                            ui.radio_value(counts, CountDisplay::Off, tr.t("hud-off"));
                        });
                    }
                    super::menu::settings_ui(ui, &mut edits.lang, &mut edits.look);
                });
        });
}

/// The step-by-step explanation. Under the bars (from `under_bars` down); in a short
/// window the board fills the height between the bars (the status panel's lines that
/// come and go would cover pits there), so the caption, else the latest banner, takes
/// the stretch of the bottom edge between Skip (`bottom_free_from`) and the records
/// bar (where it stood last frame).
fn caption(
    ctx: &egui::Context,
    at: HudFrame,
    anim: &Animation,
    explain: bool,
    bottom_free_from: f32,
    under_bars: f32,
) {
    let HudFrame { tr, screen, .. } = at;
    let bottom_line = match (&anim.caption, &anim.banner) {
        _ if !at.short => None,
        (Some(c), _) if explain => Some(egui::RichText::new(tr.line(c.clone())).small().strong()),
        (_, Some(b)) => Some(egui::RichText::new(tr.line(b.clone())).strong()),
        _ => None,
    };
    if let Some(text) = bottom_line {
        let records = ctx.memory(|m| m.area_rect(records_panel_id()));
        // From the free end of the bottom edge to the records bar.
        let (width, caption_corner, caption_at) = if at.rtl {
            let records = records.map_or(screen.left(), |r| r.right());
            let right = bottom_free_from - 8.0;
            let at = [right - screen.right(), -12.0];
            (
                (right - 8.0 - records).max(160.0),
                egui::Align2::RIGHT_BOTTOM,
                at,
            )
        } else {
            let records = records.map_or(screen.right(), |r| r.left());
            let left = bottom_free_from + 8.0;
            let at = [left - screen.left(), -12.0];
            (
                (records - 8.0 - left).max(160.0),
                egui::Align2::LEFT_BOTTOM,
                at,
            )
        };
        egui::Area::new(egui::Id::new("caption"))
            .anchor(caption_corner, caption_at)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(8, 6))
                    .show(ui, |ui| {
                        ui.set_max_width(width - 16.0);
                        ui.label(text);
                    });
            });
    } else if explain
        && !at.short
        && let Some(c) = &anim.caption
    {
        egui::Area::new(egui::Id::new("caption"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, under_bars + 8.0])
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_max_width(560.0);
                    if tr.0.is_rtl() {
                        tr.paragraph(ui, c);
                    } else {
                        ui.label(egui::RichText::new(c).strong());
                    }
                });
            });
    }
}

/// Narrower windows (logical pixels) show the action bar's icons without words.
const NARROW_WINDOW: f32 = 760.0;
/// Shorter windows (logical pixels) show the caption (else the banner) along the
/// bottom edge: under the status panel it would cover the far row of pits. A kiosk
/// at 1.5x touch scale on a 1280x720 screen is 480 high.
pub(super) const SHORT_WINDOW: f32 = 560.0;

/// The key of an animation speed's name.
pub fn speed_key(s: Speed) -> &'static str {
    match s {
        Speed::Slow => "speed-slow",
        Speed::Normal => "speed-normal",
        Speed::Fast => "speed-fast",
        Speed::Instant => "speed-instant",
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

    #[test]
    fn panels_swap_sides_in_a_right_to_left_language() {
        use egui::Align2;
        let at = [12.0, 10.0];
        assert_eq!(corner(Align2::LEFT_TOP, at, false), (Align2::LEFT_TOP, at));
        assert_eq!(
            corner(Align2::LEFT_TOP, at, true),
            (Align2::RIGHT_TOP, [-12.0, 10.0])
        );
        assert_eq!(
            corner(Align2::RIGHT_BOTTOM, [-12.0, -12.0], true),
            (Align2::LEFT_BOTTOM, [12.0, -12.0])
        );
        // What stands in the middle stays there.
        assert_eq!(
            corner(Align2::CENTER_BOTTOM, [0.0, -12.0], true).0,
            Align2::CENTER_BOTTOM
        );
    }
}
