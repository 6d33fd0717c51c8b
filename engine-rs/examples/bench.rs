//! Native figures for `npm run bench`, on exactly the boards the wasm run uses.
//!
//!     cargo run --release --example bench -- BOARDS_FILE
//!
//! BOARDS_FILE (written by scripts/bench.ts) holds little-endian u32s: the number
//! of sets, then per set its width, height, board count, and each board as the
//! two players' four u64 words. Prints one JSON line per figure.

use std::hint::black_box;
use std::time::{Duration, Instant};

use engine::ffi::{self, Exchange, STATUS_OK};

/// Each figure is the best of TRIES runs of at least TRY_TIME: on a shared
/// machine, the fastest run is the one least disturbed by other work.
const TRY_TIME: Duration = Duration::from_millis(150);
const TRIES: usize = 5;

type Cells = [[u64; 4]; 2];

struct Set {
    width: u32,
    height: u32,
    boards: Vec<Cells>,
}

fn read_sets(bytes: &[u8]) -> Vec<Set> {
    let mut at = 0;
    let mut u32_at = || {
        let v = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        at += 4;
        v
    };
    let sets = u32_at();
    (0..sets)
        .map(|_| {
            let (width, height, count) = (u32_at(), u32_at(), u32_at());
            let boards = (0..count)
                .map(|_| {
                    let mut cells = [[0u64; 4]; 2];
                    for player in cells.iter_mut() {
                        for word in player.iter_mut() {
                            let lo = u32_at() as u64;
                            *word = lo | (u32_at() as u64) << 32;
                        }
                    }
                    cells
                })
                .collect();
            Set {
                width,
                height,
                boards,
            }
        })
        .collect()
}

/// Items per second of `round` (which handles `per_round` items).
fn rate(per_round: usize, mut round: impl FnMut() -> f64) -> f64 {
    black_box(round()); // warm up
    let mut best: f64 = 0.0;
    for _ in 0..TRIES {
        let start = Instant::now();
        let mut rounds = 0;
        while start.elapsed() < TRY_TIME {
            black_box(round());
            rounds += 1;
        }
        best = best.max((rounds * per_round) as f64 / start.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: bench BOARDS_FILE");
    let sets = read_sets(&std::fs::read(path).expect("read the boards file"));
    for (index, set) in sets.iter().enumerate() {
        for (code, mode) in ["connection", "expansion", "extension"].iter().enumerate() {
            let per_second = rate(set.boards.len(), || {
                ffi::score_batch(&set.boards, set.width, set.height, code as u32)
            });
            println!(
                r#"{{"figure":"score","set":{index},"mode":"{mode}","perSecond":{per_second:.0}}}"#
            );
        }
    }
    // Prediction: every free cell of the first set's boards, one call each.
    let set = &sets[0];
    let mut io = Exchange::new();
    io.size = [set.width, set.height];
    let mut cells = 0;
    for board in &set.boards {
        cells += (0..set.width * set.height)
            .filter(|&i| {
                (board[0][i as usize / 64] | board[1][i as usize / 64]) >> (i % 64) & 1 == 0
            })
            .count();
    }
    let per_second = rate(cells, || {
        let mut sum = 0.0;
        for board in &set.boards {
            io.cells = *board;
            for i in 0..set.width * set.height {
                let (x, y) = ((i % set.width) as i32, (i / set.width) as i32);
                if ffi::prediction(&mut io, 0, x, y, 0) == STATUS_OK {
                    sum += io.numbers[2][0] as f64;
                }
            }
        }
        sum
    });
    println!(r#"{{"figure":"predict","set":0,"mode":"connection","perSecond":{per_second:.0}}}"#);
}
