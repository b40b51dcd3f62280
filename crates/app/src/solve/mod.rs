//! The solver in the background: every search the app asks for runs on Bevy's async compute
//! pool, never in a frame. A [`Job`] carries the position (or deal) it was asked for; a new
//! question stops the stale search (its [`Stop`] flag) and a late answer for a position that
//! is no longer on the table is thrown away.
//!
//! - `watch`: "Is this still winnable?" (a setting): the table says whether the position can
//!   still be won with full knowledge, and `W` undoes to the last winnable position.
//! - `finish`: once nothing is hidden and the win is certain, Finish (`F`) plays it out.
//! - `hint`: the hint (`H`, or the table's [`HintAsked`]), searched with what the player sees
//!   only.
//! - `review`: after a game, whether the deal was winnable, and the solver's solution played
//!   from the start (`A`) or from where the game went wrong (`G`).
//! - `deals`: winnable deals only (`W` in the menu): a deal the solver proved winnable.
//!
//! [`HintAsked`]: crate::table::HintAsked

mod deals;
mod finish;
mod hint;
mod review;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
mod watch;

use bevy::app::{TaskPoolOptions, TaskPoolPlugin, TaskPoolThreadAssignmentPolicy};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use solitaire_core::Move;
use solitaire_solver::{Outcome, Stop};

/// A search running on the async compute pool, for `key`. Dropping it stops the search.
pub struct Job<K, T> {
    pub key: K,
    task: Task<T>,
    stop: Stop,
}

impl<K, T: Send + 'static> Job<K, T> {
    /// Start `work` (given the job's stop flag) in the background.
    pub fn spawn(key: K, work: impl FnOnce(&Stop) -> T + Send + 'static) -> Job<K, T> {
        let stop = Stop::new();
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { work(&flag) });
        Job { key, task, stop }
    }

    /// The answer, once the search has ended.
    pub fn poll(&mut self) -> Option<T> {
        check_ready(&mut self.task)
    }
}

impl<K, T> Drop for Job<K, T> {
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// What the full-knowledge solver says of a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Won: the winning moves from the position.
    Winnable(Vec<Move>),
    /// Proved lost by an exhaustive search.
    Lost,
    /// Not settled within the budget.
    Unknown,
}

impl Verdict {
    pub fn from_outcome(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::Solved(line) => Verdict::Winnable(line),
            Outcome::Unsolvable => Verdict::Lost,
            Outcome::Unknown => Verdict::Unknown,
        }
    }

    pub fn is_winnable(&self) -> bool {
        matches!(self, Verdict::Winnable(_))
    }
}

/// The task pools of the app: two threads for background searches (so a hint never waits
/// behind the winnability check), the rest as Bevy's defaults.
pub fn task_pools() -> TaskPoolPlugin {
    TaskPoolPlugin {
        task_pool_options: TaskPoolOptions {
            async_compute: TaskPoolThreadAssignmentPolicy {
                min_threads: 2,
                ..TaskPoolOptions::default().async_compute
            },
            ..default()
        },
    }
}

pub fn plugin(app: &mut App) {
    app.add_plugins((
        watch::plugin,
        finish::plugin,
        hint::plugin,
        review::plugin,
        deals::plugin,
    ));
}
