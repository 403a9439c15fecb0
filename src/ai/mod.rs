//! Computer opponents: alpha-beta search with iterative deepening over the rules'
//! decisions (mid-turn decisions included), a per-game evaluation, and levels from
//! Beginner to Master. No Bevy types. Budgets count positions, not time, so a search
//! is deterministic for a seed on any machine, and can be paused and resumed
//! ([`Search::step`]) where there are no threads.

pub mod ladder;
pub mod puzzles;
pub mod review;
mod search;

pub use search::{Search, SearchResult};

use crate::rules::{Decision, Game, GameResult, GameState, Lot, Player};
use std::time::Duration;

const WIN: f64 = 100_000.0;

/// The computer's strength.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Looks one decision ahead, and misjudges often.
    Beginner,
    /// Looks two decisions ahead, with small misjudgements.
    #[default]
    Player,
    /// Looks three decisions ahead, without misjudgements.
    Expert,
    /// Searches [`MASTER_POSITIONS`] positions as deep as they reach (about a tenth
    /// of a second).
    Master,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Player, Level::Expert, Level::Master];

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Player => "Player",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// Parses a level name.
    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The effort this level spends.
    pub fn budget(self) -> Budget {
        let (max_depth, nodes, noise) = match self {
            Level::Beginner => (1, 100_000, 2.5),
            Level::Player => (2, 100_000, 1.2),
            Level::Expert => (3, 100_000, 0.0),
            Level::Master => (64, MASTER_POSITIONS, 0.0),
        };
        Budget {
            max_depth,
            nodes,
            time: SAFETY_TIME,
            noise,
        }
    }
}

/// Master's budget: 400,000 positions, about a tenth of a second, the time Master took
/// with 100,000 positions before the second rules core and a leaner search made a
/// position about 4 times cheaper (docs/ai.md).
pub const MASTER_POSITIONS: u64 = 400_000;

/// A search stops after this much time even if its positions are not spent (a
/// safety net that keeps the top level within a second on slow machines; a search cut
/// by it is no longer reproducible).
pub const SAFETY_TIME: Duration = Duration::from_millis(950);

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Decisions to look ahead (mid-turn decisions do not count).
    pub max_depth: u32,
    /// Positions to visit at most: the effort, the same on every machine.
    pub nodes: u64,
    /// Time for the whole search (time spent searching; pauses do not count).
    pub time: Duration,
    /// Standard deviation of the random misjudgement added to each root score, in
    /// seeds (makes the lower levels human rather than perfect).
    pub noise: f64,
}

/// The value of a position for `me`, in seeds.
pub fn evaluate(s: &GameState, me: Player) -> f64 {
    let opp = me.opponent();
    if let Some(o) = s.outcome() {
        return match o.result {
            GameResult::Win(w) if w == me => WIN + o.points as f64 * 1_000.0,
            GameResult::Win(_) => -WIN - o.points as f64 * 1_000.0,
            GameResult::Draw | GameResult::Annulled => 0.0,
        };
    }
    let stores = s.stores();
    let side = |p: Player| s.side_total(p) as f64;
    let v = match s.game() {
        // Seeds on one's own side are one's material.
        Game::Omweso => side(me) - side(opp),
        Game::Anywoli => {
            (stores[me as usize] as f64 - stores[opp as usize] as f64)
                + 0.2 * (side(me) - side(opp))
        }
        Game::Nsolo | Game::Hawalis | Game::BaoKigogo => side(me) - side(opp),
    };
    v + match_points_value(s, me)
}

/// What Omweso's match points so far are worth to `me` in [`evaluate`] (50 seeds a
/// point) while a game of the match goes on; 0 in other games, and once a game is
/// over (it is then worth a win or a loss).
pub fn match_points_value(s: &GameState, me: Player) -> f64 {
    match s.match_score() {
        Some(m) if s.outcome().is_none() => {
            50.0 * (m.points[me] as f64 - m.points[me.opponent()] as f64)
        }
        _ => 0.0,
    }
}

/// Nsolo's strip inside the search: take from the opponent's fullest front pit, else
/// his fullest pit (one candidate, so that a strip of k seeds does not branch k times).
fn greedy_strip(s: &GameState) -> Option<Decision> {
    let opp = s.to_decide().opponent();
    let b = s.board();
    let front = b.front_row(opp);
    b.own_pits(opp)
        .filter(|&i| s.count_at(i) > 0)
        .max_by_key(|&i| (b.pit(i).row == front, s.count_at(i), std::cmp::Reverse(i)))
        .map(|i| Decision::Strip(b.pit(i)))
}

/// Searches within `budget` and returns the best decision found, or `None` when the
/// game is over. `lot` supplies the misjudgements and breaks ties.
pub fn search(s: &GameState, budget: Budget, lot: &mut Lot) -> Option<SearchResult> {
    Search::new(s, budget, lot).run()
}

/// The decision of a computer player of `level` (deterministic for a seed).
pub fn choose(s: &GameState, level: Level, seed: u64) -> Option<Decision> {
    search(s, level.budget(), &mut Lot(seed)).map(|r| r.decision)
}

/// The "greedy" player of the ladder: the decision that leaves the most material
/// after this turn (one decision deep, no noise).
pub fn greedy(s: &GameState, seed: u64) -> Option<Decision> {
    let budget = Budget {
        max_depth: 1,
        nodes: u64::MAX,
        time: Duration::from_secs(5),
        noise: 0.0,
    };
    search(s, budget, &mut Lot(seed)).map(|r| r.decision)
}
