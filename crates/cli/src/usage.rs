//! The command line as `sol` reads it: `--help` and `--version` print and end with status 0;
//! every other problem with the arguments is one `sol: ...` line on standard error and
//! status 1 (status 2 is kept for malformed or illegal moves).

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

/// Parse the command line, or say why not and give the exit status to end with.
pub fn parse<P: Parser>() -> Result<P, ExitCode> {
    P::try_parse().map_err(|e| match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            if let Err(io) = e.print() {
                crate::output::stdout_failed(&io);
            }
            crate::output::flush();
            ExitCode::SUCCESS
        }
        _ => {
            crate::output::fail(&one_line(&e, &help_of::<P>()));
            ExitCode::from(1)
        }
    })
}

/// Where to look for help: `sol SUBCOMMAND --help` when the command line names one.
fn help_of<P: clap::CommandFactory>() -> String {
    let command = P::command();
    let named = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .filter(|a| command.find_subcommand(a).is_some());
    match named {
        Some(sub) => format!("sol {sub} --help"),
        None => "sol --help".to_string(),
    }
}

/// clap's message in one line: its reason and tips without the usage block, and where to look
/// (`the following required arguments were not provided: --seed <SEED> (see sol deal
/// --help)`).
fn one_line(e: &clap::Error, help: &str) -> String {
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return format!("no command given (see {help})");
    }
    let text = e.render().to_string();
    let mut message = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("Usage: ") {
            break;
        }
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        let part = line.strip_prefix("error: ").unwrap_or(line);
        if !message.is_empty() {
            message.push_str(if message.ends_with(':') { " " } else { "; " });
        }
        message.push_str(part);
    }
    format!("{message} (see {help})")
}
