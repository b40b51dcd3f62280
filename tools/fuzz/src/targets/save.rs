//! The save reader: `GameRecord::from_ron` and `Session::from_record` on mutated saves.

use solitaire_core::{GameRecord, ReplayError, Session};

use crate::Target;
use crate::case::Case;
use crate::report::Problem;
use crate::rng::Rng;
use crate::targets::play::exercise;
use crate::targets::{Context, Read, Verdict};

/// A save of a random walk, mutated as text or field by field (then written as RON, so
/// that more cases get past the RON reader into the replay).
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let seed = rng.pick(&ctx.corpus.saves);
    let text = match GameRecord::from_ron(&seed.text) {
        Ok(mut record) if rng.one_in(2) => {
            for _ in 0..rng.range(1, 2) {
                mutate_field(&mut record, ctx, rng);
            }
            record.to_ron()
        }
        _ => {
            let donors: Vec<&str> = ctx.corpus.saves.iter().map(|s| s.text.as_str()).collect();
            ctx.ron.mutate(&seed.text, &donors, rng)
        }
    };
    Case::new(Target::Save, None).with("input", text)
}

/// One change to one field of a record.
fn mutate_field(r: &mut GameRecord, ctx: &Context, rng: &mut Rng) {
    let number = |rng: &mut Rng| match rng.below(3) {
        0 => rng.next_u64(),
        1 => u64::MAX - rng.below(3) as u64,
        _ => rng.below(5) as u64,
    };
    match rng.below(8) {
        0 => r.game = rng.pick(ctx.catalog.games()).id().to_string(),
        1 => r.seed = (!rng.one_in(3)).then(|| number(rng)),
        2 => r.layout_version = number(rng) as u32,
        3 | 4 => {
            let positions = ctx.corpus.positions_of(&r.game);
            let start = match &r.start {
                Some(text) if rng.one_in(2) => text.clone(),
                _ if positions.is_empty() => String::new(),
                _ => (*rng.pick(&positions)).to_string(),
            };
            r.start = Some(ctx.text.mutate(&start, &positions, rng));
        }
        5 if !r.moves.is_empty() => {
            let i = rng.below(r.moves.len());
            r.moves[i] = ctx.text.once(&r.moves[i], &[], rng);
        }
        6 if !r.moves.is_empty() => {
            let (i, j) = (rng.below(r.moves.len()), rng.below(r.moves.len()));
            match rng.below(3) {
                0 => drop(r.moves.remove(i)),
                1 => r.moves.insert(i, r.moves[i].clone()),
                _ => r.moves.swap(i, j),
            }
        }
        _ => r.moves.truncate(rng.below(r.moves.len() + 1)),
    }
}

/// An accepted save reads the same with a BOM in front, and replays or gives a typed error; a replayed game saves a record that reads
/// back equal and replays to the same game; undo and redo walk its moves.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let record = match GameRecord::from_ron(&case.text("input")) {
        Ok(r) => r,
        Err(ReplayError::Syntax(_)) => return Ok(Read::Refused),
        Err(e) => {
            return Err(Problem::property(
                "a save that does not read gives an error other than Syntax",
                e.to_string(),
            ));
        }
    };
    let text = case.text("input");
    if !text.starts_with('\u{FEFF}')
        && GameRecord::from_ron(&format!("\u{FEFF}{text}")).as_ref() != Ok(&record)
    {
        return Err(Problem::property(
            "a BOM in front changes how a save reads",
            text,
        ));
    }
    let Some(game) = ctx.catalog.get(&record.game) else {
        return Ok(Read::Refused);
    };
    let Ok(session) = Session::from_record(game.clone(), &record) else {
        return Ok(Read::Refused);
    };
    let again = session.record();
    match GameRecord::from_ron(&again.to_ron()) {
        Ok(back) if back == again => {}
        other => {
            return Err(Problem::property(
                "a save does not read back equal",
                format!("{again:?}\nread back as {other:?}"),
            ));
        }
    }
    let position = |s: &Session| game.position_text(s.position());
    match Session::from_record(game.clone(), &again) {
        Ok(s) if s.position() == session.position() && s.start() == session.start() => {}
        Ok(s) => {
            return Err(Problem::property(
                "a replayed game saves a record that replays to another game",
                format!(
                    "{again:?}\nfirst:\n{}then:\n{}",
                    position(&session),
                    position(&s)
                ),
            ));
        }
        Err(e) => {
            return Err(Problem::property(
                "a replayed game saves a record that does not replay",
                format!("{e}\n{again:?}"),
            ));
        }
    }
    let mut walk = session.clone();
    walk.restart();
    if walk.position() != session.start() {
        return Err(Problem::property(
            "restart does not return to the start",
            position(&walk),
        ));
    }
    walk.replay_to(session.move_count());
    if walk.position() != session.position() {
        return Err(Problem::property(
            "redoing every move does not return to the end",
            position(&walk),
        ));
    }
    exercise(&game, session.position(), false)?;
    Ok(Read::Accepted)
}
