//! `mancala-hall`: the game, and its headless tools.
//!
//! - `mancala-hall` — play (needs the `game` feature, on by default)
//! - `mancala-hall engine` — the JSON-lines engine on stdin/stdout (docs/engine.md)
//! - `mancala-hall bench [seconds]` — rules speed figures
//! - `mancala-hall ladder GAME GAMES [A B]` — the AI strength ladder
//!
//! The tools themselves live in `mancala_hall::cli`.

use std::process::ExitCode;

const USAGE: &str = "usage: mancala-hall [engine | bench [seconds a game | --sequences DIR | --laps] | ladder GAME GAMES [A B] | help] [game options]";

fn main() -> ExitCode {
    let args = command_line();
    match args.first().map(String::as_str) {
        Some("engine") => match mancala_hall::cli::engine::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("engine: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench") if args.get(1).map(String::as_str) == Some("--laps") => {
            mancala_hall::cli::bench::print_lap_throughput();
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
                    eprintln!("bench: seconds must be a positive number\n{USAGE}");
                    return ExitCode::FAILURE;
                }
            };
            mancala_hall::cli::bench::run(secs);
            #[cfg(feature = "game")]
            mancala_hall::game::frame_bench::run();
            ExitCode::SUCCESS
        }
        Some("ladder") => match mancala_hall::cli::ladder::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("ladder: {e}\n{USAGE}");
                ExitCode::FAILURE
            }
        },
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            #[cfg(feature = "game")]
            println!("{}", mancala_hall::game::HELP);
            ExitCode::SUCCESS
        }
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
            eprintln!("{e}\n{USAGE}\n{}", mancala_hall::game::HELP);
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "game"))]
fn run_game(_args: &[String]) -> ExitCode {
    eprintln!("this build has no game window (built without the `game` feature)\n{USAGE}");
    ExitCode::FAILURE
}
