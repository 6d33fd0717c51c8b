/**
 * An online game's moves in order, for its record. The server sends the board, the
 * move count and the last move, not the list: the page keeps the moves as they arrive. When it
 * missed some (it was reloaded mid-game, or joined late), the list is rebuilt from the board in an
 * order that reaches the same board, the last move last.
 */
import type { BoardState, CellKey, CellPosition, PlayerIndex } from '../engine';

const keyOf = (cell: CellPosition): CellKey => `${cell.gridX}-${cell.gridY}`;
const cellOf = (key: string): CellPosition => {
  const [gridX = 0, gridY = 0] = key.split('-').map(Number);
  return { gridX, gridY };
};

/** Whether the moves, Player 1 first and alternating, make exactly this board. */
export function movesMakeBoard(moves: readonly CellPosition[], board: BoardState): boolean {
  const cells = board.occupiedCells;
  if (moves.length !== cells[0].size + cells[1].size) return false;
  return moves.every((move, index) => cells[(index % 2) as PlayerIndex].has(keyOf(move)));
}

/** The moves after the server's new state: one more, fewer (an undo), or rebuilt when they do not fit. */
export function followMoves(kept: readonly CellPosition[], board: BoardState, lastMove: CellPosition | null): CellPosition[] {
  const total = board.occupiedCells[0].size + board.occupiedCells[1].size;
  const candidates: CellPosition[][] = [kept.slice(0, total)];
  if (lastMove) candidates.unshift([...kept, lastMove]);
  const fits = candidates.find((moves) => movesMakeBoard(moves, board));
  return fits ?? movesFromBoard(board, lastMove);
}

/** An order of the board's cells, players alternating from Player 1, that ends with the last move. */
export function movesFromBoard(board: BoardState, lastMove: CellPosition | null): CellPosition[] {
  const [first, second] = board.occupiedCells.map((cells) => [...cells].sort());
  if (!first || !second) return [];
  const total = first.length + second.length;
  const lastKey = lastMove ? keyOf(lastMove) : null;
  const lastPlayer: PlayerIndex = (total - 1) % 2 === 0 ? 0 : 1;
  const own = lastPlayer === 0 ? first : second;
  if (lastKey && own.includes(lastKey)) {
    own.splice(own.indexOf(lastKey), 1);
    own.push(lastKey);
  }
  const moves: CellPosition[] = [];
  for (let index = 0; index < total; index++) {
    const key = (index % 2 === 0 ? first : second)[Math.floor(index / 2)];
    if (key !== undefined) moves.push(cellOf(key));
  }
  return moves;
}
