//! The state of a game: the single source of truth. It serializes to the position JSON
//! of the engine command line; loading validates everything and never panics.

use super::event::Sides;
use super::history::History;
use super::seeds::Seeds;
use super::{
    Board, Decision, Direction, Game, Lot, Options, Outcome, Pit, Player, RuleError, SetUp, Tableau,
};
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};
use std::sync::OnceLock;

impl Index<Player> for Sides {
    type Output = u32;
    /// A select, not a branch: the mover alternates, and a turn's close would
    /// otherwise branch on him, a coin toss to the predictor.
    #[inline(always)]
    fn index(&self, p: Player) -> &u32 {
        std::hint::select_unpredictable(p == Player::South, &self.south, &self.north)
    }
}

impl IndexMut<Player> for Sides {
    #[inline(always)]
    fn index_mut(&mut self, p: Player) -> &mut u32 {
        std::hint::select_unpredictable(p == Player::South, &mut self.south, &mut self.north)
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
///
/// The seeds are kept inline in sowing order ([`Seeds`]), the board is shared by all
/// states of a game, and the history shares its old part: cloning a state copies a
/// few hundred bytes and never allocates (except Omweso's list of finished games).
/// [`GameState::seeds`] shows the seeds in grid order, made when first asked for.
pub struct GameState {
    pub(crate) game: Game,
    pub(crate) options: Options,
    pub(crate) board: &'static Board,
    pub(crate) seeds: Seeds,
    pub(crate) to_decide: Player,
    pub(crate) pending: Pending,
    pub(crate) flags: Flags,
    pub(crate) match_score: Option<MatchScore>,
    /// Keys of earlier positions (at each turn start) for the repetition rules,
    /// shared between clones (see [`History`]).
    pub(crate) history: History,
    pub(crate) lot: Lot,
    /// The seeds in grid order, made when [`GameState::seeds`] is first called after
    /// a change.
    view: OnceLock<Box<Tableau>>,
}

impl Clone for GameState {
    fn clone(&self) -> GameState {
        GameState {
            game: self.game,
            options: self.options,
            board: self.board,
            seeds: self.seeds,
            to_decide: self.to_decide,
            pending: self.pending.clone(),
            flags: self.flags.clone(),
            match_score: self.match_score.clone(),
            history: self.history.clone(),
            lot: self.lot,
            view: OnceLock::new(),
        }
    }

    /// Field by field in place, so that reusing a state (the search's spare boxes)
    /// copies no whole position through a temporary.
    fn clone_from(&mut self, o: &GameState) {
        // Every field named: a new one must be added here too.
        let GameState {
            game,
            options,
            board,
            seeds,
            to_decide,
            pending,
            flags,
            match_score,
            history,
            lot,
            view: _,
        } = o;
        self.game = *game;
        self.options = *options;
        self.board = board;
        self.seeds = *seeds;
        self.to_decide = *to_decide;
        self.pending.clone_from(pending);
        self.flags.clone_from(flags);
        self.match_score.clone_from(match_score);
        self.history.clone_from(history);
        self.lot = *lot;
        self.view = OnceLock::new();
    }
}

impl PartialEq for GameState {
    fn eq(&self, o: &GameState) -> bool {
        self.game == o.game
            && self.options == o.options
            && self.board == o.board
            && self.seeds == o.seeds
            && self.to_decide == o.to_decide
            && self.pending == o.pending
            && self.flags == o.flags
            && self.match_score == o.match_score
            && self.history == o.history
            && self.lot == o.lot
    }
}

impl Eq for GameState {}

impl std::fmt::Debug for GameState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameState")
            .field("game", &self.game)
            .field("options", &self.options)
            .field("seeds", self.seeds())
            .field("to_decide", &self.to_decide)
            .field("pending", &self.pending)
            .field("flags", &self.flags)
            .field("match_score", &self.match_score)
            .field("history", &self.history)
            .field("lot", &self.lot)
            .finish()
    }
}

/// The low byte of every position key of this build (an older build's hashes have
/// it by chance only, and a saved history is read as older if any entry lacks it).
pub(crate) const KEY_TAG: u64 = 0xA5;
/// The bits of [`KEY_TAG`].
pub(crate) const KEY_TAG_MASK: u64 = 0xFF;

impl GameState {
    /// A state with the board of `game` and empty pits.
    pub(super) fn blank(game: Game, options: Options) -> Result<GameState, RuleError> {
        options.validate(game)?;
        Ok(GameState {
            game,
            options,
            board: Board::of(game, options.width),
            seeds: Seeds::empty(),
            to_decide: Player::South,
            pending: Pending::Turn,
            flags: Flags::default(),
            match_score: None,
            history: History::default(),
            lot: Lot(options.seed),
            view: OnceLock::new(),
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
        if game.is_match() {
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
        let cols = self.board.cols as usize;
        let pits = self.game.start_pits(self.options.width);
        self.seeds = Seeds::from_tableau(
            self.board,
            &Tableau {
                cols: cols as u8,
                pits,
                stores: [0; 2],
                captured: [0; 2],
                hand: 0,
            },
        );
        self.changed();
        self.flags = Flags::default();
        self.to_decide = first;
        self.pending = if self.game.has_free_set_up() && self.options.set_up == SetUp::Free {
            Pending::Arrange
        } else {
            Pending::Turn
        };
        if let Some(m) = &mut self.match_score {
            m.first = first;
        }
        self.history = History::one(self.position_key());
    }

    /// How many positions the repetition history holds.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Which game this is.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board geometry: one for each game and size, shared by every state of it
    /// for as long as the program runs (so two states are on the same board exactly
    /// when their boards are the same reference).
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The seeds: pits (in grid order), stores, captured piles, hand. Made from the
    /// engine's own seeds the first time it is asked for after a change.
    pub fn seeds(&self) -> &Tableau {
        self.view
            .get_or_init(|| Box::new(self.seeds.grid(self.board)))
    }

    /// Forgets the grid view of the seeds (after they changed).
    #[inline]
    pub(crate) fn changed(&mut self) {
        if self.view.get().is_some() {
            self.view = OnceLock::new();
        }
    }

    /// Seeds in one pit (0 for a pit off the board).
    pub fn count(&self, pit: Pit) -> u8 {
        self.board.slot(pit).map_or(0, |k| self.seeds.pits[k])
    }

    /// Seeds in the pit at a flat (grid) index, without making the grid view.
    #[inline]
    pub fn count_at(&self, index: usize) -> u8 {
        self.seeds.at(self.board, index)
    }

    /// Seeds in each player's store (Anywoli), indexed by `Player as usize`.
    #[inline]
    pub fn stores(&self) -> [u32; 2] {
        self.seeds.stores
    }

    /// Seeds each player has taken off the board, indexed by `Player as usize`.
    #[inline]
    pub fn captured(&self) -> [u32; 2] {
        self.seeds.captured
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
    #[inline]
    pub fn side_total(&self, player: Player) -> u32 {
        self.seeds.sum(self.board.own_slots(player))
    }

    /// The repetition key of the position (the conventions: every pit, store and
    /// captured pile, the player to move and the rule flags: Omweso's "no capture yet"
    /// and whether each player has had his first turn; only Omweso has a first-turn
    /// rule, so in the other games the turns played are not a rule flag). Made from
    /// the seeds 8 pits at a time at the end of a turn; it carries [`KEY_TAG`].
    #[inline]
    pub(crate) fn position_key(&self) -> u64 {
        self.game.position_key(self)
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_state_stays_small() {
        // Undo keeps one state a decision: see tests/memory.rs.
        let size = std::mem::size_of::<super::GameState>();
        assert!(size <= 600, "{size} bytes");
    }
}
