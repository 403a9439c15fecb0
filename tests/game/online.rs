//! The game's online client, headless, through a real server on 127.0.0.1 (needs the
//! `server` feature as well as `game`): two apps play a Hawalis game against each
//! other and a third watches; every decision goes out to the server and comes back
//! through the session's one write path, and the three boards agree throughout; no
//! hint is given to either side. Two named players find each other by quick match,
//! send a phrase, finish a rated game and play a rematch with the seats swapped.

use crate::common::headless::{logic_app, state};
use bevy::prelude::*;
use mancala_hall::game::play::computer::{AskHint, Hint};
use mancala_hall::game::play::session::{DecisionMade, Notice, Seats, StartGame};
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::venue::online::{Link, OnlineGame, OnlinePlayer, OnlineRequest};
use mancala_hall::online::identity::PlayerIdentity;
use mancala_hall::online::protocol::{Phrase, SeatState};
use mancala_hall::online::server::{Config, Server};
use mancala_hall::rules::{Decision, Game, GameState, Lot, Options, Player, random_decision};
use std::time::{Duration, Instant};

/// Starts a server on a thread of its own; returns its address.
fn start_server() -> String {
    // A folder of its own for each server: the tests run at once, and one removing
    // another's folder as it opened its store failed it now and then.
    static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("mh-game-online-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let config = Config {
                messages_per_second: 1e6,
                message_burst: 1e6,
                ..Config::default()
            };
            let server = Server::open(&dir, config).unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            server.serve(listener).await;
        });
    });
    format!("ws://{}", rx.recv().unwrap())
}

/// Runs a frame of every app, then lets the network catch up a little.
fn pump(apps: &mut [&mut App]) {
    for app in apps.iter_mut() {
        app.update();
    }
    std::thread::sleep(Duration::from_millis(2));
}

/// Frames until `done` holds for `app` (panics after 20 s).
fn until(apps: &mut [&mut App], which: usize, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(apps[which]) {
        assert!(start.elapsed() < Duration::from_secs(20), "timed out");
        pump(apps);
    }
}

fn online(app: &App) -> &OnlineGame {
    app.world().resource::<OnlineGame>()
}

/// `app` opens a private Hawalis room on `server` and has it; returns its code.
fn create_a_room(app: &mut App, server: &str) -> String {
    app.world_mut().write_message(OnlineRequest::Create {
        server: server.to_owned(),
        game: Game::Hawalis,
        options: Options::default(),
        public: false,
    });
    until(&mut [&mut *app], 0, started);
    online(app).room.clone().unwrap()
}

fn started(app: &App) -> bool {
    app.world()
        .get_resource::<OnlineGame>()
        .is_some_and(|g| g.link == Link::Connected && g.room.is_some())
        && app
            .world()
            .resource::<State<mancala_hall::game::AppState>>()
            .get()
            == &mancala_hall::game::AppState::InGame
}

#[test]
fn two_apps_play_hawalis_through_a_real_server_and_a_third_watches() {
    let server = start_server();
    let step = Duration::from_millis(100);
    let (mut a, mut b, mut w) = (logic_app(step), logic_app(step), logic_app(step));
    // As at launch: the board behind the menu starts in the same frame as the room
    // is asked for (that start must not count as leaving the room).
    a.world_mut().write_message(StartGame::fresh(
        GameState::new(Game::Omweso, Options::default()).unwrap(),
        Seats::default(),
    ));
    let code = create_a_room(&mut a, &server);
    assert_eq!(online(&a).seat, Some(Player::South));
    assert!(online(&a).waiting_for_opponent());
    b.world_mut().write_message(OnlineRequest::Join {
        server: server.clone(),
        code: code.to_lowercase(),
    });
    w.world_mut().write_message(OnlineRequest::Watch {
        server,
        code: code.clone(),
    });
    {
        let mut apps = [&mut a, &mut b, &mut w];
        until(&mut apps, 1, started);
        until(&mut apps, 2, started);
        until(&mut apps, 0, |a| {
            online(a).seats == [SeatState::Here, SeatState::Here]
        });
    }
    assert_eq!(online(&b).seat, Some(Player::North));
    assert_eq!(online(&w).seat, None);
    assert!(!online(&a).waiting_for_opponent());
    assert_eq!(state(&a), state(&b));

    // A decision out of turn, and one from the spectator, are refused by the server;
    // nothing changes.
    let first = state(&a);
    let mover = first.to_decide();
    let (mover_app, other_app) = match mover {
        Player::South => (0, 1),
        Player::North => (1, 0),
    };
    {
        let mut apps = [&mut a, &mut b, &mut w];
        let legal = random_decision(&first, &mut Lot(3)).unwrap();
        apps[other_app]
            .world_mut()
            .write_message(DecisionMade::here(legal.clone()));
        apps[2].world_mut().write_message(DecisionMade::here(legal));
        until(&mut apps, other_app, |app| {
            app.world().resource::<Notice>().0.is_some()
        });
        until(&mut apps, 2, |app| {
            app.world().resource::<Notice>().0.is_some()
        });
        for _ in 0..30 {
            pump(&mut apps);
        }
        assert_eq!(online(apps[mover_app]).seq, 0);
    }
    assert_eq!(state(&a), first);
    assert_eq!(state(&w), first);

    // No hints in a game between people at two places: asking is ignored.
    {
        let mut apps = [&mut a, &mut b];
        for app in apps.iter_mut() {
            app.world_mut().write_message(AskHint);
        }
        for _ in 0..10 {
            pump(&mut apps);
        }
        for app in apps {
            let hint = app.world().resource::<Hint>();
            assert!(!hint.thinking() && hint.shown.is_none(), "no hint online");
        }
    }

    // Then a game: each app plays a random legal decision when its seat must decide
    // and its board is still; an illegal one is refused along the way.
    let mut lots = [Lot(11), Lot(12)];
    let mut sent = 0u64;
    let mut tried_illegal = false;
    let start = Instant::now();
    loop {
        let s = state(&a);
        let busy = |app: &App| app.world().resource::<Animation>().busy();
        let caught_up = online(&a).seq == sent && online(&b).seq == sent && online(&w).seq == sent;
        if caught_up && !busy(&a) && !busy(&b) && !busy(&w) {
            assert_eq!(state(&b), s, "after {sent} decisions");
            assert_eq!(state(&w), s, "after {sent} decisions");
            if s.is_over() {
                break;
            }
            let seat = s.to_decide() as usize;
            let app = if seat == 0 { &mut a } else { &mut b };
            if !tried_illegal {
                tried_illegal = true;
                // Never legal in Hawalis (an Nsolo decision).
                app.world_mut()
                    .write_message(DecisionMade::here(Decision::EndStrip));
            }
            let d = random_decision(&s, &mut lots[seat]).unwrap();
            app.world_mut().write_message(DecisionMade::here(d));
            sent += 1;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the game stalled at {sent}"
        );
        pump(&mut [&mut a, &mut b, &mut w]);
    }
    assert!(state(&a).is_over(), "the game was played to its end");
    assert!(sent >= 10, "{sent} decisions played");
    assert_eq!(online(&a).seq, sent);
}

/// An app whose player has a key and a name.
fn named_app(step: Duration, key: u8, name: &str) -> App {
    let mut app = logic_app(step);
    app.insert_resource(OnlinePlayer(PlayerIdentity {
        key: format!("{key:032x}"),
        name: name.into(),
    }));
    app
}

#[test]
fn two_named_players_meet_by_quick_match_and_play_a_rated_game_and_a_rematch() {
    let server = start_server();
    let step = Duration::from_millis(100);
    let (mut a, mut b) = (named_app(step, 1, "Amina"), named_app(step, 2, "Baraka"));
    for app in [&mut a, &mut b] {
        app.world_mut().write_message(OnlineRequest::Quick {
            server: server.clone(),
            game: Game::Nsolo,
            options: Options::default(),
        });
    }
    let mut apps = [&mut a, &mut b];
    until(&mut apps, 0, started);
    until(&mut apps, 1, started);
    let (ga, gb) = (online(apps[0]), online(apps[1]));
    assert_eq!(ga.room, gb.room, "paired into one room");
    assert_ne!(ga.seat, gb.seat);
    let south_app = if ga.seat == Some(Player::South) { 0 } else { 1 };
    let names = |app: &App| {
        let p = &online(app).players;
        [p.south.clone(), p.north.clone()].map(|p| p.map(|p| (p.name, p.rating)))
    };
    until(&mut apps, 0, |app| {
        names(app)[0].is_some() && names(app)[1].is_some()
    });
    let mut seen: Vec<String> = names(apps[0]).into_iter().flatten().map(|p| p.0).collect();
    seen.sort();
    assert_eq!(seen, ["Amina", "Baraka"]);
    assert!(names(apps[0]).iter().flatten().all(|p| p.1 == Some(1500)));
    // A phrase reaches the other player, in his language.
    apps[south_app]
        .world_mut()
        .write_message(OnlineRequest::Say(Phrase::GoodGame));
    until(&mut apps, 1 - south_app, |app| {
        online(app).said == Some((Player::South, Phrase::GoodGame))
    });
    let notice = apps[1 - south_app].world().resource::<Notice>().0.clone();
    assert!(notice.is_some_and(|n| n.contains("Good game")));
    // South resigns: the game is over and rated for both.
    apps[south_app]
        .world_mut()
        .write_message(DecisionMade::here(Decision::Resign));
    until(&mut apps, 0, |app| online(app).rated.is_some());
    until(&mut apps, 1, |app| online(app).rated.is_some());
    let [south, north] = online(apps[0]).rated.unwrap();
    assert!(south.after < south.before && north.after > north.before);
    assert!(state(apps[0]).is_over() && state(apps[1]).is_over());
    // Both ask for a rematch: a new room, the seats swapped, a new game.
    let old_room = online(apps[0]).room.clone();
    for app in apps.iter_mut() {
        app.world_mut().write_message(OnlineRequest::Rematch);
    }
    for which in 0..2 {
        until(&mut apps, which, |app| {
            let g = online(app);
            g.room != old_room && g.seat.is_some() && started(app) && !state(app).is_over()
        });
    }
    let now_south = if online(apps[0]).seat == Some(Player::South) {
        0
    } else {
        1
    };
    assert_eq!(now_south, 1 - south_app, "the seats are swapped");
    assert_eq!(online(apps[0]).room, online(apps[1]).room);
    assert_eq!(online(apps[0]).seq, 0);
}

#[test]
fn an_opponents_move_wakes_the_sleeping_window() {
    use mancala_hall::game::wake::Wake;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let server = start_server();
    let step = Duration::from_millis(100);
    let (mut a, mut b) = (logic_app(step), logic_app(step));
    // A's window: what arrives on its connection wakes it (counted here).
    let wakes = Arc::new(AtomicUsize::new(0));
    let counted = wakes.clone();
    a.insert_resource(Wake(Arc::new(move || {
        counted.fetch_add(1, Ordering::SeqCst);
    })));
    let code = create_a_room(&mut a, &server);
    b.world_mut()
        .write_message(OnlineRequest::Join { server, code });
    {
        let mut apps = [&mut a, &mut b];
        until(&mut apps, 1, started);
        until(&mut apps, 0, |a| {
            online(a).seats == [SeatState::Here, SeatState::Here]
        });
    }
    // South (A) moves, and A's window goes to sleep: no more updates of A.
    let first = state(&a);
    assert_eq!(first.to_decide(), Player::South);
    let d = random_decision(&first, &mut Lot(5)).unwrap();
    a.world_mut().write_message(DecisionMade::here(d));
    until(&mut [&mut a, &mut b], 1, |b| {
        state(b).to_decide() == Player::North
    });
    for _ in 0..20 {
        pump(&mut [&mut a, &mut b]);
    }
    // North (B) answers while A sleeps: the answer's arrival wakes A's window.
    let before = wakes.load(Ordering::SeqCst);
    let reply = random_decision(&state(&b), &mut Lot(6)).unwrap();
    b.world_mut().write_message(DecisionMade::here(reply));
    let start = Instant::now();
    while wakes.load(Ordering::SeqCst) == before {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "A was never woken"
        );
        b.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    // Woken, A's next updates show North's move.
    until(&mut [&mut a, &mut b], 0, |a| {
        state(a).to_decide() == Player::South
    });
}
