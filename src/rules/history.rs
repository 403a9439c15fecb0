//! The repetition history: the key of the position at every turn start since the
//! history last began. A state once held it as a `Vec`, so every clone (an undo
//! snapshot before each decision, a search node) copied all of it, and an engine
//! session of `n` decisions held `n²/2` keys. Here the history is a shared chain of
//! frozen runs plus a short tail of its own, inline: a clone copies at most
//! [`CHUNK`] - 1 keys and shares the rest, and cloning a state never allocates.
//!
//! A full tail goes into the newest run in place when no clone holds that run (a
//! replay, a playout, a loaded save: one run that grows, a table insert a key).
//! Otherwise the runs work like a binary counter: the tail becomes a run of
//! [`CHUNK`] keys, merged with the run before it while that one is no longer, so
//! there are at most about log₂(n / [`CHUNK`]) runs, each at least twice the next
//! newer one. A run keeps its keys in order (for saving); a short run (under
//! [`TABLE_FROM`] keys) is counted by a plain scan, and a longer one also
//! holds them in a hash table, so counting a key there is a probe or two: random
//! Anywoli games go thousands of turns without a capture, and the count comes at
//! every turn. A 256-bit summary of the keys outside tables (the tail's and the short
//! runs') answers "not there" at once, so a count scans them only when its key's bit
//! is set, and probes the tables, if any. In a long history every key sits in a
//! table but the tail's few, so the summary still sorts out most counts there; were it
//! of every key, a few hundred keys would set all its bits.
//!
//! Histories saved by builds before the second rules core hold FNV-1a hashes of the
//! positions in grid order; they are kept apart as `legacy` and a position is looked
//! up there by that hash (see [`super::state::GameState::legacy_hash`]).

use std::fmt;
use std::sync::Arc;

/// Keys in the inline tail (and in the smallest run).
const CHUNK: usize = 16;

/// Runs this long or longer hold a hash table of their keys. Below it a count scans
/// the keys (a compare and an add a key, only when the summary bit is set), which
/// costs less than building a table for the few turns a short history has left
/// (32: 929 instructions a move on the McGill subset; 128: 894).
const TABLE_FROM: usize = 128;

/// A free slot of a run's table (a key of this value is counted by a scan).
const EMPTY: u64 = u64::MAX;

/// A frozen run of keys and the (longer) runs before it.
struct Run {
    /// The keys, oldest first.
    keys: Vec<u64>,
    /// In a run of [`TABLE_FROM`] keys or more, an open-addressing table of its
    /// distinct keys (linear probing, at least twice as many slots as keys, a power
    /// of two, [`EMPTY`] where free); empty in a shorter run.
    table: Vec<u64>,
    /// How many times each key of the table occurs. Counted rather than repeated,
    /// so that a history that repeats one key very often (a corrupt save) neither
    /// makes the probes long nor the building quadratic.
    times: Vec<u32>,
    prev: Option<Arc<Run>>,
}

impl Run {
    /// A run of these keys (oldest first) before `prev`.
    fn new(keys: Vec<u64>, prev: Option<Arc<Run>>) -> Run {
        let mut run = Run {
            keys,
            table: Vec::new(),
            times: Vec::new(),
            prev,
        };
        run.rebuild_table(table_slots(run.keys.len()));
        run
    }

    /// Appends keys to a run nobody else holds. The table is rebuilt only at every
    /// fourfold growth, so a history that only one state ever holds (a replay, a
    /// loaded save) costs about a table insert a key, not a merge of every run at
    /// every power of two.
    fn extend(&mut self, keys: &[u64]) {
        let from = self.keys.len();
        self.keys.extend_from_slice(keys);
        if table_slots(self.keys.len()) > self.table.len() {
            // Room for twice as many keys again: the table is rebuilt at every
            // fourfold growth, not every twofold one.
            self.rebuild_table(table_slots(2 * self.keys.len()));
        } else if !self.table.is_empty() {
            insert_all(&mut self.table, &mut self.times, &self.keys[from..]);
        }
    }

    /// Builds the table afresh with this many slots (none for a short run).
    fn rebuild_table(&mut self, slots: usize) {
        // The old table is freed first, not grown: growing it would copy its stale
        // slots into the new room before they are filled over.
        self.table = Vec::new();
        self.times = Vec::new();
        if slots > 0 {
            self.table = vec![EMPTY; slots];
            self.times = vec![0; slots];
            insert_all(&mut self.table, &mut self.times, &self.keys);
        }
    }

    fn count(&self, key: u64) -> usize {
        if self.table.is_empty() || key == EMPTY {
            return occurrences(&self.keys, key);
        }
        self.times[probe(&self.table, key)] as usize // 0 at a free slot
    }
}

/// Counts `keys` in a table with room for them (`times` as long as `table`), on
/// slices taken once rather than on the run's vectors, whose lengths and pointers
/// would be read again after every store.
#[inline(always)]
fn insert_all(table: &mut [u64], times: &mut [u32], keys: &[u64]) {
    let times = &mut times[..table.len()];
    for &key in keys {
        insert(table, times, key);
    }
}

/// Counts one more `key` in a table with room for it ([`EMPTY`] is not kept: it is
/// counted by a scan).
#[inline(always)]
fn insert(table: &mut [u64], times: &mut [u32], key: u64) {
    if key != EMPTY {
        let i = probe(table, key);
        table[i] = key;
        times[i] = times[i].saturating_add(1);
    }
}

/// The slots of the table of a run of `len` keys: none for a short run, else twice
/// as many as keys, a power of two.
fn table_slots(len: usize) -> usize {
    if len >= TABLE_FROM {
        (2 * len).next_power_of_two()
    } else {
        0
    }
}

/// The slot of `key` in a table (a power of two long, under half full): where it
/// is, or the free slot where its probe ends.
#[inline(always)]
fn probe(table: &[u64], key: u64) -> usize {
    let mask = table.len() - 1;
    let mut i = slot(key, mask);
    while table[i] != key && table[i] != EMPTY {
        i = (i + 1) & mask;
    }
    i
}

/// How many times `key` occurs in `keys`: a compare and an add a key, no branch on
/// the keys.
#[inline(always)]
fn occurrences(keys: &[u64], key: u64) -> usize {
    keys.iter().fold(0, |n, &x| n + (x == key) as usize)
}

/// The table slot a key's probe starts at (other bits of it than the summary's).
#[inline(always)]
fn slot(key: u64, mask: usize) -> usize {
    ((key ^ key >> 31).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 24) as usize & mask
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
    tail_len: u32,
    /// One bit of 256 for every key in the tail and in the runs without a table (a
    /// key's bit may stay set after the key went into a table).
    summary: [u64; 4],
    /// Whether a run holds a table.
    tabled: bool,
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
        self.frozen_len + self.tail_len as usize + self.legacy.as_ref().map_or(0, |l| l.len())
    }

    /// The newest key of this build.
    pub(crate) fn last(&self) -> Option<u64> {
        if self.tail_len > 0 {
            Some(self.tail[self.tail_len as usize - 1])
        } else {
            self.frozen.as_ref().and_then(|r| r.keys.last().copied())
        }
    }

    /// Forgets every position (this state's view only; clones keep theirs).
    pub(crate) fn clear(&mut self) {
        unlink(self.frozen.take());
        self.frozen_len = 0;
        self.tail_len = 0;
        self.summary = [0; 4];
        self.tabled = false;
        self.legacy = None;
    }

    /// How many times `key` occurs.
    #[inline(always)]
    pub(crate) fn count(&self, key: u64) -> usize {
        let (word, mask) = bit(key);
        let outside_tables = self.summary[word] & mask != 0;
        if !outside_tables && !self.tabled {
            return 0;
        }
        let mut n = 0;
        if outside_tables {
            n += occurrences(self.tail(), key);
        }
        for r in self.runs() {
            if outside_tables || !r.table.is_empty() {
                n += r.count(key);
            }
        }
        n
    }

    /// How many times an older build's hash occurs.
    pub(crate) fn count_legacy(&self, hash: u64) -> usize {
        self.legacy
            .as_ref()
            .map_or(0, |l| l.iter().filter(|&&x| x == hash).count())
    }

    /// Records a position whose earlier occurrences are `earlier`; returns how many
    /// times it now occurs (1 the first time).
    #[inline(always)]
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

    #[inline(always)]
    fn append(&mut self, key: u64) {
        let (word, mask) = bit(key);
        self.summary[word] |= mask;
        self.tail[self.tail_len as usize] = key;
        self.tail_len += 1;
        if self.tail_len as usize == CHUNK {
            self.freeze();
        }
    }

    /// Turns the full tail into a run, merging runs that are no longer than it: the
    /// keys of the merged runs and the tail, in order, in one allocation (with the
    /// table of a long run), and one for the run.
    fn freeze(&mut self) {
        if let Some(run) = self.frozen.as_mut().and_then(Arc::get_mut) {
            // Nobody else holds the newest run: it takes the tail in place.
            run.extend(&self.tail);
            let tabled = !run.table.is_empty();
            self.frozen_len += CHUNK;
            self.tail_len = 0;
            self.note_tables(tabled);
            return;
        }
        // The runs to merge are the newest ones, a prefix of the chain (at most
        // about log₂ of the history's length: each is at least twice the next).
        let mut merged: [Option<&Run>; 64] = [None; 64];
        let mut count = 0;
        let mut len = CHUNK;
        let mut next = self.frozen.as_deref();
        while let Some(r) = next.filter(|r| r.keys.len() <= len && count < 64) {
            len += r.keys.len();
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
        let mut keys = Vec::with_capacity(len);
        for r in merged[..count].iter().rev().flatten() {
            keys.extend_from_slice(&r.keys);
        }
        keys.extend_from_slice(&self.tail);
        let run = Run::new(keys, prev);
        let tabled = !run.table.is_empty();
        // The merged runs' older runs are still held by `prev`: dropping the old
        // chain here frees only the merged ones (no deep drop).
        unlink(self.frozen.take());
        self.frozen = Some(Arc::new(run));
        self.frozen_len += CHUNK;
        self.tail_len = 0;
        self.note_tables(tabled);
    }

    /// After a freeze whose newest run holds a table (`tabled`). When every run does
    /// (mostly so: each is longer than the next newer one, unless a run grew in place
    /// past older ones) and the tail is empty, no key is outside a table and the
    /// summary starts afresh.
    fn note_tables(&mut self, tabled: bool) {
        if tabled {
            self.tabled = true;
            if self.runs().all(|r| !r.table.is_empty()) {
                self.summary = [0; 4];
            }
        }
    }

    /// The keys of this build, oldest first.
    pub(crate) fn to_vec(&self) -> Vec<u64> {
        let runs: Vec<&Run> = self.runs().collect();
        let mut v = Vec::with_capacity(self.frozen_len + self.tail().len());
        for r in runs.iter().rev() {
            v.extend_from_slice(&r.keys);
        }
        v.extend_from_slice(self.tail());
        v
    }

    /// The tail's keys, oldest first.
    #[inline(always)]
    fn tail(&self) -> &[u64] {
        &self.tail[..self.tail_len as usize]
    }

    /// The frozen runs, newest first.
    fn runs(&self) -> impl Iterator<Item = &Run> {
        std::iter::successors(self.frozen.as_deref(), |r| r.prev.as_deref())
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.frozen_len == other.frozen_len
            && self.tail() == other.tail()
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
    use super::{CHUNK, EMPTY, History, TABLE_FROM};

    #[test]
    fn long_histories_count_every_key_through_their_tables() {
        // Keys from a small range repeat often; some are the table's free marker.
        let mut x: u64 = 99;
        let mut draw = move |range: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 50 {
                0 => EMPTY,
                _ => x % range,
            }
        };
        let mut naive: Vec<u64> = Vec::new();
        let mut h = History::default();
        let mut branches = Vec::new();
        for step in 0..6 * TABLE_FROM * 4 {
            let key = draw(if step % 2 == 0 { 300 } else { 1 << 40 });
            let expected = naive.iter().filter(|&&k| k == key).count() as u32 + 1;
            assert_eq!(h.push(key), expected, "step {step}");
            naive.push(key);
            if step % 701 == 0 {
                branches.push((h.clone(), naive.clone()));
            }
        }
        assert_eq!(h.to_vec(), naive);
        // Branches taken earlier count their own keys, not the later ones.
        for (mut b, mut keys) in branches {
            for key in [3, 7, EMPTY, 299] {
                let expected = keys.iter().filter(|&&k| k == key).count() as u32 + 1;
                assert_eq!(b.push(key), expected);
                keys.push(key);
            }
            assert_eq!(b.to_vec(), keys);
        }
    }

    #[test]
    fn a_run_grown_in_place_leaves_every_clone_its_own_keys() {
        // Clones are taken and dropped while the original grows: a run may grow in
        // place only while no clone holds it.
        let key = |i: u64| (i * 7919) % 97;
        let mut h = History::default();
        let mut naive = Vec::new();
        let mut kept: Vec<(History, Vec<u64>)> = Vec::new();
        let mut dropped_later: Option<History> = None;
        for i in 0..40 * CHUNK as u64 {
            let expected = naive.iter().filter(|&&k| k == key(i)).count() as u32 + 1;
            assert_eq!(h.push(key(i)), expected, "key {i}");
            naive.push(key(i));
            match i % 173 {
                0 => kept.push((h.clone(), naive.clone())),
                50 => dropped_later = Some(h.clone()),
                90 => dropped_later = None,
                _ => {}
            }
        }
        assert_eq!(h.to_vec(), naive);
        for (mut b, mut keys) in kept {
            assert_eq!(b.to_vec(), keys);
            for k in 0..97 {
                let expected = keys.iter().filter(|&&x| x == k).count();
                assert_eq!(b.count(k), expected);
            }
            for i in 0..3 * CHUNK as u64 {
                let expected = keys.iter().filter(|&&x| x == key(i)).count() as u32 + 1;
                assert_eq!(b.push(key(i)), expected);
                keys.push(key(i));
            }
            assert_eq!(b.to_vec(), keys);
        }
        assert_eq!(h.to_vec(), naive, "the clones' pushes leave the original");
        drop(dropped_later);
    }

    #[test]
    fn a_long_history_summarises_only_the_keys_outside_its_tables() {
        // 40 * CHUNK + 5 distinct keys: all but the tail's 5 sit in one tabled run, so
        // the summary holds at most 5 bits and most counts skip the tail's scan.
        let keys: Vec<u64> = (0..40 * CHUNK as u64 + 5).map(|i| i * 7919 + 1).collect();
        let mut h = History::from_keys(&keys);
        let bits: u32 = h.summary.iter().map(|w| w.count_ones()).sum();
        assert!(h.tabled && bits <= 5, "{bits} bits set");
        for &k in keys.iter().step_by(37).chain(&[3, 5]) {
            assert_eq!(h.count(k), keys.contains(&k) as usize);
        }
        // A clone branches off: both count the shared keys and only their own new ones.
        let mut b = h.clone();
        for i in 0..3 * CHUNK as u64 {
            assert_eq!(b.push(keys[i as usize]), 2);
            assert_eq!(h.push(u64::MAX - 1 - i), 1);
        }
        assert_eq!(b.count(u64::MAX - 1), 0);
        assert_eq!(h.count(keys[0]), 1);
        assert_eq!(b.count(keys[0]), 2);
    }

    #[test]
    fn a_history_of_one_key_repeated_builds_in_linear_time() {
        // What a corrupt save could hold. Were each copy a table entry of its own,
        // the probes would grow with the copies and the building with their square
        // (here about 10^11 steps, which would not finish).
        let mut keys = vec![42u64; 600_000];
        keys.extend(0..1_000);
        let mut h = History::from_keys(&keys);
        assert_eq!(h.push(42), 600_002, "600,000 copies and one in 0..1000");
        assert_eq!(h.push(7), 2);
        assert_eq!(h.push(5_000), 1);
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
