//! `mancala-hall puzzles GAME N [--width W] [--seed S] [--records]`: makes N puzzles
//! of a game from games the computer plays, or from game records on standard input
//! ([`crate::ai::puzzles`]), one JSON line each on standard output, the rate on
//! standard error. The shipped sets in `assets/puzzles/` are made this way
//! (docs/puzzles.md).

use crate::ai::puzzles::{PuzzleSet, generate, puzzles_of_records};
use crate::rules::{Game, GameRecord, Options, shorten};
use std::io::{BufRead, Write};
use std::time::Instant;

/// What the arguments ask for.
struct Asked {
    set: PuzzleSet,
    count: usize,
    seed: u64,
    /// Read game records (one JSON object a line) from standard input.
    records: bool,
}

/// Runs the command (the arguments after the word `puzzles`).
pub fn run(args: &[String]) -> Result<(), String> {
    let Asked {
        set,
        count,
        seed,
        records,
    } = parse(args)?;
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    let mut failed = None;
    let write = |p: &crate::ai::puzzles::Puzzle| {
        let line = serde_json::to_string(p).expect("a puzzle serializes");
        if let Err(e) = writeln!(out, "{line}") {
            failed.get_or_insert(e.to_string());
        }
    };
    let puzzles = if records {
        puzzles_of_records(set, read_records()?, count, seed, write)?
    } else {
        generate(set, count, seed, write)?
    };
    if let Some(e) = failed {
        return Err(format!("cannot write: {e}"));
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "{}: {} puzzles in {:.1} min, {:.1} a minute",
        set.name(),
        puzzles.len(),
        minutes,
        puzzles.len() as f64 / minutes.max(1e-9)
    );
    Ok(())
}

/// The game records on standard input, one JSON object a line (blank lines skipped);
/// a line that is not a record is an error that names it.
fn read_records() -> Result<Vec<GameRecord>, String> {
    let mut records = Vec::new();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line).map_err(|e| {
            format!(
                "line {}: not a game record: {}",
                i + 1,
                shorten(&e.to_string())
            )
        })?;
        records.push(record);
    }
    Ok(records)
}

/// What the arguments ask for.
fn parse(args: &[String]) -> Result<Asked, String> {
    let game = match args.first() {
        Some(g) => Game::from_id(g).ok_or(format!("`{}` is not a game", shorten(g)))?,
        None => return Err("give a game and a number of puzzles".into()),
    };
    let count = match args.get(1).map(|n| n.parse::<usize>()) {
        Some(Ok(n)) if (1..=10_000).contains(&n) => n,
        Some(_) => {
            return Err(format!(
                "`{}` is not a number of puzzles from 1 to 10000",
                shorten(&args[1])
            ));
        }
        None => return Err("give a number of puzzles".into()),
    };
    let mut options = Options::default();
    let (mut seed, mut records) = (1, false);
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        if flag == "--records" {
            records = true;
            continue;
        }
        let value = rest
            .next()
            .ok_or(format!("`{}` needs a value", shorten(flag)))?;
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("{}: `{}` is not a number", shorten(flag), shorten(value)))?;
        match flag.as_str() {
            "--seed" => seed = number,
            "--width" if game == Game::Nsolo => {
                options.width = u8::try_from(number)
                    .ok()
                    .filter(|w| (8..=36).contains(w))
                    .ok_or(format!("--width: `{}` is not from 8 to 36", shorten(value)))?
            }
            "--width" => return Err("--width is Nsolo's".into()),
            _ => return Err(format!("unknown argument `{}`", shorten(flag))),
        }
    }
    Ok(Asked {
        set: PuzzleSet { game, options },
        count,
        seed,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_are_read_and_bad_ones_said() {
        let a = parse(&args("nsolo 5 --width 12 --seed 9")).unwrap();
        assert_eq!(
            (a.set.name().as_str(), a.count, a.seed, a.records),
            ("nsolo-12", 5, 9, false)
        );
        let a = parse(&args("hawalis 3 --records")).unwrap();
        assert_eq!(
            (a.set.name().as_str(), a.seed, a.records),
            ("hawalis", 1, true)
        );
        for (bad, says) in [
            ("", "give a game"),
            ("chess 3", "not a game"),
            ("hawalis", "number of puzzles"),
            ("hawalis 0", "from 1 to 10000"),
            ("hawalis 3 --width 12", "Nsolo's"),
            ("nsolo 3 --width 40", "from 8 to 36"),
            ("nsolo 3 --seed", "needs a value"),
            ("nsolo 3 --seed x", "not a number"),
            ("nsolo 3 --colour 2", "unknown argument"),
        ] {
            let Err(e) = parse(&args(bad)) else {
                panic!("{bad}: read")
            };
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
