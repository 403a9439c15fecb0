//! The shape of the code: the rules and the AI use no Bevy, and the modules of the
//! rules (`src/rules/`) and of the front end (`src/game/`, folders included) import
//! one another without a cycle, so that the flow reads one way (see
//! `docs/architecture.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `.rs` file under `dir`, folders included, as (file stem, text); a folder's
/// `mod.rs` is named after the folder.
fn sources(dir: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                let name = if stem == "mod" {
                    let folder = path.parent().unwrap().file_name().unwrap();
                    folder.to_string_lossy().into_owned()
                } else {
                    stem
                };
                out.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut out);
    out.sort();
    out
}

/// Every name in the paths that follow `prefix` in `text`: `super::seeds::X` gives
/// `seeds` and `X`, and a group `super::{framing, layout::{self, X}}` gives
/// `framing`, `layout`, `self` and `X`.
fn uses(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(prefix) {
        // Only a path's start: not the `super::` inside `super::super::`.
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut depth = 0usize;
        let mut name = String::new();
        for c in text[i + prefix.len()..].chars() {
            match c {
                c if c.is_alphanumeric() || c == '_' => {
                    name.push(c);
                    continue;
                }
                ':' | ' ' | '\n' => {}
                '{' => depth += 1,
                ',' if depth > 0 => {}
                '}' if depth > 0 => depth -= 1,
                _ => {
                    out.insert(std::mem::take(&mut name));
                    break;
                }
            }
            if !name.is_empty() {
                out.insert(std::mem::take(&mut name));
            }
            if depth == 0 && c == '}' {
                break;
            }
        }
    }
    out.remove("");
    out
}

/// The code of a source file: without comments (a doc link is no import) and
/// without its unit tests (which may use the whole crate).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names `root` re-exports (`pub use play::{apply, legal_decisions};`), each with
/// the module it comes from: an import of `super::apply` is an import of `play`.
fn re_exports(root: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (i, _) in root.match_indices("pub use ") {
        let rest = &root[i + "pub use ".len()..];
        let statement = &rest[..rest.find(';').unwrap_or(rest.len())];
        let Some((module, names)) = statement.split_once("::") else {
            continue;
        };
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = name.trim();
            if !name.is_empty() {
                out.insert(name.to_string(), module.trim().to_string());
            }
        }
    }
    out
}

/// The modules of `dir` and the modules each imports (through any of `prefixes`),
/// leaving out `root`, the folder's own `mod.rs`, but for the names it re-exports:
/// those count as imports of the module that defines them. A module's unit tests
/// (`tests.rs`, as `mod tests` inside a file) may use the whole crate.
fn import_graph(dir: &str, root: &str, prefixes: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let all = sources(dir);
    let exported = all
        .iter()
        .find(|(n, _)| n == root)
        .map(|(_, text)| re_exports(&code(text)))
        .unwrap_or_default();
    let files: Vec<(String, String)> = all
        .into_iter()
        .filter(|(n, _)| n != root && n != "tests")
        .collect();
    let names: BTreeSet<String> = files.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(
        names.len(),
        files.len(),
        "two modules of {dir} share a name"
    );
    files
        .iter()
        .map(|(n, text)| {
            let text = code(text);
            let mut to = BTreeSet::new();
            for prefix in prefixes {
                for name in uses(&text, prefix) {
                    to.insert(exported.get(&name).cloned().unwrap_or(name));
                }
            }
            to.retain(|m| names.contains(m) && m != n);
            (n.clone(), to)
        })
        .collect()
}

/// A cycle in the graph, if there is one (depth-first search).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in &graph[node] {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_rules_and_the_ai_use_no_bevy() {
    for dir in [
        "src/rules",
        "src/ai",
        "src/content",
        "src/cli",
        "src/online",
    ] {
        for (name, text) in sources(dir) {
            assert!(!text.contains("bevy"), "{dir}/{name}.rs mentions Bevy");
        }
    }
}

#[test]
fn the_front_end_modules_import_one_another_without_a_cycle() {
    let graph = import_graph("src/game", "game", &["super::", "crate::game::"]);
    assert!(graph.len() > 20, "read {} modules", graph.len());
    assert!(
        graph["session"].contains("animation"),
        "the check sees imports"
    );
    assert_eq!(find_cycle(&graph), None, "a cycle of imports");
    // The write path knows nothing of the lessons, the records or the input.
    for below in ["tutorial", "records", "input", "kiosk", "menu", "hud"] {
        assert!(
            !graph["session"].contains(below),
            "session.rs imports {below}"
        );
    }
}

/// The layers of `src/game`, from the bottom: each folder may import the folders
/// below it, never one above. `base` is the folder's own shared files (`shared.rs`,
/// `wake.rs`; `game/mod.rs`'s states and sets are not a module of the graph), `top` the
/// files that wire or watch the whole (`app.rs`, `args.rs`, `pace.rs`).
const GAME_LAYERS: [&str; 8] = [
    "base", "look", "show", "play", "ui", "venue", "checks", "top",
];

/// Each module of `src/game` and its layer: its folder, or for a file of `src/game`
/// itself, `base` or `top`.
fn game_layers() -> BTreeMap<String, usize> {
    let layer = |name: &str| GAME_LAYERS.iter().position(|l| *l == name);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&root).unwrap().filter_map(|e| e.ok()) {
        let path = entry.path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let at = layer(&stem).unwrap_or_else(|| panic!("src/game/{stem}/ has no layer"));
            for (name, _) in sources(&format!("src/game/{stem}")) {
                out.insert(name, at);
            }
        } else if stem != "mod" {
            let base = stem == "wake" || stem == "shared";
            let at = if base { 0 } else { GAME_LAYERS.len() - 1 };
            out.insert(stem, at);
        }
    }
    out
}

#[test]
fn the_front_end_folders_are_layers() {
    let graph = import_graph("src/game", "game", &["super::", "crate::game::"]);
    let layers = game_layers();
    let mut up = BTreeSet::new();
    for (from, to) in &graph {
        for m in to {
            if layers[m] > layers[from] {
                up.insert((from.clone(), m.clone()));
            }
        }
    }
    let name = |m: &String| format!("{} ({})", m, GAME_LAYERS[layers[m]]);
    assert!(
        up.is_empty(),
        "imports running up a layer: {:?}",
        up.iter()
            .map(|(a, b)| format!("{} -> {}", name(a), name(b)))
            .collect::<Vec<_>>()
    );
    assert!(layers["kiosk"] > layers["session"] && layers["board"] > layers["scene"]);
}

#[test]
fn the_online_modules_import_one_another_without_a_cycle() {
    let graph = import_graph("src/online", "online", &["super::", "crate::online::"]);
    assert!(graph.len() > 10, "read {} modules", graph.len());
    assert!(
        graph["lobby"].contains("protocol"),
        "the check sees imports"
    );
    assert_eq!(find_cycle(&graph), None, "a cycle of imports");
}

#[test]
fn the_rules_modules_import_one_another_without_a_cycle() {
    let graph = import_graph("src/rules", "rules", &["super::", "crate::rules::"]);
    assert!(graph.len() > 12, "read {} modules", graph.len());
    assert!(graph["play"].contains("sowing"), "the check sees imports");
    assert!(
        graph["record"].contains("play"),
        "the check sees re-exported names"
    );
    assert_eq!(find_cycle(&graph), None, "a cycle of imports");
    // The kernel knows no game: each game's rules build on it, never the other way.
    for game in ["omweso", "anywoli", "relay"] {
        for below in ["sowing", "state", "seeds", "board", "history", "turn"] {
            assert!(!graph[below].contains(game), "{below}.rs imports {game}");
        }
    }
}

#[test]
fn the_kernel_and_the_position_format_name_no_game() {
    // What differs by game is said by the game's module (its `Rules` facts), so the
    // shared files hold no branch on one game (their unit tests may name games).
    let files = sources("src/rules");
    let kernel = [
        "sowing", "state", "seeds", "board", "history", "turn", "position",
    ];
    for (name, text) in files.iter().filter(|(n, _)| kernel.contains(&n.as_str())) {
        let code = code(text);
        for game in ["Omweso", "Anywoli", "Nsolo", "Hawalis", "BaoKigogo"] {
            assert!(
                !code.contains(&format!("Game::{game}")),
                "{name}.rs branches on Game::{game}"
            );
        }
    }
    let read: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(kernel.iter().all(|k| read.contains(k)), "read {read:?}");
}

#[test]
fn the_crates_top_modules_import_one_another_without_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap().filter_map(|e| e.ok()) {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        let texts: Vec<String> = if path.is_dir() {
            let dir = format!("src/{name}");
            sources(&dir)
                .into_iter()
                .filter(|(n, _)| n != "tests")
                .map(|(_, t)| code(&t))
                .collect()
        } else {
            vec![code(&std::fs::read_to_string(&path).unwrap())]
        };
        let to = graph.entry(name.clone()).or_default();
        for text in texts {
            to.extend(uses(&text, "crate::"));
        }
        to.remove(&name);
    }
    let names: BTreeSet<String> = graph.keys().cloned().collect();
    for to in graph.values_mut() {
        to.retain(|m| names.contains(m));
    }
    assert!(graph["game"].contains("rules"), "the check sees imports");
    assert_eq!(find_cycle(&graph), None, "a cycle of imports");
    // The rules stand on nothing else of the crate.
    assert_eq!(graph["rules"], BTreeSet::new());
}

#[test]
fn grouped_imports_are_read() {
    let found = uses(
        "use super::{framing, layout::{self, X}};\nuse super::seeds::Y;",
        "super::",
    );
    let want: BTreeSet<String> = ["framing", "layout", "self", "X", "seeds", "Y"]
        .map(String::from)
        .into();
    assert_eq!(found, want);
}

#[test]
fn re_exported_names_lead_to_their_module_and_comments_are_no_imports() {
    let root = "pub use play::{apply, legal_decisions};\npub use state::GameState;";
    let exported = re_exports(root);
    assert_eq!(exported["legal_decisions"], "play");
    assert_eq!(exported["GameState"], "state");
    let text = "/// See [`super::omweso::X`].\nuse super::seeds::Y;\n#[cfg(test)]\nmod tests {\n    use super::relay;\n}";
    assert_eq!(
        uses(&code(text), "super::"),
        ["seeds", "Y"].map(String::from).into()
    );
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")] {
        g.entry(a.into()).or_default().insert(b.into());
        g.entry(b.into()).or_default();
    }
    let cycle = find_cycle(&g).expect("a -> b -> c -> a");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4);
}
