//! The generated files: the layout (the default one or a copy of another game's piles and
//! deal) and the crate's sources, filled in from the templates in `templates/`.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use solitaire_core::{DealStep, DeckSpec, Face, Fan, Layout, PileKind, PileSpec, Suit, TableSize};

use crate::names::{type_name, validate_id};
use crate::{Request, ScaffoldError};

const LIB: &str = include_str!("../templates/lib.rs.in");
const RULES: &str = include_str!("../templates/rules.rs.in");
const TESTS: &str = include_str!("../templates/tests.rs.in");
const MANIFEST: &str = include_str!("../templates/Cargo.toml.in");
const LAYOUT: &str = include_str!("../templates/layout.ron.in");

/// Every pile kind, in the order the generated `build` lists them.
const KINDS: [PileKind; 8] = [
    PileKind::Tableau,
    PileKind::Foundation,
    PileKind::Stock,
    PileKind::Waste,
    PileKind::Reserve,
    PileKind::Cell,
    PileKind::Hand,
    PileKind::Indicator,
];

/// The game a new one starts from (`--like`): its layout and what the new crate's
/// documentation should say about it.
pub(crate) struct Like {
    id: String,
    layout: Layout,
    /// Doc comment lines (without `//! `) for the new crate.
    notes: Vec<String>,
}

impl Like {
    /// Read `games/<folder>/layouts/<like>.ron` and what its plugin crate says about its rules.
    pub(crate) fn read(root: &Path, like: &str) -> Result<Like, ScaffoldError> {
        let found = validate_id(like)
            .ok()
            .and_then(|()| layout_files(root).into_iter().find(|(id, _)| id == like));
        let Some((_, rel)) = found else {
            return Err(ScaffoldError::UnknownLike {
                like: like.to_string(),
                known: known_layouts(root).join(", "),
            });
        };
        let path = root.join(&rel);
        let text = fs::read_to_string(&path).map_err(|source| ScaffoldError::Io {
            path: path.clone(),
            source,
        })?;
        let layout = Layout::parse(&rel, &text)?;
        let name = &layout.name;
        let plugin = &layout.rules;
        let mut notes = vec![
            String::new(),
            format!(
                "Started with `sol new-game --like {like}`: the layout's deck, piles and deal \
                 are {name}'s."
            ),
        ];
        let src = root.join("games").join(plugin).join("src");
        if sources(&src).iter().any(|s| s.contains("fn deal(&self")) {
            notes.push(format!(
                "{name} deals through its own `Rules::deal` (see games/{plugin}/src): the \
                 copied deal script alone may not do all that its deal does."
            ));
        }
        if text.lines().any(|l| l.trim_start().starts_with("params:")) {
            notes.push(format!(
                "{name}'s layout has parameters for its own plugin: they are not copied."
            ));
        }
        let rules = fs::read_to_string(src.join("lib.rs"))
            .map(|lib| rules_section(&lib))
            .unwrap_or_default();
        if !rules.is_empty() {
            notes.push(String::new());
            notes.push(format!(
                "{name}'s rules (games/{plugin}), to start from; this game plays none of them yet:"
            ));
            notes.extend(rules);
        }
        Ok(Like {
            id: like.to_string(),
            layout,
            notes,
        })
    }
}

/// The ids of the checkout's layout files, sorted.
fn known_layouts(root: &Path) -> Vec<String> {
    layout_files(root).into_iter().map(|(id, _)| id).collect()
}

/// The checkout's layout files, `games/<folder>/layouts/<id>.ron`, each with its id and its
/// path relative to `root`, sorted by id.
pub(crate) fn layout_files(root: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for folder in fs::read_dir(root.join("games"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let folder_name = folder.file_name().to_string_lossy().into_owned();
        for entry in fs::read_dir(folder.path().join("layouts"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if let Some(id) = name.strip_suffix(".ron") {
                files.push((
                    id.to_string(),
                    format!("games/{folder_name}/layouts/{name}"),
                ));
            }
        }
    }
    files.sort();
    files
}

/// The texts of a crate's sources other than its tests.
fn sources(src: &Path) -> Vec<String> {
    fs::read_dir(src)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name() != "tests.rs")
        .filter_map(|e| fs::read_to_string(e.path()).ok())
        .collect()
}

/// The lines of the `# Rules` section of a crate's `//!` documentation, without `//! `.
fn rules_section(lib: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            break;
        };
        let doc = doc.strip_prefix(' ').unwrap_or(doc);
        if doc.starts_with('#') {
            inside = doc.trim() == "# Rules";
            continue;
        }
        if inside {
            out.push(doc.to_string());
        }
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out
}

/// The layout file's text.
pub(crate) fn layout(request: &Request, like: Option<&Like>) -> String {
    let default;
    let (deck, card_scale, table, piles, deal) = match like {
        Some(l) => (
            &l.layout.deck,
            l.layout.card_scale,
            l.layout.table,
            &l.layout.piles,
            &l.layout.deal,
        ),
        None => {
            default = default_layout();
            (&default.0, 1.0, default.1, &default.2, &default.3)
        }
    };
    let like_comment = like.map_or(String::new(), |l| {
        format!(
            "\n// Started from the piles and deal of {} (`sol new-game --like {}`).",
            l.layout.name, l.id
        )
    });
    let scale = if card_scale == 1.0 {
        String::new()
    } else {
        format!("\n    card_scale: {card_scale:?},")
    };
    let suits: Vec<String> = deck.suits.iter().map(|s| format!("{s:?}")).collect();
    fill(
        LAYOUT,
        &[
            ("{{id}}", &request.id),
            ("{{Name}}", &request.name),
            ("{{like_comment}}", &like_comment),
            (
                "{{deck}}",
                &format!(
                    "(suits: [{}], copies: {}, ranks: {})",
                    suits.join(", "),
                    deck.copies,
                    deck.ranks
                ),
            ),
            ("{{card_scale}}", &scale),
            (
                "{{table}}",
                &format!("(width: {:?}, height: {:?})", table.width, table.height),
            ),
            (
                "{{piles}}",
                &piles.iter().map(pile_line).collect::<String>(),
            ),
            ("{{deal}}", &deal.iter().map(deal_line).collect::<String>()),
        ],
    )
}

/// The default table: a stock, four foundations and four columns of one face-up card.
fn default_layout() -> (DeckSpec, TableSize, Vec<PileSpec>, Vec<DealStep>) {
    let pile = |id: String, kind, x: f32, y: f32, fan| PileSpec {
        id,
        kind,
        x,
        y,
        fan,
        show_count: kind == PileKind::Stock,
        label: None,
    };
    let column = |i: u8| 0.1 + 1.1 * f32::from(i);
    let mut piles = vec![pile("stock".into(), PileKind::Stock, 0.1, 0.1, Fan::None)];
    for i in 0..4u8 {
        let x = (column(i + 3) * 10.0).round() / 10.0;
        piles.push(pile(
            format!("f{}", i + 1),
            PileKind::Foundation,
            x,
            0.1,
            Fan::None,
        ));
    }
    for i in 0..4u8 {
        let x = (column(i) * 10.0).round() / 10.0;
        piles.push(pile(
            format!("t{}", i + 1),
            PileKind::Tableau,
            x,
            1.8,
            Fan::Down,
        ));
    }
    let deck = DeckSpec {
        suits: vec![Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs],
        copies: 1,
        ranks: 13,
    };
    let deal = vec![
        DealStep::Rows {
            piles: vec!["t1..t4".into()],
            rows: 1,
            face: Face::Up,
        },
        DealStep::Rest {
            pile: "stock".into(),
        },
    ];
    let table = TableSize {
        width: 7.8,
        height: 6.0,
    };
    (deck, table, piles, deal)
}

/// A RON string literal.
fn ron_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn ron_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| ron_string(s)).collect();
    format!("[{}]", items.join(", "))
}

fn pile_line(p: &PileSpec) -> String {
    let mut line = format!(
        "        (id: {}, kind: {}, x: {:?}, y: {:?}",
        ron_string(&p.id),
        p.kind.name(),
        p.x,
        p.y
    );
    if p.fan != Fan::None {
        let _ = write!(line, ", fan: {:?}", p.fan);
    }
    if p.show_count {
        line.push_str(", show_count: true");
    }
    if let Some(label) = &p.label {
        let _ = write!(line, ", label: {}", ron_string(label));
    }
    line.push_str("),\n");
    line
}

fn deal_line(step: &DealStep) -> String {
    let body = match step {
        DealStep::Rows { piles, rows, face } => format!(
            "Rows(piles: {}, rows: {rows}, face: {face:?})",
            ron_list(piles)
        ),
        DealStep::Fill { pile, count, face } => format!(
            "Fill(pile: {}, count: {count}, face: {face:?})",
            ron_string(pile)
        ),
        DealStep::Extract { cards, piles } => {
            format!(
                "Extract(cards: {}, piles: {})",
                ron_list(cards),
                ron_list(piles)
            )
        }
        DealStep::Rest { pile } => format!("Rest(pile: {})", ron_string(pile)),
    };
    format!("        {body},\n")
}

/// The crate's files, relative to `games/<id>/`.
pub(crate) fn crate_files(
    request: &Request,
    layout: &Layout,
    like: Option<&Like>,
) -> Vec<(&'static str, String)> {
    let present: Vec<PileKind> = KINDS
        .into_iter()
        .filter(|k| layout.piles.iter().any(|p| p.kind == *k))
        .collect();
    let variant = |k: PileKind| format!("{k:?}");
    let kinds = present
        .iter()
        .map(|&k| format!("PileKind::{}", variant(k)))
        .collect::<Vec<_>>()
        .join(", ");
    let name_literal = format!("{:?}", request.name);
    let win = if present.contains(&PileKind::Foundation) {
        PileKind::Foundation
    } else {
        present.first().copied().unwrap_or(PileKind::Foundation)
    };
    let notes: String = like.map_or(String::new(), |l| {
        l.notes.iter().map(|n| doc_lines(n)).collect()
    });
    let type_name = type_name(&request.id);
    let values: &[(&str, &str)] = &[
        ("{{id}}", &request.id),
        ("{{Name}}", &request.name),
        ("{{Type}}", &type_name),
        ("{{like_notes}}", &notes),
        ("{{name_literal}}", &name_literal),
        ("{{kinds}}", &kinds),
        ("{{win_role}}", &variant(win)),
        ("{{win_kind}}", win.name()),
    ];
    vec![
        ("Cargo.toml", fill(MANIFEST, values)),
        ("src/lib.rs", fill(LIB, values)),
        ("src/rules.rs", fill(RULES, values)),
        ("src/tests.rs", fill(TESTS, values)),
    ]
}

/// `//!` lines for a note: copied rules lines as they are, prose notes wrapped at 96 columns.
fn doc_lines(note: &str) -> String {
    if note.is_empty() {
        return "//!\n".to_string();
    }
    if note.len() <= 92 || note.starts_with(' ') || note.starts_with('-') {
        return format!("//! {note}\n");
    }
    let mut out = String::new();
    let mut line = String::new();
    for word in note.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > 92 {
            let _ = writeln!(out, "//! {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "//! {line}");
    out
}

fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(key, value);
    }
    out
}
