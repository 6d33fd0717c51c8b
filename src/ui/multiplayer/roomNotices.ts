/**
 * What the room tells the player (a game's end, a forfeit, the server's words), held until they
 * close it: shown in the page's own dialogs instead of window.alert, which blocks the page and
 * can show neither the chart nor Rematch. One at a time; a newer one replaces it.
 */
import { useSyncExternalStore } from 'react';
import type { RoomNotice } from '../../machines/room.machine';

let current: RoomNotice | null = null;
const listeners = new Set<() => void>();

function set(notice: RoomNotice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

export const showNotice = (notice: RoomNotice): void => set(notice);
export const dismissNotice = (): void => set(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRoomNotice(): RoomNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
