//! Expert's memory: Zobrist keys and a transposition table.
//!
//! Placing cells commutes — the same cells reached in another order are the same
//! position — so the table saves a great deal of this game's search.

use super::rng::Rng;
use crate::board::{Player, MAX_SIDE};

const CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A random key per (player, cell); a position's key is the XOR of its cells' keys.
pub struct Zobrist {
    keys: [[u64; CELLS]; 2],
}

impl Default for Zobrist {
    fn default() -> Self {
        Zobrist::new()
    }
}

impl Zobrist {
    pub fn new() -> Zobrist {
        let mut rng = Rng::new(0x00C3_11C0_22EC_7104);
        let mut keys = [[0; CELLS]; 2];
        for player in keys.iter_mut() {
            for key in player.iter_mut() {
                *key = rng.next_u64();
            }
        }
        Zobrist { keys }
    }

    #[inline(always)]
    pub fn key(&self, player: Player, cell: usize) -> u64 {
        self.keys[player][cell]
    }

    /// The key of a board's cells, salted by its size and scoring mode so that
    /// different games never share entries.
    pub fn of(&self, board: &crate::Board, mode: crate::ScoringMechanism) -> u64 {
        let mut key = 0x5EED
            ^ ((board.width() as u64) << 40)
            ^ ((board.height() as u64) << 48)
            ^ ((mode as u64 + 1) << 56);
        for player in 0..2 {
            crate::Bits::<4>(*board.cell_words(player)).for_each(|i| key ^= self.key(player, i));
        }
        key
    }
}

/// How a stored value bounds the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// What a search's `best` says of the true value, searched with the window
    /// (`alpha`, `beta`): at most it when it failed low, at least it when it failed high.
    #[inline(always)]
    pub fn of<V: PartialOrd>(best: V, alpha: V, beta: V) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub value: f32,
    pub depth: u8,
    pub bound: Bound,
    /// Best cell found, or `NO_MOVE`.
    pub best: u16,
}

pub const NO_MOVE: u16 = u16::MAX;

/// What a transposition table keeps: an entry with its position's key, and how
/// a bucket of `WAYS` entries makes room for a new one. Expert and the exact
/// solver keep different entries (a heuristic value by depth, an exact one by
/// subtree) in the same table.
pub(crate) trait Slot: Copy {
    /// Entries per bucket: a power of two.
    const WAYS: usize;
    /// An empty slot (key 0: keys start from a non-zero salt, so no real position has it).
    const EMPTY: Self;
    fn key(&self) -> u64;
    /// Where in its bucket `entry` goes, or `None` to keep the bucket as it is.
    fn place(bucket: &[Self], entry: &Self) -> Option<usize>;
}

impl Slot for Entry {
    const WAYS: usize = 1;
    const EMPTY: Entry = Entry {
        key: 0,
        value: 0.0,
        depth: 0,
        bound: Bound::Exact,
        best: NO_MOVE,
    };

    #[inline(always)]
    fn key(&self) -> u64 {
        self.key
    }

    /// Replaced by depth: a deeper result of the same position is kept.
    #[inline(always)]
    fn place(bucket: &[Entry], entry: &Entry) -> Option<usize> {
        let slot = &bucket[0];
        (slot.key != entry.key || entry.depth >= slot.depth).then_some(0)
    }
}

/// A fixed-size table of `2^bits` entries in buckets of `E::WAYS`.
pub(crate) struct Table<E: Slot = Entry> {
    entries: Vec<E>,
    mask: usize,
}

impl<E: Slot> Table<E> {
    pub fn new(bits: u32) -> Table<E> {
        Table {
            entries: vec![E::EMPTY; 1 << bits],
            mask: (1 << bits) - E::WAYS,
        }
    }

    /// Every entry emptied, as in a new table.
    pub fn clear(&mut self) {
        self.entries.fill(E::EMPTY);
    }

    /// The entry for this key, if stored.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<E> {
        let at = key as usize & self.mask;
        self.entries[at..at + E::WAYS]
            .iter()
            .find(|e| e.key() == key)
            .copied()
    }

    #[inline(always)]
    pub fn store(&mut self, entry: E) {
        let at = entry.key() as usize & self.mask;
        if let Some(way) = E::place(&self.entries[at..at + E::WAYS], &entry) {
            self.entries[at + way] = entry;
        }
    }
}
