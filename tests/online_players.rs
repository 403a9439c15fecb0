//! Online play between players who find each other (feature `server`), with real
//! WebSocket clients on 127.0.0.1: a client that stops reading is disconnected
//! (spectator and player); names and keys; the lobby, live; quick match for 100
//! clients at once; rematch; phrases; ratings (Glickman's worked example, a rated
//! game, the leaderboard) and the real server killed after rated games.
#![cfg(feature = "server")]

#[path = "common/online.rs"]
#[macro_use]
mod online_client;

use futures_util::{SinkExt, StreamExt};
use mancala_hall::online::protocol::{ClientMessage, ErrorCode, Phrase, SeatState, ServerMessage};
use mancala_hall::online::rating::{Rating, rate_game};
use mancala_hall::online::server::Config;
use mancala_hall::rules::{Decision, Game, Options, Player};
use online_client::*;
use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A player key as the game makes one.
fn key(n: usize) -> String {
    format!("{n:032x}")
}

/// A client whose socket takes in only a few KiB, for the slow-reader tests.
async fn connect_small(addr: SocketAddr) -> Client {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}"), stream)
        .await
        .expect("the server accepts");
    let mut c = Client {
        ws,
        seats: None,
        players: None,
    };
    c.send(&ClientMessage::Hello {
        version: mancala_hall::online::protocol::PROTOCOL_VERSION,
        key: None,
        name: None,
    })
    .await;
    assert!(matches!(c.recv().await, ServerMessage::Welcome { .. }));
    c
}

/// Reads what a client has been sent until the connection ends: whether it ended
/// with the server's close frame for a slow reader (`Some(reason)`), and the `said`
/// messages it got before.
async fn read_to_the_end(c: &mut Client) -> (Option<String>, usize) {
    let mut said = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), c.ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => said += t.contains("\"said\"") as usize,
            Ok(Some(Ok(Message::Close(frame)))) => {
                return (frame.map(|f| f.reason.to_string()), said);
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_))) | Ok(None) => return (None, said),
            Err(_) => panic!("still open after {said} phrases: not disconnected"),
        }
    }
}

/// A player who floods the room with phrases, a few at a time, reading his own
/// back before sending more (so that he is never the slow one).
async fn flood(c: &mut Client, token: &str, phrases: usize) {
    let say = serde_json::to_string(&ClientMessage::Say {
        phrase: Phrase::YourMove,
        token: token.into(),
    })
    .unwrap();
    for _ in 0..phrases / 8 {
        for _ in 0..8 {
            c.send_text(&say).await;
        }
        let mut heard = 0;
        while heard < 8 {
            if matches!(c.recv().await, ServerMessage::Said { .. }) {
                heard += 1;
            }
        }
    }
}

fn flood_config() -> Config {
    Config {
        outgoing_queue: 32,
        phrase_every: Duration::ZERO,
        ..test_config()
    }
}

/// Rounds of phrases: how many before giving up (the kernel's socket buffers take in a
/// few MB before the server's queue for the slow reader fills).
const FLOOD_ROUNDS: usize = 40;
const ROUND: usize = 10_000;

async fn a_spectator_that_stops_reading_is_disconnected_and_catches_up_again(backend: Backend) {
    let Some(store) = TestStore::new(backend, "slow-watcher") else {
        return;
    };
    let config = Config {
        lobby_every: Duration::from_millis(100),
        ..flood_config()
    };
    let addr = start_on(&store, config).await;
    let mut south = Client::connect(addr).await;
    let (code, south_token) = south
        .create_room(Game::Hawalis, Options::default(), true)
        .await;
    let mut north = Client::connect(addr).await;
    north.join(&code).await;
    // The lobby counts the room's spectators: it shows when the slow one is dropped.
    let mut viewer = Client::connect(addr).await;
    viewer.send(&ClientMessage::Lobby).await;
    let mut slow = connect_small(addr).await;
    slow.send(&ClientMessage::Watch {
        room: code.clone(),
        since: None,
    })
    .await;
    // The lobby shows him watching before the flood begins (on a busy machine his
    // small queue may overflow in the first round).
    let spectators = async |viewer: &mut Client, wait| {
        let mut last = None;
        while let Some(m) = viewer.try_recv(wait).await {
            if let ServerMessage::Lobby { playing, .. } = m
                && let Some(game) = playing.first()
            {
                last = Some(game.spectators);
                if game.spectators == 1 && wait > Duration::from_secs(1) {
                    break;
                }
            }
        }
        last
    };
    assert_eq!(
        spectators(&mut viewer, Duration::from_secs(10)).await,
        Some(1)
    );
    // The spectator reads nothing from here on, while South floods the room.
    let reader = tokio::spawn(async move {
        while north.try_recv(Duration::from_millis(1500)).await.is_some() {}
    });
    let mut dropped = false;
    for _ in 0..FLOOD_ROUNDS {
        flood(&mut south, &south_token, ROUND).await;
        dropped = spectators(&mut viewer, Duration::from_millis(300)).await == Some(0);
        if dropped {
            break;
        }
    }
    assert!(dropped, "the slow spectator was never dropped");
    // He reads again at once (the server waits a while for him to take the close frame).
    let (reason, said) = read_to_the_end(&mut slow).await;
    reader.await.unwrap();
    assert!(said > 0, "it read some before it stopped");
    assert!(
        reason.as_deref().is_some_and(|r| r.contains("too slow")),
        "closed with a reason: {reason:?}"
    );
    // `ping` no longer answers: the connection is gone, not just muted.
    let sent = slow.ws.send(Message::text(r#"{"type":"ping"}"#)).await;
    let answered = sent.is_ok() && slow.try_recv(Duration::from_secs(1)).await.is_some();
    assert!(!answered);
    // Back again, it catches up and follows the room as before.
    let mut again = Client::connect(addr).await;
    again
        .send(&ClientMessage::Watch {
            room: code,
            since: Some(0),
        })
        .await;
    assert!(matches!(again.recv().await, ServerMessage::Room { .. }));
}

async fn a_player_that_stops_reading_is_disconnected_and_resumes(backend: Backend) {
    let Some(store) = TestStore::new(backend, "slow-player") else {
        return;
    };
    let addr = start_on(&store, flood_config()).await;
    let mut south = Client::connect(addr).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut slow = connect_small(addr).await;
    let north_token = slow.join(&code).await;
    // Until South is told that North is away.
    for _ in 0..FLOOD_ROUNDS {
        flood(&mut south, &south_token, ROUND).await;
        if south.seats == Some((SeatState::Here, SeatState::Away)) {
            break;
        }
    }
    assert_eq!(south.seats, Some((SeatState::Here, SeatState::Away)));
    let (reason, _) = read_to_the_end(&mut slow).await;
    assert!(
        reason.as_deref().is_some_and(|r| r.contains("too slow")),
        "closed with a reason: {reason:?}"
    );
    let mut back = Client::connect(addr).await;
    back.send(&ClientMessage::Resume {
        room: code.clone(),
        token: north_token.clone(),
        since: Some(0),
    })
    .await;
    assert!(matches!(back.recv().await, ServerMessage::Seated { .. }));
    let ServerMessage::Room { north, .. } = back.recv().await else {
        panic!("the room after resuming")
    };
    assert_eq!(north, SeatState::Here);
    // And the game goes on for both: South plays, North hears it.
    let start = mancala_hall::rules::GameState::new(Game::Nsolo, Options::default()).unwrap();
    let d = mancala_hall::rules::legal_decisions(&start)[0].clone();
    south.play(d, &south_token).await;
    back.until_played(1).await;
}

async fn names_and_keys_are_checked_in_hello(backend: Backend) {
    let Some(store) = TestStore::new(backend, "names") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut c = Client::connect_bare(addr).await;
    for (name, why) in [
        ("   ", "at least one"),
        ("Amina\u{200B}", "invisible"),
        ("\u{202E}nimA", "invisible"),
        ("Line\nbreak", "invisible"),
        ("A name that goes on and on", "at most 20"),
    ] {
        c.send(&ClientMessage::Hello {
            version: mancala_hall::online::protocol::PROTOCOL_VERSION,
            key: Some(key(1)),
            name: Some(name.into()),
        })
        .await;
        let ServerMessage::Error { code, message } = c.recv().await else {
            panic!("{name:?} accepted")
        };
        assert_eq!(code, ErrorCode::BadName, "{name:?}");
        assert!(message.contains(why), "{name:?}: {message}");
    }
    c.send(&ClientMessage::Hello {
        version: mancala_hall::online::protocol::PROTOCOL_VERSION,
        key: Some("too short".into()),
        name: Some("Amina".into()),
    })
    .await;
    assert_eq!(c.error().await, ErrorCode::BadKey);
    // Nothing was taken in: the same connection may still say hello, trimmed.
    c.send(&ClientMessage::Hello {
        version: mancala_hall::online::protocol::PROTOCOL_VERSION,
        key: Some(key(1)),
        name: Some("  Amina  ".into()),
    })
    .await;
    assert_eq!(
        c.recv().await,
        ServerMessage::Welcome {
            version: mancala_hall::online::protocol::PROTOCOL_VERSION,
            name: Some("Amina".into())
        }
    );
}

/// The next `lobby` message.
async fn next_lobby(c: &mut Client) -> ServerMessage {
    loop {
        let m = c.recv().await;
        if matches!(m, ServerMessage::Lobby { .. }) {
            return m;
        }
    }
}

async fn the_lobby_lists_public_rooms_and_follows_them_live(backend: Backend) {
    let Some(store) = TestStore::new(backend, "lobby") else {
        return;
    };
    let config = Config {
        lobby_every: Duration::from_millis(100),
        ..test_config()
    };
    let addr = start_on(&store, config).await;
    let mut viewer = Client::connect(addr).await;
    viewer.send(&ClientMessage::Lobby).await;
    let ServerMessage::Lobby {
        open, open_total, ..
    } = next_lobby(&mut viewer).await
    else {
        unreachable!()
    };
    assert!(open.is_empty() && open_total == 0);
    // A public room appears with its creator's name and rating; a private one never.
    let mut amina = Client::connect_as(addr, Some(&key(1)), Some("Amina")).await;
    let options = Options {
        width: 12,
        ..Options::default()
    };
    let (code, _) = amina.create_room(Game::Nsolo, options, true).await;
    let mut other = Client::connect(addr).await;
    other.create(Game::Hawalis, Options::default()).await;
    let ServerMessage::Lobby { open, playing, .. } = next_lobby(&mut viewer).await else {
        unreachable!()
    };
    assert_eq!(open.len(), 1, "{open:?}");
    assert!(playing.is_empty());
    assert_eq!(open[0].room, code);
    assert_eq!(open[0].game, Game::Nsolo);
    assert_eq!(open[0].options, "width 12");
    let creator = open[0].player.clone().expect("the creator");
    assert_eq!(
        (creator.name.as_str(), creator.rating),
        ("Amina", Some(1500))
    );
    // Joined, it moves to the games in progress; a spectator is counted.
    let mut baraka = Client::connect_as(addr, Some(&key(2)), Some("Baraka")).await;
    baraka.join(&code).await;
    let mut watcher = Client::connect(addr).await;
    watcher
        .send(&ClientMessage::Watch {
            room: code.clone(),
            since: None,
        })
        .await;
    let seen = loop {
        let ServerMessage::Lobby { open, playing, .. } = next_lobby(&mut viewer).await else {
            unreachable!()
        };
        if playing.first().is_some_and(|g| g.spectators == 1) {
            assert!(open.is_empty());
            break playing[0].clone();
        }
    };
    assert_eq!(seen.room, code);
    let names = [&seen.players.south, &seen.players.north].map(|p| p.clone().unwrap().name);
    assert_eq!(names, ["Amina".to_string(), "Baraka".to_string()]);
    assert_eq!(seen.moves, 0);
    // After leaving the lobby, no more updates come.
    viewer.send(&ClientMessage::LeaveLobby).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    while viewer.try_recv(Duration::from_millis(50)).await.is_some() {}
    let mut third = Client::connect(addr).await;
    third
        .create_room(Game::Hawalis, Options::default(), true)
        .await;
    assert!(viewer.try_recv(Duration::from_millis(500)).await.is_none());
}

async fn quick_match_pairs_a_hundred_clients_into_fifty_games(backend: Backend) {
    let Some(store) = TestStore::new(backend, "quick") else {
        return;
    };
    let config = Config {
        pairing_every: Duration::from_millis(200),
        ..test_config()
    };
    let addr = start_on(&store, config).await;
    let mut clients = Vec::new();
    for n in 0..100 {
        clients.push(Client::connect_as(addr, Some(&key(n)), Some(&format!("P{n}"))).await);
    }
    // All ask at once; each reports the room and seat it was given.
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|mut c| {
            tokio::spawn(async move {
                c.send(&ClientMessage::Quick {
                    game: Game::Hawalis,
                    options: None,
                })
                .await;
                let mut waited = false;
                loop {
                    match c.recv().await {
                        ServerMessage::Waiting { .. } => waited = true,
                        ServerMessage::Seated { room, seat, .. } => {
                            let ServerMessage::Room {
                                room: r, players, ..
                            } = c.recv().await
                            else {
                                panic!("the room after the seat")
                            };
                            assert_eq!(r, room);
                            assert!(players.south.is_some() && players.north.is_some());
                            // Nobody is seated twice.
                            assert!(
                                c.try_recv(Duration::from_millis(300))
                                    .await
                                    .is_none_or(|m| !matches!(m, ServerMessage::Seated { .. }))
                            );
                            return (room, seat, waited, c);
                        }
                        m => panic!("{m:?}"),
                    }
                }
            })
        })
        .collect();
    let mut rooms: BTreeMap<String, BTreeSet<u8>> = BTreeMap::new();
    let mut kept = Vec::new();
    for t in tasks {
        let (room, seat, waited, c) = t.await.unwrap();
        assert!(waited, "a waiting count came first");
        assert!(
            rooms.entry(room).or_default().insert(seat as u8),
            "a seat given twice"
        );
        kept.push(c);
    }
    assert_eq!(rooms.len(), 50);
    assert!(rooms.values().all(|seats| seats.len() == 2));
}

/// Reads a quick-match client's messages until it is seated: its room and seat (the
/// `room` message read too).
async fn seated(c: &mut Client) -> (String, Player) {
    loop {
        match c.recv().await {
            ServerMessage::Waiting { .. } => {}
            ServerMessage::Seated { room, seat, .. } => {
                assert!(matches!(c.recv().await, ServerMessage::Room { .. }));
                return (room, seat);
            }
            m => panic!("{m:?}"),
        }
    }
}

/// Whether a quick-match client is seated within `wait` (only waiting counts come
/// otherwise).
async fn seated_within(c: &mut Client, wait: Duration) -> bool {
    let until = tokio::time::Instant::now() + wait;
    while let Some(m) = c
        .try_recv(until.saturating_duration_since(tokio::time::Instant::now()))
        .await
    {
        match m {
            ServerMessage::Waiting { .. } => {}
            ServerMessage::Seated { .. } => return true,
            m => panic!("{m:?}"),
        }
    }
    false
}

/// Equal ratings pair in the order the players asked, the longest waiting first;
/// of an odd number, the one who asked last waits on.
async fn quick_match_pairs_equal_ratings_longest_waiting_first(backend: Backend) {
    let Some(store) = TestStore::new(backend, "quick-ties") else {
        return;
    };
    let config = Config {
        pairing_every: Duration::from_millis(300),
        ..test_config()
    };
    let addr = start_on(&store, config).await;
    // Three at 1500 (new keys), asking one after another.
    let mut asked = Vec::new();
    for n in 0..3 {
        let mut c = Client::connect_as(addr, Some(&key(40 + n)), Some(&format!("Q{n}"))).await;
        c.send(&ClientMessage::Quick {
            game: Game::Nsolo,
            options: None,
        })
        .await;
        assert!(matches!(c.recv().await, ServerMessage::Waiting { .. }));
        asked.push(c);
    }
    let [mut first, mut second, mut third] = <[Client; 3]>::try_from(asked).ok().unwrap();
    let (a, b) = (seated(&mut first).await, seated(&mut second).await);
    assert_eq!(a.0, b.0, "the first two asked, the first two paired");
    assert_ne!(a.1, b.1);
    assert!(
        !seated_within(&mut third, Duration::from_secs(1)).await,
        "the last to ask waits on"
    );
    // The next to come is his.
    let mut fourth = Client::connect_as(addr, Some(&key(43)), Some("Q3")).await;
    fourth
        .send(&ClientMessage::Quick {
            game: Game::Nsolo,
            options: None,
        })
        .await;
    let (c, d) = (seated(&mut third).await, seated(&mut fourth).await);
    assert_eq!(c.0, d.0);
    assert_ne!(c.0, a.0);
}

/// `leave_lobby` and `cancel_quick` are not answered: the next message after each is
/// the answer to the `ping` sent after it, and nothing of the lobby or the queue
/// comes after them.
async fn leave_lobby_and_cancel_quick_are_not_answered(backend: Backend) {
    let Some(store) = TestStore::new(backend, "no-answer") else {
        return;
    };
    let config = Config {
        pairing_every: Duration::from_millis(200),
        lobby_every: Duration::from_millis(200),
        ..test_config()
    };
    let addr = start_on(&store, config).await;
    let mut c = Client::connect(addr).await;
    // Neither is answered even when there is nothing to stop.
    for m in [ClientMessage::LeaveLobby, ClientMessage::CancelQuick] {
        c.send(&m).await;
        c.send(&ClientMessage::Ping).await;
        assert_eq!(c.recv().await, ServerMessage::Pong, "{m:?}");
    }
    c.send(&ClientMessage::Lobby).await;
    assert!(matches!(c.recv().await, ServerMessage::Lobby { .. }));
    c.send(&ClientMessage::LeaveLobby).await;
    c.send(&ClientMessage::Ping).await;
    assert_eq!(c.recv().await, ServerMessage::Pong);
    // A public room opens: no lobby comes any more.
    let mut host = Client::connect(addr).await;
    host.create_room(Game::Hawalis, Options::default(), true)
        .await;
    assert_eq!(c.try_recv(Duration::from_millis(800)).await, None);
    c.send(&ClientMessage::Quick {
        game: Game::Omweso,
        options: None,
    })
    .await;
    assert!(matches!(c.recv().await, ServerMessage::Waiting { .. }));
    // (Counts may follow while it waits.)
    while let Some(m) = c.try_recv(Duration::from_millis(600)).await {
        assert!(matches!(m, ServerMessage::Waiting { .. }), "{m:?}");
    }
    c.send(&ClientMessage::CancelQuick).await;
    c.send(&ClientMessage::Ping).await;
    assert_eq!(c.recv().await, ServerMessage::Pong);
    // Another player asks for the same game: the two are not paired.
    let mut other = Client::connect(addr).await;
    other
        .send(&ClientMessage::Quick {
            game: Game::Omweso,
            options: None,
        })
        .await;
    assert!(!seated_within(&mut other, Duration::from_millis(800)).await);
    assert_eq!(c.try_recv(Duration::from_millis(200)).await, None);
}

async fn a_rematch_swaps_the_seats_and_the_spectator_follows(backend: Backend) {
    let Some(store) = TestStore::new(backend, "rematch") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut south = Client::connect_as(addr, Some(&key(1)), Some("Amina")).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect_as(addr, Some(&key(2)), Some("Baraka")).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(addr).await;
    watcher
        .send(&ClientMessage::Watch {
            room: code.clone(),
            since: None,
        })
        .await;
    assert!(matches!(watcher.recv().await, ServerMessage::Room { .. }));
    // Not before the end.
    north
        .send(&ClientMessage::Rematch {
            token: north_token.clone(),
        })
        .await;
    assert_eq!(north.error().await, ErrorCode::NotOver);
    south.play(Decision::Resign, &south_token).await;
    for c in [&mut south, &mut north, &mut watcher] {
        c.until_played(1).await;
    }
    north
        .send(&ClientMessage::Rematch {
            token: north_token.clone(),
        })
        .await;
    for c in [&mut south, &mut north, &mut watcher] {
        loop {
            match c.recv().await {
                ServerMessage::RematchOffered { by, .. } => {
                    assert_eq!(by, Player::North);
                    break;
                }
                ServerMessage::Rated { .. } => {}
                m => panic!("{m:?}"),
            }
        }
    }
    south
        .send(&ClientMessage::Rematch {
            token: south_token.clone(),
        })
        .await;
    let mut to: Option<String> = None;
    for (c, now) in [
        (&mut south, Some(Player::North)),
        (&mut north, Some(Player::South)),
        (&mut watcher, None),
    ] {
        let new = loop {
            match c.recv().await {
                ServerMessage::Rematched { room, to } => {
                    assert_eq!(room, code);
                    break to;
                }
                ServerMessage::RematchOffered { .. } => {}
                m => panic!("{m:?}"),
            }
        };
        assert_ne!(new, code);
        assert!(to.as_ref().is_none_or(|t: &String| *t == new));
        if let Some(seat) = now {
            let ServerMessage::Seated { room, seat: s, .. } = c.recv().await else {
                panic!("seated in the new room")
            };
            assert_eq!((room.as_str(), s), (new.as_str(), seat));
        }
        let ServerMessage::Room {
            room, seq, players, ..
        } = c.recv().await
        else {
            panic!("the new room")
        };
        assert_eq!((room.as_str(), seq), (new.as_str(), 0));
        assert_eq!(players.south.unwrap().name, "Baraka");
        assert_eq!(players.north.unwrap().name, "Amina");
        to = Some(new);
    }
}

async fn phrases_reach_the_room_and_are_rationed(backend: Backend) {
    let Some(store) = TestStore::new(backend, "phrases") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut south = Client::connect(addr).await;
    let (code, token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(addr).await;
    north.join(&code).await;
    south
        .send(&ClientMessage::Say {
            phrase: Phrase::GoodGame,
            token: token.clone(),
        })
        .await;
    for c in [&mut south, &mut north] {
        assert_eq!(
            c.recv().await,
            ServerMessage::Said {
                room: code.clone(),
                by: Player::South,
                phrase: Phrase::GoodGame
            }
        );
    }
    south
        .send(&ClientMessage::Say {
            phrase: Phrase::ThankYou,
            token: token.clone(),
        })
        .await;
    assert_eq!(south.error().await, ErrorCode::RateLimited);
    // A made-up phrase is no phrase: there is no free text.
    south
        .send_text(&format!(
            r#"{{"type":"say","phrase":"buy cheap seeds","token":"{token}"}}"#
        ))
        .await;
    assert_eq!(south.error().await, ErrorCode::Malformed);
}

#[test]
fn glicko2_gives_glickmans_worked_example() {
    // Glickman, "Example of the Glicko-2 system" (2012): a player rated 1500, RD 200,
    // volatility 0.06, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700
    // (RD 300) in one rating period.
    let player = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
        games: 0,
    };
    let opponent = |rating, deviation| Rating {
        rating,
        deviation,
        volatility: 0.06,
        games: 0,
    };
    let after = player.after_period(&[
        (opponent(1400.0, 30.0), 1.0),
        (opponent(1550.0, 100.0), 0.0),
        (opponent(1700.0, 300.0), 0.0),
    ]);
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    assert_eq!(after.games, 3);
}

/// Two keyed players play `games` games of Nsolo in which South resigns at once;
/// returns the last `rated` message.
async fn rated_games(addr: SocketAddr, games: usize) -> ServerMessage {
    let mut last = None;
    for _ in 0..games {
        let mut south = Client::connect_as(addr, Some(&key(7)), Some("Amina")).await;
        let (code, token) = south.create(Game::Nsolo, Options::default()).await;
        let mut north = Client::connect_as(addr, Some(&key(8)), Some("Baraka")).await;
        north.join(&code).await;
        south.play(Decision::Resign, &token).await;
        north.until_played(1).await;
        last = Some(north.recv().await);
    }
    last.expect("a game")
}

/// The real server, killed with SIGKILL after rated games, keeps the ratings, the
/// finished games and the leaderboard.
#[test]
fn ratings_and_finished_games_survive_sigkill() {
    let dir = data_dir("rated-kill");
    let addr = free_addr();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut server = spawn_server(&dir, addr);
    // The first game moves both ratings as Glicko-2 says, and says so at once.
    let first = runtime.block_on(rated_games(addr, 1));
    let [s, n] = rate_game(Rating::default(), Rating::default(), Some(Player::North));
    let ServerMessage::Rated { south, north, .. } = first else {
        panic!("{first:?}")
    };
    assert_eq!((south.before, north.before), (1500, 1500));
    assert_eq!((south.after, north.after), (s.shown(), n.shown()));
    assert!(south.after < 1500 && north.after > 1500);
    let last = runtime.block_on(rated_games(addr, 4));
    let ServerMessage::Rated { south, north, .. } = last else {
        panic!("{last:?}")
    };
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    let mut server = spawn_server(&dir, addr);
    runtime.block_on(async {
        // The ratings are where they were: shown to others in a new room.
        let mut amina = Client::connect_as(addr, Some(&key(7)), Some("Amina")).await;
        let (code, _) = amina.create(Game::Nsolo, Options::default()).await;
        let mut baraka = Client::connect_as(addr, Some(&key(8)), Some("Baraka")).await;
        baraka.send(&ClientMessage::Join { room: code }).await;
        baraka.recv().await; // seated
        let ServerMessage::Room { players, .. } = baraka.recv().await else {
            panic!("the room")
        };
        assert_eq!(players.south.unwrap().rating, Some(south.after));
        assert_eq!(players.north.unwrap().rating, Some(north.after));
        // Five games each: both on the leaderboard, the winner first.
        baraka
            .send(&ClientMessage::Leaderboard { game: Game::Nsolo })
            .await;
        let ServerMessage::Leaderboard { players, .. } = baraka.recv().await else {
            panic!("the leaderboard")
        };
        let board: Vec<(String, i32, u32)> = players
            .into_iter()
            .map(|p| (p.name, p.rating, p.games))
            .collect();
        assert_eq!(
            board,
            [
                ("Baraka".to_string(), north.after, 5),
                ("Amina".to_string(), south.after, 5)
            ]
        );
    });
    server.kill().unwrap();
    server.wait().unwrap();
    // The finished games are in the store, and no key is.
    let db = rusqlite::Connection::open(dir.join("rooms.sqlite")).unwrap();
    let finished: i64 = db
        .query_row(
            "SELECT count(*) FROM finished WHERE winner = 'north' AND rated = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(finished, 5);
    let keys: i64 = db
        .query_row(
            "SELECT count(*) FROM players WHERE key_hash = ?1",
            [key(7)],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(keys, 0, "the key itself is never stored");
    // What is stored, as docs/online.md says: SHA-256 of "mancala-hall player key\n"
    // and the key, in lower-case hex.
    use sha2::{Digest, Sha256};
    let hash: String = Sha256::digest(format!("mancala-hall player key\n{}", key(7)))
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let name: String = db
        .query_row(
            "SELECT name FROM players WHERE key_hash = ?1",
            [&hash],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(name, "Amina");
}

on_both_stores!(
    a_spectator_that_stops_reading_is_disconnected_and_catches_up_again,
    a_player_that_stops_reading_is_disconnected_and_resumes,
    names_and_keys_are_checked_in_hello,
    the_lobby_lists_public_rooms_and_follows_them_live,
    quick_match_pairs_a_hundred_clients_into_fifty_games,
    quick_match_pairs_equal_ratings_longest_waiting_first,
    leave_lobby_and_cancel_quick_are_not_answered,
    a_rematch_swaps_the_seats_and_the_spectator_follows,
    phrases_reach_the_room_and_are_rationed,
);
