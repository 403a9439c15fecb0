//! The kiosk configuration (no Bevy): what a museum installation offers and how it
//! behaves when nobody is at the screen. Read from the JSON file named by
//! `--kiosk FILE`; every field is optional (see [`KioskConfig::default`] and the
//! README). A bad file is refused with a reason naming the field.

use crate::content::i18n::Language;
use crate::rules::{Game, GameState, Options, bound_message, shorten};
use serde::Deserialize;
use std::collections::BTreeMap;

/// How the installation is left: a key combination, and/or taps in a screen corner.
#[derive(Clone, Debug, PartialEq)]
pub struct ExitGesture {
    /// Keys held together, e.g. `ctrl+shift+q` (empty: no key combination).
    pub keys: Vec<String>,
    /// The corner for the tap gesture (`None`: no corner gesture).
    pub corner: Option<Corner>,
    /// Taps needed in the corner.
    pub taps: u32,
    /// Within this many seconds.
    pub within_s: f32,
}

/// A corner of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

impl Corner {
    /// Whether a point of a `w`×`h` window lies in this corner's square of side `size`.
    pub fn contains(self, x: f32, y: f32, w: f32, h: f32, size: f32) -> bool {
        let left = x <= size;
        let right = x >= w - size;
        let top = y <= size;
        let bottom = y >= h - size;
        match self {
            Corner::TopLeft => left && top,
            Corner::TopRight => right && top,
            Corner::BottomLeft => left && bottom,
            Corner::BottomRight => right && bottom,
        }
    }
}

/// A kiosk installation's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct KioskConfig {
    /// The games offered, in this order (also the attract loop's order).
    pub games: Vec<Game>,
    /// The options each game is played with (defaults where not given).
    pub options: BTreeMap<Game, Options>,
    /// Offer two visitors playing each other, besides playing the computer.
    pub two_players: bool,
    /// The computer's level against a visitor.
    pub level: crate::ai::Level,
    /// Seconds of no touch on the welcome screen before the attract loop starts.
    pub attract_after_s: f32,
    /// Seconds of no touch in a game before the reset countdown shows.
    pub reset_after_s: f32,
    /// Seconds the countdown shows before the game returns to the welcome screen.
    pub countdown_s: f32,
    /// Turns an attract game is shown before the loop moves to the next game.
    pub attract_turns: u32,
    /// Visitors may take moves back.
    pub undo: bool,
    /// The language the welcome screen returns to.
    pub language: Language,
    /// The languages offered.
    pub languages: Vec<Language>,
    /// Run fullscreen.
    pub fullscreen: bool,
    /// How much larger than on the desktop the interface is drawn (touch targets).
    pub touch_scale: f32,
    /// How to leave.
    pub exit: ExitGesture,
    /// A touch table: the screen lies flat between two players sitting face to face.
    /// The board is seen from above; each player's status, prompts and buttons stand
    /// at their own edge, North's turned to face North, each in its own language.
    pub table: bool,
}

impl Default for KioskConfig {
    fn default() -> Self {
        let mut options = BTreeMap::new();
        for g in Game::ALL {
            let mut o = Options::default();
            if g == Game::Omweso {
                // A match to 12 points is an afternoon; a visitor plays one game.
                o.match_target = 1;
            }
            options.insert(g, o);
        }
        KioskConfig {
            games: Game::ALL.to_vec(),
            options,
            two_players: true,
            level: crate::ai::Level::Beginner,
            attract_after_s: 60.0,
            reset_after_s: 90.0,
            countdown_s: 15.0,
            attract_turns: 24,
            undo: true,
            language: Language::English,
            languages: Language::all(),
            fullscreen: true,
            touch_scale: 1.5,
            exit: ExitGesture {
                keys: vec!["ctrl".into(), "shift".into(), "q".into()],
                corner: Some(Corner::TopLeft),
                taps: 5,
                within_s: 3.0,
            },
            table: false,
        }
    }
}

/// The file form: every field optional.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct ConfigFile {
    games: Option<Vec<String>>,
    options: Option<BTreeMap<String, serde_json::Value>>,
    two_players: Option<bool>,
    level: Option<String>,
    attract_after_s: Option<f32>,
    reset_after_s: Option<f32>,
    countdown_s: Option<f32>,
    attract_turns: Option<u32>,
    undo: Option<bool>,
    language: Option<String>,
    languages: Option<Vec<String>>,
    text_dir: Option<String>,
    fullscreen: Option<bool>,
    touch_scale: Option<f32>,
    exit: Option<ExitFile>,
    table: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct ExitFile {
    keys: Option<String>,
    /// A corner, or `none`.
    corner: Option<String>,
    taps: Option<u32>,
    within_s: Option<f32>,
}

/// The keys an exit combination may name.
pub const EXIT_KEY_NAMES: &str = "ctrl, shift, alt, a..z, 0..9, f1..f12, escape";

fn valid_key(k: &str) -> bool {
    matches!(k, "ctrl" | "shift" | "alt" | "escape")
        || (k.len() == 1
            && k.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
        || k.strip_prefix('f')
            .and_then(|n| n.parse::<u8>().ok())
            .is_some_and(|n| (1..=12).contains(&n))
}

impl KioskConfig {
    /// Reads a configuration from JSON text; an error says which field is wrong.
    pub fn from_json(text: &str) -> Result<KioskConfig, String> {
        let file: ConfigFile =
            crate::storage::from_json_named(text).map_err(|e| bound_message(&e))?;
        let mut c = KioskConfig::default();
        if let Some(games) = file.games {
            c.games = games
                .iter()
                .map(|g| Game::from_id(g).ok_or(format!("games: unknown game `{}`", shorten(g))))
                .collect::<Result<_, _>>()?;
            if c.games.is_empty() {
                return Err("games: offer at least one game".into());
            }
        }
        for (id, value) in file.options.unwrap_or_default() {
            let g =
                Game::from_id(&id).ok_or(format!("options: unknown game `{}`", shorten(&id)))?;
            let o: Options = serde_json::from_value(value)
                .map_err(|e| bound_message(&format!("options.{id}: {e}")))?;
            GameState::new(g, o).map_err(|e| format!("options.{id}: {e}"))?;
            c.options.insert(g, o);
        }
        if let Some(v) = file.two_players {
            c.two_players = v;
        }
        if let Some(l) = file.level {
            c.level = crate::ai::Level::from_name(&l)
                .ok_or(format!("level: `{}` is not a level", shorten(&l)))?;
        }
        let seconds = |name: &str, v: Option<f32>, min: f32, into: &mut f32| {
            if let Some(v) = v {
                if !(v.is_finite() && v >= min && v <= 86_400.0) {
                    return Err(format!(
                        "{name}: {v} is not between {min} and 86400 seconds"
                    ));
                }
                *into = v;
            }
            Ok(())
        };
        seconds(
            "attract_after_s",
            file.attract_after_s,
            5.0,
            &mut c.attract_after_s,
        )?;
        seconds(
            "reset_after_s",
            file.reset_after_s,
            10.0,
            &mut c.reset_after_s,
        )?;
        seconds("countdown_s", file.countdown_s, 3.0, &mut c.countdown_s)?;
        if let Some(t) = file.attract_turns {
            if t == 0 {
                return Err("attract_turns: at least 1".into());
            }
            c.attract_turns = t;
        }
        if let Some(v) = file.undo {
            c.undo = v;
        }
        read_languages(file.languages, file.language, &mut c)?;
        if let Some(v) = file.fullscreen {
            c.fullscreen = v;
        }
        if let Some(s) = file.touch_scale {
            if !(s.is_finite() && (1.0..=3.0).contains(&s)) {
                return Err(format!("touch_scale: {s} is not between 1 and 3"));
            }
            c.touch_scale = s;
        }
        if let Some(e) = file.exit {
            read_exit(e, &mut c.exit)?;
        }
        if let Some(v) = file.table {
            c.table = v;
        }
        if c.exit.keys.is_empty() && c.exit.corner.is_none() {
            return Err("exit: give keys or a corner, or the kiosk cannot be left".into());
        }
        Ok(c)
    }

    /// Reads the configuration file.
    pub fn load(path: &std::path::Path) -> Result<KioskConfig, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // The curator's text folder first (relative to this file), so that the
        // languages may name one it adds; its faults go to the log.
        if let Ok(file) = crate::storage::from_json_named::<ConfigFile>(&text)
            && let Some(dir) = file.text_dir
        {
            let dir = path.parent().unwrap_or(std::path::Path::new(".")).join(dir);
            crate::content::text_dir::install_reporting(&dir);
        }
        KioskConfig::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// A new game of `game` with this installation's options and the given seed.
    pub fn new_game(&self, game: Game, seed: u64) -> GameState {
        let mut o = self.options.get(&game).copied().unwrap_or_default();
        o.seed = seed;
        GameState::new(game, o)
            .or_else(|_| {
                GameState::new(
                    game,
                    Options {
                        seed,
                        ..Options::default()
                    },
                )
            })
            .expect("the default options are valid for every game")
    }
}

/// The file's `languages` and `language` into `c`: the languages offered, and the one
/// the welcome screen returns to (the first offered where it names none).
fn read_languages(
    languages: Option<Vec<String>>,
    language: Option<String>,
    c: &mut KioskConfig,
) -> Result<(), String> {
    if let Some(l) = languages {
        c.languages = l
            .iter()
            .map(|l| Language::from_code(l).ok_or(format!("languages: unknown `{}`", shorten(l))))
            .collect::<Result<_, _>>()?;
        if c.languages.is_empty() {
            return Err("languages: offer at least one language".into());
        }
    }
    match language {
        Some(l) => {
            c.language =
                Language::from_code(&l).ok_or(format!("language: unknown `{}`", shorten(&l)))?
        }
        None => c.language = c.languages[0],
    }
    if !c.languages.contains(&c.language) {
        return Err(format!(
            "language: `{}` is not among the languages offered",
            c.language.code()
        ));
    }
    Ok(())
}

/// The file's `exit` into `exit`: the key combination, the corner and its taps.
fn read_exit(e: ExitFile, exit: &mut ExitGesture) -> Result<(), String> {
    if let Some(keys) = e.keys {
        let keys: Vec<String> = keys
            .split('+')
            .map(|k| k.trim().to_ascii_lowercase())
            .filter(|k| !k.is_empty())
            .collect();
        if let Some(bad) = keys.iter().find(|k| !valid_key(k)) {
            return Err(format!(
                "exit.keys: `{}` is not a key (use {EXIT_KEY_NAMES}, joined by +)",
                shorten(bad)
            ));
        }
        exit.keys = keys;
    }
    if let Some(corner) = e.corner {
        exit.corner = match corner.as_str() {
            "none" => None,
            "top_left" => Some(Corner::TopLeft),
            "top_right" => Some(Corner::TopRight),
            "bottom_left" => Some(Corner::BottomLeft),
            "bottom_right" => Some(Corner::BottomRight),
            other => {
                return Err(format!(
                    "exit.corner: `{}` is not top_left, top_right, bottom_left, \
                     bottom_right or none",
                    shorten(other)
                ));
            }
        };
    }
    if let Some(t) = e.taps {
        if !(2..=20).contains(&t) {
            return Err("exit.taps: between 2 and 20".into());
        }
        exit.taps = t;
    }
    if let Some(w) = e.within_s {
        if !(w.is_finite() && (0.5..=30.0).contains(&w)) {
            return Err("exit.within_s: between 0.5 and 30 seconds".into());
        }
        exit.within_s = w;
    }
    Ok(())
}

/// Taps in a corner, counted towards the exit gesture.
#[derive(Clone, Debug, Default)]
pub struct CornerTaps {
    times: Vec<f32>,
}

impl CornerTaps {
    /// Records a tap in the corner at `now` (seconds); true when the gesture is complete.
    pub fn tap(&mut self, now: f32, gesture: &ExitGesture) -> bool {
        self.times.retain(|&t| now - t <= gesture.within_s);
        self.times.push(now);
        if self.times.len() as u32 >= gesture.taps {
            self.times.clear();
            true
        } else {
            false
        }
    }
}
