//! Perft with a breakdown of its leaves: how many of the moves at the last ply capture,
//! capture en passant, castle, promote, check, check by discovery, check twice, or mate
//! (the columns of the chess programming wiki's "Perft Results" tables; [`PerftStats`]
//! defines each).
//!
//! The counting never makes a leaf move that does not check, except en passant (few, and
//! made to be sure). The others are classified from sets found once per parent: captures
//! from the target sets and the other side's pieces, direct checks from the squares each
//! role checks from, discovered checks from our pieces that alone stand between one of our
//! sliders and their king, moved off that line. Checking moves are made, to ask whether
//! they mate.

use alloc::vec::Vec;
use core::ops::{Add, AddAssign};

use super::parallel::{divide_with, split_plies, Tally};
use crate::board::castle_targets;
use crate::movegen::{PawnMoves, Visitor};
use crate::position::CheckSquares;
use crate::{attacks, Bitboard, Color, Move, Position, Role, Square};

/// The leaves of a perft and what the moves that reach them do.
///
/// The counters describe the move that reaches each leaf and the position it makes, with
/// the side that moved as "us" and the king it attacks as "their king":
///
/// - **captures**: the move takes a piece, en passant included (castling never does);
/// - **en passant**, **castles**, **promotions**: the move is one (a promotion counts once
///   per promoted piece: `e7e8q` and `e7e8n` are two leaves);
/// - **checks**: their king is attacked after the move, however many pieces attack it
///   (discovered and double checks included, checkmates too);
/// - **discovered checks**: checks in which the piece that moved is not among the
///   checkers: every checker was uncovered. The piece that moved is the one on the
///   move's destination (the promoted piece for a promotion, the rook for castling).
///   A move that checks with the piece that moved *and* uncovers a second checker is a
///   double check, not a discovered one: this is the reading that reproduces the wiki's
///   tables (Kiwipete depth 4: 42 discovered, 6 double; counting those 6 as discovered
///   too gives 48). An en passant capture that uncovers two checkers is both discovered
///   and double;
/// - **double checks**: two or more pieces attack their king;
/// - **checkmates**: a check after which their side has no legal move.
///
/// The counters add up across subtrees (`+`, `+=`, `Sum`), so that per-move results sum
/// to the root's. They are 64-bit, enough for the start position to depth 13.
///
/// ```
/// use quadboard_chess::perft::{perft_stats, PerftStats, PerftStatsOptions};
/// use quadboard_chess::Position;
/// let stats = perft_stats(&Position::new(), 3, &PerftStatsOptions::default());
/// assert_eq!(stats.nodes, 8_902);
/// assert_eq!(stats.captures, 34);
/// assert_eq!(stats.checks, 12);
/// assert_eq!(stats, PerftStats { nodes: 8_902, captures: 34, checks: 12, ..Default::default() });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// Leaf nodes: the perft count.
    pub nodes: u64,
    /// Leaves reached by a capture, en passant included.
    pub captures: u64,
    /// Leaves reached by an en passant capture.
    pub en_passant: u64,
    /// Leaves reached by castling.
    pub castles: u64,
    /// Leaves reached by a promotion (each promoted piece a leaf of its own).
    pub promotions: u64,
    /// Leaves where the side to move is in check.
    pub checks: u64,
    /// Checks given only by pieces other than the one that moved.
    pub discovered_checks: u64,
    /// Checks by two pieces.
    pub double_checks: u64,
    /// Checks with no legal reply.
    pub checkmates: u64,
}

impl PerftStats {
    /// The counters as an array, in the order of the fields (nodes first): what
    /// `quadboard perft --divide --stats` prints per move.
    ///
    /// ```
    /// use quadboard_chess::perft::PerftStats;
    /// let stats = PerftStats { nodes: 20, ..Default::default() };
    /// assert_eq!(stats.to_array(), [20, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    pub const fn to_array(&self) -> [u64; 9] {
        [
            self.nodes,
            self.captures,
            self.en_passant,
            self.castles,
            self.promotions,
            self.checks,
            self.discovered_checks,
            self.double_checks,
            self.checkmates,
        ]
    }

    /// The counters of the single leaf that the legal move `m` reaches from `pos`, found by
    /// making the move and looking at the result: the slow, plain definition that the
    /// counting in bulk must agree with.
    ///
    /// ```
    /// use quadboard_chess::perft::PerftStats;
    /// use quadboard_chess::Position;
    /// // Fool's mate: Qh4 checks and mates.
    /// let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")?;
    /// let stats = PerftStats::of_move(&pos, pos.parse_uci("d8h4")?);
    /// assert_eq!((stats.nodes, stats.checks, stats.checkmates), (1, 1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_move(pos: &Position, m: Move) -> PerftStats {
        let mut child = *pos;
        child.play_unchecked(m);
        let landing = if m.is_castle() {
            castle_targets(pos.turn(), m.from(), m.to()).1
        } else {
            m.to()
        };
        let checkers = child.checkers();
        let mut stats = PerftStats {
            nodes: 1,
            captures: u64::from(pos.is_capture(m)),
            en_passant: u64::from(m.is_en_passant()),
            castles: u64::from(m.is_castle()),
            promotions: u64::from(m.promotion_role().is_some()),
            ..PerftStats::default()
        };
        if checkers.any() {
            stats.checks = 1;
            stats.discovered_checks = u64::from(!checkers.contains(landing));
            stats.double_checks = u64::from(checkers.more_than_one());
            stats.checkmates = u64::from(child.count_legal_moves() == 0);
        }
        stats
    }
}

impl AddAssign for PerftStats {
    #[inline]
    fn add_assign(&mut self, other: PerftStats) {
        self.nodes += other.nodes;
        self.captures += other.captures;
        self.en_passant += other.en_passant;
        self.castles += other.castles;
        self.promotions += other.promotions;
        self.checks += other.checks;
        self.discovered_checks += other.discovered_checks;
        self.double_checks += other.double_checks;
        self.checkmates += other.checkmates;
    }
}

impl Add for PerftStats {
    type Output = PerftStats;

    #[inline]
    fn add(mut self, other: PerftStats) -> PerftStats {
        self += other;
        self
    }
}

impl core::iter::Sum for PerftStats {
    fn sum<I: Iterator<Item = PerftStats>>(iter: I) -> PerftStats {
        iter.fold(PerftStats::default(), Add::add)
    }
}

impl Tally for PerftStats {
    #[inline]
    fn add_times(&mut self, part: &Self, times: u64) {
        let [a, b, c, d, e, f, g, h, i] = part.to_array().map(|n| n * times);
        *self += PerftStats {
            nodes: a,
            captures: b,
            en_passant: c,
            castles: d,
            promotions: e,
            checks: f,
            discovered_checks: g,
            double_checks: h,
            checkmates: i,
        };
    }
}

/// How [`perft_stats`] and [`perft_stats_divide`] run.
#[derive(Clone, Copy, Default)]
pub struct PerftStatsOptions<'a> {
    /// Worker threads; 0 and 1 both mean the calling thread alone.
    pub threads: usize,
    /// Called after each finished piece of work with `(done, total)`, from any worker.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

impl core::fmt::Debug for PerftStatsOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerftStatsOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Perft of `pos` to `depth` with its leaves broken down (see [`PerftStats`]); at depth 0
/// the one leaf is the root, reached by no move.
///
/// Threads share the work as in [`super::perft_divide`]: the unique positions a few
/// plies below the root, each counted once and multiplied by the move orders reaching it.
///
/// ```
/// use quadboard_chess::perft::{perft_stats, PerftStatsOptions};
/// use quadboard_chess::Position;
/// let options = PerftStatsOptions { threads: 2, ..Default::default() };
/// let stats = perft_stats(&Position::new(), 4, &options);
/// assert_eq!((stats.nodes, stats.captures, stats.checks, stats.checkmates), (197_281, 1_576, 469, 8));
/// ```
pub fn perft_stats(pos: &Position, depth: u32, options: &PerftStatsOptions) -> PerftStats {
    if depth == 0 {
        return PerftStats {
            nodes: 1,
            ..PerftStats::default()
        };
    }
    perft_stats_divide(pos, depth, options)
        .into_iter()
        .map(|(_, stats)| stats)
        .sum()
}

/// [`perft_stats`] below each legal move of `pos`, in generation order (empty at depth 0,
/// where nothing is divided): their sum is the root's.
///
/// ```
/// use quadboard_chess::perft::{perft_stats_divide, PerftStatsOptions};
/// use quadboard_chess::Position;
/// let pos = Position::new();
/// let divided = perft_stats_divide(&pos, 2, &PerftStatsOptions::default());
/// assert_eq!(divided.len(), 20);
/// assert!(divided.iter().all(|(_, stats)| stats.nodes == 20 && stats.checks == 0));
/// ```
pub fn perft_stats_divide(
    pos: &Position,
    depth: u32,
    options: &PerftStatsOptions,
) -> Vec<(Move, PerftStats)> {
    match depth {
        0 => Vec::new(),
        // The last ply itself: nothing below to split.
        1 => pos
            .legal_moves()
            .iter()
            .map(|&m| (m, PerftStats::of_move(pos, m)))
            .collect(),
        // The split leaves at least one ply below it, since a leaf's counters describe the
        // move that reaches it, not the position alone.
        _ => {
            let plies = split_plies(depth, options.threads).min(depth - 1);
            divide_with(
                pos,
                depth,
                plies,
                options.threads,
                options.progress,
                stats_below,
            )
        }
    }
}

/// The counters `depth` (>= 1) plies below `pos`, on one thread.
fn stats_below(pos: &Position, depth: u32) -> PerftStats {
    if depth <= 1 {
        return last_ply(pos);
    }
    let mut stats = PerftStats::default();
    for &m in pos.legal_moves().iter() {
        let role = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
        stats += stats_below(&child(pos, role, m), depth - 1);
    }
    stats
}

/// `pos` after its legal move `m` of a piece of `role`: the placement, castling rights, en
/// passant square and turn, which is all that counting reads. The key and the clocks are
/// left as they were (stale): their updates were most of `play_unchecked`'s cost, 27 % of
/// a first profile of Kiwipete at depth 5.
#[inline(always)]
fn child(pos: &Position, role: Role, m: Move) -> Position {
    let mut child = *pos;
    child.node.play(pos.turn, role, m);
    child.turn = !pos.turn;
    child
}

/// The counters of the legal moves of `pos`, each a leaf.
fn last_ply(pos: &Position) -> PerftStats {
    let us = pos.turn();
    let board = pos.board();
    if board.king_of(!us).is_none() {
        return PerftStats::default();
    }
    let mut leaves = Leaves {
        pos,
        us,
        them: board.by_color(!us),
        occupied: board.occupied(),
        checks: pos.check_squares(),
        stats: PerftStats::default(),
    };
    pos.generate(Bitboard::FULL, &mut leaves);
    leaves.stats
}

/// The visitor that counts a position's legal moves as leaves, in groups.
struct Leaves<'a> {
    pos: &'a Position,
    us: Color,
    /// Their pieces.
    them: Bitboard,
    occupied: Bitboard,
    /// Their king, where each of our roles would check it (exact for every move but a
    /// promotion, whose pawn may have stood on the line it then checks along) and our
    /// pieces that uncover a check by leaving their line.
    checks: CheckSquares,
    stats: PerftStats,
}

impl Leaves<'_> {
    /// The moves of the piece on `from` to `targets` that uncover a check: none unless it
    /// is a discoverer, and then those off its line with their king (a piece blocks one
    /// line only, so each uncovers one checker).
    #[inline(always)]
    fn uncovering(&self, from: Square, targets: Bitboard) -> Bitboard {
        if self.checks.discoverers.contains(from) {
            targets - attacks::line(self.checks.king, from)
        } else {
            Bitboard::EMPTY
        }
    }

    /// Counts checking moves, `direct` checking with the moved piece and `uncovered`
    /// opening a line, and asks each whether it mates.
    #[inline(always)]
    fn checks(
        &mut self,
        role: Role,
        direct: Bitboard,
        uncovered: Bitboard,
        make: impl Fn(Square) -> Move,
    ) {
        let checking = direct | uncovered;
        if checking.is_empty() {
            return;
        }
        self.stats.checks += u64::from(checking.count());
        self.stats.discovered_checks += u64::from((uncovered - direct).count());
        self.stats.double_checks += u64::from((direct & uncovered).count());
        for to in checking {
            let after = child(self.pos, role, make(to));
            self.stats.checkmates += u64::from(after.count_legal_moves() == 0);
        }
    }
}

impl Visitor for Leaves<'_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        self.stats.nodes += u64::from(targets.count());
        self.stats.captures += u64::from((targets & self.them).count());
        let direct = targets & self.checks.by_role[role.index()];
        let uncovered = self.uncovering(from, targets);
        self.checks(role, direct, uncovered, |to| Move::normal(from, to));
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        let origin = |to: Square| Square::new((to.index() as i8 - offset) as u8);
        if kind == PawnMoves::Promotion {
            for to in targets {
                let from = origin(to);
                let capture = u64::from(self.them.contains(to));
                let after = (self.occupied - from.bitboard()) | to;
                let uncovered = !self.uncovering(from, to.bitboard()).is_empty();
                for role in Role::PROMOTIONS {
                    self.stats.nodes += 1;
                    self.stats.promotions += 1;
                    self.stats.captures += capture;
                    let direct =
                        attacks::role_attacks(self.us, role, to, after).contains(self.checks.king);
                    let bit = |yes: bool| if yes { to.bitboard() } else { Bitboard::EMPTY };
                    self.checks(Role::Pawn, bit(direct), bit(uncovered), |to| {
                        Move::promotion(from, to, role)
                    });
                }
            }
            return;
        }
        self.stats.nodes += u64::from(targets.count());
        if kind == PawnMoves::Capture {
            self.stats.captures += u64::from(targets.count());
        }
        let direct = targets & self.checks.by_role[Role::Pawn.index()];
        // The pawns among the discoverers, one at a time: rare.
        let mut uncovered = Bitboard::EMPTY;
        let shifted = if offset > 0 {
            Bitboard(self.checks.discoverers.0 << offset)
        } else {
            Bitboard(self.checks.discoverers.0 >> -offset)
        };
        for to in targets & shifted {
            uncovered |= self.uncovering(origin(to), to.bitboard());
        }
        self.checks(Role::Pawn, direct, uncovered, |to| {
            Move::normal(origin(to), to)
        });
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.stats += PerftStats::of_move(self.pos, Move::en_passant(from, to));
    }

    /// Castling, classified without making it unless it checks. Only the castled rook can
    /// check: the king and rook leave squares of the back rank, where a line through them
    /// to another piece outside the rank leaves the board, and along the rank the castled
    /// king or rook stands next in line (castling empties everything between its four
    /// squares but them).
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.stats.nodes += 1;
        self.stats.castles += 1;
        let (king_to, rook_to) = castle_targets(self.us, king, rook);
        let after = (self.occupied - king.bitboard() - rook.bitboard()) | king_to | rook_to;
        if attacks::rook(rook_to, after).contains(self.checks.king) {
            self.stats.checks += 1;
            let after = child(self.pos, Role::King, Move::castle(king, rook));
            self.stats.checkmates += u64::from(after.count_legal_moves() == 0);
        }
    }
}
