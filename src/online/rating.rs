//! Players without accounts, and their ratings: a player is a SHA-256 hash of a key
//! his client made ([`hash_key`]; the server never keeps the key itself), rated per
//! game with Glicko-2 (Glickman's system, from the `skillratings` crate, with the
//! constants below). No Bevy, no I/O.

use super::protocol::RatingChange;
use crate::rules::{GameState, Player};
#[cfg(feature = "server")]
use sha2::{Digest, Sha256};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

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

/// A new player's rating, deviation (RD) and volatility (σ): Glickman's defaults.
pub const NEW_RATING: f64 = 1500.0;
pub const NEW_DEVIATION: f64 = 350.0;
pub const NEW_VOLATILITY: f64 = 0.06;
/// Glicko-2's τ, which bounds how fast the volatility changes (Glickman suggests 0.3
/// to 1.2), and the tolerance of the volatility's iteration.
pub const TAU: f64 = 0.5;
pub const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// The system's constants, as the server rates with them.
fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        convergence_tolerance: CONVERGENCE_TOLERANCE,
    }
}

/// A player's Glicko-2 rating in one game, and his rated games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's defaults).
    fn default() -> Rating {
        Rating {
            rating: NEW_RATING,
            deviation: NEW_DEVIATION,
            volatility: NEW_VOLATILITY,
            games: 0,
        }
    }
}

impl Rating {
    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn with(&self, g: Glicko2Rating, games: u32) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games,
        }
    }

    /// The rating as shown: rounded to a whole number.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// One rating period of `results` (opponent, score: 1 win, 0.5 draw, 0 loss), as
    /// in Glickman's paper.
    pub fn after_period(&self, results: &[(Rating, f64)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|(r, score)| (r.glicko(), outcome(*score)))
            .collect();
        let g = glicko2_rating_period(&self.glicko(), &results, &config());
        self.with(g, self.games + results.len() as u32)
    }
}

fn outcome(score: f64) -> Outcomes {
    if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// Both players' ratings after one game between them (`winner`: `None` for a draw),
/// each game its own rating period.
pub fn rate_game(south: Rating, north: Rating, winner: Option<Player>) -> [Rating; 2] {
    let result = match winner {
        Some(Player::South) => Outcomes::WIN,
        Some(Player::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (s, n) = glicko2(&south.glicko(), &north.glicko(), &result, &config());
    [
        south.with(s, south.games + 1),
        north.with(n, north.games + 1),
    ]
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

    #[test]
    fn the_constants_are_those_docs_online_md_gives() {
        let new = Rating::default();
        assert_eq!(
            (new.rating, new.deviation, new.volatility, new.games),
            (1500.0, 350.0, 0.06, 0)
        );
        assert_eq!((TAU, CONVERGENCE_TOLERANCE), (0.5, 0.000_001));
        // The crate's defaults are Glickman's too (so its docs apply).
        let g = Glicko2Rating::new();
        assert_eq!((g.rating, g.deviation, g.volatility), (1500.0, 350.0, 0.06));
        let c = Glicko2Config::new();
        assert_eq!(
            (c.tau, c.convergence_tolerance),
            (TAU, CONVERGENCE_TOLERANCE)
        );
        // τ shows in the volatility: the same games rated with τ = 1.2 move it more.
        let results = [(Rating::default(), 1.0), (Rating::default(), 1.0)];
        let ours = new.after_period(&results).volatility;
        let other = Glicko2Config {
            tau: 1.2,
            ..config()
        };
        let wide = glicko2_rating_period(
            &new.glicko(),
            &results.map(|(r, _)| (r.glicko(), Outcomes::WIN)),
            &other,
        )
        .volatility;
        assert!(ours != wide, "{ours} {wide}");
    }

    #[test]
    fn a_win_moves_both_ratings_the_right_way() {
        let [s, n] = rate_game(Rating::default(), Rating::default(), Some(Player::South));
        assert!(s.rating > 1500.0 && n.rating < 1500.0, "{s:?} {n:?}");
        assert!(s.deviation < 350.0 && (s.games, n.games) == (1, 1));
        let [s, n] = rate_game(Rating::default(), Rating::default(), None);
        assert!((s.rating - 1500.0).abs() < 1e-9 && (n.rating - 1500.0).abs() < 1e-9);
    }
}
