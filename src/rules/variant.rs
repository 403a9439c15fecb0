//! The trait every game implements, as shakmaty has one type per chess variant:
//! `Omweso` (`omweso/`), `Anywoli` (`anywoli.rs`), and the relay family `Nsolo`,
//! `Hawalis` and `BaoKigogo` (a module each in `relay/`, whose rules follow from what
//! sets each apart: `relay::Relay`). [`Rules`] asks a game for its
//! board shape, seed total and start layout; its options; its facts (stores, a match,
//! direction choices, strips...); its turn starts and how a lap ends (its
//! `MoveRules`); the end-of-turn checks in the specification's order; what a
//! repetition and a never-ending move do; and how it plays a move, recorded and
//! quiet. `play.rs` only dispatches to these.

use super::event::no_win;
use super::sowing::{MoveEnd, Recorder};
use super::state::{KEY_TAG, KEY_TAG_MASK};
use super::{
    Decision, EndReason, Game, GameResult, GameState, Lot, MoveInProgress, Outcome, Player,
    RuleError,
};

/// Where a game's captured seeds go ([`Rules::CAPTURED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Captured {
    /// Into the captor's hand, sown again (Omweso): every seed stays on the board, so
    /// an earlier position may come back at any time.
    StayOnBoard,
    /// Into the players' stores (Anywoli).
    Stores,
    /// Off the board, to the captor's pile (the relay family).
    OffBoard,
}

impl Captured {
    /// Whether a capture takes seeds off the board (then no earlier position can come
    /// back, and the repetition history starts again after it).
    pub(crate) const fn leave_board(self) -> bool {
        !matches!(self, Captured::StayOnBoard)
    }
}

/// One game's rules.
pub(crate) trait Rules: 'static {
    /// The game.
    const GAME: Game;
    /// Whether a player who cannot move passes (Anywoli); else he has lost.
    const MAY_PASS: bool = false;
    /// The names of this game's options, as in the options JSON (their defaults are
    /// [`super::Options::default`]'s).
    const OPTIONS: &'static [&'static str];

    /// Where captured seeds go.
    const CAPTURED: Captured;
    /// Whether the game is played as a match of games (Omweso).
    const MATCH: bool = false;
    /// Whether a turn may stop to ask for a direction (Omweso).
    const DIRECTION_CHOICES: bool = false;
    /// Whether the players may arrange their seeds before the game (Omweso's free set-up).
    const FREE_SET_UP: bool = false;
    /// Whether a capture earns a bonus strip (Nsolo).
    const STRIPS: bool = false;
    /// Checks a loaded turn that waits for a direction (only where there are
    /// [`Rules::DIRECTION_CHOICES`]).
    fn check_turn_in_progress(
        _s: &GameState,
        _m: &MoveInProgress,
        _total: u32,
    ) -> Result<(), String> {
        Ok(())
    }

    /// The player to decide and the game's rule flags that make otherwise equal
    /// positions differ, for the position key ([`Rules::position_key`]).
    #[inline(always)]
    fn key_flags(s: &GameState) -> u64 {
        s.to_decide as u64
    }
    /// How many of [`Rules::key_flags`]' bits after the first (the player to decide)
    /// are the game's rule flags (Omweso: 3). The old hash of saved histories
    /// ([`GameState::fnv1a_hash`]) takes each of them as a byte.
    const KEY_FLAG_BITS: u32 = 0;
    /// The repetition key of the position (seeds, piles, [`Rules::key_flags`]), made
    /// at the end of every turn: the board's size is a constant here, so the loop over
    /// its words unrolls. It carries [`KEY_TAG`].
    #[inline(always)]
    fn position_key(s: &GameState) -> u64 {
        let piles = Self::CAPTURED.leave_board();
        let h = s.seeds.key(Self::board_len(s), Self::key_flags(s), piles);
        (h & !KEY_TAG_MASK) | KEY_TAG
    }

    /// Rows of the board.
    const ROWS: u8;
    /// Pits a row, where the game has one board (`None`: Nsolo, whose width is an
    /// option). [`Rules::board_len`] and [`Rules::circuit_len`] are then constants.
    const COLS: Option<u8>;

    /// Rows and columns of the board (`width`: Nsolo's pits a row).
    fn shape(width: u8) -> (u8, u8) {
        (Self::ROWS, Self::COLS.unwrap_or(width))
    }
    /// Pits on the board of `s`: a constant where the game has one board, so that the
    /// word loops over the board unroll.
    #[inline(always)]
    fn board_len(s: &GameState) -> usize {
        match Self::COLS {
            Some(cols) => Self::ROWS as usize * cols as usize,
            None => s.board.len(),
        }
    }
    /// Pits on a player's circuit (two rows), a constant like [`Rules::board_len`].
    #[inline(always)]
    fn circuit_len(s: &GameState) -> usize {
        match Self::COLS {
            Some(cols) => 2 * cols as usize,
            None => s.board.circuit_len,
        }
    }
    /// Seeds in a whole game.
    fn total_seeds(width: u8) -> u32;
    /// The start layout: seeds of each pit in grid order.
    fn start_pits(rows: usize, cols: usize) -> Vec<u8>;
    /// The turn starts of the player to decide, in grid order.
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>);
    /// Whether a turn-starting decision is legal, without listing them.
    fn is_legal_start(s: &GameState, d: &Decision) -> bool;
    /// Whether `p` has a legal turn start.
    fn can_move(s: &GameState, p: Player) -> bool;
    /// The end-of-turn checks, in the specification's order, once the mover's move
    /// (capture and strip included) is over and before the turn passes on: `Some`
    /// ends the game with that outcome (the first check that holds counts).
    fn end_of_turn(s: &mut GameState, turn: &Self::TurnDone, rec: &mut Recorder)
    -> Option<Outcome>;
    /// What a finished move did that the end-of-turn checks need (Omweso: the columns
    /// captured from; Anywoli: who captured last, and whether the last seed made four;
    /// the relay games: nothing).
    type TurnDone;
    /// What a never-ending move does: `Some` ends the game with that outcome, the
    /// seeds lying as before the move; `None`: the move is illegal (Anywoli).
    fn on_never_ending(s: &GameState) -> Option<Outcome>;
    /// What a position occurring `occurrences` (2 or more) times does: `Some` ends
    /// the game with that outcome.
    fn on_repetition(s: &mut GameState, occurrences: u32, rec: &mut Recorder) -> Option<Outcome>;
    /// Only where players may pass: the end when neither can move.
    fn nobody_can_move(_s: &mut GameState, _rec: &mut Recorder) -> Outcome {
        no_win(GameResult::Draw, EndReason::NobodyCanMove)
    }

    // Playing a move. `play.rs` calls these and nothing of a game's own.

    /// Whether a player may resign (Nsolo).
    const MAY_RESIGN: bool = false;
    /// The legal decisions of a pending only this game has (Omweso's arrangement,
    /// Nsolo's strips).
    fn own_choices(_s: &GameState, _out: &mut Vec<Decision>) {}
    /// Whether a decision of a pending only this game has is legal; an error says why
    /// a free arrangement is not.
    fn is_legal_own(_s: &GameState, _d: &Decision) -> Result<bool, RuleError> {
        Ok(false)
    }
    /// The check of a decision before it is played, where the general one (legality
    /// checked directly) will not do: `None` for the general one. (Anywoli's turn
    /// starts are checked by playing them: a move that never ends is illegal.)
    fn precheck(_s: &GameState, _d: &Decision) -> Option<Result<(), RuleError>> {
        None
    }
    /// Carries out a checked decision of this game's own that sows nothing (Omweso's
    /// arrangement, opening three and next game; Nsolo's strips).
    fn settle_own(_s: &mut GameState, _d: &Decision, _rec: &mut Recorder) {}
    /// A uniformly random legal decision where drawing from the list will not do (an
    /// arrangement; Anywoli's turn starts, played out one at a time): `None` to draw
    /// from the list.
    fn random_decision(_s: &GameState, _lot: &mut Lot) -> Option<Option<Decision>> {
        None
    }

    /// A move of this game under way: its sowing, and what the game keeps meanwhile.
    type Flight: Send + Sync + 'static;
    /// Starts a checked sowing decision (a turn start; Omweso's direction, which
    /// resumes a turn) on a copy of the seeds, recording into `rec`. `Err` hands the
    /// recorder back when the move is over at once (a direction that proves Omweso's
    /// move never ends: the game is then over).
    fn take_off(s: &mut GameState, d: &Decision, rec: Recorder) -> Result<Self::Flight, Recorder>;
    /// Plays at most `max_laps` more laps of a move under way.
    fn fly(f: &mut Self::Flight, max_laps: u64) -> MoveEnd;
    /// Laps played so far in this turn.
    fn laps(f: &Self::Flight) -> u64;
    /// The flight's recorder, taken out (a move search gives up changes nothing).
    fn take_recorder(f: &mut Self::Flight) -> Recorder;
    /// Carries out what a finished flight came to and hands its recorder back; `Err`
    /// (with the recorder) when the move may not be played: Anywoli's that never ends.
    fn land(
        s: &mut GameState,
        f: &mut Self::Flight,
        end: MoveEnd,
        d: &Decision,
    ) -> Result<Recorder, (RuleError, Recorder)>;
    /// Plays a decision the quiet way (no events: search, playouts), where this game
    /// has one and the decision is legal; `None` leaves it to the general way
    /// ([`Rules::take_off`]...), which plays it or refuses it with its message.
    fn play_quiet(
        s: &mut GameState,
        d: &Decision,
        rec: &mut Recorder,
    ) -> Option<Result<(), RuleError>>;
}

/// The options of every game (each game's `OPTIONS` starts with them).
pub(crate) const ALL_GAMES: [&str; 2] = ["first", "seed"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    /// Each game's shape is the specification's, and the constant sizes taken from
    /// `ROWS` and `COLS` agree with the board every state is built on, for every width.
    fn check<R: Rules>() {
        for width in 8..=36 {
            // The boards of the specification.
            let want = match R::GAME {
                Game::Omweso => (4, 8),
                Game::Anywoli => (2, 12),
                Game::Nsolo => (4, width),
                Game::Hawalis => (4, 7),
                Game::BaoKigogo => (4, 12),
            };
            assert_eq!(R::shape(width), want, "{:?}", R::GAME);
            let mut options = crate::rules::Options::default();
            if R::GAME == Game::Nsolo {
                options.width = width;
            }
            let s = GameState::new(R::GAME, options).expect("a new game");
            let board = Board::new(R::GAME, options.width);
            assert_eq!(R::board_len(&s), board.len(), "{:?} {width}", R::GAME);
            assert_eq!(
                R::circuit_len(&s),
                board.circuit_len,
                "{:?} {width}",
                R::GAME
            );
            assert_eq!(s.position_key(), R::position_key(&s));
        }
        // Only Nsolo's width varies.
        assert_eq!(R::COLS.is_none(), R::GAME == Game::Nsolo);
    }

    #[test]
    fn fixed_shapes_match_the_boards() {
        for game in Game::ALL {
            crate::rules::play::with_rules!(game, R => check::<R>());
        }
    }
}
