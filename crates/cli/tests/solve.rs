//! `sol solve` and `sol simulate`: a solution that `sol play` accepts and wins, the knowledge
//! mode stated in every output, the summary and files of `simulate`.

use std::process::{Command, Output};

fn sol(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn temp_path(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("sol-solve-test-{}-{name}", std::process::id()));
    path.to_string_lossy().into_owned()
}

#[test]
fn a_solution_plays_to_a_win_in_sol_play() {
    let out = sol(&[
        "solve",
        "spider-1suit",
        "--seed",
        "4",
        "--time-limit",
        "20",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["knowledge"], "full");
    assert_eq!(v["outcome"], "solved");
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    let play = sol(&[
        "play",
        "spider-1suit",
        "--seed",
        "4",
        "--json",
        "--play",
        &moves.join(" "),
    ]);
    assert!(play.status.success());
    let p: serde_json::Value = serde_json::from_str(&stdout(&play)).expect("json");
    assert_eq!(p["status"], "won");
}

#[test]
fn text_output_states_the_knowledge_and_fair_gives_a_legal_hint() {
    let out = sol(&["solve", "bristol", "--seed", "1", "--nodes", "20000"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("knowledge: full"), "{}", stdout(&out));
    let fair = sol(&[
        "solve",
        "spider-1suit",
        "--seed",
        "2",
        "--fair",
        "--samples",
        "2",
        "--nodes",
        "40000",
        "--json",
    ]);
    assert!(fair.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&fair)).expect("json");
    assert_eq!(v["knowledge"], "fair");
    if let Some(hint) = v["hint"].as_str() {
        let moves = sol(&["moves", "spider-1suit", "--seed", "2"]);
        assert!(stdout(&moves).lines().any(|l| l == hint), "{hint}");
    }
}

#[test]
fn simulate_a_small_family_member_with_csv_and_plot() {
    let (csv, svg) = (temp_path("g.csv"), temp_path("g.svg"));
    let out = sol(&[
        "simulate",
        "spider",
        "--family",
        "3,2,2,3,3",
        "--seeds",
        "1..30",
        "--jobs",
        "1",
        "--csv",
        &csv,
        "--plot",
        &svg,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("knowledge: full"), "{text}");
    assert!(
        text.contains("win rate:") && text.contains("Wilson"),
        "{text}"
    );
    assert!(
        text.contains("unknown: 0"),
        "small members are settled exactly: {text}"
    );
    let rows = std::fs::read_to_string(&csv).expect("csv");
    assert_eq!(rows.lines().count(), 31);
    assert!(std::fs::read_to_string(&svg).expect("svg").contains("<svg"));
    let _ = (std::fs::remove_file(csv), std::fs::remove_file(svg));
}

#[test]
fn bad_family_and_seed_ranges_are_refused() {
    let out = sol(&[
        "simulate",
        "spider",
        "--family",
        "4,2,2,9,3",
        "--seeds",
        "1..2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let out = sol(&[
        "simulate",
        "bristol",
        "--family",
        "4,2,2,3,3",
        "--seeds",
        "1..2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let out = sol(&["simulate", "spider", "--seeds", "9..2"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_says_whether_the_games_own_search_served_its_readings() {
    let course = temp_path("crown-by-hand.ron");
    std::fs::write(
        &course,
        r#"(games: {"interregnum": (readings: {"crown": "by-hand"})})"#,
    )
    .expect("course");
    let json = |args: &[&str]| -> serde_json::Value {
        let out = sol(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_str(&stdout(&out)).expect("JSON")
    };
    let served = json(&[
        "solve",
        "interregnum",
        "--seed",
        "1",
        "--nodes",
        "2000",
        "--json",
    ]);
    assert_eq!(served["own_search"], "serves");
    let unserved = json(&[
        "solve",
        "interregnum",
        "--seed",
        "1",
        "--nodes",
        "2000",
        "--json",
        "--course",
        &course,
    ]);
    assert_eq!(unserved["own_search"], "unserved: crown: by-hand");
    assert!(
        !unserved["method"]
            .as_str()
            .unwrap_or("")
            .starts_with("interregnum"),
        "{unserved}"
    );
    let none = json(&[
        "solve",
        "labyrinth",
        "--seed",
        "1",
        "--nodes",
        "2000",
        "--json",
    ]);
    assert_eq!(none["own_search"], "none");
    let text = stdout(&sol(&[
        "solve",
        "interregnum",
        "--seed",
        "1",
        "--nodes",
        "2000",
        "--course",
        &course,
    ]));
    assert!(
        text.contains("own search: not for crown: by-hand (the generic search answered)"),
        "{text}"
    );
    let _ = std::fs::remove_file(&course);
}

#[test]
fn tuning_knobs_are_flags_checked_against_the_games_search() {
    let unknown = sol(&["solve", "spider-1suit", "--seed", "4", "--tune", "bogus=1"]);
    assert_eq!(unknown.status.code(), Some(2));
    let said = String::from_utf8_lossy(&unknown.stderr).to_string();
    assert!(
        said.contains("--tune bogus: no such knob; spider-1suit's search reads:")
            && said.contains("spider-portfolio (the fast search's attempts")
            && said.contains("; spider-weights (the guide's weights"),
        "{said}"
    );
    let help = sol(&["solve", "spider", "--seed", "1", "--tune", "help"]);
    assert!(
        String::from_utf8_lossy(&help.stderr).starts_with("sol: spider's search reads: "),
        "{}",
        String::from_utf8_lossy(&help.stderr)
    );
    let none = sol(&["solve", "labyrinth", "--seed", "1", "--tune", "x=1"]);
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("labyrinth's search has no knobs"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
    let traced = sol(&[
        "solve",
        "spider-1suit",
        "--seed",
        "4",
        "--time-limit",
        "20",
        "--tune",
        "spider-portfolio=b256s4",
        "--trace",
        "--json",
    ]);
    assert!(traced.status.success());
    let trace = String::from_utf8_lossy(&traced.stderr).to_string();
    assert!(trace.starts_with("b256s4 nodes "), "{trace}");
    assert_eq!(trace.lines().count(), 1, "one attempt: {trace}");
}

#[test]
fn a_loss_the_dead_end_test_proves_names_the_card() {
    let out = sol(&[
        "solve", "klondike", "--seed", "6", "--nodes", "1000", "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["outcome"], "unsolvable");
    assert!(
        v["why"]
            .as_str()
            .is_some_and(|w| w.starts_with("AS can never go home: no play ever frees it")),
        "{v}"
    );
    let won = sol(&[
        "solve", "bristol", "--seed", "1", "--nodes", "20000", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&won)).expect("JSON");
    assert!(v["why"].is_null(), "{v}");
    let text = stdout(&sol(&[
        "solve", "klondike", "--seed", "6", "--nodes", "1000",
    ]));
    assert!(text.contains("\nwhy: AS can never go home"), "{text}");
}
