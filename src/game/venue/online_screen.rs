//! Online play's interface: the title screen's "Play online" screen (your name, play
//! someone now, the lobby's open rooms and games in progress, a room of your own,
//! a room by its code), and in a room the code to share while the opponent is
//! awaited (the HUD's room line is [`crate::game::ui::hud::room`]).

use super::online::{LobbyView, OnlineGame, OnlinePlayer, OnlineRequest, default_server};
use crate::game::shared::network_offline;
use crate::game::ui::access::PALETTE;
use crate::game::ui::hud::room::{spaced, who};
use crate::game::ui::language::Tr;
use crate::game::ui::menu::SetupPanel;
use crate::game::{AppState, MenuChoice};
use crate::online::protocol::check_name;
use bevy::prelude::*;
use bevy_egui::egui;

/// The online interface's systems.
pub fn ui_plugin(app: &mut App) {
    app.init_resource::<OnlineForm>()
        .init_resource::<OnlineScreen>()
        .init_resource::<SetupPanel>()
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                online_screen
                    .run_if(in_state(AppState::Menu))
                    .run_if(in_state(crate::game::Venue::Home)),
                share_code.run_if(in_state(AppState::InGame)),
            )
                .in_set(crate::game::DrawInterface),
        );
}

/// What the player typed on the online screen.
#[derive(Resource)]
pub struct OnlineForm {
    pub server: String,
    pub code: String,
    /// List the room to be created in the lobby.
    pub public: bool,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            server: default_server(),
            code: String::new(),
            public: true,
        }
    }
}

/// Whether the title screen shows the online screen instead of the game's setup.
#[derive(Resource, Default)]
pub struct OnlineScreen {
    pub open: bool,
}

/// The title screen's corner button, or (open) the online screen in place of the
/// setup: the same panel, under the same game cards (the chosen card is the game to
/// play or create).
fn online_screen(
    mut contexts: bevy_egui::EguiContexts,
    tr: Res<Tr>,
    choice: Res<MenuChoice>,
    (mut form, mut screen, mut player, mut panel): (
        ResMut<OnlineForm>,
        ResMut<OnlineScreen>,
        ResMut<OnlinePlayer>,
        ResMut<SetupPanel>,
    ),
    mut ask: MessageWriter<OnlineRequest>,
    game: Option<Res<OnlineGame>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tr = *tr;
    let server = form.server.trim().to_string();
    if panel.taken != screen.open {
        panel.taken = screen.open;
    }
    if !screen.open {
        // At the bottom left, beside the menu's setup (at most 640 wide, centred);
        // where the window is too narrow for both, at the top right, beside the title.
        let narrow = ctx.content_rect().width() < 1060.0;
        let (corner, offset, size) = if narrow {
            (egui::Align2::RIGHT_TOP, [-12.0, 12.0], 16.0)
        } else {
            (egui::Align2::LEFT_BOTTOM, [12.0, -12.0], 20.0)
        };
        egui::Area::new(egui::Id::new("online corner"))
            .anchor(corner, offset)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(PALETTE.panel)
                    .corner_radius(10)
                    .inner_margin(6)
                    .show(ui, |ui| {
                        let open = ui.add(
                            egui::Button::new(egui::RichText::new(tr.t("online-title")).size(size))
                                .min_size(egui::vec2(size * 8.0, size * 2.2))
                                // One line: a line of a right-to-left language broken by
                                // egui would read in the wrong order.
                                .wrap_mode(egui::TextWrapMode::Extend),
                        );
                        crate::game::ui::buttons::note_button(ui.ctx(), "online", open.rect);
                        if open.clicked() {
                            screen.open = true;
                            ask.write(OnlineRequest::Lobby {
                                server: server.clone(),
                            });
                        }
                    });
            });
        return Ok(());
    }
    if game.is_none() {
        // Back from a room (or the lobby's connection ended): follow the lobby again.
        ask.write(OnlineRequest::Lobby {
            server: server.clone(),
        });
    }
    let rect = ctx.content_rect();
    let top = if panel.top > 0.0 { panel.top } else { 300.0 };
    egui::Window::new(tr.t("online-title"))
        .id(egui::Id::new("online screen"))
        .title_bar(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_width((rect.width() - 40.0).min(640.0));
            let tall = (rect.height() - top - 36.0).max(120.0);
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, |ui| {
                    let back = ui.horizontal(|ui| {
                        let back = ui.add(
                            egui::Button::new(tr.t("online-back")).min_size(egui::vec2(0.0, 36.0)),
                        );
                        crate::game::ui::buttons::note_button(ui.ctx(), "online back", back.rect);
                        ui.label(egui::RichText::new(tr.t("online-title")).size(24.0));
                        back.clicked()
                    });
                    if back.inner {
                        screen.open = false;
                        ask.write(OnlineRequest::Leave);
                    }
                    ui.separator();
                    if network_offline() {
                        ui.colored_label(PALETTE.accent, tr.t("online-offline"));
                        ui.separator();
                    }
                    name_row(ui, tr, &mut player);
                    ui.add_space(6.0);
                    quick_match(ui, tr, &choice, &server, game.as_deref(), &mut ask);
                    ui.separator();
                    lobby_lists(ui, tr, &server, game.as_deref(), &mut ask);
                    ui.separator();
                    leaderboard(ui, tr, &choice, game.as_deref(), &mut ask);
                    ui.separator();
                    own_room(ui, tr, &choice, &mut form, &mut ask);
                    if let Some(problem) = game.as_ref().and_then(|g| g.problem.as_ref()) {
                        ui.colored_label(PALETTE.accent, problem);
                    }
                });
        });
    Ok(())
}

/// The player's name, checked as the server checks it.
fn name_row(ui: &mut egui::Ui, tr: Tr, player: &mut OnlinePlayer) {
    ui.horizontal(|ui| {
        ui.label(tr.t("online-your_name"));
        let mut name = player.0.name.clone();
        let field = egui::TextEdit::singleline(&mut name)
            .desired_width(220.0)
            .char_limit(40)
            .hint_text(tr.t("online-name_hint"));
        if ui.add(field).changed() {
            player.0.name = name;
        }
    });
    if !player.0.name.is_empty()
        && let Err(e) = check_name(&player.0.name)
    {
        ui.colored_label(PALETTE.accent, e);
    }
}

/// "Play someone now" for the chosen game, or the wait for an opponent.
fn quick_match(
    ui: &mut egui::Ui,
    tr: Tr,
    choice: &MenuChoice,
    server: &str,
    game: Option<&OnlineGame>,
    ask: &mut MessageWriter<OnlineRequest>,
) {
    if let Some((waiting, playing)) = game.and_then(|g| g.waiting) {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(tr.f(
                "online-looking",
                &[
                    ("waiting", &waiting.to_string()),
                    ("playing", &playing.to_string()),
                ],
            ));
            if ui.button(tr.t("online-cancel")).clicked() {
                ask.write(OnlineRequest::Lobby {
                    server: server.to_string(),
                });
            }
        });
        return;
    }
    let quick = egui::Button::new(
        egui::RichText::new(tr.f("online-quick", &[("game", &choice.game.name())]))
            .size(20.0)
            .color(PALETTE.ink),
    )
    .fill(PALETTE.accent)
    .min_size(egui::vec2(240.0, 44.0));
    let quick = ui.add(quick);
    crate::game::ui::buttons::note_button(ui.ctx(), "quick match", quick.rect);
    if quick.clicked() {
        ask.write(OnlineRequest::Quick {
            server: server.to_string(),
            game: choice.game,
            options: crate::game::ui::menu::options_for(choice.game, choice.options),
        });
    }
}

/// How long a room has waited, in words.
fn waited(tr: Tr, s: u64) -> String {
    if s < 60 {
        tr.f("online-seconds", &[("n", &s.to_string())])
    } else {
        tr.f("online-minutes", &[("n", &(s / 60).to_string())])
    }
}

/// The lobby: open rooms to join and games to watch, a tap each.
fn lobby_lists(
    ui: &mut egui::Ui,
    tr: Tr,
    server: &str,
    game: Option<&OnlineGame>,
    ask: &mut MessageWriter<OnlineRequest>,
) {
    let Some(lobby) = game.and_then(|g| g.lobby.as_ref()) else {
        ui.label(egui::RichText::new(tr.t("online-lobby_loading")).color(PALETTE.muted));
        return;
    };
    let LobbyView {
        open,
        playing,
        open_total,
        playing_total,
    } = lobby;
    ui.label(
        egui::RichText::new(format!("{} ({open_total})", tr.t("online-open_rooms"))).size(18.0),
    );
    if open.is_empty() {
        ui.label(egui::RichText::new(tr.t("online-no_open")).color(PALETTE.muted));
    }
    for room in open {
        ui.horizontal_wrapped(|ui| {
            let join =
                ui.add(egui::Button::new(tr.t("online-join")).min_size(egui::vec2(72.0, 34.0)));
            crate::game::ui::buttons::note_button(
                ui.ctx(),
                &format!("join {}", room.room),
                join.rect,
            );
            if join.clicked() {
                ask.write(OnlineRequest::Join {
                    server: server.to_string(),
                    code: room.room.clone(),
                });
            }
            ui.label(egui::RichText::new(room.game.name()).strong());
            ui.label(who(tr, room.player.as_ref()));
            if !room.options.is_empty() {
                ui.label(
                    egui::RichText::new(&room.options)
                        .small()
                        .color(PALETTE.muted),
                );
            }
            ui.label(
                egui::RichText::new(tr.f("online-waited", &[("time", &waited(tr, room.waited_s))]))
                    .small()
                    .color(PALETTE.muted),
            );
        });
    }
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(format!("{} ({playing_total})", tr.t("online-in_play"))).size(18.0),
    );
    if playing.is_empty() {
        ui.label(egui::RichText::new(tr.t("online-none_playing")).color(PALETTE.muted));
    }
    for g in playing {
        ui.horizontal_wrapped(|ui| {
            let watch =
                ui.add(egui::Button::new(tr.t("online-watch")).min_size(egui::vec2(72.0, 34.0)));
            if watch.clicked() {
                ask.write(OnlineRequest::Watch {
                    server: server.to_string(),
                    code: g.room.clone(),
                });
            }
            ui.label(egui::RichText::new(g.game.name()).strong());
            ui.label(tr.f(
                "online-vs",
                &[
                    ("south", &who(tr, g.players.south.as_ref())),
                    ("north", &who(tr, g.players.north.as_ref())),
                ],
            ));
            let more = format!(
                "{} · {}",
                tr.f("online-move_no", &[("n", &g.moves.to_string())]),
                tr.f("online-watchers", &[("n", &g.spectators.to_string())])
            );
            ui.label(egui::RichText::new(more).small().color(PALETTE.muted));
        });
    }
}

/// The chosen game's best players (asked for on a tap).
fn leaderboard(
    ui: &mut egui::Ui,
    tr: Tr,
    choice: &MenuChoice,
    game: Option<&OnlineGame>,
    ask: &mut MessageWriter<OnlineRequest>,
) {
    let shown = game
        .and_then(|g| g.leaderboard.as_ref())
        .filter(|(g, _)| *g == choice.game);
    let label = tr.f("online-leaderboard", &[("game", &choice.game.name())]);
    if shown.is_none() {
        if ui.button(label).clicked() {
            ask.write(OnlineRequest::Leaderboard(choice.game));
        }
        return;
    }
    ui.label(egui::RichText::new(label).size(18.0));
    let players = shown.map(|(_, p)| p.as_slice()).unwrap_or_default();
    if players.is_empty() {
        ui.label(egui::RichText::new(tr.t("online-no_ranked")).color(PALETTE.muted));
    }
    egui::Grid::new("leaderboard").striped(true).show(ui, |ui| {
        for (i, p) in players.iter().enumerate() {
            ui.label(format!("{}.", i + 1));
            ui.label(&p.name);
            ui.label(egui::RichText::new(p.rating.to_string()).strong());
            ui.label(
                egui::RichText::new(tr.f("online-games", &[("n", &p.games.to_string())]))
                    .small()
                    .color(PALETTE.muted),
            );
            ui.end_row();
        }
    });
}

/// A room of one's own (public or by code), and a room by its code.
fn own_room(
    ui: &mut egui::Ui,
    tr: Tr,
    choice: &MenuChoice,
    form: &mut OnlineForm,
    ask: &mut MessageWriter<OnlineRequest>,
) {
    let server = form.server.trim().to_string();
    ui.horizontal_wrapped(|ui| {
        let create = ui.add(
            egui::Button::new(tr.f("online-create", &[("game", &choice.game.name())]))
                .min_size(egui::vec2(0.0, 36.0)),
        );
        crate::game::ui::buttons::note_button(ui.ctx(), "online create", create.rect);
        if create.clicked() {
            ask.write(OnlineRequest::Create {
                server: server.clone(),
                game: choice.game,
                options: crate::game::ui::menu::options_for(choice.game, choice.options),
                public: form.public,
            });
        }
        ui.checkbox(&mut form.public, tr.t("online-public"));
    });
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.t("online-by_code"));
        ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .desired_width(90.0)
                .char_limit(12),
        );
        let code = crate::online::room::normalise_code(&form.code);
        if ui
            .add_enabled(code.is_some(), egui::Button::new(tr.t("online-join")))
            .clicked()
        {
            ask.write(OnlineRequest::Join {
                server: server.clone(),
                code: code.clone().unwrap_or_default(),
            });
        }
        if ui
            .add_enabled(code.is_some(), egui::Button::new(tr.t("online-watch")))
            .clicked()
        {
            ask.write(OnlineRequest::Watch {
                server: server.clone(),
                code: code.unwrap_or_default(),
            });
        }
    });
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr.t("online-server"))
                .small()
                .color(PALETTE.muted),
        );
        ui.add(egui::TextEdit::singleline(&mut form.server).desired_width(220.0));
    });
}

/// The room's code, large enough to read across a table, while the opponent has yet
/// to join (the room's line in the HUD says the rest).
fn share_code(
    mut contexts: bevy_egui::EguiContexts,
    tr: Res<Tr>,
    game: Option<Res<OnlineGame>>,
) -> Result {
    let Some(game) = game.filter(|g| g.waiting_for_opponent()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr.t("online-share_title"))
        .id(egui::Id::new("online code"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(spaced(game.room.as_deref()))
                        .size(64.0)
                        .monospace()
                        .color(PALETTE.accent),
                );
                ui.label(tr.t("online-share_hint"));
            });
        });
    Ok(())
}
