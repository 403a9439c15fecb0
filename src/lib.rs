//! Mancala Hall: five traditional mancala games of East and Southern Africa.
//!
//! - [`rules`]: the rules engine (plain Rust, no Bevy), and [`ai`] searching over it;
//!   [`glicko`], the Glicko-2 ratings of online players and of puzzles.
//! - [`content`]: what the interface says: translations, lessons, explanations.
//! - [`kiosk_config`], [`settings`] and [`storage`]: the kiosk's configuration file,
//!   the settings kept between runs, saves and settings on disk (no Bevy either).
//! - [`online`]: online play: the protocol, the rooms and the game server (the
//!   game's client is `game::venue::online`).
//! - [`cli`]: the headless command-line tools (engine, bench, ladder).
//! - `game` (feature `game`): the Bevy front end.

/// This build's version (Cargo.toml's), as `--version` prints it and the title shows.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod ai;
pub mod cli;
pub mod content;
pub mod glicko;
pub mod kiosk_config;
pub mod online;
pub mod rules;
pub mod settings;
pub mod storage;

#[cfg(feature = "game")]
pub mod game;
