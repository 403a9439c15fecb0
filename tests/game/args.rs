//! The game's command line: bad options and bad position files give clear errors.
#![cfg(feature = "game")]

use mancala_hall::game::GameArgs;
use mancala_hall::game::play::session::Seat;
use mancala_hall::rules::{Game, GameState, Options};

fn args(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

#[test]
fn options_parse() {
    let a = GameArgs::parse(&args(&[
        "--game",
        "bao-kigogo",
        "--north",
        "computer",
        "--turns",
        "5",
    ]))
    .unwrap();
    assert_eq!(a.game, Some(Game::BaoKigogo));
    assert_eq!(a.seats.north, Seat::Computer);
    assert_eq!(a.seats.south, Seat::Person);
    assert_eq!(a.turns, 5);
    use mancala_hall::game::look::graphics::GraphicsChoice;
    assert_eq!(a.graphics, GraphicsChoice::Auto);
    let a = GameArgs::parse(&args(&["--graphics", "high"])).unwrap();
    assert_eq!(a.graphics, GraphicsChoice::High);
    assert_eq!(a.window, None);
    let a = GameArgs::parse(&args(&["--window", "640x360"])).unwrap();
    assert_eq!(a.window, Some((640, 360)));
    // The measuring tools (scripts/fps.sh) and the review of a saved game.
    assert!(!a.reference_scene);
    let a = GameArgs::parse(&args(&["--reference-scene", "--frame-stats", "20"])).unwrap();
    assert!(a.reference_scene);
    assert_eq!(a.frame_stats, Some(20));
    let a = GameArgs::parse(&args(&["--review", "lost.json"])).unwrap();
    assert_eq!(a.review, Some(std::path::PathBuf::from("lost.json")));
    for flag in ["--reference-scene", "--review FILE", "--frame-stats N"] {
        assert!(mancala_hall::game::HELP.contains(flag), "{flag} in --help");
    }
}

#[test]
fn a_review_file_that_cannot_be_read_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("mancala-args-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    for path in [bad, dir.join("missing.json")] {
        let a = GameArgs::parse(&args(&["--review", path.to_str().unwrap()])).unwrap();
        let e = mancala_hall::game::build_app(
            &a,
            mancala_hall::game::Display::Headless {
                step: std::time::Duration::from_millis(50),
            },
        )
        .expect_err("refused");
        assert!(e.starts_with("--review:"), "{e}");
    }
}

#[test]
fn bad_options_are_errors() {
    for (bad, says) in [
        (vec!["--game", "chess"], "chess"),
        (vec!["--width", "40"], "--width"),
        (vec!["--width"], "needs a value"),
        (vec!["--north", "robot"], "robot"),
        (vec!["--fly"], "--fly"),
        (vec!["--turns", "-3"], "--turns"),
        (vec!["--graphics", "ultra"], "--graphics"),
        (vec!["--window", "640"], "--window"),
        (vec!["--window", "100x100"], "--window"),
        (vec!["--window", "wide x tall"], "--window"),
        (vec!["--window", "99999x360"], "--window"),
    ] {
        let e = GameArgs::parse(&args(&bad)).unwrap_err();
        assert!(e.contains(says), "{bad:?}: {e}");
    }
}

#[test]
fn position_files() {
    let dir = std::env::temp_dir().join(format!("mancala-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    let s = GameState::new(Game::Hawalis, Options::default()).unwrap();
    std::fs::write(&good, s.to_json()).unwrap();
    let a = GameArgs::parse(&args(&["--position", good.to_str().unwrap()])).unwrap();
    assert_eq!(a.state().unwrap(), s);

    let corrupt = dir.join("corrupt.json");
    std::fs::write(&corrupt, &s.to_json()[..40]).unwrap();
    let a = GameArgs::parse(&args(&["--position", corrupt.to_str().unwrap()])).unwrap();
    assert!(a.state().unwrap_err().contains("not a valid position"));

    let missing = dir.join("missing.json");
    let a = GameArgs::parse(&args(&["--position", missing.to_str().unwrap()])).unwrap();
    assert!(a.state().unwrap_err().contains("cannot read"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_browser_query_string_reads_as_a_command_line() {
    use mancala_hall::game::args_from_query;
    assert_eq!(
        args_from_query("?game=hawalis&language=sw&north-seat"),
        vec!["--game", "hawalis", "--language", "sw", "--north-seat"]
    );
    assert_eq!(args_from_query(""), Vec::<String>::new());
    assert_eq!(args_from_query("?a=b%20c+d&&"), vec!["--a", "b c d"]);
    // Broken escapes are kept as written, never a panic.
    assert_eq!(args_from_query("?x=%zz%4"), vec!["--x", "%zz%4"]);
    let parsed =
        mancala_hall::game::GameArgs::parse(&args_from_query("?game=nsolo&width=12")).unwrap();
    assert_eq!(parsed.width, 12);
    assert!(mancala_hall::game::GameArgs::parse(&args_from_query("?game=chess")).is_err());
}

#[test]
fn quick_match_and_the_online_screen_are_asked_for_by_name() {
    use mancala_hall::game::args_from_query;
    use mancala_hall::game::venue::online::OnlineRequest;
    let a = GameArgs::parse(&args_from_query("?quick=hawalis&server=ws%3A%2F%2Fh%3A1")).unwrap();
    assert_eq!(
        a.online,
        Some(OnlineRequest::Quick {
            server: "ws://h:1".into(),
            game: Game::Hawalis,
            options: Options::default()
        })
    );
    let a = GameArgs::parse(&args(&["--online", "--server", "ws://h:2"])).unwrap();
    assert_eq!(
        a.online,
        Some(OnlineRequest::Lobby {
            server: "ws://h:2".into()
        })
    );
    let e = GameArgs::parse(&args(&["--quick", "chess"])).unwrap_err();
    assert!(e.contains("unknown game"), "{e}");
}
