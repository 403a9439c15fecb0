//! Each game's own look: what its board is made of, the seeds it is played with, what
//! it rests on and what stands behind it, and where things stand on the table
//! ([`layout`], [`framing`]: pure geometry). Plain data (no Bevy types); the board,
//! seed and scene plugins build from it. `docs/look.md` says what each look is based on.

pub mod carving;
pub mod framing;
pub mod graphics;
pub mod layout;
pub mod low_shading;
pub mod procedural;
pub mod scene;
pub mod seed_shapes;

/// The look's plugin (with a window): the scene round the board, the graphics
/// settings and the low-graphics shading.
pub fn plugin(app: &mut bevy::prelude::App) {
    app.add_plugins((scene::plugin, graphics::plugin, low_shading::plugin));
}

use crate::rules::Game;
use procedural::{Backdrop, Rgb, Surface};

/// The kind of counters a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedKind {
    /// Omweso's empiki: hard, polished black seeds, round and a little flattened.
    Empiki,
    /// Anywoli's nyibaré: small oval seeds, pale to reddish brown.
    Nyibare,
    /// Nsolo's stones: river pebbles, irregular and matt.
    Pebble,
    /// Cowrie shells (Hawalis on the Omani and Swahili coast): glossy ovals.
    Cowrie,
    /// Bao's komwe: the grey, hard, near-round nicker nuts (Caesalpinia bonduc).
    Komwe,
}

/// Where captured seeds go on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tray {
    /// A half calabash (gourd) bowl.
    Calabash,
    /// A turned wooden bowl.
    WoodenBowl,
    /// A heap on the ground, no vessel.
    Heap,
}

/// One game's look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameLook {
    /// The board's material.
    pub board: Surface,
    /// The pits are dug into the ground: no board slab, the ground is the board.
    pub dug_in_ground: bool,
    /// What the board rests on.
    pub table: Surface,
    /// World units one tile of the table's texture covers.
    pub table_tile: f32,
    pub backdrop: Backdrop,
    pub seeds: SeedKind,
    /// The seeds' tones (sRGB); each seed takes one, varied a little more.
    pub seed_tones: &'static [Rgb],
    /// Roughness of the seeds' surface (polished 0.2, matt 0.8).
    pub seed_roughness: f32,
    pub tray: Tray,
    /// Colour of the key light (warm lamp indoors, late sun outdoors).
    pub key_light: Rgb,
}

/// Height of the board's top above the table it rests on.
pub const SLAB_HEIGHT: f32 = 0.42;

impl GameLook {
    /// Height of the table (or the ground) relative to the board's top.
    pub fn table_y(&self) -> f32 {
        if self.dug_in_ground {
            -0.002
        } else {
            -SLAB_HEIGHT
        }
    }
}

/// The look of `game`.
pub fn look(game: Game) -> GameLook {
    match game {
        Game::Omweso => OMWESO,
        Game::Anywoli => ANYWOLI,
        Game::Nsolo => NSOLO,
        Game::Hawalis => HAWALIS,
        Game::BaoKigogo => BAO_KIGOGO,
    }
}

/// Buganda: a heavy board carved from one block of dark hardwood, on a sheet of
/// lubugo, the Ganda's bark cloth; black empiki, kept in a calabash.
const OMWESO: GameLook = GameLook {
    board: Surface::Wood {
        light: [0.36, 0.20, 0.10],
        dark: [0.15, 0.08, 0.04],
        rings: 6.0,
        polish: 0.4,
    },
    dug_in_ground: false,
    table: Surface::Barkcloth {
        base: [0.42, 0.22, 0.12],
    },
    table_tile: 3.0,
    backdrop: Backdrop::Wall {
        lit: [0.62, 0.46, 0.32],
        shade: [0.10, 0.07, 0.05],
    },
    seeds: SeedKind::Empiki,
    seed_tones: &[
        [0.045, 0.040, 0.038],
        [0.070, 0.058, 0.050],
        [0.090, 0.075, 0.062],
        [0.060, 0.052, 0.050],
    ],
    seed_roughness: 0.22,
    tray: Tray::Calabash,
    key_light: [1.0, 0.90, 0.76],
};

/// The Anuak by the Baro river: a long plain village board with a store at each
/// end, on a reed mat, under a mud wall; small oval nyibaré.
const ANYWOLI: GameLook = GameLook {
    board: Surface::Wood {
        light: [0.62, 0.44, 0.27],
        dark: [0.38, 0.24, 0.13],
        rings: 9.0,
        polish: 0.25,
    },
    dug_in_ground: false,
    table: Surface::Weave {
        light: [0.74, 0.64, 0.44],
        dark: [0.36, 0.28, 0.15],
        strands: 20,
    },
    table_tile: 2.5,
    backdrop: Backdrop::Wall {
        lit: [0.66, 0.50, 0.36],
        shade: [0.13, 0.09, 0.06],
    },
    seeds: SeedKind::Nyibare,
    seed_tones: &[
        [0.62, 0.42, 0.26],
        [0.52, 0.30, 0.18],
        [0.70, 0.55, 0.38],
        [0.45, 0.26, 0.16],
    ],
    seed_roughness: 0.4,
    tray: Tray::WoodenBowl,
    key_light: [1.0, 0.91, 0.78],
};

/// The Ngoni: holes dug straight into red earth in the shade of a village tree,
/// played with stones; captures heaped on the ground.
const NSOLO: GameLook = GameLook {
    board: Surface::Earth {
        base: [0.56, 0.30, 0.17],
        stone: [0.62, 0.58, 0.52],
    },
    dug_in_ground: true,
    table: Surface::Earth {
        base: [0.56, 0.30, 0.17],
        stone: [0.62, 0.58, 0.52],
    },
    table_tile: 6.0,
    backdrop: Backdrop::Country {
        sky: [0.86, 0.80, 0.66],
        haze: [0.66, 0.60, 0.46],
        bush: [0.20, 0.24, 0.13],
    },
    seeds: SeedKind::Pebble,
    seed_tones: &[
        [0.50, 0.48, 0.44],
        [0.38, 0.35, 0.32],
        [0.60, 0.55, 0.47],
        [0.30, 0.29, 0.28],
        [0.55, 0.44, 0.35],
    ],
    seed_roughness: 0.75,
    tray: Tray::Heap,
    key_light: [1.0, 0.88, 0.70],
};

/// Oman and Zanzibar: a sun-bleached board on a palm-leaf mat (khoos), under a
/// lime-washed wall; cowrie shells from the coast.
const HAWALIS: GameLook = GameLook {
    board: Surface::Wood {
        light: [0.76, 0.62, 0.44],
        dark: [0.50, 0.36, 0.22],
        rings: 5.0,
        polish: 0.2,
    },
    dug_in_ground: false,
    table: Surface::Weave {
        light: [0.82, 0.72, 0.50],
        dark: [0.50, 0.38, 0.22],
        strands: 14,
    },
    table_tile: 2.5,
    backdrop: Backdrop::Wall {
        lit: [0.88, 0.82, 0.72],
        shade: [0.22, 0.18, 0.15],
    },
    seeds: SeedKind::Cowrie,
    seed_tones: &[
        [0.93, 0.89, 0.80],
        [0.88, 0.82, 0.70],
        [0.96, 0.93, 0.86],
        [0.84, 0.76, 0.62],
    ],
    seed_roughness: 0.15,
    tray: Tray::WoodenBowl,
    key_light: [1.0, 0.94, 0.84],
};

/// The Gogo of Dodoma: a board of red mninga wood on a sisal mat; grey komwe.
const BAO_KIGOGO: GameLook = GameLook {
    board: Surface::Wood {
        light: [0.56, 0.28, 0.15],
        dark: [0.28, 0.12, 0.06],
        rings: 8.0,
        polish: 0.55,
    },
    dug_in_ground: false,
    table: Surface::Weave {
        light: [0.80, 0.72, 0.56],
        dark: [0.46, 0.38, 0.26],
        strands: 24,
    },
    table_tile: 2.5,
    backdrop: Backdrop::Wall {
        lit: [0.72, 0.52, 0.32],
        shade: [0.12, 0.08, 0.05],
    },
    seeds: SeedKind::Komwe,
    seed_tones: &[
        [0.55, 0.56, 0.50],
        [0.46, 0.47, 0.43],
        [0.62, 0.62, 0.56],
        [0.50, 0.50, 0.47],
    ],
    seed_roughness: 0.35,
    tray: Tray::Calabash,
    key_light: [1.0, 0.90, 0.76],
};

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: [Game; 5] = [
        Game::Omweso,
        Game::Anywoli,
        Game::Nsolo,
        Game::Hawalis,
        Game::BaoKigogo,
    ];

    #[test]
    fn every_game_has_its_own_board_and_seeds() {
        for (i, a) in GAMES.iter().enumerate() {
            for b in &GAMES[i + 1..] {
                let (la, lb) = (look(*a), look(*b));
                assert_ne!(la.board, lb.board, "{a} and {b} share a board");
                assert_ne!(la.seeds, lb.seeds, "{a} and {b} share seeds");
            }
        }
    }

    #[test]
    fn only_nsolo_is_dug_into_the_ground() {
        for g in GAMES {
            assert_eq!(look(g).dug_in_ground, g == Game::Nsolo, "{g}");
            assert!(look(g).table_y() < 0.0, "{g}: the table is under the board");
        }
    }
}
