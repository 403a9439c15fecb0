//! Seeded random games of every game, checking the invariants after every decision:
//! seed conservation after every event, events replay to the state, JSON round trip,
//! no panic, every game ends by a rule, and the record replays to the same end.

mod common;
use common::play;
use mancala_hall::rules::*;

/// Plays one random game (an Omweso match) and returns the final state and record.
fn random_game(
    game: Game,
    options: Options,
    seed: u64,
    max_decisions: usize,
) -> (GameState, GameRecord) {
    let mut s = GameState::new(game, options).unwrap();
    let mut record = GameRecord::new(game, options);
    let mut lot = Lot(seed);
    for n in 0..max_decisions {
        let Some(d) = random_decision(&s, &mut lot) else {
            break;
        };
        assert!(is_legal(&s, &d), "random_decision gave an illegal {d}");
        play(&mut s, d.clone());
        record.decisions.push(d);
        if n % 97 == 0 {
            let json = s.to_json();
            let back = GameState::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(back, s, "JSON round trip");
        }
    }
    (s, record)
}

fn check_game(game: Game, options: Options, games: u64, max_decisions: usize) {
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..games {
        let (s, record) = random_game(game, options, seed * 7919 + 1, max_decisions);
        assert!(
            s.is_over(),
            "{game} seed {seed} did not end in {max_decisions} decisions"
        );
        *reasons
            .entry(format!("{:?}", s.outcome().unwrap().reason))
            .or_insert(0) += 1;
        let (replayed, _) = record.replay().unwrap();
        assert_eq!(replayed, s, "record replay");
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record);
    }
    println!("{game}: {reasons:?}");
}

#[test]
fn omweso_random_matches() {
    check_game(
        Game::Omweso,
        Options {
            match_target: 3,
            ..Options::default()
        },
        40,
        100_000,
    );
}

#[test]
fn omweso_free_set_up_and_options() {
    let options = Options {
        set_up: SetUp::Free,
        first: FirstPlayer::Random,
        two_captures_first: true,
        match_target: 1,
        ..Options::default()
    };
    check_game(Game::Omweso, options, 40, 100_000);
}

#[test]
fn anywoli_random_games() {
    check_game(Game::Anywoli, Options::default(), 40, 100_000);
    let lottery = Options {
        last_four: LastFour::Lottery,
        stop_when_decided: true,
        ..Options::default()
    };
    check_game(Game::Anywoli, lottery, 20, 100_000);
}

#[test]
fn nsolo_random_games_all_widths() {
    for width in [8, 9, 12, 20, 36] {
        check_game(
            Game::Nsolo,
            Options {
                width,
                ..Options::default()
            },
            12,
            200_000,
        );
    }
    let up_to = Options {
        bonus_up_to_k: true,
        ..Options::default()
    };
    check_game(Game::Nsolo, up_to, 20, 200_000);
}

#[test]
fn hawalis_random_games() {
    check_game(Game::Hawalis, Options::default(), 60, 200_000);
}

#[test]
fn bao_kigogo_random_games() {
    check_game(Game::BaoKigogo, Options::default(), 40, 200_000);
}
