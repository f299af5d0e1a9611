//! Quad-bitboards: four bitboards whose vertical nibble at each square is the piece code.
//!
//! Plane 0 holds the colour bit (set for black), planes 1 to 3 the role bits, so the code
//! of a square is `role << 1 | color` as in [`Piece::code`]: 0 for an empty square, 2 to
//! 13 for the twelve pieces. This is the encoding of the chess programming wiki's
//! quad-bitboard article; codes 1, 14 and 15 never occur.
//!
//! ```text
//! code  plane3 plane2 plane1 plane0
//! P/p     0      0      1     0/1
//! N/n     0      1      0     0/1
//! B/b     0      1      1     0/1
//! R/r     1      0      0     0/1
//! Q/q     1      0      1     0/1
//! K/k     1      1      0     0/1
//! ```
//!
//! Every piece set is a short boolean formula of the planes, the whole placement is 32
//! bytes, and a move changes the board by one XOR of a from/to delta.

use core::fmt;
use core::ops::{BitXor, BitXorAssign};

use super::{castle_targets, Board, Mailbox, Placement};
use crate::movegen::{Black, Generator, Lister, Node, White};
use crate::{Bitboard, Color, Move, MoveList, Piece, Role, Square};

/// A placement as four bitboards holding a 4-bit piece code per square.
///
/// Aligned to 32 bytes so that the four planes load as one AVX2 register.
///
/// ```
/// use quadboard_chess::board::QuadBoard;
/// use quadboard_chess::{Piece, Square};
/// let start = QuadBoard::start();
/// assert_eq!(start.piece_at(Square::E1), Some(Piece::WhiteKing));
/// assert_eq!(start.code_at(Square::D8), Piece::BlackQueen.code());
/// assert_eq!(start.occupied().count(), 32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C, align(32))]
pub struct QuadBoard {
    planes: [Bitboard; 4],
}

/// The planes of one piece code on one square: the change a [`QuadBoard`] undergoes when
/// that code is toggled there. Deltas combine and apply by XOR, so applying a move's delta
/// twice restores the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(C, align(32))]
pub struct QuadDelta(pub [Bitboard; 4]);

impl QuadDelta {
    /// No change.
    pub const NONE: QuadDelta = QuadDelta([Bitboard::EMPTY; 4]);

    /// Toggling `code` (0 to 15) on `square`, from a table built at compile time.
    #[inline]
    pub const fn nibble(code: u8, square: Square) -> QuadDelta {
        NIBBLES[code as usize & 15][square as usize]
    }

    /// Toggling `piece` on `square`.
    #[inline]
    pub const fn piece(piece: Piece, square: Square) -> QuadDelta {
        QuadDelta::nibble(piece.code(), square)
    }

    /// Whether the delta changes nothing.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0].0 | self.0[1].0 | self.0[2].0 | self.0[3].0) == 0
    }
}

impl BitXor for QuadDelta {
    type Output = QuadDelta;
    #[inline]
    fn bitxor(self, rhs: QuadDelta) -> QuadDelta {
        let [a, b, c, d] = self.0;
        let [e, f, g, h] = rhs.0;
        QuadDelta([a ^ e, b ^ f, c ^ g, d ^ h])
    }
}

impl BitXorAssign for QuadDelta {
    #[inline]
    fn bitxor_assign(&mut self, rhs: QuadDelta) {
        *self = *self ^ rhs;
    }
}

/// `NIBBLES[code][square]`: the planes of `code` on `square` (the article's from- and
/// to-tables in one, since a move's delta is the XOR of what leaves and what arrives).
static NIBBLES: [[QuadDelta; 64]; 16] = {
    let mut table = [[QuadDelta::NONE; 64]; 16];
    let mut code = 0;
    while code < 16 {
        let mut sq = 0;
        while sq < 64 {
            let mut plane = 0;
            while plane < 4 {
                if code >> plane & 1 != 0 {
                    table[code][sq].0[plane] = Bitboard(1 << sq);
                }
                plane += 1;
            }
            sq += 1;
        }
        code += 1;
    }
    table
};

/// Why four planes are not a quad-bitboard placement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InvalidCodeError {
    /// The first square (a1 first) with a code that names no piece.
    pub square: Square,
    /// Its code: 1, 14 or 15.
    pub code: u8,
}

impl fmt::Display for InvalidCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "square {} holds code {}, which is no piece",
            self.square, self.code
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for InvalidCodeError {}

impl QuadBoard {
    /// The board with no pieces.
    pub const EMPTY: QuadBoard = QuadBoard {
        planes: [Bitboard::EMPTY; 4],
    };

    /// The standard starting placement.
    pub const fn start() -> QuadBoard {
        QuadBoard::from_board(&Board::start())
    }

    /// The quad-bitboard of a dense board.
    #[inline]
    pub const fn from_board(board: &Board) -> QuadBoard {
        let [p, n, b, r, q, k] = *board.role_sets();
        QuadBoard {
            planes: [
                board.by_color(Color::Black),
                Bitboard(p.0 | b.0 | q.0),
                Bitboard(n.0 | b.0 | k.0),
                Bitboard(r.0 | q.0 | k.0),
            ],
        }
    }

    /// The dense board of the same placement.
    #[inline]
    pub fn to_board(&self) -> Board {
        let by_color = [self.white(), self.black()];
        let by_role = Role::ALL.map(|role| self.by_role(role));
        Board::from_sets(by_color, by_role).expect("quad-bitboard sets are disjoint")
    }

    /// Reads four planes, refusing any square whose code is 1, 14 or 15.
    ///
    /// # Errors
    /// [`InvalidCodeError`] names the first such square.
    pub fn from_planes(planes: [Bitboard; 4]) -> Result<QuadBoard, InvalidCodeError> {
        let [b0, b1, b2, b3] = planes;
        // Code 1: colour bit without a role; 14 and 15: all three role bits.
        let bad = (b0 & !(b1 | b2 | b3)) | (b1 & b2 & b3);
        match bad.lsb() {
            None => Ok(QuadBoard { planes }),
            Some(square) => Err(InvalidCodeError {
                square,
                code: QuadBoard { planes }.code_at(square),
            }),
        }
    }

    /// The four planes: colour bit first, then the three role bits.
    #[inline]
    pub const fn planes(&self) -> [Bitboard; 4] {
        self.planes
    }

    /// The 4-bit code on `square`, 0 when empty: one bit extracted from each plane.
    #[inline]
    pub const fn code_at(&self, square: Square) -> u8 {
        let s = square as u32;
        let [b0, b1, b2, b3] = self.planes;
        ((b0.0 >> s & 1) | (b1.0 >> s & 1) << 1 | (b2.0 >> s & 1) << 2 | (b3.0 >> s & 1) << 3) as u8
    }

    /// The piece on `square`.
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.code_at(square))
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        let old = self.code_at(square);
        self.apply(QuadDelta::nibble(old ^ piece.code(), square));
    }

    /// Empties `square` and returns what stood there.
    #[inline]
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let old = self.code_at(square);
        self.apply(QuadDelta::nibble(old, square));
        Piece::from_code(old)
    }

    /// Empties every square of `mask`.
    #[inline(always)]
    pub(crate) fn clear(&mut self, mask: Bitboard) {
        for plane in &mut self.planes {
            *plane &= !mask;
        }
    }

    /// Empties `clear`, then writes `piece`'s code on `put` (a subset of `clear` or of the
    /// empty squares): a move made without reading the captured piece.
    #[inline(always)]
    pub(crate) fn place(&mut self, clear: Bitboard, put: Bitboard, piece: Piece) {
        let code = piece.code();
        for (i, plane) in self.planes.iter_mut().enumerate() {
            let bit = 0u64.wrapping_sub(u64::from(code >> i & 1));
            *plane = Bitboard((plane.0 & !clear.0) | (put.0 & bit));
        }
    }

    /// XORs a delta into the planes: makes a move, and unmakes it when applied again.
    #[inline]
    pub fn apply(&mut self, delta: QuadDelta) {
        for (plane, d) in self.planes.iter_mut().zip(delta.0) {
            *plane ^= d;
        }
    }

    /// Black pieces: plane 0.
    #[inline]
    pub const fn black(&self) -> Bitboard {
        self.planes[0]
    }

    /// Occupied squares: any role bit.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.planes[1].0 | self.planes[2].0 | self.planes[3].0)
    }

    /// White pieces: occupied but not black.
    #[inline]
    pub const fn white(&self) -> Bitboard {
        Bitboard(self.occupied().0 ^ self.planes[0].0)
    }

    /// Empty squares.
    #[inline]
    pub const fn empty_squares(&self) -> Bitboard {
        Bitboard(!self.occupied().0)
    }

    /// Pieces with an odd number of role bits: pawns, knights and rooks.
    #[inline]
    pub const fn odd(&self) -> Bitboard {
        Bitboard(self.planes[1].0 ^ self.planes[2].0 ^ self.planes[3].0)
    }

    /// Pawns of both colours.
    #[inline]
    pub const fn pawns(&self) -> Bitboard {
        Bitboard(self.odd().0 & self.planes[1].0)
    }

    /// Knights of both colours.
    #[inline]
    pub const fn knights(&self) -> Bitboard {
        Bitboard(self.odd().0 & self.planes[2].0)
    }

    /// Bishops of both colours.
    #[inline]
    pub const fn bishops(&self) -> Bitboard {
        Bitboard(self.planes[1].0 & self.planes[2].0)
    }

    /// Rooks of both colours.
    #[inline]
    pub const fn rooks(&self) -> Bitboard {
        Bitboard(self.odd().0 & self.planes[3].0)
    }

    /// Queens of both colours.
    #[inline]
    pub const fn queens(&self) -> Bitboard {
        Bitboard(self.planes[1].0 & self.planes[3].0)
    }

    /// Kings of both colours.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        Bitboard(self.planes[2].0 & self.planes[3].0)
    }

    /// Bishops and queens.
    #[inline]
    pub const fn diagonal_sliders(&self) -> Bitboard {
        Bitboard(self.planes[1].0 & !self.odd().0)
    }

    /// Rooks and queens.
    #[inline]
    pub const fn orthogonal_sliders(&self) -> Bitboard {
        Bitboard(self.planes[3].0 & !self.planes[2].0)
    }

    /// The pieces of one colour.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white(),
            Color::Black => self.black(),
        }
    }

    /// The pieces of one role, both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        match role {
            Role::Pawn => self.pawns(),
            Role::Knight => self.knights(),
            Role::Bishop => self.bishops(),
            Role::Rook => self.rooks(),
            Role::Queen => self.queens(),
            Role::King => self.kings(),
        }
    }

    /// The squares holding exactly `piece`.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role(piece.role()).0 & self.by_color(piece.color()).0)
    }

    /// The 16 disjoint "hex" bitboards: entry `c` is the set of squares whose code is `c`
    /// (entry 0 the empty squares; entries 1, 14 and 15 are always empty). Uses AVX2 when
    /// compiled for it; always equal to [`QuadBoard::to_hex_scalar`].
    #[inline]
    pub fn to_hex(&self) -> [Bitboard; 16] {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            simd::to_hex(self)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.to_hex_scalar()
        }
    }

    /// [`QuadBoard::to_hex`] with plain 64-bit operations.
    pub fn to_hex_scalar(&self) -> [Bitboard; 16] {
        let mut hex = [Bitboard::EMPTY; 16];
        for (code, set) in hex.iter_mut().enumerate() {
            let mut bits = !0u64;
            for (i, plane) in self.planes.iter().enumerate() {
                let mask = if code >> i & 1 != 0 { 0 } else { !0 };
                bits &= plane.0 ^ mask;
            }
            *set = Bitboard(bits);
        }
        hex
    }

    /// Rebuilds the planes from hex bitboards; `None` unless the sets are disjoint, cover
    /// the board, and leave codes 1, 14 and 15 empty.
    pub fn from_hex(hex: &[Bitboard; 16]) -> Option<QuadBoard> {
        let mut planes = [Bitboard::EMPTY; 4];
        let mut seen = Bitboard::EMPTY;
        for (code, &set) in hex.iter().enumerate() {
            if (seen & set).any() || (matches!(code, 1 | 14 | 15) && set.any()) {
                return None;
            }
            seen |= set;
            for (i, plane) in planes.iter_mut().enumerate() {
                if code >> i & 1 != 0 {
                    *plane |= set;
                }
            }
        }
        (seen == Bitboard::FULL).then_some(QuadBoard { planes })
    }

    /// The code of every square, a1 first: a 64-byte mailbox. Uses AVX2 when compiled
    /// for it; always equal to [`QuadBoard::to_codes_scalar`].
    #[inline]
    pub fn to_codes(&self) -> [u8; 64] {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            simd::to_codes(self)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.to_codes_scalar()
        }
    }

    /// [`QuadBoard::to_codes`] one square at a time.
    pub fn to_codes_scalar(&self) -> [u8; 64] {
        core::array::from_fn(|i| self.code_at(Square::ALL[i]))
    }

    /// Reads a 64-byte mailbox of codes. Uses AVX2 when compiled for it.
    ///
    /// # Errors
    /// [`InvalidCodeError`] for the first square whose byte is 1 or above 13.
    pub fn from_codes(codes: &[u8; 64]) -> Result<QuadBoard, InvalidCodeError> {
        if let Some(i) = codes.iter().position(|&c| c == 1 || c > 13) {
            return Err(InvalidCodeError {
                square: Square::ALL[i],
                code: codes[i],
            });
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            Ok(simd::from_codes(codes))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Ok(QuadBoard::from_codes_scalar(codes))
        }
    }

    /// The planes of a mailbox of valid codes, one square at a time.
    fn from_codes_scalar(codes: &[u8; 64]) -> QuadBoard {
        let mut planes = [Bitboard::EMPTY; 4];
        for (sq, &code) in codes.iter().enumerate() {
            for (i, plane) in planes.iter_mut().enumerate() {
                plane.0 |= u64::from(code >> i & 1) << sq;
            }
        }
        QuadBoard { planes }
    }

    /// The placement as one optional piece per square.
    pub fn to_mailbox(&self) -> Mailbox {
        self.to_codes().map(Piece::from_code)
    }

    /// The quad-bitboard of a mailbox.
    pub fn from_mailbox(mailbox: &Mailbox) -> QuadBoard {
        QuadBoard::from_codes_scalar(&mailbox.map(|p| p.map_or(0, Piece::code)))
    }

    /// The change `m` makes to this board: the XOR of the codes leaving and arriving on
    /// each square it touches (captured piece, promotion, castling rook and en passant
    /// pawn included). `m` must be legal here, or the delta is meaningless.
    ///
    /// ```
    /// use quadboard_chess::board::QuadBoard;
    /// use quadboard_chess::Position;
    /// let pos = Position::new();
    /// let m = pos.parse_uci("g1f3").unwrap();
    /// let mut quad = QuadBoard::from_board(pos.board());
    /// let delta = quad.move_delta(m);
    /// quad.apply(delta);
    /// assert_eq!(quad, QuadBoard::from_board(pos.play(m).unwrap().board()));
    /// quad.apply(delta);
    /// assert_eq!(quad, QuadBoard::start());
    /// ```
    pub fn move_delta(&self, m: Move) -> QuadDelta {
        let mut after = *self;
        Placement::play(&mut after, m);
        let [a, b, c, d] = self.planes;
        let [e, f, g, h] = after.planes;
        QuadDelta([a ^ e, b ^ f, c ^ g, d ^ h])
    }

    /// Makes `m` and returns its delta, which [`QuadBoard::apply`] takes to unmake it.
    #[inline]
    pub fn play(&mut self, m: Move) -> QuadDelta {
        let delta = self.move_delta(m);
        self.apply(delta);
        delta
    }

    /// The legal moves of `turn` on this placement, given the squares of the rooks that
    /// may still castle and the en passant square: the list
    /// [`Position::legal_moves`](crate::Position::legal_moves) gives for the same
    /// position, in the same order, from the same generator run on the planes. For an
    /// engine that keeps its position as quad-bitboards and unmakes moves by XOR
    /// ([`QuadBoard::apply`]).
    ///
    /// Nothing is validated: the arguments must describe a position that
    /// [`Position`](crate::Position) would accept (one king each, the side not to move
    /// not in check, castling rooks and en passant square consistent with the
    /// placement), or the list is meaningless (but no panic and no unsafety).
    ///
    /// ```
    /// use quadboard_chess::board::QuadBoard;
    /// use quadboard_chess::{Bitboard, Color, Position};
    /// let quad = QuadBoard::start();
    /// let moves = quad.legal_moves(Color::White, Bitboard::CORNERS, None);
    /// assert_eq!(moves.len(), 20);
    /// assert_eq!(moves[..], Position::new().legal_moves()[..]);
    /// ```
    pub fn legal_moves(
        &self,
        turn: Color,
        castling_rooks: Bitboard,
        ep_square: Option<Square>,
    ) -> MoveList {
        let node = Node {
            board: *self,
            castling: castling_rooks,
            ep_square,
        };
        MoveList::build(|list| {
            let lister = &mut Lister::<false>(list);
            // SAFETY: `dispatch!` picks a level the CPU supports.
            crate::cpu::dispatch!(C => unsafe {
                match turn {
                    Color::White => C::generate::<White, _, QuadBoard>(&node, Bitboard::FULL, lister),
                    Color::Black => C::generate::<Black, _, QuadBoard>(&node, Bitboard::FULL, lister),
                }
            })
        })
    }
}

impl Placement for QuadBoard {
    super::placement_reads!();

    #[inline(always)]
    fn to_quad(&self) -> QuadBoard {
        *self
    }

    #[inline(always)]
    fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        self.place(from.bitboard() | to, to.bitboard(), piece);
    }

    #[inline(always)]
    fn promote(&mut self, color: Color, from: Square, to: Square, role: Role) {
        self.place(from.bitboard() | to, to.bitboard(), Piece::new(color, role));
    }

    #[inline(always)]
    fn remove(&mut self, _: Piece, square: Square) {
        self.clear(square.bitboard());
    }

    #[inline(always)]
    fn castle(&mut self, color: Color, king: Square, rook: Square) {
        let (king_to, rook_to) = castle_targets(color, king, rook);
        let king_piece = Piece::new(color, Role::King);
        self.place(king.bitboard() | rook, king_to.bitboard(), king_piece);
        self.place(
            Bitboard::EMPTY,
            rook_to.bitboard(),
            Piece::new(color, Role::Rook),
        );
    }
}

impl From<&Board> for QuadBoard {
    fn from(board: &Board) -> QuadBoard {
        QuadBoard::from_board(board)
    }
}

impl From<&QuadBoard> for Board {
    fn from(quad: &QuadBoard) -> Board {
        quad.to_board()
    }
}

impl fmt::Debug for QuadBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QuadBoard")
            .field("planes", &self.planes.map(|p| p.0))
            .finish()
    }
}

/// The four planes side by side, rank 8 on top, as in the quad-bitboard article's
/// figure: role planes 3, 2, 1, then the colour plane.
impl fmt::Display for QuadBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "bb3 (RQK)         bb2 (NBK)         bb1 (PBQ)         bb0 (black)"
        )?;
        for rank in (0..8).rev() {
            for (i, plane) in self.planes.iter().rev().enumerate() {
                if i > 0 {
                    f.write_str("   ")?;
                }
                for file in 0..8 {
                    let bit = plane.0 >> (rank * 8 + file) & 1;
                    let sep = if file > 0 { " " } else { "" };
                    write!(f, "{sep}{}", if bit != 0 { '1' } else { '.' })?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod simd {
    //! AVX2 conversions, compiled only when `target_feature = "avx2"` is on, so every
    //! intrinsic here runs on a CPU that has it.

    use super::QuadBoard;
    use crate::Bitboard;
    use core::arch::x86_64::*;

    /// Each code `4k + j` is the AND of its low half (planes 0 and 1 matching `j`) and its
    /// high half (planes 2 and 3 matching `k`); four lanes compute four halves at once.
    #[inline]
    pub(super) fn to_hex(quad: &QuadBoard) -> [Bitboard; 16] {
        // SAFETY: AVX2 is enabled at compile time (module cfg); the four stores write
        // `hex[4k..4k + 4]`, 32 bytes inside the array, unaligned.
        unsafe { to_hex_avx2(quad) }
    }

    /// # Safety
    /// The CPU must support AVX2 (this module only compiles when it is enabled).
    #[inline(always)]
    unsafe fn to_hex_avx2(quad: &QuadBoard) -> [Bitboard; 16] {
        // SAFETY: AVX2 is enabled (the caller's contract and the module cfg); the stores
        // write `hex[4k..4k + 4]`, inside the array.
        unsafe {
            let [b0, b1, b2, b3] = quad.planes.map(|p| p.0 as i64);
            // Lane j keeps a plane where bit 0 (or bit 1) of j is set, and its complement
            // where it is clear.
            let flip0 = _mm256_setr_epi64x(-1, 0, -1, 0);
            let flip1 = _mm256_setr_epi64x(-1, -1, 0, 0);
            let low = _mm256_and_si256(
                _mm256_xor_si256(_mm256_set1_epi64x(b0), flip0),
                _mm256_xor_si256(_mm256_set1_epi64x(b1), flip1),
            );
            let high = _mm256_and_si256(
                _mm256_xor_si256(_mm256_set1_epi64x(b2), flip0),
                _mm256_xor_si256(_mm256_set1_epi64x(b3), flip1),
            );
            let rows = [
                _mm256_and_si256(low, _mm256_permute4x64_epi64::<0x00>(high)),
                _mm256_and_si256(low, _mm256_permute4x64_epi64::<0x55>(high)),
                _mm256_and_si256(low, _mm256_permute4x64_epi64::<0xaa>(high)),
                _mm256_and_si256(low, _mm256_permute4x64_epi64::<0xff>(high)),
            ];
            let mut hex = [Bitboard::EMPTY; 16];
            for (k, row) in rows.iter().enumerate() {
                _mm256_storeu_si256(hex.as_mut_ptr().add(4 * k).cast(), *row);
            }
            hex
        }
    }

    /// 32 bits of a plane as 32 bytes, each 0 or `value`.
    ///
    /// # Safety
    /// The CPU must support AVX2 (this module only compiles when it is enabled).
    #[inline(always)]
    unsafe fn spread(bits: u32, value: i8) -> __m256i {
        // SAFETY: AVX2 is enabled (the caller's contract and the module cfg).
        unsafe {
            // Byte i of the result looks at byte i / 8 of `bits`, then tests bit i % 8.
            let index = _mm256_setr_epi8(
                0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, //
                2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
            );
            let select = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
            let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(bits as i32), index);
            let hit = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, select), select);
            _mm256_and_si256(hit, _mm256_set1_epi8(value))
        }
    }

    #[inline]
    pub(super) fn to_codes(quad: &QuadBoard) -> [u8; 64] {
        // SAFETY: AVX2 is enabled at compile time (module cfg); the two stores write
        // `codes[32 * half..32 * half + 32]`, inside the array, unaligned.
        unsafe { to_codes_avx2(quad) }
    }

    /// # Safety
    /// The CPU must support AVX2 (this module only compiles when it is enabled).
    #[inline(always)]
    unsafe fn to_codes_avx2(quad: &QuadBoard) -> [u8; 64] {
        // SAFETY: AVX2 is enabled (the caller's contract and the module cfg); the stores
        // write `codes[32 * half..32 * half + 32]`, inside the array.
        unsafe {
            let mut codes = [0u8; 64];
            for half in 0..2 {
                let mut acc = _mm256_setzero_si256();
                for (i, plane) in quad.planes.iter().enumerate() {
                    let bits = (plane.0 >> (32 * half)) as u32;
                    acc = _mm256_or_si256(acc, spread(bits, 1 << i));
                }
                _mm256_storeu_si256(codes.as_mut_ptr().add(32 * half).cast(), acc);
            }
            codes
        }
    }

    #[inline]
    pub(super) fn from_codes(codes: &[u8; 64]) -> QuadBoard {
        // SAFETY: AVX2 is enabled at compile time (module cfg); the two loads read
        // `codes[32 * half..32 * half + 32]`, inside the array, unaligned.
        unsafe { from_codes_avx2(codes) }
    }

    /// # Safety
    /// The CPU must support AVX2 (this module only compiles when it is enabled).
    #[inline(always)]
    unsafe fn from_codes_avx2(codes: &[u8; 64]) -> QuadBoard {
        // SAFETY: AVX2 is enabled (the caller's contract and the module cfg); the loads
        // read `codes[32 * half..32 * half + 32]`, inside the array.
        unsafe {
            let mut planes = [Bitboard::EMPTY; 4];
            for half in 0..2 {
                let v = _mm256_loadu_si256(codes.as_ptr().add(32 * half).cast());
                // Shifting 16-bit words moves bit i of every byte to that byte's top bit.
                let masks = [
                    _mm256_movemask_epi8(_mm256_slli_epi16::<7>(v)),
                    _mm256_movemask_epi8(_mm256_slli_epi16::<6>(v)),
                    _mm256_movemask_epi8(_mm256_slli_epi16::<5>(v)),
                    _mm256_movemask_epi8(_mm256_slli_epi16::<4>(v)),
                ];
                for (plane, mask) in planes.iter_mut().zip(masks) {
                    plane.0 |= u64::from(mask as u32) << (32 * half);
                }
            }
            QuadBoard { planes }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::Rng;

    /// Random placements of every density, from almost empty to full.
    fn random_quads(n: usize) -> impl Iterator<Item = QuadBoard> {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        (0..n).map(move |i| {
            let mut codes = [0u8; 64];
            let density = i % 9;
            for code in &mut codes {
                *code = if rng.below(8) <= density {
                    rng.below(12) as u8 + 2
                } else {
                    0
                };
            }
            QuadBoard::from_codes_scalar(&codes)
        })
    }

    #[test]
    fn formulas_match_the_codes() {
        for quad in random_quads(500) {
            let codes = quad.to_codes_scalar();
            for piece in Piece::ALL {
                let expected = Bitboard(
                    (0..64)
                        .filter(|&i| codes[i] == piece.code())
                        .fold(0, |acc, i| acc | 1 << i),
                );
                assert_eq!(quad.by_piece(piece), expected, "{piece:?}");
            }
            assert_eq!(quad.white() | quad.black(), quad.occupied());
            assert!((quad.white() & quad.black()).is_empty());
            assert_eq!(quad.odd(), quad.pawns() | quad.knights() | quad.rooks());
            assert_eq!(quad.diagonal_sliders(), quad.bishops() | quad.queens());
            assert_eq!(quad.orthogonal_sliders(), quad.rooks() | quad.queens());
        }
    }

    #[test]
    fn simd_and_scalar_conversions_agree() {
        for quad in random_quads(2000) {
            let hex = quad.to_hex();
            assert_eq!(hex, quad.to_hex_scalar());
            assert_eq!(QuadBoard::from_hex(&hex), Some(quad));
            let codes = quad.to_codes();
            assert_eq!(codes, quad.to_codes_scalar());
            assert_eq!(QuadBoard::from_codes(&codes), Ok(quad));
            assert_eq!(QuadBoard::from_codes_scalar(&codes), quad);
            assert_eq!(QuadBoard::from_mailbox(&quad.to_mailbox()), quad);
            assert_eq!(QuadBoard::from_board(&quad.to_board()), quad);
        }
    }

    #[test]
    fn invalid_codes_are_refused() {
        let mut codes = [0u8; 64];
        codes[10] = 14;
        let err = QuadBoard::from_codes(&codes).unwrap_err();
        assert_eq!((err.square, err.code), (Square::C2, 14));
        let planes = [
            Square::H8.bitboard(),
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        ];
        let err = QuadBoard::from_planes(planes).unwrap_err();
        assert_eq!((err.square, err.code), (Square::H8, 1));
        let mut hex = QuadBoard::start().to_hex();
        hex[15] = Square::E4.bitboard();
        assert_eq!(QuadBoard::from_hex(&hex), None);
    }

    /// Positions along random games from starts with castling (standard and Chess960),
    /// en passant (with the horizontal pin) and promotions ahead.
    fn random_positions(n: usize) -> impl Iterator<Item = crate::Position> {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
        ];
        let mut rng = Rng(0x51a7_e0ff_1ce5);
        let mut pos = crate::Position::new();
        let mut plies = 0;
        (0..n).map(move |i| {
            let moves = pos.legal_moves();
            if moves.is_empty() || plies == 60 || i % 97 == 0 {
                let fen = starts[rng.below(starts.len())];
                pos = crate::Position::from_fen(fen).expect("a legal FEN");
                plies = 0;
            } else {
                pos.play_unchecked(moves[rng.below(moves.len())]);
                plies += 1;
            }
            pos
        })
    }

    #[test]
    fn legal_moves_on_the_planes_are_the_positions() {
        let mut checked_ep = false;
        for pos in random_positions(20_000) {
            let quad = QuadBoard::from_board(pos.board());
            let moves = quad.legal_moves(pos.turn(), pos.castling_rooks(), pos.ep_square());
            assert_eq!(moves[..], pos.legal_moves()[..], "{}", pos.to_fen());
            // The key's rights and en passant terms read the planes as the dense board.
            let (rooks, ep) = (pos.castling_rooks(), pos.ep_square());
            use crate::zobrist::{castling_key, en_passant_key};
            assert_eq!(castling_key(&quad, rooks), castling_key(pos.board(), rooks));
            for turn in Color::ALL {
                assert_eq!(
                    en_passant_key(&quad, turn, ep),
                    en_passant_key(pos.board(), turn, ep)
                );
            }
            checked_ep |= moves
                .iter()
                .any(|m| matches!(m.kind(), crate::MoveKind::EnPassant));
        }
        assert!(checked_ep, "the games reach en passant captures");
        // Not a position: no panic, no moves for the side without a king.
        let kingless = QuadBoard::EMPTY;
        assert!(kingless
            .legal_moves(Color::White, Bitboard::CORNERS, None)
            .is_empty());
    }

    #[test]
    fn move_deltas_make_and_unmake_every_kind() {
        let mut kinds = [false; 4];
        for pos in random_positions(5_000) {
            let quad = QuadBoard::from_board(pos.board());
            for m in pos.legal_moves().iter().copied() {
                kinds[match m.kind() {
                    crate::MoveKind::Normal => 0,
                    crate::MoveKind::Promotion(_) => 1,
                    crate::MoveKind::EnPassant => 2,
                    crate::MoveKind::Castle => 3,
                }] = true;
                let mut made = quad;
                let delta = made.play(m);
                let after = pos.play(m).expect("a legal move");
                assert_eq!(made, QuadBoard::from_board(after.board()), "{m:?}");
                made.apply(delta);
                assert_eq!(made, quad, "{m:?} unmade");
            }
        }
        assert_eq!(kinds, [true; 4], "every kind of move was made");
    }

    #[test]
    fn start_position_planes() {
        let quad = QuadBoard::start();
        assert_eq!(quad.black(), Bitboard(0xffff_0000_0000_0000));
        assert_eq!(quad.pawns(), Bitboard(0x00ff_0000_0000_ff00));
        assert_eq!(quad.kings(), Square::E1.bitboard() | Square::E8.bitboard());
        assert_eq!(quad.to_board(), Board::start());
        let mut q = quad;
        assert_eq!(q.remove_piece_at(Square::D1), Some(Piece::WhiteQueen));
        q.set_piece_at(Square::D1, Piece::BlackKnight);
        assert_eq!(q.piece_at(Square::D1), Some(Piece::BlackKnight));
        q.set_piece_at(Square::D1, Piece::WhiteQueen);
        assert_eq!(q, quad);
    }
}
