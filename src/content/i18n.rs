//! Interface text in several languages (no Bevy).
//!
//! Every sentence the interface shows comes from Fluent files (Project Fluent, the
//! format of Firefox's translators; docs/i18n.md) under
//! `assets/i18n/<language>/*.ftl`: messages `key = text`, where `{ $name }` is a value
//! filled in at run time and a number can choose the words by the language's plural
//! rules (`{ $n -> [one] 1 seed *[other] { $n } seeds }`). The desktop compiles every
//! language's files in; the browser compiles in English only and fetches another
//! language's files when it is chosen ([`add_fetched`]; until they come, its texts are
//! English's), so that a visitor downloads only the languages they read. A language's
//! files are merged into one catalog the first time a text of it is asked for. A missing
//! key falls back to English, then to the key itself: a gap shows, but never panics.
//! The tests check that every language has exactly the keys and variables of English,
//! and that every key the code asks for exists.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Display;
use std::sync::{Mutex, OnceLock};
use unic_langid::LanguageIdentifier;

use super::text_dir;

/// A language of the interface (saved as its code: `en`, `sw`, `fr`...). Each one's
/// status (complete, draft to be reviewed): docs/i18n.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    Swahili,
    Arabic,
    French,
    Luganda,
    Chichewa,
    /// A language a curator added in a text folder ([`text_dir`]): its place among
    /// the added ones.
    Added(u8),
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        Language::from_code(&code).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown language `{}`",
                crate::rules::shorten(&code)
            ))
        })
    }
}

/// The four Fluent files of the language whose folder is `$code`, compiled in
/// ([`crate::content::packed`]).
macro_rules! ftl_files {
    ($code:literal) => {{
        // The order of `FTL_FILES`.
        static FILES: OnceLock<[(&str, &str); 4]> = OnceLock::new();
        FILES.get_or_init(|| {
            [
                ftl_files!($code, "ui"),
                ftl_files!($code, "rules"),
                ftl_files!($code, "story"),
                ftl_files!($code, "tutorial"),
            ]
        })
    }};
    ($code:literal, $file:literal) => {
        (
            concat!($code, "/", $file, ".ftl"),
            crate::packed_text!(concat!("i18n/", $code, "/", $file, ".ftl")),
        )
    };
}

impl Language {
    /// The languages the game ships, in menu order.
    pub const ALL: [Language; 6] = [
        Language::English,
        Language::Swahili,
        Language::Arabic,
        Language::French,
        Language::Luganda,
        Language::Chichewa,
    ];

    /// Every language: those the game ships, then those a text folder added.
    pub fn all() -> Vec<Language> {
        let added = text_dir::installed().map_or(0, |t| t.added.len());
        Language::ALL
            .into_iter()
            .chain((0..added).map(|i| Language::Added(i as u8)))
            .collect()
    }

    /// The language's place in [`Language::all`].
    pub fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::Swahili => 1,
            Language::Arabic => 2,
            Language::French => 3,
            Language::Luganda => 4,
            Language::Chichewa => 5,
            Language::Added(i) => Language::ALL.len() + usize::from(i),
        }
    }

    /// The language's code (ISO 639), also its folder's name under `assets/i18n/`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Swahili => "sw",
            Language::French => "fr",
            Language::Arabic => "ar",
            Language::Luganda => "lg",
            Language::Chichewa => "ny",
            Language::Added(i) => added(i).map_or("en", |a| a.code.as_str()),
        }
    }

    /// The language's own name for itself, for the language switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Swahili => "Kiswahili",
            Language::French => "Français",
            Language::Arabic => "العربية",
            Language::Luganda => "Luganda",
            Language::Chichewa => "Chichewa",
            Language::Added(i) => added(i).map_or("English", |a| a.name.as_str()),
        }
    }

    /// Whether the language is written right to left (Arabic; of the added ones,
    /// those whose code is of a right-to-left language).
    pub fn is_rtl(self) -> bool {
        matches!(
            self.code(),
            "ar" | "fa" | "ur" | "ps" | "ckb" | "sd" | "ug" | "he" | "yi" | "dv"
        )
    }

    /// The language with this code.
    pub fn from_code(code: &str) -> Option<Language> {
        let code = code.trim().to_ascii_lowercase();
        Language::all().into_iter().find(|l| l.code() == code)
    }

    /// The translation files the game ships for this language, as far as the program
    /// holds them now: (file name, contents). English's are always compiled in; in the
    /// browser another language's are there once fetched ([`add_fetched`]), and none
    /// before. An added language has none (its files are in its text folder).
    pub fn sources(self) -> Files {
        CATALOGS.sources(self)
    }

    /// Whether the program holds this language's texts now (always, but in the
    /// browser for a shipped language other than English not yet fetched).
    pub fn has_texts(self) -> bool {
        CATALOGS.has_texts(self)
    }

    /// Whether the browser fetches this language's files rather than holding them
    /// compiled in (every shipped language but English there; none on the desktop).
    pub fn is_fetched(self) -> bool {
        !matches!(self, Language::Added(_)) && compiled_in(self).is_none()
    }
}

/// A language's Fluent files, kept for the whole run: (file name, text).
pub type Files = &'static [(&'static str, &'static str)];

/// The names of each language's Fluent files under `assets/i18n/<code>/`, without
/// `.ftl` (what the browser fetches for a language: [`add_fetched`]).
pub const FTL_FILES: [&str; 4] = ["ui", "rules", "story", "tutorial"];

/// The files of a shipped language compiled into the program: all of them on the
/// desktop, English only in the browser.
fn compiled_in(lang: Language) -> Option<Files> {
    match lang {
        Language::English => Some(ftl_files!("en")),
        Language::Added(_) => None,
        #[cfg(not(target_arch = "wasm32"))]
        Language::Swahili => Some(ftl_files!("sw")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::French => Some(ftl_files!("fr")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Arabic => Some(ftl_files!("ar")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Luganda => Some(ftl_files!("lg")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Chichewa => Some(ftl_files!("ny")),
        #[cfg(target_arch = "wasm32")]
        _ => None,
    }
}

/// An added language's entry in the installed text folder.
fn added(i: u8) -> Option<&'static text_dir::AddedLanguage> {
    text_dir::installed()?.added.get(usize::from(i))
}

/// Every language's catalog, each read the first time a text of it is asked for; and
/// the files the browser fetched.
static CATALOGS: Catalogs = Catalogs::new(compiled_in);

/// Whether any catalog has been read (a text folder installed later would not be
/// seen).
pub(crate) fn catalogs_read() -> bool {
    CATALOGS.slots.get().is_some()
}

/// Gives the program a language's files, fetched by the browser (`files`: each of
/// [`FTL_FILES`]' name and text): its texts are shown from now on. `Err` says why
/// they were not taken (the language is compiled in, or was given before).
pub fn add_fetched(lang: Language, files: Vec<(String, String)>) -> Result<(), String> {
    CATALOGS.add_fetched(lang, files)
}

/// The languages' catalogs: one slot each, filled the first time a text of the
/// language is asked for while its files are there (compiled in, or fetched).
struct Catalogs {
    /// One per language of [`Language::all`], in its order.
    slots: OnceLock<Vec<OnceLock<Catalog>>>,
    /// The files the browser fetched, by language.
    fetched: Mutex<Vec<(Language, Files)>>,
    /// Where the compiled-in files are ([`compiled_in`]; a test gives its own).
    compiled_in: fn(Language) -> Option<Files>,
}

impl Catalogs {
    const fn new(compiled_in: fn(Language) -> Option<Files>) -> Catalogs {
        Catalogs {
            slots: OnceLock::new(),
            fetched: Mutex::new(Vec::new()),
            compiled_in,
        }
    }

    /// A language's files, if it was fetched.
    fn fetched(&self, lang: Language) -> Option<Files> {
        let fetched = self.fetched.lock().unwrap_or_else(|p| p.into_inner());
        fetched.iter().find(|(l, _)| *l == lang).map(|(_, f)| *f)
    }

    fn sources(&self, lang: Language) -> Files {
        (self.compiled_in)(lang)
            .or_else(|| self.fetched(lang))
            .unwrap_or(&[])
    }

    fn has_texts(&self, lang: Language) -> bool {
        matches!(lang, Language::Added(_))
            || (self.compiled_in)(lang).is_some()
            || self.fetched(lang).is_some()
    }

    fn add_fetched(&self, lang: Language, files: Vec<(String, String)>) -> Result<(), String> {
        if (self.compiled_in)(lang).is_some() || matches!(lang, Language::Added(_)) {
            return Err(format!("{}: its texts are in the program", lang.code()));
        }
        let mut fetched = self.fetched.lock().unwrap_or_else(|p| p.into_inner());
        if fetched.iter().any(|(l, _)| *l == lang) {
            return Err(format!("{}: its texts were given before", lang.code()));
        }
        // Kept for the rest of the run, as compiled-in files are.
        let files: Vec<(&'static str, &'static str)> = files
            .into_iter()
            .map(|(name, text)| (&*name.leak(), &*text.leak()))
            .collect();
        fetched.push((lang, files.leak()));
        Ok(())
    }

    /// The catalog of a language (English's while the language's files are not
    /// there).
    fn of(&self, lang: Language) -> &Catalog {
        let slots = self
            .slots
            .get_or_init(|| Language::all().iter().map(|_| OnceLock::new()).collect());
        let english = || self.of(Language::English);
        let Some(slot) = slots.get(lang.index()) else {
            return english();
        };
        if let Some(catalog) = slot.get() {
            return catalog;
        }
        if !self.has_texts(lang) {
            return english();
        }
        slot.get_or_init(|| {
            let overrides: Vec<(&str, &str)> = text_dir::installed()
                .map(|t| t.sources_of(lang.code()))
                .unwrap_or_default();
            Catalog::read_with_overrides(lang.code(), self.sources(lang), &overrides).0
        })
    }
}

/// All texts of one language: its Fluent messages, and each one's text with nothing
/// filled in.
pub struct Catalog {
    /// Each message's text as [`text`] gives it (variables left as `{$name}`).
    pub texts: HashMap<String, String>,
    /// Each message's variables (`$name`, without the `$`), selectors included.
    pub variables: HashMap<String, BTreeSet<String>>,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Catalog of {} messages", self.texts.len())
    }
}

impl Catalog {
    /// Reads the Fluent files of a language (`code`: `en`, `sw`...): what they define
    /// and every fault found on the way, as `file:line: what is wrong`. A message that
    /// could not be read is left out; the rest stay usable.
    pub fn read(code: &str, sources: &[(&str, &str)]) -> (Catalog, Vec<String>) {
        Catalog::read_with_overrides(code, sources, &[])
    }

    /// As [`Catalog::read`], then the messages of `overrides` (a curator's files)
    /// taking the place of those of the same key.
    pub fn read_with_overrides(
        code: &str,
        sources: &[(&str, &str)],
        overrides: &[(&str, &str)],
    ) -> (Catalog, Vec<String>) {
        let locale: LanguageIdentifier = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![locale]);
        // No Unicode isolation marks around filled-in values: the interface's
        // typeface has no glyphs for them.
        bundle.set_use_isolating(false);
        let mut faults = Vec::new();
        let mut variables = HashMap::new();
        let layers = sources.iter().map(|s| (s, false));
        for ((name, text), overriding) in layers.chain(overrides.iter().map(|s| (s, true))) {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(resource) => resource,
                Err((resource, errors)) => {
                    for e in errors {
                        // The line where the broken message begins (the fault itself
                        // may be found lines later).
                        let at = e.slice.as_ref().map_or(e.pos.start, |s| s.start);
                        faults.push(format!("{name}:{}: {e}", line_of(text, at)));
                    }
                    resource
                }
            };
            for entry in resource.entries() {
                if let ast::Entry::Message(m) = entry {
                    let mut names = BTreeSet::new();
                    if let Some(value) = &m.value {
                        variables_of_pattern(value, &mut names);
                    }
                    variables.insert(m.id.name.to_string(), names);
                }
            }
            if overriding {
                bundle.add_resource_overriding(resource);
            } else if let Err(errors) = bundle.add_resource(resource) {
                for e in errors {
                    let said = match e {
                        FluentError::Overriding { id, .. } => format!("`{id}` is defined twice"),
                        other => other.to_string(),
                    };
                    faults.push(format!("{name}: {said}"));
                }
            }
        }
        let mut texts = HashMap::new();
        for id in variables.keys() {
            let Some(value) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(value, None, &mut errors).into_owned();
            texts.insert(id.clone(), text);
        }
        variables.retain(|id, _| texts.contains_key(id));
        (
            Catalog {
                texts,
                variables,
                bundle,
            },
            faults,
        )
    }

    /// As [`Catalog::read`], but any fault is an error: the check of the shipped files.
    pub fn parse(code: &str, sources: &[(&str, &str)]) -> Result<Catalog, String> {
        match Catalog::read(code, sources) {
            (catalog, faults) if faults.is_empty() => Ok(catalog),
            (_, faults) => Err(faults.join("\n")),
        }
    }

    /// The catalog of a language, read once: the files the game ships, with a text
    /// folder's messages over them where one is installed ([`text_dir`]). What a fault
    /// kept out falls back to English (the tests make sure the shipped files have
    /// none; a text folder's faults were reported when it was installed). In the
    /// browser, English's until the language's files have been fetched.
    pub fn of(lang: Language) -> &'static Catalog {
        CATALOGS.of(lang)
    }

    /// The message `key` with its variables filled in, if this catalog has it. A
    /// value that reads as a whole number is given to Fluent as a number, so that
    /// the message can choose its words by the language's plural rules.
    pub fn format(&self, key: &str, args: &[(&str, &dyn Display)]) -> Option<String> {
        let pattern = self.bundle.get_message(key)?.value()?;
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            let value = value.to_string();
            match value.parse::<i64>() {
                Ok(number) => fluent_args.set(*name, FluentValue::from(number)),
                Err(_) => fluent_args.set(*name, FluentValue::from(value)),
            }
        }
        let mut errors = Vec::new();
        Some(
            self.bundle
                .format_pattern(pattern, Some(&fluent_args), &mut errors)
                .into_owned(),
        )
    }
}

/// What a language's catalog lacks or has beyond English's, one line each: keys
/// missing, keys English does not have, and messages whose variables differ.
pub fn differences(english: &Catalog, other: &Catalog) -> Vec<String> {
    let mut said = Vec::new();
    let ours: BTreeSet<&String> = english.texts.keys().collect();
    let theirs: BTreeSet<&String> = other.texts.keys().collect();
    let missing: Vec<&str> = ours.difference(&theirs).map(|k| k.as_str()).collect();
    if !missing.is_empty() {
        said.push(format!("missing {}: {}", missing.len(), missing.join(", ")));
    }
    let extra: Vec<&str> = theirs.difference(&ours).map(|k| k.as_str()).collect();
    if !extra.is_empty() {
        said.push(format!(
            "not in English {}: {}",
            extra.len(),
            extra.join(", ")
        ));
    }
    for key in ours.intersection(&theirs) {
        let (a, b) = (&english.variables[*key], &other.variables[*key]);
        if a != b {
            let list = |v: &BTreeSet<String>| {
                v.iter()
                    .map(|n| format!("${n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            said.push(format!(
                "`{key}` has the variables [{}] where English has [{}]",
                list(b),
                list(a)
            ));
        }
        if other.texts[*key].trim().is_empty() {
            said.push(format!("`{key}` is empty"));
        }
    }
    said
}

/// The line (from 1) of a byte offset in a text.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Adds the variables a pattern refers to, in its text and its selectors.
fn variables_of_pattern(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, names);
        }
    }
}

fn variables_of_expression(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Inline(inline) => variables_of_inline(inline, names),
        ast::Expression::Select { selector, variants } => {
            variables_of_inline(selector, names);
            for variant in variants {
                variables_of_pattern(&variant.value, names);
            }
        }
    }
}

fn variables_of_inline(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => {
            variables_of_expression(expression, names)
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                variables_of_inline(argument, names);
            }
        }
        _ => {}
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

/// The text of `key` with each variable `{ $name }` filled in by its value (English
/// if the language lacks the key, else the key itself).
pub fn fill(lang: Language, key: &str, args: &[(&str, &dyn Display)]) -> String {
    Catalog::of(lang)
        .format(key, args)
        .or_else(|| Catalog::of(Language::English).format(key, args))
        .unwrap_or_else(|| key.to_string())
}

/// The key naming a player ("South", "North").
pub fn player_key(p: crate::rules::Player) -> &'static str {
    match p {
        crate::rules::Player::South => "player-south",
        crate::rules::Player::North => "player-north",
    }
}

/// The key saying why a game ended.
pub fn reason_key(r: crate::rules::EndReason) -> &'static str {
    use crate::rules::EndReason as R;
    match r {
        R::GrandSlam => "reason-grand_slam",
        R::BothEndColumns => "reason-both_end_columns",
        R::FrontRowEmpty => "reason-front_row_empty",
        R::TwoCapturesFirst => "reason-two_captures_first",
        R::NoLegalMove => "reason-no_legal_move",
        R::NoSeedsLeft => "reason-no_seeds_left",
        R::BoardEmpty => "reason-board_empty",
        R::LastFour => "reason-last_four",
        R::Decided => "reason-decided",
        R::NobodyCanMove => "reason-nobody_can_move",
        R::Repetition => "reason-repetition",
        R::NeverEndingMove => "reason-never_ending_move",
        R::Resigned => "reason-resigned",
        R::TimeOut => "reason-time_out",
    }
}

/// A finished game in one line: who won (or a draw) and why.
pub fn outcome_line(lang: Language, o: &crate::rules::Outcome) -> String {
    use crate::rules::GameResult;
    let why = text(lang, reason_key(o.reason));
    match o.result {
        GameResult::Win(p) => fill(
            lang,
            "outcome-win_because",
            &[("player", &text(lang, player_key(p))), ("why", &why)],
        ),
        GameResult::Draw => fill(lang, "outcome-draw_because", &[("why", &why)]),
        GameResult::Annulled => fill(lang, "outcome-annulled_because", &[("why", &why)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_puts_each_value_in_its_place() {
        let (c, faults) = Catalog::read("en", &[("t.ftl", "sows = { $who } sows { $n } seeds")]);
        assert!(faults.is_empty(), "{faults:?}");
        let n = 5;
        assert_eq!(
            c.format("sows", &[("who", &"South"), ("n", &n)]).as_deref(),
            Some("South sows 5 seeds")
        );
        assert_eq!(c.texts["sows"], "{$who} sows {$n} seeds");
        assert_eq!(
            c.variables["sows"],
            BTreeSet::from(["n".to_string(), "who".to_string()])
        );
        assert_eq!(c.format("reaps", &[]), None);
    }

    #[test]
    fn faults_name_the_file_and_line_and_keep_the_rest() {
        let broken = "good = fine\n\nbad = { $oops\nalso-good = still here\n";
        let (c, faults) = Catalog::read("en", &[("a.ftl", broken), ("b.ftl", "good = again")]);
        assert!(
            faults.iter().any(|f| f.starts_with("a.ftl:3: ")),
            "{faults:?}"
        );
        assert!(
            faults.iter().any(|f| f == "b.ftl: `good` is defined twice"),
            "{faults:?}"
        );
        assert_eq!(c.texts["good"], "fine");
        assert_eq!(c.texts["also-good"], "still here");
        assert!(!c.texts.contains_key("bad"));
        assert!(Catalog::parse("en", &[("a.ftl", broken)]).is_err());
    }

    #[test]
    fn one_thing_takes_the_singular_where_there_is_one() {
        let strip = |n: u64| {
            fill(
                Language::English,
                "status-strip",
                &[("player", &"South"), ("remaining", &n)],
            )
        };
        assert_eq!(strip(1), "South strips 1 more seed from the opponent");
        assert_eq!(strip(2), "South strips 2 more seeds from the opponent");
        assert_eq!(strip(0), "South strips 0 more seeds from the opponent");
        // A message without a plural form reads as it always did.
        let store = fill(
            Language::English,
            "hud-store",
            &[("player", &"North"), ("n", &1)],
        );
        assert_eq!(store, "North: store 1");
    }

    #[test]
    fn differences_list_missing_extra_and_changed_variables() {
        let english = "a = { $n } seeds\nb = Store\nc = { $who } plays";
        let other = "a = { $count } mbegu\nc = { $who } anacheza\nd = ziada";
        let (en, _) = Catalog::read("en", &[("en.ftl", english)]);
        let (sw, _) = Catalog::read("sw", &[("sw.ftl", other)]);
        assert_eq!(
            differences(&en, &sw),
            [
                "missing 1: b",
                "not in English 1: d",
                "`a` has the variables [$count] where English has [$n]",
            ]
        );
        assert!(differences(&en, &en).is_empty());
    }

    /// English compiled in, French not (as in the browser).
    fn english_only(lang: Language) -> Option<Files> {
        (lang == Language::English).then_some(&[("en/ui.ftl", "hello = Hello\nbye = Bye")])
    }

    #[test]
    fn a_fetched_language_shows_english_until_its_files_come() {
        let catalogs = Catalogs::new(english_only);
        assert!(!catalogs.has_texts(Language::French));
        assert!(catalogs.sources(Language::French).is_empty());
        assert_eq!(catalogs.of(Language::French).texts["hello"], "Hello");
        let french = vec![("fr/ui.ftl".to_string(), "hello = Bonjour".to_string())];
        catalogs
            .add_fetched(Language::French, french.clone())
            .unwrap();
        assert!(catalogs.has_texts(Language::French));
        assert_eq!(
            catalogs.sources(Language::French),
            [("fr/ui.ftl", "hello = Bonjour")]
        );
        let catalog = catalogs.of(Language::French);
        assert_eq!(catalog.texts["hello"], "Bonjour");
        // Only what the language has: a missing key falls back when asked for.
        assert!(!catalog.texts.contains_key("bye"));
        // Given twice, or a language compiled in: refused, and nothing changes.
        let again = catalogs.add_fetched(Language::French, french).unwrap_err();
        assert!(again.contains("given before"), "{again}");
        let english = catalogs
            .add_fetched(
                Language::English,
                vec![("en/ui.ftl".into(), "hello = Hi".into())],
            )
            .unwrap_err();
        assert!(english.contains("in the program"), "{english}");
        assert_eq!(catalogs.of(Language::English).texts["hello"], "Hello");
        assert_eq!(catalogs.of(Language::Swahili).texts["hello"], "Hello");
    }

    #[test]
    fn each_language_has_the_files_the_browser_fetches() {
        for lang in Language::ALL {
            let names: Vec<String> = lang.sources().iter().map(|(n, _)| n.to_string()).collect();
            let fetched: Vec<String> = FTL_FILES
                .iter()
                .map(|f| format!("{}/{f}.ftl", lang.code()))
                .collect();
            assert_eq!(names, fetched);
            assert!(lang.has_texts() && !lang.is_fetched(), "{lang:?}");
        }
    }

    #[test]
    fn missing_keys_fall_back_to_english_then_to_the_key() {
        assert_eq!(text(Language::Swahili, "no-such-key"), "no-such-key");
        assert_eq!(fill(Language::Swahili, "no-such-key", &[]), "no-such-key");
    }
}
