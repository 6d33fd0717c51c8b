//! Predictions against the plain recomputation: score both players with the slow
//! reference scorer before and after placing the cell, and try every reply. On
//! random boards of every size from 2×2 to 16×16, in every mode, for both players,
//! in a shuffled order so that the engine's kept replies (from the previous call)
//! are checked against every change of board, player and mode.

mod common;

use common::{board_of, random_grid, reference, Grid, Rng};
use engine::{predict, Board, Prediction, ScoringMechanism};

/// `after - before`, exactly.
fn difference(before: u128, after: u128) -> i128 {
    after as i128 - before as i128
}

fn with(grid: &Grid, (x, y): (usize, usize), player: usize) -> Grid {
    let mut grid = grid.clone();
    grid[y][x] = Some(player);
    grid
}

fn free_cells(grid: &Grid) -> Vec<(usize, usize)> {
    let mut cells = vec![];
    for (y, row) in grid.iter().enumerate() {
        for (x, owner) in row.iter().enumerate() {
            if owner.is_none() {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// The prediction worked out the long way: (player gain, opponent gain).
fn recompute(
    grid: &Grid,
    cell: (usize, usize),
    player: usize,
    mode: ScoringMechanism,
) -> (i128, i128) {
    let after = with(grid, cell, player);
    let player_gain = difference(
        reference::score(grid, player, mode),
        reference::score(&after, player, mode),
    );
    let opponent = 1 - player;
    let opponent_before = reference::score(&after, opponent, mode);
    let mut opponent_gain: Option<i128> = None;
    for reply in free_cells(&after) {
        let gain = difference(
            opponent_before,
            reference::score(&with(&after, reply, opponent), opponent, mode),
        );
        opponent_gain = Some(opponent_gain.map_or(gain, |best| best.max(gain)));
    }
    (player_gain, opponent_gain.unwrap_or(0))
}

#[test]
fn predictions_match_a_full_recomputation_on_every_size_and_mode() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for width in 2..=16 {
        for height in 2..=16 {
            // Three boards of this size, mixed together so that the kept replies
            // of one are never taken for the other's.
            let grids: Vec<Grid> = (0..3)
                .map(|_| {
                    let free_percent = rng.below(101);
                    random_grid(&mut rng, width, height, free_percent)
                })
                .collect();
            let boards: Vec<Board> = grids.iter().map(board_of).collect();
            let mut tasks = vec![];
            for (b, grid) in grids.iter().enumerate() {
                let free = free_cells(grid);
                for _ in 0..free.len().min(6) {
                    let cell = free[rng.below(free.len() as u64) as usize];
                    for mode in ScoringMechanism::ALL {
                        for player in 0..2 {
                            tasks.push((b, cell, player, mode));
                        }
                    }
                }
            }
            for i in (1..tasks.len()).rev() {
                tasks.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for (b, cell, player, mode) in tasks {
                let (x, y) = (cell.0 as i64, cell.1 as i64);
                let p = predict(&boards[b], x, y, player, mode).unwrap();
                let (player_gain, opponent_gain) = recompute(&grids[b], cell, player, mode);
                let context = format!(
                    "{width}x{height} board {b}, {mode:?}, player {player} at {x}-{y}: {p:?}"
                );
                assert_eq!(p.player_gain, player_gain, "{context}");
                assert_eq!(p.opponent_gain, opponent_gain, "{context}");
                assert_eq!(p.net, p.player_gain - p.opponent_gain, "{context}");
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "only {checked} predictions checked");
}

fn predict_at(board: &Board, cell: (i64, i64), player: usize) -> Prediction {
    predict(board, cell.0, cell.1, player, ScoringMechanism::Connection).unwrap()
}

#[test]
fn taking_the_opponents_only_best_reply_leaves_them_the_next_best() {
    // Blue's single cells at 0-0 and 2-0: only 1-0 joins them (1+1 → 3, gain 2);
    // every other reply next to one of them gains 1.
    let board = Board::from_cells(3, 3, [&[(1, 2)], &[(0, 0), (2, 0)]]).unwrap();
    assert_eq!(predict_at(&board, (1, 0), 0).opponent_gain, 1);
    assert_eq!(predict_at(&board, (1, 1), 0).opponent_gain, 2);
    // When other cells give as much (0-1, 2-1 and 1-2 join two corners too),
    // taking one of them leaves the best reply as it was.
    let board = Board::from_cells(3, 3, [&[], &[(0, 0), (2, 0), (0, 2), (2, 2)]]).unwrap();
    assert_eq!(predict_at(&board, (1, 0), 0).opponent_gain, 2);
}

#[test]
fn the_opponents_first_cell_gains_one_and_a_full_board_gains_nothing() {
    let board = Board::from_cells(2, 2, [&[(0, 0)], &[]]).unwrap();
    assert_eq!(predict_at(&board, (1, 1), 0).opponent_gain, 1);
    // The last free cell: no reply is left.
    let board = Board::from_cells(2, 2, [&[(0, 0), (1, 0)], &[(0, 1)]]).unwrap();
    let p = predict_at(&board, (1, 1), 1);
    assert_eq!((p.player_gain, p.opponent_gain, p.net), (1, 0, 1));
}
