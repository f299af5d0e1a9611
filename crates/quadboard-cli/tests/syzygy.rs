//! `quadboard syzygy`: the tables of `../shared/data/syzygy/tables`.

mod common;

use common::{quadboard, shared_data_dir, stderr, stdout};

fn tables() -> Option<String> {
    shared_data_dir("syzygy").map(|d| d.join("tables").to_string_lossy().into_owned())
}

#[test]
fn one_position_three_lines() {
    let Some(dir) = tables() else {
        return;
    };
    // python-chess's documentation example.
    let out = quadboard(&["syzygy", &dir, "--fen", "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "wdl -2\ndtz -53\nbest e2d3\n");
}

#[test]
fn the_line_follows_the_dtz() {
    let Some(dir) = tables() else {
        return;
    };
    let out = quadboard(&[
        "syzygy",
        &dir,
        "--fen",
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
        "--line",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "wdl 2");
    let fields: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(fields[..2], ["dtz", "11"]);
    // A zeroing move (here the mate, the end of the line) within the DTZ's plies.
    assert_eq!(fields.len() - 2, 11, "{}", lines[1]);
    assert_eq!(fields[2], "b1e4");
    assert_eq!(lines[2], "best b1e4");
}

#[test]
fn a_file_of_positions() {
    let Some(dir) = tables() else {
        return;
    };
    let path =
        std::env::temp_dir().join(format!("quadboard-syzygy-cli-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1\n\n# a comment\n8/2K5/8/8/8/8/3p4/1k2N3 b - -\n\
         8/8/8/8/8/1k6/8/K1QRBN2 w - - 0 1\nk7/2Q5/1K6/8/8/8/8/8 b - - 0 1\n",
    )
    .unwrap();
    let out = quadboard(&["syzygy", &dir, "--file", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1), "a position without tables");
    assert_eq!(
        stdout(&out),
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1\twdl 2\tdtz 11\tbest b1e4\n\
         8/2K5/8/8/8/8/3p4/1k2N3 b - -\twdl 2\tdtz 1\tbest d2d1q\n\
         k7/2Q5/1K6/8/8/8/8/8 b - - 0 1\twdl 0\tdtz 0\tbest none\n"
    );
    let err = stderr(&out);
    assert!(
        err.contains(":5: 8/8/8/8/8/1k6/8/K1QRBN2 w - - 0 1: no WDL table KQRBNvK.rtbw"),
        "{err}"
    );
}

#[test]
fn errors() {
    let Some(dir) = tables() else {
        return;
    };
    let out = quadboard(&["syzygy", &dir, "--fen", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: syzygy tables hold no positions with castling rights\n"
    );
    let out = quadboard(&["syzygy", &dir, "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: invalid FEN"),
        "{}",
        stderr(&out)
    );
    let out = quadboard(&[
        "syzygy",
        "/no/such/folder",
        "--fen",
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: cannot read /no/such/folder: not a folder\n"
    );
    let out = quadboard(&["syzygy", &dir]);
    assert_eq!(out.status.code(), Some(2));
}
