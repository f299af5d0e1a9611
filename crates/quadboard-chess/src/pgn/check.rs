//! Checking games without building them: every move of every line played, problems
//! recorded, nothing kept.

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::lines::Played;
use super::position::sealed::PlayLines;
use super::tree::{push_move_warning, push_warning, StartTags};
use super::Visitor;
use super::{GameError, GamePosition, GameStart, GameWarning, RawTag, SyntaxError, Termination};
use crate::Position;

/// What [`Checker`] gives for a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckedGame {
    /// Where the game starts.
    pub start: GameStart,
    /// Moves played, in every line.
    pub moves: u64,
    /// The problems, in the order of the text; empty when the game is fine.
    pub errors: Vec<GameError>,
    /// What was forgiven, as [`Game::warnings`](super::Game::warnings) gives it.
    pub warnings: Vec<GameWarning>,
}

/// A [`Visitor`] that plays every move of every line, variations included, and records
/// what cannot be played or read, as [`Game`](super::Game) does, without building the tree.
/// It allocates only for games with problems or start positions.
///
/// Generic over the position as [`Game`](super::Game) is: `Checker` checks chess games,
/// and with the `variant` feature `AnyChecker` plays each game by its `[Variant]` tag.
///
/// ```
/// use quadboard_chess::pgn::{Checker, Reader};
///
/// let pgn = b"1. e4 e5 (1... c5 2. Nf3) 2. Ke3 Nc6 1-0\n\n1. d4 d5 *\n";
/// let mut reader = Reader::new(pgn);
/// let mut checker = Checker::new();
/// let first = reader.read_game(&mut checker).unwrap().unwrap();
/// assert_eq!(first.moves, 4);
/// assert_eq!(first.errors[0].to_string(), "ply 3 Ke3: illegal move");
/// let second = reader.read_game(&mut checker).unwrap().unwrap();
/// assert_eq!((second.moves, second.errors.len()), (2, 0));
/// ```
pub struct Checker<P: GamePosition = Position> {
    pub(super) start: Option<GameStart>,
    pub(super) start_tags: StartTags,
    lines: P::Lines,
    moves: u64,
    pub(super) errors: Vec<GameError>,
    pub(super) warnings: Vec<GameWarning>,
    dead: bool,
    /// The tags are over: syntax errors are at the ply of the line read.
    movetext: bool,
}

impl Checker {
    /// A checker of chess games, for any number of them.
    pub fn new() -> Checker {
        Checker::for_position()
    }
}

impl<P: GamePosition> Checker<P> {
    /// A checker of games on `P`.
    pub(super) fn for_position() -> Checker<P> {
        Checker {
            start: None,
            start_tags: StartTags::default(),
            lines: P::Lines::checking_lines(),
            moves: 0,
            errors: Vec::new(),
            warnings: Vec::new(),
            dead: false,
            movetext: false,
        }
    }
}

impl Default for Checker {
    fn default() -> Checker {
        Checker::new()
    }
}

impl<P: GamePosition> Visitor for Checker<P> {
    type Output = CheckedGame;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        self.start = Some(start);
        ControlFlow::Continue(())
    }

    #[inline]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.start_tags.tag(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.movetext = true;
        match P::Lines::start_position(&self.start_tags, &mut self.warnings) {
            Ok(pos) => self.lines.start_game(pos),
            Err(e) => {
                self.errors.push(e);
                self.dead = true;
                // Plies count from 0 in warnings after it, as in `Game`.
                self.lines.start_game(P::Lines::placeholder());
            }
        }
        ControlFlow::Continue(())
    }

    // Always inlined into the reader's loop: a call per move costs 3 % of checking
    // (cachegrind).
    #[inline(always)]
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        if self.dead {
            return ControlFlow::Break(());
        }
        match self.lines.play_word(text) {
            Ok((played, warning)) => {
                self.moves += match played {
                    Played::One(_) => 1,
                    Played::Two(..) => 2,
                    Played::Nothing => 0,
                };
                if let Some(warning) = warning {
                    let ply = self.lines.line_ply();
                    push_move_warning(&mut self.warnings, ply, text, warning);
                }
                ControlFlow::Continue(())
            }
            Err(e) => {
                let ply = self.lines.line_ply() + 1;
                self.errors.push(GameError::bad_move(ply, text, e));
                ControlFlow::Break(())
            }
        }
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        if self.dead {
            return ControlFlow::Break(());
        }
        match self.lines.open_variation() {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.errors
                    .push(GameError::bad_move(self.lines.line_ply(), b"(", e));
                ControlFlow::Break(())
            }
        }
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        self.lines.close_variation();
        ControlFlow::Continue(())
    }

    #[inline]
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.start_tags
            .check_result(result, self.lines.line_ply(), &mut self.warnings);
        ControlFlow::Continue(())
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let ply = if self.dead || !self.movetext {
            0
        } else {
            self.lines.line_ply()
        };
        push_warning(&mut self.warnings, GameWarning::syntax(ply, warning, token));
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let ply = if self.dead || !self.movetext {
            0
        } else {
            self.lines.line_ply()
        };
        self.errors.push(GameError::syntax(ply, error, token));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> CheckedGame {
        self.start_tags.clear();
        self.dead = false;
        self.movetext = false;
        CheckedGame {
            start: self.start.take().unwrap_or(GameStart {
                number: 0,
                offset: 0,
                line: 0,
            }),
            moves: core::mem::take(&mut self.moves),
            errors: core::mem::take(&mut self.errors),
            warnings: core::mem::take(&mut self.warnings),
        }
    }
}
