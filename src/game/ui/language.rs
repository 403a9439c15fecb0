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

    /// The text of a key with its variables (`{ $name }`) filled in.
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

/// The key of the one-line description of each game, for the menu.
pub fn describe_key(game: crate::rules::Game) -> &'static str {
    match game {
        crate::rules::Game::Omweso => "menu-describe-omweso",
        crate::rules::Game::Anywoli => "menu-describe-anywoli",
        crate::rules::Game::Nsolo => "menu-describe-nsolo",
        crate::rules::Game::Hawalis => "menu-describe-hawalis",
        crate::rules::Game::BaoKigogo => "menu-describe-bao_kigogo",
    }
}

/// The key of a computer level's name.
pub fn level_key(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Beginner => "level-beginner",
        crate::ai::Level::Player => "level-player",
        crate::ai::Level::Expert => "level-expert",
        crate::ai::Level::Master => "level-master",
    }
}
