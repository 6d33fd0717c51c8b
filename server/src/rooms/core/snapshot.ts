/**
 * A room's state as JSON for the log's snapshots, and back. The game itself is not stored: it
 * is rebuilt by playing the room's moves again with the engine, which gives the same board,
 * scores and score histories (the engine is deterministic).
 */
import { gameOfMoves, type RoomConfig, type RoomState } from './state';

export type StoredState = Omit<RoomState, 'game'>;

export function toSnapshot(room: RoomState): StoredState {
  const { game: _game, ...rest } = room;
  return rest;
}

export function fromSnapshot(saved: StoredState, config: RoomConfig): RoomState {
  // A snapshot from before clocks existed has none: its game was untimed.
  const stored = { ...saved, clock: saved.clock ?? null };
  if (!stored.seats) return { ...stored, game: null };
  try {
    return { ...stored, game: gameOfMoves(stored.settings, stored.moves, config.rules, 0) };
  } catch (error) {
    throw new Error(`room ${stored.code}: stored ${(error as Error).message}`, { cause: error });
  }
}
