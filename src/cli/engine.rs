//! The engine command line: JSON lines on stdin and stdout, for tests, scripts and
//! other programs. One command per line, one answer per line; a bad line gets
//! `{"error": "..."}` and changes nothing. The protocol is documented in
//! `docs/engine.md`.

use crate::rules::{
    Decision, Game, GameRecord, GameState, Options, apply, bound_message, legal_decisions,
    record::RECORD_VERSION, shorten,
};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// The most positions `analyze` may search for each position.
const MAX_ANALYZE_NODES: u64 = 5_000_000;

/// The most positions one `analyze` may search in all, for the whole record (about
/// ten seconds on a laptop of 2020; docs/engine.md): a review searches about two
/// positions a decision, so a long record is reviewed with fewer positions each.
pub const MAX_ANALYZE_POSITIONS: u64 = 40_000_000;

/// One command line of the protocol.
#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Command {
    /// A new game (an Omweso match).
    New {
        game: String,
        #[serde(default)]
        options: Options,
        #[serde(default)]
        history: bool,
    },
    /// Start from a given position.
    Set {
        position: Box<GameState>,
        #[serde(default)]
        history: bool,
    },
    /// The current position; with `"history": true` also its repetition history
    /// (every command that answers with a position takes that field).
    Position {
        #[serde(default)]
        history: bool,
    },
    /// The legal decisions.
    Legal {},
    /// Apply a decision, as JSON (`decision`) or in text notation (`move`).
    Play {
        #[serde(default)]
        decision: Option<Decision>,
        #[serde(default, rename = "move")]
        text: Option<String>,
        #[serde(default)]
        history: bool,
    },
    /// The computer's decision here: by `level` (beginner, player, expert, master), by
    /// a number of positions to search (`nodes`), or by a time budget in milliseconds
    /// (`ms`). Levels and `nodes` are deterministic for `seed`; `ms` depends on the
    /// machine.
    Ai {
        #[serde(default)]
        level: Option<crate::ai::Level>,
        #[serde(default)]
        nodes: Option<u64>,
        #[serde(default)]
        ms: Option<u64>,
        #[serde(default)]
        seed: u64,
    },
    /// Take back the last decision.
    Undo {
        #[serde(default)]
        history: bool,
    },
    /// The record of decisions since `new` or `set`.
    Record {},
    /// Load a record and replay it.
    Load {
        record: Box<GameRecord>,
        #[serde(default)]
        history: bool,
    },
    /// Review a game: one entry a decision (the evaluation after it from South's
    /// side, the best decision before it, the seeds given up, a mark), searching
    /// `nodes` positions for each position.
    Analyze {
        record: Box<GameRecord>,
        #[serde(default)]
        nodes: Option<u64>,
    },
    /// End the session.
    Quit {},
}

/// The engine's session: the current game, and the states before each decision. A
/// state shares its repetition history with the states before it, so the session
/// grows by under a kilobyte a decision however long the game.
#[derive(Default)]
pub struct Engine {
    state: Option<GameState>,
    record: Option<GameRecord>,
    undo: Vec<GameState>,
}

/// What a line asks the loop to do after answering.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    Quit,
}

/// An error answer. Messages that quote the input (a parser's, say) are bounded: at
/// most a short prefix of any quoted text, and of the whole message.
fn error(msg: impl std::fmt::Display) -> Value {
    json!({ "error": bound_message(&msg.to_string()) })
}

impl Engine {
    /// A session with no game yet.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Answers one input line. Empty lines get no answer.
    pub fn handle_line(&mut self, line: &str) -> (Option<Value>, Next) {
        let line = line.trim();
        if line.is_empty() {
            return (None, Next::Continue);
        }
        let cmd: Command = match serde_json::from_str(line) {
            Ok(c) => c,
            Err(e) => {
                return (
                    Some(error(format!("bad command line: {e}"))),
                    Next::Continue,
                );
            }
        };
        if let Command::Quit {} = cmd {
            return (Some(json!({ "bye": true })), Next::Quit);
        }
        (Some(self.handle(cmd).unwrap_or_else(error)), Next::Continue)
    }

    fn current(&self) -> Result<&GameState, String> {
        self.state
            .as_ref()
            .ok_or_else(|| "no game yet: send `new` or `set` first".to_string())
    }

    fn handle(&mut self, cmd: Command) -> Result<Value, String> {
        match cmd {
            Command::New {
                game,
                options,
                history,
            } => {
                let g = Game::from_id(&game).ok_or_else(|| {
                    format!(
                        "unknown game `{}` (omweso, anywoli, nsolo, hawalis, bao_kigogo)",
                        shorten(&game)
                    )
                })?;
                let s = GameState::new(g, options).map_err(|e| e.to_string())?;
                self.record = Some(GameRecord::new(g, options));
                Ok(self.start(s, history))
            }
            Command::Set { position, history } => {
                let s = *position;
                let mut record = GameRecord::new(s.game(), *s.options());
                record.start = Some(s.clone());
                self.record = Some(record);
                Ok(self.start(s, history))
            }
            Command::Load { record, history } => {
                let (s, _) = record.replay().map_err(|e| e.to_string())?;
                self.record = Some(*record);
                self.undo.clear();
                let answer = json!({ "position": s.to_value(history) });
                self.state = Some(s);
                Ok(answer)
            }
            Command::Position { history } => {
                Ok(json!({ "position": self.current()?.to_value(history) }))
            }
            Command::Legal {} => {
                let s = self.current()?;
                let legal = legal_decisions(s);
                let text: Vec<String> = legal.iter().map(|d| d.to_string()).collect();
                Ok(json!({ "to_decide": s.to_decide(), "legal": legal, "notation": text }))
            }
            Command::Play {
                decision,
                text,
                history,
            } => self.play(decision, text, history),
            Command::Ai {
                level,
                nodes,
                ms,
                seed,
            } => self.ai(level, (nodes, ms), seed),
            Command::Undo { history } => self.undo(history),
            Command::Record {} => {
                self.current()?;
                Ok(json!({ "record": self.record, "version": RECORD_VERSION }))
            }
            Command::Analyze { record, nodes } => analyze(&record, nodes),
            Command::Quit {} => unreachable!("handled by handle_line"),
        }
    }

    /// Plays a decision given as JSON or in notation.
    fn play(
        &mut self,
        decision: Option<Decision>,
        text: Option<String>,
        history: bool,
    ) -> Result<Value, String> {
        let d = match (decision, text) {
            (Some(d), None) => d,
            (None, Some(t)) => t.parse::<Decision>()?,
            _ => return Err("`play` takes either `decision` or `move`".into()),
        };
        let mut s = self.current()?.clone();
        let events = apply(&mut s, d.clone()).map_err(|e| e.to_string())?;
        let answer = json!({ "events": events, "position": s.to_value(history) });
        let before = self.state.replace(s).expect("checked above");
        self.undo.push(before);
        if let Some(r) = &mut self.record {
            r.decisions.push(d);
        }
        Ok(answer)
    }

    /// The computer's choice by a level, a node count or a time (one at most).
    fn ai(
        &self,
        level: Option<crate::ai::Level>,
        (nodes, ms): (Option<u64>, Option<u64>),
        seed: u64,
    ) -> Result<Value, String> {
        let s = self.current()?;
        let search_for = |nodes: u64, ms: u64| crate::ai::Budget {
            max_depth: 64,
            nodes,
            time: std::time::Duration::from_millis(ms),
            noise: 0.0,
        };
        let budget = match (level, nodes, ms) {
            (Some(l), None, None) => l.budget(),
            (None, Some(n), None) if (1..=100_000_000).contains(&n) => search_for(n, 600_000),
            (None, None, Some(ms)) if (1..=60_000).contains(&ms) => search_for(u64::MAX, ms),
            (None, None, None) => crate::ai::Level::default().budget(),
            _ => {
                return Err(
                    "`ai` takes one of `level`, `nodes` (1..100000000) or `ms` (1..60000)".into(),
                );
            }
        };
        let r = crate::ai::search(s, budget, &mut crate::rules::Lot(seed))
            .ok_or("the game is over: nothing to decide")?;
        Ok(json!({
            "decision": r.decision,
            "notation": r.decision.to_string(),
            "score": r.score,
            "depth": r.depth,
            "nodes": r.nodes,
        }))
    }

    /// Takes the last decision back, where the play mode allows it.
    fn undo(&mut self, history: bool) -> Result<Value, String> {
        let s = self.current()?;
        if !s.options().undo_allowed() {
            return Err("undo is disabled in this play mode (no take-back)".into());
        }
        let prev = self.undo.pop().ok_or("nothing to undo")?;
        if let Some(r) = &mut self.record {
            r.decisions.pop();
        }
        let answer = json!({ "position": prev.to_value(history) });
        self.state = Some(prev);
        Ok(answer)
    }

    fn start(&mut self, s: GameState, history: bool) -> Value {
        self.undo.clear();
        let answer = json!({ "position": s.to_value(history) });
        self.state = Some(s);
        answer
    }
}

/// The review of a whole record: its moments, the thresholds that marked them, and
/// the search budget used per position.
fn analyze(record: &GameRecord, nodes: Option<u64>) -> Result<Value, String> {
    use crate::ai::review::{review, thresholds_of};
    if let Some(n) = nodes
        && !(1..=MAX_ANALYZE_NODES).contains(&n)
    {
        return Err(format!(
            "`nodes` must be 1 to {MAX_ANALYZE_NODES} positions a position"
        ));
    }
    // The whole record is checked before any search: an illegal decision
    // is refused at once, as `load` refuses it.
    record.replay().map_err(|e| e.to_string())?;
    let nodes = analyze_nodes(record.decisions.len(), nodes)?;
    let moments = review(record, nodes)?;
    let entries: Vec<Value> = moments
        .iter()
        .map(|m| {
            let mut v = serde_json::to_value(m).expect("moments serialise");
            v["played_notation"] = json!(m.played.to_string());
            v["best_notation"] = json!(m.best.to_string());
            v
        })
        .collect();
    Ok(json!({
        "analysis": entries,
        "thresholds": thresholds_of(record)?,
        "nodes": nodes,
    }))
}

/// The positions `analyze` searches for each position of a record of `decisions`
/// decisions: `asked`, or [`REVIEW_POSITIONS`](crate::ai::review::REVIEW_POSITIONS)
/// lowered so that the whole review stays within [`MAX_ANALYZE_POSITIONS`]. A review
/// searches at most one position before the first decision and two after each.
/// `asked` beyond that bound is refused with the most the record allows.
pub fn analyze_nodes(decisions: usize, asked: Option<u64>) -> Result<u64, String> {
    let searches = 2 * decisions as u64 + 1;
    let most = (MAX_ANALYZE_POSITIONS / searches).max(1);
    match asked {
        None => Ok(crate::ai::review::REVIEW_POSITIONS.min(most)),
        Some(n) if n <= most => Ok(n),
        Some(n) => Err(format!(
            "`nodes` {n} is too many for {decisions} decisions: one `analyze` searches at \
             most {MAX_ANALYZE_POSITIONS} positions in all, so at most {most} a position here"
        )),
    }
}

/// Runs the engine on stdin and stdout until end of input or `quit`.
pub fn run() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut engine = Engine::new();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                // Not UTF-8, say: answer and go on.
                writeln!(out, "{}", error(format!("unreadable line: {e}")))?;
                out.flush()?;
                continue;
            }
        };
        let (answer, next) = engine.handle_line(&line);
        if let Some(a) = answer {
            writeln!(out, "{a}")?;
            out.flush()?;
        }
        if next == Next::Quit {
            break;
        }
    }
    Ok(())
}
