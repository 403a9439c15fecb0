//! Puzzles, "find the move" (docs/puzzles.md): positions from games the computer plays
//! where one turn start wins clearly more than every other, with its answer (the whole
//! turn), what it wins, a theme and a difficulty. No Bevy types; deterministic for a
//! seed, since every search counts positions rather than time.
//!
//! A position is kept when, searched as the game review searches
//! ([`Valuation`]), the best turn start beats every other by at least the game's
//! mistake threshold (6% of its seeds) and wins at least two seeds or the game: first
//! with [`SCREEN_POSITIONS`] positions a decision, then again with [`CHECK_POSITIONS`],
//! which must find the same best by the same margin (so that the answer is unique).

use super::review::{Valuation, review_budget};
use super::{Level, search};
use crate::glicko::Rating;
use crate::rules::{
    CaptureTo, Decision, EndReason, Event, Game, GameRecord, GameResult, GameState, Lot, Options,
    Pending, Player, apply, legal_decisions, random_decision,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};

/// Positions searched for each decision when a position is first looked at.
pub const SCREEN_POSITIONS: u64 = 20_000;

/// Positions searched for each decision when a puzzle is checked again, deeper: the
/// generator keeps a puzzle only if this search agrees, and the tests check every
/// shipped puzzle with it.
pub const CHECK_POSITIONS: u64 = 80_000;

/// Seeds a puzzle's answer must win at least (unless it wins the game).
const LEAST_GAIN: u32 = 2;

/// Puzzles taken from one game at most (so that a set's positions differ).
const FROM_ONE_GAME: usize = 2;

/// What a puzzle's answer does, the most telling first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// Omweso: the opponent's 16 pits emptied (the match).
    GrandSlam,
    /// The game is won by this turn.
    Win,
    /// Omweso: a capture sown clockwise from a leftmost pit.
    ReverseCapture,
    /// Hawalis, Bao Kigogo: the facing front pit and the back pit behind it (the file).
    File,
    /// Anywoli: a pit made four, taken.
    Four,
    /// A capture after one or more relays.
    RelayCapture,
    /// Nsolo: a capture, and the strip it earns.
    Strip,
    /// A capture in the move's first lap.
    Capture,
}

/// How hard a puzzle is: what the computer's weaker levels find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// Beginner finds it, and the move is short.
    Easy,
    /// Player finds it (or Beginner does, and the move runs long).
    Medium,
    /// Neither finds it (or Player does, and the move runs long).
    Hard,
}

impl Difficulty {
    /// All, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    fn harder(self) -> Difficulty {
        match self {
            Difficulty::Easy => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }
}

/// Relays from which an answer's move counts as long (one step harder).
const LONG_MOVE_RELAYS: usize = 6;

/// One puzzle: the position, the player to move finding the answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The set and number, e.g. `hawalis-017`.
    pub id: String,
    /// The position (the position JSON, without a repetition history); a turn to start.
    pub position: serde_json::Value,
    /// The answer: the turn start, then the mover's decisions within the turn
    /// (Omweso's direction, Nsolo's strips), as the deeper search plays them.
    pub answer: Vec<Decision>,
    /// Seeds the answer wins: taken off the board (the relay games), into the mover's
    /// store (Anywoli), or from the opponent's side (Omweso).
    pub gain: u32,
    /// Whether the answer wins the game.
    pub wins: bool,
    /// How much better the answer is than the next best turn start, in seeds as the
    /// review counts them (a won game counts as all the game's seeds).
    pub margin: f64,
    pub theme: Theme,
    pub difficulty: Difficulty,
    /// Relays in the answer's move.
    pub relays: usize,
}

impl Puzzle {
    /// The position, checked as any loaded position is.
    pub fn state(&self) -> Result<GameState, String> {
        GameState::from_json(&self.position.to_string())
    }
}

/// A set of puzzles: one game (and Nsolo's width).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    pub game: Game,
    pub options: Options,
}

impl PuzzleSet {
    /// The sets that are shipped: every game, Nsolo at 4 x 8 and 4 x 12.
    pub fn shipped() -> Vec<PuzzleSet> {
        let mut sets: Vec<PuzzleSet> = Game::ALL.into_iter().map(PuzzleSet::of).collect();
        let wide = Options {
            width: 12,
            ..Options::default()
        };
        sets.insert(
            3,
            PuzzleSet {
                game: Game::Nsolo,
                options: wide,
            },
        );
        sets
    }

    /// The set of `game` with its default options.
    pub fn of(game: Game) -> PuzzleSet {
        PuzzleSet {
            game,
            options: Options::default(),
        }
    }

    /// The set's name: the game's id, with Nsolo's width where it is not 8
    /// (`nsolo-12`); also its file's name in `assets/puzzles/`.
    pub fn name(&self) -> String {
        let default_width = Options::default().width;
        if self.game == Game::Nsolo && self.options.width != default_width {
            format!("{}-{}", self.game.id(), self.options.width)
        } else {
            self.game.id().to_string()
        }
    }
}

/// What a search of every turn start found in a position: the best, and its margin
/// over the next best.
struct Verdict {
    best: Decision,
    margin: f64,
}

/// The best turn start of `s` and its margin over the next, each decision valued after
/// it with `nodes` positions (`None` with fewer than two decisions).
fn verdict(s: &GameState, valuation: &Valuation, nodes: u64) -> Option<Verdict> {
    let me = s.to_decide();
    let mut values: Vec<(f64, Decision)> = legal_decisions(s)
        .iter()
        .filter_map(|d| {
            let mut after = s.clone();
            apply(&mut after, d.clone()).ok()?;
            Some((valuation.value(&after, nodes, me), d.clone()))
        })
        .collect();
    if values.len() < 2 {
        return None;
    }
    // Best first; of equal values the first listed (so the same on every machine).
    values.sort_by(|a, b| b.0.total_cmp(&a.0));
    Some(Verdict {
        best: values[0].1.clone(),
        margin: values[0].0 - values[1].0,
    })
}

/// The seeds `me` has won between `before` and `after` (see [`Puzzle::gain`]).
fn seeds_won(before: &GameState, after: &GameState, me: Player) -> u32 {
    let won = |s: &GameState| -> i64 {
        match s.game() {
            Game::Omweso => -i64::from(s.side_total(me.opponent())),
            Game::Anywoli => i64::from(s.stores()[me as usize]),
            _ => i64::from(s.captured()[me as usize]),
        }
    };
    (won(after) - won(before)).max(0) as u32
}

/// The answer's turn from `s`: `first`, then the mover's best decisions (searched with
/// `nodes` positions) while the turn is his and not over; with the events of it all.
fn whole_turn(
    s: &GameState,
    first: Decision,
    nodes: u64,
) -> (Vec<Decision>, Vec<Event>, GameState) {
    let me = s.to_decide();
    let mut state = s.clone();
    let mut answer = vec![first.clone()];
    let mut events = apply(&mut state, first).unwrap_or_default();
    while state.outcome().is_none()
        && state.to_decide() == me
        && !matches!(state.pending(), Pending::Turn)
    {
        let Some(r) = search(&state, review_budget(nodes), &mut Lot(1)) else {
            break;
        };
        match apply(&mut state, r.decision.clone()) {
            Ok(e) => events.extend(e),
            Err(_) => break,
        }
        answer.push(r.decision);
    }
    (answer, events, state)
}

/// What the answer does, the most telling first ([`Theme`]).
fn theme(s: &GameState, answer: &[Decision], events: &[Event], after: &GameState) -> Theme {
    let me = s.to_decide();
    if let Some(o) = after.outcome()
        && o.result == GameResult::Win(me)
    {
        return if o.reason == EndReason::GrandSlam {
            Theme::GrandSlam
        } else {
            Theme::Win
        };
    }
    let captures: Vec<usize> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Capture { .. }))
        .map(|(i, _)| i)
        .collect();
    let relay_before_capture = captures
        .first()
        .is_some_and(|&c| events[..c].iter().any(|e| matches!(e, Event::Relay { .. })));
    match s.game() {
        Game::Omweso if matches!(answer.first(), Some(Decision::Reverse(_))) => {
            Theme::ReverseCapture
        }
        Game::Hawalis | Game::BaoKigogo
            if events
                .iter()
                .filter(
                    |e| matches!(e, Event::Capture { to: CaptureTo::OffBoard(p), .. } if *p == me),
                )
                .count()
                >= 2 =>
        {
            Theme::File
        }
        Game::Anywoli => Theme::Four,
        _ if relay_before_capture => Theme::RelayCapture,
        Game::Nsolo if answer.iter().any(|d| matches!(d, Decision::Strip(_))) => Theme::Strip,
        _ => Theme::Capture,
    }
}

/// The decision of the computer at `level` (with `seed`), bound by positions alone:
/// [`super::choose`] stops at a safety time as well, which a loaded machine may reach,
/// and the puzzles must be the same on any machine.
fn choose(s: &GameState, level: Level, seed: u64) -> Option<Decision> {
    let budget = super::Budget {
        time: std::time::Duration::from_secs(3600),
        ..level.budget()
    };
    search(s, budget, &mut Lot(seed)).map(|r| r.decision)
}

/// How hard the puzzle of `s` with this answer is: what Beginner and Player choose
/// there (with `seed`), one step harder for a long move.
fn difficulty(s: &GameState, answer: &Decision, relays: usize, seed: u64) -> Difficulty {
    let found_by = |level: Level| choose(s, level, seed).as_ref() == Some(answer);
    let by_levels = if found_by(Level::Beginner) {
        Difficulty::Easy
    } else if found_by(Level::Player) {
        Difficulty::Medium
    } else {
        Difficulty::Hard
    };
    if relays >= LONG_MOVE_RELAYS {
        by_levels.harder()
    } else {
        by_levels
    }
}

/// The puzzle of position `s` (a turn to start), if it has one: checked with
/// [`SCREEN_POSITIONS`], then again with [`CHECK_POSITIONS`] (see the module's
/// documentation). `seed`: for the weaker levels that grade its difficulty.
pub fn puzzle_at(s: &GameState, seed: u64) -> Option<Puzzle> {
    if !matches!(s.pending(), Pending::Turn) || s.outcome().is_some() {
        return None;
    }
    let me = s.to_decide();
    let valuation = Valuation::of(s.seeds().total());
    // Cheaply first: some turn start must win seeds or the game at once.
    let promising = legal_decisions(s).iter().any(|d| {
        let mut after = s.clone();
        apply(&mut after, d.clone()).is_ok()
            && (seeds_won(s, &after, me) >= LEAST_GAIN || after.outcome().is_some())
    });
    if !promising {
        return None;
    }
    let margin = valuation.thresholds.mistake;
    let screened = verdict(s, &valuation, SCREEN_POSITIONS).filter(|v| v.margin >= margin)?;
    let checked = verdict(s, &valuation, CHECK_POSITIONS)
        .filter(|v| v.margin >= margin && v.best == screened.best)?;
    let (answer, events, after) = whole_turn(s, checked.best.clone(), CHECK_POSITIONS);
    let wins = after
        .outcome()
        .is_some_and(|o| o.result == GameResult::Win(me));
    let gain = seeds_won(s, &after, me);
    if gain < LEAST_GAIN && !wins {
        return None;
    }
    let relays = events
        .iter()
        .filter(|e| matches!(e, Event::Relay { .. }))
        .count();
    Some(Puzzle {
        id: String::new(),
        position: s.to_value(false),
        theme: theme(s, &answer, &events, &after),
        difficulty: difficulty(s, &answer[0], relays, seed),
        answer,
        gain,
        wins,
        margin: (checked.margin * 100.0).round() / 100.0,
        relays,
    })
}

/// Whether `puzzle` holds: its position loads, its answer is legal, and a search with
/// `nodes` positions a decision finds its first decision the best turn start by at
/// least the game's mistake threshold. `Err` says what does not hold.
pub fn check(puzzle: &Puzzle, nodes: u64) -> Result<(), String> {
    let s = puzzle.state()?;
    let mut played = s.clone();
    for d in &puzzle.answer {
        apply(&mut played, d.clone()).map_err(|e| format!("{}: {e}", puzzle.id))?;
    }
    let valuation = Valuation::of(s.seeds().total());
    let v = verdict(&s, &valuation, nodes).ok_or(format!("{}: one decision", puzzle.id))?;
    if v.best != puzzle.answer[0] {
        return Err(format!(
            "{}: the best is {} (the answer {})",
            puzzle.id, v.best, puzzle.answer[0]
        ));
    }
    if v.margin < valuation.thresholds.mistake {
        return Err(format!(
            "{}: a margin of {:.2} seeds, under {:.2}",
            puzzle.id, v.margin, valuation.thresholds.mistake
        ));
    }
    Ok(())
}

/// The puzzles of a set found so far, and what keeps the set varied: no position
/// twice, at most [`FROM_ONE_GAME`] from one game, no more than half of one
/// difficulty (while the others can still come).
struct Collector<F> {
    /// The draws of the whole run (the games' and the puzzles' seeds).
    lot: Lot,
    name: String,
    count: usize,
    seen: HashSet<u64>,
    out: Vec<Puzzle>,
    from_this_game: usize,
    progress: F,
}

impl<F: FnMut(&Puzzle)> Collector<F> {
    /// A run making `count` puzzles of `set`, deterministic for `seed`.
    fn new(set: PuzzleSet, count: usize, seed: u64, progress: F) -> Collector<F> {
        Collector {
            lot: Lot(seed ^ 0x9E37_79B9_7F4A_7C15),
            name: set.name(),
            count,
            seen: HashSet::new(),
            out: Vec::new(),
            from_this_game: 0,
            progress,
        }
    }

    fn full(&self) -> bool {
        self.out.len() >= self.count
    }

    /// Looks at position `s` of the game being read for a puzzle (drawing its seed
    /// only when it looks).
    fn offer(&mut self, s: &GameState) {
        if self.from_this_game >= FROM_ONE_GAME
            || !matches!(s.pending(), Pending::Turn)
            || !self.seen.insert(s.position_key())
        {
            return;
        }
        let puzzle_seed = self.lot.next_u64();
        let Some(mut p) = puzzle_at(s, puzzle_seed) else {
            return;
        };
        let of_this = self
            .out
            .iter()
            .filter(|q| q.difficulty == p.difficulty)
            .count();
        if of_this < self.count.div_ceil(2) {
            p.id = format!("{}-{:03}", self.name, self.out.len() + 1);
            (self.progress)(&p);
            self.out.push(p);
            self.from_this_game += 1;
        }
    }
}

/// Makes `count` puzzles of `set` from games the computer plays against itself at the
/// lower three levels (each game's first few turns at random, so that games differ),
/// deterministic for `seed`: see [`Collector`] for what keeps a set varied.
/// `progress` is told of each puzzle as it is found.
pub fn generate(
    set: PuzzleSet,
    count: usize,
    seed: u64,
    progress: impl FnMut(&Puzzle),
) -> Result<Vec<Puzzle>, String> {
    let mut found = Collector::new(set, count, seed, progress);
    let levels = [Level::Beginner, Level::Player, Level::Expert];
    let mut games = 0;
    while !found.full() {
        games += 1;
        if games > 200 * count.max(1) {
            return Err(format!(
                "only {} puzzles in {} games",
                found.out.len(),
                games - 1
            ));
        }
        let mut options = set.options;
        options.seed = found.lot.next_u64();
        let mut s = GameState::new(set.game, options).map_err(|e| e.to_string())?;
        let seats = [levels[found.lot.below(3)], levels[found.lot.below(3)]];
        let opening = 2 + found.lot.below(5);
        let mut turns = 0;
        found.from_this_game = 0;
        while s.outcome().is_none() && turns < 400 && !found.full() {
            let decision = if turns < opening {
                random_decision(&s, &mut found.lot)
            } else {
                found.offer(&s);
                choose(&s, seats[s.to_decide() as usize], found.lot.next_u64())
            };
            let Some(d) = decision else { break };
            if apply(&mut s, d).is_err() {
                break;
            }
            if matches!(s.pending(), Pending::Turn) {
                turns += 1;
            }
        }
    }
    Ok(found.out)
}

/// Makes at most `count` puzzles of `set` from the positions of game records (people's
/// games, say), read in order, kept as [`generate`] keeps them; deterministic for
/// `seed`. A record of another game, or one that does not replay, is an error that
/// names it (from 1).
pub fn puzzles_of_records(
    set: PuzzleSet,
    records: impl IntoIterator<Item = GameRecord>,
    count: usize,
    seed: u64,
    progress: impl FnMut(&Puzzle),
) -> Result<Vec<Puzzle>, String> {
    let mut found = Collector::new(set, count, seed, progress);
    for (i, record) in records.into_iter().enumerate() {
        if record.game != set.game || record.options.width != set.options.width {
            return Err(format!("record {}: not a game of {}", i + 1, set.name()));
        }
        let mut s = record
            .start_state()
            .map_err(|e| format!("record {}: {e}", i + 1))?;
        found.from_this_game = 0;
        for d in &record.decisions {
            if found.full() {
                return Ok(found.out);
            }
            found.offer(&s);
            apply(&mut s, d.clone()).map_err(|e| format!("record {}: {e}", i + 1))?;
        }
    }
    Ok(found.out)
}

/// The puzzle of a player's own game: the position before decision `number` (from 1)
/// of `record`, if it holds one by the generator's rules ([`puzzle_at`]); its id is
/// `mine-<number>`. The review offers it for a marked mistake ("Make a puzzle of
/// this"); `Err` says why there is none.
pub fn puzzle_from_game(record: &GameRecord, number: usize, seed: u64) -> Result<Puzzle, String> {
    let mut s = record.start_state().map_err(|e| e.to_string())?;
    if number == 0 || number > record.decisions.len() {
        return Err(format!(
            "the game has decisions 1 to {}, not {number}",
            record.decisions.len()
        ));
    }
    for d in &record.decisions[..number - 1] {
        apply(&mut s, d.clone()).map_err(|e| e.to_string())?;
    }
    if !matches!(s.pending(), Pending::Turn) {
        return Err(format!("decision {number} does not start a turn"));
    }
    let mut p = puzzle_at(&s, seed).ok_or(format!(
        "no turn stands out clearly before decision {number}"
    ))?;
    p.id = format!("mine-{number}");
    Ok(p)
}

/// The rating a puzzle is played against, by its difficulty: 1200, 1500 or 1800, with
/// a deviation of 100. (Lichess rates each puzzle by how players fare with it; a
/// program without a server rates them once, by what the computer's levels find.)
pub fn puzzle_rating(d: Difficulty) -> Rating {
    let rating = match d {
        Difficulty::Easy => 1200.0,
        Difficulty::Medium => 1500.0,
        Difficulty::Hard => 1800.0,
    };
    Rating {
        rating,
        deviation: 100.0,
        ..Rating::default()
    }
}

/// A player's puzzles, kept with his settings: his Glicko-2 rating (as online games
/// are rated: [`crate::glicko`], a puzzle being the opponent), the puzzles he
/// has solved, and his streak.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Puzzles tried, and solved at the first try.
    pub tried: u32,
    pub solved_count: u32,
    /// Puzzles solved in a row now, and the most ever.
    pub streak: u32,
    pub best_streak: u32,
    /// The ids of the puzzles solved (not offered again while others are left).
    pub solved: BTreeSet<String>,
}

impl Default for PuzzleProgress {
    /// A new player: Glickman's 1500, deviation 350.
    fn default() -> PuzzleProgress {
        let r = Rating::default();
        PuzzleProgress {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            tried: 0,
            solved_count: 0,
            streak: 0,
            best_streak: 0,
            solved: BTreeSet::new(),
        }
    }
}

impl PuzzleProgress {
    fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
            games: self.tried,
        }
    }

    /// The rating as shown.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Counts a try of `puzzle`: `solved` at the first try or not. The rating moves
    /// as after a game against the puzzle's ([`puzzle_rating`]), the streak goes on or
    /// ends.
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool) {
        let score = if solved { 1.0 } else { 0.0 };
        let after = self
            .glicko()
            .after_period(&[(puzzle_rating(puzzle.difficulty), score)]);
        (self.rating, self.deviation, self.volatility) =
            (after.rating, after.deviation, after.volatility);
        self.tried += 1;
        if solved {
            self.solved_count += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            self.solved.insert(puzzle.id.clone());
        } else {
            self.streak = 0;
        }
    }

    /// The next puzzle for this player: of those not solved yet (all, once every one
    /// is), one of those whose rating is nearest his (every one as near as the
    /// nearest, so that a mixed set's games all come), drawn with `lot`.
    pub fn next<'a>(&self, puzzles: &'a [Puzzle], lot: &mut Lot) -> Option<&'a Puzzle> {
        let left: Vec<&Puzzle> = puzzles
            .iter()
            .filter(|p| !self.solved.contains(&p.id))
            .collect();
        let pool = if left.is_empty() {
            puzzles.iter().collect()
        } else {
            left
        };
        let distance = |p: &Puzzle| (puzzle_rating(p.difficulty).rating - self.rating).abs();
        let nearest = pool.iter().map(|p| distance(p)).min_by(f64::total_cmp)?;
        let near: Vec<&Puzzle> = pool
            .into_iter()
            .filter(|p| distance(p) <= nearest + 1e-9)
            .collect();
        Some(near[lot.below(near.len())])
    }
}

/// A set's file (`assets/puzzles/NAME.jsonl`: a puzzle a line) read: the puzzles that
/// load, and a line for each that does not (its number and why), so that one bad line
/// costs one puzzle and says where it is.
pub fn read_puzzles(text: &str) -> (Vec<Puzzle>, Vec<String>) {
    let (mut puzzles, mut faults) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let loaded = serde_json::from_str::<Puzzle>(line)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                let s = p.state()?;
                if p.answer.is_empty() || !crate::rules::is_legal(&s, &p.answer[0]) {
                    return Err("its answer is not a legal move there".to_string());
                }
                Ok(p)
            });
        match loaded {
            Ok(p) => puzzles.push(p),
            Err(e) => faults.push(format!("line {}: {e}", i + 1)),
        }
    }
    (puzzles, faults)
}

/// What a player keeps of puzzles between runs, beside the settings
/// (`puzzles.json` in the data folder, read and written by
/// [`crate::storage::load_kept_puzzles`] and [`crate::storage::save_kept_puzzles`]):
/// the rating and streak, and the puzzles made from his own games ("My puzzles").
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeptPuzzles {
    pub progress: PuzzleProgress,
    pub mine: Vec<Puzzle>,
}

/// Puzzles of his own a player keeps at most (the oldest go first).
pub const MINE_KEPT: usize = 200;

impl KeptPuzzles {
    /// Adds a puzzle of the player's own (numbered `mine-N` after the last), unless the
    /// same position is there already; the oldest go past [`MINE_KEPT`]. Its id.
    pub fn add_mine(&mut self, mut puzzle: Puzzle) -> String {
        if let Some(same) = self.mine.iter().find(|p| p.position == puzzle.position) {
            return same.id.clone();
        }
        let last = self
            .mine
            .iter()
            .filter_map(|p| p.id.strip_prefix("mine-")?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        puzzle.id = format!("mine-{}", last + 1);
        self.mine.push(puzzle);
        if self.mine.len() > MINE_KEPT {
            self.mine.remove(0);
        }
        self.mine.last().map(|p| p.id.clone()).unwrap_or_default()
    }
}

impl PuzzleProgress {
    /// A rating read from a file made usable: numbers that are not finite, or out of
    /// Glicko-2's range, go back to a new player's.
    pub fn mend(&mut self) {
        let fresh = PuzzleProgress::default();
        if !self.rating.is_finite() || !(0.0..=4000.0).contains(&self.rating) {
            self.rating = fresh.rating;
        }
        if !self.deviation.is_finite() || !(1.0..=fresh.deviation).contains(&self.deviation) {
            self.deviation = fresh.deviation;
        }
        if !self.volatility.is_finite() || !(0.0..=1.0).contains(&self.volatility) {
            self.volatility = fresh.volatility;
        }
    }
}
