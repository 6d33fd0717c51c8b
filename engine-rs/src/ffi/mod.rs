//! The WebAssembly boundary: coarse `extern "C"` calls over one exchange area in
//! linear memory, used only by the TypeScript wrapper (`src/engine/`).
//!
//! The caller writes a board into the exchange area (`width`, `height`, and each
//! player's cells as four little-endian 64-bit words, bit `y * width + x`), calls a
//! function, and reads the results back. Scores, gains and differences are exact
//! 128-bit integers, each held as two little-endian `u64` words, low word first
//! (unsigned for scores, two's complement for gains and differences), which the
//! wrapper joins into a `bigint`. Every function returns a status: 0 for
//! success, otherwise one of the `STATUS_*` codes below, mirrored in TypeScript.
//! The logic lives in safe functions over `&mut Exchange`; the exports only find it.

use std::cell::{Cell, UnsafeCell};

use crate::bits::Bits;
use crate::board::{Board, BoardError, MoveError, MAX_SIDE, MAX_WORDS};
use crate::position::Position;
use crate::predict::{predict, GroupMap};
use crate::score::{
    by_words, group_values, is_exact, score_of, within_search_reach, Geometry, Score, ScoreDiff,
    ScoringMechanism,
};

pub const STATUS_OK: i32 = 0;
pub const STATUS_SIZE_OUT_OF_RANGE: i32 = 1;
pub const STATUS_CELL_OFF_GRID: i32 = 2;
pub const STATUS_CELL_OWNED_TWICE: i32 = 3;
pub const STATUS_UNKNOWN_MODE: i32 = 4;
pub const STATUS_SCORE_TOO_LARGE: i32 = 5;
pub const STATUS_MOVE_OFF_GRID: i32 = 10;
pub const STATUS_MOVE_INVALID_PLAYER: i32 = 11;
pub const STATUS_MOVE_OCCUPIED: i32 = 12;
pub const STATUS_MOVE_MIRRORING: i32 = 13;
pub const STATUS_NO_FREE_CELL: i32 = 20;
pub const STATUS_UNKNOWN_LEVEL: i32 = 21;

mod ai;
mod solve;
pub use ai::{ai_move, cell_values, learned_value, play_arena_game, resolve, AiExchange};
pub use solve::{solve, STATUS_NOT_SOLVED};

const MAX_GROUPS: usize = MAX_SIDE * MAX_SIDE;

/// The exchange area. `#[repr(C)]` so its layout is fixed; the wrapper asks for
/// each field's address rather than hard-coding offsets.
#[repr(C)]
pub struct Exchange {
    /// In: board width and height.
    pub size: [u32; 2],
    /// In (and out, after `cc_play`): each player's cells.
    pub cells: [[u64; MAX_WORDS]; 2],
    /// Out: both scores (unsigned), or the prediction's player gain, opponent
    /// gain and net (signed), as [`words`] and [`signed_words`] write them.
    pub numbers: [[u64; 2]; 3],
    /// Out: how many groups each player has.
    pub group_counts: [u32; 2],
    /// Out: each player's group values, largest first (`cc_groups`), or by
    /// group number (`cc_group_labels`).
    pub group_values: [[u32; MAX_GROUPS]; 2],
    /// Out (`cc_group_labels`): the group number of each cell for its owner, 255 if free.
    pub labels: [u8; MAX_GROUPS],
}

impl Exchange {
    pub const fn new() -> Exchange {
        Exchange {
            size: [0; 2],
            cells: [[0; MAX_WORDS]; 2],
            numbers: [[0; 2]; 3],
            group_counts: [0; 2],
            group_values: [[0; MAX_GROUPS]; 2],
            labels: [0; MAX_GROUPS],
        }
    }

    pub(crate) fn board(&self) -> Result<Board, i32> {
        let empty = empty_board(self.size[0], self.size[1])?;
        empty
            .with_cells(self.cells)
            .ok_or_else(|| cells_status(&empty, &self.cells))
    }
}

impl Default for Exchange {
    fn default() -> Self {
        Exchange::new()
    }
}

/// An empty board of this size (its masks cost a pass over every cell, so
/// the last one is kept).
pub(crate) fn empty_board(width: u32, height: u32) -> Result<Board, i32> {
    thread_local!(static LAST: Cell<Option<Board>> = const { Cell::new(None) });
    let same_size = |b: &Board| b.width() == width as usize && b.height() == height as usize;
    match LAST.get() {
        Some(board) if same_size(&board) => Ok(board),
        _ => {
            let board = Board::new(width as usize, height as usize).map_err(board_status)?;
            LAST.set(Some(board));
            Ok(board)
        }
    }
}

/// Which of the two ways cells can be wrong applies.
fn cells_status(empty: &Board, cells: &[[u64; MAX_WORDS]; 2]) -> i32 {
    let inside = empty.masks().inside;
    let off_grid = (0..MAX_WORDS).any(|w| (cells[0][w] | cells[1][w]) & !inside[w] != 0);
    if off_grid {
        STATUS_CELL_OFF_GRID
    } else {
        STATUS_CELL_OWNED_TWICE
    }
}

fn board_status(error: BoardError) -> i32 {
    match error {
        BoardError::SizeOutOfRange { .. } => STATUS_SIZE_OUT_OF_RANGE,
        BoardError::CellOffGrid { .. } => STATUS_CELL_OFF_GRID,
        BoardError::CellOwnedTwice { .. } => STATUS_CELL_OWNED_TWICE,
    }
}

fn move_status(error: MoveError) -> i32 {
    match error {
        MoveError::OffGrid => STATUS_MOVE_OFF_GRID,
        MoveError::InvalidPlayer => STATUS_MOVE_INVALID_PLAYER,
        MoveError::Occupied => STATUS_MOVE_OCCUPIED,
        MoveError::Mirroring => STATUS_MOVE_MIRRORING,
    }
}

/// A mode code's bit saying the game is played under the mirror rule ("No
/// mirroring"); its low byte is the scoring mode's index.
pub const MIRROR_RULE_FLAG: u32 = 0x100;

pub(crate) fn mode_of(code: u32) -> Result<ScoringMechanism, i32> {
    if code & !(MIRROR_RULE_FLAG | 0xFF) != 0 {
        return Err(STATUS_UNKNOWN_MODE);
    }
    ScoringMechanism::ALL
        .get((code & 0xFF) as usize)
        .copied()
        .ok_or(STATUS_UNKNOWN_MODE)
}

/// The exchange area's board as a position under the mode code's scoring mode and rule.
pub(crate) fn position_of(io: &Exchange, code: u32) -> Result<Position, i32> {
    let position = Position::new(io.board()?, mode_of(code)?);
    Ok(position.with_mirror_rule(code & MIRROR_RULE_FLAG != 0))
}

pub(crate) fn status(result: Result<(), i32>) -> i32 {
    result.err().unwrap_or(STATUS_OK)
}

/// An exact unsigned number as two little-endian 64-bit words, low word first.
pub fn words(n: Score) -> [u64; 2] {
    [n as u64, (n >> 64) as u64]
}

/// An exact signed number as two little-endian 64-bit words (two's complement).
pub fn signed_words(n: ScoreDiff) -> [u64; 2] {
    words(n as u128)
}

/// Both scores into `numbers[0..2]`, or why they cannot be given exactly: only a
/// hand-written board, never a game's, has a score past 2^128 − 1.
fn put_scores(io: &mut Exchange, scores: [Score; 2]) -> Result<(), i32> {
    if !scores.iter().all(|&s| is_exact(s)) {
        return Err(STATUS_SCORE_TOO_LARGE);
    }
    io.numbers[0] = words(scores[0]);
    io.numbers[1] = words(scores[1]);
    Ok(())
}

/// Refuses a board on which a search's scores could pass 2^127 (a hand-written
/// one: every game's board is within reach, see `score::within_search_reach`).
pub(crate) fn searchable(board: &Board) -> Result<(), i32> {
    within_search_reach(board)
        .then_some(())
        .ok_or(STATUS_SCORE_TOO_LARGE)
}

/// Scores the board: `numbers[0..2]` become both scores.
pub fn score(io: &mut Exchange, mode: u32) -> i32 {
    status((|| {
        let position = Position::new(io.board()?, mode_of(mode)?);
        put_scores(io, position.scores())
    })())
}

/// Scores the board and lists each player's group values, largest first.
pub fn groups(io: &mut Exchange, mode: u32) -> i32 {
    status((|| {
        let (board, mode) = (io.board()?, mode_of(mode)?);
        put_scores(io, Position::new(board, mode).scores())?;
        for player in 0..2 {
            let values = group_values(&board, player, mode);
            io.group_counts[player] = values.len() as u32;
            io.group_values[player][..values.len()].copy_from_slice(&values);
        }
        Ok(())
    })())
}

/// Which group each cell belongs to, and each group's value: for drawing the
/// board's annotations. `labels` gets each occupied cell's group number for its
/// owner, `group_values[player]` each group's value by number.
pub fn group_labels(io: &mut Exchange, mode: u32) -> i32 {
    status((|| {
        let (board, mode) = (io.board()?, mode_of(mode)?);
        io.labels.fill(u8::MAX);
        for player in 0..2 {
            let map = GroupMap::of(&board, player, mode);
            io.group_counts[player] = map.group_count() as u32;
            for group in 0..map.group_count() {
                io.group_values[player][group] = map.group_value(group);
            }
            for index in 0..board.area() {
                if let Some(group) = map.group_of(index) {
                    io.labels[index] = group as u8;
                }
            }
        }
        Ok(())
    })())
}

/// Predicts a move: `numbers` become player gain, opponent gain and net.
pub fn prediction(io: &mut Exchange, mode: u32, x: i32, y: i32, player: i32) -> i32 {
    status((|| {
        let (board, mode) = (io.board()?, mode_of(mode)?);
        // A gain is exact where both scores stay below 2^127 (every game's board).
        searchable(&board)?;
        let p = predict(&board, x.into(), y.into(), player as usize, mode).map_err(move_status)?;
        io.numbers = [p.player_gain, p.opponent_gain, p.net].map(signed_words);
        Ok(())
    })())
}

/// Validates and plays a move: `cells` become the new board, `numbers[0..2]` the new scores.
pub fn play(io: &mut Exchange, mode: u32, x: i32, y: i32, player: i32) -> i32 {
    status((|| {
        let mut position = position_of(io, mode)?;
        let player = usize::try_from(player).unwrap_or(usize::MAX);
        let scores = position
            .play(x.into(), y.into(), player)
            .map_err(move_status)?;
        io.cells = [
            *position.board().cell_words(0),
            *position.board().cell_words(1),
        ];
        put_scores(io, scores)
    })())
}

fn score_batch_n<const N: usize>(
    empty: &Board,
    boards: &[[[u64; MAX_WORDS]; 2]],
    mode: ScoringMechanism,
) -> Result<f64, i32> {
    let geo = Geometry::<N>::of(empty);
    let inside = Bits::<N>::from_words(&empty.masks().inside);
    let mut total = 0.0;
    for cells in boards {
        let (a, b) = (
            Bits::<N>::from_words(&cells[0]),
            Bits::<N>::from_words(&cells[1]),
        );
        let unused_words_clear = cells.iter().all(|c| c[N..].iter().all(|&w| w == 0));
        if !a.or(b).and_not(inside).is_empty() || !unused_words_clear {
            return Err(STATUS_CELL_OFF_GRID);
        }
        if !a.and(b).is_empty() {
            return Err(STATUS_CELL_OWNED_TWICE);
        }
        // A checksum that keeps the work from being optimised away, not a score.
        total += score_of(&geo, a, mode) as f64 + score_of(&geo, b, mode) as f64;
    }
    Ok(total)
}

/// Scores many same-sized boards in one call (benchmarks) and returns the sum
/// of all their scores as a float (a checksum), or `-status` if a board is malformed.
pub fn score_batch(boards: &[[[u64; MAX_WORDS]; 2]], width: u32, height: u32, mode: u32) -> f64 {
    let run = || -> Result<f64, i32> {
        let (empty, mode) = (empty_board(width, height)?, mode_of(mode)?);
        by_words!(empty, score_batch_n(&empty, boards, mode))
    };
    run().unwrap_or_else(|status| -f64::from(status))
}

/// Boards the batch area holds.
pub const BATCH_CAPACITY: usize = 1024;

/// Module-wide state. Wasm runs one thread and the wrapper makes one call at a
/// time, so handing out `&mut` to it cannot alias. (Native callers, such as
/// tests, use the safe functions above with their own values instead.)
pub(crate) struct Shared<T>(pub(crate) UnsafeCell<T>);
unsafe impl<T> Sync for Shared<T> {}
static EXCHANGE: Shared<Exchange> = Shared(UnsafeCell::new(Exchange::new()));
static BATCH: Shared<[[[u64; MAX_WORDS]; 2]; BATCH_CAPACITY]> =
    Shared(UnsafeCell::new([[[0; MAX_WORDS]; 2]; BATCH_CAPACITY]));

pub(crate) fn exchange() -> &'static mut Exchange {
    // SAFETY: see `Shared`; every export below takes the reference for the
    // duration of one call and drops it before returning.
    unsafe { &mut *EXCHANGE.0.get() }
}

macro_rules! address_of {
    ($name:ident, $field:ident) => {
        #[no_mangle]
        pub extern "C" fn $name() -> usize {
            std::ptr::addr_of!(exchange().$field) as usize
        }
    };
}
address_of!(cc_size_ptr, size);
address_of!(cc_cells_ptr, cells);
address_of!(cc_numbers_ptr, numbers);
address_of!(cc_group_counts_ptr, group_counts);
address_of!(cc_group_values_ptr, group_values);
address_of!(cc_labels_ptr, labels);

/// Most groups one player can have: the stride of `group_values`.
#[no_mangle]
pub extern "C" fn cc_max_groups() -> u32 {
    MAX_GROUPS as u32
}

#[no_mangle]
pub extern "C" fn cc_batch_ptr() -> usize {
    BATCH.0.get() as usize
}

#[no_mangle]
pub extern "C" fn cc_batch_capacity() -> u32 {
    BATCH_CAPACITY as u32
}

#[no_mangle]
pub extern "C" fn cc_score_batch(mode: u32, width: u32, height: u32, count: u32) -> f64 {
    // SAFETY: see `Shared`.
    let boards = unsafe { &*BATCH.0.get() };
    score_batch(
        &boards[..(count as usize).min(BATCH_CAPACITY)],
        width,
        height,
        mode,
    )
}

#[no_mangle]
pub extern "C" fn cc_score(mode: u32) -> i32 {
    score(exchange(), mode)
}

#[no_mangle]
pub extern "C" fn cc_groups(mode: u32) -> i32 {
    groups(exchange(), mode)
}

#[no_mangle]
pub extern "C" fn cc_group_labels(mode: u32) -> i32 {
    group_labels(exchange(), mode)
}

#[no_mangle]
pub extern "C" fn cc_predict(mode: u32, x: i32, y: i32, player: i32) -> i32 {
    prediction(exchange(), mode, x, y, player)
}

#[no_mangle]
pub extern "C" fn cc_play(mode: u32, x: i32, y: i32, player: i32) -> i32 {
    play(exchange(), mode, x, y, player)
}
