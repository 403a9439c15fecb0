//! One client's connection: its WebSocket, its outgoing queue, and what it may do
//! (`Client`).

use super::LockAnyway;
use super::*;

/// How long a closing connection waits for its client to take the close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// Why a slow client's connection is closed (sent in the close frame).
const TOO_SLOW: &str = "too slow to read: reconnect and catch up";

/// One client's connection.
pub(super) async fn connection(hub: Arc<Hub>, stream: TcpStream, addr: SocketAddr) {
    // Small buffers: a message is at most a few KiB, and a server holds thousands of
    // connections (the default 128 KiB each way would be most of its memory).
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    // Behind a trusted proxy, the client is whom the proxy says it forwards.
    let mut forwarded_for: Option<IpAddr> = None;
    let trusted = hub.config.trusted_proxies.contains(&addr.ip());
    // (The error type is tungstenite's, for a refused handshake; never made here.)
    #[allow(clippy::result_large_err)]
    let read_headers = |request: &Request, response: Response| {
        if trusted {
            forwarded_for = request
                .headers()
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok());
        }
        Ok(response)
    };
    let accepted =
        tokio_tungstenite::accept_hdr_async_with_config(stream, read_headers, Some(config)).await;
    let Ok(ws) = accepted else {
        return;
    };
    let ip = forwarded_for.unwrap_or(addr.ip());
    let conn = hub.next_conn.fetch_add(1, Ordering::Relaxed);
    hub.metrics.connections.inc();
    let (mut sink, mut incoming) = ws.split();
    let (queue, mut queued) = mpsc::channel::<Utf8Bytes>(hub.config.outgoing_queue);
    let (control, mut controls) = mpsc::unbounded_channel();
    let kick = Arc::new(Notify::new());
    let out = Outbox {
        conn,
        queue,
        kick: kick.clone(),
        control,
    };
    let writer = tokio::spawn(async move {
        // Stops at a kick even while a send waits on a client that does not read.
        let kicked = loop {
            let next = tokio::select! {
                biased;
                _ = kick.notified() => break true,
                m = queued.recv() => m,
            };
            let Some(m) = next else { break false };
            tokio::select! {
                biased;
                _ = kick.notified() => break true,
                sent = sink.send(Message::Text(m)) => if sent.is_err() { return },
            }
        };
        let bye = kicked.then(|| CloseFrame {
            code: CloseCode::Again,
            reason: TOO_SLOW.into(),
        });
        // A client that reads nothing never takes the close frame: give up after a
        // while (long enough for one merely slow, a busy phone, to read its reason).
        let close = async {
            if let Some(frame) = bye {
                sink.send(Message::Close(Some(frame))).await?;
            }
            sink.close().await
        };
        let _ = tokio::time::timeout(CLOSE_WAIT, close).await;
    });
    let mut client = Client {
        hub: hub.clone(),
        ip,
        out: out.clone(),
        greeted: false,
        holder: None,
        room: None,
        bucket: hub.config.message_burst,
        filled_at: Instant::now(),
    };
    loop {
        let frame = tokio::select! {
            frame = incoming.next() => frame,
            c = controls.recv() => match c {
                Some(Control::Enter { room, how }) => {
                    client.enter(room, how, None).await;
                    continue;
                }
                Some(Control::Kick) | None => break,
            },
        };
        let Some(frame) = frame else { break };
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
    hub.lobby.lock_anyway().unfollow(conn);
    client.stop_waiting();
    drop(client);
    drop(out);
    let _ = writer.await;
    hub.metrics.connections.dec();
}

/// A connection's state.
struct Client {
    hub: Arc<Hub>,
    ip: IpAddr,
    out: Outbox,
    greeted: bool,
    /// Who the client said he is in `hello` (`None`: nobody, a bare client).
    holder: Option<SeatHolder>,
    room: Option<mpsc::Sender<ToRoom>>,
    /// The rate limit's token bucket.
    bucket: f64,
    filled_at: Instant,
}

impl Client {
    fn send(&self, m: &ServerMessage) {
        self.out.send(text(m));
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

    /// Takes this client out of quick match, here and (in the background) in a
    /// shared store.
    fn stop_waiting(&self) {
        let was_waiting = self.hub.lobby.lock_anyway().stop_waiting(self.out.conn);
        if was_waiting {
            let (store, process, conn) = (self.hub.store.clone(), self.hub.process, self.out.conn);
            tokio::spawn(async move { store.unwait(process, conn).await });
        }
    }

    fn leave(&mut self) {
        if let Some(room) = self.room.take() {
            let _ = room.try_send(ToRoom::Leave {
                conn: self.out.conn,
            });
        }
    }

    /// Who takes a seat in a game of `game`: this client's name, and for a player
    /// with a key his rating in that game.
    async fn holder_for(&self, game: Game) -> Result<Option<SeatHolder>, (ErrorCode, String)> {
        let Some(mut holder) = self.holder.clone() else {
            return Ok(None);
        };
        if let Some(key_hash) = &holder.key_hash {
            let rating = self.hub.store.rating(key_hash, game).await;
            holder.rating = Some(rating.map_err(|e| (ErrorCode::Store, e))?.shown());
        }
        Ok(Some(holder))
    }

    /// Reads `hello`: the version, and who the client is.
    async fn greet(&mut self, version: u32, key: Option<String>, name: Option<String>) -> bool {
        if self.greeted {
            self.refuse(ErrorCode::Malformed, "`hello` was already sent");
            return true;
        }
        if version != PROTOCOL_VERSION {
            self.refuse(
                ErrorCode::Version,
                format!(
                    "this server speaks protocol {PROTOCOL_VERSION}, the client {version}: please update the game"
                ),
            );
            return false;
        }
        let name = match name.as_deref().map(check_name).transpose() {
            Ok(name) => name,
            Err(e) => {
                self.refuse(ErrorCode::BadName, e);
                return true;
            }
        };
        let key_hash = match key.as_deref().map(|k| check_key(k).map(|()| hash_key(k))) {
            Some(Err(e)) => {
                self.refuse(ErrorCode::BadKey, e);
                return true;
            }
            Some(Ok(hash)) => Some(hash),
            None => None,
        };
        if let Some(hash) = &key_hash {
            let name = name.clone().unwrap_or_else(|| "Player".into());
            if let Err(e) = self.hub.store.player(hash, &name).await {
                self.refuse(ErrorCode::Store, e);
                return true;
            }
        }
        self.holder = match (name, &key_hash) {
            (Some(name), _) => Some(name),
            (None, Some(_)) => Some("Player".into()),
            (None, None) => None,
        }
        .map(|name| SeatHolder {
            name,
            key_hash,
            rating: None,
        });
        self.greeted = true;
        self.send(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            name: self.holder.as_ref().map(|h| h.name.clone()),
        });
        true
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
        if let ClientMessage::Hello { version, key, name } = message {
            return self.greet(version, key, name).await;
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
                public,
            } => {
                let seat = seat.unwrap_or(Player::South);
                let holder = match self.holder_for(game).await {
                    Ok(h) => h,
                    Err((code, m)) => return self.refused(code, m),
                };
                let new = NewRoom {
                    game,
                    options,
                    public,
                    creator: Some(self.ip),
                    seated: [None, None],
                    rematch_of: None,
                };
                match open_room(&self.hub, new).await {
                    Ok(opened) => {
                        self.enter(opened.room, Entry::Create(seat, holder), None)
                            .await
                    }
                    Err((code, message)) => self.refuse(code, message),
                }
            }
            ClientMessage::Join { room } => {
                let game = self.game_of(&room).await;
                let holder = match game {
                    Some(game) => match self.holder_for(game).await {
                        Ok(h) => h,
                        Err((code, m)) => return self.refused(code, m),
                    },
                    None => None,
                };
                self.enter_by_code(&room, Entry::Join(holder), None).await
            }
            ClientMessage::Watch { room, since } => {
                self.enter_by_code(&room, Entry::Watch, since).await
            }
            ClientMessage::Resume { room, token, since } => {
                self.enter_by_code(&room, Entry::Resume(token), since).await
            }
            ClientMessage::Play { decision, token } => {
                self.to_room(ToRoom::Play {
                    token,
                    decision,
                    out: self.out.clone(),
                })
                .await
            }
            ClientMessage::Rematch { token } => {
                self.to_room(ToRoom::Rematch {
                    token,
                    out: self.out.clone(),
                })
                .await
            }
            ClientMessage::Say { phrase, token } => {
                self.to_room(ToRoom::Say {
                    token,
                    phrase,
                    out: self.out.clone(),
                })
                .await
            }
            ClientMessage::Lobby => {
                let now = self.hub.lobby.lock_anyway().follow(self.out.clone());
                self.out.send(now);
            }
            ClientMessage::LeaveLobby => self.hub.lobby.lock_anyway().unfollow(self.out.conn),
            ClientMessage::Quick { game, options } => {
                let options = options.unwrap_or_default();
                if let Err(e) = options.validate(game) {
                    return self.refused(ErrorCode::BadOptions, e.to_string());
                }
                let holder = match self.holder_for(game).await {
                    Ok(h) => h,
                    Err((code, m)) => return self.refused(code, m),
                };
                self.leave();
                let queued = QueuedPlayer {
                    process: self.hub.process,
                    conn: self.out.conn,
                    game,
                    options,
                    rating: holder.as_ref().and_then(|h| h.rating).unwrap_or(1500),
                    holder: holder.clone(),
                    since_us: 0,
                };
                let waiting =
                    self.hub
                        .lobby
                        .lock()
                        .unwrap()
                        .wait(self.out.clone(), game, options, holder);
                if let Err(e) = self.hub.store.wait(queued).await {
                    self.hub.lobby.lock_anyway().stop_waiting(self.out.conn);
                    return self.refused(ErrorCode::Store, e);
                }
                self.send(&waiting);
            }
            ClientMessage::CancelQuick => {
                // Out of the shared queue too before the next message is read, so
                // that no pairing round finds him after the client has said so.
                let was_waiting = self.hub.lobby.lock_anyway().stop_waiting(self.out.conn);
                if was_waiting {
                    self.hub.store.unwait(self.hub.process, self.out.conn).await;
                }
            }
            ClientMessage::Leaderboard { game } => match self.hub.store.leaderboard(game).await {
                Ok(players) => self.send(&ServerMessage::Leaderboard { game, players }),
                Err(e) => self.refuse(ErrorCode::Store, e),
            },
        }
        true
    }

    /// Refuses, and goes on reading (for `handle`'s early returns).
    fn refused(&self, code: ErrorCode, message: impl Into<String>) -> bool {
        self.refuse(code, message);
        true
    }

    /// Passes a message to this connection's room.
    async fn to_room(&self, message: ToRoom) {
        match &self.room {
            Some(room) => {
                if room.send(message).await.is_err() {
                    self.refuse(ErrorCode::NoRoom, "the room has closed");
                }
            }
            None => self.refuse(ErrorCode::NotInRoom, "join or resume a room first"),
        }
    }

    /// The open room with this code (as typed), if there is one.
    async fn room_by_code(&self, typed: &str) -> Option<mpsc::Sender<ToRoom>> {
        let code = normalise_code(typed)?;
        self.hub.room(&code).await
    }

    /// The game of the open room with this code, if there is one.
    async fn game_of(&self, typed: &str) -> Option<Game> {
        let room = self.room_by_code(typed).await?;
        let (reply, game) = oneshot::channel();
        room.send(ToRoom::Game { reply }).await.ok()?;
        game.await.ok()
    }

    async fn enter_by_code(&mut self, typed: &str, how: Entry, since: Option<u64>) {
        match self.room_by_code(typed).await {
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
        // Entering the room it is in (a spectator resuming a seat, say) replaces its
        // place there, without leaving in between.
        let same = self.room.as_ref().is_some_and(|r| r.same_channel(&room));
        if !same {
            self.leave();
        }
        self.hub.lobby.lock_anyway().unfollow(self.out.conn);
        self.stop_waiting();
        let (done, entered) = oneshot::channel();
        let enter = ToRoom::Enter {
            how,
            since,
            out: self.out.clone(),
            done,
        };
        if room.send(enter).await.is_err() {
            self.room = None;
            self.refuse(ErrorCode::NoRoom, "the room has closed");
            return;
        }
        if entered.await == Ok(true) {
            self.room = Some(room);
        }
    }
}
