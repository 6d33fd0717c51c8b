//! Quick figures for tuning the computer on large boards (native):
//!
//!     cargo run --release --example strength -- moves SIZE [MODE]
//!     cargo run --release --example strength -- expert SIZE TAKEN MS|NODESn
//!
//! `moves`: ms per move of every level at 20 stages of a seeded game (p50/p95);
//! `expert`: Expert's depth and nodes in MS on a seeded middle game.

use std::time::Instant;

use engine::ai::{choose_move, Expert, Level, Limits, Rng, SystemClock};
use engine::{Board, Position, ScoringMechanism};

fn seeded(size: usize, mode: ScoringMechanism, taken: usize, seed: u64) -> (Position, usize) {
    let mut rng = Rng::new(seed);
    let mut position = Position::new(Board::new(size, size).unwrap(), mode);
    let mut side = 0;
    for _ in 0..taken {
        let cell = engine::ai::random_free_cell(position.board(), &mut rng).unwrap();
        position.play_index(cell, side);
        side = 1 - side;
    }
    (position, side)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: usize = args[1].parse().unwrap();
    let clock = SystemClock::new();
    let mut expert = Expert::new();
    match args[0].as_str() {
        "moves" => {
            let modes: Vec<ScoringMechanism> =
                args.get(2).map_or(ScoringMechanism::ALL.to_vec(), |m| {
                    vec![ScoringMechanism::from_name(m).unwrap()]
                });
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                for &mode in &modes {
                    let mut ms = Vec::new();
                    let mut worst = (0.0, 0);
                    for k in 0..40 {
                        let taken = k * size * size / 40;
                        let (position, side) = seeded(size, mode, taken, 77 + k as u64);
                        let start = Instant::now();
                        choose_move(
                            &position,
                            side,
                            level,
                            1,
                            Limits {
                                time_ms: None,
                                nodes: Some(50_000),
                            },
                            &clock,
                            &mut expert,
                        );
                        let t = start.elapsed().as_secs_f64() * 1000.0;
                        if t > worst.0 {
                            worst = (t, size * size - taken);
                        }
                        ms.push(t);
                    }
                    // Hard's hardest: the first positions it searches.
                    for k in 0..10 {
                        let (position, side) =
                            seeded(size, mode, size * size - 24 + (k % 3), 500 + k as u64);
                        let start = Instant::now();
                        choose_move(
                            &position,
                            side,
                            level,
                            1,
                            Limits {
                                time_ms: None,
                                nodes: Some(50_000),
                            },
                            &clock,
                            &mut expert,
                        );
                        ms.push(start.elapsed().as_secs_f64() * 1000.0);
                    }
                    ms.sort_by(|a, b| a.total_cmp(b));
                    println!(
                        "{} {size}x{size} {}: p50 {:.2} p95 {:.2} max {:.2} (worst at {} free)",
                        level.name(),
                        mode.name(),
                        ms[ms.len() / 2],
                        ms[ms.len() * 95 / 100],
                        ms[ms.len() - 1],
                        worst.1
                    );
                }
            }
        }
        "expert" => {
            let taken: usize = args[2].parse().unwrap();
            // "1000" is a time in ms, "300000n" a node budget.
            let (time, nodes) = match args[3].strip_suffix('n') {
                Some(n) => (None, Some(n.parse::<u64>().unwrap())),
                None => (Some(args[3].parse::<f64>().unwrap()), None),
            };
            for mode in ScoringMechanism::ALL {
                for seed in [5050u64, 6060] {
                    let (position, side) = seeded(size, mode, taken, seed);
                    let limits = Limits {
                        time_ms: time,
                        nodes,
                    };
                    let r = expert.search(&position, side, limits, &clock).unwrap();
                    println!(
                        "expert {size}x{size} {} taken {taken} seed {seed}: depth {} nodes {} in {:.0} ms ({:.0} nodes/s) best {} value {:.3}",
                        mode.name(), r.depth, r.nodes, r.elapsed_ms, r.nodes as f64 * 1000.0 / r.elapsed_ms, r.best, r.value
                    );
                }
            }
        }
        _ => panic!("moves or expert"),
    }
}
