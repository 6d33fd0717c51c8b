//! The spec's minimax (Medium: depth 2, Hard: depth 4) with the spec's evaluation.
//! Alpha-beta pruning with children ordered by their evaluation gives the same
//! value as plain minimax while visiting a small part of the tree.

use super::evaluate::spec_evaluation;
use crate::bits::Bits;
use crate::board::Player;
use crate::position::Position;

pub struct MinimaxResult {
    pub best: usize,
    pub value: f64,
    pub nodes: u64,
    /// The line the search expects, `best` first.
    pub line: Vec<usize>,
}

struct Search {
    me: Player,
    nodes: u64,
}

fn free_cells(position: &Position) -> Vec<usize> {
    let mut cells = Vec::with_capacity(position.board().free_count());
    Bits::<4>(position.board().free_words()).for_each(|i| cells.push(i));
    cells
}

impl Search {
    /// Children of the side to move, most promising first for that side.
    fn ordered(&mut self, position: &mut Position, side: Player) -> Vec<usize> {
        let mut scored: Vec<(f64, usize)> = free_cells(position)
            .into_iter()
            .map(|cell| {
                let before = position.scores()[side];
                position.play_index(cell, side);
                let value = spec_evaluation(position, self.me);
                position.unplay_index(cell, side, before);
                (if side == self.me { -value } else { value }, cell)
            })
            .collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        scored.into_iter().map(|(_, cell)| cell).collect()
    }

    fn value(
        &mut self,
        position: &mut Position,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        side: Player,
        line: &mut Vec<usize>,
    ) -> f64 {
        self.nodes += 1;
        line.clear();
        if depth == 0 || position.board().free_count() == 0 {
            return spec_evaluation(position, self.me);
        }
        let children = if depth >= 2 {
            self.ordered(position, side)
        } else {
            free_cells(position)
        };
        let maximising = side == self.me;
        let mut best = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut child_line = Vec::new();
        for cell in children {
            let before = position.scores()[side];
            position.play_index(cell, side);
            let v = self.value(position, depth - 1, alpha, beta, 1 - side, &mut child_line);
            position.unplay_index(cell, side, before);
            let better = if maximising { v > best } else { v < best };
            if better {
                best = v;
                line.clear();
                line.push(cell);
                line.extend_from_slice(&child_line);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The best move for `me` by minimax to `depth` plies; `None` on a full board.
pub fn minimax(position: &Position, me: Player, depth: u32) -> Option<MinimaxResult> {
    let mut search = Search { me, nodes: 0 };
    let mut position = *position;
    let mut line = Vec::new();
    let value = search.value(
        &mut position,
        depth.max(1),
        f64::NEG_INFINITY,
        f64::INFINITY,
        me,
        &mut line,
    );
    let best = *line.first()?;
    Some(MinimaxResult {
        best,
        value,
        nodes: search.nodes,
        line,
    })
}
