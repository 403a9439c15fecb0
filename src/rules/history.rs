//! The repetition history: the key of the position at every turn start since the
//! history last began. A state once held it as a `Vec`, so every clone (an undo
//! snapshot before each decision, a search node) copied all of it, and an engine
//! session of `n` decisions held `n²/2` keys. Here the history is a shared chain of
//! frozen runs plus a short tail of its own, inline: a clone copies at most
//! [`CHUNK`] - 1 keys and shares the rest, and cloning a state never allocates.
//!
//! A full tail goes into the newest run in place when no clone holds that run (a
//! replay, a playout, a loaded save: one run that grows). Otherwise the runs work
//! like a binary counter: the tail becomes a run of [`CHUNK`] keys, merged with the
//! run before it while that one is no longer, so there are at most about
//! log₂(n / [`CHUNK`]) runs, each at least twice the next newer one. A run keeps its
//! keys in order (for saving); a short run (under [`TABLE_FROM`] keys) is counted by
//! a plain scan, and a longer one by a hash table of its keys, built the first time
//! a count needs it, so counting a key there is a probe or two: random Anywoli games
//! go thousands of turns without a capture, and the count comes at every turn. A
//! 256-bit summary of the keys outside tables (the tail's and the short runs')
//! answers "not there" at once, so a count scans them only when its key's bit is
//! set, and probes the tables, if any. In a long history every key sits in a table
//! but the tail's few, so the summary still sorts out most counts there; were it of
//! every key, a few hundred keys would set all its bits.
//!
//! A history whose own run grows in place past [`TABLE_FROM`] keys (a replay, a
//! playout, a loaded save, never a search node) also keeps [`Counts`] of its own:
//! every key it holds, counted in one table that is never shared. Recording a
//! position is then one probe, which both counts the key and enters it, where the
//! runs' tables would take a probe to count it and another to enter it later; and
//! the runs' tables are not built unless a clone counts through them. A clone starts
//! without counts.
//!
//! Histories saved by builds before the second rules core hold FNV-1a hashes of the
//! positions in grid order; they are kept apart as `legacy` and a position is looked
//! up there by that hash (see [`super::state::GameState::fnv1a_hash`]).

use std::fmt;
use std::sync::{Arc, OnceLock};

/// Keys in the inline tail (and in the smallest run).
const CHUNK: usize = 16;

/// Runs this long or longer are counted through a hash table of their keys. Below
/// it a count scans the keys (a compare and an add a key, only when the summary bit
/// is set), which costs less than building a table for the few turns a short
/// history has left (32: 929 instructions a move on the McGill subset; 128: 894).
/// A history whose own run grows to this length starts its [`Counts`].
const TABLE_FROM: usize = 128;

/// A free slot of a table (a key of this value is counted apart).
const EMPTY: u64 = u64::MAX;

/// An open-addressing table of distinct keys and how many times each occurs: linear
/// probing from the top bits of a multiple of the key, a power of two of slots (at
/// least 2), at most half full, [`EMPTY`] where free. Counted rather than repeated,
/// so that a history that repeats one key very often (a corrupt save) neither makes
/// the probes long nor the building quadratic.
struct Table {
    slots: Vec<u64>,
    /// How many more times than once the key of each slot occurs: touched only when
    /// a key is found again, which is rare (a repetition mostly ends the game).
    again: Vec<u32>,
    /// Distinct keys held.
    len: usize,
}

impl Table {
    /// An empty table with room for `keys` keys before it is half full.
    fn with_room(keys: usize) -> Table {
        let slots = (2 * keys).next_power_of_two().max(2);
        Table {
            slots: vec![EMPTY; slots],
            again: vec![0; slots],
            len: 0,
        }
    }

    /// A table of these keys, with room for `room` keys in all.
    fn of(keys: &[u64], room: usize) -> Table {
        let mut table = Table::with_room(room);
        table.add_all(keys);
        table
    }

    /// Counts each of `keys` once more ([`EMPTY`] left out: it is counted apart), in
    /// a table with room for them.
    fn add_all(&mut self, keys: &[u64]) {
        for &key in keys.iter().filter(|&&k| k != EMPTY) {
            self.add(key);
        }
    }

    /// The slot of `key`: where it is, or the free slot where its probe ends.
    #[inline(always)]
    fn probe(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let shift = self.slots.len().leading_zeros() + 1;
        let mut i = (key.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> shift) as usize;
        while self.slots[i] != key && self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        i
    }

    /// How many times `key` (not [`EMPTY`]) occurs.
    #[inline(always)]
    fn count(&self, key: u64) -> usize {
        let i = self.probe(key);
        if self.slots[i] == key {
            self.again[i] as usize + 1
        } else {
            0
        }
    }

    /// Counts one more `key` (not [`EMPTY`]) in a table with room for it; returns
    /// how many times it now occurs.
    #[inline(always)]
    fn add(&mut self, key: u64) -> u32 {
        let i = self.probe(key);
        if self.slots[i] == key {
            self.again[i] = self.again[i].saturating_add(1);
            self.again[i].saturating_add(1)
        } else {
            self.slots[i] = key;
            self.len += 1;
            1
        }
    }

    /// Whether `more` keys fit before the table is half full.
    fn has_room(&self, more: usize) -> bool {
        2 * (self.len + more) <= self.slots.len()
    }

    /// This table's keys and counts in a table with room for four times as many. A
    /// key's probe starts at the top bits of its multiple, so the keys of slot `i`
    /// start at `4i` to `4i + 3`: read in order, they go in in order, and the
    /// building streams through both tables rather than jumping about them.
    ///
    /// The slots held are listed first without a branch on each (half of them are
    /// free, at random: a branch would mispredict every other slot).
    fn grown(&self) -> Table {
        let mut held = vec![0usize; self.len + 1];
        let mut n = 0;
        for (i, &key) in self.slots.iter().enumerate() {
            held[n] = i;
            n += (key != EMPTY) as usize;
        }
        let mut table = Table::with_room(4 * self.len);
        for &i in &held[..n] {
            let (key, again) = (self.slots[i], self.again[i]);
            let j = table.probe(key);
            table.slots[j] = key;
            table.again[j] = again;
        }
        table.len = self.len;
        table
    }
}

/// A frozen run of keys and the (longer) runs before it.
struct Run {
    /// The keys, oldest first.
    keys: Vec<u64>,
    /// In a run of [`TABLE_FROM`] keys or more, a table of its keys, built the first
    /// time a count needs it.
    table: OnceLock<Table>,
    prev: Option<Arc<Run>>,
}

impl Run {
    /// A run of these keys (oldest first) before `prev`.
    fn new(keys: Vec<u64>, prev: Option<Arc<Run>>) -> Run {
        Run {
            keys,
            table: OnceLock::new(),
            prev,
        }
    }

    /// Whether the run is counted through a table (rather than scanned).
    fn tabled(&self) -> bool {
        self.keys.len() >= TABLE_FROM
    }

    /// Appends keys to a run nobody else holds. A table already built takes them in
    /// while it has room; else it is dropped, to be built again when needed.
    fn extend(&mut self, keys: &[u64]) {
        self.keys.extend_from_slice(keys);
        if let Some(table) = self.table.get_mut() {
            if table.has_room(keys.len()) {
                table.add_all(keys);
            } else {
                self.table = OnceLock::new();
            }
        }
    }

    fn count(&self, key: u64) -> usize {
        if !self.tabled() || key == EMPTY {
            return occurrences(&self.keys, key);
        }
        self.table
            .get_or_init(|| Table::of(&self.keys, self.keys.len()))
            .count(key)
    }
}

/// The counts of every key of one history, its own (see the module's doc).
struct Counts {
    table: Table,
    /// How many times [`EMPTY`] occurs (it cannot be a table's key).
    empty: u32,
}

impl Counts {
    /// The counts of these keys, with room for as many again.
    fn of(keys: &[u64]) -> Counts {
        Counts {
            table: Table::of(keys, 2 * keys.len()),
            empty: u32::try_from(occurrences(keys, EMPTY)).unwrap_or(u32::MAX),
        }
    }

    #[cfg(test)]
    fn count(&self, key: u64) -> usize {
        if key == EMPTY {
            self.empty as usize
        } else {
            self.table.count(key)
        }
    }

    /// Counts one more `key`; returns how many times it now occurs.
    #[inline(always)]
    fn add(&mut self, key: u64) -> u32 {
        if key == EMPTY {
            self.empty = self.empty.saturating_add(1);
            return self.empty;
        }
        if !self.table.has_room(1) {
            self.grow();
        }
        self.table.add(key)
    }

    /// Room for four times as many keys (rare: out of line).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        self.table = self.table.grown();
    }
}

/// How many times `key` occurs in `keys`: a compare and an add a key, no branch on
/// the keys.
#[inline(always)]
fn occurrences(keys: &[u64], key: u64) -> usize {
    keys.iter().fold(0, |n, &x| n + (x == key) as usize)
}

/// The summary bit of a key: 8 well-mixed bits of it.
#[inline(always)]
fn bit(key: u64) -> (usize, u64) {
    let b = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize;
    (b >> 6, 1 << (b & 63))
}

/// Position keys, oldest first.
#[derive(Default)]
pub(crate) struct History {
    /// The frozen runs, newest (shortest) first, shared between clones.
    frozen: Option<Arc<Run>>,
    /// Keys in `frozen`.
    frozen_len: usize,
    /// The newest keys (fewer than [`CHUNK`]), oldest first.
    tail: [u64; CHUNK],
    tail_len: u32,
    /// One bit of 256 for every key in the tail and in the short runs (a key's bit
    /// may stay set after the key went into a long run).
    summary: [u64; 4],
    /// Whether a run is long (counted through a table).
    tabled: bool,
    /// Every key of this history counted, when its own run grew long (never shared,
    /// not cloned; only with `tabled`).
    counts: Option<Box<Counts>>,
    /// FNV-1a hashes of positions from a history saved by an older build, oldest first.
    /// (A `Vec` behind the `Arc`: one pointer wide, where a slice would take two.)
    pub(crate) legacy: Option<Arc<Vec<u64>>>,
}

impl Clone for History {
    /// The same keys, sharing the runs; without [`Counts`], which are this
    /// history's own.
    fn clone(&self) -> History {
        History {
            frozen: self.frozen.clone(),
            frozen_len: self.frozen_len,
            tail: self.tail,
            tail_len: self.tail_len,
            summary: self.summary,
            tabled: self.tabled,
            counts: None,
            legacy: self.legacy.clone(),
        }
    }
}

impl History {
    /// A history of these keys, oldest first.
    pub(crate) fn from_keys(keys: &[u64]) -> History {
        let mut h = History::default();
        for &x in keys {
            h.push(x);
        }
        h
    }

    /// A history of one position.
    pub(crate) fn one(key: u64) -> History {
        let mut h = History::default();
        h.push(key);
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
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        if self.frozen.is_some() {
            self.drop_runs();
        }
        self.frozen_len = 0;
        self.tail_len = 0;
        self.summary = [0; 4];
        self.tabled = false;
        self.legacy = None;
    }

    /// Lets go of the runs and the counts (out of line: in most games a capture
    /// clears the history before its first run).
    #[cold]
    #[inline(never)]
    fn drop_runs(&mut self) {
        unlink(self.frozen.take());
        self.counts = None;
    }

    /// How many times `key` occurs.
    #[cfg(test)]
    pub(crate) fn count(&self, key: u64) -> usize {
        if let Some(counts) = &self.counts {
            return counts.count(key);
        }
        self.count_in_runs(key)
    }

    /// `History::count` (a test's) through the tail and the runs.
    #[inline(always)]
    fn count_in_runs(&self, key: u64) -> usize {
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
            if outside_tables || r.tabled() {
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

    /// Records a position; returns how many times this build's keys now hold it (1
    /// the first time).
    #[inline(always)]
    pub(crate) fn push(&mut self, key: u64) -> u32 {
        let (word, mask) = bit(key);
        let outside_tables = self.summary[word] & mask != 0;
        if !outside_tables && !self.tabled {
            // A short history without the key (no counts either: they come with a
            // long run).
            self.append(key);
            return 1;
        }
        self.push_counting(key)
    }

    /// [`History::push`] of a key that may be there: counted by the counts, or
    /// through the tail and the runs (out of line, so that the common case above
    /// inlines small into every game's close of a turn).
    #[inline(never)]
    fn push_counting(&mut self, key: u64) -> u32 {
        if let Some(counts) = &mut self.counts {
            let occurrences = counts.add(key);
            self.append(key);
            return occurrences;
        }
        let earlier = self.count_in_runs(key);
        self.append(key);
        u32::try_from(earlier + 1).unwrap_or(u32::MAX)
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
    /// keys of the merged runs and the tail, in order, in one allocation, and one
    /// for the run.
    fn freeze(&mut self) {
        if let Some(run) = self.frozen.as_mut().and_then(Arc::get_mut) {
            // Nobody else holds the newest run: it takes the tail in place.
            run.extend(&self.tail);
            let tabled = run.tabled();
            self.frozen_len += CHUNK;
            self.tail_len = 0;
            if tabled && self.counts.is_none() {
                // This history's own run grew long: from now on it counts its keys
                // itself.
                self.counts = Some(Box::new(Counts::of(&self.to_vec())));
            }
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
        let tabled = run.tabled();
        // The merged runs' older runs are still held by `prev`: dropping the old
        // chain here frees only the merged ones (no deep drop).
        unlink(self.frozen.take());
        self.frozen = Some(Arc::new(run));
        self.frozen_len += CHUNK;
        self.tail_len = 0;
        self.note_tables(tabled);
    }

    /// After a freeze whose newest run is long (`tabled`). When every run is (mostly
    /// so: each is longer than the next newer one, unless a run grew in place past
    /// older ones) and the tail is empty, no key is outside a table and the summary
    /// starts afresh.
    fn note_tables(&mut self, tabled: bool) {
        if tabled {
            self.tabled = true;
            if self.runs().all(Run::tabled) {
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
    fn a_history_counts_itself_and_its_clones_count_through_the_runs() {
        // Grown in place past TABLE_FROM keys, a history counts its keys itself; a
        // clone starts without those counts and counts through the runs' tables,
        // built when first needed, and still right after the run grew in place.
        let key = |i: u64| (i * 7919) % 211 + 1;
        let mut h = History::default();
        let mut naive = Vec::new();
        let check = |h: &History, naive: &[u64]| {
            for k in 0..213 {
                let expected = naive.iter().filter(|&&x| x == k).count();
                assert_eq!(h.count(k), expected, "key {k} after {}", naive.len());
            }
        };
        for i in 0..20 * CHUNK as u64 {
            let expected = naive.iter().filter(|&&k| k == key(i)).count() as u32 + 1;
            assert_eq!(h.push(key(i)), expected, "key {i}");
            naive.push(key(i));
            if i % 97 == 0 {
                // A clone that counts (building the shared run's table) and goes.
                let clone = h.clone();
                assert!(clone.counts.is_none());
                check(&clone, &naive);
            }
        }
        assert!(h.counts.is_some(), "its own run grew long");
        check(&h, &naive);
        let mut kept = h.clone();
        let mut kept_keys = naive.clone();
        for i in 0..5 * CHUNK as u64 {
            let expected = naive.iter().filter(|&&k| k == key(3 * i)).count() as u32 + 1;
            assert_eq!(h.push(key(3 * i)), expected);
            naive.push(key(3 * i));
            let expected = kept_keys.iter().filter(|&&k| k == key(i)).count() as u32 + 1;
            assert_eq!(kept.push(key(i)), expected);
            kept_keys.push(key(i));
        }
        check(&h, &naive);
        check(&kept, &kept_keys);
        check(&h.clone(), &naive);
        assert_eq!(h.to_vec(), naive);
        assert_eq!(kept.to_vec(), kept_keys);
        h.clear();
        assert!(h.counts.is_none());
        assert_eq!(h.push(key(0)), 1);
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
