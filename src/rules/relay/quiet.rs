//! The relay games' turns without events, the quiet path of search and playouts: the
//! mover's circuit held as byte lanes in registers, sown and relayed a lap at a time,
//! with the same cycle finding as the recorded path, which the tests play it against.

use super::*;
use crate::rules::lanes::Lanes;

/// Plays `d` as [`play_quiet`] if it is a legal turn start; false (and nothing
/// changed) if it is not.
#[inline(always)]
pub(crate) fn play_quiet_if_legal<R: Relay>(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> bool {
    let Some(slot) = legal_start_slot::<R>(s, d) else {
        return false;
    };
    R::play_quiet_from(s, slot, rec);
    true
}

/// The longest circuit (Nsolo 4 x 36), which a quiet move holds apart.
pub(super) const WINDOW: usize = 72;

/// A turn start from `slot` (checked) played without events (search, playouts),
/// exactly as [`Sowing::run`] with [`RelayUntilEmpty`] and [`finish`] play it, on the
/// mover's circuit (`len` pits) held apart in a window of `W` slots from his first:
/// his circuit, then slots that the move leaves as they are (`W` at most 72, and his
/// first slot + 72 <= 144 slots). Only his circuit changes until the move is over, so
/// the state's seeds are written only when it has ended: a never-ending move, or one
/// that search gives up, leaves them as they lie. Each game chooses its window
/// ([`Relay::play_quiet_from`]): one just large enough for its board, so that the
/// loop has a copy for each (a window chosen by the length alone gave Nsolo's other
/// widths a third copy, 6 instructions a move more on 4 x 8).
#[inline(always)]
pub(super) fn play_quiet_in<R: Relay, const W: usize>(
    s: &mut GameState,
    slot: usize,
    len: usize,
    rec: &mut Recorder,
) {
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    debug_assert!(<R as Rules>::circuit_len(s) == len && len <= W && W <= WINDOW);
    let mut c: [u8; W] = s.seeds.pits[base..base + W]
        .try_into()
        .expect("a window of the board");
    s.changed();
    match relay_laps(&mut c, len, slot - base, rec.lap_limit) {
        MoveEnd::Landed(landing) => {
            s.seeds.pits[base..base + W].copy_from_slice(&c);
            R::land(s, landing, rec);
        }
        MoveEnd::NeverEnding => {
            let outcome = <R as Rules>::on_never_ending(s)
                .expect("the relay games end on a never-ending move");
            finish_game(s, outcome, rec);
        }
        // Search gave up on it after its lap limit.
        MoveEnd::Paused => rec.cut_short = true,
        MoveEnd::AskDirection => unreachable!("no direction choice in the relay games"),
    }
}

/// The laps of a relay move from position `from` of a circuit of `len` pits, as
/// [`Sowing::run`] plays them with [`RelayUntilEmpty`], with the same cycle finding
/// (Brent's, on the lap-start states; only the circuit, the hand and the lap start
/// change, and after a relay the lap start is the origin), giving up after `limit`
/// laps.
#[inline(always)]
fn relay_laps<const W: usize>(c: &mut [u8; W], len: usize, mut from: usize, limit: u64) -> MoveEnd {
    // Hawalis's and Nsolo 4 x 8's windows in one register, Bao Kigogo's in two.
    if W == 16 {
        return relay_laps_in::<2>(c, len, from, limit);
    }
    if W == 24 {
        return relay_laps_in::<3>(c, len, from, limit);
    }
    let mut hand = c[from] as u32;
    c[from] = 0;
    let mut laps = 0u64;
    let mut cycle = Cycle::new([0u8; W]);
    loop {
        let landing = sow_lap(&mut c[..len], from, hand, Direction::Ccw);
        laps += 1;
        let n = c[landing];
        if n == 1 {
            return MoveEnd::Landed(landing);
        }
        hand = n as u32;
        c[landing] = 0;
        from = landing;
        // The slots of the window past the circuit never change.
        if cycle.repeats((hand as u64) << 32 | from as u64, c) {
            return MoveEnd::NeverEnding;
        }
        if laps >= limit {
            return MoveEnd::Paused;
        }
    }
}

/// [`relay_laps`] on a window held in registers as [`Lanes`] (Hawalis's 14-pit
/// circuit and Nsolo's 16 in 2 words, Bao Kigogo's 24 in 3): a lap is adds of lane
/// masks, the landing pit's count a shift. No loop over the run and no branch on
/// whether it wraps. The lanes past `len` are left as they are.
#[inline(always)]
fn relay_laps_in<const L: usize>(
    window: &mut [u8],
    len: usize,
    from: usize,
    limit: u64,
) -> MoveEnd {
    let mut v = Lanes::<L>::of(window);
    let end = relay_laps_on(&mut v, len, from, limit);
    v.write_to(window);
    end
}

/// The laps of [`relay_laps_in`]: the same rule as [`relay_laps`]' loop over bytes,
/// which the tests play it against.
#[inline(always)]
fn relay_laps_on<const L: usize>(
    v: &mut Lanes<L>,
    len: usize,
    mut from: usize,
    limit: u64,
) -> MoveEnd {
    debug_assert!(len >= 1 && len <= Lanes::<L>::LEN && from < len);
    let mut hand = v.at(from) as usize;
    *v = v.lift(from);
    let mut laps = 0u64;
    let mut cycle = Cycle::new(*v);
    loop {
        // Whole rounds (rare), then 1..=len seeds into positions start.., wrapping.
        while hand > len {
            *v = v.plus(&Lanes::below(len));
            hand -= len;
        }
        let start = if from + 1 == len { 0 } else { from + 1 };
        let stop = start + hand;
        let wraps = stop > len;
        let wrapped = if wraps { stop - len } else { 0 };
        *v = v
            .plus_run(start, stop - wrapped)
            .plus(&Lanes::below(wrapped));
        let landing = if wraps { wrapped - 1 } else { stop - 1 };
        laps += 1;
        let n = v.at(landing);
        if n == 1 {
            return MoveEnd::Landed(landing);
        }
        hand = n as usize;
        *v = v.lift(landing);
        from = landing;
        if cycle.repeats((hand as u64) << 32 | from as u64, v) {
            return MoveEnd::NeverEnding;
        }
        if laps >= limit {
            return MoveEnd::Paused;
        }
    }
}
