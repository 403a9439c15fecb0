//! Textures made in code at start-up, so that the game ships no image files for its
//! materials: wood grain, dug earth, woven mats, bark cloth and the backdrop. Plain
//! Rust (no Bevy types), deterministic for a seed, and tileable where a material
//! repeats. [`SurfaceMaps`] holds a material's colour, normal and roughness maps.

/// An RGBA8 picture, rows top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct TextureData {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// The maps of one material: colour (sRGB), tangent-space normal (linear) and
/// occlusion-roughness-metal (linear: R occlusion, G roughness, B metal, as
/// glTF and Bevy read them).
#[derive(Clone, Debug)]
pub struct SurfaceMaps {
    pub albedo: TextureData,
    pub normal: TextureData,
    pub orm: TextureData,
}

/// A colour in sRGB, 0..1.
pub type Rgb = [f32; 3];

/// What a material is made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Surface {
    /// Plain-sawn wood: growth rings as bands, fibres along the grain (u), some wear.
    Wood {
        light: Rgb,
        dark: Rgb,
        /// Growth rings across one tile.
        rings: f32,
        /// Gloss of the finish (0 dull, 1 polished).
        polish: f32,
    },
    /// Packed earth with grit and small stones, dry cracks.
    Earth { base: Rgb, stone: Rgb },
    /// A mat woven from flat strands (palm leaf, reed, sisal), `strands` across a tile.
    Weave { light: Rgb, dark: Rgb, strands: u32 },
    /// Beaten bark cloth: long fibres and the marks of the mallet.
    Barkcloth { base: Rgb },
}

// The small helpers below run for every texel and octave at start-up. They are always
// inlined: the published browser build compiles the game for size (Cargo.toml's
// `wasm-release`), where a call this small is otherwise kept.

/// A hash of a lattice point to 0..1.
#[inline(always)]
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0x00ff_ffff) as f32 / 16_777_216.0
}

#[inline(always)]
fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Value noise at (x, y) in lattice units, repeating every `px` by `py` lattice cells.
#[inline(always)]
fn value_noise(x: f32, y: f32, px: i32, py: i32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (smooth(x - x0), smooth(y - y0));
    // The cell's two columns and two rows, wrapped into the tile: one division each
    // way (this runs for every texel and octave at start-up, in the browser too).
    let (x0, x1) = wrapped(x0 as i32, px);
    let (y0, y1) = wrapped(y0 as i32, py);
    let top = hash(x0, y0, seed) + (hash(x1, y0, seed) - hash(x0, y0, seed)) * fx;
    let bottom = hash(x0, y1, seed) + (hash(x1, y1, seed) - hash(x0, y1, seed)) * fx;
    top + (bottom - top) * fy
}

/// Lattice line `i` and the next, wrapped into 0..`period` (`rem_euclid`).
#[inline(always)]
fn wrapped(i: i32, period: i32) -> (i32, i32) {
    let period = period.max(1);
    let a = i.rem_euclid(period);
    (a, if a + 1 == period { 0 } else { a + 1 })
}

/// Fractal noise over a tile: (u, v) in 0..1, `fx` by `fy` lattice cells at the first
/// octave; repeats at the tile's edges. Returns 0..1.
pub fn fbm(u: f32, v: f32, fx: i32, fy: i32, octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut amp, mut norm) = (0.0, 0.5, 0.0);
    let (mut px, mut py) = (fx, fy);
    for o in 0..octaves {
        sum += amp * value_noise(u * px as f32, v * py as f32, px, py, seed.wrapping_add(o));
        norm += amp;
        amp *= 0.5;
        px *= 2;
        py *= 2;
    }
    sum / norm
}

#[inline(always)]
fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

#[inline(always)]
fn scale(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k]
}

#[inline(always)]
fn byte(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// One texel of a material: colour, height (for the normal map) and roughness.
struct Texel {
    colour: Rgb,
    height: f32,
    roughness: f32,
}

fn wood(u: f32, v: f32, light: Rgb, dark: Rgb, rings: f32, polish: f32, seed: u32) -> Texel {
    // Growth rings: bands across v, bent by slow noise into the flame figure of a
    // plain-sawn board.
    let warp = fbm(u, v, 2, 3, 4, seed) - 0.5;
    let g = v * rings + warp * 1.4 + (fbm(u, v, 1, 6, 3, seed + 7) - 0.5) * 0.5;
    let ring = g - g.floor();
    // Late wood darkens towards the ring's edge, then gives way to the next ring's
    // early wood over a short, soft step.
    let late = if ring < 0.88 {
        (ring / 0.88).powf(2.2)
    } else {
        1.0 - smooth((ring - 0.88) / 0.12)
    };
    // Fibres: noise stretched along the grain.
    let fibre = fbm(u, v, 3, 96, 3, seed + 11);
    // Pores: short dark flecks along the grain.
    let pore = value_noise(u * 40.0, v * 320.0, 40, 320, seed + 19);
    let pore = if pore > 0.82 {
        (pore - 0.82) * 3.0
    } else {
        0.0
    };
    // Wear: broad, lighter patches where hands rest.
    let wear = fbm(u, v, 2, 2, 3, seed + 23);
    let t = (0.6 * late + 0.4 * fibre + pore).clamp(0.0, 1.0);
    let colour = scale(mix(light, dark, t), 0.88 + 0.24 * wear);
    Texel {
        colour,
        height: 0.55 * late + 0.35 * fibre - pore,
        roughness: (0.62 - 0.35 * polish) + 0.18 * late + 0.1 * (1.0 - wear),
    }
}

fn earth(u: f32, v: f32, base: Rgb, stone: Rgb, seed: u32) -> Texel {
    let blotch = fbm(u, v, 4, 4, 5, seed);
    let grit = value_noise(u * 256.0, v * 256.0, 256, 256, seed + 3);
    let mut colour = scale(base, 0.72 + 0.5 * blotch + 0.12 * (grit - 0.5));
    let mut height = 0.6 * blotch + 0.15 * grit;
    // Cracks: where ridged noise is near its crest.
    let c = fbm(u, v, 6, 6, 3, seed + 5);
    let ridge = 1.0 - (2.0 * c - 1.0).abs();
    if ridge > 0.97 {
        let k = (ridge - 0.97) / 0.03;
        colour = scale(colour, 1.0 - 0.15 * k);
        height -= 0.4 * k;
    }
    // Small stones: one per cell of a 24 x 24 grid where the cell's die says so.
    let n = 24.0;
    let (cx, cy) = ((u * n).floor(), (v * n).floor());
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (ix, iy) = (cx as i32 + dx, cy as i32 + dy);
            let (wx, wy) = (ix.rem_euclid(n as i32), iy.rem_euclid(n as i32));
            if hash(wx, wy, seed + 9) > 0.22 {
                continue;
            }
            let sx = ix as f32 + hash(wx, wy, seed + 10);
            let sy = iy as f32 + hash(wx, wy, seed + 11);
            let r = 0.12 + 0.22 * hash(wx, wy, seed + 12);
            let d = ((u * n - sx).powi(2) + (v * n - sy).powi(2)).sqrt();
            if d < r {
                let bump = (1.0 - (d / r).powi(2)).sqrt();
                let tint = 0.7 + 0.4 * hash(wx, wy, seed + 13);
                colour = mix(colour, scale(stone, tint), 0.6 * bump + 0.2);
                height = height.max(0.6 + 0.4 * bump);
            }
        }
    }
    Texel {
        colour,
        height,
        roughness: 0.93,
    }
}

fn weave(u: f32, v: f32, light: Rgb, dark: Rgb, strands: u32, seed: u32) -> Texel {
    let n = strands as f32;
    let (i, j) = ((u * n).floor() as i32, (v * n).floor() as i32);
    let (fu, fv) = (u * n - i as f32, v * n - j as f32);
    // A twill: each strand passes over two, under two, shifted each row.
    let over_u = (i + j).rem_euclid(4) < 2;
    let (across, along, strand, grain_u, grain_v) = if over_u {
        (fv, fu, j, 4.0, 0.3)
    } else {
        (fu, fv, i + 1000, 0.3, 4.0)
    };
    // Each strand its own shade; fibres along it; darker at the edges and where it
    // dives under its neighbour.
    let shade = hash(strand, 0, seed);
    let fibre = value_noise(u * n * grain_u * 8.0, v * n * grain_v * 8.0, 0, 0, seed + 3);
    let profile = (std::f32::consts::PI * across).sin();
    let dive = (std::f32::consts::PI * (along * 0.5 + 0.25))
        .sin()
        .powf(0.3);
    let t = (0.35 * shade + 0.35 * fibre + 0.45 * (1.0 - profile * dive)).clamp(0.0, 1.0);
    Texel {
        colour: mix(light, dark, t),
        height: profile * dive * 0.8 + 0.1 * fibre,
        roughness: 0.8 + 0.1 * fibre,
    }
}

fn barkcloth(u: f32, v: f32, base: Rgb, seed: u32) -> Texel {
    let fibre = fbm(u, v, 2, 64, 4, seed);
    let mottle = fbm(u, v, 4, 2, 5, seed + 5);
    // The mallet's grooves: faint lines across the cloth, unevenly spaced.
    let g = v * 48.0 + (fbm(u, v, 3, 2, 2, seed + 9) - 0.5) * 6.0;
    let groove = ((g * std::f32::consts::TAU).sin() * 0.5 + 0.5).powi(6);
    let colour = scale(base, 0.55 + 0.6 * mottle + 0.3 * fibre - 0.15 * groove);
    Texel {
        colour,
        height: 0.6 * fibre - 0.3 * groove + 0.2 * mottle,
        roughness: 0.92,
    }
}

fn texel(surface: &Surface, u: f32, v: f32, seed: u32) -> Texel {
    match *surface {
        Surface::Wood {
            light,
            dark,
            rings,
            polish,
        } => wood(u, v, light, dark, rings, polish, seed),
        Surface::Earth { base, stone } => earth(u, v, base, stone, seed),
        Surface::Weave {
            light,
            dark,
            strands,
        } => weave(u, v, light, dark, strands, seed),
        Surface::Barkcloth { base } => barkcloth(u, v, base, seed),
    }
}

/// Makes a material's three maps, `size` texels square, tileable.
pub fn surface_maps(surface: &Surface, size: u32, seed: u32) -> SurfaceMaps {
    let n = size as usize;
    let mut heights = vec![0.0f32; n * n];
    let mut albedo = Vec::with_capacity(n * n * 4);
    let mut orm = Vec::with_capacity(n * n * 4);
    for y in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / n as f32, y as f32 / n as f32);
            let t = texel(surface, u, v, seed);
            heights[y * n + x] = t.height;
            albedo.extend([byte(t.colour[0]), byte(t.colour[1]), byte(t.colour[2]), 255]);
            orm.extend([255, byte(t.roughness), 0, 255]);
        }
    }
    // Normals from the height field's slopes (wrapping, so the map tiles too).
    let strength = match surface {
        Surface::Wood { .. } => 0.45,
        Surface::Earth { .. } => 3.0,
        Surface::Weave { .. } => 4.0,
        Surface::Barkcloth { .. } => 2.0,
    } * n as f32
        / 256.0;
    let mut normal = Vec::with_capacity(n * n * 4);
    for y in 0..n {
        for x in 0..n {
            let h = |dx: isize, dy: isize| {
                let xx = (x as isize + dx).rem_euclid(n as isize) as usize;
                let yy = (y as isize + dy).rem_euclid(n as isize) as usize;
                heights[yy * n + xx]
            };
            let dx = (h(1, 0) - h(-1, 0)) * strength / 2.0;
            let dy = (h(0, 1) - h(0, -1)) * strength / 2.0;
            let len = (dx * dx + dy * dy + 1.0).sqrt();
            // Green up (OpenGL convention, which Bevy reads): v runs down the picture.
            let (nx, ny, nz) = (-dx / len, dy / len, 1.0 / len);
            normal.extend([
                byte(nx * 0.5 + 0.5),
                byte(ny * 0.5 + 0.5),
                byte(nz * 0.5 + 0.5),
                255,
            ]);
        }
    }
    SurfaceMaps {
        albedo: TextureData {
            width: size,
            height: size,
            rgba: albedo,
        },
        normal: TextureData {
            width: size,
            height: size,
            rgba: normal,
        },
        orm: TextureData {
            width: size,
            height: size,
            rgba: orm,
        },
    }
}

/// The picture and its smaller versions (each half the last, averaged 2 x 2) down to
/// one texel, one after the other: what the GPU samples far away, so that distant
/// grain blends instead of shimmering. Returns the bytes and the number of levels.
pub fn mip_chain(t: &TextureData) -> (Vec<u8>, u32) {
    let mut out = t.rgba.clone();
    let (mut w, mut h) = (t.width as usize, t.height as usize);
    let mut level = t.rgba.clone();
    let mut levels = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = Vec::with_capacity(nw * nh * 4);
        for y in 0..nh {
            for x in 0..nw {
                for c in 0..4 {
                    let mut sum = 0u32;
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let sx = (2 * x + dx).min(w - 1);
                        let sy = (2 * y + dy).min(h - 1);
                        sum += level[(sy * w + sx) * 4 + c] as u32;
                    }
                    next.push(((sum + 2) / 4) as u8);
                }
            }
        }
        out.extend_from_slice(&next);
        level = next;
        (w, h) = (nw, nh);
        levels += 1;
    }
    (out, levels)
}

/// What stands behind the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Backdrop {
    /// A lime-washed wall in warm light, darker towards the edges.
    Wall { lit: Rgb, shade: Rgb },
    /// Open country: a hazy sky over a line of distant bush.
    Country { sky: Rgb, haze: Rgb, bush: Rgb },
}

/// Paints the backdrop (not tileable): `size` wide, `size / 2` high, u across, v down.
pub fn backdrop(kind: &Backdrop, size: u32, seed: u32) -> TextureData {
    let (w, h) = (size as usize, (size / 2) as usize);
    let mut rgba = Vec::with_capacity(w * h * 4);
    for y in 0..h {
        for x in 0..w {
            let (u, v) = (x as f32 / w as f32, y as f32 / h as f32);
            let c = match *kind {
                Backdrop::Wall { lit, shade } => {
                    // A soft pool of light behind the board; lime wash blotches.
                    // (The foot of the wall, where the board stands, is what shows.)
                    let d = ((u - 0.5) * 1.6).powi(2) + ((v - 0.75) * 1.2).powi(2);
                    let pool = (-d * 2.5).exp();
                    let wash = fbm(u, v, 6, 3, 5, seed);
                    let c = mix(shade, lit, pool);
                    // A darker plinth along the foot of the wall.
                    let plinth = if v > 0.9 { 0.8 } else { 1.0 };
                    scale(c, (0.85 + 0.3 * wash) * plinth)
                }
                Backdrop::Country { sky, haze, bush } => {
                    // The horizon of distant bush, a band with an uneven top edge.
                    let top = 0.58
                        - 0.12 * fbm(u, 0.0, 8, 1, 5, seed)
                        - 0.05 * fbm(u, 0.5, 40, 1, 2, seed + 1);
                    let c = if v > top {
                        // Crowns of trees: round blotches of light and shade.
                        let depth = ((v - top) * 3.0).min(1.0);
                        let crowns = fbm(u, v, 24, 12, 4, seed + 2);
                        scale(mix(haze, bush, 0.45 + 0.55 * depth), 0.7 + 0.6 * crowns)
                    } else {
                        mix(sky, haze, (v / 0.55).min(1.0).powf(2.0))
                    };
                    // Vignette, so the eye stays on the board.
                    let e = ((u - 0.5) * 2.0).powi(2);
                    scale(c, 1.0 - 0.35 * e)
                }
            };
            rgba.extend([byte(c[0]), byte(c[1]), byte(c[2]), 255]);
        }
    }
    TextureData {
        width: w as u32,
        height: h as u32,
        rgba,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wood() -> Surface {
        Surface::Wood {
            light: [0.55, 0.35, 0.2],
            dark: [0.3, 0.17, 0.08],
            rings: 7.0,
            polish: 0.5,
        }
    }

    fn all() -> Vec<Surface> {
        vec![
            wood(),
            Surface::Earth {
                base: [0.55, 0.3, 0.18],
                stone: [0.6, 0.58, 0.55],
            },
            Surface::Weave {
                light: [0.8, 0.7, 0.5],
                dark: [0.45, 0.35, 0.2],
                strands: 16,
            },
            Surface::Barkcloth {
                base: [0.5, 0.28, 0.15],
            },
        ]
    }

    /// Mean and standard deviation of a map's red channel.
    fn spread(t: &TextureData) -> (f32, f32) {
        let vals: Vec<f32> = t.rgba.chunks(4).map(|p| p[0] as f32).collect();
        let mean = vals.iter().sum::<f32>() / vals.len() as f32;
        let var = vals.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / vals.len() as f32;
        (mean, var.sqrt())
    }

    #[test]
    fn lattice_lines_wrap_as_rem_euclid_does() {
        for period in [1i32, 2, 3, 40, 320] {
            for i in -700i32..700 {
                let want = (i.rem_euclid(period), (i + 1).rem_euclid(period));
                assert_eq!(wrapped(i, period), want, "{i} in {period}");
            }
        }
    }

    #[test]
    fn noise_repeats_at_the_tile_edge() {
        for (fx, fy) in [(2, 3), (3, 96), (6, 6)] {
            for k in 0..20 {
                let v = k as f32 / 20.0;
                let a = fbm(0.0, v, fx, fy, 4, 9);
                let b = fbm(1.0, v, fx, fy, 4, 9);
                assert!((a - b).abs() < 1e-4, "{fx}x{fy} at v={v}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn every_material_has_detail_not_a_flat_fill() {
        for s in all() {
            let maps = surface_maps(&s, 128, 1);
            assert_eq!(maps.albedo.rgba.len(), 128 * 128 * 4);
            let (_, sd) = spread(&maps.albedo);
            assert!(sd > 6.0, "{s:?}: colour varies by only {sd}");
            let (mean, sd) = spread(&maps.normal);
            assert!(sd > 1.0, "{s:?}: the normal map is flat ({sd})");
            assert!((mean - 128.0).abs() < 30.0, "{s:?}: normals lean: {mean}");
        }
    }

    #[test]
    fn maps_are_deterministic_and_the_seed_matters() {
        let a = surface_maps(&wood(), 32, 5);
        let b = surface_maps(&wood(), 32, 5);
        let c = surface_maps(&wood(), 32, 6);
        assert_eq!(a.albedo, b.albedo);
        assert_ne!(a.albedo, c.albedo);
    }

    #[test]
    fn normals_point_out_of_the_surface() {
        for s in all() {
            let maps = surface_maps(&s, 32, 2);
            assert!(maps.normal.rgba.chunks(4).all(|p| p[2] > 128), "{s:?}");
        }
    }

    #[test]
    fn the_mip_chain_halves_down_to_one_texel_and_keeps_the_mean() {
        let maps = surface_maps(&wood(), 64, 4);
        let (bytes, levels) = mip_chain(&maps.albedo);
        assert_eq!(levels, 7); // 64, 32, 16, 8, 4, 2, 1
        let total: usize = (0..7).map(|l| (64usize >> l).pow(2) * 4).sum();
        assert_eq!(bytes.len(), total);
        let last = &bytes[bytes.len() - 4..];
        let (mean, _) = spread(&maps.albedo);
        assert!((last[0] as f32 - mean).abs() < 3.0, "{} vs {mean}", last[0]);
    }

    #[test]
    fn backdrops_are_lighter_behind_the_board_than_at_the_edges() {
        let wall = Backdrop::Wall {
            lit: [0.8, 0.65, 0.5],
            shade: [0.2, 0.14, 0.1],
        };
        let t = backdrop(&wall, 64, 3);
        assert_eq!(t.rgba.len(), 64 * 32 * 4);
        let centre = t.rgba[((18 * 64 + 32) * 4) as usize];
        let edge = t.rgba[((18 * 64 + 1) * 4) as usize];
        assert!(centre > edge + 20, "centre {centre}, edge {edge}");
    }
}
