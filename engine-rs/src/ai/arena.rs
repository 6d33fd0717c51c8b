//! One whole game between two levels, for the arena and the benchmark.

use super::{choose_move, Clock, Expert, Level, Limits};
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

/// What a game is played on, and by whom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameSetup {
    pub width: usize,
    pub height: usize,
    pub mode: ScoringMechanism,
    /// The level of each seat: seat 0 moves first.
    pub levels: [Level; 2],
    /// Each move's seed comes from this, so the game replays exactly.
    pub seed: u64,
    /// Expert's budget per move.
    pub limits: Limits,
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
        levels,
        seed,
        limits,
    } = setup;
    let board = Board::new(width, height).ok()?;
    let mut position = Position::new(board, mode);
    let mut move_ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut seat: Player = 0;
    let mut turn = 0u64;
    loop {
        let start = clock.now_ms();
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(turn);
        let expert = &mut experts[seat];
        let Some(choice) = choose_move(
            &position,
            seat,
            levels[seat],
            move_seed,
            limits,
            clock,
            expert,
        ) else {
            break;
        };
        move_ms[seat].push(clock.now_ms() - start);
        position.play_index(choice.cell, seat);
        seat = 1 - seat;
        turn += 1;
    }
    Some(GameRecord {
        scores: position.scores(),
        move_ms,
    })
}
