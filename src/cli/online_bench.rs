//! The server's load test (`mancala-hall bench --online [ROOMS] [SECONDS] [THINK_MS]
//! [VIEWERS] [QUICK] [--postgres URL [--processes N] | --servers A,B,...]`): starts
//! the real server (this program, `serve`) on 127.0.0.1 with an empty SQLite store
//! (or N processes sharing a PostgreSQL database, or uses servers already running),
//! opens ROOMS rooms with two WebSocket players each (with several servers, the two
//! players of a room on two different ones, round the list), and has
//! every room play random legal decisions from both seats, for SECONDS: as fast as the
//! answers come, or with a pause of THINK_MS before each decision, as a person would
//! take. A finished game is followed by a new room. With VIEWERS, that many clients
//! follow the lobby (the rooms are public, so every decision changes it); with QUICK,
//! that many clients ask for quick matches over and over. It stops by itself and
//! prints decisions per second, the latency from sending a decision to receiving its
//! broadcast (p50, p99), the server's memory per room and its CPU time, the lobby's
//! updates and bytes, the quick matches made, and how many decisions were lost or came
//! out of order (there must be none).

use crate::online::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage, position};
use crate::rules::{Game, GameState, Lot, Options, Player, random_decision};
use futures_util::{SinkExt, StreamExt};
use std::io::{BufRead, BufReader};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Which servers the load test plays on.
#[derive(Clone, Debug, PartialEq)]
pub enum Targets {
    /// Start this many servers of this program: on a SQLite store in a temporary
    /// folder (`postgres: None`, one process), or sharing this PostgreSQL database.
    Start {
        postgres: Option<String>,
        processes: usize,
    },
    /// Servers already running at these addresses (their memory and CPU are not
    /// measured).
    Running(Vec<String>),
}

/// What the load test measured.
#[derive(Debug, Default)]
pub struct Report {
    /// The servers, in words ("1 process, SQLite").
    pub servers: String,
    pub rooms: usize,
    pub think_ms: u64,
    pub seconds: f64,
    pub decisions: u64,
    pub games_finished: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub server_kib_idle: u64,
    pub server_kib_loaded: u64,
    pub server_kib_end: u64,
    pub lost_or_reordered: u64,
    pub refused: u64,
    /// The server's CPU time (user and system) while the rooms played, in seconds.
    pub server_cpu_s: f64,
    pub viewers: usize,
    /// `lobby` messages the viewers received, and their bytes.
    pub lobby_updates: u64,
    pub lobby_bytes: u64,
    pub quick_clients: usize,
    /// Quick matches made (pairs), and the time from asking to being seated (p50).
    pub quick_matches: u64,
    pub quick_p50_ms: f64,
}

/// Starts `serve` from `exe` with these store arguments on a free port; returns
/// the process and its address.
fn start_server(
    exe: &std::path::Path,
    store: &[String],
) -> Result<(std::process::Child, String), String> {
    let mut child = std::process::Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--rate", "100000"])
        .args(["--rooms-per-address", "1000000"])
        .args(store)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let mut err = BufReader::new(child.stderr.take().expect("piped"));
    let mut line = String::new();
    err.read_line(&mut line).map_err(|e| e.to_string())?;
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    let addr = line
        .split("ws://")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .ok_or_else(|| format!("the server did not start: {line}"));
    match addr {
        Ok(addr) => Ok((child, addr.to_string())),
        Err(e) => {
            let _ = child.kill();
            Err(e)
        }
    }
}

/// Runs the load test on `targets`.
pub fn run(
    exe: &std::path::Path,
    targets: &Targets,
    rooms: usize,
    seconds: f64,
    think_ms: u64,
    viewers: usize,
    quick: usize,
) -> Result<Report, String> {
    let data = std::env::temp_dir().join(format!("mh-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut children = Vec::new();
    let mut addrs = Vec::new();
    let servers = match targets {
        Targets::Start {
            postgres,
            processes,
        } => {
            let (store, kind) = match postgres {
                Some(url) => (vec!["--store".to_string(), url.clone()], "PostgreSQL"),
                None => (
                    vec!["--data".to_string(), data.display().to_string()],
                    "SQLite",
                ),
            };
            for _ in 0..(*processes).max(1) {
                match start_server(exe, &store) {
                    Ok((child, addr)) => {
                        children.push(child);
                        addrs.push(addr);
                    }
                    Err(e) => {
                        for mut c in children {
                            let _ = c.kill();
                        }
                        return Err(e);
                    }
                }
            }
            let n = children.len();
            format!("{n} process{}, {kind}", if n == 1 { "" } else { "es" })
        }
        Targets::Running(list) => {
            addrs = list.clone();
            format!("{} running servers", list.len())
        }
    };
    let pids: Vec<u32> = children.iter().map(|c| c.id()).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let extra = Extra { viewers, quick };
    let result = runtime.block_on(load(&addrs, &pids, rooms, seconds, think_ms, extra));
    for mut c in children {
        let _ = c.kill();
        let _ = c.wait();
    }
    let _ = std::fs::remove_dir_all(&data);
    result.map(|r| Report { servers, ..r })
}

/// The resident memory of processes, in KiB (Linux; 0 elsewhere).
fn rss_kib(pids: &[u32]) -> u64 {
    pids.iter().map(|&pid| rss_kib_of(pid)).sum()
}

/// The CPU time of processes so far (user and system), in seconds.
fn cpu_s(pids: &[u32]) -> f64 {
    pids.iter().map(|&pid| cpu_s_of(pid)).sum()
}

fn rss_kib_of(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A process's CPU time so far (user and system), in seconds (Linux; 0 elsewhere).
fn cpu_s_of(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name in brackets: fields 14 and 15 are utime and stime.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let ticks = fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0);
    ticks as f64 / 100.0
}

/// The lobby viewers and quick-match clients beside the rooms.
#[derive(Clone, Copy)]
struct Extra {
    viewers: usize,
    quick: usize,
}

struct Shared {
    lobby_updates: AtomicU64,
    lobby_bytes: AtomicU64,
    quick_matches: AtomicU64,
    quick_waits: std::sync::Mutex<Vec<u32>>,
    decisions: AtomicU64,
    games: AtomicU64,
    bad: AtomicU64,
    refused: AtomicU64,
    latencies: std::sync::Mutex<Vec<u32>>,
}

async fn load(
    addrs: &[String],
    pid: &[u32],
    rooms: usize,
    seconds: f64,
    think_ms: u64,
    extra: Extra,
) -> Result<Report, String> {
    let idle = rss_kib(pid);
    let shared = Arc::new(Shared {
        lobby_updates: AtomicU64::new(0),
        lobby_bytes: AtomicU64::new(0),
        quick_matches: AtomicU64::new(0),
        quick_waits: std::sync::Mutex::new(Vec::new()),
        decisions: AtomicU64::new(0),
        games: AtomicU64::new(0),
        bad: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        latencies: std::sync::Mutex::new(Vec::new()),
    });
    // Every room open, with both players in, before the clock starts.
    let mut pairs = Vec::with_capacity(rooms);
    let at = |i: usize| addrs[i % addrs.len()].as_str();
    for i in 0..rooms {
        let game = GAMES[i % GAMES.len()];
        // With several servers, the two players of a room are on two of them.
        let mut a = connect(at(i)).await?;
        let mut b = connect(at(i + 1)).await?;
        let (state, tokens) = open_room(&mut a, &mut b, game, extra.viewers > 0).await?;
        pairs.push((a, b, state, tokens, game));
    }
    let mut lobby = Vec::with_capacity(extra.viewers);
    for i in 0..extra.viewers {
        let mut v = connect(at(i)).await?;
        send(&mut v, &ClientMessage::Lobby).await?;
        lobby.push(v);
    }
    let mut quick = Vec::with_capacity(extra.quick);
    for i in 0..extra.quick {
        quick.push(connect(at(i)).await?);
    }
    let loaded = rss_kib(pid);
    let cpu_before = cpu_s(pid);
    let start = Instant::now();
    let until = start + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for v in lobby {
        let shared = shared.clone();
        tasks.push(tokio::spawn(async move {
            follow_lobby(v, until, &shared).await
        }));
    }
    for q in quick {
        let shared = shared.clone();
        tasks.push(tokio::spawn(
            async move { ask_quick(q, until, &shared).await },
        ));
    }
    for (i, (a, b, state, tokens, game)) in pairs.into_iter().enumerate() {
        let shared = shared.clone();
        tasks.push(tokio::spawn(async move {
            let think = Duration::from_millis(think_ms);
            let public = extra.viewers > 0;
            play_room(
                a, b, state, tokens, game, i as u64, until, think, public, &shared,
            )
            .await
        }));
    }
    for t in tasks {
        t.await.map_err(|e| e.to_string())??;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let server_cpu_s = cpu_s(pid) - cpu_before;
    let end = rss_kib(pid);
    let mut waits = std::mem::take(&mut *shared.quick_waits.lock().unwrap());
    waits.sort_unstable();
    let quick_p50_ms = waits
        .get(waits.len() / 2)
        .map_or(0.0, |&us| us as f64 / 1000.0);
    let mut lat = std::mem::take(&mut *shared.latencies.lock().unwrap());
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .map_or(0.0, |&us| us as f64 / 1000.0)
    };
    Ok(Report {
        servers: String::new(),
        rooms,
        think_ms,
        seconds: elapsed,
        decisions: shared.decisions.load(Ordering::Relaxed),
        games_finished: shared.games.load(Ordering::Relaxed),
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
        server_kib_idle: idle,
        server_kib_loaded: loaded,
        server_kib_end: end,
        lost_or_reordered: shared.bad.load(Ordering::Relaxed),
        refused: shared.refused.load(Ordering::Relaxed),
        server_cpu_s,
        viewers: extra.viewers,
        lobby_updates: shared.lobby_updates.load(Ordering::Relaxed),
        lobby_bytes: shared.lobby_bytes.load(Ordering::Relaxed),
        quick_clients: extra.quick,
        quick_matches: shared.quick_matches.load(Ordering::Relaxed) / 2,
        quick_p50_ms,
    })
}

const GAMES: [Game; 5] = [
    Game::Omweso,
    Game::Anywoli,
    Game::Nsolo,
    Game::Hawalis,
    Game::BaoKigogo,
];

async fn connect(addr: &str) -> Result<Ws, String> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}"))
        .await
        .map_err(|e| e.to_string())?;
    send(
        &mut ws,
        &ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            key: None,
            name: None,
        },
    )
    .await?;
    recv(&mut ws).await?;
    Ok(ws)
}

async fn send(ws: &mut Ws, m: &ClientMessage) -> Result<(), String> {
    let text = serde_json::to_string(m).expect("client messages serialise");
    ws.send(Message::text(text))
        .await
        .map_err(|e| e.to_string())
}

/// The next message other than `seats`.
async fn recv(ws: &mut Ws) -> Result<ServerMessage, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no answer in 60 s".to_string())?;
        match frame {
            Some(Ok(Message::Text(t))) => match serde_json::from_str(&t) {
                Ok(ServerMessage::Seats { .. }) => continue,
                Ok(m) => return Ok(m),
                Err(e) => return Err(e.to_string()),
            },
            Some(Ok(_)) => continue,
            _ => return Err("the connection closed".into()),
        }
    }
}

/// Follows the lobby until `until`, counting its updates and their bytes (each must
/// be a `lobby` message).
async fn follow_lobby(mut v: Ws, until: Instant, shared: &Shared) -> Result<(), String> {
    while let Ok(frame) = tokio::time::timeout_at(until.into(), v.next()).await {
        match frame {
            Some(Ok(Message::Text(t))) => {
                if !t.starts_with(r#"{"type":"lobby""#) {
                    return Err(format!("a lobby viewer got {}", crate::rules::shorten(&t)));
                }
                shared.lobby_updates.fetch_add(1, Ordering::Relaxed);
                shared
                    .lobby_bytes
                    .fetch_add(t.len() as u64, Ordering::Relaxed);
            }
            Some(Ok(_)) => {}
            _ => return Err("a lobby viewer was disconnected".into()),
        }
    }
    Ok(())
}

/// Asks for a quick match of Hawalis over and over until `until` (each match leaves
/// the last room), timing each wait.
async fn ask_quick(mut q: Ws, until: Instant, shared: &Shared) -> Result<(), String> {
    while Instant::now() < until {
        let asked = Instant::now();
        let quick = ClientMessage::Quick {
            game: Game::Hawalis,
            options: None,
        };
        send(&mut q, &quick).await?;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let Ok(m) = tokio::time::timeout(left, recv(&mut q)).await else {
                return Ok(()); // the time is up while waiting
            };
            match m? {
                ServerMessage::Waiting { .. } => {}
                ServerMessage::Seated { .. } => {}
                ServerMessage::Room { .. } => break,
                other => return Err(format!("quick match: {other:?}")),
            }
        }
        let us = asked.elapsed().as_micros().min(u32::MAX as u128) as u32;
        shared.quick_waits.lock().unwrap().push(us);
        shared.quick_matches.fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// A new room: `a` creates it (South), `b` joins (North).
async fn open_room(
    a: &mut Ws,
    b: &mut Ws,
    game: Game,
    public: bool,
) -> Result<(GameState, [String; 2]), String> {
    let options = Options::default();
    send(
        a,
        &ClientMessage::Create {
            game,
            options,
            seat: None,
            public,
        },
    )
    .await?;
    let ServerMessage::Seated {
        room, token: ta, ..
    } = recv(a).await?
    else {
        return Err("not seated".into());
    };
    let ServerMessage::Room { position: p, .. } = recv(a).await? else {
        return Err("no room".into());
    };
    send(b, &ClientMessage::Join { room }).await?;
    let ServerMessage::Seated { token: tb, .. } = recv(b).await? else {
        return Err("not seated".into());
    };
    recv(b).await?;
    Ok((position(&p)?, [ta, tb]))
}

/// Plays one room until `until`: the mover sends a random legal decision; both
/// players read its broadcast and check its number.
#[allow(clippy::too_many_arguments)]
async fn play_room(
    mut a: Ws,
    mut b: Ws,
    mut state: GameState,
    mut tokens: [String; 2],
    game: Game,
    seed: u64,
    until: Instant,
    think: Duration,
    public: bool,
    shared: &Shared,
) -> Result<(), String> {
    let mut lot = Lot(seed);
    let mut seq = 0u64;
    // Rooms start thinking at different moments, as they would.
    tokio::time::sleep(think.mul_f64((seed % 97) as f64 / 97.0)).await;
    while Instant::now() < until {
        if state.is_over() {
            shared.games.fetch_add(1, Ordering::Relaxed);
            let (s, t) = open_room(&mut a, &mut b, game, public).await?;
            state = s;
            tokens = t;
            seq = 0;
            continue;
        }
        if !think.is_zero() {
            tokio::time::sleep(think).await;
        }
        let mover = state.to_decide();
        let d = random_decision(&state, &mut lot).ok_or("no decision")?;
        let sent = Instant::now();
        let (ws, other) = match mover {
            Player::South => (&mut a, &mut b),
            Player::North => (&mut b, &mut a),
        };
        send(
            ws,
            &ClientMessage::Play {
                decision: d,
                token: tokens[mover as usize].clone(),
            },
        )
        .await?;
        let mine = recv(ws).await?;
        let ServerMessage::Played {
            seq: s,
            position: p,
            ..
        } = mine
        else {
            shared.refused.fetch_add(1, Ordering::Relaxed);
            return Err(format!("refused: {mine:?}"));
        };
        let theirs = recv(other).await?;
        // Send to broadcast: until both players have it (through two processes,
        // when they are on two).
        let us = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
        let ok = s == seq + 1 && matches!(theirs, ServerMessage::Played { seq: t, .. } if t == s);
        if !ok {
            shared.bad.fetch_add(1, Ordering::Relaxed);
        }
        seq = s;
        state = position(&p)?;
        shared.decisions.fetch_add(1, Ordering::Relaxed);
        shared.latencies.lock().unwrap().push(us);
    }
    Ok(())
}

/// Prints the report.
pub fn print(r: &Report) {
    println!("online: on {}", r.servers);
    println!(
        "online: {} rooms ({} players), {} ms thinking, for {:.1} s: {} decisions, {:.0} decisions/s, {} games finished",
        r.rooms,
        r.rooms * 2,
        r.think_ms,
        r.seconds,
        r.decisions,
        r.decisions as f64 / r.seconds,
        r.games_finished
    );
    println!(
        "online: send to broadcast (both players) p50 {:.2} ms, p99 {:.2} ms; lost or out of order: {}; refused: {}",
        r.p50_ms, r.p99_ms, r.lost_or_reordered, r.refused
    );
    let per_room = |kib: u64| kib.saturating_sub(r.server_kib_idle) as f64 / r.rooms.max(1) as f64;
    println!(
        "online: server memory {} KiB idle; {} KiB with the rooms open ({:.1} KiB a room: two \
         connections and a game); {} KiB at the end ({:.1} KiB a room)",
        r.server_kib_idle,
        r.server_kib_loaded,
        per_room(r.server_kib_loaded),
        r.server_kib_end,
        per_room(r.server_kib_end)
    );
    println!(
        "online: server CPU {:.1} s in {:.1} s ({:.0}% of one core)",
        r.server_cpu_s,
        r.seconds,
        100.0 * r.server_cpu_s / r.seconds
    );
    if r.viewers > 0 {
        let per_viewer = r.lobby_updates as f64 / r.viewers as f64 / r.seconds;
        println!(
            "online: {} lobby viewers: {} updates ({:.2} a viewer a second), {:.1} KiB each on average, {:.0} KiB/s in all",
            r.viewers,
            r.lobby_updates,
            per_viewer,
            r.lobby_bytes as f64 / r.lobby_updates.max(1) as f64 / 1024.0,
            r.lobby_bytes as f64 / r.seconds / 1024.0
        );
    }
    if r.quick_clients > 0 {
        println!(
            "online: {} quick-match clients: {} matches, asked to seated p50 {:.0} ms",
            r.quick_clients, r.quick_matches, r.quick_p50_ms
        );
    }
}

/// `mancala-hall bench --online [rooms [seconds [think_ms [viewers [quick]]]]]
/// [--postgres URL [--processes N] | --servers A,B,...]`: reads the command line, runs
/// the load test and prints its report; fails if a decision was lost, reordered or
/// refused.
pub fn command(args: &[String]) -> std::process::ExitCode {
    use std::process::ExitCode;
    let parsed = targets_of(args).and_then(|(targets, numbers)| {
        let exe = std::env::current_exe().map_err(|e| format!("bench --online: {e}"))?;
        Ok((targets, numbers_of(&numbers)?, exe))
    });
    let (targets, n, exe) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let load = run(
        &exe, &targets, n.rooms, n.seconds, n.think_ms, n.viewers, n.quick,
    );
    match load {
        Ok(report) => {
            print(&report);
            if report.lost_or_reordered == 0 && report.refused == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("bench --online: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A mistake in `bench --online`'s arguments, with the usage after it.
fn bad(what: &str) -> String {
    format!("bench --online: {what}\n{}", super::usage::BENCH)
}

/// The servers to load (`--postgres`, `--processes`, `--servers`) and the numbers
/// left, in order.
fn targets_of(args: &[String]) -> Result<(Targets, Vec<String>), String> {
    let mut numbers = Vec::new();
    let mut postgres = None;
    let mut processes = None;
    let mut servers = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if !matches!(a.as_str(), "--postgres" | "--processes" | "--servers") {
            numbers.push(a.clone());
            continue;
        }
        let value = it
            .next()
            .ok_or_else(|| bad(&format!("{a} needs a value")))?;
        match a.as_str() {
            "--postgres" => postgres = Some(value.clone()),
            "--servers" => servers = Some(value.split(',').map(String::from).collect::<Vec<_>>()),
            _ => match value.parse::<usize>() {
                Ok(n) if (1..=64).contains(&n) => processes = Some(n),
                _ => return Err(bad("--processes must be 1..64")),
            },
        }
    }
    let targets = match (postgres, processes, servers) {
        (None, None, None) => Targets::Start {
            postgres: None,
            processes: 1,
        },
        (Some(url), n, None) => Targets::Start {
            postgres: Some(url),
            processes: n.unwrap_or(1),
        },
        (None, None, Some(list)) => Targets::Running(list),
        _ => {
            return Err(bad(
                "--processes goes with --postgres, and --servers with neither",
            ));
        }
    };
    Ok((targets, numbers))
}

/// The load `bench --online` asks for: its numbers, in order, each optional.
struct Numbers {
    rooms: usize,
    seconds: f64,
    think_ms: u64,
    viewers: usize,
    quick: usize,
}

/// Reads rooms, seconds, think_ms, lobby_viewers and quick_clients, in that order.
fn numbers_of(args: &[String]) -> Result<Numbers, String> {
    let rooms = match args.first().map(|s| s.parse::<usize>()) {
        None => 1000,
        Some(Ok(n)) if (1..=20_000).contains(&n) => n,
        Some(_) => return Err(bad("rooms must be 1..20000")),
    };
    let seconds = match args.get(1).map(|s| s.parse::<f64>()) {
        None => 20.0,
        Some(Ok(s)) if s > 0.0 && s <= 3600.0 => s,
        Some(_) => return Err(bad("seconds must be above 0 and at most 3600")),
    };
    let think_ms = match args.get(2).map(|s| s.parse::<u64>()) {
        None => 0,
        Some(Ok(ms)) if ms <= 60_000 => ms,
        Some(_) => return Err(bad("think_ms must be 0..60000")),
    };
    let count = |i: usize, what: &str| match args.get(i).map(|s| s.parse::<usize>()) {
        None => Ok(0),
        Some(Ok(n)) if n <= 10_000 => Ok(n),
        Some(_) => Err(bad(&format!("{what} must be 0..10000"))),
    };
    Ok(Numbers {
        rooms,
        seconds,
        think_ms,
        viewers: count(3, "lobby_viewers")?,
        quick: count(4, "quick_clients")?,
    })
}
