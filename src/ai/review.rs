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

use super::{Budget, Search, SearchResult, WIN, evaluate, match_points_value};
use crate::rules::{Decision, GameRecord, GameResult, GameState, Lot, Outcome, Player, apply};
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
/// 4 seeds), since a seed weighs more where there are fewer: Hawalis's 56 give 1.12,
/// 3.36 and 6.72; Anywoli's 96 give 1.92, 5.76 and 11.52 (docs/ai.md has every game's).
pub fn thresholds(total_seeds: u32) -> Thresholds {
    // Whole percents of whole seeds, divided once: the nearest double to the exact
    // share (3.6, not 0.06 × 60 = 3.5999999999999996), so it prints as it reads.
    let share = |percent: f64| percent * f64::from(total_seeds) / 100.0;
    Thresholds {
        inaccuracy: share(2.0).max(1.0),
        mistake: share(6.0).max(2.0),
        blunder: share(12.0).max(4.0),
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

/// A review in progress: call [`Review::step`] until it returns `None` (one decision
/// a call), [`Review::work`] for a few positions a call (the browser's time slices),
/// or [`review`] for all. All three give the same review.
pub struct Review {
    state: GameState,
    decisions: Vec<Decision>,
    next: usize,
    nodes: u64,
    valuation: Valuation,
    /// The search of the current position (the best decision and its value), kept
    /// from the step before, where it valued the played decision.
    here: Option<Found>,
    /// The position after the played decision and its search, once done.
    after_played: Option<(GameState, Found)>,
    /// The position after the best decision and its search, once done (only when
    /// the best is another decision than the played one).
    after_best: Option<(GameState, Found)>,
    /// The search going on: what it is for, and of which position.
    searching: Option<(Stage, GameState, Search)>,
}

/// What a search found in a position: the best decision (none when the game is
/// over) and the position's value for the player to decide there.
#[derive(Clone)]
struct Found {
    best: Option<Decision>,
    value_for_decider: f64,
    decider: Player,
}

/// Which position of a decision's review a search is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Before the decision (searched only for the first: later ones were searched as
    /// the position after the decision before).
    Before,
    /// After the played decision.
    AfterPlayed,
    /// After the best decision, when it is another.
    AfterBest,
}

/// How far [`Review::work`] got.
#[derive(Debug)]
pub enum Worked {
    /// Still working on the next decision.
    Busy,
    /// The next decision is reviewed (or is illegal: the error names it).
    Moment(Result<Moment, String>),
    /// Every decision is reviewed.
    Finished,
}

impl Review {
    /// Starts a review of `record`, searching `nodes` positions for each position.
    /// The whole record is checked first: an illegal decision anywhere in it is an
    /// error at once, naming its number, before any search.
    pub fn new(record: &GameRecord, nodes: u64) -> Result<Review, String> {
        record.replay().map_err(|e| e.to_string())?;
        let state = record.start_state().map_err(|e| e.to_string())?;
        let total = state.seeds().total();
        Ok(Review {
            state,
            decisions: record.decisions.clone(),
            next: 0,
            nodes,
            valuation: Valuation::of(total),
            here: None,
            after_played: None,
            after_best: None,
            searching: None,
        })
    }

    /// Decisions reviewed so far and in all (for a progress bar).
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.decisions.len())
    }

    /// Reviews the next decision; `None` when all are done. An illegal decision in
    /// the record is an error naming its number.
    pub fn step(&mut self) -> Option<Result<Moment, String>> {
        loop {
            match self.work(u64::MAX) {
                Worked::Busy => {}
                Worked::Moment(m) => return Some(m),
                Worked::Finished => return None,
            }
        }
    }

    /// Searches at most about `positions` more positions towards the next decision's
    /// review (at least one), and reviews it once its searches are done.
    pub fn work(&mut self, positions: u64) -> Worked {
        let Some(played) = self.decisions.get(self.next).cloned() else {
            return Worked::Finished;
        };
        if let Some((_, _, search)) = &mut self.searching {
            let Some(result) = search.step(positions) else {
                return Worked::Busy;
            };
            if let Some((stage, position, _)) = self.searching.take() {
                let found = self.valuation.found(&position, result);
                self.keep(stage, position, found);
            }
            return Worked::Busy;
        }
        // Nothing in progress: the next search this decision needs, else its verdict.
        if self.here.is_none() {
            return self.begin(Stage::Before, self.state.clone());
        }
        if self.after_played.is_none() {
            let mut after = self.state.clone();
            if let Err(e) = apply(&mut after, played.clone()) {
                let number = self.next + 1;
                self.next = self.decisions.len();
                return Worked::Moment(Err(format!(
                    "illegal decision: the record's decision {number} (`{played}`): {}",
                    e.reason()
                )));
            }
            return self.begin(Stage::AfterPlayed, after);
        }
        if self.after_best.is_none()
            && let Some(other) = self.after_other_best(&played)
        {
            return self.begin(Stage::AfterBest, other);
        }
        Worked::Moment(Ok(self.judge(played)))
    }

    /// The position after the best decision found before the current one, when that
    /// is another than the played one and can be played.
    fn after_other_best(&self, played: &Decision) -> Option<GameState> {
        let best = self.here.as_ref()?.best.as_ref()?;
        if best == played {
            return None;
        }
        let mut other = self.state.clone();
        apply(&mut other, best.clone()).ok()?;
        Some(other)
    }

    /// Starts searching `s` for `stage` (nothing to search once the game is decided:
    /// over, or in an Omweso match between two games, whose next game the review does
    /// not weigh).
    fn begin(&mut self, stage: Stage, s: GameState) -> Worked {
        if s.outcome().is_some() {
            let found = self.valuation.found(&s, None);
            self.keep(stage, s, found);
        } else {
            let search = Search::new(&s, review_budget(self.nodes), &mut Lot(1));
            self.searching = Some((stage, s, search));
        }
        Worked::Busy
    }

    /// Keeps what a stage's search found.
    fn keep(&mut self, stage: Stage, position: GameState, found: Found) {
        match stage {
            Stage::Before => self.here = Some(found),
            Stage::AfterPlayed => self.after_played = Some((position, found)),
            Stage::AfterBest => self.after_best = Some((position, found)),
        }
    }

    /// The verdict on the current decision, its searches done; moves on to the next.
    fn judge(&mut self, played: Decision) -> Moment {
        let number = self.next + 1;
        let by = self.state.to_decide();
        let best = self
            .here
            .take()
            .and_then(|h| h.best)
            .unwrap_or_else(|| played.clone());
        let (after, after_played) = self.after_played.take().unwrap_or_else(|| {
            let s = self.state.clone();
            let found = self.valuation.found(&s, None);
            (s, found)
        });
        let played_value = self.valuation.value_for(&after, &after_played, by);
        let best_value = match self.after_best.take() {
            Some((other, found)) => self
                .valuation
                .value_for(&other, &found, by)
                .max(played_value),
            None => played_value,
        };
        let loss = positive_zero((best_value - played_value).max(0.0));
        let mark = if best == played {
            Mark::Good
        } else if played_value >= self.valuation.total {
            // It wins the game: a bigger win was missed at most.
            self.valuation.thresholds.mark(loss).min(Mark::Inaccuracy)
        } else {
            self.valuation.thresholds.mark(loss)
        };
        let south = positive_zero(match by {
            Player::South => played_value,
            Player::North => -played_value,
        });
        self.state = after;
        self.here = Some(after_played);
        self.next += 1;
        Moment {
            number,
            by,
            played,
            best,
            played_value,
            best_value,
            loss,
            south,
            mark,
        }
    }
}

/// How a review (and a puzzle, [`super::puzzles`]) values a position for a player, in
/// seeds: a won game counts as all the game's seeds (more by an inaccuracy threshold for
/// each Omweso point beyond the first), a game not yet decided the search's value
/// within them, Omweso's match points won in earlier games left out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valuation {
    /// The game's seeds.
    pub total: f64,
    pub thresholds: Thresholds,
}

impl Valuation {
    /// The valuation of a game of `total` seeds.
    pub fn of(total: u32) -> Valuation {
        Valuation {
            total: f64::from(total),
            thresholds: thresholds(total),
        }
    }

    /// The value of position `s` for `player`, searched with `nodes` positions as a
    /// review searches (nothing to search once the game is decided).
    pub fn value(&self, s: &GameState, nodes: u64, player: Player) -> f64 {
        let result = if s.outcome().is_some() {
            None
        } else {
            Search::new(s, review_budget(nodes), &mut Lot(1)).run()
        };
        self.value_for(s, &self.found(s, result), player)
    }

    /// What a search of `s` found (`None`: nothing to search there). Omweso's match
    /// points won in earlier games are left out: the review values the game being
    /// played, in its seeds, so that a match led by ten points still shows each
    /// game's swings. A decided game (over, or won by force as far as the search saw)
    /// is valued by [`Valuation::decided`], never by the search's budget.
    fn found(&self, s: &GameState, result: Option<SearchResult>) -> Found {
        let decider = s.to_decide();
        let value_for_decider = match (s.outcome(), &result) {
            (Some(outcome), _) => self.decided(outcome, decider),
            (None, Some(r)) if r.score.abs() >= WIN / 2.0 => {
                // The search's win is WIN + 1,000 a point (ai::evaluate).
                let points = ((r.score.abs() - WIN) / 1_000.0).round().max(0.0) as u32;
                let won = self.won_game(points);
                if r.score > 0.0 { won } else { -won }
            }
            (None, Some(r)) => self.clamp(r.score - match_points_value(s, decider)),
            (None, None) => self.clamp(evaluate(s, decider) - match_points_value(s, decider)),
        };
        Found {
            best: result.map(|r| r.decision),
            value_for_decider: positive_zero(value_for_decider),
            decider,
        }
    }

    /// The value of a decided game for `player`: a win counts as all the game's seeds,
    /// and in an Omweso match each point beyond the first adds one inaccuracy
    /// threshold (a 2-point win is better than a 1-point win by an inaccuracy); a
    /// loss the same, negative; a draw or an annulled game 0.
    fn decided(&self, outcome: Outcome, player: Player) -> f64 {
        match outcome.result {
            GameResult::Win(w) if w == player => self.won_game(outcome.points),
            GameResult::Win(_) => -self.won_game(outcome.points),
            GameResult::Draw | GameResult::Annulled => 0.0,
        }
    }

    /// The value of winning the game by `points` (0 in games without points).
    fn won_game(&self, points: u32) -> f64 {
        self.total + self.thresholds.inaccuracy * f64::from(points.saturating_sub(1))
    }

    /// The value of position `s` (searched as `found`) for `player`.
    fn value_for(&self, s: &GameState, found: &Found, player: Player) -> f64 {
        debug_assert_eq!(found.decider, s.to_decide());
        if found.decider == player {
            found.value_for_decider
        } else {
            positive_zero(-found.value_for_decider)
        }
    }

    /// A value of a game not yet decided, within all its seeds.
    fn clamp(&self, value: f64) -> f64 {
        value.clamp(-self.total, self.total)
    }
}

/// A review's search of a position (and a puzzle's, [`super::puzzles`]): `nodes`
/// positions, as deep as they reach.
pub(crate) fn review_budget(nodes: u64) -> Budget {
    Budget {
        max_depth: 64,
        nodes,
        // Positions, not time, bound it (the same review on every machine); this is
        // only a net for a machine far slower than expected.
        time: Duration::from_secs(30),
        noise: 0.0,
    }
}

/// `x`, with -0.0 made 0.0 (so that a value of nothing prints as `0.0`).
fn positive_zero(x: f64) -> f64 {
    x + 0.0
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

/// The `n` decisions that gave up the most (the swings that decided the game), in
/// the order they were played: indices into `moments`. A decision that gave up less
/// than a seed is never among them (so a clean game has none); of equal losses the
/// earlier counts.
pub fn deciding_moments(moments: &[Moment], n: usize) -> Vec<usize> {
    let mut by_loss: Vec<usize> = (0..moments.len())
        .filter(|&i| moments[i].loss >= 1.0)
        .collect();
    by_loss.sort_by(|&a, &b| moments[b].loss.total_cmp(&moments[a].loss).then(a.cmp(&b)));
    by_loss.truncate(n);
    by_loss.sort_unstable();
    by_loss
}
