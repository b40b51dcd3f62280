//! Text a candidate wrote (a panic message, a refusal reason, a reading's name, its last
//! words on standard error), made inert before a report holds it: one line, cut to
//! [`crate::MAX_CANDIDATE_TEXT`] bytes, control and invisible characters written out; and
//! the Markdown forms every text of a report is written in, which nothing in the text can
//! turn into markup: an escaped line, a code span or a fenced block longer than any run of
//! backticks inside it.

/// `text` as a candidate's words in a report: one line, control characters and invisible
/// ones (bidirectional overrides, zero-width characters) written as escapes, cut to
/// [`crate::MAX_CANDIDATE_TEXT`] bytes.
pub fn candidate_text(text: &str) -> String {
    let line = one_line(text, crate::MAX_CANDIDATE_TEXT * 2);
    solitaire_oracle::capped(&line, crate::MAX_CANDIDATE_TEXT)
}

/// `text` on one line, reading up to `max` bytes of it: a line break written `\n`, a
/// carriage return `\r`, a tab as a space, and every other control or invisible character
/// as `\u{...}`.
pub fn one_line(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max));
    for c in text.chars() {
        if out.len() >= max {
            break;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push(' '),
            c if invisible(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A control character, or one that changes how the text around it shows without showing
/// itself.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}')
}

/// `text` as one line of Markdown that shows as written: every character that could start
/// markup (emphasis, links, images, HTML, entities, tables, headings) escaped with a
/// backslash, outside code spans, whose content shows as written anyway (a judge's title
/// may name a category as `target`).
pub fn markdown_line(text: &str) -> String {
    let text = one_line(text, usize::MAX);
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text.as_str();
    while let Some(open) = rest.find('`') {
        let (before, from) = rest.split_at(open);
        escape_into(before, &mut out);
        let run = from.len() - from.trim_start_matches('`').len();
        let after = &from[run..];
        match closing(after, run) {
            Some(end) => {
                out.push_str(&from[..run + end + run]);
                rest = &after[end + run..];
            }
            None => {
                // No closing run: the backticks show as they are.
                for _ in 0..run {
                    out.push_str("\\`");
                }
                rest = after;
            }
        }
    }
    escape_into(rest, &mut out);
    out
}

/// Where a run of exactly `run` backticks starts in `text`, if one does.
fn closing(text: &str, run: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let n = bytes[i..].iter().take_while(|b| **b == b'`').count();
            if n == run {
                return Some(i);
            }
            i += n;
        } else {
            i += 1;
        }
    }
    None
}

/// `text` with every character that could start markup escaped.
fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '[' | ']' | '<' | '>' | '!' | '&' | '|' | '~' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// `text` as an inline code span: delimited by one more backtick than its longest run of
/// backticks, on one line.
pub fn code_span(text: &str) -> String {
    let text = one_line(text, usize::MAX);
    let ticks = "`".repeat(longest_run(&text, '`') + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// `text` as a fenced code block with the info string `info`: the fence is longer than any
/// run of backticks in the text, so no line of it can close the block.
pub fn fenced(text: &str, info: &str) -> String {
    let fence = "`".repeat(longest_run(text, '`').max(2) + 1);
    format!("{fence}{info}\n{}\n{fence}\n", text.trim_end())
}

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for x in text.chars() {
        run = if x == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_text_is_one_line_without_controls_and_cut() {
        let text = candidate_text("a\nb\r\tc\u{1b}[31m\u{202e}d");
        assert_eq!(text, "a\\nb\\r c\\u{1b}[31m\\u{202e}d");
        let long = candidate_text(&"\n".repeat(10_000));
        assert!(
            long.len() <= crate::MAX_CANDIDATE_TEXT + 3,
            "{}",
            long.len()
        );
        assert!(!long.contains('\n'));
    }

    #[test]
    fn a_markdown_line_shows_markup_as_written() {
        let line = markdown_line("**Total: 110 / 110** [x](http://e) <b>&amp;</b> # h\nnext");
        assert_eq!(
            line,
            "\\*\\*Total: 110 / 110\\*\\* \\[x\\](http://e) \\<b\\>\\&amp;\\</b\\> \\# h\\\\nnext"
        );
        // Code spans stay code spans; a lone backtick shows as one.
        assert_eq!(
            markdown_line("refuses as `target_x` *not* `` a`b `` ` x_y"),
            "refuses as `target_x` \\*not\\* `` a`b `` \\` x\\_y"
        );
    }

    #[test]
    fn no_backtick_run_closes_a_fence_or_a_span() {
        let text = "before\n```\n**Total: 110 / 110**\n````\nafter";
        let block = fenced(text, "text");
        let fence = block.lines().next().unwrap_or_default();
        assert_eq!(fence, "`````text");
        assert!(block.ends_with("\n`````\n"));
        assert!(
            block
                .lines()
                .skip(1)
                .take(5)
                .all(|l| !l.starts_with("`````")),
            "{block}"
        );
        assert_eq!(code_span("a``b"), "```a``b```");
        assert_eq!(code_span("`x"), "`` `x ``");
    }
}
