//! The puzzle screen's logic through the game's own messages, headless: a puzzle dealt
//! from the menu's choice, the right turn start played out with the rest of the answer
//! and counted; a wrong one shown, then the position back and the answer played out;
//! a kiosk's three tries with the hint on the last; the hint; leaving.

use crate::common::headless::{logic_app, settle, state};
use bevy::prelude::*;
use mancala_hall::ai::puzzles::{Puzzle, PuzzleSet, read_puzzles};
use mancala_hall::game::play::review::GameReview;
use mancala_hall::game::play::session::DecisionMade;
use mancala_hall::game::shared::OnlyDecisions;
use mancala_hall::game::show::board::GuidedPits;
use mancala_hall::game::ui::puzzles::puzzle_book::PuzzleBook;
use mancala_hall::game::ui::puzzles::puzzle_making::{Made, MakePuzzle, PuzzleMaking};
use mancala_hall::game::ui::puzzles::{
    Phase, PlayerPuzzles, PuzzleChoice, PuzzleExit, PuzzleHint, PuzzleNext, PuzzleRun, StartPuzzles,
};
use mancala_hall::game::{AppState, Mode};
use mancala_hall::rules::*;
use std::time::Duration;

fn shipped(name: &str) -> Vec<Puzzle> {
    let path = format!("{}/assets/puzzles/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    read_puzzles(&std::fs::read_to_string(path).unwrap()).0
}

/// A puzzle's position after `decisions`.
fn after(puzzle: &Puzzle, decisions: &[Decision]) -> GameState {
    let mut s = puzzle.state().unwrap();
    for d in decisions {
        apply(&mut s, d.clone()).unwrap();
    }
    s
}

/// A headless game dealing `puzzles` as the player's own, one at a time.
fn dealing(puzzles: Vec<Puzzle>, start: StartPuzzles) -> App {
    let mut app = logic_app(Duration::from_millis(100));
    app.update();
    app.world_mut().resource_mut::<PlayerPuzzles>().0.mine = puzzles;
    app.world_mut().write_message(start);
    app.update();
    app.update();
    app
}

fn run(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

fn phase(app: &App) -> Phase {
    run(app).now.as_ref().expect("a puzzle on the board").phase
}

/// Frames until the puzzle reaches `want` (panics if it never does).
fn until(app: &mut App, want: Phase) {
    for _ in 0..2000 {
        if phase(app) == want {
            return;
        }
        app.update();
    }
    panic!("the puzzle never reached {want:?} (it is {:?})", phase(app));
}

fn mine(seed: u64) -> StartPuzzles {
    StartPuzzles::at_home(PuzzleChoice::Mine, seed)
}

#[test]
fn the_right_start_plays_the_whole_answer_counts_and_the_next_puzzle_comes() {
    // An Omweso puzzle whose answer has a decision within the turn (the direction).
    let omweso = shipped("omweso");
    let long = omweso.iter().find(|p| p.answer.len() >= 2).unwrap().clone();
    let other = omweso.iter().find(|p| p.id != long.id).unwrap().clone();
    let mut app = dealing(vec![long.clone()], mine(1));
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::InGame
    );
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Puzzle);
    assert_eq!(phase(&app), Phase::Solving);
    assert_eq!(state(&app), long.state().unwrap());
    assert!(app.world().get_resource::<OnlyDecisions>().is_none());
    app.world_mut()
        .write_message(DecisionMade::here(long.answer[0].clone()));
    app.update();
    until(&mut app, Phase::Solved);
    assert_eq!(state(&app), after(&long, &long.answer), "the whole turn");
    let progress = &app.world().resource::<PlayerPuzzles>().0.progress;
    assert_eq!(
        (progress.tried, progress.solved_count, progress.streak),
        (1, 1, 1)
    );
    assert!(progress.rating > 1500.0 && progress.solved.contains(&long.id));
    // The board is closed now.
    let solved = state(&app);
    if let Some(d) = legal_decisions(&solved).into_iter().next() {
        app.world_mut().write_message(DecisionMade::here(d));
        settle(&mut app);
        assert_eq!(state(&app), solved, "a move after the puzzle");
    }
    // Next: another of his own puzzles (the one solved is not offered again).
    app.world_mut()
        .resource_mut::<PlayerPuzzles>()
        .0
        .mine
        .push(other.clone());
    app.world_mut().write_message(PuzzleNext(None));
    app.update();
    app.update();
    assert_eq!(run(&app).now.as_ref().unwrap().puzzle.id, other.id);
    assert_eq!(phase(&app), Phase::Solving);
    assert_eq!(state(&app), other.state().unwrap());
    assert!(app.world().get_resource::<OnlyDecisions>().is_none());
}

#[test]
fn a_wrong_start_is_shown_then_the_position_returns_and_the_answer_is_played_out() {
    for name in ["omweso", "nsolo", "anywoli"] {
        let puzzle = shipped(name).remove(3);
        let start = puzzle.state().unwrap();
        let wrong = legal_decisions(&start)
            .into_iter()
            .find(|d| *d != puzzle.answer[0])
            .unwrap();
        let mut app = dealing(vec![puzzle.clone()], mine(2));
        app.world_mut()
            .write_message(DecisionMade::here(wrong.clone()));
        until(&mut app, Phase::Missed);
        settle(&mut app);
        assert_ne!(state(&app), start, "{name}: the wrong move is shown");
        let shown = state(&app);
        until(&mut app, Phase::Answer);
        app.update();
        assert_ne!(state(&app), shown, "{name}: the position came back");
        until(&mut app, Phase::Answered);
        assert_eq!(
            state(&app),
            after(&puzzle, &puzzle.answer),
            "{name}: the answer"
        );
        let progress = &app.world().resource::<PlayerPuzzles>().0.progress;
        assert_eq!(
            (progress.tried, progress.solved_count, progress.streak),
            (1, 0, 0)
        );
        assert!(progress.rating < 1500.0, "{name}");
    }
}

#[test]
fn a_kiosk_gives_three_tries_the_hint_on_the_last_and_rates_nothing() {
    let puzzle = shipped("hawalis").remove(0);
    let start = puzzle.state().unwrap();
    let wrong = legal_decisions(&start)
        .into_iter()
        .find(|d| *d != puzzle.answer[0])
        .unwrap();
    let mut app = dealing(
        vec![puzzle.clone()],
        StartPuzzles {
            tries: 3,
            rated: false,
            ..mine(3)
        },
    );
    for tries_left in [2, 1] {
        assert!(app.world().resource::<GuidedPits>().0.is_empty() || tries_left == 1);
        app.world_mut()
            .write_message(DecisionMade::here(wrong.clone()));
        until(&mut app, Phase::Missed);
        until(&mut app, Phase::Solving);
        app.update();
        assert_eq!(state(&app), start, "the position again");
        assert_eq!(run(&app).now.as_ref().unwrap().tries_left, tries_left);
    }
    // The last try: the answer's pit glows.
    assert_eq!(
        app.world().resource::<GuidedPits>().0,
        puzzle.answer[0].start_pit().into_iter().collect::<Vec<_>>()
    );
    app.world_mut().write_message(DecisionMade::here(wrong));
    app.update();
    until(&mut app, Phase::Answered);
    assert_eq!(state(&app), after(&puzzle, &puzzle.answer));
    let progress = &app.world().resource::<PlayerPuzzles>().0.progress;
    assert_eq!(progress.tried, 0, "a kiosk rates nothing");
}

#[test]
fn the_hint_glows_and_a_puzzle_solved_with_it_counts_as_missed() {
    let puzzle = shipped("bao_kigogo").remove(0);
    let mut app = dealing(vec![puzzle.clone()], mine(4));
    assert!(app.world().resource::<GuidedPits>().0.is_empty());
    app.world_mut().write_message(PuzzleHint);
    app.update();
    assert_eq!(
        app.world().resource::<GuidedPits>().0,
        puzzle.answer[0].start_pit().into_iter().collect::<Vec<_>>()
    );
    app.world_mut()
        .write_message(DecisionMade::here(puzzle.answer[0].clone()));
    until(&mut app, Phase::Solved);
    assert!(app.world().resource::<GuidedPits>().0.is_empty());
    let progress = &app.world().resource::<PlayerPuzzles>().0.progress;
    assert_eq!((progress.tried, progress.solved_count), (1, 0));
}

#[test]
fn leaving_the_puzzles_leaves_nothing_behind_and_none_of_his_own_says_so() {
    let puzzle = shipped("anywoli").remove(0);
    let mut app = dealing(vec![puzzle.clone()], mine(5));
    app.world_mut().write_message(PuzzleHint);
    app.update();
    app.world_mut().write_message(PuzzleExit);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
    assert!(app.world().get_resource::<PuzzleRun>().is_none());
    assert!(app.world().get_resource::<OnlyDecisions>().is_none());
    assert!(app.world().resource::<GuidedPits>().0.is_empty());
    // No puzzles of his own: the menu stays, and the window says why.
    let app = dealing(Vec::new(), mine(6));
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
    assert!(run(&app).now.is_none() && run(&app).problem.is_some());
}

#[test]
fn every_shipped_set_is_dealt_from_the_program_itself() {
    let mut book = PuzzleBook::default();
    for set in PuzzleSet::shipped() {
        book.ask(set, None);
        let puzzles = book
            .puzzles(set)
            .unwrap_or_else(|| panic!("{}", set.name()));
        assert_eq!(puzzles.len(), shipped(&set.name()).len(), "{}", set.name());
    }
    // A game's choice deals that game's puzzles; every game's, each game's.
    let mut app = logic_app(Duration::from_millis(100));
    app.update();
    let mut games = std::collections::BTreeSet::new();
    app.world_mut().write_message(StartPuzzles::at_home(
        PuzzleChoice::Set(PuzzleSet::of(Game::Hawalis)),
        9,
    ));
    app.update();
    app.update();
    assert_eq!(state(&app).game(), Game::Hawalis);
    for _ in 0..40 {
        app.world_mut()
            .write_message(PuzzleNext(Some(PuzzleChoice::EveryGame)));
        app.update();
        app.update();
        games.insert(state(&app).game());
    }
    assert!(games.len() >= 4, "every game's puzzles: {games:?}");
}

/// Frames until "Make a puzzle of this" has an answer.
fn made(app: &mut App) -> Made {
    for _ in 0..3000 {
        app.update();
        let made = app.world().resource::<PuzzleMaking>().made.clone();
        if made != Made::Making {
            return made;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the puzzle was never made");
}

#[test]
fn a_decision_of_a_reviewed_game_becomes_one_of_my_puzzles() {
    // A game that starts at a shipped puzzle's position and plays another move there.
    let p = shipped("hawalis").remove(0);
    let s = p.state().unwrap();
    let wrong = legal_decisions(&s)
        .into_iter()
        .find(|d| *d != p.answer[0])
        .unwrap();
    let record = GameRecord {
        start: Some(s.clone()),
        decisions: vec![wrong],
        ..GameRecord::new(Game::Hawalis, *s.options())
    };
    let mut app = logic_app(Duration::from_millis(100));
    app.update();
    {
        let mut review = app.world_mut().resource_mut::<GameReview>();
        review.record = Some(record.clone());
        review.selected = Some(0);
    }
    app.world_mut().write_message(MakePuzzle);
    assert_eq!(made(&mut app), Made::Added("mine-1".into()));
    let kept = app.world().resource::<PlayerPuzzles>().0.mine.clone();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (kept[0].state().unwrap(), &kept[0].answer[0]),
        (s, &p.answer[0])
    );
    // Asked again: the same puzzle, not a second copy.
    app.world_mut().write_message(MakePuzzle);
    assert_eq!(made(&mut app), Made::Added("mine-1".into()));
    assert_eq!(app.world().resource::<PlayerPuzzles>().0.mine.len(), 1);
    // A decision within a turn (a strip) starts no puzzle: said, nothing added.
    let n = shipped("nsolo").remove(0);
    let ns = n.state().unwrap();
    let strips = GameRecord {
        start: Some(ns.clone()),
        decisions: n.answer.clone(),
        ..GameRecord::new(Game::Nsolo, *ns.options())
    };
    {
        let mut review = app.world_mut().resource_mut::<GameReview>();
        review.record = Some(strips);
        review.selected = Some(1);
    }
    app.world_mut().write_message(MakePuzzle);
    assert!(matches!(made(&mut app), Made::NotAPuzzle(_)));
    assert_eq!(app.world().resource::<PlayerPuzzles>().0.mine.len(), 1);
    // It is dealt from My puzzles.
    app.world_mut().write_message(mine(8));
    app.update();
    app.update();
    assert_eq!(run(&app).now.as_ref().unwrap().puzzle.id, "mine-1");
}
