//! Both players' groups through a search. Below a search's root the groups on
//! the board never change shape: a cell taken only joins its taker's groups
//! beside it (SPEC §9: 4-connected groups). So the groups are labelled once at
//! the root, and a move is a union of at most five groups (the cell and its
//! four neighbours') with its undo, instead of a flood fill over the board;
//! what any free cell would do for either player is a few look-ups.
//!
//! A joined group's shape is the sum of its parts plus the taken cell and one
//! adjacent pair per own neighbour (its parts were separate groups, so nothing
//! else joins them), and the taker's score is divided by the parts' values and
//! multiplied by the joined group's: the same exact arithmetic as
//! [`Position::play_index`], and so the same scores.

use super::groups::{Groups, LnValues};
use crate::bits::Bits;
use crate::board::{Board, Player, MAX_SIDE};
use crate::position::Position;
use crate::score::{divided, times, GroupShape, Replaced, Score, ScoringMechanism};

const CELLS: usize = MAX_SIDE * MAX_SIDE;
/// "None": no neighbour there, or nobody's group, or a free cell nobody holds.
const NONE: u16 = u16::MAX;
/// A player has at most half a 16×16 board's cells as groups, plus the free cells.
const NODES: usize = CELLS / 2 + CELLS;

/// What one free cell of the root touches, west, east, north and south.
#[derive(Clone, Copy)]
struct FreeCell {
    index: usize,
    /// Per player, the group already on the board beside the cell, each way.
    groups: [[u16; 4]; 2],
    /// The free cell beside it each way (its number in `LiveGroups::free`).
    free: [u16; 4],
}

/// One player's groups as a union-find: nodes `0..free_from` are the groups on the
/// board at the root, node `free_from + k` is free cell `k`.
struct Side {
    parent: [u16; NODES],
    /// The shape of the group each root stands for.
    shape: [GroupShape; NODES],
    free_from: u16,
}

impl Side {
    #[inline(always)]
    fn root(&self, mut node: u16) -> u16 {
        while self.parent[node as usize] != node {
            node = self.parent[node as usize];
        }
        node
    }
}

/// One move, enough to take it back.
#[derive(Clone, Copy)]
struct Taken {
    free: u16,
    player: u8,
    score_before: Score,
    /// The root the joined group hangs from (NONE: the cell stayed alone), and its shape before.
    root: u16,
    root_shape: GroupShape,
    /// The nodes that were roots and now hang from `root`.
    joined: [u16; 5],
}

/// A position being searched, with both players' groups.
pub(crate) struct LiveGroups {
    position: Position,
    free: Vec<FreeCell>,
    /// The number in `free` of each free cell of the root (NONE elsewhere).
    free_number: [u16; CELLS],
    holder: [u8; CELLS],
    sides: [Box<Side>; 2],
    taken: Vec<Taken>,
}

impl LiveGroups {
    /// `position` as a search's root; `scratch` is memory to label both players' groups in.
    pub(crate) fn new(position: &Position, scratch: &mut [Box<Groups>; 2]) -> LiveGroups {
        let board = position.board();
        for (player, groups) in scratch.iter_mut().enumerate() {
            groups.relabel(board, player, position.mode());
        }
        let mut free_number = [NONE; CELLS];
        let mut cells = Vec::with_capacity(board.free_count());
        Bits::<4>(board.free_words()).for_each(|index| {
            free_number[index] = cells.len() as u16;
            cells.push(index);
        });
        let free = cells
            .iter()
            .map(|&index| {
                let mut cell = FreeCell {
                    index,
                    groups: [[NONE; 4]; 2],
                    free: [NONE; 4],
                };
                for (way, beside) in neighbours(board, index).into_iter().enumerate() {
                    let Some(beside) = beside else { continue };
                    cell.free[way] = free_number[beside];
                    for (player, groups) in scratch.iter().enumerate() {
                        if let Some(g) = groups.group_at(beside) {
                            cell.groups[player][way] = g as u16;
                        }
                    }
                }
                cell
            })
            .collect();
        let side = |groups: &Groups| {
            let mut side = Box::new(Side {
                parent: [0; NODES],
                shape: [GroupShape { cells: 1, pairs: 0 }; NODES],
                free_from: groups.count() as u16,
            });
            for (node, parent) in side.parent.iter_mut().enumerate() {
                *parent = node as u16;
            }
            for id in 0..groups.count() {
                side.shape[id] = groups.shape_of(id);
            }
            side
        };
        LiveGroups {
            position: *position,
            free,
            free_number,
            holder: [u8::MAX; CELLS],
            sides: [side(&scratch[0]), side(&scratch[1])],
            taken: Vec::with_capacity(cells.len()),
        }
    }

    /// The position now.
    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    pub(crate) fn board(&self) -> &Board {
        self.position.board()
    }

    /// Player 0's and player 1's scores.
    pub(crate) fn scores(&self) -> [Score; 2] {
        self.position.scores()
    }

    fn mode(&self) -> ScoringMechanism {
        self.position.mode()
    }

    /// The group the free cell `index` makes for `player`: calls `part` with
    /// each group it joins (root and shape), met west, east, north then south
    /// (the order every caller's arithmetic follows), and returns the joined
    /// group's shape.
    #[inline(always)]
    fn join(
        &self,
        index: usize,
        player: Player,
        mut part: impl FnMut(u16, GroupShape),
    ) -> GroupShape {
        let cell = &self.free[self.free_number[index] as usize];
        let side = &self.sides[player];
        let mut seen = [NONE; 4];
        let mut merged = GroupShape { cells: 1, pairs: 0 };
        for way in 0..4 {
            let group = cell.groups[player][way];
            let free = cell.free[way];
            let node = if group != NONE {
                group
            } else if free != NONE && self.holder[free as usize] == player as u8 {
                side.free_from + free
            } else {
                continue;
            };
            // Every own neighbour is one new adjacent pair.
            merged.pairs += 1;
            let root = side.root(node);
            if !seen.contains(&root) {
                seen[way] = root;
                let shape = side.shape[root as usize];
                merged.cells += shape.cells;
                merged.pairs += shape.pairs;
                part(root, shape);
            }
        }
        merged
    }

    #[inline(always)]
    fn value(&self, shape: GroupShape) -> u32 {
        self.mode().group_value(shape.cells, shape.pairs)
    }

    /// The score of a player with score `before` whose groups worth `replaced`
    /// in all (`None`: no group) become one of shape `merged`.
    #[inline(always)]
    fn score_with(&self, before: Score, replaced: Option<Replaced>, merged: GroupShape) -> Score {
        match replaced {
            // A new single cell is worth 1; a player's first cell turns 0 into 1.
            None => before.max(1),
            // Exact: `replaced` divides the product `before`.
            Some(r) => times(divided(before, r), self.value(merged)),
        }
    }

    /// `player`'s score once they take the free cell `index`.
    #[inline]
    pub(crate) fn score_after(&self, index: usize, player: Player) -> Score {
        let mut replaced = None;
        let merged = self.join(index, player, |_, shape| {
            replaced = Some(replaced.unwrap_or(1) * Replaced::from(self.value(shape)));
        });
        self.score_with(self.scores()[player], replaced, merged)
    }

    /// How taking the free cell `index` changes `player`'s score, on a log
    /// scale (as [`Groups::ln_gain`] gives it, to the last bit).
    #[inline]
    pub(crate) fn ln_gain(&self, index: usize, player: Player, ln: &LnValues) -> f64 {
        let mut replaced = 0.0;
        let merged = self.join(index, player, |_, shape| {
            replaced += ln.of(self.value(shape))
        });
        ln.of(self.value(merged)) - replaced
    }

    /// `player` takes the free cell `index`.
    #[inline]
    pub(crate) fn play(&mut self, index: usize, player: Player) {
        let k = self.free_number[index];
        let mut roots = [NONE; 4];
        let mut count = 0;
        let mut replaced = None;
        let merged = self.join(index, player, |root, shape| {
            roots[count] = root;
            count += 1;
            replaced = Some(replaced.unwrap_or(1) * Replaced::from(self.value(shape)));
        });
        let before = self.position.scores()[player];
        let score = self.score_with(before, replaced, merged);
        let side = &mut self.sides[player];
        let node = side.free_from + k;
        let mut taken = Taken {
            free: k,
            player: player as u8,
            score_before: before,
            root: NONE,
            root_shape: GroupShape::default(),
            joined: [NONE; 5],
        };
        if count > 0 {
            // The part with the most cells keeps its root: trees stay shallow.
            let roots = &roots[..count];
            let root = roots
                .iter()
                .copied()
                .max_by_key(|&r| side.shape[r as usize].cells)
                .unwrap_or(roots[0]);
            taken.root = root;
            taken.root_shape = side.shape[root as usize];
            taken.joined[0] = node;
            side.parent[node as usize] = root;
            for (slot, &r) in roots.iter().filter(|&&r| r != root).enumerate() {
                taken.joined[slot + 1] = r;
                side.parent[r as usize] = root;
            }
            side.shape[root as usize] = merged;
        }
        self.holder[k as usize] = player as u8;
        self.position.place_scored(index, player, score);
        self.taken.push(taken);
    }

    /// Takes back the last move.
    #[inline]
    pub(crate) fn unplay(&mut self) {
        let Some(taken) = self.taken.pop() else {
            return;
        };
        let player = taken.player as usize;
        let side = &mut self.sides[player];
        if taken.root != NONE {
            side.shape[taken.root as usize] = taken.root_shape;
            for &node in taken.joined.iter().filter(|&&n| n != NONE) {
                side.parent[node as usize] = node;
            }
        }
        let k = taken.free as usize;
        self.holder[k] = u8::MAX;
        let index = self.free[k].index;
        self.position
            .unplay_index(index, player, taken.score_before);
    }
}

/// The cells west, east, north and south of `index`, where on the board.
fn neighbours(board: &Board, index: usize) -> [Option<usize>; 4] {
    let (x, y) = board.coords(index);
    let (w, h) = (board.width(), board.height());
    [
        (x > 0).then(|| index - 1),
        (x + 1 < w).then(|| index + 1),
        (y > 0).then(|| index - w),
        (y + 1 < h).then(|| index + w),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{random_free_cell, Rng};

    /// Every move and take-back gives exactly what playing it on a `Position`
    /// gives, and each free cell's log gain is the labelled groups' to the
    /// last bit, through random lines from random positions on every size and mode.
    #[test]
    fn moves_and_take_backs_score_as_the_position_does() {
        let mut rng = Rng::new(11);
        let mut scratch = Groups::empty_pair();
        let ln = LnValues::new();
        for size in [2, 3, 6, 9, 12, 16] {
            for mode in ScoringMechanism::ALL {
                for _ in 0..6 {
                    let mut position = Position::new(Board::new(size, size).unwrap(), mode);
                    for k in 0..rng.below(size * size) {
                        let cell = random_free_cell(position.board(), &mut rng).unwrap();
                        position.play_index(cell, k % 2);
                    }
                    let mut live = LiveGroups::new(&position, &mut scratch);
                    let mut line = vec![position];
                    let mut player = rng.below(2);
                    while let Some(cell) = random_free_cell(live.board(), &mut rng) {
                        let at = *line.last().unwrap();
                        for p in 0..2 {
                            let mut played = at;
                            played.play_index(cell, p);
                            assert_eq!(live.score_after(cell, p), played.scores()[p]);
                            let groups = Groups::of(at.board(), p, mode);
                            let expected = groups.ln_gain(at.board(), cell, &ln);
                            assert_eq!(live.ln_gain(cell, p, &ln).to_bits(), expected.to_bits());
                        }
                        let mut next = at;
                        next.play_index(cell, player);
                        live.play(cell, player);
                        assert_eq!(live.position(), &next, "{size} {mode:?}");
                        line.push(next);
                        player = if rng.below(3) == 0 {
                            player
                        } else {
                            1 - player
                        };
                        // Now and then take a move or two back and go another way.
                        if rng.below(4) == 0 {
                            for _ in 0..rng.below(3).min(line.len() - 1) {
                                live.unplay();
                                line.pop();
                            }
                            assert_eq!(live.position(), line.last().unwrap());
                        }
                    }
                }
            }
        }
    }
}
