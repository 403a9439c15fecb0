//! `mancala-hall i18n-check [DIR]`: the translations' check (docs/i18n.md). For each
//! language it lists Fluent syntax errors (file and line), keys missing or not in
//! English, and messages whose variables differ from English's; it fails on any.
//! Without DIR it checks the languages compiled into the program; with DIR, the
//! folders `DIR/<code>/` of `.ftl` files (a translator's work), against the compiled
//! English.

use crate::content::i18n::{Catalog, Language, differences};
use crate::content::text_dir;
use std::path::Path;

/// Checks the languages and prints what it finds; `Err` if anything is wrong.
pub fn run(args: &[String]) -> Result<(), String> {
    let languages = match args {
        [] => Language::ALL
            .iter()
            .map(|l| {
                let sources = l
                    .sources()
                    .iter()
                    .map(|(n, t)| (n.to_string(), t.to_string()));
                (l.code().to_string(), sources.collect())
            })
            .collect(),
        [dir] => read_folder(Path::new(dir))?,
        _ => return Err("give at most one folder".into()),
    };
    let english = Catalog::of(Language::English);
    let mut faulty = 0;
    for (code, sources) in &languages {
        let sources: Vec<(&str, &str)> = sources
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let (catalog, mut faults) = Catalog::read(code, &sources);
        faults.extend(differences(english, &catalog));
        if faults.is_empty() {
            println!("{code}: {} messages, complete", catalog.texts.len());
        } else {
            faulty += 1;
            for fault in &faults {
                println!("{code}: {fault}");
            }
        }
    }
    match faulty {
        0 => Ok(()),
        n => Err(format!("{n} of {} languages have faults", languages.len())),
    }
}

/// The `.ftl` files of each language folder in `dir`: (code, [(file name, text)]).
type Sources = Vec<(String, Vec<(String, String)>)>;

fn read_folder(dir: &Path) -> Result<Sources, String> {
    let mut languages = Vec::new();
    for (code, folder) in text_dir::language_folders(dir)? {
        languages.push((code, text_dir::ftl_files(&folder)?));
    }
    if languages.is_empty() {
        return Err(format!(
            "{}: no language folders (like en/) in it",
            dir.display()
        ));
    }
    Ok(languages)
}
