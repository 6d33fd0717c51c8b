/**
 * What durability costs (section 3 of `npm run bench:api`): committed inserts one after another,
 * as scores and the rooms' log arrive, into each embedded database on disk: PostgreSQL as the
 * server runs it (fsync on), and PGlite with fsync on (as the server runs it) and off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { startPglite } from '../../server/src/db/pglite';
import { median } from './stats';

export interface Commits {
  perSecond: number;
  p50Ms: number;
  /** As the database itself says: `fsync` and `synchronous_commit`. */
  settings: string;
}

export type CommitTarget = 'postgres' | 'pglite' | 'pglite, fsync off';

/** `count` sequential committed inserts into a fresh database of that kind: commits per second and the median commit. */
export async function commits(target: CommitTarget, count = 300): Promise<Commits> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-commits-'));
  const log = () => undefined; // what it says about its folder; a failure to start throws
  const embedded = target === 'postgres' ? await startEmbeddedPostgres({ dataDir, log }) : await startPglite({ dataDir, log, durable: target === 'pglite' });
  const db = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
  try {
    await db.connect();
    const { rows } = await db.query<{ fsync: string; synchronous_commit: string }>("select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit");
    const settings = `fsync ${rows[0]!.fsync}, synchronous_commit ${rows[0]!.synchronous_commit}`;
    await db.query('create table ledger (id serial primary key, entry text not null)');
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      await db.query('insert into ledger (entry) values ($1)', [`score ${i}`]);
      times.push(performance.now() - sent);
    }
    return { perSecond: count / ((performance.now() - start) / 1000), p50Ms: median(times), settings };
  } finally {
    await db.end().catch(() => undefined);
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
