//! A panic never loses a player's game silently. The game being played is kept, as
//! the autosave it would write, outside the ECS world ([`remember_game`], each time
//! its record or seats change); the panic hook ([`install_panic_hook`], installed by
//! `run`) writes it to the autosave first, then logs the panic's message with where
//! it happened, and says the game was saved. On the desktop the program then ends
//! (exit code 101, as an uncaught panic) rather than leaving a dead window: a kiosk's
//! supervisor starts it again, and a player's next start offers "Resume". In the
//! browser, the page shows "Something went wrong; your game was saved" over the
//! frozen canvas (`web/index.html`, `#crash`).

use super::session::{History, Seats};
use crate::game::{DataFolder, Mode, ReadOnlyFiles};
use crate::storage::{SavedGame, write_atomic};
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::Mutex;

/// The game to save if the program panics: where, and what.
static LAST_GAME: Mutex<Option<(PathBuf, SavedGame)>> = Mutex::new(None);

/// Keeps the game being played for the panic hook (headless-safe: the hook itself is
/// installed only by `run`).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        remember_game
            .after(crate::game::Flow::Decide)
            .run_if(in_state(Mode::Play))
            .run_if(not(resource_exists::<ReadOnlyFiles>)),
    )
    .add_systems(Last, drill.run_if(resource_exists::<CrashDrill>));
}

/// A crash on purpose (`--crash-drill N`): a system panics once N decisions have been
/// played, so that a technician (and a test) can see the whole crash path work.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrashDrill(pub u32);

fn drill(drill: Res<CrashDrill>, history: Res<History>) {
    let played = history.record.as_ref().map_or(0, |r| r.decisions.len());
    if played >= drill.0 as usize {
        panic!(
            "crash drill: {played} decisions played (--crash-drill {})",
            drill.0
        );
    }
}

/// The game played now, as its autosave, for the panic hook (only when it changed).
fn remember_game(history: Res<History>, seats: Res<Seats>, folder: Option<Res<DataFolder>>) {
    if !history.is_changed() && !seats.is_changed() {
        return;
    }
    let (Some(record), Some(path)) = (
        &history.record,
        folder.and_then(|f| f.file(super::records::AUTOSAVE)),
    ) else {
        return;
    };
    let save = SavedGame::new(record.clone(), seats.to_saved());
    if let Ok(mut last) = LAST_GAME.lock() {
        *last = Some((path, save));
    }
}

/// Writes the game kept by [`remember_game`] to its autosave: where it went, or
/// `None` if there was none (or it could not be written).
pub fn save_last_game() -> Option<PathBuf> {
    // `try_lock`: the panic may have come while the lock was held.
    let last = LAST_GAME.try_lock().ok()?;
    let (path, save) = last.as_ref()?;
    write_atomic(path, &save.to_json()).ok()?;
    Some(path.clone())
}

/// Forgets the kept game (tests).
pub fn forget_last_game() {
    if let Ok(mut last) = LAST_GAME.lock() {
        *last = None;
    }
}

/// The words a player reads after a panic.
pub fn crash_message(saved: bool) -> &'static str {
    if saved {
        "Something went wrong; your game was saved."
    } else {
        "Something went wrong."
    }
}

/// Saves the game, logs the panic and tells the player; then, on the desktop, ends
/// the program (see the module's docs).
pub fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let saved = save_last_game();
        // The standard report first: the message and where it happened.
        previous(info);
        let words = crash_message(saved.is_some());
        match &saved {
            Some(path) => eprintln!("MANCALA_CRASH {words} ({})", path.display()),
            None => eprintln!("MANCALA_CRASH {words}"),
        }
        show_in_page(words);
        #[cfg(not(target_arch = "wasm32"))]
        std::process::exit(101);
    }));
}

/// Shows `words` in the page's `#crash` box (the browser build).
#[cfg(target_arch = "wasm32")]
fn show_in_page(words: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(el) = doc.get_element_by_id("crash") {
        if let Some(text) = doc.get_element_by_id("crash-words") {
            text.set_text_content(Some(words));
        }
        let _ = el.remove_attribute("hidden");
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn show_in_page(_words: &str) {}
