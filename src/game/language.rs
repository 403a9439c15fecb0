//! The interface language as a resource: every text on screen goes through [`Tr`].

use crate::content::i18n::{self, Language};
use crate::rules::{Outcome, Player};
use bevy::prelude::*;
use std::fmt::Display;

/// The language of the interface; switchable at run time.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tr(pub Language);

impl Tr {
    /// The text of a key.
    pub fn t(&self, key: &'static str) -> &'static str {
        i18n::text(self.0, key)
    }

    /// The text of a key with its `{name}` placeholders filled.
    pub fn f(&self, key: &'static str, args: &[(&str, &dyn Display)]) -> String {
        i18n::fill(self.0, key, args)
    }

    /// A player's name.
    pub fn player(&self, p: Player) -> &'static str {
        self.t(i18n::player_key(p))
    }

    /// Who won and why.
    pub fn outcome(&self, o: &Outcome) -> String {
        i18n::outcome_line(self.0, o)
    }
}

/// The language was fixed by the command line or the kiosk configuration: the saved
/// setting does not override it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FixedLanguage;
