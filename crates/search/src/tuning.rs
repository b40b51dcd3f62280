//! Knobs for tuning runs: set once per process by the tool that tunes (`sol solve` and `sol
//! simulate`, `--tune KEY=VALUE` and `--trace`), read by a game's search. Nothing else sets
//! them, so the app's hints and every shipped answer never depend on the environment. A
//! search names the knobs it reads in its [`crate::SearchPlugin::knobs`], and the tools
//! refuse any other.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The knobs of one tuning run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    /// Each knob's value, by name.
    pub values: BTreeMap<String, String>,
    /// Print what each attempt of a search did, on standard error.
    pub trace: bool,
}

static TUNING: OnceLock<Tuning> = OnceLock::new();

/// Set the process's knobs, once.
///
/// # Errors
/// They were set already.
pub fn set(tuning: Tuning) -> Result<(), String> {
    TUNING
        .set(tuning)
        .map_err(|_| "the tuning knobs are set once per process".to_string())
}

/// The value of knob `name`, if the tuning run set it.
pub fn knob(name: &str) -> Option<&'static str> {
    TUNING.get()?.values.get(name).map(String::as_str)
}

/// Whether the tuning run asked for a trace.
pub fn trace() -> bool {
    TUNING.get().is_some_and(|t| t.trace)
}
