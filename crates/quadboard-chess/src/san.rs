//! Standard algebraic notation (SAN): writing it as shakmaty and python-chess write it, and
//! reading what people write.
//!
//! Writing ([`Position::to_san`]): the piece letter (none for pawns), the least
//! disambiguation that singles the move out among the legal moves (the origin's file if that
//! suffices, else its rank, else both), `x` for captures (en passant included), the
//! destination, `=Q` for promotions, `O-O` / `O-O-O` for castling (Chess960 too), and `+` or
//! `#` after checks and mates. The text is kept inline ([`SanText`]): writing allocates
//! nothing, and it generates no moves unless the move gives check.
//!
//! Reading ([`Position::parse_san`]) is lenient where people are: check, mate and annotation
//! glyphs (`+`, `#`, `!`, `?`) at the end are ignored, castling may be written with zeros
//! (`0-0`, `0-0-0`), promotions with or without `=` and with either case (`e8=Q`, `e8Q`,
//! `e8q`), origins may be given in full (`Ng1f3`, `Ng1-f3`, `e2e4`), and the capture sign is
//! not checked against the board (as in python-chess). A pawn move without an origin file is a
//! push. Errors say whether the text is unreadable, fits no legal move, or fits several.

use core::fmt;
use core::str::FromStr;

use crate::moves::MoveKind;
use crate::{
    attacks, Bitboard, CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square,
};

/// A move in SAN as written, without check or mate suffix: what it says, before a position
/// decides which legal move it is.
///
/// ```
/// use quadboard_chess::san::San;
/// use quadboard_chess::{Position, Role, Square};
///
/// let san: San = "Ng1-f3!?".parse()?;
/// assert_eq!(
///     san,
///     San::Normal {
///         role: Role::Knight,
///         file: Some(quadboard_chess::File::G),
///         rank: Some(quadboard_chess::Rank::First),
///         capture: false,
///         to: Square::F3,
///         promotion: None,
///     }
/// );
/// assert_eq!(san.to_string(), "Ng1f3");
/// let m = san.to_move(&Position::new())?;
/// assert_eq!(Position::new().to_san(m), "Nf3");
/// # Ok::<(), quadboard_chess::san::SanError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum San {
    /// Any move but castling.
    Normal {
        /// The moving piece (pawns have no letter).
        role: Role,
        /// The origin's file, when written.
        file: Option<File>,
        /// The origin's rank, when written.
        rank: Option<Rank>,
        /// Whether `x` was written (or, from [`San::from_move`], the move captures).
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece, when written.
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
}

impl San {
    /// The SAN of a legal move (without suffix), disambiguated among the legal moves of
    /// `pos`. For a move that is not legal the result is unspecified (but no panic).
    pub fn from_move(pos: &Position, m: Move) -> San {
        let from = m.from();
        let to = m.to();
        match m.kind() {
            MoveKind::Castle => San::Castle(castling_side(m)),
            MoveKind::EnPassant => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            kind => {
                let board = pos.board();
                let role = board.role_at(from).unwrap_or(Role::Pawn);
                let capture = board.by_color(!pos.turn()).contains(to);
                let promotion = match kind {
                    MoveKind::Promotion(promoted) => Some(promoted),
                    _ => None,
                };
                let (file, rank) = if role == Role::Pawn {
                    (capture.then_some(from.file()), None)
                } else {
                    disambiguation(from, rivals(pos, role, from, to))
                };
                San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                }
            }
        }
    }

    /// Reads SAN from ASCII bytes, with the leniency described in the [module
    /// documentation](self).
    ///
    /// # Errors
    /// [`SanError::Syntax`] when the text is not SAN.
    pub fn from_ascii(text: &[u8]) -> Result<San, SanError> {
        read(text).ok_or_else(|| SanError::Syntax(SanText::excerpt(text)))
    }

    /// The one legal move of `pos` that this SAN describes.
    ///
    /// # Errors
    /// [`SanError::Illegal`] when no legal move fits, [`SanError::Ambiguous`] (with the
    /// origins of the moves that fit) when several do.
    pub fn to_move(self, pos: &Position) -> Result<Move, SanError> {
        match self.resolve(pos) {
            Resolved::Move(m, _) => Ok(m),
            Resolved::Illegal => Err(SanError::Illegal(self)),
            Resolved::Ambiguous(candidates) => Err(SanError::Ambiguous {
                san: self,
                candidates,
            }),
        }
    }

    /// [`San::to_move`] without building an error: the PGN reader resolves every move of a
    /// file, and a `SanError` (which carries the SAN) is large to return.
    #[inline(always)]
    pub(crate) fn resolve(self, pos: &Position) -> Resolved {
        match self {
            // The rook holding the right names the only candidate; `is_legal` tests its
            // path without listing moves.
            San::Castle(side) => match pos.castles().rook(pos.turn(), side) {
                Some(rook) if pos.is_legal(Move::castle(pos.our_king(), rook)) => {
                    Resolved::Move(Move::castle(pos.our_king(), rook), Role::King)
                }
                _ => Resolved::Illegal,
            },
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                // The pieces that could make the move by its pattern, then each tested
                // for legality alone: no move list.
                let board = pos.board();
                let us = pos.turn();
                // The destination must hold no piece of ours.
                if board.by_color(us).contains(to) {
                    return Resolved::Illegal;
                }
                let ours = board.by_piece(Piece::new(us, role));
                let occupied = board.occupied();
                let mut origins = match role {
                    Role::Pawn => {
                        let promotes = Bitboard::BACKRANKS.contains(to);
                        if promotes != promotion.is_some() {
                            return Resolved::Illegal;
                        }
                        match file {
                            // A pawn written without its file, or with the destination's,
                            // pushes straight ahead onto an empty square.
                            Some(f) if f != to.file() => {
                                let capturable =
                                    board.by_color(!us).contains(to) || pos.ep_square() == Some(to);
                                if !capturable {
                                    return Resolved::Illegal;
                                }
                                attacks::pawn(!us, to) & ours & f.bitboard()
                            }
                            _ if occupied.contains(to) => return Resolved::Illegal,
                            _ => pawn_push_origins(pos, to),
                        }
                    }
                    _ if promotion.is_some() => return Resolved::Illegal,
                    Role::Knight => attacks::knight(to) & ours,
                    Role::King => attacks::king(to) & ours,
                    // Sliders: each piece of ours on a line through the destination whose
                    // path to it is empty. One or two pieces and the 512-byte ray tables
                    // and a row of `between`, where the attack tables' entries for the
                    // destination miss the cache while a PGN file streams through it.
                    _ => {
                        let rays = match role {
                            Role::Bishop => attacks::bishop_rays(to),
                            Role::Rook => attacks::rook_rays(to),
                            _ => attacks::bishop_rays(to) | attacks::rook_rays(to),
                        };
                        let mut reach = Bitboard::EMPTY;
                        for from in ours & rays {
                            if attacks::between(from, to).is_disjoint(occupied) {
                                reach |= from;
                            }
                        }
                        reach
                    }
                };
                if let Some(file) = file {
                    origins &= file.bitboard();
                }
                if let Some(rank) = rank {
                    origins &= rank.bitboard();
                }
                // A function, not a closure: the closure was not inlined (cachegrind).
                #[inline(always)]
                fn make(
                    pos: &Position,
                    role: Role,
                    from: Square,
                    to: Square,
                    promotion: Option<Role>,
                ) -> Move {
                    match promotion {
                        Some(piece) => Move::promotion(from, to, piece),
                        None if role == Role::Pawn
                            && from.file() != to.file()
                            && pos.ep_square() == Some(to) =>
                        {
                            Move::en_passant(from, to)
                        }
                        None => Move::normal(from, to),
                    }
                }
                // Most moves have one candidate: no bookkeeping of the others.
                if let Some(from) = origins.single_square() {
                    let m = make(pos, role, from, to, promotion);
                    return if pos.is_legal_pseudo_legal(m, role) {
                        Resolved::Move(m, role)
                    } else {
                        Resolved::Illegal
                    };
                }
                let mut found = Resolved::Illegal;
                let mut candidates = Bitboard::EMPTY;
                for from in origins {
                    let m = make(pos, role, from, to, promotion);
                    if pos.is_legal_pseudo_legal(m, role) {
                        found = Resolved::Move(m, role);
                        candidates |= from;
                    }
                }
                if candidates.more_than_one() {
                    Resolved::Ambiguous(candidates)
                } else {
                    found
                }
            }
        }
    }

    /// Appends the text (at most 8 bytes) to `text`.
    pub(crate) fn write_to(self, text: &mut SanText) {
        match self {
            San::Castle(CastlingSide::KingSide) => text.push_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => text.push_str("O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    text.push(upper(role));
                }
                if let Some(file) = file {
                    text.push(file.char() as u8);
                }
                if let Some(rank) = rank {
                    text.push(rank.char() as u8);
                }
                if capture {
                    text.push(b'x');
                }
                text.push(to.file().char() as u8);
                text.push(to.rank().char() as u8);
                if let Some(promotion) = promotion {
                    text.push(b'=');
                    text.push(upper(promotion));
                }
            }
        }
    }
}

impl FromStr for San {
    type Err = SanError;
    fn from_str(text: &str) -> Result<San, SanError> {
        San::from_ascii(text.as_bytes())
    }
}

/// The SAN without suffix, as [`Position::to_san`] writes it.
impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = SanText::new();
        self.write_to(&mut text);
        f.write_str(text.as_str())
    }
}

impl Position {
    /// Writes a legal move in SAN with its check (`+`) or mate (`#`) suffix, equal to
    /// shakmaty's `SanPlus` and python-chess's `Board.san`. For a move that is not legal
    /// the text is unspecified (but no panic).
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")?;
    /// let mate = pos.parse_uci("f3f7").unwrap();
    /// assert_eq!(pos.to_san(mate), "Qxf7#");
    /// assert_eq!(pos.parse_san("Qxf7#").unwrap(), mate);
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn to_san(&self, m: Move) -> SanText {
        let san = San::from_move(self, m);
        let mut text = SanText::new();
        san.write_to(&mut text);
        let role = match san {
            San::Normal { role, .. } => role,
            San::Castle(_) => Role::King,
        };
        if let Some(suffix) = check_suffix(self, m, role) {
            text.push(suffix);
        }
        text
    }

    /// Reads a legal move in SAN, leniently (see the [module documentation](crate::san)).
    ///
    /// # Errors
    /// [`SanError`]: the text is not SAN, fits no legal move, or fits several.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        text.parse::<San>()?.to_move(self)
    }
}

/// The legal move a [`San`] picks out in a position, or why there is none.
#[derive(Clone, Copy)]
pub(crate) enum Resolved {
    /// Exactly one legal move fits, made by a piece of this role.
    Move(Move, Role),
    /// No legal move fits.
    Illegal,
    /// Several fit: their origins.
    Ambiguous(Bitboard),
}

/// The squares from which a pawn of the side to move could push to `to`: the square behind
/// it, or two behind when that one is empty (legality decides the rest).
#[inline(always)]
fn pawn_push_origins(pos: &Position, to: Square) -> Bitboard {
    let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
    let back = match pos.turn() {
        Color::White => -1,
        Color::Black => 1,
    };
    let Some(one) = to.offset(0, back) else {
        return Bitboard::EMPTY;
    };
    if pawns.contains(one) {
        return one.bitboard();
    }
    let start_rank = match pos.turn() {
        Color::White => Rank::Second,
        Color::Black => Rank::Seventh,
    };
    match to.offset(0, 2 * back) {
        Some(two) if two.rank() == start_rank && !pos.board().occupied().contains(one) => {
            two.bitboard() & pawns
        }
        _ => Bitboard::EMPTY,
    }
}

/// The side a castling move (king takes own rook) goes to.
pub(crate) fn castling_side(m: Move) -> CastlingSide {
    if m.to() > m.from() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

const fn upper(role: Role) -> u8 {
    role.char().to_ascii_uppercase() as u8
}

/// The other pieces of the mover's kind that could legally move to `to`.
///
/// A rival that reaches `to` moves legally unless it is pinned off the line of its pin:
/// the move `from -> to` is legal, so `to` already answers any (single) check.
fn rivals(pos: &Position, role: Role, from: Square, to: Square) -> Bitboard {
    let board = pos.board();
    let occupied = board.occupied();
    let reach = match role {
        Role::Knight => attacks::knight(to),
        Role::Bishop => attacks::bishop(to, occupied),
        Role::Rook => attacks::rook(to, occupied),
        Role::Queen => attacks::queen(to, occupied),
        Role::Pawn | Role::King => return Bitboard::EMPTY,
    };
    let rivals = reach & board.by_piece(Piece::new(pos.turn(), role)).remove(from);
    if rivals.is_empty() {
        return rivals;
    }
    let king = pos.our_king();
    let pinned = pos.pinned();
    rivals
        .iter()
        .filter(|&rival| !pinned.contains(rival) || attacks::aligned(king, rival, to))
        .collect()
}

/// The origin's file and rank to write, given the rivals that could move to the same square:
/// the file if no rival shares it, else the rank if no rival shares that, else both.
pub fn disambiguation(from: Square, rivals: Bitboard) -> (Option<File>, Option<Rank>) {
    if rivals.is_empty() {
        return (None, None);
    }
    let same_file = (rivals & from.file().bitboard()).any();
    let same_rank = (rivals & from.rank().bitboard()).any();
    (
        (!same_file || same_rank).then_some(from.file()),
        same_file.then_some(from.rank()),
    )
}

/// `+` when the legal move `m` of a `role` gives check, `#` when it mates, else `None`. The
/// check test moves pieces on a copy of the board only; the whole move is played only to
/// look for replies to a check.
fn check_suffix(pos: &Position, m: Move, role: Role) -> Option<u8> {
    let us = pos.turn();
    let them = !us;
    let (from, to) = (m.from(), m.to());
    let mut board = *pos.board();
    match m.kind() {
        MoveKind::Castle => {
            let side = castling_side(m);
            // XOR masks: a king or rook that stays put toggles nothing.
            board.toggle(
                Piece::new(us, Role::King),
                from.bitboard() ^ side.king_to(us).bitboard(),
            );
            board.toggle(
                Piece::new(us, Role::Rook),
                to.bitboard() ^ side.rook_to(us).bitboard(),
            );
        }
        MoveKind::EnPassant => {
            let victim = Square::from_coords(to.file(), from.rank());
            board.toggle(Piece::new(them, Role::Pawn), victim.bitboard());
            board.toggle(Piece::new(us, Role::Pawn), from.bitboard() | to.bitboard());
        }
        kind => {
            if let Some(victim) = board.piece_at(to) {
                board.toggle(victim, to.bitboard());
            }
            let landing = match kind {
                MoveKind::Promotion(promoted) => promoted,
                _ => role,
            };
            board.toggle(Piece::new(us, role), from.bitboard());
            board.toggle(Piece::new(us, landing), to.bitboard());
        }
    }
    let king = board.king_of(them)?;
    if board.attackers(king, us, board.occupied()).is_empty() {
        return None;
    }
    let mut child = *pos;
    child.play_unchecked(m);
    Some(if child.has_legal_moves() { b'+' } else { b'#' })
}

/// The role of an upper-case piece letter (`P` included).
#[inline(always)]
fn piece_letter(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

/// Parses the lenient grammar:
/// `[NBRQKP][file][rank][x|-]<square>[[=]NBRQ|nbrq]` or castling, then any of `+#!?`.
#[inline(always)]
pub(crate) fn read(text: &[u8]) -> Option<San> {
    read_with::<true, false>(text)
}

/// [`read`] without castling written with zeros (`0-0`, `0-0-0`): the PGN reader's first
/// try, so that the moves it reads without a word to say need no test for them.
#[inline(always)]
pub(crate) fn read_without_zeros(text: &[u8]) -> Option<San> {
    read_with::<false, false>(text)
}

/// [`read`] with promotions to king (`e8=K`, antichess): the variants' reader. A separate
/// instance of the generic reader, so that chess's reader does not test for them.
#[cfg(feature = "variant")]
#[inline]
pub(crate) fn read_with_king_promotions(text: &[u8]) -> Option<San> {
    read_with::<true, true>(text)
}

/// [`read`], with castling written with zeros read only if `ZEROS`, and promotions to king
/// only if `KINGS`.
#[inline(always)]
fn read_with<const ZEROS: bool, const KINGS: bool>(text: &[u8]) -> Option<San> {
    // The shapes most moves have (`e4`, `Nf3`, `exd5`, `Nxe5`), read by their length; the
    // grammar below reads them to the same `San`, a few times slower (cachegrind). They
    // end in a digit, so before looking for suffixes.
    let normal = |role, file, capture, to_file: u8, to_rank: u8| San::Normal {
        role,
        file,
        rank: None,
        capture,
        to: Square::from_coords(File::new(to_file - b'a'), Rank::new(to_rank - b'1')),
        promotion: None,
    };
    match *text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => return Some(normal(Role::Pawn, None, false, f, r)),
        [p, f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            if let Some(role) = piece_letter(p) {
                return Some(normal(role, None, false, f, r));
            }
        }
        [from @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            let file = File::new(from - b'a');
            return Some(normal(Role::Pawn, Some(file), true, f, r));
        }
        [p, b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            if let Some(role) = piece_letter(p) {
                return Some(normal(role, None, true, f, r));
            }
        }
        _ => {}
    }
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    read_grammar::<ZEROS, KINGS>(&text[..end])
}

/// [`read`] after the suffixes, by the whole grammar (castling with zeros only if `ZEROS`,
/// promotions to king only if `KINGS`).
#[inline(always)]
fn read_grammar<const ZEROS: bool, const KINGS: bool>(text: &[u8]) -> Option<San> {
    match text {
        b"O-O" => return Some(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" => return Some(San::Castle(CastlingSide::QueenSide)),
        b"0-0" if ZEROS => return Some(San::Castle(CastlingSide::KingSide)),
        b"0-0-0" if ZEROS => return Some(San::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    let (&letter, after) = text.split_first()?;
    let (role, mut rest) = match piece_letter(letter) {
        Some(role) => (role, after),
        None => (Role::Pawn, text),
    };
    // A destination square ends in a digit, so a final letter is a promotion piece.
    let mut promotion = None;
    if let [head @ .., last] = rest {
        if last.is_ascii_alphabetic() {
            promotion = Some(match last.to_ascii_uppercase() {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                b'K' if KINGS => Role::King,
                _ => return None,
            });
            rest = head.strip_suffix(b"=").unwrap_or(head);
        }
    }
    let [head @ .., to_file, to_rank] = rest else {
        return None;
    };
    let to = Square::from_ascii(&[*to_file, *to_rank]).ok()?;
    rest = head;
    let (capture, dash) = match rest {
        [head @ .., b'x'] => {
            rest = head;
            (true, false)
        }
        [head @ .., b'-'] => {
            rest = head;
            (false, true)
        }
        _ => (false, false),
    };
    let mut file = None;
    if let [c @ b'a'..=b'h', tail @ ..] = rest {
        file = File::from_char(*c as char);
        rest = tail;
    }
    let mut rank = None;
    if let [c @ b'1'..=b'8', tail @ ..] = rest {
        rank = Rank::from_char(*c as char);
        rest = tail;
    }
    // A dash belongs to long algebraic notation, after a whole origin square.
    if !rest.is_empty() || dash && (file.is_none() || rank.is_none()) {
        return None;
    }
    Some(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// A move in SAN, or an excerpt of text that is not one, kept inline: at most 16 bytes,
/// no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanText {
    bytes: [u8; SanText::CAPACITY],
    len: u8,
}

impl SanText {
    const CAPACITY: usize = 16;

    pub(crate) const fn new() -> SanText {
        SanText {
            bytes: [0; SanText::CAPACITY],
            len: 0,
        }
    }

    /// Appends an ASCII byte; SAN never fills the buffer (9 bytes at most).
    #[inline(always)]
    pub(crate) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len as usize) {
            *slot = byte;
            self.len += 1;
        }
    }

    pub(crate) fn push_str(&mut self, text: &str) {
        for &byte in text.as_bytes() {
            self.push(byte);
        }
    }

    /// The start of `text` for an error message: whole if it fits, else its first whole
    /// characters and `...`; bytes that are not UTF-8 end it.
    pub(crate) fn excerpt(text: &[u8]) -> SanText {
        let valid = match core::str::from_utf8(text) {
            Ok(valid) => valid,
            Err(e) => core::str::from_utf8(&text[..e.valid_up_to()]).unwrap_or(""),
        };
        let mut excerpt = SanText::new();
        if valid.len() <= SanText::CAPACITY && valid.len() == text.len() {
            excerpt.push_str(valid);
            return excerpt;
        }
        let mut end = valid.len().min(SanText::CAPACITY - 3);
        while !valid.is_char_boundary(end) {
            end -= 1;
        }
        excerpt.push_str(&valid[..end]);
        excerpt.push_str("...");
        excerpt
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII and whole UTF-8 characters are stored (see `push` and `excerpt`).
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl AsRef<str> for SanText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for SanText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SanText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Why SAN could not be read as a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SanError {
    /// The text is not SAN (an excerpt of it).
    Syntax(SanText),
    /// The text is SAN, but no legal move fits it.
    Illegal(San),
    /// The text fits several legal moves.
    Ambiguous {
        /// The move as read.
        san: San,
        /// The squares of the pieces that could make it.
        candidates: Bitboard,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(text) => write!(
                f,
                "invalid SAN '{text}': expected a move like e4, Nf3, exd5, O-O or e8=Q"
            ),
            SanError::Illegal(san) => {
                write!(f, "illegal move '{san}' in this position")?;
                if let San::Normal {
                    role: Role::Pawn,
                    to,
                    promotion: None,
                    ..
                } = san
                {
                    if Bitboard::BACKRANKS.contains(*to) {
                        write!(f, " (a pawn reaching the last rank promotes, like {to}=Q)")?;
                    }
                }
                Ok(())
            }
            SanError::Ambiguous { san, candidates } => {
                write!(f, "ambiguous move '{san}': it could be played from ")?;
                write_squares(f, *candidates)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SanError {}

/// Writes `squares` as a list in words: `b1`, `b1 or d2`, `a1, c1 or e1`.
pub(crate) fn write_squares(f: &mut fmt::Formatter<'_>, squares: Bitboard) -> fmt::Result {
    let count = squares.count() as usize;
    for (i, square) in squares.iter().enumerate() {
        let separator = match i {
            0 => "",
            _ if i + 1 == count => " or ",
            _ => ", ",
        };
        write!(f, "{separator}{square}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;
    use alloc::vec::Vec;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn san_of(fen: &str, uci: &str) -> SanText {
        let p = pos(fen);
        p.to_san(p.parse_uci(uci).unwrap())
    }

    #[test]
    fn writes_disambiguation_by_file_then_rank_then_both() {
        // Knights on b1 and f3 (file), rooks on a1 and a5 (rank), queens on h4, h1 and e4
        // (file, rank, or both).
        let fen = "7K/8/1k6/R2r4/4Q2Q/5N2/8/RN5Q w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        assert_eq!(san_of(fen, "f3d2"), "Nfd2");
        assert_eq!(san_of(fen, "a1a3"), "R1a3");
        assert_eq!(san_of(fen, "a5a3"), "R5a3");
        assert_eq!(san_of(fen, "h4e1"), "Qh4e1");
        assert_eq!(san_of(fen, "h1e1"), "Q1e1");
        assert_eq!(san_of(fen, "e4e1"), "Qee1");
        assert_eq!(san_of(fen, "e4d5"), "Qxd5");
        assert_eq!(san_of(fen, "a5d5"), "Rxd5");
        // A pinned rival does not count: the knight on e2 cannot move.
        assert_eq!(san_of("4r1k1/8/8/8/8/8/2N1N3/4K3 w - - 0 1", "c2d4"), "Nd4");
        assert_eq!(
            san_of("4r1k1/8/8/8/8/8/2N1N3/3K4 w - - 0 1", "c2d4"),
            "Ncd4"
        );
        // ... unless it moves along its pin.
        let along = "4r1k1/8/8/8/R7/8/4R3/4K3 w - - 0 1";
        assert_eq!(san_of(along, "a4e4"), "Rae4");
        assert_eq!(san_of(along, "e2e4"), "Ree4");
    }

    #[test]
    fn writes_pawns_castling_and_suffixes() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
        assert_eq!(
            san_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8n"),
            "cxd8=N"
        );
        assert_eq!(san_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q"), "c8=Q");
        assert_eq!(san_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
        assert_eq!(
            san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            "O-O"
        );
        assert_eq!(
            san_of("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
            "O-O-O"
        );
        // Chess960: king on f1, rook on g1; castling is O-O whatever the squares.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"), "O-O");
        // Castling that gives check with the rook.
        assert_eq!(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
        // En passant, plain and uncovering a check along the rank.
        assert_eq!(san_of("8/8/8/1Pp5/8/8/8/K5k1 w - c6 0 1", "b5c6"), "bxc6");
        assert_eq!(san_of("8/8/8/RPp4k/8/8/8/K7 w - c6 0 1", "b5c6"), "bxc6+");
        assert_eq!(san_of("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"), "Ra8#");
    }

    #[test]
    fn reads_what_people_write() {
        let start = Position::new();
        let nf3 = start.parse_uci("g1f3").unwrap();
        for text in [
            "Nf3", "Nf3+", "Nf3!", "Nf3?!", "Nf3!!", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3",
        ] {
            assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
        }
        let e4 = start.parse_uci("e2e4").ok();
        for text in ["e4", "e2e4", "e2-e4", "Pe4", "e4!?"] {
            assert_eq!(start.parse_san(text).ok(), e4, "{text}");
        }
        let castles = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (text, uci) in [
            ("O-O", "e1g1"),
            ("0-0", "e1g1"),
            ("O-O-O+", "e1c1"),
            ("0-0-0", "e1c1"),
        ] {
            assert_eq!(
                castles.parse_san(text).ok(),
                castles.parse_uci(uci).ok(),
                "{text}"
            );
        }
        let promote = pos("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
        let cxd8n = promote.parse_uci("c7d8n").unwrap();
        for text in ["cxd8=N", "cxd8N", "cxd8n", "cd8=N", "c7xd8=N", "cxd8=N+"] {
            assert_eq!(promote.parse_san(text), Ok(cxd8n), "{text}");
        }
    }

    #[test]
    fn errors_are_typed_and_named() {
        let start = Position::new();
        for text in [
            "", "Nf", "Nf9", "Zf3", "N@f3", "e8=K", "e4-", "Ng-f3", "exd", "O-O-O-O", "é4",
        ] {
            assert!(
                matches!(start.parse_san(text), Err(SanError::Syntax(_))),
                "{text}: {:?}",
                start.parse_san(text)
            );
        }
        let err = start.parse_san("Nf6").unwrap_err();
        assert_eq!(err.to_string(), "illegal move 'Nf6' in this position");
        assert!(matches!(start.parse_san("O-O"), Err(SanError::Illegal(_))));
        assert!(matches!(start.parse_san("exd3"), Err(SanError::Illegal(_))));
        // A pawn without its file only pushes.
        assert!(matches!(
            pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").parse_san("d5"),
            Err(SanError::Illegal(_))
        ));
        let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let err = knights.parse_san("Nd2").unwrap_err();
        assert_eq!(
            err,
            SanError::Ambiguous {
                san: "Nd2".parse().unwrap(),
                candidates: Bitboard::from_squares(&[Square::B1, Square::F3]),
            }
        );
        assert_eq!(
            err.to_string(),
            "ambiguous move 'Nd2': it could be played from b1 or f3"
        );
        let promote = pos("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            promote.parse_san("c8").unwrap_err().to_string(),
            "illegal move 'c8' in this position (a pawn reaching the last rank promotes, like c8=Q)"
        );
        let long = start.parse_san("Nf3 is a fine move").unwrap_err();
        assert_eq!(
            long,
            SanError::Syntax(SanText::excerpt(b"Nf3 is a fine move"))
        );
        assert_eq!(
            long.to_string(),
            "invalid SAN 'Nf3 is a fine...': expected a move like e4, Nf3, exd5, O-O or e8=Q"
        );
    }

    /// The short shapes `read` takes without the grammar give what the grammar gives, for
    /// every text of two to four bytes over the bytes SAN is made of (and a few others).
    #[test]
    fn short_shapes_read_as_the_grammar_reads_them() {
        let alphabet = b"abhi018912NBRQKPOxX-=@";
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for &a in alphabet {
            for &b in alphabet {
                texts.push(vec![a, b]);
                for &c in alphabet {
                    texts.push(vec![a, b, c]);
                    for &d in alphabet {
                        texts.push(vec![a, b, c, d]);
                    }
                }
            }
        }
        let mut fast = 0;
        for text in &texts {
            assert_eq!(
                read(text),
                read_grammar::<true, false>(text),
                "{:?}",
                core::str::from_utf8(text)
            );
            fast += usize::from(read(text).is_some());
        }
        // The alphabet reaches every shape: pawn pushes, piece moves, captures of both.
        assert!(read(b"e4").is_some() && read(b"Nf3").is_some());
        assert!(read(b"exd5").is_some() && read(b"Qxh8").is_some() && fast > 1000);
    }

    #[test]
    fn excerpts_keep_whole_characters() {
        assert_eq!(SanText::excerpt(b"Nf3").as_str(), "Nf3");
        assert_eq!(
            SanText::excerpt("ééééééééé".as_bytes()).as_str(),
            "éééééé..."
        );
        assert_eq!(SanText::excerpt(b"Nf\xff3").as_str(), "Nf...");
        // Not a legal move: some text, no panic.
        let _ = Position::new().to_san(Move::NULL);
    }
}
