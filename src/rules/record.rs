//! Game records: what is needed to replay a game (game, options, the starting
//! position if it is not the standard one, and every decision). Versioned JSON.

use super::{Decision, Event, Game, GameState, Options, RuleError, apply, shorten};
use serde::{Deserialize, Serialize};

/// The record format version this build writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A whole game (an Omweso match) as decisions from a start. Its JSON is an object
/// `{"version": 1, "game": G, "options": {..}, "start": P, "decisions": [D, ..]}`
/// (`options` and `start` may be left out); anything else is refused with a message
/// that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub version: u32,
    pub game: Game,
    #[serde(default)]
    pub options: Options,
    /// A set-up position to start from instead of the game's own start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<GameState>,
    pub decisions: Vec<Decision>,
}

/// A record's fields as they are read: a record is read only from a JSON object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFields {
    version: u32,
    game: Game,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    start: Option<GameState>,
    decisions: Vec<Decision>,
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct AnObject;
        impl<'de> serde::de::Visitor<'de> for AnObject {
            type Value = GameRecord;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a record: an object {\"version\", \"game\", \"options\", \"start\", \"decisions\"}",
                )
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<GameRecord, A::Error> {
                let r =
                    RecordFields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(GameRecord {
                    version: r.version,
                    game: r.game,
                    options: r.options,
                    start: r.start,
                    decisions: r.decisions,
                })
            }
        }
        d.deserialize_map(AnObject)
    }
}

impl GameRecord {
    /// An empty record of a new game.
    pub fn new(game: Game, options: Options) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            game,
            options,
            start: None,
            decisions: Vec::new(),
        }
    }

    /// The starting state.
    pub fn start_state(&self) -> Result<GameState, RuleError> {
        if self.version != RECORD_VERSION {
            return Err(RuleError::Invalid(format!(
                "record version {} is not supported (this build reads version {RECORD_VERSION})",
                self.version
            )));
        }
        match &self.start {
            Some(s) if s.game() != self.game || *s.options() != self.options => Err(
                RuleError::Invalid("the start position is of another game or options".into()),
            ),
            Some(s) => Ok(s.clone()),
            None => GameState::new(self.game, self.options),
        }
    }

    /// Replays every decision; an illegal one is an error naming its place.
    pub fn replay(&self) -> Result<(GameState, Vec<Vec<Event>>), RuleError> {
        let mut s = self.start_state()?;
        let mut all = Vec::with_capacity(self.decisions.len());
        for (i, d) in self.decisions.iter().enumerate() {
            let events = apply(&mut s, d.clone()).map_err(|e| {
                RuleError::Illegal(format!(
                    "the record's decision {} (`{}`): {}",
                    i + 1,
                    shorten(&d.to_string()),
                    e.reason()
                ))
            })?;
            all.push(events);
        }
        Ok((s, all))
    }
}
