//! The repetition history: the key of the position at every turn start since the
//! history last began. A state once held it as a `Vec`, so every clone (an undo
//! snapshot before each decision, a search node) copied all of it, and an engine
//! session of `n` decisions held `n²/2` keys. Here the history is a shared chain of
//! frozen runs plus a short tail of its own, inline: a clone copies at most
//! [`CHUNK`] - 1 keys and shares the rest, and cloning a state never allocates.
//!
//! The runs work like a binary counter: a full tail becomes a run of [`CHUNK`] keys,
//! and a run is merged with the run before it while that one is no longer, so there
//! are at most about log₂(n / [`CHUNK`]) runs, each at least twice the next newer
//! one. A run keeps its keys sorted (and in order, for saving), so counting a key is
//! a binary search in each run: a few dozen steps in a history of thousands of turns
//! (random Anywoli games go thousands of turns without a capture, and the count comes
//! at every turn). A 256-bit summary of every key answers "never seen" at once.
//!
//! Histories saved by builds before the second rules core hold FNV-1a hashes of the
//! positions in grid order; they are kept apart as `legacy` and a position is looked
//! up there by that hash (see [`super::state::GameState::legacy_hash`]).

use std::fmt;
use std::sync::Arc;

/// Keys in the inline tail (and in the smallest run).
const CHUNK: usize = 16;

/// A frozen run of keys and the (longer) runs before it.
struct Run {
    /// The keys, oldest first, then the same keys sorted: one allocation.
    both: Box<[u64]>,
    prev: Option<Arc<Run>>,
}

impl Run {
    /// The keys, oldest first.
    fn keys(&self) -> &[u64] {
        &self.both[..self.both.len() / 2]
    }

    /// The keys, sorted.
    fn sorted(&self) -> &[u64] {
        &self.both[self.both.len() / 2..]
    }

    fn count(&self, key: u64) -> usize {
        let sorted = self.sorted();
        let from = sorted.partition_point(|&x| x < key);
        sorted[from..].iter().take_while(|&&x| x == key).count()
    }
}

/// The summary bit of a key: 8 well-mixed bits of it.
#[inline(always)]
fn bit(key: u64) -> (usize, u64) {
    let b = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize;
    (b >> 6, 1 << (b & 63))
}

/// Position keys, oldest first.
#[derive(Clone, Default)]
pub(crate) struct History {
    /// The frozen runs, newest (shortest) first, shared between clones.
    frozen: Option<Arc<Run>>,
    /// Keys in `frozen`.
    frozen_len: usize,
    /// The newest keys (fewer than [`CHUNK`]), oldest first.
    tail: [u64; CHUNK],
    tail_len: usize,
    /// One bit of 256 for every key in the history.
    summary: [u64; 4],
    /// FNV-1a hashes of positions from a history saved by an older build, oldest first.
    pub(crate) legacy: Option<Arc<[u64]>>,
}

impl History {
    /// A history of these keys, oldest first.
    pub(crate) fn from_keys(keys: &[u64]) -> History {
        let mut h = History::default();
        for &x in keys {
            h.append(x);
        }
        h
    }

    /// A history of one position.
    pub(crate) fn one(key: u64) -> History {
        let mut h = History::default();
        h.append(key);
        h
    }

    /// How many positions are recorded (older builds' included).
    pub(crate) fn len(&self) -> usize {
        self.frozen_len + self.tail_len + self.legacy.as_ref().map_or(0, |l| l.len())
    }

    /// The newest key of this build.
    pub(crate) fn last(&self) -> Option<u64> {
        if self.tail_len > 0 {
            Some(self.tail[self.tail_len - 1])
        } else {
            self.frozen.as_ref().and_then(|r| r.keys().last().copied())
        }
    }

    /// Forgets every position (this state's view only; clones keep theirs).
    pub(crate) fn clear(&mut self) {
        unlink(self.frozen.take());
        self.frozen_len = 0;
        self.tail_len = 0;
        self.summary = [0; 4];
        self.legacy = None;
    }

    /// How many times `key` occurs.
    #[inline]
    pub(crate) fn count(&self, key: u64) -> usize {
        let (word, mask) = bit(key);
        if self.summary[word] & mask == 0 {
            return 0;
        }
        self.tail[..self.tail_len]
            .iter()
            .filter(|&&x| x == key)
            .count()
            + self.runs().map(|r| r.count(key)).sum::<usize>()
    }

    /// How many times an older build's hash occurs.
    pub(crate) fn count_legacy(&self, hash: u64) -> usize {
        self.legacy
            .as_ref()
            .map_or(0, |l| l.iter().filter(|&&x| x == hash).count())
    }

    /// Records a position whose earlier occurrences are `earlier`; returns how many
    /// times it now occurs (1 the first time).
    #[inline]
    pub(crate) fn push_counted(&mut self, key: u64, earlier: usize) -> u32 {
        self.append(key);
        u32::try_from(earlier + 1).unwrap_or(u32::MAX)
    }

    /// Records a position; returns how many times it now occurs (1 the first time).
    #[cfg(test)]
    pub(crate) fn push(&mut self, key: u64) -> u32 {
        let earlier = self.count(key);
        self.push_counted(key, earlier)
    }

    #[inline]
    fn append(&mut self, key: u64) {
        let (word, mask) = bit(key);
        self.summary[word] |= mask;
        self.tail[self.tail_len] = key;
        self.tail_len += 1;
        if self.tail_len == CHUNK {
            self.freeze();
        }
    }

    /// Turns the full tail into a run, merging runs that are no longer than it: one
    /// allocation for the keys (in order, then sorted) and one for the run. The
    /// sorted half is merged from the runs' sorted halves, smallest first, in place.
    fn freeze(&mut self) {
        // The runs to merge are the newest ones, a prefix of the chain (at most
        // about log₂ of the history's length: each is at least twice the next).
        let mut merged: [Option<&Run>; 64] = [None; 64];
        let mut count = 0;
        let mut len = CHUNK;
        let mut next = self.frozen.as_deref();
        while let Some(r) = next.filter(|r| r.keys().len() <= len && count < 64) {
            len += r.keys().len();
            merged[count] = Some(r);
            count += 1;
            next = r.prev.as_deref();
        }
        let prev = next.map(|r| {
            // The run after the merged ones, shared.
            let mut chain = self.frozen.as_ref().expect("a chain");
            for _ in 0..count {
                chain = chain.prev.as_ref().expect("longer");
            }
            debug_assert!(std::ptr::eq(&**chain, r));
            Arc::clone(chain)
        });
        let runs = &merged[..count];
        let mut both = Vec::with_capacity(2 * len);
        for r in runs.iter().rev().flatten() {
            both.extend_from_slice(r.keys());
        }
        both.extend_from_slice(&self.tail);
        both.resize(2 * len - CHUNK, 0);
        both.extend_from_slice(&self.tail);
        // The tail, sorted, at the end; then each run merged in before it.
        let sorted = &mut both[len..];
        sort_chunk((&mut sorted[len - CHUNK..]).try_into().expect("a chunk"));
        let mut have = CHUNK;
        for r in runs.iter().flatten() {
            let add = r.sorted();
            let to = len - have - add.len();
            let (mut a, mut b, mut w) = (len - have, 0, to);
            while a < len && b < add.len() {
                let (x, y) = (sorted[a], add[b]);
                let take_a = x <= y;
                sorted[w] = if take_a { x } else { y };
                a += take_a as usize;
                b += !take_a as usize;
                w += 1;
            }
            sorted[w..w + add.len() - b].copy_from_slice(&add[b..]);
            have += add.len();
        }
        let run = Run {
            both: both.into(),
            prev,
        };
        // The merged runs' older runs are still held by `prev`: dropping the old
        // chain here frees only the merged ones (no deep drop).
        unlink(self.frozen.take());
        self.frozen = Some(Arc::new(run));
        self.frozen_len += CHUNK;
        self.tail_len = 0;
    }

    /// The keys of this build, oldest first.
    pub(crate) fn to_vec(&self) -> Vec<u64> {
        let runs: Vec<&Run> = self.runs().collect();
        let mut v = Vec::with_capacity(self.frozen_len + self.tail_len);
        for r in runs.iter().rev() {
            v.extend_from_slice(r.keys());
        }
        v.extend_from_slice(&self.tail[..self.tail_len]);
        v
    }

    /// The frozen runs, newest first.
    fn runs(&self) -> impl Iterator<Item = &Run> {
        std::iter::successors(self.frozen.as_deref(), |r| r.prev.as_deref())
    }
}

/// Sorts a chunk of keys with Batcher's odd-even merge network ([`NETWORK`]): the
/// same compare-exchanges whatever the keys, each a min and a max, so no branch
/// depends on them (random keys made a comparison sort mispredict about every other
/// comparison).
#[inline]
fn sort_chunk(a: &mut [u64; CHUNK]) {
    // Written out exchange by exchange, so that every index is a constant (a loop
    // over the table costs three times the instructions).
    macro_rules! exchanges {
        ($($k:literal)*) => {$({
            const PAIR: (usize, usize) = (NETWORK[$k].0 as usize, NETWORK[$k].1 as usize);
            let (x, y) = (a[PAIR.0], a[PAIR.1]);
            a[PAIR.0] = x.min(y);
            a[PAIR.1] = x.max(y);
        })*};
    }
    exchanges!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
        30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56
        57 58 59 60 61 62
    );
}

/// The compare-exchanges of Batcher's odd-even merge sort of [`CHUNK`] keys (63 for
/// 16; Knuth, TAOCP 5.3.4, exercise 32): each pair `(i, j)`, `i < j`, puts the
/// smaller key at `i`.
const NETWORK: [(u8, u8); 63] = {
    let mut out = [(0u8, 0u8); 63];
    let mut count = 0;
    let n = CHUNK;
    let mut p = 1;
    while p < n {
        let mut k = p;
        while k >= 1 {
            let mut j = k % p;
            while j + k < n {
                let mut i = 0;
                while i < k && i + j + k < n {
                    if (i + j) / (2 * p) == (i + j + k) / (2 * p) {
                        out[count] = ((i + j) as u8, (i + j + k) as u8);
                        count += 1;
                    }
                    i += 1;
                }
                j += 2 * k;
            }
            k /= 2;
        }
        p *= 2;
    }
    assert!(
        count == 63,
        "Batcher's network of 16 keys has 63 compare-exchanges"
    );
    out
};

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.frozen_len == other.frozen_len
            && self.tail[..self.tail_len] == other.tail[..other.tail_len]
            && self.legacy == other.legacy
            && (match (&self.frozen, &other.frozen) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b) || self.to_vec() == other.to_vec(),
                (None, None) => true,
                _ => false,
            })
    }
}

impl Eq for History {}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl Drop for History {
    fn drop(&mut self) {
        unlink(self.frozen.take());
    }
}

/// Drops a chain of runs one by one, without recursion.
fn unlink(chain: Option<Arc<Run>>) {
    let mut next = chain;
    while let Some(run) = next {
        match Arc::try_unwrap(run) {
            Ok(mut r) => next = r.prev.take(),
            Err(_) => break, // still shared: its other owner drops the rest
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, History, sort_chunk};

    #[test]
    fn the_sorting_network_sorts_every_zero_one_chunk() {
        // The zero-one principle: a network that sorts every chunk of 0s and 1s
        // sorts every chunk.
        for bits in 0..1u32 << CHUNK {
            let mut a: [u64; CHUNK] = std::array::from_fn(|i| (bits >> i & 1) as u64);
            sort_chunk(&mut a);
            let ones = bits.count_ones() as usize;
            assert!(a[..CHUNK - ones].iter().all(|&x| x == 0), "{bits:#x}");
            assert!(a[CHUNK - ones..].iter().all(|&x| x == 1), "{bits:#x}");
        }
    }

    #[test]
    fn the_sorting_network_sorts() {
        let mut x: u64 = 7;
        for round in 0..2_000 {
            let mut a = [0u64; CHUNK];
            for k in &mut a {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Some rounds draw from few values, so that keys repeat.
                *k = if round % 2 == 0 { x } else { x % 5 };
            }
            let mut expected = a;
            expected.sort_unstable();
            sort_chunk(&mut a);
            assert_eq!(a, expected);
        }
    }

    #[test]
    fn counts_occurrences_and_shares_between_clones() {
        let mut a = History::default();
        assert_eq!(a.push(1), 1);
        assert_eq!(a.push(2), 1);
        assert_eq!(a.push(1), 2);
        let mut b = a.clone();
        assert_eq!(b.push(1), 3);
        assert_eq!(a.push(2), 2);
        assert_eq!(a.to_vec(), [1, 2, 1, 2]);
        assert_eq!(b.to_vec(), [1, 2, 1, 1]);
        assert_ne!(a, b);
        assert_eq!(a, History::from_keys(&[1, 2, 1, 2]));
        let mut c = History::from_keys(&[1, 2, 1]);
        assert_eq!(c.push(1), 3);
        assert_eq!(c.push(2), 2);
        assert_eq!(b.len(), 4);
        assert_eq!(b.last(), Some(1));
        b.clear();
        assert_eq!(b.len(), 0);
        assert_eq!(b.last(), None);
        assert_eq!(b.push(1), 1);
        assert_eq!(a.len(), 4, "clearing a clone leaves the original");
    }

    #[test]
    fn counts_across_chunks_and_branches() {
        let hashes: Vec<u64> = (0..5 * CHUNK as u64 + 7).map(|i| i % 50).collect();
        let mut a = History::from_keys(&hashes);
        assert_eq!(a.len(), hashes.len());
        assert_eq!(a.to_vec(), hashes);
        assert_eq!(a.last(), hashes.last().copied());
        let count = |h: u64| hashes.iter().filter(|&&x| x == h).count() as u32;
        let mut b = a.clone();
        assert_eq!(b.push(3), count(3) + 1);
        assert_eq!(a.push(49), count(49) + 1);
        assert_ne!(a, b);
        // A history that ends exactly at a chunk's end.
        let full = History::from_keys(&hashes[..2 * CHUNK]);
        assert_eq!(full.last(), Some(hashes[2 * CHUNK - 1]));
        assert_eq!(full.to_vec(), &hashes[..2 * CHUNK]);
        // Branches built separately compare by content.
        let mut c = History::from_keys(&hashes);
        c.push(49);
        assert_eq!(a, c);
    }

    #[test]
    fn a_long_history_drops_without_recursion() {
        // 93,750 chunks: a recursive drop would overflow a test thread's stack.
        let a = History::from_keys(&(0..3_000_000u64).collect::<Vec<_>>());
        let mut b = a.clone();
        assert_eq!(b.len(), 3_000_000);
        b.clear();
        drop(a);
        let mut c = History::from_keys(&(0..3_000_000u64).collect::<Vec<_>>());
        c.clear();
        assert_eq!(c.len(), 0);
    }
}
