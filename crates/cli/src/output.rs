//! Standard output that never panics: a reader that has gone (`sol ... | head`) ends `sol`
//! quietly with status 0 (the reader has what it wanted, and a pipeline under
//! `set -o pipefail` does not fail for it); any other write error (a full disk) is a one-line
//! `sol: standard output: ...` and status 1.
//!
//! A flag that writes a file may write it to standard output instead (`--csv -`, see
//! `out_file`); the lines `out!` and `outln!` write (summaries, positions, status lines) then
//! go to standard error, so standard output carries that file and nothing else.

use std::io::{self, Write};
use std::sync::OnceLock;

/// The flag whose file standard output carries, once one has claimed it.
static CARRIES: OnceLock<String> = OnceLock::new();

/// `print!` for `sol`: write to standard output, or end as [`stdout_failed`] says.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// `println!` for `sol`: write a line to standard output, or end as [`stdout_failed`] says.
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};

/// Write to standard output, or to standard error while standard output carries a file (a
/// failure there is ignored); see the module's header for what a failed write does.
pub(crate) fn write(args: std::fmt::Arguments) {
    if CARRIES.get().is_some() {
        let _ = io::stderr().lock().write_fmt(args);
    } else if let Err(e) = io::stdout().lock().write_fmt(args) {
        stdout_failed(&e);
    }
}

/// Give standard output to the file of `flag` (`--csv -`): from now on it carries that file's
/// bytes ([`write_file`]) and nothing else. Claiming it again for the same flag is no change.
///
/// # Errors
/// If another flag has it already: the message names both.
pub(crate) fn claim_for(flag: &str) -> Result<(), String> {
    let carries = CARRIES.get_or_init(|| flag.to_string());
    if carries == flag {
        return Ok(());
    }
    Err(format!(
        "{flag} -: standard output already carries {carries} -; give one of them a file"
    ))
}

/// Write bytes of the file standard output carries; see the module's header for a failure.
pub(crate) fn write_file(bytes: &[u8]) {
    if let Err(e) = io::stdout().lock().write_all(bytes) {
        stdout_failed(&e);
    }
}

/// Flush standard output (the end of a command); see the module's header for a failure.
pub(crate) fn flush() {
    if let Err(e) = io::stdout().lock().flush() {
        stdout_failed(&e);
    }
}

/// Say `sol: message` on standard error, on one line whatever the message holds (a file name
/// or an argument may hold a line break); nothing more can be done if that fails.
pub(crate) fn fail(message: &str) {
    let one_line = message.replace('\n', "\\n").replace('\r', "\\r");
    let _ = writeln!(io::stderr(), "sol: {one_line}");
}

/// End the program after standard output failed: quietly with status 0 when the reader has
/// gone, with a one-line message and status 1 otherwise.
pub(crate) fn stdout_failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    fail(&format!("standard output: {e}"));
    std::process::exit(1);
}
