//! Comment commands: [`clock`] and [`eval`] on what lichess writes (every clock and
//! evaluation of the lichess data file), on text written from random values, and on
//! malformed commands, which give `None`.

use quadboard_chess::pgn::{clock, eval, Eval, Game, NodeId, Reader};

use crate::common::Rng;
use crate::pgn_gen::data_files;

#[test]
fn clocks() {
    let cases: [(&str, Option<u64>); 30] = [
        (" [%clk 0:03:00] ", Some(180_000)),
        ("[%clk 1:02:03.5]", Some(3_723_500)),
        ("[%clk 0:00:00]", Some(0)),
        ("[%clk 10:00:00]", Some(36_000_000)),
        ("[%clk 0:05:00.123]", Some(300_123)),
        ("[%clk 0:05:00.12]", Some(300_120)),
        ("[%clk 0:00:59.999]", Some(59_999)),
        ("[%clk 123:59:59]", Some(446_399_000)),
        ("[%clk\t0:01:00]", Some(60_000)),
        ("[%clk  0:01:00 ]", Some(60_000)),
        ("[%eval 0.3] [%clk 1:02:03.5]", Some(3_723_500)),
        ("text [%clk 0:01:00] [%clk 0:02:00]", Some(60_000)),
        ("[%emt 0:00:05] [%clk 0:01:00]", Some(60_000)),
        ("[%clkx 0:01:00] [%clk 0:02:00]", Some(120_000)),
        ("", None),
        ("no clock", None),
        ("clk 0:01:00", None),
        ("[%clk]", None),
        ("[%clk ]", None),
        ("[%clk 0:60:00]", None),
        ("[%clk 0:00:60]", None),
        ("[%clk 1:00]", None),
        ("[%clk 1:00:00:00]", None),
        ("[%clk -0:01:00]", None),
        ("[%clk 0:01:00.1234]", None),
        ("[%clk 0:01:0a]", None),
        ("[%clk 0:01:00", None),
        ("[% clk 0:01:00]", None),
        ("[%clk 1000000000:00:00]", None),
        ("[%clk ０:01:00]", None),
    ];
    for (comment, expected) in cases {
        assert_eq!(clock(comment), expected, "{comment:?}");
    }
    assert_eq!(
        clock("[%clk 999999999:59:59.999]"),
        Some(3_599_999_999_999_999)
    );
}

#[test]
fn clocks_written_from_random_times() {
    let mut rng = Rng(0xc10c);
    for _ in 0..10_000 {
        let ms = rng.next() % 1_000_000_000_000;
        let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        let text = match rng.below(3) {
            0 if frac == 0 => format!("[%clk {h}:{m:02}:{s:02}]"),
            1 if frac % 100 == 0 => format!("[%clk {h}:{m:02}:{s:02}.{}]", frac / 100),
            _ => format!("[%clk {h}:{m:02}:{s:02}.{frac:03}]"),
        };
        assert_eq!(clock(&format!("{{ {text} }}")), Some(ms), "{text}");
    }
}

#[test]
fn evaluations() {
    let cases: [(&str, Option<Eval>); 30] = [
        ("[%eval 0.17]", Some(Eval::Centipawns(17))),
        ("[%eval -1.5]", Some(Eval::Centipawns(-150))),
        ("[%eval +0.5]", Some(Eval::Centipawns(50))),
        ("[%eval 12]", Some(Eval::Centipawns(1200))),
        ("[%eval -0.05]", Some(Eval::Centipawns(-5))),
        ("[%eval 0]", Some(Eval::Centipawns(0))),
        ("[%eval -0.00]", Some(Eval::Centipawns(0))),
        ("[%eval 1.]", Some(Eval::Centipawns(100))),
        ("[%eval 0.17,23]", Some(Eval::Centipawns(17))),
        ("[%eval #-3]", Some(Eval::Mate(-3))),
        ("[%eval #3]", Some(Eval::Mate(3))),
        ("[%eval #+3]", Some(Eval::Mate(3))),
        ("[%eval #12,40]", Some(Eval::Mate(12))),
        ("[%clk 0:03:00] [%eval -2.75]", Some(Eval::Centipawns(-275))),
        ("[%eval 21474836.47]", Some(Eval::Centipawns(i32::MAX))),
        ("", None),
        ("[%eval]", None),
        ("[%eval x]", None),
        ("[%eval 1.234]", None),
        ("[%eval .5]", None),
        ("[%eval 1.x]", None),
        ("[%eval --1]", None),
        ("[%eval +-1]", None),
        ("[%eval #]", None),
        ("[%eval #1.5]", None),
        ("[%eval # 3]", None),
        ("[%eval 9999999999]", None),
        ("[%eval 21474837]", None),
        ("[%eval 0.17", None),
        ("[%evaluation 0.17]", None),
    ];
    for (comment, expected) in cases {
        assert_eq!(eval(comment), expected, "{comment:?}");
    }
    let shown: Vec<String> = [
        Eval::Centipawns(17),
        Eval::Centipawns(-150),
        Eval::Centipawns(-5),
        Eval::Centipawns(0),
        Eval::Centipawns(1200),
        Eval::Mate(3),
        Eval::Mate(-3),
    ]
    .iter()
    .map(Eval::to_string)
    .collect();
    assert_eq!(
        shown,
        ["0.17", "-1.50", "-0.05", "0.00", "12.00", "#3", "#-3"]
    );
}

#[test]
fn evaluations_written_and_read_back() {
    let mut rng = Rng(0xe7a1);
    for _ in 0..10_000 {
        let e = if rng.below(4) == 0 {
            Eval::Mate(rng.below(201) as i32 - 100)
        } else {
            Eval::Centipawns(rng.below(2_000_001) as i32 - 1_000_000)
        };
        assert_eq!(eval(&format!(" [%eval {e}] ")), Some(e), "{e}");
    }
}

/// Every clock and evaluation of the lichess file reads, and agrees with the text.
#[test]
fn lichess_commands() {
    let Some((_, bytes)) = data_files()
        .into_iter()
        .find(|(name, _)| name.starts_with("lichess"))
    else {
        return;
    };
    let mut reader = Reader::new(&bytes[..]);
    let (mut clocks, mut evals) = (0, 0);
    while let Some(game) = Game::read(&mut reader).unwrap() {
        for &id in std::iter::once(&NodeId::ROOT).chain(game.mainline().collect::<Vec<_>>().iter())
        {
            for comment in &game.node(id).comments_after {
                if let Some(at) = comment.find("[%clk ") {
                    let text = &comment[at + 6..comment[at..].find(']').unwrap() + at];
                    let parts: Vec<u64> = text.split(':').map(|p| p.parse().unwrap()).collect();
                    let expected = ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000;
                    assert_eq!(clock(comment), Some(expected), "{comment}");
                    clocks += 1;
                }
                if let Some(at) = comment.find("[%eval ") {
                    let text = &comment[at + 7..comment[at..].find(']').unwrap() + at];
                    let expected = match text.strip_prefix('#') {
                        Some(n) => Eval::Mate(n.parse().unwrap()),
                        None => {
                            Eval::Centipawns((text.parse::<f64>().unwrap() * 100.0).round() as i32)
                        }
                    };
                    assert_eq!(eval(comment), Some(expected), "{comment}");
                    evals += 1;
                }
            }
        }
    }
    assert!(
        clocks > 25_000 && evals > 1_000,
        "{clocks} clocks, {evals} evaluations"
    );
}
