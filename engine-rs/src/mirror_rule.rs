//! The mirror rule ("No mirroring"): a move is illegal if it leaves the mover's
//! cells exactly the image of the opponent's under one of the board's
//! symmetries (the half turn, the two axis flips, and on a square board the two
//! diagonal flips), unless every free cell would.
//!
//! Without it the second player draws every game on an even board by copying
//! each move's image: the final position maps one player's groups onto the
//! other's, so the scores are equal. Each of these symmetries is its own
//! inverse and maps cells one to one, so an image needs as many cells on both
//! sides: only the player who evens the count (the second player) can complete
//! one, and at most one cell completes it per symmetry.

use crate::bits::Bits;
use crate::board::{Board, Player};

/// The rule's symmetries, each sending cell `(x, y)` of a `side × side` board to
/// another: the half turn, the flips across the vertical and horizontal axes,
/// and the flips across the two diagonals (the last two on square boards only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    HalfTurn,
    FlipLeftRight,
    FlipTopBottom,
    FlipMainDiagonal,
    FlipAntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [
        Symmetry::HalfTurn,
        Symmetry::FlipLeftRight,
        Symmetry::FlipTopBottom,
        Symmetry::FlipMainDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// The symmetries of `board`: all five on a square, the first three otherwise.
    pub fn of(board: &Board) -> &'static [Symmetry] {
        if board.width() == board.height() {
            &Self::ALL
        } else {
            &Self::ALL[..3]
        }
    }

    /// The image of cell `index` (a cell of `board`).
    #[inline(always)]
    pub fn image(self, board: &Board, index: usize) -> usize {
        let (w, h) = (board.width(), board.height());
        let (x, y) = (index % w, index / w);
        let (ix, iy) = match self {
            Symmetry::HalfTurn => (w - 1 - x, h - 1 - y),
            Symmetry::FlipLeftRight => (w - 1 - x, y),
            Symmetry::FlipTopBottom => (x, h - 1 - y),
            Symmetry::FlipMainDiagonal => (y, x),
            Symmetry::FlipAntiDiagonal => (h - 1 - y, w - 1 - x),
        };
        iy * w + ix
    }
}

/// The free cells whose taking by `mover` would leave the mover's cells the
/// image of the opponent's under some symmetry (at most one per symmetry).
pub fn mirroring_cells(board: &Board, mover: Player) -> Bits<4> {
    let own = Bits::<4>(*board.cell_words(mover));
    let other = Bits::<4>(*board.cell_words(1 - mover));
    let mut found = Bits::<4>::EMPTY;
    // Only the move that evens the count can complete an image.
    if own.count() + 1 != other.count() {
        return found;
    }
    for &symmetry in Symmetry::of(board) {
        // Every own cell must be the image of an opponent's (most positions fail at once).
        let mut covered = true;
        own.for_each_while(|c| {
            covered = other.has(symmetry.image(board, c));
            covered
        });
        if !covered {
            continue;
        }
        // Then exactly one opponent cell has no own image: its image completes the mirror.
        other.for_each_while(|c| {
            let image = symmetry.image(board, c);
            if own.has(image) {
                return true;
            }
            if !Bits::<4>(board.free_words()).has(image) {
                return false;
            }
            found.set(image);
            false
        });
    }
    found
}

/// The cells `mover` may take: every free cell, less under the mirror rule the
/// mirroring ones, unless those are all that is left.
pub fn legal_cells(board: &Board, mover: Player, mirror_rule: bool) -> Bits<4> {
    let free = Bits::<4>(board.free_words());
    if !mirror_rule {
        return free;
    }
    let allowed = free.and_not(mirroring_cells(board, mover));
    if allowed.is_empty() {
        free
    } else {
        allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{random_free_cell, Rng};

    fn board_with(size: usize, cells: [&[usize]; 2]) -> Board {
        let mut board = Board::new(size, size).unwrap();
        for (player, list) in cells.iter().enumerate() {
            for &c in *list {
                board.occupy(c, player);
            }
        }
        board
    }

    /// Whether `mover`'s cells are the image of the opponent's under some symmetry: the oracle.
    fn mirrored(board: &Board, mover: Player) -> bool {
        let own = Bits::<4>(*board.cell_words(mover));
        let other = Bits::<4>(*board.cell_words(1 - mover));
        Symmetry::of(board).iter().any(|&s| {
            let mut image = Bits::<4>::EMPTY;
            other.for_each(|c| image.set(s.image(board, c)));
            image == own
        })
    }

    #[test]
    fn each_symmetry_is_its_own_inverse_and_a_permutation() {
        for size in [2, 3, 6, 7, 16] {
            let board = Board::new(size, size).unwrap();
            for &s in Symmetry::of(&board) {
                let mut seen = Bits::<4>::EMPTY;
                for c in 0..size * size {
                    assert_eq!(s.image(&board, s.image(&board, c)), c, "{s:?} {size}");
                    seen.set(s.image(&board, c));
                }
                assert_eq!(seen.count() as usize, size * size);
            }
        }
        let wide = Board::new(6, 4).unwrap();
        assert_eq!(Symmetry::of(&wide).len(), 3);
    }

    #[test]
    fn the_copying_answer_under_each_symmetry_is_refused() {
        // On 6×6 the first player took b2 (x 1, y 1 = cell 7): each symmetry's image is refused.
        let board = board_with(6, [&[7], &[]]);
        let refused = mirroring_cells(&board, 1);
        for (s, expected) in Symmetry::ALL.iter().zip([28, 10, 25, 7, 28]) {
            assert_eq!(s.image(&board, 7), expected, "{s:?}");
        }
        // b2 lies on the main diagonal (its own image there): that flip cannot be completed.
        let mut expected = Bits::<4>::EMPTY;
        for c in [28, 10, 25] {
            expected.set(c);
        }
        assert_eq!(refused, expected);
        // The first player is never refused, nor anyone without the rule.
        assert!(mirroring_cells(&board, 0).is_empty());
        assert_eq!(legal_cells(&board, 1, false), Bits(board.free_words()));
    }

    #[test]
    fn a_mirroring_move_is_allowed_when_it_is_the_only_one() {
        // 2×2: the first player holds a1 and b2, the second b1; a2 is left, and
        // taking it copies the first player's cells flipped left to right.
        let board = board_with(2, [&[0, 3], &[1]]);
        let free = Bits::<4>(board.free_words());
        assert_eq!(mirroring_cells(&board, 1), free);
        assert_eq!(legal_cells(&board, 1, true), free);
    }

    #[test]
    fn refused_cells_are_exactly_the_mirroring_moves_on_random_positions() {
        let mut rng = Rng::new(29);
        for size in [2, 4, 6, 8, 12, 16] {
            for _ in 0..300 {
                let mut board = Board::new(size, size).unwrap();
                // The second player copies the first's moves under one symmetry, then strays.
                let copy = Symmetry::ALL[rng.below(5)];
                let stray = rng.below(size * size + 1);
                let mut last_first = None;
                for k in 0..rng.below(size * size + 1) {
                    let player = k % 2;
                    let free = Bits::<4>(board.free_words());
                    let copied = last_first
                        .filter(|_| player == 1 && k < stray)
                        .map(|c| copy.image(&board, c))
                        .filter(|&c| free.has(c));
                    let Some(cell) = copied.or_else(|| random_free_cell(&board, &mut rng)) else {
                        break;
                    };
                    board.occupy(cell, player);
                    if player == 0 {
                        last_first = Some(cell);
                    }
                }
                for mover in 0..2 {
                    let refused = mirroring_cells(&board, mover);
                    Bits::<4>(board.free_words()).for_each(|c| {
                        let mut after = board;
                        after.occupy(c, mover);
                        assert_eq!(refused.has(c), mirrored(&after, mover), "{size} {c}");
                    });
                }
            }
        }
    }
}
