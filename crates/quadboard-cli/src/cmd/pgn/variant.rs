//! Games of the lichess variants in `pgn check`: a game whose `[Variant]` tag names one
//! ("Atomic", "Crazyhouse", "King of the Hill", "Three-check", ... as lichess and
//! python-chess write them) is played by that variant's rules instead of being refused.
//!
//! [`VariantChecker`] wraps the library's chess [`Checker`]: it sees the tags first, and at
//! the movetext either leaves the game to the chess checker (no tag, "Standard", "From
//! Position", "Chess960") or plays it itself on an [`AnyVariant`], variations included,
//! with the chess checker's errors and warnings format. Moves are read in UCI or in SAN
//! (`Nf3`, `exd5`, `O-O`, `e8=Q`, drops `N@f3` and `@e4`, king promotions `e8=K`) by the
//! library's variant SAN reader.

use core::ops::ControlFlow;

use quadboard_chess::pgn::{
    CheckedGame, Checker, GameError, GameErrorKind, GameStart, MoveError, Nag, RawTag, SyntaxError,
    Termination, Visitor,
};
use quadboard_chess::variant::{AnyVariant, Variant};

/// The lichess variant a `[Variant]` tag names; `None` for chess (standard, Chess960, from
/// position) and for names the library does not know (the chess checker reports those).
pub fn variant_of_tag(value: &str) -> Option<Variant> {
    Variant::from_name(value.trim())
}

/// One line being played: the position, the one before its last move, the plies played.
#[derive(Clone, Copy)]
struct Line {
    pos: AnyVariant,
    before: Option<AnyVariant>,
    ply: u32,
}

/// A variant game in progress.
struct Playing {
    line: Line,
    /// The lines a variation left, innermost last.
    outer: Vec<Line>,
    moves: u64,
    errors: Vec<GameError>,
    /// A move failed: the rest of its line is skipped.
    dead: bool,
}

/// The chess [`Checker`], and variant games played by their rules.
pub struct VariantChecker {
    chess: Checker,
    variant: Option<String>,
    fen: Option<String>,
    playing: Option<Playing>,
}

impl VariantChecker {
    /// A checker for any number of games.
    pub fn new() -> VariantChecker {
        VariantChecker {
            chess: Checker::new(),
            variant: None,
            fen: None,
            playing: None,
        }
    }
}

fn error(ply: u32, text: &str, reason: GameErrorKind) -> GameError {
    let mut end = text.len().min(40);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    GameError {
        ply,
        text: text[..end].to_string(),
        reason,
    }
}

impl Visitor for VariantChecker {
    type Output = CheckedGame;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        self.variant = None;
        self.fen = None;
        self.playing = None;
        self.chess.begin_game(start)
    }

    #[inline]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        match name {
            b"Variant" => self.variant = Some(value.decode()),
            b"FEN" => self.fen = Some(value.decode()),
            _ => {}
        }
        self.chess.tag(name, value)
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        let Some(variant) = self.variant.as_deref().and_then(variant_of_tag) else {
            return self.chess.begin_movetext();
        };
        let start = match &self.fen {
            None => Ok(AnyVariant::new(variant)),
            Some(fen) => AnyVariant::from_fen(variant, fen).map_err(|e| {
                // The library's text starts with "invalid FEN: ", as the kind's does.
                let text = e.to_string();
                GameErrorKind::Fen(
                    text.strip_prefix("invalid FEN: ")
                        .unwrap_or(&text)
                        .to_string(),
                )
            }),
        };
        let (pos, errors, dead) = match start {
            Ok(pos) => (pos, Vec::new(), false),
            Err(reason) => {
                let placeholder = AnyVariant::new(Variant::KingOfTheHill);
                (placeholder, vec![error(0, "[FEN]", reason)], true)
            }
        };
        self.playing = Some(Playing {
            line: Line {
                pos,
                before: None,
                ply: 0,
            },
            outer: Vec::new(),
            moves: 0,
            errors,
            dead,
        });
        ControlFlow::Continue(())
    }

    // Inlined into the reader's loop as the chess checker's own `san` is: chess games pay
    // one test of `playing` per move.
    #[inline(always)]
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        let Some(game) = &mut self.playing else {
            return self.chess.san(text);
        };
        if game.dead {
            return ControlFlow::Break(());
        }
        let written = String::from_utf8_lossy(text);
        match game.line.pos.parse_pgn_move(written.as_bytes()) {
            Ok(m) => {
                let mut next = game.line.pos;
                next.play_unchecked(m);
                game.line.before = Some(game.line.pos);
                game.line.pos = next;
                game.line.ply += 1;
                game.moves += 1;
                ControlFlow::Continue(())
            }
            Err(e) => {
                let ply = game.line.ply + 1;
                game.errors
                    .push(error(ply, &written, GameErrorKind::Move(e)));
                // The mainline stops here; a variation is dropped.
                if game.outer.is_empty() {
                    game.dead = true;
                }
                ControlFlow::Break(())
            }
        }
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.chess.nag(nag)
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.chess.comment(text)
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        let Some(game) = &mut self.playing else {
            return self.chess.begin_variation();
        };
        if game.dead {
            return ControlFlow::Break(());
        }
        let Some(before) = game.line.before else {
            let ply = game.line.ply;
            game.errors.push(error(
                ply,
                "(",
                GameErrorKind::Move(MoveError::VariationWithoutMove),
            ));
            return ControlFlow::Break(());
        };
        game.outer.push(game.line);
        game.line = Line {
            pos: before,
            before: None,
            ply: game.line.ply - 1,
        };
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        let Some(game) = &mut self.playing else {
            return self.chess.end_variation();
        };
        if let Some(line) = game.outer.pop() {
            game.line = line;
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        // The chess checker compares it with `[Result]` (a warning on a mismatch).
        self.chess.result(result)
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.chess.syntax_error(error, token)
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.chess.syntax_warning(warning, token)
    }

    fn end_game(&mut self) -> CheckedGame {
        let mut checked = self.chess.end_game();
        if let Some(game) = self.playing.take() {
            // The chess checker refused the variant (its one `[Variant]` error) and read the
            // rest as syntax: its syntax errors and warnings stand, the moves are ours.
            checked
                .errors
                .retain(|e| !matches!(e.reason, GameErrorKind::Variant | GameErrorKind::Fen(_)));
            let mut errors = game.errors;
            errors.append(&mut checked.errors);
            errors.sort_by_key(|e| e.ply);
            checked.errors = errors;
            checked.moves = game.moves;
        }
        checked
    }
}
