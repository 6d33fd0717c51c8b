//! The spec's quick moves: the territorial heuristic and the greedy move.

use super::rng::Rng;
use crate::bits::Bits;
use crate::board::{Board, Player};
use crate::predict::GroupMap;
use crate::score::{ScoreDiff, ScoringMechanism};

/// The territorial value of a free cell (SPEC §9): over its 8 neighbours,
/// +3 per free cell, −2 per own cell, −1 per opponent cell.
pub fn territory(board: &Board, index: usize, player: Player) -> i32 {
    let (x, y) = board.coords(index);
    let mut value = 0;
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let Some(n) = board.index_of(x as i64 + dx, y as i64 + dy) else {
                continue;
            };
            value += match board.owner_at(n) {
                None => 3,
                Some(owner) if owner == player => -2,
                Some(_) => -1,
            };
        }
    }
    value
}

/// The free cell with the best territorial value plus a random tie-break below 0.1.
pub fn heuristic_move(board: &Board, player: Player, rng: &mut Rng) -> Option<usize> {
    heuristic_move_among(board, Bits(board.free_words()), player, rng)
}

/// [`heuristic_move`] among `cells` (the legal ones).
pub fn heuristic_move_among(
    board: &Board,
    cells: Bits<4>,
    player: Player,
    rng: &mut Rng,
) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    cells.for_each(|i| {
        let value = territory(board, i, player) as f64 + rng.next_f64() * 0.1;
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, i));
        }
    });
    best.map(|(_, i)| i)
}

/// The free cell that raises the player's own score the most (the first such, row by row).
pub fn greedy_move(board: &Board, player: Player, mode: ScoringMechanism) -> Option<usize> {
    greedy_move_among(board, Bits(board.free_words()), player, mode)
}

/// [`greedy_move`] among `cells` (the legal ones).
pub fn greedy_move_among(
    board: &Board,
    cells: Bits<4>,
    player: Player,
    mode: ScoringMechanism,
) -> Option<usize> {
    let groups = GroupMap::of(board, player, mode);
    let mut best: Option<(ScoreDiff, usize)> = None;
    cells.for_each(|i| {
        let gain = groups.gain_at(board, i);
        if best.is_none_or(|(b, _)| gain > b) {
            best = Some((gain, i));
        }
    });
    best.map(|(_, i)| i)
}
