//! Anywoli (Anuak), `docs/rules/02-anywoli.md`: 2 x 12 with stores; one circuit of all 24 pits;
//! fours are captured in the middle of a lap (to the pit's owner) and by the last
//! seed (to the mover, who plays again).
//!
//! Slots are the circuit from (1,0): South's row is `0..12`, North's `12..24`.

use super::event::{no_win, win};
use super::lanes::{Circuit, Lanes};
use super::notation;
use super::seeds::{byte_bits, nonzero_bytes};
use super::sowing::{LapEnd, MoveEnd, MoveRules, QuietLaps, Recorder, Sowing, quiet_laps};
use super::turn::{close_turn, close_turn_inline};
use super::variant::{ALL_GAMES, Captured, Rules};
use super::{
    CaptureTo, Decision, EndReason, Event, Game, GameResult, GameState, LastFour, Lot, Outcome,
    Pending, Pit, Player, RuleError, shorten,
};

/// Anywoli as one type (see [`super::variant::Rules`]).
pub(crate) struct Anywoli;

impl Rules for Anywoli {
    const GAME: Game = Game::Anywoli;
    const ROWS: u8 = 2;
    const COLS: Option<u8> = Some(12);
    const MAY_PASS: bool = true;
    const CAPTURED: Captured = Captured::Stores;
    const OPTIONS: &'static [&'static str] =
        &[ALL_GAMES[0], ALL_GAMES[1], "last_four", "stop_when_decided"];
    fn total_seeds(_: u8) -> u32 {
        96
    }
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        vec![4; rows * cols]
    }
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
        turn_starts(s, s.to_decide, out)
    }
    fn is_legal_start(s: &GameState, d: &Decision) -> bool {
        is_legal_start(s, d)
    }
    fn can_move(s: &GameState, p: Player) -> bool {
        can_move(s, p)
    }
    type TurnDone = AnywoliTurn;
    fn end_of_turn(s: &mut GameState, turn: &AnywoliTurn, rec: &mut Recorder) -> Option<Outcome> {
        end_of_turn(s, turn, rec)
    }
    /// A move that never ends may not be played.
    fn on_never_ending(_: &GameState) -> Option<Outcome> {
        None
    }
    /// The third occurrence: each player adds his own row to his store.
    fn on_repetition(s: &mut GameState, occurrences: u32, rec: &mut Recorder) -> Option<Outcome> {
        (occurrences >= 3).then(|| rows_to_stores(s, rec, EndReason::Repetition))
    }
    fn nobody_can_move(s: &mut GameState, rec: &mut Recorder) -> Outcome {
        rows_to_stores(s, rec, EndReason::NobodyCanMove)
    }

    /// A turn start is checked by playing it: here only that it is a pit of the
    /// mover's row holding seeds.
    fn precheck(s: &GameState, d: &Decision) -> Option<Result<(), RuleError>> {
        if !matches!(s.pending, Pending::Turn) || !matches!(d, Decision::Sow(_)) {
            return None;
        }
        let me = s.to_decide;
        Some(match start_slot(s, me, d) {
            Some(_) => Ok(()),
            None => Err(RuleError::Illegal(format!(
                "{} is not a pit of {me}'s row holding seeds",
                shorten(&notation::to_text(d))
            ))),
        })
    }
    /// Rejection sampling: uniform over the pits of the mover's row holding seeds,
    /// but only the chosen pit's move is played out to see that it ends.
    fn random_decision(s: &GameState, lot: &mut Lot) -> Option<Option<Decision>> {
        if !matches!(s.pending, Pending::Turn) {
            return None;
        }
        let b = s.board;
        let mut pits: Vec<usize> = b
            .own_pits(s.to_decide)
            .filter(|&i| s.count_at(i) > 0)
            .collect();
        while !pits.is_empty() {
            let i = pits.swap_remove(lot.below(pits.len()));
            if move_ends(s, s.to_decide, b.slot_of[i] as usize) {
                return Some(Some(Decision::Sow(b.pit(i))));
            }
        }
        Some(None)
    }

    type Flight = (Sowing, AnywoliMove);
    fn take_off(s: &mut GameState, d: &Decision, rec: Recorder) -> Result<Self::Flight, Recorder> {
        let me = s.to_decide;
        let slot = start_slot(s, me, d).expect("checked");
        Ok((begin(s, me, slot, rec), AnywoliMove::default()))
    }
    #[inline]
    fn fly((sowing, rules): &mut Self::Flight, max_laps: u64) -> MoveEnd {
        sowing.run(rules, max_laps)
    }
    fn laps((sowing, _): &Self::Flight) -> u64 {
        sowing.laps
    }
    fn take_recorder((sowing, _): &mut Self::Flight) -> Recorder {
        std::mem::replace(&mut sowing.rec, Recorder::new(false))
    }
    /// A move that never ends is refused (the state is unchanged).
    fn land(
        s: &mut GameState,
        f: &mut Self::Flight,
        end: MoveEnd,
        d: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)> {
        if end == MoveEnd::NeverEnding {
            return Err((never_ends(d), Self::take_recorder(f)));
        }
        let (sowing, rules) = f;
        Ok(finish(s, sowing, rules))
    }
    /// A turn start on the circuit held apart.
    #[inline(always)]
    fn play_quiet(
        s: &mut GameState,
        d: &Decision,
        rec: &mut Recorder,
    ) -> Option<Result<(), RuleError>> {
        if !matches!(s.pending, Pending::Turn) {
            return None;
        }
        let slot = start_slot(s, s.to_decide, d)?;
        s.changed();
        Some(if play_quiet(s, slot, rec) {
            Ok(())
        } else {
            Err(never_ends(d))
        })
    }
}

/// The refusal of a move that never ends.
fn never_ends(d: &Decision) -> RuleError {
    RuleError::Illegal(format!("the move from {} never ends", notation::to_text(d)))
}

/// Carries out a move that ended; hands its recorder back.
fn finish(s: &mut GameState, sowing: &mut Sowing, rules: &AnywoliMove) -> Recorder {
    sowing.condense(0);
    s.seeds = sowing.seeds;
    s.changed();
    let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
    let turn = AnywoliTurn {
        last_capturer: rules.last_capturer,
        extra_turn: rules.extra_turn,
    };
    let outcome = Anywoli::end_of_turn(s, &turn, &mut rec);
    close_turn::<Anywoli>(s, &mut rec, outcome, rules.extra_turn, rules.captured);
    rec
}

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

/// Whether the move from slot `from` ends (is not never-ending). A move whose first
/// lap ends it is seen at once: fewer than 24 seeds drop once into each of the next
/// pits, so the last lands in a pit it has not touched before, which it makes 1 or
/// 4 exactly when that pit held 0 or 3 (what the lap captured on the way lies
/// elsewhere). Other moves are played out on the circuit held apart.
#[inline(always)]
pub(crate) fn move_ends(s: &GameState, p: Player, from: usize) -> bool {
    ends_in_one_lap(s, from) || move_ends_played_out(s, p, from)
}

/// [`move_ends`] for a move that does not end in its first lap: played out on the
/// circuit held apart (out of line, so that the quick answer inlines).
#[inline(never)]
fn move_ends_played_out(s: &GameState, p: Player, from: usize) -> bool {
    let mut m = QuietMove::<[u8; LEN]>::of(s, p);
    m.laps(from, u64::MAX) != MoveEnd::NeverEnding
}

/// [`move_ends`]'s quick answer: the move from `from` (a pit with seeds) ends in its
/// first lap (false: it may still end later).
#[inline(always)]
fn ends_in_one_lap(s: &GameState, from: usize) -> bool {
    let n = s.seeds.pits[from] as usize;
    if n < LEN {
        let landing = if from + n >= LEN {
            from + n - LEN
        } else {
            from + n
        };
        matches!(s.seeds.pits[landing], 0 | 3)
    } else {
        false
    }
}

/// Anywoli's one circuit: every pit of the board.
const LEN: usize = 24;

/// A move played without events on the circuit held apart: the 24 pits, the stores
/// and what the move did. The pits are held as `C`: [`Lanes`] for a move that
/// is played (its circuit is written back and read a word at a time), bytes for one
/// only played out to see that it ends (see [`Circuit`]). No lane carries into the
/// next: the board holds 96 seeds.
pub(crate) struct QuietMove<C> {
    c: C,
    fours: Fours,
}

/// What a quiet move's fours do: the stores they fill and what the move did.
struct Fours {
    mover: Player,
    stores: [u32; 2],
    rules: AnywoliMove,
}

impl Fours {
    /// A capture of the four in position `pos` to `to`'s store.
    #[inline(always)]
    fn four(&mut self, c: &mut impl Circuit, pos: usize, to: Player) {
        c.empty(pos);
        self.stores[to as usize] += 4;
        self.rules.last_capturer = Some(to);
        self.rules.captured = true;
    }
}

/// Anywoli's laps as [`Sowing::run`] plays them with [`AnywoliMove`]: drop by drop,
/// fours taken on the way; a lap whose last seed makes four takes it for the mover,
/// who plays again; one that makes one ends the move.
impl<C: Circuit> QuietLaps<C> for Fours {
    #[inline(always)]
    fn lap(&mut self, c: &mut C, _: usize, from: usize, hand: usize) -> (usize, u8) {
        let mut pos = from;
        for _ in 1..hand {
            pos = if pos + 1 == LEN { 0 } else { pos + 1 };
            if c.drop_one(pos) == 4 {
                self.four(c, pos, owner(pos));
            }
        }
        pos = if pos + 1 == LEN { 0 } else { pos + 1 };
        (pos, c.drop_one(pos))
    }

    #[inline(always)]
    fn relays(&mut self, c: &mut C, landing: usize, count: u8) -> bool {
        match count {
            4 => {
                self.four(c, landing, self.mover);
                self.rules.extra_turn = true;
                false
            }
            1 => false,
            _ => true,
        }
    }
}

impl<C: Circuit> QuietMove<C> {
    #[inline(always)]
    fn of(s: &GameState, p: Player) -> QuietMove<C> {
        QuietMove {
            c: C::of(circuit(s)),
            fours: Fours {
                mover: p,
                stores: s.seeds.stores,
                rules: AnywoliMove::default(),
            },
        }
    }

    /// The laps of the move from position `from` ([`quiet_laps`]), giving up after
    /// `limit` laps.
    #[inline(always)]
    fn laps(&mut self, from: usize, limit: u64) -> MoveEnd {
        quiet_laps(&mut self.fours, &mut self.c, LEN, from, limit)
    }
}

/// A turn start played without events (search, playouts), exactly as [`begin`],
/// [`Sowing::run`] with [`AnywoliMove`] and the end of the turn play it, on the
/// circuit held apart; the state is written only when the move has ended. False for
/// a move that never ends (illegal: nothing changes); a move that search gives up
/// sets `cut_short` and changes nothing. `from`: a pit of the mover's row with seeds.
#[inline(always)]
pub(crate) fn play_quiet(s: &mut GameState, from: usize, rec: &mut Recorder) -> bool {
    let p = s.to_decide;
    let mut m = QuietMove::<Lanes<3>>::of(s, p);
    match m.laps(from, rec.lap_limit) {
        MoveEnd::NeverEnding => return false,
        // Search gave up on it after its lap limit.
        MoveEnd::Paused => {
            rec.cut_short = true;
            return true;
        }
        MoveEnd::Landed(_) => {}
        MoveEnd::AskDirection => unreachable!("no direction choice in Anywoli"),
    }
    m.c.write_to(&mut s.seeds.pits);
    s.seeds.stores = m.fours.stores;
    s.changed();
    let turn = AnywoliTurn {
        last_capturer: m.fours.rules.last_capturer,
        extra_turn: m.fours.rules.extra_turn,
    };
    let outcome = end_of_turn(s, &turn, rec);
    close_turn_inline::<Anywoli>(
        s,
        rec,
        outcome,
        m.fours.rules.extra_turn,
        m.fours.rules.captured,
    );
    true
}

/// Any pit of the player's own row holding seeds, unless its move never ends.
pub(crate) fn turn_starts(s: &GameState, p: Player, out: &mut Vec<Decision>) {
    // Only the pits with seeds are visited, as bits of their slot. The circuit runs
    // from (1,0) along South's row and back along North's, so South's pits in grid
    // order are slots 0 to 11 rising and North's slots 23 down to 12 (a unit test
    // checks this against the board).
    let pit_of_slot = &s.board.pit_of_slot[..];
    // Gathered first, then written in one go (as Omweso's `turn_starts`: a push a
    // decision stalled on copying it from the stack).
    let mut pits = [Pit::new(0, 0); LEN / 2];
    let mut count = 0;
    let mut sow = |slot: usize| {
        if move_ends(s, p, slot) {
            pits[count] = pit_of_slot[slot];
            count += 1;
        }
    };
    let occupied = occupied_bits(circuit(s));
    match p {
        Player::South => {
            let mut bits = occupied & 0xFFF;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                sow(slot);
            }
        }
        Player::North => {
            let mut bits = occupied & 0xFF_F000;
            while bits != 0 {
                let slot = 31 - bits.leading_zeros() as usize;
                bits &= !(1 << slot);
                sow(slot);
            }
        }
    }
    out.extend(pits[..count].iter().map(|&pit| Decision::Sow(pit)));
}

/// The slots of the circuit that hold seeds, as bits: each word of 8 slots made into
/// a byte by one multiplication. (`Seeds::occupied_bits` gathers the same as a
/// `u128` for any range; on this fixed 24-slot array the listing takes 11
/// instructions fewer.)
#[inline(always)]
fn occupied_bits(c: &[u8; LEN]) -> u32 {
    let mut bits = 0;
    for (i, word) in c.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().expect("8 slots"));
        bits |= byte_bits(nonzero_bytes(w)) << (8 * i);
    }
    bits
}

/// The board's pits: Anywoli's one circuit.
#[inline(always)]
fn circuit(s: &GameState) -> &[u8; LEN] {
    s.seeds.pits[..LEN].try_into().expect("Anywoli's board")
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
    // First the quick answer for every pit, so that a move is played out only when
    // no pit's move ends in its first lap.
    s.board
        .own_slots(p)
        .any(|k| s.seeds.pits[k] > 0 && ends_in_one_lap(s, k))
        || can_move_played_out(s, p)
}

/// [`can_move`] when no pit's move ends in its first lap: the moves played out
/// (rare; out of line, so that the turn's close stays small where it is inlined).
#[cold]
#[inline(never)]
fn can_move_played_out(s: &GameState, p: Player) -> bool {
    s.board
        .own_slots(p)
        .any(|k| s.seeds.pits[k] > 0 && move_ends(s, p, k))
}

/// What an Anywoli move did, for the end of the turn.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AnywoliTurn {
    /// Who received the most recent capture of the move.
    pub(crate) last_capturer: Option<Player>,
    /// The move's last seed made four (the mover plays again).
    pub(crate) extra_turn: bool,
}

/// After the move: the flags of its captures and the end checks (before an extra
/// turn or the next player).
pub(crate) fn end_of_turn(
    s: &mut GameState,
    turn: &AnywoliTurn,
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
#[inline(always)]
fn end_of_game(s: &mut GameState, rec: &mut Recorder) -> Option<Outcome> {
    let on_board = s.seeds.sum(0..Anywoli::board_len(s));
    if on_board == 0 || on_board == 4 {
        return Some(board_played_out(s, rec, on_board));
    }
    let half = Anywoli::total_seeds(s.options.width) / 2;
    if s.options.stop_when_decided && s.seeds.stores.iter().any(|&n| n > half) {
        return Some(by_stores(s, EndReason::Decided));
    }
    None
}

/// The end with no seeds or the last four on the board (once a game: out of line, so
/// that the check every turn stays small).
#[cold]
#[inline(never)]
fn board_played_out(s: &mut GameState, rec: &mut Recorder, on_board: u32) -> Outcome {
    if on_board == 0 {
        by_stores(s, EndReason::BoardEmpty)
    } else {
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
        by_stores(s, EndReason::LastFour)
    }
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

#[cfg(test)]
mod tests {
    use super::{LEN, occupied_bits};
    use crate::rules::{Game, GameState, Options, Player};

    #[test]
    fn own_pits_in_grid_order_are_the_slots_the_listing_visits() {
        let s = GameState::new(Game::Anywoli, Options::default()).unwrap();
        let grid = &s.board.own_in_grid_order;
        let south: Vec<u8> = (0..12).collect();
        let north: Vec<u8> = (12..24).rev().collect();
        assert_eq!(grid[Player::South as usize], south);
        assert_eq!(grid[Player::North as usize], north);
    }

    #[test]
    fn occupied_bits_are_the_slots_with_seeds() {
        let mut lot = crate::rules::Lot(5);
        for _ in 0..20_000 {
            let c: [u8; LEN] = lot.counts(5, 3);
            let one_by_one = (0..LEN).fold(0u32, |m, k| m | ((c[k] > 0) as u32) << k);
            assert_eq!(occupied_bits(&c), one_by_one, "{c:?}");
        }
    }
}
