//! What a player decides. A turn is a sequence of decisions (see the conventions).

use super::{Direction, Pit};
use serde::{Deserialize, Serialize};

/// One decision of the player who must decide. JSON forms:
/// `{"sow":[3,0]}`, `{"reverse":[2,1]}`, `{"opening_three":[3,4]}`, `{"direction":"cw"}`,
/// `{"strip":[1,5]}`, `"end_strip"`, `{"arrange":[[..],[..]]}`, `"next_game"`,
/// `"resign"`, `"time_out"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Start of a turn: sow the pit counter-clockwise (also a single-seed move).
    Sow(Pit),
    /// Start of a turn (Omweso): a reverse capture, sowing the pit clockwise.
    Reverse(Pit),
    /// Start of a turn (Omweso, Option): a pit of exactly 3 sown as 2 and 1.
    OpeningThree(Pit),
    /// Omweso, mid-turn: the direction of a lap that starts in a leftmost pit.
    Direction(Direction),
    /// Nsolo, mid-turn: strip one seed from this opponent pit.
    Strip(Pit),
    /// Nsolo with "bonus is up to k": stop stripping.
    EndStrip,
    /// Omweso free set-up: the mover's two rows, top row first as printed on the grid.
    Arrange(Vec<Vec<u8>>),
    /// Omweso match: the game is over and the match goes on; start the next game.
    NextGame,
    /// Nsolo: the player who must decide resigns. Never listed as a legal decision.
    Resign,
    /// Omweso blitz: the player who must decide ran out of time. Never listed.
    TimeOut,
}

impl Decision {
    /// The pit a turn starts from, if this decision starts a turn.
    pub fn start_pit(&self) -> Option<Pit> {
        match self {
            Decision::Sow(p) | Decision::Reverse(p) | Decision::OpeningThree(p) => Some(*p),
            _ => None,
        }
    }
}
