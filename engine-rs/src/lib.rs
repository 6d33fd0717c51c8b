//! Cell Connection's rules engine.
//!
//! Two players take turns placing one cell each on a grid of 2..16 cells a side;
//! a player's score is the product of the values of their 4-connected groups,
//! valued by one of three scoring mechanisms (SPEC §9).
//!
//! ```
//! use engine::{Board, ScoringMechanism, scores, group_values};
//!
//! // The spec's 5×5 example board.
//! let green = [(0, 0), (1, 0), (0, 1), (1, 1), (4, 0), (4, 1), (4, 2)];
//! let blue = [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (2, 1), (2, 2)];
//! let board = Board::from_cells(5, 5, [&green, &blue]).unwrap();
//! assert_eq!(scores(&board, ScoringMechanism::Connection), [12, 10]);
//! assert_eq!(scores(&board, ScoringMechanism::Expansion), [32, 16]);
//! assert_eq!(group_values(&board, 0, ScoringMechanism::Extension), vec![4, 2]);
//! ```

pub mod ai;
mod bits;
mod board;
mod exact;
pub mod ffi;
pub mod mirror_rule;
mod position;
mod predict;
mod score;
pub mod solve;

pub use bits::Bits;
pub use board::{Board, BoardError, MoveError, Player, MAX_SIDE, MIN_SIDE};
pub use position::Position;
pub use predict::{predict, GroupMap, Prediction};
pub use score::{
    difference, group_shapes, group_summary, group_values, is_exact, liberties, player_score,
    scores, signed, times, within_search_reach, GroupShape, GroupSummary, Score, ScoreDiff,
    ScoringMechanism, MAX_SEARCH_CELLS, SCORE_TOO_LARGE,
};
