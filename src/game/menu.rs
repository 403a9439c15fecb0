//! The main menu: the game, its options, the players, saved games, the interface
//! settings (language, text size, contrast, motion) and the pages (rules, story,
//! tutorial).

use super::history::{History, Replay, ResumeOffer};
use super::language::Tr;
use super::pages::{Page, Pages};
use super::play::{ComputerPlayer, Notice, Seat, Seats, StartGame};
use super::{AppState, CurrentGame, Setup};
use crate::rules::{
    FirstPlayer, Game, GameState, LastFour, NeverEndingRule, Options, PlayMode, SetUp,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The key of the one-line description of each game, for the menu.
pub fn describe_key(game: Game) -> &'static str {
    match game {
        Game::Omweso => "menu.describe.omweso",
        Game::Anywoli => "menu.describe.anywoli",
        Game::Nsolo => "menu.describe.nsolo",
        Game::Hawalis => "menu.describe.hawalis",
        Game::BaoKigogo => "menu.describe.bao_kigogo",
    }
}

/// The key of a computer level's name.
pub fn level_key(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Beginner => "level.beginner",
        crate::ai::Level::Player => "level.player",
        crate::ai::Level::Expert => "level.expert",
        crate::ai::Level::Master => "level.master",
    }
}

/// Options keep only what belongs to the chosen game (the rules refuse the rest).
pub fn options_for(game: Game, o: Options) -> Options {
    let mut out = Options {
        first: o.first,
        seed: o.seed,
        ..Options::default()
    };
    match game {
        Game::Omweso => {
            out.set_up = o.set_up;
            out.opening_three = o.opening_three;
            out.grand_slam = o.grand_slam;
            out.front_row_two_points = o.front_row_two_points;
            out.two_captures_first = o.two_captures_first;
            out.match_target = o.match_target;
            out.play_mode = o.play_mode;
        }
        Game::Anywoli => {
            out.last_four = o.last_four;
            out.stop_when_decided = o.stop_when_decided;
        }
        Game::Nsolo => {
            out.width = o.width;
            out.bonus_up_to_k = o.bonus_up_to_k;
            out.never_ending = o.never_ending;
        }
        Game::Hawalis | Game::BaoKigogo => out.never_ending = o.never_ending,
    }
    out
}

/// The options of one game, as radio buttons, checkboxes and sliders.
pub fn options_ui(ui: &mut egui::Ui, tr: Tr, game: Game, o: &mut Options) {
    match game {
        Game::Omweso => {
            ui.horizontal_wrapped(|ui| {
                ui.label(tr.t("options.set_up"));
                ui.radio_value(&mut o.set_up, SetUp::Standard, tr.t("options.standard"));
                ui.radio_value(&mut o.set_up, SetUp::Free, tr.t("options.free"));
            });
            ui.checkbox(&mut o.opening_three, tr.t("options.opening_three"));
            ui.checkbox(&mut o.grand_slam, tr.t("options.grand_slam"));
            ui.checkbox(
                &mut o.front_row_two_points,
                tr.t("options.front_row_two_points"),
            );
            ui.checkbox(
                &mut o.two_captures_first,
                tr.t("options.two_captures_first"),
            );
            ui.add(egui::Slider::new(&mut o.match_target, 1..=24).text(tr.t("options.match")));
            ui.horizontal_wrapped(|ui| {
                ui.label(tr.t("options.mode"));
                ui.radio_value(
                    &mut o.play_mode,
                    PlayMode::Counting,
                    tr.t("options.counting"),
                );
                ui.radio_value(
                    &mut o.play_mode,
                    PlayMode::NoTakeBack,
                    tr.t("options.no_take_back"),
                );
                let blitz = matches!(o.play_mode, PlayMode::Blitz { .. });
                if ui.radio(blitz, tr.t("options.blitz")).clicked() {
                    o.play_mode = PlayMode::Blitz { seconds: 3 };
                }
            });
        }
        Game::Anywoli => {
            ui.horizontal_wrapped(|ui| {
                ui.label(tr.t("options.last_four"));
                ui.radio_value(
                    &mut o.last_four,
                    LastFour::PenultimateCapturer,
                    tr.t("options.last_capturer"),
                );
                ui.radio_value(
                    &mut o.last_four,
                    LastFour::FirstFinalSeedCapturer,
                    tr.t("options.first_last_seed_capturer"),
                );
                ui.radio_value(&mut o.last_four, LastFour::Lottery, tr.t("options.lottery"));
            });
            ui.checkbox(&mut o.stop_when_decided, tr.t("options.stop_when_decided"));
        }
        Game::Nsolo | Game::Hawalis | Game::BaoKigogo => {
            if game == Game::Nsolo {
                ui.add(egui::Slider::new(&mut o.width, 8..=36).text(tr.t("options.width")));
                ui.checkbox(&mut o.bonus_up_to_k, tr.t("options.bonus_up_to_k"));
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(tr.t("options.never_ending"));
                ui.radio_value(
                    &mut o.never_ending,
                    NeverEndingRule::Draw,
                    tr.t("options.draw"),
                );
                ui.radio_value(
                    &mut o.never_ending,
                    NeverEndingRule::MoverLoses,
                    tr.t("options.mover_loses"),
                );
            });
        }
    }
}

/// The interface settings: language, text size, contrast, motion, explanations.
pub fn settings_ui(ui: &mut egui::Ui, tr: &mut Tr, access: &mut super::access::Access) {
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.t("settings.language"));
        for lang in crate::content::i18n::Language::ALL {
            ui.radio_value(&mut tr.0, lang, lang.native_name());
        }
    });
    ui.add(
        egui::Slider::new(&mut access.text_scale, 0.8..=2.0)
            .step_by(0.1)
            .text(tr.t("settings.text_size")),
    );
    ui.checkbox(&mut access.high_contrast, tr.t("settings.high_contrast"));
    ui.checkbox(&mut access.reduced_motion, tr.t("settings.reduced_motion"));
    ui.checkbox(&mut access.explain, tr.t("settings.explain"));
}

/// The main menu.
#[allow(clippy::too_many_arguments)]
pub fn menu(
    mut contexts: EguiContexts,
    mut tr: ResMut<Tr>,
    mut access: ResMut<super::access::Access>,
    offer: Option<Res<ResumeOffer>>,
    mut history: ResMut<History>,
    mut replay: ResMut<Replay>,
    mut computer: ResMut<ComputerPlayer>,
    mut setup: ResMut<Setup>,
    mut seats: ResMut<Seats>,
    mut game: ResMut<CurrentGame>,
    mut start: MessageWriter<StartGame>,
    mut next: ResMut<NextState<AppState>>,
    mut notice: ResMut<Notice>,
    (mut pages, mut minis): (ResMut<Pages>, ResMut<super::title::Miniatures>),
    kiosk: Option<Res<super::kiosk::Kiosk>>,
) -> Result {
    if kiosk.is_some() || pages.open.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let t = *tr;
    let screen = ctx.content_rect();
    let palette = &super::access::PALETTE;
    // The title over the live board, then a card for each game, then the chosen
    // game's options, players and start.
    egui::Area::new(egui::Id::new("title"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 12.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(t.t("app.title"))
                        .size(40.0)
                        .color(palette.text),
                );
                ui.label(
                    egui::RichText::new(t.t("title.subtitle"))
                        .size(15.0)
                        .color(palette.muted),
                );
            });
        });
    let card_width = ((screen.width() - 48.0) / 5.0 - 12.0).clamp(130.0, 210.0);
    let cards = egui::Area::new(egui::Id::new("game cards"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 86.0])
        .show(ctx, |ui| {
            ui.set_max_width(screen.width() - 24.0);
            super::title::game_cards(ui, t, &mut setup.game, &mut minis, card_width);
        });
    let below = cards.response.rect.bottom() + 10.0;
    egui::Window::new(t.t("menu.options"))
        .id(egui::Id::new("menu setup"))
        .title_bar(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, below - screen.top()])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_width((screen.width() - 40.0).min(640.0));
            // Any window shape: the menu scrolls rather than running off the screen.
            let tall = (screen.bottom() - below - 36.0).max(140.0);
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let start_button = egui::Button::new(
                            egui::RichText::new(t.t("menu.start"))
                                .size(20.0)
                                .color(palette.ink),
                        )
                        .fill(palette.accent)
                        .min_size(egui::vec2(160.0, 40.0));
                        if ui.add(start_button).clicked() {
                            let mut options = setup.options;
                            options.seed = setup.next_seed();
                            match GameState::new(setup.game, options) {
                                Ok(s) => {
                                    game.0 = s;
                                    start.write(StartGame);
                                    next.set(AppState::InGame);
                                }
                                Err(e) => notice.0 = Some(e.to_string()),
                            }
                        }
                        if ui
                            .add(
                                egui::Button::new(t.t("menu.resume"))
                                    .min_size(egui::vec2(0.0, 40.0)),
                            )
                            .clicked()
                        {
                            next.set(AppState::InGame);
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(t.t("menu.rules")).clicked() {
                            pages.open = Some(Page::Rules(setup.game));
                        }
                        if ui.button(t.t("menu.story")).clicked() {
                            pages.open = Some(Page::Story(setup.game));
                        }
                        if ui.button(t.t("tutorial.start")).clicked() {
                            pages.open = Some(Page::Tutorial(setup.game));
                        }
                    });
                    ui.separator();
                    let game_kind = setup.game;
                    setup.options = options_for(game_kind, setup.options);
                    ui.heading(t.t("menu.options"));
                    options_ui(ui, t, game_kind, &mut setup.options);
                    ui.separator();
                    ui.heading(t.t("menu.players"));
                    let seats = &mut *seats;
                    for (label, seat) in [
                        (t.t("menu.south_near"), &mut seats.south),
                        (t.t("menu.north_far"), &mut seats.north),
                    ] {
                        ui.horizontal(|ui| {
                            ui.label(label);
                            ui.radio_value(seat, Seat::Person, t.t("menu.person"));
                            ui.radio_value(seat, Seat::Computer, t.t("menu.computer"));
                        });
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.label(t.t("menu.level"));
                        for level in crate::ai::Level::ALL {
                            ui.radio_value(&mut computer.level, Some(level), t.t(level_key(level)));
                        }
                    });
                    let o = &mut setup.options;
                    ui.horizontal_wrapped(|ui| {
                        ui.label(t.t("menu.first"));
                        ui.radio_value(
                            &mut o.first,
                            FirstPlayer::South,
                            t.player(crate::rules::Player::South),
                        );
                        ui.radio_value(
                            &mut o.first,
                            FirstPlayer::North,
                            t.player(crate::rules::Player::North),
                        );
                        ui.radio_value(&mut o.first, FirstPlayer::Random, t.t("menu.by_lot"));
                    });
                    ui.separator();
                    ui.collapsing(t.t("menu.settings"), |ui| {
                        settings_ui(ui, &mut tr, &mut access);
                    });
                    if let Some(offer) = &offer
                        && !offer.saves.is_empty()
                    {
                        ui.separator();
                        ui.heading(t.t("menu.saved_games"));
                        for listed in &offer.saves {
                            let label = if listed.autosave {
                                t.t("menu.autosave")
                            } else {
                                listed.label.as_str()
                            };
                            match &listed.loaded {
                                Ok((save, state)) => {
                                    let finished = if state.is_over() {
                                        t.t("menu.finished")
                                    } else {
                                        ""
                                    };
                                    ui.label(t.f(
                                        "menu.saved_line",
                                        &[
                                            ("label", &label),
                                            ("game", &state.game().name()),
                                            ("moves", &save.record.decisions.len()),
                                            ("finished", &finished),
                                        ],
                                    ));
                                    ui.horizontal(|ui| {
                                        if !state.is_over()
                                            && ui.button(t.t("menu.resume")).clicked()
                                        {
                                            *seats = Seats::from_saved(save.seats);
                                            *replay = Replay::default();
                                            *history = History::from_record(&save.record);
                                            game.0 = state.clone();
                                            start.write(StartGame);
                                            next.set(AppState::InGame);
                                        }
                                        if ui.button(t.t("menu.watch")).clicked() {
                                            let mut r = save.record.clone();
                                            r.decisions.clear();
                                            *history = History::from_record(&r);
                                            match super::history::start_replay(
                                                &save.record,
                                                &mut game,
                                                &mut replay,
                                                seats,
                                            ) {
                                                Ok(()) => {
                                                    start.write(StartGame);
                                                    next.set(AppState::InGame);
                                                }
                                                Err(e) => notice.0 = Some(e),
                                            }
                                        }
                                    });
                                }
                                Err(e) => {
                                    ui.colored_label(
                                        egui::Color32::LIGHT_RED,
                                        t.f("menu.cannot_open", &[("label", &label), ("why", e)]),
                                    );
                                }
                            }
                        }
                    }
                    if let Some(n) = &notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                });
        });
    Ok(())
}
