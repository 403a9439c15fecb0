//! The usage text of each command of `mancala-hall`: printed for `COMMAND --help`
//! (or `-h`) and after a command's error. Each lists every argument its command
//! takes.

/// `mancala-hall --help`: the commands, each with its own `--help`.
pub const TOP: &str = "usage: mancala-hall [game options]     play (needs the `game` feature)
       mancala-hall engine               the JSON-lines engine on stdin and stdout
       mancala-hall serve [options]      the online game server (feature `server`)
       mancala-hall bench [options]      speed figures, and the server's load test
       mancala-hall ladder GAME GAMES [A B]   the computer's strength ladder
       mancala-hall puzzles GAME N [options]  make puzzles (docs/puzzles.md)
       mancala-hall i18n-check [DIR]     the translations' check (docs/i18n.md)
       mancala-hall help | --help | -h   this text
       mancala-hall --version | -V       the version
`mancala-hall COMMAND --help` gives a command's own arguments.";

/// `mancala-hall i18n-check --help`.
pub const I18N_CHECK: &str = "usage: mancala-hall i18n-check [DIR]
  Checks the translations: for each language, Fluent syntax errors (file and line),
  keys missing or not in English, and messages whose variables differ from English;
  exits with 1 on any. Without DIR, the languages compiled into the program; with DIR,
  its folders DIR/<code>/*.ftl (for example a copy of assets/i18n/ being translated),
  against the compiled English. The format and the workflow: docs/i18n.md.";

/// `mancala-hall engine --help`.
pub const ENGINE: &str = "usage: mancala-hall engine
  Reads one JSON command a line on stdin and answers one JSON line on stdout; a bad
  line gets one {\"error\": ...} line and changes nothing. Takes no arguments.
  The commands and the protocol: docs/engine.md.";

/// `mancala-hall serve --help`.
pub const SERVE: &str = "usage: mancala-hall serve [--addr HOST:PORT] [--data DIR | --store postgres://USER@HOST:PORT/DB]
                          [--metrics HOST:PORT] [--web DIR] [--trust-proxy IP]...
                          [--idle-hours H] [--rate N] [--rooms-per-address N]
  The online game server (docs/online.md).
  --addr HOST:PORT          where to listen for WebSocket clients (default 127.0.0.1:8787)
  --data DIR                the SQLite store, for one process (default mancala-hall-server)
  --store postgres://...    PostgreSQL instead, shared by any number of processes
                            (feature `postgres`)
  --metrics HOST:PORT       serve /metrics there (OpenMetrics text)
  --web DIR                 also serve the browser build in DIR (web/build.sh --release
                            --opt makes web/) at the same address: one command hosts
                            the game and its rooms
  --trust-proxy IP          connections from this proxy count as the last address of
                            their X-Forwarded-For (repeatable)
  --idle-hours H            close a room where nothing happens for this long (default 24)
  --rate N                  messages a second one connection may send, twice that at
                            once (default 20)
  --rooms-per-address N     open rooms one address may have created (default 20)";

/// `mancala-hall puzzles --help`.
pub const PUZZLES: &str = "usage: mancala-hall puzzles GAME N [--width W] [--seed S] [--records]
  Makes N puzzles of GAME from games the computer plays, one JSON line each on
  standard output (docs/puzzles.md); the rate on standard error. The same seed (1
  if none is given) makes the same puzzles.
  GAME       omweso | anywoli | nsolo | hawalis | bao_kigogo
  --width W  Nsolo's pits a row, 8 to 36 (8)
  --records  from game records on standard input instead (one JSON object a line,
             as the game saves them): at most N puzzles";

/// `mancala-hall bench --help`.
pub const BENCH: &str = "usage: mancala-hall bench [SECONDS]
       mancala-hall bench --laps | --review | --sequences [DIR]
       mancala-hall bench --online [ROOMS [SECONDS [THINK_MS [VIEWERS [QUICK]]]]]
                          [--postgres URL [--processes N] | --servers A,B,...]
  Speed figures (docs/performance.md).
  SECONDS             random playouts of every game for this long each (default 2),
                      with engine memory, Master's decision, the lap rate, the McGill
                      games and (with the `game` feature) the frame time
  --laps              the lap rate alone
  --review            the time to review a 60-decision game of each game
  --sequences DIR     write the comparison's move sequences there (default
                      /tmp/mh-sequences) and time this engine on them
  --online            the server's load test (feature `server`): ROOMS rooms at once
                      (default 1000, at most 20000) for SECONDS (default 20), each
                      player thinking THINK_MS (default 0), VIEWERS lobby followers and
                      QUICK quick-match clients (default 0, at most 10000 each)
  --postgres URL      start the servers on this PostgreSQL instead of SQLite
  --processes N       with --postgres: this many server processes (1 to 64, default 1)
  --servers A,B,...   use servers already running at these addresses";

/// `mancala-hall ladder --help`.
pub const LADDER: &str = "usage: mancala-hall ladder GAME GAMES [A B]
  The computer's strength ladder (docs/ai.md).
  GAME    omweso | anywoli | nsolo | hawalis | bao_kigogo
  GAMES   games a pair plays (at least 1)
  A B     one pair of players instead of the whole ladder: beginner | player |
          expert | master | greedy | random";

/// Whether a command's arguments ask for its usage (`--help` or `-h`).
pub fn asks_for_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}
