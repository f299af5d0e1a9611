//! python-chess's rules on any placement, over the library's attack functions: its king
//! (the highest-square king of a colour), pins, pseudo-legal moves and a general make-move
//! for the boards the library's `Position` refuses (no king, several kings, pawns on the
//! back rank, the side not to move in check), and the order python-chess lists moves in.
//!
//! Legal positions use the library's move generator; the functions here serve only the
//! rest, and the queries python-chess defines on any board.

use quadboard_chess::attacks;
use quadboard_chess::san::{disambiguation, San, SanError};
use quadboard_chess::{
    Bitboard, CastlingMode, CastlingSide, Color, Move as QMove, MoveKind, Piece, Position, Rank,
    Role, Setup, Square,
};

/// The square python-chess treats as `color`'s king: the highest of its kings, if any.
pub fn king(pos: &Position, color: Color) -> Option<Square> {
    pos.board().by_piece(Piece::new(color, Role::King)).msb()
}

/// The pieces of `color` attacking `square` on the board's occupancy.
pub fn attackers(pos: &Position, color: Color, square: Square) -> Bitboard {
    let board = pos.board();
    board.attackers(square, color, board.occupied())
}

/// The pieces giving check to the side to move (none without a king).
pub fn checkers(pos: &Position) -> Bitboard {
    king(pos, pos.turn()).map_or(Bitboard::EMPTY, |k| attackers(pos, !pos.turn(), k))
}

/// python-chess's `pin_mask(color, square)`: the line from `color`'s king through `square`
/// to an enemy slider that pins it there, or every square when nothing does.
pub fn pin_mask(pos: &Position, color: Color, square: Square) -> Bitboard {
    let Some(king) = king(pos, color) else {
        return Bitboard::FULL;
    };
    let board = pos.board();
    let them = board.by_color(!color);
    let queens = board.by_role(Role::Queen);
    let bit = Bitboard::from_square(square);
    let occupied = board.occupied() | bit;
    for (rays, sliders) in [
        (attacks::rook_rays(king), board.by_role(Role::Rook) | queens),
        (
            attacks::bishop_rays(king),
            board.by_role(Role::Bishop) | queens,
        ),
    ] {
        if !rays.contains(square) {
            continue;
        }
        for sniper in (rays & sliders & them).iter() {
            if attacks::between(sniper, king) & occupied == bit {
                return attacks::line(king, sniper);
            }
        }
    }
    Bitboard::FULL
}

/// The rank a colour's pawns promote on.
fn last_rank(color: Color) -> Bitboard {
    Bitboard::rank(if color.is_white() {
        Rank::Eighth
    } else {
        Rank::First
    })
}

/// The promotion roles in the order python-chess lists them.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The castling moves python-chess generates for the side to move (king takes rook): the
/// king on its back rank and not in check, a right for the rook, every square the king and
/// rook cross empty but for them, and no square of the king's path attacked.
pub fn castling_moves(pos: &Position, out: &mut Vec<QMove>) {
    let us = pos.turn();
    let Some(king) = king(pos, us) else {
        return;
    };
    let back = if us.is_white() {
        Rank::First
    } else {
        Rank::Eighth
    };
    if king.rank() != back || attackers(pos, !us, king).any() {
        return;
    }
    let board = pos.board();
    let castles = pos.castles();
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        let Some(rook) = castles.rook(us, side) else {
            continue;
        };
        if board.piece_at(rook) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let crossed = attacks::between(king, king_to)
            | Bitboard::from_square(king_to)
            | attacks::between(rook, rook_to)
            | Bitboard::from_square(rook_to);
        let others = board
            .occupied()
            .without(Bitboard::from_square(king) | rook.bitboard());
        if (crossed & others).any() {
            continue;
        }
        let path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
        let occupied_after = board
            .occupied()
            .without(Bitboard::from_square(king) | rook.bitboard());
        if path
            .iter()
            .any(|s| board.attackers(s, !us, occupied_after).any())
        {
            continue;
        }
        out.push(QMove::castle(king, rook));
    }
}

/// Every pseudo-legal move of the side to move as python-chess generates them on any
/// board: piece moves to squares not of their own colour, castling as [`castling_moves`],
/// pawn captures, pushes, double pushes from the second rank and en passant.
pub fn pseudo_legal_moves(pos: &Position, out: &mut Vec<QMove>) {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let them = board.by_color(!us);
    let occupied = board.occupied();
    for from in ours.without(board.by_role(Role::Pawn)).iter() {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in attacks::piece_attacks(piece, from, occupied)
            .without(ours)
            .iter()
        {
            out.push(QMove::normal(from, to));
        }
    }
    castling_moves(pos, out);
    let pawns = ours & board.by_role(Role::Pawn);
    let promote = last_rank(us);
    let pawn_move = |from: Square, to: Square, out: &mut Vec<QMove>| {
        if promote.contains(to) {
            for role in PROMOTIONS {
                out.push(QMove::promotion(from, to, role));
            }
        } else {
            out.push(QMove::normal(from, to));
        }
    };
    for from in pawns.iter() {
        for to in (attacks::pawn(us, from) & them).iter() {
            pawn_move(from, to, out);
        }
    }
    let step = |s: Square| {
        let index = i32::from(s.index() as u8) + if us.is_white() { 8 } else { -8 };
        u8::try_from(index)
            .ok()
            .filter(|&i| i < 64)
            .map(Square::new)
    };
    // python-chess's double pushes land on the third or fourth rank (sixth or fifth for
    // black): a pawn on its first rank double-pushes to the third.
    let double_to = if us.is_white() {
        Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Fourth)
    } else {
        Bitboard::rank(Rank::Sixth) | Bitboard::rank(Rank::Fifth)
    };
    for from in pawns.iter() {
        if let Some(to) = step(from).filter(|&to| !occupied.contains(to)) {
            pawn_move(from, to, out);
        }
    }
    for from in pawns.iter() {
        if let Some(mid) = step(from).filter(|&s| !occupied.contains(s)) {
            if let Some(to) = step(mid).filter(|&s| !occupied.contains(s) && double_to.contains(s))
            {
                out.push(QMove::normal(from, to));
            }
        }
    }
    if let Some(ep) = pos.ep_square() {
        for from in ep_capturers(pos).iter() {
            out.push(QMove::en_passant(from, ep));
        }
    }
}

/// The pawns of the side to move that python-chess lets capture en passant: onto an empty
/// en passant square of the sixth rank (third for black); the pawn behind it is not looked
/// for.
fn ep_capturers(pos: &Position) -> Bitboard {
    let us = pos.turn();
    let board = pos.board();
    let ep_rank = if us.is_white() {
        Rank::Sixth
    } else {
        Rank::Third
    };
    match pos.ep_square() {
        Some(ep) if ep.rank() == ep_rank && !board.occupied().contains(ep) => {
            attacks::pawn(!us, ep) & board.by_piece(Piece::new(us, Role::Pawn))
        }
        _ => Bitboard::EMPTY,
    }
}

/// Whether python-chess generates an en passant capture on this board (see
/// `ep_capturers`).
pub fn has_pseudo_legal_ep(pos: &Position) -> bool {
    ep_capturers(pos).any()
}

/// Sorts moves into python-chess's order: in check (for legal moves), king moves first;
/// then the other
/// pieces' moves by origin and destination square, highest first; castling; pawn captures,
/// single pushes, double pushes (each by origin, highest first, promotions queen to
/// knight); en passant last.
pub fn sort_moves(pos: &Position, moves: &mut [QMove], legal: bool) {
    let board = pos.board();
    let them = board.by_color(!pos.turn());
    let pawns = board.by_role(Role::Pawn);
    let kings = board.by_role(Role::King);
    let in_check = legal && moves.len() > 1 && checkers(pos).any();
    let key = |m: QMove| -> u64 {
        let (from, to) = (m.from().index() as u64, m.to().index() as u64);
        let group = match m.kind() {
            MoveKind::Castle => 2,
            MoveKind::EnPassant => 6,
            _ if !pawns.contains(m.from()) => {
                if in_check && kings.contains(m.from()) {
                    0
                } else {
                    1
                }
            }
            _ if them.contains(m.to()) => 3,
            _ if from.abs_diff(to) == 16 => 5,
            _ => 4,
        };
        let promotion = match m.promotion_role() {
            Some(Role::Rook) => 1,
            Some(Role::Bishop) => 2,
            Some(Role::Knight) => 3,
            _ => 0,
        };
        (group << 16 | (63 - from) << 9 | (63 - to) << 3 | promotion) << 16 | u64::from(m.bits())
    };
    // Each key computed once, the move's bits below it: sorting plain integers costs a
    // fraction of a sort that computes both keys at every comparison, and listing the
    // moves is part of every `for move in board.legal_moves` loop.
    let mut stack = [0u64; 256];
    let mut heap = Vec::new();
    let keys = if moves.len() <= stack.len() {
        &mut stack[..moves.len()]
    } else {
        heap.resize(moves.len(), 0);
        &mut heap[..]
    };
    for (k, &m) in keys.iter_mut().zip(moves.iter()) {
        *k = key(m);
    }
    keys.sort_unstable();
    for (m, &k) in moves.iter_mut().zip(keys.iter()) {
        // The low 16 bits are a move's own bits: `from_bits` gives it back.
        if let Some(sorted) = QMove::from_bits(k as u16) {
            *m = sorted;
        }
    }
}

/// The setup after a pseudo-legal move (or `None` when no piece stands on its origin), as
/// python-chess's `push` makes it: captures, en passant, promotion and castling (king takes
/// rook) on the placement; castling rights lost by the squares the move touches and by a
/// king move; the en passant square after a double push from the second rank; counters.
pub fn play(pos: &Position, m: QMove) -> Option<Setup> {
    let mut setup = pos.to_setup();
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let piece = setup.board.piece_at(from)?;
    let board = &mut setup.board;
    let capture = board.by_color(!us).contains(to) || m.kind() == MoveKind::EnPassant;
    setup.ep_square = None;
    match m.kind() {
        MoveKind::Castle => {
            let side = CastlingSide::of(from, to);
            board.remove_piece_at(from);
            board.remove_piece_at(to);
            board.set_piece_at(side.king_to(us), Piece::new(us, Role::King));
            board.set_piece_at(side.rook_to(us), Piece::new(us, Role::Rook));
        }
        kind => {
            if kind == MoveKind::EnPassant {
                board.remove_piece_at(Square::from_coords(to.file(), from.rank()));
            }
            board.remove_piece_at(from);
            board.remove_piece_at(to);
            let landed = m.promotion_role().map_or(piece, |r| Piece::new(us, r));
            board.set_piece_at(to, landed);
            let second = if us.is_white() {
                Rank::Second
            } else {
                Rank::Seventh
            };
            if piece.role() == Role::Pawn
                && from.rank() == second
                && from.file() == to.file()
                && from.index().abs_diff(to.index()) == 16
            {
                setup.ep_square = Some(Square::new(((from.index() + to.index()) / 2) as u8));
            }
        }
    }
    let mut lost = Bitboard::from_square(from) | to.bitboard();
    if piece.role() == Role::King {
        lost |= Bitboard::rank(if us.is_white() {
            Rank::First
        } else {
            Rank::Eighth
        });
    }
    setup.castling_rooks = setup.castling_rooks.without(lost);
    let zeroing = piece.role() == Role::Pawn || (capture && m.kind() != MoveKind::Castle);
    setup.halfmoves = if zeroing {
        0
    } else {
        setup.halfmoves.saturating_add(1)
    };
    if us == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !us;
    Some(setup)
}

/// The setup after a null move: the other side to move, no en passant square, the
/// counters advanced.
pub fn play_null(pos: &Position) -> Setup {
    let mut setup = pos.to_setup();
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if pos.turn() == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !pos.turn();
    setup
}

/// Whether a pseudo-legal move leaves python-chess's king of the mover unattacked (every
/// move is safe without a king).
pub fn is_safe(pos: &Position, m: QMove) -> bool {
    let us = pos.turn();
    let Some(king) = king(pos, us) else {
        return true;
    };
    let Some(after) = play(pos, m) else {
        return false;
    };
    let king_after = if m.from() == king {
        if m.is_castle() {
            CastlingSide::of(m.from(), m.to()).king_to(us)
        } else {
            m.to()
        }
    } else {
        king
    };
    let board = after.board;
    !board.attackers(king_after, !us, board.occupied()).any()
}

/// The legal moves of any board in python-chess's sense: pseudo-legal moves that leave its
/// king (if any) safe.
pub fn legal_moves(pos: &Position) -> Vec<QMove> {
    let mut moves = Vec::with_capacity(64);
    pseudo_legal_moves(pos, &mut moves);
    // In check, python-chess evades with its king and the other pieces: further kings of
    // the side do not move.
    let kings = pos.board().by_piece(Piece::new(pos.turn(), Role::King));
    let king = king(pos, pos.turn());
    let in_check = checkers(pos).any();
    moves.retain(|&m| {
        !(in_check && kings.contains(m.from()) && Some(m.from()) != king) && is_safe(pos, m)
    });
    moves
}

/// python-chess's SAN of a legal move on any board: disambiguated among the legal moves of
/// the same piece type (kings too, when a side has several), `+` or `#` by the board after.
pub fn san(pos: &Position, m: QMove) -> String {
    let board = pos.board();
    let (from, to) = (m.from(), m.to());
    let san = match m.castling_side() {
        Some(side) => San::Castle(side),
        None => {
            let role = board.role_at(from).unwrap_or(Role::Pawn);
            let capture =
                m.kind() == MoveKind::EnPassant || board.by_color(!pos.turn()).contains(to);
            let (file, rank) = if role == Role::Pawn {
                (capture.then_some(from.file()), None)
            } else {
                let rivals = legal_moves(pos)
                    .into_iter()
                    .filter(|o| {
                        o.to() == to
                            && o.from() != from
                            && !o.is_castle()
                            && board.role_at(o.from()) == Some(role)
                    })
                    .map(|o| o.from())
                    .collect();
                disambiguation(from, rivals)
            };
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion: m.promotion_role(),
            }
        }
    };
    let mut text = san.to_string();
    if let Some(after) = play(pos, m) {
        let (after, _) = Position::from_setup_permissive(after, CastlingMode::Chess960);
        if checkers(&after).any() {
            text.push(if legal_moves(&after).is_empty() {
                '#'
            } else {
                '+'
            });
        }
    }
    text
}

/// Reads SAN on any board as python-chess does: the legal move of the written piece type
/// to the square, from the written file and rank, with exactly the written promotion.
///
/// # Errors
/// [`SanError`]: not SAN, no legal move fits, or several do.
pub fn parse_san(pos: &Position, text: &str) -> Result<QMove, SanError> {
    let san = San::from_ascii(text.as_bytes())?;
    let board = pos.board();
    let fits: Vec<QMove> = legal_moves(pos)
        .into_iter()
        .filter(|m| match san {
            San::Castle(side) => m.castling_side() == Some(side),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                !m.is_castle()
                    && m.to() == to
                    && board.role_at(m.from()) == Some(role)
                    && file.is_none_or(|f| m.from().file() == f)
                    && rank.is_none_or(|r| m.from().rank() == r)
                    && m.promotion_role() == promotion
            }
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(san)),
        _ => Err(SanError::Ambiguous {
            san,
            candidates: fits.iter().map(|m| m.from()).collect(),
        }),
    }
}

/// python-chess's `clean_castling_rights()` of a board without a move stack: of the rights
/// as set, those whose rook of the right colour stands on its back rank (a corner in
/// standard chess) with a king of that colour, not promoted, on e1/e8 (standard) or, in
/// Chess960, the outermost rook on each side of the highest such king on the back rank.
pub fn clean_castling(
    board: &quadboard_chess::Board,
    raw: Bitboard,
    promoted: Bitboard,
    chess960: bool,
) -> Bitboard {
    let castling = raw & board.by_role(Role::Rook);
    let mut clean = Bitboard::EMPTY;
    for (color, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
        let back = Bitboard::rank(rank);
        let mut ours = castling & back & board.by_color(color);
        let kings = board
            .by_piece(Piece::new(color, Role::King))
            .without(promoted)
            & back;
        if !chess960 {
            let (a, e, h) = if color.is_white() {
                (Square::A1, Square::E1, Square::H1)
            } else {
                (Square::A8, Square::E8, Square::H8)
            };
            ours &= a.bitboard() | h.bitboard();
            if !kings.contains(e) {
                ours = Bitboard::EMPTY;
            }
            clean |= ours;
            continue;
        }
        let (Some(king), Some(a_side), Some(h_side)) = (kings.msb(), ours.lsb(), ours.msb()) else {
            continue;
        };
        if a_side < king {
            clean |= a_side.bitboard();
        }
        if h_side > king {
            clean |= h_side.bitboard();
        }
    }
    clean
}
