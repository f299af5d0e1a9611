//! The game tree: tags, start position, moves with their variations, comments and NAGs,
//! and the problems met while reading it.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::ControlFlow;

use super::lines::Played;
use super::position::sealed::PlayLines;
use super::reader::push_text;
use super::{
    GamePosition, GameStart, MoveError, Nag, RawTag, Reader, Source, SyntaxError, SyntaxErrorKind,
    Termination, Visitor,
};
use crate::fen::FenWarning;
use crate::position::FromFenError;
use crate::{CastlingMode, Move, Position};

/// What went wrong in a game, where: the ply (plies from the start position to the move, 0
/// for the tags), the text concerned, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameError {
    /// Plies from the start position to the move concerned, counted along its line; 0 for
    /// problems of the tags.
    pub ply: u32,
    /// The text concerned: the move as written, the token, or `[FEN]`, `[Variant]`, `[end]`.
    pub text: String,
    /// Why.
    pub reason: GameErrorKind,
}

/// Why a game has a [`GameError`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// A move that cannot be played: its line ends there.
    Move(MoveError),
    /// A problem in the text.
    Syntax(SyntaxErrorKind),
    /// The `[FEN]` tag is not a legal position (the message says why); no move is played.
    Fen(String),
    /// The `[Variant]` tag names a variant the game cannot be played as (chess games:
    /// another than standard chess or Chess960; with the `variant` feature,
    /// `AnyGame` plays the lichess variants); no move is played.
    Variant,
}

impl fmt::Display for GameErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameErrorKind::Move(e) => e.fmt(f),
            GameErrorKind::Syntax(e) => e.fmt(f),
            GameErrorKind::Fen(e) => write!(f, "invalid FEN: {e}"),
            GameErrorKind::Variant => {
                f.write_str("unsupported variant: expected standard or Chess960")
            }
        }
    }
}

impl fmt::Display for GameError {
    /// `ply <p> <text>: <reason>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {} {}: {}", self.ply, self.text, self.reason)
    }
}

impl GameError {
    /// A move that cannot be played, at `ply`.
    pub(crate) fn bad_move(ply: u32, text: &[u8], error: MoveError) -> GameError {
        GameError {
            ply,
            text: excerpt(text),
            reason: GameErrorKind::Move(error),
        }
    }

    /// A syntax error at `ply`; the text is the token, or `[end]` for the end of the game.
    pub(crate) fn syntax(ply: u32, error: SyntaxError, token: &[u8]) -> GameError {
        let text: &[u8] = match (token.is_empty(), error.kind) {
            (false, _) => token,
            (true, SyntaxErrorKind::UnterminatedVariation | SyntaxErrorKind::MissingResult) => {
                b"[end]"
            }
            (true, _) => b"[?]",
        };
        GameError {
            ply,
            text: excerpt(text),
            reason: GameErrorKind::Syntax(error.kind),
        }
    }
}

/// The text of a token for an error or warning (UTF-8, else Windows-1252): at most 40
/// bytes of it.
pub(crate) fn excerpt(token: &[u8]) -> String {
    let mut text = String::new();
    push_text(&mut text, token);
    if text.len() > 40 {
        let mut end = 40;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push_str("...");
    }
    text
}

/// Something in a game that departs from the PGN standard but whose meaning is clear: it
/// was read as [`WarningKind`] says, and reported. Where: the ply (as for [`GameError`]), the
/// text concerned, and what was forgiven. Each kind is reported once per game, at its first
/// occurrence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameWarning {
    /// Plies from the start position to the move concerned, counted along its line; 0 for
    /// the tags.
    pub ply: u32,
    /// The text concerned: the move or token as written, or a tag as `[Name]`.
    pub text: String,
    /// What was forgiven.
    pub reason: WarningKind,
}

/// What a [`GameWarning`] forgave, and how it was read.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum WarningKind {
    /// Text the reader forgives ([`SyntaxErrorKind::is_forgiven`]).
    Syntax(SyntaxErrorKind),
    /// What the `[FEN]` tag's reading forgave ([`Position::from_fen_with_warnings`]).
    Fen(FenWarning),
    /// A `[FEN]` tag without `[SetUp "1"]`: the `[FEN]` is used.
    SetUpMissing,
    /// `[SetUp "0"]` beside a `[FEN]` tag: the `[FEN]` is used.
    SetUpZero,
    /// Castling written with zeros (`0-0`, `0-0-0`): read as `O-O`, `O-O-O`.
    CastlingWithZeros,
    /// `e.p.` after an en passant capture, or as a word of its own: ignored.
    EnPassantSuffix,
    /// Two moves written as one word (`1.e4e5`, `Nf3Nc6`): both played.
    MovesRunTogether,
    /// A null move (`--`, `Z0`, `0000`), which the standard does not have: the side to move
    /// passes.
    NullMove,
    /// The movetext's termination marker is not the one of the `[Result]` tag (given).
    ResultMismatch(String),
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::Syntax(kind) => kind.fmt(f),
            WarningKind::Fen(w) => w.fmt(f),
            WarningKind::SetUpMissing => f.write_str("no [SetUp \"1\"] tag: the FEN is used"),
            WarningKind::SetUpZero => f.write_str("[SetUp \"0\"] with a FEN: the FEN is used"),
            WarningKind::CastlingWithZeros => f.write_str("castling written with zeros"),
            WarningKind::EnPassantSuffix => f.write_str("'e.p.' ignored"),
            WarningKind::MovesRunTogether => {
                f.write_str("two moves written as one word: both played")
            }
            WarningKind::NullMove => {
                f.write_str("null move (not in the PGN standard): the side to move passes")
            }
            WarningKind::ResultMismatch(tag) => {
                write!(f, "result differs from the [Result] tag's \"{tag}\"")
            }
        }
    }
}

impl fmt::Display for GameWarning {
    /// `ply <p> <text>: <reason>`, as [`GameError`] is written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {} {}: {}", self.ply, self.text, self.reason)
    }
}

impl GameWarning {
    /// A warning at `ply` about `text`.
    pub(crate) fn new(ply: u32, text: &[u8], reason: WarningKind) -> GameWarning {
        GameWarning {
            ply,
            text: excerpt(text),
            reason,
        }
    }

    /// A forgiven syntax problem, as [`GameError::syntax`] names its text.
    pub(crate) fn syntax(ply: u32, warning: SyntaxError, token: &[u8]) -> GameWarning {
        let text: &[u8] = match (token.is_empty(), warning.kind) {
            (false, _) => token,
            (true, SyntaxErrorKind::MissingResult) => b"[end]",
            (true, SyntaxErrorKind::ByteOrderMark) => b"[start]",
            (true, _) => b"[?]",
        };
        GameWarning::new(ply, text, WarningKind::Syntax(warning.kind))
    }
}

/// Adds the warning of a move (off the hot path of reading moves).
#[cold]
pub(crate) fn push_move_warning(
    warnings: &mut Vec<GameWarning>,
    ply: u32,
    text: &[u8],
    warning: super::MoveWarning,
) {
    push_warning(warnings, GameWarning::new(ply, text, warning.into()));
}

/// Adds `warning` unless one of its kind is there already.
pub(crate) fn push_warning(warnings: &mut Vec<GameWarning>, warning: GameWarning) {
    if !warnings.iter().any(|w| w.reason == warning.reason) {
        warnings.push(warning);
    }
}

/// The marker a `[Result]` tag's value names, spaces around it allowed: inlined, the value
/// as written first (a call per game was 0.1 % of checking a file, cachegrind).
#[inline(always)]
fn result_tag(value: &[u8]) -> Option<Termination> {
    match Termination::from_ascii(value) {
        Some(result) => Some(result),
        None => result_tag_spaced(value),
    }
}

/// [`result_tag`] for values not written exactly.
#[cold]
fn result_tag_spaced(value: &[u8]) -> Option<Termination> {
    Termination::from_ascii(value.trim_ascii())
}

/// The warning for a movetext's marker `result` that is not the `[Result]` tag's `tag`.
#[cold]
fn result_mismatch(
    tag: Termination,
    result: Termination,
    ply: u32,
    warnings: &mut Vec<GameWarning>,
) {
    push_warning(
        warnings,
        GameWarning::new(
            ply,
            result.as_str().as_bytes(),
            WarningKind::ResultMismatch(String::from(tag.as_str())),
        ),
    );
}

/// The tags a game's reading depends on: `[FEN]`, `[SetUp]` and `[Variant]` for its start,
/// `[Result]` to compare with the movetext's marker.
#[derive(Default)]
pub struct StartTags {
    fen: Option<String>,
    variant: Option<String>,
    setup: Option<String>,
    result: Option<Termination>,
}

impl StartTags {
    /// Notes the tags that matter; others are ignored. Inlined into every visitor's `tag`
    /// (with `#[inline]` alone, once three visitors had it, the compiler stopped inlining it
    /// into the CLI's check: +0.33 % instructions for `pgn check`, cachegrind).
    #[inline(always)]
    pub(crate) fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        match name {
            b"FEN" => self.fen = Some(value.decode()),
            b"Variant" => self.variant = Some(value.decode()),
            b"SetUp" => self.setup = Some(value.decode()),
            b"Result" => self.result = result_tag(value.0),
            _ => {}
        }
    }

    /// The `[Variant]` tag's value, trimmed.
    #[cfg(feature = "variant")]
    pub(crate) fn variant(&self) -> Option<&str> {
        self.variant.as_deref().map(str::trim)
    }

    /// The `[FEN]` tag's value.
    #[cfg(feature = "variant")]
    pub(crate) fn fen(&self) -> Option<&str> {
        self.fen.as_deref()
    }

    /// The warnings for a `[FEN]` tag without `[SetUp "1"]`.
    pub(crate) fn setup_warnings(&self, warnings: &mut Vec<GameWarning>) {
        match self.setup.as_deref().map(str::trim) {
            None => push_warning(
                warnings,
                GameWarning::new(0, b"[FEN]", WarningKind::SetUpMissing),
            ),
            Some("0") => push_warning(
                warnings,
                GameWarning::new(0, b"[SetUp]", WarningKind::SetUpZero),
            ),
            Some(_) => {}
        }
    }

    pub(crate) fn clear(&mut self) {
        self.fen = None;
        self.variant = None;
        self.setup = None;
        self.result = None;
    }

    /// A warning when the movetext's marker is not the `[Result]` tag's value.
    #[inline]
    pub(crate) fn check_result(
        &self,
        result: Termination,
        ply: u32,
        warnings: &mut Vec<GameWarning>,
    ) {
        if let Some(tag) = self.result {
            if tag != result {
                result_mismatch(tag, result, ply, warnings);
            }
        }
    }

    /// The start position, or why there is none; what was forgiven goes to `warnings`.
    pub(crate) fn start(&self, warnings: &mut Vec<GameWarning>) -> Result<Position, GameError> {
        let chess960 = match self.variant.as_deref().map(str::trim) {
            None => false,
            Some(v) => match v.to_ascii_lowercase().as_str() {
                "" | "standard" | "chess" | "normal" | "from position" => false,
                "chess960"
                | "chess 960"
                | "960"
                | "fischerandom"
                | "fischer random"
                | "fischer random chess"
                | "fischerrandom" => true,
                _ => {
                    return Err(GameError {
                        ply: 0,
                        text: String::from("[Variant]"),
                        reason: GameErrorKind::Variant,
                    })
                }
            },
        };
        let Some(fen) = &self.fen else {
            let mut pos = Position::new();
            if chess960 {
                pos.set_castling_mode(CastlingMode::Chess960);
            }
            return Ok(pos);
        };
        let (mut pos, fen_warnings) =
            Position::from_fen_with_warnings(fen).map_err(|e| GameError {
                ply: 0,
                text: String::from("[FEN]"),
                // The reason alone: `GameErrorKind`'s message says "invalid FEN" already.
                reason: GameErrorKind::Fen(match e {
                    FromFenError::Syntax(e) => alloc::format!("{e}"),
                    FromFenError::Illegal(e) => alloc::format!("{e}"),
                }),
            })?;
        if chess960 {
            pos.set_castling_mode(CastlingMode::Chess960);
        }
        self.setup_warnings(warnings);
        for w in fen_warnings {
            // Chess960 positions need rook files.
            if w == FenWarning::CastlingFiles && pos.castling_mode() == CastlingMode::Chess960 {
                continue;
            }
            push_warning(warnings, GameWarning::new(0, b"[FEN]", WarningKind::Fen(w)));
        }
        Ok(pos)
    }
}

/// The index of a node in its [`Game`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// The index in [`Game::nodes`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move of the tree with what is written around it. The root has no move; its comments
/// are the game's, before the first move. `M` is the move type of the game's position
/// ([`GamePosition::Move`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node<M = Move> {
    /// The move ([`GamePosition::NULL_MOVE`], [`Move::NULL`] for chess, at the root and for
    /// a null move).
    pub mv: M,
    /// The node before (none for the root).
    pub parent: Option<NodeId>,
    /// The first move after this one: the main continuation.
    pub first_child: Option<NodeId>,
    /// The next alternative to this move (a variation).
    pub next_sibling: Option<NodeId>,
    /// Comments written before the move (at the start of a variation).
    pub comments_before: Vec<String>,
    /// Comments written after the move.
    pub comments_after: Vec<String>,
    /// NAGs after the move, `!`/`?` suffixes included.
    pub nags: Vec<Nag>,
}

impl<M> Node<M> {
    fn new(mv: M, parent: Option<NodeId>) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: None,
            next_sibling: None,
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            nags: Vec::new(),
        }
    }
}

/// A game read from PGN: tags in file order, the start position, the tree of moves, the
/// result, and the problems found ([`Game::errors`]).
///
/// `P` is the position the moves are played on: chess's [`Position`] (what [`Game::read`]
/// reads), or with the `variant` feature `AnyVariant` (games
/// that `AnyGame::read` finds with a lichess `[Variant]` tag).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game<P: GamePosition = Position> {
    start_at: GameStart,
    tags: Vec<(String, String)>,
    start: P,
    nodes: Vec<Node<P::Move>>,
    result: Option<Termination>,
    errors: Vec<GameError>,
    warnings: Vec<GameWarning>,
}

impl Game {
    /// Reads the next game of `reader` as a chess game: `Ok(None)` at the end of the
    /// input. A `[Variant]` tag other than standard or Chess960 is a
    /// [`GameErrorKind::Variant`] error (`AnyGame::read` plays the
    /// lichess variants).
    ///
    /// # Errors
    /// Only the source's read errors; problems in the game are in [`Game::errors`].
    pub fn read<S: Source>(reader: &mut Reader<S>) -> Result<Option<Game>, S::Error> {
        reader.read_game(&mut GameBuilder::new())
    }

    /// A game from the text of one game (the first, if there are several); `None` when the
    /// text holds none.
    pub fn from_pgn(text: &str) -> Option<Game> {
        Game::read(&mut Reader::new(text.as_bytes())).unwrap_or_else(|e| match e {})
    }
}

impl<P: GamePosition> Game<P> {
    /// Where the game starts in its input.
    pub fn start_at(&self) -> GameStart {
        self.start_at
    }

    /// The tag pairs in file order, values unescaped.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The start position: from `[FEN]` (in Chess960 mode with `[Variant "Chess960"]`), else
    /// the standard one (the variant's for a variant game).
    pub fn start_position(&self) -> &P {
        &self.start
    }

    /// Every node; [`NodeId::ROOT`] first.
    pub fn nodes(&self) -> &[Node<P::Move>] {
        &self.nodes
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &Node<P::Move> {
        &self.nodes[id.index()]
    }

    /// The comments after the move of `id`, to edit (`quadboard pgn analyse` writes its
    /// `[%eval]` there); the tree itself cannot be changed through them.
    pub fn comments_after_mut(&mut self, id: NodeId) -> &mut Vec<String> {
        &mut self.nodes[id.index()].comments_after
    }

    /// The moves after `id`: the main continuation first, then the variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.node(id).first_child, move |&c| {
            self.node(c).next_sibling
        })
    }

    /// The nodes of the mainline, first move first.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.nodes[0].first_child, move |&c| {
            self.node(c).first_child
        })
    }

    /// The moves of the mainline.
    pub fn mainline_moves(&self) -> Vec<P::Move> {
        self.mainline().map(|id| self.node(id).mv).collect()
    }

    /// The mainline in SAN as [`Position::to_san`] writes it (`--` for a null move; variant
    /// SAN with drops and king promotions for a variant game).
    pub fn mainline_san(&self) -> Vec<String> {
        self.walk_mainline(P::move_to_san)
    }

    /// The mainline in UCI (castling king-takes-rook in Chess960; `0000` for a null move;
    /// drops as `N@f3`).
    pub fn mainline_uci(&self) -> Vec<String> {
        self.walk_mainline(P::move_to_uci)
    }

    fn walk_mainline(&self, mut text: impl FnMut(&P, P::Move) -> String) -> Vec<String> {
        let mut pos = self.start;
        self.mainline()
            .map(|id| {
                let m = self.node(id).mv;
                let t = text(&pos, m);
                pos.play_move(m);
                t
            })
            .collect()
    }

    /// The position after the last move of the mainline.
    pub fn final_position(&self) -> P {
        self.position_after(self.mainline().last().unwrap_or(NodeId::ROOT))
    }

    /// The position after the move of `id` (the start position for the root).
    pub fn position_after(&self, id: NodeId) -> P {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(self.node(at).mv);
            at = parent;
        }
        let mut pos = self.start;
        for &m in path.iter().rev() {
            pos.play_move(m);
        }
        pos
    }

    /// The termination marker of the movetext, if it has one.
    pub fn result(&self) -> Option<Termination> {
        self.result
    }

    /// Moves in the whole tree, variations included.
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Comments in the whole tree.
    pub fn comment_count(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| n.comments_before.len() + n.comments_after.len())
            .sum()
    }

    /// NAGs in the whole tree.
    pub fn nag_count(&self) -> usize {
        self.nodes.iter().map(|n| n.nags.len()).sum()
    }

    /// The problems met, in the order of the text; empty when the game is fine.
    pub fn errors(&self) -> &[GameError] {
        &self.errors
    }

    /// What was forgiven (text that departs from the standard but whose meaning is clear),
    /// each kind once, in the order of the text; empty for a game written as the standard
    /// says. A strict reader treats these as errors.
    pub fn warnings(&self) -> &[GameWarning] {
        &self.warnings
    }

    /// Takes what `other`'s tags gave (where it starts, the tags, their errors and
    /// warnings), for a game found to be of another position type at its movetext.
    #[cfg(feature = "variant")]
    pub(crate) fn take_header<Q: GamePosition>(&mut self, other: &mut Game<Q>) {
        self.start_at = other.start_at;
        self.tags = core::mem::take(&mut other.tags);
        self.errors.append(&mut other.errors);
        self.warnings.append(&mut other.warnings);
    }
}

/// The visitor that builds a [`Game`].
pub(crate) struct GameBuilder<P: GamePosition> {
    pub(crate) game: Game<P>,
    pub(crate) start_tags: StartTags,
    lines: P::Lines,
    /// The node each open line stands at, innermost last, and whether the line has a move
    /// of its own yet.
    cursor: Vec<(NodeId, bool)>,
    /// Comments read at the start of a variation, for its first move.
    pending: Vec<String>,
    /// No move can be played (bad start tags).
    dead: bool,
}

impl<P: GamePosition> GameBuilder<P> {
    pub(crate) fn new() -> GameBuilder<P> {
        GameBuilder {
            game: Game {
                start_at: GameStart {
                    number: 0,
                    offset: 0,
                    line: 0,
                },
                tags: Vec::new(),
                start: P::Lines::placeholder(),
                nodes: alloc::vec![Node::new(P::NULL_MOVE, None)],
                result: None,
                errors: Vec::new(),
                warnings: Vec::new(),
            },
            start_tags: StartTags::default(),
            lines: P::Lines::new_lines(),
            cursor: Vec::new(),
            pending: Vec::new(),
            dead: false,
        }
    }

    fn here(&self) -> NodeId {
        self.cursor.last().map_or(NodeId::ROOT, |&(id, _)| id)
    }

    /// Adds a move played by the current line after the node it stands at.
    fn add_node(&mut self, m: P::Move) {
        let parent = self.here();
        let id = NodeId(self.game.nodes.len() as u32);
        let mut node = Node::new(m, Some(parent));
        node.comments_before = core::mem::take(&mut self.pending);
        self.game.nodes.push(node);
        // Append as the last child of the parent.
        match self.game.nodes[parent.index()].first_child {
            None => self.game.nodes[parent.index()].first_child = Some(id),
            Some(first) => {
                let mut last = first;
                while let Some(next) = self.game.nodes[last.index()].next_sibling {
                    last = next;
                }
                self.game.nodes[last.index()].next_sibling = Some(id);
            }
        }
        if let Some(top) = self.cursor.last_mut() {
            *top = (id, true);
        }
    }
}

impl<P: GamePosition> Visitor for GameBuilder<P> {
    type Output = Game<P>;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        self.game.start_at = start;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.start_tags.tag(name, value);
        let mut n = String::new();
        push_text(&mut n, name);
        self.game.tags.push((n, value.decode()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        match P::Lines::start_position(&self.start_tags, &mut self.game.warnings) {
            Ok(pos) => self.game.start = pos,
            Err(e) => {
                self.game.errors.push(e);
                self.dead = true;
            }
        }
        self.lines.start_game(self.game.start);
        self.cursor.clear();
        self.cursor.push((NodeId::ROOT, false));
        ControlFlow::Continue(())
    }

    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        if self.dead {
            return ControlFlow::Break(());
        }
        match self.lines.play_word(text) {
            Ok((played, warning)) => {
                if let Some(warning) = warning {
                    let ply = self.lines.line_ply();
                    push_move_warning(&mut self.game.warnings, ply, text, warning);
                }
                match played {
                    Played::One(m) => self.add_node(m),
                    Played::Two(a, b) => {
                        self.add_node(a);
                        self.add_node(b);
                    }
                    Played::Nothing => {}
                }
                ControlFlow::Continue(())
            }
            Err(e) => {
                let ply = self.lines.line_ply() + 1;
                self.game.errors.push(GameError::bad_move(ply, text, e));
                ControlFlow::Break(())
            }
        }
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        let here = self.here();
        self.game.nodes[here.index()].nags.push(nag);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        let mut comment = String::new();
        push_text(&mut comment, trim(text));
        // At the start of a variation, the comment is for its first move.
        if self.cursor.len() > 1 && self.cursor.last().is_some_and(|&(_, moved)| !moved) {
            self.pending.push(comment);
        } else {
            let here = self.here();
            self.game.nodes[here.index()].comments_after.push(comment);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        if self.dead {
            return ControlFlow::Break(());
        }
        match self.lines.open_variation() {
            Ok(()) => {
                let parent = self.game.nodes[self.here().index()]
                    .parent
                    .unwrap_or(NodeId::ROOT);
                self.cursor.push((parent, false));
                self.pending.clear();
                ControlFlow::Continue(())
            }
            Err(e) => {
                let ply = self.lines.line_ply();
                self.game.errors.push(GameError::bad_move(ply, b"(", e));
                ControlFlow::Break(())
            }
        }
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        self.lines.close_variation();
        self.cursor.pop();
        // Comments of a variation without moves have nowhere to go.
        self.pending.clear();
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.game.result = Some(result);
        self.start_tags
            .check_result(result, self.lines.line_ply(), &mut self.game.warnings);
        ControlFlow::Continue(())
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let ply = if self.cursor.is_empty() {
            0
        } else {
            self.lines.line_ply()
        };
        push_warning(
            &mut self.game.warnings,
            GameWarning::syntax(ply, warning, token),
        );
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let ply = if self.cursor.is_empty() {
            0
        } else {
            self.lines.line_ply()
        };
        self.game.errors.push(GameError::syntax(ply, error, token));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Game<P> {
        let game = core::mem::replace(&mut self.game, GameBuilder::new().game);
        self.start_tags.clear();
        self.cursor.clear();
        self.pending.clear();
        self.dead = false;
        game
    }
}

fn trim(text: &[u8]) -> &[u8] {
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |i| i + 1);
    &text[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_fen_tag_says_invalid_fen_once() {
        let game = Game::from_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n").unwrap();
        assert_eq!(
            game.errors()[0].to_string(),
            "ply 0 [FEN]: invalid FEN: illegal position: a side has no king"
        );
    }
}
