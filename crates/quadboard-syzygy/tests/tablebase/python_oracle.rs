//! Differential test against python-chess's `chess.syzygy`, from the file that
//! `scripts/syzygy-oracle.py` writes (`<fen>\t<wdl>\t<dtz>` lines): ignored, as it needs
//! Python; `QUADBOARD_SYZYGY_ORACLE` names the file. CI compares against shakmaty-syzygy
//! instead (`shakmaty_oracle.rs`) and against python-chess's own list (`lists.rs`).

use quadboard_chess::Position;
use quadboard_syzygy::Tablebase;

#[test]
#[ignore = "needs the file of scripts/syzygy-oracle.py"]
fn python_chess_values_agree() {
    let Some(dir) = crate::common::shared_data_dir("syzygy").map(|d| d.join("tables")) else {
        return;
    };
    let path = std::env::var("QUADBOARD_SYZYGY_ORACLE").expect("QUADBOARD_SYZYGY_ORACLE");
    let text = std::fs::read_to_string(&path).expect("the oracle file");
    let tb = Tablebase::open(dir).unwrap();
    let (mut n, mut ep) = (0, 0);
    for line in text.lines() {
        let mut f = line.split('\t');
        let fen = f.next().unwrap();
        let wdl: i8 = f.next().unwrap().parse().unwrap();
        let dtz: i32 = f.next().unwrap().parse().unwrap();
        // python-chess's `is_valid` also accepts checks no legal game reaches (the
        // library calls them impossible): those are probed too.
        let pos = Position::from_fen_lenient(fen).unwrap();
        assert_eq!(tb.probe_wdl(&pos), Ok(wdl), "wdl of {fen}");
        assert_eq!(tb.probe_dtz(&pos).map(|d| d.plies), Ok(dtz), "dtz of {fen}");
        n += 1;
        ep += usize::from(pos.legal_moves().iter().any(|m| m.is_en_passant()));
    }
    eprintln!("python-chess: {n} positions agree ({ep} with en passant captures)");
    assert!(n > 0);
}
