//! Omweso's laps without events, the quiet path of search and playouts: the two
//! circuits as byte words, sown a lap at a time, with the same captures, relays and
//! cycle finding as the recorded path ([`crate::rules::sowing::Sowing`]), which the
//! tests play them against.

use super::*;
use crate::rules::lanes::{Lanes, lanes16};
use crate::rules::sowing::{Laps, lap_loop};

/// The course of an Omweso move.
pub(crate) struct OmwesoMove {
    pub(super) may_capture: bool,
    /// Bit c set: captured from the opponent's column c this turn.
    pub(crate) columns: u32,
}

impl MoveRules for OmwesoMove {
    #[inline(always)]
    fn lap_end(&mut self, s: &mut Sowing, landing: usize) -> LapEnd {
        if s.at(landing) == 1 {
            return LapEnd::Stop; // the pit was empty: the turn ends
        }
        if self.may_capture
            && let Some((front, back)) = capture_at(s.board, &s.seeds.pits, s.player, landing)
        {
            self.columns |= 1 << s.board.pit_of_slot[front].col;
            s.capture(front, CaptureTo::Hand);
            s.capture(back, CaptureTo::Hand);
            return LapEnd::SowFromOrigin; // sown again after the capturing lap's origin
        }
        LapEnd::Relay
    }

    #[inline(always)]
    fn offers_direction(&self, s: &Sowing) -> bool {
        self.may_capture
            && leftmost_four(s.from)
            && cw_captures(s.board, &s.seeds, s.player, s.from, s.seeds.hand, false)
    }

    const QUIET_LAPS: bool = true;

    /// The laps that are not reported, with both circuits held apart as 16 bytes
    /// each: a lap is one vector add of a prepared run, a pit one byte. The same
    /// rules as [`OmwesoMove::lap_end`] and [`OmwesoMove::offers_direction`], lap for
    /// lap; the choice between a capture and a relay is made without a branch (which
    /// one comes next is anyone's guess).
    fn quiet_laps(&mut self, s: &mut Sowing, cycle: &mut Brent, stop_at: u64) -> MoveEnd {
        let mine = s.base;
        let theirs = s.board.base[s.player.opponent() as usize];
        let mut at = Circuits {
            me: sixteen(&s.seeds.pits, mine),
            opp: sixteen(&s.seeds.pits, theirs),
            hand: s.seeds.hand,
            from: s.from,
            origin: s.origin,
            dir: s.dir,
            laps: s.laps,
        };
        let mut saved = Saved {
            saved: [sixteen(&cycle.saved, mine), sixteen(&cycle.saved, theirs)],
            key: cycle.key,
            clock: cycle.clock,
        };
        let south = s.player == Player::South;
        let end = laps16(&mut at, &mut saved, self, south, stop_at);
        s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
        s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
        (s.seeds.hand, s.from, s.origin, s.dir, s.laps) =
            (at.hand, at.from, at.origin, at.dir, at.laps);
        cycle.saved[mine..mine + LEN].copy_from_slice(&saved.saved[0]);
        cycle.saved[theirs..theirs + LEN].copy_from_slice(&saved.saved[1]);
        (cycle.key, cycle.clock) = (saved.key, saved.clock);
        end
    }
}

/// 16 pits of a player's circuit from slot `at`.
#[inline(always)]
pub(super) fn sixteen(pits: &[u8; MAX_PITS], at: usize) -> [u8; LEN] {
    pits[at..at + LEN].try_into().expect("16 pits")
}

/// `circuit` with the pit at `pos` emptied, as one vector and.
#[inline(always)]
pub(super) fn lifted(circuit: &[u8; LEN], pos: usize) -> [u8; LEN] {
    // One vector and, kept in a vector register. Written with `array::from_fn`, the
    // compiler called it out of line; as a `u128` and, it stored the two halves
    // apart, and the lap loop's 16-byte read of them stalled.
    let mut out = *circuit;
    for (n, keep) in out.iter_mut().zip(&KEEP[pos & 15]) {
        *n &= keep;
    }
    out
}

/// A move between laps on the 4 x 8 board: both circuits held apart as 16 bytes each
/// (the mover's, then the opponent's, each from its own position 0), the hand, where
/// the next lap starts, the origin, the direction and the laps played.
pub(crate) struct Circuits {
    pub(crate) me: [u8; LEN],
    pub(crate) opp: [u8; LEN],
    pub(crate) hand: u32,
    pub(crate) from: usize,
    pub(crate) origin: usize,
    pub(crate) dir: Direction,
    pub(crate) laps: u64,
}

/// The cycle finder ([`Cycle`]) in the form of [`Circuits`]: the mover's circuit,
/// then the opponent's.
pub(crate) type Saved = Cycle<[[u8; LEN]; 2]>;

/// Nothing saved yet (a move's start).
pub(crate) const NOTHING_SAVED: Saved = Cycle::new([[0; LEN]; 2]);

/// Laps after which a move counts as long ([`long_laps`] plays the rest).
const SHORT_LAPS: u64 = 64;

/// Plays the laps that are not reported, exactly as [`Sowing::run`] would with
/// [`OmwesoMove`]'s rules, until the move ends, asks for a direction, never ends or
/// reaches lap `stop_at` ([`MoveEnd::Paused`]). A lap is one vector add of a prepared
/// run, a pit one byte. The first [`SHORT_LAPS`] laps of a call go by [`short_laps`]
/// (most moves end within three), the rest by [`long_laps`]. `south`: the mover is
/// South (the numbering of the captured columns).
#[inline(always)]
pub(crate) fn laps16(
    at: &mut Circuits,
    saved: &mut Saved,
    rules: &mut OmwesoMove,
    south: bool,
    stop_at: u64,
) -> MoveEnd {
    let short_stop = stop_at.min(at.laps.saturating_add(SHORT_LAPS));
    let end = short_laps(at, saved, rules, south, short_stop);
    if end == MoveEnd::Paused && at.laps < stop_at {
        // By value, so that the move's state stays in registers on the short way.
        let long = (Circuits { ..*at }, *saved, OmwesoMove { ..*rules });
        let end;
        (end, *at, *saved, *rules) = long_laps(long, south, stop_at);
        return end;
    }
    end
}

/// [`laps16`] for the laps of a short move ([`ShortLaps`]), by [`lap_loop`].
#[inline(always)]
pub(super) fn short_laps(
    at: &mut Circuits,
    saved: &mut Saved,
    rules: &mut OmwesoMove,
    south: bool,
    stop_at: u64,
) -> MoveEnd {
    let mut short = ShortLaps {
        me: at.me,
        opp: at.opp,
        hand: at.hand,
        from: at.from,
        origin: at.origin,
        dir: at.dir,
        may_capture: rules.may_capture,
        columns: rules.columns,
        // The number of the captured column at position `pos`: `pos ^ column_flip`.
        column_flip: if south { 15 } else { 8 },
    };
    let (end, laps) = lap_loop(&mut short, saved, at.laps, stop_at);
    (at.me, at.opp) = (short.me, short.opp);
    (at.hand, at.from, at.origin, at.dir, at.laps) =
        (short.hand, short.from, short.origin, short.dir, laps);
    rules.columns = short.columns;
    end
}

/// A short move between laps: both circuits as 16 bytes, and a lap's choice between a
/// capture and a relay made without a branch (which one comes next is anyone's guess).
struct ShortLaps {
    me: [u8; LEN],
    opp: [u8; LEN],
    hand: u32,
    from: usize,
    origin: usize,
    dir: Direction,
    may_capture: bool,
    columns: u32,
    column_flip: usize,
}

impl Laps for ShortLaps {
    type Circuits = [[u8; LEN]; 2];

    #[inline(always)]
    fn lap(&mut self, _: u64) -> Option<MoveEnd> {
        // One lap: `rounds` seeds into every pit, then a run of 1..=16.
        let rounds = (self.hand - 1) >> 4;
        let (landing, fill) = lap_fill(self.from, self.hand, self.dir);
        // The landing pit's count from before the adds (the run always reaches it):
        // read after them, it would wait for the adds to be stored.
        let count = self.me[landing].wrapping_add((rounds as u8).wrapping_add(1));
        if rounds > 0 {
            self.me = add16(self.me, [rounds as u8; LEN]);
        }
        self.me = add16(self.me, FILLS[fill]);
        if count == 1 {
            self.hand = 0;
            return Some(MoveEnd::Landed(landing)); // the pit was empty: the turn ends
        }
        // A capture empties both facing pits and leaves the landing pit; a relay
        // lifts the landing pit. Either way one and of each circuit with a mask from
        // a table, so that no branch waits on which (anyone's guess).
        let (front, back) = facing(landing);
        let capture = self.may_capture & captures(landing, self.opp[front], self.opp[back]);
        self.me = and16(self.me, LAP_MASKS[(capture as usize) << 4 | landing][0]);
        let taken;
        (self.opp, taken, self.columns) =
            take_facing(self.opp, landing, capture, self.columns, self.column_flip);
        self.hand = if capture { taken } else { count as u32 };
        self.origin = if capture { self.origin } else { landing };
        self.from = self.origin;
        self.dir = Direction::Ccw;
        // Would a clockwise lap from here be a direct capture? Worked out whatever
        // the pit, as bits, so that the one branch is on the rare answer (the pit
        // being one of the leftmost four is a coin toss the predictor loses).
        let (l, rounds) = cw_landing(self.from, self.hand);
        let (lf, lb) = facing(l);
        let offer = self.may_capture as u32
            & leftmost_bit(self.from)
            & one_if_any(self.me[l] as u32 + rounds as u32)
            & capture_bit(l, self.opp[lf], self.opp[lb]);
        (offer != 0).then_some(MoveEnd::AskDirection)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        (self.hand as u64) << 32 | (self.from as u64) << 16 | (self.origin as u64) << 1
    }

    #[inline(always)]
    fn circuits(&self) -> Self::Circuits {
        [self.me, self.opp]
    }

    #[inline(always)]
    fn same(&self, saved: &Self::Circuits) -> bool {
        same_circuits([self.me, self.opp], *saved)
    }
}

/// Whether a lap start's two circuits are those saved: out of line, as its
/// caller looks only when the rest of the lap start matched (hardly ever).
#[cold]
#[inline(never)]
fn same_circuits(now: [[u8; LEN]; 2], saved: [[u8; LEN]; 2]) -> bool {
    now == saved
}

/// [`laps16`] for a long move, past its first [`SHORT_LAPS`] laps: the same laps,
/// lap for lap, in [`relay_laps`] where no capture can come (the usual long move)
/// and in [`any_long_laps`] otherwise.
pub(super) fn long_laps(
    move_now: (Circuits, Saved, OmwesoMove),
    south: bool,
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    // Where no capture is possible now none ever will be in this move (only a
    // capture changes the opponent's circuit): then only relays are left to play.
    let (at, _, rules) = &move_now;
    if at.dir == Direction::Ccw && (!rules.may_capture || capturing_bits(&at.opp) == 0) {
        relay_laps(move_now, stop_at)
    } else {
        any_long_laps(move_now, south, stop_at)
    }
}

/// [`long_laps`] where a capture may come (or the first lap goes clockwise), by
/// [`lap_loop`] with [`AnyLongLaps`].
#[inline(never)]
fn any_long_laps(
    (mut at, mut saved, mut rules): (Circuits, Saved, OmwesoMove),
    south: bool,
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    let mut long = AnyLongLaps {
        me: Lanes::<2>::of(&at.me),
        opp: at.opp,
        hand: at.hand,
        from: at.from,
        origin: at.origin,
        dir: at.dir,
        columns: rules.columns,
        capturing: if rules.may_capture {
            capturing_bits(&at.opp)
        } else {
            0
        },
        column_flip: if south { 15 } else { 8 },
    };
    let (end, laps) = lap_loop(&mut long, &mut saved, at.laps, stop_at);
    (at.me, at.opp) = (long.me.bytes::<LEN>(), long.opp);
    (at.hand, at.from, at.origin, at.dir, at.laps) =
        (long.hand, long.from, long.origin, long.dir, laps);
    rules.columns = long.columns;
    (end, at, saved, rules)
}

/// A long move between laps where a capture may come: a branch on a capture (in a
/// long move the laps are relays for millions of laps on end, and the predictor
/// learns that), and a direction offer looked at only while a capture is possible.
/// The mover's circuit is held in two words, a pit a byte (pits 0..8, then 8..16): a
/// lap's adds are two word adds, and a pit's count a shift, all in registers (a byte
/// read of a vector just stored waits for the store). No byte overflows: an Omweso
/// position holds 64 seeds.
struct AnyLongLaps {
    me: Lanes<2>,
    opp: [u8; LEN],
    hand: u32,
    from: usize,
    origin: usize,
    dir: Direction,
    columns: u32,
    /// The positions where a lap landing in an occupied pit captures, as bits.
    capturing: u32,
    column_flip: usize,
}

impl Laps for AnyLongLaps {
    type Circuits = [[u8; LEN]; 2];

    #[inline(always)]
    fn lap(&mut self, _: u64) -> Option<MoveEnd> {
        let rounds = (self.hand - 1) >> 4;
        let (landing, fill) = lap_fill(self.from, self.hand, self.dir);
        let count = self
            .me
            .at(landing)
            .wrapping_add((rounds as u8).wrapping_add(1));
        self.me = self.me.plus(&FILL_WORDS[fill]);
        if rounds > 0 {
            self.me = self.me.plus_each(rounds as u64);
        }
        if count == 1 {
            self.hand = 0;
            return Some(MoveEnd::Landed(landing));
        }
        if (self.capturing >> landing) & 1 != 0 {
            (self.hand, self.capturing, self.columns) = capture(
                &mut self.opp,
                landing,
                self.capturing,
                self.columns,
                self.column_flip,
            );
        } else {
            self.me = self.me.and(&KEEP_WORDS[landing]);
            self.hand = count as u32;
            self.origin = landing;
        }
        self.from = self.origin;
        self.dir = Direction::Ccw;
        if self.capturing != 0 {
            let (l, rounds) = cw_landing(self.from, self.hand);
            if leftmost_four(self.from)
                & ((self.capturing >> l) & 1 != 0)
                & (self.me.at(l) as usize + rounds > 0)
            {
                return Some(MoveEnd::AskDirection);
            }
        }
        None
    }

    /// The key of [`ShortLaps`], with `origin` = `from` (so after every lap).
    #[inline(always)]
    fn key(&self) -> u64 {
        ((self.hand as u64) << 32) | (self.from as u64 * 0x1_0002)
    }

    #[inline(always)]
    fn circuits(&self) -> Self::Circuits {
        [self.me.bytes::<LEN>(), self.opp]
    }

    #[inline(always)]
    fn same(&self, saved: &Self::Circuits) -> bool {
        self.me.bytes::<LEN>() == saved[0] && self.opp == saved[1]
    }
}

/// [`long_laps`] where no capture can come, counter-clockwise: relays until the
/// move ends, proves never-ending or reaches `stop_at`, by [`lap_loop`] with
/// [`RelayLaps`]. The opponent's circuit never changes here, so it is compared once,
/// on entry, with the one saved, and the cycle finder holds the mover's alone, with
/// the key `hand << 8 | from` (`from` is `origin` after every lap).
#[inline(never)]
fn relay_laps(
    (mut at, mut saved, rules): (Circuits, Saved, OmwesoMove),
    stop_at: u64,
) -> (MoveEnd, Circuits, Saved, OmwesoMove) {
    debug_assert!(at.from == at.origin && at.dir == Direction::Ccw);
    let (hand, from) = (at.hand as usize, at.from & 15);
    let mut relays = RelayLaps {
        me: Lanes::<2>::of(&at.me),
        hand,
        from,
        sum: from + hand,
    };
    // Never matched while nothing is saved, or while what is saved had another
    // opponent circuit.
    let mut mine = Cycle {
        saved: Lanes::<2>::of(&saved.saved[0]),
        key: if saved.key != u64::MAX && saved.saved[1] == at.opp {
            ((saved.key >> 32) << 8) | ((saved.key & 0xFFFF) >> 1)
        } else {
            u64::MAX
        },
        clock: saved.clock,
    };
    let (end, laps) = lap_loop(&mut relays, &mut mine, at.laps, stop_at);
    at.me = relays.me.bytes::<LEN>();
    (at.hand, at.from, at.origin, at.laps) = (relays.hand as u32, relays.from, relays.from, laps);
    if mine.key != u64::MAX {
        // In the long form: `hand << 32 | from << 16 | origin << 1`.
        saved.key = ((mine.key >> 8) << 32) | ((mine.key & 0xFF) * 0x1_0002);
        saved.saved = [mine.saved.bytes::<LEN>(), at.opp];
    }
    saved.clock = mine.clock;
    (end, at, saved, rules)
}

/// A long move between laps where no capture can come: the laps of [`AnyLongLaps`]
/// with less to look at. Whole rounds (a hand over 16) are a branch, rare in a long
/// relay, so that the laps' chain (hand, landing, count) is a few adds and one shift.
struct RelayLaps {
    me: Lanes<2>,
    hand: usize,
    from: usize,
    /// `from + hand` in its low 8 bits (higher ones are left as they come: the next
    /// one is the landing pit plus the word the count was shifted out of, so that the
    /// lap's chain is an add, a select and a shift).
    sum: usize,
}

impl Laps for RelayLaps {
    type Circuits = Lanes<2>;

    #[inline(always)]
    fn lap(&mut self, _: u64) -> Option<MoveEnd> {
        let landing = self.sum & 15;
        let word = if self.sum & 8 == 0 {
            self.me.0[0]
        } else {
            self.me.0[1]
        };
        let raw = word >> ((self.sum & 7) * 8);
        let mut count = (raw as u8).wrapping_add(1);
        self.sum = (landing + 1).wrapping_add(raw as usize);
        self.me = self.me.plus(&FILL_WORDS[self.from << 4 | landing]);
        if self.hand > LEN {
            let rounds = (self.hand - 1) >> 4;
            count = count.wrapping_add(rounds as u8);
            self.sum = self.sum.wrapping_add(rounds);
            self.me = self.me.plus_each(rounds as u64);
        }
        if count == 1 {
            self.hand = 0;
            return Some(MoveEnd::Landed(landing));
        }
        self.me = self.me.and(&KEEP_WORDS[landing]);
        self.hand = count as usize;
        self.from = landing;
        None
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        (self.hand as u64) << 8 | self.from as u64
    }

    #[inline(always)]
    fn circuits(&self) -> Lanes<2> {
        self.me
    }

    #[inline(always)]
    fn same(&self, saved: &Lanes<2>) -> bool {
        self.me.0 == saved.0
    }
}

/// [`long_laps`]'s capture at `pos` (the landing pit, which captures): empties the
/// two facing pits of `opp` and returns the seeds taken, and the capturing positions
/// and captured columns after it. Out of line, so that the relay's way round the
/// loop holds none of its work.
#[cold]
#[inline(never)]
fn capture(
    opp: &mut [u8; LEN],
    pos: usize,
    capturing: u32,
    columns: u32,
    column_flip: usize,
) -> (u32, u32, u32) {
    let (taken, columns_after);
    (*opp, taken, columns_after) = take_facing(*opp, pos, true, columns, column_flip);
    (taken, capturing & !(1 << pos), columns_after)
}

/// Omweso's capture on the quiet path, its one statement there (the recorded path's
/// is [`OmwesoMove::lap_end`]): when `capture`, a lap that ended at `pos` empties
/// the two opponent pits facing it, whose seeds are the new hand, and marks their
/// column as captured. Returns the opponent's circuit, the seeds taken (the facing
/// pits' seeds, whether or not they are taken) and the captured columns. Without a
/// branch: one and with a mask from a table, so that [`short_laps`] need not guess.
#[inline(always)]
fn take_facing(
    opp: [u8; LEN],
    pos: usize,
    capture: bool,
    columns: u32,
    column_flip: usize,
) -> ([u8; LEN], u32, u32) {
    let (front, back) = facing(pos);
    let taken = opp[front] as u32 + opp[back] as u32;
    let opp = and16(opp, LAP_MASKS[(capture as usize) << 4 | pos][1]);
    (
        opp,
        taken,
        columns | (capture as u32) << (pos ^ column_flip),
    )
}

/// Where a lap of `hand` seeds after position `from` in direction `dir` lands, and
/// the index in [`FILLS`] of the pits it fills (besides whole rounds). Worked out from
/// the hand in as few steps as can be: the next lap's count waits for them.
#[inline(always)]
fn lap_fill(from: usize, hand: u32, dir: Direction) -> (usize, usize) {
    match dir {
        Direction::Ccw => {
            let landing = (from + hand as usize) & 15;
            (landing, (from & 15) << 4 | landing)
        }
        Direction::Cw => {
            let landing = from.wrapping_sub(hand as usize) & 15;
            let (after, last) = (landing.wrapping_sub(1) & 15, from.wrapping_sub(1) & 15);
            (landing, after << 4 | last)
        }
    }
}

/// One seed in each pit after pit `after` up to pit `last`, round the circuit (all 16
/// when they are the same), at index `after << 4 | last`: a counter-clockwise lap
/// from `after` that lands at `last`, or a clockwise one from `last + 1` that lands at
/// `after + 1`.
const FILLS: [[u8; LEN]; LEN * LEN] = {
    let mut t = [[0u8; LEN]; LEN * LEN];
    let mut after = 0;
    while after < LEN {
        let mut last = 0;
        while last < LEN {
            let mut run = (last + LEN - after) % LEN;
            if run == 0 {
                run = LEN;
            }
            let mut k = 1;
            while k <= run {
                t[after * LEN + last][(after + k) % LEN] = 1;
                k += 1;
            }
            last += 1;
        }
        after += 1;
    }
    t
};

/// [`FILLS`] as words.
const FILL_WORDS: [Lanes<2>; LEN * LEN] = lanes16(&FILLS);

/// [`KEEP`] as words.
const KEEP_WORDS: [Lanes<2>; LEN] = lanes16(&KEEP);

/// Every lane but lane `i` set: `KEEP[i]` empties pit `i` of a circuit by an and.
const KEEP: [[u8; LEN]; LEN] = {
    let mut t = [[0xFF; LEN]; LEN];
    let mut i = 0;
    while i < LEN {
        t[i][i] = 0;
        i += 1;
    }
    t
};

/// Lane by lane sum of two circuits (one vector add).
#[inline(always)]
fn add16(a: [u8; LEN], b: [u8; LEN]) -> [u8; LEN] {
    std::array::from_fn(|i| a[i].wrapping_add(b[i]))
}

/// Lane by lane and of two circuits (one vector and).
#[inline(always)]
fn and16(a: [u8; LEN], b: [u8; LEN]) -> [u8; LEN] {
    std::array::from_fn(|i| a[i] & b[i])
}

/// [`laps16`]'s masks after a lap that lands at `pos` (an occupied pit), at index
/// `capture << 4 | pos`: the mover's circuit, then the opponent's. A relay lifts the
/// landing pit; a capture (possible only in the front row) empties both facing
/// opponent pits.
const LAP_MASKS: [[[u8; LEN]; 2]; 32] = {
    let mut t = [[[0xFF; LEN]; 2]; 32];
    let mut pos = 0;
    while pos < LEN {
        t[pos][0][pos] = 0;
        t[16 + pos][1][(23 - pos) & 15] = 0;
        t[16 + pos][1][pos.wrapping_sub(8) & 15] = 0;
        pos += 1;
    }
    t
};

/// The positions of the mover's circuit where a lap landing in an occupied pit
/// captures, as bits: his front row (8..16) facing two opponent pits that hold seeds.
fn capturing_bits(opp: &[u8; LEN]) -> u32 {
    (8..LEN)
        .filter(|&pos| {
            let (front, back) = facing(pos);
            captures(pos, opp[front], opp[back])
        })
        .fold(0, |bits, pos| bits | 1 << pos)
}
