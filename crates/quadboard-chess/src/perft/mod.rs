//! Perft: counting the leaf nodes of the legal move tree, the standard test (and benchmark)
//! of a move generator.
//!
//! One expansion serves every board representation: it runs the legal generator on a
//! [`Node`] of any [`Placement`], builds each child with the node's own make-move, and
//! counts the last ply in bulk ([`leaf`]: popcounts of target sets, with shortcuts that
//! only counting allows). The side to move is a type parameter, and no hash key or
//! counter is kept, since perft reads neither. [`PerftTable`] adds an exact
//! transposition table and [`perft_divide`] splits the work across threads, on the dense
//! board or on quad-bitboards ([`Representation`]).
//!
//! The recursion is compiled once per CPU level ([`crate::cpu`]): [`Engine::expand`]
//! carries the level's target features, and each entry point picks the level once.

mod leaf;
#[cfg(feature = "std")]
mod parallel;
pub mod suite;
mod table;

#[cfg(feature = "std")]
pub use parallel::{perft_divide, perft_total, PerftOptions};
pub use table::{PerftTable, TableAllocError};

use crate::attacks::Cpu;
use crate::board::Placement;
use crate::cpu::{dispatch, for_each_level};
use crate::movegen::{self, Black, Node, PawnMoves, Side, Visitor, White};
use crate::position::Position;
use crate::{Bitboard, Color, Role, Square};
use leaf::{Leaves, ZoneDanger};
use table::{Packed, Slot};

use alloc::vec::Vec;
use core::cell::RefCell;

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

/// The board representation a perft engine runs on. Both give the same counts;
/// `docs/performance.md` compares their speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Representation {
    /// Two colour and six role sets ([`crate::Board`]), the faster one.
    #[default]
    Dense,
    /// Four planes of 4-bit piece codes ([`crate::board::QuadBoard`]).
    Quad,
}

/// The number of leaf nodes `depth` plies below `pos`: single thread, no table.
///
/// ```
/// use quadboard_chess::{perft, Position};
/// assert_eq!(perft(&Position::new(), 4), 197_281);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    dispatch!(C => descend::<C, _, _>(&Plain, &pos.node, pos.turn, depth))
}

/// Perft with a transposition table: the same count as [`perft`], found faster when
/// subtrees repeat. The table may be shared by several threads and reused across calls.
///
/// ```
/// use quadboard_chess::perft::{perft_with_table, PerftTable};
/// use quadboard_chess::Position;
/// let table = PerftTable::new(1);
/// assert_eq!(perft_with_table(&Position::new(), 5, &table), 4_865_609);
/// ```
pub fn perft_with_table(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    dispatch!(C => descend::<C, _, _>(&Hashed(table), &pos.node, pos.turn, depth))
}

/// Perft of `pos` computed on quad-bitboards: the same expansion as [`perft`] on another
/// representation, so always the same count.
///
/// ```
/// use quadboard_chess::perft::perft_quad;
/// use quadboard_chess::Position;
/// assert_eq!(perft_quad(&Position::new(), 4), 197_281);
/// ```
pub fn perft_quad(pos: &Position, depth: u32) -> u64 {
    let node = pos.node.to_quad_node();
    dispatch!(C => descend::<C, _, _>(&Plain, &node, pos.turn, depth))
}

/// Perft of `pos` on the given representation, with a table if one is given.
#[cfg(feature = "std")]
pub(crate) fn perft_on(
    pos: &Position,
    depth: u32,
    representation: Representation,
    table: Option<&PerftTable>,
) -> u64 {
    let turn = pos.turn;
    dispatch!(C => match (representation, table) {
        (Representation::Dense, None) => descend::<C, _, _>(&Plain, &pos.node, turn, depth),
        (Representation::Dense, Some(t)) => {
            descend::<C, _, _>(&Hashed(t), &pos.node, turn, depth)
        }
        (Representation::Quad, None) => {
            descend::<C, _, _>(&Plain, &pos.node.to_quad_node(), turn, depth)
        }
        (Representation::Quad, Some(t)) => {
            descend::<C, _, _>(&Hashed(t), &pos.node.to_quad_node(), turn, depth)
        }
    })
}

#[inline]
fn descend<C: Engine, D: Descend<B>, B: Placement>(
    how: &D,
    node: &Node<B>,
    turn: Color,
    depth: u32,
) -> u64 {
    match (depth, turn) {
        (0, _) => 1,
        (_, Color::White) => how.descend::<C, White>(node, depth),
        (_, Color::Black) => how.descend::<C, Black>(node, depth),
    }
}

/// How to count the subtree below a child: straight recursion, through the table, or
/// later (a batch of children).
trait Descend<B: Placement>: Sized {
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64;
}

struct Plain;

impl<B: Placement> Descend<B> for Plain {
    #[inline(always)]
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64 {
        // SAFETY: code generic over a level runs only where the CPU supports it.
        unsafe { C::expand::<S, B, Plain>(self, node, depth) }
    }
}

struct Hashed<'t>(&'t PerftTable);

/// The shallowest subtrees the table serves. Depth 1 is one generation, cheaper than the
/// cache miss of a probe; a depth-2 subtree costs a generation per child, several times a
/// probe, and they are the most numerous transpositions (start position, perft 9: 96
/// million unique positions seven plies deep, reached 280 million times).
const TABLE_MIN_DEPTH: u32 = 2;

impl<B: Placement> Descend<B> for Hashed<'_> {
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64 {
        if depth < TABLE_MIN_DEPTH {
            return Plain.descend::<C, S>(node, depth);
        }
        let slot = self.0.slot(&Packed::new(node, S::COLOR, depth));
        if let Some(nodes) = self.0.probe(slot) {
            return nodes;
        }
        let nodes = self.expand::<C, S, B>(node, depth);
        self.0.store(slot, nodes);
        nodes
    }
}

impl Hashed<'_> {
    /// Counts below `node`, which the table does not have. The children are made first,
    /// all at once, and the table lines of their entries fetched while the next ones are
    /// made, so that their probes wait for memory together rather than one after another.
    fn expand<C: Engine, S: Side, B: Placement>(&self, node: &Node<B>, depth: u32) -> u64 {
        if depth <= TABLE_MIN_DEPTH {
            return Plain.descend::<C, S>(node, depth);
        }
        let batch = Batch {
            table: self.0,
            children: RefCell::new(Vec::with_capacity(48)),
        };
        // SAFETY: code generic over a level runs only where the CPU supports it.
        let made = unsafe { C::expand::<S, B, Batch<B>>(&batch, node, depth) };
        debug_assert_eq!(made, 0);
        let children = batch.children.into_inner();
        children
            .iter()
            .map(|(child, slot)| match self.0.probe(*slot) {
                Some(nodes) => nodes,
                None => {
                    let nodes = self.expand::<C, S::Other, B>(child, depth - 1);
                    self.0.store(*slot, nodes);
                    nodes
                }
            })
            .sum()
    }
}

/// The children of one node, each with its table slot (already being fetched), to be
/// counted once they are all made.
struct Batch<'t, B> {
    table: &'t PerftTable,
    children: RefCell<Vec<(Node<B>, Slot)>>,
}

impl<B: Placement> Descend<B> for Batch<'_, B> {
    #[inline(always)]
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64 {
        let slot = self.table.slot(&Packed::new(node, S::COLOR, depth));
        self.table.prefetch(slot);
        self.children.borrow_mut().push((*node, slot));
        0
    }
}

/// The expansion compiled with the target features of a CPU level: every recursive call
/// goes through it, so that the whole engine, inlined into it, runs on the level's
/// instructions.
trait Engine: Cpu {
    /// [`expand`] on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn expand<S: Side, B: Placement, D: Descend<B>>(
        how: &D,
        node: &Node<B>,
        depth: u32,
    ) -> u64;
}

macro_rules! engine_impl {
    ($marker:ty, $level:ident, [$($feature:tt),*]) => {
        impl Engine for $marker {
            $(#[target_feature(enable = $feature)])*
            unsafe fn expand<S: Side, B: Placement, D: Descend<B>>(
                how: &D,
                node: &Node<B>,
                depth: u32,
            ) -> u64 {
                expand::<Self, S, B, D>(how, node, depth)
            }
        }
    };
}
for_each_level!(engine_impl);

/// Counts the leaves `depth` plies below `node` (side to move `S`, `depth` at least 1).
#[inline(always)]
fn expand<C: Engine, S: Side, B: Placement, D: Descend<B>>(
    how: &D,
    node: &Node<B>,
    depth: u32,
) -> u64 {
    if depth <= 1 {
        return match Leaves::new::<S, B>(node) {
            Some(leaves) => {
                let checkers = leaves.leaper_checkers::<S, B>(node);
                match leaves.may_castle() {
                    true => leaf::count::<C, S, B, false, true>(
                        node,
                        &leaves,
                        checkers,
                        None,
                        Bitboard::FULL,
                    ),
                    false => leaf::count::<C, S, B, false, false>(
                        node,
                        &leaves,
                        checkers,
                        None,
                        Bitboard::FULL,
                    ),
                }
            }
            None => 0,
        };
    }
    if depth > 2 {
        return expand_with::<C, S, B, D, false, false>(how, node, depth, None, Leaves::NONE);
    }
    // Above the leaves, what we attack around their king carries over to most children;
    // and captures only take their sliders away, so when those need at most two lookups
    // here, every child counts slider moves by lookups.
    // Their king, castling rights and pieces' moves are looked up once for all children
    // (`Leaves`); without castling rights here, no child has castling to count.
    let zone = ZoneDanger::new::<C, S, B>(node);
    let few_sliders = leaf::slider_lookups::<S::Other, B>(node) <= 2;
    let Some(leaves) = Leaves::new::<S::Other, B>(node) else {
        // Without their king no child has a legal move to count.
        return 0;
    };
    let leaves = leaves.with_mobility::<C, S::Other, B>(node);
    match (few_sliders, leaves.may_castle()) {
        (true, true) => expand_with::<C, S, B, D, true, true>(how, node, depth, zone, leaves),
        (true, false) => expand_with::<C, S, B, D, true, false>(how, node, depth, zone, leaves),
        (false, true) => expand_with::<C, S, B, D, false, true>(how, node, depth, zone, leaves),
        (false, false) => expand_with::<C, S, B, D, false, false>(how, node, depth, zone, leaves),
    }
}

#[inline(always)]
fn expand_with<
    C: Engine,
    S: Side,
    B: Placement,
    D: Descend<B>,
    const FEW_SLIDERS: bool,
    const CASTLES: bool,
>(
    how: &D,
    node: &Node<B>,
    depth: u32,
    zone: Option<ZoneDanger>,
    leaves: Leaves,
) -> u64 {
    let mut visitor = Expand::<C, S, B, D, FEW_SLIDERS, CASTLES> {
        node,
        depth: depth - 1,
        nodes: 0,
        how,
        zone,
        leaves,
        level: core::marker::PhantomData,
    };
    movegen::generate::<C, S, _, B>(node, Bitboard::FULL, &mut visitor);
    visitor.nodes
}

/// Makes each move and counts below it.
struct Expand<'a, C, S, B, D, const FEW_SLIDERS: bool, const CASTLES: bool> {
    node: &'a Node<B>,
    depth: u32,
    nodes: u64,
    how: &'a D,
    zone: Option<ZoneDanger>,
    /// Their king and castling rights at the leaves' parents (their castling only with
    /// `CASTLES`), else unused.
    leaves: Leaves,
    level: core::marker::PhantomData<(C, S)>,
}

impl<
        C: Engine,
        S: Side,
        B: Placement,
        D: Descend<B>,
        const FEW_SLIDERS: bool,
        const CASTLES: bool,
    > Expand<'_, C, S, B, D, FEW_SLIDERS, CASTLES>
{
    /// The danger around their king after a move that leaves `role` on `to`, coming from
    /// `from` as `from_role`; known only at the leaves' parents.
    #[inline(always)]
    fn known_danger(
        &self,
        from_role: Role,
        role: Role,
        from: Square,
        to: Square,
    ) -> Option<Bitboard> {
        self.zone
            .and_then(|zone| zone.after::<C>(S::COLOR, from_role, role, from, to))
    }

    /// Counts below `child`, reached by a move from `from` that left `role` on `to`;
    /// `known_danger` as [`leaf::count`] takes it. `special` for en passant and castling,
    /// which move more than one piece.
    #[inline(always)]
    fn recurse(
        &mut self,
        child: &Node<B>,
        role: Role,
        (from, to): (Square, Square),
        known_danger: Option<Bitboard>,
        special: bool,
    ) {
        self.nodes += if self.depth == 1 {
            let checkers = self.leaves.check_from(role, to);
            // What en passant and castling change is not worth tracking.
            let touched = if special {
                Bitboard::FULL
            } else {
                from.bitboard() | to
            };
            leaf::count::<C, S::Other, B, FEW_SLIDERS, CASTLES>(
                child,
                &self.leaves,
                checkers,
                known_danger,
                touched,
            )
        } else {
            self.how.descend::<C, S::Other>(child, self.depth)
        };
    }
}

impl<
        C: Engine,
        S: Side,
        B: Placement,
        D: Descend<B>,
        const FEW_SLIDERS: bool,
        const CASTLES: bool,
    > Visitor for Expand<'_, C, S, B, D, FEW_SLIDERS, CASTLES>
{
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let mut child = *self.node;
            child.make_move(S::COLOR, role, from, to);
            let known_danger = self.known_danger(role, role, from, to);
            self.recurse(&child, role, (from, to), known_danger, false);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        for to in targets {
            // SAFETY: each target is a pawn's square shifted by `offset`, so `to - offset`
            // is that pawn's square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            match kind {
                PawnMoves::Promotion => {
                    for role in Role::PROMOTIONS {
                        let mut child = *self.node;
                        child.make_promotion(S::COLOR, from, to, role);
                        let known_danger = self.known_danger(Role::Pawn, role, from, to);
                        self.recurse(&child, role, (from, to), known_danger, false);
                    }
                }
                PawnMoves::DoublePush => {
                    let mut child = *self.node;
                    child.make_double_push(S::COLOR, from, to);
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse(&child, Role::Pawn, (from, to), known_danger, false);
                }
                PawnMoves::Push | PawnMoves::Capture => {
                    let mut child = *self.node;
                    child.make_move(S::COLOR, Role::Pawn, from, to);
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse(&child, Role::Pawn, (from, to), known_danger, false);
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = *self.node;
        child.make_en_passant(S::COLOR, from, to);
        self.recurse(&child, Role::Pawn, (from, to), None, true);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        let mut child = *self.node;
        child.make_castling(S::COLOR, king, rook);
        // The rook may give check, as a slider: `Checks` finds it.
        self.recurse(&child, Role::King, (king, rook), None, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quad engine counts what the dense one counts, castling, en passant and
    /// promotions included, in standard chess and Chess960.
    #[test]
    fn quad_agrees_with_dense() {
        for (fen, depth) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                3,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(perft_quad(&pos, depth), perft(&pos, depth), "{fen}");
        }
    }

    /// The table's key comparison is what keeps counts exact. With the full 128 bits,
    /// one bucket that every probe shares and a 1 MiB table both count exactly; the same
    /// tables comparing 10 bits of the key accept other subtrees' counts and count
    /// wrong. Catches a probe that trusts an entry for its bucket alone, and shows that
    /// these positions do collide in the table, so that the exact counts are not luck.
    #[test]
    fn weakened_keys_let_collisions_through() {
        for (fen, depth) in [
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                4,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let expected = perft(&pos, depth);
            for megabytes in [0, 1] {
                let full = PerftTable::weakened(megabytes, [u64::MAX; 2]);
                assert_eq!(perft_with_table(&pos, depth, &full), expected, "{fen}");
                let weak = PerftTable::weakened(megabytes, [0x3ff, 0]);
                assert_ne!(perft_with_table(&pos, depth, &weak), expected, "{fen}");
            }
        }
    }

    /// The state copied per move; `docs/performance.md` quotes these sizes.
    #[test]
    fn node_sizes() {
        assert_eq!(core::mem::size_of::<crate::board::QuadBoard>(), 32);
        assert_eq!(core::mem::size_of::<Node<crate::board::QuadBoard>>(), 64);
        assert_eq!(core::mem::size_of::<crate::Board>(), 64);
        assert_eq!(core::mem::size_of::<Node<crate::Board>>(), 80);
    }
}
