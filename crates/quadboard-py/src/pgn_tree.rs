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

use std::ops::ControlFlow;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySet, PyTuple};
use quadboard_chess::pgn::{
    GameWarning, MoveError, Nag, RawTag, Reader, SyntaxError, SyntaxErrorKind, Termination,
    Visitor, WarningKind,
};
use quadboard_chess::{Move as QMove, Position};

use crate::board::{Board, Entry};
use crate::moves::Move;

/// One node of the tree: index 0 is the root.
struct NodeData {
    parent: u32,
    m: QMove,
    /// The position after the move (the start position at the root).
    pos: Position,
    comment: String,
    starting_comment: String,
    /// In the order first seen, without repeats (python-chess keeps a set).
    nags: Vec<u32>,
    children: Vec<u32>,
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
    nodes: Vec<NodeData>,
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
            nodes: vec![NodeData {
                parent: u32::MAX,
                m: QMove::NULL,
                pos: start,
                comment: String::new(),
                starting_comment: String::new(),
                nags: Vec::new(),
                children: Vec::new(),
            }],
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

    fn top(&self) -> u32 {
        *self.variation_stack.last().unwrap_or(&0)
    }

    fn line(&self) -> Line {
        self.board_stack[self.board_stack.len() - 1]
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
        let line = self.line();
        let mut next = line.pos;
        play(&mut next, m);
        let last = self.board_stack.len() - 1;
        self.board_stack[last] = Line {
            pos: next,
            plies: line.plies + 1,
        };
        let parent = self.top();
        let parent_pos = self.nodes[parent as usize].pos;
        let pos = if parent_pos == line.pos {
            next
        } else if m == QMove::NULL || parent_pos.is_legal(m) {
            self.desync = true;
            let mut p = parent_pos;
            play(&mut p, m);
            p
        } else {
            self.desync = true;
            next
        };
        let id = self.nodes.len() as u32;
        self.nodes.push(NodeData {
            parent,
            m,
            pos,
            comment: String::new(),
            starting_comment: std::mem::take(&mut self.starting_comment),
            nags: Vec::new(),
            children: Vec::new(),
        });
        self.nodes[parent as usize].children.push(id);
        let last = self.variation_stack.len() - 1;
        self.variation_stack[last] = id;
        self.in_variation = true;
    }

    /// A token python-chess reads as a move.
    fn read_move(&mut self, text: &[u8]) {
        let line = self.line();
        match line.pos.parse_pgn_move(text) {
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
                self.bad_move(text, line.pos);
            }
            Err(_) => self.bad_move(text, line.pos),
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
/// text (`[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8]`, then `=?` and a piece letter), castling
/// with letters or zeros, or a null move; what it does not find it skips without a word
/// (so `hxg6e.p.` is `hxg6`, `Kxx` nothing).
fn python_chess_moves(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        match move_at(&text[i..]) {
            Some(n) => {
                out.push(&text[i..i + n]);
                i += n;
            }
            None => i += 1,
        }
    }
    out
}

/// The length of the move token at the start of `t`, trying the forms in python-chess's
/// order, each optional part present before absent.
fn move_at(t: &[u8]) -> Option<usize> {
    let file = |b: u8| (b'a'..=b'h').contains(&b);
    let rank = |b: u8| (b'1'..=b'8').contains(&b);
    let at = |i: usize| t.get(i).copied().unwrap_or(0);
    for mask in (0..16u8).rev() {
        let mut i = 0;
        let mut ok = true;
        for (bit, test) in [
            (8u8, &(|b: u8| b"NBKRQ".contains(&b)) as &dyn Fn(u8) -> bool),
            (4, &file),
            (2, &rank),
            (1, &|b: u8| b == b'-' || b == b'x'),
        ] {
            if mask & bit != 0 {
                if test(at(i)) {
                    i += 1;
                } else {
                    ok = false;
                    break;
                }
            }
        }
        if ok && file(at(i)) && rank(at(i + 1)) {
            i += 2;
            let piece = |b: u8| b"nbrqkNBRQK".contains(&b);
            if at(i) == b'=' && piece(at(i + 1)) {
                i += 2;
            } else if piece(at(i)) {
                i += 1;
            }
            return Some(i);
        }
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
fn comment_text(raw: &[u8]) -> String {
    let mut s = raw;
    if let [b' ', rest @ ..] = s {
        s = rest;
    }
    if let [rest @ .., b' '] = s {
        s = rest;
    }
    match std::str::from_utf8(s) {
        Ok(t) => t.to_owned(),
        Err(_) => String::from_utf8_lossy(s).into_owned(),
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
            if !self.nodes[top].nags.contains(&nag) {
                self.nodes[top].nags.push(nag);
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
        let top = self.top() as usize;
        let target = if self.in_variation
            || (self.nodes[top].parent == u32::MAX && self.nodes[top].children.is_empty())
        {
            &mut self.nodes[top].comment
        } else {
            &mut self.starting_comment
        };
        if !comment.is_empty() {
            if !target.is_empty() {
                target.push(' ');
            }
            target.push_str(&comment);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        if self.skip > 0 {
            self.skip += 1;
        } else if self.line().plies > 0 {
            let top = self.top() as usize;
            let parent = self.nodes[top].parent;
            if parent == u32::MAX {
                // python-chess's builder asserts here; the trees differ: replay in Python.
                self.desync = true;
                self.variation_stack.push(0);
            } else {
                self.variation_stack.push(parent);
            }
            self.in_variation = false;
            let line = self.line();
            let mut before = self.nodes[top].pos;
            if line.pos == self.nodes[top].pos && top != 0 {
                before = self.nodes[self.nodes[top].parent as usize].pos;
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
    nodes: Vec<NodeData>,
    /// The board the game starts from (empty stack).
    root: Board,
    result: Option<&'static str>,
    bad: Vec<BadMove>,
    warnings: Vec<String>,
    tags: Vec<(String, String)>,
    desync: bool,
    /// The game's text, when Python must read it (`read_games`; see `read_whole`).
    text: Option<String>,
}

/// Reads `text` (one game's movetext, or a whole game) from `root`.
fn build<'a>(text: &'a [u8], root: &Board) -> Builder<'a> {
    let mut builder = Builder::new(text, root.pos);
    let mut reader = Reader::new(text);
    // Text after a result is read on (python-chess does): later library games feed the
    // same builder.
    while reader
        .read_game(&mut builder)
        .unwrap_or_else(|e| match e {})
        .is_some()
    {}
    builder
}

impl GameData {
    fn from_builder(builder: Builder<'_>, root: Board) -> GameData {
        GameData {
            root,
            result: builder.result,
            warnings: builder.warnings.iter().map(ToString::to_string).collect(),
            tags: Vec::new(),
            nodes: builder.nodes,
            bad: builder.bad,
            desync: builder.desync,
            text: None,
        }
    }

    /// A whole game of `read_games` (tags and movetext). A game with a `[FEN]`,
    /// `[SetUp]` or `[Variant]` tag keeps its text instead, for the Python reader (which
    /// sets up the start position as python-chess does); so does a tree that is `desync`
    /// or has moves that could not be read (python-chess's board may read them).
    pub fn read_whole(text: &[u8]) -> GameData {
        let mut tags = TagsOnly(Vec::new());
        let _ = Reader::new(text).read_game(&mut tags);
        let tags = tags.0;
        let root = Board::from_position(Position::new(), false);
        let special = tags
            .iter()
            .any(|(n, _)| n == "FEN" || n == "SetUp" || n == "Variant");
        let mut data = if special {
            GameData::from_builder(Builder::new(text, root.pos), root)
        } else {
            let builder = build(text, &root);
            GameData::from_builder(builder, root)
        };
        data.tags = tags;
        if special || data.desync || !data.bad.is_empty() {
            data.text = Some(String::from_utf8_lossy(text).into_owned());
        }
        data
    }

    /// The board at node `idx`, with the moves from the root on its stack.
    fn board_at(&self, idx: usize) -> Board {
        let mut path = Vec::new();
        let mut at = idx;
        while at != 0 {
            path.push(at);
            at = self.nodes[at].parent as usize;
        }
        let mut board = self.root.clone();
        board.stack.reserve_exact(path.len());
        for &i in path.iter().rev() {
            let before = self.nodes[self.nodes[i].parent as usize].pos;
            board.stack.push(Entry {
                before,
                loose: false,
                castling_raw: before.castling_rooks(),
                m: self.nodes[i].m,
            });
        }
        board.pos = self.nodes[idx].pos;
        board.castling_raw = board.pos.castling_rooks();
        board
    }
}

/// Collects the tags of one game and skips its movetext.
struct TagsOnly(Vec<(String, String)>);

impl Visitor for TagsOnly {
    type Output = ();
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.0
            .push((String::from_utf8_lossy(name).into_owned(), value.decode()));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
    fn end_game(&mut self) {}
}

#[pymethods]
impl GameData {
    /// The tags read by `read_games`, in file order (empty for `read_game`, which reads
    /// them in Python).
    fn tags(&self) -> Vec<(String, String)> {
        self.tags.clone()
    }

    /// The movetext's result as python-chess's builder keeps it (the first marker other
    /// than `*` at the mainline's level, not skipped after an error; else `*` if there was
    /// one), else `None`.
    fn result(&self) -> Option<&'static str> {
        self.result
    }

    /// The root's comment.
    fn root_comment(&self) -> &str {
        &self.nodes[0].comment
    }

    /// The children of node `idx`: `(index, move, comment, starting_comment, nags)` each.
    fn children<'py>(&self, py: Python<'py>, idx: usize) -> PyResult<Bound<'py, PyList>> {
        let Some(node) = self.nodes.get(idx) else {
            return Err(pyo3::exceptions::PyIndexError::new_err("no such node"));
        };
        let table = Move::table(py)?;
        let list = PyList::empty(py);
        for &c in &node.children {
            let child = &self.nodes[c as usize];
            let m = self.root.to_py(&node.pos, child.m).object_in(py, table);
            let nags = PyTuple::new(py, &child.nags)?;
            list.append((
                c,
                m,
                child.comment.as_str(),
                child.starting_comment.as_str(),
                nags,
            ))?;
        }
        Ok(list)
    }

    /// The children of node `idx` as nodes of the Python class `cls` (made with
    /// `object.__new__`, then given their attributes: `_parent`, `_move`, `_vars` (None:
    /// not made yet), `_src`, `_idx`, `comment`, `starting_comment`, `nags`).
    fn make_children<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        parent: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let Some(node) = self.nodes.get(idx) else {
            return Err(pyo3::exceptions::PyIndexError::new_err("no such node"));
        };
        let table = Move::table(py)?;
        let new = py.get_type::<PyAny>().getattr(intern!(py, "__new__"))?;
        let none = py.None();
        let list = PyList::empty(py);
        for &c in &node.children {
            let child = &self.nodes[c as usize];
            let obj = new.call1((cls,))?;
            let m = self.root.to_py(&node.pos, child.m).object_in(py, table);
            obj.setattr(intern!(py, "_parent"), parent)?;
            obj.setattr(intern!(py, "_move"), m)?;
            obj.setattr(intern!(py, "_vars"), &none)?;
            obj.setattr(intern!(py, "_src"), src)?;
            obj.setattr(intern!(py, "_idx"), c)?;
            obj.setattr(intern!(py, "comment"), child.comment.as_str())?;
            obj.setattr(
                intern!(py, "starting_comment"),
                child.starting_comment.as_str(),
            )?;
            obj.setattr(intern!(py, "nags"), PySet::new(py, &child.nags)?)?;
            list.append(obj)?;
        }
        Ok(list)
    }

    /// Makes the nodes of the main continuation after `node` (node `idx`, whose children
    /// are not made yet) in one call: at each step the children (as `make_children`), set
    /// as the node's `_vars`, then on to the first.
    fn make_line<'py>(
        &self,
        py: Python<'py>,
        idx: usize,
        cls: &Bound<'py, PyAny>,
        node: &Bound<'py, PyAny>,
        src: &Bound<'py, PyAny>,
    ) -> PyResult<()> {
        let mut at = idx;
        let mut parent = node.clone();
        loop {
            let children = self.make_children(py, at, cls, &parent, src)?;
            parent.setattr(intern!(py, "_vars"), &children)?;
            let Some(&first) = self.nodes[at].children.first() else {
                return Ok(());
            };
            parent = children.get_item(0)?;
            at = first as usize;
        }
    }

    /// The moves of the main continuation after node `idx`.
    fn mainline_moves<'py>(&self, py: Python<'py>, idx: usize) -> PyResult<Bound<'py, PyList>> {
        if idx >= self.nodes.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err("no such node"));
        }
        let table = Move::table(py)?;
        let list = PyList::empty(py);
        let mut at = idx;
        while let Some(&c) = self.nodes[at].children.first() {
            let node = &self.nodes[c as usize];
            list.append(
                self.root
                    .to_py(&self.nodes[at].pos, node.m)
                    .object_in(py, table),
            )?;
            at = c as usize;
        }
        Ok(list)
    }

    /// The board at node `idx` (the root is 0), its stack the moves from the root.
    fn board(&self, idx: usize) -> PyResult<Board> {
        if idx >= self.nodes.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err("no such node"));
        }
        Ok(self.board_at(idx))
    }

    /// The moves that could not be read: `(san, board)` each, the board they were read on.
    fn bad_moves(&self) -> Vec<(String, Board)> {
        self.bad
            .iter()
            .map(|b| {
                let mut board = self.root.clone();
                board.pos = b.pos;
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
        self.nodes.len() - 1
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
    let mut reader = Reader::new(&bytes);
    while reader
        .read_game(&mut tokens)
        .unwrap_or_else(|e| match e {})
        .is_some()
    {}
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
            self.out.push(Token::Comment(comment_text(text)));
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
