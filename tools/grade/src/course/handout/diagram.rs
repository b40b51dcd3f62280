//! The table as ASCII: each pile a box with its id where the layout puts it (rows from the
//! piles' `y`, columns from their `x`), its kind abbreviated under it.

use solitaire_core::{Layout, PileKind};

/// A short name for each kind, for the line under the boxes.
fn abbreviation(kind: PileKind) -> &'static str {
    match kind {
        PileKind::Tableau => "tab",
        PileKind::Foundation => "fnd",
        PileKind::Stock => "stk",
        PileKind::Waste => "wst",
        PileKind::Reserve => "res",
        PileKind::Cell => "cell",
        PileKind::Hand => "hand",
        PileKind::Indicator => "ind",
    }
}

/// Piles whose tops are closer than this (in table units; a card is 1.4 high) share a row.
const ROW: f32 = 0.5;

/// The layout's piles drawn as boxes, then a legend of the kinds used.
pub(crate) fn diagram(layout: &Layout) -> String {
    let mut piles: Vec<_> = layout.piles.iter().collect();
    piles.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    let mut rows: Vec<Vec<&solitaire_core::PileSpec>> = Vec::new();
    for pile in piles {
        match rows.last_mut() {
            Some(row) if pile.y - row[0].y < ROW => row.push(pile),
            _ => rows.push(vec![pile]),
        }
    }
    for row in &mut rows {
        row.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    let inner = layout
        .piles
        .iter()
        .map(|p| p.id.len())
        .chain([4])
        .max()
        .unwrap_or(4);
    let width = inner + 2;
    let gap = rows
        .iter()
        .flat_map(|row| row.windows(2).map(|w| w[1].x - w[0].x))
        .filter(|d| *d > 0.05)
        .fold(f32::INFINITY, f32::min);
    let gap = if gap.is_finite() { gap } else { 1.1 };
    let per_unit = (width + 1) as f32 / gap;
    let left = layout
        .piles
        .iter()
        .map(|p| p.x)
        .fold(f32::INFINITY, f32::min);
    let mut out = String::new();
    for row in &rows {
        let (mut boxes, mut kinds) = (String::new(), String::new());
        for pile in row {
            let want = ((pile.x - left) * per_unit).round().max(0.0) as usize;
            let at = want.max(if boxes.is_empty() { 0 } else { boxes.len() + 1 });
            boxes.push_str(&" ".repeat(at - boxes.len()));
            kinds.push_str(&" ".repeat(at - kinds.len()));
            boxes.push_str(&format!("[{:<inner$}]", pile.id));
            kinds.push_str(&format!(" {:<inner$} ", abbreviation(pile.kind)));
        }
        out.push_str(boxes.trim_end());
        out.push('\n');
        out.push_str(kinds.trim_end());
        out.push_str("\n\n");
    }
    let mut used: Vec<PileKind> = Vec::new();
    for pile in &layout.piles {
        if !used.contains(&pile.kind) {
            used.push(pile.kind);
        }
    }
    let legend: Vec<String> = used
        .iter()
        .filter(|k| abbreviation(**k) != k.name())
        .map(|k| format!("{} = {}", abbreviation(*k), k.name()))
        .collect();
    out.push_str(&legend.join(", "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_are_drawn_where_the_layout_puts_them() {
        let layout = Layout::parse(
            "t.ron",
            r#"(id: "t", name: "T", version: 1, rules: "x",
                deck: (suits: [Spades], copies: 1, ranks: 13), table: (width: 4.5, height: 4.0),
                piles: [
                    (id: "stock", kind: stock, x: 0.1, y: 0.1),
                    (id: "f1", kind: foundation, x: 2.3, y: 0.1),
                    (id: "t1", kind: tableau, x: 0.1, y: 1.8),
                    (id: "t2", kind: tableau, x: 1.2, y: 1.8),
                ],
                deal: [Rest(pile: "stock")])"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let text = diagram(&layout);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "[stock]         [f1   ]");
        assert_eq!(lines[1], " stk             fnd");
        assert_eq!(lines[3], "[t1   ] [t2   ]");
        assert_eq!(lines[6], "stk = stock, fnd = foundation, tab = tableau");
    }
}
