//! What the interface says, as data apart from the code that shows it: translation
//! catalogs ([`i18n`]), the lessons of the tutorials ([`lessons`]) and events put
//! into words ([`explain`]). No Bevy.

pub mod explain;
pub mod i18n;
pub mod lessons;
