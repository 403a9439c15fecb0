//! The server's store: every accepted decision is written here, as the `played`
//! message broadcast for it, before anyone is told of it; rooms, players, ratings
//! and finished games are kept here too.
//!
//! Two stores, one interface ([`Store`]):
//! - [`sqlite`]: one file in the data folder, no set-up; one server process.
//! - `postgres` (feature `postgres`): PostgreSQL, shared by any number of server
//!   processes. `(room, seq)` is the key of a stored decision, so of two processes
//!   racing for a room's next decision only one can store it ([`AppendError::Taken`]);
//!   every stored decision, taken seat and rating is announced to the other processes
//!   with PostgreSQL's `NOTIFY` ([`Notice`]), and they read it back from the tables.

pub mod sqlite;

#[cfg(feature = "postgres")]
pub mod postgres;

use super::protocol::{Ranked, RatingChange, ServerMessage};
use super::rating::Rating;
use super::room::SeatHolder;
use crate::rules::{Game, GameRecord, Player};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::mpsc;

/// A room as stored.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    /// Its code.
    pub code: String,
    /// How its game started and every decision accepted.
    pub record: GameRecord,
    /// The seats' tokens, South's first.
    pub tokens: [String; 2],
    /// Whether each seat was taken.
    pub taken: [bool; 2],
    /// The address that created it (for the limit of rooms per address).
    pub creator: String,
    /// When anything last happened in it, in seconds since 1970.
    pub last_active: u64,
    /// Whether the lobby lists it.
    pub public: bool,
    /// Who took each seat.
    pub holders: [Option<SeatHolder>; 2],
    /// The room this one is the rematch of (a room has at most one rematch: of two
    /// processes opening it at once, the second finds the first's).
    pub rematch_of: Option<String>,
}

/// How a game ended, to be stored with its last decision: the seats' key hashes
/// (a game between two different keys is rated) and the winner (`None`: a draw).
#[derive(Clone, Debug)]
pub struct Finish {
    pub game: Game,
    pub key_hashes: [Option<String>; 2],
    pub winner: Option<Player>,
}

/// Both players' ratings before and after a rated game.
pub type Rated = [RatingChange; 2];

/// Why a decision was not stored.
#[derive(Clone, Debug, PartialEq)]
pub enum AppendError {
    /// Another server process stored the room's decision of that number first: the
    /// room must catch up and check the decision again.
    Taken,
    /// The store failed (the database is down, say); nothing was stored.
    Failed(String),
}

impl std::fmt::Display for AppendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppendError::Taken => write!(f, "that decision number is already stored"),
            AppendError::Failed(e) => write!(f, "{e}"),
        }
    }
}

/// What one server process tells the others through the shared store (PostgreSQL's
/// `NOTIFY`, as JSON). `from` is the process that sent it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "n", rename_all = "snake_case")]
pub enum Notice {
    /// Decision `seq` of a room is stored: read it from the table.
    Played { room: String, seq: u64 },
    /// A room's game was rated (after its last decision).
    Rated {
        room: String,
        south: RatingChange,
        north: RatingChange,
    },
    /// A seat of a room was taken or resumed: read the seats again. `by`: on which
    /// process, and when (sent by that process once the seat is stored; a notice
    /// without it, from an older version, only says to read the seats).
    Seats {
        room: String,
        #[serde(default)]
        by: Option<SeatClaim>,
    },
    /// Who is in a room on process `from`: the seats held there, and spectators.
    Here {
        from: u64,
        room: String,
        here: [bool; 2],
        watching: u32,
    },
    /// Process `from` has just opened a room: whoever holds it, say who is there.
    Ask { from: u64, room: String },
    /// A player sent a phrase to a room, on process `from`.
    Said {
        from: u64,
        room: String,
        by: Player,
        phrase: super::protocol::Phrase,
    },
    /// A player asked for a rematch, on process `from`.
    Rematch { from: u64, room: String, by: Player },
    /// Process `from` is alive (sent every few seconds; one silent for longer than
    /// [`ALIVE_TIMEOUT_S`] is counted gone, with whoever was connected to it).
    Alive { from: u64 },
    /// Lines of the lobby from process `from` (`None`: the room is no longer held
    /// there), as JSON.
    Listings {
        from: u64,
        rooms: Vec<(String, Option<serde_json::Value>)>,
    },
    /// A quick match was made for connection `conn` of process `to`.
    Matched {
        to: u64,
        conn: u64,
        room: String,
        token: String,
    },
    /// This process lost the store's notices for a while (its connection broke):
    /// every room catches up from the tables. Never sent between processes.
    Reconnected,
}

/// A connection took (or resumed) a seat on process `from` at `at` (microseconds
/// since 1970, unique within the process): its player is there now, and a
/// connection on another process holding that seat since an earlier claim (by
/// `(at, from)`) no longer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClaim {
    pub from: u64,
    pub seat: Player,
    pub at: u64,
}

/// A player waiting for a quick match, as the shared store queues him: which
/// process and connection he waits on, for what, and who he is.
#[derive(Clone, Debug, PartialEq)]
pub struct QueuedPlayer {
    pub process: u64,
    pub conn: u64,
    pub game: Game,
    pub options: crate::rules::Options,
    pub rating: i32,
    pub holder: Option<SeatHolder>,
    /// When he asked, in microseconds since 1970 by the database's clock (one clock
    /// for every process; set by the store, 0 until it is read back).
    pub since_us: u64,
}

/// How often a process says it is alive, and how long a silent one is believed.
pub const ALIVE_EVERY_S: u64 = 2;
pub const ALIVE_TIMEOUT_S: u64 = 7;

/// The largest notice PostgreSQL carries is 8,000 bytes; lobby lines are sent in
/// batches below that.
pub const NOTICE_MAX_BYTES: usize = 7_000;

/// Where the server keeps its data.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreSpec {
    /// A SQLite file in this folder.
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL database (`postgres://user@host:port/db`).
    Postgres(String),
}

/// A store that was opened: the handle, the open rooms to bring back (SQLite; with
/// PostgreSQL rooms are brought in when someone asks for them), and the notices of
/// the other processes (PostgreSQL only).
pub struct OpenedStore {
    pub store: Store,
    pub rooms: Vec<StoredRoom>,
    pub notices: Option<mpsc::UnboundedReceiver<Notice>>,
}

/// The handle the server's tasks use; cheap to clone.
#[derive(Clone)]
pub enum Store {
    Sqlite(sqlite::SqliteStore),
    #[cfg(feature = "postgres")]
    Postgres(postgres::PgStore),
}

/// Calls the same method on whichever store this is.
macro_rules! either {
    ($self:expr, $s:ident => $call:expr) => {
        match $self {
            Store::Sqlite($s) => $call,
            #[cfg(feature = "postgres")]
            Store::Postgres($s) => $call,
        }
    };
}

impl Store {
    /// Opens (or creates) the store, closes the rooms idle for longer than `idle_s`
    /// seconds, and returns it with what it holds.
    pub async fn open(spec: &StoreSpec, idle_s: u64) -> Result<OpenedStore, String> {
        match spec {
            StoreSpec::Sqlite(dir) => {
                let (store, rooms) = sqlite::SqliteStore::open(dir, idle_s)?;
                Ok(OpenedStore {
                    store: Store::Sqlite(store),
                    rooms,
                    notices: None,
                })
            }
            #[cfg(feature = "postgres")]
            StoreSpec::Postgres(url) => {
                let (store, notices) = postgres::PgStore::open(url, idle_s).await?;
                Ok(OpenedStore {
                    store: Store::Postgres(store),
                    rooms: Vec::new(),
                    notices: Some(notices),
                })
            }
            #[cfg(not(feature = "postgres"))]
            StoreSpec::Postgres(_) => {
                Err("this build has no PostgreSQL: build it with `--features postgres`".into())
            }
        }
    }

    /// Whether other server processes share this store.
    pub fn shared(&self) -> bool {
        !matches!(self, Store::Sqlite(_))
    }

    /// Stores a new room; done once it is committed. Fails if the code was used.
    pub async fn create(&self, room: StoredRoom) -> Result<(), String> {
        either!(self, s => s.create(room).await)
    }

    /// Appends decision `seq`'s `played` message; done once it is committed. With
    /// `finish` (the decision ended the game), the finished game and, for two
    /// players with keys, both new ratings are committed with it and returned.
    pub async fn append(
        &self,
        code: &str,
        seq: u64,
        message: Arc<str>,
        finish: Option<Finish>,
    ) -> Result<Option<Rated>, AppendError> {
        either!(self, s => s.append(code, seq, message, finish).await)
    }

    /// Takes a seat for `holder`, if it is free; done once it is committed. False:
    /// someone took it first (on another process). (The other processes are told by
    /// the room, with its claim: [`Notice::Seats`].)
    pub async fn take(
        &self,
        code: &str,
        seat: Player,
        holder: Option<SeatHolder>,
    ) -> Result<bool, String> {
        either!(self, s => s.take(code, seat, holder).await)
    }

    /// Records a player (his key's hash) and the name he uses now.
    pub async fn player(&self, key_hash: &str, name: &str) -> Result<(), String> {
        either!(self, s => s.player(key_hash, name).await)
    }

    /// A player's rating in a game (a new player's if he has none).
    pub async fn rating(&self, key_hash: &str, game: Game) -> Result<Rating, String> {
        either!(self, s => s.rating(key_hash, game).await)
    }

    /// A game's best players with enough rated games, best first.
    pub async fn leaderboard(&self, game: Game) -> Result<Vec<Ranked>, String> {
        either!(self, s => s.leaderboard(game).await)
    }

    /// Marks a room closed (its record stays).
    pub async fn close(&self, code: &str) {
        either!(self, s => s.close(code).await)
    }

    /// The `played` messages after `since`, in order.
    pub async fn since(&self, code: &str, since: u64) -> Result<Vec<String>, String> {
        either!(self, s => s.since(code, since).await)
    }

    /// The code of the rematch of room `code`, if one was opened.
    pub async fn rematch_of(&self, code: &str) -> Result<Option<String>, String> {
        either!(self, s => s.rematch_of(code).await)
    }

    /// An open room as stored now, with every decision (`None`: no open room has
    /// this code).
    pub async fn load(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        either!(self, s => s.load(code).await)
    }

    /// Queues a player for a quick match (shared stores; a store of one process
    /// leaves quick match to the server's memory).
    pub async fn wait(&self, player: QueuedPlayer) -> Result<(), String> {
        match self {
            Store::Sqlite(_) => {
                let _ = player;
                Ok(())
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(s) => s.wait(player).await,
        }
    }

    /// Takes a player out of the queue; done once the queue no longer holds him.
    pub async fn unwait(&self, process: u64, conn: u64) {
        match self {
            Store::Sqlite(_) => {
                let _ = (process, conn);
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(s) => s.unwait(Some(conn), process).await,
        }
    }

    /// Takes every player of a process that has gone out of the queue (in the
    /// background).
    pub fn forget_waiting(&self, process: u64) {
        match self {
            Store::Sqlite(_) => {
                let _ = process;
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(s) => {
                let s = s.clone();
                tokio::spawn(async move { s.unwait(None, process).await });
            }
        }
    }

    /// Pairs the queued players with `pair` (one process at a time does it: `None`
    /// if another is doing it now) and takes the paired ones out of the queue;
    /// returns the pairs and how many players were waiting.
    pub async fn pair_queued(
        &self,
        pair: fn(Vec<QueuedPlayer>) -> Vec<(QueuedPlayer, QueuedPlayer)>,
    ) -> Result<Option<(Vec<(QueuedPlayer, QueuedPlayer)>, usize)>, String> {
        match self {
            Store::Sqlite(_) => {
                let _ = pair;
                Ok(None)
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(s) => s.pair_queued(pair).await,
        }
    }

    /// Tells the other server processes (nothing to do for a store of one process).
    pub fn notify(&self, notice: &Notice) {
        match self {
            Store::Sqlite(_) => {
                let _ = notice; // one process: nobody to tell
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(s) => s.notify(notice),
        }
    }
}

/// Seconds since 1970, now.
pub fn now_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A room's record with its stored `played` messages read back into it; damaged ones
/// are an error.
fn with_decisions(code: &str, record: &str, played: Vec<String>) -> Result<GameRecord, String> {
    let mut record: GameRecord =
        serde_json::from_str(record).map_err(|e| format!("room {code}: {e}"))?;
    for (i, text) in played.into_iter().enumerate() {
        match serde_json::from_str::<ServerMessage>(&text) {
            Ok(ServerMessage::Played { seq, decision, .. }) if seq == i as u64 + 1 => {
                record.decisions.push(decision)
            }
            _ => return Err(format!("room {code}: stored decision {} is damaged", i + 1)),
        }
    }
    Ok(record)
}

/// The winner as stored in the finished games' table.
fn winner_name(winner: Option<Player>) -> Option<&'static str> {
    match winner {
        Some(Player::South) => Some("south"),
        Some(Player::North) => Some("north"),
        None => None,
    }
}
