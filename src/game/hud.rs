//! The heads-up display (egui): the game, whose turn it is, the seeds taken.

use super::CurrentGame;
use crate::rules::{Game, GameResult, Pending, Player};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// The HUD.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(EguiPrimaryContextPass, hud);
}

/// One line saying what happens now.
pub fn status_line(game: &crate::rules::GameState) -> String {
    match game.pending() {
        Pending::Over(o) | Pending::NextGame(o) => match o.result {
            GameResult::Win(p) => format!("{p} wins: {}", o.reason.describe()),
            GameResult::Draw => format!("Draw: {}", o.reason.describe()),
            GameResult::Annulled => format!("Game annulled: {}", o.reason.describe()),
        },
        Pending::Direction(_) => format!("{} chooses a direction", game.to_decide()),
        Pending::Strip { remaining } => {
            format!("{} strips {remaining} more seeds", game.to_decide())
        }
        Pending::Arrange => format!("{} arranges his seeds", game.to_decide()),
        Pending::Turn => format!("{} to move", game.to_decide()),
    }
}

fn hud(mut contexts: EguiContexts, game: Res<CurrentGame>) -> Result {
    let s = &game.0;
    egui::Window::new(s.game().name())
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(status_line(s));
            for p in [Player::North, Player::South] {
                let line = match s.game() {
                    Game::Anywoli => format!("{p}: store {}", s.seeds().stores[p as usize]),
                    Game::Omweso => format!(
                        "{p}: {} seeds, {} points",
                        s.side_total(p),
                        s.match_score().map_or(0, |m| m.points[p])
                    ),
                    _ => format!("{p}: captured {}", s.seeds().captured[p as usize]),
                };
                ui.label(line);
            }
        });
    Ok(())
}
