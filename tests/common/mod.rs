//! Helpers shared by the rules tests.
#![allow(dead_code)]

use mancala_hall::rules::*;

/// Rows from a compact literal.
pub fn rows<const R: usize, const C: usize>(r: [[u8; C]; R]) -> Vec<Vec<u8>> {
    r.iter().map(|row| row.to_vec()).collect()
}

/// A hand-made position, panicking (in tests) if it is invalid.
pub fn position(game: Game, options: Options, r: Vec<Vec<u8>>, to_move: Player) -> GameState {
    GameState::from_rows(game, options, &r, to_move).expect("valid test position")
}

/// Applies a decision and checks the events: replaying them on the seeds before the
/// decision keeps the seed total after every event and reproduces the seeds after it.
pub fn play(s: &mut GameState, d: Decision) -> Vec<Event> {
    let before = s.seeds().clone();
    let total = before.total();
    let events = apply(s, d.clone()).unwrap_or_else(|e| panic!("{d}: {e}"));
    let mut replay = before;
    for e in &events {
        replay
            .apply_event(e)
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
        assert_eq!(replay.total(), total, "seed total changed at {e:?}");
    }
    assert_eq!(
        &replay,
        s.seeds(),
        "replaying the events of {d} gives other seeds"
    );
    events
}

/// Plays text-notation decisions in order.
pub fn play_text(s: &mut GameState, text: &str) -> Vec<Event> {
    play(s, text.parse().expect("notation"))
}

/// The rows of a state.
pub fn grid(s: &GameState) -> Vec<Vec<u8>> {
    s.seeds().rows()
}

/// Decisions as text, sorted.
pub fn legal_text(s: &GameState) -> Vec<String> {
    let mut v: Vec<String> = legal_decisions(s).iter().map(|d| d.to_string()).collect();
    v.sort();
    v
}

/// Captures among the events: (from, count, to).
pub fn captures(events: &[Event]) -> Vec<(Pit, u32, CaptureTo)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { from, count, to } => Some((*from, *count, *to)),
            _ => None,
        })
        .collect()
}

/// The game-over outcome among the events, if any.
pub fn game_over(events: &[Event]) -> Option<Outcome> {
    events.iter().find_map(|e| match e {
        Event::GameOver(o) => Some(*o),
        _ => None,
    })
}

pub fn pit(r: u8, c: u8) -> Pit {
    Pit::new(r, c)
}

/// An empty board of four rows, `n` pits wide (Nsolo, Hawalis, Bao Kigogo).
pub fn empty(n: usize) -> Vec<Vec<u8>> {
    vec![vec![0u8; n]; 4]
}

/// The grid pit at position `pos` of a player's circuit on a board `n` pits wide
/// (conventions: positions from the first pit of the player's outer or first row).
pub fn circuit_pit(n: usize, player: Player, pos: usize) -> (usize, usize) {
    let (first, second) = match player {
        Player::South => (3, 2),
        Player::North => (1, 0),
    };
    if pos < n {
        (first, pos)
    } else {
        (second, 2 * n - 1 - pos)
    }
}

/// A "pendulum" on a circuit of L = 2n pits (positions as in the conventions):
/// one seed in each odd position 1..L-5, 2 in L-3, 1 in L-2, 1 in L-1. Sowing L-3:
/// L-2 1->2, L-1 1->2 last -> relay 2: 0 0->1, 1 1->2 -> relay: 2 0->1, 3 1->2 -> ...
/// each relay of 2 fills an even pit and lands on the next odd one, until L-4 0->1,
/// L-3 (emptied) 0->1 last, empty: the move ends in L-3, leaving one seed in each even
/// position 0..L-4, 1 in L-3, 2 in L-2, 0 in L-1. Sowing L-2 from there the same way
/// ends in L-2 and gives back the pendulum. North's L-3 and L-2 are back pits; South's
/// pendulum is turned by n positions so that his landings n-3, n-2 are back pits too.
/// No landing is ever in a front pit: no capture.
pub fn pendulum(n: usize) -> Vec<Vec<u8>> {
    let l = 2 * n;
    let mut p = vec![0u8; l];
    for i in (1..=l - 5).step_by(2) {
        p[i] = 1;
    }
    p[l - 3] = 2;
    p[l - 2] = 1;
    p[l - 1] = 1;
    let mut r = empty(n);
    for (i, &v) in p.iter().enumerate() {
        let (row, col) = circuit_pit(n, Player::North, i);
        r[row][col] = v;
        let (row, col) = circuit_pit(n, Player::South, (i + n) % l);
        r[row][col] = v;
    }
    r
}

#[cfg(feature = "game")]
pub mod headless;

#[cfg(feature = "game")]
pub mod player;

/// The pits that received a seed, in order.
pub fn drops(events: &[Event]) -> Vec<Pit> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Drop { pit } => Some(*pit),
            _ => None,
        })
        .collect()
}

/// The occurrence counts of the repetitions announced, in order.
pub fn repetitions(events: &[Event]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Repetition { occurrences } => Some(*occurrences),
            _ => None,
        })
        .collect()
}

/// The seeds each player has taken off the board (South, North).
pub fn captured(s: &GameState) -> [u32; 2] {
    s.seeds().captured
}
