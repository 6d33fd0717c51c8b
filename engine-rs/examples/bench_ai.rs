//! Native AI figures for `npm run bench`, on exactly the positions the wasm run uses.
//!
//!     cargo run --release --example bench_ai -- JOBS_FILE
//!
//! JOBS_FILE (written by scripts/bench/ai.ts) holds little-endian u32s: the number
//! of jobs, then per job its level, scoring mode, player to move, width, height,
//! repeats, node limit (0: none), time limit in ms (0: none), seed, and the board
//! as the two players' four u64 words. Each job is one move chosen `repeats` times;
//! prints one JSON line per job with the fastest time and the last search's figures.

use std::time::Instant;

use engine::ai::{choose_move, Expert, Level, Limits, SystemClock};
use engine::{Board, Position, ScoringMechanism};

struct Job {
    level: Level,
    player: usize,
    repeats: u32,
    limits: Limits,
    seed: u64,
    position: Position,
}

fn read_jobs(bytes: &[u8]) -> Vec<Job> {
    let mut at = 0;
    let mut u32_at = || {
        let v = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        at += 4;
        v
    };
    let jobs = u32_at();
    (0..jobs)
        .map(|_| {
            let level = Level::ALL[u32_at() as usize];
            let mode = ScoringMechanism::ALL[u32_at() as usize];
            let player = u32_at() as usize;
            let (width, height) = (u32_at() as usize, u32_at() as usize);
            let repeats = u32_at();
            let nodes = Some(u32_at() as u64).filter(|&n| n > 0);
            let time_ms = Some(u32_at() as f64).filter(|&t| t > 0.0);
            let seed = u32_at() as u64;
            let mut cells = [[0u64; 4]; 2];
            for player in cells.iter_mut() {
                for word in player.iter_mut() {
                    let lo = u32_at() as u64;
                    *word = lo | (u32_at() as u64) << 32;
                }
            }
            let board = Board::new(width, height)
                .ok()
                .and_then(|b| b.with_cells(cells))
                .expect("a valid board");
            Job {
                level,
                player,
                repeats,
                limits: Limits { time_ms, nodes },
                seed,
                position: Position::new(board, mode),
            }
        })
        .collect()
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: bench_ai JOBS_FILE");
    let jobs = read_jobs(&std::fs::read(path).expect("read the jobs file"));
    let clock = SystemClock::new();
    // One searcher for the run, as the wasm module keeps one (it clears its table per search).
    let mut expert = Expert::new();
    for (index, job) in jobs.iter().enumerate() {
        let mut fastest = f64::INFINITY;
        let mut last = None;
        for _ in 0..job.repeats.max(1) {
            let start = Instant::now();
            let choice = choose_move(
                &job.position,
                job.player,
                job.level,
                job.seed,
                job.limits,
                &clock,
                &mut expert,
            );
            fastest = fastest.min(start.elapsed().as_secs_f64() * 1000.0);
            last = choice;
        }
        let choice = last.expect("a free cell");
        println!(
            r#"{{"job":{index},"ms":{fastest},"depth":{},"nodes":{},"elapsedMs":{}}}"#,
            choice.depth, choice.nodes, choice.elapsed_ms
        );
    }
}
