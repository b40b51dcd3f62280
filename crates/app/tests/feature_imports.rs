//! The app's features talk only through what each feature's `mod.rs` exports, and the
//! feature-level import graph has no cycle.
//!
//! A feature is a top-level module of `src` (a directory or a file; `lib.rs` and `main.rs`,
//! which assemble the features, are none). The test reads the sources (comments left out) and
//! fails on:
//! - a path `crate::<feature>::<inner>` outside `<feature>` where `<inner>` is one of the
//!   feature's submodules (its internals) rather than an item its `mod.rs` exports;
//! - a cycle among features, where feature A depends on B when A names anything of B.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// One use of another feature: `crate::<feature>` or `crate::<feature>::<inner>`.
struct Use {
    file: String,
    line: usize,
    feature: String,
    inner: Option<String>,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The source without comments (a `//` outside a string literal ends the line's code); line
/// breaks are kept, so offsets still give line numbers.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut prev = ' ';
        let mut end = line.len();
        for (i, c) in line.char_indices() {
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            }
            if !in_string && c == '/' && prev == '/' {
                end = i - 1;
                break;
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
        }
        out.push_str(&line[..end]);
        out.push('\n');
    }
    out
}

/// The identifier at the start of `s` (after blanks) and the rest.
fn ident(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start();
    let end = s.find(|c: char| !is_ident(c)).unwrap_or(s.len());
    (end > 0).then(|| (&s[..end], &s[end..]))
}

/// The items of a brace group `{a, b::c, d::{e, f}}` at the start of `s`: each item's text.
fn group(s: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut start = 1;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    items.push(&s[start..i]);
                    break;
                }
            }
            ',' if depth == 1 => {
                items.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}

/// The (feature, inner) pairs a path after `crate::` names: `a::b`, `a`, `{a::b, c::{d, e}}`.
fn names(after: &str) -> Vec<(String, Option<String>)> {
    let after = after.trim_start();
    if after.starts_with('{') {
        return group(after)
            .into_iter()
            .flat_map(|item| names(item.trim()))
            .collect();
    }
    let Some((first, rest)) = ident(after) else {
        return Vec::new();
    };
    let rest = rest.trim_start();
    let Some(rest) = rest.strip_prefix("::") else {
        return vec![(first.to_string(), None)];
    };
    let rest = rest.trim_start();
    if rest.starts_with('{') {
        return group(rest)
            .into_iter()
            .map(|item| {
                let inner = ident(item).map(|(i, _)| i.to_string());
                (first.to_string(), inner.filter(|i| i != "self"))
            })
            .collect();
    }
    let inner = ident(rest).map(|(i, _)| i.to_string());
    vec![(first.to_string(), inner)]
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Every `crate::...` path in `text`, and every `<feature>::<inner>` where the file imported
/// the feature's module itself (`use crate::ui;`).
fn uses(file: &str, text: &str, features: &BTreeSet<String>) -> Vec<Use> {
    let mut found = Vec::new();
    let mut imported = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        if text[..at].ends_with(|c: char| is_ident(c) || c == ':' || c == '$') {
            continue;
        }
        for (feature, inner) in names(&text[at + "crate::".len()..]) {
            if !features.contains(&feature) {
                continue;
            }
            if inner.is_none() {
                imported.insert(feature.clone());
            }
            found.push(Use {
                file: file.to_string(),
                line: line_of(text, at),
                feature,
                inner,
            });
        }
    }
    for feature in imported {
        let pattern = format!("{feature}::");
        for (at, _) in text.match_indices(&pattern) {
            if text[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let inner = ident(&text[at + pattern.len()..]).map(|(i, _)| i.to_string());
            found.push(Use {
                file: file.to_string(),
                line: line_of(text, at),
                feature: feature.clone(),
                inner,
            });
        }
    }
    found
}

/// The submodules a file declares (`mod x;`, `pub mod x {`, ...).
fn declared_modules(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(i) = words.iter().position(|w| *w == "mod")
            && words[..i].iter().all(|w| w.starts_with("pub"))
            && let Some(name) = words.get(i + 1)
        {
            out.insert(name.trim_end_matches([';', '{']).to_string());
        }
    }
    out
}

/// The names a `mod.rs` (or a feature file) exports with `pub use`.
fn reexports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("pub use ") {
        let stmt = &text[at + "pub use ".len()..];
        let stmt = &stmt[..stmt.find(';').unwrap_or(stmt.len())];
        let mut last = |item: &str| {
            let item = item.trim();
            let name = match item.split_once(" as ") {
                Some((_, alias)) => alias.trim(),
                None => item.rsplit("::").next().unwrap_or(item).trim(),
            };
            out.insert(name.to_string());
        };
        match stmt.find('{') {
            Some(b) => {
                for item in group(&stmt[b..]) {
                    last(item);
                }
            }
            None => last(stmt),
        }
    }
    out
}

struct App {
    /// Feature name → its files (path relative to `src`, code without comments).
    files: BTreeMap<String, Vec<(String, String)>>,
    /// Feature name → its submodules.
    inner: BTreeMap<String, BTreeSet<String>>,
    /// Feature name → names its `mod.rs` (or file) re-exports.
    exports: BTreeMap<String, BTreeSet<String>>,
}

fn app() -> App {
    let root = src();
    let mut all = Vec::new();
    rust_files(&root, &mut all);
    let mut app = App {
        files: BTreeMap::new(),
        inner: BTreeMap::new(),
        exports: BTreeMap::new(),
    };
    for path in all {
        let rel = path.strip_prefix(&root).unwrap_or(&path).to_path_buf();
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let feature = parts[0].trim_end_matches(".rs").to_string();
        if feature == "lib" || feature == "main" {
            continue;
        }
        let text = code(&read(&path));
        let face = parts.len() == 1 || (parts.len() == 2 && parts[1] == "mod.rs");
        if face {
            app.inner
                .entry(feature.clone())
                .or_default()
                .extend(declared_modules(&text));
            app.exports
                .entry(feature.clone())
                .or_default()
                .extend(reexports(&text));
        }
        let name = format!("src/{}", parts.join("/"));
        app.files.entry(feature).or_default().push((name, text));
    }
    app
}

/// Every use of one feature by another.
fn cross_uses(app: &App) -> Vec<(String, Use)> {
    let features: BTreeSet<String> = app.files.keys().cloned().collect();
    let mut out = Vec::new();
    for (feature, files) in &app.files {
        for (name, text) in files {
            for u in uses(name, text, &features) {
                if u.feature != *feature {
                    out.push((feature.clone(), u));
                }
            }
        }
    }
    out
}

/// A path is into a feature's internals when it names a submodule the feature does not
/// re-export under that name.
fn internal(app: &App, u: &Use) -> bool {
    let Some(inner) = &u.inner else { return false };
    let declared = app.inner.get(&u.feature).is_some_and(|m| m.contains(inner));
    let exported = app
        .exports
        .get(&u.feature)
        .is_some_and(|e| e.contains(inner));
    declared && !exported
}

type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// Feature → features it uses, each with the first place it does.
fn graph(app: &App) -> Graph {
    let mut g: Graph = app
        .files
        .keys()
        .map(|f| (f.clone(), BTreeMap::new()))
        .collect();
    for (from, u) in cross_uses(app) {
        g.entry(from)
            .or_default()
            .entry(u.feature.clone())
            .or_insert_with(|| format!("{}:{}", u.file, u.line));
    }
    g
}

/// One cycle through each group of features that reach one another.
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    fn visit(
        node: &str,
        g: &Graph,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in g.get(node).into_iter().flat_map(|e| e.keys()) {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                0 => visit(next, g, state, stack, out),
                1 => {
                    let from = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    out.push(cycle);
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    let mut out = Vec::new();
    for node in g.keys() {
        if !state.contains_key(node) {
            visit(node, g, &mut state, &mut Vec::new(), &mut out);
        }
    }
    out
}

#[test]
fn no_feature_names_another_features_internals() {
    let app = app();
    let bad: Vec<String> = cross_uses(&app)
        .into_iter()
        .filter(|(_, u)| internal(&app, u))
        .map(|(from, u)| {
            format!(
                "{}:{}: `crate::{}::{}` in {from}: `{}` is internal to {} (use what its mod.rs \
                 exports)",
                u.file,
                u.line,
                u.feature,
                u.inner.as_deref().unwrap_or(""),
                u.inner.as_deref().unwrap_or(""),
                u.feature
            )
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} uses of internals:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_feature_graph_has_no_cycle() {
    let app = app();
    let g = graph(&app);
    let edges: usize = g.values().map(BTreeMap::len).sum();
    eprintln!("{} features, {edges} dependencies:", g.len());
    for (from, to) in &g {
        let to: Vec<&str> = to.keys().map(String::as_str).collect();
        eprintln!("  {from} -> {}", to.join(", "));
    }
    let found = cycles(&g);
    let shown: Vec<String> = found
        .iter()
        .map(|cycle| {
            let steps: Vec<String> = cycle
                .windows(2)
                .map(|w| format!("  {} -> {} ({})", w[0], w[1], g[&w[0]][&w[1]]))
                .collect();
            format!("{}\n{}", cycle.join(" -> "), steps.join("\n"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "{} cycles:\n{}",
        found.len(),
        shown.join("\n")
    );
}

#[test]
fn the_reader_sees_paths_groups_and_module_imports() {
    let features: BTreeSet<String> = ["table", "ui", "play"].map(String::from).into();
    let text = code(
        "use crate::table::fit::Fit; // crate::play::hidden\n\
         use crate::{ui, play::{Notice, Play}};\n\
         fn f() { ui::text(\"crate::table::in_a_string\"); }\n",
    );
    let got: Vec<(String, Option<String>, usize)> = uses("f.rs", &text, &features)
        .into_iter()
        .map(|u| (u.feature, u.inner, u.line))
        .collect();
    let want = [
        ("table", Some("fit"), 1),
        ("ui", None, 2),
        ("play", Some("Notice"), 2),
        ("play", Some("Play"), 2),
        ("table", Some("in_a_string"), 3),
        ("ui", Some("text"), 3),
    ];
    let want: Vec<(String, Option<String>, usize)> = want
        .into_iter()
        .map(|(f, i, l)| (f.to_string(), i.map(String::from), l))
        .collect();
    assert_eq!(got, want);
    let g: Graph = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(f, t)| (f.to_string(), [(t.to_string(), String::new())].into()))
        .collect();
    assert_eq!(
        cycles(&g),
        vec![["a", "b", "c", "a"].map(String::from).to_vec()]
    );
}
