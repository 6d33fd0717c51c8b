//! Expert's root: iterative deepening over the root's moves, and the seeded
//! choice among the near-best ones (varied play).

use super::{Budget, Expert, ExpertResult, Limits, NULL_WINDOW, VARIETY_MARGIN};
use crate::ai::clock::Clock;
use crate::ai::evaluate::WIN;
use crate::ai::live_groups::LiveGroups;
use crate::ai::rng::Rng;
use crate::ai::table::NO_MOVE;
use crate::board::Player;
use crate::position::Position;

impl Expert {
    /// The best move for `me` within the limits; `None` on a full board.
    pub fn search(
        &mut self,
        position: &Position,
        me: Player,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<ExpertResult> {
        self.search_with(position, me, limits, clock, None)
    }

    /// As [`Expert::search`], but the move is drawn by `seed` among those within
    /// [`VARIETY_MARGIN`] of the best of the last finished depth: the same seed,
    /// position and node budget give the same move; another seed may not.
    pub fn search_varied(
        &mut self,
        position: &Position,
        me: Player,
        limits: Limits,
        clock: &dyn Clock,
        seed: u64,
    ) -> Option<ExpertResult> {
        self.search_with(position, me, limits, clock, Some(seed))
    }

    fn search_with(
        &mut self,
        position: &Position,
        me: Player,
        limits: Limits,
        clock: &dyn Clock,
        variety: Option<u64>,
    ) -> Option<ExpertResult> {
        let margin = if variety.is_some() {
            VARIETY_MARGIN
        } else {
            0.0
        };
        let free = position.board().free_count() as u32;
        if free == 0 {
            return None;
        }
        self.table.clear();
        self.killers.fill([NO_MOVE; 2]);
        self.history.iter_mut().for_each(|h| h.fill(0));
        let mut budget = Budget::start(clock, limits);
        let key = self.zobrist.of(position.board(), position.mode());
        let mut live = LiveGroups::new(position, &mut self.scratch);
        self.start_accumulators(&live);
        let side_len = position.board().width();
        let mut root: Vec<(f64, usize)> = Vec::new();
        position
            .legal_cells(me)
            .for_each(|cell| root.push((self.importance(&live, me, cell), cell)));
        root.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut best = (root[0].1, f64::NEG_INFINITY);
        let mut line = vec![root[0].1];
        let mut depth_done = 0;
        // The moves within the margin of the best at the last finished depth.
        let mut close: Vec<(usize, f64)> = Vec::new();
        for depth in 1..=free {
            let mut alpha = f64::NEG_INFINITY;
            let mut iteration_best: Option<(usize, f64, Vec<usize>)> = None;
            for (k, entry) in root.iter_mut().enumerate() {
                let cell = entry.1;
                live.play(cell, me);
                self.push_accumulators(0, cell, me, side_len);
                let child_key = key ^ self.zobrist.key(me, cell);
                let mut search = |expert: &mut Expert, low: f64, high: f64| {
                    -expert.negamax(
                        &mut live,
                        child_key,
                        depth - 1,
                        1,
                        -high,
                        -low,
                        1 - me,
                        &mut budget,
                    )
                };
                let v = if k == 0 || alpha == f64::NEG_INFINITY {
                    search(self, f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    // Principal variation search: only a move that beats the
                    // best so far (less the variety margin) is searched again for its value.
                    let floor = alpha - margin;
                    let probe = search(self, floor, floor + NULL_WINDOW);
                    if probe > floor {
                        search(self, floor, f64::INFINITY)
                    } else {
                        probe
                    }
                };
                live.unplay();
                if budget.stopped {
                    break;
                }
                entry.0 = v;
                if iteration_best.as_ref().is_none_or(|(_, b, _)| v > *b) {
                    let reply = self.lines[1][1..self.ends[1]].iter().map(|&c| c as usize);
                    iteration_best = Some((cell, v, std::iter::once(cell).chain(reply).collect()));
                }
                alpha = alpha.max(v);
            }
            // A part-finished iteration still counts: its first move was the last
            // best, and any move that beat it was searched in full.
            if let Some((cell, v, l)) = iteration_best {
                if budget.stopped && cell != best.0 {
                    // A new best from a part-finished depth: no margin known around it.
                    close.clear();
                }
                best = (cell, v);
                line = l;
            }
            if budget.stopped {
                break;
            }
            depth_done = depth;
            // Exact values above the floor; a move that failed low is at most the floor.
            close = root
                .iter()
                .filter(|e| e.0 > best.1 - margin || e.1 == best.0)
                .map(|e| (e.1, e.0))
                .collect();
            root.sort_by(|a, b| b.0.total_cmp(&a.0));
            let decided = best.1.abs() >= WIN / 2.0;
            let half_spent = limits
                .time_ms
                .is_some_and(|t| budget.elapsed_ms() * 2.0 > t);
            if decided || half_spent {
                break;
            }
        }
        if let Some(seed) = variety.filter(|_| close.len() > 1) {
            // Valued at the last finished depth, as the moves it was drawn among.
            let pick = close[Rng::new(seed).below(close.len())];
            if pick.0 != best.0 {
                line = vec![pick.0];
            }
            best = pick;
        }
        Some(ExpertResult {
            best: best.0,
            value: best.1,
            depth: depth_done,
            nodes: budget.nodes,
            elapsed_ms: budget.elapsed_ms(),
            line,
        })
    }
}
