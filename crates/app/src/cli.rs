//! The command line: which game and deal to open, moves to play, screenshots, window size.

use std::path::PathBuf;

use bevy::prelude::Resource;

pub const USAGE: &str = "usage: solitaire [--game ID [--seed N] [--play \"M1 M2\"]] \
[--position FILE] [--course COURSE.ron] [--window WxH] [--screenshot PATH --exit-after-frames K] [--frame-stats] \
[--data-dir DIR] [--keys \"K1 K2 ...\"]";

/// What the command line asked for.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Options {
    pub game: Option<String>,
    pub seed: Option<u64>,
    pub play: Vec<String>,
    pub screenshot: Option<PathBuf>,
    pub exit_after_frames: Option<u32>,
    pub window: (u32, u32),
    pub frame_stats: bool,
    /// Where saves and statistics live (default: the user's data directory).
    pub data_dir: Option<PathBuf>,
    /// A course file: its assigned games are played with the readings it chooses.
    pub course: Option<PathBuf>,
    /// A position in the text form to play from (its `game:` line, or `--game`, names the game).
    pub position: Option<PathBuf>,
    /// Keys to type into the window once the first screen shows, one every half second
    /// (see [`crate::typed_keys`]): scripted screenshots of keyboard play.
    pub keys: Vec<String>,
    pub help: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            game: None,
            seed: None,
            play: Vec::new(),
            screenshot: None,
            exit_after_frames: None,
            window: (1280, 720),
            frame_stats: false,
            data_dir: None,
            course: None,
            position: None,
            keys: Vec::new(),
            help: false,
        }
    }
}

impl Options {
    /// Read the arguments (without the program name).
    ///
    /// # Errors
    /// A message naming the argument that is unknown, missing its value, or malformed.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
            match arg.as_str() {
                "--game" => o.game = Some(value("--game")?),
                "--seed" => o.seed = Some(number(&value("--seed")?, "--seed")?),
                "--play" => {
                    o.play = value("--play")?
                        .split_whitespace()
                        .map(String::from)
                        .collect()
                }
                "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--exit-after-frames" => {
                    let k = number(&value("--exit-after-frames")?, "--exit-after-frames")?;
                    o.exit_after_frames =
                        Some(u32::try_from(k).map_err(|_| "--exit-after-frames is too large")?);
                }
                "--window" => o.window = size(&value("--window")?)?,
                "--frame-stats" => o.frame_stats = true,
                "--data-dir" => o.data_dir = Some(PathBuf::from(value("--data-dir")?)),
                "--course" => o.course = Some(PathBuf::from(value("--course")?)),
                "--position" => o.position = Some(PathBuf::from(value("--position")?)),
                "--keys" => {
                    o.keys = value("--keys")?
                        .split_whitespace()
                        .map(String::from)
                        .collect()
                }
                "-h" | "--help" => o.help = true,
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        if let Some(bad) = o
            .keys
            .iter()
            .find(|k| crate::key_names::parse_key(k).is_none())
        {
            return Err(format!("--keys: unknown key {bad:?}"));
        }
        if o.game.is_none() && (o.seed.is_some() || !o.play.is_empty()) {
            return Err("--seed and --play need --game".into());
        }
        Ok(o)
    }
}

fn number(text: &str, name: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{name} takes a whole number, not {text:?}"))
}

fn size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--window takes WIDTHxHEIGHT like 1280x720, not {text:?}");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::from_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn reads_every_option() {
        let o = parse(&[
            "--game",
            "spider",
            "--seed",
            "7",
            "--play",
            "t1>t2 deal",
            "--window",
            "1920x1080",
            "--screenshot",
            "a.png",
            "--exit-after-frames",
            "30",
            "--course",
            "c.ron",
            "--keys",
            "3 Enter Ctrl+Z _",
        ])
        .expect("valid");
        assert_eq!(o.game.as_deref(), Some("spider"));
        assert_eq!(
            (o.seed, o.window, o.exit_after_frames),
            (Some(7), (1920, 1080), Some(30))
        );
        assert_eq!(o.play, ["t1>t2", "deal"]);
        assert_eq!(o.course, Some(PathBuf::from("c.ron")));
        assert_eq!(o.keys, ["3", "Enter", "Ctrl+Z", "_"]);
    }

    #[test]
    fn rejects_bad_input_without_panicking() {
        for bad in [
            &["--seed"][..],
            &["--seed", "x", "--game", "g"],
            &["--window", "12"],
            &["--what"],
            &["--seed", "3"],
            &["--course"],
            &["--keys", "3 Hyper"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
