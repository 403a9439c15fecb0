//! The online room's line in the HUD's status panel: what it shows of the room (the
//! online plugin keeps [`RoomLine`] from its connection) and what it asks for
//! ([`OnlineRequest`](crate::game::shared::OnlineRequest)s written by the status panel). The words for a room's players,
//! codes and phrases are here too, for the online screen as well.

use crate::game::shared::{PALETTE, network_offline};
use crate::game::ui::language::Tr;
use crate::online::protocol::{Phrase, RatingChange, SeatPlayer, SeatPlayers, SeatState};
use crate::rules::Player;
use bevy::prelude::*;
use bevy_egui::egui;

/// The connection as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Connected,
    /// Lost; trying again every two seconds.
    Reconnecting,
    /// Given up (the server refused, or the room closed).
    Closed,
}

/// The online room as its line shows it: present while this player follows online
/// play (the online plugin keeps it from its connection).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct RoomLine {
    /// The room's code, once the server has given or confirmed it.
    pub code: Option<String>,
    pub link: Link,
    /// This player's seat (`None`: watching).
    pub seat: Option<Player>,
    /// Who is in the room.
    pub seats: [SeatState; 2],
    /// Who holds each seat, with ratings.
    pub players: SeatPlayers,
    /// The ratings before and after the game, once it was rated.
    pub rated: Option<[RatingChange; 2]>,
    /// Which players have asked for a rematch.
    pub rematch: [bool; 2],
}

/// A phrase in the reader's language.
pub fn phrase_text(tr: Tr, phrase: Phrase) -> &'static str {
    tr.t(match phrase {
        Phrase::GoodGame => "online-phrase-good_game",
        Phrase::WellPlayed => "online-phrase-well_played",
        Phrase::ThankYou => "online-phrase-thank_you",
        Phrase::YourMove => "online-phrase-your_move",
    })
}

/// A seated player as a line shows him: his name (a guest's word without one) and
/// his rating.
pub fn who(tr: Tr, p: Option<&SeatPlayer>) -> String {
    match p {
        Some(SeatPlayer {
            name,
            rating: Some(r),
        }) => format!("{name} ({r})"),
        Some(p) => p.name.clone(),
        None => tr.t("online-guest").to_string(),
    }
}

/// A room code as it is read aloud: two groups of three.
pub fn spaced(code: Option<&str>) -> String {
    match code {
        Some(c) if c.len() == 6 => format!("{} {}", &c[..3], &c[3..]),
        Some(c) => c.to_string(),
        None => "…".to_string(),
    }
}

/// What the room's line asks for.
pub enum RoomAction {
    Leave,
    Rematch,
    Say(Phrase),
}

/// The room's line in the HUD's status bar: its code, the connection, who is in each
/// seat (name, rating, here or away), the ratings' change once rated, the phrases,
/// rematch once the game is over, and Leave.
pub fn room_row(ui: &mut egui::Ui, tr: &Tr, game: &RoomLine, over: bool) -> Option<RoomAction> {
    let tr = *tr;
    let link = match game.link {
        // The browser says it has no network: the connection cannot last, whatever it says.
        Link::Connecting | Link::Connected | Link::Reconnecting if network_offline() => {
            tr.t("online-offline_short")
        }
        Link::Connecting => tr.t("online-connecting"),
        Link::Connected => tr.t("online-connected"),
        Link::Reconnecting => tr.t("online-reconnecting"),
        Link::Closed => tr.t("online-closed"),
    };
    // Short, for a small window: a player who is here needs no word.
    let seat = |p: Player| match game.seats[p as usize] {
        SeatState::Open => format!("{}: {}", tr.player(p), tr.t("online-seat_open")),
        SeatState::Here => format!("{} {}", tr.player(p), who(tr, game.players.of(p))),
        SeatState::Away => format!(
            "{} {}, {}",
            tr.player(p),
            who(tr, game.players.of(p)),
            tr.t("online-seat_away")
        ),
    };
    let code = spaced(game.code.as_deref());
    ui.label(tr.f("online-room_line", &[("code", &code), ("link", &link)]));
    ui.separator();
    ui.label(format!("{} · {}", seat(Player::South), seat(Player::North)));
    let mut action = None;
    ui.separator();
    if let Some(changes) = &game.rated {
        // The ratings' change on a line of its own.
        ui.end_row();
        for p in Player::BOTH {
            let c = changes[p as usize];
            let name = game
                .players
                .of(p)
                .map_or(tr.player(p).to_string(), |s| s.name.clone());
            ui.label(
                egui::RichText::new(tr.f(
                    "online-rated_line",
                    &[
                        ("player", &name),
                        ("before", &c.before.to_string()),
                        ("after", &c.after.to_string()),
                    ],
                ))
                .color(PALETTE.accent),
            );
        }
    }
    match game.seat {
        None => {
            ui.label(tr.t("online-watching"));
        }
        Some(me) => {
            // One button for the four phrases: the line stays short in a small window.
            ui.menu_button(egui::RichText::new(tr.t("online-say")).small(), |ui| {
                for phrase in Phrase::ALL {
                    if ui.button(phrase_text(tr, phrase)).clicked() {
                        action = Some(RoomAction::Say(phrase));
                        ui.close();
                    }
                }
            });
            if over {
                let (asked, offered) = (
                    game.rematch[me as usize],
                    game.rematch[me.opponent() as usize],
                );
                let word = if asked {
                    tr.t("online-rematch_asked")
                } else if offered {
                    tr.t("online-accept_rematch")
                } else {
                    tr.t("online-rematch")
                };
                let button = egui::Button::new(egui::RichText::new(word).color(PALETTE.ink))
                    .fill(PALETTE.accent);
                if ui.add_enabled(!asked, button).clicked() {
                    action = Some(RoomAction::Rematch);
                }
            }
        }
    }
    if ui.small_button(tr.t("online-leave")).clicked() {
        action = Some(RoomAction::Leave);
    }
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_in_two_groups() {
        assert_eq!(spaced(Some("ABC234")), "ABC 234");
        assert_eq!(spaced(None), "…");
    }
}
