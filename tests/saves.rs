//! Saved games: save and load round trips for every game, also in the middle of a turn
//! (an Omweso direction choice, an Nsolo strip), and every kind of bad file refused
//! with a message naming the problem.

use mancala_hall::rules::*;
use mancala_hall::storage::{SAVE_VERSION, SavedGame, Seat, load_game, write_atomic};

/// Plays seeded random decisions until `stop` holds (or the game ends).
fn play_until(
    game: Game,
    options: Options,
    seed: u64,
    stop: impl Fn(&GameState) -> bool,
) -> (GameState, GameRecord) {
    let mut s = GameState::new(game, options).unwrap();
    let mut r = GameRecord::new(game, options);
    let mut lot = Lot(seed);
    for _ in 0..20_000 {
        if stop(&s) {
            break;
        }
        let Some(d) = random_decision(&s, &mut lot) else {
            break;
        };
        apply(&mut s, d.clone()).unwrap();
        r.decisions.push(d);
    }
    (s, r)
}

fn round_trip(state: &GameState, record: GameRecord) {
    let save = SavedGame::new(record, [Seat::Person, Seat::Computer]);
    let (back, loaded) = SavedGame::from_json(&save.to_json()).unwrap();
    assert_eq!(back, save);
    assert_eq!(&loaded, state, "the loaded game is the saved one, exactly");
}

#[test]
fn every_game_round_trips_at_every_stage() {
    for game in Game::ALL {
        for turns in [0usize, 1, 7, 40] {
            let (s, r) = play_until(game, Options::default(), 3, |s| {
                s.flags().turns_played.south + s.flags().turns_played.north >= turns as u32
            });
            round_trip(&s, r);
        }
        // A finished game too.
        let (s, r) = play_until(
            game,
            Options {
                match_target: if game == Game::Omweso { 1 } else { 12 },
                ..Options::default()
            },
            5,
            |s| s.is_over(),
        );
        assert!(s.is_over());
        round_trip(&s, r);
    }
}

#[test]
fn mid_turn_saves_round_trip() {
    let mut found_direction = false;
    for seed in 0..400 {
        let (s, r) = play_until(Game::Omweso, Options::default(), seed, |s| {
            matches!(s.pending(), Pending::Direction(_)) || s.is_over()
        });
        if matches!(s.pending(), Pending::Direction(_)) {
            round_trip(&s, r);
            found_direction = true;
            break;
        }
    }
    assert!(
        found_direction,
        "a random Omweso game reached a direction choice"
    );
    let (s, r) = play_until(Game::Nsolo, Options::default(), 1, |s| {
        matches!(s.pending(), Pending::Strip { .. }) || s.is_over()
    });
    assert!(matches!(s.pending(), Pending::Strip { .. }));
    round_trip(&s, r);
    let free = Options {
        set_up: SetUp::Free,
        ..Options::default()
    };
    let (s, r) = play_until(Game::Omweso, free, 1, |s| s.to_decide() == Player::North);
    assert!(matches!(s.pending(), Pending::Arrange));
    round_trip(&s, r);
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    let (_, r) = play_until(Game::Hawalis, Options::default(), 9, |s| {
        s.flags().turns_played.south >= 3
    });
    let good = SavedGame::new(r.clone(), [Seat::Person; 2]).to_json();
    let mut illegal = r.clone();
    illegal.decisions.insert(1, Decision::Sow(Pit::new(3, 0))); // South twice in a row
    let hand_edited = SavedGame::new(illegal, [Seat::Person; 2]).to_json();
    let future = good.replacen(
        &format!("\"version\": {SAVE_VERSION}"),
        "\"version\": 99",
        1,
    );
    let cases: Vec<(String, &str)> = vec![
        (good[..good.len() / 2].to_string(), "bad JSON"),
        (String::new(), "bad JSON"),
        ("[1, 2, 3]".into(), "no version"),
        (future, "newer version"),
        (hand_edited, "decision 2"),
        (good.replacen("\"hawalis\"", "\"chess\"", 1), "damaged"),
        (good.replacen("\"seats\"", "\"chairs\"", 1), "damaged"),
        // A value of the wrong kind names the field it is in.
        (
            good.replacen("\"person\"", "\"robot\"", 1),
            "seats[0]: unknown variant",
        ),
    ];
    for (text, says) in cases {
        let e = SavedGame::from_json(&text).unwrap_err();
        assert!(e.contains(says), "expected `{says}` in: {e}");
    }
    assert!(SavedGame::from_json(&good).is_ok());
}

#[test]
fn writing_is_atomic_and_a_refused_file_is_kept() {
    let dir = std::env::temp_dir().join(format!("mancala-saves-{}", std::process::id()));
    let path = dir.join("autosave.json");
    let (_, r) = play_until(Game::Anywoli, Options::default(), 2, |s| {
        s.flags().turns_played.south >= 2
    });
    let save = SavedGame::new(r, [Seat::Person; 2]);
    write_atomic(&path, &save.to_json()).unwrap();
    write_atomic(&path, &save.to_json()).unwrap();
    assert!(
        !path.with_extension("json.tmp").exists(),
        "no temporary file is left"
    );
    assert_eq!(load_game(&path).unwrap().0, save);
    std::fs::write(&path, "garbage").unwrap();
    let e = load_game(&path).unwrap_err();
    assert!(e.contains("autosave.json"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "garbage",
        "a refused file is not deleted"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_review_is_saved_with_its_game_and_old_saves_still_load() {
    use mancala_hall::ai::review::{SavedReview, review};
    let (_, record) = play_until(Game::Nsolo, Options::default(), 4, |s| {
        s.seeds().stores.iter().sum::<u32>() > 0
    });
    let moments = review(&record, 2_000).unwrap();
    let mut save = SavedGame::new(record.clone(), [Seat::Person, Seat::Computer]);
    // A save without a review has no such field, as saves made before reviews.
    assert!(!save.to_json().contains("review"));
    save.review = Some(SavedReview {
        nodes: 2_000,
        moments,
    });
    let (back, _) = SavedGame::from_json(&save.to_json()).unwrap();
    assert_eq!(back, save, "the review comes back as it was");
    // A review that is not of these decisions is dropped; the game still loads.
    let mut stale = save.clone();
    stale.review.as_mut().unwrap().moments.pop();
    let (back, _) = SavedGame::from_json(&stale.to_json()).unwrap();
    assert_eq!((back.record, back.review), (record, None));
}
