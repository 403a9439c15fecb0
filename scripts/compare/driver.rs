//! Replays the move sequences written by `mancala-hall bench --write-sequences DIR`
//! through the public rules API (`GameState::new`, `legal_decisions`, `apply_quiet`)
//! and prints moves per second of thread CPU time. `scripts/compare-engines.sh`
//! compiles this one file against the engine of an earlier commit (and the current
//! one), so that both are measured by the same code on the same sequences.
//!
//! Usage: driver SEQUENCE_FILE... (one line a game: options JSON, a tab, the game id,
//! a tab, the decisions in text notation separated by `;`).
//!
//! `driver --once=MODE SEQUENCE_FILE...` (MODE `parse`, `apply` or `listed`) reads the
//! games and replays each once, printing the moves to stderr: run under
//! `valgrind --tool=cachegrind`, (apply - parse) / moves is the engine's instructions
//! per move, a figure that does not move with the machine's load.

use mancala_hall::rules::{Decision, Game, GameState, Options, apply_quiet, legal_decisions};
use std::hint::black_box;

/// Nanoseconds this thread has run on a CPU (Linux), else wall-clock nanoseconds.
fn cpu_ns() -> u64 {
    if let Ok(s) = std::fs::read_to_string("/proc/thread-self/schedstat")
        && let Some(Ok(ns)) = s.split_whitespace().next().map(str::parse::<u64>)
    {
        return ns;
    }
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as u64
}

struct Sequence {
    start: GameState,
    decisions: Vec<Decision>,
    moves: u64,
}

fn read(path: &str) -> Vec<Sequence> {
    let text = std::fs::read_to_string(path).expect("a sequence file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split('\t');
            let options: Options = serde_json::from_str(parts.next().unwrap()).unwrap();
            let game = Game::from_id(parts.next().unwrap()).unwrap();
            let decisions: Vec<Decision> = parts
                .next()
                .unwrap_or("")
                .split(';')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            let moves = decisions.iter().filter(|d| d.start_pit().is_some()).count() as u64;
            Sequence {
                start: GameState::new(game, options).unwrap(),
                decisions,
                moves,
            }
        })
        .collect()
}

/// Replays every sequence `rounds` times; returns moves per second of CPU time.
fn replay(seqs: &[Sequence], rounds: u32, with_legal: bool) -> f64 {
    let t0 = cpu_ns();
    let mut moves = 0;
    for _ in 0..rounds {
        for q in seqs {
            let mut s = q.start.clone();
            for d in &q.decisions {
                if with_legal {
                    black_box(&legal_decisions(&s));
                }
                apply_quiet(&mut s, d.clone()).expect("a legal decision");
            }
            moves += q.moves;
            black_box(&s);
        }
    }
    moves as f64 / ((cpu_ns() - t0).max(1) as f64 / 1e9)
}

/// `--once=MODE`: every game read (`parse`), replayed once (`apply`), or replayed with
/// the legal list before each decision (`listed`).
fn once(mode: &str, paths: &[String]) {
    let mut moves = 0;
    for path in paths {
        for q in read(path) {
            moves += q.moves;
            let mut s = q.start.clone();
            if mode == "parse" {
                black_box(&s);
                continue;
            }
            for d in &q.decisions {
                if mode == "listed" {
                    black_box(&legal_decisions(&s));
                }
                apply_quiet(&mut s, d.clone()).expect("a legal decision");
            }
            black_box(&s);
        }
    }
    eprintln!("moves {moves}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(mode) = args.first().and_then(|a| a.strip_prefix("--once=")) {
        once(mode, &args[1..]);
        return;
    }
    for path in args {
        let seqs = read(&path);
        let moves: u64 = seqs.iter().map(|q| q.moves).sum();
        // Warm up, then about a second of each measure.
        replay(&seqs, 1, true);
        let probe = replay(&seqs, 1, false);
        let rounds = ((probe / moves.max(1) as f64).ceil() as u32).clamp(1, 1000);
        let apply = replay(&seqs, rounds, false);
        let listed = replay(&seqs, rounds, true);
        let name = std::path::Path::new(&path)
            .file_stem()
            .unwrap()
            .to_string_lossy();
        println!("{name}\t{apply:.0}\t{listed:.0}");
    }
}
