//! The never-ending pattern of the conventions, on every circuit length of every game:
//! one seed in each odd pit 1, 3, ..., L-3, three in pit L-2, one in pit L-1 (pits
//! numbered along the mover's circuit), sowing from pit L-2. The move never ends; each
//! game applies its own consequence and the seeds stay as before the move.

mod common;
use common::*;
use mancala_hall::rules::*;

/// A position with the pattern on `mover`'s circuit, the other side holding `other`
/// seeds spread one per pit from its first circuit pit (none facing a capture).
fn pattern(game: Game, options: Options, mover: Player) -> (GameState, Pit) {
    let board = Board::new(game, options.width);
    let mut pits = vec![0u8; board.len()];
    let circuit = board.circuit(mover).to_vec();
    let l = circuit.len();
    for k in (1..=l - 3).step_by(2) {
        pits[circuit[k] as usize] = 1;
    }
    pits[circuit[l - 2] as usize] = 3;
    pits[circuit[l - 1] as usize] = 1;
    if game == Game::Omweso {
        // Omweso keeps all 64 seeds on the board: put the rest on the other side.
        let on = pits.iter().map(|&n| n as u32).sum::<u32>();
        let other: Vec<usize> = board.own_pits(mover.opponent()).collect();
        for i in 0..(64 - on) as usize {
            pits[other[i % other.len()]] += 1;
        }
    } else if game != Game::Anywoli {
        // Two seeds in the opponent's first pit, so that he is still in the game.
        pits[board.circuit(mover.opponent())[0] as usize] = 2;
    }
    let rows: Vec<Vec<u8>> = pits
        .chunks(board.cols as usize)
        .map(|r| r.to_vec())
        .collect();
    let mut s = GameState::from_rows(game, options, &rows, mover).expect("valid pattern");
    if game == Game::Omweso {
        // On the mover's first turn nothing captures, so the pattern only relays.
        s.flags_mut().turns_played[mover] = 0;
    }
    (s, board.pit(circuit[l - 2] as usize))
}

fn never_ending_laps(events: &[Event]) -> Option<u64> {
    events.iter().find_map(|e| match e {
        Event::NeverEnding { laps, .. } => Some(*laps),
        _ => None,
    })
}

#[test]
fn every_board_size_of_the_sowing_games() {
    let mut cases = vec![
        (Game::Hawalis, Options::default()),
        (Game::BaoKigogo, Options::default()),
    ];
    for width in 8..=36 {
        cases.push((
            Game::Nsolo,
            Options {
                width,
                ..Options::default()
            },
        ));
    }
    for (game, options) in cases {
        for mover in Player::BOTH {
            for rule in [NeverEndingRule::Draw, NeverEndingRule::MoverLoses] {
                let options = Options {
                    never_ending: rule,
                    ..options
                };
                let (mut s, from) = pattern(game, options, mover);
                let before = s.seeds().clone();
                let events = play(&mut s, Decision::Sow(from));
                assert!(
                    never_ending_laps(&events).is_some(),
                    "{game} {} {mover:?}",
                    options.width
                );
                assert_eq!(s.seeds(), &before, "the move is not carried out");
                let want = match rule {
                    NeverEndingRule::Draw => GameResult::Draw,
                    NeverEndingRule::MoverLoses => GameResult::Win(mover.opponent()),
                };
                let o = s.outcome().expect("the game is over");
                assert_eq!((o.result, o.reason), (want, EndReason::NeverEndingMove));
                assert!(
                    events.len() < 5_000,
                    "events stay bounded: {}",
                    events.len()
                );
            }
        }
    }
}

#[test]
fn omweso_annuls_the_game() {
    for mover in Player::BOTH {
        let (mut s, from) = pattern(Game::Omweso, Options::default(), mover);
        let before = s.seeds().clone();
        let events = play(&mut s, Decision::Sow(from));
        assert!(never_ending_laps(&events).is_some());
        assert_eq!(s.seeds(), &before);
        let o = s.outcome().unwrap();
        assert_eq!((o.result, o.points), (GameResult::Annulled, 0));
        assert!(
            matches!(s.pending(), Pending::NextGame(_)),
            "the game is played again"
        );
    }
}

#[test]
fn anywoli_never_offers_it() {
    for mover in Player::BOTH {
        let (s, from) = pattern(Game::Anywoli, Options::default(), mover);
        assert!(!legal_decisions(&s).contains(&Decision::Sow(from)));
        let mut t = s.clone();
        assert!(apply(&mut t, Decision::Sow(from)).is_err());
        assert_eq!(t, s, "a refused move changes nothing");
    }
}

#[test]
fn search_can_give_up_a_long_move_without_changing_anything() {
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    let s = GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South).unwrap();
    let mut t = s.clone();
    assert_eq!(
        apply_bounded(&mut t, Decision::Sow(pit(3, 0)), 1_000),
        Ok(false)
    );
    assert_eq!(t, s, "a move given up changes nothing");
    // A short move is played exactly as apply plays it.
    for game in [Game::Hawalis, Game::Anywoli, Game::Omweso, Game::Nsolo] {
        let s = GameState::new(game, Options::default()).unwrap();
        let d = legal_decisions(&s)[0].clone();
        let (mut a, mut b) = (s.clone(), s.clone());
        assert_eq!(apply_bounded(&mut a, d.clone(), 1_000), Ok(true));
        apply(&mut b, d).unwrap();
        assert_eq!(a, b, "{game}");
    }
}

/// The quiet ways of playing a move (search, playouts) prove a move never-ending at
/// the very lap the recorded one does: `apply_bounded` with exactly that many laps
/// ends the game as `apply` does, one lap fewer gives the move up unchanged.
#[test]
fn quiet_moves_find_the_same_cycle_at_the_same_lap() {
    let mut cases = vec![
        (Game::Hawalis, Options::default()),
        (Game::BaoKigogo, Options::default()),
        (Game::Omweso, Options::default()),
        (Game::Anywoli, Options::default()),
    ];
    for width in [8, 9, 17, 35, 36] {
        cases.push((
            Game::Nsolo,
            Options {
                width,
                ..Options::default()
            },
        ));
    }
    for (game, options) in cases {
        for mover in Player::BOTH {
            let (s, from) = pattern(game, options, mover);
            let d = Decision::Sow(from);
            let mut recorded = s.clone();
            let Ok(events) = apply(&mut recorded, d.clone()) else {
                // Anywoli refuses it, quietly too, and lists it nowhere.
                let mut quiet = s.clone();
                assert!(apply_quiet(&mut quiet, d.clone()).is_err());
                assert_eq!(quiet, s);
                assert!(!is_legal(&s, &d));
                continue;
            };
            let laps = never_ending_laps(&events).expect("never ends");
            let mut quiet = s.clone();
            apply_quiet(&mut quiet, d.clone()).unwrap();
            assert_eq!(quiet, recorded, "{game} {mover:?}");
            let mut bounded = s.clone();
            assert_eq!(apply_bounded(&mut bounded, d.clone(), laps), Ok(true));
            assert_eq!(
                bounded, recorded,
                "{game} {mover:?}: found within {laps} laps"
            );
            let mut short = s.clone();
            assert_eq!(apply_bounded(&mut short, d.clone(), laps - 1), Ok(false));
            assert_eq!(
                short,
                s,
                "{game} {mover:?}: given up after {} laps",
                laps - 1
            );
        }
    }
}
