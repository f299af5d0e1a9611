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

use crate::{EngineError, Timeouts};

/// How an engine is started: the program, its arguments, the folder it runs in, its
/// environment, where its stderr goes and (on Unix) its process group.
#[derive(Clone, Debug)]
pub struct EngineCommand {
    program: PathBuf,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    /// The environment replaces the caller's (`env_clear`), instead of extending it.
    env_clear: bool,
    envs: Vec<(OsString, OsString)>,
    stderr: Stderr,
    process_group: Option<i32>,
}

/// Where an engine's stderr goes.
#[derive(Clone, Debug, Default)]
pub enum Stderr {
    /// Read by the client, whose error messages quote its last lines (the default).
    #[default]
    Kept,
    /// Discarded (the null device).
    Null,
    /// Written to this file (a log; error messages then quote no stderr).
    File(Arc<std::fs::File>),
}

impl EngineCommand {
    /// The program at `program` (a path, or a name looked up in `PATH`), without arguments,
    /// in the caller's working folder.
    pub fn new(program: impl Into<PathBuf>) -> EngineCommand {
        EngineCommand {
            program: program.into(),
            args: Vec::new(),
            dir: None,
            env_clear: false,
            envs: Vec::new(),
            stderr: Stderr::Kept,
            process_group: None,
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

    /// Sets an environment variable for the engine (beside the inherited ones, unless
    /// [`EngineCommand::env_clear`] was called).
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> EngineCommand {
        self.envs.push((key.into(), value.into()));
        self
    }

    /// Starts the engine with only the variables set by [`EngineCommand::env`], as
    /// Python's `subprocess` does when given `env`.
    pub fn env_clear(mut self) -> EngineCommand {
        self.env_clear = true;
        self.envs.clear();
        self
    }

    /// Sends the engine's stderr there instead of keeping its last lines.
    pub fn stderr(mut self, stderr: Stderr) -> EngineCommand {
        self.stderr = stderr;
        self
    }

    /// Runs the engine in process group `pgid`, 0 for a new group of its own, so that a
    /// Ctrl-C at the terminal (sent to the caller's group) does not reach it. Unix only:
    /// elsewhere starting the engine fails with [`EngineError::Spawn`].
    pub fn process_group(mut self, pgid: i32) -> EngineCommand {
        self.process_group = Some(pgid);
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
        let spawn_error = |source| EngineError::Spawn {
            program: program.clone(),
            source,
        };
        cmd.args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        match &command.stderr {
            Stderr::Kept => cmd.stderr(Stdio::piped()),
            Stderr::Null => cmd.stderr(Stdio::null()),
            Stderr::File(file) => cmd.stderr(file.try_clone().map_err(spawn_error)?),
        };
        if let Some(dir) = &command.dir {
            cmd.current_dir(dir);
        }
        if command.env_clear {
            cmd.env_clear();
        }
        cmd.envs(command.envs.iter().map(|(k, v)| (k, v)));
        if let Some(pgid) = command.process_group {
            #[cfg(unix)]
            {
                use std::os::unix::process::CommandExt;
                cmd.process_group(pgid);
            }
            #[cfg(not(unix))]
            {
                let _ = pgid;
                return Err(spawn_error(std::io::Error::new(
                    std::io::ErrorKind::Unsupported,
                    "process groups are a Unix notion",
                )));
            }
        }
        let mut child = cmd.spawn().map_err(spawn_error)?;
        let stderr_pipe = child.stderr.take();
        // stdin and stdout are piped above, so they are there.
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Spawn {
                program,
                source: std::io::Error::other("the engine's pipes were not created"),
            });
        };
        let (line_tx, lines) = sync_channel(QUEUE);
        reader_thread("engine-stdout", &program, move || {
            for_each_line(stdout, |buf| {
                let mut buf = buf;
                while let [rest @ .., b'\n' | b'\r'] = buf {
                    buf = rest;
                }
                line_tx
                    .send(String::from_utf8_lossy(buf).into_owned())
                    .is_ok()
            });
        })?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = sync_channel::<()>(0);
        let tail = Arc::clone(&stderr);
        // Without a pipe (stderr discarded or sent to a file) there is no tail to wait for:
        // the dropped sender tells so at once.
        let Some(stderr_pipe) = stderr_pipe else {
            drop(done_tx);
            return Ok(Process::new(child, stdin, lines, stderr, stderr_done));
        };
        reader_thread("engine-stderr", &program, move || {
            let _done = done_tx;
            for_each_line(stderr_pipe, |buf| {
                let line = String::from_utf8_lossy(buf).trim_end().to_owned();
                if line.is_empty() {
                    return true;
                }
                let Ok(mut tail) = tail.lock() else {
                    return false;
                };
                if tail.len() == STDERR_LINES {
                    tail.pop_front();
                }
                tail.push_back(line);
                true
            });
        })?;
        Ok(Process::new(child, stdin, lines, stderr, stderr_done))
    }

    fn new(
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
        stderr: Arc<Mutex<VecDeque<String>>>,
        stderr_done: Receiver<()>,
    ) -> Process {
        Process {
            child,
            stdin: Arc::new(Mutex::new(Some(stdin))),
            lines,
            stderr,
            stderr_done,
            recent: VecDeque::new(),
            debug: std::env::var_os("QUADBOARD_ENGINE_DEBUG").is_some_and(|v| v == "1"),
        }
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

/// Calls `each` with every line of `stream`, its line break kept (a line longer than
/// [`MAX_LINE`] comes in pieces), until the stream ends or fails or `each` returns false.
fn for_each_line(stream: impl Read, mut each: impl FnMut(&[u8]) -> bool) {
    let mut reader = BufReader::new(stream);
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
        if !each(&buf) {
            return;
        }
    }
}

/// Runs `body` on a thread named `name`; failing to start one fails the engine's start.
fn reader_thread(
    name: &str,
    program: &str,
    body: impl FnOnce() + Send + 'static,
) -> Result<(), EngineError> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(body)
        .map(drop)
        .map_err(|source| EngineError::Spawn {
            program: program.to_owned(),
            source,
        })
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

/// An engine's process with what both protocols keep beside it: the timeouts and the
/// first fatal error. It is the one place that sends `quit`, on [`Link::quit`] and when
/// dropped, and that turns failed writes and waits into an unusable engine.
pub(crate) struct Link {
    pub(crate) process: Process,
    pub(crate) timeouts: Timeouts,
    broken: Broken,
}

impl Link {
    /// Starts `command` (see [`Process::spawn`]).
    pub(crate) fn spawn(command: &EngineCommand, timeouts: Timeouts) -> Result<Link, EngineError> {
        Ok(Link {
            process: Process::spawn(command)?,
            timeouts,
            broken: Broken::default(),
        })
    }

    /// Fails with the first fatal error once one happened.
    pub(crate) fn usable(&self) -> Result<(), EngineError> {
        self.broken.check()
    }

    /// Sends `text`; a failed write makes the engine unusable.
    pub(crate) fn send(&mut self, text: &str) -> Result<(), EngineError> {
        self.process.send(text).map_err(|e| self.broken.record(e))
    }

    /// The next line before `deadline`; a timeout reports `after` as the time waited, and
    /// every error but a refused request makes the engine unusable.
    pub(crate) fn recv(
        &mut self,
        deadline: Option<Instant>,
        waiting_for: &str,
        after: Duration,
    ) -> Result<String, EngineError> {
        self.process.recv(deadline, waiting_for).map_err(|mut e| {
            if let EngineError::Timeout { after: a, .. } = &mut e {
                *a = after;
            }
            self.broken.record(e)
        })
    }

    /// Records `e` when it is the first fatal error; hands it back.
    pub(crate) fn fail(&mut self, e: EngineError) -> EngineError {
        self.broken.record(e)
    }

    /// Sends `quit` and waits for the exit, killing the process after [`Timeouts::quit`];
    /// its exit status. After a kill, or a second time, the write fails and the status
    /// reaped before is returned.
    pub(crate) fn quit(&mut self) -> Option<ExitStatus> {
        let _ = self.process.send("quit\n");
        self.process.shut_down(self.timeouts.quit)
    }

    /// Kills the process without `quit`; its exit status.
    pub(crate) fn kill(&mut self) -> Option<ExitStatus> {
        self.process.kill()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.quit();
    }
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("pid", &self.process.pid())
            .field("broken", &self.broken)
            .finish_non_exhaustive()
    }
}
