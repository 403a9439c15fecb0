//! Where things stand on the table: pure geometry from the board's grid to world
//! coordinates (metres-ish units, y up, South towards +z, nearest the camera).

use crate::rules::{Board, Game, Player};

/// Distance between pit centres.
pub const PIT_SPACING: f32 = 1.0;
/// Radius of a pit hollow.
pub const PIT_RADIUS: f32 = 0.40;
/// Radius of one seed.
pub const SEED_RADIUS: f32 = 0.075;
/// Distance between rings of a pile, in seed radii (a little over a seed's width).
const RING_STEP: f32 = 2.1;
/// Extra gap between the two players' halves.
pub const DIVIDE_GAP: f32 = 0.3;
/// Height of the board's top surface.
pub const BOARD_TOP: f32 = 0.0;

/// Centre of the pit at flat index `i`, on the board top (x, z).
pub fn pit_centre(board: &Board, i: usize) -> (f32, f32) {
    let rows = board.rows as f32;
    let cols = board.cols as f32;
    let row = (i / board.cols as usize) as f32;
    let col = (i % board.cols as usize) as f32;
    let x = (col - (cols - 1.0) / 2.0) * PIT_SPACING;
    let mut z = (row - (rows - 1.0) / 2.0) * PIT_SPACING;
    // Open a gap between North's rows (top half) and South's.
    z += if row < rows / 2.0 {
        -DIVIDE_GAP / 2.0
    } else {
        DIVIDE_GAP / 2.0
    };
    (x, z)
}

/// Centre of a player's store (Anywoli): North's at the left end as South sees it,
/// South's at the right end.
pub fn store_centre(board: &Board, player: Player) -> (f32, f32) {
    let half = board.cols as f32 / 2.0 * PIT_SPACING + 0.45;
    match player {
        Player::North => (-half, 0.0),
        Player::South => (half, 0.0),
    }
}

/// Size of the board slab (width along x, depth along z).
pub fn board_size(board: &Board, has_stores: bool) -> (f32, f32) {
    let stores = if has_stores { 2.0 * 0.9 } else { 0.0 };
    (
        board.cols as f32 * PIT_SPACING + 0.5 + stores,
        board.rows as f32 * PIT_SPACING + 0.5 + DIVIDE_GAP,
    )
}

/// Radius of the bowl (or heap) that holds a player's captured seeds: big enough
/// for every seed of the game in a low heap.
pub fn tray_radius(total_seeds: u32) -> f32 {
    (0.5 + 0.05 * (total_seeds as f32).sqrt()).clamp(0.8, 1.5)
}

/// Centre of a player's tray on the table, beside the board and to the player's
/// right: at the board's ends (`ends`: South's at the right end near the front,
/// North's at the left end near the back) or before and behind it (South's at the
/// front right, North's at the back left). `framing::tray_centre` decides
/// which.
pub fn tray_centre(
    board: &Board,
    has_stores: bool,
    player: Player,
    radius: f32,
    ends: bool,
) -> (f32, f32) {
    let (w, d) = board_size(board, has_stores);
    let (x, z) = if ends {
        (w / 2.0 + radius + 0.3, d / 2.0 - radius)
    } else {
        (w / 2.0 - radius, d / 2.0 + radius + 0.3)
    };
    match player {
        Player::South => (x, z),
        Player::North => (-x, -z),
    }
}

/// Offset of seed `k` of a heap of base radius `radius`: layers that shrink as they
/// rise, like seeds poured into a bowl. The height is above the heap's floor.
pub fn heap_offset(k: usize, radius: f32) -> (f32, f32, f32) {
    let mut start = 0;
    let mut layer = 0;
    loop {
        let r = (radius * (1.0 - 0.2 * layer as f32)).max(SEED_RADIUS);
        let cap = pile_layer_capacity(r);
        if k < start + cap || r <= SEED_RADIUS {
            let (x, _, z) = pile_offset((k - start) % cap, r);
            let y = SEED_RADIUS + layer as f32 * SEED_RADIUS * 1.8;
            return (x, y, z);
        }
        start += cap;
        layer += 1;
    }
}

/// Offset of seed `k` of a pile from the pile's centre: rings that fill the hollow
/// then stack in layers, so that a pile of 30 or more stays inside its pit.
pub fn pile_offset(k: usize, radius: f32) -> (f32, f32, f32) {
    let per_layer = pile_layer_capacity(radius);
    let layer = k / per_layer;
    let j = k % per_layer;
    // Ring r holds 6r seeds (ring 0: 1 seed); shift each layer a little.
    let (mut ring, mut start) = (0usize, 0usize);
    loop {
        let cap = if ring == 0 { 1 } else { 6 * ring };
        if j < start + cap {
            break;
        }
        start += cap;
        ring += 1;
    }
    let cap = if ring == 0 { 1 } else { 6 * ring };
    let angle = (j - start) as f32 / cap as f32 * std::f32::consts::TAU + layer as f32 * 0.5;
    // Neighbours stand a seed's width apart, and layers a seed's height: seeds rest
    // on each other, never inside each other.
    let dist = ring as f32 * SEED_RADIUS * RING_STEP;
    let y = SEED_RADIUS + layer as f32 * SEED_RADIUS * 2.0;
    (dist * angle.cos(), y, dist * angle.sin())
}

/// Seeds in one layer of a pile in a hollow of this radius.
pub fn pile_layer_capacity(radius: f32) -> usize {
    let rings = ((radius - SEED_RADIUS) / (SEED_RADIUS * RING_STEP))
        .floor()
        .max(0.0) as usize;
    1 + 3 * rings * (rings + 1)
}

/// Whether a game takes seeds off the board (into trays beside it): Omweso sows its
/// captures again and Anywoli keeps them in its stores.
pub fn has_trays(game: Game) -> bool {
    !matches!(game, Game::Omweso | Game::Anywoli)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    #[test]
    fn south_is_nearer_the_camera_and_columns_run_left_to_right() {
        let b = Board::new(Game::Omweso, 8);
        let (x0, z_top) = pit_centre(&b, 0);
        let (x7, _) = pit_centre(&b, 7);
        let (_, z_bottom) = pit_centre(&b, 3 * 8);
        assert!(x0 < x7);
        assert!(z_top < z_bottom, "row 0 (North) is far, row 3 (South) near");
    }

    #[test]
    fn seeds_of_a_pile_do_not_overlap() {
        let p: Vec<(f32, f32, f32)> = (0..45).map(|k| pile_offset(k, PIT_RADIUS)).collect();
        for i in 0..p.len() {
            for j in 0..i {
                let d = ((p[i].0 - p[j].0).powi(2)
                    + (p[i].1 - p[j].1).powi(2)
                    + (p[i].2 - p[j].2).powi(2))
                .sqrt();
                assert!(
                    d >= 2.0 * SEED_RADIUS * 0.999,
                    "seeds {j} and {i} overlap: {d}"
                );
            }
        }
    }

    #[test]
    fn a_heap_holds_every_seed_low_and_inside_its_tray() {
        let r = tray_radius(284); // Nsolo 4 x 36
        let top = (0..284).map(|k| heap_offset(k, r).1).fold(0.0, f32::max);
        assert!(top < 0.8, "a heap of 284 stands {top} high");
        for k in 0..284 {
            let (x, _, z) = heap_offset(k, r);
            assert!((x * x + z * z).sqrt() + SEED_RADIUS <= r + 1e-4, "seed {k}");
        }
        // Seeds of one layer never overlap.
        let first = pile_layer_capacity(r);
        let p: Vec<_> = (0..first).map(|k| heap_offset(k, r)).collect();
        for i in 0..p.len() {
            for j in 0..i {
                let d = ((p[i].0 - p[j].0).powi(2) + (p[i].2 - p[j].2).powi(2)).sqrt();
                assert!(d >= 2.0 * SEED_RADIUS * 0.999);
            }
        }
    }

    #[test]
    fn trays_stand_beside_the_board_not_on_it() {
        for (game, width) in [(Game::Hawalis, 7), (Game::Nsolo, 8), (Game::Nsolo, 36)] {
            let b = Board::new(game, width);
            let (w, d) = board_size(&b, false);
            let r = tray_radius(game.total_seeds(width));
            for p in Player::BOTH {
                let (x, z) = tray_centre(&b, false, p, r, false);
                assert!(z.abs() - r > d / 2.0, "{game}: the tray overlaps the board");
                assert!(x.abs() + r <= w / 2.0 + 1e-4, "{game}: the tray sticks out");
                let (x, z) = tray_centre(&b, false, p, r, true);
                assert!(
                    x.abs() - r > w / 2.0,
                    "{game}: the tray overlaps the board's end"
                );
                assert!(z.abs() + r <= d / 2.0 + 1e-4, "{game}: the tray sticks out");
                // To the player's right: South faces -z, so +x; North the other way.
                assert_eq!(x > 0.0, p == Player::South);
            }
        }
    }

    #[test]
    fn a_big_pile_stays_inside_its_pit() {
        for k in 0..60 {
            let (x, _, z) = pile_offset(k, PIT_RADIUS);
            assert!(
                (x * x + z * z).sqrt() + SEED_RADIUS <= PIT_RADIUS + 1e-4,
                "seed {k}"
            );
        }
    }
}
