//! The solver's search. See the module's page for the ideas.

use super::symmetry::Symmetries;
use super::table::{Bound, Entry, Table, NO_MOVE};
use crate::ai::table::Zobrist;
use crate::ai::{Clock, Limits};
use crate::bits::Bits;
use crate::board::Player;
use crate::position::Position;
use crate::score::Score;

/// Positions with more free cells are never tried (no budget would finish them).
pub const MAX_SOLVE_FREE: usize = 48;
/// 2^18 entries of 32 bytes: 8 MiB.
const TABLE_BITS: u32 = 18;
/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 1024;
/// Below this many free cells, ordering the moves costs more than it saves.
const ORDER_FROM_FREE: usize = 6;
/// Salt of the key when player 1 is to move (either player may move first, so
/// the cells alone do not say whose turn it is).
const SIDE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// The best move of a solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub best: usize,
    /// The final score difference (mover minus opponent) with best play.
    pub value: Score,
    pub nodes: u64,
}

/// Every free cell's exact value in a solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct CellValues {
    pub best: usize,
    /// The final score difference (mover minus opponent) with best play.
    pub value: Score,
    /// Each free cell with the final difference for the mover after taking it.
    pub cells: Vec<(usize, Score)>,
    pub nodes: u64,
}

/// The solver, kept between calls so its table and what it knows live on.
pub struct Solver {
    zobrist: Zobrist,
    table: Table,
    generation: u8,
    /// Symmetries of the last board size seen.
    symmetries: Option<((usize, usize), Symmetries)>,
}

struct Budget<'a> {
    clock: &'a dyn Clock,
    start_ms: f64,
    limits: Limits,
    nodes: u64,
    stopped: bool,
}

impl Budget<'_> {
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_EVERY) {
            if let Some(t) = self.limits.time_ms {
                self.stopped = self.clock.now_ms() - self.start_ms >= t;
            }
        }
        self.stopped
    }
}

/// One search: the position and everything that changes with it.
struct Search<'a> {
    zobrist: &'a Zobrist,
    table: &'a mut Table,
    symmetries: &'a Symmetries,
    generation: u8,
    budget: Budget<'a>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

fn difference(position: &Position, side: Player) -> Score {
    let s = position.scores();
    s[side] - s[1 - side]
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            zobrist: Zobrist::new(),
            table: Table::new(TABLE_BITS),
            generation: 0,
            symmetries: None,
        }
    }

    /// The best move for `side` and its exact value, or `None` on a full board,
    /// beyond [`MAX_SOLVE_FREE`], or when the limits stop the search first.
    /// `prefer` (a free cell) is taken whenever it is as good as the best.
    pub fn best_move(
        &mut self,
        position: &Position,
        side: Player,
        prefer: Option<usize>,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<Solution> {
        let (mut search, mut position, key, syms) = self.start(position, side, limits, clock)?;
        let moves = search.root_moves(&mut position, key, syms, side, prefer);
        let mut best = (moves[0], f64::NEG_INFINITY);
        for &cell in &moves {
            let v = search.child(&mut position, key, syms, cell, side, best.1, f64::INFINITY)?;
            if v > best.1 {
                best = (cell, v);
            }
        }
        Some(Solution {
            best: best.0,
            // + 0.0 turns a negated draw (-0) into 0.
            value: best.1 + 0.0,
            nodes: search.budget.nodes,
        })
    }

    /// Every free cell's exact value for `side` (`None` as for [`Solver::best_move`]).
    pub fn cell_values(
        &mut self,
        position: &Position,
        side: Player,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<CellValues> {
        let (mut search, mut position, key, syms) = self.start(position, side, limits, clock)?;
        let moves = search.root_moves(&mut position, key, syms, side, None);
        let mut solved: Vec<(usize, Score)> = Vec::with_capacity(moves.len());
        for &cell in &moves {
            let v = search.child(
                &mut position,
                key,
                syms,
                cell,
                side,
                f64::NEG_INFINITY,
                f64::INFINITY,
            )?;
            solved.push((cell, v));
        }
        // Cells left out by symmetry share their representative's value.
        let mut cells = Vec::new();
        Bits::<4>(position.board().free_words()).for_each(|cell| {
            let rep = search.symmetries.representative(syms, cell);
            let value = solved.iter().find(|s| s.0 == rep).map_or(0.0, |s| s.1);
            cells.push((cell, value + 0.0));
        });
        let (best, value) = solved
            .iter()
            .copied()
            .fold(
                (moves[0], f64::NEG_INFINITY),
                |b, s| if s.1 > b.1 { s } else { b },
            );
        Some(CellValues {
            best,
            value: value + 0.0,
            cells,
            nodes: search.budget.nodes,
        })
    }

    #[allow(clippy::type_complexity)]
    fn start<'a>(
        &'a mut self,
        position: &Position,
        side: Player,
        limits: Limits,
        clock: &'a dyn Clock,
    ) -> Option<(Search<'a>, Position, u64, u8)> {
        let board = position.board();
        let free = board.free_count();
        if free == 0 || free > MAX_SOLVE_FREE {
            return None;
        }
        let size = (board.width(), board.height());
        if self.symmetries.as_ref().is_none_or(|(s, _)| *s != size) {
            self.symmetries = Some((size, Symmetries::of(board)));
        }
        self.generation = self.generation.wrapping_add(1);
        let symmetries = &self.symmetries.as_ref()?.1;
        let syms = symmetries.of_position(board);
        let key = self.zobrist.of(board, position.mode()) ^ side_salt(side);
        let search = Search {
            zobrist: &self.zobrist,
            table: &mut self.table,
            symmetries,
            generation: self.generation,
            budget: Budget {
                clock,
                start_ms: clock.now_ms(),
                limits,
                nodes: 0,
                stopped: false,
            },
        };
        Some((search, *position, key, syms))
    }
}

fn side_salt(side: Player) -> u64 {
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
    fn root_moves(
        &mut self,
        position: &mut Position,
        key: u64,
        syms: u8,
        side: Player,
        prefer: Option<usize>,
    ) -> Vec<usize> {
        let free = Bits::<4>(position.board().free_words());
        let table_move = self.table.probe(key).map_or(NO_MOVE, |e| e.best);
        let mut moves = self.ordered(position, free, syms, side, table_move);
        if let Some(p) = prefer.filter(|&p| free.has(p)) {
            let rep = self.symmetries.representative(syms, p);
            moves.retain(|m| m.1 as usize != rep);
            moves.push((f64::INFINITY, p as u16));
        }
        moves.sort_by(|a, b| b.0.total_cmp(&a.0));
        moves.into_iter().map(|m| m.1 as usize).collect()
    }

    /// `side` takes `cell`: the value for `side`, or `None` if the budget ran out.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        position: &mut Position,
        key: u64,
        syms: u8,
        cell: usize,
        side: Player,
        alpha: f64,
        beta: f64,
    ) -> Option<f64> {
        let before = position.scores()[side];
        position.play_index(cell, side);
        let child_syms = self.symmetries.fixing(syms, cell);
        let k = child_key(self.zobrist, key, side, cell);
        let v = -self.negamax(position, k, child_syms, -beta, -alpha, 1 - side);
        position.unplay_index(cell, side, before);
        (!self.budget.stopped).then_some(v)
    }

    fn negamax(
        &mut self,
        position: &mut Position,
        key: u64,
        syms: u8,
        mut alpha: f64,
        beta: f64,
        side: Player,
    ) -> f64 {
        if self.budget.visit() {
            return 0.0;
        }
        let free = Bits::<4>(position.board().free_words());
        let count = free.count() as usize;
        if count == 0 {
            return difference(position, side);
        }
        if count == 1 {
            let cell = free.first_index().unwrap_or(0);
            let before = position.scores()[side];
            position.play_index(cell, side);
            let v = difference(position, side);
            position.unplay_index(cell, side, before);
            return v;
        }
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
        let mut best = f64::NEG_INFINITY;
        let mut best_move = NO_MOVE;
        if count < ORDER_FROM_FREE && syms == 0 {
            // Few cells: the table's move, then the rest as they come.
            if table_move != NO_MOVE && free.has(table_move as usize) {
                let cell = table_move as usize;
                let v = self.value_of(position, key, syms, cell, side, alpha, beta);
                best = v;
                best_move = table_move;
                alpha = alpha.max(v);
            }
            if alpha < beta {
                let mut rest = free.0;
                'cells: for (w, word) in rest.iter_mut().enumerate() {
                    while *word != 0 {
                        let cell = w * 64 + word.trailing_zeros() as usize;
                        *word &= *word - 1;
                        if cell as u16 == table_move {
                            continue;
                        }
                        let v = self.value_of(position, key, syms, cell, side, alpha, beta);
                        if self.budget.stopped {
                            return 0.0;
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
            let mut moves = self.ordered(position, free, syms, side, table_move);
            for k in 0..moves.len() {
                let pick = (k..moves.len())
                    .max_by(|&a, &b| moves[a].0.total_cmp(&moves[b].0))
                    .unwrap_or(k);
                moves.swap(k, pick);
                let cell = moves[k].1 as usize;
                // Principal variation search: after the first move, a null window
                // (scores are whole numbers) asks only "better than alpha?", and a
                // move that is gets searched again with the full window.
                let v = if k == 0 {
                    self.value_of(position, key, syms, cell, side, alpha, beta)
                } else {
                    let probe = self.value_of(position, key, syms, cell, side, alpha, alpha + 1.0);
                    if probe > alpha && probe < beta && !self.budget.stopped {
                        self.value_of(position, key, syms, cell, side, alpha, beta)
                    } else {
                        probe
                    }
                };
                if self.budget.stopped {
                    return 0.0;
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
            return 0.0;
        }
        let bound = if best <= alpha_at_start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
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
        position: &mut Position,
        key: u64,
        syms: u8,
        cell: usize,
        side: Player,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let child_syms = if syms == 0 {
            0
        } else {
            self.symmetries.fixing(syms, cell)
        };
        let before = position.scores()[side];
        position.play_index(cell, side);
        let k = child_key(self.zobrist, key, side, cell);
        let v = -self.negamax(position, k, child_syms, -beta, -alpha, 1 - side);
        position.unplay_index(cell, side, before);
        v
    }

    /// One move per orbit of the position's symmetries, each with its ordering
    /// score: the table's move first, then what the cell is worth to the mover
    /// plus what it would be worth to the opponent.
    fn ordered(
        &mut self,
        position: &mut Position,
        free: Bits<4>,
        syms: u8,
        side: Player,
        table_move: u16,
    ) -> Vec<(f64, u16)> {
        let mut moves = Vec::with_capacity(free.count() as usize);
        let scores = position.scores();
        free.for_each(|cell| {
            if syms != 0 && self.symmetries.representative(syms, cell) != cell {
                return;
            }
            let score = if cell as u16 == table_move {
                f64::MAX
            } else {
                gain(position, cell, side, scores) + gain(position, cell, 1 - side, scores)
            };
            moves.push((score, cell as u16));
        });
        moves
    }
}

/// How much `who` would gain by taking `cell`.
#[inline(always)]
fn gain(position: &mut Position, cell: usize, who: Player, scores: [Score; 2]) -> f64 {
    position.play_index(cell, who);
    let after = position.scores()[who];
    position.unplay_index(cell, who, scores[who]);
    after - scores[who]
}
