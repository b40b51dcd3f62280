//! A course's readings applied to the two games of a grade: the reference plays every reading
//! the course chooses for it; the candidate those of them it declares (a student's game that
//! simply implements one reading declares none and is graded as it is).

use std::sync::Arc;

use solitaire_core::{Catalog, Game, ReadingValues};

/// The registered reference game `id`, configured with `readings`.
///
/// # Errors
/// An unknown id, or a reading the reference does not declare.
pub fn reference(
    catalog: &Catalog,
    id: &str,
    readings: &ReadingValues,
) -> Result<Arc<Game>, String> {
    let game = catalog
        .get(id)
        .ok_or_else(|| format!("the reference game {id:?} is not registered"))?;
    if readings.is_empty() {
        return Ok(game);
    }
    game.with_readings(readings)
        .map(Arc::new)
        .map_err(|e| format!("the course's readings for {id:?}: {e}"))
}

/// The candidate with those of `readings` it declares.
///
/// # Errors
/// A value the candidate's option does not have.
pub fn candidate(game: Arc<Game>, readings: &ReadingValues) -> Result<Arc<Game>, String> {
    let declared: ReadingValues = readings
        .iter()
        .filter(|(name, _)| game.readings().iter().any(|r| r.reading.name == *name))
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    if declared.is_empty() {
        return Ok(game);
    }
    game.with_readings(&declared)
        .map(Arc::new)
        .map_err(|e| format!("the game does not play the course's readings: {e}"))
}
