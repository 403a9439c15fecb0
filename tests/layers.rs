//! The shape of the code: the rules and the AI use no Bevy, and the modules of the
//! front end (`src/game/`) import one another without a cycle, so that the flow reads
//! one way (see `src/game/mod.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn sources(dir: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// The names that follow `prefix` in `text` (`super::seeds::X` gives `seeds`, and a
/// group `super::{framing, layout::X}` gives `framing` and `layout`).
fn uses(text: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        let Some(group) = rest.strip_prefix('{') else {
            out.insert(ident(rest));
            continue;
        };
        // The names at the group's top level, each before its `::`, `,` or `}`.
        let mut depth = 0;
        let mut start = 0;
        for (j, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    out.insert(ident(&group[start..j]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.insert(ident(&group[start..j]));
                    start = j + 1;
                }
                _ => {}
            }
        }
    }
    out
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
    let files = sources("src/game");
    let names: BTreeSet<String> = files
        .iter()
        .map(|(n, _)| n.clone())
        .filter(|n| n != "mod")
        .collect();
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .filter(|(n, _)| n != "mod")
        .map(|(n, text)| {
            let mut to = uses(text, "super::");
            to.extend(uses(text, "crate::game::"));
            to.retain(|m| names.contains(m) && m != n);
            (n.clone(), to)
        })
        .collect();
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

#[test]
fn grouped_imports_are_read() {
    let found = uses(
        "use super::{framing, layout::{self, X}};\nuse super::seeds::Y;",
        "super::",
    );
    let want: BTreeSet<String> = ["framing", "layout", "seeds"].map(String::from).into();
    assert_eq!(found, want);
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
