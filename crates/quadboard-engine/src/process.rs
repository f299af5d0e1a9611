//! An engine process: its standard input, and its standard output as lines on a channel,
//! with a deadline on every wait.
//!
//! A thread per output stream reads it: stdout line by line into a bounded channel,
//! stderr into a ring of its last lines, kept for error messages. Reading with a deadline
//! is then `recv_timeout` on the channel, and an engine that dies closes the channel, so
//! that a wait ends at once instead of at its deadline.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::EngineError;

/// How an engine is started: the program, its arguments and the folder it runs in.
#[derive(Clone, Debug)]
pub struct EngineCommand {
    program: PathBuf,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
}

impl EngineCommand {
    /// The program at `program` (a path, or a name looked up in `PATH`), without arguments,
    /// in the caller's working folder.
    pub fn new(program: impl Into<PathBuf>) -> EngineCommand {
        EngineCommand {
            program: program.into(),
            args: Vec::new(),
            dir: None,
        }
    }

    /// Adds an argument.
    pub fn arg(mut self, arg: impl Into<OsString>) -> EngineCommand {
        self.args.push(arg.into());
        self
    }

    /// Adds arguments.
    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> EngineCommand {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Runs the engine in `dir` (engines often look for their network or book files in
    /// their working folder).
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> EngineCommand {
        self.dir = Some(dir.into());
        self
    }

    /// The program as given.
    pub fn program(&self) -> &std::path::Path {
        &self.program
    }
}

impl<P: Into<PathBuf>> From<P> for EngineCommand {
    fn from(program: P) -> EngineCommand {
        EngineCommand::new(program)
    }
}

/// Lines of stderr kept for error messages.
const STDERR_LINES: usize = 12;
/// Lines of stdout kept for timeout messages.
const RECENT_LINES: usize = 4;
/// The longest line read; longer ones are cut there (an engine writing without newlines
/// must not fill the memory).
const MAX_LINE: usize = 1 << 20;
/// Lines buffered between the reading thread and the client.
const QUEUE: usize = 4096;

/// The writing end of an engine's standard input, shared between the engine and the
/// [`crate::Stopper`]s handed out for its searches.
pub(crate) type SharedStdin = Arc<Mutex<Option<ChildStdin>>>;

/// A running engine process.
pub(crate) struct Process {
    child: Child,
    stdin: SharedStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Closed by the stderr thread when stderr ends: waiting on it tells when the tail is
    /// complete.
    stderr_done: Receiver<()>,
    recent: VecDeque<String>,
    /// Every line in and out goes to stderr of this process (`QUADBOARD_ENGINE_DEBUG=1`).
    debug: bool,
}

impl Process {
    /// Starts `command` with piped standard streams.
    pub(crate) fn spawn(command: &EngineCommand) -> Result<Process, EngineError> {
        let program = command.program.display().to_string();
        let mut cmd = std::process::Command::new(&command.program);
        cmd.args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &command.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|source| EngineError::Spawn {
            program: program.clone(),
            source,
        })?;
        // All three are piped above, so they are there.
        let (Some(stdin), Some(stdout), Some(stderr_pipe)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Spawn {
                program,
                source: std::io::Error::other("the engine's pipes were not created"),
            });
        };
        let (line_tx, lines) = sync_channel(QUEUE);
        std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader)
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut buf)
                    {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if line_tx.send(line).is_err() {
                        return;
                    }
                }
            })
            .map_err(|source| EngineError::Spawn {
                program: program.clone(),
                source,
            })?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = sync_channel::<()>(0);
        let tail = Arc::clone(&stderr);
        std::thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || {
                let _done = done_tx;
                let mut reader = BufReader::new(stderr_pipe);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader)
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut buf)
                    {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                    if line.is_empty() {
                        continue;
                    }
                    let Ok(mut tail) = tail.lock() else { return };
                    if tail.len() == STDERR_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            })
            .map_err(|source| EngineError::Spawn {
                program: program.clone(),
                source,
            })?;
        Ok(Process {
            child,
            stdin: Arc::new(Mutex::new(Some(stdin))),
            lines,
            stderr,
            stderr_done,
            recent: VecDeque::new(),
            debug: std::env::var_os("QUADBOARD_ENGINE_DEBUG").is_some_and(|v| v == "1"),
        })
    }

    /// The operating system's process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The shared standard input, for stoppers.
    pub(crate) fn shared_stdin(&self) -> SharedStdin {
        Arc::clone(&self.stdin)
    }

    /// Sends `text` (one or more lines, each ended by `\n`) in one write.
    pub(crate) fn send(&self, text: &str) -> Result<(), EngineError> {
        if self.debug {
            eprint!("engine< {text}");
        }
        write_to(&self.stdin, text).map_err(|source| EngineError::Write {
            command: text.trim_end().to_owned(),
            source,
            stderr: self.stderr_tail(),
        })
    }

    /// The next line, waiting until `deadline` (forever when `None`).
    ///
    /// # Errors
    /// [`EngineError::Terminated`] when stdout closes, [`EngineError::Timeout`] at the
    /// deadline; `waiting_for` names the awaited answer in both.
    pub(crate) fn recv(
        &mut self,
        deadline: Option<Instant>,
        waiting_for: &str,
    ) -> Result<String, EngineError> {
        let received = match deadline {
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                self.lines.recv_timeout(left)
            }
        };
        match received {
            Ok(line) => {
                if self.debug {
                    eprintln!("engine> {line}");
                }
                if self.recent.len() == RECENT_LINES {
                    self.recent.pop_front();
                }
                self.recent.push_back(line.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                waiting_for: waiting_for.to_owned(),
                after: Duration::ZERO,
                last_output: self.recent.iter().cloned().collect(),
                stderr: self.stderr_tail(),
            }),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.wait_briefly(Duration::from_millis(500));
                // The stderr thread ends with the process: wait for it, so that the tail
                // holds the engine's last words.
                let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
                Err(EngineError::Terminated {
                    waiting_for: waiting_for.to_owned(),
                    status,
                    stderr: self.stderr_tail(),
                })
            }
        }
    }

    /// The last stderr lines, joined by newlines.
    pub(crate) fn stderr_tail(&self) -> String {
        match self.stderr.lock() {
            Ok(tail) => tail.iter().cloned().collect::<Vec<_>>().join("\n"),
            Err(_) => String::new(),
        }
    }

    /// The exit status if the process ends within `wait`.
    fn wait_briefly(&mut self, wait: Duration) -> Option<ExitStatus> {
        let end = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Kills the process at once and reaps it (no `quit`, no grace).
    pub(crate) fn kill(&mut self) -> Option<ExitStatus> {
        if let Ok(mut stdin) = self.stdin.lock() {
            stdin.take();
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }

    /// Closes stdin, gives the process `grace` to exit, then kills it; reaps it either way.
    pub(crate) fn shut_down(&mut self, grace: Duration) -> Option<ExitStatus> {
        if let Ok(mut stdin) = self.stdin.lock() {
            stdin.take();
        }
        if let Some(status) = self.wait_briefly(grace) {
            return Some(status);
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

/// Writes `text` to a shared stdin in one call.
pub(crate) fn write_to(stdin: &SharedStdin, text: &str) -> std::io::Result<()> {
    let mut guard = stdin
        .lock()
        .map_err(|_| std::io::Error::other("the engine's input lock is poisoned"))?;
    let Some(pipe) = guard.as_mut() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::BrokenPipe,
            "the engine's input is closed",
        ));
    };
    pipe.write_all(text.as_bytes())?;
    pipe.flush()
}

impl Drop for Process {
    fn drop(&mut self) {
        self.shut_down(Duration::from_millis(100));
    }
}

/// The first fatal error of an engine, after which every call fails at once.
#[derive(Debug, Default)]
pub(crate) struct Broken(Option<String>);

impl Broken {
    /// Fails with the first fatal error once one happened.
    pub(crate) fn check(&self) -> Result<(), EngineError> {
        match &self.0 {
            Some(why) => Err(EngineError::Protocol {
                message: format!("the engine is unusable after an earlier error: {why}"),
                stderr: String::new(),
            }),
            None => Ok(()),
        }
    }

    /// Records `e` when it is the first fatal error; hands it back.
    pub(crate) fn record(&mut self, e: EngineError) -> EngineError {
        if e.is_fatal() && self.0.is_none() {
            self.0 = Some(e.to_string());
        }
        e
    }
}

/// [`Process::recv`], a timeout reporting `after` as the time waited.
pub(crate) fn recv_within(
    process: &mut Process,
    deadline: Option<Instant>,
    waiting_for: &str,
    after: Duration,
) -> Result<String, EngineError> {
    process.recv(deadline, waiting_for).map_err(|mut e| {
        if let EngineError::Timeout { after: a, .. } = &mut e {
            *a = after;
        }
        e
    })
}
