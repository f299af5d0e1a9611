//! The dense board: two colour bitboards and six role bitboards.

use core::fmt;

use super::{castle_targets, Mailbox, Placement, QuadBoard};
use crate::{Bitboard, Color, File, Piece, Rank, Role, Square};

/// Piece placement as two colour sets and six role sets (64 bytes).
///
/// The sets are consistent: the colour sets are disjoint, the role sets are disjoint, and
/// their unions are equal (the occupied squares).
// `repr(C)`: the colour sets, then the role sets, as `role_at`'s vector loads read them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
        }
    }

    /// The standard starting placement.
    pub const fn start() -> Board {
        Board {
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
        }
    }

    /// Builds a board from its eight sets, or `None` when they are inconsistent (colour
    /// sets overlap, role sets overlap, or the two unions differ).
    pub fn from_sets(by_color: [Bitboard; 2], by_role: [Bitboard; 6]) -> Option<Board> {
        let colors = by_color[0] | by_color[1];
        let mut roles = Bitboard::EMPTY;
        for set in by_role {
            if !roles.is_disjoint(set) {
                return None;
            }
            roles |= set;
        }
        (by_color[0].is_disjoint(by_color[1]) && colors == roles)
            .then_some(Board { by_color, by_role })
    }

    /// The squares holding pieces of `color`.
    #[inline(always)]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares holding pieces of `role`, either colour.
    #[inline(always)]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares holding `piece`.
    #[inline(always)]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color())
            .intersect(self.by_role(piece.role()))
    }

    /// The two colour sets, white first.
    #[inline(always)]
    pub const fn color_sets(&self) -> &[Bitboard; 2] {
        &self.by_color
    }

    /// The six role sets, pawns first.
    #[inline(always)]
    pub const fn role_sets(&self) -> &[Bitboard; 6] {
        &self.by_role
    }

    /// The occupied squares.
    #[inline(always)]
    pub const fn occupied(&self) -> Bitboard {
        self.by_color[0].union(self.by_color[1])
    }

    /// The empty squares.
    #[inline(always)]
    pub const fn empty_squares(&self) -> Bitboard {
        self.occupied().complement()
    }

    /// Bishops and queens of both colours.
    #[inline(always)]
    pub const fn diagonal_sliders(&self) -> Bitboard {
        self.by_role[2].union(self.by_role[4])
    }

    /// Rooks and queens of both colours.
    #[inline(always)]
    pub const fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role[3].union(self.by_role[4])
    }

    /// The pieces of `color` that attack `square`, given the occupied squares (which need
    /// not be this board's: pass fewer to look through pieces). Sliders are looked up
    /// like the engines' ([`crate::cpu::level`]), so that a run reads one slider table.
    pub fn attackers(&self, square: Square, color: Color, occupied: Bitboard) -> Bitboard {
        crate::cpu::dispatch!(C => super::attackers::<C, _>(self, square, color, occupied))
    }

    /// The square of the king of `color`, if there is exactly one.
    #[inline]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single_square()
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub const fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `square`, if any.
    ///
    /// Search asks this of nearly every move it orders or makes, so builds with AVX2 or
    /// AVX-512 enabled at compile time test the square in all eight sets at once;
    /// otherwise [`Board::role_at_scalar`] answers (the twin that tests compare with).
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            // Bits 0 and 1 are the colours, 2 to 7 the roles.
            let roles = self.sets_holding(square) >> 2;
            if roles == 0 {
                None
            } else {
                Role::from_index(roles.trailing_zeros() as usize)
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.role_at_scalar(square)
        }
    }

    /// Which of the eight sets (white, black, then the six roles) hold `square`, as the
    /// bits of a byte: one 512-bit test with AVX-512, two 256-bit compares with AVX2.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn sets_holding(&self, square: Square) -> u32 {
        use core::arch::x86_64::*;
        let bit = 1i64 << square as u32;
        let sets = (self as *const Board).cast::<u8>();
        #[cfg(target_feature = "avx512f")]
        // SAFETY: a board is 64 bytes (`repr(C)`, eight u64 sets), which the unaligned
        // load reads exactly; AVX-512 F is enabled at compile time.
        unsafe {
            let all = _mm512_loadu_si512(sets.cast());
            u32::from(_mm512_test_epi64_mask(all, _mm512_set1_epi64(bit)))
        }
        #[cfg(not(target_feature = "avx512f"))]
        // SAFETY: a board is 64 bytes (`repr(C)`, eight u64 sets): the two unaligned loads
        // read its halves; AVX2 is enabled at compile time.
        unsafe {
            let bit = _mm256_set1_epi64x(bit);
            let holds = |half: __m256i| {
                let hit = _mm256_cmpeq_epi64(_mm256_and_si256(half, bit), bit);
                _mm256_movemask_pd(_mm256_castsi256_pd(hit)) as u32
            };
            let low = _mm256_loadu_si256(sets.cast());
            let high = _mm256_loadu_si256(sets.add(32).cast());
            holds(low) | holds(high) << 4
        }
    }

    /// [`Board::role_at`] without vector instructions, usable in constants.
    #[inline]
    pub const fn role_at_scalar(&self, square: Square) -> Option<Role> {
        // Without branches: which role stands on a square is hard to predict. The roles'
        // sets exclude each other, so the role's index has its three bits set where the
        // square is in the union of the roles whose index has that bit.
        const fn bit(set: Bitboard, square: Square) -> usize {
            ((set.0 >> square as u32) & 1) as usize
        }
        let r = &self.by_role;
        let index = bit(r[1].union(r[3]).union(r[5]), square)
            | bit(r[2].union(r[3]), square) << 1
            | bit(r[4].union(r[5]), square) << 2;
        if bit(self.occupied(), square) == 0 {
            None
        } else {
            Role::from_index(index)
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        match (self.color_at(square), self.role_at_scalar(square)) {
            (Some(color), Some(role)) => Some(Piece::new(color, role)),
            _ => None,
        }
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        self.remove_piece_at(square);
        self.by_color[piece.color().index()] |= square;
        self.by_role[piece.role().index()] |= square;
    }

    /// Empties `square` and returns what stood there.
    #[inline]
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square);
        if let Some(p) = piece {
            self.by_color[p.color().index()] ^= square;
            self.by_role[p.role().index()] ^= square;
        }
        piece
    }

    /// Toggles `piece` on the squares of `mask`: the one primitive of make and unmake.
    /// The caller keeps the sets consistent.
    #[inline(always)]
    pub fn toggle(&mut self, piece: Piece, mask: Bitboard) {
        self.by_color[piece.color().index()] ^= mask;
        self.by_role[piece.role().index()] ^= mask;
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board as one optional piece per square.
    pub fn to_mailbox(&self) -> Mailbox {
        let mut mailbox = [None; 64];
        for (sq, piece) in self.pieces() {
            mailbox[sq.index()] = Some(piece);
        }
        mailbox
    }

    /// The board holding the pieces of a mailbox.
    pub fn from_mailbox(mailbox: &Mailbox) -> Board {
        let mut board = Board::empty();
        for sq in Square::ALL {
            if let Some(piece) = mailbox[sq.index()] {
                board.toggle(piece, sq.bitboard());
            }
        }
        board
    }

    /// The board flipped vertically with colours swapped: the same position seen by the
    /// other side.
    pub fn mirror(&self) -> Board {
        Board {
            by_color: [
                self.by_color[1].flip_vertical(),
                self.by_color[0].flip_vertical(),
            ],
            by_role: self.by_role.map(Bitboard::flip_vertical),
        }
    }
}

impl Placement for Board {
    super::placement_reads!();

    #[inline(always)]
    fn to_quad(&self) -> QuadBoard {
        QuadBoard::from_board(self)
    }

    #[inline(always)]
    fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        // Branch-free: a capture is hard to predict, and clearing every set is cheap. The
        // mover's role set is written with the others, at fixed addresses: written through
        // an index, its store's address waited for the role (looked up on the board just
        // copied), and loads of the new position soon after, such as `is_check`'s, waited
        // behind it (docs/log/2026-11-27-make-move-3.md).
        let to_bb = to.bitboard();
        self.by_color[piece.color().other().index()] &= !to_bb;
        let from_to = from.bitboard() | to_bb;
        let role = piece.role().index();
        for (i, set) in self.by_role.iter_mut().enumerate() {
            let mover = if i == role { from_to } else { Bitboard::EMPTY };
            *set = (*set & !to_bb) ^ mover;
        }
        self.by_color[piece.color().index()] ^= from_to;
    }

    #[inline(always)]
    fn promote(&mut self, color: Color, from: Square, to: Square, role: Role) {
        self.move_piece(Piece::new(color, Role::Pawn), from, to);
        self.by_role[Role::Pawn.index()] ^= to;
        self.by_role[role.index()] ^= to;
    }

    #[inline(always)]
    fn remove(&mut self, piece: Piece, square: Square) {
        self.toggle(piece, square.bitboard());
    }

    #[inline(always)]
    fn castle(&mut self, color: Color, king: Square, rook: Square) {
        let (king_to, rook_to) = castle_targets(color, king, rook);
        let lifted = !(king.bitboard() | rook.bitboard());
        let us = color.index();
        self.by_color[us] = (self.by_color[us] & lifted) | king_to | rook_to;
        let k = Role::King.index();
        self.by_role[k] = (self.by_role[k] & lifted) | king_to;
        let r = Role::Rook.index();
        self.by_role[r] = (self.by_role[r] & lifted) | rook_to;
    }
}

/// A diagram with rank 8 on top: FEN letters for pieces, `.` for empty squares.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or('.', Piece::char);
                fmt::Write::write_char(f, c)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\n{self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector lookup of native builds against its scalar twin, on every square of
    /// boards filled at random (any role and colour on any square): catches sets read in
    /// the wrong order or a lane mapped to the wrong role.
    #[test]
    fn role_at_equals_its_scalar_twin() {
        let mut rng = crate::test_support::Rng(19);
        for _ in 0..200 {
            let mut board = Board::empty();
            for square in Square::ALL {
                if rng.below(3) > 0 {
                    let color = Color::ALL[rng.below(2)];
                    let role = Role::ALL[rng.below(6)];
                    board.set_piece_at(square, Piece::new(color, role));
                }
            }
            for square in Square::ALL {
                assert_eq!(board.role_at(square), board.role_at_scalar(square));
                assert_eq!(
                    board.role_at(square),
                    board.piece_at(square).map(Piece::role)
                );
            }
        }
    }

    #[test]
    fn start_board_is_consistent() {
        let b = Board::start();
        assert_eq!(Board::from_sets(*b.color_sets(), *b.role_sets()), Some(b));
        assert_eq!(b.piece_at(Square::E1), Some(Piece::WhiteKing));
        assert_eq!(b.piece_at(Square::D8), Some(Piece::BlackQueen));
        assert_eq!(b.piece_at(Square::E4), None);
        assert_eq!(b.occupied().count(), 32);
        assert_eq!(Board::from_mailbox(&b.to_mailbox()), b);
        assert_eq!(b.mirror(), b);
        assert_eq!(b.king_of(Color::Black), Some(Square::E8));
    }

    #[test]
    fn set_and_remove() {
        let mut b = Board::empty();
        b.set_piece_at(Square::E4, Piece::WhiteKnight);
        b.set_piece_at(Square::E4, Piece::BlackQueen);
        assert_eq!(b.piece_at(Square::E4), Some(Piece::BlackQueen));
        assert_eq!(b.occupied().count(), 1);
        assert_eq!(b.remove_piece_at(Square::E4), Some(Piece::BlackQueen));
        assert_eq!(b, Board::empty());
    }
}
