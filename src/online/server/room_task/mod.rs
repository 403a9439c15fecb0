//! A room's task: the only owner of its game and of whoever is in it. Decisions are
//! checked, stored and broadcast here one at a time; the room's line in the lobby is
//! kept up to date from here; a rematch opens the next room from here.

mod members;
mod play;

use super::LockAnyway;
use super::shared::{Entry, Listing};
use super::{Hub, NewRoom, Outbox, open_room, text};
use crate::online::protocol::{ErrorCode, Phrase, RatingChange, SeatState, ServerMessage};
use crate::online::rating::final_result;
use crate::online::room::{Room, SeatHolder};
use crate::online::store::{AppendError, Finish, Notice, SeatClaim};
use crate::rules::{Decision, Game, GameState, LongMove, Player, Progress};
use play::clock;
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
        let mut waiting_for: HashSet<u64> = hub.processes.lock_anyway().keys().copied().collect();
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
        let mut rooms = hub.rooms.lock_anyway();
        if rooms.get(&code).is_some_and(|r| r.is_closed()) {
            rooms.remove(&code);
        }
    }
    task.members.clear();
    task.announce();
    hub.lobby.lock_anyway().unlist(&code);
    if let Some(ip) = creator {
        let mut rooms_of = hub.rooms_of.lock_anyway();
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
}

#[cfg(test)]
mod tests {
    use super::play::play_off_task;
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
