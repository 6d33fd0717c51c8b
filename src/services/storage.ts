/**
 * The device's memory of settings and the game in progress (local storage).
 * Everything read back is parsed and validated; a corrupt value is discarded.
 */
import { restoreGame, parseStored, saveGame, type Rules } from '../game/saved';
import { allowedSettings, parseSettings } from '../game/settings';
import type { GameState, Settings } from '../game/types';

import { GAME_KEY, SETTINGS_KEY } from './storageKeys';

/** Storage may be missing or refuse writes (private modes, quotas): never fatal. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the player their saved game.
  }
}

/** The saved settings, with a premium mode the build has locked replaced by the free default. */
export function loadSettings(premiumUnlocked: boolean): Settings {
  return allowedSettings(parseSettings(parseStored(storage()?.getItem(SETTINGS_KEY) ?? null)), premiumUnlocked);
}

export function saveSettings(settings: Settings): void {
  write(SETTINGS_KEY, settings);
}

/**
 * The saved game, replayed through the engine; null if there is none or it is corrupt, or if it
 * is in a premium mode the build has locked (it is not resumed: a new free game starts instead).
 */
export function loadGame(rules: Rules, premiumUnlocked: boolean): { settings: Settings; state: GameState } | null {
  const restored = restoreGame(parseStored(storage()?.getItem(GAME_KEY) ?? null), rules);
  if (restored && allowedSettings(restored.settings, premiumUnlocked) !== restored.settings) return null;
  if (!restored) storage()?.removeItem(GAME_KEY);
  return restored;
}

export function saveGameState(state: GameState, settings: Settings): void {
  write(GAME_KEY, saveGame(state, settings));
}

export function forgetGame(): void {
  storage()?.removeItem(GAME_KEY);
}
