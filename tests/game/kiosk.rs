//! Kiosk mode headless, under manual time: the attract loop starts when nobody
//! touches the welcome screen and ends at a touch; an abandoned game counts down and
//! returns to the welcome screen unless a visitor touches it; and hours of the
//! attract loop leave the number of entities and assets flat.

use crate::common::headless::{logic_app, with_meshes};
use bevy::prelude::*;
use mancala_hall::content::i18n::Language;
use mancala_hall::game::play::session::{Seat, Seats, StartGame};
use mancala_hall::game::ui::language::Tr;
use mancala_hall::game::venue::kiosk::{Activity, Kiosk, KioskPhase, KioskStart, install};
use mancala_hall::game::{AppState, CurrentGame, Deciding, Venue};
use mancala_hall::kiosk_config::KioskConfig;
use mancala_hall::rules::Game;
use std::time::Duration;

const STEP_S: f32 = 0.25;

fn kiosk_app(config: KioskConfig) -> App {
    let mut app = logic_app(Duration::from_secs_f32(STEP_S));
    // The board and seed meshes and materials, so that their counts are checked too.
    with_meshes(&mut app);
    let first = config.new_game(Game::Omweso, 1);
    install(&mut app, config);
    app.world_mut()
        .write_message(StartGame::fresh(first, Seats::default()));
    app.update();
    app.update();
    app
}

fn config() -> KioskConfig {
    KioskConfig {
        attract_after_s: 20.0,
        reset_after_s: 30.0,
        countdown_s: 10.0,
        attract_turns: 6,
        ..KioskConfig::default()
    }
}

fn run_for(app: &mut App, seconds: f32) {
    for _ in 0..(seconds / STEP_S).ceil() as usize {
        app.update();
    }
}

fn phase(app: &App) -> KioskPhase {
    *app.world().resource::<State<KioskPhase>>().get()
}

fn screen(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

fn touch(app: &mut App) {
    app.world_mut().write_message(Activity);
    app.update();
    app.update();
}

#[test]
fn a_kiosk_is_the_museum_venue_and_home_has_no_kiosk_phase() {
    let kiosk = kiosk_app(config());
    assert_eq!(
        *kiosk.world().resource::<State<Venue>>().get(),
        Venue::Museum
    );
    assert_eq!(phase(&kiosk), KioskPhase::Welcome);

    // At home the kiosk's phase does not exist and its loop never starts a game,
    // however long nobody touches anything.
    let mut home = logic_app(Duration::from_secs_f32(STEP_S));
    home.update();
    let before = home.world().resource::<CurrentGame>().0.clone();
    run_for(&mut home, 2.0 * config().attract_after_s);
    assert_eq!(*home.world().resource::<State<Venue>>().get(), Venue::Home);
    assert!(home.world().get_resource::<State<KioskPhase>>().is_none());
    assert_eq!(screen(&home), AppState::Menu);
    assert_eq!(home.world().resource::<CurrentGame>().0, before);
}

#[test]
fn the_attract_loop_starts_when_nobody_touches_and_stops_at_a_touch() {
    let mut app = kiosk_app(config());
    assert_eq!(
        (phase(&app), screen(&app)),
        (KioskPhase::Welcome, AppState::Menu)
    );
    assert!(
        app.world().get_resource::<State<Deciding>>().is_none(),
        "nobody plays behind the welcome screen"
    );
    run_for(&mut app, 15.0);
    assert_eq!(phase(&app), KioskPhase::Welcome, "too early");
    // A touch on the welcome screen restarts the wait.
    touch(&mut app);
    run_for(&mut app, 15.0);
    assert_eq!(
        phase(&app),
        KioskPhase::Welcome,
        "the touch restarted the wait"
    );
    run_for(&mut app, 6.0);
    assert_eq!(
        (phase(&app), screen(&app)),
        (KioskPhase::Attract, AppState::InGame)
    );
    let seats = *app.world().resource::<Seats>();
    assert_eq!((seats.south, seats.north), (Seat::Computer, Seat::Computer));
    assert_eq!(app.world().resource::<CurrentGame>().0.game(), Game::ALL[0]);
    // The computer plays: turns are shown.
    let before = app.world().resource::<CurrentGame>().0.clone();
    run_for(&mut app, 20.0);
    assert_ne!(
        app.world().resource::<CurrentGame>().0,
        before,
        "no move was played"
    );
    touch(&mut app);
    assert_eq!(
        (phase(&app), screen(&app)),
        (KioskPhase::Welcome, AppState::Menu)
    );
}

#[test]
fn the_attract_loop_goes_through_every_offered_game() {
    let mut c = config();
    c.games = vec![Game::Hawalis, Game::Anywoli, Game::Nsolo];
    c.attract_turns = 2;
    let mut app = kiosk_app(c);
    let mut seen = Vec::new();
    for _ in 0..(900.0 / STEP_S) as usize {
        app.update();
        let g = app.world().resource::<CurrentGame>().0.game();
        if phase(&app) == KioskPhase::Attract && seen.last() != Some(&g) {
            seen.push(g);
        }
        if seen.len() == 4 {
            break;
        }
    }
    assert_eq!(
        seen,
        vec![Game::Hawalis, Game::Anywoli, Game::Nsolo, Game::Hawalis]
    );
}

#[test]
fn an_abandoned_game_counts_down_and_returns_to_the_welcome_screen() {
    let mut app = kiosk_app(config());
    // A visitor switches to Swahili and starts a game against the computer.
    app.world_mut().resource_mut::<Tr>().0 = Language::Swahili;
    app.world_mut().write_message(KioskStart {
        game: Game::Hawalis,
        against_computer: true,
        side: mancala_hall::rules::Player::South,
    });
    app.update();
    app.update();
    assert_eq!(
        (phase(&app), screen(&app)),
        (KioskPhase::Playing, AppState::InGame)
    );
    assert_eq!(
        app.world().resource::<CurrentGame>().0.game(),
        Game::Hawalis
    );
    let seats = *app.world().resource::<Seats>();
    assert_eq!((seats.south, seats.north), (Seat::Person, Seat::Computer));
    run_for(&mut app, 25.0);
    assert_eq!(app.world().resource::<Kiosk>().countdown(), None);
    run_for(&mut app, 7.0);
    let left = app
        .world()
        .resource::<Kiosk>()
        .countdown()
        .expect("counting down");
    assert!(left > 6.0 && left <= 10.0, "{left}");
    // A touch cancels the countdown and the game goes on.
    touch(&mut app);
    assert_eq!(app.world().resource::<Kiosk>().countdown(), None);
    assert_eq!(phase(&app), KioskPhase::Playing);
    run_for(&mut app, 35.0);
    let later = app
        .world()
        .resource::<Kiosk>()
        .countdown()
        .expect("counting down again");
    assert!(later < left, "{later} >= {left}");
    run_for(&mut app, 6.0);
    assert_eq!(
        (phase(&app), screen(&app)),
        (KioskPhase::Welcome, AppState::Menu)
    );
    // The next visitor finds the installation's language.
    assert_eq!(app.world().resource::<Tr>().0, Language::English);
}

fn asset_counts(app: &App) -> (usize, usize) {
    (
        app.world().resource::<Assets<Mesh>>().len(),
        app.world().resource::<Assets<StandardMaterial>>().len(),
    )
}

fn entity_count(app: &mut App) -> usize {
    app.world_mut().query::<Entity>().iter(app.world()).count()
}

/// Two simulated hours of the attract loop, with a visitor now and then.
#[test]
fn hours_of_attract_mode_leave_entities_and_assets_flat() {
    let mut c = config();
    c.attract_turns = 4;
    let mut app = kiosk_app(c);
    // At each start of an attract game: (game, entities, meshes, materials).
    let mut samples: Vec<(Game, usize, usize, usize)> = Vec::new();
    let mut last_started = 0;
    let steps = (2.0 * 3600.0 / STEP_S) as usize;
    for step in 0..steps {
        app.update();
        // A visitor drops by every twenty minutes and leaves at once.
        if step % (1200.0 / STEP_S) as usize == 0 && step > 0 {
            touch(&mut app);
            app.world_mut().write_message(KioskStart {
                game: Game::Nsolo,
                against_computer: true,
                side: mancala_hall::rules::Player::South,
            });
        }
        let k = app.world().resource::<Kiosk>();
        if phase(&app) == KioskPhase::Attract && k.games_started != last_started {
            last_started = k.games_started;
            // Let the new game's board be built before counting.
            app.update();
            app.update();
            let g = app.world().resource::<CurrentGame>().0.game();
            let (meshes, materials) = asset_counts(&app);
            let entities = entity_count(&mut app);
            samples.push((g, entities, meshes, materials));
        }
    }
    let games = app.world().resource::<Kiosk>().games_started;
    assert!(games >= 40, "only {games} games in two hours");
    for g in Game::ALL {
        let of_game: Vec<_> = samples.iter().filter(|s| s.0 == g).skip(1).collect();
        assert!(of_game.len() >= 3, "{g}: only {} samples", of_game.len());
        let first = of_game[0];
        for s in &of_game {
            assert_eq!(
                (s.1, s.2, s.3),
                (first.1, first.2, first.3),
                "{g}: entities, meshes, materials grew: {of_game:?}"
            );
        }
    }
}

fn played_then_undo(undo_allowed: bool) -> (bool, Option<String>) {
    let c = KioskConfig {
        undo: undo_allowed,
        ..config()
    };
    let mut app = kiosk_app(c);
    app.world_mut().write_message(KioskStart {
        game: Game::Hawalis,
        against_computer: false,
        side: mancala_hall::rules::Player::South,
    });
    app.update();
    app.update();
    let start = app.world().resource::<CurrentGame>().0.clone();
    let d = mancala_hall::rules::legal_decisions(&start)[0].clone();
    app.world_mut()
        .write_message(mancala_hall::game::play::session::DecisionMade::here(d));
    run_for(&mut app, 30.0);
    assert_ne!(
        app.world().resource::<CurrentGame>().0,
        start,
        "the move was played"
    );
    app.world_mut()
        .write_message(mancala_hall::game::play::session::Undo);
    app.update();
    app.update();
    let back = app.world().resource::<CurrentGame>().0 == start;
    let notice = app
        .world()
        .resource::<mancala_hall::game::play::session::Notice>()
        .0
        .clone();
    (back, notice)
}

#[test]
fn the_kiosk_undo_setting_allows_or_refuses_take_backs() {
    assert!(
        played_then_undo(true).0,
        "undo allowed: the move is taken back"
    );
    let (back, notice) = played_then_undo(false);
    assert!(!back, "undo refused: the move stays");
    assert!(notice.is_some(), "the visitor is told why");
}
