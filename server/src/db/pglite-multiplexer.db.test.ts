/**
 * The multiplexer that serves one PGlite session to many clients: statements and transactions of
 * different clients never mix, even under load with errors, and a client that dies or idles in a
 * transaction cannot hold the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMultiplexed, type Multiplexer } from './pglite-multiplexer';

describe('the PGlite multiplexer', () => {
  let db: PGlite;
  let multiplexer: Multiplexer;
  let pool: pg.Pool;
  const dir = mkdtempSync(join(tmpdir(), 'cc-mux-'));
  const client = () => new pg.Client({ host: dir, user: 'postgres', database: 'postgres' });

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create role anon nologin; create table t (id int primary key); grant select on t to anon;
      insert into t select g from generate_series(1, 500) g;`);
    multiplexer = await serveMultiplexed(db, { listen: { path: join(dir, '.s.PGSQL.5432') }, idleInTransactionMs: 300 });
    pool = new pg.Pool({ host: dir, user: 'postgres', database: 'postgres', max: 8 });
  });
  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await multiplexer?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps each client's statements and transactions apart under load, errors included", async () => {
    const problems: string[] = [];
    await Promise.all(
      Array.from({ length: 1200 }, async (_, i) => {
        if (i % 4 === 0) {
          const connection = await pool.connect();
          try {
            await connection.query('begin');
            await connection.query(`select set_config('role', 'anon', true)`);
            const { rows } = await connection.query('select current_user as who, count(*)::int as n from t where id <= $1', [i % 500]);
            if (rows[0].who !== 'anon' || rows[0].n !== i % 500) problems.push(`transaction ${i} saw ${JSON.stringify(rows[0])}`);
            if (i % 8 === 0) await connection.query('select 1 / 0').catch(() => undefined);
            await connection.query('rollback');
          } finally {
            connection.release();
          }
        } else {
          const { rows } = await pool.query('select current_user as who, $1::text as tag from t where id = $2', [`q${i}`, 1 + (i % 500)]);
          if (rows[0]?.tag !== `q${i}` || rows[0].who !== 'postgres') problems.push(`query ${i} saw ${JSON.stringify(rows[0])}`);
        }
      }),
    );
    expect(problems).toEqual([]);
  });

  it('rolls back the transaction of a client that goes away, and serves the others', async () => {
    const leaving = client();
    await leaving.connect();
    await leaving.query('begin');
    await leaving.query('insert into t values (1001)');
    await leaving.end();
    expect((await pool.query('select count(*)::int as n from t where id = 1001')).rows).toEqual([{ n: 0 }]);
  });

  it('disconnects a client idle in a transaction past the limit, rolling it back', async () => {
    const idle = client();
    idle.on('error', () => undefined);
    await idle.connect();
    await idle.query('begin');
    await idle.query('insert into t values (1002)');
    const ended = new Promise((resolve) => idle.once('end', resolve));
    // The others wait for the transaction, then go on once it is cut.
    const waiting = pool.query('select count(*)::int as n from t where id = 1002');
    await ended;
    expect((await waiting).rows).toEqual([{ n: 0 }]);
  });

  it("keeps the shared session when one client says goodbye (Terminate)", async () => {
    const polite = client();
    await polite.connect();
    await polite.query('select 1');
    await polite.end();
    expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });
});
