//! A board drawn as text, rank 8 on top, with rank digits and file letters around it.

use alloc::string::String;

use super::Board;
use crate::{File, Piece, Rank, Square};

/// How a diagram draws pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PieceGlyphs {
    /// FEN letters: `K` to `P` for white, `k` to `p` for black.
    #[default]
    Letters,
    /// Chess figurines, U+2654 to U+265F.
    Figurines,
}

impl Board {
    /// The board as a diagram: a line per rank from 8 to 1, each the rank digit then a
    /// space and each square as a space and its glyph (`.` when empty), and a last line of
    /// file letters under the squares. The `quadboard show` command prints this.
    ///
    /// ```
    /// use quadboard_chess::board::PieceGlyphs;
    /// use quadboard_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")?;
    /// let lines = [
    ///     "8  . . . . k . . .",
    ///     "7  . . . . . . . .",
    ///     "6  . . . . . . . .",
    ///     "5  . . . . . . . .",
    ///     "4  . . . . . . . .",
    ///     "3  . . . . . . . .",
    ///     "2  . . . . P . . .",
    ///     "1  . . . . K . . .",
    ///     "   a b c d e f g h",
    /// ];
    /// assert_eq!(pos.board().diagram(PieceGlyphs::Letters), lines.join("\n") + "\n");
    /// assert!(pos.board().diagram(PieceGlyphs::Figurines).contains('♔'));
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn diagram(&self, glyphs: PieceGlyphs) -> String {
        let mut out = String::with_capacity(200);
        for rank in Rank::ALL.iter().rev() {
            out.push(rank.char());
            out.push(' ');
            for file in File::ALL {
                out.push(' ');
                out.push(match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => glyph(piece, glyphs),
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out
    }
}

fn glyph(piece: Piece, glyphs: PieceGlyphs) -> char {
    match glyphs {
        PieceGlyphs::Letters => piece.char(),
        PieceGlyphs::Figurines => piece.figurine(),
    }
}
