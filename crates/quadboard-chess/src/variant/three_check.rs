//! Three-check: chess, and the side that gives its third check wins.

use alloc::string::String;

use super::{fen, Variant, VariantError, VariantMove, VariantMoveList, VariantOutcome};
use super::{VariantPosition, VariantTermination};
use crate::setup::Reasons;
use crate::{Board, Color, Position, Role};

/// A three-check position: a chess [`Position`] and the checks each side still has to
/// give (3 at the start). A move that gives check takes one from its side's count; a count
/// at 0 ends the game (no legal moves), won by that side.
///
/// FEN: the remaining counts as a fifth field, `3+3` (white's first), as shakmaty and
/// python-chess write it; reading also takes lichess's checks given, `+W+B`, after the
/// move number, and a FEN without counts as `3+3`. A side with only its king has
/// insufficient material (any other piece can still give check), as python-chess defines it.
///
/// ```
/// use quadboard_chess::variant::{ThreeCheck, VariantPosition};
/// use quadboard_chess::Color;
/// let pos = ThreeCheck::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0")?;
/// assert_eq!(pos.remaining_checks(Color::White), 2);
/// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1");
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ThreeCheck {
    pos: Position,
    /// The checks white and black still have to give.
    remaining: [u8; 2],
}

impl ThreeCheck {
    /// The chess position (placement, rights, counters).
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The checks `color` still has to give to win (0 to 3).
    pub const fn remaining_checks(&self, color: Color) -> u8 {
        self.remaining[color.index()]
    }

    /// The variant position of a legal chess position with these remaining checks (white's
    /// first; counts above 3 are read as 3).
    pub fn from_position(pos: Position, remaining: [u8; 2]) -> ThreeCheck {
        ThreeCheck {
            pos,
            remaining: [remaining[0].min(3), remaining[1].min(3)],
        }
    }
}

impl Default for ThreeCheck {
    fn default() -> ThreeCheck {
        <ThreeCheck as VariantPosition>::new()
    }
}

impl VariantPosition for ThreeCheck {
    const VARIANT: Variant = Variant::ThreeCheck;

    fn new() -> ThreeCheck {
        ThreeCheck {
            pos: Position::new(),
            remaining: [3, 3],
        }
    }

    fn from_fen(text: &str) -> Result<ThreeCheck, VariantError> {
        let read = fen::read(text)?;
        read.only(true, false, Variant::ThreeCheck)?;
        let pos = super::chess_position(&read, Reasons::NONE)?;
        Ok(ThreeCheck {
            pos,
            remaining: read.remaining_checks.unwrap_or([3, 3]),
        })
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields {
            remaining_checks: Some(self.remaining),
            ..super::hash::KeyFields::chess(self.pos.to_setup())
        }
    }

    fn to_fen(&self) -> String {
        fen::write_checks(&self.pos.to_fen(), self.remaining)
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
            let us = self.pos.turn();
            self.pos.play_unchecked(m);
            if self.pos.is_check() {
                let left = &mut self.remaining[us.index()];
                *left = left.saturating_sub(1);
            }
        }
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    #[inline(always)]
    fn is_variant_end(&self) -> bool {
        self.remaining[0] == 0 || self.remaining[1] == 0
    }

    fn variant_outcome(&self) -> Option<VariantOutcome> {
        let turn = self.turn();
        if self.remaining[(!turn).index()] == 0 {
            Some(VariantOutcome {
                termination: VariantTermination::VariantLoss,
                winner: Some(!turn),
            })
        } else if self.remaining[turn.index()] == 0 {
            Some(VariantOutcome {
                termination: VariantTermination::VariantWin,
                winner: Some(turn),
            })
        } else {
            None
        }
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self.pos.board();
        (board.by_color(color) & !board.by_role(Role::King)).is_empty()
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn castling_mode(&self) -> crate::CastlingMode {
        self.pos.castling_mode()
    }

    /// A side gives at most one check per move, and a last check given at a leaf changes
    /// no count: chess's count holds when neither side can give its last check within
    /// `depth - 1` plies.
    fn perft_as_chess(&self, depth: u32) -> Option<u64> {
        let (ours, theirs) = super::moves_in(depth.saturating_sub(1));
        let turn = self.turn();
        let safe = self.remaining[turn.index()] as u32 > ours
            && self.remaining[(!turn).index()] as u32 > theirs;
        (depth >= 2 && safe).then(|| crate::perft(&self.pos, depth))
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn(), self.pos.castling_mode())
    }
}
