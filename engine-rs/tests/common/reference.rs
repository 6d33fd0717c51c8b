//! The slow, obvious scorer the engine is checked against: a queue-based flood
//! fill over a grid of owners, straight from the words of SPEC §9.

use super::Grid;
use engine::ScoringMechanism;

/// Every group of `player`: for each, (cells, sum over cells of in-group neighbours).
fn groups(grid: &Grid, player: usize) -> Vec<(u32, u32)> {
    let (h, w) = (grid.len(), grid[0].len());
    let mut seen = vec![vec![false; w]; h];
    let mut out = vec![];
    for sy in 0..h {
        for sx in 0..w {
            if seen[sy][sx] || grid[sy][sx] != Some(player) {
                continue;
            }
            let (mut cells, mut directed) = (0, 0);
            let mut queue = vec![(sx, sy)];
            seen[sy][sx] = true;
            while let Some((x, y)) = queue.pop() {
                cells += 1;
                let neighbours = [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ];
                for (nx, ny) in neighbours {
                    if nx < w && ny < h && grid[ny][nx] == Some(player) {
                        directed += 1;
                        if !seen[ny][nx] {
                            seen[ny][nx] = true;
                            queue.push((nx, ny));
                        }
                    }
                }
            }
            out.push((cells, directed));
        }
    }
    out
}

/// Group values, largest first.
pub fn group_values(grid: &Grid, player: usize, mode: ScoringMechanism) -> Vec<u32> {
    let mut values: Vec<u32> = groups(grid, player)
        .into_iter()
        .map(|(cells, directed)| match mode {
            ScoringMechanism::Connection => cells,
            ScoringMechanism::Expansion => directed.max(1),
            ScoringMechanism::Extension => (directed / 2).max(1),
        })
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values
}

/// The score as an exact integer (u128 so the reference never overflows).
pub fn score(grid: &Grid, player: usize, mode: ScoringMechanism) -> u128 {
    let values = group_values(grid, player, mode);
    if values.is_empty() {
        return 0;
    }
    values.iter().map(|&v| v as u128).product()
}
