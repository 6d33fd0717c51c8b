//! Self-play positions for training Expert's learned evaluation (scripts/train).
//!
//!   cargo run --release --example selfplay -- --games 2000 --seed 1 --nodes 4000 \
//!       --sizes 8,10,12,16 --out data/selfplay-1.bin [--classic | --net FILE]
//!
//! Each game opens with a few random legal moves (seeded), then Expert (with the
//! committed net, its classic evaluation, or the net in FILE) plays both sides at a
//! fixed node budget under the mirror rule (its endgames exact), so a
//! run is the same for the same arguments. Every position after the opening is
//! written as one 80-byte row (little-endian): side, mode (0 connection, 1
//! expansion, 2 extension), ply, the result for the player to move (0 lost, 1 drawn,
//! 2 won), the log of the mover's score over the other's (f32), the mover's free
//! cells beside its groups less the other's (f32), then the mover's and the other
//! player's cells as four 64-bit words each (cell = y × side + x).

use engine::ai::nnue::Net;
use engine::ai::StoppedClock;
use engine::ai::{choose_move, random_cell_among, ratio_evaluation, Expert, Level, Limits, Rng};
use engine::{liberties, Board, Position, ScoringMechanism};
use std::io::Write;

struct Options {
    games: u64,
    seed: u64,
    nodes: u64,
    sizes: Vec<usize>,
    out: String,
    classic: bool,
    net: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 100,
        seed: 1,
        nodes: 4000,
        sizes: vec![8],
        out: String::new(),
        classic: false,
        net: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--classic" {
            o.classic = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--games" => o.games = number(&value)?,
            "--seed" => o.seed = number(&value)?,
            "--nodes" => o.nodes = number(&value)?,
            "--sizes" => {
                o.sizes = value
                    .split(',')
                    .map(|s| number(s).map(|n| n as usize))
                    .collect::<Result<_, _>>()?
            }
            "--out" => o.out = value,
            "--net" => o.net = Some(value),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.out.is_empty() {
        return Err("--out FILE is required".into());
    }
    Ok(o)
}

fn main() {
    let o = options().unwrap_or_else(|e| {
        eprintln!("selfplay: {e}");
        std::process::exit(2);
    });
    let mut out = std::io::BufWriter::new(std::fs::File::create(&o.out).expect("create --out"));
    let mut experts = match (&o.net, o.classic) {
        (Some(path), _) => {
            let bytes = std::fs::read(path).expect("read --net");
            let net: &'static Net = Box::leak(Box::new(Net::parse(&bytes).expect("a net")));
            [Expert::with_net(net), Expert::with_net(net)]
        }
        (None, true) => [Expert::classic(), Expert::classic()],
        (None, false) => [Expert::new(), Expert::new()],
    };
    let limits = Limits {
        time_ms: None,
        nodes: Some(o.nodes),
    };
    let mut rows = 0usize;
    for game in 0..o.games {
        let mut rng = Rng::new(o.seed.wrapping_mul(1_000_003).wrapping_add(game));
        let side = o.sizes[rng.below(o.sizes.len())];
        let mode = ScoringMechanism::ALL[rng.below(3)];
        let mut position =
            Position::new(Board::new(side, side).expect("size"), mode).with_mirror_rule(true);
        let opening = rng.below(5) + rng.below(side / 2 + 1);
        let mut seen: Vec<(Position, usize, usize)> = Vec::new();
        let mut mover = 0;
        for ply in 0..side * side {
            let cell = if ply < opening {
                random_cell_among(position.legal_cells(mover), &mut rng)
            } else {
                seen.push((position, mover, ply));
                let seed = rng.below(1 << 31) as u64;
                choose_move(
                    &position,
                    mover,
                    Level::Expert,
                    seed,
                    limits,
                    &StoppedClock,
                    &mut experts[mover],
                )
                .map(|c| c.cell)
            };
            let Some(cell) = cell else { break };
            position.play_index(cell, mover);
            mover = 1 - mover;
        }
        experts.iter_mut().for_each(Expert::forget);
        let scores = position.scores();
        for (p, mover, ply) in &seen {
            let result = match scores[*mover].cmp(&scores[1 - *mover]) {
                std::cmp::Ordering::Less => 0u8,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 2,
            };
            let board = p.board();
            let ratio = ratio_evaluation(p.scores(), *mover, false) as f32;
            let room = liberties(board, *mover) as f32 - liberties(board, 1 - *mover) as f32;
            let mut row = Vec::with_capacity(80);
            row.extend_from_slice(&[side as u8, mode_code(mode), *mover as u8, result]);
            row.extend_from_slice(&(*ply as u16).to_le_bytes());
            row.extend_from_slice(&[0, 0]);
            row.extend_from_slice(&ratio.to_le_bytes());
            row.extend_from_slice(&room.to_le_bytes());
            for player in [*mover, 1 - *mover] {
                for w in board.cell_words(player) {
                    row.extend_from_slice(&w.to_le_bytes());
                }
            }
            out.write_all(&row).expect("write");
            rows += 1;
        }
        if (game + 1) % 100 == 0 {
            eprintln!("selfplay: {} games, {rows} positions", game + 1);
        }
    }
    out.flush().expect("flush");
    eprintln!("selfplay: {} games, {rows} positions in {}", o.games, o.out);
}

fn mode_code(mode: ScoringMechanism) -> u8 {
    match mode {
        ScoringMechanism::Connection => 0,
        ScoringMechanism::Expansion => 1,
        ScoringMechanism::Extension => 2,
    }
}
