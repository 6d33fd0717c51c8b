//! One whole game between two levels (or a level and a random player), for the
//! arena and the benchmark.

use super::{choose_move, random_cell_among, Clock, Expert, Level, Limits, Rng};
use crate::board::{Board, Player};
use crate::position::Position;
use crate::score::{Score, ScoringMechanism};

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Final scores of the seats: seat 0 moved first.
    pub scores: [Score; 2],
    /// Milliseconds each move took, per seat.
    pub move_ms: [Vec<f64>; 2],
}

/// Who sits in a seat: a level of the AI, or a player who takes a free cell at
/// random (the arena's weakest opponent, and the plainest test of the mirror
/// guarantee: the second player never loses).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Contestant {
    Level(Level),
    Random,
    /// Expert with its classic evaluation (`Expert::classic`), to measure the learned one against.
    ClassicExpert,
}

/// What a game is played on, and by whom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameSetup {
    pub width: usize,
    pub height: usize,
    pub mode: ScoringMechanism,
    /// Played under the mirror rule ("No mirroring").
    pub mirror_rule: bool,
    /// Who sits in each seat: seat 0 moves first.
    pub players: [Contestant; 2],
    /// Each move's seed comes from this, so the game replays exactly.
    pub seed: u64,
    /// Expert's budget per move.
    pub limits: Limits,
    /// Moves played at random (seeded, legal) before the seats take over, so that
    /// two deterministic players still meet in many different games.
    pub opening: usize,
}

/// Plays a game on an empty board; `None` if the size is outside 2..16.
pub fn play_game(
    setup: GameSetup,
    clock: &dyn Clock,
    experts: &mut [Expert; 2],
) -> Option<GameRecord> {
    let GameSetup {
        width,
        height,
        mode,
        mirror_rule,
        players,
        seed,
        limits,
        opening,
    } = setup;
    let board = Board::new(width, height).ok()?;
    // Each game depends only on its setup: nothing an earlier game taught the
    // endgame solver's table carries over.
    experts.iter_mut().for_each(Expert::forget);
    let mut position = Position::new(board, mode).with_mirror_rule(mirror_rule);
    let mut move_ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut seat: Player = 0;
    let mut turn = 0u64;
    // The classic Expert of each seat that has one, made for this game.
    let mut classics: [Option<Expert>; 2] =
        players.map(|p| (p == Contestant::ClassicExpert).then(Expert::classic));
    loop {
        let start = clock.now_ms();
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(turn);
        let cell = match players[seat] {
            _ if turn < opening as u64 => {
                random_cell_among(position.legal_cells(seat), &mut Rng::new(move_seed))
            }
            Contestant::ClassicExpert => choose_move(
                &position,
                seat,
                Level::Expert,
                move_seed,
                limits,
                clock,
                classics[seat].as_mut().expect("made for its seat"),
            )
            .map(|choice| choice.cell),
            Contestant::Level(level) => choose_move(
                &position,
                seat,
                level,
                move_seed,
                limits,
                clock,
                &mut experts[seat],
            )
            .map(|choice| choice.cell),
            Contestant::Random => {
                random_cell_among(position.legal_cells(seat), &mut Rng::new(move_seed))
            }
        };
        let Some(cell) = cell else {
            break;
        };
        move_ms[seat].push(clock.now_ms() - start);
        position.play_index(cell, seat);
        seat = 1 - seat;
        turn += 1;
    }
    Some(GameRecord {
        scores: position.scores(),
        move_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::StoppedClock;

    fn game(players: [Contestant; 2], seed: u64) -> GameRecord {
        let setup = GameSetup {
            width: 4,
            height: 4,
            mode: ScoringMechanism::Connection,
            mirror_rule: false,
            players,
            seed,
            limits: Limits {
                time_ms: None,
                nodes: Some(20_000),
            },
            opening: 0,
        };
        play_game(setup, &StoppedClock, &mut [Expert::new(), Expert::new()]).unwrap()
    }

    #[test]
    fn a_random_player_fills_its_half_of_the_board_the_same_way_from_the_same_seed() {
        let players = [Contestant::Random, Contestant::Level(Level::Expert)];
        let record = game(players, 7);
        assert_eq!(record.move_ms[0].len() + record.move_ms[1].len(), 16);
        assert_eq!(record, game(players, 7));
        let others: Vec<[Score; 2]> = (8..16).map(|seed| game(players, seed).scores).collect();
        assert!(
            others.iter().any(|s| *s != record.scores),
            "every seed gave the same game: {others:?}"
        );
        // Expert moving second never loses (the mirror answer at worst).
        for s in others.iter().chain([&record.scores]) {
            assert!(s[1] >= s[0], "Expert lost moving second: {s:?}");
        }
    }
}
