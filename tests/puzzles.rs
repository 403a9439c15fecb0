//! The puzzles (`ai::puzzles`, docs/puzzles.md): every shipped puzzle holds (its answer
//! is legal and a search deeper than the one that found it agrees it is the unique
//! best by the game's margin), each set is as the issue asks, and the generator is
//! the same for a seed.

use mancala_hall::ai::puzzles::{
    CHECK_POSITIONS, Difficulty, Puzzle, PuzzleSet, SCREEN_POSITIONS, check, generate,
};
use mancala_hall::rules::{Game, apply, legal_decisions};
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
