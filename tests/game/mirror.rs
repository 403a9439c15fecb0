//! Headless (no window, no GPU, manual time): whole games of every game driven through
//! the same messages the input uses; after every turn the seed entities match the rules
//! state; the animation completes and the next decision is accepted; the speed setting
//! changes only the timing.

use crate::common::headless::{logic_app, start};
use bevy::prelude::*;
use mancala_hall::game::play::computer::ComputerPlayer;
use mancala_hall::game::play::input::PitClicked;
use mancala_hall::game::play::session::{Begin, DecisionMade, Seat, Seats, StartGame};
use mancala_hall::game::show::animation::{Animation, Speed};
use mancala_hall::game::show::board::{PitView, StoreView};
use mancala_hall::game::show::seeds::{SeedView, mirror_mismatches};
use mancala_hall::game::{AppState, CurrentGame, Mode};
use mancala_hall::rules::*;
use std::time::Duration;

fn app_for(state: GameState, seats: Seats, speed: Speed) -> App {
    let mut app = logic_app(Duration::from_millis(50));
    // Random computer players keep the long runs quick; the AI has its own test.
    app.insert_resource(ComputerPlayer::with_level(None))
        .insert_resource(speed);
    start(&mut app, state, seats);
    app.update();
    app
}

fn mismatches(app: &mut App) -> Vec<String> {
    let state = app.world().resource::<CurrentGame>().0.clone();
    let seeds: Vec<SeedView> = app
        .world_mut()
        .query::<&SeedView>()
        .iter(app.world())
        .copied()
        .collect();
    let mut wrong = mirror_mismatches(&state, &seeds);
    if seeds.len() as u32 != state.seeds().total() {
        wrong.push(format!(
            "{} seed entities for {} seeds",
            seeds.len(),
            state.seeds().total()
        ));
    }
    wrong
}

fn busy(app: &App) -> bool {
    app.world().resource::<Animation>().busy()
}

/// Runs a computer-against-computer game; checks the mirror every time a turn has been
/// shown. Returns the final state and the number of frames.
fn computer_game(
    game: Game,
    options: Options,
    speed: Speed,
    max_frames: usize,
) -> (GameState, usize) {
    let seats = Seats {
        south: Seat::Computer,
        north: Seat::Computer,
    };
    let mut app = app_for(GameState::new(game, options).unwrap(), seats, speed);
    if !busy(&app) {
        assert_eq!(
            mismatches(&mut app),
            Vec::<String>::new(),
            "{game} at the start"
        );
    }
    let mut was_busy = false;
    for frame in 0..max_frames {
        app.update();
        let now_busy = busy(&app);
        if was_busy && !now_busy {
            app.update(); // let a resync (instant speed) land
            let wrong = mismatches(&mut app);
            assert!(wrong.is_empty(), "{game} frame {frame}: {wrong:?}");
        }
        was_busy = now_busy;
        let s = &app.world().resource::<CurrentGame>().0;
        if s.is_over() && !now_busy {
            return (s.clone(), frame);
        }
    }
    panic!("{game}: not over after {max_frames} frames");
}

#[test]
fn pits_and_stores_match_the_board() {
    for game in Game::ALL {
        let mut app = app_for(
            GameState::new(game, Options::default()).unwrap(),
            Seats::default(),
            Speed::Normal,
        );
        let pits = app
            .world_mut()
            .query::<&PitView>()
            .iter(app.world())
            .count();
        let stores = app
            .world_mut()
            .query::<&StoreView>()
            .iter(app.world())
            .count();
        let board = app.world().resource::<CurrentGame>().0.board().clone();
        assert_eq!(pits, board.len(), "{game}");
        assert_eq!(stores, if game == Game::Anywoli { 2 } else { 0 }, "{game}");
        assert!(mismatches(&mut app).is_empty());
    }
}

#[test]
fn whole_games_of_every_game_stay_in_step() {
    for game in [Game::Hawalis, Game::BaoKigogo, Game::Nsolo, Game::Omweso] {
        let options = if game == Game::Omweso {
            Options {
                match_target: 1,
                ..Options::default()
            }
        } else {
            Options::default()
        };
        let (s, _) = computer_game(game, options, Speed::Fast, 400_000);
        assert!(s.is_over());
    }
}

#[test]
fn anywoli_and_nsolo_4x36_stay_in_step_at_instant_speed() {
    let (s, _) = computer_game(Game::Anywoli, Options::default(), Speed::Instant, 100_000);
    assert!(s.is_over());
    let (s, _) = computer_game(
        Game::Nsolo,
        Options {
            width: 36,
            ..Options::default()
        },
        Speed::Instant,
        100_000,
    );
    assert!(s.is_over());
}

#[test]
fn speed_changes_only_the_timing() {
    let (fast, fast_frames) =
        computer_game(Game::Hawalis, Options::default(), Speed::Fast, 400_000);
    let (slow, slow_frames) =
        computer_game(Game::Hawalis, Options::default(), Speed::Slow, 400_000);
    let (instant, instant_frames) =
        computer_game(Game::Hawalis, Options::default(), Speed::Instant, 400_000);
    assert_eq!(fast, slow, "the same game whatever the speed");
    assert_eq!(fast, instant);
    assert!(
        slow_frames > fast_frames && fast_frames > instant_frames,
        "{slow_frames} {fast_frames} {instant_frames}"
    );
}

#[test]
fn a_click_plays_a_legal_pit_and_input_waits_for_the_animation() {
    let mut app = app_for(
        GameState::new(Game::Hawalis, Options::default()).unwrap(),
        Seats::default(),
        Speed::Normal,
    );
    // An opponent's pit is not South's to play: nothing happens.
    app.world_mut().write_message(PitClicked(Pit::new(0, 0)));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0.to_decide(),
        Player::South
    );
    assert!(!busy(&app));
    // South plays (3,0): the rules state moves on at once, the animation starts.
    app.world_mut().write_message(PitClicked(Pit::new(3, 0)));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0.to_decide(),
        Player::North
    );
    assert!(busy(&app));
    // North clicks during the animation: ignored.
    let before = app.world().resource::<CurrentGame>().0.clone();
    app.world_mut().write_message(PitClicked(Pit::new(0, 0)));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0,
        before,
        "input waits while a turn is shown"
    );
    for _ in 0..2000 {
        if !busy(&app) {
            break;
        }
        app.update();
    }
    assert!(!busy(&app), "the animation completes");
    app.update();
    assert!(mismatches(&mut app).is_empty());
    // Now North's click is accepted.
    app.world_mut().write_message(PitClicked(Pit::new(0, 0)));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0.to_decide(),
        Player::South
    );
}

#[test]
fn nothing_is_respawned_while_nothing_moves() {
    let mut app = app_for(
        GameState::new(Game::Hawalis, Options::default()).unwrap(),
        Seats::default(),
        Speed::Normal,
    );
    let ids = |app: &mut App| -> Vec<Entity> {
        let mut v: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<SeedView>>()
            .iter(app.world())
            .collect();
        v.sort();
        v
    };
    let before = ids(&mut app);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(ids(&mut app), before);
}

#[test]
fn free_set_up_by_clicks() {
    use mancala_hall::game::play::input::ArrangeDraft;
    let options = Options {
        set_up: SetUp::Free,
        ..Options::default()
    };
    let mut app = app_for(
        GameState::new(Game::Omweso, options).unwrap(),
        Seats::default(),
        Speed::Normal,
    );
    let click = |app: &mut App, r: u8, c: u8| {
        app.world_mut().write_message(PitClicked(Pit::new(r, c)));
        app.update();
    };
    // South picks up (3,0) (4 seeds) and drops one seed into each of (2,0), (2,1).
    click(&mut app, 3, 0);
    click(&mut app, 2, 0);
    click(&mut app, 2, 1);
    // A click on North's side is refused.
    click(&mut app, 0, 0);
    let draft = app.world().resource::<ArrangeDraft>().clone();
    let pits = draft.pits.clone().expect("a draft");
    let state = app.world().resource::<CurrentGame>().0.clone();
    let at = |r: usize, c: usize| pits[r * 8 + c];
    assert_eq!((at(3, 0), at(2, 0), at(2, 1)), (2, 1, 1));
    assert_eq!(at(0, 0), 4, "North's pits are untouched");
    assert_eq!(draft.selected, Some(3 * 8), "still holding (3,0)");
    // The seed entities show the draft.
    app.update();
    let seeds: Vec<SeedView> = app
        .world_mut()
        .query::<&SeedView>()
        .iter(app.world())
        .copied()
        .collect();
    let in_pit = |i: usize| {
        seeds
            .iter()
            .filter(|s| s.place == mancala_hall::game::show::seeds::Place::Pit(i))
            .count()
    };
    assert_eq!((in_pit(3 * 8), in_pit(2 * 8), in_pit(2 * 8 + 1)), (2, 1, 1));
    // Done: the arrangement is the draft.
    let d = draft.decision(&state).unwrap();
    app.world_mut().write_message(DecisionMade::here(d));
    app.update();
    let s = &app.world().resource::<CurrentGame>().0;
    assert_eq!(s.to_decide(), Player::North, "North arranges next");
    assert_eq!(s.seeds().rows()[3][0], 2);
    assert_eq!(s.seeds().rows()[2][1], 1);
    assert_eq!(
        app.world().resource::<ArrangeDraft>().pits,
        None,
        "the draft is used up"
    );
}

#[test]
fn counts_follow_the_seeds_as_they_are_shown() {
    let mut app = app_for(
        GameState::new(Game::Hawalis, Options::default()).unwrap(),
        Seats::default(),
        Speed::Normal,
    );
    let start = app.world().resource::<CurrentGame>().0.seeds().clone();
    app.world_mut().write_message(PitClicked(Pit::new(3, 0)));
    app.update();
    let shown = |app: &App| {
        let anim = app.world().resource::<Animation>();
        anim.counts(&app.world().resource::<CurrentGame>().0)
            .clone()
    };
    let after = app.world().resource::<CurrentGame>().0.seeds().clone();
    assert_ne!(after, start);
    // Early in the animation the counts are not yet the turn's result.
    assert_ne!(
        shown(&app),
        after,
        "the HUD must not tell the result before the board"
    );
    assert_eq!(shown(&app).total(), start.total());
    for _ in 0..2000 {
        if !busy(&app) {
            break;
        }
        app.update();
    }
    assert_eq!(shown(&app), after);
}

#[test]
fn a_never_ending_move_is_shown_for_a_few_laps_then_announced() {
    // The conventions' Omweso example: South sows (3,0) and the move never ends.
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    let state =
        GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South).unwrap();
    let mut app = app_for(state, Seats::default(), Speed::Fast);
    app.world_mut().write_message(PitClicked(Pit::new(3, 0)));
    app.update();
    // First the move is worked out off the frame (51,654,100 laps), then shown.
    let working = |app: &App| {
        app.world()
            .resource::<mancala_hall::game::play::long_moves::LongMoveWork>()
            .0
            .is_some()
    };
    for _ in 0..100_000 {
        if !working(&app) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(!working(&app), "the move was worked out");
    let mut frames = 0;
    while busy(&app) && frames < 5_000 {
        app.update();
        frames += 1;
    }
    assert!(!busy(&app));
    assert!(
        frames < 600,
        "a few laps, not 200: {frames} frames at 50 ms"
    );
    let banner = app
        .world()
        .resource::<Animation>()
        .banner
        .clone()
        .unwrap_or_default();
    assert!(
        banner.contains("annulled") || banner.contains("never end"),
        "{banner}"
    );
    app.update();
    assert!(mismatches(&mut app).is_empty());
}

/// Fifty frames: enough for any turn at Instant speed and the computer's reply
/// (`common::headless::settle` waits for one turn's animation only).
fn fifty_frames(app: &mut App) {
    for _ in 0..50 {
        app.update();
    }
}

#[test]
fn undo_and_redo_restore_exact_states() {
    use mancala_hall::game::play::session::{History, Redo, Undo};
    let seats = Seats {
        north: Seat::Computer,
        ..Seats::default()
    };
    let start = GameState::new(Game::Hawalis, Options::default()).unwrap();
    let mut app = app_for(start.clone(), seats, Speed::Instant);
    app.world_mut().write_message(PitClicked(Pit::new(3, 0)));
    fifty_frames(&mut app);
    let after_reply = app.world().resource::<CurrentGame>().0.clone();
    assert_eq!(
        after_reply.to_decide(),
        Player::South,
        "the computer has replied"
    );
    assert_eq!(app.world().resource::<History>().before.len(), 2);
    // Undo takes back South's turn and North's reply together.
    app.world_mut().write_message(Undo);
    fifty_frames(&mut app);
    assert_eq!(app.world().resource::<CurrentGame>().0, start);
    assert!(mismatches(&mut app).is_empty());
    // Redo plays both again, exactly.
    app.world_mut().write_message(Redo);
    fifty_frames(&mut app);
    assert_eq!(app.world().resource::<CurrentGame>().0, after_reply);
    assert!(mismatches(&mut app).is_empty());
    let record = app.world().resource::<History>().record.clone().unwrap();
    assert_eq!(
        record.replay().unwrap().0,
        after_reply,
        "the record follows undo and redo"
    );
}

#[test]
fn no_undo_in_a_binding_game() {
    use mancala_hall::game::play::session::Undo;
    let options = Options {
        play_mode: PlayMode::NoTakeBack,
        ..Options::default()
    };
    let mut app = app_for(
        GameState::new(Game::Omweso, options).unwrap(),
        Seats::default(),
        Speed::Instant,
    );
    app.world_mut().write_message(PitClicked(Pit::new(3, 0)));
    fifty_frames(&mut app);
    let played = app.world().resource::<CurrentGame>().0.clone();
    app.world_mut().write_message(Undo);
    fifty_frames(&mut app);
    assert_eq!(app.world().resource::<CurrentGame>().0, played);
}

#[test]
fn a_replay_reaches_the_recorded_final_position() {
    use mancala_hall::game::play::session::Replay;
    let mut s = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let mut record = GameRecord::new(Game::Nsolo, Options::default());
    let mut lot = Lot(11);
    for _ in 0..30 {
        let Some(d) = random_decision(&s, &mut lot) else {
            break;
        };
        apply(&mut s, d.clone()).unwrap();
        record.decisions.push(d);
    }
    let mut app = app_for(
        GameState::new(Game::Hawalis, Options::default()).unwrap(),
        Seats::default(),
        Speed::Fast,
    );
    app.world_mut().write_message(StartGame {
        state: record.start_state().unwrap(),
        seats: Seats::default(),
        begin: Begin::Watch(record.clone()),
    });
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Mode>>().get(),
        Mode::Watch,
        "watching, nobody decides"
    );
    for _ in 0..20_000 {
        app.update();
        let r = app.world().resource::<Replay>();
        if !r.playing && !busy(&app) {
            break;
        }
    }
    assert_eq!(app.world().resource::<CurrentGame>().0, s);
    app.update();
    assert!(mismatches(&mut app).is_empty());
}

/// Hawalis with the computer as North: South plays (3,3) by a click, then frames run
/// until North has replied and the reply is shown. Returns the app and how many frames
/// the computer spent thinking.
fn hawalis_until_the_computer_replies(computer: ComputerPlayer) -> (App, u32) {
    let seats = Seats {
        north: Seat::Computer,
        ..Seats::default()
    };
    let mut app = app_for(
        GameState::new(Game::Hawalis, Options::default()).unwrap(),
        seats,
        Speed::Fast,
    );
    app.insert_resource(computer);
    app.world_mut().write_message(PitClicked(Pit::new(3, 3)));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0.to_decide(),
        Player::North,
        "the click was played"
    );
    let mut thinking_frames = 0;
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<ComputerPlayer>().thinking() {
            thinking_frames += 1;
        }
        let s = &app.world().resource::<CurrentGame>().0;
        if s.to_decide() == Player::South && !busy(&app) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    (app, thinking_frames)
}

#[test]
fn the_computer_thinks_off_the_main_thread_and_plays() {
    let computer = ComputerPlayer::with_level(Some(mancala_hall::ai::Level::Expert));
    let (mut app, thinking_frames) = hawalis_until_the_computer_replies(computer);
    assert!(
        thinking_frames > 0,
        "the search ran as a task while frames went on"
    );
    let s = app.world().resource::<CurrentGame>().0.clone();
    assert_eq!(s.to_decide(), Player::South, "North has replied");
    assert!(mismatches(&mut app).is_empty());
}

#[test]
fn a_hint_shows_the_top_levels_choice() {
    use mancala_hall::game::play::computer::{AskHint, Hint};
    let rows = vec![
        vec![0, 0, 2, 0, 0, 0, 0],
        vec![0, 0, 3, 0, 0, 0, 0],
        vec![0, 0, 0, 1, 0, 0, 0],
        vec![1, 0, 0, 0, 0, 0, 0],
    ];
    let state =
        GameState::from_rows(Game::Hawalis, Options::default(), &rows, Player::South).unwrap();
    let mut app = app_for(state.clone(), Seats::default(), Speed::Normal);
    app.world_mut().write_message(AskHint);
    for _ in 0..5_000 {
        app.update();
        if app.world().resource::<Hint>().for_state(&state).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let hint = app.world().resource::<Hint>().for_state(&state).cloned();
    assert_eq!(
        hint,
        Some(Decision::Sow(Pit::new(2, 3))),
        "the winning capture"
    );
}

#[test]
fn the_browsers_sliced_search_spans_frames_and_plays_what_the_search_finds() {
    // In the browser there are no threads: the search runs a few milliseconds a frame.
    // It must still play exactly the decision a whole search finds for its seed.
    let mut computer = ComputerPlayer::with_level(Some(mancala_hall::ai::Level::Master));
    computer.sliced = true;
    let mut lot = computer.lot;
    let seed = lot.next_u64();
    // The position the click (3,3) leads to, as the rules play it.
    let mut after_person = GameState::new(Game::Hawalis, Options::default()).unwrap();
    apply(&mut after_person, Decision::Sow(Pit::new(3, 3))).unwrap();
    let expected = mancala_hall::ai::choose(&after_person, mancala_hall::ai::Level::Master, seed);
    let (app, thinking_frames) = hawalis_until_the_computer_replies(computer);
    assert!(
        thinking_frames > 1,
        "the search is spread over frames ({thinking_frames})"
    );
    let played = app
        .world()
        .resource::<mancala_hall::game::play::session::LastMove>()
        .0
        .clone();
    assert_eq!(
        played.map(|(_, d)| d),
        expected,
        "the sliced search found what the whole search finds"
    );
}

#[test]
fn a_decision_made_while_a_turn_is_shown_is_played_after_it() {
    // Two people at Normal speed: South's turn is being shown when North's decision
    // arrives. It waits for the animation, then is played; nothing is lost.
    let start = GameState::new(Game::Hawalis, Options::default()).unwrap();
    let mut app = app_for(start.clone(), Seats::default(), Speed::Normal);
    let first = Decision::Sow(Pit::new(3, 3));
    let mut expected = start.clone();
    apply(&mut expected, first.clone()).unwrap();
    let second = legal_decisions(&expected)[0].clone();
    app.world_mut().write_message(DecisionMade::here(first));
    app.update();
    assert!(busy(&app), "the first turn is being shown");
    app.world_mut()
        .write_message(DecisionMade::here(second.clone()));
    app.update();
    assert_eq!(
        app.world().resource::<CurrentGame>().0,
        expected,
        "the second decision waits while the first turn is shown"
    );
    apply(&mut expected, second).unwrap();
    for _ in 0..2_000 {
        app.update();
        if app.world().resource::<CurrentGame>().0 == expected && !busy(&app) {
            break;
        }
    }
    assert_eq!(app.world().resource::<CurrentGame>().0, expected);
    app.update();
    assert!(mismatches(&mut app).is_empty());
}

#[test]
fn viewing_a_past_position_holds_play_and_refuses_decisions_with_a_word() {
    use mancala_hall::game::play::session::{Notice, ViewPast, Viewing};
    let start = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let mut app = app_for(start.clone(), Seats::default(), Speed::Instant);
    let d = legal_decisions(&start)[0].clone();
    app.world_mut().write_message(DecisionMade::here(d));
    fifty_frames(&mut app);
    let now = app.world().resource::<CurrentGame>().0.clone();
    assert_ne!(now, start);
    app.world_mut().write_message(ViewPast(Some(0)));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Viewing);
    assert_eq!(app.world().resource::<Viewing>().0, Some(0));
    let reply = legal_decisions(&now)[0].clone();
    app.world_mut()
        .write_message(DecisionMade::here(reply.clone()));
    fifty_frames(&mut app);
    assert_eq!(
        app.world().resource::<CurrentGame>().0,
        now,
        "nothing played"
    );
    assert!(
        app.world().resource::<Notice>().0.is_some(),
        "and it says why"
    );
    // Back to the game: play goes on from where it was.
    app.world_mut().write_message(ViewPast(None));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Play);
    app.world_mut()
        .write_message(DecisionMade::here(reply.clone()));
    fifty_frames(&mut app);
    let mut expected = now;
    apply(&mut expected, reply).unwrap();
    assert_eq!(app.world().resource::<CurrentGame>().0, expected);
    assert!(mismatches(&mut app).is_empty());
}

#[test]
fn nothing_is_played_behind_the_menu() {
    // Two computers, then the menu: the game holds still until it is resumed.
    let seats = Seats {
        south: Seat::Computer,
        north: Seat::Computer,
    };
    let mut app = app_for(
        GameState::new(Game::Anywoli, Options::default()).unwrap(),
        seats,
        Speed::Instant,
    );
    fifty_frames(&mut app);
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Menu);
    fifty_frames(&mut app);
    let held = app.world().resource::<CurrentGame>().0.clone();
    fifty_frames(&mut app);
    assert_eq!(app.world().resource::<CurrentGame>().0, held, "held still");
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::InGame);
    fifty_frames(&mut app);
    assert_ne!(
        app.world().resource::<CurrentGame>().0,
        held,
        "play goes on when the game is resumed"
    );
}

/// The conventions' example: South's (3,0) never ends, with a cycle of 51,654,100 laps.
fn never_ending_example() -> GameState {
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South).unwrap()
}

/// Feeds the specification's 51,654,100-lap move through the game's own decision
/// path: frames go on while it is worked out (with a progress note and the board
/// still as it was), and the game ends exactly as the rules say.
fn a_long_move_is_worked_out_off_the_frame(sliced: bool) {
    use mancala_hall::game::play::long_moves::{LongMoveWork, LongMoves};
    use mancala_hall::game::play::session::Notice;
    let start = never_ending_example();
    let d = Decision::Sow(Pit::new(3, 0));
    let mut expected = start.clone();
    apply(&mut expected, d.clone()).unwrap();
    let mut app = app_for(start.clone(), Seats::default(), Speed::Instant);
    app.insert_resource(LongMoves { sliced });
    app.world_mut().write_message(DecisionMade::here(d));
    app.update();
    assert!(
        app.world().resource::<LongMoveWork>().0.is_some(),
        "the move is too long for a frame"
    );
    let mut frames = 0;
    let mut noted = false;
    let mut longest = Duration::ZERO;
    while app.world().resource::<LongMoveWork>().0.is_some() {
        assert_eq!(
            app.world().resource::<CurrentGame>().0,
            start,
            "the board stays as it was meanwhile"
        );
        let t = std::time::Instant::now();
        app.update();
        longest = longest.max(t.elapsed());
        frames += 1;
        noted |= app
            .world()
            .resource::<Notice>()
            .0
            .as_ref()
            .is_some_and(|n| n.contains("million laps"));
        assert!(frames < 2_000_000, "never finished");
        if !sliced {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    assert!(frames > 1, "worked out over {frames} frames");
    assert!(noted, "a progress note was shown");
    // Frames stay short (a slice is 8 ms; generous for a loaded test machine).
    assert!(
        longest < Duration::from_millis(400),
        "a frame took {longest:?}"
    );
    fifty_frames(&mut app);
    assert_eq!(app.world().resource::<CurrentGame>().0, expected);
    assert!(mismatches(&mut app).is_empty());
}

#[test]
fn a_long_move_is_worked_out_on_a_background_task() {
    a_long_move_is_worked_out_off_the_frame(false);
}

#[test]
fn a_long_move_is_worked_out_in_slices_as_in_the_browser() {
    a_long_move_is_worked_out_off_the_frame(true);
}
