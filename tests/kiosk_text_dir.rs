//! The kiosk file's `text_dir`: read before the languages, so that the kiosk may offer
//! a language the folder adds (a process of its own: a text folder is installed once).

use mancala_hall::content::i18n::{Language, text};
use mancala_hall::kiosk_config::KioskConfig;

#[test]
fn a_kiosk_file_offers_a_language_its_text_folder_adds() {
    let dir = std::env::temp_dir().join(format!("mancala-kiosk-texts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("texts/de")).unwrap();
    std::fs::write(
        dir.join("texts/de/ui.ftl"),
        "language-name = Deutsch\napp-title = Mancala-Halle\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("kiosk.json"),
        r#"{"text_dir": "texts", "languages": ["de", "en"]}"#,
    )
    .unwrap();
    let c = KioskConfig::load(&dir.join("kiosk.json")).expect("the kiosk file loads");
    let german = Language::from_code("de").expect("the folder's language is known");
    assert_eq!(c.languages, [german, Language::English]);
    assert_eq!(c.language, german);
    assert_eq!(text(german, "app-title"), "Mancala-Halle");
    // Without the folder, the same file is refused, naming the field.
    let e = KioskConfig::from_json(r#"{"languages": ["xx"]}"#).unwrap_err();
    assert!(e.contains("languages"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
