//! Game review: for every decision of a game record, the evaluation after it from
//! South's side, the best decision in the position before it, how many seeds the
//! played one gave up against the best, and a mark (docs/ai.md, "Game review").
//!
//! Each decision is judged by the same search on the positions after the played
//! decision and after the best one, so the two values have the same depth; the
//! search of the position after decision N is the one that finds the best decision
//! N+1, so a review costs about two searches a decision. Budgets count positions,
//! so a review is the same on every machine. A decision equal to the best is never
//! marked. Every decision of the record counts, mid-turn ones (Omweso's directions,
//! Nsolo's strips) and set-up included.

use super::{Budget, evaluate, search};
use crate::rules::{Decision, GameRecord, GameState, Lot, Player, apply};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Positions searched for each position of a review, by default: a 60-decision
/// game takes a few seconds (docs/performance.md).
pub const REVIEW_POSITIONS: u64 = 100_000;

/// How a decision is judged, by the seeds it gave up against the best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The seeds given up from which a decision is an inaccuracy, a mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

/// A game's thresholds: a share of all its seeds (2%, 6% and 12%, at least 1, 2 and
/// 4 seeds), since a seed weighs more where there are fewer: Hawalis's 56 give 1.1,
/// 3.4 and 6.7; Anywoli's 96 give 1.9, 5.8 and 11.5 (docs/ai.md has every game's).
pub fn thresholds(total_seeds: u32) -> Thresholds {
    let t = f64::from(total_seeds);
    Thresholds {
        inaccuracy: (0.02 * t).max(1.0),
        mistake: (0.06 * t).max(2.0),
        blunder: (0.12 * t).max(4.0),
    }
}

impl Thresholds {
    /// The mark of a decision that gave up `loss` seeds.
    pub fn mark(&self, loss: f64) -> Mark {
        if loss >= self.blunder {
            Mark::Blunder
        } else if loss >= self.mistake {
            Mark::Mistake
        } else if loss >= self.inaccuracy {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }
}

/// One decision of a reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moment {
    /// Its number in the record, from 1.
    pub number: usize,
    pub by: Player,
    pub played: Decision,
    /// The best decision found in the position before it.
    pub best: Decision,
    /// The value after the played decision and after the best one, for the player
    /// who decided, in seeds (a won or lost game counts as all the seeds).
    pub played_value: f64,
    pub best_value: f64,
    /// `best_value - played_value`, never below 0.
    pub loss: f64,
    /// The evaluation after the decision from South's side, in seeds.
    pub south: f64,
    pub mark: Mark,
}

/// A review in progress: call [`Review::step`] until it returns `None` (one
/// decision a call, so a frame can do a little at a time), or [`review`] for all.
pub struct Review {
    state: GameState,
    decisions: Vec<Decision>,
    next: usize,
    nodes: u64,
    thresholds: Thresholds,
    total: f64,
    /// The search of the current position (the best decision and its value), kept
    /// from the step before, where it valued the played decision.
    here: Option<Found>,
}

/// What a search found in a position: the best decision (none when the game is
/// over) and the position's value for the player to decide there.
#[derive(Clone)]
struct Found {
    best: Option<Decision>,
    value_for_decider: f64,
    decider: Player,
}

impl Review {
    /// Starts a review of `record`, searching `nodes` positions for each position.
    pub fn new(record: &GameRecord, nodes: u64) -> Result<Review, String> {
        let state = record.start_state().map_err(|e| e.to_string())?;
        let total = state.seeds().total();
        Ok(Review {
            state,
            decisions: record.decisions.clone(),
            next: 0,
            nodes,
            thresholds: thresholds(total),
            total: f64::from(total),
            here: None,
        })
    }

    /// Decisions reviewed so far and in all (for a progress bar).
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.decisions.len())
    }

    /// Reviews the next decision; `None` when all are done. An illegal decision in
    /// the record is an error naming its number.
    pub fn step(&mut self) -> Option<Result<Moment, String>> {
        let played = self.decisions.get(self.next)?.clone();
        let number = self.next + 1;
        self.next += 1;
        let by = self.state.to_decide();
        let here = match self.here.take() {
            Some(f) => f,
            None => self.find(&self.state.clone()),
        };
        let mut after = self.state.clone();
        if let Err(e) = apply(&mut after, played.clone()) {
            self.next = self.decisions.len();
            return Some(Err(format!("decision {number} (`{played}`): {e}")));
        }
        let after_played = self.find(&after);
        let played_value = self.value_for(&after, &after_played, by);
        let best = here.best.unwrap_or_else(|| played.clone());
        let best_value = if best == played {
            played_value
        } else {
            let mut other = self.state.clone();
            match apply(&mut other, best.clone()) {
                Ok(_) => {
                    let found = self.find(&other);
                    self.value_for(&other, &found, by).max(played_value)
                }
                Err(_) => played_value,
            }
        };
        let loss = (best_value - played_value).max(0.0);
        let mark = if best == played {
            Mark::Good
        } else {
            self.thresholds.mark(loss)
        };
        let south = match by {
            Player::South => played_value,
            Player::North => -played_value,
        };
        self.state = after;
        self.here = Some(after_played);
        Some(Ok(Moment {
            number,
            by,
            played,
            best,
            played_value,
            best_value,
            loss,
            south,
            mark,
        }))
    }

    /// Searches a position (nothing to search once the game is over).
    fn find(&self, s: &GameState) -> Found {
        let decider = s.to_decide();
        if s.is_over() {
            return Found {
                best: None,
                value_for_decider: self.clamp(evaluate(s, decider)),
                decider,
            };
        }
        let budget = Budget {
            max_depth: 64,
            nodes: self.nodes,
            // Positions, not time, bound it (the same review on every machine); this
            // is only a net for a machine far slower than expected.
            time: Duration::from_secs(30),
            noise: 0.0,
        };
        match search(s, budget, &mut Lot(1)) {
            Some(r) => Found {
                best: Some(r.decision),
                value_for_decider: self.clamp(r.score),
                decider,
            },
            None => Found {
                best: None,
                value_for_decider: self.clamp(evaluate(s, decider)),
                decider,
            },
        }
    }

    /// The value of position `s` (searched as `found`) for `player`.
    fn value_for(&self, s: &GameState, found: &Found, player: Player) -> f64 {
        debug_assert_eq!(found.decider, s.to_decide());
        if found.decider == player {
            found.value_for_decider
        } else {
            -found.value_for_decider
        }
    }

    /// A won or lost game (the search's ±100,000) counts as all the seeds.
    fn clamp(&self, value: f64) -> f64 {
        value.clamp(-self.total, self.total)
    }
}

/// A finished review as a saved game keeps it (so that reopening it is instant).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedReview {
    /// The positions searched for each position.
    pub nodes: u64,
    /// One entry a decision of the record, in order.
    pub moments: Vec<Moment>,
}

impl SavedReview {
    /// Whether this review is of `record`: one entry for each of its decisions, each
    /// the decision played there.
    pub fn fits(&self, record: &GameRecord) -> bool {
        self.moments.len() == record.decisions.len()
            && self
                .moments
                .iter()
                .zip(&record.decisions)
                .enumerate()
                .all(|(i, (m, d))| m.number == i + 1 && &m.played == d)
    }
}

/// Reviews a whole record.
pub fn review(record: &GameRecord, nodes: u64) -> Result<Vec<Moment>, String> {
    let mut review = Review::new(record, nodes)?;
    let mut moments = Vec::new();
    while let Some(m) = review.step() {
        moments.push(m?);
    }
    Ok(moments)
}

/// The game's thresholds for a record (by its starting seeds).
pub fn thresholds_of(record: &GameRecord) -> Result<Thresholds, String> {
    let s = record.start_state().map_err(|e| e.to_string())?;
    Ok(thresholds(s.seeds().total()))
}
