//! The game tree of `quadboard.pgn` built in Rust: the movetext read by the library's PGN
//! reader and turned into python-chess's tree (python-chess 1.11's `read_game` with its
//! default `GameBuilder`), kept in flat arrays that the Python classes in
//! `python/quadboard/_pgn_tree.py` turn into nodes when they are visited.
//!
//! python-chess reads with a stack of boards (`board_stack`) beside the builder's stack of
//! nodes; after a move error in a variation the two part ways (the `)` pops only the
//! nodes). Both are kept here so that the same moves land on the same nodes; the tree's own
//! positions are then recomputed, and a tree whose moves do not follow from its positions
//! is marked `desync` (the Python side replays such trees instead).

use std::borrow::Cow;
use std::ops::ControlFlow;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySet, PyString, PyTuple};
use quadboard_chess::pgn::{
    GameWarning, MoveError, Nag, RawTag, Reader, SyntaxError, SyntaxErrorKind, Termination,
    Visitor, WarningKind, SEVEN_TAG_ROSTER,
};
use quadboard_chess::{Move as QMove, Position};

use crate::board::{Board, Entry};
use crate::moves::{Move, MoveObj};

/// No node (a parent, child or sibling index).
const NONE: u32 = u32::MAX;

/// One node of the tree: index 0 is the root. Its children are a linked list (most nodes
/// have one), its position is in [`Tree::pos`] and its annotations, when it has any, in
/// [`Tree::notes`]: a game's nodes then cost no allocation each.
#[derive(Clone, Copy)]
struct NodeData {
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    /// The index of its [`Note`], or `NONE`.
    note: u32,
    m: QMove,
}

/// A node's comment, starting comment (each a range of [`Tree::text`]) and NAGs.
#[derive(Default)]
struct Note {
    comment: (u32, u32),
    starting_comment: (u32, u32),
    /// In the order first seen, without repeats (python-chess keeps a set).
    nags: Vec<u32>,
}

/// The nodes of a tree, their positions (after the move; the start position at the root)
/// and their annotations.
struct Tree {
    nodes: Vec<NodeData>,
    pos: Vec<Position>,
    notes: Vec<Note>,
    /// The comments, one after the other (one allocation for a game's comments).
    text: String,
}

impl Tree {
    fn new(start: Position) -> Tree {
        Tree {
            nodes: vec![Tree::new_root()],
            pos: vec![start],
            notes: Vec::new(),
            text: String::new(),
        }
    }

    fn new_root() -> NodeData {
        NodeData {
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            note: NONE,
            m: QMove::NULL,
        }
    }

    /// Adds a node after `parent`, as its last child; its index.
    fn push(&mut self, parent: u32, m: QMove, pos: &Position) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(NodeData {
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            note: NONE,
            m,
        });
        self.pos.push(*pos);
        let p = &mut self.nodes[parent as usize];
        let last = p.last_child;
        p.last_child = id;
        if last == NONE {
            p.first_child = id;
        } else {
            self.nodes[last as usize].next_sibling = id;
        }
        id
    }

    /// The children of `idx`, the main one first.
    fn children(&self, idx: usize) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.nodes[idx].first_child;
        std::iter::from_fn(move || {
            let c = at;
            if c == NONE {
                return None;
            }
            at = self.nodes[c as usize].next_sibling;
            Some(c)
        })
    }

    fn note(&self, idx: usize) -> Option<&Note> {
        self.notes.get(self.nodes[idx].note as usize)
    }

    /// The text of a range of `text`.
    fn str(&self, (from, to): (u32, u32)) -> &str {
        &self.text[from as usize..to as usize]
    }

    /// `s` added to the comment at `range` of `text` (after a space if it has some).
    fn append(&mut self, range: &mut (u32, u32), s: &str) {
        if range.0 == range.1 {
            range.0 = self.text.len() as u32;
        } else {
            if range.1 as usize != self.text.len() {
                // Not the last text written: moved to the end, where it can grow.
                let old = self.str(*range).to_owned();
                range.0 = self.text.len() as u32;
                self.text.push_str(&old);
            }
            self.text.push(' ');
        }
        self.text.push_str(s);
        range.1 = self.text.len() as u32;
    }

    /// The note of `idx`, made empty if it has none.
    fn note_mut(&mut self, idx: usize) -> &mut Note {
        if self.nodes[idx].note == NONE {
            self.nodes[idx].note = self.notes.len() as u32;
            self.notes.push(Note::default());
        }
        let at = self.nodes[idx].note as usize;
        &mut self.notes[at]
    }
}

/// A move that could not be read: the text and the board it was read on.
struct BadMove {
    san: String,
    pos: Position,
}

/// python-chess's boards while reading: the position and how many moves its stack holds.
#[derive(Clone, Copy)]
struct Line {
    pos: Position,
    plies: u32,
}

/// Builds the tree as python-chess's `read_game` with `GameBuilder` does, from the library
/// reader's callbacks.
struct Builder<'a> {
    /// The movetext read: comments are slices of it, and the byte before one says whether
    /// it was a `{` comment or a `;` comment (python-chess drops the latter).
    text: &'a [u8],
    tree: Tree,
    variation_stack: Vec<u32>,
    board_stack: Vec<Line>,
    starting_comment: String,
    in_variation: bool,
    skip: u32,
    result: Option<&'static str>,
    bad: Vec<BadMove>,
    warnings: Vec<GameWarning>,
    desync: bool,
}

impl<'a> Builder<'a> {
    fn new(text: &'a [u8], start: Position) -> Builder<'a> {
        Builder {
            text,
            tree: Tree::new(start),
            variation_stack: vec![0],
            board_stack: vec![Line {
                pos: start,
                plies: 0,
            }],
            starting_comment: String::new(),
            in_variation: false,
            skip: 0,
            result: None,
            bad: Vec::new(),
            warnings: Vec::new(),
            desync: false,
        }
    }

    /// Starts over for the next game from `start`, keeping the buffers; what the last
    /// game gave is taken (`take`) before.
    fn reset(&mut self, start: Position) {
        self.tree.nodes.clear();
        self.tree.nodes.push(Tree::new_root());
        self.tree.pos.clear();
        self.tree.pos.push(start);
        self.tree.notes.clear();
        self.tree.text.clear();
        self.variation_stack.clear();
        self.variation_stack.push(0);
        self.board_stack.clear();
        self.board_stack.push(Line {
            pos: start,
            plies: 0,
        });
        self.starting_comment.clear();
        self.in_variation = false;
        self.skip = 0;
        self.result = None;
        self.bad.clear();
        self.warnings.clear();
        self.desync = false;
    }

    /// The game read, as [`GameData`] from `root`: the tree copied out at its size (the
    /// builder keeps its buffers for the next game).
    fn take(&mut self, root: Board) -> GameData {
        GameData {
            root,
            result: self.result,
            warnings: self.warnings.iter().map(ToString::to_string).collect(),
            tag_raw: Vec::new(),
            tag_ends: Vec::new(),
            tree: Tree {
                nodes: taken(&mut self.tree.nodes),
                pos: taken(&mut self.tree.pos),
                notes: taken(&mut self.tree.notes),
                text: {
                    let room = self.tree.text.len().clamp(64, 4096);
                    std::mem::replace(&mut self.tree.text, String::with_capacity(room))
                },
            },
            bad: std::mem::take(&mut self.bad),
            desync: self.desync,
            text: None,
        }
    }

    fn top(&self) -> u32 {
        *self.variation_stack.last().unwrap_or(&0)
    }

    fn line(&self) -> &Line {
        &self.board_stack[self.board_stack.len() - 1]
    }

    fn warn(&mut self, text: &[u8], reason: WarningKind) {
        let ply = self.line().plies;
        let mut token = String::from_utf8_lossy(text).into_owned();
        if token.len() > 40 {
            let mut end = 40;
            while !token.is_char_boundary(end) {
                end -= 1;
            }
            token.truncate(end);
            token.push_str("...");
        }
        if !self.warnings.iter().any(|w| w.reason == reason) {
            self.warnings.push(GameWarning {
                ply,
                text: token,
                reason,
            });
        }
    }

    /// A move read on the top board: added after the top node (python-chess's `visit_move`
    /// and `board.push`).
    fn visit_move(&mut self, m: QMove) {
        // Positions are played and compared where they are: each copy is a call to memcpy.
        let parent = self.top();
        let last = self.board_stack.len() - 1;
        let line = &mut self.board_stack[last];
        let parent_pos = &self.tree.pos[parent as usize];
        let id = if *parent_pos == line.pos {
            play(&mut line.pos, m);
            line.plies += 1;
            self.tree.push(parent, m, &line.pos)
        } else {
            self.desync = true;
            let legal = m == QMove::NULL || parent_pos.is_legal(m);
            let mut p = if legal { *parent_pos } else { line.pos };
            play(&mut line.pos, m);
            line.plies += 1;
            if legal {
                play(&mut p, m);
            } else {
                p = line.pos;
            }
            self.tree.push(parent, m, &p)
        };
        if !self.starting_comment.is_empty() {
            let mut range = (0, 0);
            self.tree.append(&mut range, &self.starting_comment);
            self.tree.note_mut(id as usize).starting_comment = range;
            self.starting_comment.clear();
        }
        let last = self.variation_stack.len() - 1;
        self.variation_stack[last] = id;
        self.in_variation = true;
    }

    /// A token python-chess reads as a move.
    fn read_move(&mut self, text: &[u8]) {
        match self.line().pos.parse_pgn_move(text) {
            Ok(m) => {
                if m == QMove::NULL {
                    self.warn(text, WarningKind::NullMove);
                } else if text.starts_with(b"0-0") {
                    self.warn(text, WarningKind::CastlingWithZeros);
                }
                self.visit_move(m);
            }
            Err(MoveError::NullMoveInCheck) => {
                // python-chess passes in check too; the library cannot: replay in Python.
                self.desync = true;
                let pos = self.line().pos;
                self.bad_move(text, pos);
            }
            Err(_) => {
                let pos = self.line().pos;
                self.bad_move(text, pos);
            }
        }
    }

    fn bad_move(&mut self, text: &[u8], pos: Position) {
        self.bad.push(BadMove {
            san: String::from_utf8_lossy(text).into_owned(),
            pos,
        });
        self.skip = 1;
    }
}

/// The items of `v`, moved out without a copy, `v` left empty with room for about as many
/// (so that the next game's tree seldom grows by steps; between 64 and 256, so that one
/// long game does not make every later one hold room it does not use). The room left over
/// in the vector taken is not given back: shrinking a vector of 64-byte aligned positions
/// copies it, which costs more than the game's reading spends on its positions otherwise.
fn taken<T>(v: &mut Vec<T>) -> Vec<T> {
    let room = v.len().clamp(64, 256);
    std::mem::replace(v, Vec::with_capacity(room))
}

/// Plays a move of the tree: the null move passes.
fn play(pos: &mut Position, m: QMove) {
    if m == QMove::NULL {
        if let Ok(next) = pos.null_move() {
            *pos = next;
        }
    } else {
        pos.play_unchecked(m);
    }
}

/// The moves python-chess's tokenizer finds in a word of movetext, left to right: SAN-like
/// text (`[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8]`, then `=?` and a piece letter), a drop,
/// castling with letters or zeros, or a null move; what it does not find it skips without a word
/// (so `hxg6e.p.` is `hxg6`, `Kxx` nothing).
fn python_chess_moves(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < text.len() {
            // Check and mate signs, annotation marks: no move starts there.
            if matches!(text[i], b'+' | b'#' | b'!' | b'?') {
                i += 1;
                continue;
            }
            if let Some(n) = move_at(&text[i..]) {
                let m = &text[i..i + n];
                i += n;
                return Some(m);
            }
            i += 1;
        }
        None
    })
}

/// The classes of bytes that python-chess's move pattern tells apart before the square.
const OTHER: u8 = 0;
const PIECE: u8 = 1;
const FILE: u8 = 2;
const RANK: u8 = 3;
const SEPARATOR: u8 = 4;

/// Each byte's class.
static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'N' | b'B' | b'K' | b'R' | b'Q' => PIECE,
            b'a'..=b'h' => FILE,
            b'1'..=b'8' => RANK,
            b'-' | b'x' => SEPARATOR,
            _ => OTHER,
        };
        b += 1;
    }
    table
};

/// Where the square of python-chess's pattern `[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8]` ends
/// (0: no match) for each six byte classes at the start of a token (the first the least
/// significant digit in base 5): the optional parts are tried as its backtracking does,
/// each present before absent, so that a table read replaces up to 16 tries per token.
static SQUARE_END: [u8; 15625] = {
    const fn end(c: &[u8; 6], part: usize, i: usize) -> u8 {
        if part == 4 {
            return if c[i] == FILE && c[i + 1] == RANK {
                (i + 2) as u8
            } else {
                0
            };
        }
        let want = [PIECE, FILE, RANK, SEPARATOR][part];
        if c[i] == want {
            let e = end(c, part + 1, i + 1);
            if e != 0 {
                return e;
            }
        }
        end(c, part + 1, i)
    }
    let mut table = [0; 15625];
    let mut index = 0;
    while index < 15625 {
        let mut c = [0; 6];
        let mut rest = index;
        let mut k = 0;
        while k < 6 {
            c[k] = (rest % 5) as u8;
            rest /= 5;
            k += 1;
        }
        table[index] = end(&c, 0, 0);
        index += 1;
    }
    table
};

/// The length of the move token at the start of `t`, as python-chess's pattern finds it.
fn move_at(t: &[u8]) -> Option<usize> {
    let at = |i: usize| t.get(i).copied().unwrap_or(0);
    let mut index = 0;
    for k in (0..6).rev() {
        index = index * 5 + usize::from(CLASS[usize::from(at(k))]);
    }
    let end = SQUARE_END[index];
    if end != 0 {
        let mut i = usize::from(end);
        let piece = |b: u8| {
            matches!(
                b,
                b'n' | b'b' | b'r' | b'q' | b'k' | b'N' | b'B' | b'R' | b'Q' | b'K'
            )
        };
        if at(i) == b'=' && piece(at(i + 1)) {
            i += 2;
        } else if piece(at(i)) {
            i += 1;
        }
        return Some(i);
    }
    // A drop (`P@e4`, `@e4`): python-chess's pattern reads it as a move, which its board
    // then refuses (an error that ends the line), where skipping the `P@` would read `e4`.
    let drop = usize::from(matches!(at(0), b'P' | b'N' | b'B' | b'R' | b'Q' | b'K'));
    if at(drop) == b'@'
        && CLASS[usize::from(at(drop + 1))] == FILE
        && CLASS[usize::from(at(drop + 2))] == RANK
    {
        return Some(drop + 3);
    }
    for form in [
        &b"--"[..],
        b"Z0",
        b"0000",
        b"@@@@",
        b"O-O-O",
        b"O-O",
        b"0-0-0",
        b"0-0",
    ] {
        if t.starts_with(form) {
            return Some(form.len());
        }
    }
    None
}

/// python-chess's comment text: one space after `{` and one before `}` dropped.
fn comment_text(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    let mut s = raw;
    if let [b' ', rest @ ..] = s {
        s = rest;
    }
    if let [rest @ .., b' '] = s {
        s = rest;
    }
    utf8_lossy(s)
}

/// `String::from_utf8_lossy`, with valid text (nearly all) checked by `str::from_utf8`,
/// which is several times faster than the lossy scan.
fn utf8_lossy(s: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(s) {
        Ok(t) => std::borrow::Cow::Borrowed(t),
        Err(_) => String::from_utf8_lossy(s),
    }
}

impl Visitor for Builder<'_> {
    type Output = ();

    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        for m in python_chess_moves(text) {
            if self.skip > 0 {
                break;
            }
            self.read_move(m);
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        if self.skip == 0 {
            let top = self.top() as usize;
            let nag = u32::from(nag.0);
            let nags = &mut self.tree.note_mut(top).nags;
            if !nags.contains(&nag) {
                nags.push(nag);
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        if self.skip > 0 {
            return ControlFlow::Continue(());
        }
        // A `;` comment (the byte before the text) is not visited by python-chess.
        let at = (text.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        if at == 0 || at > self.text.len() || self.text[at - 1] != b'{' {
            return ControlFlow::Continue(());
        }
        let comment = comment_text(text);
        if comment.is_empty() {
            return ControlFlow::Continue(());
        }
        let top = self.top() as usize;
        let node = self.tree.nodes[top];
        if self.in_variation || (node.parent == NONE && node.first_child == NONE) {
            let mut range = self.tree.note_mut(top).comment;
            self.tree.append(&mut range, &comment);
            self.tree.note_mut(top).comment = range;
        } else {
            if !self.starting_comment.is_empty() {
                self.starting_comment.push(' ');
            }
            self.starting_comment.push_str(&comment);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        if self.skip > 0 {
            self.skip += 1;
        } else if self.line().plies > 0 {
            let top = self.top() as usize;
            let parent = self.tree.nodes[top].parent;
            if parent == NONE {
                // python-chess's builder asserts here; the trees differ: replay in Python.
                self.desync = true;
                self.variation_stack.push(0);
            } else {
                self.variation_stack.push(parent);
            }
            self.in_variation = false;
            let line = *self.line();
            let mut before = self.tree.pos[top];
            if line.pos == self.tree.pos[top] && top != 0 {
                before = self.tree.pos[self.tree.nodes[top].parent as usize];
            } else {
                self.desync = true;
            }
            self.board_stack.push(Line {
                pos: before,
                plies: line.plies - 1,
            });
        }
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        if self.skip == 1 {
            self.skip = 0;
            self.variation_stack.pop();
            if self.variation_stack.is_empty() {
                self.desync = true;
                self.variation_stack.push(0);
            }
            if self.board_stack.len() > 1 {
                // python-chess keeps the variation's board: the stacks part ways.
                self.desync = true;
            }
        } else if self.skip > 1 {
            self.skip -= 1;
        } else if self.board_stack.len() > 1 {
            self.variation_stack.pop();
            self.board_stack.pop();
            if self.variation_stack.is_empty() {
                self.desync = true;
                self.variation_stack.push(0);
            }
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        if self.skip > 0 {
            return ControlFlow::Continue(());
        }
        if self.board_stack.len() == 1 {
            // python-chess's builder sets `[Result]` while it is `*`: the first other
            // marker wins.
            if self.result.is_none_or(|r| r == "*") {
                self.result = Some(result.as_str());
            }
        } else {
            // Inside a variation python-chess reads a result as a move, which fails.
            let line = self.line();
            self.bad_move(result.as_str().as_bytes(), line.pos);
        }
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        // python-chess reads on where the library sees an error: forgiven, with a warning.
        // A `)` without a variation still ends python-chess's skipping, and a result in a
        // variation is a move to it (which fails).
        match error.kind {
            SyntaxErrorKind::UnmatchedParenthesis => {
                let _ = self.end_variation();
            }
            SyntaxErrorKind::ResultInVariation if self.skip == 0 => {
                let pos = self.line().pos;
                self.bad_move(token, pos);
            }
            _ => {}
        }
        self.warn(token, WarningKind::Syntax(error.kind));
        ControlFlow::Continue(())
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.warn(token, WarningKind::Syntax(warning.kind));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) {}
}

/// A game read into flat arrays, for the Python tree (`quadboard._quadboard.GameData`).
#[pyclass(frozen, module = "quadboard._quadboard")]
pub struct GameData {
    tree: Tree,
    /// The board the game starts from (empty stack).
    root: Board,
    result: Option<&'static str>,
    bad: Vec<BadMove>,
    warnings: Vec<String>,
    /// The tags read by `read_games`, in file order: names and values one after the other
    /// in `tag_raw` as written (decoded when asked for: most games' tags are never read),
    /// each pair's two ends in `tag_ends`.
    tag_raw: Vec<u8>,
    tag_ends: Vec<(u32, u32)>,
    desync: bool,
    /// The game's text, when Python must read it (`read_games`; see `read_all`).
    text: Option<String>,
}

/// Reads `text` (one game's movetext, or a whole game) from `root`.
fn build<'a>(text: &'a [u8], root: &Board) -> Builder<'a> {
    let mut builder = Builder::new(text, *root.pos);
    read_on(text, &mut builder);
    builder
}

/// Reads every library game of `text` into `visitor`: text after a result is read on
/// (python-chess does), later library games feeding the same visitor. The comments right
/// after each result, which the library's reader drops, are given to it too: python-chess
/// reads them as comments of the game's last node.
fn read_on<V: Visitor<Output = ()>>(text: &[u8], visitor: &mut V) {
    let mut reader = Reader::new(text);
    loop {
        let start = reader.offset() as usize;
        if reader
            .read_game(visitor)
            .unwrap_or_else(|e| match e {})
            .is_none()
        {
            break;
        }
        let end = (reader.offset() as usize).min(text.len());
        for comment in trailing_comments(text.get(start..end).unwrap_or_default()) {
            let _ = visitor.comment(comment);
        }
    }
}

/// The `{` comments (their text, in order) that end `game`, one library game's text,
/// after its termination marker; none when no marker comes before them.
fn trailing_comments(game: &[u8]) -> Vec<&[u8]> {
    fn trim_end(s: &[u8]) -> &[u8] {
        let n = s
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        &s[..n]
    }
    let mut found = Vec::new();
    let mut rest = trim_end(game);
    while let Some((&b'}', body)) = rest.split_last() {
        // A comment runs from its `{` to the first `}`: this one opened at the first `{`
        // after the `}` before it.
        let from = body.iter().rposition(|&b| b == b'}').map_or(0, |i| i + 1);
        let Some(open) = body[from..].iter().position(|&b| b == b'{') else {
            return Vec::new();
        };
        found.push(&body[from + open + 1..]);
        rest = trim_end(&body[..from + open]);
    }
    let marker = [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].iter().any(|m| {
        rest.ends_with(m)
            && rest[..rest.len() - m.len()]
                .last()
                .is_none_or(|&b| b.is_ascii_whitespace() || b == b'}' || b == b')')
    });
    if !marker {
        return Vec::new();
    }
    found.reverse();
    found
}

/// One game of `read_games`: its tags collected and its movetext read into the tree in
/// the same pass, unless a tag says the start position is not the standard one (then the
/// movetext is skipped: the Python reader sets that position up as python-chess does).
struct WholeGame<'a> {
    builder: Builder<'a>,
    tag_raw: Vec<u8>,
    tag_ends: Vec<(u32, u32)>,
    special: bool,
}

impl Visitor for WholeGame<'_> {
    type Output = ();
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if matches!(name, b"FEN" | b"SetUp" | b"Variant") {
            self.special = true;
        }
        self.tag_raw.extend_from_slice(name);
        let name_end = self.tag_raw.len() as u32;
        self.tag_raw.extend_from_slice(value.as_bytes());
        self.tag_ends.push((name_end, self.tag_raw.len() as u32));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        if self.special {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.builder.san(text)
    }
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.builder.nag(nag)
    }
    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.builder.comment(text)
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.builder.begin_variation()
    }
    fn end_variation(&mut self) -> ControlFlow<()> {
        self.builder.end_variation()
    }
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.builder.result(result)
    }
    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.builder.syntax_error(error, token)
    }
    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.builder.syntax_warning(warning, token)
    }
    fn end_game(&mut self) {}
}

impl GameData {
    fn from_builder(builder: Builder<'_>, root: Board) -> GameData {
        GameData {
            root,
            result: builder.result,
            warnings: builder.warnings.iter().map(ToString::to_string).collect(),
            tag_raw: Vec::new(),
            tag_ends: Vec::new(),
            tree: builder.tree,
            bad: builder.bad,
            desync: builder.desync,
            text: None,
        }
    }

    /// The games of `bytes` (whole games, tags and movetext), for `read_games`, each read
    /// in one pass. A game with a `[FEN]`, `[SetUp]` or `[Variant]` tag keeps its text
    /// instead, for the Python reader (which sets up the start position as python-chess
    /// does); so does a tree that is `desync` or has moves that could not be read
    /// (python-chess's board may read them).
    pub fn read_all(bytes: &[u8]) -> Vec<GameData> {
        let start = Position::new();
        let root = Board::from_position(start, false);
        let mut reader = Reader::new(bytes).keep_games(true);
        let mut games = Vec::new();
        let mut game = WholeGame {
            builder: Builder::new(bytes, start),
            tag_raw: Vec::new(),
            tag_ends: Vec::new(),
            special: false,
        };
        loop {
            let read = reader.read_game(&mut game).unwrap_or_else(|e| match e {});
            if read.is_none() {
                return games;
            }
            // As `read_on` does for `read_game`'s text.
            for comment in trailing_comments(reader.last_game_bytes()) {
                let _ = game.builder.comment(comment);
            }
            let mut data = game.builder.take(root.clone());
            let room = game.tag_raw.len().clamp(64, 4096);
            data.tag_raw = std::mem::replace(&mut game.tag_raw, Vec::with_capacity(room));
            data.tag_ends = taken(&mut game.tag_ends);
            if game.special || data.desync || !data.bad.is_empty() {
                data.text = Some(String::from_utf8_lossy(reader.last_game_bytes()).into_owned());
            }
            games.push(data);
            game.builder.reset(start);
            game.special = false;
        }
    }

    /// The tags, as (name, value) pairs in file order: a UTF-8 value as written, escapes
    /// included (as python-chess's tag pattern and `tag_pairs` read it); a value that is
    /// not UTF-8 (which python-chess cannot read from a UTF-8 text file) as
    /// [`RawTag::decode`] reads it, from Windows-1252.
    fn tag_pairs(&self) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
        let mut from = 0;
        self.tag_ends.iter().map(move |&(n, v)| {
            let name = &self.tag_raw[from..n as usize];
            let value = &self.tag_raw[n as usize..v as usize];
            from = v as usize;
            let value = match std::str::from_utf8(value) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => Cow::Owned(RawTag(value).decode()),
            };
            (utf8_lossy(name), value)
        })
    }

    /// The board at node `idx`, with the moves from the root on its stack.
    fn board_at(&self, idx: usize) -> Board {
        let nodes = &self.tree.nodes;
        let mut path = Vec::new();
        let mut at = idx;
        while at != 0 {
            path.push(at);
            at = nodes[at].parent as usize;
        }
        let mut board = self.root.clone();
        board.stack.reserve_exact(path.len());
        board.stack.extend(path.iter().rev().map(|&i| {
            let before = &self.tree.pos[nodes[i].parent as usize];
            Entry {
                before: *before,
                loose: false,
                castling_raw: before.castling_rooks(),
                m: nodes[i].m,
                ep_kept: None,
            }
        }));
        *board.pos = self.tree.pos[idx];
        board.castling_raw = board.pos.castling_rooks();
        board
    }

    fn check(&self, idx: usize) -> PyResult<()> {
        if idx < self.tree.nodes.len() {
            Ok(())
        } else {
            Err(pyo3::exceptions::PyIndexError::new_err("no such node"))
        }
    }

    /// The Python `Move` of node `idx` (not the root), as played from its parent.
    fn move_of(&self, py: Python<'_>, table: &[Py<MoveObj>], idx: usize) -> PyResult<Py<MoveObj>> {
        let node = &self.tree.nodes[idx];
        let before = &self.tree.pos[node.parent as usize];
        self.root.to_py(before, node.m).object_in(py, table)
    }

    /// Makes the node object of node `idx` (not the root) of the Python class `cls`, with
    /// `object.__new__`, and gives it its attributes: `_parent`, `_move`, `_vars` (None: not
    /// made yet), `_src`, `_idx`, `comment`, `starting_comment`, `_nags` (None without
    /// NAGs); registers it in `nodes` (index to node).
    #[allow(clippy::too_many_arguments)]
    fn new_node<'py>(
        &self,
        py: Python<'py>,
        table: &[Py<MoveObj>],
        new: &Bound<'py, PyAny>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        parent: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let obj = new.call1((cls,))?;
        obj.setattr(intern!(py, "_parent"), parent)?;
        obj.setattr(intern!(py, "_move"), self.move_of(py, table, idx)?)?;
        obj.setattr(intern!(py, "_vars"), py.None())?;
        obj.setattr(intern!(py, "_src"), src)?;
        obj.setattr(intern!(py, "_idx"), idx)?;
        let (comment, starting_comment, nags) = match self.tree.note(idx) {
            Some(n) => (
                self.tree.str(n.comment),
                self.tree.str(n.starting_comment),
                n.nags.as_slice(),
            ),
            None => ("", "", &[][..]),
        };
        obj.setattr(intern!(py, "comment"), comment)?;
        obj.setattr(intern!(py, "starting_comment"), starting_comment)?;
        // No set for a node without NAGs: `nags` makes it when asked for.
        if nags.is_empty() {
            obj.setattr(intern!(py, "_nags"), py.None())?;
        } else {
            obj.setattr(intern!(py, "_nags"), PySet::new(py, nags)?)?;
        }
        nodes.set_item(idx, &obj)?;
        Ok(obj)
    }
}

impl GameData {
    /// `make_children`, looking the children up in `nodes` only if `made` (else none of
    /// them is made yet).
    #[allow(clippy::too_many_arguments)]
    fn children_of<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        parent: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
        made: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let table = Move::table(py)?;
        let new = py.get_type::<PyAny>().getattr(intern!(py, "__new__"))?;
        let list = PyList::empty(py);
        for c in self.tree.children(idx) {
            let obj = match if made { nodes.get_item(c)? } else { None } {
                Some(made) => made,
                None => self.new_node(py, table, &new, c as usize, cls, parent, src, nodes)?,
            };
            list.append(obj)?;
        }
        Ok(list)
    }
}

/// The Seven Tag Roster's names as Python strings, made once (dictionary keys).
static ROSTER_KEYS: pyo3::sync::PyOnceLock<Vec<Py<PyString>>> = pyo3::sync::PyOnceLock::new();

/// Tag names met so far with their Python strings (dictionary keys whose hash is kept):
/// most files use a dozen names in every game, in the same order, so a search starts after
/// the last name found (`next`). At most `TAG_NAMES_KEPT` are kept.
#[derive(Default)]
struct TagNames {
    names: Vec<(Box<str>, Py<PyString>)>,
    next: usize,
}

/// The tag names of [`TagNames`], for every game's headers.
static TAG_NAMES: pyo3::sync::PyOnceLock<std::sync::Mutex<TagNames>> =
    pyo3::sync::PyOnceLock::new();

/// How many tag names [`TAG_NAMES`] keeps (a file of odd names does not grow it further).
const TAG_NAMES_KEPT: usize = 64;

/// The Python string of a tag name, from `names` when it has it (else added while there is
/// room).
fn tag_name<'py>(py: Python<'py>, names: &mut TagNames, name: &str) -> Bound<'py, PyString> {
    let len = names.names.len();
    for k in 0..len {
        let at = (names.next + k) % len;
        let (n, s) = &names.names[at];
        if &**n == name {
            names.next = at + 1;
            return s.bind(py).clone();
        }
    }
    let s = PyString::intern(py, name);
    if len < TAG_NAMES_KEPT {
        names.names.push((name.into(), s.clone().unbind()));
        names.next = len + 1;
    }
    s
}

/// The Seven Tag Roster with its missing-tag values, copied for each game's headers.
static ROSTER_DEFAULTS: pyo3::sync::PyOnceLock<Py<PyDict>> = pyo3::sync::PyOnceLock::new();

#[pymethods]
impl GameData {
    /// The headers of a game of `read_games` as python-chess's `GameBuilder` makes them:
    /// `(roster, others)`, two new dicts, the Seven Tag Roster's (its defaults, then the
    /// tags read) and the other tags, in file order; tags whose value has a line break
    /// (which python-chess's tag lines cannot hold) are left out, and the movetext's
    /// result is the `Result` while that is `*`.
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let keys = ROSTER_KEYS.get_or_init(py, || {
            SEVEN_TAG_ROSTER
                .iter()
                .map(|(name, _)| PyString::intern(py, name).unbind())
                .collect()
        });
        let defaults = ROSTER_DEFAULTS.get_or_try_init(py, || {
            let d = PyDict::new(py);
            for (key, (_, default)) in keys.iter().zip(SEVEN_TAG_ROSTER) {
                d.set_item(key.bind(py), default)?;
            }
            Ok::<_, PyErr>(d.unbind())
        })?;
        let roster = defaults.bind(py).copy()?;
        let others = PyDict::new(py);
        // Held while the dicts are filled; tried, not waited for (a finalizer run by the
        // collector in between could ask for it again), so at worst names are made anew.
        let mut names = TAG_NAMES
            .get_or_init(py, || std::sync::Mutex::new(TagNames::default()))
            .try_lock()
            .ok();
        let mut result_open = true;
        for (name, value) in self.tag_pairs() {
            let (name, value) = (&*name, &*value);
            if value.bytes().any(|b| b == b'\n' || b == b'\r') {
                continue;
            }
            match SEVEN_TAG_ROSTER.iter().position(|(n, _)| *n == name) {
                Some(i) => {
                    roster.set_item(keys[i].bind(py), value)?;
                    if name == "Result" {
                        result_open = value == "*";
                    }
                }
                None => match names.as_mut() {
                    Some(names) => others.set_item(tag_name(py, names, name), value)?,
                    None => others.set_item(name, value)?,
                },
            }
        }
        if let Some(r) = self.result.filter(|_| result_open) {
            roster.set_item(intern!(py, "Result"), r)?;
        }
        Ok((roster, others))
    }

    /// What a game of `read_games` needs besides its tree, in one call: `(roster, others,
    /// comment, warnings)`, the two dicts of `headers`, the root's comment and `warnings`.
    #[allow(clippy::type_complexity)]
    fn game_parts<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>, &str, Vec<String>)> {
        let (roster, others) = self.headers(py)?;
        Ok((roster, others, self.root_comment(), self.warnings()))
    }

    /// A `Game` of `read_games` (whose text is not kept: no move failed), made in one call
    /// without the constructors (as `object.__new__` does), with the attributes that
    /// `_pgn_tree._game_of` documents: of `game_cls` with `headers` of `headers_cls` (its
    /// `_tags` this object, from which it makes `_roster` and `_others` by `headers` when
    /// first used) and `_src` of `source_cls` (`data`
    /// this object, `game`, `epoch`, `start` (the start tags, `(None, None)`: shared, so
    /// that a game makes one object fewer for the collector), `nodes` `{0: game}`).
    fn make_game<'py>(
        slf: &Bound<'py, Self>,
        game_cls: &Bound<'py, PyAny>,
        headers_cls: &Bound<'py, PyAny>,
        source_cls: &Bound<'py, PyAny>,
        epoch: &Bound<'py, PyAny>,
        start: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let new = py.get_type::<PyAny>().getattr(intern!(py, "__new__"))?;
        let none = py.None();
        let game = new.call1((game_cls,))?;
        game.setattr(intern!(py, "_parent"), &none)?;
        game.setattr(intern!(py, "_move"), &none)?;
        game.setattr(intern!(py, "_idx"), 0)?;
        game.setattr(intern!(py, "_vars"), &none)?;
        game.setattr(intern!(py, "comment"), this.root_comment())?;
        game.setattr(intern!(py, "starting_comment"), intern!(py, ""))?;
        // No set or lists while empty: `nags`, `errors` and `warnings` make them when
        // asked for.
        game.setattr(intern!(py, "_nags"), &none)?;
        game.setattr(intern!(py, "_errors"), &none)?;
        if this.warnings.is_empty() {
            game.setattr(intern!(py, "_warnings"), &none)?;
        } else {
            game.setattr(intern!(py, "_warnings"), PyList::new(py, &this.warnings)?)?;
        }
        // The tags stay here until the headers are used: `Headers.__getattr__` makes the
        // two dicts from `headers` then.
        let headers = new.call1((headers_cls,))?;
        headers.setattr(intern!(py, "_tags"), slf)?;
        game.setattr(intern!(py, "headers"), headers)?;
        let src = new.call1((source_cls,))?;
        src.setattr(intern!(py, "data"), slf)?;
        src.setattr(intern!(py, "game"), &game)?;
        src.setattr(intern!(py, "epoch"), epoch)?;
        src.setattr(intern!(py, "start"), start)?;
        let nodes = PyDict::new(py);
        nodes.set_item(0, &game)?;
        src.setattr(intern!(py, "nodes"), nodes)?;
        game.setattr(intern!(py, "_src"), src)?;
        Ok(game)
    }

    /// The node object of the last node of the main continuation from node `idx` (whose
    /// children are not made), or of the first node on the way whose object has its
    /// children made (see `line_end`): as `make_node` gives it (`lazy` the parent of one
    /// made here). `None` when node `idx` has no children.
    fn line_end_node<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        lazy: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let at = self.line_end(py, idx, nodes)?;
        if at == idx {
            return Ok(None);
        }
        self.make_node(py, at, cls, lazy, src, nodes).map(Some)
    }

    /// The tags read by `read_games`, in file order (empty for `read_game`, which reads
    /// them in Python).
    fn tags(&self) -> Vec<(String, String)> {
        self.tag_pairs()
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect()
    }

    /// The movetext's result as python-chess's builder keeps it (the first marker other
    /// than `*` at the mainline's level, not skipped after an error; else `*` if there was
    /// one), else `None`.
    fn result(&self) -> Option<&'static str> {
        self.result
    }

    /// The root's comment.
    fn root_comment(&self) -> &str {
        self.tree.note(0).map_or("", |n| self.tree.str(n.comment))
    }

    /// The children of node `idx`: `(index, move, comment, starting_comment, nags)` each.
    fn children<'py>(&self, py: Python<'py>, idx: usize) -> PyResult<Bound<'py, PyList>> {
        self.check(idx)?;
        let table = Move::table(py)?;
        let list = PyList::empty(py);
        for c in self.tree.children(idx) {
            let m = self.move_of(py, table, c as usize)?;
            let (comment, starting_comment, nags) = match self.tree.note(c as usize) {
                Some(n) => (
                    self.tree.str(n.comment),
                    self.tree.str(n.starting_comment),
                    n.nags.as_slice(),
                ),
                None => ("", "", &[][..]),
            };
            list.append((c, m, comment, starting_comment, PyTuple::new(py, nags)?))?;
        }
        Ok(list)
    }

    /// The children of node `idx` (whose node object is `parent`) as node objects: those
    /// in `nodes` (index to node object: made before) as they are, the others made as
    /// `make_node` does with `parent` as their `_parent`.
    fn make_children<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        parent: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyList>> {
        self.check(idx)?;
        self.children_of(py, idx, cls, parent, src, nodes, true)
    }

    /// The node object of node `idx` (not the root), made if `nodes` (index to node object)
    /// has none: of the Python class `cls` (by `object.__new__`) with the attributes
    /// `_parent` (`parent`, which stands for one not looked up yet), `_move`, `_vars`
    /// (None: not made yet), `_src`, `_idx`, `comment`, `starting_comment` and `_nags`, and
    /// added to `nodes`.
    fn make_node<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        parent: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if idx == 0 {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "the root is no child",
            ));
        }
        self.check(idx)?;
        if let Some(made) = nodes.get_item(idx)? {
            return Ok(made);
        }
        let table = Move::table(py)?;
        let new = py.get_type::<PyAny>().getattr(intern!(py, "__new__"))?;
        self.new_node(py, table, &new, idx, cls, parent, src, nodes)
    }

    /// Makes the nodes of the main continuation after `node` (node `idx`, whose children
    /// are not made yet) in one call: at each step the children (as `make_children`), set
    /// as the node's `_vars`, then on to the first, while its children are not made.
    fn make_line<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        node: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<()> {
        self.check(idx)?;
        // With only the root made, every node below is made here, children not made.
        let made = nodes.len() > 1;
        let mut at = idx;
        let mut parent = node.clone();
        loop {
            let children = self.children_of(py, at, cls, &parent, src, nodes, made)?;
            parent.setattr(intern!(py, "_vars"), &children)?;
            let first = self.tree.nodes[at].first_child;
            if first == NONE {
                return Ok(());
            }
            parent = children.get_item(0)?;
            if made && !parent.getattr(intern!(py, "_vars"))?.is_none() {
                return Ok(());
            }
            at = first as usize;
        }
    }

    /// Where a walk down the main continuation from node `idx` (whose children are not
    /// made) goes on among node objects: the first node after it whose object in `nodes`
    /// (index to node object) has its children made, else the last node; `idx` itself
    /// when it has no children.
    fn line_end(&self, py: Python<'_>, idx: usize, nodes: &Bound<'_, PyDict>) -> PyResult<usize> {
        self.check(idx)?;
        let made = nodes.len() > 1;
        let mut at = idx;
        loop {
            let next = self.tree.nodes[at].first_child;
            if next == NONE {
                return Ok(at);
            }
            at = next as usize;
            if let Some(made) = if made { nodes.get_item(at)? } else { None } {
                if !made.getattr(intern!(py, "_vars"))?.is_none() {
                    return Ok(at);
                }
            }
        }
    }

    /// The index of node `idx`'s parent (not for the root).
    fn parent(&self, idx: usize) -> PyResult<usize> {
        if idx == 0 {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "the root has no parent",
            ));
        }
        self.check(idx)?;
        Ok(self.tree.nodes[idx].parent as usize)
    }

    /// How many moves lead from the root to node `idx`.
    fn depth(&self, idx: usize) -> PyResult<usize> {
        self.check(idx)?;
        let mut depth = 0;
        let mut at = idx;
        while at != 0 {
            depth += 1;
            at = self.tree.nodes[at].parent as usize;
        }
        Ok(depth)
    }

    /// The moves of the main continuation after node `idx` (whose children are not made),
    /// and where the line goes on among node objects: `(moves, at)`, `at` the first node
    /// after `idx` whose object in `nodes` (index to node object) has its children made
    /// (its move the last of `moves`), else the last node. A node whose object is made
    /// gives its object's `move` (which may have been set).
    fn mainline_moves<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        nodes: &Bound<'py, PyDict>,
    ) -> PyResult<(Bound<'py, PyList>, usize)> {
        self.check(idx)?;
        let table = Move::table(py)?;
        // Most lines are asked for before any node after the root is made: the moves as
        // read, in a list made at its size.
        let made = nodes.len() > 1;
        if !made {
            let (mut len, mut last) = (0, idx);
            while self.tree.nodes[last].first_child != NONE {
                last = self.tree.nodes[last].first_child as usize;
                len += 1;
            }
            let mut at = idx;
            let line = (0..len)
                .map(|_| {
                    at = self.tree.nodes[at].first_child as usize;
                    self.move_of(py, table, at)
                })
                .collect::<PyResult<Vec<_>>>()?;
            return Ok((PyList::new(py, line)?, last));
        }
        let list = PyList::empty(py);
        let mut at = idx;
        loop {
            let next = self.tree.nodes[at].first_child;
            if next == NONE {
                return Ok((list, at));
            }
            at = next as usize;
            match if made { nodes.get_item(at)? } else { None } {
                Some(node) => {
                    list.append(node.getattr(intern!(py, "_move"))?)?;
                    if !node.getattr(intern!(py, "_vars"))?.is_none() {
                        return Ok((list, at));
                    }
                }
                None => list.append(self.move_of(py, table, at)?)?,
            }
        }
    }

    /// The board at node `idx` (the root is 0), its stack the moves from the root.
    fn board(&self, idx: usize) -> PyResult<Board> {
        self.check(idx)?;
        Ok(self.board_at(idx))
    }

    /// The moves that could not be read: `(san, board)` each, the board they were read on.
    fn bad_moves(&self) -> Vec<(String, Board)> {
        self.bad
            .iter()
            .map(|b| {
                let mut board = self.root.clone();
                *board.pos = b.pos;
                board.castling_raw = b.pos.castling_rooks();
                (b.san.clone(), board)
            })
            .collect()
    }

    /// What the library forgave, one message each (`ply <p> <text>: <reason>`).
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The game's text when Python must read it again (`read_games`: a game with a
    /// `[FEN]`, `[SetUp]` or `[Variant]` tag, or a `desync` tree), else `None`.
    fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Whether the tree's moves do not all follow from its positions here (python-chess's
    /// two stacks parted ways, or a null move in check): boards must be replayed.
    fn desync(&self) -> bool {
        self.desync
    }

    /// The same object: the data never changes (so games copy with `copy.deepcopy`).
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// The same object (see `__deepcopy__`).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// Moves in the tree (the root not counted).
    fn __len__(&self) -> usize {
        self.tree.nodes.len() - 1
    }
}

/// Reads the movetext of one game from `board` as python-chess's `read_game` with
/// `GameBuilder` does; `None` when the board is not a legal position (python-chess's
/// rules for those boards are the Python board's: the caller reads there).
#[pyfunction]
pub fn read_movetext(text: &str, board: &Board) -> Option<GameData> {
    if board.loose || !board.stack.is_empty() {
        return None;
    }
    let root = board.clone();
    let text = movetext_only(text.as_bytes());
    let builder = build(&text, &root);
    Some(GameData::from_builder(builder, root))
}

/// The movetext with every `[` outside comments made a blank: python-chess reads its game's
/// lines as movetext to the end (a `[` is no token of its), where the library's reader
/// would start a new game's tags.
fn movetext_only(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !text.contains(&b'[') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.to_vec();
    let (mut brace, mut semicolon) = (false, false);
    for b in &mut out {
        match *b {
            b'}' if brace => brace = false,
            b'\n' if semicolon => semicolon = false,
            _ if brace || semicolon => {}
            b'{' => brace = true,
            b';' => semicolon = true,
            b'[' => *b = b' ',
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The tag pairs of tag lines as python-chess reads them: `[Name "value"]` with the value
/// running to the last `"]` on the line (not unescaped) and nothing but blanks after it;
/// other lines are left out.
#[pyfunction]
pub fn tag_pairs(lines: Vec<String>) -> Vec<(String, String)> {
    lines.iter().filter_map(|l| tag_pair(l)).collect()
}

fn tag_pair(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix('[')?;
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || "_+#=:-".contains(c)))
        .unwrap_or(rest.len());
    let name = &rest[..name_end];
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return None;
    }
    let after = &rest[name_end..];
    let value_start = after.trim_start_matches(char::is_whitespace);
    if value_start.len() == after.len() {
        return None;
    }
    let body = value_start.strip_prefix('"')?;
    // The last `"]` with only blanks after it ends the value.
    let mut end = body.len();
    loop {
        let at = body[..end].rfind("\"]")?;
        if body[at + 2..].chars().all(char::is_whitespace) {
            let value = &body[..at];
            if value.contains('\r') {
                return None;
            }
            return Some((name.to_owned(), value.to_owned()));
        }
        end = at;
    }
}

/// The tokens of a movetext for visitors written in Python: `(kind, value)` with kind 0 a
/// move, 1 a NAG (int), 2 a `{` comment (python-chess's text), 3 `(`, 4 `)`, 5 a result.
#[pyfunction]
pub fn movetext_tokens<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
    let bytes = movetext_only(text.as_bytes());
    let mut tokens = Tokens {
        text: &bytes,
        out: Vec::new(),
    };
    read_on(&bytes, &mut tokens);
    let list = PyList::empty(py);
    for t in tokens.out {
        match t {
            Token::Move(s) => list.append((0, s))?,
            Token::Nag(n) => list.append((1, n))?,
            Token::Comment(s) => list.append((2, s))?,
            Token::Open => list.append((3, py.None()))?,
            Token::Close => list.append((4, py.None()))?,
            Token::Result(s) => list.append((5, s))?,
        }
    }
    Ok(list)
}

enum Token {
    Move(String),
    Nag(u32),
    Comment(String),
    Open,
    Close,
    Result(&'static str),
}

struct Tokens<'a> {
    text: &'a [u8],
    out: Vec<Token>,
}

impl Visitor for Tokens<'_> {
    type Output = ();
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        for m in python_chess_moves(text) {
            self.out
                .push(Token::Move(String::from_utf8_lossy(m).into_owned()));
        }
        ControlFlow::Continue(())
    }
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.out.push(Token::Nag(u32::from(nag.0)));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        let at = (text.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        if at > 0 && at <= self.text.len() && self.text[at - 1] == b'{' {
            self.out
                .push(Token::Comment(comment_text(text).into_owned()));
        }
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.out.push(Token::Open);
        ControlFlow::Continue(())
    }
    fn end_variation(&mut self) -> ControlFlow<()> {
        self.out.push(Token::Close);
        ControlFlow::Continue(())
    }
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.out.push(Token::Result(result.as_str()));
        ControlFlow::Continue(())
    }
    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        // As the tree's builder reads them (see there).
        match error.kind {
            SyntaxErrorKind::UnmatchedParenthesis => self.out.push(Token::Close),
            SyntaxErrorKind::ResultInVariation => self
                .out
                .push(Token::Move(String::from_utf8_lossy(token).into_owned())),
            _ => {}
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) {}
}
