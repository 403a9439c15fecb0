//! A room's members: who holds which seat, who is here (on this process and on
//! others), and the messages that tell them so.

use super::play::clock_ms;
use super::*;

impl RoomTask {
    /// The seat whose token this is, if the connection `conn` holds it here: a
    /// connection another one replaced (or one that only watches) plays for no seat.
    pub(super) fn holder(&self, conn: u64, token: &str) -> Result<Player, (ErrorCode, String)> {
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
    pub(super) fn replace_holders(&mut self, seat: Player, older: impl Fn(u64) -> bool) {
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
    pub(super) async fn reseat_by(&mut self, by: Option<SeatClaim>) {
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
    pub(super) async fn reseat(&mut self) {
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
    pub(super) fn announce(&mut self) {
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
    pub(super) async fn enter(
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
    pub(super) async fn take(
        &mut self,
        seat: Player,
        holder: Option<SeatHolder>,
    ) -> Result<bool, String> {
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
    pub(super) fn local_present(&self) -> [bool; 2] {
        let mut here = [false; 2];
        for m in &self.members {
            if let Some(s) = m.seat {
                here[s as usize] = true;
            }
        }
        here
    }

    /// The spectators here.
    pub(super) fn local_watching(&self) -> u32 {
        self.members.iter().filter(|m| m.seat.is_none()).count() as u32
    }

    /// The seats whose players are in the room, here or on another process.
    pub(super) fn present(&self) -> [bool; 2] {
        let mut here = self.local_present();
        for (seats, _) in self.remote.values() {
            here[0] |= seats[0];
            here[1] |= seats[1];
        }
        here
    }

    pub(super) fn seat_states(&self, here: [bool; 2]) -> [SeatState; 2] {
        [0, 1].map(|i| match (self.room.taken[i], here[i]) {
            (false, _) => SeatState::Open,
            (true, true) => SeatState::Here,
            (true, false) => SeatState::Away,
        })
    }

    pub(super) fn room_message(&self, here: [bool; 2]) -> ServerMessage {
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
    pub(super) fn seats_message(&self) -> Utf8Bytes {
        let [south, north] = self.seat_states(self.present());
        text(&ServerMessage::Seats {
            room: self.room.code.clone(),
            south,
            north,
            players: self.room.players(),
        })
    }

    pub(super) fn broadcast_seats(&mut self) {
        let seats = self.seats_message();
        self.broadcast(seats);
    }

    /// Sends a message's text to everyone in the room. Anyone whose queue is full is
    /// too slow: his connection is closed (he reconnects and catches up) and he
    /// leaves the room; if he held a seat, the others hear that he is away.
    pub(super) fn broadcast(&mut self, message: Utf8Bytes) {
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
    pub(super) fn publish(&self) {
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
        self.hub.lobby.lock_anyway().list(&room.code, listing);
    }
}
