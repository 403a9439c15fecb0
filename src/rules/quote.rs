//! User input quoted in error messages, kept short: an error line must not echo a
//! megabyte of input back. At most [`QUOTE_LIMIT`] characters of a quoted text are
//! kept, then "…" and the text's total length.

/// Characters of user input an error message quotes.
pub const QUOTE_LIMIT: usize = 60;

/// Longest error message (in characters) [`bound_message`] lets through whole.
pub const MESSAGE_LIMIT: usize = 600;

/// `text` if it is short, else its first [`QUOTE_LIMIT`] characters, "…" and its total
/// length: `99999…(1000000 characters)`. A text shortened already is left as it is.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) if is_shortened(&text[cut..]) => text.to_string(),
        Some((cut, _)) => format!("{}…({} characters)", &text[..cut], text.chars().count()),
    }
}

/// Whether what follows the kept prefix is the mark [`shorten`] leaves: `…(N characters)`.
fn is_shortened(tail: &str) -> bool {
    tail.strip_prefix("…(")
        .and_then(|t| t.strip_suffix(" characters)"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A message from elsewhere (a JSON parser's, say) with every quoted text (between
/// backticks or double quotes) shortened as [`shorten`] does, and the whole cut to
/// [`MESSAGE_LIMIT`] characters if it is still longer.
pub fn bound_message(msg: &str) -> String {
    if msg.chars().count() <= QUOTE_LIMIT {
        return msg.to_string();
    }
    let mut out = String::new();
    let mut rest = msg;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest.as_bytes()[open] as char;
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let Some(close) = closing(rest, quote) else {
            break;
        };
        out.push_str(&shorten(&rest[..close]));
        out.push(quote);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    match out.char_indices().nth(MESSAGE_LIMIT) {
        None => out,
        Some((cut, _)) => format!(
            "{}…(message of {} characters)",
            &out[..cut],
            out.chars().count()
        ),
    }
}

/// Where the quote that `rest` starts inside ends (a double quote escaped with a
/// backslash does not end it).
fn closing(rest: &str, quote: char) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            '\\' if quote == '"' && !escaped => escaped = true,
            c if c == quote && !escaped => return Some(i),
            _ => escaped = false,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_kept_and_long_ones_cut() {
        assert_eq!(shorten("chess"), "chess");
        let sixty = "é".repeat(60);
        assert_eq!(shorten(&sixty), sixty);
        let long = format!("{sixty}x");
        assert_eq!(shorten(&long), format!("{sixty}…(61 characters)"));
        assert_eq!(shorten(&shorten(&long)), shorten(&long), "shortened once");
        let msg = format!("unknown game `{}` (omweso, ...)", shorten(&long));
        assert_eq!(bound_message(&msg), msg);
    }

    #[test]
    fn quoted_parts_of_a_message_are_cut() {
        let name = "z".repeat(100_000);
        let msg = format!("unknown variant `{name}`, expected one of `new`, `set` at line 1");
        let b = bound_message(&msg);
        assert_eq!(
            b,
            format!(
                "unknown variant `{}…(100000 characters)`, expected one of `new`, `set` at line 1",
                "z".repeat(60)
            )
        );
        let msg = format!("invalid type: string \"a\\\"{name}\", expected u8");
        let b = bound_message(&msg);
        assert!(b.ends_with("…(100003 characters)\", expected u8"), "{b}");
        // Many short quotes still make a short message.
        let msg = "`a`".repeat(100_000);
        let b = bound_message(&msg);
        assert!(b.chars().count() < MESSAGE_LIMIT + 40, "{}", b.len());
        assert!(b.ends_with("…(message of 300000 characters)"), "{b}");
        // An unclosed quote.
        let b = bound_message(&format!("bad `{name}"));
        assert!(b.chars().count() < MESSAGE_LIMIT + 40);
        // Short messages are untouched.
        assert_eq!(bound_message("nothing to undo"), "nothing to undo");
    }
}
