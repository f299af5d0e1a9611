//! Arbitrary bytes as a PGN collection: nothing panics; the reader's callbacks pair up
//! (`end_game` once per `begin_game`, one `end_variation` per `begin_variation` that went
//! on), games are numbered 1, 2, 3... at offsets that increase, inside the input, on the
//! line their offset is on, and a callback's `Break` is obeyed; reading through
//! `std::io::Read` in small pieces gives the same events as reading the bytes in memory;
//! `Game::read` agrees with `Checker` on moves and errors; and a game written, read back and
//! written again gives the same tree and the same text.
#![no_main]

use std::io::{self, Read};
use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use quadboard_chess::pgn::{
    Checker, Game, GameStart, Nag, NodeId, RawTag, Reader, Source, SyntaxError, SyntaxErrorKind,
    Termination, Visitor,
};

/// A callback of the reader, as owned data.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Event {
    BeginGame(GameStart),
    Tag(Vec<u8>, Vec<u8>),
    BeginMovetext,
    San(Vec<u8>),
    Nag(u8),
    Comment(Vec<u8>),
    BeginVariation,
    EndVariation,
    Result(Termination),
    Syntax(SyntaxErrorKind, u64, Vec<u8>),
    EndGame,
}

/// What the recorder still accepts after a `Break`, as the `Visitor` documentation says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Skip {
    /// Everything.
    No,
    /// Nothing but `end_game`.
    Game,
    /// Only `result` (and the end-of-game errors).
    Mainline,
    /// Nothing until the `end_variation` that closes the variation open at this depth.
    Line(usize),
}

/// Records every callback and checks the order they come in. With `breaks`, returns
/// `Break` now and then (pseudo-randomly, from the seed) and checks that the reader skips
/// what it should.
struct Recorder {
    input_len: u64,
    newlines_before: Vec<u64>,
    events: Vec<Event>,
    in_game: bool,
    games: u64,
    last_offset: Option<u64>,
    last_line: u64,
    /// Variations begun (and not broken off) and not yet ended.
    open: usize,
    skip: Skip,
    breaks: Option<u64>,
}

impl Recorder {
    fn new(input: &[u8], breaks: Option<u64>) -> Recorder {
        // newlines_before[i]: newlines in input[..i].
        let mut newlines_before = Vec::with_capacity(input.len() + 1);
        let mut n = 0;
        newlines_before.push(0);
        for &b in input {
            n += u64::from(b == b'\n');
            newlines_before.push(n);
        }
        Recorder {
            input_len: input.len() as u64,
            newlines_before,
            events: Vec::new(),
            in_game: false,
            games: 0,
            last_offset: None,
            last_line: 1,
            open: 0,
            skip: Skip::No,
            breaks,
        }
    }

    /// Records `event`, checking that it may come now.
    fn push(&mut self, event: Event) {
        assert!(self.in_game, "{event:?} outside a game");
        let allowed = match (self.skip, &event) {
            (Skip::No, _) => true,
            (Skip::Game, _) => false,
            (Skip::Mainline, Event::Result(_)) => true,
            (Skip::Line(depth), Event::EndVariation) => self.open == depth,
            // How the game ends is reported after a line's `Break` too.
            (
                Skip::Mainline | Skip::Line(_),
                Event::Syntax(
                    SyntaxErrorKind::UnterminatedComment
                    | SyntaxErrorKind::MissingResult
                    | SyntaxErrorKind::UnterminatedVariation
                    | SyntaxErrorKind::StrayClosingBrace,
                    ..,
                ),
            ) => true,
            _ => false,
        };
        assert!(allowed, "{event:?} while skipping {:?}", self.skip);
        self.events.push(event);
    }

    /// Whether to break here.
    fn decide(&mut self) -> ControlFlow<()> {
        match &mut self.breaks {
            None => ControlFlow::Continue(()),
            Some(state) => {
                *state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (*state >> 59) == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
    }

    /// A callback whose `Break` skips the rest of the current line.
    fn line_callback(&mut self, event: Event) -> ControlFlow<()> {
        self.push(event);
        let flow = self.decide();
        if flow.is_break() && self.skip == Skip::No {
            self.skip = if self.open == 0 {
                Skip::Mainline
            } else {
                Skip::Line(self.open)
            };
        }
        flow
    }

    /// A callback whose `Break` skips the rest of the game.
    fn game_callback(&mut self, event: Event) -> ControlFlow<()> {
        self.push(event);
        let flow = self.decide();
        if flow.is_break() {
            self.skip = Skip::Game;
        }
        flow
    }
}

impl Visitor for Recorder {
    type Output = ();

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        assert!(!self.in_game, "begin_game inside a game");
        self.in_game = true;
        self.games += 1;
        assert_eq!(start.number, self.games, "game numbers count 1, 2, 3...");
        assert!(start.offset < self.input_len, "{start:?} past the input");
        if let Some(last) = self.last_offset {
            assert!(start.offset > last, "{start:?} not after offset {last}");
        }
        assert!(start.line >= 1 && start.line >= self.last_line, "{start:?}");
        assert_eq!(
            start.line,
            1 + self.newlines_before[start.offset as usize],
            "{start:?}: not the line of its offset"
        );
        self.last_offset = Some(start.offset);
        self.last_line = start.line;
        self.game_callback(Event::BeginGame(start))
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.game_callback(Event::Tag(name.to_vec(), value.as_bytes().to_vec()))
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.game_callback(Event::BeginMovetext)
    }

    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        assert!(!text.is_empty(), "empty move");
        self.line_callback(Event::San(text.to_vec()))
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.line_callback(Event::Nag(nag.0))
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.line_callback(Event::Comment(text.to_vec()))
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.push(Event::BeginVariation);
        let flow = self.decide();
        if flow.is_continue() {
            self.open += 1;
        }
        // A variation broken off is skipped to its `)` with no callback, which the recorder
        // cannot see: it checks only the pairing.
        flow
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        assert!(self.open > 0, "end_variation without a begin_variation");
        self.push(Event::EndVariation);
        if self.skip == Skip::Line(self.open) {
            self.skip = Skip::No;
        }
        self.open -= 1;
        self.line_callback_flow()
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        assert_eq!(self.open, 0, "result inside a variation");
        self.game_callback(Event::Result(result))
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        assert!(error.offset <= self.input_len, "{error:?} past the input");
        let _ = error.to_string();
        self.line_callback(Event::Syntax(error.kind, error.offset, token.to_vec()))
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        assert!(warning.kind.is_forgiven(), "{warning:?} is not forgiven");
        self.syntax_error(warning, token)
    }

    fn end_game(&mut self) {
        assert!(self.in_game, "end_game without begin_game");
        assert_eq!(self.open, 0, "variations begun and not ended");
        self.events.push(Event::EndGame);
        self.in_game = false;
        self.skip = Skip::No;
    }
}

impl Recorder {
    /// `end_variation`'s own `Break`: the rest of the enclosing line.
    fn line_callback_flow(&mut self) -> ControlFlow<()> {
        let flow = self.decide();
        if flow.is_break() && self.skip == Skip::No {
            self.skip = if self.open == 0 {
                Skip::Mainline
            } else {
                Skip::Line(self.open)
            };
        }
        flow
    }
}

/// Reads every game of `reader` into a recorder; returns the events and the game count.
fn record<S: Source>(mut reader: Reader<S>, input: &[u8], breaks: Option<u64>) -> (Vec<Event>, u64)
where
    S::Error: std::fmt::Debug,
{
    let mut recorder = Recorder::new(input, breaks);
    let mut games = 0;
    while reader
        .read_game(&mut recorder)
        .expect("no read errors")
        .is_some()
    {
        games += 1;
        assert!(!recorder.in_game);
        assert!(reader.offset() <= input.len() as u64);
        // The input's end is reached only once.
        assert!(games <= input.len() as u64, "more games than bytes");
    }
    assert_eq!(
        reader.read_game(&mut recorder).expect("no read errors"),
        None
    );
    assert_eq!(recorder.games, games);
    (recorder.events, games)
}

/// The input a few bytes at a time, sizes from `seed`; now and then an `Interrupted` error
/// when `seed` says so.
struct Pieces<'a> {
    data: &'a [u8],
    seed: u8,
    reads: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.seed & 0x80 != 0 && self.reads % 5 == 0 {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "again"));
        }
        let size = match self.reads % 4 {
            0 => 1,
            1 => 1 + usize::from(self.seed & 0x07),
            2 => 1 + usize::from((self.seed >> 3) & 0x0f),
            _ => 1 + usize::from(self.seed & 0x3f) * 3,
        };
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn pieces(data: &[u8]) -> Pieces<'_> {
    Pieces {
        data,
        seed: data.first().copied().unwrap_or(0),
        reads: 0,
    }
}

/// The tree of a game: the moves, NAGs and comments of every node and the order of its
/// children, walked from the root. Node numbers follow the order of the text, which writing
/// may change: `1. e4 e5 (1... c5 (1... d5) 2. Nf3)` is written `1. e4 e5 ( 1... c5 2. Nf3 )
/// ( 1... d5 )`, the same tree.
/// Checks the links on the way: each child's parent, every node reached once.
fn same_tree(a: &Game, b: &Game) -> Result<(), String> {
    let mut stack = vec![(NodeId::ROOT, NodeId::ROOT)];
    let mut seen = 0;
    while let Some((x, y)) = stack.pop() {
        seen += 1;
        let (nx, ny) = (a.node(x), b.node(y));
        if (nx.mv, &nx.nags, &nx.comments_before, &nx.comments_after)
            != (ny.mv, &ny.nags, &ny.comments_before, &ny.comments_after)
        {
            return Err(format!("{x:?} {nx:?}\nread back as {y:?} {ny:?}"));
        }
        let (cx, cy): (Vec<_>, Vec<_>) = (a.children(x).collect(), b.children(y).collect());
        if cx.len() != cy.len() {
            return Err(format!("{x:?} has children {cx:?}, read back {cy:?}"));
        }
        for (&c, &d) in cx.iter().zip(&cy) {
            assert_eq!(
                a.node(c).parent,
                Some(x),
                "{c:?}: not a child of its parent"
            );
            assert_eq!(
                b.node(d).parent,
                Some(y),
                "{d:?}: not a child of its parent"
            );
            stack.push((c, d));
        }
    }
    assert_eq!(seen, a.nodes().len(), "nodes not reached from the root");
    assert_eq!(seen, b.nodes().len(), "nodes not reached from the root");
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    // The events, read from memory and through `Read` in small pieces.
    let (events, games) = record(Reader::new(data), data, None);
    let (piecewise, _) = record(Reader::from_read(pieces(data)), data, None);
    assert_eq!(events, piecewise, "reading in pieces changed the events");

    // The same with a visitor that breaks off now and then.
    let seed = data
        .iter()
        .take(8)
        .fold(0u64, |s, &b| s << 8 | u64::from(b))
        | 1;
    let (breaking, breaking_games) = record(Reader::new(data), data, Some(seed));
    let (piecewise, _) = record(Reader::from_read(pieces(data)), data, Some(seed));
    assert_eq!(
        breaking, piecewise,
        "reading in pieces changed the events (breaks)"
    );
    assert_eq!(breaking_games, games, "breaks changed the games");

    // Game::read and Checker, game by game.
    let mut reader = Reader::new(data);
    let mut checker_reader = Reader::new(data);
    let mut checker = Checker::new();
    let mut count = 0;
    while let Some(game) = Game::read(&mut reader).unwrap_or_else(|e| match e {}) {
        count += 1;
        let checked = checker_reader
            .read_game(&mut checker)
            .unwrap_or_else(|e| match e {})
            .expect("the checker sees as many games");
        assert_eq!(game.start_at(), checked.start);
        assert_eq!(game.start_at().number, count);
        assert_eq!(
            game.node_count() as u64,
            checked.moves,
            "Game and Checker count different moves"
        );
        let errors: Vec<String> = game.errors().iter().map(ToString::to_string).collect();
        let checked_errors: Vec<String> = checked.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors, checked_errors,
            "Game and Checker find different errors"
        );
        let _ = (
            game.mainline_san(),
            game.mainline_uci(),
            game.final_position(),
        );

        // Written, read back, written again.
        let text = game.to_string();
        let again = Game::from_pgn(&text).expect("a written game reads back");
        if let Err(difference) = same_tree(&game, &again) {
            panic!("the tree read back differs: {difference}\n{text}");
        }
        assert_eq!(again.to_string(), text, "writing again changed the text");
    }
    assert_eq!(
        count, games,
        "Game::read and the recorder see different game counts"
    );
    assert_eq!(
        checker_reader
            .read_game(&mut checker)
            .unwrap_or_else(|e| match e {}),
        None
    );
});
