//! Files compiled into the program: the translations, the lessons, the puzzles (not in
//! the browser, which fetches them) and the typefaces.
//! On the desktop `build.rs` deflates them (the program is 0.4 MB smaller) and each is
//! inflated the first time it is read, then kept; in the browser they are compiled in
//! as they are, since the browser's download is compressed as a whole.

/// The bytes of `assets/$path`, compiled in (`&'static [u8]`).
#[cfg(not(target_arch = "wasm32"))]
#[macro_export]
#[doc(hidden)]
macro_rules! packed_bytes {
    ($path:expr) => {{
        static BYTES: std::sync::OnceLock<&'static [u8]> = std::sync::OnceLock::new();
        *BYTES.get_or_init(|| {
            $crate::content::packed::inflate(include_bytes!(concat!(
                env!("OUT_DIR"),
                "/packed/",
                $path,
                ".deflate"
            )))
        })
    }};
}

/// The bytes of `assets/$path`, compiled in (`&'static [u8]`).
#[cfg(target_arch = "wasm32")]
#[macro_export]
#[doc(hidden)]
macro_rules! packed_bytes {
    ($path:expr) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)) as &'static [u8]
    };
}

/// The text of `assets/$path`, compiled in (`&'static str`).
#[macro_export]
#[doc(hidden)]
macro_rules! packed_text {
    ($path:expr) => {
        $crate::content::packed::text($path, $crate::packed_bytes!($path))
    };
}

/// A file `build.rs` deflated, inflated; kept for the rest of the run (as a file
/// compiled in as it is would be).
#[cfg(not(target_arch = "wasm32"))]
pub fn inflate(deflated: &[u8]) -> &'static [u8] {
    let bytes = miniz_oxide::inflate::decompress_to_vec(deflated)
        .expect("build.rs deflated this file with the same library");
    Vec::leak(bytes)
}

/// A compiled-in text file's bytes as text. The files are the project's own and checked
/// by tests; should one not be UTF-8, what is valid of it is kept.
pub fn text(path: &str, bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("assets/{path}: not UTF-8 ({e}); read up to there");
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default()
        }
    }
}
