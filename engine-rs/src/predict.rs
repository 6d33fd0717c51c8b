//! Move prediction for the hold-and-drag popup: what a move gains its player,
//! and the most the opponent can gain with their best reply.

use crate::bits::Bits;
use crate::board::{Board, MoveError, Player, MAX_SIDE};
use crate::score::{by_words, player_score, Geometry, GroupShape, Score, ScoringMechanism};

const NO_GROUP: u8 = u8::MAX;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The popup's three figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The mover's score increase if they take the cell (negative when merging
    /// groups loses value, e.g. 3 and 3 joined into 7 under connection).
    pub player_gain: Score,
    /// The largest increase of the opponent's score with their best reply after it
    /// (0 when the move fills the board).
    pub opponent_gain: Score,
    /// `player_gain - opponent_gain`.
    pub net: Score,
}

/// Every group of one player, labelled, so the gain of any free cell is a few look-ups.
pub struct GroupMap {
    /// Group number of each cell, or `NO_GROUP`.
    label: [u8; MAX_CELLS],
    shapes: [GroupShape; MAX_CELLS / 2],
    groups: usize,
    mode: ScoringMechanism,
    /// The player's current score under `mode`.
    score: Score,
}

fn group_map_n<const N: usize>(board: &Board, player: Player, mode: ScoringMechanism) -> GroupMap {
    let geo = Geometry::<N>::of(board);
    let mut map = GroupMap {
        label: [NO_GROUP; MAX_CELLS],
        shapes: [GroupShape::default(); MAX_CELLS / 2],
        groups: 0,
        mode,
        score: player_score(board, player, mode),
    };
    let mut rest: Bits<N> = board.player_bits(player);
    while !rest.is_empty() {
        let group = geo.fill(rest.lowest(), rest);
        rest = rest.and_not(group);
        // Groups never touch, so a board holds at most half its cells' worth.
        let id = map.groups as u8;
        group.for_each(|i| map.label[i] = id);
        map.shapes[map.groups] = geo.shape(group);
        map.groups += 1;
    }
    map
}

impl GroupMap {
    /// Labels every group of `player` on `board`, valued under `mode`.
    pub fn of(board: &Board, player: Player, mode: ScoringMechanism) -> GroupMap {
        by_words!(board, group_map_n(board, player, mode))
    }

    /// The group number (0..`group_count`) of the player's cell `index`, if it is theirs.
    pub fn group_of(&self, index: usize) -> Option<usize> {
        let label = self.label[index];
        (label != NO_GROUP).then_some(label as usize)
    }

    pub fn group_count(&self) -> usize {
        self.groups
    }

    /// The value of group `group` under the map's mode.
    pub fn group_value(&self, group: usize) -> u32 {
        let shape = self.shapes[group];
        self.mode.group_value(shape.cells, shape.pairs)
    }

    /// The score change if this player takes the free cell `index`.
    pub fn gain_at(&self, board: &Board, index: usize) -> Score {
        let mode = self.mode;
        let (x, y) = board.coords(index);
        let w = board.width();
        let mut neighbours = [NO_GROUP; 4];
        if x > 0 {
            neighbours[0] = self.label[index - 1];
        }
        if x + 1 < w {
            neighbours[1] = self.label[index + 1];
        }
        if y > 0 {
            neighbours[2] = self.label[index - w];
        }
        if y + 1 < board.height() {
            neighbours[3] = self.label[index + w];
        }
        let mut merged = GroupShape { cells: 1, pairs: 0 };
        let mut replaced: Score = 1.0;
        for (k, &id) in neighbours.iter().enumerate() {
            if id == NO_GROUP {
                continue;
            }
            // Every own neighbour is one new adjacent pair.
            merged.pairs += 1;
            if neighbours[..k].contains(&id) {
                continue;
            }
            let old = self.shapes[id as usize];
            merged.cells += old.cells;
            merged.pairs += old.pairs;
            replaced *= mode.group_value(old.cells, old.pairs) as Score;
        }
        let before = self.score;
        // Division is exact: `replaced` divides the integer product `before`.
        let others = if self.groups == 0 {
            1.0
        } else {
            before / replaced
        };
        others * mode.group_value(merged.cells, merged.pairs) as Score - before
    }
}

/// Predicts the move of `player` on `(x, y)`.
pub fn predict(
    board: &Board,
    x: i64,
    y: i64,
    player: usize,
    mode: ScoringMechanism,
) -> Result<Prediction, MoveError> {
    let index = board.check_move(x, y, player)?;
    let player_gain = GroupMap::of(board, player, mode).gain_at(board, index);
    // The move cannot change the opponent's groups (it takes a free cell), so
    // their best reply is their best gain over the other free cells.
    let opponent = GroupMap::of(board, 1 - player, mode);
    let mut free = board.free_words();
    free[index / 64] &= !(1 << (index % 64));
    let mut opponent_gain: Option<Score> = None;
    Bits::<4>(free).for_each(|i| {
        let gain = opponent.gain_at(board, i);
        opponent_gain = Some(opponent_gain.map_or(gain, |best: Score| best.max(gain)));
    });
    let opponent_gain = opponent_gain.unwrap_or(0.0);
    Ok(Prediction {
        player_gain,
        opponent_gain,
        net: player_gain - opponent_gain,
    })
}
