//! Several server processes sharing one PostgreSQL store (docs/online.md): what this
//! process hears from the others, and tells them.
//!
//! Every notice comes through PostgreSQL's `NOTIFY` ([`Notice`]), this process's own
//! included. A stored decision, a taken seat or a rating reaches the rooms this
//! process holds, which read it back from the tables; who is in a room, the lobby's
//! lines and quick matches reach the room, the lobby or the waiting player. Each
//! process says it is alive every few seconds; one that falls silent (killed, say)
//! is counted gone, and so are its players and spectators.

use super::Hub;
use super::LockAnyway;
use super::room_task::ToRoom;
use crate::online::store::{ALIVE_EVERY_S, ALIVE_TIMEOUT_S, Notice};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Passes the store's notices on to the rooms and the lobby, in order.
pub(super) async fn notices_task(hub: Arc<Hub>, mut notices: mpsc::UnboundedReceiver<Notice>) {
    while let Some(notice) = notices.recv().await {
        match notice {
            Notice::Played { room, seq } => {
                to_room(&hub, &room, ToRoom::CatchUp { seq }).await;
            }
            Notice::Rated { room, south, north } => {
                to_room(&hub, &room, ToRoom::Rated { south, north }).await;
            }
            Notice::Seats { room, by } => {
                to_room(&hub, &room, ToRoom::Reseat { by }).await;
            }
            Notice::Here {
                from,
                room,
                here,
                watching,
            } if from != hub.process => {
                heard(&hub, from);
                let remote = ToRoom::Remote {
                    from,
                    here,
                    watching,
                };
                to_room(&hub, &room, remote).await;
            }
            Notice::Ask { from, room } if from != hub.process => {
                heard(&hub, from);
                // Every process answers, so that the asking one knows when it has
                // heard from all (one that does not hold the room: nobody here).
                if !to_room(&hub, &room, ToRoom::Announce).await {
                    hub.store.notify(&Notice::Here {
                        from: hub.process,
                        room,
                        here: [false; 2],
                        watching: 0,
                    });
                }
            }
            Notice::Said {
                from,
                room,
                by,
                phrase,
            } if from != hub.process => {
                to_room(&hub, &room, ToRoom::RemoteSaid { by, phrase }).await;
            }
            Notice::Rematch { from, room, by } if from != hub.process => {
                to_room(&hub, &room, ToRoom::RemoteRematch { by }).await;
            }
            Notice::Alive { from } if from != hub.process => heard(&hub, from),
            Notice::Listings { from, rooms } if from != hub.process => {
                heard(&hub, from);
                hub.lobby.lock_anyway().heard(from, rooms);
            }
            Notice::Matched {
                to,
                conn,
                room,
                token,
            } if to == hub.process => super::lobby::matched(&hub, conn, &room, token).await,
            Notice::Reconnected => {
                // Notices were lost: every room catches up and says who is in it.
                for room in local_rooms(&hub) {
                    let _ = room.send(ToRoom::CatchUp { seq: u64::MAX }).await;
                    let _ = room.send(ToRoom::Reseat { by: None }).await;
                    let _ = room.send(ToRoom::Announce).await;
                }
                hub.lobby.lock_anyway().announce_all();
            }
            _ => {} // this process's own, or not for it
        }
    }
}

/// Says this process is alive, and counts the silent ones gone.
pub(super) async fn alive_task(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(Duration::from_secs(ALIVE_EVERY_S));
    loop {
        tick.tick().await;
        hub.store.notify(&Notice::Alive { from: hub.process });
        let timeout = Duration::from_secs(ALIVE_TIMEOUT_S);
        let gone: Vec<u64> = {
            let mut processes = hub.processes.lock_anyway();
            let gone = processes
                .iter()
                .filter(|(_, at)| at.elapsed() > timeout)
                .map(|(&p, _)| p)
                .collect::<Vec<_>>();
            for p in &gone {
                processes.remove(p);
            }
            gone
        };
        for from in gone {
            eprintln!("serve: process {from:x} is silent: its players count as away");
            for room in local_rooms(&hub) {
                let _ = room.send(ToRoom::Gone { from }).await;
            }
            hub.lobby.lock_anyway().forget_process(from);
            hub.store.forget_waiting(from);
        }
    }
}

/// Notes that process `from` was heard from; a process heard for the first time
/// is sent this process's whole lobby.
fn heard(hub: &Hub, from: u64) {
    let new = hub
        .processes
        .lock()
        .unwrap()
        .insert(from, Instant::now())
        .is_none();
    if new {
        hub.lobby.lock_anyway().announce_all();
    }
}

/// Passes a message to the room if this process holds it; whether it does.
async fn to_room(hub: &Arc<Hub>, code: &str, message: ToRoom) -> bool {
    let room = hub.rooms.lock_anyway().get(code).cloned();
    match room {
        Some(room) => room.send(message).await.is_ok(),
        None => false,
    }
}

fn local_rooms(hub: &Hub) -> Vec<mpsc::Sender<ToRoom>> {
    hub.rooms.lock_anyway().values().cloned().collect()
}
