/**
 * The number watching the players' own room, from room:spectators on the page's room
 * connection (the room actor hands each one here, parsed). Kept per room code for the life of the
 * page, so the lobby's room panel and the game page show the same number when the players move
 * between them, and a number heard just before the page shows the room is not lost.
 */
import { useSyncExternalStore } from 'react';
import type { SpectatorsPayload } from '../../protocol/messages';

const counts = new Map<string, number>();
const listeners = new Set<() => void>();

/** room:spectators, as the room's connection heard it. */
export function heardWatchers({ code, count }: SpectatorsPayload): void {
  counts.set(code, count);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many watch the room `code` (0 until the server says otherwise). */
export function useWatchingCount(code: string): number {
  const count = () => counts.get(code) ?? 0;
  return useSyncExternalStore(subscribe, count, count);
}
