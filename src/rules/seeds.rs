//! The seeds as the engine keeps them: a fixed array of pits in sowing order (slots,
//! see [`Board`]), the stores, the captured piles and the hand. It is `Copy`: copying
//! a position never touches the heap. [`Tableau`] is the same seeds in grid order,
//! for events, JSON and the front end.

use super::board::MAX_PITS;
use super::{Board, Tableau};

/// The seeds of a position, pits in slot order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seeds {
    /// Seeds per slot; slots past the board's pits stay 0.
    pub pits: [u8; MAX_PITS],
    /// Store contents (Anywoli), indexed by `Player as usize`.
    pub stores: [u32; 2],
    /// Seeds each player has taken off the board.
    pub captured: [u32; 2],
    /// Seeds in the mover's hand.
    pub hand: u32,
}

impl Seeds {
    /// No seeds anywhere.
    pub fn empty() -> Seeds {
        Seeds {
            pits: [0; MAX_PITS],
            stores: [0; 2],
            captured: [0; 2],
            hand: 0,
        }
    }

    /// The seeds of a tableau of this board's shape.
    pub fn from_tableau(board: &Board, t: &Tableau) -> Seeds {
        let mut s = Seeds::empty();
        for (i, &n) in t.pits.iter().enumerate().take(board.len()) {
            s.pits[board.slot_of[i] as usize] = n;
        }
        s.stores = t.stores;
        s.captured = t.captured;
        s.hand = t.hand;
        s
    }

    /// The same seeds in grid order.
    pub fn grid(&self, board: &Board) -> Tableau {
        Tableau {
            cols: board.cols,
            pits: board
                .slot_of
                .iter()
                .map(|&k| self.pits[k as usize])
                .collect(),
            stores: self.stores,
            captured: self.captured,
            hand: self.hand,
        }
    }

    /// Seeds in the pit at a flat (grid) index.
    #[inline]
    pub fn at(&self, board: &Board, index: usize) -> u8 {
        self.pits[board.slot_of[index] as usize]
    }

    /// Seeds on the slots of `range`: 8 slots at a time, in 16-bit lanes.
    #[inline]
    pub fn sum(&self, range: std::ops::Range<usize>) -> u32 {
        const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
        let mut lanes = 0u64;
        // Each 16-bit lane gains at most 510 a word, and a board has at most 18
        // words: no lane overflows.
        self.words(range.start, range.len(), |w| {
            lanes += (w & EVEN) + ((w >> 8) & EVEN)
        });
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    /// Whether any of the `len` slots from `at` holds a seed, and whether any holds 2
    /// or more: 8 slots at a time.
    #[inline(always)]
    pub fn occupied(&self, at: usize, len: usize) -> (bool, bool) {
        let (mut any, mut two) = (0u64, 0u64);
        self.words(at, len, |w| {
            any |= w;
            two |= w & 0xFEFE_FEFE_FEFE_FEFE;
        });
        (any != 0, two != 0)
    }

    /// Takes `n` seeds (at most those there) from `slot` by rewriting the aligned
    /// word of 8 slots that holds it.
    #[inline(always)]
    pub fn take_in_word(&mut self, slot: usize, n: u8) {
        debug_assert!(
            self.pits[slot] >= n,
            "a take would borrow from the next slot"
        );
        let at = slot & !7;
        let word = u64::from_le_bytes(self.pits[at..at + 8].try_into().expect("8 slots"));
        let word = word - ((n as u64) << (8 * (slot & 7)));
        self.pits[at..at + 8].copy_from_slice(&word.to_le_bytes());
    }

    /// Whether, on the circuit of the `len` slots from `at`, each holding 0 or 1
    /// seeds, a slot holds 1 and the next one (after the last, the first) is empty.
    /// Up to 64 slots as one word of bits (8 slots a multiplication), else slot by
    /// slot.
    #[inline(always)]
    pub fn single_before_empty(&self, at: usize, len: usize) -> bool {
        debug_assert!(self.pits[at..at + len].iter().all(|&n| n <= 1));
        if len > 64 {
            return (0..len).any(|k| self.pits[at + k] == 1 && self.pits[at + (k + 1) % len] == 0);
        }
        let mut ones = 0u64;
        let mut shift = 0;
        self.words(at, len, |w| {
            ones |= u64::from(byte_bits(w)) << shift;
            shift += 8;
        });
        let empty = !ones & (u64::MAX >> (64 - len));
        // Slot k's next is k + 1, and the last one's is the first.
        let next_empty = empty >> 1 | (empty & 1) << (len - 1);
        ones & next_empty != 0
    }

    /// The `len` slots from `at` (at most 72) that hold 2 or more, as bits: slot
    /// `at + k` on bit k.
    #[inline(always)]
    pub fn two_or_more_bits(&self, at: usize, len: usize) -> u128 {
        self.slot_bits(at, len, two_or_more_bytes)
    }

    /// The `len` slots from `at` (at most 72) that hold seeds, as bits: slot `at + k`
    /// on bit k.
    #[inline(always)]
    pub fn occupied_bits(&self, at: usize, len: usize) -> u128 {
        self.slot_bits(at, len, nonzero_bytes)
    }

    /// On the circuit of the `len` slots from `at` (at most 72), each holding 0 or 1
    /// seeds: the slots holding 1 whose next one (after the last, the first) is empty,
    /// as bits (slot `at + k` on bit k).
    #[inline(always)]
    pub fn singles_before_empty_bits(&self, at: usize, len: usize) -> u128 {
        debug_assert!(self.pits[at..at + len].iter().all(|&n| n <= 1));
        let ones = self.slot_bits(at, len, |w| w);
        let empty = !ones & ((1u128 << len) - 1);
        let next_empty = empty >> 1 | (empty & 1) << (len - 1);
        ones & next_empty
    }

    /// The `len` slots from `at` (at most 72) as bits, slot `at + k` on bit k, set
    /// where `flag` leaves 1 in the slot's byte of a word of 8 slots (each byte 0 or 1).
    #[inline(always)]
    fn slot_bits(&self, at: usize, len: usize, flag: impl Fn(u64) -> u64) -> u128 {
        debug_assert!(len <= 72);
        // The first 64 bits in a word of their own (only a 9th word reaches past it),
        // so that the short circuits never shift a 128-bit number.
        let (mut low, mut high) = (0u64, 0u64);
        let mut shift = 0;
        self.words(at, len, |w| {
            let byte = u64::from(byte_bits(flag(w)));
            if shift < 64 {
                low |= byte << shift;
            } else {
                high = byte;
            }
            shift += 8;
        });
        u128::from(low) | u128::from(high) << 64
    }

    /// The `len` slots from `at`, 8 at a time as little-endian words, the last one
    /// with the slots past them read as 0 (on every board, a side's or the whole
    /// board's last 8 bytes from a word's start lie within the 144 slots).
    #[inline(always)]
    fn words(&self, at: usize, len: usize, mut f: impl FnMut(u64)) {
        let word = |k: usize| u64::from_le_bytes(self.pits[k..k + 8].try_into().expect("8"));
        let full = len & !7;
        let mut i = 0;
        while i < full {
            f(word(at + i));
            i += 8;
        }
        if i < len {
            f(word(at + i) & ((1u64 << (8 * (len - i))) - 1));
        }
    }

    /// The repetition key of these seeds and `flags` (the player to move, Omweso's
    /// rule flags; see [`super::state::GameState::position_key`]): every slot, 8 at a
    /// time, and the stores and captured piles, each word mixed on its own lane and
    /// the lanes added.
    ///
    /// With `piles` false the stores and captured piles are taken to be empty (the
    /// same value when they are), as in Omweso, where no seed leaves the board:
    /// their lanes are then a constant.
    #[inline(always)]
    pub(crate) fn key(&self, slots: usize, flags: u64, piles: bool) -> u64 {
        // The common boards' word counts as constants, so that their loop unrolls.
        match slots.div_ceil(8) {
            3 => self.key_of_words(3, flags, piles), // Anywoli (24 slots)
            4 => self.key_of_words(4, flags, piles), // the 4 x 8 boards (32)
            words => self.key_of_words(words.min(MAX_PITS / 8), flags, piles),
        }
    }

    /// [`Seeds::key`] of the first `words` words of slots.
    #[inline(always)]
    fn key_of_words(&self, words: usize, flags: u64, piles: bool) -> u64 {
        let mut h: u64 = 0;
        let mut i = 0;
        while i < words {
            let w = u64::from_le_bytes(self.pits[8 * i..8 * i + 8].try_into().expect("8 bytes"));
            h = h.wrapping_add(mix(w ^ LANES[i], LANES[i + 1] | 1));
            i += 1;
        }
        let piles = if piles {
            let stores = self.stores[0] as u64 | (self.stores[1] as u64) << 32;
            let captured = self.captured[0] as u64 | (self.captured[1] as u64) << 32;
            piles_lanes(stores, captured)
        } else {
            debug_assert!(self.stores == [0; 2] && self.captured == [0; 2]);
            EMPTY_PILES
        };
        // The flags lane of the usual flags (the player, Omweso's three) from a table.
        let flags_lane = match FLAGS_LANES.get(flags as usize) {
            Some(&lane) => lane,
            None => flags_lane(flags),
        };
        h.wrapping_add(piles).wrapping_add(flags_lane)
    }
}

/// The key's lanes of the stores and of the captured piles (each as one word).
#[inline(always)]
const fn piles_lanes(stores: u64, captured: u64) -> u64 {
    mix(stores ^ LANES[20], LANES[21] | 1).wrapping_add(mix(captured ^ LANES[22], LANES[23] | 1))
}

/// [`piles_lanes`] of empty piles.
const EMPTY_PILES: u64 = piles_lanes(0, 0);

/// The key's lane of `flags`.
#[inline(always)]
const fn flags_lane(flags: u64) -> u64 {
    mix(flags ^ LANES[24], LANES[25] | 1)
}

/// [`flags_lane`] of the flags below 16.
const FLAGS_LANES: [u64; 16] = {
    let mut t = [0; 16];
    let mut f = 0;
    while f < 16 {
        t[f] = flags_lane(f as u64);
        f += 1;
    }
    t
};

/// One lane of the key: the 128-bit product folded to 64 bits.
#[inline(always)]
pub(crate) const fn mix(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    (p as u64) ^ ((p >> 64) as u64)
}

/// Random constants of the key's lanes (SplitMix64 from 1).
pub(crate) const LANES: [u64; 32] = {
    let mut out = [0u64; 32];
    let mut state: u64 = 1;
    let mut i = 0;
    while i < 32 {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out[i] = z ^ (z >> 31);
        i += 1;
    }
    out
};

/// 1 in each byte of `w` that is not 0, 0 in the others: a byte's low 7 bits added to
/// 0x7F carry into its top bit when any is set (never into the next byte), and its own
/// top bit is or-ed in.
#[inline(always)]
pub(crate) fn nonzero_bytes(w: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    ((((w & LOW7) + LOW7) | w) >> 7) & 0x0101_0101_0101_0101
}

/// 1 in each byte of `w` that holds 2 or more: its bits above the lowest not 0.
#[inline(always)]
pub(crate) fn two_or_more_bytes(w: u64) -> u64 {
    nonzero_bytes(w & 0xFEFE_FEFE_FEFE_FEFE)
}

/// The bytes of `x`, each 0 or 1, as 8 bits, byte j on bit j: one multiplication (byte
/// j lands on bit 56 + j of the product, and nothing else does).
#[inline(always)]
pub(crate) fn byte_bits(x: u64) -> u32 {
    (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// [`byte_bits`] the other way round: byte j on bit 7 - j.
#[inline(always)]
pub(crate) fn byte_bits_reversed(x: u64) -> u32 {
    (x.wrapping_mul(0x8040_2010_0804_0201) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::{LANES, MAX_PITS, Seeds, mix};

    /// The key as first written: every lane mixed, word by word.
    fn reference_key(s: &Seeds, slots: usize, flags: u64) -> u64 {
        let words = slots.div_ceil(8).min(MAX_PITS / 8);
        let mut h: u64 = 0;
        for i in 0..words {
            let w = u64::from_le_bytes(s.pits[8 * i..8 * i + 8].try_into().unwrap());
            h = h.wrapping_add(mix(w ^ LANES[i], LANES[i + 1] | 1));
        }
        let stores = s.stores[0] as u64 | (s.stores[1] as u64) << 32;
        let captured = s.captured[0] as u64 | (s.captured[1] as u64) << 32;
        h.wrapping_add(mix(stores ^ LANES[20], LANES[21] | 1))
            .wrapping_add(mix(captured ^ LANES[22], LANES[23] | 1))
            .wrapping_add(mix(flags ^ LANES[24], LANES[25] | 1))
    }

    #[test]
    fn single_before_empty_matches_each_slot() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for round in 0..20_000 {
            let mut s = Seeds::empty();
            // The sides of Hawalis, Nsolo 4 x 8 and 4 x 36, Bao Kigogo, and an odd one.
            let (at, len) = [
                (0, 14),
                (14, 14),
                (16, 16),
                (24, 24),
                (0, 72),
                (72, 72),
                (8, 40),
            ][round % 7];
            // Sides from nearly empty to nearly full, so that both answers come up.
            let ones_in_8 = (round / 7 % 9) as u64;
            for k in 0..MAX_PITS {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                s.pits[k] = u8::from(x % 8 < ones_in_8);
            }
            let want = (0..len).any(|k| s.pits[at + k] == 1 && s.pits[at + (k + 1) % len] == 0);
            assert_eq!(
                s.single_before_empty(at, len),
                want,
                "{:?}",
                &s.pits[at..at + len]
            );
        }
    }

    #[test]
    fn gathered_bits_are_the_slots_one_by_one() {
        // Anywoli's circuit, the four-row boards' sides, and an odd range.
        let mut lot = crate::rules::Lot(5);
        for round in 0..20_000 {
            let mut s = Seeds::empty();
            s.pits = lot.counts(5, 3);
            let (at, len) = [(0, 24), (0, 14), (16, 16), (72, 72), (8, 40)][round % 5];
            let one_by_one = |keep: fn(u8) -> bool| {
                (0..len).fold(0u128, |m, k| m | u128::from(keep(s.pits[at + k])) << k)
            };
            let counts = &s.pits[at..at + len];
            assert_eq!(
                s.occupied_bits(at, len),
                one_by_one(|n| n > 0),
                "{counts:?}"
            );
            assert_eq!(
                s.two_or_more_bits(at, len),
                one_by_one(|n| n >= 2),
                "{counts:?}"
            );
        }
    }

    #[test]
    fn the_key_keeps_its_values_on_every_board() {
        // Saved histories hold keys: the shortcuts must not change one.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..3_000 {
            let mut s = Seeds::empty();
            let slots = [24, 32, 144, 40, 7][round % 5];
            for k in 0..slots {
                s.pits[k] = (next() % 9) as u8;
            }
            if round % 3 == 0 {
                s.stores = [(next() % 30) as u32, (next() % 30) as u32];
            }
            if round % 4 == 0 {
                s.captured = [(next() % 30) as u32, 0];
            }
            let flags = if round % 7 == 0 {
                next() % 100
            } else {
                next() % 16
            };
            let key = s.key(slots, flags, true);
            assert_eq!(key, reference_key(&s, slots, flags));
            if s.stores == [0; 2] && s.captured == [0; 2] {
                assert_eq!(s.key(slots, flags, false), key, "empty piles as a constant");
            }
        }
    }
}
