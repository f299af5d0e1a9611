//! Moves in 16 bits, a fixed-capacity move list, and UCI notation.

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::{Deref, DerefMut};

use crate::{Role, Square};

/// What kind of move a [`Move`] is, beyond its two squares. Ordered as declared, promotions
/// by role.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum MoveKind {
    /// Any move of a piece that is not one of the kinds below, capture or not.
    Normal,
    /// A pawn capturing en passant; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling, encoded as the king "capturing" its own rook: `to` is the rook's square.
    Castle,
    /// A pawn reaching the last rank and becoming the given role.
    Promotion(Role),
}

/// A move in 16 bits.
///
/// ```text
/// bits  0..6   from square
/// bits  6..12  to square (the rook's square for castling)
/// bits 12..16  kind: 0 normal, 1 en passant, 2 castle, 4 knight, 5 bishop, 6 rook and
///              7 queen promotion (the promotion's `Role` discriminant + 2)
/// ```
///
/// Encoding castling as king-takes-rook makes Chess960 castling unambiguous; UCI output
/// turns it into the king's two-square move in standard chess. The value 0 (a1 to a1) is
/// never a legal move and serves as [`Move::NULL`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Move(u16);

const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;

impl Move {
    /// No move: a1 to a1. Never legal.
    pub const NULL: Move = Move(0);

    /// A normal move (including captures and pawn pushes).
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }

    /// An en passant capture landing on `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6 | KIND_EN_PASSANT << 12)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move(king as u16 | (rook as u16) << 6 | KIND_CASTLE << 12)
    }

    /// A promotion to `role`, which must be a knight, bishop, rook or queen.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        debug_assert!(matches!(
            role,
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen
        ));
        Move(from as u16 | (to as u16) << 6 | (role as u16 + 2) << 12)
    }

    /// The move with this kind.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        match kind {
            MoveKind::Normal => Move::normal(from, to),
            MoveKind::EnPassant => Move::en_passant(from, to),
            MoveKind::Castle => Move::castle(from, to),
            MoveKind::Promotion(role) => Move::promotion(from, to, role),
        }
    }

    /// The square the piece leaves (the king's square for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        // SAFETY: six bits are always below 64.
        unsafe { Square::new_unchecked((self.0 & 63) as u8) }
    }

    /// The square the piece lands on; for castling, the rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        // SAFETY: six bits are always below 64.
        unsafe { Square::new_unchecked((self.0 >> 6 & 63) as u8) }
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            4 => MoveKind::Promotion(Role::Knight),
            5 => MoveKind::Promotion(Role::Bishop),
            6 => MoveKind::Promotion(Role::Rook),
            7 => MoveKind::Promotion(Role::Queen),
            _ => MoveKind::Normal,
        }
    }

    /// The promotion role, if this is a promotion.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        // Kinds 4 to 7 are the promotions, each its role's discriminant + 2 (its index + 3).
        let kind = self.0 >> 12;
        if kind >= 4 {
            Role::from_index(kind as usize - 3)
        } else {
            None
        }
    }

    /// Whether this is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }

    /// For castling, the side castled on; `None` for every other move.
    #[inline(always)]
    pub const fn castling_side(self) -> Option<crate::CastlingSide> {
        if self.is_castle() {
            Some(crate::CastlingSide::of(self.from(), self.to()))
        } else {
            None
        }
    }

    /// Whether this is an en passant capture.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == KIND_EN_PASSANT
    }

    /// The raw 16 bits.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits, or `None` when the kind field is unused (3 or 8..15).
    pub const fn from_bits(bits: u16) -> Option<Move> {
        match bits >> 12 {
            0..=2 | 4..=7 => Some(Move(bits)),
            _ => None,
        }
    }
}

/// The squares and promotion role of UCI text `<from><to>[n|b|r|q]`, lowercase, nothing
/// before or after; `None` when the text is not of that form. Whether a move with these
/// squares is castling or en passant only its position can say.
pub(crate) fn parse_uci_syntax(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let bytes = text.as_bytes();
    if !(4..=5).contains(&bytes.len()) {
        return None;
    }
    let from = Square::from_ascii(&bytes[..2]).ok()?;
    let to = Square::from_ascii(&bytes[2..4]).ok()?;
    let promotion = match bytes.get(4) {
        None => None,
        Some(b'n') => Some(Role::Knight),
        Some(b'b') => Some(Role::Bishop),
        Some(b'r') => Some(Role::Rook),
        Some(b'q') => Some(Role::Queen),
        Some(_) => return None,
    };
    Some((from, to, promotion))
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Normal => write!(f, "{}{}", self.from(), self.to()),
            MoveKind::EnPassant => write!(f, "{}{}ep", self.from(), self.to()),
            MoveKind::Castle => write!(f, "{}{}castle", self.from(), self.to()),
            MoveKind::Promotion(r) => write!(f, "{}{}{}", self.from(), self.to(), r.char()),
        }
    }
}

/// Chess960-style UCI: castling is written king-takes-rook (`e1h1`). For standard UCI use
/// [`crate::Position::to_uci`], which knows the castling mode.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion_role() {
            fmt::Write::write_char(f, role.char())?;
        }
        Ok(())
    }
}

/// The capacity of a [`MoveList`]. The most legal moves of any reachable chess position is
/// 218; positions built from FEN with extra material have more (a published test position
/// has 270), so the list leaves ample headroom.
pub const MAX_MOVES: usize = 512;

/// Slots past [`MAX_MOVES`] that let [`MoveList::push_chunk`] store a fixed block of eight.
const SLACK: usize = 8;

/// A list of moves on the stack, with room for [`MAX_MOVES`].
///
/// The storage is left uninitialised until written: a list is about 1 KiB, and zeroing it
/// for every position cost more than generating the moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES + SLACK],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES + SLACK],
            len: 0,
        }
    }

    /// The list that `fill` makes from an empty one.
    ///
    /// Lists are returned by value, and a list is 1 KiB. Written by one call that starts
    /// from uninitialised memory, the list can be constructed in the caller's slot instead
    /// of being copied there (the compiler's call-slot optimisation).
    #[inline(always)]
    pub(crate) fn build(fill: impl FnOnce(&mut MoveList)) -> MoveList {
        let mut list = MaybeUninit::uninit();
        Self::build_in(&mut list, fill);
        // SAFETY: `build_in` initialised the list.
        unsafe { list.assume_init() }
    }

    #[inline(never)]
    fn build_in(list: &mut MaybeUninit<MoveList>, fill: impl FnOnce(&mut MoveList)) {
        fill(list.write(MoveList::new()));
    }

    /// Appends a move. A full list (only possible for fantasy positions with far more
    /// material than chess allows) keeps its first [`MAX_MOVES`] moves rather than panic.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// Appends the first `len` (at most 8) moves from `from` to `squares`, storing all eight
    /// without a loop over `len`: the serialization trick of the perfect-hashed target lists.
    #[inline(always)]
    pub fn push_chunk(&mut self, from: Square, squares: [Square; 8], len: usize) {
        // `self.len <= MAX_MOVES`, so the eight slots always exist.
        let len = len.min(SLACK);
        for (slot, to) in self.moves[self.len..self.len + SLACK]
            .iter_mut()
            .zip(squares)
        {
            *slot = MaybeUninit::new(Move::normal(from, to));
        }
        self.len = (self.len + len).min(MAX_MOVES);
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self[i];
            if keep(m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` slots have been written (every path that raises `len`
        // writes those slots first), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        for from in Square::ALL {
            for to in [Square::A1, Square::H8, Square::E4] {
                let m = Move::normal(from, to);
                assert_eq!((m.from(), m.to(), m.kind()), (from, to, MoveKind::Normal));
                for role in Role::PROMOTIONS {
                    let p = Move::promotion(from, to, role);
                    assert_eq!(p.kind(), MoveKind::Promotion(role));
                    assert_eq!(Move::from_bits(p.bits()), Some(p));
                }
                assert_eq!(Move::en_passant(from, to).kind(), MoveKind::EnPassant);
                assert!(Move::castle(from, to).is_castle());
            }
        }
        assert_eq!(Move::from_bits(3 << 12), None);
        assert_eq!(
            Move::promotion(Square::E7, Square::E8, Role::Queen).to_string(),
            "e7e8q"
        );
    }

    #[test]
    fn list_retains() {
        let mut list = MoveList::new();
        list.extend(Square::ALL.iter().map(|&s| Move::normal(s, Square::A1)));
        assert_eq!(list.len(), 64);
        list.retain(|m| m.from().rank() == crate::Rank::First);
        assert_eq!(list.len(), 8);
    }
}
