//! What can go wrong talking to an engine.

use std::fmt;
use std::time::Duration;

/// An engine failed: it could not be started, died, did not answer in time, answered
/// something the protocol does not allow, or was asked for something it does not offer.
///
/// Every variant that concerns a running process carries the last lines the engine wrote
/// on stderr (`stderr`, empty when it wrote none), which [`fmt::Display`] appends: an
/// engine that dies usually says why there.
#[derive(Debug)]
#[non_exhaustive]
pub enum EngineError {
    /// The process could not be started (no such file, not executable, ...).
    Spawn {
        /// The program as given.
        program: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The engine's standard output closed (it exited or crashed) while an answer was due.
    Terminated {
        /// What the client was waiting for, for example `uciok`.
        waiting_for: String,
        /// The exit status, when the process had ended by the time it was asked.
        status: Option<std::process::ExitStatus>,
        /// The engine's last stderr lines.
        stderr: String,
    },
    /// The engine did not give an answer the protocol promises within the time allowed.
    Timeout {
        /// What the client was waiting for.
        waiting_for: String,
        /// How long it waited.
        after: Duration,
        /// The last lines the engine wrote on stdout, which often show what went wrong
        /// (text of another protocol, garbage).
        last_output: Vec<String>,
        /// The engine's last stderr lines.
        stderr: String,
    },
    /// The engine wrote something the protocol does not allow where it matters (an
    /// illegal best move, a malformed `bestmove` line).
    Protocol {
        /// What is wrong, with the offending text.
        message: String,
        /// The engine's last stderr lines.
        stderr: String,
    },
    /// An option the engine did not declare, or a value its declaration does not allow.
    Option(String),
    /// A request the engine or the protocol cannot serve (Chess960 for an engine without
    /// `UCI_Chess960`, a position without `setboard`, a search while one is running).
    Unsupported(String),
    /// The engine answered a command with an error line (XBoard's `Error (...): ...` or
    /// `Illegal move: ...`); the engine goes on, but the game it holds may differ from the
    /// client's.
    Refused(String),
    /// Writing to the engine failed (its standard input is closed).
    Write {
        /// What was being sent.
        command: String,
        /// The operating system's reason.
        source: std::io::Error,
        /// The engine's last stderr lines.
        stderr: String,
    },
}

impl EngineError {
    /// Whether the engine process is gone or unusable (terminated, timed out, failed to
    /// write): a caller should start a new one. Option and request errors leave the engine
    /// as it was.
    pub fn is_fatal(&self) -> bool {
        !matches!(
            self,
            EngineError::Option(_) | EngineError::Unsupported(_) | EngineError::Refused(_)
        )
    }
}

/// Appends ` (stderr: ...)` when there is stderr text.
fn with_stderr(f: &mut fmt::Formatter<'_>, stderr: &str) -> fmt::Result {
    if stderr.is_empty() {
        Ok(())
    } else {
        write!(f, " (stderr: {})", stderr.trim_end().replace('\n', " | "))
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn { program, source } => {
                write!(f, "cannot start engine {program}: {source}")
            }
            EngineError::Terminated {
                waiting_for,
                status,
                stderr,
            } => {
                write!(f, "the engine terminated while waiting for {waiting_for}")?;
                if let Some(status) = status {
                    write!(f, " ({status})")?;
                }
                with_stderr(f, stderr)
            }
            EngineError::Timeout {
                waiting_for,
                after,
                last_output,
                stderr,
            } => {
                write!(
                    f,
                    "the engine did not send {waiting_for} within {:.1} s",
                    after.as_secs_f64()
                )?;
                if let Some(last) = last_output.last() {
                    let last: String = last.chars().take(120).collect();
                    write!(f, "; its last output: {last:?}")?;
                } else {
                    write!(f, "; it wrote nothing")?;
                }
                with_stderr(f, stderr)
            }
            EngineError::Protocol { message, stderr } => {
                write!(f, "engine protocol error: {message}")?;
                with_stderr(f, stderr)
            }
            EngineError::Option(message) => f.write_str(message),
            EngineError::Unsupported(message) => f.write_str(message),
            EngineError::Refused(line) => f.write_str(line),
            EngineError::Write {
                command,
                source,
                stderr,
            } => {
                write!(f, "cannot send {command:?} to the engine: {source}")?;
                with_stderr(f, stderr)
            }
        }
    }
}

impl std::error::Error for EngineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EngineError::Spawn { source, .. } | EngineError::Write { source, .. } => Some(source),
            _ => None,
        }
    }
}
