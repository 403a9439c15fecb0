//! Runs the real `mancala-hall engine` binary and talks JSON lines to it, including
//! malformed and hostile lines: each gets one `{"error": ...}` line and the engine
//! carries on with its state unchanged.

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

/// Sends the lines (raw bytes) and returns every answer line as JSON, plus the exit code.
fn session(input: &[u8]) -> (Vec<Value>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-hall"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("the engine ends");
    writer.join().unwrap();
    let text = String::from_utf8(out.stdout).expect("answers are UTF-8");
    let answers = text
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("answer `{l}` is not JSON: {e}"))
        })
        .collect();
    (answers, out.status.code().unwrap_or(-1))
}

fn lines(cmds: &[Value]) -> Vec<u8> {
    let mut v = Vec::new();
    for c in cmds {
        v.extend(serde_json::to_vec(c).unwrap());
        v.push(b'\n');
    }
    v
}

fn is_error(a: &Value) -> bool {
    a.get("error")
        .and_then(Value::as_str)
        .is_some_and(|s| !s.is_empty())
}

#[test]
fn new_game_positions_use_the_grid() {
    for (game, rows, cols) in [
        ("omweso", 4, 8),
        ("anywoli", 2, 12),
        ("nsolo", 4, 8),
        ("hawalis", 4, 7),
        ("bao_kigogo", 4, 12),
    ] {
        let (a, code) = session(&lines(&[json!({"cmd": "new", "game": game})]));
        assert_eq!(code, 0);
        let grid = a[0]["position"]["rows"].as_array().expect("rows");
        assert_eq!(grid.len(), rows, "{game}");
        assert!(
            grid.iter().all(|r| r.as_array().unwrap().len() == cols),
            "{game}"
        );
        assert_eq!(a[0]["position"]["to_move"], "south");
    }
    // Omweso's standard set-up: 4 in each back-row pit, front rows empty.
    let (a, _) = session(&lines(&[json!({"cmd": "new", "game": "omweso"})]));
    assert_eq!(a[0]["position"]["rows"][0], json!([4, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(a[0]["position"]["rows"][1], json!([0, 0, 0, 0, 0, 0, 0, 0]));
    // Nsolo 4x36 by option.
    let (a, _) = session(&lines(&[
        json!({"cmd": "new", "game": "nsolo", "options": {"width": 36}}),
    ]));
    assert_eq!(a[0]["position"]["rows"][2].as_array().unwrap().len(), 36);
}

#[test]
fn legal_play_position_and_undo() {
    let (a, code) = session(&lines(&[
        json!({"cmd": "new", "game": "hawalis"}),
        json!({"cmd": "legal"}),
        json!({"cmd": "play", "decision": {"sow": [3, 0]}}),
        json!({"cmd": "position"}),
        json!({"cmd": "undo"}),
        json!({"cmd": "play", "move": "3,6"}),
        json!({"cmd": "quit"}),
        json!({"cmd": "legal"}),
    ]));
    assert_eq!(code, 0);
    assert_eq!(a.len(), 7, "nothing is answered after quit");
    // All 14 of South's pits hold 2 seeds: 14 legal sowings.
    assert_eq!(a[1]["legal"].as_array().unwrap().len(), 14);
    assert!(a[1]["notation"].as_array().unwrap().contains(&json!("3,0")));
    // Sowing (3,0): 2 seeds into (3,1) and (3,2); (3,2) held 2, so it relays.
    let events = a[2]["events"].as_array().unwrap();
    assert_eq!(
        events[0],
        json!({"event": "lift", "pit": [3, 0], "count": 2})
    );
    assert_eq!(events[1], json!({"event": "drop", "pit": [3, 1]}));
    assert_eq!(events[2], json!({"event": "drop", "pit": [3, 2]}));
    assert_eq!(events[3], json!({"event": "relay", "pit": [3, 2]}));
    assert_eq!(a[2]["position"], a[3]["position"]);
    assert_eq!(a[3]["position"]["to_move"], "north");
    // Undo gives back the start position.
    assert_eq!(a[4]["position"], a[0]["position"]);
    assert!(a[5]["events"].is_array());
    assert_eq!(a[6], json!({"bye": true}));
}

#[test]
fn bad_lines_get_one_error_each_and_change_nothing() {
    let mut input = lines(&[json!({"cmd": "position"})]); // before any game
    input.extend(lines(&[json!({"cmd": "new", "game": "omweso"})]));
    let hostile: Vec<&[u8]> = vec![
        b"this is not json",
        b"{",
        b"[]",
        b"null",
        b"{}",
        b"{\"cmd\": 7}",
        b"{\"cmd\": \"fly\"}",
        b"{\"cmd\": \"new\", \"game\": \"chess\"}",
        b"{\"cmd\": \"new\", \"game\": \"hawalis\", \"options\": {\"width\": 12}}",
        b"{\"cmd\": \"new\", \"game\": \"nsolo\", \"options\": {\"width\": 99}}",
        b"{\"cmd\": \"new\", \"game\": \"omweso\", \"options\": {\"colour\": \"red\"}}",
        b"{\"cmd\": \"play\", \"decision\": {\"sow\": [0, 0]}}",
        b"{\"cmd\": \"play\", \"decision\": {\"sow\": [200, 200]}}",
        b"{\"cmd\": \"play\", \"decision\": {\"sow\": [2, 0]}}",
        b"{\"cmd\": \"play\", \"move\": \"banana\"}",
        b"{\"cmd\": \"play\"}",
        b"{\"cmd\": \"play\", \"decision\": {\"strip\": [0, 0]}}",
        b"{\"cmd\": \"undo\"}",
        b"{\"cmd\": \"set\", \"position\": {\"game\": \"omweso\", \"rows\": [[1]], \"to_move\": \"south\"}}",
        b"{\"cmd\": \"set\", \"position\": {\"game\": \"hawalis\", \"rows\": [[9,9,9,9,9,9,9],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[2,2,2,2,2,2,2]], \"to_move\": \"south\"}}",
        b"{\"cmd\": \"load\", \"record\": {\"version\": 99, \"game\": \"hawalis\", \"decisions\": []}}",
        b"{\"cmd\": \"load\", \"record\": {\"version\": 1, \"game\": \"hawalis\", \"decisions\": [{\"sow\": [0, 0]}]}}",
        b"\xff\xfe\x00 not utf-8",
        b"{\"cmd\": \"legal\", \"extra\": 1}",
    ];
    for h in &hostile {
        input.extend_from_slice(h);
        input.push(b'\n');
    }
    // Deep nesting and a very long line.
    input.extend(std::iter::repeat_n(b'[', 100_000));
    input.push(b'\n');
    input.extend(
        format!(
            "{{\"cmd\": \"play\", \"move\": \"{}\"}}\n",
            "9".repeat(1_000_000)
        )
        .bytes(),
    );
    input.extend(lines(&[json!({"cmd": "position"})]));
    let (a, code) = session(&input);
    assert_eq!(code, 0, "the engine ends normally at end of input");
    assert!(is_error(&a[0]), "position before any game: {}", a[0]);
    let start = a[1]["position"].clone();
    let errors = &a[2..a.len() - 1];
    assert_eq!(errors.len(), hostile.len() + 2, "one answer per bad line");
    for (i, e) in errors.iter().enumerate() {
        assert!(is_error(e), "line {i} should be an error, got {e}");
    }
    // Clear messages name the problem.
    let text = |i: usize| errors[i]["error"].as_str().unwrap().to_string();
    assert!(text(7).contains("chess"), "{}", text(7));
    assert!(text(8).contains("width"), "{}", text(8));
    assert!(text(11).contains("illegal"), "{}", text(11));
    assert!(text(17).contains("nothing to undo"), "{}", text(17));
    assert!(text(19).contains("seeds"), "{}", text(19));
    assert!(text(20).contains("version"), "{}", text(20));
    assert!(text(21).contains("decision 1"), "{}", text(21));
    // The game is exactly as it was.
    assert_eq!(a[a.len() - 1]["position"], start);
}

#[test]
fn set_record_and_load_round_trip() {
    let position = json!({
        "game": "hawalis",
        "rows": [[0,0,0,0,0,0,0],[0,0,1,0,0,0,0],[0,0,0,0,0,0,0],[0,1,0,0,0,0,0]],
        "captured": {"south": 27, "north": 27},
        "to_move": "south"
    });
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": position}),
        json!({"cmd": "legal"}),
        json!({"cmd": "play", "move": "3,1"}),
        json!({"cmd": "record"}),
    ]));
    // South's only seed, (3,1), may move as a single into the empty (3,2).
    assert_eq!(a[1]["notation"], json!(["3,1"]));
    let record = a[3]["record"].clone();
    assert_eq!(record["decisions"], json!([{"sow": [3, 1]}]));
    let (b, _) = session(&lines(&[
        json!({"cmd": "load", "record": record}),
        json!({"cmd": "position"}),
    ]));
    assert_eq!(b[1]["position"], a[2]["position"]);
}

#[test]
fn no_take_back_mode_refuses_undo() {
    let (a, _) = session(&lines(&[
        json!({"cmd": "new", "game": "omweso", "options": {"play_mode": "no_take_back"}}),
        json!({"cmd": "play", "move": "3,0"}),
        json!({"cmd": "undo"}),
    ]));
    assert!(is_error(&a[2]));
    assert!(a[2]["error"].as_str().unwrap().contains("no take-back"));
}

#[test]
fn a_whole_game_through_the_engine_ends() {
    // A live conversation: always play the first legal decision until nothing is legal.
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-hall"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |cmd: Value| -> Value {
        writeln!(stdin, "{cmd}").unwrap();
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    };
    ask(json!({"cmd": "new", "game": "bao_kigogo"}));
    let mut over = None;
    for _ in 0..5000 {
        let legal = ask(json!({"cmd": "legal"}));
        let Some(first) = legal["legal"].as_array().unwrap().first().cloned() else {
            break;
        };
        let played = ask(json!({"cmd": "play", "decision": first}));
        assert!(!is_error(&played), "{played}");
        if let Some(o) = played["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["event"] == "game_over")
        {
            over = Some(o.clone());
        }
    }
    let o = over.expect("the game ended");
    assert!(o["reason"].is_string() && o["result"].is_string() || o["result"].is_object());
    let position = ask(json!({"cmd": "position"}));
    assert!(
        position["position"]["pending"]["over"].is_object(),
        "{}",
        position["position"]["pending"]
    );
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_computer_answers_through_the_engine() {
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": {
            "game": "hawalis",
            "rows": [[0,0,2,0,0,0,0],[0,0,3,0,0,0,0],[0,0,0,1,0,0,0],[1,0,0,0,0,0,0]],
            "captured": {"south": 25, "north": 24},
            "to_move": "south"}}),
        json!({"cmd": "ai", "level": "expert"}),
        json!({"cmd": "ai", "ms": 50, "seed": 3}),
        json!({"cmd": "ai", "level": "expert", "ms": 50}),
        json!({"cmd": "ai", "level": "grandmaster"}),
        json!({"cmd": "ai", "nodes": 500, "seed": 3}),
        json!({"cmd": "ai", "nodes": 0}),
        json!({"cmd": "ai", "nodes": 500, "ms": 50}),
        json!({"cmd": "new", "game": "bao-kigogo"}),
        json!({"cmd": "ai", "nodes": 3000, "seed": 9}),
        json!({"cmd": "ai", "nodes": 3000, "seed": 9}),
    ]));
    // The winning capture: (2,3) into the empty (2,2) takes North's last seeds.
    assert_eq!(a[1]["decision"], json!({"sow": [2, 3]}));
    assert_eq!(a[1]["notation"], "2,3");
    assert!(a[1]["score"].as_f64().unwrap() > 1000.0);
    assert_eq!(a[2]["decision"], json!({"sow": [2, 3]}));
    assert!(is_error(&a[3]));
    assert!(is_error(&a[4]));
    assert_eq!(a[5]["decision"], json!({"sow": [2, 3]}));
    assert!(a[5]["nodes"].as_u64().unwrap() <= 500);
    assert!(is_error(&a[6]) && is_error(&a[7]));
    // A position budget is reproducible: the same answer, the same positions visited.
    assert_eq!(a[9], a[10]);
    assert_eq!(a[9]["nodes"], json!(3000));
}

/// Issue 17's reproduction: Hawalis, set by hand (no turn played yet), four decisions
/// give the start back with South to move: a draw by repetition.
fn hawalis_cycle_start() -> Value {
    json!({
        "game": "hawalis",
        "rows": [[1,0,1,0,1,1,2],[0,1,0,1,0,1,0],[0,1,0,1,0,1,0],[2,1,1,0,1,0,1]],
        "captured": {"south": 19, "north": 19},
        "to_move": "south"
    })
}

fn game_over_event(answer: &Value) -> Option<Value> {
    answer["events"]
        .as_array()?
        .iter()
        .find(|e| e["event"] == "game_over")
        .cloned()
}

#[test]
fn a_set_position_that_comes_back_is_a_repetition() {
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": hawalis_cycle_start()}),
        json!({"cmd": "play", "move": "3,0"}),
        json!({"cmd": "play", "move": "0,6"}),
        json!({"cmd": "play", "move": "3,1"}),
        json!({"cmd": "play", "move": "0,5"}),
        json!({"cmd": "legal"}),
    ]));
    for (i, answer) in a[1..4].iter().enumerate() {
        assert_eq!(game_over_event(answer), None, "decision {}", i + 1);
    }
    assert_eq!(a[4]["position"]["rows"], a[0]["position"]["rows"]);
    assert_eq!(a[4]["position"]["to_move"], "south");
    let events = a[4]["events"].as_array().unwrap();
    assert!(events.contains(&json!({"event": "repetition", "occurrences": 2})));
    let over = game_over_event(&a[4]).expect("the game ends");
    assert_eq!(over["result"], "draw");
    assert_eq!(over["reason"], "repetition");
    assert_eq!(a[5]["legal"], json!([]));
}

#[test]
fn answers_carry_the_history_only_when_asked() {
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": hawalis_cycle_start()}),
        json!({"cmd": "play", "move": "3,0"}),
        json!({"cmd": "play", "move": "0,6", "history": true}),
        json!({"cmd": "position"}),
        json!({"cmd": "position", "history": true}),
        json!({"cmd": "undo"}),
        json!({"cmd": "undo", "history": true}),
        json!({"cmd": "new", "game": "nsolo"}),
        json!({"cmd": "new", "game": "nsolo", "history": true}),
    ]));
    for i in [0, 1, 3, 5, 7] {
        let p = a[i]["position"].as_object().expect("a position");
        assert!(!p.contains_key("history"), "answer {i}: {}", a[i]);
    }
    // The start and the positions after each turn.
    assert_eq!(a[2]["position"]["history"].as_array().unwrap().len(), 3);
    assert_eq!(a[4]["position"]["history"], a[2]["position"]["history"]);
    assert_eq!(a[6]["position"]["history"].as_array().unwrap().len(), 1);
    assert_eq!(a[8]["position"]["history"].as_array().unwrap().len(), 1);
    // Apart from the history, the answers are the same position.
    let mut with = a[4]["position"].clone();
    with.as_object_mut().unwrap().remove("history");
    assert_eq!(with, a[3]["position"]);

    // A position set with its history knows the start: two more decisions repeat it.
    let (b, _) = session(&lines(&[
        json!({"cmd": "set", "position": a[4]["position"]}),
        json!({"cmd": "play", "move": "3,1"}),
        json!({"cmd": "play", "move": "0,5"}),
    ]));
    assert_eq!(
        game_over_event(&b[2]).expect("a draw")["reason"],
        "repetition"
    );
    // Without it, the set position is the first one known: the game goes on.
    let (c, _) = session(&lines(&[
        json!({"cmd": "set", "position": a[3]["position"]}),
        json!({"cmd": "play", "move": "3,1"}),
        json!({"cmd": "play", "move": "0,5"}),
    ]));
    assert_eq!(game_over_event(&c[2]), None, "{}", c[2]);
    // A record of a game set from a position replays with the same history.
    let (d, _) = session(&lines(&[
        json!({"cmd": "set", "position": a[4]["position"]}),
        json!({"cmd": "play", "move": "3,1"}),
        json!({"cmd": "record"}),
    ]));
    let (e, _) = session(&lines(&[
        json!({"cmd": "load", "record": d[2]["record"]}),
        json!({"cmd": "play", "move": "0,5"}),
    ]));
    assert!(e[0]["position"].get("history").is_none());
    assert_eq!(
        game_over_event(&e[1]).expect("a draw")["reason"],
        "repetition"
    );
}

#[test]
fn error_lines_quote_a_short_prefix_of_the_input() {
    let big = "x".repeat(1_000_000);
    let nines = "9".repeat(1_000_000);
    let zeros = vec![0u8; 3_000_000];
    let arrange_text = format!("arrange {}", vec!["0"; 3_000_000].join(","));
    let input = lines(&[
        json!({"cmd": "new", "game": big}),
        json!({"cmd": big}),
        json!({"cmd": "new", "game": "omweso", "options": {big.as_str(): 1}}),
        json!({"cmd": "new", "game": "omweso", "options": {"first": big}}),
        json!({"cmd": "set", "position": {"game": big, "rows": [[1]], "to_move": "south"}}),
        json!({"cmd": "new", "game": "omweso"}),
        json!({"cmd": "play", "move": nines}),
        json!({"cmd": "play", "move": arrange_text}),
        json!({"cmd": "play", "decision": {"arrange": [zeros]}}),
        json!({"cmd": "play", "decision": {"sow": big}}),
        json!({"cmd": "load", "record": {"version": 1, "game": "omweso",
            "decisions": [{"arrange": [zeros]}]}}),
    ]);
    let (a, code) = session(&input);
    assert_eq!(code, 0);
    assert_eq!(a.len(), 11);
    let prefix = |c: &str| c.repeat(60);
    let expect: [(usize, String); 10] = [
        (
            0,
            format!("unknown game `{}…(1000000 characters)`", prefix("x")),
        ),
        (
            1,
            format!("unknown variant `{}…(1000000 characters)`", prefix("x")),
        ),
        (
            2,
            format!("unknown field `{}…(1000000 characters)`", prefix("x")),
        ),
        (
            3,
            format!("unknown variant `{}…(1000000 characters)`", prefix("x")),
        ),
        (
            4,
            format!("unknown variant `{}…(1000000 characters)`", prefix("x")),
        ),
        (
            6,
            format!("`{}…(1000000 characters)` is not a pit", prefix("9")),
        ),
        (7, "…(6000007 characters) is not legal".to_string()),
        (8, "…(6000007 characters) is not legal".to_string()),
        (
            9,
            format!("string \"{}…(1000000 characters)\"", prefix("x")),
        ),
        (10, "decision 1 (`arrange 0,0,".to_string()),
    ];
    for (i, want) in expect {
        let e = a[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{i}: {}", a[i]));
        assert!(
            e.contains(&want),
            "answer {i}: `{e}` should contain `{want}`"
        );
        assert!(e.chars().count() < 400, "answer {i} is {} long", e.len());
    }
    assert!(a[5]["position"].is_object(), "the game was made");
}

#[test]
fn an_omweso_game_set_without_a_match_is_played_again_when_annulled() {
    // The conventions' never-ending pattern on South's circuit, sown from (2,1) on
    // South's first turn: the game is annulled; the match a set position starts
    // offers the replay from the standard start, South first again.
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": {
            "game": "omweso",
            "rows": [[4,4,4,4,4,3,3,3],[3,3,3,3,3,3,3,3],[1,3,1,0,1,0,1,0],[0,1,0,1,0,1,0,1]],
            "to_move": "south"}}),
        json!({"cmd": "play", "move": "2,1"}),
        json!({"cmd": "legal"}),
        json!({"cmd": "play", "move": "next game"}),
    ]));
    assert_eq!(
        a[0]["position"]["match"]["points"],
        json!({"south": 0, "north": 0})
    );
    let over = game_over_event(&a[1]).expect("annulled");
    assert_eq!(over["result"], "annulled");
    assert_eq!(
        a[1]["position"]["pending"]["next_game"]["result"],
        "annulled"
    );
    assert_eq!(a[2]["notation"], json!(["next game"]));
    assert_eq!(
        a[3]["position"]["rows"],
        json!([
            [4, 4, 4, 4, 4, 4, 4, 4],
            [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0],
            [4, 4, 4, 4, 4, 4, 4, 4]
        ])
    );
    assert_eq!(a[3]["position"]["to_move"], "south");
    assert_eq!(
        a[3]["position"]["match"]["games"].as_array().unwrap().len(),
        1
    );
}

/// A record of `n` random legal decisions of Anywoli (from seed 3), as JSON.
fn random_record(n: usize) -> Value {
    use mancala_hall::rules::{Game, GameRecord, GameState, Lot, Options, apply, random_decision};
    let mut s = GameState::new(Game::Anywoli, Options::default()).unwrap();
    let mut r = GameRecord::new(Game::Anywoli, Options::default());
    let mut lot = Lot(3);
    while r.decisions.len() < n && !s.is_over() {
        let d = random_decision(&s, &mut lot).unwrap();
        apply(&mut s, d.clone()).unwrap();
        r.decisions.push(d);
    }
    assert_eq!(r.decisions.len(), n, "the random game lasts {n} decisions");
    serde_json::to_value(r).unwrap()
}

#[test]
fn errors_read_once_and_a_record_is_an_object() {
    // An illegal decision in a record is named once as illegal, with its number, and
    // `analyze` refuses it before searching anything (at 5,000,000 positions a
    // position, searching the 30 decisions before it would take minutes).
    let mut record = random_record(30);
    record["decisions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"sow": [0, 0]}));
    let (a, _) = session(&lines(&[
        json!({"cmd": "load", "record": record}),
        json!({"cmd": "analyze", "record": record, "nodes": 5_000_000}),
    ]));
    for answer in &a {
        let e = answer["error"].as_str().expect("refused");
        assert_eq!(e.matches("illegal decision").count(), 1, "{e}");
        assert!(e.contains("decision 31"), "{e}");
    }
    // Playing after the game is over reads like any other refused decision.
    // (Hawalis: South's 3,5 ends in the empty front pit of the last column and
    // takes North's last seeds, tests/review.rs.)
    let wins = json!({"game": "hawalis", "rows": [[0,0,0,0,0,0,2],[0,0,0,0,0,0,3],[0,0,0,0,0,0,0],[2,0,0,0,0,2,0]],
        "captured": {"south": 24, "north": 23}, "to_move": "south"});
    let (a, _) = session(&lines(&[
        json!({"cmd": "set", "position": wins}),
        json!({"cmd": "play", "move": "3,5"}),
        json!({"cmd": "play", "move": "3,0"}),
        json!({"cmd": "play", "move": "next game"}),
    ]));
    assert!(a[1]["position"]["pending"]["over"].is_object(), "{}", a[1]);
    for answer in &a[2..] {
        let e = answer["error"].as_str().expect("refused");
        assert!(e.starts_with("illegal decision: "), "{e}");
        assert!(e.contains("the game is over"), "{e}");
    }
    // A record sent as an array says what a record is, not "expected u32".
    let (a, _) = session(&lines(&[
        json!({"cmd": "load", "record": [1, "hawalis", {}, []]}),
        json!({"cmd": "analyze", "record": [1, "hawalis", {}, []]}),
    ]));
    for answer in &a {
        let e = answer["error"].as_str().expect("refused");
        assert!(e.contains("a record: an object"), "{e}");
        assert!(!e.contains("u32"), "{e}");
    }
}

#[test]
fn analyze_is_bounded_for_the_whole_record() {
    use mancala_hall::cli::engine::{MAX_ANALYZE_POSITIONS, analyze_nodes};
    // A short record gets the default; a long one fewer positions a position, so
    // that the whole review stays within the bound (about two searches a decision).
    assert_eq!(analyze_nodes(60, None), Ok(100_000));
    let long = analyze_nodes(6_400, None).unwrap();
    assert!(long < 100_000);
    assert!(long * (2 * 6_400 + 1) <= MAX_ANALYZE_POSITIONS);
    assert!((long + 1) * (2 * 6_400 + 1) > MAX_ANALYZE_POSITIONS);
    // An explicit budget beyond it is refused with the most the record allows.
    let e = analyze_nodes(6_400, Some(100_000)).unwrap_err();
    assert!(e.contains(&long.to_string()), "{e}");
    assert_eq!(analyze_nodes(6_400, Some(long)), Ok(long));
    // The engine answers such a line at once with that error, and goes on.
    let record = random_record(2_000);
    let (a, code) = session(&lines(&[
        json!({"cmd": "analyze", "record": record, "nodes": 1_000_000}),
        json!({"cmd": "new", "game": "hawalis"}),
    ]));
    assert_eq!(code, 0);
    let e = a[0]["error"].as_str().expect("refused");
    assert!(e.contains("at most"), "{e}");
    assert!(a[1]["position"].is_object());
}
