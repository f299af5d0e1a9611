//! Chess960 starting positions by number, 0 to 959, in Scharnagl's numbering (the one used
//! by FIDE rules, engines and servers), where 518 is the standard position.
//!
//! From the number `n`: `n % 4` places the light-squared bishop on b, d, f or h; then
//! `n / 4 % 4` the dark-squared bishop on a, c, e or g; then `n / 16 % 6` the queen on
//! that free square (counting from the a-file); then `n / 96` (0 to 9) the two knights
//! on two of the five squares left, in the order `ab ac ad ae bc bd be cd ce de`; the
//! last three squares take rook, king, rook.
//!
//! ```
//! use quadboard_chess::chess960;
//! use quadboard_chess::Role::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
//! assert_eq!(chess960::back_rank(0)?, [B, B, Q, N, N, R, K, R]);
//! assert_eq!(chess960::back_rank(518)?, [R, N, B, Q, K, B, N, R]);
//! assert_eq!(chess960::number(&[R, N, B, Q, K, B, N, R]), Some(518));
//! assert!(chess960::back_rank(960).is_err());
//! # Ok::<(), quadboard_chess::chess960::Chess960Error>(())
//! ```

use core::fmt;

use crate::{Bitboard, Board, CastlingMode, Color, File, Piece, Position, Rank, Role, Square};

/// How many Chess960 starting positions there are.
pub const COUNT: u16 = 960;

/// The knight pairs of `n / 96`, as indices among the five squares left after the bishops
/// and the queen.
const KNIGHTS: [(u8, u8); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank, a-file first, of starting position `n` (black's mirrors it).
///
/// # Errors
/// [`Chess960Error`] when `n` is 960 or more.
pub const fn back_rank(n: u16) -> Result<[Role; 8], Chess960Error> {
    if n >= COUNT {
        return Err(Chess960Error(n));
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = n as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * (n / 4 % 4)] = Some(Role::Bishop);
    place(&mut rank, n / 16 % 6, Role::Queen);
    let (first, second) = KNIGHTS[n / 96];
    // The second knight first, so that placing it does not shift the first one's index.
    place(&mut rank, second as usize, Role::Knight);
    place(&mut rank, first as usize, Role::Knight);
    place(&mut rank, 0, Role::Rook);
    place(&mut rank, 0, Role::King);
    place(&mut rank, 0, Role::Rook);
    let mut roles = [Role::Pawn; 8];
    let mut i = 0;
    while i < 8 {
        // Every square is filled: 2 bishops, queen, 2 knights, rook, king, rook.
        roles[i] = match rank[i] {
            Some(role) => role,
            None => Role::Pawn,
        };
        i += 1;
    }
    Ok(roles)
}

/// Puts `role` on the `k`-th empty square, counting from the a-file.
const fn place(rank: &mut [Option<Role>; 8], k: usize, role: Role) {
    let mut seen = 0;
    let mut i = 0;
    while i < 8 {
        if rank[i].is_none() {
            if seen == k {
                rank[i] = Some(role);
                return;
            }
            seen += 1;
        }
        i += 1;
    }
}

/// The number of a back rank (a-file first), or `None` when it is not a Chess960 start:
/// two bishops on squares of both colours, the king between the rooks, one queen, two
/// knights.
pub fn number(roles: &[Role; 8]) -> Option<u16> {
    let files_of = |role: Role| (0..8u8).filter(move |&i| roles[i as usize] == role);
    let mut bishops = files_of(Role::Bishop);
    let (Some(a), Some(b), None) = (bishops.next(), bishops.next(), bishops.next()) else {
        return None;
    };
    let (light, dark) = if a % 2 == 1 { (a, b) } else { (b, a) };
    if light % 2 != 1 || dark % 2 != 0 {
        return None;
    }
    // Index among the squares not taken by the bishops (and then the queen).
    let free_index =
        |file: u8, taken: &[u8]| -> u8 { (0..file).filter(|f| !taken.contains(f)).count() as u8 };
    let mut queens = files_of(Role::Queen);
    let (Some(queen), None) = (queens.next(), queens.next()) else {
        return None;
    };
    let mut knights = files_of(Role::Knight);
    let (Some(k1), Some(k2), None) = (knights.next(), knights.next(), knights.next()) else {
        return None;
    };
    let taken = [light, dark, queen];
    let pair = (free_index(k1, &taken), free_index(k2, &taken));
    let knight_code = KNIGHTS.iter().position(|&p| p == pair)? as u16;
    let n = light as u16 / 2
        + 4 * (dark as u16 / 2)
        + 16 * free_index(queen, &taken[..2]) as u16
        + 96 * knight_code;
    // The rest must be rook, king, rook in that order.
    back_rank(n)
        .is_ok_and(|expected| expected == *roles)
        .then_some(n)
}

/// A Chess960 starting position number that is not in 0..=959.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess960Error(pub u16);

impl fmt::Display for Chess960Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no Chess960 starting position {}: numbers run from 0 to 959",
            self.0
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Chess960Error {}

impl Position {
    /// Chess960 starting position number `n` (0 to 959; 518 is the standard position), in
    /// [`CastlingMode::Chess960`], with all four castling rights, white to move.
    ///
    /// # Errors
    /// [`Chess960Error`] when `n` is 960 or more.
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::chess960(0)?;
    /// assert_eq!(pos.to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// assert_eq!(pos.chess960_number(), Some(0));
    /// assert_eq!(Position::chess960(518)?.key(), Position::new().key());
    /// # Ok::<(), quadboard_chess::chess960::Chess960Error>(())
    /// ```
    pub fn chess960(n: u16) -> Result<Position, Chess960Error> {
        let roles = back_rank(n)?;
        let mut board = Board::empty();
        let mut castling = Bitboard::EMPTY;
        for (file, role) in File::ALL.into_iter().zip(roles) {
            for (color, back, pawns) in [
                (Color::White, Rank::First, Rank::Second),
                (Color::Black, Rank::Eighth, Rank::Seventh),
            ] {
                let square = Square::from_coords(file, back);
                board.set_piece_at(square, Piece::new(color, role));
                board.set_piece_at(
                    Square::from_coords(file, pawns),
                    Piece::new(color, Role::Pawn),
                );
                if role == Role::Rook {
                    castling |= square;
                }
            }
        }
        let setup = crate::Setup {
            board,
            castling_rooks: castling,
            ..crate::Setup::start()
        };
        // Every numbered arrangement is legal (the tests validate all 960), so the error
        // branch is never taken.
        Position::from_setup(setup, CastlingMode::Chess960).map_err(|_| Chess960Error(n))
    }

    /// The number of this position if it is a Chess960 starting position: placement,
    /// all four castling rights, white to move and no en passant square (the counters and
    /// the castling mode are not compared).
    pub fn chess960_number(&self) -> Option<u16> {
        let roles = File::ALL.map(|file| {
            self.node
                .board
                .role_at(Square::from_coords(file, Rank::First))
                .unwrap_or(Role::Pawn)
        });
        let n = number(&roles)?;
        let start = Position::chess960(n).ok()?;
        (self.node.board == start.node.board
            && self.node.castling == start.node.castling
            && self.turn == start.turn
            && self.node.ep_square.is_none())
        .then_some(n)
    }
}
