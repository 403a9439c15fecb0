//! The SQLite store: one file (`rooms.sqlite` in the data folder) for one server
//! process. After a restart the open rooms are rebuilt from it.
//!
//! SQLite is used from one thread of its own. Writes that arrive while it is busy are
//! committed together in one transaction (group commit), and each is acknowledged
//! only once that transaction has committed. The journal is SQLite's write-ahead log
//! with `synchronous = NORMAL`: a commit survives the server being killed at any
//! instant (the log is in the operating system's hands), though the last commits
//! before a power cut may be lost; `synchronous = FULL` would keep those too, at an
//! fsync per group.
//!
//! A game's last decision, its finished row and both ratings are committed in one
//! transaction, before anyone hears of it.

use super::{AppendError, Finish, Rated, StoredRoom, now_s, winner_name, with_decisions};
use crate::online::protocol::Ranked;
use crate::online::rating::{LEADERBOARD_LEN, LEADERBOARD_MIN_GAMES, Rating, change, rate_game};
use crate::online::room::SeatHolder;
use crate::rules::{Game, Player};
use rusqlite::{Connection, params};
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use tokio::sync::oneshot;

/// The most writes committed in one transaction.
const GROUP: usize = 512;
type Ack = oneshot::Sender<Result<(), String>>;
type Reply<T> = oneshot::Sender<Result<T, String>>;
type AppendReply = oneshot::Sender<Result<Option<Rated>, AppendError>>;
/// A write's acknowledgement, waiting for its transaction, and its result.
type Pending<T, E> = (oneshot::Sender<Result<T, E>>, Result<T, E>);

enum Job {
    Create(Box<StoredRoom>, Ack),
    Append {
        code: String,
        seq: u64,
        message: Arc<str>,
        finish: Option<Finish>,
        ack: AppendReply,
    },
    Take {
        code: String,
        seat: Player,
        holder: Option<SeatHolder>,
        ack: Reply<bool>,
    },
    Player {
        key_hash: String,
        name: String,
        ack: Ack,
    },
    Rating {
        key_hash: String,
        game: Game,
        reply: Reply<Rating>,
    },
    Leaderboard {
        game: Game,
        reply: Reply<Vec<Ranked>>,
    },
    Close {
        code: String,
    },
    Since {
        code: String,
        since: u64,
        reply: Reply<Vec<String>>,
    },
    Load {
        code: String,
        reply: Reply<Option<StoredRoom>>,
    },
    RematchOf {
        code: String,
        reply: Reply<Option<String>>,
    },
}

/// The handle to the SQLite thread; cheap to clone.
#[derive(Clone)]
pub struct SqliteStore {
    jobs: std_mpsc::Sender<Job>,
}

impl SqliteStore {
    /// Opens (or creates) the store in `dir`, closes the rooms idle for longer than
    /// `idle_s` seconds, and returns the open ones with their records.
    pub fn open(dir: &Path, idle_s: u64) -> Result<(SqliteStore, Vec<StoredRoom>), String> {
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
                 PRIMARY KEY (code, seq)) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS players (
                 key_hash TEXT PRIMARY KEY,
                 name TEXT NOT NULL,
                 created INTEGER NOT NULL) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS ratings (
                 key_hash TEXT NOT NULL,
                 game TEXT NOT NULL,
                 rating REAL NOT NULL,
                 deviation REAL NOT NULL,
                 volatility REAL NOT NULL,
                 games INTEGER NOT NULL,
                 PRIMARY KEY (key_hash, game)) WITHOUT ROWID;
             CREATE INDEX IF NOT EXISTS ratings_by_game ON ratings (game, rating);
             CREATE TABLE IF NOT EXISTS finished (
                 code TEXT PRIMARY KEY,
                 game TEXT NOT NULL,
                 south TEXT,
                 north TEXT,
                 winner TEXT,
                 rated INTEGER NOT NULL,
                 at INTEGER NOT NULL) WITHOUT ROWID;",
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        migrate(&conn).map_err(|e| format!("{}: {e}", path.display()))?;
        conn.execute(
            "UPDATE rooms SET open = 0 WHERE open = 1 AND last_active < ?1",
            params![now_s().saturating_sub(idle_s) as i64],
        )
        .map_err(|e| e.to_string())?;
        let rooms = load_rooms(&conn, None)?;
        let (jobs, rx) = std_mpsc::channel();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| e.to_string())?;
        Ok((SqliteStore { jobs }, rooms))
    }

    /// Stores a new room; done once it is committed.
    pub async fn create(&self, room: StoredRoom) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Create(Box::new(room), ack))?;
        done.await.map_err(|_| gone())?
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
        let (ack, done) = oneshot::channel();
        self.send(Job::Append {
            code: code.into(),
            seq,
            message,
            finish,
            ack,
        })
        .map_err(AppendError::Failed)?;
        done.await.map_err(|_| AppendError::Failed(gone()))?
    }

    /// Takes a seat if it is free, for `holder`; done once it is committed.
    pub async fn take(
        &self,
        code: &str,
        seat: Player,
        holder: Option<SeatHolder>,
    ) -> Result<bool, String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Take {
            code: code.into(),
            seat,
            holder,
            ack,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// Records a player (his key's hash) and the name he uses now.
    pub async fn player(&self, key_hash: &str, name: &str) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.send(Job::Player {
            key_hash: key_hash.into(),
            name: name.into(),
            ack,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// A player's rating in a game (a new player's if he has none).
    pub async fn rating(&self, key_hash: &str, game: Game) -> Result<Rating, String> {
        let (reply, done) = oneshot::channel();
        self.send(Job::Rating {
            key_hash: key_hash.into(),
            game,
            reply,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// A game's best players with enough rated games, best first.
    pub async fn leaderboard(&self, game: Game) -> Result<Vec<Ranked>, String> {
        let (reply, done) = oneshot::channel();
        self.send(Job::Leaderboard { game, reply })?;
        done.await.map_err(|_| gone())?
    }

    /// Marks a room closed (its record stays; nobody waits for it: one process).
    pub async fn close(&self, code: &str) {
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

    /// An open room as stored now.
    pub async fn load(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        let (reply, done) = oneshot::channel();
        self.send(Job::Load {
            code: code.into(),
            reply,
        })?;
        done.await.map_err(|_| gone())?
    }

    /// The code of room `code`'s rematch, if one was opened.
    pub async fn rematch_of(&self, code: &str) -> Result<Option<String>, String> {
        let (reply, done) = oneshot::channel();
        self.send(Job::RematchOf {
            code: code.into(),
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
/// answers the reads and acknowledges the writes.
fn run(mut conn: Connection, rx: std_mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < GROUP {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut written = Written::default();
        let committed = (|| -> rusqlite::Result<()> {
            let mut tx = conn.transaction()?;
            let mut reads = Reads::default();
            for job in jobs {
                do_job(&mut tx, job, &mut written, &mut reads)?;
            }
            tx.commit()?;
            reads.answer(&conn);
            Ok(())
        })();
        written.acknowledge(committed.err().map(|e| e.to_string()));
    }
}

/// The writes of one transaction, each with its result, to be acknowledged once it
/// commits (or fails, failing them all).
#[derive(Default)]
struct Written {
    acks: Vec<Pending<(), String>>,
    taken: Vec<Pending<bool, String>>,
    appended: Vec<Pending<Option<Rated>, AppendError>>,
}

impl Written {
    fn acknowledge(self, failed: Option<String>) {
        for (ack, result) in self.acks {
            let _ = ack.send(failed.clone().map_or(result, Err));
        }
        for (ack, result) in self.taken {
            let _ = ack.send(failed.clone().map_or(result, Err));
        }
        for (ack, result) in self.appended {
            let _ = ack.send(failed.clone().map(AppendError::Failed).map_or(result, Err));
        }
    }
}

/// The reads asked for with a transaction's writes, answered after it commits (so
/// that they see them).
#[derive(Default)]
struct Reads {
    since: Vec<(String, u64, Reply<Vec<String>>)>,
    ratings: Vec<(String, Game, Reply<Rating>)>,
    boards: Vec<(Game, Reply<Vec<Ranked>>)>,
    loads: Vec<(String, Reply<Option<StoredRoom>>)>,
    rematches: Vec<(String, Reply<Option<String>>)>,
}

impl Reads {
    fn answer(self, conn: &Connection) {
        for (code, since, reply) in self.since {
            let _ = reply.send(played_since(conn, &code, since).map_err(|e| e.to_string()));
        }
        for (key_hash, game, reply) in self.ratings {
            let _ = reply.send(rating_of(conn, &key_hash, game).map_err(|e| e.to_string()));
        }
        for (game, reply) in self.boards {
            let _ = reply.send(leaderboard(conn, game).map_err(|e| e.to_string()));
        }
        for (code, reply) in self.rematches {
            let found = conn
                .query_row(
                    "SELECT code FROM rooms WHERE rematch_of = ?1",
                    params![code],
                    |r| r.get::<_, String>(0),
                )
                .map(Some)
                .or_else(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => Ok(None),
                    e => Err(e.to_string()),
                });
            let _ = reply.send(found);
        }
        for (code, reply) in self.loads {
            let _ = reply.send(load_rooms(conn, Some(&code)).map(|mut r| r.pop()));
        }
    }
}

/// One job in the transaction: a write is done now and its result kept for its
/// acknowledgement; a read waits for the commit. Only closing a room fails the
/// transaction (the others fail alone).
fn do_job(
    tx: &mut rusqlite::Transaction,
    job: Job,
    written: &mut Written,
    reads: &mut Reads,
) -> rusqlite::Result<()> {
    match job {
        Job::Create(r, ack) => written.acks.push((ack, create_room(tx, &r))),
        Job::Append {
            code,
            seq,
            message,
            finish,
            ack,
        } => written
            .appended
            .push((ack, append(tx, &code, seq, &message, finish))),
        Job::Take {
            code,
            seat,
            holder,
            ack,
        } => written
            .taken
            .push((ack, take_seat(tx, &code, seat, holder.as_ref()))),
        Job::Player {
            key_hash,
            name,
            ack,
        } => {
            let result = tx
                .execute(
                    "INSERT INTO players VALUES (?1, ?2, ?3)
                     ON CONFLICT (key_hash) DO UPDATE SET name = excluded.name",
                    params![key_hash, name, now_s() as i64],
                )
                .map(drop)
                .map_err(|e| e.to_string());
            written.acks.push((ack, result));
        }
        Job::Rating {
            key_hash,
            game,
            reply,
        } => reads.ratings.push((key_hash, game, reply)),
        Job::Leaderboard { game, reply } => reads.boards.push((game, reply)),
        Job::Close { code } => {
            tx.execute("UPDATE rooms SET open = 0 WHERE code = ?1", params![code])?;
        }
        Job::Since { code, since, reply } => reads.since.push((code, since, reply)),
        Job::Load { code, reply } => reads.loads.push((code, reply)),
        Job::RematchOf { code, reply } => reads.rematches.push((code, reply)),
    }
    Ok(())
}

/// Writes a new room.
fn create_room(tx: &Connection, r: &StoredRoom) -> Result<(), String> {
    let [south, north] = &r.holders;
    tx.execute(
        "INSERT INTO rooms (code, record, south_token, north_token,
             south_taken, north_taken, creator, last_active, open,
             public, south_key, north_key, south_name, north_name,
             rematch_of)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1, ?9, ?10, ?11, ?12, ?13,
             ?14)",
        params![
            r.code,
            serde_json::to_string(&r.record).expect("records serialise"),
            r.tokens[0],
            r.tokens[1],
            r.taken[0],
            r.taken[1],
            r.creator,
            r.last_active as i64,
            r.public,
            south.as_ref().and_then(|h| h.key_hash.clone()),
            north.as_ref().and_then(|h| h.key_hash.clone()),
            south.as_ref().map(|h| h.name.clone()),
            north.as_ref().map(|h| h.name.clone()),
            r.rematch_of,
        ],
    )
    .map(drop)
    .map_err(|e| e.to_string())
}

/// Writes a played decision's message, and the game's end and ratings if it ends
/// the game, in one savepoint: a failed finish takes its decision back too. A
/// decision of that number already stored is [`AppendError::Taken`].
fn append(
    tx: &mut rusqlite::Transaction,
    code: &str,
    seq: u64,
    message: &str,
    finish: Option<Finish>,
) -> Result<Option<Rated>, AppendError> {
    (|| {
        let sp = tx.savepoint()?;
        sp.execute(
            "INSERT INTO played VALUES (?1, ?2, ?3)",
            params![code, seq as i64, message],
        )?;
        sp.execute(
            "UPDATE rooms SET last_active = ?2 WHERE code = ?1",
            params![code, now_s() as i64],
        )?;
        let rated = match finish {
            Some(f) => finish_game(&sp, code, &f)?,
            None => None,
        };
        sp.commit()?;
        Ok::<_, rusqlite::Error>(rated)
    })()
    .map_err(|e| match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => AppendError::Taken,
        _ => AppendError::Failed(e.to_string()),
    })
}

/// Takes a free seat for `holder`; `false` if it was taken already.
fn take_seat(
    tx: &Connection,
    code: &str,
    seat: Player,
    holder: Option<&SeatHolder>,
) -> Result<bool, String> {
    let sql = match seat {
        Player::South => {
            "UPDATE rooms SET south_taken = 1, south_key = ?2, south_name = ?3
             WHERE code = ?1 AND south_taken = 0"
        }
        Player::North => {
            "UPDATE rooms SET north_taken = 1, north_key = ?2, north_name = ?3
             WHERE code = ?1 AND north_taken = 0"
        }
    };
    tx.execute(
        sql,
        params![
            code,
            holder.and_then(|h| h.key_hash.clone()),
            holder.map(|h| h.name.clone())
        ],
    )
    .map(|rows| rows == 1)
    .map_err(|e| e.to_string())
}

/// Adds the columns later versions gave the rooms table to a store made before them.
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    let mut have = Vec::new();
    {
        let mut stmt = conn.prepare("PRAGMA table_info(rooms)")?;
        let names = stmt.query_map([], |r| r.get::<_, String>(1))?;
        for n in names {
            have.push(n?);
        }
    }
    for (column, kind) in [
        ("public", "INTEGER NOT NULL DEFAULT 0"),
        ("south_key", "TEXT"),
        ("north_key", "TEXT"),
        ("south_name", "TEXT"),
        ("north_name", "TEXT"),
        ("rematch_of", "TEXT"),
    ] {
        if !have.iter().any(|h| h == column) {
            conn.execute_batch(&format!("ALTER TABLE rooms ADD COLUMN {column} {kind}"))?;
        }
    }
    conn.execute_batch("CREATE UNIQUE INDEX IF NOT EXISTS rooms_rematch_of ON rooms (rematch_of)")?;
    Ok(())
}

/// A player's rating in a game, or a new player's.
fn rating_of(conn: &Connection, key_hash: &str, game: Game) -> rusqlite::Result<Rating> {
    let mut stmt = conn.prepare_cached(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE key_hash = ?1 AND game = ?2",
    )?;
    let mut rows = stmt.query(params![key_hash, game.id()])?;
    Ok(match rows.next()? {
        Some(r) => Rating {
            rating: r.get(0)?,
            deviation: r.get(1)?,
            volatility: r.get(2)?,
            games: r.get::<_, i64>(3)?.max(0) as u32,
        },
        None => Rating::default(),
    })
}

/// Stores a finished game and, between two different keys, both new ratings.
fn finish_game(conn: &Connection, code: &str, f: &Finish) -> rusqlite::Result<Option<Rated>> {
    let winner = winner_name(f.winner);
    let rated = match &f.key_hashes {
        [Some(s), Some(n)] if s != n => {
            let before = [rating_of(conn, s, f.game)?, rating_of(conn, n, f.game)?];
            let after = rate_game(before[0], before[1], f.winner);
            for (key, r) in [(s, after[0]), (n, after[1])] {
                conn.execute(
                    "INSERT INTO ratings VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT (key_hash, game) DO UPDATE SET rating = excluded.rating,
                         deviation = excluded.deviation, volatility = excluded.volatility,
                         games = excluded.games",
                    params![
                        key,
                        f.game.id(),
                        r.rating,
                        r.deviation,
                        r.volatility,
                        r.games
                    ],
                )?;
            }
            Some([change(&before[0], &after[0]), change(&before[1], &after[1])])
        }
        _ => None,
    };
    conn.execute(
        "INSERT OR REPLACE INTO finished VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            code,
            f.game.id(),
            f.key_hashes[0],
            f.key_hashes[1],
            winner,
            rated.is_some(),
            now_s() as i64
        ],
    )?;
    Ok(rated)
}

/// A game's leaderboard: players with enough rated games, best first.
fn leaderboard(conn: &Connection, game: Game) -> rusqlite::Result<Vec<Ranked>> {
    let mut stmt = conn.prepare_cached(
        "SELECT players.name, ratings.rating, ratings.games FROM ratings
         JOIN players ON players.key_hash = ratings.key_hash
         WHERE ratings.game = ?1 AND ratings.games >= ?2
         ORDER BY ratings.rating DESC LIMIT ?3",
    )?;
    let rows = stmt.query_map(
        params![game.id(), LEADERBOARD_MIN_GAMES, LEADERBOARD_LEN as i64],
        |r| {
            Ok(Ranked {
                name: r.get(0)?,
                rating: r.get::<_, f64>(1)?.round() as i32,
                games: r.get::<_, i64>(2)?.max(0) as u32,
            })
        },
    )?;
    rows.collect()
}

fn played_since(conn: &Connection, code: &str, since: u64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn
        .prepare_cached("SELECT message FROM played WHERE code = ?1 AND seq > ?2 ORDER BY seq")?;
    let rows = stmt.query_map(params![code, since as i64], |r| r.get::<_, String>(0))?;
    rows.collect()
}

/// The open rooms (or the open room `only`), each with its decisions read back from
/// its `played` messages.
fn load_rooms(conn: &Connection, only: Option<&str>) -> Result<Vec<StoredRoom>, String> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT code, record, south_token, north_token, south_taken, north_taken, creator,
                    last_active, public, south_key, north_key, south_name, north_name,
                    rematch_of
             FROM rooms WHERE open = 1 AND (?1 IS NULL OR code = ?1)",
        )
        .map_err(|e| e.to_string())?;
    let rows = stmt
        .query_map(params![only], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                [r.get::<_, String>(2)?, r.get::<_, String>(3)?],
                [r.get::<_, bool>(4)?, r.get::<_, bool>(5)?],
                r.get::<_, String>(6)?,
                r.get::<_, i64>(7)?,
                r.get::<_, bool>(8)?,
                [
                    (
                        r.get::<_, Option<String>>(9)?,
                        r.get::<_, Option<String>>(11)?,
                    ),
                    (
                        r.get::<_, Option<String>>(10)?,
                        r.get::<_, Option<String>>(12)?,
                    ),
                ],
                r.get::<_, Option<String>>(13)?,
            ))
        })
        .map_err(|e| e.to_string())?;
    let mut rooms = Vec::new();
    for row in rows {
        let (code, record, tokens, taken, creator, last_active, public, seats, rematch_of) =
            row.map_err(|e| e.to_string())?;
        let played = played_since(conn, &code, 0).map_err(|e| e.to_string())?;
        let record = with_decisions(&code, &record, played)?;
        rooms.push(StoredRoom {
            code,
            record,
            tokens,
            taken,
            creator,
            last_active: last_active.max(0) as u64,
            public,
            holders: [None, None],
            rematch_of,
        });
        let game = rooms.last().map(|r| r.record.game);
        for (seat, (key_hash, name)) in seats.into_iter().enumerate() {
            let (Some(name), Some(game)) = (name, game) else {
                continue;
            };
            let rating = match &key_hash {
                Some(k) => Some(rating_of(conn, k, game).map_err(|e| e.to_string())?.shown()),
                None => None,
            };
            rooms.last_mut().expect("just pushed").holders[seat] = Some(SeatHolder {
                name,
                key_hash,
                rating,
            });
        }
    }
    Ok(rooms)
}
