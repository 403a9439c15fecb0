//! What comes from the server: the socket read each frame, and what each message
//! changes in the room as this player sees it and in the game.

use super::*;

/// What a message from the server changes besides the room itself: the decisions to
/// play, the game started, the screen, the outbox, undo and the notice.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Arrivals<'w> {
    decisions: MessageWriter<'w, DecisionMade>,
    start: MessageWriter<'w, StartGame>,
    screen: ResMut<'w, NextState<AppState>>,
    outbox: ResMut<'w, Outbox>,
    undo: ResMut<'w, UndoPolicy>,
    notice: ResMut<'w, Notice>,
    tr: Res<'w, crate::game::ui::language::Tr>,
}

/// Whether to go on reading the socket after a message.
#[derive(PartialEq, Eq)]
enum Next {
    Go,
    /// The connection is over (closed here).
    Stop,
}

pub(super) fn receive(
    game: Option<ResMut<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    mut to: Arrivals,
) {
    let Some(mut game) = game else { return };
    let Some((_, rx)) = &socket.0 else { return };
    let mut events = Vec::new();
    while let Some(event) = rx.try_recv() {
        events.push(event);
    }
    for event in events {
        match event {
            ewebsock::WsEvent::Opened => {
                let hello = game.hello();
                socket.send(&hello);
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                let Ok(message) = serde_json::from_str::<ServerMessage>(&text) else {
                    game.problem = Some(to.tr.t("online-unknown").into());
                    continue;
                };
                if on_message(message, &mut game, &mut socket, &mut to) == Next::Stop {
                    return;
                }
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                lost(&mut game, &mut socket, e);
                return;
            }
            ewebsock::WsEvent::Closed => {
                lost(
                    &mut game,
                    &mut socket,
                    "the server closed the connection".into(),
                );
                return;
            }
        }
    }
}

/// The room as the server sees it: its seats and players, and, on the first view of
/// it or one that missed decisions it could not catch up on, its game started from
/// the server's position.
fn on_room(
    game: &mut OnlineGame,
    to: &mut Arrivals,
    (room, seq, p): (String, u64, &serde_json::Value),
    seats: [SeatState; 2],
    players: SeatPlayers,
) {
    game.room = Some(room);
    game.seats = seats;
    game.players = players;
    game.waiting = None;
    game.lobby = None;
    if !game.started || seq != game.seq {
        // The first view of the room, or one that missed decisions
        // it could not catch up on: start from the server's position.
        match position(p) {
            Ok(state) => {
                let seats = seats_for(game.seat);
                to.start.write(StartGame::fresh(state, seats));
                game.own_starts += 1;
                to.screen.set(AppState::InGame);
                game.started = true;
                game.seq = seq;
                to.outbox.sending = true;
                to.undo.0 = false;
            }
            Err(e) => game.problem = Some(e),
        }
    }
}

/// One message from the server: what it changes in the room as this player sees it,
/// and in the game.
fn on_message(
    message: ServerMessage,
    game: &mut OnlineGame,
    socket: &mut Socket,
    to: &mut Arrivals,
) -> Next {
    match message {
        ServerMessage::Welcome { .. } => {
            game.greeted = true;
            game.link = Link::Connected;
            let ask = hello_then(game);
            socket.send(&ask);
        }
        ServerMessage::Seated { room, seat, token } => {
            game.room = Some(room);
            game.seat = Some(seat);
            game.token = Some(token);
            game.waiting = None;
            game.lobby = None;
        }
        ServerMessage::Room {
            room,
            seq,
            position: p,
            south,
            north,
            players,
            ..
        } => on_room(game, to, (room, seq, &p), [south, north], players),
        ServerMessage::Played { seq, decision, .. } => {
            if seq == game.seq + 1 {
                to.decisions.write(DecisionMade {
                    decision,
                    at: DecidedAt::Server,
                });
                game.seq = seq;
            }
            // An earlier number was already played here; a later one
            // cannot come before its predecessors (the server sends in
            // order, and a resumed room is caught up first).
        }
        ServerMessage::Seats {
            south,
            north,
            players,
            ..
        } => {
            game.seats = [south, north];
            game.players = players;
        }
        ServerMessage::Lobby {
            open,
            playing,
            open_total,
            playing_total,
        } => {
            game.lobby = Some(LobbyView {
                open,
                playing,
                open_total,
                playing_total,
            })
        }
        ServerMessage::Waiting { waiting, playing } => game.waiting = Some((waiting, playing)),
        ServerMessage::Rated { south, north, .. } => {
            game.rated = Some([south, north]);
        }
        ServerMessage::RematchOffered { by, .. } => game.rematch[by as usize] = true,
        ServerMessage::Rematched { to, .. } => {
            // The new room's `seated` (for a player) and `room` follow:
            // its game starts from them.
            game.room = Some(to);
            game.token = None;
            game.seat = None;
            game.started = false;
            game.seq = 0;
            game.rated = None;
            game.rematch = [false; 2];
            game.said = None;
        }
        ServerMessage::Said { by, phrase, .. } => {
            game.said = Some((by, phrase));
            to.notice.0 = Some(to.tr.f(
                "online-said",
                &[
                    ("player", &to.tr.player(by)),
                    ("phrase", &phrase_text(*to.tr, phrase)),
                ],
            ));
        }
        ServerMessage::Leaderboard { game: g, players } => {
            game.leaderboard = Some((g, players));
        }
        ServerMessage::Expired { .. } => {
            game.link = Link::Closed;
            game.problem = Some(to.tr.t("online-expired").into());
            socket.0 = None;
            return Next::Stop;
        }
        ServerMessage::Error { code, message } => {
            to.notice.0 = Some(message.clone());
            game.problem = Some(message);
            if matches!(
                code,
                ErrorCode::Version
                    | ErrorCode::NoRoom
                    | ErrorCode::RoomFull
                    | ErrorCode::BadToken
                    | ErrorCode::TooManyRooms
                    | ErrorCode::BadOptions
                    | ErrorCode::BadName
                    | ErrorCode::BadKey
            ) && !game.started
            {
                game.link = Link::Closed;
                socket.0 = None;
                return Next::Stop;
            }
        }
        ServerMessage::Pong => {}
    }
    Next::Go
}
