//! Expert's leaves valued by its learned net (`crate::ai::nnue`): the
//! accumulators a search keeps, one per ply for each player's side.

use super::Expert;
use crate::ai::evaluate::{expert_evaluation, ratio_evaluation};
use crate::ai::live_groups::LiveGroups;
use crate::ai::nnue;
use crate::board::Player;

impl Expert {
    /// Whether this searcher values positions by its learned net.
    pub fn is_learned(&self) -> bool {
        self.net.is_some()
    }

    /// Readies the accumulators of the search's root (ply 0).
    pub(super) fn start_accumulators(&mut self, live: &LiveGroups) {
        self.net_on = self.net.is_some_and(|net| net.knows(live.board()));
        if let (true, Some(net)) = (self.net_on, self.net) {
            let (board, mode) = (live.board(), live.position().mode());
            self.accs[0] = [
                net.accumulator(board, mode, 0),
                net.accumulator(board, mode, 1),
            ];
        }
    }

    /// The accumulators at `ply + 1`, after `mover` took `cell` at `ply`.
    #[inline(always)]
    pub(super) fn push_accumulators(
        &mut self,
        ply: usize,
        cell: usize,
        mover: Player,
        side_len: usize,
    ) {
        if let (true, Some(net)) = (self.net_on, self.net) {
            let mut next = self.accs[ply];
            for (viewer, acc) in next.iter_mut().enumerate() {
                nnue::add(acc, net.cell_column(side_len, cell, viewer != mover));
            }
            self.accs[ply + 1] = next;
        }
    }

    /// A position's value for `side` to move (the search's horizon).
    pub(super) fn evaluate(&self, live: &LiveGroups, ply: usize, side: Player) -> f64 {
        match (self.net_on, self.net) {
            (true, Some(net)) => {
                let board = live.board();
                let ratio = ratio_evaluation(live.scores(), side, false);
                let room = crate::score::liberties(board, side) as i32
                    - crate::score::liberties(board, 1 - side) as i32;
                let taken = board.area() - board.free_count();
                let mode = live.position().mode();
                net.value(
                    &self.accs[ply][side],
                    None,
                    mode,
                    taken,
                    board.area(),
                    ratio,
                    room,
                )
            }
            _ => expert_evaluation(live.position(), side),
        }
    }
}
