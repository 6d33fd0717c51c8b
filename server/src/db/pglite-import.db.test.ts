/**
 * An operator upgrading from PGlite keeps every row: a data folder used by the server on PGlite
 * (accounts signed up over /auth/v1, a high score, a rated result, an open room in the log), then
 * the server on the same folder with the new default, PostgreSQL. Every row of every table arrives
 * unchanged, the sequences go on where PGlite left them, the same password signs in, the open
 * room is back, and PGlite's folder is set aside with one line saying so.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/load';
import { call, connectClient } from '../rooms/tests/rooms.testkit';
import { startTestBackend } from '../backend.testkit';
import type { Database } from './database';
import { openEmbedded } from './embedded';

type Entered = { room: { code: string } };

/** Every row of every table outside PostgreSQL's own schemas, as JSON text, and every sequence's position. */
async function everything(db: Database): Promise<Record<string, string[]>> {
  const relations = await db.query<{ name: string; kind: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'S') and n.nspname not in ('information_schema', 'local_meta') and n.nspname not like 'pg\\_%' order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name, kind } of relations) {
    const rows = await db.query<{ row: string }>(kind === 'S' ? `select concat(last_value, ' ', is_called) as row from ${name}` : `select row_to_json(t)::text as row from ${name} t`);
    all[name] = rows.map((r) => r.row).sort();
  }
  return all;
}

/** The real server (the HTTP edge, PostgREST, the game server) on an opened embedded database. */
const serve = async (opened: { db: Database; restUrl: string }) => startTestBackend({ ...opened, stop: async () => undefined }, { engine: await loadEngine(), games: { countdownTickMs: 5 } });

describe('a data folder of PGlite, opened with the embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-upgrade-'));
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two embedded databases on disk, migrated, each with PostgREST: minutes on two busy cores.
  it('keeps every row, the passwords, the sequences and the open room', { timeout: 300_000 }, async () => {
    // Before: the server on PGlite.
    const before = await openEmbedded('pglite', dataDir, () => undefined);
    const server = await serve(before);
    let code: string;
    let rowsBefore: Record<string, string[]>;
    try {
      const headers = { apikey: server.keys.anonKey, 'content-type': 'application/json' };
      for (const [email, username] of [['ann@example.com', 'Ann'], ['bob@example.com', 'Bob']]) {
        const body = JSON.stringify({ email, password: 'upgrade-secret', data: { username } });
        expect((await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body })).status).toBe(200);
      }
      const [ann, bob] = (await before.db.query<{ id: string }>("select id from auth.users order by email")).map((u) => u.id);
      // A score as an older folder holds it, from before scores carried their game's record:
      // written as the owner, past the triggers that check a new one.
      await before.db.transaction(async (tx) => {
        await tx.exec('set local session_replication_role = replica');
        await tx.query(
          `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, game_duration, opponent_type, ai_difficulty, game_id)
           values ($1, 'Ann', 567, 56, 6, 'connection', 95, 'ai', 'hard', 'upgrade-score')`,
          [ann],
        );
      });
      await before.db.query(
        `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
         values ($1, $2, 216, 72, $1, 'connection', 6, 1200, 1220, 1200, 1180)`,
        [ann, bob],
      );
      // A 16×16 game's exact scores, past 2^53 (numeric): moved with every digit.
      await before.db.query(
        `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
         values ($1, $2, 16210220612075905068, 20262775765094881335, $2, 'connection', 16, 1220, 1201, 1180, 1199)`,
        [ann, bob],
      );
      // An open room: its creation is in the log.
      const host = await connectClient(server.url);
      sockets.push(host);
      code = (await call<Entered>(host, 'room:create', { username: 'Host' })).room.code;
      host.disconnect();
    } finally {
      await server.stop();
    }
    // As the server left it.
    try {
      rowsBefore = await everything(before.db);
    } finally {
      await before.db.close();
    }
    expect(rowsBefore['auth.users']).toHaveLength(2);
    expect(rowsBefore['game_server.room_log']!.length).toBeGreaterThan(0);

    // After: the same folder, the new default.
    const lines: string[] = [];
    const after = await openEmbedded('postgres', dataDir, (line) => lines.push(line));
    try {
      // Before the game server restores the room (which writes to the log and its lease).
      expect(await everything(after.db)).toEqual(rowsBefore);
      expect(await after.db.query("select player1_score::text as a, player2_score::text as b from public.game_results where board_size = 16")).toEqual([
        { a: '16210220612075905068', b: '20262775765094881335' },
      ]);
      const moved = lines.filter((line) => line.includes('moved from PGlite'));
      expect(moved).toHaveLength(1);
      expect(moved[0]).toMatch(/^database: \d+ rows of \d+ tables moved from PGlite into the embedded PostgreSQL in .*; PGlite's folder is kept as .*pg\.migrated-to-postgres/);
      expect(existsSync(join(dataDir, 'pg'))).toBe(false);
      expect(existsSync(join(dataDir, 'pg.migrated-to-postgres', 'PG_VERSION'))).toBe(true);

      // Identity columns go on after PGlite's last value.
      const [{ id }] = (await after.db.query<{ id: number }>("select nextval(pg_get_serial_sequence('public.game_results', 'id')) as id")) as [{ id: number }];
      expect(id).toBeGreaterThan(Math.max(...rowsBefore['public.game_results']!.map((row) => (JSON.parse(row) as { id: number }).id)));

      const server = await serve(after);
      try {
        const headers = { apikey: server.keys.anonKey, 'content-type': 'application/json' };
        const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email: 'ann@example.com', password: 'upgrade-secret' }) });
        expect(signIn.status).toBe(200);
        const guest = await connectClient(server.url);
        sockets.push(guest);
        expect(await call(guest, 'room:join', { code, username: 'Guest' })).toMatchObject({ success: true });
      } finally {
        await server.stop();
      }
    } finally {
      await after.db.close();
    }

    // The next start finds PostgreSQL's data and nothing to move.
    const again: string[] = [];
    const third = await openEmbedded('postgres', dataDir, (line) => again.push(line));
    await third.db.close();
    expect(again).toEqual([]);
  });
});
