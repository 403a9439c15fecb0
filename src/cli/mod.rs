//! The headless command-line tools of `mancala-hall` (no Bevy): the JSON-lines
//! [`engine`], the speed figures of [`bench`], the strength [`ladder`] and (feature
//! `server`) the game server's `serve`; each command's [`usage`] text.

pub mod bench;
pub mod engine;
pub mod ladder;
#[cfg(feature = "server")]
pub mod serve;
pub mod usage;
