//! A curator's own words and languages, without a programmer (no Bevy).
//!
//! A text folder (`--text-dir DIR`, or the kiosk file's `text_dir`) holds one folder
//! per language, named by its code, of Fluent files (docs/i18n.md):
//!
//! ```text
//! DIR/en/museum.ftl   hud-store = { $player }: granary { $n }     (changes one sentence)
//! DIR/de/ui.ftl       language-name = Deutsch                      (adds a language)
//!                     app-title = Mancala-Halle ...
//! ```
//!
//! A file in the folder of a language the game ships replaces the messages it defines
//! and leaves the others. A folder of another code adds that language, named in the
//! language switch by its message `language-name`; what it does not translate shows
//! in English. The folder is read once, at start, before any text is shown
//! ([`install`]); a broken file is reported with its file and line, and the rest of the
//! folder, and every default, stays in use.

use std::path::Path;
use std::sync::OnceLock;

use super::i18n::{Catalog, Language};

/// The message that names an added language in the language switch.
pub const LANGUAGE_NAME: &str = "language-name";

/// A text folder as read: its files by language.
#[derive(Debug, Default)]
pub struct TextDir {
    /// Files for the languages the game ships: (code, file name, text).
    pub overrides: Vec<(String, String, String)>,
    /// The languages it adds, in the order of their codes.
    pub added: Vec<AddedLanguage>,
}

/// A language a text folder adds.
#[derive(Debug)]
pub struct AddedLanguage {
    /// Its code: the folder's name.
    pub code: String,
    /// Its own name (its `language-name` message).
    pub name: String,
    /// Its files: (file name, text).
    pub sources: Vec<(String, String)>,
}

impl TextDir {
    /// The files of the language `code`, shipped or added: (file name, text).
    pub fn sources_of(&self, code: &str) -> Vec<(&str, &str)> {
        let shipped = self
            .overrides
            .iter()
            .filter(|(c, _, _)| c == code)
            .map(|(_, name, text)| (name.as_str(), text.as_str()));
        let added = self
            .added
            .iter()
            .filter(|a| a.code == code)
            .flat_map(|a| a.sources.iter().map(|(n, t)| (n.as_str(), t.as_str())));
        shipped.chain(added).collect()
    }
}

static INSTALLED: OnceLock<TextDir> = OnceLock::new();

/// The text folder in use, if one was installed.
pub fn installed() -> Option<&'static TextDir> {
    INSTALLED.get()
}

/// Reads the text folder `dir` and puts it in use for the rest of the run. `Ok` lists
/// the faults found (a broken file, with file and line; a language without a name),
/// each leaving the defaults in use where it could not be read; `Err` when nothing
/// could be installed (the folder cannot be read, or texts were already shown, or a
/// folder was installed before).
pub fn install(dir: &Path) -> Result<Vec<String>, String> {
    if super::i18n::catalogs_read() || INSTALLED.get().is_some() {
        return Err(format!(
            "{}: the texts are already in use; a text folder is read at start only",
            dir.display()
        ));
    }
    let (text_dir, faults) = read(dir)?;
    INSTALLED
        .set(text_dir)
        .map_err(|_| format!("{}: a text folder is already in use", dir.display()))?;
    Ok(faults)
}

/// As [`install`], writing what is wrong to the log (standard error), for the game to
/// start with the rest.
pub fn install_reporting(dir: &Path) {
    match install(dir) {
        Ok(faults) => {
            for fault in faults {
                eprintln!("text folder: {fault}");
            }
        }
        Err(e) => eprintln!("text folder: {e}"),
    }
}

/// Reads a text folder without installing it: what it holds, and its faults.
pub fn read(dir: &Path) -> Result<(TextDir, Vec<String>), String> {
    let mut text_dir = TextDir::default();
    let mut faults = Vec::new();
    for (code, folder) in language_folders(dir)? {
        let code = code.to_ascii_lowercase();
        if !is_language_code(&code) {
            faults.push(format!(
                "{}: not a language code (two or three letters, like `de`)",
                folder.display()
            ));
            continue;
        }
        let sources = match ftl_files(&folder) {
            Ok(sources) => sources,
            Err(e) => {
                faults.push(e);
                continue;
            }
        };
        // Each file's own faults, named by its path (a shipped language's files are
        // read over the shipped ones when the catalogs are made).
        let as_read: Vec<(&str, &str)> = sources
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let (catalog, file_faults) = Catalog::read(&code, &as_read);
        faults.extend(file_faults);
        if Language::ALL.iter().any(|l| l.code() == code) {
            for (name, text) in sources {
                text_dir.overrides.push((code.clone(), name, text));
            }
            continue;
        }
        match catalog.texts.get(LANGUAGE_NAME).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => text_dir.added.push(AddedLanguage {
                code,
                name: name.to_string(),
                sources,
            }),
            _ => faults.push(format!(
                "{}: no `{LANGUAGE_NAME} = ...` message, which names the language in the \
                 language switch; the language is left out",
                folder.display()
            )),
        }
    }
    if text_dir.added.len() > usize::from(u8::MAX) {
        text_dir.added.truncate(usize::from(u8::MAX));
        faults.push(format!("{}: at most 255 added languages", dir.display()));
    }
    Ok((text_dir, faults))
}

/// A language code: two or three ASCII letters, perhaps a region (`pt-br`).
fn is_language_code(code: &str) -> bool {
    let mut parts = code.split('-');
    let language = parts.next().unwrap_or_default();
    (2..=3).contains(&language.len())
        && language.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// The folders in `dir`, sorted: (folder name, path).
pub fn language_folders(dir: &Path) -> Result<Vec<(String, std::path::PathBuf)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut folders: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .map(|p| {
            (
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string(),
                p,
            )
        })
        .collect();
    folders.sort();
    Ok(folders)
}

/// The `.ftl` files of a language folder, sorted: (path as shown, text).
pub fn ftl_files(folder: &Path) -> Result<Vec<(String, String)>, String> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .map_err(|e| format!("{}: {e}", folder.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let mut sources = Vec::new();
    for file in files {
        match std::fs::read_to_string(&file) {
            Ok(text) => sources.push((file.display().to_string(), text)),
            Err(e) => return Err(format!("{}: {e}", file.display())),
        }
    }
    Ok(sources)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_codes_are_letters() {
        for good in ["de", "pt-br", "ckb", "zh-hant"] {
            assert!(is_language_code(good), "{good}");
        }
        for bad in ["", "d", "deutsch", "../en", "d1", "de-"] {
            assert!(!is_language_code(bad), "{bad}");
        }
    }
}
