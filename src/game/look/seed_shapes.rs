//! The shapes of seeds, stones and shells as plain meshes (no Bevy types): a sphere
//! pulled into each kind's shape, with a few irregular lobes so that no two variants
//! are alike. Every shape rests on y = -[`SEED_RADIUS`], where piles expect it.

use super::SeedKind;
use super::carving::MeshData;
use super::layout::SEED_RADIUS;

/// Different shapes made of each kind; each seed takes one.
pub const VARIANTS: u32 = 4;

/// A small deterministic generator for the shapes' irregularity.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32) / (1u64 << 24) as f32
    }
}

/// How a kind departs from a sphere: stretch along (x, y, z), lobe amplitude and
/// frequency.
fn proportions(kind: SeedKind) -> ([f32; 3], f32, f32) {
    match kind {
        SeedKind::Empiki => ([1.0, 0.86, 0.96], 0.03, 1.5),
        SeedKind::Nyibare => ([1.22, 0.72, 0.86], 0.04, 1.5),
        SeedKind::Pebble => ([1.18, 0.62, 0.96], 0.16, 2.2),
        SeedKind::Cowrie => ([1.32, 0.74, 0.9], 0.02, 1.0),
        SeedKind::Komwe => ([1.0, 0.93, 0.98], 0.02, 1.2),
    }
}

/// How finely a seed is cut into triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// 480 triangles: round at any size on screen.
    Fine,
    /// 120 triangles, for low graphics: a seed there is a few pixels across, and a
    /// software renderer pays for every triangle of the 284 seeds of Nsolo 4x36 in
    /// three passes (shadow, depth and colour).
    Coarse,
}

impl Detail {
    /// Rings (pole to pole) and segments (round the equator) of the sphere.
    fn rings_and_segments(self) -> (usize, usize) {
        match self {
            Detail::Fine => (12, 20),
            Detail::Coarse => (6, 10),
        }
    }
}

/// The mesh of variant `variant` of a kind of seed, in world units.
pub fn seed_mesh(kind: SeedKind, variant: u32, detail: Detail) -> MeshData {
    let (stretch, amp, freq) = proportions(kind);
    let mut dice = Dice(0x9e37_79b9 ^ ((variant as u64 + 1) * 0x1000_0001) ^ (kind as u64 * 977));
    let lobes: Vec<([f32; 3], f32, f32)> = (0..5)
        .map(|_| {
            let (a, b) = (dice.next() * std::f32::consts::TAU, dice.next() * 2.0 - 1.0);
            let r = (1.0 - b * b).sqrt();
            let dir = [r * a.cos(), b, r * a.sin()];
            (
                dir,
                dice.next() * std::f32::consts::TAU,
                0.6 + dice.next() * 0.8,
            )
        })
        .collect();
    let (rings, segments) = detail.rings_and_segments();
    let mut m = MeshData::default();
    for j in 0..=rings {
        let theta = j as f32 / rings as f32 * std::f32::consts::PI;
        for i in 0..=segments {
            let phi = i as f32 / segments as f32 * std::f32::consts::TAU;
            let d = [
                theta.sin() * phi.cos(),
                theta.cos(),
                theta.sin() * phi.sin(),
            ];
            let wobble: f32 = lobes
                .iter()
                .map(|(k, phase, a)| {
                    a * ((d[0] * k[0] + d[1] * k[1] + d[2] * k[2]) * freq * 3.0 + phase).cos()
                })
                .sum::<f32>()
                / lobes.len() as f32;
            let r = 1.0 + amp * wobble;
            let mut p = [
                d[0] * r * stretch[0],
                d[1] * r * stretch[1],
                d[2] * r * stretch[2],
            ];
            if kind == SeedKind::Cowrie {
                // A flat underside with the shell's slit along it.
                if p[1] < -0.3 {
                    p[1] = -0.3 + (p[1] + 0.3) * 0.25;
                }
                if p[1] < 0.0 && p[2].abs() < 0.14 {
                    p[1] += 0.12 * (1.0 - p[2].abs() / 0.14);
                }
            }
            m.positions.push(p);
            m.normals.push(d);
            m.uvs
                .push([i as f32 / segments as f32, j as f32 / rings as f32]);
        }
    }
    let row = segments as u32 + 1;
    for j in 0..rings as u32 {
        for i in 0..segments as u32 {
            let (a, b) = (j * row + i, j * row + i + 1);
            let (c, d) = ((j + 1) * row + i + 1, (j + 1) * row + i);
            m.indices.extend([a, b, c, a, c, d]);
        }
    }
    // With theta down from the top and phi round, (a, b, c) winds counter-clockwise
    // seen from outside: the faces (and the normals made from them) point out.
    m.recompute_normals();
    // Scale to a seed and set it down on its resting height.
    let min_y = m.positions.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
    for p in &mut m.positions {
        *p = [
            p[0] * SEED_RADIUS,
            (p[1] - min_y) * SEED_RADIUS - SEED_RADIUS,
            p[2] * SEED_RADIUS,
        ];
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [SeedKind; 5] = [
        SeedKind::Empiki,
        SeedKind::Nyibare,
        SeedKind::Pebble,
        SeedKind::Cowrie,
        SeedKind::Komwe,
    ];

    #[test]
    fn every_shape_rests_on_the_pile_floor_and_fits_a_pile_slot() {
        for (kind, detail) in KINDS
            .iter()
            .flat_map(|&k| [(k, Detail::Fine), (k, Detail::Coarse)])
        {
            for v in 0..VARIANTS {
                let m = seed_mesh(kind, v, detail);
                let min_y = m.positions.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
                assert!((min_y + SEED_RADIUS).abs() < 1e-5, "{kind:?} {v}");
                let widest = m
                    .positions
                    .iter()
                    .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
                    .fold(0.0, f32::max);
                // Neighbours in a pile stand 2.1 radii apart: a seed may reach a little
                // past its own radius, not into the next.
                assert!(widest < SEED_RADIUS * 1.45, "{kind:?} {v}: {widest}");
            }
        }
    }

    #[test]
    fn normals_face_outwards() {
        for kind in KINDS {
            let m = seed_mesh(kind, 1, Detail::Fine);
            let c = m
                .positions
                .iter()
                .fold([0.0f32; 3], |a, p| [a[0] + p[0], a[1] + p[1], a[2] + p[2]]);
            let n = m.positions.len() as f32;
            let c = [c[0] / n, c[1] / n, c[2] / n];
            let outward = m
                .positions
                .iter()
                .zip(&m.normals)
                .filter(|(p, nn)| {
                    (p[0] - c[0]) * nn[0] + (p[1] - c[1]) * nn[1] + (p[2] - c[2]) * nn[2] > 0.0
                })
                .count();
            assert!(outward as f32 > 0.9 * n, "{kind:?}: {outward} of {n}");
        }
    }

    #[test]
    fn variants_differ_and_pebbles_are_less_round_than_empiki() {
        let roughness = |kind| {
            let m = seed_mesh(kind, 0, Detail::Fine);
            let r: Vec<f32> = m
                .positions
                .iter()
                .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
                .collect();
            r.iter().cloned().fold(0.0, f32::max) / SEED_RADIUS
        };
        assert_ne!(
            seed_mesh(SeedKind::Pebble, 0, Detail::Fine).positions,
            seed_mesh(SeedKind::Pebble, 1, Detail::Fine).positions
        );
        assert!(roughness(SeedKind::Pebble) > roughness(SeedKind::Empiki));
    }

    #[test]
    fn a_coarse_seed_has_a_quarter_of_the_triangles_and_the_same_size() {
        for kind in KINDS {
            let fine = seed_mesh(kind, 2, Detail::Fine);
            let coarse = seed_mesh(kind, 2, Detail::Coarse);
            assert_eq!(coarse.indices.len() * 4, fine.indices.len(), "{kind:?}");
            let extent = |m: &MeshData, axis: usize| {
                let (lo, hi) = m
                    .positions
                    .iter()
                    .fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                        (lo.min(p[axis]), hi.max(p[axis]))
                    });
                hi - lo
            };
            for axis in 0..3 {
                let (f, c) = (extent(&fine, axis), extent(&coarse, axis));
                assert!((f - c).abs() < 0.15 * f, "{kind:?} axis {axis}: {f} vs {c}");
            }
        }
    }
}
