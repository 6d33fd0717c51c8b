//! Move prediction for the hold-and-drag popup: what a move gains its player,
//! and the most the opponent can gain with their best reply.
//!
//! A score is a product of group values, so a gain needs only the groups around
//! the cell: the mover's gain is one pass over their groups. The opponent's side
//! does not depend on the move except for the cell it takes, so it is worked out
//! once per board (`Replies`) and kept for the next call: the popup and the cell
//! list predict cell after cell of one board. Every gain comes from one formula,
//! `merge_gain`, in exact integers.

use std::cell::RefCell;

use crate::bits::Bits;
use crate::board::{Board, MoveError, Player, MAX_SIDE, MAX_WORDS};
use crate::score::{
    by_words, difference, divided, for_each_joined_group, score_of, times, Geometry, GroupShape,
    PairMarks, Replaced, Score, ScoreDiff, ScoringMechanism,
};

const NO_GROUP: u8 = u8::MAX;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The popup's three figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The mover's score increase if they take the cell (negative when merging
    /// groups loses value, e.g. 3 and 3 joined into 7 under connection).
    pub player_gain: ScoreDiff,
    /// The largest increase of the opponent's score with their best reply after it
    /// (0 when the move fills the board).
    pub opponent_gain: ScoreDiff,
    /// `player_gain - opponent_gain`.
    pub net: ScoreDiff,
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

impl GroupMap {
    fn empty(mode: ScoringMechanism) -> GroupMap {
        GroupMap {
            label: [NO_GROUP; MAX_CELLS],
            shapes: [GroupShape::default(); MAX_CELLS / 2],
            groups: 0,
            mode,
            score: 0,
        }
    }
}

/// Labels the groups of `player` into the empty `map`, and calls `visit_joined`
/// with the cells and shape of each group of two or more cells. (Filling a map
/// in place spares wasm a copy of it: wasm returns large values through memory.)
#[inline(always)]
fn label_groups<const N: usize>(
    map: &mut GroupMap,
    board: &Board,
    player: Player,
    mut visit_joined: impl FnMut(Bits<N>, GroupShape),
) {
    let geo = Geometry::<N>::of(board);
    let own: Bits<N> = board.player_bits(player);
    // Cells with an own neighbour; the others are single-cell groups, which
    // need no flood fill.
    let joined = own.and(geo.neighbours(own));
    // The score is the product of the group values (exact, so in any order).
    let mut product: Score = 1;
    let mut rest = own;
    while let Some(first) = rest.first_index() {
        // Groups never touch, so a board holds at most half its cells' worth.
        let id = map.groups;
        let shape = if joined.has(first) {
            let group = geo.fill(Bits::single(first), joined);
            rest = rest.and_not(group);
            group.for_each(|i| map.label[i] = id as u8);
            let shape = geo.shape(group);
            visit_joined(group, shape);
            shape
        } else {
            rest = rest.and_not(Bits::single(first));
            map.label[first] = id as u8;
            GroupShape { cells: 1, pairs: 0 }
        };
        product = times(product, map.mode.group_value(shape.cells, shape.pairs));
        map.shapes[id] = shape;
        map.groups += 1;
    }
    map.score = if map.groups == 0 { 0 } else { product };
}

fn group_map_of<const N: usize>(board: &Board, player: Player, mode: ScoringMechanism) -> GroupMap {
    let mut map = GroupMap::empty(mode);
    label_groups::<N>(&mut map, board, player, |_, _| {});
    map
}

impl GroupMap {
    /// Labels every group of `player` on `board`, valued under `mode`.
    pub fn of(board: &Board, player: Player, mode: ScoringMechanism) -> GroupMap {
        by_words!(board, group_map_of(board, player, mode))
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
    #[inline]
    pub fn gain_at(&self, board: &Board, index: usize) -> ScoreDiff {
        if self.groups == 0 {
            // A first cell turns a score of 0 into 1.
            return 1;
        }
        let w = board.width();
        // The column masks stand in for `x > 0` and `x + 1 < w`, which would
        // need a division to find `x`.
        let masks = board.masks();
        let label = |on: bool, i: usize| if on { self.label[i] } else { NO_GROUP };
        let west = label(Bits(masks.not_first_col).has(index), index.wrapping_sub(1));
        let east = label(Bits(masks.not_last_col).has(index), index + 1);
        let north = label(index >= w, index.wrapping_sub(w));
        let south = label(index + w < board.area(), index + w);
        let mut merged = GroupShape { cells: 1, pairs: 0 };
        let mut replaced: Replaced = 1;
        // Four named neighbours rather than an array and a loop: that keeps
        // them in registers in wasm too.
        let mut join = |id: u8, seen: bool| {
            if id == NO_GROUP {
                return;
            }
            // Every own neighbour is one new adjacent pair; a group that
            // touches the cell on several sides is merged once.
            merged.pairs += 1;
            if !seen {
                let old = self.shapes[id as usize];
                merged.cells += old.cells;
                merged.pairs += old.pairs;
                replaced *= Replaced::from(self.mode.group_value(old.cells, old.pairs));
            }
        };
        join(west, false);
        join(east, east == west);
        join(north, north == west || north == east);
        join(south, south == west || south == east || south == north);
        merge_gain(self.mode, self.score, replaced, merged)
    }
}

/// The score change when groups whose values multiply to `replaced`, out of a
/// score of `before`, become one group of shape `merged`. Every gain is worked
/// out by this one formula. Exact wherever the searches go (both scores below
/// 2^127, see `score::within_search_reach`), which the boundary checks first.
#[inline(always)]
fn merge_gain(
    mode: ScoringMechanism,
    before: Score,
    replaced: Replaced,
    merged: GroupShape,
) -> ScoreDiff {
    // Division is exact: `replaced` divides the integer product `before`.
    let after = times(
        divided(before, replaced),
        mode.group_value(merged.cells, merged.pairs),
    );
    difference(after, before)
}

/// The score change if `player` takes the free cell `index`: one pass over
/// their groups yields both their score and the groups the cell joins.
fn gain_of_move<const N: usize>(
    board: &Board,
    index: usize,
    player: Player,
    mode: ScoringMechanism,
) -> ScoreDiff {
    let geo = &Geometry::<N>::of(board);
    let own: Bits<N> = board.player_bits(player);
    let cell = Bits::<N>::single(index);
    if own.is_empty() {
        // A first cell turns a score of 0 into 1.
        return 1;
    }
    let marks = PairMarks::of(geo, own);
    let mut touching = geo.neighbours(cell).and(own);
    // Every own neighbour is one new adjacent pair.
    let mut merged = GroupShape {
        cells: 1,
        pairs: touching.count(),
    };
    let mut before: Score = 1;
    let mut replaced: Replaced = 1;
    for_each_joined_group(geo, own, |group| {
        let shape = GroupShape {
            cells: group.count(),
            pairs: marks.pairs(group),
        };
        let value = mode.group_value(shape.cells, shape.pairs);
        before = times(before, value);
        if !group.and(touching).is_empty() {
            touching = touching.and_not(group);
            merged.cells += shape.cells;
            merged.pairs += shape.pairs;
            replaced *= Replaced::from(value);
        }
    });
    // The neighbours left are single cells: one cell, no pairs, value 1.
    merged.cells += touching.count();
    merge_gain(mode, before, replaced, merged)
}

/// What the player about to reply can gain on one board: their best gain over
/// all free cells, which cells give it, and their best gain over the others. A
/// move takes one free cell and leaves their groups as they are, so the best
/// reply to it is `best` unless that cell was the only one to give it.
#[derive(Clone, Copy)]
struct Replies {
    best: ScoreDiff,
    best_cells: [u64; MAX_WORDS],
    /// The best gain outside `best_cells`, or `NO_GAIN` if every free cell gives `best`.
    runner_up: ScoreDiff,
}

/// Below every gain: no cell offered yet. (A gain is more than −2^127.)
const NO_GAIN: ScoreDiff = ScoreDiff::MIN;

impl Replies {
    /// Records that each of `cells` (free cells, none offered before) gains `gain`.
    #[inline(always)]
    fn offer<const N: usize>(&mut self, gain: ScoreDiff, cells: Bits<N>) {
        if cells.is_empty() {
            return;
        }
        if gain > self.best {
            self.runner_up = self.best;
            self.best = gain;
            self.best_cells = [0; MAX_WORDS];
        } else if gain < self.best {
            self.runner_up = self.runner_up.max(gain);
            return;
        }
        for (word, cells) in self.best_cells.iter_mut().zip(cells.0) {
            *word |= cells;
        }
    }

    /// The largest gain over the free cells other than `index` (0 if none).
    fn after_move(&self, index: usize) -> ScoreDiff {
        let mut others = self.best_cells;
        others[index / 64] &= !(1 << (index % 64));
        if others.iter().any(|&w| w != 0) {
            self.best
        } else if self.runner_up == NO_GAIN {
            0
        } else {
            self.runner_up
        }
    }

    /// Every free cell's gain for `player`, as `GroupMap::gain_at` has it, but
    /// found per group where it can be: bit sets suit wasm better than look-ups.
    #[inline(always)]
    fn of<const N: usize>(board: &Board, player: Player, mode: ScoringMechanism) -> Replies {
        let geo = Geometry::<N>::of(board);
        let own: Bits<N> = board.player_bits(player);
        let free = Bits::<N>::from_words(&board.free_words());
        let mut replies = Replies {
            best: NO_GAIN,
            best_cells: [0; MAX_WORDS],
            runner_up: NO_GAIN,
        };
        if own.is_empty() {
            // Any cell turns a score of 0 into 1.
            replies.offer(1, free);
            return replies;
        }
        let (once, twice) = geo.neighbours_once_twice(own);
        let liberties = once.and(free);
        // A cell with no own neighbour adds a group of value 1: it gains 0.
        replies.offer(0, free.and_not(liberties));
        // A cell next to exactly one own cell adds one cell and one pair to its
        // group, so its gain depends on the group alone: one offer per group
        // covers all such cells (most liberties), and one all single cells.
        let extending = liberties.and_not(twice);
        // The map's score, bit for bit, but needed before the map is done.
        let before = score_of(&geo, own, mode);
        let extend = |shape: GroupShape| {
            let merged = GroupShape {
                cells: shape.cells + 1,
                pairs: shape.pairs + 1,
            };
            let replaced = Replaced::from(mode.group_value(shape.cells, shape.pairs));
            merge_gain(mode, before, replaced, merged)
        };
        let mut map = GroupMap::empty(mode);
        label_groups(&mut map, board, player, |group, shape| {
            replies.offer(extend(shape), geo.neighbours(group).and(extending));
        });
        let singles = own.and_not(once);
        let single = GroupShape { cells: 1, pairs: 0 };
        replies.offer(extend(single), geo.neighbours(singles).and(extending));
        // A cell next to two or more own cells may merge groups: one look each.
        liberties.and(twice).for_each(|i| {
            replies.offer(map.gain_at(board, i), Bits::<N>::single(i));
        });
        replies
    }
}

/// Everything `Replies::of` depends on.
struct RepliesKey {
    cells: [[u64; MAX_WORDS]; 2],
    width: usize,
    height: usize,
    player: Player,
    mode: ScoringMechanism,
}

impl RepliesKey {
    /// Word by word, without branches or a copy of the key: this runs on every
    /// prediction, and a derived comparison may become a `bcmp` call in wasm.
    fn is_for(&self, board: &Board, player: Player, mode: ScoringMechanism) -> bool {
        let mut differ = 0;
        for (kept, now) in self
            .cells
            .iter()
            .zip([board.cell_words(0), board.cell_words(1)])
        {
            for (a, b) in kept.iter().zip(now) {
                differ |= a ^ b;
            }
        }
        differ == 0
            && self.width == board.width()
            && self.height == board.height()
            && self.player == player
            && self.mode == mode
    }
}

/// The largest gain of `player` on `board` under `mode` over the free cells
/// other than `index`. Their replies are kept from the last call when it was
/// for the same board, player and mode.
fn best_reply(board: &Board, player: Player, mode: ScoringMechanism, index: usize) -> ScoreDiff {
    thread_local!(static LAST: RefCell<Option<(RepliesKey, Replies)>> = const { RefCell::new(None) });
    LAST.with_borrow_mut(|last| match last {
        Some((key, replies)) if key.is_for(board, player, mode) => replies.after_move(index),
        _ => {
            // Worked out once per board, so one 4-word copy of the code does for
            // every size: copies for 1 and 2 words would add 4 kB to engine.wasm.
            let replies = Replies::of::<MAX_WORDS>(board, player, mode);
            let key = RepliesKey {
                cells: [*board.cell_words(0), *board.cell_words(1)],
                width: board.width(),
                height: board.height(),
                player,
                mode,
            };
            *last = Some((key, replies));
            replies.after_move(index)
        }
    })
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
    let player_gain = by_words!(board, gain_of_move(board, index, player, mode));
    // The move cannot change the opponent's groups (it takes a free cell), so
    // their best reply is their best gain over the other free cells.
    let opponent_gain = best_reply(board, 1 - player, mode, index);
    Ok(Prediction {
        player_gain,
        opponent_gain,
        net: player_gain - opponent_gain,
    })
}
