/**
 * The supervisor kills a hung embedded database while a transaction holds one of the pool's
 * connections (a commit of the rooms' log waiting on it, say): the transaction fails, and the
 * server lives on and queries the database once it is back. Before, the broken connection's
 * 'error' had no listener and ended the whole server process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EmbeddedKind } from './embedded';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startPglite } from './pglite';
import { connectPool } from './pool';

const EMBEDDED: [string, EmbeddedKind][] = [
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
];

describe.each(EMBEDDED)('the embedded %s killed under a transaction', (_name, kind) => {
  it('fails the transaction; the server goes on and queries it once it is back', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-broken-'));
    const log = () => undefined;
    const server = kind === 'postgres' ? await startEmbeddedPostgres({ dataDir, log }) : await startPglite({ dataDir, log });
    const db = await connectPool(server.url('postgres'), { kind, description: 'a test database' });
    try {
      let started!: () => void;
      const inTransaction = new Promise<void>((resolve) => (started = resolve));
      const transaction = db
        .transaction(async (tx) => {
          started();
          await tx.query('select pg_sleep(30)');
        })
        .then(
          () => 'committed',
          (error: Error) => error.message,
        );
      await inTransaction;
      await server.restart('killed by the test');
      expect(await transaction).toMatch(/Connection terminated|ECONNRESET/);
      await expect.poll(() => db.query('select 1 as one').catch(() => []), { timeout: 60_000, interval: 250 }).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
