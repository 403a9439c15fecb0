//! A position as JSON (the engine's command line, saved games, records): the JSON
//! form of a [`GameState`], hand-made positions, and the checks that let loading
//! refuse anything wrong, with a message, and never panic.

use super::event::{Sides, flatten_rows};
use super::history::History;
use super::play::with_rules;
use super::seeds::Seeds;
use super::state::{KEY_TAG, KEY_TAG_MASK};
use super::variant::{Captured, Rules};
use super::{
    Flags, Game, GameState, Lot, MatchScore, Options, Pending, Player, RuleError, SetUp, Tableau,
    legal_decisions,
};
use serde::{Deserialize, Serialize};

/// The JSON form of a [`GameState`] (a "position").
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateData {
    game: Game,
    #[serde(default)]
    options: Options,
    rows: Vec<Vec<u8>>,
    #[serde(default)]
    stores: Sides,
    #[serde(default)]
    captured: Sides,
    #[serde(default)]
    hand: u32,
    to_move: Player,
    #[serde(default = "pending_turn")]
    pending: Pending,
    #[serde(default)]
    flags: Flags,
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    match_score: Option<MatchScore>,
    /// Left out of the engine's ordinary answers ([`GameState::to_value`]). Keys of
    /// this build carry [`KEY_TAG`]; a list with any other entry is an older build's
    /// FNV-1a hashes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    history: Option<Vec<u64>>,
    /// An older build's hashes of positions before those of `history`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    legacy_history: Option<Vec<u64>>,
    #[serde(default)]
    lot: Option<Lot>,
}

fn pending_turn() -> Pending {
    Pending::Turn
}

/// A state serializes as its position JSON, repetition history included.
impl Serialize for GameState {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StateData::of(self, true).serialize(serializer)
    }
}

/// A state deserializes from its position JSON, checked throughout.
impl<'de> Deserialize<'de> for GameState {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameState, D::Error> {
        let data = StateData::deserialize(deserializer)?;
        GameState::try_from(data).map_err(serde::de::Error::custom)
    }
}

impl StateData {
    /// The JSON form of a state, with or without its repetition history.
    fn of(s: &GameState, with_history: bool) -> StateData {
        StateData {
            game: s.game,
            options: s.options,
            rows: s.seeds().rows(),
            stores: s.seeds.stores.into(),
            captured: s.seeds.captured.into(),
            hand: s.seeds.hand,
            to_move: s.to_decide,
            pending: s.pending.clone(),
            flags: s.flags.clone(),
            match_score: s.match_score.clone(),
            history: with_history.then(|| s.history.to_vec()),
            legacy_history: s
                .history
                .legacy
                .as_ref()
                .filter(|_| with_history)
                .map(|l| l.to_vec()),
            lot: Some(s.lot),
        }
    }
}

impl TryFrom<StateData> for GameState {
    type Error = RuleError;
    fn try_from(d: StateData) -> Result<GameState, RuleError> {
        let (cols, pits) = flatten_rows(&d.rows).map_err(RuleError::Invalid)?;
        let seeds = Tableau {
            cols,
            pits,
            stores: d.stores.into(),
            captured: d.captured.into(),
            hand: d.hand,
        };
        let mut s = GameState::blank(d.game, d.options)?;
        s.check_shape(&seeds)?;
        s.seeds = Seeds::from_tableau(s.board, &seeds);
        s.to_decide = d.to_move;
        s.pending = d.pending;
        s.flags = d.flags;
        s.match_score = d.match_score;
        if s.game.is_match() && s.match_score.is_none() {
            // The specification plays Omweso as a match (an annulled game is played
            // again): a position without one starts a match at 0-0.
            s.match_score = Some(MatchScore {
                points: Sides::default(),
                first: s.inferred_first_player(),
                games: Vec::new(),
                winner: None,
            });
        }
        s.lot = d.lot.unwrap_or(Lot(d.options.seed));
        s.validate()?;
        let saved = d.history.unwrap_or_default();
        let mut legacy = d.legacy_history.unwrap_or_default();
        let keys = if saved.iter().all(|&k| k & KEY_TAG_MASK == KEY_TAG) {
            saved
        } else {
            // An older build's hashes: the position itself, if it ends them, is
            // recorded again below under this build's key.
            legacy.extend(saved);
            if s.pending == Pending::Turn && legacy.last() == Some(&s.fnv1a_hash()) {
                legacy.pop();
            }
            Vec::new()
        };
        s.history = History::from_keys(&keys);
        if !legacy.is_empty() {
            s.history.legacy = Some(legacy.into());
        }
        // The position itself is the latest occurrence when a turn is to start (a
        // hand-made history may not end with it).
        let k = s.position_key();
        if s.history.len() == 0 || (s.pending == Pending::Turn && s.history.last() != Some(k)) {
            s.history.push(k);
        }
        Ok(s)
    }
}

impl GameState {
    /// A position made by hand (tests, puzzles): these pits, this player to move, a
    /// turn to start. Seeds missing from the game's total are put where that game
    /// keeps taken seeds (Anywoli's stores, the others' captured piles), split evenly
    /// with South getting any odd seed; Omweso positions must hold all 64. Both
    /// players count as having played a turn; other flags start at their defaults.
    pub fn from_rows(
        game: Game,
        options: Options,
        rows: &[Vec<u8>],
        to_move: Player,
    ) -> Result<GameState, RuleError> {
        let mut s = GameState::blank(game, options)?;
        let (cols, pits) = flatten_rows(rows).map_err(RuleError::Invalid)?;
        let mut t = Tableau {
            cols,
            pits,
            stores: [0; 2],
            captured: [0; 2],
            hand: 0,
        };
        let total = game.total_seeds(options.width);
        let on_board = t.total();
        let captured = with_rules!(game, R => R::CAPTURED);
        if on_board < total {
            let missing = total - on_board;
            let split = [missing - missing / 2, missing / 2];
            match captured {
                Captured::Stores => t.stores = split,
                Captured::OffBoard => t.captured = split,
                Captured::StayOnBoard => {}
            }
        }
        s.check_shape(&t)?;
        s.seeds = Seeds::from_tableau(s.board, &t);
        s.to_decide = to_move;
        s.flags.turns_played = Sides { south: 1, north: 1 };
        if let Some(m) = &mut s.match_score {
            m.first = to_move;
        } else if game.is_match() {
            s.match_score = Some(MatchScore {
                points: Sides::default(),
                first: to_move,
                games: Vec::new(),
                winner: None,
            });
        }
        s.validate()?;
        s.history = History::one(s.position_key());
        Ok(s)
    }

    /// Reads a position from JSON, validating it.
    pub fn from_json(text: &str) -> Result<GameState, String> {
        serde_json::from_str(text).map_err(|e| super::bound_message(&e.to_string()))
    }

    /// The position as JSON (with its repetition history: it round-trips exactly).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game state always serializes")
    }

    /// The position as a JSON value; the repetition history (one hash a turn since
    /// the last capture, so long in a long game) only if asked for. Without it, a
    /// position loaded back counts itself as its only earlier occurrence.
    pub fn to_value(&self, with_history: bool) -> serde_json::Value {
        serde_json::to_value(StateData::of(self, with_history))
            .expect("a game state always serializes")
    }

    /// Omweso, a position set without a match: who moved first in this game, read
    /// from the turns each player has played (turns alternate; with equal counts the
    /// player to move is the first).
    fn inferred_first_player(&self) -> Player {
        let t = &self.flags.turns_played;
        match t.south.cmp(&t.north) {
            std::cmp::Ordering::Greater => Player::South,
            std::cmp::Ordering::Less => Player::North,
            std::cmp::Ordering::Equal => self.to_decide,
        }
    }

    /// The FNV-1a hash of the position that builds before the second rules core
    /// saved in a history (every pit in grid order, stores, captured piles, the
    /// player to move, Omweso's flags), to count positions of a loaded old history.
    pub(crate) fn fnv1a_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for i in 0..self.board.len() {
            eat(self.count_at(i));
        }
        for v in self.seeds.stores.iter().chain(&self.seeds.captured) {
            for b in v.to_le_bytes() {
                eat(b);
            }
        }
        eat(self.to_decide as u8);
        let (flags, count) = self.game.rule_flags(self);
        for bit in 0..count {
            eat((flags >> bit) as u8 & 1);
        }
        h
    }

    /// Checks that loaded or hand-made seeds fit the board before they are taken in.
    fn check_shape(&self, t: &Tableau) -> Result<(), RuleError> {
        let b = self.board;
        if t.cols != b.cols || t.pits.len() != b.len() {
            return Err(RuleError::Invalid(format!(
                "{} is played on {} rows of {} pits, not {} rows of {}",
                self.game.name(),
                b.rows,
                b.cols,
                t.pits.len() / t.cols.max(1) as usize,
                t.cols
            )));
        }
        Ok(())
    }

    /// Checks everything a loaded position could get wrong.
    pub(crate) fn validate(&self) -> Result<(), RuleError> {
        with_rules!(self.game, R => self.validate_in::<R>())
    }

    /// [`GameState::validate`] in game `R`.
    fn validate_in<R: Rules>(&self) -> Result<(), RuleError> {
        let bad = |s: String| Err(RuleError::Invalid(s));
        let b = self.board;
        let t = self.seeds();
        let total = self.game.total_seeds(self.options.width);
        if t.total() != total {
            return bad(format!(
                "{} has {total} seeds, this position has {}",
                self.game.name(),
                t.total()
            ));
        }
        if R::CAPTURED != Captured::Stores && t.stores != [0, 0] {
            return bad(format!("{} has no stores", self.game.name()));
        }
        if R::CAPTURED != Captured::OffBoard && t.captured != [0, 0] {
            return bad(format!(
                "{} takes no seeds off the board (stores or hand)",
                self.game.name()
            ));
        }
        if !R::MATCH && self.match_score.is_some() {
            return bad("only Omweso is played as a match".into());
        }
        for p in Player::BOTH {
            let circuit_total: u32 = b
                .circuit(p)
                .iter()
                .map(|&i| t.pits[i as usize] as u32)
                .sum();
            if circuit_total.saturating_add(t.hand) > 255 {
                return bad("too many seeds on one circuit (at most 255)".into());
            }
        }
        // Seeds are in hand while an Omweso turn waits for a direction, and stay there
        // if the game ended at that point (a blitz time-out).
        let in_progress = matches!(self.pending, Pending::Direction(_))
            || (R::DIRECTION_CHOICES
                && matches!(self.pending, Pending::Over(_) | Pending::NextGame(_)));
        if t.hand != 0 && !in_progress {
            return bad("seeds in hand only while an Omweso turn waits for a direction".into());
        }
        match &self.pending {
            Pending::Turn => {
                if legal_decisions(self).is_empty() {
                    return bad(format!(
                        "{} has no legal move; the game would already be over",
                        self.to_decide
                    ));
                }
            }
            Pending::Direction(m) => {
                if !R::DIRECTION_CHOICES {
                    return bad("only Omweso asks for a direction mid-turn".into());
                }
                R::check_turn_in_progress(self, m, total).map_err(RuleError::Invalid)?;
            }
            Pending::Strip { remaining } => {
                if !R::STRIPS {
                    return bad("only Nsolo has a bonus strip".into());
                }
                let left = self.side_total(self.to_decide.opponent());
                if *remaining == 0 || *remaining > left {
                    return bad(format!(
                        "a strip of {remaining} cannot be pending when the opponent has {left} seeds"
                    ));
                }
            }
            Pending::Arrange => {
                if !R::FREE_SET_UP || self.options.set_up != SetUp::Free {
                    return bad("only Omweso's free set-up arranges seeds".into());
                }
            }
            Pending::NextGame(_) => {
                if self.match_score.as_ref().is_none_or(|m| m.winner.is_some()) {
                    return bad("a next game is pending but no match is going on".into());
                }
            }
            Pending::Over(_) => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The FNV-1a hash of the builds before position keys, written out as they wrote
    /// it: pits, stores and captured piles, the player to move, then (Omweso only)
    /// a byte each for "a capture was made", "South has played", "North has played".
    fn old_build_hash(s: &GameState, omweso_flags: Option<[bool; 3]>) -> u64 {
        let mut bytes: Vec<u8> = (0..s.board.len()).map(|i| s.count_at(i)).collect();
        for v in s.seeds.stores.iter().chain(&s.seeds.captured) {
            bytes.extend(v.to_le_bytes());
        }
        bytes.push(s.to_decide as u8);
        bytes.extend(omweso_flags.into_iter().flatten().map(u8::from));
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        })
    }

    #[test]
    fn the_old_hash_takes_omwesos_flags_in_their_old_order_and_no_other_games() {
        let mut s = GameState::new(Game::Omweso, Options::default()).unwrap();
        s.flags.capture_made = true;
        s.flags.turns_played.north = 2;
        assert_eq!(
            s.fnv1a_hash(),
            old_build_hash(&s, Some([true, false, true]))
        );
        s.flags.turns_played.south = 1;
        s.flags.capture_made = false;
        assert_eq!(
            s.fnv1a_hash(),
            old_build_hash(&s, Some([false, true, true]))
        );
        for game in [Game::Anywoli, Game::Nsolo, Game::Hawalis, Game::BaoKigogo] {
            let mut s = GameState::new(game, Options::default()).unwrap();
            s.flags.capture_made = true;
            assert_eq!(s.fnv1a_hash(), old_build_hash(&s, None), "{game}");
        }
    }
}
