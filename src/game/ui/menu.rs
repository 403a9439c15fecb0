//! The main menu: the game, its options, the players, saved games, the interface
//! settings (language, text size, contrast, motion) and the pages (rules, story,
//! tutorial, puzzles).

use super::language::{Tr, level_key};
use super::pages::Page;
use super::tutorial::StartLesson;
use crate::game::play::computer::ComputerPlayer;
use crate::game::play::records::{Listed, LoadedFrom, ResumeOffer};
use crate::game::play::review::{GameReview, OpenReview};
use crate::game::play::session::{Begin, Notice, Seat, Seats, StartGame};
use crate::game::{AppState, MenuChoice, Venue};
use crate::rules::{
    FirstPlayer, Game, GameState, LastFour, NeverEndingRule, Options, PlayMode, SetUp,
};
use crate::storage::SavedGame;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The title screen's menu (not in kiosk mode, which has its welcome screen, and not
/// under an open page).
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        menu.run_if(in_state(AppState::Menu))
            .run_if(in_state(Page::Closed))
            .run_if(in_state(Venue::Home))
            .in_set(crate::game::DrawInterface),
    )
    .init_resource::<LeftAGame>()
    .init_resource::<SetupPanel>()
    .add_systems(OnEnter(AppState::Menu), seats_as_played)
    .add_systems(OnExit(AppState::InGame), |mut left: ResMut<LeftAGame>| {
        left.0 = true;
    });
}

/// Whether a game has been left for the menu in this run: the title's Resume goes back
/// to it; before that (a fresh start), Resume resumes the autosaved game, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftAGame(pub bool);

/// The menu offers the players of the game just left (an online opponent's seat as a
/// person's).
fn seats_as_played(seats: Res<Seats>, mut choice: ResMut<MenuChoice>) {
    choice.seats = seats.here();
}

/// Where the menu's buttons lead: a game started, the game screen, a page, a lesson.
#[derive(SystemParam)]
pub struct MenuActions<'w> {
    start: MessageWriter<'w, StartGame>,
    screen: ResMut<'w, NextState<AppState>>,
    page: ResMut<'w, NextState<Page>>,
    lesson: MessageWriter<'w, StartLesson>,
    puzzles: MessageWriter<'w, super::puzzles::StartPuzzles>,
    seats: MessageWriter<'w, crate::game::play::session::SetSeats>,
    notice: ResMut<'w, Notice>,
    loaded_from: ResMut<'w, LoadedFrom>,
    review: ResMut<'w, GameReview>,
    open_review: MessageWriter<'w, OpenReview>,
}

impl MenuActions<'_> {
    fn play(&mut self, state: GameState, seats: Seats, begin: Begin) {
        self.loaded_from.0 = None;
        self.start.write(StartGame {
            state,
            seats,
            begin,
        });
        self.screen.set(AppState::InGame);
    }

    /// A saved game played on (or reviewed): its review, if it has one, comes with it,
    /// and a review made later is written back to its file.
    fn play_saved(&mut self, listed: &Listed, save: &SavedGame, state: GameState, begin: Begin) {
        self.play(state, Seats::from_saved(save.seats), begin);
        self.loaded_from.0 = listed.path.clone();
        self.review.keep_saved(&save.record, save.review.as_ref());
    }
}

/// Options keep only what belongs to the chosen game, as the game names them
/// ([`Game::option_names`]); the rest go back to their defaults (the rules refuse
/// them).
pub fn options_for(game: Game, o: Options) -> Options {
    let (Ok(serde_json::Value::Object(mine)), Ok(serde_json::Value::Object(mut out))) = (
        serde_json::to_value(o),
        serde_json::to_value(Options::default()),
    ) else {
        return o;
    };
    for name in game.option_names() {
        if let Some(v) = mine.get(*name) {
            out.insert(name.to_string(), v.clone());
        }
    }
    serde_json::from_value(serde_json::Value::Object(out)).unwrap_or(o)
}

/// The options the game names, as radio buttons, checkboxes and sliders, in its
/// order (who moves first is asked with the players).
pub fn options_ui(ui: &mut egui::Ui, tr: Tr, game: Game, o: &mut Options) {
    for name in game.option_names() {
        match *name {
            "set_up" => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr.t("options-set_up"));
                    ui.radio_value(&mut o.set_up, SetUp::Standard, tr.t("options-standard"));
                    ui.radio_value(&mut o.set_up, SetUp::Free, tr.t("options-free"));
                });
            }
            "opening_three" => {
                super::access::checkbox(ui, &mut o.opening_three, tr.t("options-opening_three"));
            }
            "grand_slam" => {
                super::access::checkbox(ui, &mut o.grand_slam, tr.t("options-grand_slam"));
            }
            "front_row_two_points" => {
                super::access::checkbox(
                    ui,
                    &mut o.front_row_two_points,
                    tr.t("options-front_row_two_points"),
                );
            }
            "two_captures_first" => {
                super::access::checkbox(
                    ui,
                    &mut o.two_captures_first,
                    tr.t("options-two_captures_first"),
                );
            }
            "match_target" => {
                super::access::slider(
                    ui,
                    egui::Slider::new(&mut o.match_target, 1..=24).text(tr.t("options-match")),
                );
            }
            "play_mode" => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr.t("options-mode"));
                    ui.radio_value(
                        &mut o.play_mode,
                        PlayMode::Counting,
                        tr.t("options-counting"),
                    );
                    ui.radio_value(
                        &mut o.play_mode,
                        PlayMode::NoTakeBack,
                        tr.t("options-no_take_back"),
                    );
                    let blitz = matches!(o.play_mode, PlayMode::Blitz { .. });
                    if ui.radio(blitz, tr.t("options-blitz")).clicked() {
                        o.play_mode = PlayMode::Blitz { seconds: 3 };
                    }
                });
            }
            "last_four" => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr.t("options-last_four"));
                    ui.radio_value(
                        &mut o.last_four,
                        LastFour::PenultimateCapturer,
                        tr.t("options-last_capturer"),
                    );
                    ui.radio_value(
                        &mut o.last_four,
                        LastFour::FirstFinalSeedCapturer,
                        tr.t("options-first_last_seed_capturer"),
                    );
                    ui.radio_value(&mut o.last_four, LastFour::Lottery, tr.t("options-lottery"));
                });
            }
            "stop_when_decided" => {
                super::access::checkbox(
                    ui,
                    &mut o.stop_when_decided,
                    tr.t("options-stop_when_decided"),
                );
            }
            "width" => {
                super::access::slider(
                    ui,
                    egui::Slider::new(&mut o.width, 8..=36).text(tr.t("options-width")),
                );
            }
            "bonus_up_to_k" => {
                super::access::checkbox(ui, &mut o.bonus_up_to_k, tr.t("options-bonus_up_to_k"));
            }
            "never_ending" => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr.t("options-never_ending"));
                    ui.radio_value(
                        &mut o.never_ending,
                        NeverEndingRule::Draw,
                        tr.t("options-draw"),
                    );
                    ui.radio_value(
                        &mut o.never_ending,
                        NeverEndingRule::MoverLoses,
                        tr.t("options-mover_loses"),
                    );
                });
            }
            // Who moves first is asked with the players; the seed is drawn.
            _ => {}
        }
    }
}

/// The interface settings: language, text size, contrast, motion, explanations.
pub fn settings_ui(ui: &mut egui::Ui, tr: &mut Tr, access: &mut super::access::Access) {
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.t("settings-language"));
        for lang in crate::content::i18n::Language::all() {
            ui.radio_value(&mut tr.0, lang, lang.native_name());
        }
    });
    super::access::slider(
        ui,
        egui::Slider::new(&mut access.text_scale, 0.8..=2.0)
            .step_by(0.1)
            .text(tr.t("settings-text_size")),
    );
    super::access::checkbox(
        ui,
        &mut access.high_contrast,
        tr.t("settings-high_contrast"),
    );
    let motion = super::access::checkbox(
        ui,
        &mut access.reduced_motion,
        tr.t("settings-reduced_motion"),
    );
    super::buttons::note_button(ui.ctx(), "reduced_motion", motion.rect);
    let explain = super::access::checkbox(ui, &mut access.explain, tr.t("settings-explain"));
    super::buttons::note_button(ui.ctx(), "explain", explain.rect);
}

/// Shorter windows (logical pixels) get the menu's compact title and cards.
const SHORT_MENU: f32 = 560.0;

/// The main menu.
/// Where the setup panel starts (below the game cards; set by the menu), and whether
/// another screen has taken its place (the online screen does, under the same cards).
#[derive(Resource, Default)]
pub struct SetupPanel {
    pub top: f32,
    pub taken: bool,
}

pub fn menu(
    mut contexts: EguiContexts,
    (mut tr, mut access): (ResMut<Tr>, ResMut<super::access::Access>),
    offer: Res<ResumeOffer>,
    mut computer: ResMut<ComputerPlayer>,
    mut choice: ResMut<MenuChoice>,
    mut go: MenuActions,
    (mut minis, left, mut panel): (
        ResMut<super::title::Miniatures>,
        Res<LeftAGame>,
        ResMut<SetupPanel>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit copies: the resources change (and the settings are saved) only when a
    // choice really changes, not every frame the menu is drawn.
    let mut edit = choice.clone();
    let mut level = computer.level;
    let (mut lang, mut look) = (*tr, *access);
    let t = *tr;
    let screen = ctx.content_rect();
    // The title over the live board, then a card for each game, then the chosen
    // game's options, players and start. A short window (a small kiosk screen, a
    // phone held sideways) gets a smaller title without its subtitle, and cards of
    // the picture and the name only, so that the setup below keeps some room; the
    // five cards shrink to fit a narrow one.
    let short = screen.height() < SHORT_MENU;
    let card_width = ((screen.width() - 48.0) / 5.0 - 12.0).clamp(88.0, 210.0);
    let compact = short || card_width < 130.0;
    title_and_version(ctx, t, short);
    let cards = egui::Area::new(egui::Id::new("game cards"))
        .anchor(
            egui::Align2::CENTER_TOP,
            // Short: below the "Play online" corner too (see `online_screen`).
            [0.0, if short { 72.0 } else { 86.0 }],
        )
        .show(ctx, |ui| {
            ui.set_max_width(screen.width() - 24.0);
            super::title::game_cards(ui, t, &mut edit.game, &mut minis, card_width, compact);
        });
    let below = cards.response.rect.bottom() + 10.0;
    if panel.top != below - screen.top() {
        panel.top = below - screen.top();
    }
    if panel.taken {
        return Ok(());
    }
    egui::Window::new(t.t("menu-options"))
        .id(egui::Id::new("menu setup"))
        .title_bar(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, below - screen.top()])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_width((screen.width() - 40.0).min(640.0));
            // Any window shape: the menu scrolls rather than running off the screen.
            let tall = (screen.bottom() - below - 36.0).max(90.0);
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, |ui| {
                    // Right to left: the column along the right edge, and each row in
                    // it laid out from the right (egui turns a row inside a column
                    // aligned right).
                    // (Clear of the scroll bar, which stands over the right edge.)
                    let (align, right) = if t.0.is_rtl() {
                        (egui::Align::Max, 14)
                    } else {
                        (egui::Align::Min, 0)
                    };
                    let margin = egui::Margin {
                        right,
                        ..egui::Margin::ZERO
                    };
                    egui::Frame::NONE.inner_margin(margin).show(ui, |ui| {
                        ui.with_layout(egui::Layout::top_down(align), |ui| {
                            start_row(ui, t, &mut edit, &offer, &left, &mut go);
                            ui.horizontal_wrapped(|ui| {
                                if ui.button(t.t("menu-rules")).clicked() {
                                    go.page.set(Page::Rules(edit.game));
                                }
                                if ui.button(t.t("menu-story")).clicked() {
                                    go.page.set(Page::Story(edit.game));
                                }
                                if ui.button(t.t("tutorial-start")).clicked() {
                                    go.lesson.write(StartLesson(edit.game));
                                }
                                let b = ui.button(t.t("menu-puzzles"));
                                super::buttons::note_button(ui.ctx(), "puzzles", b.rect);
                                if b.clicked() {
                                    let set = super::puzzles::set_of(&edit);
                                    let seed = edit.next_seed();
                                    go.puzzles.write(super::puzzles::StartPuzzles::at_home(
                                        super::puzzles::PuzzleChoice::Set(set),
                                        seed,
                                    ));
                                }
                            });
                            players(ui, t, &mut edit, &mut level);
                            ui.separator();
                            let game_kind = edit.game;
                            ui.heading(t.t("menu-options"));
                            options_ui(ui, t, game_kind, &mut edit.options);
                            ui.separator();
                            ui.collapsing(t.t("menu-settings"), |ui| {
                                settings_ui(ui, &mut lang, &mut look);
                            });
                            saved_games(ui, t, &offer, &mut go);
                            if let Some(n) = &go.notice.0 {
                                ui.colored_label(egui::Color32::LIGHT_RED, n);
                            }
                        });
                    });
                });
        });
    choice.set_if_neq(edit);
    if computer.level != level {
        computer.level = level;
    }
    tr.set_if_neq(lang);
    access.set_if_neq(look);
    Ok(())
}

/// The title over the live board (smaller and without its subtitle in a short
/// window), and the version, small in the bottom right corner (a technician asks for
/// it).
fn title_and_version(ctx: &egui::Context, t: Tr, short: bool) {
    let palette = &super::access::PALETTE;
    egui::Area::new(egui::Id::new("title"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 12.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(t.t("app-title"))
                        .size(if short { 28.0 } else { 40.0 })
                        .color(palette.text),
                );
                if !short {
                    ui.label(
                        egui::RichText::new(t.t("title-subtitle"))
                            .size(15.0)
                            .color(palette.muted),
                    );
                }
            });
        });
    // The version, small in the bottom right corner (a technician asks for it).
    egui::Area::new(egui::Id::new("version"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -6.0])
        .interactable(false)
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(t.f("title-version", &[("version", &crate::VERSION)]))
                    .small()
                    .color(palette.muted),
            );
        });
}

/// Start (the chosen game, fresh) and Resume (the game just left, else the autosaved
/// one; with neither, nothing to resume).
fn start_row(
    ui: &mut egui::Ui,
    t: Tr,
    edit: &mut MenuChoice,
    offer: &ResumeOffer,
    left: &LeftAGame,
    go: &mut MenuActions,
) {
    let palette = &super::access::PALETTE;
    ui.horizontal(|ui| {
        let start_button = egui::Button::new(
            egui::RichText::new(t.t("menu-start"))
                .size(20.0)
                .color(palette.ink),
        )
        .fill(palette.accent)
        .min_size(egui::vec2(160.0, 40.0));
        let start = ui.add(start_button);
        super::buttons::note_button(ui.ctx(), "start", start.rect);
        if start.clicked() {
            // Only the options this game names (the menu keeps the
            // others for when another game is chosen).
            let mut options = options_for(edit.game, edit.options);
            options.seed = edit.next_seed();
            match GameState::new(edit.game, options) {
                Ok(s) => go.play(s, edit.seats, Begin::Fresh),
                Err(e) => go.notice.0 = Some(e.to_string()),
            }
        }
        // Resume: the game just left, else (on a fresh start) the
        // autosaved one; with neither, nothing to resume.
        let autosaved = offer
            .saves
            .iter()
            .filter(|l| l.autosave)
            .find_map(|l| l.loaded.as_ref().ok().map(|loaded| (l, loaded)))
            .filter(|(_, (_, state))| !state.is_over());
        let resume = ui.add_enabled(
            left.0 || autosaved.is_some(),
            egui::Button::new(t.t("menu-resume")).min_size(egui::vec2(0.0, 40.0)),
        );
        super::buttons::note_button(ui.ctx(), "resume", resume.rect);
        if resume.clicked() {
            match autosaved.filter(|_| !left.0) {
                Some((listed, (save, state))) => go.play_saved(
                    listed,
                    save,
                    state.clone(),
                    Begin::Resume(save.record.clone()),
                ),
                None => {
                    go.seats
                        .write(crate::game::play::session::SetSeats(edit.seats));
                    go.screen.set(AppState::InGame);
                }
            }
        }
    });
}

/// The players: the choice nearly everyone makes, in view without scrolling at
/// 1280 x 720 (who sits South and North, the computer's level, who begins).
fn players(ui: &mut egui::Ui, t: Tr, edit: &mut MenuChoice, level: &mut Option<crate::ai::Level>) {
    ui.separator();
    ui.heading(t.t("menu-players"));
    let seats = &mut edit.seats;
    for (label, seat) in [
        (t.t("menu-south_near"), &mut seats.south),
        (t.t("menu-north_far"), &mut seats.north),
    ] {
        ui.horizontal(|ui| {
            ui.label(label);
            ui.radio_value(seat, Seat::Person, t.t("menu-person"));
            ui.radio_value(seat, Seat::Computer, t.t("menu-computer"));
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(t.t("menu-level"));
        for l in crate::ai::Level::ALL {
            ui.radio_value(level, Some(l), t.t(level_key(l)));
        }
    });
    let o = &mut edit.options;
    ui.horizontal_wrapped(|ui| {
        ui.label(t.t("menu-first"));
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
        ui.radio_value(&mut o.first, FirstPlayer::Random, t.t("menu-by_lot"));
    });
}

/// The saved games, each with resume (unfinished), review (finished) and watch, or
/// why it cannot be opened.
fn saved_games(ui: &mut egui::Ui, t: Tr, offer: &ResumeOffer, go: &mut MenuActions) {
    if !offer.saves.is_empty() {
        ui.separator();
        ui.heading(t.t("menu-saved_games"));
        for listed in &offer.saves {
            let label = if listed.autosave {
                t.t("menu-autosave")
            } else {
                listed.label.as_str()
            };
            match &listed.loaded {
                Ok((save, state)) => {
                    let finished = if state.is_over() {
                        t.t("menu-finished")
                    } else {
                        ""
                    };
                    let moves = save.record.decisions.len();
                    ui.label(t.f(
                        "menu-saved_line",
                        &[
                            ("label", &label),
                            ("game", &state.game().name()),
                            ("moves", &moves),
                            ("finished", &finished),
                        ],
                    ));
                    let name = if listed.autosave {
                        "autosave"
                    } else {
                        listed.label.as_str()
                    };
                    ui.horizontal(|ui| {
                        let resume = (!state.is_over()).then(|| ui.button(t.t("menu-resume")));
                        if let Some(r) = &resume {
                            super::buttons::note_button(
                                ui.ctx(),
                                &format!("resume:{name}"),
                                r.rect,
                            );
                        }
                        if resume.is_some_and(|r| r.clicked()) {
                            go.play_saved(
                                listed,
                                save,
                                state.clone(),
                                Begin::Resume(save.record.clone()),
                            );
                        }
                        // A finished game: its review, on the board
                        // as it ended.
                        if state.is_over() && !save.record.decisions.is_empty() {
                            let review = ui.button(t.t("review-open"));
                            super::buttons::note_button(
                                ui.ctx(),
                                &format!("review:{name}"),
                                review.rect,
                            );
                            if review.clicked() {
                                go.play_saved(
                                    listed,
                                    save,
                                    state.clone(),
                                    Begin::Resume(save.record.clone()),
                                );
                                go.open_review.write(OpenReview::default());
                            }
                        }
                        let watch = ui.button(t.t("menu-watch"));
                        super::buttons::note_button(ui.ctx(), &format!("watch:{name}"), watch.rect);
                        if watch.clicked() {
                            match save.record.start_state() {
                                Ok(start) => go.play(
                                    start,
                                    Seats::from_saved(save.seats),
                                    Begin::Watch(save.record.clone()),
                                ),
                                Err(e) => go.notice.0 = Some(e.to_string()),
                            }
                        }
                    });
                }
                Err(e) => {
                    ui.colored_label(
                        egui::Color32::LIGHT_RED,
                        t.f("menu-cannot_open", &[("label", &label), ("why", e)]),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options unlike the defaults in everything.
    fn everything_changed() -> Options {
        Options {
            set_up: SetUp::Free,
            opening_three: false,
            grand_slam: false,
            two_captures_first: true,
            match_target: 5,
            play_mode: PlayMode::NoTakeBack,
            last_four: LastFour::Lottery,
            stop_when_decided: true,
            width: 12,
            bonus_up_to_k: true,
            never_ending: NeverEndingRule::MoverLoses,
            ..Options::default()
        }
    }

    #[test]
    fn each_game_keeps_the_options_it_names_and_the_rules_accept_them() {
        let all = everything_changed();
        for g in Game::ALL {
            let kept = options_for(g, all);
            GameState::new(g, kept).unwrap_or_else(|e| panic!("{g}: {e}"));
            let json = |o: Options| serde_json::to_value(o).unwrap();
            let (kept, all, default) = (json(kept), json(all), json(Options::default()));
            for (name, value) in kept.as_object().unwrap() {
                let expected = if g.option_names().contains(&name.as_str()) {
                    &all[name]
                } else {
                    &default[name]
                };
                assert_eq!(value, expected, "{g}: {name}");
            }
        }
        // Nsolo keeps its width; Hawalis (4 x 7) does not take it.
        assert_eq!(options_for(Game::Nsolo, all).width, 12);
        assert_eq!(
            options_for(Game::Hawalis, all).width,
            Options::default().width
        );
    }
}
