//! The exact endgame solver across the wasm boundary: the board comes from the
//! exchange area, the results go to `AI_EXCHANGE` like the other AI calls.

use std::cell::RefCell;

use super::ai::{ai_exchange, limits, HostClock};
use super::{
    exchange, position_of, searchable, signed_words, status, Exchange, STATUS_NO_FREE_CELL,
};
use crate::ai::{Clock, Limits};
use crate::solve::{CellValues, Solver};

/// Status when the position is beyond the solver's reach within the limits.
pub const STATUS_NOT_SOLVED: i32 = 22;

thread_local! {
    /// The solver, kept so its table (and the exact results in it) lives on.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// What a solve finds: every free cell's value, or only the best move's (the
/// post-game review's, far cheaper: one proof instead of one per cell).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wanted {
    EveryCell,
    BestOnly,
}

/// Solves the position for `player` to move: `report[0..2]` gets the best
/// cell's x and y, `report[3]` the nodes searched, `exact[0]` the exact final
/// score difference for `player` with best play, and `exact[1 + cell]` each
/// free cell's exact value for `player` after taking it, marked by a 0 in
/// `values` (NaN on taken cells, and on every cell when only the best move is
/// wanted).
pub fn solve(
    io: &Exchange,
    out: &mut super::AiExchange,
    mode: u32,
    player: u32,
    wanted: Wanted,
    limits: Limits,
    clock: &dyn Clock,
) -> i32 {
    status((|| {
        let position = position_of(io, mode)?;
        if position.board().free_count() == 0 {
            return Err(STATUS_NO_FREE_CELL);
        }
        searchable(position.board())?;
        let player = (player as usize).min(1);
        let solved = SOLVER
            .with(|cell| {
                let mut solver = cell.borrow_mut();
                let solver = solver.get_or_insert_with(Solver::new);
                match wanted {
                    Wanted::EveryCell => solver.cell_values(&position, player, limits, clock),
                    Wanted::BestOnly => solver
                        .best_move(&position, player, None, limits, clock)
                        .map(|s| CellValues {
                            best: s.best,
                            value: s.value,
                            cells: Vec::new(),
                            nodes: s.nodes,
                        }),
                }
            })
            .ok_or(STATUS_NOT_SOLVED)?;
        let (x, y) = position.board().coords(solved.best);
        out.report = [x as f64, y as f64, 0.0, solved.nodes as f64, 0.0, 0.0, 0.0];
        out.exact[0] = signed_words(solved.value);
        out.values.fill(f64::NAN);
        for (cell, value) in solved.cells {
            out.values[cell] = 0.0;
            out.exact[1 + cell] = signed_words(value);
        }
        Ok(())
    })())
}

#[no_mangle]
pub extern "C" fn cc_solve(mode: u32, player: u32, time_ms: f64, node_limit: f64) -> i32 {
    let limits = limits(time_ms, node_limit);
    solve(
        exchange(),
        ai_exchange(),
        mode,
        player,
        Wanted::EveryCell,
        limits,
        &HostClock,
    )
}

/// As `cc_solve`, but only the best move and the position's value: `values` is all NaN.
#[no_mangle]
pub extern "C" fn cc_solve_best(mode: u32, player: u32, time_ms: f64, node_limit: f64) -> i32 {
    let limits = limits(time_ms, node_limit);
    solve(
        exchange(),
        ai_exchange(),
        mode,
        player,
        Wanted::BestOnly,
        limits,
        &HostClock,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::StoppedClock;
    use crate::board::Board;
    use crate::ffi::AiExchange;

    const UNLIMITED: Limits = Limits {
        time_ms: None,
        nodes: None,
    };

    /// A 4×4 game with six cells left, as the exchange area carries it.
    fn endgame() -> Exchange {
        let mut board = Board::new(4, 4).unwrap();
        let cells = [
            [(0, 0), (1, 0), (3, 1), (0, 2), (2, 3)],
            [(2, 0), (1, 1), (2, 1), (3, 3), (0, 3)],
        ];
        for (player, own) in cells.iter().enumerate() {
            for &(x, y) in own {
                board.occupy(board.index_of(x, y).unwrap(), player);
            }
        }
        let mut io = Exchange::new();
        io.size = [4, 4];
        io.cells = [*board.cell_words(0), *board.cell_words(1)];
        io
    }

    #[test]
    fn the_best_move_alone_has_the_value_and_move_of_every_cells_solve() {
        let io = endgame();
        for mode in 0..3 {
            for player in 0..2 {
                let mut every = AiExchange::new();
                let mut best = AiExchange::new();
                let all = solve(
                    &io,
                    &mut every,
                    mode,
                    player,
                    Wanted::EveryCell,
                    UNLIMITED,
                    &StoppedClock,
                );
                let one = solve(
                    &io,
                    &mut best,
                    mode,
                    player,
                    Wanted::BestOnly,
                    UNLIMITED,
                    &StoppedClock,
                );
                assert_eq!((all, one), (0, 0));
                // The same exact value; the best cell is one that keeps it.
                assert_eq!(best.exact[0], every.exact[0], "mode {mode} player {player}");
                let index = best.report[1] as usize * 4 + best.report[0] as usize;
                assert_eq!(every.exact[1 + index], every.exact[0]);
                assert_eq!(every.values[index], 0.0);
                assert!(best.values.iter().all(|v| v.is_nan()));
            }
        }
    }
}
