//! The strength ladder: games between two players, with the first player alternated
//! and varied openings (balanced in Anywoli), and a 95% Wilson interval on the score.

use super::{Budget, Level, choose, greedy, search};
use crate::rules::{Game, GameResult, GameState, Lot, Options, Player, apply, random_decision};
use std::time::Duration;

/// A player in the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    Level(Level),
    /// Picks the decision that leaves the most material after this turn.
    Greedy,
    /// A uniformly random legal decision.
    Random,
}

impl Contestant {
    /// The name in tables.
    pub fn name(self) -> String {
        match self {
            Contestant::Level(l) => l.name().to_string(),
            Contestant::Greedy => "Greedy".into(),
            Contestant::Random => "Random".into(),
        }
    }

    /// Parses `beginner`..`master`, `greedy`, `random`.
    pub fn from_name(s: &str) -> Option<Contestant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "greedy" => Some(Contestant::Greedy),
            "random" => Some(Contestant::Random),
            other => Level::from_name(other).map(Contestant::Level),
        }
    }

    fn decide(self, s: &GameState, seed: u64) -> Option<crate::rules::Decision> {
        match self {
            Contestant::Level(l) => choose(s, l, seed),
            Contestant::Greedy => greedy(s, seed),
            Contestant::Random => random_decision(s, &mut Lot(seed)),
        }
    }
}

/// Wins, draws and losses of the first-named player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score share: wins plus half the draws, over games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// 95% Wilson score interval of the score share.
    pub fn wilson(&self) -> (f64, f64) {
        wilson(
            self.wins as f64 + self.draws as f64 / 2.0,
            self.games() as f64,
        )
    }
}

/// 95% Wilson score interval for `successes` out of `n`.
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Decisions after which an unfinished game counts as a draw.
const MAX_DECISIONS: usize = 4_000;

/// How far from level a ladder opening may leave the game, in seeds, as a search three
/// decisions deep sees it; `None`: any random opening will do.
///
/// A random Anywoli opening usually hands the side to move a chain of extra turns
/// worth a dozen seeds or more (115 of 200 openings measured, against at most 7 of 200
/// in Nsolo, Hawalis and Bao Kigogo), which decides the game before either player has
/// chosen anything. There the ladder draws openings until one is within a capture
/// of level, as engine testers use a book of balanced openings.
pub fn opening_balance(game: Game) -> Option<f64> {
    match game {
        Game::Anywoli => Some(4.0),
        _ => None,
    }
}

/// Openings drawn at most in search of a balanced one (then the most level is taken).
const OPENING_DRAWS: usize = 500;

/// The position after `moves` random decisions from `start` (fewer if the game ends),
/// balanced as [`opening_balance`] asks, and how many decisions it took.
pub fn random_opening(start: &GameState, moves: usize, lot: &mut Lot) -> (GameState, usize) {
    let draw = |lot: &mut Lot| {
        let mut s = start.clone();
        let mut made = 0;
        while made < moves && !game_ended(&s) {
            let Some(d) = random_decision(&s, lot) else {
                break;
            };
            if apply(&mut s, d).is_err() {
                break;
            }
            made += 1;
        }
        (s, made)
    };
    let Some(limit) = opening_balance(start.game()) else {
        return draw(lot);
    };
    let mut most_level: Option<(f64, (GameState, usize))> = None;
    for _ in 0..OPENING_DRAWS {
        let opening = draw(lot);
        let tilt = opening_lean(&opening.0);
        if tilt <= limit {
            return opening;
        }
        if most_level.as_ref().is_none_or(|(l, _)| tilt < *l) {
            most_level = Some((tilt, opening));
        }
    }
    most_level.map_or_else(|| (start.clone(), 0), |(_, o)| o)
}

/// How far the side to move stands ahead or behind, in seeds, by a search three
/// decisions deep (deterministic: no time limit in practice, no misjudgement): what
/// [`opening_balance`] limits.
pub fn opening_lean(s: &GameState) -> f64 {
    let budget = Budget {
        max_depth: 3,
        nodes: 1_000_000,
        time: Duration::from_secs(3_600),
        noise: 0.0,
    };
    search(s, budget, &mut Lot(0)).map_or(0.0, |r| r.score.abs())
}

/// Whether a ladder game is over (Omweso: a single game, not the match).
fn game_ended(s: &GameState) -> bool {
    s.outcome().is_some() && s.game() == Game::Omweso || s.is_over()
}

/// Plays one game (Omweso: a single game) and returns the result.
pub fn play_game(
    game: Game,
    options: Options,
    south: Contestant,
    north: Contestant,
    seed: u64,
    random_opening_moves: usize,
) -> GameResult {
    let mut options = options;
    if game == Game::Omweso {
        options.match_target = 1;
    }
    let Ok(start) = GameState::new(game, options) else {
        return GameResult::Draw;
    };
    let mut lot = Lot(seed);
    let (mut s, made) = random_opening(&start, random_opening_moves, &mut lot);
    for _ in made..MAX_DECISIONS {
        if game_ended(&s) {
            break;
        }
        let who = match s.to_decide() {
            Player::South => south,
            Player::North => north,
        };
        let Some(d) = who.decide(&s, lot.next_u64()) else {
            break;
        };
        if apply(&mut s, d).is_err() {
            break;
        }
    }
    s.outcome().map_or(GameResult::Draw, |o| o.result)
}

/// Plays `games` games of `a` against `b`, alternating who is South (South moves
/// first) and varying the openings; tallies from `a`'s side. The games are shared out
/// over the machine's cores; each game depends only on its number, so the tally is
/// the same however many cores there are.
pub fn pair(game: Game, a: Contestant, b: Contestant, games: u32, seed: u64) -> Tally {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(games.max(1) as usize);
    let next = std::sync::atomic::AtomicU32::new(0);
    let results: Vec<(u32, GameResult, bool)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if g >= games {
                            return mine;
                        }
                        mine.push(pair_game(game, a, b, g, seed));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a ladder game panicked"))
            .collect()
    });
    let mut t = Tally::default();
    for (_, result, a_south) in results {
        let a_side = if a_south {
            Player::South
        } else {
            Player::North
        };
        match result {
            GameResult::Win(w) if w == a_side => t.wins += 1,
            GameResult::Win(_) => t.losses += 1,
            _ => t.draws += 1,
        }
    }
    t
}

/// Game number `g` of a pair: its result, and whether `a` was South.
fn pair_game(
    game: Game,
    a: Contestant,
    b: Contestant,
    g: u32,
    seed: u64,
) -> (u32, GameResult, bool) {
    let a_south = g.is_multiple_of(2);
    let (south, north) = if a_south { (a, b) } else { (b, a) };
    let opening = 2 + (g as usize / 2) % 3;
    let result = play_game(
        game,
        Options::default(),
        south,
        north,
        seed ^ ((g as u64 / 2) * 0x9E37),
        opening,
    );
    (g, result, a_south)
}

/// Runs the ladder for one game and prints a table.
pub fn print_ladder(game: Game, games: u32, pairs: &[(Contestant, Contestant)]) {
    println!("{} ({} games a pair):", game.name(), games);
    println!(
        "{:<10} {:<10} {:>5} {:>5} {:>5} {:>7}  {:>15} {:>8}",
        "player", "vs", "win", "draw", "loss", "score", "95% Wilson", "time"
    );
    for &(a, b) in pairs {
        let started = web_time::Instant::now();
        let t = pair(game, a, b, games, 0xC0FFEE);
        let (lo, hi) = t.wilson();
        println!(
            "{:<10} {:<10} {:>5} {:>5} {:>5} {:>6.1}%  [{:>5.1}%, {:>5.1}%] {:>7.0}s",
            a.name(),
            b.name(),
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0,
            lo * 100.0,
            hi * 100.0,
            started.elapsed().as_secs_f64()
        );
    }
}

/// The pairs of the ladder: each level against the one below, the top level against
/// greedy and random.
pub fn ladder_pairs() -> Vec<(Contestant, Contestant)> {
    use Contestant::*;
    vec![
        (Level(super::Level::Beginner), Random),
        (Level(super::Level::Player), Level(super::Level::Beginner)),
        (Level(super::Level::Expert), Level(super::Level::Player)),
        (Level(super::Level::Master), Level(super::Level::Expert)),
        (Level(super::Level::Master), Greedy),
        (Level(super::Level::Master), Random),
    ]
}
