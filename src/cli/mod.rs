//! The headless command-line tools of `mancala-hall` (no Bevy): the JSON-lines
//! [`engine`], the speed figures of [`bench`] and the strength [`ladder`].

pub mod bench;
pub mod engine;
pub mod ladder;
