//! Saved games and settings on disk: versioned JSON, written to a temporary file and
//! renamed into place so that a crash never leaves half a file, and read with clear
//! errors so that a bad file is refused and nothing already saved is lost.

use crate::ai::puzzles::KeptPuzzles;
use crate::rules::{GameRecord, GameState, RuleError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format version of saved games this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// Who played a side in a saved game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    #[default]
    Person,
    Computer,
    /// A player elsewhere, whose decisions come from a game server (online play). A
    /// saved game records him as a person.
    Remote,
}

/// A saved game: what is needed to replay it, not a memory dump.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
    /// Who played South and North.
    #[serde(default)]
    pub seats: [Seat; 2],
    pub record: GameRecord,
    /// The game's review, once made (optional: saves without one load as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<crate::ai::review::SavedReview>,
}

impl SavedGame {
    /// A save of this record.
    pub fn new(record: GameRecord, seats: [Seat; 2]) -> SavedGame {
        SavedGame {
            version: SAVE_VERSION,
            seats,
            record,
            review: None,
        }
    }

    /// Reads and checks a saved game: its version, shape, and that every decision is
    /// legal where it stands. Returns the save and the state it leads to.
    pub fn from_json(text: &str) -> Result<(SavedGame, GameState), String> {
        // Look at the version first, so that a newer file says so rather than failing
        // on a field this build does not know.
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not a saved game (bad JSON: {e})"))?;
        match raw.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == SAVE_VERSION as u64 => {}
            Some(v) if v > SAVE_VERSION as u64 => {
                return Err(format!(
                    "saved by a newer version of Mancala Hall (format {v}; this one reads {SAVE_VERSION})"
                ));
            }
            Some(v) => return Err(format!("unknown save format version {v}")),
            None => return Err("not a saved game (no version)".into()),
        }
        let mut save: SavedGame = serde_path_to_error::deserialize(raw)
            .map_err(|e| format!("damaged saved game: {}", describe_path_error(&e)))?;
        let (state, _) = save.record.replay().map_err(|e: RuleError| e.to_string())?;
        // A review that is not of these decisions is dropped (it can be made again);
        // the game itself still loads.
        if save.review.as_ref().is_some_and(|r| !r.fits(&save.record)) {
            save.review = None;
        }
        Ok((save, state))
    }

    /// The save as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a saved game always serializes")
    }
}

/// Parses JSON text; an error names the field it is about (`seats[1]: unknown variant
/// ...`), not only a line and column.
pub fn from_json_named<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| describe_path_error(&e))?;
    de.end().map_err(|e| e.to_string())?;
    Ok(value)
}

/// A serde error with the path of the field it is about, when it has one.
pub fn describe_path_error<E: std::fmt::Display>(e: &serde_path_to_error::Error<E>) -> String {
    let path = e.path().to_string();
    if path.is_empty() || path == "." {
        e.inner().to_string()
    } else {
        format!("{path}: {}", e.inner())
    }
}

/// Writes `text` to `path` atomically: a temporary file beside it, then a rename.
/// In the browser the "file" is a local-storage entry named by the path.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Reads a whole file (in the browser, a local-storage entry).
#[cfg(not(target_arch = "wasm32"))]
pub fn read_text(path: &Path) -> std::io::Result<String> {
    std::fs::read_to_string(path)
}

/// Whether a file (in the browser, a local-storage entry) exists.
#[cfg(not(target_arch = "wasm32"))]
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// The `.json` files directly in `dir` (in the browser, the entries under it).
#[cfg(not(target_arch = "wasm32"))]
pub fn list_json(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect()
}

/// The browser's local storage, the web build's disk: one entry per "file".
#[cfg(target_arch = "wasm32")]
mod web {
    use std::io::{Error, ErrorKind, Result};
    use std::path::{Path, PathBuf};

    fn storage() -> Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| Error::new(ErrorKind::Unsupported, "no local storage in this browser"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
        // One setItem replaces the entry whole: already atomic.
        storage()?
            .set_item(&key(path), text)
            .map_err(|_| Error::new(ErrorKind::StorageFull, "local storage is full"))
    }

    pub fn read_text(path: &Path) -> Result<String> {
        storage()?
            .get_item(&key(path))
            .ok()
            .flatten()
            .ok_or_else(|| Error::new(ErrorKind::NotFound, "not saved in this browser"))
    }

    pub fn exists(path: &Path) -> bool {
        read_text(path).is_ok()
    }

    pub fn list_json(dir: &Path) -> Vec<PathBuf> {
        let Ok(s) = storage() else { return Vec::new() };
        let prefix = format!("{}/", key(dir));
        let n = s.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| {
                k.strip_prefix(&prefix)
                    .is_some_and(|rest| !rest.contains('/') && rest.ends_with(".json"))
            })
            .map(PathBuf::from)
            .collect()
    }
}

#[cfg(target_arch = "wasm32")]
pub use web::{exists, list_json, read_text, write_atomic};

/// Reads a saved game file.
pub fn load_game(path: &Path) -> Result<(SavedGame, GameState), String> {
    let text = read_text(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    SavedGame::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The folder for saves and settings: `$MANCALA_HALL_DATA`, else
/// `$XDG_DATA_HOME/mancala-hall`, else `~/.local/share/mancala-hall` (on Windows
/// `%APPDATA%\\mancala-hall`); `None` where there is no such folder. In the browser,
/// `mancala-hall`: the prefix of the local-storage entries.
#[cfg(target_arch = "wasm32")]
pub fn data_dir() -> Option<PathBuf> {
    Some(PathBuf::from("mancala-hall"))
}

/// The folder for saves and settings: `$MANCALA_HALL_DATA`, else
/// `$XDG_DATA_HOME/mancala-hall`, else `~/.local/share/mancala-hall` (on Windows
/// `%APPDATA%\\mancala-hall`); `None` where there is no such folder.
#[cfg(not(target_arch = "wasm32"))]
pub fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(d) = env("MANCALA_HALL_DATA") {
        return Some(d);
    }
    if let Some(d) = env("XDG_DATA_HOME") {
        return Some(d.join("mancala-hall"));
    }
    if let Some(d) = env("APPDATA") {
        return Some(d.join("mancala-hall"));
    }
    env("HOME").map(|h| h.join(".local/share/mancala-hall"))
}

/// Reads a player's puzzles file ([`KeptPuzzles`]); a missing one gives a new player's,
/// a bad one too (and says why; the file stays as it is until the next write).
pub fn load_kept_puzzles(path: &Path) -> (KeptPuzzles, Option<String>) {
    match read_text(path) {
        Err(_) => (KeptPuzzles::default(), None),
        Ok(text) => match from_json_named::<KeptPuzzles>(&text) {
            Ok(mut kept) => {
                kept.progress.mend();
                kept.mine
                    .retain(|p| p.state().is_ok() && !p.answer.is_empty());
                (kept, None)
            }
            Err(e) => (
                KeptPuzzles::default(),
                Some(format!("{}: ignored ({e})", path.display())),
            ),
        },
    }
}

/// Writes a player's puzzles file (atomically; in the browser, to local storage).
pub fn save_kept_puzzles(path: &Path, kept: &KeptPuzzles) -> std::io::Result<()> {
    let text = serde_json::to_string(kept).map_err(std::io::Error::other)?;
    write_atomic(path, &text)
}
