//! The PostgreSQL store (`serve --store postgres://…`), shared by any number of server
//! processes.
//!
//! - Queries go through a pool of connections (deadpool-postgres), which replaces
//!   broken ones: while the database is down every write fails (the `store` error)
//!   and nothing changes; once it is back, play goes on without a restart.
//! - Each decision is one transaction: its `played` row, whose key `(code, seq)` lets
//!   only one process store a room's decision N ([`AppendError::Taken`] for the
//!   other), the room's last activity, and for a game's last decision the finished
//!   game and both ratings (their rows locked, in one order, so two games ending at
//!   once cannot lose an update). A `NOTIFY` in the same transaction tells every
//!   process, once it has committed.
//! - One connection of its own `LISTEN`s for the other processes' notices; if it
//!   breaks, it connects again and says [`Notice::Reconnected`], and the rooms catch
//!   up from the tables.
//! - The schema is created, or migrated, at start, under a lock so that processes
//!   starting together do it once.

use super::{
    AppendError, Finish, Notice, QueuedPlayer, Rated, StoredRoom, now_s, winner_name,
    with_decisions,
};
use crate::online::protocol::Ranked;
use crate::online::rating::{LEADERBOARD_LEN, LEADERBOARD_MIN_GAMES, Rating, change, rate_game};
use crate::online::room::SeatHolder;
use crate::rules::{Game, Player};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, GenericClient, NoTls};

/// The channel every process listens on.
const CHANNEL: &str = "mancala_hall";

/// The schema, one step per version; a database is brought up to the last.
const MIGRATIONS: &[&str] = &[
    // 1: rooms, decisions, players, ratings, finished games, quick match's queue.
    "CREATE TABLE rooms (
         code TEXT PRIMARY KEY,
         record TEXT NOT NULL,
         south_token TEXT NOT NULL,
         north_token TEXT NOT NULL,
         south_taken BOOLEAN NOT NULL,
         north_taken BOOLEAN NOT NULL,
         creator TEXT NOT NULL,
         last_active BIGINT NOT NULL,
         open BOOLEAN NOT NULL,
         public BOOLEAN NOT NULL,
         south_key TEXT,
         north_key TEXT,
         south_name TEXT,
         north_name TEXT,
         rematch_of TEXT UNIQUE);
     CREATE INDEX rooms_open ON rooms (open, last_active);
     CREATE TABLE played (
         code TEXT NOT NULL,
         seq BIGINT NOT NULL,
         message TEXT NOT NULL,
         PRIMARY KEY (code, seq));
     CREATE TABLE players (
         key_hash TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         created BIGINT NOT NULL);
     CREATE TABLE ratings (
         key_hash TEXT NOT NULL,
         game TEXT NOT NULL,
         rating DOUBLE PRECISION NOT NULL,
         deviation DOUBLE PRECISION NOT NULL,
         volatility DOUBLE PRECISION NOT NULL,
         games BIGINT NOT NULL,
         PRIMARY KEY (key_hash, game));
     CREATE INDEX ratings_by_game ON ratings (game, rating);
     CREATE TABLE finished (
         code TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         south TEXT,
         north TEXT,
         winner TEXT,
         rated BOOLEAN NOT NULL,
         at BIGINT NOT NULL);
     CREATE TABLE waiting (
         process BIGINT NOT NULL,
         conn BIGINT NOT NULL,
         game TEXT NOT NULL,
         options TEXT NOT NULL,
         rating INTEGER NOT NULL,
         holder TEXT,
         since BIGINT NOT NULL,
         PRIMARY KEY (process, conn));",
];

/// The handle to the pool; cheap to clone.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    /// Notices to send, in order, by the notifier task.
    outgoing: mpsc::UnboundedSender<String>,
}

fn failed(e: impl std::fmt::Display) -> String {
    format!("PostgreSQL: {e}")
}

impl PgStore {
    /// Connects, creates or migrates the schema, closes the rooms idle for longer
    /// than `idle_s`, and starts listening for the other processes' notices.
    pub async fn open(
        url: &str,
        idle_s: u64,
    ) -> Result<(PgStore, mpsc::UnboundedReceiver<Notice>), String> {
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| format!("{url}: {e}"))?;
        config.connect_timeout(Duration::from_secs(3));
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(5)))
            .create_timeout(Some(Duration::from_secs(3)))
            .build()
            .map_err(failed)?;
        let mut client = pool.get().await.map_err(failed)?;
        migrate(&mut client).await.map_err(failed)?;
        client
            .execute(
                "UPDATE rooms SET open = FALSE WHERE open AND last_active < $1",
                &[&(now_s().saturating_sub(idle_s) as i64)],
            )
            .await
            .map_err(failed)?;
        drop(client);
        let (notices, received) = mpsc::unbounded_channel();
        let (ready, listening) = oneshot::channel();
        tokio::spawn(listen(config, notices, ready));
        listening
            .await
            .map_err(|_| failed("the listener stopped"))??;
        let (outgoing, to_send) = mpsc::unbounded_channel();
        tokio::spawn(notifier(pool.clone(), to_send));
        Ok((PgStore { pool, outgoing }, received))
    }

    async fn client(&self) -> Result<deadpool_postgres::Client, String> {
        self.pool.get().await.map_err(failed)
    }

    /// Stores a new room.
    pub async fn create(&self, r: StoredRoom) -> Result<(), String> {
        let client = self.client().await?;
        let [south, north] = &r.holders;
        let record = serde_json::to_string(&r.record).expect("records serialise");
        let stmt = client
            .prepare_cached(
                "INSERT INTO rooms (code, record, south_token, north_token, south_taken,
                     north_taken, creator, last_active, open, public, south_key, north_key,
                     south_name, north_name, rematch_of)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, TRUE, $9, $10, $11, $12, $13, $14)",
            )
            .await
            .map_err(failed)?;
        client
            .execute(
                &stmt,
                &[
                    &r.code,
                    &record,
                    &r.tokens[0],
                    &r.tokens[1],
                    &r.taken[0],
                    &r.taken[1],
                    &r.creator,
                    &(r.last_active as i64),
                    &r.public,
                    &south.as_ref().and_then(|h| h.key_hash.clone()),
                    &north.as_ref().and_then(|h| h.key_hash.clone()),
                    &south.as_ref().map(|h| h.name.clone()),
                    &north.as_ref().map(|h| h.name.clone()),
                    &r.rematch_of,
                ],
            )
            .await
            .map(drop)
            .map_err(failed)
    }

    /// The code of room `code`'s rematch, if one was opened.
    pub async fn rematch_of(&self, code: &str) -> Result<Option<String>, String> {
        let client = self.client().await?;
        let row = client
            .query_opt("SELECT code FROM rooms WHERE rematch_of = $1", &[&code])
            .await
            .map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Stores decision `seq` of room `code`, with the finished game and ratings.
    pub async fn append(
        &self,
        code: &str,
        seq: u64,
        message: Arc<str>,
        finish: Option<Finish>,
    ) -> Result<Option<Rated>, AppendError> {
        let fail = |e: tokio_postgres::Error| match e.code() {
            Some(c) if *c == SqlState::UNIQUE_VIOLATION => AppendError::Taken,
            _ => AppendError::Failed(failed(e)),
        };
        let played = Notice::Played {
            room: code.into(),
            seq,
        };
        let played = serde_json::to_string(&played).expect("notices serialise");
        let mut client = self.client().await.map_err(AppendError::Failed)?;
        let Some(finish) = finish else {
            // Most decisions: one statement, one round trip (a statement is a
            // transaction of its own).
            let append = client
                .prepare_cached(
                    "WITH stored AS (
                         INSERT INTO played (code, seq, message) VALUES ($1, $2, $3)
                         RETURNING code),
                     touched AS (UPDATE rooms SET last_active = $4 WHERE code = $1)
                     SELECT pg_notify($5, $6) FROM stored",
                )
                .await
                .map_err(fail)?;
            let args: [&(dyn tokio_postgres::types::ToSql + Sync); 6] = [
                &code,
                &(seq as i64),
                &&*message,
                &(now_s() as i64),
                &CHANNEL,
                &played,
            ];
            client.execute(&append, &args).await.map_err(fail)?;
            return Ok(None);
        };
        // A game's last decision: its finished row and ratings in the same transaction.
        let tx = client.transaction().await.map_err(fail)?;
        let insert = tx
            .prepare_cached("INSERT INTO played (code, seq, message) VALUES ($1, $2, $3)")
            .await
            .map_err(fail)?;
        tx.execute(&insert, &[&code, &(seq as i64), &&*message])
            .await
            .map_err(fail)?;
        let touch = tx
            .prepare_cached("UPDATE rooms SET last_active = $2 WHERE code = $1")
            .await
            .map_err(fail)?;
        tx.execute(&touch, &[&code, &(now_s() as i64)])
            .await
            .map_err(fail)?;
        let rated = finish_game(&tx, code, &finish).await.map_err(fail)?;
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &played])
            .await
            .map_err(fail)?;
        if let Some([south, north]) = &rated {
            let rated = Notice::Rated {
                room: code.into(),
                south: *south,
                north: *north,
            };
            notify_in(&tx, &rated).await.map_err(fail)?;
        }
        tx.commit().await.map_err(fail)?;
        Ok(rated)
    }

    /// Takes a seat if it is still free.
    pub async fn take(
        &self,
        code: &str,
        seat: Player,
        holder: Option<SeatHolder>,
    ) -> Result<bool, String> {
        let sql = match seat {
            Player::South => {
                "UPDATE rooms SET south_taken = TRUE, south_key = $2, south_name = $3
                 WHERE code = $1 AND NOT south_taken"
            }
            Player::North => {
                "UPDATE rooms SET north_taken = TRUE, north_key = $2, north_name = $3
                 WHERE code = $1 AND NOT north_taken"
            }
        };
        let client = self.client().await?;
        let rows = client
            .execute(
                sql,
                &[
                    &code,
                    &holder.as_ref().and_then(|h| h.key_hash.clone()),
                    &holder.as_ref().map(|h| h.name.clone()),
                ],
            )
            .await
            .map_err(failed)?;
        Ok(rows == 1)
    }

    /// Records a player and the name he uses now.
    pub async fn player(&self, key_hash: &str, name: &str) -> Result<(), String> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO players VALUES ($1, $2, $3)
                 ON CONFLICT (key_hash) DO UPDATE SET name = excluded.name",
                &[&key_hash, &name, &(now_s() as i64)],
            )
            .await
            .map(drop)
            .map_err(failed)
    }

    /// A player's rating in a game.
    pub async fn rating(&self, key_hash: &str, game: Game) -> Result<Rating, String> {
        let client = self.client().await?;
        rating_of(&**client, key_hash, game, false)
            .await
            .map_err(failed)
    }

    /// A game's leaderboard.
    pub async fn leaderboard(&self, game: Game) -> Result<Vec<Ranked>, String> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT players.name, ratings.rating, ratings.games FROM ratings
                 JOIN players ON players.key_hash = ratings.key_hash
                 WHERE ratings.game = $1 AND ratings.games >= $2
                 ORDER BY ratings.rating DESC LIMIT $3",
                &[
                    &game.id(),
                    &i64::from(LEADERBOARD_MIN_GAMES),
                    &(LEADERBOARD_LEN as i64),
                ],
            )
            .await
            .map_err(failed)?;
        Ok(rows
            .iter()
            .map(|r| Ranked {
                name: r.get(0),
                rating: r.get::<_, f64>(1).round() as i32,
                games: r.get::<_, i64>(2).max(0) as u32,
            })
            .collect())
    }

    /// Marks a room closed; done once it is committed (so that no process brings
    /// it back after that).
    pub async fn close(&self, code: &str) {
        if let Ok(client) = self.pool.get().await {
            let _ = client
                .execute("UPDATE rooms SET open = FALSE WHERE code = $1", &[&code])
                .await;
        }
    }

    /// The `played` messages after `since`, in order.
    pub async fn since(&self, code: &str, since: u64) -> Result<Vec<String>, String> {
        let client = self.client().await?;
        played_since(&**client, code, since).await.map_err(failed)
    }

    /// An open room as stored now.
    pub async fn load(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        let client = self.client().await?;
        let Some(r) = client
            .query_opt(
                "SELECT code, record, south_token, north_token, south_taken, north_taken,
                        creator, last_active, public, south_key, north_key, south_name,
                        north_name, rematch_of
                 FROM rooms WHERE code = $1 AND open",
                &[&code],
            )
            .await
            .map_err(failed)?
        else {
            return Ok(None);
        };
        let played = played_since(&**client, code, 0).await.map_err(failed)?;
        let record = with_decisions(code, r.get(1), played)?;
        let game = record.game;
        let mut holders = [None, None];
        for (seat, (key_at, name_at)) in [(9, 11), (10, 12)].into_iter().enumerate() {
            let key_hash: Option<String> = r.get(key_at);
            let Some(name) = r.get::<_, Option<String>>(name_at) else {
                continue;
            };
            let rating = match &key_hash {
                Some(k) => Some(
                    rating_of(&**client, k, game, false)
                        .await
                        .map_err(failed)?
                        .shown(),
                ),
                None => None,
            };
            holders[seat] = Some(SeatHolder {
                name,
                key_hash,
                rating,
            });
        }
        Ok(Some(StoredRoom {
            code: r.get(0),
            record,
            tokens: [r.get(2), r.get(3)],
            taken: [r.get(4), r.get(5)],
            creator: r.get(6),
            last_active: r.get::<_, i64>(7).max(0) as u64,
            public: r.get(8),
            holders,
            rematch_of: r.get(13),
        }))
    }

    /// Queues a player for a quick match.
    pub async fn wait(&self, p: QueuedPlayer) -> Result<(), String> {
        let client = self.client().await?;
        let options = serde_json::to_string(&p.options).expect("options serialise");
        let holder = p
            .holder
            .as_ref()
            .map(|h| serde_json::to_string(h).expect("holders serialise"));
        client
            .execute(
                "INSERT INTO waiting VALUES ($1, $2, $3, $4, $5, $6,
                     (EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::BIGINT)
                 ON CONFLICT (process, conn) DO UPDATE SET game = excluded.game,
                     options = excluded.options, rating = excluded.rating,
                     holder = excluded.holder, since = excluded.since",
                &[
                    &(p.process as i64),
                    &(p.conn as i64),
                    &p.game.id(),
                    &options,
                    &p.rating,
                    &holder,
                ],
            )
            .await
            .map(drop)
            .map_err(failed)
    }

    /// Takes a connection's player (or all of a process's) out of the queue.
    pub async fn unwait(&self, conn: Option<u64>, process: u64) {
        if let Ok(client) = self.pool.get().await {
            let conn = conn.map(|c| c as i64);
            let _ = client
                .execute(
                    "DELETE FROM waiting WHERE process = $1 AND ($2::BIGINT IS NULL OR conn = $2)",
                    &[&(process as i64), &conn],
                )
                .await;
        }
    }

    /// Pairs the queued players, if no other process is doing it now.
    pub async fn pair_queued(
        &self,
        pair: fn(Vec<QueuedPlayer>) -> Vec<(QueuedPlayer, QueuedPlayer)>,
    ) -> Result<Option<(Vec<(QueuedPlayer, QueuedPlayer)>, usize)>, String> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        let locked: bool = tx
            .query_one("SELECT pg_try_advisory_xact_lock(7283002)", &[])
            .await
            .map_err(failed)?
            .get(0);
        if !locked {
            return Ok(None);
        }
        let rows = tx
            .query(
                "SELECT process, conn, game, options, rating, holder, since FROM waiting
                 ORDER BY since, process, conn",
                &[],
            )
            .await
            .map_err(failed)?;
        let queued: Vec<QueuedPlayer> = rows
            .iter()
            .filter_map(|r| {
                Some(QueuedPlayer {
                    process: r.get::<_, i64>(0) as u64,
                    conn: r.get::<_, i64>(1) as u64,
                    game: Game::from_id(r.get(2))?,
                    options: serde_json::from_str(r.get(3)).ok()?,
                    rating: r.get(4),
                    holder: match r.get::<_, Option<&str>>(5) {
                        Some(h) => Some(serde_json::from_str(h).ok()?),
                        None => None,
                    },
                    since_us: r.get::<_, i64>(6).max(0) as u64,
                })
            })
            .collect();
        let waiting = queued.len();
        let pairs = pair(queued);
        for p in pairs.iter().flat_map(|(a, b)| [a, b]) {
            tx.execute(
                "DELETE FROM waiting WHERE process = $1 AND conn = $2",
                &[&(p.process as i64), &(p.conn as i64)],
            )
            .await
            .map_err(failed)?;
        }
        tx.commit().await.map_err(failed)?;
        Ok(Some((pairs, waiting)))
    }

    /// Tells every process (this one too), in the order given.
    pub fn notify(&self, notice: &Notice) {
        let text = serde_json::to_string(notice).expect("notices serialise");
        let _ = self.outgoing.send(text);
    }
}

/// Brings the schema up to the last version, under a lock (processes starting
/// together migrate once).
async fn migrate(client: &mut deadpool_postgres::Client) -> Result<(), tokio_postgres::Error> {
    let tx = client.transaction().await?;
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(7283001);
         CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);",
    )
    .await?;
    let version: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .get(0);
    for (i, step) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        tx.batch_execute(step).await?;
        tx.execute("INSERT INTO schema_version VALUES ($1)", &[&(i as i32 + 1)])
            .await?;
    }
    tx.commit().await
}

/// Sends a notice when `tx` commits.
async fn notify_in(
    tx: &deadpool_postgres::Transaction<'_>,
    notice: &Notice,
) -> Result<(), tokio_postgres::Error> {
    let text = serde_json::to_string(notice).expect("notices serialise");
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &text])
        .await
        .map(drop)
}

/// A player's rating in a game, or a new player's; `lock`: hold his row until the
/// transaction ends (it is made if he has none).
async fn rating_of(
    client: &impl GenericClient,
    key_hash: &str,
    game: Game,
    lock: bool,
) -> Result<Rating, tokio_postgres::Error> {
    if lock {
        let new = Rating::default();
        client
            .execute(
                "INSERT INTO ratings VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
                &[
                    &key_hash,
                    &game.id(),
                    &new.rating,
                    &new.deviation,
                    &new.volatility,
                ],
            )
            .await?;
    }
    let sql = if lock {
        "SELECT rating, deviation, volatility, games FROM ratings
         WHERE key_hash = $1 AND game = $2 FOR UPDATE"
    } else {
        "SELECT rating, deviation, volatility, games FROM ratings
         WHERE key_hash = $1 AND game = $2"
    };
    let row = client.query_opt(sql, &[&key_hash, &game.id()]).await?;
    Ok(match row {
        Some(r) => Rating {
            rating: r.get(0),
            deviation: r.get(1),
            volatility: r.get(2),
            games: r.get::<_, i64>(3).max(0) as u32,
        },
        None => Rating::default(),
    })
}

/// Stores a finished game and, between two different keys, both new ratings.
async fn finish_game(
    tx: &deadpool_postgres::Transaction<'_>,
    code: &str,
    f: &Finish,
) -> Result<Option<Rated>, tokio_postgres::Error> {
    let rated = match &f.key_hashes {
        [Some(s), Some(n)] if s != n => {
            // Locked in one order, so two games of the same players cannot deadlock.
            let (first, second) = if s < n { (s, n) } else { (n, s) };
            let a = rating_of(&**tx, first, f.game, true).await?;
            let b = rating_of(&**tx, second, f.game, true).await?;
            let before = if s < n { [a, b] } else { [b, a] };
            let after = rate_game(before[0], before[1], f.winner);
            for (key, r) in [(s, after[0]), (n, after[1])] {
                tx.execute(
                    "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6
                     WHERE key_hash = $1 AND game = $2",
                    &[
                        key,
                        &f.game.id(),
                        &r.rating,
                        &r.deviation,
                        &r.volatility,
                        &i64::from(r.games),
                    ],
                )
                .await?;
            }
            Some([change(&before[0], &after[0]), change(&before[1], &after[1])])
        }
        _ => None,
    };
    tx.execute(
        "INSERT INTO finished VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (code) DO UPDATE SET game = excluded.game, south = excluded.south,
             north = excluded.north, winner = excluded.winner, rated = excluded.rated,
             at = excluded.at",
        &[
            &code,
            &f.game.id(),
            &f.key_hashes[0],
            &f.key_hashes[1],
            &winner_name(f.winner),
            &rated.is_some(),
            &(now_s() as i64),
        ],
    )
    .await?;
    Ok(rated)
}

async fn played_since(
    client: &impl GenericClient,
    code: &str,
    since: u64,
) -> Result<Vec<String>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT message FROM played WHERE code = $1 AND seq > $2 ORDER BY seq",
            &[&code, &(since as i64)],
        )
        .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// Listens for the processes' notices on a connection of its own; connects again
/// (every half second) when it breaks, and then says [`Notice::Reconnected`].
async fn listen(
    config: tokio_postgres::Config,
    notices: mpsc::UnboundedSender<Notice>,
    ready: oneshot::Sender<Result<(), String>>,
) {
    let mut ready = Some(ready);
    let mut lost = false;
    loop {
        match config.connect(NoTls).await {
            Ok((client, mut connection)) => {
                let mut messages =
                    futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                let listen_sql = format!("LISTEN {CHANNEL}");
                let listening = client.batch_execute(&listen_sql);
                tokio::pin!(listening);
                // The connection is driven by polling its messages, so both go on.
                let listened = loop {
                    tokio::select! {
                        done = &mut listening => break done.is_ok(),
                        m = messages.next() => if !matches!(m, Some(Ok(_))) { break false },
                    }
                };
                if listened {
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(Ok(()));
                    }
                    if lost && notices.send(Notice::Reconnected).is_err() {
                        return;
                    }
                    while let Some(Ok(m)) = messages.next().await {
                        if let AsyncMessage::Notification(n) = m {
                            match serde_json::from_str::<Notice>(n.payload()) {
                                Ok(notice) => {
                                    if notices.send(notice).is_err() {
                                        return; // the server has stopped
                                    }
                                }
                                Err(e) => eprintln!("serve: a notice not understood: {e}"),
                            }
                        }
                    }
                }
                lost = true;
            }
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(failed(e)));
                    return;
                }
            }
        }
        if notices.is_closed() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Sends this process's notices one after another (so they arrive in order).
async fn notifier(pool: Pool, mut to_send: mpsc::UnboundedReceiver<String>) {
    while let Some(text) = to_send.recv().await {
        let Ok(client) = pool.get().await else {
            continue; // the database is down: the notice is lost, as a process's would be
        };
        let mut next = Some(text);
        while let Some(text) = next.take() {
            if client
                .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &text])
                .await
                .is_err()
            {
                break;
            }
            next = to_send.try_recv().ok();
        }
    }
}
