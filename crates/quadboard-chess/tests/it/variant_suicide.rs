//! Giveaway and suicide (`--features variant`): the antichess type with python-chess's
//! castling and stalemate rules ([`AntichessRules`]), checked against numbers python-chess
//! 1.11.2 gives.
//!
//! Every constant below was computed with python-chess's `chess.variant.GiveawayBoard`,
//! `SuicideBoard` and `AntichessBoard` (a plain recursive perft over `legal_moves`, the
//! boards made as `Board(fen, chess960=...)`; `outcome()`, `san()` and `fen()` likewise).
//! Lichess's antichess positions have no castling rights: the shakmaty comparisons in
//! `variant.rs` keep covering them.

use quadboard_chess::variant::{
    perft, perft_by_variant_moves, Antichess, AntichessRules, VariantOutcome, VariantPosition,
    VariantTermination,
};
use quadboard_chess::{CastlingMode, Color};

use AntichessRules::{Antichess as Lichess, Giveaway, Suicide};

fn read(fen: &str, rules: AntichessRules, chess960: bool) -> Antichess {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Antichess::from_fen_as(fen, rules, Some(mode)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A position read with `rules` from a FEN (in Chess960 mode or not), its perft at depths
/// 1, 2, ... as python-chess counts them, and its castling moves in python-chess's UCI.
type Case = (
    AntichessRules,
    &'static str,
    bool,
    &'static [u64],
    &'static [&'static str],
);

const PERFT: [Case; 10] = [
    (
        Giveaway,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
        &[20, 400, 8_067, 153_299],
        &[],
    ),
    (
        Suicide,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        false,
        &[25, 625, 14_860, 352_666],
        &["e1c1", "e1g1"],
    ),
    (
        Giveaway,
        "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
        false,
        &[16, 256, 4_641, 80_400],
        &["e1c1", "e1g1"],
    ),
    // A promoted king does not castle (and python-chess then cleans white's rights away).
    (
        Giveaway,
        "r3k2r/p6p/8/8/8/8/P6P/R3K~2R w KQkq - 0 1",
        false,
        &[14, 224, 3_922, 68_993],
        &[],
    ),
    // Chess960: king-takes-rook, rooks on b and g.
    (
        Giveaway,
        "1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w KQkq - 0 1",
        true,
        &[16, 256, 4_466, 74_145],
        &["e1b1", "e1g1"],
    ),
    (
        Giveaway,
        "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
        true,
        &[24, 576, 13_187, 301_387],
        &["b1a1", "b1h1"],
    ),
    // Two kings: the lower one castles, queenside only (the other king blocks the h-side);
    // not from e1, so king-takes-rook even outside Chess960.
    (
        Giveaway,
        "r3k2r/p6p/8/8/8/8/P6P/RK2K2R w KQkq - 0 1",
        false,
        &[15, 240, 4_196, 70_650],
        &["b1a1"],
    ),
    // Captures first: the rooks face each other on open ranks.
    (
        Giveaway,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        false,
        &[2, 2, 2],
        &[],
    ),
    (
        Giveaway,
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
        true,
        &[2, 2, 2],
        &[],
    ),
    // Lichess's antichess castles from a FEN with rights, as python-chess's board does.
    (
        Lichess,
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        false,
        &[12, 122, 808],
        &[],
    ),
];

#[test]
fn giveaway_and_suicide_perft_as_python_chess() {
    for (rules, fen, chess960, counts, castles) in PERFT {
        let pos = read(fen, rules, chess960);
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
            assert_eq!(
                perft_by_variant_moves(&pos, depth),
                expected,
                "{fen} depth {depth}"
            );
        }
        let legal = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), legal.len() as u64, "{fen}");
        let mut found: Vec<String> = legal
            .iter()
            .filter(|m| matches!(m.kind(), quadboard_chess::variant::VariantMoveKind::Chess(c) if c.is_castle()))
            .map(|&m| pos.to_uci(m))
            .collect();
        found.sort();
        assert_eq!(found, castles, "{fen}");
        // Every move reads back from its UCI, and the FEN reads back as the same FEN with
        // the same moves (python-chess's FEN, like ours, marks promoted pieces only where
        // the rights are Chess960's: a promoted king without rights is not written).
        for &m in legal.iter() {
            assert_eq!(pos.parse_uci(&pos.to_uci(m)), Ok(m), "{fen}");
        }
        let again = read(&pos.to_fen(), rules, chess960);
        assert_eq!(again.to_fen(), pos.to_fen(), "{fen}");
        assert_eq!(&again.legal_moves()[..], &legal[..], "{fen}");
    }
}

#[test]
fn castling_fens_and_san_as_python_chess() {
    // The start positions.
    assert_eq!(
        Antichess::start(Suicide).to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        Antichess::start(Giveaway),
        read(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Giveaway,
            false
        )
    );
    assert_eq!(
        Antichess::new().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    // (rules, fen, chess960, move, SAN, FEN after) from python-chess.
    let cases = [
        (
            Giveaway,
            "r3k2r/p6p/8/8/8/8/P6P/RK2K2R w KQkq - 0 1",
            false,
            "b1a1",
            "O-O-O",
            "r3k2r/p6p/8/8/8/8/P6P/2KRK2R b kq - 1 1",
        ),
        (
            Giveaway,
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
            false,
            "e1g1",
            "O-O",
            "r3k2r/p6p/8/8/8/8/P6P/R4RK1 b kq - 1 1",
        ),
        (
            Suicide,
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1",
            false,
            "e8c8",
            "O-O-O",
            "2kr3r/p6p/8/8/8/8/P6P/R3K2R w KQ - 1 2",
        ),
        (
            Giveaway,
            "1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w KQkq - 0 1",
            true,
            "e1b1",
            "O-O-O",
            "1r2k1r1/1p4p1/8/8/8/8/1P4P1/2KR2R1 b kq - 1 1",
        ),
        // A rook's move takes its right only.
        (
            Giveaway,
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
            false,
            "h1g1",
            "Rg1",
            "r3k2r/p6p/8/8/8/8/P6P/R3K1R1 b Qkq - 1 1",
        ),
    ];
    for (rules, fen, chess960, uci, san, after) in cases {
        let pos = read(fen, rules, chess960);
        let m = pos
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        assert_eq!(pos.to_san(m), san, "{fen}");
        assert_eq!(pos.parse_san(san), Ok(m), "{fen}");
        assert_eq!(pos.play(m).unwrap().to_fen(), after, "{fen}");
    }
    // A second king off the back rank leaves the rights to the king on e1.
    let pos = read("r3k2r/p6p/8/8/8/8/P5KP/R3K2R w KQkq - 0 1", Giveaway, false);
    assert_eq!(pos.castling_rights().count(), 4);
    // A promoted king moves without taking the rights of the king that was not promoted,
    // which still castles; Chess960 rights write promoted pieces `~`, as python-chess.
    let pos = read(
        "1r2k1r1/1p4p1/8/8/8/8/1P2K~1P1/1R2K1R1 w KQkq - 0 1",
        Giveaway,
        true,
    );
    let after = pos.play(pos.parse_uci("e2d3").unwrap()).unwrap();
    assert_eq!(
        after.to_fen(),
        "1r2k1r1/1p4p1/8/8/8/3K~4/1P4P1/1R2K1R1 b KQkq - 1 1"
    );
    assert_eq!(after.castling_rights(), pos.castling_rights());
    // The king that was not promoted moving takes white's rights.
    let after = pos.play(pos.parse_uci("e1d1").unwrap()).unwrap();
    assert_eq!(
        after.to_fen(),
        "1r2k1r1/1p4p1/8/8/8/8/1P2K~1P1/1R1K2R1 b kq - 1 1"
    );
}

#[test]
fn suicide_stalemates_count_the_pieces() {
    use VariantTermination::{VariantDraw, VariantLoss, VariantWin};
    let (white, black) = (Some(Color::White), Some(Color::Black));
    // (fen, suicide's outcome, giveaway's) from python-chess's `outcome()`.
    let cases = [
        // Stalemated with as many pieces: suicide draws, giveaway wins.
        (
            "8/8/8/8/8/p7/P7/8 w - - 0 1",
            (VariantDraw, None),
            (VariantWin, white),
        ),
        // Fewer: both win.
        (
            "8/8/8/8/p7/P7/8/7b w - - 0 1",
            (VariantWin, white),
            (VariantWin, white),
        ),
        (
            "8/8/8/8/p6p/P6P/7P/8 b - - 0 1",
            (VariantWin, black),
            (VariantWin, black),
        ),
        // More: suicide loses.
        (
            "8/8/8/8/p6p/P6P/7P/8 w - - 0 1",
            (VariantLoss, black),
            (VariantWin, white),
        ),
        // No pieces: the side to move wins in both.
        (
            "8/8/8/8/8/8/8/4K3 b - - 0 1",
            (VariantWin, black),
            (VariantWin, black),
        ),
    ];
    for (fen, suicide, giveaway) in cases {
        for (rules, (termination, winner)) in [(Suicide, suicide), (Giveaway, giveaway)] {
            let pos = read(fen, rules, false);
            let expected = Some(VariantOutcome {
                termination,
                winner,
            });
            assert_eq!(pos.variant_outcome(), expected, "{fen} {rules:?}");
            assert_eq!(pos.outcome(), expected, "{fen} {rules:?}");
        }
    }
    // The side to move with pieces, its opponent with none (a FEN's): python-chess's
    // giveaway and suicide call it stalemate, lichess's antichess a win.
    let fen = "8/8/8/8/8/8/8/4K3 w - - 0 1";
    for rules in [Suicide, Giveaway] {
        let outcome = read(fen, rules, false).outcome().map(|o| o.termination);
        assert_eq!(
            outcome,
            Some(VariantTermination::Chess(
                quadboard_chess::Termination::Stalemate
            ))
        );
    }
    assert_eq!(
        read(fen, Lichess, false).outcome(),
        Some(VariantOutcome {
            termination: VariantWin,
            winner: white
        })
    );
    // SAN: `#` after a move into the other side's winning or losing stalemate.
    let pos = read("8/8/8/8/p6p/P6P/8/6N1 w - - 0 1", Suicide, false);
    let mut san: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.to_san(m).as_str().to_owned())
        .collect();
    san.sort();
    assert_eq!(san, ["Ne2#", "Nf3#"]);
}
