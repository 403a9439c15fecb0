//! The headless command-line tools of `mancala-hall` (no Bevy): the JSON-lines
//! [`engine`], the speed figures of [`bench`](mod@bench), the strength [`ladder`] and
//! (feature `server`) the game server's `serve` and its load test ([`online_bench`]),
//! the translations' [`i18n_check`], the [`puzzles`] generator; each command's
//! [`usage`] text.

pub mod bench;
pub mod engine;
pub mod i18n_check;
pub mod ladder;
#[cfg(feature = "server")]
pub mod online_bench;
pub mod puzzles;
#[cfg(feature = "server")]
pub mod serve;
pub mod usage;
