//! Interface text in several languages (no Bevy).
//!
//! Every sentence the interface shows comes from translation files under
//! `assets/i18n/<language>/*.json`: flat JSON objects of key → text, where `{name}`
//! marks a value filled in at run time. The files are compiled into the program (so
//! the web build needs no download) and merged per language. A missing key falls back
//! to English, then to the key itself: a gap shows, but never panics. The tests check
//! that every language has exactly the keys and placeholders of English, and that
//! every key the code asks for exists.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

/// A language of the interface (saved as its code, `en` or `sw`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Language {
    #[default]
    #[serde(rename = "en")]
    English,
    #[serde(rename = "sw")]
    Swahili,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Swahili];

    /// The ISO 639-1 code, also the folder name under `assets/i18n/`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Swahili => "sw",
        }
    }

    /// The language's own name for itself, for the language switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Swahili => "Kiswahili",
        }
    }

    /// The language with this code.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code.trim().to_ascii_lowercase())
    }

    /// The translation files of this language: (file name, contents).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Language::English => &[
                ("en/ui.json", include_str!("../../assets/i18n/en/ui.json")),
                (
                    "en/rules.json",
                    include_str!("../../assets/i18n/en/rules.json"),
                ),
                (
                    "en/story.json",
                    include_str!("../../assets/i18n/en/story.json"),
                ),
                (
                    "en/tutorial.json",
                    include_str!("../../assets/i18n/en/tutorial.json"),
                ),
            ],
            Language::Swahili => &[
                ("sw/ui.json", include_str!("../../assets/i18n/sw/ui.json")),
                (
                    "sw/rules.json",
                    include_str!("../../assets/i18n/sw/rules.json"),
                ),
                (
                    "sw/story.json",
                    include_str!("../../assets/i18n/sw/story.json"),
                ),
                (
                    "sw/tutorial.json",
                    include_str!("../../assets/i18n/sw/tutorial.json"),
                ),
            ],
        }
    }
}

/// All texts of one language.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub texts: HashMap<String, String>,
}

impl Catalog {
    /// Parses and merges translation files; an error names the file and the fault.
    pub fn parse(sources: &[(&str, &str)]) -> Result<Catalog, String> {
        let mut texts = HashMap::new();
        for (name, text) in sources {
            let map: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            for (key, value) in map {
                let serde_json::Value::String(s) = value else {
                    return Err(format!("{name}: `{key}` is not a string"));
                };
                if texts.insert(key.clone(), s).is_some() {
                    return Err(format!("{name}: `{key}` is defined twice"));
                }
            }
        }
        Ok(Catalog { texts })
    }

    /// The catalog of a language, parsed once. A broken file leaves it empty (the
    /// tests make sure none is broken), so lookups fall back to English.
    pub fn of(lang: Language) -> &'static Catalog {
        static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
        let all = CATALOGS.get_or_init(|| {
            Language::ALL
                .iter()
                .map(|l| Catalog::parse(l.sources()).unwrap_or_default())
                .collect()
        });
        &all[lang as usize]
    }
}

/// The text of `key` in `lang` (English if it is missing, else the key itself).
pub fn text(lang: Language, key: &str) -> &str {
    Catalog::of(lang)
        .texts
        .get(key)
        .or_else(|| Catalog::of(Language::English).texts.get(key))
        .map(String::as_str)
        .unwrap_or(key)
}

/// The text of `key` with each `{name}` replaced by its value.
pub fn fill(lang: Language, key: &str, args: &[(&str, &dyn Display)]) -> String {
    substitute(text(lang, key), args)
}

/// As [`fill`], for a text about `count` things: when `count` is 1, the key's `.one`
/// form where the language has one ("1 more seed", not "1 more seeds").
pub fn fill_count(lang: Language, key: &str, count: u64, args: &[(&str, &dyn Display)]) -> String {
    if count == 1 {
        let one = format!("{key}.one");
        let singular = text(lang, &one);
        if singular != one {
            return substitute(singular, args);
        }
    }
    fill(lang, key, args)
}

/// Replaces each `{name}` in `template` by its value; unknown names stay as written.
pub fn substitute(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, v)) => out.push_str(&v.to_string()),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.push(after[..close].to_string());
        rest = &after[close + 1..];
    }
    names.sort();
    names.dedup();
    names
}

/// The key naming a player ("South", "North").
pub fn player_key(p: crate::rules::Player) -> &'static str {
    match p {
        crate::rules::Player::South => "player.south",
        crate::rules::Player::North => "player.north",
    }
}

/// The key saying why a game ended.
pub fn reason_key(r: crate::rules::EndReason) -> &'static str {
    use crate::rules::EndReason as R;
    match r {
        R::GrandSlam => "reason.grand_slam",
        R::BothEndColumns => "reason.both_end_columns",
        R::FrontRowEmpty => "reason.front_row_empty",
        R::TwoCapturesFirst => "reason.two_captures_first",
        R::NoLegalMove => "reason.no_legal_move",
        R::NoSeedsLeft => "reason.no_seeds_left",
        R::BoardEmpty => "reason.board_empty",
        R::LastFour => "reason.last_four",
        R::Decided => "reason.decided",
        R::NobodyCanMove => "reason.nobody_can_move",
        R::Repetition => "reason.repetition",
        R::NeverEndingMove => "reason.never_ending_move",
        R::Resigned => "reason.resigned",
        R::TimeOut => "reason.time_out",
    }
}

/// A finished game in one line: who won (or a draw) and why.
pub fn outcome_line(lang: Language, o: &crate::rules::Outcome) -> String {
    use crate::rules::GameResult;
    let why = text(lang, reason_key(o.reason));
    match o.result {
        GameResult::Win(p) => fill(
            lang,
            "outcome.win_because",
            &[("player", &text(lang, player_key(p))), ("why", &why)],
        ),
        GameResult::Draw => fill(lang, "outcome.draw_because", &[("why", &why)]),
        GameResult::Annulled => fill(lang, "outcome.annulled_because", &[("why", &why)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_fills_known_names_and_keeps_unknown_ones() {
        let n = 5;
        assert_eq!(
            substitute("{who} sows {n} seeds {x}", &[("who", &"South"), ("n", &n)]),
            "South sows 5 seeds {x}"
        );
        assert_eq!(substitute("open { brace", &[]), "open { brace");
    }

    #[test]
    fn parse_refuses_duplicates_and_non_strings() {
        assert!(Catalog::parse(&[("a", r#"{"k":"v"}"#), ("b", r#"{"k":"w"}"#)]).is_err());
        assert!(Catalog::parse(&[("a", r#"{"k":1}"#)]).is_err());
        assert!(Catalog::parse(&[("a", "not json")]).is_err());
    }

    #[test]
    fn one_thing_takes_the_singular_where_there_is_one() {
        let strip = |n: u64| {
            fill_count(
                Language::English,
                "status.strip",
                n,
                &[("player", &"South"), ("remaining", &n)],
            )
        };
        assert_eq!(strip(1), "South strips 1 more seed from the opponent");
        assert_eq!(strip(2), "South strips 2 more seeds from the opponent");
        // A key without a singular form reads as it always did.
        let store = fill_count(
            Language::English,
            "hud.store",
            1,
            &[("player", &"North"), ("n", &1)],
        );
        assert_eq!(store, "North: store 1");
    }

    #[test]
    fn missing_keys_fall_back_to_the_key() {
        assert_eq!(text(Language::Swahili, "no.such.key"), "no.such.key");
    }
}
