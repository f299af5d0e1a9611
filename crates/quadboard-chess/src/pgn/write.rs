//! Writing a [`Game`] in PGN export format.

use alloc::string::String;
use core::fmt::{self, Write};

use super::{Game, GamePosition, NodeId, Termination};
use crate::Color;

/// The seven tag roster of the PGN standard, in its order, each tag with the value that
/// stands for it when a game lacks it (what the export format writes, and python-chess
/// fills in).
///
/// ```
/// use quadboard_chess::pgn::SEVEN_TAG_ROSTER;
/// assert_eq!(SEVEN_TAG_ROSTER[2], ("Date", "????.??.??"));
/// ```
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Longest movetext line: export format keeps lines under 80 columns.
const WIDTH: usize = 79;

impl<P: GamePosition> Game<P> {
    /// Writes the game in export format: the seven tag roster first (`?` values, or
    /// `????.??.??` for the date and the movetext's marker for the result, for those
    /// missing), then the other tags in file order; a
    /// blank line; the movetext with move numbers, `$n` NAGs, `{ }` comments and
    /// variations, lines under 80 columns; the termination marker (the one read, else the
    /// `Result` tag's, else `*`); and a blank line.
    ///
    /// Reading what this writes gives the same tree, comments (trimmed) and NAGs.
    ///
    /// ```
    /// use quadboard_chess::pgn::Game;
    /// let game = Game::from_pgn("[White \"Ann\"]\n1.e4 e5?! {good} (1...c5 $1) 2.Nf3 1-0").unwrap();
    /// assert_eq!(
    ///     game.to_string(),
    ///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n\
    ///      [Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 $6 { good } ( 1... c5 $1 ) 2. Nf3 1-0\n\n"
    /// );
    /// ```
    pub fn write(&self, out: &mut impl Write) -> fmt::Result {
        let result = self
            .result()
            .or_else(|| self.tag("Result").and_then(|r| r.parse().ok()))
            .unwrap_or(Termination::Unknown);
        for (name, default) in SEVEN_TAG_ROSTER {
            // A missing Result tag takes the movetext's marker, as export format pairs them.
            let default = if name == "Result" {
                result.as_str()
            } else {
                default
            };
            write_tag(out, name, self.tag(name).unwrap_or(default))?;
        }
        for (name, value) in self.tags() {
            if !SEVEN_TAG_ROSTER.iter().any(|&(n, _)| n == name) {
                write_tag(out, name, value)?;
            }
        }
        out.write_char('\n')?;
        let mut text = Wrapped {
            out,
            column: 0,
            line_open: false,
        };
        self.write_movetext(&mut text)?;
        text.token(result.as_str())?;
        text.out.write_str("\n\n")
    }

    fn write_movetext<W: Write>(&self, text: &mut Wrapped<'_, W>) -> fmt::Result {
        let root = self.node(NodeId::ROOT);
        // NAGs before the first move (or at the start of a variation of it) are the root's.
        for nag in &root.nags {
            let mut t = String::new();
            write!(t, "{nag}")?;
            text.token(&t)?;
        }
        for comment in &root.comments_after {
            text.comment(comment)?;
        }
        // One frame per open line: where it stands, whether its next move needs its
        // number, and the next variation of the move just written (if any).
        struct Frame<P> {
            at: NodeId,
            pos: P,
            number: bool,
            pending: Option<(NodeId, Option<NodeId>)>,
        }
        let mut stack = alloc::vec![Frame {
            at: NodeId::ROOT,
            pos: *self.start_position(),
            number: true,
            pending: None,
        }];
        while let Some(frame) = stack.last_mut() {
            match frame.pending {
                // The main move is written; its variations come next.
                Some((main, Some(variation))) => {
                    frame.pending = Some((main, self.node(variation).next_sibling));
                    let pos = frame.pos;
                    text.token("(")?;
                    let after = self.write_move(text, variation, &pos, true)?;
                    let number = !self.node(variation).comments_after.is_empty();
                    stack.push(Frame {
                        at: variation,
                        pos: after,
                        number,
                        pending: None,
                    });
                }
                Some((main, None)) => {
                    frame.pos.play_move(self.node(main).mv);
                    frame.at = main;
                    frame.pending = None;
                }
                None => match self.node(frame.at).first_child {
                    Some(main) => {
                        let pos = frame.pos;
                        let number = frame.number;
                        self.write_move(text, main, &pos, number)?;
                        let node = self.node(main);
                        frame.number =
                            !node.comments_after.is_empty() || node.next_sibling.is_some();
                        frame.pending = Some((main, node.next_sibling));
                    }
                    None => {
                        stack.pop();
                        if let Some(parent) = stack.last_mut() {
                            text.token(")")?;
                            parent.number = true;
                        }
                    }
                },
            }
        }
        Ok(())
    }

    /// Writes the move of `id` from `pos` with what surrounds it; returns the position
    /// after it.
    fn write_move<W: Write>(
        &self,
        text: &mut Wrapped<'_, W>,
        id: NodeId,
        pos: &P,
        number: bool,
    ) -> Result<P, fmt::Error> {
        let node = self.node(id);
        for comment in &node.comments_before {
            text.comment(comment)?;
        }
        let mut token = String::new();
        match pos.side_to_move() {
            Color::White => write!(token, "{}. ", pos.fullmove_number())?,
            Color::Black if number || !node.comments_before.is_empty() => {
                write!(token, "{}... ", pos.fullmove_number())?
            }
            Color::Black => {}
        }
        token.push_str(&pos.move_to_san(node.mv));
        text.token(&token)?;
        for nag in &node.nags {
            let mut t = String::new();
            write!(t, "{nag}")?;
            text.token(&t)?;
        }
        for comment in &node.comments_after {
            text.comment(comment)?;
        }
        let mut after = *pos;
        after.play_move(node.mv);
        Ok(after)
    }
}

/// `[Name "value"]` with `\` and `"` escaped.
fn write_tag(out: &mut impl Write, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    out.write_str("\"]\n")
}

/// Movetext written token by token, breaking lines before they pass [`WIDTH`].
struct Wrapped<'a, W> {
    out: &'a mut W,
    column: usize,
    line_open: bool,
}

impl<W: Write> Wrapped<'_, W> {
    fn token(&mut self, token: &str) -> fmt::Result {
        let width = token.chars().count();
        if self.line_open {
            if self.column + 1 + width > WIDTH {
                self.out.write_char('\n')?;
                self.column = 0;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        self.out.write_str(token)?;
        // A byte search: `rfind('\n')`'s char searcher stopped being inlined once the
        // writer was generic (2 % of `pgn fmt`'s instructions, cachegrind).
        self.column = match token.bytes().rposition(|b| b == b'\n') {
            Some(i) => token[i + 1..].chars().count(),
            None => self.column + width,
        };
        self.line_open = true;
        Ok(())
    }

    /// `{ text }`, or `; text` and a line break when the text holds a `}`.
    fn comment(&mut self, comment: &str) -> fmt::Result {
        let mut token = String::with_capacity(comment.len() + 4);
        if comment.contains('}') && !comment.contains('\n') {
            token.push_str("; ");
            token.push_str(comment);
            self.token(&token)?;
            self.out.write_char('\n')?;
            self.column = 0;
            self.line_open = false;
            return Ok(());
        }
        if comment.is_empty() {
            token.push_str("{}");
        } else {
            token.push_str("{ ");
            // A `}` cannot be written inside braces; a comment of several lines with one
            // keeps its text with the brace as `)`.
            token.extend(comment.chars().map(|c| if c == '}' { ')' } else { c }));
            token.push_str(" }");
        }
        self.token(&token)
    }
}

/// The game in export format ([`Game::write`]).
impl<P: GamePosition> fmt::Display for Game<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}
