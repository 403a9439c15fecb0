//! Saved games and settings on disk: versioned JSON, written to a temporary file and
//! renamed into place so that a crash never leaves half a file, and read with clear
//! errors so that a bad file is refused and nothing already saved is lost.

use crate::rules::{GameRecord, GameState, RuleError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format version of saved games this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// Who played a side in a saved game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    #[default]
    Person,
    Computer,
}

/// A saved game: what is needed to replay it, not a memory dump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
    /// Who played South and North.
    #[serde(default)]
    pub seats: [SeatKind; 2],
    pub record: GameRecord,
}

impl SavedGame {
    /// A save of this record.
    pub fn new(record: GameRecord, seats: [SeatKind; 2]) -> SavedGame {
        SavedGame {
            version: SAVE_VERSION,
            seats,
            record,
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
        let save: SavedGame =
            serde_json::from_value(raw).map_err(|e| format!("damaged saved game: {e}"))?;
        let (state, _) = save.record.replay().map_err(|e: RuleError| e.to_string())?;
        Ok((save, state))
    }

    /// The save as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a saved game always serializes")
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

/// Settings kept between runs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `slow`, `normal`, `fast` or `instant`.
    pub speed: SpeedSetting,
    /// 0.0 to 1.0.
    pub volume: f32,
    /// `always`, `on_hover` or `off`.
    pub counts: CountsSetting,
    /// Seat the camera on North's side.
    pub north_seat: bool,
    /// The interface language, `en` or `sw`.
    pub language: crate::content::i18n::Language,
    /// Interface text size, 0.8 to 2.0.
    pub text_scale: f32,
    /// The high-contrast look.
    pub high_contrast: bool,
    /// Seeds slide instead of hopping.
    pub reduced_motion: bool,
    /// The caption line explaining each move.
    pub explain: bool,
}

/// Animation speed as saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeedSetting {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

/// Seed counts as saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountsSetting {
    #[default]
    Always,
    OnHover,
    Off,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            speed: SpeedSetting::Normal,
            volume: 0.7,
            counts: CountsSetting::Always,
            north_seat: false,
            language: crate::content::i18n::Language::English,
            text_scale: 1.0,
            high_contrast: false,
            reduced_motion: false,
            explain: true,
        }
    }
}

impl Settings {
    /// Reads settings; a missing or bad file gives the defaults (and says why).
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        match read_text(path) {
            Err(_) => (Settings::default(), None),
            Ok(text) => match serde_json::from_str::<Settings>(&text) {
                Ok(mut s) => {
                    s.volume = if s.volume.is_finite() {
                        s.volume.clamp(0.0, 1.0)
                    } else {
                        0.7
                    };
                    s.text_scale = if s.text_scale.is_finite() {
                        s.text_scale.clamp(0.8, 2.0)
                    } else {
                        1.0
                    };
                    (s, None)
                }
                Err(e) => (
                    Settings::default(),
                    Some(format!("{}: ignored ({e})", path.display())),
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_round_trip_and_bad_files_give_defaults() {
        let dir = std::env::temp_dir().join(format!("mancala-settings-{}", std::process::id()));
        let path = dir.join("settings.json");
        let s = Settings {
            speed: SpeedSetting::Fast,
            volume: 0.25,
            counts: CountsSetting::OnHover,
            north_seat: true,
            language: crate::content::i18n::Language::Swahili,
            text_scale: 1.5,
            high_contrast: true,
            reduced_motion: true,
            explain: false,
        };
        write_atomic(&path, &serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(Settings::load(&path), (s, None));
        std::fs::write(&path, "{\"volume\": \"loud\"").unwrap();
        let (got, why) = Settings::load(&path);
        assert_eq!(got, Settings::default());
        assert!(why.unwrap().contains("ignored"));
        std::fs::write(&path, "{\"volume\": 7.5}").unwrap();
        assert_eq!(Settings::load(&path).0.volume, 1.0);
        std::fs::write(&path, "{\"text_scale\": 40, \"language\": \"sw\"}").unwrap();
        let (got, _) = Settings::load(&path);
        assert_eq!(got.text_scale, 2.0);
        assert_eq!(got.language, crate::content::i18n::Language::Swahili);
        std::fs::write(&path, "{\"language\": \"klingon\"}").unwrap();
        let (got, why) = Settings::load(&path);
        assert_eq!(got, Settings::default());
        assert!(why.is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
