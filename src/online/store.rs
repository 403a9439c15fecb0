//! The server's store: one SQLite file (`rooms.sqlite` in the data folder). Every
//! accepted decision is appended, as the `played` message broadcast for it, before
//! anyone is told of it; after a restart the open rooms are rebuilt from it.
//!
//! SQLite is used from one thread of its own. Writes that arrive while it is busy are
//! committed together in one transaction (group commit), and each is acknowledged
//! only once that transaction has committed. The journal is SQLite's write-ahead log
//! with `synchronous = NORMAL`: a commit survives the server being killed at any
//! instant (the log is in the operating system's hands), though the last commits
//! before a power cut may be lost; `synchronous = FULL` would keep those too, at an
//! fsync per group.

use super::protocol::ServerMessage;
use crate::rules::{GameRecord, Player};
use rusqlite::{Connection, params};
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;

/// The most writes committed in one transaction.
const GROUP: usize = 512;

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
}

/// Seconds since 1970, now.
pub fn now_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

type Ack = oneshot::Sender<Result<(), String>>;

enum Job {
    Create(Box<StoredRoom>, Ack),
    Append {
        code: String,
        seq: u64,
        message: Arc<str>,
        ack: Ack,
    },
    Take {
        code: String,
        seat: Player,
        ack: Ack,
    },
    Close {
        code: String,
    },
    Since {
        code: String,
        since: u64,
        reply: oneshot::Sender<Result<Vec<String>, String>>,
    },
}

/// The handle the server's tasks use; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: std_mpsc::Sender<Job>,
}

impl Store {
    /// Opens (or creates) the store in `dir`, closes the rooms idle for longer than
    /// `idle_s` seconds, and returns the open ones with their records.
    pub fn open(dir: &Path, idle_s: u64) -> Result<(Store, Vec<StoredRoom>), String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join("rooms.sqlite");
        let conn = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 record TEXT NOT NULL,
                 south_token TEXT NOT NULL,
                 north_token TEXT NOT NULL,
                 south_taken INTEGER NOT NULL,
                 north_taken INTEGER NOT NULL,
                 creator TEXT NOT NULL,
                 last_active INTEGER NOT NULL,
                 open INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS played (
                 code TEXT NOT NULL,
                 seq INTEGER NOT NULL,
                 message TEXT NOT NULL,
                 PRIMARY KEY (code, seq)) WITHOUT ROWID;",
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        conn.execute(
            "UPDATE rooms SET open = 0 WHERE open = 1 AND last_active < ?1",
            params![now_s().saturating_sub(idle_s) as i64],
        )
        .map_err(|e| e.to_string())?;
        let rooms = load_open(&conn)?;
        let (jobs, rx) = std_mpsc::channel();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| e.to_string())?;
        Ok((Store { jobs }, rooms))
    }

    /// Stores a new room; done once it is committed.
    pub async fn create(&self, room: StoredRoom) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Create(Box::new(room), ack))?;
        done.await.map_err(|_| gone())?
    }

    /// Appends decision `seq`'s `played` message; done once it is committed.
    pub async fn append(&self, code: &str, seq: u64, message: Arc<str>) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Append {
            code: code.into(),
            seq,
            message,
            ack,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// Records that a seat was taken; done once it is committed.
    pub async fn take(&self, code: &str, seat: Player) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Take {
            code: code.into(),
            seat,
            ack,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// Marks a room closed (its record stays).
    pub fn close(&self, code: &str) {
        let _ = self.send(Job::Close { code: code.into() });
    }

    /// The `played` messages after `since`, in order.
    pub async fn since(&self, code: &str, since: u64) -> Result<Vec<String>, String> {
        let (reply, done) = oneshot::channel();
        self.send(Job::Since {
            code: code.into(),
            since,
            reply,
        })?;
        done.await.map_err(|_| gone())?
    }

    fn send(&self, job: Job) -> Result<(), String> {
        self.jobs.send(job).map_err(|_| gone())
    }
}

fn gone() -> String {
    "the store has stopped".into()
}

/// The store's thread: takes the jobs waiting, commits their writes together, then
/// acknowledges them.
fn run(mut conn: Connection, rx: std_mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < GROUP {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut acks: Vec<(Ack, Result<(), String>)> = Vec::new();
        let committed = (|| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            let mut reads = Vec::new();
            for job in jobs {
                match job {
                    Job::Create(r, ack) => {
                        let result = tx
                            .execute(
                                "INSERT INTO rooms VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1)",
                                params![
                                    r.code,
                                    serde_json::to_string(&r.record).expect("records serialise"),
                                    r.tokens[0],
                                    r.tokens[1],
                                    r.taken[0],
                                    r.taken[1],
                                    r.creator,
                                    r.last_active as i64
                                ],
                            )
                            .map(drop)
                            .map_err(|e| e.to_string());
                        acks.push((ack, result));
                    }
                    Job::Append {
                        code,
                        seq,
                        message,
                        ack,
                    } => {
                        let result = tx
                            .execute(
                                "INSERT INTO played VALUES (?1, ?2, ?3)",
                                params![code, seq as i64, &*message],
                            )
                            .and_then(|_| {
                                tx.execute(
                                    "UPDATE rooms SET last_active = ?2 WHERE code = ?1",
                                    params![code, now_s() as i64],
                                )
                            })
                            .map(drop)
                            .map_err(|e| e.to_string());
                        acks.push((ack, result));
                    }
                    Job::Take { code, seat, ack } => {
                        let sql = match seat {
                            Player::South => "UPDATE rooms SET south_taken = 1 WHERE code = ?1",
                            Player::North => "UPDATE rooms SET north_taken = 1 WHERE code = ?1",
                        };
                        let result = tx
                            .execute(sql, params![code])
                            .map(drop)
                            .map_err(|e| e.to_string());
                        acks.push((ack, result));
                    }
                    Job::Close { code } => {
                        tx.execute("UPDATE rooms SET open = 0 WHERE code = ?1", params![code])?;
                    }
                    Job::Since { code, since, reply } => reads.push((code, since, reply)),
                }
            }
            tx.commit()?;
            for (code, since, reply) in reads {
                let _ = reply.send(played_since(&conn, &code, since).map_err(|e| e.to_string()));
            }
            Ok(())
        })();
        for (ack, result) in acks {
            let result = match &committed {
                Ok(()) => result,
                Err(e) => Err(e.to_string()),
            };
            let _ = ack.send(result);
        }
    }
}

fn played_since(conn: &Connection, code: &str, since: u64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn
        .prepare_cached("SELECT message FROM played WHERE code = ?1 AND seq > ?2 ORDER BY seq")?;
    let rows = stmt.query_map(params![code, since as i64], |r| r.get::<_, String>(0))?;
    rows.collect()
}

/// The open rooms, each with its decisions read back from its `played` messages.
fn load_open(conn: &Connection) -> Result<Vec<StoredRoom>, String> {
    let mut stmt = conn
        .prepare(
            "SELECT code, record, south_token, north_token, south_taken, north_taken, creator,
                    last_active FROM rooms WHERE open = 1",
        )
        .map_err(|e| e.to_string())?;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                [r.get::<_, String>(2)?, r.get::<_, String>(3)?],
                [r.get::<_, bool>(4)?, r.get::<_, bool>(5)?],
                r.get::<_, String>(6)?,
                r.get::<_, i64>(7)?,
            ))
        })
        .map_err(|e| e.to_string())?;
    let mut rooms = Vec::new();
    for row in rows {
        let (code, record, tokens, taken, creator, last_active) = row.map_err(|e| e.to_string())?;
        let mut record: GameRecord =
            serde_json::from_str(&record).map_err(|e| format!("room {code}: {e}"))?;
        for (i, text) in played_since(conn, &code, 0)
            .map_err(|e| e.to_string())?
            .into_iter()
            .enumerate()
        {
            match serde_json::from_str::<ServerMessage>(&text) {
                Ok(ServerMessage::Played { seq, decision, .. }) if seq == i as u64 + 1 => {
                    record.decisions.push(decision)
                }
                _ => return Err(format!("room {code}: stored decision {} is damaged", i + 1)),
            }
        }
        rooms.push(StoredRoom {
            code,
            record,
            tokens,
            taken,
            creator,
            last_active: last_active.max(0) as u64,
        });
    }
    Ok(rooms)
}
