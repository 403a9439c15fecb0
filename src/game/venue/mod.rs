//! Where the game is played beyond one screen at home: a museum's [`kiosk`] (welcome,
//! attract loop, unattended running) and [`online`] rooms on a game server, with
//! their interface in [`online_screen`].

pub mod kiosk;
pub mod online;
pub mod online_screen;
