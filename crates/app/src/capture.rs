//! Screenshots and measurements from the command line: `--screenshot PATH` with
//! `--exit-after-frames K` saves the window at frame K and exits; `--frame-stats` prints the
//! time from launch to the menu and the frame times while cards fly.

use std::time::Instant;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::cli::Options;
use crate::screen::Screen;
use crate::table::Flight;

/// When the process started.
#[derive(Resource)]
pub struct Launch(pub Instant);

/// Frame times (seconds) recorded while cards were flying.
#[derive(Resource, Default)]
struct FlightFrames {
    times: Vec<f32>,
    reported: bool,
}

/// Mean and 99th percentile of frame times, in milliseconds.
pub fn summarize(times: &[f32]) -> Option<(f32, f32)> {
    if times.is_empty() {
        return None;
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f32::total_cmp);
    let mean = sorted.iter().sum::<f32>() / sorted.len() as f32;
    let p99 = sorted[((sorted.len() as f32 * 0.99).ceil() as usize).clamp(1, sorted.len()) - 1];
    Some((mean * 1000.0, p99 * 1000.0))
}

fn take_screenshot(
    mut commands: Commands,
    options: Res<Options>,
    frames: Res<FrameCount>,
    mut taken: Local<bool>,
) {
    let (Some(path), Some(k)) = (&options.screenshot, options.exit_after_frames) else {
        return;
    };
    if *taken || frames.0 < k {
        return;
    }
    *taken = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}

/// Without a screenshot, `--exit-after-frames K` just exits at frame K (a safety net too:
/// if the capture never arrives, exit with an error 300 frames later).
fn exit_after_frames(
    options: Res<Options>,
    frames: Res<FrameCount>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(k) = options.exit_after_frames else {
        return;
    };
    if options.screenshot.is_none() && frames.0 >= k {
        exit.write(AppExit::Success);
    } else if frames.0 >= k + 300 {
        error!("the screenshot was not captured");
        exit.write(AppExit::from_code(1));
    }
}

fn report_menu_time(options: Res<Options>, launch: Option<Res<Launch>>, mut done: Local<bool>) {
    if options.frame_stats
        && !*done
        && let Some(launch) = launch
    {
        *done = true;
        println!(
            "frame-stats: menu shown {:.0} ms after launch",
            launch.0.elapsed().as_secs_f64() * 1000.0
        );
    }
}

fn record_flight_frames(
    options: Res<Options>,
    // Wall-clock frame times: the virtual clock caps a frame at 250 ms, which would hide
    // the slowest frames.
    time: Res<Time<Real>>,
    flying: Query<(), With<Flight>>,
    mut frames: ResMut<FlightFrames>,
) {
    if !options.frame_stats || frames.reported {
        return;
    }
    if !flying.is_empty() {
        frames.times.push(time.delta_secs());
    } else if let Some((mean, p99)) = summarize(&frames.times) {
        frames.reported = true;
        println!(
            "frame-stats: {} frames while cards flew: mean {mean:.2} ms, p99 {p99:.2} ms",
            frames.times.len()
        );
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FlightFrames>();
    app.add_systems(
        Update,
        (take_screenshot, exit_after_frames).run_if(resource_exists::<Options>),
    );
    app.add_systems(
        Update,
        report_menu_time
            .run_if(in_state(Screen::Menu))
            .run_if(resource_exists::<Options>),
    );
    app.add_systems(
        Update,
        record_flight_frames
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<Options>),
    );
}
