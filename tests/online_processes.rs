//! Several server processes sharing one PostgreSQL (feature `postgres`), each test on
//! a throw-away cluster of its own with three real `mancala-hall serve` processes:
//! players and a spectator on three processes; two processes racing for one
//! decision; a process killed (SIGKILL) mid-game, its player resuming on another;
//! PostgreSQL stopped and started under play; the lobby and quick match across
//! processes. Every decision is checked, number by number, for each client and
//! against the table: nothing lost, nothing doubled, the same order everywhere.
#![cfg(feature = "postgres")]

#[path = "common/online.rs"]
mod online_client;

use mancala_hall::online::protocol::{ClientMessage, ErrorCode, Phrase, SeatState, ServerMessage};
use mancala_hall::rules::{
    Decision, Game, GameState, Lot, Options, Player, legal_decisions, random_decision,
};
use online_client::postgres::Cluster;
use online_client::*;
use std::net::SocketAddr;
use std::process::Child;
use std::time::Duration;

/// A cluster and three server processes on it, each with `/metrics`.
struct Processes {
    cluster: Cluster,
    url: String,
    addrs: Vec<SocketAddr>,
    metrics: Vec<SocketAddr>,
    children: Vec<Option<Child>>,
}

impl Processes {
    fn start(name: &str) -> Option<Processes> {
        Processes::start_with(name, 3, &[])
    }

    /// `count` processes, with these arguments besides the store and `/metrics`.
    fn start_with(name: &str, count: usize, extra: &[&str]) -> Option<Processes> {
        let cluster = Cluster::start(name)?;
        let url = cluster.database("mh");
        let mut p = Processes {
            cluster,
            url,
            addrs: Vec::new(),
            metrics: Vec::new(),
            children: Vec::new(),
        };
        for _ in 0..count {
            p.spawn(extra);
        }
        Some(p)
    }

    /// Starts one more process; returns its number.
    fn spawn(&mut self, extra: &[&str]) -> usize {
        let (addr, metrics) = (free_addr(), free_addr());
        let mut args = vec![
            "--store".to_string(),
            self.url.clone(),
            "--metrics".into(),
            metrics.to_string(),
        ];
        args.extend(extra.iter().map(|a| a.to_string()));
        self.children.push(Some(spawn_server_with(&args, addr)));
        self.addrs.push(addr);
        self.metrics.push(metrics);
        self.addrs.len() - 1
    }

    /// Kills process `i` with SIGKILL.
    fn kill(&mut self, i: usize) {
        let mut child = self.children[i].take().expect("running");
        child.kill().expect("SIGKILL");
        child.wait().unwrap();
    }

    /// A counter of process `i`'s `/metrics` (checked to come as OpenMetrics, as
    /// docs/online.md says).
    fn counter(&self, i: usize, name: &str) -> f64 {
        let text = http_get(self.metrics[i], "/metrics");
        assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
        assert!(
            text.contains(
                "\r\nContent-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"), "{text}");
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .parse()
            .unwrap()
    }

    /// The decisions stored for a room, by number.
    fn stored(&self, room: &str) -> Vec<u64> {
        let seqs = self.cluster.query(
            "mh",
            &format!("SELECT seq FROM played WHERE code = '{room}' ORDER BY seq"),
        );
        seqs.lines().map(|l| l.parse().unwrap()).collect()
    }
}

/// The whole answer to `GET path`.
fn http_get(addr: SocketAddr, path: &str) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text
}

impl Drop for Processes {
    fn drop(&mut self) {
        for child in self.children.iter_mut().flatten() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Every `played` message a client saw, in order: number and decision.
#[derive(Default)]
struct Seen {
    played: Vec<(u64, Decision)>,
}

impl Seen {
    /// Reads until the `played` message `seq` (panics on an error message).
    async fn until(&mut self, c: &mut Client, seq: u64) -> ServerMessage {
        loop {
            match c.recv().await {
                m @ ServerMessage::Played { .. } => {
                    let ServerMessage::Played {
                        seq: s, decision, ..
                    } = &m
                    else {
                        unreachable!()
                    };
                    self.played.push((*s, decision.clone()));
                    if *s == seq {
                        return m;
                    }
                }
                ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
                _ => {}
            }
        }
    }

    /// Nothing lost, nothing doubled: the numbers run 1, 2, 3...
    fn assert_whole(&self, who: &str) {
        for (i, (seq, _)) in self.played.iter().enumerate() {
            assert_eq!(*seq, i as u64 + 1, "{who}: decision {} out of order", i + 1);
        }
    }
}

/// A game in play: the players (South, North) and any spectators after them, what
/// each has seen, and the position they all agree on.
struct Table<const N: usize> {
    clients: [Client; N],
    tokens: [String; 2],
    seen: [Seen; N],
    state: GameState,
    seq: u64,
    lot: Lot,
}

impl<const N: usize> Table<N> {
    fn new(clients: [Client; N], tokens: [String; 2], game: Game, seed: u64) -> Table<N> {
        Table {
            clients,
            tokens,
            seen: std::array::from_fn(|_| Seen::default()),
            state: GameState::new(game, Options::default()).unwrap(),
            seq: 0,
            lot: Lot(seed),
        }
    }

    /// Whose turn it is: 0 for South, 1 for North.
    fn mover(&self) -> usize {
        self.state.to_decide() as usize
    }

    /// The player to decide plays `d`, and every client reads it; all must then agree
    /// on the position.
    async fn play(&mut self, d: Decision) {
        let mover = self.mover();
        self.clients[mover].play(d, &self.tokens[mover]).await;
        self.seq += 1;
        self.everyone_reads().await;
    }

    /// Every client reads decision `seq`; the position after it.
    async fn everyone_reads(&mut self) {
        let mut after = Vec::new();
        for (c, s) in self.clients.iter_mut().zip(self.seen.iter_mut()) {
            after.push(state_of(&s.until(c, self.seq).await));
        }
        assert!(
            after.iter().all(|a| *a == after[0]),
            "the same position everywhere"
        );
        self.state = after.remove(0);
    }

    /// Up to `n` random legal decisions (fewer if the game ends).
    async fn play_random(&mut self, n: usize) {
        for _ in 0..n {
            if self.state.is_over() {
                break;
            }
            let d = random_decision(&self.state, &mut self.lot).unwrap();
            self.play(d).await;
        }
    }

    /// Nothing lost, nothing doubled: every client saw decisions 1, 2, 3... and the
    /// same ones, and the table holds exactly those numbers.
    fn assert_one_game(&self, p: &Processes, code: &str) {
        for (i, s) in self.seen.iter().enumerate() {
            let who = ["south", "north"].get(i).copied().unwrap_or("a spectator");
            s.assert_whole(who);
            assert_eq!(s.played, self.seen[0].played, "{who} saw another game");
        }
        assert_eq!(p.stored(code), (1..=self.seq).collect::<Vec<_>>());
    }
}

/// Reads until the client's seats are `want` (the `seats` messages).
async fn seats_become(c: &mut Client, want: (SeatState, SeatState)) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while c.seats != Some(want) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "seats {:?}",
            c.seats
        );
        if let Some(ServerMessage::Error { code, message }) =
            c.try_recv(Duration::from_millis(200)).await
        {
            panic!("{code:?}: {message}");
        }
    }
}

fn key(n: usize) -> String {
    format!("player-key-{n:04}-0123456789abcdef")
}

/// Watches a room: the `room` message back.
async fn watch(c: &mut Client, room: &str) -> ServerMessage {
    c.send(&ClientMessage::Watch {
        room: room.into(),
        since: None,
    })
    .await;
    loop {
        match c.recv().await {
            m @ ServerMessage::Room { .. } => return m,
            ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_a_spectator_on_three_processes_see_one_game() {
    let Some(mut p) = Processes::start("three") else {
        return;
    };
    let mut south = Client::connect_as(p.addrs[0], Some(&key(1)), Some("Amina")).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect_as(p.addrs[1], Some(&key(2)), Some("Baraka")).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(p.addrs[2]).await;
    watch(&mut watcher, &code).await;
    // Each process hears who is in the room on the others.
    seats_become(&mut south, (SeatState::Here, SeatState::Here)).await;
    let players = south.players.clone().unwrap();
    assert_eq!(players.north.unwrap().name, "Baraka");

    let mut t = Table::new(
        [south, north, watcher],
        [south_token, north_token],
        Game::Nsolo,
        11,
    );
    t.play_random(30).await;
    // The game ends (a resignation) and is rated: everyone hears it, whichever
    // process stored it.
    t.play(Decision::Resign).await;
    let mut rated = Vec::new();
    for c in t.clients.iter_mut() {
        loop {
            if let m @ ServerMessage::Rated { .. } = c.recv().await {
                rated.push(m);
                break;
            }
        }
    }
    assert!(rated.iter().all(|r| *r == rated[0]), "{rated:?}");
    t.assert_one_game(&p, &code);
    // /metrics: each decision was stored by exactly one of the three processes, and
    // each process counts the connections it has.
    let stored: f64 = (0..3)
        .map(|i| p.counter(i, "mancala_hall_decisions_total"))
        .sum();
    assert_eq!(stored, t.seq as f64);
    for i in 0..3 {
        assert_eq!(p.counter(i, "mancala_hall_connections"), 1.0, "process {i}");
        assert_eq!(p.counter(i, "mancala_hall_store_failures_total"), 0.0);
    }
    let rated_rows = p
        .cluster
        .query("mh", "SELECT count(*) FROM finished WHERE rated");
    assert_eq!(rated_rows, "1");
    // A process started now catches up from the table: a spectator there gets the
    // whole game.
    let late = p.spawn(&[]);
    let mut late_watcher = Client::connect(p.addrs[late]).await;
    late_watcher
        .send(&ClientMessage::Watch {
            room: code.clone(),
            since: Some(0),
        })
        .await;
    let mut caught_up = Seen::default();
    caught_up.until(&mut late_watcher, t.seq).await;
    assert_eq!(caught_up.played, t.seen[0].played);
}

/// The errors a client got, set aside while it reads the game.
fn refusal(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::NotYourTurn | ErrorCode::Illegal)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_racing_for_one_decision_store_exactly_one() {
    let Some(p) = Processes::start("race") else {
        return;
    };
    let mut south = Client::connect(p.addrs[0]).await;
    let (code, token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(p.addrs[2]).await;
    let north_token = north.join(&code).await;
    // A second connection for South's seat, on another process, watching for now.
    let mut south_again = Client::connect(p.addrs[1]).await;
    watch(&mut south_again, &code).await;

    // Each South turn, the connection not holding South's seat resumes it and at
    // once decides, while the one holding it (on the other process) decides too:
    // two decisions for one number, through two processes, before the older
    // connection's process has heard that it was replaced.
    let seats = [token.clone(), north_token];
    let mut t = Table::new([south, north, south_again], seats, Game::Hawalis, 5);
    let mut holder = 0; // South's connection: 0 (the first process) or 2 (the second)
    let rounds = 10;
    for _ in 0..rounds {
        if t.state.is_over() {
            break;
        }
        assert_eq!(t.state.to_decide(), Player::South);
        let newer = 2 - holder;
        let legal = legal_decisions(&t.state);
        let (a, b) = (legal[0].clone(), legal[legal.len() - 1].clone());
        let resume = ClientMessage::Resume {
            room: code.clone(),
            token: token.clone(),
            since: Some(t.seq),
        };
        {
            let [first, _, second] = &mut t.clients;
            let (older_c, newer_c) = if holder == 0 {
                (first, second)
            } else {
                (second, first)
            };
            tokio::join!(
                async {
                    newer_c.send(&resume).await;
                    newer_c.play(b.clone(), &token).await;
                },
                async {
                    // (With one legal decision there is no race to run.)
                    if a != b {
                        older_c.play(a.clone(), &token).await;
                    }
                }
            );
        }
        // Exactly one is played, and everyone sees the same one.
        t.seq += 1;
        let mut errors: [Vec<ErrorCode>; 3] = Default::default();
        let mut after = Vec::new();
        for (i, c) in t.clients.iter_mut().enumerate() {
            loop {
                match c.recv().await {
                    ServerMessage::Played {
                        seq,
                        decision,
                        position,
                        ..
                    } => {
                        t.seen[i].played.push((seq, decision));
                        if seq == t.seq {
                            after
                                .push(mancala_hall::online::protocol::position(&position).unwrap());
                            break;
                        }
                    }
                    ServerMessage::Error { code, .. } => errors[i].push(code),
                    _ => {}
                }
            }
        }
        assert!(
            after.iter().all(|s| *s == after[0]),
            "the same position everywhere"
        );
        t.state = after.remove(0);
        let decision = t.seen[0].played.last().unwrap().1.clone();
        // The older connection hears that it was replaced; the decision that was not
        // played was refused: it is no longer South's turn (or, if the older one's
        // process had already heard, it plays for no seat).
        let older_refused = |e: &[ErrorCode]| {
            e.iter().filter(|&&c| c == ErrorCode::Replaced).count() >= 2
                || e.iter().any(|&c| refusal(c))
        };
        loop {
            let told = errors[holder].contains(&ErrorCode::Replaced);
            let refused = if a == b {
                true
            } else if decision == a {
                errors[newer].iter().any(|&c| refusal(c))
            } else {
                assert_eq!(decision, b);
                older_refused(&errors[holder])
            };
            if told && refused {
                break;
            }
            let waiting = if told {
                if decision == a { newer } else { holder }
            } else {
                holder
            };
            // Only errors are waited for here; other news may still come first (the
            // newer connection's `seated` when its process answers late).
            if let ServerMessage::Error { code, .. } = t.clients[waiting].recv().await {
                errors[waiting].push(code);
            }
        }
        assert!(!errors[newer].contains(&ErrorCode::Replaced), "{errors:?}");
        assert!(errors[1].is_empty(), "North: {:?}", errors[1]);
        holder = newer;
        // North answers, and South's turn comes again.
        while !t.state.is_over() && t.state.to_decide() == Player::North {
            t.play_random(1).await;
        }
    }
    t.assert_one_game(&p, &code);
    // The race was real: some decisions reached the table second and were refused
    // there (the others were refused on the rules, after the room had caught up).
    let lost = p.counter(0, "mancala_hall_lost_races_total")
        + p.counter(1, "mancala_hall_lost_races_total");
    assert!(lost >= 1.0, "no race was lost in {rounds} rounds");
    assert!(http_get(p.metrics[0], "/other").starts_with("HTTP/1.1 404"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_s_player_resumes_on_another() {
    let Some(mut p) = Processes::start("sigkill") else {
        return;
    };
    let mut south = Client::connect(p.addrs[0]).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect(p.addrs[1]).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(p.addrs[2]).await;
    watch(&mut watcher, &code).await;
    let mut t = Table::new(
        [south, north, watcher],
        [south_token, north_token],
        Game::Nsolo,
        3,
    );
    t.play_random(8).await;
    while t.state.to_decide() != Player::South {
        t.play_random(1).await;
    }
    // South sends a decision and his process dies at once: it may or may not have
    // been stored.
    let d = random_decision(&t.state, &mut t.lot).unwrap();
    t.clients[0].play(d.clone(), &t.tokens[0]).await;
    p.kill(0);
    // He comes back through the next process with his token and what he has seen.
    let mut south = Client::connect(p.addrs[1]).await;
    south
        .send(&ClientMessage::Resume {
            room: code.clone(),
            token: t.tokens[0].clone(),
            since: Some(t.seq),
        })
        .await;
    let now = loop {
        match south.recv().await {
            ServerMessage::Played {
                seq: n, decision, ..
            } => {
                assert_eq!(
                    (n, &decision),
                    (t.seq + 1, &d),
                    "the decision in flight, once"
                );
                t.seen[0].played.push((n, decision));
            }
            m @ ServerMessage::Room { .. } => break m,
            ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
            _ => {}
        }
    };
    let ServerMessage::Room { seq: stored, .. } = now else {
        unreachable!()
    };
    t.clients[0] = south;
    t.seq += 1;
    if stored == t.seq {
        // He had it with his catch-up; the others read it.
        for (c, s) in t.clients.iter_mut().zip(t.seen.iter_mut()).skip(1) {
            t.state = state_of(&s.until(c, t.seq).await);
        }
    } else {
        // As far as this process knew, it was lost with the other before it was
        // stored: he plays it again.
        t.clients[0].play(d, &t.tokens[0]).await;
        t.everyone_reads().await;
        // If it had been stored after all (this process had not yet heard), the
        // second copy is refused: it is no longer his turn. Never played twice.
        if let Some(m) = t.clients[0].try_recv(Duration::from_millis(500)).await {
            assert!(
                matches!(
                    m,
                    ServerMessage::Error {
                        code: ErrorCode::NotYourTurn,
                        ..
                    }
                ),
                "{m:?}"
            );
        }
    }
    // The game goes on, South now on the second process.
    t.play_random(8).await;
    t.assert_one_game(&p, &code);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_refuses_decisions_and_play_goes_on_when_it_returns() {
    let Some(p) = Processes::start("pgstop") else {
        return;
    };
    let mut south = Client::connect(p.addrs[0]).await;
    let (code, south_token) = south.create(Game::Hawalis, Options::default()).await;
    let mut north = Client::connect(p.addrs[1]).await;
    let north_token = north.join(&code).await;
    let mut t = Table::new([south, north], [south_token, north_token], Game::Hawalis, 9);
    t.play_random(4).await;
    p.cluster.stop();
    // A decision now is refused with the `store` error, and nothing changes.
    let mover = t.mover();
    let other = 1 - mover;
    let d = random_decision(&t.state, &mut Lot(1)).unwrap();
    t.clients[mover].play(d.clone(), &t.tokens[mover]).await;
    loop {
        match t.clients[mover].recv().await {
            ServerMessage::Error { code, .. } => {
                assert_eq!(code, ErrorCode::Store);
                break;
            }
            ServerMessage::Played { .. } => panic!("played without a store"),
            _ => {}
        }
    }
    if let Some(m) = t.clients[other].try_recv(Duration::from_millis(500)).await {
        assert!(!matches!(m, ServerMessage::Played { .. }), "{m:?}");
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    p.cluster.restart();
    // Once it is back, the same decision goes through (the servers were not
    // restarted; their pools connect again) and reaches the other process.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    'retry: loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "PostgreSQL never came back"
        );
        t.clients[mover].play(d.clone(), &t.tokens[mover]).await;
        loop {
            match t.clients[mover].recv().await {
                ServerMessage::Error { code, .. } => {
                    assert_eq!(code, ErrorCode::Store);
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    continue 'retry;
                }
                ServerMessage::Played {
                    seq: n, decision, ..
                } => {
                    t.seen[mover].played.push((n, decision));
                    break 'retry;
                }
                _ => {}
            }
        }
    }
    t.seq += 1;
    t.state = state_of(&t.seen[other].until(&mut t.clients[other], t.seq).await);
    t.play_random(4).await;
    t.assert_one_game(&p, &code);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_quick_match_span_the_processes() {
    let Some(p) = Processes::start("lobby") else {
        return;
    };
    // A public room made on the first process shows in a lobby followed on the third.
    let mut viewer = Client::connect(p.addrs[2]).await;
    viewer.send(&ClientMessage::Lobby).await;
    assert!(matches!(viewer.recv().await, ServerMessage::Lobby { .. }));
    let mut host = Client::connect_as(p.addrs[0], None, Some("Amina")).await;
    let (code, _) = host
        .create_room(Game::Omweso, Options::default(), true)
        .await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        assert!(tokio::time::Instant::now() < deadline, "never listed");
        if let Some(ServerMessage::Lobby { open, .. }) =
            viewer.try_recv(Duration::from_secs(1)).await
            && open.iter().any(|r| r.room == code)
        {
            break;
        }
    }
    // Two players asking for a quick match on two processes meet in one room.
    let mut a = Client::connect_as(p.addrs[0], Some(&key(1)), Some("Asha")).await;
    let mut b = Client::connect_as(p.addrs[1], Some(&key(2)), Some("Bakari")).await;
    for c in [&mut a, &mut b] {
        c.send(&ClientMessage::Quick {
            game: Game::Anywoli,
            options: None,
        })
        .await;
    }
    let mut seated = Vec::new();
    for c in [&mut a, &mut b] {
        loop {
            match c.recv().await {
                ServerMessage::Waiting { .. } => {}
                ServerMessage::Seated { room, seat, token } => {
                    seated.push((room, seat, token));
                    break;
                }
                m => panic!("{m:?}"),
            }
        }
    }
    assert_eq!(seated[0].0, seated[1].0, "the same room");
    assert_ne!(seated[0].1, seated[1].1, "different seats");
    // And they play in it, across the processes.
    let (mut clients, mut tokens) = ([a, b], [seated[0].2.clone(), seated[1].2.clone()]);
    if seated[0].1 == Player::North {
        clients.swap(0, 1);
        tokens.swap(0, 1);
    }
    let mut t = Table::new(clients, tokens, Game::Anywoli, 4);
    t.play_random(4).await;
    t.assert_one_game(&p, &seated[0].0);
}

/// nginx, from the PATH or Debian's /usr/sbin; `None` (skipped) when missing, except
/// under `CI=true`.
fn nginx() -> Option<std::path::PathBuf> {
    let on_path = std::env::var("PATH").ok().and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("nginx"))
            .find(|p| p.is_file())
    });
    let found = on_path.or_else(|| {
        let p = std::path::PathBuf::from("/usr/sbin/nginx");
        p.is_file().then_some(p)
    });
    if found.is_none() {
        assert!(
            std::env::var("CI").is_ok_and(|v| v != "true") || std::env::var("CI").is_err(),
            "nginx is not installed: run scripts/setup-debian.sh"
        );
        eprintln!("skipped: nginx is not installed (scripts/setup-debian.sh installs it)");
    }
    found
}

/// nginx runs until dropped.
struct Nginx(Child, std::path::PathBuf);

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers too (SIGKILL would orphan them).
        let _ = std::process::Command::new("kill")
            .arg(self.0.id().to_string())
            .status();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

/// docs/deploy/nginx.conf, as the docs give it, with this test's ports and folders.
fn nginx_conf(front: SocketAddr, servers: &[SocketAddr], dir: &std::path::Path) -> String {
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/deploy/nginx.conf"
    ))
    .expect("docs/deploy/nginx.conf");
    let d = dir.display();
    let swaps = [
        ("server 127.0.0.1:8787 ", format!("server {} ", servers[0])),
        ("server 127.0.0.1:8788 ", format!("server {} ", servers[1])),
        ("listen 8080;", format!("listen {front};")),
        (
            "worker_processes auto;",
            format!(
                "worker_processes 1;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log;"
            ),
        ),
        (
            "http {",
            format!(
                "http {{\n    client_body_temp_path {d}/body;\n    proxy_temp_path {d}/proxy;\n    \
                 fastcgi_temp_path {d}/fastcgi;\n    uwsgi_temp_path {d}/uwsgi;\n    scgi_temp_path {d}/scgi;"
            ),
        ),
    ];
    let mut conf = conf;
    for (from, to) in swaps {
        assert!(
            conf.contains(from),
            "docs/deploy/nginx.conf has no `{from}`"
        );
        conf = conf.replacen(from, &to, 1);
    }
    conf
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_nginx_the_players_outlive_a_process() {
    let Some(bin) = nginx() else {
        return;
    };
    let Some(mut p) = Processes::start_with("nginx", 2, &["--trust-proxy", "127.0.0.1"]) else {
        return;
    };
    let front = free_addr();
    let dir = std::env::temp_dir().join(format!("mh-nginx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, nginx_conf(front, &p.addrs, &dir)).unwrap();
    let child = std::process::Command::new(bin)
        .arg("-c")
        .arg(&conf)
        .arg("-p")
        .arg(&dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("nginx starts");
    let _nginx = Nginx(child, dir);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::net::TcpStream::connect(front).await.is_err() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "nginx never listened"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Two players through nginx (least_conn puts them on the two processes).
    let mut south = Client::connect(front).await;
    let (code, south_token) = south.create(Game::Anywoli, Options::default()).await;
    let mut north = Client::connect(front).await;
    let north_token = north.join(&code).await;
    let mut t = Table::new([south, north], [south_token, north_token], Game::Anywoli, 2);
    t.play_random(4).await;
    // One process dies: whoever was on it finds his connection closed, comes back
    // through nginx (which tries the other) and resumes.
    p.kill(0);
    let mut resumed = 0;
    for (c, token) in t.clients.iter_mut().zip(&t.tokens) {
        c.send(&ClientMessage::Ping).await;
        if c.try_recv(Duration::from_secs(3)).await == Some(ServerMessage::Pong) {
            continue;
        }
        resumed += 1;
        *c = Client::connect(front).await;
        c.send(&ClientMessage::Resume {
            room: code.clone(),
            token: token.clone(),
            since: Some(t.seq),
        })
        .await;
        loop {
            match c.recv().await {
                ServerMessage::Room { seq, .. } => {
                    assert_eq!(seq, t.seq, "nothing lost");
                    break;
                }
                ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
                _ => {}
            }
        }
    }
    assert_eq!(resumed, 1, "one player was on the process that died");
    t.play_random(4).await;
    t.assert_one_game(&p, &code);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phrases_and_a_rematch_cross_the_processes() {
    let Some(p) = Processes::start("rematch") else {
        return;
    };
    let mut south = Client::connect_as(p.addrs[0], Some(&key(1)), Some("Amina")).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    let mut north = Client::connect_as(p.addrs[1], Some(&key(2)), Some("Baraka")).await;
    let north_token = north.join(&code).await;
    let mut watcher = Client::connect(p.addrs[2]).await;
    watch(&mut watcher, &code).await;
    // A phrase from the first process reaches the other two.
    south
        .send(&ClientMessage::Say {
            phrase: Phrase::GoodGame,
            token: south_token.clone(),
        })
        .await;
    for c in [&mut north, &mut watcher] {
        loop {
            match c.recv().await {
                ServerMessage::Said { by, phrase, .. } => {
                    assert_eq!((by, phrase), (Player::South, Phrase::GoodGame));
                    break;
                }
                ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
                _ => {}
            }
        }
    }
    south.play(Decision::Resign, &south_token).await;
    for c in [&mut south, &mut north, &mut watcher] {
        c.until_played(1).await;
    }
    // Both ask for a rematch at once, on two processes: one new room, seats swapped,
    // and the spectator follows.
    let ask = |token: &str| ClientMessage::Rematch {
        token: token.to_string(),
    };
    let (a, b) = (ask(&south_token), ask(&north_token));
    tokio::join!(south.send(&a), north.send(&b));
    let mut to = Vec::new();
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
                ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
                _ => {}
            }
        };
        loop {
            match c.recv().await {
                ServerMessage::Seated { room, seat, .. } => {
                    assert_eq!((&room, Some(seat)), (&new, now));
                }
                ServerMessage::Room { room, seq, .. } => {
                    assert_eq!((&room, seq), (&new, 0));
                    break;
                }
                ServerMessage::Error { code, message } => panic!("{code:?}: {message}"),
                _ => {}
            }
        }
        to.push(new);
    }
    assert!(to.iter().all(|t| *t == to[0]), "one rematch room: {to:?}");
    let rematches = p.cluster.query(
        "mh",
        &format!("SELECT code FROM rooms WHERE rematch_of = '{code}'"),
    );
    assert_eq!(rematches, to[0]);
}

/// Every `seats` state a client is sent within `wait`, in order (other messages are
/// kept aside and returned too).
async fn seats_within(
    c: &mut Client,
    wait: Duration,
) -> (Vec<(SeatState, SeatState)>, Vec<ServerMessage>) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let until = tokio::time::Instant::now() + wait;
    let (mut seats, mut others) = (Vec::new(), Vec::new());
    while let Ok(Some(Ok(m))) = tokio::time::timeout_at(until, c.ws.next()).await {
        if let Message::Text(t) = m {
            match serde_json::from_str(&t).unwrap() {
                ServerMessage::Seats { south, north, .. } => seats.push((south, north)),
                m => others.push(m),
            }
        }
    }
    (seats, others)
}

/// A player who joins, or resumes, on another process is `here` for everyone at once:
/// in the joiner's first `room` message, and for the players and spectators on the
/// other processes, never `away` first. The connection he resumed from, on another
/// process, is told it was replaced and plays for the seat no more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_joining_or_resuming_on_another_process_is_here_at_once() {
    use SeatState::{Away, Here, Open};
    let Some(p) = Processes::start("here") else {
        return;
    };
    let mut south = Client::connect_as(p.addrs[0], None, Some("Amina")).await;
    let (code, south_token) = south.create(Game::Nsolo, Options::default()).await;
    // A spectator on the third process: South, on the first, is here from the first.
    let mut watcher = Client::connect(p.addrs[2]).await;
    let ServerMessage::Room {
        south: s, north: n, ..
    } = watch(&mut watcher, &code).await
    else {
        unreachable!()
    };
    assert_eq!((s, n), (Here, Open), "the spectator's first view");
    // North joins on the second process: South is here in his first view...
    let mut north = Client::connect_as(p.addrs[1], None, Some("Baraka")).await;
    north
        .send(&ClientMessage::Join { room: code.clone() })
        .await;
    assert!(matches!(
        north.recv().await,
        ServerMessage::Seated {
            seat: Player::North,
            ..
        }
    ));
    let ServerMessage::Room {
        south: s, north: n, ..
    } = north.recv().await
    else {
        panic!("the room")
    };
    assert_eq!((s, n), (Here, Here), "the joiner's first view");
    // ...and he is here for the others at once: never away in between.
    for (who, c) in [("South", &mut south), ("the spectator", &mut watcher)] {
        let (seats, others) = seats_within(c, Duration::from_millis(1500)).await;
        assert!(others.is_empty(), "{who}: {others:?}");
        assert_eq!(seats.last(), Some(&(Here, Here)), "{who}: {seats:?}");
        assert!(
            !seats.iter().any(|&(s, n)| s == Away || n == Away),
            "{who}: {seats:?}"
        );
    }
    // South resumes on the second process (his first connection seemed lost): the
    // first is told, South stays here for everyone, and only the new one plays.
    let mut again = Client::connect(p.addrs[1]).await;
    again
        .send(&ClientMessage::Resume {
            room: code.clone(),
            token: south_token.clone(),
            since: Some(0),
        })
        .await;
    assert!(matches!(
        again.recv().await,
        ServerMessage::Seated {
            seat: Player::South,
            ..
        }
    ));
    let ServerMessage::Room {
        south: s, north: n, ..
    } = again.recv().await
    else {
        panic!("the room")
    };
    assert_eq!((s, n), (Here, Here));
    let (_, told) = seats_within(&mut south, Duration::from_millis(1500)).await;
    assert!(
        matches!(
            &told[..],
            [ServerMessage::Error {
                code: ErrorCode::Replaced,
                ..
            }]
        ),
        "{told:?}"
    );
    for (who, c) in [("North", &mut north), ("the spectator", &mut watcher)] {
        let (seats, others) = seats_within(c, Duration::from_millis(500)).await;
        assert!(others.is_empty(), "{who}: {others:?}");
        assert!(!seats.iter().any(|&(s, _)| s != Here), "{who}: {seats:?}");
    }
    let start = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let d = legal_decisions(&start)[0].clone();
    south.play(d.clone(), &south_token).await;
    assert_eq!(south.error().await, ErrorCode::Replaced);
    again.play(d, &south_token).await;
    for c in [&mut again, &mut north, &mut watcher, &mut south] {
        c.until_played(1).await;
    }
}

/// Quick match across processes: players of equal ratings pair in the order they
/// asked (by the database's clock), not by process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_pairs_equal_ratings_in_the_order_they_asked_across_processes() {
    let Some(p) = Processes::start("quick-ties") else {
        return;
    };
    // Four guests (1500 each), asking in turn on the first and second process.
    let mut clients = Vec::new();
    for i in 0..4 {
        let mut c = Client::connect_as(p.addrs[i % 2], None, Some(&format!("G{i}"))).await;
        c.send(&ClientMessage::Quick {
            game: Game::Hawalis,
            options: None,
        })
        .await;
        assert!(matches!(c.recv().await, ServerMessage::Waiting { .. }));
        clients.push(c);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut rooms = Vec::new();
    for c in clients.iter_mut() {
        loop {
            match c.recv().await {
                ServerMessage::Waiting { .. } => {}
                ServerMessage::Seated { room, .. } => {
                    rooms.push(room);
                    break;
                }
                m => panic!("{m:?}"),
            }
        }
    }
    assert_eq!(rooms[0], rooms[1], "the first two to ask: {rooms:?}");
    assert_eq!(rooms[2], rooms[3], "the next two: {rooms:?}");
    assert_ne!(rooms[0], rooms[2]);
}
