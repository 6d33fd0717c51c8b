//! The board's symmetries (rotations and reflections) as cell permutations.
//!
//! A position symmetric under some of them has moves of equal value in each
//! orbit, so the solver searches one move per orbit. A child keeps only the
//! symmetries of its parent that fix the cell just taken, so the set of
//! symmetries is computed once at the root and narrowed move by move.

use crate::bits::Bits;
use crate::board::{Board, MAX_SIDE};

const CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Where a symmetry sends cell `(x, y)` of a `w × h` board: `(x, y, w, h) → (x', y')`.
type Transform = fn(usize, usize, usize, usize) -> (usize, usize);

/// The non-identity symmetries of one board size: 7 on a square, 3 otherwise.
pub(crate) struct Symmetries {
    maps: Vec<[u16; CELLS]>,
}

impl Symmetries {
    pub fn of(board: &Board) -> Symmetries {
        let (w, h) = (board.width(), board.height());
        let square = w == h;
        // (x, y) → (x', y') for each symmetry other than the identity.
        let transforms: Vec<Transform> = if square {
            vec![
                |x, y, w, _| (w - 1 - x, y),
                |x, y, _, h| (x, h - 1 - y),
                |x, y, w, h| (w - 1 - x, h - 1 - y),
                |x, y, _, _| (y, x),
                |x, y, w, h| (h - 1 - y, w - 1 - x),
                |x, y, _, h| (h - 1 - y, x),
                |x, y, w, _| (y, w - 1 - x),
            ]
        } else {
            vec![
                |x, y, w, _| (w - 1 - x, y),
                |x, y, _, h| (x, h - 1 - y),
                |x, y, w, h| (w - 1 - x, h - 1 - y),
            ]
        };
        let maps = transforms
            .into_iter()
            .map(|t| {
                let mut map = [0u16; CELLS];
                for y in 0..h {
                    for x in 0..w {
                        let (tx, ty) = t(x, y, w, h);
                        map[y * w + x] = (ty * w + tx) as u16;
                    }
                }
                map
            })
            .collect();
        Symmetries { maps }
    }

    /// The symmetries (a bit each) under which both players' cells map to themselves.
    pub fn of_position(&self, board: &Board) -> u8 {
        let mut set = 0u8;
        for (g, map) in self.maps.iter().enumerate() {
            let keeps = (0..2).all(|player| {
                let cells = Bits::<4>(*board.cell_words(player));
                let mut same = true;
                cells.for_each(|i| same &= cells.has(map[i] as usize));
                same
            });
            if keeps {
                set |= 1 << g;
            }
        }
        set
    }

    /// The symmetries of `set` that leave `cell` where it is.
    #[inline(always)]
    pub fn fixing(&self, set: u8, cell: usize) -> u8 {
        let mut out = set;
        let mut rest = set;
        while rest != 0 {
            let g = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.maps[g][cell] as usize != cell {
                out &= !(1 << g);
            }
        }
        out
    }

    /// The representative of `cell`'s orbit under `set` (a group): its lowest cell.
    #[inline(always)]
    pub fn representative(&self, set: u8, cell: usize) -> usize {
        let mut low = cell;
        let mut rest = set;
        while rest != 0 {
            let g = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            low = low.min(self.maps[g][cell] as usize);
        }
        low
    }

    /// The cell rotated 180° about the board's centre.
    pub fn rotated_half_turn(board: &Board, cell: usize) -> usize {
        let (x, y) = board.coords(cell);
        board
            .index_of(
                (board.width() - 1 - x) as i64,
                (board.height() - 1 - y) as i64,
            )
            .expect("a rotated cell stays on the board")
    }
}
