//! The solver's search. See the module's page for the ideas.

use super::symmetry::Symmetries;
use super::table::{Bound, Entry, Table, NO_MOVE};
pub(super) use crate::ai::budget::Budget;
use crate::ai::live_groups::LiveGroups;
use crate::ai::table::Zobrist;
use crate::bits::Bits;
use crate::board::Player;
use crate::score::{difference, ScoreDiff};

/// Below this many free cells, ordering the moves (and looking their children up
/// in the table first) costs more than it saves: measured in instructions on
/// 10×10 endgames, 8 beats 6, 7 and 9.
const ORDER_FROM_FREE: usize = 8;
/// Beyond every final difference of a searched board (each below 2^127 in
/// size, see `score::within_search_reach`), and safe to negate: the search's
/// open window is (−`BEYOND`, `BEYOND`).
pub(super) const BEYOND: ScoreDiff = ScoreDiff::MAX;
/// Salt of the key when player 1 is to move (either player may move first, so
/// the cells alone do not say whose turn it is).
const SIDE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;
/// Salt of the key under the mirror rule: the same cells have another value
/// there, and the table is kept between solves.
const MIRROR_RULE_SALT: u64 = 0xD1B5_4A32_D192_ED03;

/// One search: the position and everything that changes with it.
pub(super) struct Search<'a> {
    pub(super) zobrist: &'a Zobrist,
    pub(super) table: &'a mut Table,
    pub(super) symmetries: &'a Symmetries,
    pub(super) generation: u8,
    pub(super) budget: Budget<'a>,
}

fn final_difference(position: &LiveGroups, side: Player) -> ScoreDiff {
    let s = position.scores();
    difference(s[side], s[1 - side])
}

pub(super) fn rule_salt(mirror_rule: bool) -> u64 {
    if mirror_rule {
        MIRROR_RULE_SALT
    } else {
        0
    }
}

pub(super) fn side_salt(side: Player) -> u64 {
    if side == 1 {
        SIDE_SALT
    } else {
        0
    }
}

/// The key of a board after `side` takes `cell`.
#[inline(always)]
fn child_key(zobrist: &Zobrist, key: u64, side: Player, cell: usize) -> u64 {
    key ^ zobrist.key(side, cell) ^ SIDE_SALT
}

impl Search<'_> {
    /// The root's moves, one per orbit, best guesses first; `prefer` stands for its orbit and leads.
    pub(super) fn root_moves(
        &mut self,
        position: &mut LiveGroups,
        key: u64,
        syms: u8,
        side: Player,
        prefer: Option<usize>,
    ) -> Vec<usize> {
        let legal = position.position().legal_cells(side);
        let table_move = self.table.probe(key).map_or(NO_MOVE, |e| e.best);
        let mut moves = self.ordered(position, legal, syms, side, table_move);
        if let Some(p) = prefer.filter(|&p| legal.has(p)) {
            let rep = self.symmetries.representative(syms, p);
            moves.retain(|m| m.1 as usize != rep);
            moves.push((ScoreDiff::MAX, p as u16));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        moves.into_iter().map(|m| m.1 as usize).collect()
    }

    /// `side` takes `cell`: the value for `side`, or `None` if the budget ran out.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        position: &mut LiveGroups,
        key: u64,
        syms: u8,
        cell: usize,
        side: Player,
        alpha: ScoreDiff,
        beta: ScoreDiff,
    ) -> Option<ScoreDiff> {
        position.play(cell, side);
        let child_syms = self.symmetries.fixing(syms, cell);
        let k = child_key(self.zobrist, key, side, cell);
        let v = -self.negamax(position, k, child_syms, -beta, -alpha, 1 - side);
        position.unplay();
        (!self.budget.stopped).then_some(v)
    }

    fn negamax(
        &mut self,
        position: &mut LiveGroups,
        key: u64,
        syms: u8,
        mut alpha: ScoreDiff,
        beta: ScoreDiff,
        side: Player,
    ) -> ScoreDiff {
        if self.budget.visit() {
            return 0;
        }
        let free = Bits::<4>(position.board().free_words());
        let count = free.count() as usize;
        if count == 0 {
            return final_difference(position, side);
        }
        if count == 1 {
            let cell = free.first_index().unwrap_or(0);
            position.play(cell, side);
            let v = final_difference(position, side);
            position.unplay();
            return v;
        }
        let legal = position.position().legal_cells(side);
        let alpha_at_start = alpha;
        let mut table_move = NO_MOVE;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            let v = entry.value;
            match entry.bound {
                Bound::Exact => return v,
                Bound::Lower if v >= beta => return v,
                Bound::Upper if v <= alpha => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => {}
            }
        }
        let mut best = -BEYOND;
        let mut best_move = NO_MOVE;
        if count < ORDER_FROM_FREE && syms == 0 {
            // Few cells: the table's move, then the rest as they come.
            if table_move != NO_MOVE && legal.has(table_move as usize) {
                let cell = table_move as usize;
                let v = self.value_of(position, key, syms, cell, side, alpha, beta);
                best = v;
                best_move = table_move;
                alpha = alpha.max(v);
            }
            if alpha < beta {
                let mut rest = legal.0;
                'cells: for (w, word) in rest.iter_mut().enumerate() {
                    while *word != 0 {
                        let cell = w * 64 + word.trailing_zeros() as usize;
                        *word &= *word - 1;
                        if cell as u16 == table_move {
                            continue;
                        }
                        let v = self.value_of(position, key, syms, cell, side, alpha, beta);
                        if self.budget.stopped {
                            return 0;
                        }
                        if v > best {
                            best = v;
                            best_move = cell as u16;
                        }
                        alpha = alpha.max(v);
                        if alpha >= beta {
                            break 'cells;
                        }
                    }
                }
            }
        } else {
            let mut moves = self.ordered(position, legal, syms, side, table_move);
            if let Some(v) = self.refuted_by_child(key, count, side, beta, &moves) {
                return v;
            }
            for k in 0..moves.len() {
                let pick = (k..moves.len()).max_by_key(|&a| moves[a].0).unwrap_or(k);
                moves.swap(k, pick);
                let cell = moves[k].1 as usize;
                // Principal variation search: after the first move, a null window
                // (exact whole numbers: (alpha, alpha + 1) holds none) asks only
                // "better than alpha?", and a move that is gets searched again
                // with the full window.
                let v = if k == 0 {
                    self.value_of(position, key, syms, cell, side, alpha, beta)
                } else {
                    let null = alpha.saturating_add(1);
                    let probe = self.value_of(position, key, syms, cell, side, alpha, null);
                    if probe > alpha && probe < beta && !self.budget.stopped {
                        self.value_of(position, key, syms, cell, side, alpha, beta)
                    } else {
                        probe
                    }
                };
                if self.budget.stopped {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = cell as u16;
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        if self.budget.stopped {
            return 0;
        }
        let bound = Bound::of(best, alpha_at_start, beta);
        self.table.store(Entry {
            key,
            value: best,
            free: count as u8,
            generation: self.generation,
            bound,
            best: best_move,
        });
        best
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn value_of(
        &mut self,
        position: &mut LiveGroups,
        key: u64,
        syms: u8,
        cell: usize,
        side: Player,
        alpha: ScoreDiff,
        beta: ScoreDiff,
    ) -> ScoreDiff {
        let child_syms = if syms == 0 {
            0
        } else {
            self.symmetries.fixing(syms, cell)
        };
        position.play(cell, side);
        let k = child_key(self.zobrist, key, side, cell);
        let v = -self.negamax(position, k, child_syms, -beta, -alpha, 1 - side);
        position.unplay();
        v
    }

    /// Enhanced transposition cutoff: a child the table already knows to be at
    /// least `beta` for the mover ends the position before any move is searched
    /// (about a tenth fewer nodes on 10×10 endgames of 15 free cells).
    fn refuted_by_child(
        &mut self,
        key: u64,
        count: usize,
        side: Player,
        beta: ScoreDiff,
        moves: &[(ScoreDiff, u16)],
    ) -> Option<ScoreDiff> {
        for &(_, cell) in moves {
            let Some(entry) = self
                .table
                .probe(child_key(self.zobrist, key, side, cell as usize))
            else {
                continue;
            };
            // The child's value is at most entry.value for the opponent: at least its negation for the mover.
            let value = -entry.value;
            if matches!(entry.bound, Bound::Exact | Bound::Upper) && value >= beta {
                self.table.store(Entry {
                    key,
                    value,
                    free: count as u8,
                    generation: self.generation,
                    bound: Bound::Lower,
                    best: cell,
                });
                return Some(value);
            }
        }
        None
    }

    /// One move per orbit of the position's symmetries, each with its ordering
    /// score: the table's move first, then what the cell is worth to the mover
    /// plus what it would be worth to the opponent.
    fn ordered(
        &mut self,
        position: &mut LiveGroups,
        legal: Bits<4>,
        syms: u8,
        side: Player,
        table_move: u16,
    ) -> Vec<(ScoreDiff, u16)> {
        let mut moves = Vec::with_capacity(legal.count() as usize);
        let scores = position.scores();
        let gain =
            |who: Player, cell: usize| difference(position.score_after(cell, who), scores[who]);
        legal.for_each(|cell| {
            if syms != 0 && self.symmetries.representative(syms, cell) != cell {
                return;
            }
            let score = if cell as u16 == table_move {
                ScoreDiff::MAX
            } else {
                gain(side, cell).saturating_add(gain(1 - side, cell))
            };
            moves.push((score, cell as u16));
        });
        moves
    }
}
