// A locked build (premium modes locked, SPEC §5) never starts a premium game from what the device saved.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { createGame, placeCell, setProgress } from '../game/game';
import { DEFAULT_SETTINGS, allowedSettings } from '../game/settings';
import type { Settings } from '../game/types';
import { loadGame, loadSettings, saveGameState, saveSettings } from './storage';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** An in-memory localStorage, as the browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true, writable: true });
});
afterEach(() => {
  if (had) Object.defineProperty(globalThis, 'localStorage', had);
  else delete (globalThis as { localStorage?: Storage }).localStorage;
});

const extension: Settings = { ...DEFAULT_SETTINGS, scoringMechanism: 'extension', boardSize: '8', aiDifficulty: 'hard' };

describe('saved settings in a locked build', () => {
  it('a saved premium mode falls back to Connection, the rest of the choice kept', () => {
    saveSettings(extension);
    expect(loadSettings(false)).toEqual({ ...extension, scoringMechanism: 'connection' });
    saveSettings({ ...extension, scoringMechanism: 'expansion' });
    expect(loadSettings(false).scoringMechanism).toBe('connection');
  });

  it('unlocked, the saved premium mode is kept', () => {
    saveSettings(extension);
    expect(loadSettings(true)).toEqual(extension);
  });

  it('Connection is always allowed, locked or not', () => {
    const connection = { ...extension, scoringMechanism: 'connection' as const };
    expect(allowedSettings(connection, false)).toBe(connection);
    expect(allowedSettings(extension, true)).toBe(extension);
  });

  it('a saved game in a premium mode is not resumed while locked; unlocked, it is', () => {
    let game = setProgress(createGame(extension, 5), 'playing');
    const placed = placeCell(game, { gridX: 0, gridY: 0 }, engine);
    if (!placed.ok) throw new Error(placed.reason);
    game = placed.state;
    saveGameState(game, extension);
    expect(loadGame(engine, false)).toBeNull();
    const resumed = loadGame(engine, true);
    expect(resumed?.settings.scoringMechanism).toBe('extension');
    expect(resumed?.state.gameId).toBe(5);
  });
});
