//! Anywoli (Anuak), `02-anywoli.md`: 2 x 12 with stores; one circuit of all 24 pits;
//! fours are captured in the middle of a lap (to the pit's owner) and by the last
//! seed (to the mover, who plays again).
//!
//! Slots are the circuit from (1,0): South's row is `0..12`, North's `12..24`.

use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::turn::{no_win, win};
use super::variant::TurnDone;
use super::{
    CaptureTo, Decision, EndReason, Event, GameResult, GameState, LastFour, Outcome, Player,
};

/// Anywoli as one type (see [`super::variant::Rules`]).
pub(crate) struct Anywoli;

/// The course of an Anywoli move.
#[derive(Default)]
pub(crate) struct AnywoliMove {
    /// Who received the most recent capture.
    pub(crate) last_capturer: Option<Player>,
    /// Whether anything was captured.
    pub(crate) captured: bool,
    /// The last seed made four: the mover plays again.
    pub(crate) extra_turn: bool,
}

/// The owner of a position of the circuit.
#[inline(always)]
fn owner(pos: usize) -> Player {
    if pos < 12 {
        Player::South
    } else {
        Player::North
    }
}

impl MoveRules for AnywoliMove {
    const DROP_HOOK: bool = true;

    /// Four in the middle of a lap go to the store of the pit's owner.
    #[inline(always)]
    fn after_drop(&mut self, s: &mut Sowing, pos: usize) {
        if s.at(pos) == 4 {
            let owner = owner(pos);
            s.capture(pos, CaptureTo::Store(owner));
            self.last_capturer = Some(owner);
            self.captured = true;
        }
    }

    #[inline(always)]
    fn lap_end(&mut self, s: &mut Sowing, landing: usize) -> LapEnd {
        match s.at(landing) {
            4 => {
                let p = s.player;
                s.capture(landing, CaptureTo::Store(p));
                self.last_capturer = Some(p);
                self.captured = true;
                self.extra_turn = true;
                LapEnd::Stop
            }
            1 => LapEnd::Stop,
            _ => LapEnd::Relay,
        }
    }
}

/// Starts the move from slot `from` on a copy of the seeds.
#[inline(always)]
pub(crate) fn begin(s: &GameState, p: Player, from: usize, rec: Recorder) -> Sowing {
    let mut sowing = Sowing::new(s.board, p, &s.seeds, from, rec);
    sowing.lift(from);
    sowing
}

/// Whether the move from slot `from` ends (is not never-ending).
pub(crate) fn move_ends(s: &GameState, p: Player, from: usize) -> bool {
    let mut sowing = begin(s, p, from, Recorder::new(false));
    sowing.run(&mut AnywoliMove::default(), u64::MAX) != MoveEnd::NeverEnding
}

/// Any pit of the player's own row holding seeds, unless its move never ends.
pub(crate) fn turn_starts(s: &GameState, p: Player, out: &mut Vec<Decision>) {
    let b = s.board;
    for i in b.own_pits(p) {
        let slot = b.slot_of[i] as usize;
        if s.seeds.pits[slot] > 0 && move_ends(s, p, slot) {
            out.push(Decision::Sow(b.pit_of_slot[slot]));
        }
    }
}

/// The slot of a sowing the player may start, if `d` is one.
pub(crate) fn start_slot(s: &GameState, p: Player, d: &Decision) -> Option<usize> {
    match d {
        Decision::Sow(pit) => s
            .board
            .slot(*pit)
            .filter(|&k| s.board.own_slots(p).contains(&k) && s.seeds.pits[k] > 0),
        _ => None,
    }
}

/// Whether a turn-starting decision is legal (its move is played out to see it ends).
pub(crate) fn is_legal_start(s: &GameState, d: &Decision) -> bool {
    let p = s.to_decide;
    start_slot(s, p, d).is_some_and(|k| move_ends(s, p, k))
}

/// Whether the player has a move (else he passes).
pub(crate) fn can_move(s: &GameState, p: Player) -> bool {
    s.board
        .own_slots(p)
        .any(|k| s.seeds.pits[k] > 0 && move_ends(s, p, k))
}

/// After the move: the flags of its captures and the end checks (before an extra
/// turn or the next player).
pub(crate) fn end_of_turn(
    s: &mut GameState,
    turn: &TurnDone,
    rec: &mut Recorder,
) -> Option<Outcome> {
    if let Some(last) = turn.last_capturer {
        s.flags.last_capturer = Some(last);
    }
    if turn.extra_turn && s.flags.first_final_capturer.is_none() {
        s.flags.first_final_capturer = Some(s.to_decide);
    }
    end_of_game(s, rec)
}

/// Checked at the end of every turn, before an extra turn or the next player.
fn end_of_game(s: &mut GameState, rec: &mut Recorder) -> Option<Outcome> {
    let on_board = s.seeds.sum(0..s.board.len());
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

/// Moves every seed left on the board into the store of `to(pit owner)`, pit by pit
/// in grid order.
fn take_all(s: &mut GameState, rec: &mut Recorder, to: impl Fn(Player) -> Player) {
    let b = s.board;
    for i in 0..b.len() {
        let slot = b.slot_of[i] as usize;
        let count = s.seeds.pits[slot] as u32;
        if count > 0 {
            let who = to(b.owner(i));
            s.seeds.pits[slot] = 0;
            s.seeds.stores[who as usize] += count;
            let from = b.pit_of_slot[slot];
            rec.push(|| Event::Capture {
                from,
                count,
                to: CaptureTo::Store(who),
            });
        }
    }
    s.changed();
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
