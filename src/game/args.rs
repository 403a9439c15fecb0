//! The game's command line: its options (`mancala-hall --help`), the same options in
//! a web page's query (`?game=hawalis`), and the starting position they ask for.

use super::look::graphics;
use super::play::session::{Seat, Seats};
use super::venue::online;
use crate::rules::{Game, GameState, Lot, Options, apply_quiet, random_decision};
use std::path::PathBuf;

/// The game's own command-line options.
pub const HELP: &str = "game options:
  --game NAME        start this game at once: omweso | anywoli | nsolo | hawalis | bao_kigogo
                     (without it the menu opens)
  --width N          Nsolo board width, 8..36 (default 8)
  --south SEAT       person | computer (default person)
  --north SEAT       person | computer (default person)
  --level NAME       the computer's level: beginner | player | expert | master | random
  --position FILE    start from a position saved as JSON (see docs/engine.md)
  --review FILE      open a saved game's review: the game as it ended, its graph, and
                     (once reviewed) the decision that gave up the most, on the board
  --turns N          first play N random decisions (seeded), to show a game in progress
  --seed N           seed of those random decisions (default 1)
  --north-seat       seat the camera on North's side
  --screenshot PATH  save a PNG of the window once the scene has settled, then exit
  --frame-stats N    print the frames per second (wall clock, rendering included) and
                     the CPU time of N frames after a warm-up of 10, then exit
  --reference-scene  Bevy's own 3d_scene instead of the game (with --frame-stats: the
                     yardstick of scripts/fps.sh)
  --kiosk FILE       museum mode with the settings in FILE (JSON; see the README):
                     fullscreen, touch-first, attract loop, idle reset
  --language CODE    the interface language: en | sw | ar | fr | lg | ny, or one a
                     text folder adds
  --text-dir DIR     a curator's texts: DIR/<code>/*.ftl change any sentence of a
                     language or add a language (docs/i18n.md); a broken file is
                     reported and the rest used
  --page NAME        open a page over the game: rules | story | tutorial | puzzles
  --puzzle-try HOW   with --page puzzles: play the answer (`right`) or another move
                     (`wrong`) at once, as if clicked (pictures, checks)
  --wait SECONDS     with --screenshot: wait this long first (default 0)
  --data DIR         the folder for saves and settings (default: $MANCALA_HALL_DATA,
                     else the user's data folder; see the README)
  --crash-drill N    panic on purpose once N decisions have been played: checks that a
                     crash saves the game, says so and ends (a kiosk's supervisor
                     then starts the game again); see docs/architecture.md
  --window WxH       open a window of this many pixels (default 1280x720), e.g. 640x360
                     to check a small screen
  --graphics NAME    auto | low | high: low draws a lighter picture for software
                     renderers (auto, the default, picks low on one)
  --online           open the title screen's online screen (lobby, quick match)
  --quick GAME       play someone now: wait on the server for an opponent for this
                     game (in the browser: ?quick=GAME)
  --create GAME      open an online room for this game (in the browser: ?create=GAME)
  --room CODE        join the online room with this code (in the browser: ?room=CODE)
  --watch CODE       watch the online room with this code
  --server URL       the game server for online play (default ws://127.0.0.1:8787; in
                     the browser, the page's own address if a game server served it,
                     else port 8787 of the page's own host)";

/// The command line of the browser build: the page's query string, so that
/// `index.html?game=hawalis&language=sw&north-seat` reads as
/// `--game hawalis --language sw --north-seat`. `+` and `%XX` are decoded.
pub fn args_from_query(query: &str) -> Vec<String> {
    let decode = |s: &str| {
        let s = s.replace('+', " ");
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
                (b'%', Some(&a), Some(&b)) if hex(a).is_some() && hex(b).is_some() => {
                    out.push((hex(a).unwrap_or(0) * 16 + hex(b).unwrap_or(0)) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    let mut args = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        args.push(format!("--{}", decode(name)));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    args
}

/// A window size written `WIDTHxHEIGHT`, from 320x240 to 7680x4320 pixels.
fn window_size(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once(['x', 'X'])?;
    let (w, h) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    ((320..=7680).contains(&w) && (240..=4320).contains(&h)).then_some((w, h))
}

/// Parsed game options.
#[derive(Clone, Debug, PartialEq)]
pub struct GameArgs {
    pub game: Option<Game>,
    pub width: u8,
    pub turns: u32,
    pub seed: u64,
    pub seats: Seats,
    /// The computer's level (`None`: random moves).
    pub level: Option<crate::ai::Level>,
    pub north_seat: bool,
    /// Bevy's `3d_scene` instead of the game (`--reference-scene`).
    pub reference_scene: bool,
    pub position: Option<PathBuf>,
    /// A saved game whose review opens at once (`--review`).
    pub review: Option<PathBuf>,
    pub screenshot: Option<PathBuf>,
    pub frame_stats: Option<usize>,
    /// Kiosk mode and its configuration file.
    pub kiosk: Option<PathBuf>,
    /// The interface language (else the saved setting, else English).
    pub language: Option<crate::content::i18n::Language>,
    /// A page to open at once (`rules`, `story`, `tutorial`, `puzzles`).
    pub page: Option<String>,
    /// With `--page puzzles`: play the answer (`Some(true)`) or another move at once.
    pub puzzle_try: Option<bool>,
    /// Seconds to wait before the screenshot.
    pub wait_s: f32,
    /// An online room to join (`--room`) or watch (`--watch`) at once.
    pub online: Option<online::OnlineRequest>,
    /// The game server (`--server`).
    pub server: Option<String>,
    /// Full or lighter graphics (`--graphics`).
    pub graphics: graphics::GraphicsChoice,
    /// The window's size in physical pixels (`--window WxH`; else Bevy's default).
    pub window: Option<(u32, u32)>,
    /// The folder for saves and settings (`--data`; else [`crate::storage::data_dir`]).
    pub data: Option<PathBuf>,
    /// Panic on purpose after this many decisions (`--crash-drill`, see [`crate::game::play::crash`]).
    pub crash_drill: Option<u32>,
}

/// A whole number given to `flag`.
fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag}: `{v}` is not a number"))
}

/// An online request of `--room`, `--watch`, `--create` or `--quick` with its value
/// (the server is filled in once every option is read).
fn online_request(flag: &str, v: &str) -> Result<online::OnlineRequest, String> {
    let server = String::new();
    match flag {
        "--room" | "--watch" => {
            let code = crate::online::room::normalise_code(v)
                .ok_or(format!("{flag}: `{v}` is not a room code"))?;
            Ok(if flag == "--room" {
                online::OnlineRequest::Join { server, code }
            } else {
                online::OnlineRequest::Watch { server, code }
            })
        }
        _ => {
            let game = Game::from_id(v).ok_or(format!("{flag}: unknown game `{v}`"))?;
            Ok(if flag == "--create" {
                online::OnlineRequest::Create {
                    server,
                    game,
                    options: Options::default(),
                    public: false,
                }
            } else {
                online::OnlineRequest::Quick {
                    server,
                    game,
                    options: Options::default(),
                }
            })
        }
    }
}

impl GameArgs {
    /// Parses the options in [`HELP`].
    pub fn parse(args: &[String]) -> Result<GameArgs, String> {
        let mut a = GameArgs::defaults();
        let mut language: Option<String> = None;
        let mut text_dir: Option<PathBuf> = None;
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or(format!("{flag} needs a value"));
            match flag.as_str() {
                "--language" => language = Some(value()?.clone()),
                "--text-dir" => text_dir = Some(PathBuf::from(value()?)),
                _ => a.read_option(flag, &mut value)?,
            }
        }
        a.finish(language, text_dir)?;
        Ok(a)
    }

    /// The options' values when none is given.
    fn defaults() -> GameArgs {
        GameArgs {
            game: None,
            width: 8,
            turns: 0,
            seed: 1,
            seats: Seats::default(),
            level: Some(crate::ai::Level::Player),
            north_seat: false,
            reference_scene: false,
            position: None,
            review: None,
            screenshot: None,
            frame_stats: None,
            kiosk: None,
            language: None,
            page: None,
            puzzle_try: None,
            wait_s: 0.0,
            online: None,
            server: None,
            graphics: graphics::GraphicsChoice::Auto,
            window: None,
            data: None,
            crash_drill: None,
        }
    }

    /// Reads one option (`value` gives the next argument, for an option that takes
    /// one).
    fn read_option<'a>(
        &mut self,
        flag: &str,
        value: &mut dyn FnMut() -> Result<&'a String, String>,
    ) -> Result<(), String> {
        let seat = |v: &str| match v {
            "person" | "human" => Ok(Seat::Person),
            "computer" | "ai" => Ok(Seat::Computer),
            _ => Err(format!("{flag}: `{v}` is not person or computer")),
        };
        match flag {
            "--game" => {
                let v = value()?;
                self.game = Some(Game::from_id(v).ok_or(format!("unknown game `{v}`"))?);
            }
            "--width" => {
                let v = value()?;
                self.width = v
                    .parse()
                    .ok()
                    .filter(|w| (8..=36).contains(w))
                    .ok_or(format!("--width must be 8..36, not `{v}`"))?;
            }
            "--turns" => self.turns = number(flag, value()?)?,
            "--seed" => self.seed = number(flag, value()?)?,
            "--south" => self.seats.south = seat(value()?)?,
            "--north" => self.seats.north = seat(value()?)?,
            "--north-seat" => self.north_seat = true,
            "--reference-scene" => self.reference_scene = true,
            "--level" => {
                let v = value()?;
                self.level = match v.as_str() {
                    "random" => None,
                    name => Some(
                        crate::ai::Level::from_name(name)
                            .ok_or(format!("--level: `{name}` is not a level"))?,
                    ),
                };
            }
            "--crash-drill" => self.crash_drill = Some(number(flag, value()?)?),
            "--data" => self.data = Some(PathBuf::from(value()?)),
            "--screenshot" => self.screenshot = Some(PathBuf::from(value()?)),
            "--position" => self.position = Some(PathBuf::from(value()?)),
            "--review" => self.review = Some(PathBuf::from(value()?)),
            "--frame-stats" => {
                let v = value()?;
                self.frame_stats = Some(
                    v.parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("--frame-stats: `{v}` is not a positive number"))?,
                );
            }
            "--kiosk" => self.kiosk = Some(PathBuf::from(value()?)),
            "--page" => {
                let v = value()?;
                if !["rules", "story", "tutorial", "puzzles"].contains(&v.as_str()) {
                    return Err(format!(
                        "--page: `{v}` is not rules, story, tutorial or puzzles"
                    ));
                }
                self.page = Some(v.clone());
            }
            "--puzzle-try" => {
                self.puzzle_try = Some(match value()?.as_str() {
                    "right" => true,
                    "wrong" => false,
                    v => return Err(format!("--puzzle-try: `{v}` is not right or wrong")),
                });
            }
            "--wait" => {
                let v = value()?;
                self.wait_s = v
                    .parse()
                    .ok()
                    .filter(|s: &f32| s.is_finite() && (0.0..=600.0).contains(s))
                    .ok_or(format!("--wait: `{v}` is not 0..600 seconds"))?;
            }
            "--room" | "--watch" | "--create" | "--quick" => {
                self.online = Some(online_request(flag, value()?)?);
            }
            "--online" => {
                self.online = Some(online::OnlineRequest::Lobby {
                    server: String::new(), // filled in below
                });
            }
            "--window" => {
                let v = value()?;
                self.window = Some(window_size(v).ok_or(format!(
                    "--window: `{v}` is not WIDTHxHEIGHT, 320x240 to 7680x4320"
                ))?);
            }
            "--graphics" => {
                let v = value()?;
                self.graphics = graphics::GraphicsChoice::from_name(v)
                    .ok_or(format!("--graphics: `{v}` is not auto, low or high"))?;
            }
            "--server" => {
                let v = value()?;
                if !(v.starts_with("ws://") || v.starts_with("wss://")) {
                    return Err(format!("--server: `{v}` is not a ws:// or wss:// address"));
                }
                self.server = Some(v.clone());
            }
            other => return Err(format!("unknown option `{other}`")),
        }
        Ok(())
    }

    /// After the options: the text folder read (so that `--language` may name a
    /// language it adds; its faults go to the log, and the game starts), the language
    /// found, and the server given to an online request.
    fn finish(
        &mut self,
        language: Option<String>,
        text_dir: Option<PathBuf>,
    ) -> Result<(), String> {
        if let Some(dir) = text_dir {
            crate::content::text_dir::install_reporting(&dir);
        }
        if let Some(code) = language {
            self.language = Some(crate::content::i18n::Language::from_code(&code).ok_or(format!(
                "--language: `{}` is not one of en, sw, ar, fr, lg, ny (or one a --text-dir adds)",
                crate::rules::shorten(&code)
            ))?);
        }
        let server = self.server.clone().unwrap_or_else(online::default_server);
        if let Some(
            online::OnlineRequest::Join { server: s, .. }
            | online::OnlineRequest::Watch { server: s, .. }
            | online::OnlineRequest::Create { server: s, .. }
            | online::OnlineRequest::Quick { server: s, .. }
            | online::OnlineRequest::Lobby { server: s },
        ) = &mut self.online
        {
            *s = server;
        }
        Ok(())
    }

    /// The game state these options describe.
    pub fn state(&self) -> Result<GameState, String> {
        let game = self.game.unwrap_or(Game::Omweso);
        let mut options = Options::default();
        if game == Game::Nsolo {
            options.width = self.width;
        }
        let mut s = match &self.position {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                GameState::from_json(&text)
                    .map_err(|e| format!("{} is not a valid position: {e}", path.display()))?
            }
            None => GameState::new(game, options).map_err(|e| e.to_string())?,
        };
        let mut lot = Lot(self.seed);
        for _ in 0..self.turns {
            let Some(d) = random_decision(&s, &mut lot) else {
                break;
            };
            apply_quiet(&mut s, d).map_err(|e| e.to_string())?;
        }
        Ok(s)
    }
}
