//! The solver's memory: exact results never go stale (a position's value with
//! best play does not depend on how it was reached, nor on which search found
//! it), so the table is kept from one move to the next and only ever replaced.

// The bounds and the empty move are Expert's table's: only the entry differs
// (an exact integer value, and what decides which entry to keep).
use crate::ai::table::Slot;
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

impl Slot for Entry {
    const WAYS: usize = 2;
    const EMPTY: Entry = Entry {
        key: 0,
        value: 0,
        free: 0,
        generation: 0,
        bound: Bound::Exact,
        best: NO_MOVE,
    };

    #[inline(always)]
    fn key(&self) -> u64 {
        self.key
    }

    /// Buckets of two: the first slot keeps the largest subtree of this solve,
    /// the second the newest entry.
    #[inline(always)]
    fn place(bucket: &[Entry], entry: &Entry) -> Option<usize> {
        let deep = &bucket[0];
        let first =
            deep.key == entry.key || deep.generation != entry.generation || entry.free >= deep.free;
        Some(if first { 0 } else { 1 })
    }
}

/// The solver's table: Expert's, with exact entries.
pub(crate) type Table = crate::ai::table::Table<Entry>;
