//! The Options of the rules specification, one flat struct for every game. Options that
//! do not belong to the chosen game must stay at their default (checked by
//! [`Options::validate`]).

use super::{Game, RuleError};
use serde::{Deserialize, Serialize};

/// Who moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstPlayer {
    #[default]
    South,
    North,
    /// Drawn by lot from [`Options::seed`].
    Random,
}

/// Omweso's set-up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetUp {
    /// 4 seeds in each back-row pit.
    #[default]
    Standard,
    /// Each player arranges his 32 seeds himself (at most 10 a pit), first player first.
    Free,
}

/// Omweso's play modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayMode {
    /// Untimed, take-backs allowed.
    #[default]
    Counting,
    /// A binding game: undo is disabled.
    NoTakeBack,
    /// Each decision within `seconds` (1..=30); running out loses the game.
    Blitz { seconds: u8 },
}

/// Anywoli: who gets the last four seeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastFour {
    /// Whoever received the capture that brought the board from 8 seeds to 4.
    #[default]
    PenultimateCapturer,
    /// The first player who captured with a lap's last seed.
    FirstFinalSeedCapturer,
    /// Drawn by lot.
    Lottery,
}

/// Nsolo, Hawalis, Bao Kigogo: the consequence of a never-ending move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NeverEndingRule {
    #[default]
    Draw,
    MoverLoses,
}

/// Every Option of the specification, with the specification's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// All games: who moves first.
    pub first: FirstPlayer,
    /// All games: seed of every random draw (first player by lot, Anywoli's lottery).
    pub seed: u64,
    /// Omweso: standard or free-arrangement set-up.
    pub set_up: SetUp,
    /// Omweso: the opening three while no capture has been made.
    pub opening_three: bool,
    /// Omweso: emptying the opponent's 16 pits wins the match (12 points).
    pub grand_slam: bool,
    /// Omweso: 2 points for a capture that leaves the opponent's front row empty.
    pub front_row_two_points: bool,
    /// Omweso: 2 points for captures in two turns before the opponent's first capture.
    pub two_captures_first: bool,
    /// Omweso: points that win the match (1..=24; 1 is a single game).
    pub match_target: u8,
    /// Omweso: counting, no take-back or blitz.
    pub play_mode: PlayMode,
    /// Anywoli: who gets the last four seeds.
    pub last_four: LastFour,
    /// Anywoli: end the game once one store holds more than half the seeds.
    pub stop_when_decided: bool,
    /// Nsolo: pits in a row, 8..=36.
    pub width: u8,
    /// Nsolo: the bonus strip may stop early ("up to k").
    pub bonus_up_to_k: bool,
    /// Nsolo, Hawalis, Bao Kigogo: what a never-ending move does.
    pub never_ending: NeverEndingRule,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            first: FirstPlayer::South,
            seed: 0,
            set_up: SetUp::Standard,
            opening_three: true,
            grand_slam: true,
            front_row_two_points: true,
            two_captures_first: false,
            match_target: 12,
            play_mode: PlayMode::Counting,
            last_four: LastFour::PenultimateCapturer,
            stop_when_decided: false,
            width: 8,
            bonus_up_to_k: false,
            never_ending: NeverEndingRule::Draw,
        }
    }
}

impl Options {
    /// Checks ranges, and that options of other games are left at their defaults.
    pub fn validate(&self, game: Game) -> Result<(), RuleError> {
        // Each game says which options are its own; every other must keep its default.
        let own = game.option_names();
        if let Some(name) = Options::NAMES
            .into_iter()
            .find(|name| !own.contains(name) && self.differs_from_default(name))
        {
            let games: Vec<&str> = Game::ALL
                .into_iter()
                .filter(|g| g.option_names().contains(&name))
                .map(Game::name)
                .collect();
            let games = match games.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => games.concat(),
            };
            return Err(RuleError::Invalid(format!(
                "option `{name}` applies only to {games}, not to {}",
                game.name()
            )));
        }
        if !(8..=36).contains(&self.width) {
            return Err(RuleError::Invalid(format!(
                "Nsolo width must be 8..=36, not {}",
                self.width
            )));
        }
        if !(1..=24).contains(&self.match_target) {
            return Err(RuleError::Invalid(format!(
                "match_target must be 1..=24, not {}",
                self.match_target
            )));
        }
        if let PlayMode::Blitz { seconds } = self.play_mode
            && !(1..=30).contains(&seconds)
        {
            return Err(RuleError::Invalid(format!(
                "blitz seconds must be 1..=30, not {seconds}"
            )));
        }
        Ok(())
    }

    /// The names of the options, as in the options JSON (in the order
    /// [`Options::validate`] checks them).
    const NAMES: [&'static str; 14] = [
        "first",
        "seed",
        "set_up",
        "opening_three",
        "grand_slam",
        "front_row_two_points",
        "two_captures_first",
        "match_target",
        "play_mode",
        "last_four",
        "stop_when_decided",
        "width",
        "bonus_up_to_k",
        "never_ending",
    ];

    /// Whether the option of this name differs from its default.
    fn differs_from_default(&self, name: &str) -> bool {
        let d = Options::default();
        match name {
            "first" => self.first != d.first,
            "seed" => self.seed != d.seed,
            "set_up" => self.set_up != d.set_up,
            "opening_three" => self.opening_three != d.opening_three,
            "grand_slam" => self.grand_slam != d.grand_slam,
            "front_row_two_points" => self.front_row_two_points != d.front_row_two_points,
            "two_captures_first" => self.two_captures_first != d.two_captures_first,
            "match_target" => self.match_target != d.match_target,
            "play_mode" => self.play_mode != d.play_mode,
            "last_four" => self.last_four != d.last_four,
            "stop_when_decided" => self.stop_when_decided != d.stop_when_decided,
            "width" => self.width != d.width,
            "bonus_up_to_k" => self.bonus_up_to_k != d.bonus_up_to_k,
            "never_ending" => self.never_ending != d.never_ending,
            _ => unreachable!("an option name of Options::NAMES"),
        }
    }

    /// Whether take-backs are allowed (Omweso's no-take-back mode forbids them).
    pub fn undo_allowed(&self) -> bool {
        self.play_mode != PlayMode::NoTakeBack
    }

    /// Seconds allowed for each decision, in Omweso's blitz mode.
    pub fn decision_time_limit(&self) -> Option<u8> {
        match self.play_mode {
            PlayMode::Blitz { seconds } => Some(seconds),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Game, Options};

    #[test]
    fn the_option_names_are_the_json_fields_and_cover_every_game() {
        let json = serde_json::to_value(Options::default()).expect("options serialize");
        let fields: Vec<&str> = json
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut names = Options::NAMES.to_vec();
        let mut sorted_fields = fields.clone();
        names.sort_unstable();
        sorted_fields.sort_unstable();
        assert_eq!(names, sorted_fields);
        for game in Game::ALL {
            for name in game.option_names() {
                assert!(Options::NAMES.contains(name), "{name} of {game}");
            }
        }
    }
}
