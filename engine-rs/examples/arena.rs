//! A native arena for developers tuning the AI (the product's arena is
//! `npm run arena`, which runs the same games in wasm):
//!
//!     cargo run --release --example arena -- A B SIZE MODE GAMES SEED [EXPERT_MS] [EXPERT_NODES] [nomirror] [OPENING]
//!
//! A and B are levels (easy, medium, hard, expert), `expert-classic` (Expert with
//! its classic evaluation) or `random` (any legal cell); `nomirror` plays under the
//! mirror rule; OPENING random moves (seeded) open each game. With `ARENA_NET_A=FILE`
//! in the environment, A's Expert values positions by the net in FILE (a net being
//! trained, against the committed one: `A=expert B=expert`).

use engine::ai::nnue::Net;
use engine::ai::{play_game, Contestant, Expert, GameSetup, Level, Limits, SystemClock};
use engine::ScoringMechanism;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let contestant = |s: &str| match s {
        "random" => Contestant::Random,
        "expert-classic" => Contestant::ClassicExpert,
        _ => Contestant::Level(
            Level::from_name(s).expect("easy, medium, hard, expert, expert-classic or random"),
        ),
    };
    let name = |c: Contestant| match c {
        Contestant::Level(level) => level.name(),
        Contestant::Random => "random",
        Contestant::ClassicExpert => "expert-classic",
    };
    let (a, b) = (contestant(&args[0]), contestant(&args[1]));
    let size: usize = args[2].parse().unwrap();
    let mode = ScoringMechanism::from_name(&args[3]).expect("mode");
    let games: u64 = args[4].parse().unwrap();
    let seed: u64 = args[5].parse().unwrap();
    let time_ms = args
        .get(6)
        .map(|s| s.parse::<f64>().unwrap())
        .filter(|&t| t > 0.0);
    let nodes = args
        .get(7)
        .map(|s| s.parse::<u64>().unwrap())
        .filter(|&n| n > 0);
    let limits = Limits { time_ms, nodes };
    let mirror_rule = args.get(8).is_some_and(|s| s == "nomirror");
    let opening = args.get(9).map_or(0, |s| s.parse::<usize>().unwrap());
    let clock = SystemClock::new();
    let net_a: Option<&'static Net> = std::env::var("ARENA_NET_A").ok().map(|path| {
        let bytes = std::fs::read(&path).expect("read ARENA_NET_A");
        &*Box::leak(Box::new(Net::parse(&bytes).expect("ARENA_NET_A is a net")))
    });
    let expert_a = || net_a.map_or_else(Expert::new, Expert::with_net);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0.0);
    // A's games moving second: on an even board the mirror answer means it need never lose them.
    let mut second = [0; 3];
    let mut ms = [Vec::new(), Vec::new()];
    for game in 0..games {
        // Seats alternate: A moves first in even games.
        let a_seat = (game % 2) as usize;
        let mut players = [b; 2];
        players[a_seat] = a;
        let setup = GameSetup {
            width: size,
            height: size,
            mode,
            mirror_rule,
            players,
            seed: seed + game,
            limits,
            opening,
        };
        let mut experts = [Expert::new(), Expert::new()];
        experts[a_seat] = expert_a();
        let record = play_game(setup, &clock, &mut experts).expect("a board of 2..16");
        let (sa, sb) = (record.scores[a_seat], record.scores[1 - a_seat]);
        if sa > sb {
            wins += 1;
        } else if sa < sb {
            losses += 1;
        } else {
            draws += 1;
        }
        margin += sa as f64 - sb as f64;
        if a_seat == 1 {
            second[if sa > sb {
                0
            } else if sa == sb {
                1
            } else {
                2
            }] += 1;
        }
        ms[0].extend_from_slice(&record.move_ms[a_seat]);
        ms[1].extend_from_slice(&record.move_ms[1 - a_seat]);
    }
    let stat = |v: &mut Vec<f64>| {
        v.sort_by(|x, y| x.total_cmp(y));
        let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
        let p95 = v
            .get((v.len() as f64 * 0.95) as usize)
            .copied()
            .unwrap_or(0.0);
        (mean, p95)
    };
    let (am, ap) = stat(&mut ms[0]);
    let (bm, bp) = stat(&mut ms[1]);
    let points = (wins as f64 + draws as f64 / 2.0) / games as f64 * 100.0;
    println!(
        "{} vs {} {size}x{size} {}: {wins}W {draws}D {losses}L ({points:.1}%), mean margin {:.1}; ms/move {}: mean {am:.2} p95 {ap:.2}; {}: mean {bm:.2} p95 {bp:.2}",
        name(a), name(b), mode.name(), margin / games as f64, name(a), name(b)
    );
    println!(
        "{} moving second: {}W {}D {}L",
        name(a),
        second[0],
        second[1],
        second[2]
    );
}
