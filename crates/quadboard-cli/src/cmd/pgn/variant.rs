//! Games of the lichess variants in `pgn check`: a game whose `[Variant]` tag names one
//! ("Atomic", "Crazyhouse", "King of the Hill", "Three-check", ... as lichess and
//! python-chess write them) is played by that variant's rules instead of being refused.
//!
//! [`VariantChecker`] wraps the library's chess [`Checker`]: it sees the tags first, and at
//! the movetext either leaves the game to the chess checker (no tag, "Standard", "From
//! Position", "Chess960") or plays it itself on an [`AnyVariant`], variations included,
//! with the chess checker's errors and warnings format. Moves are read in UCI or in SAN
//! (`Nf3`, `exd5`, `O-O`, `e8=Q`, drops `N@f3`, king promotions `e8=K`), matched against
//! the variant's legal moves.

use core::ops::ControlFlow;

use quadboard_chess::pgn::{
    CheckedGame, Checker, GameError, GameErrorKind, GameStart, MoveError, Nag, RawTag, SyntaxError,
    Termination, Visitor,
};
use quadboard_chess::variant::{AnyVariant, Variant, VariantMove, VariantMoveKind};
use quadboard_chess::{Bitboard, File, MoveKind, Rank, Role, Square};

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
        // A variant the library does not play yet is refused as chess refuses variants.
        let start = match (&self.fen, AnyVariant::new(variant)) {
            (_, None) => Err(GameErrorKind::Variant),
            (None, Some(start)) => Ok(start),
            (Some(fen), Some(_)) => AnyVariant::from_fen(variant, fen).map_err(|e| {
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
                let text = if matches!(reason, GameErrorKind::Variant) {
                    "[Variant]"
                } else {
                    "[FEN]"
                };
                let placeholder = AnyVariant::new(Variant::KingOfTheHill)
                    .unwrap_or_else(|| unreachable!("king of the hill is played by the library"));
                (placeholder, vec![error(0, text, reason)], true)
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
        match read_move(&game.line.pos, &written) {
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

/// The legal move `text` names in UCI or SAN (check and mate marks ignored, castling
/// with zeros read), or why none does.
pub fn read_move(pos: &AnyVariant, text: &str) -> Result<VariantMove, MoveError> {
    let bare = text.trim_end_matches(['+', '#']);
    if let Ok(m) = pos.parse_uci(bare) {
        return Ok(m);
    }
    let legal = pos.legal_moves();
    let board = pos.board();
    let pick = |found: Vec<VariantMove>| match found.as_slice() {
        [] => Err(MoveError::Illegal),
        [one] => Ok(*one),
        many => Err(MoveError::Ambiguous(
            many.iter().filter_map(|m| m.from()).collect::<Bitboard>(),
        )),
    };
    // Castling.
    let castle = match bare {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if let Some(king_side) = castle {
        let found = legal
            .iter()
            .copied()
            .filter(|m| match m.kind() {
                VariantMoveKind::Chess(c) if c.kind() == MoveKind::Castle => {
                    (c.to().file() > c.from().file()) == king_side
                }
                _ => false,
            })
            .collect();
        return pick(found);
    }
    let bytes = bare.as_bytes();
    // Drops: `N@f3`, `@f3` and `P@f3` for a pawn.
    if let Some(at) = bare.find('@') {
        let role = match &bytes[..at] {
            b"" => Some(Role::Pawn),
            [letter] => role_of(*letter),
            _ => None,
        };
        let to = square_of(&bytes[at + 1..]).ok_or(MoveError::NotAMove)?;
        let role = role.ok_or(MoveError::NotAMove)?;
        let found = legal
            .iter()
            .copied()
            .filter(|m| m.drop_role() == Some(role) && m.to() == to)
            .collect();
        return pick(found);
    }
    // `[role][file][rank][x]<square>[=role]`.
    let (body, promotion) = match bare.split_once('=') {
        Some((body, role)) => {
            let role = match role.as_bytes() {
                [letter] => role_of(*letter).ok_or(MoveError::NotAMove)?,
                _ => return Err(MoveError::NotAMove),
            };
            (body.as_bytes(), Some(role))
        }
        None => (bytes, None),
    };
    let (role, rest) = match body.first().copied().and_then(role_of) {
        Some(role) if body[0].is_ascii_uppercase() => (role, &body[1..]),
        _ => (Role::Pawn, body),
    };
    if rest.len() < 2 {
        return Err(MoveError::NotAMove);
    }
    let to = square_of(&rest[rest.len() - 2..]).ok_or(MoveError::NotAMove)?;
    let mut from_file = None;
    let mut from_rank = None;
    for &b in &rest[..rest.len() - 2] {
        match b {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                from_file = Some(File::new(b - b'a'))
            }
            b'1'..=b'8' if from_rank.is_none() => from_rank = Some(Rank::new(b - b'1')),
            b'x' | b':' | b'-' => {}
            _ => return Err(MoveError::NotAMove),
        }
    }
    let found = legal
        .iter()
        .copied()
        .filter(|m| {
            let Some(from) = m.from() else { return false };
            let castles =
                matches!(m.kind(), VariantMoveKind::Chess(c) if c.kind() == MoveKind::Castle);
            !castles
                && m.to() == to
                && board.role_at(from) == Some(role)
                && m.promotion_role() == promotion
                && from_file.is_none_or(|f| from.file() == f)
                && from_rank.is_none_or(|r| from.rank() == r)
        })
        .collect();
    pick(found)
}

/// The role of a SAN piece letter, either case.
fn role_of(letter: u8) -> Option<Role> {
    Some(match letter.to_ascii_uppercase() {
        b'P' => Role::Pawn,
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => return None,
    })
}

/// A square like `e4`.
fn square_of(text: &[u8]) -> Option<Square> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::from_coords(
            File::new(f - b'a'),
            Rank::new(r - b'1'),
        )),
        _ => None,
    }
}
