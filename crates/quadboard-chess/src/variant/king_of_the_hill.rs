//! King of the hill: chess, and a king that reaches d4, e4, d5 or e5 wins.

use alloc::string::String;

use super::{fen, Variant, VariantError, VariantMove, VariantMoveList, VariantOutcome};
use super::{VariantPosition, VariantTermination};
use crate::setup::Reasons;
use crate::{Bitboard, Board, Color, Position, Role};

/// d4, e4, d5 and e5: the hill.
pub const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// King moves from `square` to the nearest square of the hill.
fn distance_to_hill(square: crate::Square) -> u32 {
    let (file, rank) = (square.file().index() as u32, square.rank().index() as u32);
    // Files and ranks 3 and 4 (d, e; 4th, 5th) are the hill's.
    let off = |x: u32| 3u32.saturating_sub(x).max(x.saturating_sub(4));
    off(file).max(off(rank))
}

/// A king-of-the-hill position: a chess [`Position`] whose game also ends when a king
/// stands on [`CENTER`] (then there are no legal moves). No material is insufficient, as
/// in python-chess: a bare king can still walk to the hill.
///
/// ```
/// use quadboard_chess::variant::{KingOfTheHill, VariantPosition, VariantTermination};
/// use quadboard_chess::Color;
/// let pos = KingOfTheHill::from_fen("8/8/8/8/4K3/8/8/k7 b - - 0 1")?;
/// assert!(pos.is_variant_end() && pos.legal_moves().is_empty());
/// let outcome = pos.outcome().unwrap();
/// assert_eq!((outcome.termination, outcome.winner), (VariantTermination::VariantLoss, Some(Color::White)));
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KingOfTheHill {
    pos: Position,
}

impl KingOfTheHill {
    /// The chess position (placement, rights, counters).
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The variant position of a legal chess position.
    pub const fn from_position(pos: Position) -> KingOfTheHill {
        KingOfTheHill { pos }
    }
}

impl Default for KingOfTheHill {
    fn default() -> KingOfTheHill {
        <KingOfTheHill as VariantPosition>::new()
    }
}

impl VariantPosition for KingOfTheHill {
    const VARIANT: Variant = Variant::KingOfTheHill;

    fn new() -> KingOfTheHill {
        KingOfTheHill {
            pos: Position::new(),
        }
    }

    fn from_fen(text: &str) -> Result<KingOfTheHill, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::KingOfTheHill)?;
        let pos = super::chess_position(&read, Reasons::NONE)?;
        Ok(KingOfTheHill { pos })
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields::chess(self.pos.to_setup())
    }

    fn to_fen(&self) -> String {
        self.pos.to_fen()
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        if !self.is_variant_end() {
            list.extend_chess(&self.pos.legal_moves());
        }
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        if self.is_variant_end() {
            0
        } else {
            self.pos.count_legal_moves()
        }
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        if let Some(m) = m.chess() {
            self.pos.play_unchecked(m);
        }
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    #[inline(always)]
    fn is_variant_end(&self) -> bool {
        (self.pos.board().by_role(Role::King) & CENTER).any()
    }

    fn variant_outcome(&self) -> Option<VariantOutcome> {
        let board = self.pos.board();
        let on_hill = |color| (board.by_piece(crate::Piece::new(color, Role::King)) & CENTER).any();
        let turn = self.turn();
        if on_hill(!turn) {
            Some(VariantOutcome {
                termination: VariantTermination::VariantLoss,
                winner: Some(!turn),
            })
        } else if on_hill(turn) {
            Some(VariantOutcome {
                termination: VariantTermination::VariantWin,
                winner: Some(turn),
            })
        } else {
            None
        }
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        false
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn castling_mode(&self) -> crate::CastlingMode {
        self.pos.castling_mode()
    }

    /// A king `d` king moves from the hill needs `d` moves of its side; a king that
    /// arrives at a leaf changes no count (a leaf is one node either way), so chess's
    /// count holds when neither king can arrive within `depth - 1` plies.
    fn perft_as_chess(&self, depth: u32) -> Option<u64> {
        let (ours, theirs) = super::moves_in(depth.saturating_sub(1));
        let board = self.pos.board();
        let turn = self.turn();
        let far = |color: Color, moves: u32| {
            board
                .king_of(color)
                .is_none_or(|king| distance_to_hill(king) > moves)
        };
        (depth >= 2 && far(turn, ours) && far(!turn, theirs))
            .then(|| crate::perft(&self.pos, depth))
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn(), self.pos.castling_mode())
    }
}
