//! The rules of the five games as plain Rust: no Bevy, no rendering, no global state
//! (but for a spare storage a thread for [`DecisionList`]s, which changes no result).
//!
//! A game is a [`GameState`]. The state says who must decide and what ([`Pending`]);
//! [`legal_decisions`] lists the choices and [`apply`] carries one out, returning the
//! ordered [`Event`]s that the animation shows and a record replays. Every game uses
//! the one sowing kernel in [`sowing`]; each game's own rules live in
//! its own module (`omweso/`, `anywoli.rs`, `relay/`) behind one trait (`variant.rs`).
//!
//! ```
//! use mancala_hall::rules::*;
//! let mut state = GameState::new(Game::Hawalis, Options::default()).unwrap();
//! let decision = legal_decisions(&state)[0].clone();
//! let events = apply(&mut state, decision).unwrap();
//! assert!(matches!(events.last(), Some(Event::EndTurn { .. })));
//! ```

mod anywoli;
pub mod board;
mod decision;
mod event;
mod history;
mod lanes;
mod notation;
mod omweso;
mod options;
mod play;
mod position;
mod quote;
pub mod record;
mod relay;
mod seeds;
pub mod sowing;
mod state;
mod turn;
mod variant;

pub use board::{Board, Direction, Pit};
pub use decision::{Decision, DecisionList};
pub use event::{CaptureTo, EndReason, Event, GameResult, Outcome, Tableau};
pub use options::{FirstPlayer, LastFour, NeverEndingRule, Options, PlayMode, SetUp};
pub use play::{
    LongMove, Progress, apply, apply_bounded, apply_quiet, is_legal, legal_decisions,
    legal_decisions_into, random_decision, random_decision_with,
};
pub use quote::{MESSAGE_LIMIT, QUOTE_LIMIT, bound_message, shorten};
pub use record::GameRecord;
pub use state::{Flags, GameState, MatchScore, MoveInProgress, Pending};

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    Omweso,
    Anywoli,
    Nsolo,
    Hawalis,
    BaoKigogo,
}

impl Game {
    /// All games, in menu order.
    pub const ALL: [Game; 5] = [
        Game::Omweso,
        Game::Anywoli,
        Game::Nsolo,
        Game::Hawalis,
        Game::BaoKigogo,
    ];

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Game::Omweso => "Omweso",
            Game::Anywoli => "Anywoli",
            Game::Nsolo => "Nsolo",
            Game::Hawalis => "Hawalis",
            Game::BaoKigogo => "Bao Kigogo",
        }
    }

    /// The name used in JSON and on the command line (`bao_kigogo`).
    pub fn id(self) -> &'static str {
        match self {
            Game::Omweso => "omweso",
            Game::Anywoli => "anywoli",
            Game::Nsolo => "nsolo",
            Game::Hawalis => "hawalis",
            Game::BaoKigogo => "bao_kigogo",
        }
    }

    /// Parses a game id (`omweso`, `bao_kigogo`, also `bao-kigogo`).
    pub fn from_id(s: &str) -> Option<Game> {
        let s = s.trim().to_ascii_lowercase().replace('-', "_");
        Game::ALL.into_iter().find(|g| g.id() == s)
    }

    /// Seeds in a whole game (Nsolo depends on the board width).
    pub fn total_seeds(self, nsolo_width: u8) -> u32 {
        play::with_rules!(self, R => <R as variant::Rules>::total_seeds(nsolo_width))
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two sides. South sits at the bottom of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    South = 0,
    North = 1,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

/// Why the rules refused something. Errors are values; the state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The decision is not legal now; the text says why.
    Illegal(String),
    /// The game (or match) is over; nothing can be played.
    GameOver,
    /// An option or position is invalid; the text names what is wrong.
    Invalid(String),
}

impl RuleError {
    /// What is wrong, without the kind of error in front ("3,0 is not legal for North
    /// now (…)", "the game is over"), to be quoted inside another message.
    pub fn reason(&self) -> String {
        match self {
            RuleError::Illegal(s) => s.clone(),
            RuleError::GameOver => "the game is over".into(),
            RuleError::Invalid(s) => format!("invalid: {s}"),
        }
    }
}

/// Every refused decision reads `illegal decision: …`, the game's end included; an
/// invalid option or position reads `invalid: …`.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Illegal(_) | RuleError::GameOver => {
                write!(f, "illegal decision: {}", self.reason())
            }
            RuleError::Invalid(_) => f.write_str(&self.reason()),
        }
    }
}

impl std::error::Error for RuleError {}

/// A small deterministic random generator (SplitMix64) for the rules' own draws
/// (first player by lot, Anywoli's lottery) and for random playouts. Seeded, never global.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Lot(pub u64);

impl Lot {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 11) as u128 * n as u128) >> 53) as usize
    }
}

#[cfg(test)]
impl Lot {
    /// `N` random pit counts for the bit-gathering tests: mostly below `small`, one in
    /// `large_one_in` anything up to 255.
    pub(crate) fn counts<const N: usize>(&mut self, large_one_in: u64, small: u64) -> [u8; N] {
        std::array::from_fn(|_| {
            let x = self.next_u64();
            if x.is_multiple_of(large_one_in) {
                (x >> 8) as u8
            } else {
                (x % small) as u8
            }
        })
    }
}
