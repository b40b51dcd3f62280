//! The app in a real (virtual) window: the menu and every registered game with a fixed deal,
//! run under Xvfb with Mesa's software Vulkan, each saving a screenshot that must exist, have
//! the window's size and not be blank.
//!
//! Needs `xvfb-run` and Mesa's Vulkan driver (Debian: `xvfb xauth mesa-vulkan-drivers`;
//! `.ci/run` installs them). Without them the test says so and passes, except under CI
//! (`CI` set), where a missing Xvfb is a failure.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;
/// Frames before the screenshot: shader compilation leaves the first ones blank on a
/// software renderer.
const FRAMES: &str = "150";

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Run the app for one screen and return the screenshot's path.
fn shoot(out: &Path, data: &Path, name: &str, args: &[&str]) -> PathBuf {
    let png = out.join(format!("{name}.png"));
    let window = format!("{WIDTH}x{HEIGHT}");
    let screen = format!("-screen 0 {WIDTH}x{HEIGHT}x24");
    let status = Command::new("timeout")
        .arg("300")
        .arg("xvfb-run")
        .args(["-a", "-s", &screen])
        .arg(env!("CARGO_BIN_EXE_solitaire"))
        .args(["--window", &window, "--exit-after-frames", FRAMES])
        .arg("--data-dir")
        .arg(data)
        .arg("--screenshot")
        .arg(&png)
        .args(args)
        .env("WGPU_BACKEND", "vulkan")
        .status()
        .unwrap_or_else(|e| panic!("{name}: could not start xvfb-run: {e}"));
    assert!(status.success(), "{name}: the app exited with {status}");
    png
}

/// Whether a screenshot has the window's size and shows something: at least 64 distinct
/// colours and no colour covering 98% of it.
fn check(png: &Path) -> Result<usize, String> {
    let bytes = std::fs::read(png).map_err(|e| format!("{}: {e}", png.display()))?;
    let image = Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .map_err(|e| format!("{}: {e}", png.display()))?;
    if (image.width(), image.height()) != (WIDTH, HEIGHT) {
        return Err(format!(
            "{}: {}x{}",
            png.display(),
            image.width(),
            image.height()
        ));
    }
    let data = image.data.as_deref().unwrap_or_default();
    let mut colours: HashMap<&[u8], usize> = HashMap::new();
    for px in data.chunks(4) {
        *colours.entry(px).or_default() += 1;
    }
    let total = (WIDTH * HEIGHT) as usize;
    let most = colours.values().copied().max().unwrap_or(0);
    if colours.len() < 64 || most * 100 > total * 98 {
        return Err(format!(
            "{}: looks blank ({} colours)",
            png.display(),
            colours.len()
        ));
    }
    Ok(colours.len())
}

#[test]
fn the_menu_and_every_game_render_in_a_real_window() {
    if !have("xvfb-run") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs xvfb-run (xvfb xauth mesa-vulkan-drivers)"
        );
        eprintln!("skipped: no xvfb-run here (apt-get install xvfb xauth mesa-vulkan-drivers)");
        return;
    }
    let root = std::env::temp_dir().join(format!("solitaire-shots-{}", std::process::id()));
    let (out, data) = (root.join("shots"), root.join("data"));
    std::fs::create_dir_all(&out).expect("temp dir");
    std::fs::create_dir_all(&data).expect("temp dir");
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut shots = vec![shoot(&out, &data, "menu", &[])];
    for game in catalog.games() {
        shots.push(shoot(
            &out,
            &data,
            game.id(),
            &["--game", game.id(), "--seed", "1"],
        ));
    }
    let failures: Vec<String> = shots.iter().filter_map(|png| check(png).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{} screenshots in {}", shots.len(), out.display());
}
