/**
 * Saving the game in progress so it survives a page reload. Only the settings and
 * the moves are kept; restoring replays the moves through the engine, so a
 * corrupt or tampered value is discarded, never trusted. No score is written: the
 * replay gives them back exact (bigint), and a game saved when scores were numbers
 * loads the same way.
 */
import type { CellPosition } from '../engine';
import { createGame, moveList, placeCell, setProgress, type Rules } from './game';
import { parseSettings } from './settings';

export type { Rules } from './game';
import type { GameState, Settings } from './types';

export interface SavedGame {
  version: 1;
  settings: Settings;
  gameId: number;
  moves: CellPosition[];
  /** A hint was shown (absent when none was, as in games saved before hints). */
  hintUsed?: true;
}

export function saveGame(state: GameState, settings: Settings): SavedGame {
  const saved: SavedGame = { version: 1, settings, gameId: state.gameId, moves: moveList(state) };
  return state.hintUsed ? { ...saved, hintUsed: true } : saved;
}

function parseMoves(value: unknown): CellPosition[] | null {
  if (!Array.isArray(value)) return null;
  const moves: CellPosition[] = [];
  for (const item of value as unknown[]) {
    const { gridX, gridY } = (item ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(gridX) || !Number.isInteger(gridY)) return null;
    moves.push({ gridX: gridX as number, gridY: gridY as number });
  }
  return moves;
}

/** The saved game replayed, or null if anything about it is wrong. */
export function restoreGame(input: unknown, rules: Rules): { settings: Settings; state: GameState } | null {
  if (typeof input !== 'object' || input === null) return null;
  const raw = input as Record<string, unknown>;
  const moves = parseMoves(raw.moves);
  if (raw.version !== 1 || !moves || typeof raw.gameId !== 'number' || !Number.isFinite(raw.gameId)) return null;
  const settings = parseSettings(raw.settings);
  let state = setProgress(createGame(settings, raw.gameId), 'playing');
  for (const move of moves) {
    const placed = placeCell(state, move, rules);
    if (!placed.ok) return null;
    state = placed.state;
  }
  return { settings, state: raw.hintUsed === true ? { ...state, hintUsed: true } : state };
}

/** Reads JSON text from storage defensively: unparsable text is no value at all. */
export function parseStored(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
