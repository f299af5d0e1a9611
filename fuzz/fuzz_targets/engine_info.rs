//! A selector byte picking a position (a chess one or a variant one), then any bytes as
//! lines an engine writes: `Info::parse` (UCI `info`), `parse_uci_option` (UCI `option`)
//! and `parse_xboard_option` (XBoard `feature option="..."`) never panic; every move of an
//! info (pv, currmove, refutation, currline) is legal in sequence from the position; and a
//! parsed option's name is not empty.
//!
//! `bestmove`, `id` and XBoard's `feature` pairs are read inside the engine client (not
//! public); their text goes through the same move reader (`UciPosition::parse_uci_move`),
//! which this target calls on each token as well.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::variant::{AnyVariant, Variant};
use quadboard_chess::Position;
use quadboard_engine::{parse_uci_option, parse_xboard_option, Info, UciPosition};

/// Plays `moves` from `root` in turn, each of them legal where it is played.
fn plays<P: UciPosition>(root: &P, moves: &[P::Move], what: &str)
where
    P::Move: std::fmt::Debug,
{
    let mut pos = root.clone();
    for &m in moves {
        let text = pos.move_text(m);
        let read = pos
            .parse_uci_move(&text)
            .unwrap_or_else(|e| panic!("{what} move {text} ({m:?}) not legal: {e}"));
        assert_eq!(pos.move_text(read), text);
        pos.play_uci_move(m);
    }
}

fn lines<P: UciPosition>(root: &P, text: &str)
where
    P::Move: std::fmt::Debug + PartialEq,
{
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("info") {
            let info = Info::parse(rest, root);
            plays(root, &info.pv, "pv");
            if let Some(m) = info.currmove {
                plays(root, &[m], "currmove");
            }
            if let Some((m, line)) = &info.refutation {
                let mut all = vec![*m];
                all.extend(line.iter().copied());
                plays(root, &all, "refutation");
            }
            if let Some((_, line)) = &info.currline {
                plays(root, line, "currline");
            }
        } else if let Some(rest) = line.strip_prefix("option") {
            if let Some(o) = parse_uci_option(rest) {
                assert!(!o.name.is_empty());
            }
        } else if let Some(rest) = line.strip_prefix("feature option=") {
            if let Some(o) = parse_xboard_option(rest.trim_matches('"')) {
                let _ = o;
            }
        } else {
            for token in line.split_ascii_whitespace() {
                if let Ok(m) = root.parse_uci_move(token) {
                    plays(root, &[m], "bestmove");
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match first % 4 {
        0 => lines(&Position::new(), text),
        1 => lines(
            &Position::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .expect("a legal FEN"),
            text,
        ),
        2 => lines(
            &AnyVariant::from_fen(
                Variant::Crazyhouse,
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3",
            )
            .expect("a legal FEN"),
            text,
        ),
        _ => lines(&AnyVariant::new(Variant::Atomic), text),
    }
});
