//! Repetitions in games and searches.
//!
//! - On random positions built around a double push (capturers pinned on a diagonal or
//!   along the rank with the pushed pawn, checks by the pushed pawn or by a slider the push
//!   uncovered), [`Position::legal_ep_square`] equals the move-list definition and
//!   [`Position::repetition_key`] drops exactly the en passant files that cannot be taken.

use quadboard_chess::{attacks, Color, Piece, Position, Rank, Role, Square};

use crate::common::Rng;

/// The move-list definition of [`Position::legal_ep_square`].
fn ep_by_move_list(pos: &Position) -> Option<Square> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .any(|m| m.is_en_passant())
        .then_some(pos.ep_square()?)
}

/// An 8x8 grid of FEN piece letters, `grid[rank][file]`, rank 0 the first.
type Grid = [[Option<char>; 8]; 8];

fn put(grid: &mut Grid, (file, rank): (i32, i32), piece: char) -> bool {
    let on_board = (0..8).contains(&file) && (0..8).contains(&rank);
    let pawn_on_back_rank = piece.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7);
    if !on_board || pawn_on_back_rank || grid[rank as usize][file as usize].is_some() {
        return false;
    }
    grid[rank as usize][file as usize] = Some(piece);
    true
}

fn random_square(rng: &mut Rng) -> (i32, i32) {
    (rng.below(8) as i32, rng.below(8) as i32)
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A square `steps` away from `from` in `direction` (maybe off the board).
fn along(from: (i32, i32), direction: (i32, i32), steps: i32) -> (i32, i32) {
    (from.0 + direction.0 * steps, from.1 + direction.1 * steps)
}

/// A FEN with white to move just after black's double push to rank 5, the pieces placed
/// to make en passant captures pinned, doubly pinned on the rank, checks by the pushed
/// pawn or by a slider behind its origin square; mirrored to black to move half the time.
fn random_ep_fen(rng: &mut Rng) -> String {
    let mut grid: Grid = [[None; 8]; 8];
    let file = rng.below(8) as i32;
    let (victim, ep, origin) = ((file, 4), (file, 5), (file, 6));
    put(&mut grid, victim, 'p');
    // The ep and origin squares stay empty: mark them while placing, free them after.
    put(&mut grid, ep, 'x');
    put(&mut grid, origin, 'x');
    let mut capturers = Vec::new();
    for side in [-1, 1] {
        if rng.below(10) < 7 && put(&mut grid, (file + side, 4), 'P') {
            capturers.push((file + side, 4));
        }
    }
    // Our king: on the rank of the pawns, on a line through the en passant or a capturer's
    // square, where the pushed pawn checks it, on a line through the origin (for a
    // discovered check), or anywhere.
    let mut anchors = vec![ep, victim, origin];
    anchors.extend(&capturers);
    let king = loop {
        let square = match rng.below(6) {
            0 | 1 => (rng.below(8) as i32, 4),
            2 => {
                let anchor = anchors[rng.below(anchors.len())];
                let direction = DIRECTIONS[rng.below(8)];
                along(anchor, direction, 1 + rng.below(6) as i32)
            }
            3 => (file + [-1, 1][rng.below(2)], 3),
            4 => along(origin, DIRECTIONS[rng.below(8)], 1 + rng.below(6) as i32),
            _ => random_square(rng),
        };
        if put(&mut grid, square, 'K') {
            break square;
        }
        if rng.below(20) == 0 {
            // A crowded line: anywhere will do.
            let square = random_square(rng);
            if put(&mut grid, square, 'K') {
                break square;
            }
        }
    };
    // Their sliders: on the rank of the pawns, on a line through our king, behind a
    // capturer or the origin seen from our king, or anywhere.
    for _ in 0..1 + rng.below(3) {
        let piece = ['r', 'q', 'b'][rng.below(3)];
        for _ in 0..10 {
            let square = match rng.below(6) {
                0 | 1 => (rng.below(8) as i32, 4),
                2 => along(king, DIRECTIONS[rng.below(8)], 1 + rng.below(7) as i32),
                3 | 4 => {
                    let behind = if rng.below(2) == 0 && !capturers.is_empty() {
                        capturers[rng.below(capturers.len())]
                    } else {
                        origin
                    };
                    let (dx, dy) = (behind.0 - king.0, behind.1 - king.1);
                    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
                        continue;
                    }
                    let direction = (dx.signum(), dy.signum());
                    along(behind, direction, 1 + rng.below(3) as i32)
                }
                _ => random_square(rng),
            };
            if put(&mut grid, square, piece) {
                break;
            }
        }
    }
    while !put(&mut grid, random_square(rng), 'k') {}
    for _ in 0..rng.below(5) {
        let piece = ['N', 'n', 'P', 'p', 'B', 'R', 'Q'][rng.below(7)];
        put(&mut grid, random_square(rng), piece);
    }
    for square in [ep, origin] {
        grid[square.1 as usize][square.0 as usize] = None;
    }
    let ep_name = format!("{}6", (b'a' + file as u8) as char);
    if rng.below(2) == 0 {
        format!("{} w - {ep_name} 0 1", placement(&grid))
    } else {
        // Mirrored: ranks reversed, colours swapped.
        let mut mirrored: Grid = [[None; 8]; 8];
        for (rank, row) in grid.iter().enumerate() {
            for (f, piece) in row.iter().enumerate() {
                mirrored[7 - rank][f] = piece.map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                });
            }
        }
        let ep_name = format!("{}3", (b'a' + file as u8) as char);
        format!("{} b - {ep_name} 0 1", placement(&mirrored))
    }
}

fn placement(grid: &Grid) -> String {
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for square in row {
                match square {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    rows.join("/")
}

/// What the en passant positions covered.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    legal: usize,
    /// A capturer beside, but no legal capture, out of check.
    refused: usize,
    /// Refused with our king on the rank of the two pawns: the horizontal double pin.
    rank_pins: usize,
    checked_by_pushed_pawn: usize,
    checked_by_slider: usize,
    legal_in_check: usize,
}

fn check_ep_position(pos: &Position, coverage: &mut Coverage) {
    let Some(ep) = pos.ep_square() else {
        return;
    };
    let fen = pos.to_fen();
    let expected = ep_by_move_list(pos);
    assert_eq!(pos.legal_ep_square(), expected, "{fen}");
    // The repetition key is the key of the position without its en passant square when no
    // capture is legal, and the key itself when one is.
    let without = Position::from_fen_lenient(&fen.replace(&format!(" {ep} "), " - "))
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    match expected {
        Some(_) => assert_eq!(pos.repetition_key(), pos.key(), "{fen}"),
        None => assert_eq!(pos.repetition_key(), without.key(), "{fen}"),
    }
    coverage.positions += 1;
    let turn = pos.turn();
    let checkers = pos.checkers();
    let capturers = attacks::pawn(!turn, ep) & pos.board().by_piece(Piece::new(turn, Role::Pawn));
    match expected {
        Some(_) if checkers.any() => coverage.legal_in_check += 1,
        Some(_) => coverage.legal += 1,
        None if capturers.any() && checkers.is_empty() => {
            coverage.refused += 1;
            let victim_rank = match turn {
                Color::White => Rank::Fifth,
                Color::Black => Rank::Fourth,
            };
            if pos.our_king().rank() == victim_rank {
                coverage.rank_pins += 1;
            }
        }
        None => {}
    }
    let board = pos.board();
    if (checkers & board.by_role(Role::Pawn)).any() {
        coverage.checked_by_pushed_pawn += 1;
    }
    if (checkers & (board.diagonal_sliders() | board.orthogonal_sliders())).any() {
        coverage.checked_by_slider += 1;
    }
}

#[test]
fn legal_ep_square_equals_the_move_list_definition() {
    let mut rng = Rng(0x00e9_0a55);
    let mut coverage = Coverage::default();
    let mut tried = 0;
    while coverage.positions < 30_000 {
        tried += 1;
        let fen = random_ep_fen(&mut rng);
        if let Ok(pos) = Position::from_fen_lenient(&fen) {
            check_ep_position(&pos, &mut coverage);
        }
    }
    // And every position just after a double push along random games.
    for pos in crate::common::random_game_positions(300, 80, 0x0e9) {
        check_ep_position(&pos, &mut coverage);
    }
    let min = [
        coverage.legal,
        coverage.refused,
        coverage.rank_pins,
        coverage.checked_by_pushed_pawn,
        coverage.checked_by_slider,
        coverage.legal_in_check,
    ];
    assert!(
        min.iter().all(|&n| n >= 300),
        "{coverage:?} from {tried} tries"
    );
}
