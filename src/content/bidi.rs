//! Right-to-left lines for the interface (no Bevy): the order in which the letters of
//! a line of Arabic, with numbers and Latin names inside it, are to be drawn.
//!
//! egui 0.36 shapes text itself (HarfBuzz's Rust port, `harfrust`, inside epaint):
//! given an Arabic word in its logical order it joins the letters (initial, medial and
//! final forms, lam-alef) and draws the word right to left. What it lacks is the
//! Unicode bidirectional algorithm: it places the words of a line left to right in the
//! order they come, and a number inside an Arabic sentence would be drawn backwards by
//! the shaper. So the interface gives egui lines in *visual* order, made here:
//!
//! - the line's direction runs come from the Unicode bidi algorithm (`unicode-bidi`,
//!   the paragraph right to left);
//! - a left-to-right run (a number, a Latin name) stays as it is;
//! - in a right-to-left run, each Arabic word (with the Arabic punctuation that follows
//!   it) stays whole and in logical order, for egui's shaper to join and turn, and
//!   the words, spaces and other signs are put in reverse order, brackets mirrored.
//!
//! Each Arabic word then reaches the shaper alone, because the characters around it
//! (spaces, digits, Latin signs) come from the interface's Latin typeface and the
//! word from the Arabic one, and epaint shapes each typeface's stretch on its own.
//!
//! A text that wraps must be broken into lines first, in logical order ([`wrap`]),
//! and each line turned on its own: turning a whole paragraph would put its end on
//! the first line.

use unicode_bidi::{Level, ParagraphBidiInfo};

/// The line in the order to draw it, left to right, for a right-to-left interface.
/// A line without right-to-left letters comes back as it is.
pub fn visual_line(logical: &str) -> String {
    if !logical.chars().any(is_arabic) {
        return logical.to_string();
    }
    let info = ParagraphBidiInfo::new(logical, Some(Level::rtl()));
    let (levels, runs) = info.visual_runs(0..logical.len());
    let mut out = String::with_capacity(logical.len());
    for run in runs {
        let text = &logical[run.clone()];
        if levels[run.start].is_ltr() {
            out.push_str(text);
            continue;
        }
        for unit in units(text).into_iter().rev() {
            match unit.chars().next() {
                Some(c) if unit.len() == c.len_utf8() => out.push(mirrored(c)),
                _ => out.push_str(unit),
            }
        }
    }
    out
}

/// The text broken into lines of at most `max_width` (as `width` measures a line),
/// at spaces and at the text's own line breaks, in logical order. A word wider than
/// the line gets a line of its own.
pub fn wrap(logical: &str, max_width: f32, mut width: impl FnMut(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in logical.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            if line.is_empty() {
                line.push_str(word);
                continue;
            }
            let longer = format!("{line} {word}");
            if width(&longer) <= max_width {
                line = longer;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        lines.push(line);
    }
    lines
}

/// Whether a character is written right to left as part of an Arabic word: the
/// Arabic blocks' letters, marks and punctuation, and the joining controls (not the
/// Arabic-Indic digits, which run left to right).
pub fn is_arabic(c: char) -> bool {
    matches!(c,
        '\u{0600}'..='\u{065F}' | '\u{066A}'..='\u{06EF}' | '\u{06FA}'..='\u{06FF}'
        | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}'
        | '\u{200C}' | '\u{200D}')
}

/// A right-to-left run cut into what keeps its order inside (an Arabic word with the
/// Arabic signs joined to it) and single other characters, in logical order.
fn units(run: &str) -> Vec<&str> {
    let mut units = Vec::new();
    let mut word_start = None;
    for (i, c) in run.char_indices() {
        if is_arabic(c) {
            word_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = word_start.take() {
            units.push(&run[start..i]);
        }
        units.push(&run[i..i + c.len_utf8()]);
    }
    if let Some(start) = word_start {
        units.push(&run[start..]);
    }
    units
}

/// A bracket or quotation mark as it is drawn in a right-to-left run.
fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "بذرة"; // "seed"
    const GAME: &str = "لعبة"; // "game"
    const BEAUTIFUL: &str = "جميلة"; // "beautiful"

    #[test]
    fn latin_lines_stay_as_they_are() {
        for line in ["South to move", "Omweso: 12 seeds (4 x 8)", ""] {
            assert_eq!(visual_line(line), line);
        }
    }

    #[test]
    fn arabic_words_come_in_reverse_order_each_whole() {
        let logical = format!("{GAME} {BEAUTIFUL}");
        assert_eq!(visual_line(&logical), format!("{BEAUTIFUL} {GAME}"));
    }

    #[test]
    fn numbers_and_latin_names_keep_their_own_order() {
        // "12 seeds": the number first in reading order, so at the right.
        assert_eq!(visual_line(&format!("12 {SEED}")), format!("{SEED} 12"));
        // A number of several digits is not turned round.
        assert_eq!(visual_line(&format!("{SEED} 305")), format!("305 {SEED}"));
        // A Latin game name of two words inside an Arabic sentence.
        let logical = format!("{GAME} Bao Kigogo {BEAUTIFUL}");
        assert_eq!(
            visual_line(&logical),
            format!("{BEAUTIFUL} Bao Kigogo {GAME}")
        );
    }

    #[test]
    fn punctuation_ends_at_the_left_and_brackets_turn() {
        assert_eq!(visual_line(&format!("{GAME}.")), format!(".{GAME}"));
        // The Arabic comma and question mark stay with their word.
        assert_eq!(
            visual_line(&format!("{GAME}، {SEED}؟")),
            format!("{SEED}؟ {GAME}،")
        );
        assert_eq!(
            visual_line(&format!("{GAME} (Omweso)")),
            format!("(Omweso) {GAME}")
        );
        assert_eq!(
            visual_line(&format!("{GAME} ({SEED})")),
            format!("({SEED}) {GAME}")
        );
    }

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        // Width in characters.
        let chars = |s: &str| s.chars().count() as f32;
        assert_eq!(
            wrap("one two three four", 9.0, chars),
            ["one two", "three", "four"]
        );
        assert_eq!(wrap("a\n\nb", 9.0, chars), ["a", "", "b"]);
        assert_eq!(wrap("enormousword x", 4.0, chars), ["enormousword", "x"]);
    }
}
