//! Every output of `sol solve` and `sol simulate` (text, `--json`, `--csv`) states the knowledge
//! mode, full or fair.

use std::process::{Command, Output};

fn sol(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Weisser's G(3,2,2,3,3): a Spider family member small enough to settle in milliseconds.
const SMALL: [&str; 3] = ["spider", "--family", "3,2,2,3,3"];

fn solve(extra: &[&str]) -> String {
    let mut args = vec!["solve"];
    args.extend(SMALL);
    args.extend(["--seed", "3", "--samples", "2"]);
    args.extend(extra);
    stdout(&sol(&args))
}

#[test]
fn solve_states_the_knowledge_in_text_and_json() {
    for (flags, mode) in [
        (&[][..], "full"),
        (&["--full"], "full"),
        (&["--fair"], "fair"),
    ] {
        let text = solve(flags);
        assert!(
            text.contains(&format!("knowledge: {mode} (")),
            "{flags:?}: {text}"
        );
        let json = solve(&[flags, &["--json"]].concat());
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(v["knowledge"], mode, "{flags:?}: {json}");
    }
}

#[test]
fn simulate_states_the_knowledge_in_text_and_csv() {
    let csv = std::env::temp_dir().join(format!("sol-knowledge-test-{}.csv", std::process::id()));
    let csv = csv.to_string_lossy().into_owned();
    let mut args = vec!["simulate"];
    args.extend(SMALL);
    args.extend(["--seeds", "1..5", "--jobs", "1", "--csv", &csv]);
    let text = stdout(&sol(&args));
    assert!(text.contains("knowledge: full"), "{text}");
    let rows = std::fs::read_to_string(&csv).expect("csv");
    let _ = std::fs::remove_file(&csv);
    let mut lines = rows.lines();
    // The knowledge column comes seventh, after the deal's columns, which keep their places;
    // the run's columns follow it.
    let header = lines.next().unwrap_or_default();
    assert!(
        header.starts_with("seed,outcome,length,seconds,nodes,method,knowledge,game,"),
        "{header}"
    );
    let deals: Vec<&str> = lines.collect();
    assert_eq!(deals.len(), 5);
    assert!(
        deals.iter().all(|l| l.split(',').nth(6) == Some("full")),
        "{rows}"
    );
}
