//! A touch table for two (a kiosk file's `table: true`): the screen lies flat between
//! two players sitting face to face, South at the screen's lower edge, North at its
//! upper edge. The camera looks down on the board from above
//! ([`View::from_above`](crate::game::show::camera::View)); the HUD, the prompts and
//! the records bar give way to one panel at each player's edge, North's turned 180°
//! to face North ([`ui::turned`](crate::game::ui::turned)): what happens now, the two
//! tallies, the player's own decisions when it is their turn, the result, and their
//! buttons (skip, take back, their language, back to the welcome screen). Each side
//! reads its own language: South the interface's [`Tr`], North [`NorthLanguage`].
//! The welcome screen is drawn twice, a half for each side ([`welcome_halves`]): a
//! visitor who chooses a game from North's half plays North.

use super::kiosk::{Kiosk, KioskPhase, KioskStart};
use crate::content::i18n::Language;
use crate::game::play::computer::ComputerPlayer;
use crate::game::play::input::{ArrangeDraft, Choice};
use crate::game::play::long_moves::LongMoveWork;
use crate::game::play::records::shown_counts;
use crate::game::play::session::{
    History, LastMove, Notice, Seat, Seats, Undo, Viewing, person_to_decide, undo_allowed,
};
use crate::game::shared::SkipAnimation;
use crate::game::show::animation::Animation;
use crate::game::ui::hud::{self, MeasuredBars, PromptActions};
use crate::game::ui::icons::{self, Icon};
use crate::game::ui::language::Tr;
use crate::game::ui::turned::{TurnedAreas, show_turned};
use crate::game::{AppState, AtATable, CurrentGame, Venue};
use crate::rules::{GameResult, GameState, Pending, Player};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The language North reads at a touch table (South reads the interface's [`Tr`]).
/// Back to the installation's language whenever the welcome screen returns.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NorthLanguage(pub Tr);

/// A side's panel: the height it is laid out in (egui points; it may grow) and its
/// widest width.
const PANEL_HEIGHT: f32 = 72.0;
const PANEL_WIDTH: f32 = 720.0;

/// The side panels during a game, and North's language back home on the welcome
/// screen. Added (by [`install`]) for a table only.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            side_panels
                .run_if(in_state(AppState::InGame))
                .run_if(not(in_state(KioskPhase::Attract))),
            welcome_halves
                .run_if(in_state(AppState::Menu))
                .run_if(in_state(crate::game::ui::pages::Page::Closed)),
            north_invitation.run_if(in_state(KioskPhase::Attract)),
        )
            .run_if(in_state(Venue::Museum))
            .in_set(crate::game::DrawInterface),
    )
    .add_systems(
        OnEnter(AppState::Menu),
        north_back_home.run_if(in_state(Venue::Museum)),
    )
    .add_systems(Update, want_north_language);
}

/// In the browser, fetches North's language's texts when it is chosen
/// (`ui::language_texts`).
fn want_north_language(
    north: Res<NorthLanguage>,
    texts: Option<ResMut<crate::game::ui::language_texts::LanguageTexts>>,
) {
    if let Some(mut texts) = texts.filter(|_| north.is_changed()) {
        texts.want(north.0.0);
    }
}

/// Makes a kiosk a touch table: the board seen from above, and the side panels (the
/// app adds it with `kiosk::install` when the kiosk file says `table`).
pub fn install(app: &mut App, language: Language) {
    app.insert_resource(AtATable)
        .insert_resource(NorthLanguage(Tr(language)))
        .insert_resource(crate::game::show::camera::View {
            from_above: true,
            ..default()
        })
        .add_plugins(plugin);
}

fn north_back_home(kiosk: Res<Kiosk>, mut north: ResMut<NorthLanguage>) {
    north.set_if_neq(NorthLanguage(Tr(kiosk.config.language)));
}

/// The rectangle (egui points) of `side`'s panel in `screen`: along its own edge,
/// centred, clear of the exit gesture's corners.
pub fn panel_rect(screen: egui::Rect, side: Player) -> egui::Rect {
    let width = (screen.width() - 160.0).clamp(200.0, PANEL_WIDTH);
    let height = PANEL_HEIGHT.min(screen.height() / 3.0);
    let top = match side {
        Player::South => screen.bottom() - 8.0 - height,
        Player::North => screen.top() + 8.0,
    };
    egui::Rect::from_min_size(
        egui::pos2(screen.center().x - width / 2.0, top),
        egui::vec2(width, height),
    )
}

/// Shows `contents` in an area at `rect`: upright for South, turned to face North.
pub fn at_own_edge<R>(
    ctx: &egui::Context,
    side: Player,
    id: egui::Id,
    rect: egui::Rect,
    areas: &mut TurnedAreas,
    contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    match side {
        Player::North => show_turned(ctx, id.with("north"), rect, areas, contents),
        Player::South => {
            egui::Area::new(id.with("south"))
                .fixed_pos(rect.min)
                .order(egui::Order::Foreground)
                .show(ctx, |ui| {
                    ui.set_min_size(rect.size());
                    ui.set_max_size(rect.size());
                    contents(ui)
                })
                .inner
        }
    }
}

/// What the side panels read: the game, who sits where, and what is shown.
#[derive(SystemParam)]
struct PanelShows<'w> {
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    work: Res<'w, LongMoveWork>,
    history: Res<'w, History>,
    viewing: Res<'w, Viewing>,
    last: Res<'w, LastMove>,
    notice: Res<'w, Notice>,
    kiosk: Res<'w, Kiosk>,
    policy: Res<'w, crate::game::play::session::UndoPolicy>,
}

/// What the side panels change.
#[derive(SystemParam)]
struct PanelEdits<'w> {
    south: ResMut<'w, Tr>,
    north: ResMut<'w, NorthLanguage>,
    choice: ResMut<'w, Choice>,
    draft: ResMut<'w, ArrangeDraft>,
    computer: ResMut<'w, ComputerPlayer>,
    undo: MessageWriter<'w, Undo>,
    again: MessageWriter<'w, KioskStart>,
    skip: MessageWriter<'w, SkipAnimation>,
    measured: ResMut<'w, MeasuredBars>,
}

/// One panel at each player's edge.
fn side_panels(
    mut contexts: EguiContexts,
    shows: PanelShows,
    anim: Res<Animation>,
    mut edits: PanelEdits,
    mut go: PromptActions,
    mut areas: ResMut<TurnedAreas>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let s = &shows.game.0;
    let counts = shown_counts(s, &shows.history, *shows.viewing, &anim).clone();
    let person_decides = shows.work.0.is_none() && person_to_decide(s, &shows.seats, &anim);
    // How far the panels reach into the screen from their edges (points).
    let mut reach: f32 = 0.0;
    for side in [Player::South, Player::North] {
        let tr = match side {
            Player::South => *edits.south,
            Player::North => edits.north.0,
        };
        let rect = panel_rect(screen, side);
        let mut chosen = None;
        let ours = person_decides && s.to_decide() == side && shows.seats.of(side) == Seat::Person;
        let panel = at_own_edge(
            ctx,
            side,
            egui::Id::new("table panel"),
            rect,
            &mut areas,
            |ui| {
                egui::Frame::window(ui.style())
                    .inner_margin(egui::Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.set_width(rect.width() - 28.0);
                        ui.scope(|ui| {
                            what_happens(ui, tr, (s, side, &counts), (&shows, &anim), ours);
                        });
                        in_reading_order(ui, tr, |ui| {
                            if ours {
                                decision_buttons(ui, tr, s, &mut edits, &mut go);
                            }
                            chosen = side_buttons(ui, tr, side, &shows, &anim, &mut edits, &mut go);
                        });
                    })
                    .response
                    .rect
            },
        );
        reach = reach.max(panel.height() + 16.0);
        if let Some(lang) = chosen {
            info!(
                "MANCALA_TABLE_LANGUAGE side={side:?} language={}",
                lang.code()
            );
            match side {
                Player::South => edits.south.0 = lang,
                Player::North => edits.north.0 = Tr(lang),
            }
        }
    }
    // The board stays between the two panels (logical pixels).
    let reach = reach * ctx.zoom_factor();
    edits.measured.0.top = edits.measured.0.top.max(reach);
    edits.measured.0.bottom = edits.measured.0.bottom.max(reach);
    Ok(())
}

/// The panel's first line: the idle countdown, the result, who moves, or what is
/// asked (highlighted when it is this side's turn); the two tallies, this side's
/// first; and a notice for the player to decide.
fn what_happens(
    ui: &mut egui::Ui,
    tr: Tr,
    (s, side, counts): (&GameState, Player, &crate::rules::Tableau),
    (shows, anim): (&PanelShows, &Animation),
    ours: bool,
) {
    let palette = &crate::game::ui::access::PALETTE;
    // What happens, in one or two parts, and its colour.
    let (parts, colour) = if let Some(left) = shows.kiosk.countdown() {
        let n = left.ceil() as u32;
        let parts = vec![
            tr.t("kiosk-still_there").to_string(),
            tr.f("kiosk-countdown", &[("n", &n)]),
        ];
        (parts, egui::Color32::from_rgb(240, 228, 66))
    } else if let (Some((who, _)), true) = (&shows.last.0, anim.busy()) {
        let moving = tr.f("hud-moving", &[("player", &tr.player(*who))]);
        (vec![moving], palette.text)
    } else if let Some(o) = s.outcome() {
        let result = match o.result {
            GameResult::Win(p) => tr.f("over-wins", &[("player", &tr.player(p))]),
            GameResult::Draw => tr.t("over-draw").to_string(),
            GameResult::Annulled => tr.t("over-annulled").to_string(),
        };
        let why = tr.t(crate::content::i18n::reason_key(o.reason)).to_string();
        (vec![result, why], palette.text)
    } else if ours {
        (vec![hud::status_line(tr, s)], palette.accent)
    } else {
        (vec![hud::status_line(tr, s)], palette.text)
    };
    // A line of text, no taller than its text (a touch screen's rows are as tall as a
    // touch target otherwise, and the fallback typefaces' lines taller still).
    ui.spacing_mut().interact_size.y = 0.0;
    in_reading_order(ui, tr, |ui| {
        for part in parts {
            let part = egui::RichText::new(part).size(17.0).line_height(Some(24.0));
            ui.label(part.strong().color(colour));
        }
        ui.add_space(12.0);
        let muted = |text: String| {
            let text = egui::RichText::new(text).line_height(Some(24.0));
            text.color(palette.muted)
        };
        ui.label(muted(hud::side_tally(tr, s, counts, side)));
        ui.label(muted("·".into()));
        ui.label(muted(hud::side_tally(tr, s, counts, side.opponent())));
        if ours && let Some(n) = &shows.notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, n);
        }
    });
}

/// A row that wraps, laid out in `tr`'s reading direction: from the right in a
/// right-to-left language (each text in it is already in the order it is drawn).
fn in_reading_order<R>(ui: &mut egui::Ui, tr: Tr, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let layout = if tr.0.is_rtl() {
        egui::Layout::right_to_left(egui::Align::Center)
    } else {
        egui::Layout::left_to_right(egui::Align::Center)
    };
    // As `horizontal_wrapped` does: a row as tall as an interactive item at first,
    // not the whole height left (where a centred row would stand in the middle).
    let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, layout.with_main_wrap(true), add)
        .inner
}

/// The player's own mid-turn decision, when one is asked: which move, which direction,
/// the set-up, the end of the strips.
fn decision_buttons(
    ui: &mut egui::Ui,
    tr: Tr,
    s: &GameState,
    edits: &mut PanelEdits,
    go: &mut PromptActions,
) {
    match s.pending() {
        Pending::Turn if !edits.choice.0.is_empty() => {
            let options = edits.choice.0.clone();
            hud::which_move_buttons(ui, tr, options, &mut edits.choice, go);
        }
        Pending::Direction(_) => hud::direction_buttons(ui, tr, go),
        Pending::Arrange => {
            let labels = ("prompt-standard_short", "prompt-random_short");
            let (who, lot) = (s.to_decide(), &mut edits.computer.lot);
            hud::arrange_buttons(ui, tr, (s, who), labels, &mut edits.draft, lot, go);
        }
        Pending::Strip { .. } if s.options().bonus_up_to_k => {
            hud::stop_strip_button(ui, tr, go);
        }
        _ => {}
    }
    ui.add_space(12.0);
}

/// A side's own buttons: play again once the game is over, skip while seeds move,
/// take back, its language (a tap offers the next), and back to the welcome screen.
/// Each is noted as `table:south:...` or `table:north:...` for the tests. Returns the
/// language chosen, if one was.
fn side_buttons(
    ui: &mut egui::Ui,
    tr: Tr,
    side: Player,
    shows: &PanelShows,
    anim: &Animation,
    edits: &mut PanelEdits,
    go: &mut PromptActions,
) -> Option<Language> {
    let s = &shows.game.0;
    let name = |what: &str| format!("table:{}:{what}", side_name(side));
    let note = |ui: &egui::Ui, what: &str, r: &egui::Response| {
        crate::game::ui::buttons::note_button(ui.ctx(), &name(what), r.rect);
    };
    if s.is_over() && !anim.busy() {
        let again = ui.button(tr.t("over-play_again"));
        note(ui, "again", &again);
        if again.clicked() {
            let seats = *shows.seats;
            edits.again.write(KioskStart {
                game: s.game(),
                against_computer: seats.south == Seat::Computer || seats.north == Seat::Computer,
                side: if seats.north == Seat::Person && seats.south != Seat::Person {
                    Player::North
                } else {
                    Player::South
                },
            });
        }
    }
    if anim.busy() {
        let skip = icons::button(
            ui,
            Icon::Skip,
            Some(tr.t("hud-skip_word")),
            tr.t("hud-skip"),
            false,
        );
        note(ui, "skip", &skip);
        if skip.clicked() {
            edits.skip.write(SkipAnimation);
        }
    }
    let can_undo = undo_allowed(s, *shows.policy)
        && !shows.history.before.is_empty()
        && shows.seats.of(side) == Seat::Person
        && !anim.busy();
    if can_undo {
        let undo = icons::button(ui, Icon::Undo, None, tr.t("moves-undo"), false);
        note(ui, "undo", &undo);
        if undo.clicked() {
            edits.undo.write(Undo);
        }
    }
    let languages = &shows.kiosk.config.languages;
    let mut chosen = None;
    if languages.len() > 1 {
        let language = ui.button(tr.0.native_name());
        note(ui, "language", &language);
        if language.clicked() {
            let at = languages.iter().position(|l| *l == tr.0).unwrap_or(0);
            chosen = Some(languages[(at + 1) % languages.len()]);
        }
    }
    let word = tr.t("hud-menu_word");
    let menu = icons::button(ui, Icon::Menu, Some(word), tr.t("hud-menu"), false);
    note(ui, "menu", &menu);
    if menu.clicked() {
        go.back_to_menu();
    }
    chosen
}

/// `south` or `north`, for button names and the log.
pub fn side_name(side: Player) -> &'static str {
    match side {
        Player::South => "south",
        Player::North => "north",
    }
}

/// The attract loop's invitation for North too, turned at the top edge (South's stands
/// at the bottom, `kiosk::overlays`), in North's language (the caption of each step
/// only where North reads South's language, in which it is written).
fn north_invitation(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    anim: Res<Animation>,
    (south, north): (Res<Tr>, Res<NorthLanguage>),
    mut areas: ResMut<TurnedAreas>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let width = (screen.width() - 32.0).min(600.0);
    let height = (screen.height() / 2.0 - 24.0).min(190.0);
    let rect = egui::Rect::from_min_size(
        egui::pos2(screen.center().x - width / 2.0, screen.top() + 16.0),
        egui::vec2(width, height),
    );
    let tr = north.0;
    let caption = anim.caption.as_deref().filter(|_| tr == *south);
    show_turned(
        ctx,
        egui::Id::new("north invitation"),
        rect,
        &mut areas,
        |ui| {
            // Laid out at the foot of the area, which turned is the screen's top edge.
            ui.with_layout(egui::Layout::bottom_up(egui::Align::Center), |ui| {
                super::kiosk::invitation(ui, tr, game.0.game(), caption);
            });
        },
    );
    Ok(())
}

/// The welcome screen at a touch table: a half for each side, North's turned to face
/// North, each with the title, the languages (that side's own) and a card per game
/// whose buttons start it with the visitor on that side.
fn welcome_halves(
    mut contexts: EguiContexts,
    kiosk: Res<Kiosk>,
    mut south: ResMut<Tr>,
    mut north: ResMut<NorthLanguage>,
    mut choose: super::kiosk::WelcomeChoices,
    mut minis: ResMut<crate::game::ui::title::Miniatures>,
    mut areas: ResMut<TurnedAreas>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let middle = screen.center().y;
    for side in [Player::South, Player::North] {
        let (tr, half) = match side {
            Player::South => (
                *south,
                egui::Rect::from_min_max(egui::pos2(screen.left(), middle), screen.max),
            ),
            Player::North => (
                north.0,
                egui::Rect::from_min_max(screen.min, egui::pos2(screen.right(), middle)),
            ),
        };
        let id = egui::Id::new("table welcome");
        let chosen = at_own_edge(ctx, side, id, half, &mut areas, |ui| {
            welcome_half(ui, half.size(), (tr, side), &kiosk, &mut choose, &mut minis)
        });
        if let Some(lang) = chosen {
            info!(
                "MANCALA_TABLE_LANGUAGE side={side:?} language={}",
                lang.code()
            );
            match side {
                Player::South => south.0 = lang,
                Player::North => north.0 = Tr(lang),
            }
        }
    }
    Ok(())
}

/// One side's half of the welcome screen, laid out in `room` (egui points): the
/// title and languages, then the games in one row, scaled to fit. Returns the language
/// chosen, if one was.
fn welcome_half(
    ui: &mut egui::Ui,
    room: egui::Vec2,
    (tr, side): (Tr, Player),
    kiosk: &Kiosk,
    choose: &mut super::kiosk::WelcomeChoices,
    minis: &mut crate::game::ui::title::Miniatures,
) -> Option<Language> {
    // Designed for cards 160 points wide under a row of 40, 290 points high in all
    // (as drawn at a touch screen's spacing), with room to spare; scaled by `u` in
    // steps of 5% (every text size is a set of glyphs in egui's font atlas).
    let games = &kiosk.config.games;
    let n = games.len().max(1) as f32;
    let u = (room.x / (n * 172.0 + 24.0))
        .min(room.y / 320.0)
        .clamp(0.5, 1.6);
    let u = (u * 20.0).floor() / 20.0;
    let gap = (12.0 * u).round();
    let card_width = (160.0 * u).floor();
    let width = n * card_width + (n - 1.0) * gap;
    ui.add_space(((room.y - 290.0 * u) / 2.0).max(0.0));
    ui.spacing_mut().button_padding = egui::vec2(10.0 * u, 5.0 * u);
    ui.spacing_mut().item_spacing = egui::vec2(8.0 * u, 6.0 * u);
    ui.horizontal(|ui| {
        ui.add_space(((room.x - width) / 2.0).max(0.0));
        ui.vertical(|ui| {
            ui.set_width(width);
            let chosen = title_and_languages(ui, u, &kiosk.config.languages, tr);
            ui.add_space(4.0 * u);
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for &g in games {
                    table_card(ui, (g, u, card_width), (tr, side), kiosk, choose, minis);
                }
            });
            chosen
        })
        .inner
    })
    .inner
}

/// The welcome half's first row at scale `u`: the title, then the languages offered,
/// the side's own highlighted. Returns the language chosen, if one was.
fn title_and_languages(
    ui: &mut egui::Ui,
    u: f32,
    languages: &[Language],
    tr: Tr,
) -> Option<Language> {
    let palette = &crate::game::ui::access::PALETTE;
    let mut chosen_now = None;
    ui.horizontal(|ui| {
        ui.set_min_height(40.0 * u);
        ui.label(
            egui::RichText::new(tr.t("app-title"))
                .size(26.0 * u)
                .color(palette.text),
        );
        ui.add_space(12.0 * u);
        for &lang in languages {
            let size = egui::vec2(88.0 * u, 34.0 * u);
            if super::kiosk::language_button(ui, lang, tr.0 == lang, (14.0 * u, size)) {
                chosen_now = Some(lang);
            }
        }
    });
    chosen_now
}

/// A game's card at a touch table: its board, its name, and the buttons that start it
/// with the visitor on `side` (the lessons, rules and story pages stand upright for
/// one reader: they are offered at an upright kiosk, not at a table).
fn table_card(
    ui: &mut egui::Ui,
    (g, u, card_width): (crate::rules::Game, f32, f32),
    (tr, side): (Tr, Player),
    kiosk: &Kiosk,
    choose: &mut super::kiosk::WelcomeChoices,
    minis: &mut crate::game::ui::title::Miniatures,
) {
    let palette = &crate::game::ui::access::PALETTE;
    let big = egui::vec2(card_width - 20.0 * u, 36.0 * u);
    super::kiosk::card_frame(u).show(ui, |ui| {
        ui.set_width(card_width - 20.0 * u);
        ui.vertical_centered(|ui| {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(96.0 * u, 56.0 * u), egui::Sense::hover());
            crate::game::ui::title::paint_miniature(ui, rect, g, minis);
            ui.label(egui::RichText::new(g.name()).size(18.0 * u).strong());
            let mut offers = vec![(true, "kiosk-play_computer")];
            if kiosk.config.two_players {
                offers.push((false, "kiosk-play_two"));
            }
            for (against_computer, key) in offers {
                let mut text = egui::RichText::new(tr.t(key)).size(14.0 * u);
                let mut button = egui::Button::new(text.clone()).min_size(big);
                if against_computer {
                    text = text.strong().color(palette.ink);
                    button = egui::Button::new(text).fill(palette.accent).min_size(big);
                }
                let b = ui.add(button);
                let what = if against_computer { "computer" } else { "two" };
                crate::game::ui::buttons::note_button(
                    ui.ctx(),
                    &format!("table:{}:{}:{what}", side_name(side), g.id()),
                    b.rect,
                );
                if b.clicked() {
                    choose.game.write(KioskStart {
                        game: g,
                        against_computer,
                        side,
                    });
                }
            }
        });
    });
}
