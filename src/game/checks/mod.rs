//! What lets a machine check the game: [`probe`]'s log lines (the browser and
//! window tests, a technician), a [`screenshot`] of the settled scene, and the
//! [`frame_bench`] of `mancala-hall bench`.

pub mod frame_bench;
pub mod probe;
pub mod screenshot;
