//! Expert's two guarantees on top of its search.
//!
//! 1. An endgame within reach is played exactly: the solver gets up to half the
//!    budget (all of it where the mirror answer is the alternative), and when it
//!    finishes, its move (the best final score difference) is played, so Expert
//!    never misplays an endgame it could solve.
//! 2. As the second player on a board without a centre cell, Expert never loses.
//!    While the position is mirrored (each of its cells the half-turn image of
//!    one of the opponent's, the opponent's last move aside), the mirror answer
//!    guarantees at least a draw, so Expert plays it unless the solver proves a
//!    strictly better result. Only Expert can break the mirror (the opponent's
//!    move always has a free image), and it does so only on the solver's proof:
//!    from then on the position is worth at least a draw to Expert with best
//!    play, and the solver, whose table keeps every exact result from the
//!    proof, solves each later (smaller) position again, keeping that value.
//!    Beyond the solver's reach Expert keeps the mirror rather than trust a
//!    heuristic value: an unproven "better" move could lose.

use super::evaluate::WIN;
use super::{Choice, Clock, Expert, Limits};
use crate::board::Player;
use crate::position::Position;
use crate::solve::{mirror_answer, Solver};

/// The solver is tried from this many free cells down (it reaches about 15–16
/// in a second on 10×10; beyond that it would only use up half the budget).
pub const SOLVE_FROM_FREE: usize = 18;

/// Expert's move: exact where solvable, the mirror where it keeps a draw, else its search.
pub(crate) fn expert_move(
    position: &Position,
    me: Player,
    limits: Limits,
    clock: &dyn Clock,
    expert: &mut Expert,
) -> Option<Choice> {
    let board = position.board();
    let free = board.free_count();
    let start = clock.now_ms();
    let mirror = mirror_answer(board, me);
    let mut spent_nodes = 0;
    if free <= SOLVE_FROM_FREE {
        // With a mirror answer to fall back on, the search would not be used:
        // the solver may have the whole budget.
        let share = if mirror.is_some() {
            limits
        } else {
            Limits {
                time_ms: limits.time_ms.map(|t| t / 2.0),
                nodes: limits.nodes.map(|n| (n / 2).max(1)),
            }
        };
        let solver = expert.solver.get_or_insert_with(|| Box::new(Solver::new()));
        if let Some(s) = solver.best_move(position, me, mirror, share, clock) {
            return Some(Choice {
                cell: s.best,
                depth: free as u32,
                nodes: s.nodes,
                elapsed_ms: clock.now_ms() - start,
                // Decided, on Expert's scale: a won, drawn or lost game.
                value: if s.value > 0.0 {
                    WIN
                } else if s.value < 0.0 {
                    -WIN
                } else {
                    0.0
                },
                line: vec![s.best],
            });
        }
        spent_nodes = share.nodes.unwrap_or(0);
    }
    if let Some(cell) = mirror {
        return Some(Choice {
            cell,
            depth: 0,
            nodes: spent_nodes,
            elapsed_ms: clock.now_ms() - start,
            value: 0.0,
            line: vec![cell],
        });
    }
    let rest = Limits {
        time_ms: limits
            .time_ms
            .map(|t| (t - (clock.now_ms() - start)).max(1.0)),
        nodes: limits.nodes.map(|n| n.saturating_sub(spent_nodes).max(1)),
    };
    expert.search(position, me, rest, clock).map(|r| Choice {
        cell: r.best,
        depth: r.depth,
        nodes: r.nodes + spent_nodes,
        elapsed_ms: clock.now_ms() - start,
        value: if r.value.is_finite() { r.value } else { 0.0 },
        line: r.line,
    })
}
