//! What the PGN tests share: games written as PGN from random play (with the token stream
//! a reader must see in them), the data files, and three ways to turn a game into that
//! token stream: a quadboard [`Visitor`] playing the moves with [`Lines`], a walk of the
//! [`Game`] tree, and a pgn-reader visitor playing them with shakmaty.

use std::io;
use std::ops::ControlFlow;

use quadboard_chess::pgn::{
    Game, GameStart, Lines, Nag, NodeId, RawTag, SyntaxError, Termination, Visitor,
};
use quadboard_chess::{CastlingMode, Color, Move, Position};

use crate::common::{pgn_data_dir, random_game, Rng};

/// A part of the movetext, as a reader sees it; moves in UCI after being played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    Move(String),
    Nag(u8),
    Comment(String),
    Begin,
    End,
    Result(&'static str),
}

/// A game as tokens: its tags (name, value as written) and its movetext.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    pub tags: Vec<(Vec<u8>, Vec<u8>)>,
    pub tokens: Vec<Tok>,
}

impl Record {
    /// The record as the [`Game`] tree keeps its parts: tag values unescaped, comments
    /// trimmed.
    pub fn as_read(&self) -> Record {
        Record {
            tags: self
                .tags
                .iter()
                .map(|(n, v)| (n.clone(), RawTag(v).decode().into_bytes()))
                .collect(),
            tokens: self
                .tokens
                .iter()
                .map(|t| match t {
                    Tok::Comment(c) => Tok::Comment(c.trim_matches(is_ascii_space).to_string()),
                    t => t.clone(),
                })
                .collect(),
        }
    }

    /// The record as the [`Game`] tree gives it back: [`Record::as_read`] with the
    /// movetext in the tree's order ([`tree_tokens`]).
    pub fn as_tree(&self) -> Record {
        let read = self.as_read();
        let (nodes, result) = ref_tree(&read.tokens);
        Record {
            tags: read.tags,
            tokens: tree_tokens(&nodes, result),
        }
    }

    /// Moves in every line.
    pub fn moves(&self) -> usize {
        self.tokens
            .iter()
            .filter(|t| matches!(t, Tok::Move(_)))
            .count()
    }

    /// The moves of the mainline.
    pub fn mainline_uci(&self) -> Vec<String> {
        let mut depth = 0;
        let mut out = Vec::new();
        for t in &self.tokens {
            match t {
                Tok::Begin => depth += 1,
                Tok::End => depth -= 1,
                Tok::Move(m) if depth == 0 => out.push(m.clone()),
                _ => {}
            }
        }
        out
    }

    /// Moves of the mainline.
    pub fn mainline_moves(&self) -> usize {
        self.mainline_uci().len()
    }
}

fn is_ascii_space(c: char) -> bool {
    c.is_ascii_whitespace()
}

fn result_text(t: Termination) -> &'static str {
    t.as_str()
}

fn uci(pos: &Position, m: Move) -> String {
    if m == Move::NULL {
        "0000".to_string()
    } else {
        pos.to_uci(m).to_string()
    }
}

/// The start position of `[FEN]` and `[Variant]` as the PGN module reads them.
fn start_from_tags(fen: Option<&str>, chess960: bool) -> Position {
    let mut pos = match fen {
        Some(fen) => Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")),
        None => Position::new(),
    };
    if chess960 {
        pos.set_castling_mode(CastlingMode::Chess960);
    }
    pos
}

fn is_chess960_variant(value: &[u8]) -> bool {
    value.eq_ignore_ascii_case(b"chess960")
}

/// A quadboard [`Visitor`] that plays every line with [`Lines`] and records the tokens;
/// syntax errors and moves that cannot be played go to `problems`, which the callers
/// assert empty.
#[derive(Default)]
pub struct QbTokens {
    record: Record,
    fen: Option<String>,
    chess960: bool,
    lines: Lines,
    pub problems: Vec<String>,
}

impl Visitor for QbTokens {
    type Output = Record;

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
        self.fen = None;
        self.chess960 = false;
        ControlFlow::Continue(())
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.record
            .tags
            .push((name.to_vec(), value.as_bytes().to_vec()));
        match name {
            b"FEN" => self.fen = Some(value.decode()),
            b"Variant" => self.chess960 = is_chess960_variant(value.as_bytes()),
            _ => {}
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.lines
            .start(start_from_tags(self.fen.as_deref(), self.chess960));
        ControlFlow::Continue(())
    }
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        let before = *self.lines.position();
        match self.lines.play(text) {
            Ok(m) => self.record.tokens.push(Tok::Move(uci(&before, m))),
            Err(e) => {
                self.problems
                    .push(format!("{}: {e}", String::from_utf8_lossy(text)));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.record.tokens.push(Tok::Nag(nag.0));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.record
            .tokens
            .push(Tok::Comment(String::from_utf8_lossy(text).into_owned()));
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        if let Err(e) = self.lines.begin_variation() {
            self.problems.push(format!("(: {e}"));
            return ControlFlow::Break(());
        }
        self.record.tokens.push(Tok::Begin);
        ControlFlow::Continue(())
    }
    fn end_variation(&mut self) -> ControlFlow<()> {
        self.lines.end_variation();
        self.record.tokens.push(Tok::End);
        ControlFlow::Continue(())
    }
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.record.tokens.push(Tok::Result(result_text(result)));
        ControlFlow::Continue(())
    }
    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.problems
            .push(format!("{error}: {:?}", String::from_utf8_lossy(token)));
        ControlFlow::Continue(())
    }
    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.problems
            .push(format!("{warning}: {:?}", String::from_utf8_lossy(token)));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> Record {
        std::mem::take(&mut self.record)
    }
}

/// Every game of `bytes` through [`QbTokens`]; panics on any problem.
pub fn qb_records(bytes: &[u8]) -> Vec<Record> {
    let mut reader = quadboard_chess::pgn::Reader::new(bytes);
    let mut visitor = QbTokens::default();
    let mut out = Vec::new();
    while let Some(record) = reader
        .read_game(&mut visitor)
        .unwrap_or_else(|e| match e {})
    {
        assert!(
            visitor.problems.is_empty(),
            "game {}: {:?}",
            out.len() + 1,
            visitor.problems
        );
        out.push(record);
    }
    out
}

/// A game tree as the tests model it: moves in UCI, children main continuation first.
/// Node 0 is the root.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefNode {
    pub mv: String,
    pub parent: usize,
    pub children: Vec<usize>,
    pub before: Vec<String>,
    pub nags: Vec<u8>,
    pub after: Vec<String>,
}

impl RefNode {
    fn new(mv: String, parent: usize) -> RefNode {
        RefNode {
            mv,
            parent,
            children: Vec::new(),
            before: Vec::new(),
            nags: Vec::new(),
            after: Vec::new(),
        }
    }
}

/// The tree that a movetext's tokens describe, built as the PGN module documents it: a
/// variation is an alternative to the last move of its line (so a variation of a
/// variation's first move is one more alternative to the move that variation replaces),
/// comments at the start of a variation go before its first move, the others after the
/// move before them, NAGs to the move before them.
pub fn ref_tree(tokens: &[Tok]) -> (Vec<RefNode>, Option<&'static str>) {
    let mut nodes = vec![RefNode::new(String::new(), 0)];
    // Per open line: the node it stands at, whether it has a move of its own.
    let mut lines = vec![(0usize, false)];
    let mut pending = Vec::new();
    let mut result = None;
    for t in tokens {
        let (at, moved) = *lines.last().expect("root line");
        match t {
            Tok::Move(m) => {
                let id = nodes.len();
                let mut node = RefNode::new(m.clone(), at);
                node.before = std::mem::take(&mut pending);
                nodes.push(node);
                nodes[at].children.push(id);
                *lines.last_mut().expect("root line") = (id, true);
            }
            Tok::Nag(n) => nodes[at].nags.push(*n),
            Tok::Comment(c) if lines.len() > 1 && !moved => pending.push(c.clone()),
            Tok::Comment(c) => nodes[at].after.push(c.clone()),
            Tok::Begin => {
                lines.push((nodes[at].parent, false));
                pending.clear();
            }
            Tok::End => {
                lines.pop();
                pending.clear();
            }
            Tok::Result(r) => result = Some(*r),
        }
    }
    (nodes, result)
}

/// The tokens of a tree in export order: a move, its NAGs and comments, then its
/// alternatives each as a variation, then the main continuation.
pub fn tree_tokens(nodes: &[RefNode], result: Option<&'static str>) -> Vec<Tok> {
    let mut out = Vec::new();
    out.extend(nodes[0].nags.iter().map(|&n| Tok::Nag(n)));
    out.extend(nodes[0].after.iter().cloned().map(Tok::Comment));
    tree_line(nodes, 0, &mut out);
    out.extend(result.map(Tok::Result));
    out
}

fn tree_line(nodes: &[RefNode], mut at: usize, out: &mut Vec<Tok>) {
    while let Some((&main, alternatives)) = nodes[at].children.split_first() {
        tree_move(&nodes[main], out);
        for &v in alternatives {
            out.push(Tok::Begin);
            tree_move(&nodes[v], out);
            tree_line(nodes, v, out);
            out.push(Tok::End);
        }
        at = main;
    }
}

fn tree_move(node: &RefNode, out: &mut Vec<Tok>) {
    out.extend(node.before.iter().cloned().map(Tok::Comment));
    out.push(Tok::Move(node.mv.clone()));
    out.extend(node.nags.iter().map(|&n| Tok::Nag(n)));
    out.extend(node.after.iter().cloned().map(Tok::Comment));
}

fn play(pos: &mut Position, m: Move) {
    if m == Move::NULL {
        *pos = pos
            .null_move()
            .expect("null moves are read only when legal");
    } else {
        pos.play_unchecked(m);
    }
}

/// A [`Game`] as the tests model trees; checks the links between its nodes on the way.
pub fn game_tree(game: &Game) -> Vec<RefNode> {
    let nodes = game.nodes();
    let mut out: Vec<RefNode> = Vec::with_capacity(nodes.len());
    let mut positions = vec![*game.start_position()];
    for (i, node) in nodes.iter().enumerate() {
        let parent = node.parent.map_or(0, NodeId::index);
        if i == 0 {
            assert!(node.parent.is_none() && node.mv == Move::NULL);
        } else {
            assert!(parent < i, "parents come first");
        }
        let mv = if i == 0 {
            String::new()
        } else {
            let mut pos = positions[parent];
            let text = uci(&pos, node.mv);
            play(&mut pos, node.mv);
            positions.push(pos);
            text
        };
        let children: Vec<usize> =
            std::iter::successors(node.first_child, |&c| nodes[c.index()].next_sibling)
                .map(NodeId::index)
                .collect();
        for &c in &children {
            assert_eq!(
                nodes[c].parent.map(NodeId::index),
                Some(i),
                "child {c} of {i}"
            );
        }
        out.push(RefNode {
            mv,
            parent,
            children,
            before: node.comments_before.clone(),
            nags: node.nags.iter().map(|n| n.0).collect(),
            after: node.comments_after.clone(),
        });
    }
    // `Game::children` follows the same links.
    let mut ids = vec![NodeId::ROOT];
    while let Some(at) = ids.pop() {
        let children: Vec<NodeId> = game.children(at).collect();
        assert_eq!(
            children.iter().map(|c| c.index()).collect::<Vec<_>>(),
            out[at.index()].children
        );
        ids.extend(children);
    }
    // Every node but the root is the child of its parent.
    let linked: usize = out.iter().map(|n| n.children.len()).sum();
    assert_eq!(linked + 1, out.len());
    out
}

/// The record of a [`Game`]: its tags and its tree's tokens (see [`tree_tokens`]).
pub fn tree_record(game: &Game) -> Record {
    Record {
        tags: game
            .tags()
            .iter()
            .map(|(n, v)| (n.clone().into_bytes(), v.clone().into_bytes()))
            .collect(),
        tokens: tree_tokens(&game_tree(game), game.result().map(result_text)),
    }
}

/// Every game of `bytes` as a [`Game`].
pub fn qb_games(bytes: &[u8]) -> Vec<Game> {
    let mut reader = quadboard_chess::pgn::Reader::new(bytes);
    let mut out = Vec::new();
    while let Some(game) = Game::read(&mut reader).unwrap_or_else(|e| match e {}) {
        out.push(game);
    }
    out
}

// ---------------------------------------------------------------------------------------
// pgn-reader + shakmaty

/// The tags of a game as pgn-reader gives them, and the start they give.
#[derive(Default)]
pub struct PrTags {
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    fen: Option<Vec<u8>>,
    chess960: bool,
}

/// The lines being played: (position before the last move, position now) per open line.
pub struct PrMovetext {
    record: Record,
    mode: shakmaty::CastlingMode,
    stack: Vec<(shakmaty::Chess, shakmaty::Chess)>,
    partial: Vec<u8>,
}

/// A pgn-reader visitor that plays every line with shakmaty and records the tokens.
pub struct PrTokens;

impl pgn_reader::Visitor for PrTokens {
    type Tags = PrTags;
    type Movetext = PrMovetext;
    type Output = Result<Record, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, PrTags> {
        ControlFlow::Continue(PrTags::default())
    }
    fn tag(
        &mut self,
        tags: &mut PrTags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.tags.push((name.to_vec(), value.as_bytes().to_vec()));
        match name {
            b"FEN" => tags.fen = Some(value.decode().into_owned()),
            b"Variant" => tags.chess960 = is_chess960_variant(value.as_bytes()),
            _ => {}
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: PrTags) -> ControlFlow<Self::Output, PrMovetext> {
        let mode = if tags.chess960 {
            shakmaty::CastlingMode::Chess960
        } else {
            shakmaty::CastlingMode::Standard
        };
        let start: shakmaty::Chess = match &tags.fen {
            None => shakmaty::Chess::default(),
            Some(fen) => {
                let fen = match shakmaty::fen::Fen::from_ascii(fen) {
                    Ok(fen) => fen,
                    Err(e) => return ControlFlow::Break(Err(format!("fen: {e}"))),
                };
                match fen.into_position(mode) {
                    Ok(pos) => pos,
                    Err(e) => return ControlFlow::Break(Err(format!("fen: {e}"))),
                }
            }
        };
        ControlFlow::Continue(PrMovetext {
            record: Record {
                tags: tags.tags,
                tokens: Vec::new(),
            },
            mode,
            stack: vec![(start.clone(), start)],
            partial: Vec::new(),
        })
    }
    fn san(&mut self, mt: &mut PrMovetext, san: pgn_reader::SanPlus) -> ControlFlow<Self::Output> {
        use shakmaty::Position as _;
        let (before, now) = mt.stack.last_mut().expect("root line");
        let m = match san.san.to_move(&*now) {
            Ok(m) => m,
            Err(e) => return ControlFlow::Break(Err(format!("{san}: {e}"))),
        };
        mt.record
            .tokens
            .push(Tok::Move(m.to_uci(mt.mode).to_string()));
        *before = now.clone();
        now.play_unchecked(m);
        ControlFlow::Continue(())
    }
    fn nag(&mut self, mt: &mut PrMovetext, nag: pgn_reader::Nag) -> ControlFlow<Self::Output> {
        mt.record.tokens.push(Tok::Nag(nag.0));
        ControlFlow::Continue(())
    }
    fn partial_comment(
        &mut self,
        mt: &mut PrMovetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        mt.partial.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }
    fn comment(
        &mut self,
        mt: &mut PrMovetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let mut text = std::mem::take(&mut mt.partial);
        text.extend_from_slice(comment.as_bytes());
        mt.record
            .tokens
            .push(Tok::Comment(String::from_utf8_lossy(&text).into_owned()));
        ControlFlow::Continue(())
    }
    fn begin_variation(
        &mut self,
        mt: &mut PrMovetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        let before = mt.stack.last().expect("root line").0.clone();
        mt.stack.push((before.clone(), before));
        mt.record.tokens.push(Tok::Begin);
        ControlFlow::Continue(pgn_reader::Skip(false))
    }
    fn end_variation(&mut self, mt: &mut PrMovetext) -> ControlFlow<Self::Output> {
        if mt.stack.len() < 2 {
            return ControlFlow::Break(Err("unmatched )".to_string()));
        }
        mt.stack.pop();
        mt.record.tokens.push(Tok::End);
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        mt: &mut PrMovetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        use shakmaty::KnownOutcome;
        let text = match outcome {
            pgn_reader::Outcome::Unknown => "*",
            pgn_reader::Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner }) => {
                if winner == shakmaty::Color::White {
                    "1-0"
                } else {
                    "0-1"
                }
            }
        };
        mt.record.tokens.push(Tok::Result(text));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, mt: PrMovetext) -> Self::Output {
        Ok(mt.record)
    }
}

/// Every game of `bytes` through pgn-reader and shakmaty; panics on any problem.
pub fn pr_records(bytes: &[u8]) -> Vec<Record> {
    let mut reader = pgn_reader::Reader::new(io::Cursor::new(bytes));
    let mut out = Vec::new();
    while let Some(record) = reader
        .read_game(&mut PrTokens)
        .expect("pgn-reader reads it")
    {
        out.push(record.unwrap_or_else(|e| panic!("pgn-reader, game {}: {e}", out.len() + 1)));
    }
    out
}

// ---------------------------------------------------------------------------------------
// The data files

/// The PGN data files (name, bytes), or none (with a note) when the data is missing.
pub fn data_files() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = pgn_data_dir() else {
        return Vec::new();
    };
    ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"]
        .iter()
        .map(|name| {
            let path = dir.join(name);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name.to_string(), bytes)
        })
        .collect()
}

/// A reader that hands out at most 1 to 7 bytes per call, in a pattern from a seed.
pub struct Chopped<'a> {
    pub bytes: &'a [u8],
    pub rng: Rng,
}

impl io::Read for Chopped<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = (1 + self.rng.below(7)).min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

// ---------------------------------------------------------------------------------------
// Random games written as PGN

/// What the generated text may hold besides export format.
#[derive(Clone, Copy, Default)]
pub struct GenOptions {
    /// What pgn-reader does not read: some moves in UCI, `;` comments, form feeds between
    /// tokens.
    pub quadboard_only: bool,
    /// Now and then a comment of hundreds of bytes.
    pub long_comments: bool,
}

/// A game written as PGN, and what reading it must give.
pub struct GenGame {
    pub text: String,
    pub expected: Record,
}

/// Movetext written token by token, lines under 80 columns.
struct Movetext<'a> {
    text: String,
    column: usize,
    glue: bool,
    tokens: Vec<Tok>,
    rng: &'a mut Rng,
    options: GenOptions,
    /// Comments without line breaks (for CRLF games).
    flat: bool,
    /// The next token goes on a new line (after a `;` comment).
    break_line: bool,
}

const WORDS: [&str; 24] = [
    "good",
    "Müller",
    "½-½",
    "a(b)",
    "x;y",
    "[sic]",
    "$5",
    "!?",
    "1-0",
    "*",
    "\"quoted\"",
    "{",
    "e4",
    "O-O",
    "12.",
    "tab\there",
    "%not an escape",
    "(",
    ")",
    "[%clk]",
    "[%eval]",
    "x",
    "\u{2014}",
    "end",
];

impl Movetext<'_> {
    fn push(&mut self, token: &str) {
        let width = token.chars().count();
        if self.break_line {
            self.text.push('\n');
            self.column = 0;
            self.break_line = false;
            self.glue = false;
        } else if self.glue {
            self.glue = false;
        } else if !self.text.is_empty() {
            if self.column + 1 + width > 79 {
                self.text.push('\n');
                self.column = 0;
                // Now and then an escape line between two lines of movetext.
                if self.rng.below(40) == 0 {
                    self.text.push_str("% escaped: 1. e4 { ( [Event \"x\"]\n");
                }
            } else {
                let separator = if self.options.quadboard_only {
                    [" ", " ", "\t", "\x0c", "  "][self.rng.below(5)]
                } else {
                    " "
                };
                self.text.push_str(separator);
                self.column += separator.len();
            }
        }
        self.text.push_str(token);
        self.column = match token.rfind('\n') {
            Some(i) => token[i + 1..].chars().count(),
            None => self.column + width,
        };
    }

    fn comment(&mut self) {
        let mut text = String::new();
        match self.rng.below(12) {
            0 => {}
            1 => text.push(' '),
            2 | 3 => {
                let s = self.rng.below(10_000);
                text.push_str(&format!(
                    " [%clk {}:{:02}:{:02}] ",
                    s / 3600,
                    s / 60 % 60,
                    s % 60
                ));
            }
            4 => {
                let cp = self.rng.below(2001) as i32 - 1000;
                let sign = if cp < 0 { "-" } else { "" };
                text.push_str(&format!(
                    " [%eval {sign}{}.{:02}] [%clk 0:01:{:02}] ",
                    cp.abs() / 100,
                    cp.abs() % 100,
                    self.rng.below(60)
                ));
            }
            5 => text.push_str(&format!(" [%eval #{}] ", self.rng.below(21) as i32 - 10)),
            _ => {
                let words = 1 + self.rng.below(6);
                for i in 0..words {
                    let sep = if i == 0 {
                        if self.rng.below(3) == 0 {
                            ""
                        } else {
                            " "
                        }
                    } else if !self.flat && self.rng.below(10) == 0 {
                        "\n"
                    } else {
                        " "
                    };
                    text.push_str(sep);
                    text.push_str(WORDS[self.rng.below(WORDS.len())]);
                }
                if self.rng.below(2) == 0 {
                    text.push(' ');
                }
            }
        }
        if self.options.long_comments && self.rng.below(30) == 0 {
            let n = 200 + self.rng.below(800);
            text.push_str(&"long comment ".repeat(n / 13));
        }
        if self.options.quadboard_only && !text.contains('\n') && self.rng.below(6) == 0 {
            // A comment to the end of the line.
            self.push(&format!(";{text}"));
            self.break_line = true;
        } else {
            self.push(&format!("{{{text}}}"));
        }
        self.tokens.push(Tok::Comment(text));
    }

    fn nag(&mut self) {
        let n = self.rng.below(256) as u8;
        self.push(&format!("${n}"));
        self.tokens.push(Tok::Nag(n));
    }

    /// A line from `pos`: `first` (or a random move) and up to `plies - 1` more.
    fn line(&mut self, mut pos: Position, first: Option<Move>, plies: usize, depth: u32) {
        let mut number = true;
        for i in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = match first {
                Some(m) if i == 0 => m,
                _ => moves[self.rng.below(moves.len())],
            };
            // Now and then a NAG at the start of a variation (it belongs to the move
            // before the one the variation replaces) and a comment (for its first move).
            if i == 0 && depth > 0 && self.rng.below(15) == 0 {
                self.nag();
            }
            if i == 0 && depth > 0 && self.rng.below(5) == 0 {
                self.comment();
                number = true;
            }
            let mut word = String::new();
            let numbered = match pos.turn() {
                Color::White => self.rng.below(10) != 0,
                Color::Black => number && self.rng.below(10) != 0,
            };
            if numbered {
                let dots = if pos.turn() == Color::White {
                    "."
                } else {
                    "..."
                };
                word.push_str(&format!("{}{dots}", pos.fullmoves()));
                if self.rng.below(4) != 0 {
                    self.push(&word);
                    word.clear();
                }
            }
            let san = pos.to_san(m).to_string();
            let text = if self.options.quadboard_only && self.rng.below(6) == 0 {
                uci(&pos, m)
            } else if m.is_castle() && self.rng.below(3) == 0 {
                san.replace('O', "0")
            } else {
                san
            };
            word.push_str(&text);
            self.tokens.push(Tok::Move(uci(&pos, m)));
            if self.rng.below(8) == 0 {
                let (suffix, nag) = [
                    ("!", 1),
                    ("?", 2),
                    ("!!", 3),
                    ("??", 4),
                    ("!?", 5),
                    ("?!", 6),
                ][self.rng.below(6)];
                word.push_str(suffix);
                self.tokens.push(Tok::Nag(nag));
            }
            self.push(&word);
            number = false;
            if self.rng.below(10) == 0 {
                for _ in 0..1 + self.rng.below(2) {
                    self.nag();
                }
            }
            if self.rng.below(6) == 0 {
                for _ in 0..1 + self.rng.below(2) {
                    self.comment();
                }
                number = true;
            }
            if depth < 3 && moves.len() > 1 && self.rng.below(6) == 0 {
                for _ in 0..1 + self.rng.below(2) {
                    let alternative = loop {
                        let a = moves[self.rng.below(moves.len())];
                        if a != m {
                            break a;
                        }
                    };
                    self.push("(");
                    self.tokens.push(Tok::Begin);
                    self.glue = self.rng.below(2) == 0;
                    let plies = 1 + self.rng.below(8);
                    self.line(pos, Some(alternative), plies, depth + 1);
                    self.glue = self.rng.below(2) == 0;
                    self.push(")");
                    self.tokens.push(Tok::End);
                }
                number = true;
            }
            pos.play_unchecked(m);
        }
    }
}

/// A tag value with what tags can hold: escapes, UTF-8, brackets.
fn tag_value(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => "?".to_string(),
        1 => "Müller, Jürgen".to_string(),
        2 => "say \\\"hi\\\"".to_string(),
        3 => "back\\\\slash".to_string(),
        4 => "a]b [c]".to_string(),
        5 => String::new(),
        _ => format!("value {}", rng.below(1000)),
    }
}

/// A random legal game from a random position (standard or Chess960), written with
/// comments, NAGs, variations nested up to three deep, move numbers sometimes missing,
/// castling sometimes with zeros.
pub fn random_pgn_game(rng: &mut Rng, options: GenOptions) -> GenGame {
    let chess960 = rng.below(3) == 0;
    let origin = if chess960 {
        Position::chess960(rng.below(960) as u16).expect("0..960 are numbered")
    } else {
        Position::new()
    };
    let plies = if rng.below(2) == 0 { 0 } else { rng.below(40) };
    let start = *random_game(origin, plies, rng).last().expect("the start");
    let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];

    let mut tags: Vec<(String, String)> = Vec::new();
    for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
        tags.push((name.to_string(), tag_value(rng)));
    }
    tags.push(("Result".to_string(), result.to_string()));
    if rng.below(2) == 0 {
        tags.push(("Annotator".to_string(), tag_value(rng)));
    }
    if chess960 {
        tags.push(("Variant".to_string(), "Chess960".to_string()));
    }
    if chess960 || plies > 0 {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), start.to_fen()));
    }
    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push('\n');

    let crlf = rng.below(8) == 0;
    let mut movetext = Movetext {
        text: String::new(),
        column: 0,
        glue: false,
        tokens: Vec::new(),
        rng,
        options,
        flat: crlf,
        break_line: false,
    };
    if movetext.rng.below(12) == 0 {
        movetext.nag();
    }
    if movetext.rng.below(4) == 0 {
        movetext.comment();
    }
    let plies = movetext.rng.below(100);
    movetext.line(start, None, plies, 0);
    movetext.push(result);
    movetext.tokens.push(Tok::Result(result));
    text.push_str(&movetext.text);
    text.push_str("\n\n");
    if crlf {
        text = text.replace('\n', "\r\n");
    }
    GenGame {
        text,
        expected: Record {
            tags: tags
                .into_iter()
                .map(|(n, v)| (n.into_bytes(), v.into_bytes()))
                .collect(),
            tokens: movetext.tokens,
        },
    }
}

/// `games` random games, and all of them as one text.
pub fn random_pgn(seed: u64, games: usize, options: GenOptions) -> (Vec<GenGame>, String) {
    let mut rng = Rng(seed);
    let games: Vec<GenGame> = (0..games)
        .map(|_| random_pgn_game(&mut rng, options))
        .collect();
    let mut text = String::new();
    for (i, game) in games.iter().enumerate() {
        // Now and then an escape line between games.
        if i % 17 == 5 {
            text.push_str("% between games\n");
        }
        text.push_str(&game.text);
    }
    (games, text)
}

#[test]
fn generated_games_have_what_the_tests_need() {
    let (games, _) = random_pgn(1, 200, GenOptions::default());
    let tokens = || games.iter().flat_map(|g| g.expected.tokens.iter());
    let count = |f: fn(&Tok) -> bool| tokens().filter(|t| f(t)).count();
    assert!(count(|t| matches!(t, Tok::Begin)) > 100);
    assert!(count(|t| matches!(t, Tok::Nag(_))) > 500);
    assert!(count(|t| matches!(t, Tok::Comment(c) if c.contains("[%clk"))) > 100);
    assert!(games.iter().any(|g| g.text.contains("0-0")));
    assert!(games.iter().any(|g| g.text.contains("\r\n")));
    assert!(games.iter().any(|g| g.text.contains("Chess960")));
    // Variations three deep.
    assert!(games.iter().any(|g| {
        let mut depth = 0;
        g.expected.tokens.iter().any(|t| {
            match t {
                Tok::Begin => depth += 1,
                Tok::End => depth -= 1,
                _ => {}
            }
            depth == 3
        })
    }));
    let options = GenOptions {
        quadboard_only: true,
        long_comments: false,
    };
    let (_, text) = random_pgn(2, 100, options);
    assert!(text.contains('\x0c') && text.contains('\t'));
    // Comments to the end of the line, after any separator.
    assert!([" ;", "\t;", "\x0c;", "\n;"]
        .iter()
        .all(|s| text.contains(s)));
    assert!(text.contains("e2e4"));
}
