//! Game review (`ai::review`, the engine's `analyze`): what must hold of any review,
//! checked on seeded games of every game.

mod common;

use mancala_hall::ai::review::{
    Mark, REVIEW_POSITIONS, Review, Worked, deciding_moments, review, thresholds,
};
use mancala_hall::ai::{Budget, search};
use mancala_hall::cli::engine::Engine;
use mancala_hall::rules::{
    Decision, Game, GameRecord, GameState, Lot, Options, Pit, Player, apply, random_decision,
};
use std::time::Duration;

/// A small budget: these tests check the review's logic, not its strength.
const NODES: u64 = 3_000;

/// A record of `n` decisions: random ones, or (`best`) each the review's own search's
/// choice at the same budget.
fn record(game: Game, n: usize, seed: u64, best: bool) -> GameRecord {
    let mut s = GameState::new(game, Options::default()).unwrap();
    let mut r = GameRecord::new(game, Options::default());
    let mut lot = Lot(seed);
    for _ in 0..n {
        if s.is_over() {
            break;
        }
        let d = if best {
            let budget = Budget {
                max_depth: 64,
                nodes: NODES,
                time: Duration::from_secs(30),
                noise: 0.0,
            };
            search(&s, budget, &mut Lot(1)).unwrap().decision
        } else {
            random_decision(&s, &mut lot).unwrap()
        };
        apply(&mut s, d.clone()).unwrap();
        r.decisions.push(d);
    }
    r
}

#[test]
fn every_decision_gets_one_entry_and_the_values_agree() {
    for game in Game::ALL {
        let r = record(game, 16, 7, false);
        let moments = review(&r, NODES).unwrap();
        assert_eq!(moments.len(), r.decisions.len(), "{game:?}");
        let total = f64::from(
            GameState::new(game, Options::default())
                .unwrap()
                .seeds()
                .total(),
        );
        let t = thresholds(total as u32);
        let mut s = GameState::new(game, Options::default()).unwrap();
        for (m, d) in moments.iter().zip(&r.decisions) {
            // One entry a decision, in order, by whoever decided.
            assert_eq!(&m.played, d);
            assert_eq!(m.by, s.to_decide(), "{game:?} {}", m.number);
            apply(&mut s, d.clone()).unwrap();
            // The loss is the difference, never negative; the mark follows from it.
            assert!(m.loss >= 0.0 && m.best_value >= m.played_value, "{m:?}");
            assert!((m.loss - (m.best_value - m.played_value)).abs() < 1e-9);
            // A decision that wins the game missed a bigger win at most.
            let expected = if m.best == m.played {
                Mark::Good
            } else if m.played_value >= total {
                t.mark(m.loss).min(Mark::Inaccuracy)
            } else {
                t.mark(m.loss)
            };
            assert_eq!(m.mark, expected, "{m:?}");
            // South's evaluation is the decider's value seen from South.
            let sign = if m.by == Player::South { 1.0 } else { -1.0 };
            assert_eq!(m.south, sign * m.played_value);
            // At most a won game; Omweso's grand slam (12 points) counts 11
            // inaccuracy thresholds more than all the seeds.
            assert!(m.south.abs() <= total + 11.0 * t.inaccuracy, "{m:?}");
        }
    }
}

#[test]
fn a_decision_equal_to_the_best_is_never_marked() {
    for game in Game::ALL {
        let r = record(game, 12, 3, true);
        for m in review(&r, NODES).unwrap() {
            assert_eq!(
                m.best, m.played,
                "{game:?}: the search's own choice is the best"
            );
            assert_eq!((m.mark, m.loss), (Mark::Good, 0.0), "{game:?} {m:?}");
        }
    }
}

#[test]
fn a_review_is_the_same_every_time() {
    let r = record(Game::Anywoli, 10, 11, false);
    assert_eq!(review(&r, NODES).unwrap(), review(&r, NODES).unwrap());
}

#[test]
fn a_review_worked_in_small_slices_is_the_same_review() {
    // The browser works a review a few hundred positions a frame.
    for game in Game::ALL {
        let r = record(game, 8, 3, false);
        let mut sliced = Review::new(&r, NODES).unwrap();
        let mut moments = Vec::new();
        let mut calls = 0;
        loop {
            calls += 1;
            match sliced.work(97) {
                Worked::Busy => {}
                Worked::Moment(m) => {
                    moments.push(m.unwrap());
                    assert_eq!(sliced.progress(), (moments.len(), r.decisions.len()));
                }
                Worked::Finished => break,
            }
        }
        assert_eq!(moments, review(&r, NODES).unwrap(), "{game:?}");
        assert!(calls > 2 * moments.len(), "{game:?}: worked in slices");
    }
}

#[test]
fn thresholds_grow_with_the_seeds_in_play() {
    let omweso = thresholds(64);
    let nsolo = thresholds(288);
    assert!(omweso.inaccuracy < omweso.mistake && omweso.mistake < omweso.blunder);
    assert!(nsolo.blunder > omweso.blunder);
    assert_eq!(omweso.mark(0.0), Mark::Good);
    assert_eq!(omweso.mark(omweso.mistake), Mark::Mistake);
    assert_eq!(omweso.mark(1000.0), Mark::Blunder);
}

#[test]
fn an_illegal_record_is_an_error_naming_the_decision() {
    let mut r = record(Game::Hawalis, 3, 1, false);
    r.decisions.push(Decision::Sow(Pit::new(9, 9))); // no such pit
    let e = review(&r, NODES).unwrap_err();
    assert!(e.contains("decision 4"), "{e}");
}

#[test]
fn the_engine_answers_analyze_with_one_entry_a_decision() {
    let r = record(Game::Nsolo, 6, 5, false);
    let mut engine = Engine::new();
    let line = serde_json::json!({"cmd": "analyze", "record": r, "nodes": NODES}).to_string();
    let (answer, _) = engine.handle_line(&line);
    let answer = answer.unwrap();
    let entries = answer["analysis"].as_array().unwrap();
    assert_eq!(entries.len(), 6);
    let direct = review(&r, NODES).unwrap();
    for (e, m) in entries.iter().zip(&direct) {
        assert_eq!(e["number"], m.number);
        assert_eq!(e["south"].as_f64().unwrap(), m.south);
        assert_eq!(e["loss"].as_f64().unwrap(), m.loss);
        assert_eq!(e["best_notation"], m.best.to_string());
    }
    // Bad budgets and records are errors, and change nothing.
    let bad = serde_json::json!({"cmd": "analyze", "record": r, "nodes": 0}).to_string();
    assert!(engine.handle_line(&bad).0.unwrap()["error"].is_string());
    let (answer, _) = engine.handle_line(r#"{"cmd":"analyze","record":{"game":"nsolo"}}"#);
    assert!(answer.unwrap()["error"].is_string());
}

/// In a hand-made position where South's `wins` captures North's last seeds (the
/// game is won) and `other` takes nothing: `other` is a blunder with `wins` named as
/// the best, and `wins` itself is not marked.
fn missing_the_winning_capture_is_a_blunder(game: Game, r: Vec<Vec<u8>>, wins: Pit, other: Pit) {
    let start = common::position(game, Options::default(), r, Player::South);
    let mut check = start.clone();
    let events = common::play(&mut check, Decision::Sow(wins));
    assert!(!common::captures(&events).is_empty(), "{game:?}: a capture");
    assert!(check.is_over(), "{game:?}: the capture wins");
    let mut record = GameRecord::new(game, Options::default());
    record.start = Some(start.clone());
    record.decisions.push(Decision::Sow(other));
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    assert_eq!(m.best, Decision::Sow(wins), "{game:?} {m:?}");
    // A won game counts as all the game's seeds (captured ones too).
    let all = f64::from(start.seeds().total());
    assert_eq!(m.best_value, all, "{game:?}");
    assert_eq!(m.mark, Mark::Blunder, "{game:?} {m:?}");
    record.decisions = vec![Decision::Sow(wins)];
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    assert_eq!(
        (m.mark, m.loss, m.south),
        (Mark::Good, 0.0, all),
        "{game:?} {m:?}"
    );
}

#[test]
fn missing_a_capture_that_wins_is_a_blunder_and_the_capture_is_named() {
    // Hawalis and Bao Kigogo: North's only seeds are 3 and 2 in his pits of the last
    // column. South's 2 seeds in the column before it end in the empty front pit of
    // the last column and take both (tests/hawalis.rs); his 3,0 takes nothing.
    for (game, width) in [(Game::Hawalis, 7), (Game::BaoKigogo, 12)] {
        let last = width - 1;
        let mut r = common::empty(width);
        r[3][last - 1] = 2;
        r[3][0] = 2;
        r[1][last] = 3;
        r[0][last] = 2;
        let wins = Pit::new(3, last as u8 - 1);
        missing_the_winning_capture_is_a_blunder(game, r, wins, Pit::new(3, 0));
    }
    // Nsolo: North's only seeds are the 3 in (1,7); South's 3,6 takes them
    // (tests/nsolo.rs), his 3,0 does not.
    let mut r = common::empty(8);
    r[3][6] = 2;
    r[3][0] = 2;
    r[1][7] = 3;
    missing_the_winning_capture_is_a_blunder(Game::Nsolo, r, Pit::new(3, 6), Pit::new(3, 0));
}

#[test]
fn a_decision_that_still_wins_is_not_marked() {
    // Anywoli, stores 44 and 44: South's 1,9 makes 4 in (1,10) and, with the last
    // seed, in (1,11), both his; the board is empty and 52 beat 44 at once
    // (tests/anywoli.rs). His 1,11 sows three single seeds into North's empty pits;
    // the search proves South wins all the same, so nothing was given up.
    let mut r = common::empty(12);
    r.truncate(2);
    r[1][9] = 2;
    r[1][10] = 3;
    r[1][11] = 3;
    let start = common::position(Game::Anywoli, Options::default(), r, Player::South);
    let mut record = GameRecord::new(Game::Anywoli, Options::default());
    record.start = Some(start.clone());
    record.decisions.push(Decision::Sow(Pit::new(1, 11)));
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    let all = f64::from(start.seeds().total());
    assert_eq!(m.best, Decision::Sow(Pit::new(1, 9)), "{m:?}");
    assert_eq!((m.played_value, m.best_value), (all, all), "{m:?}");
    assert_eq!((m.mark, m.loss), (Mark::Good, 0.0), "{m:?}");
}

#[test]
fn the_sentence_says_what_was_given_up_and_why_in_every_language() {
    use mancala_hall::content::explain::review_sentence;
    use mancala_hall::content::i18n::Language;
    // Hawalis, as above, with four more seeds of North's far away: South's 3,5 takes
    // 5 seeds and the game goes on; his 3,0 takes nothing. The verdict is made by
    // hand (the search sees that the capture wins in the end); the reason comes from
    // the rules.
    let mut r = common::empty(7);
    r[3][5] = 2;
    r[3][0] = 2;
    r[1][6] = 3;
    r[0][6] = 2;
    r[0][0] = 4;
    let start = common::position(Game::Hawalis, Options::default(), r, Player::South);
    let m = &mancala_hall::ai::review::Moment {
        number: 1,
        by: Player::South,
        played: Decision::Sow(Pit::new(3, 0)),
        best: Decision::Sow(Pit::new(3, 5)),
        played_value: -1.0,
        best_value: 5.0,
        loss: 6.0,
        south: -1.0,
        mark: Mark::Mistake,
    };
    let lost = 6;
    let english = review_sentence(Language::English, &start, m);
    assert_eq!(
        english,
        format!(
            "South's 3,0 gave up {lost} seeds; 3,5 was better. 3,5 would have captured 5 seeds at once."
        )
    );
    for lang in Language::ALL {
        let line = review_sentence(lang, &start, m);
        assert!(
            line.contains("3,0") && line.contains("3,5") && line.contains(&lost.to_string()),
            "{lang:?}: {line}"
        );
        assert!(!line.contains('{'), "{lang:?}: every blank filled: {line}");
    }

    // Missing the capture that wins, and the best decision itself, as reviewed.
    let mut record = GameRecord::new(Game::Hawalis, Options::default());
    record.decisions.push(Decision::Sow(Pit::new(3, 0)));
    let mut r = common::empty(7);
    r[3][5] = 2;
    r[3][0] = 2;
    r[1][6] = 3;
    r[0][6] = 2;
    let start = common::position(Game::Hawalis, Options::default(), r, Player::South);
    record.start = Some(start.clone());
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    assert_eq!(
        review_sentence(Language::English, &start, m),
        "South's 3,0 let the win slip: 3,5 would have won the game."
    );
    record.decisions = vec![Decision::Sow(Pit::new(3, 5))];
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    assert_eq!(
        review_sentence(Language::English, &start, m),
        "South's 3,5 was the best move."
    );
    assert_eq!(
        review_sentence(Language::Swahili, &start, m),
        "Hatua 3,5 ya Kusini ilikuwa hatua bora."
    );
}

#[test]
fn the_deciding_moments_are_the_largest_losses_in_game_order() {
    let r = record(Game::Hawalis, 30, 9, false);
    let moments = review(&r, NODES).unwrap();
    let three = deciding_moments(&moments, 3);
    assert!(three.windows(2).all(|w| w[0] < w[1]), "in game order");
    let smallest_kept = three
        .iter()
        .map(|&i| moments[i].loss)
        .fold(f64::INFINITY, f64::min);
    for (i, m) in moments.iter().enumerate() {
        if three.contains(&i) {
            assert!(m.loss >= 1.0);
        } else {
            assert!(
                m.loss <= smallest_kept || m.loss < 1.0,
                "{i} lost {} but was left out",
                m.loss
            );
        }
    }
    assert_eq!(
        three.len(),
        3.min(moments.iter().filter(|m| m.loss >= 1.0).count())
    );
    // A clean game has none.
    let clean = record(Game::Hawalis, 8, 9, true);
    let moments = review(&clean, NODES).unwrap();
    assert!(
        deciding_moments(&moments, 3)
            .iter()
            .all(|&i| moments[i].loss >= 1.0)
    );
}

/// South to move at `start`: `takes` captures at once and `misses` takes nothing.
/// Playing `misses` is marked a mistake or a blunder, with `takes` named as the best.
fn missing_a_capture_is_marked(start: GameState, takes: &str, misses: &str) -> Mark {
    let game = start.game();
    let (takes, misses): (Decision, Decision) = (takes.parse().unwrap(), misses.parse().unwrap());
    let mut s = start.clone();
    assert!(!common::captures(&common::play(&mut s, takes.clone())).is_empty());
    let mut s = start.clone();
    assert!(common::captures(&common::play(&mut s, misses.clone())).is_empty());
    let mut record = GameRecord::new(game, *start.options());
    record.start = Some(start);
    record.decisions.push(misses);
    let m = &review(&record, REVIEW_POSITIONS).unwrap()[0];
    assert_eq!(m.best, takes, "{game:?} {m:?}");
    assert!(m.mark >= Mark::Mistake, "{game:?} {m:?}");
    m.mark
}

#[test]
fn missing_a_capture_is_marked_in_omweso_and_anywoli() {
    // Omweso (tests/omweso.rs, the capture): South's 3,6 ends in his occupied (2,7)
    // facing North's 3 and 4, and takes them; his 3,0 ends in (3,2), empty.
    let omweso = common::position(
        Game::Omweso,
        Options::default(),
        common::rows([
            [8, 8, 8, 7, 7, 7, 5, 4],
            [2, 0, 0, 0, 0, 0, 0, 3],
            [0, 0, 0, 0, 0, 0, 0, 1],
            [2, 0, 0, 0, 0, 0, 2, 0],
        ]),
        Player::South,
    );
    assert_eq!(
        missing_a_capture_is_marked(omweso, "3,6", "3,0"),
        Mark::Blunder
    );
    // Anywoli (tests/anywoli.rs, a four by the last seed): South's 1,11 drops its
    // last seed on North's 3 in (0,10) and takes the four; his 1,0 sows one seed.
    let mut r = [[0u8; 12]; 2];
    r[1][11] = 2;
    r[0][10] = 3;
    r[1][0] = 1;
    r[1][3] = 1;
    r[0][0] = 3;
    r[0][5] = 2;
    r[0][2] = 1;
    let anywoli = common::position(
        Game::Anywoli,
        Options::default(),
        common::rows(r),
        Player::South,
    );
    missing_a_capture_is_marked(anywoli, "1,11", "1,0");
}

/// Omweso in a match to 12, South to move. North's only seeds are single ones in
/// (1,0), (0,0) and (0,4): whatever South does, North is left without a move. South's
/// 2,2 drops its last seed on his own (2,0), facing North's (1,0) and (0,0), and takes
/// them: North's front row is empty after a capture, 2 points ("cutting off the
/// head"). His 3,7 ends in the empty (2,6) and takes nothing: an ordinary win, 1 point.
fn omweso_one_or_two_points() -> GameState {
    let mut r = [[0u8; 8]; 4];
    r[1][0] = 1;
    r[0][0] = 1;
    r[0][4] = 1;
    r[2][2] = 2;
    r[2][0] = 1;
    r[3][7] = 2;
    r[3][4] = 28;
    r[3][5] = 28;
    common::position(
        Game::Omweso,
        Options::default(),
        common::rows(r),
        Player::South,
    )
}

#[test]
fn a_won_game_of_a_match_is_valued_the_same_at_every_budget() {
    let start = omweso_one_or_two_points();
    assert_eq!(
        start.options().match_target,
        12,
        "a match, not a single game"
    );
    let total = f64::from(start.seeds().total());
    let t = thresholds(total as u32);
    // The rules say how each decision ends the game.
    let points = |d: &str| {
        let mut s = start.clone();
        let o = common::game_over(&common::play_text(&mut s, d)).expect("the game ends");
        assert_eq!(
            o.result,
            mancala_hall::rules::GameResult::Win(Player::South)
        );
        assert!(!s.is_over(), "the match goes on after {d}");
        o.points
    };
    assert_eq!((points("2,2"), points("3,7")), (2, 1));
    for nodes in [2_000, 30_000, REVIEW_POSITIONS] {
        let mut record = GameRecord::new(Game::Omweso, *start.options());
        record.start = Some(start.clone());
        record.decisions = vec!["3,7".parse().unwrap(), Decision::NextGame];
        let moments = review(&record, nodes).unwrap();
        let m = &moments[0];
        // A 1-point win is all the game's seeds; the 2-point win is one inaccuracy
        // threshold more; the 1-point win is marked no worse than an inaccuracy.
        assert_eq!(m.played_value, total, "{nodes}: {m:?}");
        assert_eq!(m.best_value, total + t.inaccuracy, "{nodes}: {m:?}");
        assert!((m.loss - t.inaccuracy).abs() < 1e-9, "{nodes}: {m:?}");
        assert_eq!(m.mark, Mark::Inaccuracy, "{nodes}: {m:?}");
        assert_eq!(m.south, total, "{nodes}: {m:?}");
        // Starting the next game is the only decision there, never marked.
        assert_eq!((moments[1].mark, moments[1].loss), (Mark::Good, 0.0));
        record.decisions[0] = "2,2".parse().unwrap();
        let m = &review(&record, nodes).unwrap()[0];
        assert_eq!(
            (m.played_value, m.mark, m.loss),
            (total + t.inaccuracy, Mark::Good, 0.0),
            "{nodes}: {m:?}"
        );
    }
}

#[test]
fn the_decision_that_ends_a_random_match_game_is_valued_by_its_points() {
    // Random Omweso matches to 12, played until their first game ends: the decision
    // that ends it is worth exactly the won (or lost) game, at any budget.
    let mut ended = 0;
    for seed in 1..=6 {
        let options = Options::default();
        let mut s = GameState::new(Game::Omweso, options).unwrap();
        let mut record = GameRecord::new(Game::Omweso, options);
        let mut lot = Lot(seed);
        while s.outcome().is_none() && record.decisions.len() < 400 {
            let d = random_decision(&s, &mut lot).unwrap();
            apply(&mut s, d.clone()).unwrap();
            record.decisions.push(d);
        }
        let Some(o) = s.outcome() else { continue };
        let mancala_hall::rules::GameResult::Win(winner) = o.result else {
            continue;
        };
        ended += 1;
        let total = f64::from(s.seeds().total());
        let won = total + thresholds(total as u32).inaccuracy * f64::from(o.points - 1);
        let by_winner = |m: &mancala_hall::ai::review::Moment| {
            if m.by == winner {
                m.played_value
            } else {
                -m.played_value
            }
        };
        let small = review(&record, 1_000).unwrap();
        let large = review(&record, 20_000).unwrap();
        let (a, b) = (small.last().unwrap(), large.last().unwrap());
        assert_eq!((by_winner(a), by_winner(b)), (won, won), "seed {seed}");
        let south = if winner == Player::South { won } else { -won };
        assert_eq!((a.south, b.south), (south, south), "seed {seed}");
    }
    assert!(ended >= 3, "only {ended} of 6 random games ended in a win");
}

#[test]
fn values_print_without_negative_zero_and_thresholds_as_they_read() {
    // Omweso's free set-up: the arrangements are worth nothing yet (0, never -0).
    let options = Options {
        set_up: mancala_hall::rules::SetUp::Free,
        ..Options::default()
    };
    let mut s = GameState::new(Game::Omweso, options).unwrap();
    let mut record = GameRecord::new(Game::Omweso, options);
    for _ in 0..2 {
        let d = s.standard_arrangement(s.to_decide());
        apply(&mut s, d.clone()).unwrap();
        record.decisions.push(d);
    }
    let mut engine = Engine::new();
    let line = serde_json::json!({"cmd": "analyze", "record": record, "nodes": 500});
    let answer = engine.handle_line(&line.to_string()).0.unwrap().to_string();
    assert!(answer.contains("\"analysis\""), "{answer}");
    assert!(!answer.contains("-0.0"), "{answer}");
    // Every game's thresholds print as the share they are (Nsolo's 60 seeds: 3.6,
    // not 3.5999999999999996).
    for total in [56, 60, 64, 92, 96, 144, 288] {
        let text = serde_json::to_string(&thresholds(total)).unwrap();
        for part in text.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
            let decimals = part.split_once('.').map_or(0, |(_, d)| d.len());
            assert!(decimals <= 2, "{total}: {text}");
        }
    }
    assert_eq!(thresholds(60).mistake.to_string(), "3.6");
}
