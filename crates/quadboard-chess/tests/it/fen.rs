//! FEN reading and writing against the tables in `tests/data/`: every invalid FEN gives
//! exactly its error, and every valid one in unusual notation reads and writes back as
//! documented. The formats are described at the top of each file.

use std::collections::HashSet;

use quadboard_chess::fen::FenField;
use quadboard_chess::position::FromFenError;
use quadboard_chess::{CastlingMode, Position, Reasons, Setup};

const INVALID: &str = include_str!("../data/invalid-fens.txt");
const VALID: &str = include_str!("../data/valid-fens.txt");

/// Every reason by the name of its constant.
const REASONS: [(&str, Reasons); 8] = [
    ("MISSING_KING", Reasons::MISSING_KING),
    ("TOO_MANY_KINGS", Reasons::TOO_MANY_KINGS),
    ("PAWNS_ON_BACKRANK", Reasons::PAWNS_ON_BACKRANK),
    ("OPPOSITE_CHECK", Reasons::OPPOSITE_CHECK),
    ("IMPOSSIBLE_CHECK", Reasons::IMPOSSIBLE_CHECK),
    ("TOO_MUCH_MATERIAL", Reasons::TOO_MUCH_MATERIAL),
    ("INVALID_CASTLING_RIGHTS", Reasons::INVALID_CASTLING_RIGHTS),
    ("INVALID_EP_SQUARE", Reasons::INVALID_EP_SQUARE),
];

/// The cases of a table: (line number, fields split at " | ").
fn cases(table: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    table
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.split(" | ").collect()))
}

fn parse_reasons(line: usize, names: &str) -> Reasons {
    names.split(" + ").fold(Reasons::NONE, |all, name| {
        let (_, reason) = REASONS
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("line {line}: unknown reason {name:?}"));
        all | *reason
    })
}

/// Each invalid FEN is refused with exactly the error of the table: the field, text and
/// problem of a syntax error (and no other field's), or exactly the reasons of an illegal
/// position, no more and no fewer. The lenient reader accepts exactly those whose reasons
/// are all ignorable. Catches a check that stops firing, fires on the wrong field, reports
/// only the first of several reasons, or is swallowed by a later one; and a table that
/// stops covering a field or a reason.
#[test]
fn invalid_fens_give_exactly_their_error() {
    let mut fields = HashSet::new();
    let mut reasons_seen = Reasons::NONE;
    let mut combinations = 0;
    for (line, parts) in cases(INVALID) {
        let [fen, expected] = parts[..] else {
            panic!("line {line}: expected '<FEN> | <error>'");
        };
        let result = Position::from_fen(fen);
        if let Some(message) = expected.strip_prefix("syntax: ") {
            let Err(FromFenError::Syntax(error)) = &result else {
                panic!("line {line}: {fen:?} gave {result:?}, expected a syntax error");
            };
            assert_eq!(error.to_string(), message, "line {line}: {fen:?}");
            // The message names the field and quotes its text; a wrong field count quotes
            // the whole FEN.
            let lead = match error.field() {
                FenField::Fields => format!("'{}': ", error.text()),
                field => format!("{} field '{}': ", field.name(), error.text()),
            };
            assert!(message.starts_with(&lead), "line {line}");
            assert_eq!(Setup::from_fen(fen).as_ref(), Err(error), "line {line}");
            assert_eq!(
                Position::from_fen_lenient(fen),
                Err(FromFenError::Syntax(error.clone())),
                "line {line}"
            );
            fields.insert(error.field());
        } else if let Some(names) = expected.strip_prefix("illegal: ") {
            let expected = parse_reasons(line, names);
            let Err(FromFenError::Illegal(error)) = &result else {
                panic!("line {line}: {fen:?} gave {result:?}, expected {expected:?}");
            };
            assert_eq!(error.reasons(), expected, "line {line}: {fen:?}");
            let setup = Setup::from_fen(fen).unwrap();
            assert_eq!(setup.validate(), expected, "line {line}: {fen:?}");
            let ignorable = expected.without(Reasons::IGNORABLE).is_empty();
            match Position::from_fen_lenient(fen) {
                Ok(pos) => {
                    assert!(
                        ignorable,
                        "line {line}: lenient reading accepted {expected:?}"
                    );
                    // What is dropped is dropped; what remains is the placement as given.
                    assert_eq!(pos.board(), &setup.board, "line {line}");
                    assert!(
                        pos.to_setup().invalid_castling_rooks().is_empty(),
                        "line {line}"
                    );
                }
                Err(FromFenError::Illegal(e)) => {
                    assert!(
                        !ignorable,
                        "line {line}: lenient reading refused {expected:?}"
                    );
                    assert_eq!(e.reasons(), expected, "line {line}");
                }
                Err(e) => panic!("line {line}: {e}"),
            }
            reasons_seen |= expected;
            combinations += usize::from(expected.iter().count() > 1);
        } else {
            panic!("line {line}: the error must start with 'syntax: ' or 'illegal: '");
        }
    }

    // Every field and every reason, and reasons together.
    for field in [
        FenField::Fields,
        FenField::Board,
        FenField::Turn,
        FenField::Castling,
        FenField::EnPassant,
        FenField::Halfmoves,
        FenField::Fullmoves,
    ] {
        assert!(fields.contains(&field), "no case for {field:?}");
    }
    let every_reason = REASONS.iter().fold(Reasons::NONE, |all, &(_, r)| all | r);
    assert_eq!(
        every_reason,
        Reasons::NONE.complement(),
        "REASONS is not complete"
    );
    assert_eq!(reasons_seen, every_reason, "some reason has no case");
    assert!(
        combinations >= 5,
        "{combinations} cases with several reasons"
    );
}

/// Each valid FEN in unusual notation (four fields, runs of whitespace, castling letters
/// in any order, Shredder-FEN for standard chess, X-FEN `KQkq` and inner-rook file letters
/// for Chess960, checks explained by the en passant square) is accepted in the documented
/// castling mode and written in each mode exactly as the table says; every written FEN
/// reads back as the same position. Catches a castling letter resolved to the wrong rook,
/// a wrong mode detection, a writer that loses a right or uses the wrong notation, and a
/// legal position refused.
#[test]
fn valid_fens_read_and_write_back_as_documented() {
    let mut cases_run = 0;
    for (line, parts) in cases(VALID) {
        let [fen, mode, standard, chess960] = parts[..] else {
            panic!("line {line}: expected '<FEN> | <mode> | <standard> | <chess960>'");
        };
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let mode = match mode {
            "standard" => CastlingMode::Standard,
            "chess960" => CastlingMode::Chess960,
            other => panic!("line {line}: unknown mode {other:?}"),
        };
        assert_eq!(pos.castling_mode(), mode, "line {line}: {fen}");
        let [standard, chess960] = [standard, chess960].map(|w| if w == "=" { fen } else { w });
        let written = match mode {
            CastlingMode::Standard => standard,
            CastlingMode::Chess960 => chess960,
        };
        assert_eq!(pos.to_fen(), written, "line {line}");
        assert_eq!(
            pos.to_setup().to_fen(CastlingMode::Standard),
            standard,
            "line {line}"
        );
        assert_eq!(
            pos.to_setup().to_fen(CastlingMode::Chess960),
            chess960,
            "line {line}"
        );
        for text in [standard, chess960] {
            let reread = Setup::from_fen(text).unwrap_or_else(|e| panic!("line {line}: {e}"));
            assert_eq!(reread, pos.to_setup(), "line {line}: {text}");
        }
        cases_run += 1;
    }
    assert!(cases_run >= 15, "{cases_run} cases");
}
