//! `mancala-hall bench`: random playouts per second and sown seeds per second on one
//! thread for each game, the top computer level's positions per second and time per
//! decision, the speed of never-ending-move detection, and the memory an engine
//! session holds in a long game. Prints figures; nothing here is a test.

use crate::rules::{
    Decision, Event, Game, GameState, Lot, Options, Pit, Player, apply, apply_quiet,
    legal_decisions, random_decision,
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
    (never_ending_laps(&events), secs)
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
        "Master's decision ({} positions; one thread), from the start and from 8 positions 6 to 48 random decisions in:",
        crate::ai::MASTER_POSITIONS
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
    print_lap_throughput();
    let seqs = mcgill_games(1_000, 424);
    let (apply, listed) = replay_figures(&seqs);
    println!(
        "McGill COMP-424 rule subset, 1,000 random games replayed: {:.1} M moves/s apply only, {:.1} M moves/s legal list + apply (scripts/compare-engines.sh compares with the McGill engine and the base commit)",
        apply / 1e6,
        listed / 1e6
    );
}

/// Nanoseconds this thread has run on a CPU (Linux), else wall-clock nanoseconds.
fn cpu_ns() -> u64 {
    if let Ok(s) = std::fs::read_to_string("/proc/thread-self/schedstat")
        && let Some(Ok(ns)) = s.split_whitespace().next().map(str::parse::<u64>)
    {
        return ns;
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// The options of the McGill COMP-424 Omweso engine's rule subset: no opening three,
/// no 2- or 12-point endings, one game. (It has no reverse captures either, and caps a
/// move at 200 laps: [`mcgill_games`] plays only moves that keep within both.)
/// `bench --review`: the time to review a 60-decision game of each game at the
/// default budget (the games: Expert against Expert, seeded).
pub fn review_figures() {
    use crate::ai::review::{REVIEW_POSITIONS, review};
    use crate::rules::GameRecord;
    for game in Game::ALL {
        let mut s = GameState::new(game, Options::default()).expect("a start");
        let mut record = GameRecord::new(game, Options::default());
        for i in 0..60 {
            if s.is_over() {
                break;
            }
            let d = crate::ai::choose(&s, crate::ai::Level::Expert, i).expect("a decision");
            crate::rules::apply(&mut s, d.clone()).expect("legal");
            record.decisions.push(d);
        }
        let started = std::time::Instant::now();
        let moments = review(&record, REVIEW_POSITIONS).expect("a legal record");
        let marked = moments
            .iter()
            .filter(|m| m.mark != crate::ai::review::Mark::Good)
            .count();
        println!(
            "review: {:<10} {} decisions at {REVIEW_POSITIONS} positions each: {:.2} s ({marked} marked)",
            game.id(),
            moments.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

pub fn mcgill_options() -> Options {
    Options {
        opening_three: false,
        grand_slam: false,
        front_row_two_points: false,
        two_captures_first: false,
        match_target: 1,
        ..Options::default()
    }
}

/// One replayable game: its start and its decisions.
pub struct Sequence {
    pub start: GameState,
    pub decisions: Vec<Decision>,
}

impl Sequence {
    /// Turns started (mid-turn decisions are part of a turn).
    pub fn moves(&self) -> u64 {
        self.decisions
            .iter()
            .filter(|d| d.start_pit().is_some())
            .count() as u64
    }

    /// The line of a sequence file: options JSON, tab, game id, tab, decisions.
    pub fn line(&self) -> String {
        let ds: Vec<String> = self.decisions.iter().map(|d| d.to_string()).collect();
        format!(
            "{}\t{}\t{}",
            serde_json::to_string(self.start.options()).expect("options serialize"),
            self.start.game().id(),
            ds.join(";")
        )
    }
}

/// Random games of the McGill engine's rule subset, played so that both engines play
/// them alike: sowings only (no reverse capture, no opening three), counter-clockwise
/// at every direction choice, no move longer than 200 laps, and no move that ends the
/// game in a way the McGill engine does not know (captures from both end columns, a
/// repetition). A game ends when the player to move has no pit of 2 or more.
pub fn mcgill_games(n: usize, seed: u64) -> Vec<Sequence> {
    let start = GameState::new(Game::Omweso, mcgill_options()).expect("valid options");
    let mut lot = Lot(seed);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut s = start.clone();
        let mut decisions = Vec::new();
        'turns: while !s.is_over() && decisions.len() < 8_000 {
            let mut sowings: Vec<Decision> = legal_decisions(&s)
                .into_iter()
                .filter(|d| matches!(d, Decision::Sow(_)))
                .collect();
            while !sowings.is_empty() {
                let d = sowings.swap_remove(lot.below(sowings.len()));
                let mut t = s.clone();
                let mut turn = vec![d.clone()];
                let mut ok = crate::rules::apply_bounded(&mut t, d, 200) == Ok(true);
                while ok && matches!(t.pending(), crate::rules::Pending::Direction(_)) {
                    let ccw = Decision::Direction(crate::rules::Direction::Ccw);
                    turn.push(ccw.clone());
                    ok = crate::rules::apply_bounded(&mut t, ccw, 200) == Ok(true);
                }
                let ends_alike = match t.outcome() {
                    None => true,
                    Some(o) => o.reason == crate::rules::EndReason::NoLegalMove,
                };
                if ok && ends_alike {
                    s = t;
                    decisions.extend(turn);
                    continue 'turns;
                }
            }
            break;
        }
        out.push(Sequence {
            start: start.clone(),
            decisions,
        });
    }
    out
}

/// Random games of a game with its default options (Omweso: one game).
pub fn random_games(game: Game, width: u8, n: usize, seed: u64) -> Vec<Sequence> {
    let start = GameState::new(game, options_for(game, width)).expect("default options");
    (0..n as u64)
        .map(|g| {
            let mut s = start.clone();
            let mut lot = Lot(seed ^ g);
            let mut decisions = Vec::new();
            while let Some(d) = random_decision(&s, &mut lot) {
                apply_quiet(&mut s, d.clone()).expect("random decisions are legal");
                decisions.push(d);
            }
            Sequence {
                start: start.clone(),
                decisions,
            }
        })
        .collect()
}

/// The McGill COMP-424 engine's number of a pit of the player to decide:
/// counter-clockwise from his own leftmost back pit, which is this engine's order
/// of his circuit.
fn mcgill_pit(s: &GameState, pit: Pit) -> usize {
    let board = s.board();
    board.slot(pit).unwrap_or(0) - board.base[s.to_decide() as usize]
}

/// The pits in the McGill engine's order: South's circuit, then North's.
fn mcgill_board(s: &GameState) -> Vec<u8> {
    s.seeds.pits[..s.board().len()].to_vec()
}

/// The McGill engine's pit numbers of a game's moves (its `board[player][pit]`:
/// counter-clockwise from the player's own leftmost back pit, which is this engine's
/// slot order) and its final pits (player 0 = South first), for the Java driver.
pub fn mcgill_line(q: &Sequence) -> String {
    let mut s = q.start.clone();
    let mut pits = Vec::new();
    for d in &q.decisions {
        if let Some(p) = d.start_pit() {
            pits.push(mcgill_pit(&s, p).to_string());
        }
        apply_quiet(&mut s, d.clone()).expect("a legal decision");
    }
    let end: Vec<String> = mcgill_board(&s).iter().map(|n| n.to_string()).collect();
    format!("{}|{}", pits.join(" "), end.join(" "))
}

/// Replays sequences `rounds` times; moves (turns) per second of thread CPU time.
/// `listed`: list the legal decisions (into one buffer) before each decision.
pub fn replay(seqs: &[Sequence], rounds: u32, listed: bool) -> f64 {
    let mut buffer = Vec::new();
    let t0 = cpu_ns();
    let mut moves = 0;
    for _ in 0..rounds {
        for q in seqs {
            let mut s = q.start.clone();
            for d in &q.decisions {
                if listed {
                    crate::rules::legal_decisions_into(&s, &mut buffer);
                    std::hint::black_box(buffer.len());
                }
                apply_quiet(&mut s, d.clone()).expect("a legal decision");
            }
            std::hint::black_box(&s);
        }
        moves += seqs.iter().map(Sequence::moves).sum::<u64>();
    }
    moves as f64 / ((cpu_ns() - t0).max(1) as f64 / 1e9)
}

/// Replays for about a second each: (apply only, legal list + apply) moves/s.
pub fn replay_figures(seqs: &[Sequence]) -> (f64, f64) {
    let moves: u64 = seqs.iter().map(Sequence::moves).sum();
    replay(seqs, 1, true);
    let probe = replay(seqs, 1, false);
    let rounds = ((probe / moves.max(1) as f64).ceil() as u32).clamp(1, 1000);
    (replay(seqs, rounds, false), replay(seqs, rounds, true))
}

/// The sequence sets of the comparison: name, sequences.
pub fn comparison_sets() -> Vec<(String, Vec<Sequence>)> {
    let mut sets = vec![("mcgill".to_string(), mcgill_games(5_000, 424))];
    for (game, width, n) in [
        (Game::Omweso, 8, 200),
        (Game::Anywoli, 8, 100),
        (Game::Nsolo, 8, 1_000),
        (Game::Nsolo, 36, 100),
        (Game::Hawalis, 8, 1_000),
        (Game::BaoKigogo, 8, 500),
    ] {
        let name = if game == Game::Nsolo {
            format!("nsolo{width}")
        } else {
            game.id().to_string()
        };
        sets.push((name, random_games(game, width, n, 7)));
    }
    sets
}

/// `bench --sequences DIR`: writes the comparison's sequences (`NAME.txt` for the
/// Rust driver, `mcgill-java.txt` for the Java one) and prints this engine's figures.
pub fn write_and_measure(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    println!("set\tapply only (moves/s)\tlegal list + apply (moves/s)\tgames\tmoves");
    for (name, seqs) in comparison_sets() {
        let lines: Vec<String> = seqs.iter().map(Sequence::line).collect();
        std::fs::write(dir.join(format!("{name}.txt")), lines.join("\n") + "\n")?;
        if name == "mcgill" {
            let java: Vec<String> = seqs.iter().map(mcgill_line).collect();
            std::fs::write(dir.join("mcgill-java.txt"), java.join("\n") + "\n")?;
        }
        let (apply, listed) = replay_figures(&seqs);
        let moves: u64 = seqs.iter().map(Sequence::moves).sum();
        println!("{name}\t{apply:.0}\t{listed:.0}\t{}\t{moves}", seqs.len());
    }
    Ok(())
}

/// Prints [`lap_throughput`] at once and in slices of a million laps.
pub fn print_lap_throughput() {
    let (laps, secs) = lap_throughput(None);
    println!(
        "Never-ending detection (Omweso example of the conventions), one thread: {laps} laps in {secs:.2} s = {:.0} million laps/s",
        laps as f64 / secs / 1e6
    );
    let (laps, secs) = lap_throughput(Some(1_000_000));
    println!(
        "The same move in slices of a million laps (LongMove): {laps} laps in {secs:.2} s = {:.0} million laps/s",
        laps as f64 / secs / 1e6
    );
}

/// The conventions' Omweso move that never ends (its cycle is 51,654,100 laps long):
/// the position, and South's (3,0).
pub fn conventions_never_ending() -> (GameState, Decision) {
    let rows = vec![
        vec![1, 1, 0, 1, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 0, 1, 1, 0],
        vec![1, 2, 5, 0, 7, 12, 3, 0],
        vec![2, 7, 6, 0, 4, 0, 4, 5],
    ];
    let s = GameState::from_rows(Game::Omweso, Options::default(), &rows, Player::South)
        .expect("the conventions' example is a valid position");
    (s, Decision::Sow(crate::rules::Pit::new(3, 0)))
}

/// Laps a second of never-ending-move detection on the conventions' example, on this
/// thread's CPU time, the move worked out in slices of `slice` laps (as the game
/// would off the frame) or at once: (laps, seconds).
pub fn lap_throughput(slice: Option<u64>) -> (u64, f64) {
    let (s, d) = conventions_never_ending();
    let t0 = cpu_ns();
    let events = match slice {
        None => apply(&mut s.clone(), d).expect("legal"),
        Some(n) => {
            let mut long = crate::rules::LongMove::new(&s, d).expect("legal");
            loop {
                if let crate::rules::Progress::Done(_, events) = long.advance(n) {
                    break events;
                }
            }
        }
    };
    let secs = (cpu_ns() - t0) as f64 / 1e9;
    (never_ending_laps(&events), secs)
}

/// The laps a never-ending move ran before its cycle was proved (0 if none).
fn never_ending_laps(events: &[Event]) -> u64 {
    events
        .iter()
        .find_map(|e| match e {
            Event::NeverEnding { laps, .. } => Some(*laps),
            _ => None,
        })
        .unwrap_or(0)
}
