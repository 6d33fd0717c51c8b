/**
 * A room's state as JSON for the log's snapshots, and back. The game itself is not stored: it
 * is rebuilt by playing the room's moves again with the engine, which gives the same board,
 * scores and score histories (the engine is deterministic).
 */
import { placeCell } from '../../../src/game/game';
import { freshGame, type RoomConfig, type RoomState } from './state';

export type StoredState = Omit<RoomState, 'game'>;

export function toSnapshot(room: RoomState): StoredState {
  const { game: _game, ...rest } = room;
  return rest;
}

export function fromSnapshot(saved: StoredState, config: RoomConfig): RoomState {
  // A snapshot from before clocks existed has none: its game was untimed.
  const stored = { ...saved, clock: saved.clock ?? null };
  if (!stored.seats) return { ...stored, game: null };
  let game = freshGame(stored.settings, 0);
  for (const move of stored.moves) {
    const placed = placeCell(game, { gridX: move.col, gridY: move.row }, config.rules);
    if (!placed.ok) throw new Error(`room ${stored.code}: stored move ${JSON.stringify(move)} is illegal (${placed.reason})`);
    game = placed.state;
  }
  return { ...stored, game };
}
