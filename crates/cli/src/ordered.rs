//! Work spread over worker threads whose results are handed back in order, as they finish:
//! result `i` is delivered as soon as results `0..i` have been. Workers run at most
//! [`WINDOW`] items ahead of the last delivered one, so the results waiting for a slow item
//! take bounded memory whatever the number of items.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

/// How many items the workers may run ahead of the next one to deliver.
pub const WINDOW: u64 = 4096;

/// What the workers share: the next item to claim, the next to deliver, whether to stop.
struct Claims {
    next: u64,
    delivered: u64,
    stop: bool,
}

struct Shared {
    claims: Mutex<Claims>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Claims> {
        self.claims.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn stop(&self) {
        self.lock().stop = true;
        self.changed.notify_all();
    }

    /// The next item to work on, waiting while the window is full; `None` when done.
    fn claim(&self, count: u64) -> Option<u64> {
        let mut c = self.lock();
        while !c.stop && c.next < count && c.next >= c.delivered + WINDOW {
            c = self.changed.wait(c).unwrap_or_else(PoisonError::into_inner);
        }
        if c.stop || c.next >= count {
            return None;
        }
        c.next += 1;
        Some(c.next - 1)
    }
}

/// Stops the other workers if a worker panics, so none waits for an item that never comes
/// (the panic then reaches the caller).
struct StopOnPanic<'a>(&'a Shared);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.stop();
        }
    }
}

/// Run `work(i)` for every `i` in `0..count` on `jobs` threads and call `each(i, result)` on
/// this thread in the order of `i`. The first error of `each` stops the workers (each
/// finishes the item it is on) and is returned.
///
/// # Errors
/// The first error `each` returns.
pub fn in_order<T: Send, E>(
    count: u64,
    jobs: usize,
    work: impl Fn(u64) -> T + Sync,
    mut each: impl FnMut(u64, T) -> Result<(), E>,
) -> Result<(), E> {
    let shared = Shared {
        claims: Mutex::new(Claims {
            next: 0,
            delivered: 0,
            stop: false,
        }),
        changed: Condvar::new(),
    };
    thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(u64, T)>();
        for _ in 0..jobs.max(1) {
            let (tx, shared, work) = (tx.clone(), &shared, &work);
            scope.spawn(move || {
                let _guard = StopOnPanic(shared);
                while let Some(i) = shared.claim(count) {
                    if tx.send((i, work(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (i, result) in rx {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next) {
                if let Err(e) = each(next, result) {
                    shared.stop();
                    return Err(e);
                }
                next += 1;
                shared.lock().delivered = next;
                shared.changed.notify_all();
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_order_they_finish_in() {
        let mut seen = Vec::new();
        let result: Result<(), ()> = in_order(
            200,
            4,
            |i| {
                // Early items finish last.
                thread::sleep(std::time::Duration::from_micros(200 - i));
                i * i
            },
            |i, square| {
                seen.push((i, square));
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        let expected: Vec<(u64, u64)> = (0..200).map(|i| (i, i * i)).collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn the_first_error_stops_the_work() {
        let done = std::sync::atomic::AtomicU64::new(0);
        let result = in_order(
            1_000_000,
            2,
            |i| {
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                i
            },
            |i, _| if i == 10 { Err(i) } else { Ok(()) },
        );
        assert_eq!(result, Err(10));
        assert!(done.into_inner() <= 10 + WINDOW + 2, "the workers stopped");
    }

    /// The items delivered by `in_order` of `count` identity items on `jobs` workers.
    fn delivered(count: u64, jobs: usize) -> Vec<u64> {
        let mut seen = Vec::new();
        let done: Result<(), ()> = in_order(
            count,
            jobs,
            |i| i,
            |i, _| {
                seen.push(i);
                Ok(())
            },
        );
        assert_eq!(done, Ok(()));
        seen
    }

    #[test]
    fn no_items_and_more_workers_than_items_are_fine() {
        assert_eq!(delivered(0, 8), Vec::<u64>::new());
        assert_eq!(delivered(3, 8), [0, 1, 2]);
        assert_eq!(delivered(10_000, 3), (0..10_000).collect::<Vec<_>>());
    }
}
