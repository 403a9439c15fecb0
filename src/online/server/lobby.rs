//! The lobby and quick match. Every room's task keeps its line here ([`Listing`]);
//! one task ([`lobby_task`]) sends the lobby to the clients following it at most once
//! a [`Config::lobby_every`](super::Config) (built and serialised once for all of
//! them, and only when something changed), and pairs the players waiting for a quick
//! match every [`Config::pairing_every`](super::Config). Pairing happens under one
//! lock, so nobody is paired twice.
//!
//! With a store shared by several processes, each process sends the others the lines
//! of the rooms it holds (a batch a tick, [`Notice::Listings`]) and merges theirs into
//! its lobby; quick match queues players in the store, and one process at a time
//! pairs them all and tells each player's process ([`Notice::Matched`]).

use super::LockAnyway;
use super::shared::{Entry, Listing};
use super::{Hub, NewRoom, Outbox, open_room, text};
use crate::online::protocol::{ErrorCode, GameInPlay, OpenRoom, ServerMessage, options_in_short};
use crate::online::room::SeatHolder;
use crate::online::store::{NOTICE_MAX_BYTES, Notice, QueuedPlayer};
use crate::rules::{Game, Options, Player};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// The most rooms of each kind the lobby lists.
pub const LOBBY_LEN: usize = 50;

/// A player waiting for a quick match.
struct Waiter {
    out: Outbox,
    game: Game,
    options: Options,
    holder: Option<SeatHolder>,
    /// When he asked, in the order players asked here (for ties).
    arrived: u64,
}

impl Waiter {
    /// The rating to pair by (a guest's counts as a new player's).
    fn rating(&self) -> i32 {
        self.holder.as_ref().and_then(|h| h.rating).unwrap_or(1500)
    }

    /// Who asked first, for ties: the order of asking.
    fn arrival(&self) -> (u64, u64, u64) {
        (self.arrived, 0, self.out.conn)
    }
}

/// The lobby's state, behind the hub's lock.
#[derive(Default)]
pub(super) struct Lobby {
    /// Every open room's line, with when it was first listed.
    rooms: HashMap<String, (Listing, Instant)>,
    /// Clients following the lobby.
    viewers: HashMap<u64, Outbox>,
    waiters: Vec<Waiter>,
    /// The arrival number the next waiter gets.
    arrivals: u64,
    /// Whether the lobby changed since it was last sent.
    changed: bool,
    /// The waiting and playing counts last sent to the waiters.
    counts_sent: (usize, usize),
    /// The lines other processes sent, by process, with when each was first heard.
    remote: HashMap<u64, HashMap<String, (Listing, Instant)>>,
    /// The rooms whose lines changed here since they were last sent to the others.
    dirty: HashSet<String>,
    /// Whether every line is to be sent (a process was heard for the first time).
    announce_everything: bool,
    /// The players waiting on every process (as of the last pairing), for a shared
    /// store.
    waiting_everywhere: Option<usize>,
}

impl Lobby {
    /// Lists or updates a room.
    pub(super) fn list(&mut self, code: &str, listing: Listing) {
        match self.rooms.get_mut(code) {
            Some((old, _)) if *old == listing => {}
            Some((old, _)) => {
                self.changed |= old.public || listing.public;
                *old = listing;
            }
            None => {
                self.changed |= listing.public;
                self.rooms
                    .insert(code.to_string(), (listing, Instant::now()));
            }
        }
        self.dirty.insert(code.to_string());
    }

    /// A room has closed (or is no longer held here).
    pub(super) fn unlist(&mut self, code: &str) {
        if let Some((l, _)) = self.rooms.remove(code) {
            self.changed |= l.public;
            self.dirty.insert(code.to_string());
        }
    }

    /// Lines from another process (`None`: it no longer holds that room).
    pub(super) fn heard(&mut self, from: u64, rooms: Vec<(String, Option<serde_json::Value>)>) {
        let theirs = self.remote.entry(from).or_default();
        for (code, listing) in rooms {
            match listing.and_then(|l| serde_json::from_value::<Listing>(l).ok()) {
                Some(l) => {
                    self.changed |= l.public;
                    let since = theirs.get(&code).map_or_else(Instant::now, |(_, at)| *at);
                    theirs.insert(code, (l, since));
                }
                None => {
                    if let Some((l, _)) = theirs.remove(&code) {
                        self.changed |= l.public;
                    }
                }
            }
        }
    }

    /// Another process has gone: its lines go with it.
    pub(super) fn forget_process(&mut self, from: u64) {
        if self.remote.remove(&from).is_some() {
            self.changed = true;
        }
    }

    /// Sends every line at the next tick (to a process heard for the first time).
    pub(super) fn announce_all(&mut self) {
        self.announce_everything = true;
    }

    /// The lines to send to the other processes now, in notices small enough.
    fn announcements(&mut self, from: u64) -> Vec<Notice> {
        let codes: Vec<String> = if std::mem::take(&mut self.announce_everything) {
            self.dirty.clear();
            self.rooms.keys().cloned().collect()
        } else {
            self.dirty.drain().collect()
        };
        let mut notices = Vec::new();
        let mut batch = Vec::new();
        let mut size = 0;
        for code in codes {
            let line = self
                .rooms
                .get(&code)
                .map(|(l, _)| serde_json::to_value(l).expect("listings serialise"));
            size += code.len() + line.as_ref().map_or(4, |l| l.to_string().len()) + 8;
            batch.push((code, line));
            if size > NOTICE_MAX_BYTES / 2 {
                notices.push(Notice::Listings {
                    from,
                    rooms: std::mem::take(&mut batch),
                });
                size = 0;
            }
        }
        if !batch.is_empty() {
            notices.push(Notice::Listings { from, rooms: batch });
        }
        notices
    }

    /// Every room's line, this process's merged with the others' (for a room held
    /// by several, the line with the most decisions, and all their spectators).
    fn merged(&self) -> HashMap<&String, (Listing, Instant)> {
        let mut all: HashMap<&String, (Listing, Instant)> = self
            .rooms
            .iter()
            .map(|(code, (l, at))| (code, (l.clone(), *at)))
            .collect();
        for theirs in self.remote.values() {
            for (code, (l, at)) in theirs {
                match all.get_mut(code) {
                    Some((mine, since)) => {
                        let spectators = mine.spectators + l.spectators;
                        let seats = |l: &Listing| l.taken.iter().filter(|&&t| t).count();
                        if (l.moves, seats(l)) > (mine.moves, seats(mine)) {
                            *mine = l.clone();
                        }
                        mine.spectators = spectators;
                        *since = (*since).min(*at);
                    }
                    None => {
                        all.insert(code, (l.clone(), *at));
                    }
                }
            }
        }
        all
    }

    /// Starts sending the lobby to a client; returns the lobby now.
    pub(super) fn follow(&mut self, out: Outbox) -> Utf8Bytes {
        self.viewers.insert(out.conn, out);
        text(&self.message())
    }

    pub(super) fn unfollow(&mut self, conn: u64) {
        self.viewers.remove(&conn);
    }

    /// Adds a player to quick match (again, if he was waiting); returns the counts.
    pub(super) fn wait(
        &mut self,
        out: Outbox,
        game: Game,
        options: Options,
        holder: Option<SeatHolder>,
    ) -> ServerMessage {
        self.stop_waiting(out.conn);
        self.arrivals += 1;
        self.waiters.push(Waiter {
            out,
            game,
            options,
            holder,
            arrived: self.arrivals,
        });
        self.counts()
    }

    /// Takes a player out of quick match; whether he was waiting.
    pub(super) fn stop_waiting(&mut self, conn: u64) -> bool {
        let before = self.waiters.len();
        self.waiters.retain(|w| w.out.conn != conn);
        self.waiters.len() < before
    }

    /// Players waiting, and games being played (public or not).
    fn counts(&self) -> ServerMessage {
        ServerMessage::Waiting {
            waiting: self.waiting_everywhere.unwrap_or(self.waiters.len()),
            playing: if self.remote.is_empty() {
                self.rooms.values().filter(|(l, _)| l.playing()).count()
            } else {
                self.merged().values().filter(|(l, _)| l.playing()).count()
            },
        }
    }

    /// The lobby as its viewers see it.
    fn message(&self) -> ServerMessage {
        let now = Instant::now();
        let all = self.merged();
        let mut open: Vec<(&String, &Listing, Instant)> = Vec::new();
        let mut playing: Vec<(&String, &Listing)> = Vec::new();
        for (&code, (l, since)) in &all {
            if !l.public || l.over {
                continue;
            }
            match l.taken {
                [true, true] => playing.push((code, l)),
                [false, false] => {}
                _ => open.push((code, l, *since)),
            }
        }
        let (open_total, playing_total) = (open.len(), playing.len());
        // Longest waiting first; most watched first, then the strongest players.
        open.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(b.0)));
        let strength = |l: &Listing| {
            [&l.players.south, &l.players.north]
                .iter()
                .map(|p| p.as_ref().and_then(|p| p.rating).unwrap_or(0) as i64)
                .sum::<i64>()
        };
        playing.sort_by(|a, b| {
            (b.1.spectators, strength(b.1), a.0).cmp(&(a.1.spectators, strength(a.1), b.0))
        });
        ServerMessage::Lobby {
            open: open
                .into_iter()
                .take(LOBBY_LEN)
                .map(|(code, l, since)| OpenRoom {
                    room: code.clone(),
                    game: l.game,
                    options: options_in_short(&l.options),
                    player: l.players.south.clone().or(l.players.north.clone()),
                    waited_s: now.duration_since(since).as_secs(),
                })
                .collect(),
            playing: playing
                .into_iter()
                .take(LOBBY_LEN)
                .map(|(code, l)| GameInPlay {
                    room: code.clone(),
                    game: l.game,
                    players: l.players.clone(),
                    spectators: l.spectators,
                    moves: l.moves,
                })
                .collect(),
            open_total,
            playing_total,
        }
    }

    /// Sends the lobby to its viewers if it changed (once for all: one message
    /// built, one text shared); drops viewers that closed.
    fn send_if_changed(&mut self) {
        if !self.changed || self.viewers.is_empty() {
            return;
        }
        self.changed = false;
        let message = text(&self.message());
        self.viewers.retain(|_, out| out.send(message.clone()));
    }

    /// Sends the waiting and playing counts to the waiters when they changed.
    fn send_counts(&mut self) {
        let counts = self.counts();
        let ServerMessage::Waiting { waiting, playing } = counts else {
            return;
        };
        if (waiting, playing) == self.counts_sent {
            return;
        }
        self.counts_sent = (waiting, playing);
        let message = text(&counts);
        self.waiters.retain(|w| w.out.send(message.clone()));
    }

    /// Takes the pairs of waiting players (see [`pair_by_rating`]).
    fn take_pairs(&mut self) -> Vec<(Waiter, Waiter)> {
        let waiters = std::mem::take(&mut self.waiters);
        let (pairs, rest) = pair_by_rating(
            waiters,
            |w| (w.game, w.options),
            Waiter::rating,
            Waiter::arrival,
        );
        self.waiters = rest;
        pairs
    }
}

/// Pairs players: for each game and set of options, sorted by rating and paired
/// with their neighbours (the closest ratings); among equal ratings, whoever asked
/// first comes first (`arrival`: when he asked, then a tie-break that never ties), so
/// equal ratings pair in the order of asking, the longest waiting first. Of an odd
/// number, the one whose waiting on leaves the closest pairs waits for the next
/// round; of several such, the one who asked last. Returns the pairs and those left
/// waiting.
fn pair_by_rating<T>(
    mut players: Vec<T>,
    wants: impl Fn(&T) -> (Game, Options),
    rating: impl Fn(&T) -> i32,
    arrival: impl Fn(&T) -> (u64, u64, u64),
) -> (Vec<(T, T)>, Vec<T>) {
    let key = |p: &T| {
        let (game, options) = wants(p);
        (game, serde_json::to_string(&options).unwrap_or_default())
    };
    players.sort_by_cached_key(|p| (key(p), rating(p), arrival(p)));
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    let mut rest = players.into_iter().peekable();
    while let Some(first) = rest.next() {
        let mut group = vec![first];
        while rest.peek().is_some_and(|p| key(p) == key(&group[0])) {
            group.push(rest.next().expect("peeked"));
        }
        let ratings: Vec<i32> = group.iter().map(&rating).collect();
        let arrivals: Vec<(u64, u64, u64)> = group.iter().map(&arrival).collect();
        if let Some(k) = odd_one_out(&ratings, &arrivals) {
            left.push(group.remove(k));
        }
        let mut group = group.into_iter();
        while let (Some(a), Some(b)) = (group.next(), group.next()) {
            pairs.push((a, b));
        }
    }
    (pairs, left)
}

/// Pairs the players queued in a shared store (the same rule as in memory; who
/// asked first by the database's clock, then by process and connection).
fn pair_queued(queued: Vec<QueuedPlayer>) -> Vec<(QueuedPlayer, QueuedPlayer)> {
    pair_by_rating(
        queued,
        |p| (p.game, p.options),
        |p| p.rating,
        |p| (p.since_us, p.process, p.conn),
    )
    .0
}

/// Of sorted `ratings`, which one is left out so that the others, paired in order,
/// have the smallest sum of differences (`None`: an even number, nobody); of
/// several such, the one who asked last (the latest of `arrivals`).
fn odd_one_out(ratings: &[i32], arrivals: &[(u64, u64, u64)]) -> Option<usize> {
    if ratings.len().is_multiple_of(2) {
        return None;
    }
    let cost = |skip: usize| {
        let rest: Vec<i32> = (0..ratings.len())
            .filter(|&i| i != skip)
            .map(|i| ratings[i])
            .collect();
        rest.chunks(2).map(|p| (p[1] - p[0]) as i64).sum::<i64>()
    };
    // Only an even index leaves pairs of neighbours on both sides.
    (0..ratings.len())
        .step_by(2)
        .min_by_key(|&k| (cost(k), std::cmp::Reverse(arrivals[k])))
}

/// The lobby's task: pairs quick matches, and sends the lobby and the waiting counts.
pub(super) async fn lobby_task(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(hub.config.pairing_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut lobby_sent = Instant::now();
    let shared = hub.store.shared();
    loop {
        tick.tick().await;
        if shared {
            pair_everywhere(&hub).await;
        } else {
            let pairs = hub.lobby.lock_anyway().take_pairs();
            for (a, b) in pairs {
                start_quick_game(&hub, a, b).await;
            }
        }
        let notices = {
            let mut lobby = hub.lobby.lock_anyway();
            let mut notices = Vec::new();
            if lobby_sent.elapsed() >= hub.config.lobby_every {
                lobby.send_if_changed();
                lobby_sent = Instant::now();
                if shared {
                    notices = lobby.announcements(hub.process);
                }
            }
            lobby.send_counts();
            notices
        };
        for notice in notices {
            hub.store.notify(&notice);
        }
    }
}

/// Pairs the players queued on every process (when no other process is doing it
/// now), opens their rooms here and tells each player's process.
async fn pair_everywhere(hub: &Arc<Hub>) {
    let Ok(Some((pairs, waiting))) = hub.store.pair_queued(pair_queued).await else {
        return;
    };
    hub.lobby.lock_anyway().waiting_everywhere = Some(waiting - 2 * pairs.len());
    for (a, b) in pairs {
        let (south, north, new) = quick_room(a, b, |p| (p.game, p.options, p.holder.clone()));
        match open_room(hub, new).await {
            Ok(opened) => {
                for (p, seat) in [(&south, Player::South), (&north, Player::North)] {
                    hub.store.notify(&Notice::Matched {
                        to: p.process,
                        conn: p.conn,
                        room: opened.code.clone(),
                        token: opened.tokens[seat as usize].clone(),
                    });
                }
            }
            Err(_) => {
                // They wait on: the next round may store it.
                for p in [south, north] {
                    let _ = hub.store.wait(p).await;
                }
            }
        }
    }
}

/// The public room of a quick match between two players: who sits South is drawn by
/// lot. Returns South, North and the room to open.
fn quick_room<T>(
    a: T,
    b: T,
    wants: impl Fn(&T) -> (Game, Options, Option<SeatHolder>),
) -> (T, T, NewRoom) {
    let (south, north) = if rand::random::<bool>() {
        (a, b)
    } else {
        (b, a)
    };
    let (game, options, south_holder) = wants(&south);
    let new = NewRoom {
        game,
        options,
        public: true,
        creator: None,
        seated: [south_holder, wants(&north).2],
        rematch_of: None,
    };
    (south, north, new)
}

/// A quick match was made (on some process) for connection `conn` here: it enters
/// its room.
pub(super) async fn matched(hub: &Arc<Hub>, conn: u64, code: &str, token: String) {
    let waiter = {
        let mut lobby = hub.lobby.lock_anyway();
        let at = lobby.waiters.iter().position(|w| w.out.conn == conn);
        at.map(|i| lobby.waiters.remove(i))
    };
    let Some(waiter) = waiter else {
        return; // he left meanwhile: his seat stays his, away
    };
    match hub.room(code).await {
        Some(room) => waiter.out.enter(room, Entry::Resume(token)),
        None => {
            let lost =
                ServerMessage::error(ErrorCode::NoRoom, "the matched room could not be opened");
            waiter.out.send(text(&lost));
        }
    }
}

/// Opens a public room for two paired players (who sits South is drawn by lot) and
/// sends both in.
async fn start_quick_game(hub: &Arc<Hub>, a: Waiter, b: Waiter) {
    let (south, north, new) = quick_room(a, b, |w| (w.game, w.options, w.holder.clone()));
    match open_room(hub, new).await {
        Ok(opened) => {
            for (w, seat) in [(&south, Player::South), (&north, Player::North)] {
                let token = opened.tokens[seat as usize].clone();
                w.out.enter(opened.room.clone(), Entry::Resume(token));
            }
        }
        Err((code, message)) => {
            let refused = text(&ServerMessage::error(code, message));
            for w in [&south, &north] {
                w.out.send(refused.clone());
            }
            if code == ErrorCode::Store {
                // They wait on: the next round may store it.
                let mut lobby = hub.lobby.lock_anyway();
                lobby.waiters.push(south);
                lobby.waiters.push(north);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::{Notify, mpsc};

    fn waiter(conn: u64, game: Game, rating: Option<i32>) -> Waiter {
        Waiter {
            arrived: conn,
            out: Outbox {
                conn,
                queue: mpsc::channel(1).0,
                kick: Arc::new(Notify::new()),
                control: mpsc::unbounded_channel().0,
            },
            game,
            options: Options::default(),
            holder: rating.map(|r| SeatHolder {
                name: format!("P{conn}"),
                key_hash: Some(format!("{conn}")),
                rating: Some(r),
            }),
        }
    }

    #[test]
    fn quick_match_pairs_the_closest_ratings_of_the_same_game() {
        let mut lobby = Lobby::default();
        for (conn, game, rating) in [
            (1, Game::Hawalis, Some(1500)),
            (2, Game::Hawalis, Some(1900)),
            (3, Game::Nsolo, Some(1700)),
            (4, Game::Hawalis, Some(1520)),
            (5, Game::Hawalis, Some(1880)),
            (6, Game::Hawalis, None),
        ] {
            lobby.waiters.push(waiter(conn, game, rating));
        }
        let pairs: Vec<(u64, u64)> = lobby
            .take_pairs()
            .into_iter()
            .map(|(a, b)| (a.out.conn, b.out.conn))
            .collect();
        // The guest counts as 1500: he and the 1500 came first, then 1520 waits on.
        assert_eq!(pairs, [(1, 6), (5, 2)]);
        let mut left: Vec<u64> = lobby.waiters.iter().map(|w| w.out.conn).collect();
        left.sort();
        assert_eq!(left, [3, 4], "an odd one of each game waits on");
    }

    #[test]
    fn equal_ratings_pair_in_the_order_of_asking() {
        // Five at 1500 who asked in the order 3, 1, 4, 2, 5 (their connection numbers
        // say nothing): the first two pair, then the next two, and the last waits on.
        let mut lobby = Lobby::default();
        for (arrived, conn) in [(1, 3), (2, 1), (3, 4), (4, 2), (5, 5)] {
            let mut w = waiter(conn, Game::Hawalis, Some(1500));
            w.arrived = arrived;
            lobby.waiters.push(w);
        }
        lobby.waiters.reverse(); // the list's order says nothing either
        let pairs: Vec<(u64, u64)> = lobby
            .take_pairs()
            .into_iter()
            .map(|(a, b)| (a.out.conn, b.out.conn))
            .collect();
        assert_eq!(pairs, [(3, 1), (4, 2)]);
        let left: Vec<u64> = lobby.waiters.iter().map(|w| w.out.conn).collect();
        assert_eq!(left, [5], "the one who asked last waits on");
        // Across processes, by the database's clock: not by process.
        let queued = |process: u64, conn: u64, since_us: u64| QueuedPlayer {
            process,
            conn,
            game: Game::Nsolo,
            options: Options::default(),
            rating: 1500,
            holder: None,
            since_us,
        };
        let pairs: Vec<(u64, u64)> = pair_queued(vec![
            queued(1, 1, 100),
            queued(1, 2, 300),
            queued(2, 1, 200),
            queued(2, 2, 400),
            queued(1, 3, 500),
        ])
        .into_iter()
        .map(|(a, b)| (a.since_us, b.since_us))
        .collect();
        assert_eq!(pairs, [(100, 200), (300, 400)]);
    }
}
