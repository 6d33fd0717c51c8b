//! The board: its size, which cells each player occupies, and move validation.

use crate::bits::Bits;

pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 16;
/// 16 × 16 cells in four 64-bit words.
pub const MAX_WORDS: usize = 4;

/// A player index: 0 moves first in a human-first game, 1 is the other player.
pub type Player = usize;

/// Why a board could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width or height outside 2..=16.
    SizeOutOfRange { width: usize, height: usize },
    /// A listed cell lies outside the grid.
    CellOffGrid { x: i64, y: i64 },
    /// Both players are listed on the same cell.
    CellOwnedTwice { x: usize, y: usize },
}

/// Why a move was refused (SPEC §4 "Moves").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    OffGrid,
    InvalidPlayer,
    Occupied,
    /// Under the mirror rule, the move would leave the mover's cells the
    /// image of the opponent's under a symmetry of the board.
    Mirroring,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MoveError::OffGrid => "the cell is off the grid",
            MoveError::InvalidPlayer => "the player index must be 0 or 1",
            MoveError::Occupied => "the cell is already occupied",
            MoveError::Mirroring => {
                "No mirroring: that move would copy the opponent's cells by a symmetry of the board"
            }
        })
    }
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::SizeOutOfRange { width, height } => {
                write!(f, "board size {width}x{height} is outside 2..16 on a side")
            }
            BoardError::CellOffGrid { x, y } => write!(f, "cell {x}-{y} is off the grid"),
            BoardError::CellOwnedTwice { x, y } => {
                write!(f, "cell {x}-{y} is owned by both players")
            }
        }
    }
}

/// Bit masks that depend only on the board's size, computed once per board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    /// Every cell of the board.
    pub inside: [u64; MAX_WORDS],
    /// Cells with `x > 0`: where a cell moved one place east may land.
    pub not_first_col: [u64; MAX_WORDS],
    /// Cells with `x < width - 1`: where a cell moved one place west may land.
    pub not_last_col: [u64; MAX_WORDS],
}

/// A board of `width × height` cells and the cells each player occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    /// Words in use: `ceil(width * height / 64)`.
    words: usize,
    /// Occupied cells of player 0 and player 1, bit `y * width + x`.
    cells: [[u64; MAX_WORDS]; 2],
    masks: Masks,
}

impl Board {
    /// An empty board; both sides must be within 2..=16.
    pub fn new(width: usize, height: usize) -> Result<Board, BoardError> {
        let side_ok = |s: usize| (MIN_SIDE..=MAX_SIDE).contains(&s);
        if !side_ok(width) || !side_ok(height) {
            return Err(BoardError::SizeOutOfRange { width, height });
        }
        let mut masks = Masks {
            inside: [0; MAX_WORDS],
            not_first_col: [0; MAX_WORDS],
            not_last_col: [0; MAX_WORDS],
        };
        for y in 0..height {
            for x in 0..width {
                let i = y * width + x;
                let bit = 1u64 << (i % 64);
                masks.inside[i / 64] |= bit;
                if x > 0 {
                    masks.not_first_col[i / 64] |= bit;
                }
                if x + 1 < width {
                    masks.not_last_col[i / 64] |= bit;
                }
            }
        }
        Ok(Board {
            width,
            height,
            words: (width * height).div_ceil(64),
            cells: [[0; MAX_WORDS]; 2],
            masks,
        })
    }

    /// A board from each player's list of `(x, y)` cells.
    pub fn from_cells(
        width: usize,
        height: usize,
        cells: [&[(i64, i64)]; 2],
    ) -> Result<Board, BoardError> {
        let mut board = Board::new(width, height)?;
        for (player, list) in cells.iter().enumerate() {
            for &(x, y) in list.iter() {
                let index = board
                    .index_of(x, y)
                    .ok_or(BoardError::CellOffGrid { x, y })?;
                if board.owner_at(index) == Some(1 - player) {
                    let (x, y) = board.coords(index);
                    return Err(BoardError::CellOwnedTwice { x, y });
                }
                board.cells[player][index / 64] |= 1 << (index % 64);
            }
        }
        Ok(board)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn area(&self) -> usize {
        self.width * self.height
    }

    /// Words of 64 cells each that this board needs.
    pub fn words(&self) -> usize {
        self.words
    }

    pub fn masks(&self) -> &Masks {
        &self.masks
    }

    /// The raw occupied-cell words of a player (bit `y * width + x`).
    pub fn cell_words(&self, player: Player) -> &[u64; MAX_WORDS] {
        &self.cells[player]
    }

    /// A player's occupied cells as an `N`-word set.
    #[inline(always)]
    pub fn player_bits<const N: usize>(&self, player: Player) -> Bits<N> {
        Bits::from_words(&self.cells[player])
    }

    /// The index of cell `(x, y)`, or `None` if it is off the grid.
    pub fn index_of(&self, x: i64, y: i64) -> Option<usize> {
        let on = x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height;
        on.then(|| y as usize * self.width + x as usize)
    }

    /// `(x, y)` of a cell index.
    pub fn coords(&self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// Who occupies the cell with this index, if anyone.
    pub fn owner_at(&self, index: usize) -> Option<Player> {
        let bit = |p: Player| self.cells[p][index / 64] >> (index % 64) & 1 == 1;
        if bit(0) {
            Some(0)
        } else if bit(1) {
            Some(1)
        } else {
            None
        }
    }

    /// Checks that `player` may take `(x, y)` and returns its index.
    pub fn check_move(&self, x: i64, y: i64, player: usize) -> Result<usize, MoveError> {
        let index = self.index_of(x, y).ok_or(MoveError::OffGrid)?;
        if player > 1 {
            return Err(MoveError::InvalidPlayer);
        }
        if self.owner_at(index).is_some() {
            return Err(MoveError::Occupied);
        }
        Ok(index)
    }

    /// The same-sized board with these cells (each player's four words).
    /// Returns `None` if a cell lies off the grid or belongs to both players.
    pub fn with_cells(&self, cells: [[u64; MAX_WORDS]; 2]) -> Option<Board> {
        let inside = self.masks.inside.iter();
        let fits = |(w, inside): (usize, &u64)| {
            let (a, b) = (cells[0][w], cells[1][w]);
            (a | b) & !inside == 0 && a & b == 0
        };
        if !inside.enumerate().all(fits) {
            return None;
        }
        Some(Board { cells, ..*self })
    }

    /// Marks a cell as the player's; the caller has checked it is free and on the grid.
    #[inline(always)]
    pub fn occupy(&mut self, index: usize, player: Player) {
        self.cells[player][index / 64] |= 1 << (index % 64);
    }

    /// Clears a cell (used to take a move back during a search).
    #[inline(always)]
    pub fn vacate(&mut self, index: usize, player: Player) {
        self.cells[player][index / 64] &= !(1 << (index % 64));
    }

    /// Number of cells nobody occupies.
    pub fn free_count(&self) -> usize {
        let taken: u32 = (0..MAX_WORDS)
            .map(|i| (self.cells[0][i] | self.cells[1][i]).count_ones())
            .sum();
        self.area() - taken as usize
    }

    /// The free cells as raw words.
    pub fn free_words(&self) -> [u64; MAX_WORDS] {
        let mut out = self.masks.inside;
        for (i, word) in out.iter_mut().enumerate() {
            *word &= !(self.cells[0][i] | self.cells[1][i]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_two_to_sixteen_are_refused() {
        assert!(Board::new(1, 5).is_err());
        assert!(Board::new(17, 5).is_err());
        assert!(Board::new(2, 16).is_ok());
        assert_eq!(Board::new(16, 16).unwrap().words(), 4);
        assert_eq!(Board::new(8, 8).unwrap().words(), 1);
        assert_eq!(Board::new(10, 10).unwrap().words(), 2);
    }

    #[test]
    fn moves_are_checked_in_the_spec_order() {
        let board = Board::from_cells(3, 3, [&[(1, 1)], &[]]).unwrap();
        assert_eq!(board.check_move(3, 0, 0), Err(MoveError::OffGrid));
        assert_eq!(board.check_move(-1, 0, 0), Err(MoveError::OffGrid));
        assert_eq!(board.check_move(0, 0, 2), Err(MoveError::InvalidPlayer));
        assert_eq!(board.check_move(1, 1, 1), Err(MoveError::Occupied));
        assert_eq!(board.check_move(2, 1, 1), Ok(5));
    }

    #[test]
    fn a_cell_listed_for_both_players_is_refused() {
        let err = Board::from_cells(3, 3, [&[(0, 2)], &[(0, 2)]]).unwrap_err();
        assert_eq!(err, BoardError::CellOwnedTwice { x: 0, y: 2 });
        assert_eq!(err.to_string(), "cell 0-2 is owned by both players");
    }
}
