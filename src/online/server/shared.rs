//! What the lobby, the rooms' tasks and the connections pass between them, apart
//! from each, so that none of them imports another: how a connection enters a room
//! ([`Entry`]) and a room's line in the lobby ([`Listing`]).

use crate::online::protocol::SeatPlayers;
use crate::online::room::SeatHolder;
use crate::rules::{Game, Options, Player};

/// How a connection enters a room.
pub(super) enum Entry {
    /// Its creator, at his seat.
    Create(Player, Option<SeatHolder>),
    Join(Option<SeatHolder>),
    Resume(String),
    Watch,
}

/// A room as the lobby sees it (the spectators are this process's).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct Listing {
    pub game: Game,
    pub options: Options,
    pub public: bool,
    pub players: SeatPlayers,
    pub taken: [bool; 2],
    pub spectators: u32,
    pub moves: u64,
    pub over: bool,
}

impl Listing {
    /// A game between two players that goes on.
    pub(super) fn playing(&self) -> bool {
        self.taken == [true, true] && !self.over
    }
}
