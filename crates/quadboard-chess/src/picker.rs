//! A staged move picker: the legal moves of a position in the order a search tries them,
//! generated one stage at a time, so that a cut-off on the hash move or a capture costs no
//! quiet-move generation.
//!
//! The stages, in order:
//!
//! 1. [`Stage::HashMove`]: the move from the transposition table, if it is legal here
//!    (tested in constant time, [`Position::is_legal`]);
//! 2. [`Stage::Captures`]: captures, promotions and en passant, best first by the
//!    [`CaptureOrder`] (most valuable victim, then least valuable attacker; or static
//!    exchange);
//! 3. [`Stage::Killers`]: up to two quiet moves that caused cut-offs at this depth
//!    elsewhere, when legal here;
//! 4. [`Stage::Quiets`]: the other moves, in generation order;
//! 5. [`Stage::LosingCaptures`]: with [`CaptureOrder::See`], the captures that lose
//!    material, last.
//!
//! Every legal move comes exactly once; [`MovePicker::captures_only`] stops after the
//! captures, for a quiescence search.
//!
//! ```
//! use quadboard_chess::picker::{MovePicker, Stage};
//! use quadboard_chess::Position;
//!
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! let hash_move = pos.parse_uci("e2a6")?;
//! let mut picker = MovePicker::new(&pos, Some(hash_move));
//! assert_eq!(picker.next(), Some(hash_move));
//! assert_eq!(picker.stage(), Stage::HashMove);
//! // Then the other captures, most valuable victim first: the knight on f6.
//! assert_eq!(picker.next(), Some(pos.parse_uci("f3f6")?));
//! assert_eq!(picker.stage(), Stage::Captures);
//! // Every legal move comes once.
//! assert_eq!(picker.count() + 2, pos.legal_moves().len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::iter::FusedIterator;
use core::mem::MaybeUninit;

use crate::movegen::{PawnMoves, Visitor};
use crate::moves::MAX_MOVES;
use crate::{Bitboard, Board, Move, Position, Role, Square};

/// Where a [`MovePicker`] is: the stage of the move it returned last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The hash move.
    HashMove,
    /// Captures, promotions and en passant, best first.
    Captures,
    /// The killer moves.
    Killers,
    /// The other quiet moves.
    Quiets,
    /// Captures that static exchange evaluation says lose material
    /// ([`CaptureOrder::See`] only).
    LosingCaptures,
}

/// How a [`MovePicker`] orders captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CaptureOrder {
    /// Most valuable victim first, then least valuable attacker (MVV-LVA). Victims count
    /// pawn 1, knight and bishop 3, rook 5, queen 9; a promotion adds the value of the
    /// promoted piece; attackers rank pawn, knight, bishop, rook, queen, king. No exchange
    /// is looked at, so every capture comes before the quiet moves.
    #[default]
    MvvLva,
    /// Highest static exchange value first ([`Position::see`], conventional values), ties
    /// by MVV-LVA; captures that lose material come after the quiet moves.
    See,
}

/// Room for every move of a position, each with its ordering key.
const CAPACITY: usize = MAX_MOVES;

/// The static exchange key of an even exchange, in pawns above the lowest key.
const SEE_ZERO: i32 = 31;

/// The legal moves of a position, stage by stage (see the [module documentation](self)).
///
/// It borrows the position and holds about 2 KiB: keep one per node on the stack.
#[derive(Clone)]
pub struct MovePicker<'a> {
    pos: &'a Position,
    /// What `next` does: the stage being returned, or about to be generated.
    step: Step,
    /// The stage of the move returned last.
    stage: Stage,
    hash_move: Move,
    killers: [Move; 2],
    order: CaptureOrder,
    quiets: bool,
    /// Moves with their keys: the key in the high 16 bits, the move in the low 16, so that
    /// the largest entry is the best move and ties go to the larger move bits.
    entries: [MaybeUninit<u32>; CAPACITY],
    /// Entries written.
    len: usize,
    /// The next entry to look at.
    next: usize,
    /// Losing captures are kept at `entries[..losing]` while captures are returned.
    losing: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    HashMove,
    GenerateCaptures,
    Captures,
    Killer(usize),
    GenerateQuiets,
    Quiets,
    LosingCaptures,
    Done,
}

impl<'a> MovePicker<'a> {
    /// Every legal move of `pos`, `hash_move` first when it is legal here (any move may be
    /// passed: one from the table of another position, or garbage bits, is skipped).
    pub fn new(pos: &'a Position, hash_move: Option<Move>) -> MovePicker<'a> {
        MovePicker {
            pos,
            step: Step::HashMove,
            stage: Stage::HashMove,
            hash_move: hash_move.unwrap_or(Move::NULL),
            killers: [Move::NULL; 2],
            order: CaptureOrder::MvvLva,
            quiets: true,
            entries: [const { MaybeUninit::uninit() }; CAPACITY],
            len: 0,
            next: 0,
            losing: 0,
        }
    }

    /// The same picker returning only the captures, promotions and en passant captures
    /// (the hash move too, when it is one of them): for a quiescence search out of check.
    #[must_use]
    pub fn captures_only(mut self) -> MovePicker<'a> {
        self.quiets = false;
        self
    }

    /// The same picker trying `killers` after the captures, each when it is a legal quiet
    /// move here other than the hash move.
    #[must_use]
    pub fn with_killers(mut self, killers: [Option<Move>; 2]) -> MovePicker<'a> {
        self.killers = killers.map(|k| k.unwrap_or(Move::NULL));
        self
    }

    /// The same picker ordering captures by `order`.
    #[must_use]
    pub fn with_capture_order(mut self, order: CaptureOrder) -> MovePicker<'a> {
        self.order = order;
        self
    }

    /// The stage of the move returned last ([`Stage::HashMove`] before the first).
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// The position the moves are legal in.
    pub const fn position(&self) -> &'a Position {
        self.pos
    }

    fn is_quiet(&self, m: Move) -> bool {
        m.promotion_role().is_none() && !self.pos.is_capture(m)
    }

    fn entry(&self, i: usize) -> u32 {
        // SAFETY: entries below `len` have been written (`Entries::push` writes before it
        // counts).
        unsafe { self.entries[i].assume_init() }
    }

    fn generate_captures(&mut self) {
        let pos = self.pos;
        let them = pos.board().by_color(!pos.turn());
        let ep = pos.ep_square().map_or(Bitboard::EMPTY, Square::bitboard);
        let promotion_rank = (!pos.turn()).back_rank().bitboard();
        let mut out = Entries {
            entries: &mut self.entries,
            len: 0,
        };
        pos.generate(
            them | ep | promotion_rank,
            &mut Noisy {
                out: &mut out,
                board: pos.board(),
                them,
            },
        );
        self.len = out.len;
        if self.order == CaptureOrder::See {
            for i in 0..self.len {
                let entry = self.entry(i);
                let m = Move::from_bits(entry as u16).unwrap_or(Move::NULL);
                // Conventional values are whole pawns: the exchange value in pawns decides,
                // MVV-LVA (below 256) breaks ties.
                let pawns = (pos.see(m) / 100).clamp(-SEE_ZERO, SEE_ZERO);
                let key = ((pawns + SEE_ZERO) as u32) << 8 | (entry >> 16 & 0xff);
                self.entries[i] = MaybeUninit::new(key << 16 | (entry & 0xffff));
            }
        }
        self.next = 0;
        self.losing = 0;
    }

    /// The best entry from `next` on, swapped to `next`; `None` when none is left.
    fn pick_best(&mut self) -> Option<u32> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.entry(i) > self.entry(best) {
                best = i;
            }
        }
        self.entries.swap(self.next, best);
        let entry = self.entry(self.next);
        self.next += 1;
        Some(entry)
    }

    fn generate_quiets(&mut self) {
        let pos = self.pos;
        let them = pos.board().by_color(!pos.turn());
        // After the losing captures, which wait at the front.
        let mut out = Entries {
            entries: &mut self.entries,
            len: self.losing,
        };
        // As `Position::quiet_moves`: castling may land on a square of ours.
        pos.generate(!them, &mut Quiet { out: &mut out });
        self.next = self.losing;
        self.len = out.len;
    }
}

impl Iterator for MovePicker<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            match self.step {
                Step::HashMove => {
                    self.step = Step::GenerateCaptures;
                    let m = self.hash_move;
                    if m != Move::NULL && self.pos.is_legal(m) && (self.quiets || !self.is_quiet(m))
                    {
                        self.stage = Stage::HashMove;
                        return Some(m);
                    }
                    self.hash_move = Move::NULL;
                }
                Step::GenerateCaptures => {
                    self.generate_captures();
                    self.step = Step::Captures;
                }
                Step::Captures => {
                    let Some(entry) = self.pick_best() else {
                        if self.quiets {
                            self.step = Step::Killer(0);
                        } else {
                            self.step = Step::LosingCaptures;
                            self.next = 0;
                        }
                        continue;
                    };
                    let m = Move::from_bits(entry as u16).unwrap_or(Move::NULL);
                    if m == self.hash_move {
                        continue;
                    }
                    // A losing exchange (SEE below zero) waits.
                    if self.order == CaptureOrder::See && entry >> 24 < SEE_ZERO as u32 {
                        self.entries[self.losing] = MaybeUninit::new(entry);
                        self.losing += 1;
                        continue;
                    }
                    self.stage = Stage::Captures;
                    return Some(m);
                }
                Step::Killer(i) => {
                    self.step = if i + 1 < self.killers.len() {
                        Step::Killer(i + 1)
                    } else {
                        Step::GenerateQuiets
                    };
                    let m = self.killers[i];
                    let repeated = i > 0 && m == self.killers[0];
                    if m != Move::NULL
                        && m != self.hash_move
                        && !repeated
                        && self.pos.is_legal(m)
                        && self.is_quiet(m)
                    {
                        self.stage = Stage::Killers;
                        return Some(m);
                    }
                    self.killers[i] = Move::NULL;
                }
                Step::GenerateQuiets => {
                    self.generate_quiets();
                    self.step = Step::Quiets;
                }
                Step::Quiets => {
                    if self.next >= self.len {
                        self.step = Step::LosingCaptures;
                        self.next = 0;
                        continue;
                    }
                    let m = Move::from_bits(self.entry(self.next) as u16).unwrap_or(Move::NULL);
                    self.next += 1;
                    if m == self.hash_move || self.killers.contains(&m) {
                        continue;
                    }
                    self.stage = Stage::Quiets;
                    return Some(m);
                }
                Step::LosingCaptures => {
                    if self.next >= self.losing {
                        self.step = Step::Done;
                        continue;
                    }
                    let m = Move::from_bits(self.entry(self.next) as u16).unwrap_or(Move::NULL);
                    self.next += 1;
                    self.stage = Stage::LosingCaptures;
                    return Some(m);
                }
                Step::Done => return None,
            }
        }
    }
}

impl FusedIterator for MovePicker<'_> {}

impl core::fmt::Debug for MovePicker<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MovePicker")
            .field("stage", &self.stage)
            .field("hash_move", &self.hash_move)
            .field("killers", &self.killers)
            .field("order", &self.order)
            .field("quiets", &self.quiets)
            .finish_non_exhaustive()
    }
}

/// Entries being written from `len` on.
struct Entries<'e> {
    entries: &'e mut [MaybeUninit<u32>; CAPACITY],
    len: usize,
}

impl Entries<'_> {
    #[inline(always)]
    fn push(&mut self, key: u32, m: Move) {
        // Only fantasy positions (far more material than chess allows) come near the
        // capacity, as for `MoveList`.
        if self.len < CAPACITY {
            self.entries[self.len] = MaybeUninit::new(key << 16 | u32::from(m.bits()));
            self.len += 1;
        }
    }
}

/// A role's value as a victim, in pawns.
const fn victim_value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The MVV-LVA key: victim and promotion value (at most 18) times 8, less the attacker's
/// rank. At most 255, so that [`CaptureOrder::See`] can use it as a tie-break.
const fn mvv_lva(victim: Option<Role>, promotion: Option<Role>, attacker: Role) -> u32 {
    let gain = match victim {
        Some(role) => victim_value(role),
        None => 0,
    } + match promotion {
        Some(role) => victim_value(role),
        None => 0,
    };
    gain * 8 + 7 - attacker.index() as u32
}

/// Writes the captures, promotions and en passant captures with their MVV-LVA keys; the
/// generator's target also lets through moves onto the empty squares of the last rank and
/// the en passant square, which are dropped here.
struct Noisy<'o, 'e, 'b> {
    out: &'o mut Entries<'e>,
    board: &'b Board,
    them: Bitboard,
}

impl Visitor for Noisy<'_, '_, '_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets & self.them {
            let key = mvv_lva(self.board.role_at(to), None, role);
            self.out.push(key, Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        if !matches!(kind, PawnMoves::Capture | PawnMoves::Promotion) {
            return;
        }
        for to in targets {
            let from = pawn_origin(to, offset);
            let victim = if self.them.contains(to) {
                self.board.role_at(to)
            } else {
                None
            };
            if kind == PawnMoves::Promotion {
                for role in Role::PROMOTIONS {
                    let key = mvv_lva(victim, Some(role), Role::Pawn);
                    self.out.push(key, Move::promotion(from, to, role));
                }
            } else {
                let key = mvv_lva(victim, None, Role::Pawn);
                self.out.push(key, Move::normal(from, to));
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let key = mvv_lva(Some(Role::Pawn), None, Role::Pawn);
        self.out.push(key, Move::en_passant(from, to));
    }

    #[inline(always)]
    fn castle(&mut self, _: Square, _: Square) {}
}

/// Writes the moves that neither capture nor promote, with key 0.
struct Quiet<'o, 'e> {
    out: &'o mut Entries<'e>,
}

impl Visitor for Quiet<'_, '_> {
    #[inline(always)]
    fn piece(&mut self, _: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.out.push(0, Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        if matches!(kind, PawnMoves::Push | PawnMoves::DoublePush) {
            for to in targets {
                self.out.push(0, Move::normal(pawn_origin(to, offset), to));
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {}

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.out.push(0, Move::castle(king, rook));
    }
}

/// The square a pawn came from to reach `to` by a move of `offset` squares.
#[inline(always)]
fn pawn_origin(to: Square, offset: i8) -> Square {
    // The generator shifted a pawn by `offset` onto `to`, so the origin is on the board;
    // a1 stands in for the impossible case instead of unsafe code.
    Square::try_new((to as i8 - offset) as u8).unwrap_or(Square::A1)
}
