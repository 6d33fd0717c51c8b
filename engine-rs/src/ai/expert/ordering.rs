//! Expert's move ordering: the table's move, the killers, then each cell's
//! importance to either player and its history of cutoffs.

use super::Expert;
use crate::ai::live_groups::LiveGroups;
use crate::bits::Bits;
use crate::board::Player;

impl Expert {
    /// Every legal cell with its ordering score: table move, killers, then the
    /// cell's importance and history.
    pub(super) fn ordered_moves(
        &mut self,
        live: &LiveGroups,
        legal: Bits<4>,
        side: Player,
        ply: usize,
        table_move: u16,
    ) -> Vec<(f64, usize)> {
        let mut moves = Vec::with_capacity(legal.count() as usize);
        let killers = self.killers[ply];
        legal.for_each(|cell| {
            let c = cell as u16;
            let score = if c == table_move {
                1e12
            } else if c == killers[0] {
                1e11
            } else if c == killers[1] {
                1e10
            } else {
                self.importance(live, side, cell) * 1e6 + f64::from(self.history[side][cell])
            };
            moves.push((score, cell));
        });
        moves
    }

    /// How much a free cell matters: what taking it changes its taker's
    /// (`side`'s) score by, plus what it would change the other player's by, on
    /// a log scale (a cell worth much to either side is worth taking first).
    #[inline]
    pub(super) fn importance(&self, live: &LiveGroups, side: Player, cell: usize) -> f64 {
        live.ln_gain(cell, side, &self.ln) + live.ln_gain(cell, 1 - side, &self.ln)
    }

    pub(super) fn remember_cutoff(&mut self, side: Player, ply: usize, cell: usize, depth: u32) {
        let c = cell as u16;
        let killers = &mut self.killers[ply];
        if killers[0] != c {
            killers[1] = killers[0];
            killers[0] = c;
        }
        let h = &mut self.history[side][cell];
        *h = h.saturating_add(depth * depth);
    }
}
