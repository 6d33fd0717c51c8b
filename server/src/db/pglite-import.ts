/**
 * An operator upgrading from PGlite (the embedded database before Debian's PostgreSQL) keeps every
 * row. On the first start with PostgreSQL, before the new cluster is put in place, PGlite is
 * started on DATA_DIR/pg, migrated like the cluster (so both have the same tables), and every row
 * of every table outside PostgreSQL's own schemas is copied across in one transaction, with the
 * sequences where PGlite left them.
 *
 * Triggers and foreign-key checks are off while copying (session_replication_role = replica): the
 * rows were consistent in PGlite, so the order of the tables does not matter, and the triggers
 * that make a profile for each new account, or check a new score, must not run again on old rows.
 * Rows travel as JSON text, never parsed on the way, so numbers and times come across exactly.
 */
import type { Database, Queryable } from './database';
import { migrate } from './migrate';
import { startPglite } from './pglite';
import { connectPool } from './pool';

/** Rows per statement: a room log of any length crosses in slices. */
const BATCH_ROWS = 1000;

const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('information_schema', 'local_meta') and n.nspname not like 'pg\\_%'
  order by 1`;

const SEQUENCES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname not in ('information_schema', 'local_meta') and n.nspname not like 'pg\\_%'
  order by 1`;

export interface Imported {
  tables: number;
  rows: number;
}

/** Copies DATA_DIR/pg's rows into `target`, a migrated, empty cluster (as its superuser). */
export async function importPglite(dataDir: string, target: Database, log: (line: string) => void): Promise<Imported> {
  const pglite = await startPglite({ dataDir });
  const source = await connectPool(pglite.url('postgres'), { kind: 'pglite', description: 'the PGlite being moved', onClose: () => pglite.stop() });
  try {
    await migrate(source);
    const names = async (db: Queryable, sql: string) => (await db.query<{ name: string }>(sql)).map((row) => row.name);
    const tables = await names(target, TABLES);
    const inPglite = await names(source, TABLES);
    for (const name of inPglite) if (!tables.includes(name)) log(`database: ${name} is not in the migrated schema; its rows stay in PGlite`);
    const sequences = new Set(await names(target, SEQUENCES));
    return await target.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      const unvalidated = await setAsideUnvalidated(tx);
      await tx.exec(`truncate ${tables.join(', ')}`);
      let rows = 0;
      for (const table of tables) if (inPglite.includes(table)) rows += await copyTable(source, tx, table);
      for (const { table, name, definition } of unvalidated) await tx.exec(`alter table ${table} add constraint ${name} ${definition}`);
      for (const sequence of await names(source, SEQUENCES)) {
        if (!sequences.has(sequence)) continue;
        const [at] = await source.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${sequence}`);
        await tx.query('select setval($1::regclass, $2::bigint, $3)', [sequence, at!.last_value, at!.is_called]);
      }
      return { tables: tables.length, rows };
    });
  } finally {
    await source.close();
  }
}

/** Copies one table in slices by ctid; checks that every row arrived. */
async function copyTable(source: Queryable, target: Queryable, table: string): Promise<number> {
  const [{ columns }] = (await target.query<{ columns: string }>(
    `select string_agg(quote_ident(attname), ', ' order by attnum) as columns
     from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
    [table],
  )) as [{ columns: string }];
  let copied = 0;
  for (let after = '(0,0)'; ; ) {
    const slice = await source.query<{ at: string; row: string }>(`select ctid::text as at, row_to_json(t)::text as row from ${table} t where ctid > $1::tid order by ctid limit ${BATCH_ROWS}`, [after]);
    if (slice.length === 0) break;
    await target.query(`insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`, [`[${slice.map((r) => r.row).join(',')}]`]);
    copied += slice.length;
    after = slice.at(-1)!.at;
  }
  const [{ count }] = (await target.query<{ count: number }>(`select count(*)::int as count from ${table}`)) as [{ count: number }];
  if (count !== copied) throw new Error(`${table}: ${copied} rows read from PGlite but ${count} written`);
  return copied;
}

/**
 * Check constraints added NOT VALID hold for new rows only, and old rows may break them: they are
 * dropped while the old rows go in, then added back exactly as they were, NOT VALID again.
 */
async function setAsideUnvalidated(tx: Queryable): Promise<{ table: string; name: string; definition: string }[]> {
  const constraints = await tx.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, quote_ident(conname) as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'c' and not convalidated`,
  );
  for (const { table, name } of constraints) await tx.exec(`alter table ${table} drop constraint ${name}`);
  return constraints;
}
