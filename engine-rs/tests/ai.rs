//! The computer opponent: each level's rules on hand-built positions, the
//! fallbacks, seeded reproducibility, and searches checked against brute force.

mod common;

use common::{board_of, random_grid, Rng as TestRng};
use engine::ai::{
    choose_move, greedy_move, heuristic_move, minimax, resolve_move, spec_evaluation, territory,
    Choice, Expert, Level, Limits, Rng, StoppedClock, WIN,
};
use engine::{Board, Position, ScoringMechanism};
use ScoringMechanism::{Connection, Expansion, Extension};

const NODES: Limits = Limits {
    time_ms: None,
    nodes: Some(20_000),
};

fn choose(position: &Position, player: usize, level: Level, seed: u64) -> Option<Choice> {
    choose_move(
        position,
        player,
        level,
        seed,
        NODES,
        &StoppedClock,
        &mut Expert::new(),
    )
}

/// A board of `w × h` with the first `n` cells (row by row) taken alternately.
fn filled(w: usize, h: usize, n: usize) -> Board {
    let mut board = Board::new(w, h).unwrap();
    for i in 0..n {
        board.occupy(i, i % 2);
    }
    board
}

#[test]
fn the_heuristic_counts_free_own_and_opponent_neighbours_over_eight() {
    // Centre of a 3×3: free on 3 sides... laid out as
    //   0 1 .
    //   1 x .
    //   0 . .
    let board = Board::from_cells(3, 3, [&[(0, 0), (0, 2)], &[(1, 0), (0, 1)]]).unwrap();
    let centre = board.index_of(1, 1).unwrap();
    // 4 free (+12), for player 0: 2 own (−4) and 2 opponent (−2).
    assert_eq!(territory(&board, centre, 0), 6);
    // For player 1 the own and opponent counts swap: 12 − 4 − 2.
    assert_eq!(territory(&board, centre, 1), 6);
    // A corner has only 3 neighbours: (2,2) sees (1,1), (2,1), (1,2), all free.
    assert_eq!(territory(&board, board.index_of(2, 2).unwrap(), 0), 9);
    // (1,2) sees (0,1)=1, (1,1), (2,1), (0,2)=0, (2,2): 3 free, 1 own, 1 opponent for 0.
    assert_eq!(
        territory(&board, board.index_of(1, 2).unwrap(), 0),
        9 - 2 - 1
    );
}

#[test]
fn the_heuristic_takes_the_best_territory_and_breaks_ties_at_random() {
    let board = Board::from_cells(4, 4, [&[(0, 0)], &[(3, 3)]]).unwrap();
    let mut best = i32::MIN;
    for i in 0..16 {
        if board.owner_at(i).is_none() {
            best = best.max(territory(&board, i, 0));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let cell = heuristic_move(&board, 0, &mut Rng::new(seed)).unwrap();
        assert_eq!(
            territory(&board, cell, 0),
            best,
            "the tie-break never beats a real difference"
        );
        seen.insert(cell);
    }
    assert!(seen.len() > 1, "equal cells are chosen between at random");
}

#[test]
fn the_greedy_move_takes_the_largest_gain_of_its_own_score() {
    // Player 0 has a pair and a single; joining them at (2,0) makes 4 (gain 2);
    // joining the pair alone makes 3 (gain 1).
    let board = Board::from_cells(5, 3, [&[(0, 0), (1, 0), (3, 0)], &[(0, 2)]]).unwrap();
    assert_eq!(greedy_move(&board, 0, Connection), board.index_of(2, 0));
}

#[test]
fn easy_plays_the_heuristic_up_to_half_full_then_greedy() {
    for mode in ScoringMechanism::ALL {
        let half = filled(4, 4, 8);
        let pos = Position::new(half, mode);
        let expected = heuristic_move(&half, 0, &mut Rng::new(9)).unwrap();
        assert_eq!(choose(&pos, 0, Level::Easy, 9).unwrap().cell, expected);
        let more = filled(4, 4, 9);
        let pos = Position::new(more, mode);
        assert_eq!(
            choose(&pos, 1, Level::Easy, 9).unwrap().cell,
            greedy_move(&more, 1, mode).unwrap()
        );
    }
}

#[test]
fn medium_searches_two_plies_from_thirty_free_cells() {
    let pos = Position::new(filled(6, 6, 5), Connection); // 31 free
    assert_eq!(choose(&pos, 1, Level::Medium, 1).unwrap().depth, 0);
    let pos = Position::new(filled(6, 6, 6), Connection); // 30 free
    let choice = choose(&pos, 0, Level::Medium, 1).unwrap();
    assert_eq!(choice.depth, 2);
    assert_eq!(choice.cell, minimax(&pos, 0, 2).unwrap().best);
}

#[test]
fn hard_searches_four_plies_from_twenty_four_free_cells() {
    let pos = Position::new(filled(6, 6, 11), Expansion); // 25 free
    assert_eq!(choose(&pos, 1, Level::Hard, 1).unwrap().depth, 0);
    let pos = Position::new(filled(6, 6, 12), Expansion); // 24 free
    let choice = choose(&pos, 0, Level::Hard, 1).unwrap();
    assert_eq!(choice.depth, 4);
    assert_eq!(choice.cell, minimax(&pos, 0, 4).unwrap().best);
}

/// Plain minimax, no pruning: what alpha-beta must agree with.
fn plain_minimax(pos: &mut Position, depth: u32, side: usize, me: usize) -> f64 {
    let free: Vec<usize> = (0..pos.board().area())
        .filter(|&i| pos.board().owner_at(i).is_none())
        .collect();
    if depth == 0 || free.is_empty() {
        return spec_evaluation(pos, me);
    }
    let values = free.into_iter().map(|cell| {
        let before = pos.scores()[side];
        pos.play_index(cell, side);
        let v = plain_minimax(pos, depth - 1, 1 - side, me);
        pos.unplay_index(cell, side, before);
        v
    });
    if side == me {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

#[test]
fn alpha_beta_gives_the_value_of_plain_minimax() {
    let mut rng = TestRng::new(11);
    for _ in 0..12 {
        for mode in ScoringMechanism::ALL {
            let pos = Position::new(board_of(&random_grid(&mut rng, 4, 4, 55)), mode);
            for depth in [1, 2, 3] {
                let result = minimax(&pos, 0, depth).unwrap();
                let mut copy = pos;
                assert_eq!(
                    result.value,
                    plain_minimax(&mut copy, depth, 0, 0),
                    "{mode:?} depth {depth}"
                );
                assert_eq!(
                    result.line.len() as u32,
                    depth.min(pos.board().free_count() as u32)
                );
            }
        }
    }
}

#[test]
fn minimax_finds_the_forced_best_move() {
    // Connection on 4×2, player 0 to move with three cells free: (1,0), (2,0), (3,1).
    //   0 . . 0
    //   1 1 1 .
    // (1,0) holds a 4–4 draw whatever player 1 does. (2,0) or (3,1) lose 3–4:
    // player 1 answers on (1,0) and player 0's last cell can only make a three.
    let board = Board::from_cells(4, 2, [&[(0, 0), (3, 0)], &[(0, 1), (1, 1), (2, 1)]]).unwrap();
    let pos = Position::new(board, Connection);
    let result = minimax(&pos, 0, 3).unwrap();
    let mut best = f64::NEG_INFINITY;
    let mut best_cell = 0;
    for cell in [1, 2, 7] {
        let mut p = pos;
        p.play_index(cell, 0);
        let v = plain_minimax(&mut p, 2, 1, 0);
        if v > best {
            best = v;
            best_cell = cell;
        }
    }
    assert_eq!(result.best, best_cell);
    assert_eq!(result.best, board.index_of(1, 0).unwrap());
    assert_eq!(result.value, best);
}

/// The exact value of a position for the side to move, as Expert scores it.
fn solve(pos: &mut Position, side: usize) -> f64 {
    let free: Vec<usize> = (0..pos.board().area())
        .filter(|&i| pos.board().owner_at(i).is_none())
        .collect();
    if free.is_empty() {
        return engine::ai::ratio_evaluation(pos.scores(), side, true);
    }
    free.into_iter()
        .map(|cell| {
            let before = pos.scores()[side];
            pos.play_index(cell, side);
            let v = -solve(pos, 1 - side);
            pos.unplay_index(cell, side, before);
            v
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn expert_plays_small_endings_perfectly() {
    let mut rng = TestRng::new(12);
    for _ in 0..10 {
        for mode in [Connection, Extension] {
            let grid = random_grid(&mut rng, 3, 3, 70);
            let pos = Position::new(board_of(&grid), mode);
            if pos.board().free_count() == 0 {
                continue;
            }
            let mut copy = pos;
            let exact = solve(&mut copy, 0);
            let limits = Limits {
                time_ms: None,
                nodes: None,
            };
            let result = Expert::new()
                .search(&pos, 0, limits, &StoppedClock)
                .unwrap();
            assert!(
                (result.value - exact).abs() < 1e-3,
                "{} vs exact {}",
                result.value,
                exact
            );
            let mut after = pos;
            after.play_index(result.best, 0);
            let after_value = if after.board().free_count() == 0 {
                engine::ai::ratio_evaluation(after.scores(), 0, true)
            } else {
                -solve(&mut after, 1)
            };
            assert!(
                (after_value - exact).abs() < 1e-3,
                "the chosen move keeps the exact value"
            );
            let decided = exact.abs() >= WIN / 2.0 || exact == 0.0;
            assert!(decided, "a full solve ends in a win, a loss or a draw");
        }
    }
}

#[test]
fn expert_keeps_to_its_node_limit_and_reports_its_line() {
    let pos = Position::new(filled(8, 8, 20), Connection);
    let limits = Limits {
        time_ms: None,
        nodes: Some(5_000),
    };
    let result = Expert::new()
        .search(&pos, 0, limits, &StoppedClock)
        .unwrap();
    assert!(result.nodes <= 5_000);
    assert!(result.depth >= 1);
    assert_eq!(result.line[0], result.best);
    let mut board = *pos.board();
    for (k, &cell) in result.line.iter().enumerate() {
        assert!(
            board.owner_at(cell).is_none(),
            "the line plays only free cells"
        );
        board.occupy(cell, k % 2);
    }
}

#[test]
fn every_level_replays_the_same_move_from_the_same_seed_for_either_player() {
    let mut rng = TestRng::new(13);
    for level in Level::ALL {
        for player in 0..2 {
            let pos = Position::new(board_of(&random_grid(&mut rng, 6, 6, 60)), Expansion);
            let first = choose(&pos, player, level, 77).unwrap();
            let again = choose(&pos, player, level, 77).unwrap();
            assert_eq!(first, again, "{level:?} player {player}");
            assert!(pos.board().owner_at(first.cell).is_none());
        }
    }
}

#[test]
fn the_fallbacks_of_spec_section_8() {
    let board = Board::from_cells(3, 2, [&[(0, 0)], &[(1, 0)]]).unwrap();
    let position = Position::new(board, Connection);
    let resolve = |p: &Position, proposal| resolve_move(p, 0, proposal, 5);
    // No proposal: a random free cell, the same for the same seed.
    let random = resolve(&position, None).unwrap();
    assert!(board.owner_at(random).is_none());
    assert_eq!(resolve(&position, None), Some(random));
    // Invalid coordinates (off the grid, or taken): the first valid cell.
    assert_eq!(resolve(&position, Some((9, 9))), Some(2));
    assert_eq!(resolve(&position, Some((1, 0))), Some(2));
    // A valid proposal stands.
    assert_eq!(resolve(&position, Some((1, 1))), Some(4));
    // No free cell: no move, from the fallbacks and from every level.
    let full = Position::new(filled(3, 2, 6), Connection);
    assert_eq!(resolve(&full, None), None);
    assert_eq!(resolve(&full, Some((0, 0))), None);
    for level in Level::ALL {
        assert!(choose(&full, 0, level, 1).is_none());
    }
}

#[test]
fn under_the_mirror_rule_a_copying_proposal_falls_back_to_a_legal_cell() {
    // 4×4: the first player holds a1 (cell 0); the second's half-turn copy is d4 (cell 15).
    let board = Board::from_cells(4, 4, [&[(0, 0)], &[]]).unwrap();
    let ruled = Position::new(board, Connection).with_mirror_rule(true);
    assert_eq!(resolve_move(&ruled, 1, Some((3, 3)), 5), Some(1));
    let unruled = Position::new(board, Connection);
    assert_eq!(resolve_move(&unruled, 1, Some((3, 3)), 5), Some(15));
}

#[test]
fn expert_values_room_to_grow_as_well_as_the_score_ratio() {
    // Equal scores (a single cell each), but player 0 is in the open centre and
    // player 1 sits in a corner: 4 free neighbours against 2.
    let board = Board::from_cells(4, 4, [&[(1, 1)], &[(0, 3)]]).unwrap();
    assert_eq!(engine::liberties(&board, 0), 4);
    assert_eq!(engine::liberties(&board, 1), 2);
    let pos = Position::new(board, Connection);
    let room = 2.0 * engine::ai::LIBERTY_WEIGHT;
    assert!((engine::ai::expert_evaluation(&pos, 0) - room).abs() < 1e-12);
    assert!((engine::ai::expert_evaluation(&pos, 1) + room).abs() < 1e-12);
}

#[test]
fn a_node_bounded_expert_move_after_forget_is_a_new_searchers_move() {
    // A game's record is replayed move by move, so a move must not depend on the endgames
    // solved before it. Without forget(), the solver's table (kept from move to move) holds
    // the earlier proof, and the small budget finishes a solve that a new searcher cannot.
    let small = Limits {
        time_ms: None,
        nodes: Some(2_000),
    };
    let large = Limits {
        time_ms: None,
        nodes: Some(2_000_000),
    };
    let mut rng = TestRng::new(29);
    let mut differed = 0;
    for k in 0..8 {
        let pos = Position::new(board_of(&random_grid(&mut rng, 6, 6, 45)), Connection);
        let side = k % 2;
        let expert = |limits, searcher: &mut Expert| {
            choose_move(
                &pos,
                side,
                Level::Expert,
                5,
                limits,
                &StoppedClock,
                searcher,
            )
        };
        let fresh = expert(small, &mut Expert::new());
        let mut seasoned = Expert::new();
        expert(large, &mut seasoned);
        let remembered = expert(small, &mut seasoned);
        differed += usize::from(remembered != fresh);
        seasoned.forget();
        let replayed = expert(small, &mut seasoned);
        assert_eq!(replayed, fresh, "position {k}");
    }
    assert!(
        differed > 0,
        "the kept table never changed a move: this test shows nothing"
    );
}
