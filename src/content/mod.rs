//! What the interface says, as data apart from the code that shows it: translation
//! catalogs ([`i18n`]), right-to-left lines in drawing order ([`bidi`]), the lessons
//! of the tutorials ([`lessons`]), the files compiled in ([`packed`]), a curator's own texts ([`text_dir`]) and events
//! put into words ([`explain`]). No Bevy.

pub mod bidi;
pub mod explain;
pub mod i18n;
pub mod lessons;
pub mod packed;
pub mod text_dir;
