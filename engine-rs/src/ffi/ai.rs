//! The computer opponent across the wasm boundary. Same conventions as the
//! parent module: the board comes from the exchange area, results go to
//! `AI_EXCHANGE`, every call returns a status.

use std::cell::{RefCell, UnsafeCell};

use super::{
    exchange, mode_of, position_of, searchable, status, words, Exchange, Shared, MIRROR_RULE_FLAG,
    STATUS_NO_FREE_CELL, STATUS_UNKNOWN_LEVEL,
};
use crate::ai::{self, Clock, Expert, Level, Limits};
use crate::board::MAX_SIDE;

const CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Results of the AI calls.
#[repr(C)]
pub struct AiExchange {
    /// `cc_ai_move`: x, y, depth, nodes, elapsed ms, value, line length.
    pub report: [f64; 7],
    /// `cc_ai_move`: the expected line as cell indexes, the move first.
    pub line: [u32; CELLS],
    /// `cc_cell_values`: per cell index, the spec's evaluation after the move (NaN if taken).
    /// `cc_solve`: 0 on each cell with an exact value in `exact`, NaN on the others.
    /// `cc_play_game`: 0, 0, then each move's milliseconds in turn.
    pub values: [f64; CELLS + 2],
    /// Exact numbers, each two little-endian `u64` words (`super::words`).
    /// `cc_solve`: the position's value (signed), then each cell's by index.
    /// `cc_play_game`: both final scores (unsigned).
    pub exact: [[u64; 2]; CELLS + 1],
}

impl AiExchange {
    pub const fn new() -> AiExchange {
        AiExchange {
            report: [0.0; 7],
            line: [0; CELLS],
            values: [0.0; CELLS + 2],
            exact: [[0; 2]; CELLS + 1],
        }
    }
}

impl Default for AiExchange {
    fn default() -> Self {
        AiExchange::new()
    }
}

fn level_of(code: u32) -> Result<Level, i32> {
    Level::ALL
        .get(code as usize)
        .copied()
        .ok_or(STATUS_UNKNOWN_LEVEL)
}

/// An arena seat's code: a level's, one past the last level for a random player,
/// two past it for Expert with its classic evaluation.
fn contestant_of(code: u32) -> Result<ai::Contestant, i32> {
    if code as usize == Level::ALL.len() {
        return Ok(ai::Contestant::Random);
    }
    if code as usize == Level::ALL.len() + 1 {
        return Ok(ai::Contestant::ClassicExpert);
    }
    level_of(code).map(ai::Contestant::Level)
}

/// Limits as the boundary passes them: 0 or less means "not limited".
pub fn limits(time_ms: f64, node_limit: f64) -> Limits {
    Limits {
        time_ms: (time_ms > 0.0).then_some(time_ms),
        nodes: (node_limit >= 1.0).then_some(node_limit as u64),
    }
}

thread_local! {
    /// Expert searchers, kept so their tables are allocated once.
    static EXPERTS: RefCell<Option<[Expert; 2]>> = const { RefCell::new(None) };
}

fn with_experts<T>(f: impl FnOnce(&mut [Expert; 2]) -> T) -> T {
    EXPERTS.with(|cell| f(cell.borrow_mut().get_or_insert_with(Default::default)))
}

/// The computer's move for `player`; see [`ai::choose_move`].
#[allow(clippy::too_many_arguments)]
pub fn ai_move(
    io: &Exchange,
    out: &mut AiExchange,
    mode: u32,
    player: u32,
    level: u32,
    seed: u64,
    limits: Limits,
    clock: &dyn Clock,
) -> i32 {
    status((|| {
        let position = position_of(io, mode)?;
        searchable(position.board())?;
        let level = level_of(level)?;
        let player = (player as usize).min(1);
        let choice = with_experts(|experts| {
            // A move bounded by nodes alone is reproducible: it starts from what a new
            // searcher knows, so the same position, seed and budget always give the same
            // move, and a game's record can be replayed move by move (High Scores).
            if level == Level::Expert && limits.time_ms.is_none() {
                experts[0].forget();
            }
            ai::choose_move(
                &position,
                player,
                level,
                seed,
                limits,
                clock,
                &mut experts[0],
            )
        })
        .ok_or(STATUS_NO_FREE_CELL)?;
        let (x, y) = position.board().coords(choice.cell);
        let line = &choice.line[..choice.line.len().min(CELLS)];
        out.report = [
            x as f64,
            y as f64,
            f64::from(choice.depth),
            choice.nodes as f64,
            choice.elapsed_ms,
            choice.value,
            line.len() as f64,
        ];
        for (slot, &cell) in out.line.iter_mut().zip(line) {
            *slot = cell as u32;
        }
        Ok(())
    })())
}

/// For every free cell, the spec's evaluation for `player` after taking it.
pub fn cell_values(io: &Exchange, out: &mut AiExchange, mode: u32, player: u32) -> i32 {
    status((|| {
        let mut position = position_of(io, mode)?;
        searchable(position.board())?;
        let player = (player as usize).min(1);
        out.values.fill(f64::NAN);
        // Cells the mirror rule refuses keep no value.
        position.legal_cells(player).for_each(|cell| {
            let before = position.scores()[player];
            position.play_index(cell, player);
            out.values[cell] = ai::spec_evaluation(&position, player);
            position.unplay_index(cell, player, before);
        });
        Ok(())
    })())
}

/// Expert's learned value of the exchange's position for `player` to move:
/// `values[0]` gets it in the net's integer units (log-odds × `ACTIVATION_ONE × OUTPUT_ONE`).
pub fn learned_value(io: &Exchange, out: &mut AiExchange, mode: u32, player: u32) -> i32 {
    status((|| {
        let position = position_of(io, mode)?;
        let player = (player as usize).min(1);
        let raw =
            ai::nnue::position_value(&position, player).ok_or(super::STATUS_SIZE_OUT_OF_RANGE)?;
        out.values[0] = f64::from(raw);
        Ok(())
    })())
}

/// SPEC §8's fallbacks for `player`'s outside proposal: the cell index to play, or -1.
pub fn resolve(
    io: &Exchange,
    mode: u32,
    player: u32,
    proposal: Option<(i64, i64)>,
    seed: u64,
) -> i32 {
    match position_of(io, mode) {
        Ok(position) => {
            let player = (player as usize).min(1);
            ai::resolve_move(&position, player, proposal, seed).map_or(-1, |i| i as i32)
        }
        Err(_) => -1,
    }
}

/// A whole game between two levels on an empty board: `values` gets both final
/// scores, then each move's milliseconds in turn (seat 0 first).
#[allow(clippy::too_many_arguments)]
pub fn play_arena_game(
    out: &mut AiExchange,
    mode: u32,
    width: u32,
    height: u32,
    levels: [u32; 2],
    seed: u64,
    limits: Limits,
    opening: u32,
    clock: &dyn Clock,
) -> i32 {
    status((|| {
        let setup = ai::GameSetup {
            opening: opening as usize,
            width: width as usize,
            height: height as usize,
            mode: mode_of(mode)?,
            mirror_rule: mode & MIRROR_RULE_FLAG != 0,
            players: [contestant_of(levels[0])?, contestant_of(levels[1])?],
            seed,
            limits,
        };
        let record = with_experts(|experts| ai::play_game(setup, clock, experts))
            .ok_or(super::STATUS_SIZE_OUT_OF_RANGE)?;
        out.values.fill(0.0);
        out.exact[0] = words(record.scores[0]);
        out.exact[1] = words(record.scores[1]);
        let [a, b] = &record.move_ms;
        for turn in 0..a.len() + b.len() {
            let ms = if turn % 2 == 0 {
                a[turn / 2]
            } else {
                b[turn / 2]
            };
            out.values[2 + turn] = ms;
        }
        Ok(())
    })())
}

static AI_EXCHANGE: Shared<AiExchange> = Shared(UnsafeCell::new(AiExchange::new()));

pub(super) fn ai_exchange() -> &'static mut AiExchange {
    // SAFETY: see `Shared` in the parent module.
    unsafe { &mut *AI_EXCHANGE.0.get() }
}

/// The JavaScript host's clock (`performance.now`), imported by the module.
#[cfg(target_arch = "wasm32")]
mod host {
    #[link(wasm_import_module = "env")]
    extern "C" {
        pub fn cc_now() -> f64;
    }
}

pub(super) struct HostClock;

impl Clock for HostClock {
    #[cfg(target_arch = "wasm32")]
    fn now_ms(&self) -> f64 {
        // SAFETY: a plain import with no arguments and no memory access.
        unsafe { host::cc_now() }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn now_ms(&self) -> f64 {
        use std::time::{SystemTime, UNIX_EPOCH};
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

fn seed_of(low: u32, high: u32) -> u64 {
    u64::from(high) << 32 | u64::from(low)
}

#[no_mangle]
pub extern "C" fn cc_ai_report_ptr() -> usize {
    std::ptr::addr_of!(ai_exchange().report) as usize
}

#[no_mangle]
pub extern "C" fn cc_ai_line_ptr() -> usize {
    std::ptr::addr_of!(ai_exchange().line) as usize
}

#[no_mangle]
pub extern "C" fn cc_ai_values_ptr() -> usize {
    std::ptr::addr_of!(ai_exchange().values) as usize
}

#[no_mangle]
pub extern "C" fn cc_ai_exact_ptr() -> usize {
    std::ptr::addr_of!(ai_exchange().exact) as usize
}

#[no_mangle]
pub extern "C" fn cc_ai_move(
    mode: u32,
    player: u32,
    level: u32,
    seed_low: u32,
    seed_high: u32,
    time_ms: f64,
    node_limit: f64,
) -> i32 {
    let limits = limits(time_ms, node_limit);
    let seed = seed_of(seed_low, seed_high);
    ai_move(
        exchange(),
        ai_exchange(),
        mode,
        player,
        level,
        seed,
        limits,
        &HostClock,
    )
}

#[no_mangle]
pub extern "C" fn cc_cell_values(mode: u32, player: u32) -> i32 {
    cell_values(exchange(), ai_exchange(), mode, player)
}

#[no_mangle]
pub extern "C" fn cc_learned_value(mode: u32, player: u32) -> i32 {
    learned_value(exchange(), ai_exchange(), mode, player)
}

#[no_mangle]
pub extern "C" fn cc_resolve_move(
    mode: u32,
    player: u32,
    has_proposal: i32,
    x: i32,
    y: i32,
    seed_low: u32,
    seed_high: u32,
) -> i32 {
    let proposal = (has_proposal != 0).then_some((i64::from(x), i64::from(y)));
    resolve(
        exchange(),
        mode,
        player,
        proposal,
        seed_of(seed_low, seed_high),
    )
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn cc_play_game(
    mode: u32,
    width: u32,
    height: u32,
    level_first: u32,
    level_second: u32,
    seed_low: u32,
    seed_high: u32,
    time_ms: f64,
    node_limit: f64,
    opening: u32,
) -> i32 {
    let (levels, seed) = ([level_first, level_second], seed_of(seed_low, seed_high));
    let limits = limits(time_ms, node_limit);
    play_arena_game(
        ai_exchange(),
        mode,
        width,
        height,
        levels,
        seed,
        limits,
        opening,
        &HostClock,
    )
}
