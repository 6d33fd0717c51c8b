//! The exact endgame solver across the wasm boundary: the board comes from the
//! exchange area, the results go to `AI_EXCHANGE` like the other AI calls.

use std::cell::RefCell;

use super::ai::{ai_exchange, limits, HostClock};
use super::{exchange, mode_of, status, Exchange, STATUS_NO_FREE_CELL};
use crate::ai::{Clock, Limits};
use crate::position::Position;
use crate::solve::Solver;

/// Status when the position is beyond the solver's reach within the limits.
pub const STATUS_NOT_SOLVED: i32 = 22;

thread_local! {
    /// The solver, kept so its table (and the exact results in it) lives on.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Solves the position for `player` to move: `report[0..3]` gets the best
/// cell's x, y and the exact final score difference for `player` with best
/// play, `report[3]` the nodes searched; `values` gets each free cell's exact
/// value for `player` after taking it (NaN on taken cells).
pub fn solve(
    io: &Exchange,
    out: &mut super::AiExchange,
    mode: u32,
    player: u32,
    limits: Limits,
    clock: &dyn Clock,
) -> i32 {
    status((|| {
        let position = Position::new(io.board()?, mode_of(mode)?);
        if position.board().free_count() == 0 {
            return Err(STATUS_NO_FREE_CELL);
        }
        let player = (player as usize).min(1);
        let solved = SOLVER
            .with(|cell| {
                let mut solver = cell.borrow_mut();
                let solver = solver.get_or_insert_with(Solver::new);
                solver.cell_values(&position, player, limits, clock)
            })
            .ok_or(STATUS_NOT_SOLVED)?;
        let (x, y) = position.board().coords(solved.best);
        out.report = [
            x as f64,
            y as f64,
            solved.value,
            solved.nodes as f64,
            0.0,
            0.0,
            0.0,
        ];
        out.values.fill(f64::NAN);
        for (cell, value) in solved.cells {
            out.values[cell] = value;
        }
        Ok(())
    })())
}

#[no_mangle]
pub extern "C" fn cc_solve(mode: u32, player: u32, time_ms: f64, node_limit: f64) -> i32 {
    let limits = limits(time_ms, node_limit);
    solve(exchange(), ai_exchange(), mode, player, limits, &HostClock)
}
