//! Variant moves in 16 bits: every chess [`Move`] as it is, plus drops and promotions to
//! king in the kinds that chess leaves unused.

use alloc::string::String;
use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::{CastlingMode, Color, Move, Role, Square};

/// A move of a variant game in 16 bits: the bits of a chess [`Move`] for every chess move,
/// and the kinds chess leaves unused for the rest.
///
/// ```text
/// bits  0..6   from square (the target square for drops)
/// bits  6..12  to square
/// bits 12..16  kind: 0 to 7 as in Move, 3 promotion to king (antichess),
///              8 + role index for a drop (8 pawn ... 12 queen)
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct VariantMove(u16);

const KIND_KING_PROMOTION: u16 = 3;
const KIND_DROP: u16 = 8;

/// What a [`VariantMove`] is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum VariantMoveKind {
    /// A chess move (normal, en passant, castling, promotion).
    Chess(Move),
    /// A pawn reaching the last rank and becoming a king (antichess).
    KingPromotion {
        /// The pawn's square.
        from: Square,
        /// Where it becomes a king.
        to: Square,
    },
    /// A piece from the pocket put on an empty square (crazyhouse).
    Drop {
        /// What is dropped: pawn, knight, bishop, rook or queen.
        role: Role,
        /// Where.
        to: Square,
    },
}

impl VariantMove {
    /// The chess move `m`.
    #[inline(always)]
    pub const fn from_move(m: Move) -> VariantMove {
        VariantMove(m.bits())
    }

    /// A drop of `role` (pawn to queen) on `to`.
    #[inline(always)]
    pub const fn drop(role: Role, to: Square) -> VariantMove {
        debug_assert!(!matches!(role, Role::King));
        VariantMove(to as u16 | (to as u16) << 6 | (KIND_DROP + role.index() as u16) << 12)
    }

    /// A pawn's promotion to king.
    #[inline(always)]
    pub const fn king_promotion(from: Square, to: Square) -> VariantMove {
        VariantMove(from as u16 | (to as u16) << 6 | KIND_KING_PROMOTION << 12)
    }

    /// What the move is.
    pub const fn kind(self) -> VariantMoveKind {
        let kind = self.0 >> 12;
        if kind >= KIND_DROP {
            let role = match Role::from_index((kind - KIND_DROP) as usize) {
                Some(role) => role,
                None => Role::Pawn,
            };
            VariantMoveKind::Drop {
                role,
                to: self.to(),
            }
        } else if kind == KIND_KING_PROMOTION {
            VariantMoveKind::KingPromotion {
                from: self.origin(),
                to: self.to(),
            }
        } else {
            VariantMoveKind::Chess(self.chess_unchecked())
        }
    }

    /// The chess move, or `None` for a drop or a promotion to king.
    #[inline(always)]
    pub const fn chess(self) -> Option<Move> {
        let kind = self.0 >> 12;
        if kind >= KIND_DROP || kind == KIND_KING_PROMOTION {
            None
        } else {
            Some(self.chess_unchecked())
        }
    }

    /// The bits as a chess move: the caller knows the kind is one of chess's.
    #[inline(always)]
    const fn chess_unchecked(self) -> Move {
        match Move::from_bits(self.0) {
            Some(m) => m,
            None => Move::NULL,
        }
    }

    /// The square the piece leaves; `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        if self.0 >> 12 >= KIND_DROP {
            None
        } else {
            Some(self.origin())
        }
    }

    #[inline(always)]
    const fn origin(self) -> Square {
        // SAFETY: six bits are always below 64.
        unsafe { Square::new_unchecked((self.0 & 63) as u8) }
    }

    /// The square the piece lands on (the rook's square for castling, as in [`Move`]).
    #[inline(always)]
    pub const fn to(self) -> Square {
        // SAFETY: six bits are always below 64.
        unsafe { Square::new_unchecked((self.0 >> 6 & 63) as u8) }
    }

    /// The role dropped, for a drop.
    #[inline(always)]
    pub const fn drop_role(self) -> Option<Role> {
        match self.kind() {
            VariantMoveKind::Drop { role, .. } => Some(role),
            _ => None,
        }
    }

    /// The role a pawn becomes, king included.
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            VariantMoveKind::Chess(m) => m.promotion_role(),
            VariantMoveKind::KingPromotion { .. } => Some(Role::King),
            VariantMoveKind::Drop { .. } => None,
        }
    }

    /// The raw 16 bits.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move in UCI for a position with `turn` to move whose castling is written in
    /// `mode`: castling as the king's two-square move in standard mode.
    pub fn to_uci(self, turn: Color, mode: CastlingMode) -> String {
        let mut out = String::with_capacity(5);
        match self.kind() {
            VariantMoveKind::Drop { role, to } => {
                out.push(role.char().to_ascii_uppercase());
                out.push('@');
                push_square(&mut out, to);
            }
            VariantMoveKind::KingPromotion { from, to } => {
                push_square(&mut out, from);
                push_square(&mut out, to);
                out.push('k');
            }
            VariantMoveKind::Chess(m) => {
                push_square(&mut out, m.from());
                match m.castling_side() {
                    Some(side) if mode == CastlingMode::Standard => {
                        push_square(&mut out, side.king_to(turn))
                    }
                    _ => push_square(&mut out, m.to()),
                }
                if let Some(role) = m.promotion_role() {
                    out.push(role.char());
                }
            }
        }
        out
    }
}

impl From<Move> for VariantMove {
    fn from(m: Move) -> VariantMove {
        VariantMove::from_move(m)
    }
}

fn push_square(out: &mut String, square: Square) {
    out.push(square.file().char());
    out.push(square.rank().char());
}

/// Chess960-style UCI (castling king-takes-rook), as [`Move`]'s `Display` writes it.
impl fmt::Display for VariantMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci(Color::White, CastlingMode::Chess960))
    }
}

impl fmt::Debug for VariantMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            VariantMoveKind::Chess(m) => fmt::Debug::fmt(&m, f),
            _ => fmt::Display::fmt(self, f),
        }
    }
}

/// `m` in Chess960-style UCI, which [`super::VariantPosition::parse_uci`] also accepts.
pub(super) fn king_takes_rook_uci(m: VariantMove) -> String {
    m.to_uci(Color::White, CastlingMode::Chess960)
}

/// Whether `text` has the form of a UCI move: `<from><to>[n|b|r|q|k]` or `<role>@<to>`.
pub(super) fn is_uci_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |s: &[u8]| Square::from_ascii(s).is_ok();
    match b.len() {
        4 if b[1] == b'@' => matches!(b[0], b'P' | b'N' | b'B' | b'R' | b'Q') && square(&b[2..]),
        4 => square(&b[..2]) && square(&b[2..]),
        5 => {
            square(&b[..2]) && square(&b[2..4]) && matches!(b[4], b'n' | b'b' | b'r' | b'q' | b'k')
        }
        _ => false,
    }
}

/// The most moves a variant position may have: crazyhouse's drops (five roles on at most
/// 62 empty squares) beside the board's moves. A full list keeps its first moves rather
/// than panic (only fantasy positions come near).
pub const MAX_VARIANT_MOVES: usize = 768;

/// A list of variant moves on the stack, with room for [`MAX_VARIANT_MOVES`].
#[derive(Clone)]
pub struct VariantMoveList {
    moves: [VariantMove; MAX_VARIANT_MOVES],
    len: usize,
}

impl VariantMoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> VariantMoveList {
        VariantMoveList {
            moves: [VariantMove(0); MAX_VARIANT_MOVES],
            len: 0,
        }
    }

    /// Appends a move (dropped when the list is full).
    #[inline(always)]
    pub fn push(&mut self, m: VariantMove) {
        if self.len < MAX_VARIANT_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Appends every chess move of `moves`.
    #[inline]
    pub fn extend_chess(&mut self, moves: &[Move]) {
        for &m in moves {
            self.push(VariantMove::from_move(m));
        }
    }
}

impl Default for VariantMoveList {
    fn default() -> VariantMoveList {
        VariantMoveList::new()
    }
}

impl Deref for VariantMoveList {
    type Target = [VariantMove];
    #[inline(always)]
    fn deref(&self) -> &[VariantMove] {
        &self.moves[..self.len]
    }
}

impl DerefMut for VariantMoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [VariantMove] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for VariantMoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a VariantMoveList {
    type Item = &'a VariantMove;
    type IntoIter = core::slice::Iter<'a, VariantMove>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for to in Square::ALL {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                let m = VariantMove::drop(role, to);
                assert_eq!(m.kind(), VariantMoveKind::Drop { role, to });
                assert_eq!(
                    (m.chess(), m.from(), m.drop_role()),
                    (None, None, Some(role))
                );
            }
            let k = VariantMove::king_promotion(Square::E7, to);
            assert_eq!(k.promotion_role(), Some(Role::King));
            assert_eq!(k.chess(), None);
            let n = Move::promotion(Square::E7, to, Role::Knight);
            assert_eq!(VariantMove::from_move(n).chess(), Some(n));
        }
        assert_eq!(
            VariantMove::drop(Role::Pawn, Square::E4).to_string(),
            "P@e4"
        );
        assert_eq!(
            VariantMove::king_promotion(Square::E7, Square::E8).to_string(),
            "e7e8k"
        );
        assert!(is_uci_syntax("P@e4") && is_uci_syntax("e7e8k") && is_uci_syntax("e2e4"));
        assert!(!is_uci_syntax("K@e4") && !is_uci_syntax("e2e4x") && !is_uci_syntax("@e4"));
    }
}
