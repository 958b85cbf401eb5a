//! The api's top-level modules import one another in one direction (issue
//! 23: domain crate <- store <- adapters <- use cases <- HTTP <- the
//! composition root). Read from the source: module `a` depends on `b` when
//! a non-test line of `a` names `crate::b` (directly or in a
//! `use crate::{...}` group).
//!
//! No two modules call each other: a flow that must trigger another does
//! it through the job queue in the same transaction, or through one
//! explicit call from the layer above (a refund approved for a session not
//! yet held is composed by `bookings::approve_refund`, above `refunds`),
//! never by importing its sibling back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first-level names of a `use crate::{...}` group starting after its `{`.
fn group_names(rest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 1;
    let mut expecting = true;
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => expecting = true,
            c if expecting && depth == 1 && is_ident(c) => {
                let end = rest[i..]
                    .find(|c: char| !is_ident(c))
                    .map_or(rest.len(), |n| i + n);
                names.push(rest[i..end].to_owned());
                expecting = false;
                while chars.peek().is_some_and(|&(j, _)| j < end) {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    names
}

/// The top-level modules each module names, test modules and comments left out.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&src).expect("api/src") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        if path.is_dir() || (name != "lib" && name != "main") {
            modules.insert(name);
        }
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let first = relative.components().next().expect("component");
        let module = Path::new(first.as_os_str())
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        if !modules.contains(&module) {
            continue; // lib.rs, main.rs
        }
        let text = std::fs::read_to_string(&file).expect("readable");
        let code = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        let code: String = code
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut named = Vec::new();
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                named.extend(group_names(group));
            } else {
                let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
                named.push(rest[..end].to_owned());
            }
        }
        for other in named {
            if other != module && modules.contains(&other) {
                graph.get_mut(&module).expect("module").insert(other);
            }
        }
    }
    graph
}

/// The modules that are in a cycle: strongly connected components of more
/// than one module (Tarjan's algorithm).
fn modules_in_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: BTreeSet<String>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.extend(component.into_iter().map(str::to_owned));
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: BTreeSet::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn the_reader_finds_imports_and_cycles() {
    assert_eq!(
        group_names("a::{b, c}, d, self as e};"),
        ["a", "d", "self"],
        "first-level names only"
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(
        modules_in_cycles(&graph).into_iter().collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
}

#[test]
fn no_module_is_in_an_import_cycle() {
    let graph = module_graph();
    assert!(graph.len() >= 30, "{:?}", graph.keys());
    // The store and the adapters below the use cases import nothing above them.
    for low in ["store", "mail", "error", "http", "clock", "state"] {
        assert!(graph.contains_key(low), "api/src/{low} exists");
    }
    assert!(
        graph["store"].iter().all(|m| m == "clock"),
        "store imports {:?}",
        graph["store"]
    );
    // The composition root's state holds adapters only, never a flow.
    for flow in [
        "auth", "bookings", "payments", "refunds", "jobs", "web", "media", "payouts",
    ] {
        assert!(
            !graph["state"].contains(flow),
            "state imports {flow}: {:?}",
            graph["state"]
        );
    }
    let cyclic = modules_in_cycles(&graph);
    assert!(
        cyclic.is_empty(),
        "{cyclic:?} are in an import cycle among the api's top-level modules; \
         imports go down: domain crate <- store <- adapters <- use cases <- HTTP <- app/server/state"
    );
}
