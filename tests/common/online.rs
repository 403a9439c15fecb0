//! A WebSocket test client of the online server, and the helpers to start one on
//! either store (shared by `tests/online.rs`, `tests/online_players.rs` and
//! `tests/online_processes.rs`).
#![allow(dead_code)]

#[path = "postgres.rs"]
pub mod postgres;

use futures_util::{SinkExt, StreamExt};
use mancala_hall::online::protocol::{
    ClientMessage, ErrorCode, PROTOCOL_VERSION, SeatPlayers, SeatState, ServerMessage, position,
};
use mancala_hall::online::server::{Config, Server};
use mancala_hall::online::store::StoreSpec;
use mancala_hall::rules::{Decision, Game, GameState, Options, Player};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A fresh folder for a server's store.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mh-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Limits loose enough for tests that play thousands of decisions quickly.
pub fn test_config() -> Config {
    Config {
        messages_per_second: 1e6,
        message_burst: 1e6,
        ..Config::default()
    }
}

/// Starts a server on its SQLite store in this runtime; returns its address.
pub async fn start(dir: &Path, config: Config) -> SocketAddr {
    let server = Server::open(dir, config).expect("the store opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    addr
}

/// Which store a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh, empty store for one test: a SQLite folder, or a database in a
/// throw-away PostgreSQL cluster of its own (stopped when this is dropped).
pub struct TestStore {
    pub spec: StoreSpec,
    pub cluster: Option<postgres::Cluster>,
}

impl TestStore {
    /// `None`: PostgreSQL is not installed and CI is not set (the test is skipped).
    pub fn new(backend: Backend, name: &str) -> Option<TestStore> {
        match backend {
            Backend::Sqlite => Some(TestStore {
                spec: StoreSpec::Sqlite(data_dir(name)),
                cluster: None,
            }),
            Backend::Postgres => {
                let cluster = postgres::Cluster::start(name)?;
                Some(TestStore {
                    spec: StoreSpec::Postgres(cluster.url("postgres")),
                    cluster: Some(cluster),
                })
            }
        }
    }

    /// The arguments that give `mancala-hall serve` this store.
    pub fn serve_args(&self) -> Vec<String> {
        match &self.spec {
            StoreSpec::Sqlite(dir) => vec!["--data".into(), dir.display().to_string()],
            StoreSpec::Postgres(url) => vec!["--store".into(), url.clone()],
        }
    }
}

/// Starts a server on `store` in this runtime; returns its address.
pub async fn start_on(store: &TestStore, config: Config) -> SocketAddr {
    let server = Server::open_store(&store.spec, config)
        .await
        .expect("the store opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    addr
}

/// Runs each named `async fn(Backend)` as two tests, `NAME::sqlite` and (with the
/// feature `postgres`) `NAME::postgres`: the same protocol tests on both stores.
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name(super::Backend::Sqlite).await
                }

                #[cfg(feature = "postgres")]
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name(super::Backend::Postgres).await
                }
            }
        )*
    };
}

/// A test client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last `seats` message (they come whenever a player comes or goes, so
    /// [`Client::recv`] sets them aside here).
    pub seats: Option<(SeatState, SeatState)>,
    /// The players of the last `seats` message.
    pub players: Option<SeatPlayers>,
}

impl Client {
    /// Connects and says hello, as a guest without a name.
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_as(addr, None, None).await
    }

    /// Connects and says hello with a player key and a name.
    pub async fn connect_as(addr: SocketAddr, key: Option<&str>, name: Option<&str>) -> Client {
        let mut c = Client::connect_bare(addr).await;
        c.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            key: key.map(String::from),
            name: name.map(String::from),
        })
        .await;
        let m = c.recv().await;
        assert!(
            matches!(&m, ServerMessage::Welcome { version, name: n }
                if *version == PROTOCOL_VERSION && n.as_deref() == name.or(key.map(|_| "Player"))),
            "{m:?}"
        );
        c
    }

    /// Connects as a proxy would, forwarding for `client` (`X-Forwarded-For`), and
    /// says hello as a guest.
    pub async fn connect_forwarded(addr: SocketAddr, client: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}").into_client_request().unwrap();
        request
            .headers_mut()
            .insert("x-forwarded-for", client.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("the server accepts");
        let mut c = Client {
            ws,
            seats: None,
            players: None,
        };
        c.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            key: None,
            name: None,
        })
        .await;
        assert!(matches!(c.recv().await, ServerMessage::Welcome { .. }));
        c
    }

    pub async fn connect_bare(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}"))
            .await
            .expect("the server accepts");
        Client {
            ws,
            seats: None,
            players: None,
        }
    }

    pub async fn send(&mut self, m: &ClientMessage) {
        self.send_text(&serde_json::to_string(m).unwrap()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("sent");
    }

    /// The next message (fails after 20 s).
    pub async fn recv(&mut self) -> ServerMessage {
        self.try_recv(Duration::from_secs(20))
            .await
            .expect("a message from the server")
    }

    /// The next message, or `None` if the connection closed or nothing came in time.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMessage> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    match serde_json::from_str(&t).expect("the server's JSON parses") {
                        ServerMessage::Seats {
                            south,
                            north,
                            players,
                            ..
                        } => {
                            self.seats = Some((south, north));
                            self.players = Some(players);
                        }
                        m => return Some(m),
                    }
                }
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => {
                    return None;
                }
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The next error's code.
    pub async fn error(&mut self) -> ErrorCode {
        match self.recv().await {
            ServerMessage::Error { code, .. } => code,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    /// Creates a room; returns its code and this client's token.
    pub async fn create(&mut self, game: Game, options: Options) -> (String, String) {
        self.create_room(game, options, false).await
    }

    /// Creates a room, public or not; returns its code and this client's token.
    pub async fn create_room(
        &mut self,
        game: Game,
        options: Options,
        public: bool,
    ) -> (String, String) {
        self.send(&ClientMessage::Create {
            game,
            options,
            seat: None,
            public,
        })
        .await;
        let m = self.recv().await;
        let ServerMessage::Seated { room, seat, token } = m else {
            panic!("not seated: {m:?}")
        };
        assert_eq!(seat, Player::South);
        assert!(matches!(
            self.recv().await,
            ServerMessage::Room { seq: 0, .. }
        ));
        (room, token)
    }

    /// Joins a room; returns this client's token.
    pub async fn join(&mut self, room: &str) -> String {
        self.send(&ClientMessage::Join { room: room.into() }).await;
        let ServerMessage::Seated { seat, token, .. } = self.recv().await else {
            panic!("not seated")
        };
        assert_eq!(seat, Player::North);
        assert!(matches!(self.recv().await, ServerMessage::Room { .. }));
        token
    }

    pub async fn play(&mut self, decision: Decision, token: &str) {
        self.send(&ClientMessage::Play {
            decision,
            token: token.into(),
        })
        .await;
    }

    /// Reads until a `played` message with this number; returns it.
    pub async fn until_played(&mut self, seq: u64) -> ServerMessage {
        loop {
            let m = self.recv().await;
            if matches!(m, ServerMessage::Played { seq: s, .. } if s == seq) {
                return m;
            }
        }
    }
}

/// The room's position after a `room` or `played` message.
pub fn state_of(m: &ServerMessage) -> GameState {
    match m {
        ServerMessage::Room { position: p, .. } | ServerMessage::Played { position: p, .. } => {
            position(p).expect("the position parses")
        }
        other => panic!("no position in {other:?}"),
    }
}

/// A free port of 127.0.0.1, for a server started as its own process.
pub fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// Starts `mancala-hall serve` on a SQLite store and waits until it listens.
pub fn spawn_server(dir: &Path, addr: SocketAddr) -> std::process::Child {
    let store = ["--data".to_string(), dir.display().to_string()];
    spawn_server_with(&store, addr)
}

/// Starts `mancala-hall serve` with these store arguments and waits until it listens.
pub fn spawn_server_with(store: &[String], addr: SocketAddr) -> std::process::Child {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-hall"))
        .args(["serve", "--addr", &addr.to_string()])
        .args(store)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.contains("listening"), "{line}");
    // Whatever else it says goes nowhere (a closed pipe would fail its writes).
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    child
}
