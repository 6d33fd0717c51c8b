//! The second player's drawing strategy: on a board with no centre cell (an
//! even side), answer every move with the cell rotated 180° about the centre.
//! That cell is always free, and the final position maps each player's cells
//! onto the other's by a rotation, which keeps every group's value: the scores
//! are equal, so the second player never loses.

use super::symmetry::Symmetries;
use crate::bits::Bits;
use crate::board::{Board, Player};

/// Whether a half turn maps player 0's cells exactly onto player 1's.
pub fn is_mirrored(board: &Board) -> bool {
    has_no_centre(board) && lone_cell(board, 0).is_some_and(|c| c.is_none())
}

/// The mirror answer for `side`, the player to move: the half-turn image of
/// the opponent's last cell, when the position was mirrored before that move.
pub fn mirror_answer(board: &Board, side: Player) -> Option<usize> {
    if !has_no_centre(board) {
        return None;
    }
    let last = lone_cell(board, 1 - side)??;
    Some(Symmetries::rotated_half_turn(board, last))
}

/// A half turn fixes the centre cell of a board with both sides odd.
fn has_no_centre(board: &Board) -> bool {
    board.width().is_multiple_of(2) || board.height().is_multiple_of(2)
}

/// The cells of `player` that are not the half-turn image of the other
/// player's: `None` if some cell of the other player has no image among
/// `player`'s, else `Some(None)` for none left over or `Some(Some(cell))` for one.
fn lone_cell(board: &Board, player: Player) -> Option<Option<usize>> {
    let own = Bits::<4>(*board.cell_words(player));
    let other = Bits::<4>(*board.cell_words(1 - player));
    let mut images = Bits::<4>::EMPTY;
    other.for_each(|c| images.set(Symmetries::rotated_half_turn(board, c)));
    if !images.and_not(own).is_empty() {
        return None;
    }
    let left = own.and_not(images);
    match left.count() {
        0 => Some(None),
        1 => Some(left.first_index()),
        _ => None,
    }
}
