//! The solver's public face: what a caller asks and what it gets back.

use super::search::{rule_salt, side_salt, Budget, Search, BEYOND};
use super::symmetry::Symmetries;
use super::table::Table;
use crate::ai::groups::Groups;
use crate::ai::live_groups::LiveGroups;
use crate::ai::table::Zobrist;
use crate::ai::{Clock, Limits};
use crate::board::Player;
use crate::position::Position;
use crate::score::{within_search_reach, ScoreDiff};

/// Positions with more free cells are never tried (no budget would finish them).
pub const MAX_SOLVE_FREE: usize = 48;
/// 2^18 entries of 32 bytes: 8 MiB.
const TABLE_BITS: u32 = 18;

/// The best move of a solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub best: usize,
    /// The final score difference (mover minus opponent) with best play, exact.
    pub value: ScoreDiff,
    pub nodes: u64,
}

/// Every free cell's exact value in a solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct CellValues {
    pub best: usize,
    /// The final score difference (mover minus opponent) with best play, exact.
    pub value: ScoreDiff,
    /// Each free cell with the exact final difference for the mover after taking it.
    pub cells: Vec<(usize, ScoreDiff)>,
    pub nodes: u64,
}

/// The solver, kept between calls so its table and what it knows live on.
pub struct Solver {
    zobrist: Zobrist,
    table: Table,
    generation: u8,
    /// Symmetries of the last board size seen.
    symmetries: Option<((usize, usize), Symmetries)>,
    /// Both players' groups at the position being ordered.
    groups: [Box<Groups>; 2],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            zobrist: Zobrist::new(),
            table: Table::new(TABLE_BITS),
            generation: 0,
            symmetries: None,
            groups: Groups::empty_pair(),
        }
    }

    /// Forgets every earlier solve, as a new solver would: the next answer then
    /// depends only on its position and limits, never on what was solved before.
    pub fn forget(&mut self) {
        self.table.clear();
        self.generation = 0;
    }

    /// The best move for `side` and its exact value, or `None` on a full board,
    /// beyond [`MAX_SOLVE_FREE`], on a hand-written board whose scores could pass
    /// 2^127 (never a game's), or when the limits stop the search first.
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
        let first = search.child(&mut position, key, syms, moves[0], side, -BEYOND, BEYOND)?;
        let mut best = (moves[0], first);
        for &cell in &moves[1..] {
            // A null window first (exact whole numbers: (v, v + 1) holds none):
            // only a move that beats the best so far is searched again for its value.
            let null = best.1.saturating_add(1);
            let probe = search.child(&mut position, key, syms, cell, side, best.1, null)?;
            if probe > best.1 {
                let v = search.child(&mut position, key, syms, cell, side, best.1, BEYOND)?;
                best = (cell, v);
            }
        }
        Some(Solution {
            best: best.0,
            value: best.1,
            nodes: search.budget.nodes,
        })
    }

    /// Every legal cell's exact value for `side` (`None` as for [`Solver::best_move`]).
    pub fn cell_values(
        &mut self,
        position: &Position,
        side: Player,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<CellValues> {
        let (mut search, mut position, key, syms) = self.start(position, side, limits, clock)?;
        let moves = search.root_moves(&mut position, key, syms, side, None);
        let mut solved: Vec<(usize, ScoreDiff)> = Vec::with_capacity(moves.len());
        for &cell in &moves {
            let v = search.child(&mut position, key, syms, cell, side, -BEYOND, BEYOND)?;
            solved.push((cell, v));
        }
        // Cells left out by symmetry share their representative's value.
        let mut cells = Vec::new();
        position.position().legal_cells(side).for_each(|cell| {
            let rep = search.symmetries.representative(syms, cell);
            let value = solved.iter().find(|s| s.0 == rep).map_or(0, |s| s.1);
            cells.push((cell, value));
        });
        let (best, value) = solved
            .iter()
            .copied()
            .fold(solved[0], |b, s| if s.1 > b.1 { s } else { b });
        Some(CellValues {
            best,
            value,
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
    ) -> Option<(Search<'a>, LiveGroups, u64, u8)> {
        let board = position.board();
        let free = board.free_count();
        if free == 0 || free > MAX_SOLVE_FREE || !within_search_reach(board) {
            return None;
        }
        let size = (board.width(), board.height());
        if self.symmetries.as_ref().is_none_or(|(s, _)| *s != size) {
            self.symmetries = Some((size, Symmetries::of(board)));
        }
        self.generation = self.generation.wrapping_add(1);
        let symmetries = &self.symmetries.as_ref()?.1;
        let syms = symmetries.of_position(board);
        let key = self.zobrist.of(board, position.mode())
            ^ side_salt(side)
            ^ rule_salt(position.mirror_rule());
        let search = Search {
            zobrist: &self.zobrist,
            table: &mut self.table,
            symmetries,
            generation: self.generation,
            budget: Budget::start(clock, limits),
        };
        let live = LiveGroups::new(position, &mut self.groups);
        Some((search, live, key, syms))
    }
}
