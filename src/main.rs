//! `mancala-hall`: the game, and its headless tools.
//!
//! - `mancala-hall` — play (needs the `game` feature, on by default)
//! - `mancala-hall engine` — the JSON-lines engine on stdin/stdout (docs/engine.md)
//! - `mancala-hall bench [seconds]` — rules speed figures
//! - `mancala-hall ladder GAME GAMES [A B]` — the AI strength ladder
//! - `mancala-hall puzzles GAME N` — puzzles from the computer's games (docs/puzzles.md)
//! - `mancala-hall serve` — the online game server (feature `server`, docs/online.md)
//! - `mancala-hall i18n-check [DIR]` — the translations' check (docs/i18n.md)
//!
//! The tools themselves live in `mancala_hall::cli`.

use std::process::ExitCode;

use mancala_hall::cli::usage::{self, asks_for_help};

fn main() -> ExitCode {
    let args = command_line();
    // The browser has no standard input, output or files for the tools: there the
    // page's query string only chooses the game's options (and the tools' code stays
    // out of the download).
    if cfg!(target_arch = "wasm32") {
        return run_game(&args);
    }
    // Each command answers `--help` (or `-h`) with its own usage, before doing
    // anything else (the engine does not start reading its input).
    let command = args.first().map(String::as_str);
    if matches!(command, Some("--version" | "-V" | "version")) {
        println!("mancala-hall {}", mancala_hall::VERSION);
        return ExitCode::SUCCESS;
    }
    if let Some(text) = match command {
        Some("engine") => Some(usage::ENGINE),
        Some("serve") => Some(usage::SERVE),
        Some("bench") => Some(usage::BENCH),
        Some("ladder") => Some(usage::LADDER),
        Some("puzzles") => Some(usage::PUZZLES),
        Some("i18n-check") => Some(usage::I18N_CHECK),
        _ => None,
    } && asks_for_help(&args[1..])
    {
        println!("{text}");
        return ExitCode::SUCCESS;
    }
    match command {
        Some("engine") => {
            if let Some(extra) = args.get(1) {
                eprintln!(
                    "engine: unknown argument `{}`\n{}",
                    mancala_hall::rules::shorten(extra),
                    usage::ENGINE
                );
                return ExitCode::FAILURE;
            }
            match mancala_hall::cli::engine::run() {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("engine: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("--laps") => {
            mancala_hall::cli::bench::print_lap_throughput();
            ExitCode::SUCCESS
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("--online") => {
            online_bench(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("--review") => {
            mancala_hall::cli::bench::review_figures();
            ExitCode::SUCCESS
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("--sequences") => {
            let dir = std::path::PathBuf::from(args.get(2).map_or("/tmp/mh-sequences", |s| s));
            match mancala_hall::cli::bench::write_and_measure(&dir) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("bench: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench") => {
            let secs = match args.get(1).map(|s| s.parse::<f64>()) {
                None => 2.0,
                Some(Ok(s)) if s > 0.0 && s < 3600.0 => s,
                Some(_) => {
                    eprintln!(
                        "bench: `{}` is not a number of seconds above 0 and below 3600\n{}",
                        mancala_hall::rules::shorten(&args[1]),
                        usage::BENCH
                    );
                    return ExitCode::FAILURE;
                }
            };
            mancala_hall::cli::bench::run(secs);
            #[cfg(feature = "game")]
            mancala_hall::game::checks::frame_bench::run();
            ExitCode::SUCCESS
        }
        Some("ladder") => match mancala_hall::cli::ladder::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("ladder: {e}\n{}", usage::LADDER);
                ExitCode::FAILURE
            }
        },
        Some("puzzles") => match mancala_hall::cli::puzzles::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("puzzles: {e}\n{}", usage::PUZZLES);
                ExitCode::FAILURE
            }
        },
        Some("i18n-check") => match mancala_hall::cli::i18n_check::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("i18n-check: {e}");
                ExitCode::FAILURE
            }
        },
        Some("help" | "--help" | "-h") => {
            println!("{}", usage::TOP);
            #[cfg(feature = "game")]
            println!("{}", mancala_hall::game::HELP);
            ExitCode::SUCCESS
        }
        Some("serve") => serve(&args[1..]),
        _ => run_game(&args),
    }
}

/// The arguments: the process's, or in the browser the page's query string.
fn command_line() -> Vec<String> {
    #[cfg(all(target_arch = "wasm32", feature = "game"))]
    {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        mancala_hall::game::args_from_query(&query)
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "game")))]
    {
        std::env::args().skip(1).collect()
    }
}

#[cfg(feature = "game")]
fn run_game(args: &[String]) -> ExitCode {
    match mancala_hall::game::GameArgs::parse(args) {
        Ok(a) => mancala_hall::game::run(a),
        Err(e) => {
            eprintln!("{e}\n{}\n{}", usage::TOP, mancala_hall::game::HELP);
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "game"))]
fn run_game(_args: &[String]) -> ExitCode {
    eprintln!(
        "this build has no game window (built without the `game` feature)\n{}",
        usage::TOP
    );
    ExitCode::FAILURE
}

/// `mancala-hall serve`: the online game server (feature `server`).
fn serve(args: &[String]) -> ExitCode {
    #[cfg(feature = "server")]
    {
        match mancala_hall::cli::serve::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("serve: {e}\n{}", usage::SERVE);
                ExitCode::FAILURE
            }
        }
    }
    #[cfg(not(feature = "server"))]
    {
        let _ = args;
        eprintln!(
            "serve: this build has no server; build it with \
             `cargo run --release --no-default-features --features server -- serve`"
        );
        ExitCode::FAILURE
    }
}

/// `mancala-hall bench --online ...`: the server's load test ([`cli::online_bench`]).
fn online_bench(args: &[String]) -> ExitCode {
    #[cfg(feature = "server")]
    {
        mancala_hall::cli::online_bench::command(args)
    }
    #[cfg(not(feature = "server"))]
    {
        let _ = args;
        eprintln!("bench --online: this build has no server (feature `server`)");
        ExitCode::FAILURE
    }
}
