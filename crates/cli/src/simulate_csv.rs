//! The CSV of `sol simulate`: one row per deal, and in every row the run it belongs to, so that
//! the shards of one run can be checked against each other and merged (`--merge`).
//!
//! Columns: `seed,outcome,length,seconds,nodes,method,knowledge` (the deal: `length` empty
//! unless won, `seconds` to the millisecond, `method` the search that answered), then
//! `game,readings,search,time_limit,node_limit,seeds,shard` (the run: the game id, its
//! readings that differ from the defaults as `name=value` joined by `;`, the `--method`
//! asked for, `--time-limit`, `--nodes` or empty, the whole run's `--seeds A..B`, and
//! `--shard K/N`, `1/1` for a run on one machine).

use solitaire_core::Game;

use crate::limits::{self, SeedRange};
use crate::shard::{self, Shard};

/// The header line.
pub const HEADER: &str = "seed,outcome,length,seconds,nodes,method,knowledge,\
                          game,readings,search,time_limit,node_limit,seeds,shard";

/// The knowledge mode of every `simulate` search: the solver sees every card.
pub const KNOWLEDGE: &str = "full";

/// What a run was: the same in every row of its CSV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The game id (a Spider family member's own id with `--family`).
    pub game: String,
    /// The game's readings that differ from their defaults (a course's choices).
    pub readings: String,
    /// The search asked for (`--method`).
    pub search: String,
    /// `--time-limit`, as written by the run.
    pub time_limit: String,
    /// `--nodes`, empty without a node limit.
    pub node_limit: String,
    /// The whole run's deals.
    pub seeds: SeedRange,
    /// Which shard of them this file holds.
    pub shard: Shard,
}

impl Run {
    /// The run columns of every row.
    pub fn columns(&self) -> String {
        format!(
            "{},{},{},{},{},{}..{},{}",
            self.game,
            self.readings,
            self.search,
            self.time_limit,
            self.node_limit,
            self.seeds.first,
            self.seeds.last,
            self.shard
        )
    }

    /// The first thing (other than the shard) in which `other` differs from this run: its name
    /// and the two values.
    pub fn difference(&self, other: &Run) -> Option<(&'static str, String, String)> {
        let seeds = |r: &Run| format!("{}..{}", r.seeds.first, r.seeds.last);
        [
            ("game", &self.game, &other.game),
            ("readings", &self.readings, &other.readings),
            ("method", &self.search, &other.search),
            ("time limit", &self.time_limit, &other.time_limit),
            ("node limit", &self.node_limit, &other.node_limit),
        ]
        .into_iter()
        .map(|(name, a, b)| (name, a.clone(), b.clone()))
        .chain([("seeds", seeds(self), seeds(other))])
        .find(|(_, a, b)| a != b)
    }
}

/// The readings of `game` that differ from their defaults, as the `readings` column has them.
pub fn readings(game: &Game) -> String {
    let chosen: Vec<String> = game
        .readings()
        .iter()
        .filter(|r| !r.is_default())
        .map(|r| format!("{}={}", r.reading.name, r.choice.value))
        .collect();
    chosen.join(";")
}

/// One deal's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub seed: u64,
    /// `solved`, `unsolvable` or `unknown`.
    pub outcome: &'static str,
    /// The winning path's length.
    pub length: Option<usize>,
    /// Seconds, rounded to the millisecond (as the CSV has them).
    pub seconds: f64,
    pub nodes: u64,
    /// The search that answered.
    pub method: String,
}

impl Row {
    /// The row's line without its newline, given the run's [`Run::columns`].
    pub fn line(&self, run_columns: &str) -> String {
        let len = self.length.map(|l| l.to_string()).unwrap_or_default();
        format!(
            "{},{},{},{:.3},{},{},{KNOWLEDGE},{run_columns}",
            self.seed, self.outcome, len, self.seconds, self.nodes, self.method
        )
    }
}

/// Seconds rounded to the millisecond, the precision of the CSV (so the summary of a run and of
/// the merge of its shards count the same times).
pub fn millisecond(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

/// Read one row (a line without its newline): the deal and its run.
pub fn parse(line: &str) -> Result<(Row, Run), String> {
    let fields: Vec<&str> = line.split(',').collect();
    let columns = HEADER.split(',').count();
    let [
        seed,
        outcome,
        length,
        seconds,
        nodes,
        method,
        knowledge,
        game,
        readings,
        search,
        time_limit,
        node_limit,
        seeds,
        shard,
    ] = fields[..]
    else {
        return Err(format!(
            "{} fields, not the {columns} of the header",
            fields.len()
        ));
    };
    let number = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} {text:?} is not a whole number"))
    };
    let outcome = match outcome {
        "solved" => "solved",
        "unsolvable" => "unsolvable",
        "unknown" => "unknown",
        other => {
            return Err(format!(
                "outcome {other:?} is not solved, unsolvable or unknown"
            ));
        }
    };
    let length = match length {
        "" if outcome != "solved" => None,
        text if outcome == "solved" => Some(number("length", text)? as usize),
        text => return Err(format!("length {text:?} given for a deal not solved")),
    };
    let seconds: f64 = match seconds.parse() {
        Ok(s) if f64::is_finite(s) && s >= 0.0 => s,
        _ => return Err(format!("seconds {seconds:?} is not a number of seconds")),
    };
    if knowledge != KNOWLEDGE {
        return Err(format!("knowledge {knowledge:?} is not {KNOWLEDGE}"));
    }
    let row = Row {
        seed: number("seed", seed)?,
        outcome,
        length,
        seconds,
        nodes: number("nodes", nodes)?,
        method: method.to_string(),
    };
    let run = Run {
        game: game.to_string(),
        readings: readings.to_string(),
        search: search.to_string(),
        time_limit: time_limit.to_string(),
        node_limit: node_limit.to_string(),
        seeds: limits::seeds(seeds).map_err(|e| format!("seeds {seeds:?}: {e}"))?,
        shard: shard::parse(shard).map_err(|e| format!("shard {shard:?}: {e}"))?,
    };
    Ok((row, run))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run() -> Run {
        Run {
            game: "labyrinth".into(),
            readings: "deal=any-time".into(),
            search: "dfs".into(),
            time_limit: "0.5".into(),
            node_limit: String::new(),
            seeds: SeedRange { first: 1, last: 12 },
            shard: Shard { index: 2, count: 3 },
        }
    }

    #[test]
    fn rows_read_back_as_written() {
        let row = Row {
            seed: 5,
            outcome: "solved",
            length: Some(53),
            seconds: millisecond(0.012_345),
            nodes: 1234,
            method: "dfs".into(),
        };
        let line = row.line(&run().columns());
        assert_eq!(
            line,
            "5,solved,53,0.012,1234,dfs,full,labyrinth,deal=any-time,dfs,0.5,,1..12,2/3"
        );
        assert_eq!(parse(&line), Ok((row, run())));
        let lost = "6,unsolvable,,2.000,9,dfs,full,labyrinth,deal=any-time,dfs,0.5,,1..12,2/3";
        assert_eq!(parse(lost).map(|(r, _)| r.length), Ok(None));
    }

    #[test]
    fn malformed_rows_say_what_is_wrong() {
        let good = "5,solved,53,0.012,1234,dfs,full,labyrinth,,dfs,0.5,,1..12,2/3";
        for (from, to, why) in [
            ("5,solved", "5,won", "outcome"),
            ("53,", ",", "length"),
            ("full", "fair", "knowledge"),
            ("1..12", "12..1", "seeds"),
            ("2/3", "4/3", "shard"),
            ("1234", "x", "nodes"),
            ("0.012", "-1", "seconds"),
            (",dfs,0.5", ",dfs,0.5,extra", "fields"),
        ] {
            let e = parse(&good.replacen(from, to, 1)).expect_err(why);
            assert!(e.contains(why), "{why}: {e}");
        }
    }

    #[test]
    fn runs_name_their_first_difference() {
        let mut other = run();
        other.shard = Shard::WHOLE;
        assert_eq!(run().difference(&other), None);
        other.time_limit = "2".into();
        other.seeds.last = 13;
        assert_eq!(
            run().difference(&other),
            Some(("time limit", "0.5".into(), "2".into()))
        );
    }
}
