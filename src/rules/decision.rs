//! What a player decides. A turn is a sequence of decisions (see the conventions).

use super::{Direction, Pit};
use serde::{Deserialize, Serialize};
use std::cell::Cell;

/// One decision of the player who must decide. JSON forms:
/// `{"sow":[3,0]}`, `{"reverse":[2,1]}`, `{"opening_three":[3,4]}`, `{"direction":"cw"}`,
/// `{"strip":[1,5]}`, `"end_strip"`, `{"arrange":[[..],[..]]}`, `"next_game"`,
/// `"resign"`, `"time_out"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Start of a turn: sow the pit counter-clockwise (also a single-seed move).
    Sow(Pit),
    /// Start of a turn (Omweso): a reverse capture, sowing the pit clockwise.
    Reverse(Pit),
    /// Start of a turn (Omweso, Option): a pit of exactly 3 sown as 2 and 1.
    OpeningThree(Pit),
    /// Omweso, mid-turn: the direction of a lap that starts in a leftmost pit.
    Direction(Direction),
    /// Nsolo, mid-turn: strip one seed from this opponent pit.
    Strip(Pit),
    /// Nsolo with "bonus is up to k": stop stripping.
    EndStrip,
    /// Omweso free set-up: the mover's two rows, top row first as printed on the grid.
    Arrange(Vec<Vec<u8>>),
    /// Omweso match: the game is over and the match goes on; start the next game.
    NextGame,
    /// Nsolo: the player who must decide resigns. Never listed as a legal decision.
    Resign,
    /// Omweso blitz: the player who must decide ran out of time. Never listed.
    TimeOut,
}

impl Decision {
    /// The pit a turn starts from, if this decision starts a turn.
    pub fn start_pit(&self) -> Option<Pit> {
        match self {
            Decision::Sow(p) | Decision::Reverse(p) | Decision::OpeningThree(p) => Some(*p),
            _ => None,
        }
    }
}

/// The legal decisions of a position: what [`legal_decisions`](super::legal_decisions)
/// returns. Reads as a slice of decisions; compares equal to a `Vec` or an array of
/// the same decisions.
///
/// Listing allocates nothing: the list is one pointer to its storage, and a list
/// dropped leaves its storage, emptied, to the thread's next one (as a buffer kept by
/// the caller does, see [`legal_decisions_into`](super::legal_decisions_into)).
#[derive(Clone)]
pub struct DecisionList {
    /// Always there but while the list is dropped.
    storage: Option<Box<ListStorage>>,
}

/// What a [`DecisionList`] points to.
#[derive(Clone, Default)]
struct ListStorage {
    decisions: Vec<Decision>,
    /// Whether a decision may own heap memory (an arrangement, or anything written
    /// through `&mut`): only then are the decisions dropped one by one.
    may_own_heap: bool,
}

thread_local! {
    /// The storage of the last list dropped on this thread, empty, for the next one.
    static SPARE_STORAGE: Cell<Option<Box<ListStorage>>> = const { Cell::new(None) };
}

impl DecisionList {
    /// An empty list with room for `room` decisions, the spare storage if there is
    /// one; `may_own_heap`: whether a decision pushed may own heap memory.
    #[inline(always)]
    pub(crate) fn with_room(room: usize, may_own_heap: bool) -> Self {
        let mut storage = SPARE_STORAGE
            .try_with(Cell::take)
            .ok()
            .flatten()
            .unwrap_or_default();
        storage.decisions.reserve(room);
        storage.may_own_heap = may_own_heap;
        DecisionList {
            storage: Some(storage),
        }
    }

    /// The storage (an empty one while the list is dropped).
    #[inline]
    fn storage(&self) -> &ListStorage {
        static DROPPED: ListStorage = ListStorage {
            decisions: Vec::new(),
            may_own_heap: false,
        };
        self.storage.as_deref().unwrap_or(&DROPPED)
    }

    /// The storage, to be written.
    #[inline]
    fn storage_mut(&mut self) -> &mut ListStorage {
        self.storage.get_or_insert_default()
    }

    /// The decisions, to be pushed by the listing. A decision that owns heap memory
    /// may be pushed only into a list made `may_own_heap` (else it is leaked when the
    /// list is dropped); removing decisions is always fine.
    #[inline]
    pub(crate) fn decisions_mut(&mut self) -> &mut Vec<Decision> {
        &mut self.storage_mut().decisions
    }

    /// Removes and returns the last decision.
    pub fn pop(&mut self) -> Option<Decision> {
        self.decisions_mut().pop()
    }

    /// Removes and returns the decision at `index`, the last one taking its place.
    /// Panics if `index` is out of bounds.
    pub fn swap_remove(&mut self, index: usize) -> Decision {
        self.decisions_mut().swap_remove(index)
    }

    /// The decisions as a `Vec`.
    pub fn into_vec(mut self) -> Vec<Decision> {
        std::mem::take(self.decisions_mut())
    }
}

impl Default for DecisionList {
    /// An empty list.
    fn default() -> Self {
        DecisionList::with_room(0, false)
    }
}

impl Drop for DecisionList {
    #[inline]
    fn drop(&mut self) {
        let Some(storage) = self.storage.as_deref_mut() else {
            return;
        };
        if storage.may_own_heap {
            dropped(std::mem::take(&mut storage.decisions));
        } else {
            // SAFETY: a shorter length exposes no element, and the decisions left
            // behind own no heap memory: not dropping them leaks nothing.
            #[allow(unsafe_code)]
            unsafe {
                storage.decisions.set_len(0)
            };
        }
        // The storage becomes the spare (a thread that is ending keeps none), and
        // the spare there was, if any, is dropped.
        let _ = SPARE_STORAGE.try_with(|spare| {
            if let Some(old) = spare.replace(self.storage.take()) {
                dropped(old);
            }
        });
    }
}

/// Drops `value` out of line, off the quick way of dropping a list.
#[cold]
#[inline(never)]
fn dropped<T>(value: T) {
    drop(value);
}

impl std::ops::Deref for DecisionList {
    type Target = [Decision];
    #[inline]
    fn deref(&self) -> &[Decision] {
        &self.storage().decisions
    }
}

impl std::ops::DerefMut for DecisionList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Decision] {
        let storage = self.storage_mut();
        storage.may_own_heap = true;
        &mut storage.decisions
    }
}

impl PartialEq for DecisionList {
    fn eq(&self, other: &DecisionList) -> bool {
        self[..] == other[..]
    }
}

impl Eq for DecisionList {}

impl std::hash::Hash for DecisionList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self[..].hash(state)
    }
}

impl std::fmt::Debug for DecisionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for DecisionList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self[..].serialize(serializer)
    }
}

impl IntoIterator for DecisionList {
    type Item = Decision;
    type IntoIter = std::vec::IntoIter<Decision>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a DecisionList {
    type Item = &'a Decision;
    type IntoIter = std::slice::Iter<'a, Decision>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl From<DecisionList> for Vec<Decision> {
    fn from(list: DecisionList) -> Vec<Decision> {
        list.into_vec()
    }
}

impl PartialEq<[Decision]> for DecisionList {
    fn eq(&self, other: &[Decision]) -> bool {
        self[..] == *other
    }
}

impl<const N: usize> PartialEq<[Decision; N]> for DecisionList {
    fn eq(&self, other: &[Decision; N]) -> bool {
        self[..] == other[..]
    }
}

impl PartialEq<Vec<Decision>> for DecisionList {
    fn eq(&self, other: &Vec<Decision>) -> bool {
        self[..] == other[..]
    }
}

impl PartialEq<DecisionList> for Vec<Decision> {
    fn eq(&self, other: &DecisionList) -> bool {
        self[..] == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::{Decision, DecisionList};
    use crate::rules::{Direction, Game, GameState, Options, Pit, legal_decisions};

    fn sow(row: u8, col: u8) -> Decision {
        Decision::Sow(Pit::new(row, col))
    }

    /// A list of the given decisions, built the way the listing builds one.
    fn list_of(decisions: &[Decision], may_own_heap: bool) -> DecisionList {
        let mut list = DecisionList::with_room(decisions.len(), may_own_heap);
        list.decisions_mut().extend(decisions.iter().cloned());
        list
    }

    #[test]
    fn a_list_reads_and_compares_as_its_decisions() {
        let decisions = vec![sow(2, 0), sow(3, 4), Decision::Direction(Direction::Cw)];
        let list = list_of(&decisions, false);
        assert_eq!(list.len(), 3);
        assert_eq!(list[1], sow(3, 4));
        assert!(list.contains(&Decision::Direction(Direction::Cw)));
        assert_eq!(list, decisions);
        assert_eq!(decisions, list);
        assert_eq!(
            list,
            [sow(2, 0), sow(3, 4), Decision::Direction(Direction::Cw)]
        );
        assert_ne!(list, [sow(2, 0)]);
        assert_eq!(format!("{list:?}"), format!("{decisions:?}"));
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            serde_json::to_string(&decisions).unwrap()
        );
        assert_eq!(list.iter().count(), 3);
        assert_eq!((&list).into_iter().count(), 3);
        assert_eq!(list.clone().into_iter().collect::<Vec<_>>(), decisions);
        assert_eq!(list.clone().into_vec(), decisions);
        assert_eq!(Vec::from(list), decisions);
    }

    #[test]
    fn pop_swap_remove_and_writes_change_the_list() {
        let mut list = list_of(&[sow(2, 0), sow(2, 1), sow(2, 2)], false);
        assert_eq!(list.swap_remove(0), sow(2, 0));
        assert_eq!(list, [sow(2, 2), sow(2, 1)]);
        assert_eq!(list.pop(), Some(sow(2, 1)));
        // A decision that owns heap memory, written through `&mut`.
        list[0] = Decision::Arrange(vec![vec![4; 8], vec![4; 8]]);
        assert_eq!(list, [Decision::Arrange(vec![vec![4; 8], vec![4; 8]])]);
        drop(list);
        let mut empty = DecisionList::default();
        assert!(empty.is_empty());
        assert_eq!(empty.pop(), None);
    }

    #[test]
    fn a_dropped_lists_storage_serves_the_next_list_emptied() {
        let arrangement = Decision::Arrange(vec![vec![2; 8], vec![2; 8]]);
        drop(list_of(&[arrangement.clone(), sow(3, 3)], true));
        drop(list_of(&[sow(2, 5), sow(3, 1), sow(3, 2)], false));
        let next = list_of(&[sow(3, 7)], false);
        assert_eq!(next, [sow(3, 7)]);
        // Two lists at once are two storages.
        let other = list_of(std::slice::from_ref(&arrangement), true);
        assert_eq!(next, [sow(3, 7)]);
        assert_eq!(other, [arrangement]);
        drop(next);
        drop(other);
        // Every game's lists, one after another on one thread, match a fresh `Vec`.
        for game in Game::ALL {
            let s = GameState::new(game, Options::default()).unwrap();
            let mut fresh = Vec::new();
            crate::rules::legal_decisions_into(&s, &mut fresh);
            for _ in 0..3 {
                assert_eq!(legal_decisions(&s), fresh, "{game:?}");
            }
        }
    }

    #[test]
    fn lists_on_threads_that_end() {
        let handles: Vec<_> = (0..4)
            .map(|k| {
                std::thread::spawn(move || {
                    let list = list_of(&[sow(2, k), sow(3, k)], false);
                    let kept = list.clone();
                    drop(list);
                    assert_eq!(list_of(&[sow(3, k)], false), [sow(3, k)]);
                    kept
                })
            })
            .collect();
        for (k, h) in handles.into_iter().enumerate() {
            // A list outlives the thread whose storage it took.
            let kept = h.join().expect("no panic");
            assert_eq!(kept, [sow(2, k as u8), sow(3, k as u8)]);
        }
    }
}
