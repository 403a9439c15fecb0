//! The shipped puzzle sets (`assets/puzzles/NAME.jsonl`), each read the first time it
//! is asked for. The desktop compiles them in, deflated (`content::packed`); the
//! browser fetches each file beside the page through Bevy's asset server, so that its
//! download stays as it was for a visitor who never opens a puzzle.

use crate::ai::puzzles::{Puzzle, PuzzleSet, read_puzzles};
use crate::game::ui::fetched::{Arrival, FetchedFile, arrival};
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The sets asked for so far, by name ([`PuzzleSet::name`]).
#[derive(Resource, Default)]
pub struct PuzzleBook {
    shelves: BTreeMap<String, Shelf>,
}

/// A set as far as it has come.
pub enum Shelf {
    /// Being fetched (the browser).
    Fetching(Handle<FetchedFile>),
    /// Read: its puzzles.
    Loaded(Arc<Vec<Puzzle>>),
    /// It could not be read: why.
    Failed(String),
}

impl PuzzleBook {
    /// Asks for a set: read at once where it is compiled in, else fetched with
    /// `assets` (none: it fails, saying so).
    pub fn ask(&mut self, set: PuzzleSet, assets: Option<&AssetServer>) {
        let name = set.name();
        if self.shelves.contains_key(&name) {
            return;
        }
        let shelf = match (compiled_in(&name), assets) {
            (Some(text), _) => loaded(&name, text),
            (None, Some(assets)) => {
                info!("fetching the puzzles {name}");
                Shelf::Fetching(assets.load(format!("puzzles/{name}.jsonl")))
            }
            (None, None) => Shelf::Failed(format!("{name}: not in this build")),
        };
        self.shelves.insert(name, shelf);
    }

    /// A set's puzzles, once read.
    pub fn puzzles(&self, set: PuzzleSet) -> Option<Arc<Vec<Puzzle>>> {
        match self.shelves.get(&set.name()) {
            Some(Shelf::Loaded(p)) => Some(p.clone()),
            _ => None,
        }
    }

    /// Why a set could not be read, if it could not.
    pub fn failure(&self, set: PuzzleSet) -> Option<&str> {
        match self.shelves.get(&set.name()) {
            Some(Shelf::Failed(why)) => Some(why),
            _ => None,
        }
    }
}

/// A set's text read into a shelf: its puzzles, a bad line logged and skipped.
fn loaded(name: &str, text: &str) -> Shelf {
    let (puzzles, faults) = read_puzzles(text);
    for fault in &faults {
        warn!("puzzles {name}: {fault}");
    }
    if puzzles.is_empty() {
        return Shelf::Failed(format!("{name}: no puzzle could be read"));
    }
    Shelf::Loaded(Arc::new(puzzles))
}

/// A shipped set's text, where the program holds it.
#[cfg(not(target_arch = "wasm32"))]
fn compiled_in(name: &str) -> Option<&'static str> {
    Some(match name {
        "omweso" => crate::packed_text!("puzzles/omweso.jsonl"),
        "anywoli" => crate::packed_text!("puzzles/anywoli.jsonl"),
        "nsolo" => crate::packed_text!("puzzles/nsolo.jsonl"),
        "nsolo-12" => crate::packed_text!("puzzles/nsolo-12.jsonl"),
        "hawalis" => crate::packed_text!("puzzles/hawalis.jsonl"),
        "bao_kigogo" => crate::packed_text!("puzzles/bao_kigogo.jsonl"),
        _ => return None,
    })
}

/// In the browser the sets are fetched.
#[cfg(target_arch = "wasm32")]
fn compiled_in(_name: &str) -> Option<&'static str> {
    None
}

/// The book, and in the browser the fetching of its sets.
pub fn plugin(app: &mut App) {
    app.init_resource::<PuzzleBook>();
    if cfg!(target_arch = "wasm32") {
        crate::game::ui::fetched::need_fetched_files(app);
        app.add_systems(Update, shelve_fetched);
    }
}

/// Puts the sets that have come on their shelves (or says why one did not).
fn shelve_fetched(
    mut book: ResMut<PuzzleBook>,
    files: Res<Assets<FetchedFile>>,
    assets: Res<AssetServer>,
    mut wake: ResMut<crate::game::wake::WakeAt>,
) {
    let mut waiting = false;
    for (name, shelf) in book.shelves.iter_mut() {
        let Shelf::Fetching(handle) = shelf else {
            continue;
        };
        match arrival(handle, &files, &assets) {
            Arrival::Came(file) => {
                *shelf = match std::str::from_utf8(&file.0) {
                    Ok(text) => loaded(name, text),
                    Err(e) => Shelf::Failed(format!("{name}: not UTF-8 ({e})")),
                };
            }
            Arrival::Failed(e) => {
                warn!("the puzzles {name} could not be fetched: {e}");
                *shelf = Shelf::Failed(format!("{name}: {e}"));
            }
            Arrival::Waiting => waiting = true,
        }
    }
    if waiting {
        // Nothing wakes the window when a fetch ends: look again shortly.
        wake.within(std::time::Duration::from_millis(100));
    }
}
