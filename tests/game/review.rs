//! The game review as a person uses it (issue 46), the whole interface in and clicked
//! (`common::player`): opened from a saved game in the menu, from the result panel,
//! from the records bar after a replay; points and moves selected by mouse, keyboard
//! and touch-sized buttons; the position and the two pits shown on the board; "play
//! from here"; the review kept in the file; and the kiosk's three moments, which
//! go with the idle reset.

use crate::common;
use crate::common::player::{Player, data_folder};
use bevy::prelude::*;
use mancala_hall::ai::review::{Mark, deciding_moments, review};
use mancala_hall::game::play::review::GameReview;
use mancala_hall::game::play::session::{History, Seat, Seats, StartGame, Viewing};
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::{AppState, Mode};
use mancala_hall::rules::{
    Decision, Game, GameRecord, GameState, Lot, Options, Pit, Player as Side, apply_quiet,
    random_decision,
};
use mancala_hall::settings::Speed;
use mancala_hall::storage::{SavedGame, load_game};
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

/// Positions searched for each position: enough to see a capture that wins.
const NODES: u64 = 3_000;

/// Hawalis: North's only seeds are 3 and 2 in his pits of the last column; South's
/// 3,5 takes both and wins (tests/review.rs), his 3,0 takes nothing.
fn blunder_position() -> GameState {
    let mut r = common::empty(7);
    r[3][5] = 2;
    r[3][0] = 2;
    r[1][6] = 3;
    r[0][6] = 2;
    common::position(Game::Hawalis, Options::default(), r, Side::South)
}

const WINS: Pit = Pit::new(3, 5);
const MISSES: Pit = Pit::new(3, 0);

/// A finished game from the blunder position: South misses the winning capture,
/// then seeded random decisions to the end.
fn finished_record() -> (GameRecord, GameState) {
    let start = blunder_position();
    let mut record = GameRecord::new(Game::Hawalis, *start.options());
    record.start = Some(start.clone());
    let mut s = start;
    let mut lot = Lot(5);
    let mut d = Decision::Sow(MISSES);
    for _ in 0..600 {
        apply_quiet(&mut s, d.clone()).unwrap();
        record.decisions.push(d);
        if s.is_over() {
            return (record, s);
        }
        d = random_decision(&s, &mut lot).unwrap();
    }
    panic!("the game did not end");
}

/// To the menu, and a saved game's button there (`review:NAME`, `watch:NAME`), as a
/// person clicks them; back on the board.
fn from_the_menu(p: &mut Player, button: &str) {
    p.click("menu");
    p.until_screen(AppState::Menu);
    p.click(button);
    p.until_screen(AppState::InGame);
}

/// Runs frames until the review has every verdict.
fn until_reviewed(p: &mut Player) {
    for _ in 0..4000 {
        let r = p.app.world().resource::<GameReview>();
        assert!(r.error.is_none(), "{:?}", r.error);
        if r.finished() {
            return;
        }
        p.frames(1);
    }
    panic!("the review never finished");
}

fn review_of(p: &Player) -> &GameReview {
    p.app.world().resource::<GameReview>()
}

fn small_budget(p: &mut Player) {
    p.app.world_mut().resource_mut::<GameReview>().nodes = NODES;
}

/// A finished game saved as `saves/NAME.json`.
/// A finished game saved in `data`'s saves as `name` (its record, and the position it
/// ended in).
pub(crate) fn save_finished(data: &std::path::Path, name: &str) -> (GameRecord, GameState) {
    let (record, end) = finished_record();
    let saves = data.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let save = SavedGame::new(record.clone(), Seats::default().to_saved());
    std::fs::write(saves.join(format!("{name}.json")), save.to_json()).unwrap();
    (record, end)
}

#[test]
fn a_saved_game_is_reviewed_from_the_menu_its_moments_shown_on_the_board() {
    let data = data_folder("review-menu");
    let (record, end) = save_finished(&data, "lost");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    small_budget(&mut p);
    from_the_menu(&mut p, "review:lost");
    p.frames(2);
    assert_eq!(p.state(), end, "the game as it ended is on the board");
    assert!(review_of(&p).open, "the review opens");
    until_reviewed(&mut p);

    // The graph's values are the library's (the engine's `analyze`).
    let direct = review(&record, NODES).unwrap();
    assert_eq!(review_of(&p).moments, direct);
    assert_eq!(direct[0].mark, Mark::Blunder);
    assert_eq!(direct[0].best, Decision::Sow(WINS));

    // The first move, selected in the list: its position, the two pits tagged.
    p.click("review_move:0");
    p.frames(3);
    assert_eq!(review_of(&p).selected, Some(0));
    assert_eq!(p.app.world().resource::<Viewing>().0, Some(0));
    assert_eq!(
        *p.app.world().resource::<State<Mode>>().get(),
        Mode::Viewing
    );
    let pits = p.pits_on_screen();
    let pit_at = |pit: Pit| pits.iter().find(|(q, _)| *q == pit).unwrap().1;
    for (tag, pit) in [("review_played_tag", MISSES), ("review_best_tag", WINS)] {
        let at = p.find(tag);
        assert!(
            at.distance(pit_at(pit)) < 60.0,
            "{tag} stands by its pit: {at} vs {}",
            pit_at(pit)
        );
    }

    // The keyboard steps on and back; a click on the graph selects the point under it.
    p.press(KeyCode::ArrowRight);
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(1));
    assert_eq!(p.app.world().resource::<Viewing>().0, Some(1));
    p.press(KeyCode::End);
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(record.decisions.len() - 1));
    p.press(KeyCode::Home);
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(0));
    p.click("review_next");
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(1));
    // The middle of the graph is the middle of the game.
    p.click("review_graph");
    p.frames(2);
    let middle = record.decisions.len() as f64 / 2.0;
    let picked = review_of(&p).selected.expect("a point selected") as f64 + 1.0;
    assert!(
        (picked - middle).abs() <= 2.0,
        "decision {picked} selected at the middle of {}",
        record.decisions.len()
    );

    // Escape closes the review (and leaves the game on the board, not for the menu).
    p.press(KeyCode::Escape);
    p.frames(3);
    assert!(!review_of(&p).open);
    assert_eq!(p.app.world().resource::<Viewing>().0, None);
    assert_eq!(
        *p.app.world().resource::<State<AppState>>().get(),
        AppState::InGame
    );

    // The review was written into the saved file; reopened, it is there at once.
    let (saved, _) = load_game(&data.join("saves/lost.json")).unwrap();
    let kept = saved.review.expect("the review kept in the file");
    assert_eq!(kept.moments, direct);
    from_the_menu(&mut p, "review:lost");
    p.frames(2);
    assert!(review_of(&p).open && review_of(&p).finished(), "instant");
}

#[test]
fn play_from_here_starts_a_game_at_the_selected_position() {
    let data = data_folder("review-here");
    let (record, _) = save_finished(&data, "here");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    small_budget(&mut p);
    from_the_menu(&mut p, "review:here");
    until_reviewed(&mut p);
    p.click("review_move:0");
    p.frames(2);
    let starts = p.starts;
    p.click("review_play_computer");
    p.frames(3);
    assert_eq!(p.starts, starts + 1, "a new game");
    assert_eq!(&p.state(), record.start.as_ref().unwrap());
    assert_eq!(
        *p.app.world().resource::<Seats>(),
        Seats {
            south: Seat::Person,
            north: Seat::Computer
        },
        "the person takes the side to move"
    );
    assert!(!review_of(&p).open);
    assert_eq!(*p.app.world().resource::<State<Mode>>().get(), Mode::Play);
    // The winning capture can be played now.
    p.app
        .world_mut()
        .write_message(mancala_hall::game::play::session::DecisionMade::here(
            Decision::Sow(WINS),
        ));
    p.frames(30);
    assert!(p.state().is_over());
}

/// Runs frames until the result panel's `review` button is drawn (after the last
/// turn's celebration), then clicks it.
fn click_review_on_the_result_panel(p: &mut Player) {
    for _ in 0..600 {
        let drawn = p
            .app
            .world()
            .resource::<mancala_hall::game::ui::buttons::ButtonPlaces>()
            .get("review")
            .is_some();
        if drawn {
            break;
        }
        p.frames(1);
    }
    p.click("review");
}

/// A game with these seats at the blunder position; South misses the win, then
/// random decisions to the end (shown at once: a kiosk's visitor plays them in a
/// few seconds, well within its idle reset).
fn play_to_the_end(p: &mut Player, seats: Seats) {
    p.app.insert_resource(Speed::Instant);
    let start = blunder_position();
    p.app
        .world_mut()
        .write_message(StartGame::fresh(start, seats));
    p.frames(3);
    p.app
        .world_mut()
        .write_message(mancala_hall::game::play::session::DecisionMade::here(
            Decision::Sow(MISSES),
        ));
    p.frames(3);
    let mut lot = Lot(5);
    for _ in 0..600 {
        let s = p.state();
        if s.is_over() {
            break;
        }
        if seats.of(s.to_decide()) == Seat::Computer {
            // The computer's own move, however many frames its search takes here. A
            // random move written meanwhile raced it, and the game played depended on
            // the machine's load (and sometimes had bigger blunders than the missed
            // win).
            for _ in 0..5000 {
                if p.state() != s && !p.app.world().resource::<Animation>().busy() {
                    break;
                }
                p.frames(1);
            }
        } else {
            p.play_random(1, &mut lot);
        }
    }
    assert!(p.state().is_over());
}

#[test]
fn every_kind_of_game_offers_its_review_at_the_end() {
    // Two people, and a player elsewhere (online: the review reads the record only).
    for seats in [
        Seats::default(),
        Seats {
            south: Seat::Person,
            north: Seat::Remote,
        },
    ] {
        let data = data_folder("review-kinds");
        let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
        small_budget(&mut p);
        play_to_the_end(&mut p, seats);
        // The result panel, once the celebration is over.
        click_review_on_the_result_panel(&mut p);
        p.frames(2);
        assert!(review_of(&p).open, "{seats:?}");
        until_reviewed(&mut p);
        let record = p.app.world().resource::<History>().record.clone().unwrap();
        assert_eq!(review_of(&p).moments, review(&record, NODES).unwrap());
        p.click("review_close");
        p.frames(2);
        assert!(!review_of(&p).open);
        // The records bar offers it again, at once.
        p.click("review_bar");
        p.frames(2);
        assert!(review_of(&p).open && review_of(&p).finished());
    }

    // A replay watched to its end.
    let data = data_folder("review-replay");
    let (record, end) = save_finished(&data, "watched");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.app.insert_resource(Speed::Instant);
    small_budget(&mut p);
    from_the_menu(&mut p, "watch:watched");
    for _ in 0..3000 {
        if p.state() == end {
            break;
        }
        p.frames(1);
    }
    assert_eq!(p.state(), end, "the replay reached the end");
    p.click("review_bar");
    p.frames(3);
    assert!(review_of(&p).open);
    assert_eq!(*p.app.world().resource::<State<Mode>>().get(), Mode::Play);
    until_reviewed(&mut p);
    assert_eq!(review_of(&p).moments, review(&record, NODES).unwrap());
    p.click("review_move:2");
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(2));
    assert_eq!(
        *p.app.world().resource::<State<Mode>>().get(),
        Mode::Viewing
    );
    assert_eq!(p.app.world().resource::<Viewing>().0, Some(2));
}

#[test]
fn the_kiosk_shows_the_moments_that_decided_it_and_forgets_them_on_idle() {
    let data = data_folder("review-kiosk");
    let config = data.join("kiosk.json");
    std::fs::write(
        &config,
        r#"{ "fullscreen": false, "languages": ["en", "sw"], "language": "sw",
             "reset_after_s": 20, "countdown_s": 5 }"#,
    )
    .unwrap();
    let mut p = Player::start(&["--kiosk", config.to_str().unwrap()], &data, STEP);
    small_budget(&mut p);
    p.click("kiosk:hawalis");
    p.until_screen(AppState::InGame);
    p.frames(3);
    play_to_the_end(
        &mut p,
        Seats {
            south: Seat::Person,
            north: Seat::Computer,
        },
    );
    click_review_on_the_result_panel(&mut p);
    p.frames(2);
    let guided = review_of(&p);
    assert!(guided.open && guided.guided);
    until_reviewed(&mut p);
    p.frames(3);
    let record = p.app.world().resource::<History>().record.clone().unwrap();
    let moments = review(&record, NODES).unwrap();
    let three = deciding_moments(&moments, 3);
    assert!(three.len() <= 3);
    assert!(
        three.contains(&0),
        "the missed win is among them: {three:?}"
    );
    assert_eq!(review_of(&p).guided_moments(), three);
    // The first of them is on the board, then the next, by the touch-sized buttons.
    assert_eq!(review_of(&p).selected, Some(three[0]));
    assert_eq!(
        p.app.world().resource::<Viewing>().0,
        Some(three[0]),
        "its position is on the board"
    );
    assert!(three.len() >= 2, "{three:?}");
    // A visitor's finger.
    p.tap("review_next");
    p.frames(2);
    assert_eq!(review_of(&p).selected, Some(three[1]));
    // Nobody touches the screen: the idle reset takes the kiosk back to its welcome,
    // and the review with it.
    for _ in 0..((25.0 / STEP.as_secs_f32()) as usize + 40) {
        p.frames(1);
        if *p.app.world().resource::<State<AppState>>().get() == AppState::Menu {
            break;
        }
    }
    assert_eq!(
        *p.app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
    p.frames(2);
    assert!(!review_of(&p).open, "the next visitor does not find it");
}

#[test]
fn worked_in_frame_slices_as_in_the_browser_the_review_is_the_same() {
    // The browser has no threads: the review is worked 8 ms a frame.
    let data = data_folder("review-sliced");
    let (record, _) = save_finished(&data, "sliced");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    small_budget(&mut p);
    p.app
        .world_mut()
        .resource_mut::<mancala_hall::game::play::computer::ComputerPlayer>()
        .sliced = true;
    from_the_menu(&mut p, "review:sliced");
    // The graph fills in as it goes: some verdicts before all of them.
    let mut partial = false;
    for _ in 0..4000 {
        let (done, total) = review_of(&p).progress();
        partial |= done > 0 && done < total;
        if review_of(&p).finished() {
            break;
        }
        p.frames(1);
    }
    assert!(partial, "the review came in over several frames");
    assert_eq!(review_of(&p).moments, review(&record, NODES).unwrap());
}

#[test]
fn in_a_small_window_the_review_leaves_the_board_in_view() {
    // A phone held sideways: the panel keeps to a low graph, the words and one row of
    // buttons, and the camera keeps the board above it.
    let data = data_folder("review-small");
    save_finished(&data, "small");
    let mut p = Player::start(&["--game", "hawalis", "--window", "640x360"], &data, STEP);
    small_budget(&mut p);
    from_the_menu(&mut p, "review:small");
    until_reviewed(&mut p);
    p.click("review_next");
    p.frames(3);
    assert_eq!(review_of(&p).selected, Some(0));
    let bars = *p
        .app
        .world()
        .resource::<mancala_hall::game::show::camera::ScreenBars>();
    assert!(
        bars.top + bars.bottom < 0.75 * 360.0,
        "the bars leave the board a quarter of the window at least: {bars:?}"
    );
    // The two pits are tagged on the board that is still in view.
    p.find("review_played_tag");
    p.find("review_best_tag");
    p.click("review_close");
    p.frames(2);
    assert!(!review_of(&p).open);
}
