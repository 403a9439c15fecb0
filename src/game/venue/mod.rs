//! Where the game is played beyond one screen at home: a museum's [`kiosk`] (welcome,
//! attract loop, unattended running) and [`online`] rooms on a game server.

pub mod kiosk;
pub mod online;
