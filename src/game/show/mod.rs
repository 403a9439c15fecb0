//! Show: the rules state made visible and audible. The [`board`] and its [`seeds`]
//! mirror the state; [`animation`] plays its events on them, with [`audio`]; the
//! [`camera`] frames the table by [`framing`]'s and [`layout`]'s geometry; a game's
//! end is a [`celebration`].

pub mod animation;
pub mod audio;
pub mod board;
pub mod camera;
pub mod celebration;
pub mod framing;
pub mod layout;
pub mod seeds;
