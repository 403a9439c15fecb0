//! A room's task: the only owner of its game and of whoever is in it. Decisions are
//! checked, stored and broadcast here one at a time; the room's line in the lobby is
//! kept up to date from here; a rematch opens the next room from here.

use super::lobby::Listing;
use super::{Hub, NewRoom, Outbox, open_room, text};
use crate::online::protocol::{ErrorCode, Phrase, RatingChange, SeatState, ServerMessage};
use crate::online::rating::final_result;
use crate::online::room::{Room, SeatHolder};
use crate::online::store::{AppendError, Finish, Notice, SeatClaim};
use crate::rules::{Decision, Game, GameState, LongMove, Player, Progress};
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// What a connection asks of a room.
pub(super) enum ToRoom {
    /// Enter the room; the answer says whether it let the connection in.
    Enter {
        how: Entry,
        since: Option<u64>,
        out: Outbox,
        done: oneshot::Sender<bool>,
    },
    Play {
        token: String,
        decision: Decision,
        out: Outbox,
    },
    Rematch {
        token: String,
        out: Outbox,
    },
    Say {
        token: String,
        phrase: Phrase,
        out: Outbox,
    },
    /// Which game the room plays (for a joining player's rating).
    Game {
        reply: oneshot::Sender<Game>,
    },
    Leave {
        conn: u64,
    },
    /// Decision `seq` was stored (by another process, perhaps; `u64::MAX`: maybe
    /// some): catch up from the store.
    CatchUp {
        seq: u64,
    },
    /// Another process rated this room's game.
    Rated {
        south: RatingChange,
        north: RatingChange,
    },
    /// A seat was taken or resumed, perhaps on another process (`by`: which, and
    /// when): read the seats again.
    Reseat {
        by: Option<SeatClaim>,
    },
    /// Who is in the room on another process.
    Remote {
        from: u64,
        here: [bool; 2],
        watching: u32,
    },
    /// Another process asks who is in the room here.
    Announce,
    /// Another process has gone, and whoever was in the room there.
    Gone {
        from: u64,
    },
    /// A player on another process sent a phrase.
    RemoteSaid {
        by: Player,
        phrase: Phrase,
    },
    /// A player on another process asked for a rematch.
    RemoteRematch {
        by: Player,
    },
}

/// Why a decision was not accepted.
enum Refused {
    /// Another process stored that decision number first; the room has caught up,
    /// so the decision can be checked again.
    Taken,
    Refuse(ErrorCode, String),
}

impl From<(ErrorCode, String)> for Refused {
    fn from((code, message): (ErrorCode, String)) -> Refused {
        Refused::Refuse(code, message)
    }
}

/// With a shared store, a room nobody here is in is let go after this long (the
/// store keeps it; another process may hold it).
const UNLOAD_AFTER: Duration = Duration::from_secs(60);

/// A room brought in from a shared store waits at most this long for every other
/// process to say who is in it there, before it lets anyone in (so that a player
/// connected elsewhere is shown here from the first).
const ANSWERS_WAIT: Duration = Duration::from_secs(1);

/// How a connection enters a room.
pub(super) enum Entry {
    /// Its creator, at his seat.
    Create(Player, Option<SeatHolder>),
    Join(Option<SeatHolder>),
    Resume(String),
    Watch,
}

/// Someone in a room.
struct Member {
    seat: Option<Player>,
    out: Outbox,
    /// When it took its seat ([`Hub::claim_time`](super::Hub); 0 for a spectator).
    claim: u64,
}

/// A room and whoever is in it.
struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    members: Vec<Member>,
    /// Which players have asked for a rematch.
    rematch: [bool; 2],
    /// When each player last sent a phrase.
    last_said: [Option<Instant>; 2],
    /// Who is in the room on the other processes (seats held, spectators).
    remote: HashMap<u64, ([bool; 2], u32)>,
    /// What this process last told the others about who is here.
    announced: Option<([bool; 2], u32)>,
    /// Whether this room's game was rated (here, or heard from another process).
    rated: bool,
}

/// What wakes a room's task.
enum Wake {
    Cmd(Option<ToRoom>),
    Unload,
    Idle,
    TimedOut,
}

/// A room's task: owns its game and whoever is in it, until it is idle too long.
/// `brought_in`: loaded from a shared store (see [`ANSWERS_WAIT`]).
pub(super) async fn room_task(
    hub: Arc<Hub>,
    room: Room,
    mut rx: mpsc::Receiver<ToRoom>,
    creator: Option<IpAddr>,
    idle_for: Duration,
    brought_in: bool,
) {
    let mut last_active = Instant::now() - idle_for.min(hub.config.idle);
    let mut task = RoomTask {
        hub: hub.clone(),
        room,
        members: Vec::new(),
        rematch: [false; 2],
        last_said: [None; 2],
        remote: HashMap::new(),
        announced: None,
        rated: false,
    };
    let shared = hub.store.shared();
    if shared {
        let ask = Notice::Ask {
            from: hub.process,
            room: task.room.code.clone(),
        };
        hub.store.notify(&ask);
    }
    // Brought in from a shared store: first hear from every other process who is in
    // the room there (each answers the `Ask`), keeping everything else for after.
    let mut held = VecDeque::new();
    if shared && brought_in {
        let mut waiting_for: HashSet<u64> = hub.processes.lock().unwrap().keys().copied().collect();
        let until = Instant::now() + ANSWERS_WAIT;
        while !waiting_for.is_empty() {
            let cmd = tokio::select! {
                cmd = rx.recv() => cmd,
                _ = tokio::time::sleep_until(until) => break,
            };
            match cmd {
                Some(cmd @ (ToRoom::Remote { .. } | ToRoom::Gone { .. })) => {
                    if let ToRoom::Remote { from, .. } | ToRoom::Gone { from } = &cmd {
                        waiting_for.remove(from);
                    }
                    task.handle(cmd).await;
                }
                Some(cmd) => held.push_back(cmd),
                None => break,
            }
        }
    }
    let mut deadline = clock(&task.room);
    let mut empty_since = Instant::now();
    let mut expired = true;
    task.publish();
    loop {
        let wake = match held.pop_front() {
            Some(cmd) => Wake::Cmd(Some(cmd)),
            None => {
                let idle_at = last_active + hub.config.idle;
                let unload_at = async {
                    if shared && task.members.is_empty() {
                        tokio::time::sleep_until(empty_since + UNLOAD_AFTER).await
                    } else {
                        std::future::pending().await
                    }
                };
                let timed_out = async {
                    match deadline {
                        Some(at) => tokio::time::sleep_until(at).await,
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    cmd = rx.recv() => Wake::Cmd(cmd),
                    _ = unload_at => Wake::Unload,
                    _ = tokio::time::sleep_until(idle_at) => Wake::Idle,
                    _ = timed_out => Wake::TimedOut,
                }
            }
        };
        match wake {
            Wake::Cmd(cmd) => {
                let Some(cmd) = cmd else { break };
                if cmd.is_activity() {
                    last_active = Instant::now();
                }
                let had_members = !task.members.is_empty();
                task.handle(cmd).await;
                deadline = clock(&task.room);
                // Empty since the last one left (or since it was brought in).
                if had_members || !task.members.is_empty() {
                    empty_since = Instant::now();
                }
            }
            Wake::Unload => {
                expired = false;
                break;
            }
            Wake::Idle => {
                let expired = ServerMessage::Expired {
                    room: task.room.code.clone(),
                };
                task.broadcast(text(&expired));
                break;
            }
            Wake::TimedOut => {
                if let Some(seat) = task.room.clock_runs_for() {
                    // The server's own decision: the seat's time ran out.
                    // (Another process may have timed it out first: then it caught up.)
                    if task.accept(seat, Decision::TimeOut).await.is_ok() {
                        last_active = Instant::now();
                    }
                }
                deadline = clock(&task.room);
            }
        }
    }
    let code = task.room.code.clone();
    // Closed first, so that only this task's own entry is taken out (a new task for
    // the same room may have been started since it was let go).
    drop(rx);
    if expired {
        // Closed in the store before it leaves the list, so that no process (this
        // one included) brings it back from the store meanwhile.
        hub.store.close(&code).await;
    }
    {
        let mut rooms = hub.rooms.lock().unwrap();
        if rooms.get(&code).is_some_and(|r| r.is_closed()) {
            rooms.remove(&code);
        }
    }
    task.members.clear();
    task.announce();
    hub.lobby.lock().unwrap().unlist(&code);
    if let Some(ip) = creator {
        let mut rooms_of = hub.rooms_of.lock().unwrap();
        if let Some(n) = rooms_of.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                rooms_of.remove(&ip);
            }
        }
    }
}

impl ToRoom {
    /// Whether this counts as something happening in the room (what other
    /// processes say about who is there does not).
    fn is_activity(&self) -> bool {
        !matches!(
            self,
            ToRoom::Remote { .. } | ToRoom::Announce | ToRoom::Gone { .. }
        )
    }
}

impl RoomTask {
    async fn handle(&mut self, cmd: ToRoom) {
        match cmd {
            ToRoom::Enter {
                how,
                since,
                out,
                done,
            } => {
                let conn = out.conn;
                let seat = self.enter(how, since, &out).await;
                let ok = seat.is_ok();
                if let Ok((seat, claim)) = seat {
                    self.members.retain(|m| m.out.conn != conn);
                    if let Some(seat) = seat {
                        // The newest connection holds the seat: any other here no
                        // longer does (it watches on), and other processes are told.
                        self.replace_holders(seat, |_| true);
                        self.hub.store.notify(&Notice::Seats {
                            room: self.room.code.clone(),
                            by: Some(SeatClaim {
                                from: self.hub.process,
                                seat,
                                at: claim,
                            }),
                        });
                    }
                    self.members.push(Member { seat, out, claim });
                    if seat.is_some() {
                        self.broadcast_seats();
                    }
                    self.publish();
                    self.announce();
                }
                let _ = done.send(ok);
            }
            ToRoom::Play {
                token,
                decision,
                out,
            } => {
                let played = match self.holder(out.conn, &token) {
                    Ok(_) => self.play(&token, decision).await,
                    Err(e) => Err(e),
                };
                if let Err((code, m)) = played {
                    out.send(text(&ServerMessage::error(code, m)));
                }
            }
            ToRoom::Rematch { token, out } => {
                let asked = match self.holder(out.conn, &token) {
                    Ok(seat) => self.rematch(seat).await,
                    Err(e) => Err(e),
                };
                if let Err((code, m)) = asked {
                    out.send(text(&ServerMessage::error(code, m)));
                }
            }
            ToRoom::Say { token, phrase, out } => {
                let said = match self.holder(out.conn, &token) {
                    Ok(seat) => self.say(seat, phrase),
                    Err(e) => Err(e),
                };
                if let Err((code, m)) = said {
                    out.send(text(&ServerMessage::error(code, m)));
                }
            }
            ToRoom::Game { reply } => {
                let _ = reply.send(self.room.state.game());
            }
            ToRoom::Leave { conn } => {
                let had_seat = self
                    .members
                    .iter()
                    .any(|m| m.out.conn == conn && m.seat.is_some());
                self.members.retain(|m| m.out.conn != conn);
                if had_seat {
                    self.broadcast_seats();
                }
                self.publish();
                self.announce();
            }
            ToRoom::CatchUp { seq } => {
                if seq > self.room.seq() {
                    self.catch_up().await;
                }
            }
            ToRoom::Rated { south, north } => {
                if !self.rated {
                    self.rated(south, north);
                }
            }
            ToRoom::Reseat { by } => self.reseat_by(by).await,
            ToRoom::Remote {
                from,
                here,
                watching,
            } => {
                let before = self.present();
                if here == [false; 2] && watching == 0 {
                    self.remote.remove(&from);
                } else {
                    self.remote.insert(from, (here, watching));
                }
                if self.present() != before {
                    self.broadcast_seats();
                }
            }
            ToRoom::Announce => {
                self.announced = None;
                self.announce();
            }
            ToRoom::RemoteSaid { by, phrase } => {
                let said = ServerMessage::Said {
                    room: self.room.code.clone(),
                    by,
                    phrase,
                };
                self.broadcast(text(&said));
            }
            ToRoom::RemoteRematch { by } => {
                if self.room.state.is_over()
                    && let Err((code, m)) = self.want_rematch(by).await
                {
                    eprintln!("serve: room {}: rematch: {code:?} {m}", self.room.code);
                }
            }
            ToRoom::Gone { from } => {
                let before = self.present();
                self.remote.remove(&from);
                if self.present() != before {
                    self.broadcast_seats();
                }
            }
        }
    }

    /// Checks and plays a player's decision. If another process stored a decision
    /// of that number first, the room has caught up and the decision is checked
    /// again against the game as it is now.
    async fn play(&mut self, token: &str, decision: Decision) -> Result<(), (ErrorCode, String)> {
        for _ in 0..3 {
            let seat = self.room.check(token, &decision)?;
            match self.accept(seat, decision.clone()).await {
                Ok(()) => return Ok(()),
                Err(Refused::Taken) => continue,
                Err(Refused::Refuse(code, m)) => return Err((code, m)),
            }
        }
        Err((
            ErrorCode::Store,
            "the room is changing too fast: try again".into(),
        ))
    }

    /// Reads the decisions stored since this room's last (by other processes), plays
    /// them and sends them on to everyone here, as stored.
    async fn catch_up(&mut self) {
        let missed = match self.hub.store.since(&self.room.code, self.room.seq()).await {
            Ok(missed) => missed,
            Err(e) => return eprintln!("serve: room {} cannot catch up: {e}", self.room.code),
        };
        for stored in missed {
            let decision = match serde_json::from_str::<ServerMessage>(&stored) {
                Ok(ServerMessage::Played { seq, decision, .. }) if seq == self.room.seq() + 1 => {
                    decision
                }
                _ => {
                    return eprintln!(
                        "serve: room {}: a stored decision is damaged",
                        self.room.code
                    );
                }
            };
            match play_off_task(&self.room.state, &decision).await {
                Ok((state, _)) => {
                    self.room.state = state;
                    self.room.record.decisions.push(decision);
                }
                Err(e) => {
                    return eprintln!(
                        "serve: room {}: stored decision refused: {e}",
                        self.room.code
                    );
                }
            }
            self.broadcast(Utf8Bytes::from(stored));
        }
        self.publish();
    }

    /// The seat whose token this is, if the connection `conn` holds it here: a
    /// connection another one replaced (or one that only watches) plays for no seat.
    fn holder(&self, conn: u64, token: &str) -> Result<Player, (ErrorCode, String)> {
        let seat = self.room.seat_of(token).ok_or((
            ErrorCode::BadToken,
            "that is not a seat token of this room".to_string(),
        ))?;
        if self
            .members
            .iter()
            .any(|m| m.out.conn == conn && m.seat == Some(seat))
        {
            Ok(seat)
        } else {
            Err((
                ErrorCode::Replaced,
                "another connection holds this seat now: resume with its token to play here".into(),
            ))
        }
    }

    /// The members here holding `seat` for whom `older` (given their claim) says
    /// they were replaced: each is told, and watches on.
    fn replace_holders(&mut self, seat: Player, older: impl Fn(u64) -> bool) {
        let replaced = text(&ServerMessage::error(
            ErrorCode::Replaced,
            "this seat was resumed on another connection: this one now watches (resume to \
             take it back)",
        ));
        for m in &mut self.members {
            if m.seat == Some(seat) && older(m.claim) {
                m.seat = None;
                m.claim = 0;
                m.out.send(replaced.clone());
            }
        }
    }

    /// A seat was taken or resumed, perhaps on another process (`by`): a holder here
    /// with an earlier claim is replaced, that process's player is here, and the
    /// seats are read again. Everyone here hears of it only if the seats changed.
    async fn reseat_by(&mut self, by: Option<SeatClaim>) {
        let before = self.seats_message();
        match by {
            Some(c) if c.from == self.hub.process => return, // this room's own
            Some(c) => {
                let me = self.hub.process;
                self.replace_holders(c.seat, |mine| (mine, me) < (c.at, c.from));
                let there = self.remote.entry(c.from).or_default();
                there.0[c.seat as usize] = true;
            }
            None => {}
        }
        if let Ok(Some(stored)) = self.hub.store.load(&self.room.code).await
            && (stored.taken != self.room.taken || stored.holders != self.room.holders)
        {
            self.room.taken = stored.taken;
            self.room.holders = stored.holders;
            self.publish();
        }
        if self.seats_message() != before {
            self.broadcast_seats();
        }
        self.announce();
    }

    /// Reads the seats from the store (one was taken, perhaps on another process).
    async fn reseat(&mut self) {
        let Ok(Some(stored)) = self.hub.store.load(&self.room.code).await else {
            return;
        };
        if stored.taken != self.room.taken || stored.holders != self.room.holders {
            self.room.taken = stored.taken;
            self.room.holders = stored.holders;
            self.broadcast_seats();
            self.publish();
        }
    }

    /// Tells the other processes who is in the room here, if that changed.
    fn announce(&mut self) {
        if !self.hub.store.shared() {
            return;
        }
        let now = (self.local_present(), self.local_watching());
        if self.announced == Some(now) {
            return;
        }
        self.announced = Some(now);
        self.hub.store.notify(&Notice::Here {
            from: self.hub.process,
            room: self.room.code.clone(),
            here: now.0,
            watching: now.1,
        });
    }

    /// Lets a connection in: which seat it holds (`None`: a spectator) and when it
    /// took it (its claim), after sending it its seat, the decisions it missed and the
    /// room as it stands.
    async fn enter(
        &mut self,
        how: Entry,
        since: Option<u64>,
        out: &Outbox,
    ) -> Result<(Option<Player>, u64), ()> {
        let refuse = |code, m: &str| {
            out.send(text(&ServerMessage::error(code, m)));
            Err(())
        };
        let seat = match how {
            Entry::Watch => None,
            Entry::Resume(token) => match self.room.seat_of(&token) {
                Some(seat) => Some(seat),
                None => {
                    return refuse(ErrorCode::BadToken, "that is not a seat token of this room");
                }
            },
            Entry::Create(seat, holder) => {
                if self.take(seat, holder).await != Ok(true) {
                    return refuse(ErrorCode::Store, "the seat could not be stored; try again");
                }
                Some(seat)
            }
            Entry::Join(holder) => loop {
                // Another process may take the free seat first: then try the other.
                let Some(seat) = Player::BOTH
                    .into_iter()
                    .find(|&p| !self.room.taken[p as usize])
                else {
                    return refuse(ErrorCode::RoomFull, "both seats are taken: watch instead");
                };
                match self.take(seat, holder.clone()).await {
                    Ok(true) => break Some(seat),
                    Ok(false) => continue,
                    Err(_) => {
                        return refuse(ErrorCode::Store, "the seat could not be stored; try again");
                    }
                }
            },
        };
        let room = &self.room;
        if let Some(seat) = seat {
            out.send(text(&ServerMessage::Seated {
                room: room.code.clone(),
                seat,
                token: room.token(seat).to_string(),
            }));
        }
        if let Some(since) = since.filter(|&n| n < room.seq()) {
            match self.hub.store.since(&room.code, since).await {
                Ok(missed) => {
                    for m in missed {
                        out.send(Utf8Bytes::from(m));
                    }
                }
                Err(e) => return refuse(ErrorCode::Store, &e),
            }
        }
        let mut here = self.present();
        if let Some(s) = seat {
            here[s as usize] = true;
        }
        out.send(text(&self.room_message(here)));
        let claim = if seat.is_some() {
            self.hub.claim_time()
        } else {
            0
        };
        Ok((seat, claim))
    }

    /// Takes a seat for `holder`; false if another process took it first (the
    /// seats are then read again).
    async fn take(&mut self, seat: Player, holder: Option<SeatHolder>) -> Result<bool, String> {
        if !self.room.taken[seat as usize] {
            let store = &self.hub.store;
            if !store.take(&self.room.code, seat, holder.clone()).await? {
                self.reseat().await;
                return Ok(false);
            }
            self.room.taken[seat as usize] = true;
            self.room.holders[seat as usize] = holder;
        }
        Ok(true)
    }

    /// The seats whose players are in the room here.
    fn local_present(&self) -> [bool; 2] {
        let mut here = [false; 2];
        for m in &self.members {
            if let Some(s) = m.seat {
                here[s as usize] = true;
            }
        }
        here
    }

    /// The spectators here.
    fn local_watching(&self) -> u32 {
        self.members.iter().filter(|m| m.seat.is_none()).count() as u32
    }

    /// The seats whose players are in the room, here or on another process.
    fn present(&self) -> [bool; 2] {
        let mut here = self.local_present();
        for (seats, _) in self.remote.values() {
            here[0] |= seats[0];
            here[1] |= seats[1];
        }
        here
    }

    fn seat_states(&self, here: [bool; 2]) -> [SeatState; 2] {
        [0, 1].map(|i| match (self.room.taken[i], here[i]) {
            (false, _) => SeatState::Open,
            (true, true) => SeatState::Here,
            (true, false) => SeatState::Away,
        })
    }

    fn room_message(&self, here: [bool; 2]) -> ServerMessage {
        let room = &self.room;
        let [south, north] = self.seat_states(here);
        ServerMessage::Room {
            room: room.code.clone(),
            game: room.state.game(),
            options: *room.state.options(),
            seq: room.seq(),
            position: room.state.to_value(false),
            south,
            north,
            players: room.players(),
            clock_ms: clock_ms(&room.state, room.taken),
        }
    }

    /// Who is in each seat now, as a `seats` message.
    fn seats_message(&self) -> Utf8Bytes {
        let [south, north] = self.seat_states(self.present());
        text(&ServerMessage::Seats {
            room: self.room.code.clone(),
            south,
            north,
            players: self.room.players(),
        })
    }

    fn broadcast_seats(&mut self) {
        let seats = self.seats_message();
        self.broadcast(seats);
    }

    /// Sends a message's text to everyone in the room. Anyone whose queue is full is
    /// too slow: his connection is closed (he reconnects and catches up) and he
    /// leaves the room; if he held a seat, the others hear that he is away.
    fn broadcast(&mut self, message: Utf8Bytes) {
        let mut dropped_seat = false;
        self.members.retain(|m| {
            let kept = m.out.send(message.clone());
            dropped_seat |= !kept && m.seat.is_some();
            kept
        });
        if dropped_seat {
            let seats = self.seats_message();
            self.members.retain(|m| m.out.send(seats.clone()));
        }
        self.announce();
    }

    /// The room's line in the lobby, brought up to date.
    fn publish(&self) {
        let room = &self.room;
        let listing = Listing {
            game: room.state.game(),
            options: *room.state.options(),
            public: room.public,
            players: room.players(),
            taken: room.taken,
            spectators: self.local_watching(),
            moves: room.seq(),
            over: room.state.is_over(),
        };
        self.hub.lobby.lock().unwrap().list(&room.code, listing);
    }

    /// Plays a checked decision: works the move out (off the room's task if it is
    /// long), stores its `played` message (with the finished game and the new
    /// ratings, if it ends the game), then sends it to everyone in the room. If the
    /// store fails, nothing changes.
    async fn accept(&mut self, by: Player, decision: Decision) -> Result<(), Refused> {
        let room = &self.room;
        let next = play_off_task(&room.state, &decision).await;
        let (state, events) = next.map_err(|e| Refused::Refuse(ErrorCode::Illegal, e))?;
        let seq = room.seq() + 1;
        let message = ServerMessage::Played {
            room: room.code.clone(),
            seq,
            by,
            decision: decision.clone(),
            events,
            position: state.to_value(false),
            clock_ms: clock_ms(&state, room.taken),
        };
        let message = text(&message);
        let finish = final_result(&state).map(|winner| Finish {
            game: state.game(),
            key_hashes: room.holders.clone().map(|h| h.and_then(|h| h.key_hash)),
            winner,
        });
        let started = Instant::now();
        let stored = self
            .hub
            .store
            .append(&room.code, seq, Arc::from(message.as_str()), finish)
            .await;
        let rated = match stored {
            Ok(rated) => {
                self.hub.metrics.stored(started.elapsed(), true);
                rated
            }
            Err(AppendError::Taken) => {
                self.hub.metrics.lost_race();
                self.catch_up().await;
                return Err(Refused::Taken);
            }
            Err(AppendError::Failed(e)) => {
                self.hub.metrics.stored(started.elapsed(), false);
                return Err(Refused::Refuse(
                    ErrorCode::Store,
                    format!("the decision could not be stored: {e}"),
                ));
            }
        };
        self.room.state = state;
        self.room.record.decisions.push(decision);
        self.broadcast(message);
        if let Some([south, north]) = rated {
            self.rated(south, north);
        }
        self.publish();
        Ok(())
    }

    /// The game was rated: the holders' new ratings, and a `rated` message to all.
    fn rated(&mut self, south: RatingChange, north: RatingChange) {
        self.rated = true;
        for (holder, change) in self.room.holders.iter_mut().zip([&south, &north]) {
            if let Some(h) = holder {
                h.rating = Some(change.after);
            }
        }
        let rated = ServerMessage::Rated {
            room: self.room.code.clone(),
            south,
            north,
        };
        self.broadcast(text(&rated));
    }

    /// A player asks for a rematch; once both have, everyone moves to a new room with
    /// the seats swapped.
    async fn rematch(&mut self, seat: Player) -> Result<(), (ErrorCode, String)> {
        if !self.room.state.is_over() {
            return Err((
                ErrorCode::NotOver,
                "a rematch can be asked once the game is over".into(),
            ));
        }
        if !self.rematch[seat as usize] {
            self.hub.store.notify(&Notice::Rematch {
                from: self.hub.process,
                room: self.room.code.clone(),
                by: seat,
            });
        }
        self.want_rematch(seat).await
    }

    /// A player (here or on another process) wants a rematch; once both do, everyone
    /// here moves to the new room (opened here, or found if another process opened
    /// it first).
    async fn want_rematch(&mut self, seat: Player) -> Result<(), (ErrorCode, String)> {
        if !self.rematch[seat as usize] {
            self.rematch[seat as usize] = true;
            let offered = ServerMessage::RematchOffered {
                room: self.room.code.clone(),
                by: seat,
            };
            self.broadcast(text(&offered));
        }
        if self.rematch != [true, true] {
            return Ok(());
        }
        self.rematch = [false; 2];
        let [south, north] = self.room.holders.clone();
        let new = NewRoom {
            game: self.room.state.game(),
            options: *self.room.state.options(),
            public: self.room.public,
            creator: None,
            seated: [north, south],
            rematch_of: Some(self.room.code.clone()),
        };
        let opened = open_room(&self.hub, new).await?;
        let moved = ServerMessage::Rematched {
            room: self.room.code.clone(),
            to: opened.code.clone(),
        };
        self.broadcast(text(&moved));
        for m in &self.members {
            let how = match m.seat {
                Some(seat) => Entry::Resume(opened.tokens[seat.opponent() as usize].clone()),
                None => Entry::Watch,
            };
            m.out.enter(opened.room.clone(), how);
        }
        Ok(())
    }

    /// A player sends a phrase to the room (at most one each `phrase_every`).
    fn say(&mut self, seat: Player, phrase: Phrase) -> Result<(), (ErrorCode, String)> {
        let now = Instant::now();
        let every = self.hub.config.phrase_every;
        if self.last_said[seat as usize].is_some_and(|at| now < at + every) {
            return Err((
                ErrorCode::RateLimited,
                format!("one phrase every {} s", every.as_secs_f32()),
            ));
        }
        self.last_said[seat as usize] = Some(now);
        let said = ServerMessage::Said {
            room: self.room.code.clone(),
            by: seat,
            phrase,
        };
        self.broadcast(text(&said));
        self.hub.store.notify(&Notice::Said {
            from: self.hub.process,
            room: self.room.code.clone(),
            by: seat,
            phrase,
        });
        Ok(())
    }
}

/// When the clock of the seat to decide runs out: blitz only, once both seats are
/// taken and while the game goes on.
fn clock(room: &Room) -> Option<Instant> {
    clock_ms(&room.state, room.taken).map(|ms| Instant::now() + Duration::from_millis(ms))
}

/// The milliseconds on the clock of the seat to decide in `state`, if one runs.
fn clock_ms(state: &GameState, taken: [bool; 2]) -> Option<u64> {
    state
        .options()
        .decision_time_limit()
        .filter(|_| taken == [true, true] && !state.is_over())
        .map(|s| u64::from(s) * 1000)
}

/// The state after `decision` and its events. A move is played here for a bounded
/// number of laps; one longer than that (a never-ending move being proved) is
/// finished on a blocking thread, so other rooms never wait for it.
async fn play_off_task(
    state: &GameState,
    decision: &Decision,
) -> Result<(GameState, Vec<crate::rules::Event>), String> {
    const QUICK_LAPS: u64 = 20_000;
    let finished = |p: Progress| match p {
        Progress::Done(s, events) => Ok(Some((*s, events))),
        Progress::Refused(e) => Err(e.to_string()),
        Progress::Running { .. } => Ok(None),
    };
    let mut work = LongMove::new(state, decision.clone()).map_err(|e| e.to_string())?;
    if let Some(done) = finished(work.advance(QUICK_LAPS))? {
        return Ok(done);
    }
    tokio::task::spawn_blocking(move || {
        loop {
            if let Some(done) = finished(work.advance(u64::MAX))? {
                return Ok(done);
            }
        }
    })
    .await
    .map_err(|e| e.to_string())?
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::bench::conventions_never_ending as never_ending;
    use crate::rules::{Game, Options};
    use crate::rules::{Pit, apply};

    #[test]
    fn quick_and_long_moves_end_as_apply_ends_them() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let quick = GameState::new(Game::Hawalis, Options::default()).expect("a start");
        let d = crate::rules::legal_decisions(&quick)[0].clone();
        let (long, never) = never_ending();
        for (s, d) in [(quick, d), (long, never)] {
            let mut at_once = s.clone();
            let events = apply(&mut at_once, d.clone()).expect("legal");
            let (after, played) = runtime.block_on(play_off_task(&s, &d)).expect("legal");
            assert_eq!(after, at_once, "{d:?}: the same position");
            assert_eq!(played, events, "{d:?}: the same events");
        }
    }

    #[test]
    fn an_illegal_decision_is_refused_off_the_task_too() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let (s, _) = never_ending();
        let refused = runtime.block_on(play_off_task(&s, &Decision::Sow(Pit::new(0, 0))));
        assert!(refused.is_err(), "{refused:?}");
    }
}
