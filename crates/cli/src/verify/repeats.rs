//! Solutions listed more than once. Each solution read is remembered by a
//! 128-bit fingerprint of its options, sorted: the options themselves when
//! the listing names them by number (JSON's `option_ids`), else their
//! printed form, an entry set (and a printed cost). Options with the same
//! entries print alike, so a printed solution may then stand for several:
//! it may come as often as there are ways to choose its options among the
//! alike ones, and a repeat is one more than that.
//!
//! At most [`REMEMBERED`] distinct solutions are remembered (about 64
//! bytes each, with the hash table's room), so that the memory of a huge
//! listing stays bounded (about 32 MiB): repeats of later ones are not
//! looked for, and the summary says so.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use super::verdict::Numbered;

/// How many distinct solutions are remembered at most.
pub const REMEMBERED: usize = 1 << 19;

/// One option of a solution, as its repeats are told apart: `key` names
/// it (an option, or its entry set and printed cost), and `alike` options
/// of the problem print as it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct OptionKey {
    pub key: (u32, u64),
    pub alike: u32,
}

/// The solutions of one listing seen so far.
#[derive(Default)]
pub(super) struct Repeats {
    /// Each distinct solution's fingerprint, and the number of the first
    /// solution that printed it and how many times it came.
    seen: HashMap<[u64; 2], (u64, u32)>,
    /// How many solutions repeat earlier ones.
    pub count: u64,
    /// The first of them, its first line, and the earlier solution it
    /// repeats.
    pub first: Option<(Numbered, usize, Numbered)>,
    /// Whether solutions were left out once `REMEMBERED` were held.
    pub forgot: bool,
}

impl Repeats {
    /// Adds solution `this`, from `line`, of options `keys` (any order;
    /// sorted here); the earlier solution it repeats, if it is a repeat.
    pub(super) fn add(
        &mut self,
        this: Numbered,
        line: usize,
        keys: &mut [OptionKey],
    ) -> Option<Numbered> {
        keys.sort_unstable();
        let fingerprint = [0u8, 1].map(|salt| {
            let mut hasher = DefaultHasher::new();
            salt.hash(&mut hasher);
            for option in keys.iter() {
                option.key.hash(&mut hasher);
            }
            hasher.finish()
        });
        let remembered = self.seen.len();
        match self.seen.get_mut(&fingerprint) {
            Some((earlier, times)) => {
                *times = times.saturating_add(1);
                if u64::from(*times) <= ways(keys) {
                    return None;
                }
                let earlier = Numbered {
                    listing: this.listing,
                    number: *earlier,
                };
                self.count += 1;
                self.first.get_or_insert((this, line, earlier));
                Some(earlier)
            }
            None if remembered < REMEMBERED => {
                self.seen.insert(fingerprint, (this.number, 1));
                None
            }
            None => {
                self.forgot = true;
                None
            }
        }
    }
}

/// In how many ways the options of `keys` (sorted) can be chosen among
/// the alike options of the problem: the product over each printed option
/// of (alike choose how many times it is printed); at least 1.
fn ways(keys: &[OptionKey]) -> u64 {
    let mut ways: u64 = 1;
    for group in keys.chunk_by(|a, b| a.key == b.key) {
        let alike = u64::from(group[0].alike);
        let chosen = group.len() as u64;
        // alike choose chosen, one factor at a time (each step exact).
        let mut choose: u64 = 1;
        for k in 0..chosen.min(alike) {
            choose = choose.saturating_mul(alike - k) / (k + 1);
        }
        ways = ways.saturating_mul(choose);
    }
    ways.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verdict::Listing;

    fn key(option: u32, alike: u32) -> OptionKey {
        OptionKey {
            key: (option, 0),
            alike,
        }
    }

    fn solution(number: u64) -> Numbered {
        Numbered {
            listing: Listing::Solution,
            number,
        }
    }

    #[test]
    fn a_solution_printed_again_is_a_repeat_in_any_order() {
        let mut repeats = Repeats::default();
        assert_eq!(
            repeats.add(solution(1), 1, &mut [key(3, 1), key(1, 1)]),
            None
        );
        assert_eq!(
            repeats.add(solution(2), 2, &mut [key(3, 1), key(2, 1)]),
            None
        );
        assert_eq!(
            repeats.add(solution(3), 3, &mut [key(1, 1), key(3, 1)]),
            Some(solution(1))
        );
        assert_eq!(
            repeats.add(solution(4), 4, &mut [key(3, 1), key(1, 1)]),
            Some(solution(1))
        );
        assert_eq!(repeats.count, 2);
        assert_eq!(repeats.first, Some((solution(3), 3, solution(1))));
    }

    /// Three alike options of which a solution takes two: three ways, so
    /// the fourth listing is the first repeat.
    #[test]
    fn alike_options_allow_as_many_listings_as_ways_to_choose_them() {
        assert_eq!(ways(&[key(0, 3), key(0, 3)]), 3);
        assert_eq!(ways(&[key(0, 3), key(0, 3), key(5, 2)]), 6);
        assert_eq!(ways(&[key(0, 40), key(0, 40), key(0, 40)]), 9880);
        let mut repeats = Repeats::default();
        for number in 1..=3 {
            let found = repeats.add(solution(number), 1, &mut [key(0, 3), key(0, 3)]);
            assert_eq!(found, None, "listing {number}");
        }
        let found = repeats.add(solution(4), 4, &mut [key(0, 3), key(0, 3)]);
        assert_eq!(found, Some(solution(1)));
    }
}
