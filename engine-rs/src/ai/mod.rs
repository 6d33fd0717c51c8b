//! The computer opponent: the spec's Easy, Medium and Hard (SPEC §9), and Expert.
//!
//! Any player may be the computer, and every random choice comes from the seed
//! the caller passes, so a game can be replayed move for move.

mod arena;
pub(crate) mod budget;
mod clock;
mod endgame;
mod evaluate;
mod expert;
pub(crate) mod groups;
mod heuristic;
pub(crate) mod live_groups;
mod minimax;
pub mod nnue;
mod rng;
pub(crate) mod table;

pub use arena::{play_game, Contestant, GameRecord, GameSetup};
#[cfg(not(target_arch = "wasm32"))]
pub use clock::SystemClock;
pub use clock::{Clock, StoppedClock};
pub use endgame::SOLVE_FROM_FREE;
pub use evaluate::{
    expert_evaluation, ratio_evaluation, spec_evaluation, spec_value, LIBERTY_WEIGHT, WIN,
};
pub use expert::{Expert, ExpertResult, Limits, VARIETY_MARGIN};
pub use heuristic::{
    greedy_move, greedy_move_among, heuristic_move, heuristic_move_among, territory,
};
pub use minimax::{minimax, MinimaxResult};
pub use rng::Rng;

use crate::bits::Bits;
use crate::board::{Board, Player};
use crate::position::Position;

/// The computer's levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Self::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// Medium searches 2 plies once at most this many cells are free (SPEC §9).
pub const MEDIUM_SEARCH_FROM_FREE: usize = 30;
/// Hard searches 4 plies once at most this many cells are free.
pub const HARD_SEARCH_FROM_FREE: usize = 24;
pub const MEDIUM_DEPTH: u32 = 2;
pub const HARD_DEPTH: u32 = 4;
/// Expert's thinking time when the caller sets none.
pub const DEFAULT_EXPERT_TIME_MS: f64 = 1000.0;

/// How a move was chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub cell: usize,
    /// Plies searched (0 for the heuristic and greedy moves).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The search's value for the mover (the level's own scale; 0 when not searched).
    pub value: f64,
    /// The expected line, `cell` first.
    pub line: Vec<usize>,
}

impl Choice {
    fn quick(cell: usize) -> Choice {
        Choice {
            cell,
            depth: 0,
            nodes: 0,
            elapsed_ms: 0.0,
            value: 0.0,
            line: vec![cell],
        }
    }
}

/// Chooses `player`'s move at `level`; `None` only when no cell is free.
/// `expert` is the searcher to use (kept by the caller so its table lives on).
pub fn choose_move(
    position: &Position,
    player: Player,
    level: Level,
    seed: u64,
    limits: Limits,
    clock: &dyn Clock,
    expert: &mut Expert,
) -> Option<Choice> {
    let board = position.board();
    let free = board.free_count();
    if free == 0 {
        return None;
    }
    let mut rng = Rng::new(seed);
    let start = clock.now_ms();
    let searched = |r: MinimaxResult, depth| Choice {
        cell: r.best,
        depth,
        nodes: r.nodes,
        elapsed_ms: clock.now_ms() - start,
        value: r.value,
        line: r.line,
    };
    let legal = position.legal_cells(player);
    let quick = |rng: &mut Rng| heuristic_move_among(board, legal, player, rng);
    let choice = match level {
        Level::Easy if 2 * (board.area() - free) <= board.area() => {
            quick(&mut rng).map(Choice::quick)
        }
        Level::Easy => greedy_move_among(board, legal, player, position.mode()).map(Choice::quick),
        Level::Medium if free > MEDIUM_SEARCH_FROM_FREE => quick(&mut rng).map(Choice::quick),
        Level::Medium => minimax(position, player, MEDIUM_DEPTH).map(|r| searched(r, MEDIUM_DEPTH)),
        Level::Hard if free > HARD_SEARCH_FROM_FREE => quick(&mut rng).map(Choice::quick),
        Level::Hard => minimax(position, player, HARD_DEPTH).map(|r| searched(r, HARD_DEPTH)),
        Level::Expert => endgame::expert_move(position, player, seed, limits, clock, expert),
    };
    // SPEC §8: a failed or empty result falls back to a random free (legal) cell.
    choice.or_else(|| random_cell_among(legal, &mut rng).map(Choice::quick))
}

/// A uniformly random free cell.
pub fn random_free_cell(board: &Board, rng: &mut Rng) -> Option<usize> {
    random_cell_among(Bits(board.free_words()), rng)
}

/// A uniformly random cell of `cells` (the legal ones).
pub fn random_cell_among(free: Bits<4>, rng: &mut Rng) -> Option<usize> {
    let count = free.count() as usize;
    if count == 0 {
        return None;
    }
    let mut k = rng.below(count);
    let mut chosen = None;
    free.for_each(|i| {
        if k == 0 && chosen.is_none() {
            chosen = Some(i);
        }
        k = k.wrapping_sub(1);
    });
    chosen
}

/// SPEC §8's fallbacks for a move proposed from outside the engine (such as the
/// AI development server): no proposal gives a random free cell, an invalid one
/// (off the grid, taken, or refused by the mirror rule) the first free (legal)
/// cell, and a full board no move.
pub fn resolve_move(
    position: &Position,
    player: Player,
    proposal: Option<(i64, i64)>,
    seed: u64,
) -> Option<usize> {
    let board = position.board();
    let legal = position.legal_cells(player);
    match proposal {
        None => random_cell_among(legal, &mut Rng::new(seed)),
        Some((x, y)) => board
            .index_of(x, y)
            .filter(|&i| legal.has(i))
            .or_else(|| legal.first_index()),
    }
}
