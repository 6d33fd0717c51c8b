import { describe, expect, it } from 'vitest';
import type { BoardState, CellKey, CellPosition } from '../engine';
import { followMoves, movesMakeBoard } from './onlineMoves';
import { formatRecord } from './record';
import { recordOfOnlineGame } from './replay';

const cell = (gridX: number, gridY: number): CellPosition => ({ gridX, gridY });
/** The board the moves make, Player 1 first and alternating (what the server sends). */
function boardOf(moves: CellPosition[], side = 6): BoardState {
  const occupiedCells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  moves.forEach((move, index) => occupiedCells[index % 2 === 0 ? 0 : 1].add(`${move.gridX}-${move.gridY}`));
  return { occupiedCells, gridWidth: side, gridHeight: side };
}

describe("an online game's moves, kept as the server's states arrive", () => {
  const game = [cell(2, 3), cell(3, 2), cell(0, 0), cell(5, 5), cell(1, 4)];

  it('follows the moves one state at a time, in the order they were played', () => {
    let kept: CellPosition[] = followMoves([], boardOf([]), null);
    for (let n = 1; n <= game.length; n++) kept = followMoves(kept, boardOf(game.slice(0, n)), game[n - 1]!);
    expect(kept).toEqual(game);
  });

  it('drops the moves an approved undo took back', () => {
    expect(followMoves(game, boardOf(game.slice(0, 3)), game[2]!)).toEqual(game.slice(0, 3));
  });

  it('after a reload mid-game, rebuilds an order that makes the same board, the last move last', () => {
    const board = boardOf(game);
    const rebuilt = followMoves([], board, game[4]!);
    expect(movesMakeBoard(rebuilt, board)).toBe(true);
    expect(rebuilt.at(-1)).toEqual(game[4]);
    // and keeps following from there
    const next = cell(4, 4);
    expect(followMoves(rebuilt, boardOf([...game, next]), next)).toEqual([...rebuilt, next]);
  });
});

describe("an online game's record", () => {
  const moves = [cell(2, 3), cell(3, 2), cell(0, 0), cell(5, 5)];
  const board = boardOf(moves);
  const summary = { board, mode: 'connection' as const, scores: [2n, 3n] as [bigint, bigint] };

  it('names Player 1 first, writes the moves kept and the server\'s result for a game ended early', () => {
    expect(formatRecord(recordOfOnlineGame(moves, { ...summary, over: true, winner: 1 }))).toBe('CC1 6x6 connection: c3 d4 a6 f1 0-1');
    expect(recordOfOnlineGame(moves, { ...summary, over: true, winner: 0 }).result).toBe('1-0');
    expect(recordOfOnlineGame(moves, { ...summary, over: true, winner: 'draw' }).result).toBe('1/2-1/2');
    expect(recordOfOnlineGame(moves, { ...summary, over: true, winner: null }).result).toBe('*'); // aborted
    expect(recordOfOnlineGame(moves, { ...summary, over: false }).result).toBe('*');
  });

  it("a full board's result is its scores', whoever the server named", () => {
    const full = [cell(0, 0), cell(1, 0), cell(1, 1), cell(0, 1)];
    const record = recordOfOnlineGame(full, { board: boardOf(full, 2), mode: 'connection', scores: [4n, 1n], over: true, winner: 1 });
    expect(record.result).toBe('1-0');
  });
});
