//! Staged and selective generation: the legal moves of one kind, of one role or from some
//! squares, and a stream of move groups that a caller may stop at any point.
//!
//! The generator finds legal moves in groups (a piece and its target set, or the pawns
//! that move the same way); [`Position::for_each_group`] hands those groups over as they
//! come, so that a search can look at captures of one piece, or stop at the first move it
//! likes, without building a [`MoveList`].
//!
//! ```
//! use core::ops::ControlFlow;
//! use quadboard_chess::{Bitboard, Position, Role};
//!
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! // The first knight move that captures, without listing the rest.
//! let them = pos.board().by_color(!pos.turn());
//! let found = pos.for_each_group(Bitboard::FULL, them, |group| match group.role() {
//!     Role::Knight => match group.moves().next() {
//!         Some(m) => ControlFlow::Break(m),
//!         None => ControlFlow::Continue(()),
//!     },
//!     _ => ControlFlow::Continue(()),
//! });
//! assert_eq!(found.break_value().map(|m| m.to_string()).as_deref(), Some("e5g6"));
//! assert_eq!(pos.moves_of(Role::Knight).len(), 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::iter::FusedIterator;
use core::ops::ControlFlow;

use crate::movegen::{PawnMoves, Visitor};
use crate::{Bitboard, Move, MoveList, Position, Role, Square};

/// Legal moves that the generator found together: one piece's moves, the pawn moves that
/// share one direction, an en passant capture, or a castling move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveGroup {
    /// A knight, bishop, rook, queen or king on `from` moves to each square of `targets`.
    Piece {
        /// What moves.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it may go.
        targets: Bitboard,
    },
    /// A pawn moves to each square `t` of `targets` from `t - offset` (a push of one or
    /// two ranks, or a capture); with `promotion`, four moves per target (queen, rook,
    /// bishop, knight).
    Pawns {
        /// Where the pawns land.
        targets: Bitboard,
        /// How far each pawn moves, in squares (negative for black).
        offset: i8,
        /// Whether the pawns reach the last rank.
        promotion: bool,
    },
    /// An en passant capture.
    EnPassant {
        /// The capturing pawn.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Castling of the king on `king` with the rook on `rook`.
    Castle {
        /// The king's square.
        king: Square,
        /// The castling rook's square.
        rook: Square,
    },
}

impl MoveGroup {
    /// The role of the moving piece (the king for castling).
    pub const fn role(&self) -> Role {
        match self {
            MoveGroup::Piece { role, .. } => *role,
            MoveGroup::Pawns { .. } | MoveGroup::EnPassant { .. } => Role::Pawn,
            MoveGroup::Castle { .. } => Role::King,
        }
    }

    /// How many moves the group holds.
    pub const fn len(&self) -> usize {
        match self {
            MoveGroup::Piece { targets, .. } => targets.count() as usize,
            MoveGroup::Pawns {
                targets, promotion, ..
            } => targets.count() as usize * if *promotion { 4 } else { 1 },
            MoveGroup::EnPassant { .. } | MoveGroup::Castle { .. } => 1,
        }
    }

    /// Whether the group holds no move (a piece with no target).
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves, in the order [`Position::legal_moves`] lists them.
    pub fn moves(&self) -> GroupMoves {
        GroupMoves {
            group: *self,
            remaining: self.len(),
            promotion: 0,
        }
    }
}

impl IntoIterator for MoveGroup {
    type Item = Move;
    type IntoIter = GroupMoves;

    fn into_iter(self) -> GroupMoves {
        self.moves()
    }
}

/// The moves of a [`MoveGroup`]: an exact-size iterator.
#[derive(Clone, Debug)]
pub struct GroupMoves {
    group: MoveGroup,
    remaining: usize,
    /// The next promotion role's index in [`Role::PROMOTIONS`].
    promotion: usize,
}

impl Iterator for GroupMoves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        Some(match &mut self.group {
            MoveGroup::Piece { from, targets, .. } => {
                let to = targets.pop_lsb()?;
                Move::normal(*from, to)
            }
            MoveGroup::Pawns {
                targets,
                offset,
                promotion,
            } => {
                let to = targets.lsb()?;
                let from = u8::try_from(to as i8 - *offset)
                    .ok()
                    .and_then(Square::try_new)?;
                if *promotion {
                    let role = Role::PROMOTIONS[self.promotion];
                    self.promotion += 1;
                    if self.promotion == Role::PROMOTIONS.len() {
                        self.promotion = 0;
                        targets.pop_lsb();
                    }
                    Move::promotion(from, to, role)
                } else {
                    targets.pop_lsb();
                    Move::normal(from, to)
                }
            }
            MoveGroup::EnPassant { from, to } => Move::en_passant(*from, *to),
            MoveGroup::Castle { king, rook } => Move::castle(*king, *rook),
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for GroupMoves {}

impl FusedIterator for GroupMoves {}

/// Hands the generator's groups to a callback, keeping those that start on `from`, until
/// the callback breaks.
struct Stream<F, B> {
    from: Bitboard,
    callback: F,
    result: ControlFlow<B>,
}

impl<F: FnMut(MoveGroup) -> ControlFlow<B>, B> Stream<F, B> {
    #[inline(always)]
    fn send(&mut self, group: MoveGroup) {
        if self.result.is_continue() && !group.is_empty() {
            self.result = (self.callback)(group);
        }
    }
}

impl<F: FnMut(MoveGroup) -> ControlFlow<B>, B> Visitor for Stream<F, B> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        if self.from.contains(from) {
            self.send(MoveGroup::Piece {
                role,
                from,
                targets,
            });
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        // The origins shifted onto the targets: each target has one origin.
        let from = if offset > 0 {
            Bitboard(self.from.0 << offset)
        } else {
            Bitboard(self.from.0 >> -offset)
        };
        self.send(MoveGroup::Pawns {
            targets: targets & from,
            offset,
            promotion: kind == PawnMoves::Promotion,
        });
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        if self.from.contains(from) {
            self.send(MoveGroup::EnPassant { from, to });
        }
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        if self.from.contains(king) {
            self.send(MoveGroup::Castle { king, rook });
        }
    }
}

impl Position {
    /// Calls `f` with each group of legal moves whose piece starts on `from` and lands on
    /// `to` (castling lands on the king's destination, en passant on the capturing pawn's),
    /// in the order of [`Position::legal_moves`], until `f` breaks; returns how it ended.
    /// Groups with no move are skipped. After a break `f` is not called again, and no
    /// list is built at any point.
    pub fn for_each_group<B>(
        &self,
        from: Bitboard,
        to: Bitboard,
        f: impl FnMut(MoveGroup) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut stream = Stream {
            from,
            callback: f,
            result: ControlFlow::Continue(()),
        };
        self.generate(to, &mut stream);
        stream.result
    }

    /// The legal moves of the pieces on `from`.
    ///
    /// ```
    /// use quadboard_chess::{Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.moves_from(Square::G1.bitboard()).len(), 2);
    /// ```
    pub fn moves_from(&self, from: Bitboard) -> MoveList {
        MoveList::build(|list| {
            let _ = self.for_each_group(from, Bitboard::FULL, |group| {
                list.extend(group.moves());
                ControlFlow::<()>::Continue(())
            });
        })
    }

    /// The legal moves of the side to move's pieces of `role` (castling counts as a king
    /// move, en passant as a pawn move).
    pub fn moves_of(&self, role: Role) -> MoveList {
        let pieces = self.board().by_color(self.turn) & self.board().by_role(role);
        self.moves_from(pieces)
    }

    /// The legal moves out of check: every legal move when the side to move is in check,
    /// none otherwise. (In check the generator produces nothing but evasions: king moves
    /// off attacked squares and, in single check, captures of the checker and blocks.)
    pub fn evasions(&self) -> MoveList {
        if self.is_check() {
            self.legal_moves()
        } else {
            MoveList::new()
        }
    }
}
