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

/// Every position along random games: `games` from the standard start and as many from
/// random Chess960 starts (in Chess960 mode), at most `plies` plies each.
#[allow(dead_code)]
pub fn random_game_positions(games: usize, plies: usize, seed: u64) -> Vec<quadboard::Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for game in 0..2 * games {
        let mut pos = if game % 2 == 0 {
            quadboard::Position::new()
        } else {
            quadboard::Position::chess960(rng.below(960) as u16).expect("0..960 are numbered")
        };
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos);
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}
