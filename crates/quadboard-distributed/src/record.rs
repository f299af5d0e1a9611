//! Shard records: a position packed into 24 bytes with the number of move paths that reach
//! it (its multiplicity), 32 bytes in all.
//!
//! A packed position keeps exactly what perft below it depends on: placement, side to
//! move, castling rights, and the en passant square only when an en passant capture is
//! legal. Two positions that agree on these have the same subtree, and pack to the same
//! bytes, so packed positions can be compared, sorted and deduplicated as they are.
//!
//! Layout, all little-endian:
//!
//! | bytes | content |
//! | --- | --- |
//! | 0..8 | occupied squares, bit `i` for square `i` (a1 = 0, h8 = 63) |
//! | 8..24 | a 4-bit code per occupied square in ascending square order, low nibble first; unused nibbles 0 |
//! | 24..32 | multiplicity (records only) |
//!
//! Codes 0 to 5 are the white pawn, knight, bishop, rook, queen and king, 6 to 11 the
//! black ones. Four codes carry the rest of the state: 12 a pawn that may be taken en
//! passant (of the side not to move), 13 and 14 a white and a black rook that may still
//! castle (so Chess960 rights need nothing else), 15 the black king when black is to move.
//! White is to move when no code 15 appears. At most 32 pieces fit.

use core::fmt;

use quadboard_chess::position::PositionError;
use quadboard_chess::{Bitboard, Board, CastlingMode, Color, Piece, Position, Rank, Reasons, Role};
use quadboard_chess::{Setup, Square};

/// Bytes of a packed position.
pub const PACKED_BYTES: usize = 24;
/// Bytes of a record: packed position and multiplicity.
pub const RECORD_BYTES: usize = 32;

const EP_PAWN: u64 = 12;
const CASTLING_ROOK: u64 = 13;
const BLACK_KING_TO_MOVE: u64 = 15;

/// The en passant square of `pos` if a legal en passant capture exists, else `None`: the
/// en passant state that perft below `pos` depends on.
///
/// ```
/// use quadboard_distributed::legal_ep_square;
/// use quadboard_chess::{Position, Square};
/// // After 1. e4 no black pawn can take on e3.
/// let e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// assert_eq!(e4.ep_square(), Some(Square::E3));
/// assert_eq!(legal_ep_square(&e4), None);
/// let d5 = Position::from_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")?;
/// assert_eq!(legal_ep_square(&d5), Some(Square::D6));
/// # Ok::<(), quadboard_chess::position::FromFenError>(())
/// ```
pub fn legal_ep_square(pos: &Position) -> Option<Square> {
    let ep = pos.ep_square()?;
    pos.moves_to(ep.bitboard())
        .iter()
        .any(|m| m.is_en_passant())
        .then_some(ep)
}

/// A position reduced to what perft depends on, in 24 bytes. Equal positions in the sense
/// of perft, and only those, have equal packed forms.
///
/// Bytes 0..8 are the occupied squares (bit `i` for square `i`), bytes 8..24 a 4-bit code
/// per occupied square in ascending order, low nibble first: 0 to 5 the white pawn,
/// knight, bishop, rook, queen and king, 6 to 11 the black ones, 12 a pawn that may be
/// taken en passant, 13 and 14 a white and a black rook that may castle, 15 the black king
/// with black to move. `docs/distributed.md` has the details.
///
/// ```
/// use quadboard_distributed::PackedPosition;
/// use quadboard_chess::{CastlingMode, Position};
/// let a = Position::new().play(Position::new().parse_uci("g1f3").unwrap()).unwrap();
/// let packed = PackedPosition::new(&a)?;
/// assert_eq!(packed.unpack(CastlingMode::Standard)?.board(), a.board());
/// # Ok::<(), quadboard_distributed::RecordError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PackedPosition([u64; 3]);

impl PackedPosition {
    /// Packs a position: its en passant square is kept only when a legal en passant
    /// capture exists; counters are dropped.
    ///
    /// # Errors
    /// [`RecordError::TooManyPieces`] when more than 32 pieces stand on the board.
    pub fn new(pos: &Position) -> Result<PackedPosition, RecordError> {
        let board = pos.board();
        let occupied = board.occupied();
        if occupied.count() > 32 {
            return Err(RecordError::TooManyPieces(occupied.count()));
        }
        let ep_pawn = legal_ep_square(pos).and_then(|ep| match pos.turn() {
            Color::White => ep.offset(0, -1),
            Color::Black => ep.offset(0, 1),
        });
        let castling = pos.castling_rooks();
        let black_to_move = pos.turn() == Color::Black;
        let mut codes = 0u128;
        for (i, sq) in occupied.into_iter().enumerate() {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let (color, role) = (piece.color().index() as u64, piece.role());
            let code = if Some(sq) == ep_pawn {
                EP_PAWN
            } else if role == Role::Rook && castling.contains(sq) {
                CASTLING_ROOK + color
            } else if role == Role::King && black_to_move && piece.color() == Color::Black {
                BLACK_KING_TO_MOVE
            } else {
                color * 6 + role.index() as u64
            };
            codes |= u128::from(code) << (4 * i);
        }
        Ok(PackedPosition([
            occupied.0,
            codes as u64,
            (codes >> 64) as u64,
        ]))
    }

    /// The 24 bytes of the layout.
    pub fn to_bytes(&self) -> [u8; PACKED_BYTES] {
        let mut out = [0u8; PACKED_BYTES];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.0) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }

    /// Reads the 24 bytes of the layout back; [`PackedPosition::unpack`] checks them.
    pub fn from_bytes(bytes: &[u8; PACKED_BYTES]) -> PackedPosition {
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            u64::from_le_bytes(w)
        };
        PackedPosition([word(0), word(1), word(2)])
    }

    /// The three little-endian words of the layout.
    pub const fn words(&self) -> [u64; 3] {
        self.0
    }

    /// A packed position from its three words; [`PackedPosition::unpack`] checks them.
    pub const fn from_words(words: [u64; 3]) -> PackedPosition {
        PackedPosition(words)
    }

    /// The setup these bytes describe, with halfmove clock 0 and move number 1.
    ///
    /// # Errors
    /// [`RecordError::Malformed`] when the bytes break the layout: more than 32 pieces,
    /// codes in unused nibbles, two en passant pawns or kings to move, an en passant pawn
    /// off its rank.
    pub fn to_setup(&self) -> Result<Setup, RecordError> {
        let occupied = Bitboard(self.0[0]);
        let count = occupied.count();
        if count > 32 {
            return Err(RecordError::Malformed("more than 32 occupied squares"));
        }
        let codes = u128::from(self.0[1]) | u128::from(self.0[2]) << 64;
        if count < 32 && codes >> (4 * count) != 0 {
            return Err(RecordError::Malformed("codes beyond the last piece"));
        }
        let mut board = Board::empty();
        let mut castling_rooks = Bitboard::EMPTY;
        let mut ep_pawn = None;
        let mut black_to_move = false;
        for (i, sq) in occupied.into_iter().enumerate() {
            let code = (codes >> (4 * i)) as u64 & 15;
            let piece = match code {
                0..=11 => {
                    let color = if code < 6 { Color::White } else { Color::Black };
                    Piece::new(color, Role::ALL[code as usize % 6])
                }
                EP_PAWN => {
                    if ep_pawn.replace(sq).is_some() {
                        return Err(RecordError::Malformed("two en passant pawns"));
                    }
                    // The colour follows from the side to move, known after the loop.
                    continue;
                }
                BLACK_KING_TO_MOVE => {
                    if black_to_move {
                        return Err(RecordError::Malformed("two black kings to move"));
                    }
                    black_to_move = true;
                    Piece::BlackKing
                }
                _ => {
                    castling_rooks |= sq;
                    let color = if code == CASTLING_ROOK {
                        Color::White
                    } else {
                        Color::Black
                    };
                    Piece::new(color, Role::Rook)
                }
            };
            board.set_piece_at(sq, piece);
        }
        let turn = if black_to_move {
            Color::Black
        } else {
            Color::White
        };
        let mut ep_square = None;
        if let Some(pawn) = ep_pawn {
            // The side not to move has just pushed this pawn two squares.
            let (rank, back) = match turn {
                Color::White => (Rank::Fifth, 1),
                Color::Black => (Rank::Fourth, -1),
            };
            if pawn.rank() != rank {
                return Err(RecordError::Malformed("en passant pawn off its rank"));
            }
            board.set_piece_at(pawn, Piece::new(!turn, Role::Pawn));
            ep_square = pawn.offset(0, back);
        }
        Ok(Setup {
            board,
            turn,
            castling_rooks,
            ep_square,
            halfmoves: 0,
            fullmoves: 1,
        })
    }

    /// The position, with halfmove clock 0 and move number 1; `mode` decides how its
    /// castling is written. Positions that move generation handles but strict validation
    /// refuses (impossible checks, too much material, as `--lenient` roots have) are
    /// accepted.
    ///
    /// # Errors
    /// [`RecordError::Malformed`] as for [`PackedPosition::to_setup`], also when an en
    /// passant pawn stands where no legal capture exists (not the packed form of any
    /// position); [`RecordError::Illegal`] for a placement move generation cannot handle.
    pub fn unpack(&self, mode: CastlingMode) -> Result<Position, RecordError> {
        let setup = self.to_setup()?;
        let ep = setup.ep_square;
        let pos = Position::from_setup(setup, mode)
            .or_else(|e| e.ignore(Reasons::IMPOSSIBLE_CHECK | Reasons::TOO_MUCH_MATERIAL))
            .map_err(RecordError::Illegal)?;
        if ep.is_some() && legal_ep_square(&pos) != ep {
            return Err(RecordError::Malformed(
                "en passant pawn without a legal capture",
            ));
        }
        Ok(pos)
    }
}

/// A shard record: a unique position and the number of move paths from the root that
/// reach it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Record {
    /// The position.
    pub position: PackedPosition,
    /// How many move sequences from the root lead to it.
    pub multiplicity: u64,
}

impl Record {
    /// The 32 bytes of a record.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        out[..PACKED_BYTES].copy_from_slice(&self.position.to_bytes());
        out[PACKED_BYTES..].copy_from_slice(&self.multiplicity.to_le_bytes());
        out
    }

    /// A record from its 32 bytes.
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> Record {
        let mut position = [0u8; PACKED_BYTES];
        position.copy_from_slice(&bytes[..PACKED_BYTES]);
        let mut multiplicity = [0u8; 8];
        multiplicity.copy_from_slice(&bytes[PACKED_BYTES..]);
        Record {
            position: PackedPosition::from_bytes(&position),
            multiplicity: u64::from_le_bytes(multiplicity),
        }
    }
}

/// Why a position cannot be packed or a packed one not read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The position has more pieces than a record holds (32).
    TooManyPieces(u32),
    /// The bytes do not follow the layout.
    Malformed(&'static str),
    /// The bytes describe a placement move generation cannot handle.
    Illegal(PositionError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooManyPieces(n) => {
                write!(f, "{n} pieces on the board: records hold at most 32")
            }
            RecordError::Malformed(what) => write!(f, "malformed record: {what}"),
            RecordError::Illegal(e) => write!(f, "record of an {e}"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Illegal(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// Everything a packed position must keep.
    fn same_for_perft(a: &Position, b: &Position) -> bool {
        a.board() == b.board()
            && a.turn() == b.turn()
            && a.castling_rooks() == b.castling_rooks()
            && legal_ep_square(a) == legal_ep_square(b)
    }

    #[test]
    fn positions_round_trip_through_every_code() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 0 1",
            // En passant legal for either side.
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
            // Chess960 rights on b- and g-file rooks.
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
            "k7/8/8/8/8/8/8/K7 b - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            let packed = PackedPosition::new(&p).unwrap();
            let back = packed.unpack(p.castling_mode()).unwrap();
            assert!(same_for_perft(&p, &back), "{fen}: {}", back.to_fen());
            assert_eq!(PackedPosition::from_bytes(&packed.to_bytes()), packed);
            assert_eq!(PackedPosition::new(&back).unwrap(), packed);
        }
    }

    #[test]
    fn an_en_passant_square_without_a_legal_capture_is_dropped() {
        // The d6 square is set, but the e5 pawn is pinned against the king on e1... by
        // the rook on e8: taking would leave the e-file open.
        let pinned = pos("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let plain = pos("4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        assert_eq!(pinned.ep_square().map(|s| s.to_string()), Some("d6".into()));
        assert_eq!(legal_ep_square(&pinned), None);
        assert_eq!(
            PackedPosition::new(&pinned).unwrap(),
            PackedPosition::new(&plain).unwrap()
        );
        // With the capture legal the two differ.
        let legal = pos("6k1/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let none = pos("6k1/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        assert_ne!(
            PackedPosition::new(&legal).unwrap(),
            PackedPosition::new(&none).unwrap()
        );
    }

    #[test]
    fn side_and_castling_rights_tell_positions_apart() {
        let white = PackedPosition::new(&pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).unwrap();
        let black = PackedPosition::new(&pos("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1")).unwrap();
        let king_side = PackedPosition::new(&pos("4k3/8/8/8/8/8/8/R3K2R w K - 0 1")).unwrap();
        assert_ne!(white, black);
        assert_ne!(white, king_side);
        // Counters do not count.
        let later = PackedPosition::new(&pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 17 40")).unwrap();
        assert_eq!(white, later);
    }

    #[test]
    fn records_keep_their_multiplicity() {
        let record = Record {
            position: PackedPosition::new(&Position::new()).unwrap(),
            multiplicity: 0x0123_4567_89ab_cdef,
        };
        let bytes = record.to_bytes();
        assert_eq!(&bytes[24..], &0x0123_4567_89ab_cdefu64.to_le_bytes());
        assert_eq!(Record::from_bytes(&bytes), record);
        // The start position: 32 pieces, white to move, four castling rooks.
        assert_eq!(&bytes[..8], &0xffff_0000_0000_ffffu64.to_le_bytes());
        // a1 castling rook (13) and b1 knight (1) in the first byte, ..., the eight white
        // pawns (0), the black pawns (6), a8 castling rook (14), b8 knight (7), ...
        let codes = [
            0x1d, 0x42, 0x25, 0xd1, 0, 0, 0, 0, 0x66, 0x66, 0x66, 0x66, 0x7e, 0xa8, 0x8b, 0xe7,
        ];
        assert_eq!(&bytes[8..24], &codes);
    }

    #[test]
    fn malformed_bytes_are_refused_without_panicking() {
        let start = PackedPosition::new(&Position::new()).unwrap().words();
        let mut cases = vec![
            // A code past the last of 2 pieces.
            [0b11, 0x5b << 8 | 0xf5, 0],
            // Two kings to move.
            [0b11, 0xff, 0],
            // Two en passant pawns (a2 and b2).
            [start[0], (start[1] & !(0xff << 32)) | 0xcc << 32, start[2]],
            // No kings.
            [0b1, 0, 0],
        ];
        // An en passant pawn on the first rank.
        let mut ep_off_rank = start;
        ep_off_rank[1] = (ep_off_rank[1] & !0xf0) | 0xc0;
        cases.push(ep_off_rank);
        for words in cases {
            assert!(
                PackedPosition::from_words(words)
                    .unpack(CastlingMode::Standard)
                    .is_err(),
                "{words:x?}"
            );
        }
        // Every single-nibble change of the start position either fails or reads back
        // to a position that packs to the same bytes.
        for nibble in 0..32 {
            for code in 0..16u64 {
                let mut words = start;
                let (word, shift) = (1 + nibble / 16, 4 * (nibble % 16));
                words[word] = (words[word] & !(0xf << shift)) | code << shift;
                let packed = PackedPosition::from_words(words);
                if let Ok(p) = packed.unpack(CastlingMode::Standard) {
                    assert_eq!(PackedPosition::new(&p).unwrap(), packed, "{words:x?}");
                }
            }
        }
    }
}
