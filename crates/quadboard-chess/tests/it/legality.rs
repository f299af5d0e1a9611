//! `Position::is_pseudo_legal` and `Position::is_legal` for any move, against the move list
//! and against a naive oracle that walks a mailbox square by square (no attack tables).
//!
//! The moves asked of each position: every legal move, random 16-bit patterns, pieces of
//! ours sent to random squares as random kinds of move, and near misses (the legal moves
//! of the positions before and after it, legal moves made another kind, legal moves
//! reversed). The positions: random games from the standard start and from Chess960
//! starts, short random games from random placements (checks, double checks and pins
//! galore), a list of en passant, promotion and Chess960 castling positions, and the perft
//! suites in `../shared/data/perft/`.

use quadboard_chess::perft::suite::parse_suite;
use quadboard_chess::{
    attacks, Bitboard, CastlingMode, Color, Move, MoveKind, Piece, Position, Reasons, Role, Setup,
    Square,
};

use crate::common::{
    perft_data_dir, random_game, random_game_positions, Rng, KING_STEPS, KNIGHT_STEPS,
};

/// Every kind of move, to change a legal move into its near misses.
const KINDS: [MoveKind; 7] = [
    MoveKind::Normal,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Promotion(Role::Knight),
    MoveKind::Promotion(Role::Bishop),
    MoveKind::Promotion(Role::Rook),
    MoveKind::Promotion(Role::Queen),
];

/// Positions that the random sources reach rarely: en passant that is legal, that the
/// horizontal double pin or a diagonal pin forbids, that captures a checking pawn; many
/// promotions; Chess960 castling where the king or the rook stays put, where the king
/// lands on the rook's square, and where the rook shields the king's destination. Enough
/// allowed and refused en passant captures of their own that the coverage holds without
/// the suites.
const TRICKY: [&str; 29] = [
    "8/8/8/r2pP2K/8/8/8/4k3 w - d6 0 2",
    "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
    "7k/8/8/1K1pP2q/8/8/8/8 w - d6 0 1",
    "8/8/8/8/2k1pP1R/8/8/4K3 b - f3 0 1",
    "B7/8/8/8/3Pp3/8/8/4K2k b - d3 0 1",
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
    "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "8/5k2/8/2Pp4/2B5/1K6/8/8 w - d6 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1",
    "rnb2k1r/pp1Pbppp/2p5/q7/2B5/8/PPPQNnPP/RNB1K2R w KQ - 3 9",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
    "4k3/8/8/8/8/8/8/4KR2 w F - 0 1",
    "4k3/8/8/8/8/8/8/6KR w H - 0 1",
    "1r2k1r1/8/8/8/8/8/8/R3K1R1 w AGbg - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1",
    "2r1kr2/8/8/8/8/8/8/1R2KR2 w BFcf - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1",
];

// ---------------------------------------------------------------------------------------
// The oracle: a mailbox and walks in each direction, one square at a time.

type Mailbox = [Option<Piece>; 64];

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const ORTHOGONALS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn file_rank(square: Square) -> (i8, i8) {
    (square.file() as i8, square.rank() as i8)
}

/// The square at these coordinates, if they are on the board.
fn square_at(file: i8, rank: i8) -> Option<Square> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some(Square::new((rank * 8 + file) as u8))
    } else {
        None
    }
}

/// +1 for white, whose pawns go up the ranks; -1 for black.
fn forward(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// Whether a piece of `by` attacks `target`, found by looking outward from the target.
fn attacked(board: &Mailbox, target: Square, by: Color) -> bool {
    let (f, r) = file_rank(target);
    let holds = |df: i8, dr: i8, role: Role| {
        square_at(f + df, r + dr).is_some_and(|s| board[s.index()] == Some(Piece::new(by, role)))
    };
    if KNIGHT_STEPS
        .iter()
        .any(|&(df, dr)| holds(df, dr, Role::Knight))
        || KING_STEPS.iter().any(|&(df, dr)| holds(df, dr, Role::King))
        || [-1, 1]
            .iter()
            .any(|&df| holds(df, -forward(by), Role::Pawn))
    {
        return true;
    }
    for (steps, role) in [(DIAGONALS, Role::Bishop), (ORTHOGONALS, Role::Rook)] {
        for (df, dr) in steps {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(s) = square_at(x, y) {
                if let Some(piece) = board[s.index()] {
                    if piece.color() == by && (piece.role() == role || piece.role() == Role::Queen)
                    {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
    }
    false
}

/// Whether a slider's move from `from` to `to` goes along one of its lines over empty
/// squares only.
fn slides(board: &Mailbox, from: Square, to: Square, diagonal: bool, orthogonal: bool) -> bool {
    let ((f0, r0), (f1, r1)) = (file_rank(from), file_rank(to));
    let (df, dr) = (f1 - f0, r1 - r0);
    let along = diagonal && df.abs() == dr.abs() || orthogonal && (df == 0 || dr == 0);
    if !along || (df, dr) == (0, 0) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut x, mut y) = (f0 + sf, r0 + sr);
    while (x, y) != (f1, r1) {
        if board[square_at(x, y).unwrap().index()].is_some() {
            return false;
        }
        x += sf;
        y += sr;
    }
    true
}

/// The king's and the rook's destinations when the king on `king` castles with the rook on
/// `rook`: towards the h-file to g and f, towards the a-file to c and d.
fn castle_destinations(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank() as i8;
    if rook.file() > king.file() {
        (square_at(6, rank).unwrap(), square_at(5, rank).unwrap())
    } else {
        (square_at(2, rank).unwrap(), square_at(3, rank).unwrap())
    }
}

/// The placement after `m`, made by hand on the mailbox.
fn made(board: &Mailbox, m: Move) -> Mailbox {
    let mut after = *board;
    let (from, to) = (m.from(), m.to());
    let piece = after[from.index()].take();
    match m.kind() {
        MoveKind::Castle => {
            let rook = after[to.index()].take();
            let (king_to, rook_to) = castle_destinations(from, to);
            after[king_to.index()] = piece;
            after[rook_to.index()] = rook;
        }
        MoveKind::EnPassant => {
            after[to.index()] = piece;
            after[square_at(to.file() as i8, from.rank() as i8)
                .unwrap()
                .index()] = None;
        }
        MoveKind::Promotion(role) => {
            after[to.index()] = piece.map(|p| Piece::new(p.color(), role));
        }
        MoveKind::Normal => after[to.index()] = piece,
    }
    after
}

/// Castling by the rules as written: the right, our king and rook on our back rank, every
/// square either of them passes or lands on empty but for the two of them, the king not in
/// check, no square it passes attacked, and the king not in check once castled (which is
/// where a Chess960 rook that shielded the king's destination stops shielding it).
fn oracle_castles(pos: &Position, board: &Mailbox, king: Square, rook: Square) -> bool {
    let us = pos.turn();
    let back = if us == Color::White { 0 } else { 7 };
    if board[king.index()] != Some(Piece::new(us, Role::King))
        || board[rook.index()] != Some(Piece::new(us, Role::Rook))
        || !pos.castling_rooks().contains(rook)
        || king.rank() as i8 != back
        || rook.rank() as i8 != back
    {
        return false;
    }
    let (king_to, rook_to) = castle_destinations(king, rook);
    for (a, b) in [(king, king_to), (rook, rook_to)] {
        let (a, b) = (a.file() as i8, b.file() as i8);
        let (lo, hi) = (a.min(b), a.max(b));
        for file in lo..=hi {
            let s = square_at(file, back).unwrap();
            if s != king && s != rook && board[s.index()].is_some() {
                return false;
            }
        }
    }
    if attacked(board, king, !us) {
        return false;
    }
    let (kf, kt) = (king.file() as i8, king_to.file() as i8);
    let mut file = kf;
    while file != kt {
        file += (kt - kf).signum();
        if file != kt && attacked(board, square_at(file, back).unwrap(), !us) {
            return false;
        }
    }
    !attacked(&made(board, Move::castle(king, rook)), king_to, !us)
}

/// Pseudo-legality as the library documents it, by walking the board.
fn oracle_pseudo_legal(pos: &Position, m: Move) -> bool {
    let board = pos.board().to_mailbox();
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let Some(piece) = board[from.index()].filter(|p| p.color() == us) else {
        return false;
    };
    if m.is_castle() {
        return oracle_castles(pos, &board, from, to);
    }
    let target = board[to.index()];
    if target.is_some_and(|p| p.color() == us) {
        return false;
    }
    let ((f0, r0), (f1, r1)) = (file_rank(from), file_rank(to));
    let (df, dr) = (f1 - f0, r1 - r0);
    let ahead = forward(us);
    match (piece.role(), m.kind()) {
        (Role::Pawn, MoveKind::EnPassant) => {
            pos.ep_square() == Some(to) && df.abs() == 1 && dr == ahead
        }
        (Role::Pawn, kind) => {
            let last = if us == Color::White { 7 } else { 0 };
            let second = if us == Color::White { 1 } else { 6 };
            if (r1 == last) != matches!(kind, MoveKind::Promotion(_)) {
                return false;
            }
            let empty =
                |file: i8, rank: i8| board[square_at(file, rank).unwrap().index()].is_none();
            if df == 0 && dr == ahead {
                target.is_none()
            } else if df == 0 && dr == 2 * ahead && r0 == second {
                empty(f0, r0 + ahead) && target.is_none()
            } else {
                df.abs() == 1 && dr == ahead && target.is_some()
            }
        }
        (role, MoveKind::Normal) => match role {
            Role::Knight => KNIGHT_STEPS.contains(&(df, dr)),
            Role::King => KING_STEPS.contains(&(df, dr)),
            Role::Bishop => slides(&board, from, to, true, false),
            Role::Rook => slides(&board, from, to, false, true),
            _ => slides(&board, from, to, true, true),
        },
        _ => false,
    }
}

/// Legality by the oracle: pseudo-legal, and our king not attacked once the move is made
/// (castling already checks that).
fn oracle_legal(pos: &Position, m: Move) -> bool {
    if !oracle_pseudo_legal(pos, m) {
        return false;
    }
    if m.is_castle() {
        return true;
    }
    let after = made(&pos.board().to_mailbox(), m);
    let us = pos.turn();
    let king = Square::ALL
        .into_iter()
        .find(|s| after[s.index()] == Some(Piece::new(us, Role::King)))
        .expect("a king");
    !attacked(&after, king, !us)
}

// ---------------------------------------------------------------------------------------
// The positions.

/// A random placement: both kings and up to a dozen other pieces anywhere (pawns off the
/// back ranks), castling rights for every rook on a back rank that may keep one, either
/// side to move. Such positions are full of checks, double checks and pins. Placements
/// that are no position are drawn again; impossible checks are let through, since the
/// generator copes with them.
fn random_placement(rng: &mut Rng) -> Position {
    loop {
        let mut setup = Setup::empty();
        setup.turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        for color in Color::ALL {
            // On the back rank half the time, so that castling rights stay.
            loop {
                let file = rng.below(8) as i8;
                let rank = match rng.below(4) {
                    0 => 0,
                    1 => 7,
                    _ => rng.below(8) as i8,
                };
                let square = square_at(file, rank).unwrap();
                if setup.board.piece_at(square).is_none() {
                    setup
                        .board
                        .set_piece_at(square, Piece::new(color, Role::King));
                    break;
                }
            }
        }
        // Sliders more often than in chess: they check, pin and pin doubly.
        const ROLES: [Role; 8] = [
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Bishop,
            Role::Rook,
            Role::Rook,
            Role::Queen,
        ];
        for _ in 0..4 + rng.below(13) {
            let square = Square::new(rng.below(64) as u8);
            if setup.board.piece_at(square).is_some() {
                continue;
            }
            let role = ROLES[rng.below(ROLES.len())];
            if role == Role::Pawn && Bitboard::BACKRANKS.contains(square) {
                continue;
            }
            let color = Color::ALL[rng.below(2)];
            setup.board.set_piece_at(square, Piece::new(color, role));
        }
        setup.castling_rooks = setup.board.by_role(Role::Rook) & Bitboard::BACKRANKS;
        setup.drop_invalid_castling_rights();
        let mode = setup.castling_mode();
        if let Ok(pos) = Position::from_setup(setup, mode).or_else(|e| e.ignore(Reasons::IGNORABLE))
        {
            return pos;
        }
    }
}

/// Positions of the perft suites: every entry of the small files, a sample of the large.
fn suite_positions() -> Vec<Position> {
    let Some(dir) = perft_data_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (file, step) in [
        ("ethereal-standard.epd", 1),
        ("ethereal-fischer.epd", 8),
        ("shakmaty-tricky.perft", 1),
        ("python-chess-tricky.perft", 1),
        ("random.perft", 40),
        ("sedlak-generated.epd", 1),
    ] {
        let path = dir.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let entries = parse_suite(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for entry in entries.iter().step_by(step) {
            let pos = Position::from_fen_lenient(&entry.fen)
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
            out.push(pos);
        }
    }
    out
}

/// Every position the tests look at, in game order where there is a game (so that a
/// position's neighbours are usually the positions before and after it).
fn positions() -> Vec<Position> {
    let mut rng = Rng(0x1e9a1);
    let mut out = random_game_positions(3, 120, 31);
    for _ in 0..600 {
        let start = random_placement(&mut rng);
        out.extend(random_game(start, 2, &mut rng));
    }
    // Two games from each: their rare moves are at or near the start.
    for fen in TRICKY {
        let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        out.extend(random_game(start, 12, &mut rng));
        out.extend(random_game(start, 12, &mut rng));
    }
    out.extend(suite_positions());
    out
}

/// The moves to ask of `positions[i]`: its legal moves, random bit patterns, random moves
/// of its pieces, and near misses.
fn candidates(positions: &[Position], i: usize, rng: &mut Rng) -> Vec<Move> {
    let pos = &positions[i];
    let legal = pos.legal_moves();
    let mut moves: Vec<Move> = legal.to_vec();
    for _ in 0..16 {
        if let Some(m) = Move::from_bits(rng.next() as u16) {
            moves.push(m);
        }
    }
    let ours: Vec<Square> = pos.board().by_color(pos.turn()).into_iter().collect();
    for _ in 0..16 {
        let from = ours[rng.below(ours.len())];
        let to = Square::new(rng.below(64) as u8);
        moves.push(Move::new(from, to, KINDS[rng.below(KINDS.len())]));
    }
    // Two plies apart the same side is to move: the hash moves of a search.
    for j in [i.wrapping_sub(2), i.wrapping_sub(1), i + 1, i + 2] {
        if let Some(other) = positions.get(j) {
            moves.extend(other.legal_moves().iter().copied());
        }
    }
    let us = pos.turn();
    let king = pos.our_king();
    for rook in pos.board().by_piece(Piece::new(us, Role::Rook)) {
        moves.push(Move::castle(king, rook));
    }
    if let Some(ep) = pos.ep_square() {
        for pawn in pos.board().by_piece(Piece::new(us, Role::Pawn)) {
            moves.push(Move::en_passant(pawn, ep));
        }
    }
    // Along the lines and jumps of the piece, where pseudo-legal but illegal moves are.
    for &from in &ours {
        let reach: Vec<Square> = (attacks::queen(from, Bitboard::EMPTY) | attacks::knight(from))
            .into_iter()
            .collect();
        for _ in 0..3 {
            let to = reach[rng.below(reach.len())];
            moves.push(Move::new(from, to, KINDS[rng.below(KINDS.len())]));
        }
    }
    for &m in legal.iter() {
        for kind in KINDS {
            moves.push(Move::new(m.from(), m.to(), kind));
        }
        moves.push(Move::new(m.to(), m.from(), m.kind()));
    }
    moves
}

// ---------------------------------------------------------------------------------------
// The tests.

/// What the corpus holds, counted so that the test fails if it stops holding it.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    in_check: usize,
    double_check: usize,
    pinned: usize,
    pseudo_not_legal: usize,
    en_passant_legal: usize,
    en_passant_refused: usize,
    promotions: usize,
    chess960_castles: usize,
    castles_refused: usize,
}

/// Over about 1.3 million moves in 3,700 positions (1.1 million in 3,200 without the
/// suites; the test counts the moves and asserts at least 100,000): `is_legal` is exactly membership of the legal move list, every
/// legal move is pseudo-legal, and `is_pseudo_legal` agrees with the oracle. Catches a
/// pawn pushing backwards or capturing straight ahead, a promotion short of the last rank,
/// a slider jumping a piece, en passant against the wrong square or through the double
/// pin, a pinned piece leaving its line, an evasion that neither captures nor blocks,
/// castling with a piece that is no rook or through an attacked square, and a panic on
/// garbage.
#[test]
fn legality_agrees_with_the_move_list_and_the_oracle() {
    let positions = positions();
    let mut rng = Rng(77);
    let mut seen = Seen::default();
    for i in 0..positions.len() {
        let pos = &positions[i];
        let legal = pos.legal_moves();
        let fen = pos.to_fen();
        seen.in_check += usize::from(pos.is_check());
        seen.double_check += usize::from(pos.checkers().more_than_one());
        seen.pinned += usize::from(pos.pinned().any());
        for m in candidates(&positions, i, &mut rng) {
            seen.moves += 1;
            let is_legal = pos.is_legal(m);
            let pseudo = pos.is_pseudo_legal(m);
            assert_eq!(is_legal, legal.contains(&m), "is_legal({m:?}) in {fen}");
            assert!(
                !is_legal || pseudo,
                "{m:?} legal, not pseudo-legal in {fen}"
            );
            assert_eq!(
                pseudo,
                oracle_pseudo_legal(pos, m),
                "is_pseudo_legal({m:?}) in {fen}"
            );
            if pseudo && !is_legal {
                seen.pseudo_not_legal += 1;
                seen.en_passant_refused += usize::from(m.is_en_passant());
            }
            if is_legal {
                seen.en_passant_legal += usize::from(m.is_en_passant());
                seen.promotions += usize::from(m.promotion_role().is_some());
                let chess960 = pos.castling_mode() == CastlingMode::Chess960;
                seen.chess960_castles += usize::from(m.is_castle() && chess960);
            } else {
                seen.castles_refused +=
                    usize::from(m.is_castle() && pos.castling_rooks().contains(m.to()));
            }
        }
    }
    eprintln!("{} positions, {seen:?}", positions.len());
    assert!(seen.moves >= 100_000, "{seen:?}");
    assert!(seen.in_check >= 300, "{seen:?}");
    assert!(seen.double_check >= 40, "{seen:?}");
    assert!(seen.pinned >= 100, "{seen:?}");
    assert!(seen.pseudo_not_legal >= 5_000, "{seen:?}");
    assert!(seen.en_passant_legal >= 25, "{seen:?}");
    assert!(seen.en_passant_refused >= 5, "{seen:?}");
    assert!(seen.promotions >= 3_000, "{seen:?}");
    assert!(seen.chess960_castles >= 200, "{seen:?}");
    assert!(seen.castles_refused >= 500, "{seen:?}");
}

/// The oracle's own notion of legal (pseudo-legal, and our king not attacked once the
/// move is made on the mailbox) is the generator's: the same verdict on every candidate of
/// every third position, and `is_legal` agrees with both. Catches an oracle that drifts from the rules in the same way as the
/// library.
#[test]
fn the_oracle_and_the_generator_agree_on_legality() {
    let positions = positions();
    let mut rng = Rng(78);
    let mut legal_moves = 0;
    for i in (0..positions.len()).step_by(3) {
        let pos = &positions[i];
        let legal = pos.legal_moves();
        for m in candidates(&positions, i, &mut rng) {
            let by_oracle = oracle_legal(pos, m);
            assert_eq!(by_oracle, legal.contains(&m), "{m:?} in {}", pos.to_fen());
            assert_eq!(pos.is_legal(m), by_oracle, "{m:?} in {}", pos.to_fen());
            legal_moves += usize::from(by_oracle);
        }
    }
    assert!(legal_moves >= 10_000, "{legal_moves}");
}

/// Every one of the 2^16 bit patterns that decodes to a move, in positions chosen for
/// their en passant, promotions and Chess960 castling: `is_legal` is membership of the
/// move list, and `is_pseudo_legal` the oracle's verdict.
#[test]
fn every_move_value_in_tricky_positions() {
    let mut asked = 0;
    for fen in [TRICKY[0], TRICKY[2], TRICKY[9], TRICKY[13], TRICKY[16]] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let legal = pos.legal_moves();
        let mut found = 0;
        for m in (0..=u16::MAX).filter_map(Move::from_bits) {
            asked += 1;
            let is_legal = pos.is_legal(m);
            assert_eq!(is_legal, legal.contains(&m), "{m:?} in {fen}");
            assert_eq!(
                pos.is_pseudo_legal(m),
                oracle_pseudo_legal(&pos, m),
                "{m:?} in {fen}"
            );
            found += usize::from(is_legal);
        }
        assert_eq!(found, legal.len(), "{fen}");
    }
    assert_eq!(asked, 5 * 7 * 4096);
}

/// The documented examples of the definition, one by one.
#[test]
fn examples_of_the_definition() {
    let pos = Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K2R w K - 0 1").unwrap();
    let pinned_jump = Move::normal(Square::E2, Square::C3);
    assert!(pos.is_pseudo_legal(pinned_jump) && !pos.is_legal(pinned_jump));
    // Castling: legal here, and not a normal king move onto its own rook.
    assert!(pos.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(!pos.is_pseudo_legal(Move::normal(Square::E1, Square::H1)));
    // Castling with a non-rook, or a rook without the right, or from a non-king.
    assert!(!pos.is_pseudo_legal(Move::castle(Square::E1, Square::E2)));
    assert!(!pos.is_pseudo_legal(Move::castle(Square::H1, Square::E1)));
    // Garbage.
    for m in [
        Move::NULL,
        Move::normal(Square::E1, Square::E1),
        Move::promotion(Square::E2, Square::E8, Role::Queen),
        Move::en_passant(Square::E2, Square::D3),
        Move::promotion(Square::H1, Square::H8, Role::Queen),
    ] {
        assert!(!pos.is_pseudo_legal(m) && !pos.is_legal(m), "{m:?}");
    }
    // Pawns: the double push only from the second rank, no capture straight ahead or
    // backwards, promotion exactly on the last rank.
    let pos = Position::from_fen("4k3/1P6/8/8/3p4/2P5/P7/4K3 w - - 0 1").unwrap();
    assert!(pos.is_legal(Move::normal(Square::A2, Square::A4)));
    assert!(!pos.is_pseudo_legal(Move::normal(Square::C3, Square::C5)));
    assert!(pos.is_legal(Move::normal(Square::C3, Square::D4)));
    assert!(!pos.is_pseudo_legal(Move::normal(Square::C3, Square::C2)));
    assert!(!pos.is_pseudo_legal(Move::normal(Square::B7, Square::B8)));
    assert!(pos.is_legal(Move::promotion(Square::B7, Square::B8, Role::Knight)));
    assert!(!pos.is_pseudo_legal(Move::promotion(Square::C3, Square::C4, Role::Queen)));
    // Black to move in double check: only the king moves.
    let pos = Position::from_fen("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    assert!(pos.checkers().more_than_one());
    for m in pos.legal_moves().iter() {
        assert_eq!(pos.piece_at(m.from()).map(|p| p.role()), Some(Role::King));
    }
}
