//! The exact solver's reach for `npm run bench`: per board size and scoring mode,
//! the most free cells of game endgames solved within 1 s, and nodes per second.
//!
//!     cargo run --release --example solve_bench -- [SIZES] [GAMES]
//!
//! Endgames come from games of Hard against Hard (seeded), cut at k free cells;
//! k grows until some position takes longer than the budget. Prints one JSON
//! line per size and mode.

use engine::ai::{choose_move, Expert, Level, Limits, SystemClock};
use engine::solve::Solver;
use engine::{Board, Position, ScoringMechanism};

const BUDGET_MS: f64 = 1000.0;
/// The smallest endgame tried.
const FROM_FREE: usize = 8;

/// The position of a Hard-against-Hard game once `free` cells are left (player 0
/// first; each move's seed is the game's plus the free cells left, as in scripts/bench/solver.ts).
fn endgame(size: usize, mode: ScoringMechanism, seed: u64, free: usize) -> (Position, usize) {
    let clock = SystemClock::new();
    let mut expert = Expert::new();
    let limits = Limits {
        time_ms: None,
        nodes: Some(1),
    };
    let mut position = Position::new(Board::new(size, size).unwrap(), mode);
    let mut side = 0;
    while position.board().free_count() > free {
        let choice = choose_move(
            &position,
            side,
            Level::Hard,
            seed + position.board().free_count() as u64,
            limits,
            &clock,
            &mut expert,
        )
        .unwrap();
        position.play_index(choice.cell, side);
        side = 1 - side;
    }
    (position, side)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes: Vec<usize> = args.first().map_or(vec![6, 8, 10], |s| {
        s.split(',').map(|n| n.parse().unwrap()).collect()
    });
    let games: u64 = args.get(1).map_or(2, |s| s.parse().unwrap());
    let clock = SystemClock::new();
    let limits = Limits {
        time_ms: Some(BUDGET_MS),
        nodes: None,
    };
    for &size in &sizes {
        for mode in ScoringMechanism::ALL {
            let (mut reach, mut nodes, mut ms) = (0, 0u64, 0.0);
            'grow: for free in FROM_FREE..=size * size {
                for game in 0..games {
                    let seed = (size * 1000 + free * 10) as u64 + game;
                    let (position, side) = endgame(size, mode, seed, free);
                    // A fresh solver: nothing carried over from the easier positions.
                    let mut solver = Solver::new();
                    let start = std::time::Instant::now();
                    let solved = solver.best_move(&position, side, None, limits, &clock);
                    let took = start.elapsed().as_secs_f64() * 1000.0;
                    let Some(solution) = solved else {
                        break 'grow;
                    };
                    nodes += solution.nodes;
                    ms += took;
                }
                reach = free;
            }
            let per_second = nodes as f64 / (ms / 1000.0).max(1e-9);
            println!(
                r#"{{"figure":"solve","size":{size},"mode":"{}","freeCellsIn1s":{reach},"nodesPerSecond":{per_second:.0}}}"#,
                mode.name()
            );
        }
    }
}
