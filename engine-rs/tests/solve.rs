//! The exact endgame solver against an exhaustive minimax that knows nothing
//! but the rules: every position of the small boards, random 4×4 positions,
//! and random endgames of the game's board sizes, in every scoring mode.

mod common;

use std::collections::HashMap;

use common::Rng;
use engine::ai::{Limits, StoppedClock};
use engine::solve::{is_mirrored, mirror_answer, Solver};
use engine::{scores, Board, Position, ScoringMechanism};

const UNLIMITED: Limits = Limits {
    time_ms: None,
    nodes: None,
};

type Memo = HashMap<([u64; 4], [u64; 4], usize), i128>;

/// The final score difference for `side` with best play, by trying every move
/// at every turn (remembering positions already valued, but never pruning) and
/// scoring full boards from scratch.
fn exhaustive(board: &Board, mode: ScoringMechanism, side: usize, memo: &mut Memo) -> i128 {
    let key = (*board.cell_words(0), *board.cell_words(1), side);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = None;
    for cell in 0..board.area() {
        if board.owner_at(cell).is_none() {
            let mut next = *board;
            next.occupy(cell, side);
            let v = -exhaustive(&next, mode, 1 - side, memo);
            best = Some(best.map_or(v, |b: i128| b.max(v)));
        }
    }
    let best = best.unwrap_or_else(|| {
        let s = scores(board, mode);
        s[side] as i128 - s[1 - side] as i128
    });
    memo.insert(key, best);
    best
}

/// Checks the solver's value, best move and every cell's value against the exhaustive search.
fn check(solver: &mut Solver, board: &Board, mode: ScoringMechanism, side: usize, memo: &mut Memo) {
    if board.free_count() == 0 {
        return;
    }
    let position = Position::new(*board, mode);
    let expected = exhaustive(board, mode, side, memo);
    let solved = solver
        .best_move(&position, side, None, UNLIMITED, &StoppedClock)
        .expect("solved");
    assert_eq!(
        solved.value, expected,
        "value of {board:?} {mode:?} side {side}"
    );
    let mut after = *board;
    after.occupy(solved.best, side);
    assert_eq!(
        -exhaustive(&after, mode, 1 - side, memo),
        expected,
        "best move"
    );
    let values = solver
        .cell_values(&position, side, UNLIMITED, &StoppedClock)
        .expect("solved");
    assert_eq!(values.value, expected);
    assert_eq!(values.cells.len(), board.free_count());
    for (cell, value) in values.cells {
        let mut next = *board;
        next.occupy(cell, side);
        assert_eq!(
            value,
            -exhaustive(&next, mode, 1 - side, memo),
            "cell {cell}"
        );
    }
}

/// Every way of filling a `w × h` board (each cell free, player 0's or player 1's).
fn every_position(w: usize, h: usize) -> impl Iterator<Item = Board> {
    let cells = w * h;
    (0..3u32.pow(cells as u32)).map(move |mut code| {
        let mut board = Board::new(w, h).unwrap();
        for cell in 0..cells {
            match code % 3 {
                1 => board.occupy(cell, 0),
                2 => board.occupy(cell, 1),
                _ => {}
            }
            code /= 3;
        }
        board
    })
}

#[test]
fn the_solver_agrees_with_exhaustive_minimax_on_every_position_of_boards_up_to_3x3() {
    let mut solver = Solver::new();
    for (w, h) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
        for mode in ScoringMechanism::ALL {
            let mut memo = Memo::new();
            for board in every_position(w, h) {
                for side in 0..2 {
                    check(&mut solver, &board, mode, side, &mut memo);
                }
            }
        }
    }
}

/// A random position of a `w × h` board with `free` free cells.
fn random_endgame(rng: &mut Rng, w: usize, h: usize, free: usize) -> Board {
    let mut board = Board::new(w, h).unwrap();
    let mut cells: Vec<usize> = (0..w * h).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for (k, &cell) in cells[free..].iter().enumerate() {
        // Mostly alternating, as in a game, with some runs of one player.
        let player = if rng.below(4) == 0 {
            rng.below(2) as usize
        } else {
            k % 2
        };
        board.occupy(cell, player);
    }
    board
}

#[test]
fn the_solver_agrees_with_exhaustive_minimax_on_4x4_boards() {
    let mut solver = Solver::new();
    let mut rng = Rng::new(15);
    for mode in ScoringMechanism::ALL {
        // The whole game of a 3×4 board, and random 4×4 positions.
        let mut memo = Memo::new();
        check(&mut solver, &Board::new(3, 4).unwrap(), mode, 0, &mut memo);
        for _ in 0..40 {
            let free = 6 + rng.below(5) as usize;
            let board = random_endgame(&mut rng, 4, 4, free);
            let side = rng.below(2) as usize;
            check(&mut solver, &board, mode, side, &mut Memo::new());
        }
    }
}

#[test]
fn the_solver_agrees_with_exhaustive_minimax_on_random_endgames_of_6x6_to_10x10() {
    let mut solver = Solver::new();
    let mut rng = Rng::new(1015);
    for size in [6, 7, 8, 10] {
        for mode in ScoringMechanism::ALL {
            for _ in 0..4 {
                let free = 8 + rng.below(3) as usize;
                let board = random_endgame(&mut rng, size, size, free);
                let side = rng.below(2) as usize;
                check(&mut solver, &board, mode, side, &mut Memo::new());
            }
        }
    }
}

/// A 16×16 expansion endgame whose scores are near 2^90: the checkerboard of
/// 2×2 blocks (8 each under expansion), a few cells given to the other player,
/// and `free` cells left free at random.
fn block_endgame(rng: &mut Rng, free: usize) -> Board {
    let mut board = Board::new(16, 16).unwrap();
    let mut cells: Vec<usize> = (0..256).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for (k, &cell) in cells[free..].iter().enumerate() {
        let (x, y) = (cell % 16, cell / 16);
        let owner = (x / 2 + y / 2) % 2;
        // One cell in twelve goes to the other player: squares broken and joined.
        let player = if k % 12 == 0 { 1 - owner } else { owner };
        board.occupy(cell, player);
    }
    board
}

#[test]
fn the_solver_is_exact_on_16x16_expansion_endgames_past_2_to_the_64() {
    let mut solver = Solver::new();
    let mut rng = Rng::new(1616);
    let mut largest = 0i128;
    for game in 0..8 {
        let free = 7 + game % 3;
        let board = block_endgame(&mut rng, free);
        let position = Position::new(board, ScoringMechanism::Expansion);
        assert!(
            position.scores().iter().all(|&s| s > 1 << 64),
            "{:?}",
            position.scores()
        );
        let side = game % 2;
        let mut memo = Memo::new();
        check(
            &mut solver,
            &board,
            ScoringMechanism::Expansion,
            side,
            &mut memo,
        );
        let solved = solver
            .best_move(&position, side, None, UNLIMITED, &StoppedClock)
            .unwrap();
        largest = largest.max(solved.value.abs());
    }
    // Differences far past 2^53, where a floating-point null window (v, v + 1) holds nothing.
    assert!(largest > 1 << 64, "largest difference {largest}");
}

#[test]
fn a_symmetric_position_gives_equal_values_to_mirrored_cells() {
    // A 6×6 board with both players' cells symmetric under every rotation and reflection.
    let mut rng = Rng::new(7);
    let mut solver = Solver::new();
    for mode in ScoringMechanism::ALL {
        let mut board = Board::new(6, 6).unwrap();
        for y in 0..3i64 {
            for x in 0..=y {
                if rng.below(5) == 0 {
                    continue; // stays free, with its images
                }
                let player = rng.below(2) as usize;
                for (a, b) in [(x, y), (y, x)] {
                    for (px, py) in [(a, b), (5 - a, b), (a, 5 - b), (5 - a, 5 - b)] {
                        board.occupy(board.index_of(px, py).unwrap(), player);
                    }
                }
            }
        }
        if board.free_count() > 12 || board.free_count() == 0 {
            continue;
        }
        check(&mut solver, &board, mode, 0, &mut Memo::new());
    }
}

#[test]
fn the_mirror_answer_is_the_half_turn_image_of_the_last_move() {
    let mut board = Board::new(6, 6).unwrap();
    assert!(is_mirrored(&board));
    board.occupy(board.index_of(1, 2).unwrap(), 0);
    assert!(!is_mirrored(&board));
    assert_eq!(mirror_answer(&board, 1), board.index_of(4, 3));
    board.occupy(board.index_of(4, 3).unwrap(), 1);
    assert!(is_mirrored(&board));
    // The first player to move has no mirror answer; neither has a broken mirror.
    assert_eq!(mirror_answer(&board, 0), None);
    board.occupy(board.index_of(0, 0).unwrap(), 0);
    board.occupy(board.index_of(0, 1).unwrap(), 1);
    board.occupy(board.index_of(3, 3).unwrap(), 0);
    assert_eq!(mirror_answer(&board, 1), None);
    // A board with a centre cell has no mirror strategy.
    let mut odd = Board::new(5, 5).unwrap();
    odd.occupy(0, 0);
    assert_eq!(mirror_answer(&odd, 1), None);
}

#[test]
fn a_search_out_of_budget_says_so_rather_than_guess() {
    let mut rng = Rng::new(3);
    let board = random_endgame(&mut rng, 10, 10, 30);
    let position = Position::new(board, ScoringMechanism::Connection);
    let tight = Limits {
        time_ms: None,
        nodes: Some(1000),
    };
    assert_eq!(
        Solver::new().best_move(&position, 0, None, tight, &StoppedClock),
        None
    );
    let full = Board::from_cells(2, 2, [&[(0, 0), (1, 1)], &[(0, 1), (1, 0)]]).unwrap();
    let position = Position::new(full, ScoringMechanism::Connection);
    assert_eq!(
        Solver::new().best_move(&position, 0, None, UNLIMITED, &StoppedClock),
        None
    );
}

#[test]
fn expert_never_misplays_an_endgame_within_reach() {
    use engine::ai::{choose_move, Expert, Level};
    let mut rng = Rng::new(2015);
    let mut expert = Expert::new();
    let limits = Limits {
        time_ms: None,
        nodes: Some(2_000_000),
    };
    for size in [6, 8, 10] {
        for mode in ScoringMechanism::ALL {
            for _ in 0..3 {
                let board = random_endgame(&mut rng, size, size, 9);
                let side = rng.below(2) as usize;
                let position = Position::new(board, mode);
                let mut memo = Memo::new();
                let best = exhaustive(&board, mode, side, &mut memo);
                let choice = choose_move(
                    &position,
                    side,
                    Level::Expert,
                    1,
                    limits,
                    &StoppedClock,
                    &mut expert,
                )
                .unwrap();
                let mut after = board;
                after.occupy(choice.cell, side);
                assert_eq!(
                    -exhaustive(&after, mode, 1 - side, &mut memo),
                    best,
                    "{size} {mode:?}"
                );
            }
        }
    }
}
