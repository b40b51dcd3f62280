//! `sol simulate --plot`: a PNG or an SVG histogram by the file's extension, and a clear error
//! for any other extension.

use std::collections::HashSet;
use std::process::{Command, Output};

fn sol(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs")
}

fn temp_path(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("sol-plot-test-{}-{name}", std::process::id()));
    path.to_string_lossy().into_owned()
}

/// A tiny simulate (Weisser's G(3,2,2,3,3): every deal settles in milliseconds) plotting to `file`.
fn simulate_plot(file: &str) -> Output {
    sol(&[
        "simulate",
        "spider",
        "--family",
        "3,2,2,3,3",
        "--seeds",
        "1..20",
        "--jobs",
        "1",
        "--plot",
        file,
    ])
}

#[test]
fn a_png_plot_is_a_png_of_the_expected_size_with_text_and_bars() {
    let file = temp_path("g.png");
    let out = simulate_plot(&file);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).expect("the plot is written");
    let _ = std::fs::remove_file(&file);
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "not a PNG signature"
    );
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a valid PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut pixels).expect("valid PNG data");
    assert_eq!((info.width, info.height), (900, 500));
    let channels = info.color_type.samples();
    let colours: HashSet<&[u8]> = pixels[..info.buffer_size()]
        .chunks_exact(channels)
        .collect();
    // White ground, blue bars, black axes and grey grid lines, and anti-aliased text in between.
    assert!(
        colours.len() > 20,
        "only {} distinct colours: no text or no bars",
        colours.len()
    );
}

#[test]
fn an_svg_plot_is_still_svg() {
    let file = temp_path("G.SVG");
    let out = simulate_plot(&file);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&file).expect("the plot is written");
    let _ = std::fs::remove_file(&file);
    assert!(text.contains("<svg") && text.contains("moves in the winning path"));
}

#[test]
fn an_unknown_plot_extension_is_refused_naming_the_file() {
    let file = temp_path("g.jpg");
    let out = simulate_plot(&file);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&file) && err.contains("FILE.png"), "{err}");
    assert!(!std::path::Path::new(&file).exists());
}
