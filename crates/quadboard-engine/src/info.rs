//! What an engine says about a search: UCI `info` lines as typed values, with their moves
//! checked against the position searched.

use std::time::Duration;

use quadboard_chess::{Color, Move};

use crate::UciPosition;

/// A score from the point of view of the side to move (as UCI gives it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in so many moves; negative when the side to move is mated. `Mate(0)`: the side
    /// to move is checkmated (some engines say so).
    Mate(i32),
}

impl Score {
    /// The score from `color`'s point of view, given that it was the side to move's:
    /// unchanged for the side to move, negated for the other.
    pub fn pov(self, side_to_move: Color, color: Color) -> Score {
        if side_to_move == color {
            self
        } else {
            match self {
                // Saturating: an engine may write any 32-bit number.
                Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
                Score::Mate(n) => Score::Mate(n.saturating_neg()),
            }
        }
    }
}

/// Win, draw and loss expectations in permille, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wdl {
    /// Wins per thousand.
    pub wins: u32,
    /// Draws per thousand.
    pub draws: u32,
    /// Losses per thousand.
    pub losses: u32,
}

/// One `info` line, every field typed. Fields the line lacks are `None` or empty. `M` is
/// the position's move type: [`Move`] for chess, a variant's move with the `variant`
/// feature.
///
/// Moves (`pv`, `currmove`, `refutation`, `currline`) are checked against the position
/// searched: a move that is not legal where it stands ends its line there, and a warning
/// says so in [`Info::warnings`]. So are fields that could not be read (a depth that is
/// not a number) and unknown fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M = Move> {
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Selective search depth in plies.
    pub seldepth: Option<u32>,
    /// Which line of a multi-pv search this is, from 1.
    pub multipv: Option<u32>,
    /// The score, from the side to move's point of view.
    pub score: Option<Score>,
    /// The score is only a lower bound (`lowerbound`).
    pub lowerbound: bool,
    /// The score is only an upper bound (`upperbound`).
    pub upperbound: bool,
    /// Win/draw/loss expectation (`wdl`, with `UCI_ShowWDL`).
    pub wdl: Option<Wdl>,
    /// The principal variation, legal move by move.
    pub pv: Vec<M>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Time searched.
    pub time: Option<Duration>,
    /// Hash table fill in permille.
    pub hashfull: Option<u32>,
    /// Tablebase hits.
    pub tbhits: Option<u64>,
    /// CPU load in permille.
    pub cpuload: Option<u32>,
    /// The root move being searched.
    pub currmove: Option<M>,
    /// Its number in the root move order, from 1.
    pub currmovenumber: Option<u32>,
    /// A move and the line that refutes it (`refutation <move> <line>`).
    pub refutation: Option<(M, Vec<M>)>,
    /// The line a CPU is searching: its number (1 when not given) and the moves.
    pub currline: Option<(u32, Vec<M>)>,
    /// Free text (`string`, the rest of the line).
    pub string: Option<String>,
    /// What could not be read, in order.
    pub warnings: Vec<String>,
}

// By hand: a derive would ask `M: Default`, which a move type need not be.
impl<M> Default for Info<M> {
    fn default() -> Info<M> {
        Info {
            depth: None,
            seldepth: None,
            multipv: None,
            score: None,
            lowerbound: false,
            upperbound: false,
            wdl: None,
            pv: Vec::new(),
            nodes: None,
            nps: None,
            time: None,
            hashfull: None,
            tbhits: None,
            cpuload: None,
            currmove: None,
            currmovenumber: None,
            refutation: None,
            currline: None,
            string: None,
            warnings: Vec::new(),
        }
    }
}

impl<M: Copy> Info<M> {
    /// Reads an `info` line (the text after `info`); moves are checked against `root`, the
    /// position searched.
    pub fn parse<P: UciPosition<Move = M>>(rest: &str, root: &P) -> Info<M> {
        let mut info = Info::default();
        let mut tokens = rest.split_ascii_whitespace().peekable();
        while let Some(key) = tokens.next() {
            match key {
                "depth" => info.depth = number(&mut tokens, key, &mut info.warnings),
                "seldepth" => info.seldepth = number(&mut tokens, key, &mut info.warnings),
                "multipv" => info.multipv = number(&mut tokens, key, &mut info.warnings),
                "nodes" => info.nodes = number(&mut tokens, key, &mut info.warnings),
                "nps" => info.nps = number(&mut tokens, key, &mut info.warnings),
                "hashfull" => info.hashfull = number(&mut tokens, key, &mut info.warnings),
                "tbhits" => info.tbhits = number(&mut tokens, key, &mut info.warnings),
                "cpuload" => info.cpuload = number(&mut tokens, key, &mut info.warnings),
                "currmovenumber" => {
                    info.currmovenumber = number(&mut tokens, key, &mut info.warnings)
                }
                "time" => {
                    info.time =
                        number(&mut tokens, key, &mut info.warnings).map(Duration::from_millis)
                }
                "score" => {
                    // `score [cp <n> | mate <n>] [lowerbound | upperbound]`, in any order.
                    while let Some(&word) = tokens.peek() {
                        match word {
                            "cp" | "mate" => {
                                tokens.next();
                                let n: Option<i32> = number(&mut tokens, word, &mut info.warnings);
                                info.score = n.map(|n| {
                                    if word == "cp" {
                                        Score::Cp(n)
                                    } else {
                                        Score::Mate(n)
                                    }
                                });
                            }
                            "lowerbound" => {
                                tokens.next();
                                info.lowerbound = true;
                            }
                            "upperbound" => {
                                tokens.next();
                                info.upperbound = true;
                            }
                            _ => break,
                        }
                    }
                    if info.score.is_none() {
                        info.warnings.push("score without cp or mate".into());
                    }
                }
                "wdl" => {
                    let w = number(&mut tokens, "wdl", &mut info.warnings);
                    let d = number(&mut tokens, "wdl", &mut info.warnings);
                    let l = number(&mut tokens, "wdl", &mut info.warnings);
                    if let (Some(wins), Some(draws), Some(losses)) = (w, d, l) {
                        info.wdl = Some(Wdl {
                            wins,
                            draws,
                            losses,
                        });
                    }
                }
                "currmove" => match tokens.next() {
                    Some(text) => match root.parse_uci_move(text) {
                        Ok(m) => info.currmove = Some(m),
                        Err(e) => info.warnings.push(format!("currmove: {e}")),
                    },
                    None => info.warnings.push("currmove without a move".into()),
                },
                "pv" => info.pv = line(&mut tokens, root, "pv", &mut info.warnings),
                "refutation" => {
                    let moves = line(&mut tokens, root, "refutation", &mut info.warnings);
                    if let Some((&first, rest)) = moves.split_first() {
                        info.refutation = Some((first, rest.to_vec()));
                    }
                }
                "currline" => {
                    let cpu = match tokens.peek().map(|t| t.parse::<u32>()) {
                        Some(Ok(n)) => {
                            tokens.next();
                            n
                        }
                        _ => 1,
                    };
                    let moves = line(&mut tokens, root, "currline", &mut info.warnings);
                    info.currline = Some((cpu, moves));
                }
                "string" => {
                    // Everything after `string`, spacing as written.
                    let text = rest
                        .split_once(" string ")
                        .map(|(_, s)| s)
                        .or_else(|| rest.strip_prefix("string "))
                        .unwrap_or("");
                    info.string = Some(text.to_owned());
                    break;
                }
                _ => info.warnings.push(format!("unknown info field {key:?}")),
            }
        }
        info
    }
}

/// The number after `key`, or a warning.
fn number<'a, T: std::str::FromStr>(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    key: &str,
    warnings: &mut Vec<String>,
) -> Option<T> {
    match tokens.peek().map(|t| t.parse::<T>()) {
        Some(Ok(n)) => {
            tokens.next();
            Some(n)
        }
        Some(Err(_)) => {
            let text = tokens.next().unwrap_or_default();
            warnings.push(format!("{key}: {text:?} is not a number"));
            None
        }
        None => {
            warnings.push(format!("{key} without a value"));
            None
        }
    }
}

/// Whether `token` can be a UCI move (it is not the next field's keyword): `e2e4`,
/// `e7e8q`, a drop `P@e4`, or `0000`.
fn looks_like_move(token: &str) -> bool {
    let b = token.as_bytes();
    let square = |f: u8, r: u8| f.is_ascii_lowercase() && r.is_ascii_digit();
    (b.len() == 4 || b.len() == 5) && square(b[0], b[1]) && square(b[2], b[3])
        || b.len() == 4 && b[0].is_ascii_uppercase() && b[1] == b'@' && square(b[2], b[3])
        || token == "0000"
}

/// The moves after a `pv`-like key, played from `root`; the first one that is not legal
/// ends the line (the rest of its moves are skipped) with a warning.
fn line<'a, P: UciPosition>(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    root: &P,
    key: &str,
    warnings: &mut Vec<String>,
) -> Vec<P::Move> {
    let mut moves = Vec::new();
    let mut pos = root.clone();
    let mut broken = false;
    while let Some(&text) = tokens.peek() {
        if !looks_like_move(text) {
            break;
        }
        tokens.next();
        if broken {
            continue;
        }
        match pos.parse_uci_move(text) {
            Ok(m) => {
                pos.play_uci_move(m);
                moves.push(m);
            }
            Err(e) => {
                warnings.push(format!("{key}: move {} ({text}): {e}", moves.len() + 1));
                broken = true;
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use quadboard_chess::Position;

    #[test]
    fn every_field() {
        let root = Position::new();
        let info = Info::parse(
            "depth 6 seldepth 4 multipv 2 score cp 14 lowerbound wdl 80 900 20 nodes 1000 nps 333333 \
             hashfull 7 tbhits 3 cpuload 999 time 3 currmove e2e4 currmovenumber 1 \
             refutation d2d4 g8f6 currline 2 e2e4 e7e5 pv d2d4 d7d5 c2c4",
            &root,
        );
        assert_eq!(info.depth, Some(6));
        assert_eq!(info.seldepth, Some(4));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(14)));
        assert!(info.lowerbound && !info.upperbound);
        assert_eq!(
            info.wdl,
            Some(Wdl {
                wins: 80,
                draws: 900,
                losses: 20
            })
        );
        assert_eq!(
            (info.nodes, info.nps, info.hashfull),
            (Some(1000), Some(333333), Some(7))
        );
        assert_eq!((info.tbhits, info.cpuload), (Some(3), Some(999)));
        assert_eq!(info.time, Some(Duration::from_millis(3)));
        assert_eq!(info.currmove, Some(root.parse_uci("e2e4").unwrap()));
        assert_eq!(info.currmovenumber, Some(1));
        let r = info.refutation.clone().unwrap();
        assert_eq!((r.0.to_string(), r.1.len()), ("d2d4".into(), 1));
        assert_eq!(
            info.currline.as_ref().map(|(c, m)| (*c, m.len())),
            Some((2, 2))
        );
        assert_eq!(info.pv.len(), 3);
        assert!(info.warnings.is_empty(), "{:?}", info.warnings);
    }

    #[test]
    fn mates_bounds_and_strings() {
        let root = Position::new();
        let info = Info::parse(
            "depth 3 score mate -2 upperbound string hello  world",
            &root,
        );
        assert_eq!(info.score, Some(Score::Mate(-2)));
        assert!(info.upperbound);
        assert_eq!(info.string.as_deref(), Some("hello  world"));
        let info = Info::parse("string NNUE evaluation using nn.nnue", &root);
        assert_eq!(
            info.string.as_deref(),
            Some("NNUE evaluation using nn.nnue")
        );
        assert_eq!(
            Score::Mate(3).pov(Color::Black, Color::White),
            Score::Mate(-3)
        );
        assert_eq!(Score::Cp(5).pov(Color::White, Color::White), Score::Cp(5));
    }

    #[test]
    fn an_illegal_pv_move_ends_the_pv() {
        let root = Position::new();
        let info = Info::parse("depth 2 pv e2e4 e2e4 d7d5 nodes 5", &root);
        assert_eq!(info.pv.len(), 1);
        assert_eq!(info.nodes, Some(5), "the fields after the pv are read");
        assert_eq!(info.warnings.len(), 1);
        assert!(
            info.warnings[0].starts_with("pv: move 2 (e2e4)"),
            "{:?}",
            info.warnings
        );
    }

    #[test]
    fn garbage_gives_warnings_not_panics() {
        let root = Position::new();
        let info = Info::parse(
            "depth x score foo nodes -1 wdl 1 2 bogus 17 currmove",
            &root,
        );
        assert_eq!(info.depth, None);
        assert!(info.warnings.len() >= 4, "{:?}", info.warnings);
        for text in [
            "",
            "score",
            "pv",
            "multipv",
            "string",
            "time 99999999999999999999999",
        ] {
            let _ = Info::parse(text, &root);
        }
    }

    #[test]
    fn random_lines_never_panic() {
        // A fixed xorshift stream: lines of info keywords, numbers at the edges of their
        // types, moves legal and not, and stray bytes.
        const WORDS: [&str; 30] = [
            "depth",
            "seldepth",
            "multipv",
            "score",
            "cp",
            "mate",
            "lowerbound",
            "upperbound",
            "wdl",
            "nodes",
            "nps",
            "time",
            "hashfull",
            "tbhits",
            "cpuload",
            "currmove",
            "currmovenumber",
            "refutation",
            "currline",
            "string",
            "pv",
            "e2e4",
            "e7e5",
            "e1g1",
            "a7a8q",
            "0000",
            "-2147483648",
            "18446744073709551615",
            "99999999999999999999",
            "\u{1}\u{ff}",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let roots = [
            Position::new(),
            Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1").unwrap(),
        ];
        for i in 0..20_000 {
            let len = (next() % 14) as usize;
            let line: Vec<&str> = (0..len).map(|_| WORDS[(next() % 30) as usize]).collect();
            let info = Info::parse(&line.join(" "), &roots[i % 2]);
            if let Some(score) = info.score {
                let _ = score.pov(Color::White, Color::Black);
            }
        }
    }

    #[test]
    fn chess960_castling_in_the_pv() {
        let root =
            Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1").unwrap();
        let info = Info::parse("pv e1g1 e8b8", &root);
        assert_eq!(info.pv.len(), 2, "{:?}", info.warnings);
        assert!(info.pv[0].is_castle() && info.pv[1].is_castle());
    }
}
