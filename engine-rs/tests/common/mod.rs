//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod json;
pub mod reference;

use engine::Board;

/// A small, seeded xorshift generator: random boards that every run repeats.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A board state as two grids of ownership: `grid[y][x]` is `Some(player)` or `None`.
pub type Grid = Vec<Vec<Option<usize>>>;

/// A random grid where each cell is free with probability `free_percent`%.
pub fn random_grid(rng: &mut Rng, width: usize, height: usize, free_percent: u64) -> Grid {
    (0..height)
        .map(|_| {
            (0..width)
                .map(|_| {
                    if rng.below(100) < free_percent {
                        None
                    } else {
                        Some(rng.below(2) as usize)
                    }
                })
                .collect()
        })
        .collect()
}

pub fn board_of(grid: &Grid) -> Board {
    let mut cells: [Vec<(i64, i64)>; 2] = [vec![], vec![]];
    for (y, row) in grid.iter().enumerate() {
        for (x, owner) in row.iter().enumerate() {
            if let Some(p) = owner {
                cells[*p].push((x as i64, y as i64));
            }
        }
    }
    Board::from_cells(grid[0].len(), grid.len(), [&cells[0], &cells[1]]).unwrap()
}

/// The 8 symmetries of a square grid.
pub fn transform(grid: &Grid, symmetry: usize) -> Grid {
    let n = grid.len();
    let mut out = vec![vec![None; n]; n];
    for (y, row) in grid.iter().enumerate() {
        for (x, &owner) in row.iter().enumerate() {
            let (mut tx, mut ty) = (x, y);
            if symmetry & 1 == 1 {
                tx = n - 1 - tx;
            }
            if symmetry & 2 == 2 {
                ty = n - 1 - ty;
            }
            if symmetry & 4 == 4 {
                std::mem::swap(&mut tx, &mut ty);
            }
            out[ty][tx] = owner;
        }
    }
    out
}
