//! Computer opponents: alpha-beta search with iterative deepening over the rules'
//! decisions (mid-turn decisions included), a per-game evaluation, and levels from
//! Beginner to Master. No Bevy types; deterministic for a given seed.

pub mod ladder;

use crate::rules::{
    Decision, Game, GameResult, GameState, Lot, Pending, Player, apply_bounded, legal_decisions,
    random_decision,
};
use std::time::Duration;
use web_time::Instant;

/// A move longer than this many laps is given up during search (treated as a draw:
/// in Omweso such moves are almost always never-ending, which annuls the game).
const SEARCH_LAP_LIMIT: u64 = 20_000;
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
    /// Searches a quarter of a second.
    Expert,
    /// Searches a second.
    Master,
}

/// The longest a search may run in one go. In the browser there are no threads: the
/// search runs between two frames, so it is kept short enough not to freeze the
/// picture (weaker play for Expert and Master there; see the README).
#[cfg(target_arch = "wasm32")]
pub const MAX_SEARCH_TIME: Duration = Duration::from_millis(40);
/// The longest a search may run in one go (on native builds the search runs on a
/// background thread, so only the level's budget counts).
#[cfg(not(target_arch = "wasm32"))]
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(3600);

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
        match self {
            Level::Beginner => Budget {
                max_depth: 1,
                time: Duration::from_millis(50),
                noise: 2.5,
            },
            Level::Player => Budget {
                max_depth: 2,
                time: Duration::from_millis(100),
                noise: 0.8,
            },
            Level::Expert => Budget {
                max_depth: 64,
                time: Duration::from_millis(250),
                noise: 0.0,
            },
            Level::Master => Budget {
                max_depth: 64,
                time: Duration::from_millis(1000),
                noise: 0.0,
            },
        }
    }
}

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Decisions to look ahead (mid-turn decisions do not count).
    pub max_depth: u32,
    /// Time for the whole search.
    pub time: Duration,
    /// Standard deviation of the random misjudgement added to each root score, in
    /// seeds (makes the lower levels human rather than perfect).
    pub noise: f64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub decision: Decision,
    /// Score for the player to decide, in seeds (wins are near ±100000).
    pub score: f64,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
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
    let t = s.seeds();
    let side = |p: Player| s.side_total(p) as f64;
    let mut v = match s.game() {
        // Seeds on one's own side are one's material.
        Game::Omweso => side(me) - side(opp),
        Game::Anywoli => {
            (t.stores[me as usize] as f64 - t.stores[opp as usize] as f64)
                + 0.2 * (side(me) - side(opp))
        }
        Game::Nsolo | Game::Hawalis | Game::BaoKigogo => side(me) - side(opp),
    };
    // Omweso: match points count.
    if let Some(m) = s.match_score() {
        v += 50.0 * (m.points[me] as f64 - m.points[opp] as f64);
    }
    v
}

/// Nsolo's strip inside the search: take from the opponent's fullest front pit, else
/// his fullest pit (one candidate, so that a strip of k seeds does not branch k times).
fn greedy_strip(s: &GameState) -> Option<Decision> {
    let opp = s.to_decide().opponent();
    let b = s.board();
    let front = b.front_row(opp);
    b.own_pits(opp)
        .filter(|&i| s.seeds().pits[i] > 0)
        .max_by_key(|&i| {
            (
                b.pit(i).row == front,
                s.seeds().pits[i],
                std::cmp::Reverse(i),
            )
        })
        .map(|i| Decision::Strip(b.pit(i)))
}

struct Search {
    deadline: Instant,
    nodes: u64,
    out_of_time: bool,
}

impl Search {
    fn time_up(&mut self) -> bool {
        if self.nodes.is_multiple_of(256) && Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// Negamax with alpha-beta: the value of `s` for the player to decide in it.
    fn value(&mut self, s: &GameState, depth: u32, mut alpha: f64, beta: f64) -> f64 {
        self.nodes += 1;
        let me = s.to_decide();
        if s.outcome().is_some() || depth == 0 || self.time_up() {
            return evaluate(s, me);
        }
        let choices: Vec<Decision> = match s.pending() {
            Pending::Strip { .. } => greedy_strip(s).into_iter().collect(),
            Pending::Arrange => vec![s.standard_arrangement(me)],
            _ => legal_decisions(s),
        };
        let mut best = f64::NEG_INFINITY;
        for d in choices {
            let mid_turn = matches!(d, Decision::Direction(_) | Decision::Strip(_));
            let mut child = s.clone();
            let v = match apply_bounded(&mut child, d, SEARCH_LAP_LIMIT) {
                Ok(true) => {
                    let next_depth = if mid_turn { depth } else { depth - 1 };
                    if child.outcome().is_some() {
                        evaluate(&child, me)
                    } else if child.to_decide() == me {
                        self.value(&child, next_depth, alpha, beta)
                    } else {
                        -self.value(&child, next_depth, -beta, -alpha)
                    }
                }
                _ => 0.0, // given up (a move that does not end in reasonable time)
            };
            if v > best {
                best = v;
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta || self.out_of_time {
                break;
            }
        }
        if best == f64::NEG_INFINITY {
            evaluate(s, me)
        } else {
            best
        }
    }
}

/// Searches within `budget` and returns the best decision found, or `None` when the
/// game is over. `lot` supplies the misjudgements and breaks ties.
pub fn search(s: &GameState, budget: Budget, lot: &mut Lot) -> Option<SearchResult> {
    if let Pending::Arrange = s.pending() {
        // Varied set-ups: a random arrangement, not always the same.
        let d = random_decision(s, lot)?;
        return Some(SearchResult {
            decision: d,
            score: 0.0,
            depth: 0,
            nodes: 1,
        });
    }
    let me = s.to_decide();
    let mut roots: Vec<(Decision, f64)> =
        legal_decisions(s).into_iter().map(|d| (d, 0.0)).collect();
    if roots.is_empty() {
        return None;
    }
    // Shuffle so that equal moves are chosen in varied ways (seeded), and give each
    // root its misjudgement: a sum of uniforms, a rough normal of the level's spread.
    for i in (1..roots.len()).rev() {
        roots.swap(i, lot.below(i + 1));
    }
    if budget.noise > 0.0 {
        for r in &mut roots {
            let u: f64 = (0..4)
                .map(|_| (lot.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
                .sum();
            r.1 = (u - 2.0) * budget.noise * 1.7;
        }
    }
    let mut search = Search {
        deadline: Instant::now() + budget.time.min(MAX_SEARCH_TIME),
        nodes: 0,
        out_of_time: false,
    };
    let mut best = SearchResult {
        decision: roots[0].0.clone(),
        score: f64::NEG_INFINITY,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=budget.max_depth {
        let mut scored: Vec<(f64, usize)> = Vec::with_capacity(roots.len());
        let mut alpha = f64::NEG_INFINITY;
        for (k, (d, noise)) in roots.iter().enumerate() {
            let mid_turn = matches!(d, Decision::Direction(_) | Decision::Strip(_));
            let mut child = s.clone();
            let v = match apply_bounded(&mut child, d.clone(), SEARCH_LAP_LIMIT) {
                Ok(true) => {
                    let next = if mid_turn { depth } else { depth - 1 };
                    // With misjudgements the root scores are not comparable bounds: search
                    // every root with a full window then.
                    let floor = if budget.noise > 0.0 {
                        f64::NEG_INFINITY
                    } else {
                        alpha - 1e-9
                    };
                    if child.outcome().is_some() {
                        evaluate(&child, me)
                    } else if child.to_decide() == me {
                        search.value(&child, next, floor, f64::INFINITY)
                    } else {
                        -search.value(&child, next, f64::NEG_INFINITY, -floor)
                    }
                }
                _ => 0.0,
            };
            if search.out_of_time && depth > 1 {
                break;
            }
            let v = v + noise;
            scored.push((v, k));
            if v > alpha {
                alpha = v;
            }
        }
        if search.out_of_time && depth > 1 {
            break;
        }
        // The best of this completed iteration; search it first next time.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (score, k) = scored[0];
        best = SearchResult {
            decision: roots[k].0.clone(),
            score,
            depth,
            nodes: search.nodes,
        };
        roots = scored.iter().map(|&(_, k)| roots[k].clone()).collect();
        if score.abs() >= WIN / 2.0 || search.out_of_time {
            break; // a forced result is known, or time is up
        }
    }
    best.nodes = search.nodes;
    Some(best)
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
        time: Duration::from_secs(5),
        noise: 0.0,
    };
    search(s, budget, &mut Lot(seed)).map(|r| r.decision)
}
