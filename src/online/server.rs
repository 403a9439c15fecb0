//! The game server (`mancala-hall serve`): WebSocket connections on tokio, one task
//! per open room holding its [`Room`], and the [`Store`] every accepted decision is
//! written to before it is broadcast. See `docs/online.md`.
//!
//! A room's task is the only owner of its game, so the decisions of a room are
//! checked, stored and broadcast one at a time, in order. A connection's task reads
//! its client's messages and passes them to its room; what the room sends back goes
//! through a bounded queue per connection, and a client too slow to empty it is
//! disconnected (it reconnects and catches up from the store) rather than making its
//! room wait.

use super::protocol::{
    ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, SeatState, ServerMessage,
    parse_client,
};
use super::room::{CODE_ALPHABET, CODE_LEN, Room, normalise_code};
use super::store::{Store, StoredRoom, now_s};
use crate::rules::{Decision, Game, GameState, LongMove, Options, Player, Progress};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            idle: Duration::from_secs(24 * 3600),
            rooms_per_address: 20,
            messages_per_second: 20.0,
            message_burst: 40.0,
            outgoing_queue: 1024,
        }
    }
}

/// A message on its way to one client: the text of a [`ServerMessage`], shared by
/// every client it goes to.
type Out = mpsc::Sender<Utf8Bytes>;

fn text(m: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(m.to_text())
}

/// What a connection asks of a room.
enum ToRoom {
    /// Enter the room; the answer says whether it let the connection in.
    Enter {
        conn: u64,
        how: Entry,
        since: Option<u64>,
        out: Out,
        done: oneshot::Sender<bool>,
    },
    Play {
        token: String,
        decision: Decision,
        out: Out,
    },
    Leave {
        conn: u64,
    },
}

/// How a connection enters a room.
enum Entry {
    /// Its creator, at his seat.
    Create(Player),
    Join,
    Resume(String),
    Watch,
}

/// Shared by every task of the server.
struct Hub {
    config: Config,
    store: Store,
    rooms: Mutex<HashMap<String, mpsc::Sender<ToRoom>>>,
    rooms_of: Mutex<HashMap<IpAddr, usize>>,
    next_conn: AtomicU64,
}

/// A running server.
pub struct Server {
    hub: Arc<Hub>,
    /// The rooms brought back from the store.
    pub restored: usize,
}

impl Server {
    /// Opens the store in `data` and brings back its open rooms.
    pub fn open(data: &std::path::Path, config: Config) -> Result<Server, String> {
        let (store, stored) = Store::open(data, config.idle.as_secs())?;
        let hub = Arc::new(Hub {
            config,
            store,
            rooms: Mutex::new(HashMap::new()),
            rooms_of: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        });
        let mut restored = 0;
        for r in stored {
            let creator: Option<IpAddr> = r.creator.parse().ok();
            let idle_for = Duration::from_secs(now_s().saturating_sub(r.last_active));
            match Room::restore(r.code.clone(), r.record, r.tokens, r.taken) {
                Ok(room) => {
                    spawn_room(&hub, room, creator, idle_for);
                    restored += 1;
                }
                Err(e) => eprintln!("serve: room {} not restored: {e}", r.code),
            }
        }
        Ok(Server { hub, restored })
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
            tokio::spawn(async move { connection(hub, stream, addr).await });
        }
    }

    /// Rooms open now.
    pub fn open_rooms(&self) -> usize {
        self.hub.rooms.lock().unwrap().len()
    }
}

/// Starts a room's task and lists it; `idle_for` is how long it has been idle.
fn spawn_room(hub: &Arc<Hub>, room: Room, creator: Option<IpAddr>, idle_for: Duration) {
    let (tx, rx) = mpsc::channel(256);
    hub.rooms.lock().unwrap().insert(room.code.clone(), tx);
    if let Some(ip) = creator {
        *hub.rooms_of.lock().unwrap().entry(ip).or_default() += 1;
    }
    tokio::spawn(room_task(hub.clone(), room, rx, creator, idle_for));
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

/// Creates a room for `addr` and stores it. Returns its task's queue.
async fn create_room(
    hub: &Arc<Hub>,
    addr: IpAddr,
    game: Game,
    options: Options,
) -> Result<(String, mpsc::Sender<ToRoom>), (ErrorCode, String)> {
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
    for _ in 0..8 {
        let code = new_code();
        if hub.rooms.lock().unwrap().contains_key(&code) {
            continue;
        }
        let tokens = [new_token(), new_token()];
        let room = Room::new(code.clone(), game, options, tokens.clone())
            .map_err(|e| (ErrorCode::BadOptions, e))?;
        let stored = StoredRoom {
            code: code.clone(),
            record: room.record.clone(),
            tokens,
            taken: [false; 2],
            creator: addr.to_string(),
            last_active: now_s(),
        };
        if hub.store.create(stored).await.is_err() {
            continue; // the code was used before: draw another
        }
        spawn_room(hub, room, Some(addr), Duration::ZERO);
        let tx = hub.rooms.lock().unwrap().get(&code).cloned();
        return tx
            .map(|tx| (code, tx))
            .ok_or((ErrorCode::Store, "the room closed at once".into()));
    }
    Err((ErrorCode::Store, "no room code could be stored".into()))
}

/// One client's connection.
async fn connection(hub: Arc<Hub>, stream: TcpStream, addr: SocketAddr) {
    // Small buffers: a message is at most a few KiB, and a server holds thousands of
    // connections (the default 128 KiB each way would be most of its memory).
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let Ok(ws) = tokio_tungstenite::accept_async_with_config(stream, Some(config)).await else {
        return;
    };
    let conn = hub.next_conn.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut incoming) = ws.split();
    let (out, mut queue) = mpsc::channel::<Utf8Bytes>(hub.config.outgoing_queue);
    let writer = tokio::spawn(async move {
        while let Some(m) = queue.recv().await {
            if sink.send(Message::Text(m)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut client = Client {
        hub: hub.clone(),
        conn,
        ip: addr.ip(),
        out: out.clone(),
        greeted: false,
        room: None,
        bucket: hub.config.message_burst,
        filled_at: Instant::now(),
    };
    while let Some(frame) = incoming.next().await {
        let text = match frame {
            Ok(Message::Text(t)) => t,
            Ok(Message::Binary(_)) => {
                client.refuse(ErrorCode::Malformed, "messages are JSON text");
                continue;
            }
            Ok(Message::Close(_)) => break,
            Ok(_) => continue, // ping and pong frames
            Err(tokio_tungstenite::tungstenite::Error::Capacity(_)) => {
                client.refuse(
                    ErrorCode::TooLarge,
                    format!("a message may be at most {MAX_MESSAGE_BYTES} bytes"),
                );
                break;
            }
            Err(_) => break,
        };
        if !client.take_token() {
            client.refuse(ErrorCode::RateLimited, "too many messages: slow down");
            continue;
        }
        if !client.handle(&text).await {
            break;
        }
    }
    client.leave();
    drop(client);
    drop(out);
    let _ = writer.await;
}

/// A connection's state.
struct Client {
    hub: Arc<Hub>,
    conn: u64,
    ip: IpAddr,
    out: Out,
    greeted: bool,
    room: Option<mpsc::Sender<ToRoom>>,
    /// The rate limit's token bucket.
    bucket: f64,
    filled_at: Instant,
}

impl Client {
    fn send(&self, m: &ServerMessage) {
        let _ = self.out.try_send(text(m));
    }

    fn refuse(&self, code: ErrorCode, message: impl Into<String>) {
        self.send(&ServerMessage::error(code, message));
    }

    /// Takes one message's token from the bucket; false when it is empty.
    fn take_token(&mut self) -> bool {
        let now = Instant::now();
        let refill =
            now.duration_since(self.filled_at).as_secs_f64() * self.hub.config.messages_per_second;
        self.bucket = (self.bucket + refill).min(self.hub.config.message_burst);
        self.filled_at = now;
        if self.bucket >= 1.0 {
            self.bucket -= 1.0;
            true
        } else {
            false
        }
    }

    fn leave(&mut self) {
        if let Some(room) = self.room.take() {
            let _ = room.try_send(ToRoom::Leave { conn: self.conn });
        }
    }

    /// Handles one message; false closes the connection.
    async fn handle(&mut self, text: &str) -> bool {
        let message = match parse_client(text) {
            Ok(m) => m,
            Err(e) => {
                self.refuse(ErrorCode::Malformed, e);
                return true;
            }
        };
        if let ClientMessage::Hello { version } = message {
            if self.greeted {
                self.refuse(ErrorCode::Malformed, "`hello` was already sent");
            } else if version != PROTOCOL_VERSION {
                self.refuse(
                    ErrorCode::Version,
                    format!(
                        "this server speaks protocol {PROTOCOL_VERSION}, the client {version}: please update the game"
                    ),
                );
                return false;
            } else {
                self.greeted = true;
                self.send(&ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                });
            }
            return true;
        }
        if !self.greeted {
            self.refuse(
                ErrorCode::Malformed,
                "send `hello` with the protocol version first",
            );
            return true;
        }
        match message {
            ClientMessage::Hello { .. } => unreachable!("handled above"),
            ClientMessage::Ping => self.send(&ServerMessage::Pong),
            ClientMessage::Create {
                game,
                options,
                seat,
            } => match create_room(&self.hub, self.ip, game, options).await {
                Ok((_, room)) => {
                    self.enter(room, Entry::Create(seat.unwrap_or(Player::South)), None)
                        .await;
                }
                Err((code, message)) => self.refuse(code, message),
            },
            ClientMessage::Join { room } => self.enter_by_code(&room, Entry::Join, None).await,
            ClientMessage::Watch { room, since } => {
                self.enter_by_code(&room, Entry::Watch, since).await
            }
            ClientMessage::Resume { room, token, since } => {
                self.enter_by_code(&room, Entry::Resume(token), since).await
            }
            ClientMessage::Play { decision, token } => match &self.room {
                Some(room) => {
                    let play = ToRoom::Play {
                        token,
                        decision,
                        out: self.out.clone(),
                    };
                    if room.send(play).await.is_err() {
                        self.refuse(ErrorCode::NoRoom, "the room has closed");
                    }
                }
                None => self.refuse(ErrorCode::NotInRoom, "join or resume a room first"),
            },
        }
        true
    }

    async fn enter_by_code(&mut self, typed: &str, how: Entry, since: Option<u64>) {
        let room = normalise_code(typed)
            .and_then(|code| self.hub.rooms.lock().unwrap().get(&code).cloned());
        match room {
            Some(room) => self.enter(room, how, since).await,
            None => self.refuse(
                ErrorCode::NoRoom,
                format!(
                    "no open room has the code `{}`",
                    crate::rules::shorten(typed)
                ),
            ),
        }
    }

    async fn enter(&mut self, room: mpsc::Sender<ToRoom>, how: Entry, since: Option<u64>) {
        self.leave();
        let (done, entered) = oneshot::channel();
        let enter = ToRoom::Enter {
            conn: self.conn,
            how,
            since,
            out: self.out.clone(),
            done,
        };
        if room.send(enter).await.is_err() {
            self.refuse(ErrorCode::NoRoom, "the room has closed");
            return;
        }
        if entered.await == Ok(true) {
            self.room = Some(room);
        }
    }
}

/// Someone in a room.
struct Member {
    conn: u64,
    seat: Option<Player>,
    out: Out,
}

/// A room's task: owns its game and whoever is in it.
async fn room_task(
    hub: Arc<Hub>,
    mut room: Room,
    mut rx: mpsc::Receiver<ToRoom>,
    creator: Option<IpAddr>,
    idle_for: Duration,
) {
    let mut members: Vec<Member> = Vec::new();
    let mut last_active = Instant::now() - idle_for.min(hub.config.idle);
    let mut deadline = clock(&room);
    loop {
        let idle_at = last_active + hub.config.idle;
        let timed_out = async {
            match deadline {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            cmd = rx.recv() => {
                let Some(cmd) = cmd else { break };
                last_active = Instant::now();
                match cmd {
                    ToRoom::Enter { conn, how, since, out, done } => {
                        let seat = enter(&hub, &mut room, &members, how, since, &out).await;
                        let ok = seat.is_ok();
                        if let Ok(seat) = seat {
                            members.retain(|m| m.conn != conn);
                            members.push(Member { conn, seat, out });
                            if seat.is_some() {
                                let seats = seats_message(&room, &members);
                                broadcast(&mut members, text(&seats));
                            }
                            if deadline.is_none() {
                                deadline = clock(&room);
                            }
                        }
                        let _ = done.send(ok);
                    }
                    ToRoom::Play { token, decision, out } => {
                        match room.check(&token, &decision) {
                            Ok(seat) => {
                                if let Err((code, m)) = accept(&hub, &mut room, &mut members, seat, decision).await {
                                    let _ = out.try_send(text(&ServerMessage::error(code, m)));
                                } else {
                                    deadline = clock(&room);
                                }
                            }
                            Err((code, m)) => {
                                let _ = out.try_send(text(&ServerMessage::error(code, m)));
                            }
                        }
                    }
                    ToRoom::Leave { conn } => {
                        let had_seat = members.iter().any(|m| m.conn == conn && m.seat.is_some());
                        members.retain(|m| m.conn != conn);
                        if had_seat {
                            let seats = seats_message(&room, &members);
                            broadcast(&mut members, text(&seats));
                        }
                    }
                }
            }
            _ = tokio::time::sleep_until(idle_at) => {
                broadcast(&mut members, text(&ServerMessage::Expired { room: room.code.clone() }));
                break;
            }
            _ = timed_out => {
                if let Some(seat) = room.clock_runs_for() {
                    // The server's own decision: the seat's time ran out.
                    if accept(&hub, &mut room, &mut members, seat, Decision::TimeOut).await.is_ok() {
                        last_active = Instant::now();
                    }
                }
                deadline = clock(&room);
            }
        }
    }
    hub.rooms.lock().unwrap().remove(&room.code);
    if let Some(ip) = creator {
        let mut rooms_of = hub.rooms_of.lock().unwrap();
        if let Some(n) = rooms_of.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                rooms_of.remove(&ip);
            }
        }
    }
    hub.store.close(&room.code);
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

/// Lets a connection in: which seat it holds (`None`: a spectator), after sending it
/// its seat, the decisions it missed and the room as it stands.
async fn enter(
    hub: &Hub,
    room: &mut Room,
    members: &[Member],
    how: Entry,
    since: Option<u64>,
    out: &Out,
) -> Result<Option<Player>, ()> {
    let refuse = |code, m: &str| {
        let _ = out.try_send(text(&ServerMessage::error(code, m)));
        Err(())
    };
    let seat = match how {
        Entry::Watch => None,
        Entry::Resume(token) => match room.seat_of(&token) {
            Some(seat) => Some(seat),
            None => return refuse(ErrorCode::BadToken, "that is not a seat token of this room"),
        },
        Entry::Create(seat) => {
            take(hub, room, seat).await.map_err(|_| ())?;
            Some(seat)
        }
        Entry::Join => {
            let Some(seat) = [Player::South, Player::North]
                .into_iter()
                .find(|&p| !room.taken[p as usize])
            else {
                return refuse(ErrorCode::RoomFull, "both seats are taken: watch instead");
            };
            if take(hub, room, seat).await.is_err() {
                return refuse(ErrorCode::Store, "the seat could not be stored; try again");
            }
            Some(seat)
        }
    };
    if let Some(seat) = seat {
        let _ = out.try_send(text(&ServerMessage::Seated {
            room: room.code.clone(),
            seat,
            token: room.token(seat).to_string(),
        }));
    }
    if let Some(since) = since.filter(|&n| n < room.seq()) {
        match hub.store.since(&room.code, since).await {
            Ok(missed) => {
                for m in missed {
                    let _ = out.try_send(Utf8Bytes::from(m));
                }
            }
            Err(e) => return refuse(ErrorCode::Store, &e),
        }
    }
    let mut here = present(members);
    if let Some(s) = seat {
        here[s as usize] = true;
    }
    let _ = out.try_send(text(&room_message(room, here)));
    Ok(seat)
}

async fn take(hub: &Hub, room: &mut Room, seat: Player) -> Result<(), String> {
    if !room.taken[seat as usize] {
        hub.store.take(&room.code, seat).await?;
        room.taken[seat as usize] = true;
    }
    Ok(())
}

fn seat_states(room: &Room, here: [bool; 2]) -> [SeatState; 2] {
    [0, 1].map(|i| match (room.taken[i], here[i]) {
        (false, _) => SeatState::Open,
        (true, true) => SeatState::Here,
        (true, false) => SeatState::Away,
    })
}

fn present(members: &[Member]) -> [bool; 2] {
    let mut here = [false; 2];
    for m in members {
        if let Some(s) = m.seat {
            here[s as usize] = true;
        }
    }
    here
}

fn room_message(room: &Room, here: [bool; 2]) -> ServerMessage {
    let [south, north] = seat_states(room, here);
    ServerMessage::Room {
        room: room.code.clone(),
        game: room.state.game(),
        options: *room.state.options(),
        seq: room.seq(),
        position: room.state.to_value(false),
        south,
        north,
        clock_ms: clock_ms(&room.state, room.taken),
    }
}

fn seats_message(room: &Room, members: &[Member]) -> ServerMessage {
    let [south, north] = seat_states(room, present(members));
    ServerMessage::Seats {
        room: room.code.clone(),
        south,
        north,
    }
}

/// Plays a checked decision: works the move out (off the room's task if it is
/// long), stores its `played` message, then sends it to everyone in the room. If the
/// store fails, nothing changes.
async fn accept(
    hub: &Hub,
    room: &mut Room,
    members: &mut Vec<Member>,
    by: Player,
    decision: Decision,
) -> Result<(), (ErrorCode, String)> {
    let next = play_off_task(&room.state, &decision).await;
    let (state, events) = next.map_err(|e| (ErrorCode::Illegal, e))?;
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
    hub.store
        .append(&room.code, seq, Arc::from(message.as_str()))
        .await
        .map_err(|e| {
            (
                ErrorCode::Store,
                format!("the decision could not be stored: {e}"),
            )
        })?;
    room.state = state;
    room.record.decisions.push(decision);
    broadcast(members, message);
    Ok(())
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

/// Sends a message's text to everyone in the room; anyone whose queue is full is
/// dropped (his connection closes; he can resume and catch up).
fn broadcast(members: &mut Vec<Member>, message: Utf8Bytes) {
    members.retain(|m| m.out.try_send(message.clone()).is_ok());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::bench::conventions_never_ending as never_ending;
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
