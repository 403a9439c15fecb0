//! One room's game, without any I/O: its rules state, its two seats' tokens, and
//! the number of decisions accepted. The server owns one per open room and asks it
//! whether a decision may be played before storing it; the same checks in the same
//! order, whoever asks.

use super::protocol::{ErrorCode, SeatPlayer, SeatPlayers};
use crate::rules::{Decision, Event, Game, GameRecord, GameState, Options, Player, is_legal};

/// The letters of a room code: no 0/O or 1/I (nor L, easily read as 1), so that a
/// code read aloud or from across a table is typed right.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a room code: 31^6, about 890 million codes.
pub const CODE_LEN: usize = 6;

/// A room code as typed by a person: upper-cased, spaces and dashes dropped. `None`
/// if it cannot be a code.
pub fn normalise_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// Who holds a seat: the name shown and, for a player with a key, the key's hash
/// and his rating in the room's game (as shown; `None` for a guest).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatHolder {
    pub name: String,
    pub key_hash: Option<String>,
    pub rating: Option<i32>,
}

impl SeatHolder {
    /// The seat's player as the others see him.
    pub fn shown(&self) -> SeatPlayer {
        SeatPlayer {
            name: self.name.clone(),
            rating: self.rating,
        }
    }
}

/// A room's game.
#[derive(Clone, Debug)]
pub struct Room {
    /// The room's code.
    pub code: String,
    /// How the game started (game, options), and every accepted decision.
    pub record: GameRecord,
    /// The position now.
    pub state: GameState,
    /// The seats' secret tokens, South's first.
    tokens: [String; 2],
    /// Whether each seat has been taken, South's first.
    pub taken: [bool; 2],
    /// Who took each seat, South's first.
    pub holders: [Option<SeatHolder>; 2],
    /// Whether the lobby lists the room.
    pub public: bool,
}

impl Room {
    /// A new room with the game's start position; `tokens` are South's and North's.
    pub fn new(
        code: String,
        game: Game,
        options: Options,
        tokens: [String; 2],
    ) -> Result<Room, String> {
        let state = GameState::new(game, options).map_err(|e| e.to_string())?;
        Ok(Room {
            code,
            record: GameRecord::new(game, options),
            state,
            tokens,
            taken: [false; 2],
            holders: [None, None],
            public: false,
        })
    }

    /// A room brought back from its record (after a restart).
    pub fn restore(
        code: String,
        record: GameRecord,
        tokens: [String; 2],
        taken: [bool; 2],
    ) -> Result<Room, String> {
        let (state, _) = record.replay().map_err(|e| e.to_string())?;
        Ok(Room {
            code,
            record,
            state,
            tokens,
            taken,
            holders: [None, None],
            public: false,
        })
    }

    /// Decisions accepted so far.
    pub fn seq(&self) -> u64 {
        self.record.decisions.len() as u64
    }

    /// A seat's token.
    pub fn token(&self, seat: Player) -> &str {
        &self.tokens[seat as usize]
    }

    /// The seat this token holds, if any. Compares every byte of both tokens, so the
    /// time taken tells nothing about how much of a guess was right.
    pub fn seat_of(&self, token: &str) -> Option<Player> {
        [Player::South, Player::North]
            .into_iter()
            .find(|&p| same_secret(self.token(p), token))
    }

    /// Whether the holder of `token` may play `decision` now: the seat's, it is that
    /// seat's turn, the game goes on and the rules allow it. A player's time running
    /// out is for the server's clock alone to decide.
    pub fn check(&self, token: &str, decision: &Decision) -> Result<Player, (ErrorCode, String)> {
        let seat = self.seat_of(token).ok_or((
            ErrorCode::BadToken,
            "that is not a seat token of this room".to_string(),
        ))?;
        if self.state.is_over() {
            return Err((ErrorCode::GameOver, "the game is over".into()));
        }
        if seat != self.state.to_decide() {
            return Err((
                ErrorCode::NotYourTurn,
                format!("{:?} decides now", self.state.to_decide()),
            ));
        }
        if *decision == Decision::TimeOut {
            return Err((
                ErrorCode::Illegal,
                "only the server's clock times a player out".into(),
            ));
        }
        if !is_legal(&self.state, decision) {
            return Err((ErrorCode::Illegal, format!("`{decision}` is not legal now")));
        }
        Ok(seat)
    }

    /// Plays a decision already checked (or the server's time-out) and returns its
    /// events. May take long: a never-ending move is worked out to its proof.
    pub fn play(&mut self, decision: Decision) -> Result<Vec<Event>, String> {
        let events =
            crate::rules::apply(&mut self.state, decision.clone()).map_err(|e| e.to_string())?;
        self.record.decisions.push(decision);
        Ok(events)
    }

    /// The players of both seats, as the others see them.
    pub fn players(&self) -> SeatPlayers {
        let [south, north] = self.holders.clone().map(|h| h.map(|h| h.shown()));
        SeatPlayers { south, north }
    }

    /// The seat whose clock runs now: a player must decide and the game goes on.
    pub fn clock_runs_for(&self) -> Option<Player> {
        (!self.state.is_over() && self.state.options().decision_time_limit().is_some())
            .then(|| self.state.to_decide())
    }
}

/// Equal strings, compared in time that depends only on their lengths.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Pit, PlayMode, legal_decisions};

    fn room(game: Game, options: Options) -> Room {
        Room::new(
            "ABC234".into(),
            game,
            options,
            ["south-t".into(), "north-t".into()],
        )
        .unwrap()
    }

    #[test]
    fn codes_are_read_as_typed() {
        assert_eq!(normalise_code("abc-234"), Some("ABC234".into()));
        assert_eq!(normalise_code(" ab c2 34 "), Some("ABC234".into()));
        assert_eq!(normalise_code("ABC2340"), None);
        assert_eq!(normalise_code("ABO234"), None, "no O");
        assert_eq!(normalise_code("AB1234"), None, "no 1");
        assert_eq!(normalise_code("ÅBC234"), None);
        for ch in b"0O1IL" {
            assert!(!CODE_ALPHABET.contains(ch));
        }
    }

    #[test]
    fn only_the_seat_to_move_plays_a_legal_decision() {
        let mut r = room(Game::Hawalis, Options::default());
        let legal = legal_decisions(&r.state);
        let mover = r.state.to_decide();
        let (mine, theirs) = match mover {
            Player::South => ("south-t", "north-t"),
            Player::North => ("north-t", "south-t"),
        };
        assert_eq!(
            r.check("nobody", &legal[0]).unwrap_err().0,
            ErrorCode::BadToken
        );
        assert_eq!(
            r.check("south-", &legal[0]).unwrap_err().0,
            ErrorCode::BadToken
        );
        assert_eq!(
            r.check(theirs, &legal[0]).unwrap_err().0,
            ErrorCode::NotYourTurn
        );
        let illegal = Decision::Sow(Pit::new(0, 0));
        assert!(!legal.contains(&illegal));
        assert_eq!(r.check(mine, &illegal).unwrap_err().0, ErrorCode::Illegal);
        assert_eq!(r.check(mine, &legal[0]), Ok(mover));
        let before = r.state.clone();
        r.play(legal[0].clone()).unwrap();
        assert_eq!(r.seq(), 1);
        assert_ne!(r.state, before);
        // Restored from its record, the room is the same.
        let back =
            Room::restore(r.code.clone(), r.record.clone(), r.tokens.clone(), r.taken).unwrap();
        assert_eq!(back.state, r.state);
    }

    #[test]
    fn only_the_server_times_a_player_out() {
        let options = Options {
            play_mode: PlayMode::Blitz { seconds: 3 },
            ..Options::default()
        };
        let mut r = room(Game::Omweso, options);
        let mover = r.state.to_decide();
        assert_eq!(r.clock_runs_for(), Some(mover));
        let token = r.token(mover).to_string();
        assert_eq!(
            r.check(&token, &Decision::TimeOut).unwrap_err().0,
            ErrorCode::Illegal
        );
        r.play(Decision::TimeOut).unwrap();
        assert!(r.state.outcome().is_some());
        assert_eq!(
            room(Game::Omweso, Options::default()).clock_runs_for(),
            None
        );
    }
}
