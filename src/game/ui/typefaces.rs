//! The interface's typefaces ([`fonts`]), given to each egui context as it is made.
//!
//! In the browser the Arabic face is fetched the first time it is needed: the browser
//! build compiles in only the letters of the language switch's "العربية"
//! ([`ARABIC_NAMES_FACE`]), so that a visitor who never chooses Arabic does not
//! download the whole face (141 KB). When a language written in Arabic letters is
//! chosen, the whole face is fetched through Bevy's asset server (`pkg/assets/fonts/…`
//! beside the page) and given to egui, which draws the text again with it. The desktop
//! compiles the whole face in ([`ArabicFace::CompiledIn`]).

use super::fetched::{Arrival, FetchedFile, arrival};
use super::language::Tr;
use crate::content::bidi::is_arabic;
use crate::content::i18n::Language;
use crate::game::wake::WakeAt;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContext, EguiPostUpdateSet, egui};
use std::time::Duration;

/// Gives each new egui context the typefaces; in the browser, fetches the Arabic face
/// when it is first needed.
pub fn plugin(app: &mut App) {
    app.init_resource::<ArabicFace>()
        .add_systems(PostUpdate, install_fonts.before(EguiPostUpdateSet::EndPass));
    if cfg!(target_arch = "wasm32") {
        app.add_plugins(fetch_arabic_face);
    }
}

/// Gives each new egui context the fonts before its first pass lays out any text.
fn install_fonts(
    mut contexts: Query<&mut EguiContext, Added<EguiContext>>,
    arabic: Res<ArabicFace>,
) {
    for mut ctx in &mut contexts {
        ctx.get_mut().set_fonts(arabic.fonts());
    }
}

/// The interface's typefaces: Ubuntu Light (the face egui ships, under the Ubuntu Font
/// Licence in `assets/fonts/`), cut to the Latin letters by `scripts/subset-font.sh`,
/// hinting kept; then, for Arabic letters, Noto Sans Arabic (SIL Open Font Licence),
/// cut to the Arabic block with its shaping tables. egui takes each character from the
/// first face that has it, so spaces, digits and Latin signs inside Arabic text come
/// from Ubuntu and each Arabic word from Noto (which `content::bidi` counts on). Only
/// these are compiled in, not egui's four default fonts: the browser download is
/// 0.7 MB smaller. They cover every letter and sign the interface text uses;
/// `tests/game/fonts.rs` checks that.
///
/// The browser build compiles in only the Arabic letters of the language switch
/// ([`ARABIC_NAMES_FACE`]) and fetches the whole Arabic face when Arabic is chosen
/// ([`plugin`]).
pub fn fonts() -> egui::FontDefinitions {
    #[cfg(not(target_arch = "wasm32"))]
    let arabic = crate::packed_bytes!("fonts/NotoSansArabic-Regular-MancalaHall.ttf");
    #[cfg(target_arch = "wasm32")]
    let arabic = ARABIC_NAMES_FACE;
    fonts_with(egui::FontData::from_static(arabic))
}

/// The Arabic face's letters that the language switch shows in any language (the
/// word "العربية"), with their joined forms: what the browser build compiles in.
pub const ARABIC_NAMES_FACE: &[u8] =
    include_bytes!("../../../assets/fonts/NotoSansArabic-Regular-MancalaHall-names.ttf");

/// The whole Arabic face as a file under `assets/`, for the browser to fetch.
pub const ARABIC_FACE_FILE: &str = "fonts/NotoSansArabic-Regular-MancalaHall.ttf";

/// The interface's typefaces with this Arabic face (see [`fonts`]).
pub fn fonts_with(arabic: egui::FontData) -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::empty();
    defs.font_data.insert(
        "ubuntu-light".into(),
        std::sync::Arc::new(egui::FontData::from_static(crate::packed_bytes!(
            "fonts/Ubuntu-Light-derivative-MancalaHall.ttf"
        ))),
    );
    defs.font_data
        .insert("noto-sans-arabic".into(), std::sync::Arc::new(arabic));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        defs.families.insert(
            family,
            vec!["ubuntu-light".into(), "noto-sans-arabic".into()],
        );
    }
    defs
}

/// Where the Arabic face stands.
#[derive(Resource, Clone, Debug, Default)]
pub enum ArabicFace {
    /// The whole face is compiled in (the desktop).
    #[default]
    CompiledIn,
    /// Only the language switch's letters are there; the face is fetched when needed.
    NamesOnly,
    /// Being fetched.
    Fetching(Handle<FetchedFile>),
    /// Fetched and given to egui: its bytes, for a context made later.
    Fetched(egui::FontData),
    /// The fetch failed (logged); Arabic letters the switch does not use show as boxes.
    Failed,
}

impl ArabicFace {
    /// The fonts for an egui context made now.
    pub fn fonts(&self) -> egui::FontDefinitions {
        match self {
            ArabicFace::CompiledIn => fonts(),
            ArabicFace::Fetched(face) => fonts_with(face.clone()),
            ArabicFace::NamesOnly | ArabicFace::Fetching(_) | ArabicFace::Failed => {
                fonts_with(egui::FontData::from_static(ARABIC_NAMES_FACE))
            }
        }
    }
}

/// Whether a language's text is written in Arabic letters (its own name is).
pub fn needs_arabic_face(language: Language) -> bool {
    language.native_name().chars().any(is_arabic)
}

/// Fetches the Arabic face when a language that needs it is chosen, and gives it to
/// egui when it has come (the browser build; see the module's text).
pub fn fetch_arabic_face(app: &mut App) {
    super::fetched::need_fetched_files(app);
    app.insert_resource(ArabicFace::NamesOnly)
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
    files: Res<Assets<FetchedFile>>,
    assets: Res<AssetServer>,
    mut contexts: Query<&mut EguiContext>,
    mut wake: ResMut<WakeAt>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let ArabicFace::Fetching(handle) = &*face else {
        return;
    };
    match arrival(handle, &files, &assets) {
        Arrival::Came(file) => {
            let data = egui::FontData::from_owned(file.0.clone());
            for mut ctx in &mut contexts {
                ctx.get_mut().set_fonts(fonts_with(data.clone()));
            }
            info!("MANCALA_ARABIC_FACE fetched bytes={}", file.0.len());
            *face = ArabicFace::Fetched(data);
            redraw.write(RequestRedraw);
        }
        Arrival::Failed(e) => {
            warn!("the Arabic typeface could not be fetched: {e}");
            *face = ArabicFace::Failed;
        }
        Arrival::Waiting => wake.within(Duration::from_millis(100)),
    }
}
