//! Mancala Hall: five traditional mancala games of East and Southern Africa.
//!
//! - [`rules`]: the rules engine (plain Rust, no Bevy).
//! - [`engine`]: the JSON-lines engine command line over the rules.
//! - `game` (feature `game`): the Bevy front end.

pub mod ai;
pub mod bench;
pub mod engine;
pub mod explain;
pub mod i18n;
pub mod kiosk;
pub mod rules;
pub mod storage;
pub mod tutorial;

#[cfg(feature = "game")]
pub mod game;
