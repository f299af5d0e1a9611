//! Forsyth-Edwards Notation: reading and writing [`Setup`]s, with X-FEN and Shredder-FEN
//! castling fields for Chess960.
//!
//! Reading checks syntax only; whether the position is legal is [`Setup::validate`]'s
//! question. Six fields are expected, or four (EPD style, the counters then default to
//! `0 1`). Fields are separated by runs of ASCII whitespace.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Board, CastlingMode, Color, File, Piece, Rank, Role, Setup, Square};

/// The part of a FEN an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The whole text (wrong number of fields).
    Fields,
    /// Piece placement.
    Board,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En passant square.
    EnPassant,
    /// Halfmove clock.
    Halfmoves,
    /// Fullmove number.
    Fullmoves,
}

impl FenField {
    /// The field's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Fields => "fields",
            FenField::Board => "board",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        }
    }
}

/// A FEN that could not be read: which field, what text, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    field: FenField,
    text: String,
    problem: String,
}

impl FenError {
    fn new(field: FenField, text: &str, problem: impl Into<String>) -> FenError {
        // Keep error messages short even for huge inputs.
        let mut end = text.len().min(80);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        FenError {
            field,
            text: String::from(&text[..end]),
            problem: problem.into(),
        }
    }

    /// The field that is wrong.
    pub fn field(&self) -> FenField {
        self.field
    }

    /// The offending text (at most 80 bytes of it).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong, in words.
    pub fn problem(&self) -> &str {
        &self.problem
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            // The whole text is at fault, not one field.
            FenField::Fields => write!(f, "'{}': {}", self.text, self.problem),
            field => write!(
                f,
                "{} field '{}': {}",
                field.name(),
                self.text,
                self.problem
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

fn parse_board(text: &str) -> Result<Board, FenError> {
    let err = |problem: String| FenError::new(FenField::Board, text, problem);
    let ranks: alloc::vec::Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(alloc::format!(
            "expected 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u8);
        let mut file = 0u32;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(err(alloc::format!(
                        "rank {}: '{c}' is not an empty-square count 1-8",
                        rank.char()
                    )));
                }
                if last_was_digit {
                    return Err(err(alloc::format!(
                        "rank {}: two digits in a row",
                        rank.char()
                    )));
                }
                file += d;
                last_was_digit = true;
            } else {
                let Some(piece) = Piece::from_char(c) else {
                    return Err(err(alloc::format!(
                        "rank {}: '{c}' is not a piece letter (PNBRQK for white, pnbrqk for black) or a digit",
                        rank.char()
                    )));
                };
                if file < 8 {
                    board.set_piece_at(Square::from_coords(File::new(file as u8), rank), piece);
                }
                file += 1;
                last_was_digit = false;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(err(alloc::format!(
                "rank {} has {} squares, expected 8: '{rank_text}'",
                rank.char(),
                if file > 8 {
                    alloc::string::ToString::to_string("more than 8")
                } else {
                    alloc::format!("{file}")
                }
            )));
        }
    }
    Ok(board)
}

/// The outermost rook of `color` on its back rank on the given side of its king, or the
/// corner square when there is none (validation then reports the right as invalid).
fn resolve_castling(board: &Board, color: Color, king_side: bool) -> Square {
    let back = if color == Color::White {
        Rank::First
    } else {
        Rank::Eighth
    };
    let corner = Square::from_coords(if king_side { File::H } else { File::A }, back);
    let Some(king) = board.king_of(color).filter(|k| k.rank() == back) else {
        return corner;
    };
    let rooks = board.by_piece(Piece::new(color, Role::Rook)) & back.bitboard();
    let found = if king_side {
        rooks.iter().rfind(|&r| r > king)
    } else {
        rooks.iter().find(|&r| r < king)
    };
    found.unwrap_or(corner)
}

fn parse_castling(text: &str, board: &Board) -> Result<Bitboard, FenError> {
    if text == "-" {
        return Ok(Bitboard::EMPTY);
    }
    let mut rooks = Bitboard::EMPTY;
    let mut seen = alloc::vec::Vec::new();
    for c in text.chars() {
        if seen.contains(&c) {
            return Err(FenError::new(
                FenField::Castling,
                text,
                alloc::format!("'{c}' appears twice"),
            ));
        }
        seen.push(c);
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = if color == Color::White {
            Rank::First
        } else {
            Rank::Eighth
        };
        let square = match c {
            'K' | 'k' => resolve_castling(board, color, true),
            'Q' | 'q' => resolve_castling(board, color, false),
            // Shredder-FEN: the file of the rook, uppercase for white.
            _ => match File::from_char(c.to_ascii_lowercase()) {
                Some(file) => Square::from_coords(file, back),
                None => {
                    return Err(FenError::new(
                        FenField::Castling,
                        text,
                        alloc::format!(
                            "'{c}' is not a castling letter: expected '-', KQkq or files A-H/a-h"
                        ),
                    ))
                }
            },
        };
        rooks |= square;
    }
    if seen.len() > 4 {
        return Err(FenError::new(
            FenField::Castling,
            text,
            "more than four castling rights",
        ));
    }
    Ok(rooks)
}

fn parse_counter(field: FenField, text: &str, min: u32) -> Result<u32, FenError> {
    let valid = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<u32>() {
        Ok(n) if valid && n >= min => Ok(n),
        Ok(_) if valid => Err(FenError::new(
            field,
            text,
            alloc::format!("must be at least {min}"),
        )),
        _ if valid => Err(FenError::new(field, text, "too large")),
        _ => Err(FenError::new(
            field,
            text,
            "expected a non-negative whole number",
        )),
    }
}

/// What [`Setup::from_fen_with_warnings`] forgave in a FEN: text whose meaning is clear
/// though it departs from the standard. Each says what was read instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenWarning {
    /// Fewer than six fields (the number found): the missing ones are read as the end of
    /// `w - - 0 1`.
    MissingFields(u8),
    /// A fullmove number of 0 (as some programs write for puzzles): read as 1.
    FullmoveZero,
    /// Castling rights written as rook files (Shredder-FEN or X-FEN letters such as `HAha`)
    /// rather than `KQkq`: read as those rooks. Chess960 positions need them; a reader of a
    /// Chess960 game ignores this warning.
    CastlingFiles,
    /// An en passant square on a rank other than 3 or 6: dropped.
    EnPassantRank(Square),
    /// Castling rights whose king or rook is not there to castle ([`Setup::validate`]'s
    /// invalid castling rights): dropped. Only [`Position::from_fen_with_warnings`] gives it.
    ///
    /// [`Position::from_fen_with_warnings`]: crate::Position::from_fen_with_warnings
    InvalidCastlingRights(Bitboard),
    /// An en passant square that no pawn can have just crossed, or with a piece on it:
    /// dropped. Only [`Position::from_fen_with_warnings`] gives it.
    ///
    /// [`Position::from_fen_with_warnings`]: crate::Position::from_fen_with_warnings
    InvalidEnPassant(Square),
}

impl fmt::Display for FenWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenWarning::MissingFields(found) => {
                let assumed = ["w", "-", "-", "0", "1"];
                let from = usize::from(*found).clamp(1, 6) - 1;
                write!(
                    f,
                    "FEN has {found} fields, not 6: the missing ones read as '{}'",
                    assumed[from..].join(" ")
                )
            }
            FenWarning::FullmoveZero => f.write_str("fullmove number 0 read as 1"),
            FenWarning::CastlingFiles => {
                f.write_str("castling rights written as rook files (Shredder-FEN/X-FEN letters)")
            }
            FenWarning::EnPassantRank(sq) => {
                write!(f, "en passant square {sq} is not on rank 3 or 6: dropped")
            }
            FenWarning::InvalidCastlingRights(rooks) => {
                f.write_str("castling rights without their king and rook dropped (rooks on")?;
                for (i, rook) in rooks.iter().enumerate() {
                    write!(f, "{}{rook}", if i == 0 { " " } else { ", " })?;
                }
                f.write_str(")")
            }
            FenWarning::InvalidEnPassant(sq) => {
                write!(
                    f,
                    "en passant square {sq} that no pawn has just crossed: dropped"
                )
            }
        }
    }
}

impl Setup {
    /// Reads a FEN (6 fields, or 4 without the counters).
    ///
    /// # Errors
    /// [`FenError`] naming the field and the text that is wrong. Legality is not checked
    /// here: see [`Setup::validate`].
    ///
    /// ```
    /// use quadboard_chess::{Setup, Square};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert!(setup.castling_rooks.contains(Square::H1));
    /// let error = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R x K - 0 1").unwrap_err();
    /// assert_eq!(error.to_string(), "side to move field 'x': expected 'w' or 'b'");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        Setup::read_fen(fen, None)
    }

    /// Reads a FEN as it is found in the wild, and says what it forgave: 1 to 6 fields
    /// (missing ones read as the end of `w - - 0 1`), a fullmove number of 0 (read as 1),
    /// an en passant square off ranks 3 and 6 (dropped). Castling rights written as rook
    /// files are read as [`Setup::from_fen`] reads them, with a warning. Everything else is
    /// an error as in [`Setup::from_fen`]. The warnings come in the order of the fields.
    ///
    /// # Errors
    /// [`FenError`] as [`Setup::from_fen`] gives it, for what cannot be forgiven.
    ///
    /// ```
    /// use quadboard_chess::fen::FenWarning;
    /// use quadboard_chess::Setup;
    /// let (setup, warnings) = Setup::from_fen_with_warnings("4k3/8/8/8/8/8/8/4K3 b - - 3 0")?;
    /// assert_eq!((setup.halfmoves, setup.fullmoves), (3, 1));
    /// assert_eq!(warnings, [FenWarning::FullmoveZero]);
    /// assert_eq!(warnings[0].to_string(), "fullmove number 0 read as 1");
    /// # Ok::<(), quadboard_chess::fen::FenError>(())
    /// ```
    pub fn from_fen_with_warnings(
        fen: &str,
    ) -> Result<(Setup, alloc::vec::Vec<FenWarning>), FenError> {
        let mut warnings = alloc::vec::Vec::new();
        let setup = Setup::read_fen(fen, Some(&mut warnings))?;
        Ok((setup, warnings))
    }

    /// The FEN reader: strict without `warnings`, lenient (recording what it forgave) with.
    fn read_fen(
        fen: &str,
        mut warnings: Option<&mut alloc::vec::Vec<FenWarning>>,
    ) -> Result<Setup, FenError> {
        let fields: alloc::vec::Vec<&str> = fen.split_ascii_whitespace().collect();
        let lenient = warnings.is_some();
        let count_ok = if lenient {
            (1..=6).contains(&fields.len())
        } else {
            fields.len() == 4 || fields.len() == 6
        };
        if !count_ok {
            return Err(FenError::new(
                FenField::Fields,
                fen.trim(),
                if lenient {
                    alloc::format!("expected 1 to 6 fields, found {}", fields.len())
                } else {
                    alloc::format!(
                        "expected 6 fields (or 4 without the counters), found {}",
                        fields.len()
                    )
                },
            ));
        }
        if let Some(w) = warnings.as_deref_mut() {
            if fields.len() < 6 {
                w.push(FenWarning::MissingFields(fields.len() as u8));
            }
        }
        let field = |i: usize, default: &'static str| fields.get(i).copied().unwrap_or(default);
        let board = parse_board(fields[0])?;
        let turn = match field(1, "w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::new(FenField::Turn, other, "expected 'w' or 'b'")),
        };
        let castling = field(2, "-");
        let castling_rooks = parse_castling(castling, &board)?;
        if let Some(w) = warnings.as_deref_mut() {
            if castling
                .bytes()
                .any(|b| !matches!(b, b'K' | b'Q' | b'k' | b'q' | b'-'))
            {
                w.push(FenWarning::CastlingFiles);
            }
        }
        let ep_square = match field(3, "-") {
            "-" => None,
            text => match text.parse::<Square>() {
                Ok(sq) if matches!(sq.rank(), Rank::Third | Rank::Sixth) => Some(sq),
                Ok(sq) if lenient => {
                    if let Some(w) = warnings.as_deref_mut() {
                        w.push(FenWarning::EnPassantRank(sq));
                    }
                    None
                }
                Ok(_) => {
                    return Err(FenError::new(
                        FenField::EnPassant,
                        text,
                        "must be on rank 3 or 6",
                    ))
                }
                Err(_) => {
                    return Err(FenError::new(
                        FenField::EnPassant,
                        text,
                        "expected '-' or a square like e3",
                    ))
                }
            },
        };
        let halfmoves = parse_counter(FenField::Halfmoves, field(4, "0"), 0)?;
        let fullmoves = match (field(5, "1"), warnings) {
            ("0", Some(w)) => {
                w.push(FenWarning::FullmoveZero);
                1
            }
            (text, _) => parse_counter(FenField::Fullmoves, text, 1)?,
        };
        Ok(Setup {
            board,
            turn,
            castling_rooks,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }

    /// Writes the setup as FEN. Castling is written `KQkq` in standard mode (a file letter,
    /// X-FEN style, for a right whose rook is not the outermost on its side) and with
    /// Shredder-FEN file letters (`HAha`) in Chess960 mode.
    pub fn to_fen(&self, mode: CastlingMode) -> String {
        use fmt::Write;
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.board.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        let castling = self.castling_text(mode);
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match self.ep_square {
            Some(sq) => {
                let _ = write!(out, "{sq}");
            }
            None => out.push('-'),
        }
        let _ = write!(out, " {} {}", self.halfmoves, self.fullmoves);
        out
    }

    fn castling_text(&self, mode: CastlingMode) -> String {
        let mut text = String::new();
        for color in Color::ALL {
            let back = if color == Color::White {
                Rank::First
            } else {
                Rank::Eighth
            };
            let rights = self.castling_rooks & back.bitboard();
            let king = self.board.king_of(color).filter(|k| k.rank() == back);
            // Descending squares: the king side first, then the queen side.
            let ordered = rights.iter().rev();
            for rook in ordered {
                let letter = match (mode, king) {
                    (CastlingMode::Standard, Some(k))
                        if rook > k && resolve_castling(&self.board, color, true) == rook =>
                    {
                        'k'
                    }
                    (CastlingMode::Standard, Some(k))
                        if rook < k && resolve_castling(&self.board, color, false) == rook =>
                    {
                        'q'
                    }
                    _ => rook.file().char(),
                };
                text.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        text
    }
}

impl crate::Position {
    /// Reads a position as [`Setup::from_fen_with_warnings`] reads its FEN, and forgives
    /// too what move generation does not need: castling rights without their king and rook,
    /// and an en passant square no pawn can have just crossed, are dropped with a warning.
    /// Castling mode as [`crate::Position::from_fen`] decides it. This is the reading of
    /// `[FEN]` tags in PGN, and of FENs from other programs.
    ///
    /// # Errors
    /// [`FromFenError`]: the text cannot be read as FEN, or the position cannot exist
    /// (missing or extra kings, pawns on the back rank, the side not to move in check, an
    /// impossible check, too much material).
    ///
    /// [`FromFenError`]: crate::position::FromFenError
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// // A puzzle as GUIs write it: fullmove 0, a castling right with no rook left.
    /// let (pos, warnings) =
    ///     Position::from_fen_with_warnings("4k3/8/8/8/8/8/8/4K3 w K - 0 0")?;
    /// assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// let text: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    /// assert_eq!(text, [
    ///     "fullmove number 0 read as 1",
    ///     "castling rights without their king and rook dropped (rooks on h1)",
    /// ]);
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn from_fen_with_warnings(
        fen: &str,
    ) -> Result<(crate::Position, alloc::vec::Vec<FenWarning>), crate::position::FromFenError> {
        use crate::position::FromFenError;
        use crate::setup::Reasons;
        let (mut setup, mut warnings) =
            Setup::from_fen_with_warnings(fen).map_err(FromFenError::Syntax)?;
        let invalid = setup.invalid_castling_rooks();
        if !invalid.is_empty() {
            setup.drop_invalid_castling_rights();
            warnings.push(FenWarning::InvalidCastlingRights(invalid));
        }
        if let Some(ep) = setup.ep_square {
            setup.drop_invalid_ep_square();
            if setup.ep_square.is_none() {
                warnings.push(FenWarning::InvalidEnPassant(ep));
            }
        }
        let mode = setup.castling_mode();
        crate::Position::from_setup(setup, mode)
            .or_else(|e| e.ignore(Reasons::INVALID_CASTLING_RIGHTS | Reasons::INVALID_EP_SQUARE))
            .map(|pos| (pos, warnings))
            .map_err(FromFenError::Illegal)
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let setup = Setup::from_fen(fen).unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(setup.to_fen(CastlingMode::Standard), fen);
        assert_eq!(
            setup.to_fen(CastlingMode::Chess960),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        let four = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(four, setup);
    }

    #[test]
    fn castling_letters_resolve_to_rooks() {
        // X-FEN: K and Q mean the outermost rooks, here with the king on c1.
        let s = Setup::from_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1").unwrap();
        assert_eq!(
            s.castling_rooks,
            Bitboard::from_squares(&[Square::A1, Square::E1, Square::A8, Square::E8])
        );
        let s =
            Setup::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
                .unwrap();
        assert_eq!(
            s.castling_rooks,
            Bitboard::from_squares(&[Square::H1, Square::F1, Square::H8, Square::F8])
        );
        assert_eq!(
            s.to_fen(CastlingMode::Chess960),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
        );
    }

    #[test]
    fn lenient_reading_says_what_it_forgave() {
        let cases: [(&str, &str, &[FenWarning]); 6] = [
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                &[FenWarning::FullmoveZero],
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 b",
                "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
                &[FenWarning::MissingFields(2)],
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 7",
                "4k3/8/8/8/8/8/8/4K3 w - - 7 1",
                &[FenWarning::MissingFields(5)],
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                &[FenWarning::CastlingFiles],
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                &[FenWarning::EnPassantRank(Square::E4)],
            ),
            // A clean FEN: nothing forgiven.
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 3 9",
                "4k3/8/8/8/8/8/8/4K3 w - - 3 9",
                &[],
            ),
        ];
        for (fen, read, warnings) in cases {
            let (setup, got) = Setup::from_fen_with_warnings(fen).unwrap();
            assert_eq!(setup.to_fen(CastlingMode::Standard), read, "{fen}");
            assert_eq!(got, warnings, "{fen}");
            // The strict reader refuses what was forgiven, rook files aside.
            let strict = warnings.iter().all(|w| *w == FenWarning::CastlingFiles);
            assert_eq!(Setup::from_fen(fen).is_ok(), strict, "{fen}");
        }
        assert_eq!(
            FenWarning::MissingFields(1).to_string(),
            "FEN has 1 fields, not 6: the missing ones read as 'w - - 0 1'"
        );
        // What cannot be forgiven stays an error.
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
            "4k3/8/8/8/8/8/8/4K3 x",
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            "4k3/8/8/8/8/8/8 w - - 0 1",
            "",
        ] {
            assert!(Setup::from_fen_with_warnings(fen).is_err(), "{fen}");
        }
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            ("", FenField::Fields),
            ("8/8/8/8/8/8/8/8 w - - 0", FenField::Fields),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", FenField::Fields),
            ("8/8/8/8/8/8/8 w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/9 w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/7 w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/44 w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/0p7 w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/ppppppppp w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/7x w - - 0 1", FenField::Board),
            ("8/8/8/8/8/8/8/8 W - - 0 1", FenField::Turn),
            ("8/8/8/8/8/8/8/8 w KK - 0 1", FenField::Castling),
            ("8/8/8/8/8/8/8/8 w X - 0 1", FenField::Castling),
            ("8/8/8/8/8/8/8/8 w - e4 0 1", FenField::EnPassant),
            ("8/8/8/8/8/8/8/8 w - e9 0 1", FenField::EnPassant),
            ("8/8/8/8/8/8/8/8 w - - -1 1", FenField::Halfmoves),
            ("8/8/8/8/8/8/8/8 w - - 0 0", FenField::Fullmoves),
            ("8/8/8/8/8/8/8/8 w - - 0 99999999999", FenField::Fullmoves),
            ("8/8/8/8/8/8/8/8 w - - x 1", FenField::Halfmoves),
            ("8/8/8/8/8/8/8/8 w - - +1 1", FenField::Halfmoves),
        ];
        for (fen, field) in cases {
            let error = Setup::from_fen(fen).unwrap_err();
            assert_eq!(error.field(), field, "{fen}: {error}");
        }
    }
}
