//! The one error type of the CLI: every variant is a message for the user.

use std::fmt;
use std::io;

/// What went wrong, in words for the user.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: a FEN, a square, a file, an argument.
    Input(String),
    /// Writing to stdout failed for another reason than a closed pipe.
    Io(io::Error),
    /// The reader of stdout went away (`quadboard moves | head -1`): stop quietly.
    BrokenPipe,
}

impl CliError {
    /// An input error with this message.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(message) => f.write_str(message),
            CliError::Io(e) => write!(f, "cannot write output: {e}"),
            CliError::BrokenPipe => f.write_str("output closed"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Io(e) => Some(e),
            CliError::Input(_) | CliError::BrokenPipe => None,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Io(e)
        }
    }
}
