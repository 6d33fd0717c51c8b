//! What the learned evaluation sees of a square board, from one player's side.
//!
//! Each taken cell switches on two inputs: the cell itself on a board of its size
//! ("mine" or "theirs"), and its place class shared by every size (how far it
//! lies from the nearest edges, so that what is learned on 8×8 about corners and
//! edges also speaks on 16×16). One input more is always on: the board's size
//! and scoring mode. scripts/train/features.py numbers them the same way.

use crate::board::MAX_SIDE;
use crate::score::ScoringMechanism;

/// The smallest side the net knows.
pub const MIN_NET_SIDE: usize = 2;
/// Distances from an edge beyond this count as this (the middle of a 16×16 board).
const MAX_EDGE_DISTANCE: usize = 7;
/// Unordered pairs of edge distances 0..=7.
pub const PLACE_CLASSES: usize = (MAX_EDGE_DISTANCE + 1) * (MAX_EDGE_DISTANCE + 2) / 2;
/// Cells of every square board the net knows, 2×2 to 16×16.
pub const ALL_CELLS: usize = cells_below(MAX_SIDE + 1);
const SIDES: usize = MAX_SIDE + 1 - MIN_NET_SIDE;
/// Inputs: each cell of each size and each place class, mine or theirs, then one per size and mode.
pub const INPUTS: usize = 2 * ALL_CELLS + 2 * PLACE_CLASSES + SIDES * 3;

/// The cells of the square boards smaller than `side`: where `side`'s cells start.
const fn cells_below(side: usize) -> usize {
    let mut total = 0;
    let mut s = MIN_NET_SIDE;
    while s < side {
        total += s * s;
        s += 1;
    }
    total
}

/// Whether the net can value a board of this shape.
pub fn knows(width: usize, height: usize) -> bool {
    width == height && (MIN_NET_SIDE..=MAX_SIDE).contains(&width)
}

/// How far `cell` lies from the edges of a `side`×`side` board, as one class
/// (the nearer edge distances across and down, unordered: the board's eight
/// symmetries keep it).
pub fn place_class(side: usize, cell: usize) -> usize {
    let (x, y) = (cell % side, cell / side);
    let across = x.min(side - 1 - x).min(MAX_EDGE_DISTANCE);
    let down = y.min(side - 1 - y).min(MAX_EDGE_DISTANCE);
    let (low, high) = (across.min(down), across.max(down));
    high * (high + 1) / 2 + low
}

/// The two inputs a taken cell switches on; `theirs` from the viewer's side.
pub fn cell_inputs(side: usize, cell: usize, theirs: bool) -> [usize; 2] {
    let whose = usize::from(theirs);
    [
        whose * ALL_CELLS + cells_below(side) + cell,
        2 * ALL_CELLS + whose * PLACE_CLASSES + place_class(side, cell),
    ]
}

/// The input always on for a board of this side and mode.
pub fn board_input(side: usize, mode: ScoringMechanism) -> usize {
    2 * ALL_CELLS + 2 * PLACE_CLASSES + (side - MIN_NET_SIDE) * 3 + mode_index(mode)
}

pub fn mode_index(mode: ScoringMechanism) -> usize {
    match mode {
        ScoringMechanism::Connection => 0,
        ScoringMechanism::Expansion => 1,
        ScoringMechanism::Extension => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_has_its_own_number() {
        let mut seen = vec![false; INPUTS];
        for side in MIN_NET_SIDE..=MAX_SIDE {
            for cell in 0..side * side {
                for theirs in [false, true] {
                    let [own, _] = cell_inputs(side, cell, theirs);
                    assert!(!seen[own], "{side} {cell} {theirs}");
                    seen[own] = true;
                }
            }
            for mode in ScoringMechanism::ALL {
                let i = board_input(side, mode);
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
        for class in 0..2 * PLACE_CLASSES {
            assert!(!seen[2 * ALL_CELLS + class]);
        }
        assert_eq!(seen.iter().filter(|&&s| !s).count(), 2 * PLACE_CLASSES);
    }

    #[test]
    fn a_corner_is_a_corner_on_every_size_and_the_middle_of_a_large_board_is_one_class() {
        for side in [6, 8, 16] {
            let corners = [0, side - 1, side * (side - 1), side * side - 1];
            assert!(corners.iter().all(|&c| place_class(side, c) == 0));
        }
        assert_eq!(place_class(16, 7 * 16 + 7), place_class(16, 8 * 16 + 8));
        assert_eq!(place_class(16, 7 * 16 + 7), PLACE_CLASSES - 1);
    }
}
