//! Moves: incremental score updates agree with scoring from scratch, and
//! predictions agree with trying every reply by brute force.

mod common;

use common::{board_of, random_grid, Rng};
use engine::{predict, scores, Board, MoveError, Position, ScoringMechanism};

fn free_cells(board: &Board) -> Vec<(i64, i64)> {
    (0..board.area())
        .filter(|&i| board.owner_at(i).is_none())
        .map(|i| {
            let (x, y) = board.coords(i);
            (x as i64, y as i64)
        })
        .collect()
}

#[test]
fn playing_a_game_out_keeps_the_scores_equal_to_a_full_rescore() {
    let mut rng = Rng::new(3);
    for (w, h) in [(2, 2), (5, 3), (6, 6), (8, 8), (10, 10), (9, 13), (16, 16)] {
        for mode in ScoringMechanism::ALL {
            let mut position = Position::new(Board::new(w, h).unwrap(), mode);
            let mut player = 0;
            loop {
                let free = free_cells(position.board());
                if free.is_empty() {
                    break;
                }
                let (x, y) = free[rng.below(free.len() as u64) as usize];
                let after = position.play(x, y, player).unwrap();
                assert_eq!(after, scores(position.board(), mode), "{w}x{h} {mode:?}");
                player = 1 - player;
            }
        }
    }
}

#[test]
fn a_refused_move_changes_nothing() {
    let board = Board::from_cells(4, 4, [&[(1, 1)], &[(2, 2)]]).unwrap();
    let mut position = Position::new(board, ScoringMechanism::Connection);
    let before = position;
    assert_eq!(position.play(4, 0, 0), Err(MoveError::OffGrid));
    assert_eq!(position.play(0, -1, 1), Err(MoveError::OffGrid));
    assert_eq!(position.play(0, 0, 7), Err(MoveError::InvalidPlayer));
    assert_eq!(position.play(2, 2, 0), Err(MoveError::Occupied));
    assert_eq!(position, before);
}

fn gain(board: &Board, (x, y): (i64, i64), player: usize, mode: ScoringMechanism) -> i128 {
    let mut position = Position::new(*board, mode);
    let before = position.scores()[player];
    position.play(x, y, player).unwrap()[player] as i128 - before as i128
}

#[test]
fn predictions_match_brute_force_on_random_boards() {
    let mut rng = Rng::new(4);
    for side in [3, 6, 8, 10] {
        for _ in 0..15 {
            let board = board_of(&random_grid(&mut rng, side, side, 40));
            let free = free_cells(&board);
            for mode in ScoringMechanism::ALL {
                for &cell in &free {
                    for player in 0..2 {
                        let player_gain = gain(&board, cell, player, mode);
                        let mut after = board;
                        let index = board.check_move(cell.0, cell.1, player).unwrap();
                        after.occupy(index, player);
                        let opponent_gain = free_cells(&after)
                            .into_iter()
                            .map(|reply| gain(&after, reply, 1 - player, mode))
                            .max()
                            .unwrap_or(0);
                        let p = predict(&board, cell.0, cell.1, player, mode).unwrap();
                        assert_eq!(p.player_gain, player_gain);
                        assert_eq!(p.opponent_gain, opponent_gain);
                        assert_eq!(p.net, player_gain - opponent_gain);
                    }
                }
            }
        }
    }
}
