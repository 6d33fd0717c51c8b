//! The spec's minimax (Medium: depth 2, Hard: depth 4) with the spec's evaluation.
//! Alpha-beta pruning with children ordered by their evaluation gives the same
//! value as plain minimax while visiting a small part of the tree.

use super::evaluate::{spec_evaluation, spec_value};
use super::groups::Groups;
use crate::board::Player;
use crate::position::Position;
use crate::score::{group_summary, GroupSummary, Score};

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

/// SPEC §9's evaluation of every position one move away: the mover's groups are
/// labelled once, and each cell's value is then a few look-ups, never a move
/// played and the whole board scored again. The other player's groups do not change.
struct Children {
    mover: Player,
    groups: Box<Groups>,
    other: GroupSummary,
    scores: [Score; 2],
    free: usize,
}

impl Children {
    fn of(position: &Position, mover: Player) -> Children {
        let board = position.board();
        Children {
            mover,
            groups: Groups::of(board, mover, position.mode()),
            other: group_summary(board, 1 - mover, position.mode()),
            scores: position.scores(),
            free: board.free_count(),
        }
    }

    /// `spec_evaluation` for `me` once the mover takes `cell`.
    #[inline]
    fn evaluation(&self, position: &Position, cell: usize, me: Player) -> f64 {
        let board = position.board();
        let after = self.groups.after(board, cell);
        let mut scores = self.scores;
        scores[self.mover] = after.score;
        let mut summaries = [self.other; 2];
        summaries[self.mover] = after.summary;
        spec_value(
            position.mode(),
            scores,
            summaries,
            me,
            self.free - 1,
            board.area(),
        )
    }
}

/// The cells `side` may take (every free cell but under the mirror rule).
fn legal_cells(position: &Position, side: Player) -> Vec<usize> {
    let mut cells = Vec::with_capacity(position.board().free_count());
    position.legal_cells(side).for_each(|i| cells.push(i));
    cells
}

impl Search {
    /// Children of the side to move, most promising first for that side.
    fn ordered(&mut self, position: &Position, children: &Children) -> Vec<usize> {
        let mover_is_me = children.mover == self.me;
        let mut scored: Vec<(f64, usize)> = legal_cells(position, children.mover)
            .into_iter()
            .map(|cell| {
                let value = children.evaluation(position, cell, self.me);
                (if mover_is_me { -value } else { value }, cell)
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
        let children = Children::of(position, side);
        let cells = if depth >= 2 {
            self.ordered(position, &children)
        } else {
            legal_cells(position, side)
        };
        let maximising = side == self.me;
        let mut best = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut child_line = Vec::new();
        for cell in cells {
            let v = if depth == 1 {
                // A leaf: evaluated from here, as if played.
                self.nodes += 1;
                child_line.clear();
                children.evaluation(position, cell, self.me)
            } else {
                let before = position.scores()[side];
                position.play_index(cell, side);
                let v = self.value(position, depth - 1, alpha, beta, 1 - side, &mut child_line);
                position.unplay_index(cell, side, before);
                v
            };
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
