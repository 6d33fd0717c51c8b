//! Exact scores on the large boards (12×12, 14×14, 16×16), where they pass
//! 2^64: against the slow flood fill (`common::reference`, exact `u128`
//! products), under the board's symmetries, and move by move through a whole
//! 16×16 expansion game.

mod common;

use common::{board_of, random_grid, reference, transform, Grid, Rng};
use engine::{
    group_values, predict, scores, times, within_search_reach, Board, Position, ScoringMechanism,
    SCORE_TOO_LARGE,
};
use ScoringMechanism::{Connection, Expansion, Extension};

const LARGE: [usize; 3] = [12, 14, 16];

/// 2×2 blocks in a checkerboard: player 0 owns the blocks whose block
/// coordinates add up to an even number. Every player's group is a 2×2 square
/// (8 in expansion, 4 in extension and connection), touching the other
/// player's only: the largest expansion score a game can reach (SPEC §4: each
/// player owns half the cells).
fn blocks(side: usize) -> Grid {
    (0..side)
        .map(|y| (0..side).map(|x| Some((x / 2 + y / 2) % 2)).collect())
        .collect()
}

/// Full rows of dominoes, alternating owners along the row and between rows
/// shifted by one: every group is a domino (2 in each mode but extension's 1).
fn dominoes(side: usize) -> Grid {
    (0..side)
        .map(|y| (0..side).map(|x| Some(((x + y % 2) / 2 + y) % 2)).collect())
        .collect()
}

/// A full board of stripes three cells wide, alternating owners, shifted on
/// every row: long snakes, few large groups.
fn stripes(side: usize) -> Grid {
    (0..side)
        .map(|y| (0..side).map(|x| Some(((x + y) / 3) % 2)).collect())
        .collect()
}

fn assert_matches_reference(grid: &Grid, context: &str) {
    let board = board_of(grid);
    for mode in ScoringMechanism::ALL {
        let expected = [0, 1].map(|p| reference::score(grid, p, mode));
        assert_eq!(scores(&board, mode), expected, "{context} {mode:?}");
        assert_eq!(Position::new(board, mode).scores(), expected, "{context}");
        for p in 0..2 {
            assert_eq!(
                group_values(&board, p, mode),
                reference::group_values(grid, p, mode),
                "{context} {mode:?} player {p}"
            );
        }
    }
}

#[test]
fn full_block_boards_reach_2_to_the_96_exactly() {
    for side in LARGE {
        // Each player's 2×2 squares (on 14×14, 49 blocks: 25 and 24).
        let blocks_count = ((side / 2) * (side / 2)) as u32;
        let squares = [blocks_count.div_ceil(2), blocks_count / 2];
        let board = board_of(&blocks(side));
        assert_eq!(scores(&board, Expansion), squares.map(|n| 8u128.pow(n)));
        assert_eq!(scores(&board, Extension), squares.map(|n| 4u128.pow(n)));
        assert_eq!(scores(&board, Connection), squares.map(|n| 4u128.pow(n)));
    }
    // 16×16: 32 squares each, 8^32 = 2^96.
    assert_eq!(
        scores(&board_of(&blocks(16)), Expansion),
        [1 << 96, 1 << 96]
    );
}

#[test]
fn extreme_and_random_large_boards_match_the_slow_flood_fill() {
    for side in LARGE {
        for (name, grid) in [
            ("blocks", blocks(side)),
            ("dominoes", dominoes(side)),
            ("stripes", stripes(side)),
        ] {
            assert_matches_reference(&grid, &format!("{side}x{side} {name}"));
        }
    }
    let mut rng = Rng::new(1216);
    for side in LARGE {
        for free_percent in [0, 5, 20, 50, 80] {
            for _ in 0..6 {
                let grid = random_grid(&mut rng, side, side, free_percent);
                assert_matches_reference(&grid, &format!("{side}x{side} {free_percent}% free"));
            }
        }
    }
}

#[test]
fn every_symmetry_of_a_large_board_keeps_both_scores_and_every_prediction() {
    let mut rng = Rng::new(1416);
    for side in LARGE {
        let mut grids = vec![blocks(side), dominoes(side), stripes(side)];
        grids.extend((0..4).map(|k| random_grid(&mut rng, side, side, [0, 10, 30, 60][k])));
        for grid in &grids {
            let board = board_of(grid);
            for symmetry in 1..8 {
                let turned_grid = transform(grid, symmetry);
                let turned = board_of(&turned_grid);
                for mode in ScoringMechanism::ALL {
                    assert_eq!(scores(&board, mode), scores(&turned, mode), "{side}x{side}");
                }
            }
            // Free cells' predictions move with the board, figure for figure.
            let free: Vec<(usize, usize)> = (0..side * side)
                .map(|i| (i % side, i / side))
                .filter(|&(x, y)| grid[y][x].is_none())
                .take(4)
                .collect();
            for (x, y) in free {
                let turned = board_of(&transform(grid, 3)); // the half turn
                let (tx, ty) = (side - 1 - x, side - 1 - y);
                for mode in ScoringMechanism::ALL {
                    for player in 0..2 {
                        let here = predict(&board, x as i64, y as i64, player, mode).unwrap();
                        let there = predict(&turned, tx as i64, ty as i64, player, mode).unwrap();
                        assert_eq!(here, there, "{side}x{side} {mode:?} at {x}-{y}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_whole_16x16_expansion_game_keeps_every_score_exact_past_2_to_the_64() {
    // The players fill the block board in turn, each taking their own blocks'
    // cells row by row: the final position scores 2^96 for both.
    let target = blocks(16);
    let mut turns: [Vec<(usize, usize)>; 2] = [vec![], vec![]];
    for y in 0..16 {
        for x in 0..16 {
            turns[target[y][x].unwrap()].push((x, y));
        }
    }
    let mut grid: Grid = vec![vec![None; 16]; 16];
    let mut position = Position::new(Board::new(16, 16).unwrap(), Expansion);
    let mut past_2_64 = 0;
    for turn in 0..256 {
        let player = turn % 2;
        let (x, y) = turns[player][turn / 2];
        let before = position.scores()[player];
        let p = predict(position.board(), x as i64, y as i64, player, Expansion).unwrap();
        let after = position.play(x as i64, y as i64, player).unwrap();
        grid[y][x] = Some(player);
        let expected = [0, 1].map(|p| reference::score(&grid, p, Expansion));
        assert_eq!(after, expected, "move {turn} at {x}-{y}");
        assert_eq!(
            p.player_gain,
            after[player] as i128 - before as i128,
            "gain at move {turn}"
        );
        assert!(within_search_reach(position.board()));
        past_2_64 += usize::from(after[player] > u64::MAX as u128);
    }
    assert_eq!(position.scores(), [1 << 96, 1 << 96]);
    assert!(past_2_64 > 20, "only {past_2_64} moves scored past 2^64");
}

#[test]
fn a_product_past_u128_is_flagged_rather_than_wrapped() {
    assert_eq!(times(1 << 100, 960), 960 << 100);
    assert_eq!(times(1 << 127, 2), SCORE_TOO_LARGE);
    assert_eq!(times(u128::MAX / 3 + 1, 3), SCORE_TOO_LARGE);
    // Once too large, always too large (even times 1).
    assert_eq!(times(SCORE_TOO_LARGE, 1), SCORE_TOO_LARGE);
    assert_eq!(times(SCORE_TOO_LARGE, 2), SCORE_TOO_LARGE);
    // A game's board is always within the searches' reach; one player with 170
    // cells of a 16×16 board is not (no game gives anyone more than 128).
    assert!(within_search_reach(&Board::new(16, 16).unwrap()));
    let crowded: Vec<(i64, i64)> = (0..170).map(|i| (i % 16, i / 16)).collect();
    assert!(!within_search_reach(
        &Board::from_cells(16, 16, [&crowded, &[]]).unwrap()
    ));
}
