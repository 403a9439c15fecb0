use super::{SHORT_CIRCUIT, SHORT_GRID, unpacked};
use crate::rules::board::Board;
use crate::rules::{Decision, Game, GameState, Options, Pending, Player};

/// The relay games' boards: Hawalis, Bao Kigogo and Nsolo at every width.
fn boards() -> Vec<(Game, u8)> {
    let mut v = vec![(Game::Hawalis, 8), (Game::BaoKigogo, 8)];
    v.extend((8..=36).map(|w| (Game::Nsolo, w)));
    v
}

#[test]
fn turn_starts_follow_the_boards_grid_order() {
    // The listing walks each player's two rows as bit sets; the board's own list
    // of his slots in grid order must be the same walk.
    for (game, width) in boards() {
        let b = Board::new(game, width);
        let c = b.circuit_len / 2;
        for p in [Player::South, Player::North] {
            let base = b.base[p as usize];
            let (first, then) = match p {
                Player::South => (base + c, base),
                Player::North => (base, base + c),
            };
            let walk: Vec<u8> = (0..c)
                .rev()
                .map(|k| first + k)
                .chain((0..c).map(|k| then + k))
                .map(|slot| slot as u8)
                .collect();
            assert_eq!(
                b.own_in_grid_order[p as usize], walk,
                "{game:?} {width} {p:?}"
            );
        }
    }
}

#[test]
fn the_short_circuits_table_is_each_players_grid_order() {
    // The branchless listing of circuits up to 16 pits reads positions and pits
    // from a table; they must be the board's own slots and pits in grid order.
    for (game, width) in boards() {
        let b = Board::new(game, width);
        if b.circuit_len > SHORT_CIRCUIT {
            continue;
        }
        for p in [Player::South, Player::North] {
            let base = b.base[p as usize];
            let table = &SHORT_GRID[b.circuit_len / 2][p as usize][..b.circuit_len];
            let slots: Vec<u8> = table
                .iter()
                .map(|g| (base + g.position as usize) as u8)
                .collect();
            assert_eq!(b.own_in_grid_order[p as usize], slots, "{game:?} {p:?}");
            for g in table {
                assert_eq!(unpacked(g.pit), b.pit_of_slot[base + g.position as usize]);
            }
        }
    }
}

#[test]
fn listed_turn_starts_are_the_pits_the_rule_allows_in_grid_order() {
    // Random sides, many with only single seeds, against the rule pit by pit.
    let mut lot = crate::rules::Lot(3);
    for (game, width) in boards() {
        let options = Options {
            width,
            ..Options::default()
        };
        let Ok(mut s) = GameState::new(game, options) else {
            panic!("{game:?} {width}");
        };
        for round in 0..300 {
            let singles = round % 2 == 0;
            for slot in 0..s.board.len() {
                let r = lot.next_u64();
                s.seeds.pits[slot] = match (singles, r % 4) {
                    (true, 0 | 1) => 0,
                    (true, _) => 1,
                    (false, 0) => 0,
                    (false, 1) => 1,
                    _ => (r >> 8) as u8 % 30,
                };
            }
            let p = s.to_decide;
            let b = s.board;
            let len = b.circuit_len;
            let base = b.base[p as usize];
            let grid = &b.own_in_grid_order[p as usize];
            let pits = &s.seeds.pits;
            let any_two = grid.iter().any(|&k| pits[k as usize] >= 2);
            let expected: Vec<Decision> = grid
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| {
                    let next = base + (k - base + 1) % len;
                    if any_two {
                        pits[k] >= 2
                    } else {
                        pits[k] == 1 && pits[next] == 0
                    }
                })
                .map(|k| Decision::Sow(b.pit_of_slot[k]))
                .collect();
            // Through the public listing, whose first room (42 decisions) is less
            // than a wide Nsolo side.
            let listed = crate::rules::legal_decisions(&s);
            assert_eq!(listed, expected, "{game:?} {width} round {round}");
            s.to_decide = p.opponent();
        }
    }
}

#[test]
fn strip_choices_are_the_opponents_occupied_pits_in_grid_order() {
    let mut lot = crate::rules::Lot(5);
    for width in 8..=36 {
        for bonus_up_to_k in [false, true] {
            let options = Options {
                width,
                bonus_up_to_k,
                ..Options::default()
            };
            let Ok(mut s) = GameState::new(Game::Nsolo, options) else {
                panic!("Nsolo {width}");
            };
            s.pending = Pending::Strip { remaining: 1 };
            for round in 0..100 {
                for slot in 0..s.board.len() {
                    // From every pit full to every pit empty.
                    let r = lot.next_u64();
                    s.seeds.pits[slot] = if r % 100 < round {
                        0
                    } else {
                        (r >> 8) as u8 % 5
                    };
                }
                let b = s.board;
                let opp = s.to_decide.opponent();
                let mut expected: Vec<Decision> = b
                    .own_pits(opp)
                    .map(|i| b.slot_of[i] as usize)
                    .filter(|&k| s.seeds.pits[k] > 0)
                    .map(|k| Decision::Strip(b.pit_of_slot[k]))
                    .collect();
                if bonus_up_to_k {
                    expected.push(Decision::EndStrip);
                }
                let listed = crate::rules::legal_decisions(&s);
                assert_eq!(listed, expected, "width {width} round {round}");
                s.to_decide = opp;
            }
        }
    }
}
