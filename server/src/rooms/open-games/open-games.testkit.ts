/** Test helpers for the lobby's open games: a client in the lobby, watching the list. */
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { OpenGameView } from '../../../../src/protocol';
import { call, next } from '../tests/rooms.testkit';

/** A client in the lobby: the open games as last sent to it, and a way to wait for a list. */
export interface Watcher {
  socket: Socket;
  latest: OpenGameView[] | null;
  /** Resolves with the first list (the current one included) for which `test` holds. */
  until(test: (games: OpenGameView[]) => boolean, what: string): Promise<OpenGameView[]>;
}

export async function watchLobby(socket: Socket): Promise<Watcher> {
  const waiting = new Set<{ test: (games: OpenGameView[]) => boolean; resolve: (games: OpenGameView[]) => void }>();
  const watcher: Watcher = {
    socket,
    latest: null,
    until(test, what) {
      if (watcher.latest && test(watcher.latest)) return Promise.resolve(watcher.latest);
      return new Promise((resolve, reject) => {
        const entry = { test, resolve };
        waiting.add(entry);
        setTimeout(() => {
          if (waiting.delete(entry)) reject(new Error(`the lobby never showed ${what}; last list: ${JSON.stringify(watcher.latest)}`));
        }, 30_000);
      });
    },
  };
  socket.on('lobby:openGames', ({ games }: { games: OpenGameView[] }) => {
    watcher.latest = games;
    for (const entry of waiting) {
      if (!entry.test(games)) continue;
      waiting.delete(entry);
      entry.resolve(games);
    }
  });
  const first = next(socket, 'lobby:openGames');
  expect(await call(socket, 'lobby:subscribe')).toEqual({ success: true });
  await first;
  return watcher;
}

export const listed = (code: string) => (games: OpenGameView[]) => games.some((g) => g.code === code);
export const unlisted = (code: string) => (games: OpenGameView[]) => !games.some((g) => g.code === code);

