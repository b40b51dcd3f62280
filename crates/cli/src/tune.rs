//! `--tune KNOB=VALUE` and `--trace` of `sol solve` and `sol simulate`: the knobs of a tuning
//! run, checked against those the game's own search reads, set once for the process.

use solitaire_core::Game;
use solitaire_solver::tuning::{self, Tuning};

use crate::Failure;

/// Set the knobs `pairs` (`KNOB=VALUE`) and the trace for `game`'s search.
///
/// # Errors
/// A pair without `=`, a knob the game's search does not read, or `help`: each lists the
/// knobs it reads.
pub fn set(game: &Game, pairs: &[String], trace: bool) -> Result<(), Failure> {
    if pairs.is_empty() && !trace {
        return Ok(());
    }
    let knobs = solitaire_solver::search_plugin(game).map_or(&[][..], |s| s.knobs);
    let listed = || {
        if knobs.is_empty() {
            format!("{}'s search has no knobs", game.id())
        } else {
            let each: Vec<String> = knobs
                .iter()
                .map(|k| format!("{} ({})", k.name, k.meaning))
                .collect();
            format!("{}'s search reads: {}", game.id(), each.join("; "))
        }
    };
    let mut values = std::collections::BTreeMap::new();
    for pair in pairs {
        if pair == "help" {
            return Err(Failure(listed(), 2));
        }
        let Some((name, value)) = pair.split_once('=') else {
            return Err(Failure(
                format!("--tune {pair}: give KNOB=VALUE; {}", listed()),
                2,
            ));
        };
        if !knobs.iter().any(|k| k.name == name) {
            return Err(Failure(
                format!("--tune {name}: no such knob; {}", listed()),
                2,
            ));
        }
        values.insert(name.to_string(), value.to_string());
    }
    tuning::set(Tuning { values, trace }).map_err(|e| Failure(e, 1))
}
