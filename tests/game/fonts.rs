//! The interface compiles in one typeface (not egui's four default fonts, to keep the
//! browser download small): every character of every text in every language, and the
//! signs the code writes itself, must be in it, or players would see empty boxes.

use mancala_hall::content::i18n::{Catalog, Language};

const FACE: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light.ttf");

#[test]
fn the_one_typeface_has_every_character_the_interface_shows() {
    let face = ttf_parser::Face::parse(FACE, 0).expect("the typeface parses");
    let mut texts: Vec<String> = Vec::new();
    for lang in Language::ALL {
        let c = Catalog::parse(lang.sources()).unwrap();
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

#[cfg(feature = "game")]
#[test]
fn the_game_uses_that_typeface_for_all_text() {
    let defs = mancala_hall::game::ui::access::fonts();
    assert_eq!(defs.font_data.len(), 1);
    for family in defs.families.values() {
        assert_eq!(family, &vec!["ubuntu-light".to_string()]);
    }
}
