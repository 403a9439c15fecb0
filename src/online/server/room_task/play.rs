//! A room's game: decisions checked, worked out, stored and sent; catching up with
//! another process; ratings, rematches, phrases and the blitz clock.

use super::*;

impl RoomTask {
    /// Checks and plays a player's decision. If another process stored a decision
    /// of that number first, the room has caught up and the decision is checked
    /// again against the game as it is now.
    pub(super) async fn play(
        &mut self,
        token: &str,
        decision: Decision,
    ) -> Result<(), (ErrorCode, String)> {
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
    pub(super) async fn catch_up(&mut self) {
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

    /// Plays a checked decision: works the move out (off the room's task if it is
    /// long), stores its `played` message (with the finished game and the new
    /// ratings, if it ends the game), then sends it to everyone in the room. If the
    /// store fails, nothing changes.
    pub(super) async fn accept(&mut self, by: Player, decision: Decision) -> Result<(), Refused> {
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
    pub(super) fn rated(&mut self, south: RatingChange, north: RatingChange) {
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
    pub(super) async fn rematch(&mut self, seat: Player) -> Result<(), (ErrorCode, String)> {
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
    pub(super) async fn want_rematch(&mut self, seat: Player) -> Result<(), (ErrorCode, String)> {
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
    pub(super) fn say(&mut self, seat: Player, phrase: Phrase) -> Result<(), (ErrorCode, String)> {
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
pub(super) fn clock(room: &Room) -> Option<Instant> {
    clock_ms(&room.state, room.taken).map(|ms| Instant::now() + Duration::from_millis(ms))
}

/// The milliseconds on the clock of the seat to decide in `state`, if one runs.
pub(super) fn clock_ms(state: &GameState, taken: [bool; 2]) -> Option<u64> {
    state
        .options()
        .decision_time_limit()
        .filter(|_| taken == [true, true] && !state.is_over())
        .map(|s| u64::from(s) * 1000)
}

/// The state after `decision` and its events. A move is played here for a bounded
/// number of laps; one longer than that (a never-ending move being proved) is
/// finished on a blocking thread, so other rooms never wait for it.
pub(super) async fn play_off_task(
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
