//! The real engines the tests drive (Stockfish, Fairy-Max), and small fake engines the
//! tests write as shell scripts. Shared by this crate's tests and the CLI's (`#[path]`).

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

/// The engine `name` (`stockfish`, `fairymax`): `$QUADBOARD_<NAME>` if set, else
/// `/usr/games/<name>` (Debian's packages), else `<name>` on `PATH`. When it is missing
/// the test skips with one line on stderr, and fails under `CI=true` (`.ci/run` installs
/// both).
pub fn engine_path(name: &str) -> Option<PathBuf> {
    let var = format!("QUADBOARD_{}", name.to_ascii_uppercase());
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(path) = std::env::var_os(&var) {
        candidates.push(path.into());
    }
    candidates.push(PathBuf::from("/usr/games").join(name));
    if let Some(paths) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&paths).map(|dir| dir.join(name)));
    }
    if let Some(found) = candidates.into_iter().find(|p| p.is_file()) {
        return Some(found);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{name} is missing under CI=true (apt-get install {name}, or set {var})");
    }
    eprintln!("skipped: {name} is not installed (apt-get install {name}, or set {var})");
    None
}

/// A fake engine: `body` is the `case` arms of a shell loop over the lines it reads (`$line`
/// holds each), written to a fresh folder as an executable script; every line it reads is
/// also appended to `input.log` beside it. `prelude` runs before the loop.
pub struct Fake {
    pub dir: PathBuf,
    pub path: PathBuf,
}

impl Fake {
    pub fn new(name: &str, prelude: &str, body: &str) -> Fake {
        let dir = std::env::temp_dir().join(format!(
            "quadboard-fake-{name}-{}-{}",
            std::process::id(),
            FAKES.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        let log = dir.join("input.log");
        let script = format!(
            "#!/bin/sh\n{prelude}\nwhile IFS= read -r line; do\n  printf '%s\\n' \"$line\" >> '{}'\n  case \"$line\" in\n{body}\n  esac\ndone\n",
            log.display()
        );
        write_executable(&path, &script);
        Fake { dir, path }
    }

    /// The standard answers of a UCI engine (`uci`, `isready`, `quit`) around `arms`.
    pub fn uci(name: &str, options: &str, arms: &str) -> Fake {
        let body = format!(
            "    uci) echo 'id name {name}'; echo 'id author tests'; {options} echo uciok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;\n{arms}"
        );
        Fake::new(name, "", &body)
    }

    /// What the fake read so far.
    pub fn input(&self) -> String {
        std::fs::read_to_string(self.dir.join("input.log")).unwrap_or_default()
    }
}

/// Writes an executable script through a child shell, so that this process never holds
/// the file open for writing: a test thread that forks an engine meanwhile would carry
/// such a descriptor into its child until that child's `exec`, and executing the script
/// in that window fails with "Text file busy" (ETXTBSY).
fn write_executable(path: &std::path::Path, text: &str) {
    use std::io::Write;
    let mut shell = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg("cat > \"$1\" && chmod 755 \"$1\"")
        .arg("sh")
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("start /bin/sh to write the fake");
    shell
        .stdin
        .take()
        .expect("the shell's stdin")
        .write_all(text.as_bytes())
        .expect("write the fake");
    assert!(
        shell.wait().expect("wait for /bin/sh").success(),
        "writing {}",
        path.display()
    );
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

static FAKES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
