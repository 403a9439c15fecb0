//! In the browser, a language's texts are fetched when it is chosen.
//!
//! The browser build compiles in English's texts only (`content::i18n`): each other
//! language's Fluent files (about 14 KB gzipped each) are fetched beside the page
//! (`pkg/assets/i18n/<code>/*.ftl`, which the service worker keeps for offline play)
//! the first time the interface, or North at a touch table, reads that language. Until
//! they come the texts are English's; then everything is drawn again in the language.
//! The desktop compiles every language in and fetches nothing.

use super::fetched::{Arrival, FetchedFile, arrival};
use super::language::Tr;
use crate::content::i18n::{self, FTL_FILES, Language};
use crate::game::wake::WakeAt;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::time::Duration;

/// The languages whose texts are wanted, and how far each fetch has come.
#[derive(Resource, Default)]
pub struct LanguageTexts {
    wanted: Vec<(Language, Fetch)>,
}

/// How far a language's files have come.
enum Fetch {
    /// Not asked for yet.
    Wanted,
    /// Being fetched: each of [`FTL_FILES`] in its order.
    Fetching(Vec<Handle<FetchedFile>>),
    /// Given to `content::i18n`, or it could not be (said in the log): nothing more
    /// to do.
    Done,
}

impl LanguageTexts {
    /// Asks for a language's texts (nothing happens where the program holds them).
    pub fn want(&mut self, lang: Language) {
        if lang.is_fetched() && !self.wanted.iter().any(|(l, _)| *l == lang) {
            self.wanted.push((lang, Fetch::Wanted));
        }
    }
}

/// The wanted languages' fetching (the browser build; see the module's text).
pub fn plugin(app: &mut App) {
    app.init_resource::<LanguageTexts>();
    if cfg!(target_arch = "wasm32") {
        super::fetched::need_fetched_files(app);
        app.add_systems(
            Update,
            (want_interface_language, fetch_wanted, give_fetched).chain(),
        );
    }
}

/// Wants the interface's language whenever it is chosen.
fn want_interface_language(tr: Res<Tr>, mut texts: ResMut<LanguageTexts>) {
    if tr.is_changed() {
        texts.want(tr.0);
    }
}

fn fetch_wanted(mut texts: ResMut<LanguageTexts>, assets: Res<AssetServer>) {
    for (lang, fetch) in &mut texts.wanted {
        if matches!(fetch, Fetch::Wanted) {
            info!("fetching the texts of {}", lang.code());
            let files = FTL_FILES
                .iter()
                .map(|name| assets.load(format!("i18n/{}/{name}.ftl", lang.code())))
                .collect();
            *fetch = Fetch::Fetching(files);
        }
    }
}

/// Gives a language's files to `content::i18n` once all have come, and draws the
/// interface again (a change of [`Tr`] is what its texts' holders watch).
fn give_fetched(
    mut texts: ResMut<LanguageTexts>,
    files: Res<Assets<FetchedFile>>,
    assets: Res<AssetServer>,
    mut tr: ResMut<Tr>,
    mut wake: ResMut<WakeAt>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let mut waiting = false;
    for (lang, fetch) in &mut texts.wanted {
        let Fetch::Fetching(handles) = fetch else {
            continue;
        };
        let mut read = Vec::new();
        let mut failed = None;
        for (name, handle) in FTL_FILES.iter().zip(handles.iter()) {
            match arrival(handle, &files, &assets) {
                Arrival::Came(file) => {
                    let text = String::from_utf8_lossy(&file.0).into_owned();
                    read.push((format!("{}/{name}.ftl", lang.code()), text));
                }
                Arrival::Failed(e) => failed = Some(e),
                Arrival::Waiting => {}
            }
        }
        if let Some(e) = failed {
            let code = lang.code();
            warn!("the texts of {code} could not be fetched (English is shown): {e}");
            *fetch = Fetch::Done;
            continue;
        }
        if read.len() < FTL_FILES.len() {
            waiting = true;
            continue;
        }
        let bytes: usize = read.iter().map(|(_, t)| t.len()).sum();
        match i18n::add_fetched(*lang, read) {
            Ok(()) => {
                let messages = i18n::Catalog::of(*lang).texts.len();
                info!(
                    "MANCALA_LANGUAGE_TEXTS fetched code={} bytes={bytes} messages={messages}",
                    lang.code()
                );
                tr.set_changed();
                redraw.write(RequestRedraw);
            }
            Err(e) => warn!("the texts of {} were not taken: {e}", lang.code()),
        }
        *fetch = Fetch::Done;
    }
    if waiting {
        // Nothing wakes the window when a fetch ends: look again shortly.
        wake.within(Duration::from_millis(100));
    }
}
