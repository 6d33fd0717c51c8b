//! One player's groups, labelled once per position, so that what any free cell
//! would do to them is a few look-ups: the new score and the new group summary
//! (SPEC §9's evaluation needs both). Taking a cell changes only the groups it
//! touches, at most four, which merge with it into one.

use crate::bits::Bits;
use crate::board::{Board, Player, MAX_SIDE};
use crate::score::{
    by_words, divided, times, Geometry, GroupShape, GroupSummary, Replaced, Score, ScoringMechanism,
};

const CELLS: usize = MAX_SIDE * MAX_SIDE;
const NO_GROUP: u8 = u8::MAX;
/// The largest group values kept in order: a cell joins at most four groups,
/// so the largest group it leaves alone is among the first five.
const TOP: usize = 5;

/// What taking one free cell does to its taker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct After {
    pub score: Score,
    pub summary: GroupSummary,
}

/// Every group of one player, labelled.
pub struct Groups {
    label: [u8; CELLS],
    shapes: [GroupShape; CELLS / 2],
    mode: ScoringMechanism,
    score: Score,
    summary: GroupSummary,
    /// The `TOP` largest group values with their group numbers, largest first.
    top: [(u32, u8); TOP],
}

/// The natural log of every group value (a group is worth at most 2 × 480).
pub struct LnValues(Vec<f64>);

impl Default for LnValues {
    fn default() -> Self {
        LnValues::new()
    }
}

impl LnValues {
    pub fn new() -> LnValues {
        LnValues((0..=2 * CELLS).map(|v| (v.max(1) as f64).ln()).collect())
    }

    #[inline(always)]
    pub(crate) fn of(&self, value: u32) -> f64 {
        self.0[value as usize]
    }
}

fn label_n<const N: usize>(groups: &mut Groups, board: &Board, player: Player) {
    let geo = Geometry::<N>::of(board);
    let own: Bits<N> = board.player_bits(player);
    // Cells without an own neighbour are single-cell groups: no flood fill.
    let joined = own.and(geo.neighbours(own));
    let mut product: Score = 1;
    let mut rest = own;
    let mut count = 0usize;
    while let Some(first) = rest.first_index() {
        let shape = if joined.has(first) {
            let group = geo.fill(Bits::single(first), joined);
            rest = rest.and_not(group);
            group.for_each(|i| groups.label[i] = count as u8);
            geo.shape(group)
        } else {
            rest = rest.and_not(Bits::single(first));
            groups.label[first] = count as u8;
            GroupShape { cells: 1, pairs: 0 }
        };
        let value = groups.mode.group_value(shape.cells, shape.pairs);
        product = times(product, value);
        groups.shapes[count] = shape;
        groups.summary.total_value += value;
        groups.summary.largest_value = groups.summary.largest_value.max(value);
        groups.keep_if_large(value, count as u8);
        count += 1;
    }
    groups.summary.groups = count as u32;
    groups.score = if count == 0 { 0 } else { product };
}

impl Groups {
    /// `player`'s groups on `board`, valued under `mode`.
    pub fn of(board: &Board, player: Player, mode: ScoringMechanism) -> Box<Groups> {
        let mut groups = Box::new(Groups {
            label: [NO_GROUP; CELLS],
            shapes: [GroupShape::default(); CELLS / 2],
            mode,
            score: 0,
            summary: GroupSummary::default(),
            top: [(0, NO_GROUP); TOP],
        });
        by_words!(board, label_n(&mut groups, board, player));
        groups
    }

    /// No groups: memory to relabel.
    pub fn empty() -> Box<Groups> {
        let empty = Board::new(2, 2).expect("a 2x2 board");
        Groups::of(&empty, 0, ScoringMechanism::Connection)
    }

    /// Both players' groups of an empty board: memory to relabel.
    pub fn empty_pair() -> [Box<Groups>; 2] {
        [Groups::empty(), Groups::empty()]
    }

    /// Labels `player`'s groups on `board` afresh, reusing this one's memory.
    pub fn relabel(&mut self, board: &Board, player: Player, mode: ScoringMechanism) {
        self.label = [NO_GROUP; CELLS];
        self.mode = mode;
        self.summary = GroupSummary::default();
        self.top = [(0, NO_GROUP); TOP];
        by_words!(board, label_n(self, board, player));
    }

    /// The group holding the player's cell `index`, if the player holds it.
    #[inline]
    pub fn group_at(&self, index: usize) -> Option<usize> {
        (self.label[index] != NO_GROUP).then_some(self.label[index] as usize)
    }

    /// Size and adjacent pairs of group `id` (as numbered by [`Groups::group_at`]).
    #[inline]
    pub fn shape_of(&self, id: usize) -> GroupShape {
        self.shapes[id]
    }

    /// How many groups the player has.
    pub fn count(&self) -> usize {
        self.summary.groups as usize
    }

    /// The groups of the cells west, east, north and south of `index` (NO_GROUP
    /// off the board or where the player has no cell).
    #[inline(always)]
    fn neighbour_labels(&self, board: &Board, index: usize) -> [u8; 4] {
        let w = board.width();
        let masks = board.masks();
        let label = |on: bool, i: usize| if on { self.label[i] } else { NO_GROUP };
        [
            label(Bits(masks.not_first_col).has(index), index.wrapping_sub(1)),
            label(Bits(masks.not_last_col).has(index), index + 1),
            label(index >= w, index.wrapping_sub(w)),
            label(index + w < board.area(), index + w),
        ]
    }

    /// How taking the free cell `index` changes the player's score, on a log
    /// scale: the log of the joined group's value less those of the groups it
    /// replaces (0 for a new single cell, and for a player's first cell).
    /// (Searches take it from `LiveGroups`; this is what that is tested against.)
    #[cfg(test)]
    pub fn ln_gain(&self, board: &Board, index: usize, ln: &LnValues) -> f64 {
        let [west, east, north, south] = self.neighbour_labels(board, index);
        let mut merged = GroupShape { cells: 1, pairs: 0 };
        let mut replaced = 0.0;
        let mut join = |id: u8, seen: bool| {
            if id == NO_GROUP {
                return;
            }
            merged.pairs += 1;
            if !seen {
                let old = self.shapes[id as usize];
                merged.cells += old.cells;
                merged.pairs += old.pairs;
                replaced += ln.of(self.mode.group_value(old.cells, old.pairs));
            }
        };
        join(west, false);
        join(east, east == west);
        join(north, north == west || north == east);
        join(south, south == west || south == east || south == north);
        ln.of(self.mode.group_value(merged.cells, merged.pairs)) - replaced
    }

    fn keep_if_large(&mut self, value: u32, id: u8) {
        let Some(at) = self.top.iter().position(|t| t.1 == NO_GROUP || value > t.0) else {
            return;
        };
        self.top.copy_within(at..TOP - 1, at + 1);
        self.top[at] = (value, id);
    }

    /// The player's score and group summary once they take the free cell `index`.
    #[inline]
    pub fn after(&self, board: &Board, index: usize) -> After {
        let [west, east, north, south] = self.neighbour_labels(board, index);
        let mut merged = GroupShape { cells: 1, pairs: 0 };
        let mut replaced: Replaced = 1;
        let mut joined = [NO_GROUP; 4];
        let mut joined_count = 0;
        let mut joined_value = 0;
        let mut join = |id: u8, seen: bool| {
            if id == NO_GROUP {
                return;
            }
            // Every own neighbour is one new adjacent pair.
            merged.pairs += 1;
            if !seen {
                let old = self.shapes[id as usize];
                let value = self.mode.group_value(old.cells, old.pairs);
                merged.cells += old.cells;
                merged.pairs += old.pairs;
                replaced *= Replaced::from(value);
                joined_value += value;
                joined[joined_count] = id;
                joined_count += 1;
            }
        };
        join(west, false);
        join(east, east == west);
        join(north, north == west || north == east);
        join(south, south == west || south == east || south == north);
        let value = self.mode.group_value(merged.cells, merged.pairs);
        let untouched = self
            .top
            .iter()
            .find(|t| t.1 != NO_GROUP && !joined[..joined_count].contains(&t.1))
            .map_or(0, |t| t.0);
        let score = if joined_count == 0 {
            // A new single cell is worth 1; a player's first cell turns 0 into 1.
            self.score.max(1)
        } else {
            // Exact: `replaced` divides the product `score`.
            times(divided(self.score, replaced), value)
        };
        After {
            score,
            summary: GroupSummary {
                groups: self.summary.groups + 1 - joined_count as u32,
                total_value: self.summary.total_value + value - joined_value,
                largest_value: value.max(untouched),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Rng;
    use crate::position::Position;
    use crate::score::group_summary;

    #[test]
    fn a_cells_effect_is_what_playing_it_gives_on_every_size_and_mode() {
        let mut rng = Rng::new(5);
        for size in [2, 5, 8, 10, 11, 16] {
            for mode in ScoringMechanism::ALL {
                for _ in 0..6 {
                    let mut position = Position::new(Board::new(size, size).unwrap(), mode);
                    let taken = rng.below(size * size);
                    for k in 0..taken {
                        let cell = crate::ai::random_free_cell(position.board(), &mut rng).unwrap();
                        position.play_index(cell, k % 2);
                    }
                    for player in 0..2 {
                        let groups = Groups::of(position.board(), player, mode);
                        assert_eq!(groups.score, position.scores()[player]);
                        let board = *position.board();
                        assert_eq!(groups.summary, group_summary(&board, player, mode));
                        Bits::<4>(board.free_words()).for_each(|cell| {
                            let mut played = position;
                            played.play_index(cell, player);
                            let expected = After {
                                score: played.scores()[player],
                                summary: group_summary(played.board(), player, mode),
                            };
                            assert_eq!(groups.after(&board, cell), expected, "{size} {mode:?}");
                            let gain = (expected.score as f64).ln()
                                - (position.scores()[player].max(1) as f64).ln();
                            let ln_gain = groups.ln_gain(&board, cell, &LnValues::new());
                            assert!((ln_gain - gain).abs() < 1e-9, "{ln_gain} {gain}");
                            let mut relabelled = Groups::of(&board, 1 - player, mode);
                            relabelled.relabel(&board, player, mode);
                            assert_eq!(relabelled.after(&board, cell), expected);
                        });
                    }
                }
            }
        }
    }
}
