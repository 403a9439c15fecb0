//! Board geometry: the grid, who owns which pit, each player's sowing circuit and the
//! facing pits. Everything here follows `docs/rules/00-conventions.md`.

use super::{Game, Player};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A pit on the grid: `row` 0 is the top row as seen from above with South at the
/// bottom; `col` runs left to right as South sees the board. Serialized as `[row, col]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[u8; 2]", into = "[u8; 2]")]
pub struct Pit {
    pub row: u8,
    pub col: u8,
}

impl Pit {
    /// The pit at `row`, `col`.
    pub const fn new(row: u8, col: u8) -> Pit {
        Pit { row, col }
    }
}

impl From<[u8; 2]> for Pit {
    fn from([row, col]: [u8; 2]) -> Pit {
        Pit { row, col }
    }
}

impl From<Pit> for [u8; 2] {
    fn from(p: Pit) -> [u8; 2] {
        [p.row, p.col]
    }
}

/// Sowing direction as seen from above.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Counter-clockwise: the normal direction of every game.
    #[default]
    Ccw,
    /// Clockwise: only Omweso's reverse captures.
    Cw,
}

/// The most pits in a row on any board (Nsolo 4 x 36).
pub const MAX_COLS: usize = 36;
/// The most pits on any board (Nsolo 4 x 36).
pub const MAX_PITS: usize = 4 * MAX_COLS;

/// The shape of one game's board, with each player's circuit precomputed.
/// Pits are stored flat, index `row * cols + col`.
///
/// The engine itself keeps the seeds in *slots*: the pits in sowing order, so that a
/// lap is a run of consecutive slots. On a four-row board South's circuit fills slots
/// `0..L` from (3,0) and North's slots `L..2L` from (0,n-1); on both, positions
/// `0..n` of a circuit are the back row and `n..2n` the front row, so every rule reads
/// the same for both players. Anywoli's one circuit fills slots `0..24` from (1,0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    /// Flat pit indices of each player's circuit in CCW order (Anywoli: the same
    /// 24-pit circuit for both), indexed by `Player as usize`.
    circuits: [Vec<u8>; 2],
    /// For each flat pit, its position on each player's circuit (`u8::MAX` if off it).
    positions: [Vec<u8>; 2],
    /// Pits on a player's sowing circuit.
    pub(crate) circuit_len: usize,
    /// The first slot of each player's circuit (Anywoli: 0 for both).
    pub(crate) base: [usize; 2],
    /// The slot of each flat pit.
    pub(crate) slot_of: Vec<u8>,
    /// The flat pit of each slot.
    pub(crate) grid_of: Vec<u8>,
    /// The pit of each slot (for events).
    pub(crate) pit_of_slot: Vec<Pit>,
    /// Each player's own slots in grid order (the order decisions are listed in). The
    /// listings walk bit sets of their circuit's positions in this order; unit tests
    /// check each game's walk against this list.
    pub(crate) own_in_grid_order: [Vec<u8>; 2],
}

impl Board {
    /// The board of `game`; `width` is only read for Nsolo (8..=36 pits a row).
    pub fn new(game: Game, width: u8) -> Board {
        let (rows, cols) = game.shape(width);
        let idx = |r: u8, c: u8| r * cols + c;
        let mut circuits = [Vec::new(), Vec::new()];
        if rows == 2 {
            // One circuit of all pits: row 1 left to right, then row 0 right to left.
            let mut c: Vec<u8> = (0..cols).map(|c| idx(1, c)).collect();
            c.extend((0..cols).rev().map(|c| idx(0, c)));
            circuits = [c.clone(), c];
        } else {
            // South: row 3 left to right, row 2 right to left. North: row 1, then row 0.
            for (p, (outer_first, inner_second)) in [(3u8, 2u8), (1, 0)].into_iter().enumerate() {
                let mut c: Vec<u8> = (0..cols).map(|c| idx(outer_first, c)).collect();
                c.extend((0..cols).rev().map(|c| idx(inner_second, c)));
                circuits[p] = c;
            }
        }
        let n = rows as usize * cols as usize;
        let mut positions = [vec![u8::MAX; n], vec![u8::MAX; n]];
        for p in 0..2 {
            for (i, &pit) in circuits[p].iter().enumerate() {
                positions[p][pit as usize] = i as u8;
            }
        }
        // Slots: South's circuit from (3,0); North's from (0,n-1), that is his
        // circuit turned by n positions; Anywoli's one circuit as it is.
        let circuit_len = circuits[0].len();
        let (base, grid_of): ([usize; 2], Vec<u8>) = if rows == 2 {
            ([0, 0], circuits[0].clone())
        } else {
            let c = cols as usize;
            let mut g = circuits[0].clone();
            g.extend((0..circuit_len).map(|k| circuits[1][(k + c) % circuit_len]));
            ([0, circuit_len], g)
        };
        let mut slot_of = vec![0u8; n];
        for (slot, &i) in grid_of.iter().enumerate() {
            slot_of[i as usize] = slot as u8;
        }
        let pit_of_slot = grid_of
            .iter()
            .map(|&i| Pit::new(i / cols, i % cols))
            .collect();
        let half = n / 2;
        let own_in_grid_order = [
            slot_of[half..].to_vec(), // South: the bottom half of the grid
            slot_of[..half].to_vec(), // North: the top half
        ];
        Board {
            rows,
            cols,
            circuits,
            positions,
            circuit_len,
            base,
            slot_of,
            grid_of,
            pit_of_slot,
            own_in_grid_order,
        }
    }

    /// The board of `game` (and Nsolo's `width`), made once and shared.
    pub(crate) fn of(game: Game, width: u8) -> &'static Board {
        const WIDTHS: usize = MAX_COLS + 1;
        static BOARDS: [[OnceLock<Board>; WIDTHS]; Game::ALL.len()] =
            [const { [const { OnceLock::new() }; WIDTHS] }; Game::ALL.len()];
        let cols = game.shape(width).1.min(MAX_COLS as u8);
        BOARDS[game as usize][cols as usize].get_or_init(|| Board::new(game, cols))
    }

    /// The slots of the player's own pits (his circuit; Anywoli: his row).
    #[inline]
    pub(crate) fn own_slots(&self, player: Player) -> std::ops::Range<usize> {
        let half = self.len() / 2;
        match player {
            Player::South => 0..half,
            Player::North => half..self.len(),
        }
    }

    /// The slot of a pit, or `None` if it is off the board.
    #[inline(always)]
    pub(crate) fn slot(&self, pit: Pit) -> Option<usize> {
        self.index(pit).map(|i| self.slot_of[i] as usize)
    }

    /// Number of pits on the board.
    pub fn len(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Always false: a board has pits.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Flat index of a pit, or `None` if it is off the board.
    pub fn index(&self, pit: Pit) -> Option<usize> {
        (pit.row < self.rows && pit.col < self.cols)
            .then(|| pit.row as usize * self.cols as usize + pit.col as usize)
    }

    /// The pit at a flat index.
    pub fn pit(&self, index: usize) -> Pit {
        Pit::new(
            (index / self.cols as usize) as u8,
            (index % self.cols as usize) as u8,
        )
    }

    /// The player's circuit of flat indices in CCW order.
    pub fn circuit(&self, player: Player) -> &[u8] {
        &self.circuits[player as usize]
    }

    /// Position of a flat pit on the player's circuit, if it is on it.
    pub fn circuit_position(&self, player: Player, index: usize) -> Option<usize> {
        let p = self.positions[player as usize][index];
        (p != u8::MAX).then_some(p as usize)
    }

    /// Who owns a pit: South the bottom half of the grid, North the top half.
    pub fn owner(&self, index: usize) -> Player {
        if (index / self.cols as usize) < self.rows as usize / 2 {
            Player::North
        } else {
            Player::South
        }
    }

    /// The player's own pits (flat indices).
    pub fn own_pits(&self, player: Player) -> std::ops::Range<usize> {
        let half = self.len() / 2;
        match player {
            Player::North => 0..half,
            Player::South => half..self.len(),
        }
    }

    /// Row index of the player's front (inner) row on a four-row board.
    pub fn front_row(&self, player: Player) -> u8 {
        match player {
            Player::North => 1,
            Player::South => 2,
        }
    }

    /// Row index of the player's back (outer) row on a four-row board.
    pub fn back_row(&self, player: Player) -> u8 {
        match player {
            Player::North => 0,
            Player::South => 3,
        }
    }

    /// Is this flat pit in the player's front row (four-row boards)?
    pub fn is_front(&self, player: Player, index: usize) -> bool {
        index / self.cols as usize == self.front_row(player) as usize
    }

    /// The opponent's front and back pits facing column `col` (four-row boards).
    pub fn facing(&self, player: Player, col: u8) -> (usize, usize) {
        let o = player.opponent();
        let c = col as usize;
        let w = self.cols as usize;
        (
            self.front_row(o) as usize * w + c,
            self.back_row(o) as usize * w + c,
        )
    }

    /// The player's four leftmost pits as he sees the board (Omweso's reverse
    /// captures): South (2,0) (2,1) (3,0) (3,1); North (1,n-1) (1,n-2) (0,n-1) (0,n-2).
    pub fn leftmost_four(&self, player: Player, index: usize) -> bool {
        let col = index % self.cols as usize;
        let left = match player {
            Player::South => col <= 1,
            Player::North => col + 2 >= self.cols as usize,
        };
        left && self.owner(index) == player
    }
}
