/**
 * Which sound a change of the online game makes (pure, for the page's hook and its tests): a
 * move by the player, a move by the opponent, the game's end, and the player's clock running low.
 */
import type { PlayerIndex } from '../../engine';

export type GameSound = 'your-move' | 'opponent-move' | 'game-end' | 'low-time';

/** What the hook remembers of the game between two states from the server. */
export interface HeardGame {
  moveCount: number;
  over: boolean;
  /** Who moved last, from the player to move now (the other one). */
  currentPlayer: PlayerIndex;
}

/**
 * The sound for going from `before` to `after`, seen from `seat` (null for a spectator, who
 * hears every move as another's). The end wins over the move that caused it: one sound, not two.
 * An undo (fewer moves) and a new game (back to no moves) are silent.
 */
export function soundFor(before: HeardGame | null, after: HeardGame, seat: PlayerIndex | null): GameSound | null {
  if (before === null) return null;
  if (after.over && !before.over) return 'game-end';
  if (after.over || after.moveCount <= before.moveCount) return null;
  // The mover is the one whose turn it no longer is.
  const mover: PlayerIndex = after.currentPlayer === 0 ? 1 : 0;
  return mover === seat ? 'your-move' : 'opponent-move';
}

/** Under this much time left the player hears the low-time sound (once a game). */
export const LOW_TIME_SOUND_MS = 10_000;

/** Whether the low-time sound plays now: not yet heard this game, and the clock under ten seconds (not flagged). */
export function lowTimeDue(alreadyHeard: boolean, leftMs: number, thresholdMs = LOW_TIME_SOUND_MS): boolean {
  return !alreadyHeard && leftMs > 0 && leftMs <= thresholdMs;
}

/** How long from now until a running clock with `leftMs` goes under the threshold (0: already under). */
export const msUntilLowTime = (leftMs: number, thresholdMs = LOW_TIME_SOUND_MS): number => Math.max(0, leftMs - thresholdMs);
