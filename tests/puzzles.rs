//! The puzzles (`ai::puzzles`, docs/puzzles.md): every shipped puzzle holds (its answer
//! is legal and a search deeper than the one that found it agrees it is the unique
//! best by the game's margin), each set is as the issue asks, and the generator is
//! the same for a seed.

use mancala_hall::ai::puzzles::{
    CHECK_POSITIONS, Difficulty, KeptPuzzles, MINE_KEPT, Puzzle, PuzzleProgress, PuzzleSet,
    SCREEN_POSITIONS, check, generate, puzzle_from_game, puzzles_of_records, read_puzzles,
};
use mancala_hall::ai::{Level, choose};
use mancala_hall::rules::{Decision, Game, GameRecord, Lot, apply, legal_decisions};
use mancala_hall::storage::{load_kept_puzzles, save_kept_puzzles};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Puzzles a shipped set holds at least.
const SHIPPED: usize = 200;

fn shipped(set: &PuzzleSet) -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/puzzles")
        .join(format!("{}.jsonl", set.name()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

#[test]
fn every_set_holds_two_hundred_puzzles_of_three_difficulties() {
    const { assert!(CHECK_POSITIONS > SCREEN_POSITIONS) };
    let mut ids = BTreeSet::new();
    for set in PuzzleSet::shipped() {
        let puzzles = shipped(&set);
        assert!(
            puzzles.len() >= SHIPPED,
            "{}: {}",
            set.name(),
            puzzles.len()
        );
        let mut by_difficulty = BTreeMap::new();
        for p in &puzzles {
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
            assert!(p.id.starts_with(&set.name()), "{} in {}", p.id, set.name());
            let s = p.state().unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(
                (s.game(), s.options().width),
                (set.game, set.options.width),
                "{}",
                p.id
            );
            assert!(p.gain >= 2 || p.wins, "{}: wins {} seeds", p.id, p.gain);
            *by_difficulty.entry(p.difficulty).or_insert(0) += 1;
        }
        for d in Difficulty::ALL {
            let n = by_difficulty.get(&d).copied().unwrap_or(0);
            assert!(
                n > 0 && n <= puzzles.len().div_ceil(2),
                "{}: {n} {d:?} of {}",
                set.name(),
                puzzles.len()
            );
        }
    }
}

#[test]
fn every_shipped_puzzle_is_legal_and_its_answer_the_unique_best_of_a_deeper_search() {
    // A set a thread (the searches are the test's time).
    let failed: Vec<String> = std::thread::scope(|scope| {
        let sets: Vec<_> = PuzzleSet::shipped()
            .into_iter()
            .map(|set| {
                scope.spawn(move || {
                    shipped(&set)
                        .iter()
                        .filter_map(|p| check(p, CHECK_POSITIONS).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        sets.into_iter().flat_map(|t| t.join().unwrap()).collect()
    });
    assert!(
        failed.is_empty(),
        "{} puzzles fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn a_wrong_answer_or_an_illegal_one_fails_the_check() {
    let set = PuzzleSet::of(Game::Hawalis);
    let p = shipped(&set).into_iter().next().expect("a puzzle");
    let s = p.state().unwrap();
    // Another legal turn start: not the best.
    let other = legal_decisions(&s)
        .iter()
        .find(|d| **d != p.answer[0])
        .cloned()
        .expect("two decisions");
    let mut wrong = p.clone();
    wrong.answer = vec![other];
    assert!(check(&wrong, CHECK_POSITIONS).is_err());
    // A decision that is not legal there.
    let mut after = s.clone();
    apply(&mut after, p.answer[0].clone()).unwrap();
    let mut illegal = p.clone();
    illegal.answer.push(p.answer[0].clone());
    illegal.answer.push(p.answer[0].clone());
    assert!(check(&illegal, CHECK_POSITIONS).is_err());
}

#[test]
fn the_same_seed_makes_the_same_puzzles_and_another_seed_others() {
    let set = PuzzleSet::of(Game::Hawalis);
    let make = |seed| generate(set, 3, seed, |_| {}).expect("puzzles");
    let first = make(5);
    assert_eq!(first.len(), 3);
    assert_eq!(first, make(5));
    assert_ne!(first, make(6));
    for p in &first {
        check(p, CHECK_POSITIONS).unwrap();
    }
}

#[test]
fn solving_raises_the_rating_failing_lowers_it_and_the_streak_counts() {
    let set = PuzzleSet::of(Game::Omweso);
    let puzzles = shipped(&set);
    let of = |d: Difficulty| puzzles.iter().find(|p| p.difficulty == d).unwrap();
    let start = PuzzleProgress::default();
    let after = |p: &Puzzle, solved: bool| {
        let mut progress = start.clone();
        progress.record(p, solved);
        progress
    };
    let (easy, hard) = (of(Difficulty::Easy), of(Difficulty::Hard));
    let (solved_easy, solved_hard) = (after(easy, true), after(hard, true));
    assert!(solved_easy.rating > start.rating);
    assert!(
        solved_hard.rating > solved_easy.rating,
        "a hard one counts more"
    );
    assert!(
        after(easy, false).rating < after(hard, false).rating,
        "failing an easy one costs more"
    );
    assert!(after(easy, false).rating < start.rating);
    assert!(solved_easy.deviation < start.deviation);
    // The streak, and what is solved.
    let mut progress = start.clone();
    for p in &puzzles[..3] {
        progress.record(p, true);
    }
    progress.record(&puzzles[3], false);
    progress.record(&puzzles[4], true);
    assert_eq!((progress.tried, progress.solved_count), (5, 4));
    assert_eq!((progress.streak, progress.best_streak), (1, 3));
    assert!(progress.solved.contains(&puzzles[0].id) && !progress.solved.contains(&puzzles[3].id));
    // Kept with the settings: it reads back as it was written.
    let json = serde_json::to_string(&progress).unwrap();
    assert_eq!(
        serde_json::from_str::<PuzzleProgress>(&json).unwrap(),
        progress
    );
    assert_eq!(serde_json::from_str::<PuzzleProgress>("{}").unwrap(), start);
}

#[test]
fn the_next_puzzle_is_near_the_players_rating_and_not_one_solved() {
    let puzzles = shipped(&PuzzleSet::of(Game::Hawalis));
    let mut lot = Lot(3);
    let strong = PuzzleProgress {
        rating: 1900.0,
        ..PuzzleProgress::default()
    };
    let weak = PuzzleProgress {
        rating: 1100.0,
        ..PuzzleProgress::default()
    };
    for _ in 0..20 {
        assert_eq!(
            strong.next(&puzzles, &mut lot).unwrap().difficulty,
            Difficulty::Hard
        );
        assert_eq!(
            weak.next(&puzzles, &mut lot).unwrap().difficulty,
            Difficulty::Easy
        );
    }
    // Solved ones are not offered again while others are left; then all are again.
    let mut all_but_one = weak.clone();
    all_but_one.solved = puzzles[1..].iter().map(|p| p.id.clone()).collect();
    assert_eq!(
        all_but_one.next(&puzzles, &mut lot).unwrap().id,
        puzzles[0].id
    );
    all_but_one.solved.insert(puzzles[0].id.clone());
    assert!(all_but_one.next(&puzzles, &mut lot).is_some());
    assert!(weak.next(&[], &mut lot).is_none());
    // Every puzzle as near as the nearest may come (not the first few by name).
    let medium = PuzzleProgress::default();
    let drawn: BTreeSet<String> = (0..60)
        .map(|_| medium.next(&puzzles, &mut lot).unwrap())
        .inspect(|p| assert_eq!(p.difficulty, Difficulty::Medium))
        .map(|p| p.id.clone())
        .collect();
    assert!(drawn.len() >= 20, "{drawn:?}");
    // The same draw for the same lot.
    assert_eq!(
        weak.next(&puzzles, &mut Lot(9)),
        weak.next(&puzzles, &mut Lot(9))
    );
}

#[test]
fn a_players_own_game_makes_a_puzzle_of_the_position_before_a_decision() {
    // A game that starts at a shipped puzzle's position and plays its answer.
    let p = shipped(&PuzzleSet::of(Game::Hawalis))
        .into_iter()
        .next()
        .unwrap();
    let s = p.state().unwrap();
    let record = GameRecord {
        start: Some(s.clone()),
        decisions: p.answer.clone(),
        ..GameRecord::new(Game::Hawalis, *s.options())
    };
    let mine = puzzle_from_game(&record, 1, 7).expect("the shipped puzzle's position");
    assert_eq!(
        (mine.id.as_str(), &mine.answer[0]),
        ("mine-1", &p.answer[0])
    );
    check(&mine, CHECK_POSITIONS).unwrap();
    // A number must be in the game.
    for (number, says) in [(0, "not 0"), (2, "not 2")] {
        let e = puzzle_from_game(&record, number, 7).unwrap_err();
        assert!(e.contains(says), "{number}: {e}");
    }
    // A strip is no turn's start.
    let p = shipped(&PuzzleSet::of(Game::Nsolo))
        .into_iter()
        .next()
        .unwrap();
    assert!(matches!(p.answer[1], Decision::Strip(_)), "{:?}", p.answer);
    let s = p.state().unwrap();
    let record = GameRecord {
        start: Some(s.clone()),
        decisions: p.answer.clone(),
        ..GameRecord::new(Game::Nsolo, *s.options())
    };
    let e = puzzle_from_game(&record, 2, 7).unwrap_err();
    assert!(e.contains("does not start a turn"), "{e}");
}

#[test]
fn game_records_give_puzzles_of_their_positions() {
    // Five games of Beginner against itself, recorded.
    let set = PuzzleSet::of(Game::Hawalis);
    let records: Vec<GameRecord> = (0..5)
        .map(|g| {
            let mut record = GameRecord::new(Game::Hawalis, set.options);
            let mut s = record.start_state().unwrap();
            while s.outcome().is_none() && record.decisions.len() < 200 {
                let d = choose(
                    &s,
                    Level::Beginner,
                    g * 1000 + record.decisions.len() as u64,
                )
                .unwrap();
                apply(&mut s, d.clone()).unwrap();
                record.decisions.push(d);
            }
            record
        })
        .collect();
    let found = puzzles_of_records(set, records.clone(), 3, 1, |_| {}).unwrap();
    assert!(!found.is_empty() && found.len() <= 3, "{}", found.len());
    for p in &found {
        check(p, CHECK_POSITIONS).unwrap();
        // A position of one of the games.
        let at = p.state().unwrap();
        let key = (at.seeds().clone(), at.to_decide());
        assert!(records.iter().any(|r| {
            let mut s = r.start_state().unwrap();
            r.decisions.iter().any(|d| {
                let here = (s.seeds().clone(), s.to_decide()) == key;
                apply(&mut s, d.clone()).unwrap();
                here
            })
        }));
    }
    assert_eq!(
        found,
        puzzles_of_records(set, records.clone(), 3, 1, |_| {}).unwrap()
    );
    // A record of another game is named.
    let other = GameRecord::new(Game::Omweso, Default::default());
    let e = puzzles_of_records(set, vec![records[0].clone(), other], 100, 1, |_| {}).unwrap_err();
    assert!(e.contains("record 2"), "{e}");
}

#[test]
fn a_sets_file_loads_its_good_lines_and_names_each_bad_one() {
    let good = shipped(&PuzzleSet::of(Game::Hawalis));
    let line = |p: &Puzzle| serde_json::to_string(p).unwrap();
    let mut illegal = good[1].clone();
    illegal.answer = vec![Decision::Sow(mancala_hall::rules::Pit { row: 0, col: 99 })];
    let text = [
        line(&good[0]),
        "{\"id\": \"cut off".to_string(),
        String::new(),
        line(&illegal),
        "{\"id\": \"x\", \"position\": {}, \"answer\": []}".to_string(),
        line(&good[2]),
    ]
    .join("\n");
    let (loaded, faults) = read_puzzles(&text);
    assert_eq!(loaded, vec![good[0].clone(), good[2].clone()]);
    assert_eq!(faults.len(), 3, "{faults:?}");
    assert!(faults[0].starts_with("line 2: "), "{faults:?}");
    assert!(faults[1].starts_with("line 4: ") && faults[1].contains("not a legal move"));
    assert!(faults[2].starts_with("line 5: "), "{faults:?}");
    // Every shipped file loads whole.
    for set in PuzzleSet::shipped() {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("assets/puzzles/{}.jsonl", set.name()));
        let (loaded, faults) = read_puzzles(&std::fs::read_to_string(path).unwrap());
        assert_eq!(
            (loaded.len(), faults),
            (shipped(&set).len(), Vec::<String>::new())
        );
    }
}

#[test]
fn the_players_puzzles_survive_a_round_trip_and_a_bad_file_loses_nothing_else() {
    let dir = std::env::temp_dir().join(format!("mancala-puzzles-{}", std::process::id()));
    let path = dir.join("puzzles.json");
    let set = shipped(&PuzzleSet::of(Game::Omweso));
    let mut kept = KeptPuzzles::default();
    kept.progress.record(&set[0], true);
    kept.progress.record(&set[1], false);
    assert_eq!(kept.add_mine(set[2].clone()), "mine-1");
    assert_eq!(kept.add_mine(set[3].clone()), "mine-2");
    // The same position again is the puzzle already kept.
    assert_eq!(kept.add_mine(set[2].clone()), "mine-1");
    assert_eq!(kept.mine.len(), 2);
    save_kept_puzzles(&path, &kept).unwrap();
    let (mut got, why) = load_kept_puzzles(&path);
    assert_eq!(why, None);
    // (JSON's decimal numbers read back within a unit of the last place.)
    for (a, b) in [
        (&mut got.progress.rating, kept.progress.rating),
        (&mut got.progress.deviation, kept.progress.deviation),
        (&mut got.progress.volatility, kept.progress.volatility),
    ] {
        assert!((*a - b).abs() < 1e-9, "{a} {b}");
        *a = b;
    }
    assert_eq!(got, kept);
    // Missing: a new player's, said nothing.
    assert_eq!(
        load_kept_puzzles(&dir.join("none.json")),
        (KeptPuzzles::default(), None)
    );
    // Broken: a new player's, and why.
    std::fs::write(&path, "{\"progress\": {\"rating\": \"high\"").unwrap();
    let (got, why) = load_kept_puzzles(&path);
    assert_eq!(got, KeptPuzzles::default());
    assert!(why.unwrap().contains("ignored"));
    // Numbers out of range mended; a kept puzzle that does not load dropped.
    let mut odd = kept.clone();
    odd.mine[0].position = serde_json::json!({"game": "chess"});
    let text = serde_json::to_string(&odd).unwrap().replacen(
        &format!("\"rating\":{}", kept.progress.rating),
        "\"rating\":-7",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let (got, why) = load_kept_puzzles(&path);
    assert_eq!(why, None);
    assert_eq!(got.progress.rating, PuzzleProgress::default().rating);
    assert_eq!(got.progress.solved_count, 1);
    assert_eq!(got.mine.len(), 1);
    assert_eq!(got.mine[0].id, "mine-2");
    // At most MINE_KEPT of his own, the oldest going first.
    let mut many = KeptPuzzles::default();
    for (i, p) in set.iter().take(MINE_KEPT).enumerate() {
        many.mine.push(Puzzle {
            id: format!("mine-{}", i + 1),
            ..p.clone()
        });
    }
    assert_eq!(many.mine.len(), MINE_KEPT, "the set is large enough");
    let other = shipped(&PuzzleSet::of(Game::Anywoli)).remove(0);
    assert_eq!(many.add_mine(other), format!("mine-{}", MINE_KEPT + 1));
    assert_eq!(many.mine.len(), MINE_KEPT);
    assert_eq!(many.mine[0].id, "mine-2");
    let _ = std::fs::remove_dir_all(&dir);
}
