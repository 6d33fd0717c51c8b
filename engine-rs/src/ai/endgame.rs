//! Expert's two guarantees on top of its search.
//!
//! 1. An endgame within reach is played exactly: a short search names its
//!    favourite, then the solver gets most of the budget, and when it
//!    finishes, its move (the best final score difference) is played, the
//!    favourite whenever it is as good as the best. Expert never misplays an
//!    endgame it could solve.
//! 2. As the second player on a board without a centre cell, Expert never loses
//!    (without the mirror rule, which refuses the copy).
//!    While the position is mirrored (each of its cells the half-turn image of
//!    one of the opponent's, the opponent's last move aside), the mirror answer
//!    guarantees at least a draw. Beyond the solver's reach Expert plays it: a
//!    heuristic "better" move is unproven and could lose. Within reach it plays
//!    the solver's move, which is worth at least the mirror's (the first player
//!    can always copy back, so a mirrored position is exactly a draw, and the
//!    solver's value there is 0). Only Expert can break the mirror (the
//!    opponent's move always has a free image), and it does so only on the
//!    solver's proof that it keeps at least the draw; it leaves the mirror for
//!    its search's favourite among such moves, because an opponent who errs
//!    later can then be beaten, while the mirror only ever draws. From then on
//!    every later (smaller) position is solved again by the same solver, whose
//!    table keeps the exact results of the proof, so the draw stays in hand.

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
    seed: u64,
    limits: Limits,
    clock: &dyn Clock,
    expert: &mut Expert,
) -> Option<Choice> {
    let board = position.board();
    let free = board.free_count();
    let start = clock.now_ms();
    // Under the mirror rule the copy is refused, and nothing is guaranteed.
    let mirror = mirror_answer(board, me).filter(|_| !position.mirror_rule());
    let mut spent_nodes = 0;
    if free <= SOLVE_FROM_FREE {
        // A short search first: among the moves the solver finds equally good,
        // its favourite is the one most likely to trouble a fallible opponent
        // (a mirrored position is a draw whatever the first player does, so
        // only a move that keeps the draw yet leaves the mirror can win).
        let quick = share_of(limits, 8.0);
        let favourite = expert.search(position, me, quick, clock).map(|r| r.best);
        spent_nodes = quick.nodes.unwrap_or(0);
        // The rest to the solver, but for a little kept for the search should it fail.
        let share = share_of(limits, 8.0 / 6.0);
        let prefer = favourite.or(mirror);
        let solver = expert.solver.get_or_insert_with(|| Box::new(Solver::new()));
        if let Some(s) = solver.best_move(position, me, prefer, share, clock) {
            return Some(Choice {
                cell: s.best,
                depth: free as u32,
                nodes: s.nodes,
                elapsed_ms: clock.now_ms() - start,
                // Decided, on Expert's scale: a won, drawn or lost game.
                value: match s.value.signum() {
                    1 => WIN,
                    -1 => -WIN,
                    _ => 0.0,
                },
                line: vec![s.best],
            });
        }
        spent_nodes += share.nodes.unwrap_or(0);
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
    // Beyond the solver and the mirror: in the opening, a seeded choice among the
    // near-best moves (games part ways early, and no won game can be replayed);
    // later, where a slightly worse move costs more, the best.
    let opening = board.free_count() * 4 >= board.area() * 3;
    let searched = if opening {
        expert.search_varied(position, me, rest, clock, seed)
    } else {
        expert.search(position, me, rest, clock)
    };
    searched.map(|r| Choice {
        cell: r.best,
        depth: r.depth,
        nodes: r.nodes + spent_nodes,
        elapsed_ms: clock.now_ms() - start,
        value: if r.value.is_finite() { r.value } else { 0.0 },
        line: r.line,
    })
}

/// A `1 / divisor` part of the budget.
fn share_of(limits: Limits, divisor: f64) -> Limits {
    Limits {
        time_ms: limits.time_ms.map(|t| t / divisor),
        nodes: limits.nodes.map(|n| ((n as f64 / divisor) as u64).max(1)),
    }
}
