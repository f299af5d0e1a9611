//! Crazyhouse: chess, and a captured piece goes to the capturer's pocket, from which it may
//! be dropped on any empty square instead of a move.

use alloc::string::String;

use super::{fen, Variant, VariantError, VariantMove, VariantMoveKind, VariantMoveList};
use super::{VariantOutcome, VariantPosition};
use crate::setup::Reasons;
use crate::{attacks, zobrist, Bitboard, Board, Color, MoveKind, Piece, Position, Role, Square};

/// The roles a pocket holds, in the order FEN writes them (queen first).
const POCKET_ROLES: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The pieces each side holds in hand: pawns to queens, by colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pockets {
    /// By colour index, then role index (pawn 0 to queen 4).
    counts: [[u8; 5]; 2],
}

impl Pockets {
    /// How many pieces of `role` `color` holds (0 for a king).
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        match role {
            Role::King => 0,
            _ => self.counts[color.index()][role.index()],
        }
    }

    /// How many pieces `color` holds in all.
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color.index()]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// Adds a piece of `role` to `color`'s pocket (a king is not kept; a full count of
    /// 255 stays full).
    pub fn add(&mut self, color: Color, role: Role) {
        if role != Role::King {
            let n = &mut self.counts[color.index()][role.index()];
            *n = n.saturating_add(1);
        }
    }

    /// Takes a piece of `role` from `color`'s pocket (nothing when there is none).
    pub fn remove(&mut self, color: Color, role: Role) {
        if role != Role::King {
            let n = &mut self.counts[color.index()][role.index()];
            *n = n.saturating_sub(1);
        }
    }

    /// The pockets as FEN writes them between brackets: white's pieces in capitals then
    /// black's, queen to pawn (`QRBNPqrbnp`).
    pub fn write(&self, out: &mut String) {
        for color in Color::ALL {
            for role in POCKET_ROLES {
                let c = Piece::new(color, role).char();
                for _ in 0..self.count(color, role) {
                    out.push(c);
                }
            }
        }
    }
}

/// A crazyhouse position: a chess [`Position`], the pockets, and the pieces that were
/// promoted (a promoted piece that is captured goes to the pocket as a pawn).
///
/// Drops go to any empty square (pawns not to the first or last rank), in check only
/// between the king and a single checker. A pawn drop resets the halfmove clock, as a pawn move
/// does; other drops count as moves. A drop takes the en passant square. FEN: the pocket in brackets after the placement (`[Qn]`; read
/// also as a ninth rank, `/Qn`), promoted pieces marked `~` (`Q~`); written with brackets,
/// `[]` for empty pockets, as shakmaty and python-chess write it. Material is never
/// insufficient while a pawn, rook or queen is on the board or in a pocket or a piece is
/// promoted: python-chess's rule, which declares a draw only with three pieces or fewer in
/// all, none of those.
///
/// ```
/// use quadboard_chess::variant::{perft, Crazyhouse, VariantPosition};
/// let pos = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")?;
/// assert_eq!(pos.legal_moves().len(), 67); // 5 king moves and 62 queen drops
/// assert_eq!(perft(&pos, 2), 3_083);
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Crazyhouse {
    pos: Position,
    pockets: Pockets,
    promoted: Bitboard,
}

impl Crazyhouse {
    /// The chess position (placement, rights, counters). Its [`Position::key`] is the
    /// Polyglot key of the board alone, pockets left out.
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The pockets.
    pub const fn pockets(&self) -> &Pockets {
        &self.pockets
    }

    /// The squares of the promoted pieces.
    pub const fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The squares a drop may go to: the empty squares, those between the king and a lone
    /// checker in check, none in double check.
    #[inline(always)]
    fn drop_targets(&self) -> Bitboard {
        let board = self.pos.board();
        let empty = !board.occupied();
        let checkers = self.pos.checkers();
        match checkers.lsb() {
            None => empty,
            Some(_) if checkers.more_than_one() => Bitboard::EMPTY,
            Some(checker) => attacks::between(self.pos.our_king(), checker),
        }
    }

    /// Calls `f` with each role in the pocket of the side to move and the squares it may
    /// be dropped on.
    #[inline(always)]
    fn for_each_drop(&self, mut f: impl FnMut(Role, Bitboard)) {
        let us = self.pos.turn();
        if self.pockets.total(us) == 0 {
            return;
        }
        let targets = self.drop_targets();
        if targets.is_empty() {
            return;
        }
        for role in POCKET_ROLES {
            if self.pockets.count(us, role) > 0 {
                let t = if role == Role::Pawn {
                    targets & !Bitboard::BACKRANKS
                } else {
                    targets
                };
                f(role, t);
            }
        }
    }

    /// Puts a piece of `role` from the pocket on `to` (empty), with the key, counters and
    /// turn as a move changes them.
    #[inline]
    fn play_drop(&mut self, role: Role, to: Square) {
        let pos = &mut self.pos;
        let us = pos.turn;
        let piece = Piece::new(us, role);
        pos.key ^= zobrist::piece_square(piece, to)
            ^ zobrist::white_to_move()
            ^ zobrist::en_passant_key(&pos.node.board, us, pos.node.ep_square);
        pos.node.board.toggle(piece, to.bitboard());
        pos.node.ep_square = None;
        // A pawn drop is a pawn move for the fifty-move rule.
        pos.halfmoves = if role == Role::Pawn {
            0
        } else {
            pos.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            pos.fullmoves = pos.fullmoves.saturating_add(1);
        }
        pos.turn = !us;
        self.pockets.remove(us, role);
    }

    /// Plays a chess move: the victim (a pawn if it was promoted) goes to the mover's
    /// pocket, and the promoted marks follow the pieces.
    #[inline]
    fn play_chess(&mut self, m: crate::Move) {
        let us = self.pos.turn();
        let board = self.pos.board();
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                // A promoted rook keeps its mark on its new square.
                if self.promoted.contains(to) {
                    let (_, rook_to) = crate::board::castle_targets(us, from, to);
                    self.promoted = (self.promoted & !to.bitboard()) | rook_to;
                }
            }
            MoveKind::EnPassant => self.pockets.add(us, Role::Pawn),
            kind => {
                if board.by_color(!us).contains(to) {
                    let victim = if self.promoted.contains(to) {
                        Role::Pawn
                    } else {
                        board.role_at(to).unwrap_or(Role::Pawn)
                    };
                    self.pockets.add(us, victim);
                }
                let moved_promoted = self.promoted.contains(from);
                self.promoted &= !(from.bitboard() | to);
                if moved_promoted || matches!(kind, MoveKind::Promotion(_)) {
                    self.promoted |= to;
                }
            }
        }
        self.pos.play_unchecked(m);
    }
}

impl Default for Crazyhouse {
    fn default() -> Crazyhouse {
        <Crazyhouse as VariantPosition>::new()
    }
}

impl VariantPosition for Crazyhouse {
    const VARIANT: Variant = Variant::Crazyhouse;

    fn new() -> Crazyhouse {
        Crazyhouse {
            pos: Position::new(),
            pockets: Pockets::default(),
            promoted: Bitboard::EMPTY,
        }
    }

    /// Reads a crazyhouse FEN; a FEN without a pocket has empty pockets. Chess's rules
    /// apply but for the material count, which the pockets make meaningless on the board
    /// alone.
    fn from_fen(text: &str) -> Result<Crazyhouse, VariantError> {
        let read = fen::read(text)?;
        read.only(false, true, Variant::Crazyhouse)?;
        let pos = super::chess_position(&read, Reasons::TOO_MUCH_MATERIAL)?;
        // Only pieces that are not kings or pawns can be promoted ones.
        let board = pos.board();
        let promoted = read.promoted
            & board.occupied()
            & !board.by_role(Role::King)
            & !board.by_role(Role::Pawn);
        Ok(Crazyhouse {
            pos,
            pockets: read.pockets.unwrap_or_default(),
            promoted,
        })
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields {
            pockets: Some(self.pockets),
            promoted: self.promoted,
            ..super::hash::KeyFields::chess(self.pos.to_setup())
        }
    }

    fn to_fen(&self) -> String {
        fen::write_placement_extras(&self.pos.to_fen(), self.promoted, Some(&self.pockets))
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        list.extend_chess(&self.pos.legal_moves());
        self.for_each_drop(|role, targets| {
            for to in targets {
                list.push(VariantMove::drop(role, to));
            }
        });
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut n = self.pos.count_legal_moves();
        self.for_each_drop(|_, targets| n += u64::from(targets.count()));
        n
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        match m.kind() {
            VariantMoveKind::Chess(m) => self.play_chess(m),
            VariantMoveKind::Drop { role, to } => self.play_drop(role, to),
            VariantMoveKind::KingPromotion { .. } => {}
        }
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn is_variant_end(&self) -> bool {
        false
    }

    fn variant_outcome(&self) -> Option<VariantOutcome> {
        None
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        let board = self.pos.board();
        let heavy =
            board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
        let in_hand = Color::ALL.iter().any(|&c| {
            [Role::Pawn, Role::Rook, Role::Queen]
                .iter()
                .any(|&role| self.pockets.count(c, role) > 0)
        });
        let pieces = board.occupied().count()
            + self.pockets.total(Color::White)
            + self.pockets.total(Color::Black);
        pieces <= 3 && self.promoted.is_empty() && heavy.is_empty() && !in_hand
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn castling_mode(&self) -> crate::CastlingMode {
        self.pos.castling_mode()
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn(), self.pos.castling_mode())
    }

    /// With both pockets empty, the next two plies are chess: a side's pocket fills only
    /// by its own captures, so neither side can drop before its second move from here.
    /// (Two plies only: a capture on the first lets that side drop on the third.)
    fn perft_as_chess(&self, depth: u32) -> Option<u64> {
        let empty = self.pockets.total(Color::White) == 0 && self.pockets.total(Color::Black) == 0;
        (depth == 2 && empty).then(|| crate::perft(&self.pos, depth))
    }
}
