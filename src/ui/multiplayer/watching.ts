/**
 * The number watching the players' own room (issue 14), from room:spectators on the page's room
 * connection. Kept per room code for the life of the page, so the lobby's room panel and the game
 * page show the same number when the players move between them.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { parseServerEvent } from '../../protocol/server-events';
import { socketService } from '../../net/socket';

const counts = new Map<string, number>();
const listeners = new Set<() => void>();

function heard(payload: unknown): void {
  const parsed = parseServerEvent('room:spectators', payload);
  if (!parsed.ok || parsed.message.type !== 'room:spectators') return;
  counts.set(parsed.message.payload.code, parsed.message.payload.count);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many watch the room `code` (0 until the server says otherwise). */
export function useWatchingCount(code: string): number {
  useEffect(() => {
    try {
      return socketService().on('room:spectators', heard);
    } catch {
      return undefined; // not connected yet: the room actor connects, and the next change is heard
    }
  }, []);
  return useSyncExternalStore(subscribe, () => counts.get(code) ?? 0);
}
