//! Who counts a shard: a small text file beside the checkpoint that names the worker's
//! machine and process and that the worker rewrites as a heartbeat, so that `status` can
//! tell a shard being counted from one whose worker was killed.
//!
//! ```text
//! format quadboard-worker 1
//! host node7
//! boot-id 65d9a3d2-1ebb-43ad-bf4d-ef1360f326a8
//! pid-namespace pid:[4026531836]
//! pid 8918
//! pid-start 170673
//! updated 1795000000
//! ```
//!
//! `updated` is the worker's clock in seconds since the Unix epoch. The lines after
//! `format` may come in any order; `host`, `boot-id`, `pid-namespace` and `pid-start` are
//! left out where the system does not tell them, and unknown lines are ignored.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::files::write_atomically;
use crate::Error;

const FORMAT: &str = "format quadboard-worker 1";

/// A heartbeat older than this means the worker is stale. Five minutes: well above the
/// heartbeat interval (a minute at most) and any clock skew between hosts worth running on.
pub const STALE_AFTER: Duration = Duration::from_secs(300);

/// The longest interval between heartbeats.
pub const HEARTBEAT_MAX: Duration = Duration::from_secs(60);

/// The process that counts a shard, as its worker file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    /// The host name.
    pub host: Option<String>,
    /// The boot id of a Linux kernel: a pid names a process only until the next boot.
    pub boot_id: Option<String>,
    /// The pid namespace (Linux): containers on one host number their processes apart.
    pub pid_namespace: Option<String>,
    /// The process id.
    pub pid: u32,
    /// When the process started, in clock ticks after boot (Linux): a later process that
    /// reuses the pid started at another time.
    pub pid_start: Option<u64>,
    /// The last heartbeat, in seconds since the Unix epoch, by the worker's clock.
    pub updated: u64,
}

/// Seconds since the Unix epoch (0 for a clock set before it).
fn unix_seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A first line of a small system file, trimmed; `None` when it cannot be read or is empty.
fn read_line(path: &str) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    let line = text.lines().next()?.trim();
    (!line.is_empty()).then(|| line.to_string())
}

/// What `/proc/<pid>/stat` says of a process: its state letter and start time.
fn proc_stat(pid: &str) -> io::Result<(char, Option<u64>)> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // The command name in parentheses may hold spaces and parentheses: fields start
    // after the last `)`. Field 3 is the state, field 22 the start time.
    let rest = text.rsplit_once(')').map_or("", |(_, rest)| rest);
    let mut fields = rest.split_whitespace();
    let state = fields.next().and_then(|s| s.chars().next()).unwrap_or('?');
    let start = fields.nth(18).and_then(|s| s.parse().ok());
    Ok((state, start))
}

impl Worker {
    /// This process, with the current time as its heartbeat.
    pub fn this_process() -> Worker {
        let host = read_line("/proc/sys/kernel/hostname")
            .or_else(|| std::env::var("HOSTNAME").ok())
            .or_else(|| std::env::var("COMPUTERNAME").ok())
            .filter(|h| !h.trim().is_empty());
        Worker {
            host,
            boot_id: read_line("/proc/sys/kernel/random/boot_id"),
            pid_namespace: fs::read_link("/proc/self/ns/pid")
                .ok()
                .map(|p| p.to_string_lossy().into_owned()),
            pid: std::process::id(),
            pid_start: proc_stat("self").ok().and_then(|(_, start)| start),
            updated: unix_seconds(SystemTime::now()),
        }
    }

    /// The file's text, as in the module documentation.
    pub fn to_text(&self) -> String {
        let mut text = format!("{FORMAT}\n");
        let optional = [
            ("host", self.host.clone()),
            ("boot-id", self.boot_id.clone()),
            ("pid-namespace", self.pid_namespace.clone()),
        ];
        for (key, value) in optional {
            if let Some(value) = value {
                text.push_str(&format!("{key} {value}\n"));
            }
        }
        text.push_str(&format!("pid {}\n", self.pid));
        if let Some(start) = self.pid_start {
            text.push_str(&format!("pid-start {start}\n"));
        }
        text.push_str(&format!("updated {}\n", self.updated));
        text
    }

    /// Reads a worker file's text; `None` when it is not one (no format line, no `pid` or
    /// `updated`, or a number that does not parse).
    pub fn parse(text: &str) -> Option<Worker> {
        let mut lines = text.lines();
        if lines.next()? != FORMAT {
            return None;
        }
        let mut worker = Worker {
            host: None,
            boot_id: None,
            pid_namespace: None,
            pid: 0,
            pid_start: None,
            updated: 0,
        };
        let (mut pid, mut updated) = (None, None);
        for line in lines {
            let Some((key, value)) = line.split_once(' ') else {
                continue;
            };
            match key {
                "host" => worker.host = Some(value.to_string()),
                "boot-id" => worker.boot_id = Some(value.to_string()),
                "pid-namespace" => worker.pid_namespace = Some(value.to_string()),
                "pid" => pid = Some(value.parse().ok()?),
                "pid-start" => worker.pid_start = Some(value.parse().ok()?),
                "updated" => updated = Some(value.parse().ok()?),
                _ => {}
            }
        }
        worker.pid = pid?;
        worker.updated = updated?;
        Some(worker)
    }

    /// Whether this worker runs on the machine of `here` and in its pid namespace, so
    /// that its pid can be looked up: host, boot id and namespace known and equal.
    pub fn same_machine(&self, here: &Worker) -> bool {
        let known_equal = |a: &Option<String>, b: &Option<String>| a.is_some() && a == b;
        known_equal(&self.host, &here.host)
            && known_equal(&self.boot_id, &here.boot_id)
            && known_equal(&self.pid_namespace, &here.pid_namespace)
    }

    /// Whether the worker is known to be alive: on the machine of `here` (see
    /// [`Worker::same_machine`]), whether its process still runs (and is the one that
    /// started at `pid_start`); elsewhere, whether its last heartbeat is at most
    /// [`STALE_AFTER`] before `now`.
    pub fn is_alive(&self, here: &Worker, now: SystemTime) -> bool {
        if self.same_machine(here) {
            return match proc_stat(&self.pid.to_string()) {
                // A zombie or dead process counts no more.
                Ok((state, start)) => {
                    !matches!(state, 'Z' | 'X' | 'x')
                        && (self.pid_start.is_none() || start == self.pid_start)
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => false,
                // Unreadable for another reason: the heartbeat decides.
                Err(_) => self.heard_from(now),
            };
        }
        self.heard_from(now)
    }

    /// Whether the last heartbeat is at most [`STALE_AFTER`] old (or in the future, by a
    /// clock ahead of ours).
    fn heard_from(&self, now: SystemTime) -> bool {
        unix_seconds(now).saturating_sub(self.updated) <= STALE_AFTER.as_secs()
    }

    /// Reads the worker file at `path`: `None` when it is missing or not a worker file
    /// (either way nothing tells that a worker is alive).
    pub fn read(path: &Path) -> Option<Worker> {
        Worker::parse(&fs::read_to_string(path).ok()?)
    }
}

/// The worker file of a running shard: written when counting starts, rewritten by
/// [`WorkerFile::beat`], removed when dropped (the run is over, whatever its outcome).
pub(crate) struct WorkerFile {
    path: PathBuf,
    worker: Worker,
}

impl WorkerFile {
    pub(crate) fn create(path: PathBuf) -> Result<WorkerFile, Error> {
        let file = WorkerFile {
            path,
            worker: Worker::this_process(),
        };
        file.write(&file.worker)?;
        Ok(file)
    }

    fn write(&self, worker: &Worker) -> Result<(), Error> {
        let text = worker.to_text();
        write_atomically(&self.path, |w| w.write_all(text.as_bytes()))
    }

    /// Rewrites the file with the current time. A failure is ignored: the file only
    /// informs `status`, which reports the shard as stale once the heartbeats stop, and
    /// the counting matters more.
    pub(crate) fn beat(&self) {
        let worker = Worker {
            updated: unix_seconds(SystemTime::now()),
            ..self.worker.clone()
        };
        let _ = self.write(&worker);
    }
}

impl Drop for WorkerFile {
    fn drop(&mut self) {
        // Nothing to do about a failure here: a file left behind names a process that
        // has ended, which `status` reports as stale.
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elsewhere(updated: u64) -> Worker {
        Worker {
            host: Some("node7.example".into()),
            boot_id: None,
            pid_namespace: None,
            pid: 1,
            pid_start: None,
            updated,
        }
    }

    #[test]
    fn worker_files_read_back() {
        let here = Worker::this_process();
        assert_eq!(Worker::parse(&here.to_text()), Some(here.clone()));
        let bare = elsewhere(17);
        assert_eq!(
            bare.to_text(),
            "format quadboard-worker 1\nhost node7.example\npid 1\nupdated 17\n"
        );
        assert_eq!(Worker::parse(&bare.to_text()), Some(bare));
        for text in [
            "",
            "format quadboard-worker 2\npid 1\nupdated 1\n",
            "format quadboard-worker 1\npid 1\n",
            "format quadboard-worker 1\nupdated 1\n",
            "format quadboard-worker 1\npid x\nupdated 1\n",
            "format quadboard-worker 1\npid 1\nupdated -1\n",
        ] {
            assert_eq!(Worker::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn the_worker_file_beats_and_goes_when_dropped() {
        let path =
            std::env::temp_dir().join(format!("quadboard-worker-{}.worker", std::process::id()));
        let file = WorkerFile::create(path.clone()).unwrap();
        let first = Worker::read(&path).unwrap();
        let this = Worker::this_process();
        assert_eq!(
            first,
            Worker {
                updated: first.updated,
                ..this
            }
        );
        // Heartbeats count whole seconds.
        std::thread::sleep(Duration::from_millis(1100));
        file.beat();
        let second = Worker::read(&path).unwrap();
        assert!(second.updated > first.updated, "{second:?}");
        assert_eq!(
            Worker {
                updated: 0,
                ..second
            },
            Worker {
                updated: 0,
                ..first
            }
        );
        drop(file);
        assert!(!path.exists());
    }

    #[test]
    fn a_worker_elsewhere_is_alive_while_its_heartbeat_is_recent() {
        let here = Worker::this_process();
        let now = SystemTime::now();
        let seconds = unix_seconds(now);
        assert!(elsewhere(seconds).is_alive(&here, now));
        assert!(elsewhere(seconds - 300).is_alive(&here, now));
        assert!(!elsewhere(seconds - 301).is_alive(&here, now));
        // A clock ahead of ours.
        assert!(elsewhere(seconds + 60).is_alive(&here, now));
    }

    #[test]
    fn a_worker_here_is_alive_while_its_process_runs() {
        let here = Worker::this_process();
        if here.boot_id.is_none() || here.pid_start.is_none() {
            // No /proc: every worker is judged by its heartbeat.
            assert!(!here.same_machine(&here));
            return;
        }
        let now = SystemTime::now();
        // This process, even with an old heartbeat.
        let me = Worker {
            updated: 0,
            ..here.clone()
        };
        assert!(me.is_alive(&here, now));
        // This pid with another start time: a reused pid.
        let reused = Worker {
            pid_start: here.pid_start.map(|s| s + 1),
            ..here.clone()
        };
        assert!(!reused.is_alive(&here, now));
        // A process that has ended, with a fresh heartbeat.
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .arg("--list")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        child.wait().unwrap();
        let ended = Worker {
            pid,
            pid_start: None,
            ..here.clone()
        };
        assert!(!ended.is_alive(&here, now));
    }
}
