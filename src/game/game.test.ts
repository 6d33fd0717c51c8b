import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { canUndo, closeResults, createGame, freeCells, humanMayPlace, noteHintUsed, placeCell, setProgress, toggleAnnotations, undo } from './game';
import { restoreGame, saveGame, parseStored } from './saved';
import { DEFAULT_SETTINGS, boardSide, parseBoardSize, parseSettings, startingPlayer } from './settings';
import { BOARD_SIZES, LARGE_BOARD_SIZES, SPEC_BOARD_SIZES, type GameState, type Settings } from './types';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const vsAi: Settings = { ...DEFAULT_SETTINGS };
const twoPlayers: Settings = { ...DEFAULT_SETTINGS, playerMode: 'user' };

function play(state: GameState, ...cells: [number, number][]): GameState {
  let s = state.progress === 'pregame' ? setProgress(state, 'playing') : state;
  for (const [gridX, gridY] of cells) {
    const placed = placeCell(s, { gridX, gridY }, engine);
    if (!placed.ok) throw new Error(`move ${gridX}-${gridY} refused: ${placed.reason}`);
    s = placed.state;
  }
  return s;
}

describe('reset (a new game)', () => {
  it('builds an empty board of 6, 8 or 10 (else 6), scores 0-0, pregame', () => {
    expect(boardSide('8')).toBe(8);
    expect(boardSide('10')).toBe(10);
    const game = createGame({ ...vsAi, boardSize: '10' }, 1);
    expect(game.boardState.gridWidth).toBe(10);
    expect(game.scores).toEqual([0n, 0n]);
    expect(game.progress).toBe('pregame');
    expect(game.history).toHaveLength(1);
  });

  it('takes an even side from 6 to 16; anything else becomes 6 (SPEC §5)', () => {
    expect(BOARD_SIZES).toEqual(['6', '8', '10', '12', '14', '16']);
    expect(SPEC_BOARD_SIZES).toEqual(['6', '8', '10']);
    expect(LARGE_BOARD_SIZES).toEqual(['12', '14', '16']);
    for (const size of BOARD_SIZES) {
      expect(parseBoardSize(size)).toBe(size);
      expect(parseBoardSize(Number(size))).toBe(size);
      expect(createGame({ ...vsAi, boardSize: size }, 1).boardState.gridWidth).toBe(Number(size));
    }
    for (const bad of ['4', '7', '11', '18', '20', '012', ' 8', '8x8', 4, 13, 16.5, 18, NaN, null, undefined, {}, ['8']]) {
      expect(parseBoardSize(bad)).toBe('6');
      expect(boardSide(bad)).toBe(6);
    }
    expect(parseSettings({ ...vsAi, boardSize: '16' }).boardSize).toBe('16');
    expect(parseSettings({ ...vsAi, boardSize: 14 }).boardSize).toBe('14');
    expect(parseSettings({ ...vsAi, boardSize: '18' }).boardSize).toBe('6');
    const large = createGame(parseSettings({ ...vsAi, boardSize: '16' }), 1);
    expect([large.boardState.gridWidth, large.boardState.gridHeight, freeCells(large)]).toEqual([16, 16, 256]);
  });

  it('starts with player 0 if the human is first, else 1', () => {
    expect(startingPlayer(vsAi)).toBe(0);
    expect(startingPlayer({ ...vsAi, firstPlayer: 'ai' })).toBe(1);
    expect(startingPlayer({ ...twoPlayers, firstPlayer: 'ai' })).toBe(0);
  });
});

describe('moves', () => {
  it('are accepted only while playing', () => {
    const game = createGame(vsAi, 1);
    expect(placeCell(game, { gridX: 0, gridY: 0 }, engine)).toEqual({ ok: false, reason: 'not-playing' });
  });

  it('push a snapshot, rescore, switch the turn and record both score histories', () => {
    const s = play(createGame(twoPlayers, 1), [0, 0], [5, 5], [1, 0]);
    expect(s.history).toHaveLength(4);
    expect(s.scores).toEqual([2n, 1n]);
    expect(s.currentPlayer).toBe(1);
    expect(s.scoreHistory1).toEqual([1n, 1n, 2n]);
    expect(s.scoreHistory2).toEqual([0n, 1n, 1n]);
  });

  it('are refused off the grid or on an occupied cell, changing nothing', () => {
    const s = play(createGame(twoPlayers, 1), [0, 0]);
    expect(placeCell(s, { gridX: 6, gridY: 0 }, engine)).toEqual({ ok: false, reason: 'off-grid' });
    expect(placeCell(s, { gridX: 0, gridY: 0 }, engine)).toEqual({ ok: false, reason: 'occupied' });
  });

  it('end the game when no free cell remains, and over stays over until the results close', () => {
    let s = setProgress(createGame(twoPlayers, 1), 'playing');
    for (let i = 0; i < 36; i++) s = play(s, [i % 6, Math.floor(i / 6)]);
    expect(freeCells(s)).toBe(0);
    expect(s.progress).toBe('over');
    expect(setProgress(s, 'playing').progress).toBe('over');
    expect(closeResults(s).progress).toBe('playing');
  });

  it('from a click: in two-player mode always, against the AI only on player 0’s turn, only while playing', () => {
    const s = play(createGame(vsAi, 1), [0, 0]);
    expect(humanMayPlace(s, vsAi)).toBe(false);
    expect(humanMayPlace(s, twoPlayers)).toBe(true);
    expect(humanMayPlace(play(s, [1, 1]), vsAi)).toBe(true);
    expect(humanMayPlace(createGame(vsAi, 1), vsAi)).toBe(false);
  });
});

describe('a move the engine cannot make', () => {
  it('is refused as engine-failed, never thrown (a corrupt board: a cell owned by both players)', () => {
    const game = setProgress(createGame(twoPlayers, 1), 'playing');
    const corrupt: GameState = { ...game, boardState: { ...game.boardState, occupiedCells: [new Set(['0-0']), new Set(['0-0'])] } };
    expect(placeCell(corrupt, { gridX: 1, gridY: 1 }, engine)).toEqual({ ok: false, reason: 'engine-failed' });
  });
});

describe('undo', () => {
  it('is ignored with one history entry', () => {
    const s = setProgress(createGame(twoPlayers, 1), 'playing');
    expect(canUndo(s, twoPlayers)).toBe(false);
    expect(undo(s, twoPlayers)).toBe(s);
  });

  it('restores the last snapshot and drops the last score-history entries', () => {
    const s = play(createGame(twoPlayers, 1), [0, 0], [5, 5], [1, 0]);
    const back = undo(s, twoPlayers);
    expect(back.scores).toEqual([1n, 1n]);
    expect(back.currentPlayer).toBe(0);
    expect(back.history).toHaveLength(3);
    expect(back.scoreHistory1).toEqual([1n, 1n]);
    expect([...back.boardState.occupiedCells[0]]).toEqual(['0-0']);
  });

  it("against the AI takes back the AI's and the human's move together, on the human's turn only", () => {
    const one = play(createGame(vsAi, 1), [0, 0]);
    expect(canUndo(one, vsAi)).toBe(false); // the computer's turn
    const two = play(one, [3, 3]);
    expect(canUndo(two, vsAi)).toBe(true);
    const back = undo(two, vsAi);
    expect(back.history).toHaveLength(1);
    expect(back.currentPlayer).toBe(0);
    expect(back.progress).toBe('playing');
  });
});

it('toggling annotations flips text and lines together', () => {
  const s = toggleAnnotations(createGame(vsAi, 1));
  expect(s.annotationVisibility).toEqual({ showText: false, showLines: false });
  expect(toggleAnnotations(s).annotationVisibility).toEqual({ showText: true, showLines: true });
});

describe('saving and restoring', () => {
  it('replays the saved moves into the same position', () => {
    const s = play(createGame({ ...twoPlayers, boardSize: '8', scoringMechanism: 'expansion' }, 42), [0, 0], [1, 1], [1, 0]);
    const saved = JSON.parse(JSON.stringify(saveGame(s, { ...twoPlayers, boardSize: '8', scoringMechanism: 'expansion' })));
    const restored = restoreGame(saved, engine);
    expect(restored?.state.scores).toEqual(s.scores);
    expect(restored?.state.history).toHaveLength(4);
    expect(restored?.state.gameId).toBe(42);
    expect(restored?.settings.boardSize).toBe('8');
  });

  it('keeps "a hint was used" through a reload, and through undo; a new game starts without it', () => {
    const hinted = noteHintUsed(play(createGame(twoPlayers, 7), [0, 0], [1, 1]));
    const restored = restoreGame(JSON.parse(JSON.stringify(saveGame(hinted, twoPlayers))), engine);
    expect(restored?.state.hintUsed).toBe(true);
    expect(undo(restored!.state, twoPlayers).hintUsed).toBe(true);
    const plain = restoreGame(JSON.parse(JSON.stringify(saveGame(play(createGame(twoPlayers, 8), [0, 0]), twoPlayers))), engine);
    expect(plain?.state.hintUsed).toBe(false);
    expect(createGame(twoPlayers, 9).hintUsed).toBe(false);
  });

  it('discards anything corrupt instead of trusting it', () => {
    const good = saveGame(play(createGame(twoPlayers, 1), [0, 0]), twoPlayers);
    expect(restoreGame({ ...good, moves: [{ gridX: 0, gridY: 0 }, { gridX: 0, gridY: 0 }] }, engine)).toBeNull();
    expect(restoreGame({ ...good, moves: [{ gridX: 9, gridY: 0 }] }, engine)).toBeNull();
    expect(restoreGame({ ...good, moves: 'lots' }, engine)).toBeNull();
    expect(restoreGame({ ...good, version: 2 }, engine)).toBeNull();
    expect(restoreGame(null, engine)).toBeNull();
    expect(parseStored('{not json')).toBeUndefined();
  });

  it('falls back to defaults for bad settings fields', () => {
    expect(parseSettings({ boardSize: '7', aiDifficulty: 'godlike', playerMode: 'user' })).toEqual({ ...DEFAULT_SETTINGS, playerMode: 'user' });
    expect(parseSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });
});
