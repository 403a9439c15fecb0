//! The real `mancala-hall` binary asked for help: every command (`engine`, `serve`,
//! `bench`, `ladder`) answers `--help` and `-h` with its own usage on stdout and exit
//! code 0, doing nothing else (the engine reads no input, the server opens no store);
//! each usage names every argument its command takes, and a command's error repeats
//! its own usage.

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary with these arguments and its standard input left open (a command
/// that reads it would wait), killing it after 20 s.
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-hall"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stdin = child.stdin.take();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`mancala-hall {}` did not end (is it reading stdin?)",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(stdin);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_end(&mut stderr)
        .unwrap();
    Output {
        status,
        stdout,
        stderr,
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// Each command, and the arguments its usage must name.
const COMMANDS: [(&str, &[&str]); 5] = [
    ("engine", &["usage: mancala-hall engine", "docs/engine.md"]),
    (
        "serve",
        &[
            "usage: mancala-hall serve",
            "--addr",
            "--data",
            "--store",
            "--metrics",
            "--trust-proxy",
            "--idle-hours",
            "--rate",
            "--rooms-per-address",
        ],
    ),
    (
        "bench",
        &[
            "usage: mancala-hall bench",
            "SECONDS",
            "--laps",
            "--review",
            "--sequences",
            "--online",
            "THINK_MS",
            "VIEWERS",
            "QUICK",
            "--postgres",
            "--processes",
            "--servers",
        ],
    ),
    (
        "ladder",
        &[
            "usage: mancala-hall ladder GAME GAMES [A B]",
            "bao_kigogo",
            "greedy",
        ],
    ),
    (
        "puzzles",
        &[
            "usage: mancala-hall puzzles GAME N",
            "--width",
            "--seed",
            "bao_kigogo",
        ],
    ),
];

#[test]
fn every_command_answers_help_with_its_own_usage() {
    for (command, names) in COMMANDS {
        for help in ["--help", "-h"] {
            let out = run(&[command, help]);
            let stdout = text(&out.stdout);
            assert!(
                out.status.success(),
                "{command} {help}: {:?}\n{stdout}{}",
                out.status,
                text(&out.stderr)
            );
            assert!(
                stdout.starts_with(&format!("usage: mancala-hall {command}")),
                "{command} {help}: {stdout}"
            );
            for name in names {
                assert!(
                    stdout.contains(name),
                    "{command} {help}: no `{name}` in\n{stdout}"
                );
            }
            // Its own usage: no other command's.
            for (other, _) in COMMANDS.iter().filter(|(c, _)| *c != command) {
                assert!(
                    !stdout.contains(&format!("mancala-hall {other}")),
                    "{command} {help} shows {other}'s usage:\n{stdout}"
                );
            }
            assert!(
                out.stderr.is_empty(),
                "{command} {help}: {}",
                text(&out.stderr)
            );
        }
    }
    // After other arguments too (the server opens no store, the engine reads nothing).
    for args in [
        &["serve", "--addr", "127.0.0.1:1", "--help"][..],
        &["bench", "--online", "-h"],
        &["ladder", "hawalis", "--help"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        assert!(text(&out.stdout).starts_with(&format!("usage: mancala-hall {}", args[0])));
    }
}

#[test]
fn the_top_level_help_names_every_command() {
    for help in ["--help", "-h", "help"] {
        let out = run(&[help]);
        assert!(out.status.success(), "{help}");
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with("usage: mancala-hall"), "{stdout}");
        for (command, _) in COMMANDS {
            assert!(
                stdout.contains(&format!("mancala-hall {command}")),
                "{stdout}"
            );
        }
        assert!(stdout.contains("COMMAND --help"), "{stdout}");
    }
}

#[test]
fn a_command_s_error_shows_its_own_usage() {
    for (args, says) in [
        (&["serve", "--bogus"][..], "unknown argument `--bogus`"),
        (&["serve", "--rate"], "--rate needs a value"),
        (&["serve", "--rate", "0"], "--rate must be at least 1"),
        (&["engine", "--bogus"], "unknown argument `--bogus`"),
        (&["bench", "-5"], "not a number of seconds"),
        (&["bench", "--online", "0"], "rooms must be"),
        (&["ladder", "chess", "10"], "give a game"),
        (&["puzzles", "chess", "10"], "not a game"),
        (
            &["puzzles", "hawalis", "3", "--width", "12"],
            "--width is Nsolo's",
        ),
    ] {
        if !cfg!(feature = "server") && (args[0] == "serve" || args[1] == "--online") {
            continue; // without the server these say only that it is missing
        }
        let out = run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        let usage = format!("usage: mancala-hall {}", args[0]);
        assert!(
            stderr.contains(&usage),
            "{args:?}: no `{usage}` in {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_version_is_printed_on_asking() {
    for ask in ["--version", "-V", "version"] {
        let out = run(&[ask]);
        assert!(out.status.success(), "{ask}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            format!("mancala-hall {}", env!("CARGO_PKG_VERSION")),
            "{ask}"
        );
    }
    // The top-level help names it.
    let help = run(&["--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("--version"));
}
