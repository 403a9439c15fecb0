//! The state of a game: the single source of truth. It serializes to the position JSON
//! of the engine command line; loading validates everything and never panics.

use super::event::{Sides, flatten_rows};
use super::history::History;
use super::{
    Board, Decision, Direction, Game, Lot, Options, Outcome, Pit, Player, RuleError, SetUp,
    Tableau, legal_decisions,
};
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};
use std::sync::Arc;

impl Index<Player> for Sides {
    type Output = u32;
    fn index(&self, p: Player) -> &u32 {
        match p {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }
}

impl IndexMut<Player> for Sides {
    fn index_mut(&mut self, p: Player) -> &mut u32 {
        match p {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }
}

/// Rule flags that outlive a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Flags {
    /// Turns each player has completed in this game (Omweso's first-turn rule).
    pub turns_played: Sides,
    /// Omweso: a capture has been made in this game (ends the opening three).
    pub capture_made: bool,
    /// Omweso: turns in which each player captured (two captures first).
    pub capture_turns: Sides,
    /// Anywoli: who received the most recent capture.
    pub last_capturer: Option<Player>,
    /// Anywoli: the first player who captured with a lap's last seed.
    pub first_final_capturer: Option<Player>,
}

/// One lap about to start, as the never-ending detector and Omweso's mid-turn
/// decisions see it: every pit, the hand, where the lap starts and its origin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LapStart {
    pub pits: Vec<u8>,
    pub hand: u32,
    pub from: Pit,
    pub origin: Pit,
    pub dir: Direction,
}

/// Omweso: a turn paused for the mover's direction choice. The seeds to sow are in
/// the hand; the next lap starts after `from` (the relay pit, or the origin for
/// captured seeds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveInProgress {
    pub from: Pit,
    /// The pit the current chain of laps was lifted from (where captured seeds restart).
    pub origin: Pit,
    /// Laps played so far in this turn.
    pub laps: u64,
    /// Opponent columns captured from in this turn.
    pub captured_columns: Vec<u8>,
    /// The seeds as they lay when the turn began (restored if the move never ends).
    pub turn_start: Tableau,
    /// Direction choices already made in this turn at this very lap start; choosing
    /// the same again from the same lap start proves the move never ends.
    #[serde(default)]
    pub choices: Vec<LapStart>,
}

/// Who must decide what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// The player to move starts a turn.
    Turn,
    /// Omweso: direction of the next lap.
    Direction(MoveInProgress),
    /// Nsolo: seeds still to strip from the opponent, one at a time.
    Strip { remaining: u32 },
    /// Omweso free set-up: the player arranges his seeds.
    Arrange,
    /// Omweso match: this game is over, the match goes on.
    NextGame(Outcome),
    /// The game (and match) is over.
    Over(Outcome),
}

/// Omweso: one finished game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSummary {
    pub first: Player,
    pub outcome: Outcome,
}

/// Omweso: the match so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchScore {
    pub points: Sides,
    /// Who moved first in the game now being played.
    pub first: Player,
    /// Every finished game, annulled ones included.
    pub games: Vec<GameSummary>,
    /// Set once the match is decided.
    pub winner: Option<Player>,
}

/// A game in progress (for Omweso, a match in progress).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "StateData")]
pub struct GameState {
    pub(crate) game: Game,
    pub(crate) options: Options,
    pub(crate) board: Arc<Board>,
    pub(crate) seeds: Tableau,
    pub(crate) to_decide: Player,
    pub(crate) pending: Pending,
    pub(crate) flags: Flags,
    pub(crate) match_score: Option<MatchScore>,
    /// Hashes of earlier positions (at each turn start) for the repetition rules,
    /// shared between clones (see [`History`]).
    pub(crate) history: History,
    pub(crate) lot: Lot,
}

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
    /// Left out of the engine's ordinary answers ([`GameState::to_value`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    history: Option<Vec<u64>>,
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

impl StateData {
    /// The JSON form of a state, with or without its repetition history.
    fn of(s: &GameState, with_history: bool) -> StateData {
        StateData {
            game: s.game,
            options: s.options,
            rows: s.seeds.rows(),
            stores: s.seeds.stores.into(),
            captured: s.seeds.captured.into(),
            hand: s.seeds.hand,
            to_move: s.to_decide,
            pending: s.pending.clone(),
            flags: s.flags.clone(),
            match_score: s.match_score.clone(),
            history: with_history.then(|| s.history.to_vec()),
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
        s.seeds = seeds;
        s.to_decide = d.to_move;
        s.pending = d.pending;
        s.flags = d.flags;
        s.match_score = d.match_score;
        if s.game == Game::Omweso && s.match_score.is_none() {
            // The specification plays Omweso as a match (an annulled game is played
            // again): a position without one starts a match at 0-0.
            s.match_score = Some(MatchScore {
                points: Sides::default(),
                first: s.inferred_first_player(),
                games: Vec::new(),
                winner: None,
            });
        }
        s.history = History::from_hashes(d.history.as_deref().unwrap_or_default());
        s.lot = d.lot.unwrap_or(Lot(d.options.seed));
        s.validate()?;
        // The position itself is the latest occurrence when a turn is to start (a
        // hand-made history, or one saved by an older build with another key, may
        // not end with it).
        let h = s.position_hash();
        if s.history.last().is_none() || (s.pending == Pending::Turn && s.history.last() != Some(h))
        {
            s.history.push(h);
        }
        Ok(s)
    }
}

impl GameState {
    /// A state with the board of `game` and empty pits.
    fn blank(game: Game, options: Options) -> Result<GameState, RuleError> {
        options.validate(game)?;
        let board = Board::new(game, options.width);
        let seeds = Tableau {
            cols: board.cols,
            pits: vec![0; board.len()],
            stores: [0; 2],
            captured: [0; 2],
            hand: 0,
        };
        Ok(GameState {
            game,
            options,
            board: Arc::new(board),
            seeds,
            to_decide: Player::South,
            pending: Pending::Turn,
            flags: Flags::default(),
            match_score: None,
            history: History::default(),
            lot: Lot(options.seed),
        })
    }

    /// A new game (for Omweso, a new match) in its starting position.
    pub fn new(game: Game, options: Options) -> Result<GameState, RuleError> {
        let mut s = GameState::blank(game, options)?;
        let first = match options.first {
            super::FirstPlayer::South => Player::South,
            super::FirstPlayer::North => Player::North,
            super::FirstPlayer::Random => {
                if s.lot.below(2) == 0 {
                    Player::South
                } else {
                    Player::North
                }
            }
        };
        if game == Game::Omweso {
            s.match_score = Some(MatchScore {
                points: Sides::default(),
                first,
                games: Vec::new(),
                winner: None,
            });
        }
        s.start_game(first);
        Ok(s)
    }

    /// Lays out the starting seeds and resets the per-game flags.
    pub(crate) fn start_game(&mut self, first: Player) {
        let rows = self.board.rows as usize;
        let cols = self.board.cols as usize;
        let mut pits = vec![0u8; rows * cols];
        match self.game {
            Game::Omweso => {
                for c in 0..cols {
                    pits[c] = 4;
                    pits[3 * cols + c] = 4;
                }
            }
            Game::Anywoli => pits.fill(4),
            Game::Nsolo => {
                pits.fill(2);
                pits[2 * cols + cols - 1] = 0; // South's rightmost front pit
                pits[cols] = 0; // North's rightmost front pit, (1, 0)
            }
            Game::Hawalis => pits.fill(2),
            Game::BaoKigogo => {
                pits.fill(2);
                pits[2 * cols] = 0; // South's left end of the front row, (2, 0)
                pits[cols + cols - 1] = 0; // North's, (1, n-1)
            }
        }
        self.seeds = Tableau {
            cols: cols as u8,
            pits,
            stores: [0; 2],
            captured: [0; 2],
            hand: 0,
        };
        self.flags = Flags::default();
        self.to_decide = first;
        self.pending = if self.game == Game::Omweso && self.options.set_up == SetUp::Free {
            Pending::Arrange
        } else {
            Pending::Turn
        };
        if let Some(m) = &mut self.match_score {
            m.first = first;
        }
        self.history = History::one(self.position_hash());
    }

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
        s.seeds.cols = cols;
        s.seeds.pits = pits;
        let total = game.total_seeds(options.width);
        let on_board = s.seeds.total();
        if on_board < total && game != Game::Omweso {
            let missing = total - on_board;
            let split = [missing - missing / 2, missing / 2];
            if game == Game::Anywoli {
                s.seeds.stores = split;
            } else {
                s.seeds.captured = split;
            }
        }
        s.to_decide = to_move;
        s.flags.turns_played = Sides { south: 1, north: 1 };
        if let Some(m) = &mut s.match_score {
            m.first = to_move;
        } else if game == Game::Omweso {
            s.match_score = Some(MatchScore {
                points: Sides::default(),
                first: to_move,
                games: Vec::new(),
                winner: None,
            });
        }
        s.validate()?;
        s.history = History::one(s.position_hash());
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

    /// How many positions the repetition history holds.
    pub fn history_len(&self) -> usize {
        self.history.len()
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

    /// Which game this is.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board geometry.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seeds: pits, stores, captured piles, hand.
    pub fn seeds(&self) -> &Tableau {
        &self.seeds
    }

    /// Seeds in one pit (0 for a pit off the board).
    pub fn count(&self, pit: Pit) -> u8 {
        self.board.index(pit).map_or(0, |i| self.seeds.pits[i])
    }

    /// The player who must decide now (after the game, the last mover).
    pub fn to_decide(&self) -> Player {
        self.to_decide
    }

    /// What must be decided.
    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// The rule flags.
    pub fn flags(&self) -> &Flags {
        &self.flags
    }

    /// Changes rule flags of a hand-made position (tests, puzzles).
    pub fn flags_mut(&mut self) -> &mut Flags {
        &mut self.flags
    }

    /// Omweso: the match score.
    pub fn match_score(&self) -> Option<&MatchScore> {
        self.match_score.as_ref()
    }

    /// The outcome once the game is over (also between the games of a match).
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.pending {
            Pending::Over(o) | Pending::NextGame(o) => Some(*o),
            _ => None,
        }
    }

    /// True once nothing more can be played (the match, for Omweso).
    pub fn is_over(&self) -> bool {
        matches!(self.pending, Pending::Over(_))
    }

    /// Seeds on a player's own pits.
    pub fn side_total(&self, player: Player) -> u32 {
        self.seeds.pits[self.board.own_pits(player)]
            .iter()
            .map(|&s| s as u32)
            .sum()
    }

    /// FNV-1a hash of what makes a position repeat (the conventions): every pit, store
    /// and captured pile, the player to move and the rule flags: Omweso's "no capture
    /// yet" and whether each player has had his first turn (only Omweso has a
    /// first-turn rule; in the other games the turns played are not a rule flag).
    pub(crate) fn position_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for &p in &self.seeds.pits {
            eat(p);
        }
        for v in self.seeds.stores.iter().chain(&self.seeds.captured) {
            for b in v.to_le_bytes() {
                eat(b);
            }
        }
        eat(self.to_decide as u8);
        if self.game == Game::Omweso {
            let f = &self.flags;
            eat(f.capture_made as u8);
            eat((f.turns_played.south > 0) as u8);
            eat((f.turns_played.north > 0) as u8);
        }
        h
    }

    /// Checks everything a loaded position could get wrong.
    pub(crate) fn validate(&self) -> Result<(), RuleError> {
        let bad = |s: String| Err(RuleError::Invalid(s));
        let b = &self.board;
        let t = &self.seeds;
        if t.cols != b.cols || t.pits.len() != b.len() {
            return bad(format!(
                "{} is played on {} rows of {} pits, not {} rows of {}",
                self.game.name(),
                b.rows,
                b.cols,
                t.pits.len() / t.cols.max(1) as usize,
                t.cols
            ));
        }
        let total = self.game.total_seeds(self.options.width);
        if t.total() != total {
            return bad(format!(
                "{} has {total} seeds, this position has {}",
                self.game.name(),
                t.total()
            ));
        }
        if self.game != Game::Anywoli && t.stores != [0, 0] {
            return bad(format!("{} has no stores", self.game.name()));
        }
        if matches!(self.game, Game::Omweso | Game::Anywoli) && t.captured != [0, 0] {
            return bad(format!(
                "{} takes no seeds off the board (stores or hand)",
                self.game.name()
            ));
        }
        if self.game != Game::Omweso && self.match_score.is_some() {
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
            || (self.game == Game::Omweso
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
                if self.game != Game::Omweso {
                    return bad("only Omweso asks for a direction mid-turn".into());
                }
                let from = b.index(m.from);
                let origin = b.index(m.origin);
                let (Some(from), Some(_)) = (from, origin) else {
                    return bad("the pending lap starts off the board".into());
                };
                if t.hand == 0
                    || m.turn_start.cols != b.cols
                    || m.turn_start.pits.len() != b.len()
                    || m.turn_start.total() != total
                    || m.captured_columns.iter().any(|&c| c >= b.cols)
                {
                    return bad("the turn in progress does not fit the board".into());
                }
                if !super::omweso::may_capture(self, self.to_decide)
                    || !b.leftmost_four(self.to_decide, from)
                    || !super::omweso::cw_is_direct_capture(self, from, t.hand)
                {
                    return bad(
                        "no direction choice exists here (not a leftmost pit, or clockwise would not capture)"
                            .into(),
                    );
                }
            }
            Pending::Strip { remaining } => {
                if self.game != Game::Nsolo {
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
                if self.game != Game::Omweso || self.options.set_up != SetUp::Free {
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

    /// The decision that starts the standard Omweso arrangement for the player
    /// (4 in each back-row pit), in the form of [`Decision::Arrange`].
    pub fn standard_arrangement(&self, player: Player) -> Decision {
        let cols = self.board.cols as usize;
        let back = vec![4u8; cols];
        let front = vec![0u8; cols];
        Decision::Arrange(match player {
            Player::North => vec![back, front],
            Player::South => vec![front, back],
        })
    }
}
