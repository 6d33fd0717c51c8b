/**
 * Why the server refused the local player's last move ("No mirroring", a taken cell…), shown in
 * the game view until their next move is placed: the turn stays theirs, and the words say what to
 * do. The room machine only logs a refused move; the request the page gives it (roomActor.ts)
 * reports the server's answer here.
 */
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function set(text: string | null): void {
  if (text === current) return;
  current = text;
  for (const listener of listeners) listener();
}

/** The server's answer to a move: its error text when refused, nothing when placed. */
export function heardMoveAnswer(ack: unknown): void {
  const refused = typeof ack === 'object' && ack !== null && (ack as { success?: unknown }).success === false;
  const error = refused ? (ack as { error?: unknown }).error : null;
  set(typeof error === 'string' && error ? error : null);
}

/** The refusal is over (a new game, a new position). */
export const clearMoveRefusal = (): void => set(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMoveRefusal(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
