//! The interface compiles in one typeface (not egui's four default fonts, to keep the
//! browser download small): every character of every text in every language, and the
//! signs the code writes itself, must be in it, or players would see empty boxes.

use mancala_hall::content::i18n::{Catalog, Language};

const FACE: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light-derivative-MancalaHall.ttf");
/// The face it is cut from (scripts/subset-font.sh).
const ORIGINAL: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light.ttf");

#[test]
fn the_one_typeface_has_every_character_the_interface_shows() {
    let face = ttf_parser::Face::parse(FACE, 0).expect("the typeface parses");
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
        .filter(|c| !c.is_whitespace() && face.glyph_index(*c).is_none())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    assert!(missing.is_empty(), "not in the typeface: {missing:?}");
    // The check can fail: signs the face lacks are reported as missing.
    assert!(face.glyph_index('⟳').is_none() && face.glyph_index('▶').is_none());
    assert!(face.glyph_index('ü').is_some());
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
fn the_game_uses_that_typeface_for_all_text() {
    let defs = mancala_hall::game::ui::access::fonts();
    assert_eq!(defs.font_data.len(), 1);
    for family in defs.families.values() {
        assert_eq!(family, &vec!["ubuntu-light".to_string()]);
    }
}
