/**
 * The embedded database hangs while a game is in progress (its processes stopped, as a statement
 * spinning for ever would leave them): the supervisor finds it unanswering after 5 s, kills it and
 * starts it again on its data. Meanwhile /rest/v1 and /auth/v1 answer 503 with Retry-After rather
 * than hang or fail; the move sent during the hang is acknowledged once the database is back, and
 * every move acknowledged before it is still in the rooms' log. Over real sockets and HTTP, against
 * the real server, on the embedded PostgreSQL and on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/load';
import { openEmbedded, type EmbeddedKind } from '../db/embedded';
import { signalProcessTree } from '../db/process-tree';
import { call, columnsPlan, connectClient, startGame } from '../rooms/tests/rooms.testkit';
import { startTestBackend } from '../backend.testkit';

interface Answer {
  status: number;
  retryAfter: string | null;
}

/** Answers to requests sent every 50 ms, each from an address of its own (the limits per address stay out of it). */
function pollWhile(url: string, anonKey: string): { stop(): Promise<{ rest: Answer[]; auth: Answer[] }> } {
  const rest: Promise<Answer>[] = [];
  const auth: Promise<Answer>[] = [];
  let n = 0;
  const answer = (response: Response) => ({ status: response.status, retryAfter: response.headers.get('retry-after') });
  const timer = setInterval(() => {
    n++;
    const headers = { apikey: anonKey, 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` };
    rest.push(fetch(`${url}/rest/v1/profiles?select=username`, { headers }).then(answer));
    const body = JSON.stringify({ email: 'hang@example.com', password: 'secret1' });
    auth.push(fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body }).then(answer));
  }, 50);
  return {
    async stop() {
      clearInterval(timer);
      return { rest: await Promise.all(rest), auth: await Promise.all(auth) };
    },
  };
}

const EMBEDDED: [string, EmbeddedKind][] = [
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
];

describe.each(EMBEDDED)('the embedded %s hangs during a game', (_name, kind) => {
  // A fresh embedded database on disk, migrated, started twice, with PostgREST: minutes on two busy cores.
  it('is started again: 503 with Retry-After meanwhile, the pending move acknowledged after, nothing acknowledged lost', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-hang-'));
    const lines: string[] = [];
    const { db, restUrl, server: database } = await openEmbedded(kind, dataDir, (line) => lines.push(line));
    const sockets: Socket[] = [];
    try {
      const server = await startTestBackend({ db, restUrl, stop: async () => undefined }, { engine: await loadEngine(), games: { countdownTickMs: 5 } });
      try {
        const headers = { apikey: server.keys.anonKey, 'content-type': 'application/json' };
        const signUp = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email: 'hang@example.com', password: 'secret1' }) });
        expect(signUp.status).toBe(200);

        const host = await connectClient(server.url);
        const guest = await connectClient(server.url);
        sockets.push(host, guest);
        await startGame(host, guest);
        const moves = columnsPlan();
        const players = [host, guest];
        for (let i = 0; i < 4; i++) expect(await call(players[i % 2]!, 'game:move', moves[i])).toMatchObject({ success: true });

        const hung = database.pid()!;
        signalProcessTree(hung, 'SIGSTOP');
        const polling = pollWhile(server.url, server.keys.anonKey);
        // The host's fifth move waits for its commit: through the hang, the kill and the restart.
        expect(await host.timeout(120_000).emitWithAck('game:move', moves[4])).toMatchObject({ success: true });
        const { rest, auth } = await polling.stop();

        expect(lines.join('\n')).toContain('the embedded database did not answer within 5 s: its processes are killed');
        expect(database.pid()).not.toBe(hung);
        for (const answers of [rest, auth]) {
          const refused = answers.filter((a) => a.status === 503);
          expect(refused.length).toBeGreaterThan(0);
          for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThan(0);
        }
        // Never an error of the server's own making.
        expect(auth.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);

        // The game goes on, and the log holds every move acknowledged, in order.
        expect(await call(guest, 'game:move', moves[5])).toMatchObject({ success: true });
        const logged = await db.query<{ command: { row: number; col: number } }>("select command from game_server.room_log where command->>'type' = 'move' order by seq");
        expect(logged.map(({ command }) => ({ row: command.row, col: command.col }))).toEqual(moves.slice(0, 6));
        // And the data API is back.
        await expect
          .poll(async () => (await fetch(`${server.url}/rest/v1/profiles?select=username`, { headers })).status, { timeout: 60_000, interval: 250 })
          .toBe(200);
      } finally {
        for (const socket of sockets) socket.disconnect();
        await server.stop();
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
