//! How the camera frames the table: pure geometry (no ECS), shared by the camera,
//! which places itself, and by the board and seeds, which need to know where the trays
//! stand (at the board's ends or before and behind it, whichever frames bigger).

use super::layout;
use crate::rules::{Board, Player};
use bevy::math::{Mat4, Vec3};

/// Where the camera looks: the board's middle, a little below the table line.
pub const LOOK_AT: Vec3 = Vec3::new(0.0, -0.2, 0.0);

/// The home view's angle above the table (radians): steep enough to see into every
/// pit, low enough to see the wall behind the board.
pub const PITCH: f32 = 0.9;

/// The home view's angle for `board`: [`PITCH`], steeper for boards far wider than
/// deep (Nsolo 4 x 28 and wider). Such a board fills the window's width long before
/// its height, so looking more from above costs it no size, and shows its pits round
/// and their seeds whole instead of squashed into slits.
pub fn home_pitch(board: &Board, has_stores: bool) -> f32 {
    let (w, d) = layout::board_size(board, has_stores);
    let wide = ((w / d - 5.0) / 2.5).clamp(0.0, 1.0);
    PITCH + 0.35 * wide
}

/// The camera's vertical field of view (Bevy's default).
pub const FOV_Y: f32 = std::f32::consts::FRAC_PI_4;

/// The share of the half-width the framed points may fill.
const MARGIN_X: f32 = 0.97;
/// The share of the half-height they may fill, above and below, when no interface
/// covers that edge.
const MARGIN_Y: f32 = 0.9;

/// The camera's place at `dist` from the board, `pitch` above the table and turned
/// `yaw` round it.
pub fn eye(dist: f32, pitch: f32, yaw: f32) -> Vec3 {
    LOOK_AT
        + Vec3::new(
            dist * pitch.cos() * yaw.sin(),
            dist * pitch.sin(),
            dist * pitch.cos() * yaw.cos(),
        )
}

/// The free band of the window, in normalised device coordinates (-1 at the bottom
/// edge, 1 at the top): what the interface's bars along the top and bottom leave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    pub bottom: f32,
    pub top: f32,
}

impl Band {
    /// The whole window, less the usual margin.
    pub const FULL: Band = Band {
        bottom: -MARGIN_Y,
        top: MARGIN_Y,
    };

    /// What the in-game bars leave of a 1280 x 720 window (about 72 pixels at the top
    /// and 56 at the bottom): the band that decides where the trays stand. The whole
    /// window would favour placements that spread the picture upwards and downwards,
    /// where the bars are.
    pub const TYPICAL: Band = Band {
        bottom: -0.82,
        top: 0.78,
    };

    /// The band between bars `top_px` and `bottom_px` high (logical pixels) in a
    /// window `height_px` high, with a small gap; never less than a third of the
    /// window, so that a huge text size still leaves the board room.
    pub fn between_bars(top_px: f32, bottom_px: f32, height_px: f32) -> Band {
        let h = height_px.max(1.0);
        let to_ndc = |px: f32| 2.0 * (px.max(0.0) + 8.0) / h;
        let top = (1.0 - to_ndc(top_px)).min(MARGIN_Y);
        let bottom = (-1.0 + to_ndc(bottom_px)).max(-MARGIN_Y);
        if top - bottom < 0.66 {
            let mid = (top + bottom) / 2.0;
            Band {
                bottom: (mid - 0.33).max(-1.0),
                top: (mid + 0.33).min(1.0),
            }
        } else {
            Band { bottom, top }
        }
    }
}

/// How the camera frames the board: its distance, and how far the picture is moved
/// down (`lift`, in normalised device units; negative moves it up) so that the
/// board sits in the middle of the free band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Framing {
    pub dist: f32,
    pub lift: f32,
}

/// The extent of the points on screen seen from `dist`: the largest |x| and the
/// lowest and highest y, in normalised device coordinates; `None` if a point is
/// behind the camera.
pub fn extent(
    points: &[Vec3],
    dist: f32,
    pitch: f32,
    yaw: f32,
    aspect: f32,
) -> Option<(f32, f32, f32)> {
    let view = Mat4::look_at_rh(eye(dist, pitch, yaw), LOOK_AT, Vec3::Y);
    let proj = Mat4::perspective_rh(FOV_Y, aspect, 0.1, 1000.0);
    let (mut x, mut lo, mut hi) = (0.0f32, f32::MAX, f32::MIN);
    for &p in points {
        let c = proj * view * p.extend(1.0);
        if c.w <= 0.0 {
            return None;
        }
        x = x.max((c.x / c.w).abs());
        lo = lo.min(c.y / c.w);
        hi = hi.max(c.y / c.w);
    }
    Some((x, lo, hi))
}

/// The nearest distance at which every point (the board's corners, the trays) fits
/// the window's width and the free band's height, and the lift that centres them in
/// the band. Nearer parts of a tilted board look bigger, so this projects each point
/// rather than trusting the board's size.
pub fn fit(points: &[Vec3], pitch: f32, yaw: f32, aspect: f32, band: Band) -> Framing {
    let aspect = aspect.clamp(0.2, 5.0); // odd window shapes still get a sane view
    let fits = |dist: f32| {
        extent(points, dist, pitch, yaw, aspect)
            .is_some_and(|(x, lo, hi)| x <= MARGIN_X && hi - lo <= band.top - band.bottom)
    };
    let (mut near, mut far) = (1.0f32, 400.0f32);
    if fits(far) {
        for _ in 0..40 {
            let mid = (near + far) / 2.0;
            if fits(mid) {
                far = mid;
            } else {
                near = mid;
            }
        }
    }
    Framing {
        dist: far,
        lift: lift(points, far, pitch, yaw, aspect, band),
    }
}

/// The lift that centres the points, seen from `dist`, in the band.
pub fn lift(points: &[Vec3], dist: f32, pitch: f32, yaw: f32, aspect: f32, band: Band) -> f32 {
    extent(points, dist, pitch, yaw, aspect.clamp(0.2, 5.0)).map_or(0.0, |(_, lo, hi)| {
        (lo + hi) / 2.0 - (band.top + band.bottom) / 2.0
    })
}

/// Whether the trays stand at the board's ends (left of North, right of South)
/// rather than before and behind it: for boards whose own shape would leave the
/// sides of a wide window empty, such as Nsolo 4 x 8 and Hawalis 4 x 7. Decided by
/// which frames the board bigger from the home view in a 16:9 window with the game's
/// bars ([`Band::TYPICAL`]), so it depends on the board alone, not on the window.
pub fn trays_at_ends(board: &Board, has_stores: bool, radius: f32) -> bool {
    // Two fits of a few dozen points: cheap, but asked for every captured seed placed,
    // so the last answer is kept.
    /// The board's shape, stores and tray radius (its bits).
    type Key = (u8, u8, bool, u32);
    thread_local! {
        static LAST: std::cell::Cell<Option<(Key, bool)>> = const { std::cell::Cell::new(None) };
    }
    let key = (board.rows, board.cols, has_stores, radius.to_bits());
    if let Some((k, ends)) = LAST.get()
        && k == key
    {
        return ends;
    }
    let dist = |ends: bool| {
        let points = points(board, has_stores, Some((radius, ends)));
        fit(&points, PITCH, 0.0, 16.0 / 9.0, Band::TYPICAL).dist
    };
    let ends = dist(true) < dist(false);
    LAST.set(Some((key, ends)));
    ends
}

/// Centre of a player's tray (or heap) on the table, placed as [`trays_at_ends`] says.
pub fn tray_centre(board: &Board, has_stores: bool, player: Player, radius: f32) -> (f32, f32) {
    let ends = trays_at_ends(board, has_stores, radius);
    layout::tray_centre(board, has_stores, player, radius, ends)
}

/// The points the camera must keep in view: the board's top corners (a little
/// outside, for the rounded edge) and the corners of the trays beside it (`trays`:
/// their radius), placed as [`trays_at_ends`] says.
pub fn framed_points(board: &Board, has_stores: bool, trays: Option<f32>) -> Vec<Vec3> {
    let trays = trays.map(|r| (r, trays_at_ends(board, has_stores, r)));
    points(board, has_stores, trays)
}

/// Size (width, depth) of the mat under the board: the board and the trays
/// (`trays`: their radius; `None` where the game has none), with a border round them.
pub fn mat_size(board: &Board, has_stores: bool, trays: Option<f32>) -> (f32, f32) {
    let (w, d) = layout::board_size(board, has_stores);
    let Some(radius) = trays else {
        return (w + 2.4, d + 2.0);
    };
    let beside = 2.0 * (2.0 * radius + 0.3);
    if trays_at_ends(board, has_stores, radius) {
        (w + beside + 1.2, d + 1.2)
    } else {
        (w + 2.4, d + beside + 0.6)
    }
}

fn points(board: &Board, has_stores: bool, trays: Option<(f32, bool)>) -> Vec<Vec3> {
    let (w, d) = layout::board_size(board, has_stores);
    let mut points = Vec::new();
    for (x, z) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        points.push(Vec3::new(x * (w / 2.0 + 0.1), 0.0, z * (d / 2.0 + 0.1)));
    }
    if let Some((r, ends)) = trays {
        for p in Player::BOTH {
            let (x, z) = layout::tray_centre(board, has_stores, p, r, ends);
            for (dx, dz) in [(r, r), (-r, r), (r, -r), (-r, -r)] {
                points.push(Vec3::new(x + dx, -0.1, z + dz));
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    /// The share of the window's width and of the band's height the points span.
    fn fill(points: &[Vec3], f: Framing, aspect: f32, band: Band) -> (f32, f32, f32, f32) {
        let (x, lo, hi) = extent(points, f.dist, PITCH, 0.0, aspect).unwrap();
        (
            x,
            (hi - lo) / (band.top - band.bottom),
            lo - f.lift,
            hi - f.lift,
        )
    }

    #[test]
    fn every_board_fills_the_window_without_leaving_it() {
        for (game, width, aspect) in [
            (Game::Nsolo, 36, 16.0 / 9.0),
            (Game::Nsolo, 8, 16.0 / 9.0),
            (Game::Omweso, 8, 16.0 / 9.0),
            (Game::Hawalis, 7, 0.6), // a phone held upright
            (Game::BaoKigogo, 12, 4.0 / 3.0),
            (Game::Anywoli, 12, 21.0 / 9.0),
        ] {
            let board = Board::new(game, width);
            let stores = game == Game::Anywoli;
            let trays = (game != Game::Omweso && !stores).then_some(1.0);
            let points = framed_points(&board, stores, trays);
            for band in [Band::FULL, Band::between_bars(80.0, 60.0, 720.0)] {
                let f = fit(&points, PITCH, 0.0, aspect, band);
                let (x, share, lo, hi) = fill(&points, f, aspect, band);
                // Inside the width and inside the band...
                assert!(x <= MARGIN_X + 1e-3, "{game} {aspect}: {x}");
                assert!(
                    lo >= band.bottom - 1e-3 && hi <= band.top + 1e-3,
                    "{game} {aspect}: {lo}..{hi} outside {band:?}"
                );
                // ... and filling one or the other.
                assert!(
                    x > 0.9 || share > 0.95,
                    "{game} {aspect}: only {x} x {share}"
                );
            }
        }
        // Nsolo 4 x 36 fills the width.
        let nsolo = framed_points(&Board::new(Game::Nsolo, 36), false, Some(1.2));
        let f = fit(&nsolo, PITCH, 0.0, 16.0 / 9.0, Band::FULL);
        assert!(fill(&nsolo, f, 16.0 / 9.0, Band::FULL).0 > 0.94);
    }

    #[test]
    fn very_wide_boards_are_seen_more_from_above_at_no_loss_of_width() {
        let pitch = |game, width| home_pitch(&Board::new(game, width), game == Game::Anywoli);
        for (game, width) in [
            (Game::Omweso, 8),
            (Game::Hawalis, 7),
            (Game::BaoKigogo, 12),
            (Game::Nsolo, 8),
            (Game::Nsolo, 20),
        ] {
            assert_eq!(pitch(game, width), PITCH, "{game} {width}");
        }
        assert!(pitch(Game::Anywoli, 12) < PITCH + 0.05);
        let steep = pitch(Game::Nsolo, 36);
        assert!(steep > PITCH + 0.3 && steep < 1.3, "{steep}");
        // At that angle 4 x 36 still fills the width, and its rows take up more of
        // the window's height than at the usual angle.
        let points = framed_points(&Board::new(Game::Nsolo, 36), false, Some(1.2));
        let band = Band::TYPICAL;
        let shown = |pitch| {
            let f = fit(&points, pitch, 0.0, 16.0 / 9.0, band);
            extent(&points, f.dist, pitch, 0.0, 16.0 / 9.0).unwrap()
        };
        let (x_home, lo_home, hi_home) = shown(steep);
        let (_, lo, hi) = shown(PITCH);
        assert!(x_home > 0.94, "{x_home}");
        assert!(
            hi_home - lo_home > 1.15 * (hi - lo),
            "{lo_home}..{hi_home} vs {lo}..{hi}"
        );
        assert!(hi_home - lo_home <= band.top - band.bottom + 1e-3);
    }

    #[test]
    fn the_bars_move_the_board_down_between_them_not_off_screen() {
        let board = Board::new(Game::Nsolo, 8);
        let points = framed_points(&board, false, Some(1.0));
        let band = Band::between_bars(90.0, 0.0, 720.0);
        let f = fit(&points, PITCH, 0.0, 16.0 / 9.0, band);
        let (_, _, lo, hi) = fill(&points, f, 16.0 / 9.0, band);
        // Centred in the band, which sits below the window's middle.
        assert!(((lo + hi) / 2.0 - (band.top + band.bottom) / 2.0).abs() < 1e-3);
        assert!(band.top < 0.8 && (band.top + band.bottom) / 2.0 < 0.0);
        // A text size that would leave no room still leaves a third of the window.
        let squeezed = Band::between_bars(500.0, 400.0, 720.0);
        assert!(squeezed.top - squeezed.bottom >= 0.66 - 1e-6);
        // The band that places the trays is what the usual bars leave.
        let usual = Band::between_bars(72.0, 56.0, 720.0);
        assert!((usual.top - Band::TYPICAL.top).abs() < 0.01);
        assert!((usual.bottom - Band::TYPICAL.bottom).abs() < 0.01);
    }

    #[test]
    fn the_mat_leaves_room_for_trays_only_where_there_are_trays() {
        let board = Board::new(Game::Anywoli, 12);
        let (w, d) = layout::board_size(&board, true);
        let (bare_w, bare_d) = mat_size(&board, true, None);
        let (tray_w, tray_d) = mat_size(&board, true, Some(1.0));
        assert!(bare_w > w && bare_d > d, "the mat is under the whole board");
        assert!(bare_w + bare_d < tray_w + tray_d, "no room kept for trays");
    }

    #[test]
    fn narrow_boards_put_the_trays_at_their_ends_and_wide_ones_before_and_behind() {
        let at_ends = |game, width| {
            let board = Board::new(game, width);
            trays_at_ends(&board, false, layout::tray_radius(game.total_seeds(width)))
        };
        assert!(at_ends(Game::Hawalis, 7));
        assert!(at_ends(Game::Nsolo, 8));
        assert!(!at_ends(Game::BaoKigogo, 12));
        assert!(!at_ends(Game::Nsolo, 36));
        // Either way the trays frame no worse than the other placement would.
        for (game, width) in [(Game::Nsolo, 8), (Game::Hawalis, 7), (Game::BaoKigogo, 12)] {
            let board = Board::new(game, width);
            let r = layout::tray_radius(game.total_seeds(width));
            let chosen = framed_points(&board, false, Some(r));
            let other = points(&board, false, Some((r, !trays_at_ends(&board, false, r))));
            let d = |p: &[Vec3]| fit(p, PITCH, 0.0, 16.0 / 9.0, Band::TYPICAL).dist;
            assert!(d(&chosen) <= d(&other), "{game} {width}");
        }
    }
}
