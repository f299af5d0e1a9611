//! What the tests share: one reproducible random number generator.
//!
//! The library's unit tests use it as `crate::test_support`; the integration tests include
//! this same file by path from `tests/common/mod.rs`, so it must depend on nothing but
//! `core`.

/// splitmix64 (Steele, Lea and Flood): reproducible random boards, sets and games from a
/// seed, with no dependency.
pub struct Rng(pub u64);

#[allow(dead_code)] // each test uses a different part
impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// 64 random bits AND-ed together `k + 1` times: each bit is set with probability
    /// 1/2^(k+1), so `k` chooses between dense (0) and sparse (3 or more) sets.
    pub fn sparse(&mut self, k: u32) -> u64 {
        (0..k).fold(self.next(), |bits, _| bits & self.next())
    }
}
