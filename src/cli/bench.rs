//! `mancala-hall bench`: random playouts per second and sown seeds per second on one
//! thread for each game, the top computer level's positions per second and time per
//! decision, the speed of never-ending-move detection, and the memory an engine
//! session holds in a long game. Prints figures; nothing here is a test.

use crate::rules::{
    Decision, Event, Game, GameState, Lot, Options, Player, apply, apply_quiet, legal_decisions,
    random_decision,
};
use std::time::{Duration, Instant};

/// One game's figures.
pub struct Figures {
    pub label: String,
    pub playouts_per_s: f64,
    pub seeds_per_s: f64,
    pub decisions_per_playout: f64,
}

fn options_for(game: Game, width: u8) -> Options {
    let mut o = Options::default();
    if game == Game::Nsolo {
        o.width = width;
    }
    if game == Game::Omweso {
        o.match_target = 1; // a playout is one game
    }
    o
}

/// Plays one random game quietly; returns the number of decisions.
fn playout(start: &GameState, seed: u64) -> u64 {
    let mut s = start.clone();
    let mut lot = Lot(seed);
    let mut n = 0;
    while let Some(d) = random_decision(&s, &mut lot) {
        apply_quiet(&mut s, d).expect("random decisions are legal");
        n += 1;
    }
    n
}

/// Seeds sown in the same playout, counted from its events (not timed).
fn seeds_sown(start: &GameState, seed: u64) -> u64 {
    let mut s = start.clone();
    let mut lot = Lot(seed);
    let mut drops = 0;
    while let Some(d) = random_decision(&s, &mut lot) {
        let events = apply(&mut s, d).expect("random decisions are legal");
        drops += events
            .iter()
            .filter(|e| matches!(e, Event::Drop { .. }))
            .count() as u64;
    }
    drops
}

/// Measures one game for about `budget`.
pub fn measure(game: Game, width: u8, budget: Duration) -> Figures {
    let start = GameState::new(game, options_for(game, width)).expect("default options");
    let t0 = Instant::now();
    let mut games = 0u64;
    let mut decisions = 0u64;
    while t0.elapsed() < budget {
        decisions += playout(&start, games);
        games += 1;
    }
    let secs = t0.elapsed().as_secs_f64();
    let drops: u64 = (0..games).map(|g| seeds_sown(&start, g)).sum();
    let label = if game == Game::Nsolo {
        format!("Nsolo 4x{width}")
    } else {
        game.name().to_string()
    };
    Figures {
        label,
        playouts_per_s: games as f64 / secs,
        seeds_per_s: drops as f64 / secs,
        decisions_per_playout: decisions as f64 / games as f64,
    }
}

/// The conventions' Omweso move that never ends: laps examined per second.
pub fn never_ending_figure() -> (u64, f64) {
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    let mut s = GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South)
        .expect("the conventions' example is a valid position");
    let t0 = Instant::now();
    let events = apply(&mut s, "3,0".parse().expect("notation")).expect("legal");
    let secs = t0.elapsed().as_secs_f64();
    let laps = events
        .iter()
        .find_map(|e| match e {
            Event::NeverEnding { laps, .. } => Some(*laps),
            _ => None,
        })
        .unwrap_or(0);
    (laps, secs)
}

/// An Anywoli endgame with 12 seeds on the board (42 in each store), South to move,
/// in which play can go on for over 10,000 decisions without a capture and without a
/// third repetition: the repetition history is never cut short by a capture.
pub fn quiet_anywoli_endgame() -> GameState {
    let rows = vec![
        vec![0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 2, 0],
        vec![1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1],
    ];
    GameState::from_rows(Game::Anywoli, Options::default(), &rows, Player::South)
        .expect("a valid Anywoli position")
}

/// Up to `n` decisions from `start`, each chosen at random (seeded) among those that
/// neither capture nor end the game; fewer if every decision would.
pub fn quiet_decisions(start: &GameState, n: usize, seed: u64) -> Vec<Decision> {
    let mut s = start.clone();
    let mut lot = Lot(seed);
    let mut out = Vec::with_capacity(n);
    'turns: while out.len() < n {
        let mut legal = legal_decisions(&s);
        while !legal.is_empty() {
            let d = legal.swap_remove(lot.below(legal.len()));
            let mut t = s.clone();
            if apply_quiet(&mut t, d.clone()).is_ok()
                && t.seeds().stores == s.seeds().stores
                && t.seeds().captured == s.seeds().captured
                && !t.is_over()
            {
                s = t;
                out.push(d);
                continue 'turns;
            }
        }
        break;
    }
    out
}

/// This process's resident memory in bytes (Linux; `None` elsewhere).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// One checkpoint of [`engine_memory`].
pub struct MemoryFigure {
    pub decisions: usize,
    /// Growth of resident memory since the session started (`None` off Linux).
    pub resident_growth: Option<u64>,
    /// Length of the engine's answer line to the last decision.
    pub answer_bytes: usize,
}

/// Plays the quiet Anywoli endgame through an engine session (with its undo
/// snapshots, as the command line keeps them) and reports at each checkpoint.
pub fn engine_memory(checkpoints: &[usize]) -> Vec<MemoryFigure> {
    let start = quiet_anywoli_endgame();
    let last = checkpoints.iter().copied().max().unwrap_or(0);
    let lines: Vec<String> = quiet_decisions(&start, last, 1)
        .iter()
        .map(|d| serde_json::json!({ "cmd": "play", "decision": d }).to_string())
        .collect();
    let mut engine = crate::cli::engine::Engine::new();
    let set = serde_json::json!({ "cmd": "set", "position": start }).to_string();
    let base = resident_bytes();
    engine.handle_line(&set);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let (answer, _) = engine.handle_line(line);
        if checkpoints.contains(&(i + 1)) {
            out.push(MemoryFigure {
                decisions: i + 1,
                resident_growth: resident_bytes()
                    .zip(base)
                    .map(|(now, b)| now.saturating_sub(b)),
                answer_bytes: answer.map_or(0, |a| a.to_string().len()),
            });
        }
    }
    out
}

/// Prints [`engine_memory`] at 2,000, 6,000 and 10,000 decisions.
pub fn print_engine_memory() {
    println!(
        "Engine session memory, an Anywoli endgame without captures (undo kept for every decision):"
    );
    println!(
        "{:>10} {:>22} {:>18}",
        "decisions", "resident growth (MB)", "answer line (B)"
    );
    for f in engine_memory(&[2_000, 6_000, 10_000]) {
        let mb = f
            .resident_growth
            .map_or("n/a".to_string(), |b| format!("{:.1}", b as f64 / 1e6));
        println!("{:>10} {:>22} {:>18}", f.decisions, mb, f.answer_bytes);
    }
}

/// Runs every measurement and prints a table.
pub fn run(seconds_per_game: f64) {
    // First, while the process is small: resident growth is the session's own.
    print_engine_memory();
    let budget = Duration::from_secs_f64(seconds_per_game);
    println!("Random playouts, one thread, {seconds_per_game} s a game:");
    println!(
        "{:<14} {:>14} {:>18} {:>20}",
        "game", "playouts/s", "sown seeds/s", "decisions/playout"
    );
    let cases = [
        (Game::Omweso, 8),
        (Game::Anywoli, 8),
        (Game::Nsolo, 8),
        (Game::Nsolo, 36),
        (Game::Hawalis, 8),
        (Game::BaoKigogo, 8),
    ];
    for (game, width) in cases {
        let f = measure(game, width, budget);
        println!(
            "{:<14} {:>14.0} {:>18.0} {:>20.1}",
            f.label, f.playouts_per_s, f.seeds_per_s, f.decisions_per_playout
        );
    }
    println!(
        "Master's decision (100,000 positions; one thread), from the start and from 8 positions 6 to 48 random decisions in:"
    );
    println!(
        "{:<14} {:>12} {:>10} {:>10} {:>10}",
        "game", "nodes/s", "mean ms", "max ms", "depth"
    );
    for (game, width) in cases {
        let start = GameState::new(game, options_for(game, width)).expect("default options");
        let mut positions = vec![start.clone()];
        let mut lot = Lot(11);
        for k in 1..=8u64 {
            let mut s = start.clone();
            for _ in 0..k * 6 {
                match random_decision(&s, &mut lot) {
                    Some(d) if !s.is_over() => {
                        let _ = apply_quiet(&mut s, d);
                    }
                    _ => break,
                }
            }
            if !s.is_over() {
                positions.push(s);
            }
        }
        let (mut nodes, mut total, mut longest, mut depths) = (0u64, 0.0f64, 0.0f64, Vec::new());
        for s in &positions {
            let t0 = Instant::now();
            if let Some(r) = crate::ai::search(s, crate::ai::Level::Master.budget(), &mut Lot(1)) {
                let secs = t0.elapsed().as_secs_f64();
                nodes += r.nodes;
                total += secs;
                longest = longest.max(secs);
                depths.push(r.depth);
            }
        }
        let label = if game == Game::Nsolo {
            format!("Nsolo 4x{width}")
        } else {
            game.name().to_string()
        };
        depths.sort_unstable();
        println!(
            "{:<14} {:>12.0} {:>10.0} {:>10.0} {:>10}",
            label,
            nodes as f64 / total.max(1e-9),
            total * 1000.0 / depths.len().max(1) as f64,
            longest * 1000.0,
            format!(
                "{}-{}",
                depths.first().unwrap_or(&0),
                depths.last().unwrap_or(&0)
            )
        );
    }
    let (laps, secs) = never_ending_figure();
    println!(
        "Never-ending detection (Omweso example of the conventions): {laps} laps in {secs:.2} s = {:.1} million laps/s",
        laps as f64 / secs / 1e6
    );
}
