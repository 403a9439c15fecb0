//! The browser's Arabic typeface, fetched the first time it is needed. The browser
//! build compiles in only the letters of the language switch's "العربية"
//! ([`ARABIC_NAMES_FACE`](super::access::ARABIC_NAMES_FACE)), so that a visitor who
//! never chooses Arabic does not download the whole face (141 KB). When a language
//! written in Arabic letters is chosen, the whole face is fetched through Bevy's asset
//! server (`pkg/assets/fonts/…` beside the page) and given to egui, which draws the
//! text again with it. The desktop compiles the whole face in: there this plugin is not
//! added and [`ArabicFace`] stays [`ArabicFace::CompiledIn`].

use super::access::{ARABIC_FACE_FILE, ARABIC_NAMES_FACE, fonts_with};
use super::language::Tr;
use crate::content::bidi::is_arabic;
use crate::content::i18n::Language;
use crate::game::wake::WakeAt;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContext, egui};
use std::time::Duration;

/// Where the Arabic face stands.
#[derive(Resource, Clone, Debug, Default)]
pub enum ArabicFace {
    /// The whole face is compiled in (the desktop).
    #[default]
    CompiledIn,
    /// Only the language switch's letters are there; the face is fetched when needed.
    NamesOnly,
    /// Being fetched.
    Fetching(Handle<FaceFile>),
    /// Fetched and given to egui: its bytes, for a context made later.
    Fetched(egui::FontData),
    /// The fetch failed (logged); Arabic letters the switch does not use show as boxes.
    Failed,
}

impl ArabicFace {
    /// The fonts for an egui context made now.
    pub fn fonts(&self) -> egui::FontDefinitions {
        match self {
            ArabicFace::CompiledIn => super::access::fonts(),
            ArabicFace::Fetched(face) => fonts_with(face.clone()),
            ArabicFace::NamesOnly | ArabicFace::Fetching(_) | ArabicFace::Failed => {
                fonts_with(egui::FontData::from_static(ARABIC_NAMES_FACE))
            }
        }
    }
}

/// A typeface file's bytes, as the asset server fetched them.
#[derive(Asset, TypePath, Debug)]
pub struct FaceFile(pub Vec<u8>);

/// Reads a `.ttf` file as it is.
#[derive(Default, TypePath)]
struct FaceFileLoader;

impl AssetLoader for FaceFileLoader {
    type Asset = FaceFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<FaceFile, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(FaceFile(bytes))
    }

    fn extensions(&self) -> &[&str] {
        &["ttf"]
    }
}

/// Whether a language's text is written in Arabic letters (its own name is).
pub fn needs_arabic_face(language: Language) -> bool {
    language.native_name().chars().any(is_arabic)
}

/// Fetches the face when a language that needs it is chosen, and gives it to egui
/// when it has come (the browser build; see the module's text).
pub fn plugin(app: &mut App) {
    app.init_asset::<FaceFile>()
        .register_asset_loader(FaceFileLoader)
        .insert_resource(ArabicFace::NamesOnly)
        .add_systems(Update, (fetch_when_needed, give_to_egui).chain());
}

fn fetch_when_needed(mut face: ResMut<ArabicFace>, tr: Res<Tr>, assets: Res<AssetServer>) {
    if matches!(*face, ArabicFace::NamesOnly) && needs_arabic_face(tr.0) {
        info!("fetching the Arabic typeface ({ARABIC_FACE_FILE})");
        *face = ArabicFace::Fetching(assets.load(ARABIC_FACE_FILE));
    }
}

fn give_to_egui(
    mut face: ResMut<ArabicFace>,
    files: Res<Assets<FaceFile>>,
    assets: Res<AssetServer>,
    mut contexts: Query<&mut EguiContext>,
    mut wake: ResMut<WakeAt>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let ArabicFace::Fetching(handle) = &*face else {
        return;
    };
    if let Some(file) = files.get(handle) {
        let data = egui::FontData::from_owned(file.0.clone());
        for mut ctx in &mut contexts {
            ctx.get_mut().set_fonts(fonts_with(data.clone()));
        }
        info!("MANCALA_ARABIC_FACE fetched bytes={}", file.0.len());
        *face = ArabicFace::Fetched(data);
        redraw.write(RequestRedraw);
    } else if let Some(LoadState::Failed(e)) = assets.get_load_state(handle) {
        warn!("the Arabic typeface could not be fetched: {e}");
        *face = ArabicFace::Failed;
    } else {
        // Nothing wakes the window when a fetch ends: look again shortly.
        wake.within(Duration::from_millis(100));
    }
}
