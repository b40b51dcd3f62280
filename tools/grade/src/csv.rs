//! CSV as the grader writes and reads it (the gradebook, the exports, the deadline's
//! collection log): fields quoted where they must be, and a text a spreadsheet would run as a
//! formula written with a `'` in front (OWASP's rule against CSV injection).

/// Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection).
const FORMULA: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV field: a text that starts like a formula gets a `'` in front, so spreadsheets show
/// it as text (a number stays a number); quoted when it holds a comma, quote or newline.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(FORMULA) && s.parse::<f64>().is_err() {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// A field as [`csv_field`] wrote it, without the `'` it put in front of a formula.
pub fn from_csv_field(s: String) -> String {
    match s.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA) && rest.parse::<f64>().is_err() => rest.to_string(),
        _ => s,
    }
}

/// CSV records: fields split on commas, quoted fields with doubled quotes.
pub fn records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".into());
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}
