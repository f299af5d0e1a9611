//! A position that is not necessarily legal: what a FEN says, before validation.

use core::fmt;

use crate::board::Board;
use crate::{attacks, Bitboard, CastlingMode, Color, File, Piece, Rank, Role, Square};

/// Everything a FEN describes, with no legality checked: piece placement, side to move,
/// castling rights as the squares of the rooks that may castle, en passant square and the
/// two counters. [`crate::Position`] is made from a `Setup` by validation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// The squares of the rooks that keep castling rights (X-FEN `KQkq` is resolved to the
    /// outermost rook on each side of the king).
    pub castling_rooks: Bitboard,
    /// The en passant target square, if the FEN names one.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after black moves.
    pub fullmoves: u32,
}

impl Setup {
    /// The standard starting position.
    pub const fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::White,
            castling_rooks: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, white to move, no rights.
    pub const fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rooks: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// Why a [`Setup`] is not a legal position, as a set of flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Reasons(u32);

impl Reasons {
    /// No problem.
    pub const NONE: Reasons = Reasons(0);
    /// A side has no king.
    pub const MISSING_KING: Reasons = Reasons(1 << 0);
    /// A side has more than one king.
    pub const TOO_MANY_KINGS: Reasons = Reasons(1 << 1);
    /// A pawn stands on the first or eighth rank.
    pub const PAWNS_ON_BACKRANK: Reasons = Reasons(1 << 2);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: Reasons = Reasons(1 << 3);
    /// The checks on the side to move could not have arisen from any last move: more than
    /// two checkers, two that cannot check together, or a check that does not fit the en
    /// passant square.
    pub const IMPOSSIBLE_CHECK: Reasons = Reasons(1 << 4);
    /// More material than promotions allow: over 16 pieces or 8 pawns for a side, or more
    /// promoted pieces than missing pawns.
    pub const TOO_MUCH_MATERIAL: Reasons = Reasons(1 << 5);
    /// A castling right without its king and rook on their back rank, or two rights on the
    /// same side of a king.
    pub const INVALID_CASTLING_RIGHTS: Reasons = Reasons(1 << 6);
    /// An en passant square behind which no pawn of the side that just moved stands, whose
    /// squares are not empty, or on the wrong rank for the side to move.
    pub const INVALID_EP_SQUARE: Reasons = Reasons(1 << 7);

    /// The reasons move generation copes with: positions with only these may be accepted
    /// on request (invalid castling rights and en passant squares are then dropped).
    pub const IGNORABLE: Reasons = Reasons(
        Self::IMPOSSIBLE_CHECK.0
            | Self::TOO_MUCH_MATERIAL.0
            | Self::INVALID_CASTLING_RIGHTS.0
            | Self::INVALID_EP_SQUARE.0,
    );

    const NAMES: [(Reasons, &'static str); 8] = [
        (Self::MISSING_KING, "a side has no king"),
        (Self::TOO_MANY_KINGS, "a side has more than one king"),
        (Self::PAWNS_ON_BACKRANK, "pawns on the first or eighth rank"),
        (Self::OPPOSITE_CHECK, "the side not to move is in check"),
        (Self::IMPOSSIBLE_CHECK, "impossible check"),
        (Self::TOO_MUCH_MATERIAL, "too much material"),
        (Self::INVALID_CASTLING_RIGHTS, "invalid castling rights"),
        (Self::INVALID_EP_SQUARE, "invalid en passant square"),
    ];

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Reasons) -> bool {
        self.0 & other.0 == other.0
    }

    /// The flags of `self` that are not in `other`.
    pub const fn without(self, other: Reasons) -> Reasons {
        Reasons(self.0 & !other.0)
    }

    /// Every flag not in `self`.
    pub const fn complement(self) -> Reasons {
        Reasons(!self.0 & 0xff)
    }

    /// The raw bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Each set flag with its description.
    pub fn iter(self) -> impl Iterator<Item = (Reasons, &'static str)> {
        Self::NAMES
            .into_iter()
            .filter(move |(r, _)| self.contains(*r))
    }
}

impl core::ops::BitOr for Reasons {
    type Output = Reasons;
    fn bitor(self, rhs: Reasons) -> Reasons {
        Reasons(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for Reasons {
    fn bitor_assign(&mut self, rhs: Reasons) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for Reasons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("legal");
        }
        for (i, (_, name)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Reasons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reasons({self})")
    }
}

impl Setup {
    /// Everything that keeps this setup from being a legal position; empty when legal.
    ///
    /// ```
    /// use quadboard_chess::setup::Reasons;
    /// use quadboard_chess::Setup;
    /// assert!(Setup::start().validate().is_empty());
    /// let two_bishops = Setup::from_fen("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1").unwrap();
    /// assert_eq!(two_bishops.validate(), Reasons::IMPOSSIBLE_CHECK);
    /// ```
    pub fn validate(&self) -> Reasons {
        let mut reasons = Reasons::NONE;
        let board = &self.board;
        for color in Color::ALL {
            match board.by_piece(Piece::new(color, Role::King)).count() {
                0 => reasons |= Reasons::MISSING_KING,
                1 => {}
                _ => reasons |= Reasons::TOO_MANY_KINGS,
            }
        }
        if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            reasons |= Reasons::PAWNS_ON_BACKRANK;
        }
        if self.too_much_material() {
            reasons |= Reasons::TOO_MUCH_MATERIAL;
        }
        if !self.invalid_castling_rooks().is_empty() {
            reasons |= Reasons::INVALID_CASTLING_RIGHTS;
        }
        let ep_valid = self.ep_square.is_none_or(|ep| self.ep_square_is_valid(ep));
        if !ep_valid {
            reasons |= Reasons::INVALID_EP_SQUARE;
        }
        // Checks only make sense with one king each.
        if let (Some(our_king), Some(their_king)) =
            (board.king_of(self.turn), board.king_of(!self.turn))
        {
            let occupied = board.occupied();
            if board.attackers(their_king, self.turn, occupied).any() {
                reasons |= Reasons::OPPOSITE_CHECK;
            }
            let checkers = board.attackers(our_king, !self.turn, occupied);
            let ep = if ep_valid { self.ep_square } else { None };
            if impossible_check(our_king, checkers, ep, self.turn, board) {
                reasons |= Reasons::IMPOSSIBLE_CHECK;
            }
        }
        reasons
    }

    /// The castling rooks whose rights cannot hold: no rook of the back rank's colour on
    /// the square, no king of that colour on the back rank, or a second right on the same
    /// side of the king.
    pub fn invalid_castling_rooks(&self) -> Bitboard {
        let mut invalid = self.castling_rooks & !Bitboard::BACKRANKS;
        for color in Color::ALL {
            let back = if color == Color::White {
                Bitboard(0xff)
            } else {
                Bitboard(0xff << 56)
            };
            let rights = self.castling_rooks & back;
            let king = self.board.king_of(color).filter(|k| back.contains(*k));
            let Some(king) = king else {
                invalid |= rights;
                continue;
            };
            let rooks = self.board.by_piece(Piece::new(color, Role::Rook));
            invalid |= rights & !rooks;
            let above = Bitboard(!0u64 << (king as u8)).without(king.bitboard());
            for side in [rights & above, rights & !above] {
                if side.more_than_one() {
                    invalid |= side;
                }
            }
        }
        invalid
    }

    /// Drops the castling rights that [`Setup::invalid_castling_rooks`] reports.
    pub fn drop_invalid_castling_rights(&mut self) {
        self.castling_rooks &= !self.invalid_castling_rooks();
    }

    /// Drops the en passant square if it is invalid.
    pub fn drop_invalid_ep_square(&mut self) {
        if let Some(ep) = self.ep_square {
            if !self.ep_square_is_valid(ep) {
                self.ep_square = None;
            }
        }
    }

    /// Chess960 when a castling right's rook is not on the a- or h-file or its king is not
    /// on the e-file; otherwise standard.
    pub fn castling_mode(&self) -> CastlingMode {
        for rook in self.castling_rooks {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king_on_e = self
                .board
                .king_of(color)
                .is_some_and(|k| k.file() == File::E && k.rank() == rook.rank());
            if !matches!(rook.file(), File::A | File::H) || !king_on_e {
                return CastlingMode::Chess960;
            }
        }
        CastlingMode::Standard
    }

    fn ep_square_is_valid(&self, ep: Square) -> bool {
        // White to move: black just pushed from rank 7 over rank 6 (the ep square) to 5.
        let (rank, forward): (Rank, i8) = match self.turn {
            Color::White => (Rank::Sixth, -1),
            Color::Black => (Rank::Third, 1),
        };
        if ep.rank() != rank {
            return false;
        }
        let (Some(pawn), Some(origin)) = (ep.offset(0, forward), ep.offset(0, -forward)) else {
            return false;
        };
        let pusher = Piece::new(!self.turn, Role::Pawn);
        self.board.piece_at(pawn) == Some(pusher)
            && self.board.piece_at(ep).is_none()
            && self.board.piece_at(origin).is_none()
    }

    fn too_much_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .any(|color| self.too_much_material_of(color))
    }

    /// Whether `color` has more pieces than sixteen, pawns than eight, or pieces beyond
    /// the start position's than pawns can have promoted to (for the variants that check
    /// one side only: horde's).
    pub(crate) fn too_much_material_of(&self, color: Color) -> bool {
        let ours = self.board.by_color(color);
        let count = |role: Role| (self.board.by_role(role) & ours).count();
        let pawns = count(Role::Pawn);
        let bishops = self.board.by_role(Role::Bishop) & ours;
        let promoted = count(Role::Queen).saturating_sub(1)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Knight).saturating_sub(2)
            + (bishops & Bitboard::LIGHT_SQUARES)
                .count()
                .saturating_sub(1)
            + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1);
        ours.count() > 16 || pawns > 8 || promoted > 8 - pawns
    }
}

/// Whether the checks on the king of `turn` could not follow from any last move.
pub(crate) fn impossible_check(
    king: Square,
    checkers: Bitboard,
    ep: Option<Square>,
    turn: Color,
    board: &Board,
) -> bool {
    if checkers.is_empty() {
        return false;
    }
    if let Some(ep) = ep {
        // The last move was the double push: every checker is that pawn, or a slider whose
        // line to the king ran through the square the pawn left.
        let forward: i8 = if turn == Color::White { -1 } else { 1 };
        let (Some(pawn), Some(origin)) = (ep.offset(0, forward), ep.offset(0, -forward)) else {
            return true;
        };
        return checkers.count() > 2
            || checkers
                .iter()
                .any(|c| c != pawn && !attacks::between(king, c).contains(origin));
    }
    match checkers.count() {
        1 => false,
        2 => {
            let (a, b) = (
                checkers.lsb().unwrap_or(king),
                checkers.msb().unwrap_or(king),
            );
            let leapers = board.by_role(Role::Pawn) | board.by_role(Role::Knight);
            // Two pieces on one line through the king, or two non-sliders, cannot both
            // have been uncovered or moved by one move.
            attacks::line(a, b).contains(king) || (leapers.contains(a) && leapers.contains(b))
        }
        _ => true,
    }
}
