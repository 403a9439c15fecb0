//! The settings kept between runs, defined once: the game uses [`Speed`] and
//! [`CountDisplay`] directly as resources, and reads and writes [`Settings`] as
//! `settings.json` in [`crate::storage::data_dir`] (see `game::settings_file`). No Bevy
//! here beyond the `Resource` derive of the `game` feature.

use crate::storage::{read_text, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Settings kept between runs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `slow`, `normal`, `fast` or `instant`.
    pub speed: Speed,
    /// 0.0 to 1.0.
    pub volume: f32,
    /// `always`, `on_hover` or `off`.
    pub counts: CountDisplay,
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

/// How fast the seeds move (also a game resource).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "game", derive(bevy::prelude::Resource))]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// No animation: the seeds jump to the end of each turn.
    Instant,
}

impl Speed {
    /// How much faster than normal.
    pub fn factor(self) -> f32 {
        match self {
            Speed::Slow => 0.5,
            Speed::Normal => 1.0,
            Speed::Fast => 3.0,
            Speed::Instant => f32::INFINITY,
        }
    }

    /// All speeds, for the settings menu.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];
}

/// When pits show their seed count (also a game resource).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "game", derive(bevy::prelude::Resource))]
#[serde(rename_all = "snake_case")]
pub enum CountDisplay {
    #[default]
    Always,
    OnHover,
    Off,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            speed: Speed::Normal,
            volume: 0.7,
            counts: CountDisplay::Always,
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
    /// Writes the settings (atomically; in the browser, to local storage).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        write_atomic(path, &text)
    }

    /// Reads settings; a missing or bad file gives the defaults (and says why).
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        match read_text(path) {
            Err(_) => (Settings::default(), None),
            Ok(text) => match crate::storage::from_json_named::<Settings>(&text) {
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
            speed: Speed::Fast,
            volume: 0.25,
            counts: CountDisplay::OnHover,
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
        let why = why.unwrap();
        assert!(why.contains("ignored"), "{why}");
        std::fs::write(&path, "{\"speed\": \"warp\"}").unwrap();
        let why = Settings::load(&path).1.unwrap();
        assert!(
            why.contains("speed: unknown variant"),
            "names the field: {why}"
        );
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
