//! The points of each part of a grade as the course weighs them, and so the most a grade can
//! give: against a reference (layout, conformance, differential, robustness and the student's
//! own scenarios) or alone (conformance, properties, robustness).

use crate::Options;

/// The parts of a grade against a reference, by id, in order (the student's own scenarios
/// come after them, worth the course's `student_scenarios`).
pub const AGAINST_REFERENCE: [&str; 4] = ["layout", "conformance", "differential", "robustness"];
/// The parts of a grade without a reference, by id, in order.
pub const ALONE: [&str; 3] = ["conformance", super::properties::ID, "robustness"];

/// The points part `id` has before a course weighs it.
fn default_points(id: &str) -> f64 {
    match id {
        "layout" => super::layout::POINTS,
        "conformance" => super::conformance::POINTS,
        "differential" => super::differential::POINTS,
        "robustness" => super::context::ROBUSTNESS,
        super::properties::ID => super::properties::POINTS,
        _ => 0.0,
    }
}

/// The points of part `id` under `options` (the course's `weights`; the student's own
/// scenarios, its `student_scenarios`).
pub fn of(id: &str, options: &Options) -> f64 {
    if id == super::own::ID {
        return f64::from(options.student_scenarios);
    }
    options
        .weights
        .get(id)
        .map_or(default_points(id), |&w| f64::from(w))
}

/// The most a grade gives under `options`: against a reference (its report's `max`, with the
/// student's own scenarios), or without one.
pub fn maximum(options: &Options, with_reference: bool) -> f64 {
    if with_reference {
        AGAINST_REFERENCE
            .iter()
            .map(|id| of(id, options))
            .sum::<f64>()
            + of(super::own::ID, options)
    } else {
        ALONE.iter().map(|id| of(id, options)).sum()
    }
}
