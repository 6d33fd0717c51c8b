//! A board with its scoring mode and both scores, kept up to date move by move.
//!
//! Taking a free cell never changes the opponent's groups, and changes the mover's
//! only around that cell: the new score is the old one divided by the values of
//! the groups the cell joins, times the value of the joined group.

use crate::bits::Bits;
use crate::board::{Board, MoveError, Player};
use crate::mirror_rule::legal_cells;
use crate::score::{
    by_words, divided, is_exact, player_score, scores, times, Geometry, Replaced, Score,
    ScoringMechanism,
};

/// A game position: board, scoring mode, the mirror rule, and both scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    board: Board,
    mode: ScoringMechanism,
    /// "No mirroring" (`mirror_rule.rs`): whether a move may not complete a mirror image.
    mirror_rule: bool,
    scores: [Score; 2],
}

fn score_after_n<const N: usize>(
    board: &Board,
    player: Player,
    index: usize,
    mode: ScoringMechanism,
    before: Score,
) -> Score {
    let geo = Geometry::<N>::of(board);
    let own: Bits<N> = board.player_bits(player);
    let cell = Bits::<N>::single(index);
    let mut joined_neighbours = geo.neighbours(cell).and(own);
    if joined_neighbours.is_empty() {
        // A new single cell is worth 1; a player's first cell turns 0 into 1.
        return before.max(1);
    }
    // The joined group is the cell and every group beside it: each old group is
    // filled once (within the player's own cells) and the union is the new one,
    // without filling the joined group again.
    let mut merged = cell;
    let mut replaced: Replaced = 1;
    while !joined_neighbours.is_empty() {
        let old = geo.fill(joined_neighbours.lowest(), own);
        joined_neighbours = joined_neighbours.and_not(old);
        replaced *= Replaced::from(group_value(&geo, mode, old));
        merged = merged.or(old);
    }
    // Exact: `replaced` (at most four values of at most 960) divides the product `before`.
    times(divided(before, replaced), group_value(&geo, mode, merged))
}

/// A group's value, counting its pairs only where the mode needs them.
#[inline(always)]
fn group_value<const N: usize>(geo: &Geometry<N>, mode: ScoringMechanism, group: Bits<N>) -> u32 {
    let pairs = match mode {
        ScoringMechanism::Connection => 0,
        _ => geo.pairs(group),
    };
    mode.group_value(group.count(), pairs)
}

impl Position {
    pub fn new(board: Board, mode: ScoringMechanism) -> Position {
        Position {
            board,
            mode,
            mirror_rule: false,
            scores: scores(&board, mode),
        }
    }

    /// The same position played with the mirror rule on or off.
    pub fn with_mirror_rule(self, on: bool) -> Position {
        Position {
            mirror_rule: on,
            ..self
        }
    }

    pub fn mirror_rule(&self) -> bool {
        self.mirror_rule
    }

    /// The cells `player` may take: every free cell, less under the mirror rule
    /// those that would complete a mirror image (unless nothing else is left).
    #[inline]
    pub fn legal_cells(&self, player: Player) -> Bits<4> {
        legal_cells(&self.board, player, self.mirror_rule)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn mode(&self) -> ScoringMechanism {
        self.mode
    }

    /// Player 0's and player 1's scores.
    pub fn scores(&self) -> [Score; 2] {
        self.scores
    }

    /// Validates and plays a move, returning both new scores.
    pub fn play(&mut self, x: i64, y: i64, player: usize) -> Result<[Score; 2], MoveError> {
        let index = self.board.check_move(x, y, player)?;
        if !self.legal_cells(player).has(index) {
            return Err(MoveError::Mirroring);
        }
        self.play_index(index, player);
        Ok(self.scores)
    }

    /// Plays on a cell index already known to be free and on the grid.
    pub fn play_index(&mut self, index: usize, player: Player) {
        let before = self.scores[player];
        let after = if is_exact(before) {
            let (board, mode) = (&self.board, self.mode);
            by_words!(board, score_after_n(board, player, index, mode, before))
        } else {
            // A score too large to hold (a hand-written board) cannot be divided: score from scratch.
            let mut board = self.board;
            board.occupy(index, player);
            player_score(&board, player, self.mode)
        };
        self.board.occupy(index, player);
        self.scores[player] = after;
    }

    /// Occupies a free cell with the mover's score after it already worked out
    /// (by a search that keeps its own groups).
    #[inline(always)]
    pub(crate) fn place_scored(&mut self, index: usize, player: Player, score: Score) {
        self.board.occupy(index, player);
        self.scores[player] = score;
    }

    /// Takes back a move, given the mover's score before it.
    pub fn unplay_index(&mut self, index: usize, player: Player, score_before: Score) {
        self.board.vacate(index, player);
        self.scores[player] = score_before;
    }
}
