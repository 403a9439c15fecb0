//! One game's board replaced by another's, on every path a person takes, with the
//! whole interface in (egui, seed counts on every pit): the title's cards and Start,
//! the in-game Menu button, a saved game resumed, the kiosk's cards and its attract
//! loop left alone. Every ordered pair of boards (Nsolo at its narrowest and widest)
//! is switched, and after each switch the entities mirror the new game. A smaller
//! board replacing a bigger one used to panic in the count badges (issue 41).

use crate::common::player::{BOARDS, Player, data_folder, every_ordered_pair, saved};
use bevy::prelude::*;
use mancala_hall::game::play::session::{Seats, StartGame};
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::venue::kiosk::KioskPhase;
use mancala_hall::game::{AppState, MenuChoice};
use mancala_hall::rules::{Game, GameState, Options};
use std::collections::BTreeSet;
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

/// Chooses `(game, width)` on the title screen (its card; Nsolo's width in the
/// options the menu edits) and presses Start.
fn start_from_title(p: &mut Player, (game, width): (Game, u8)) {
    p.until_screen(AppState::Menu);
    p.click(&format!("card:{}", game.id()));
    assert_eq!(
        p.app.world().resource::<MenuChoice>().game,
        game,
        "the card chose {game}"
    );
    p.app.world_mut().resource_mut::<MenuChoice>().options.width = width;
    let before = p.starts;
    p.click("start");
    p.until_screen(AppState::InGame);
    p.frames(3);
    assert_eq!(p.starts, before + 1, "Start started one game");
}

fn board_of(s: &GameState) -> (Game, u8) {
    (
        s.game(),
        if s.game() == Game::Nsolo {
            s.board().cols
        } else {
            8
        },
    )
}

#[test]
fn every_board_follows_every_other_from_the_title_and_the_menu() {
    let data = data_folder("switch-title");
    let mut p = Player::start(&[], &data, STEP);
    // The title shows Omweso's board behind it: the walk starts there.
    assert_eq!(board_of(&p.state()), BOARDS[0]);
    let walk = every_ordered_pair(BOARDS.len());
    let mut pairs = BTreeSet::new();
    for w in walk.windows(2) {
        let (from, to) = (BOARDS[w[0]], BOARDS[w[1]]);
        start_from_title(&mut p, to);
        let what = format!("{from:?} -> {to:?}");
        assert_eq!(board_of(&p.state()), to, "{what}");
        p.assert_mirrors(&what);
        pairs.insert((w[0], w[1]));
        // Back to the title through the game's own Menu button.
        p.click("menu");
    }
    assert_eq!(
        pairs.len(),
        BOARDS.len() * (BOARDS.len() - 1),
        "every ordered pair"
    );
}

#[test]
fn a_saved_game_of_another_board_resumes_from_the_title() {
    let data = data_folder("switch-saves");
    // A saved game of each game; the autosave is a Hawalis game, as in the report.
    let saves = data.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut want = Vec::new();
    for (i, game) in Game::ALL.into_iter().enumerate() {
        let (save, state) = saved(game, 3);
        let label = format!("{i}-{}", game.id());
        std::fs::write(saves.join(format!("{label}.json")), save.to_json()).unwrap();
        want.push((label, state));
    }
    let (hawalis, hawalis_state) = saved(Game::Hawalis, 1);
    std::fs::write(data.join("autosave.json"), hawalis.to_json()).unwrap();
    want.insert(0, ("autosave".into(), hawalis_state));

    // From Bao Kigogo's board (the biggest but Nsolo's) to each saved game in turn.
    let mut p = Player::start(&["--game", "bao_kigogo"], &data, STEP);
    p.click("menu");
    for (name, state) in &want {
        p.until_screen(AppState::Menu);
        p.click(&format!("resume:{name}"));
        p.until_screen(AppState::InGame);
        p.frames(3);
        assert_eq!(&p.state(), state, "{name} resumed where it was saved");
        p.assert_mirrors(name);
        p.click("menu");
    }
}

fn kiosk_file(data: &std::path::Path, extra: &str) -> std::path::PathBuf {
    let path = data.join("kiosk.json");
    std::fs::write(
        &path,
        format!(r#"{{ "fullscreen": false, "languages": ["en"] {extra} }}"#),
    )
    .unwrap();
    path
}

#[test]
fn every_game_follows_every_other_from_the_kiosk_cards() {
    let data = data_folder("switch-kiosk");
    let config = kiosk_file(&data, "");
    let mut p = Player::start(&["--kiosk", config.to_str().unwrap()], &data, STEP);
    let walk = every_ordered_pair(Game::ALL.len());
    for w in walk.windows(2) {
        let (from, to) = (Game::ALL[w[0]], Game::ALL[w[1]]);
        p.until_screen(AppState::Menu);
        p.click(&format!("kiosk:{}", to.id()));
        p.until_screen(AppState::InGame);
        p.frames(3);
        let what = format!("kiosk {from} -> {to}");
        assert_eq!(p.state().game(), to, "{what}");
        p.assert_mirrors(&what);
        p.click("menu");
    }
}

#[test]
fn an_hour_of_the_attract_loop_switches_boards_without_a_panic() {
    let data = data_folder("switch-attract");
    let config = kiosk_file(
        &data,
        r#", "attract_after_s": 5, "attract_turns": 4, "reset_after_s": 30, "countdown_s": 5"#,
    );
    let step = Duration::from_millis(250);
    let mut p = Player::start(&["--kiosk", config.to_str().unwrap()], &data, step);
    let mut games = Vec::new();
    let frames = (3600.0 / step.as_secs_f32()) as usize;
    for frame in 0..frames {
        p.frames(1);
        let g = p.state().game();
        if games.last() != Some(&g) {
            games.push(g);
        }
        if frame % 400 == 0 {
            let phase = *p.app.world().resource::<State<KioskPhase>>().get();
            // The seeds catch up with the rules once a turn has been shown.
            let shown = !p.app.world().resource::<Animation>().busy();
            if phase == KioskPhase::Attract && shown {
                p.assert_mirrors(&format!("attract, frame {frame}"));
            }
        }
    }
    let switches = games.len() - 1;
    let smaller_after_bigger = games
        .windows(2)
        .filter(|w| {
            let len = |g: Game| GameState::new(g, Options::default()).unwrap().board().len();
            len(w[1]) < len(w[0])
        })
        .count();
    println!(
        "attract loop: {switches} switches in an hour, {smaller_after_bigger} to a smaller board"
    );
    assert!(
        switches >= 10,
        "the loop switched boards only {switches} times"
    );
    assert!(
        smaller_after_bigger >= 3,
        "only {smaller_after_bigger} switches to a smaller board"
    );
}

#[test]
fn a_game_started_by_a_message_mid_frame_never_shows_a_stale_board() {
    // The same switch the kiosk and the online client make (a StartGame written by a
    // system, not a click), from the biggest board to the smallest, frame by frame.
    let data = data_folder("switch-message");
    let mut p = Player::start(&["--game", "nsolo", "--width", "36"], &data, STEP);
    for game in [Game::Anywoli, Game::Omweso, Game::Hawalis] {
        let state = GameState::new(game, Options::default()).unwrap();
        p.app
            .world_mut()
            .write_message(StartGame::fresh(state, Seats::default()));
        p.frames(1);
        p.assert_mirrors(&format!("the frame {game} started"));
    }
}

/// A new game's board is placed, bounded and found visible in the frame its game
/// starts, so that frame draws it: not a frame of bare table between two boards (most
/// of a second in a software renderer). The rebuild runs before Bevy's transforms and
/// visibility (`game::logic_plugin`).
#[test]
fn a_new_board_is_visible_in_the_frame_its_game_starts() {
    use bevy::camera::primitives::Aabb;
    use bevy::camera::visibility::ViewVisibility;
    use mancala_hall::game::show::board::PitView;
    let data = data_folder("switch-visible");
    let mut p = Player::start(&[], &data, STEP);
    start_from_title(&mut p, BOARDS[0]);
    let nsolo_4x36 = Options {
        width: 36,
        ..Options::default()
    };
    for (game, options) in [
        (Game::Hawalis, Options::default()),
        (Game::Nsolo, nsolo_4x36),
        (Game::Anywoli, Options::default()),
    ] {
        let state = GameState::new(game, options).unwrap();
        let before = p.starts;
        p.app
            .world_mut()
            .write_message(StartGame::fresh(state.clone(), Seats::default()));
        p.frames(1);
        assert_eq!(
            p.starts,
            before + 1,
            "{game}: the game started in this frame"
        );
        let world = p.app.world_mut();
        let pits: Vec<(bool, bool)> = world
            .query_filtered::<(&PitView, &ViewVisibility, Option<&Aabb>), With<Mesh3d>>()
            .iter(world)
            .filter(|(v, _, _)| v.index_on(&state).is_some())
            .map(|(_, seen, bounds)| (seen.get(), bounds.is_some()))
            .collect();
        assert_eq!(
            pits.len(),
            state.board().len(),
            "{game}: every pit has its mesh"
        );
        assert!(
            pits.iter().all(|&(seen, bounded)| seen && bounded),
            "{game}: {} of {} pits found visible in the frame the game started",
            pits.iter().filter(|p| p.0).count(),
            pits.len()
        );
    }
}
