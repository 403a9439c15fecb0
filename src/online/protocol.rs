//! The online protocol: JSON text messages over one WebSocket, documented in
//! `docs/online.md`. Decisions, events and positions are exactly the engine
//! protocol's (`docs/engine.md`). Plain serde types: the server and the game's client
//! both use them.

use crate::rules::{Decision, Event, Game, GameState, Options, Player};
use serde::{Deserialize, Serialize};

/// The protocol version this build speaks. A client's `hello` with another version is
/// refused with [`ErrorCode::Version`] ("please update").
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message the server reads, in bytes. A longer one closes the connection.
/// The largest real message (an Omweso free set-up) is under 200 bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of every connection.
    Hello { version: u32 },
    /// Open a room; the sender takes `seat` (South unless asked).
    Create {
        game: Game,
        #[serde(default)]
        options: Options,
        #[serde(default)]
        seat: Option<Player>,
    },
    /// Take the free seat of the room with this code.
    Join { room: String },
    /// Watch the room. With `since`, the decisions after that number are sent first,
    /// in order (0: all of them); without it, only the room as it stands.
    Watch {
        room: String,
        #[serde(default)]
        since: Option<u64>,
    },
    /// Come back to a seat after a dropped connection or a restart; `since` as for
    /// `watch`.
    Resume {
        room: String,
        token: String,
        #[serde(default)]
        since: Option<u64>,
    },
    /// A decision for the seat this token holds.
    Play { decision: Decision, token: String },
    /// Keeps an idle connection open; answered with `pong`.
    Ping,
}

/// The state of a seat, as the others see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    /// Nobody has taken it yet.
    Open,
    /// Its player is connected.
    Here,
    /// Its player has left or lost the connection; the seat is kept for him.
    Away,
}

/// Why a message was refused. The room is unchanged by a refused message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version: it must be updated.
    Version,
    /// Not JSON, or not a message of this protocol; or `hello` missing or repeated.
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`]; the connection is closed.
    TooLarge,
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// This address has too many open rooms.
    TooManyRooms,
    /// No open room has this code.
    NoRoom,
    /// Both seats are taken (watch instead).
    RoomFull,
    /// This connection is not in a room (create, join, watch or resume first).
    NotInRoom,
    /// The token is not this room's seat token.
    BadToken,
    /// The seat may not decide now.
    NotYourTurn,
    /// The rules refuse the decision.
    Illegal,
    /// The game is over.
    GameOver,
    /// The game and options are not valid.
    BadOptions,
    /// The server could not store the decision; nothing changed. Try again.
    Store,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// Answer to `hello`.
    Welcome { version: u32 },
    /// Answer to `create`, `join` or `resume`: the seat and its secret token (keep it
    /// to resume; never show it to others).
    Seated {
        room: String,
        seat: Player,
        token: String,
    },
    /// The room as it stands, sent on entering it (after any missed decisions).
    Room {
        room: String,
        game: Game,
        options: Options,
        /// Decisions accepted so far; the next `played` has `seq + 1`.
        seq: u64,
        /// The position now (engine protocol, without history).
        position: serde_json::Value,
        south: SeatState,
        north: SeatState,
        /// Blitz: milliseconds left for the decision now.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// An accepted decision, to everyone in the room, numbered from 1, in order.
    Played {
        room: String,
        seq: u64,
        by: Player,
        decision: Decision,
        events: Vec<Event>,
        position: serde_json::Value,
        /// Blitz: milliseconds for the next decision.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// A seat's player came or went.
    Seats {
        room: String,
        south: SeatState,
        north: SeatState,
    },
    /// The room was closed after being idle; its record stays in the store.
    Expired { room: String },
    /// A refusal, to the sender alone.
    Error { code: ErrorCode, message: String },
    /// Answer to `ping`.
    Pong,
}

impl ServerMessage {
    /// The message as one line of JSON.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }

    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
        }
    }
}

/// Reads a client's message; the error says what is wrong, bounded in length.
pub fn parse_client(text: &str) -> Result<ClientMessage, String> {
    serde_json::from_str(text).map_err(|e| crate::rules::bound_message(&e.to_string()))
}

/// The position of a `room` or `played` message, as a rules state.
pub fn position(value: &serde_json::Value) -> Result<GameState, String> {
    serde_json::from_value(value.clone()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Pit;

    #[test]
    fn client_messages_read_as_documented() {
        assert_eq!(
            parse_client(r#"{"type":"hello","version":1}"#),
            Ok(ClientMessage::Hello { version: 1 })
        );
        assert_eq!(
            parse_client(r#"{"type":"play","decision":{"sow":[3,0]},"token":"t"}"#),
            Ok(ClientMessage::Play {
                decision: Decision::Sow(Pit::new(3, 0)),
                token: "t".into()
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"watch","room":"ABC234"}"#),
            Ok(ClientMessage::Watch {
                room: "ABC234".into(),
                since: None
            })
        );
        assert!(parse_client(r#"{"type":"hello","version":1,"extra":2}"#).is_err());
        assert!(parse_client(r#"{"type":"fly"}"#).is_err());
        assert!(parse_client("not json").is_err());
        let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(10_000));
        assert!(parse_client(&long).unwrap_err().len() < 700);
    }

    #[test]
    fn server_messages_round_trip() {
        let m = ServerMessage::error(ErrorCode::NotYourTurn, "North decides now");
        let text = m.to_text();
        assert_eq!(
            text,
            r#"{"type":"error","code":"not_your_turn","message":"North decides now"}"#
        );
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), m);
    }
}
