//! The course materials a student works from: the handout of each assigned game
//! ([`handout`]), its public scenarios ([`public`]) and rules text ([`rules`]), what the class
//! grade takes and refuses ([`constraints`]), and the starter repository ([`starter`]).

pub mod constraints;
pub mod handout;
pub mod public;
pub mod rules;
pub mod starter;
