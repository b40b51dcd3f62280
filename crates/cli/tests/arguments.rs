//! The command line's conventions: argument errors are one `sol:` line and status 1 (status 2
//! is for moves only), `--help` and `--version` print and exit 0, and every numeric argument
//! is refused outside its range with the range in the message.

mod common;

use common::{assert_one_line_failure, sol, stdout};

#[test]
fn argument_errors_exit_1_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["deal", "spider", "--seed", "abc"], "--seed"),
        (&["deal", "spider"], "--seed"),
        (&["dael", "spider", "--seed", "1"], "dael"),
        (
            &["deal", "spider", "--seed", "1", "--frobnicate"],
            "--frobnicate",
        ),
        (&[], "no command"),
        (&["walk", "spider", "--seed", "1"], "--steps"),
    ];
    for (args, needle) in cases {
        let out = sol(args);
        assert_one_line_failure(&out, 1, &[needle, "--help"]);
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn argument_errors_point_to_the_subcommand_help() {
    let out = sol(&["deal", "spider", "--seed", "abc"]);
    assert_one_line_failure(&out, 1, &["(see sol deal --help)"]);
}

#[test]
fn help_and_version_print_and_exit_0() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["deal", "--help"],
        &["help", "simulate"],
    ] {
        let out = sol(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!stdout(&out).is_empty(), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
    assert!(stdout(&sol(&["simulate", "--help"])).contains("--course"));
}

#[test]
fn time_limit_inf_is_refused_with_the_range() {
    for command in [
        &["solve", "spider", "--seed", "1"][..],
        &["simulate", "spider", "--seeds", "1..2"],
    ] {
        for limit in ["inf", "1.8e19", "1e300"] {
            let out = sol(&[command, &["--time-limit", limit]].concat());
            assert_one_line_failure(&out, 1, &["--time-limit", "above 0", "at most 1000000"]);
        }
    }
}

#[test]
fn time_limit_nan_zero_and_negative_are_refused() {
    for limit in ["nan", "NaN", "0", "-1", "=-inf", "1000000.5"] {
        let out = match limit.strip_prefix('=') {
            Some(value) => sol(&[
                "solve",
                "spider",
                "--seed",
                "1",
                &format!("--time-limit={value}"),
            ]),
            None => sol(&["solve", "spider", "--seed", "1", "--time-limit", limit]),
        };
        assert_one_line_failure(&out, 1, &["at most 1000000"]);
    }
}

#[test]
fn huge_seed_ranges_are_refused_with_the_maximum() {
    for range in [
        "0..18446744073709551615",
        "1..4294967296",
        "1..10000001",
        "5..3",
        "x",
    ] {
        let out = sol(&["simulate", "spider", "--seeds", range]);
        assert_one_line_failure(&out, 1, &["--seeds", "A <= B", "at most 10000000 deals"]);
    }
}

#[test]
fn the_last_seeds_of_u64_are_a_valid_range() {
    let out = common::sol_owned(&common::family_simulate(
        "18446744073709551614..18446744073709551615",
        "1",
        &[],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert!(stdout(&out).contains("(of 2)"), "{}", stdout(&out));
}

#[test]
fn jobs_beyond_the_machine_are_refused_with_the_range() {
    for jobs in ["0", "10000", "257", "-1"] {
        let out = sol(&["simulate", "spider", "--seeds", "1", "--jobs", jobs]);
        assert_one_line_failure(&out, 1, &["--jobs", "give 1 to ", "at most 256"]);
    }
}

#[test]
fn walk_steps_and_fair_samples_have_ranges() {
    let out = sol(&[
        "walk",
        "spider",
        "--seed",
        "1",
        "--steps",
        "18446744073709551615",
    ]);
    assert_one_line_failure(&out, 1, &["--steps", "0 to 1000000"]);
    for samples in ["0", "4294967296"] {
        let out = sol(&[
            "solve",
            "spider",
            "--seed",
            "1",
            "--fair",
            "--samples",
            samples,
        ]);
        assert_one_line_failure(&out, 1, &["--samples", "1 to 10000"]);
    }
}

#[test]
fn illegal_moves_still_exit_2() {
    let out = sol(&["play", "spider", "--seed", "1", "--play", "t1>t2 nonsense"]);
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
}
