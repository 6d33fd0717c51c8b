/**
 * Vitest's global set-up: the databases are booted and migrated once per run, not once per test
 * file (PGlite takes seconds to boot on a busy machine). Test files start from these templates
 * (databases.testkit.ts): PGlite from the dumped folder, PostgreSQL from a template database in one cluster.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from './migrate';
import { startPglite } from './pglite';
import { connectPool } from './pool';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './databases.testkit';

const TEMPLATE_DATABASE = 'cc_template';

async function pgliteTemplate(file: string): Promise<void> {
  const embedded = await startPglite({});
  const db = await connectPool(embedded.url('postgres'), { kind: 'pglite', description: 'PGlite template', onClose: () => embedded.stop() });
  try {
    await migrate(db);
    await embedded.dump(file);
  } finally {
    await db.close();
  }
}

async function postgresTemplate(cluster: PostgresCluster): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`).finally(() => admin.end());
  const db = await connectPool(cluster.url('postgres', TEMPLATE_DATABASE), { kind: 'postgres', description: 'PostgreSQL template' });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-templates-'));
  const file = join(dir, 'pglite.tar');
  const [, cluster] = await Promise.all([pgliteTemplate(file), startPostgresCluster()]);
  await postgresTemplate(cluster);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  process.env[POSTGRES_TEMPLATE_ENV] = cluster.url('postgres', TEMPLATE_DATABASE);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
