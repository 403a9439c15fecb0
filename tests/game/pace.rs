//! Draw only when something changes (issue 60), headless: with nothing happening the
//! game asks for no frame, however many updates pass; each thing that moves asks for
//! frames until it ends; the kiosk's idle timer asks to be woken when it is due.

use crate::common::player::{Player, data_folder};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use mancala_hall::game::play::session::{DecisionMade, Seat, Seats, StartGame};
use mancala_hall::game::show::animation::Animation;
use mancala_hall::game::wake::WakeAt;
use mancala_hall::rules::{Game, GameState, Options, legal_decisions};
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

/// Runs one update and says whether it asked for the next frame.
fn asks_for_a_frame(p: &mut Player) -> bool {
    p.frames(1);
    p.app
        .world()
        .resource::<Messages<RequestRedraw>>()
        .iter_current_update_messages()
        .next()
        .is_some()
}

/// Runs updates until one asks for no frame (panics after `limit`); returns how many
/// asked for one.
fn until_still(p: &mut Player, limit: usize, what: &str) -> usize {
    for n in 0..limit {
        if !asks_for_a_frame(p) {
            return n;
        }
    }
    panic!(
        "{what}: still asking for frames after {limit} updates ({})",
        why(p)
    );
}

/// Why the game asks for the next frame: a reason of its own, else egui's.
fn why(p: &mut Player) -> &'static str {
    use bevy::ecs::system::RunSystemOnce;
    use mancala_hall::game::pace::{Motion, keeps_moving};
    p.app
        .world_mut()
        .run_system_once(|m: Motion| keeps_moving(&m))
        .expect("the reasons read")
        .unwrap_or_else(|| {
            let causes = p
                .app
                .world_mut()
                .run_system_once(|mut c: bevy_egui::EguiContexts| {
                    let ctx = c.ctx_mut().unwrap();
                    format!(
                        "{:?} events {:?} ptr {:?}",
                        ctx.repaint_causes(),
                        ctx.input(|i| i.events.clone()),
                        ctx.input(|i| (
                            i.pointer.is_moving(),
                            i.pointer.any_pressed(),
                            i.pointer.any_released(),
                            i.pointer.latest_pos()
                        ))
                    )
                })
                .unwrap();
            eprintln!("DEBUG egui causes {causes}");
            "egui asks for it"
        })
}

/// `n` updates in which nothing may ask for a frame.
fn assert_still(p: &mut Player, n: usize, what: &str) {
    for i in 0..n {
        assert!(
            !asks_for_a_frame(p),
            "{what}: update {i} of a board at rest asked for a frame ({})",
            why(p)
        );
    }
}

/// A game where both seats are people (nothing plays by itself).
fn two_people(game: &str, name: &str) -> Player {
    let data = data_folder(&format!("pace-{name}"));
    let mut p = Player::start(&["--game", game, "--north", "person"], &data, STEP);
    until_still(&mut p, 400, "the game's start");
    p
}

#[test]
fn a_board_at_rest_and_the_title_ask_for_no_frame() {
    let mut p = two_people("hawalis", "rest");
    assert_still(&mut p, 200, "Hawalis waiting for South");
    // The title screen.
    let data = data_folder("pace-title");
    let mut title = Player::start(&[], &data, STEP);
    until_still(&mut title, 400, "the title's start");
    assert_still(&mut title, 200, "the title screen");
}

#[test]
fn a_move_asks_for_frames_until_its_seeds_have_landed() {
    let mut p = two_people("bao_kigogo", "move");
    let d = legal_decisions(&p.state()).iter().next().cloned().unwrap();
    p.app.world_mut().write_message(DecisionMade::here(d));
    let mut shown = 0;
    for _ in 0..4000 {
        let asked = asks_for_a_frame(&mut p);
        let busy = p.app.world().resource::<Animation>().busy();
        if busy {
            assert!(asked, "a frame of the move asked for no next one");
            shown += 1;
        } else if !asked {
            break;
        }
    }
    assert!(shown > 5, "the move was shown in {shown} frames");
    assert_still(&mut p, 100, "after the move");
}

#[test]
fn the_computer_to_move_asks_for_frames_until_its_move_is_shown() {
    let data = data_folder("pace-computer");
    let mut p = Player::start(&["--game", "hawalis", "--north", "person"], &data, STEP);
    until_still(&mut p, 400, "the start");
    // North becomes the computer, with South's move made: it thinks, pauses and
    // plays, and frames go on until its move is shown.
    let seats = Seats {
        south: Seat::Person,
        north: Seat::Computer,
    };
    let state = GameState::new(Game::Hawalis, Options::default()).unwrap();
    p.app
        .world_mut()
        .write_message(StartGame::fresh(state, seats));
    until_still(&mut p, 400, "the new game's start");
    let d = legal_decisions(&p.state()).iter().next().cloned().unwrap();
    p.app.world_mut().write_message(DecisionMade::here(d));
    let n = until_still(&mut p, 4000, "the computer's reply");
    let s = p.state();
    assert_eq!(
        p.app.world().resource::<Seats>().of(s.to_decide()),
        Seat::Person,
        "the computer has moved once frames stop ({n} frames)"
    );
    assert!(!p.app.world().resource::<Animation>().busy());
    assert_still(&mut p, 100, "South to move again");
}

#[test]
fn the_whole_board_view_glides_and_then_rests() {
    let data = data_folder("pace-glide");
    let mut p = Player::start(
        &["--game", "nsolo", "--width", "36", "--north", "person"],
        &data,
        STEP,
    );
    until_still(&mut p, 400, "the start");
    p.press(KeyCode::KeyO);
    p.press(KeyCode::KeyO);
    // Back close up after the whole board: nothing glides (the stretch stays), but a
    // press of the key is input, which woke the frame; then rest.
    until_still(&mut p, 100, "the view after O");
    assert_still(&mut p, 50, "the close view at rest");
}

#[test]
fn the_kiosk_asks_to_be_woken_when_its_idle_time_is_up() {
    use mancala_hall::game::venue::kiosk::Kiosk;
    let data = data_folder("pace-kiosk");
    // The example kiosk, in a window (not fullscreen: that checks the screen's size
    // in its first seconds).
    let config = std::fs::read_to_string("docs/kiosk.example.json").unwrap();
    let config = config.replace("\"fullscreen\": true", "\"fullscreen\": false");
    let file = data.join("kiosk.json");
    std::fs::write(&file, config).unwrap();
    let file = file.to_string_lossy().to_string();
    let mut p = Player::start(&["--kiosk", &file], &data, STEP);
    until_still(&mut p, 400, "the welcome screen");
    // Nothing asks for a frame, but each update asks to be woken when the attract
    // loop is due.
    assert!(!asks_for_a_frame(&mut p));
    let kiosk = p.app.world().resource::<Kiosk>();
    let left = kiosk.config.attract_after_s - kiosk.idle.elapsed_secs();
    let asked = p.app.world().resource::<WakeAt>().asked;
    let asked = asked.expect("a wake-up asked for");
    assert!(
        (asked.as_secs_f32() - left).abs() < 0.2,
        "woken in {asked:?}, the attract loop due in {left} s"
    );
    assert!(left > 1.0, "{left}");
}

/// After a spell without frames, a frame's real time is when it starts, not when the
/// renderer finished the frame before the spell (what Bevy sends by default): a
/// click's button down and up, a frame apart, are then as far apart as they were.
#[test]
fn a_frame_after_a_spell_without_frames_takes_the_time_it_starts() {
    use bevy::platform::time::Instant;
    use bevy::time::{TimeSystems, TimeUpdateStrategy, create_time_channels};
    let mut app = App::new();
    app.add_plugins(bevy::time::TimePlugin);
    let (sender, receiver) = create_time_channels();
    app.insert_resource(receiver).add_systems(
        First,
        mancala_hall::game::pace::time_of_this_frame.before(TimeSystems),
    );
    app.update();
    let start = app.world().resource::<Time<Real>>().elapsed();
    // The renderer finished its last frame, then nothing was drawn for a while.
    sender.0.try_send(Instant::now()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    app.update();
    let waited = app.world().resource::<Time<Real>>().elapsed() - start;
    assert!(
        waited >= Duration::from_millis(300),
        "the frame after the spell is dated {waited:?} after the last, not 300 ms"
    );
    // Bevy's default would have dated it when the renderer finished.
    assert!(matches!(
        *app.world().resource::<TimeUpdateStrategy>(),
        TimeUpdateStrategy::ManualInstant(_)
    ));
}
