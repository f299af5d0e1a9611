//! Standard algebraic notation for variant moves, written as python-chess writes it and read
//! as leniently as chess's [`crate::san`] reads.
//!
//! Writing ([`VariantPosition::to_san`]) is chess's SAN with three additions:
//!
//! - drops: the piece letter, `@` and the square, the letter left out for pawns (`N@f3`,
//!   `@e4`), as python-chess and shakmaty write them;
//! - promotion to king: `e8=K` (antichess);
//! - disambiguation among the variant's own legal moves: an antichess rival that may not
//!   move because a capture is compulsory, or a racing-kings rival whose move would give
//!   check, does not count, and antichess's several kings are disambiguated like knights.
//!
//! The suffix is python-chess's: `#` after a move that ends the game by the variant's rule
//! with a winner (python-chess's variant win or loss: the third check, a king reaching the
//! hill, racing kings' goal when black cannot follow, antichess's last piece lost or last
//! move taken), else `#` after checkmate and `+` after check. shakmaty 0.30 writes the same
//! (its `#` follows any decisive outcome). A move that draws by the variant's rule (racing
//! kings' black king following white's) gets no `#`.
//!
//! Reading ([`VariantPosition::parse_san`]) takes what chess's reader takes, `=K`, and drops
//! written `N@f3`, `@e4` or `P@e4`. Castling is `O-O` / `O-O-O` (Chess960 included).
//!
//! ```
//! use quadboard_chess::variant::{Antichess, Crazyhouse, KingOfTheHill, VariantPosition};
//!
//! let zh = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[QPn] w - - 0 1")?;
//! assert_eq!(zh.to_san(zh.parse_uci("Q@c7")?), "Q@c7+");
//! assert_eq!(zh.to_san(zh.parse_uci("P@e4")?), "@e4");
//! assert_eq!(zh.parse_san("P@e4")?, zh.parse_san("@e4")?);
//!
//! let anti = Antichess::from_fen("8/4P3/8/8/8/8/8/k7 w - - 0 1")?;
//! assert_eq!(anti.to_san(anti.parse_uci("e7e8k")?), "e8=K");
//!
//! // The king reaches the hill: python-chess's `#`.
//! let koth = KingOfTheHill::from_fen("8/8/8/8/8/2K5/3R4/k7 w - - 0 1")?;
//! assert_eq!(koth.to_san(koth.parse_uci("c3d4")?), "Kd4#");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use super::{Variant, VariantMove, VariantMoveKind, VariantPosition, VariantTermination};
use crate::moves::MoveKind;
use crate::san::{self as chess_san, San, SanText};
use crate::{Bitboard, Board, Piece, Role, Square};

/// A variant move in SAN as written, without check or mate suffix: a move of a piece on
/// the board (chess's [`San`], promotions to king included), or a drop.
///
/// ```
/// use quadboard_chess::san::San;
/// use quadboard_chess::variant::VariantSan;
/// use quadboard_chess::{Role, Square};
///
/// let drop: VariantSan = "N@f3+".parse()?;
/// assert_eq!(drop, VariantSan::Drop { role: Role::Knight, to: Square::F3 });
/// assert_eq!("P@e4".parse::<VariantSan>()?.to_string(), "@e4");
/// let king: VariantSan = "exd8=K".parse()?;
/// assert!(matches!(king, VariantSan::Move(San::Normal { promotion: Some(Role::King), .. })));
/// # Ok::<(), quadboard_chess::variant::VariantSanError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantSan {
    /// A move of a piece on the board, castling included.
    Move(San),
    /// A piece from the pocket put on `to` (crazyhouse).
    Drop {
        /// The piece: pawn, knight, bishop, rook or queen.
        role: Role,
        /// Where.
        to: Square,
    },
}

impl VariantSan {
    /// The SAN of a legal move of `pos` (without suffix), disambiguated among the legal
    /// moves of the variant. For a move that is not legal the result is unspecified (but
    /// no panic).
    ///
    /// ```
    /// use quadboard_chess::variant::{Antichess, VariantPosition, VariantSan};
    /// // Two kings can take on b2.
    /// let pos = Antichess::from_fen("8/8/8/8/8/8/1p6/K1K5 w - - 0 1")?;
    /// let m = pos.parse_uci("c1b2")?;
    /// assert_eq!(VariantSan::from_move(&pos, m).to_string(), "Kcxb2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move<P: VariantPosition>(pos: &P, m: VariantMove) -> VariantSan {
        let board = pos.board();
        let them = board.by_color(!pos.turn());
        let (from, to, promotion) = match m.kind() {
            VariantMoveKind::Drop { role, to } => return VariantSan::Drop { role, to },
            VariantMoveKind::KingPromotion { from, to } => (from, to, Some(Role::King)),
            VariantMoveKind::Chess(cm) => match cm.kind() {
                MoveKind::Castle => {
                    return VariantSan::Move(San::Castle(chess_san::castling_side(cm)))
                }
                MoveKind::EnPassant => {
                    return VariantSan::Move(San::Normal {
                        role: Role::Pawn,
                        file: Some(cm.from().file()),
                        rank: None,
                        capture: true,
                        to: cm.to(),
                        promotion: None,
                    })
                }
                MoveKind::Promotion(role) => (cm.from(), cm.to(), Some(role)),
                _ => (cm.from(), cm.to(), None),
            },
        };
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = them.contains(to);
        let (file, rank) = if role == Role::Pawn {
            (capture.then_some(from.file()), None)
        } else {
            chess_san::disambiguation(from, rivals(pos, role, from, to))
        };
        VariantSan::Move(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// Reads SAN from ASCII bytes: chess's lenient grammar (see [`crate::san`]) with
    /// promotions to king, and drops (`N@f3`, `@e4`, `P@e4`, then any of `+#!?`).
    ///
    /// ```
    /// use quadboard_chess::variant::VariantSan;
    /// assert_eq!(VariantSan::from_ascii(b"Q@d5#")?.to_string(), "Q@d5");
    /// assert!(VariantSan::from_ascii(b"K@d5").is_err());
    /// # Ok::<(), quadboard_chess::variant::VariantSanError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantSanError::Syntax`] when the text is not SAN (a king drop, `K@e4`, is not).
    pub fn from_ascii(text: &[u8]) -> Result<VariantSan, VariantSanError> {
        let read = if text.contains(&b'@') {
            read_drop(text)
        } else {
            chess_san::read_with_king_promotions(text).map(VariantSan::Move)
        };
        read.ok_or_else(|| VariantSanError::Syntax(SanText::excerpt(text)))
    }

    /// The one legal move of `pos` that this SAN describes. As in chess's reader, the
    /// capture sign is not checked, and a pawn written without its origin's file pushes.
    ///
    /// ```
    /// use quadboard_chess::variant::{Antichess, VariantPosition, VariantSan};
    /// // Captures are compulsory: Nxb6 is the only legal move, Nc3 none.
    /// let pos = Antichess::from_fen("8/8/1p6/8/N7/8/8/1N6 w - - 0 1")?;
    /// let san: VariantSan = "Nxb6".parse()?;
    /// assert_eq!(pos.to_uci(san.to_move(&pos)?), "a4b6");
    /// assert!("Nc3".parse::<VariantSan>()?.to_move(&pos).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantSanError::Illegal`] when no legal move fits, [`VariantSanError::Ambiguous`]
    /// (with the origins of the moves that fit) when several do.
    pub fn to_move<P: VariantPosition>(self, pos: &P) -> Result<VariantMove, VariantSanError> {
        let board = pos.board();
        let mut found = None;
        let mut fits = 0u32;
        let mut candidates = Bitboard::EMPTY;
        for &m in pos.legal_moves().iter() {
            if self.fits(board, m) {
                found = Some(m);
                fits += 1;
                candidates |= m.from().unwrap_or(m.to());
            }
        }
        match found {
            Some(m) if fits == 1 => Ok(m),
            Some(_) => Err(VariantSanError::Ambiguous {
                san: self,
                variant: P::VARIANT,
                candidates,
            }),
            None => Err(VariantSanError::Illegal {
                san: self,
                variant: P::VARIANT,
            }),
        }
    }

    /// Whether the legal move `m` on `board` is one this SAN may mean.
    fn fits(self, board: &Board, m: VariantMove) -> bool {
        match (self, m.kind()) {
            (VariantSan::Drop { role, to }, VariantMoveKind::Drop { role: r, to: t }) => {
                role == r && to == t
            }
            (VariantSan::Drop { .. }, _) | (VariantSan::Move(_), VariantMoveKind::Drop { .. }) => {
                false
            }
            (VariantSan::Move(San::Castle(side)), VariantMoveKind::Chess(cm)) => {
                cm.kind() == MoveKind::Castle && chess_san::castling_side(cm) == side
            }
            (VariantSan::Move(San::Castle(_)), _) => false,
            (
                VariantSan::Move(San::Normal {
                    role,
                    file,
                    rank,
                    to,
                    promotion,
                    ..
                }),
                kind,
            ) => {
                if matches!(kind, VariantMoveKind::Chess(cm) if cm.kind() == MoveKind::Castle) {
                    return false;
                }
                let Some(from) = m.from() else {
                    return false;
                };
                let file_fits = match file {
                    Some(file) => from.file() == file,
                    // A pawn without its file pushes.
                    None => role != Role::Pawn || from.file() == to.file(),
                };
                m.to() == to
                    && file_fits
                    && rank.is_none_or(|rank| from.rank() == rank)
                    && m.promotion_role() == promotion
                    && board.role_at(from) == Some(role)
            }
        }
    }
}

/// The other pieces of the mover's role and colour with a legal move to `to` (castling
/// aside): a scan of the variant's legal moves, made only when there is another such piece.
fn rivals<P: VariantPosition>(pos: &P, role: Role, from: Square, to: Square) -> Bitboard {
    let board = pos.board();
    let ours = board.by_piece(Piece::new(pos.turn(), role));
    if !ours.more_than_one() {
        return Bitboard::EMPTY;
    }
    let mut rivals = Bitboard::EMPTY;
    for &m in pos.legal_moves().iter() {
        if let VariantMoveKind::Chess(cm) = m.kind() {
            let origin = cm.from();
            if cm.to() == to
                && origin != from
                && ours.contains(origin)
                && cm.kind() != MoveKind::Castle
            {
                rivals |= origin;
            }
        }
    }
    rivals
}

/// Reads a drop: `[PNBRQ]@<square>`, then any of `+#!?`.
fn read_drop(text: &[u8]) -> Option<VariantSan> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let (role, square) = match &text[..end] {
        [b'@', square @ ..] => (Role::Pawn, square),
        [letter, b'@', square @ ..] => (
            match letter {
                b'P' => Role::Pawn,
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                _ => return None,
            },
            square,
        ),
        _ => return None,
    };
    let to = Square::from_ascii(square).ok()?;
    Some(VariantSan::Drop { role, to })
}

impl VariantSan {
    /// Appends the text (at most 8 bytes) to `text`.
    fn write_to(self, text: &mut SanText) {
        match self {
            VariantSan::Move(san) => san.write_to(text),
            VariantSan::Drop { role, to } => {
                if role != Role::Pawn {
                    text.push(role.char().to_ascii_uppercase() as u8);
                }
                text.push(b'@');
                text.push(to.file().char() as u8);
                text.push(to.rank().char() as u8);
            }
        }
    }
}

impl FromStr for VariantSan {
    type Err = VariantSanError;
    fn from_str(text: &str) -> Result<VariantSan, VariantSanError> {
        VariantSan::from_ascii(text.as_bytes())
    }
}

/// The SAN without suffix, as [`VariantPosition::to_san`] writes it.
impl fmt::Display for VariantSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = SanText::new();
        self.write_to(&mut text);
        f.write_str(text.as_str())
    }
}

impl From<San> for VariantSan {
    fn from(san: San) -> VariantSan {
        VariantSan::Move(san)
    }
}

/// Writes a legal move of `pos` in SAN with python-chess's suffix (see the [module
/// documentation](self)); what [`VariantPosition::to_san`] does.
///
/// ```
/// use quadboard_chess::variant::{san, ThreeCheck, VariantPosition};
/// // White's third check wins.
/// let pos = ThreeCheck::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 1+3 0 1")?;
/// assert_eq!(san::to_san(&pos, pos.parse_uci("a1a8")?), "Ra8#");
/// assert_eq!(san::to_san(&pos, pos.parse_uci("e1c1")?), "O-O-O");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_san<P: VariantPosition>(pos: &P, m: VariantMove) -> SanText {
    let mut text = SanText::new();
    VariantSan::from_move(pos, m).write_to(&mut text);
    if let Some(suffix) = suffix(pos, m) {
        text.push(suffix);
    }
    text
}

/// Reads a legal move of `pos` in SAN, leniently (see the [module documentation](self));
/// what [`VariantPosition::parse_san`] does.
///
/// ```
/// use quadboard_chess::variant::{san, RacingKings, VariantPosition};
/// let pos = RacingKings::new();
/// let m = san::parse_san(&pos, "Nd4")?;
/// assert_eq!(pos.to_uci(m), "e2d4");
/// # Ok::<(), quadboard_chess::variant::VariantSanError>(())
/// ```
///
/// # Errors
/// [`VariantSanError`]: the text is not SAN, fits no legal move, or fits several.
pub fn parse_san<P: VariantPosition>(pos: &P, text: &str) -> Result<VariantMove, VariantSanError> {
    text.parse::<VariantSan>()?.to_move(pos)
}

/// `#` when the legal move `m` ends the game by the variant's rule with a winner or
/// checkmates, `+` when it gives check, as python-chess's `Board.san` decides.
fn suffix<P: VariantPosition>(pos: &P, m: VariantMove) -> Option<u8> {
    let mut child = pos.clone();
    child.play_unchecked(m);
    if let Some(outcome) = child.variant_outcome() {
        if matches!(
            outcome.termination,
            VariantTermination::VariantWin | VariantTermination::VariantLoss
        ) {
            return Some(b'#');
        }
    }
    if !child.is_check() {
        return None;
    }
    Some(if child.count_legal_moves() == 0 {
        b'#'
    } else {
        b'+'
    })
}

/// Why SAN could not be read as a move of a variant position.
///
/// ```
/// use quadboard_chess::variant::{Crazyhouse, VariantPosition};
/// let pos = Crazyhouse::new();
/// let err = |text| pos.parse_san(text).unwrap_err().to_string();
/// assert_eq!(err("Q@e4"), "illegal move 'Q@e4' in this crazyhouse position");
/// assert_eq!(
///     err("K@e4"),
///     "invalid SAN 'K@e4': expected a move like e4, Nf3, exd5, O-O, e8=Q, N@f3 or @e4"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VariantSanError {
    /// The text is not SAN (an excerpt of it).
    Syntax(SanText),
    /// The text is SAN, but no legal move fits it.
    Illegal {
        /// The move as read.
        san: VariantSan,
        /// The variant of the position.
        variant: Variant,
    },
    /// The text fits several legal moves.
    Ambiguous {
        /// The move as read.
        san: VariantSan,
        /// The variant of the position.
        variant: Variant,
        /// The squares of the pieces that could make it.
        candidates: Bitboard,
    },
}

impl fmt::Display for VariantSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantSanError::Syntax(text) => write!(
                f,
                "invalid SAN '{text}': expected a move like e4, Nf3, exd5, O-O, e8=Q, N@f3 or @e4"
            ),
            VariantSanError::Illegal { san, variant } => {
                write!(f, "illegal move '{san}' in this {variant} position")?;
                if let VariantSan::Move(San::Normal {
                    role: Role::Pawn,
                    to,
                    promotion: None,
                    ..
                }) = san
                {
                    if Bitboard::BACKRANKS.contains(*to) {
                        write!(f, " (a pawn reaching the last rank promotes, like {to}=Q)")?;
                    }
                }
                Ok(())
            }
            VariantSanError::Ambiguous {
                san,
                variant,
                candidates,
            } => {
                write!(
                    f,
                    "ambiguous move '{san}' in this {variant} position: it could be played from "
                )?;
                chess_san::write_squares(f, *candidates)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VariantSanError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Antichess, Crazyhouse, KingOfTheHill, RacingKings, ThreeCheck};
    use alloc::string::ToString;

    fn sans<P: VariantPosition>(fen: &str) -> alloc::vec::Vec<alloc::string::String> {
        let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        pos.legal_moves()
            .iter()
            .map(|&m| to_san(&pos, m).as_str().to_string())
            .collect()
    }

    /// The SAN python-chess 1.11.2 writes for every legal move of these positions (moves
    /// in python-chess's order there; compared as sets here).
    #[test]
    fn writes_what_python_chess_writes() {
        fn check<P: VariantPosition>(fen: &str, expected: &[&str]) {
            let mut ours = sans::<P>(fen);
            ours.sort();
            let mut theirs: alloc::vec::Vec<_> = expected.iter().map(|s| s.to_string()).collect();
            theirs.sort();
            assert_eq!(ours, theirs, "{fen}");
        }
        check::<KingOfTheHill>(
            "8/8/8/8/8/2K5/3R4/k7 w - - 0 1",
            &[
                "Kd4#", "Kc4", "Kb4", "Kd3", "Kb3", "Kc2", "Rd8", "Rd7", "Rd6", "Rd5", "Rd4",
                "Rd3", "Rh2", "Rg2", "Rf2", "Re2", "Rc2", "Rb2", "Ra2+", "Rd1+",
            ],
        );
        check::<RacingKings>(
            "8/1K6/8/8/8/8/8/k7 w - - 0 1",
            &["Kc8#", "Kb8#", "Ka8#", "Kc7", "Ka7", "Kc6", "Kb6", "Ka6"],
        );
        check::<Antichess>(
            "8/4P3/8/8/8/8/8/k7 w - - 0 1",
            &["e8=K", "e8=Q", "e8=R", "e8=B", "e8=N"],
        );
        check::<Antichess>(
            "8/8/8/8/8/8/1p6/R7 w - - 0 1",
            &[
                "Ra8", "Ra7", "Ra6", "Ra5", "Ra4", "Ra3", "Ra2", "Rh1", "Rg1", "Rf1", "Re1", "Rd1",
                "Rc1", "Rb1#",
            ],
        );
        check::<Antichess>("8/8/8/8/8/8/1p6/K1K5 w - - 0 1", &["Kcxb2#", "Kaxb2#"]);
        check::<ThreeCheck>(
            "4k3/8/8/8/8/8/8/R3K3 w Q - 1+3 0 1",
            &[
                "Kf2", "Ke2", "Kd2", "Kf1", "Kd1", "Ra8#", "Ra7", "Ra6", "Ra5", "Ra4", "Ra3",
                "Ra2", "Rd1", "Rc1", "Rb1", "O-O-O",
            ],
        );
        check::<ThreeCheck>(
            "4k3/8/8/8/8/8/8/R3K3 w Q - 2+3 0 1",
            &[
                "Kf2", "Ke2", "Kd2", "Kf1", "Kd1", "Ra8+", "Ra7", "Ra6", "Ra5", "Ra4", "Ra3",
                "Ra2", "Rd1", "Rc1", "Rb1", "O-O-O",
            ],
        );
        let zh = sans::<Crazyhouse>("2k5/8/8/8/8/8/8/4K3[QPn] w - - 0 1");
        assert!(zh.iter().any(|s| s == "Q@c7+") && zh.iter().any(|s| s == "@e4"));
        assert!(zh.iter().any(|s| s == "Ke2") && !zh.iter().any(|s| s.starts_with("N@")));
    }

    #[test]
    fn reads_drops_king_promotions_and_refuses_the_rest() {
        let zh = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[QPn] w - - 0 1").unwrap();
        let drop = VariantMove::drop(Role::Pawn, Square::E4);
        for text in ["@e4", "P@e4", "@e4+", "P@e4!?"] {
            assert_eq!(zh.parse_san(text), Ok(drop), "{text}");
        }
        for text in ["K@e4", "p@e4", "@e9", "Q@", "@", "QQ@e4", "Q@e4e", "e8=K=K"] {
            assert!(
                matches!(zh.parse_san(text), Err(VariantSanError::Syntax(_))),
                "{text}: {:?}",
                zh.parse_san(text)
            );
        }
        assert_eq!(
            zh.parse_san("N@f3").unwrap_err().to_string(),
            "illegal move 'N@f3' in this crazyhouse position"
        );
        assert_eq!(
            zh.parse_san("@e8").unwrap_err().to_string(),
            "illegal move '@e8' in this crazyhouse position"
        );
        let anti = Antichess::from_fen("8/4P3/8/8/8/8/8/k7 w - - 0 1").unwrap();
        assert_eq!(
            anti.parse_san("e8=K"),
            Ok(VariantMove::king_promotion(Square::E7, Square::E8))
        );
        assert_eq!(anti.parse_san("e8k"), anti.parse_san("e8=K"));
        assert_eq!(
            anti.parse_san("e8").unwrap_err().to_string(),
            "illegal move 'e8' in this antichess position (a pawn reaching the last rank promotes, like e8=Q)"
        );
        let kings = Antichess::from_fen("8/8/8/8/8/8/1p6/K1K5 w - - 0 1").unwrap();
        assert_eq!(
            kings.parse_san("Kxb2").unwrap_err().to_string(),
            "ambiguous move 'Kxb2' in this antichess position: it could be played from a1 or c1"
        );
        assert_eq!(
            kings.parse_san("Kcb2"),
            kings.parse_uci("c1b2").map_err(|_| unreachable!())
        );
        // Chess promotes to king nowhere else.
        let koth = KingOfTheHill::from_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1").unwrap();
        assert!(matches!(
            koth.parse_san("e8=K"),
            Err(VariantSanError::Illegal { .. })
        ));
    }
}
