//! Arbitrary bytes as a PGN collection read by each game's `[Variant]` tag: nothing
//! panics; `AnyGame::read` and `AnyChecker` see the same games, count as many moves and
//! give the same errors; a game written, read back and written again gives the same text,
//! read by the same variant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::pgn::{AnyChecker, AnyGame, Reader};

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    let mut checker_reader = Reader::new(data);
    let mut checker = AnyChecker::new();
    let mut count = 0;
    while let Some(game) = AnyGame::read(&mut reader).unwrap_or_else(|e| match e {}) {
        count += 1;
        let checked = checker_reader
            .read_game(&mut checker)
            .unwrap_or_else(|e| match e {})
            .expect("the checker sees as many games");
        assert_eq!(game.start_at(), checked.start);
        assert_eq!(game.start_at().number, count);
        let nodes = match &game {
            AnyGame::Chess(g) => {
                let _ = (g.mainline_san(), g.mainline_uci(), g.final_position());
                g.node_count()
            }
            AnyGame::Variant(g) => {
                let _ = (g.mainline_san(), g.mainline_uci(), g.final_position());
                g.node_count()
            }
        };
        assert_eq!(
            nodes as u64, checked.moves,
            "AnyGame and AnyChecker count different moves"
        );
        let errors: Vec<String> = game.errors().iter().map(ToString::to_string).collect();
        let checked_errors: Vec<String> = checked.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors, checked_errors,
            "AnyGame and AnyChecker find different errors"
        );

        // Written, read back, written again.
        let text = game.to_string();
        let again = AnyGame::from_pgn(&text).expect("a written game reads back");
        assert_eq!(
            again.variant(),
            game.variant(),
            "read back as another variant\n{text}"
        );
        assert_eq!(again.to_string(), text, "writing again changed the text");
    }
    assert_eq!(
        checker_reader
            .read_game(&mut checker)
            .unwrap_or_else(|e| match e {}),
        None
    );
});
