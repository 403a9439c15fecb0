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

/// The angle of a touch table's view (radians): from straight above but for a few
/// degrees, so that the pits' walls still give them depth. Both players, sitting face
/// to face, see the board square on.
pub const FROM_ABOVE: f32 = 1.5;

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

/// How the camera sees the table: its angle above it (radians) and its vertical
/// field of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lens {
    pub pitch: f32,
    pub fov: f32,
}

impl Lens {
    /// The home view's lens: [`PITCH`] and [`FOV_Y`].
    pub const HOME: Lens = Lens {
        pitch: PITCH,
        fov: FOV_Y,
    };

    /// [`FOV_Y`] at `pitch`.
    pub fn at(pitch: f32) -> Lens {
        Lens { pitch, fov: FOV_Y }
    }
}

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

/// The camera's place when it looks at `target` (a point of the table) rather than
/// [`LOOK_AT`]: the close view of a wide board looks along it.
pub fn eye_at(target: Vec3, dist: f32, pitch: f32, yaw: f32) -> Vec3 {
    target - LOOK_AT + eye(dist, pitch, yaw)
}

/// The narrowest a pit's opening may be drawn (physical pixels) before a wide board
/// is shown close up rather than whole: a pit a finger can take.
pub const MIN_PIT_PX: f32 = 40.0;

/// The fewest columns a close view shows (so that a move's neighbourhood is seen).
const MIN_CLOSE_COLUMNS: u8 = 7;

/// How wide the narrowest pit opening is drawn, in pixels of a window `width_px`
/// wide, seen through `lens` from `dist` (pits are narrowest in the row furthest
/// from the camera).
pub fn pit_width_px(
    board: &Board,
    dist: f32,
    lens: Lens,
    yaw: f32,
    aspect: f32,
    width_px: f32,
) -> f32 {
    let view = Mat4::look_at_rh(eye(dist, lens.pitch, yaw), LOOK_AT, Vec3::Y);
    let proj = Mat4::perspective_rh(lens.fov, aspect.clamp(0.2, 5.0), 0.1, 1000.0);
    let screen_x = |p: Vec3| {
        let c = proj * view * p.extend(1.0);
        c.x / c.w.max(1e-6) * width_px / 2.0
    };
    let half_depth =
        (board.rows as f32 - 1.0) / 2.0 * layout::PIT_SPACING + layout::DIVIDE_GAP / 2.0;
    [-half_depth, half_depth]
        .into_iter()
        .map(|z| {
            let left = Vec3::new(-layout::PIT_RADIUS, layout::BOARD_TOP, z);
            let right = Vec3::new(layout::PIT_RADIUS, layout::BOARD_TOP, z);
            (screen_x(right) - screen_x(left)).abs()
        })
        .fold(f32::INFINITY, f32::min)
}

/// The corners of `columns` of the board's columns around its middle: what a close
/// view frames, before it moves along the board.
pub fn stretch_points(board: &Board, columns: f32) -> Vec<Vec3> {
    let (_, d) = layout::board_size(board, false);
    let half_w = columns / 2.0 * layout::PIT_SPACING;
    [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
        .into_iter()
        .map(|(x, z)| Vec3::new(x * half_w, 0.0, z * (d / 2.0 + 0.1)))
        .collect()
}

/// How a wide board's close view sees it: this many columns, through this lens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Close {
    pub columns: f32,
    pub lens: Lens,
}

/// How the camera shows a board in a window: whole, through a lens, and (for a wide
/// board whose whole view would draw pits too narrow) a close view besides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Views {
    /// The lens of the whole board.
    pub whole: Lens,
    /// The close view, where the board has one.
    pub close: Option<Close>,
}

/// How to show `board` (whose whole view frames `points`) in a window `width_px` x
/// `height_px` with `band` free. Each lens is tried in turn, from the home view
/// (`home`) to lower angles (the rows take less of the window's height) and then to
/// narrower fields of view (the far row is drawn less small than the near one); a
/// close view starts from the usual angle, [`PITCH`]:
/// - where one draws the whole board with every pit at least [`MIN_PIT_PX`] wide,
///   the board is shown whole through it, with no close view;
/// - else the close view shows the most columns that draw their pits that wide,
///   through the first lens that shows at least [`MIN_CLOSE_COLUMNS`] so (a window
///   too small for any gets the lens that draws them widest).
///
/// A board under twice [`MIN_CLOSE_COLUMNS`] wide is always shown whole, from home.
pub fn views(
    board: &Board,
    points: &[Vec3],
    home: Lens,
    yaw: f32,
    band: Band,
    (width_px, height_px): (f32, f32),
) -> Views {
    let whole_from_home = Views {
        whole: home,
        close: None,
    };
    if board.cols < 2 * MIN_CLOSE_COLUMNS {
        return whole_from_home;
    }
    let aspect = width_px.max(1.0) / height_px.max(1.0);
    let pit_px = |points: &[Vec3], lens: Lens| {
        let f = fit(points, lens, yaw, aspect, band);
        pit_width_px(board, f.dist, lens, yaw, aspect, width_px)
    };
    let lenses: Vec<Lens> = [FOV_Y, 0.5, 0.35]
        .into_iter()
        .flat_map(|fov| {
            [home.pitch, 1.1, 1.0, PITCH, 0.8, 0.7]
                .into_iter()
                .filter(move |&p| p <= home.pitch)
                .map(move |pitch| Lens { pitch, fov })
        })
        .collect();
    if let Some(&whole) = lenses
        .iter()
        .find(|&&lens| pit_px(points, lens) >= MIN_PIT_PX)
    {
        return Views { whole, close: None };
    }
    // A stretch of a wide board is far less wide than the board: it is seen from
    // the usual angle, not the whole board's steeper one.
    let close_lenses = lenses.iter().filter(|lens| lens.pitch <= PITCH);
    let columns = |k: u8| k as f32 + 0.5;
    let fewest = columns(MIN_CLOSE_COLUMNS);
    let mut widest = (0.0, home);
    for &lens in close_lenses {
        let px = pit_px(&stretch_points(board, fewest), lens);
        if px < MIN_PIT_PX {
            if px > widest.0 {
                widest = (px, lens);
            }
            continue;
        }
        let most = (MIN_CLOSE_COLUMNS..board.cols)
            .rev()
            .find(|&k| pit_px(&stretch_points(board, columns(k)), lens) >= MIN_PIT_PX)
            .unwrap_or(MIN_CLOSE_COLUMNS);
        let close = Close {
            columns: columns(most),
            lens,
        };
        return Views {
            close: Some(close),
            ..whole_from_home
        };
    }
    let close = Close {
        columns: fewest,
        lens: widest.1,
    };
    Views {
        close: Some(close),
        ..whole_from_home
    }
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
    Lens { pitch, fov }: Lens,
    yaw: f32,
    aspect: f32,
) -> Option<(f32, f32, f32)> {
    let view = Mat4::look_at_rh(eye(dist, pitch, yaw), LOOK_AT, Vec3::Y);
    let proj = Mat4::perspective_rh(fov, aspect, 0.1, 1000.0);
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
pub fn fit(points: &[Vec3], lens: Lens, yaw: f32, aspect: f32, band: Band) -> Framing {
    let aspect = aspect.clamp(0.2, 5.0); // odd window shapes still get a sane view
    let fits = |dist: f32| {
        extent(points, dist, lens, yaw, aspect)
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
        lift: lift(points, far, lens, yaw, aspect, band),
    }
}

/// The lift that centres the points, seen from `dist`, in the band.
pub fn lift(points: &[Vec3], dist: f32, lens: Lens, yaw: f32, aspect: f32, band: Band) -> f32 {
    extent(points, dist, lens, yaw, aspect.clamp(0.2, 5.0)).map_or(0.0, |(_, lo, hi)| {
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
        fit(&points, Lens::HOME, 0.0, 16.0 / 9.0, Band::TYPICAL).dist
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
        let (x, lo, hi) = extent(points, f.dist, Lens::HOME, 0.0, aspect).unwrap();
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
                let f = fit(&points, Lens::HOME, 0.0, aspect, band);
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
        let f = fit(&nsolo, Lens::HOME, 0.0, 16.0 / 9.0, Band::FULL);
        assert!(fill(&nsolo, f, 16.0 / 9.0, Band::FULL).0 > 0.94);
    }

    /// The narrowest pit a close view (or the whole board) draws, and the columns it
    /// shows, for Nsolo `width` in a window `w` x `h` with bars `top` and `bottom`
    /// pixels high.
    fn closest(width: u8, (w, h): (f32, f32), (top, bottom): (f32, f32)) -> (f32, Option<f32>) {
        let board = Board::new(Game::Nsolo, width);
        let r = layout::tray_radius(Game::Nsolo.total_seeds(width));
        let points = framed_points(&board, false, Some(r));
        let home = Lens::at(home_pitch(&board, false));
        let band = Band::between_bars(top, bottom, h);
        let aspect = w / h;
        let views = views(&board, &points, home, 0.0, band, (w, h));
        match views.close {
            Some(c) => {
                let stretch = stretch_points(&board, c.columns);
                let f = fit(&stretch, c.lens, 0.0, aspect, band);
                (
                    pit_width_px(&board, f.dist, c.lens, 0.0, aspect, w),
                    Some(c.columns),
                )
            }
            None => {
                let f = fit(&points, views.whole, 0.0, aspect, band);
                (
                    pit_width_px(&board, f.dist, views.whole, 0.0, aspect, w),
                    None,
                )
            }
        }
    }

    #[test]
    fn wide_boards_are_shown_close_with_pits_a_finger_can_take() {
        // The bars as the game draws them: about 80 and 70 pixels at 1280 x 720, and
        // 100 and 70 at 640 x 360, where the status wraps.
        let large = ((1280.0, 720.0), (80.0, 70.0));
        let small = ((640.0, 360.0), (100.0, 70.0));
        for (width, (window, bars), close) in [
            (36, large, true),
            (36, small, true),
            (20, small, true),
            (20, large, false),
            (8, large, false),
            (8, small, false),
        ] {
            let (px, columns) = closest(width, window, bars);
            assert_eq!(
                columns.is_some(),
                close,
                "4 x {width} in {window:?}: {columns:?}"
            );
            // (4 x 8 is shown whole whatever its pits: a close view of a narrow
            // board would show nearly all of it.)
            assert!(
                width == 8 || px >= MIN_PIT_PX,
                "4 x {width} in {window:?}: pits {px} px"
            );
            if close {
                let c = columns.unwrap();
                assert!(
                    c >= f32::from(MIN_CLOSE_COLUMNS) && c < f32::from(width),
                    "{c}"
                );
            }
        }
        // Nsolo 4 x 36 whole draws its pits too narrow for a finger.
        let board = Board::new(Game::Nsolo, 36);
        let points = framed_points(&board, false, Some(1.2));
        let home = Lens::at(home_pitch(&board, false));
        let band = Band::between_bars(80.0, 70.0, 720.0);
        let f = fit(&points, home, 0.0, 16.0 / 9.0, band);
        assert!(pit_width_px(&board, f.dist, home, 0.0, 16.0 / 9.0, 1280.0) < MIN_PIT_PX);
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
            let lens = Lens { pitch, fov: FOV_Y };
            let f = fit(&points, lens, 0.0, 16.0 / 9.0, band);
            extent(&points, f.dist, lens, 0.0, 16.0 / 9.0).unwrap()
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
        let f = fit(&points, Lens::HOME, 0.0, 16.0 / 9.0, band);
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
            let d = |p: &[Vec3]| fit(p, Lens::HOME, 0.0, 16.0 / 9.0, Band::TYPICAL).dist;
            assert!(d(&chosen) <= d(&other), "{game} {width}");
        }
    }
}
