//! Game-specific guides for the searches, one file per game, chosen by the layout's `rules`.

pub mod german_patience;
