//! What a move does, found without making it: what it captures and whether it gives
//! check; and the pins behind such answers, as masks.
//!
//! Search asks these of many moves it never plays (move ordering, check extensions,
//! pruning), so they read the board instead of copying the position.

use crate::moves::MoveKind;
use crate::{attacks, Bitboard, Color, Move, Piece, Position, Role, Square};

impl Position {
    /// The piece on `square`, if any (the same as [`crate::Board::piece_at`]).
    ///
    /// ```
    /// use quadboard_chess::{Piece, Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.piece_at(Square::D8), Some(Piece::BlackQueen));
    /// assert_eq!(pos.piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.node.board.piece_at(square)
    }

    /// The role of the piece that moves in `m`: the piece on its origin (the king for
    /// castling), `None` when the origin is empty.
    ///
    /// ```
    /// use quadboard_chess::{Position, Role};
    /// let pos = Position::new();
    /// assert_eq!(pos.moved_role(pos.parse_uci("g1f3")?), Some(Role::Knight));
    /// assert_eq!(pos.moved_role(pos.parse_uci("e2e4")?), Some(Role::Pawn));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn moved_role(&self, m: Move) -> Option<Role> {
        self.node.board.role_at(m.from())
    }

    /// The role of the piece that the legal move `m` captures: the piece on its destination,
    /// a pawn for en passant, `None` for castling (whose destination is the king's own rook)
    /// and for moves to an empty square.
    ///
    /// ```
    /// use quadboard_chess::{Position, Role};
    /// let pos = Position::from_fen("4k3/8/8/2pP4/8/8/8/4K2R w K c6 0 2")?;
    /// assert_eq!(pos.captured(pos.parse_uci("d5c6")?), Some(Role::Pawn));
    /// assert_eq!(pos.captured(pos.parse_uci("e1g1")?), None);
    /// assert_eq!(pos.captured(pos.parse_uci("h1h8")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn captured(&self, m: Move) -> Option<Role> {
        // Castling lands on a rook of ours, and en passant on an empty square.
        if self.board().by_color(!self.turn).contains(m.to()) {
            self.node.board.role_at(m.to())
        } else if m.is_en_passant() {
            Some(Role::Pawn)
        } else {
            None
        }
    }

    /// Whether the legal move `m` captures (en passant included, castling never).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured(m).is_some()
    }

    /// Whether the legal move `m` checks the other king, decided without making it: a
    /// direct check by the piece that lands (the promoted piece for a promotion, the rook
    /// for castling) or a discovered check by a slider that the move uncovers (the en
    /// passant victim's square included). The same answer as
    /// `self.play(m)?.is_check()`; for a move that is not legal here the answer means
    /// nothing (but the call does not panic).
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_uci("e2d4")?)); // the rook's check, discovered
    /// assert!(!pos.gives_check(pos.parse_uci("g1h1")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let Some(king) = self.node.board.king_of(!us) else {
            return false;
        };
        let from = m.from();
        let occupied = self.node.board.occupied();
        // Where the moving piece (or, castling, the rook) lands, what it is then, which of
        // our pieces leave their squares, and the occupancy afterwards.
        let (landing, role, left, after) = match m.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = crate::board::castle_targets(us, from, m.to());
                let left = from.bitboard() | m.to().bitboard();
                (
                    rook_to,
                    Role::Rook,
                    left,
                    (occupied - left) | king_to | rook_to,
                )
            }
            MoveKind::EnPassant => {
                let victim = Square::from_coords(m.to().file(), from.rank());
                let left = from.bitboard();
                let after = (occupied - left - victim.bitboard()) | m.to();
                (m.to(), Role::Pawn, left, after)
            }
            MoveKind::Promotion(promoted) => {
                let left = from.bitboard();
                (m.to(), promoted, left, (occupied - left) | m.to())
            }
            MoveKind::Normal => {
                let Some(role) = self.node.board.role_at(from) else {
                    return false;
                };
                let left = from.bitboard();
                (m.to(), role, left, (occupied - left) | m.to())
            }
        };
        if attacks::role_attacks(us, role, landing, after).contains(king) {
            return true;
        }
        // The other side is not in check now, so any other check comes from a slider of
        // ours whose line to the king the move opened.
        let ours: Bitboard = self.node.board.by_color(us) - left;
        let diagonal = ours & self.node.board.diagonal_sliders();
        let orthogonal = ours & self.node.board.orthogonal_sliders();
        (attacks::bishop(king, after) & diagonal | attacks::rook(king, after) & orthogonal).any()
    }

    /// What this position works out once so that [`CheckSquares::gives_check`] answers
    /// for each of its moves in a few instructions, as a search asks before making every
    /// move it tries (the same answers as [`Position::gives_check`]).
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1")?;
    /// let checks = pos.check_squares();
    /// for &m in pos.legal_moves().iter() {
    ///     assert_eq!(checks.gives_check(&pos, m), pos.gives_check(m));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.turn;
        let board = &self.node.board;
        let Some(king) = board.king_of(!us) else {
            return CheckSquares {
                king: Square::A1,
                by_role: [Bitboard::EMPTY; 6],
                discoverers: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let diagonal = attacks::bishop(king, occupied);
        let orthogonal = attacks::rook(king, occupied);
        CheckSquares {
            king,
            by_role: [
                attacks::pawn(!us, king),
                attacks::knight(king),
                diagonal,
                orthogonal,
                diagonal | orthogonal,
                Bitboard::EMPTY,
            ],
            discoverers: self.lines_to_king(!us, king).0 & board.by_color(us),
        }
    }

    /// The pieces of either colour that stand alone between the king of `color` and a
    /// bishop, rook or queen of the other side on a line with it: moving one off that line
    /// would open the line to the king. Ours are pinned; theirs can give discovered check.
    ///
    /// ```
    /// use quadboard_chess::{Bitboard, Color, Position, Square};
    /// // The white knight on e2 is pinned by the rook on e8; the bishop on c3 blocks
    /// // nothing that aims at a king.
    /// let pos = Position::from_fen("4r1k1/8/8/8/8/2B5/4N3/4K3 w - - 0 1")?;
    /// assert_eq!(pos.blockers(Color::White), Square::E2.bitboard());
    /// assert_eq!(pos.pinners(Color::White), Square::E8.bitboard());
    /// assert_eq!(pos.pinned(), Square::E2.bitboard());
    /// assert_eq!(pos.blockers(Color::Black), Bitboard::EMPTY);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blockers(&self, color: Color) -> Bitboard {
        self.blockers_and_pinners(color).0
    }

    /// The bishops, rooks and queens of the side other than `color` that see the king of
    /// `color` through exactly one piece: the other ends of the lines of
    /// [`Position::blockers`].
    pub fn pinners(&self, color: Color) -> Bitboard {
        self.blockers_and_pinners(color).1
    }

    /// The pieces of the side to move pinned to its king: each may move only along the
    /// line through the king and its pinner.
    pub fn pinned(&self) -> Bitboard {
        self.blockers(self.turn) & self.node.board.by_color(self.turn)
    }

    fn blockers_and_pinners(&self, color: Color) -> (Bitboard, Bitboard) {
        match self.node.board.king_of(color) {
            Some(king) => self.lines_to_king(color, king),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        }
    }

    /// [`Position::blockers`] and [`Position::pinners`] of the king of `color` on `king`.
    fn lines_to_king(&self, color: Color, king: Square) -> (Bitboard, Bitboard) {
        let board = &self.node.board;
        let snipers = (attacks::rook_rays(king) & board.orthogonal_sliders()
            | attacks::bishop_rays(king) & board.diagonal_sliders())
            & board.by_color(!color);
        let occupied = board.occupied();
        let (mut blockers, mut pinners) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if between.count() == 1 {
                blockers |= between;
                pinners |= sniper;
            }
        }
        (blockers, pinners)
    }
}

/// The squares from which each role of the side to move would check the other king, and
/// the pieces of the side to move whose leaving their line uncovers a check by one of its
/// sliders: [`Position::check_squares`], worked out once per position so that
/// [`CheckSquares::gives_check`] costs a few instructions per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSquares {
    /// The other side's king.
    pub(crate) king: Square,
    /// Where a piece of each role (pawn ... king) landing checks that king, the board as
    /// it stands.
    pub(crate) by_role: [Bitboard; 6],
    /// Our pieces alone on a line between one of our sliders and that king.
    pub(crate) discoverers: Bitboard,
}

impl CheckSquares {
    /// Whether the legal move `m` of `pos`, the position these squares are of, checks the
    /// other king: [`Position::gives_check`]'s answer. Castling, en passant and
    /// promotions are passed to it; a normal move checks directly when its piece lands
    /// on one of its role's squares (the square it leaves opens no line of its own: that
    /// piece does not check now, so something stands between it and the king, and still
    /// does), or by discovery when it leaves a line it blocked. For a move that is not
    /// legal in `pos` the answer means nothing (but the call does not panic).
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        if !matches!(m.kind(), MoveKind::Normal) {
            return pos.gives_check(m);
        }
        let (from, to) = (m.from(), m.to());
        let Some(role) = pos.board().role_at(from) else {
            return false;
        };
        self.by_role[role.index()].contains(to)
            || self.discoverers.contains(from) && !attacks::aligned(from, to, self.king)
    }
}
