//! The relay games' turns without events, the quiet path of search and playouts: the
//! mover's circuit held as byte lanes in registers, sown and relayed a lap at a time,
//! with the same cycle finding as the recorded path, which the tests play it against.

use super::*;

/// Plays `d` as [`play_quiet`] if it is a legal turn start; false (and nothing
/// changed) if it is not.
#[inline(always)]
pub(crate) fn play_quiet_if_legal<R: Rules>(
    s: &mut GameState,
    d: &Decision,
    rec: &mut Recorder,
) -> bool {
    let Some(slot) = legal_start_slot::<R>(s, d) else {
        return false;
    };
    play_quiet::<R>(s, slot, rec);
    true
}

/// The longest circuit (Nsolo 4 x 36), which a quiet move holds apart.
const WINDOW: usize = 72;

/// How a quiet move ended.
enum QuietEnd {
    Landed(usize),
    NeverEnding,
    /// Search gave up on it after its lap limit.
    Paused,
}

/// A turn start played without events (search, playouts), exactly as [`begin`],
/// [`Sowing::run`] with [`RelayUntilEmpty`] and [`finish`] play it, on the mover's
/// circuit held apart (only his circuit changes until the move is over); the state's
/// seeds are written only when it has ended, so a never-ending move, or one that
/// search gives up, leaves them as they lie. `slot`: a checked turn start.
fn play_quiet<R: Rules>(s: &mut GameState, slot: usize, rec: &mut Recorder) {
    // The circuit held apart in a window just large enough for Hawalis (14 pits),
    // Bao Kigogo (24) and Nsolo's usual 4 x 8 board (16). (A window chosen by the
    // length alone gave Nsolo's other widths a third copy, 6 instructions a move
    // more on 4 x 8.)
    let len = R::circuit_len(s);
    match R::GAME {
        Game::Hawalis => play_quiet_in::<R, 16>(s, slot, len, rec),
        Game::BaoKigogo => play_quiet_in::<R, 24>(s, slot, len, rec),
        _ if len == 16 => play_quiet_in::<R, 16>(s, slot, len, rec),
        _ => play_quiet_in::<R, WINDOW>(s, slot, len, rec),
    }
}

/// [`play_quiet`] with the mover's circuit (`len` pits) in a window of `W` slots from
/// his first: his circuit, then slots that the move leaves as they are (`W` at most
/// 72, and his first slot + 72 <= 144 slots).
#[inline(always)]
fn play_quiet_in<R: Rules, const W: usize>(
    s: &mut GameState,
    slot: usize,
    len: usize,
    rec: &mut Recorder,
) {
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    debug_assert!(R::circuit_len(s) == len && len <= W && W <= WINDOW);
    let mut c: [u8; W] = s.seeds.pits[base..base + W]
        .try_into()
        .expect("a window of the board");
    s.changed();
    match relay_laps(&mut c, len, slot - base, rec.lap_limit) {
        QuietEnd::Landed(landing) => {
            s.seeds.pits[base..base + W].copy_from_slice(&c);
            land::<R>(s, landing, rec);
        }
        QuietEnd::NeverEnding => {
            let outcome =
                R::on_never_ending(s).expect("the relay games end on a never-ending move");
            finish_game(s, outcome, rec);
        }
        QuietEnd::Paused => rec.cut_short = true,
    }
}

/// The laps of a relay move from position `from` of a circuit of `len` pits, as
/// [`Sowing::run`] plays them with [`RelayUntilEmpty`], with the same cycle finding
/// (Brent's, on the lap-start states; only the circuit, the hand and the lap start
/// change, and after a relay the lap start is the origin), giving up after `limit`
/// laps.
#[inline(always)]
fn relay_laps<const W: usize>(
    c: &mut [u8; W],
    len: usize,
    mut from: usize,
    limit: u64,
) -> QuietEnd {
    // Hawalis's and Nsolo 4 x 8's windows in one register, Bao Kigogo's in two.
    if let Ok(window) = <&mut [u8; 16]>::try_from(&mut c[..]) {
        let mut lanes = u128::from_le_bytes(*window);
        let end = relay_laps_in(&mut lanes, len, from, limit);
        *window = lanes.to_le_bytes();
        return end;
    }
    if let Ok(window) = <&mut [u8; 24]>::try_from(&mut c[..]) {
        let mut wide = [0u8; 32];
        wide[..24].copy_from_slice(window);
        let mut lanes = Lanes32::of(&wide);
        let end = relay_laps_in(&mut lanes, len, from, limit);
        window.copy_from_slice(&lanes.bytes()[..24]);
        return end;
    }
    let mut hand = c[from] as u32;
    c[from] = 0;
    let mut laps = 0u64;
    let mut saved = [0u8; W];
    let (mut saved_key, mut clock) = (u64::MAX, BrentClock::START);
    loop {
        let landing = sow_lap(&mut c[..len], from, hand, Direction::Ccw);
        laps += 1;
        let n = c[landing];
        if n == 1 {
            return QuietEnd::Landed(landing);
        }
        hand = n as u32;
        c[landing] = 0;
        from = landing;
        let key = (hand as u64) << 32 | from as u64;
        if key == saved_key && saved[..len] == c[..len] {
            return QuietEnd::NeverEnding;
        }
        if clock.tick() {
            saved = *c;
            saved_key = key;
        }
        if laps >= limit {
            return QuietEnd::Paused;
        }
    }
}

/// [`relay_laps`] on a window held in registers as byte lanes (Hawalis's 14-pit
/// circuit and Nsolo's 16 in a `u128`, Bao Kigogo's 24 in a [`Lanes32`]): a lap is
/// adds of lane masks, the landing pit's count a shift. No loop over the run, no
/// branch on whether it wraps (coin tosses the predictor lost), and no byte of the
/// circuit read back from memory just after the lap's wide store (which waits for
/// the store). The lanes past `len` are left as they are.
#[inline(always)]
fn relay_laps_in<L: Lanes>(v: &mut L, len: usize, mut from: usize, limit: u64) -> QuietEnd {
    debug_assert!(len >= 1 && len <= L::LANES && from < len);
    let mut hand = v.lane(from) as usize;
    *v = v.lift(from);
    let mut laps = 0u64;
    let (mut saved, mut saved_key, mut clock) = (*v, u64::MAX, BrentClock::START);
    loop {
        // Whole rounds (rare), then 1..=len seeds into positions start.., wrapping.
        while hand > len {
            *v = v.plus(L::below(len));
            hand -= len;
        }
        let start = if from + 1 == len { 0 } else { from + 1 };
        let stop = start + hand;
        let wraps = stop > len;
        let wrapped = if wraps { stop - len } else { 0 };
        *v = v.plus_run(start, stop - wrapped).plus(L::below(wrapped));
        let landing = if wraps { wrapped - 1 } else { stop - 1 };
        laps += 1;
        let n = v.lane(landing);
        if n == 1 {
            return QuietEnd::Landed(landing);
        }
        hand = n as usize;
        *v = v.lift(landing);
        from = landing;
        let key = (hand as u64) << 32 | from as u64;
        if key == saved_key && *v == saved {
            return QuietEnd::NeverEnding;
        }
        if clock.tick() {
            (saved, saved_key) = (*v, key);
        }
        if laps >= limit {
            return QuietEnd::Paused;
        }
    }
}

/// A window of pits as byte lanes in registers, for [`relay_laps_in`]. No lane ever
/// carries into the next: a circuit holds at most 255 seeds.
pub(super) trait Lanes: Copy + PartialEq {
    /// Lanes in the window.
    const LANES: usize;
    /// One seed in each lane below `n` (`n` at most [`Lanes::LANES`]).
    fn below(n: usize) -> Self;
    /// Lane by lane sum.
    fn plus(self, other: Self) -> Self;
    /// One more seed in each lane of `start..stop` (`start <= stop`).
    fn plus_run(self, start: usize, stop: usize) -> Self;
    /// The count of lane `k`.
    fn lane(self, k: usize) -> u8;
    /// Lane `k` emptied.
    fn lift(self, k: usize) -> Self;
}

/// One seed in each of the lanes below `n` of 16, at index `n` (0..=16).
const LANES_BELOW: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut n = 1;
    while n <= 16 {
        t[n] = t[n - 1] | 1 << (8 * (n - 1));
        n += 1;
    }
    t
};

impl Lanes for u128 {
    const LANES: usize = 16;

    #[inline(always)]
    fn below(n: usize) -> u128 {
        LANES_BELOW[n]
    }

    #[inline(always)]
    fn plus(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }

    #[inline(always)]
    fn plus_run(self, start: usize, stop: usize) -> u128 {
        // The lanes below `stop` hold those below `start`: no borrow.
        self.wrapping_add(LANES_BELOW[stop] - LANES_BELOW[start])
    }

    #[inline(always)]
    fn lane(self, k: usize) -> u8 {
        // From the lane's 64-bit half: a 128-bit shift by a variable takes several
        // steps and a select.
        let half = if k < 8 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        (half >> (8 * (k & 7))) as u8
    }

    #[inline(always)]
    fn lift(self, k: usize) -> u128 {
        self & LIFT_MASK[k & 15]
    }
}

/// Every lane of 16 but lane `k` (at index `k`): a mask read rather than a 128-bit
/// shift by a variable.
const LIFT_MASK: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = !(0xFF << (8 * k));
        k += 1;
    }
    t
};

/// 32 byte lanes in two registers: lanes 0..16, then 16..32.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Lanes32 {
    lo: u128,
    hi: u128,
}

impl Lanes32 {
    /// 32 pits as lanes.
    #[inline(always)]
    pub(super) fn of(pits: &[u8; 32]) -> Lanes32 {
        let half = |k: usize| u128::from_le_bytes(pits[k..k + 16].try_into().expect("16"));
        Lanes32 {
            lo: half(0),
            hi: half(16),
        }
    }

    /// The lanes as 32 pits.
    #[inline(always)]
    pub(super) fn bytes(self) -> [u8; 32] {
        let mut out = [0; 32];
        out[..16].copy_from_slice(&self.lo.to_le_bytes());
        out[16..].copy_from_slice(&self.hi.to_le_bytes());
        out
    }
}

/// [`LANES_BELOW`] for 32 lanes (0..=32).
const LANES32_BELOW: [Lanes32; 33] = {
    let mut t = [Lanes32 { lo: 0, hi: 0 }; 33];
    let mut n = 0;
    while n <= 32 {
        t[n] = Lanes32 {
            lo: LANES_BELOW[if n < 16 { n } else { 16 }],
            hi: LANES_BELOW[n.saturating_sub(16)],
        };
        n += 1;
    }
    t
};

impl Lanes for Lanes32 {
    const LANES: usize = 32;

    #[inline(always)]
    fn below(n: usize) -> Lanes32 {
        LANES32_BELOW[n]
    }

    #[inline(always)]
    fn plus(self, other: Lanes32) -> Lanes32 {
        Lanes32 {
            lo: self.lo.wrapping_add(other.lo),
            hi: self.hi.wrapping_add(other.hi),
        }
    }

    #[inline(always)]
    fn plus_run(self, start: usize, stop: usize) -> Lanes32 {
        let (a, b) = (Lanes32::below(start), Lanes32::below(stop));
        Lanes32 {
            lo: self.lo.wrapping_add(b.lo - a.lo),
            hi: self.hi.wrapping_add(b.hi - a.hi),
        }
    }

    #[inline(always)]
    fn lane(self, k: usize) -> u8 {
        let half = std::hint::select_unpredictable(k < 16, self.lo, self.hi);
        half.lane(k & 15)
    }

    #[inline(always)]
    fn lift(self, k: usize) -> Lanes32 {
        let mask = LIFT_MASK[k & 15];
        let low = k < 16;
        Lanes32 {
            lo: self.lo & std::hint::select_unpredictable(low, mask, !0),
            hi: self.hi & std::hint::select_unpredictable(low, !0, mask),
        }
    }
}
