//! xorshift64*: a tiny seeded generator the fuzz-style and big-model tests
//! share, so a failure reproduces from its seed (no extra crate).
#![allow(dead_code)] // each test binary uses its own subset

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// An element index in `0..n` (0 when `n` is 0), as the model stores it.
    pub fn index_below(&mut self, n: usize) -> i32 {
        self.below(n) as i32
    }

    /// A float in -100..=100 in steps of 0.01.
    pub fn float(&mut self) -> f32 {
        (self.next() % 20001) as f32 / 100.0 - 100.0
    }
}
