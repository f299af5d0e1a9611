//! Reading game collections: quadboard's PGN reader against pgn-reader 0.29 with shakmaty
//! 0.30 (the peer yardstick's `peers pgn validate`), on the two files of
//! `../shared/data/pgn` held in memory.
//!
//! - `pgn validate/<file>`: every mainline move read and played. quadboard's
//!   [`pgn::Checker`] plays variations too (the files have none) and checks the tags that
//!   set the start; the peer plays mainline moves from `[FEN]` as its own example does.
//! - `pgn syntax/<file>`: tokens only, no moves played.
//!
//! Throughput is in bytes, so criterion prints bytes per second. Before timing, both must
//! count the same games and moves, with no error.
//!
//! `cargo bench -p quadboard-bench --bench pgn` (whole-process figures with the `quadboard`
//! binary: docs/peers.md).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quadboard_chess::pgn;

/// The shared PGN files, from the repository root's sibling `shared/data/pgn`.
fn data_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn");
    assert!(
        dir.is_dir(),
        "{} is missing: the benchmark reads the shared PGN files",
        dir.display()
    );
    dir
}

const FILES: [&str; 2] = ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"];

/// quadboard: (games, moves, games with errors).
fn quadboard_validate(bytes: &[u8]) -> (u64, u64, u64) {
    let mut reader = pgn::Reader::new(bytes);
    let mut checker = pgn::Checker::new();
    let (mut games, mut moves, mut errors) = (0, 0, 0);
    while let Some(game) = reader
        .read_game(&mut checker)
        .unwrap_or_else(|e| match e {})
    {
        games += 1;
        moves += game.moves;
        errors += u64::from(!game.errors.is_empty());
    }
    (games, moves, errors)
}

/// quadboard, tokens only: (games, moves).
fn quadboard_syntax(bytes: &[u8]) -> (u64, u64) {
    struct Count(u64);
    impl pgn::Visitor for Count {
        type Output = ();
        fn san(&mut self, _: &[u8]) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
        fn end_game(&mut self) {}
    }
    let mut reader = pgn::Reader::new(bytes);
    let mut count = Count(0);
    let mut games = 0;
    while reader
        .read_game(&mut count)
        .unwrap_or_else(|e| match e {})
        .is_some()
    {
        games += 1;
    }
    (games, count.0)
}

/// pgn-reader + shakmaty, as `peers pgn validate` (or `syntax` without playing).
mod peer {
    use std::ops::ControlFlow;

    use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

    pub struct Count {
        pub games: u64,
        pub moves: u64,
        pub errors: u64,
        pub validate: bool,
    }

    impl Visitor for Count {
        type Tags = Option<Chess>;
        type Movetext = Chess;
        type Output = ();

        fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
            self.games += 1;
            ControlFlow::Continue(None)
        }
        fn tag(
            &mut self,
            tags: &mut Option<Chess>,
            name: &[u8],
            value: RawTag<'_>,
        ) -> ControlFlow<()> {
            if self.validate && name == b"FEN" {
                let pos = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
                match pos {
                    Some(pos) => *tags = Some(pos),
                    None => {
                        self.errors += 1;
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
            ControlFlow::Continue(tags.unwrap_or_default())
        }
        fn begin_variation(&mut self, _: &mut Chess) -> ControlFlow<(), Skip> {
            ControlFlow::Continue(Skip(true))
        }
        fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
            self.moves += 1;
            if self.validate {
                match san.san.to_move(pos) {
                    Ok(m) => pos.play_unchecked(m),
                    Err(_) => {
                        self.errors += 1;
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: Chess) {}
    }

    pub fn run(bytes: &[u8], validate: bool) -> (u64, u64, u64) {
        let mut reader = Reader::new(bytes);
        let mut count = Count {
            games: 0,
            moves: 0,
            errors: 0,
            validate,
        };
        while reader.read_game(&mut count).expect("in memory").is_some() {}
        (count.games, count.moves, count.errors)
    }
}

fn bench(c: &mut Criterion) {
    let dir = data_dir();
    for (group_name, validate) in [("pgn validate", true), ("pgn syntax", false)] {
        let mut group = c.benchmark_group(group_name);
        group.measurement_time(Duration::from_secs(4));
        for file in FILES {
            let bytes = std::fs::read(dir.join(file)).expect("readable PGN file");
            let (games, moves, errors) = peer::run(&bytes, validate);
            assert_eq!(errors, 0, "{file}: the peer found errors");
            if validate {
                assert_eq!(quadboard_validate(&bytes), (games, moves, 0), "{file}");
            } else {
                assert_eq!(quadboard_syntax(&bytes), (games, moves), "{file}");
            }
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_function(format!("quadboard/{file}"), |b| {
                b.iter(|| {
                    if validate {
                        black_box(quadboard_validate(black_box(&bytes)));
                    } else {
                        black_box(quadboard_syntax(black_box(&bytes)));
                    }
                })
            });
            group.bench_function(format!("pgn-reader+shakmaty/{file}"), |b| {
                b.iter(|| black_box(peer::run(black_box(&bytes), validate)))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
