//! The one home for what a search needs of its position: reading the engine's move text
//! (checked legal), playing a move, writing a move and the FEN. Chess positions have it,
//! and with the `variant` feature the lichess variants' positions too, so that `info` and
//! `bestmove` lines are read the same way for both.

use quadboard_chess::{Color, Move, Position};

/// A position a UCI engine can search: its moves in UCI text both ways, checked legal.
pub trait UciPosition: Clone + std::fmt::Debug {
    /// The position's move type.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The legal move `text` names in UCI (drops `P@e4` and king promotions `e7e8k` in the
    /// variants that have them).
    ///
    /// # Errors
    /// What is wrong with the text, or that the move is not legal here.
    fn parse_uci_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Plays `m`, which must be legal here.
    fn play_uci_move(&mut self, m: Self::Move);

    /// `m` in the engine's notation.
    fn move_text(&self, m: Self::Move) -> String;

    /// The position as FEN, as sent after `position fen`.
    fn fen_text(&self) -> String;

    /// The side to move (whose clock bounds a search).
    fn side_to_move(&self) -> Color;
}

impl UciPosition for Position {
    type Move = Move;

    fn parse_uci_move(&self, text: &str) -> Result<Move, String> {
        self.parse_uci(text).map_err(|e| e.to_string())
    }

    fn play_uci_move(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn move_text(&self, m: Move) -> String {
        self.to_uci(m).to_string()
    }

    fn fen_text(&self) -> String {
        self.to_fen()
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }
}

#[cfg(feature = "variant")]
impl UciPosition for quadboard_chess::variant::AnyVariant {
    type Move = quadboard_chess::variant::VariantMove;

    fn parse_uci_move(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_uci(text).map_err(|e| e.to_string())
    }

    fn play_uci_move(&mut self, m: Self::Move) {
        self.play_unchecked(m);
    }

    fn move_text(&self, m: Self::Move) -> String {
        self.to_uci(m).to_string()
    }

    fn fen_text(&self) -> String {
        self.to_fen()
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }
}
