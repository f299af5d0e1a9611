//! Helpers shared by the integration tests.

/// splitmix64: reproducible random games and boards.
pub struct Rng(pub u64);

#[allow(dead_code)] // each test file uses a different part
impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The back rank of Chess960 start number `n` (0..960) in the standard numbering
/// (518 is the classical start).
#[allow(dead_code)] // each test file uses a different part
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

/// The FEN of Chess960 start number `n`, with Shredder-FEN castling rights.
#[allow(dead_code)]
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
