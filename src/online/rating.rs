//! Players without accounts, and their ratings: a player is a SHA-256 hash of a key
//! his client made ([`hash_key`]; the server never keeps the key itself), rated per
//! game with Glicko-2 ([`crate::glicko`]). No Bevy, no I/O.

use super::protocol::RatingChange;
pub use crate::glicko::{
    CONVERGENCE_TOLERANCE, NEW_DEVIATION, NEW_RATING, NEW_VOLATILITY, Rating, TAU, rate_game,
};
use crate::rules::{GameState, Player};
#[cfg(feature = "server")]
use sha2::{Digest, Sha256};

/// The fewest rated games a player needs to be on a leaderboard.
pub const LEADERBOARD_MIN_GAMES: u32 = 5;
/// The most players a leaderboard lists.
pub const LEADERBOARD_LEN: usize = 50;

/// What the hash of a key starts with, before the key itself.
pub const KEY_HASH_PREFIX: &str = "mancala-hall player key\n";

/// The hash the server keeps of a player's key: SHA-256 of [`KEY_HASH_PREFIX`] and
/// the key (UTF-8, nothing between or after), in lower-case hex.
#[cfg(feature = "server")]
pub fn hash_key(key: &str) -> String {
    let digest = Sha256::digest(format!("{KEY_HASH_PREFIX}{key}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The change of a rating, as shown.
pub fn change(before: &Rating, after: &Rating) -> RatingChange {
    RatingChange {
        before: before.shown(),
        after: after.shown(),
    }
}

/// How a finished game ended, for the ratings: `Some(winner)` or `None` for a draw
/// (an Omweso match: its winner). `None` while it goes on.
pub fn final_result(state: &GameState) -> Option<Option<Player>> {
    if !state.is_over() {
        return None;
    }
    if let Some(score) = state.match_score() {
        return Some(score.winner);
    }
    Some(match state.outcome().map(|o| o.result) {
        Some(crate::rules::GameResult::Win(p)) => Some(p),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "server")]
    fn a_key_is_kept_only_as_its_hash() {
        let h = hash_key("0123456789abcdef0123456789abcdef");
        // `printf 'mancala-hall player key\n0123456789abcdef0123456789abcdef' | sha256sum`
        assert_eq!(
            h,
            "6d36028fe8b3749e647af59865deb0714c6764d83e5d0046549f5aebf7075fc2"
        );
        assert!(!h.contains("0123456789abcdef0123"));
        assert_eq!(h, hash_key("0123456789abcdef0123456789abcdef"));
        assert_ne!(h, hash_key("0123456789abcdef0123456789abcdeF"));
    }

    #[test]
    fn an_omweso_match_is_rated_once_when_it_is_decided() {
        use crate::rules::{Decision, Game, Options, PlayMode, apply};
        // Blitz: a time-out loses the game at once.
        let blitz = |match_target| Options {
            play_mode: PlayMode::Blitz { seconds: 10 },
            match_target,
            ..Options::default()
        };
        let mut single = GameState::new(Game::Omweso, blitz(1)).unwrap();
        let loser = single.to_decide();
        assert_eq!(final_result(&single), None, "goes on");
        apply(&mut single, Decision::TimeOut).unwrap();
        assert_eq!(final_result(&single), Some(Some(loser.opponent())));
        // In a match to 12 a lost game is not the end: nothing to rate yet.
        let mut long = GameState::new(Game::Omweso, blitz(12)).unwrap();
        apply(&mut long, Decision::TimeOut).unwrap();
        assert!(long.outcome().is_some() && !long.is_over());
        assert_eq!(final_result(&long), None);
    }
}
