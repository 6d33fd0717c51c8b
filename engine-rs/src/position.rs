//! A board with its scoring mode and both scores, kept up to date move by move.
//!
//! Taking a free cell never changes the opponent's groups, and changes the mover's
//! only around that cell: the new score is the old one divided by the values of
//! the groups the cell joins, times the value of the joined group.

use crate::bits::Bits;
use crate::board::{Board, MoveError, Player};
use crate::score::{by_words, is_exact, player_score, scores, Geometry, Score, ScoringMechanism};

/// A game position: board, scoring mode, and both scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    board: Board,
    mode: ScoringMechanism,
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
        return before.max(1.0);
    }
    let merged = geo.fill(cell, own.or(cell));
    let old_cells = merged.and_not(cell);
    let mut replaced: Score = 1.0;
    while !joined_neighbours.is_empty() {
        let old = geo.fill(joined_neighbours.lowest(), old_cells);
        joined_neighbours = joined_neighbours.and_not(old);
        replaced *= mode.group_value(old.count(), geo.pairs(old)) as Score;
    }
    let shape = geo.shape(merged);
    before / replaced * mode.group_value(shape.cells, shape.pairs) as Score
}

impl Position {
    pub fn new(board: Board, mode: ScoringMechanism) -> Position {
        Position {
            board,
            mode,
            scores: scores(&board, mode),
        }
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
            // Beyond 2^53 the division would not be exact: score from scratch.
            let mut board = self.board;
            board.occupy(index, player);
            player_score(&board, player, self.mode)
        };
        self.board.occupy(index, player);
        self.scores[player] = after;
    }

    /// Takes back a move, given the mover's score before it.
    pub fn unplay_index(&mut self, index: usize, player: Player, score_before: Score) {
        self.board.vacate(index, player);
        self.scores[player] = score_before;
    }
}
