//! The commands a Markdown page (a handout, a starter's README) prints: the `sol` commands in
//! backticks (with a game or more after the verb), and every line of its `sh` blocks,
//! here-documents whole.

/// One command as printed, and whether its line shows a refused move (`sol` then exits 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    /// The command; a here-document is `cat > FILE <<'EOF'`, its lines and `EOF`.
    pub text: String,
    /// It ends on a move its line says is refused.
    pub refused: bool,
}

/// The commands `page` prints, in order.
pub fn commands(page: &str) -> Vec<Printed> {
    let mut out = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```sh") {
            shell_block(&mut lines, &mut out);
            continue;
        }
        let refused = line.contains(" is refused");
        for span in line.split('`').skip(1).step_by(2) {
            if span.starts_with("sol ") && span.split_whitespace().count() > 2 {
                out.push(Printed {
                    text: span.to_string(),
                    refused,
                });
            }
        }
    }
    out
}

/// The lines of an `sh` block up to its closing fence, a here-document as one command.
fn shell_block<'a>(lines: &mut impl Iterator<Item = &'a str>, out: &mut Vec<Printed>) {
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```") {
            return;
        }
        let command = line.split("  #").next().unwrap_or(line).trim_end();
        if command.is_empty() {
            continue;
        }
        let mut text = command.to_string();
        if command.starts_with("cat > ") && command.ends_with("<<'EOF'") {
            for body in lines.by_ref() {
                text.push('\n');
                text.push_str(body);
                if body == "EOF" {
                    break;
                }
            }
        }
        out.push(Printed {
            text,
            refused: false,
        });
    }
}
