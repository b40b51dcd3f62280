//! `sol simulate GAME --merge A.csv B.csv ...`: the shards of one run put back together.
//!
//! Every file must be a `sol simulate` CSV of the same run (the same game, readings, method,
//! time and node limits and seed range: the run columns of every row), each a different shard
//! K/N of the same N, and all N there. A file's rows must be exactly its shard's deals in seed
//! order, so a file cut short, edited or of another run is refused with one line naming it.
//! The rows are then taken one from each shard in turn, which is seed order, and go through
//! the report of a run on one machine: the same summary, CSV and plot. What differs: the
//! `seconds` column (each deal's time on its own machine, as the shard measured it) and the
//! summary's last line, which gives no wall time (there is none for a merge) but how many
//! shards were merged and the deals' solve times added up.
//!
//! Each file is read a line at a time (lines longer than [`MAX_LINE`] bytes are refused), so a
//! merge holds one open file and one row per shard whatever the number of deals.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};

use solitaire_core::Game;

use crate::Failure;
use crate::shard::Shard;
use crate::simulate::Report;
use crate::simulate_csv::{self, HEADER, Row, Run};

/// The longest line read from a shard's CSV, in bytes (a row is about 100).
pub const MAX_LINE: u64 = 4096;

/// One shard's CSV, read row by row.
struct ShardFile {
    file: String,
    reader: BufReader<File>,
    /// The line last read (1-based).
    line: u64,
    /// The run of its first row, which every row must repeat.
    run: Run,
    /// The first row, read to learn the shard and not counted yet.
    pending: Option<Row>,
}

impl ShardFile {
    /// Open `file`, check its header and read its first row.
    fn open(file: &str) -> Result<ShardFile, Failure> {
        let reader =
            BufReader::new(File::open(file).map_err(|e| Failure(format!("{file}: {e}"), 1))?);
        let mut shard = ShardFile {
            file: file.to_string(),
            reader,
            line: 0,
            run: placeholder_run(),
            pending: None,
        };
        match shard.next_line()? {
            Some(header) if header == HEADER => {}
            _ => {
                return Err(shard.fail(&format!(
                    "not a `sol simulate` CSV of this version: the header is not {HEADER}"
                )));
            }
        }
        let Some((row, run)) = shard.next_row()? else {
            return Err(Failure(format!("{file}: no deals, only the header"), 1));
        };
        shard.run = run;
        shard.pending = Some(row);
        Ok(shard)
    }

    /// `file: line N: message`.
    fn fail(&self, message: &str) -> Failure {
        Failure(format!("{}: line {}: {message}", self.file, self.line), 1)
    }

    /// The next line without its line end, `None` at the end of the file.
    fn next_line(&mut self) -> Result<Option<String>, Failure> {
        let mut bytes = Vec::new();
        let read = (&mut self.reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| Failure(format!("{}: {e}", self.file), 1))?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        } else if read as u64 > MAX_LINE {
            return Err(self.fail(&format!("longer than {MAX_LINE} bytes: not a row")));
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| self.fail("not UTF-8 text"))
    }

    /// The next row and its run, `None` at the end of the file.
    fn next_row(&mut self) -> Result<Option<(Row, Run)>, Failure> {
        match self.next_line()? {
            None => Ok(None),
            Some(line) => simulate_csv::parse(&line)
                .map(Some)
                .map_err(|e| self.fail(&e)),
        }
    }

    /// The next row of this shard, which must exist, repeat the file's run and be `seed`.
    fn next_deal(&mut self, seed: u64) -> Result<Row, Failure> {
        let row = match self.pending.take() {
            Some(row) => row,
            None => {
                let Some((row, run)) = self.next_row()? else {
                    return Err(Failure(
                        format!(
                            "{}: ends before seed {seed}, the next deal of shard {}",
                            self.file, self.run.shard
                        ),
                        1,
                    ));
                };
                if run != self.run {
                    return Err(self.fail("the run columns differ from the first row's"));
                }
                row
            }
        };
        if row.seed != seed {
            return Err(self.fail(&format!(
                "seed {} where shard {} has seed {seed} next",
                row.seed, self.run.shard
            )));
        }
        Ok(row)
    }
}

/// The run of a file not read yet.
fn placeholder_run() -> Run {
    Run {
        game: String::new(),
        readings: String::new(),
        search: String::new(),
        time_limit: String::new(),
        node_limit: String::new(),
        seeds: crate::limits::SeedRange { first: 0, last: 0 },
        shard: Shard::WHOLE,
    }
}

/// The shards of `files` in shard order, after checking that they are every shard of one run
/// of `game` (as configured here: `--family`, `--course`), each once.
fn shards_of(game: &Game, files: &[String]) -> Result<Vec<ShardFile>, Failure> {
    let mut shards = files
        .iter()
        .map(|f| ShardFile::open(f))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = shards.first() else {
        return Err(Failure("--merge: give the shards' CSV files".into(), 1));
    };
    let here = Run {
        game: game.id().to_string(),
        readings: simulate_csv::readings(game),
        ..first.run.clone()
    };
    if let Some((what, theirs, ours)) = first.run.difference(&here) {
        return Err(Failure(
            format!(
                "{}: its deals were played with {what} {theirs:?}, here the game has {ours:?} \
                 (give the run's game, --family and --course)",
                first.file
            ),
            1,
        ));
    }
    for s in &shards[1..] {
        if let Some((what, theirs, ours)) = first.run.difference(&s.run) {
            return Err(Failure(
                format!(
                    "{}: {what} {ours:?}, but {} has {theirs:?}: the shards must come from one run",
                    s.file, first.file
                ),
                1,
            ));
        }
        if s.run.shard.count != first.run.shard.count {
            return Err(Failure(
                format!(
                    "{}: shard {}, but {} is shard {}: the shards must cut the run the same way",
                    s.file, s.run.shard, first.file, first.run.shard
                ),
                1,
            ));
        }
    }
    shards.sort_by_key(|s| s.run.shard.index);
    for pair in shards.windows(2) {
        if pair[0].run.shard == pair[1].run.shard {
            return Err(Failure(
                format!(
                    "{}: shard {} again ({} has it): shards must not overlap",
                    pair[1].file, pair[1].run.shard, pair[0].file
                ),
                1,
            ));
        }
    }
    let count = first_count(&shards);
    if let Some(missing) = (1..=count).find(|&k| {
        shards
            .get(k as usize - 1)
            .is_none_or(|s| s.run.shard.index != k)
    }) {
        return Err(Failure(
            format!(
                "shard {missing}/{count} is missing: give every shard of the run ({count} files)"
            ),
            1,
        ));
    }
    Ok(shards)
}

fn first_count(shards: &[ShardFile]) -> u64 {
    shards.first().map_or(1, |s| s.run.shard.count)
}

/// Merge the shard CSVs `files` of a run of `game` into its report, `csv` and `plot`.
pub fn run(
    game: &Game,
    files: &[String],
    csv: Option<&str>,
    plot: Option<&str>,
) -> Result<(), Failure> {
    let mut shards = shards_of(game, files)?;
    let count = first_count(&shards);
    let run = Run {
        shard: Shard::WHOLE,
        ..shards[0].run.clone()
    };
    let seeds = run.seeds;
    let mut report = Report::create(run, csv, plot)?;
    let mut seconds = 0.0;
    for i in 0..seeds.count() {
        let shard = &mut shards[(Shard::holding(count, i) - 1) as usize];
        let row = shard.next_deal(seeds.seed(i))?;
        seconds += row.seconds;
        report.add(&row)?;
    }
    for shard in &mut shards {
        if shard.next_line()?.is_some() {
            return Err(shard.fail(&format!(
                "more deals than shard {} of seeds {}..{} has",
                shard.run.shard, seeds.first, seeds.last
            )));
        }
    }
    report.finish(
        game,
        &format!(
            "wall time: none (merged from {count} shard files; their deals' solve times add up \
             to {seconds:.1} s)"
        ),
    )
}
