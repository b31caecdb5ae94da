//! A small seeded random generator, the one every crate of the workspace
//! draws from: Steele, Lea and Flood's SplitMix64.
//!
//! Its stream is fixed by the algorithm, so a seed gives the same shuffles,
//! puzzles and samples on every machine and in every version. It is fast
//! and well mixed, enough to shuffle and sample with; it is not for
//! cryptography.
//!
//! ```
//! use dancing::random::SplitMix64;
//!
//! let mut random = SplitMix64::new(1234567);
//! assert_eq!(random.next_u64(), 6457827717110365317);
//! let mut cards: Vec<u32> = (0..10).collect();
//! random.shuffle(&mut cards);
//! assert!(random.below(6) < 6);
//! ```

/// SplitMix64: a 64-bit state stepped by a constant and mixed on the way
/// out. The same seed always gives the same sequence.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The step between two states: the odd number nearest 2^64 over the
    /// golden ratio.
    pub const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

    /// The generator whose sequence `seed` starts.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(SplitMix64::GAMMA);
        SplitMix64::mix(self.state)
    }

    /// The number the generator gives out at state `z`: its output
    /// function (Stafford's "Mix13" variant of MurmurHash3's finaliser), a
    /// bijection that spreads every bit of `z` over the whole result, and
    /// so also a hash of `z` for seeding one generator from another's
    /// numbers.
    pub fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` from the next number, scaled by Lemire's
    /// multiply-and-shift (without modulo bias worth the name); 0 when
    /// `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A number in `0..bound` as the remainder of the next number: a
    /// different stream from [`below`](Self::below), kept for the
    /// generators whose seeds were published with it (the Sudoku
    /// generator's puzzles, the benchmarks' samples).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below_by_remainder(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffles `items` in place: Fisher and Yates's shuffle, drawing with
    /// [`below`](Self::below).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let j = self.below(k + 1);
            items.swap(k, j);
        }
    }

    /// Fisher and Yates's shuffle drawing with
    /// [`below_by_remainder`](Self::below_by_remainder).
    pub fn shuffle_by_remainder<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let j = self.below_by_remainder(k + 1);
            items.swap(k, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_the_published_one() {
        // The reference values of SplitMix64 for seed 1234567.
        let mut random = SplitMix64::new(1234567);
        let first: Vec<u64> = (0..5).map(|_| random.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
    }

    #[test]
    fn draws_stay_below_their_bound_and_take_every_value() {
        let mut random = SplitMix64::new(9);
        let (mut scaled, mut remainders) = ([0u32; 7], [0u32; 7]);
        for _ in 0..7000 {
            scaled[random.below(7)] += 1;
            remainders[random.below_by_remainder(7)] += 1;
        }
        assert!(scaled.iter().chain(&remainders).all(|&n| n > 800));
    }

    #[test]
    fn shuffles_are_permutations_that_depend_on_the_seed() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let mut items: Vec<u32> = (0..10).collect();
            SplitMix64::new(seed).shuffle(&mut items);
            let mut other: Vec<u32> = (0..10).collect();
            SplitMix64::new(seed).shuffle_by_remainder(&mut other);
            for order in [&items, &other] {
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..10).collect::<Vec<_>>());
            }
            seen.insert(items);
        }
        assert!(seen.len() > 15, "seeds should give different orders");
    }
}
