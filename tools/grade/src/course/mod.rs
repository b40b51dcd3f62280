//! The course materials a student works from: the handout of each assigned game
//! ([`handout`]) and the starter repository ([`starter`]).

pub mod handout;
pub mod starter;
