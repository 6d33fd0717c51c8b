//! Scoring against the spec's example, the 8 symmetries of the square, and a
//! slow flood fill on random boards of every size from 2×2 to 16×16.

mod common;

use common::{board_of, random_grid, reference, transform, Rng};
use engine::{group_values, player_score, scores, Board, ScoringMechanism};
use ScoringMechanism::{Connection, Expansion, Extension};

fn spec_example() -> Board {
    let green = [(0, 0), (1, 0), (0, 1), (1, 1), (4, 0), (4, 1), (4, 2)];
    let blue = [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (2, 1), (2, 2)];
    Board::from_cells(5, 5, [&green, &blue]).unwrap()
}

#[test]
fn the_spec_example_scores_as_the_spec_says() {
    let board = spec_example();
    // connection: green 4×3=12, blue 5×2=10
    assert_eq!(scores(&board, Connection), [12, 10]);
    assert_eq!(group_values(&board, 0, Connection), [4, 3]);
    assert_eq!(group_values(&board, 1, Connection), [5, 2]);
    // expansion: green 8×4=32, blue 8×2=16
    assert_eq!(scores(&board, Expansion), [32, 16]);
    assert_eq!(group_values(&board, 0, Expansion), [8, 4]);
    assert_eq!(group_values(&board, 1, Expansion), [8, 2]);
    // extension: green 4×2=8, blue 4×1=4
    assert_eq!(scores(&board, Extension), [8, 4]);
    assert_eq!(group_values(&board, 0, Extension), [4, 2]);
    assert_eq!(group_values(&board, 1, Extension), [4, 1]);
}

#[test]
fn a_full_single_colour_rectangle_is_one_group() {
    // 16×16 all player 0: 256 cells, 2·16·15 = 480 adjacent pairs.
    let all: Vec<(i64, i64)> = (0..16).flat_map(|y| (0..16).map(move |x| (x, y))).collect();
    let board = Board::from_cells(16, 16, [&all, &[]]).unwrap();
    assert_eq!(scores(&board, Connection), [256, 0]);
    assert_eq!(scores(&board, Expansion), [960, 0]);
    assert_eq!(scores(&board, Extension), [480, 0]);
    // A 3×16 strip: 48 cells, 3·15 + 2·16 = 77 pairs.
    let strip: Vec<(i64, i64)> = (0..16).flat_map(|y| (0..3).map(move |x| (x, y))).collect();
    let board = Board::from_cells(3, 16, [&[], &strip]).unwrap();
    assert_eq!(scores(&board, Extension), [0, 77]);
}

#[test]
fn the_eight_symmetries_of_a_square_board_keep_every_score() {
    let mut rng = Rng::new(8);
    for side in 2..=16 {
        for _ in 0..20 {
            let grid = random_grid(&mut rng, side, side, 30);
            let board = board_of(&grid);
            for symmetry in 1..8 {
                let turned = board_of(&transform(&grid, symmetry));
                for mode in ScoringMechanism::ALL {
                    assert_eq!(scores(&board, mode), scores(&turned, mode), "{side}x{side}");
                    for p in 0..2 {
                        assert_eq!(
                            group_values(&board, p, mode),
                            group_values(&turned, p, mode)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn random_boards_of_every_size_match_a_slow_flood_fill() {
    let mut rng = Rng::new(2);
    for width in 2..=16 {
        for height in 2..=16 {
            for free_percent in [0, 25, 50, 90] {
                let grid = random_grid(&mut rng, width, height, free_percent);
                let board = board_of(&grid);
                for mode in ScoringMechanism::ALL {
                    for p in 0..2 {
                        let expected = reference::score(&grid, p, mode);
                        let got = player_score(&board, p, mode);
                        assert_eq!(got, expected, "{width}x{height} {mode:?} p{p}");
                        let values = reference::group_values(&grid, p, mode);
                        assert_eq!(group_values(&board, p, mode), values);
                    }
                }
            }
        }
    }
}
