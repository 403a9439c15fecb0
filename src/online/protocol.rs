//! The online protocol: JSON text messages over one WebSocket, documented in
//! `docs/online.md`. Decisions, events and positions are exactly the engine
//! protocol's (`docs/engine.md`). Plain serde types: the server and the game's client
//! both use them.

use crate::rules::{Decision, Event, Game, GameState, Options, Player};
use serde::{Deserialize, Serialize};

/// The protocol version this build speaks. A client's `hello` with another version is
/// refused with [`ErrorCode::Version`] ("please update").
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message the server reads, in bytes. A longer one closes the connection.
/// The largest real message (an Omweso free set-up) is under 200 bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of every connection. `key`: the player's own secret key
    /// (made once by the client and kept; the same key is the same player on any
    /// device), `name`: the name shown to others ([`check_name`]). Without a key the
    /// client plays as a guest, unrated.
    Hello {
        version: u32,
        #[serde(default)]
        key: Option<String>,
        #[serde(default)]
        name: Option<String>,
    },
    /// Open a room; the sender takes `seat` (South unless asked). A `public` room is
    /// listed in the lobby; any other is found by its code only.
    Create {
        game: Game,
        #[serde(default)]
        options: Options,
        #[serde(default)]
        seat: Option<Player>,
        #[serde(default)]
        public: bool,
    },
    /// Follow the lobby: a `lobby` message now and whenever it changes (at most once
    /// a second), until `leave_lobby` or entering a room.
    Lobby,
    /// Stop following the lobby.
    LeaveLobby,
    /// Play someone now: wait to be paired with another player asking for the same
    /// game and options (the game's defaults if left out).
    Quick {
        game: Game,
        #[serde(default)]
        options: Option<Options>,
    },
    /// Stop waiting for a quick match.
    CancelQuick,
    /// Offer (or accept) a new game with the seats swapped, once the game is over.
    Rematch { token: String },
    /// Send one of the fixed phrases to the room.
    Say { phrase: Phrase, token: String },
    /// The best players of a game.
    Leaderboard { game: Game },
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

/// The fixed phrases players may send one another (no free chat: nothing to
/// moderate). Each reader sees it in his own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    GoodGame,
    WellPlayed,
    ThankYou,
    YourMove,
}

impl Phrase {
    /// Every phrase, in the order a client offers them.
    pub const ALL: [Phrase; 4] = [
        Phrase::GoodGame,
        Phrase::WellPlayed,
        Phrase::ThankYou,
        Phrase::YourMove,
    ];

    /// The phrase's id, as in the protocol (`good_game`), for the translation tables.
    pub fn id(self) -> &'static str {
        match self {
            Phrase::GoodGame => "good_game",
            Phrase::WellPlayed => "well_played",
            Phrase::ThankYou => "thank_you",
            Phrase::YourMove => "your_move",
        }
    }
}

/// A seated player as the others see him: his name and, for a player with a key,
/// his rating in this game (rounded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPlayer {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
}

/// The players of a room's two seats (`None`: nobody yet).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPlayers {
    #[serde(default)]
    pub south: Option<SeatPlayer>,
    #[serde(default)]
    pub north: Option<SeatPlayer>,
}

impl SeatPlayers {
    /// The seat's player.
    pub fn of(&self, seat: Player) -> Option<&SeatPlayer> {
        match seat {
            Player::South => self.south.as_ref(),
            Player::North => self.north.as_ref(),
        }
    }
}

/// A rating before and after a rated game ("1512 → 1527").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingChange {
    pub before: i32,
    pub after: i32,
}

/// A public room waiting for its second player, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenRoom {
    pub room: String,
    pub game: Game,
    /// The options that differ from the game's defaults, in short ("" for none).
    pub options: String,
    /// Its creator.
    pub player: Option<SeatPlayer>,
    /// Seconds it has waited.
    pub waited_s: u64,
}

/// A public game in progress, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameInPlay {
    pub room: String,
    pub game: Game,
    pub players: SeatPlayers,
    pub spectators: u32,
    /// Decisions played so far.
    pub moves: u64,
}

/// One line of a game's leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    pub name: String,
    pub rating: i32,
    pub games: u32,
}

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// A display name as the server keeps it: trimmed, 1 to [`MAX_NAME_CHARS`]
/// characters, none of them a control character or an invisible one (zero-width
/// spaces and joiners, direction overrides, soft hyphens, fillers), so that every
/// name is seen as it is. The error says what is wrong.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err("a name needs at least one letter".into());
    }
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "a name may have at most {MAX_NAME_CHARS} characters, not {chars}"
        ));
    }
    if let Some(c) = name.chars().find(|&c| c.is_control() || is_invisible(c)) {
        return Err(format!(
            "a name may not hold the invisible character U+{:04X}",
            c as u32
        ));
    }
    Ok(name.to_string())
}

/// Characters that print as nothing, or change how the text around them reads.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
        | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// A player key as a client makes it: 16 to 64 letters, digits, `-` or `_` (the
/// game makes 32 hex digits).
pub fn check_key(key: &str) -> Result<(), String> {
    let ok = (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err("a player key is 16 to 64 letters, digits, `-` or `_`".into())
    }
}

/// The options of a room in short: those that differ from the defaults, as
/// `name value`, joined by commas ("" when none do; the random seed is left out).
pub fn options_in_short(options: &Options) -> String {
    let now = serde_json::to_value(options).unwrap_or_default();
    let default = serde_json::to_value(Options::default()).unwrap_or_default();
    let (Some(now), Some(default)) = (now.as_object(), default.as_object()) else {
        return String::new();
    };
    now.iter()
        .filter(|(name, value)| *name != "seed" && default.get(*name) != Some(value))
        .map(|(name, value)| match value {
            serde_json::Value::String(s) => format!("{name} {s}"),
            v => format!("{name} {v}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
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
    /// The display name in `hello` is empty, too long or holds invisible characters.
    BadName,
    /// The player key in `hello` is not 16 to 64 letters, digits, `-` or `_`.
    BadKey,
    /// A rematch was asked before the game ended.
    NotOver,
    /// Another connection took this seat (a `resume` with its token, here or on
    /// another process): this one no longer plays for it and watches instead. Sent
    /// when it happens, and to a `play`, `say` or `rematch` from a connection that
    /// does not hold the token's seat.
    Replaced,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// Answer to `hello`, with the name the server will show (a player's).
    Welcome {
        version: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
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
        /// Who holds each seat.
        #[serde(default)]
        players: SeatPlayers,
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
        #[serde(default)]
        players: SeatPlayers,
    },
    /// A rated game ended: both players' ratings before and after, stored before this
    /// is sent.
    Rated {
        room: String,
        south: RatingChange,
        north: RatingChange,
    },
    /// The lobby: public rooms waiting for a second player (longest waiting first)
    /// and public games in progress (most watched first), at most 50 of each, with
    /// how many there are in all.
    Lobby {
        open: Vec<OpenRoom>,
        playing: Vec<GameInPlay>,
        open_total: usize,
        playing_total: usize,
    },
    /// While waiting for a quick match: players waiting (for any game) and games
    /// being played.
    Waiting { waiting: usize, playing: usize },
    /// A player offers a rematch (the other accepts by asking for one too).
    RematchOffered { room: String, by: Player },
    /// Both players wanted a rematch: everyone in `room` moves to the new room `to`
    /// (the seats swapped); its `seated` and `room` messages follow.
    Rematched { room: String, to: String },
    /// A player sent a phrase.
    Said {
        room: String,
        by: Player,
        phrase: Phrase,
    },
    /// The best players of a game with at least 5 rated games, best first (at most 50).
    Leaderboard { game: Game, players: Vec<Ranked> },
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
///
/// A field the message does not have is refused, in every message: serde does that
/// for the messages with fields (`deny_unknown_fields`), but lets any field through
/// on those without (`lobby`, `leave_lobby`, `cancel_quick`, `ping`, unit variants of
/// an internally tagged enum), so they are checked here.
pub fn parse_client(text: &str) -> Result<ClientMessage, String> {
    let bounded = |e: serde_json::Error| crate::rules::bound_message(&e.to_string());
    let message: ClientMessage = serde_json::from_str(text).map_err(bounded)?;
    if message.has_no_fields() {
        let fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(text).map_err(bounded)?;
        if let Some(extra) = fields.keys().find(|k| *k != "type") {
            return Err(crate::rules::bound_message(&format!(
                "unknown field `{extra}`: `{}` has no fields",
                message.type_name()
            )));
        }
    }
    Ok(message)
}

impl ClientMessage {
    /// The message's `type`, as sent.
    pub fn type_name(&self) -> &'static str {
        match self {
            ClientMessage::Hello { .. } => "hello",
            ClientMessage::Create { .. } => "create",
            ClientMessage::Lobby => "lobby",
            ClientMessage::LeaveLobby => "leave_lobby",
            ClientMessage::Quick { .. } => "quick",
            ClientMessage::CancelQuick => "cancel_quick",
            ClientMessage::Rematch { .. } => "rematch",
            ClientMessage::Say { .. } => "say",
            ClientMessage::Leaderboard { .. } => "leaderboard",
            ClientMessage::Join { .. } => "join",
            ClientMessage::Watch { .. } => "watch",
            ClientMessage::Resume { .. } => "resume",
            ClientMessage::Play { .. } => "play",
            ClientMessage::Ping => "ping",
        }
    }

    /// Whether the message is its `type` alone.
    fn has_no_fields(&self) -> bool {
        matches!(
            self,
            ClientMessage::Lobby
                | ClientMessage::LeaveLobby
                | ClientMessage::CancelQuick
                | ClientMessage::Ping
        )
    }
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
            Ok(ClientMessage::Hello {
                version: 1,
                key: None,
                name: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"quick","game":"hawalis"}"#),
            Ok(ClientMessage::Quick {
                game: Game::Hawalis,
                options: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"say","phrase":"good_game","token":"t"}"#),
            Ok(ClientMessage::Say {
                phrase: Phrase::GoodGame,
                token: "t".into()
            })
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
        assert_eq!(parse_client(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
        assert!(parse_client(r#"{"type":"fly"}"#).is_err());
        assert!(parse_client("not json").is_err());
        let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(10_000));
        assert!(parse_client(&long).unwrap_err().len() < 700);
    }

    /// One message of every type, as a client sends it.
    const EVERY_CLIENT_MESSAGE: [&str; 14] = [
        r#"{"type":"hello","version":2,"key":"0123456789abcdef","name":"Amina"}"#,
        r#"{"type":"create","game":"hawalis","options":{},"seat":"south","public":true}"#,
        r#"{"type":"join","room":"KQ7M3X"}"#,
        r#"{"type":"watch","room":"KQ7M3X","since":0}"#,
        r#"{"type":"resume","room":"KQ7M3X","token":"t","since":4}"#,
        r#"{"type":"play","decision":{"sow":[3,0]},"token":"t"}"#,
        r#"{"type":"lobby"}"#,
        r#"{"type":"leave_lobby"}"#,
        r#"{"type":"quick","game":"hawalis","options":{}}"#,
        r#"{"type":"cancel_quick"}"#,
        r#"{"type":"rematch","token":"t"}"#,
        r#"{"type":"say","phrase":"good_game","token":"t"}"#,
        r#"{"type":"leaderboard","game":"nsolo"}"#,
        r#"{"type":"ping"}"#,
    ];

    #[test]
    fn an_unknown_field_is_refused_in_every_message() {
        let mut types = Vec::new();
        for text in EVERY_CLIENT_MESSAGE {
            let message = parse_client(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            // Sent as it was read.
            let again = serde_json::to_string(&message).unwrap();
            assert_eq!(parse_client(&again), Ok(message.clone()), "{text}");
            types.push(message.type_name());
            let extra = format!("{},\"extra\":1}}", &text[..text.len() - 1]);
            let refused = parse_client(&extra).expect_err(&extra);
            assert!(
                refused.contains("unknown field `extra`"),
                "{extra}: {refused}"
            );
            // Nor in front of the type.
            let first = format!("{{\"x\":null,{}", &text[1..]);
            assert!(parse_client(&first).is_err(), "{first}");
        }
        types.sort();
        types.dedup();
        assert_eq!(types.len(), EVERY_CLIENT_MESSAGE.len(), "every type once");
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

    #[test]
    fn names_are_trimmed_and_bounded_and_invisible_characters_refused() {
        assert_eq!(check_name("  Amina  "), Ok("Amina".into()));
        assert_eq!(
            check_name("Mũthoni wa Kĩrĩma").map(|n| n.chars().count()),
            Ok(17)
        );
        assert_eq!(check_name(&"a".repeat(20)), Ok("a".repeat(20)));
        assert!(
            check_name(&"a".repeat(21))
                .unwrap_err()
                .contains("at most 20")
        );
        assert!(check_name("   ").unwrap_err().contains("at least one"));
        for bad in [
            "Am\u{200B}ina",
            "x\u{202E}y",
            "a\nb",
            "\u{7}bell",
            "soft\u{AD}hy",
            "\u{3164}",
        ] {
            assert!(
                check_name(bad).unwrap_err().contains("invisible"),
                "{bad:?}"
            );
        }
        // 20 characters, not 20 bytes.
        assert!(check_name(&"é".repeat(20)).is_ok());
    }

    #[test]
    fn keys_are_plain_and_long_enough() {
        assert!(check_key("0123456789abcdef0123456789abcdef").is_ok());
        assert!(check_key("short").is_err());
        assert!(check_key(&"k".repeat(65)).is_err());
        assert!(check_key("0123456789abcdef 0123").is_err());
    }

    #[test]
    fn options_in_short_name_what_differs() {
        assert_eq!(options_in_short(&Options::default()), "");
        let o = Options {
            width: 12,
            seed: 99,
            ..Options::default()
        };
        assert_eq!(options_in_short(&o), "width 12");
    }
}
