//! Repetitions in games and searches.
//!
//! - On random positions built around a double push (capturers pinned on a diagonal or
//!   along the rank with the pushed pawn, checks by the pushed pawn or by a slider the push
//!   uncovered), [`Position::legal_ep_square`] equals the move-list definition and
//!   [`Position::repetition_key`] drops exactly the en passant files that cannot be taken.
//! - Along random games biased to repeat (knight and king shuffles, moves taken back, with
//!   captures, pawn moves and lost castling rights between), from the standard start and
//!   from Chess960 starts, [`Game`] and [`KeyStack`] count repetitions as a naive count of
//!   equal repetition keys over the whole history does; [`Game::pop`] and
//!   [`KeyStack::pop`] back to an earlier ply give that ply's answers again.
//! - With null moves, [`KeyStack`] counts only positions since the last null move.

use quadboard_chess::game::{Game, KeyStack};
use quadboard_chess::outcome::DrawClaim;
use quadboard_chess::{attacks, Color, Move, Piece, Position, Rank, Role, Square};

use crate::common::{chess960_fen, Rng};

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

/// A game and a key stack played side by side, with the naive answers.
struct Twin {
    game: Game,
    /// Pushed move by move from the start, never rebuilt: it keeps positions from before
    /// irreversible moves, which it must skip by the halfmove clock.
    stack: KeyStack,
    /// The repetition key of every position of the game.
    history: Vec<u64>,
    /// The answers after each ply, to compare with after popping back to it.
    answers: Vec<Answers>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Answers {
    position: Position,
    moves: Vec<Move>,
    keys: Vec<u64>,
    repetitions: usize,
    claims: Vec<DrawClaim>,
    stack_repetitions: usize,
    stack_is_repetition: bool,
    stack_key: u64,
}

impl Twin {
    fn new(start: Position) -> Twin {
        let game = Game::from_position(start);
        let mut twin = Twin {
            stack: KeyStack::new(&start),
            history: vec![start.repetition_key()],
            game,
            answers: Vec::new(),
        };
        let answers = twin.check();
        twin.answers.push(answers);
        twin
    }

    /// Compares with the naive count and returns the answers.
    fn check(&self) -> Answers {
        let key = *self.history.last().unwrap();
        let naive = self.history.iter().filter(|&&k| k == key).count();
        let context = || format!("{} after {}", self.game.position(), self.game.movetext());
        assert_eq!(self.game.repetitions(), naive, "{}", context());
        assert_eq!(self.game.keys(), self.history, "{}", context());
        assert_eq!(self.stack.repetitions(), naive, "{}", context());
        assert_eq!(self.stack.is_repetition(), naive > 1, "{}", context());
        assert_eq!(self.stack.key(), key);
        let rebuilt = self.game.key_stack();
        assert_eq!(rebuilt.repetitions(), naive, "{}", context());
        assert_eq!(rebuilt.is_repetition(), naive > 1, "{}", context());
        Answers {
            position: *self.game.position(),
            moves: self.game.moves().to_vec(),
            keys: self.game.keys().to_vec(),
            repetitions: self.game.repetitions(),
            claims: self.game.claimable_draws().collect(),
            stack_repetitions: self.stack.repetitions(),
            stack_is_repetition: self.stack.is_repetition(),
            stack_key: self.stack.key(),
        }
    }

    fn play(&mut self, m: Move) {
        self.game.play_unchecked(m);
        self.stack.push(self.game.position());
        self.history.push(self.game.position().repetition_key());
        let answers = self.check();
        // Threefold is a fact of the position, whether or not fivefold ended the game.
        assert_eq!(
            answers.claims.first() == Some(&DrawClaim::ThreefoldRepetition),
            answers.repetitions >= 3
        );
        let pos = self.game.position();
        assert_eq!(
            answers.claims.contains(&DrawClaim::FiftyMoveRule),
            pos.halfmoves() >= 100 && !pos.legal_moves().is_empty()
        );
        self.answers.push(answers);
    }

    fn pop(&mut self) {
        let m = self.game.pop().expect("a move to take back");
        let key = self.stack.pop().expect("a position to leave");
        assert_eq!(Some(key), self.history.pop());
        self.answers.pop();
        assert_eq!(
            self.game.position().play(m).map(|p| p.repetition_key()),
            Ok(key),
            "the popped move led to the popped position"
        );
        let answers = self.check();
        assert_eq!(
            &answers,
            self.answers.last().unwrap(),
            "after popping {m:?}"
        );
    }
}

/// A move that makes positions recur: the move that takes back our previous one when
/// legal, else mostly a knight or king move to an empty square, else anything (captures,
/// pawn moves, castling, rook moves that lose castling rights).
fn repeating_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let pos = game.position();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let back = game
        .moves()
        .len()
        .checked_sub(2)
        .map(|i| game.moves()[i])
        .filter(|m| !m.is_castle() && m.promotion_role().is_none())
        .map(|m| Move::normal(m.to(), m.from()))
        .filter(|m| moves.contains(m));
    let shuffles: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            matches!(
                pos.board().role_at(m.from()),
                Some(Role::Knight | Role::King)
            ) && !pos.board().occupied().contains(m.to())
        })
        .collect();
    Some(match back {
        Some(m) if rng.below(10) < 6 => m,
        _ if !shuffles.is_empty() && rng.below(10) < 8 => shuffles[rng.below(shuffles.len())],
        _ => moves[rng.below(moves.len())],
    })
}

/// Plays `games` random repeating games of up to `plies` plies from `start`, taking back a
/// few plies now and then; returns the number of positions that had occurred before.
fn repeating_games(start: &str, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let first = Position::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut repeated = 0;
    for _ in 0..games {
        let mut twin = Twin::new(first);
        for _ in 0..plies {
            if twin.game.moves().len() > 4 && rng.below(10) == 0 {
                for _ in 0..1 + rng.below(4) {
                    twin.pop();
                }
            }
            let Some(m) = repeating_move(&twin.game, rng) else {
                break;
            };
            twin.play(m);
            if twin.answers.last().unwrap().repetitions > 1 {
                repeated += 1;
            }
        }
        // All the way back to the start.
        while !twin.game.moves().is_empty() {
            twin.pop();
        }
        assert_eq!(twin.game.pop(), None);
        assert_eq!(twin.stack.pop(), None);
        assert_eq!(twin.game.position(), &first);
    }
    repeated
}

#[test]
fn game_and_key_stack_agree_with_a_naive_count() {
    let mut rng = Rng(0x5e7_0001);
    let mut repeated = repeating_games(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        1_500,
        120,
        &mut rng,
    );
    for _ in 0..1_000 {
        repeated += repeating_games(&chess960_fen(rng.below(960)), 1, 120, &mut rng);
    }
    // Pinned, legal and coming en passant captures; castling rights to lose.
    for fen in [
        "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/2p1p3/8/3P4/8/8/8/4K3 b - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        repeated += repeating_games(fen, 150, 120, &mut rng);
    }
    assert!(repeated >= 100_000, "only {repeated} repeated positions");
}

/// Null moves in a key stack: each is a barrier, before which nothing counts.
#[test]
fn null_moves_are_barriers() {
    let mut rng = Rng(0x0_0011);
    let mut barriers = 0;
    let mut across = 0;
    for game in 0..1_000 {
        let start = if game % 2 == 0 {
            Position::new()
        } else {
            Position::from_fen(&chess960_fen(rng.below(960))).unwrap()
        };
        let mut stack = KeyStack::new(&start);
        // The path: each position, its key and whether a null move led to it.
        let mut path = vec![(start, false)];
        let mut shadow = Game::from_position(start);
        for _ in 0..100 {
            let (pos, _) = *path.last().unwrap();
            if rng.below(12) == 0 && path.len() > 1 {
                let popped = stack.pop();
                assert_eq!(popped, path.pop().map(|(p, _)| p.repetition_key()));
                shadow = Game::from_position(path.last().unwrap().0);
            } else if rng.below(8) == 0 {
                let Ok(passed) = pos.null_move() else {
                    continue;
                };
                stack.push_null(&passed);
                path.push((passed, true));
                shadow = Game::from_position(passed);
                barriers += 1;
            } else {
                let Some(m) = repeating_move(&shadow, &mut rng) else {
                    break;
                };
                shadow.play_unchecked(m);
                stack.push(shadow.position());
                path.push((*shadow.position(), false));
            }
            // Naive: the positions since the last null move, that one included.
            let since = path.iter().rposition(|&(_, null)| null).unwrap_or(0);
            let key = path.last().unwrap().0.repetition_key();
            let naive = path[since..]
                .iter()
                .filter(|(p, _)| p.repetition_key() == key)
                .count();
            let everywhere = path
                .iter()
                .filter(|(p, _)| p.repetition_key() == key)
                .count();
            if everywhere > naive {
                across += 1;
            }
            assert_eq!(stack.repetitions(), naive, "{}", path.last().unwrap().0);
            assert_eq!(stack.is_repetition(), naive > 1);
            assert_eq!(stack.key(), key);
        }
    }
    assert!(
        barriers > 5_000 && across > 1_000,
        "{barriers} null moves, {across} across"
    );
}
