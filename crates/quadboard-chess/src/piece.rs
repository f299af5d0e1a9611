//! Colours, roles (piece kinds) and coloured pieces.
//!
//! A [`Piece`]'s discriminant is its 4-bit code from the quad-bitboard literature: bit 0 is
//! the colour (1 = black) and bits 1-3 the role, pawn = 1 up to king = 6. Codes 0 and 1 are
//! free for "any white" and "any black", so a 16-entry table can be indexed by code with no
//! branch on colour (see [`crate::board::ClassicalBoard`]).

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// White or black.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in FEN.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour of `w` or `b`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The rank this colour's pieces start on: the first for white, the eighth for black.
    #[inline]
    pub const fn back_rank(self) -> crate::Rank {
        match self {
            Color::White => crate::Rank::First,
            Color::Black => crate::Rank::Eighth,
        }
    }

    /// `true` for white: pick from a pair without a branch on the enum.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// The word `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, without colour.
///
/// Discriminants run from pawn = 1 to king = 6, the role bits of a quad-bitboard code;
/// [`Role::index`] gives 0 to 5 for arrays.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Role {
    /// Pawn, `p`.
    Pawn = 1,
    /// Knight, `n`.
    Knight = 2,
    /// Bishop, `b`.
    Bishop = 3,
    /// Rook, `r`.
    Rook = 4,
    /// Queen, `q`.
    Queen = 5,
    /// King, `k`.
    King = 6,
}

impl Role {
    /// How many roles there are.
    pub const NUM: usize = 6;
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for pawn up to 5 for king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The role with index 0 (pawn) to 5 (king).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 6 {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// The lowercase letter: `p n b r q k`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a letter, either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Whether the role slides along lines (bishop, rook, queen).
    #[inline]
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A coloured piece. The discriminant is the 4-bit code `role << 1 | color`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn = 2,
    BlackPawn = 3,
    WhiteKnight = 4,
    BlackKnight = 5,
    WhiteBishop = 6,
    BlackBishop = 7,
    WhiteRook = 8,
    BlackRook = 9,
    WhiteQueen = 10,
    BlackQueen = 11,
    WhiteKing = 12,
    BlackKing = 13,
}

impl Piece {
    /// Every piece, in code order.
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::BlackPawn,
        Piece::WhiteKnight,
        Piece::BlackKnight,
        Piece::WhiteBishop,
        Piece::BlackBishop,
        Piece::WhiteRook,
        Piece::BlackRook,
        Piece::WhiteQueen,
        Piece::BlackQueen,
        Piece::WhiteKing,
        Piece::BlackKing,
    ];

    /// The piece of this colour and role.
    #[inline(always)]
    pub const fn new(color: Color, role: Role) -> Piece {
        // SAFETY: a role's discriminant is 1 to 6 and a colour's 0 or 1, so the code is 2
        // to 13: a discriminant of `Piece`. Arithmetic instead of a table keeps make-move,
        // which builds pieces from runtime roles, free of loads and bounds checks.
        unsafe { core::mem::transmute::<u8, Piece>((role as u8) << 1 | color as u8) }
    }

    /// The piece with this 4-bit code (2 to 13), or `None`.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code >= 2 && code <= 13 {
            Some(Piece::ALL[code as usize - 2])
        } else {
            None
        }
    }

    /// The 4-bit code: `role << 1 | color`, 2 (white pawn) to 13 (black king).
    #[inline]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self as u8 & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The role.
    #[inline(always)]
    pub const fn role(self) -> Role {
        // SAFETY: the code's role bits are 1 to 6, the discriminants of `Role`.
        unsafe { core::mem::transmute::<u8, Role>(self as u8 >> 1) }
    }

    /// The FEN letter: uppercase for white, lowercase for black.
    #[inline]
    pub const fn char(self) -> char {
        let c = self.role().char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece of a FEN letter.
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) if c.is_ascii_uppercase() => Some(Piece::new(Color::White, role)),
            Some(role) => Some(Piece::new(Color::Black, role)),
            None => None,
        }
    }

    /// The chess figurine (U+2654 to U+265F).
    pub const fn figurine(self) -> char {
        match self {
            Piece::WhiteKing => '♔',
            Piece::WhiteQueen => '♕',
            Piece::WhiteRook => '♖',
            Piece::WhiteBishop => '♗',
            Piece::WhiteKnight => '♘',
            Piece::WhitePawn => '♙',
            Piece::BlackKing => '♚',
            Piece::BlackQueen => '♛',
            Piece::BlackRook => '♜',
            Piece::BlackBishop => '♝',
            Piece::BlackKnight => '♞',
            Piece::BlackPawn => '♟',
        }
    }

    /// The same role in the other colour.
    #[inline]
    pub const fn swap_color(self) -> Piece {
        Piece::ALL[(self as usize ^ 1) - 2]
    }
}

/// The text is not one of the FEN piece letters `PNBRQK` or `pnbrqk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParsePieceError;

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a piece letter: one of PNBRQK (white) or pnbrqk (black)")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParsePieceError {}

impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c).ok_or(ParsePieceError),
            _ => Err(ParsePieceError),
        }
    }
}

/// The text is not a colour: `w`, `b`, `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a colour: w, b, white or black")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseColorError {}

/// Reads `w` or `b` (as in FEN) or the word `white` or `black` (as [`Color`]'s `Display`
/// writes it), lowercase only.
impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

/// The text is not a role: a letter of `pnbrqk` (either case) or a lowercase name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseRoleError;

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a role: a letter of pnbrqk or PNBRQK, or a name like knight")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseRoleError {}

/// Reads a role letter in either case, as [`Role::from_char`] does (SAN writes roles in
/// uppercase, UCI promotions in lowercase), or the lowercase English name that [`Role`]'s
/// `Display` writes.
///
/// ```
/// use quadboard_chess::Role;
/// assert_eq!("N".parse::<Role>(), Ok(Role::Knight));
/// assert_eq!("n".parse::<Role>(), Ok(Role::Knight));
/// assert_eq!("knight".parse::<Role>(), Ok(Role::Knight));
/// assert!("x".parse::<Role>().is_err());
/// ```
impl FromStr for Role {
    type Err = ParseRoleError;
    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Role::from_char(c).ok_or(ParseRoleError);
        }
        Role::ALL
            .into_iter()
            .find(|role| role.name() == s)
            .ok_or(ParseRoleError)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_pack_role_and_colour() {
        for piece in Piece::ALL {
            assert_eq!(Piece::new(piece.color(), piece.role()), piece);
            assert_eq!(
                piece.code(),
                (piece.role() as u8) << 1 | piece.color() as u8
            );
            assert_eq!(Piece::from_code(piece.code()), Some(piece));
            assert_eq!(Piece::from_char(piece.char()), Some(piece));
            assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
            assert_eq!(piece.swap_color().swap_color(), piece);
            assert_ne!(piece.swap_color().color(), piece.color());
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_code(14), None);
        assert_eq!("N".parse::<Piece>(), Ok(Piece::WhiteKnight));
        assert_eq!("q".parse::<Piece>(), Ok(Piece::BlackQueen));
        for bad in ["", "x", "NN", "1"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
        }
    }

    #[test]
    fn roles_index_from_zero() {
        for (i, role) in Role::ALL.into_iter().enumerate() {
            assert_eq!(role.index(), i);
            assert_eq!(Role::from_index(i), Some(role));
            assert_eq!(Role::from_char(role.char()), Some(role));
            assert_eq!(role.to_string().parse::<Role>(), Ok(role));
            assert_eq!(role.char().to_string().parse::<Role>(), Ok(role));
            let upper = role.char().to_ascii_uppercase().to_string();
            assert_eq!(upper.parse::<Role>(), Ok(role));
        }
        for bad in ["", "x", "nn", "Knight", "kni", "1"] {
            assert_eq!(bad.parse::<Role>(), Err(ParseRoleError), "{bad}");
        }
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(color.char().to_string().parse::<Color>(), Ok(color));
        }
        assert_eq!("W".parse::<Color>(), Err(ParseColorError));
        assert_eq!(!Color::White, Color::Black);
    }
}
