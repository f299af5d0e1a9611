//! Polyglot opening books: a reader over the bytes of a `.bin` file.
//!
//! A Polyglot book is a sequence of 16-byte entries, sorted by key, each big-endian:
//!
//! ```text
//! bytes  0..8   key     the position's Polyglot key (Position::key)
//! bytes  8..10  move    bits 0..6 to square, 6..12 from square (a1 = 0 ... h8 = 63),
//!                       12..15 promotion (0 none, 1 knight, 2 bishop, 3 rook, 4 queen)
//! bytes 10..12  weight  how good the move is, relative to the key's other moves
//! bytes 12..16  learn   free for the book's maker (often 0)
//! ```
//!
//! Castling is written as the king taking its own rook (`e1h1`), which is how [`Move`]
//! encodes it too, so the same entry serves standard chess and Chess960. A key's entries
//! are found by binary search; the reader neither reads files nor allocates, except for
//! [`Book::ranked_moves`], so it works on a memory-mapped file, on `include_bytes!` or on a
//! buffer, with or without `std`.
//!
//! ```
//! use quadboard_chess::book::{Book, Entry};
//! use quadboard_chess::Position;
//!
//! // A book of two moves from the start position, written here as a file would hold it.
//! let start = Position::new();
//! let mut bytes = Vec::new();
//! for (uci, weight) in [("e2e4", 30), ("d2d4", 20)] {
//!     let m = start.parse_uci(uci).unwrap();
//!     bytes.extend(Entry::new(start.key(), m, weight, 0).to_bytes());
//! }
//! let book = Book::new(&bytes).unwrap();
//! let moves: Vec<String> = book
//!     .ranked_moves(&start, 1)
//!     .iter()
//!     .map(|(entry, m)| format!("{} {}", start.to_uci(*m), entry.weight))
//!     .collect();
//! assert_eq!(moves, ["e2e4 30", "d2d4 20"]);
//! ```

use alloc::vec::Vec;
use core::fmt;

use crate::{CastlingMode, Move, Position, Role, Square};

/// The size of one entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry of a book, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Polyglot key of the position the move is played from.
    pub key: u64,
    /// The move in Polyglot's 16 bits (see the [module documentation](self)).
    pub raw_move: u16,
    /// The move's weight: higher is better; 0 conventionally marks a deleted entry.
    pub weight: u16,
    /// Data for the book's maker, unused by the reader.
    pub learn: u32,
}

impl Entry {
    /// The entry for a move `m` of the position with `key`: castling as king-takes-rook,
    /// en passant as the pawn's squares.
    ///
    /// ```
    /// use quadboard_chess::book::Entry;
    /// use quadboard_chess::{Move, Square};
    /// let castle = Entry::new(0, Move::castle(Square::E1, Square::H1), 1, 0);
    /// assert_eq!((castle.from_square(), castle.to_square()), (Square::E1, Square::H1));
    /// ```
    pub const fn new(key: u64, m: Move, weight: u16, learn: u32) -> Entry {
        let promotion = match m.promotion_role() {
            // Polyglot numbers the promotions knight 1 to queen 4: the role's index.
            Some(role) => role.index() as u16,
            None => 0,
        };
        Entry {
            key,
            raw_move: m.to() as u16 | (m.from() as u16) << 6 | promotion << 12,
            weight,
            learn,
        }
    }

    /// The entry stored in these 16 bytes.
    pub const fn from_bytes(bytes: &[u8; ENTRY_SIZE]) -> Entry {
        let b = bytes;
        Entry {
            key: u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    /// The 16 bytes that store this entry in a book file.
    pub const fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let k = self.key.to_be_bytes();
        let m = self.raw_move.to_be_bytes();
        let w = self.weight.to_be_bytes();
        let l = self.learn.to_be_bytes();
        [
            k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], m[0], m[1], w[0], w[1], l[0], l[1],
            l[2], l[3],
        ]
    }

    /// The square the move starts from (the king's, for castling).
    pub const fn from_square(self) -> Square {
        Square::new((self.raw_move >> 6 & 63) as u8)
    }

    /// The square the move goes to (the rook's, for castling).
    pub const fn to_square(self) -> Square {
        Square::new((self.raw_move & 63) as u8)
    }

    /// The promotion field, bits 12 to 14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen;
    /// 5 to 7 mean nothing (such an entry is never a legal move). Bit 15 is ignored, as
    /// python-chess ignores it.
    pub const fn promotion_field(self) -> u8 {
        (self.raw_move >> 12 & 7) as u8
    }

    /// The promotion role, or `None` for no promotion or a field of 5 to 7.
    pub const fn promotion(self) -> Option<Role> {
        match self.promotion_field() {
            field @ 1..=4 => Role::from_index(field as usize),
            _ => None,
        }
    }

    /// The legal move of `pos` that this entry names, or `None` when it names none (the
    /// key of a different position that collides, a damaged entry).
    ///
    /// Castling is read as king-takes-rook in both castling modes; in standard chess the
    /// king's own destination (`e1g1`) is read as castling too, as
    /// [`Position::parse_uci`] reads it.
    ///
    /// ```
    /// use quadboard_chess::book::Entry;
    /// use quadboard_chess::{Position, Square, Move};
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let raw = Entry::new(pos.key(), Move::normal(Square::E1, Square::H1), 1, 0);
    /// let m = raw.move_in(&pos).unwrap();
    /// assert_eq!(m, Move::castle(Square::E1, Square::H1));
    /// assert_eq!(pos.to_uci(m).as_str(), "e1g1");
    /// ```
    pub fn move_in(self, pos: &Position) -> Option<Move> {
        let field = self.promotion_field();
        if field > 4 {
            return None;
        }
        let (from, to, promotion) = (self.from_square(), self.to_square(), self.promotion());
        let standard = pos.castling_mode() == CastlingMode::Standard;
        pos.moves_from(from.bitboard()).iter().copied().find(|&m| {
            m.promotion_role() == promotion
                && (m.to() == to
                    || (standard
                        && m.castling_side().map(|side| side.king_to(pos.turn())) == Some(to)))
        })
    }
}

/// A byte buffer that is not a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BookError {
    /// The length is not a whole number of 16-byte entries (a truncated or foreign file).
    Length(usize),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Length(len) => write!(
                f,
                "not a Polyglot book: {len} bytes is not a whole number of 16-byte entries \
                 ({} bytes left over)",
                len % ENTRY_SIZE
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BookError {}

/// A Polyglot book over its bytes.
///
/// Lookups assume the entries are sorted by key, as every Polyglot tool writes them. An
/// unsorted book is not detected: a lookup then returns the run of the key's entries that
/// the binary search lands on, which may be some, all or none of them (never another key's
/// entries), as python-chess's reader does. Nothing panics on any bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

impl<'a> Book<'a> {
    /// The book stored in `bytes`.
    ///
    /// # Errors
    /// [`BookError::Length`] when the length is not a multiple of 16.
    ///
    /// ```
    /// use quadboard_chess::book::{Book, BookError};
    /// assert_eq!(Book::new(&[]).unwrap().len(), 0);
    /// assert_eq!(Book::new(&[0; 20]), Err(BookError::Length(20)));
    /// ```
    pub const fn new(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Length(bytes.len()));
        }
        Ok(Book { bytes })
    }

    /// The number of entries.
    pub const fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    /// Whether the book has no entries.
    pub const fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The entry at `index` (file order), or `None` past the end.
    pub fn get(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        let chunk = self.bytes.get(start..start.checked_add(ENTRY_SIZE)?)?;
        chunk.try_into().ok().map(Entry::from_bytes)
    }

    /// Every entry in file order.
    pub fn iter(&self) -> Entries<'a> {
        Entries {
            rest: self.bytes,
            key: None,
        }
    }

    /// The key at `index`, which must be below `len()`.
    fn key_at(&self, index: usize) -> u64 {
        let mut key = [0; 8];
        key.copy_from_slice(&self.bytes[index * ENTRY_SIZE..][..8]);
        u64::from_be_bytes(key)
    }

    /// The index of the first entry whose key is not below `key` (`len()` if none): where
    /// `key`'s entries start in a sorted book. python-chess's `bisect_key_left`.
    pub fn lower_bound(&self, key: u64) -> usize {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            if self.key_at(mid) < key {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// The entries of `key` in file order: those from [`Book::lower_bound`] on while the
    /// key matches.
    ///
    /// ```
    /// use quadboard_chess::book::{Book, Entry};
    /// use quadboard_chess::{Move, Square};
    /// let m = Move::normal(Square::E2, Square::E4);
    /// let bytes: Vec<u8> = [1, 2, 2, 3]
    ///     .into_iter()
    ///     .flat_map(|key| Entry::new(key, m, 1, 0).to_bytes())
    ///     .collect();
    /// let book = Book::new(&bytes).unwrap();
    /// assert_eq!(book.entries(2).count(), 2);
    /// assert_eq!(book.entries(4).count(), 0);
    /// ```
    pub fn entries(&self, key: u64) -> Entries<'a> {
        let start = self.lower_bound(key) * ENTRY_SIZE;
        Entries {
            rest: self.bytes.get(start..).unwrap_or_default(),
            key: Some(key),
        }
    }

    /// The entries of `pos` that name a legal move, with the move, in file order (weight 0
    /// included); entries that name no legal move are skipped, as python-chess skips them.
    pub fn moves(&self, pos: &Position) -> Moves<'a> {
        Moves {
            entries: self.entries(pos.key()),
            pos: *pos,
        }
    }

    /// [`Book::moves`] with a weight of at least `minimum_weight`, heaviest first; equal
    /// weights keep file order. `minimum_weight` 1 leaves out the deleted entries
    /// (python-chess's default), 0 keeps them.
    pub fn ranked_moves(&self, pos: &Position, minimum_weight: u16) -> Vec<(Entry, Move)> {
        let mut moves: Vec<(Entry, Move)> = self
            .moves(pos)
            .filter(|(entry, _)| entry.weight >= minimum_weight)
            .collect();
        // A stable sort: ties stay in file order.
        moves.sort_by_key(|(entry, _)| core::cmp::Reverse(entry.weight));
        moves
    }
}

impl<'a> IntoIterator for &Book<'a> {
    type Item = Entry;
    type IntoIter = Entries<'a>;

    fn into_iter(self) -> Entries<'a> {
        self.iter()
    }
}

/// Entries in file order: all of a book's ([`Book::iter`]) or one key's
/// ([`Book::entries`]).
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    rest: &'a [u8],
    /// The key to stop at the first mismatch of, if any.
    key: Option<u64>,
}

impl Iterator for Entries<'_> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        let (chunk, rest) = self.rest.split_first_chunk::<ENTRY_SIZE>()?;
        let entry = Entry::from_bytes(chunk);
        if self.key.is_some_and(|key| key != entry.key) {
            self.rest = &[];
            return None;
        }
        self.rest = rest;
        Some(entry)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.rest.len() / ENTRY_SIZE;
        match self.key {
            None => (left, Some(left)),
            Some(_) => (0, Some(left)),
        }
    }
}

/// The entries of a position that name legal moves, with the moves ([`Book::moves`]).
#[derive(Clone, Debug)]
pub struct Moves<'a> {
    entries: Entries<'a>,
    pos: Position,
}

impl Iterator for Moves<'_> {
    type Item = (Entry, Move);

    fn next(&mut self) -> Option<(Entry, Move)> {
        let pos = &self.pos;
        self.entries
            .by_ref()
            .find_map(|entry| entry.move_in(pos).map(|m| (entry, m)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};
    use alloc::vec;

    fn book_bytes(entries: &[Entry]) -> Vec<u8> {
        let mut sorted = entries.to_vec();
        // Stable: a key's entries keep the order given.
        sorted.sort_by_key(|e| e.key);
        sorted.iter().flat_map(|e| e.to_bytes()).collect()
    }

    fn raw(key: u64, uci: &str, weight: u16, learn: u32) -> Entry {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let promotion = match uci.as_bytes().get(4) {
            None => 0,
            Some(b'n') => 1,
            Some(b'b') => 2,
            Some(b'r') => 3,
            Some(b'q') => 4,
            Some(_) => panic!("bad promotion in {uci}"),
        };
        Entry {
            key,
            raw_move: sq(&uci[2..4]) as u16 | (sq(&uci[..2]) as u16) << 6 | promotion << 12,
            weight,
            learn,
        }
    }

    fn listed(book: &Book<'_>, pos: &Position, minimum_weight: u16) -> Vec<String> {
        book.ranked_moves(pos, minimum_weight)
            .iter()
            .map(|(e, m)| alloc::format!("{} {} {}", pos.to_uci(*m), e.weight, e.learn))
            .collect()
    }

    #[test]
    fn bytes_are_big_endian() {
        let entry = Entry {
            key: 0x0102_0304_0506_0708,
            raw_move: 0x090a,
            weight: 0x0b0c,
            learn: 0x0d0e_0f10,
        };
        let bytes = entry.to_bytes();
        assert_eq!(
            bytes,
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        );
        assert_eq!(Entry::from_bytes(&bytes), entry);
    }

    #[test]
    fn lengths_that_are_not_books() {
        for len in [1, 15, 17, 33] {
            let bytes = vec![0; len];
            assert_eq!(Book::new(&bytes), Err(BookError::Length(len)));
        }
        let message = BookError::Length(40).to_string();
        assert!(message.contains("40 bytes") && message.contains("8 bytes left over"));
        let empty = Book::new(&[]).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.moves(&Position::new()).count(), 0);
        assert_eq!(empty.get(0), None);
    }

    #[test]
    fn heaviest_first_ties_in_file_order_weight_zero_left_out() {
        let start = Position::new();
        let k = start.key();
        let bytes = book_bytes(&[
            raw(k - 1, "a2a3", 99, 0),
            raw(k, "e2e4", 5, 1),
            raw(k, "d2d4", 10, 2),
            raw(k, "g1f3", 0, 3),
            raw(k, "c2c4", 10, 4),
            // Not a legal move here: skipped.
            raw(k, "e2e5", 50, 5),
            raw(k + 1, "h2h4", 99, 0),
        ]);
        let book = Book::new(&bytes).unwrap();
        assert_eq!(book.len(), 7);
        assert_eq!(
            listed(&book, &start, 1),
            ["d2d4 10 2", "c2c4 10 4", "e2e4 5 1"]
        );
        assert_eq!(
            listed(&book, &start, 0),
            ["d2d4 10 2", "c2c4 10 4", "e2e4 5 1", "g1f3 0 3"]
        );
        assert_eq!(book.entries(k).count(), 5);
        assert_eq!(book.lower_bound(k), 1);
        assert_eq!(book.lower_bound(0), 0);
        assert_eq!(book.lower_bound(u64::MAX), 7);
    }

    #[test]
    fn castling_as_king_takes_rook_in_both_modes() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let pos: Position = fen.parse().unwrap();
        let k = pos.key();
        let bytes = book_bytes(&[
            raw(k, "e1h1", 3, 0),
            raw(k, "e1a1", 2, 0),
            raw(k, "e1g1", 1, 0),
        ]);
        let book = Book::new(&bytes).unwrap();
        // Standard chess: king-takes-rook and the king's destination both read as castling.
        assert_eq!(listed(&book, &pos, 1), ["e1g1 3 0", "e1c1 2 0", "e1g1 1 0"]);
        let mut c960 = pos;
        c960.set_castling_mode(CastlingMode::Chess960);
        assert_eq!(listed(&book, &c960, 1), ["e1h1 3 0", "e1a1 2 0"]);

        // Chess960: king f1, rooks b1 and g1.
        let pos =
            Position::from_fen("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1").unwrap();
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        let k = pos.key();
        let bytes = book_bytes(&[
            raw(k, "f1g1", 7, 0),
            raw(k, "f1b1", 0, 0),
            raw(k, "f1h1", 9, 0),
        ]);
        let book = Book::new(&bytes).unwrap();
        // f1g1 is castling with the g1 rook; f1h1 names no move.
        assert_eq!(listed(&book, &pos, 0), ["f1g1 7 0", "f1b1 0 0"]);
        let (_, m) = book.moves(&pos).next().unwrap();
        assert!(m.is_castle());
    }

    #[test]
    fn promotions_and_bad_promotion_fields() {
        let pos: Position = "8/1P5k/8/8/8/8/8/K7 w - - 0 1".parse().unwrap();
        let k = pos.key();
        let mut entries = vec![
            raw(k, "b7b8q", 4, 0),
            raw(k, "b7b8n", 3, 0),
            raw(k, "b7b8r", 2, 0),
            raw(k, "b7b8b", 1, 0),
            // No promotion where one is needed: not a move.
            raw(k, "b7b8", 9, 0),
        ];
        for field in 5..8 {
            entries.push(Entry {
                raw_move: raw(k, "b7b8", 9, 0).raw_move | field << 12,
                ..raw(k, "b7b8", 9, 0)
            });
        }
        // Bit 15 set on top of a queen promotion: ignored.
        entries.push(Entry {
            raw_move: raw(k, "b7b8q", 0, 0).raw_move | 0x8000,
            ..raw(k, "b7b8q", 5, 0)
        });
        let bytes = book_bytes(&entries);
        let book = Book::new(&bytes).unwrap();
        assert_eq!(
            listed(&book, &pos, 1),
            [
                "b7b8q 5 0",
                "b7b8q 4 0",
                "b7b8n 3 0",
                "b7b8r 2 0",
                "b7b8b 1 0"
            ]
        );
    }

    #[test]
    fn en_passant_and_black_to_move() {
        let pos: Position = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse().unwrap();
        let k = pos.key();
        let bytes = book_bytes(&[raw(k, "d4e3", 1, 0), raw(k, "d4d3", 2, 0)]);
        let book = Book::new(&bytes).unwrap();
        assert_eq!(listed(&book, &pos, 1), ["d4d3 2 0", "d4e3 1 0"]);
        let (_, m) = book.moves(&pos).next().unwrap();
        assert!(m.is_en_passant());
    }

    #[test]
    fn new_writes_what_move_in_reads() {
        let pos: Position = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        for &m in pos.legal_moves().iter() {
            let entry = Entry::new(pos.key(), m, 1, 0);
            assert_eq!(entry.move_in(&pos), Some(m), "{m:?}");
        }
    }

    #[test]
    fn unsorted_books_do_not_panic_and_find_only_the_key() {
        let start = Position::new();
        let k = start.key();
        // Deliberately unsorted: the key's entries are split in two runs.
        let entries = [
            raw(k, "e2e4", 1, 0),
            raw(u64::MAX, "a2a3", 1, 0),
            raw(0, "a2a3", 1, 0),
            raw(k, "d2d4", 1, 0),
        ];
        let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
        let book = Book::new(&bytes).unwrap();
        for e in book.entries(k) {
            assert_eq!(e.key, k);
        }
        assert!(book.moves(&start).count() <= 2);
    }
}
