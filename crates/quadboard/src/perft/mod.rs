//! Perft: counting the leaf nodes of the legal move tree, the standard test (and benchmark)
//! of a move generator.
//!
//! The hot path is specialised on the side to move and makes moves straight on the piece
//! sets with no hash key or counters, since perft reads neither. At depth 1 it counts
//! target sets by popcount without listing moves (bulk counting). [`PerftTable`] adds an
//! exact transposition table and [`perft_divide`] splits the work across threads.

#[cfg(feature = "std")]
mod parallel;
mod quad;
pub mod suite;
mod table;

#[cfg(feature = "std")]
pub use parallel::{perft_divide, perft_total, PerftOptions};
pub use quad::perft_quad;
pub use table::PerftTable;

use crate::movegen::{self, Black, Counter, PawnMoves, Side, Visitor, White, ZoneDanger};
use crate::position::Position;
use crate::{Bitboard, CastlingSide, Color, Role, Square};
use table::Packed;

/// A position of a standard perft benchmark with the depth it is run to and its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The name it is known by.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth the benchmark runs it to.
    pub depth: u32,
    /// The published node count at that depth.
    pub nodes: u64,
}

/// The six positions of the chess programming wiki's perft page at the depths of
/// `quadboard bench`: 1,451,446,453 nodes in all.
pub const BENCH_POSITIONS: [BenchPosition; 6] = [
    BenchPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        nodes: 119_060_324,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
        nodes: 193_690_690,
    },
    BenchPosition {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 7,
        nodes: 178_633_661,
    },
    BenchPosition {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 6,
        nodes: 706_045_033,
    },
    BenchPosition {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 5,
        nodes: 89_941_194,
    },
    BenchPosition {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 5,
        nodes: 164_075_551,
    },
];

/// The number of leaf nodes `depth` plies below `pos`: single thread, no table.
///
/// ```
/// use quadboard::{perft, Position};
/// assert_eq!(perft(&Position::new(), 4), 197_281);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    descend(&Plain, pos, depth)
}

/// Perft with a transposition table: the same count as [`perft`], found faster when
/// subtrees repeat. The table may be shared by several threads and reused across calls.
pub fn perft_with_table(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    descend(&Hashed(table), pos, depth)
}

#[inline]
fn descend<D: Descend>(how: &D, pos: &Position, depth: u32) -> u64 {
    match (depth, pos.turn) {
        (0, _) => 1,
        (_, Color::White) => how.descend::<White>(pos, depth),
        (_, Color::Black) => how.descend::<Black>(pos, depth),
    }
}

/// How to count the subtree below a child: straight recursion or through the table.
trait Descend: Sized {
    fn descend<S: Side>(&self, pos: &Position, depth: u32) -> u64;
}

struct Plain;

impl Descend for Plain {
    #[inline(always)]
    fn descend<S: Side>(&self, pos: &Position, depth: u32) -> u64 {
        expand::<S, Plain>(self, pos, depth)
    }
}

struct Hashed<'t>(&'t PerftTable);

impl Descend for Hashed<'_> {
    fn descend<S: Side>(&self, pos: &Position, depth: u32) -> u64 {
        // Near the leaves a probe costs more than the subtree.
        if depth <= 2 {
            return expand::<S, Plain>(&Plain, pos, depth);
        }
        let key = Packed::new(pos, depth);
        if let Some(nodes) = self.0.probe(&key) {
            return nodes;
        }
        let nodes = expand::<S, Self>(self, pos, depth);
        self.0.store(&key, nodes);
        nodes
    }
}

#[inline(always)]
fn count<S: Side, const FEW_SLIDERS: bool>(pos: &Position, known_danger: Option<Bitboard>) -> u64 {
    let mut counter = Counter(0);
    movegen::generate_with::<S, Counter, Position, FEW_SLIDERS>(
        pos,
        Bitboard::FULL,
        known_danger,
        &mut counter,
    );
    counter.0
}

fn expand<S: Side, D: Descend>(how: &D, pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return count::<S, false>(pos, None);
    }
    if depth > 2 {
        return expand_with::<S, D, false>(how, pos, depth, None);
    }
    // Above the leaves, what we attack around their king carries over to most children;
    // and captures only take their sliders away, so when those need at most two lookups
    // here, every child counts slider moves by lookups.
    let zone = movegen::zone_danger::<S, Position>(pos);
    if movegen::slider_lookups::<S::Other, Position>(pos) <= 2 {
        expand_with::<S, D, true>(how, pos, depth, zone)
    } else {
        expand_with::<S, D, false>(how, pos, depth, zone)
    }
}

#[inline(always)]
fn expand_with<S: Side, D: Descend, const FEW_SLIDERS: bool>(
    how: &D,
    pos: &Position,
    depth: u32,
    zone: Option<ZoneDanger>,
) -> u64 {
    let mut visitor = Expand::<S, D, FEW_SLIDERS> {
        pos,
        depth: depth - 1,
        nodes: 0,
        how,
        zone,
        side: core::marker::PhantomData,
    };
    movegen::generate::<S, _, Position>(pos, Bitboard::FULL, &mut visitor);
    visitor.nodes
}

/// Makes each move and counts below it.
struct Expand<'a, S: Side, D: Descend, const FEW_SLIDERS: bool> {
    pos: &'a Position,
    depth: u32,
    nodes: u64,
    how: &'a D,
    zone: Option<ZoneDanger>,
    side: core::marker::PhantomData<S>,
}

impl<S: Side, D: Descend, const FEW_SLIDERS: bool> Expand<'_, S, D, FEW_SLIDERS> {
    /// The danger around their king after a move that leaves `role` on `to`.
    #[inline(always)]
    fn known_danger(
        &self,
        from_role: Role,
        role: Role,
        from: Square,
        to: Square,
    ) -> Option<Bitboard> {
        self.zone
            .and_then(|zone| zone.after(S::COLOR, from_role, role, from, to))
    }

    #[inline(always)]
    fn recurse(&mut self, child: &Position, known_danger: Option<Bitboard>) {
        self.nodes += if self.depth == 1 {
            count::<S::Other, FEW_SLIDERS>(child, known_danger)
        } else {
            self.how.descend::<S::Other>(child, self.depth)
        };
    }
}

/// Moves `role` of `S` from `from` to `to`, removing whatever of theirs stood on `to`,
/// and leaves promotion, castling and en passant details to the caller.
#[inline(always)]
fn make_simple<S: Side>(pos: &Position, role: Role, from: Square, to: Square) -> Position {
    let mut child = *pos;
    let us = S::COLOR.index();
    let them = 1 - us;
    let to_bb = to.bitboard();
    let from_to = from.bitboard() | to_bb;
    {
        // Branch-free: a capture is hard to predict, and clearing every set is cheap.
        let (colors, roles) = child.board.sets_mut();
        colors[them] &= !to_bb;
        for set in roles.iter_mut() {
            *set &= !to_bb;
        }
        colors[us] ^= from_to;
        roles[role.index()] ^= from_to;
    }
    child.castling &= !from_to;
    child.ep_square = None;
    child.turn = <S::Other as Side>::COLOR;
    child
}

impl<S: Side, D: Descend, const FEW_SLIDERS: bool> Visitor for Expand<'_, S, D, FEW_SLIDERS> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let mut child = make_simple::<S>(self.pos, role, from, to);
            if role == Role::King {
                child.castling &= !S::BACK_RANK;
            }
            let known_danger = self.known_danger(role, role, from, to);
            self.recurse(&child, known_danger);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        for to in targets {
            // SAFETY: each target is a pawn's square shifted by `offset`, so `to - offset`
            // is that pawn's square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            let mut child = make_simple::<S>(self.pos, Role::Pawn, from, to);
            match kind {
                PawnMoves::Promotion => {
                    for role in Role::PROMOTIONS {
                        let mut promoted = child;
                        let (_, roles) = promoted.board.sets_mut();
                        roles[Role::Pawn.index()] ^= to;
                        roles[role.index()] ^= to;
                        let known_danger = self.known_danger(Role::Pawn, role, from, to);
                        self.recurse(&promoted, known_danger);
                    }
                    continue;
                }
                PawnMoves::DoublePush => {
                    // SAFETY: the square passed over lies between two squares.
                    child.ep_square =
                        Some(unsafe { Square::new_unchecked((to as i8 - offset / 2) as u8) });
                }
                PawnMoves::Push | PawnMoves::Capture => {}
            }
            let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
            self.recurse(&child, known_danger);
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = make_simple::<S>(self.pos, Role::Pawn, from, to);
        let victim = Square::from_coords(to.file(), from.rank());
        let (colors, roles) = child.board.sets_mut();
        colors[<S::Other as Side>::COLOR.index()] ^= victim;
        roles[Role::Pawn.index()] ^= victim;
        self.recurse(&child, None);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square, side: CastlingSide) {
        let mut child = *self.pos;
        let king_to = side.king_to(S::COLOR).bitboard();
        let rook_to = side.rook_to(S::COLOR).bitboard();
        let lifted = !(king.bitboard() | rook.bitboard());
        {
            let (colors, roles) = child.board.sets_mut();
            let us = S::COLOR.index();
            colors[us] = (colors[us] & lifted) | king_to | rook_to;
            roles[Role::King.index()] = (roles[Role::King.index()] & lifted) | king_to;
            roles[Role::Rook.index()] = (roles[Role::Rook.index()] & lifted) | rook_to;
        }
        child.castling &= !S::BACK_RANK;
        child.ep_square = None;
        child.turn = <S::Other as Side>::COLOR;
        self.recurse(&child, None);
    }
}
