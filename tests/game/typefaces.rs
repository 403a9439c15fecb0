//! The browser's Arabic typeface (game::ui::typefaces): compiled in are only the
//! language switch's letters; the whole face is fetched when a language written in
//! Arabic letters is chosen, and given to egui. Run here with the desktop's asset
//! server reading `assets/`, as the browser's reads `pkg/assets/` beside the page.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContext, egui};
use mancala_hall::content::i18n::Language;
use mancala_hall::game::ui::language::Tr;
use mancala_hall::game::ui::typefaces::{
    ARABIC_FACE_FILE, ARABIC_NAMES_FACE, ArabicFace, fetch_arabic_face, needs_arabic_face,
};
use mancala_hall::game::wake::WakeAt;

fn app(asset_root: &str) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: asset_root.into(),
            ..default()
        },
    ))
    .add_message::<RequestRedraw>()
    .init_resource::<WakeAt>()
    .insert_resource(Tr(Language::English))
    .add_plugins(fetch_arabic_face);
    // As the access plugin gives a new context, with the plugin's face.
    let mut ctx = EguiContext::default();
    ctx.get_mut().set_fonts(ArabicFace::NamesOnly.fonts());
    app.world_mut().spawn(ctx);
    app
}

/// Updates until the face is no longer being fetched (or 10 s pass).
fn settle(app: &mut App) {
    for _ in 0..1000 {
        app.update();
        if !matches!(
            app.world().resource::<ArabicFace>(),
            ArabicFace::Fetching(_)
        ) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The size of the Arabic face egui draws with, after a pass.
fn face_in_egui(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = q.single_mut(app.world_mut()).unwrap();
    let ctx = ctx.get_mut();
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .drop_without_applying_deltas();
    ctx.fonts(|f| f.definitions().font_data["noto-sans-arabic"].font.len())
}

#[test]
fn only_a_language_in_arabic_letters_needs_the_face() {
    assert!(needs_arabic_face(Language::Arabic));
    for l in [
        Language::English,
        Language::Swahili,
        Language::French,
        Language::Luganda,
        Language::Chichewa,
    ] {
        assert!(!needs_arabic_face(l), "{l:?}");
    }
}

#[test]
fn the_face_is_fetched_when_arabic_is_chosen_and_given_to_egui() {
    let root = format!("{}/assets", env!("CARGO_MANIFEST_DIR"));
    let whole = std::fs::read(format!("{root}/{ARABIC_FACE_FILE}")).unwrap();
    let mut app = app(&root);
    // In English nothing is fetched.
    for _ in 0..20 {
        app.update();
    }
    assert!(matches!(
        app.world().resource::<ArabicFace>(),
        ArabicFace::NamesOnly
    ));
    assert_eq!(face_in_egui(&mut app), ARABIC_NAMES_FACE.len());
    assert!(
        ARABIC_NAMES_FACE.len() * 5 < whole.len(),
        "the names' face is small"
    );

    app.insert_resource(Tr(Language::Arabic));
    app.update();
    assert!(matches!(
        app.world().resource::<ArabicFace>(),
        ArabicFace::Fetching(_)
    ));
    // While it is on its way, the window is asked to look again soon.
    assert!(app.world().resource::<WakeAt>().earliest().is_some());
    settle(&mut app);
    match app.world().resource::<ArabicFace>() {
        ArabicFace::Fetched(face) => assert_eq!(&*face.font, &whole[..]),
        other => panic!("not fetched: {other:?}"),
    }
    assert_eq!(face_in_egui(&mut app), whole.len());
    // A context made afterwards starts with the whole face.
    let fonts = app.world().resource::<ArabicFace>().fonts();
    assert_eq!(fonts.font_data["noto-sans-arabic"].font.len(), whole.len());
}

#[test]
fn a_face_that_cannot_be_fetched_is_reported_and_the_game_goes_on() {
    let empty = std::env::temp_dir().join(format!("mh-no-fonts-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let mut app = app(empty.to_str().unwrap());
    app.insert_resource(Tr(Language::Arabic));
    app.update();
    settle(&mut app);
    assert!(matches!(
        app.world().resource::<ArabicFace>(),
        ArabicFace::Failed
    ));
    // Still the names' face, and more frames run.
    assert_eq!(face_in_egui(&mut app), ARABIC_NAMES_FACE.len());
    app.update();
    let _ = std::fs::remove_dir_all(&empty);
}
