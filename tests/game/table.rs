//! A touch table for two (a kiosk file's `table: true`), headless, with taps where the
//! buttons are drawn: North's welcome half and panel stand turned at the screen's top
//! edge and answer a finger there (not where egui laid them out upright); a game
//! chosen from North's half seats the visitor at North; each side changes its own
//! language; the board is seen from above between the two panels.

use crate::common::player::{Player, data_folder};
use bevy::prelude::*;
use mancala_hall::content::i18n::Language;
use mancala_hall::game::AppState;
use mancala_hall::game::play::session::{Seat, Seats};
use mancala_hall::game::show::camera::{ScreenBars, View};
use mancala_hall::game::ui::language::Tr;
use mancala_hall::game::venue::table::NorthLanguage;
use mancala_hall::rules::Game;
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

fn table_kiosk(name: &str) -> Player {
    let data = data_folder(name);
    let config = data.join("kiosk.json");
    std::fs::write(
        &config,
        r#"{ "fullscreen": false, "table": true, "languages": ["en", "fr", "sw"],
             "attract_after_s": 900 }"#,
    )
    .unwrap();
    Player::start(
        &["--kiosk", config.to_str().unwrap(), "--window", "1280x720"],
        &data,
        STEP,
    )
}

fn languages(p: &Player) -> (Language, Language) {
    let world = p.app.world();
    (
        world.resource::<Tr>().0,
        world.resource::<NorthLanguage>().0.0,
    )
}

#[test]
fn north_chooses_a_game_from_its_turned_half_and_plays_north() {
    let mut p = table_kiosk("table-north-start");
    assert!(p.app.world().resource::<View>().from_above);
    // North's half is the top half, South's the bottom, each with every game.
    let north = p.find_still("table:north:hawalis:computer");
    let south = p.find_still("table:south:hawalis:computer");
    assert!(north.y < 360.0 && south.y > 360.0, "{north} {south}");
    // North's card is drawn turned: its Hawalis stands where South's would stand
    // turned about the screen's centre, not above it.
    assert!(
        (north.x + south.x - 1280.0).abs() < 40.0,
        "North's cards run the other way: {north} {south}"
    );
    // Where egui laid North's button out upright (its place turned back about the
    // top half's centre) is not the button: a tap there starts nothing.
    let laid_out = Vec2::new(1280.0, 360.0) - north;
    p.tap_at(laid_out);
    p.frames(3);
    assert_eq!(
        *p.app.world().resource::<State<AppState>>().get(),
        AppState::Menu,
        "a tap at {laid_out} (where North's button was laid out upright)"
    );
    p.tap("table:north:hawalis:computer");
    p.until_screen(AppState::InGame);
    p.frames(3);
    assert_eq!(p.state().game(), Game::Hawalis);
    assert_eq!(
        *p.app.world().resource::<Seats>(),
        Seats {
            south: Seat::Computer,
            north: Seat::Person
        },
        "the visitor who chose at North's edge plays North"
    );
}

#[test]
fn each_side_changes_its_own_language_and_the_board_stays_between_the_panels() {
    let mut p = table_kiosk("table-languages");
    p.tap("table:south:nsolo:two");
    p.until_screen(AppState::InGame);
    p.frames(5);
    assert_eq!(languages(&p), (Language::English, Language::English));
    let north = p.find_still("table:north:language");
    let south = p.find_still("table:south:language");
    assert!(north.y < 150.0 && south.y > 570.0, "{north} {south}");
    p.tap("table:north:language");
    p.frames(3);
    assert_eq!(
        languages(&p),
        (Language::English, Language::French),
        "North's tap changes North's language only"
    );
    p.tap("table:south:language");
    p.frames(3);
    assert_eq!(languages(&p), (Language::French, Language::French));
    p.tap("table:north:language");
    p.frames(3);
    assert_eq!(languages(&p), (Language::French, Language::Swahili));
    // The camera keeps the board between the panels: both edges are kept free.
    let bars = *p.app.world().resource::<ScreenBars>();
    assert!(bars.top > 80.0 && bars.bottom > 80.0, "{bars:?}");
    assert!(
        bars.top + bars.bottom < 0.6 * 720.0,
        "the board keeps most of the screen: {bars:?}"
    );
    // Every pit is on screen, between the two panels.
    for (pit, at) in p.pits_on_screen() {
        assert!(
            at.y > bars.top && at.y < 720.0 - bars.bottom,
            "{pit:?} at {at} is under a panel ({bars:?})"
        );
    }
    // North's Menu leaves the game for the welcome screen, and both languages go
    // back to the installation's.
    p.tap("table:north:menu");
    p.until_screen(AppState::Menu);
    p.frames(3);
    assert_eq!(languages(&p), (Language::English, Language::English));
}

#[test]
fn a_game_named_on_the_command_line_is_on_the_table_at_once_as_a_visitors() {
    let data = data_folder("table-command-line");
    let config = data.join("kiosk.json");
    std::fs::write(&config, r#"{ "fullscreen": false, "table": true }"#).unwrap();
    let mut p = Player::start(
        &[
            "--kiosk",
            config.to_str().unwrap(),
            "--game",
            "omweso",
            "--turns",
            "4",
            "--north",
            "computer",
        ],
        &data,
        STEP,
    );
    p.until_screen(AppState::InGame);
    p.frames(3);
    let phase = *p
        .app
        .world()
        .resource::<State<mancala_hall::game::venue::kiosk::KioskPhase>>()
        .get();
    assert_eq!(phase, mancala_hall::game::venue::kiosk::KioskPhase::Playing);
    assert_eq!(p.state().game(), Game::Omweso);
    assert_ne!(
        p.state(),
        mancala_hall::rules::GameState::new(Game::Omweso, *p.state().options()).unwrap(),
        "the position four turns in"
    );
    // Both panels are there, South's with its own buttons.
    p.find("table:south:menu");
    p.find("table:north:menu");
}

#[test]
fn the_attract_loop_invites_north_too_at_its_own_edge() {
    let data = data_folder("table-attract");
    let config = data.join("kiosk.json");
    std::fs::write(
        &config,
        r#"{ "fullscreen": false, "table": true, "attract_after_s": 5 }"#,
    )
    .unwrap();
    let step = Duration::from_millis(250);
    let mut p = Player::start(
        &["--kiosk", config.to_str().unwrap(), "--window", "1280x720"],
        &data,
        step,
    );
    use mancala_hall::game::venue::kiosk::KioskPhase;
    for _ in 0..80 {
        if *p.app.world().resource::<State<KioskPhase>>().get() == KioskPhase::Attract {
            break;
        }
        p.frames(1);
    }
    p.frames(3);
    assert_eq!(
        *p.app.world().resource::<State<KioskPhase>>().get(),
        KioskPhase::Attract
    );
    // One area is drawn turned, at the top edge: North's invitation.
    let turned = &p
        .app
        .world()
        .resource::<mancala_hall::game::ui::turned::TurnedAreas>()
        .0;
    assert_eq!(turned.len(), 1, "{turned:?}");
    let zoom = 1.5; // the kiosk's touch scale: egui points are 1.5 pixels
    assert!(
        turned[0].top() * zoom < 40.0 && turned[0].bottom() * zoom < 360.0,
        "{:?}",
        turned[0]
    );
}
