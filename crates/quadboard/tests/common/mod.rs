//! Helpers shared by the integration tests.

// The same generator as the unit tests' `crate::test_support`: one home for both.
#[path = "../../src/test_support.rs"]
mod test_support;

pub use test_support::Rng;

/// The back rank of Chess960 start number `n` (0..960) in the standard numbering
/// (518 is the classical start), as lowercase piece letters.
#[allow(dead_code)] // not every test file plays Chess960
pub fn chess960_back_rank(mut n: usize) -> [char; 8] {
    let mut rank = [' '; 8];
    let light = [1, 3, 5, 7][n % 4];
    n /= 4;
    let dark = [0, 2, 4, 6][n % 4];
    n /= 4;
    rank[light] = 'b';
    rank[dark] = 'b';
    let queen = n % 6;
    n /= 6;
    let place_nth_free = |rank: &mut [char; 8], k: usize, piece: char| {
        let sq = (0..8).filter(|&i| rank[i] == ' ').nth(k).unwrap();
        rank[sq] = piece;
    };
    place_nth_free(&mut rank, queen, 'q');
    let knights = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ][n];
    // Place the second knight first so that the first one's index is not shifted.
    place_nth_free(&mut rank, knights.1, 'n');
    place_nth_free(&mut rank, knights.0, 'n');
    for piece in ['r', 'k', 'r'] {
        place_nth_free(&mut rank, 0, piece);
    }
    rank
}

/// The FEN of Chess960 start number `n`, castling rights in Shredder-FEN.
#[allow(dead_code)] // not every test file plays Chess960
pub fn chess960_fen(n: usize) -> String {
    let rank = chess960_back_rank(n);
    let black: String = rank.iter().collect();
    let white = black.to_uppercase();
    let rooks: Vec<char> = (0..8)
        .filter(|&i| rank[i] == 'r')
        .map(|i| (b'a' + i as u8) as char)
        .collect();
    let castling = format!(
        "{}{}{}{}",
        rooks[1].to_ascii_uppercase(),
        rooks[0].to_ascii_uppercase(),
        rooks[1],
        rooks[0]
    );
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}
