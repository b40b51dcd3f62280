//! The similarity report in Markdown: a table of the pairs, and for each a section with its
//! matching line ranges side by side, capped in size.

use std::fmt::Write;

use super::document::Document;
use super::pairs::{Pair, PairOptions};
use super::regions::Lines;
use super::winnow::{K, W};

/// The most pairs given a section (the table lists them all).
const MAX_SECTIONS: usize = 50;

/// The most regions shown for one pair.
const MAX_REGIONS: usize = 4;

/// The most lines shown of one side of a region.
const MAX_LINES: usize = 40;

/// The most characters shown of one line.
const MAX_WIDTH: usize = 160;

/// The report of `pairs` (as [`super::class_pairs`] returned them with `options`): a table
/// with both percentages and a link to each pair's section, where the largest matching
/// regions are shown side by side. Student text is escaped, so it stays text.
pub fn report_markdown(pairs: &[Pair], options: &PairOptions) -> String {
    let mut out = String::from("# Similarity\n\n");
    let _ = writeln!(
        out,
        "Pairs of the same game in which at least {}% of the smaller side's fingerprints are \
         found in the other (winnowed runs of {K} tokens, windows of {W}; names, literal \
         values, comments and layout do not count){}.\n",
        options.threshold,
        left_out(options)
    );
    if pairs.is_empty() {
        out.push_str("No pair reached the threshold.\n");
        return out;
    }
    out.push_str("| | Game | A | B | A matched by B | B matched by A | Shared |\n");
    out.push_str("|---|---|---|---|---:|---:|---:|\n");
    for (i, pair) in pairs.iter().enumerate() {
        let n = i + 1;
        let link = if n <= MAX_SECTIONS {
            format!("[{n}](#pair-{n})")
        } else {
            n.to_string()
        };
        let c = &pair.comparison;
        let _ = writeln!(
            out,
            "| {link} | {} | {} | {} | {:.0}% | {:.0}% | {} |",
            cell(&pair.game),
            cell(&pair.a.name),
            cell(&b_name(pair)),
            c.a_in_b,
            c.b_in_a,
            c.shared
        );
    }
    for (i, pair) in pairs.iter().take(MAX_SECTIONS).enumerate() {
        section(&mut out, i + 1, pair);
    }
    if pairs.len() > MAX_SECTIONS {
        let _ = writeln!(
            out,
            "\n({} more pairs not shown.)",
            pairs.len() - MAX_SECTIONS
        );
    }
    out
}

fn left_out(options: &PairOptions) -> String {
    let mut parts = Vec::new();
    if options.base.is_some() {
        parts.push("the scaffold's fingerprints".to_string());
    }
    if !options.ignore.is_empty() {
        parts.push(format!(
            "{} fingerprints of the house style",
            options.ignore.len()
        ));
    }
    if let Some(max) = options.common {
        parts.push(format!("those found in more than {max} submissions"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("; {} are left out", parts.join(" and "))
    }
}

fn b_name(pair: &Pair) -> String {
    if pair.b_is_reference {
        format!("{} (reference)", pair.b.name)
    } else {
        pair.b.name.clone()
    }
}

fn section(out: &mut String, n: usize, pair: &Pair) {
    let c = &pair.comparison;
    let _ = writeln!(
        out,
        "\n<a id=\"pair-{n}\"></a>\n\n## {n}. {} ~ {} ({}): {:.0}% and {:.0}%\n",
        html(&pair.a.name),
        html(&b_name(pair)),
        html(&pair.game),
        c.a_in_b,
        c.b_in_a
    );
    for region in c.regions.iter().take(MAX_REGIONS) {
        let _ = writeln!(
            out,
            "### {} ~ {} ({} fingerprints)\n",
            place(&pair.a, region.a),
            place(&pair.b, region.b),
            region.prints
        );
        let _ = writeln!(
            out,
            "<table><tr><td><pre>\n{}</pre></td><td><pre>\n{}</pre></td></tr></table>\n",
            excerpt(&pair.a, region.a),
            excerpt(&pair.b, region.b)
        );
    }
    if c.regions.len() > MAX_REGIONS {
        let _ = writeln!(
            out,
            "({} smaller regions not shown.)",
            c.regions.len() - MAX_REGIONS
        );
    }
}

fn place(document: &Document, lines: Lines) -> String {
    let path = document.files.get(lines.file).map_or("?", |f| &f.path);
    format!("{}:{}-{}", html(path), lines.first, lines.last)
}

/// The lines, numbered (so that no line is blank and ends the HTML block), escaped and cut.
fn excerpt(document: &Document, lines: Lines) -> String {
    let shown = document.lines(lines.file, lines.first, lines.last);
    let mut out = String::new();
    for (i, line) in shown.iter().take(MAX_LINES).enumerate() {
        let text: String = line.chars().take(MAX_WIDTH).collect();
        let _ = writeln!(out, "{:>4} | {}", lines.first as usize + i, html(&text));
    }
    if shown.len() > MAX_LINES {
        let _ = writeln!(out, "     | ({} more lines)", shown.len() - MAX_LINES);
    }
    out
}

/// Text made safe inside HTML and Markdown: markup characters escaped, control characters
/// replaced.
fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("    "),
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Text for a table cell: escaped, and its `|` too.
fn cell(text: &str) -> String {
    html(text).replace('|', "\\|")
}
