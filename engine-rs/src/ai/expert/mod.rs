//! Expert: iterative-deepening negamax with alpha-beta, a transposition table,
//! and move ordering (table move, killers, history, and each cell's immediate
//! gain to either player), within a time and node budget.
//!
//! A large board offers a hundred moves or more at every node, so the search
//! is made cheap where it can be: after the first move, a null window only
//! asks whether a move beats the best so far (principal variation search);
//! both players' groups are labelled once at the root and only joined as cells
//! are taken (`LiveGroups`), so a move is a few unions and each cell's
//! importance a few look-ups; and the last ply values every reply from those
//! groups instead of playing each one; it stops at the first reply that settles
//! the position. Every move is still searched: cutting late
//! moves short (reductions, or searching only the best-ordered ones) reached
//! deeper but lost to the full-width search. Everything depends only on the
//! position and the node count, so a node budget gives the same move every time.

mod learned;
mod ordering;
mod root;

use super::budget::Budget;
use super::evaluate::{ln_score, ratio_evaluation, LIBERTY_WEIGHT};
use super::groups::{Groups, LnValues};
use super::live_groups::LiveGroups;
use super::nnue::{self, Accumulator, Net};
use super::table::{Bound, Entry, Table, Zobrist, NO_MOVE};
use crate::bits::Bits;
use crate::board::{Board, Player, MAX_SIDE};
use crate::score::Geometry;

const CELLS: usize = MAX_SIDE * MAX_SIDE;
const MAX_PLY: usize = CELLS + 1;
/// 2^18 entries of 16 bytes: 4 MiB.
const TABLE_BITS: u32 = 18;
/// The null window's width: values are logs of score ratios, and a move better
/// by less than this is not worth a second look.
const NULL_WINDOW: f64 = 1e-3;
/// Varied play: a seeded draw among the moves within this much of the best
/// (about 3% of score ratio), so that a game that beat Expert once cannot simply
/// be repeated, while the same seed still gives the same game.
pub const VARIETY_MARGIN: f64 = 0.03;

/// When a search must stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Thinking time in milliseconds, if limited.
    pub time_ms: Option<f64>,
    /// Positions to visit at most, if limited.
    pub nodes: Option<u64>,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpertResult {
    pub best: usize,
    /// Value for the mover: the log of the score ratio, or beyond ±1000 when decided.
    pub value: f64,
    /// Plies searched to completion.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The expected line, `best` first.
    pub line: Vec<usize>,
}

/// The searcher, kept between moves so its 4 MiB table is allocated once.
pub struct Expert {
    zobrist: Zobrist,
    table: Table,
    killers: Vec<[u16; 2]>,
    history: Vec<[u32; CELLS]>,
    /// Triangular principal-variation table: `lines[ply][ply..ends[ply]]` is the
    /// best line found from the node at `ply`.
    lines: Vec<[u16; MAX_PLY]>,
    ends: Vec<usize>,
    /// The endgame solver, made at the first endgame (its table is large).
    pub(crate) solver: Option<Box<crate::solve::Solver>>,
    /// Memory to label both players' groups in at the root.
    scratch: [Box<Groups>; 2],
    ln: LnValues,
    /// The learned evaluation, or `None` for the classic one (log score ratio and room).
    net: Option<&'static Net>,
    /// Whether this search values its leaves by the net (it knows the board).
    net_on: bool,
    /// Per ply, each player's accumulator (`nnue`): a move adds one column to each.
    accs: Vec<[Accumulator; 2]>,
}

/// Best first, ties by cell.
fn by_order(a: &(f64, usize), b: &(f64, usize)) -> std::cmp::Ordering {
    b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
}

/// Free cells beside `cell` that are not yet among `liberties`: the room a
/// player whose liberties those are gains by taking it.
#[inline(always)]
fn new_liberties(board: &Board, cell: usize, fresh: Bits<4>) -> f64 {
    let w = board.width();
    let masks = board.masks();
    let at = |on: bool, i: usize| u32::from(on && fresh.has(i));
    let count = at(Bits(masks.not_first_col).has(cell), cell.wrapping_sub(1))
        + at(Bits(masks.not_last_col).has(cell), cell + 1)
        + at(cell >= w, cell.wrapping_sub(w))
        + at(cell + w < board.area(), cell + w);
    f64::from(count)
}

impl Default for Expert {
    fn default() -> Self {
        Expert::new()
    }
}

impl Expert {
    /// Expert with its learned evaluation (the classic one on boards the net does not know).
    pub fn new() -> Expert {
        Expert {
            net: Some(nnue::committed()),
            ..Expert::classic()
        }
    }

    /// Expert valuing positions by another net (self-play with a net being trained).
    pub fn with_net(net: &'static Net) -> Expert {
        Expert {
            net: Some(net),
            ..Expert::classic()
        }
    }

    /// Expert as it was before it learned: its leaves valued by the log of the score
    /// ratio and the room each side has to grow (the arena's `expert-classic`).
    pub fn classic() -> Expert {
        Expert {
            zobrist: Zobrist::new(),
            table: Table::new(TABLE_BITS),
            killers: vec![[NO_MOVE; 2]; MAX_PLY],
            history: vec![[0; CELLS]; 2],
            lines: vec![[NO_MOVE; MAX_PLY]; MAX_PLY + 1],
            ends: vec![0; MAX_PLY + 1],
            solver: None,
            scratch: Groups::empty_pair(),
            ln: LnValues::new(),
            net: None,
            net_on: false,
            accs: vec![[[0; nnue::HIDDEN]; 2]; MAX_PLY + 1],
        }
    }

    /// Forgets what earlier moves left behind (the endgame solver's table; the
    /// search's own tables are emptied at every search anyway), so that the next
    /// move depends only on its position, seed and limits, as a new searcher's would.
    pub fn forget(&mut self) {
        if let Some(solver) = self.solver.as_mut() {
            solver.forget();
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        live: &mut LiveGroups,
        key: u64,
        depth: u32,
        ply: usize,
        mut alpha: f64,
        beta: f64,
        side: Player,
        budget: &mut Budget,
    ) -> f64 {
        self.ends[ply] = ply;
        if budget.visit() {
            return 0.0;
        }
        let free = Bits::<4>(live.board().free_words());
        if free.is_empty() {
            return ratio_evaluation(live.scores(), side, true);
        }
        if depth == 0 {
            return self.evaluate(live, ply, side);
        }
        let legal = live.position().legal_cells(side);
        if depth == 1 {
            return self.last_ply(live, free, legal, ply, alpha, beta, side, budget);
        }
        let alpha_at_start = alpha;
        let mut table_move = NO_MOVE;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if u32::from(entry.depth) >= depth {
                let v = f64::from(entry.value);
                match entry.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let mut moves = self.ordered_moves(live, legal, side, ply, table_move);
        let mut best = f64::NEG_INFINITY;
        let mut best_move = NO_MOVE;
        for k in 0..moves.len() {
            // Best first, ties by cell (one order, native or wasm): the best
            // alone first, since it often ends the position, the rest in order
            // only if it does not.
            if k == 0 {
                let first = (1..moves.len()).fold(0, |b, m| {
                    if by_order(&moves[m], &moves[b]).is_lt() {
                        m
                    } else {
                        b
                    }
                });
                moves.swap(0, first);
            } else if k == 1 {
                moves[1..].sort_unstable_by(by_order);
            }
            let cell = moves[k].1;
            live.play(cell, side);
            self.push_accumulators(ply, cell, side, live.board().width());
            let child_key = key ^ self.zobrist.key(side, cell);
            let mut search = |expert: &mut Expert, low: f64, high: f64| {
                -expert.negamax(
                    live,
                    child_key,
                    depth - 1,
                    ply + 1,
                    -high,
                    -low,
                    1 - side,
                    budget,
                )
            };
            let v = if k == 0 || alpha == f64::NEG_INFINITY {
                search(self, alpha, beta)
            } else {
                // Principal variation search: a null window first.
                let probe = search(self, alpha, alpha + NULL_WINDOW);
                if probe > alpha && probe < beta {
                    search(self, alpha, beta)
                } else {
                    probe
                }
            };
            live.unplay();
            if budget.stopped {
                return 0.0;
            }
            if v > best {
                best = v;
                best_move = cell as u16;
                if v > alpha {
                    self.extend_line(ply, cell);
                }
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                self.remember_cutoff(side, ply, cell, depth);
                break;
            }
        }
        let bound = Bound::of(best, alpha_at_start, beta);
        self.table.store(Entry {
            key,
            value: best as f32,
            depth: depth.min(255) as u8,
            bound,
            best: best_move,
        });
        best
    }

    /// The last ply: every reply (`legal`) valued from the groups, without being
    /// played (what `expert_evaluation` gives after the move).
    #[allow(clippy::too_many_arguments)]
    fn last_ply(
        &mut self,
        live: &LiveGroups,
        free: Bits<4>,
        legal: Bits<4>,
        ply: usize,
        mut alpha: f64,
        beta: f64,
        side: Player,
        budget: &mut Budget,
    ) -> f64 {
        let board = live.board();
        let scores = live.scores();
        let ln_before = [ln_score(scores[0]), ln_score(scores[1])];
        let geo = Geometry::<4>::of(board);
        let own_liberties = geo.neighbours(board.player_bits(side)).and(free);
        let other_liberties = geo.neighbours(board.player_bits(1 - side)).and(free);
        let fresh = free.and_not(own_liberties);
        let room = f64::from(own_liberties.count()) - f64::from(other_liberties.count());
        let last = free.count() == 1;
        let learned = self.net.filter(|_| self.net_on);
        let (side_len, area, mode) = (board.width(), board.area(), live.position().mode());
        let taken_after = area + 1 - free.count() as usize;
        let mut best = f64::NEG_INFINITY;
        let mut stopped = false;
        legal.for_each_while(|cell| {
            if budget.visit() {
                stopped = true;
                return false;
            }
            let v = if last {
                let mut scores = scores;
                scores[side] = live.score_after(cell, side);
                ratio_evaluation(scores, side, true)
            } else {
                let ratio =
                    ln_before[side] + live.ln_gain(cell, side, &self.ln) - ln_before[1 - side];
                // The cell stops being a liberty of either side, and its free
                // neighbours become the taker's.
                let room = room - f64::from(u8::from(own_liberties.has(cell)))
                    + f64::from(u8::from(other_liberties.has(cell)))
                    + new_liberties(board, cell, fresh);
                match learned {
                    // The net speaks for the player to move next: the other one.
                    Some(net) => -net.value(
                        &self.accs[ply][1 - side],
                        Some(net.cell_column(side_len, cell, true)),
                        mode,
                        taken_after,
                        area,
                        -ratio,
                        -(room as i32),
                    ),
                    None => ratio + LIBERTY_WEIGHT * room,
                }
            };
            if v > best {
                best = v;
                if v > alpha {
                    self.lines[ply][ply] = cell as u16;
                    self.ends[ply] = ply + 1;
                }
            }
            alpha = alpha.max(v);
            alpha < beta
        });
        if stopped {
            0.0
        } else {
            best
        }
    }

    /// The best line at `ply` becomes `cell` followed by the best line below it.
    fn extend_line(&mut self, ply: usize, cell: usize) {
        let below = self.ends[ply + 1].max(ply + 1);
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line[ply] = cell as u16;
        line[ply + 1..below].copy_from_slice(&lower[0][ply + 1..below]);
        self.ends[ply] = below;
    }
}
