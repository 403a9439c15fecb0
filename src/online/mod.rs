//! Online play: two players and any spectators in a room on a game server, which
//! holds the game and is its authority (docs/online.md).
//!
//! - [`identity`]: this player's key and name (`player.json`);
//! - [`protocol`]: the messages, plain serde types (the server and the game's client);
//! - [`room`]: one room's game and seats, without I/O;
//! - [`rating`]: Glicko-2 ratings (online games; the puzzles' too), and (feature
//!   `server`) players' keys as the server keeps them;
//! - `store` and `server` (feature `server`): SQLite, the tokio WebSocket server,
//!   lobby and quick match;
//!   `load`, the server's load test.

pub mod identity;
pub mod protocol;
pub mod rating;
pub mod room;

#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "server")]
pub mod store;
