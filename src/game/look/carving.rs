//! The carved board as plain geometry (no Bevy types, so it can be tested): a top
//! plate with a hole over every pit and store, and a bowl under each hole, so that
//! pits are real hollows lit as hollows.

use super::layout::{self, PIT_RADIUS, PIT_SPACING};
use crate::rules::{Board, Player};

/// Depth of a pit's bowl.
pub const PIT_DEPTH: f32 = 0.22;
/// Radius of the rounded edge round the board's top.
pub const BEVEL: f32 = 0.12;
/// Half length (along z) of an Anywoli store's hollow.
pub const STORE_HALF_LENGTH: f32 = 0.95;

/// Triangles with per-vertex normals and uvs, and optionally colours (baked
/// occlusion: the shade a hollow casts on itself).
#[derive(Clone, Debug, Default)]
pub struct MeshData {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uvs: Vec<[f32; 2]>,
    pub indices: Vec<u32>,
    /// Empty, or one linear RGBA colour per vertex.
    pub colours: Vec<[f32; 4]>,
}

impl MeshData {
    /// Sets every vertex's colour from its position.
    pub fn shade(&mut self, f: impl Fn([f32; 3]) -> f32) {
        self.colours = self
            .positions
            .iter()
            .map(|&p| {
                let k = f(p);
                [k, k, k, 1.0]
            })
            .collect();
    }

    /// Smooth normals: each vertex's is the area-weighted mean of its triangles'.
    pub fn recompute_normals(&mut self) {
        let mut acc = vec![[0.0f32; 3]; self.positions.len()];
        for t in self.indices.chunks(3) {
            let p = |i: u32| self.positions[i as usize];
            let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
            let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let n = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            for &i in t {
                for k in 0..3 {
                    acc[i as usize][k] += n[k];
                }
            }
        }
        self.normals = acc
            .into_iter()
            .map(|n| {
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt().max(1e-9);
                [n[0] / len, n[1] / len, n[2] / len]
            })
            .collect();
    }

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

/// The top plate (y = 0): the board's rectangle, less `inset` on every side (where
/// the rounded edge begins), with every hole cut out.
pub fn top_plate(board: &Board, has_stores: bool, segments: usize, inset: f32) -> MeshData {
    let (w, d) = layout::board_size(board, has_stores);
    let (w, d) = (w - 2.0 * inset, d - 2.0 * inset);
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

/// Height of a bowl's surface at normalised distance `f` (0 centre, 1 rim): a round
/// hollow whose wall rolls over smoothly into the board at the rim (no sharp edge).
pub fn bowl_height(f: f32, depth: f32) -> f32 {
    -depth * (1.0 - f.clamp(0.0, 1.0).powi(2)).powf(1.5)
}

/// Light that reaches a point of a hollow, 0..1: the deeper, the less sky it sees.
pub fn hollow_occlusion(y: f32, depth: f32) -> f32 {
    1.0 - 0.6 * (-y / depth).clamp(0.0, 1.0).powf(0.8)
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
                // The inner surface's normal: up and towards the centre (the slope
                // of the profile, dy/df, spread over the two radii).
                let slope = 3.0 * depth * f * (1.0 - f * f).max(0.0).sqrt();
                let (cx, cz) = (a.cos(), a.sin());
                let n = [slope * cx / rx, 1.0, slope * cz / rz];
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
    m.shade(|p| hollow_occlusion(p[1], depth));
    m
}

/// The board's rounded edge and sides: round the top plate (which ends `bevel` inside
/// the board's outline), a quarter-round down to the outline, then straight sides
/// down to `-height`. Corners are rounded too.
pub fn slab_edge(width: f32, depth: f32, bevel: f32, height: f32, steps: usize) -> MeshData {
    let (hx, hz) = (width / 2.0 - bevel, depth / 2.0 - bevel);
    // The outline of the plate, walked counter-clockwise (seen from above), with the
    // outward direction at each point: straight edges, and a fan at each corner.
    let mut outline: Vec<([f32; 2], [f32; 2])> = Vec::new();
    let corners = [
        (hx, hz, 0.0),
        (-hx, hz, 0.25),
        (-hx, -hz, 0.5),
        (hx, -hz, 0.75),
    ];
    for (cx, cz, start) in corners {
        for s in 0..=steps {
            let a = (start + 0.25 * s as f32 / steps as f32) * std::f32::consts::TAU;
            outline.push(([cx, cz], [a.cos(), a.sin()]));
        }
    }
    let mut m = MeshData::default();
    // Profile: angle 0 (on the plate, facing up) to 90 degrees (facing out), then down.
    let profile: Vec<(f32, f32, f32)> = (0..=steps)
        .map(|k| {
            let t = k as f32 / steps as f32 * std::f32::consts::FRAC_PI_2;
            (bevel * t.sin(), bevel * t.cos() - bevel, t)
        })
        .chain(std::iter::once((
            bevel,
            -height,
            std::f32::consts::FRAC_PI_2,
        )))
        .collect();
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for &(p, dir) in &outline {
        let row = profile
            .iter()
            .map(|&(out, y, t)| {
                let pos = [p[0] + dir[0] * out, y, p[1] + dir[1] * out];
                let n = [dir[0] * t.sin(), t.cos(), dir[1] * t.sin()];
                let i = m.vertex(pos, n);
                // Along the edge the texture follows the outline.
                m.uvs[i as usize] = [(pos[0] + pos[2]) * 0.25, (y - out) * 0.5];
                i
            })
            .collect();
        rows.push(row);
    }
    for r in 0..rows.len() {
        let (a, b) = (&rows[r], &rows[(r + 1) % rows.len()]);
        for k in 0..profile.len() - 1 {
            let facing = m.normals[a[k] as usize];
            let facing = [
                facing[0] + m.normals[a[k + 1] as usize][0],
                facing[1] + m.normals[a[k + 1] as usize][1],
                facing[2] + m.normals[a[k + 1] as usize][2],
            ];
            m.triangle(a[k], b[k], b[k + 1], facing);
            m.triangle(a[k], b[k + 1], a[k + 1], facing);
        }
    }
    // The lower sides are a little darker: the table's shade creeps up them.
    m.shade(|p| 1.0 - 0.35 * (-p[1] / height).clamp(0.0, 1.0).powi(2));
    m
}

/// A surface of revolution round the y axis: `profile` is (radius, height) from the
/// outside bottom, up and over the lip, down to the inside centre. Normals point to
/// the right of the walk (outwards on the outside, up on the inside).
pub fn lathe(profile: &[[f32; 2]], segments: usize) -> MeshData {
    let mut m = MeshData::default();
    let mut rings = Vec::new();
    for (j, p) in profile.iter().enumerate() {
        let prev = profile[j.saturating_sub(1)];
        let next = profile[(j + 1).min(profile.len() - 1)];
        let (dr, dy) = (next[0] - prev[0], next[1] - prev[1]);
        // The left normal of the walk direction in the (r, y) plane.
        let len = (dr * dr + dy * dy).sqrt().max(1e-9);
        let (nr, ny) = (dy / len, -dr / len);
        let ring: Vec<u32> = (0..segments)
            .map(|i| {
                let a = i as f32 / segments as f32 * std::f32::consts::TAU;
                let (c, s) = (a.cos(), a.sin());
                let i = m.vertex([p[0] * c, p[1], p[0] * s], [nr * c, ny, nr * s]);
                m.uvs[i as usize] = [a / std::f32::consts::TAU * 3.0, j as f32 * 0.1];
                i
            })
            .collect();
        rings.push(ring);
    }
    for j in 0..rings.len() - 1 {
        for i in 0..segments {
            let k = (i + 1) % segments;
            let (a, b, c, d) = (rings[j][i], rings[j][k], rings[j + 1][k], rings[j + 1][i]);
            let n = m.normals[a as usize];
            let n2 = m.normals[c as usize];
            let facing = [n[0] + n2[0], n[1] + n2[1], n[2] + n2[2]];
            m.triangle(a, b, c, facing);
            m.triangle(a, c, d, facing);
        }
    }
    m
}

/// A bowl for captured seeds, `radius` across at the lip: a half calabash (round
/// belly, thin lip) or a turned wooden bowl (a foot, flared sides). Its inside floor is
/// at [`tray_floor`].
pub fn tray(radius: f32, calabash: bool, segments: usize) -> MeshData {
    let r = radius;
    let profile: Vec<[f32; 2]> = if calabash {
        let mut p: Vec<[f32; 2]> = (0..=8)
            .map(|k| {
                let t = k as f32 / 8.0 * std::f32::consts::FRAC_PI_2;
                [r * t.sin(), TRAY_HEIGHT * (1.0 - t.cos())]
            })
            .collect();
        p.push([r * 0.97, TRAY_HEIGHT]);
        p.extend((0..=8).map(|k| {
            let t = (8 - k) as f32 / 8.0 * std::f32::consts::FRAC_PI_2;
            [
                r * 0.95 * t.sin(),
                TRAY_FLOOR + (TRAY_HEIGHT - TRAY_FLOOR) * (1.0 - t.cos()),
            ]
        }));
        p
    } else {
        vec![
            [0.0, 0.0],
            [r * 0.55, 0.0],
            [r * 0.56, 0.03],
            [r * 0.62, 0.04],
            [r * 0.9, TRAY_HEIGHT * 0.6],
            [r, TRAY_HEIGHT],
            [r * 0.95, TRAY_HEIGHT + 0.01],
            [r * 0.88, TRAY_HEIGHT * 0.6],
            [r * 0.5, TRAY_FLOOR + 0.01],
            [0.0, TRAY_FLOOR],
        ]
    };
    let mut m = lathe(&profile, segments);
    // The inside is shaded by its own walls.
    m.shade(|p| {
        let inside = (p[0] * p[0] + p[2] * p[2]).sqrt() < r * 0.93 && p[1] > 0.02;
        if inside {
            0.55 + 0.45 * ((p[1] - TRAY_FLOOR) / (TRAY_HEIGHT - TRAY_FLOOR)).clamp(0.0, 1.0)
        } else {
            1.0
        }
    });
    m
}

/// Height of a tray's lip above the table.
pub const TRAY_HEIGHT: f32 = 0.3;
/// Height of a tray's inside floor above the table, at its centre.
pub const TRAY_FLOOR: f32 = 0.05;

/// Height of a tray's inside floor at distance `d` from its centre.
pub fn tray_floor(d: f32, radius: f32) -> f32 {
    let f = (d / (radius * 0.95)).clamp(0.0, 1.0);
    TRAY_FLOOR + (TRAY_HEIGHT - TRAY_FLOOR) * (1.0 - (1.0 - f * f).max(0.0).sqrt())
}

/// Turns geometry into a Bevy mesh (with tangents, for normal maps).
pub fn to_mesh(m: MeshData) -> bevy::mesh::Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::Mesh;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let colours = m.colours;
    let mut mesh = Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, m.positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, m.normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, m.uvs)
    .with_inserted_indices(Indices::U32(m.indices));
    if !colours.is_empty() {
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
    }
    one_layout(mesh)
}

/// Gives a mesh the attributes every mesh of the scene has: positions, normals, UVs,
/// tangents and vertex colours (white where it had none). With one vertex layout,
/// and a normal map on every lit material ([`FLAT_NORMAL`] where a
/// surface has no relief), the renderer compiles one shader program for the whole
/// scene instead of one per combination: in the browser's software WebGL each took
/// a few hundred milliseconds before the first board showed.
pub fn one_layout(mut mesh: bevy::mesh::Mesh) -> bevy::mesh::Mesh {
    use bevy::mesh::Mesh;
    let n = mesh.count_vertices();
    if !mesh.contains_attribute(Mesh::ATTRIBUTE_UV_0) {
        mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0f32, 0.0]; n]);
    }
    if !mesh.contains_attribute(Mesh::ATTRIBUTE_COLOR) {
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![[1.0f32, 1.0, 1.0, 1.0]; n]);
    }
    // Without tangents a normal map is ignored; a degenerate mesh keeps its look.
    if mesh.generate_tangents().is_err() {
        mesh.insert_attribute(Mesh::ATTRIBUTE_TANGENT, vec![[1.0f32, 0.0, 0.0, 1.0]; n]);
    }
    mesh
}

/// A normal map with no relief (one texel pointing straight out), for lit materials
/// whose surface is smooth: with it every lit material of the scene has a normal map
/// and shares one shader program (see [`one_layout`]). The scene's plugin makes it.
pub const FLAT_NORMAL: bevy::asset::Handle<bevy::image::Image> =
    bevy::asset::uuid_handle!("6f1d3c2a-8b4e-4f7a-9c21-5d0e7a3b9f46");

/// The image behind [`FLAT_NORMAL`].
pub fn flat_normal_image() -> bevy::image::Image {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    bevy::image::Image::new_fill(
        Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[128, 128, 255, 255],
        TextureFormat::Rgba8Unorm,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    )
}

/// A smooth lit material: the flat normal map added (see [`FLAT_NORMAL`]).
pub fn smooth(material: bevy::pbr::StandardMaterial) -> bevy::pbr::StandardMaterial {
    bevy::pbr::StandardMaterial {
        normal_map_texture: Some(FLAT_NORMAL),
        ..material
    }
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
            let got = area(&top_plate(&board, stores, 64, BEVEL));
            let want = (w - 2.0 * BEVEL) * (d - 2.0 * BEVEL) - holes;
            assert!((got - want).abs() / want < 0.01, "{game}: {got} vs {want}");
        }
    }

    #[test]
    fn plate_faces_up_and_bowl_faces_in() {
        let board = Board::new(Game::Hawalis, 8);
        let plate = top_plate(&board, false, 24, BEVEL);
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

    #[test]
    fn a_hollow_is_darker_at_the_bottom_than_at_the_rim() {
        let b = bowl(0.4, 0.4, PIT_DEPTH, 24, 6);
        assert_eq!(b.colours.len(), b.positions.len());
        let (mut bottom, mut rim) = (1.0f32, 0.0f32);
        for (p, c) in b.positions.iter().zip(&b.colours) {
            if p[1] < -PIT_DEPTH * 0.95 {
                bottom = bottom.min(c[0]);
            }
            if p[1] > -0.01 {
                rim = rim.max(c[0]);
            }
        }
        assert!(bottom < 0.5 && rim > 0.95, "bottom {bottom}, rim {rim}");
    }

    #[test]
    fn the_rim_rolls_over_without_an_edge() {
        // The wall's slope at the rim is flat, and the hollow's floor is its deepest.
        let near_rim = bowl_height(0.999, PIT_DEPTH);
        assert!(near_rim > -0.002, "{near_rim}");
        assert!((bowl_height(0.0, PIT_DEPTH) + PIT_DEPTH).abs() < 1e-6);
        for k in 0..20 {
            let (a, b) = (k as f32 / 20.0, (k + 1) as f32 / 20.0);
            assert!(bowl_height(a, PIT_DEPTH) <= bowl_height(b, PIT_DEPTH));
        }
    }

    #[test]
    fn the_slab_edge_meets_the_plate_and_faces_out() {
        let (w, d) = (8.5, 4.8);
        let m = slab_edge(w, d, BEVEL, 0.42, 6);
        let (mut max_x, mut max_z, mut top) = (0.0f32, 0.0f32, -1.0f32);
        for (p, n) in m.positions.iter().zip(&m.normals) {
            max_x = max_x.max(p[0].abs());
            max_z = max_z.max(p[2].abs());
            top = top.max(p[1]);
            // Every normal points away from the board's middle or up.
            let out = p[0] * n[0] + p[2] * n[2];
            assert!(out >= -1e-4 || n[1] > 0.99, "{p:?} {n:?}");
        }
        assert!((max_x - w / 2.0).abs() < 1e-4 && (max_z - d / 2.0).abs() < 1e-4);
        assert!(top.abs() < 1e-5, "the edge starts level with the plate");
    }

    #[test]
    fn seeds_in_a_tray_lie_on_its_floor_inside_its_walls() {
        for calabash in [true, false] {
            let t = tray(0.8, calabash, 24);
            let max_r = t
                .positions
                .iter()
                .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
                .fold(0.0, f32::max);
            assert!((max_r - 0.8).abs() < 1e-4);
            assert!(
                t.positions
                    .iter()
                    .all(|p| p[1] >= -1e-5 && p[1] <= TRAY_HEIGHT + 0.02)
            );
        }
        assert!((tray_floor(0.0, 0.8) - TRAY_FLOOR).abs() < 1e-6);
        assert!(tray_floor(0.7, 0.8) > tray_floor(0.3, 0.8));
    }
}
