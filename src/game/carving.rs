//! The carved board as plain geometry (no Bevy types, so it can be tested): a top
//! plate with a hole over every pit and store, and a bowl under each hole, so that
//! pits are real hollows lit as hollows.

use super::layout::{self, PIT_RADIUS, PIT_SPACING};
use crate::rules::{Board, Player};

/// Depth of a pit's bowl.
pub const PIT_DEPTH: f32 = 0.18;
/// Half length (along z) of an Anywoli store's hollow.
pub const STORE_HALF_LENGTH: f32 = 0.95;

/// Triangles with per-vertex normals and uvs.
#[derive(Clone, Debug, Default)]
pub struct MeshData {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uvs: Vec<[f32; 2]>,
    pub indices: Vec<u32>,
}

impl MeshData {
    fn vertex(&mut self, p: [f32; 3], n: [f32; 3]) -> u32 {
        self.positions.push(p);
        self.normals.push(n);
        self.uvs.push([p[0] * 0.25, p[2] * 0.25]);
        (self.positions.len() - 1) as u32
    }

    /// A triangle wound counter-clockwise as seen from the side `facing` points to.
    fn triangle(&mut self, a: u32, b: u32, c: u32, facing: [f32; 3]) {
        let p = |i: u32| self.positions[i as usize];
        let (pa, pb, pc) = (p(a), p(b), p(c));
        let u = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
        let v = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let dot = n[0] * facing[0] + n[1] * facing[1] + n[2] * facing[2];
        if dot >= 0.0 {
            self.indices.extend([a, b, c]);
        } else {
            self.indices.extend([a, c, b]);
        }
    }
}

/// A rectangle of the top plate with an elliptical hole (rx, rz) at its centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Holed {
    pub cx: f32,
    pub cz: f32,
    pub half_w: f32,
    pub half_d: f32,
    pub rx: f32,
    pub rz: f32,
}

/// Every holed rectangle of a board: one per pit, one per store.
pub fn holes(board: &Board, has_stores: bool) -> Vec<Holed> {
    let mut out: Vec<Holed> = (0..board.len())
        .map(|i| {
            let (cx, cz) = layout::pit_centre(board, i);
            Holed {
                cx,
                cz,
                half_w: PIT_SPACING / 2.0,
                half_d: PIT_SPACING / 2.0,
                rx: PIT_RADIUS,
                rz: PIT_RADIUS,
            }
        })
        .collect();
    if has_stores {
        let half_d = board.rows as f32 * PIT_SPACING / 2.0 + layout::DIVIDE_GAP / 2.0;
        for p in Player::BOTH {
            let (cx, cz) = layout::store_centre(board, p);
            out.push(Holed {
                cx,
                cz,
                half_w: 0.45,
                half_d,
                rx: PIT_RADIUS,
                rz: STORE_HALF_LENGTH,
            });
        }
    }
    out
}

/// The top plate (y = 0): the board's rectangle with every hole cut out.
pub fn top_plate(board: &Board, has_stores: bool, segments: usize) -> MeshData {
    let (w, d) = layout::board_size(board, has_stores);
    let holes = holes(board, has_stores);
    let mut m = MeshData::default();
    let up = [0.0, 1.0, 0.0];
    for h in &holes {
        // Ring angles: uniform, plus the four corner directions so the ring reaches
        // every corner of the rectangle.
        let mut angles: Vec<f32> = (0..segments)
            .map(|i| i as f32 / segments as f32 * std::f32::consts::TAU)
            .collect();
        for (sx, sz) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
            let a = (sz * h.half_d).atan2(sx * h.half_w);
            angles.push(a.rem_euclid(std::f32::consts::TAU));
        }
        angles.sort_by(f32::total_cmp);
        let ring: Vec<(u32, u32)> = angles
            .iter()
            .map(|&a| {
                let (c, s) = (a.cos(), a.sin());
                let inner = [h.cx + h.rx * c, 0.0, h.cz + h.rz * s];
                let t = (h.half_w / c.abs().max(1e-6)).min(h.half_d / s.abs().max(1e-6));
                let outer = [h.cx + t * c, 0.0, h.cz + t * s];
                (m.vertex(inner, up), m.vertex(outer, up))
            })
            .collect();
        for k in 0..ring.len() {
            let (i0, o0) = ring[k];
            let (i1, o1) = ring[(k + 1) % ring.len()];
            m.triangle(i0, o0, o1, up);
            m.triangle(i0, o1, i1, up);
        }
    }
    // Fill the rest of the rectangle: cut it at every hole edge, keep cells outside holes.
    let mut xs = vec![-w / 2.0, w / 2.0];
    let mut zs = vec![-d / 2.0, d / 2.0];
    for h in &holes {
        xs.extend([h.cx - h.half_w, h.cx + h.half_w]);
        zs.extend([h.cz - h.half_d, h.cz + h.half_d]);
    }
    for v in [&mut xs, &mut zs] {
        v.sort_by(f32::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-5);
    }
    for xw in xs.windows(2) {
        for zw in zs.windows(2) {
            let (mx, mz) = ((xw[0] + xw[1]) / 2.0, (zw[0] + zw[1]) / 2.0);
            let covered = holes
                .iter()
                .any(|h| (mx - h.cx).abs() < h.half_w && (mz - h.cz).abs() < h.half_d);
            if !covered {
                let a = m.vertex([xw[0], 0.0, zw[0]], up);
                let b = m.vertex([xw[1], 0.0, zw[0]], up);
                let c = m.vertex([xw[1], 0.0, zw[1]], up);
                let e = m.vertex([xw[0], 0.0, zw[1]], up);
                m.triangle(a, b, c, up);
                m.triangle(a, c, e, up);
            }
        }
    }
    m
}

/// Height of a bowl's surface at normalised distance `f` (0 centre, 1 rim).
pub fn bowl_height(f: f32, depth: f32) -> f32 {
    -depth * (1.0 - f.clamp(0.0, 1.0).powi(2))
}

/// A bowl (paraboloid) of radii (rx, rz) and `depth`, rim at y = 0, facing up.
pub fn bowl(rx: f32, rz: f32, depth: f32, segments: usize, rings: usize) -> MeshData {
    let mut m = MeshData::default();
    let mut grid = Vec::with_capacity(rings + 1);
    for j in 0..=rings {
        let f = 1.0 - j as f32 / rings as f32; // 1 at the rim, 0 at the centre
        let row: Vec<u32> = (0..segments)
            .map(|i| {
                let a = i as f32 / segments as f32 * std::f32::consts::TAU;
                let (x, z) = (rx * f * a.cos(), rz * f * a.sin());
                let y = bowl_height(f, depth);
                // The inner surface's normal: up and towards the centre.
                let n = [
                    2.0 * depth * x / (rx * rx),
                    1.0,
                    2.0 * depth * z / (rz * rz),
                ];
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                m.vertex([x, y, z], [-n[0] / len, n[1] / len, -n[2] / len])
            })
            .collect();
        grid.push(row);
    }
    for j in 0..rings {
        for i in 0..segments {
            let k = (i + 1) % segments;
            let (a, b, c, d) = (grid[j][i], grid[j][k], grid[j + 1][k], grid[j + 1][i]);
            let facing = m.normals[a as usize];
            m.triangle(a, b, c, facing);
            m.triangle(a, c, d, facing);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    /// Area of the plate's triangles.
    fn area(m: &MeshData) -> f32 {
        m.indices
            .chunks(3)
            .map(|t| {
                let p = |i: u32| m.positions[i as usize];
                let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
                ((b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2])).abs() / 2.0
            })
            .sum()
    }

    #[test]
    fn the_plate_covers_the_board_except_the_holes() {
        for (game, width) in [(Game::Omweso, 8), (Game::Anywoli, 8), (Game::Nsolo, 36)] {
            let board = Board::new(game, width);
            let stores = game == Game::Anywoli;
            let (w, d) = layout::board_size(&board, stores);
            let holes: f32 = holes(&board, stores)
                .iter()
                .map(|h| std::f32::consts::PI * h.rx * h.rz)
                .sum();
            let got = area(&top_plate(&board, stores, 64));
            let want = w * d - holes;
            assert!((got - want).abs() / want < 0.01, "{game}: {got} vs {want}");
        }
    }

    #[test]
    fn plate_faces_up_and_bowl_faces_in() {
        let board = Board::new(Game::Hawalis, 8);
        let plate = top_plate(&board, false, 24);
        for t in plate.indices.chunks(3) {
            let p = |i: u32| plate.positions[i as usize];
            let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
            let ny = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
            assert!(ny >= -1e-6, "a plate triangle faces down");
        }
        let bowl = bowl(0.4, 0.4, 0.18, 24, 6);
        assert!(
            bowl.positions
                .iter()
                .all(|p| p[1] <= 1e-6 && p[1] >= -0.18 - 1e-6)
        );
        assert!(bowl.normals.iter().all(|n| n[1] > 0.0));
    }
}
