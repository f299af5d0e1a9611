//! Knights, kings and pawns: setwise attacks by shifts and wrap masks for any number of
//! pieces at once, and per-square tables filled from the same formulas at compile time.

use crate::{Bitboard, Color, Square};

const NOT_A: u64 = Bitboard::NOT_A_FILE.0;
const NOT_AB: u64 = Bitboard::NOT_AB_FILE.0;
const NOT_H: u64 = Bitboard::NOT_H_FILE.0;
const NOT_GH: u64 = Bitboard::NOT_GH_FILE.0;

/// The squares attacked by a set of knights: eight shifts, each masked so that no jump
/// wraps around the board edge.
#[inline(always)]
pub const fn knights_setwise(knights: Bitboard) -> Bitboard {
    let b = knights.0;
    Bitboard(
        ((b << 17) & NOT_A)
            | ((b << 15) & NOT_H)
            | ((b << 10) & NOT_AB)
            | ((b << 6) & NOT_GH)
            | ((b >> 6) & NOT_AB)
            | ((b >> 10) & NOT_GH)
            | ((b >> 15) & NOT_A)
            | ((b >> 17) & NOT_H),
    )
}

/// The squares attacked by a set of kings.
#[inline(always)]
pub const fn kings_setwise(kings: Bitboard) -> Bitboard {
    let b = kings.0;
    let sideways = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sideways;
    Bitboard(sideways | (row << 8) | (row >> 8))
}

/// The squares attacked (diagonally forward) by a set of pawns of one colour.
#[inline(always)]
pub const fn pawns_setwise(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(pawns.north_east().0 | pawns.north_west().0),
        Color::Black => Bitboard(pawns.south_east().0 | pawns.south_west().0),
    }
}

/// The squares a set of pawns reaches by a single push onto an empty square.
#[inline(always)]
pub const fn pawn_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(pawns.0 << 8 & empty.0),
        Color::Black => Bitboard(pawns.0 >> 8 & empty.0),
    }
}

/// The squares a set of pawns reaches by a double push from its second rank, both squares
/// ahead being empty.
#[inline(always)]
pub const fn pawn_double_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    let single = pawn_pushes(color, pawns, empty);
    match color {
        Color::White => Bitboard(single.0 << 8 & empty.0 & 0x0000_0000_ff00_0000),
        Color::Black => Bitboard(single.0 >> 8 & empty.0 & 0x0000_00ff_0000_0000),
    }
}

macro_rules! table {
    ($f:expr) => {{
        let mut t = [Bitboard::EMPTY; 64];
        let mut sq = 0;
        while sq < 64 {
            t[sq] = $f(Bitboard(1 << sq));
            sq += 1;
        }
        t
    }};
}

const fn white_pawns(b: Bitboard) -> Bitboard {
    pawns_setwise(Color::White, b)
}

const fn black_pawns(b: Bitboard) -> Bitboard {
    pawns_setwise(Color::Black, b)
}

static KNIGHT: [Bitboard; 64] = table!(knights_setwise);
static KING: [Bitboard; 64] = table!(kings_setwise);
static PAWN: [[Bitboard; 64]; 2] = [table!(white_pawns), table!(black_pawns)];

const fn knight_reach_of_king(b: Bitboard) -> Bitboard {
    knights_setwise(kings_setwise(b))
}

static KNIGHT_NEAR_KING: [Bitboard; 64] = table!(knight_reach_of_king);

/// The squares from which a knight attacks some square a king on `square` attacks: the
/// only knights that can take a square from that king.
#[inline(always)]
pub fn knights_near_king(square: Square) -> Bitboard {
    KNIGHT_NEAR_KING[square.index()]
}

/// The squares a knight on `square` attacks.
#[inline(always)]
pub fn knight(square: Square) -> Bitboard {
    KNIGHT[square.index()]
}

/// The squares a king on `square` attacks.
#[inline(always)]
pub fn king(square: Square) -> Bitboard {
    KING[square.index()]
}

/// The squares a pawn of `color` on `square` attacks (its diagonal captures).
#[inline(always)]
pub fn pawn(color: Color, square: Square) -> Bitboard {
    PAWN[color.index()][square.index()]
}
