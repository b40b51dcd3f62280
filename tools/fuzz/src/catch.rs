//! Catching panics with their message and source location, without printing them.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

/// A caught panic: where it happened and what it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    /// `file:line:column`, or `unknown`.
    pub location: String,
    /// The panic message.
    pub message: String,
}

thread_local! {
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    static LAST: RefCell<Option<Panic>> = const { RefCell::new(None) };
}

/// Install, once, a hook that records panics of code run by [`catch`] instead of printing
/// them; panics elsewhere go to the previous hook.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CATCHING.with(Cell::get) {
                previous(info);
                return;
            }
            let panic = Panic {
                location: info.location().map_or_else(
                    || "unknown".to_string(),
                    |l| format!("{}:{}:{}", l.file(), l.line(), l.column()),
                ),
                message: info
                    .payload_as_str()
                    .unwrap_or("a panic without a message")
                    .to_string(),
            };
            LAST.with(|last| *last.borrow_mut() = Some(panic));
        }));
    });
}

/// Run `f`, turning a panic into an error (calls may nest).
///
/// # Errors
/// The panic's location and message.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    install_hook();
    let outer = CATCHING.with(|c| c.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(outer));
    result.map_err(|_| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| Panic {
                location: "unknown".into(),
                message: "a panic the hook did not see".into(),
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catches_message_and_location() {
        assert_eq!(catch(|| 3), Ok(3));
        let p = catch(|| -> u8 { panic!("boom {}", 7) }).unwrap_err();
        assert_eq!(p.message, "boom 7");
        assert!(p.location.starts_with("tools/fuzz/src/catch.rs:"), "{p:?}");
    }
}
