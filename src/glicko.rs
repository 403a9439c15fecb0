//! Glicko-2 ratings (Glickman's system, from the `skillratings` crate, with the
//! constants below): online players' ratings per game ([`crate::online::rating`]) and a
//! player's puzzle rating ([`crate::ai::puzzles`]). No Bevy, no I/O.

use crate::rules::Player;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

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

#[cfg(test)]
mod tests {
    use super::*;

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
