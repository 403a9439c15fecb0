//! What several layers of the front end share, at the bottom of them all: messages
//! that one layer writes and layers below it read (registered by the plugin of the
//! layer that writes them), and settings that the interface edits and the board obeys.

use crate::content::bidi;
use crate::content::i18n::{self, Language};
use crate::game::Venue;
use crate::online::protocol::Phrase;
use crate::rules::{Decision, Game, Options, Outcome, Pit, Player};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;
use std::fmt::Display;
use std::sync::{Mutex, OnceLock};

/// A new game is on the board (after a
/// [`StartGame`](crate::game::play::session::StartGame)): the board, scene and camera
/// are rebuilt for it.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameStarted;

/// How the interface adapts to the person in front of it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Access {
    /// Interface text and controls are this many times their normal size (0.8..=2).
    pub text_scale: f32,
    /// Stronger colours and outlines in the interface, brighter highlights on the board.
    pub high_contrast: bool,
    /// Seeds slide without hops and the camera never moves by itself.
    pub reduced_motion: bool,
    /// A caption line explains each event of a move as it is shown.
    pub explain: bool,
}

impl Default for Access {
    fn default() -> Self {
        Access {
            text_scale: 1.0,
            high_contrast: false,
            reduced_motion: false,
            explain: true,
        }
    }
}

impl Access {
    /// The text scale within its bounds (a hand-edited settings file may hold anything).
    pub fn clamped_scale(&self) -> f32 {
        if self.text_scale.is_finite() {
            self.text_scale.clamp(0.8, 2.0)
        } else {
            1.0
        }
    }
}

/// The language of the interface; switchable at run time. (Its text that wraps is
/// laid out by `game::ui::language`.)
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tr(pub Language);

impl Tr {
    /// The text of a key, as it is drawn (one line).
    pub fn t(&self, key: &'static str) -> &'static str {
        let text = i18n::text(self.0, key);
        if self.0.is_rtl() { drawn(text) } else { text }
    }

    /// The text of a key with its variables (`{ $name }`) filled in, as it is drawn
    /// (one line).
    pub fn f(&self, key: &'static str, args: &[(&str, &dyn Display)]) -> String {
        self.line(i18n::fill(self.0, key, args))
    }

    /// A player's name, in reading order (a value for [`Tr::f`]).
    pub fn player(&self, p: Player) -> &'static str {
        i18n::text(self.0, i18n::player_key(p))
    }

    /// Who won and why, as it is drawn.
    pub fn outcome(&self, o: &Outcome) -> String {
        self.line(i18n::outcome_line(self.0, o))
    }

    /// A line made in reading order (from `i18n`), as it is drawn.
    pub fn line(&self, text: String) -> String {
        if self.0.is_rtl() {
            bidi::visual_line(&text)
        } else {
            text
        }
    }

    /// The text of a key in reading order, for [`Tr::paragraph`] or to be filled into
    /// another message.
    pub fn reading<'a>(&self, key: &'a str) -> &'a str {
        i18n::text(self.0, key)
    }
}

/// A message of a right-to-left language in drawing order, turned once and kept (the
/// catalogs live as long as the program).
fn drawn(text: &'static str) -> &'static str {
    static DRAWN: OnceLock<Mutex<HashMap<&'static str, &'static str>>> = OnceLock::new();
    let mut drawn = DRAWN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    drawn
        .entry(text)
        .or_insert_with(|| Box::leak(bidi::visual_line(text).into_boxed_str()))
}

/// The page open over the menu or the game (a state: the menu, the kiosk's welcome
/// screen and the HUD step aside while one is open).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Page {
    #[default]
    Closed,
    Rules(Game),
    Story(Game),
}

/// What the kiosk is showing (a sub-state of [`Venue::Museum`]: present only in
/// kiosk mode).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Venue = Venue::Museum)]
pub enum KioskPhase {
    /// The welcome screen ([`AppState::Menu`](crate::game::AppState::Menu)), waiting for a visitor.
    #[default]
    Welcome,
    /// The computer plays itself to draw visitors in.
    Attract,
    /// A visitor plays (or follows a lesson).
    Playing,
}

/// The interface's colours, drawn from the boards and seeds.
pub struct Palette {
    /// Panels: dark ebony, a little translucent so the scene shows through.
    pub panel: egui::Color32,
    /// Sunken areas (text fields, lists).
    pub well: egui::Color32,
    /// Thin outlines.
    pub edge: egui::Color32,
    /// Body text: cream, like the lime-washed walls.
    pub text: egui::Color32,
    /// Secondary text.
    pub muted: egui::Color32,
    /// Buttons at rest, under the pointer and pressed: board woods.
    pub wood: egui::Color32,
    pub wood_lit: egui::Color32,
    pub wood_pressed: egui::Color32,
    /// What is chosen or matters (Okabe–Ito orange).
    pub accent: egui::Color32,
    /// Text on the accent.
    pub ink: egui::Color32,
}

/// The one palette of the interface.
pub const PALETTE: Palette = Palette {
    panel: egui::Color32::from_rgba_premultiplied(24, 17, 12, 232),
    well: egui::Color32::from_rgb(16, 11, 8),
    edge: egui::Color32::from_rgb(96, 70, 48),
    text: egui::Color32::from_rgb(240, 228, 206),
    muted: egui::Color32::from_rgb(190, 168, 140),
    wood: egui::Color32::from_rgb(72, 46, 28),
    wood_lit: egui::Color32::from_rgb(104, 66, 38),
    wood_pressed: egui::Color32::from_rgb(138, 84, 42),
    accent: egui::Color32::from_rgb(230, 159, 0),
    ink: egui::Color32::from_rgb(28, 18, 8),
};

// What the person points at and chooses: the board shows it, `play::input` turns it
// into decisions.

/// A pit was clicked, tapped or chosen with the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitClicked(pub Pit);

/// Decisions offered for one pit, waiting for the person to pick one.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice(pub Vec<Decision>);

/// The keyboard cursor (a flat pit index).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor(pub Option<usize>);

/// The pit under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredPit(pub Option<Pit>);

/// Omweso's free set-up by hand: the person's seeds as he is arranging them, and the
/// pit he has picked seeds up from.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ArrangeDraft {
    /// Seeds of every pit of the board while arranging (only his own change).
    pub pits: Option<Vec<u8>>,
    pub selected: Option<usize>,
}

impl ArrangeDraft {
    /// The arrangement decision for the draft (his two rows, top row first).
    pub fn decision(&self, state: &crate::rules::GameState) -> Option<Decision> {
        let pits = self.pits.as_ref()?;
        let own = state.board().own_pits(state.to_decide());
        let cols = state.board().cols as usize;
        Some(Decision::Arrange(
            pits[own].chunks(cols).map(|r| r.to_vec()).collect(),
        ))
    }
}

/// Set while a screen over the game (the review) takes the keyboard: its arrows,
/// Enter and Escape are that screen's then, not the board's.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyboardTaken(pub bool);

/// A decision to play: the one way a decision reaches the write path, whoever made
/// it (a click, a key, the computer, a test) or, in online play, the game server that
/// accepted it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DecisionMade {
    pub decision: Decision,
    /// Where it was made.
    pub at: DecidedAt,
}

/// Where a [`DecisionMade`] was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedAt {
    /// On this machine: in online play it goes to the game server, which decides
    /// whether it is played.
    Here,
    /// Accepted by the game server (online play): it is played here as it stands.
    Server,
}

impl DecisionMade {
    /// A decision made on this machine.
    pub fn here(decision: Decision) -> Self {
        DecisionMade {
            decision,
            at: DecidedAt::Here,
        }
    }
}

/// What the menu, the HUD's room line (or the command line, or a test) asks of
/// online play (read by [`crate::game::venue::online`]).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// Follow the server's lobby (the online screen).
    Lobby { server: String },
    /// Open a room on `server` for this game, and take South's seat; a public room is
    /// listed in the lobby.
    Create {
        server: String,
        game: Game,
        options: Options,
        public: bool,
    },
    /// Play someone now: wait on `server` to be paired for this game.
    Quick {
        server: String,
        game: Game,
        options: Options,
    },
    /// Offer or accept a rematch (the game is over).
    Rematch,
    /// Send a phrase to the room.
    Say(Phrase),
    /// Ask for a game's leaderboard (on the connection already open).
    Leaderboard(Game),
    /// Take the free seat of the room with this code.
    Join { server: String, code: String },
    /// Watch the room with this code.
    Watch { server: String, code: String },
    /// Leave the room (the seat is kept on the server until the room expires).
    Leave,
}

/// Skip the animation: everything queued jumps to its end (the Skip button, Space).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SkipAnimation;

/// While present (a lesson's step), only these decisions are played; any other is
/// dropped and `otherwise` said instead. Kept current by the lesson, honoured by the
/// write path, which knows nothing of lessons.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlyDecisions {
    pub these: Vec<Decision>,
    pub otherwise: String,
}

/// What `play` asks the board to show: whether a person may decide now (their pits
/// are lit), the hint's pit, and in the review the pit played and the pit that was
/// best. Written by `play` in [`MarkPits`], after the frame's decisions and
/// animation orders; the board is lit after it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayMarks {
    pub person_decides: bool,
    pub hint: Option<Pit>,
    pub reviewed_played: Option<Pit>,
    pub reviewed_best: Option<Pit>,
}

/// Where [`PlayMarks`] is written (in `Update`, after `Flow::Animate`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MarkPits;

/// The pit a decision is played from (a strip's pit for Nsolo's strips).
pub fn pit_of(d: &Decision) -> Option<Pit> {
    match d {
        Decision::Strip(p) => Some(*p),
        d => d.start_pit(),
    }
}

/// Whether the browser says it has no network: online play's screen and the room's
/// line then say that online play needs it (its connection tries again every two
/// seconds, and is back once the network returns). Always false on the desktop, where
/// a lost connection is all there is to say.
pub fn network_offline() -> bool {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        return !window.navigator().on_line();
    }
    false
}
