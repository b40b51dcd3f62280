//! The judge's scoring: a candidate game graded part by part against a reference
//! ([`grade`]) or alone ([`alone`]), every call into the candidate under guard ([`guard`],
//! `context`), and the report that says what was checked, what failed and how to reproduce
//! it ([`report`], in words a candidate cannot turn into markup: [`inert`]).

pub mod alone;
pub mod commands;
pub(crate) mod conformance;
pub(crate) mod context;
pub(crate) mod differential;
pub mod grade;
pub mod guard;
pub mod holds;
pub mod hooks;
pub mod inert;
pub(crate) mod layout;
pub mod on_reference;
pub mod own;
pub(crate) mod piles;
pub mod points;
pub(crate) mod properties;
pub mod readings;
pub mod report;
pub(crate) mod touched;
