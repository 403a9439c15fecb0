//! The kiosk configuration file: defaults, every field, and a clear refusal of each
//! kind of bad value; the corner gesture's counting.

use mancala_hall::ai::Level;
use mancala_hall::content::i18n::Language;
use mancala_hall::kiosk_config::{Corner, CornerTaps, KioskConfig};
use mancala_hall::rules::*;

#[test]
fn an_empty_file_gives_the_defaults() {
    let c = KioskConfig::from_json("{}").unwrap();
    assert_eq!(c, KioskConfig::default());
    assert_eq!(c.games, Game::ALL.to_vec());
    assert_eq!(c.options[&Game::Omweso].match_target, 1);
    assert!(c.exit.corner.is_some() && !c.exit.keys.is_empty());
    assert!(!c.table, "an upright screen unless the file says otherwise");
}

#[test]
fn every_field_is_read() {
    let c = KioskConfig::from_json(
        r#"{
        "games": ["hawalis", "omweso"],
        "options": {"nsolo": {"width": 12}, "omweso": {"match_target": 2}},
        "two_players": false,
        "level": "expert",
        "attract_after_s": 30,
        "reset_after_s": 45,
        "countdown_s": 10,
        "attract_turns": 8,
        "undo": false,
        "language": "sw",
        "languages": ["sw", "en"],
        "fullscreen": false,
        "touch_scale": 2,
        "exit": {"keys": "ctrl+alt+F12", "corner": "bottom_right", "taps": 3, "within_s": 2},
        "table": true
    }"#,
    )
    .unwrap();
    assert_eq!(c.games, vec![Game::Hawalis, Game::Omweso]);
    assert_eq!(c.options[&Game::Nsolo].width, 12);
    assert_eq!(c.options[&Game::Omweso].match_target, 2);
    assert!(!c.two_players);
    assert_eq!(c.level, Level::Expert);
    assert_eq!(
        (c.attract_after_s, c.reset_after_s, c.countdown_s),
        (30.0, 45.0, 10.0)
    );
    assert_eq!(c.attract_turns, 8);
    assert!(!c.undo);
    assert_eq!(c.language, Language::Swahili);
    assert_eq!(c.languages, vec![Language::Swahili, Language::English]);
    assert!(!c.fullscreen);
    assert_eq!(c.touch_scale, 2.0);
    assert_eq!(c.exit.keys, vec!["ctrl", "alt", "f12"]);
    assert_eq!(c.exit.corner, Some(Corner::BottomRight));
    assert_eq!((c.exit.taps, c.exit.within_s), (3, 2.0));
    assert!(c.table, "a touch table");
    // The options a game is started with are those configured.
    assert_eq!(c.new_game(Game::Nsolo, 9).board().cols, 12);
}

#[test]
fn a_text_folder_is_a_field_of_the_file() {
    // Read by KioskConfig::load (tests/text_dir.rs installs one); the rest of the
    // file is read as without it.
    let c = KioskConfig::from_json(r#"{"text_dir": "texts", "languages": ["ar", "fr"]}"#)
        .expect("text_dir is a field");
    assert_eq!(c.languages, [Language::Arabic, Language::French]);
    assert_eq!(c.language, Language::Arabic);
}

#[test]
fn the_language_defaults_to_the_first_offered() {
    let c = KioskConfig::from_json(r#"{"languages": ["sw"]}"#).unwrap();
    assert_eq!(c.language, Language::Swahili);
}

#[test]
fn bad_values_are_refused_with_the_field_named() {
    for (json, names) in [
        ("not json", "expected"),
        (r#"{"gamez": []}"#, "unknown field"),
        (r#"{"games": ["chess"]}"#, "games"),
        (r#"{"games": []}"#, "games"),
        (
            r#"{"options": {"hawalis": {"width": 12}}}"#,
            "options.hawalis",
        ),
        (r#"{"options": {"nsolo": {"width": 99}}}"#, "options.nsolo"),
        (r#"{"options": {"nsolo": {"colour": 1}}}"#, "options.nsolo"),
        (r#"{"level": "grandmaster"}"#, "level"),
        (r#"{"attract_after_s": 0}"#, "attract_after_s"),
        // A value of the wrong type names its field, not only a line and column.
        (
            r#"{"attract_after_s": "soon"}"#,
            "attract_after_s: invalid type",
        ),
        (r#"{"exit": {"taps": "many"}}"#, "exit.taps: invalid type"),
        (r#"{"two_players": 1}"#, "two_players: invalid type"),
        (r#"{"table": "yes"}"#, "table: invalid type"),
        (r#"{"reset_after_s": -5}"#, "reset_after_s"),
        (r#"{"countdown_s": 1e9}"#, "countdown_s"),
        (r#"{"attract_turns": 0}"#, "attract_turns"),
        (r#"{"language": "xx"}"#, "language"),
        (r#"{"languages": ["en"], "language": "sw"}"#, "language"),
        (r#"{"languages": []}"#, "languages"),
        (r#"{"touch_scale": 9}"#, "touch_scale"),
        (r#"{"exit": {"keys": "ctrl+banana"}}"#, "exit.keys"),
        (r#"{"exit": {"taps": 1}}"#, "exit.taps"),
        (r#"{"exit": {"within_s": 0}}"#, "exit.within_s"),
        (r#"{"exit": {"corner": "middle"}}"#, "exit.corner"),
        (
            r#"{"exit": {"keys": "", "corner": "none"}}"#,
            "cannot be left",
        ),
    ] {
        let e = KioskConfig::from_json(json).expect_err(json);
        assert!(e.contains(names), "{json}: `{e}` does not name {names}");
    }
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let e = KioskConfig::load(std::path::Path::new("/nonexistent/kiosk.json")).unwrap_err();
    assert!(e.contains("/nonexistent/kiosk.json"), "{e}");
}

#[test]
fn corners_are_where_they_say() {
    let (w, h, s) = (1000.0, 800.0, 60.0);
    assert!(Corner::TopLeft.contains(10.0, 10.0, w, h, s));
    assert!(!Corner::TopLeft.contains(500.0, 10.0, w, h, s));
    assert!(Corner::BottomRight.contains(990.0, 790.0, w, h, s));
    assert!(!Corner::BottomRight.contains(990.0, 10.0, w, h, s));
    assert!(Corner::TopRight.contains(990.0, 10.0, w, h, s));
    assert!(Corner::BottomLeft.contains(10.0, 790.0, w, h, s));
}

#[test]
fn the_corner_gesture_needs_enough_taps_close_together() {
    let c = KioskConfig::default(); // 5 taps within 3 s
    let mut taps = CornerTaps::default();
    // Slow taps never add up.
    for i in 0..10 {
        assert!(!taps.tap(i as f32 * 2.0, &c.exit));
    }
    let mut taps = CornerTaps::default();
    let quick: Vec<bool> = (0..5)
        .map(|i| taps.tap(100.0 + i as f32 * 0.4, &c.exit))
        .collect();
    assert_eq!(quick, vec![false, false, false, false, true]);
    // And the count starts afresh after.
    assert!(!taps.tap(102.0, &c.exit));
}

#[test]
fn the_documented_example_is_valid() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/kiosk.example.json");
    let c = KioskConfig::load(&path).unwrap();
    assert_eq!(c.games.len(), 5);
    assert_eq!(c.options[&Game::Nsolo].width, 12);
    assert_eq!(c.exit.corner, Some(Corner::TopLeft));
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/kiosk-table.example.json");
    let c = KioskConfig::load(&path).unwrap();
    assert!(c.table && c.two_players);
    assert_eq!(c.languages.len(), 6);
}
