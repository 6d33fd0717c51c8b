//! The mirror rule ("No mirroring") in play: no level and not the solver ever
//! answers with a move that completes a mirror image, while without the rule
//! Expert as second player copies and never loses.

use engine::ai::{choose_move, random_cell_among, Expert, Level, Limits, Rng, StoppedClock};
use engine::mirror_rule::mirroring_cells;
use engine::solve::Solver;
use engine::{Bits, Board, MoveError, Position, ScoringMechanism};

const NODES: Limits = Limits {
    time_ms: None,
    nodes: Some(3_000),
};

/// Whether `cell` was refused to `player` here: it completes a mirror image
/// and some other free cell does not.
fn refused(position: &Position, player: usize, cell: usize) -> bool {
    let mirroring = mirroring_cells(position.board(), player);
    let free = Bits::<4>(position.board().free_words());
    mirroring.has(cell) && !free.and_not(mirroring).is_empty()
}

/// A game under the rule: a first player who moves at random, then `level` as
/// second player; every move of both is checked to be legal.
fn play_second(size: usize, mode: ScoringMechanism, level: Level, seed: u64) -> u32 {
    let board = Board::new(size, size).unwrap();
    let mut position = Position::new(board, mode).with_mirror_rule(true);
    let mut rng = Rng::new(seed);
    let mut expert = Expert::new();
    let mut side = 0;
    let mut avoided = 0;
    while position.board().free_count() > 0 {
        let cell = if side == 0 {
            random_cell_among(position.legal_cells(0), &mut rng).unwrap()
        } else {
            let choice = choose_move(&position, 1, level, seed, NODES, &StoppedClock, &mut expert);
            choice.unwrap().cell
        };
        assert!(
            !refused(&position, side, cell),
            "{level:?} {size} {mode:?} seed {seed}"
        );
        if side == 1 && !mirroring_cells(position.board(), 1).is_empty() {
            avoided += 1;
        }
        position.play_index(cell, side);
        side = 1 - side;
    }
    avoided
}

#[test]
fn no_level_answers_with_a_copy_under_the_rule() {
    let mut avoided = 0;
    for size in [4, 6] {
        for mode in ScoringMechanism::ALL {
            for level in Level::ALL {
                for seed in 0..3 {
                    avoided += play_second(size, mode, level, seed);
                }
            }
        }
    }
    // Copies were on offer many times (the mirror answer would have taken them).
    assert!(avoided > 20, "only {avoided} positions offered a copy");
}

#[test]
fn large_boards_quick_levels_respect_the_rule() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        play_second(12, ScoringMechanism::Connection, level, 1);
    }
}

#[test]
fn the_solver_never_proposes_a_copy_under_the_rule() {
    let mut solver = Solver::new();
    let limits = Limits {
        time_ms: None,
        nodes: Some(2_000_000),
    };
    let mut rng = Rng::new(3);
    for game in 0..20 {
        // A 4×4 game copied by the second player under the half turn, cut with 9 free cells.
        let mut position = Position::new(Board::new(4, 4).unwrap(), ScoringMechanism::Connection);
        while position.board().free_count() > 9 {
            let cell = random_cell_among(position.legal_cells(0), &mut rng).unwrap();
            position.play_index(cell, 0);
            if position.board().free_count() > 9 {
                position.play_index(15 - cell, 1);
            }
        }
        // The second player to move, whose half-turn copy is refused.
        let (ruled, side) = (position.with_mirror_rule(true), 1);
        assert!(!mirroring_cells(ruled.board(), side).is_empty());
        let solved = solver
            .best_move(&ruled, side, None, limits, &StoppedClock)
            .unwrap();
        assert!(!refused(&ruled, side, solved.best), "game {game}");
        let values = solver
            .cell_values(&ruled, side, limits, &StoppedClock)
            .unwrap();
        assert!(values.cells.iter().all(|&(c, _)| !refused(&ruled, side, c)));
        assert_eq!(values.value, solved.value);
    }
}

#[test]
fn a_copying_move_is_refused_with_its_reason() {
    // 6×6: the first player took b2; the second answers with its half-turn image e5.
    let board = Board::from_cells(6, 6, [&[(1, 1)], &[]]).unwrap();
    let mut ruled = Position::new(board, ScoringMechanism::Connection).with_mirror_rule(true);
    assert_eq!(ruled.play(4, 4, 1), Err(MoveError::Mirroring));
    assert!(MoveError::Mirroring.to_string().starts_with("No mirroring"));
    assert!(ruled.play(4, 3, 1).is_ok());
    let mut free = Position::new(board, ScoringMechanism::Connection);
    assert!(free.play(4, 4, 1).is_ok());
}

#[test]
fn without_the_rule_expert_second_still_copies() {
    let board = Board::new(6, 6).unwrap();
    let mut position = Position::new(board, ScoringMechanism::Connection);
    position.play_index(7, 0);
    let mut expert = Expert::new();
    let choice = choose_move(
        &position,
        1,
        Level::Expert,
        1,
        NODES,
        &StoppedClock,
        &mut expert,
    );
    assert_eq!(choice.unwrap().cell, 35 - 7);
}
