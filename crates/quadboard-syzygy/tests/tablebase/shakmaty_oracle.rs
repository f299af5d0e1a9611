//! Differential test against shakmaty-syzygy (a dev-dependency oracle): random legal
//! positions of every table in `../shared/data/syzygy/tables`, en passant positions of the
//! pawn tables among them; WDL, DTZ (with its rounding), the fifty-move WDL and the best
//! move. The CI slice is `random_positions_agree`; the ignored test runs 100,000.

use crate::common::shared_data_dir;
use crate::random::{pieces_of, random_position, table_names, Rng};
use quadboard_chess::{Move, Position, Role};
use quadboard_syzygy::{FiftyMoveWdl, Tablebase};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use shakmaty_syzygy::{AmbiguousWdl, MaybeRounded, Tablebase as Oracle, Wdl};

struct Tally {
    positions: u64,
    en_passant: u64,
    only_en_passant: u64,
    best_same_move: u64,
    best_tied: u64,
    rounding_differs: u64,
}

fn oracle_position(pos: &Position) -> Chess {
    let fen: Fen = pos.to_fen().parse().expect("FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("legal for shakmaty")
}

fn wdl_of(w: Wdl) -> i8 {
    match w {
        Wdl::Loss => -2,
        Wdl::BlessedLoss => -1,
        Wdl::Draw => 0,
        Wdl::CursedWin => 1,
        Wdl::Win => 2,
    }
}

fn fifty_of(w: AmbiguousWdl) -> FiftyMoveWdl {
    match w {
        AmbiguousWdl::Loss => FiftyMoveWdl::Loss,
        AmbiguousWdl::MaybeLoss => FiftyMoveWdl::MaybeLoss,
        AmbiguousWdl::BlessedLoss => FiftyMoveWdl::BlessedLoss,
        AmbiguousWdl::Draw => FiftyMoveWdl::Draw,
        AmbiguousWdl::CursedWin => FiftyMoveWdl::CursedWin,
        AmbiguousWdl::MaybeWin => FiftyMoveWdl::MaybeWin,
        AmbiguousWdl::Win => FiftyMoveWdl::Win,
    }
}

/// How `best_move` ranks a move (smaller is better), from our probes of the position after it.
fn rank(tb: &Tablebase, pos: &Position, m: Move) -> (i8, bool, bool, i32) {
    let child = pos.play(m).unwrap();
    let wdl = tb.probe_wdl(&child).unwrap();
    let dtz = tb.probe_dtz(&child).unwrap().plies;
    let board = pos.board();
    let zeroing = m.is_en_passant()
        || board.occupied().contains(m.to())
        || board.role_at(m.from()) == Some(Role::Pawn);
    (
        wdl,
        !(dtz == -1 && child.is_checkmate()),
        zeroing ^ (dtz < 0),
        -dtz,
    )
}

fn compare(tb: &Tablebase, oracle: &Oracle<Chess>, pos: &Position, tally: &mut Tally) {
    let fen = pos.to_fen();
    let theirs = oracle_position(pos);
    let wdl = oracle.probe_wdl_after_zeroing(&theirs).map(wdl_of);
    assert_eq!(tb.probe_wdl(pos).ok(), wdl.ok(), "wdl of {fen}");
    let their_dtz = oracle.probe_dtz(&theirs).expect("dtz");
    let dtz = tb.probe_dtz(pos).unwrap();
    let (plies, rounded) = match their_dtz {
        MaybeRounded::Precise(d) => (d.0, false),
        MaybeRounded::Rounded(d) => (d.0, true),
    };
    assert_eq!(dtz.plies, plies, "dtz of {fen}");
    // Where the one-ply search of a DTZ table's missing side finds its value by several
    // moves, some rounded and some not, shakmaty-syzygy takes the flag of the first in
    // its move order; this crate says rounded only where the value may be off (the
    // slowest loss if any move to it may be, the fastest win if every move to it may
    // be). The values agree; the flags may then differ, and so may the fifty-move WDL
    // that reads them.
    if dtz.rounded == rounded {
        let fifty = oracle.probe_wdl(&theirs).map(fifty_of).unwrap();
        assert_eq!(
            tb.probe_wdl_fifty(pos).unwrap(),
            fifty,
            "fifty-move wdl of {fen}"
        );
    } else {
        tally.rounding_differs += 1;
    }
    let ours = tb.best_move(pos).unwrap();
    let their_best = oracle.best_move(&theirs).unwrap();
    match (ours, their_best) {
        (None, None) => {}
        (Some((m, d)), Some((t, td))) => {
            let t = pos
                .parse_uci(&t.to_uci(CastlingMode::Standard).to_string())
                .expect("their move is legal here");
            assert_eq!(d.plies, td.ignore_rounding().0, "best move's dtz in {fen}");
            assert_eq!(rank(tb, pos, m), rank(tb, pos, t), "best move in {fen}");
            if m == t {
                tally.best_same_move += 1;
            } else {
                tally.best_tied += 1;
            }
        }
        (a, b) => panic!("best move of {fen}: {a:?} against {b:?}"),
    }
    tally.positions += 1;
    if pos.ep_square().is_some() {
        let moves = pos.legal_moves();
        let ep = moves.iter().filter(|m| m.is_en_passant()).count();
        if ep > 0 {
            tally.en_passant += 1;
            if ep == moves.len() {
                tally.only_en_passant += 1;
            }
        }
    }
}

fn run(per_table: u64, per_pawn_table_ep: u64, seed: u64) -> Option<Tally> {
    let dir = shared_data_dir("syzygy")?.join("tables");
    let tb = Tablebase::open(&dir).unwrap();
    let mut oracle = Oracle::<Chess>::new();
    oracle.add_directory(&dir).unwrap();
    let mut rng = Rng(seed);
    let mut tally = Tally {
        positions: 0,
        en_passant: 0,
        only_en_passant: 0,
        best_same_move: 0,
        best_tied: 0,
        rounding_differs: 0,
    };
    for name in table_names(&dir) {
        let pieces = pieces_of(&name);
        let pawns = pieces.iter().any(|c| c.eq_ignore_ascii_case(&'p'));
        for (ep, count) in [
            (false, per_table),
            (true, if pawns { per_pawn_table_ep } else { 0 }),
        ] {
            let mut done = 0;
            let mut tries = 0;
            while done < count && tries < 100 * count {
                tries += 1;
                if let Some(pos) = random_position(&mut rng, &pieces, ep) {
                    compare(&tb, &oracle, &pos, &mut tally);
                    done += 1;
                }
            }
        }
    }
    Some(tally)
}

fn report(t: &Tally) {
    eprintln!(
        "shakmaty-syzygy: {} positions agree ({} with en passant captures, {} of them with \
         only en passant moves); best move: {} the same move, {} an equally ranked one; \
         {} DTZ rounding flags differ on equal values",
        t.positions,
        t.en_passant,
        t.only_en_passant,
        t.best_same_move,
        t.best_tied,
        t.rounding_differs
    );
    assert!(
        t.rounding_differs * 200 <= t.positions.max(1),
        "{}",
        t.rounding_differs
    );
}

#[test]
fn random_positions_agree() {
    let Some(t) = run(60, 60, 0x5eed_0001) else {
        return;
    };
    report(&t);
    assert!(t.positions > 2000, "{}", t.positions);
    assert!(t.en_passant > 40, "{}", t.en_passant);
}

#[test]
#[ignore = "100,000 positions: minutes"]
fn many_random_positions_agree() {
    let Some(t) = run(2250, 1000, 0x5eed_0002) else {
        return;
    };
    report(&t);
}

/// Every KPvKP position with an en passant capture to make (the only table here with
/// pawns on both sides): the kings on every pair of squares, either side capturing, from
/// either side. Also counts those whose only legal move is the capture: in KPvKP there are
/// none (the capturing king always has another move or is stalemated with no capture
/// possible), so the forced-capture rule cannot be reached with these tables.
#[test]
fn every_kpvkp_en_passant_position() {
    let Some(dir) = shared_data_dir("syzygy") else {
        return;
    };
    let tb = Tablebase::open(dir.join("tables")).unwrap();
    let mut oracle = Oracle::<Chess>::new();
    oracle.add_directory(dir.join("tables")).unwrap();
    let mut tally = Tally {
        positions: 0,
        en_passant: 0,
        only_en_passant: 0,
        best_same_move: 0,
        best_tied: 0,
        rounding_differs: 0,
    };
    let mut n = 0u64;
    for white_to_move in [true, false] {
        for file in 0..8i32 {
            for side in [-1, 1] {
                let capturer_file = file + side;
                if !(0..8).contains(&capturer_file) {
                    continue;
                }
                for wk in 0..64 {
                    for bk in 0..64 {
                        let mut board = [' '; 64];
                        let (rank, pushed, capturer) = if white_to_move {
                            (4, 'p', 'P')
                        } else {
                            (3, 'P', 'p')
                        };
                        board[(rank * 8 + file) as usize] = pushed;
                        board[(rank * 8 + capturer_file) as usize] = capturer;
                        if board[wk] != ' ' || board[bk] != ' ' || wk == bk {
                            continue;
                        }
                        board[wk] = 'K';
                        board[bk] = 'k';
                        let fen = fen_of(&board, white_to_move, file, rank);
                        let Ok(pos) = Position::from_fen(&fen) else {
                            continue;
                        };
                        if pos.ep_square().is_none() {
                            continue;
                        }
                        n += 1;
                        if n.is_multiple_of(8) {
                            compare(&tb, &oracle, &pos, &mut tally);
                        } else {
                            let theirs = oracle_position(&pos);
                            let wdl = oracle.probe_wdl_after_zeroing(&theirs).map(wdl_of).unwrap();
                            assert_eq!(tb.probe_wdl(&pos), Ok(wdl), "wdl of {fen}");
                            let d = oracle.probe_dtz(&theirs).unwrap().ignore_rounding().0;
                            assert_eq!(tb.probe_dtz(&pos).map(|d| d.plies), Ok(d), "dtz of {fen}");
                            let moves = pos.legal_moves();
                            if !moves.is_empty() && moves.iter().all(|m| m.is_en_passant()) {
                                tally.only_en_passant += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    report(&tally);
    eprintln!("{n} KPvKP en passant positions agree on WDL and DTZ");
    assert!(n > 50_000, "{n}");
}

fn fen_of(board: &[char; 64], white_to_move: bool, file: i32, rank: i32) -> String {
    let mut fen = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match board[r * 8 + f] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if r > 0 {
            fen.push('/');
        }
    }
    let ep_rank = if white_to_move { rank + 2 } else { rank };
    let ep = format!("{}{}", (b'a' + file as u8) as char, ep_rank);
    format!("{fen} {} - {ep} 0 1", if white_to_move { 'w' } else { 'b' })
}
