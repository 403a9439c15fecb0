//! Memory of an engine session grows linearly with the game's length. The session
//! keeps the state before every decision (for `undo`); each state once held its own
//! copy of the repetition history (one hash a turn since the last capture), so a long
//! game without captures cost n²/2 hashes: about 400 MB after 10,000 decisions. Now
//! the states share one history.
//!
//! Measured exactly: this test binary counts every allocation (live and peak bytes).
// A counting allocator (a global allocator is unsafe to implement).
#![allow(unsafe_code)]

use mancala_hall::cli::bench::{quiet_anywoli_endgame, quiet_decisions};
use mancala_hall::cli::engine::{Engine, Next};
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now =
                    LIVE.fetch_add(new_size - layout.size(), Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Bytes of the session after 10,000 decisions, at most: about 1.3 KB a decision (the
/// undo snapshot of 600 bytes, pits and the unshared tail of its history inline, and
/// the room its vector keeps spare; the record's decision; the history's shared runs,
/// the long ones with a hash table of their keys). Before the history was shared this
/// was over 400 MB.
const BOUND_AFTER_10_000: usize = 13_000_000;

/// Peak live bytes while playing them, above what was live before, at most.
const PEAK_BOUND: usize = 14_000_000;

#[test]
fn an_engine_session_of_10_000_decisions_stays_small_and_grows_linearly() {
    // Everything the test itself needs is made before measuring.
    let start = quiet_anywoli_endgame();
    let decisions = quiet_decisions(&start, 10_000, 1);
    assert_eq!(decisions.len(), 10_000, "the endgame goes on that long");
    let set = json!({ "cmd": "set", "position": start }).to_string();
    let lines: Vec<String> = decisions
        .iter()
        .map(|d| json!({ "cmd": "play", "decision": d }).to_string())
        .collect();
    // Other tests of this binary run in parallel threads and would disturb the
    // count: this is the binary's only test.
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);

    let mut engine = Engine::new();
    let (answer, next) = engine.handle_line(&set);
    assert!(answer.unwrap().get("position").is_some());
    assert_eq!(next, Next::Continue);
    let mut held = Vec::new();
    let mut longest_answer = 0;
    for (i, line) in lines.iter().enumerate() {
        let (answer, _) = engine.handle_line(line);
        let answer = answer.expect("an answer").to_string();
        assert!(
            !answer.contains("\"error\""),
            "decision {}: {answer}",
            i + 1
        );
        assert!(
            !answer.contains("\"game_over\"") && !answer.contains("\"event\":\"capture\""),
            "decision {}: the endgame goes on without captures",
            i + 1
        );
        longest_answer = longest_answer.max(answer.len());
        if [2_500, 5_000, 10_000].contains(&(i + 1)) {
            held.push(LIVE.load(Relaxed) - base);
        }
    }
    let peak = PEAK.load(Relaxed) - base;
    let (quarter, half, all) = (held[0], held[1], held[2]);
    println!(
        "session bytes after 2,500 / 5,000 / 10,000 decisions: {quarter} / {half} / {all}; peak {peak}; longest answer {longest_answer} B"
    );
    assert!(
        all < BOUND_AFTER_10_000,
        "{all} bytes after 10,000 decisions (bound {BOUND_AFTER_10_000})"
    );
    assert!(peak < PEAK_BOUND, "peak {peak} bytes (bound {PEAK_BOUND})");
    // Linear: twice the decisions, about twice the bytes (quadratic would be four
    // times).
    assert!(
        all < half * 5 / 2 && half < quarter * 5 / 2,
        "growth is not linear: {quarter}, {half}, {all}"
    );
    // Answers do not carry the history: a line stays the size of a position and
    // the events of one move.
    assert!(longest_answer < 20_000, "answer of {longest_answer} bytes");

    // The whole history is still there for undo and for the repetition rule.
    let (answer, _) = engine.handle_line(r#"{"cmd":"position","history":true}"#);
    let history = answer.unwrap()["position"]["history"]
        .as_array()
        .expect("asked for")
        .len();
    assert_eq!(history, 10_001, "the start and every turn since");
    for _ in 0..10_000 {
        let (answer, _) = engine.handle_line(r#"{"cmd":"undo"}"#);
        assert!(answer.unwrap().get("position").is_some());
    }
    let (answer, _) = engine.handle_line(r#"{"cmd":"position"}"#);
    let back = mancala_hall::rules::GameState::from_json(&answer.unwrap()["position"].to_string())
        .unwrap();
    assert_eq!(back.seeds(), start.seeds(), "undone to the start");
}
