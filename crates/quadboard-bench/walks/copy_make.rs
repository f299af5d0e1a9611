//! The copy-make walks of `benches/copy_make.rs`, one home for the benchmark and for
//! `walks/count.rs` (which runs one walk once, for cachegrind): quadboard,
//! cozy-chess and shakmaty walking the same trees, with and without the check test and
//! MVV-LVA ordering of a search.

use std::cmp::Reverse;

use arrayvec::ArrayVec;
use quadboard_chess::perft::BenchPosition;
use shakmaty::EnPassantMode;

/// The start position, Kiwipete and three opening middlegames reached by well-known
/// lines; `nodes` is the perft count at `depth`, the leaves of the walk (the wiki's for
/// the first two, the count quadboard's and shakmaty's perft agree on for the others).
/// Each depth is the shallowest at which one quadboard walk takes a millisecond or more.
pub const CASES: [BenchPosition; 5] = [
    BenchPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 4,
        nodes: 197_281,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 97_862,
    },
    // Queen's Gambit Declined, Orthodox: 1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O
    // 6.Nf3 Nbd7 7.Rc1 c6 8.Bd3 dxc4 9.Bxc4 Nd5.
    BenchPosition {
        name: "QGD",
        fen: "r1bq1rk1/pp1nbppp/2p1p3/3n2B1/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 1 10",
        depth: 3,
        nodes: 74_368,
    },
    // Sicilian Najdorf, English Attack: 1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6
    // 6.Be3 e5 7.Nb3 Be6 8.f3 Be7 9.Qd2 O-O 10.O-O-O Nbd7 11.g4 b5.
    BenchPosition {
        name: "Najdorf",
        fen: "r2q1rk1/3nbppp/p2pbn2/1p2p3/4P1P1/1NN1BP2/PPPQ3P/2KR1B1R w - - 0 12",
        depth: 3,
        nodes: 53_860,
    },
    // Ruy Lopez, Closed, Chigorin: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1
    // b5 7.Bb3 d6 8.c3 O-O 9.h3 Na5 10.Bc2 c5 11.d4 Qc7.
    BenchPosition {
        name: "Chigorin",
        fen: "r1b2rk1/2q1bppp/p2p1n2/npp1p3/3PP3/2P2N1P/PPB2PP1/RNBQR1K1 w - - 1 12",
        depth: 3,
        nodes: 47_396,
    },
];

/// What a walk did. `keys` sums the keys of the nodes made; `checks` counts those whose
/// side to move is in check and `best` sums each interior node's highest MVV-LVA score
/// (both zero for the plain walk). Sums, not an ordered fold, so that libraries which
/// list moves in different orders must still agree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub nodes: u64,
    pub leaves: u64,
    pub keys: u64,
    pub checks: u64,
    pub best: u64,
}

impl Tally {
    #[inline(always)]
    fn made(&mut self, key: u64, depth: u32) {
        self.nodes += 1;
        self.keys = self.keys.wrapping_add(key);
        if depth == 1 {
            self.leaves += 1;
        }
    }
}

/// MVV-LVA on roles indexed pawn 0 to king 5: any capture outranks every quiet move, a
/// more valuable victim outranks a cheaper attacker. Castling and quiet moves score 0.
#[inline(always)]
fn mvv_lva(victim: usize, attacker: usize) -> i32 {
    (8 * (victim + 1) - attacker) as i32
}

/// Room for any legal position's moves (218 at most).
type Scored<M> = ArrayVec<(i32, M), 256>;

/// Sorts the scored moves best first and credits the best score to the tally.
#[inline(always)]
fn order<M>(scored: &mut Scored<M>, tally: &mut Tally) {
    scored.sort_unstable_by_key(|&(score, _)| Reverse(score));
    if let Some(&(best, _)) = scored.first() {
        tally.best = tally.best.wrapping_add(best as u64);
    }
}

pub mod quadboard {
    use super::{mvv_lva, order, Scored, Tally};
    use quadboard_chess::{Move, Position};

    pub fn walk(pos: &Position, depth: u32, tally: &mut Tally) {
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            tally.made(child.key(), depth);
            if depth > 1 {
                walk(&child, depth - 1, tally);
            }
        }
    }

    fn score(pos: &Position, m: Move) -> i32 {
        match pos.captured(m) {
            Some(victim) => {
                let attacker = pos.board().role_at(m.from()).expect("a piece moves");
                mvv_lva(victim.index(), attacker.index())
            }
            None => 0,
        }
    }

    /// The ordered walk as an engine on quadboard asks: whether each move checks is
    /// answered before it is made, from the parent's
    /// [`CheckSquares`](quadboard_chess::position::CheckSquares), worked out once per node
    /// (as it would be for check extensions and ordering).
    pub fn walk_ordered(pos: &Position, depth: u32, tally: &mut Tally) {
        ordered::<true>(pos, depth, tally);
    }

    /// [`walk_ordered`] with the check test asked of each child after its make
    /// (`is_check`), as the other libraries' walks ask theirs.
    pub fn walk_ordered_made(pos: &Position, depth: u32, tally: &mut Tally) {
        ordered::<false>(pos, depth, tally);
    }

    fn ordered<const BEFORE: bool>(pos: &Position, depth: u32, tally: &mut Tally) {
        let check_squares = BEFORE.then(|| pos.check_squares());
        let mut scored: Scored<Move> = pos
            .legal_moves()
            .iter()
            .map(|&m| (score(pos, m), m))
            .collect();
        order(&mut scored, tally);
        for &(_, m) in &scored {
            let mut child = *pos;
            child.play_unchecked(m);
            let checks = match &check_squares {
                Some(check_squares) => check_squares.gives_check(pos, m),
                None => child.is_check(),
            };
            tally.checks += u64::from(checks);
            tally.made(child.key(), depth);
            if depth > 1 {
                ordered::<BEFORE>(&child, depth - 1, tally);
            }
        }
    }
}

pub mod cozy {
    use super::{mvv_lva, order, Scored, Tally};
    use arrayvec::ArrayVec;
    use cozy_chess::{Board, Move, Piece};

    /// The legal moves as one list, as the other two libraries hand them over.
    fn legal_moves(board: &Board) -> ArrayVec<Move, 256> {
        let mut list = ArrayVec::new();
        board.generate_moves(|moves| {
            list.extend(moves);
            false
        });
        list
    }

    pub fn walk(board: &Board, depth: u32, tally: &mut Tally) {
        for m in legal_moves(board) {
            let mut child = board.clone();
            child.play_unchecked(m);
            tally.made(child.hash(), depth);
            if depth > 1 {
                walk(&child, depth - 1, tally);
            }
        }
    }

    /// cozy-chess's moves carry no captured piece: a move captures what stands on its
    /// destination if that is the other side's (castling is king takes own rook), or a
    /// pawn when a pawn changes file onto an empty square (en passant).
    fn score(board: &Board, m: Move) -> i32 {
        let attacker = board.piece_on(m.from).expect("a piece moves");
        let victim = if board.colors(!board.side_to_move()).has(m.to) {
            board.piece_on(m.to)
        } else if attacker == Piece::Pawn && m.from.file() != m.to.file() {
            Some(Piece::Pawn)
        } else {
            None
        };
        victim.map_or(0, |victim| mvv_lva(victim as usize, attacker as usize))
    }

    pub fn walk_ordered(board: &Board, depth: u32, tally: &mut Tally) {
        let mut scored: Scored<Move> = legal_moves(board)
            .into_iter()
            .map(|m| (score(board, m), m))
            .collect();
        order(&mut scored, tally);
        for &(_, m) in &scored {
            let mut child = board.clone();
            child.play_unchecked(m);
            tally.checks += u64::from(!child.checkers().is_empty());
            tally.made(child.hash(), depth);
            if depth > 1 {
                walk_ordered(&child, depth - 1, tally);
            }
        }
    }
}

pub mod shak {
    use super::{mvv_lva, order, Scored, Tally, KEY_EP};
    use shakmaty::zobrist::Zobrist64;
    use shakmaty::{Chess, Move, Position as _};

    /// A position with its key: shakmaty 0.30 keeps no key in `Chess`, but offers
    /// `update_zobrist_hash` for the moves it can update incrementally (not king or
    /// rook moves that change castling rights, double pushes, or moves from a position
    /// with an en passant square); the others are hashed from scratch after the move.
    #[derive(Clone)]
    pub struct Keyed {
        pub pos: Chess,
        pub key: Zobrist64,
    }

    impl Keyed {
        pub fn new(pos: Chess) -> Keyed {
            let key = pos.zobrist_hash(KEY_EP);
            Keyed { pos, key }
        }

        #[inline(always)]
        fn child(&self, m: Move) -> Keyed {
            let updated = self.pos.update_zobrist_hash(self.key, m, KEY_EP);
            let mut pos = self.pos.clone();
            pos.play_unchecked(m);
            let key = updated.unwrap_or_else(|| pos.zobrist_hash(KEY_EP));
            Keyed { pos, key }
        }
    }

    pub fn walk(node: &Keyed, depth: u32, tally: &mut Tally) {
        for m in node.pos.legal_moves() {
            let child = node.child(m);
            tally.made(child.key.0, depth);
            if depth > 1 {
                walk(&child, depth - 1, tally);
            }
        }
    }

    /// Role discriminants run from pawn 1 to king 6.
    fn score(m: Move) -> i32 {
        m.capture().map_or(0, |victim| {
            mvv_lva(victim as usize - 1, m.role() as usize - 1)
        })
    }

    pub fn walk_ordered(node: &Keyed, depth: u32, tally: &mut Tally) {
        let mut scored: Scored<Move> = node
            .pos
            .legal_moves()
            .into_iter()
            .map(|m| (score(m), m))
            .collect();
        order(&mut scored, tally);
        for &(_, m) in &scored {
            let child = node.child(m);
            tally.checks += u64::from(child.pos.is_check());
            tally.made(child.key.0, depth);
            if depth > 1 {
                walk_ordered(&child, depth - 1, tally);
            }
        }
    }
}

/// The same trees by XOR make and unmake on quad-bitboards (`walks/xor_unmake.rs`), a child
/// module so that it shares the tally and the ordering with the walks above.
#[path = "xor_unmake.rs"]
pub mod xor;

/// The en passant file enters shakmaty's key as it does quadboard's (and Polyglot's):
/// when a pawn of the side to move stands beside the pawn that double-pushed. So the two
/// libraries' key sums must be equal.
pub const KEY_EP: EnPassantMode = EnPassantMode::PseudoLegal;

pub fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}
