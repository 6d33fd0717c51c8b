//! The exact endgame solver: with few free cells, the final score difference
//! with best play from both sides (in the game's own unit, the product scores),
//! the best move, and each free cell's exact value.
//!
//! Negamax with alpha-beta on the exact difference, a transposition table kept
//! between calls (exact results never go stale), move ordering (the table's
//! move, then each cell's immediate gain to either player), and the board's
//! symmetries: where a position maps to itself under a rotation or reflection,
//! only one move of each orbit is searched.

mod mirror;
mod search;
mod solver;
mod symmetry;
mod table;

pub use mirror::{is_mirrored, mirror_answer};
pub use solver::{CellValues, Solution, Solver, MAX_SOLVE_FREE};
