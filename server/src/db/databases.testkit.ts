/**
 * Real databases for tests. The global set-up (database-templates.testkit.ts) migrates one PGlite and
 * one PostgreSQL database once per run; each test file then starts from those templates: a PGlite
 * loaded from the dumped folder, or a PostgreSQL database created from the template database.
 * Without the global set-up (scripts), each starts empty and is migrated.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from './database';
import { migrate } from './migrate';
import { startPglite } from './pglite';
import { connectPool } from './pool';
import { startPostgresCluster } from './postgres-cluster';

export interface TestDatabase {
  db: Database;
  /** The libpq URI PostgREST connects with (as `authenticator`). */
  restUrl: string;
  stop(): Promise<void>;
}

/** Set by the global set-up: a dumped, migrated PGlite folder. */
export const PGLITE_TEMPLATE_ENV = 'CC_TEST_PGLITE_TEMPLATE';
/** Set by the global set-up: the shared cluster's URL whose database is the migrated template. */
export const POSTGRES_TEMPLATE_ENV = 'CC_TEST_POSTGRES_TEMPLATE';

export async function pgliteForTests(): Promise<TestDatabase> {
  const templateFile = process.env[PGLITE_TEMPLATE_ENV];
  const embedded = await startPglite({ templateFile });
  const db = await connectPool(embedded.url('postgres'), { kind: 'pglite', embedded: true, description: 'PGlite in memory', onClose: () => embedded.stop() });
  if (!templateFile) await migrate(db);
  return { db, restUrl: embedded.url('authenticator'), stop: () => db.close() };
}

export async function postgresForTests(): Promise<TestDatabase> {
  const templateUrl = process.env[POSTGRES_TEMPLATE_ENV];
  if (!templateUrl) {
    const cluster = await startPostgresCluster();
    const db = await connectPool(cluster.url('postgres'), { kind: 'postgres', description: 'PostgreSQL for tests', onClose: cluster.stop });
    await migrate(db);
    return { db, restUrl: cluster.url('authenticator'), stop: () => db.close() };
  }
  // A database of its own, copied from the migrated template in the shared cluster.
  const template = new URL(templateUrl);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(template.pathname, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  const at = (user: string) => {
    const url = new URL(templateUrl);
    url.username = user;
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: templateUrl.replace(template.pathname, '/postgres') });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
  };
  const db = await connectPool(at('postgres'), { kind: 'postgres', description: `PostgreSQL database ${name}`, onClose: dropDatabase });
  return { db, restUrl: at('authenticator'), stop: () => db.close() };
}

/** Both kinds, for `describe.each`. */
export const TEST_DATABASES = [
  ['PGlite', pgliteForTests],
  ['PostgreSQL', postgresForTests],
] as const;
