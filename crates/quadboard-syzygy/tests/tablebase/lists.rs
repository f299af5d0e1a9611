//! The two public test lists: python-chess's `endgame.epd` and shakmaty-syzygy's
//! `chess.csv` (`../shared/data/syzygy`).

use crate::common::shared_data_dir;
use quadboard_chess::Position;
use quadboard_syzygy::{ProbeError, Tablebase};

fn position(epd: &str) -> Position {
    let fields: Vec<&str> = epd.split_whitespace().take(4).collect();
    Position::from_fen(&format!("{} 0 1", fields.join(" "))).expect("a legal position")
}

#[test]
fn python_chess_endgame_epd() {
    let Some(dir) = shared_data_dir("syzygy") else {
        return;
    };
    let tb = Tablebase::open(dir.join("tables")).unwrap();
    let text = std::fs::read_to_string(dir.join("python-chess-endgame.epd")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = position(line);
        let op = |name: &str| -> i32 {
            let at = line.find(&format!(" {name} ")).expect(name) + name.len() + 2;
            line[at..]
                .split(';')
                .next()
                .unwrap()
                .trim()
                .parse()
                .unwrap()
        };
        assert_eq!(
            tb.probe_wdl(&pos).map(i32::from),
            Ok(op("wdl")),
            "wdl of {line}"
        );
        assert_eq!(
            tb.probe_dtz(&pos).map(|d| d.plies),
            Ok(op("dtz")),
            "dtz of {line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn shakmaty_syzygy_chess_csv() {
    let Some(dir) = shared_data_dir("syzygy") else {
        return;
    };
    let tb = Tablebase::open(dir.join("tables")).unwrap();
    let text = std::fs::read_to_string(dir.join("shakmaty-syzygy-chess.csv")).unwrap();
    let (mut checked, mut skipped) = (0, 0);
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let mut cols = line.split(',');
        let pos = position(cols.next().unwrap());
        let wdl: i8 = cols.next().unwrap().parse().unwrap();
        let dtz: i32 = cols.next().unwrap().parse().unwrap();
        match tb.probe_wdl(&pos) {
            Err(ProbeError::MissingTable { .. } | ProbeError::TooManyPieces { .. }) => {
                skipped += 1;
                continue;
            }
            got => assert_eq!(got, Ok(wdl), "wdl of {line}"),
        }
        assert_eq!(
            tb.probe_dtz(&pos).map(|d| d.plies),
            Ok(dtz),
            "dtz of {line}"
        );
        checked += 1;
    }
    eprintln!("chess.csv: {checked} rows checked, {skipped} skipped (tables not here)");
    assert!(checked >= 200, "{checked}");
}
