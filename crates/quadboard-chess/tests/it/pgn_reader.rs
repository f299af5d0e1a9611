//! The streaming reader itself: what a `Break` from each callback skips (as the
//! [`Visitor`] documentation says), the same callbacks, game numbers, offsets and lines
//! whether the bytes come as one slice or through a `Read` that hands out 1 to 7 bytes at a
//! time, and game boundaries found without reading ([`next_game_start`]) where the reader
//! finds them.

use std::ops::ControlFlow;

use quadboard_chess::pgn::{
    game_start_at_or_after, next_game_start, GameStart, Nag, RawTag, Reader, Source, SyntaxError,
    SyntaxErrorKind, Termination, Visitor,
};

use crate::common::Rng;
use crate::pgn_gen::{data_files, random_pgn, Chopped, GenOptions};

/// A callback as the reader made it.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Ev {
    Begin(GameStart),
    Tag(Vec<u8>, Vec<u8>),
    Movetext,
    San(Vec<u8>),
    Nag(u8),
    Comment(Vec<u8>),
    BeginVariation,
    EndVariation,
    Result(Termination),
    Syntax(SyntaxError, Vec<u8>),
    /// The callback before returned `Break`.
    Broke,
}

/// When the recorder answers `Break`.
enum Policy {
    Never,
    /// At the callback with this index in the first game (from 0, `begin_game` first).
    At(usize),
    /// At random, one callback in `n`.
    Random(Rng, usize),
}

/// Records every callback of each game.
struct Recorder {
    events: Vec<Ev>,
    policy: Policy,
}

impl Recorder {
    fn new(policy: Policy) -> Recorder {
        Recorder {
            events: Vec::new(),
            policy,
        }
    }

    fn on(&mut self, event: Ev) -> ControlFlow<()> {
        let index = self.events.iter().filter(|e| **e != Ev::Broke).count();
        self.events.push(event);
        let stop = match &mut self.policy {
            Policy::Never => false,
            Policy::At(k) => *k == index,
            Policy::Random(rng, n) => rng.below(*n) == 0,
        };

        if stop {
            self.events.push(Ev::Broke);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Visitor for Recorder {
    type Output = Vec<Ev>;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        self.on(Ev::Begin(start))
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.on(Ev::Tag(name.to_vec(), value.as_bytes().to_vec()))
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.on(Ev::Movetext)
    }
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.on(Ev::San(text.to_vec()))
    }
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        self.on(Ev::Nag(nag.0))
    }
    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        self.on(Ev::Comment(text.to_vec()))
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.on(Ev::BeginVariation)
    }
    fn end_variation(&mut self) -> ControlFlow<()> {
        self.on(Ev::EndVariation)
    }
    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        self.on(Ev::Result(result))
    }
    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.on(Ev::Syntax(error, token.to_vec()))
    }
    // Forgiven problems are recorded with the others: their order is the text's.
    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        self.on(Ev::Syntax(warning, token.to_vec()))
    }
    fn end_game(&mut self) -> Vec<Ev> {
        if let Policy::At(_) = self.policy {
            self.policy = Policy::Never;
        }
        std::mem::take(&mut self.events)
    }
}

/// What reading gives for each game: its callbacks, the reader's offset after it, and with
/// `keep_games` its bytes.
type Read = Vec<(Vec<Ev>, u64, Vec<u8>)>;

fn read_all<S: Source>(mut reader: Reader<S>, policy: Policy) -> Read
where
    S::Error: std::fmt::Debug,
{
    let mut recorder = Recorder::new(policy);
    let mut out = Vec::new();
    while let Some(events) = reader.read_game(&mut recorder).expect("no read error") {
        out.push((events, reader.offset(), reader.last_game_bytes().to_vec()));
    }
    assert_eq!(
        reader.read_game(&mut recorder).expect("no read error"),
        None
    );
    out
}

/// Reads `bytes` whole and chopped, with and without `keep_games`, and asserts the same
/// callbacks, offsets and game bytes; checks game numbers, offsets and lines against the
/// bytes. Returns the games' callbacks.
fn read_both_ways(bytes: &[u8], seed: u64) -> Vec<Vec<Ev>> {
    let whole = read_all(Reader::new(bytes), Policy::Never);
    let chopped = read_all(
        Reader::from_read(Chopped {
            bytes,
            rng: Rng(seed),
        }),
        Policy::Never,
    );
    assert_eq!(chopped, whole);
    let kept = read_all(Reader::new(bytes).keep_games(true), Policy::Never);
    let kept_chopped = read_all(
        Reader::from_read(Chopped {
            bytes,
            rng: Rng(seed ^ 1),
        })
        .keep_games(true),
        Policy::Never,
    );
    assert_eq!(kept_chopped, kept);
    let mut starts = Vec::new();
    for (i, ((events, offset, none), (kept_events, kept_offset, game))) in
        whole.iter().zip(&kept).enumerate()
    {
        assert!(none.is_empty(), "no game bytes without keep_games");
        assert_eq!((events, offset), (kept_events, kept_offset));
        let Some(Ev::Begin(start)) = events.first() else {
            panic!("game {} starts with begin_game: {events:?}", i + 1)
        };
        assert_eq!(start.number, i as u64 + 1);
        let at = start.offset as usize;
        assert_eq!(
            start.line,
            1 + bytes[..at].iter().filter(|&&b| b == b'\n').count() as u64
        );
        assert!(!bytes[at].is_ascii_whitespace());
        // The game's bytes run from its start to the next game's.
        assert_eq!(&bytes[at..*offset as usize], &game[..]);
        starts.push(at);
        assert_eq!(
            events.iter().filter(|e| matches!(e, Ev::Begin(_))).count(),
            1
        );
        // A syntax error is where its token is: a tag's at its name, in the tag.
        for e in events {
            let Ev::Syntax(error, token) = e else {
                continue;
            };
            let offset = error.offset as usize;
            assert!(offset <= bytes.len());
            let tag = matches!(
                error.kind,
                SyntaxErrorKind::TagWithoutValue
                    | SyntaxErrorKind::TagWithoutName
                    | SyntaxErrorKind::UnterminatedTagValue
                    | SyntaxErrorKind::UnterminatedTag
                    | SyntaxErrorKind::QuotesInTagValue
                    | SyntaxErrorKind::TagNotUtf8
            );
            let from = if tag {
                // The token is the tag from its `[`, the offset that of its name.
                (offset.saturating_sub(token.len())..=offset)
                    .find(|&p| bytes[p..].starts_with(token))
                    .unwrap_or(offset)
            } else {
                offset
            };
            assert!(bytes[from..].starts_with(token), "{error:?} {token:?}");
            assert!(from + token.len() >= offset);
        }
    }
    for (pair, (_, offset, _)) in starts.windows(2).zip(&whole) {
        assert_eq!(
            pair[1] as u64, *offset,
            "the next game starts where one ends"
        );
    }
    // Whitespace only after the last game.
    if let Some((_, offset, _)) = whole.last() {
        assert!(bytes[*offset as usize..]
            .iter()
            .all(|b| b.is_ascii_whitespace()));
    }
    whole.into_iter().map(|(events, _, _)| events).collect()
}

#[test]
fn data_files_read_the_same_in_pieces() {
    for (name, bytes) in data_files() {
        let games = read_both_ways(&bytes, 7);
        assert!(games.len() > 400, "{name}");
    }
}

#[test]
fn generated_and_broken_games_read_the_same_in_pieces() {
    let (_, text) = random_pgn(0x5ee_d001, 150, GenOptions::default());
    read_both_ways(text.as_bytes(), 1);
    let broken: [&[u8]; 14] = [
        b"",
        b"  \n ",
        b"\xef\xbb\xbf[Event \"bom\"]\n\n1. e4 *",
        b"\xef\xbb",
        b"% escape\n[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 *\n",
        b"1. e4 { never closed\n\n[Event \"x\"]\n",
        b"1. e4 (1. d4 (1. c4 c5) d5\n\n[Event \"next\"]\n\n1. d4 ) *",
        b"[Event]\n[Site \"x\n[Date \"1\"\n[ \"y\"]\n\n1. e4 $300 !!! ] 1-0 *\n",
        b"1. e4 (1. d4 1-0) e5 *\n\n1. e4 e5 2. Ke3 Nc6 (2... d6) 3. Nf3 *\n1. d4 0-1",
        b"\r\n[Event \"crlf\"]\r\n\r\n1. e4 ; line\r\ne5 {\r\n} *\r\n\r\n",
        b"[Event \"a\"] [Site \"b\"]\n1.e4 e5 2.Nf3 *",
        b"[Event \"a\\\"]\"]\n\n*\n[Event \"b\"]\n",
        b"[Event \"\xff\xfe\"]\n\n1. e4 {\xc3\x28} \xa0 *",
        b"( ) ) ( [ ] { } ; ! ? $ * 1-0",
    ];
    for (i, bytes) in broken.iter().enumerate() {
        for seed in 0..4 {
            read_both_ways(bytes, seed * 31 + i as u64);
        }
    }
    // Lines of a megabyte: one comment, one word.
    for (open, fill, close) in [
        (&b"1. e4 {"[..], b'c', &b"} e5 *\n"[..]),
        (b"1. e4 ", b'x', b" e5 *\n"),
    ] {
        let mut bytes = open.to_vec();
        bytes.resize(bytes.len() + (1 << 20), fill);
        bytes.extend_from_slice(close);
        bytes.extend_from_slice(b"\n[Event \"next\"]\n\n1. d4 *\n");
        assert_eq!(read_both_ways(&bytes, 3).len(), 2);
    }
    // Real games cut anywhere.
    for (_, bytes) in data_files() {
        for cut in (1..6_000).step_by(97) {
            read_both_ways(&bytes[..cut], cut as u64);
        }
    }
    let mut rng = Rng(0x5ee_d002);
    let sample = b"[Ev \"x\"]\n{}();$1!?*1-0 e4 \r\n%";
    for round in 0..200 {
        let bytes: Vec<u8> = (0..rng.below(600))
            .map(|_| {
                if round % 2 == 0 {
                    rng.next() as u8
                } else {
                    sample[rng.below(sample.len())]
                }
            })
            .collect();
        read_both_ways(&bytes, round);
    }
}

/// The depth of variations after each event.
fn depths(events: &[Ev]) -> Vec<usize> {
    let mut depth = 0usize;
    events
        .iter()
        .map(|e| {
            match e {
                Ev::BeginVariation => depth += 1,
                Ev::EndVariation => depth -= 1,
                _ => {}
            }
            depth
        })
        .collect()
}

/// The callbacks of a game whose visitor returns `Break` at event `k` of `events` (the
/// callbacks when it never does), as the `Visitor` documentation says.
fn expected_after_break(events: &[Ev], k: usize) -> Vec<Ev> {
    let depth = depths(events);
    let mut out = events[..=k].to_vec();
    out.push(Ev::Broke);
    let rest = k + 1..events.len();
    match &events[k] {
        // The rest of the game.
        Ev::Begin(_) | Ev::Tag(..) | Ev::Movetext | Ev::Result(_) => {}
        // That variation, without its end.
        Ev::BeginVariation => {
            let end = rest
                .clone()
                .find(|&i| depth[i] == depth[k] - 1)
                .expect("a closed variation");
            out.extend_from_slice(&events[end + 1..]);
        }
        // In the mainline: all but the result.
        _ if depth[k] == 0 => out.extend(
            events[rest]
                .iter()
                .filter(|e| matches!(e, Ev::Result(_)))
                .cloned(),
        ),
        // In a variation: up to its end, which is still called.
        _ => {
            let end = rest
                .clone()
                .find(|&i| depth[i] == depth[k] - 1)
                .expect("a closed variation");
            out.extend_from_slice(&events[end..]);
        }
    }
    out
}

#[test]
fn break_skips_what_the_visitor_documentation_says() {
    let (games, _) = random_pgn(0x5ee_d003, 7, GenOptions::default());
    let sentinel = "\n[Event \"after\"]\n\n1. d4 (1. e4) d5 *\n";
    let mut breaks = 0;
    for game in &games {
        let text = format!("{}{sentinel}", game.text);
        let full = read_all(Reader::new(text.as_bytes()), Policy::Never);
        assert_eq!(full.len(), 2);
        let events = &full[0].0;
        assert!(!events.iter().any(|e| matches!(e, Ev::Syntax(..))));
        for k in 0..events.len() {
            let read = read_all(Reader::new(text.as_bytes()), Policy::At(k));
            let expected = expected_after_break(events, k);
            assert_eq!(
                read[0].0, expected,
                "break at {k}: {:?}\n{}",
                events[k], game.text
            );
            // The next game is read in full, from the same place.
            assert_eq!(read.len(), 2);
            assert_eq!(read[1], full[1]);
            assert_eq!(read[0].1, full[0].1);
            breaks += 1;
        }
    }
    assert!(breaks > 2_000, "{breaks} breaks");
}

#[test]
fn break_in_small_cases() {
    let pgn = b"[Event \"e\"]\n[Site \"s\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 $1 (1... c5 {x}) 2. Nf3 *\n";
    // The callbacks, with `|` after the one that breaks.
    let run = |k: usize| -> String {
        let read = read_all(Reader::new(&pgn[..]), Policy::At(k));
        read[0]
            .0
            .iter()
            .map(|e| match e {
                Ev::Begin(_) => "begin".to_string(),
                Ev::Tag(n, _) => String::from_utf8_lossy(n).into_owned(),
                Ev::Movetext => "movetext".to_string(),
                Ev::San(s) => String::from_utf8_lossy(s).into_owned(),
                Ev::Nag(n) => format!("${n}"),
                Ev::Comment(c) => format!("{{{}}}", String::from_utf8_lossy(c)),
                Ev::BeginVariation => "(".to_string(),
                Ev::EndVariation => ")".to_string(),
                Ev::Result(r) => r.to_string(),
                Ev::Syntax(e, _) => e.kind.to_string(),
                Ev::Broke => "|".to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let all = "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 $1 ( c5 {x} ) Nf3 *";
    assert_eq!(run(usize::MAX), all);
    assert_eq!(run(0), "begin |");
    assert_eq!(run(1), "begin Event |");
    assert_eq!(run(3), "begin Event Site movetext |");
    // From begin_variation: that variation, without end_variation.
    assert_eq!(
        run(5),
        "begin Event Site movetext e4 ( | e5 $1 ( c5 {x} ) Nf3 *"
    );
    assert_eq!(
        run(8),
        "begin Event Site movetext e4 ( d4 d5 ( | c4 ) e5 $1 ( c5 {x} ) Nf3 *"
    );
    // From a move in a variation: up to its `)`, then end_variation.
    assert_eq!(
        run(7),
        "begin Event Site movetext e4 ( d4 d5 | ) e5 $1 ( c5 {x} ) Nf3 *"
    );
    assert_eq!(
        run(9),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 | ) c4 ) e5 $1 ( c5 {x} ) Nf3 *"
    );
    // From end_variation: the rest of the line it returns to.
    assert_eq!(
        run(11),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) | ) e5 $1 ( c5 {x} ) Nf3 *"
    );
    assert_eq!(
        run(17),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 $1 ( c5 | ) Nf3 *"
    );
    assert_eq!(
        run(18),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 $1 ( c5 {x} | ) Nf3 *"
    );
    // In the mainline: only the result.
    assert_eq!(
        run(14),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 | *"
    );
    assert_eq!(
        run(15),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 $1 | *"
    );
    assert_eq!(
        run(19),
        "begin Event Site movetext e4 ( d4 d5 ( Nf6 c4 ) c4 ) e5 $1 ( c5 {x} ) | *"
    );
    assert_eq!(run(20), format!("{} | *", &all[..all.len() - 2]));
    assert_eq!(run(21), format!("{all} |"));
}

#[test]
fn break_still_hears_how_the_game_ends() {
    // After a Break from a line, the syntax errors of the game's end are still reported,
    // in the mainline and in variations; after one from begin_game, nothing is.
    let kinds = |pgn: &[u8], k: usize| -> Vec<SyntaxErrorKind> {
        let read = read_all(Reader::new(pgn), Policy::At(k));
        let events = &read[0].0;
        assert_eq!(events.get(k + 1), Some(&Ev::Broke), "{events:?}");
        events[k + 1..]
            .iter()
            .filter_map(|e| match e {
                Ev::Syntax(error, _) => Some(error.kind),
                _ => None,
            })
            .collect()
    };
    use SyntaxErrorKind::*;
    // 0 begin, 1 movetext, 2 e4, 3 e5.
    let pgn = b"1. e4 e5 { the input ends in this comment";
    assert_eq!(kinds(pgn, 2), [UnterminatedComment, MissingResult]);
    assert_eq!(kinds(pgn, 3), [UnterminatedComment, MissingResult]);
    assert_eq!(kinds(pgn, 0), []);
    // 2 e4, 3 (, 4 d4.
    let pgn = b"1. e4 (1. d4 { the input ends in this comment";
    assert_eq!(kinds(pgn, 3), [UnterminatedComment, UnterminatedVariation]);
    assert_eq!(kinds(pgn, 4), [UnterminatedComment, UnterminatedVariation]);
    assert_eq!(kinds(pgn, 2), [UnterminatedComment, UnterminatedVariation]);
    assert_eq!(kinds(b"1. e4 e5", 2), [MissingResult]);
    // Problems inside what is skipped are not reported.
    assert_eq!(kinds(b"1. e4 $300 ) e5 *", 2), []);
}

/// Random breaks on any input: one `begin_game` and one `end_game` per game, every
/// `begin_variation` that was not refused has its `end_variation`, after a `Break` that
/// skips the game nothing more is called, and after one that skips the mainline only the
/// result and how the game ends.
#[test]
fn random_breaks_keep_the_pairs() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let (_, text) = random_pgn(0x5ee_d004, 100, GenOptions::default());
    inputs.push(text.into_bytes());
    let mut rng = Rng(0x5ee_d005);
    let sample = b"[Ev \"x\"]\n{}();$1!?*1-0 e4 Nf3 d5 (((\r\n";
    for _ in 0..200 {
        inputs.push(
            (0..rng.below(1000))
                .map(|_| sample[rng.below(sample.len())])
                .collect(),
        );
    }
    inputs.push(b"1. e4 (1. d4 (1. c4 c5 (1... e5".to_vec());
    for (i, bytes) in inputs.iter().enumerate() {
        for n in [2, 5, 20] {
            let read = read_all(
                Reader::new(bytes),
                Policy::Random(Rng(i as u64 * 3 + n as u64), n),
            );
            let games = read_all(Reader::new(bytes), Policy::Never).len();
            assert_eq!(read.len(), games, "as many games, breaks or not");
            for (events, _, _) in &read {
                check_pairs(events);
            }
        }
    }
}

fn check_pairs(events: &[Ev]) {
    assert!(matches!(events.first(), Some(Ev::Begin(_))));
    let mut open = 0i64;
    let mut game_over = false;
    let mut mainline_over = false;
    for (i, e) in events.iter().enumerate() {
        let broke = events.get(i + 1) == Some(&Ev::Broke);
        match e {
            Ev::Broke => continue,
            // A stray `}` after the result is the game's, unless the result broke off.
            Ev::Syntax(error, _)
                if game_over
                    && error.kind == SyntaxErrorKind::StrayClosingBrace
                    && events[i - 1] != Ev::Broke => {}
            _ if game_over => panic!("{e:?} after the game was skipped: {events:?}"),
            Ev::Begin(_) if i > 0 => panic!("two begin_game: {events:?}"),
            Ev::Result(_) => game_over = true,
            _ if mainline_over => match e {
                // What the end of the game has to say.
                Ev::Syntax(error, _)
                    if matches!(
                        error.kind,
                        SyntaxErrorKind::MissingResult
                            | SyntaxErrorKind::UnterminatedVariation
                            | SyntaxErrorKind::UnterminatedComment
                    ) => {}
                _ => panic!("{e:?} after the mainline was skipped: {events:?}"),
            },
            Ev::BeginVariation if !broke => open += 1,
            Ev::EndVariation => {
                open -= 1;
                assert!(open >= 0, "end_variation without begin: {events:?}");
            }
            _ => {}
        }
        if broke {
            match e {
                Ev::Begin(_) | Ev::Tag(..) | Ev::Movetext | Ev::Result(_) => game_over = true,
                Ev::BeginVariation => {}
                _ if open == 0 => mainline_over = true,
                _ => {}
            }
        }
    }
    assert_eq!(open, 0, "every variation ends: {events:?}");
}

/// Game starts found in the bytes, without reading: the reader's, for every game.
#[test]
fn game_starts_without_reading() {
    let mut rng = Rng(0x5ee_d006);
    for (name, bytes) in data_files() {
        let starts: Vec<u64> = read_all(Reader::new(&bytes), Policy::Never)
            .iter()
            .map(|(events, _, _)| match events[0] {
                Ev::Begin(start) => start.offset,
                _ => unreachable!(),
            })
            .collect();
        // One after another.
        let mut found = Vec::new();
        let mut from = 0;
        while let Some(start) = next_game_start(&bytes, from) {
            found.push(start as u64);
            from = start + 1;
        }
        assert_eq!(found, starts, "{name}");
        // From anywhere, and from a piece that begins at the line before.
        let after = |at: u64| starts.iter().copied().find(|&s| s >= at);
        for _ in 0..2_000 {
            let at = rng.below(bytes.len() + 2);
            assert_eq!(
                next_game_start(&bytes, at).map(|s| s as u64),
                after(at as u64),
                "{at}"
            );
            let from = at.min(bytes.len()).saturating_sub(1);
            let line = bytes[..from]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let len = rng.below(20_000);
            let piece = &bytes[line..bytes.len().min(line + len)];
            let expected = after(at as u64).filter(|&s| s < (line + piece.len()) as u64);
            assert_eq!(
                game_start_at_or_after(piece, line as u64, at as u64),
                expected,
                "{name}: {at} in {line}+{len}"
            );
        }
        assert_eq!(game_start_at_or_after(&bytes[10..], 10, 9), None);
        // A job array: each range reads the games that start in it, numbered from its
        // own start; together they are the file's games.
        let ranges = 7;
        let mut all = Vec::new();
        for k in 0..ranges {
            let (begin, end) = (k * bytes.len() / ranges, (k + 1) * bytes.len() / ranges);
            let line = bytes[..begin.saturating_sub(1)]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let Some(first) = game_start_at_or_after(&bytes[line..], line as u64, begin as u64)
            else {
                continue;
            };
            let first = first as usize;
            let newlines = bytes[..first].iter().filter(|&&b| b == b'\n').count() as u64;
            let mut reader = Reader::new(&bytes[first..]).starting_at(0, newlines, first as u64);
            let mut recorder = Recorder::new(Policy::Never);
            while let Some(events) = reader.read_game(&mut recorder).unwrap() {
                let Ev::Begin(start) = events[0] else {
                    unreachable!()
                };
                if start.offset >= end as u64 {
                    break;
                }
                all.push((start.offset, start.line, events[1..].to_vec()));
            }
        }
        let whole: Vec<(u64, u64, Vec<Ev>)> = read_all(Reader::new(&bytes), Policy::Never)
            .into_iter()
            .map(|(events, _, _)| {
                let Ev::Begin(start) = events[0] else {
                    unreachable!()
                };
                (start.offset, start.line, events[1..].to_vec())
            })
            .collect();
        assert!(all == whole, "{name}: the ranges' games are the file's");
    }
}

#[test]
fn skipping_games() {
    for (name, bytes) in data_files() {
        let mut reader = Reader::new(&bytes[..]);
        let mut skipped = 0;
        while reader.skip_game().unwrap() {
            skipped += 1;
        }
        let games = read_all(Reader::new(&bytes), Policy::Never);
        assert_eq!(skipped, games.len(), "{name}");
        assert_eq!(reader.offset(), games.last().expect("games").1);
    }
}

/// A `Read` that hands out the given pieces, one per call.
struct Pieces<'a>(std::collections::VecDeque<&'a [u8]>);

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(piece) = self.0.pop_front() else {
            return Ok(0);
        };
        let n = piece.len().min(buf.len());
        buf[..n].copy_from_slice(&piece[..n]);
        if n < piece.len() {
            self.0.push_front(&piece[n..]);
        }
        Ok(n)
    }
}

#[test]
fn annotation_errors_across_reads() {
    // Bad NAGs whose bytes arrive in two reads, split anywhere: the same token and offset
    // as from one slice.
    let text = b"1. e4 $300 e5 !!! 2. Nf3 $ ?!? (1... c5 $1234) *\n";
    let whole = read_all(Reader::new(text), Policy::Never);
    for cut in 1..text.len() {
        let pieces = Pieces([&text[..cut], &text[cut..]].into());
        assert_eq!(
            read_all(Reader::from_read(pieces), Policy::Never),
            whole,
            "cut at {cut}"
        );
    }
}

/// A `Read` over `bytes`, 3 bytes a call, that is interrupted every other call and, with
/// `fail_at` > 0, fails for good when `fail_at` bytes are left.
struct Flaky<'a> {
    bytes: &'a [u8],
    calls: usize,
    fail_at: usize,
}

impl std::io::Read for Flaky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.calls += 1;
        if self.calls.is_multiple_of(2) {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        // `fail_at` bytes before the end, the source breaks.
        if self.fail_at > 0 && self.bytes.len() <= self.fail_at {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = 3.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn read_errors_and_interruptions() {
    let text = b"[Event \"a\"]\n\n1. e4 {c} e5 (1... c5) *\n\n[Event \"b\"]\n\n1. d4 $1 *\n";
    // Interruptions are retried: the same games.
    let flaky = Flaky {
        bytes: text,
        calls: 0,
        fail_at: 0,
    };
    let whole = read_all(Reader::new(text), Policy::Never);
    let mut reader = Reader::from_read(flaky);
    let mut recorder = Recorder::new(Policy::Never);
    for (events, offset, _) in &whole {
        assert_eq!(
            reader.read_game(&mut recorder).unwrap().as_ref(),
            Some(events)
        );
        assert_eq!(reader.offset(), *offset);
    }
    // Other errors come out of read_game, in the first game and in a later one.
    for fail_at in [text.len() - 5, text.len() - 30] {
        let flaky = Flaky {
            bytes: text,
            calls: 0,
            fail_at,
        };
        let mut reader = Reader::from_read(flaky);
        let mut recorder = Recorder::new(Policy::Never);
        let error = loop {
            match reader.read_game(&mut recorder) {
                Ok(Some(_)) => continue,
                Ok(None) => panic!("the error is lost"),
                Err(e) => break e,
            }
        };
        assert_eq!(error.to_string(), "disk on fire");
    }
}

#[test]
fn game_starts_in_small_cases() {
    let starts = |text: &str| -> Vec<usize> {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(start) = next_game_start(bytes, from) {
            assert!(start >= from);
            out.push(start);
            from = start + 1;
        }
        out
    };
    // A game after movetext without a blank line, after a game of tags only; not a
    // second tag of the same section.
    assert_eq!(starts("1. e4 *\n[Event \"x\"]\n\n1. d4 *\n"), [8]);
    assert_eq!(starts("[Event \"a\"]\n\n[Event \"b\"]\n"), [0, 13]);
    assert_eq!(starts("[Event \"a\"]\n[Event \"b\"]\n"), [0]);
    assert_eq!(
        starts("\r\n[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n"),
        [2, 28]
    );
    assert_eq!(starts(" [Event \"a\"]\n"), Vec::<usize>::new());
    assert_eq!(starts(""), Vec::<usize>::new());
    let text = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n";
    assert_eq!(next_game_start(text, 22), Some(22));
    assert_eq!(next_game_start(text, 23), None);
    assert_eq!(next_game_start(text, text.len()), None);
    assert_eq!(next_game_start(text, text.len() + 5), None);
    // Each start found is where the reader starts a game.
    for text in [
        &b"1. e4 *\n[Event \"x\"]\n\n1. d4 *\n"[..],
        b"[Event \"a\"]\n\n[Event \"b\"]\n",
        b"\r\n[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n",
    ] {
        let read: Vec<u64> = read_all(Reader::new(text), Policy::Never)
            .iter()
            .filter_map(|(events, _, _)| match events[0] {
                Ev::Begin(start) if text[start.offset as usize] == b'[' => Some(start.offset),
                _ => None,
            })
            .collect();
        let found: Vec<u64> = (0..=text.len())
            .filter_map(|from| next_game_start(text, from))
            .map(|s| s as u64)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(found, read);
    }
}
