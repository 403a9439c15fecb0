//! The files compiled into the program (deflated on the desktop by build.rs,
//! `content::packed`) read back exactly as they are in `assets/`.
use mancala_hall::content::i18n::Language;
use mancala_hall::content::lessons;
use mancala_hall::rules::Game;

fn on_disk(path: &str) -> String {
    std::fs::read_to_string(format!("{}/assets/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("assets/{path}: {e}"))
}

#[test]
fn every_translation_file_reads_back_as_written() {
    for lang in Language::ALL {
        let files = lang.sources();
        assert_eq!(files.len(), 4, "{}", lang.code());
        for (name, text) in files {
            assert_eq!(*text, on_disk(&format!("i18n/{name}")), "{name}");
        }
        // The second read is the same text, not inflated again.
        assert!(std::ptr::eq(files, lang.sources()));
    }
}

#[test]
fn every_lesson_file_reads_back_as_written() {
    for game in Game::ALL {
        let (file, text) = lessons::source(game);
        let path = file.strip_prefix("assets/").expect("a path under assets/");
        assert_eq!(text, on_disk(path), "{file}");
    }
}

#[test]
fn text_that_is_not_utf8_is_kept_up_to_the_fault() {
    let bytes: &'static [u8] = b"hello \xff world";
    assert_eq!(
        mancala_hall::content::packed::text("x.ftl", bytes),
        "hello "
    );
}
