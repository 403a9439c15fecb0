//! Translations: every language has every key of English with the same variables;
//! every key the code asks for exists; the captions and banners of real games are
//! fully filled in, in every language.

use mancala_hall::content::explain::{banner, caption};
use mancala_hall::content::i18n::{Catalog, Language, fill, text};
use mancala_hall::rules::*;
use std::collections::BTreeSet;

fn catalog(lang: Language) -> Catalog {
    Catalog::parse(lang.code(), lang.sources()).unwrap_or_else(|e| panic!("{}: {e}", lang.code()))
}

#[test]
fn every_language_has_exactly_the_keys_and_variables_of_english() {
    let english = catalog(Language::English);
    assert!(english.texts.len() > 200, "English looks incomplete");
    for lang in Language::ALL {
        let other = catalog(lang);
        let a: BTreeSet<&String> = english.texts.keys().collect();
        let b: BTreeSet<&String> = other.texts.keys().collect();
        let missing: Vec<_> = a.difference(&b).collect();
        let extra: Vec<_> = b.difference(&a).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, extra {extra:?}",
            lang.code()
        );
        for key in english.texts.keys() {
            let t = &other.texts[key];
            assert!(!t.trim().is_empty(), "{}: `{key}` is empty", lang.code());
            assert_eq!(
                english.variables[key],
                other.variables[key],
                "{}: `{key}` has other variables than English",
                lang.code()
            );
        }
    }
}

#[test]
fn the_translations_are_translations_not_copies() {
    let en = catalog(Language::English);
    for lang in Language::ALL.into_iter().skip(1) {
        let other = catalog(lang);
        let same = en
            .texts
            .iter()
            .filter(|(k, v)| v.split_whitespace().count() > 3 && other.texts[*k] == **v)
            .map(|(k, _)| k.clone())
            .collect::<Vec<_>>();
        assert!(
            same.is_empty(),
            "{}: left in English: {same:?}",
            lang.code()
        );
    }
}

/// Every string literal in the sources that looks like a translation key.
fn keys_in_sources() -> BTreeSet<String> {
    let namespaces = [
        "app", "player", "menu", "level", "options", "settings", "status", "outcome", "reason",
        "choice", "hud", "speed", "prompt", "over", "moves", "notice", "banner", "explain",
        "pages", "kiosk", "rules", "story", "tutorial", "online", "review", "puzzle",
    ];
    let mut keys = BTreeSet::new();
    let mut dirs = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let src = std::fs::read_to_string(&path).unwrap();
            for piece in src.split('"').skip(1).step_by(2) {
                let Some((ns, rest)) = piece.split_once('-') else {
                    continue;
                };
                let keyish = !rest.is_empty()
                    && piece
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_".contains(c));
                if keyish && namespaces.contains(&ns) {
                    keys.insert(piece.to_string());
                }
            }
        }
    }
    keys
}

#[test]
fn every_key_the_code_uses_exists() {
    let english = catalog(Language::English);
    let used = keys_in_sources();
    assert!(used.len() > 150, "the scan found only {} keys", used.len());
    let missing: Vec<_> = used
        .iter()
        .filter(|k| !english.texts.contains_key(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "keys used but not translated: {missing:?}"
    );
    // Keys built at run time from a game's id.
    for g in Game::ALL {
        for s in ["aim", "board", "sowing", "capture", "special", "end"] {
            let k = format!("rules-{}-{s}", g.id());
            assert!(english.texts.contains_key(&k), "missing {k}");
        }
        for s in ["where", "people", "history", "names"] {
            let k = format!("story-{}-{s}", g.id());
            assert!(english.texts.contains_key(&k), "missing {k}");
        }
    }
}

#[test]
fn game_terms_stay_as_they_are() {
    for lang in Language::ALL {
        for g in Game::ALL {
            // The story page names each game in its own name.
            let k = format!("story-{}-where", g.id());
            let t = text(lang, &k);
            assert_ne!(t, k, "{}: {k} missing", lang.code());
        }
    }
    let english = catalog(Language::English);
    for lang in Language::ALL.into_iter().skip(1) {
        let other = catalog(lang);
        for (key, en) in &english.texts {
            for term in [
                "empiki",
                "Omweso",
                "Anywoli",
                "Nsolo",
                "Hawalis",
                "Bao Kigogo",
            ] {
                if en.contains(term) {
                    assert!(
                        other.texts[key].contains(term),
                        "{} `{key}` drops the term {term}",
                        lang.code()
                    );
                }
            }
        }
    }
}

#[test]
fn captions_and_banners_of_real_games_are_complete_in_every_language() {
    for g in Game::ALL {
        for seed in 0..3u64 {
            let mut s = GameState::new(g, Options::default()).unwrap();
            let mut lot = Lot(seed * 31 + 5);
            let mut kinds = std::collections::HashSet::new();
            for _ in 0..150 {
                let Some(d) = random_decision(&s, &mut lot) else {
                    break;
                };
                let before = s.clone();
                let events = apply(&mut s, d).unwrap();
                for lang in Language::ALL {
                    let mut shown = before.seeds().clone();
                    let mut previous: Option<&Event> = None;
                    for e in &events {
                        for line in [
                            caption(lang, &before, Some(&shown), previous, e),
                            banner(lang, e),
                        ]
                        .into_iter()
                        .flatten()
                        {
                            assert!(
                                !line.contains('{')
                                    && !line.contains("explain.")
                                    && !line.contains("banner."),
                                "{}: unfilled `{line}` for {e:?}",
                                lang.code()
                            );
                            kinds.insert(std::mem::discriminant(e));
                        }
                        shown.apply_event(e).unwrap();
                        if !matches!(e, Event::Drop { .. }) {
                            previous = Some(e);
                        }
                    }
                }
                if s.is_over() {
                    break;
                }
            }
            assert!(kinds.len() >= 3, "{g}: few events explained");
        }
    }
}

#[test]
fn a_relay_caption_tells_how_many_seeds_are_lifted() {
    // Hawalis: South sows 2 seeds from (3,0); the last lands on 3 seeds at (3,2),
    // which makes 4: a relay of 4.
    let mut rows = vec![vec![0u8; 7]; 4];
    rows[0][0] = 2;
    rows[1][3] = 2;
    rows[3][0] = 2;
    rows[3][2] = 3;
    let s = GameState::from_rows(Game::Hawalis, Options::default(), &rows, Player::South).unwrap();
    let mut t = s.clone();
    let events = apply(&mut t, Decision::Sow(Pit { row: 3, col: 0 })).unwrap();
    let mut shown = s.seeds().clone();
    let mut relay = None;
    for e in &events {
        if matches!(e, Event::Relay { .. }) && relay.is_none() {
            relay = caption(Language::English, &s, Some(&shown), None, e);
        }
        shown.apply_event(e).unwrap();
    }
    let relay = relay.expect("a relay happens");
    assert!(relay.contains(" 4 seeds"), "{relay}");
    assert!(relay.starts_with("Relay"), "{relay}");
}

#[test]
fn counts_take_the_plural_form_of_each_language() {
    let seeds =
        |lang: Language, n: u64| fill(lang, "explain-capture", &[("player", &"South"), ("n", &n)]);
    for n in [0, 2, 3, 11, 100] {
        assert!(
            seeds(Language::English, n).contains(&format!("takes {n} seeds ")),
            "{}",
            seeds(Language::English, n)
        );
    }
    assert!(seeds(Language::English, 1).contains("takes 1 seed "));
    // French: 0 and 1 are singular.
    for (n, words) in [
        (0, "0 graine "),
        (1, "1 graine "),
        (2, "2 graines "),
        (3, "3 graines "),
        (11, "11 graines "),
        (100, "100 graines "),
    ] {
        let line = seeds(Language::French, n);
        assert!(line.contains(words), "fr {n}: {line}");
    }
    // Arabic: six forms (CLDR zero, one, two, few 3-10, many 11-99, other 100-102).
    for (n, words) in [
        (0, "لا يأخذ"),
        (1, "بذرة واحدة"),
        (2, "بذرتين"),
        (3, "3 بذور"),
        (11, "11 بذرة"),
        (100, "100 بذرة"),
    ] {
        let line = seeds(Language::Arabic, n);
        assert!(line.contains(words), "ar {n}: {line}");
    }
    assert_ne!(
        seeds(Language::Arabic, 3),
        seeds(Language::Arabic, 11).replace("11", "3")
    );
}

#[test]
fn each_language_knows_its_place_and_code() {
    // Catalog::of finds a language's catalog by its place in Language::all().
    for (i, lang) in Language::all().into_iter().enumerate() {
        assert_eq!(lang.index(), i, "{lang:?}");
        assert_eq!(Language::from_code(lang.code()), Some(lang));
        let saved = serde_json::to_string(&lang).unwrap();
        assert_eq!(saved, format!("\"{}\"", lang.code()));
        assert_eq!(serde_json::from_str::<Language>(&saved).unwrap(), lang);
    }
    let e = serde_json::from_str::<Language>("\"xx\"").unwrap_err();
    assert!(e.to_string().contains("unknown language `xx`"), "{e}");
    assert!(Language::Arabic.is_rtl() && !Language::French.is_rtl());
}

#[test]
fn one_seed_is_a_seed_in_captions() {
    // Nsolo's single-seed move lifts one seed: the caption says so in the singular.
    let s = GameState::new(Game::Nsolo, Options::default()).unwrap();
    let pit = Pit { row: 3, col: 0 };
    let one = caption(
        Language::English,
        &s,
        None,
        None,
        &Event::Lift { pit, count: 1 },
    );
    let two = caption(
        Language::English,
        &s,
        None,
        None,
        &Event::Lift { pit, count: 2 },
    );
    let (one, two) = (one.unwrap(), two.unwrap());
    assert!(one.contains("lifts 1 seed and"), "{one}");
    assert!(two.contains("lifts 2 seeds and"), "{two}");
}

#[test]
fn a_saved_game_of_one_move_says_one_move() {
    let line = |n: u64| {
        fill(
            Language::English,
            "menu-saved_line",
            &[
                ("label", &"autosave"),
                ("game", &"Hawalis"),
                ("moves", &n),
                ("finished", &""),
            ],
        )
    };
    assert_eq!(line(1), "autosave — Hawalis, 1 move");
    assert_eq!(line(2), "autosave — Hawalis, 2 moves");
}
