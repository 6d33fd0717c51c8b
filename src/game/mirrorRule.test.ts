/**
 * "No mirroring" in a game on one device: the setting is off unless a stored value says
 * true, a saved game keeps it through a reload (an old one without it loads as off), and
 * a game under the rule refuses the second player's copy while the same tap is fine without it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { computerRequest } from './computer';
import { createGame, placeCell, setProgress } from './game';
import { restoreGame, saveGame } from './saved';
import { DEFAULT_SETTINGS, parseSettings } from './settings';
import type { GameState, Settings } from './types';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const twoPlayers: Settings = { ...DEFAULT_SETTINGS, playerMode: 'user' };
const ruled: Settings = { ...twoPlayers, mirrorRule: true };

function play(state: GameState, ...cells: [number, number][]): GameState {
  let game = state.progress === 'pregame' ? setProgress(state, 'playing') : state;
  for (const [gridX, gridY] of cells) {
    const placed = placeCell(game, { gridX, gridY }, engine);
    if (!placed.ok) throw new Error(`(${gridX}, ${gridY}) was refused: ${placed.reason}`);
    game = placed.state;
  }
  return game;
}

describe('the No mirroring setting', () => {
  it('is off by default and when the stored value is missing or not true/false', () => {
    expect(DEFAULT_SETTINGS.mirrorRule).toBe(false);
    expect(parseSettings({ ...twoPlayers, mirrorRule: undefined }).mirrorRule).toBe(false);
    const { mirrorRule: _, ...stored } = ruled;
    expect(parseSettings(stored).mirrorRule).toBe(false);
    for (const bad of ['true', 1, null, {}, 'yes']) expect(parseSettings({ ...twoPlayers, mirrorRule: bad }).mirrorRule).toBe(false);
    expect(parseSettings({ ...twoPlayers, mirrorRule: true }).mirrorRule).toBe(true);
    expect(parseSettings(JSON.parse(JSON.stringify(ruled))).mirrorRule).toBe(true);
  });

  it('a game under the rule refuses the copy of the first move; the same tap is fine without it', () => {
    // 6×6: Player 1 takes c5 (x 2, y 1); its half-turn image is d2 (x 3, y 4).
    const under = play(createGame(ruled, 1), [2, 1]);
    expect(placeCell(under, { gridX: 3, gridY: 4 }, engine)).toEqual({ ok: false, reason: 'mirroring' });
    expect(placeCell(under, { gridX: 0, gridY: 0 }, engine).ok).toBe(true);
    const without = play(createGame(twoPlayers, 1), [2, 1]);
    expect(placeCell(without, { gridX: 3, gridY: 4 }, engine).ok).toBe(true);
  });

  it('survives a reload with the game; a game saved before the rule loads without it', () => {
    const game = play(createGame(ruled, 5), [2, 1], [0, 0]);
    const restored = restoreGame(JSON.parse(JSON.stringify(saveGame(game, ruled))), engine);
    expect(restored?.settings.mirrorRule).toBe(true);
    expect(restored?.state.mirrorRule).toBe(true);
    const old = JSON.parse(JSON.stringify(saveGame(play(createGame(twoPlayers, 6), [2, 1], [3, 4]), twoPlayers))) as { settings: Record<string, unknown> };
    delete old.settings.mirrorRule;
    const loaded = restoreGame(old, engine);
    expect(loaded?.settings.mirrorRule).toBe(false);
    expect(loaded?.state.mirrorRule).toBe(false);
    expect(loaded?.state.boardState.occupiedCells[1].has('3-4')).toBe(true);
  });

  it("asks the computer to keep to the rule only when the game is under it", () => {
    const board = createGame(ruled, 1).boardState;
    expect(computerRequest({ board, mode: 'connection', movesPlayed: 1, mirrorRule: true }, 'easy', 9).mirrorRule).toBe(true);
    expect(computerRequest({ board, mode: 'connection', movesPlayed: 1 }, 'easy', 9)).not.toHaveProperty('mirrorRule');
  });
});
