//! The online server, with real WebSocket clients on 127.0.0.1 (feature `server`):
//! whole games of every game between two players and a spectator; refusals that
//! change nothing; hostile messages; reconnecting with catch-up; rooms that expire;
//! the blitz clock; and the real server killed (SIGKILL) mid-game and started again.
#![cfg(feature = "server")]

#[path = "common/online.rs"]
#[macro_use]
mod online_client;

use futures_util::SinkExt;
use mancala_hall::online::protocol::{
    ClientMessage, ErrorCode, SeatState, ServerMessage, position,
};
use mancala_hall::online::server::Config;
use mancala_hall::rules::{
    Decision, Game, GameRecord, GameState, Lot, Options, Pit, PlayMode, Player, legal_decisions,
    random_decision,
};
use online_client::*;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A player's side of a whole game: plays a random legal decision whenever its seat
/// must decide, until the game is over. Returns the last position.
async fn play_out(
    mut c: Client,
    token: String,
    seat: Player,
    mut state: GameState,
    seed: u64,
) -> GameState {
    let mut lot = Lot(seed);
    let mut seq = 0;
    loop {
        if state.is_over() {
            return state;
        }
        if state.to_decide() == seat {
            let d = random_decision(&state, &mut lot).expect("a decision");
            c.play(d, &token).await;
        }
        let m = c.recv().await;
        let ServerMessage::Played { seq: s, .. } = m else {
            panic!("{seat:?} got {m:?}")
        };
        assert_eq!(s, seq + 1, "decisions arrive in order, none missing");
        seq = s;
        state = state_of(&m);
    }
}

async fn whole_games_of_every_game_between_two_players_and_a_spectator(backend: Backend) {
    let Some(store) = TestStore::new(backend, "whole") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    for (i, game) in [
        Game::Omweso,
        Game::Anywoli,
        Game::Nsolo,
        Game::Hawalis,
        Game::BaoKigogo,
    ]
    .into_iter()
    .enumerate()
    {
        // Omweso as one game, not a match to 12.
        let options = match game {
            Game::Omweso => Options {
                match_target: 1,
                ..Options::default()
            },
            _ => Options::default(),
        };
        let mut south = Client::connect(addr).await;
        let (code, south_token) = south.create(game, options).await;
        let mut north = Client::connect(addr).await;
        let north_token = north.join(&code).await;
        let mut watcher = Client::connect(addr).await;
        watcher
            .send(&ClientMessage::Watch {
                room: code.to_lowercase(),
                since: Some(0),
            })
            .await;
        let start = watcher.recv().await;
        let ServerMessage::Room {
            seq: 0,
            south: s,
            north: n,
            ..
        } = start
        else {
            panic!("{start:?}")
        };
        assert_eq!((s, n), (SeatState::Here, SeatState::Here));
        let first = state_of(&start);
        let a = tokio::spawn(play_out(
            south,
            south_token,
            Player::South,
            first.clone(),
            i as u64,
        ));
        let b = tokio::spawn(play_out(
            north,
            north_token,
            Player::North,
            first.clone(),
            99 + i as u64,
        ));
        let (end_a, end_b) = (a.await.unwrap(), b.await.unwrap());
        assert_eq!(end_a, end_b);
        // The spectator saw every decision, in order, and they replay to the end.
        let mut record = GameRecord::new(game, options);
        let mut last;
        loop {
            match watcher.recv().await {
                m @ ServerMessage::Played { .. } => {
                    let ServerMessage::Played {
                        seq, ref decision, ..
                    } = m
                    else {
                        unreachable!()
                    };
                    assert_eq!(seq, record.decisions.len() as u64 + 1);
                    record.decisions.push(decision.clone());
                    last = state_of(&m);
                    if last.is_over() {
                        break;
                    }
                }
                other => panic!("the spectator got {other:?}"),
            }
        }
        assert_eq!(last, end_a, "{game:?}");
        let (replayed, _) = record.replay().expect("the broadcast decisions replay");
        assert_eq!(replayed.to_value(false), end_a.to_value(false), "{game:?}");
        assert!(!record.decisions.is_empty());
    }
}

async fn refused_decisions_change_nothing(backend: Backend) {
    let Some(store) = TestStore::new(backend, "refused") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut south = Client::connect(addr).await;
    let (code, south_token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(addr).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(addr).await;
    watcher
        .send(&ClientMessage::Watch {
            room: code.clone(),
            since: None,
        })
        .await;
    let before = state_of(&watcher.recv().await);
    let mover = before.to_decide();
    let (mover_client, mover_token, other_client, other_token) = match mover {
        Player::South => (
            &mut south,
            south_token.clone(),
            &mut north,
            north_token.clone(),
        ),
        Player::North => (
            &mut north,
            north_token.clone(),
            &mut south,
            south_token.clone(),
        ),
    };
    let legal = legal_decisions(&before);
    // Out of turn.
    other_client.play(legal[0].clone(), &other_token).await;
    assert_eq!(other_client.error().await, ErrorCode::NotYourTurn);
    // Illegal.
    let illegal = Decision::Sow(Pit::new(0, 0));
    assert!(!legal.contains(&illegal));
    mover_client.play(illegal, &mover_token).await;
    assert_eq!(mover_client.error().await, ErrorCode::Illegal);
    // The wrong token, and the other seat's token from the mover's connection.
    mover_client.play(legal[0].clone(), "not-a-token").await;
    assert_eq!(mover_client.error().await, ErrorCode::BadToken);
    // Only the server's clock times out.
    mover_client.play(Decision::TimeOut, &mover_token).await;
    assert_eq!(mover_client.error().await, ErrorCode::Illegal);
    // A spectator trying to move.
    watcher.play(legal[0].clone(), "").await;
    assert_eq!(watcher.error().await, ErrorCode::BadToken);
    // A third player: the room is full.
    let mut third = Client::connect(addr).await;
    third
        .send(&ClientMessage::Join { room: code.clone() })
        .await;
    assert_eq!(third.error().await, ErrorCode::RoomFull);
    third.play(legal[0].clone(), &mover_token).await;
    assert_eq!(third.error().await, ErrorCode::NotInRoom);
    third
        .send(&ClientMessage::Join {
            room: "ZZZZZZ".into(),
        })
        .await;
    assert_eq!(third.error().await, ErrorCode::NoRoom);
    // Nothing changed: a new spectator sees the start, and no one heard of a move.
    let mut late = Client::connect(addr).await;
    late.send(&ClientMessage::Watch {
        room: code.clone(),
        since: None,
    })
    .await;
    let now = late.recv().await;
    assert!(matches!(now, ServerMessage::Room { seq: 0, .. }));
    assert_eq!(state_of(&now), before);
    assert!(watcher.try_recv(Duration::from_millis(200)).await.is_none());
    // And the right decision is then accepted.
    mover_client.play(legal[0].clone(), &mover_token).await;
    assert!(matches!(
        mover_client.recv().await,
        ServerMessage::Played { seq: 1, .. }
    ));
}

async fn malformed_oversized_and_out_of_order_messages(backend: Backend) {
    let Some(store) = TestStore::new(backend, "hostile") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    // Before hello.
    let mut c = Client::connect_bare(addr).await;
    c.send(&ClientMessage::Ping).await;
    assert_eq!(c.error().await, ErrorCode::Malformed);
    // A client of protocol version 1 (before players and the lobby), as it spoke.
    c.send_text(r#"{"type":"hello","version":1}"#).await;
    let ServerMessage::Error { code, message } = c.recv().await else {
        panic!()
    };
    assert_eq!(code, ErrorCode::Version);
    assert!(message.contains("update"), "{message}");
    assert!(c.try_recv(Duration::from_secs(5)).await.is_none(), "closed");
    // Malformed JSON, unknown messages, binary frames: refused, the connection lives.
    let mut c = Client::connect(addr).await;
    for bad in [
        "{",
        "null",
        r#"{"type":"fly"}"#,
        r#"{"type":"play","decision":7,"token":"x"}"#,
    ] {
        c.send_text(bad).await;
        assert_eq!(c.error().await, ErrorCode::Malformed, "{bad}");
    }
    c.ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(c.error().await, ErrorCode::Malformed);
    let huge_name = format!(r#"{{"type":"join","room":"{}"}}"#, "Q".repeat(2000));
    c.send_text(&huge_name).await;
    let ServerMessage::Error { code, message } = c.recv().await else {
        panic!()
    };
    assert_eq!(code, ErrorCode::NoRoom);
    assert!(message.len() < 200, "the code is not echoed whole");
    c.send(&ClientMessage::Ping).await;
    assert_eq!(c.recv().await, ServerMessage::Pong);
    // Options the game refuses.
    let bad = Options {
        match_target: 99,
        ..Options::default()
    };
    c.send(&ClientMessage::Create {
        game: Game::Omweso,
        options: bad,
        seat: None,
        public: false,
    })
    .await;
    assert_eq!(c.error().await, ErrorCode::BadOptions);
    // Oversized: refused and closed.
    c.send_text(&format!(
        r#"{{"type":"ping","x":"{}"}}"#,
        "a".repeat(10_000)
    ))
    .await;
    assert_eq!(c.error().await, ErrorCode::TooLarge);
    assert!(c.try_recv(Duration::from_secs(5)).await.is_none(), "closed");
    // The server still serves others.
    let mut d = Client::connect(addr).await;
    d.send(&ClientMessage::Ping).await;
    assert_eq!(d.recv().await, ServerMessage::Pong);
}

/// One message of every type a client sends (docs/online.md), each valid as it is.
const EVERY_CLIENT_MESSAGE: [&str; 14] = [
    r#"{"type":"hello","version":2,"key":"0123456789abcdef","name":"Amina"}"#,
    r#"{"type":"create","game":"hawalis","options":{},"seat":"south","public":true}"#,
    r#"{"type":"join","room":"KQ7M3X"}"#,
    r#"{"type":"watch","room":"KQ7M3X","since":0}"#,
    r#"{"type":"resume","room":"KQ7M3X","token":"t","since":4}"#,
    r#"{"type":"play","decision":{"sow":[3,0]},"token":"t"}"#,
    r#"{"type":"lobby"}"#,
    r#"{"type":"leave_lobby"}"#,
    r#"{"type":"quick","game":"hawalis","options":{}}"#,
    r#"{"type":"cancel_quick"}"#,
    r#"{"type":"rematch","token":"t"}"#,
    r#"{"type":"say","phrase":"good_game","token":"t"}"#,
    r#"{"type":"leaderboard","game":"nsolo"}"#,
    r#"{"type":"ping"}"#,
];

async fn an_unknown_field_is_malformed_in_every_message(backend: Backend) {
    let Some(store) = TestStore::new(backend, "unknown-field") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut c = Client::connect_bare(addr).await;
    for (i, text) in EVERY_CLIENT_MESSAGE.iter().enumerate() {
        let with_extra = format!("{},\"extra\":1}}", &text[..text.len() - 1]);
        c.send_text(&with_extra).await;
        let ServerMessage::Error { code, message } = c.recv().await else {
            panic!("{with_extra}: not refused")
        };
        assert_eq!(code, ErrorCode::Malformed, "{with_extra}: {message}");
        assert!(message.contains("extra"), "{with_extra}: {message}");
        if i == 0 {
            // The same `hello` without the field is welcomed.
            c.send_text(text).await;
            assert!(matches!(c.recv().await, ServerMessage::Welcome { .. }));
        }
    }
    // Each was refused and did nothing else: the next answer is `ping`'s.
    c.send_text(r#"{"type":"ping"}"#).await;
    assert_eq!(c.recv().await, ServerMessage::Pong);
    assert!(c.try_recv(Duration::from_millis(1500)).await.is_none());
}

/// `/metrics` is OpenMetrics text and says so: the body prometheus-client writes
/// (`# EOF`, counters as `_total` samples of a `counter` family) under the
/// OpenMetrics media type, not Prometheus' older `text/plain; version=0.0.4`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_served_as_openmetrics() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = data_dir("metrics");
    let server = mancala_hall::online::server::Server::open(&dir, test_config()).unwrap();
    let metrics = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics_addr = metrics.local_addr().unwrap();
    server.serve_metrics(metrics);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    // One decision, so that the counter has something to count.
    let mut south = Client::connect(addr).await;
    let (code, token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(addr).await;
    north.join(&code).await;
    let start = GameState::new(Game::Hawalis, Options::default()).unwrap();
    south.play(legal_decisions(&start)[0].clone(), &token).await;
    south.until_played(1).await;
    let mut s = tokio::net::TcpStream::connect(metrics_addr).await.unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Type: "))
        .expect("a Content-Type");
    assert_eq!(
        content_type,
        "application/openmetrics-text; version=1.0.0; charset=utf-8"
    );
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))
        .expect("a Content-Length")
        .parse()
        .unwrap();
    assert_eq!(length, body.len());
    // What makes it OpenMetrics.
    assert!(body.ends_with("# EOF\n"), "{body}");
    assert!(
        body.contains("# TYPE mancala_hall_decisions counter\n"),
        "{body}"
    );
    assert!(
        body.contains("\nmancala_hall_decisions_total 1\n"),
        "{body}"
    );
    assert!(body.contains("\nmancala_hall_connections 2\n"), "{body}");
    let _ = std::fs::remove_dir_all(&dir);
}

async fn rates_and_rooms_per_address_are_bounded(backend: Backend) {
    let Some(store) = TestStore::new(backend, "limits") else {
        return;
    };
    let config = Config {
        messages_per_second: 2.0,
        message_burst: 5.0,
        rooms_per_address: 2,
        ..Config::default()
    };
    let addr = start_on(&store, config).await;
    let mut c = Client::connect(addr).await;
    for _ in 0..12 {
        c.send(&ClientMessage::Ping).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..12 {
        match c.recv().await {
            ServerMessage::Pong => pongs += 1,
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(
        pongs >= 3 && limited >= 5,
        "{pongs} pongs, {limited} limited"
    );
    // Two rooms from this address, not three (a new connection: the first is throttled).
    let mut c = Client::connect(addr).await;
    c.create(Game::Nsolo, Options::default()).await;
    let mut d = Client::connect(addr).await;
    d.create(Game::Nsolo, Options::default()).await;
    let mut e = Client::connect(addr).await;
    e.send(&ClientMessage::Create {
        game: Game::Nsolo,
        options: Options::default(),
        seat: None,
        public: false,
    })
    .await;
    assert_eq!(e.error().await, ErrorCode::TooManyRooms);
}

/// Behind a trusted proxy the limit of rooms counts the address the proxy forwards
/// for; from a peer not trusted, `X-Forwarded-For` is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_names_the_client_s_address() {
    let create = async |addr, client: &str| {
        let mut c = Client::connect_forwarded(addr, client).await;
        c.send(&ClientMessage::Create {
            game: Game::Nsolo,
            options: Options::default(),
            seat: None,
            public: false,
        })
        .await;
        match c.recv().await {
            ServerMessage::Seated { .. } => None,
            ServerMessage::Error { code, .. } => Some(code),
            other => panic!("{other:?}"),
        }
    };
    let one_room = |trusted_proxies| Config {
        rooms_per_address: 1,
        trusted_proxies,
        ..test_config()
    };
    let behind = start(
        &data_dir("proxy"),
        one_room(vec!["127.0.0.1".parse().unwrap()]),
    )
    .await;
    assert_eq!(create(behind, "10.0.0.1").await, None);
    assert_eq!(
        create(behind, "192.168.5.1, 10.0.0.2").await,
        None,
        "the last hop counts"
    );
    assert_eq!(
        create(behind, "10.0.0.1").await,
        Some(ErrorCode::TooManyRooms)
    );
    let open = start(&data_dir("no-proxy"), one_room(Vec::new())).await;
    assert_eq!(create(open, "10.0.0.1").await, None);
    assert_eq!(
        create(open, "10.0.0.2").await,
        Some(ErrorCode::TooManyRooms),
        "an untrusted peer's header is ignored: both came from 127.0.0.1"
    );
}

async fn a_dropped_player_resumes_and_catches_up(backend: Backend) {
    let Some(store) = TestStore::new(backend, "resume") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut south = Client::connect(addr).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect(addr).await;
    let north_token = north.join(&code).await;
    let tokens = [south_token, north_token];
    let mut clients = [Some(south), Some(north)];
    let mut state = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let mut lot = Lot(5);
    let mut seq = 0;
    // A few decisions, then the player who has just moved drops, while the other
    // plays on.
    let mut dropped = None;
    while seq < 12 && !state.is_over() {
        let mover = state.to_decide() as usize;
        let d = random_decision(&state, &mut lot).unwrap();
        let c = clients[mover].as_mut().expect("the mover is here");
        c.play(d, &tokens[mover]).await;
        let m = c.until_played(seq + 1).await;
        state = state_of(&m);
        seq += 1;
        if seq == 4 {
            let gone = state.to_decide().opponent() as usize;
            if let Some(c) = clients[gone].take() {
                drop(c);
                dropped = Some((gone, seq));
            }
        }
        if dropped.is_some() && state.to_decide() as usize == dropped.unwrap().0 {
            break;
        }
    }
    let (gone, at) = dropped.expect("someone dropped");
    assert!(seq > at, "decisions were made while he was away");
    // The one who stayed sees the seat away.
    let stayed = clients[1 - gone].as_mut().unwrap();
    for _ in 0..50 {
        if stayed
            .seats
            .is_some_and(|(s, n)| s == SeatState::Away || n == SeatState::Away)
        {
            break;
        }
        stayed.try_recv(Duration::from_millis(100)).await;
    }
    let (s, n) = stayed.seats.expect("seats were announced");
    assert!(s == SeatState::Away || n == SeatState::Away, "{s:?} {n:?}");
    // Back with his token: the missed decisions in order, then the room now.
    let mut back = Client::connect(addr).await;
    back.send(&ClientMessage::Resume {
        room: code.clone(),
        token: tokens[gone].clone(),
        since: Some(at),
    })
    .await;
    assert!(matches!(back.recv().await, ServerMessage::Seated { .. }));
    for n in at + 1..=seq {
        let m = back.recv().await;
        assert!(
            matches!(m, ServerMessage::Played { seq: s, .. } if s == n),
            "{m:?}"
        );
    }
    let now = back.recv().await;
    assert!(matches!(now, ServerMessage::Room { seq: s, .. } if s == seq));
    assert_eq!(state_of(&now), state);
    // And he plays on.
    if !state.is_over() {
        let d = random_decision(&state, &mut lot).unwrap();
        back.play(d, &tokens[gone]).await;
        back.until_played(seq + 1).await;
    }
    // A wrong token does not resume.
    let mut thief = Client::connect(addr).await;
    thief
        .send(&ClientMessage::Resume {
            room: code,
            token: "0".repeat(32),
            since: None,
        })
        .await;
    assert_eq!(thief.error().await, ErrorCode::BadToken);
}

/// A `resume` on a second connection takes the seat: the first is told (`replaced`)
/// and watches on, and plays for it no more; the seat never shows away meanwhile;
/// resuming again takes it back.
async fn a_resume_on_another_connection_takes_the_seat(backend: Backend) {
    let Some(store) = TestStore::new(backend, "takeover") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let mut south = Client::connect(addr).await;
    let (code, token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect(addr).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(addr).await;
    watcher
        .send(&ClientMessage::Watch {
            room: code.clone(),
            since: None,
        })
        .await;
    assert!(matches!(watcher.recv().await, ServerMessage::Room { .. }));
    let resume = |since| ClientMessage::Resume {
        room: code.clone(),
        token: token.clone(),
        since: Some(since),
    };
    // South's seat resumed on a second connection (his first one seemed lost).
    let mut again = Client::connect(addr).await;
    again.send(&resume(0)).await;
    assert!(matches!(
        again.recv().await,
        ServerMessage::Seated {
            seat: Player::South,
            ..
        }
    ));
    let ServerMessage::Room { south: s, .. } = again.recv().await else {
        panic!("the room")
    };
    assert_eq!(s, SeatState::Here);
    // The first is told, and plays for the seat no more: nothing changes.
    assert_eq!(south.error().await, ErrorCode::Replaced);
    let start = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let legal = legal_decisions(&start);
    south.play(legal[0].clone(), &token).await;
    assert_eq!(south.error().await, ErrorCode::Replaced);
    for asked in [
        ClientMessage::Say {
            phrase: mancala_hall::online::protocol::Phrase::GoodGame,
            token: token.clone(),
        },
        ClientMessage::Rematch {
            token: token.clone(),
        },
    ] {
        south.send(&asked).await;
        assert_eq!(south.error().await, ErrorCode::Replaced);
    }
    // Nor does a spectator who knows a token.
    watcher.play(legal[0].clone(), &north_token).await;
    assert_eq!(watcher.error().await, ErrorCode::Replaced);
    assert!(north.try_recv(Duration::from_millis(300)).await.is_none());
    // South was never shown away: only `here` the whole time.
    for c in [&north, &watcher] {
        assert_eq!(c.seats, Some((SeatState::Here, SeatState::Here)));
    }
    // The new connection plays; the first, watching, sees it too.
    again.play(legal[0].clone(), &token).await;
    let mut after = Vec::new();
    for c in [&mut again, &mut north, &mut watcher, &mut south] {
        after.push(state_of(&c.until_played(1).await));
    }
    assert!(after.iter().all(|s| *s == after[0]));
    // The game ends (whoever decides now resigns), for the rematch below.
    match after[0].to_decide() {
        Player::North => north.play(Decision::Resign, &north_token).await,
        Player::South => again.play(Decision::Resign, &token).await,
    }
    for c in [&mut again, &mut north, &mut watcher, &mut south] {
        c.until_played(2).await;
    }
    // Resuming on the first connection (in the room, watching) takes the seat back.
    south.send(&resume(2)).await;
    assert!(matches!(south.recv().await, ServerMessage::Seated { .. }));
    assert!(matches!(
        south.recv().await,
        ServerMessage::Room { seq: 2, .. }
    ));
    assert_eq!(again.error().await, ErrorCode::Replaced);
    south
        .send(&ClientMessage::Rematch {
            token: token.clone(),
        })
        .await;
    for c in [&mut south, &mut again] {
        assert!(matches!(
            c.recv().await,
            ServerMessage::RematchOffered {
                by: Player::South,
                ..
            }
        ));
    }
    again
        .send(&ClientMessage::Rematch {
            token: token.clone(),
        })
        .await;
    assert_eq!(again.error().await, ErrorCode::Replaced);
}

/// The tables docs/online.md describes ("The store"), with their columns in order:
/// `(table, PostgreSQL only, columns)`. A column is a name in backquotes in the
/// table's row, outside brackets.
fn documented_tables() -> Vec<(String, bool, Vec<String>)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/online.md"))
        .expect("docs/online.md");
    let section = doc
        .split("\n## The store")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a section \"The store\"");
    let names = |cell: &str| {
        // Outside brackets only.
        let mut outside = String::new();
        let mut depth = 0;
        for ch in cell.chars() {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if depth == 0 => outside.push(c),
                _ => {}
            }
        }
        outside
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let mut tables = Vec::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[1].starts_with('`') {
            continue;
        }
        let table = names(cells[1]);
        assert_eq!(table.len(), 1, "{line}");
        tables.push((
            table[0].clone(),
            cells[1].contains("PostgreSQL"),
            names(cells[2]),
        ));
    }
    assert!(tables.len() >= 5, "{tables:?}");
    tables
}

/// The store holds exactly the tables and columns docs/online.md lists, on either
/// store (PostgreSQL's own ones too).
async fn the_store_holds_the_documented_tables(backend: Backend) {
    let Some(store) = TestStore::new(backend, "schema") else {
        return;
    };
    // The server makes the schema as it starts.
    let _addr = start_on(&store, test_config()).await;
    let mut have: Vec<(String, Vec<String>)> = match &store.spec {
        mancala_hall::online::store::StoreSpec::Sqlite(dir) => {
            let db = rusqlite::Connection::open(dir.join("rooms.sqlite")).unwrap();
            let mut tables: Vec<String> = db
                .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            tables.sort();
            tables
                .into_iter()
                .map(|t| {
                    let columns = db
                        .prepare(&format!("PRAGMA table_info({t})"))
                        .unwrap()
                        .query_map([], |r| r.get::<_, String>(1))
                        .unwrap()
                        .map(Result::unwrap)
                        .collect();
                    (t, columns)
                })
                .collect()
        }
        mancala_hall::online::store::StoreSpec::Postgres(_) => {
            let cluster = store.cluster.as_ref().unwrap();
            let rows = cluster.query(
                "postgres",
                "SELECT table_name, string_agg(column_name::text, ',' ORDER BY ordinal_position)
                 FROM information_schema.columns WHERE table_schema = 'public'
                 GROUP BY table_name ORDER BY table_name",
            );
            rows.lines()
                .map(|l| {
                    let (t, columns) = l.split_once('|').unwrap();
                    (t.into(), columns.split(',').map(String::from).collect())
                })
                .collect()
        }
    };
    have.sort();
    let postgres = matches!(backend, Backend::Postgres);
    let mut documented: Vec<(String, Vec<String>)> = documented_tables()
        .into_iter()
        .filter(|(_, pg_only, _)| postgres || !pg_only)
        .map(|(t, _, columns)| (t, columns))
        .collect();
    documented.sort();
    assert_eq!(have, documented);
}

async fn idle_rooms_expire(backend: Backend) {
    let Some(store) = TestStore::new(backend, "idle") else {
        return;
    };
    let config = Config {
        idle: Duration::from_millis(400),
        ..test_config()
    };
    let addr = start_on(&store, config).await;
    let mut c = Client::connect(addr).await;
    let (code, _) = c.create(Game::Hawalis, Options::default()).await;
    let m = c.recv().await;
    assert_eq!(m, ServerMessage::Expired { room: code.clone() });
    let mut d = Client::connect(addr).await;
    d.send(&ClientMessage::Join { room: code }).await;
    assert_eq!(d.error().await, ErrorCode::NoRoom);
}

async fn blitz_is_timed_by_the_server(backend: Backend) {
    let Some(store) = TestStore::new(backend, "blitz") else {
        return;
    };
    let addr = start_on(&store, test_config()).await;
    let options = Options {
        play_mode: PlayMode::Blitz { seconds: 1 },
        match_target: 1,
        ..Options::default()
    };
    let mut south = Client::connect(addr).await;
    let (code, _) = south.create(Game::Omweso, options).await;
    // Alone in the room, no clock runs.
    assert!(south.try_recv(Duration::from_millis(1500)).await.is_none());
    let mut north = Client::connect(addr).await;
    north.send(&ClientMessage::Join { room: code }).await;
    north.recv().await; // seated
    let ServerMessage::Room {
        clock_ms,
        position: p,
        ..
    } = north.recv().await
    else {
        panic!()
    };
    assert_eq!(clock_ms, Some(1000));
    let slow = position(&p).unwrap().to_decide();
    let started = std::time::Instant::now();
    let m = north.until_played(1).await;
    let ServerMessage::Played { by, decision, .. } = &m else {
        unreachable!()
    };
    assert_eq!((*by, decision), (slow, &Decision::TimeOut));
    assert!(started.elapsed() >= Duration::from_millis(800));
    let end = state_of(&m);
    assert!(
        end.is_over(),
        "a time-out loses the game, and a match to 1 point with it"
    );
}

/// The real server, killed with SIGKILL mid-game and started again on the same
/// store: every room resumes at its last accepted decision.
#[test]
fn the_server_killed_mid_game_comes_back_with_every_room() {
    let dir = data_dir("kill");
    let addr = free_addr();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut server = spawn_server(&dir, addr);
    let games = [Game::Omweso, Game::Anywoli, Game::Hawalis];
    let rooms = runtime.block_on(async {
        let mut rooms = Vec::new();
        for (i, game) in games.into_iter().enumerate() {
            let mut south = Client::connect(addr).await;
            let (code, south_token) = south.create(game, Options::default()).await;
            let mut north = Client::connect(addr).await;
            let north_token = north.join(&code).await;
            let tokens = [south_token, north_token];
            let mut clients = [south, north];
            let mut state = GameState::new(game, Options::default()).unwrap();
            let mut lot = Lot(i as u64);
            // Decisions sent without waiting for all answers: some may still be in
            // flight when the server dies.
            for seq in 1..=(6 + i as u64) {
                if state.is_over() {
                    break;
                }
                let mover = state.to_decide() as usize;
                let d = random_decision(&state, &mut lot).unwrap();
                clients[mover].play(d, &tokens[mover]).await;
                state = state_of(&clients[mover].until_played(seq).await);
            }
            rooms.push((code, tokens, state));
        }
        rooms
    });
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    let mut server = spawn_server(&dir, addr);
    runtime.block_on(async {
        for (code, tokens, state) in &rooms {
            let mut c = Client::connect(addr).await;
            let mover = state.to_decide() as usize;
            c.send(&ClientMessage::Resume {
                room: code.clone(),
                token: tokens[mover].clone(),
                since: None,
            })
            .await;
            assert!(matches!(c.recv().await, ServerMessage::Seated { .. }));
            let now = loop {
                let m = c.recv().await;
                if matches!(m, ServerMessage::Room { .. }) {
                    break m;
                }
            };
            assert_eq!(
                state_of(&now).to_value(false),
                state.to_value(false),
                "room {code}"
            );
            // The game goes on.
            let d = random_decision(state, &mut Lot(1)).unwrap();
            c.play(d, &tokens[mover]).await;
            let ServerMessage::Room { seq, .. } = now else {
                unreachable!()
            };
            c.until_played(seq + 1).await;
        }
    });
    server.kill().unwrap();
    server.wait().unwrap();
}

on_both_stores!(
    whole_games_of_every_game_between_two_players_and_a_spectator,
    refused_decisions_change_nothing,
    malformed_oversized_and_out_of_order_messages,
    an_unknown_field_is_malformed_in_every_message,
    rates_and_rooms_per_address_are_bounded,
    a_dropped_player_resumes_and_catches_up,
    a_resume_on_another_connection_takes_the_seat,
    the_store_holds_the_documented_tables,
    idle_rooms_expire,
    blitz_is_timed_by_the_server,
);

/// `serve --web DIR`: the browser build and the game's WebSocket at one address. A
/// browser's request for the page gets the page (marked as served by a game server,
/// so that it connects back here), the program comes as `application/wasm`, a path
/// out of the folder is not found, and a game's WebSocket on the same port plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_serves_the_browser_build_and_the_games() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = data_dir("web");
    let web = dir.join("web");
    std::fs::create_dir_all(web.join("pkg")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<html><head></head><body></body></html>",
    )
    .unwrap();
    std::fs::write(web.join("pkg/mancala_hall_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dir.join("secret.txt"), b"secret").unwrap();
    let config = Config {
        web_root: Some(web.clone()),
        ..test_config()
    };
    let addr = start(&dir.join("store"), config).await;
    let get = |target: &'static str| async move {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        // In two parts, as a slow client sends it.
        s.write_all(format!("GET {target} HTTP/1.1\r\nHost: x\r\n").as_bytes())
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        s.write_all(b"Accept-Encoding: gzip\r\n\r\n").await.unwrap();
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).await.unwrap();
        String::from_utf8_lossy(&answer).into_owned()
    };
    let page = get("/").await;
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
    assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
    assert!(page.contains(r#"<meta name="mancala-hall-server" content="same-origin">"#));
    let wasm = get("/pkg/mancala_hall_bg.wasm").await;
    assert!(
        wasm.contains("Content-Type: application/wasm\r\n"),
        "{wasm}"
    );
    assert!(wasm.ends_with("\r\n\r\n\0asm"), "{wasm:?}");
    for out in ["/../secret.txt", "/%2e%2e/secret.txt"] {
        let refused = get(out).await;
        assert!(
            refused.starts_with("HTTP/1.1 404 Not Found\r\n"),
            "{out}: {refused}"
        );
        assert!(!refused.contains("secret"), "{out}");
    }
    // The games at the same address.
    let mut south = Client::connect(addr).await;
    let (code, token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(addr).await;
    north.join(&code).await;
    let start = GameState::new(Game::Hawalis, Options::default()).unwrap();
    south.play(legal_decisions(&start)[0].clone(), &token).await;
    north.until_played(1).await;
    let _ = std::fs::remove_dir_all(&dir);
}
