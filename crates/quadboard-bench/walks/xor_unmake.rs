//! The copy-make walks' trees walked by make and unmake on quad-bitboards (issue 35): the
//! position holds a [`QuadBoard`], a move is made by XOR-ing its 4x64-bit delta into the
//! planes (the chess programming wiki's Quad-Bitboards make) and unmade by XOR-ing the
//! same delta back, with the key, castling rooks, en passant square and halfmove clock
//! restored from what the make saved. The legal moves come from the library's generator
//! run on the planes ([`QuadBoard::legal_moves`]), the one `Position` runs on the dense
//! board. Same `Tally` as the copy-make walks, so the sums must be equal.
//!
//! `quadcopy` walks the same position type by copy-make (the child a copy, the same make,
//! no unmake), so that a difference from `quadboard` splits into what the representation
//! costs and what unmaking instead of copying saves.
//!
//! See docs/log/2026-11-27-xor-unmake.md for what they measure.

use super::{mvv_lva, order, Scored, Tally};
use quadboard_chess::board::{Placement, QuadBoard, QuadDelta};
use quadboard_chess::{
    zobrist, Bitboard, CastlingSide, Color, Move, MoveKind, MoveList, Piece, Position, Role, Square,
};

/// What changes with every move and an unmake must restore, besides the planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// The Polyglot key, as `Position::key`.
    pub key: u64,
    /// The squares of the rooks that may still castle.
    pub castling: Bitboard,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The square a double push just passed over.
    pub ep_square: Option<Square>,
    /// The side to move.
    pub turn: Color,
}

/// A legal position held as quad-bitboards: 64 bytes, the planes in the first 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct XorPosition {
    pub quad: QuadBoard,
    pub state: State,
}

/// What [`XorPosition::unmake`] needs: the move's delta and the state before it.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub delta: QuadDelta,
    pub state: State,
}

impl XorPosition {
    pub fn from_position(pos: &Position) -> XorPosition {
        XorPosition {
            quad: QuadBoard::from_board(pos.board()),
            state: State {
                key: pos.key(),
                castling: pos.castling_rooks(),
                halfmoves: pos.halfmoves(),
                ep_square: pos.ep_square(),
                turn: pos.turn(),
            },
        }
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    #[inline(always)]
    pub fn legal_moves(&self) -> MoveList {
        let s = &self.state;
        self.quad.legal_moves(s.turn, s.castling, s.ep_square)
    }

    /// The pieces giving check to the side to move: the library's test
    /// (`Placement::checkers`, which `Position::checkers` calls too) on the planes.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        Placement::checkers(&self.quad, self.state.turn)
    }

    #[inline(always)]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The role `m` captures, as `Position::captured`: castling lands on a rook of ours,
    /// en passant on an empty square.
    #[inline(always)]
    fn captured(&self, m: Move) -> Option<Role> {
        // Their set first: most moves capture nothing, and a set test is cheaper than
        // reading a square's code from four planes.
        if self.quad.by_color(!self.state.turn).contains(m.to()) {
            self.quad.piece_at(m.to()).map(Piece::role)
        } else if m.is_en_passant() {
            Some(Role::Pawn)
        } else {
            None
        }
    }

    /// Makes the legal move `m` and returns what unmakes it.
    ///
    /// Normal moves (all but castling, en passant and promotions) take a straight path:
    /// the delta is two entries of the library's nibble table, the code leaving the origin
    /// and the XOR of the codes leaving and arriving on the destination.
    #[inline(always)]
    pub fn make(&mut self, m: Move) -> Undo {
        let saved = self.state;
        let us = saved.turn;
        let (from, to) = (m.from(), m.to());
        let mover = self.quad.code_at(from);
        // A legal move starts on a piece of ours.
        let role = Piece::from_code(mover).map_or(Role::Pawn, Piece::role);
        let mut key = saved.key ^ zobrist::white_to_move();
        if saved.ep_square.is_some() {
            key ^= zobrist::en_passant_key(&self.quad, us, saved.ep_square);
        }
        // As the library's make: a move from or onto a castling rook's square takes that
        // right, a king move both of its side's.
        let mut touched = from.bitboard() | to;
        if role == Role::King {
            touched |= us.back_rank().bitboard();
        }
        let lost = saved.castling & touched;
        if lost.any() {
            key ^= lost_rights_key(&self.quad, lost);
        }
        let (delta, irreversible, ep_square) = if matches!(m.kind(), MoveKind::Normal) {
            let victim = self.quad.code_at(to);
            let piece = Piece::new(us, role);
            key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
            if let Some(victim) = Piece::from_code(victim) {
                key ^= zobrist::piece_square(victim, to);
            }
            let delta = QuadDelta::nibble(mover, from) ^ QuadDelta::nibble(mover ^ victim, to);
            let double_push = role == Role::Pawn && from.index().abs_diff(to.index()) == 16;
            // The passed square, the mean of two squares (the mask spares a bounds check).
            let ep_square =
                double_push.then(|| Square::ALL[((from.index() + to.index()) / 2) & 63]);
            (delta, role == Role::Pawn || victim != 0, ep_square)
        } else {
            let (delta, special_key, irreversible) = self.special(m, us, role);
            key ^= special_key;
            (delta, irreversible, None)
        };
        self.quad.apply(delta);
        if ep_square.is_some() {
            key ^= zobrist::en_passant_key(&self.quad, !us, ep_square);
        }
        self.state = State {
            key,
            castling: saved.castling & !lost,
            halfmoves: if irreversible {
                0
            } else {
                saved.halfmoves.saturating_add(1)
            },
            ep_square,
            turn: !us,
        };
        Undo {
            delta,
            state: saved,
        }
    }

    /// Castling, en passant and promotions: the delta from the library
    /// ([`QuadBoard::move_delta`]), the key terms of the pieces the kind moves, and whether
    /// the move is irreversible.
    #[inline(never)]
    fn special(&self, m: Move, us: Color, role: Role) -> (QuadDelta, u64, bool) {
        let (from, to) = (m.from(), m.to());
        let ours = |role| Piece::new(us, role);
        let mut key = zobrist::piece_square(ours(role), from);
        let mut irreversible = role == Role::Pawn;
        match m.kind() {
            MoveKind::Castle => {
                let side = CastlingSide::of(from, to);
                key ^= zobrist::piece_square(ours(Role::King), side.king_to(us))
                    ^ zobrist::piece_square(ours(Role::Rook), to)
                    ^ zobrist::piece_square(ours(Role::Rook), side.rook_to(us));
            }
            MoveKind::EnPassant => {
                let victim = Square::from_coords(to.file(), from.rank());
                key ^= zobrist::piece_square(Piece::new(!us, Role::Pawn), victim)
                    ^ zobrist::piece_square(ours(Role::Pawn), to);
            }
            MoveKind::Promotion(promoted) => {
                if let Some(victim) = self.quad.piece_at(to) {
                    irreversible = true;
                    key ^= zobrist::piece_square(victim, to);
                }
                key ^= zobrist::piece_square(ours(promoted), to);
            }
            MoveKind::Normal => {}
        }
        (self.quad.move_delta(m), key, irreversible)
    }

    /// Takes back the move that returned `undo`.
    #[inline(always)]
    pub fn unmake(&mut self, undo: &Undo) {
        self.quad.apply(undo.delta);
        self.state = undo.state;
    }

    /// The move's MVV-LVA score, as the copy-make walks score it.
    #[inline(always)]
    fn score(&self, m: Move) -> i32 {
        match self.captured(m) {
            Some(victim) => {
                let attacker = self.quad.piece_at(m.from()).expect("a piece moves");
                mvv_lva(victim.index(), attacker.role().index())
            }
            None => 0,
        }
    }
}

/// The key of the castling rights in `lost`, by the side of its king on `quad` (the board
/// before the move), as `Position`'s make finds it; out of line, since few moves take a
/// right.
#[cold]
#[inline(never)]
fn lost_rights_key(quad: &QuadBoard, lost: Bitboard) -> u64 {
    zobrist::castling_key(quad, lost)
}

/// The plain walk, make and unmake.
pub fn walk(pos: &mut XorPosition, depth: u32, tally: &mut Tally) {
    for &m in pos.legal_moves().iter() {
        let undo = pos.make(m);
        tally.made(pos.key(), depth);
        if depth > 1 {
            walk(pos, depth - 1, tally);
        }
        pos.unmake(&undo);
    }
}

/// The legal moves scored and sorted as the copy-make walk does, line for line, so that
/// the walks differ only in the position and how a move is made and taken back.
#[inline(always)]
fn ordered_moves(pos: &XorPosition, tally: &mut Tally) -> Scored<Move> {
    let mut scored: Scored<Move> = pos
        .legal_moves()
        .iter()
        .map(|&m| (pos.score(m), m))
        .collect();
    order(&mut scored, tally);
    scored
}

/// The ordered walk (check test and MVV-LVA order), make and unmake.
pub fn walk_ordered(pos: &mut XorPosition, depth: u32, tally: &mut Tally) {
    for &(_, m) in &ordered_moves(pos, tally) {
        let undo = pos.make(m);
        tally.checks += u64::from(pos.is_check());
        tally.made(pos.key(), depth);
        if depth > 1 {
            walk_ordered(pos, depth - 1, tally);
        }
        pos.unmake(&undo);
    }
}

/// The control: the same position type and make, by copy-make.
pub mod copy {
    use super::{Tally, XorPosition};

    pub fn walk(pos: &XorPosition, depth: u32, tally: &mut Tally) {
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.make(m);
            tally.made(child.key(), depth);
            if depth > 1 {
                walk(&child, depth - 1, tally);
            }
        }
    }

    pub fn walk_ordered(pos: &XorPosition, depth: u32, tally: &mut Tally) {
        for &(_, m) in &super::ordered_moves(pos, tally) {
            let mut child = *pos;
            child.make(m);
            tally.checks += u64::from(child.is_check());
            tally.made(child.key(), depth);
            if depth > 1 {
                walk_ordered(&child, depth - 1, tally);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    // The imports are inside the tests: the bench target is checked with `cfg(test)` but
    // without the test harness, which drops the tests and would leave them unused.

    /// Every case, both walks, both forms: nodes, leaves, key sum, checks and best scores
    /// equal to the copy-make walk on `Position`'s. A wrong key term, a lost right kept, a
    /// missed check or a board not restored by unmake changes a sum.
    #[test]
    fn tallies_equal_the_copy_make_walks_on_every_case() {
        use super::super::{quadboard, CASES};
        use super::*;
        for case in CASES {
            let pos = Position::from_fen(case.fen).expect("a legal FEN");
            for ordered in [false, true] {
                let mut expected = Tally::default();
                let mut unmade = Tally::default();
                let mut copied = Tally::default();
                let mut xor = XorPosition::from_position(&pos);
                let root = xor;
                if ordered {
                    quadboard::walk_ordered(&pos, case.depth, &mut expected);
                    walk_ordered(&mut xor, case.depth, &mut unmade);
                    copy::walk_ordered(&root, case.depth, &mut copied);
                } else {
                    quadboard::walk(&pos, case.depth, &mut expected);
                    walk(&mut xor, case.depth, &mut unmade);
                    copy::walk(&root, case.depth, &mut copied);
                }
                assert_eq!(expected.leaves, case.nodes, "{}", case.name);
                assert_eq!(unmade, expected, "{} ordered {ordered}: unmake", case.name);
                assert_eq!(copied, expected, "{} ordered {ordered}: copy", case.name);
                assert_eq!(xor, root, "{}: the root after every unmake", case.name);
            }
        }
    }

    /// The cases hold no en passant capture deep enough to reach every special kind, so
    /// random games check the make against `Position`'s position by position: every
    /// field after each legal move, and the root restored after each unmake.
    #[test]
    fn make_and_unmake_match_position_along_random_games() {
        use super::*;
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut kinds = [0u32; 4];
        for fen in starts {
            for _ in 0..40 {
                let mut pos = Position::from_fen(fen).expect("a legal FEN");
                for _ in 0..80 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let before = XorPosition::from_position(&pos);
                    for &m in moves.iter() {
                        kinds[match m.kind() {
                            MoveKind::Normal => 0,
                            MoveKind::Promotion(_) => 1,
                            MoveKind::EnPassant => 2,
                            MoveKind::Castle => 3,
                        }] += 1;
                        let mut xor = before;
                        let undo = xor.make(m);
                        let child = pos.play(m).expect("a legal move");
                        assert_eq!(xor, XorPosition::from_position(&child), "{m:?}");
                        assert_eq!(xor.is_check(), child.is_check());
                        xor.unmake(&undo);
                        assert_eq!(xor, before, "{m:?} unmade");
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(
            kinds.iter().all(|&n| n > 0),
            "every kind was made: {kinds:?}"
        );
    }
}
