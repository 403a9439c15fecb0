//! The front end's tests (feature `game`), linked into one test binary: a Bevy test
//! binary takes long to link, and twenty of them made CI's cold run much longer.
#![cfg(feature = "game")]

#[path = "../common/mod.rs"]
mod common;

mod args;
mod everyday;
mod fonts;
mod glyphs;
mod kiosk;
mod low_graphics;
mod mirror;
#[cfg(feature = "server")]
mod online;
mod pace;
mod picking;
mod puzzles;
mod reading_order;
mod render;
mod review;
mod shaders;
mod switching;
mod table;
mod tutorial;
mod typefaces;
mod wide_boards;
mod window;
