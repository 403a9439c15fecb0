//! The status panel along the top edge: the game, whose turn it is or what happens, the
//! two sides' tallies, the match, the last move, the online room, and the lines that
//! come and go under them.

use super::*;

/// One line saying what happens now.
pub fn status_line(tr: Tr, game: &GameState) -> String {
    let who = tr.player(game.to_decide());
    match game.pending() {
        Pending::Over(o) | Pending::NextGame(o) => tr.outcome(o),
        Pending::Direction(_) => tr.f("status-direction", &[("player", &who)]),
        Pending::Strip { remaining } => tr.f(
            "status-strip",
            &[("player", &who), ("remaining", remaining)],
        ),
        Pending::Arrange => tr.f("status-arrange", &[("player", &who)]),
        Pending::Turn => tr.f("status-to_move", &[("player", &who)]),
    }
}

/// One side's tally in the HUD: Anywoli's store, the seeds on an Omweso side, or the
/// seeds a player has captured.
pub fn side_tally(tr: Tr, s: &GameState, shown: &crate::rules::Tableau, p: Player) -> String {
    let who = tr.player(p);
    match s.game() {
        Game::Anywoli => tr.f(
            "hud-store",
            &[("player", &who), ("n", &shown.stores[p as usize])],
        ),
        Game::Omweso => {
            let own: u32 = shown.pits[s.board().own_pits(p)]
                .iter()
                .map(|&n| n as u32)
                .sum();
            tr.f("hud-on_side", &[("player", &who), ("n", &own)])
        }
        _ => tr.f(
            "hud-captured",
            &[("player", &who), ("n", &shown.captured[p as usize])],
        ),
    }
}

/// The games of a match so far, one line each (the match score's tooltip).
fn match_games(ui: &mut egui::Ui, tr: Tr, m: &crate::rules::MatchScore) {
    for (i, g) in m.games.iter().enumerate() {
        let r = match g.outcome.result {
            GameResult::Win(p) => format!("{} +{}", tr.player(p), g.outcome.points),
            GameResult::Draw => tr.t("hud-draw").to_string(),
            GameResult::Annulled => tr.t("hud-annulled").to_string(),
        };
        let why = tr.t(crate::content::i18n::reason_key(g.outcome.reason));
        ui.label(tr.f(
            "hud-match_game",
            &[("n", &(i + 1)), ("result", &r), ("why", &why)],
        ));
    }
}

/// The status panel, in the room the action bar leaves along the top edge: the game,
/// whose turn or what happens, the two sides' tallies, the match, the last move, the
/// online room; under them the lines that come and go (a banner, a notice, a
/// confirmation). Returns where it is, and notes how far down its rows reach.
#[allow(clippy::too_many_arguments)]
pub(super) fn status_panel(
    ctx: &egui::Context,
    at: HudFrame,
    s: &GameState,
    actions: egui::Rect,
    shown: &HudShows,
    anim: &Animation,
    go: &mut HudActions,
    measured: &mut MeasuredBars,
) -> egui::Rect {
    let HudFrame { tr, screen, .. } = at;
    let counts = shown_counts(&shown.game.0, &shown.history, *shown.viewing, anim).clone();
    let last = &shown.last.0;
    let status_width = if at.rtl {
        (screen.right() - actions.right() - 36.0).max(160.0)
    } else {
        (actions.left() - screen.left() - 36.0).max(160.0)
    };
    // Once the game is over the result panel says how it ended; in a short window the
    // status keeps to the game and the scores, so that the panel finds room below them.
    let result_below =
        at.short && !anim.busy() && shown.viewing.0.is_none() && s.outcome().is_some();
    let (status_corner, status_at) = corner(egui::Align2::LEFT_TOP, [12.0, 10.0], at.rtl);
    egui::Area::new(egui::Id::new(STATUS_BAR))
        .anchor(status_corner, status_at)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    ui.set_max_width(status_width);
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(s.game().name()).heading());
                        if !result_below {
                            ui.separator();
                            let now = match (last, anim.busy()) {
                                (Some((who, _)), true) => {
                                    tr.f("hud-moving", &[("player", &tr.player(*who))])
                                }
                                _ => status_line(tr, s),
                            };
                            ui.label(egui::RichText::new(now).strong());
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        ui.label(side_tally(tr, s, &counts, Player::North));
                        ui.separator();
                        ui.label(side_tally(tr, s, &counts, Player::South));
                        if let Some(m) = s.match_score() {
                            ui.separator();
                            let score = ui.label(tr.f(
                                "hud-match_to",
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
                        if let Some((who, d)) = last.as_ref().filter(|_| !result_below) {
                            ui.separator();
                            // In one piece: on a narrow panel it moves to the next
                            // row rather than breaking after "Last".
                            let text = tr.f(
                                "hud-last_move",
                                &[("player", &tr.player(*who)), ("move", d)],
                            );
                            ui.add(
                                egui::Label::new(egui::RichText::new(text).small())
                                    .wrap_mode(egui::TextWrapMode::Extend),
                            );
                        }
                    });
                    if let Some(room) = &shown.online {
                        ui.horizontal_wrapped(|ui| {
                            use super::room::{RoomAction, room_row};
                            use crate::game::shared::OnlineRequest;
                            let over = shown.game.0.is_over();
                            match room_row(ui, &tr, room, over) {
                                Some(RoomAction::Leave) => {
                                    go.online.write(OnlineRequest::Leave);
                                }
                                Some(RoomAction::Rematch) => {
                                    go.online.write(OnlineRequest::Rematch);
                                }
                                Some(RoomAction::Say(phrase)) => {
                                    go.online.write(OnlineRequest::Say(phrase));
                                }
                                None => {}
                            }
                        });
                    }
                    // The camera keeps the board below these rows; the lines
                    // that come and go (a banner, a notice) may cover its edge.
                    let rows = ui.min_rect().bottom() + 8.0 - screen.top();
                    measured.0.top = measured.0.top.max(rows);
                    if !at.short
                        && let Some(b) = &anim.banner
                    {
                        ui.strong(tr.line(b.clone()));
                    }
                    if let Some(n) = &shown.notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                    if let Some(said) = &shown.done.text {
                        let colour = crate::game::ui::access::PALETTE
                            .text
                            .gamma_multiply(shown.done.opacity());
                        ui.colored_label(colour, said);
                    }
                });
        })
        .response
        .rect
}
