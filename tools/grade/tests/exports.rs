//! Grades where instructors keep them: a report as Gradescope's `results.json` and a gradebook
//! as Canvas and Moodle imports, each compared with a golden file
//! (`tests/golden/`; `UPDATE_GOLDEN=1` writes them anew).

use std::collections::BTreeMap;
use std::path::Path;

use solitaire_grader::class::export::{Identity, canvas_csv, gradescope, moodle_csv};
use solitaire_grader::judge::report::{Finding, Part, Share};
use solitaire_grader::{GradebookRow, Report};

fn golden(name: &str, found: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&path, found).unwrap_or_else(|e| panic!("{e}"));
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(found, want, "{name} differs from its golden file");
}

fn part(id: &'static str, title: &'static str, points: f64, max: f64) -> Part {
    Part {
        id,
        title,
        points,
        max,
        checks: 10,
        passed: 10,
        findings: Vec::new(),
        scoring: format!("{max} points."),
        hidden: None,
    }
}

fn report() -> Report {
    let mut conformance = part("conformance", "2. Conformance scenarios", 28.0, 35.0);
    conformance.checks = 20;
    conformance.passed = 16;
    conformance.hidden = Some(Share {
        points: 3.5,
        max: 7.0,
        checks: 4,
        passed: 2,
    });
    conformance.findings = vec![
        Finding {
            title: "Scenario 3: 'found the Aces' (games/bristol/conformance/bristol.ron)".into(),
            detail: "step 1: expected t1>f1 refused as target\nfound: t1>f1 is accepted".into(),
            reproduce: vec!["sol play ada-bristol --seed 3 --play \"t1>f1\"".into()],
            hidden: false,
        },
        Finding {
            title: "Hidden scenario: 'an emptied fan is never refilled'".into(),
            detail: "The instructor's scenario on this rule failed.".into(),
            reproduce: Vec::new(),
            hidden: true,
        },
    ];
    // A kind of fault found only in a hidden check: its 5 points are the hidden share's.
    let mut robustness = part("robustness", "4. Robustness", 10.0, 15.0);
    robustness.hidden = Some(Share {
        points: -5.0,
        max: 0.0,
        checks: 4,
        passed: 3,
    });
    robustness.findings = vec![Finding {
        title: "hidden scenario \"'never refilled'\": the candidate panicked (the message is \
                not shown for this check)"
            .into(),
        hidden: true,
        ..Finding::default()
    }];
    Report {
        candidate: "ada-bristol".into(),
        reference: "bristol".into(),
        readings: BTreeMap::new(),
        seeds: 10,
        total: 83.0,
        max: 100.0,
        parts: vec![
            part("layout", "1. Layout and deal", 15.0, 15.0),
            conformance,
            part("differential", "3. Differential play", 30.0, 35.0),
            robustness,
        ],
        notes: Vec::new(),
    }
}

#[test]
fn a_report_as_gradescope_results_shows_the_hidden_checks_only_after_publishing() {
    let results = gradescope(&report());
    let tests = results["tests"].as_array().cloned().unwrap_or_default();
    assert_eq!(tests.len(), 6);
    let scores: f64 = tests.iter().filter_map(|t| t["score"].as_f64()).sum();
    assert_eq!(scores, 83.0, "the tests add up to the total");
    let score_max = |t: &serde_json::Value| (t["score"].as_f64(), t["max_score"].as_f64());
    let hidden = &tests[2];
    assert_eq!(hidden["visibility"], "after_published");
    assert_eq!(score_max(hidden), (Some(3.5), Some(7.0)));
    // Robustness as the public checks alone give it; the hidden fault's cost published later.
    assert_eq!(score_max(&tests[4]), (Some(15.0), Some(15.0)));
    assert_eq!(tests[4]["visibility"], "visible");
    assert_eq!(score_max(&tests[5]), (Some(-5.0), Some(0.0)));
    assert_eq!(tests[5]["visibility"], "after_published");
    for test in tests.iter().filter(|t| t["visibility"] == "visible") {
        let output = test["output"].as_str().unwrap_or("");
        assert!(
            !output.contains("Hidden scenario") && !output.contains("never refilled"),
            "{output}"
        );
    }
    // No total while tests are hidden: Gradescope adds up the tests.
    assert!(results.get("score").is_none(), "{results}");
    assert!(!results["output"].as_str().unwrap_or("").contains("83"));
    golden(
        "results.json",
        &format!(
            "{}\n",
            serde_json::to_string_pretty(&results).unwrap_or_default()
        ),
    );

    // Without hidden checks, one test per part and the total at the top.
    let mut public = report();
    for part in &mut public.parts {
        part.hidden = None;
        part.findings.retain(|f| !f.hidden);
    }
    let results = gradescope(&public);
    assert_eq!(results["tests"].as_array().map(Vec::len), Some(4));
    assert_eq!(results["score"].as_f64(), Some(83.0));
}

#[test]
fn a_markdown_report_keeps_the_hidden_findings_in_their_own_section() {
    let md = report().to_markdown();
    let (before, after) = md
        .split_once("## The instructor's hidden checks")
        .unwrap_or_else(|| panic!("no hidden section:\n{md}"));
    assert!(!before.contains("never refilled"), "{before}");
    assert!(before.contains("Scenario 3: 'found the Aces'"), "{before}");
    assert!(after.contains("Hidden scenario: 'an emptied fan is never refilled'"));
    assert!(
        after.contains("### 4. Robustness (-5 / 0, 3 of 4 checks passed)"),
        "{after}"
    );
}

fn rows() -> (Vec<GradebookRow>, BTreeMap<String, Identity>) {
    let row = |student: &str, reference: &str, total: &str| GradebookRow {
        student: student.into(),
        game: format!("x-{reference}"),
        reference: reference.into(),
        total: total.into(),
        ..GradebookRow::default()
    };
    let rows = vec![
        row("Ada Lovelace", "bristol", "88"),
        row("Ada Lovelace", "labyrinth", "100"),
        row("=cmd|' /C calc'!A0", "bristol", "0"),
        row("octocat", "labyrinth", "64.5"),
    ];
    let mut ids = BTreeMap::new();
    ids.insert(
        "Ada Lovelace".to_string(),
        Identity {
            login: Some("ada".into()),
            sis_id: Some("S1815".into()),
            name: None,
        },
    );
    ids.insert(
        "octocat".to_string(),
        Identity {
            login: Some("octocat".into()),
            sis_id: Some("S2001".into()),
            name: Some("Mona Lisa Octocat".into()),
        },
    );
    (rows, ids)
}

#[test]
fn a_gradebook_as_a_canvas_import_has_a_column_per_assignment() {
    let (rows, ids) = rows();
    // The docs' own course: 15 + 35 + 30 + 15 + 10 against a reference.
    let possible = |assignment: &str| {
        if assignment == "bristol" {
            105.0
        } else {
            100.0
        }
    };
    let csv = canvas_csv(&rows, &ids, &possible);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "Student,ID,SIS User ID,SIS Login ID,Section,bristol,labyrinth"
    );
    assert_eq!(lines[1], "Points Possible,,,,,105,100");
    assert_eq!(lines[2], "Ada Lovelace,,S1815,ada,,88,100");
    assert_eq!(lines[4], "Mona Lisa Octocat,,S2001,octocat,,,64.5");
    assert!(lines[3].starts_with("'=cmd"), "{}", lines[3]);
    golden("canvas.csv", &csv);
}

#[test]
fn a_gradebook_as_a_moodle_import_is_keyed_by_username_and_id_number() {
    let (rows, ids) = rows();
    let csv = moodle_csv(&rows, &ids);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Username,ID number,Full name,bristol,labyrinth");
    assert_eq!(lines[1], "ada,S1815,Ada Lovelace,88,100");
    assert_eq!(lines[3], "octocat,S2001,Mona Lisa Octocat,,64.5");
    golden("moodle.csv", &csv);
}
