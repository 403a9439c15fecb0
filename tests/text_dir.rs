//! A curator's text folder (`--text-dir`, the kiosk's `text_dir`): it changes a
//! sentence of a language the game ships, adds a language, and reports a broken file
//! with its line while everything else stays in use. One test: the folder is
//! installed once a process, before any text is shown.

use mancala_hall::content::i18n::{Language, fill, text};
use mancala_hall::content::text_dir;

#[test]
fn a_text_folder_changes_a_sentence_adds_a_language_and_reports_a_broken_file() {
    let dir = std::env::temp_dir().join(format!("mancala-text-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    // One sentence of English changed; a second file of it broken on its line 3.
    write("en/museum.ftl", "hud-store = { $player }: granary { $n }\n");
    write(
        "en/broken.ftl",
        "rules-close = Done\n\nmenu-rules = { $oops\n",
    );
    // A language added: German, with its name and two messages.
    write(
        "de/ui.ftl",
        "language-name = Deutsch\napp-title = Mancala-Halle\nhud-store = { $player }: Speicher { $n }\n",
    );
    // A folder that is no language, and a language without its name.
    write("notes/readme.ftl", "x = y\n");
    write("qq/ui.ftl", "app-title = Q\n");

    let faults = text_dir::install(&dir).expect("the folder is installed");
    let said = faults.join("\n");
    assert!(said.contains("broken.ftl:3: "), "{said}");
    assert!(said.contains("notes: not a language code"), "{said}");
    assert!(said.contains("qq: no `language-name"), "{said}");
    assert_eq!(faults.len(), 3, "{said}");

    // The changed sentence, and what the broken file could not change.
    let store = fill(
        Language::English,
        "hud-store",
        &[("player", &"South"), ("n", &4)],
    );
    assert_eq!(store, "South: granary 4");
    assert_eq!(text(Language::English, "app-title"), "Mancala Hall");
    assert_eq!(text(Language::English, "rules-close"), "Done");
    assert_eq!(text(Language::English, "menu-rules"), "How to play");
    // Other languages as they were.
    assert_eq!(text(Language::Swahili, "rules-close"), {
        let (c, _) = mancala_hall::content::i18n::Catalog::read("sw", Language::Swahili.sources());
        c.texts["rules-close"].clone()
    });

    // The added language: offered by its own name, saved by its code, English where
    // it has no translation.
    let german = Language::from_code("de").expect("German is added");
    assert_eq!(german, Language::Added(0));
    assert!(Language::all().contains(&german));
    assert_eq!(german.native_name(), "Deutsch");
    assert_eq!(serde_json::to_string(&german).unwrap(), "\"de\"");
    assert_eq!(text(german, "app-title"), "Mancala-Halle");
    assert_eq!(
        fill(german, "hud-store", &[("player", &"Süd"), ("n", &2)]),
        "Süd: Speicher 2"
    );
    assert_eq!(text(german, "rules-close"), "Done");
    assert_eq!(Language::from_code("qq"), None);

    // Once texts are in use, no second folder.
    assert!(text_dir::install(&dir).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
