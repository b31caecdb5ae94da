//! The nodes of a diagram as it is built: three compact arrays and a
//! unique table, so that a node equal to one made before (same option,
//! same branches) is that node, never a copy.

use hashbrown::HashMap;

use super::{BOTTOM, FIRST_NODE};

type Unique = HashMap<[u32; 3], u32, foldhash::fast::FixedState>;

/// The nodes made so far, with ids from [`FIRST_NODE`]: each node's
/// branches are made before it, so ids grow from the sinks up.
pub(crate) struct NodeStore {
    pub(super) options: Vec<u32>,
    pub(super) lo: Vec<u32>,
    pub(super) hi: Vec<u32>,
    unique: Unique,
    /// The most nodes (terminals left out) the diagram may have.
    limit: u32,
}

impl NodeStore {
    /// An empty store that holds at most `limit` nodes.
    pub(crate) fn new(limit: u32) -> NodeStore {
        NodeStore {
            options: Vec::new(),
            lo: Vec::new(),
            hi: Vec::new(),
            unique: Unique::with_hasher(foldhash::fast::FixedState::default()),
            limit: limit.min(u32::MAX - FIRST_NODE),
        }
    }

    /// The node "`option`, then `hi`; or else `lo`": `lo` itself when
    /// `hi` is empty (the ZDD rule), the node made before if there is one,
    /// else a new node; `None` if that would pass the limit.
    pub(crate) fn make(&mut self, option: u32, lo: u32, hi: u32) -> Option<u32> {
        if hi == BOTTOM {
            return Some(lo);
        }
        if let Some(&id) = self.unique.get(&[option, lo, hi]) {
            return Some(id);
        }
        if self.options.len() >= self.limit as usize {
            return None;
        }
        let id = self.options.len() as u32 + FIRST_NODE;
        self.options.push(option);
        self.lo.push(lo);
        self.hi.push(hi);
        self.unique.insert([option, lo, hi], id);
        Some(id)
    }

    /// The number of nodes made (terminals not counted).
    pub(crate) fn len(&self) -> usize {
        self.options.len()
    }

    /// The bytes the store takes (its arrays and unique table, from their
    /// capacities).
    pub(crate) fn bytes(&self) -> usize {
        let arrays = 4 * (self.options.capacity() + self.lo.capacity() + self.hi.capacity());
        let table = self.unique.capacity() * 8 / 7 * (size_of::<([u32; 3], u32)>() + 1);
        arrays + table
    }

    /// The arrays, the unique table freed.
    pub(super) fn into_arrays(self) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
        (self.options, self.lo, self.hi)
    }
}
