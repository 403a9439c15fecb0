//! Deflates the texts and typefaces the desktop program compiles in (the translations,
//! the lessons, the puzzles, the two faces) into `OUT_DIR/packed/`, where `content::packed` takes them
//! from: a quarter of their size in the program, inflated the first time they are read.
//! The browser build takes the files as they are (its download is compressed whole), so
//! nothing is written for it.
use std::path::Path;

/// The folders and files under `assets/` that are compiled in, packed.
const PACKED: &[&str] = &[
    "i18n",
    "lessons",
    "puzzles",
    "fonts/Ubuntu-Light-derivative-MancalaHall.ttf",
    "fonts/NotoSansArabic-Regular-MancalaHall.ttf",
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        return;
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("packed");
    for path in PACKED {
        pack(&Path::new("assets").join(path), &out.join(path));
    }
}

/// Deflates the file `from` into `to` + `.deflate`; a folder, file by file.
fn pack(from: &Path, to: &Path) {
    println!("cargo::rerun-if-changed={}", from.display());
    if from.is_dir() {
        let entries = std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        for entry in entries {
            let name = entry.expect("a folder entry").file_name();
            pack(&from.join(&name), &to.join(&name));
        }
        return;
    }
    let bytes = std::fs::read(from).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    let mut target = to.as_os_str().to_os_string();
    target.push(".deflate");
    let parent = to.parent().expect("a folder under OUT_DIR");
    std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    std::fs::write(&target, miniz_oxide::deflate::compress_to_vec(&bytes, 9))
        .unwrap_or_else(|e| panic!("{}: {e}", to.display()));
}
