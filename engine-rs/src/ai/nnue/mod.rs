//! Expert's learned evaluation: a small NNUE-style net trained by self-play
//! (scripts/train, docs/learned-evaluation.md).
//!
//! The board's taken cells switch on inputs (`features`); their weight columns
//! are summed into an accumulator, one per player's side. Placing a cell only
//! adds (a taken cell never changes), so a move adds one column to each side's
//! accumulator, and a search keeps one accumulator per ply instead of
//! recomputing. The value is a clipped-ReLU of the accumulator through one
//! output layer chosen by mode and how full the board is, plus two terms the
//! net need not learn: the log of the score ratio (the product the game is won
//! by) and the difference in free cells beside each side's groups. It comes out
//! as the log-odds that the player to move wins (a draw half a win).
//!
//! Every weight is an integer, so native and wasm give the same value to the bit.

pub mod features;

use features::{board_input, cell_inputs, knows, mode_index, ALL_CELLS, INPUTS};
use std::sync::OnceLock;

use super::evaluate::ratio_evaluation;
use crate::board::{Board, Player};
use crate::position::Position;
use crate::score::{liberties, ScoringMechanism};

/// Accumulator width.
pub const HIDDEN: usize = 32;
/// Output layers by how full the board is: eighths of its area.
pub const FILL_BUCKETS: usize = 8;
const HEADS: usize = 3 * FILL_BUCKETS;
/// An accumulator unit of 1.0 (the clip's top).
pub const ACTIVATION_ONE: i32 = 255;
/// An output weight of 1.0.
pub const OUTPUT_ONE: i32 = 64;
/// The score ratio's log is read in sixteenths.
pub const RATIO_STEPS: f64 = 16.0;
const RATIO_CLAMP: f64 = 4000.0;
const MAGIC: &[u8; 4] = b"CCNN";
const VERSION: u32 = 1;

/// One side's accumulator.
pub type Accumulator = [i32; HIDDEN];

/// The committed net (engine-rs/src/ai/nnue/net.bin, written by scripts/train/train.py).
static NET_BYTES: &[u8] = include_bytes!("net.bin");

/// A parsed net.
pub struct Net {
    /// Per input, its column.
    columns: Vec<[i16; HIDDEN]>,
    /// Per board cell of every size, mine then theirs: the cell's two columns summed.
    cell_columns: Vec<[i32; HIDDEN]>,
    heads: [[i16; HIDDEN]; HEADS],
    ratio_weights: [i32; HEADS],
    room_weights: [i32; HEADS],
    biases: [i32; HEADS],
}

/// Why a net's bytes were refused.
#[derive(Debug, PartialEq, Eq)]
pub enum NetError {
    NotANet,
    Version(u32),
    Shape,
}

/// The committed net, parsed once.
pub fn committed() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(|| Net::parse(NET_BYTES).expect("the committed net parses"))
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        if self.0.len() < N {
            return Err(NetError::Shape);
        }
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        Ok(head.try_into().expect("N bytes"))
    }
    fn u32(&mut self) -> Result<u32, NetError> {
        self.take::<4>().map(u32::from_le_bytes)
    }
    fn i32(&mut self) -> Result<i32, NetError> {
        self.take::<4>().map(i32::from_le_bytes)
    }
    fn row(&mut self) -> Result<[i16; HIDDEN], NetError> {
        let mut row = [0; HIDDEN];
        for w in row.iter_mut() {
            *w = self.take::<2>().map(i16::from_le_bytes)?;
        }
        Ok(row)
    }
}

impl Net {
    /// Reads a net: "CCNN", version, hidden width, inputs, fill buckets (u32 each),
    /// then the input columns and the output heads (i16), and the heads' ratio,
    /// room and bias weights (i32), all little-endian.
    pub fn parse(bytes: &[u8]) -> Result<Net, NetError> {
        let mut r = Reader(bytes);
        if &r.take::<4>()? != MAGIC {
            return Err(NetError::NotANet);
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let shape = [r.u32()?, r.u32()?, r.u32()?];
        if shape != [HIDDEN as u32, INPUTS as u32, FILL_BUCKETS as u32] {
            return Err(NetError::Shape);
        }
        let columns = (0..INPUTS)
            .map(|_| r.row())
            .collect::<Result<Vec<_>, _>>()?;
        let mut heads = [[0; HIDDEN]; HEADS];
        for head in heads.iter_mut() {
            *head = r.row()?;
        }
        let mut ints = || -> Result<[i32; HEADS], NetError> {
            let mut v = [0; HEADS];
            for x in v.iter_mut() {
                *x = r.i32()?;
            }
            Ok(v)
        };
        let (ratio_weights, room_weights, biases) = (ints()?, ints()?, ints()?);
        if !r.0.is_empty() {
            return Err(NetError::Shape);
        }
        let mut net = Net {
            columns,
            cell_columns: Vec::new(),
            heads,
            ratio_weights,
            room_weights,
            biases,
        };
        net.cell_columns = net.sum_cell_columns();
        Ok(net)
    }

    fn sum_cell_columns(&self) -> Vec<[i32; HIDDEN]> {
        let mut sums = vec![[0; HIDDEN]; 2 * ALL_CELLS];
        for side in features::MIN_NET_SIDE..=crate::board::MAX_SIDE {
            for cell in 0..side * side {
                for theirs in [false, true] {
                    let inputs = cell_inputs(side, cell, theirs);
                    let sum = &mut sums[inputs[0]];
                    for i in inputs {
                        for (s, &w) in sum.iter_mut().zip(&self.columns[i]) {
                            *s += i32::from(w);
                        }
                    }
                }
            }
        }
        sums
    }

    /// The column a cell adds to a viewer's accumulator (`theirs`: taken by the other player).
    #[inline(always)]
    pub fn cell_column(&self, side: usize, cell: usize, theirs: bool) -> &[i32; HIDDEN] {
        &self.cell_columns[cell_inputs(side, cell, theirs)[0]]
    }

    /// `viewer`'s accumulator for a board the net knows (`features::knows`).
    pub fn accumulator(
        &self,
        board: &Board,
        mode: ScoringMechanism,
        viewer: Player,
    ) -> Accumulator {
        let side = board.width();
        let mut acc = [0; HIDDEN];
        for (a, &w) in acc.iter_mut().zip(&self.columns[board_input(side, mode)]) {
            *a = i32::from(w);
        }
        for cell in 0..board.area() {
            if let Some(owner) = board.owner_at(cell) {
                add(&mut acc, self.cell_column(side, cell, owner != viewer));
            }
        }
        acc
    }

    /// The value for the viewer whose accumulator `acc` is, with that viewer to
    /// move, in integer units of `ACTIVATION_ONE * OUTPUT_ONE` per unit of log-odds.
    /// `ratio` is the log of the viewer's score over the other's, `room` the
    /// viewer's free cells beside its groups less the other's, `taken` the cells
    /// taken of `area`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn raw_value(
        &self,
        acc: &Accumulator,
        extra: Option<&[i32; HIDDEN]>,
        mode: ScoringMechanism,
        taken: usize,
        area: usize,
        ratio: f64,
        room: i32,
    ) -> i32 {
        let head =
            mode_index(mode) * FILL_BUCKETS + (taken * FILL_BUCKETS / area).min(FILL_BUCKETS - 1);
        let weights = &self.heads[head];
        let mut sum = 0i32;
        match extra {
            Some(extra) => {
                for j in 0..HIDDEN {
                    let x = (acc[j] + extra[j]).clamp(0, ACTIVATION_ONE);
                    sum += x * i32::from(weights[j]);
                }
            }
            None => {
                for j in 0..HIDDEN {
                    sum += acc[j].clamp(0, ACTIVATION_ONE) * i32::from(weights[j]);
                }
            }
        }
        let ratio_steps = (ratio * RATIO_STEPS)
            .round()
            .clamp(-RATIO_CLAMP, RATIO_CLAMP) as i32;
        sum + self.ratio_weights[head] * ratio_steps
            + self.room_weights[head] * room
            + self.biases[head]
    }

    /// [`Net::raw_value`] as log-odds.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn value(
        &self,
        acc: &Accumulator,
        extra: Option<&[i32; HIDDEN]>,
        mode: ScoringMechanism,
        taken: usize,
        area: usize,
        ratio: f64,
        room: i32,
    ) -> f64 {
        let raw = self.raw_value(acc, extra, mode, taken, area, ratio, room);
        f64::from(raw) / f64::from(ACTIVATION_ONE * OUTPUT_ONE)
    }

    /// Whether this net values boards of this shape.
    pub fn knows(&self, board: &Board) -> bool {
        knows(board.width(), board.height())
    }
}

/// The committed net's value of a position for `viewer` with `viewer` to move, in
/// integer units ([`Net::raw_value`]); `None` on a board it does not know.
pub fn position_value(position: &Position, viewer: Player) -> Option<i32> {
    let net = committed();
    let board = position.board();
    if !net.knows(board) {
        return None;
    }
    let acc = net.accumulator(board, position.mode(), viewer);
    let ratio = ratio_evaluation(position.scores(), viewer, false);
    let room = liberties(board, viewer) as i32 - liberties(board, 1 - viewer) as i32;
    let taken = board.area() - board.free_count();
    Some(net.raw_value(
        &acc,
        None,
        position.mode(),
        taken,
        board.area(),
        ratio,
        room,
    ))
}

/// Adds a column to an accumulator.
#[inline(always)]
pub fn add(acc: &mut Accumulator, column: &[i32; HIDDEN]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a += c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_a_net_are_refused_with_the_reason() {
        assert_eq!(Net::parse(b"PNG.").err(), Some(NetError::NotANet));
        assert_eq!(
            Net::parse(b"CCNN\x02\0\0\0").err(),
            Some(NetError::Version(2))
        );
        let mut short = NET_BYTES.to_vec();
        short.pop();
        assert_eq!(Net::parse(&short).err(), Some(NetError::Shape));
        let mut long = NET_BYTES.to_vec();
        long.push(0);
        assert_eq!(Net::parse(&long).err(), Some(NetError::Shape));
    }

    #[test]
    fn the_committed_net_fits_the_engine_budget() {
        assert!(NET_BYTES.len() <= 1 << 20, "{} bytes", NET_BYTES.len());
        assert!(Net::parse(NET_BYTES).is_ok());
    }
}
