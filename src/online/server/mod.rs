//! The game server (`mancala-hall serve`): WebSocket connections on tokio, one task
//! per open room holding its [`Room`] ([`room_task`](mod@room_task)), the lobby and quick match
//! ([`lobby`]), and the [`Store`] every accepted decision is written to before it is
//! broadcast. See `docs/online.md`.
//!
//! A room's task is the only owner of its game, so the decisions of a room are
//! checked, stored and broadcast one at a time, in order. A connection's task reads
//! its client's messages and passes them to its room; what the room sends back goes
//! through a bounded queue per connection ([`Outbox`]), and a client too slow to empty
//! it is disconnected (it reconnects and catches up from the store) rather than making
//! its room wait.

mod connection;
mod lobby;
pub mod metrics;
mod processes;
mod room_task;
mod shared;
pub mod web_files;

use super::protocol::{
    ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ServerMessage, check_key,
    check_name, parse_client,
};
use super::rating::hash_key;
use super::room::{CODE_ALPHABET, CODE_LEN, Room, SeatHolder, normalise_code};
use super::store::{OpenedStore, QueuedPlayer, Store, StoreSpec, StoredRoom, now_s};
use crate::rules::{Game, Options, Player};
use futures_util::{SinkExt, StreamExt};
use lobby::Lobby;
use room_task::{ToRoom, room_task};
use shared::Entry;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// Locks the hub's shared state (the rooms, the lobby, the counters) even when a task
/// panicked while holding it. A poisoned lock would otherwise make every later lock
/// panic too, turning one room's bug into a server that no longer answers anyone; the
/// state behind these locks is a set of independent entries (a room's line, a
/// connection's queue), so what another task left half-done touches at most its own
/// entry, which its next update or removal sets right.
pub(super) trait LockAnyway<T> {
    fn lock_anyway(&self) -> MutexGuard<'_, T>;
}

impl<T> LockAnyway<T> for Mutex<T> {
    fn lock_anyway(&self) -> MutexGuard<'_, T> {
        self.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The server's limits and clocks.
#[derive(Clone, Debug)]
pub struct Config {
    /// A room where nothing happens for this long is closed.
    pub idle: Duration,
    /// Open rooms one address may have created.
    pub rooms_per_address: usize,
    /// Messages a connection may send per second, on average...
    pub messages_per_second: f64,
    /// ...and at once.
    pub message_burst: f64,
    /// Messages waiting for one client before it counts as too slow.
    pub outgoing_queue: usize,
    /// The lobby is sent to its viewers at most this often.
    pub lobby_every: Duration,
    /// Quick match pairs the players waiting this often.
    pub pairing_every: Duration,
    /// A player may send a phrase at most this often.
    pub phrase_every: Duration,
    /// Proxies in front of the server (nginx, HAProxy): for a connection from one
    /// of these, the client's address is the last one its `X-Forwarded-For` names
    /// (for the limit of rooms per address).
    pub trusted_proxies: Vec<IpAddr>,
    /// The browser build served beside the WebSocket endpoint (`serve --web DIR`,
    /// [`web_files`]); none: WebSocket connections only.
    pub web_root: Option<std::path::PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            idle: Duration::from_secs(24 * 3600),
            rooms_per_address: 20,
            messages_per_second: 20.0,
            message_burst: 40.0,
            outgoing_queue: 1024,
            lobby_every: Duration::from_secs(1),
            pairing_every: Duration::from_millis(500),
            phrase_every: Duration::from_secs(2),
            trusted_proxies: Vec::new(),
            web_root: None,
        }
    }
}

/// The text of a [`ServerMessage`], shared by every client it goes to.
fn text(m: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(m.to_text())
}

/// What the server tells a connection's own task (not its client).
enum Control {
    /// Its client is too slow: close the connection.
    Kick,
    /// Enter this room (a quick match was found, or a rematch agreed).
    Enter {
        room: mpsc::Sender<ToRoom>,
        how: Entry,
    },
}

/// The way to one client: a bounded queue of messages, and a way to close its
/// connection when the queue overflows. Cheap to clone.
#[derive(Clone)]
struct Outbox {
    conn: u64,
    queue: mpsc::Sender<Utf8Bytes>,
    /// Wakes the writer to send a close frame and stop.
    kick: Arc<Notify>,
    control: mpsc::UnboundedSender<Control>,
}

impl Outbox {
    /// Queues a message. A client whose queue is full is too slow: its connection
    /// is closed (its game client reconnects and catches up) and this is false, as
    /// it is once the connection has closed.
    fn send(&self, message: Utf8Bytes) -> bool {
        match self.queue.try_send(message) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.notify_one();
                let _ = self.control.send(Control::Kick);
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Asks the connection's task to enter a room.
    fn enter(&self, room: mpsc::Sender<ToRoom>, how: Entry) {
        let _ = self.control.send(Control::Enter { room, how });
    }
}

/// Shared by every task of the server.
struct Hub {
    config: Config,
    store: Store,
    /// This process's number among those sharing the store (drawn at random).
    process: u64,
    rooms: Mutex<HashMap<String, mpsc::Sender<ToRoom>>>,
    rooms_of: Mutex<HashMap<IpAddr, usize>>,
    lobby: Mutex<Lobby>,
    next_conn: AtomicU64,
    metrics: metrics::Metrics,
    /// The other processes sharing the store, and when each was last heard from.
    processes: Mutex<HashMap<u64, Instant>>,
    /// The last seat claim's time ([`Hub::claim_time`]).
    last_claim: AtomicU64,
}

impl Hub {
    /// The time of a seat being taken or resumed here, in microseconds since 1970:
    /// later than every one before on this process (of two claims of one seat, the
    /// later one holds it).
    fn claim_time(&self) -> u64 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64);
        let before = self
            .last_claim
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
                Some(now.max(last + 1))
            })
            .expect("the closure always gives a value");
        now.max(before + 1)
    }

    /// The queue of the open room with this code: held here, or (with a shared
    /// store) brought in from the store, where another process may have opened it.
    async fn room(self: &Arc<Hub>, code: &str) -> Option<mpsc::Sender<ToRoom>> {
        if let Some(room) = self.rooms.lock_anyway().get(code) {
            return Some(room.clone());
        }
        if !self.store.shared() {
            return None;
        }
        let stored = self.store.load(code).await.ok()??;
        let idle_for = Duration::from_secs(now_s().saturating_sub(stored.last_active));
        let mut room = Room::restore(stored.code, stored.record, stored.tokens, stored.taken)
            .map_err(|e| eprintln!("serve: room {code} not loaded: {e}"))
            .ok()?;
        room.holders = stored.holders;
        room.public = stored.public;
        // Another connection may have brought it in meanwhile: keep the first.
        if let Some(room) = self.rooms.lock_anyway().get(code) {
            return Some(room.clone());
        }
        Some(spawn_room(self, room, None, idle_for, true))
    }
}

/// A running server.
pub struct Server {
    hub: Arc<Hub>,
    /// The rooms brought back from the store.
    pub restored: usize,
}

impl Server {
    /// Opens the SQLite store in `data` and brings back its open rooms. Call it
    /// inside a tokio runtime: the rooms' tasks and the lobby's start here.
    pub fn open(data: &std::path::Path, config: Config) -> Result<Server, String> {
        let (store, rooms) = super::store::sqlite::SqliteStore::open(data, config.idle.as_secs())?;
        let opened = OpenedStore {
            store: Store::Sqlite(store),
            rooms,
            notices: None,
        };
        Ok(Server::start(opened, config))
    }

    /// Opens the store `spec` (SQLite, or PostgreSQL shared with other processes)
    /// and starts the server's tasks.
    pub async fn open_store(spec: &StoreSpec, config: Config) -> Result<Server, String> {
        let opened = Store::open(spec, config.idle.as_secs()).await?;
        Ok(Server::start(opened, config))
    }

    fn start(opened: OpenedStore, config: Config) -> Server {
        let hub = Arc::new(Hub {
            config,
            store: opened.store,
            process: rand::random::<u64>() >> 1, // stored as a signed 64-bit number
            rooms: Mutex::new(HashMap::new()),
            rooms_of: Mutex::new(HashMap::new()),
            lobby: Mutex::new(Lobby::default()),
            next_conn: AtomicU64::new(1),
            metrics: metrics::Metrics::default(),
            processes: Mutex::new(HashMap::new()),
            last_claim: AtomicU64::new(0),
        });
        let mut restored = 0;
        for r in opened.rooms {
            let creator: Option<IpAddr> = r.creator.parse().ok();
            let idle_for = Duration::from_secs(now_s().saturating_sub(r.last_active));
            match Room::restore(r.code.clone(), r.record, r.tokens, r.taken) {
                Ok(mut room) => {
                    room.holders = r.holders;
                    room.public = r.public;
                    spawn_room(&hub, room, creator, idle_for, false);
                    restored += 1;
                }
                Err(e) => eprintln!("serve: room {} not restored: {e}", r.code),
            }
        }
        tokio::spawn(lobby::lobby_task(hub.clone()));
        if let Some(notices) = opened.notices {
            tokio::spawn(processes::notices_task(hub.clone(), notices));
            tokio::spawn(processes::alive_task(hub.clone()));
        }
        Server { hub, restored }
    }

    /// Accepts connections on `listener` until the task is dropped.
    pub async fn serve(self, listener: TcpListener) {
        loop {
            let Ok((stream, addr)) = listener.accept().await else {
                // Out of file descriptors, say: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let _ = stream.set_nodelay(true);
            let hub = self.hub.clone();
            tokio::spawn(async move {
                // With a web build to serve, a request that is not a WebSocket's is
                // for a file (the head is only peeked: the handshake reads it again).
                if let Some(root) = hub.config.web_root.clone() {
                    let Some(head) = web_files::peek_head(&stream).await else {
                        return;
                    };
                    if !web_files::wants_websocket(&String::from_utf8_lossy(&head)) {
                        return web_files::serve_file(stream, head, root).await;
                    }
                }
                connection::connection(hub, stream, addr).await
            });
        }
    }

    /// Rooms open now (held by this process).
    pub fn open_rooms(&self) -> usize {
        self.hub.rooms.lock_anyway().len()
    }

    /// Serves `/metrics` (the OpenMetrics text format) on `listener`, in a task of its
    /// own.
    pub fn serve_metrics(&self, listener: TcpListener) {
        let hub = self.hub.clone();
        tokio::spawn(metrics::serve_metrics(listener, move || {
            let rooms = hub.rooms.lock_anyway().len();
            hub.metrics.rooms.set(rooms as i64);
            hub.metrics.text()
        }));
    }
}

/// Starts a room's task and lists it; `idle_for` is how long it has been idle,
/// `brought_in` whether it was loaded from a store other processes share (it then
/// hears who is in it elsewhere before it lets anyone in).
fn spawn_room(
    hub: &Arc<Hub>,
    room: Room,
    creator: Option<IpAddr>,
    idle_for: Duration,
    brought_in: bool,
) -> mpsc::Sender<ToRoom> {
    let (tx, rx) = mpsc::channel(256);
    hub.rooms
        .lock()
        .unwrap()
        .insert(room.code.clone(), tx.clone());
    if let Some(ip) = creator {
        *hub.rooms_of.lock_anyway().entry(ip).or_default() += 1;
    }
    tokio::spawn(room_task(
        hub.clone(),
        room,
        rx,
        creator,
        idle_for,
        brought_in,
    ));
    tx
}

/// A new room code, not in use now (the store refuses one used before).
fn new_code() -> String {
    use rand::RngExt;
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// A secret seat token: 128 random bits in hex.
fn new_token() -> String {
    use rand::RngExt;
    format!("{:032x}", rand::rng().random::<u128>())
}

/// A new room as it is opened.
struct NewRoom {
    game: Game,
    options: Options,
    public: bool,
    /// The address it counts against (none for quick matches and rematches).
    creator: Option<IpAddr>,
    /// Seats taken at once (quick match, rematch), by whom.
    seated: [Option<SeatHolder>; 2],
    /// The room it is the rematch of.
    rematch_of: Option<String>,
}

/// An open room: its code, its task's queue and its seat tokens.
struct Opened {
    code: String,
    room: mpsc::Sender<ToRoom>,
    tokens: [String; 2],
}

/// Opens a room and stores it; refused when its creator has too many open rooms.
async fn open_room(hub: &Arc<Hub>, new: NewRoom) -> Result<Opened, (ErrorCode, String)> {
    if let Some(addr) = new.creator {
        let have = hub
            .rooms_of
            .lock()
            .unwrap()
            .get(&addr)
            .copied()
            .unwrap_or(0);
        if have >= hub.config.rooms_per_address {
            return Err((
                ErrorCode::TooManyRooms,
                format!("this address has {have} open rooms, the most allowed"),
            ));
        }
    }
    for _ in 0..8 {
        let code = new_code();
        if hub.rooms.lock_anyway().contains_key(&code) {
            continue;
        }
        let tokens = [new_token(), new_token()];
        let mut room = Room::new(code.clone(), new.game, new.options, tokens.clone())
            .map_err(|e| (ErrorCode::BadOptions, e))?;
        room.public = new.public;
        room.taken = new.seated.clone().map(|h| h.is_some());
        room.holders = new.seated.clone();
        let stored = StoredRoom {
            code: code.clone(),
            record: room.record.clone(),
            tokens: tokens.clone(),
            taken: room.taken,
            creator: new.creator.map_or(String::new(), |a| a.to_string()),
            last_active: now_s(),
            public: new.public,
            holders: room.holders.clone(),
            rematch_of: new.rematch_of.clone(),
        };
        if hub.store.create(stored).await.is_err() {
            if let Some(old) = &new.rematch_of
                && let Ok(Some(code)) = hub.store.rematch_of(old).await
            {
                // Another process opened this rematch first: join it.
                return opened_elsewhere(hub, &code).await;
            }
            continue; // the code was used before: draw another
        }
        let room = spawn_room(hub, room, new.creator, Duration::ZERO, false);
        return Ok(Opened { code, room, tokens });
    }
    Err((ErrorCode::Store, "no room code could be stored".into()))
}

/// A room another process opened (a rematch both asked for at once): its queue
/// here and its tokens, from the store.
async fn opened_elsewhere(hub: &Arc<Hub>, code: &str) -> Result<Opened, (ErrorCode, String)> {
    let lost = || {
        (
            ErrorCode::Store,
            format!("the room {code} could not be read"),
        )
    };
    let stored = hub
        .store
        .load(code)
        .await
        .map_err(|e| (ErrorCode::Store, e))?;
    let tokens = stored.ok_or_else(lost)?.tokens;
    let room = hub.room(code).await.ok_or_else(lost)?;
    Ok(Opened {
        code: code.to_string(),
        room,
        tokens,
    })
}
