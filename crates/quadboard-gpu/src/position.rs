//! The kernels' position: four quad planes, castling rooks, en passant square, side to move.

use quadboard_chess::board::QuadBoard;
use quadboard_chess::{attacks, Color, Piece, Position, Role};

/// A position as the kernels read it (`QbPos` in `kernels/movegen.cuh`, 48 bytes): the
/// quad planes (bit `i` of each square's piece code `role << 1 | color`), the squares of
/// the rooks that may castle, the en passant square (64 for none, and for one that no pawn
/// of the side to move attacks) and the side to move (1 for black).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct GpuPosition {
    /// The quad planes: colour bit, then the three role bits.
    pub planes: [u64; 4],
    /// The squares of the rooks that may still castle.
    pub castling: u64,
    /// The en passant square (a1 = 0), or 64 when there is none.
    pub ep: u32,
    /// 1 when black is to move, else 0.
    pub black: u32,
}

// SAFETY: `GpuPosition` is `repr(C)` plain data (integers only, no padding: 4 * 8 + 8 + 4
// + 4 = 48 bytes), so the device may read it as bytes and all-zero bits are valid.
unsafe impl cudarc::driver::DeviceRepr for GpuPosition {}
// SAFETY: see above; zero is a valid value of every field.
unsafe impl cudarc::driver::ValidAsZeroBits for GpuPosition {}

const _: () = assert!(core::mem::size_of::<GpuPosition>() == 48);

impl From<&Position> for GpuPosition {
    fn from(pos: &Position) -> GpuPosition {
        let planes = QuadBoard::from(pos.board()).planes();
        GpuPosition {
            planes: [planes[0].0, planes[1].0, planes[2].0, planes[3].0],
            castling: pos.castling_rooks().0,
            // Only where a pawn of the side to move could take, as the kernels' make-move
            // keeps it: equal positions compare equal.
            ep: pos
                .ep_square()
                .filter(|&sq| {
                    let takers = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
                    (attacks::pawn(!pos.turn(), sq) & takers).any()
                })
                .map_or(64, |sq| sq.index() as u32),
            black: u32::from(pos.turn() == Color::Black),
        }
    }
}
