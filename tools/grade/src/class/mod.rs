//! A class run: the roster ([`roster`], and GitHub Classroom's roster export: [`classroom`]),
//! each student taken, built, graded and written down in turn ([`run`]) within the sandboxes
//! set up once ([`jails`]), the instructor's hidden scenarios ([`hidden`]), the gradebook and
//! reports ([`gradebook`]), why a submission got no grade ([`failure`]), the exports for
//! Gradescope, Canvas and Moodle ([`export`]), the similarity report ([`copies`]) and the
//! deadline's collection log ([`collect`]).

pub mod classroom;
pub mod collect;
pub mod copies;
pub mod export;
pub mod failure;
pub mod gradebook;
pub(crate) mod hidden;
pub mod jails;
pub mod roster;
pub mod run;
