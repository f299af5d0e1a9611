//! The perft engine: one recursion for every board representation and CPU level.
//!
//! [`descend`] counts below a node in one of three ways ([`Descend`]): [`Plain`] recursion,
//! through the table ([`Hashed`]), or by making a node's children in a [`Batch`] whose table
//! lines are fetched before any is probed. Every recursive step goes through
//! [`Engine::expand`], compiled with the target features of its CPU level, so that the
//! whole expansion inlined into it runs on the level's instructions. Above the leaves'
//! parents a node generates its moves and recurses; a leaves' parent prepares what its
//! children share ([`Leaves`], [`ZoneDanger`]) and counts each child's moves in bulk
//! ([`leaf::count`]).

use super::leaf::{self, Leaves, ZoneDanger};
use super::table::{Packed, Slot};
use super::PerftTable;
use crate::attacks::Cpu;
use crate::board::{Board, Placement, QuadBoard};
use crate::cpu::for_each_level;
use crate::movegen::{self, Black, Node, PawnMoves, Side, Visitor, White};
use crate::{Bitboard, Color, Role, Square};

use alloc::vec::Vec;
use core::cell::RefCell;
use core::mem::size_of;

#[inline]
pub(super) fn descend<C: Engine, D: Descend<B>, B: Placement>(
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
pub(super) trait Descend<B: Placement>: Sized {
    /// Whether this way only ever counts below nodes more than two plies above the leaves,
    /// so that the engine it runs in needs no code for the leaves and their parents.
    const ABOVE_LEAF_PARENTS: bool = false;

    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64;
}

pub(super) struct Plain;

impl<B: Placement> Descend<B> for Plain {
    #[inline(always)]
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64 {
        // SAFETY: code generic over a level runs only where the CPU supports it.
        unsafe { C::expand::<S, B, Plain>(self, node, depth) }
    }
}

pub(super) struct Hashed<'t>(pub(super) &'t PerftTable);

/// The shallowest subtrees the table serves. Depth 1 is one generation, cheaper than the
/// cache miss of a probe; a depth-2 subtree costs a generation per child, several times a
/// probe, and they are the most numerous transpositions (start position, perft 9: 96
/// million unique positions seven plies deep, reached about 290 million times).
pub(super) const TABLE_MIN_DEPTH: u32 = 2;

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
        // A batch only makes the children, on the portable level whatever the CPU: its
        // nodes are a small share of table perft's work, and the level's own instructions
        // save little there (0.5 % of the instructions of `perft 6 --hash 16`), where a
        // batch expansion per level was 53 KB more code for every build to compile.
        // SAFETY: `Baseline` runs on every CPU.
        let made = unsafe { crate::cpu::Baseline::expand::<S, B, Batch<B>>(&batch, node, depth) };
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
    // `Hashed::expand` batches only nodes above `TABLE_MIN_DEPTH`.
    const ABOVE_LEAF_PARENTS: bool = TABLE_MIN_DEPTH >= 2;

    #[inline(always)]
    fn descend<C: Engine, S: Side>(&self, node: &Node<B>, depth: u32) -> u64 {
        self.push(node, S::COLOR, depth);
        0
    }
}

impl<B: Placement> Batch<'_, B> {
    /// Adds `child` (`turn` to move) and starts fetching its table line. Out of line: every
    /// move site of a batch expansion calls it, and the call costs little beside the
    /// slot's hash, where a copy at each site was half the expansion's code.
    #[inline(never)]
    fn push(&self, child: &Node<B>, turn: Color, depth: u32) {
        let slot = self.table.slot(&Packed::new(child, turn, depth));
        self.table.prefetch(slot);
        self.children.borrow_mut().push((*child, slot));
    }
}

/// Calls `$method` of the level's [`SideEngine`] for side `$S` to move (`Self::White` or
/// `Self::Black`), inside an [`Engine`] method.
macro_rules! on_side {
    ($S:ident, $method:ident::<$($g:tt),*>($($arg:expr),*)) => {
        if const { matches!($S::COLOR, Color::White) } {
            Self::White::$method::<$($g),*>($($arg),*)
        } else {
            Self::Black::$method::<$($g),*>($($arg),*)
        }
    };
}

/// The expansion compiled with the target features of a CPU level: every recursive call
/// goes through it, so that the whole engine, inlined into it, runs on the level's
/// instructions.
pub(super) trait Engine: Cpu {
    /// Whether the leaves' parents get a variant per combination of few sliders and
    /// castling rights, rather than one that reads both at run time (see [`specialised`]).
    const SPECIALISED: bool;

    /// Whether the common moves' call sites have the leaf counter inlined (see
    /// [`Expand::recurse`]): on every level but `baseline` with dispatch, which only
    /// x86-64 CPUs without AVX2 (before 2013) run, and which then calls the out-of-line
    /// counter everywhere, a third of its leaves' parents' code. Without dispatch
    /// `baseline` is the level of every build without target flags and of other
    /// architectures, and keeps the counter inlined.
    const INLINE_COUNTER: bool;

    /// Whether the leaves count the sliders of a side with few of them by lookups
    /// ([`Leaves::few_sliders`]) rather than by the fill: on every level but `avx2` with
    /// dispatch, whose magic lookups gain nothing over its AVX2 fill (9.12 instructions
    /// per leaf without them against 9.13 with, `QUADBOARD_CPU=avx2
    /// scripts/instructions-per-node.sh`), so that its one leaves'-parent variant, whose
    /// leaf counters read the flags at run time, carries the fill's path only.
    const FEW_BY_LOOKUPS: bool;

    /// The level whose code this level runs where both would compile to the same
    /// instructions: itself, except `avx512` (with dispatch), which runs `bmi2`'s. The two
    /// differ only in how the eight-direction fill counts slider moves, which the leaves'
    /// parents with few sliders do not do (the leaves look their sliders up instead); so
    /// `avx512` compiles half the leaves'-parent variants of `bmi2`.
    type Shared: Engine;

    /// The level's engine with white to move (see [`SideEngine`]).
    type White: SideEngine;

    /// The level's engine with black to move.
    type Black: SideEngine;

    /// [`expand`] on this level: [`SideEngine::expand`] of the side to move.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    #[inline(always)]
    unsafe fn expand<S: Side, B: Placement, D: Descend<B>>(
        how: &D,
        node: &Node<B>,
        depth: u32,
    ) -> u64 {
        // SAFETY: the caller's promise.
        unsafe { on_side!(S, expand::<B, D>(how, node, depth)) }
    }

    /// [`SideEngine::leaves_parent`] of the side to move on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    #[inline(always)]
    unsafe fn leaves_parent<S: Side, B: Placement, const FEW: bool, const CASTLES: bool>(
        node: &Node<B>,
    ) -> u64 {
        // SAFETY: the caller's promise.
        unsafe { on_side!(S, leaves_parent::<B, FEW, CASTLES>(node)) }
    }

    /// [`SideEngine::expand_other`] of the side to move on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    #[inline(always)]
    unsafe fn expand_other<S: Side, B: Placement, D: Descend<B>>(
        how: &D,
        node: &Node<B>,
        depth: u32,
    ) -> u64 {
        // SAFETY: the caller's promise.
        unsafe { on_side!(S, expand_other::<B, D>(how, node, depth)) }
    }

    /// [`leaf::count`] on this level, out of line: for the rarer moves (double pushes,
    /// promotions, en passant, castling, the king's in double check, pinned sliders') and
    /// perft 1, so that only the common moves' call sites carry a copy of the counter
    /// inlined.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn count_leaves<S: Side, B: Placement, const FEW: bool, const CASTLES: bool>(
        node: &Node<B>,
        leaves: &Leaves,
        leaper_checkers: Bitboard,
        known_danger: Option<Bitboard>,
        touched: Bitboard,
    ) -> u64;
}

/// [`expand`] on one CPU level for one side to move, compiled with the level's target
/// features.
///
/// Each level and side is a type of its own, declared in a module of its own, because
/// rustc places a method in the codegen unit of the module that declares its `Self`
/// type: the two sides' engines, which call each other only out of line anyway, are then
/// two codegen units rather than one, so that LLVM optimises them in parallel (with one
/// unit per level, `bmi2`'s was 45 % of the library's machine code and the longest task of
/// a dependent's release build on two cores; docs/log/2026-12-01-build-cost-2.md).
pub(super) trait SideEngine {
    /// Counts the leaves `depth` plies below `node` (at least 1).
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn expand<B: Placement, D: Descend<B>>(how: &D, node: &Node<B>, depth: u32) -> u64;

    /// A leaves' parent (two plies above the leaves), one variant of few sliders and
    /// castling rights ([`leaves_parent`]), out of line: [`expand`] jumps here once it has
    /// chosen the variant, so that each variant is a function of its own, compiled once.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn leaves_parent<B: Placement, const FEW: bool, const CASTLES: bool>(
        node: &Node<B>,
    ) -> u64;

    /// [`expand`] of a node that is not a leaves' parent, out of line: where the leaves'
    /// parents have variants of their own, `expand` is then a test of the depth and a
    /// jump, with no registers to save for the node it passes on.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn expand_other<B: Placement, D: Descend<B>>(how: &D, node: &Node<B>, depth: u32)
        -> u64;
}

/// [`SideEngine`] for one level's engine with side `$side` to move.
macro_rules! side_engine_impl {
    ($marker:ty, $engine:ty, $side:ident, [$($feature:tt),*]) => {
        impl SideEngine for $engine {
            $(#[target_feature(enable = $feature)])*
            unsafe fn expand<B: Placement, D: Descend<B>>(
                how: &D,
                node: &Node<B>,
                depth: u32,
            ) -> u64 {
                expand::<$marker, $side, B, D>(how, node, depth)
            }

            $(#[target_feature(enable = $feature)])*
            #[inline(never)]
            unsafe fn leaves_parent<B: Placement, const FEW: bool, const CASTLES: bool>(
                node: &Node<B>,
            ) -> u64 {
                leaves_parent::<$marker, $side, B, FEW, CASTLES>(node)
            }

            $(#[target_feature(enable = $feature)])*
            #[inline(never)]
            unsafe fn expand_other<B: Placement, D: Descend<B>>(
                how: &D,
                node: &Node<B>,
                depth: u32,
            ) -> u64 {
                expand_other::<$marker, $side, B, D>(how, node, depth)
            }
        }
    };
}

macro_rules! engine_impl {
    ($marker:ty, $level:ident, [$($feature:tt),*]) => {
        // The side engines' types, each in a module of its own (see `SideEngine`).
        #[allow(non_snake_case)]
        mod $level {
            pub(crate) mod white {
                /// The level's engine with white to move.
                pub(crate) enum Engine {}
            }
            pub(crate) mod black {
                /// The level's engine with black to move.
                pub(crate) enum Engine {}
            }
        }

        side_engine_impl!($marker, $level::white::Engine, White, [$($feature),*]);
        side_engine_impl!($marker, $level::black::Engine, Black, [$($feature),*]);

        impl Engine for $marker {
            type White = $level::white::Engine;
            type Black = $level::black::Engine;

            const SPECIALISED: bool =
                matches!(crate::cpu::CpuLevel::$level, crate::cpu::CpuLevel::Bmi2 | crate::cpu::CpuLevel::Avx512);

            const INLINE_COUNTER: bool =
                cfg!(not(quadboard_dispatch)) || !matches!(crate::cpu::CpuLevel::$level, crate::cpu::CpuLevel::Baseline);

            const FEW_BY_LOOKUPS: bool =
                cfg!(not(quadboard_dispatch)) || !matches!(crate::cpu::CpuLevel::$level, crate::cpu::CpuLevel::Avx2);

            // Without dispatch every level's name stands for the one compiled level.
            #[cfg(quadboard_dispatch)]
            type Shared = shared_level!($level);
            #[cfg(not(quadboard_dispatch))]
            type Shared = Self;

            $(#[target_feature(enable = $feature)])*
            #[inline(never)]
            unsafe fn count_leaves<S: Side, B: Placement, const FEW: bool, const CASTLES: bool>(
                node: &Node<B>,
                leaves: &Leaves,
                leaper_checkers: Bitboard,
                known_danger: Option<Bitboard>,
                touched: Bitboard,
            ) -> u64 {
                leaf::count::<Self, S, B, FEW, CASTLES>(
                    node,
                    leaves,
                    leaper_checkers,
                    known_danger,
                    touched,
                )
            }
        }
    };
}

/// [`Engine::Shared`] of a level, with dispatch.
#[cfg(quadboard_dispatch)]
macro_rules! shared_level {
    (Avx512) => {
        crate::cpu::Bmi2
    };
    ($level:ident) => {
        Self
    };
}
for_each_level!(engine_impl);

/// Whether the leaves' parents of the engine on level `C` and placement `B` get a variant
/// per combination of few sliders and castling rights: on the levels that fast CPUs run
/// ([`Engine::SPECIALISED`]), for the dense board, which perft runs by default. The
/// quad-bitboard engine has one variant on every level, a quarter of its code to compile.
#[inline(always)]
pub(super) const fn specialised<C: Engine, B: Placement>() -> bool {
    C::SPECIALISED && size_of::<B>() != size_of::<QuadBoard>()
}

// `specialised` tells the placements apart by their size.
const _: () = assert!(size_of::<Board>() != size_of::<QuadBoard>());

/// Counts the leaves `depth` plies below `node` (side to move `S`, `depth` at least 1).
#[inline(always)]
fn expand<C: Engine, S: Side, B: Placement, D: Descend<B>>(
    how: &D,
    node: &Node<B>,
    depth: u32,
) -> u64 {
    // The levels that fast CPUs run get a variant per combination of few sliders and
    // castling rights (instructions per leaf 8.27 against 8.79 with both read at run
    // time); the others, one variant, a quarter of the code to compile.
    if D::ABOVE_LEAF_PARENTS || !const { specialised::<C, B>() } {
        if D::ABOVE_LEAF_PARENTS || depth != 2 {
            return expand_other::<C, S, B, D>(how, node, depth);
        }
        return leaves_parent::<C, S, B, false, true>(node);
    }
    if depth != 2 {
        // SAFETY: code generic over a level runs only where the CPU supports it.
        return unsafe { C::expand_other::<S, B, D>(how, node, depth) };
    }
    // The variant follows from the node alone, so each is a function of its own that
    // does its own preparation and this is a jump: the variants are compiled once, in
    // functions a quarter of the size (LLVM's time grows faster than a function's size),
    // and `avx512` jumps to `bmi2`'s few-slider ones.
    let few = leaf::few_sliders::<S::Other, B>(node);
    let castles = node.castling_rooks::<S::Other>().any();
    // SAFETY: code generic over a level runs only where the CPU supports it, and
    // `C::Shared` is `C` or a level below it.
    unsafe {
        match (few, castles) {
            (true, true) => C::Shared::leaves_parent::<S, B, true, true>(node),
            (true, false) => C::Shared::leaves_parent::<S, B, true, false>(node),
            (false, true) => C::leaves_parent::<S, B, false, true>(node),
            (false, false) => C::leaves_parent::<S, B, false, false>(node),
        }
    }
}

/// [`expand`] of a node that is not a leaves' parent: above them, or a root at depth 1.
#[inline(always)]
fn expand_other<C: Engine, S: Side, B: Placement, D: Descend<B>>(
    how: &D,
    node: &Node<B>,
    depth: u32,
) -> u64 {
    if D::ABOVE_LEAF_PARENTS || depth > 2 {
        debug_assert!(depth > 2);
        return expand_with::<C, S, B, D, false, false, false>(
            how,
            node,
            depth,
            None,
            Leaves::NONE,
        );
    }
    debug_assert!(depth == 1);
    let Some(leaves) = Leaves::new::<S, B>(node) else {
        return 0;
    };
    let checkers = leaves.leaper_checkers::<S, B>(node);
    // SAFETY: code generic over a level runs only where the CPU supports it.
    unsafe { C::count_leaves::<S, B, false, true>(node, &leaves, checkers, None, Bitboard::FULL) }
}

/// A leaves' parent (side to move `S`, two plies above the leaves): what the children
/// share is looked up once, then each child's moves are counted in bulk.
#[inline(always)]
fn leaves_parent<C: Engine, S: Side, B: Placement, const FEW: bool, const CASTLES: bool>(
    node: &Node<B>,
) -> u64 {
    // What we attack around their king carries over to most children; their king,
    // castling rights and pieces' moves are looked up once for all children (`Leaves`).
    let zone = ZoneDanger::new::<C, S, B>(node);
    let Some(leaves) = Leaves::new::<S::Other, B>(node) else {
        // Without their king no child has a legal move to count.
        return 0;
    };
    let leaves = leaves.with_mobility::<C, S::Other, B>(node);
    debug_assert!(!specialised::<C, B>() || leaves.few_sliders() == FEW);
    debug_assert!(!specialised::<C, B>() || leaves.may_castle() == CASTLES);
    expand_with::<C, S, B, Plain, true, FEW, CASTLES>(&Plain, node, 2, zone, leaves)
}

/// Generates the moves of `node` and counts below each; `LEAVES` at the leaves' parents,
/// whose children are counted in bulk.
#[inline(always)]
fn expand_with<
    C: Engine,
    S: Side,
    B: Placement,
    D: Descend<B>,
    const LEAVES: bool,
    const FEW: bool,
    const CASTLES: bool,
>(
    how: &D,
    node: &Node<B>,
    depth: u32,
    zone: Option<ZoneDanger>,
    leaves: Leaves,
) -> u64 {
    let mut visitor = Expand::<C, S, B, D, LEAVES, FEW, CASTLES> {
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
struct Expand<'a, C, S, B, D, const LEAVES: bool, const FEW: bool, const CASTLES: bool> {
    node: &'a Node<B>,
    depth: u32,
    nodes: u64,
    how: &'a D,
    zone: Option<ZoneDanger>,
    /// What the children share at the leaves' parents (`LEAVES`), else unused.
    leaves: Leaves,
    level: core::marker::PhantomData<(C, S)>,
}

impl<
        C: Engine,
        S: Side,
        B: Placement,
        D: Descend<B>,
        const LEAVES: bool,
        const FEW: bool,
        const CASTLES: bool,
    > Expand<'_, C, S, B, D, LEAVES, FEW, CASTLES>
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

    /// Makes the moves of the piece on `from` to `targets` and counts below each (`COMMON`
    /// as [`Expand::recurse`] takes it).
    #[inline(always)]
    fn piece_moves<const COMMON: bool>(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let mut child = *self.node;
            child.make_move(S::COLOR, role, from, to);
            let known_danger = self.known_danger(role, role, from, to);
            self.recurse::<COMMON>(&child, role, (from, to), known_danger, false);
        }
    }

    /// Counts below `child`, reached by a move from `from` that left `role` on `to`;
    /// `known_danger` as [`leaf::count`] takes it. `special` for en passant and castling,
    /// which move more than one piece. `COMMON` for the moves most leaves come from (the
    /// unpinned pieces' and the king's out of double check, single pushes and captures),
    /// whose call sites have the leaf counter inlined (the child then stays in registers);
    /// the others call its one out-of-line copy.
    #[inline(always)]
    fn recurse<const COMMON: bool>(
        &mut self,
        child: &Node<B>,
        role: Role,
        (from, to): (Square, Square),
        known_danger: Option<Bitboard>,
        special: bool,
    ) {
        self.nodes += if LEAVES {
            let checkers = self.leaves.check_from(role, to);
            // What en passant and castling change is not worth tracking.
            let touched = if special {
                Bitboard::FULL
            } else {
                from.bitboard() | to
            };
            if COMMON && C::INLINE_COUNTER {
                leaf::count::<C, S::Other, B, FEW, CASTLES>(
                    child,
                    &self.leaves,
                    checkers,
                    known_danger,
                    touched,
                )
            } else {
                // SAFETY: code generic over a level runs only where the CPU supports it.
                unsafe {
                    C::count_leaves::<S::Other, B, FEW, CASTLES>(
                        child,
                        &self.leaves,
                        checkers,
                        known_danger,
                        touched,
                    )
                }
            }
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
        const LEAVES: bool,
        const FEW: bool,
        const CASTLES: bool,
    > Visitor for Expand<'_, C, S, B, D, LEAVES, FEW, CASTLES>
{
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        self.piece_moves::<true>(role, from, targets);
    }

    #[inline(always)]
    fn rare_piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        self.piece_moves::<false>(role, from, targets);
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
                        self.recurse::<false>(&child, role, (from, to), known_danger, false);
                    }
                }
                PawnMoves::DoublePush => {
                    let mut child = *self.node;
                    child.make_double_push(S::COLOR, from, to);
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse::<false>(&child, Role::Pawn, (from, to), known_danger, false);
                }
                PawnMoves::Push | PawnMoves::Capture => {
                    let mut child = *self.node;
                    child.make_move(S::COLOR, Role::Pawn, from, to);
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse::<true>(&child, Role::Pawn, (from, to), known_danger, false);
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = *self.node;
        child.make_en_passant(S::COLOR, from, to);
        self.recurse::<false>(&child, Role::Pawn, (from, to), None, true);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        let mut child = *self.node;
        child.make_castling(S::COLOR, king, rook);
        // The rook may give check, as a slider: `Checks` finds it.
        self.recurse::<false>(&child, Role::King, (king, rook), None, true);
    }
}
