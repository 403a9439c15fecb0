//! Anywoli (Anuak), `02-anywoli.md`: 2 x 12 with stores; one circuit of all 24 pits;
//! fours are captured in the middle of a lap (to the pit's owner) and by the last
//! seed (to the mover, who plays again).

use super::play::{close_turn, no_win, win};
use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::{
    CaptureTo, Decision, EndReason, Event, GameResult, GameState, LastFour, Outcome, Player,
    RuleError,
};

/// The course of an Anywoli move.
struct AnywoliMove {
    /// Who received each capture, in order.
    capturers: Vec<Player>,
    /// The last seed made four: the mover plays again.
    extra_turn: bool,
}

impl MoveRules for AnywoliMove {
    const DROP_HOOK: bool = true;

    /// Four in the middle of a lap go to the store of the pit's owner.
    fn after_drop(&mut self, s: &mut Sowing<'_>, pit: usize) {
        if s.seeds.pits[pit] == 4 {
            let owner = s.board.owner(pit);
            s.capture(pit, CaptureTo::Store(owner));
            self.capturers.push(owner);
        }
    }

    fn lap_end(&mut self, s: &mut Sowing<'_>, landing: usize) -> LapEnd {
        match s.seeds.pits[landing] {
            4 => {
                s.capture(landing, CaptureTo::Store(s.player));
                self.capturers.push(s.player);
                self.extra_turn = true;
                LapEnd::Stop
            }
            1 => LapEnd::Stop,
            _ => LapEnd::Relay,
        }
    }
}

/// Plays the move from `from` on a copy of the seeds, without events.
fn try_move(s: &GameState, p: Player, from: usize) -> MoveEnd {
    let mut seeds = s.seeds.clone();
    let mut rec = Recorder::new(false);
    let mut sowing = Sowing::new(&s.board, p, &mut seeds, from, &mut rec);
    sowing.lift(from);
    sowing.run(&mut AnywoliMove {
        capturers: Vec::new(),
        extra_turn: false,
    })
}

/// Whether the move from `from` ends (is not never-ending).
pub(crate) fn move_ends(s: &GameState, p: Player, from: usize) -> bool {
    try_move(s, p, from) != MoveEnd::NeverEnding
}

/// Any pit of the player's own row holding seeds, unless its move never ends.
pub(crate) fn turn_starts(s: &GameState, p: Player) -> Vec<Decision> {
    s.board
        .own_pits(p)
        .filter(|&i| s.seeds.pits[i] > 0 && try_move(s, p, i) != MoveEnd::NeverEnding)
        .map(|i| Decision::Sow(s.board.pit(i)))
        .collect()
}

/// Whether the player has a move (else he passes).
pub(crate) fn can_move(s: &GameState, p: Player) -> bool {
    s.board
        .own_pits(p)
        .any(|i| s.seeds.pits[i] > 0 && try_move(s, p, i) != MoveEnd::NeverEnding)
}

/// Plays a turn. A never-ending move is illegal: the state is left unchanged.
pub(crate) fn play_turn(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> Result<(), RuleError> {
    let p = s.to_decide;
    let from = d
        .start_pit()
        .and_then(|pit| s.board.index(pit))
        .filter(|&i| s.board.owner(i) == p && s.seeds.pits[i] > 0)
        .ok_or_else(|| {
            RuleError::Illegal(format!(
                "{} is not a pit of {p}'s row holding seeds",
                super::shorten(&super::notation::to_text(d))
            ))
        })?;
    let board = s.board.clone();
    let mut seeds = s.seeds.clone();
    let mark = rec.events.len();
    let mut rules = AnywoliMove {
        capturers: Vec::new(),
        extra_turn: false,
    };
    let mut sowing = Sowing::new(&board, p, &mut seeds, from, rec);
    sowing.lift(from);
    let end = sowing.run(&mut rules);
    if end == MoveEnd::CutShort {
        return Ok(()); // search gave up on this move; nothing changes
    }
    if end == MoveEnd::NeverEnding {
        rec.events.truncate(mark);
        return Err(RuleError::Illegal(format!(
            "the move from {} never ends",
            super::notation::to_text(d)
        )));
    }
    s.seeds = seeds;
    if let Some(&last) = rules.capturers.last() {
        s.flags.last_capturer = Some(last);
    }
    if rules.extra_turn && s.flags.first_final_capturer.is_none() {
        s.flags.first_final_capturer = Some(p);
    }
    let outcome = end_of_game(s, rec);
    close_turn(
        s,
        rec,
        outcome,
        rules.extra_turn,
        !rules.capturers.is_empty(),
    );
    Ok(())
}

/// Checked at the end of every turn, before an extra turn or the next player.
fn end_of_game(s: &mut GameState, rec: &mut Recorder) -> Option<Outcome> {
    let on_board: u32 = s.seeds.pits.iter().map(|&n| n as u32).sum();
    if on_board == 0 {
        return Some(by_stores(s, EndReason::BoardEmpty));
    }
    if on_board == 4 {
        let mover = s.to_decide;
        let penultimate = s.flags.last_capturer.unwrap_or(mover);
        let to = match s.options.last_four {
            LastFour::PenultimateCapturer => penultimate,
            LastFour::FirstFinalSeedCapturer => s.flags.first_final_capturer.unwrap_or(penultimate),
            LastFour::Lottery => {
                let winner = if s.lot.below(2) == 0 {
                    Player::South
                } else {
                    Player::North
                };
                rec.push(|| Event::Lot { winner });
                winner
            }
        };
        take_all(s, rec, |_| to);
        return Some(by_stores(s, EndReason::LastFour));
    }
    let half = s.game.total_seeds(s.options.width) / 2;
    if s.options.stop_when_decided && s.seeds.stores.iter().any(|&n| n > half) {
        return Some(by_stores(s, EndReason::Decided));
    }
    None
}

/// Moves every seed left on the board into the store of `to(pit owner)`.
fn take_all(s: &mut GameState, rec: &mut Recorder, to: impl Fn(Player) -> Player) {
    for i in 0..s.seeds.pits.len() {
        let count = s.seeds.pits[i] as u32;
        if count > 0 {
            let who = to(s.board.owner(i));
            s.seeds.pits[i] = 0;
            s.seeds.stores[who as usize] += count;
            let from = s.board.pit(i);
            rec.push(|| Event::Capture {
                from,
                count,
                to: CaptureTo::Store(who),
            });
        }
    }
}

/// Repetition (or nobody able to move): each player adds his own row to his store.
pub(crate) fn rows_to_stores(s: &mut GameState, rec: &mut Recorder, why: EndReason) -> Outcome {
    take_all(s, rec, |owner| owner);
    by_stores(s, why)
}

/// The player with more seeds in his store wins; equal stores are a draw.
fn by_stores(s: &GameState, why: EndReason) -> Outcome {
    let [south, north] = s.seeds.stores;
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => win(Player::South, 0, why),
        std::cmp::Ordering::Less => win(Player::North, 0, why),
        std::cmp::Ordering::Equal => no_win(GameResult::Draw, why),
    }
}
