//! Expert's varied play: a seeded draw among the moves within a small margin of
//! the best, so a game that beat it once cannot be repeated move for move, while
//! the same seed (and node budget) always gives the same game.

use engine::ai::{choose_move, Expert, Level, Limits, StoppedClock, VARIETY_MARGIN};
use engine::{Board, Position, ScoringMechanism};

const NODES: Limits = Limits {
    time_ms: None,
    nodes: Some(5_000),
};

/// The moves of a whole game of Expert against Expert, each move seeded from `seed`.
fn game(size: usize, seed: u64) -> Vec<usize> {
    let mut position = Position::new(
        Board::new(size, size).unwrap(),
        ScoringMechanism::Connection,
    );
    let mut experts = [Expert::new(), Expert::new()];
    let mut moves = vec![];
    let mut side = 0;
    while position.board().free_count() > 0 {
        let turn_seed = seed * 1000 + moves.len() as u64;
        let choice = choose_move(
            &position,
            side,
            Level::Expert,
            turn_seed,
            NODES,
            &StoppedClock,
            &mut experts[side],
        );
        let cell = choice.unwrap().cell;
        position.play_index(cell, side);
        moves.push(cell);
        side = 1 - side;
    }
    moves
}

#[test]
fn the_same_seed_gives_the_same_game_and_other_seeds_other_games() {
    for size in [5, 6] {
        let first = game(size, 1);
        assert_eq!(game(size, 1), first, "{size}: seed 1 twice");
        let others: Vec<Vec<usize>> = (2..6).map(|seed| game(size, seed)).collect();
        assert!(
            others.iter().any(|g| *g != first),
            "{size}: every seed played the same game"
        );
    }
}

#[test]
fn a_varied_move_is_within_the_margin_of_the_best() {
    let mut rng = engine::ai::Rng::new(8);
    let mut varied_somewhere = false;
    for _ in 0..12 {
        let mut position = Position::new(Board::new(8, 8).unwrap(), ScoringMechanism::Expansion);
        for k in 0..20 {
            let cell = engine::ai::random_free_cell(position.board(), &mut rng).unwrap();
            position.play_index(cell, k % 2);
        }
        // Every seed runs the same search (the seed only draws the move): the
        // picks share one depth, and each is within the margin of the best of them.
        let picks: Vec<_> = (0..8)
            .map(|seed| {
                let mut expert = Expert::new();
                expert
                    .search_varied(&position, 0, NODES, &StoppedClock, seed)
                    .unwrap()
            })
            .collect();
        let top = picks
            .iter()
            .map(|p| p.value)
            .fold(f64::NEG_INFINITY, f64::max);
        for pick in &picks {
            assert_eq!((pick.depth, pick.nodes), (picks[0].depth, picks[0].nodes));
            assert!(pick.value > top - VARIETY_MARGIN, "{} vs {top}", pick.value);
        }
        let unvaried = Expert::new()
            .search(&position, 0, NODES, &StoppedClock)
            .unwrap();
        let moves: std::collections::BTreeSet<usize> = picks.iter().map(|p| p.best).collect();
        varied_somewhere |= moves.len() > 1 || !moves.contains(&unvaried.best);
    }
    assert!(
        varied_somewhere,
        "no position offered two moves within the margin"
    );
}
