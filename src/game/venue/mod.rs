//! Where the game is played beyond one screen at home: a museum's [`kiosk`] (welcome,
//! attract loop, unattended running), laid flat as a touch [`table`] for two, and [`online`] rooms on a game server, with
//! their interface in [`online_screen`].

pub mod kiosk;
pub mod online;
pub mod online_screen;
pub mod table;
