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
