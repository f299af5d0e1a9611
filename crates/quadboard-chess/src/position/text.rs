//! [`Position`] as text: `FromStr` reads strict FEN and `Display` writes FEN.

use core::fmt;
use core::str::FromStr;

use crate::position::FromFenError;
use crate::Position;

/// Reads FEN strictly, as [`Position::from_fen`] does.
///
/// ```
/// use quadboard_chess::Position;
/// let pos: Position = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
/// assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
/// assert!("4k3/8/8/8/8/8/4P3/4K3 w - -".parse::<Position>().is_ok());
/// assert!("8/8/8/8/8/8/8/8 w - - 0 1".parse::<Position>().is_err());
/// # Ok::<(), quadboard_chess::position::FromFenError>(())
/// ```
impl FromStr for Position {
    type Err = FromFenError;
    fn from_str(fen: &str) -> Result<Position, FromFenError> {
        Position::from_fen(fen)
    }
}

/// Writes FEN, as [`Position::to_fen`] does.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
