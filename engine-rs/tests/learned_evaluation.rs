//! Expert's learned evaluation: the committed net loads, values the positions its
//! training wrote down to the same integers, and a search's incremental
//! accumulators agree with a fresh count.

use engine::ai::nnue::{self, features, Net};
use engine::ai::{Expert, Limits, StoppedClock};
use engine::{Board, Position, ScoringMechanism};

const KNOWN: &str = include_str!("../src/ai/nnue/known-values.txt");

/// A known line's cells: indices (y × side + x) separated by commas, `-` for none.
fn cells(field: &str) -> Vec<usize> {
    if field == "-" {
        return Vec::new();
    }
    field.split(',').map(|c| c.parse().unwrap()).collect()
}

/// A known line's position, the mover as player 0.
fn known_position(line: &str) -> (Position, i32) {
    let f: Vec<&str> = line.split(' ').collect();
    let side: usize = f[0].parse().unwrap();
    let mode = ScoringMechanism::ALL[f[1].parse::<usize>().unwrap()];
    let value: i32 = f[2].parse().unwrap();
    let mut board = Board::new(side, side).unwrap();
    for (player, field) in [(0, f[3]), (1, f[4])] {
        for cell in cells(field) {
            board.occupy(cell, player);
        }
    }
    (Position::new(board, mode), value)
}

fn known_lines() -> impl Iterator<Item = &'static str> {
    KNOWN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
}

#[test]
fn the_net_values_the_positions_its_training_wrote_down_exactly() {
    let mut sizes = std::collections::BTreeSet::new();
    for line in known_lines() {
        let (position, value) = known_position(line);
        sizes.insert(position.board().width());
        assert_eq!(nnue::position_value(&position, 0), Some(value), "{line}");
    }
    assert!(
        sizes.len() >= 3,
        "known positions on too few sizes: {sizes:?}"
    );
}

#[test]
fn the_net_values_boards_it_knows_and_leaves_others_to_the_classic_evaluation() {
    let square = Position::new(Board::new(16, 16).unwrap(), ScoringMechanism::Connection);
    assert!(nnue::position_value(&square, 0).is_some());
    let oblong = Position::new(Board::new(8, 6).unwrap(), ScoringMechanism::Connection);
    assert_eq!(nnue::position_value(&oblong, 0), None);
    assert!(features::knows(6, 6) && !features::knows(8, 6));
}

#[test]
fn a_move_adds_one_column_to_each_side_as_a_fresh_count_would() {
    let net: &Net = nnue::committed();
    for side in [6, 9, 16] {
        for mode in ScoringMechanism::ALL {
            let mut board = Board::new(side, side).unwrap();
            let mut accs = [
                net.accumulator(&board, mode, 0),
                net.accumulator(&board, mode, 1),
            ];
            let mut cell = 7 % (side * side);
            for turn in 0..side * side / 2 {
                while board.owner_at(cell).is_some() {
                    cell = (cell + 5) % (side * side);
                }
                let mover = turn % 2;
                board.occupy(cell, mover);
                for (viewer, acc) in accs.iter_mut().enumerate() {
                    nnue::add(acc, net.cell_column(side, cell, viewer != mover));
                }
                for (viewer, acc) in accs.iter().enumerate() {
                    assert_eq!(*acc, net.accumulator(&board, mode, viewer));
                }
            }
        }
    }
}

#[test]
fn learned_expert_gives_the_same_move_for_the_same_node_budget() {
    let limits = Limits {
        time_ms: None,
        nodes: Some(30_000),
    };
    let board = Board::from_cells(10, 10, [&[(4, 4), (5, 6)], &[(5, 5)]]).unwrap();
    let position = Position::new(board, ScoringMechanism::Connection).with_mirror_rule(true);
    let a = Expert::new()
        .search(&position, 1, limits, &StoppedClock)
        .unwrap();
    let b = Expert::new()
        .search(&position, 1, limits, &StoppedClock)
        .unwrap();
    assert!(Expert::new().is_learned() && !Expert::classic().is_learned());
    assert_eq!((a.best, a.value, a.nodes), (b.best, b.value, b.nodes));
    assert!(position.legal_cells(1).has(a.best));
}
