//! One type per game, as shakmaty has one type per chess variant: [`Omweso`],
//! [`Anywoli`], and the relay family [`Nsolo`], [`Hawalis`] and [`BaoKigogo`] (one
//! module, `relay.rs`). Each implements [`Rules`]: the board shape, the seed total and
//! the start layout; its options and their defaults; its turn starts and how a lap
//! ends (its `MoveRules`); the end-of-turn checks in the specification's order; and
//! what a repetition and a never-ending move do. `play.rs` only dispatches to these.

use super::anywoli::{self, Anywoli};
use super::omweso::{self, Omweso};
use super::relay::{self, BaoKigogo, Hawalis, Nsolo};
use super::sowing::Recorder;
use super::turn::{no_win, win};
use super::{Decision, EndReason, Game, GameResult, GameState, NeverEndingRule, Outcome, Player};

/// What a finished move did, for the end-of-turn checks ([`Rules::end_of_turn`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TurnDone {
    /// Omweso: bit c set when the mover captured from the opponent's column c.
    pub columns: u32,
    /// Anywoli: who received the most recent capture of the move.
    pub last_capturer: Option<Player>,
    /// Anywoli: the move's last seed made four (the mover plays again).
    pub extra_turn: bool,
}

/// One game's rules.
pub(crate) trait Rules {
    /// The game.
    const GAME: Game;
    /// Whether a player who cannot move passes (Anywoli); else he has lost.
    const MAY_PASS: bool = false;
    /// Whether seeds leave the board (then no earlier position can come back, and the
    /// repetition history starts again after a capture).
    const SEEDS_LEAVE_BOARD: bool = true;
    /// The names of this game's options, as in the options JSON (their defaults are
    /// [`super::Options::default`]'s).
    const OPTIONS: &'static [&'static str];

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
    fn end_of_turn(s: &mut GameState, turn: &TurnDone, rec: &mut Recorder) -> Option<Outcome>;
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
}

/// The options of every game but Omweso's own.
const ALL_GAMES: [&str; 2] = ["first", "seed"];

impl Rules for Omweso {
    const GAME: Game = Game::Omweso;
    const ROWS: u8 = 4;
    const COLS: Option<u8> = Some(8);
    const SEEDS_LEAVE_BOARD: bool = false;
    const OPTIONS: &'static [&'static str] = &[
        ALL_GAMES[0],
        ALL_GAMES[1],
        "set_up",
        "opening_three",
        "grand_slam",
        "front_row_two_points",
        "two_captures_first",
        "match_target",
        "play_mode",
    ];
    fn total_seeds(_: u8) -> u32 {
        64
    }
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        let mut pits = vec![0u8; rows * cols];
        for c in 0..cols {
            pits[c] = 4;
            pits[3 * cols + c] = 4;
        }
        pits
    }
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
        omweso::turn_starts(s, out)
    }
    fn is_legal_start(s: &GameState, d: &Decision) -> bool {
        omweso::is_legal_start(s, d)
    }
    fn can_move(s: &GameState, p: Player) -> bool {
        s.seeds.pits[s.board.own_slots(p)].iter().any(|&n| n >= 2)
    }
    fn end_of_turn(s: &mut GameState, turn: &TurnDone, _: &mut Recorder) -> Option<Outcome> {
        omweso::end_of_turn(s, turn.columns)
    }
    /// A never-ending move annuls the game.
    fn on_never_ending(_: &GameState) -> Option<Outcome> {
        Some(no_win(GameResult::Annulled, EndReason::NeverEndingMove))
    }
    /// The third occurrence annuls the game.
    fn on_repetition(_: &mut GameState, occurrences: u32, _: &mut Recorder) -> Option<Outcome> {
        (occurrences >= 3).then(|| no_win(GameResult::Annulled, EndReason::Repetition))
    }
}

impl Rules for Anywoli {
    const GAME: Game = Game::Anywoli;
    const ROWS: u8 = 2;
    const COLS: Option<u8> = Some(12);
    const MAY_PASS: bool = true;
    const OPTIONS: &'static [&'static str] =
        &[ALL_GAMES[0], ALL_GAMES[1], "last_four", "stop_when_decided"];
    fn total_seeds(_: u8) -> u32 {
        96
    }
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        vec![4; rows * cols]
    }
    fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
        anywoli::turn_starts(s, s.to_decide, out)
    }
    fn is_legal_start(s: &GameState, d: &Decision) -> bool {
        anywoli::is_legal_start(s, d)
    }
    fn can_move(s: &GameState, p: Player) -> bool {
        anywoli::can_move(s, p)
    }
    fn end_of_turn(s: &mut GameState, turn: &TurnDone, rec: &mut Recorder) -> Option<Outcome> {
        anywoli::end_of_turn(s, turn, rec)
    }
    /// A move that never ends may not be played.
    fn on_never_ending(_: &GameState) -> Option<Outcome> {
        None
    }
    /// The third occurrence: each player adds his own row to his store.
    fn on_repetition(s: &mut GameState, occurrences: u32, rec: &mut Recorder) -> Option<Outcome> {
        (occurrences >= 3).then(|| anywoli::rows_to_stores(s, rec, EndReason::Repetition))
    }
    fn nobody_can_move(s: &mut GameState, rec: &mut Recorder) -> Outcome {
        anywoli::rows_to_stores(s, rec, EndReason::NobodyCanMove)
    }
}

/// The relay family's shared answers.
macro_rules! relay_rules {
    ($ty:ty, $game:expr, $cols:expr, $options:expr, $total:expr) => {
        impl Rules for $ty {
            const GAME: Game = $game;
            const ROWS: u8 = 4;
            const COLS: Option<u8> = $cols;
            const OPTIONS: &'static [&'static str] = $options;
            fn total_seeds(width: u8) -> u32 {
                $total(width)
            }
            fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
                relay::start_pits($game, rows, cols)
            }
            fn turn_starts(s: &GameState, out: &mut Vec<Decision>) {
                relay::turn_starts::<Self>(s, s.to_decide, out)
            }
            fn is_legal_start(s: &GameState, d: &Decision) -> bool {
                relay::is_legal_start::<Self>(s, d)
            }
            fn can_move(s: &GameState, p: Player) -> bool {
                relay::can_move::<Self>(s, p)
            }
            #[inline]
            fn end_of_turn(s: &mut GameState, _: &TurnDone, _: &mut Recorder) -> Option<Outcome> {
                relay::removal_game_end::<Self>(s, s.to_decide)
            }
            /// A draw, or (Option) the mover loses.
            fn on_never_ending(s: &GameState) -> Option<Outcome> {
                Some(match s.options.never_ending {
                    NeverEndingRule::Draw => no_win(GameResult::Draw, EndReason::NeverEndingMove),
                    NeverEndingRule::MoverLoses => {
                        win(s.to_decide.opponent(), 0, EndReason::NeverEndingMove)
                    }
                })
            }
            /// The second occurrence is a draw.
            fn on_repetition(_: &mut GameState, _: u32, _: &mut Recorder) -> Option<Outcome> {
                Some(no_win(GameResult::Draw, EndReason::Repetition))
            }
        }
    };
}

relay_rules!(
    Nsolo,
    Game::Nsolo,
    None,
    &[
        ALL_GAMES[0],
        ALL_GAMES[1],
        "width",
        "bonus_up_to_k",
        "never_ending"
    ],
    |w: u8| 8 * w as u32 - 4
);
relay_rules!(
    Hawalis,
    Game::Hawalis,
    Some(7),
    &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"],
    |_: u8| 56
);
relay_rules!(
    BaoKigogo,
    Game::BaoKigogo,
    Some(12),
    &[ALL_GAMES[0], ALL_GAMES[1], "never_ending"],
    |_: u8| 92
);

/// Calls `$body` with `$R` the type of game `$game`.
macro_rules! with_rules {
    ($game:expr, $R:ident => $body:expr) => {
        match $game {
            $crate::rules::Game::Omweso => {
                type $R = $crate::rules::omweso::Omweso;
                $body
            }
            $crate::rules::Game::Anywoli => {
                type $R = $crate::rules::anywoli::Anywoli;
                $body
            }
            $crate::rules::Game::Nsolo => {
                type $R = $crate::rules::relay::Nsolo;
                $body
            }
            $crate::rules::Game::Hawalis => {
                type $R = $crate::rules::relay::Hawalis;
                $body
            }
            $crate::rules::Game::BaoKigogo => {
                type $R = $crate::rules::relay::BaoKigogo;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

impl Game {
    /// The names of the game's options (as in the options JSON), for a menu to ask
    /// the game which options to offer. Their defaults are [`super::Options::default`]'s.
    pub fn option_names(self) -> &'static [&'static str] {
        with_rules!(self, R => R::OPTIONS)
    }

    /// Rows and columns of the game's board (`width`: Nsolo's pits a row).
    pub fn shape(self, width: u8) -> (u8, u8) {
        with_rules!(self, R => R::shape(width))
    }

    /// The start layout: seeds of each pit in grid order (row 0 first).
    pub fn start_pits(self, width: u8) -> Vec<u8> {
        let (rows, cols) = self.shape(width);
        with_rules!(self, R => R::start_pits(rows as usize, cols as usize))
    }
}

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
            assert_eq!(
                s.position_key(),
                s.position_key_of(R::GAME, R::board_len(&s))
            );
        }
        // Only Nsolo's width varies.
        assert_eq!(R::COLS.is_none(), R::GAME == Game::Nsolo);
    }

    #[test]
    fn fixed_shapes_match_the_boards() {
        for game in Game::ALL {
            with_rules!(game, R => check::<R>());
        }
    }
}
