//! A circuit as the lap loops hold it, and a lap sown on it. [`Lanes`] hold it as byte
//! lanes in registers: the form of every quiet lap loop (Omweso's, Anywoli's, the relay
//! games') and of the recorded path's 16-pit lap. [`Circuit`] is what the quiet loops
//! of Anywoli and the relay games are written over: lanes, or plain bytes where lanes
//! would not serve (a circuit longer than they hold, a move only played out to see
//! that it ends).
//!
//! Pit `k` is byte `k % 8` (little-endian) of word `k / 8`. A lap is then a few adds
//! of lane masks rather than a loop over its pits, and no lane ever carries into the
//! next: a circuit never holds more than 255 seeds, so a pit never holds 256.
//! `tests` below check every operation against the plain bytes it stands for.

use super::Direction;
use std::hint::select_unpredictable as select;

/// One seed in every lane of a word.
pub(crate) const EVERY_BYTE: u64 = 0x0101_0101_0101_0101;

/// The most lanes a [`Lanes`] holds (4 words).
const MAX_LANES: usize = 32;

/// `W` words of 8 byte lanes: a circuit of up to `8 * W` pits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lanes<const W: usize>(pub(crate) [u64; W]);

/// One seed in each lane below `n`, word by word, for `n` in `0..=32`: a table read
/// rather than shifts by a variable.
const BELOW: [[u64; 4]; MAX_LANES + 1] = {
    let mut t = [[0u64; 4]; MAX_LANES + 1];
    let mut n = 1;
    while n <= MAX_LANES {
        t[n] = t[n - 1];
        let k = n - 1;
        t[n][k / 8] |= 1 << (8 * (k % 8));
        n += 1;
    }
    t
};

impl<const W: usize> Lanes<W> {
    /// Lanes held.
    pub(crate) const LEN: usize = 8 * W;

    /// The first `8 * W` pits of `pits` (which holds at least that many).
    #[inline(always)]
    pub(crate) fn of(pits: &[u8]) -> Lanes<W> {
        Lanes(std::array::from_fn(|i| {
            u64::from_le_bytes(pits[8 * i..8 * i + 8].try_into().expect("8 pits"))
        }))
    }

    /// Writes the lanes into the first `8 * W` pits of `pits`.
    #[inline(always)]
    pub(crate) fn write_to(self, pits: &mut [u8]) {
        for (i, w) in self.0.into_iter().enumerate() {
            pits[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
        }
    }

    /// The lanes as `N` (= `8 * W`) pits.
    #[inline(always)]
    pub(crate) fn bytes<const N: usize>(self) -> [u8; N] {
        debug_assert_eq!(N, Self::LEN);
        let mut out = [0; N];
        self.write_to(&mut out);
        out
    }

    /// The word holding pit `k`, chosen without a branch.
    #[inline(always)]
    fn word(self, k: usize) -> u64 {
        let at = k / 8;
        let mut w = self.0[0];
        for j in 1..W {
            w = select(at == j, self.0[j], w);
        }
        w
    }

    /// The count of pit `k`.
    #[inline(always)]
    pub(crate) fn at(self, k: usize) -> u8 {
        (self.word(k) >> (8 * (k % 8))) as u8
    }

    /// Lane by lane sum.
    #[inline(always)]
    pub(crate) fn plus(self, other: &Lanes<W>) -> Lanes<W> {
        Lanes(std::array::from_fn(|j| self.0[j].wrapping_add(other.0[j])))
    }

    /// `n` more seeds in every pit.
    #[inline(always)]
    pub(crate) fn plus_each(self, n: u64) -> Lanes<W> {
        let each = n.wrapping_mul(EVERY_BYTE);
        Lanes(self.0.map(|w| w.wrapping_add(each)))
    }

    /// Lane by lane `and`.
    #[inline(always)]
    pub(crate) fn and(self, mask: &Lanes<W>) -> Lanes<W> {
        Lanes(std::array::from_fn(|j| self.0[j] & mask.0[j]))
    }

    /// One seed in each pit below `n` (`n` at most [`Lanes::LEN`]).
    #[inline(always)]
    pub(crate) fn below(n: usize) -> Lanes<W> {
        let t = &BELOW[n];
        Lanes(std::array::from_fn(|j| t[j]))
    }

    /// One more seed in each pit of `start..stop` (`start <= stop <= LEN`).
    #[inline(always)]
    pub(crate) fn plus_run(self, start: usize, stop: usize) -> Lanes<W> {
        // The lanes below `stop` hold those below `start`: no borrow between lanes.
        let (a, b) = (&BELOW[start], &BELOW[stop]);
        Lanes(std::array::from_fn(|j| self.0[j].wrapping_add(b[j] - a[j])))
    }

    /// One more seed in pit `k`; its count after.
    #[inline(always)]
    pub(crate) fn drop_one(&mut self, k: usize) -> u8 {
        self.add_to_word(k, 1 << (8 * (k % 8)));
        self.at(k)
    }

    /// Pit `k` emptied, in place.
    #[inline(always)]
    pub(crate) fn empty(&mut self, k: usize) {
        let n = self.at(k) as u64;
        self.add_to_word(k, (n << (8 * (k % 8))).wrapping_neg());
    }

    /// Adds `lanes` to the word holding pit `k` (every word is written, so that the
    /// words stay in registers).
    #[inline(always)]
    fn add_to_word(&mut self, k: usize, lanes: u64) {
        let at = k / 8;
        for (j, w) in self.0.iter_mut().enumerate() {
            *w = w.wrapping_add(if j == at { lanes } else { 0 });
        }
    }
}

/// A circuit's pits as a quiet lap loop holds them, its first `len` positions the
/// circuit (a loop over it is written once, and compiled for each form).
pub(crate) trait Circuit: Copy + PartialEq {
    /// Every pit empty.
    const EMPTY: Self;
    /// The first pits of `pits`, held this way.
    fn of(pits: &[u8]) -> Self;
    /// Writes them back into the first pits of `pits`.
    fn write_to(self, pits: &mut [u8]);
    /// The seeds in position `pos`.
    fn at(&self, pos: usize) -> u8;
    /// One more seed in position `pos`; returns how many it holds now.
    fn drop_one(&mut self, pos: usize) -> u8;
    /// Position `pos` emptied.
    fn empty(&mut self, pos: usize);
    /// One lap of `hand` (at least 1) seeds counter-clockwise round the first `len`
    /// positions, starting after `from`; returns the landing.
    fn sow(&mut self, len: usize, from: usize, hand: usize) -> usize;
}

/// As bytes in memory: the fewest instructions where nothing reads the circuit a
/// word at a time after it (a word read of bytes just stored one by one waits for
/// them), and for circuits longer than [`Lanes`] hold.
impl<const N: usize> Circuit for [u8; N] {
    const EMPTY: Self = [0; N];

    #[inline(always)]
    fn of(pits: &[u8]) -> Self {
        pits[..N].try_into().expect("N pits")
    }

    #[inline(always)]
    fn write_to(self, pits: &mut [u8]) {
        pits[..N].copy_from_slice(&self);
    }

    #[inline(always)]
    fn at(&self, pos: usize) -> u8 {
        self[pos]
    }

    #[inline(always)]
    fn drop_one(&mut self, pos: usize) -> u8 {
        self[pos] += 1;
        self[pos]
    }

    #[inline(always)]
    fn empty(&mut self, pos: usize) {
        self[pos] = 0;
    }

    #[inline(always)]
    fn sow(&mut self, len: usize, from: usize, hand: usize) -> usize {
        sow_lap(&mut self[..len], from, hand as u32, Direction::Ccw)
    }
}

/// In registers: a lap is adds of lane masks, a pit's count a shift.
impl<const W: usize> Circuit for Lanes<W> {
    const EMPTY: Self = Lanes([0; W]);

    #[inline(always)]
    fn of(pits: &[u8]) -> Self {
        Lanes::of(pits)
    }

    #[inline(always)]
    fn write_to(self, pits: &mut [u8]) {
        Lanes::write_to(self, pits)
    }

    #[inline(always)]
    fn at(&self, pos: usize) -> u8 {
        Lanes::at(*self, pos)
    }

    #[inline(always)]
    fn drop_one(&mut self, pos: usize) -> u8 {
        Lanes::drop_one(self, pos)
    }

    #[inline(always)]
    fn empty(&mut self, pos: usize) {
        Lanes::empty(self, pos)
    }

    /// Whole rounds (rare), then 1..=len seeds into positions after `from`, wrapping:
    /// no loop over the run and no branch on whether it wraps. The lanes past `len`
    /// are left as they are.
    #[inline(always)]
    fn sow(&mut self, len: usize, from: usize, mut hand: usize) -> usize {
        debug_assert!(len >= 1 && len <= Self::LEN && from < len);
        while hand > len {
            *self = self.plus(&Lanes::below(len));
            hand -= len;
        }
        let start = if from + 1 == len { 0 } else { from + 1 };
        let stop = start + hand;
        let wraps = stop > len;
        let wrapped = if wraps { stop - len } else { 0 };
        *self = self
            .plus_run(start, stop - wrapped)
            .plus(&Lanes::below(wrapped));
        if wraps { wrapped - 1 } else { stop - 1 }
    }
}

/// One lap of `hand` (at least 1) seeds on a circuit, starting after position
/// `from`: one seed into each of the next `hand` positions in `dir` (round the circuit
/// again if the hand is larger; the start is never skipped). Returns the landing.
#[inline(always)]
pub(crate) fn sow_lap(circuit: &mut [u8], from: usize, hand: u32, dir: Direction) -> usize {
    if let Ok(c16) = <&mut [u8; 16]>::try_from(&mut *circuit) {
        return sow_lap16(c16, from, hand, dir);
    }
    let len = circuit.len();
    let mut h = hand as usize;
    while h > len {
        for x in circuit.iter_mut() {
            *x += 1;
        }
        h -= len;
    }
    // 1..=len seeds left: a run of h positions.
    let (start, landing) = match dir {
        Direction::Ccw => {
            let start = if from + 1 == len { 0 } else { from + 1 };
            let landing = if from + h >= len {
                from + h - len
            } else {
                from + h
            };
            (start, landing)
        }
        Direction::Cw => {
            let landing = if from >= h { from - h } else { from + len - h };
            (landing, landing)
        }
    };
    if start + h <= len {
        for x in &mut circuit[start..start + h] {
            *x += 1;
        }
    } else {
        for x in &mut circuit[start..] {
            *x += 1;
        }
        for x in &mut circuit[..start + h - len] {
            *x += 1;
        }
    }
    landing
}

/// [`sow_lap`] on a 16-pit circuit (Omweso, Nsolo 4 x 8) as [`Lanes`]: whole rounds,
/// then one run that may wrap, each a few adds of lane masks.
#[inline(always)]
fn sow_lap16(circuit: &mut [u8; 16], from: usize, hand: u32, dir: Direction) -> usize {
    let mut v = Lanes::<2>::of(circuit);
    let rounds = (hand - 1) >> 4;
    let run = (hand - (rounds << 4)) as usize; // 1..=16
    v = v.plus_each(rounds as u64);
    let (start, landing) = match dir {
        Direction::Ccw => ((from + 1) & 15, (from + run) & 15),
        Direction::Cw => {
            let landing = from.wrapping_sub(run) & 15;
            (landing, landing)
        }
    };
    let stop = start + run;
    let wrapped = stop.saturating_sub(16);
    v = v
        .plus_run(start, stop - wrapped)
        .plus(&Lanes::below(wrapped));
    v.write_to(circuit);
    landing
}

/// A table of 16-pit circuits as lanes, at compile time.
pub(crate) const fn lanes16<const N: usize>(t: &[[u8; 16]; N]) -> [Lanes<2>; N] {
    let mut out = [Lanes([0; 2]); N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < 16 {
            out[i].0[k / 8] |= (t[i][k] as u64) << (8 * (k % 8));
            k += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random pits that leave room for the adds below (no lane over 200).
    fn pits(x: &mut u64) -> [u8; 32] {
        std::array::from_fn(|_| {
            *x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*x >> 33) % 200) as u8
        })
    }

    fn check<const W: usize>() {
        let len = Lanes::<W>::LEN;
        let mut x = W as u64;
        for _ in 0..200 {
            let bytes = pits(&mut x);
            let v = Lanes::<W>::of(&bytes);
            let mut back = [0u8; 32];
            v.write_to(&mut back);
            assert_eq!(back[..len], bytes[..len]);
            if W == 2 {
                assert_eq!(v.bytes::<16>()[..], bytes[..16]);
            }
            for k in 0..len {
                assert_eq!(v.at(k), bytes[k], "at {k}");
                let mut lifted = bytes;
                lifted[k] = 0;
                let mut emptied = v;
                emptied.empty(k);
                assert_eq!(emptied, Lanes::of(&lifted), "empty {k}");
                let mut dropped = v;
                assert_eq!(dropped.drop_one(k), bytes[k] + 1);
                let mut one_more = bytes;
                one_more[k] += 1;
                assert_eq!(dropped, Lanes::of(&one_more), "drop_one {k}");
            }
            for start in 0..=len {
                for stop in start..=len {
                    let mut run = bytes;
                    for b in &mut run[start..stop] {
                        *b += 1;
                    }
                    assert_eq!(v.plus_run(start, stop), Lanes::of(&run), "{start}..{stop}");
                }
                let mut below = [0u8; 32];
                below[..start].fill(1);
                assert_eq!(Lanes::<W>::below(start), Lanes::of(&below));
            }
            let other = pits(&mut x).map(|n| n / 4);
            let sum: [u8; 32] = std::array::from_fn(|k| bytes[k] + other[k]);
            assert_eq!(v.plus(&Lanes::of(&other)), Lanes::of(&sum));
            let each: [u8; 32] = bytes.map(|n| n + 3);
            assert_eq!(v.plus_each(3), Lanes::of(&each));
            let mask: [u8; 32] = std::array::from_fn(|k| if other[k] % 2 == 0 { 0xFF } else { 0 });
            let masked: [u8; 32] = std::array::from_fn(|k| bytes[k] & mask[k]);
            assert_eq!(v.and(&Lanes::of(&mask)), Lanes::of(&masked));
        }
    }

    #[test]
    fn lanes_add_read_lift_and_drop_as_the_bytes_they_hold() {
        check::<2>();
        check::<3>();
        check::<4>();
    }

    /// Lanes of `W` words and bytes, as [`Circuit`]s, drop, empty and sow alike on
    /// circuits of every length they hold, with hands of every size.
    fn circuits_alike<const W: usize>() {
        let mut x = 11 * W as u64;
        let mut below = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % n) as usize
        };
        for _ in 0..500 {
            let len = 1 + below(Lanes::<W>::LEN as u64);
            let mut bytes: [u8; 32] = std::array::from_fn(|_| below(9) as u8);
            let mut lanes = <Lanes<W> as Circuit>::of(&bytes);
            for _ in 0..40 {
                let pos = below(len as u64);
                match below(4) {
                    0 => {
                        bytes.empty(pos);
                        lanes.empty(pos);
                    }
                    1 => {
                        let hand = 1 + below(3 * len as u64);
                        let landing = bytes.sow(len, pos, hand);
                        assert_eq!(lanes.sow(len, pos, hand), landing, "{len} {pos} {hand}");
                    }
                    _ => assert_eq!(lanes.drop_one(pos), bytes.drop_one(pos)),
                }
                if bytes.iter().any(|&n| n > 200) {
                    break;
                }
                assert!(
                    (0..Lanes::<W>::LEN).all(|k| lanes.at(k) == bytes.at(k)),
                    "{bytes:?}"
                );
                let mut back = [0u8; 32];
                lanes.write_to(&mut back);
                assert_eq!(back[..Lanes::<W>::LEN], bytes[..Lanes::<W>::LEN]);
            }
        }
    }

    #[test]
    fn a_circuit_in_lanes_drops_empties_and_sows_as_bytes_do() {
        circuits_alike::<2>();
        circuits_alike::<3>();
        circuits_alike::<4>();
    }

    #[test]
    fn a_table_of_circuits_is_their_lanes() {
        let t: [[u8; 16]; 2] = [std::array::from_fn(|k| k as u8), [7; 16]];
        let lanes = lanes16(&t);
        for (row, v) in t.iter().zip(lanes) {
            assert_eq!(v, Lanes::<2>::of(row));
        }
    }
}
