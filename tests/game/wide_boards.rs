//! Wide boards (issue 64): Nsolo 4 x 36, and 4 x 20 in a small window, are shown close
//! enough to play: the pits drawn are at least 40 pixels wide, the view follows the
//! sowing, the whole board is one tap away, a tap on a pit of the whole board brings
//! it close, and one drag along the board reaches either end.

use crate::common::player::{Player, data_folder};
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use mancala_hall::game::look::layout::{PIT_RADIUS, PIT_SPACING};
use mancala_hall::game::play::session::DecisionMade;
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::show::camera::Intro;
use mancala_hall::game::show::close_view::CloseView;
use mancala_hall::rules::{Decision, Pit, legal_decisions};
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

/// The window's size (logical pixels).
fn window_size(p: &mut Player) -> Vec2 {
    let world = p.app.world_mut();
    world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
        .unwrap()
        .size()
}

/// The pits drawn inside the window, with the width of each opening on screen (its
/// centre's distance to the next pit of its row, in the share of the spacing a pit's
/// opening takes).
fn pits_in_sight(p: &mut Player) -> Vec<(Pit, Vec2, f32)> {
    let size = window_size(p);
    let all = p.pits_on_screen();
    let at = |pit: Pit| all.iter().find(|(q, _)| *q == pit).map(|(_, v)| *v);
    all.iter()
        .filter(|(_, v)| v.x >= 0.0 && v.x <= size.x && v.y >= 0.0 && v.y <= size.y)
        .filter_map(|&(pit, v)| {
            let next = at(Pit::new(pit.row, pit.col + 1))
                .or(at(Pit::new(pit.row, pit.col.wrapping_sub(1))))?;
            Some((pit, v, v.distance(next) * 2.0 * PIT_RADIUS / PIT_SPACING))
        })
        .collect()
}

/// Runs frames until the camera has moved in (a game's start) and glided to rest.
fn settle(p: &mut Player) {
    for _ in 0..200 {
        let v = p.app.world().resource::<CloseView>().clone();
        let intro = p.app.world().resource::<Intro>().0.is_finished();
        if v.centre == v.target && intro {
            break;
        }
        p.frames(1);
    }
    p.frames(2);
}

/// Nsolo `width` in a `window`, South and North both persons.
fn nsolo(width: u8, window: &str) -> Player {
    let data = data_folder(&format!("wide-{width}-{window}"));
    let w = width.to_string();
    let mut p = Player::start(
        &[
            "--game", "nsolo", "--width", &w, "--window", window, "--north", "person",
        ],
        &data,
        STEP,
    );
    p.frames(5);
    settle(&mut p);
    p
}

#[test]
fn wide_boards_show_pits_a_finger_can_take_and_follow_the_sowing() {
    for (width, window) in [(36, "1280x720"), (36, "640x360"), (20, "640x360")] {
        let mut p = nsolo(width, window);
        let what = format!("4 x {width} in {window}");
        let close = p.app.world().resource::<CloseView>().clone();
        let columns = close
            .columns()
            .unwrap_or_else(|| panic!("{what}: no close view"));
        assert!(
            close.is_close() && columns < f32::from(width),
            "{what}: {close:?}"
        );
        let seen = pits_in_sight(&mut p);
        assert!(
            seen.len() >= 4 * 7,
            "{what}: only {} pits in sight",
            seen.len()
        );
        for (pit, at, w) in &seen {
            assert!(*w >= 40.0, "{what}: {pit:?} at {at} is {w} px wide");
        }
        // South sows from the pit at the right end of his front row's stretch that
        // is furthest along: the view keeps the seeds in sight as they go.
        let state = p.state();
        let d = legal_decisions(&state)
            .iter()
            .filter(|d| d.start_pit().is_some())
            .max_by_key(|d| d.start_pit().map(|q| (q.row, q.col)))
            .cloned()
            .expect("a legal move");
        p.app.world_mut().write_message(DecisionMade::here(d));
        let size = window_size(&mut p);
        let mut followed = 0;
        let mut last = None;
        for _ in 0..4000 {
            p.frames(1);
            let anim = p.app.world().resource::<Animation>();
            if !anim.busy() {
                break;
            }
            let Some(focus) = anim.focus else { continue };
            // Where the seeds are stays within the stretch the view glides to.
            let view = p.app.world().resource::<CloseView>().clone();
            let x = f32::from(focus.col) - (f32::from(width) - 1.0) / 2.0;
            assert!(
                (x - view.target).abs() <= columns / 2.0 - 0.5,
                "{what}: the sowing at {focus:?} is outside the stretch {view:?}"
            );
            last = Some(focus);
            followed += 1;
        }
        // Once the view has glided to rest, the last pit sown is drawn in the window.
        settle(&mut p);
        let last = last.expect("the move was shown");
        let at = p
            .pits_on_screen()
            .iter()
            .find(|(q, _)| *q == last)
            .unwrap()
            .1;
        assert!(
            at.x > 0.0 && at.x < size.x,
            "{what}: the sowing ended at {last:?}, drawn at {at}, outside the window"
        );
        assert!(
            followed > 3,
            "{what}: only {followed} steps of the move seen"
        );
    }
}

/// Presses the left mouse button at `from`, drags it to `to` over a few frames and
/// lets go, as a mouse does.
fn drag(p: &mut Player, from: Vec2, to: Vec2) {
    let window = {
        let world = p.app.world_mut();
        world
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(world)
            .unwrap()
    };
    let send = |p: &mut Player, at: Option<Vec2>, button: Option<ButtonState>| {
        if let Some(at) = at {
            let moved = CursorMoved {
                window,
                position: at,
                delta: None,
            };
            p.app.world_mut().write_message(moved.clone());
            p.app
                .world_mut()
                .write_message(WindowEvent::CursorMoved(moved));
        }
        if let Some(state) = button {
            let input = MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            };
            p.app.world_mut().write_message(input);
            p.app
                .world_mut()
                .write_message(WindowEvent::MouseButtonInput(input));
        }
        p.frames(1);
    };
    send(p, Some(from), None);
    send(p, None, Some(ButtonState::Pressed));
    for k in 1..=10 {
        send(p, Some(from.lerp(to, k as f32 / 10.0)), None);
    }
    send(p, None, Some(ButtonState::Released));
    p.frames(2);
}

#[test]
fn the_whole_board_is_a_tap_away_and_one_drag_reaches_either_end() {
    for (width, window) in [(36, "1280x720"), (36, "640x360")] {
        let what = format!("4 x {width} in {window}");
        let mut p = nsolo(width, window);
        let size = window_size(&mut p);
        let board_pits = usize::from(width) * 4;
        // The whole board: every pit in the window.
        // (Clicked where it is: the bar stands low in the window, where `click`
        // would turn the wheel first.)
        let button = p.find_still("whole_board");
        p.click_at(button);
        p.frames(3);
        assert!(p.app.world().resource::<CloseView>().overview, "{what}");
        let all = p.pits_on_screen();
        assert_eq!(all.len(), board_pits);
        for (pit, at) in &all {
            assert!(
                at.x > 0.0 && at.x < size.x && at.y > 0.0 && at.y < size.y,
                "{what}: {pit:?} at {at} is outside the window in the whole view"
            );
        }
        // A tap on a pit there (North's, at the far right: a strip's target) brings
        // it close, and plays nothing.
        let before = p.state();
        let far = Pit::new(0, width - 1);
        let at = all.iter().find(|(q, _)| *q == far).unwrap().1;
        p.click_at(at);
        p.frames(3);
        settle(&mut p);
        assert_eq!(
            p.state(),
            before,
            "{what}: a tap on the whole board plays nothing"
        );
        let close = p.app.world().resource::<CloseView>().clone();
        assert!(close.is_close(), "{what}: back close up");
        eprintln!("DEBUG {close:?}");
        let world = p.app.world_mut();
        let t = world
            .query_filtered::<&GlobalTransform, With<mancala_hall::game::show::camera::MainCamera>>(
            )
            .single(world)
            .unwrap()
            .translation();
        eprintln!("DEBUG camera at {t}");
        let seen = pits_in_sight(&mut p);
        let (_, at, w) = seen
            .iter()
            .find(|(q, _, _)| *q == far)
            .copied()
            .unwrap_or_else(|| panic!("{what}: {far:?} is not in sight after the tap"));
        assert!(w >= 40.0, "{what}: {far:?} at {at} is {w} px wide");
        // One drag to the right, across 80% of the window, reaches the left end.
        let y = size.y * 0.55;
        drag(
            &mut p,
            Vec2::new(size.x * 0.1, y),
            Vec2::new(size.x * 0.9, y),
        );
        settle(&mut p);
        assert_eq!(p.state(), before, "{what}: a drag plays nothing");
        let seen = pits_in_sight(&mut p);
        assert!(
            seen.iter().any(|(q, _, _)| q.col == 0),
            "{what}: the left end is not in sight after one drag"
        );
        // And one back reaches the right end.
        drag(
            &mut p,
            Vec2::new(size.x * 0.9, y),
            Vec2::new(size.x * 0.1, y),
        );
        settle(&mut p);
        let seen = pits_in_sight(&mut p);
        assert!(
            seen.iter().any(|(q, _, _)| q.col == width - 1),
            "{what}: the right end is not in sight after one drag back"
        );
        // The key does what the button does.
        p.press(KeyCode::KeyO);
        p.frames(2);
        assert!(p.app.world().resource::<CloseView>().overview, "{what}: O");
        p.press(KeyCode::KeyO);
        p.frames(2);
        assert!(
            p.app.world().resource::<CloseView>().is_close(),
            "{what}: O again"
        );
        // A click on a pit close up still plays it.
        let state = p.state();
        let pit = legal_decisions(&state)
            .iter()
            .filter_map(Decision::start_pit)
            .find(|q| pits_in_sight(&mut p).iter().any(|(s, _, _)| s == q))
            .expect("a legal pit in sight");
        let at = p
            .pits_on_screen()
            .iter()
            .find(|(q, _)| *q == pit)
            .unwrap()
            .1;
        p.click_at(at);
        p.frames(3);
        assert_ne!(
            p.state(),
            state,
            "{what}: a click on {pit:?} close up plays it"
        );
    }
}

#[test]
fn narrow_boards_have_no_close_view() {
    for (game, window) in [
        ("hawalis", "640x360"),
        ("bao_kigogo", "1280x720"),
        ("anywoli", "640x360"),
    ] {
        let data = data_folder(&format!("wide-none-{game}"));
        let mut p = Player::start(&["--game", game, "--window", window], &data, STEP);
        p.frames(5);
        assert_eq!(
            p.app.world().resource::<CloseView>().columns(),
            None,
            "{game} in {window}"
        );
    }
}
