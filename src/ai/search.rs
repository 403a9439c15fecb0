//! The search itself: negamax with alpha-beta and iterative deepening, written as a
//! machine that can stop after any number of positions and carry on later. The
//! desktop game runs it to the end on a background thread; the browser, which has no
//! threads, runs a few milliseconds of it each frame. Where it is paused changes
//! nothing: the same budget and seed give the same decision either way.

use super::{Budget, WIN, evaluate, greedy_strip};
use crate::rules::{
    Decision, GameState, Lot, Pending, Player, apply_bounded, legal_decisions,
    legal_decisions_into, random_decision,
};
use std::time::Duration;
use web_time::Instant;

/// A move longer than this many laps is given up during search (treated as a draw:
/// in Omweso such moves are almost always never-ending, which annuls the game).
const SEARCH_LAP_LIMIT: u64 = 20_000;

/// Frames with at least this much depth left play out all their children first and
/// search the most promising first (more cut-offs for the price of a few moves).
const ORDER_DEPTH: u32 = 3;

/// Random arrangements searched beside the standard one in Omweso's free set-up.
const ARRANGEMENTS: usize = 23;

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

/// One position on the search path.
struct Frame {
    state: Box<GameState>,
    depth: u32,
    alpha: f64,
    beta: f64,
    /// The decisions to try, in order.
    decisions: Vec<Decision>,
    /// Where the decisions were played out before ordering them, the position after
    /// each (`None`: given up as too long); empty otherwise.
    played: Vec<Option<Box<GameState>>>,
    next: usize,
    best: f64,
    /// Whether the parent's player is the other one (the value changes sign).
    negate: bool,
}

/// A search in progress. Create it with [`Search::new`], then call [`Search::step`]
/// until it returns the result.
pub struct Search {
    root: GameState,
    me: Player,
    budget: Budget,
    /// The root's decisions, best first after each iteration, with their misjudgement.
    roots: Vec<(Decision, f64)>,
    /// The iteration being searched, the root decision being searched in it, and the
    /// root scores so far.
    depth: u32,
    root_next: usize,
    scored: Vec<(f64, usize)>,
    root_alpha: f64,
    /// The path below the root decision being searched.
    stack: Vec<Frame>,
    /// Boxes of positions no longer needed, reused by [`play_out`] (a leaf's box
    /// comes back at once, so most positions are played out without an allocation).
    #[allow(clippy::vec_box)] // boxes handed out and back: a position moves as a pointer
    spare: Vec<Box<GameState>>,
    /// Lists of decisions no longer needed, reused for the next frame's.
    spare_lists: Vec<Vec<Decision>>,
    nodes: u64,
    /// Set when the node or time budget runs out: the iteration in progress is dropped.
    exhausted: bool,
    /// Time spent inside `step` (the pauses between steps do not count).
    spent: Duration,
    step_started: Option<Instant>,
    best: Option<SearchResult>,
    finished: bool,
}

impl Search {
    /// Prepares a search of `s` within `budget`; `lot` supplies the misjudgements and
    /// breaks ties.
    pub fn new(s: &GameState, budget: Budget, lot: &mut Lot) -> Search {
        let mut search = Search {
            root: s.clone(),
            me: s.to_decide(),
            budget,
            roots: Vec::new(),
            depth: 1,
            root_next: 0,
            scored: Vec::new(),
            root_alpha: f64::NEG_INFINITY,
            stack: Vec::new(),
            spare: Vec::new(),
            spare_lists: Vec::new(),
            nodes: 0,
            exhausted: false,
            spent: Duration::ZERO,
            step_started: None,
            best: None,
            finished: false,
        };
        if s.is_over() {
            search.finished = true;
            return search;
        }
        let mut roots: Vec<(Decision, f64)> = match s.pending() {
            Pending::Arrange => arrangements(s, lot),
            _ => legal_decisions(s).into_vec(),
        }
        .into_iter()
        .map(|d| (d, 0.0))
        .collect();
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
        search.finished = roots.is_empty() || budget.max_depth == 0;
        if let Some((d, _)) = roots.first() {
            search.best = Some(SearchResult {
                decision: d.clone(),
                score: f64::NEG_INFINITY,
                depth: 0,
                nodes: 0,
            });
        }
        search.roots = roots;
        search
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search is over (then [`Search::result`] is final).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The best decision found so far (the final one once finished); `None` when
    /// there is nothing to decide.
    pub fn result(&self) -> Option<SearchResult> {
        self.best.clone().map(|mut r| {
            r.nodes = self.nodes;
            r
        })
    }

    /// Searches at most `positions` more positions (or until the budget runs out),
    /// then returns the result if the search is finished, `None` if it should be
    /// stepped again.
    pub fn step(&mut self, positions: u64) -> Option<Option<SearchResult>> {
        let started = Instant::now();
        self.step_started = Some(started);
        let stop_at = self.nodes.saturating_add(positions.max(1));
        while !self.finished && self.nodes < stop_at {
            self.advance();
        }
        self.spent += started.elapsed();
        self.step_started = None;
        self.finished.then(|| self.result())
    }

    /// Runs the search to its end.
    pub fn run(mut self) -> Option<SearchResult> {
        loop {
            if let Some(r) = self.step(u64::MAX) {
                return r;
            }
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.exhausted
            && (self.nodes >= self.budget.nodes
                || (self.nodes.is_multiple_of(256)
                    && self.nodes > 0
                    && self.spent + self.step_started.map_or(Duration::ZERO, |t| t.elapsed())
                        >= self.budget.time))
        {
            self.exhausted = true;
        }
        self.exhausted
    }

    /// One unit of work: a frame finished, a child entered, or a root begun.
    fn advance(&mut self) {
        let Some(top) = self.stack.last_mut() else {
            self.next_root();
            return;
        };
        if top.next >= top.decisions.len() || top.alpha >= top.beta || self.exhausted {
            let frame = self.stack.pop().expect("a frame");
            let v = if frame.best == f64::NEG_INFINITY {
                evaluate(&frame.state, frame.state.to_decide())
            } else {
                frame.best
            };
            self.spare.push(frame.state);
            self.spare_lists.push(frame.decisions);
            self.deliver(if frame.negate { -v } else { v });
            return;
        }
        // Each child is visited once: its played-out position is taken, not cloned.
        let d = top.decisions[top.next].clone();
        let ready = top.played.get_mut(top.next).map(Option::take);
        top.next += 1;
        let mover = top.state.to_decide();
        let depth = if is_mid_turn(&d) {
            top.depth
        } else {
            top.depth - 1
        };
        let child = match ready {
            Some(c) => c,
            None => play_out(&mut self.spare, &top.state, d),
        };
        let (alpha, beta) = (top.alpha, top.beta);
        match child {
            Some(c) if c.outcome().is_some() => {
                self.deliver(evaluate(&c, mover));
                self.spare.push(c);
            }
            Some(c) => {
                let negate = c.to_decide() != mover;
                let (a, b) = if negate {
                    (-beta, -alpha)
                } else {
                    (alpha, beta)
                };
                self.enter(c, depth, a, b, negate);
            }
            None => self.deliver(0.0),
        }
    }

    /// Begins the next root decision of the iteration, or closes the iteration.
    fn next_root(&mut self) {
        if self.root_next >= self.roots.len() {
            self.close_iteration();
            return;
        }
        let (d, _) = self.roots[self.root_next].clone();
        let depth = if is_mid_turn(&d) {
            self.depth
        } else {
            self.depth - 1
        };
        match play_out(&mut self.spare, &self.root, d) {
            Some(c) if c.outcome().is_some() => {
                let v = evaluate(&c, self.me);
                self.deliver(v);
                self.spare.push(c);
            }
            Some(c) => {
                // With misjudgements the root scores are not comparable bounds: search
                // every root with a full window then.
                let floor = if self.budget.noise > 0.0 {
                    f64::NEG_INFINITY
                } else {
                    self.root_alpha - 1e-9
                };
                let negate = c.to_decide() != self.me;
                let (a, b) = if negate {
                    (f64::NEG_INFINITY, -floor)
                } else {
                    (floor, f64::INFINITY)
                };
                self.enter(c, depth, a, b, negate);
            }
            None => self.deliver(0.0),
        }
    }

    /// Visits a position: a leaf is valued at once, anything else becomes a frame.
    fn enter(&mut self, state: Box<GameState>, depth: u32, alpha: f64, beta: f64, negate: bool) {
        let out = self.out_of_budget();
        if !out {
            self.nodes += 1;
        }
        let leaf = out || state.outcome().is_some() || depth == 0;
        if leaf {
            let v = evaluate(&state, state.to_decide());
            self.spare.push(state);
            self.deliver(if negate { -v } else { v });
            return;
        }
        let mover = state.to_decide();
        let mut decisions: Vec<Decision> = match state.pending() {
            Pending::Strip { .. } => greedy_strip(&state).into_iter().collect(),
            Pending::Arrange => vec![state.standard_arrangement(mover)],
            _ => {
                let mut list = self.spare_lists.pop().unwrap_or_default();
                legal_decisions_into(&state, &mut list);
                list
            }
        };
        let mut played = Vec::new();
        if depth >= ORDER_DEPTH && decisions.len() > 1 {
            let mut scored: Vec<(f64, usize, Decision, Option<Box<GameState>>)> = decisions
                .into_iter()
                .enumerate()
                .map(|(i, d)| {
                    let c = play_out(&mut self.spare, &state, d.clone());
                    let guess = c.as_ref().map_or(0.0, |c| evaluate(c, mover));
                    (guess, i, d, c)
                })
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            (decisions, played) = scored.into_iter().map(|(_, _, d, c)| (d, c)).unzip();
        }
        self.stack.push(Frame {
            state,
            depth,
            alpha,
            beta,
            decisions,
            played,
            next: 0,
            best: f64::NEG_INFINITY,
            negate,
        });
    }

    /// Hands a value, from the view of the player deciding in the frame above (or of
    /// the root's player), to that frame or to the root.
    fn deliver(&mut self, v: f64) {
        if let Some(top) = self.stack.last_mut() {
            if v > top.best {
                top.best = v;
            }
            if top.best > top.alpha {
                top.alpha = top.best;
            }
            return;
        }
        // A root decision's value.
        let k = self.root_next;
        self.root_next += 1;
        if self.exhausted && self.depth > 1 {
            return; // the iteration is dropped; close_iteration stops the search
        }
        let v = v + self.roots[k].1;
        self.scored.push((v, k));
        if v > self.root_alpha {
            self.root_alpha = v;
        }
    }

    /// An iteration is over: keep its best, and go one deeper unless done.
    fn close_iteration(&mut self) {
        if self.exhausted && self.depth > 1 {
            self.finished = true;
            return;
        }
        let mut scored = std::mem::take(&mut self.scored);
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let (score, k) = scored[0];
        self.best = Some(SearchResult {
            decision: self.roots[k].0.clone(),
            score,
            depth: self.depth,
            nodes: self.nodes,
        });
        // The best of this iteration is searched first in the next.
        self.roots = scored.iter().map(|&(_, k)| self.roots[k].clone()).collect();
        self.finished =
            score.abs() >= WIN / 2.0 || self.exhausted || self.depth >= self.budget.max_depth;
        self.depth += 1;
        self.root_next = 0;
        self.root_alpha = f64::NEG_INFINITY;
    }
}

/// Omweso's free set-up: the standard arrangement and a seeded sample of random ones,
/// searched like any other decisions (an opponent still to arrange is assumed to take
/// the standard one), so that the set-up is good and not always the same.
fn arrangements(s: &GameState, lot: &mut Lot) -> Vec<Decision> {
    let mut candidates = vec![s.standard_arrangement(s.to_decide())];
    for _ in 0..ARRANGEMENTS {
        if let Some(d) = random_decision(s, lot)
            && !candidates.contains(&d)
        {
            candidates.push(d);
        }
    }
    candidates
}

fn is_mid_turn(d: &Decision) -> bool {
    matches!(d, Decision::Direction(_) | Decision::Strip(_))
}

/// The position after `d`, or `None` when the move is given up as too long. Boxed: a
/// position is 600 bytes, and the search moves it from the list of children to the
/// path and on (a box moves as a pointer); the box is a spare one when there is one.
#[allow(clippy::vec_box)] // see Search::spare
fn play_out(spare: &mut Vec<Box<GameState>>, s: &GameState, d: Decision) -> Option<Box<GameState>> {
    let mut child = match spare.pop() {
        Some(mut b) => {
            (*b).clone_from(s);
            b
        }
        None => Box::new(s.clone()),
    };
    match apply_bounded(&mut child, d, SEARCH_LAP_LIMIT) {
        Ok(true) => Some(child),
        _ => {
            spare.push(child);
            None
        }
    }
}
