//! Helpers shared by the integration tests.

// The same generator as the unit tests' `crate::test_support`: one home for both.
#[path = "../../src/test_support.rs"]
mod test_support;

pub use test_support::Rng;

mod shared_data;
use shared_data::shared_data_dir;

/// The perft suites of `../shared/data/perft/` (see its README), or `None` with a note on
/// stderr when the data is missing; under `CI=true` missing data is a failure instead
/// (`QUADBOARD_SHARED` overrides the location: `shared_data.rs`).
#[allow(dead_code)]
pub fn perft_data_dir() -> Option<std::path::PathBuf> {
    shared_data_dir("perft")
}

/// The PGN files of `../shared/data/pgn/` (see its README), as [`perft_data_dir`] finds
/// the perft suites.
#[allow(dead_code)]
pub fn pgn_data_dir() -> Option<std::path::PathBuf> {
    shared_data_dir("pgn")
}

/// The variant perft suites of `../shared/data/variants/` (see its README), as
/// [`perft_data_dir`] finds the perft suites.
#[allow(dead_code)]
pub fn variant_data_dir() -> Option<std::path::PathBuf> {
    shared_data_dir("variants")
}

/// The FEN of Chess960 start number `n` (0..960), from the library's numbering (which
/// `tests/chess960.rs` checks against the published table).
#[allow(dead_code)]
pub fn chess960_fen(n: usize) -> String {
    quadboard_chess::Position::chess960(n as u16)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_fen()
}

/// Every position along random games: `games` from the standard start and as many from
/// random Chess960 starts (in Chess960 mode), at most `plies` plies each.
#[allow(dead_code)]
pub fn random_game_positions(
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<quadboard_chess::Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for game in 0..2 * games {
        let pos = if game % 2 == 0 {
            quadboard_chess::Position::new()
        } else {
            quadboard_chess::Position::chess960(rng.below(960) as u16).expect("0..960 are numbered")
        };
        out.extend(random_game(pos, plies, &mut rng));
    }
    out
}

/// `start` and up to `plies` positions after it along a random game.
#[allow(dead_code)]
pub fn random_game(
    start: quadboard_chess::Position,
    plies: usize,
    rng: &mut Rng,
) -> Vec<quadboard_chess::Position> {
    let mut out = vec![start];
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
        out.push(pos);
    }
    out
}

/// A knight's steps as (files, ranks).
#[allow(dead_code)]
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A king's steps as (files, ranks).
#[allow(dead_code)]
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
