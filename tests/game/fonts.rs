//! The interface compiles in its own typefaces (not egui's four default fonts, to keep
//! the browser download small): a Latin face, and an Arabic one for Arabic letters.
//! Every character of every text in every language, and the signs the code writes
//! itself, must be in one of them, or players would see empty boxes.

use mancala_hall::content::bidi::is_arabic;
use mancala_hall::content::i18n::{Catalog, Language};

const FACE: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light-derivative-MancalaHall.ttf");
const ARABIC: &[u8] = include_bytes!("../../assets/fonts/NotoSansArabic-Regular-MancalaHall.ttf");
/// The face it is cut from (scripts/subset-font.sh).
const ORIGINAL: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light.ttf");

#[test]
fn the_typefaces_have_every_character_the_interface_shows() {
    let face = ttf_parser::Face::parse(FACE, 0).expect("the typeface parses");
    let arabic = ttf_parser::Face::parse(ARABIC, 0).expect("the Arabic typeface parses");
    // egui takes a character from the first face that has it: the Latin face, then
    // the Arabic one; an Arabic letter must come from the Arabic face.
    let drawn = |c: char| {
        if is_arabic(c) {
            arabic.glyph_index(c).is_some()
        } else {
            face.glyph_index(c).is_some()
        }
    };
    let mut texts: Vec<String> = Vec::new();
    for lang in Language::ALL {
        let c = Catalog::parse(lang.code(), lang.sources()).unwrap();
        texts.extend(c.texts.into_values());
    }
    // Written by the code itself (titles, the tutorial's waiting mark, notation).
    texts.push("Rules — Omweso … 3,2 cw strip end « » 0123456789".into());
    let mut missing: Vec<char> = texts
        .iter()
        .flat_map(|t| t.chars())
        .filter(|c| !c.is_whitespace() && !drawn(*c))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    assert!(missing.is_empty(), "not in the typeface: {missing:?}");
    // The browser compiles in only the language switch's Arabic letters: every
    // language's own name must be drawn with them (the rest comes with the whole face).
    let names = ttf_parser::Face::parse(mancala_hall::game::ui::typefaces::ARABIC_NAMES_FACE, 0)
        .expect("the names' face parses");
    for lang in Language::ALL {
        for c in lang.native_name().chars().filter(|c| is_arabic(*c)) {
            assert!(
                names.glyph_index(c).is_some(),
                "{c} of {lang:?} not in the names' face"
            );
        }
    }
    assert!(names.glyph_index('ب').is_some() && names.glyph_index('س').is_none());
    // The check can fail: signs the face lacks are reported as missing.
    assert!(face.glyph_index('⟳').is_none() && face.glyph_index('▶').is_none());
    assert!(face.glyph_index('ü').is_some());
    assert!(face.glyph_index('ب').is_none() && arabic.glyph_index('ب').is_some());
    // Its shaping tables, for joined letters: the Arabic script's features.
    let gsub = arabic
        .tables()
        .gsub
        .expect("the Arabic face has a GSUB table");
    let features: Vec<String> = gsub
        .features
        .into_iter()
        .map(|f| f.tag.to_string())
        .collect();
    for needed in ["init", "medi", "fina", "rlig"] {
        assert!(
            features.iter().any(|f| f == needed),
            "no {needed}: {features:?}"
        );
    }
}

/// The cut keeps what a player may type in a name beyond the interface's own text (the
/// letters of the Latin alphabets of East and Southern Africa and Europe), and the
/// Ubuntu Font Licence's naming of a modified copy.
#[test]
fn the_typeface_is_ubuntu_light_cut_to_latin_and_named_as_its_licence_asks() {
    let face = ttf_parser::Face::parse(FACE, 0).expect("the typeface parses");
    let original = ttf_parser::Face::parse(ORIGINAL, 0).expect("the original parses");
    for c in ('a'..='z')
        .chain('A'..='Z')
        .chain("ŋŊƁƊƙƘäëïöüéèçñßąłőšžţșğİ—–‘’“”…€".chars())
    {
        assert!(face.glyph_index(c).is_some(), "{c} is missing");
    }
    // The same outlines: a letter is as wide as in the original.
    for c in "Mancala Hall ŋ".chars() {
        let (g, o) = (
            face.glyph_index(c).unwrap(),
            original.glyph_index(c).unwrap(),
        );
        assert_eq!(
            face.glyph_hor_advance(g),
            original.glyph_hor_advance(o),
            "{c}"
        );
    }
    // Greek and Cyrillic are left out.
    assert!(original.glyph_index('Ж').is_some() && face.glyph_index('Ж').is_none());
    let name = |f: &ttf_parser::Face, id: u16| {
        f.names()
            .into_iter()
            .find(|n| n.name_id == id && n.is_unicode())
            .and_then(|n| n.to_string())
    };
    assert_eq!(name(&original, 4).as_deref(), Some("Ubuntu Light"));
    assert_eq!(
        name(&face, 4).as_deref(),
        Some("Ubuntu Light derivative Mancala Hall")
    );
    assert!(name(&face, 0).is_some_and(|c| c.contains("Ubuntu Font Licence")));
    assert!(FACE.len() < ORIGINAL.len() / 2);
}

#[cfg(feature = "game")]
#[test]
fn the_game_uses_those_typefaces_for_all_text() {
    let defs = mancala_hall::game::ui::typefaces::fonts();
    assert_eq!(defs.font_data.len(), 2);
    // The Latin face first (spaces, digits and signs come from it inside Arabic
    // text too), the Arabic one for Arabic letters.
    for family in defs.families.values() {
        assert_eq!(
            family,
            &vec!["ubuntu-light".to_string(), "noto-sans-arabic".to_string()]
        );
    }
    // The faces compiled in (deflated by build.rs on the desktop) are the files, byte
    // for byte.
    assert_eq!(&*defs.font_data["ubuntu-light"].font, FACE);
    assert_eq!(&*defs.font_data["noto-sans-arabic"].font, ARABIC);
}

/// Arabic letters are joined by egui's own shaper from the Arabic face's tables (what
/// `content::bidi` counts on): a letter takes its initial, medial and final forms in a
/// word, and lam with alef becomes one sign.
#[test]
fn arabic_letters_are_joined_and_lam_alef_is_one_sign() {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    ctx.set_fonts(mancala_hall::game::ui::typefaces::fonts());
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
    // The drawn signs of a text (no spaces): (place in the font texture, x), left to
    // right.
    let signs = |text: &str| {
        let galley = ctx.fonts_mut(|f| {
            f.layout_no_wrap(
                text.to_string(),
                egui::FontId::proportional(24.0),
                egui::Color32::WHITE,
            )
        });
        let signs = galley
            .rows
            .iter()
            .flat_map(|r| r.row.glyphs.iter())
            .filter(|g| g.advance_width > 0.0 && !g.chr.is_whitespace())
            .map(|g| (g.uv_rect, g.pos.x))
            .collect::<Vec<_>>();
        // (The glyphs' new places in the font texture are not uploaded anywhere.)
        ctx.tex_manager().write().take_delta().clear();
        signs
    };
    let beh = 'ب';
    let alone = signs(&beh.to_string());
    assert_eq!(alone.len(), 1);
    let word = signs(&beh.to_string().repeat(3));
    assert_eq!(word.len(), 3, "{word:?}");
    // Right to left: the word's first letter drawn at the right.
    assert!(word[0].1 < word[1].1 && word[1].1 < word[2].1);
    let (last, middle, first) = (word[0].0, word[1].0, word[2].0);
    for form in [first, middle, last] {
        assert_ne!(
            form, alone[0].0,
            "a joined letter drawn in its isolated form"
        );
    }
    assert!(first != middle && middle != last && first != last);
    // Lam-alef: one sign; apart (a space between), two.
    assert_eq!(signs("لا").len(), 1);
    assert_eq!(signs("ل ا").len(), 2);
}
