//! `shotcheck W H FILE...`: each screenshot exists, is W x H pixels and is not blank
//! (at least 64 distinct colours, no single colour covering 98% of it). Exit 1 on failure.

use std::collections::HashMap;
use std::process::ExitCode;

fn check(path: &str, want: (u32, u32)) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().map_err(|e| format!("{path}: {e}"))?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or(format!("{path}: too large"))?];
    let info = reader.next_frame(&mut buf).map_err(|e| format!("{path}: {e}"))?;
    if (info.width, info.height) != want {
        return Err(format!("{path}: {}x{}, expected {}x{}", info.width, info.height, want.0, want.1));
    }
    let channels = info.color_type.samples();
    let mut colours: HashMap<&[u8], usize> = HashMap::new();
    for px in buf[..info.buffer_size()].chunks(channels) {
        *colours.entry(px).or_default() += 1;
    }
    let total = (info.width * info.height) as usize;
    let most = colours.values().copied().max().unwrap_or(0);
    if colours.len() < 64 || most * 100 > total * 98 {
        return Err(format!("{path}: looks blank ({} colours, the commonest covers {}%)", colours.len(), most * 100 / total.max(1)));
    }
    Ok(format!("{path}: ok, {}x{}, {} colours", info.width, info.height, colours.len()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(w), Some(h)) = (args.first().and_then(|a| a.parse().ok()), args.get(1).and_then(|a| a.parse().ok())) else {
        eprintln!("usage: shotcheck WIDTH HEIGHT FILE...");
        return ExitCode::from(2);
    };
    let (mut passed, mut failed) = (0, 0);
    for path in &args[2..] {
        match check(path, (w, h)) {
            Ok(line) => { println!("{line}"); passed += 1; }
            Err(line) => { eprintln!("{line}"); failed += 1; }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
