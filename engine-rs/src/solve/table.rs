//! The solver's memory: exact results never go stale (a position's value with
//! best play does not depend on how it was reached, nor on which search found
//! it), so the table is kept from one move to the next and only ever replaced.

// The bounds and the empty move are Expert's table's: only the entry differs
// (an exact integer value, and what decides which entry to keep).
pub(crate) use crate::ai::table::{Bound, NO_MOVE};
use crate::score::ScoreDiff;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    /// The final score difference for the player to move, exact.
    pub value: ScoreDiff,
    /// Free cells of the position: a larger subtree is worth keeping.
    pub free: u8,
    /// The solve that stored it: older entries give way first.
    pub generation: u8,
    pub bound: Bound,
    pub best: u16,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    free: 0,
    generation: 0,
    bound: Bound::Exact,
    best: NO_MOVE,
};

/// Buckets of two: one slot keeps the largest subtree, the other the newest.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![EMPTY; 1 << bits],
            mask: (1 << bits) - 2,
        }
    }

    /// Every entry emptied, as in a new table.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let at = key as usize & self.mask;
        let (a, b) = (self.entries[at], self.entries[at + 1]);
        if a.key == key {
            Some(a)
        } else if b.key == key {
            Some(b)
        } else {
            None
        }
    }

    #[inline(always)]
    pub fn store(&mut self, entry: Entry) {
        let at = entry.key as usize & self.mask;
        let deep = &mut self.entries[at];
        if deep.key == entry.key || deep.generation != entry.generation || entry.free >= deep.free {
            *deep = entry;
        } else {
            self.entries[at + 1] = entry;
        }
    }
}
