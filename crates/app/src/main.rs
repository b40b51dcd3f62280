//! `solitaire`: the desktop app. Parses the command line, opens the window, runs the screens.

use bevy::prelude::*;
use bevy::window::WindowResolution;
use solitaire_app::cli::Options;

fn main() -> AppExit {
    let launch = solitaire_app::capture::Launch(std::time::Instant::now());
    let options = match Options::from_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("solitaire: {message}");
            eprintln!("{}", solitaire_app::cli::USAGE);
            return AppExit::from_code(2);
        }
    };
    if options.help {
        println!("{}", solitaire_app::cli::USAGE);
        return AppExit::Success;
    }
    let (w, h) = options.window;
    let window = Window {
        title: "Solitaire".into(),
        resolution: WindowResolution::new(w, h),
        ..default()
    };
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(window),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: solitaire_app::assets::asset_dir(),
                    ..default()
                })
                .set(solitaire_app::solve::task_pools()),
        )
        .insert_resource(options)
        .insert_resource(launch)
        .add_plugins(solitaire_app::plugin)
        .run()
}
