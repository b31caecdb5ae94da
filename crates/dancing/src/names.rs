//! Item names (and color names), stored compactly: every name back to back
//! in one string, and a hash table of indices that looks names up in it.
//!
//! A problem with millions of items (a generated one, or a hostile file)
//! then costs about the bytes of its names plus 18 bytes per item, instead
//! of two heap strings and a map entry each (about 150 bytes, and a slow
//! free at exit). The table keeps 32 bits of each name's hash beside its
//! item, so that growing it and most failed comparisons never touch the
//! names.

use std::hash::BuildHasher;

use hashbrown::HashTable;

/// The names of a problem's items (some may be unnamed).
#[derive(Clone, Default)]
pub(crate) struct Names {
    /// Every name, back to back.
    bytes: String,
    /// `bytes[ends[k - 1]..ends[k]]` is item `k`'s name; empty if it has
    /// none (a name is never empty).
    ends: Vec<usize>,
    /// The named items, with 32 bits of the hash of their names.
    index: HashTable<(u32, u32)>,
    hasher: foldhash::fast::RandomState,
}

impl std::fmt::Debug for Names {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries((0..self.ends.len()).map(|k| self.get(k)))
            .finish()
    }
}

impl PartialEq for Names {
    fn eq(&self, other: &Names) -> bool {
        // The index is derived from the names.
        self.bytes == other.bytes && self.ends == other.ends
    }
}

impl Eq for Names {}

impl Names {
    /// The name of item `item`, if it has one.
    pub(crate) fn get(&self, item: usize) -> Option<&str> {
        let end = *self.ends.get(item)?;
        let start = if item == 0 { 0 } else { self.ends[item - 1] };
        (start < end).then(|| &self.bytes[start..end])
    }

    /// The index of the name `name`.
    #[inline]
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        let short = self.short_hash(name);
        self.index
            .find(spread(short), |&(item, hash)| {
                hash == short && self.get(item as usize) == Some(name)
            })
            .map(|&(item, _)| item as usize)
    }

    /// The number of names (unnamed entries included).
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    fn short_hash(&self, name: &str) -> u32 {
        // The high half: foldhash mixes best there.
        (self.hasher.hash_one(name) >> 32) as u32
    }

    /// Adds `count` unnamed items.
    pub(crate) fn push_unnamed(&mut self, count: usize) {
        let end = self.bytes.len();
        self.ends.resize(self.ends.len() + count, end);
    }

    /// Adds an item called `name` (not empty), unless another item has
    /// that name: then returns false and adds nothing. One probe of the
    /// table does both.
    pub(crate) fn push(&mut self, name: &str) -> bool {
        debug_assert!(!name.is_empty());
        let short = self.short_hash(name);
        let item = self.ends.len() as u32;
        let Names {
            bytes, ends, index, ..
        } = self;
        let name_of = |item: u32| {
            let item = item as usize;
            let start = if item == 0 { 0 } else { ends[item - 1] };
            &bytes[start..ends[item]]
        };
        match index.entry(
            spread(short),
            |&(other, hash)| hash == short && name_of(other) == name,
            |&(_, hash)| spread(hash),
        ) {
            hashbrown::hash_table::Entry::Occupied(_) => false,
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                vacant.insert((item, short));
                self.bytes.push_str(name);
                self.ends.push(self.bytes.len());
                true
            }
        }
    }

    /// Forgets every item, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.index.clear();
    }
}

/// A table hash from 32 bits of a name's: the table takes its buckets from
/// the low bits and its tags from the top seven, so both must vary.
fn spread(short: u32) -> u64 {
    u64::from(short).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_by_name_and_unnamed_items_have_none() {
        let mut names = Names::default();
        names.push_unnamed(2);
        for k in 0..10_000 {
            assert!(names.push(&format!("n{k}")));
        }
        names.push_unnamed(1);
        assert_eq!(names.get(0), None);
        assert_eq!(names.get(1), None);
        assert_eq!(names.get(10_002), None);
        assert_eq!(names.get(10_003), None);
        for k in 0..10_000 {
            let name = format!("n{k}");
            assert_eq!(names.get(k + 2), Some(name.as_str()));
            assert_eq!(names.find(&name), Some(k + 2));
        }
        for missing in ["n10000", "n", "", "m1"] {
            assert_eq!(names.find(missing), None, "{missing}");
        }
        let copy = names.clone();
        assert_eq!(copy, names);
        names.clear();
        assert_eq!(names.find("n1"), None);
        assert!(names.push("n1"));
        assert!(!names.push("n1"), "a second item of the same name");
        assert_eq!(names.find("n1"), Some(0));
        assert_eq!(names.get(1), None);
        assert_ne!(copy, names);
    }
}
