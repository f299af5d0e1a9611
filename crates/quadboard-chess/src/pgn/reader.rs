//! The streaming tokenizer: bytes in, [`Visitor`] callbacks out.
//!
//! The reader walks the bytes once. Tokens are handed to the visitor as slices of its
//! buffer (no copy); callbacks return [`ControlFlow`], and a `Break` turns the rest of the
//! current line into a scan for its end that calls nothing (see [`Visitor`]).

use core::convert::Infallible;
use core::fmt;
use core::ops::ControlFlow;

use super::{Nag, Termination};

/// Where a game starts in its input.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameStart {
    /// The game's number in the input, from 1.
    pub number: u64,
    /// The offset of its first byte (a tag's `[` or its first movetext token), from 0.
    pub offset: u64,
    /// The line of that byte, from 1.
    pub line: u64,
}

/// What is wrong with the text of a game. The reader reports it and goes on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// A `{` comment that the input ends inside. Forgiven: the comment runs to the end.
    UnterminatedComment,
    /// The game ends (a new tag section, the end of the input) inside a variation.
    UnterminatedVariation,
    /// A `)` with no variation open.
    UnmatchedParenthesis,
    /// A tag with a name but no quoted value: `[Event]`.
    TagWithoutValue,
    /// A tag without a name: `[ "value"]`.
    TagWithoutName,
    /// A tag value whose closing quote is missing on its line.
    UnterminatedTagValue,
    /// A tag whose closing `]` is missing on its line.
    UnterminatedTag,
    /// `$` not followed by a number from 0 to 255, or a run of `!` and `?` that is not one
    /// of the six annotations.
    InvalidNag,
    /// A byte that starts no token: `]`, `}` or `"` outside a tag or comment.
    UnexpectedCharacter,
    /// A termination marker inside a variation.
    ResultInVariation,
    /// The movetext ends without a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    /// Forgiven: the game ends there.
    MissingResult,
    /// A UTF-8 byte order mark before a game. Forgiven: skipped.
    ByteOrderMark,
    /// A blank line between two tags of one section. Forgiven: the section goes on.
    BlankLineInTags,
    /// A line starting with `;` between two tags. Forgiven: dropped.
    CommentInTags,
    /// A tag value with a `"` or `\\` that is not escaped: `[Event "The "Big" Open"]`.
    /// Forgiven: the value runs from the first quote to the last one before the `]`.
    QuotesInTagValue,
    /// A `+` or `#` after a `!`/`?` annotation (`e4!+`). Forgiven: dropped (the check is
    /// known from the move).
    CheckAfterAnnotation,
    /// A `}` with no comment open. Forgiven: dropped.
    StrayClosingBrace,
    /// A tag value that is not UTF-8. Forgiven: read as Windows-1252
    /// ([`RawTag::decode`]).
    TagNotUtf8,
    /// A comment that is not UTF-8. Forgiven: read as Windows-1252 by
    /// [`Game`](super::Game).
    CommentNotUtf8,
}

impl SyntaxErrorKind {
    /// The problem in words.
    pub const fn as_str(self) -> &'static str {
        match self {
            SyntaxErrorKind::UnterminatedComment => "comment without a closing '}'",
            SyntaxErrorKind::UnterminatedVariation => "variation without a closing ')'",
            SyntaxErrorKind::UnmatchedParenthesis => "')' without a variation to close",
            SyntaxErrorKind::TagWithoutValue => "tag without a quoted value",
            SyntaxErrorKind::TagWithoutName => "tag without a name",
            SyntaxErrorKind::UnterminatedTagValue => "tag value without a closing '\"'",
            SyntaxErrorKind::UnterminatedTag => "tag without a closing ']'",
            SyntaxErrorKind::InvalidNag => {
                "not an annotation: expected $0 to $255, !, ?, !!, ??, !? or ?!"
            }
            SyntaxErrorKind::UnexpectedCharacter => "unexpected character",
            SyntaxErrorKind::ResultInVariation => "result inside a variation",
            SyntaxErrorKind::MissingResult => {
                "movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"
            }
            SyntaxErrorKind::ByteOrderMark => "byte order mark skipped",
            SyntaxErrorKind::BlankLineInTags => "blank line inside the tag section",
            SyntaxErrorKind::CommentInTags => "';' comment line inside the tag section dropped",
            SyntaxErrorKind::QuotesInTagValue => {
                "tag value with unescaped '\"' or '\\': read up to its last '\"'"
            }
            SyntaxErrorKind::CheckAfterAnnotation => {
                "'+' or '#' after a '!'/'?' annotation: dropped"
            }
            SyntaxErrorKind::StrayClosingBrace => "'}' without a comment to close: dropped",
            SyntaxErrorKind::TagNotUtf8 => "tag value not UTF-8: read as Windows-1252",
            SyntaxErrorKind::CommentNotUtf8 => "comment not UTF-8: read as Windows-1252",
        }
    }

    /// Whether the reader forgives it: the meaning is clear and reading went on as the
    /// kind's documentation says. It comes to [`Visitor::syntax_warning`], the others to
    /// [`Visitor::syntax_error`].
    pub const fn is_forgiven(self) -> bool {
        matches!(
            self,
            SyntaxErrorKind::UnterminatedComment
                | SyntaxErrorKind::MissingResult
                | SyntaxErrorKind::ByteOrderMark
                | SyntaxErrorKind::BlankLineInTags
                | SyntaxErrorKind::CommentInTags
                | SyntaxErrorKind::QuotesInTagValue
                | SyntaxErrorKind::CheckAfterAnnotation
                | SyntaxErrorKind::StrayClosingBrace
                | SyntaxErrorKind::TagNotUtf8
                | SyntaxErrorKind::CommentNotUtf8
        )
    }
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A problem in the text of a game, where it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// The offset of the token it concerns, from the start of the input.
    pub offset: u64,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.kind, self.offset)
    }
}

/// A tag value as written between its quotes, escapes and all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RawTag<'a>(pub &'a [u8]);

impl RawTag<'_> {
    /// The bytes between the quotes.
    pub const fn as_bytes(&self) -> &[u8] {
        self.0
    }

    /// Appends the value to `out` with `\"` and `\\` unescaped, read as UTF-8 or, when it
    /// is not UTF-8, as Windows-1252. Returns whether it was read as Windows-1252.
    pub fn decode_into(&self, out: &mut alloc::string::String) -> bool {
        let windows_1252 = core::str::from_utf8(self.0).is_err();
        let push = |out: &mut alloc::string::String, bytes: &[u8]| {
            if windows_1252 {
                push_windows_1252(out, bytes);
            } else {
                push_text(out, bytes);
            }
        };
        let mut rest = self.0;
        while let Some(i) = rest.iter().position(|&b| b == b'\\') {
            push(out, &rest[..i]);
            match rest.get(i + 1) {
                Some(&c @ (b'"' | b'\\')) => {
                    out.push(c as char);
                    rest = &rest[i + 2..];
                }
                _ => {
                    out.push('\\');
                    rest = &rest[i + 1..];
                }
            }
        }
        push(out, rest);
        windows_1252
    }

    /// The value, unescaped, as text (see [`RawTag::decode_into`]).
    pub fn decode(&self) -> alloc::string::String {
        let mut out = alloc::string::String::new();
        self.decode_into(&mut out);
        out
    }
}

/// Appends bytes as text: as UTF-8 when they are UTF-8, else as Windows-1252 (the
/// encoding of older Windows programs, Latin-1 with printable characters in 0x80-0x9f),
/// byte by byte. Returns whether they were read as Windows-1252.
pub(crate) fn push_text(out: &mut alloc::string::String, bytes: &[u8]) -> bool {
    match core::str::from_utf8(bytes) {
        Ok(text) => {
            out.push_str(text);
            false
        }
        Err(_) => {
            push_windows_1252(out, bytes);
            true
        }
    }
}

/// Appends bytes read as Windows-1252; the five bytes it leaves undefined (0x81, 0x8d,
/// 0x8f, 0x90, 0x9d) become the control characters of the same number, as browsers read
/// them.
fn push_windows_1252(out: &mut alloc::string::String, bytes: &[u8]) {
    /// The characters of 0x80-0x9f.
    const HIGH: [char; 32] = [
        '\u{20ac}', '\u{81}', '\u{201a}', '\u{192}', '\u{201e}', '\u{2026}', '\u{2020}',
        '\u{2021}', '\u{2c6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8d}', '\u{17d}',
        '\u{8f}', '\u{90}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}',
        '\u{2014}', '\u{2dc}', '\u{2122}', '\u{161}', '\u{203a}', '\u{153}', '\u{9d}', '\u{17e}',
        '\u{178}',
    ];
    out.reserve(bytes.len());
    for &b in bytes {
        out.push(match b {
            0x80..=0x9f => HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        });
    }
}

/// Callbacks for the parts of a game, in the order of the text.
///
/// Every method but [`Visitor::end_game`] has a default that does nothing. A callback that
/// returns `ControlFlow::Break(())` skips ahead, calling nothing, and costs only the scan:
/// - from [`begin_game`](Visitor::begin_game), [`tag`](Visitor::tag),
///   [`begin_movetext`](Visitor::begin_movetext) or [`result`](Visitor::result): the rest
///   of the game;
/// - from [`begin_variation`](Visitor::begin_variation): that variation (no
///   `end_variation` for it);
/// - from any other callback: the rest of the current line. In a variation, that is up to
///   its `)`, and `end_variation` is then called; in the mainline, up to the end of the
///   game, and only [`result`](Visitor::result) is still called.
///
/// How the game ends is reported even after a `Break` from a line (not after one that
/// skips the game): [`syntax_warning`](Visitor::syntax_warning) for a comment the input
/// ends in or a missing result, [`syntax_error`](Visitor::syntax_error) for a variation
/// left open.
///
/// After [`result`](Visitor::result) (unless it broke off), only a
/// [`syntax_warning`](Visitor::syntax_warning) for a stray `}` among the comments after the
/// marker may come before [`end_game`](Visitor::end_game).
///
/// [`end_game`](Visitor::end_game) is called once for every game started, after
/// `end_variation` for each variation still open, so that begins and ends always pair.
///
/// Moves arrive as written, without move numbers and without `!`/`?` suffixes (those
/// arrive as [`nag`](Visitor::nag) after the move); `+` and `#` stay.
pub trait Visitor {
    /// What a game gives.
    type Output;

    /// A game starts.
    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        let _ = start;
        ControlFlow::Continue(())
    }
    /// A tag pair: the name and the value as written.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let _ = (name, value);
        ControlFlow::Continue(())
    }
    /// The tags are over; the movetext (possibly empty) follows.
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move as written: `Nf3`, `exd5+`, `O-O`, `e2e4`, `--`, or anything else that is
    /// not another token.
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        let _ = text;
        ControlFlow::Continue(())
    }
    /// A numeric annotation glyph: `$n`, or a `!`/`?` suffix or token.
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        let _ = nag;
        ControlFlow::Continue(())
    }
    /// A comment: the text between `{` and `}` (spaces kept), or after `;` up to the end
    /// of the line.
    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        let _ = text;
        ControlFlow::Continue(())
    }
    /// A `(`: a variation of the last move of the current line starts.
    fn begin_variation(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A `)`, or the end of the game inside a variation.
    fn end_variation(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// The termination marker of the movetext.
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        let _ = result;
        ControlFlow::Continue(())
    }
    /// A problem in the text; `token` is the text it concerns (possibly empty). The reader
    /// goes on as the kind's documentation says.
    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let _ = (error, token);
        ControlFlow::Continue(())
    }
    /// Text that departs from the standard but whose meaning is clear (a kind that
    /// [`SyntaxErrorKind::is_forgiven`]); `token` as for
    /// [`syntax_error`](Visitor::syntax_error). The reader goes on as the kind's
    /// documentation says.
    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        let _ = (warning, token);
        ControlFlow::Continue(())
    }
    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}

/// Where the reader's bytes come from: a slice in memory, or [`IoSource`] over
/// `std::io::Read`.
pub trait Source {
    /// The error of reading more.
    type Error;
    /// The bytes buffered and not yet dropped.
    fn data(&self) -> &[u8];
    /// Drops the bytes before `keep_from` and appends more. Returns how many bytes were
    /// dropped (the indices of the rest go down by that much) and whether bytes were added.
    ///
    /// # Errors
    /// The source's read error.
    fn refill(&mut self, keep_from: usize) -> Result<(usize, bool), Self::Error>;
}

impl Source for &[u8] {
    type Error = Infallible;
    #[inline(always)]
    fn data(&self) -> &[u8] {
        self
    }
    #[inline(always)]
    fn refill(&mut self, _keep_from: usize) -> Result<(usize, bool), Infallible> {
        Ok((0, false))
    }
}

/// A buffer over `std::io::Read`: it grows only to hold the longest token (or game, with
/// [`Reader::keep_games`]), so memory does not depend on the size of the input.
#[cfg(feature = "std")]
pub struct IoSource<R> {
    inner: R,
    buf: alloc::vec::Vec<u8>,
    len: usize,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> IoSource<R> {
    /// Bytes read at a time.
    const CHUNK: usize = 1 << 16;

    /// A source over `inner`.
    pub fn new(inner: R) -> IoSource<R> {
        IoSource {
            inner,
            buf: alloc::vec::Vec::new(),
            len: 0,
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Source for IoSource<R> {
    type Error = std::io::Error;
    #[inline(always)]
    fn data(&self) -> &[u8] {
        &self.buf[..self.len]
    }
    fn refill(&mut self, keep_from: usize) -> std::io::Result<(usize, bool)> {
        self.buf.copy_within(keep_from..self.len, 0);
        self.len -= keep_from;
        if self.buf.len() < self.len + IoSource::<R>::CHUNK {
            self.buf.resize(self.len + IoSource::<R>::CHUNK, 0);
        }
        loop {
            match self.inner.read(&mut self.buf[self.len..]) {
                Ok(n) => {
                    self.len += n;
                    return Ok((keep_from, n > 0));
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// What the skipping state is: which callbacks still run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Every callback.
    Visit,
    /// None until a `)` brings the depth back to `depth`; then `end_variation` if `end`.
    SkipLine { depth: u32, end: bool },
    /// Only `result`, at depth 0.
    SkipMainline,
    /// None.
    SkipGame,
}

/// A streaming PGN reader over a [`Source`]: a byte slice (`Reader::new(bytes)`, no copy, no
/// `std` needed) or any `std::io::Read` ([`Reader::from_read`]).
///
/// ```
/// use core::ops::ControlFlow;
/// use quadboard_chess::pgn::{Reader, Visitor};
///
/// /// Counts the moves of each game's mainline.
/// struct Moves { depth: u32, count: usize }
/// impl Visitor for Moves {
///     type Output = usize;
///     fn san(&mut self, _: &[u8]) -> ControlFlow<()> {
///         self.count += (self.depth == 0) as usize;
///         ControlFlow::Continue(())
///     }
///     // Variations cost nothing: skipped.
///     fn begin_variation(&mut self) -> ControlFlow<()> { ControlFlow::Break(()) }
///     fn end_game(&mut self) -> usize { core::mem::take(&mut self.count) }
/// }
///
/// let pgn = b"[Event \"?\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0\n\n1. d4 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut moves = Moves { depth: 0, count: 0 };
/// assert_eq!(reader.read_game(&mut moves), Ok(Some(3)));
/// assert_eq!(reader.read_game(&mut moves), Ok(Some(1)));
/// assert_eq!(reader.read_game(&mut moves), Ok(None));
/// ```
pub struct Reader<S> {
    src: S,
    /// Index of the next byte in `src.data()`.
    pos: usize,
    /// Offset in the input of `src.data()[0]`.
    base: u64,
    /// Lines (newlines + 1) before `counted`.
    line: u64,
    /// Index in `src.data()` up to which newlines are in `line`.
    counted: usize,
    games: u64,
    keep_games: bool,
    /// Index of the current game's first byte (valid while `keep_games`).
    game_start: usize,
    /// Index one past the last game's last byte, with the whitespace after it.
    game_end: usize,
    /// A byte order mark was skipped before the game about to start.
    bom: bool,
    /// Reading a tag section, whose first tag is at `game_start` while the data holds it:
    /// a blank line followed by a tag compares that tag's name with it
    /// (`blank_before_tag`).
    in_tags: bool,
    /// The first tag's name, copied by `refill` when it drops the first tag's line.
    first_tag: Option<alloc::vec::Vec<u8>>,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader<IoSource<R>> {
    /// A reader over any `std::io::Read` (a `BufRead` too: its buffer is then copied once).
    pub fn from_read(inner: R) -> Reader<IoSource<R>> {
        Reader::with_source(IoSource::new(inner))
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over bytes in memory: tokens are slices of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Reader<&'a [u8]> {
        Reader::with_source(bytes)
    }
}

impl<S: Source> Reader<S> {
    /// A reader over any source.
    pub fn with_source(src: S) -> Reader<S> {
        Reader {
            src,
            pos: 0,
            base: 0,
            line: 1,
            counted: 0,
            games: 0,
            keep_games: false,
            game_start: 0,
            game_end: 0,
            bom: false,
            in_tags: false,
            first_tag: None,
        }
    }

    /// Keeps each game's bytes in the buffer until the next game starts, for
    /// [`Reader::last_game_bytes`]; the buffer then grows to the longest game.
    pub fn keep_games(mut self, keep: bool) -> Self {
        self.keep_games = keep;
        self
    }

    /// Numbers games, lines and offsets as if the input began after `games` games,
    /// `lines` newlines and `offset` bytes: for a reader that starts inside a file.
    pub fn starting_at(mut self, games: u64, lines: u64, offset: u64) -> Self {
        self.games = games;
        self.line = lines + 1;
        self.base = offset;
        self
    }

    /// The text of the game read last, from its first byte up to the next game's (blank
    /// lines included), when [`Reader::keep_games`] is on; else empty.
    pub fn last_game_bytes(&self) -> &[u8] {
        if self.keep_games {
            self.src
                .data()
                .get(self.game_start..self.game_end)
                .unwrap_or(&[])
        } else {
            &[]
        }
    }

    /// The offset in the input of the next byte to read.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// Drops what is no longer needed, before index `keep_from`, and reads more; indices
    /// are moved down. Returns whether bytes were added.
    #[cold]
    fn refill(&mut self, keep_from: usize) -> Result<bool, S::Error> {
        let keep_from = if self.keep_games {
            keep_from.min(self.game_start)
        } else {
            keep_from
        };
        if self.in_tags && self.first_tag.is_none() && keep_from > self.game_start {
            // `pos` is past the first tag's line: it is whole in the data.
            let data = self.src.data();
            let end = find_byte(data, self.game_start, b'\n').unwrap_or(data.len());
            self.first_tag = Some(tag_name(&data[self.game_start..end]).to_vec());
        }
        if keep_from > self.counted {
            self.line += count_newlines(&self.src.data()[self.counted..keep_from]);
            self.counted = keep_from;
        }
        let (dropped, more) = self.src.refill(keep_from)?;
        self.base += dropped as u64;
        self.pos -= dropped;
        self.counted -= dropped;
        self.game_start = self.game_start.saturating_sub(dropped);
        self.game_end = self.game_end.saturating_sub(dropped);
        Ok(more)
    }

    /// The byte at `pos`, reading more if needed; `None` at the end of the input.
    #[inline(always)]
    fn peek(&mut self) -> Result<Option<u8>, S::Error> {
        if let Some(&b) = self.src.data().get(self.pos) {
            return Ok(Some(b));
        }
        self.peek_slow()
    }

    #[cold]
    fn peek_slow(&mut self) -> Result<Option<u8>, S::Error> {
        while self.pos >= self.src.data().len() {
            if !self.refill(self.pos)? {
                return Ok(None);
            }
        }
        Ok(Some(self.src.data()[self.pos]))
    }

    /// Finds the end of the token starting at `start` with `scan` (given the data and
    /// where to look from; returns the end index). Reads more while the token runs to the
    /// end of the data. Returns the token's start and end (moved by refills), and whether
    /// the scan found the end before the input ended.
    #[inline(always)]
    fn token(
        &mut self,
        start: usize,
        scan: impl Fn(&[u8], usize) -> Option<usize>,
    ) -> Result<(usize, usize, bool), S::Error> {
        let mut start = start;
        let mut from = start;
        loop {
            let data = self.src.data();
            if let Some(end) = scan(data, from) {
                return Ok((start, end, true));
            }
            from = data.len();
            // Everything from `pos` (at or before the token) is kept.
            let pos = self.pos;
            let more = self.refill(pos)?;
            let dropped = pos - self.pos;
            start -= dropped;
            from -= dropped;
            if !more {
                return Ok((start, self.src.data().len(), false));
            }
        }
    }

    /// Whether `n` bytes from `pos` are there, reading more if needed.
    fn ensure(&mut self, n: usize) -> Result<bool, S::Error> {
        while self.src.data().len() < self.pos + n {
            if !self.refill(self.pos)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Skips spaces, line ends and `%` escape lines. With
    /// `stop_at_blank`, stops after a blank line and returns true.
    #[inline]
    fn skip_whitespace(&mut self, stop_at_blank: bool) -> Result<bool, S::Error> {
        let mut newlines = 0;
        loop {
            match self.peek()? {
                Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => self.pos += 1,
                Some(b'\n') => {
                    self.pos += 1;
                    newlines += 1;
                    if stop_at_blank && newlines >= 2 {
                        return Ok(true);
                    }
                    while self.peek()? == Some(b'%') {
                        self.skip_line()?;
                    }
                }
                _ => return Ok(false),
            }
        }
    }

    /// Moves past the next newline (or to the end of the input).
    fn skip_line(&mut self) -> Result<(), S::Error> {
        let (_, end, found) = self.token(self.pos, |d, from| find_byte(d, from, b'\n'))?;
        self.pos = end + found as usize;
        Ok(())
    }

    /// Reads the next game into `visitor`. `Ok(None)` when the input has no more games.
    ///
    /// # Errors
    /// Only the source's read errors: problems in the text go to
    /// [`Visitor::syntax_error`].
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, S::Error> {
        if self.base == 0 && self.pos == 0 {
            // A UTF-8 byte order mark; then `%` on the first line is an escape line too.
            if self.ensure(3)? && self.src.data()[..3] == [0xef, 0xbb, 0xbf] {
                self.pos = 3;
                self.bom = true;
            }
            while self.peek()? == Some(b'%') {
                self.skip_line()?;
            }
        }
        self.game_start = self.pos;
        self.skip_whitespace(false)?;
        // Files joined with `cat` may each start with a byte order mark.
        while self.peek()? == Some(0xef)
            && self.ensure(3)?
            && self.src.data()[self.pos..self.pos + 3] == [0xef, 0xbb, 0xbf]
        {
            self.pos += 3;
            self.bom = true;
            self.skip_whitespace(false)?;
        }
        if self.peek()?.is_none() {
            return Ok(None);
        }
        self.game_start = self.pos;
        self.line += count_newlines(&self.src.data()[self.counted..self.pos]);
        self.counted = self.pos;
        self.games += 1;
        let start = GameStart {
            number: self.games,
            offset: self.offset(),
            line: self.line,
        };
        let mut mode = if visitor.begin_game(start).is_break() {
            Mode::SkipGame
        } else {
            Mode::Visit
        };
        // Before the movetext, a `Break` from a syntax callback skips the game.
        if core::mem::take(&mut self.bom)
            && mode == Mode::Visit
            && self.report(visitor, SyntaxErrorKind::ByteOrderMark, self.pos, &[])
        {
            mode = Mode::SkipGame;
        }
        self.in_tags = true;
        self.first_tag = None;
        let blank = self.read_tags(visitor, &mut mode);
        self.in_tags = false;
        let blank = blank?;
        if mode == Mode::Visit && visitor.begin_movetext().is_break() {
            mode = Mode::SkipGame;
        }
        // A blank line followed by a tag ends a game that is only tags.
        if !(blank && self.peek()? == Some(b'[')) {
            self.read_movetext(visitor, mode)?;
        } else if mode == Mode::Visit {
            self.report(visitor, SyntaxErrorKind::MissingResult, self.pos, &[]);
        }
        self.skip_whitespace(false)?;
        self.game_end = self.pos;
        Ok(Some(visitor.end_game()))
    }

    /// Skips the next game; false at the end of the input.
    ///
    /// # Errors
    /// The source's read errors.
    pub fn skip_game(&mut self) -> Result<bool, S::Error> {
        struct Skip;
        impl Visitor for Skip {
            type Output = ();
            fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
            fn end_game(&mut self) {}
        }
        Ok(self.read_game(&mut Skip)?.is_some())
    }

    fn report<V: Visitor>(
        &self,
        visitor: &mut V,
        kind: SyntaxErrorKind,
        at: usize,
        token: &[u8],
    ) -> bool {
        let error = SyntaxError {
            kind,
            offset: self.base + at as u64,
        };
        if kind.is_forgiven() {
            visitor.syntax_warning(error, token).is_break()
        } else {
            visitor.syntax_error(error, token).is_break()
        }
    }

    /// Reads the tag pairs; returns whether they ended at a blank line.
    ///
    /// A blank line followed by a tag whose name is not the section's first tag name does
    /// not end the section (ChessBase writes such sections), nor does a `;` comment line
    /// followed by a tag: both are forgiven, with a warning.
    fn read_tags<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mode: &mut Mode,
    ) -> Result<bool, S::Error> {
        // The section's first tag is at `game_start` (see `blank_before_tag`).
        debug_assert_eq!(self.pos, self.game_start);
        let mut tagged = false;
        loop {
            match self.peek()? {
                Some(b'[') => {}
                Some(b';') if tagged => {
                    // Only a comment line with a tag on the next line; else the comment
                    // is the movetext's, as the standard reads it.
                    let (_, end, found) =
                        self.token(self.pos, |d, from| find_byte(d, from, b'\n'))?;
                    let len = end - self.pos;
                    if !found
                        || !self.ensure(len + 2)?
                        || self.src.data()[self.pos + len + 1] != b'['
                    {
                        return Ok(false);
                    }
                    let at = self.pos;
                    self.pos += len + 1;
                    if *mode == Mode::Visit
                        && self.report(visitor, SyntaxErrorKind::CommentInTags, at, b";")
                    {
                        *mode = Mode::SkipGame;
                    }
                    continue;
                }
                _ => return Ok(false),
            }
            // A tag ends on its line: find the line's end first, then read inside it.
            let (start, end, _) = self.token(self.pos, |d, from| find_byte(d, from, b'\n'))?;
            let data = self.src.data();
            tagged = true;
            if let Some((name, value)) = simple_tag(&data[start..end]) {
                if *mode == Mode::Visit && visitor.tag(name, RawTag(value)).is_break() {
                    *mode = Mode::SkipGame;
                }
                // The next tag on the next line, as in most sections: nothing to skip but
                // the newline.
                if data.get(end + 1) == Some(&b'[') {
                    self.pos = end + 1;
                    continue;
                }
                self.pos = end;
                if self.skip_whitespace(true)? && self.blank_ends_tags(visitor, mode)? {
                    return Ok(true);
                }
                continue;
            }
            let line = &data[start + 1..end];
            let mut i = 0;
            while i < line.len() && line[i].is_ascii_whitespace() {
                i += 1;
            }
            let name_start = i;
            while i < line.len() && !matches!(line[i], b' ' | b'\t' | b'\r' | b'"' | b']') {
                i += 1;
            }
            let name = &line[name_start..i];
            while i < line.len() && line[i].is_ascii_whitespace() {
                i += 1;
            }
            let mut problem = None;
            let mut value = None;
            if line.get(i) == Some(&b'"') {
                let value_start = i + 1;
                i = value_start;
                while i < line.len() && line[i] != b'"' {
                    i += 1 + (line[i] == b'\\') as usize;
                }
                // The last `"` of the line before its last `]`, with only spaces between.
                let last_quote = line.iter().rposition(|&b| b == b']').and_then(|close| {
                    let quote = line[..close].iter().rposition(|&b| b == b'"')?;
                    (quote >= value_start
                        && line[quote + 1..close].iter().all(u8::is_ascii_whitespace))
                    .then_some(quote)
                });
                // Standard when the first closing quote is followed by the `]`.
                let closed_there = i < line.len()
                    && line[i + 1..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b']');
                if let Some(quote) = last_quote.filter(|_| !closed_there) {
                    // Quotes (or a backslash before the last one) inside the value.
                    value = Some(&line[value_start..quote]);
                    i = quote + 1;
                    problem = Some(SyntaxErrorKind::QuotesInTagValue);
                } else if i < line.len() {
                    value = Some(&line[value_start..i]);
                    i += 1;
                } else {
                    // Up to the last `]` of the line, if any.
                    let close = line
                        .iter()
                        .rposition(|&b| b == b']')
                        .filter(|&c| c >= value_start);
                    let value_end = close.unwrap_or(line.len());
                    value = Some(trim_end(&line[value_start..value_end]));
                    i = value_end;
                    problem = Some(SyntaxErrorKind::UnterminatedTagValue);
                }
            } else {
                problem = Some(SyntaxErrorKind::TagWithoutValue);
            }
            if name.is_empty() {
                problem = Some(SyntaxErrorKind::TagWithoutName);
            }
            while i < line.len() && line[i] != b']' {
                i += 1;
            }
            let closed = i < line.len();
            if closed {
                i += 1;
            } else if problem.is_none() {
                problem = Some(SyntaxErrorKind::UnterminatedTag);
            }
            if *mode == Mode::Visit {
                let name_offset = start + 1 + name_start;
                let stop = match (problem, value) {
                    (Some(kind), _) => {
                        let token = &data[start..start + 1 + i];
                        let error = SyntaxError {
                            kind,
                            offset: self.base + name_offset as u64,
                        };
                        if kind.is_forgiven() {
                            visitor.syntax_warning(error, token).is_break()
                        } else {
                            visitor.syntax_error(error, token).is_break()
                        }
                    }
                    _ => false,
                } || match value {
                    Some(value) if !value.is_ascii() && core::str::from_utf8(value).is_err() => {
                        let error = SyntaxError {
                            kind: SyntaxErrorKind::TagNotUtf8,
                            offset: self.base + name_offset as u64,
                        };
                        visitor
                            .syntax_warning(error, &data[start..start + 1 + i])
                            .is_break()
                    }
                    _ => false,
                } || match (name.is_empty(), value) {
                    (false, Some(value)) => visitor.tag(name, RawTag(value)).is_break(),
                    _ => false,
                };
                if stop {
                    *mode = Mode::SkipGame;
                }
            }
            self.pos = start + 1 + i;
            if self.skip_whitespace(true)? && self.blank_ends_tags(visitor, mode)? {
                return Ok(true);
            }
        }
    }

    /// After a blank line in a tag section: whether the section ends there. It goes on,
    /// with a warning, when a tag follows whose name is not the section's first tag's.
    #[inline(always)]
    fn blank_ends_tags<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mode: &mut Mode,
    ) -> Result<bool, S::Error> {
        if self.peek()? != Some(b'[') {
            return Ok(true);
        }
        self.blank_before_tag(visitor, mode)
    }

    /// [`Reader::blank_ends_tags`] when a tag follows the blank line: seldom, so the first
    /// tag's name is read again only here, from `game_start`.
    #[cold]
    fn blank_before_tag<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mode: &mut Mode,
    ) -> Result<bool, S::Error> {
        let (start, end, _) = self.token(self.pos, |d, from| find_byte(d, from, b'\n'))?;
        let data = self.src.data();
        let name = tag_name(&data[start..end]);
        let same = match &self.first_tag {
            Some(first) => name == first.as_slice(),
            None => {
                // The first tag's line is in the data, read whole (newline included).
                let first_end = find_byte(data, self.game_start, b'\n').unwrap_or(data.len());
                name == tag_name(&data[self.game_start..first_end])
            }
        };
        if name.is_empty() || same {
            return Ok(true);
        }
        let line = trim_end(&self.src.data()[start..end]);
        if *mode == Mode::Visit
            && self.report(visitor, SyntaxErrorKind::BlankLineInTags, start, line)
        {
            *mode = Mode::SkipGame;
        }
        Ok(false)
    }

    /// Reads the movetext up to its termination marker, a new tag section or the end of
    /// the input.
    fn read_movetext<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut mode: Mode,
    ) -> Result<(), S::Error> {
        let mut depth: u32 = 0;
        // Variations the visitor has begun and not yet ended.
        let mut open: u32 = 0;
        // Whether the last thing read was a termination marker.
        let mut ended = false;
        loop {
            if mode == Mode::Visit && self.common_tokens(visitor) {
                mode = after_break(mode, depth);
            }
            let Some(b) = self.peek()? else { break };
            let at = self.pos;
            // Callbacks return whether the rest of the line is to be skipped.
            let skip_line = match b {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    let data = self.src.data();
                    let mut i = at + 1;
                    while i < data.len() && matches!(data[i], b' ' | b'\t' | b'\r') {
                        i += 1;
                    }
                    self.pos = i;
                    continue;
                }
                b'\n' => {
                    self.pos += 1;
                    while self.peek()? == Some(b'%') {
                        self.skip_line()?;
                    }
                    continue;
                }
                // A move number: digits and dots, then a space (a result or castling
                // with zeros goes on as a word).
                b'0'..=b'9' if self.move_number_end(at).is_some() => {
                    self.pos = self.move_number_end(at).unwrap_or(at + 1);
                    continue;
                }
                b'{' => {
                    let (s, e, closed) = self.token(at + 1, |d, from| find_byte(d, from, b'}'))?;
                    self.pos = e + closed as usize;
                    let text = &self.src.data()[s..e];
                    let stop = mode == Mode::Visit
                        && (!text.is_ascii() && self.not_utf8_comment(visitor, s, e)
                            || visitor.comment(&self.src.data()[s..e]).is_break());
                    if !closed {
                        // The end of the game: reported after a line's `Break` too.
                        if mode != Mode::SkipGame {
                            let data = &self.src.data()[s - 1..s];
                            self.report(visitor, SyntaxErrorKind::UnterminatedComment, s - 1, data);
                        }
                        break;
                    }
                    stop
                }
                b';' => {
                    let (s, e, _) = self.token(at + 1, |d, from| find_byte(d, from, b'\n'))?;
                    self.pos = e;
                    let text = trim_cr(&self.src.data()[s..e]);
                    mode == Mode::Visit && visitor.comment(text).is_break()
                }
                b'(' => {
                    self.pos += 1;
                    depth += 1;
                    if mode == Mode::Visit {
                        if visitor.begin_variation().is_break() {
                            mode = Mode::SkipLine {
                                depth: depth - 1,
                                end: false,
                            };
                        } else {
                            open += 1;
                        }
                    }
                    false
                }
                b')' => {
                    self.pos += 1;
                    if depth == 0 {
                        mode == Mode::Visit
                            && self.report(visitor, SyntaxErrorKind::UnmatchedParenthesis, at, b")")
                    } else {
                        depth -= 1;
                        match mode {
                            Mode::Visit => {
                                open -= 1;
                                visitor.end_variation().is_break()
                            }
                            Mode::SkipLine { depth: d, end } if d == depth => {
                                mode = Mode::Visit;
                                if end {
                                    open -= 1;
                                    visitor.end_variation().is_break()
                                } else {
                                    false
                                }
                            }
                            _ => false,
                        }
                    }
                }
                b'[' => {
                    // A new tag section: this game ends here.
                    break;
                }
                b'$' => {
                    let (s, e, _) = self.token(at + 1, |d, from| {
                        d[from..]
                            .iter()
                            .position(|b| !b.is_ascii_digit())
                            .map(|n| from + n)
                    })?;
                    self.pos = e;
                    if mode == Mode::Visit {
                        let digits = &self.src.data()[s..e];
                        match parse_nag_number(digits) {
                            Some(nag) => visitor.nag(nag).is_break(),
                            None => {
                                // `s - 1`, not `at`: reading more may have moved the bytes.
                                let token = &self.src.data()[s - 1..e];
                                self.report(visitor, SyntaxErrorKind::InvalidNag, s - 1, token)
                            }
                        }
                    } else {
                        false
                    }
                }
                b'!' | b'?' => {
                    let (s, e, _) = self.token(at, |d, from| {
                        d[from..]
                            .iter()
                            .position(|b| !matches!(b, b'!' | b'?'))
                            .map(|n| from + n)
                    })?;
                    debug_assert_eq!(s, self.pos);
                    // `e4!+`: a check sign after the annotation, dropped. Reading more
                    // moves `pos` and `e` down alike.
                    let (e, checks, _) = self.token(e, |d, from| {
                        d[from..]
                            .iter()
                            .position(|b| !matches!(b, b'+' | b'#'))
                            .map(|n| from + n)
                    })?;
                    let s = self.pos;
                    self.pos = checks;
                    if mode == Mode::Visit {
                        let token = &self.src.data()[s..e];
                        let stop = match Nag::from_suffix(token) {
                            Some(nag) => visitor.nag(nag).is_break(),
                            None => self.report(visitor, SyntaxErrorKind::InvalidNag, s, token),
                        };
                        stop || checks > e
                            && self.report(
                                visitor,
                                SyntaxErrorKind::CheckAfterAnnotation,
                                e,
                                &self.src.data()[e..checks],
                            )
                    } else {
                        false
                    }
                }
                b'}' => {
                    self.pos += 1;
                    mode == Mode::Visit
                        && self.report(visitor, SyntaxErrorKind::StrayClosingBrace, at, b"}")
                }
                b']' | b'"' => {
                    self.pos += 1;
                    mode == Mode::Visit
                        && self.report(visitor, SyntaxErrorKind::UnexpectedCharacter, at, &[b])
                }
                _ => {
                    let (s, e, _) = self.token(at, |d, from| {
                        d[from..]
                            .iter()
                            .position(|&b| DELIMITER[b as usize])
                            .map(|n| from + n)
                    })?;
                    self.pos = e;
                    let word = &self.src.data()[s..e];
                    if let Some(result) = Termination::from_ascii(word) {
                        if depth == 0 {
                            if matches!(mode, Mode::Visit | Mode::SkipMainline)
                                && visitor.result(result).is_break()
                            {
                                mode = Mode::SkipGame;
                            }
                            ended = true;
                            break;
                        }
                        mode == Mode::Visit
                            && self.report(visitor, SyntaxErrorKind::ResultInVariation, s, word)
                    } else {
                        let text = strip_move_number(word);
                        !text.is_empty() && mode == Mode::Visit && visitor.san(text).is_break()
                    }
                }
            };
            if skip_line {
                mode = after_break(mode, depth);
            }
        }
        if ended {
            self.skip_trailing_comments(visitor, matches!(mode, Mode::Visit | Mode::SkipMainline))?;
        }
        if !matches!(mode, Mode::SkipGame) {
            if depth > 0 {
                self.report(
                    visitor,
                    SyntaxErrorKind::UnterminatedVariation,
                    self.pos,
                    &[],
                );
            } else if !ended {
                self.report(visitor, SyntaxErrorKind::MissingResult, self.pos, &[]);
            }
        }
        for _ in 0..open {
            let _ = visitor.end_variation();
        }
        Ok(())
    }

    /// Reads the tokens most movetext is made of straight from the data at hand: spaces,
    /// line ends, move numbers, moves (words starting with a file or a piece letter) and
    /// brace comments.
    /// Stops before anything else, or where the data may end inside a token, and leaves it
    /// to the general reader. Returns whether the visitor broke off.
    #[inline(always)]
    fn common_tokens<V: Visitor>(&mut self, visitor: &mut V) -> bool {
        let data = self.src.data();
        let mut i = self.pos;
        let mut stop = false;
        while let Some(&b) = data.get(i) {
            match b {
                b' ' | b'\r' | b'\t' => i += 1,
                // A `%` escape line, or the end of the data, is for the general reader.
                b'\n' if matches!(data.get(i + 1), Some(&next) if next != b'%') => i += 1,
                b'a'..=b'h' | b'N' | b'B' | b'R' | b'Q' | b'K' | b'O' => {
                    // Moves are a few bytes long: the end is almost always among the next
                    // eight, looked at without checking the data's end byte by byte.
                    let mut end = i + 1;
                    match data
                        .get(end..end + 8)
                        .and_then(|window| window.iter().position(|&b| DELIMITER[b as usize]))
                    {
                        Some(n) => end += n,
                        None => {
                            while end < data.len() && !DELIMITER[data[end] as usize] {
                                end += 1;
                            }
                            if end == data.len() {
                                break;
                            }
                        }
                    }
                    stop = visitor.san(&data[i..end]).is_break();
                    // The space after a move, without going round the loop.
                    i = end + usize::from(data[end] == b' ');
                    if stop {
                        break;
                    }
                }
                b'0'..=b'9' => match self.move_number_end(i) {
                    // `move_number_end` saw the byte after the number: it is there.
                    Some(end) => i = end + usize::from(data[end] == b' '),
                    None => break,
                },
                b'{' => {
                    let Some((end, high)) = find_close_brace(data, i + 1) else {
                        break;
                    };
                    stop = high && self.not_utf8_comment(visitor, i + 1, end)
                        || visitor.comment(&data[i + 1..end]).is_break();
                    i = end + 1;
                    if data.get(i) == Some(&b' ') {
                        i += 1;
                    }
                    if stop {
                        break;
                    }
                }
                _ => break,
            }
        }
        self.pos = i;
        stop
    }

    /// Reports a comment (`start..end` of the data) that is not UTF-8; returns whether the
    /// visitor broke off. Only called for comments with bytes that are not ASCII.
    #[cold]
    fn not_utf8_comment<V: Visitor>(&self, visitor: &mut V, start: usize, end: usize) -> bool {
        let text = &self.src.data()[start..end];
        core::str::from_utf8(text).is_err()
            && self.report(
                visitor,
                SyntaxErrorKind::CommentNotUtf8,
                start - 1,
                &self.src.data()[start - 1..end.min(start + 40)],
            )
    }

    /// The end of a move number (`12.`, `12...`) starting at `at`, with the data at hand:
    /// digits, at least one dot, and a byte that is not part of a word or a digit after.
    /// `None` for anything else, or when the data ends first.
    #[inline(always)]
    fn move_number_end(&self, at: usize) -> Option<usize> {
        let data = self.src.data();
        let mut i = at;
        while i < data.len() && data[i].is_ascii_digit() {
            i += 1;
        }
        let dots = i;
        while i < data.len() && data[i] == b'.' {
            i += 1;
        }
        (i > dots
            && i < data.len()
            && (DELIMITER[data[i] as usize] || data[i].is_ascii_alphabetic()))
        .then_some(i)
    }

    /// After the termination marker: comments and spaces before the next game belong to
    /// this one and are dropped; so is a stray `}`, reported to `visitor` if `report`.
    fn skip_trailing_comments<V: Visitor>(
        &mut self,
        visitor: &mut V,
        report: bool,
    ) -> Result<(), S::Error> {
        loop {
            self.skip_whitespace(false)?;
            match self.peek()? {
                Some(b'}') => {
                    if report {
                        let at = self.pos;
                        let _ = self.report(visitor, SyntaxErrorKind::StrayClosingBrace, at, b"}");
                    }
                    self.pos += 1;
                }
                Some(b'{') => {
                    let (_, e, closed) =
                        self.token(self.pos + 1, |d, from| find_byte(d, from, b'}'))?;
                    self.pos = e + closed as usize;
                }
                Some(b';') => self.skip_line()?,
                _ => return Ok(()),
            }
        }
    }
}

/// What reading goes on with after a callback broke off at `depth`: the rest of the line.
fn after_break(mode: Mode, depth: u32) -> Mode {
    match mode {
        Mode::SkipGame => Mode::SkipGame,
        _ if depth == 0 => Mode::SkipMainline,
        _ => Mode::SkipLine {
            depth: depth - 1,
            end: true,
        },
    }
}

/// Bytes that end a move word, as a table.
static DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = is_delimiter(b as u8);
        b += 1;
    }
    table
};

/// Bytes that end a move word.
const fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | 0x0b
            | 0x0c
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'['
            | b']'
            | b';'
            | b'$'
            | b'!'
            | b'?'
            | b'"'
    )
}

/// A word without its move number: `12.` and `12...` are nothing, `12.Nf3` is `Nf3`. Dots
/// alone are nothing. Castling with zeros (`0-0`) and the null move `0000` are kept.
#[inline(always)]
fn strip_move_number(word: &[u8]) -> &[u8] {
    // The null move in UCI, not a move number.
    if word == b"0000" {
        return word;
    }
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &word[digits..];
    if digits == word.len() {
        return &[];
    }
    if rest[0] == b'.' || digits == 0 {
        let dots = rest.iter().take_while(|&&b| b == b'.').count();
        if digits > 0 || dots > 0 {
            return &rest[dots..];
        }
    }
    word
}

fn parse_nag_number(digits: &[u8]) -> Option<Nag> {
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let n = digits
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    u8::try_from(n).ok().map(Nag)
}

/// The index of the first `needle` at or after `from`, eight bytes at a time.
#[inline(always)]
fn find_byte(data: &[u8], from: usize, needle: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let pattern = LOW * u64::from(needle);
    let mut i = from;
    while let Some(chunk) = data.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ pattern;
        // A zero byte of `x` is a match; the lowest flagged byte is always a true one.
        let found = x.wrapping_sub(LOW) & !x & HIGH;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    data[i..].iter().position(|&b| b == needle).map(|n| i + n)
}

/// The index of the first `}` at or after `from`, eight bytes at a time, and whether a byte
/// that is not ASCII may come before it (a byte after it in the same eight may also set it).
#[inline(always)]
fn find_close_brace(data: &[u8], from: usize) -> Option<(usize, bool)> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let pattern = LOW * u64::from(b'}');
    let mut seen = 0;
    let mut i = from;
    while let Some(chunk) = data.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        seen |= w;
        let x = w ^ pattern;
        let found = x.wrapping_sub(LOW) & !x & HIGH;
        if found != 0 {
            return Some((i + (found.trailing_zeros() / 8) as usize, seen & HIGH != 0));
        }
        i += 8;
    }
    let end = data[i..].iter().position(|&b| b == b'}').map(|n| i + n)?;
    Some((end, seen & HIGH != 0 || !data[i..end].is_ascii()))
}

/// Whether `bytes` holds a `"`, a `\\` or a byte that is not ASCII, eight bytes at a time.
#[inline(always)]
fn has_quote_backslash_or_high(bytes: &[u8]) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let flagged = |w: u64| {
        let (q, b) = (w ^ (LOW * u64::from(b'"')), w ^ (LOW * u64::from(b'\\')));
        (q.wrapping_sub(LOW) & !q | b.wrapping_sub(LOW) & !b | w) & HIGH != 0
    };
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        if flagged(u64::from_le_bytes(word)) {
            return true;
        }
    }
    // The rest as one word too, padded with zero bytes (neither flagged nor able to
    // borrow into a flagged byte): a byte at a time cost 12 instructions a tag (cachegrind).
    let rest = chunks.remainder();
    let mut word = [0; 8];
    word[..rest.len()].copy_from_slice(rest);
    flagged(u64::from_le_bytes(word))
}

/// The name of the tag on `line` (which starts with `[`): up to a space, quote or `]`.
fn tag_name(line: &[u8]) -> &[u8] {
    let inner = line.get(1..).unwrap_or_default();
    let start = inner
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(inner.len());
    let len = inner[start..]
        .iter()
        .position(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'"' | b']'))
        .unwrap_or(inner.len() - start);
    &inner[start..start + len]
}

/// A tag line in its usual form, `[Name "value"]` with nothing escaped, an ASCII value and
/// nothing after it but spaces: the name and the value. Anything else is left to the
/// general reader.
#[inline(always)]
fn simple_tag(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let line = trim_end(line);
    let inner = line.strip_prefix(b"[")?.strip_suffix(b"\"]")?;
    let (name, rest) = inner.split_at(tag_name_end(inner)?);
    let value = rest.strip_prefix(b" \"")?;
    if name.is_empty() || has_quote_backslash_or_high(value) {
        return None;
    }
    Some((name, value))
}

/// The index of the space that ends the tag name at the start of `inner`; `None` when a
/// `"`, `]` or tab comes first, or no space. Eight bytes at a time: a byte at a time cost
/// 54 instructions a tag (cachegrind).
#[inline(always)]
fn tag_name_end(inner: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    loop {
        let rest = &inner[i..];
        if rest.is_empty() {
            return None;
        }
        let n = rest.len().min(8);
        // Padded with zero bytes, which match none of the four.
        let mut word = [0; 8];
        word[..n].copy_from_slice(&rest[..n]);
        let w = u64::from_le_bytes(word);
        let hit = |b: u8| {
            let x = w ^ (LOW * u64::from(b));
            x.wrapping_sub(LOW) & !x & HIGH
        };
        let found = hit(b' ') | hit(b'"') | hit(b']') | hit(b'\t');
        if found != 0 {
            // The lowest flagged byte is a true match (a false one needs a true one below).
            let at = (found.trailing_zeros() / 8) as usize;
            return (rest[at] == b' ').then_some(i + at);
        }
        i += n;
    }
}

fn trim_cr(text: &[u8]) -> &[u8] {
    text.strip_suffix(b"\r").unwrap_or(text)
}

fn trim_end(text: &[u8]) -> &[u8] {
    let end = text
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &text[..end]
}

/// Newlines in `bytes`.
pub(crate) fn count_newlines(bytes: &[u8]) -> u64 {
    // Counts of at most 255 in byte lanes, which the compiler vectorises (16 or 32 bytes a
    // step): a third of the instructions of counting eight bytes at a time in a `u64`.
    bytes
        .chunks(255)
        .map(|c| u64::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The word-at-a-time scans against a byte at a time, for every length around their
    /// eight-byte steps and every position of each byte they look for.
    #[test]
    fn word_scans_match_byte_scans() {
        for len in 0..=20 {
            for at in 0..len {
                for special in [b' ', b'"', b']', b'\t', b'\\', b'\n', 0x80, 0xff, b'x'] {
                    let mut bytes: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                    bytes[at] = special;
                    let name_end = bytes
                        .iter()
                        .position(|b| matches!(b, b' ' | b'"' | b']' | b'\t'))
                        .filter(|&i| bytes[i] == b' ');
                    assert_eq!(tag_name_end(&bytes), name_end, "{bytes:?}");
                    let flagged = bytes.iter().any(|&b| b == b'"' || b == b'\\' || b >= 0x80);
                    assert_eq!(has_quote_backslash_or_high(&bytes), flagged, "{bytes:?}");
                    let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                    assert_eq!(count_newlines(&bytes), newlines);
                }
            }
        }
        let many = b"\n".repeat(1000);
        assert_eq!(count_newlines(&many), 1000);
    }

    #[test]
    fn simple_tags_and_the_rest() {
        assert_eq!(
            simple_tag(b"[WhiteRatingDiff \"+5\"]\r"),
            Some((&b"WhiteRatingDiff"[..], &b"+5"[..]))
        );
        assert_eq!(simple_tag(b"[Event \"\"]"), Some((&b"Event"[..], &b""[..])));
        // Left to the general reader: quotes or a `]` in the name, no space, escapes.
        assert_eq!(simple_tag(b"[Ev\"ent \"x\"]"), None);
        assert_eq!(simple_tag(b"[Ev]ent \"x\"]"), None);
        assert_eq!(simple_tag(b"[Event\t\"x\"]"), None);
        assert_eq!(simple_tag(b"[Event\"x\"]"), None);
        assert_eq!(simple_tag(b"[ \"x\"]"), None);
        assert_eq!(simple_tag(b"[Event \"a\\\"b\"]"), None);
    }
}
